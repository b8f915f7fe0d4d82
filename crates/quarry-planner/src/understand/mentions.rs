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
/// implies, if any.
#[derive(Debug, Clone)]
pub(super) struct OpMention {
    pub start: usize,
    pub end: usize,
    pub cmp: Cmp,
    pub implies: Option<FieldGroup>,
}

/// A superlative ("cheapest", "top 5") or a position word ("first",
/// "last 3") asking for an order and a number of records.
#[derive(Debug, Clone)]
pub(super) struct Superlative {
    pub start: usize,
    pub end: usize,
    pub desc: bool,
    pub implies: Option<FieldGroup>,
    pub count: Option<u32>,
    pub positional: bool,
}
