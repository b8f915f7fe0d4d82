//! The planner's built-in knowledge of English and of the world: words that
//! carry no condition, synonyms and abbreviations of field words, the words
//! of comparison and order, and names a search box has to know (countries,
//! demonyms, US states, months).

/// Words that never become traits or values on their own (they can still be
/// part of a multi-word value or a quoted string).
pub fn is_stopword(w: &str) -> bool {
    matches!(
        w,
        "a" | "an"
            | "the"
            | "of"
            | "for"
            | "in"
            | "on"
            | "at"
            | "to"
            | "by"
            | "with"
            | "from"
            | "and"
            | "or"
            | "is"
            | "are"
            | "was"
            | "were"
            | "be"
            | "been"
            | "being"
            | "am"
            | "do"
            | "does"
            | "did"
            | "done"
            | "have"
            | "has"
            | "had"
            | "having"
            | "what"
            | "which"
            | "who"
            | "whom"
            | "whose"
            | "where"
            | "when"
            | "why"
            | "how"
            | "that"
            | "this"
            | "these"
            | "those"
            | "there"
            | "their"
            | "them"
            | "they"
            | "it"
            | "its"
            | "he"
            | "she"
            | "his"
            | "her"
            | "him"
            | "we"
            | "our"
            | "us"
            | "you"
            | "your"
            | "i"
            | "me"
            | "my"
            | "show"
            | "list"
            | "give"
            | "find"
            | "return"
            | "tell"
            | "get"
            | "display"
            | "print"
            | "provide"
            | "search"
            | "look"
            | "all"
            | "any"
            | "each"
            | "every"
            | "some"
            | "many"
            | "much"
            | "number"
            | "count"
            | "total"
            | "amount"
            | "name"
            | "names"
            | "named"
            | "called"
            | "titled"
            | "listed"
            | "as"
            | "than"
            | "then"
            | "also"
            | "both"
            | "either"
            | "only"
            | "just"
            | "please"
            | "can"
            | "could"
            | "would"
            | "should"
            | "will"
            | "shall"
            | "may"
            | "might"
            | "must"
            | "into"
            | "onto"
            | "about"
            | "per"
            | "whats"
            | "s"
            | "t"
            | "if"
            | "so"
            | "such"
            | "same"
            | "different"
            | "distinct"
            | "unique"
            | "other"
            | "else"
            | "record"
            | "records"
            | "row"
            | "rows"
            | "entry"
            | "entries"
            | "item"
            | "items"
            | "information"
            | "info"
            | "detail"
            | "details"
            | "data"
            | "value"
            | "values"
            | "table"
            | "chart"
            | "one"
            | "ones"
            | "thing"
            | "things"
            | "kind"
            | "type"
            | "types"
            | "ever"
            | "yet"
            | "along"
            | "corresponding"
            | "respectively"
            | "including"
            | "include"
            | "includes"
            | "order"
            | "ordered"
            | "sort"
            | "sorted"
            | "descending"
            | "ascending"
            | "alphabetical"
            | "alphabetically"
            | "want"
            | "need"
            | "know"
            | "see"
            | "like"
            | "id"
            | "ids"
            | "belong"
            | "belongs"
            | "whom's"
            | "out"
            | "up"
            | "down"
            | "over"
            | "under"
            | "being's"
            | "currently"
            | "current"
            | "time"
            | "times"
            | "year's"
            | "come"
            | "comes"
            | "came"
            | "go"
            | "went"
            | "make"
            | "made"
            | "use"
            | "used"
            | "uses"
            | "using"
            | "take"
            | "took"
            | "taken"
            | "appear"
            | "appears"
            | "appeared"
            | "get's"
    )
}

