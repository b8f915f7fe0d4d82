//! A vocabulary against the dataset it is for: each field it names must
//! exist (with a suggestion when a near name does), a superlative must order
//! by a number or a date, an alias's values must fit its field's type, a
//! synonym must not take another field's name. Values an alias lists that
//! the profile does not are warnings: the profile lists only a column's
//! most common values.
//!
//! The same findings decide what [`Vocabulary::retain_applicable`] keeps
//! when a dataset is replaced: an entry with an error is dropped (a bad
//! synonym alone is dropped from its field), with a sentence saying why.

use quarry_profile::{ColumnProfile, ColumnType, DatasetProfile};

use crate::parse::{finish, read};
use crate::{phrase_words, Checked, Problem, Rejected, Vocabulary};

/// Reads a vocabulary text and checks it against the dataset's profile.
/// Every error found is reported at once (syntax errors alone when the text
/// is not TOML); a text with any error gives no vocabulary.
pub fn check(text: &str, profile: &DatasetProfile) -> Result<Checked, Rejected> {
    let mut r = read(text);
    for f in findings(&r.vocabulary, profile) {
        match f.severity {
            Severity::Error => r.errors.push(f.problem),
            Severity::Warning => r.warnings.push(f.problem),
        }
    }
    finish(r)
}

