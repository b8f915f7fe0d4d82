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
    let checked = check_key(state, headers).await;
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
        let st = state.clone();
        let token = who.token_id;
        let (count, reset) = blocking(move || st.with_catalog(|c| c.take_shared_rate(token)))
            .await?
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

/// The `apikey` header looked up in the catalog.
async fn check_key(state: &AppState, headers: &HeaderMap) -> Result<KeyIdentity, ApiError> {
    // 2. Authentication, before any look at the rest of the request.
    let key = match headers.get("apikey") {
        None => return Err(ApiError::MissingApiKey),
        Some(v) => v
            .to_str()
            .map_err(|_| ApiError::InvalidApiKey)?
            .trim()
            .to_string(),
    };
    if key.is_empty() {
        return Err(ApiError::MissingApiKey);
    }
    let st = state.clone();
    // The client's address, for the audit log's entry of a token's first use.
    let peer = crate::middleware::peer().map(|a| a.ip().to_string());
    blocking(move || st.with_catalog(|c| c.authenticate_key_from(&key, peer.as_deref())))
        .await?
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
