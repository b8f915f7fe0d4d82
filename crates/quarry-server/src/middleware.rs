//! The layer around every route: the `X-Request-Id` header (an incoming
//! valid one is echoed, else one is generated), one log line per request
//! (written when its answer's last byte has left, or its client went, with
//! what the handler added to its [`RequestLog`]: account, dataset, tier,
//! rows and stage timings),
//! and the guarantee that every error response has the contract's JSON body,
//! including the framework's own rejections; a 500 names the request id;
//! and on every response `X-Content-Type-Options: nosniff` and, unless the
//! handler chose one (the event stream's `no-cache`), `Cache-Control:
//! no-store`, as the console's pages have them: answers carry datasets'
//! records and must not be sniffed into something else or kept by a cache.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use quarry_contract::{internal_error_message, ErrorCode};
use tracing::Instrument;

use crate::error::error_response;

pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// The id of the request being handled, available to handlers as an
/// extension.
#[derive(Debug, Clone, Default)]
pub struct RequestId(pub String);

/// What a handler adds to its request's log line (an extension of every
/// request). Never a token: the account is named by its id.
#[derive(Debug, Default)]
pub struct RequestLog(Mutex<LogFields>);

#[derive(Debug, Default, Clone)]
pub struct LogFields {
    pub account_id: Option<i64>,
    pub dataset: Option<String>,
    pub tier: Option<&'static str>,
    pub rows: Option<usize>,
    pub plan: Option<Duration>,
    pub sql: Option<Duration>,
    pub stream: Option<Duration>,
    /// The error code of a refusal or of a failing `close`.
    pub error_code: Option<&'static str>,
}

impl RequestLog {
    pub fn update(&self, f: impl FnOnce(&mut LogFields)) {
        f(&mut self.0.lock().unwrap_or_else(|p| p.into_inner()));
    }

    fn fields(&self) -> LogFields {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

fn valid_incoming(v: &HeaderValue) -> Option<String> {
    let s = v.to_str().ok()?;
    let ok = (1..=128).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b));
    ok.then(|| s.to_string())
}

/// A fresh request id (24 hex digits).
pub fn generate_request_id() -> String {
    generate()
}

fn generate() -> String {
    let mut bytes = [0u8; 12];
    if getrandom::getrandom(&mut bytes).is_err() {
        // Fall back to the clock; uniqueness matters, secrecy does not.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        bytes.copy_from_slice(&nanos.to_le_bytes()[..12]);
    }
    hex::encode(bytes)
}

tokio::task_local! {
    /// The address of the client whose request this task is handling (for
    /// the audit log), set by [`frame`] from axum's `ConnectInfo`.
    static PEER: Option<SocketAddr>;
}

/// The address of the client whose request is being handled, when the
/// listener gave one.
pub fn peer() -> Option<SocketAddr> {
    PEER.try_with(|p| *p).ok().flatten()
}

pub async fn frame(mut req: Request, next: Next) -> Response {
    let started = Instant::now();
    let id = req
        .headers()
        .get(REQUEST_ID_HEADER)
        .and_then(valid_incoming)
        .unwrap_or_else(generate);
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let log = Arc::new(RequestLog::default());
    req.extensions_mut().insert(RequestId(id.clone()));
    req.extensions_mut().insert(log.clone());

    // Everything the handler logs carries the request id (an internal
    // error's details are logged inside this span, never sent).
    let span = tracing::info_span!("request", request_id = %id);
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0);
    let mut resp = PEER.scope(peer, next.run(req).instrument(span)).await;
    let status = resp.status();
    if status == StatusCode::INTERNAL_SERVER_ERROR {
        // Whatever produced it, the client gets the generic message and
        // the id to quote; the details are in the log.
        resp = replace_body(resp, &internal_error_message(&id), ErrorCode::InternalError);
    } else if (status.is_client_error() || status.is_server_error()) && !is_json(&resp) {
        let code = ErrorCode::for_status(status);
        resp = replace_body(resp, code.message(), code);
    }
    if let Ok(v) = HeaderValue::from_str(&id) {
        resp.headers_mut().insert(REQUEST_ID_HEADER, v);
    }
    let h = resp.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    let line = LogLine {
        started,
        id,
        method: method.to_string(),
        path,
        status: resp.status().as_u16(),
        log,
    };
    resp.map(|body| {
        Body::new(LoggedBody {
            inner: body,
            _line: line,
        })
    })
}

/// A request's log line, written when it is dropped: with the answer's
/// body, once its last byte has been handed on or its client has gone.
struct LogLine {
    started: Instant,
    id: String,
    method: String,
    path: String,
    status: u16,
    log: Arc<RequestLog>,
}

fn millis(d: Option<Duration>) -> Option<f64> {
    d.map(|d| (d.as_secs_f64() * 1e6).round() / 1e3)
}

impl Drop for LogLine {
    fn drop(&mut self) {
        let f = self.log.fields();
        tracing::info!(
            request_id = %self.id,
            method = %self.method,
            path = %self.path,
            status = self.status,
            account_id = f.account_id,
            dataset = f.dataset.as_deref(),
            tier = f.tier,
            rows = f.rows,
            error_code = f.error_code,
            plan_ms = millis(f.plan),
            sql_ms = millis(f.sql),
            stream_ms = millis(f.stream),
            elapsed_ms = millis(Some(self.started.elapsed())),
            "request"
        );
    }
}

/// A response body that writes its request's log line when it is dropped.
struct LoggedBody {
    inner: Body,
    _line: LogLine,
}

impl http_body::Body for LoggedBody {
    type Data = bytes::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        std::pin::Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

fn is_json(resp: &Response) -> bool {
    resp.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// Same status and headers (e.g. `Allow`), the contract's body.
fn replace_body(resp: Response, message: &str, code: ErrorCode) -> Response {
    let (mut parts, _) = resp.into_parts();
    let fresh = error_response(code, message);
    let (fresh_parts, body): (_, Body) = fresh.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    if let Some(ct) = fresh_parts.headers.get(header::CONTENT_TYPE) {
        parts.headers.insert(header::CONTENT_TYPE, ct.clone());
    }
    Response::from_parts(parts, body)
}
