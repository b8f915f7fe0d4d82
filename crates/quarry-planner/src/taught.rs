//! What the dataset's vocabulary teaches the index (see `quarry-vocabulary`):
//! a field's synonyms and unit become field aliases of kind
//! [`AliasKind::Taught`] (above a field's own name), the content words of
//! its description weak aliases ([`AliasKind::Described`], below the
//! built-in synonyms); an alias phrase becomes value entries of its field
//! (read by the taught pass, `understand/taught.rs`); a superlative word
//! becomes an order by its field, in the direction the built-in table
//! gives the word (else the one written, else descending).
//!
//! Built once with the index; a vocabulary entry that does not fit the
//! profile is left out (`Vocabulary::retain_applicable`).

use std::collections::HashMap;

use quarry_vocabulary::{Order, Vocabulary};

use crate::index::{AliasKind, FieldAlias, ValueEntry};
use crate::lexicon::{is_negation, is_stopword, Degree, COMPARATIVES};
use crate::profile::DatasetProfile;
use crate::text::{stem, tokenize, words, Token};

/// How a taught word names its field, for the notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaughtField {
    Synonym,
    Unit,
    Description,
}

/// An alias phrase: its tokens (as the phrase's own tokens are), its field
/// and the value entries (in `Index::values`) it stands for.
#[derive(Debug, Clone)]
pub struct TaughtAlias {
    pub tokens: Vec<Token>,
    pub column: usize,
    pub entries: Vec<u32>,
    pub values: Vec<String>,
}

/// A superlative word and the field it orders by.
#[derive(Debug, Clone)]
pub struct TaughtSuperlative {
    /// Folded words.
    pub words: Vec<String>,
    pub column: usize,
    pub desc: bool,
}

/// The vocabulary as the planner reads it.
#[derive(Debug, Clone, Default)]
pub struct Taught {
    /// (column, stemmed words of the alias) → how it was taught.
    pub field_words: HashMap<(usize, Vec<String>), TaughtField>,
    pub aliases: Vec<TaughtAlias>,
    pub superlatives: Vec<TaughtSuperlative>,
}

impl Taught {
    pub fn is_empty(&self) -> bool {
        self.field_words.is_empty() && self.aliases.is_empty() && self.superlatives.is_empty()
    }

    /// How the stemmed words `ws` were taught to name column `c`, if they were.
    pub fn field_word(&self, c: usize, ws: &[String]) -> Option<TaughtField> {
        self.field_words.get(&(c, ws.to_vec())).copied()
    }
}

/// The direction a superlative word has in the built-in table, if it is
/// there: `Some(true)` for "largest" (descending), `Some(false)` for
/// "smallest".
pub fn built_in_direction(ws: &[String]) -> Option<bool> {
    COMPARATIVES.iter().find_map(|c| match c.degree {
        Degree::Superlative { desc }
            if c.words.len() == ws.len() && c.words.iter().zip(ws).all(|(a, b)| *a == b) =>
        {
            Some(desc)
        }
        _ => None,
    })
}

/// What `build` adds to the index's tables.
pub struct Additions<'a> {
    pub fields_by_first: &'a mut HashMap<String, Vec<FieldAlias>>,
    pub values: &'a mut Vec<ValueEntry>,
    /// Words that are values (by first word and by any word's stem): a
    /// description word that is a value does not name the field.
    pub value_words: &'a dyn Fn(&str) -> bool,
}

/// Adds the vocabulary's field words and alias values to the index's
/// tables and returns the rest.
pub fn build(profile: &DatasetProfile, vocabulary: &Vocabulary, add: Additions) -> Taught {
    let (v, _dropped) = vocabulary.retain_applicable(profile);
    let mut taught = Taught::default();
    let column = |name: &str| profile.columns.iter().position(|c| c.name == name);
    // Words already naming some field (before anything is taught), which a
    // description word must not take.
    let named: std::collections::HashSet<String> = add
        .fields_by_first
        .values()
        .flatten()
        .filter(|a| a.words.len() == 1)
        .map(|a| a.words[0].clone())
        .collect();
    for f in &v.fields {
        let Some(ci) = column(&f.field) else { continue };
        let strong = f
            .synonyms
            .iter()
            .map(|s| (s, TaughtField::Synonym))
            .chain(f.unit.iter().map(|u| (u, TaughtField::Unit)));
        for (phrase, how) in strong {
            let ws: Vec<String> = words(phrase).iter().map(|w| stem(w)).collect();
            add_alias(add.fields_by_first, ci, &ws, AliasKind::Taught);
            taught.field_words.entry((ci, ws)).or_insert(how);
        }
        if let Some(d) = &f.description {
            for w in words(d) {
                let s = stem(&w);
                let weak = w.chars().count() < 4
                    || w.chars().all(|c| c.is_ascii_digit())
                    || is_stopword(&w)
                    || is_negation(&w)
                    || named.contains(&s)
                    || (add.value_words)(&w)
                    || (add.value_words)(&s);
                if weak {
                    continue;
                }
                let ws = vec![s];
                if taught.field_words.contains_key(&(ci, ws.clone())) {
                    continue;
                }
                add_alias(add.fields_by_first, ci, &ws, AliasKind::Described);
                taught
                    .field_words
                    .insert((ci, ws), TaughtField::Description);
            }
        }
    }
    for a in &v.aliases {
        let Some(ci) = column(&a.field) else { continue };
        let tokens = tokenize(&a.phrase);
        if tokens.is_empty() {
            continue;
        }
        let ws: Vec<String> = tokens.iter().map(|t| t.norm.clone()).collect();
        let stems: Vec<String> = tokens.iter().map(|t| t.stem.clone()).collect();
        let mut entries = Vec::new();
        for value in &a.values {
            entries.push(add.values.len() as u32);
            add.values.push(ValueEntry {
                column: ci,
                value: value.clone(),
                words: ws.clone(),
                stems: stems.clone(),
                count: 0,
            });
        }
        taught.aliases.push(TaughtAlias {
            tokens,
            column: ci,
            entries,
            values: a.values.clone(),
        });
    }
    for s in &v.superlatives {
        let Some(ci) = column(&s.field) else { continue };
        let ws = words(&s.word);
        let desc = match s.order {
            Some(Order::Ascending) => false,
            Some(Order::Descending) => true,
            None => built_in_direction(&ws).unwrap_or(true),
        };
        taught.superlatives.push(TaughtSuperlative {
            words: ws,
            column: ci,
            desc,
        });
    }
    taught
}

/// Adds (or raises to `kind`) the alias `ws` of column `ci`.
fn add_alias(
    by_first: &mut HashMap<String, Vec<FieldAlias>>,
    ci: usize,
    ws: &[String],
    kind: AliasKind,
) {
    let Some(first) = ws.first() else { return };
    let list = by_first.entry(first.clone()).or_default();
    match list.iter_mut().find(|a| a.column == ci && a.words == ws) {
        Some(a) => a.kind = a.kind.max(kind),
        None => list.push(FieldAlias {
            column: ci,
            words: ws.to_vec(),
            kind,
        }),
    }
}
