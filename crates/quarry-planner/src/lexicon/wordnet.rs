//! A lexicon derived from WordNet 3.0 (`wordnet.tsv` beside this file,
//! written by `lexicon/build_wordnet.py`; licence in `WORDNET-LICENSE`):
//! what an adjective speaks of ("heavy" → weight, "windy" → wind), which
//! pole of it ("light" means less weight), the nouns derived from a verb
//! ("cite" → citation), irregular comparatives, superlatives and
//! participles ("best" → good, "sold" → sell), and synonyms of nouns that
//! name a measure ("fibre" ↔ "fiber"). The table is embedded in the binary
//! and parsed once per process, on first use.
//!
//! [`measures`] puts it together: the nouns a field's name may hold when a
//! phrase grades an adjective or a participle ("the most cited" → cite,
//! citation), each with its pole and how it was found.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

const TABLE: &str = include_str!("wordnet.tsv");

/// Which way an adjective goes along a noun it speaks of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pole {
    /// "heavy": more weight.
    More,
    /// "light": less weight.
    Less,
}

impl Pole {
    /// The other pole.
    pub fn flip(self) -> Pole {
        match self {
            Pole::More => Pole::Less,
            Pole::Less => Pole::More,
        }
    }
}

/// The parsed table.
struct Lexicon {
    /// Per adjective, its attribute nouns with their pole, in sense order.
    attributes: HashMap<&'static str, Vec<(&'static str, Pole)>>,
    /// Per adjective, derivationally related nouns and verbs.
    adjective_related: HashMap<&'static str, Vec<&'static str>>,
    /// Per verb, the nouns derived from it.
    verb_related: HashMap<&'static str, Vec<&'static str>>,
    /// Irregular comparatives and superlatives → adjective.
    irregular: HashMap<&'static str, &'static str>,
    /// Irregular past participles → verb.
    participles: HashMap<&'static str, &'static str>,
    /// Words the superlative rule would misread.
    not_superlative: HashSet<&'static str>,
    /// Per noun, the other nouns of its synonym groups.
    synonyms: HashMap<&'static str, Vec<&'static str>>,
    /// Every word the table writes.
    words: HashSet<&'static str>,
    /// Per adjective, its direct antonyms.
    antonyms: HashMap<&'static str, Vec<&'static str>>,
    /// Per relational adjective, the nouns it pertains to.
    pertains: HashMap<&'static str, Vec<&'static str>>,
}

fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| parse(TABLE))
}

