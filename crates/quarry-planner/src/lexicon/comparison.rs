//! Words of comparison and order: comparator phrases ("at least", "over"),
//! the one typed table of comparatives and superlatives ("older than",
//! "more" apart from its "than", "oldest"), and the words after a number
//! that widen it ("500 or more").

use super::fields::FieldGroup;

/// What a comparison asks of a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Gt,
    Ge,
    Lt,
    Le,
    Eq,
    Ne,
    Between,
    Before,
    After,
    Since,
}

/// A comparison phrase that is not the degree of an adjective ("at least",
/// "no more than", "between") and the operator it means.
pub struct Comparator {
    pub words: &'static [&'static str],
    pub op: Cmp,
}

macro_rules! cmp {
    ($op:ident, [$($w:expr),+]) => {
        Comparator { words: &[$($w),+], op: Cmp::$op }
    };
}

/// Matching tries them all and keeps the longest (the comparatives'
/// "<words> than" included).
pub const COMPARATORS: &[Comparator] = &[
    cmp!(Ge, ["at", "least"]),
    cmp!(Ge, ["no", "less", "than"]),
    cmp!(Ge, ["no", "fewer", "than"]),
    cmp!(Ge, ["not", "less", "than"]),
    cmp!(Ge, ["greater", "than", "or", "equal", "to"]),
    cmp!(Ge, ["more", "than", "or", "equal", "to"]),
    cmp!(Ge, ["minimum", "of"]),
    cmp!(Ge, ["min"]),
    cmp!(Le, ["at", "most"]),
    cmp!(Le, ["no", "more", "than"]),
    cmp!(Le, ["not", "more", "than"]),
    cmp!(Le, ["less", "than", "or", "equal", "to"]),
    cmp!(Le, ["up", "to"]),
    cmp!(Le, ["maximum", "of"]),
    cmp!(Le, ["max"]),
    cmp!(Le, ["no", "greater", "than"]),
    cmp!(Gt, ["over"]),
    cmp!(Gt, ["above"]),
    cmp!(Gt, ["exceeding"]),
    cmp!(Gt, ["exceeds"]),
    cmp!(Gt, ["exceed"]),
    cmp!(Gt, ["beyond"]),
    // "july hours that topped 30 c", "broke past 40 degrees".
    cmp!(Gt, ["topped"]),
    cmp!(Gt, ["topping"]),
    cmp!(Gt, ["exceeded"]),
    cmp!(Gt, ["surpassed"]),
    cmp!(Gt, ["surpassing"]),
    cmp!(Gt, ["in", "excess", "of"]),
    cmp!(Gt, ["past"]),
    // "sub 4 minute miles".
    cmp!(Lt, ["sub"]),
    cmp!(Gt, [">"]),
    cmp!(Lt, ["under"]),
    cmp!(Lt, ["below"]),
    cmp!(Lt, ["beneath"]),
    // "within a mile": up to and including it.
    cmp!(Le, ["within"]),
    cmp!(Ne, ["not", "equal", "to"]),
    cmp!(Ne, ["other", "than"]),
    cmp!(Eq, ["equal", "to"]),
    cmp!(Eq, ["exactly"]),
    cmp!(Between, ["between"]),
    cmp!(Between, ["from"]),
    cmp!(Before, ["before"]),
    cmp!(Before, ["prior", "to"]),
    cmp!(After, ["after"]),
    cmp!(Since, ["since"]),
];

/// The degree of a word of comparison and what it means in each use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Degree {
    /// "older": `than` is what "<words> than" means; `apart` what the word
    /// means when its "than" comes later ("a greater weight than 10"), for
    /// the words that can sit apart from it.
    Comparative { than: Cmp, apart: Option<Cmp> },
    /// "oldest": an order, largest first when `desc`.
    Superlative { desc: bool },
}

/// One comparative or superlative: its words, its degree, and the field
/// group it implies when no field is named next to it ("older than 30" is
/// about age).
pub struct Comparative {
    pub words: &'static [&'static str],
    pub degree: Degree,
    pub group: Option<FieldGroup>,
}

