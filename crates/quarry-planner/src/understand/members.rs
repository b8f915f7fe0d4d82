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
use super::Ctx;

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
    const WORDS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth",
    ];
    if let Some(k) = WORDS.iter().position(|x| *x == w) {
        return Some(k as u32 + 1);
    }
    let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &w[digits.len()..];
    let n: u32 = digits.parse().ok()?;
    let right = match (n % 100, n % 10) {
        (11..=13, _) => "th",
        (_, 1) => "st",
        (_, 2) => "nd",
        (_, 3) => "rd",
        _ => "th",
    };
    (suffix == right && (1..=12).contains(&n)).then_some(n)
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
        .filter(|(_, m)| m.len() >= 3 || m.len() == 2 && pairs >= 2)
        .map(|(_, members)| Family { members })
        .collect()
}

impl Ctx<'_> {
    pub(super) fn family_members(&mut self) {
        let names = self.ix.column_names();
        let families = families(&names);
        if families.is_empty() {
            return;
        }
        let Some((tag, span)) = self.member_tag(&families) else {
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
            let mut seen = Vec::new();
            f.columns.retain(|c| {
                let new = !seen.contains(&c.0);
                seen.push(c.0);
                new
            });
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
