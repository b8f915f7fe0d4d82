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
//! reading (`dow = 'Mon'`), as does a value or a column named by the word
//! ("Sun Taxi", `sat`); a later word of a value or a part of a column's
//! name ("Full sun", `is_weekend`) is a day only beside another day. (Over
//! a column of day names, what linking does not read, "mon to fri",
//! "business days", is `IN` the column's values here.) Short forms that
//! are words too ("sun", "sat", "wed") are days only after "on", "every"
//! or "each" (and not before a noun: "on sun exposure"), or in a list or
//! range with another day ("sat and sun", "mon-fri").

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
    /// A later word of a value of the table ("sun" of `Full sun`): a day
    /// only beside another day ("sat and sun").
    in_value: bool,
    /// A word the linking pass reads as values of a column of day names
    /// (a day's name, "weekend", "weekdays"), which it keeps.
    linkable: bool,
}

/// Whether the table has the words of an item as its own.
#[derive(PartialEq)]
enum Taken {
    No,
    /// A later word of a several-word value ("sun" of `Full sun`), or a
    /// part of a column's name (`sun_hours`, `is_weekend`).
    InsideAValue,
    /// A value's first word, or a column's whole name (`sat`, `weekday`).
    Yes,
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
/// weekends", "except mondays", "no sundays": the lexicon's negations but
/// "but" and "nor" (which join), and "excludes".
fn is_negating(w: &str) -> bool {
    w == "excludes" || crate::lexicon::is_negation(w) && !matches!(w, "but" | "nor")
}

/// Words before a day that make it one day, not every such day: "last
/// monday", "this weekend", "next friday".
fn names_a_date(w: &str) -> bool {
    matches!(
        w,
        "this" | "last" | "next" | "previous" | "coming" | "past" | "yesterday" | "today"
    )
}

/// Whether text is a date SQLite reads: an ISO date (`2015-03-01`), or
/// one with a time (`2015-03-01 10:00:00`, `2015-03-01T10:00:00.5Z`,
/// `2015-03-01T10:00+02:00`), as a text column may keep them.
fn is_iso_date_text(v: &str) -> bool {
    let b = v.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| r.clone().all(|k| b.get(k).is_some_and(u8::is_ascii_digit));
    let date = v.is_char_boundary(10)
        && v.get(..10)
            .is_some_and(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok());
    if !date {
        return false;
    }
    if b.len() == 10 {
        return true;
    }
    // `T` or a space, `HH:MM`, then `:SS` and a fraction, then an offset.
    if !matches!(b[10], b'T' | b' ')
        || !digits(11..13)
        || b.get(13) != Some(&b':')
        || !digits(14..16)
    {
        return false;
    }
    let mut k = 16;
    if b.get(k) == Some(&b':') && digits(k + 1..k + 3) {
        k += 3;
        if b.get(k) == Some(&b'.') && digits(k + 1..k + 2) {
            k += 1;
            while b.get(k).is_some_and(u8::is_ascii_digit) {
                k += 1;
            }
        }
    }
    let rest = &v[k..];
    rest.is_empty()
        || matches!(rest, "Z" | "z")
        || rest.len() == 6
            && matches!(b[k], b'+' | b'-')
            && digits(k + 1..k + 3)
            && b[k + 3] == b':'
            && digits(k + 4..k + 6)
}

/// The day of the week a value of a column of day names names: "Monday",
/// "mon", "Tues.", "Sa" (two letters at least, and no more than the name).
fn day_of_name(v: &str) -> Option<Weekday> {
    const NAMES: [&str; 7] = [
        "sunday",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
    ];
    let v = v.trim().trim_end_matches('.').to_lowercase();
    if v.len() < 2 {
        return None;
    }
    let found: Vec<usize> = (0..7)
        .filter(|&d| NAMES[d].starts_with(v.as_str()))
        .collect();
    match found.as_slice() {
        [d] => Some(*d as Weekday),
        _ => None,
    }
}

/// The "no date" of some exports (`0000-00-00`), which a column of dates
/// may hold beside its dates.
fn is_zero_date(v: &str) -> bool {
    v.starts_with("0000-00-00")
}

impl Ctx<'_> {
    /// Days of the week: a `Weekday` condition on the date column per run
    /// of days ("saturday or sunday", "mon to fri"), negated by a word
    /// before it; with no date column, a note and no condition.
    pub(super) fn weekdays(&mut self) {
        let day_col = self.day_name_column();
        let mut i = 0;
        while i < self.toks.len() {
            match self.weekday_run(i, day_col) {
                Some(end) => i = end,
                None => i += 1,
            }
        }
    }

