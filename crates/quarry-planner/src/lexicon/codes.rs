//! Words that stand for a letter code when a column holds such codes:
//! sizes ("large" → `L`, "extra large" → `XL`), life status ("died" →
//! `D`, "alive" → `A`) and conservation status (the IUCN Red List's
//! categories: "endangered" → `EN`, "least concern" → `LC`).

/// The codes of sizes: a column holds sizes when it holds two of them.
pub const SIZE_CODES: &[&str] = &["XS", "S", "M", "L", "XL", "XXL", "2XL", "SM", "MD", "LG"];
/// The codes of compass directions ("N", "S", "NE", …).
pub const COMPASS_CODES: &[&str] = &["N", "S", "E", "W", "NE", "NW", "SE", "SW", "C"];
/// The codes of life status ("A"live or "L"iving, "D"ead).
pub const LIFE_CODES: &[&str] = &[
    "A", "L", "D", "ALIVE", "LIVING", "DEAD", "DECEASED", "CENSORED",
];

/// The IUCN Red List's categories.
pub const IUCN_CODES: &[&str] = &["LC", "NT", "VU", "EN", "CR", "EW", "EX", "DD", "NE"];

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
            ("still", "alive") | ("still", "living") => &["A", "L", "ALIVE", "LIVING"],
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
    let (codes, family): (&'static [&'static str], _) = match *words.first()? {
        "small" | "smalls" => (&["S", "SM"], SIZE_CODES),
        "medium" | "mediums" => (&["M", "MD", "MED"], SIZE_CODES),
        "large" | "larges" => (&["L", "LG"], SIZE_CODES),
        "xs" => (&["XS"], SIZE_CODES),
        "xl" => (&["XL"], SIZE_CODES),
        "xxl" | "2xl" => (&["XXL", "2XL"], SIZE_CODES),
        "alive" | "living" | "survived" | "survivors" | "surviving" => {
            (&["A", "L", "ALIVE", "LIVING"], LIFE_CODES)
        }
        "dead" | "died" | "deceased" | "deaths" | "killed" => {
            (&["D", "DEAD", "DECEASED"], LIFE_CODES)
        }
        "north" | "northern" => (&["N"], COMPASS_CODES),
        "south" | "southern" => (&["S"], COMPASS_CODES),
        "east" | "eastern" => (&["E"], COMPASS_CODES),
        "west" | "western" => (&["W"], COMPASS_CODES),
        "northeast" | "northeastern" => (&["NE"], COMPASS_CODES),
        "northwest" | "northwestern" => (&["NW"], COMPASS_CODES),
        "southeast" | "southeastern" => (&["SE"], COMPASS_CODES),
        "southwest" | "southwestern" => (&["SW"], COMPASS_CODES),
        "central" | "centre" | "center" => (&["C"], COMPASS_CODES),
        "endangered" => (&["EN"], IUCN_CODES),
        "vulnerable" => (&["VU"], IUCN_CODES),
        "extinct" => (&["EX", "EW"], IUCN_CODES),
        _ => return None,
    };
    Some((1, codes, family))
}
