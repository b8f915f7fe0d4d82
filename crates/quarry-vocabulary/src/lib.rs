//! A dataset's vocabulary: what the operator teaches the planner about one
//! dataset that its profile cannot say. Field synonyms ("headcount" names
//! `employees`), a field's description and unit, value aliases ("DACH" is
//! `country` in Germany, Austria, Switzerland) and superlatives ("largest"
//! orders by `employees`).
//!
//! It is written as a small TOML file:
//!
//! ```toml
//! [fields.employees]
//! synonyms = ["headcount", "staff"]
//! description = "people employed"
//! unit = "people"
//!
//! [[aliases]]
//! phrase = "DACH"
//! field = "country"
//! values = ["Germany", "Austria", "Switzerland"]
//!
//! [superlatives]
//! largest = "employees"
//! smallest = { field = "employees", order = "ascending" }
//! ```
//!
//! [`parse`] reads the text (its syntax, its keys, its shape and limits);
//! [`check`] also checks it against the dataset's
//! [`DatasetProfile`](quarry_profile::DatasetProfile): the fields it names
//! exist and fit what is asked of them. Both report every problem they find
//! at once, each with the line it is on; nothing is half-read: a text with
//! an error gives no [`Vocabulary`]. [`Vocabulary::retain_applicable`] keeps
//! the entries that still fit a new version of the dataset (an import with
//! `--replace`) and says which it dropped.
//!
//! Plain values and no IO: the catalog stores the text, the operator
//! commands and the console check it, the planner reads the [`Vocabulary`].

mod check;
mod parse;
mod write;

use serde::Serialize;
use std::fmt;

pub use check::check;
pub use parse::parse;

/// Largest vocabulary file, in bytes.
pub const MAX_BYTES: usize = 64 * 1024;
/// Most `[fields.*]` entries.
pub const MAX_FIELDS: usize = 999;
/// Most synonyms of one field.
pub const MAX_SYNONYMS: usize = 50;
/// Most `[[aliases]]`.
pub const MAX_ALIASES: usize = 1000;
/// Most values of one alias.
pub const MAX_ALIAS_VALUES: usize = 200;
/// Most `[superlatives]`.
pub const MAX_SUPERLATIVES: usize = 200;
/// Most words in a synonym, a unit, an alias phrase or a superlative.
pub const MAX_PHRASE_WORDS: usize = 8;
/// Longest synonym, unit, alias phrase, value or superlative, in characters.
pub const MAX_PHRASE_CHARS: usize = 200;
/// Longest description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 500;

/// A dataset's vocabulary, read from its TOML text. Entries keep the order
/// and the line they had in the file.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Vocabulary {
    /// `[fields.<name>]`: what names or describes one field.
    pub fields: Vec<FieldEntry>,
    /// `[[aliases]]`: phrases that stand for values of a field.
    pub aliases: Vec<Alias>,
    /// `[superlatives]`: words that order by a field.
    pub superlatives: Vec<Superlative>,
}

/// `[fields.<field>]`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldEntry {
    /// The field (its normalised name, as in the dataset's profile).
    pub field: String,
    /// Words or phrases that name the field ("headcount", "staff").
    pub synonyms: Vec<String>,
    /// What the field holds, in a few words; its words name the field
    /// weakly.
    pub description: Option<String>,
    /// The unit of the field's numbers ("people", "USD"); it names the field
    /// like a synonym.
    pub unit: Option<String>,
    /// Line of the table's header in the file.
    #[serde(skip)]
    pub line: usize,
    /// Line of each synonym, in the order of `synonyms`.
    #[serde(skip)]
    pub synonym_lines: Vec<usize>,
    /// Line of the unit.
    #[serde(skip)]
    pub unit_line: usize,
}

/// `[[aliases]]`: a phrase that means "`field` is one of `values`".
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Alias {
    /// Matched case-insensitively, word for word ("DACH", "Old Europe").
    pub phrase: String,
    pub field: String,
    pub values: Vec<String>,
    #[serde(skip)]
    pub line: usize,
    /// Line of `field`.
    #[serde(skip)]
    pub field_line: usize,
    /// Line of each value, in the order of `values`.
    #[serde(skip)]
    pub value_lines: Vec<usize>,
}

/// `[superlatives]`: `<word> = "<field>"` or `<word> = { field = "…",
/// order = "ascending" }`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Superlative {
    /// The word or words ("largest", "most valuable").
    pub word: String,
    /// The field it orders by: a number or a date.
    pub field: String,
    /// The order when written; `None`: the word's usual order as the
    /// planner knows it ("smallest" ascending, "largest" descending), else
    /// descending.
    pub order: Option<Order>,
    #[serde(skip)]
    pub line: usize,
}

