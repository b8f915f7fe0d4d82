//! The small word lists that cue a pass: the words that introduce a value,
//! a year, a count or a position, the glue a pass may skip between a word
//! and the field it governs, and the words of sorting and frequency. Each
//! list is named after the question a pass asks of a word.

/// "first", "last", "final": a position in the dataset's order.
pub fn is_position_word(w: &str) -> bool {
    matches!(w, "first" | "last" | "final")
}

/// Words that start a relative date ("last 3 years", "this year").
pub fn is_relative_date_word(w: &str) -> bool {
    matches!(w, "last" | "past" | "previous" | "this" | "recent")
}

/// The months in a unit of a relative date, by the unit's stem.
pub fn months_in_unit(stem: &str) -> Option<i32> {
    match stem {
        "year" => Some(12),
        "month" => Some(1),
        "decade" => Some(120),
        _ => None,
    }
}

/// A text value meaning "yes" in a yes/no column.
pub fn is_yes_word(w: &str) -> bool {
    matches!(w, "yes" | "y" | "true" | "t")
}

/// What a coded label says, lowercased: `1_female` → "female", `0_no` →
/// "no", `NA_NA` → "na", `2. No` → "no" (a statistics package's numbered
/// factor levels); any other value as it is, lowercased.
pub fn value_label(v: &str) -> String {
    let v = v.trim();
    let rest = match v.split_once('_') {
        Some((code, rest))
            if !rest.is_empty()
                && (code.chars().all(|c| c.is_ascii_digit()) && !code.is_empty()
                    || code.eq_ignore_ascii_case("na")) =>
        {
            rest
        }
        // `1. Yes`, `2) No`: a label numbered for its order.
        _ => match v.split_once(['.', ')']) {
            Some((code, rest))
                if (1..=2).contains(&code.len())
                    && code.bytes().all(|b| b.is_ascii_digit())
                    && rest.starts_with(' ')
                    && !rest.trim().is_empty() =>
            {
                rest.trim()
            }
            _ => v,
        },
    };
    rest.to_lowercase()
}

/// A text value of a yes/no column.
pub fn is_yes_no_word(w: &str) -> bool {
    matches!(w, "yes" | "y" | "true" | "t" | "no" | "n" | "false" | "f")
}

/// Glue words that alone never name a field, whatever the column names.
pub fn is_glue_word(w: &str) -> bool {
    matches!(
        w,
        "the" | "of" | "a" | "in" | "and" | "to" | "by" | "for" | "is" | "s" | "no"
    )
}

/// "named h", "called X": whatever follows is a value.
pub fn introduces_value(w: &str) -> bool {
    matches!(w, "named" | "called" | "titled")
}

/// Words of a column name for an origin, when the word before a value says
/// "from Chicago".
pub const ORIGIN_COLUMN_WORDS: &[&str] = &["origin", "source", "from", "departure", "depart"];
/// Words of a column name for a destination ("to Chicago").
pub const DESTINATION_COLUMN_WORDS: &[&str] = &["dest", "destination", "to", "arrival", "arrive"];

/// Words of a column name for the other side of a game ("against the
/// bears": `opposing_team`, `opponent`).
pub const OPPONENT_COLUMN_WORDS: &[&str] = &[
    "opposing",
    "opponent",
    "opponents",
    "opp",
    "against",
    "vs",
    "versus",
    "rival",
];

/// The column words a word before a value points to: an origin after
/// "from", a destination after "to", the other side after "against".
pub fn direction_column_words(w: &str) -> Option<&'static [&'static str]> {
    match w {
        "against" | "vs" | "versus" | "facing" => Some(OPPONENT_COLUMN_WORDS),
        "from" | "leaving" | "departing" | "out" => Some(ORIGIN_COLUMN_WORDS),
        "to" | "into" | "arriving" | "landing" | "toward" | "towards" => {
            Some(DESTINATION_COLUMN_WORDS)
        }
        _ => None,
    }
}

/// Words a negation reaches across besides stopwords and field names ("not
/// from", "doesn't have").
pub fn negation_bridge(w: &str) -> bool {
    // Past participles too: "not made by", "not published by", "not
    // located in".
    // Verbs of having and being, and "good" of "not in good health".
    matches!(
        w,
        "have"
            | "has"
            | "use"
            | "from"
            | "in"
            | "equal"
            | "own"
            | "owns"
            | "get"
            | "got"
            | "good"
            | "any"
            // "did not choose the car", "does not include breakfast":
            // verbs of taking or having in their plain form, after "do"
            // (none that is also a common noun: "no cd drive and under").
            | "choose"
            | "pick"
            | "select"
            | "take"
            | "buy"
            | "want"
            | "prefer"
            | "receive"
            | "include"
            | "contain"
            | "speak"
            | "attend"
    ) || (w.len() > 4 && w.ends_with("ed"))
}

