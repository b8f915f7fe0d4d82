//! `POST /v1/query`: DESIGN §1's checks in their order, then the stream.
//!
//! Everything that can fail with a status (auth, body, fields, dataset,
//! content negotiation, loading and planning) happens before the response
//! starts; from then on a failure ends the stream with a `close` event whose
//! `complete` is false. The query itself (plan, statement, relaxation, the
//! zero-result probes and every note) is a `quarry_session::Session`; this
//! module only turns its events into the stream's frames.

use std::convert::Infallible;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use bytes::Bytes;
use futures_util::{FutureExt, StreamExt};
use quarry_catalog::DatasetEntry;
use quarry_planner::{DatasetProfile, Planner, QueryPlan, Tier};
use quarry_session::{Close, Ended, Event, EventSink, Failure, Session, Started, StatementJob};
use tokio::sync::mpsc;

use crate::auth::{authenticate_blocking, presented_key, PresentedKey};
use crate::error::{ApiError, ErrorBody};
use crate::events::{
    CloseData, Envelope, EventData, ResultsData, SqlData, ThoughtsData, KEEP_ALIVE,
};
use crate::limits::{RateDecision, StreamSlot};
use crate::middleware::{RequestId, RequestLog};
use crate::request::{is_json_media_type, QueryRequest};
use crate::state::{AppState, LoadedDataset};
use quarry_contract::{internal_error_message, ErrorCode};
use quarry_metrics::{Metrics, Rejection, Stage, TierLabel};

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
        (status = 429, description = "The key's request rate or its number of open answers (streams and JSON arrays) is used up (RATE_LIMITED).", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before retrying."),
                ("RateLimit-Policy" = String, description = "The key's quota."),
                ("RateLimit" = String, description = "What is left of it."),
            )),
        (status = 500, description = "Internal server error (INTERNAL_ERROR); the message names the request id.", body = ErrorBody),
        (status = 503, description = "Overloaded (too many connections, or as many queries running as the server allows) or shutting down (SERVICE_UNAVAILABLE).", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before retrying."),
            )),
    ),
    security(("apikey" = []))
)]
pub async fn query_dataset(
    State(state): State<AppState>,
    request_id: Option<Extension<RequestId>>,
    log: Option<Extension<Arc<RequestLog>>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let request_id = request_id.map(|Extension(r)| r.0).unwrap_or_default();
    let log = log.map(|Extension(l)| l).unwrap_or_default();
    // Every response to an authenticated key says where its quota stands.
    let mut rate = None;
    let mut resp = match handle(state, request_id, log.clone(), headers, body, &mut rate).await {
        Ok(resp) => resp,
        Err(e) => {
            log.update(|f| f.error_code = Some(e.code()));
            e.into_response()
        }
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
    log: Arc<RequestLog>,
    headers: HeaderMap,
    body: Body,
    rate: &mut Option<RateDecision>,
) -> Result<Response, ApiError> {
    let metrics = state.metrics().clone();
    // DESIGN 1's steps 2 to 7 and the running-query bound, then loading,
    // planning and the plan's statement, in as few trips to the blocking
    // pool as their order allows: each trip costs two thread wake-ups, a
    // good part of a fast query's time on a busy machine. When the whole
    // body is already here (a small JSON request usually comes with its
    // head), everything is one trip: the body is taken as it is, and
    // neither looked at nor answered about before the key and the rate
    // are checked, in the same order as when it is read afterwards.
    // Otherwise the key and the rate are one trip, the body is read, and
    // the rest is the second.
    let (mode, not_acceptable) = match negotiate(headers.get(header::ACCEPT)) {
        Ok(mode) => (mode, None),
        Err(e) => (Mode::Stream, Some(e)),
    };
    let cancel = Arc::new(AtomicBool::new(false));
    // A handler dropped before it took the plan (the client went) stops
    // the statement the plan started.
    let abandoned = CancelUnlessTaken(Some(cancel.clone()));
    let front = Front {
        state: state.clone(),
        log: log.clone(),
        json_body: is_json_media_type(headers.get(header::CONTENT_TYPE)),
        not_acceptable,
        cancel: cancel.clone(),
    };
    let key = presented_key(&headers);
    let peer = crate::middleware::peer();
    let (tx, rx) = tokio::sync::oneshot::channel();
    match ready_body(&headers, body) {
        Arrived::Here(bytes) => {
            tokio::task::spawn_blocking(move || {
                let mut decision = None;
                let admitted = front.admit(key, peer, &mut decision);
                let planned = admitted.and_then(|(slot, account_id)| {
                    let bytes = bytes?;
                    front.plan_request(slot, account_id, &bytes)
                });
                front_done(tx, decision, planned);
            });
        }
        Arrived::Coming(partial) => {
            let (decision, admitted) = tokio::task::spawn_blocking(move || {
                let mut decision = None;
                let admitted = front.admit(key, peer, &mut decision);
                (decision, admitted.map(|a| (a, front)))
            })
            .await
            .map_err(|e| ApiError::internal(format!("blocking task failed: {e}")))?;
            *rate = decision;
            let ((slot, account_id), front) = admitted?;
            let bytes = tokio::time::timeout(state.limits().read_timeout, partial.read())
                .await
                .map_err(|_| ApiError::RequestTimeout)??;
            tokio::task::spawn_blocking(move || {
                let planned = front.plan_request(slot, account_id, &bytes);
                front_done(tx, None, planned);
            });
        }
    }
    let (decision, planned) = rx
        .await
        .map_err(|e| ApiError::internal(format!("blocking task failed: {e}")))?;
    if decision.is_some() {
        *rate = decision;
    }
    let (slot, tier_label, prepared) = planned?;
    let ready = match prepared {
        Prepared::Ready(ready) => ready,
        Prepared::NoSlotYet(entry, job) => {
            // The running-query bound: a slot within a short wait, else a
            // 503 at once (never an unbounded queue). Held from planning
            // until the session's last statement has ended, so slow
            // statements cannot take more of the blocking pool than the
            // bound.
            let running = acquire_running(&state).await?;
            let (tx, rx) = tokio::sync::oneshot::channel();
            tokio::task::spawn_blocking(move || {
                let planned = job.plan(&entry, running);
                job_done(tx, planned);
            });
            match rx
                .await
                .map_err(|e| ApiError::internal(format!("blocking task failed: {e}")))??
            {
                Prepared::Ready(ready) => ready,
                Prepared::NoSlotYet(..) => {
                    return Err(ApiError::internal("planned without a running slot"))
                }
            }
        }
    };
    abandoned.taken();
    let Ready {
        session,
        plan,
        started,
        planning,
        running,
    } = *ready;
    metrics.stage(Stage::Plan, tier_label, planning);
    log.update(|f| f.plan = Some(planning));

    let (tx, rx) = mpsc::channel(8);
    let first_event = Arc::new(std::sync::OnceLock::new());
    let sink = ChannelSink {
        tx,
        request_id,
        metrics: metrics.clone(),
        log: log.clone(),
        first_event: first_event.clone(),
    };
    tokio::spawn(produce(session, plan, started, sink, tier_label, running));

    // The guard travels with the response body (or the collecting future):
    // when the client goes away, the body is dropped and the statement is
    // interrupted. The stream slot travels with it and is given back then.
    metrics.stream_opened();
    let guard = CancelOnDrop {
        cancel,
        _slot: slot,
        first_event,
        tier: tier_label,
        metrics,
        log,
    };
    Ok(match mode {
        Mode::Stream => sse_response(rx, guard).await,
        Mode::JsonArray => json_response(rx, guard).await,
    })
}

/// The request body, whole, or the part of it already here and the rest
/// to read.
enum Arrived {
    /// Everything had arrived (or its failure is known: a declared size
    /// over the limit, a broken connection), to be answered about in its
    /// turn.
    Here(Result<Bytes, ApiError>),
    Coming(Partial),
}

struct Partial {
    buf: Vec<u8>,
    stream: axum::body::BodyDataStream,
}

fn body_too_large() -> ApiError {
    ApiError::PayloadTooLarge {
        limit: MAX_BODY_BYTES,
    }
}

fn body_broken() -> ApiError {
    ApiError::InvalidJson("The request body could not be read completely.".into())
}

/// Takes what of the body has arrived, without waiting.
fn ready_body(headers: &HeaderMap, body: Body) -> Arrived {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|s| s.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Arrived::Here(Err(body_too_large()));
    }
    let mut buf = Vec::with_capacity(declared.unwrap_or(0) as usize);
    let mut stream = body.into_data_stream();
    loop {
        match stream.next().now_or_never() {
            None => return Arrived::Coming(Partial { buf, stream }),
            Some(None) => return Arrived::Here(Ok(Bytes::from(buf))),
            Some(Some(Err(_))) => return Arrived::Here(Err(body_broken())),
            Some(Some(Ok(chunk))) => {
                if buf.len() + chunk.len() > MAX_BODY_BYTES {
                    return Arrived::Here(Err(body_too_large()));
                }
                buf.extend_from_slice(&chunk);
            }
        }
    }
}

