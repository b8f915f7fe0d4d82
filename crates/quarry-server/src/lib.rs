//! Quarry's HTTP service.
//!
//! Routes: `POST /v1/query` (the contract's one operation, `query`),
//! `GET /v1/datasets` and `GET /v1/datasets/{id}` (discovery, an extension
//! of the contract, `datasets`), `GET /v1/openapi.json` (generated,
//! `openapi`), `GET /healthz` and `GET /metrics` (Prometheus, from the
//! `quarry-metrics` registry; never behind a key, on the main address or
//! its own). `auth` checks the API key and its rate for every route that
//! takes one. `listener` is the accept loop (with `tls`, HTTPS).
//! The layer in `middleware` gives every response an `X-Request-Id` and
//! every error the contract's body; `error` is the one place errors become
//! statuses and codes. This crate knows nothing of SQL text, nor of how a
//! query runs: a `quarry_session::Session` plans, renders, guards and runs
//! it, and `query` writes the session's events as the stream. Nor does it
//! know the web console: the binary nests the console's router next to
//! [`Api::router`].

mod auth;
mod datasets;
mod error;
mod events;
mod limits;
pub mod listener;
mod middleware;
mod openapi;
mod query;
pub mod request;
mod state;
pub mod tls;
mod write_timeout;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use tower_http::catch_panic::CatchPanicLayer;

pub use error::ApiError;
pub use limits::{default_max_running_queries, Limits};
pub use quarry_metrics::Metrics;
pub use quarry_session::{EngineFailure, EngineRows, QueryEngine, ResultItem, SqliteEngine};
pub use state::{AppState, Config};
pub use tls::TlsFiles;

/// The service's router with its state and layers, `GET /metrics` included.
pub fn app(state: AppState) -> Router {
    app_with(state, true)
}

/// The service's router; `GET /metrics` only when `with_metrics` (else it
/// is served on an address of its own, [`metrics_app`]).
pub fn app_with(state: AppState, with_metrics: bool) -> Router {
    let router = Router::new();
    let router = if with_metrics {
        router.route(
            "/metrics",
            get(metrics_text).fallback(|| async { method_not_allowed("GET, HEAD") }),
        )
    } else {
        router
    };
    router
        .route(
            "/v1/query",
            post(query::query_dataset).fallback(|| async { method_not_allowed("POST") }),
        )
        .route(
            "/v1/datasets",
            get(datasets::list_datasets).fallback(|| async { method_not_allowed("GET, HEAD") }),
        )
        .route(
            "/v1/datasets/{id}",
            get(datasets::get_dataset).fallback(|| async { method_not_allowed("GET, HEAD") }),
        )
        .route(
            "/v1/openapi.json",
            get(openapi_json).fallback(|| async { method_not_allowed("GET, HEAD") }),
        )
        .route(
            "/healthz",
            get(healthz).fallback(|| async { method_not_allowed("GET, HEAD") }),
        )
        .fallback(|| async { ApiError::NotFound })
        .with_state(state)
        .layer(CatchPanicLayer::custom(|_panic| {
            tracing::error!("a handler panicked");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }))
        .layer(axum::middleware::from_fn(middleware::frame))
}

fn method_not_allowed(allow: &'static str) -> Response {
    ApiError::MethodNotAllowed { allow }.into_response()
}

async fn openapi_json() -> Response {
    Json(openapi::document()).into_response()
}

async fn healthz() -> Response {
    Json(serde_json::json!({"status": "ok"})).into_response()
}

/// The metrics in the OpenMetrics text format: counts and times, labelled
/// by route pattern, stage, tier and reason, never by token, account or
/// dataset.
async fn metrics_text(axum::extract::State(state): axum::extract::State<AppState>) -> Response {
    let body = state.metrics().encode();
    (
        [(
            axum::http::header::CONTENT_TYPE,
            quarry_metrics::CONTENT_TYPE,
        )],
        body,
    )
        .into_response()
}

/// `GET /metrics` alone, for `--metrics-addr`.
pub fn metrics_app(state: AppState) -> Router {
    Router::new()
        .route(
            "/metrics",
            get(metrics_text).fallback(|| async { method_not_allowed("GET, HEAD") }),
        )
        .fallback(|| async { ApiError::NotFound })
        .with_state(state)
        .layer(axum::middleware::from_fn(middleware::frame))
}

/// How often the server deletes dataset files that a replacement or a drop
/// retired (see `Catalog::sweep_retired_versions`).
const SWEEP_INTERVAL: std::time::Duration = std::time::Duration::from_secs(30);

/// Deletes retired dataset files now and every [`SWEEP_INTERVAL`], each once
/// it has been retired longer than any query could still be about to open
/// it.
fn spawn_retired_file_sweeper(state: AppState, query_timeout: std::time::Duration) {
    let grace = quarry_catalog::RETIRED_FILE_GRACE.max(query_timeout * 2);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SWEEP_INTERVAL);
        loop {
            every.tick().await;
            let state = state.clone();
            let swept =
                tokio::task::spawn_blocking(move || state.sweep_retired_versions(grace)).await;
            match swept {
                Ok(Ok(0)) => {}
                Ok(Ok(n)) => tracing::info!(files = n, "deleted retired dataset files"),
                Ok(Err(e)) => tracing::warn!(error = %e, "could not delete retired dataset files"),
                Err(e) => tracing::warn!(error = %e, "the retired-file sweep panicked"),
            }
        }
    });
}