/// Where a position word puts the records: before or after the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Before,
    After,
}

/// "before San Juan", "the driver after X": the side a word names.
pub fn position_side(w: &str) -> Option<Side> {
    match w {
        "before" | "previous" | "preceding" | "prior" | "above" => Some(Side::Before),
        "after" | "next" | "following" | "succeeding" | "below" => Some(Side::After),
        _ => None,
    }
}

/// Words allowed between a position word and its anchor ("right after").
pub fn is_position_filler(w: &str) -> bool {
    matches!(
        w,
        "the" | "to" | "right" | "just" | "immediately" | "directly"
    )
}

/// Words allowed between a comparison and the record it compares with
/// ("taller than the one …").
pub fn is_comparison_filler(w: &str) -> bool {
    matches!(w, "the" | "that" | "of")
}

/// "the letter w", "the substring ab": the next word is a part to search.
pub fn asks_for_spelled_part(w: &str) -> bool {
    matches!(
        w,
        "letter" | "letters" | "substring" | "character" | "characters" | "string"
    )
}

/// "contains", "including": asks for a part of a field.
pub fn is_contain_word(w: &str) -> bool {
    matches!(
        w,
        "contain" | "contains" | "containing" | "include" | "includes" | "including"
    )
}

/// Words between an owner field and a generic one ("the state whose name").
pub fn is_owner_glue(w: &str) -> bool {
    matches!(w, "whose" | "s" | "of" | "the")
}

/// A field word that names any text field of its owner ("name", "title").
pub fn is_generic_name_word(w: &str) -> bool {
    matches!(w, "name" | "names" | "title")
}

/// A part of a column name that makes it a year column.
pub fn is_year_name_part(w: &str) -> bool {
    matches!(w, "year" | "yr" | "season")
        || (w.ends_with("year") && w.len() <= 12)
        // `yronset`, `yrbuilt`, `yrsold`; `yrs` alone is a count of years.
        || (w.starts_with("yr") && w != "yrs" && w.len() <= 10 && w.chars().all(|c| c.is_ascii_alphabetic()))
}

/// A part of a text column name whose values hold a year ("2007
/// (May–October)").
pub fn is_year_text_name_part(w: &str) -> bool {
    matches!(w, "year" | "years" | "season" | "date" | "dates")
}

/// Words allowed between a field and the number or word after it
/// ("age is 30", "a weight of 10").
pub fn is_field_glue(w: &str) -> bool {
    matches!(
        w,
        "is" | "are" | "was" | "with" | "has" | "have" | "of" | "had"
    )
}

/// Words allowed between a comparison and "average" ("above the average").
pub fn is_average_article(w: &str) -> bool {
    matches!(w, "the" | "an" | "a" | "that" | "its" | "their")
}

/// "average", "mean", "avg".
pub fn is_average_word(w: &str) -> bool {
    matches!(w, "average" | "mean" | "avg")
}

/// Words allowed between a comparator and its number ("over about 5").
pub fn is_number_article(w: &str) -> bool {
    matches!(w, "a" | "an" | "the" | "about" | "around")
}

/// Words between the two numbers of a range ("10 and 20", "2010 to
/// 2015").
pub fn joins_range(w: &str) -> bool {
    matches!(w, "and" | "to" | "through" | "thru")
}

/// Words that make the number after them a year ("in 1994", "during
/// 2007").
pub fn introduces_year(w: &str) -> bool {
    matches!(w, "in" | "during" | "since" | "by")
}

/// Words after which a year-like number is read as a year when no field is
/// named ("of 2015", "year 2015").
pub fn precedes_year(w: &str) -> bool {
    matches!(w, "in" | "of" | "during" | "year")
}

/// Words before a number that make it a count ("the 3 cheapest").
pub fn introduces_count(w: &str) -> bool {
    matches!(w, "the" | "top" | "first")
}

/// "the most common nationality": a superlative about frequency.
pub fn is_frequency_word(w: &str) -> bool {
    matches!(
        w,
        "common" | "frequent" | "popular" | "usual" | "often" | "frequently"
    )
}

/// Whether a superlative asks for the most (true) or least (false) frequent
/// value: "most", "least", "fewest".
pub fn frequency_direction(w: &str) -> Option<bool> {
    match w {
        "most" => Some(true),
        "least" | "fewest" => Some(false),
        _ => None,
    }
}

