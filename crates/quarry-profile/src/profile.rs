//! The dataset profile: what the planner knows about a dataset.
//!
//! It is produced by the importer (`quarry-dataset`) and stored beside the
//! records; the planner reads it and nothing else. Keeping it a plain,
//! serialisable value is what lets the planner stay free of IO.

use serde::{Deserialize, Serialize};

/// The type of a column, inferred at import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColumnType {
    Integer,
    Float,
    Boolean,
    /// ISO 8601 date, `YYYY-MM-DD`, stored as TEXT.
    Date,
    /// ISO 8601 date and time, `YYYY-MM-DDTHH:MM:SS`, stored as TEXT.
    DateTime,
    Text,
}

impl ColumnType {
    pub fn is_numeric(self) -> bool {
        matches!(self, ColumnType::Integer | ColumnType::Float)
    }
    pub fn as_str(self) -> &'static str {
        match self {
            ColumnType::Integer => "integer",
            ColumnType::Float => "float",
            ColumnType::Boolean => "boolean",
            ColumnType::Date => "date",
            ColumnType::DateTime => "datetime",
            ColumnType::Text => "text",
        }
    }
}

/// One distinct value of a column and how many rows hold it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValueCount {
    pub value: String,
    pub count: u64,
}

/// What the importer learnt about one column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ColumnProfile {
    /// Normalised lower snake_case name; also the SQL column name.
    pub name: String,
    /// The header as it appeared in the source file.
    pub original_name: String,
    /// 1-based position in the dataset; the `NNN` of result item keys.
    pub ordinal: usize,
    pub ty: ColumnType,
    pub null_count: u64,
    pub distinct_count: u64,
    /// Smallest and largest non-null value, as result-item strings.
    pub min: Option<String>,
    pub max: Option<String>,
    /// Distinct values with counts, most frequent first, when the column is
    /// categorical enough to be worth linking words to (see
    /// `quarry-dataset`'s import for the threshold). Empty otherwise.
    pub values: Vec<ValueCount>,
    /// True when the column is part of the dataset's FTS5 index.
    pub full_text: bool,
}

impl ColumnProfile {
    /// The key of this column in a result item, `<NNN>_<field_name>`
    /// (DESIGN §1): the 1-based ordinal, zero-padded to three digits, and
    /// the normalised name. The discovery API (`GET /v1/datasets/{id}`)
    /// names fields with it; the engine's result items must carry the same
    /// keys (a test in `crates/quarry/tests/it/discovery.rs` compares them).
    pub fn item_key(&self) -> String {
        format!("{:03}_{}", self.ordinal, self.name)
    }

