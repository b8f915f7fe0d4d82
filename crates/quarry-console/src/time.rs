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
    /// Instants beyond the calendar's range (about 262,000 years either
    /// way; the catalog writes only the clock's time) stop at its ends.
    pub(crate) fn new(unix: i64) -> TimeView {
        use chrono::{DateTime, Datelike, Timelike, Utc};
        let t = DateTime::from_timestamp(unix, 0).unwrap_or(if unix < 0 {
            DateTime::<Utc>::MIN_UTC
        } else {
            DateTime::<Utc>::MAX_UTC
        });
        let (y, m, d) = (t.year(), t.month(), t.day());
        let (hh, mm, ss) = (t.hour(), t.minute(), t.second());
        TimeView {
            iso: format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z"),
            text: format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02} UTC"),
        }
    }
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

    /// The values the hand-written calendar (Hinnant's algorithm) gave
    /// before the calendar became `chrono`'s.
    #[test]
    fn edge_dates() {
        for (unix, iso, text) in [
            (0, "1970-01-01T00:00:00Z", "1970-01-01 00:00 UTC"),
            (86_399, "1970-01-01T23:59:59Z", "1970-01-01 23:59 UTC"),
            (-86_400, "1969-12-31T00:00:00Z", "1969-12-31 00:00 UTC"),
            (951_868_799, "2000-02-29T23:59:59Z", "2000-02-29 23:59 UTC"),
            (951_868_800, "2000-03-01T00:00:00Z", "2000-03-01 00:00 UTC"),
            (
                1_709_164_800,
                "2024-02-29T00:00:00Z",
                "2024-02-29 00:00 UTC",
            ),
            (
                -2_208_988_800,
                "1900-01-01T00:00:00Z",
                "1900-01-01 00:00 UTC",
            ),
            (
                -62_162_121_600,
                "0000-02-29T00:00:00Z",
                "0000-02-29 00:00 UTC",
            ),
            (
                253_402_300_799,
                "9999-12-31T23:59:59Z",
                "9999-12-31 23:59 UTC",
            ),
            (
                253_402_300_800,
                "10000-01-01T00:00:00Z",
                "10000-01-01 00:00 UTC",
            ),
        ] {
            let v = TimeView::new(unix);
            assert_eq!((v.iso.as_str(), v.text.as_str()), (iso, text), "{unix}");
        }
    }
}
