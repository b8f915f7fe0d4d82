//! DESIGN §1 steps 2 and 3, shared by every route that takes an API key
//! (`POST /v1/query` and the discovery routes of [`crate::datasets`]): the
//! `apikey` header, then the key's token bucket.

use axum::http::HeaderMap;
use quarry_catalog::KeyIdentity;
use quarry_metrics::{AuthOutcome, Rejection};

use crate::error::ApiError;
use crate::limits::RateDecision;
use crate::state::AppState;

/// Authenticates the request's `apikey` and takes one request from the
/// key's bucket. `rate` is set as soon as there is a decision, so that the
/// caller can add the `RateLimit` headers to whatever it answers, a 429
/// included.
pub async fn authenticate(
    state: &AppState,
    headers: &HeaderMap,
    rate: &mut Option<RateDecision>,
) -> Result<KeyIdentity, ApiError> {
    let key = presented_key(headers);
    let st = state.clone();
    // The client's address, for the audit log's entry of a token's first use.
    let peer = crate::middleware::peer();
    let (decision, who) = blocking(move || {
        let mut rate = None;
        let who = authenticate_blocking(&st, key, peer, &mut rate);
        (rate, who)
    })
    .await?;
    *rate = decision;
    who
}

/// The `apikey` header: `None` when missing; `Err` when not text.
pub type PresentedKey = Option<Result<String, ()>>;

/// The request's `apikey` header, as [`authenticate_blocking`] takes it.
pub fn presented_key(headers: &HeaderMap) -> PresentedKey {
    headers
        .get("apikey")
        .map(|v| v.to_str().map(|s| s.trim().to_string()).map_err(|_| ()))
}

/// [`authenticate`] on the calling thread, for a request from `peer`.
/// Blocking.
pub fn authenticate_blocking(
    state: &AppState,
    key: PresentedKey,
    peer: Option<std::net::SocketAddr>,
    rate: &mut Option<RateDecision>,
) -> Result<KeyIdentity, ApiError> {
    let checked = check_key(state, key, peer);
    let metrics = state.metrics();
    metrics.authentication(match &checked {
        Ok(_) => AuthOutcome::Ok,
        Err(ApiError::MissingApiKey) => AuthOutcome::Missing,
        Err(ApiError::InvalidApiKey) => AuthOutcome::Invalid,
        Err(_) => AuthOutcome::Error,
    });
    let who = checked?;

    // 3. The key's request rate.
    let (per_minute, _) = crate::limits::effective(who.limits, state.limits());
    let decision = if state.backend().is_postgres() {
        // Counted in the database, so every replica takes from one window.
        let (count, reset) = state
            .with_catalog(|c| c.take_shared_rate(who.token_id))
            .map_err(ApiError::catalog)?
            .unwrap_or((0, 0));
        crate::limits::RateDecision::from_window(per_minute, count, reset)
    } else {
        state.limiter().check(who.token_id, per_minute)
    };
    *rate = Some(decision);
    if !decision.allowed {
        metrics.rejected(Rejection::RateLimit);
        return Err(ApiError::RateLimited {
            retry_after: decision.reset_secs,
        });
    }
    Ok(who)
}

/// The `apikey` header looked up in the catalog. Blocking.
fn check_key(
    state: &AppState,
    key: PresentedKey,
    peer: Option<std::net::SocketAddr>,
) -> Result<KeyIdentity, ApiError> {
    // 2. Authentication, before any look at the rest of the request.
    let key = match key {
        None => return Err(ApiError::MissingApiKey),
        Some(v) => v.map_err(|()| ApiError::InvalidApiKey)?,
    };
    if key.is_empty() {
        return Err(ApiError::MissingApiKey);
    }
    let peer = peer.map(|a| a.ip().to_string());
    state
        .with_catalog(|c| c.authenticate_key_from(&key, peer.as_deref()))
        .map_err(ApiError::catalog)?
        .ok_or(ApiError::InvalidApiKey)
}

/// Runs blocking work (SQLite, files, planning) off the async workers.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("blocking task failed: {e}")))
}