impl Partial {
    /// The rest of the body, within the size limit.
    async fn read(mut self) -> Result<Bytes, ApiError> {
        while let Some(chunk) = self.stream.next().await {
            let chunk = chunk.map_err(|_| body_broken())?;
            if self.buf.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(body_too_large());
            }
            self.buf.extend_from_slice(&chunk);
        }
        Ok(Bytes::from(self.buf))
    }
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
    /// When the session sent its first event (the stream stage's start).
    first_event: Arc<std::sync::OnceLock<Instant>>,
    tier: TierLabel,
    metrics: Arc<Metrics>,
    log: Arc<RequestLog>,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
        self.metrics.stream_closed();
        if let Some(first) = self.first_event.get() {
            let streamed = first.elapsed();
            self.metrics.stage(Stage::Stream, self.tier, streamed);
            self.log.update(|f| f.stream = Some(streamed));
        }
    }
}

/// A slot of the running-query bound, given back when dropped.
struct RunningSlot {
    _permit: tokio::sync::OwnedSemaphorePermit,
    metrics: Arc<Metrics>,
}

impl RunningSlot {
    fn new(permit: tokio::sync::OwnedSemaphorePermit, metrics: Arc<Metrics>) -> RunningSlot {
        metrics.query_started();
        RunningSlot {
            _permit: permit,
            metrics,
        }
    }
}