/// Parses the table (see `build_wordnet.py` for its format). Malformed
/// lines are skipped: the table is generated, and a test checks it parses
/// whole.
fn parse(text: &'static str) -> Lexicon {
    let mut attribute_nouns: Vec<Vec<&'static str>> = Vec::new();
    let mut lx = Lexicon {
        attributes: HashMap::new(),
        adjective_related: HashMap::new(),
        verb_related: HashMap::new(),
        irregular: HashMap::new(),
        participles: HashMap::new(),
        not_superlative: HashSet::new(),
        synonyms: HashMap::new(),
        words: HashSet::new(),
        antonyms: HashMap::new(),
        pertains: HashMap::new(),
    };
    for line in text.lines() {
        // The pertainyms' words are not counted as known: `knows` keeps the
        // vocabulary it had before they were added.
        if !line.starts_with('#') && !line.starts_with("r\t") {
            lx.words.extend(
                line.split(['\t', ' '])
                    .skip(1)
                    .filter(|w| w.len() >= 2 && w.bytes().all(|b| b.is_ascii_lowercase())),
            );
        }
        let mut cols = line.split('\t');
        let (Some(kind), Some(first)) = (cols.next(), cols.next()) else {
            continue;
        };
        let rest = cols.next().unwrap_or("");
        match kind {
            "t" => attribute_nouns.push(first.split(' ').collect()),
            "a" => {
                let mut list = Vec::new();
                for item in rest.split(' ') {
                    let (id, pole) = match item.strip_suffix('-') {
                        Some(id) => (id, Pole::Less),
                        None => (item.trim_end_matches('+'), Pole::More),
                    };
                    let Some(nouns) = id
                        .parse::<usize>()
                        .ok()
                        .and_then(|i| attribute_nouns.get(i))
                    else {
                        continue;
                    };
                    list.extend(nouns.iter().map(|n| (*n, pole)));
                }
                lx.attributes.insert(first, list);
            }
            "d" => {
                lx.adjective_related
                    .insert(first, rest.split(' ').collect());
            }
            "v" => {
                lx.verb_related.insert(first, rest.split(' ').collect());
            }
            "x" => {
                lx.irregular.insert(first, rest);
            }
            "p" => {
                lx.participles.insert(first, rest);
            }
            "n" => {
                lx.not_superlative.insert(first);
            }
            "o" => {
                lx.antonyms.insert(first, rest.split(' ').collect());
            }
            "r" => {
                lx.pertains.insert(first, rest.split(' ').collect());
            }
            "s" => {
                let group: Vec<&'static str> = first.split(' ').collect();
                for &w in &group {
                    let list = lx.synonyms.entry(w).or_default();
                    for &o in &group {
                        if o != w && !list.contains(&o) {
                            list.push(o);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    lx
}

/// Whether the table writes the word `w` at all (a noun, adjective or
/// verb of some entry).
pub fn knows(w: &str) -> bool {
    lexicon().words.contains(w)
}

/// The direct antonyms of an adjective ("foreign": domestic, native).
pub fn antonyms(adjective: &str) -> &'static [&'static str] {
    lexicon()
        .antonyms
        .get(adjective)
        .map_or(&[], |v| v.as_slice())
}

/// Whether the table knows `w` as an adjective.
pub fn is_adjective(w: &str) -> bool {
    let lx = lexicon();
    lx.attributes.contains_key(w) || lx.adjective_related.contains_key(w)
}

/// Whether the table knows `w` as a verb with derived nouns.
pub fn is_verb(w: &str) -> bool {
    lexicon().verb_related.contains_key(w)
}

/// The attribute nouns an adjective is a value of, with the pole it means
/// ("heavy": weight, more), most frequent sense first.
pub fn attributes(adjective: &str) -> &'static [(&'static str, Pole)] {
    lexicon()
        .attributes
        .get(adjective)
        .map_or(&[], |v| v.as_slice())
}

/// The nouns and verbs derivationally related to an adjective
/// ("profitable": profit), or the nouns derived from a verb ("cite":
/// citation).
pub fn related(word: &str) -> &'static [&'static str] {
    let lx = lexicon();
    lx.adjective_related
        .get(word)
        .or_else(|| lx.verb_related.get(word))
        .map_or(&[], |v| v.as_slice())
}

/// The nouns a relational adjective pertains to ("urban": city, "rural":
/// country, "coastal": coast).
pub fn pertains_to(adjective: &str) -> &'static [&'static str] {
    lexicon()
        .pertains
        .get(adjective)
        .map_or(&[], |v| v.as_slice())
}

/// The other nouns of the synonym groups `noun` is in ("fibre": fiber).
pub fn synonyms(noun: &str) -> &'static [&'static str] {
    lexicon().synonyms.get(noun).map_or(&[], |v| v.as_slice())
}

/// The degree an adjective is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Degree {
    Positive,
    Comparative,
    Superlative,
}

/// The adjective a word is a form of, and the form: "heaviest" → (heavy,
/// superlative), "wider" → (wide, comparative), "best" → (good,
/// superlative), "sugary" → (sugary, positive). Only adjectives the table
/// knows; a word that only looks like a superlative ("honest") is not one.
pub fn adjective_of(word: &str) -> Option<(&'static str, Degree)> {
    let lx = lexicon();
    if let Some(&base) = lx.irregular.get(word) {
        let degree = if word.ends_with("st") {
            Degree::Superlative
        } else {
            Degree::Comparative
        };
        return Some((base, degree));
    }
    if let Some((&k, _)) = lx.attributes.get_key_value(word) {
        return Some((k, Degree::Positive));
    }
    if let Some((&k, _)) = lx.adjective_related.get_key_value(word) {
        return Some((k, Degree::Positive));
    }
    let (stem, degree) = if let Some(s) = word.strip_suffix("est") {
        if lx.not_superlative.contains(word) {
            return None;
        }
        (s, Degree::Superlative)
    } else if let Some(s) = word.strip_suffix("er") {
        (s, Degree::Comparative)
    } else {
        return None;
    };
    if stem.len() < 2 {
        return None;
    }
    degree_bases(stem)
        .into_iter()
        .find_map(|b| known_adjective(lx, &b))
        .map(|b| (b, degree))
}

/// The adjective the table holds under `w`, as a `'static` string.
fn known_adjective(lx: &Lexicon, w: &str) -> Option<&'static str> {
    lx.attributes
        .get_key_value(w)
        .map(|(k, _)| *k)
        .or_else(|| lx.adjective_related.get_key_value(w).map(|(k, _)| *k))
}

