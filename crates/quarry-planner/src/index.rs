//! The planner's index of one dataset profile: which words name which
//! field, which word sequences are values of which field, and how common a
//! word is in the data. Built once per dataset version; planning only looks
//! things up in it.

use crate::lexicon::{units, ABBREVIATIONS, FIELD_SYNONYMS};
use crate::measure::{measure_of, Measure};
use crate::profile::{ColumnProfile, ColumnType, DatasetProfile, ValueCount};
use crate::taught::{self, Taught};
use crate::text::{edit_distance, stem, words};
use std::collections::{HashMap, HashSet};

/// How a field alias was derived from the column name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AliasKind {
    /// A synonym of one word of a several-word name ("pay" for "income"
    /// of `num_historical_failed_to_pay`): weaker than any word the name
    /// holds itself.
    PartSynonym,
    /// One word of a several-word name ("points" for `winner_rank_points`).
    Partial,
    /// A word of the field's description in the dataset's vocabulary.
    Described,
    /// A synonym of a word of the name ("cost" for `price`).
    Synonym,
    /// The whole name.
    Full,
    /// A synonym or unit the dataset's vocabulary teaches: what the
    /// operator said the word means wins over what the name suggests.
    Taught,
}

#[derive(Debug, Clone)]
pub struct FieldAlias {
    pub column: usize,
    /// Stemmed words.
    pub words: Vec<String>,
    pub kind: AliasKind,
}

#[derive(Debug, Clone)]
pub struct ValueEntry {
    pub column: usize,
    pub value: String,
    /// Folded words of the value.
    pub words: Vec<String>,
    pub stems: Vec<String>,
    pub count: u64,
}

/// The index. Fields of this struct are read by `understand`.
pub struct Index {
    pub profile: DatasetProfile,
    pub fields_by_first: HashMap<String, Vec<FieldAlias>>,
    pub values: Vec<ValueEntry>,
    pub values_by_first: HashMap<String, Vec<u32>>,
    pub values_by_first_stem: HashMap<String, Vec<u32>>,
    /// Every word (stemmed) of several-word values → those values, for a
    /// phrase that names part of a value ("Senna" for "Ayrton Senna").
    pub values_by_word: HashMap<String, Vec<u32>>,
    /// Rows (summed over each column's values) holding a word, by stem:
    /// how selective a trait on that word would be.
    pub word_rows: HashMap<String, u64>,
    /// Distance-1 deletion variants of value words → the words (default
    /// tier fuzzy linking).
    pub deletes: HashMap<String, Vec<u32>>,
    pub fuzzy_words: Vec<String>,
    /// Stems of the dataset's own name: words that name what rows are.
    pub row_nouns: HashSet<String>,
    /// The numeric column that measures what the dataset is named after:
    /// one named by a word of the dataset's name (`snow` in a `snow`
    /// table), else its one `total` (`total` in `grand_rapids_snow`).
    /// "100 inches of snow" and "the snowiest" read it.
    pub subject_column: Option<usize>,
    /// The text fields whose listed values are mostly "place, larger
    /// place" (`Dallas, Texas`), with each value's larger place (folded,
    /// and as written): where "born in texas" is searched.
    pub place_part_columns: Vec<(usize, Vec<(String, String)>)>,
    /// True when the profile has long free-text columns whose words are
    /// not all listed in `values`.
    pub has_free_text: bool,
    /// First words of one-word values, sorted, for prefix look-ups.
    pub single_words_sorted: Vec<String>,
    /// Per column, the stems of its name's words (abbreviations spelt
    /// out, the original header's words too): what a noun of the lexicon is
    /// matched against ("wind" in `wind_mph`).
    pub column_words: Vec<Vec<String>>,
    /// Short one-word values of fields with few values, that may be codes
    /// of longer words ("bc" for blue collar, "AsstProf"): their entries.
    pub code_values: Vec<u32>,
    /// Several-word values of categorical columns by their initials
    /// ("nsw" → `New South Wales`).
    pub initials: HashMap<String, Vec<u32>>,
    /// Values of text fields of at most 50 short values, listed whole:
    /// what one word may spell out ("Vic", "T_Sprnt").
    pub short_codes: Vec<u32>,
    /// Values of text fields of at most 50 values, listed whole (any
    /// length): the categories a phrase may name cut short ("military
    /// dictatorships" of `Military Dict`).
    pub category_values: Vec<u32>,
    /// Values that join others with "+", "&" or "/" ('barley+lupins'),
    /// with their parts folded; built once, read by every plan.
    pub joined_values: Vec<(u32, Vec<String>)>,
    /// Per column, whether it holds comma-separated lists (see
    /// [`is_list_column`]).
    pub list_columns: Vec<bool>,
    /// Per column, whether it is computed from another column and named
    /// after it (`incsq` beside `inc`, `lwage` beside `wage`): what a
    /// phrase means only when it names it.
    pub derived: Vec<bool>,
    /// Per column, what it measures (dimension, unit, scale): see
    /// `measure.rs`.
    pub measures: Vec<Measure>,
    /// What the dataset's vocabulary teaches beyond the aliases and values
    /// above (its synonyms are in `fields_by_first`, its alias values at
    /// the end of `values`).
    pub taught: Taught,
}

/// Per column, whether its name is another numeric column's with a mark
/// of a transformation: squared (`incsq`, `age_sq`, `age2`), a logarithm
/// (`lwage`, `log_pop`, `ln_income`). Only when the other column exists.
fn derived_columns(profile: &DatasetProfile) -> Vec<bool> {
    let names: Vec<&str> = profile.columns.iter().map(|c| c.name.as_str()).collect();
    let numeric = |n: &str| {
        profile
            .columns
            .iter()
            .any(|c| c.name == n && c.ty.is_numeric())
    };
    names
        .iter()
        .map(|&n| {
            let base = ["_squared", "squared", "_sq", "sq", "2"]
                .iter()
                .find_map(|s| n.strip_suffix(s))
                .or_else(|| {
                    ["log_", "ln_", "log", "ln", "l"]
                        .iter()
                        .find_map(|s| n.strip_prefix(s))
                });
            base.is_some_and(|b| b.len() >= 2 && b != n && numeric(b))
        })
        .collect()
}

/// Whether a text column holds lists of items ("CA,JP,US", "1, 5, 8",
/// "Comedy|Drama"): see [`ColumnProfile::list_joiner`].
pub fn is_list_column(col: &ColumnProfile) -> bool {
    col.list_joiner().is_some()
}

/// Words that appear in many column names and say little on their own.
fn generic_name_word(w: &str) -> bool {
    matches!(
        w,
        "id" | "of"
            | "the"
            | "a"
            | "in"
            | "on"
            | "and"
            | "to"
            | "for"
            | "by"
            | "at"
            | "is"
            | "code"
            | "type"
            | "no"
            | "number"
            | "num"
            | "name"
            | "date"
            | "total"
            | "value"
            | "count"
            | "per"
            | "s"
            | "yn"
            | "flag"
    )
}