/// Synonym groups for field words: a word typed by the user links to a
/// column whose name holds any word of its group.
pub const FIELD_SYNONYMS: &[&[&str]] = &[
    &[
        "price",
        "cost",
        "costs",
        "expensive",
        "cheap",
        "cheaper",
        "cheapest",
        "priced",
        "fee",
        "charge",
    ],
    &[
        "height", "tall", "taller", "tallest", "high", "short", "shorter", "shortest",
    ],
    &[
        "weight", "mass", "heavy", "heavier", "heaviest", "light", "lighter", "lightest", "weigh",
        "weighing", "weighs", "weighed", "weighted",
    ],
    &["year", "when", "yr", "yrs"],
    &[
        "salary", "paid", "pay", "earn", "earns", "earning", "earnings", "wage", "income",
    ],
    &[
        "age", "aged", "old", "older", "oldest", "young", "younger", "youngest",
    ],
    &["revenue", "sales", "turnover"],
    &["employee", "staff", "headcount", "worker", "people"],
    &[
        "population",
        "populous",
        "populated",
        "inhabitant",
        "resident",
        "pop",
        "people",
    ],
    &["rating", "rated", "score", "stars"],
    &["date", "day", "when"],
    &["length", "long", "longer", "longest"],
    &[
        "speed", "fast", "faster", "fastest", "slow", "slower", "slowest", "quick", "quicker",
        "quickest",
    ],
    &[
        "size", "big", "bigger", "biggest", "large", "larger", "largest", "small", "smaller",
        "smallest",
    ],
    &["area", "surface"],
    &["gross", "box office", "earned"],
    &["budget", "spent"],
    &["horsepower", "hp", "power", "powerful"],
    &[
        "mpg",
        "fuel efficient",
        "efficient",
        "economy",
        "miles per gallon",
    ],
    &["capacity", "seats", "seat"],
    &["distance", "far", "farther", "farthest"],
    &["duration", "runtime", "running time", "minutes"],
    &["country", "nation", "nationality"],
    &["city", "town", "hometown"],
    &["gender", "sex"],
    &["quantity", "qty"],
    &["percent", "percentage", "pct", "share"],
];

/// Abbreviations found in column names, with the word they stand for.
pub const ABBREVIATIONS: &[(&str, &str)] = &[
    ("yrs", "years"),
    ("yr", "year"),
    ("hwy", "highway"),
    ("mpg", "mpg"),
    ("num", "number"),
    ("no", "number"),
    ("nbr", "number"),
    ("qty", "quantity"),
    ("amt", "amount"),
    ("pct", "percent"),
    ("perc", "percent"),
    ("avg", "average"),
    ("dob", "birth"),
    ("pop", "population"),
    ("dept", "department"),
    ("emp", "employee"),
    ("addr", "address"),
    ("desc", "description"),
    ("cnt", "count"),
    ("dt", "date"),
    ("ht", "height"),
    ("wt", "weight"),
    ("max", "maximum"),
    ("min", "minimum"),
    ("temp", "temperature"),
    ("lat", "latitude"),
    ("lon", "longitude"),
    ("lng", "longitude"),
    ("cyl", "cylinders"),
    ("disp", "displacement"),
    ("hp", "horsepower"),
    ("accel", "acceleration"),
    ("rev", "revenue"),
    ("mgr", "manager"),
    ("loc", "location"),
    ("cty", "city"),
    ("st", "state"),
    ("prov", "province"),
    ("gov", "government"),
    ("govt", "government"),
    ("intl", "international"),
    ("natl", "national"),
    ("pts", "points"),
    ("reb", "rebounds"),
    ("ast", "assists"),
    ("gp", "games"),
    ("ppg", "points"),
];

/// A comparison word or phrase and the operator it means. `than_field`
/// names the quantity the comparison itself implies ("older than" is about
/// age), as a synonym-group head.
pub struct Comparator {
    pub words: &'static [&'static str],
    pub op: Cmp,
    pub implies: Option<&'static str>,
}

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

macro_rules! cmp {
    ($op:ident, $imp:expr, [$($w:expr),+]) => {
        Comparator { words: &[$($w),+], op: Cmp::$op, implies: $imp }
    };
}

