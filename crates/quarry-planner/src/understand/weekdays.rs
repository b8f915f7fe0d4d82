//! Pass 1b (calendar phrases), days of the week: "on mondays", "weekends",
//! "weekdays", "business days", "saturday or sunday", "mon to fri",
//! "monday through wednesday", "not on sundays", "excluding weekends",
//! "except mondays". A `Weekday` (or `NotWeekday`) condition on the date
//! column: the one the other calendar phrases use, else a text column of
//! ISO dates or date-times. Years and months are the other passes'
//! ("mondays in 2015", "weekends in july": both conditions hold).
//!
//! A day's name is a value where the table has one: a column of day names
//! (`dow` holding `Mon` … `Sun`, or `Monday` …) keeps the linking pass's
//! reading (`dow = 'Mon'`), as does a value or a column name holding the
//! word ("Sun Taxi", `is_weekend`). Short forms that are words too ("sun",
//! "sat", "wed") are days only after "on", "every" or "each" (and not
//! before a noun: "on sun exposure"), or in a list or range with another
//! day ("sat and sun", "mon-fri").

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::calendar::{names_one_day, part_of_day, week_part, weekday, Weekday};
use crate::lexicon::{is_stopword, month_index};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;
use crate::text::stem;
use chrono::NaiveDate;

/// Words of a day's name, or of a part of the week, at one place of the
/// phrase.
struct Item {
    start: usize,
    end: usize,
    days: Vec<Weekday>,
    /// One day, which may start or end a range ("monday to friday").
    single: bool,
    /// A short form that is also a word ("sat", "sun").
    short: bool,
}

/// How two items of a run are joined.
#[derive(PartialEq)]
enum Joint {
    List,
    Range,
}

/// Words between a day and what governs it: "on a sunday", "every
/// monday", "during the weekend", "at weekends".
fn is_lead_in(w: &str) -> bool {
    matches!(
        w,
        "on" | "every"
            | "each"
            | "during"
            | "over"
            | "at"
            | "the"
            | "a"
            | "an"
            | "from"
            | "between"
    )
}

/// Words before a day that negate it: "not on sundays", "excluding
/// weekends", "except mondays", "no sundays".
fn is_negating(w: &str) -> bool {
    matches!(
        w,
        "not"
            | "never"
            | "except"
            | "excluding"
            | "exclude"
            | "excludes"
            | "without"
            | "outside"
            | "no"
            | "non"
            | "neither"
            | "isnt"
            | "arent"
            | "wasnt"
            | "werent"
            | "dont"
            | "doesnt"
            | "didnt"
    )
}

/// Words before a day that make it one day, not every such day: "last
/// monday", "this weekend", "next friday".
fn names_a_date(w: &str) -> bool {
    matches!(
        w,
        "this" | "last" | "next" | "previous" | "coming" | "past" | "yesterday" | "today"
    )
}

/// Whether text is an ISO date (`2015-03-01`) or an ISO date and time
/// (`2015-03-01 10:00:00`, `2015-03-01T10:00`), as a text column may keep
/// them.
fn is_iso_date_text(v: &str) -> bool {
    v.is_char_boundary(10)
        && v.get(..10)
            .is_some_and(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok())
        && (v.len() == 10 || super::calendar::is_date_time_text(v))
}

