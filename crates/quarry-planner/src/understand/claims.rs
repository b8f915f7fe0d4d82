//! What the passes share besides the mentions: which tokens a pass has
//! claimed (and for which reading), which field mentions a number has taken
//! as its field, which spans are comparisons with an average, and whether a
//! "before/after X" phrase has set the order. A later pass reads these to
//! leave alone what an earlier one understood; the order of the passes in
//! `understand/mod.rs` is what makes that work.

use std::collections::HashSet;

/// The reading a token was claimed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ClaimedBy {
    /// "last 3 years", "this year".
    RelativeDate,
    /// A superlative and its count ("the 5 cheapest", "top 3").
    Superlative,
    /// "first", "last 3": a position in the dataset's order.
    Position,
    /// A value of a field (exact, stemmed, place name, part, code, typo).
    Value,
    /// A field name.
    Field,
    /// Quoted text or a spelled part searched inside a field.
    Substring,
    /// A comparison with the field's average.
    Average,
    /// A number, its comparator and trailing words ("500 or more").
    Number,
    /// The unit of a quantity ("kg" of "2.5 kg", "ft 8" of "5 ft 8").
    Unit,
    /// A month name and its year.
    Month,
    /// Words asking for a field's emptiness ("unknown", "no … recorded").
    Missing,
    /// The hemisphere after a number of degrees ("south" of "30 degrees
    /// south"), for the numbers pass.
    Hemisphere,
}

/// Token claims and the other marks passes leave for later passes.
#[derive(Debug)]
pub(super) struct Claims {
    /// Per token, the reading that claimed it first.
    tokens: Vec<Option<ClaimedBy>>,
    /// Field mentions (by their first token) a number took as its field:
    /// no later number or comparison may take them from before.
    attached_fields: HashSet<usize>,
    /// Token spans read as comparisons with an average: "average" there is
    /// not a request for an aggregate.
    average_spans: Vec<(usize, usize)>,
    /// A "before/after X" phrase set an ordering by position, which the
    /// order pass keeps (with one record) instead of a positional word's.
    position_anchor: bool,
}

impl Claims {
    pub(super) fn new(tokens: usize) -> Claims {
        Claims {
            tokens: vec![None; tokens],
            attached_fields: HashSet::new(),
            average_spans: Vec::new(),
            position_anchor: false,
        }
    }

    /// Claims the tokens `start..end` (those not claimed yet) for `by`.
    pub(super) fn claim(&mut self, (start, end): (usize, usize), by: ClaimedBy) {
        for t in &mut self.tokens[start..end] {
            t.get_or_insert(by);
        }
    }

    /// Claims tokens for `by`, whoever claimed them before.
    pub(super) fn reclaim(&mut self, (start, end): (usize, usize), by: ClaimedBy) {
        for t in &mut self.tokens[start..end] {
            *t = Some(by);
        }
    }

    /// Gives tokens back, unclaimed.
    pub(super) fn release(&mut self, (start, end): (usize, usize)) {
        for t in &mut self.tokens[start..end] {
            *t = None;
        }
    }

    /// Claims one token.
    pub(super) fn claim_token(&mut self, i: usize, by: ClaimedBy) {
        self.claim((i, i + 1), by);
    }

    pub(super) fn is_claimed(&self, i: usize) -> bool {
        self.tokens[i].is_some()
    }

    /// The reading token `i` was claimed for, if any.
    pub(super) fn claimed_by(&self, i: usize) -> Option<ClaimedBy> {
        self.tokens.get(i).copied().flatten()
    }

    /// Marks the field mention starting at `start` as a number's field.
    pub(super) fn attach_field(&mut self, start: usize) {
        self.attached_fields.insert(start);
    }

    pub(super) fn is_field_attached(&self, start: usize) -> bool {
        self.attached_fields.contains(&start)
    }

    /// Records a span read as a comparison with an average.
    pub(super) fn mark_average(&mut self, span: (usize, usize)) {
        self.average_spans.push(span);
    }

    /// Whether token `i` is inside a comparison with an average.
    pub(super) fn in_average(&self, i: usize) -> bool {
        self.average_spans.iter().any(|&(s, e)| s <= i && i < e)
    }

    /// Records that a "before/after X" phrase set an order by position.
    pub(super) fn set_position_anchor(&mut self) {
        self.position_anchor = true;
    }

    pub(super) fn has_position_anchor(&self) -> bool {
        self.position_anchor
    }
}