/// A slot of the running-query bound if one is free now.
fn try_running(state: &AppState) -> Option<Arc<RunningSlot>> {
    let permit = state.running().clone().try_acquire_owned().ok()?;
    Some(Arc::new(RunningSlot::new(permit, state.metrics().clone())))
}

impl Drop for RunningSlot {
    fn drop(&mut self) {
        self.metrics.query_finished();
    }
}

/// A slot of the running-query bound within `Limits::queue_wait`, else
/// 503 `SERVICE_UNAVAILABLE` (with `Retry-After`).
async fn acquire_running(state: &AppState) -> Result<Arc<RunningSlot>, ApiError> {
    let semaphore = state.running().clone();
    let permit = match semaphore.clone().try_acquire_owned() {
        Ok(p) => Some(p),
        Err(_) => tokio::time::timeout(state.limits().queue_wait, semaphore.acquire_owned())
            .await
            .ok()
            .and_then(Result::ok),
    };
    let metrics = state.metrics().clone();
    match permit {
        Some(permit) => Ok(Arc::new(RunningSlot::new(permit, metrics))),
        None => {
            metrics.rejected(Rejection::Overload);
            Err(ApiError::Overloaded {
                max: state.limits().max_running_queries.max(1),
            })
        }
    }
}

/// How long the stream's head waits for its first frame, to leave with it.
pub const HEAD_WAITS_FOR_FIRST_FRAME: Duration = Duration::from_millis(2);

fn frame(out: Out) -> Bytes {
    match out {
        Out::Event(e) => e.to_sse(),
        Out::KeepAlive => Bytes::from_static(KEEP_ALIVE),
    }
}

async fn sse_response(mut rx: mpsc::Receiver<Out>, guard: CancelOnDrop) -> Response {
    // The head waits briefly for the first frame, so that a fast query's
    // head and events leave in one write (one wake-up of the client instead
    // of two); no frame waits for the head. Past the wait (a statement still
    // running), the head goes alone, as before.
    let first = tokio::time::timeout(HEAD_WAITS_FOR_FIRST_FRAME, rx.recv())
        .await
        .ok()
        .flatten()
        .map(|out| Ok::<_, Infallible>(frame(out)));
    let rest = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let frame = frame(rx.recv().await?);
        Some((Ok::<_, Infallible>(frame), (rx, guard)))
    });
    let stream = futures_util::stream::iter(first).chain(rest);
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

/// The JSON array of the envelopes, once the session has ended. The events
/// are dropped as soon as the array is written (at its exact size), and the
/// array's body holds the stream slot until hyper has taken the last of it:
/// an answer counts against the key's open streams until it has left the
/// process (or its client has been dropped), like a stream.
async fn json_response(mut rx: mpsc::Receiver<Out>, guard: CancelOnDrop) -> Response {
    let mut events = Vec::with_capacity(4);
    while let Some(out) = rx.recv().await {
        if let Out::Event(e) = out {
            events.push(e);
        }
    }
    let array = crate::events::json_array(&events);
    drop(events);
    let mut resp = Response::new(Body::new(HeldBody {
        data: Some(array),
        _guard: guard,
    }));
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    resp
}

