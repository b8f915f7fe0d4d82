//! The dataset id: parsed once, at the edge (a CLI argument, a console
//! form, an API path), so that everything past it holds a valid one. The
//! id also names the records table and the start of the version's name in
//! the store, which is why the accepted set is small and ASCII.

use std::fmt;

/// The longest dataset id: room for a table's name twice over (a caller's
/// `<group>-<database>-<table>`), and still short enough for the store's file
/// names (the id, a version suffix and `.sqlite` well under 255 bytes).
pub const MAX_LEN: usize = 128;

/// A valid dataset id: 1 to 128 characters of ASCII letters, digits, `_` and
/// `-`, starting with a letter or digit.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DatasetId(String);

impl DatasetId {
    /// Checks `id` against the rule above.
    pub fn parse(id: &str) -> Result<DatasetId, InvalidDatasetId> {
        let ok = (1..=MAX_LEN).contains(&id.len())
            && id.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if ok {
            Ok(DatasetId(id.to_string()))
        } else {
            Err(InvalidDatasetId { id: id.to_string() })
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl AsRef<str> for DatasetId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for DatasetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A string that is not a [`DatasetId`]. Its message names the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidDatasetId {
    id: String,
}

impl InvalidDatasetId {
    /// The refused text.
    pub fn id(&self) -> &str {
        &self.id
    }
}

impl fmt::Display for InvalidDatasetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid dataset id {:?}: use 1 to 128 letters, digits, '_' or '-', starting with a letter or digit",
            self.id
        )
    }
}

impl std::error::Error for InvalidDatasetId {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_accepted_set() {
        for ok in [
            "a",
            "movies",
            "ds-1",
            "my_data",
            "9lives",
            &"x".repeat(MAX_LEN),
        ] {
            assert_eq!(DatasetId::parse(ok).unwrap().as_str(), ok);
        }
        for bad in [
            "",
            "-x",
            "_x",
            "a b",
            "a/b",
            "é",
            "a.b",
            &"x".repeat(MAX_LEN + 1),
        ] {
            assert!(DatasetId::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            DatasetId::parse("bad id").unwrap_err().to_string(),
            "invalid dataset id \"bad id\": use 1 to 128 letters, digits, '_' or '-', starting with a letter or digit"
        );
    }
}
