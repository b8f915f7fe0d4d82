//! What the planner tells the user about how it read a phrase: one [`Note`]
//! per decision, carrying the data, rendered to a sentence in one place
//! (`impl Display`). The sentences are part of the API's `thoughts`
//! (`metadata`), so their wording is a contract.

use crate::plan::{Direction, MatchKind, Tier, WEEKDAY_NAMES};
use std::fmt;

/// One sentence of `thoughts.metadata`.
#[derive(Debug, Clone, PartialEq)]
pub enum Note {
    /// The fields the phrase named: (the phrase's words, the column).
    FieldsNamed {
        fields: Vec<(String, String)>,
    },
    /// "last 3 years": the field on or after a day counted from `today`.
    RelativeDate {
        source: String,
        field: String,
        from: String,
        today: String,
    },
    /// A yes/no field named in the phrase, read as yes (or not yes).
    YesNoField {
        source: String,
        field: String,
        negated: bool,
    },
    /// A month name on the date field.
    Month {
        source: String,
        field: String,
    },
    /// A decade or a day ("the 80s", "may 1 to may 5") on a year or date
    /// column.
    Calendar {
        source: String,
        field: String,
    },
    /// "after 10 pm", "in the morning": a range of the time of day.
    TimeOfDay {
        source: String,
        field: String,
        from: String,
        to: String,
    },
    /// "10 pm" in a table with no time of day: no condition, and no number.
    NoTimeColumn {
        source: String,
    },
    /// "weekends", "not on mondays": the day of the week of a date field,
    /// one of `days` (0 = Sunday … 6 = Saturday) or, `negated`, none.
    Weekday {
        source: String,
        field: String,
        days: Vec<u8>,
        negated: bool,
    },
    /// "on sundays" in a table with no date: no condition.
    NoDateColumn {
        source: String,
    },
    /// "in the last two weeks" where no field holds dates or years.
    NoDateForSpan {
        source: String,
    },
    /// "deadly fires": a field of counts above 0 (or, `none`, at 0).
    CountedWord {
        source: String,
        field: String,
        none: bool,
    },
    /// "in the last period": a field of a few whole numbers at its
    /// largest (or, for "first", smallest) value.
    EndOfField {
        source: String,
        field: String,
        value: i64,
        last: bool,
    },
    /// "the windiest day of 2013" where no field holds years or dates.
    NoYearColumn {
        source: String,
    },
    /// "unknown colour", "with a website": the field empty (or a count
    /// zero), or not.
    Missing {
        source: String,
        field: String,
        empty: bool,
        /// The value the field writes its absence with ("none"), if that
        /// was asked for rather than an empty field.
        none_value: Option<String>,
    },
    /// "teenagers", "in their 40s": an age range on the age field
    /// (inclusive bounds; `None` is open).
    AgeWord {
        source: String,
        field: String,
        low: Option<i64>,
        high: Option<i64>,
    },
    /// "more deaths than births": one field compared with another of the
    /// same record.
    FieldComparison {
        source: String,
        field: String,
        other: String,
    },
    /// "cities with more than 5 companies": values of `field` counted over
    /// the records.
    GroupCount {
        source: String,
        field: String,
    },
    /// "more gold than Kenya": `field` compared with the anchor record's.
    RowComparison {
        source: String,
        field: String,
        anchor_field: String,
        anchor_value: String,
        matched: MatchKind,
    },
    /// "before San Juan": the records listed before or after an anchor.
    RowPosition {
        source: String,
        before: bool,
        field: String,
        value: String,
        matched: MatchKind,
    },
    /// One or more values of a field (negated or not).
    Value {
        source: String,
        field: String,
        negated: bool,
        matched: MatchKind,
        ambiguous: bool,
        confidence: f32,
    },
    /// Quoted text searched inside a field.
    Substring {
        text: String,
        field: String,
    },
    /// A numeric field against its mean over the whole dataset.
    Average {
        source: String,
        field: String,
        above: bool,
        confidence: f32,
    },
    /// A number read as a condition on a field.
    Number {
        source: String,
        field: String,
        matched: MatchKind,
        confidence: f32,
    },
    /// An amount with a unit converted to a field's unit (and scale):
    /// "'2.5 kg' read as 2500 g for birth_weight_g". `guessed` when the
    /// field's unit was taken from its range of values.
    Conversion {
        source: String,
        value: String,
        unit: String,
        field: String,
        guessed: bool,
    },
    /// An amount whose unit's dimension no field of the dataset has: no
    /// condition. `dimension` is the dimension's noun ("a mass").
    NoFieldForUnit {
        source: String,
        dimension: String,
    },
    /// The most or least frequent value of a field.
    MostFrequent {
        source: String,
        field: String,
        most: bool,
        confidence: f32,
    },
    /// A superlative ordering by a field.
    Order {
        source: String,
        field: String,
        direction: Direction,
    },
    /// "the first", "last 3": the records' position in the dataset.
    /// A superlative without a count: every record tied for the extreme.
    Ties {
        source: String,
    },
    OrderByPosition {
        source: String,
    },
    /// A superlative with no field to order by.
    NoOrderField {
        source: String,
    },
    /// A superlative of an adjective or participle ordering by the column
    /// the lexicon found for it: "'heaviest' read as the largest
    /// birth_weight_g (weight)."
    GradedOrder {
        source: String,
        field: String,
        noun: String,
        direction: Direction,
    },
    /// A superlative of an adjective whose nouns no column holds: no order.
    GradedNoField {
        source: String,
        word: String,
        nouns: Vec<String>,
    },
    /// A comparison of a number whose comparative ("deeper than 2500")
    /// speaks of what no field measures: no condition.
    ComparedNoField {
        source: String,
    },
    /// A comparative of an adjective about the column the lexicon found.
    GradedField {
        source: String,
        field: String,
        noun: String,
    },
    /// "which had higher attendance, A or B": the choice between records.
    ChooseAlternative {
        source: String,
        field: String,
    },
    /// Words searched in the full-text index.
    Traits {
        words: Vec<String>,
    },
    /// Words that were no field, value or condition.
    Ignored {
        words: Vec<String>,
    },
    /// A word or phrase the dataset's vocabulary teaches, where it was
    /// used: "'DACH' is taught: country in (Germany, Austria,
    /// Switzerland)."
    Taught {
        source: String,
        teaching: Teaching,
    },
    /// Which tier ran.
    Tier(Tier),
    /// Nothing to filter, search or order by.
    NoCondition,
}

