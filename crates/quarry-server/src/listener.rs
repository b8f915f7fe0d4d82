//! The accept loop: HTTP/1.1 connections served by hyper with the limits
//! that protect the process from slow or numerous clients.
//!
//! - At most `max_connections` connections are served at once; a connection
//!   over the cap gets a `503 SERVICE_UNAVAILABLE` with `Retry-After` and is
//!   closed (and past a small number of those at once, it is closed
//!   unanswered).
//! - A client has `read_timeout` to send a request's headers (hyper's
//!   `header_read_timeout`, which also ends idle keep-alive connections);
//!   the query handler gives it as long again for the body.
//! - Idle sockets cannot starve the cap: once the open connections pass a
//!   high-water mark ([`high_water`]: the cap less an eighth), every
//!   connection not in the middle of a request — idle keep-alive ones, and
//!   those that have not sent a full request head — is closed once it is
//!   [`PRESSURE_GRACE`] old, and those in a request close after it (no
//!   keep-alive).
//! - A request head larger than `max_header_bytes` is refused with a 431 and
//!   the contract's JSON error body. hyper itself reads heads of up to
//!   [`HEAD_BUFFER_FACTOR`] times that size; past it hyper answers a bare
//!   431 (no body) and closes.
//!
//! - A client that takes nothing the server writes for `write_timeout` is
//!   dropped ([`crate::write_timeout`]), and the answer it held with it.
//!
//! - With TLS ([`ServeOptions::tls`]), each connection's handshake is done
//!   in its own task within the read time-out, then served the same way.
//! - Every request is counted in the metrics ([`ServeOptions::metrics`]) by
//!   route pattern and status, with its time until its answer's last byte.
//!
//! Each request carries the peer address as `ConnectInfo<SocketAddr>`.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderValue, Request, Response};
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use quarry_contract::ErrorCode;
use quarry_metrics::{Metrics, Rejection, Route};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch, Semaphore};
use tokio::time::Instant;
use tower::ServiceExt;

use crate::limits::Limits;
use crate::tls::TlsState;
use crate::write_timeout::WriteTimeout;

/// What [`serve_with`] adds to [`serve`]: where requests are counted, and
/// TLS.
#[derive(Debug, Default, Clone)]
pub struct ServeOptions {
    pub metrics: Option<Arc<Metrics>>,
    pub tls: Option<Arc<TlsState>>,
}

type Plain = WriteTimeout<TcpStream>;

/// A connection's byte stream: the socket, or TLS over it.
enum Conn {
    Plain(Plain),
    Tls(Box<tokio_rustls::server::TlsStream<Plain>>),
}

impl AsyncRead for Conn {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => std::pin::Pin::new(s).poll_read(cx, buf),
            Conn::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        match self.get_mut() {
            Conn::Plain(s) => std::pin::Pin::new(s).poll_write(cx, buf),
            Conn::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        match self.get_mut() {
            Conn::Plain(s) => std::pin::Pin::new(s).poll_write_vectored(cx, bufs),
            Conn::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_write_vectored(cx, bufs),
        }
    }

    fn is_write_vectored(&self) -> bool {
        match self {
            Conn::Plain(s) => s.is_write_vectored(),
            Conn::Tls(s) => s.is_write_vectored(),
        }
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => std::pin::Pin::new(s).poll_flush(cx),
            Conn::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => std::pin::Pin::new(s).poll_shutdown(cx),
            Conn::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}

/// The connection ready for HTTP: as it is, or once its TLS handshake is
/// done (within `timeout`; `None` when it failed or took too long).
async fn ready(io: Plain, tls: Option<&TlsState>, timeout: Duration) -> Option<Conn> {
    let Some(tls) = tls else {
        return Some(Conn::Plain(io));
    };
    match tokio::time::timeout(timeout, tls.acceptor().accept(io)).await {
        Ok(Ok(stream)) => Some(Conn::Tls(Box::new(stream))),
        Ok(Err(e)) => {
            tracing::debug!(error = %e, "TLS handshake failed");
            None
        }
        Err(_) => {
            tracing::debug!("TLS handshake timed out");
            None
        }
    }
}

/// Counts a request in the metrics when dropped (with its answer's body).
struct RequestDone {
    metrics: Arc<Metrics>,
    route: Route,
    status: u16,
    started: std::time::Instant,
}

impl Drop for RequestDone {
    fn drop(&mut self) {
        self.metrics
            .request(self.route, self.status, self.started.elapsed());
    }
}

/// Connections over the cap that are answered with a 503 at once; beyond
/// these they are closed unanswered.
const OVERFLOW_ANSWERS: usize = 64;
/// After open streams were told to stop, how long their last events have to
/// reach the clients before the process lets go of the connections.
const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// Under pressure (open connections past [`high_water`]), how long a
/// connection may go without being in a request, counted from its accept,
/// before it is closed (at most the read time-out).
const PRESSURE_GRACE: Duration = Duration::from_secs(2);

/// The number of open connections past which idle ones are closed: the cap
/// less an eighth of it (at least one).
pub fn high_water(max_connections: usize) -> usize {
    max_connections.saturating_sub((max_connections / 8).max(1))
}

/// hyper's read buffer, in multiples of `max_header_bytes`: heads between
/// the limit and this many times it reach [`head_too_large`], which answers
/// in the contract's error shape.
const HEAD_BUFFER_FACTOR: usize = 4;

fn http1_builder(limits: &Limits) -> http1::Builder {
    let mut b = http1::Builder::new();
    b.timer(TokioTimer::new())
        .header_read_timeout(limits.read_timeout)
        .max_buf_size(
            limits
                .max_header_bytes
                .saturating_mul(HEAD_BUFFER_FACTOR)
                .max(8192),
        )
        .keep_alive(true);
    b
}

/// Size of a request's head as it was sent: the request line, each header
/// line and the blank line.
fn head_size<B>(req: &Request<B>) -> usize {
    let line = req.method().as_str().len() + 1 + req.uri().to_string().len() + 11;
    let headers: usize = req
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + 2 + value.len() + 2)
        .sum();
    line + headers + 2
}