/// Longest phrases first within each operator; matching tries them all and
/// keeps the longest.
pub const COMPARATORS: &[Comparator] = &[
    cmp!(Ge, None, ["at", "least"]),
    cmp!(Ge, None, ["no", "less", "than"]),
    cmp!(Ge, None, ["no", "fewer", "than"]),
    cmp!(Ge, None, ["not", "less", "than"]),
    cmp!(Ge, None, ["greater", "than", "or", "equal", "to"]),
    cmp!(Ge, None, ["more", "than", "or", "equal", "to"]),
    cmp!(Ge, None, ["minimum", "of"]),
    cmp!(Ge, None, ["min"]),
    cmp!(Le, None, ["at", "most"]),
    cmp!(Le, None, ["no", "more", "than"]),
    cmp!(Le, None, ["not", "more", "than"]),
    cmp!(Le, None, ["less", "than", "or", "equal", "to"]),
    cmp!(Le, None, ["up", "to"]),
    cmp!(Le, None, ["maximum", "of"]),
    cmp!(Le, None, ["max"]),
    cmp!(Le, None, ["no", "greater", "than"]),
    cmp!(Gt, None, ["more", "than"]),
    cmp!(Gt, None, ["greater", "than"]),
    cmp!(Gt, None, ["larger", "than"]),
    cmp!(Gt, None, ["bigger", "than"]),
    cmp!(Gt, None, ["higher", "than"]),
    cmp!(Gt, None, ["over"]),
    cmp!(Gt, None, ["above"]),
    cmp!(Gt, None, ["exceeding"]),
    cmp!(Gt, None, ["exceeds"]),
    cmp!(Gt, None, ["exceed"]),
    cmp!(Gt, None, ["beyond"]),
    cmp!(Gt, None, [">"]),
    cmp!(Gt, Some("age"), ["older", "than"]),
    cmp!(Gt, Some("price"), ["more", "expensive", "than"]),
    cmp!(Gt, Some("weight"), ["heavier", "than"]),
    cmp!(Gt, Some("height"), ["taller", "than"]),
    cmp!(Gt, Some("length"), ["longer", "than"]),
    cmp!(Gt, Some("speed"), ["faster", "than"]),
    cmp!(Lt, None, ["less", "than"]),
    cmp!(Lt, None, ["fewer", "than"]),
    cmp!(Lt, None, ["lower", "than"]),
    cmp!(Lt, None, ["smaller", "than"]),
    cmp!(Lt, None, ["under"]),
    cmp!(Lt, None, ["below"]),
    cmp!(Lt, None, ["beneath"]),
    cmp!(Lt, None, ["within"]),
    cmp!(Lt, Some("age"), ["younger", "than"]),
    cmp!(Lt, Some("price"), ["cheaper", "than"]),
    cmp!(Lt, Some("price"), ["less", "expensive", "than"]),
    cmp!(Lt, Some("weight"), ["lighter", "than"]),
    cmp!(Lt, Some("height"), ["shorter", "than"]),
    cmp!(Lt, Some("speed"), ["slower", "than"]),
    cmp!(Ne, None, ["not", "equal", "to"]),
    cmp!(Ne, None, ["other", "than"]),
    cmp!(Eq, None, ["equal", "to"]),
    cmp!(Eq, None, ["exactly"]),
    cmp!(Between, None, ["between"]),
    cmp!(Between, None, ["from"]),
    cmp!(Before, None, ["before"]),
    cmp!(Before, None, ["prior", "to"]),
    cmp!(Before, None, ["earlier", "than"]),
    cmp!(After, None, ["after"]),
    cmp!(After, None, ["later", "than"]),
    cmp!(Since, None, ["since"]),
];

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
    (&["or", "less"], Cmp::Le),
    (&["or", "fewer"], Cmp::Le),
    (&["or", "lower"], Cmp::Le),
    (&["or", "below"], Cmp::Le),
    (&["or", "under"], Cmp::Le),
    (&["and", "below"], Cmp::Le),
    (&["and", "under"], Cmp::Le),
];

