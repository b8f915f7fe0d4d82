//! Reading a vocabulary's TOML text: its syntax (every syntax error the
//! parser can recover from), its keys (unknown ones refused, entry by
//! entry, through serde's `deny_unknown_fields`), the shape of each entry
//! and the limits. Nothing here knows the dataset: [`crate::check`] adds
//! that.

use std::collections::HashMap;
use std::ops::Range;

use serde::Deserialize;
use toml::de::{DeTable, DeValue, ValueDeserializer};
use toml::Spanned;

use crate::{
    phrase_words, Alias, Checked, FieldEntry, Order, Problem, Rejected, Superlative, Vocabulary,
    MAX_ALIASES, MAX_ALIAS_VALUES, MAX_BYTES, MAX_DESCRIPTION_CHARS, MAX_FIELDS, MAX_PHRASE_CHARS,
    MAX_PHRASE_WORDS, MAX_SUPERLATIVES, MAX_SYNONYMS,
};

/// `[fields.<name>]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawField {
    synonyms: Option<Spanned<Vec<Spanned<String>>>>,
    description: Option<Spanned<String>>,
    unit: Option<Spanned<String>>,
}

/// One `[[aliases]]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAlias {
    phrase: Spanned<String>,
    field: Spanned<String>,
    values: Spanned<Vec<Spanned<String>>>,
}

/// A superlative written as a table: `{ field = "…", order = "…" }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSuperlative {
    field: Spanned<String>,
    order: Option<Spanned<RawOrder>>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum RawOrder {
    #[serde(alias = "asc")]
    Ascending,
    #[serde(alias = "desc")]
    Descending,
}

/// What reading found: the entries that read well, and the problems.
pub(crate) struct Read {
    pub vocabulary: Vocabulary,
    pub errors: Vec<Problem>,
    pub warnings: Vec<Problem>,
}

/// Reads a vocabulary text, without a dataset: syntax, keys, shapes,
/// limits, and what can be checked within the text (a synonym given to two
/// fields, an alias phrase defined twice). Every error found is reported;
/// a text with any error gives no vocabulary.
pub fn parse(text: &str) -> Result<Checked, Rejected> {
    finish(read(text))
}

pub(crate) fn finish(read: Read) -> Result<Checked, Rejected> {
    let Read {
        vocabulary,
        mut errors,
        mut warnings,
    } = read;
    sort(&mut errors);
    sort(&mut warnings);
    if errors.is_empty() {
        Ok(Checked {
            vocabulary,
            warnings,
        })
    } else {
        Err(Rejected { errors, warnings })
    }
}

/// Problems in line order (the ones about the whole text first), each once.
fn sort(problems: &mut Vec<Problem>) {
    problems.sort_by_key(|p| p.line.unwrap_or(0));
    problems.dedup();
}

