//! JSON Lines: one object per line. The columns are the union of the keys
//! in first-seen order; a missing key is null. Strings are taken as text
//! (and inferred like CSV fields), numbers and booleans as written, nested
//! objects and arrays as their JSON text.

use super::stream::{self, Counter};
use super::{Location, RowSource, SourceSpec};
use crate::import::{ImportError, MAX_COLUMNS};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, BufReader};

pub(crate) struct JsonLinesSource {
    file: String,
    input: BufReader<Box<dyn std::io::Read + Send>>,
    counter: Counter,
    headers: Vec<String>,
    index: HashMap<String, usize>,
    /// Pass 2: the columns are known; a new key means the file changed.
    frozen: bool,
    line: Vec<u8>,
    line_no: u64,
}

/// A string that borrows from the line when it has no escapes.
struct Str<'a>(Cow<'a, str>);

impl<'de> de::Deserialize<'de> for Str<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Str<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Str(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Str(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(Str(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// A top-level object: its members in order, values unparsed.
struct Object<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'de> de::Deserialize<'de> for Object<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Object<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut members = Vec::new();
                while let Some(k) = map.next_key::<Str<'de>>()? {
                    let v: &'de RawValue = map.next_value()?;
                    members.push((k.0, v));
                }
                Ok(Object(members))
            }
        }
        d.deserialize_map(V)
    }
}

/// The field text of a JSON value: strings unquoted (and trimmed), null
/// empty, anything else as written.
fn field_text(raw: &RawValue) -> Result<Cow<'_, str>, serde_json::Error> {
    let t = raw.get();
    Ok(match t.as_bytes().first() {
        Some(b'"') => match serde_json::from_str::<Str>(t)?.0 {
            Cow::Borrowed(s) => Cow::Borrowed(s.trim()),
            Cow::Owned(s) => Cow::Owned(s.trim().to_string()),
        },
        Some(b'n') => Cow::Borrowed(""),
        _ => Cow::Borrowed(t),
    })
}

impl JsonLinesSource {
    pub fn open(spec: &SourceSpec, headers: Option<&[String]>) -> Result<Self, ImportError> {
        let counter = Counter::default();
        let input = spec.open_text(&counter)?;
        let headers: Vec<String> = headers.map(<[String]>::to_vec).unwrap_or_default();
        let index = headers
            .iter()
            .enumerate()
            .map(|(i, h)| (h.clone(), i))
            .collect();
        Ok(JsonLinesSource {
            file: spec.file.clone(),
            input: BufReader::with_capacity(1 << 20, input),
            counter,
            frozen: !headers.is_empty(),
            headers,
            index,
            line: Vec::new(),
            line_no: 0,
        })
    }

    fn json_error(&self, message: String) -> ImportError {
        ImportError::Json {
            file: self.file.clone(),
            line: self.line_no,
            message,
        }
    }

    /// The key whose value (or the key itself) holds the invalid UTF-8.
    fn invalid_utf8_column(&self) -> String {
        let lossy = String::from_utf8_lossy(&self.line);
        if let Ok(obj) = serde_json::from_str::<Object>(lossy.trim()) {
            for (k, v) in obj.0 {
                if k.contains('\u{fffd}') || v.get().contains('\u{fffd}') {
                    return format!("{k:?}");
                }
            }
        }
        "unknown".to_string()
    }
}

impl RowSource for JsonLinesSource {
    fn headers(&self) -> &[String] {
        &self.headers
    }

    fn next_record(
        &mut self,
        rec: &mut csv::StringRecord,
    ) -> Result<Option<Location>, ImportError> {
        loop {
            self.line.clear();
            let n = self
                .input
                .read_until(b'\n', &mut self.line)
                .map_err(|e| stream::io_error(&self.file, e))?;
            if n == 0 {
                if self.line_no == 0 || (self.headers.is_empty() && !self.frozen) {
                    return Err(ImportError::Empty {
                        file: self.file.clone(),
                    });
                }
                return Ok(None);
            }
            self.line_no += 1;
            let mut bytes: &[u8] = &self.line;
            if self.line_no == 1 {
                bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
            }
            let text = match std::str::from_utf8(bytes) {
                Ok(t) => t.trim(),
                Err(_) => {
                    return Err(ImportError::InvalidUtf8 {
                        file: self.file.clone(),
                        line: self.line_no,
                        column: self.invalid_utf8_column(),
                    })
                }
            };
            if text.is_empty() {
                continue;
            }
            if !text.starts_with('{') {
                return Err(
                    self.json_error("expected a JSON object ({...}) on every line".to_string())
                );
            }
            let obj: Object =
                serde_json::from_str(text).map_err(|e| self.json_error(e.to_string()))?;
            let mut fields: Vec<Option<Cow<str>>> = vec![None; self.headers.len()];
            for (k, v) in obj.0 {
                let i = match self.index.get(k.as_ref()) {
                    Some(&i) => i,
                    None if self.frozen => {
                        return Err(self.json_error(format!(
                            "key {k:?} was not in the file when it was first read (did the file change?)"
                        )))
                    }
                    None => {
                        if self.headers.len() >= MAX_COLUMNS {
                            return Err(ImportError::TooManyColumns {
                                file: self.file.clone(),
                                count: self.headers.len() + 1,
                            });
                        }
                        self.headers.push(k.to_string());
                        self.index.insert(k.to_string(), self.headers.len() - 1);
                        fields.push(None);
                        self.headers.len() - 1
                    }
                };
                let t = field_text(v).map_err(|e| self.json_error(format!("key {k:?}: {e}")))?;
                fields[i] = Some(t);
            }
            rec.clear();
            for f in &fields {
                rec.push_field(f.as_deref().unwrap_or(""));
            }
            return Ok(Some(Location::Line(self.line_no)));
        }
    }

    fn bytes_read(&self) -> u64 {
        self.counter.get()
    }
}
