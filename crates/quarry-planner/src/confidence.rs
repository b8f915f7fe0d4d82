//! Every confidence the planner gives a condition, in one place. A
//! condition's confidence says how sure the planner is that the phrase meant
//! it; relaxation drops the least certain condition first and never one at
//! or above [`NEVER_RELAXED`].

use crate::plan::MatchKind;

/// A word typed exactly as a field or value.
pub const EXACT: f32 = 1.0;
/// A phrase the dataset's vocabulary teaches (an alias): the operator
/// said what it means.
pub const TAUGHT: f32 = 1.0;
/// A word linked through its stem.
pub const STEMMED: f32 = 0.9;
/// A word linked through a synonym or a place-name variant.
pub const SYNONYM: f32 = 0.8;
/// A link the planner inferred (a part of a value, a code, a year column).
pub const INFERRED: f32 = 0.6;
/// A word linked by typo correction.
pub const FUZZY: f32 = 0.5;

/// A number with its field named right next to it ("500 employees").
pub const NUMBER_BESIDE_FIELD: f32 = 0.95;
/// A comparison with the field's average ("older than average").
pub const AVERAGE: f32 = 0.9;
/// A month name on the date column ("in March").
pub const MONTH: f32 = 0.9;
/// A relative date ("last 3 years") on the date or year column.
pub const RELATIVE_DATE: f32 = 0.85;
/// A yes/no field named in the phrase, read as "yes".
pub const YES_NO_FIELD: f32 = 0.7;
/// A field named with a word of absence or presence ("unknown colour",
/// "with a website").
pub const MISSING_VALUE: f32 = 0.8;
/// One field compared with another of the record ("more deaths than births").
pub const FIELD_COMPARISON: f32 = 0.8;
/// Quoted text searched inside a text field.
pub const SUBSTRING: f32 = 0.7;
/// "which venue is listed the most": the most frequent value of a field.
pub const MOST_FREQUENT: f32 = 0.5;

/// Applied to a value's confidence when it is an anchor record ("more gold
/// than Kenya", "after San Juan") rather than the value asked for.
pub const ROW_ANCHOR_FACTOR: f32 = 0.9;
/// Applied to a value's confidence when the value was found in several
/// fields.
pub const AMBIGUOUS_FACTOR: f32 = 0.9;

/// Conditions at or above this confidence are never relaxed: dropping an
/// exact or stemmed match would answer a different question.
pub const NEVER_RELAXED: f32 = 0.9;

/// The confidence of a link made the way `kind` says.
pub fn of_match(kind: MatchKind) -> f32 {
    match kind {
        MatchKind::Taught => TAUGHT,
        MatchKind::Exact => EXACT,
        MatchKind::Stemmed => STEMMED,
        MatchKind::Synonym => SYNONYM,
        MatchKind::Inferred => INFERRED,
        MatchKind::Fuzzy => FUZZY,
    }
}
