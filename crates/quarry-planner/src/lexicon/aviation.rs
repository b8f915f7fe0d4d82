//! Airlines and airports by name, with the IATA codes flight data writes
//! for them: "delta" → `DL`, "jetblue" → `B6`, "o'hare" → `ORD`, "new
//! york" → `JFK`, `LGA`, `EWR` (a city is every airport it has). Used only
//! on a column of such codes (see `linking::aviation_code_at`).

/// An airline's name, as words, and its IATA code.
const AIRLINES: &[(&[&str], &str)] = &[
    (&["american", "airlines"], "AA"),
    (&["american"], "AA"),
    (&["delta"], "DL"),
    (&["united"], "UA"),
    (&["southwest"], "WN"),
    (&["jetblue"], "B6"),
    (&["jet", "blue"], "B6"),
    (&["alaska", "airlines"], "AS"),
    (&["alaska"], "AS"),
    (&["spirit"], "NK"),
    (&["frontier"], "F9"),
    (&["allegiant"], "G4"),
    (&["hawaiian"], "HA"),
    (&["skywest"], "OO"),
    (&["envoy"], "MQ"),
    (&["american", "eagle"], "MQ"),
    (&["expressjet"], "EV"),
    (&["republic"], "YX"),
    (&["endeavor"], "9E"),
    (&["mesa"], "YV"),
    (&["psa"], "OH"),
    (&["horizon"], "QX"),
    (&["sun", "country"], "SY"),
    (&["virgin", "america"], "VX"),
    (&["us", "airways"], "US"),
    (&["continental"], "CO"),
    (&["northwest"], "NW"),
    (&["airtran"], "FL"),
    (&["british", "airways"], "BA"),
    (&["lufthansa"], "LH"),
    (&["air", "france"], "AF"),
    (&["klm"], "KL"),
    (&["emirates"], "EK"),
    (&["qantas"], "QF"),
    (&["air", "canada"], "AC"),
    (&["ryanair"], "FR"),
    (&["easyjet"], "U2"),
    (&["virgin", "atlantic"], "VS"),
    (&["iberia"], "IB"),
    (&["turkish", "airlines"], "TK"),
    (&["qatar", "airways"], "QR"),
    (&["singapore", "airlines"], "SQ"),
];