/// A clinical measurement's short column name, spelt out.
fn clinical_words(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "sbp" | "sysbp" | "systolic" => &["systolic", "systolic blood pressure"],
        "dbp" | "diabp" | "diastolic" => &["diastolic", "diastolic blood pressure"],
        "hdl" => &["good cholesterol", "hdl cholesterol"],
        "ldl" => &["bad cholesterol", "ldl cholesterol"],
        "tg" | "trig" => &["triglycerides"],
        "bmi" => &["body mass index"],
        "hba1c" | "a1c" => &["hemoglobin a1c", "glycated hemoglobin"],
        "glu" | "gluc" | "fbg" => &["glucose", "blood sugar"],
        "chol" | "tc" => &["cholesterol", "total cholesterol"],
        "hr" | "pulse" => &["heart rate", "pulse"],
        "egfr" => &["kidney function"],
        _ => return None,
    })
}

/// A chemical element's symbol, as a column name, spelt out.
fn element_words(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "na" => &["sodium"],
        "k" => &["potassium"],
        "ca" => &["calcium"],
        "mg" => &["magnesium"],
        "fe" => &["iron"],
        "al" => &["aluminium", "aluminum"],
        "si" => &["silicon", "silica"],
        "ba" => &["barium"],
        "mn" => &["manganese"],
        "zn" => &["zinc"],
        "cu" => &["copper"],
        "pb" => &["lead"],
        "cd" => &["cadmium"],
        "cr" => &["chromium"],
        "ni" => &["nickel"],
        "co" => &["cobalt"],
        "hg" => &["mercury"],
        "as" => &["arsenic"],
        "se" => &["selenium"],
        "sr" => &["strontium"],
        "ti" => &["titanium"],
        "cl" => &["chloride", "chlorine"],
        "li" => &["lithium"],
        "mo" => &["molybdenum"],
        "sn" => &["tin"],
        "ag" => &["silver"],
        "au" => &["gold"],
        "p" => &["phosphorus"],
        "s" => &["sulfur", "sulphur"],
        "n" => &["nitrogen"],
        "c" => &["carbon"],
        "b" => &["boron"],
        "f" => &["fluoride", "fluorine"],
        _ => return None,
    })
}

/// The baseball scorebook's short column names, spelt out.
fn scorebook_words(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "r" | "runs" => &["runs"],
        "h" => &["hits"],
        "hr" => &["home runs", "homers"],
        "hruns" => &["home runs", "homers"],
        "rbi" => &["runs batted in", "rbis"],
        "sb" | "sbases" => &["stolen bases", "steals"],
        "cs" => &["caught stealing"],
        "bb" => &["walks", "bases on balls"],
        "so" => &["strikeouts"],
        "ab" | "atbats" => &["at bats"],
        "x2b" | "doubles" => &["doubles"],
        "x3b" | "triples" => &["triples"],
        "g" => &["games"],
        "era" => &["earned run average"],
        "ip" | "ipouts" => &["innings pitched"],
        "hbp" => &["hit by pitch"],
        "sh" => &["sacrifice hits"],
        "sf" => &["sacrifice flies"],
        "ibb" => &["intentional walks"],
        "gidp" => &["double plays"],
        "sv" => &["saves"],
        "bavg" | "avg" | "ba" => &["batting average"],
        _ => return None,
    })
}

fn name_words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut parts = words(&name.replace('_', " "));
    // `p_h` of "pH": single letters the normaliser split apart.
    if parts.len() >= 2 && parts.iter().all(|p| p.len() == 1) {
        parts = vec![parts.concat()];
    }
    // `high_t`, `low_t`: a day's highest or lowest temperature.
    let extreme = |w: &str| {
        matches!(
            w,
            "high" | "low" | "hi" | "lo" | "max" | "min" | "avg" | "mean"
        )
    };
    let temperature =
        parts.len() == 2 && parts.iter().any(|w| w == "t") && parts.iter().any(|w| extreme(w));
    for w in parts {
        if temperature && w == "t" {
            out.push(stem("temperature"));
            continue;
        }
        // `gdppc`, `rgdppc` (real), `incpc`: a measure per capita.
        if let Some(base) = w.strip_suffix("pc").filter(|b| b.len() >= 3) {
            let base = base
                .strip_prefix('r')
                .filter(|b| known_name_part(b))
                .unwrap_or(base);
            if known_name_part(base) {
                let full = ABBREVIATIONS
                    .iter()
                    .find(|(a, _)| *a == base)
                    .map_or(base, |(_, f)| f);
                out.extend(full.split(' ').map(stem));
                out.push("per".to_string());
                out.push(stem("capita"));
                continue;
            }
        }
        // `tmax`, `tmin`, `tavg` (a weather station's columns): the day's
        // temperature at its extreme, its "highs" and "lows".
        if let Some(x) = w.strip_prefix('t').filter(|x| extreme(x) && x.len() >= 3) {
            out.push(stem("temperature"));
            let (full, said) = match x {
                "max" => ("maximum", Some("high")),
                "min" => ("minimum", Some("low")),
                _ => ("average", None),
            };
            out.push(stem(full));
            out.extend(said.map(stem));
            continue;
        }
        // camelCase in original headers: "LifeExpectancy" arrives folded
        // already; it is split by the importer's snake_case normaliser.
        match ABBREVIATIONS.iter().find(|(a, _)| *a == w) {
            Some((_, full)) => out.extend(full.split(' ').map(stem)),
            None => {
                // `wgt19`: a measure's word cut short, a year glued on.
                let letters = w.trim_end_matches(|c: char| c.is_ascii_digit());
                // `totsc8`: two short forms glued before the digits
                // (total score, grade 8).
                let short = |x: &str| ABBREVIATIONS.iter().find(|(a, _)| *a == x).map(|p| p.1);
                let glued = (letters.len() < w.len() && letters.len() >= 4)
                    .then(|| {
                        (2..=letters.len() - 2).find_map(|k| {
                            let (a, b) = letters.split_at(k);
                            Some((short(a)?, short(b)?))
                        })
                    })
                    .flatten();
                match (units::word_of_cut(letters), glued) {
                    (Some(full), _) => out.push(stem(full)),
                    (None, Some((a, b))) => {
                        out.extend(a.split(' ').chain(b.split(' ')).map(stem));
                    }
                    // `pop1831`: a known word, a year glued on (four digits:
                    // `child13` is children up to 13).
                    (None, None)
                        if letters.len() >= 3
                            && w[letters.len()..]
                                .parse::<u32>()
                                .is_ok_and(|y| (1700..=2100).contains(&y))
                            && w.len() - letters.len() == 4
                            && known_name_part(letters) =>
                    {
                        out.push(stem(letters));
                    }
                    // `enroll76`, `wage76`: a word of four letters or more
                    // and two digits from 30, the year of a survey's wave
                    // (not `child13`, children up to 13).
                    (None, None)
                        if letters.len() >= 4
                            && w.len() - letters.len() == 2
                            && w[letters.len()..].parse::<u32>().is_ok_and(|y| y >= 30)
                            && known_name_part(letters) =>
                    {
                        out.push(stem(letters));
                    }
                    (None, None) => out.push(stem(&w)),
                }
            }
        }
    }
    out
}

/// A word the lexicon knows as part of a column name: a generic name
/// word, an abbreviation, a word of a measure or a field group, or a word
/// of the WordNet table.
fn known_name_part(w: &str) -> bool {
    w.len() >= 2
        && (generic_name_word(w)
            || ABBREVIATIONS.iter().any(|(a, _)| *a == w)
            || units::dimension_word(w).is_some()
            || FIELD_SYNONYMS.iter().any(|g| g.contains(&w))
            || (w.len() >= 3 && crate::lexicon::wordnet::knows(w)))
}