/// What a regular comparative or superlative's stem (the word without
/// "-er"/"-est") may come from: "tall" → tall, "wid" → wide, "heavi" →
/// heavy, "bigg" → big. Kept in step with `superlative_bases` in
/// `build_wordnet.py`.
fn degree_bases(stem: &str) -> Vec<String> {
    let mut out = vec![stem.to_string(), format!("{stem}e")];
    if let Some(b) = stem.strip_suffix('i') {
        out.push(format!("{b}y"));
    }
    let bytes = stem.as_bytes();
    if bytes.len() > 2 && bytes[bytes.len() - 1] == bytes[bytes.len() - 2] {
        out.push(stem[..stem.len() - 1].to_string());
    }
    out
}

/// The verbs a past participle may come from, known verbs first: "cited"
/// → cite, "retweeted" → retweet, "sold" → sell, "studied" → study,
/// "planned" → plan. A verb the table does not know is still a candidate
/// (a field may be named for it: `retweet_count`).
/// The irregular past participles of a verb ("win": won; "sell": sold).
pub fn participles_of(verb: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = lexicon()
        .participles
        .iter()
        .filter(|(_, v)| **v == verb)
        .map(|(p, _)| *p)
        .collect();
    out.sort_unstable();
    out
}

/// The verb of an irregular past or participle ("lost" → lose), if the
/// table lists it.
pub fn participles_of_word(word: &str) -> Option<&'static str> {
    // The commonest irregular verbs, which the derived table leaves out
    // (WordNet lists them in its exception files, not its synsets).
    const COMMON: &[(&str, &str)] = &[
        ("lost", "lose"),
        ("won", "win"),
        ("left", "leave"),
        ("sold", "sell"),
        ("bought", "buy"),
        ("paid", "pay"),
        ("made", "make"),
        ("took", "take"),
        ("taken", "take"),
        ("gave", "give"),
        ("given", "give"),
        ("went", "go"),
        ("gone", "go"),
        ("came", "come"),
        ("got", "get"),
        ("held", "hold"),
        ("kept", "keep"),
        ("ran", "run"),
        ("led", "lead"),
        ("met", "meet"),
        ("built", "build"),
        ("sent", "send"),
        ("spent", "spend"),
        ("found", "find"),
        ("drove", "drive"),
        ("driven", "drive"),
        ("flew", "fly"),
        ("flown", "fly"),
        ("grew", "grow"),
        ("grown", "grow"),
        ("fell", "fall"),
        ("fallen", "fall"),
        ("broke", "break"),
        ("broken", "break"),
        ("chose", "choose"),
        ("chosen", "choose"),
        ("wrote", "write"),
        ("written", "write"),
        ("ate", "eat"),
        ("eaten", "eat"),
        ("died", "die"),
    ];
    lexicon()
        .participles
        .get(word)
        .copied()
        .or_else(|| COMMON.iter().find(|(p, _)| *p == word).map(|(_, v)| *v))
}

pub fn verbs_of_participle(word: &str) -> Vec<String> {
    let lx = lexicon();
    if let Some(&v) = lx.participles.get(word) {
        return vec![v.to_string()];
    }
    let mut out: Vec<String> = Vec::new();
    if let Some(s) = word.strip_suffix("ed") {
        if s.len() >= 2 {
            if let Some(b) = s.strip_suffix('i') {
                out.push(format!("{b}y"));
            }
            out.push(format!("{s}e"));
            out.push(s.to_string());
            let bytes = s.as_bytes();
            if bytes.len() > 2 && bytes[bytes.len() - 1] == bytes[bytes.len() - 2] {
                out.push(s[..s.len() - 1].to_string());
            }
        }
    }
    // Known verbs first, in the order above.
    out.sort_by_key(|v| !lx.verb_related.contains_key(v.as_str()));
    out
}

/// How a noun was found for an adjective or a participle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Relation {
    /// The word itself or its base ("sunny", "retweet").
    Itself,
    /// A derivationally related noun or verb ("windy" → wind, "cite" →
    /// citation), or `<adjective>ness`.
    Derived,
    /// An attribute noun ("heavy" → weight).
    Attribute,
    /// A synonym of one of those ("profit" → earnings).
    Synonym,
}

