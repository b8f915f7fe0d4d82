//! The byte and text streams under the text formats: the file, counted for
//! progress, gunzipped, and decoded from Latin-1 when asked.

use super::Encoding;
use crate::import::ImportError;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Bytes read from the file so far; shared with the reader stack.
#[derive(Debug, Clone, Default)]
pub(crate) struct Counter(Arc<AtomicU64>);

impl Counter {
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
    fn add(&self, n: usize) {
        self.0.fetch_add(n as u64, Ordering::Relaxed);
    }
}

struct Counting<R> {
    inner: R,
    counter: Counter,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter.add(n);
        Ok(n)
    }
}

/// A cap on the decompressed bytes of a text source (the console's upload
/// limit): reading past it fails, and `hit` says so to the importer, which
/// reports [`ImportError::TooLarge`] whatever the parser made of the failed
/// read. Clones share `hit`.
#[derive(Debug, Clone)]
pub(crate) struct ByteLimit {
    pub max: u64,
    hit: Arc<std::sync::atomic::AtomicBool>,
}

impl ByteLimit {
    pub fn new(max: u64) -> ByteLimit {
        ByteLimit {
            max,
            hit: Arc::default(),
        }
    }

    /// Whether some read went past the limit.
    pub fn hit(&self) -> bool {
        self.hit.load(Ordering::Relaxed)
    }
}

/// Fails the first read that takes the total past the limit.
struct Limited<R> {
    inner: R,
    read: u64,
    limit: ByteLimit,
}

impl<R: Read> Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read > self.limit.max {
            self.limit.hit.store(true, Ordering::Relaxed);
            return Err(io::Error::other(format!(
                "the decompressed data is larger than the limit of {} bytes",
                self.limit.max
            )));
        }
        Ok(n)
    }
}

/// Windows-1252 code points of bytes 0x80–0x9F (the five undefined ones
/// map to the C1 control of the same value, as WHATWG decoders do).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

fn latin1_char(b: u8) -> char {
    match b {
        0x80..=0x9f => CP1252_HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// Decodes Latin-1 (Windows-1252) bytes into UTF-8.
struct Latin1<R> {
    inner: R,
    /// Encoded output not yet returned.
    pending: [u8; 4],
    pending_len: usize,
    pending_pos: usize,
}

impl<R: BufRead> Read for Latin1<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while self.pending_pos < self.pending_len && n < out.len() {
            out[n] = self.pending[self.pending_pos];
            self.pending_pos += 1;
            n += 1;
        }
        if n == out.len() {
            return Ok(n);
        }
        let input = self.inner.fill_buf()?;
        let mut used = 0;
        for &b in input {
            if n == out.len() {
                break;
            }
            used += 1;
            if b < 0x80 {
                out[n] = b;
                n += 1;
            } else {
                let mut tmp = [0u8; 4];
                let enc = latin1_char(b).encode_utf8(&mut tmp).as_bytes();
                let fit = enc.len().min(out.len() - n);
                out[n..n + fit].copy_from_slice(&enc[..fit]);
                n += fit;
                if fit < enc.len() {
                    self.pending[..enc.len() - fit].copy_from_slice(&enc[fit..]);
                    self.pending_len = enc.len() - fit;
                    self.pending_pos = 0;
                    break;
                }
            }
        }
        self.inner.consume(used);
        Ok(n)
    }
}

pub(crate) fn io_error(file: &str, source: io::Error) -> ImportError {
    ImportError::Io {
        file: file.to_string(),
        source,
    }
}

/// The first bytes of the file (for magic numbers).
pub(crate) fn file_head(path: &Path, file: &str) -> Result<Vec<u8>, ImportError> {
    let f = File::open(path).map_err(|e| io_error(file, e))?;
    let mut head = Vec::with_capacity(8);
    f.take(8)
        .read_to_end(&mut head)
        .map_err(|e| io_error(file, e))?;
    Ok(head)
}

/// The file as decoded UTF-8 text: gunzipped when `gzip`, decoded from
/// Latin-1 when asked. Invalid UTF-8 is left for the parser to report.
/// `limit`: at most this many (decompressed) bytes are read.
pub(crate) fn open_text(
    path: &Path,
    file: &str,
    gzip: bool,
    encoding: Encoding,
    counter: &Counter,
    limit: Option<&ByteLimit>,
) -> Result<Box<dyn Read + Send>, ImportError> {
    let f = File::open(path).map_err(|e| io_error(file, e))?;
    let counted = BufReader::with_capacity(
        1 << 20,
        Counting {
            inner: f,
            counter: counter.clone(),
        },
    );
    let bytes: Box<dyn BufRead + Send> = if gzip {
        Box::new(BufReader::with_capacity(
            1 << 18,
            flate2::bufread::MultiGzDecoder::new(counted),
        ))
    } else {
        Box::new(counted)
    };
    let bytes: Box<dyn BufRead + Send> = match limit {
        Some(l) => Box::new(BufReader::with_capacity(
            1 << 16,
            Limited {
                inner: bytes,
                read: 0,
                limit: l.clone(),
            },
        )),
        None => bytes,
    };
    Ok(match encoding {
        Encoding::Utf8 => Box::new(bytes),
        Encoding::Latin1 => Box::new(Latin1 {
            inner: bytes,
            pending: [0; 4],
            pending_len: 0,
            pending_pos: 0,
        }),
    })
}

/// Up to `max` bytes of decoded text from the start of the file (lossy: for
/// sniffing only).
pub(crate) fn sample(
    path: &Path,
    file: &str,
    gzip: bool,
    encoding: Encoding,
    max: u64,
) -> Result<String, ImportError> {
    let r = open_text(path, file, gzip, encoding, &Counter::default(), None)?;
    let mut buf = Vec::new();
    match r.take(max).read_to_end(&mut buf) {
        Ok(_) => {}
        // A truncated or corrupt gzip stream is reported by the pass that
        // reads it, with its position; the sample is what could be read.
        Err(e) if gzip && buf.is_empty() => return Err(io_error(file, e)),
        Err(_) => {}
    }
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_decodes_every_byte() {
        let bytes: Vec<u8> = (0u8..=255).collect();
        for cap in [1usize, 2, 3, 7, 64, 1024] {
            let mut r = Latin1 {
                inner: BufReader::with_capacity(cap, &bytes[..]),
                pending: [0; 4],
                pending_len: 0,
                pending_pos: 0,
            };
            let mut out = Vec::new();
            let mut chunk = vec![0u8; cap];
            loop {
                let n = r.read(&mut chunk).unwrap();
                if n == 0 {
                    break;
                }
                out.extend_from_slice(&chunk[..n]);
            }
            let s = String::from_utf8(out).unwrap();
            assert_eq!(s.chars().count(), 256);
            assert_eq!(s.chars().nth(0x80), Some('€'));
            assert_eq!(s.chars().nth(0xfc), Some('ü'));
            assert_eq!(s.chars().nth(0xe9), Some('é'));
        }
    }
}
