//! Pass 6b, one field against another of the same record: "more deaths
//! than births", "better at math than reading", "sale price above list
//! price" → `deaths > births`. Both must be numbers (or dates); the
//! comparative may come before the first field or between the two. Fields
//! of any one type may be the same or differ ("permanent address different
//! from the current address").

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{split_comparative, Cmp};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};

impl Ctx<'_> {
    pub(super) fn field_comparisons(&mut self) {
        let fields = self.fields.clone();
        for pair in fields.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            if self.claims.is_field_attached(a.start) || self.claims.is_field_attached(b.start) {
                continue;
            }
            let ordered = |f: &super::FieldMention| {
                f.columns
                    .iter()
                    .map(|c| c.0)
                    .find(|&c| self.is_ordered(c) && self.yes_value(c).is_none())
            };
            let (Some(ca), Some(cb)) = (ordered(a), ordered(b)) else {
                continue;
            };
            if ca == cb || self.is_date(ca) != self.is_date(cb) {
                continue;
            }
            // Like with like: a year is no amount, a price no weight.
            let year = |c: usize| {
                self.ix
                    .column_name(c)
                    .split('_')
                    .any(crate::lexicon::is_year_name_part)
            };
            if year(ca) != year(cb) || self.ix.measures[ca].dim != self.ix.measures[cb].dim {
                continue;
            }
            // The words between the fields, articles before the second
            // left out.
            let mut k = b.start;
            // ("writes faster than it reads": a pronoun too.)
            while k > a.end
                && matches!(
                    self.norm(k - 1),
                    "the" | "their" | "its" | "his" | "her" | "it" | "they" | "he" | "she"
                )
            {
                k -= 1;
            }
            let own = |j: usize| {
                !self.claims.is_claimed(j) || self.ops.iter().any(|o| o.start <= j && j < o.end)
            };
            // "more casual riders than registered ones": one word no field
            // or value takes, the noun both fields count, before "than".
            let noun = (k >= a.end + 2 && self.norm(k - 1) == "than")
                .then(|| k - 2)
                .filter(|&j| {
                    j >= a.end
                        && self.toks[j].is_word()
                        && !self.claims.is_claimed(j)
                        && !self.values.iter().any(|v| v.start <= j && j < v.end)
                });
            let own = |j: usize| own(j) || Some(j) == noun;
            if !(a.end..k).all(own) {
                continue;
            }
            let found = if k > a.end && self.norm(k - 1) == "than" {
                // "deaths higher than births", or the comparative up to
                // three words before the first field ("more deaths than
                // births", "better at math than reading"), only little
                // words between.
                let between = (a.end..k - 1).find_map(|j| Some((self.comparative_at(j)?, j)));
                let before = (a.start.saturating_sub(3)..a.start)
                    .rev()
                    .find_map(|j| Some((self.comparative_at(j)?, j)));
                // "cheaper than the competitor": the comparative is the
                // first field's own word (an operator phrase over it).
                let own_word = self
                    .ops
                    .iter()
                    .find(|o| a.start <= o.start && o.start < a.end && o.end + 1 >= k)
                    .map(|o| (o.cmp, o.start));
                between.or(before).or(own_word).filter(|&(_, at)| {
                    (at.min(a.start)..k).all(|j| {
                        j == at
                            || j == k - 1
                            || Some(j) == noun
                            || (a.start..a.end).contains(&j)
                            || matches!(
                                self.norm(j),
                                "the"
                                    | "their"
                                    | "its"
                                    | "at"
                                    | "in"
                                    | "on"
                                    | "with"
                                    | "is"
                                    | "was"
                                    | "are"
                                    | "got"
                                    | "gets"
                                    | "had"
                                    | "has"
                                    | "have"
                                    | "received"
                            )
                    })
                })
            } else {
                // "birth rate above death rate": one word of comparison
                // between them ("is" allowed before it).
                let mut j = a.end;
                // "write speed above read speed": the noun both fields
                // measure, said after each.
                if j < k
                    && b.end < self.toks.len()
                    && self.toks[j].is_word()
                    && !self.claims.is_claimed(j)
                    && self.toks[j].stem == self.toks[b.end].stem
                {
                    j += 1;
                }
                if j < k && matches!(self.norm(j), "is" | "was" | "are" | "were") {
                    j += 1;
                }
                (j + 1 == k)
                    .then(|| self.norm(j))
                    .and_then(|w| match w {
                        "above" | "over" | "exceeds" | "exceeding" | "exceeded" | "beyond" => {
                            Some(Cmp::Gt)
                        }
                        "below" | "under" => Some(Cmp::Lt),
                        _ => None,
                    })
                    .map(|c| (c, j))
            };
            let Some((cmp, at)) = found else {
                continue;
            };
            let span = (at.min(a.start), b.end);
            let op = match cmp {
                Cmp::Gt | Cmp::Ge => CompareOp::Gt,
                Cmp::Lt | Cmp::Le => CompareOp::Lt,
                _ => continue,
            };
            let op = if op == CompareOp::Gt {
                CompareOp::GtField
            } else {
                CompareOp::LtField
            };
            self.field_pair_condition(span, (a.start, b.start), (ca, cb), op);
        }
    }

    /// "permanent address different from the current address", "home
    /// goals the same as away goals", "… from his or her current one": two
    /// fields of one type, equal or not, whatever they hold.
    pub(super) fn field_equalities(&mut self) {
        let fields = self.fields.clone();
        for (n, a) in fields.iter().enumerate() {
            if self.claims.is_field_attached(a.start) {
                continue;
            }
            let Some(ca) = a.columns.first().map(|c| c.0) else {
                continue;
            };
            // The other field: the next mention, or "X one" where "X" and
            // the first mention's last word name a field.
            let other = match fields.get(n + 1) {
                Some(b) if !self.claims.is_field_attached(b.start) => {
                    b.columns.first().map(|c| (c.0, b.start, b.end))
                }
                _ => None,
            }
            .or_else(|| {
                let one = (a.end + 2..self.toks.len().min(a.end + 9)).find(|&k| {
                    let t = &self.toks[k];
                    self.query[t.start..t.end].eq_ignore_ascii_case("one")
                })?;
                let head = &self.toks[a.end - 1].stem;
                let x = &self.toks[one - 1].stem;
                let col =
                    self.ix.fields_by_first.get(x)?.iter().find(|al| {
                        al.words.len() == 2 && al.words[0] == *x && al.words[1] == *head
                    })?;
                Some((col.column, one - 1, one + 1))
            });
            let Some((cb, b_start, b_end)) = other else {
                continue;
            };
            if (a.end..b_start).any(|j| self.claims.is_claimed(j)) {
                continue;
            }
            let Some(op) = self.equality_words(a.end, b_start) else {
                continue;
            };
            if ca == cb || self.ix.column_type(ca) != self.ix.column_type(cb) {
                continue;
            }
            let span = (a.start, b_end);
            self.field_pair_condition(span, (a.start, b_start), (ca, cb), op);
        }
    }

    /// Claims `span` and the two field mentions starting at `starts`, and
    /// adds `columns.0 op columns.1`, noted.
    fn field_pair_condition(
        &mut self,
        span: (usize, usize),
        starts: (usize, usize),
        columns: (usize, usize),
        op: CompareOp,
    ) {
        let (na, nb) = (
            self.ix.column_name(columns.0).to_string(),
            self.ix.column_name(columns.1).to_string(),
        );
        self.claims.claim(span, ClaimedBy::Number);
        self.claims.attach_field(starts.0);
        self.claims.attach_field(starts.1);
        let source = self.span_text(span.0, span.1);
        self.note(Note::FieldComparison {
            source: source.clone(),
            field: na.clone(),
            other: nb.clone(),
        });
        self.phrases.push(span);
        self.push_condition(
            span,
            Condition {
                field: na,
                op,
                values: vec![Literal::Text(nb)],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::FIELD_COMPARISON,
            },
        );
    }

    /// The words `start..end` between two fields, if they say the fields
    /// differ or agree (articles and "is" aside).
    fn equality_words(&self, start: usize, end: usize) -> Option<CompareOp> {
        let words: Vec<&str> = (start..end)
            .map(|j| self.norm(j))
            .filter(|w| {
                !matches!(
                    *w,
                    "the" | "their" | "its" | "his" | "her" | "or" | "is" | "are" | "was" | "were"
                )
            })
            .collect();
        match words.as_slice() {
            ["different", "from" | "than" | "to"]
            | ["differs" | "differ", "from"]
            | ["not", "equal", "to"]
            | ["not", "same", "as"]
            | ["other", "than"]
            | ["unlike"] => Some(CompareOp::NeField),
            ["same", "as"] | ["equal", "to"] | ["equals" | "matches"] => Some(CompareOp::EqField),
            _ => None,
        }
    }

    /// The comparison a comparative word at `j` makes ("more", "higher",
    /// "better", "above", "over", "fewer", "below").
    fn comparative_at(&self, j: usize) -> Option<Cmp> {
        if self.claims.is_claimed(j) && !self.ops.iter().any(|o| o.start == j) {
            return None;
        }
        let w = self.norm(j);
        split_comparative(w)
            .or(match w {
                "better" | "above" | "over" | "exceeds" | "exceeding" | "exceeded" | "beyond" => {
                    Some(Cmp::Gt)
                }
                "worse" | "below" | "under" | "fewer" | "less" | "lower" | "smaller" => {
                    Some(Cmp::Lt)
                }
                _ => None,
            })
            // "writes faster than it reads": any comparative the operators
            // pass read there.
            .or_else(|| {
                self.ops
                    .iter()
                    .find(|o| o.start == j && matches!(o.cmp, Cmp::Gt | Cmp::Lt))
                    .map(|o| o.cmp)
            })
    }

    fn is_date(&self, c: usize) -> bool {
        matches!(
            self.ix.column_type(c),
            crate::profile::ColumnType::Date | crate::profile::ColumnType::DateTime
        )
    }
}
