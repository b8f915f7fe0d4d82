//! `QueryPlan`: the one structure the thoughts and the SQL are both made from.

use crate::confidence;
use serde::{Deserialize, Serialize};

/// A literal value in a condition. The renderer quotes it; it is never
/// spliced into SQL as text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Literal {
    Integer(i64),
    Float(f64),
    Text(String),
    Boolean(bool),
}

/// Comparison operators a condition can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `field BETWEEN values[0] AND values[1]`.
    Between,
    /// `field IN (values…)`.
    In,
    /// `field NOT IN (values…)`.
    NotIn,
    /// Case-insensitive substring: `field LIKE '%value%'`.
    Contains,
    /// Negated `Contains`.
    NotContains,
    /// A list field ("CA,JP,US", "1, 5, 8") holds any of the values as one
    /// of its items (case-insensitive).
    HasItem,
    /// Negated `HasItem`: none of the values is an item (or no list).
    NotHasItem,
    /// Text prefix: `field LIKE 'value%'` (also used for a year on a date column).
    StartsWith,
    /// Text suffix: `field LIKE '%value'` ("tail numbers ending in aa").
    EndsWith,
    IsNull,
    IsNotNull,
    /// The year a date kept as text writes (`7/4/2015`, `25-12-2019`;
    /// the stores' `quarry_year`) within `[values[0], values[1]]`, whole
    /// years, both included ("before 1970" on `7/4/2015`).
    YearBetween,
    /// The time of day of `field` (a time, or a date and time, as text)
    /// within `[values[0], values[1])`, each `HH:MM:SS` ("24:00:00" is the
    /// end of the day); a range whose start is after its end runs past
    /// midnight (either side holds).
    TimeOfDay,
    /// The day of the week of `field` (a date, or a date and time, as
    /// ISO text) is one of the values: day numbers as SQLite's
    /// `strftime('%w')` counts them, `Integer(0)` (Sunday) to `Integer(6)`
    /// (Saturday) ("on weekends": 0 and 6).
    Weekday,
    /// Negated `Weekday`: a day of the week none of the values (a field
    /// with no day, empty or not a date, is neither).
    NotWeekday,
    /// Records listed before the first record whose `field` equals the
    /// value ("before San Juan"): position in the dataset, not a value order.
    BeforeRowOf,
    /// Records listed after the first record whose `field` equals the value.
    AfterRowOf,
    /// `field` greater than the same field of another record: values are
    /// `[Text(anchor field name), anchor value]` ("more gold than Kenya").
    GtRowOf,
    /// `field` less than the same field of the anchor record.
    LtRowOf,
    /// `field` equal to the same field of the anchor record.
    EqRowOf,
    /// `field` greater than another field of the same record: values are
    /// `[Text(other field name)]` ("more deaths than births").
    GtField,
    /// `field` less than another field of the same record.
    LtField,
    /// `field` equal to another field of the same record ("draws": home
    /// goals the same as away goals).
    EqField,
    /// `field` different from another field of the same record
    /// ("permanent address different from the current one").
    NeField,
    /// `field` above its mean over the whole dataset ("older than
    /// average"); no values.
    GtAvg,
    /// `field` below its mean over the whole dataset.
    LtAvg,
    /// `field` holds its most frequent value among the records the other
    /// filters keep ("which year had the most films").
    MostFrequent,
    /// `field` holds its least frequent value among those records.
    LeastFrequent,
    /// `field` holds a value that a number of records (among those the
    /// other filters keep) hold: values are `[Text(">"|">="|"<"|"<="),
    /// Integer(n)]` or `[Text("between"), Integer(lo), Integer(hi)]`
    /// ("cities with more than 5 companies").
    GroupCount,
}

/// The English names of the days of the week, by their number (0 =
/// Sunday, as SQLite's `strftime('%w')`): the values of
/// [`CompareOp::Weekday`].
pub const WEEKDAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// How a word was linked to a field or value; reported in `metadata` and
/// used to choose what to drop when relaxing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchKind {
    Fuzzy,
    Inferred,
    Synonym,
    Stemmed,
    Exact,
    /// Taught by the dataset's vocabulary (an alias phrase): as sure as an
    /// exact match.
    Taught,
}

/// One structured condition of the WHERE clause.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Condition {
    /// Column name (normalised) in the dataset.
    pub field: String,
    pub op: CompareOp,
    /// Operands: none for IsNull/IsNotNull, two for Between, one or more for
    /// In/NotIn, exactly one otherwise.
    pub values: Vec<Literal>,
    /// The phrase of the query this came from.
    pub source: String,
    pub matched: MatchKind,
    /// 0.0..=1.0; the least certain condition is the first one relaxed.
    pub confidence: f32,
}

