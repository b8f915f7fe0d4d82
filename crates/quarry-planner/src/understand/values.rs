//! Pass 4, values: each value mention becomes a condition on one field (a
//! field named in the phrase, the one a "from"/"to" points to, else the
//! field where the value is most common). Values of one field gather into
//! one `In` ("Germany or France"); a negation makes it `NotIn`. A value
//! right after a comparison is an anchor record instead ("more gold than
//! Kenya", "the same wins as X"), and one after a position word an anchor
//! position ("before San Juan", which also sets the order by position).

use super::claims::ClaimedBy;
use super::mentions::ValueMention;
use super::Ctx;
use crate::confidence;
use crate::index::ValueEntry;
use crate::lexicon::{
    direction_column_words, is_comparison_filler, is_position_filler, position_side,
    split_comparative, Cmp, Side, OPPONENT_COLUMN_WORDS,
};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Direction, Literal, MatchKind, OrderBy, OrderKey};
use crate::profile::ColumnType;
use std::collections::HashSet;

/// Value mentions of one field, gathered.
struct ValueGroup {
    column: usize,
    negated: bool,
    values: Vec<String>,
    /// The weakest match among them.
    kind: MatchKind,
    spans: Vec<(usize, usize)>,
    /// Some value was also found in other fields.
    ambiguous: bool,
}

