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
