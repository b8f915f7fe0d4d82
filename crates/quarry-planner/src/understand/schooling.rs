//! Pass 3b', levels of schooling on a column of years of education
//! (`educ`, `education`, `schooling`, `eduyrs`: whole numbers up to about
//! 25), as survey tables keep them: "college graduates" → `>= 16`, "high
//! school graduates" → `>= 12`, "no high school diploma" and "dropouts" →
//! `< 12`, "some college" → 13 to 15, "postgraduates" → `> 16`. A
//! negation before the level ("without a college degree") turns it over.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;

/// Years of schooling a level names: at least `low`, at most `high`.
struct Level {
    low: Option<i64>,
    high: Option<i64>,
}

/// The level the words from `i` name, with how many words it takes.
fn level_at(w: &[&str]) -> Option<(Level, usize)> {
    let at = |k: usize| w.get(k).copied().unwrap_or("");
    let holder = |x: &str| {
        matches!(
            x,
            "graduate"
                | "graduates"
                | "grads"
                | "grad"
                | "degree"
                | "degrees"
                | "diploma"
                | "educated"
                | "education"
                | "graduated"
        )
    };
    let at_least = |n: i64| Level {
        low: Some(n),
        high: None,
    };
    Some(match (at(0), at(1), at(2)) {
        ("high", "school", x) if holder(x) => (at_least(12), 3),
        ("college" | "university", x, _) if holder(x) => (at_least(16), 2),
        ("graduated", "from", "college" | "university") => (at_least(16), 3),
        ("graduated", "college" | "university", _) => (at_least(16), 2),
        ("graduated", "high", "school") => (at_least(12), 3),
        ("finished", "high", "school") => (at_least(12), 3),
        ("some", "college", _) => (
            Level {
                low: Some(13),
                high: Some(15),
            },
            2,
        ),
        ("postgraduate" | "postgraduates" | "postgrad" | "postgrads", _, _) => (at_least(17), 1),
        ("graduate" | "grad", "school" | "degree" | "degrees", _) => (at_least(17), 2),
        ("advanced", "degree" | "degrees", _) => (at_least(17), 2),
        ("dropouts" | "dropout", _, _) => (
            Level {
                low: None,
                high: Some(11),
            },
            1,
        ),
        _ => return None,
    })
}

impl Ctx<'_> {
    /// The column of years of schooling, if the table has one.
    fn schooling_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<f64>().ok());
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            matches!(col.ty, ColumnType::Integer | ColumnType::Float)
                && col.name.split('_').any(|w| {
                    matches!(
                        w,
                        "educ"
                            | "education"
                            | "edu"
                            | "eduyrs"
                            | "educyrs"
                            | "schooling"
                            | "school"
                            | "yrsed"
                            | "yearsed"
                            | "schoolyrs"
                            | "ed"
                    )
                })
                && bound(&col.min).is_some_and(|m| m >= 0.0)
                && bound(&col.max).is_some_and(|m| (14.0..=26.0).contains(&m))
                && col.distinct_count >= 5
        })
    }

    pub(super) fn schooling_levels(&mut self) {
        let Some(col) = self.schooling_column() else {
            return;
        };
        let name = self.ix.column_name(col).to_string();
        let mut i = 0;
        while i < self.toks.len() {
            let free_words: Vec<&str> = (i..self.toks.len().min(i + 3))
                .take_while(|&k| !self.claims.is_claimed(k) && self.toks[k].is_word())
                .map(|k| self.norm(k))
                .collect();
            let Some((level, n)) = level_at(&free_words) else {
                i += 1;
                continue;
            };
            // "no high school diploma", "without a college degree",
            // "non college graduates".
            let mut start = i;
            while start > 0
                && !self.claims.is_claimed(start - 1)
                && matches!(self.norm(start - 1), "a" | "an")
            {
                start -= 1;
            }
            let negated = start > 0
                && !self.claims.is_claimed(start - 1)
                && matches!(
                    self.norm(start - 1),
                    "no" | "not" | "without" | "non" | "never" | "lacking"
                );
            if negated {
                start -= 1;
            }
            let (low, high) = match (negated, level.low, level.high) {
                (false, low, high) => (low, high),
                (true, Some(l), None) => (None, Some(l - 1)),
                (true, None, Some(h)) => (Some(h + 1), None),
                (true, _, _) => {
                    i += n;
                    continue;
                }
            };
            let end = i + n;
            let span = (start, end);
            let source = self.span_text(start, end);
            self.claims.claim(span, ClaimedBy::Number);
            self.note(Note::AgeWord {
                source: source.clone(),
                field: name.clone(),
                low,
                high,
            });
            self.phrases.push(span);
            let mut bounds = Vec::new();
            if let Some(l) = low {
                bounds.push((CompareOp::Ge, l));
            }
            if let Some(h) = high {
                bounds.push((CompareOp::Le, h));
            }
            for (op, v) in bounds {
                self.push_condition(
                    span,
                    Condition {
                        field: name.clone(),
                        op,
                        values: vec![Literal::Integer(v)],
                        source: source.clone(),
                        matched: MatchKind::Synonym,
                        confidence: confidence::of_match(MatchKind::Synonym),
                    },
                );
            }
            i = end;
        }
    }
}
