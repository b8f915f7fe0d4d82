//! Field words: synonym groups (a word typed by the user links to a column
//! whose name holds any word of its group), the groups a comparative or
//! superlative can imply ([`FieldGroup`]), and abbreviations found in column
//! names.

/// A synonym group a word of comparison can imply when no field is named
/// next to it ("older than 30" is about age, "the cheapest" about price).
/// Each names one group of [`FIELD_SYNONYMS`], so a comparative cannot
/// point at a group that does not exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldGroup {
    Price,
    Height,
    Weight,
    Year,
    Salary,
    Age,
    Rating,
    Length,
    Speed,
    Size,
    Population,
    Mpg,
    Latitude,
    Longitude,
    Popularity,
    Strength,
}

impl FieldGroup {
    /// The group's words, its head first.
    pub fn synonyms(self) -> &'static [&'static str] {
        match self {
            FieldGroup::Price => PRICE,
            FieldGroup::Height => HEIGHT,
            FieldGroup::Weight => WEIGHT,
            FieldGroup::Year => YEAR,
            FieldGroup::Salary => SALARY,
            FieldGroup::Age => AGE,
            FieldGroup::Rating => RATING,
            FieldGroup::Length => LENGTH,
            FieldGroup::Speed => SPEED,
            FieldGroup::Size => SIZE,
            FieldGroup::Population => POPULATION,
            FieldGroup::Mpg => MPG,
            FieldGroup::Latitude => LATITUDE,
            FieldGroup::Longitude => LONGITUDE,
            FieldGroup::Popularity => POPULARITY,
            FieldGroup::Strength => STRENGTH,
        }
    }
}

const POPULARITY: &[&str] = &["popularity", "popular"];
const STRENGTH: &[&str] = &["strength", "strong", "power", "powerful", "intensity"];
const LATITUDE: &[&str] = &["latitude", "lat", "northernmost", "southernmost"];
const LONGITUDE: &[&str] = &["longitude", "lon", "lng", "easternmost", "westernmost"];
const PRICE: &[&str] = &[
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
];
const HEIGHT: &[&str] = &[
    "height",
    "tall",
    "taller",
    "tallest",
    "high",
    "short",
    "shorter",
    "shortest",
    "altitude",
    "elevation",
    "elev",
];
const WEIGHT: &[&str] = &[
    "weight", "mass", "heavy", "heavier", "heaviest", "light", "lighter", "lightest", "weigh",
    "weighing", "weighs", "weighed", "weighted",
];
const YEAR: &[&str] = &["year", "when", "yr", "yrs"];
const SALARY: &[&str] = &[
    "salary", "paid", "pay", "earn", "earns", "earning", "earnings", "wage", "income", "earner",
    "earners",
];
const AGE: &[&str] = &[
    "age", "aged", "old", "older", "oldest", "young", "younger", "youngest",
];
const RATING: &[&str] = &["rating", "rated", "score", "stars", "eval", "evaluation"];
const LENGTH: &[&str] = &["length", "long", "longer", "longest"];
const SPEED: &[&str] = &[
    "speed", "fast", "faster", "fastest", "slow", "slower", "slowest", "quick", "quicker",
    "quickest",
];
const SIZE: &[&str] = &[
    "size", "big", "bigger", "biggest", "large", "larger", "largest", "small", "smaller",
    "smallest",
];
const POPULATION: &[&str] = &[
    "population",
    "populous",
    "populated",
    "inhabitant",
    "resident",
    "pop",
    "people",
];
const MPG: &[&str] = &[
    "mpg",
    "fuel efficient",
    "efficient",
    "economy",
    "miles per gallon",
];

/// Synonym groups for field words: a word typed by the user links to a
/// column whose name holds any word of its group.
pub const FIELD_SYNONYMS: &[&[&str]] = &[
    PRICE,
    HEIGHT,
    WEIGHT,
    YEAR,
    SALARY,
    AGE,
    &["revenue", "sales", "turnover"],
    &["employee", "staff", "headcount", "worker", "people"],
    POPULATION,
    RATING,
    &["date", "day", "when"],
    LENGTH,
    SPEED,
    SIZE,
    &["area", "surface"],
    &["gross", "box office", "earned"],
    &["budget", "spent"],
    &[
        "expenditure",
        "expenditures",
        "spending",
        "spend",
        "spender",
        "spenders",
        "expenses",
        "outlay",
        "totexp",
        "spent",
    ],
    &["horsepower", "hp", "power", "powerful"],
    MPG,
    LATITUDE,
    LONGITUDE,
    &["capacity", "seats", "seat"],
    // "the highest scoring seasons" of `points`.
    &["points", "scoring"],
    // A lodging's guests: "sleeps 4", "for a single guest".
    &["accommodates", "sleeps", "sleep", "guests", "guest"],
    &["distance", "far", "farther", "farthest"],
    &["duration", "runtime", "running time", "minutes"],
    &["country", "nation", "nationality"],
    &["city", "town", "hometown"],
    &["gender", "sex"],
    &["birth", "birthday", "birthdate", "born"],
    &["quantity", "qty"],
    &["sum", "total"],
    // "income per head" of `percap`.
    &["capita", "head", "person"],
    &["percent", "percentage", "pct", "share"],
    &["magnitude", "richter", "mag"],
    &["installment", "instalment", "payment", "repayment"],
    &[
        "death",
        "deaths",
        "fatality",
        "fatalities",
        "fatal",
        "killed",
    ],
    &["education", "schooling"],
    &["sales", "sold", "selling", "sell"],
    &["longevity", "lifespan", "lifetime", "lived", "survival"],
    &["rain", "rainfall", "precipitation", "precip", "prcp"],
    // Family words: "taller than their dad" of `father`.
    &["father", "dad", "daddy"],
    &["mother", "mom", "mum", "mommy"],
    &["rider", "biker", "cyclist", "bicyclist"],
    // "tickers starting with c" of `stock`.
    &["stock", "ticker", "symbol"],
];

