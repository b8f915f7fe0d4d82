//! `POST /v1/query`: DESIGN §1's checks in their order, then the stream.
//!
//! Everything that can fail with a status (auth, body, fields, dataset,
//! content negotiation, loading and planning) happens before the response
//! starts; from then on a failure ends the stream with a `close` event whose
//! `complete` is false.

use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use bytes::Bytes;
use futures_util::StreamExt;
use quarry_planner::{QueryPlan, Tier};
use tokio::sync::mpsc;

use crate::auth::{authenticate, blocking};
use crate::engine::EngineFailure;
use crate::error::{ApiError, ErrorBody};
use crate::events::{
    CloseData, Envelope, EventData, ResultItem, ResultsData, SqlData, ThoughtsData, KEEP_ALIVE,
};
use crate::limits::{RateDecision, StreamSlot};
use crate::middleware::RequestId;
use crate::request::QueryRequest;
use crate::state::{AppState, LoadedDataset};
use crate::zero_results;
use quarry_contract::{internal_error_message, ErrorCode};

/// Largest accepted request body.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// Interval of the keep-alive comments while a statement runs.
pub const KEEP_ALIVE_EVERY: Duration = Duration::from_secs(10);

/// Run a natural-language query against a dataset.
///
/// Answers with a Server-Sent Events stream of the events thoughts, sql,
/// results and close, in that order; each is one `data:` line holding the
/// JSON envelope. With `Accept: application/json` alone, the same four
/// envelopes come as one JSON array.
#[utoipa::path(
    post,
    path = "/v1/query",
    operation_id = "queryDataset",
    tag = "query",
    request_body(content = QueryRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The event stream (or, for `Accept: application/json`, the array of envelopes).",
            content(
                (Envelope = "text/event-stream"),
                (Vec<Envelope> = "application/json"),
            ),
            headers(
                ("RateLimit-Policy" = String, description = "The key's quota, e.g. `\"default\";q=600;w=60` (requests per 60 s)."),
                ("RateLimit" = String, description = "What is left of it, e.g. `\"default\";r=599;t=0` (remaining; seconds until the next request is allowed when none remain)."),
            )),
        (status = 400, description = "Invalid parameters (INVALID_JSON, MISSING_PARAMETER, INVALID_PARAMETER).", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key (MISSING_API_KEY, INVALID_API_KEY).", body = ErrorBody),
        (status = 404, description = "Dataset not found (INVALID_DATASET).", body = ErrorBody),
        (status = 406, description = "Accept allows neither text/event-stream nor application/json (NOT_ACCEPTABLE).", body = ErrorBody),
        (status = 408, description = "The request body did not arrive within the read time-out (REQUEST_TIMEOUT).", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB (PAYLOAD_TOO_LARGE).", body = ErrorBody),
        (status = 415, description = "Content-Type is not application/json (UNSUPPORTED_MEDIA_TYPE).", body = ErrorBody),
        (status = 429, description = "The key's request rate or its number of open streams is used up (RATE_LIMITED).", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before retrying."),
                ("RateLimit-Policy" = String, description = "The key's quota."),
                ("RateLimit" = String, description = "What is left of it."),
            )),
        (status = 500, description = "Internal server error (INTERNAL_ERROR); the message names the request id.", body = ErrorBody),
        (status = 503, description = "Overloaded (too many connections) or shutting down (SERVICE_UNAVAILABLE).", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before retrying."),
            )),
    ),
    security(("apikey" = []))
)]
pub async fn query_dataset(
    State(state): State<AppState>,
    request_id: Option<Extension<RequestId>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let request_id = request_id.map(|Extension(r)| r.0).unwrap_or_default();
    // Every response to an authenticated key says where its quota stands.
    let mut rate = None;
    let mut resp = match handle(state, request_id, headers, body, &mut rate).await {
        Ok(resp) => resp,
        Err(e) => e.into_response(),
    };
    if let Some(rate) = rate {
        rate.apply(resp.headers_mut());
    }
    resp
}