/// A noun a field's name may hold when a phrase grades a word.
#[derive(Debug, Clone, PartialEq)]
pub struct Measure {
    pub noun: String,
    /// Which way "more <word>" goes along the noun.
    pub pole: Pole,
    pub relation: Relation,
    /// A duration standing for a rate (see [`RATE_NOUNS`]): the direction
    /// turns over.
    pub inverse: bool,
}

/// Nouns of a rate, whose inverse is the time a thing takes: the faster,
/// the less time ("the fastest runner" has the smallest `time_s`, "the
/// quickest record" the smallest `record_time`). General English.
pub const RATE_NOUNS: &[&str] = &[
    "speed",
    "swiftness",
    "fastness",
    "quickness",
    "rapidity",
    "velocity",
    "pace",
];

/// Nouns a field's name holds when it measures the time a thing takes.
pub const DURATION_NOUNS: &[&str] = &["time", "duration"];

/// The nouns a graded word speaks of, best first: the word (or its base)
/// itself, its derived nouns and verbs, its attributes (when `attributes`),
/// and their synonyms (when `synonyms`). `base` is an adjective or a verb
/// (for a participle: "cite" for "cited"). Nouns are as WordNet writes
/// them; the caller compares stems.
pub fn measures(base: &str, attributes_too: bool, synonyms_too: bool) -> Vec<Measure> {
    let mut out: Vec<Measure> = Vec::new();
    add_measure(&mut out, base, Pole::More, Relation::Itself, false);
    for w in related(base) {
        add_measure(&mut out, w, Pole::More, Relation::Derived, false);
    }
    // The noun of the verb or noun under a word ("extraverted",
    // "extravert" → extraversion; "educated" → education), which the
    // table leaves out.
    let mut roots: Vec<&str> = vec![base];
    roots.extend(related(base).iter().copied());
    for root in roots {
        for noun in nominalisations(root) {
            add_measure(&mut out, &noun, Pole::More, Relation::Derived, false);
        }
    }
    // `<adjective>ness`, which the table leaves out ("thick" → thickness).
    if is_adjective(base) {
        let ness = match base.strip_suffix('y') {
            Some(b) => format!("{b}iness"),
            None => format!("{base}ness"),
        };
        add_measure(&mut out, &ness, Pole::More, Relation::Derived, false);
    }
    for &noun in counted_nouns(base) {
        add_measure(&mut out, noun, Pole::More, Relation::Derived, false);
    }
    // "the quietest day": the fewest of what the busiest has most; "the
    // driest" the least of what the wettest has most.
    let opposite = match base {
        "quiet" => Some("busy"),
        "dry" => Some("wet"),
        _ => None,
    };
    for &noun in opposite.map_or(&[][..], counted_nouns) {
        add_measure(&mut out, noun, Pole::Less, Relation::Derived, false);
    }
    // "the most acidic": the lowest pH; "the most alkaline": the highest.
    match base {
        "acidic" | "acid" | "sour" => {
            add_measure(&mut out, "ph", Pole::Less, Relation::Derived, false)
        }
        "alkaline" | "basic" => add_measure(&mut out, "ph", Pole::More, Relation::Derived, false),
        _ => {}
    }
    if attributes_too {
        for &(noun, pole) in attributes(base) {
            add_measure(&mut out, noun, pole, Relation::Attribute, false);
        }
        let rate = out
            .iter()
            .find(|m| RATE_NOUNS.contains(&m.noun.as_str()))
            .map(|m| m.pole);
        if let Some(pole) = rate {
            for d in DURATION_NOUNS {
                add_measure(&mut out, d, pole.flip(), Relation::Attribute, true);
            }
        }
    }
    if synonyms_too {
        let direct: Vec<Measure> = out.clone();
        for m in direct {
            for s in synonyms(&m.noun) {
                add_measure(&mut out, s, m.pole, Relation::Synonym, m.inverse);
            }
        }
    }
    out
}

/// The nouns English makes of a verb (or of a participle, its "-ed"
/// dropped) by the regular endings: "-ert" → "-ersion" (extravert,
/// convert), "-ate"/"-ute" → "-ation"/"-ution" (educate, pollute),
/// "-ect" → "-ection" (infect). Only candidates: a caller keeps the ones a
/// field's name holds.
pub fn nominalisations(w: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut forms = vec![w.to_string()];
    if let Some(b) = w.strip_suffix("ed").filter(|b| b.len() >= 4) {
        forms.push(b.to_string());
        forms.push(format!("{b}e"));
    }
    for f in forms {
        if let Some(b) = f.strip_suffix("ert") {
            out.push(format!("{b}ersion"));
        } else if let Some(b) = f.strip_suffix("ate").or_else(|| f.strip_suffix("ute")) {
            let vowel = &f[b.len()..b.len() + 1];
            out.push(format!("{b}{vowel}tion"));
        } else if f.ends_with("ect") {
            out.push(format!("{f}ion"));
        }
    }
    out.retain(|n| n.len() >= 7 && n != w);
    out.dedup();
    out
}

