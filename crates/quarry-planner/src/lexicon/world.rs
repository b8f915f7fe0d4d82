//! Names a search box has to know: countries (with their codes and
//! demonyms), continents and regions of the world, US states, months.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The countries table (`countries.tsv` beside this file, written by
/// `lexicon/build_countries.py` from country_converter's data and WordNet
/// 3.0; see its header for sources and licences), embedded in the binary
/// and parsed once per process, on first use.
const COUNTRY_TABLE: &str = include_str!("countries.tsv");

/// A country of the table (or a dissolved state: Czechoslovakia, the
/// Soviet Union), every word in the folded word form.
#[derive(Debug)]
pub struct Country {
    /// Its short name ("somalia").
    pub name: &'static str,
    /// ISO 3166 alpha-2 code, upper case; empty when it has none.
    pub iso2: &'static str,
    /// ISO 3166 alpha-3 code, upper case; empty when it has none.
    pub iso3: &'static str,
    /// Its continent: africa, asia, europe, north america, south america,
    /// oceania or antarctica.
    pub continent: &'static str,
    /// Its UN geoscheme sub-region ("eastern africa"); empty when none.
    pub region: &'static str,
    /// Other names: official, former, short ("usa", "viet nam").
    pub names: Vec<&'static str>,
    /// Demonyms ("somali", "somalis").
    pub demonyms: Vec<&'static str>,
}

/// The parsed table, with its lookups.
struct World {
    #[cfg_attr(not(test), allow(dead_code))]
    countries: Vec<Country>,
    /// Per country, its spellings as [`place_variants`] gives them: name,
    /// codes (lower case), other names, demonyms.
    spellings: Vec<Vec<String>>,
    /// A name, other name or demonym → the countries it names.
    by_phrase: HashMap<&'static str, Vec<usize>>,
    /// A name or adjective of a continent or region of [`WORLD_REGIONS`]
    /// → its index there.
    regions: HashMap<&'static str, usize>,
    /// Per region of [`WORLD_REGIONS`], its countries.
    members: Vec<Vec<usize>>,
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let countries = parse_countries(COUNTRY_TABLE);
        let spellings = countries
            .iter()
            .map(|c| {
                let mut v = vec![c.name.to_string()];
                v.extend(
                    [c.iso2, c.iso3]
                        .iter()
                        .filter(|code| !code.is_empty())
                        .map(|code| code.to_lowercase()),
                );
                v.extend(c.names.iter().chain(&c.demonyms).map(|w| w.to_string()));
                v
            })
            .collect();
        let mut by_phrase: HashMap<&'static str, Vec<usize>> = HashMap::new();
        for (i, c) in countries.iter().enumerate() {
            for w in std::iter::once(&c.name).chain(&c.names).chain(&c.demonyms) {
                let ids = by_phrase.entry(w).or_default();
                if !ids.contains(&i) {
                    ids.push(i);
                }
            }
        }
        let mut regions = HashMap::new();
        let mut members = Vec::new();
        for (r, (names, scope)) in WORLD_REGIONS.iter().enumerate() {
            for n in *names {
                regions.entry(*n).or_insert(r);
            }
            members.push(
                countries
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| scope.holds(c))
                    .map(|(i, _)| i)
                    .collect(),
            );
        }
        World {
            countries,
            spellings,
            by_phrase,
            regions,
            members,
        }
    })
}

/// Parses the table (see `build_countries.py` for its format). Malformed
/// lines are skipped: the table is generated, and a test checks it parses
/// whole.
fn parse_countries(text: &'static str) -> Vec<Country> {
    let list =
        |f: &'static str| -> Vec<&'static str> { f.split('|').filter(|w| !w.is_empty()).collect() };
    let code = |f: &'static str| if f == "-" { "" } else { f };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&'static str> = l.split('\t').collect();
            (f.len() == 7).then(|| Country {
                name: f[0],
                iso2: code(f[1]),
                iso3: code(f[2]),
                continent: f[3],
                region: code(f[4]),
                names: list(f[5]),
                demonyms: list(f[6]),
            })
        })
        .collect()
}

/// The countries of the table.
#[cfg(test)]
pub fn countries() -> &'static [Country] {
    &world().countries
}
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
    ("washington dc", "DC"),
];