macro_rules! comparative {
    ([$($w:expr),+], $than:ident, $apart:expr, $group:expr) => {
        Comparative {
            words: &[$($w),+],
            degree: Degree::Comparative { than: Cmp::$than, apart: $apart },
            group: $group,
        }
    };
}

macro_rules! superlative {
    ([$($w:expr),+], $desc:expr, $group:expr) => {
        Comparative { words: &[$($w),+], degree: Degree::Superlative { desc: $desc }, group: $group }
    };
}

const GT: Option<Cmp> = Some(Cmp::Gt);
const LT: Option<Cmp> = Some(Cmp::Lt);
use FieldGroup as G;

/// Every comparative and superlative the planner reads.
pub const COMPARATIVES: &[Comparative] = &[
    comparative!(["more"], Gt, GT, None),
    comparative!(["greater"], Gt, GT, None),
    comparative!(["larger"], Gt, GT, None),
    comparative!(["bigger"], Gt, GT, None),
    comparative!(["higher"], Gt, GT, None),
    comparative!(["older"], Gt, GT, Some(G::Age)),
    comparative!(["heavier"], Gt, GT, Some(G::Weight)),
    comparative!(["taller"], Gt, GT, Some(G::Height)),
    comparative!(["longer"], Gt, GT, Some(G::Length)),
    comparative!(["faster"], Gt, None, Some(G::Speed)),
    comparative!(["more", "expensive"], Gt, None, Some(G::Price)),
    comparative!(["more", "popular"], Gt, None, Some(G::Popularity)),
    comparative!(["stronger"], Gt, None, Some(G::Strength)),
    comparative!(["weaker"], Lt, None, Some(G::Strength)),
    comparative!(["more", "powerful"], Gt, None, Some(G::Strength)),
    comparative!(["later"], After, GT, None),
    comparative!(["newer"], After, GT, Some(G::Year)),
    comparative!(["less"], Lt, LT, None),
    comparative!(["fewer"], Lt, LT, None),
    comparative!(["lower"], Lt, LT, None),
    comparative!(["smaller"], Lt, LT, None),
    comparative!(["younger"], Lt, LT, Some(G::Age)),
    comparative!(["lighter"], Lt, LT, Some(G::Weight)),
    comparative!(["shorter"], Lt, LT, Some(G::Height)),
    comparative!(["slower"], Lt, None, Some(G::Speed)),
    comparative!(["cheaper"], Lt, None, Some(G::Price)),
    comparative!(["less", "expensive"], Lt, None, Some(G::Price)),
    comparative!(["earlier"], Before, LT, None),
    comparative!(["north", "of"], Gt, None, Some(G::Latitude)),
    comparative!(["south", "of"], Lt, None, Some(G::Latitude)),
    comparative!(["east", "of"], Gt, None, Some(G::Longitude)),
    comparative!(["west", "of"], Lt, None, Some(G::Longitude)),
    superlative!(["most"], true, None),
    superlative!(["highest"], true, None),
    superlative!(["largest"], true, Some(G::Size)),
    superlative!(["biggest"], true, Some(G::Size)),
    superlative!(["greatest"], true, None),
    superlative!(["maximum"], true, None),
    superlative!(["max"], true, None),
    superlative!(["top"], true, None),
    superlative!(["leader"], true, None),
    superlative!(["leaders"], true, None),
    superlative!(["best"], true, Some(G::Rating)),
    superlative!(["least"], false, None),
    superlative!(["lowest"], false, None),
    superlative!(["smallest"], false, Some(G::Size)),
    superlative!(["fewest"], false, None),
    superlative!(["minimum"], false, None),
    superlative!(["min"], false, None),
    superlative!(["worst"], false, Some(G::Rating)),
    superlative!(["bottom"], false, None),
    superlative!(["oldest"], true, Some(G::Age)),
    superlative!(["youngest"], false, Some(G::Age)),
    superlative!(["newest"], true, Some(G::Year)),
    superlative!(["latest"], true, Some(G::Year)),
    superlative!(["earliest"], false, Some(G::Year)),
    superlative!(["cheapest"], false, Some(G::Price)),
    superlative!(["heaviest"], true, Some(G::Weight)),
    superlative!(["lightest"], false, Some(G::Weight)),
    superlative!(["tallest"], true, Some(G::Height)),
    superlative!(["shortest"], false, Some(G::Length)),
    superlative!(["longest"], true, Some(G::Length)),
    superlative!(["farthest"], true, Some(G::Length)),
    superlative!(["furthest"], true, Some(G::Length)),
    superlative!(["nearest"], false, Some(G::Length)),
    superlative!(["closest"], false, Some(G::Length)),
    superlative!(["fastest"], true, Some(G::Speed)),
    superlative!(["slowest"], false, Some(G::Speed)),
    superlative!(["richest"], true, Some(G::Salary)),
    superlative!(["poorest"], false, Some(G::Salary)),
    superlative!(["most", "expensive"], true, Some(G::Price)),
    superlative!(["least", "expensive"], false, Some(G::Price)),
    superlative!(["most", "recent"], true, Some(G::Year)),
    superlative!(["most", "recently"], true, Some(G::Year)),
    superlative!(["least", "recently"], false, Some(G::Year)),
    superlative!(["most", "populous"], true, Some(G::Population)),
    superlative!(["most", "popular"], true, Some(G::Popularity)),
    superlative!(["strongest"], true, Some(G::Strength)),
    superlative!(["weakest"], false, Some(G::Strength)),
    superlative!(["most", "powerful"], true, Some(G::Strength)),
    superlative!(["least", "powerful"], false, Some(G::Strength)),
    superlative!(["least", "popular"], false, Some(G::Popularity)),
    superlative!(["most", "watched"], true, Some(G::Popularity)),
    superlative!(["least", "watched"], false, Some(G::Popularity)),
    superlative!(["most", "viewed"], true, Some(G::Popularity)),
    superlative!(["least", "viewed"], false, Some(G::Popularity)),
    superlative!(["busiest"], true, Some(G::Popularity)),
    superlative!(["quietest"], false, Some(G::Popularity)),
    superlative!(["northernmost"], true, Some(G::Latitude)),
    superlative!(["southernmost"], false, Some(G::Latitude)),
    superlative!(["easternmost"], true, Some(G::Longitude)),
    superlative!(["westernmost"], false, Some(G::Longitude)),
    superlative!(["most", "northern"], true, Some(G::Latitude)),
    superlative!(["most", "southern"], false, Some(G::Latitude)),
    superlative!(["most", "eastern"], true, Some(G::Longitude)),
    superlative!(["most", "western"], false, Some(G::Longitude)),
    superlative!(["furthest", "north"], true, Some(G::Latitude)),
    superlative!(["furthest", "south"], false, Some(G::Latitude)),
    superlative!(["farthest", "north"], true, Some(G::Latitude)),
    superlative!(["farthest", "south"], false, Some(G::Latitude)),
    superlative!(["most", "fuel", "efficient"], true, Some(G::Mpg)),
    superlative!(["least", "fuel", "efficient"], false, Some(G::Mpg)),
];

