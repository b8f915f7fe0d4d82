//! Words that never carry a condition on their own (stopwords), the words
//! that negate, and the words that ask for an aggregate. Kept apart from the
//! other tables because nearly every pass asks these questions.

/// Words that never become traits or values on their own (they can still be
/// part of a multi-word value or a quoted string).
#[rustfmt::skip]
pub fn is_stopword(w: &str) -> bool {
    matches!(
        w,
        "a" | "an" | "the" | "of" | "for" | "in" | "on" | "at" | "to" | "by" | "with" | "from"
            | "and" | "or" | "is" | "are" | "was" | "were" | "be" | "been" | "being" | "am" | "do"
            | "does" | "did" | "done" | "have" | "has" | "had" | "having" | "what" | "which"
            | "who" | "whom" | "whose" | "where" | "when" | "why" | "how" | "that" | "this"
            | "these" | "those" | "there" | "their" | "them" | "they" | "it" | "its" | "he" | "she"
            | "his" | "her" | "him" | "we" | "our" | "us" | "you" | "your" | "i" | "me" | "my"
            | "show" | "list" | "give" | "find" | "return" | "tell" | "get" | "display" | "print"
            | "provide" | "search" | "look" | "all" | "any" | "each" | "every" | "some" | "many"
            | "much" | "number" | "count" | "total" | "amount" | "name" | "names" | "named"
            | "called" | "titled" | "listed" | "as" | "than" | "then" | "also" | "both" | "either"
            | "only" | "just" | "please" | "can" | "could" | "would" | "should" | "will" | "shall"
            | "may" | "might" | "must" | "into" | "onto" | "about" | "per" | "whats" | "s" | "t"
            | "if" | "so" | "such" | "same" | "different" | "distinct" | "unique" | "other"
            | "else" | "record" | "records" | "row" | "rows" | "entry" | "entries" | "item"
            | "items" | "information" | "info" | "detail" | "details" | "data" | "value" | "values"
            | "table" | "chart" | "one" | "ones" | "thing" | "things" | "kind" | "type" | "types"
            | "ever" | "yet" | "still" | "already" | "again" | "along" | "during" | "while" | "despite" | "corresponding" | "respectively" | "including" | "include"
            | "includes" | "order" | "ordered" | "sort" | "sorted" | "descending" | "ascending"
            | "alphabetical" | "alphabetically" | "want" | "need" | "know" | "see" | "like" | "id"
            | "ids" | "belong" | "belongs" | "whom's" | "out" | "up" | "down" | "over" | "under"
            | "being's" | "currently" | "current" | "time" | "times" | "year's" | "come" | "comes"
            | "came" | "go" | "went" | "make" | "made" | "use" | "used" | "uses" | "using" | "take"
            | "took" | "taken" | "appear" | "appears" | "appeared" | "get's"
    )
}

/// Negation words: the condition that follows is negated.
pub fn is_negation(w: &str) -> bool {
    matches!(
        w,
        "not"
            | "no"
            | "non"
            | "except"
            | "excluding"
            | "outside"
            | "exclude"
            | "without"
            | "never"
            | "isnt"
            | "arent"
            | "wasnt"
            | "werent"
            | "dont"
            | "doesnt"
            | "didnt"
            | "nor"
            | "neither"
            | "but"
    )
}

/// Words that ask for an aggregate over the rows rather than for records.
pub fn is_aggregate(w: &str) -> bool {
    matches!(w, "average" | "avg" | "mean" | "sum" | "median")
}

/// Everyday clipped words and initialisms, with the words a category
/// writes in full: "tv" of `Televisions`, "pcs" of `Personal computers
/// and peripheral equipment`, "photo" of `Photographic equipment`. Each
/// full word is the start of the value's word.
pub fn clipped_word(w: &str) -> Option<&'static [&'static str]> {
    Some(match w {
        "tv" | "tvs" => &["television"],
        "pc" | "pcs" => &["personal", "computer"],
        "suv" | "suvs" => &["sport", "utility"],
        "atv" | "atvs" => &["all", "terrain"],
        "ev" | "evs" => &["electric", "vehicle"],
        "photo" | "photos" => &["photograph"],
        "phone" | "phones" => &["telephone"],
        "fridge" | "fridges" => &["refrigerator"],
        "bike" | "bikes" => &["bicycle"],
        "auto" | "autos" => &["automobile"],
        _ => return None,
    })
}