/// Australia's states and territories and Canada's provinces and
/// territories, with the codes their own statistics write them by.
pub const OTHER_STATES: &[(&str, &str)] = &[
    ("new south wales", "NSW"),
    ("victoria", "VIC"),
    ("queensland", "QLD"),
    ("western australia", "WA"),
    ("south australia", "SA"),
    ("tasmania", "TAS"),
    ("northern territory", "NT"),
    ("australian capital territory", "ACT"),
    ("ontario", "ON"),
    ("quebec", "QC"),
    ("british columbia", "BC"),
    ("alberta", "AB"),
    ("manitoba", "MB"),
    ("saskatchewan", "SK"),
    ("nova scotia", "NS"),
    ("new brunswick", "NB"),
    ("newfoundland", "NL"),
    ("prince edward island", "PE"),
    ("yukon", "YT"),
    ("northwest territories", "NT"),
    ("nunavut", "NU"),
];

/// What the people of a state are called (singular), and the state.
pub const STATE_DEMONYMS: &[(&str, &str)] = &[
    ("alabamian", "alabama"),
    ("alaskan", "alaska"),
    ("arizonan", "arizona"),
    ("arkansan", "arkansas"),
    ("californian", "california"),
    ("coloradan", "colorado"),
    ("connecticuter", "connecticut"),
    ("delawarean", "delaware"),
    ("floridian", "florida"),
    ("georgian", "georgia"),
    ("hawaiian", "hawaii"),
    ("idahoan", "idaho"),
    ("illinoisan", "illinois"),
    ("hoosier", "indiana"),
    ("iowan", "iowa"),
    ("kansan", "kansas"),
    ("kentuckian", "kentucky"),
    ("louisianan", "louisiana"),
    ("mainer", "maine"),
    ("marylander", "maryland"),
    ("michigander", "michigan"),
    ("minnesotan", "minnesota"),
    ("mississippian", "mississippi"),
    ("missourian", "missouri"),
    ("montanan", "montana"),
    ("nebraskan", "nebraska"),
    ("nevadan", "nevada"),
    ("new hampshirite", "new hampshire"),
    ("new jerseyan", "new jersey"),
    ("new mexican", "new mexico"),
    ("new yorker", "new york"),
    ("north carolinian", "north carolina"),
    ("north dakotan", "north dakota"),
    ("ohioan", "ohio"),
    ("oklahoman", "oklahoma"),
    ("oregonian", "oregon"),
    ("pennsylvanian", "pennsylvania"),
    ("rhode islander", "rhode island"),
    ("south carolinian", "south carolina"),
    ("south dakotan", "south dakota"),
    ("tennessean", "tennessee"),
    ("texan", "texas"),
    ("utahn", "utah"),
    ("vermonter", "vermont"),
    ("virginian", "virginia"),
    ("washingtonian", "washington"),
    ("west virginian", "west virginia"),
    ("wisconsinite", "wisconsin"),
    ("wyomingite", "wyoming"),
    ("queenslander", "queensland"),
    ("tasmanian", "tasmania"),
    ("victorian", "victoria"),
    ("albertan", "alberta"),
    ("ontarian", "ontario"),
    ("quebecer", "quebec"),
    ("manitoban", "manitoba"),
];

/// The code of a US state, an Australian state or territory, or a
/// Canadian province or territory named by a single word ("queensland" →
/// `QLD`).
pub fn state_code(name: &str) -> Option<&'static str> {
    static BY_NAME: std::sync::OnceLock<HashMap<&'static str, &'static str>> =
        std::sync::OnceLock::new();
    BY_NAME
        .get_or_init(|| US_STATES.iter().chain(OTHER_STATES).copied().collect())
        .get(name)
        .copied()
}

/// Which countries a region of the world holds.
#[derive(Debug, Clone, Copy)]
pub enum Scope {
    /// The countries of continents.
    Continents(&'static [&'static str]),
    /// The countries of UN geoscheme sub-regions (not of Antarctica).
    Regions(&'static [&'static str]),
    /// A continent's countries outside of a sub-region of it.
    ContinentBut(&'static str, &'static str),
    /// Countries by ISO 3166 alpha-2 code (or alpha-3 for those without).
    Codes(&'static [&'static str]),
}