/// One chunk of known length, and a guard that lives as long as the body:
/// hyper asks for the end only once the chunk has mostly been written, so
/// the guard (the stream slot) is given back then, or when the client is
/// dropped.
struct HeldBody {
    data: Option<Bytes>,
    _guard: CancelOnDrop,
}

impl http_body::Body for HeldBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, Infallible>>> {
        std::task::Poll::Ready(
            self.get_mut()
                .data
                .take()
                .map(|d| Ok(http_body::Frame::data(d))),
        )
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.data.as_ref().map_or(0, |d| d.len() as u64))
    }
}

/// The request's checks up to the plan, on the blocking pool.
struct Front {
    state: AppState,
    log: Arc<RequestLog>,
    /// The `Content-Type` is JSON's.
    json_body: bool,
    /// Step 7's refusal, given after the dataset's.
    not_acceptable: Option<ApiError>,
    cancel: Arc<AtomicBool>,
}

/// The request's stream slot, its tier, and its plan (or the wait for a
/// running slot before it); or why it stopped before its stream.
type FrontOutcome = Result<(StreamSlot, TierLabel, Prepared), ApiError>;

/// The front's outcome for the handler, and the plan's statement with its
/// running slot, for the thread that planned to run.
type FrontPlanned = Result<(FrontOutcome, Option<(StatementJob, Arc<RunningSlot>)>), ApiError>;

impl Front {
    /// Steps 2 and 3 (the key and its rate; `rate` set once decided), the
    /// shutdown, the key's open answers and the body's media type: all
    /// before any look at the body. Blocking.
    fn admit(
        &self,
        key: PresentedKey,
        peer: Option<std::net::SocketAddr>,
        rate: &mut Option<RateDecision>,
    ) -> Result<(StreamSlot, i64), ApiError> {
        let state = &self.state;
        let metrics = state.metrics();
        let who = authenticate_blocking(state, key, peer, rate)?;
        let account_id = who.account_id;
        self.log.update(|f| f.account_id = Some(account_id));
        if state.is_stopping() {
            metrics.rejected(Rejection::Shutdown);
            return Err(ApiError::ShuttingDown);
        }
        // 3. Open answers (streams and JSON arrays alike), per key, before
        // the body is read. The slot travels with the response body.
        let (_, max_streams) = crate::limits::effective(who.limits, state.limits());
        let slot = state
            .limiter()
            .open_stream(who.token_id, max_streams)
            .ok_or_else(|| {
                metrics.rejected(Rejection::StreamCap);
                ApiError::TooManyStreams { max: max_streams }
            })?;
        // 4. The body: media type (then size, JSON object).
        if !self.json_body {
            return Err(ApiError::UnsupportedMediaType);
        }
        Ok((slot, account_id))
    }

    /// Steps 5 (the fields), 6 (the dataset) and 7 (content negotiation),
    /// a running slot if one is free now, then loading, planning and the
    /// plan's statement, started. Blocking.
    fn plan_request(self, slot: StreamSlot, account_id: i64, body: &[u8]) -> FrontPlanned {
        let req = QueryRequest::from_body(body)?;
        let tier = if req.use_smaller_model {
            Tier::Small
        } else {
            Tier::Default
        };
        let tier_label = match tier {
            Tier::Small => TierLabel::Small,
            _ => TierLabel::Default,
        };
        self.log.update(|f| {
            f.dataset = Some(req.dataset_id.clone());
            f.tier = Some(tier_label.as_str());
        });
        // 6. Dataset: unknown and not-yours look the same.
        let st = self.state;
        let entry = st
            .with_catalog(|c| c.get_dataset(account_id, &req.dataset_id))
            .map_err(ApiError::catalog)?
            .ok_or(ApiError::InvalidDataset)?;
        // 7. Content negotiation.
        if let Some(e) = self.not_acceptable {
            return Err(e);
        }
        let running = try_running(&st);
        let job = Job {
            state: st,
            request: req,
            tier,
            cancel: self.cancel,
        };
        let (prepared, statement) = match running {
            Some(running) => job.plan(&entry, running)?,
            None => (Prepared::NoSlotYet(entry, Box::new(job)), None),
        };
        Ok((Ok((slot, tier_label, prepared)), statement))
    }
}

