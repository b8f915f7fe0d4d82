//! What the first passes find in the phrase and the later ones read: field
//! and value mentions, comparator phrases, superlatives. Each is a token
//! span (`start..end`) with what it means.

use crate::index::AliasKind;
use crate::lexicon::{Cmp, FieldGroup};
use crate::plan::MatchKind;

/// Words naming a field: the candidate columns, best first, with how they
/// were named.
#[derive(Debug, Clone)]
pub(super) struct FieldMention {
    pub start: usize,
    pub end: usize,
    pub columns: Vec<(usize, AliasKind)>,
}

impl FieldMention {
    /// Keeps each column once, at its first place (after columns were
    /// moved to a family's member, several may be the same).
    pub fn dedup_columns(&mut self) {
        let mut seen = Vec::new();
        self.columns.retain(|c| {
            let new = !seen.contains(&c.0);
            seen.push(c.0);
            new
        });
    }
}

/// Words naming a value: index entries of the same text (possibly in
/// several columns) and how they matched.
#[derive(Debug, Clone)]
pub(super) struct ValueMention {
    pub start: usize,
    pub end: usize,
    pub entries: Vec<u32>,
    pub kind: MatchKind,
}

/// A comparator phrase ("more than", "older than") and the field group it
/// implies, if any; for a graded adjective ("windier than", "more sugary
/// than"), the adjective and the field the lexicon found for it.
#[derive(Debug, Clone)]
pub(super) struct OpMention {
    pub start: usize,
    pub end: usize,
    pub cmp: Cmp,
    pub implies: Option<FieldGroup>,
    pub graded: Option<Graded>,
}

/// An adjective or participle a phrase grades ("heaviest", "more sugary",
/// "the most cited"), read through the WordNet lexicon.
#[derive(Debug, Clone)]
pub(super) struct Graded {
    /// What it may come from, best first: the adjective ("windy"), or the
    /// verbs of a participle ("cite"; "retweet", which the lexicon need not
    /// know).
    pub bases: Vec<String>,
    /// Whether the hand table read the word first ("fastest"): its
    /// direction already says the word's pole, and the lexicon is asked only
    /// when the table's field group names no column.
    pub hand: bool,
    /// The column found for it (pass 3b), once resolved.
    pub field: Option<GradedField>,
}

/// The column a graded word speaks of.
#[derive(Debug, Clone)]
pub(super) struct GradedField {
    pub column: usize,
    /// The noun of the lexicon the column's name holds ("weight").
    pub noun: String,
    /// Whether the word's direction turns over on this column: "light"
    /// means less weight; "fast" on a time means less of it.
    pub flip: bool,
}

/// A superlative ("cheapest", "top 5") or a position word ("first",
/// "last 3") asking for an order and a number of records.
#[derive(Debug, Clone)]
pub(super) struct Superlative {
    pub start: usize,
    pub end: usize,
    pub desc: bool,
    pub implies: Option<FieldGroup>,
    pub graded: Option<Graded>,
    pub count: Option<u32>,
    pub positional: bool,
    /// The column a superlative of the dataset's vocabulary orders by.
    pub taught: Option<usize>,
    /// The column a later pass found for it ("the fastest growing" orders
    /// by the column of growth the trends pass reads).
    pub column: Option<usize>,
}
