//! Pass 1: the whole file read once, for the statistics ([`super::stats`])
//! and the id check ([`super::ids`]), and for the errors that must come
//! before anything is written (too many columns, a value that does not fit
//! a fixed type). A reader thread parses the source into batches of records
//! while the importing thread keeps the statistics, because parsing and
//! bookkeeping each take about half the time and a second core would idle
//! otherwise. Once enough records show which columns are text for certain,
//! the full-text index is started on a thread of its own
//! ([`super::fts`]), so that it overlaps this pass as well as the next.

use super::fts::{FtsRun, FtsTask};
use super::hash::hash_of;
use super::ids::{IdCheck, MAX_LINES_LISTED};
use super::progress::{progress_due, report, Phase};
use super::stats::ColStats;
use super::{ImportError, ImportOptions, TypeOrigin, MAX_COLUMNS, MAX_COLUMN_NAME_CHARS};
use crate::names;
use crate::source::{self, Format, Location, RowSource, SourceSpec};
use crate::value;
use quarry_profile::ColumnType;
use std::path::Path;
use std::sync::mpsc;

/// The FTS thread starts during pass 1, once this many records show which
/// columns are text for certain (and stops trying after the second
/// number); when pass 1 ends with other full-text columns it is restarted.
const SPECULATE_AFTER_ROWS: u64 = 10_000;
const SPECULATE_UNTIL_ROWS: u64 = 1_000_000;

/// Finds a column by its header as in the file, its normalised name, its
/// header ignoring case, or the normalised form of `want`.
fn find_column(want: &str, headers: &[String], names: &[String]) -> Option<usize> {
    let want_norm = names::normalise(want);
    headers
        .iter()
        .position(|h| h == want)
        .or_else(|| names.iter().position(|n| *n == *want))
        .or_else(|| headers.iter().position(|h| h.eq_ignore_ascii_case(want)))
        .or_else(|| names.iter().position(|n| *n == want_norm))
}

/// Pass 1's running state.
pub(super) struct Scan<'o> {
    file: String,
    names: Vec<String>,
    pub(super) stats: Vec<ColStats>,
    declared: Vec<Option<ColumnType>>,
    /// (column as given, type, resolved index).
    pub(super) overrides: Vec<(&'o str, ColumnType, Option<usize>)>,
    id_want: Option<&'o str>,
    pub(super) id: IdCheck,
    pub(super) rows: u64,
    /// The first rows' locations, for nulls of an id column that appears
    /// only later (JSON Lines).
    early: Vec<Location>,
    /// Parquet under a byte limit: the bytes of the values read so far (a
    /// text format's limit is on its decompressed stream instead).
    value_bytes: Option<u64>,
}