/// The order a superlative asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Ascending,
    Descending,
}

impl Order {
    pub fn as_str(self) -> &'static str {
        match self {
            Order::Ascending => "ascending",
            Order::Descending => "descending",
        }
    }
}

impl Vocabulary {
    /// Nothing taught.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty() && self.aliases.is_empty() && self.superlatives.is_empty()
    }

    /// How many entries of each kind, for messages: "3 synonyms of 1 field,
    /// 1 alias, 1 superlative".
    pub fn summary(&self) -> String {
        fn count(n: usize, one: &str, many: &str) -> String {
            format!("{n} {}", if n == 1 { one } else { many })
        }
        let synonyms: usize = self.fields.iter().map(|f| f.synonyms.len()).sum();
        let described = self
            .fields
            .iter()
            .filter(|f| f.description.is_some() || f.unit.is_some())
            .count();
        let mut parts = Vec::new();
        if !self.fields.is_empty() {
            let mut p = format!(
                "{} of {}",
                count(synonyms, "synonym", "synonyms"),
                count(self.fields.len(), "field", "fields")
            );
            if described > 0 {
                p.push_str(&format!(" ({described} with a description or unit)"));
            }
            parts.push(p);
        }
        parts.push(count(self.aliases.len(), "alias", "aliases"));
        parts.push(count(
            self.superlatives.len(),
            "superlative",
            "superlatives",
        ));
        parts.join(", ")
    }

    /// The vocabulary as TOML text that [`parse`] reads back into the same
    /// entries (without the original's comments and layout).
    pub fn to_toml(&self) -> String {
        write::to_toml(self)
    }

    /// The entries that still fit `profile` (every error [`check`] would
    /// report drops the entry it is about, or the one synonym), and a
    /// sentence for each entry dropped. For an import that replaces a
    /// dataset: the vocabulary survives where its fields still exist.
    pub fn retain_applicable(
        &self,
        profile: &quarry_profile::DatasetProfile,
    ) -> (Vocabulary, Vec<String>) {
        check::retain_applicable(self, profile)
    }
}

/// What becomes of a vocabulary text when a new version of its dataset
/// replaces the old: see [`for_new_version`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Carried {
    /// The text to keep with the new version: the same text (comments and
    /// all) when every entry still applies, the entries that do written
    /// anew when some do not, `None` when none does.
    pub text: Option<String>,
    /// A sentence per entry dropped.
    pub dropped: Vec<String>,
}

/// The vocabulary text `text` carried over to a new version of its dataset
/// (an import with `--replace`): the entries whose fields still exist and
/// fit are kept, the others dropped and named. A text that does not read
/// (it was checked when set, so it should) is kept as it is.
pub fn for_new_version(text: &str, profile: &quarry_profile::DatasetProfile) -> Carried {
    let Ok(read) = parse(text) else {
        return Carried {
            text: Some(text.to_string()),
            dropped: Vec::new(),
        };
    };
    let (kept, dropped) = read.vocabulary.retain_applicable(profile);
    let text = if dropped.is_empty() {
        Some(text.to_string())
    } else if kept.is_empty() {
        None
    } else {
        Some(format!(
            "# Rewritten when a new version of the dataset was imported: entries\n# about fields it no longer has were dropped.\n\n{}",
            kept.to_toml()
        ))
    };
    Carried { text, dropped }
}

/// One problem in a vocabulary text: an error (nothing is applied) or a
/// warning (applied; worth a look). `line` is 1-based, when the problem is
/// about one place in the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub line: Option<usize>,
    pub message: String,
}

impl Problem {
    pub(crate) fn at(line: usize, message: impl Into<String>) -> Problem {
        Problem {
            line: Some(line),
            message: message.into(),
        }
    }

    pub(crate) fn whole(message: impl Into<String>) -> Problem {
        Problem {
            line: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A vocabulary that read and checked without error, and its warnings.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    pub vocabulary: Vocabulary,
    pub warnings: Vec<Problem>,
}

/// A vocabulary text refused: every error found (in line order), and the
/// warnings found on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Rejected {
    pub errors: Vec<Problem>,
    pub warnings: Vec<Problem>,
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.len();
        write!(
            f,
            "the vocabulary has {n} {}: ",
            if n == 1 { "error" } else { "errors" }
        )?;
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Rejected {}

/// Words of a phrase as they are compared: lower case, split at anything
/// that is not a letter or a digit. ("Head-count" and "head count" are the
/// same words.)
pub fn phrase_words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests;