/// The 1-based line holding byte `at` of `text`.
pub(crate) fn line_of(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

pub(crate) fn read(text: &str) -> Read {
    let mut r = Reader {
        text,
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let mut v = Vocabulary::default();
    if text.len() > MAX_BYTES {
        r.errors.push(Problem::whole(format!(
            "the vocabulary is {} bytes; at most {MAX_BYTES} (64 KiB) are allowed",
            text.len()
        )));
        return r.into_read(v);
    }
    let (root, syntax) = DeTable::parse_recoverable(text);
    if !syntax.is_empty() {
        for e in syntax {
            r.toml_error(&e);
        }
        return r.into_read(v);
    }
    let mut entries: Vec<_> = root.into_inner().into_iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    for (key, value) in entries {
        let line = r.line(key.span());
        match key.get_ref().as_ref() {
            "fields" => r.fields(line, value, &mut v),
            "aliases" => r.aliases(line, value, &mut v),
            "superlatives" => r.superlatives(line, value, &mut v),
            other => r.error(
                line,
                format!(
                    "unknown key `{other}`: a vocabulary has [fields.<field>] tables, [[aliases]] and [superlatives]"
                ),
            ),
        }
    }
    r.within_text(&v);
    r.into_read(v)
}

struct Reader<'t> {
    text: &'t str,
    errors: Vec<Problem>,
    warnings: Vec<Problem>,
}

impl Reader<'_> {
    fn into_read(self, vocabulary: Vocabulary) -> Read {
        Read {
            vocabulary,
            errors: self.errors,
            warnings: self.warnings,
        }
    }

    fn line(&self, span: Range<usize>) -> usize {
        line_of(self.text, span.start)
    }

    fn error(&mut self, line: usize, message: impl Into<String>) {
        self.errors.push(Problem::at(line, message));
    }

    fn warning(&mut self, line: usize, message: impl Into<String>) {
        self.warnings.push(Problem::at(line, message));
    }

    /// A TOML or serde error, at its line, in one line of text.
    fn toml_error(&mut self, e: &toml::de::Error) {
        let message = e
            .message()
            .trim()
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ");
        match e.span() {
            Some(span) => {
                let line = self.line(span);
                self.error(line, message)
            }
            None => self.errors.push(Problem::whole(message)),
        }
    }

    /// A phrase (synonym, unit, alias, superlative word): trimmed, with a
    /// word in it, within the limits. `None` (and an error) when not.
    fn phrase(&mut self, what: &str, s: &Spanned<String>) -> Option<String> {
        let line = self.line(s.span());
        let text = s.get_ref().trim();
        if text.is_empty() {
            self.error(line, format!("{what} is empty"));
            return None;
        }
        let chars = text.chars().count();
        if chars > MAX_PHRASE_CHARS {
            self.error(
                line,
                format!("{what} has {chars} characters; at most {MAX_PHRASE_CHARS} are allowed"),
            );
            return None;
        }
        let words = phrase_words(text).len();
        if words == 0 {
            self.error(line, format!("{what} '{text}' has no letter or digit"));
            return None;
        }
        if words > MAX_PHRASE_WORDS {
            self.error(
                line,
                format!(
                    "{what} '{text}' has {words} words; at most {MAX_PHRASE_WORDS} are allowed"
                ),
            );
            return None;
        }
        Some(text.to_string())
    }

    // ----- [fields.<name>] ------------------------------------------------

    fn fields(&mut self, line: usize, value: Spanned<DeValue<'_>>, v: &mut Vocabulary) {
        let DeValue::Table(table) = value.into_inner() else {
            self.error(
                line,
                "`fields` holds one table per field: [fields.<field>] with synonyms, description and unit",
            );
            return;
        };
        let mut entries: Vec<_> = table.into_iter().collect();
        entries.sort_by_key(|(k, _)| k.span().start);
        for (name, entry) in entries {
            let line = self.line(name.span());
            let field = name.get_ref().trim().to_string();
            if v.fields.len() == MAX_FIELDS {
                self.error(
                    line,
                    format!("more than {MAX_FIELDS} [fields.*] tables; at most {MAX_FIELDS} are allowed"),
                );
                return;
            }
            if !matches!(entry.get_ref(), DeValue::Table(_)) {
                self.error(
                    line,
                    format!("[fields.{field}] must be a table of synonyms, description and unit"),
                );
                continue;
            }
            let raw = match RawField::deserialize(ValueDeserializer::from(entry)) {
                Ok(raw) => raw,
                Err(e) => {
                    self.toml_error(&e);
                    continue;
                }
            };
            if let Some(e) = self.field_entry(line, field, raw) {
                v.fields.push(e);
            }
        }
    }

    fn field_entry(&mut self, line: usize, field: String, raw: RawField) -> Option<FieldEntry> {
        let mut ok = true;
        let mut synonyms = Vec::new();
        let mut synonym_lines = Vec::new();
        if let Some(list) = &raw.synonyms {
            let at = self.line(list.span());
            if list.get_ref().is_empty() {
                self.error(
                    at,
                    format!(
                        "[fields.{field}]: synonyms is empty; list at least one word or remove it"
                    ),
                );
                ok = false;
            }
            if list.get_ref().len() > MAX_SYNONYMS {
                self.error(
                    at,
                    format!(
                        "[fields.{field}] has {} synonyms; at most {MAX_SYNONYMS} are allowed",
                        list.get_ref().len()
                    ),
                );
                ok = false;
            }
            let mut seen: HashMap<Vec<String>, usize> = HashMap::new();
            for s in list.get_ref() {
                let Some(p) = self.phrase("a synonym", s) else {
                    ok = false;
                    continue;
                };
                let at = self.line(s.span());
                if seen.insert(phrase_words(&p), at).is_some() {
                    self.warning(
                        at,
                        format!("[fields.{field}]: the synonym '{p}' is listed twice"),
                    );
                    continue;
                }
                synonyms.push(p);
                synonym_lines.push(at);
            }
        }
        let description = match &raw.description {
            Some(d) => {
                let at = self.line(d.span());
                let text = d.get_ref().trim().to_string();
                let chars = text.chars().count();
                if phrase_words(&text).is_empty() {
                    self.error(at, format!("[fields.{field}]: the description is empty"));
                    ok = false;
                    None
                } else if chars > MAX_DESCRIPTION_CHARS {
                    self.error(
                        at,
                        format!(
                            "[fields.{field}]: the description has {chars} characters; at most {MAX_DESCRIPTION_CHARS} are allowed"
                        ),
                    );
                    ok = false;
                    None
                } else {
                    Some(text)
                }
            }
            None => None,
        };
        let unit_line = raw.unit.as_ref().map_or(line, |u| self.line(u.span()));
        let unit = match &raw.unit {
            Some(u) => {
                let p = self.phrase("the unit", u);
                ok &= p.is_some();
                p
            }
            None => None,
        };
        if raw.synonyms.is_none() && description.is_none() && unit.is_none() && ok {
            self.warning(
                line,
                format!(
                    "[fields.{field}] teaches nothing: give it synonyms, a description or a unit"
                ),
            );
        }
        ok.then_some(FieldEntry {
            field,
            synonyms,
            description,
            unit,
            line,
            synonym_lines,
            unit_line,
        })
    }

    // ----- [[aliases]] ----------------------------------------------------

    fn aliases(&mut self, line: usize, value: Spanned<DeValue<'_>>, v: &mut Vocabulary) {
        let DeValue::Array(items) = value.into_inner() else {
            self.error(
                line,
                "`aliases` is a list: write each alias as an [[aliases]] table (double brackets) with phrase, field and values",
            );
            return;
        };
        for (i, item) in items.into_iter().enumerate() {
            let at = self.line(item.span());
            if i == MAX_ALIASES {
                self.error(
                    at,
                    format!("more than {MAX_ALIASES} aliases; at most {MAX_ALIASES} are allowed"),
                );
                return;
            }
            if !matches!(item.get_ref(), DeValue::Table(_)) {
                self.error(
                    at,
                    "an alias is a table with phrase, field and values: [[aliases]]",
                );
                continue;
            }
            match RawAlias::deserialize(ValueDeserializer::from(item)) {
                Ok(raw) => {
                    if let Some(a) = self.alias(at, raw) {
                        v.aliases.push(a);
                    }
                }
                Err(e) => self.toml_error(&e),
            }
        }
    }

    fn alias(&mut self, line: usize, raw: RawAlias) -> Option<Alias> {
        let phrase = self.phrase("the alias phrase", &raw.phrase);
        let field_line = self.line(raw.field.span());
        let field = raw.field.get_ref().trim().to_string();
        let mut ok = phrase.is_some();
        if field.is_empty() {
            self.error(field_line, "the alias's field is empty");
            ok = false;
        }
        let values_line = self.line(raw.values.span());
        let list = raw.values.get_ref();
        let name = phrase.clone().unwrap_or_default();
        if list.is_empty() {
            self.error(
                values_line,
                format!("the alias '{name}' has no values; list the values it stands for"),
            );
            ok = false;
        }
        if list.len() > MAX_ALIAS_VALUES {
            self.error(
                values_line,
                format!(
                    "the alias '{name}' has {} values; at most {MAX_ALIAS_VALUES} are allowed",
                    list.len()
                ),
            );
            ok = false;
        }
        let mut values: Vec<String> = Vec::new();
        let mut value_lines = Vec::new();
        for value in list {
            let at = self.line(value.span());
            let text = value.get_ref().trim();
            if text.is_empty() {
                self.error(at, format!("the alias '{name}' has an empty value"));
                ok = false;
            } else if text.chars().count() > MAX_PHRASE_CHARS {
                self.error(
                    at,
                    format!("a value of the alias '{name}' is longer than {MAX_PHRASE_CHARS} characters"),
                );
                ok = false;
            } else if values.iter().any(|v| v == text) {
                self.warning(at, format!("the alias '{name}' lists '{text}' twice"));
            } else {
                values.push(text.to_string());
                value_lines.push(at);
            }
        }
        ok.then(|| Alias {
            phrase: phrase.unwrap_or_default(),
            field,
            values,
            line,
            field_line,
            value_lines,
        })
    }

    // ----- [superlatives] -------------------------------------------------

    fn superlatives(&mut self, line: usize, value: Spanned<DeValue<'_>>, v: &mut Vocabulary) {
        let DeValue::Table(table) = value.into_inner() else {
            self.error(
                line,
                "`superlatives` is a table of words: [superlatives] then largest = \"employees\"",
            );
            return;
        };
        let mut entries: Vec<_> = table.into_iter().collect();
        entries.sort_by_key(|(k, _)| k.span().start);
        for (word, value) in entries {
            let line = self.line(word.span());
            if v.superlatives.len() == MAX_SUPERLATIVES {
                self.error(
                    line,
                    format!("more than {MAX_SUPERLATIVES} superlatives; at most {MAX_SUPERLATIVES} are allowed"),
                );
                return;
            }
            let word = Spanned::new(word.span(), word.get_ref().to_string());
            let Some(word) = self.phrase("a superlative", &word) else {
                continue;
            };
            let (field, order) = match value.get_ref() {
                DeValue::String(s) => (s.trim().to_string(), None),
                DeValue::Table(_) => {
                    match RawSuperlative::deserialize(ValueDeserializer::from(value)) {
                        Ok(raw) => (
                            raw.field.get_ref().trim().to_string(),
                            raw.order.map(|o| match o.into_inner() {
                                RawOrder::Ascending => Order::Ascending,
                                RawOrder::Descending => Order::Descending,
                            }),
                        ),
                        Err(e) => {
                            self.toml_error(&e);
                            continue;
                        }
                    }
                }
                _ => {
                    self.error(
                        line,
                        format!(
                            "the superlative '{word}' names a field: {word} = \"<field>\", or {word} = {{ field = \"<field>\", order = \"ascending\" }}"
                        ),
                    );
                    continue;
                }
            };
            if field.is_empty() {
                self.error(line, format!("the superlative '{word}' names no field"));
                continue;
            }
            v.superlatives.push(Superlative {
                word,
                field,
                order,
                line,
            });
        }
    }

    // ----- across entries ---------------------------------------------------

    /// What can be checked without the dataset: one synonym for two fields,
    /// one alias phrase defined twice, one word both an alias and a
    /// superlative.
    fn within_text(&mut self, v: &Vocabulary) {
        let mut synonyms: HashMap<Vec<String>, (&str, usize)> = HashMap::new();
        for f in &v.fields {
            let taught = f
                .synonyms
                .iter()
                .zip(f.synonym_lines.iter().copied())
                .chain(f.unit.iter().map(|u| (u, f.unit_line)));
            for (s, line) in taught {
                let key = phrase_words(s);
                match synonyms.get(&key) {
                    Some(&(other, at)) if other != f.field => self.error(
                        line,
                        format!(
                            "'{s}' names both {other} (line {at}) and {}; a word can name one field only",
                            f.field
                        ),
                    ),
                    Some(_) => {}
                    None => {
                        synonyms.insert(key, (&f.field, line));
                    }
                }
            }
        }
        let mut phrases: HashMap<Vec<String>, usize> = HashMap::new();
        for a in &v.aliases {
            if let Some(at) = phrases.insert(phrase_words(&a.phrase), a.line) {
                self.error(
                    a.line,
                    format!(
                        "the alias '{}' is defined twice (lines {at} and {})",
                        a.phrase, a.line
                    ),
                );
            }
        }
        for s in &v.superlatives {
            if let Some(&at) = phrases.get(&phrase_words(&s.word)) {
                self.error(
                    s.line,
                    format!(
                        "'{}' is both an alias (line {at}) and a superlative; it can be one of them",
                        s.word
                    ),
                );
            }
        }
    }
}