impl Scan<'_> {
    /// Takes in columns the source has discovered.
    fn sync_columns(&mut self, headers: &[String]) -> Result<(), ImportError> {
        if headers.len() > MAX_COLUMNS {
            return Err(ImportError::TooManyColumns {
                file: self.file.clone(),
                count: headers.len(),
            });
        }
        if let Some((i, h)) = headers
            .iter()
            .enumerate()
            .find(|(_, h)| h.chars().count() > MAX_COLUMN_NAME_CHARS)
        {
            return Err(ImportError::ColumnNameTooLong {
                file: self.file.clone(),
                position: i + 1,
                chars: h.chars().count(),
                start: h.chars().take(40).collect(),
            });
        }
        self.names = names::column_names(headers).0;
        for (want, _, idx) in self.overrides.iter_mut().filter(|o| o.2.is_none()) {
            *idx = find_column(want, headers, &self.names);
        }
        while self.stats.len() < headers.len() {
            let i = self.stats.len();
            let fixed = self
                .overrides
                .iter()
                .find(|o| o.2 == Some(i))
                .map(|o| (o.1, TypeOrigin::Override))
                .or_else(|| {
                    self.declared
                        .get(i)
                        .copied()
                        .flatten()
                        .map(|t| (t, TypeOrigin::Parquet))
                });
            self.stats.push(ColStats::new(fixed));
        }
        if let (Some(want), None) = (self.id_want, self.id.index) {
            self.id.index = find_column(want, headers, &self.names);
            if self.id.index.is_some() && self.rows > 0 {
                // Earlier records did not have the column.
                self.id.nulls += self.rows;
                self.id.null_at = self.early.clone();
            }
        }
        Ok(())
    }

    /// Takes in one batch of records from the reader thread (`bytes`: read
    /// so far).
    fn take_batch(
        &mut self,
        records: &Records,
        headers: &[String],
        bytes: u64,
        opts: &ImportOptions,
        total_bytes: u64,
    ) -> Result<(), ImportError> {
        for (rec, at) in records {
            let at = *at;
            self.rows += 1;
            if let Some(max) = opts.max_rows.filter(|&m| self.rows > m) {
                return Err(ImportError::TooManyRows {
                    file: self.file.clone(),
                    limit: max,
                });
            }
            if let (Some(n), Some(max)) = (self.value_bytes.as_mut(), opts.max_bytes) {
                *n += rec.as_byte_record().as_slice().len() as u64;
                if *n > max {
                    return Err(ImportError::TooLarge {
                        file: self.file.clone(),
                        limit: max,
                    });
                }
            }
            if self.early.len() < MAX_LINES_LISTED {
                self.early.push(at);
            }
            for (i, (s, st)) in rec.iter().zip(self.stats.iter_mut()).enumerate() {
                if st.observe(s).is_err() {
                    let (ty, origin) = st.fixed.expect("only fixed types fail");
                    return Err(ImportError::TypeMismatch {
                        file: self.file.clone(),
                        location: at,
                        column: headers[i].clone(),
                        value: s.to_string(),
                        ty,
                        origin,
                    });
                }
            }
            if let Some(i) = self.id.index {
                let v = rec.get(i).unwrap_or("");
                if v.is_empty() {
                    self.id.null(at);
                } else {
                    if value::is_null_token(v) {
                        self.id.null_token(at);
                    }
                    self.id.hashes.push(hash_of(v));
                }
            }
            if progress_due(self.rows) {
                report(opts, Phase::Scan, self.rows, None, bytes, total_bytes);
            }
        }
        Ok(())
    }

    /// The columns that will be full-text columns whatever the rest of the
    /// file holds: text by override, or with a value that fits no other
    /// type (inference only ever narrows). `None` while some column has no
    /// typed value yet (it could still go either way).
    fn certain_text_columns(&self, fts_name: &str) -> Option<Vec<usize>> {
        let mut cols = Vec::new();
        for (i, st) in self.stats.iter().enumerate() {
            let text = match st.fixed {
                Some((ty, _)) => ty == ColumnType::Text,
                None if st.typed_values == 0 => return None,
                None => st.cands == 0,
            };
            let name = &self.names[i];
            if text && name != "rank" && !name.eq_ignore_ascii_case(fts_name) {
                cols.push(i);
            }
        }
        Some(cols)
    }
}

/// Records read ahead by the reader thread of pass 1.
pub(super) type Records = Vec<(csv::StringRecord, Location)>;

/// What the reader thread of pass 1 sends.
pub(super) enum Ahead {
    Batch {
        records: Records,
        /// The headers, when the source discovered columns in this batch.
        headers: Option<Vec<String>>,
        bytes: u64,
    },
    End {
        headers: Vec<String>,
        warnings: Vec<String>,
        bytes: u64,
    },
    Failed(ImportError),
}

/// Records per batch of the reader thread.
const AHEAD_ROWS: usize = 1024;

/// The reader thread of pass 1: parses the source while the importing
/// thread keeps the statistics (the second core would idle otherwise).
/// Pass 2 ([`super::build`]) reads through it too.
/// Record buffers come back through `back` to be reused.
pub(super) fn read_ahead(
    mut source: Box<dyn RowSource + Send + '_>,
    tx: mpsc::SyncSender<Ahead>,
    back: mpsc::Receiver<Records>,
) {
    let mut known = source.headers().len();
    loop {
        let mut batch = back.try_recv().unwrap_or_default();
        let mut n = 0;
        let mut end = false;
        while n < AHEAD_ROWS {
            if n == batch.len() {
                batch.push((csv::StringRecord::new(), Location::Line(0)));
            }
            match source.next_record(&mut batch[n].0) {
                Ok(Some(at)) => {
                    batch[n].1 = at;
                    n += 1;
                }
                Ok(None) => {
                    end = true;
                    break;
                }
                Err(e) => {
                    let _ = tx.send(Ahead::Failed(e));
                    return;
                }
            }
        }
        batch.truncate(n);
        let headers = (source.headers().len() != known).then(|| source.headers().to_vec());
        known = source.headers().len();
        let bytes = source.bytes_read();
        if tx
            .send(Ahead::Batch {
                records: batch,
                headers,
                bytes,
            })
            .is_err()
        {
            return;
        }
        if end {
            let _ = tx.send(Ahead::End {
                headers: source.headers().to_vec(),
                warnings: source.warnings(),
                bytes,
            });
            return;
        }
    }
}

