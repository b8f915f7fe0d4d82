//! Quarry's HTTP service.
//!
//! Routes: `POST /v1/query` (the contract's one operation, `query`),
//! `GET /v1/datasets` and `GET /v1/datasets/{id}` (discovery, an extension
//! of the contract, `datasets`), `GET /v1/openapi.json` (generated,
//! `openapi`) and `GET /healthz`. `auth` checks the API key and its rate
//! for every route that takes one.
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
mod write_timeout;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use tower_http::catch_panic::CatchPanicLayer;

pub use error::ApiError;
pub use limits::Limits;
pub use quarry_session::{EngineFailure, EngineRows, QueryEngine, ResultItem, SqliteEngine};
pub use state::{AppState, Config};

/// The service's router with its state and layers.
pub fn app(state: AppState) -> Router {
    Router::new()
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
        use quarry_dataset::DatasetStore;
        let store = quarry_dataset::SqliteStore::in_data_dir(&config.data_dir);
        if store.root().is_dir() {
            if let Err(e) = store.remove_stale_imports() {
                tracing::warn!(
                    error = %quarry_session::redact_paths(&e.to_string(), store.root()),
                    "could not remove stale temporary dataset files"
                );
            }
        }
        let state = AppState::build(
            &config.data_dir,
            config.query_timeout,
            std::sync::Arc::new(SqliteEngine),
            config.limits.clone(),
        )?;
        spawn_retired_file_sweeper(state.clone(), config.query_timeout);
        Ok(Api { config, state })
    }

    /// The API's router, with its state and its layers ([`app`]).
    pub fn router(&self) -> Router {
        app(self.state.clone())
    }

    /// Binds `config.addr` and serves `router` until Ctrl-C or SIGTERM; at
    /// shutdown the API's open streams are stopped.
    pub async fn serve(self, router: Router) -> anyhow::Result<()> {
        let config = &self.config;
        let listener = tokio::net::TcpListener::bind(&config.addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.addr))?;
        tracing::info!(
            addr = %listener.local_addr()?,
            max_connections = config.limits.max_connections,
            "quarry listening on http://{}",
            listener.local_addr()?
        );
        let stopper = self.state.clone();
        // Our own accept loop (connection cap, slow-client time-outs, header
        // size); it gives each request its peer address as axum's
        // ConnectInfo.
        listener::serve(
            listener,
            router,
            &config.limits,
            shutdown_signal(),
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