/// What the dataset's vocabulary teaches a word or phrase to mean.
#[derive(Debug, Clone, PartialEq)]
pub enum Teaching {
    /// A synonym of the field.
    Synonym { field: String },
    /// The unit of the field's numbers.
    Unit { field: String },
    /// A word of the field's description.
    Description { field: String },
    /// An alias: the field is one of the values.
    Alias { field: String, values: Vec<String> },
    /// A superlative: orders by the field.
    Superlative { field: String, direction: Direction },
}

/// How a link was made, as the notes say it.
fn match_word(kind: MatchKind) -> &'static str {
    match kind {
        MatchKind::Taught => "taught",
        MatchKind::Exact => "exact",
        MatchKind::Stemmed => "stemmed",
        MatchKind::Synonym => "synonym",
        MatchKind::Inferred => "inferred",
        MatchKind::Fuzzy => "fuzzy",
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::FieldsNamed { fields } => {
                let names: Vec<String> = fields
                    .iter()
                    .map(|(words, column)| format!("'{words}' → {column}"))
                    .collect();
                write!(f, "Fields named: {}.", names.join(", "))
            }
            Note::Order {
                source,
                field,
                direction,
            } => write!(
                f,
                "'{source}' orders by {field} {}.",
                match direction {
                    Direction::Desc => "descending",
                    Direction::Asc => "ascending",
                }
            ),
            Note::Ties { source } => write!(
                f,
                "'{source}' asks for the extreme: every record tied for it is returned."
            ),
            Note::OrderByPosition { source } => write!(
                f,
                "'{source}' orders by the records' position in the dataset."
            ),
            Note::NoOrderField { source } => {
                write!(f, "'{source}' names no field to order by; ignored.")
            }
            Note::GradedOrder {
                source,
                field,
                noun,
                direction,
            } => write!(
                f,
                "'{source}' read as the {} {field} ({noun}).",
                match direction {
                    Direction::Desc => "largest",
                    Direction::Asc => "smallest",
                }
            ),
            Note::ComparedNoField { source } => write!(
                f,
                "'{source}' not understood: no field of this dataset measures what it compares; no condition added."
            ),
            Note::GradedNoField {
                source,
                word,
                nouns,
            } => write!(
                f,
                "'{source}' not understood: no field of this dataset measures what '{word}' speaks of ({}); no order.",
                nouns.join(", ")
            ),
            Note::GradedField {
                source,
                field,
                noun,
            } => write!(f, "'{source}' read as a comparison of {field} ({noun})."),
            Note::ChooseAlternative { source, field } => write!(
                f,
                "'{source}' chooses between the alternatives by {field}."
            ),
            Note::Traits { words } => write!(
                f,
                "Searched the text fields for: {} (full-text, ranked by BM25).",
                words.join(", ")
            ),
            Note::Ignored { words } => write!(
                f,
                "Words ignored (not a field, value or condition of this dataset): {}.",
                words.join(", ")
            ),
            Note::Taught { source, teaching } => {
                write!(f, "'{source}' is taught: ")?;
                match teaching {
                    Teaching::Synonym { field } => write!(f, "a synonym of {field}."),
                    Teaching::Unit { field } => write!(f, "the unit of {field}."),
                    Teaching::Description { field } => {
                        write!(f, "a word of the description of {field}.")
                    }
                    Teaching::Alias { field, values } => {
                        write!(f, "{field} in ({}).", values.join(", "))
                    }
                    Teaching::Superlative { field, direction } => write!(
                        f,
                        "orders by {field} {}.",
                        match direction {
                            Direction::Desc => "descending",
                            Direction::Asc => "ascending",
                        }
                    ),
                }
            }
            Note::Tier(Tier::Default) => f.write_str(
                "Default tier: exact, stemmed, synonym, world-knowledge and fuzzy linking; relaxes once if nothing matches.",
            ),
            Note::Tier(Tier::Small) => f.write_str(
                "Small tier: the same linking as the default tier; no relaxation and no zero-result probes.",
            ),
            Note::NoCondition => {
                f.write_str("No condition found: returning the records in dataset order.")
            }
            Note::RelativeDate { .. } | Note::YesNoField { .. } | Note::Month { .. } | Note::AgeWord { .. } | Note::Calendar { .. } | Note::TimeOfDay { .. } | Note::NoTimeColumn { .. } | Note::Weekday { .. } | Note::NoDateColumn { .. } | Note::NoDateForSpan { .. } | Note::EndOfField { .. } | Note::CountedWord { .. } | Note::NoYearColumn { .. } | Note::Missing { .. } | Note::RowComparison { .. } | Note::FieldComparison { .. } | Note::GroupCount { .. } | Note::RowPosition { .. } | Note::Value { .. } | Note::Substring { .. } | Note::Average { .. } | Note::Number { .. } | Note::Conversion { .. } | Note::NoFieldForUnit { .. } | Note::MostFrequent { .. } => self.fmt_condition(f),
        }
    }
}

