//! The stream's events: the envelope, the four payloads and the SSE framing
//! (DESIGN §1: exactly `data: <json>\n\n` per event, `: keep-alive\n\n`
//! comments, `created` in Unix seconds).

use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The keep-alive comment sent while work runs.
pub const KEEP_ALIVE: &[u8] = b": keep-alive\n\n";

/// Stream event envelope.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Envelope {
    #[serde(rename = "type")]
    pub kind: EventType,
    /// Payload; its shape depends on `type`.
    pub data: EventData,
    /// Creation time of the event, Unix time in seconds.
    pub created: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EventType {
    Thoughts,
    Sql,
    Results,
    Close,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum EventData {
    Thoughts(ThoughtsData),
    Sql(SqlData),
    Results(ResultsData),
    Close(CloseData),
}

/// Insight into query processing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ThoughtsData {
    /// Filter conditions derived from the query, over field names.
    pub filters: Vec<String>,
    /// Traits looked for in the text fields.
    pub traits: Vec<String>,
    /// Key phrases extracted from the query, in query order.
    pub key_phrases: Vec<String>,
    /// Notes on how the SQL was constructed.
    pub metadata: String,
}

/// The generated SQL statement, exactly as executed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SqlData {
    pub sql: String,
}

/// The query results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ResultsData {
    /// At most `limit` items.
    pub items: Vec<ResultItem>,
}

/// One matching record: the session's own type, which carries its schema
/// (its `openapi` feature).
pub use quarry_session::ResultItem;

/// The closing marker. `complete` is true when the stream completed; on a
/// failure after the stream started it is false and the other members say
/// why and whether a retry may help.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CloseData {
    pub complete: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `QUERY_TIMEOUT`, `RESULT_TOO_LARGE`, `INTERNAL_ERROR` or
    /// `SERVICE_UNAVAILABLE`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retryable: Option<bool>,
}

impl Envelope {
    pub fn new(data: EventData) -> Envelope {
        let kind = match &data {
            EventData::Thoughts(_) => EventType::Thoughts,
            EventData::Sql(_) => EventType::Sql,
            EventData::Results(_) => EventType::Results,
            EventData::Close(_) => EventType::Close,
        };
        Envelope {
            kind,
            data,
            created: unix_seconds(),
        }
    }

    /// The event as one SSE frame: `data: <json>\n\n` (JSON never contains a
    /// raw newline, so it is one line).
    ///
    /// The frame is allocated once at its exact size (a `results` frame can
    /// be as large as the result cap; growing it by doubling would hold up
    /// to twice that).
    pub fn to_sse(&self) -> Bytes {
        let mut buf = Vec::with_capacity(json_len(self) + 8);
        buf.extend_from_slice(b"data: ");
        serde_json::to_writer(&mut buf, self).expect("envelopes serialise");
        buf.extend_from_slice(b"\n\n");
        Bytes::from(buf)
    }
}

/// The envelopes as one JSON array (`Accept: application/json`), allocated
/// once at its exact size.
pub fn json_array(events: &[Envelope]) -> Bytes {
    let mut buf = Vec::with_capacity(json_len(events));
    serde_json::to_writer(&mut buf, events).expect("envelopes serialise");
    Bytes::from(buf)
}

/// The length of `value` as JSON, counted without storing it.
fn json_len<T: Serialize + ?Sized>(value: &T) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut c = Count(0);
    serde_json::to_writer(&mut c, value).expect("envelopes serialise");
    c.0
}

pub fn unix_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_single_data_lines() {
        let e = Envelope::new(EventData::Sql(SqlData {
            sql: "SELECT 1\nFROM t".into(),
        }));
        let frame = String::from_utf8(e.to_sse().to_vec()).unwrap();
        assert!(frame.starts_with("data: {\"type\":\"sql\",\"data\":{\"sql\":"));
        assert!(frame.ends_with("\n\n"));
        assert_eq!(frame.matches('\n').count(), 2);
        let close = Envelope::new(EventData::Close(CloseData {
            complete: true,
            error: None,
            error_code: None,
            retryable: None,
        }));
        let array = json_array(&[e.clone(), close.clone()]);
        let back: Vec<Envelope> = serde_json::from_slice(&array).unwrap();
        assert_eq!(back, vec![e.clone(), close.clone()]);
        let v: serde_json::Value = serde_json::to_value(&close).unwrap();
        assert_eq!(v["data"], serde_json::json!({"complete": true}));
        assert!(v["created"].is_i64());
    }
}