/// What a comparative word means apart from its "than" ("a greater weight
/// than 10"), if it can sit apart from it.
pub fn split_comparative(w: &str) -> Option<Cmp> {
    COMPARATIVES.iter().find_map(|c| match c.degree {
        Degree::Comparative { apart, .. } if c.words.len() == 1 && c.words[0] == w => apart,
        _ => None,
    })
}

/// Words after a number that flip or widen the comparison: "500 or more".
pub const TRAILING: &[(&[&str], Cmp)] = &[
    (&["or", "more"], Cmp::Ge),
    (&["or", "greater"], Cmp::Ge),
    (&["or", "higher"], Cmp::Ge),
    (&["or", "above"], Cmp::Ge),
    (&["or", "over"], Cmp::Ge),
    (&["and", "above"], Cmp::Ge),
    (&["and", "over"], Cmp::Ge),
    (&["plus"], Cmp::Ge),
    (&["+"], Cmp::Ge),
    (&["or", "less"], Cmp::Le),
    (&["or", "fewer"], Cmp::Le),
    (&["or", "lower"], Cmp::Le),
    (&["or", "below"], Cmp::Le),
    (&["or", "under"], Cmp::Le),
    (&["and", "below"], Cmp::Le),
    (&["and", "under"], Cmp::Le),
];
