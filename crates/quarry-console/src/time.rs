//! Unix seconds as the console shows them: an ISO 8601 instant for the
//! `<time datetime>` attribute (the script shows it in the reader's time
//! zone) and a UTC text for readers without the script.

/// A point in time ready for a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TimeView {
    /// `2026-11-22T04:15:43Z`
    pub iso: String,
    /// `2026-11-22 04:15 UTC`
    pub text: String,
}

impl TimeView {
    pub(crate) fn new(unix: i64) -> TimeView {
        let (y, m, d) = civil_date(unix.div_euclid(86_400));
        let secs = unix.rem_euclid(86_400);
        let (hh, mm, ss) = (secs / 3600, secs / 60 % 60, secs % 60);
        TimeView {
            iso: format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z"),
            text: format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02} UTC"),
        }
    }
}

/// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian
/// calendar, counting in 400-year eras of 146,097 days from 0000-03-01 so
/// that the leap day is the last day of each counted year.
fn civil_date(days: i64) -> (i64, i64, i64) {
    let shifted = days + 719_468; // 0000-03-01 to 1970-01-01
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_instants() {
        assert_eq!(TimeView::new(0).iso, "1970-01-01T00:00:00Z");
        assert_eq!(TimeView::new(951_782_400).text, "2000-02-29 00:00 UTC");
        assert_eq!(TimeView::new(1_700_000_000).iso, "2023-11-14T22:13:20Z");
        assert_eq!(TimeView::new(-1).iso, "1969-12-31T23:59:59Z");
    }
}