/// Hands the front's outcome (and the rate decision, when made here) to
/// the handler, then runs the plan's statement here unless the handler has
/// gone.
fn front_done(
    tx: tokio::sync::oneshot::Sender<(Option<RateDecision>, FrontOutcome)>,
    decision: Option<RateDecision>,
    planned: FrontPlanned,
) {
    let (outcome, statement) = match planned {
        Ok(done) => done,
        Err(e) => (Err(e), None),
    };
    if tx.send((decision, outcome)).is_ok() {
        if let Some((statement, _running)) = statement {
            statement.run();
        }
    }
}

/// What loading and planning need, on the blocking pool.
struct Job {
    state: AppState,
    request: QueryRequest,
    tier: Tier,
    cancel: Arc<AtomicBool>,
}

/// A session planned, its first statement started, its running slot held.
struct Ready {
    session: Session,
    plan: QueryPlan,
    started: Started,
    planning: Duration,
    running: Arc<RunningSlot>,
}

enum Prepared {
    Ready(Box<Ready>),
    /// The dataset exists, but every running slot is taken: wait for one
    /// (off the blocking pool), then plan.
    NoSlotYet(DatasetEntry, Box<Job>),
}

/// A planned query, sent to the handler, and its first statement, run on
/// the calling thread; or the failure that stops the query before its
/// stream.
type Planned = Result<(Prepared, Option<(StatementJob, Arc<RunningSlot>)>), ApiError>;

impl Job {
    /// Loads the dataset, plans and starts the plan's statement. Blocking.
    fn plan(&self, entry: &DatasetEntry, running: Arc<RunningSlot>) -> Planned {
        let st = &self.state;
        let d = st.load_dataset(entry).map_err(ApiError::from_any)?;
        let session = Session::new(st.engine(), d, self.request.limit, st.query_timeout())
            .with_cancel(self.cancel.clone())
            .with_stop(st.stop_signal())
            .with_keep_alive_every(KEEP_ALIVE_EVERY);
        let t = Instant::now();
        let plan = session.plan(&self.request.query_string, self.tier);
        let planning = t.elapsed();
        let (started, statement) = session.start(&plan);
        let ready = Ready {
            session,
            plan,
            started,
            planning,
            running: running.clone(),
        };
        Ok((Prepared::Ready(Box::new(ready)), Some((statement, running))))
    }
}

/// Hands the outcome of the blocking half to the handler, then runs the
/// plan's statement here (unless the handler has gone). The statement
/// holds its running slot until it ends, whatever the handler does.
fn job_done(tx: tokio::sync::oneshot::Sender<Result<Prepared, ApiError>>, planned: Planned) {
    match planned {
        Ok((prepared, statement)) => {
            if tx.send(Ok(prepared)).is_ok() {
                if let Some((statement, _running)) = statement {
                    statement.run();
                }
            }
        }
        Err(e) => {
            let _ = tx.send(Err(e));
        }
    }
}

/// Sets the cancel flag when dropped, unless [`CancelUnlessTaken::taken`]
/// was called.
struct CancelUnlessTaken(Option<Arc<AtomicBool>>);