/// An airport's or a city's name, as words, and the IATA codes of its
/// major airports.
const AIRPORTS: &[(&[&str], &[&str])] = &[
    (&["atlanta"], &["ATL"]),
    (&["hartsfield"], &["ATL"]),
    (&["chicago"], &["ORD", "MDW"]),
    (&["ohare"], &["ORD"]),
    (&["o", "hare"], &["ORD"]),
    (&["midway"], &["MDW"]),
    (&["dallas", "fort", "worth"], &["DFW"]),
    (&["dallas"], &["DFW", "DAL"]),
    (&["love", "field"], &["DAL"]),
    (&["denver"], &["DEN"]),
    (&["los", "angeles"], &["LAX"]),
    (&["new", "york"], &["JFK", "LGA", "EWR"]),
    (&["nyc"], &["JFK", "LGA", "EWR"]),
    (&["laguardia"], &["LGA"]),
    (&["la", "guardia"], &["LGA"]),
    (&["kennedy"], &["JFK"]),
    (&["newark"], &["EWR"]),
    (&["boston"], &["BOS"]),
    (&["logan"], &["BOS"]),
    (&["seattle"], &["SEA"]),
    (&["san", "francisco"], &["SFO"]),
    (&["las", "vegas"], &["LAS"]),
    (&["vegas"], &["LAS"]),
    (&["phoenix"], &["PHX"]),
    (&["houston"], &["IAH", "HOU"]),
    (&["hobby"], &["HOU"]),
    (&["miami"], &["MIA"]),
    (&["orlando"], &["MCO"]),
    (&["charlotte"], &["CLT"]),
    (&["minneapolis"], &["MSP"]),
    (&["detroit"], &["DTW"]),
    (&["philadelphia"], &["PHL"]),
    (&["washington", "dc"], &["DCA", "IAD"]),
    (&["washington"], &["DCA", "IAD"]),
    (&["dulles"], &["IAD"]),
    (&["reagan"], &["DCA"]),
    (&["baltimore"], &["BWI"]),
    (&["salt", "lake", "city"], &["SLC"]),
    (&["salt", "lake"], &["SLC"]),
    (&["san", "diego"], &["SAN"]),
    (&["tampa"], &["TPA"]),
    (&["portland"], &["PDX"]),
    (&["st", "louis"], &["STL"]),
    (&["saint", "louis"], &["STL"]),
    (&["nashville"], &["BNA"]),
    (&["austin"], &["AUS"]),
    (&["honolulu"], &["HNL"]),
    (&["hawaii"], &["HNL", "OGG", "KOA", "LIH", "ITO"]),
    (&["maui"], &["OGG"]),
    (&["new", "orleans"], &["MSY"]),
    (&["kansas", "city"], &["MCI"]),
    (&["cleveland"], &["CLE"]),
    (&["pittsburgh"], &["PIT"]),
    (&["raleigh"], &["RDU"]),
    (&["san", "jose"], &["SJC"]),
    (&["oakland"], &["OAK"]),
    (&["sacramento"], &["SMF"]),
    (&["indianapolis"], &["IND"]),
    (&["columbus"], &["CMH"]),
    (&["cincinnati"], &["CVG"]),
    (&["milwaukee"], &["MKE"]),
    (&["albuquerque"], &["ABQ"]),
    (&["anchorage"], &["ANC"]),
    (&["san", "antonio"], &["SAT"]),
    (&["fort", "lauderdale"], &["FLL"]),
    (&["heathrow"], &["LHR"]),
    (&["gatwick"], &["LGW"]),
    (&["london"], &["LHR", "LGW", "STN", "LTN", "LCY"]),
    (&["paris"], &["CDG", "ORY"]),
    (&["frankfurt"], &["FRA"]),
    (&["amsterdam"], &["AMS"]),
    (&["madrid"], &["MAD"]),
    (&["tokyo"], &["NRT", "HND"]),
    (&["toronto"], &["YYZ"]),
    (&["vancouver"], &["YVR"]),
    (&["dubai"], &["DXB"]),
    (&["sydney"], &["SYD"]),
];

/// The airline the words at the start of `words` name: how many words and
/// its code. The longest name wins ("american eagle" before "american").
pub fn airline_code(words: &[&str]) -> Option<(usize, &'static str)> {
    AIRLINES
        .iter()
        .filter(|(name, _)| words.len() >= name.len() && words[..name.len()] == **name)
        .max_by_key(|(name, _)| name.len())
        .map(|(name, code)| (name.len(), *code))
}

/// The airport or city the words at the start of `words` name: how many
/// words and its codes.
pub fn airport_codes(words: &[&str]) -> Option<(usize, &'static [&'static str])> {
    AIRPORTS
        .iter()
        .filter(|(name, _)| words.len() >= name.len() && words[..name.len()] == **name)
        .max_by_key(|(name, _)| name.len())
        .map(|(name, codes)| (name.len(), *codes))
}

/// Every airline code the lexicon knows.
pub fn is_airline_code(v: &str) -> bool {
    AIRLINES.iter().any(|(_, c)| c.eq_ignore_ascii_case(v))
}

/// Every airport code the lexicon knows.
pub fn is_airport_code(v: &str) -> bool {
    AIRPORTS
        .iter()
        .any(|(_, cs)| cs.iter().any(|c| c.eq_ignore_ascii_case(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_names_win() {
        assert_eq!(
            airline_code(&["american", "eagle", "flights"]),
            Some((2, "MQ"))
        );
        assert_eq!(airline_code(&["american", "flights"]), Some((1, "AA")));
        assert_eq!(
            airport_codes(&["dallas", "fort", "worth"]),
            Some((3, &["DFW"][..]))
        );
        assert_eq!(airport_codes(&["dallas"]).map(|x| x.1.len()), Some(2));
        assert!(airport_codes(&["springfield"]).is_none());
    }
}