/// Whether the lexicon knows `w` only from WordNet (no name word, field
/// synonym or measure of its own).
fn wordnet_only(w: &str) -> bool {
    !(generic_name_word(w)
        || ABBREVIATIONS.iter().any(|(a, _)| *a == w)
        || units::dimension_word(w).is_some()
        || FIELD_SYNONYMS.iter().any(|g| g.contains(&w)))
}

/// A name whose words glue two known words into one, written apart:
/// `poptotal` → `pop_total`, `bodywt` → `body_wt`, `percblack` →
/// `perc_black`. `None` when no word of the name splits so.
/// The two words a value of one long word glues together
/// (`debtrestructuring`: debt + restructuring), when exactly one cut makes
/// another value of the column (`debt`) and a word of four letters or
/// more. (Not any two words: `Sunflower` is no "sun".)
fn glued_value_words(w: &str, sibling: impl Fn(&str) -> bool) -> Option<(String, String)> {
    if w.len() < 8 || !w.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let mut cuts = (3..=w.len() - 4)
        .map(|cut| w.split_at(cut))
        .filter(|(a, b)| sibling(a) && b.len() >= 4);
    let (a, b) = cuts.next()?;
    cuts.next()
        .is_none()
        .then(|| (a.to_string(), b.to_string()))
}

pub(crate) fn split_glued(name: &str) -> Option<String> {
    // `gd_pper_capita`: the normaliser's cut of "GDPperCapita" after the
    // capitals' last but one; one letter moved back makes two known words
    // (`gdp_per_capita`).
    let parts: Vec<&str> = name.split('_').collect();
    if let Some(k) = (0..parts.len().saturating_sub(1)).find(|&k| {
        let (a, b) = (parts[k], parts[k + 1]);
        (2..=4).contains(&a.len())
            && b.len() >= 4
            && b.is_char_boundary(1)
            && !known_name_part(a)
            && known_name_part(&format!("{a}{}", &b[..1]))
            && known_name_part(&b[1..])
    }) {
        let mut fixed: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
        let moved = fixed[k + 1].remove(0);
        fixed[k].push(moved);
        return Some(fixed.join("_"));
    }
    let mut changed = false;
    let parts: Vec<String> = name
        .split('_')
        .map(|w| {
            // `price2014`: a word and a year.
            if let Some(word) = w.strip_suffix(|c: char| c.is_ascii_digit()).and_then(|_| {
                let cut = w.len().checked_sub(4)?;
                (w.len() >= 7 && w.is_char_boundary(cut))
                    .then(|| w.split_at(cut))
                    .filter(|(a, y)| {
                        a.bytes().all(|b| b.is_ascii_lowercase())
                            && y.parse::<u32>().is_ok_and(|y| (1900..=2100).contains(&y))
                    })
            }) {
                changed = true;
                return format!("{}_{}", word.0, word.1);
            }
            if w.len() < 5 || known_name_part(w) || !w.bytes().all(|b| b.is_ascii_lowercase()) {
                return w.to_string();
            }
            // The split whose longer side is longest: `percblack` is
            // perc + black.
            // Both sides known, or one a word of the planner's own lexicon
            // and the other long (`samplesize`: sample + size).
            let strong = |x: &str| {
                x.len() >= 3 && known_name_part(x) && !wordnet_only(x) && !generic_name_word(x)
            };
            let splits = || (2..=w.len() - 2).map(|cut| w.split_at(cut));
            let best = splits()
                .filter(|(a, b)| known_name_part(a) && known_name_part(b))
                .max_by_key(|(a, b)| a.len().max(b.len()))
                .or_else(|| {
                    splits()
                        .filter(|(a, b)| strong(a) && b.len() >= 4 || strong(b) && a.len() >= 4)
                        .max_by_key(|(a, b)| a.len().max(b.len()))
                });
            match best {
                Some((a, b)) => {
                    changed = true;
                    format!("{a}_{b}")
                }
                None => w.to_string(),
            }
        })
        .collect();
    changed.then(|| parts.join("_"))
}

/// The profile as the planner reads it: a column of numbers kept as text
/// (`ColumnProfile::numeric_text`: `1,100`, `t` for a trace, an odd
/// `Unknown`) is a column of numbers, whole or not as its numbers are,
/// from its smallest listed number to its largest; the renderer reads its
/// cells through the dialect's number function. `None` when no column is
/// one.
fn measured_view(profile: &DatasetProfile) -> Option<DatasetProfile> {
    if !profile.columns.iter().any(|c| c.numeric_text()) {
        return None;
    }
    let mut view = profile.clone();
    for col in view.columns.iter_mut().filter(|c| c.numeric_text()) {
        let numbers: Vec<f64> = col
            .values
            .iter()
            .filter_map(|v| quarry_profile::number_in_text(&v.value))
            .collect();
        let whole = numbers.iter().all(|x| x.fract() == 0.0);
        col.ty = if whole {
            ColumnType::Integer
        } else {
            ColumnType::Float
        };
        let text = |x: f64| crate::text::format_number(x);
        col.min = numbers.iter().copied().reduce(f64::min).map(text);
        col.max = numbers.iter().copied().reduce(f64::max).map(text);
        // `25` and `25.0` are one number; the words (`Ancient`, `<5`) stay
        // values to link.
        let mut values: Vec<ValueCount> = Vec::new();
        for v in &col.values {
            let value =
                quarry_profile::number_in_text(&v.value).map_or_else(|| v.value.clone(), text);
            match values.iter_mut().find(|u| u.value == value) {
                Some(u) => u.count += v.count,
                None => values.push(ValueCount {
                    value,
                    count: v.count,
                }),
            }
        }
        values.sort_by_key(|v| std::cmp::Reverse(v.count));
        col.values = values;
    }
    Some(view)
}

fn split_camel(s: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    let chars: Vec<char> = s.chars().collect();
    let mut upper_run = 0;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() && prev_lower {
            out.push(' ');
        }
        // "GDPperCapita", "USDperTon": a run of capitals, then a little
        // joining word in lower case.
        if c.is_lowercase() && upper_run >= 2 {
            let word: String = chars[i..].iter().take_while(|c| c.is_lowercase()).collect();
            if matches!(word.as_str(), "per" | "of" | "to" | "in" | "and") {
                out.push(' ');
            }
        }
        upper_run = if c.is_uppercase() { upper_run + 1 } else { 0 };
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        out.push(c);
    }
    out
}

fn deletes_of(w: &str) -> Vec<String> {
    let chars: Vec<char> = w.chars().collect();
    (0..chars.len())
        .map(|i| {
            chars
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, c)| c)
                .collect()
        })
        .collect()
}

/// Field aliases by first word, each listed once per column.
#[derive(Default)]
struct Aliases(HashMap<String, Vec<FieldAlias>>);

impl Aliases {
    fn add(&mut self, alias: FieldAlias) {
        if alias.words.is_empty() {
            return;
        }
        let list = self.0.entry(alias.words[0].clone()).or_default();
        if !list
            .iter()
            .any(|a| a.column == alias.column && a.words == alias.words)
        {
            list.push(alias);
        }
    }

