//! Row sources: every input format read as a stream of records of text
//! fields, so that one importer (inference, insert, profile, FTS) serves all
//! of them.
//!
//! A record is a [`csv::StringRecord`] whose fields follow the source's
//! headers. Nulls are empty fields (an empty field is null in every column
//! type). Formats with types of their own (Parquet) render their values in
//! the canonical text form of the importer's types and declare the column
//! types, which the importer then keeps instead of inferring.

mod csv_source;
mod jsonl;
mod parquet_source;
mod stream;

use crate::import::ImportError;
use quarry_profile::ColumnType;
use std::path::Path;
pub(crate) use stream::ByteLimit;

/// An input format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Delimiter-separated text; the delimiter is sniffed among `,` `;`
    /// tab and `|` unless given.
    Csv,
    /// Like [`Format::Csv`], defaulting to tab when sniffing finds nothing.
    Tsv,
    /// One JSON object per line.
    JsonLines,
    Parquet,
}

impl Format {
    /// The name used on the command line (`csv`, `tsv`, `jsonl`, `parquet`).
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Tsv => "tsv",
            Format::JsonLines => "jsonl",
            Format::Parquet => "parquet",
        }
    }

    /// Parses a `--format` value (`csv`, `tsv`, `jsonl`, `ndjson`, `json`,
    /// `parquet`; case-insensitive).
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s.to_ascii_lowercase().as_str() {
            "csv" => Format::Csv,
            "tsv" | "tab" => Format::Tsv,
            "jsonl" | "ndjson" | "json" | "jsonlines" => Format::JsonLines,
            "parquet" | "pq" => Format::Parquet,
            _ => return None,
        })
    }

    /// The format a file name implies: `.csv`, `.tsv`/`.tab`, `.jsonl`/
    /// `.ndjson`, `.parquet`/`.pq`, and the text ones with `.gz` appended.
    pub fn from_path(path: &Path) -> Option<Format> {
        let name = path.file_name()?.to_str()?.to_ascii_lowercase();
        let (name, gz) = match name.strip_suffix(".gz") {
            Some(n) => (n.to_string(), true),
            None => (name, false),
        };
        let ext = name.rsplit_once('.')?.1;
        let f = match ext {
            "csv" => Format::Csv,
            "tsv" | "tab" => Format::Tsv,
            "jsonl" | "ndjson" => Format::JsonLines,
            "parquet" | "pq" if !gz => Format::Parquet,
            _ => return None,
        };
        Some(f)
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Character encoding of a text file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    #[default]
    Utf8,
    /// ISO-8859-1 as exports labelled "latin1" really use it: Windows-1252,
    /// where 0x80–0x9F are `€`, `‚`, `ƒ`, … (as the WHATWG Encoding
    /// Standard reads the label). Every byte sequence decodes.
    Latin1,
}

impl Encoding {
    /// Parses an `--encoding` value: `utf8`/`utf-8`, `latin1`/`latin-1`/
    /// `iso-8859-1`/`cp1252`/`windows-1252`.
    pub fn parse(s: &str) -> Option<Encoding> {
        Some(match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "utf8" | "utf-8" => Encoding::Utf8,
            "latin1" | "latin-1" | "iso-8859-1" | "iso8859-1" | "cp1252" | "windows-1252" => {
                Encoding::Latin1
            }
            _ => return None,
        })
    }
}

/// Where in the source a record is, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// 1-based physical line where the record starts (text formats).
    Line(u64),
    /// Parquet: 0-based row group and 1-based row of the file.
    Row { row_group: usize, row: u64 },
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Line(l) => write!(f, "line {l}"),
            Location::Row { row_group, row } => write!(f, "row {row} (row group {row_group})"),
        }
    }
}

/// What the importer needs to read one file, the same for both passes.
#[derive(Debug, Clone)]
pub(crate) struct SourceSpec<'p> {
    pub path: &'p Path,
    /// The path as shown in messages.
    pub file: String,
    pub format: Format,
    pub gzip: bool,
    pub encoding: Encoding,
    /// CSV/TSV: the delimiter (sniffed before pass 1 when not given).
    pub delimiter: u8,
    /// CSV/TSV: quotes inside quoted fields are escaped with a backslash
    /// (`"\"Dirty Tricks\""`) rather than doubled (sniffed).
    pub backslash_escapes: bool,
    /// Text formats: at most this many decompressed bytes are read (the
    /// console's upload limit); `None`: no limit.
    pub limit: Option<ByteLimit>,
}