enum Mode {
    Stream,
    JsonArray,
}

async fn handle(
    state: AppState,
    request_id: String,
    headers: HeaderMap,
    body: Body,
    rate: &mut Option<RateDecision>,
) -> Result<Response, ApiError> {
    // 2. Authentication, before any look at the body, and 3. the key's
    // rate.
    let who = authenticate(&state, &headers, rate).await?;
    let account_id = who.account_id;

    // 3. Open streams, per key, before the body is read.
    let (_, max_streams) = crate::limits::effective(who.limits, state.limits());
    let slot = state
        .limiter()
        .open_stream(who.token_id, max_streams)
        .ok_or(ApiError::TooManyStreams { max: max_streams })?;

    // 4. The body: media type, size, JSON object.
    if !is_json_media_type(headers.get(header::CONTENT_TYPE)) {
        return Err(ApiError::UnsupportedMediaType);
    }
    let bytes = tokio::time::timeout(state.limits().read_timeout, read_body(&headers, body))
        .await
        .map_err(|_| ApiError::RequestTimeout)??;

    // 5. Fields.
    let req = QueryRequest::from_body(&bytes)?;

    // 6. Dataset: unknown and not-yours look the same.
    let st = state.clone();
    let id = req.dataset_id.clone();
    let entry = blocking(move || st.with_catalog(|c| c.get_dataset(&id)))
        .await?
        .map_err(ApiError::internal)?
        .filter(|e| e.account_id == account_id)
        .ok_or(ApiError::InvalidDataset)?;

    // 7. Content negotiation.
    let mode = negotiate(headers.get(header::ACCEPT))?;

    // Load and plan; failures here are still a 500 before the stream.
    let st = state.clone();
    let tier = if req.use_smaller_model {
        Tier::Small
    } else {
        Tier::Default
    };
    let phrase = req.query_string.clone();
    let (dataset, plan) = blocking(move || {
        let d = st.load_dataset(&entry)?;
        let plan = d.planner.plan(&phrase, tier);
        anyhow::Ok((d, plan))
    })
    .await?
    .map_err(ApiError::internal)?;

    let cancel = Arc::new(AtomicBool::new(false));
    let work = Work {
        state,
        dataset,
        limit: req.limit,
        cancel: cancel.clone(),
        request_id,
    };
    let (tx, rx) = mpsc::channel(8);
    tokio::spawn(produce(work, plan, Emitter { tx }));

    // The guard travels with the response body (or the collecting future):
    // when the client goes away, the body is dropped and the statement is
    // interrupted. The stream slot travels with it and is given back then.
    let guard = CancelOnDrop {
        cancel,
        _slot: slot,
    };
    Ok(match mode {
        Mode::Stream => sse_response(rx, guard),
        Mode::JsonArray => {
            let _guard = guard;
            let mut rx = rx;
            let mut events = Vec::with_capacity(4);
            while let Some(out) = rx.recv().await {
                if let Out::Event(e) = out {
                    events.push(e);
                }
            }
            Json(events).into_response()
        }
    })
}

/// `application/json`, with any parameters (`; charset=utf-8`).
fn is_json_media_type(v: Option<&HeaderValue>) -> bool {
    v.and_then(|v| v.to_str().ok())
        .map(|s| s.split(';').next().unwrap_or("").trim())
        .is_some_and(|m| m.eq_ignore_ascii_case("application/json"))
}

async fn read_body(headers: &HeaderMap, body: Body) -> Result<Bytes, ApiError> {
    let too_large = ApiError::PayloadTooLarge {
        limit: MAX_BODY_BYTES,
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|s| s.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large);
    }
    let mut buf = Vec::with_capacity(declared.unwrap_or(0) as usize);
    let mut stream = body.into_data_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| {
            ApiError::InvalidJson("The request body could not be read completely.".into())
        })?;
        if buf.len() + chunk.len() > MAX_BODY_BYTES {
            return Err(too_large);
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(Bytes::from(buf))
}

