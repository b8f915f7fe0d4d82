//! Words that stand for a letter code when a column holds such codes:
//! sizes ("large" → `L`, "extra large" → `XL`), life status ("died" →
//! `D`, "alive" → `A`) and conservation status (the IUCN Red List's
//! categories: "endangered" → `EN`, "least concern" → `LC`), and the codes
//! of sports ("shortstops" → `SS`, "outfielders" → `LF`, `CF`, `RF`,
//! "sliders" → `SL`), letter grades ("failed" → `F`) and parties
//! ("republicans" → `R`).

/// The codes of sizes: a column holds sizes when it holds two of them.
pub const SIZE_CODES: &[&str] = &["XS", "S", "M", "L", "XL", "XXL", "2XL", "SM", "MD", "LG"];
/// The codes of compass directions ("N", "S", "NE", …).
pub const COMPASS_CODES: &[&str] = &["N", "S", "E", "W", "NE", "NW", "SE", "SW", "C"];
/// The codes of life status ("A"live or "L"iving, "D"ead).
pub const LIFE_CODES: &[&str] = &[
    "A", "L", "D", "ALIVE", "LIVING", "LIVE", "DEAD", "DECEASED", "CENSORED",
];

/// The IUCN Red List's categories.
pub const IUCN_CODES: &[&str] = &["LC", "NT", "VU", "EN", "CR", "EW", "EX", "DD", "NE"];

/// Letter grades as transcripts write them ("failed" → `F`, "withdrew" →
/// `W`).
pub const GRADE_CODES: &[&str] = &[
    "A+", "A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D+", "D", "D-", "E", "F", "W", "I", "P",
];

/// US political parties as rolls of legislators write them ("democrats"
/// → `D`).
pub const PARTY_CODES: &[&str] = &["D", "R", "I", "DEM", "REP", "IND", "GOP", "L", "LIB"];

/// Baseball's fielding positions ("pitchers" → `P`, "outfielders" → `LF`,
/// `CF`, `RF`).
pub const BASEBALL_POSITIONS: &[&str] = &[
    "P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "OF", "DH", "IF",
];
/// Basketball's positions ("guards" → `PG`, `SG`, `G`).
pub const BASKETBALL_POSITIONS: &[&str] = &["PG", "SG", "SF", "PF", "C", "G", "F", "G-F", "F-C"];
/// Football's (soccer's) positions ("goalkeepers" → `GK`).
pub const FOOTBALL_POSITIONS: &[&str] = &["GK", "DF", "MF", "FW", "GKP", "DEF", "MID", "FWD"];
/// Pitch types as tracking data writes them ("sliders" → `SL`).
pub const PITCH_TYPES: &[&str] = &[
    "FF", "FT", "FA", "SI", "FC", "SL", "CU", "KC", "CH", "FS", "KN", "EP", "SC",
];

/// Major League Baseball's clubs as box scores and the Lahman/Retrosheet
/// tables write them (`NYY` and `NYA` for the Yankees).
pub const MLB_TEAMS: &[&str] = &[
    "LAA", "ANA", "CAL", "HOU", "OAK", "ATH", "TOR", "ATL", "MIL", "STL", "SLN", "CHC", "CHN",
    "ARI", "AZ", "LAD", "LAN", "SF", "SFG", "SFN", "CLE", "SEA", "MIA", "FLA", "NYM", "NYN", "WSH",
    "WAS", "WSN", "BAL", "SD", "SDP", "SDN", "PHI", "PIT", "TEX", "TB", "TBR", "TBA", "BOS", "CIN",
    "COL", "KC", "KCR", "KCA", "DET", "MIN", "CWS", "CHW", "CHA", "NYY", "NYA",
];