    /// The aliases of every column: its name's full forms (normalised,
    /// raw, and from the original header), and for each the name without
    /// generic words, single words and adjacent pairs of a several-word
    /// name, and the synonyms of its words.
    fn of_profile(profile: &DatasetProfile) -> Aliases {
        let mut aliases = Aliases::default();
        // "pets without a name", "names with max in them": the one text
        // field whose name ends in "name" (`animal_name`) is the name.
        let named: Vec<usize> = profile
            .columns
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.ty == ColumnType::Text
                    && name_words(&c.name).len() > 1
                    && c.name.rsplit('_').next() == Some("name")
            })
            .map(|(i, _)| i)
            .collect();
        let plain_name = profile.columns.iter().any(|c| c.name == "name");
        if let [ci] = named[..] {
            if !plain_name {
                aliases.add(FieldAlias {
                    column: ci,
                    words: vec![stem("name")],
                    kind: AliasKind::Partial,
                });
            }
        }
        // A table of batting or pitching lines (three columns or more
        // named by the scorebook's letters: `r`, `h`, `bb`, `so`): those
        // names spelt out ("walks" of `bb`).
        let scorebook = profile
            .columns
            .iter()
            .filter(|c| scorebook_words(&c.name).is_some())
            .count()
            >= 3;
        // A table of chemical analyses (three columns or more named by an
        // element's two-letter symbol: `ca`, `mg`, `na`): each symbol's
        // element ("barium" of `ba`, "potassium" of `k`).
        let assay = profile
            .columns
            .iter()
            .filter(|c| c.name.len() == 2 && element_words(&c.name).is_some())
            .count()
            >= 3;
        // A table of clinical measurements (two columns or more named by
        // the clinic's short names: `sbp`, `dbp`, `hdl`, `bmi`).
        let clinic = profile
            .columns
            .iter()
            .filter(|c| clinical_words(&c.name).is_some())
            .count()
            >= 2;
        for (ci, col) in profile.columns.iter().enumerate() {
            let mut full_forms = vec![name_words(&col.name)];
            let spelt = assay
                .then(|| element_words(&col.name))
                .flatten()
                .or_else(|| scorebook.then(|| scorebook_words(&col.name)).flatten())
                .or_else(|| clinic.then(|| clinical_words(&col.name)).flatten());
            for phrase in spelt.into_iter().flatten() {
                full_forms.push(words(phrase).iter().map(|w| stem(w)).collect());
            }
            // A pH is a measure of alkalinity ("the most acidic" is the
            // lowest).
            // "top earners" of `earnings`, "savers" of `savings`: who does
            // what a money field's name counts.
            for w in col.name.split('_') {
                if let Some(base) = w
                    .strip_suffix("ings")
                    .filter(|b| b.len() >= 3 && matches!(*b, "earn" | "sav" | "winn" | "hold"))
                {
                    full_forms.push(vec![stem(&format!("{base}ers"))]);
                }
            }
            if full_forms[0] == ["ph"] {
                full_forms.push(vec![stem("alkalinity")]);
            }
            let raw: Vec<String> = words(&col.name.replace('_', " "))
                .iter()
                .map(|w| stem(w))
                .collect();
            if raw != full_forms[0] {
                full_forms.push(raw);
            }
            let orig = name_words(&split_camel(&col.original_name).replace(' ', "_"));
            if !full_forms.contains(&orig) {
                full_forms.push(orig);
            }
            if let Some(split) = split_glued(&col.name) {
                let form = name_words(&split);
                if !full_forms.contains(&form) {
                    full_forms.push(form);
                }
            }
            for form in &full_forms {
                aliases.add_form(ci, form);
            }
            // `mage` beside `fage`, `mheight` beside `fheight`: a
            // mother's and a father's measure, named by the parent.
            if let Some(parent) = parent_of(profile, &col.name) {
                for w in parent {
                    aliases.add(FieldAlias {
                        column: ci,
                        words: vec![stem(w)],
                        kind: AliasKind::Synonym,
                    });
                }
            }
            // "economically active women" of `economic_activity_female`:
            // a name with a sex part is named by its other words too (the
            // sex word said apart picks the column later).
            let raw_parts: Vec<&str> = col.name.split('_').collect();
            if raw_parts.len() >= 2 && raw_parts.iter().any(|p| sex_part(p).is_some()) {
                let rest: Vec<String> = raw_parts
                    .iter()
                    .filter(|p| sex_part(p).is_none())
                    .map(|p| stem(p))
                    .collect();
                if !rest.is_empty() && !full_forms.contains(&rest) {
                    aliases.add(FieldAlias {
                        column: ci,
                        words: rest,
                        kind: AliasKind::Partial,
                    });
                }
            }
            // "era" of `earned_run_average`: the initials of a name of
            // three words or more.
            // Not when two names share them (`earned_runs_allowed`).
            let initials_of = |name: &str| -> Option<String> {
                let parts = words(&name.replace('_', " "));
                (parts.len() >= 3
                    && parts
                        .iter()
                        .all(|w| w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())))
                .then(|| parts.iter().filter_map(|w| w.chars().next()).collect())
            };
            if let Some(initials) = initials_of(&col.name) {
                let shared = profile
                    .columns
                    .iter()
                    .filter(|o| initials_of(&o.name).as_ref() == Some(&initials))
                    .count()
                    > 1;
                if !shared && !crate::lexicon::is_stopword(&initials) {
                    aliases.add(FieldAlias {
                        column: ci,
                        words: vec![initials],
                        kind: AliasKind::Partial,
                    });
                }
            }
            // "class m stars" of `type`: a field named by a word for a kind
            // of thing is named by the others, where no field is.
            const KIND_WORDS: &[&str] = &["type", "class", "kind", "category", "categ"];
            if KIND_WORDS.contains(&col.name.as_str()) {
                for other in KIND_WORDS
                    .iter()
                    .filter(|w| **w != col.name && **w != "categ")
                {
                    let taken = profile
                        .columns
                        .iter()
                        .any(|o| o.name.split('_').any(|p| p == *other));
                    if !taken {
                        aliases.add(FieldAlias {
                            column: ci,
                            words: vec![stem(other)],
                            kind: AliasKind::Synonym,
                        });
                    }
                }
            }
            // "won more than $5,000" of `win`: a one-word name that is a
            // verb is named by its irregular past participle too.
            if let [w] = &raw_words_of(&col.name)[..] {
                for p in crate::lexicon::wordnet::participles_of(w) {
                    aliases.add(FieldAlias {
                        column: ci,
                        words: vec![stem(p)],
                        kind: AliasKind::Synonym,
                    });
                }
            }
            // "companies worth over $100 billion" of `market_cap`: a
            // company's worth is its market value.
            let parts = raw_words_of(&col.name);
            if parts
                .windows(2)
                .any(|p| p[0] == "market" && matches!(p[1].as_str(), "cap" | "value"))
            {
                for w in [
                    "worth",
                    "valuation",
                    "valued",
                    "capitalization",
                    "capitalisation",
                ] {
                    aliases.add(FieldAlias {
                        column: ci,
                        words: vec![stem(w)],
                        kind: AliasKind::Synonym,
                    });
                }
            }
            // "did not vote", "voters" of `voted`: a one-word name that is a
            // verb's past form is named by the verb and its doer.
            if let [w] = &raw_words_of(&col.name)[..] {
                let word = |b: &&str| b.len() >= 3 && crate::lexicon::wordnet::knows(b);
                let base = w
                    .strip_suffix('d')
                    .filter(|b| b.ends_with('e') && word(b))
                    .or_else(|| w.strip_suffix("ed").filter(word));
                // "no irrigation figure" of `irrigated`, "hospitalization"
                // of `hospitalized`: the noun of the action.
                let action = w
                    .strip_suffix("ated")
                    .map(|b| format!("{b}ation"))
                    .or_else(|| w.strip_suffix("ized").map(|b| format!("{b}ization")))
                    .or_else(|| w.strip_suffix("ised").map(|b| format!("{b}isation")))
                    .filter(|n| n.len() >= 8);
                if let Some(noun) = action {
                    aliases.add(FieldAlias {
                        column: ci,
                        words: vec![stem(&noun)],
                        kind: AliasKind::Synonym,
                    });
                }
                if let Some(base) = base {
                    let doer = if base.ends_with('e') {
                        format!("{base}r")
                    } else {
                        format!("{base}er")
                    };
                    for v in [base.to_string(), doer] {
                        aliases.add(FieldAlias {
                            column: ci,
                            words: vec![stem(&v)],
                            kind: AliasKind::Synonym,
                        });
                    }
                }
            }
            // "10 or more items" of `quantity`: what a quantity counts, for
            // a column named a quantity only (`item_03` stays an item).
            if name_words(&col.name)
                .iter()
                .any(|w| w == "quantiti" || w == "quantity" || w == "qty")
            {
                for w in ["item", "unit", "piece"] {
                    aliases.add(FieldAlias {
                        column: ci,
                        words: vec![stem(w)],
                        kind: AliasKind::Synonym,
                    });
                }
            }
            // `jan` … `dec`: a column per month is named by the month.
            if let Some(m) = crate::lexicon::month_index(&col.name) {
                aliases.add(FieldAlias {
                    column: ci,
                    words: vec![stem(crate::lexicon::MONTHS[m])],
                    kind: AliasKind::Synonym,
                });
            }
            // `incubate` is named by "incubation": the nouns WordNet derives
            // from a verb of the name.
            let raw_words = words(&col.name.replace('_', " "));
            for w in raw_words.iter().filter(|w| w.len() >= 4) {
                if !crate::lexicon::wordnet::is_verb(w) {
                    continue;
                }
                for noun in crate::lexicon::wordnet::related(w) {
                    aliases.add(FieldAlias {
                        column: ci,
                        words: vec![stem(noun)],
                        kind: if raw_words.len() > 1 {
                            AliasKind::PartSynonym
                        } else {
                            AliasKind::Synonym
                        },
                    });
                }
            }
            aliases.add_measure_noun(ci, col, &full_forms[0]);
        }
        aliases
    }

    /// A field whose name gives a unit and no word of what it measures
    /// (`net_s`) is also named by its other words and the dimension's noun
    /// ("net time"), so that the two words name it rather than another
    /// field named by the noun alone (`time_s`).
    fn add_measure_noun(&mut self, ci: usize, col: &ColumnProfile, form: &[String]) {
        let Some(noun) = measure_of(col).dim.and_then(units::dimension_noun) else {
            return;
        };
        let content: Vec<String> = form
            .iter()
            .filter(|w| {
                !generic_name_word(w)
                    && units::name_unit(w).is_none()
                    && units::name_scale(w).is_none()
            })
            .cloned()
            .collect();
        if content.is_empty() || content.iter().any(|w| units::dimension_word(w).is_some()) {
            return;
        }
        let mut words = content;
        words.push(noun.to_string());
        self.add(FieldAlias {
            column: ci,
            words,
            kind: AliasKind::Partial,
        });
    }

    /// The aliases one full form of column `ci`'s name gives.
    fn add_form(&mut self, ci: usize, form: &[String]) {
        self.add(FieldAlias {
            column: ci,
            words: form.to_vec(),
            kind: AliasKind::Full,
        });
        // Without a generic word: `horsepower_hp` → "horsepower".
        let content: Vec<String> = form
            .iter()
            .filter(|w| !generic_name_word(w))
            .cloned()
            .collect();
        // `singer_id` is not named by "singer": that word names the rows.
        let is_key = form.last().is_some_and(|w| w == "id") && form.len() > 1;
        if is_key {
            // `permanent_address_id` is named by "permanent address": two
            // words say which reference it is.
            if content.len() >= 2 && content.len() < form.len() {
                self.add(FieldAlias {
                    column: ci,
                    words: content,
                    kind: AliasKind::Partial,
                });
            }
            return;
        }
        if !content.is_empty() && content.len() < form.len() {
            // `salary_type` is the kind of a salary, not the salary: beside
            // another field holding the word (`current_salary`) its name
            // without "type" is only a partial one.
            let kind_of = form
                .iter()
                .any(|w| matches!(w.as_str(), "type" | "category" | "class" | "kind" | "group"));
            self.add(FieldAlias {
                column: ci,
                words: content.clone(),
                kind: if kind_of {
                    AliasKind::Partial
                } else {
                    AliasKind::Full
                },
            });
        }
        // "3 bed 2 bath": a count of rooms named by the kind of room
        // (`bedrooms`, `bathrooms`, `bed_rooms`).
        for w in form {
            if let Some(kind) = w.strip_suffix("room").filter(|k| k.len() >= 3) {
                self.add(FieldAlias {
                    column: ci,
                    words: vec![kind.to_string()],
                    kind: AliasKind::Partial,
                });
            }
        }
        if form.len() > 1 {
            // "over" of `over_time` is a comparison, never the field; nor is
            // a month a name of six words or more only mentions
            // (`…_january_1973_through_june_1982…`) the field.
            let described = form.len() >= 6;
            for w in content.iter().filter(|w| {
                let month = described && crate::lexicon::month_index(w).is_some();
                !crate::lexicon::is_stopword(w) && !month
            }) {
                self.add(FieldAlias {
                    column: ci,
                    words: vec![w.clone()],
                    kind: AliasKind::Partial,
                });
            }
            // Adjacent pairs: "rank points" of winner_rank_points.
            for pair in form.windows(2) {
                if pair.iter().all(|w| !generic_name_word(w)) {
                    self.add(FieldAlias {
                        column: ci,
                        words: pair.to_vec(),
                        kind: AliasKind::Partial,
                    });
                }
            }
        }
        for w in form.iter().chain(content.iter()) {
            // `accommodat`: a name cut short (as dBase cuts them at ten
            // letters) is the group's word it begins.
            let cut = |g: &str| {
                w.len() >= 6
                    && g.len() > w.len()
                    && g.starts_with(w.as_str())
                    && !crate::lexicon::wordnet::knows(w)
            };
            for group in FIELD_SYNONYMS {
                if group.iter().any(|g| stem(g) == *w || cut(g)) {
                    for syn in group.iter() {
                        let sw: Vec<String> = words(syn).iter().map(|x| stem(x)).collect();
                        self.add(FieldAlias {
                            column: ci,
                            words: sw,
                            kind: if form.len() > 1 {
                                AliasKind::PartSynonym
                            } else {
                                AliasKind::Synonym
                            },
                        });
                    }
                }
            }
        }
    }
}