    /// What joins the items when the column holds lists ("CA,JP,US",
    /// "1, 5, 8", "Comedy|Drama|Romance", "wifi; parking"): `,` (with or
    /// without a space after it), `|` or `;`, as the values write it.
    /// `None` for a column of single values. A list column has at least a
    /// fifth of its listed values lists of short items and a tenth single
    /// items ("Austin, Texas" in every value is a place, not a list); the
    /// planner links words to its items and the renderer tests an item
    /// with `LIKE` patterns around this joiner.
    pub fn list_joiner(&self) -> Option<&'static str> {
        if self.ty != ColumnType::Text || self.values.len() < 3 {
            return None;
        }
        if self.values.iter().any(|v| v.value.len() > 200) {
            return None;
        }
        [',', '|', ';'].into_iter().find_map(|sep| {
            let lists: Vec<&str> = self
                .values
                .iter()
                .map(|v| v.value.as_str())
                .filter(|v| {
                    let items: Vec<&str> = v.split(sep).map(str::trim).collect();
                    items.len() >= 2 && items.iter().all(|i| !i.is_empty() && i.len() <= 30)
                })
                .collect();
            if lists.len() * 5 < self.values.len() {
                return None;
            }
            // Commas also write places ("Austin, Texas" in every value): a
            // comma list column holds single items too.
            let singles = self
                .values
                .iter()
                .filter(|v| !v.value.contains(sep))
                .count();
            if sep == ',' {
                if singles * 10 < self.values.len() && !self.items_swap_places(&lists) {
                    return None;
                }
            } else if singles * 10 < self.values.len() {
                // Few singles ("Action|Crime|Thriller"): still lists when
                // their items come back in other lists.
                let mut seen: std::collections::HashMap<&str, usize> = Default::default();
                for v in &lists {
                    for item in v.split(sep).map(str::trim) {
                        *seen.entry(item).or_default() += 1;
                    }
                }
                let reused = lists
                    .iter()
                    .filter(|v| v.split(sep).all(|i| seen[i.trim()] >= 2))
                    .count();
                if reused * 3 < lists.len() {
                    return None;
                }
            }
            let spaced = |joiner: &str| lists.iter().filter(|v| v.contains(joiner)).count();
            Some(match sep {
                // Both spellings of a comma list are tested anyway.
                ',' => ",",
                '|' if spaced(" | ") * 2 > lists.len() => " | ",
                '|' => "|",
                _ if spaced("; ") * 2 > lists.len() => "; ",
                _ => ";",
            })
        })
    }

    /// Whether the column holds comma lists whose items swap places (see
    /// `items_swap_places`): lists of tags, not names written surname
    /// first nor places.
    pub fn swapping_comma_lists(&self) -> bool {
        if self.list_joiner() != Some(",") {
            return false;
        }
        let lists: Vec<&str> = self
            .values
            .iter()
            .map(|v| v.value.as_str())
            .filter(|v| v.contains(','))
            .collect();
        self.items_swap_places(&lists)
    }

    /// Whether the items of comma lists come both first and later in them
    /// ("dragon, flying" and "flying, dragon"; types, genres, tags): most
    /// items said after a comma also open a list. A place's parts never
    /// swap ("Austin, Texas"; no "Texas, ...").
    fn items_swap_places(&self, lists: &[&str]) -> bool {
        let mut first = std::collections::HashSet::new();
        let mut later = std::collections::HashSet::new();
        for v in lists {
            for (k, item) in v.split(',').map(str::trim).enumerate() {
                if k == 0 {
                    first.insert(item);
                } else {
                    later.insert(item);
                }
            }
        }
        let both = later.iter().filter(|i| first.contains(*i)).count();
        later.len() >= 3 && both * 3 >= later.len() * 2
    }

    /// The items of one value of a list column, given the column's
    /// [`Self::list_joiner`] (worked out once by the caller: it reads every
    /// listed value).
    pub fn list_items<'v>(value: &'v str, joiner: &str) -> Vec<&'v str> {
        let sep = joiner.trim().chars().next().unwrap_or(',');
        value
            .split(sep)
            .map(str::trim)
            .filter(|i| !i.is_empty())
            .collect()
    }

    /// Whether a text column holds numbers (a measure kept as text because
    /// a few cells are not numbers: `t` for a trace, `Unknown`, a shifted
    /// row): at least four fifths of its listed cells, counted by rows, are
    /// numbers as [`number_in_text`] reads them, five different ones or
    /// more, none with a leading zero (`007` is a code). The planner
    /// compares and orders such a column as a number, and the renderer
    /// reads it through the dialect's number function (the other cells
    /// count as no number).
    pub fn numeric_text(&self) -> bool {
        if self.ty != ColumnType::Text || self.values.is_empty() {
            return false;
        }
        let mut numeric_rows = 0u64;
        let mut rows = 0u64;
        let mut numbers = 0usize;
        // `<5`, `10+`, `8-44`: bands of numbers, an ordinal category.
        let band = |v: &str| {
            let v = v.trim();
            let number = |x: &str| number_in_text(x).is_some();
            v.strip_prefix(['<', '>']).is_some_and(number)
                || v.strip_suffix('+').is_some_and(number)
                || v.split_once('-')
                    .is_some_and(|(a, b)| number(a) && number(b))
        };
        if self.values.iter().filter(|v| band(&v.value)).count() >= 2 {
            return false;
        }
        for v in &self.values {
            rows += v.count;
            if number_in_text(&v.value).is_some() {
                let t = v.value.trim().trim_start_matches(['-', '$', '€', '£']);
                if t.len() > 1 && t.starts_with('0') && !t.starts_with("0.") {
                    return false;
                }
                numeric_rows += v.count;
                numbers += 1;
            }
        }
        numbers >= 5 && numeric_rows * 5 >= rows * 4
    }
}