pub(crate) fn retain_applicable(
    v: &Vocabulary,
    profile: &DatasetProfile,
) -> (Vocabulary, Vec<String>) {
    let mut kept = v.clone();
    let mut dropped = Vec::new();
    let mut drop_fields = Vec::new();
    let mut drop_synonyms: Vec<(usize, usize)> = Vec::new();
    let mut drop_aliases = Vec::new();
    let mut drop_superlatives = Vec::new();
    for f in findings(v, profile) {
        if f.severity != Severity::Error {
            continue;
        }
        let what = match f.about {
            About::Field(i) => {
                drop_fields.push(i);
                format!("[fields.{}]", v.fields[i].field)
            }
            About::Synonym(i, k) => {
                drop_synonyms.push((i, k));
                format!(
                    "the synonym '{}' of {}",
                    v.fields[i].synonyms[k], v.fields[i].field
                )
            }
            About::Unit(i) => {
                kept.fields[i].unit = None;
                format!(
                    "the unit '{}' of {}",
                    v.fields[i].unit.as_deref().unwrap_or(""),
                    v.fields[i].field
                )
            }
            About::Alias(i) => {
                drop_aliases.push(i);
                format!("the alias '{}'", v.aliases[i].phrase)
            }
            About::Superlative(i) => {
                drop_superlatives.push(i);
                format!("the superlative '{}'", v.superlatives[i].word)
            }
        };
        let line = f
            .problem
            .line
            .map(|l| format!(" (line {l})"))
            .unwrap_or_default();
        dropped.push(format!("dropped {what}{line}: {}", f.problem.message));
    }
    for (i, f) in kept.fields.iter_mut().enumerate() {
        let mut k = 0;
        f.synonyms.retain(|_| {
            k += 1;
            !drop_synonyms.contains(&(i, k - 1))
        });
    }
    let mut i = 0;
    kept.fields.retain(|_| {
        i += 1;
        !drop_fields.contains(&(i - 1))
    });
    let mut i = 0;
    kept.aliases.retain(|_| {
        i += 1;
        !drop_aliases.contains(&(i - 1))
    });
    let mut i = 0;
    kept.superlatives.retain(|_| {
        i += 1;
        !drop_superlatives.contains(&(i - 1))
    });
    dropped.dedup();
    (kept, dropped)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Severity {
    Error,
    Warning,
}

/// The entry a finding is about (indexes into the vocabulary's lists).
#[derive(Debug, Clone, Copy)]
enum About {
    Field(usize),
    Synonym(usize, usize),
    Unit(usize),
    Alias(usize),
    Superlative(usize),
}

struct Finding {
    severity: Severity,
    about: About,
    problem: Problem,
}

fn error(about: About, line: usize, message: String) -> Finding {
    Finding {
        severity: Severity::Error,
        about,
        problem: Problem::at(line, message),
    }
}

fn warning(about: About, line: usize, message: String) -> Finding {
    Finding {
        severity: Severity::Warning,
        about,
        problem: Problem::at(line, message),
    }
}

/// Everything to say about `v` over `profile`.
fn findings(v: &Vocabulary, profile: &DatasetProfile) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, f) in v.fields.iter().enumerate() {
        let Some(col) = profile.column(&f.field) else {
            out.push(error(
                About::Field(i),
                f.line,
                format!("[fields.{}]: {}", f.field, no_such_field(&f.field, profile)),
            ));
            continue;
        };
        for (k, s) in f.synonyms.iter().enumerate() {
            let words = phrase_words(s);
            match named_column(&words, profile) {
                Some(other) if other.name != col.name => out.push(error(
                    About::Synonym(i, k),
                    f.synonym_lines[k],
                    format!(
                        "the synonym '{s}' of {} is the name of the field {}; it would no longer name {}",
                        col.name, other.name, other.name
                    ),
                )),
                Some(_) => out.push(warning(
                    About::Synonym(i, k),
                    f.synonym_lines[k],
                    format!("'{s}' is already the name of {}; not needed as a synonym", col.name),
                )),
                None => {}
            }
        }
        if let Some(u) = &f.unit {
            if let Some(other) = named_column(&phrase_words(u), profile) {
                if other.name != col.name {
                    out.push(error(
                        About::Unit(i),
                        f.unit_line,
                        format!(
                            "the unit '{u}' of {} is the name of the field {}; it would no longer name {}",
                            col.name, other.name, other.name
                        ),
                    ));
                }
            }
            if !col.ty.is_numeric() {
                out.push(warning(
                    About::Unit(i),
                    f.unit_line,
                    format!(
                        "a unit is for numbers, and {} is {}; '{u}' only names the field",
                        col.name,
                        col.ty.as_str()
                    ),
                ));
            }
        }
    }
    for (i, a) in v.aliases.iter().enumerate() {
        let Some(col) = profile.column(&a.field) else {
            out.push(error(
                About::Alias(i),
                a.field_line,
                format!(
                    "the alias '{}': {}",
                    a.phrase,
                    no_such_field(&a.field, profile)
                ),
            ));
            continue;
        };
        if let Some(named) = named_column(&phrase_words(&a.phrase), profile) {
            out.push(warning(
                About::Alias(i),
                a.line,
                format!(
                    "the alias '{}' is also the name of the field {}; in a search it now means {} in its values",
                    a.phrase, named.name, col.name
                ),
            ));
        }
        for (value, &line) in a.values.iter().zip(&a.value_lines) {
            if let Some(why) = misfit(value, col) {
                out.push(error(
                    About::Alias(i),
                    line,
                    format!("the alias '{}': {why}", a.phrase),
                ));
            } else if let Some(note) = unlisted(value, col) {
                out.push(warning(
                    About::Alias(i),
                    line,
                    format!("the alias '{}': {note}", a.phrase),
                ));
            }
        }
    }
    for (i, s) in v.superlatives.iter().enumerate() {
        let Some(col) = profile.column(&s.field) else {
            out.push(error(
                About::Superlative(i),
                s.line,
                format!(
                    "the superlative '{}': {}",
                    s.word,
                    no_such_field(&s.field, profile)
                ),
            ));
            continue;
        };
        if !ordered(col.ty) {
            out.push(error(
                About::Superlative(i),
                s.line,
                format!(
                    "the superlative '{}' orders by {}, which is {}; a superlative orders by a number or a date",
                    s.word,
                    col.name,
                    col.ty.as_str()
                ),
            ));
        }
    }
    out
}

