//! Pass 3a'', a family's member by its ordinal: a wide table with one
//! column of a measure per grade, round or wave (`math1`, `math2`,
//! `math3`, `mathk`; `star1` … `stark`). An ordinal the phrase names with a
//! period noun ("3rd grade", "first graders", "grade 2", "round two") or
//! "kindergarten" (the `k` member) picks that member for every field or
//! value mention of the family: "3rd grade math over 700" is `math3`,
//! "inner-city first graders" is `school1 = 'inner-city'`.
//!
//! Without such a word the mentions stay as linking found them.

use super::claims::ClaimedBy;
use super::mentions::FieldMention;
use super::Ctx;
use crate::index::AliasKind;

/// Columns of one measure, one per member: `(column, tag)`, the tag the
/// name ends with ("3", "k").
struct Family {
    members: Vec<(usize, String)>,
}

/// Nouns a grade, round or wave is counted in ("3rd grade", "grade 3").
fn is_period_noun(w: &str) -> bool {
    matches!(
        w,
        "grade"
            | "grades"
            | "grader"
            | "graders"
            | "year"
            | "round"
            | "rounds"
            | "wave"
            | "quarter"
            | "term"
            | "semester"
            | "visit"
            | "stage"
            | "phase"
            | "period"
            | "test"
            | "exam"
            | "trial"
            | "game"
            | "half"
            | "option"
            | "options"
            | "choice"
            | "choices"
            | "alternative"
            | "offer"
    )
}

/// The number an ordinal word or abbreviation says ("third", "3rd").
fn ordinal_number(w: &str) -> Option<u32> {
    super::standings::ordinal_value(w)
        .filter(|&n| n <= 12)
        .map(|n| n as u32)
}

/// A kindergarten word: the `k` member.
fn is_kindergarten(w: &str) -> bool {
    matches!(
        w,
        "kindergarten"
            | "kindergartens"
            | "kindergartener"
            | "kindergarteners"
            | "kindergartner"
            | "kindergartners"
    )
}

/// The families of a profile's columns: names that are one stem and a
/// number of one or two digits, three or more per stem, with the stem and
/// `k` as a member too when such a column exists (`readk` beside `read1`).
fn families(names: &[&str]) -> Vec<Family> {
    let mut by_stem: Vec<(String, Vec<(usize, String)>)> = Vec::new();
    for (c, name) in names.iter().enumerate() {
        let stem = name.trim_end_matches(|ch: char| ch.is_ascii_digit());
        let digits = &name[stem.len()..];
        if digits.is_empty() || digits.len() > 2 || stem.len() < 2 {
            continue;
        }
        let stem = stem.trim_end_matches('_');
        let Ok(n) = digits.parse::<u32>() else {
            continue;
        };
        match by_stem.iter_mut().find(|(s, _)| s == stem) {
            Some((_, m)) => m.push((c, n.to_string())),
            None => by_stem.push((stem.to_string(), vec![(c, n.to_string())])),
        }
    }
    by_stem.retain(|(_, m)| m.len() >= 2);
    for (stem, members) in &mut by_stem {
        let k = names
            .iter()
            .position(|n| n.strip_suffix('k').map(|s| s.trim_end_matches('_')) == Some(stem));
        if let Some(c) = k {
            members.push((c, "k".to_string()));
        }
    }
    // Two members are a family too when several measures come in the
    // same pair (`price1`/`price2`, `time1`/`time2`: two options offered).
    let pairs = by_stem.iter().filter(|(_, m)| m.len() == 2).count();
    by_stem
        .into_iter()
        // So is a pair of grades that are no first and second option
        // (`totsc4`, `totsc8`: the 4th and 8th grade's scores).
        .filter(|(_, m)| {
            m.len() >= 3
                || m.len() == 2
                    && (pairs >= 2
                        || m.iter().all(|(_, tag)| {
                            tag.parse::<u32>().is_ok_and(|n| (3..=12).contains(&n))
                        }))
        })
        .map(|(_, members)| Family { members })
        .collect()
}

