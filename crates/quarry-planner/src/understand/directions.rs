//! Pass 7a'''-dir: directions of change. A survey asks whether a thing got
//! better, worse or stayed the same, and writes the answer as `-1`/`0`/`1`
//! (`persfinance`, `natlecon`) or as words (`pan_inc_chg`: 'Decreased',
//! 'Increased', 'Stayed the same'). "finances got worse", "the economy
//! improved", "income went down", "stayed the same" pick the answer of
//! the field the phrase names (or of the dataset's only such field).

use super::Ctx;
use crate::lexicon::value_label;
use crate::plan::{CompareOp, Literal};
use crate::profile::{ColumnProfile, ColumnType};

/// Which way a thing went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    Down,
    Up,
    Same,
}

impl Way {
    /// The number a field of `-1`/`0`/`1` writes for it.
    fn sign(self) -> i64 {
        match self {
            Way::Down => -1,
            Way::Same => 0,
            Way::Up => 1,
        }
    }
}

/// The way a value of a column of answers says ("Decreased", "Got
/// worse", "No change"), if it says one.
fn way_of_value(v: &str) -> Option<Way> {
    let v = value_label(v);
    let has = |ws: &[&str]| ws.iter().any(|w| v.contains(w));
    if has(&["same", "unchanged", "no change", "stable", "steady"]) {
        Some(Way::Same)
    } else if has(&["decreas", "worse", "declin", "lower", "went down", "fell"]) {
        Some(Way::Down)
    } else if has(&["increas", "better", "improv", "higher", "went up", "rose"]) {
        Some(Way::Up)
    } else {
        None
    }
}

/// A field of answers of direction: `-1`/`0`/`1`, or at most eight words
/// among which one says down and one says up. For each way, the value to
/// compare with (`None` when the field has no answer for it).
fn answers(col: &ColumnProfile) -> Option<[Option<Literal>; 3]> {
    let bound = |v: &Option<String>| v.as_deref().and_then(|s| s.parse::<f64>().ok());
    if col.ty == ColumnType::Integer
        && bound(&col.min) == Some(-1.0)
        && bound(&col.max) == Some(1.0)
        && col.distinct_count <= 3
    {
        return Some([Way::Down, Way::Up, Way::Same].map(|w| Some(Literal::Integer(w.sign()))));
    }
    if col.ty != ColumnType::Text || col.distinct_count > 8 || col.values.is_empty() {
        return None;
    }
    let mut out: [Option<Literal>; 3] = [None, None, None];
    for vc in &col.values {
        if let Some(w) = way_of_value(&vc.value) {
            let k = [Way::Down, Way::Up, Way::Same]
                .iter()
                .position(|&x| x == w)?;
            if out[k].is_some() {
                // Two answers of one way ("Decreased a lot"): no plain
                // field of directions.
                return None;
            }
            out[k] = Some(Literal::Text(vc.value.clone()));
        }
    }
    (out[0].is_some() && out[1].is_some()).then_some(out)
}

impl Ctx<'_> {
    /// The way said at `i` and the tokens it spans (a verb before it
    /// included: "got worse", "went down", "stayed the same").
    fn way_at(&self, i: usize) -> Option<(Way, usize, usize)> {
        let w = self.norm(i);
        let before = |k: usize, ws: &[&str]| k > 0 && ws.contains(&self.norm(k - 1));
        let verb = |k: usize| {
            before(
                k,
                &[
                    "got", "get", "gets", "getting", "went", "go", "goes", "gone", "going",
                    "become", "became", "was", "were", "is", "are", "stayed", "remained", "stay",
                    "stays", "remain", "remains",
                ],
            )
        };
        let (way, start) = match w {
            "worse" | "worsened" | "worsening" | "deteriorated" | "declined" | "decreased"
            | "fell" | "dropped" => (Way::Down, i),
            "better" | "improved" | "improving" | "increased" | "rose" => (Way::Up, i),
            "unchanged" | "steady" | "stable" => (Way::Same, i),
            // "went down", "gone up": the verb's direction.
            "down" | "up" if verb(i) => (if w == "down" { Way::Down } else { Way::Up }, i),
            // "stayed the same", "the same".
            "same" if before(i, &["the"]) => (Way::Same, i - 1),
            "change" if before(i, &["no"]) => (Way::Same, i - 1),
            _ => return None,
        };
        let start = if verb(start) { start - 1 } else { start };
        Some((way, start, i + 1))
    }

    /// Pass 7a'''': see the module's documentation.
    pub(super) fn change_directions(&mut self) {
        let fields: Vec<(usize, [Option<Literal>; 3])> = self
            .ix
            .profile
            .columns
            .iter()
            .enumerate()
            .filter_map(|(c, col)| answers(col).map(|a| (c, a)))
            .collect();
        if fields.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let Some((way, start, end)) = self.way_at(i) else {
                continue;
            };
            if (start..end).any(|k| self.claims.is_claimed(k) && k != i) {
                continue;
            }
            // The field of answers the phrase names nearest before the word
            // (else after it), else the only one.
            let named = |after: bool| {
                self.fields
                    .iter()
                    .filter(|f| {
                        if after {
                            f.start >= end
                        } else {
                            f.end <= start
                        }
                    })
                    .filter(|f| !self.claims.is_field_attached(f.start))
                    .flat_map(|f| f.columns.iter().map(move |c| (f.start, c.0)))
                    .filter(|(_, c)| fields.iter().any(|(x, _)| x == c))
                    .max_by_key(|(s, _)| if after { usize::MAX - s } else { *s })
                    .map(|(s, c)| (Some(s), c))
            };
            // "income went down" beside `num_incomes` and `pan_inc_chg`:
            // the one field of answers a word of the phrase names.
            let worded = || {
                let mut hits = fields.iter().map(|(c, _)| *c).filter(|&c| {
                    self.ix.column_words[c].iter().any(|w| {
                        w.len() >= 3
                            && self
                                .toks
                                .iter()
                                .any(|t| t.is_word() && (t.stem == *w || t.norm == *w))
                    })
                });
                let first = hits.next()?;
                hits.next().is_none().then_some((None, first))
            };
            let Some((mention, col)) = named(false)
                .or_else(|| named(true))
                .or_else(worded)
                .or_else(|| (fields.len() == 1).then(|| (None, fields[0].0)))
            else {
                continue;
            };
            let answers = &fields.iter().find(|(c, _)| *c == col).expect("a field").1;
            let k = match way {
                Way::Down => 0,
                Way::Up => 1,
                Way::Same => 2,
            };
            let Some(value) = answers[k].clone() else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            if let Some(s) = mention {
                self.claims.attach_field(s);
            }
            self.inferred_number((start, end), name, CompareOp::Eq, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_of_direction_are_read_from_the_values() {
        assert_eq!(way_of_value("Stayed the same"), Some(Way::Same));
        assert_eq!(way_of_value("Decreased"), Some(Way::Down));
        assert_eq!(way_of_value("Increase"), Some(Way::Up));
        assert_eq!(way_of_value("No change"), Some(Way::Same));
        assert_eq!(way_of_value("Become later"), None);
    }
}
