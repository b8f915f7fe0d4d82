//! Pass 3-stance: for and against. In a table of opinions, each field a
//! question whose answers are one for and one against (`coal_mining`
//! 'favor_increase' / 'no_increase', `agree` / `disagree`), "support
//! expanding coal mining", "anti fracking but pro offshore drilling", "solar
//! yes wind no" say which answer each named field has. The field and its
//! cue become a mention of that answer's value.

use super::claims::ClaimedBy;
use super::mentions::ValueMention;
use super::Ctx;
use crate::plan::MatchKind;
use crate::profile::ColumnType;

/// Words of a value that answer for.
fn pro_word(w: &str) -> bool {
    matches!(
        w,
        "favor" | "favour" | "support" | "agree" | "approve" | "yes" | "for" | "pro" | "in_favor"
    )
}

/// Words of a value that answer against.
fn con_word(w: &str) -> bool {
    matches!(
        w,
        "no" | "not" | "oppose" | "against" | "disagree" | "disapprove" | "anti" | "reject"
    )
}

/// A cue said in a phrase, and whether it is weak ("more", "expanding":
/// for, unless a stronger cue came just before).
fn cue(w: &str) -> Option<(bool, bool)> {
    Some(match w {
        "support" | "supports" | "supporting" | "supporters" | "favor" | "favors" | "favour"
        | "favours" | "favoring" | "favouring" | "pro" | "for" | "want" | "wants" | "yes"
        | "back" | "backs" | "backing" | "approve" | "approves" | "like" | "likes" => (true, false),
        "more" | "expand" | "expanding" | "expanded" | "increase" | "increasing" | "additional" => {
            (true, true)
        }
        "oppose" | "opposes" | "opposing" | "opposed" | "against" | "anti" | "no" | "reject"
        | "rejects" | "disapprove" | "disapproves" | "less" | "fewer" => (false, false),
        _ => return None,
    })
}

impl Ctx<'_> {
    /// The answer for and the answer against of an opinion field: a text
    /// field of two or three listed values, one of whose words are for and
    /// one against.
    fn stance_values(&self, col: usize) -> Option<(u32, u32)> {
        let c = &self.ix.profile.columns[col];
        if c.ty != ColumnType::Text || !(2..=3).contains(&c.values.len()) {
            return None;
        }
        let words = |v: &str| -> Vec<String> {
            v.to_lowercase()
                .split(|ch: char| !ch.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        };
        let id_of = |v: &str| {
            self.ix
                .values
                .iter()
                .position(|e| e.column == col && e.value == v)
                .map(|i| i as u32)
        };
        let pro: Vec<&str> = c
            .values
            .iter()
            .filter(|v| {
                let ws = words(&v.value);
                ws.iter().any(|w| pro_word(w)) && !ws.iter().any(|w| con_word(w))
            })
            // A flag's 'yes' and 'no' are the yes/no pass's.
            .filter(|v| !words(&v.value).iter().any(|w| w == "yes"))
            .map(|v| v.value.as_str())
            .collect();
        let con: Vec<&str> = c
            .values
            .iter()
            .filter(|v| words(&v.value).iter().any(|w| con_word(w)))
            .map(|v| v.value.as_str())
            .collect();
        match (&pro[..], &con[..]) {
            ([p], [n]) => Some((id_of(p)?, id_of(n)?)),
            _ => None,
        }
    }

    pub(super) fn stances(&mut self) {
        let n = self.toks.len();
        // Which columns are opinion fields.
        let opinion: Vec<Option<(u32, u32)>> = (0..self.ix.profile.columns.len())
            .map(|c| self.stance_values(c))
            .collect();
        if opinion.iter().all(Option::is_none) {
            return;
        }
        // A value mention of an answer word ("favor") is a cue, not a value.
        let answer = |id: u32| {
            opinion
                .iter()
                .any(|o| o.is_some_and(|(p, q)| p == id || q == id))
        };
        let cue_values: Vec<usize> = self
            .values
            .iter()
            .filter(|v| v.entries.iter().all(|&id| answer(id)) && !v.entries.is_empty())
            .map(|v| v.start)
            .collect();
        let in_field = |k: usize| self.fields.iter().any(|f| f.start <= k && k < f.end);
        let cue_at = |k: usize| -> Option<(bool, bool)> {
            if in_field(k) || self.claims.is_claimed(k) && !cue_values.contains(&k) {
                return None;
            }
            let w = self.norm(k);
            if matches!(w, "dont" | "doesnt" | "didnt" | "not" | "never") {
                // "don't want more": against.
                return Some((false, false));
            }
            cue(w)
        };
        // The stance in force before each token, and where its cue began.
        let mut found: Vec<(usize, usize, usize, u32)> = Vec::new();
        let mut stance: Option<(bool, usize)> = None;
        let mut k = 0;
        while k < n {
            if let Some((pro, weak)) = cue_at(k) {
                let recent = stance.is_some_and(|(_, at)| k - at <= 2);
                if !(weak && recent) {
                    // "not for", "don't want": the negation holds.
                    let negated_just_before = stance.is_some_and(|(p, at)| !p && k - at == 1);
                    if !negated_just_before {
                        stance = Some((pro, k));
                    }
                }
                k += 1;
                continue;
            }
            let Some(f) = self.fields.iter().find(|f| f.start == k).cloned() else {
                // "but", "and", ",", "to", "both": the stance carries on;
                // another word ends it.
                let w = self.norm(k);
                if !matches!(
                    w,
                    "and" | "but" | "," | "to" | "both" | "of" | "the" | "in" | "on"
                ) {
                    stance = None;
                }
                k += 1;
                continue;
            };
            let Some((col, (pro_id, con_id))) = f
                .columns
                .iter()
                .find_map(|&(c, _)| opinion[c].map(|o| (c, o)))
            else {
                k = f.end;
                continue;
            };
            let _ = col;
            // The cue before, or right after ("solar yes wind no").
            let (pro, start, end) = match stance {
                Some((p, at)) => (p, at.min(f.start), f.end),
                None => match (f.end < n && matches!(self.norm(f.end), "yes" | "no"))
                    .then(|| cue_at(f.end))
                    .flatten()
                {
                    Some((p, false)) => (p, f.start, f.end + 1),
                    _ => {
                        k = f.end;
                        continue;
                    }
                },
            };
            // Only the first field of a run takes the cue into its span.
            let start = match found.last() {
                Some(&(_, e, _, _)) if e > start => f.start,
                _ => start,
            };
            found.push((start, end, f.start, if pro { pro_id } else { con_id }));
            k = end;
        }
        for (start, end, field_start, id) in found {
            self.fields.retain(|f| f.start != field_start);
            self.values.retain(|v| !(v.start >= start && v.end <= end));
            self.claims.claim((start, end), ClaimedBy::Value);
            self.values.push(ValueMention {
                start,
                end,
                entries: vec![id],
                kind: MatchKind::Inferred,
            });
        }
        // The cue words left over ("favor both"): understood, no value.
        for s in cue_values {
            if self
                .values
                .iter()
                .any(|v| v.start == s && v.entries.iter().all(|&id| answer(id)))
            {
                let single = self
                    .values
                    .iter()
                    .filter(|v| v.start == s)
                    .all(|v| v.end - v.start == 1);
                if single {
                    self.values
                        .retain(|v| v.start != s || !v.entries.iter().all(|&id| answer(id)));
                }
            }
        }
    }
}