/// DESIGN §1 step 7: the stream for `text/event-stream`, `*/*` or no
/// `Accept`; the JSON array for `application/json` without those; else 406.
fn negotiate(accept: Option<&HeaderValue>) -> Result<Mode, ApiError> {
    let Some(accept) = accept else {
        return Ok(Mode::Stream);
    };
    let accept = accept.to_str().map_err(|_| ApiError::NotAcceptable)?;
    if accept.trim().is_empty() {
        return Ok(Mode::Stream);
    }
    let mut json = false;
    for range in accept.split(',') {
        let mut parts = range.split(';');
        let media = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        // A range with q=0 is a refusal.
        let refused = parts.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q == 0.0)
        });
        if refused {
            continue;
        }
        match media.as_str() {
            "text/event-stream" | "*/*" | "text/*" => return Ok(Mode::Stream),
            "application/json" | "application/*" => json = true,
            _ => {}
        }
    }
    if json {
        Ok(Mode::JsonArray)
    } else {
        Err(ApiError::NotAcceptable)
    }
}

enum Out {
    Event(Envelope),
    KeepAlive,
}

struct CancelOnDrop {
    cancel: Arc<AtomicBool>,
    /// Held for the life of the response; dropping it frees the slot.
    _slot: StreamSlot,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
    }
}

fn sse_response(rx: mpsc::Receiver<Out>, guard: CancelOnDrop) -> Response {
    let stream = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let frame = match rx.recv().await? {
            Out::Event(e) => e.to_sse(),
            Out::KeepAlive => Bytes::from_static(KEEP_ALIVE),
        };
        Some((Ok::<_, Infallible>(frame), (rx, guard)))
    });
    let mut resp = Response::new(Body::from_stream(stream));
    *resp.status_mut() = StatusCode::OK;
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert("x-accel-buffering", HeaderValue::from_static("no"));
    resp
}

/// What one query's producer task needs.
struct Work {
    state: AppState,
    dataset: Arc<LoadedDataset>,
    limit: u32,
    cancel: Arc<AtomicBool>,
    request_id: String,
}

struct Emitter {
    tx: mpsc::Sender<Out>,
}

impl Emitter {
    /// False when the client has gone.
    async fn event(&self, data: EventData) -> bool {
        self.tx.send(Out::Event(Envelope::new(data))).await.is_ok()
    }

    /// Runs a statement off the async workers, sending keep-alive comments
    /// while it runs; a failed send means the client is gone and cancels it.
    async fn run_sql(
        &self,
        work: &Work,
        sql: &str,
        limit: u32,
    ) -> Result<Vec<ResultItem>, EngineFailure> {
        let engine = work.state.engine();
        let dataset = work.dataset.clone();
        let cancel = work.cancel.clone();
        let timeout = work.state.query_timeout();
        // The shape guard: nothing runs that the renderer could not have
        // written (a second wall behind the engine's authorizer).
        let profile = &work.dataset.profile;
        if let Err(reason) = quarry_sql::check_select(
            &quarry_sql::Sqlite,
            sql,
            &profile.table,
            profile.fts_table.as_deref(),
        ) {
            return Err(EngineFailure::Failed(format!(
                "statement refused by the shape guard: {reason}"
            )));
        }
        let sql = sql.to_string();
        let mut task = tokio::task::spawn_blocking(move || {
            engine.run(
                &dataset.file,
                &dataset.profile,
                &sql,
                limit,
                &cancel,
                timeout,
            )
        });
        let start = tokio::time::Instant::now() + KEEP_ALIVE_EVERY;
        let mut ticker = tokio::time::interval_at(start, KEEP_ALIVE_EVERY);
        let mut stop = work.state.stop_signal();
        let mut stopping = work.state.is_stopping();
        if stopping {
            work.cancel.store(true, Ordering::SeqCst);
        }
        loop {
            tokio::select! {
                done = &mut task => {
                    let outcome = done.unwrap_or_else(|e| Err(EngineFailure::Failed(format!("engine task: {e}"))));
                    return match outcome {
                        Err(EngineFailure::Cancelled) if work.state.is_stopping() => {
                            Err(EngineFailure::Stopped)
                        }
                        other => other,
                    };
                }
                Ok(()) = stop.changed(), if !stopping => {
                    if *stop.borrow_and_update() {
                        // Shutting down: interrupt the statement; the
                        // stream closes with SERVICE_UNAVAILABLE.
                        stopping = true;
                        work.cancel.store(true, Ordering::SeqCst);
                    }
                }
                _ = ticker.tick() => {
                    if self.tx.send(Out::KeepAlive).await.is_err() {
                        work.cancel.store(true, Ordering::SeqCst);
                    }
                }
            }
        }
    }
}