/// The codes of an MLB club its nickname stands for.
fn mlb_team(words: &[&str]) -> Option<(usize, &'static [&'static str])> {
    let two = (words.len() >= 2).then(|| (words[0], words[1]));
    let pair: Option<&'static [&'static str]> = match two {
        Some(("red", "sox")) => Some(&["BOS"]),
        Some(("white", "sox")) => Some(&["CWS", "CHW", "CHA"]),
        Some(("blue", "jays")) => Some(&["TOR"]),
        _ => None,
    };
    if let Some(codes) = pair {
        return Some((2, codes));
    }
    let codes: &'static [&'static str] = match *words.first()? {
        "angels" => &["LAA", "ANA", "CAL"],
        "astros" => &["HOU"],
        "athletics" => &["OAK", "ATH"],
        "braves" => &["ATL"],
        "brewers" => &["MIL"],
        "cardinals" => &["STL", "SLN"],
        "cubs" => &["CHC", "CHN"],
        "diamondbacks" | "dbacks" => &["ARI", "AZ"],
        "dodgers" => &["LAD", "LAN"],
        "giants" => &["SF", "SFG", "SFN"],
        "guardians" | "indians" => &["CLE"],
        "mariners" => &["SEA"],
        "marlins" => &["MIA", "FLA"],
        "mets" => &["NYM", "NYN"],
        "nationals" | "nats" => &["WSH", "WAS", "WSN"],
        "orioles" => &["BAL"],
        "padres" => &["SD", "SDP", "SDN"],
        "phillies" => &["PHI"],
        "pirates" => &["PIT"],
        "rangers" => &["TEX"],
        "rays" => &["TB", "TBR", "TBA"],
        "reds" => &["CIN"],
        "rockies" => &["COL"],
        "royals" => &["KC", "KCR", "KCA"],
        "tigers" => &["DET"],
        "twins" => &["MIN"],
        "yankees" => &["NYY", "NYA"],
        _ => return None,
    };
    Some((1, codes))
}

/// The codes of a sport the words at the start of `words` stand for, with
/// how many words they take and the family a column must hold two of.
fn sport_codes(
    words: &[&str],
) -> Option<(usize, &'static [&'static str], &'static [&'static str])> {
    if let Some((n, codes)) = mlb_team(words) {
        return Some((n, codes, MLB_TEAMS));
    }
    let two = (words.len() >= 2).then(|| (words[0], words[1]));
    let pair: Option<&'static [&'static str]> = match two {
        Some(("first", "basemen" | "baseman")) => Some(&["1B"]),
        Some(("second", "basemen" | "baseman")) => Some(&["2B"]),
        Some(("third", "basemen" | "baseman")) => Some(&["3B"]),
        Some(("designated", "hitters" | "hitter")) => Some(&["DH"]),
        Some(("center" | "centre", "fielders" | "fielder")) => Some(&["CF"]),
        Some(("left", "fielders" | "fielder")) => Some(&["LF"]),
        Some(("right", "fielders" | "fielder")) => Some(&["RF"]),
        Some(("point", "guards" | "guard")) => Some(&["PG"]),
        Some(("shooting", "guards" | "guard")) => Some(&["SG"]),
        Some(("small", "forwards" | "forward")) => Some(&["SF"]),
        Some(("power", "forwards" | "forward")) => Some(&["PF"]),
        _ => None,
    };
    if let Some(codes) = pair {
        let family = if codes[0].ends_with('G') || codes[0].ends_with('F') {
            BASKETBALL_POSITIONS
        } else {
            BASEBALL_POSITIONS
        };
        return Some((2, codes, family));
    }
    let (codes, family): (&'static [&'static str], _) = match *words.first()? {
        "pitchers" | "pitcher" => (&["P"], BASEBALL_POSITIONS),
        "catchers" | "catcher" => (&["C"], BASEBALL_POSITIONS),
        "shortstops" | "shortstop" => (&["SS"], BASEBALL_POSITIONS),
        "outfielders" | "outfielder" => (&["LF", "CF", "RF", "OF"], BASEBALL_POSITIONS),
        "infielders" | "infielder" => (&["1B", "2B", "3B", "SS", "IF"], BASEBALL_POSITIONS),
        "guards" | "guard" => (&["PG", "SG", "G"], BASKETBALL_POSITIONS),
        "centers" | "centres" => (&["C"], BASKETBALL_POSITIONS),
        "goalkeepers" | "goalkeeper" | "keepers" | "goalies" => {
            (&["GK", "GKP"], FOOTBALL_POSITIONS)
        }
        "defenders" | "defender" => (&["DF", "DEF"], FOOTBALL_POSITIONS),
        "midfielders" | "midfielder" => (&["MF", "MID"], FOOTBALL_POSITIONS),
        "strikers" | "striker" => (&["FW", "FWD"], FOOTBALL_POSITIONS),
        "fastballs" | "fastball" => (&["FF", "FT", "FA", "SI"], PITCH_TYPES),
        "sinkers" | "sinker" => (&["SI"], PITCH_TYPES),
        "cutters" | "cutter" => (&["FC"], PITCH_TYPES),
        "sliders" | "slider" => (&["SL"], PITCH_TYPES),
        "curveballs" | "curveball" | "curves" => (&["CU", "KC"], PITCH_TYPES),
        "changeups" | "changeup" => (&["CH"], PITCH_TYPES),
        "splitters" | "splitter" => (&["FS"], PITCH_TYPES),
        "knuckleballs" | "knuckleball" => (&["KN"], PITCH_TYPES),
        _ => return None,
    };
    Some((1, codes, family))
}