/// What a graded adjective counts when WordNet relates it to no measure:
/// the deadliest has the most deaths, the busiest the most passengers.
/// General English, not any table's columns.
pub fn counted_nouns(base: &str) -> &'static [&'static str] {
    match base {
        "deadly" => &[
            "deaths",
            "fatalities",
            "killed",
            "casualties",
            "dead",
            "victims",
        ],
        "busy" => &[
            "passengers",
            "traffic",
            "visitors",
            "riders",
            "ridership",
            "customers",
            "volume",
            "bikers",
            "rentals",
            "cnt",
        ],
        "crowded" => &["attendance", "visitors", "passengers"],
        "wet" | "rainy" => &["rain", "rainfall", "precipitation", "precip", "prcp"],
        "populous" => &["population", "pop"],
        "thick" | "stout" => &["diameter", "dbh", "girth", "thickness"],
        "costly" => &["cost", "damage", "damages"],
        "destructive" | "damaging" => &["damage", "damages", "cost"],
        "profitable" => &["profit", "profits", "income"],
        "violent" => &["violent", "assaults", "murders", "homicides"],
        _ => &[],
    }
}

/// Adds a noun to a list of measures, unless it is there already.
fn add_measure(out: &mut Vec<Measure>, noun: &str, pole: Pole, relation: Relation, inverse: bool) {
    if !out.iter().any(|m| m.noun == noun) {
        out.push(Measure {
            noun: noun.to_string(),
            pole,
            relation,
            inverse,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_whole() {
        let lx = parse(TABLE);
        let kinds: Vec<&str> = TABLE
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split('\t').next().unwrap())
            .collect();
        assert!(kinds
            .iter()
            .all(|k| ["t", "a", "d", "v", "x", "p", "n", "s", "o", "r"].contains(k)));
        let count = |k: &str| kinds.iter().filter(|x| **x == k).count();
        assert_eq!(lx.attributes.len(), count("a"));
        assert_eq!(lx.adjective_related.len(), count("d"));
        assert_eq!(lx.verb_related.len(), count("v"));
        assert_eq!(lx.irregular.len(), count("x"));
        assert_eq!(lx.participles.len(), count("p"));
        assert_eq!(lx.antonyms.len(), count("o"));
        assert_eq!(lx.pertains.len(), count("r"));
        assert_eq!(antonyms("foreign").first(), Some(&"domestic"));
        assert_eq!(pertains_to("urban"), &["city"]);
        assert!(knows("weight") && !knows("poptotal"));
        // Every attribute reference points at a `t` line.
        let refs_ok = TABLE.lines().filter(|l| l.starts_with("a\t")).all(|l| {
            l.split('\t').nth(2).unwrap().split(' ').all(|r| {
                r.trim_end_matches(['+', '-'])
                    .parse::<usize>()
                    .is_ok_and(|i| i < count("t"))
            })
        });
        assert!(refs_ok);
        // 363 kB before the pertainyms (81 kB) were added.
        assert!(TABLE.len() < 460_000, "keep the table small");
    }

    #[test]
    fn attributes_and_poles() {
        let has = |adj: &str, noun: &str, pole: Pole| {
            attributes(adj).iter().any(|&(n, p)| n == noun && p == pole)
        };
        assert!(has("heavy", "weight", Pole::More));
        assert!(has("light", "weight", Pole::Less));
        assert!(has("fast", "speed", Pole::More));
        assert!(has("slow", "speed", Pole::Less));
        assert!(has("hot", "temperature", Pole::More));
        assert!(has("cold", "temperature", Pole::Less));
        assert!(has("wide", "width", Pole::More));
        assert!(has("narrow", "width", Pole::Less));
        assert!(has("old", "age", Pole::More));
        assert!(has("young", "age", Pole::Less));
        assert!(has("long", "length", Pole::More));
        assert!(has("short", "length", Pole::Less));
        assert!(has("thick", "thickness", Pole::More));
        assert!(has("thin", "thickness", Pole::Less));
        assert!(has("tall", "height", Pole::More));
        assert!(has("deep", "depth", Pole::More));
        assert!(attributes("not-a-word").is_empty());
    }

    #[test]
    fn derived_words() {
        let rel = |w: &str, n: &str| related(w).contains(&n);
        assert!(rel("prestigious", "prestige"));
        assert!(rel("valuable", "value"));
        assert!(rel("profitable", "profit"));
        assert!(rel("popular", "popularity"));
        assert!(rel("sugary", "sugar"));
        assert!(rel("salty", "salt"));
        assert!(rel("windy", "wind"));
        assert!(rel("snowy", "snow"));
        assert!(rel("cite", "citation"));
    }

    #[test]
    fn nouns_made_of_verbs() {
        assert!(nominalisations("extravert").contains(&"extraversion".to_string()));
        assert!(nominalisations("extraverted").contains(&"extraversion".to_string()));
        assert!(nominalisations("educated").contains(&"education".to_string()));
        assert!(nominalisations("polluted").contains(&"pollution".to_string()));
        assert!(nominalisations("infected").contains(&"infection".to_string()));
        assert!(nominalisations("tall").is_empty());
        assert!(measures("extraverted", false, false)
            .iter()
            .any(|m| m.noun == "extraversion"));
    }

    #[test]
    fn forms_of_adjectives() {
        use Degree::*;
        assert_eq!(adjective_of("heaviest"), Some(("heavy", Superlative)));
        assert_eq!(adjective_of("windiest"), Some(("windy", Superlative)));
        assert_eq!(adjective_of("widest"), Some(("wide", Superlative)));
        assert_eq!(adjective_of("biggest"), Some(("big", Superlative)));
        assert_eq!(adjective_of("thickest"), Some(("thick", Superlative)));
        assert_eq!(adjective_of("best"), Some(("good", Superlative)));
        assert_eq!(adjective_of("worst"), Some(("bad", Superlative)));
        assert_eq!(adjective_of("better"), Some(("good", Comparative)));
        assert_eq!(adjective_of("windier"), Some(("windy", Comparative)));
        assert_eq!(adjective_of("wider"), Some(("wide", Comparative)));
        assert_eq!(adjective_of("sugary"), Some(("sugary", Positive)));
        // Words of their own that end like a superlative.
        assert_eq!(adjective_of("honest").map(|a| a.1), Some(Positive));
        assert_eq!(adjective_of("forest"), None);
        assert_eq!(adjective_of("interest"), None);
        assert_eq!(adjective_of("west"), None);
    }

    #[test]
    fn participles() {
        assert_eq!(verbs_of_participle("cited")[0], "cite");
        assert_eq!(verbs_of_participle("broken"), vec!["break"]);
        assert!(verbs_of_participle("retweeted").contains(&"retweet".to_string()));
        assert!(verbs_of_participle("studied").contains(&"study".to_string()));
        assert!(verbs_of_participle("planned").contains(&"plan".to_string()));
        assert!(verbs_of_participle("tall").is_empty());
    }

    #[test]
    fn synonyms_of_measures() {
        assert!(synonyms("fibre").contains(&"fiber"));
        assert!(synonyms("wage").contains(&"pay"));
        assert!(synonyms("profit").contains(&"earnings"));
    }

    #[test]
    fn a_rate_turns_over_on_a_duration() {
        let m = measures("quick", true, false);
        let time = m.iter().find(|m| m.noun == "time").unwrap();
        assert_eq!((time.pole, time.inverse), (Pole::Less, true));
        let m = measures("slow", true, false);
        let time = m.iter().find(|m| m.noun == "time").unwrap();
        assert_eq!(time.pole, Pole::More);
        assert!(!measures("quick", false, false)
            .iter()
            .any(|m| m.noun == "time"));
    }

    #[test]
    fn measures_of_a_word() {
        let m = measures("heavy", true, true);
        assert_eq!(m[0].noun, "heavy");
        let weight = m.iter().find(|m| m.noun == "weight").unwrap();
        assert_eq!(
            (weight.pole, weight.relation),
            (Pole::More, Relation::Attribute)
        );
        let m = measures("windy", false, false);
        assert!(m.iter().any(|m| m.noun == "wind"));
        assert!(m.iter().all(|m| m.relation <= Relation::Derived));
        let m = measures("thick", true, false);
        assert!(m.iter().any(|m| m.noun == "thickness"));
    }
}