fn thoughts(plan: &QueryPlan, extra_notes: &[String]) -> EventData {
    let metadata = plan
        .notes
        .iter()
        .chain(extra_notes)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" ");
    EventData::Thoughts(ThoughtsData {
        filters: quarry_sql::thought_filters(plan),
        traits: plan.traits.clone(),
        key_phrases: plan.key_phrases.clone(),
        metadata,
    })
}

/// The producer: sends the events of one query, in order, then ends. The
/// statement runs before the thoughts go out, so that they can say whether
/// the plan was relaxed (default tier) and, when nothing matched, which
/// conditions were the most restrictive.
async fn produce(work: Work, plan: QueryPlan, out: Emitter) {
    let profile = &work.dataset.profile;
    let render =
        |p: &QueryPlan| quarry_sql::render_select(&quarry_sql::Sqlite, profile, p, work.limit);
    let sql = render(&plan);
    let outcome = out.run_sql(&work, &sql, work.limit).await;
    let (plan, sql, outcome, mut notes) = match (&outcome, plan.relaxed()) {
        // Default tier only: relax once when nothing matched.
        (Ok(items), Some((relaxed, dropped))) if items.is_empty() && plan.tier == Tier::Default => {
            let relaxed_sql = render(&relaxed);
            match out.run_sql(&work, &relaxed_sql, work.limit).await {
                Ok(items) if !items.is_empty() => {
                    let note = format!(
                        "No record matched every condition, so {dropped} was dropped and the query run again."
                    );
                    (relaxed, relaxed_sql, Ok(items), vec![note])
                }
                Ok(_) => {
                    let note =
                        format!("No record matched; dropping {dropped} did not find any either.");
                    (plan, sql, outcome, vec![note])
                }
                Err(e) => (relaxed, relaxed_sql, Err(e), Vec::new()),
            }
        }
        _ => (plan, sql, outcome, Vec::new()),
    };
    if matches!(&outcome, Ok(items) if items.is_empty()) {
        match explain_no_match(&work, &out, &plan).await {
            Some(note) => notes.push(note),
            None => {
                log_cancelled(&work);
                return;
            }
        }
    }
    if matches!(outcome, Err(EngineFailure::Cancelled)) {
        log_cancelled(&work);
        return;
    }
    if !out.event(thoughts(&plan, &notes)).await
        || !out.event(EventData::Sql(SqlData { sql })).await
    {
        return;
    }
    finish(&work, &out, outcome).await;
}

/// The note on a plan that matched nothing: its conditions probed one by
/// one. `None` when the client went away meanwhile.
async fn explain_no_match(work: &Work, out: &Emitter, plan: &QueryPlan) -> Option<String> {
    let probes = zero_results::probes(plan);
    let mut counts = Vec::with_capacity(probes.len());
    if probes.len() > 1 {
        for p in &probes {
            let sql = quarry_sql::render_probe(
                &quarry_sql::Sqlite,
                &work.dataset.profile,
                &p.plan,
                zero_results::PROBE_CAP,
            );
            counts.push(
                match out.run_sql(work, &sql, zero_results::PROBE_CAP).await {
                    Ok(items) => Some(items.len()),
                    Err(EngineFailure::Cancelled) => return None,
                    // Too slow or failed: left out of the note.
                    Err(_) => None,
                },
            );
        }
    }
    Some(zero_results::note(&probes, &counts))
}