/// The API service, opened: its state built and the retired-file sweeper
/// running. The caller serves [`Api::router`], alone or with more routes
/// (the binary nests the web console next to it), through [`Api::serve`].
pub struct Api {
    config: Config,
    state: AppState,
}

impl Api {
    /// Removes stale temporary dataset files, opens the catalog and starts
    /// the sweeper of retired dataset files. Call it inside the runtime
    /// that will serve.
    pub fn open(config: Config) -> anyhow::Result<Api> {
        let backend = &config.backend;
        let root = backend.data_dir().join(quarry_dataset::DATASETS_DIR);
        let store = backend.store()?;
        if backend.is_postgres() || root.is_dir() {
            // A thread of its own: this runs inside the runtime, and the
            // PostgreSQL store blocks on its own.
            let removed = std::thread::scope(|s| {
                s.spawn(|| store.remove_stale_imports())
                    .join()
                    .unwrap_or_else(|_| Err(std::io::Error::other("panicked")))
            });
            if let Err(e) = removed {
                tracing::warn!(
                    error = %quarry_session::redact_paths(&e.to_string(), &root),
                    "could not remove stale temporary dataset files"
                );
            }
        }
        let engine: std::sync::Arc<dyn quarry_session::QueryEngine> = if backend.is_postgres() {
            std::sync::Arc::new(quarry_session::StoreEngine(store))
        } else {
            std::sync::Arc::new(SqliteEngine)
        };
        let state = AppState::build_on(
            backend.clone(),
            config.query_timeout,
            engine,
            config.limits.clone(),
            config.metrics.clone(),
        )?;
        spawn_retired_file_sweeper(state.clone(), config.query_timeout);
        Ok(Api { config, state })
    }

    /// The API's router, with its state and its layers ([`app_with`]):
    /// `GET /metrics` is on it unless it has an address of its own.
    pub fn router(&self) -> Router {
        app_with(self.state.clone(), self.config.metrics_addr.is_none())
    }

    /// Binds `config.addr` (and `config.metrics_addr`) and serves `router`
    /// until Ctrl-C or SIGTERM, over TLS when `config.tls` names the files;
    /// at shutdown the API's open streams are stopped.
    pub async fn serve(self, router: Router) -> anyhow::Result<()> {
        let config = &self.config;
        // Read before binding: a bad certificate stops the start.
        let tls = match &config.tls {
            Some(files) => {
                let state = tls::TlsState::load(files.clone())?;
                state.spawn_reloader();
                Some(state)
            }
            None => {
                // SIGHUP reloads certificates; with none, it only says so
                // (its default action would end the server).
                tokio::spawn(async {
                    use tokio::signal::unix::{signal, SignalKind};
                    if let Ok(mut hangup) = signal(SignalKind::hangup()) {
                        while hangup.recv().await.is_some() {
                            tracing::info!("SIGHUP: no TLS certificate to reload");
                        }
                    }
                });
                None
            }
        };
        let listener = tokio::net::TcpListener::bind(&config.addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.addr))?;
        let scheme = if tls.is_some() { "https" } else { "http" };
        tracing::info!(
            addr = %listener.local_addr()?,
            max_connections = config.limits.max_connections,
            max_running_queries = config.limits.max_running_queries,
            tls = tls.is_some(),
            "quarry listening on {scheme}://{}",
            listener.local_addr()?
        );
        // One shutdown for both listeners.
        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            shutdown_signal().await;
            let _ = stop_tx.send(true);
        });
        let stopped = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
            let _ = rx.wait_for(|&s| s).await;
        };
        if let Some(addr) = &config.metrics_addr {
            let metrics_listener = tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| anyhow::anyhow!("cannot listen on {addr} (--metrics-addr): {e}"))?;
            tracing::info!(
                "metrics on http://{}/metrics",
                metrics_listener.local_addr()?
            );
            let router = metrics_app(self.state.clone());
            let limits = Limits {
                max_connections: 64,
                ..config.limits.clone()
            };
            let rx = stop_rx.clone();
            tokio::spawn(async move {
                if let Err(e) =
                    listener::serve(metrics_listener, router, &limits, stopped(rx), || {}).await
                {
                    tracing::warn!(error = %e, "the metrics listener stopped");
                }
            });
        }
        let stopper = self.state.clone();
        // Our own accept loop (connection cap, slow-client time-outs, header
        // size, TLS); it gives each request its peer address as axum's
        // ConnectInfo.
        listener::serve_with(
            listener,
            router,
            &config.limits,
            listener::ServeOptions {
                metrics: Some(config.metrics.clone()),
                tls,
            },
            stopped(stop_rx),
            move || stopper.stop_streams(),
        )
        .await?;
        tracing::info!("quarry stopped");
        Ok(())
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