impl CancelUnlessTaken {
    fn taken(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelUnlessTaken {
    fn drop(&mut self) {
        if let Some(cancel) = self.0.take() {
            cancel.store(true, Ordering::SeqCst);
        }
    }
}

/// A loaded dataset as a session sees it.
impl quarry_session::Dataset for LoadedDataset {
    fn file(&self) -> &Path {
        &self.file
    }
    fn profile(&self) -> &DatasetProfile {
        &self.profile
    }
    fn planner(&self) -> &Planner {
        &self.planner
    }
    fn dialect(&self) -> &'static dyn quarry_sql::Dialect {
        self.dialect
    }
    fn guard_cache(&self) -> Option<&quarry_session::GuardCache> {
        Some(&self.guarded)
    }
}

/// The producer: runs the session, whose events go to the response through
/// the channel; then records what it did (before the sink, and so the
/// response body, ends) and gives back its running slot.
async fn produce(
    session: Session,
    plan: QueryPlan,
    started: Started,
    mut sink: ChannelSink,
    tier: TierLabel,
    running: Arc<RunningSlot>,
) {
    let ended = session.run_started(plan, started, &mut sink).await;
    drop(running);
    if ended == Ended::Cancelled {
        tracing::info!(request_id = %sink.request_id, "client disconnected; query cancelled");
    }
    let stats = session.stats();
    let metrics = &sink.metrics;
    metrics.stage(Stage::Sql, tier, stats.sql);
    if stats.relaxed {
        metrics.relaxation();
    }
    if stats.timed_out {
        metrics.statement_timeout();
    }
    if stats.zero_results && ended == Ended::Closed {
        metrics.zero_results(tier);
    }
    sink.log.update(|f| {
        f.sql = Some(stats.sql);
        f.rows = Some(stats.rows);
    });
}

/// The session's sink: each event as the envelope of the contract, and a
/// keep-alive comment whenever the session says a statement still runs.
struct ChannelSink {
    tx: mpsc::Sender<Out>,
    request_id: String,
    metrics: Arc<Metrics>,
    log: Arc<RequestLog>,
    first_event: Arc<std::sync::OnceLock<Instant>>,
}

impl EventSink for ChannelSink {
    /// False when the client has gone.
    async fn emit(&mut self, event: Event) -> bool {
        self.first_event.get_or_init(Instant::now);
        let data = match event {
            Event::Thoughts(t) => EventData::Thoughts(ThoughtsData {
                filters: t.filters,
                traits: t.traits,
                key_phrases: t.key_phrases,
                metadata: t.metadata,
            }),
            Event::Sql(sql) => EventData::Sql(SqlData { sql }),
            Event::Results(items) => EventData::Results(ResultsData { items }),
            Event::Close(close) => {
                let data = close_data(close, &self.request_id);
                if data.error_code.as_deref() == Some(ErrorCode::ServiceUnavailable.as_str()) {
                    self.metrics.rejected(Rejection::Shutdown);
                }
                if let Some(code) = &data.error_code {
                    let code = ErrorCode::ALL
                        .iter()
                        .find(|c| c.as_str() == code)
                        .map(|c| c.as_str());
                    self.log.update(|f| f.error_code = code);
                }
                EventData::Close(data)
            }
        };
        self.tx.send(Out::Event(Envelope::new(data))).await.is_ok()
    }

    async fn still_running(&mut self) -> bool {
        self.tx.send(Out::KeepAlive).await.is_ok()
    }
}

/// The `close` payload of how a session ended, logged when it failed.
fn close_data(close: Close, request_id: &str) -> CloseData {
    let failure = match close {
        Close::Complete => {
            return CloseData {
                complete: true,
                error: None,
                error_code: None,
                retryable: None,
            }
        }
        Close::Failed(failure) => failure,
    };
    match failure {
        Failure::Stopped => {
            tracing::info!(request_id = %request_id, "query stopped by the shutdown");
            CloseData {
                complete: false,
                error: Some("The server is shutting down and stopped the query; retry it.".into()),
                error_code: Some(ErrorCode::ServiceUnavailable.to_string()),
                retryable: Some(ErrorCode::ServiceUnavailable.retryable()),
            }
        }
        Failure::Timeout(after) => {
            tracing::warn!(request_id = %request_id, "query timed out");
            CloseData {
                complete: false,
                error: Some(format!(
                    "The query took longer than {} ms and was stopped.",
                    after.as_millis()
                )),
                error_code: Some(ErrorCode::QueryTimeout.to_string()),
                retryable: Some(ErrorCode::QueryTimeout.retryable()),
            }
        }
        Failure::TooLarge(cap) => {
            tracing::info!(request_id = %request_id, "a record was larger than the result cap");
            CloseData {
                complete: false,
                error: Some(format!(
                    "A matching record is larger than the {} MiB an answer may hold once sent \
                     as JSON; no record was sent.",
                    cap >> 20
                )),
                error_code: Some(ErrorCode::ResultTooLarge.to_string()),
                retryable: Some(ErrorCode::ResultTooLarge.retryable()),
            }
        }
        Failure::Unavailable(detail) => {
            tracing::warn!(request_id = %request_id, detail = %detail, "the database is unavailable");
            CloseData {
                complete: false,
                error: Some("The database is unavailable; retry in a moment.".into()),
                error_code: Some(ErrorCode::ServiceUnavailable.to_string()),
                retryable: Some(ErrorCode::ServiceUnavailable.retryable()),
            }
        }
        Failure::Internal(detail) => {
            tracing::error!(request_id = %request_id, detail = %detail, "query failed");
            CloseData {
                complete: false,
                error: Some(internal_error_message(request_id)),
                error_code: Some(ErrorCode::InternalError.to_string()),
                retryable: Some(ErrorCode::InternalError.retryable()),
            }
        }
    }
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