/// A set of conditions of which at least one must hold (`a OR b`), for
/// alternatives across different fields. Same-field alternatives use `In`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Filter {
    pub any_of: Vec<Condition>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Asc,
    Desc,
}

/// What a plan orders by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderKey {
    /// A column (normalised name) of the dataset.
    Field(String),
    /// The records' position in the dataset: the order they had in the
    /// file. Each back-end maps it to its own notion of row order.
    RowPosition,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderBy {
    pub key: OrderKey,
    pub direction: Direction,
}

/// How the traits combine in the full-text match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TraitMatch {
    All,
    Any,
}

/// What figure a question asks for ("how many …", "average …", "total …").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FigureKind {
    Count,
    Average,
    Total,
}

/// A figure over all the matching records, computed by the same statement
/// that returns them (a window function) and stated in `metadata`; the
/// results are still the records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    pub kind: FigureKind,
    /// The numeric column averaged or summed; `None` for a count.
    pub field: Option<String>,
    /// The phrase of the query that asked for it.
    pub source: String,
}

/// Which planner tier ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    Default,
    Small,
}

/// The planner's whole answer for one phrase.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueryPlan {
    /// ANDed together.
    pub filters: Vec<Filter>,
    /// Terms or phrases searched in the FTS index; results ranked by BM25.
    pub traits: Vec<String>,
    /// Whether a record must match every trait or any of them.
    pub trait_match: TraitMatch,
    /// Phrases of the query that carried meaning, in query order.
    pub key_phrases: Vec<String>,
    /// Ordering asked for by the phrase ("cheapest", "top 5 by revenue").
    pub order: Vec<OrderBy>,
    /// A row count asked for by the phrase ("the 5 most …"), if any. The
    /// server caps it at the request's `limit`.
    pub limit: Option<u32>,
    /// Sentences for `thoughts.metadata`.
    pub notes: Vec<String>,
    pub tier: Tier,
    /// A figure the phrase asks for over the matching records, if any.
    #[serde(default)]
    pub figure: Option<Figure>,
    /// A superlative without a count ("the youngest patient") asks for the
    /// extreme: with a limit of 1 and one order, every record tied for it
    /// is returned, not one of them at random.
    #[serde(default)]
    pub ties: bool,
}

impl QueryPlan {
    pub fn empty(tier: Tier) -> Self {
        QueryPlan {
            filters: Vec::new(),
            traits: Vec::new(),
            trait_match: TraitMatch::All,
            key_phrases: Vec::new(),
            order: Vec::new(),
            limit: None,
            notes: Vec::new(),
            tier,
            figure: None,
            ties: false,
        }
    }

    /// The plan with its least certain filter dropped, or `None` when there
    /// is nothing uncertain to relax. Filters matched exactly or stemmed
    /// (confidence ≥ 0.9) are never dropped. Traits count as conditions too:
    /// when no uncertain filter is left, the last trait is dropped.
    pub fn relaxed(&self) -> Option<(QueryPlan, String)> {
        let mut worst: Option<(usize, f32)> = None;
        for (i, f) in self.filters.iter().enumerate() {
            let c = f
                .any_of
                .iter()
                .map(|c| c.confidence)
                .fold(confidence::EXACT, f32::min);
            if worst.is_none_or(|(_, w)| c < w) {
                worst = Some((i, c));
            }
        }
        // Only an uncertain condition is relaxed: dropping an exact match
        // would answer a different question.
        let worst = worst.filter(|&(_, c)| c < confidence::NEVER_RELAXED);
        let mut p = self.clone();
        let dropped = if let Some((i, _)) = worst {
            let f = p.filters.remove(i);
            f.any_of
                .iter()
                .map(|c| c.source.clone())
                .collect::<Vec<_>>()
                .join(" or ")
        } else if p.traits.iter().any(|t| t.contains(' ')) {
            // A phrase: its words anywhere, all of them.
            let phrases: Vec<String> = p
                .traits
                .iter()
                .filter(|t| t.contains(' '))
                .cloned()
                .collect();
            p.traits = p
                .traits
                .iter()
                .flat_map(|t| t.split(' ').map(str::to_string).collect::<Vec<_>>())
                .collect();
            format!(
                "the requirement that {} appear as written (its words are searched apart)",
                phrases.join(", ")
            )
        } else if p.traits.len() > 1 && p.trait_match == TraitMatch::All {
            // Several traits: any of them, best BM25 match first.
            p.trait_match = TraitMatch::Any;
            format!(
                "the requirement that every one of {} appears",
                p.traits.join(", ")
            )
        } else {
            p.traits.pop()?
        };
        Some((p, dropped))
    }
}