impl SourceSpec<'_> {
    /// The file as decoded text, within the byte limit, counting bytes read
    /// into `counter` (see [`stream::open_text`]).
    pub(crate) fn open_text(
        &self,
        counter: &stream::Counter,
    ) -> Result<Box<dyn std::io::Read + Send>, ImportError> {
        stream::open_text(
            self.path,
            &self.file,
            self.gzip,
            self.encoding,
            counter,
            self.limit.as_ref(),
        )
    }
}

/// A stream of records.
pub(crate) trait RowSource {
    /// The column headers known so far. JSON Lines discovers columns as it
    /// reads (the union of keys in first-seen order), so this may grow after
    /// [`RowSource::next_record`]; other formats know them from the start.
    fn headers(&self) -> &[String];
    /// Column types the format fixes, by column (`None`: inferred).
    fn declared_types(&self) -> Vec<Option<ColumnType>> {
        vec![None; self.headers().len()]
    }
    /// Reads the next record into `rec` (one field per header known after
    /// the call). `None` at the end.
    fn next_record(&mut self, rec: &mut csv::StringRecord)
        -> Result<Option<Location>, ImportError>;
    /// Bytes of the file consumed so far (compressed bytes for gzip).
    fn bytes_read(&self) -> u64;
    /// Things worth telling the user about the file's columns.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Opens the source. `headers`: the columns pass 1 found, for formats that
/// discover them while reading (JSON Lines), so that pass 2 gives every
/// record all of them in the same order.
pub(crate) fn open<'a>(
    spec: &SourceSpec<'a>,
    headers: Option<&[String]>,
) -> Result<Box<dyn RowSource + Send + 'a>, ImportError> {
    Ok(match spec.format {
        Format::Csv | Format::Tsv => Box::new(csv_source::CsvSource::open(spec)?),
        Format::JsonLines => Box::new(jsonl::JsonLinesSource::open(spec, headers)?),
        Format::Parquet => Box::new(parquet_source::ParquetSource::open(spec)?),
    })
}

/// Decides the format (when not given), whether the file is gzip-compressed
/// (by its magic bytes) and, for CSV/TSV, the delimiter.
pub(crate) fn resolve<'p>(
    path: &'p Path,
    format: Option<Format>,
    encoding: Encoding,
    delimiter: Option<u8>,
) -> Result<SourceSpec<'p>, ImportError> {
    let file = path.display().to_string();
    let head = stream::file_head(path, &file)?;
    let gzip = head.starts_with(&[0x1f, 0x8b]);
    let format = match format.or_else(|| Format::from_path(path)) {
        Some(f) => f,
        None if head.starts_with(b"PAR1") => Format::Parquet,
        None => {
            // By content: JSON Lines when the first thing is an object.
            let text = stream::sample(path, &file, gzip, encoding, 4096)?;
            let first = text.trim_start_matches('\u{feff}').trim_start();
            if first.starts_with('{') {
                Format::JsonLines
            } else {
                Format::Csv
            }
        }
    };
    if format == Format::Parquet && gzip {
        return Err(ImportError::Parquet {
            file,
            row_group: None,
            column: None,
            message: "the file is gzip-compressed; Parquet files compress their pages themselves, decompress it first".into(),
        });
    }
    let (delimiter, backslash_escapes) = match format {
        Format::Csv | Format::Tsv => {
            let text = stream::sample(path, &file, gzip, encoding, 64 << 10)?;
            let fallback = if format == Format::Tsv { b'\t' } else { b',' };
            let d =
                delimiter.unwrap_or_else(|| csv_source::sniff_delimiter(&text).unwrap_or(fallback));
            (d, csv_source::uses_backslash_escapes(&text))
        }
        _ => (delimiter.unwrap_or(b','), false),
    };
    Ok(SourceSpec {
        path,
        file,
        format,
        gzip,
        encoding,
        delimiter,
        backslash_escapes,
        limit: None,
    })
}

/// How a delimiter is named in messages.
pub(crate) fn delimiter_name(d: u8) -> String {
    match d {
        b'\t' => "tab".to_string(),
        b' ' => "space".to_string(),
        d => format!("'{}'", d as char),
    }
}