impl Note {
    /// The sentence of a note about one condition.
    fn fmt_condition(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::RelativeDate {
                source,
                field,
                from,
                today,
            } => write!(
                f,
                "'{source}' read as {field} on or after {from} (counted from {today})."
            ),
            Note::YesNoField {
                source,
                field,
                negated,
            } => write!(
                f,
                "'{source}' names the yes/no field {field}; keeping records where it is {}.",
                if *negated { "not yes" } else { "yes" }
            ),
            Note::Month { source, field } => write!(f, "'{source}' read as a month of {field}."),
            Note::Calendar { source, field } => {
                write!(f, "'{source}' read as a range of {field}.")
            }
            Note::TimeOfDay {
                source,
                field,
                from,
                to,
            } => write!(
                f,
                "'{source}' read as a time of day of {field}, from {from} to {to}."
            ),
            Note::NoTimeColumn { source } => write!(
                f,
                "'{source}' read as a time of day; the dataset has no time column, so it sets no condition."
            ),
            Note::Weekday {
                source,
                field,
                days,
                negated,
            } => write!(
                f,
                "'{source}' read as {field} {}on {}.",
                if *negated { "not " } else { "" },
                weekday_words(days)
            ),
            Note::NoDateColumn { source } => write!(
                f,
                "'{source}' read as a day of the week; the dataset has no date field, so it sets no condition."
            ),
            Note::NoDateForSpan { source } => write!(
                f,
                "'{source}' read as a span of time before today; the dataset has no date field to read it on, so it sets no condition."
            ),
            Note::CountedWord { source, field, none } => write!(
                f,
                "'{source}' read as {field} {}.",
                if *none { "= 0 (none)" } else { "> 0 (some)" }
            ),
            Note::EndOfField {
                source,
                field,
                value,
                last,
            } => write!(
                f,
                "'{source}' read as {field} = {value}, its {} value.",
                if *last { "largest" } else { "smallest" }
            ),
            Note::NoYearColumn { source } => write!(
                f,
                "'{source}' read as a year; no field of the dataset holds years or dates, so it sets no condition."
            ),
            Note::GroupCount { source, field } => write!(
                f,
                "'{source}' read as a count of the matching records for each value of {field}."
            ),
            Note::FieldComparison {
                source,
                field,
                other,
            } => write!(
                f,
                "'{source}' read as a comparison of {field} with {other} in each record."
            ),
            Note::Missing {
                source,
                field,
                none_value: Some(v),
                ..
            } => write!(f, "'{source}' read as records whose {field} is '{v}'."),
            Note::Missing {
                source,
                field,
                empty,
                none_value: None,
            } => {
                let what = if *empty { "no value" } else { "a value" };
                write!(f, "'{source}' read as records with {what} in {field}.")
            }
            Note::AgeWord {
                source,
                field,
                low,
                high,
            } => match (low, high) {
                (Some(l), Some(h)) => write!(f, "'{source}' read as {field} from {l} to {h}."),
                (Some(l), None) => write!(f, "'{source}' read as {field} of {l} or more."),
                (None, Some(h)) => write!(f, "'{source}' read as {field} of {h} or less."),
                (None, None) => write!(f, "'{source}' read as {field}."),
            },
            Note::RowComparison {
                source,
                field,
                anchor_field,
                anchor_value,
                matched,
            } => write!(
                f,
                "'{source}' compares {field} with the record whose {anchor_field} is '{anchor_value}' ({}).",
                match_word(*matched)
            ),
            Note::RowPosition {
                source,
                before,
                field,
                value,
                matched,
            } => write!(
                f,
                "'{source}' read as the records listed {} the one whose {field} is '{value}' ({}).",
                if *before { "before" } else { "after" },
                match_word(*matched)
            ),
            Note::Value {
                source,
                field,
                negated,
                matched,
                ambiguous,
                confidence,
            } => write!(
                f,
                "{} '{source}' matched a value of {field} ({}{}, confidence {confidence:.2}).",
                if *negated { "Negated:" } else { "Value" },
                match_word(*matched),
                if *ambiguous {
                    ", also found in other fields"
                } else {
                    ""
                },
            ),
            Note::Substring { text, field } => write!(
                f,
                "'{text}' searched for inside the values of {field} (as a part, not a whole value)."
            ),
            Note::Average {
                source,
                field,
                above,
                confidence,
            } => write!(
                f,
                "'{source}' read as {field} {} its average over the whole dataset (confidence {confidence:.2}).",
                if *above { "above" } else { "below" }
            ),
            Note::Number {
                source,
                field,
                matched,
                confidence,
            } => write!(
                f,
                "'{source}' read as a condition on {field} ({}, confidence {confidence:.2}).",
                if *matched == MatchKind::Exact {
                    "field named next to the number"
                } else {
                    match_word(*matched)
                }
            ),
            Note::Conversion {
                source,
                value,
                unit,
                field,
                guessed,
            } => {
                let unit = if unit.is_empty() {
                    String::new()
                } else {
                    format!(" {unit}")
                };
                write!(f, "'{source}' read as {value}{unit} for {field}")?;
                if *guessed {
                    f.write_str(" (its unit taken from the field's range of values)")?;
                }
                f.write_str(".")
            }
            Note::NoFieldForUnit { source, dimension } => write!(
                f,
                "'{source}' is {dimension}, and no field of this dataset holds one; no condition added."
            ),
            Note::MostFrequent {
                source,
                field,
                most,
                confidence,
            } => write!(
                f,
                "'{source}' read as the {} frequent value of {field} among the matching records (inferred, confidence {confidence:.2}).",
                if *most { "most" } else { "least" }
            ),
            Note::FieldsNamed { .. } | Note::Order { .. } | Note::OrderByPosition { .. } | Note::Ties { .. } | Note::NoOrderField { .. } | Note::GradedOrder { .. } | Note::GradedNoField { .. } | Note::ComparedNoField { .. } | Note::GradedField { .. } | Note::ChooseAlternative { .. } | Note::Traits { .. } | Note::Ignored { .. } | Note::Taught { .. } | Note::Tier(_) | Note::NoCondition => {
                unreachable!("not a note about a condition")
            }
        }
    }
}