/// "sorted by X", "in order of X".
pub fn is_sort_word(w: &str) -> bool {
    matches!(
        w,
        "order" | "ordered" | "sort" | "sorted" | "rank" | "ranked" | "arrange" | "arranged"
    )
}

/// Words that make a sort descending.
pub fn is_descending_word(w: &str) -> bool {
    matches!(w, "descending" | "desc" | "decreasing" | "reverse")
}

/// Words saying a field has no value: "unknown colour", "price missing".
pub fn is_absence_word(w: &str) -> bool {
    matches!(
        w,
        "unknown"
            | "missing"
            | "unrecorded"
            | "blank"
            | "empty"
            | "null"
            | "unavailable"
            | "unspecified"
            | "unreported"
            | "undisclosed"
            | "unlisted"
    )
}

/// Nouns that only stand for a field's values between its name and a word
/// of absence: "january figures missing", "salary data not given".
pub fn is_filler_noun(w: &str) -> bool {
    matches!(
        w,
        "figure"
            | "figures"
            | "weight"
            | "weights"
            | "data"
            | "value"
            | "values"
            | "info"
            | "information"
            | "law"
            | "rule"
            | "details"
            | "entry"
            | "entries"
            | "field"
            | "reading"
            | "readings"
            | "number"
            | "numbers"
            | "toll"
            | "count"
            | "status"
            | "amount"
            | "score"
            | "scores"
            | "rating"
            | "ratings"
            | "level"
            | "levels"
            | "measurement"
            | "measurements"
            | "result"
            | "results"
    )
}

/// Words before a field saying it has a value: "with a website", "known age".
pub fn is_presence_word(w: &str) -> bool {
    matches!(
        w,
        "with"
            | "has"
            | "have"
            | "having"
            | "had"
            | "known"
            | "including"
            | "includes"
            | "needed"
            | "needing"
            | "required"
            | "requiring"
            | "requested"
    )
}

/// Words after a field that speak of its being recorded: "no rating
/// recorded", "height not given", "no ozone reading", "no protein
/// figure".
pub fn is_recorded_word(w: &str) -> bool {
    matches!(
        w,
        "recorded"
            | "known"
            | "given"
            | "listed"
            | "reported"
            | "available"
            | "specified"
            | "stated"
            | "entered"
            | "provided"
            | "measured"
            | "reading"
            | "readings"
            | "figure"
            | "figures"
            | "measurement"
            | "measurements"
            | "entry"
            | "data"
            | "value"
            | "values"
            | "info"
            | "information"
    )
}

/// Words that only say what to search for, not what: "tweets mentioning
/// china", "posted from", "books about dragons".
pub fn is_search_verb(w: &str) -> bool {
    matches!(
        w,
        "about"
            | "mention"
            | "mentions"
            | "mentioning"
            | "mentioned"
            | "containing"
            | "contain"
            | "contains"
            | "including"
            | "include"
            | "includes"
            | "featuring"
            | "regarding"
            | "concerning"
            | "involving"
            | "saying"
            | "say"
            | "says"
            | "said"
            | "talking"
            | "discussing"
            | "sent"
            | "posted"
            | "tweeted"
            | "written"
            | "word"
            | "words"
    )
}

/// Plurals of the kinds of things tables list ("countries", "cities",
/// "companies"): alone, they name the records, never a part of one value
/// ("countries" is no evidence for `Nordic Countries`) nor a trait. The
/// singular may be a value's word ("country music"). `w` is a stem.
/// Other words for what the rows of a table are: "films" of a `movies`
/// table, "autos" of `cars`. A dataset named by one names them all.
pub const ROW_NOUN_SYNONYMS: &[&[&str]] = &[
    &["movie", "film", "picture"],
    &["car", "automobile", "auto", "vehicle"],
    &["song", "track", "tune"],
    &["company", "firm", "business", "corporation"],
    &["employee", "worker"],
    &["player", "athlete"],
    &["game", "match", "fixture"],
    &["student", "pupil"],
    &["house", "home", "property"],
    &["shop", "store", "outlet"],
    &["patient", "case"],
    &["flight", "trip"],
];

pub fn is_kind_noun(w: &str) -> bool {
    const KINDS: [&str; 14] = [
        "country", "nation", "state", "city", "town", "place", "region", "company", "firm",
        "person", "people", "item", "record", "thing",
    ];
    KINDS.iter().any(|k| crate::text::stem(k) == w)
}
