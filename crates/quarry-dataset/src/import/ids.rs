//! The id column's check: no empty value, no value twice. Pass 1 keeps
//! only a hash of each id (8 bytes a record, whatever the ids are like),
//! so a file of tens of millions of records is checked in little memory;
//! equal hashes are only suspects, and the file is read a second time for
//! their values alone, which is rare and tells real duplicates from
//! collisions.

use super::hash::{hash_of, FastBuild};
use super::progress::{progress_due, report, Phase};
use super::{ImportError, ImportOptions};
use crate::source::{self, Location, SourceSpec};
use std::collections::{HashMap, HashSet};

/// Offending rows listed in an id-column error.
pub(super) const MAX_LINES_LISTED: usize = 5;

/// The id column's values seen in pass 1: hashes only (8 bytes a row);
/// equal hashes are confirmed against the values by [`verify_ids`].
#[derive(Default)]
pub(super) struct IdCheck {
    /// The id column's position, once the source has it.
    pub(super) index: Option<usize>,
    pub(super) hashes: Vec<u64>,
    pub(super) nulls: u64,
    pub(super) null_at: Vec<Location>,
    /// Values such as `NA` or `NaN`: null if the column turns out numeric
    /// or dated, ids if it is text (the airport code `NAN`).
    null_tokens: u64,
    null_token_at: Vec<Location>,
}

impl IdCheck {
    pub(super) fn null(&mut self, at: Location) {
        self.nulls += 1;
        if self.null_at.len() < MAX_LINES_LISTED {
            self.null_at.push(at);
        }
    }

    pub(super) fn null_token(&mut self, at: Location) {
        self.null_tokens += 1;
        if self.null_token_at.len() < MAX_LINES_LISTED {
            self.null_token_at.push(at);
        }
    }

    /// Counts the null tokens as nulls (the column is not text).
    fn tokens_are_nulls(&mut self) {
        self.nulls += std::mem::take(&mut self.null_tokens);
        let room = MAX_LINES_LISTED.saturating_sub(self.null_at.len());
        let tokens = std::mem::take(&mut self.null_token_at);
        self.null_at.extend(tokens.into_iter().take(room));
    }

    /// After pass 1: refuses an id column (named `column`) with empty
    /// values, then one with duplicate values, reading the file again only
    /// when two hashes are equal. `not_text`: the column's type is not
    /// text, so its null tokens are nulls.
    pub(super) fn check(
        &mut self,
        column: Option<&str>,
        not_text: bool,
        spec: &SourceSpec,
        headers: &[String],
        opts: &ImportOptions,
        total_bytes: u64,
    ) -> Result<(), ImportError> {
        if not_text {
            self.tokens_are_nulls();
        }
        if self.nulls > 0 {
            return Err(ImportError::IdColumnNull {
                file: spec.file.clone(),
                column: column.unwrap_or_default().to_string(),
                count: self.nulls,
                lines: std::mem::take(&mut self.null_at),
            });
        }
        if let Some(id_index) = self.index {
            let mut hashes = std::mem::take(&mut self.hashes);
            hashes.sort_unstable();
            let suspects: HashSet<u64, FastBuild> = hashes
                .windows(2)
                .filter(|w| w[0] == w[1])
                .map(|w| w[0])
                .collect();
            drop(hashes);
            if !suspects.is_empty() {
                let (count, duplicates) =
                    verify_ids(spec, headers, id_index, &suspects, opts, total_bytes)?;
                if count > 0 {
                    return Err(ImportError::IdColumnDuplicate {
                        file: spec.file.clone(),
                        column: column.unwrap_or_default().to_string(),
                        count,
                        duplicates,
                    });
                }
            }
        }
        Ok(())
    }
}

/// A duplicate id: (value, where the duplicate is, where the first
/// occurrence is).
type Duplicate = (String, Location, Location);

/// Reads the file again to tell real duplicate ids from hash collisions.
fn verify_ids(
    spec: &SourceSpec,
    headers: &[String],
    id_index: usize,
    suspects: &HashSet<u64, FastBuild>,
    opts: &ImportOptions,
    total_bytes: u64,
) -> Result<(u64, Vec<Duplicate>), ImportError> {
    let mut src = source::open(spec, Some(headers))?;
    let mut rec = csv::StringRecord::new();
    let mut first: HashMap<String, Location> = HashMap::new();
    let mut count = 0u64;
    let mut listed = Vec::new();
    let mut rows = 0u64;
    while let Some(at) = src.next_record(&mut rec)? {
        rows += 1;
        if progress_due(rows) {
            report(
                opts,
                Phase::Verify,
                rows,
                None,
                src.bytes_read(),
                total_bytes,
            );
        }
        let v = rec.get(id_index).unwrap_or("");
        // Null tokens are ids here: pass 1 refused them in other than
        // text columns.
        if v.is_empty() || !suspects.contains(&hash_of(v)) {
            continue;
        }
        match first.get(v) {
            Some(&f) => {
                count += 1;
                if listed.len() < MAX_LINES_LISTED {
                    listed.push((v.to_string(), at, f));
                }
            }
            None => {
                first.insert(v.to_string(), at);
            }
        }
    }
    Ok((count, listed))
}