/// Days of the week for a note, Monday first: "a Saturday or Sunday", "a
/// day from Monday to Friday" (three days or more in a row, across the
/// week's end too: "a day from Friday to Monday").
fn weekday_words(days: &[u8]) -> String {
    let set: Vec<bool> = (0..7u8).map(|d| days.contains(&d)).collect();
    let n = set.iter().filter(|&&b| b).count() as u8;
    let name = |d: u8| WEEKDAY_NAMES[usize::from(d)];
    let starts: Vec<u8> = (0..7u8)
        .filter(|&d| set[usize::from(d)] && !set[usize::from((d + 6) % 7)])
        .collect();
    match (n, starts.as_slice()) {
        (0, _) => "no day".to_string(),
        (7, _) => "any day".to_string(),
        (3.., &[first]) => format!(
            "a day from {} to {}",
            name(first),
            name((first + n - 1) % 7)
        ),
        _ => {
            // Monday first: Sunday (0) is the week's last day here.
            let mut order: Vec<u8> = (0..7u8).filter(|&d| set[usize::from(d)]).collect();
            order.sort_by_key(|&d| (d + 6) % 7);
            let names: Vec<&str> = order.iter().map(|&d| name(d)).collect();
            match names.split_last() {
                Some((last, init)) if !init.is_empty() => {
                    format!("a {} or {last}", init.join(", "))
                }
                _ => format!("a {}", names.concat()),
            }
        }
    }
}
