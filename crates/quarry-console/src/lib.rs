//! The web console, served by `quarry serve` under `/console`: account
//! holders sign in with email and password, manage their API tokens (the
//! contract's "API Tokens tab"), upload and drop datasets, and try searches
//! in a playground that calls the public `POST /v1/query` stream with one of
//! their tokens, exactly as any client would.
//!
//! Pages are rendered on the server from templates compiled into the binary
//! (askama, `templates/`); a little plain JavaScript (`assets/`, embedded
//! too) adds reveal and copy buttons, upload progress and the playground's
//! stream reader. Nothing here is built by Node.
//!
//! Security (DESIGN §4) lives in [`auth`] (sessions, CSRF, sign-in
//! throttling, first-run setup) and [`headers`] (CSP and the other response
//! headers, the same-origin check on every form post). Sessions and
//! throttling state are in the catalog; a session cookie is scoped to
//! `/console` and is never an API key, and an API key never opens the
//! console. Every form names objects (token ids, dataset ids) that are
//! looked up *within the signed-in account*, so another account's id is
//! simply "not found".
//!
//! The console has its own catalog connection; the API sees its changes on
//! the next request (a deleted token is refused at once).

mod activity;
mod assets;
mod auth;
mod datasets;
mod headers;
mod pages;
mod playground;
mod time;
mod tokens;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use quarry_catalog::{CatalogBackend, SessionLimits};
use quarry_contract::ErrorCode;
use quarry_dataset::DatasetStore;
use quarry_pg::Backend;
use tower_http::catch_panic::CatchPanicLayer;

/// Where the console is mounted; cookies are scoped to it.
pub const MOUNT: &str = "/console";

/// Sign-in throttling, which slows a guesser without locking the owner out.
/// Failures are counted within `window` per subject: an account together
/// with a client address, and an account from any browser it has not
/// signed in from — or, for a sign-in from a browser the account has signed
/// in from (its device cookie, kept `device_lifetime`), that browser alone.
/// Past `per_pair` failures of a browser or an account and address
/// (`per_account` of an account from unknown browsers), the next attempt
/// must wait 2^(failures − limit) seconds after the latest failure (at most
/// `window`); meanwhile it is answered 429 without checking the password.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignInLimits {
    pub per_pair: u32,
    pub per_account: u32,
    /// Wrong first-run setup codes per client address within `window`;
    /// past them, setup is refused until the window has passed.
    pub per_address: u32,
    pub window: Duration,
    pub device_lifetime: Duration,
}

/// The console's settings (`quarry serve` flags).
#[derive(Debug, Clone)]
pub struct ConsoleConfig {
    /// Mark cookies `Secure`: set when the service is reached over TLS.
    pub secure_cookies: bool,
    /// A session unused for this long has ended.
    pub session_idle: Duration,
    /// A session this old has ended, however busy.
    pub session_lifetime: Duration,
    pub sign_in: SignInLimits,
    /// The one-time code that opens the first-run setup page; `quarry serve`
    /// prints it when the data directory has no account.
    pub setup_code: Option<String>,
    /// Largest dataset upload accepted: the file as sent, and its data
    /// once decompressed.
    pub max_upload_bytes: u64,
    /// Most records an upload may have; `None`: no cap.
    pub max_upload_rows: Option<u64>,
    /// Where uploads are counted (the server's registry, shared).
    pub metrics: std::sync::Arc<quarry_metrics::Metrics>,
}

impl Default for ConsoleConfig {
    fn default() -> Self {
        ConsoleConfig {
            secure_cookies: false,
            session_idle: Duration::from_secs(2 * 3600),
            session_lifetime: Duration::from_secs(12 * 3600),
            sign_in: SignInLimits {
                per_pair: 5,
                per_account: 20,
                per_address: 20,
                window: Duration::from_secs(15 * 60),
                device_lifetime: Duration::from_secs(90 * 24 * 3600),
            },
            setup_code: None,
            max_upload_bytes: 1 << 30,
            max_upload_rows: Some(10_000_000),
            metrics: std::sync::Arc::new(quarry_metrics::Metrics::new()),
        }
    }
}

/// The catalog: one connection behind a lock (SQLite), or a handle the
/// blocking threads share (PostgreSQL, a pool behind it).
enum CatalogHandle {
    Locked(Mutex<Box<dyn CatalogBackend>>),
    Shared(Arc<dyn CatalogBackend + Sync>),
}

/// The console's shared state.
#[derive(Clone)]
pub struct Console {
    inner: Arc<Inner>,
}

struct Inner {
    config: ConsoleConfig,
    data_dir: PathBuf,
    backend: Backend,
    catalog: CatalogHandle,
    store: Arc<dyn DatasetStore>,
    /// Cleared once the first account exists.
    setup_code: Mutex<Option<String>>,
}

impl Console {
    /// Opens the console's own connection to the catalog in `data_dir`.
    pub fn open(data_dir: &Path, config: ConsoleConfig) -> anyhow::Result<Console> {
        Console::open_on(
            Backend::Sqlite {
                data_dir: data_dir.to_path_buf(),
            },
            config,
        )
    }

