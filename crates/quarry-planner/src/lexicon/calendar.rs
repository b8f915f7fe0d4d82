//! Calendar words: fixed-date holidays, the parts of a day, the words of a
//! clock ("pm", "noon"), and the nouns of the verbs that name a date
//! ("died": death, "born": birth) with the abbreviations columns use for
//! them ("dob": date of birth).

/// Holidays on a fixed day of the year (US and UK), as their words after
/// possessives are dropped ("new year's eve" → new year eve), with month
/// and day. Longer names first.
pub const HOLIDAYS: &[(&[&str], u32, u32)] = &[
    (&["christmas", "eve"], 12, 24),
    (&["xmas", "eve"], 12, 24),
    (&["christmas", "day"], 12, 25),
    (&["xmas", "day"], 12, 25),
    (&["christmas"], 12, 25),
    (&["xmas"], 12, 25),
    (&["boxing", "day"], 12, 26),
    (&["new", "year", "eve"], 12, 31),
    (&["new", "years", "eve"], 12, 31),
    (&["nye"], 12, 31),
    (&["new", "year", "day"], 1, 1),
    (&["new", "years", "day"], 1, 1),
    (&["halloween"], 10, 31),
    (&["hallowe", "en"], 10, 31),
    (&["valentine", "day"], 2, 14),
    (&["valentines", "day"], 2, 14),
    (&["st", "valentine", "day"], 2, 14),
    (&["independence", "day"], 7, 4),
    (&["fourth", "of", "july"], 7, 4),
    (&["4th", "of", "july"], 7, 4),
    (&["st", "patrick", "day"], 3, 17),
    (&["saint", "patrick", "day"], 3, 17),
    (&["st", "patricks", "day"], 3, 17),
    (&["april", "fool", "day"], 4, 1),
    (&["april", "fools", "day"], 4, 1),
    (&["guy", "fawkes", "night"], 11, 5),
    (&["bonfire", "night"], 11, 5),
    (&["veterans", "day"], 11, 11),
    (&["armistice", "day"], 11, 11),
    (&["remembrance", "day"], 11, 11),
    (&["juneteenth"], 6, 19),
];

/// A time of day in minutes after midnight; 24 * 60 is the end of the day.
pub type Minutes = u32;

/// The end of the day (midnight after).
pub const END_OF_DAY: Minutes = 24 * 60;

/// Parts of a day as ranges of minutes `[from, to)`; a range whose start is
/// after its end runs past midnight. The words may follow "in the"
/// ("in the morning"), "at" ("at night") or stand alone ("overnight").
pub fn part_of_day(w: &str) -> Option<(Minutes, Minutes)> {
    let h = |x: u32| x * 60;
    Some(match w {
        "morning" | "mornings" => (h(5), h(12)),
        "afternoon" | "afternoons" => (h(12), h(17)),
        "evening" | "evenings" => (h(17), h(21)),
        "night" | "nights" | "nighttime" | "overnight" => (h(21), h(5)),
        "lunchtime" => (h(12), h(14)),
        _ => return None,
    })
}

/// Named moments of the clock: "noon", "midnight".
pub fn named_time(w: &str) -> Option<Minutes> {
    match w {
        "noon" | "midday" => Some(12 * 60),
        "midnight" => Some(0),
        _ => None,
    }
}

/// "am"/"pm": whether the time is after noon.
pub fn meridiem(w: &str) -> Option<bool> {
    match w {
        "am" | "a.m." | "a.m" => Some(false),
        "pm" | "p.m." | "p.m" => Some(true),
        _ => None,
    }
}