/// See [`Index::place_part_columns`].
fn place_part_columns(profile: &DatasetProfile) -> Vec<(usize, Vec<(String, String)>)> {
    let cols = &profile.columns;
    (0..cols.len())
        .filter(|&c| cols[c].ty == ColumnType::Text && cols[c].values.len() >= 5)
        .filter_map(|c| {
            let parts: Vec<(String, String)> = cols[c]
                .values
                .iter()
                .filter_map(|v| {
                    let (head, tail) = v.value.rsplit_once(", ")?;
                    (!head.trim().is_empty() && !tail.trim().is_empty())
                        .then(|| (words(tail).join(" "), tail.trim().to_string()))
                })
                .collect();
            (parts.len() * 10 >= cols[c].values.len() * 6).then_some((c, parts))
        })
        .collect()
}

/// The numeric column named by a word of the dataset's name, else the
/// one whose name is `total` alone or beside other words (`total_snow`).
fn subject_column(profile: &DatasetProfile, row_nouns: &HashSet<String>) -> Option<usize> {
    let numeric = |c: &&ColumnProfile| c.ty.is_numeric() && c.distinct_count > 2;
    let named: Vec<usize> = profile
        .columns
        .iter()
        .enumerate()
        .filter(|(_, c)| numeric(c))
        .filter(|(_, c)| {
            let ws = name_words(&c.name);
            ws.len() == 1 && row_nouns.contains(&ws[0])
        })
        .map(|(i, _)| i)
        .collect();
    if let [one] = named[..] {
        return Some(one);
    }
    let totals: Vec<usize> = profile
        .columns
        .iter()
        .enumerate()
        .filter(|(_, c)| numeric(c))
        .filter(|(_, c)| name_words(&c.name).first().is_some_and(|w| w == "total"))
        .map(|(i, _)| i)
        .collect();
    match totals[..] {
        [one] if name_words(&profile.columns[one].name).len() <= 2 => Some(one),
        _ => None,
    }
}