impl Ctx<'_> {
    /// Days of the week: a `Weekday` condition on the date column per run
    /// of days ("saturday or sunday", "mon to fri"), negated by a word
    /// before it; with no date column, a note and no condition.
    pub(super) fn weekdays(&mut self) {
        if self.day_name_column() {
            return;
        }
        let mut i = 0;
        while i < self.toks.len() {
            match self.weekday_run(i) {
                Some(end) => i = end,
                None => i += 1,
            }
        }
    }

    /// Reads the run of days starting at `i`, if there is one: its
    /// condition (or note). The end of what it claimed.
    fn weekday_run(&mut self, i: usize) -> Option<usize> {
        let first = self.weekday_item(i)?;
        if i > 0 && (names_one_day(self.norm(i - 1)) || names_a_date(self.norm(i - 1))) {
            return None;
        }
        // The words before it: lead-ins ("on a"), then a negation.
        let mut lead = i;
        while lead > 0 && !self.claims.is_claimed(lead - 1) && is_lead_in(self.norm(lead - 1)) {
            lead -= 1;
        }
        if lead > 0 && names_a_date(self.norm(lead - 1)) {
            return None;
        }
        let between = (lead..i).any(|k| self.norm(k) == "between");
        let free = |k: usize| k < self.toks.len() && !self.claims.is_claimed(k);
        let negation = if lead > 0 && free(lead - 1) && is_negating(self.norm(lead - 1)) {
            Some(lead - 1)
        } else if lead > 1
            && free(lead - 1)
            && free(lead - 2)
            && self.norm(lead - 1) == "than"
            && matches!(self.norm(lead - 2), "other" | "rather")
        {
            Some(lead - 2)
        } else if lead > 1
            && free(lead - 1)
            && free(lead - 2)
            && self.norm(lead - 1) == "but"
            && matches!(
                self.norm(lead - 2),
                "anything" | "everything" | "all" | "any"
            )
        {
            Some(lead - 2)
        } else if lead < i
            && lead > 0
            && free(lead - 1)
            && self.norm(lead) == "from"
            && matches!(self.norm(lead - 1), "apart" | "aside")
        {
            Some(lead - 1)
        } else {
            None
        };

        // The run: items joined by list words or range words.
        let mut items = vec![first];
        let mut joints = Vec::new();
        loop {
            let last = items.last().expect("one item at least");
            let k = last.end;
            if k >= self.toks.len() {
                break;
            }
            // Commas and hyphens are no tokens: the text between says.
            let gap = self
                .query
                .get(self.toks[k - 1].end..self.toks[k].start)
                .unwrap_or("")
                .trim();
            let (joint, mut next) = match (gap, self.norm(k)) {
                // "mon-fri"
                ("-" | "\u{2013}", _) => (Joint::Range, k),
                (_, "to" | "through" | "thru" | "till" | "until") => (Joint::Range, k + 1),
                (_, "and") if between && items.len() == 1 => (Joint::Range, k + 1),
                (_, "and" | "or" | "nor" | "plus") => (Joint::List, k + 1),
                // "saturdays, sundays", "sat/sun"
                ("," | "/" | "&" | ";", _) => (Joint::List, k),
                _ => break,
            };
            if !(last.start..next).all(|x| x < last.end || free(x)) {
                break;
            }
            // "saturdays or on sundays", "mondays and the weekend".
            if joint == Joint::List {
                while next < self.toks.len()
                    && free(next)
                    && matches!(self.norm(next), "on" | "the" | "a" | "an" | "every")
                {
                    next += 1;
                }
            }
            let Some(item) = self.weekday_item(next) else {
                break;
            };
            if joint == Joint::Range && !(last.single && item.single) {
                break;
            }
            joints.push(joint);
            items.push(item);
        }

        // A short form alone is a day only after "on", "every", "each",
        // and not before a noun ("on sun exposure", "sat scores").
        if items.len() == 1 && items[0].short {
            let after_on = (lead..i).any(|k| matches!(self.norm(k), "on" | "every" | "each"));
            let next = self.toks.get(items[0].end);
            let ends = next.is_none_or(|t| {
                !t.is_word()
                    || is_stopword(&t.norm)
                    || is_negating(&t.norm)
                    || month_index(&t.norm).is_some()
                    || part_of_day(&t.norm).is_some()
                    || weekday(&t.norm).is_some()
            });
            if !(after_on && ends) {
                return None;
            }
        }

        // The days: a range runs from its first day to its last, across
        // the week's end ("friday to monday").
        let mut days: Vec<Weekday> = Vec::new();
        let mut k = 0;
        while k < items.len() {
            if k + 1 < items.len() && joints[k] == Joint::Range {
                let (a, b) = (items[k].days[0], items[k + 1].days[0]);
                let mut d = a;
                loop {
                    days.push(d);
                    if d == b {
                        break;
                    }
                    d = (d + 1) % 7;
                }
                k += 2;
                // "mon to fri and sun": a list may go on after a range.
                continue;
            }
            days.extend(&items[k].days);
            k += 1;
        }
        days.sort_unstable();
        days.dedup();

        let end = items.last().expect("one item at least").end;
        let claim_from = negation.unwrap_or(lead);
        // "between monday and friday", "from mon to fri": the range's word.
        let range_word = (lead..i).find(|&k| matches!(self.norm(k), "between" | "from"));
        let said_from = negation
            .or(range_word.filter(|_| items.len() > 1))
            .unwrap_or(i);
        let span = (claim_from, end);
        let source = self.span_text(said_from, end);
        self.claims.claim(span, ClaimedBy::Month);
        self.phrases.push((said_from, end));
        let Some(col) = self.weekday_column_at(span) else {
            self.note(Note::NoDateColumn { source });
            return Some(end);
        };
        let field = self.ix.column_name(col).to_string();
        let negated = negation.is_some();
        self.note(Note::Weekday {
            source: source.clone(),
            field: field.clone(),
            days: days.clone(),
            negated,
        });
        self.push_condition(
            span,
            Condition {
                field,
                op: if negated {
                    CompareOp::NotWeekday
                } else {
                    CompareOp::Weekday
                },
                values: days
                    .iter()
                    .map(|&d| Literal::Integer(i64::from(d)))
                    .collect(),
                source,
                matched: MatchKind::Exact,
                confidence: confidence::MONTH,
            },
        );
        Some(end)
    }

    /// The day's name or the part of the week at token `k`, unless a value
    /// or a column of the table has that word ("Sun Taxi", `is_weekend`)
    /// or a word before it makes it one day ("good friday").
    fn weekday_item(&self, k: usize) -> Option<Item> {
        let free =
            |x: usize| x < self.toks.len() && !self.claims.is_claimed(x) && self.toks[x].is_word();
        if !free(k) {
            return None;
        }
        if k > 0 && names_one_day(self.norm(k - 1)) {
            return None;
        }
        let words: Vec<&str> = (k..(k + 2).min(self.toks.len()))
            .take_while(|&x| free(x))
            .map(|x| self.norm(x))
            .collect();
        let item = if let Some((d, short)) = weekday(words[0]) {
            Item {
                start: k,
                end: k + 1,
                days: vec![d],
                single: true,
                short,
            }
        } else {
            let (days, len) = week_part(&words)?;
            Item {
                start: k,
                end: k + len,
                days: days.to_vec(),
                single: false,
                short: false,
            }
        };
        (!self.names_a_value_or_column(&words[..item.end - k])).then_some(item)
    }

    /// Whether `words` begin a value of the table, or their first word is
    /// a value's word or a word of a column's name.
    fn names_a_value_or_column(&self, words: &[&str]) -> bool {
        let first = words[0];
        let first_stem = stem(first);
        let ix = self.ix;
        let value = if words.len() == 1 {
            ix.values_by_first.contains_key(first)
                || ix.values_by_first.contains_key(&first_stem)
                || ix.values_by_first_stem.contains_key(&first_stem)
                || ix.values_by_word.contains_key(&first_stem)
        } else {
            // "business days": a value "Business Day", not "Business".
            let stems: Vec<String> = words.iter().map(|w| stem(w)).collect();
            ix.values_by_first.get(first).is_some_and(|ids| {
                ids.iter().any(|&id| {
                    let e = &ix.values[id as usize];
                    e.stems.len() >= stems.len() && e.stems[..stems.len()] == stems[..]
                })
            })
        };
        // `sat`, `is_weekend`, `weekday`; `business_days`, `workingday`.
        let glued = words.concat();
        let parted = words.join("_");
        let column = ix.profile.columns.iter().any(|c| {
            let name = c.name.to_lowercase();
            if words.len() > 1 {
                return name.contains(&parted) || name.split('_').any(|p| stem(p) == stem(&glued));
            }
            name.split('_')
                .any(|p| p == first || p.len() > 3 && stem(p) == first_stem)
        });
        value || column
    }

    /// Whether a text column holds the names of the days of the week
    /// (`Mon` … `Sun`, `Monday` …, `Sa`): the linking pass reads day words
    /// as its values.
    fn day_name_column(&self) -> bool {
        const DAYS: [&str; 7] = [
            "monday",
            "tuesday",
            "wednesday",
            "thursday",
            "friday",
            "saturday",
            "sunday",
        ];
        let is_day = |v: &str| {
            let v = v.trim().trim_end_matches('.').to_lowercase();
            v.len() >= 2 && DAYS.iter().any(|d| d.starts_with(v.as_str()))
        };
        self.ix.profile.columns.iter().any(|c| {
            c.ty == ColumnType::Text
                && (2..=14).contains(&c.values.len())
                && c.values.iter().all(|v| is_day(&v.value))
        })
    }

    /// The column a day of the week is read on: the date column of the
    /// calendar phrases (the one an event word near `at` names), else a
    /// text column of ISO dates or date-times.
    fn weekday_column_at(&self, at: (usize, usize)) -> Option<usize> {
        if let Some(col) = self.date_column_at(at) {
            return Some(col);
        }
        let cols = &self.ix.profile.columns;
        let texts: Vec<usize> = (0..cols.len())
            .filter(|&c| {
                let col = &cols[c];
                col.ty == ColumnType::Text
                    && col.min.as_deref().is_some_and(is_iso_date_text)
                    && col.max.as_deref().is_some_and(is_iso_date_text)
                    && col.values.iter().all(|v| is_iso_date_text(&v.value))
            })
            .collect();
        self.event_column(at, &texts)
            .or_else(|| self.named_column(&texts))
            .or(texts.first().copied())
    }
}