/// Superlatives: the word, the direction (true = largest first) and the
/// quantity it implies when no field is named next to it.
pub const SUPERLATIVES: &[(&str, bool, Option<&str>)] = &[
    ("most", true, None),
    ("highest", true, None),
    ("largest", true, Some("size")),
    ("biggest", true, Some("size")),
    ("greatest", true, None),
    ("maximum", true, None),
    ("max", true, None),
    ("top", true, None),
    ("best", true, Some("rating")),
    ("least", false, None),
    ("lowest", false, None),
    ("smallest", false, Some("size")),
    ("fewest", false, None),
    ("minimum", false, None),
    ("min", false, None),
    ("worst", false, Some("rating")),
    ("bottom", false, None),
    ("oldest", true, Some("age")),
    ("youngest", false, Some("age")),
    ("newest", true, Some("year")),
    ("latest", true, Some("year")),
    ("earliest", false, Some("year")),
    ("cheapest", false, Some("price")),
    ("heaviest", true, Some("weight")),
    ("lightest", false, Some("weight")),
    ("tallest", true, Some("height")),
    ("shortest", false, Some("length")),
    ("longest", true, Some("length")),
    ("fastest", true, Some("speed")),
    ("slowest", false, Some("speed")),
    ("richest", true, Some("salary")),
    ("poorest", false, Some("salary")),
    ("most expensive", true, Some("price")),
    ("least expensive", false, Some("price")),
    ("most recent", true, Some("year")),
    ("most recently", true, Some("year")),
    ("least recently", false, Some("year")),
    ("most populous", true, Some("population")),
    ("most fuel efficient", true, Some("mpg")),
    ("least fuel efficient", false, Some("mpg")),
];