fn ordered(ty: ColumnType) -> bool {
    matches!(
        ty,
        ColumnType::Integer | ColumnType::Float | ColumnType::Date | ColumnType::DateTime
    )
}

/// The column whose name (normalised or as in the file) is these words.
fn named_column<'p>(words: &[String], profile: &'p DatasetProfile) -> Option<&'p ColumnProfile> {
    profile
        .columns
        .iter()
        .find(|c| phrase_words(&c.name) == words || phrase_words(&c.original_name) == words)
}

/// "the dataset has no field 'Head Count'; did you mean 'head_count'?", or
/// the fields it has.
fn no_such_field(name: &str, profile: &DatasetProfile) -> String {
    let words = phrase_words(name);
    let same_words = named_column(&words, profile);
    let lower = name.to_lowercase();
    let near = || {
        profile
            .columns
            .iter()
            .map(|c| (distance(&lower, &c.name), c))
            .filter(|(d, _)| *d <= 2)
            .min_by_key(|(d, _)| *d)
            .map(|(_, c)| c)
    };
    match same_words.or_else(near) {
        Some(c) => format!(
            "the dataset has no field '{name}'; did you mean '{}'?",
            c.name
        ),
        None => {
            let names: Vec<&str> = profile.columns.iter().map(|c| c.name.as_str()).collect();
            let shown = if names.len() > 12 {
                format!("{}, …", names[..12].join(", "))
            } else {
                names.join(", ")
            };
            format!("the dataset has no field '{name}' (its fields: {shown})")
        }
    }
}

/// Levenshtein distance, for suggestions.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Why `value` cannot be a value of `col` (its type), if it cannot.
fn misfit(value: &str, col: &ColumnProfile) -> Option<String> {
    let v = value.trim();
    let fits = match col.ty {
        ColumnType::Integer => v.parse::<i64>().is_ok(),
        ColumnType::Float => v.parse::<f64>().is_ok_and(f64::is_finite),
        ColumnType::Boolean => matches!(v, "true" | "false"),
        ColumnType::Date => is_date(v),
        ColumnType::DateTime => v.len() >= 10 && is_date(&v[..10]),
        ColumnType::Text => true,
    };
    (!fits).then(|| {
        let shape = match col.ty {
            ColumnType::Integer => "an integer",
            ColumnType::Float => "a number",
            ColumnType::Boolean => "true or false",
            ColumnType::Date => "a date (YYYY-MM-DD)",
            ColumnType::DateTime => "a date and time (YYYY-MM-DDTHH:MM:SS)",
            ColumnType::Text => "text",
        };
        format!(
            "'{value}' is not {shape}, and {} is {}",
            col.name,
            col.ty.as_str()
        )
    })
}

fn is_date(v: &str) -> bool {
    let b = v.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// A note when a text column's profile lists values and `value` is not
/// among them: the case differs, no record has it, or it is not among the
/// most common ones listed.
fn unlisted(value: &str, col: &ColumnProfile) -> Option<String> {
    if col.ty != ColumnType::Text || col.values.is_empty() {
        return None;
    }
    if col.values.iter().any(|v| v.value == value) {
        return None;
    }
    if let Some(v) = col
        .values
        .iter()
        .find(|v| v.value.to_lowercase() == value.to_lowercase())
    {
        return Some(format!(
            "'{value}' is not a value of {}; did you mean '{}'? (values are compared exactly)",
            col.name, v.value
        ));
    }
    if col.values.len() as u64 >= col.distinct_count {
        Some(format!(
            "no record has {} = '{value}' (the dataset's {} values of {} are known); the alias still asks for it",
            col.name,
            col.values.len(),
            col.name
        ))
    } else {
        Some(format!(
            "'{value}' is not among the {} most common values of {} the profile lists; the alias still asks for it",
            col.values.len(),
            col.name
        ))
    }
}