/// The columns a categorical value keys: names with a part equal to the
/// value (`price_ch`, `special_ch` for `CH`; `feat_dannon` for `dannon`),
/// when another value of the same column keys a column of the same stem
/// (`price_mm`). `(column, stem)` pairs.
fn keyed_by(names: &[&str], values: &[String], key: &str) -> Vec<(usize, String)> {
    let stem_of = |name: &str, v: &str| -> Option<String> {
        let parts: Vec<&str> = name.split('_').collect();
        if parts.len() < 2 {
            return None;
        }
        if parts.last()?.eq_ignore_ascii_case(v) {
            Some(parts[..parts.len() - 1].join("_"))
        } else if parts[0].eq_ignore_ascii_case(v) {
            Some(format!("_{}", parts[1..].join("_")))
        } else {
            None
        }
    };
    names
        .iter()
        .enumerate()
        .filter_map(|(c, n)| stem_of(n, key).map(|s| (c, s)))
        .filter(|(c, stem)| {
            values.iter().any(|other| {
                !other.eq_ignore_ascii_case(key)
                    && names
                        .iter()
                        .enumerate()
                        .any(|(o, n)| o != *c && stem_of(n, other).as_deref() == Some(stem))
            })
        })
        .collect()
}

/// A value that picked a family's members: its field, its text and the
/// words that named it.
pub(super) struct Keying {
    field: String,
    value: String,
    span: (usize, usize),
}