impl Scope {
    fn holds(&self, c: &Country) -> bool {
        match *self {
            Scope::Continents(names) => names.contains(&c.continent),
            Scope::Regions(regions) => regions.contains(&c.region) && c.continent != "antarctica",
            Scope::ContinentBut(continent, region) => {
                c.continent == continent && c.region != region
            }
            Scope::Codes(codes) => {
                codes.contains(&c.iso2) || (c.iso2.is_empty() && codes.contains(&c.iso3))
            }
        }
    }
}

/// Continents and regions of the world a search names, each by its names,
/// adjectives and their plurals (folded, hyphens as spaces): the
/// continents, the UN geoscheme's sub-regions (as `countries.tsv` places
/// countries in them), and common groupings of them.
pub const WORLD_REGIONS: &[(&[&str], Scope)] = &[
    (
        &["africa", "african", "africans"],
        Scope::Continents(&["africa"]),
    ),
    (&["asia", "asian", "asians"], Scope::Continents(&["asia"])),
    (
        &["europe", "european", "europeans"],
        Scope::Continents(&["europe"]),
    ),
    (
        &["north america", "north american", "north americans"],
        Scope::Continents(&["north america"]),
    ),
    (
        &["south america", "south american", "south americans"],
        Scope::Continents(&["south america"]),
    ),
    (&["oceania", "oceanian"], Scope::Continents(&["oceania"])),
    (
        &["antarctica", "antarctic"],
        Scope::Continents(&["antarctica"]),
    ),
    (
        &["americas", "the americas"],
        Scope::Continents(&["north america", "south america"]),
    ),
    (
        &[
            "western europe",
            "west europe",
            "western european",
            "west european",
            "western europeans",
            "west europeans",
        ],
        Scope::Regions(&["western europe"]),
    ),
    (
        &[
            "eastern europe",
            "east europe",
            "eastern european",
            "east european",
            "eastern europeans",
            "east europeans",
        ],
        Scope::Regions(&["eastern europe"]),
    ),
    (
        &[
            "northern europe",
            "north europe",
            "northern european",
            "north european",
            "northern europeans",
            "north europeans",
        ],
        Scope::Regions(&["northern europe"]),
    ),
    (
        &[
            "southern europe",
            "south europe",
            "southern european",
            "south european",
            "southern europeans",
            "south europeans",
        ],
        Scope::Regions(&["southern europe"]),
    ),
    (
        &["scandinavia", "scandinavian", "scandinavians"],
        Scope::Codes(&["DK", "NO", "SE"]),
    ),
    (
        &["nordic", "nordics", "nordic countries"],
        Scope::Codes(&["DK", "NO", "SE", "FI", "IS", "FO", "AX", "GL"]),
    ),
    (
        &["baltic states", "baltics", "baltic"],
        Scope::Codes(&["EE", "LV", "LT"]),
    ),
    (
        &["balkans", "the balkans", "balkan"],
        Scope::Codes(&[
            "AL", "BA", "BG", "HR", "XK", "ME", "MK", "RS", "SI", "GR", "YU",
        ]),
    ),
    (
        &[
            "western africa",
            "west africa",
            "western african",
            "west african",
            "western africans",
            "west africans",
        ],
        Scope::Regions(&["western africa"]),
    ),
    (
        &[
            "eastern africa",
            "east africa",
            "eastern african",
            "east african",
            "eastern africans",
            "east africans",
        ],
        Scope::Regions(&["eastern africa"]),
    ),
    (
        &[
            "northern africa",
            "north africa",
            "northern african",
            "north african",
            "northern africans",
            "north africans",
        ],
        Scope::Regions(&["northern africa"]),
    ),
    (
        &["southern africa", "southern african", "southern africans"],
        Scope::Regions(&["southern africa"]),
    ),
    (
        &[
            "middle africa",
            "central africa",
            "central african",
            "central africans",
        ],
        Scope::Regions(&["middle africa"]),
    ),
    (
        &[
            "sub saharan africa",
            "subsaharan africa",
            "sub saharan",
            "subsaharan",
            "sub saharan african",
            "sub saharan africans",
        ],
        Scope::ContinentBut("africa", "northern africa"),
    ),
    (
        &["eastern asia", "east asia", "east asian", "east asians"],
        Scope::Regions(&["eastern asia"]),
    ),
    (
        &[
            "south eastern asia",
            "southeast asia",
            "south east asia",
            "southeastern asia",
            "southeast asian",
            "south east asian",
            "south eastern asian",
            "southeast asians",
            "south east asians",
        ],
        Scope::Regions(&["south eastern asia"]),
    ),
    (
        &["southern asia", "south asia", "south asian", "south asians"],
        Scope::Regions(&["southern asia"]),
    ),
    (
        &["central asia", "central asian", "central asians"],
        Scope::Regions(&["central asia"]),
    ),
    (
        &["western asia", "west asia", "west asian", "west asians"],
        Scope::Regions(&["western asia"]),
    ),
    (
        &["middle east", "middle eastern", "mideast", "near east"],
        Scope::Codes(&[
            "BH", "CY", "EG", "IR", "IQ", "IL", "JO", "KW", "LB", "OM", "PS", "QA", "SA", "SY",
            "TR", "AE", "YE",
        ]),
    ),
    (
        &["central america", "central american", "central americans"],
        Scope::Regions(&["central america"]),
    ),
    (&["caribbean", "caribbeans"], Scope::Regions(&["caribbean"])),
    (
        &["latin america", "latin american", "latin americans"],
        Scope::Regions(&["central america", "south america", "caribbean"]),
    ),
    (&["polynesia", "polynesian"], Scope::Regions(&["polynesia"])),
    (&["melanesia", "melanesian"], Scope::Regions(&["melanesia"])),
];
/// Regions of the United States a search names, with their states: the
/// Census Bureau's regions and divisions, and common names of others.
/// Of the plain compass words only "south" (the South is a region of its
/// own; "the west" is too loose).
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
    // The Census Bureau's South, read only over a column of states (a
    // value "South" of the data wins).
    (
        "south",
        &[
            "DE", "DC", "FL", "GA", "MD", "NC", "SC", "VA", "WV", "AL", "KY", "MS", "TN", "AR",
            "LA", "OK", "TX",
        ],
    ),
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