/// Abbreviations found in column names, with the word they stand for.
pub const ABBREVIATIONS: &[(&str, &str)] = &[
    ("yrs", "years"),
    ("yr", "year"),
    ("hwy", "highway"),
    // `kcal_per_100g`, `energy_kcal`: the calories people count.
    ("kcal", "calories"),
    ("mpg", "mpg"),
    ("num", "number"),
    ("no", "number"),
    ("nbr", "number"),
    ("qty", "quantity"),
    ("amt", "amount"),
    ("amnt", "amount"),
    ("pct", "percent"),
    ("perc", "percent"),
    ("avg", "average"),
    ("tot", "total"),
    ("vet", "veteran"),
    ("sc", "score"),
    ("pre", "previous"),
    ("wid", "width"),
    ("unemp", "unemployment"),
    ("ur", "unemployment"),
    ("len", "length"),
    ("dob", "birth"),
    ("yob", "birth"),
    ("dod", "death"),
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
    ("prc", "price"),
    ("msrp", "price"),
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
    ("inc", "income"),
    ("educ", "education"),
    ("exper", "experience"),
    ("sal", "salary"),
    ("hrs", "hours"),
    ("fam", "family"),
    ("los", "length of stay"),
    ("percap", "per capita"),
    // A weather station's and a house's short forms.
    ("hum", "humidity"),
    ("rhum", "relative humidity"),
    ("vis", "visibility"),
    ("hvis", "horizontal visibility"),
    ("spd", "speed"),
    ("wspd", "wind speed"),
    ("wdir", "wind direction"),
    ("sz", "size"),
    ("bsmt", "basement"),
    ("bment", "basement"),
    ("bulb", "bulb temperature"),
];

/// The measures a group usually means when no column is named for it, in
/// order of preference: "the largest state" is the most populous, "the
/// largest companies" the ones with the most employees, "the richest
/// country" the one with the highest GDP.
pub fn group_measures(group: FieldGroup) -> &'static [&'static str] {
    match group {
        FieldGroup::Size => &[
            "population",
            "employees",
            "headcount",
            "staff",
            "students",
            "undergrad",
            "enrollment",
            "members",
            "area",
            "revenue",
            "sales",
            "capacity",
            "assets",
            "seats",
            "passengers",
            "length",
        ],
        FieldGroup::Salary => &["income", "gdp", "wealth", "worth", "earnings", "revenue"],
        // "the longest email": its characters, words or pages, before a
        // time.
        FieldGroup::Length => &[
            "distance",
            "dist",
            "length",
            "runtime",
            "duration",
            "char",
            "characters",
            "words",
            "pages",
            "time",
            // "the longest serving senator": years in office.
            "tenure",
            "seniority",
            "years",
        ],
        FieldGroup::Population => &["population", "pop", "inhabitants", "residents"],
        // "the strongest earthquake", "the most powerful car".
        FieldGroup::Strength => &[
            "magnitude",
            "mag",
            "richter",
            "intensity",
            "force",
            "horsepower",
            "hp",
            // "the most powerful engines": their thrust.
            "thrust",
        ],
        // What a thing costs when no price is named: "the cheapest
        // players" by salary, "the cheapest rooms" by rate.
        FieldGroup::Price => &[
            "price", "cost", "fee", "fare", "rent", "tuition", "rate", "salary", "wage",
        ],
        // "the most popular song": what counts the people who chose it.
        FieldGroup::Popularity => &[
            "popularity",
            "votes",
            "views",
            "viewers",
            "viewership",
            "audience",
            "passengers",
            "arrivals",
            "traffic",
            "trips",
            "riders",
            "ridership",
            "bikers",
            "rentals",
            "visitors",
            "customers",
            "attendance",
            "volume",
            "plays",
            "listeners",
            "streams",
            "followers",
            "likes",
            "downloads",
            "visitors",
            "attendance",
            "sales",
            "reviews",
            "ratings",
        ],
        _ => &[],
    }
}