/// The SQL function both stores provide that reads the year of a date
/// kept as text, as [`year_in_text`] does (NULL for any other text).
pub const YEAR_FUNCTION: &str = "quarry_year";

/// The year a date kept as text writes: four digits ending it after a
/// separator (`7/4/2015`, `25-12-2019`, `Sep 11, 2001`) or beginning it
/// before one (`2015-07-04`, `2015/07`). `None` for any other text. The
/// same reading as the dialects' year function (`quarry_year`), which
/// SQLite's engine calls through this and PostgreSQL's store writes in
/// PL/pgSQL.
pub fn year_in_text(s: &str) -> Option<i64> {
    let t = s.trim();
    let b = t.as_bytes();
    let four = |x: &[u8]| x.len() == 4 && x.iter().all(u8::is_ascii_digit);
    if b.len() >= 6 && four(&b[..4]) && matches!(b[4], b'-' | b'/') {
        return t[..4].parse().ok();
    }
    if b.len() >= 6
        && four(&b[b.len() - 4..])
        && matches!(b[b.len() - 5], b'/' | b'-' | b' ' | b',' | b'.')
    {
        return t[t.len() - 4..].parse().ok();
    }
    None
}

/// The SQL function both stores provide that reads a cell as
/// [`number_in_text`] does (NULL for text that is no number; numbers pass
/// through): the renderer calls it on a column of numbers kept as text.
pub const NUMBER_FUNCTION: &str = "quarry_number";

/// The number a text cell writes, if it is one: digits with an optional
/// sign, decimal point, thousands separators and a currency sign before
/// them (`1,100`, `$1,299.99 `, `-3.5`), space around ignored. `None` for
/// any other text (`t`, `menos de 1`, `8-44`). The same reading as the
/// dialects' number function (`quarry_number`), which SQLite's engine
/// calls through this and PostgreSQL's store writes in PL/pgSQL.
pub fn number_in_text(s: &str) -> Option<f64> {
    let t = s.trim();
    let (sign, t) = match t.strip_prefix('-') {
        Some(rest) => (-1.0, rest),
        None => (1.0, t.strip_prefix('+').unwrap_or(t)),
    };
    let t = t.strip_prefix(['$', '€', '£']).unwrap_or(t);
    let digits: String = t.chars().filter(|&c| c != ',').collect();
    let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, ""));
    let all_digits = |x: &str| x.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty()
        || !all_digits(whole)
        || !all_digits(fraction)
        || t.starts_with(',')
        || t.ends_with(',')
    {
        return None;
    }
    digits.parse::<f64>().ok().map(|x| sign * x)
}

/// The profile of a whole dataset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DatasetProfile {
    /// Name of the records table in the dataset's SQLite file.
    pub table: String,
    /// Name of the FTS5 table over the text columns, if there is one.
    pub fts_table: Option<String>,
    pub row_count: u64,
    /// Column whose values are the result `id`s; `None` means row numbers.
    pub id_column: Option<String>,
    pub columns: Vec<ColumnProfile>,
}