/// Whether a text column holds people's names written surname first
/// (`Hirst, Damien`): named for people (`artist`, `author`…), or most of
/// its listed values so written.
fn holds_inverted_names(col: &ColumnProfile) -> bool {
    let inverted = |v: &str| {
        v.split_once(", ").is_some_and(|(a, b)| {
            !b.contains(',')
                && (1..=3).contains(&a.split_whitespace().count())
                && (1..=3).contains(&b.split_whitespace().count())
                && a.chars().next().is_some_and(char::is_uppercase)
                && b.chars().next().is_some_and(char::is_uppercase)
        })
    };
    let shaped = col.values.iter().filter(|v| inverted(&v.value)).count();
    let person = col.name.split('_').any(|w| {
        matches!(
            w,
            "artist"
                | "author"
                | "director"
                | "composer"
                | "writer"
                | "painter"
                | "creator"
                | "player"
                | "actor"
                | "person"
                | "owner"
                | "driver"
                | "name"
                | "member"
        )
    });
    shaped >= 2 && (person && shaped * 3 >= col.values.len() || shaped * 5 >= col.values.len() * 4)
}

/// The value tables of an [`Index`], filled column by column.
#[derive(Default)]
struct Values {
    values: Vec<ValueEntry>,
    values_by_first: HashMap<String, Vec<u32>>,
    values_by_first_stem: HashMap<String, Vec<u32>>,
    word_rows: HashMap<String, u64>,
    values_by_word: HashMap<String, Vec<u32>>,
    fuzzy_set: HashMap<String, u32>,
    fuzzy_words: Vec<String>,
    deletes: HashMap<String, Vec<u32>>,
    has_free_text: bool,
}

impl Values {
    /// Another reading of a value, found by its own words: `Hirst, Damien`
    /// as "damien hirst", `1. Never Married` as "never married". With
    /// `by_stem`, also looked up by its first word's stem.
    fn push_other_reading(&mut self, ci: usize, vc: &ValueCount, ws: Vec<String>, by_stem: bool) {
        let stems: Vec<String> = ws.iter().map(|w| stem(w)).collect();
        let id = self.values.len() as u32;
        self.values_by_first
            .entry(ws[0].clone())
            .or_default()
            .push(id);
        if by_stem && stems[0] != ws[0] {
            self.values_by_first_stem
                .entry(stems[0].clone())
                .or_default()
                .push(id);
        }
        self.values.push(ValueEntry {
            column: ci,
            value: vc.value.clone(),
            words: ws,
            stems,
            count: vc.count,
        });
    }

    fn add_column(&mut self, ci: usize, col: &ColumnProfile) {
        if col.ty == ColumnType::Text && col.values.is_empty() && col.distinct_count > 0 {
            self.has_free_text = true;
        }
        if col.ty != ColumnType::Text {
            return;
        }
        let mut col_word_rows: HashMap<String, u64> = HashMap::new();
        let people_names = holds_inverted_names(col);
        // A `|` or `;` list column's words are linked to its items
        // ("horror" to `Horror` of `Horror|Thriller`), each counted in
        // every list holding it. Comma lists keep their whole values
        // (`Terrier, Pit Bull` is also a name written surname first),
        // unless their items swap places (`dragon, flying`, `flying,
        // dragon`), which no name's parts do.
        let items;
        let joiner = col
            .list_joiner()
            .filter(|j| *j != "," || col.swapping_comma_lists());
        let listed: &[ValueCount] = if let Some(joiner) = joiner {
            let mut counts: Vec<ValueCount> = Vec::new();
            let mut at: HashMap<&str, usize> = HashMap::new();
            for vc in &col.values {
                for item in ColumnProfile::list_items(&vc.value, joiner) {
                    match at.get(item) {
                        Some(&i) => counts[i].count += vc.count,
                        None => {
                            at.insert(item, counts.len());
                            counts.push(ValueCount {
                                value: item.to_string(),
                                count: vc.count,
                            });
                        }
                    }
                }
            }
            items = counts;
            &items
        } else {
            &col.values
        };
        // The column's short values, folded, for the glued values below
        // (a set: a column may list 50,000 values).
        let short_values: HashSet<String> = listed
            .iter()
            .filter(|v| (3..=12).contains(&v.value.len()))
            .map(|v| v.value.to_ascii_lowercase())
            .collect();
        for vc in listed {
            // "damien hirst" of `Hirst, Damien`: a name written surname
            // first is also found in the order people say it.
            if people_names {
                if let Some((last, first)) = vc.value.split_once(", ") {
                    let ws: Vec<String> = words(first).into_iter().chain(words(last)).collect();
                    if ws.len() >= 2 && ws.len() <= 5 && !first.contains(',') {
                        self.push_other_reading(ci, vc, ws, false);
                    }
                }
            }
            let ws = words(&vc.value);
            if ws.is_empty() || ws.len() > 12 {
                continue;
            }
            // "never married" of `1. Never Married`, "college grad" of `4.
            // College Grad`: a label numbered for its order is also found
            // without its number.
            let numbered = vc
                .value
                .trim_start()
                .split_once(['.', ')'])
                .is_some_and(|(n, rest)| {
                    (1..=2).contains(&n.len())
                        && n.bytes().all(|b| b.is_ascii_digit())
                        && rest.starts_with(' ')
                });
            if numbered && ws.len() >= 2 && ws[0].bytes().all(|b| b.is_ascii_digit()) {
                self.push_other_reading(ci, vc, ws[1..].to_vec(), true);
            }
            // "debt restructurings" of `debtrestructuring`: a value that
            // glues two words is also found written apart.
            if let [w] = &ws[..] {
                let sibling = |part: &str| short_values.contains(part);
                if let Some((a, b)) = glued_value_words(w, sibling) {
                    self.push_other_reading(ci, vc, vec![a, b], true);
                }
            }
            let stems: Vec<String> = ws.iter().map(|w| stem(w)).collect();
            let id = self.values.len() as u32;
            self.values_by_first
                .entry(ws[0].clone())
                .or_default()
                .push(id);
            if stems[0] != ws[0] {
                self.values_by_first_stem
                    .entry(stems[0].clone())
                    .or_default()
                    .push(id);
            }
            if stems.len() > 1 {
                let mut seen_w = HashSet::new();
                for s in &stems {
                    if seen_w.insert(s) {
                        let list = self.values_by_word.entry(s.clone()).or_default();
                        // Words in very many values say little; stop listing.
                        if list.len() < 64 {
                            list.push(id);
                        }
                    }
                }
            }
            let mut seen = HashSet::new();
            for s in &stems {
                if seen.insert(s.clone()) {
                    *col_word_rows.entry(s.clone()).or_default() += vc.count;
                }
            }
            self.add_fuzzy_words(&ws);
            self.values.push(ValueEntry {
                column: ci,
                value: vc.value.clone(),
                words: ws,
                stems,
                count: vc.count,
            });
        }
        for (w, n) in col_word_rows {
            let e = self.word_rows.entry(w).or_default();
            *e = (*e).max(n);
        }
    }