/// The nouns a verb or noun of an event names a date column with ("died":
/// death, dead, die), and the abbreviations of column names that stand for
/// them ("dob", "yob": birth). Used with the WordNet derivations.
pub fn event_roots(w: &str) -> &'static [&'static str] {
    match w {
        "died" | "die" | "dies" | "dying" | "dead" | "death" | "deaths" => &["death", "dod"],
        "born" | "birth" | "births" | "birthday" | "birthdays" => {
            &["birth", "born", "dob", "yob", "bday"]
        }
        "hired" | "hire" | "hires" | "hiring" => &["hire", "hiring", "doh"],
        "diagnosed" | "diagnosis" | "diagnoses" | "diagnose" => &["diagnosis", "diag", "dx"],
        "released" | "release" | "releases" => &["release"],
        "founded" | "founding" | "foundation" => &["founding", "founded", "foundation"],
        "opened" | "opening" | "open" | "opens" => &["opening", "opened", "open"],
        "joined" | "join" | "joining" | "joins" => &["join", "joined", "joining", "doj"],
        "married" | "marriage" | "wed" | "wedding" => &["marriage", "married", "wedding"],
        "retired" | "retirement" | "retire" => &["retirement", "retired", "retire"],
        "admitted" | "admission" | "admit" => &["admission", "admitted", "admit"],
        "discharged" | "discharge" => &["discharge", "discharged"],
        "established" | "establishment" => &["established", "establishment", "est"],
        "published" | "publication" => &["publication", "published", "pub"],
        "signed" | "signing" => &["signing", "signed", "sign"],
        "started" | "start" | "began" | "begun" => &["start", "started", "begin"],
        "ended" | "end" | "finished" => &["end", "ended", "finish"],
        "ordered" | "order" => &["order", "ordered"],
        "shipped" | "shipping" | "shipment" => &["ship", "shipped", "shipping", "shipment"],
        "delivered" | "delivery" => &["delivery", "delivered"],
        "sold" | "sale" | "sales" | "sell" | "selling" => &["sold", "sale", "sell"],
        "built" | "build" | "constructed" | "construction" => {
            &["built", "build", "construction", "constructed"]
        }
        "bought" | "purchased" | "purchase" | "purchases" => &["purchase", "purchased", "bought"],
        "registered" | "registration" => &["registered", "registration", "reg"],
        "graduated" | "graduation" => &["graduation", "graduated", "grad"],
        "closed" | "closing" | "closure" => &["closed", "closing", "closure", "close"],
        _ => &[],
    }
}

/// A day of the week, numbered as SQLite's `strftime('%w')` numbers it: 0
/// is Sunday, 6 is Saturday.
pub type Weekday = u8;

/// The day of the week a word names, and whether the word is an
/// abbreviation: full names and their plurals ("monday", "sundays"), and
/// the short forms ("mon", "tues", "thurs", "sat"). Short forms are also
/// words of their own ("sun", "sat", "wed"): the calendar pass reads them
/// as days only where the phrase makes them one.
pub fn weekday(w: &str) -> Option<(Weekday, bool)> {
    let full = |d: Weekday| Some((d, false));
    let short = |d: Weekday| Some((d, true));
    match w {
        "sunday" | "sundays" => full(0),
        "monday" | "mondays" => full(1),
        "tuesday" | "tuesdays" => full(2),
        "wednesday" | "wednesdays" => full(3),
        "thursday" | "thursdays" => full(4),
        "friday" | "fridays" => full(5),
        "saturday" | "saturdays" => full(6),
        "sun" => short(0),
        "mon" => short(1),
        "tue" | "tues" => short(2),
        "wed" | "weds" => short(3),
        "thu" | "thur" | "thurs" => short(4),
        "fri" => short(5),
        "sat" => short(6),
        _ => None,
    }
}

/// The parts of the week words name, by the words at the start of
/// `words`: "weekends" (Saturday and Sunday), "weekdays", "workdays",
/// "business days", "working days" (Monday to Friday); with how many words
/// they take.
pub fn week_part(words: &[&str]) -> Option<(&'static [Weekday], usize)> {
    const WEEKEND: &[Weekday] = &[0, 6];
    const WORKWEEK: &[Weekday] = &[1, 2, 3, 4, 5];
    match words {
        ["weekend" | "weekends", ..] => Some((WEEKEND, 1)),
        ["weekday" | "weekdays" | "workday" | "workdays" | "workweek", ..] => Some((WORKWEEK, 1)),
        ["business" | "working" | "work" | "week", "day" | "days", ..] => Some((WORKWEEK, 2)),
        _ => None,
    }
}

/// Words before a day's name that make it one day of the year, not every
/// such day ("good friday", "cyber monday", "super bowl sunday").
pub fn names_one_day(before: &str) -> bool {
    matches!(
        before,
        "good"
            | "black"
            | "cyber"
            | "easter"
            | "palm"
            | "ash"
            | "maundy"
            | "holy"
            | "shrove"
            | "pancake"
            | "super"
            | "bowl"
            | "blue"
            | "bloody"
            | "giving"
            | "small"
    )
}