impl DatasetProfile {
    pub fn column(&self, name: &str) -> Option<&ColumnProfile> {
        self.columns.iter().find(|c| c.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_written_as_text_are_read() {
        assert_eq!(number_in_text("1,100"), Some(1100.0));
        assert_eq!(number_in_text(" $1,299.99 "), Some(1299.99));
        assert_eq!(number_in_text("-3.5"), Some(-3.5));
        assert_eq!(number_in_text(".5"), Some(0.5));
        for not in [
            "t",
            "",
            ".",
            "-",
            "menos de 1",
            "8-44",
            "1e5",
            "inf",
            "NaN",
            ",5",
            "5,",
        ] {
            assert_eq!(number_in_text(not), None, "{not}");
        }
    }

    #[test]
    fn a_text_column_of_numbers_with_a_few_words_is_numeric_text() {
        let mut ages: Vec<String> = (20..40).map(|n| n.to_string()).collect();
        ages.push("Unknown".into());
        let refs: Vec<&str> = ages.iter().map(String::as_str).collect();
        assert!(text_column(&refs).numeric_text());
        // Mostly words: no.
        assert!(!text_column(&["a", "b", "c", "d", "e", "1", "2"]).numeric_text());
        // Codes with leading zeros: no.
        assert!(!text_column(&["007", "012", "013", "014", "015"]).numeric_text());
        // Too few different numbers: no.
        assert!(!text_column(&["1", "2", "3"]).numeric_text());
        // Bands of numbers: an ordinal category, no.
        assert!(!text_column(&["<5", "5", "6", "7", "8", "9", "10+"]).numeric_text());
    }

    fn text_column(values: &[&str]) -> ColumnProfile {
        ColumnProfile {
            name: "c".into(),
            original_name: "c".into(),
            ordinal: 1,
            ty: ColumnType::Text,
            null_count: 0,
            distinct_count: values.len() as u64,
            min: None,
            max: None,
            values: values
                .iter()
                .map(|v| ValueCount {
                    value: v.to_string(),
                    count: 1,
                })
                .collect(),
            full_text: false,
        }
    }

    #[test]
    fn a_list_column_is_told_by_its_joiner() {
        let genres = text_column(&[
            "Drama",
            "Comedy|Drama",
            "Action|Crime|Thriller",
            "Crime|Drama",
            "Action|Comedy",
        ]);
        assert_eq!(genres.list_joiner(), Some("|"));
        assert_eq!(
            ColumnProfile::list_items("Action|Crime| Thriller", "|"),
            ["Action", "Crime", "Thriller"]
        );
        // Few single values, but items that come back: still a list.
        let combos = text_column(&[
            "Action|Crime",
            "Crime|Drama",
            "Action|Drama",
            "Drama|Crime|Action",
        ]);
        assert_eq!(combos.list_joiner(), Some("|"));
        let amenities = text_column(&["wifi", "wifi; parking", "pool; wifi", "parking"]);
        assert_eq!(amenities.list_joiner(), Some("; "));
        let countries = text_column(&["DE", "DE,FR", "FR, IT", "US"]);
        assert_eq!(countries.list_joiner(), Some(","));
        // Places written with a comma in every value are no lists.
        let places = text_column(&["Austin, Texas", "Boston, Massachusetts", "Reno, Nevada"]);
        assert_eq!(places.list_joiner(), None);
        // Parts that never come back are no items ("A|B" of unique parts).
        let unique = text_column(&["a|b", "c|d", "e|f", "g|h"]);
        assert_eq!(unique.list_joiner(), None);
        assert_eq!(text_column(&["x", "y", "z"]).list_joiner(), None);
    }
}

#[cfg(test)]
mod year_tests {
    use super::year_in_text;

    #[test]
    fn years_of_dates_kept_as_text() {
        assert_eq!(year_in_text("7/4/2015"), Some(2015));
        assert_eq!(year_in_text(" 25-12-2019 "), Some(2019));
        assert_eq!(year_in_text("Sep 11, 2001"), Some(2001));
        assert_eq!(year_in_text("2015-07-04"), Some(2015));
        assert_eq!(year_in_text("2015"), None);
        assert_eq!(year_in_text("unknown"), None);
        assert_eq!(year_in_text("12345"), None);
        assert_eq!(year_in_text("ab/2015x"), None);
    }
}