/// Where a full-text index started during pass 1 goes: the records table's
/// name, the index's, and its temporary file.
pub(super) struct FtsTarget<'a> {
    pub(super) table: &'a str,
    pub(super) fts_name: &'a str,
    pub(super) path: &'a Path,
}

/// What pass 1 returns: its state, the final headers, and the source's
/// warnings.
pub(super) struct Scanned<'o> {
    pub(super) scan: Scan<'o>,
    pub(super) headers: Vec<String>,
    pub(super) warnings: Vec<String>,
}

/// Pass 1 over the file `spec` names. May start the FTS thread into
/// `speculative`, which the caller keeps (and drops, stopping it, before it
/// removes the index's file).
pub(super) fn scan_file<'o>(
    spec: &SourceSpec,
    opts: &'o ImportOptions,
    total_bytes: u64,
    fts: &FtsTarget,
    speculative: &mut Option<FtsRun>,
) -> Result<Scanned<'o>, ImportError> {
    let file = spec.file.clone();
    let source = source::open(spec, None)?;
    let first_headers = source.headers().to_vec();
    let mut scan = Scan {
        file: file.clone(),
        names: Vec::new(),
        stats: Vec::new(),
        declared: source.declared_types(),
        overrides: opts
            .types
            .iter()
            .map(|(c, t)| (c.as_str(), *t, None))
            .collect(),
        id_want: opts.id_column.as_deref(),
        id: IdCheck::default(),
        rows: 0,
        early: Vec::new(),
        value_bytes: (spec.format == Format::Parquet && opts.max_bytes.is_some()).then_some(0),
    };
    scan.sync_columns(&first_headers)?;
    report(opts, Phase::Scan, 0, None, 0, total_bytes);
    let (headers, warnings) = std::thread::scope(|scope| {
        let (tx, rx) = mpsc::sync_channel::<Ahead>(4);
        let (back_tx, back_rx) = mpsc::channel::<Records>();
        scope.spawn(move || read_ahead(source, tx, back_rx));
        let mut headers = first_headers;
        for msg in rx {
            let (records, bytes) = match msg {
                Ahead::Batch {
                    records,
                    headers: h,
                    bytes,
                } => {
                    if let Some(h) = h {
                        headers = h;
                        scan.sync_columns(&headers)?;
                    }
                    (records, bytes)
                }
                Ahead::End {
                    headers,
                    warnings,
                    bytes,
                } => {
                    report(
                        opts,
                        Phase::Scan,
                        scan.rows,
                        Some(scan.rows),
                        bytes,
                        total_bytes,
                    );
                    return Ok((headers, warnings));
                }
                Ahead::Failed(e) => return Err(e),
            };
            scan.take_batch(&records, &headers, bytes, opts, total_bytes)?;
            let _ = back_tx.send(records);
            if speculative.is_none()
                && spec.format != Format::JsonLines
                && scan.rows >= SPECULATE_AFTER_ROWS
                && scan.rows <= SPECULATE_UNTIL_ROWS
            {
                *speculative = speculate(&scan, spec, &headers, fts);
            }
        }
        Err(ImportError::Io {
            file: file.clone(),
            source: std::io::Error::other("the reader thread stopped"),
        })
    })?;
    Ok(Scanned {
        scan,
        headers,
        warnings,
    })
}

/// The FTS thread over the columns that are text for certain, if that is
/// known yet and there are any.
fn speculate(
    scan: &Scan,
    spec: &SourceSpec,
    headers: &[String],
    fts: &FtsTarget,
) -> Option<FtsRun> {
    let cols = scan.certain_text_columns(fts.fts_name)?;
    if cols.is_empty() {
        return None;
    }
    let mut task = FtsTask::new(spec, headers, fts.table, fts.fts_name, fts.path);
    task.names = cols.iter().map(|&i| scan.names[i].clone()).collect();
    task.cols = cols;
    Some(FtsRun::start(task))
}
