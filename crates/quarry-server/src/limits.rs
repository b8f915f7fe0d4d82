//! Request limits (DESIGN §1 step 3, issue 6): a token bucket per API key at
//! its account's rate, a cap on each key's open query streams, and the
//! IETF `RateLimit-Policy` / `RateLimit` headers
//! (draft-ietf-httpapi-ratelimit-headers, structured-field form).
//!
//! The state lives in this process's memory: behind a load balancer each
//! replica enforces its own buckets, so a deployment of several replicas
//! needs a shared store (the PostgreSQL catalog, or Redis) before its limits
//! mean what they say.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, HeaderValue};
use quarry_catalog::AccountLimits;

/// The server's limits, from `quarry serve`'s flags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Requests per minute per API key when the account has no rate of its
    /// own.
    pub per_minute: u32,
    /// Open answers per API key (event streams and JSON arrays alike, from
    /// the request until the answer has left the process) when the account
    /// has no cap of its own.
    pub concurrent_streams: u32,
    /// Open connections to the server; further ones get a 503.
    pub max_connections: usize,
    /// Time a client has to send a request's headers, and its body.
    pub read_timeout: Duration,
    /// Largest request head (request line and headers) in bytes; a larger
    /// one gets a 431.
    pub max_header_bytes: usize,
    /// Time a client may take nothing of what the server writes before its
    /// connection is dropped (with the answer it held in memory).
    pub write_timeout: Duration,
    /// On shutdown, how long open requests may go on before their streams
    /// are ended with a `close` of `SERVICE_UNAVAILABLE` (DESIGN §1).
    pub shutdown_drain: Duration,
    /// Queries (planning and statements) running at once; one more waits
    /// at most `queue_wait` for a slot, then gets a 503.
    pub max_running_queries: usize,
    /// How long a query may wait for a running slot.
    pub queue_wait: Duration,
}

/// The default bound on running queries: two per core (a statement is
/// mostly CPU, sometimes a page read), at least two.
pub fn default_max_running_queries() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get() * 2)
        .unwrap_or(2)
        .max(2)
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_minute: 60_000,
            concurrent_streams: 8,
            max_connections: 1024,
            read_timeout: Duration::from_secs(10),
            max_header_bytes: 16 * 1024,
            write_timeout: Duration::from_secs(30),
            shutdown_drain: Duration::from_secs(8),
            max_running_queries: default_max_running_queries(),
            queue_wait: Duration::from_millis(100),
        }
    }
}

/// The name of the one quota policy, as it appears in the headers.
const POLICY: &str = "default";
/// The window the per-minute quota is stated over, in seconds.
const WINDOW_SECS: u64 = 60;
/// Buckets untouched for this long are dropped (they would be full again).
const IDLE_BUCKET: Duration = Duration::from_secs(600);

/// A key's token bucket: `capacity` requests at once, refilled at
/// `capacity` per minute.
#[derive(Debug)]
struct Bucket {
    capacity: f64,
    tokens: f64,
    updated: Instant,
}

/// The outcome of one rate check, and what the headers say about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateDecision {
    pub allowed: bool,
    /// The quota: requests per window.
    pub quota: u32,
    /// Requests left now.
    pub remaining: u32,
    /// Seconds until at least one more request is allowed (0 while some
    /// remain); also the `Retry-After` of a refusal.
    pub reset_secs: u64,
}

impl RateDecision {
    /// The decision of a fixed window shared by several replicas: `count`
    /// requests so far in it (this one included), `reset_secs` until it
    /// ends.
    pub fn from_window(per_minute: u32, count: u64, reset_secs: u64) -> RateDecision {
        let quota = per_minute.max(1);
        let allowed = count <= u64::from(quota);
        let remaining = u64::from(quota).saturating_sub(count) as u32;
        RateDecision {
            allowed,
            quota,
            remaining,
            reset_secs: if remaining > 0 { 0 } else { reset_secs.max(1) },
        }
    }

    /// Adds `RateLimit-Policy`, `RateLimit` and, on a refusal,
    /// `Retry-After`.
    pub fn apply(&self, headers: &mut HeaderMap) {
        let policy = format!("\"{POLICY}\";q={};w={WINDOW_SECS}", self.quota);
        let state = format!("\"{POLICY}\";r={};t={}", self.remaining, self.reset_secs);
        if let Ok(v) = HeaderValue::from_str(&policy) {
            headers.insert("ratelimit-policy", v);
        }
        if let Ok(v) = HeaderValue::from_str(&state) {
            headers.insert("ratelimit", v);
        }
        if !self.allowed {
            headers.insert(axum::http::header::RETRY_AFTER, self.reset_secs.into());
        }
    }
}

/// Buckets and open-stream counts per API key (token id).
#[derive(Debug, Default)]
pub struct RateLimiter {
    buckets: Mutex<HashMap<i64, Bucket>>,
    streams: Arc<Mutex<HashMap<i64, u32>>>,
}