    /// Lists the words typo correction can reach, with their deletion
    /// variants.
    fn add_fuzzy_words(&mut self, ws: &[String]) {
        for w in ws {
            if w.chars().count() >= 4
                && !w.chars().all(|c| c.is_ascii_digit())
                && !self.fuzzy_set.contains_key(w)
            {
                let wid = self.fuzzy_words.len() as u32;
                self.fuzzy_set.insert(w.clone(), wid);
                self.fuzzy_words.push(w.clone());
                for d in deletes_of(w) {
                    self.deletes.entry(d).or_default().push(wid);
                }
                self.deletes.entry(w.clone()).or_default().push(wid);
            }
        }
    }
}

impl Index {
    /// The index of a profile and what its vocabulary teaches.
    pub fn build(profile: &DatasetProfile, vocabulary: &quarry_vocabulary::Vocabulary) -> Index {
        let measured = measured_view(profile);
        let original = profile;
        let profile = measured.as_ref().unwrap_or(profile);
        let mut fields_by_first = Aliases::of_profile(profile).0;
        let mut v = Values::default();
        for (ci, col) in profile.columns.iter().enumerate() {
            // A column of numbers kept as text links its words (`Ancient`
            // among the years of discovery) as the text column it is.
            let kept = &original.columns[ci];
            if kept.numeric_text() {
                let mut words = kept.clone();
                words
                    .values
                    .retain(|x| quarry_profile::number_in_text(&x.value).is_none());
                v.add_column(ci, &words);
            } else {
                v.add_column(ci, col);
            }
        }
        let mut single_words_sorted: Vec<String> = v
            .values
            .iter()
            .filter(|v: &&ValueEntry| v.words.len() == 1)
            .map(|v| v.words[0].clone())
            .collect();
        single_words_sorted.sort();
        single_words_sorted.dedup();
        let column_words = profile
            .columns
            .iter()
            .map(|col| {
                let mut ws = name_words(&col.name);
                let glued = split_glued(&col.name).map(|s| name_words(&s));
                let orig = name_words(&split_camel(&col.original_name).replace(' ', "_"));
                for w in orig.into_iter().chain(glued.into_iter().flatten()) {
                    if !ws.contains(&w) {
                        ws.push(w);
                    }
                }
                ws
            })
            .collect();
        let row_nouns: HashSet<String> = words(&profile.table.replace(['-', '_'], " "))
            .iter()
            .map(|w| stem(w))
            .collect();
        // "works" of `tate_artworks`, "books" of `textbooks`: the last word
        // of a compound in the dataset's name names the rows too.
        // "indomethacin" of `indomethacin_trial` whose `rx` holds
        // `1_indomethacin`: a word of the name that is a value of a
        // category (a field of a few short values) is that value, not the
        // rows. A name (a value of one record) is no category.
        let mut row_nouns: HashSet<String> = row_nouns
            .into_iter()
            .filter(|n| {
                !v.values.iter().any(|e| {
                    e.words.len() <= 2
                        && e.count >= 2
                        && e.stems.contains(n)
                        && profile.columns[e.column].values.len() <= 12
                        && profile.columns[e.column].distinct_count <= 12
                })
            })
            .collect();
        let compounds: Vec<String> = row_nouns
            .iter()
            .filter(|n| n.len() >= 7)
            .filter_map(|n| {
                (3..=n.len() - 4).find_map(|cut| {
                    let (head, tail) = n.split_at(cut);
                    (crate::lexicon::wordnet::knows(head) && crate::lexicon::wordnet::knows(tail))
                        .then(|| tail.to_string())
                })
            })
            .collect();
        row_nouns.extend(compounds);
        // "films" of `movie_ratings`: other words for them.
        let synonyms: Vec<String> = crate::lexicon::ROW_NOUN_SYNONYMS
            .iter()
            .filter(|g| g.iter().any(|w| row_nouns.contains(&stem(w))))
            .flat_map(|g| g.iter().map(|w| stem(w)))
            .collect();
        row_nouns.extend(synonyms);
        let subject_column = subject_column(profile, &row_nouns);
        let code_values = v
            .values
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                let col = &profile.columns[e.column];
                col.values.len() <= 50
                    && e.words.len() == 1
                    && (2..=12).contains(&e.value.len())
                    && e.value.chars().all(|c| c.is_ascii_alphabetic())
            })
            .map(|(id, _)| id as u32)
            .collect();
        let joined_values: Vec<(u32, Vec<String>)> = v
            .values
            .iter()
            .enumerate()
            .filter(|(_, e)| e.value.contains(['+', '&', '/']))
            .filter_map(|(id, e)| {
                let parts: Vec<String> = e
                    .value
                    .split(['+', '&', '/'])
                    .map(|p| p.trim().to_lowercase())
                    .filter(|p| !p.is_empty())
                    .collect();
                (parts.len() >= 2).then_some((id as u32, parts))
            })
            .collect();
        let category_values: Vec<u32> = v
            .values
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                let col = &profile.columns[e.column];
                col.ty == ColumnType::Text
                    && (2..=50).contains(&col.values.len())
                    && col.distinct_count as usize <= col.values.len()
            })
            .map(|(id, _)| id as u32)
            .collect();
        // The short ones of them, in fields of short values only.
        let short_codes = category_values
            .iter()
            .copied()
            .filter(|&id| {
                let e = &v.values[id as usize];
                e.value.len() <= 12
                    && profile.columns[e.column]
                        .values
                        .iter()
                        .all(|x| x.value.len() <= 16)
            })
            .collect();
        // "nsw" for `New South Wales`: the initials of the several-word
        // values of categorical columns (articles and "of", "and" left out).
        let mut initials: HashMap<String, Vec<u32>> = HashMap::new();
        for (id, e) in v.values.iter().enumerate() {
            let col = &profile.columns[e.column];
            if e.words.len() < 2 || e.words.len() > 5 || col.values.len() > 200 {
                continue;
            }
            if col.distinct_count as usize > col.values.len() {
                continue;
            }
            let key: String = e
                .words
                .iter()
                .filter(|w| !matches!(w.as_str(), "of" | "the" | "and" | "&"))
                .filter_map(|w| w.chars().next())
                .collect();
            if key.len() >= 2 && key.chars().all(|c| c.is_ascii_alphabetic()) {
                initials.entry(key).or_default().push(id as u32);
            }
        }
        let list_columns = profile.columns.iter().map(is_list_column).collect();
        let derived = derived_columns(profile);
        let taught = if vocabulary.is_empty() {
            Taught::default()
        } else {
            let (by_first, by_word) = (&v.values_by_first, &v.values_by_word);
            let value_words = |w: &str| by_first.contains_key(w) || by_word.contains_key(w);
            taught::build(
                profile,
                vocabulary,
                taught::Additions {
                    fields_by_first: &mut fields_by_first,
                    values: &mut v.values,
                    value_words: &value_words,
                },
            )
        };
        Index {
            profile: profile.clone(),
            initials,
            category_values,
            code_values,
            short_codes,
            joined_values,
            list_columns,
            derived,
            fields_by_first,
            values: v.values,
            values_by_first: v.values_by_first,
            values_by_first_stem: v.values_by_first_stem,
            values_by_word: v.values_by_word,
            word_rows: v.word_rows,
            deletes: v.deletes,
            fuzzy_words: v.fuzzy_words,
            row_nouns,
            subject_column,
            place_part_columns: place_part_columns(profile),
            has_free_text: v.has_free_text,
            single_words_sorted,
            column_words,
            measures: {
                let mut m: Vec<Measure> = profile.columns.iter().map(measure_of).collect();
                crate::measure::share_units(&mut m, &profile.columns);
                crate::measure::price_quotes(&mut m, &profile.columns);
                m
            },
            taught,
        }
    }

    /// One-word values that begin with `prefix`, with their entries.
    pub fn values_with_prefix<'s>(
        &'s self,
        prefix: &'s str,
    ) -> impl Iterator<Item = (&'s String, &'s Vec<u32>)> + 's {
        let from = self
            .single_words_sorted
            .partition_point(|w| w.as_str() < prefix);
        self.single_words_sorted[from..]
            .iter()
            .take_while(move |w| w.starts_with(prefix))
            .take(8)
            .filter_map(move |w| self.values_by_first.get(w).map(|ids| (w, ids)))
    }

    /// Value words within edit distance 1 (2 for long words) of `w`.
    pub fn fuzzy_candidates(&self, w: &str) -> Vec<&str> {
        // Short words are too close to too many codes ("feet" / "FEET").
        let n = w.chars().count();
        if n < 5 {
            return Vec::new();
        }
        let max = if n >= 8 { 2 } else { 1 };
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut probe = deletes_of(w);
        probe.push(w.to_string());
        for d in probe {
            if let Some(ids) = self.deletes.get(&d) {
                for &id in ids {
                    if seen.insert(id) {
                        let cand = &self.fuzzy_words[id as usize];
                        if cand != w && edit_distance(w, cand, max) <= max {
                            out.push(cand.as_str());
                        }
                    }
                }
            }
        }
        out
    }

    pub fn column_type(&self, ci: usize) -> ColumnType {
        self.profile.columns[ci].ty
    }

    /// Every column's name, in the profile's order.
    pub fn column_names(&self) -> Vec<&str> {
        self.profile
            .columns
            .iter()
            .map(|c| c.name.as_str())
            .collect()
    }

    pub fn column_name(&self, ci: usize) -> &str {
        &self.profile.columns[ci].name
    }

    /// Share of the rows that hold the word (by stem) in some text column.
    pub fn word_share(&self, stem_word: &str) -> f64 {
        let n = self.word_rows.get(stem_word).copied().unwrap_or(0);
        n as f64 / self.profile.row_count.max(1) as f64
    }

    /// The numeric-ish columns (integer, float, date, datetime).
    pub fn ordered_columns(&self) -> impl Iterator<Item = usize> + '_ {
        self.profile
            .columns
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                matches!(
                    c.ty,
                    ColumnType::Integer
                        | ColumnType::Float
                        | ColumnType::Date
                        | ColumnType::DateTime
                )
            })
            .map(|(i, _)| i)
    }
}