/// Regions of Canada a search names, with their provinces and
/// territories (the codes of `OTHER_STATES`).
pub const CANADA_REGIONS: &[(&str, &[&str])] = &[
    ("atlantic canada", &["NB", "NL", "NS", "PE"]),
    ("atlantic provinces", &["NB", "NL", "NS", "PE"]),
    ("maritimes", &["NB", "NS", "PE"]),
    ("maritime provinces", &["NB", "NS", "PE"]),
    ("prairies", &["AB", "MB", "SK"]),
    ("prairie provinces", &["AB", "MB", "SK"]),
    ("western canada", &["BC", "AB", "SK", "MB"]),
    ("central canada", &["ON", "QC"]),
    ("northern canada", &["YT", "NT", "NU"]),
    ("canadian territories", &["YT", "NT", "NU"]),
];

/// The spellings of the places in a region named by `phrase`: the
/// countries of a continent or a region of the world (its name or
/// adjective: "europe", "european", "west african", "the balkans"), each
/// as `place_variants` gives them, or the states of a region of the
/// United States ("new england": name and postal code), grouped per place.
pub fn continent_countries(phrase: &str) -> Vec<Vec<String>> {
    let phrase = phrase.replace('-', " ");
    let w = world();
    if let Some(&r) = w.regions.get(phrase.as_str()) {
        return w.members[r]
            .iter()
            .map(|&i| w.spellings[i].clone())
            .collect();
    }
    let phrase = phrase.strip_suffix("ern").map_or(phrase.as_str(), |p| p);
    if let Some((_, states)) = US_REGIONS.iter().find(|(name, _)| *name == phrase) {
        return US_STATES
            .iter()
            .filter(|(_, code)| states.contains(code))
            .map(|(name, code)| vec![name.to_string(), code.to_lowercase()])
            .collect();
    }
    if let Some((_, provinces)) = CANADA_REGIONS.iter().find(|(name, _)| *name == phrase) {
        // Of Australia's and Canada's codes, Canada's ("NT" is both).
        return OTHER_STATES
            .iter()
            .skip_while(|(name, _)| *name != "ontario")
            .filter(|(_, code)| provinces.contains(code))
            .map(|(name, code)| vec![name.to_string(), code.to_lowercase()])
            .collect();
    }
    Vec::new()
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
/// codes, other names and demonyms, the other names of a continent or
/// region ("west african" → "western africa", "west africa"), or a state's
/// name and postal code. Each returned string is in the folded word form
/// (`words(..).join(" ")`).
pub fn place_variants(phrase: &str) -> Vec<String> {
    let mut out = Vec::new();
    let w = world();
    if let Some(ids) = w.by_phrase.get(phrase) {
        for &i in ids {
            out.extend(w.spellings[i].iter().cloned());
        }
    }
    if let Some(&r) = w.regions.get(phrase) {
        out.extend(WORLD_REGIONS[r].0.iter().map(|n| n.to_string()));
    }
    for (name, code) in US_STATES.iter().chain(OTHER_STATES) {
        if *name == phrase {
            out.push(code.to_lowercase());
        }
    }
    // "texans", "a new yorker": the state's name and code.
    let one = phrase.strip_suffix('s').unwrap_or(phrase);
    if let Some((_, state)) = STATE_DEMONYMS.iter().find(|(d, _)| *d == one) {
        if let Some((name, code)) = US_STATES.iter().chain(OTHER_STATES).find(|s| s.0 == *state) {
            out.push(name.to_string());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the places of `region` include the country `name`.
    fn holds(region: &str, name: &str) -> bool {
        continent_countries(region)
            .iter()
            .any(|spellings| spellings[0] == name)
    }

    #[test]
    fn the_table_parses_whole() {
        let lines = COUNTRY_TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(countries().len(), lines);
        assert!(countries().len() > 250);
        for c in countries() {
            assert!(
                WORLD_REGIONS
                    .iter()
                    .any(|(names, _)| names[0] == c.continent),
                "{}: {}",
                c.name,
                c.continent
            );
        }
    }

    #[test]
    fn continents_hold_their_countries() {
        assert!(holds("africa", "somalia"));
        assert!(holds("african", "eritrea"));
        assert!(holds("europe", "czechoslovakia"));
        assert!(holds("europe", "russia"));
        assert!(!holds("asia", "russia"));
        assert!(holds("north america", "guatemala"));
        assert!(holds("south american", "brazil"));
        assert!(!holds("africa", "france"));
    }

    #[test]
    fn regions_of_the_world_hold_their_countries() {
        assert!(holds("eastern europe", "poland"));
        assert!(holds("eastern europe", "czechoslovakia"));
        assert!(holds("eastern european", "soviet union"));
        assert!(!holds("eastern europe", "france"));
        assert!(holds("southeast asian", "vietnam"));
        assert!(holds("south-east asia", "vietnam"));
        assert!(holds("latin america", "mexico"));
        assert!(holds("latin america", "brazil"));
        assert!(holds("latin american", "haiti"));
        assert!(holds("west african", "nigeria"));
        assert!(!holds("west african", "somalia"));
        assert!(holds("sub-saharan africa", "somalia"));
        assert!(!holds("sub-saharan africa", "egypt"));
        assert!(holds("scandinavian", "sweden"));
        assert!(holds("middle eastern", "iraq"));
        assert!(holds("caribbean", "haiti"));
        assert!(holds("the balkans", "yugoslavia"));
        assert!(continent_countries("west").is_empty());
    }

    #[test]
    fn us_regions_still_hold_their_states() {
        let states = continent_countries("new england");
        assert!(states.contains(&vec!["maine".to_string(), "me".to_string()]));
        assert!(!continent_countries("midwestern").is_empty());
    }

    #[test]
    fn demonyms_and_other_names_give_the_country() {
        let v = place_variants("somali");
        assert!(v.contains(&"somalia".to_string()), "{v:?}");
        assert!(v.contains(&"so".to_string()) && v.contains(&"som".to_string()));
        assert!(place_variants("somalis").contains(&"somalia".to_string()));
        assert!(place_variants("viet nam").contains(&"vietnam".to_string()));
        assert!(place_variants("turkey").contains(&"tur".to_string()));
        assert!(place_variants("german").contains(&"germany".to_string()));
        assert!(place_variants("usa").contains(&"united states".to_string()));
        assert!(place_variants("california").contains(&"ca".to_string()));
        assert!(place_variants("queensland").contains(&"qld".to_string()));
        assert!(place_variants("african").contains(&"africa".to_string()));
        assert!(place_variants("west african").contains(&"western africa".to_string()));
        assert!(!place_variants("somali").contains(&"somali".to_string()));
        assert!(place_variants("chair").is_empty());
    }
}
