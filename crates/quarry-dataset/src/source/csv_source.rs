//! CSV and TSV: a header row, then records of as many fields. Quoted fields
//! may hold delimiters, quotes and newlines; a UTF-8 byte-order mark is
//! skipped; fields are trimmed.

use super::stream::Counter;
use super::{delimiter_name, Location, RowSource, SourceSpec};
use crate::import::ImportError;
use std::io::Read;

pub(crate) struct CsvSource {
    file: String,
    delimiter: u8,
    rdr: csv::Reader<Box<dyn Read + Send>>,
    headers: Vec<String>,
    counter: Counter,
}

impl CsvSource {
    pub fn open(spec: &SourceSpec) -> Result<CsvSource, ImportError> {
        let counter = Counter::default();
        let input = spec.open_text(&counter)?;
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .delimiter(spec.delimiter)
            .double_quote(!spec.backslash_escapes)
            .escape(spec.backslash_escapes.then_some(b'\\'))
            .trim(csv::Trim::All)
            .buffer_capacity(1 << 16)
            .from_reader(input);
        let mut rec = csv::StringRecord::new();
        let got = rdr
            .read_record(&mut rec)
            .map_err(|e| csv_error(&spec.file, e, None))?;
        if !got {
            return Err(ImportError::Empty {
                file: spec.file.clone(),
            });
        }
        Ok(CsvSource {
            file: spec.file.clone(),
            delimiter: spec.delimiter,
            rdr,
            headers: rec.iter().map(str::to_string).collect(),
            counter,
        })
    }
}

fn csv_error(file: &str, e: csv::Error, headers: Option<&[String]>) -> ImportError {
    let line = e.position().map_or(0, |p| p.line());
    match e.into_kind() {
        csv::ErrorKind::Io(source) => ImportError::Io {
            file: file.to_string(),
            source,
        },
        csv::ErrorKind::Utf8 { err, .. } => ImportError::InvalidUtf8 {
            file: file.to_string(),
            line,
            column: match headers {
                Some(h) => h
                    .get(err.field())
                    .map_or_else(|| format!("{}", err.field() + 1), |n| format!("{n:?}")),
                None => format!("{} of the header", err.field() + 1),
            },
        },
        other => ImportError::Csv {
            file: file.to_string(),
            line,
            message: format!("{other:?}"),
        },
    }
}

impl RowSource for CsvSource {
    fn headers(&self) -> &[String] {
        &self.headers
    }

    fn next_record(
        &mut self,
        rec: &mut csv::StringRecord,
    ) -> Result<Option<Location>, ImportError> {
        match self.rdr.read_record(rec) {
            Ok(true) => {}
            Ok(false) => return Ok(None),
            Err(e) => return Err(csv_error(&self.file, e, Some(&self.headers))),
        }
        let line = rec.position().map_or(0, |p| p.line());
        if rec.len() != self.headers.len() {
            // A blank line in a one-column file is a null, not a ragged row.
            if !(self.headers.len() == 1 && rec.len() == 1) {
                return Err(ImportError::RaggedRow {
                    file: self.file.clone(),
                    line,
                    expected: self.headers.len(),
                    found: rec.len(),
                    delimiter: delimiter_name(self.delimiter),
                });
            }
        }
        Ok(Some(Location::Line(line)))
    }

    fn bytes_read(&self) -> u64 {
        self.counter.get()
    }
}

const CANDIDATES: [u8; 4] = [b',', b'\t', b';', b'|'];

/// Counts of each candidate delimiter outside quotes, per record, over the
/// first records of `text` (the last, possibly cut, record is dropped).
fn counts_per_record(text: &str, max_records: usize) -> Vec<[usize; 4]> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut counts = [0usize; 4];
    let mut in_quotes = false;
    let mut blank = true;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() && records.len() < max_records {
        let b = bytes[i];
        if in_quotes {
            if b == b'"' {
                if bytes.get(i + 1) == Some(&b'"') {
                    i += 1;
                } else {
                    in_quotes = false;
                }
            }
        } else if b == b'"' {
            in_quotes = true;
            blank = false;
        } else if b == b'\n' || b == b'\r' {
            if !blank {
                records.push(counts);
            }
            counts = [0; 4];
            blank = true;
        } else {
            if let Some(k) = CANDIDATES.iter().position(|&c| c == b) {
                counts[k] += 1;
            }
            if !b.is_ascii_whitespace() || b == b'\t' {
                blank = false;
            }
        }
        i += 1;
    }
    if records.is_empty() && !blank {
        records.push(counts);
    }
    records
}

/// Whether quoted fields escape their quotes with a backslash: a `\"`
/// followed by a letter or digit, or by the field's closing quote and a
/// delimiter, which under doubled-quote quoting would make a ragged row.
pub(crate) fn uses_backslash_escapes(text: &str) -> bool {
    let b = text.as_bytes();
    let mid_word = b
        .windows(3)
        .any(|w| w[0] == b'\\' && w[1] == b'"' && w[2].is_ascii_alphanumeric());
    // `"5'8\"",` : an escaped quote that ends a field.
    let at_end = b.windows(4).any(|w| {
        w[0] == b'\\'
            && w[1] == b'"'
            && w[2] == b'"'
            && matches!(w[3], b',' | b';' | b'\t' | b'|' | b'\n' | b'\r')
    });
    mid_word || at_end
}

/// The delimiter among `,` tab `;` `|` that splits the first lines into a
/// consistent number of fields (the header's), preferring the one giving
/// the most fields. `None` when no candidate occurs in the header.
pub(crate) fn sniff_delimiter(text: &str) -> Option<u8> {
    let records = counts_per_record(text, 200);
    let header = *records.first()?;
    let mut best: Option<(usize, usize, u8)> = None; // (consistent records, fields, delimiter)
    for (k, &d) in CANDIDATES.iter().enumerate() {
        let h = header[k];
        if h == 0 {
            continue;
        }
        let consistent = records.iter().filter(|c| c[k] == h).count();
        let key = (consistent, h);
        if best.is_none_or(|(c, f, _)| key > (c, f)) {
            best = Some((consistent, h, d));
        }
    }
    best.map(|(_, _, d)| d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backslash_escaped_quotes_are_recognised() {
        assert!(uses_backslash_escapes(
            "a,b\n\"x\",\"\\\"Dirty Tricks\\\"\"\n"
        ));
        assert!(uses_backslash_escapes("h,w\n\"5'8\\\"\",\"185\"\n"));
        assert!(!uses_backslash_escapes(
            "a,b\n\"x\",\"\"\"Dirty\"\" \\ path\"\n"
        ));
    }

    #[test]
    fn sniffs() {
        assert_eq!(sniff_delimiter("a,b,c\n1,2,3\n"), Some(b','));
        assert_eq!(sniff_delimiter("a;b;c\n1,5;2,5;3\n"), Some(b';'));
        assert_eq!(sniff_delimiter("a\tb\n1\t2\n"), Some(b'\t'));
        assert_eq!(sniff_delimiter("a|b\n\"x|y\"|2\n"), Some(b'|'));
        assert_eq!(
            sniff_delimiter("name,notes\nA,\"x;y;z\"\nB,\"p;q\nr\"\n"),
            Some(b',')
        );
        // Semicolons in the data but commas consistent.
        assert_eq!(sniff_delimiter("a,b\n1;2;3,4\n5,6\n7,8\n9,1\n"), Some(b','));
        assert_eq!(sniff_delimiter("single\nx\ny\n"), None);
        assert_eq!(sniff_delimiter("\u{feff}a;b\n1;2\n"), Some(b';'));
    }
}