/// The words of a column name as written, split at underscores.
fn raw_words_of(name: &str) -> Vec<String> {
    words(&name.replace('_', " "))
}

/// The sex a part of a column's name names (`life_female`, `men_pct`).
pub fn sex_part(p: &str) -> Option<crate::lexicon::Sex> {
    use crate::lexicon::Sex;
    match p {
        "female" | "females" | "women" | "fem" | "girls" => Some(Sex::Female),
        "male" | "males" | "men" | "boys" => Some(Sex::Male),
        _ => None,
    }
}

/// The words for the parent a name glued from `m` or `f` and a measure
/// names, when the table has both (`mage` and `fage`, `meduc` and
/// `feduc`): "mother", "mom" for the first, "father", "dad" for the other.
fn parent_of(profile: &DatasetProfile, name: &str) -> Option<&'static [&'static str]> {
    let (letter, rest) = name.split_at_checked(1)?;
    if rest.len() < 3 || !rest.bytes().all(|b| b.is_ascii_lowercase()) || !known_name_part(rest) {
        return None;
    }
    let other = match letter {
        "m" => "f",
        "f" => "m",
        _ => return None,
    };
    let sibling = format!("{other}{rest}");
    if !profile.columns.iter().any(|c| c.name == sibling) {
        return None;
    }
    Some(if letter == "m" {
        &["mother", "mom", "maternal", "mum"]
    } else {
        &["father", "dad", "paternal"]
    })
}

#[cfg(test)]
mod glued_tests {
    use super::*;

    #[test]
    fn glued_names_split_into_known_words() {
        assert_eq!(split_glued("percblack").as_deref(), Some("perc_black"));
        assert_eq!(split_glued("poptotal").as_deref(), Some("pop_total"));
        assert_eq!(split_glued("samplesize").as_deref(), Some("sample_size"));
        assert_eq!(split_glued("bodywt").as_deref(), Some("body_wt"));
        assert_eq!(split_glued("price2014").as_deref(), Some("price_2014"));
        // Short, numeric and non-ASCII words never panic.
        for name in [
            "2",
            "a_2",
            "x1",
            "_",
            "",
            "é2014",
            "ab_2014",
            "über1999x",
            "9999999",
        ] {
            let _ = split_glued(name);
        }
        // Words of their own, and words with a short rest, stay whole.
        assert_eq!(split_glued("agent"), None);
        assert_eq!(split_glued("percentage"), None);
        assert_eq!(split_glued("weighted"), None);
    }
}