/// Sends `results` and `close`, or the failing `close`.
async fn finish(work: &Work, out: &Emitter, outcome: Result<Vec<ResultItem>, EngineFailure>) {
    let close = match outcome {
        Ok(mut items) => {
            items.truncate(work.limit as usize);
            if !out.event(EventData::Results(ResultsData { items })).await {
                return;
            }
            CloseData {
                complete: true,
                error: None,
                error_code: None,
                retryable: None,
            }
        }
        Err(EngineFailure::Cancelled) => {
            log_cancelled(work);
            return;
        }
        Err(EngineFailure::Stopped) => {
            tracing::info!(request_id = %work.request_id, "query stopped by the shutdown");
            CloseData {
                complete: false,
                error: Some("The server is shutting down and stopped the query; retry it.".into()),
                error_code: Some(ErrorCode::ServiceUnavailable.to_string()),
                retryable: Some(ErrorCode::ServiceUnavailable.retryable()),
            }
        }
        Err(EngineFailure::Timeout) => {
            tracing::warn!(request_id = %work.request_id, "query timed out");
            CloseData {
                complete: false,
                error: Some(format!(
                    "The query took longer than {} ms and was stopped.",
                    work.state.query_timeout().as_millis()
                )),
                error_code: Some(ErrorCode::QueryTimeout.to_string()),
                retryable: Some(ErrorCode::QueryTimeout.retryable()),
            }
        }
        Err(EngineFailure::Failed(detail)) => {
            tracing::error!(request_id = %work.request_id, detail = %detail, "query failed");
            CloseData {
                complete: false,
                error: Some(internal_error_message(&work.request_id)),
                error_code: Some(ErrorCode::InternalError.to_string()),
                retryable: Some(ErrorCode::InternalError.retryable()),
            }
        }
    };
    let _ = out.event(EventData::Close(close)).await;
}

fn log_cancelled(work: &Work) {
    tracing::info!(request_id = %work.request_id, "client disconnected; query cancelled");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(accept: Option<&str>) -> Result<&'static str, &'static str> {
        let v = accept.map(|a| HeaderValue::from_str(a).unwrap());
        match negotiate(v.as_ref()) {
            Ok(Mode::Stream) => Ok("stream"),
            Ok(Mode::JsonArray) => Ok("json"),
            Err(e) => Err(e.code()),
        }
    }

    #[test]
    fn content_negotiation_follows_design() {
        assert_eq!(mode(None), Ok("stream"));
        assert_eq!(mode(Some("text/event-stream")), Ok("stream"));
        assert_eq!(mode(Some("*/*")), Ok("stream"));
        assert_eq!(
            mode(Some("application/json, text/event-stream;q=0.5")),
            Ok("stream")
        );
        assert_eq!(mode(Some("application/json")), Ok("json"));
        assert_eq!(mode(Some("application/json; charset=utf-8")), Ok("json"));
        assert_eq!(mode(Some("text/html")), Err("NOT_ACCEPTABLE"));
        assert_eq!(mode(Some("text/event-stream;q=0")), Err("NOT_ACCEPTABLE"));
    }

    #[test]
    fn json_media_types() {
        let ok = |s: &str| is_json_media_type(Some(&HeaderValue::from_str(s).unwrap()));
        assert!(ok("application/json"));
        assert!(ok("Application/JSON; charset=utf-8"));
        assert!(!ok("text/plain"));
        assert!(!ok("application/jsonx"));
        assert!(!is_json_media_type(None));
    }
}
