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
                if singles * 10 < self.values.len() {
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