/// The 431 answer to a head over `max_header_bytes`; the connection closes.
fn head_too_large(max: usize) -> Response<Body> {
    error_response(
        ErrorCode::HeadersTooLarge,
        &format!("The request line and headers exceed {max} bytes."),
        None,
    )
}

/// Serves `router` on `listener` until `shutdown` completes. Then it stops
/// accepting, closes idle connections and lets in-flight requests finish for
/// `limits.shutdown_drain`; past that it calls `stop_streams` (which ends
/// the open query streams with a failing `close`) and waits at most
/// [`CLOSE_GRACE`] more.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
    stop_streams: impl FnOnce(),
) -> std::io::Result<()> {
    serve_with(
        listener,
        router,
        limits,
        ServeOptions::default(),
        shutdown,
        stop_streams,
    )
    .await
}

/// [`serve`], with metrics and TLS.
pub async fn serve_with(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    options: ServeOptions,
    shutdown: impl Future<Output = ()>,
    stop_streams: impl FnOnce(),
) -> std::io::Result<()> {
    let max = limits.max_connections.max(1);
    let mark = high_water(max);
    let grace = PRESSURE_GRACE.min(limits.read_timeout);
    let slots = Arc::new(Semaphore::new(max));
    let overflow = Arc::new(Semaphore::new(OVERFLOW_ANSWERS));
    let builder = http1_builder(limits);
    let mut busy = http1_builder(limits);
    busy.keep_alive(false);
    // Raised when the open connections pass the high-water mark; `stop`
    // when the server shuts down; every connection task holds a `done`.
    let (pressure, _) = watch::channel(0u64);
    let (stop, _) = watch::channel(false);
    let (done, mut all_done) = mpsc::channel::<()>(1);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(c) => c,
                Err(e) => {
                    // Out of file descriptors and the like: back off, go on.
                    tracing::warn!(error = %e.kind(), "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let io = WriteTimeout::new(stream, limits.write_timeout);
        let tls = options.tls.clone();
        let metrics = options.metrics.clone();
        let read_timeout = limits.read_timeout;
        let accepted = Instant::now();
        let permit = slots.clone().try_acquire_owned();
        if permit.is_err() || max - slots.available_permits() > mark {
            pressure.send_modify(|n| *n += 1);
        }
        match permit {
            Ok(permit) => {
                let router = router.clone();
                let max_head = limits.max_header_bytes;
                let in_flight = Arc::new(());
                let tracker = in_flight.clone();
                let svc = hyper::service::service_fn(move |mut req: Request<Incoming>| {
                    let router = router.clone();
                    // Held until the response body is done (or dropped).
                    let guard = tracker.clone();
                    let metrics = metrics.clone();
                    let started = std::time::Instant::now();
                    let route = Route::of_path(req.uri().path());
                    async move {
                        let resp = if head_size(&req) > max_head {
                            head_too_large(max_head)
                        } else {
                            req.extensions_mut().insert(ConnectInfo(peer));
                            router.oneshot(req).await?
                        };
                        let done = metrics.map(|metrics| RequestDone {
                            metrics,
                            route,
                            status: resp.status().as_u16(),
                            started,
                        });
                        Ok::<_, Infallible>(resp.map(|b| {
                            Body::new(Tracked {
                                inner: b,
                                _guard: guard,
                                _done: done,
                            })
                        }))
                    }
                });
                let builder = builder.clone();
                let (mut pressure, mut stop) = (pressure.subscribe(), stop.subscribe());
                let done = done.clone();
                tokio::spawn(async move {
                    let Some(io) = ready(io, tls.as_deref(), read_timeout).await else {
                        drop(permit);
                        drop(done);
                        return;
                    };
                    let conn = builder.serve_connection(TokioIo::new(io), svc);
                    tokio::pin!(conn);
                    let in_request = || Arc::strong_count(&in_flight) > 2;
                    let mut deadline: Option<Instant> = None;
                    let (mut watching, mut closing) = (true, false);
                    loop {
                        tokio::select! {
                            // Errors here are the client's (reset, time-out,
                            // bad request line); hyper has answered what it
                            // could.
                            _ = conn.as_mut() => break,
                            _ = stop.changed(), if !closing => {
                                closing = true;
                                conn.as_mut().graceful_shutdown();
                            }
                            changed = pressure.changed(), if watching && deadline.is_none() && !closing => {
                                match changed {
                                    Ok(()) => deadline = Some((accepted + grace).max(Instant::now())),
                                    Err(_) => watching = false,
                                }
                            }
                            _ = tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                                if !in_request() {
                                    break; // idle, or no full head yet: closed
                                }
                                deadline = None;
                                closing = true;
                                conn.as_mut().graceful_shutdown();
                            }
                        }
                    }
                    drop(permit);
                    drop(done);
                });
            }
            Err(_) => {
                if let Some(m) = &metrics {
                    m.rejected(Rejection::Connections);
                }
                let Ok(permit) = overflow.clone().try_acquire_owned() else {
                    continue; // dropped: closed unanswered
                };
                let busy = busy.clone();
                tokio::spawn(async move {
                    let answer = async {
                        let io = ready(io, tls.as_deref(), Duration::from_secs(2)).await?;
                        let conn = busy.serve_connection(
                            TokioIo::new(io),
                            hyper::service::service_fn(|req: Request<Incoming>| {
                                if let Some(m) = &metrics {
                                    m.request(
                                        Route::of_path(req.uri().path()),
                                        503,
                                        Duration::ZERO,
                                    );
                                }
                                async { Ok::<_, Infallible>(over_capacity()) }
                            }),
                        );
                        conn.await.ok()
                    };
                    let _ = tokio::time::timeout(Duration::from_secs(5), answer).await;
                    drop(permit);
                });
            }
        }
    }
    drop(listener);
    tracing::info!("shutting down: no new connections; letting open requests finish");
    let _ = stop.send(true);
    drop(done);
    let finished = all_done.recv();
    tokio::pin!(finished);
    tokio::select! {
        _ = &mut finished => return Ok(()),
        _ = tokio::time::sleep(limits.shutdown_drain) => {}
    }
    tracing::info!("shutting down: ending the open query streams");
    stop_streams();
    tokio::select! {
        _ = &mut finished => {}
        _ = tokio::time::sleep(CLOSE_GRACE) => {
            tracing::warn!("connections still open after the shutdown grace period");
        }
    }
    Ok(())
}