/// One open stream of a key; the slot is given back when this is dropped
/// (the stream ended, or the client went away).
#[derive(Debug)]
pub struct StreamSlot {
    token_id: i64,
    streams: Arc<Mutex<HashMap<i64, u32>>>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut streams = lock(&self.streams);
        if let Some(n) = streams.get_mut(&self.token_id) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                streams.remove(&self.token_id);
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl RateLimiter {
    /// Takes one request from the key's bucket, at `per_minute`.
    pub fn check(&self, token_id: i64, per_minute: u32) -> RateDecision {
        self.check_at(token_id, per_minute, Instant::now())
    }

    fn check_at(&self, token_id: i64, per_minute: u32, now: Instant) -> RateDecision {
        let per_minute = per_minute.max(1);
        let capacity = f64::from(per_minute);
        let per_sec = capacity / WINDOW_SECS as f64;
        let mut buckets = lock(&self.buckets);
        if buckets.len() > 1024 {
            buckets.retain(|_, b| now.saturating_duration_since(b.updated) < IDLE_BUCKET);
        }
        let b = buckets.entry(token_id).or_insert(Bucket {
            capacity,
            tokens: capacity,
            updated: now,
        });
        let elapsed = now.saturating_duration_since(b.updated).as_secs_f64();
        // A changed rate takes effect at once; the bucket never holds more
        // than the new capacity.
        b.capacity = capacity;
        b.tokens = (b.tokens + elapsed * per_sec).min(capacity);
        b.updated = now;
        let allowed = b.tokens >= 1.0;
        if allowed {
            b.tokens -= 1.0;
        }
        let remaining = b.tokens.floor().max(0.0) as u32;
        let reset_secs = if remaining > 0 {
            0
        } else {
            ((1.0 - b.tokens) / per_sec).ceil().max(1.0) as u64
        };
        RateDecision {
            allowed,
            quota: per_minute,
            remaining,
            reset_secs,
        }
    }

    /// A stream slot for the key, or `None` when it already has `max` open.
    pub fn open_stream(&self, token_id: i64, max: u32) -> Option<StreamSlot> {
        let mut streams = lock(&self.streams);
        let n = streams.entry(token_id).or_insert(0);
        if *n >= max.max(1) {
            return None;
        }
        *n += 1;
        Some(StreamSlot {
            token_id,
            streams: self.streams.clone(),
        })
    }

    /// Open streams of a key (tests, metrics).
    pub fn open_streams(&self, token_id: i64) -> u32 {
        lock(&self.streams).get(&token_id).copied().unwrap_or(0)
    }
}

/// The limits in force for a key: its account's, else the server's.
pub fn effective(account: AccountLimits, server: &Limits) -> (u32, u32) {
    (
        account.per_minute.unwrap_or(server.per_minute),
        account.concurrent.unwrap_or(server.concurrent_streams),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_refills_evenly() {
        let rl = RateLimiter::default();
        let t0 = Instant::now();
        let first = rl.check_at(1, 60, t0);
        assert_eq!(
            first,
            RateDecision {
                allowed: true,
                quota: 60,
                remaining: 59,
                reset_secs: 0
            }
        );
        for _ in 0..59 {
            assert!(rl.check_at(1, 60, t0).allowed);
        }
        let refused = rl.check_at(1, 60, t0);
        assert!(!refused.allowed);
        assert_eq!((refused.remaining, refused.reset_secs), (0, 1));
        // Another key has its own bucket.
        assert!(rl.check_at(2, 60, t0).allowed);
        // One per second comes back.
        let later = rl.check_at(1, 60, t0 + Duration::from_millis(1100));
        assert!(later.allowed);
        assert!(!rl.check_at(1, 60, t0 + Duration::from_millis(1100)).allowed);
        // At 5 a minute, a refusal says 12 s.
        let slow = RateLimiter::default();
        for _ in 0..5 {
            assert!(slow.check_at(9, 5, t0).allowed);
        }
        let r = slow.check_at(9, 5, t0);
        assert_eq!((r.allowed, r.reset_secs), (false, 12));
    }

    #[test]
    fn headers_have_the_structured_field_form() {
        let mut h = HeaderMap::new();
        RateDecision {
            allowed: false,
            quota: 600,
            remaining: 0,
            reset_secs: 3,
        }
        .apply(&mut h);
        assert_eq!(h["ratelimit-policy"], "\"default\";q=600;w=60");
        assert_eq!(h["ratelimit"], "\"default\";r=0;t=3");
        assert_eq!(h["retry-after"], "3");
    }

    #[test]
    fn stream_slots_are_capped_and_given_back() {
        let rl = RateLimiter::default();
        let a = rl.open_stream(1, 2).unwrap();
        let _b = rl.open_stream(1, 2).unwrap();
        assert!(rl.open_stream(1, 2).is_none());
        assert!(rl.open_stream(2, 2).is_some());
        drop(a);
        assert_eq!(rl.open_streams(1), 1);
        assert!(rl.open_stream(1, 2).is_some());
    }
}