/// Negation words: the condition that follows is negated.
pub fn is_negation(w: &str) -> bool {
    matches!(
        w,
        "not"
            | "no"
            | "non"
            | "except"
            | "excluding"
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

/// Country names, their ISO 3166 alpha-2 and alpha-3 codes and demonyms.
pub const COUNTRIES: &[(&str, &str, &str, &[&str])] = &[
    (
        "united states",
        "US",
        "USA",
        &[
            "american",
            "america",
            "us",
            "usa",
            "united states of america",
        ],
    ),
    (
        "united kingdom",
        "GB",
        "GBR",
        &[
            "british",
            "uk",
            "britain",
            "great britain",
            "england",
            "english",
        ],
    ),
    ("germany", "DE", "DEU", &["german", "germans"]),
    ("france", "FR", "FRA", &["french"]),
    ("japan", "JP", "JPN", &["japanese"]),
    ("china", "CN", "CHN", &["chinese"]),
    ("india", "IN", "IND", &["indian", "indians"]),
    ("italy", "IT", "ITA", &["italian", "italians"]),
    ("spain", "ES", "ESP", &["spanish"]),
    ("canada", "CA", "CAN", &["canadian", "canadians"]),
    ("mexico", "MX", "MEX", &["mexican", "mexicans"]),
    ("brazil", "BR", "BRA", &["brazilian", "brazilians"]),
    ("argentina", "AR", "ARG", &["argentine", "argentinian"]),
    ("australia", "AU", "AUS", &["australian", "australians"]),
    (
        "russia",
        "RU",
        "RUS",
        &["russian", "russians", "russian federation"],
    ),
    ("netherlands", "NL", "NLD", &["dutch", "holland"]),
    ("sweden", "SE", "SWE", &["swedish", "swede", "swedes"]),
    ("norway", "NO", "NOR", &["norwegian", "norwegians"]),
    ("denmark", "DK", "DNK", &["danish", "dane", "danes"]),
    ("finland", "FI", "FIN", &["finnish", "finn", "finns"]),
    ("switzerland", "CH", "CHE", &["swiss"]),
    ("austria", "AT", "AUT", &["austrian", "austrians"]),
    ("belgium", "BE", "BEL", &["belgian", "belgians"]),
    ("ireland", "IE", "IRL", &["irish"]),
    ("portugal", "PT", "PRT", &["portuguese"]),
    ("greece", "GR", "GRC", &["greek", "greeks"]),
    ("poland", "PL", "POL", &["polish", "pole", "poles"]),
    ("turkey", "TR", "TUR", &["turkish"]),
    ("israel", "IL", "ISR", &["israeli", "israelis"]),
    ("egypt", "EG", "EGY", &["egyptian", "egyptians"]),
    (
        "south africa",
        "ZA",
        "ZAF",
        &["south african", "south africans"],
    ),
    ("nigeria", "NG", "NGA", &["nigerian", "nigerians"]),
    ("kenya", "KE", "KEN", &["kenyan", "kenyans"]),
    ("south korea", "KR", "KOR", &["korean", "koreans", "korea"]),
    ("north korea", "KP", "PRK", &["north korean"]),
    ("singapore", "SG", "SGP", &["singaporean"]),
    ("indonesia", "ID", "IDN", &["indonesian", "indonesians"]),
    ("thailand", "TH", "THA", &["thai"]),
    ("vietnam", "VN", "VNM", &["vietnamese"]),
    (
        "philippines",
        "PH",
        "PHL",
        &["filipino", "filipinos", "philippine"],
    ),
    ("new zealand", "NZ", "NZL", &["new zealander", "kiwi"]),
    ("chile", "CL", "CHL", &["chilean", "chileans"]),
    ("colombia", "CO", "COL", &["colombian", "colombians"]),
    ("peru", "PE", "PER", &["peruvian", "peruvians"]),
    ("cuba", "CU", "CUB", &["cuban", "cubans"]),
    ("ukraine", "UA", "UKR", &["ukrainian", "ukrainians"]),
    (
        "czech republic",
        "CZ",
        "CZE",
        &["czech", "czechs", "czechia"],
    ),
    ("hungary", "HU", "HUN", &["hungarian", "hungarians"]),
    ("romania", "RO", "ROU", &["romanian", "romanians"]),
    ("pakistan", "PK", "PAK", &["pakistani", "pakistanis"]),
    ("iran", "IR", "IRN", &["iranian", "iranians", "persian"]),
    ("iraq", "IQ", "IRQ", &["iraqi", "iraqis"]),
    ("saudi arabia", "SA", "SAU", &["saudi", "saudis"]),
    ("united arab emirates", "AE", "ARE", &["emirati", "uae"]),
    ("scotland", "GB-SCT", "SCO", &["scottish", "scots"]),
    ("wales", "GB-WLS", "WAL", &["welsh"]),
    ("jamaica", "JM", "JAM", &["jamaican", "jamaicans"]),
    ("ethiopia", "ET", "ETH", &["ethiopian", "ethiopians"]),
    ("morocco", "MA", "MAR", &["moroccan", "moroccans"]),
    (
        "serbia",
        "RS",
        "SRB",
        &["serbian", "serbians", "serb", "serbs"],
    ),
    (
        "croatia",
        "HR",
        "HRV",
        &["croatian", "croatians", "croat", "croats"],
    ),
    ("slovakia", "SK", "SVK", &["slovak", "slovakian"]),
    ("slovenia", "SI", "SVN", &["slovenian", "slovene"]),
    ("bulgaria", "BG", "BGR", &["bulgarian", "bulgarians"]),
    ("estonia", "EE", "EST", &["estonian", "estonians"]),
    ("latvia", "LV", "LVA", &["latvian", "latvians"]),
    ("lithuania", "LT", "LTU", &["lithuanian", "lithuanians"]),
    ("iceland", "IS", "ISL", &["icelandic", "icelander"]),
    ("venezuela", "VE", "VEN", &["venezuelan", "venezuelans"]),
    ("uruguay", "UY", "URY", &["uruguayan", "uruguayans"]),
    ("malaysia", "MY", "MYS", &["malaysian", "malaysians"]),
    ("taiwan", "TW", "TWN", &["taiwanese"]),
    ("hong kong", "HK", "HKG", &[]),
    ("bangladesh", "BD", "BGD", &["bangladeshi"]),
    ("ghana", "GH", "GHA", &["ghanaian", "ghanaians"]),
];

/// US states and their postal codes.
pub const US_STATES: &[(&str, &str)] = &[
    ("alabama", "AL"),
    ("alaska", "AK"),
    ("arizona", "AZ"),
    ("arkansas", "AR"),
    ("california", "CA"),
    ("colorado", "CO"),
    ("connecticut", "CT"),
    ("delaware", "DE"),
    ("florida", "FL"),
    ("georgia", "GA"),
    ("hawaii", "HI"),
    ("idaho", "ID"),
    ("illinois", "IL"),
    ("indiana", "IN"),
    ("iowa", "IA"),
    ("kansas", "KS"),
    ("kentucky", "KY"),
    ("louisiana", "LA"),
    ("maine", "ME"),
    ("maryland", "MD"),
    ("massachusetts", "MA"),
    ("michigan", "MI"),
    ("minnesota", "MN"),
    ("mississippi", "MS"),
    ("missouri", "MO"),
    ("montana", "MT"),
    ("nebraska", "NE"),
    ("nevada", "NV"),
    ("new hampshire", "NH"),
    ("new jersey", "NJ"),
    ("new mexico", "NM"),
    ("new york", "NY"),
    ("north carolina", "NC"),
    ("north dakota", "ND"),
    ("ohio", "OH"),
    ("oklahoma", "OK"),
    ("oregon", "OR"),
    ("pennsylvania", "PA"),
    ("rhode island", "RI"),
    ("south carolina", "SC"),
    ("south dakota", "SD"),
    ("tennessee", "TN"),
    ("texas", "TX"),
    ("utah", "UT"),
    ("vermont", "VT"),
    ("virginia", "VA"),
    ("washington", "WA"),
    ("west virginia", "WV"),
    ("wisconsin", "WI"),
    ("wyoming", "WY"),
    ("district of columbia", "DC"),
];

pub const CONTINENTS: &[(&str, &[&str])] = &[
    ("africa", &["african", "africans"]),
    ("asia", &["asian", "asians"]),
    ("europe", &["european", "europeans"]),
    ("north america", &["north american", "north americans"]),
    (
        "south america",
        &["south american", "south americans", "latin american"],
    ),
    ("oceania", &["oceanian"]),
    ("antarctica", &["antarctic"]),
];

pub const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Other spellings of a place name the user typed: the country's name,
/// codes and demonyms, or a state's name and postal code. Each returned
/// string is in the folded word form (`words(..).join(" ")`).
pub fn place_variants(phrase: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (name, a2, a3, demonyms) in COUNTRIES {
        if *name == phrase || demonyms.contains(&phrase) {
            out.push(name.to_string());
            out.push(a2.to_lowercase());
            out.push(a3.to_lowercase());
            out.extend(demonyms.iter().map(|d| d.to_string()));
        }
    }
    for (name, demonyms) in CONTINENTS {
        if demonyms.contains(&phrase) {
            out.push(name.to_string());
        }
    }
    for (name, code) in US_STATES {
        if *name == phrase {
            out.push(code.to_lowercase());
        }
    }
    out.retain(|v| v != phrase);
    out
}

/// Comparative words that can sit apart from their "than":
/// "a greater weight than 10".
pub fn split_comparative(w: &str) -> Option<Cmp> {
    match w {
        "greater" | "more" | "larger" | "higher" | "bigger" | "older" | "heavier" | "taller"
        | "longer" | "later" => Some(Cmp::Gt),
        "less" | "fewer" | "smaller" | "lower" | "younger" | "lighter" | "shorter" | "earlier" => {
            Some(Cmp::Lt)
        }
        _ => None,
    }
}

/// Words that ask for an aggregate over the rows rather than for records.
pub fn is_aggregate(w: &str) -> bool {
    matches!(w, "average" | "avg" | "mean" | "sum" | "median")
}