/// A response body that holds its connection's in-request mark until it is
/// done, so that a streaming answer counts as a request in progress.
struct Tracked {
    inner: Body,
    _guard: Arc<()>,
    _done: Option<RequestDone>,
}

impl hyper::body::Body for Tracked {
    type Data = bytes::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        std::pin::Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.inner.size_hint()
    }
}

/// The answer on a connection over the cap.
fn over_capacity() -> Response<Body> {
    error_response(
        ErrorCode::ServiceUnavailable,
        "The server has too many open connections; retry later.",
        Some("1"),
    )
}

/// An error answered by the accept loop itself (the router never saw the
/// request): the contract's shape, a request id, and `Connection: close`.
fn error_response(
    code: ErrorCode,
    message: &str,
    retry_after: Option<&'static str>,
) -> Response<Body> {
    let body = serde_json::json!({ "error": message, "error_code": code }).to_string();
    let mut resp = Response::new(Body::from(body));
    *resp.status_mut() = code.status();
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Some(secs) = retry_after {
        h.insert(header::RETRY_AFTER, HeaderValue::from_static(secs));
    }
    h.insert(header::CONNECTION, HeaderValue::from_static("close"));
    h.insert(
        crate::middleware::REQUEST_ID_HEADER,
        HeaderValue::from_str(&crate::middleware::generate_request_id())
            .unwrap_or_else(|_| HeaderValue::from_static("-")),
    );
    resp
}
