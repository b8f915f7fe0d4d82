//! What a session says, and to whom. The events are domain values (what the
//! query was understood as, the statement, the records, how it ended); how
//! they travel (SSE frames, a JSON array, a `Vec` in a test) is the sink's
//! business, so the session never knows of HTTP.

use std::collections::BTreeMap;
use std::future::Future;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// One event of a query, in the order a session sends them: [`Event::Thoughts`],
/// [`Event::Sql`], [`Event::Results`] (only when the statement succeeded),
/// then [`Event::Close`].
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Thoughts(Thoughts),
    /// The statement, exactly as executed.
    Sql(String),
    /// At most the session's limit of records.
    Results(Vec<ResultItem>),
    Close(Close),
}

/// What the query was understood as, and notes on how its SQL was built
/// (the plan's own notes, then the session's: a relaxation, or why nothing
/// matched).
#[derive(Debug, Clone, PartialEq)]
pub struct Thoughts {
    /// Filter conditions over field names, as `quarry-sql` writes them for
    /// people.
    pub filters: Vec<String>,
    pub traits: Vec<String>,
    pub key_phrases: Vec<String>,
    /// The notes, joined by one space.
    pub metadata: String,
}

/// How a query ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Close {
    /// The results were sent.
    Complete,
    /// The statement did not finish; no results were sent.
    Failed(Failure),
}

/// Why a statement did not finish, when the session still has someone to
/// tell (a cancelled session sends nothing more).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The caller's stop signal interrupted it (the server shutting down).
    Stopped,
    /// It ran past the session's time-out, given here.
    Timeout(Duration),
    /// Its first record alone is larger, once sent as JSON, than the result
    /// cap (in bytes, given here): no record can be sent.
    TooLarge(usize),
    /// The database under the dataset could not be reached; the text is
    /// for the log. Retrying later may work.
    Unavailable(String),
    /// Anything else; the text is for the log, never for the client.
    Internal(String),
}

/// One matching record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResultItem {
    /// Identifier of the record (the dataset's id column, or its 1-based row
    /// number).
    pub id: String,
    /// Every field of the record in dataset column order, keyed
    /// `<NNN>_<field_name>`; values are strings.
    #[cfg_attr(
        feature = "openapi",
        schema(example = json!({"001_name": "Frankfurt Airport", "002_country": "DE"}))
    )]
    pub item: BTreeMap<String, String>,
}

/// Where a session's events go (like ripgrep's `Sink`: the searcher drives,
/// the caller decides what becomes of each result).
pub trait EventSink: Send {
    /// Takes the next event. `false` when nobody listens any more: the
    /// session stops at once and sends nothing else.
    fn emit(&mut self, event: Event) -> impl Future<Output = bool> + Send;

    /// Called at the session's keep-alive interval while a statement runs,
    /// so a transport can keep its connection warm. `false` when nobody
    /// listens any more: the statement is cancelled. By default, nothing.
    fn still_running(&mut self) -> impl Future<Output = bool> + Send {
        std::future::ready(true)
    }
}

/// Collects every event, for tests and benchmarks.
impl EventSink for Vec<Event> {
    fn emit(&mut self, event: Event) -> impl Future<Output = bool> + Send {
        self.push(event);
        std::future::ready(true)
    }
}