    /// Reads the run of days starting at `i`, if there is one: its
    /// condition (or note). The end of what it claimed. With a column of
    /// day names (`day_col`), only what the linking pass does not read as
    /// its values ("mon to fri", "business days"), on that column.
    fn weekday_run(&mut self, i: usize, day_col: Option<usize>) -> Option<usize> {
        let first = self.weekday_item(i, day_col)?;
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
            && matches!(
                (self.norm(lead - 2), self.norm(lead - 1)),
                ("other" | "rather", "than") | ("anything" | "everything" | "all" | "any", "but")
            )
        {
            // "other than mondays", "anything but weekends".
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
            let Some(item) = self.weekday_item(next, day_col) else {
                break;
            };
            if joint == Joint::Range && !(last.single && item.single) {
                break;
            }
            joints.push(joint);
            items.push(item);
        }

        // A word of a value ("sun" of `Full sun`) is a day only beside
        // another day ("sat and sun").
        if items.iter().all(|it| it.in_value) {
            return None;
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

        if day_col.is_some()
            && joints.iter().all(|j| *j == Joint::List)
            && items.iter().all(|it| it.linkable)
        {
            return None;
        }
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
        let negated = negation.is_some();
        if let Some(col) = day_col {
            self.day_name_condition(span, col, source, &days, negated);
            return Some(end);
        }
        if let Some(col) = self.weekday_number_column() {
            self.weekday_number_condition(span, col, source, &days, negated);
            return Some(end);
        }
        let Some(col) = self.weekday_column_at(span) else {
            self.note(Note::NoDateColumn { source });
            return Some(end);
        };
        let op = if negated {
            CompareOp::NotWeekday
        } else {
            CompareOp::Weekday
        };
        let values = days
            .iter()
            .map(|&d| Literal::Integer(i64::from(d)))
            .collect();
        self.weekday_condition(span, col, (source, &days, negated), op, values);
        Some(end)
    }

    /// The day's name or the part of the week at token `k`, unless a value
    /// or a column of the table has that word ("Sun Taxi", `is_weekend`)
    /// or a word before it makes it one day ("good friday").
    fn weekday_item(&self, k: usize, day_col: Option<usize>) -> Option<Item> {
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
                in_value: false,
                linkable: true,
            }
        } else {
            let (days, len) = week_part(&words)?;
            Item {
                start: k,
                end: k + len,
                days: days.to_vec(),
                single: false,
                short: false,
                in_value: false,
                linkable: matches!(words[0], "weekend" | "weekends" | "weekday" | "weekdays"),
            }
        };
        match self.taken(&words[..item.end - k], day_col) {
            Taken::No => Some(item),
            Taken::InsideAValue => Some(Item {
                in_value: true,
                ..item
            }),
            Taken::Yes => None,
        }
    }

    /// Whether `words` begin a value of the table or are a column's name
    /// (`Yes`), or are a later word of a value or a part of a column's name
    /// (`InsideAValue`). The values of the column of day names
    /// (`day_col`) are what the words mean, not another thing.
    fn taken(&self, words: &[&str], day_col: Option<usize>) -> Taken {
        let first = words[0];
        let first_stem = stem(first);
        let ix = self.ix;
        let other = |ids: &Vec<u32>| {
            ids.iter()
                .any(|&id| Some(ix.values[id as usize].column) != day_col)
        };
        let holds = |map: &std::collections::HashMap<String, Vec<u32>>, w: &str| {
            map.get(w).is_some_and(other)
        };
        // `business_days`, `workingday`; `sat`, `weekday`; `sun_hours`,
        // `is_weekend` (a part of the name).
        let glued = words.concat();
        let parted = words.join("_");
        let names = || ix.profile.columns.iter().map(|c| c.name.to_lowercase());
        let column = if words.len() > 1 {
            names().any(|n| n.contains(&parted) || n.split('_').any(|p| stem(p) == stem(&glued)))
        } else {
            names().any(|n| n == first || stem(&n) == first_stem)
        };
        let name_part = words.len() == 1
            && names().any(|n| {
                n.split('_')
                    .any(|p| p == first || p.len() > 3 && stem(p) == first_stem)
            });
        if words.len() > 1 {
            // "business days": a value "Business Day", not "Business".
            let stems: Vec<String> = words.iter().map(|w| stem(w)).collect();
            let value = ix.values_by_first.get(first).is_some_and(|ids| {
                ids.iter().any(|&id| {
                    let e = &ix.values[id as usize];
                    Some(e.column) != day_col
                        && e.stems.len() >= stems.len()
                        && e.stems[..stems.len()] == stems[..]
                })
            });
            return if value || column {
                Taken::Yes
            } else {
                Taken::No
            };
        }
        if column
            || holds(&ix.values_by_first, first)
            || holds(&ix.values_by_first, &first_stem)
            || holds(&ix.values_by_first_stem, &first_stem)
        {
            Taken::Yes
        } else if name_part || holds(&ix.values_by_word, &first_stem) {
            Taken::InsideAValue
        } else {
            Taken::No
        }
    }

    /// The text column of the names of the days of the week (`Mon` …
    /// `Sun`, `Monday` …, `Sa`), if there is one: the linking pass reads
    /// day words as its values.
    fn day_name_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| {
            cols[c].ty == ColumnType::Text
                && (2..=14).contains(&cols[c].values.len())
                && cols[c]
                    .values
                    .iter()
                    .all(|v| day_of_name(&v.value).is_some())
        })
    }

    /// A column of the days of the week as numbers from 0 (Sunday, as
    /// `strftime('%w')`, R's `wday` of POSIXlt and JavaScript count them)
    /// to 6: integers named `weekday`, `wday`, `dow` or `day_of_week`.
    fn weekday_number_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            let name = col.name.replace(['_', ' '], "").to_lowercase();
            col.ty == ColumnType::Integer
                && matches!(name.as_str(), "weekday" | "wday" | "dow" | "dayofweek")
                && col.min.as_deref() == Some("0")
                && col.max.as_deref() == Some("6")
        })
    }

    /// "sundays", "weekends" over a column of day numbers: `IN (0, 6)`.
    fn weekday_number_condition(
        &mut self,
        span: (usize, usize),
        col: usize,
        source: String,
        days: &[Weekday],
        negated: bool,
    ) {
        let mut values: Vec<i64> = days.iter().map(|&d| i64::from(d)).collect();
        values.sort_unstable();
        let op = match (values.len(), negated) {
            (1, false) => CompareOp::Eq,
            (1, true) => CompareOp::Ne,
            (_, false) => CompareOp::In,
            (_, true) => CompareOp::NotIn,
        };
        let values = values.into_iter().map(Literal::Integer).collect();
        self.weekday_condition(span, col, (source, days, negated), op, values);
    }

    /// Notes the days read on `col` and adds the condition that reads them.
    fn weekday_condition(
        &mut self,
        span: (usize, usize),
        col: usize,
        (source, days, negated): (String, &[Weekday], bool),
        op: CompareOp,
        values: Vec<Literal>,
    ) {
        let field = self.ix.column_name(col).to_string();
        self.note(Note::Weekday {
            source: source.clone(),
            field: field.clone(),
            days: days.to_vec(),
            negated,
        });
        self.push_condition(
            span,
            Condition {
                field,
                op,
                values,
                source,
                matched: MatchKind::Exact,
                confidence: confidence::MONTH,
            },
        );
    }

    /// "mon to fri", "business days" over a column of day names: the
    /// column's values of those days (`IN`, or `NOT IN` when negated).
    fn day_name_condition(
        &mut self,
        span: (usize, usize),
        col: usize,
        source: String,
        days: &[Weekday],
        negated: bool,
    ) {
        let column = &self.ix.profile.columns[col];
        let mut spelled: Vec<(Weekday, String)> = column
            .values
            .iter()
            .filter_map(|v| Some((day_of_name(&v.value)?, v.value.clone())))
            .filter(|(d, _)| days.contains(d))
            .collect();
        // Monday first, as the week is said.
        spelled.sort_by_key(|(d, _)| (d + 6) % 7);
        if spelled.is_empty() {
            return;
        }
        let op = if negated {
            CompareOp::NotIn
        } else {
            CompareOp::In
        };
        let values = spelled.into_iter().map(|(_, v)| Literal::Text(v)).collect();
        self.weekday_condition(span, col, (source, days, negated), op, values);
    }

    /// The column a day of the week is read on: the date column of the
    /// calendar phrases, or a text column of ISO dates or date-times (the
    /// one an event word near `at` names, "returned on a sunday" →
    /// `return_date`, else the date column, else the text column the
    /// phrase names or the first one).
    fn weekday_column_at(&self, at: (usize, usize)) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let texts: Vec<usize> = (0..cols.len())
            .filter(|&c| {
                let col = &cols[c];
                col.ty == ColumnType::Text
                    && col
                        .min
                        .as_deref()
                        .is_some_and(|v| is_iso_date_text(v) || is_zero_date(v))
                    && col.max.as_deref().is_some_and(is_iso_date_text)
                    && col
                        .values
                        .iter()
                        .all(|v| is_iso_date_text(&v.value) || is_zero_date(&v.value))
            })
            .collect();
        let dates: Vec<usize> = (0..cols.len())
            .filter(|&c| matches!(cols[c].ty, ColumnType::Date | ColumnType::DateTime))
            .chain(texts.iter().copied())
            .collect();
        self.event_column(at, &dates)
            .or_else(|| self.date_column_at(at))
            .or_else(|| self.named_column(&texts))
            .or(texts.first().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::is_iso_date_text;
    use crate::plan::{CompareOp, Literal};
    use crate::profile::{ColumnProfile, ColumnType, DatasetProfile};
    use crate::{Planner, QueryPlan, Tier};

    fn col(name: &str, ty: ColumnType, min: &str, max: &str) -> ColumnProfile {
        ColumnProfile {
            name: name.to_string(),
            original_name: name.to_string(),
            ordinal: 1,
            ty,
            null_count: 0,
            distinct_count: 100,
            min: Some(min.to_string()),
            max: Some(max.to_string()),
            values: vec![],
            full_text: false,
        }
    }

    fn planner(columns: Vec<ColumnProfile>) -> Planner {
        Planner::new(&DatasetProfile {
            table: "rides".into(),
            fts_table: None,
            row_count: 100,
            id_column: None,
            columns,
        })
    }

    fn conditions(p: &QueryPlan) -> Vec<(String, CompareOp, Vec<Literal>)> {
        p.filters
            .iter()
            .flat_map(|f| &f.any_of)
            .map(|c| (c.field.clone(), c.op, c.values.clone()))
            .collect()
    }

    fn days(d: &[i64]) -> Vec<Literal> {
        d.iter().map(|&d| Literal::Integer(d)).collect()
    }

    #[test]
    fn a_text_column_of_iso_date_times_takes_the_day_with_a_note() {
        let p = planner(vec![
            col(
                "started",
                ColumnType::Text,
                "2017-06-03T06:14:00Z",
                "2019-01-30 23:01:00",
            ),
            col("fare", ColumnType::Float, "2.5", "80"),
        ]);
        let plan = p.plan("rides on weekends", Tier::Default);
        assert_eq!(
            conditions(&plan),
            [("started".into(), CompareOp::Weekday, days(&[0, 6]))]
        );
        assert!(
            plan.notes
                .contains(&"'weekends' read as started on a Saturday or Sunday.".to_string()),
            "{:?}",
            plan.notes
        );
        let plan = p.plan("rides not on a monday or friday", Tier::Default);
        assert_eq!(
            conditions(&plan),
            [("started".into(), CompareOp::NotWeekday, days(&[1, 5]))]
        );
        assert!(
            plan.notes.contains(
                &"'not on a monday or friday' read as started not on a Monday or Friday."
                    .to_string()
            ),
            "{:?}",
            plan.notes
        );
        let plan = p.plan("rides mon to thu", Tier::Default);
        assert!(
            plan.notes.contains(
                &"'mon to thu' read as started on a day from Monday to Thursday.".to_string()
            ),
            "{:?}",
            plan.notes
        );
    }

    #[test]
    fn no_date_no_condition_a_note_and_no_search() {
        let p = planner(vec![
            col("note", ColumnType::Text, "a", "z"),
            col("fare", ColumnType::Float, "2.5", "80"),
        ]);
        let plan = p.plan("rides on sundays", Tier::Default);
        assert!(plan.filters.is_empty(), "{plan:?}");
        assert!(plan.traits.is_empty(), "{plan:?}");
        assert!(
            plan.notes.contains(
                &"'sundays' read as a day of the week; the dataset has no date field, so it sets no condition."
                    .to_string()
            ),
            "{:?}",
            plan.notes
        );
        // A text column of other things is no date column.
        let p = planner(vec![col(
            "started",
            ColumnType::Text,
            "2017-06-03 at noon",
            "later",
        )]);
        assert!(p
            .plan("rides on weekends", Tier::Default)
            .filters
            .is_empty());
    }

    #[test]
    fn an_event_word_picks_the_date_column() {
        let p = planner(vec![
            col("booked", ColumnType::Date, "2020-01-01", "2020-12-31"),
            col("return_date", ColumnType::Text, "0000-00-00", "2021-01-05"),
        ]);
        let plan = p.plan("returned on a sunday", Tier::Default);
        assert_eq!(
            conditions(&plan),
            [("return_date".into(), CompareOp::Weekday, days(&[0]))]
        );
        let plan = p.plan("on sundays", Tier::Default);
        assert_eq!(
            conditions(&plan),
            [("booked".into(), CompareOp::Weekday, days(&[0]))]
        );
    }

    #[test]
    fn iso_date_text_is_what_sqlite_reads() {
        for v in [
            "2015-03-01",
            "2015-03-01 10:00",
            "2015-03-01T10:00:00",
            "2015-03-01T10:00:00.125Z",
            "2015-03-01 10:00:00+05:30",
            "2015-03-01T10:00-08:00",
        ] {
            assert!(is_iso_date_text(v), "{v}");
        }
        for v in [
            "2015-3-1",
            "2015/03/01",
            "2015-02-30",
            "2015-03-01 10",
            "2015-03-01 10:00:00 UTC",
            "2015-03-01T10:00:00+0530",
            "03/01/2015",
            "",
        ] {
            assert!(!is_iso_date_text(v), "{v}");
        }
    }
}