/// Whether codes of `family` are all the word means at once ("outfielders"
/// are every outfield position), not alternatives of which one is found.
pub fn codes_are_a_set(family: &[&str]) -> bool {
    [
        BASEBALL_POSITIONS,
        BASKETBALL_POSITIONS,
        FOOTBALL_POSITIONS,
        PITCH_TYPES,
        MLB_TEAMS,
    ]
    .contains(&family)
}

/// The codes the words at the start of `words` may stand for, with how
/// many words they take, and the family of codes a column must hold two of
/// (so that "dead" is not `D` of a column of parties).
pub fn letter_codes(
    words: &[&str],
) -> Option<(usize, &'static [&'static str], &'static [&'static str])> {
    let two = (words.len() >= 2).then(|| (words[0], words[1]));
    if let Some(pair) = two {
        let codes: &'static [&'static str] = match pair {
            ("extra", "small") | ("x", "small") => &["XS"],
            ("extra", "large") | ("x", "large") => &["XL"],
            ("north", "east") => &["NE"],
            ("north", "west") => &["NW"],
            ("south", "east") => &["SE"],
            ("south", "west") => &["SW"],
            ("still", "alive") | ("still", "living") => &["A", "L", "ALIVE", "LIVING", "LIVE"],
            ("critically", "endangered") => &["CR"],
            ("near", "threatened") => &["NT"],
            ("least", "concern") => &["LC"],
            ("data", "deficient") => &["DD"],
            _ => &[],
        };
        if !codes.is_empty() {
            let family = if codes[0] == "A" {
                LIFE_CODES
            } else if IUCN_CODES.contains(&codes[0]) {
                IUCN_CODES
            } else {
                SIZE_CODES
            };
            return Some((2, codes, family));
        }
    }
    if let Some(sport) = sport_codes(words) {
        return Some(sport);
    }
    let (codes, family): (&'static [&'static str], _) = match *words.first()? {
        "small" | "smalls" => (&["S", "SM"], SIZE_CODES),
        "medium" | "mediums" => (&["M", "MD", "MED"], SIZE_CODES),
        "large" | "larges" => (&["L", "LG"], SIZE_CODES),
        "xs" => (&["XS"], SIZE_CODES),
        "xl" => (&["XL"], SIZE_CODES),
        "xxl" | "2xl" => (&["XXL", "2XL"], SIZE_CODES),
        "alive" | "living" | "survived" | "survivors" | "surviving" | "survivor" => {
            (&["A", "L", "ALIVE", "LIVING", "LIVE"], LIFE_CODES)
        }
        "dead" | "died" | "deceased" | "deaths" | "killed" => {
            (&["D", "DEAD", "DECEASED"], LIFE_CODES)
        }
        "north" | "northern" | "northerly" => (&["N"], COMPASS_CODES),
        "south" | "southern" | "southerly" => (&["S"], COMPASS_CODES),
        "east" | "eastern" | "easterly" => (&["E"], COMPASS_CODES),
        "west" | "western" | "westerly" => (&["W"], COMPASS_CODES),
        "northeast" | "northeastern" => (&["NE"], COMPASS_CODES),
        "northwest" | "northwestern" => (&["NW"], COMPASS_CODES),
        "southeast" | "southeastern" => (&["SE"], COMPASS_CODES),
        "southwest" | "southwestern" => (&["SW"], COMPASS_CODES),
        "central" | "centre" | "center" => (&["C"], COMPASS_CODES),
        "failed" | "fail" | "failing" | "fails" | "flunked" => (&["F"], GRADE_CODES),
        "withdrew" | "withdrawn" | "withdrawals" | "withdrawal" => (&["W"], GRADE_CODES),
        "incomplete" => (&["I"], GRADE_CODES),
        "democrat" | "democrats" | "democratic" | "dems" => (&["D", "DEM"], PARTY_CODES),
        "republican" | "republicans" | "gop" => (&["R", "REP", "GOP"], PARTY_CODES),
        "independent" | "independents" => (&["I", "IND"], PARTY_CODES),
        "libertarian" | "libertarians" => (&["L", "LIB"], PARTY_CODES),
        "endangered" => (&["EN"], IUCN_CODES),
        "vulnerable" => (&["VU"], IUCN_CODES),
        "extinct" => (&["EX", "EW"], IUCN_CODES),
        _ => return None,
    };
    Some((1, codes, family))
}