impl Ctx<'_> {
    /// "minute maid on special" → `special_mm`, "dannon under 6" →
    /// `price_dannon`: a wide table with a column of a measure per value
    /// of a categorical field (`purchase` CH/MM; `price_ch`, `price_mm`).
    /// A value of that field picks its member for every field mention of
    /// the family and for the numbers; the value itself is then no
    /// condition, unless the phrase says it was chosen ("dannon bought on
    /// feature").
    pub(super) fn keyed_members(&mut self) {
        let names = self.ix.column_names();
        let mut picked: Vec<usize> = Vec::new();
        let mut used_values: Vec<usize> = Vec::new();
        let mut spans: Vec<(usize, usize, Vec<usize>)> = Vec::new();
        for (k, v) in self.values.iter().enumerate() {
            let [id] = v.entries[..] else {
                continue;
            };
            let e = &self.ix.values[id as usize];
            let col = &self.ix.profile.columns[e.column];
            if col.values.len() > 30 || col.distinct_count as usize > col.values.len() {
                continue;
            }
            let values: Vec<String> = col.values.iter().map(|x| x.value.clone()).collect();
            let keyed = keyed_by(&names, &values, e.value.trim());
            if keyed.is_empty() {
                continue;
            }
            used_values.push(k);
            picked.extend(keyed.iter().map(|x| x.0));
            spans.push((v.start, v.end, keyed.iter().map(|x| x.0).collect()));
        }
        if picked.is_empty() {
            return;
        }
        // Each field mention of a family moves to the picked member.
        let stem = |c: usize| -> Option<String> {
            let n = names[c];
            let (a, b) = n.split_once('_')?;
            let last = n.rsplit_once('_').map(|x| x.0)?;
            Some(if a.is_empty() {
                b.to_string()
            } else {
                last.to_string()
            })
        };
        for f in &mut self.fields {
            for col in &mut f.columns {
                if picked.contains(&col.0) {
                    continue;
                }
                let Some(s) = stem(col.0) else { continue };
                let to = picked.iter().copied().find(|&m| {
                    stem(m).as_deref() == Some(s.as_str()) || names[m].starts_with(&format!("{s}_"))
                });
                if let Some(m) = to {
                    col.0 = m;
                }
            }
            f.dedup_columns();
        }
        self.member = Some(picked);
        let chosen = self.toks.iter().any(|t| {
            matches!(
                t.norm.as_str(),
                "bought"
                    | "buy"
                    | "buys"
                    | "purchased"
                    | "purchase"
                    | "chose"
                    | "chosen"
                    | "picked"
                    | "selected"
            )
        });
        // The value names its measures ("'dannon' → price_dannon" among the
        // fields named; a superlative or a number may take them), not its
        // flags, which would read as "yes".
        for (start, end, cols) in spans {
            let columns: Vec<(usize, AliasKind)> = cols
                .into_iter()
                .filter(|&c| self.is_ordered(c) && self.yes_value(c).is_none())
                .map(|c| (c, AliasKind::Partial))
                .collect();
            if !columns.is_empty() && !chosen {
                self.fields.push(FieldMention {
                    start,
                    end,
                    columns,
                });
            }
        }
        self.fields.sort_by_key(|f| f.start);
        if !chosen {
            for k in used_values {
                let v = &self.values[k];
                let e = &self.ix.values[v.entries[0] as usize];
                self.keying.push(Keying {
                    field: self.ix.column_name(e.column).to_string(),
                    value: e.value.clone(),
                    span: (v.start, v.end),
                });
            }
        }
    }

    /// The member a keying value picked of the family column `c` belongs
    /// to: "the longest bus commutes" orders by `time_bus`, not
    /// `time_car`. `c` itself when no value picked one of its family.
    pub(super) fn keyed_member_of(&self, c: usize) -> usize {
        let Some(member) = self.member.as_ref() else {
            return c;
        };
        if member.contains(&c) {
            return c;
        }
        let name = self.ix.column_name(c);
        let head = |n: &str| n.split_once('_').map(|(a, _)| a.to_string());
        let Some(h) = head(name) else {
            return c;
        };
        let same: Vec<usize> = member
            .iter()
            .copied()
            .filter(|&m| head(self.ix.column_name(m)).as_deref() == Some(h.as_str()))
            .collect();
        match same[..] {
            [m] => m,
            _ => c,
        }
    }

    /// Drops the filter a keying value made ("dannon" → `choice =
    /// 'dannon'`) when another filter or the order took one of the members
    /// it picked ("dannon under 6" is `price_dannon < 6` alone); "yoplait
    /// purchases" keeps it.
    pub(super) fn drop_keying_values(&mut self) {
        let Some(member) = self.member.clone() else {
            return;
        };
        if self.keying.is_empty() {
            return;
        }
        let names: Vec<String> = member
            .iter()
            .map(|&c| self.ix.column_name(c).to_string())
            .collect();
        let keying = std::mem::take(&mut self.keying);
        let used =
            self.plan
                .filters
                .iter()
                .flat_map(|f| f.any_of.iter())
                .any(|c| names.contains(&c.field))
                || self.plan.order.iter().any(
                    |o| matches!(&o.key, crate::plan::OrderKey::Field(f) if names.contains(f)),
                );
        if !used {
            // The value named no measure after all: its mention as one
            // goes ("yoplait purchases" names no `price_yoplait`).
            self.fields
                .retain(|f| !keying.iter().any(|x| (f.start, f.end) == x.span));
            return;
        }
        // Its note goes with its filter.
        let sources: Vec<String> = keying
            .iter()
            .map(|x| self.span_text(x.span.0, x.span.1))
            .collect();
        self.notes.retain(|n| {
            !matches!(n, crate::note::Note::Value { source, field, .. }
                if source.split(", ").all(|s| sources.iter().any(|x| x == s))
                    && keying.iter().any(|x| x.field == *field))
        });
        let mut k = 0;
        let spans = std::mem::take(&mut self.filter_spans);
        let mut kept_spans = Vec::new();
        self.plan.filters.retain(|f| {
            // (Two values joined, "heinz cheaper than hunts": `In` of both.)
            let drop = matches!(&f.any_of[..], [c]
            if matches!(c.op, crate::plan::CompareOp::Eq | crate::plan::CompareOp::In)
            && !c.values.is_empty()
            && c.values.iter().all(|v| keying.iter().any(|x| {
                c.field == x.field
                    && matches!(v, crate::plan::Literal::Text(t) if *t == x.value)
            })));
            if !drop {
                if let Some(s) = spans.get(k) {
                    kept_spans.push(*s);
                }
            }
            k += 1;
            !drop
        });
        self.filter_spans = kept_spans;
    }

    pub(super) fn family_members(&mut self) {
        let names = self.ix.column_names();
        let families = families(&names);
        if families.is_empty() {
            self.keyed_members();
            return;
        }
        let Some((tag, span)) = self.member_tag(&families) else {
            self.keyed_members();
            return;
        };
        // The numbers pass keeps to the member too ("second option under
        // 20 guilders" is `price2`).
        self.member = Some(
            families
                .iter()
                .flat_map(|f| f.members.iter())
                .filter(|m| m.1 == tag)
                .map(|m| m.0)
                .collect(),
        );
        let member = |c: usize| -> Option<usize> {
            let fam = families
                .iter()
                .find(|f| f.members.iter().any(|m| m.0 == c))?;
            fam.members.iter().find(|m| m.1 == tag).map(|m| m.0)
        };
        let mut used = false;
        for f in &mut self.fields {
            for col in &mut f.columns {
                if let Some(m) = member(col.0) {
                    used = true;
                    col.0 = m;
                }
            }
            f.dedup_columns();
        }
        let ix = self.ix;
        for v in &mut self.values {
            let mut entries = Vec::with_capacity(v.entries.len());
            for &id in &v.entries {
                let e = &ix.values[id as usize];
                let to = match member(e.column) {
                    // The same value in the member's column, looked up by
                    // its first word.
                    Some(m) if m != e.column => e.words.first().and_then(|w| {
                        ix.values_by_first.get(w)?.iter().copied().find(|&x| {
                            let o = &ix.values[x as usize];
                            o.column == m && o.value == e.value
                        })
                    }),
                    Some(_) => Some(id),
                    None => Some(id),
                };
                if let Some(to) = to {
                    used |= member(e.column).is_some();
                    if !entries.contains(&to) {
                        entries.push(to);
                    }
                }
            }
            if !entries.is_empty() {
                v.entries = entries;
            }
        }
        if used || self.member.as_ref().is_some_and(|m| !m.is_empty()) {
            // No position of the dataset's order any more.
            self.sups
                .retain(|x| !(x.positional && x.start < span.1 && span.0 < x.end));
            self.claims.reclaim(span, ClaimedBy::Field);
        }
    }

    /// The member tag the phrase names and the span that names it:
    /// "kindergarten" (`k`), an ordinal beside a period noun ("3rd grade",
    /// "first graders"), or a period noun and a number ("grade 2").
    fn member_tag(&self, families: &[Family]) -> Option<(String, (usize, usize))> {
        let has = |tag: &str| {
            families
                .iter()
                .any(|f| f.members.iter().any(|m| m.1 == tag))
        };
        for i in 0..self.toks.len() {
            // "first graders": the ordinal the operators read as a position.
            let position = self.claims.claimed_by(i) == Some(ClaimedBy::Position);
            if self.claims.is_claimed(i) && !position {
                continue;
            }
            let t = &self.toks[i];
            if t.is_word() && is_kindergarten(&t.norm) && has("k") {
                return Some(("k".to_string(), (i, i + 1)));
            }
            let next = self.toks.get(i + 1);
            let noun_after = next.is_some_and(|n| n.is_word() && is_period_noun(&n.norm));
            if let Some(n) = ordinal_number(&t.norm).filter(|_| t.is_word() && noun_after) {
                let tag = n.to_string();
                if has(&tag) {
                    return Some((tag, (i, i + 2)));
                }
            }
            if t.is_word() && is_period_noun(&t.norm) {
                let n = next.and_then(|n| n.number()).filter(|v| v.fract() == 0.0);
                if let Some(tag) = n.map(|v| (v as i64).to_string()).filter(|tag| has(tag)) {
                    return Some((tag, (i, i + 2)));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{families, ordinal_number};

    #[test]
    fn ordinals_in_words_and_figures() {
        assert_eq!(ordinal_number("third"), Some(3));
        assert_eq!(ordinal_number("3rd"), Some(3));
        assert_eq!(ordinal_number("1st"), Some(1));
        assert_eq!(ordinal_number("11th"), Some(11));
        assert_eq!(ordinal_number("3th"), None);
        assert_eq!(ordinal_number("rd"), None);
    }

    #[test]
    fn a_family_takes_its_kindergarten_member() {
        let names = [
            "gender", "readk", "read1", "read2", "read3", "math1", "math2", "grade",
        ];
        let fams = families(&names);
        assert_eq!(fams.len(), 1, "math has two members only");
        let tags: Vec<&str> = fams[0].members.iter().map(|m| m.1.as_str()).collect();
        assert_eq!(tags, ["1", "2", "3", "k"]);
    }
}