    /// Opens the console's own connection to the catalog of `backend`.
    pub fn open_on(backend: Backend, config: ConsoleConfig) -> anyhow::Result<Console> {
        let data_dir = backend.data_dir().to_path_buf();
        let catalog = match backend.open_shared_catalog()? {
            Some(shared) => CatalogHandle::Shared(shared),
            None => CatalogHandle::Locked(Mutex::new(backend.open_catalog()?)),
        };
        let store = backend.store()?;
        datasets::remove_stale_uploads(&data_dir);
        let setup_code = config.setup_code.clone();
        Ok(Console {
            inner: Arc::new(Inner {
                config,
                data_dir,
                backend,
                catalog,
                store,
                setup_code: Mutex::new(setup_code),
            }),
        })
    }

    fn config(&self) -> &ConsoleConfig {
        &self.inner.config
    }

    fn data_dir(&self) -> &Path {
        &self.inner.data_dir
    }

    fn backend(&self) -> &Backend {
        &self.inner.backend
    }

    fn store(&self) -> Arc<dyn DatasetStore> {
        self.inner.store.clone()
    }

    fn session_limits(&self) -> SessionLimits {
        SessionLimits {
            idle_secs: self.config().session_idle.as_secs().max(1) as i64,
            lifetime_secs: self.config().session_lifetime.as_secs().max(1) as i64,
        }
    }

    /// Runs `f` on the catalog on the blocking pool.
    async fn blocking<T, F>(&self, f: F) -> Result<T, ConsoleError>
    where
        T: Send + 'static,
        F: FnOnce(&dyn CatalogBackend) -> quarry_catalog::Result<T> + Send + 'static,
    {
        let me = self.clone();
        tokio::task::spawn_blocking(move || match &me.inner.catalog {
            CatalogHandle::Locked(c) => {
                let guard = c.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                f(guard.as_ref())
            }
            CatalogHandle::Shared(c) => f(c.as_ref()),
        })
        .await
        .map_err(|e| ConsoleError::Internal(format!("catalog task failed: {e}")))?
        .map_err(ConsoleError::from)
    }
}

/// Errors that end a console request with an error page.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ConsoleError {
    #[error("{}", ErrorCode::Forbidden.message())]
    Forbidden,
    #[error("{0}")]
    NotFound(String),
    /// Input the catalog refused (a bad name, a short password).
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    Conflict(String),
    /// Logged, never shown.
    #[error("Something went wrong on our side. Please try again.")]
    Internal(String),
}

impl From<quarry_catalog::CatalogError> for ConsoleError {
    fn from(e: quarry_catalog::CatalogError) -> Self {
        match e {
            quarry_catalog::CatalogError::NotFound(m) => ConsoleError::NotFound(m),
            quarry_catalog::CatalogError::Invalid(m) => ConsoleError::Invalid(upper_first(&m)),
            quarry_catalog::CatalogError::Conflict(m) => ConsoleError::Conflict(upper_first(&m)),
            other => ConsoleError::Internal(other.to_string()),
        }
    }
}

impl ConsoleError {
    fn code(&self) -> ErrorCode {
        match self {
            ConsoleError::Forbidden => ErrorCode::Forbidden,
            ConsoleError::NotFound(_) => ErrorCode::NotFound,
            ConsoleError::Invalid(_) => ErrorCode::InvalidInput,
            ConsoleError::Conflict(_) => ErrorCode::Conflict,
            ConsoleError::Internal(_) => ErrorCode::InternalError,
        }
    }
}

impl IntoResponse for ConsoleError {
    fn into_response(self) -> Response {
        if let ConsoleError::Internal(detail) = &self {
            tracing::error!(detail = %detail, "console error");
        }
        pages::error_page(self.code(), &self.to_string())
    }
}

/// A catalog message as a sentence: its first letter in upper case, a full
/// stop at the end.
pub(crate) fn upper_first(message: &str) -> String {
    let mut chars = message.chars();
    let mut out: String = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// `app` with the console nested at [`MOUNT`] (and `/console/` sent to
/// `/console`). Call it after the API's layers are applied: the console has
/// its own.
pub fn mount(app: Router, console: Console) -> Router {
    app.route(
        &format!("{MOUNT}/"),
        get(|| async { axum::response::Redirect::permanent(MOUNT) }),
    )
    .nest(MOUNT, router(console))
}

/// The console's routes, relative to [`MOUNT`]; [`mount`] nests them there.
pub fn router(console: Console) -> Router {
    let upload_limit = usize::try_from(console.config().max_upload_bytes)
        .unwrap_or(usize::MAX)
        .saturating_add(64 * 1024);
    Router::new()
        .route("/", get(auth::home))
        .route("/sign-in", get(auth::sign_in_page).post(auth::sign_in))
        .route("/sign-out", post(auth::sign_out))
        .route("/setup", get(auth::setup_page).post(auth::setup))
        .route("/tokens", get(tokens::page).post(tokens::create))
        .route("/tokens/{id}/delete", post(tokens::delete))
        .route(
            "/datasets",
            get(datasets::page)
                .post(datasets::upload)
                .layer(DefaultBodyLimit::max(upload_limit)),
        )
        .route("/datasets/{id}/drop", post(datasets::drop))
        .route("/datasets/{id}/vocabulary", post(datasets::vocabulary))
        .route("/playground", get(playground::page))
        .route("/activity", get(activity::page))
        .route("/assets/{name}", get(assets::serve))
        .fallback(|| async { ConsoleError::NotFound("There is no such page.".into()) })
        .with_state(console)
        .layer(CatchPanicLayer::custom(|_panic| {
            tracing::error!("a console handler panicked");
            pages::error_page(
                ErrorCode::InternalError,
                "Something went wrong on our side. Please try again.",
            )
        }))
        .layer(axum::middleware::from_fn(headers::frame))
}
