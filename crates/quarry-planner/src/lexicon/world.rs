//! Names a search box has to know: countries (with their codes and
//! demonyms), continents, US states, months.

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
    (
        "south korea",
        "KR",
        "KOR",
        &["south korean", "korean", "koreans", "korea"],
    ),
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

/// The countries of [`COUNTRIES`] on each continent, by ISO 3166 alpha-2
/// code (the UN geoscheme's regions: Turkey and Russia as it places them,
/// in Asia and Europe), for "companies in europe" over a country field.
pub const CONTINENT_COUNTRIES: &[(&str, &[&str])] = &[
    ("africa", &["EG", "ZA", "NG", "KE", "ET", "MA", "GH"]),
    (
        "asia",
        &[
            "JP", "CN", "IN", "IL", "KR", "KP", "SG", "ID", "TH", "VN", "PH", "PK", "IR", "IQ",
            "SA", "AE", "MY", "TW", "HK", "BD", "TR",
        ],
    ),
    (
        "europe",
        &[
            "GB", "DE", "FR", "IT", "ES", "RU", "NL", "SE", "NO", "DK", "FI", "CH", "AT", "BE",
            "IE", "PT", "GR", "PL", "UA", "CZ", "HU", "RO", "RS", "HR", "SK", "SI", "BG", "EE",
            "LV", "LT", "IS",
        ],
    ),
    ("north america", &["US", "CA", "MX", "CU", "JM"]),
    ("south america", &["BR", "AR", "CL", "CO", "PE", "VE", "UY"]),
    ("oceania", &["AU", "NZ"]),
];

/// Regions of the United States a search names, with their states: the
/// Census Bureau's regions and divisions, and common names of others.
/// Only names that are no plain compass word ("the south" is often a
/// value of its own).
pub const US_REGIONS: &[(&str, &[&str])] = &[
    ("new england", &["CT", "ME", "MA", "NH", "RI", "VT"]),
    ("mid atlantic", &["NJ", "NY", "PA"]),
    (
        "midwest",
        &[
            "IL", "IN", "MI", "OH", "WI", "IA", "KS", "MN", "MO", "NE", "ND", "SD",
        ],
    ),
    (
        "northeast",
        &["CT", "ME", "MA", "NH", "RI", "VT", "NJ", "NY", "PA"],
    ),
    ("deep south", &["AL", "GA", "LA", "MS", "SC"]),
    ("southwest", &["AZ", "NM", "TX", "OK"]),
    ("pacific northwest", &["WA", "OR", "ID"]),
    ("west coast", &["CA", "OR", "WA"]),
    (
        "east coast",
        &[
            "ME", "NH", "MA", "RI", "CT", "NY", "NJ", "DE", "MD", "VA", "NC", "SC", "GA", "FL",
        ],
    ),
    (
        "great lakes",
        &["IL", "IN", "MI", "MN", "NY", "OH", "PA", "WI"],
    ),
    (
        "mountain states",
        &["AZ", "CO", "ID", "MT", "NV", "NM", "UT", "WY"],
    ),
];

/// The spellings of the places in a region named by `phrase`: the
/// countries on a continent (its name or a demonym: "europe",
/// "european"), each as `place_variants` gives them, or the states of a
/// region of the United States ("new england": name and postal code),
/// grouped per place.
pub fn continent_countries(phrase: &str) -> Vec<Vec<String>> {
    let phrase = phrase.replace('-', " ");
    let phrase = phrase.strip_suffix("ern").map_or(phrase.as_str(), |p| p);
    if let Some((_, states)) = US_REGIONS.iter().find(|(name, _)| *name == phrase) {
        return US_STATES
            .iter()
            .filter(|(_, code)| states.contains(code))
            .map(|(name, code)| vec![name.to_string(), code.to_lowercase()])
            .collect();
    }
    let Some((continent, _)) = CONTINENTS
        .iter()
        .find(|(name, demonyms)| *name == phrase || demonyms.contains(&phrase))
    else {
        return Vec::new();
    };
    let Some((_, members)) = CONTINENT_COUNTRIES.iter().find(|(c, _)| c == continent) else {
        return Vec::new();
    };
    COUNTRIES
        .iter()
        .filter(|(_, a2, _, _)| members.contains(a2))
        .map(|(name, a2, a3, demonyms)| {
            let mut v = vec![name.to_string(), a2.to_lowercase(), a3.to_lowercase()];
            v.extend(demonyms.iter().map(|d| d.to_string()));
            v
        })
        .collect()
}

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

/// The month (0-based) a word names: its full name, or a three-letter
/// abbreviation ("feb", "sept" is not one) other than "mar" and "may",
/// which are words of their own.
pub fn month_index(w: &str) -> Option<usize> {
    MONTHS.iter().position(|x| {
        *x == w || (x.len() > 3 && w.len() == 3 && x.starts_with(w) && w != "mar" && w != "may")
    })
}