impl Ctx<'_> {
    pub(super) fn value_conditions(&mut self) {
        let mentioned = self.mentioned_columns();
        let mut groups: Vec<ValueGroup> = Vec::new();
        let mut values = self.values.clone();
        values.sort_by_key(|m| m.start);
        // The previous value's end, column and negation: "excluding Ford
        // and Fiat" negates both, as does "excluding africa and asia" when
        // they are values of different fields.
        let mut previous: Option<(usize, usize, bool)> = None;
        for m in &values {
            let (mut col, mut vals, ambiguous) = self.value_column(m, &mentioned);
            // "postal service" of `Government: U.S. Postal Service`, not of
            // `Federal, Except U.S. Postal Service`: a category that
            // leaves the words out is none of theirs.
            let leaves_out = |v: &String| {
                let v = v.to_lowercase();
                ["except ", "excluding ", "other than ", "excl. "]
                    .iter()
                    .any(|x| v.contains(x))
            };
            if vals.len() >= 2 && vals.iter().any(|v| !leaves_out(v)) {
                vals.retain(|v| !leaves_out(v));
            }
            // "emergency" of `Emergency PCI`, not of `Non-Emergency PCI`:
            // a category that negates the word said is none of its
            // (unless the phrase says "non" too).
            let said = self.norm(m.start).to_string();
            let non_said = m.start > 0 && matches!(self.norm(m.start - 1), "non" | "not");
            let negates = |v: &String| {
                let v = v.to_lowercase();
                ["non-", "non ", "not "]
                    .iter()
                    .any(|p| v.contains(&format!("{p}{said}")))
            };
            if vals.len() >= 2 && vals.iter().any(|v| !negates(v)) && vals.iter().any(negates) {
                // ("non emergency": the one that does.)
                vals.retain(|v| negates(v) == non_said);
            }
            // "from texas or california": the next item of a list stays in
            // the field of the one before when it is a value there too.
            if let Some((end, pcol, _)) = previous {
                if pcol != col && (end..m.start).all(|k| self.is_list_joint(k)) {
                    let there: Vec<String> = m
                        .entries
                        .iter()
                        .map(|&id| &self.ix.values[id as usize])
                        .filter(|e| e.column == pcol)
                        .map(|e| e.value.clone())
                        .collect();
                    if !there.is_empty() {
                        col = pcol;
                        vals = there;
                    }
                }
            }
            // "more gold medals than Kazakhstan", "the same wins as SD
            // Compostela", "taller than Andri": compared with that record.
            if vals.len() == 1 && self.row_comparison(m, col, &vals[0]) {
                continue;
            }
            // "before San Juan", "the driver after Lwakataka": a position
            // relative to the record holding the value.
            if vals.len() == 1 && self.row_position(m, col, &vals[0]) {
                continue;
            }
            // "mount sinai hospitals", "socialist parties": the family of
            // names the words begin or hold.
            if vals.len() == 1 && !self.negated(m.start) && !self.is_list_column(col) {
                if let Some((part, end)) = self.plural_family(m, col, &vals[0]) {
                    self.substring_condition(col, part, CompareOp::Contains, (m.start, end));
                    previous = Some((m.end, col, false));
                    continue;
                }
            }
            // "not in the labor force", "don't watch tv": the negation is
            // the value's own (`not in labor force`, `do not watch`).
            // (Not under a negation of its own: "other than no failure".)
            let outer = self
                .ops
                .iter()
                .any(|o| o.cmp == crate::lexicon::Cmp::Ne && o.end == m.start);
            let own_negation = !vals.is_empty()
                && !outer
                && vals.iter().all(|v| {
                    let v = v.to_lowercase();
                    [
                        "not ",
                        "no ",
                        "do not ",
                        "don't ",
                        "does not ",
                        "never ",
                        "non-",
                        "non ",
                    ]
                    .iter()
                    .any(|p| v.starts_with(p))
                });
            // "non-white cocaine users": "non" negates its own word only;
            // a value right after it, with no joining word, is not in a
            // list with it ("excluding va md and dc" is one).
            let neg = self.negated(m.start) && !own_negation
                || previous.is_some_and(|(end, _, neg)| {
                    let glued_non = end == m.start
                        && values
                            .iter()
                            .find(|v| v.end == end)
                            .is_some_and(|v| v.start > 0 && self.norm(v.start - 1) == "non");
                    neg && !glued_non && (end..m.start).all(|k| self.is_list_joint(k))
                });
            // Items of a list field said side by side are all wanted
            // ("sci-fi thrillers", "animated children's films"): one
            // condition each. Joined by "or"/"and"/",", an alternative.
            let both_items = self.is_list_column(col)
                && !neg
                && previous.is_some_and(|(end, pcol, _)| {
                    pcol == col && !(end..m.start).any(|k| self.is_list_joint(k))
                });
            // "b10 to b15" of codes `B10`…`B15`: the codes between too.
            let ranged = previous.is_some_and(|(end, pcol, _)| {
                pcol == col
                    && end + 1 == m.start
                    && matches!(self.norm(end), "to" | "through" | "thru")
            });
            previous = Some((m.end, col, neg));
            // A value right after another of the same column, joined by
            // "or"/"and"/",", is an alternative.
            if let Some(g) = groups
                .iter_mut()
                .rev()
                .find(|g| g.column == col && g.negated == neg)
                .filter(|_| !both_items)
            {
                if ranged && g.values.len() == 1 && vals.len() == 1 {
                    let between = self.codes_between(col, &g.values[0], &vals[0]);
                    g.values.extend(between);
                }
                for v in vals {
                    if !g.values.contains(&v) {
                        g.values.push(v);
                    }
                }
                g.kind = g.kind.min(m.kind);
                g.spans.push((m.start, m.end));
                g.ambiguous |= ambiguous;
            } else {
                groups.push(ValueGroup {
                    column: col,
                    negated: neg,
                    values: vals,
                    kind: m.kind,
                    spans: vec![(m.start, m.end)],
                    ambiguous,
                });
            }
        }
        for g in groups {
            self.value_filter(g);
        }
    }

    /// "mount sinai hospitals" of `Mount Sinai Hospital` beside `Mount
    /// Sinai West`, "socialist parties" of `SOCIALIST` in `party_detailed`
    /// beside `SOCIALIST WORKERS`: a value said with a plural of its last
    /// word, or followed by a plural of its field's name, where other
    /// values of the field hold the words before it. The words to search
    /// for (as the value writes them) and the end of the span.
    fn plural_family(&self, m: &ValueMention, col: usize, value: &str) -> Option<(String, usize)> {
        let plural = |k: usize| {
            self.toks.get(k).is_some_and(|t| {
                t.is_word() && t.norm.len() > t.stem.len() && t.norm.ends_with('s')
            })
        };
        let parts: Vec<&str> = value.split_whitespace().collect();
        let folded: Vec<String> = parts.iter().map(|p| p.to_lowercase()).collect();
        let last = m.end - 1;
        let (lead, end) = if m.end - m.start >= 2
            && parts.len() >= 3
            && plural(last)
            && folded[folded.len() - 1] != self.toks[last].norm
            && crate::text::stem(&folded[folded.len() - 1]) == self.toks[last].stem
        {
            (parts.len() - 1, m.end)
        } else if plural(m.end)
            && matches!(self.claims.claimed_by(m.end), None | Some(ClaimedBy::Field))
            && self
                .ix
                .column_name(col)
                .split('_')
                .any(|w| w.len() >= 4 && crate::text::stem(w) == self.toks[m.end].stem)
        {
            (parts.len(), m.end + 1)
        } else {
            return None;
        };
        let want = &folded[..lead];
        let holding = self.ix.profile.columns[col]
            .values
            .iter()
            .filter(|v| {
                let ws: Vec<String> = v.value.split_whitespace().map(str::to_lowercase).collect();
                ws.len() > want.len() && ws.windows(want.len()).any(|w| w == want)
            })
            .take(2)
            .count();
        (holding >= 2 || holding == 1 && lead == parts.len())
            .then(|| (parts[..lead].join(" "), end))
    }

    /// The values of `col` between two codes of one prefix and a number
    /// (`B10` and `B15`: `B11` … `B14`), in order; none unless both are
    /// such codes.
    fn codes_between(&self, col: usize, from: &str, to: &str) -> Vec<String> {
        let split = |v: &str| {
            let digits = v.len() - v.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            let (prefix, n) = v.split_at(v.len() - digits);
            (digits > 0 && digits <= 4 && !prefix.is_empty())
                .then(|| (prefix.to_lowercase(), n.parse::<u32>().ok()))
                .and_then(|(p, n)| Some((p, n?)))
        };
        let (Some((p, a)), Some((q, b))) = (split(from), split(to)) else {
            return Vec::new();
        };
        if p != q || a >= b {
            return Vec::new();
        }
        let mut out: Vec<(u32, String)> = self.ix.profile.columns[col]
            .values
            .iter()
            .filter_map(|v| {
                let (vp, n) = split(&v.value)?;
                (vp == p && a < n && n < b).then(|| (n, v.value.clone()))
            })
            .collect();
        out.sort();
        out.into_iter().map(|(_, v)| v).collect()
    }

    /// The column a value mention is about (one a "from"/"to" before it
    /// points to, else one named in the phrase, else the one where the
    /// value is most common), its values there, and whether it was found in
    /// several columns.
    fn value_column(
        &self,
        m: &ValueMention,
        mentioned: &HashSet<usize>,
    ) -> (usize, Vec<String>, bool) {
        let entries: Vec<&ValueEntry> = m
            .entries
            .iter()
            .map(|&id| &self.ix.values[id as usize])
            .collect();
        let mut cols: Vec<usize> = entries.iter().map(|e| e.column).collect();
        cols.sort();
        cols.dedup();
        let ambiguous = cols.len() > 1;
        // "from Chicago" is an origin, "to Chicago" a destination.
        // ("against the bears": past an article.)
        let before = (1..=2)
            .map_while(|back| m.start.checked_sub(back))
            .find(|&k| !matches!(self.norm(k), "the" | "a" | "an"));
        let direction = before
            .map(|k| self.norm(k))
            .and_then(direction_column_words);
        let by_direction = direction.and_then(|words| {
            cols.iter().copied().find(|&c| {
                self.ix
                    .column_name(c)
                    .split('_')
                    .any(|w| words.contains(&w))
            })
        });
        // "women who played foe" in `play` and `play1` (the partner's): the
        // record's own field, whose name the other repeats with a number.
        let own = || {
            cols.iter().copied().find(|&c| {
                let name = self.ix.column_name(c);
                !name.ends_with(|ch: char| ch.is_ascii_digit())
                    && cols.iter().any(|&o| {
                        let other = self.ix.column_name(o);
                        o != c
                            && other.len() > name.len()
                            && other.trim_end_matches(|ch: char| ch.is_ascii_digit()) == name
                    })
            })
        };
        // "raiders" in `team` and `opposing_team`: the record's own side,
        // unless "against" pointed to the other.
        let not_opponent = || {
            let opponent = |c: usize| {
                self.ix
                    .column_name(c)
                    .split('_')
                    .any(|w| OPPONENT_COLUMN_WORDS.contains(&w))
            };
            let own: Vec<usize> = cols.iter().copied().filter(|&c| !opponent(c)).collect();
            (own.len() == 1 && own.len() < cols.len()).then(|| own[0])
        };
        let col = by_direction
            .or_else(|| cols.iter().copied().find(|c| mentioned.contains(c)))
            .or_else(own)
            .or_else(not_opponent)
            .unwrap_or_else(|| {
                entries
                    .iter()
                    .max_by_key(|e| e.count)
                    .map(|e| e.column)
                    .unwrap_or(cols[0])
            });
        let mut vals: Vec<String> = entries
            .iter()
            .filter(|e| e.column == col)
            .map(|e| e.value.clone())
            .collect();
        vals.dedup();
        (col, vals, ambiguous)
    }

    /// "more gold than Kenya": a field compared with the same field of the
    /// record whose `col` is `value`. Whether the mention was read so.
    fn row_comparison(&mut self, m: &ValueMention, col: usize, value: &str) -> bool {
        let Some((op, field, from)) = self.row_comparison_before(m.start) else {
            return false;
        };
        // "heinz cheaper than hunts" beside `price_hunts`: the value names
        // a sibling field too, compared in each record (pass 6b), not the
        // record of that value.
        let sibling = self.fields.iter().any(|f| {
            f.start <= m.start
                && m.end <= f.end
                && f.columns
                    .iter()
                    .any(|c| c.0 != field && self.ix.column_type(c.0).is_numeric())
        });
        if sibling {
            return false;
        }
        let name = self.ix.column_name(field).to_string();
        let anchor = self.ix.column_name(col).to_string();
        let source = self.span_text(from, m.end);
        self.note(Note::RowComparison {
            source: source.clone(),
            field: name.clone(),
            anchor_field: anchor.clone(),
            anchor_value: value.to_string(),
            matched: m.kind,
        });
        self.phrases.push((from, m.end));
        let conf = confidence::of_match(m.kind) * confidence::ROW_ANCHOR_FACTOR;
        self.push_condition(
            (from, m.end),
            Condition {
                field: name,
                op,
                values: vec![
                    Literal::Text(anchor.clone()),
                    Literal::Text(value.to_string()),
                ],
                source: source.clone(),
                matched: m.kind,
                confidence: conf,
            },
        );
        if op == CompareOp::EqRowOf {
            // "the same wins as X": other records than X.
            self.push_condition(
                (from, m.end),
                Condition {
                    field: anchor,
                    op: CompareOp::Ne,
                    values: vec![Literal::Text(value.to_string())],
                    source,
                    matched: m.kind,
                    confidence: conf,
                },
            );
        }
        true
    }

    /// "before San Juan": the records listed before (or after) the one
    /// whose `col` is `value`, ordered by position unless an order is set.
    /// Whether the mention was read so.
    fn row_position(&mut self, m: &ValueMention, col: usize, value: &str) -> bool {
        let Some((side, from)) = self.position_word_before(m.start) else {
            return false;
        };
        let before = side == Side::Before;
        // "before july" of a field of month names beside a date column of
        // one year: the dates before (or from the end of) that month.
        if let Some(month) = crate::lexicon::month_index(&value.to_lowercase()) {
            if let Some(date_col) = self.date_column() {
                let dc = &self.ix.profile.columns[date_col];
                let year =
                    |b: &Option<String>| b.as_deref().and_then(|d| d.get(..4)).map(str::to_string);
                if let (Some(y0), Some(y1)) = (year(&dc.min), year(&dc.max)) {
                    if y0 != y1 {
                        return false;
                    }
                    let (op, y, mm) = if before {
                        (CompareOp::Lt, y0.clone(), month + 1)
                    } else if month == 11 {
                        return false;
                    } else {
                        (CompareOp::Ge, y0.clone(), month + 2)
                    };
                    let field = self.ix.column_name(date_col).to_string();
                    let source = self.span_text(from, m.end);
                    self.claims.claim((from, m.end), ClaimedBy::Month);
                    self.note(Note::Number {
                        source: source.clone(),
                        field: field.clone(),
                        matched: MatchKind::Inferred,
                        confidence: confidence::MONTH,
                    });
                    self.phrases.push((from, m.end));
                    self.push_condition(
                        (from, m.end),
                        Condition {
                            field,
                            op,
                            values: vec![Literal::Text(format!("{y}-{mm:02}-01"))],
                            source,
                            matched: MatchKind::Inferred,
                            confidence: confidence::MONTH,
                        },
                    );
                    return true;
                }
            }
        }
        let name = self.ix.column_name(col).to_string();
        let source = self.span_text(from, m.end);
        self.note(Note::RowPosition {
            source: source.clone(),
            before,
            field: name.clone(),
            value: value.to_string(),
            matched: m.kind,
        });
        self.phrases.push((from, m.end));
        self.push_condition(
            (from, m.end),
            Condition {
                field: name,
                op: if before {
                    CompareOp::BeforeRowOf
                } else {
                    CompareOp::AfterRowOf
                },
                values: vec![Literal::Text(value.to_string())],
                source,
                matched: m.kind,
                confidence: confidence::of_match(m.kind) * confidence::ROW_ANCHOR_FACTOR,
            },
        );
        if self.plan.order.is_empty() {
            self.plan.order.push(OrderBy {
                key: OrderKey::RowPosition,
                direction: if before {
                    Direction::Desc
                } else {
                    Direction::Asc
                },
            });
            self.claims.set_position_anchor();
        }
        true
    }

    /// One filter for the values of one field: `Eq`/`In`, or `Ne`/`NotIn`
    /// when negated.
    fn value_filter(&mut self, mut g: ValueGroup) {
        let name = self.ix.column_name(g.column).to_string();
        let op = match (g.negated, g.values.len()) {
            (false, 1) => CompareOp::Eq,
            (false, _) => CompareOp::In,
            (true, 1) => CompareOp::Ne,
            (true, _) => CompareOp::NotIn,
        };
        // "project managers": in a field of names, a value other names hold
        // as words is searched inside them all ("Senior project manager");
        // only for a plural read as a kind, as a proper name typed whole
        // ("Hollywood", "Michael") means that one.
        // "wood" among 'Wood', 'Pine Wood', 'Wood Chips' of samples: a
        // thing's word typed whole searches the others too, outside
        // fields of names and titles, where it is the one named.
        let named_field = self.ix.column_name(g.column).split('_').any(|w| {
            matches!(
                w,
                "name"
                    | "names"
                    | "title"
                    | "titles"
                    | "first"
                    | "last"
                    | "author"
                    | "director"
                    | "artist"
                    | "player"
                    | "person"
                    | "team"
                    | "city"
                    | "town"
                    | "brand"
                    | "company"
                    | "surname"
                    | "nickname"
                    | "forename"
                    | "given"
                    | "fname"
                    | "lname"
            )
        }) || g.spans.iter().any(|&(st, _)| {
            // "named michael": that one.
            st > 0 && matches!(self.norm(st - 1), "named" | "called" | "titled")
        });
        let inside = g.values.len() == 1
            && (g.kind == MatchKind::Stemmed
                || g.kind == MatchKind::Exact
                    && !named_field
                    // Names nearly one a record (samples), not categories
                    // ('History' beside 'Art History' of subjects).
                    && self.ix.profile.columns[g.column].distinct_count * 3
                        >= self.ix.profile.row_count * 2
                    && g.values[0]
                        .chars()
                        .all(|ch| ch.is_alphabetic() || ch == ' '))
            && self.held_inside_other_names(g.column, &g.values[0]);
        let op = match (inside, g.negated) {
            (true, false) => CompareOp::Contains,
            (true, true) => CompareOp::NotContains,
            (false, _) => op,
        };
        // "ships to japan" of "CA,JP,US": an item of the list.
        let items = g.values.iter().all(|v| !v.contains(','));
        // "pure water types": the list of that item alone, the whole value.
        let alone = g.spans.first().map(|s| s.0).filter(|&k| {
            k > 0
                && matches!(self.norm(k - 1), "pure" | "purely" | "only" | "solely")
                && !self.claims.is_claimed(k - 1)
        });
        if let Some(k) = alone.filter(|_| items && self.is_list_column(g.column)) {
            self.claims.claim((k - 1, k), ClaimedBy::Value);
        }
        let items = items && alone.is_none();
        let op = match (items && self.is_list_column(g.column), g.negated) {
            (true, false) => CompareOp::HasItem,
            (true, true) => CompareOp::NotHasItem,
            (false, _) => op,
        };
        if inside {
            g.values[0] = g.values[0].to_lowercase();
        }
        let source = g
            .spans
            .iter()
            .map(|&(s, e)| self.span_text(s, e))
            .collect::<Vec<_>>()
            .join(", ");
        let mut conf = confidence::of_match(g.kind);
        if g.ambiguous {
            conf *= confidence::AMBIGUOUS_FACTOR;
        }
        self.note(Note::Value {
            source: source.clone(),
            field: name.clone(),
            negated: g.negated,
            matched: g.kind,
            ambiguous: g.ambiguous,
            confidence: conf,
        });
        for &(s, e) in &g.spans {
            // A negated value's phrase starts at its negation.
            let s = if g.negated {
                self.negations
                    .iter()
                    .copied()
                    .filter(|&n| n < s && s - n <= 4)
                    .max()
                    .unwrap_or(s)
            } else {
                s
            };
            self.phrases.push((s, e));
        }
        let lo = g.spans.iter().map(|s| s.0).min().unwrap_or(0);
        let hi = g.spans.iter().map(|s| s.1).max().unwrap_or(0);
        self.push_condition(
            (lo, hi),
            Condition {
                field: name,
                op,
                values: g.values.into_iter().map(Literal::Text).collect(),
                source,
                matched: g.kind,
                confidence: conf,
            },
        );
    }

    /// Whether `value` of the text column `col` is held, as whole words, by
    /// another of its values, in a column of mostly distinct values (names,
    /// titles, home towns, occupations).
    fn held_inside_other_names(&self, col: usize, value: &str) -> bool {
        let c = &self.ix.profile.columns[col];
        // Regions and states are whole names: "Virginia" is not in "West
        // Virginia".
        let region = c.name.split('_').any(|w| {
            matches!(
                w,
                "region"
                    | "state"
                    | "country"
                    | "province"
                    | "county"
                    | "continent"
                    | "district"
                    | "neighborhood"
                    | "neighbourhood"
            )
        });
        if c.ty != ColumnType::Text
            || region
            || c.distinct_count < 20
            || c.distinct_count * 3 < self.ix.profile.row_count
        {
            return false;
        }
        let words = |t: &str| -> Vec<String> {
            t.split(|ch: char| !ch.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect()
        };
        let want = words(value);
        if want.is_empty() {
            return false;
        }
        // Only the values holding the first word, by the index.
        let Some(ids) = self.ix.values_by_word.get(&crate::text::stem(&want[0])) else {
            return false;
        };
        ids.iter().any(|&id| {
            let e = &self.ix.values[id as usize];
            let have = words(&e.value);
            e.column == col
                && have.len() > want.len()
                && have.windows(want.len()).any(|w| w == want.as_slice())
        })
    }

    /// "before", "after", "previous to", "next after", "following" just
    /// before token `start` (glue words allowed): the side and where the
    /// phrase starts.
    fn position_word_before(&self, start: usize) -> Option<(Side, usize)> {
        let mut k = start;
        let mut steps = 0;
        while k > 0 && steps < 3 {
            k -= 1;
            steps += 1;
            let w = self.norm(k);
            if let Some(side) = position_side(w) {
                return Some((side, k));
            }
            if !is_position_filler(w) {
                return None;
            }
        }
        None
    }

    /// "<more|less|greater…> [field] than", "taller than", "the same
    /// [field] as" right before token `start`: the comparison, the ordered
    /// field compared and where the phrase starts.
    fn row_comparison_before(&self, start: usize) -> Option<(CompareOp, usize, usize)> {
        let mut k = start;
        while k > 0 && is_comparison_filler(self.norm(k - 1)) {
            k -= 1;
        }
        if k == 0 {
            return None;
        }
        // A comparator phrase with an implied field: "taller than".
        if let Some(o) = self.ops.iter().find(|o| o.end == k) {
            // "deficit years under reagan": a bare "under"/"over" before a
            // name is who led, not a comparison with that record.
            let bare = o.end == o.start + 1
                && o.implies.is_none()
                && o.graded.is_none()
                && matches!(self.norm(o.start), "under" | "over" | "above" | "below");
            if bare {
                return None;
            }
            let op = match o.cmp {
                Cmp::Gt => CompareOp::GtRowOf,
                Cmp::Lt => CompareOp::LtRowOf,
                _ => return None,
            };
            let field = self.op_column(o).or_else(|| {
                self.fields
                    .iter()
                    .filter(|f| f.end <= o.start && o.start - f.end <= 3)
                    .find_map(|f| f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0))
            })?;
            return Some((op, field, o.start));
        }
        let last = self.norm(k - 1);
        if last != "than" && last != "as" {
            return None;
        }
        for j in (k.saturating_sub(7)..k - 1).rev() {
            let w = self.norm(j);
            let op = if last == "than" {
                match split_comparative(w) {
                    Some(Cmp::Gt) => CompareOp::GtRowOf,
                    Some(Cmp::Lt) => CompareOp::LtRowOf,
                    _ => continue,
                }
            } else if w == "same" {
                CompareOp::EqRowOf
            } else {
                continue;
            };
            let field = self
                .fields
                .iter()
                .filter(|f| f.start > j && f.end < k)
                .find_map(|f| f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0))?;
            return Some((op, field, j));
        }
        None
    }

    /// "barley and lupin mix" over `diet` 'barley', 'lupins',
    /// 'barley+lupins': two values of one field said together, where the
    /// field also holds them joined ("+", "&", "/"), are that joined value;
    /// "no barley at all" leaves out the joined values holding it too.
    pub(super) fn combined_values(&mut self) {
        let ix = self.ix;
        let joined = &ix.joined_values;
        if joined.is_empty() {
            return;
        }
        // "the mixed diet": a word of mixing, where one field holds one
        // mixture ('barley+lupins') and no value says it.
        let mixtures: Vec<u32> = joined
            .iter()
            .filter(|(id, _)| self.ix.values[*id as usize].value.contains('+'))
            .map(|(id, _)| *id)
            .collect();
        let mixture_col = |id: u32| self.ix.values[id as usize].column;
        let said_otherwise = |id: u32| {
            self.values.iter().any(|v| {
                v.entries
                    .iter()
                    .any(|&e| self.ix.values[e as usize].column == mixture_col(id))
            })
        };
        if let [id] = mixtures[..] {
            if said_otherwise(id) {
                // "barley and lupin mix": the values say it.
                return self.join_values(joined);
            }
            for k in 0..self.toks.len() {
                if !self.claims.is_claimed(k)
                    && matches!(
                        self.norm(k),
                        "mixed" | "mix" | "mixture" | "combined" | "combination"
                    )
                {
                    self.claims.claim_token(k, ClaimedBy::Value);
                    self.values.push(ValueMention {
                        start: k,
                        end: k + 1,
                        entries: vec![id],
                        kind: MatchKind::Inferred,
                    });
                }
            }
        }
        self.join_values(joined);
    }

    fn join_values(&mut self, joined: &[(u32, Vec<String>)]) {
        let connector = |w: &str| matches!(w, "and" | "plus" | "+" | "&" | "with");
        for vi in 0..self.values.len() {
            let m = self.values[vi].clone();
            // The values this mention and the one after it (past a
            // connector) name, on one field.
            let mut named: Vec<u32> = m.entries.clone();
            let mut end = m.end;
            if let Some(next) = self
                .values
                .iter()
                .find(|n| n.start == m.end + 1 && connector(self.norm(m.end)))
            {
                named.extend(next.entries.iter().copied());
                end = next.end;
            }
            let texts: Vec<(usize, String)> = named
                .iter()
                .map(|&id| {
                    let e = &self.ix.values[id as usize];
                    (e.column, e.value.trim().to_lowercase())
                })
                .collect();
            let col = texts.first().map(|t| t.0);
            let Some(col) = col.filter(|&c| texts.iter().all(|t| t.0 == c)) else {
                continue;
            };
            let mut said: Vec<&str> = texts.iter().map(|t| t.1.as_str()).collect();
            said.sort_unstable();
            said.dedup();
            // Said together: a connector between them, not "or".
            let together = (m.start..end).any(|k| connector(self.norm(k)))
                && !(m.start..end).any(|k| self.norm(k) == "or");
            if said.len() >= 2 && together {
                let whole = joined.iter().find(|(id, parts)| {
                    let mut p: Vec<&str> = parts.iter().map(String::as_str).collect();
                    p.sort_unstable();
                    self.ix.values[*id as usize].column == col && p == said
                });
                if let Some((id, _)) = whole {
                    let id = *id;
                    self.values.retain(|n| !(n.start > m.start && n.end <= end));
                    let v = &mut self.values[vi];
                    v.entries = vec![id];
                    v.end = end;
                    self.claims.claim((m.start, end), ClaimedBy::Value);
                    return;
                }
            } else if said.len() == 1 && self.negated(m.start) {
                // Mixtures only ('barley+lupins'): "not wood" keeps
                // 'Urban/Wood', one or the other.
                let extra: Vec<u32> = joined
                    .iter()
                    .filter(|(id, parts)| {
                        let e = &self.ix.values[*id as usize];
                        e.column == col
                            && !e.value.contains('/')
                            && parts.iter().any(|p| p == said[0])
                    })
                    .map(|(id, _)| *id)
                    .collect();
                self.values[vi].entries.extend(extra);
            }
        }
    }

    /// "species listed as other", "coded as none": the word after "listed
    /// as" (marked, classified, coded, labelled, recorded) is a value, even
    /// a little word that is never linked otherwise, when one categorical
    /// field holds it whole.
    pub(super) fn values_said_as(&mut self) {
        for k in 1..self.toks.len().saturating_sub(1) {
            if self.norm(k) != "as"
                || !matches!(
                    self.norm(k - 1),
                    "listed"
                        | "marked"
                        | "classified"
                        | "coded"
                        | "labelled"
                        | "labeled"
                        | "recorded"
                        | "categorized"
                        | "categorised"
                )
                || self.claims.is_claimed(k + 1)
                || !self.toks[k + 1].is_word()
            {
                continue;
            }
            let w = self.norm(k + 1).to_string();
            let ids: Vec<u32> = self
                .ix
                .values_by_first
                .get(&w)
                .into_iter()
                .flatten()
                .copied()
                .filter(|&id| {
                    let e = &self.ix.values[id as usize];
                    e.words.len() == 1 && self.ix.profile.columns[e.column].values.len() <= 50
                })
                .collect();
            let one_field = ids.first().is_some_and(|&f| {
                ids.iter().all(|&id| {
                    self.ix.values[id as usize].column == self.ix.values[f as usize].column
                })
            });
            if ids.is_empty() || !one_field {
                continue;
            }
            self.claims.claim((k - 1, k + 2), ClaimedBy::Value);
            self.values.push(ValueMention {
                start: k - 1,
                end: k + 2,
                entries: ids,
                kind: MatchKind::Exact,
            });
        }
    }
}
