//! The layer around every console route: refuses a state-changing request
//! that a browser says came from another site (`Sec-Fetch-Site`, `Origin`),
//! before any handler runs (the CSRF token is checked as well, in the
//! handlers); adds the security headers of DESIGN §4 to every response; and
//! logs one line per request. The log names the method, the path and the
//! status, never a cookie, a form field or a token.

use std::time::Instant;

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::ConsoleError;

/// Scripts and styles only from files served here (no inline script, no
/// inline style), `fetch` only to this origin (the playground's
/// `/v1/query`), forms only to this origin, never framed.
pub(crate) const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; \
base-uri 'none'; object-src 'none'";

pub(crate) async fn frame(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();

    let mut resp = if is_state_changing(&method) && !same_origin(req.headers()) {
        ConsoleError::Forbidden.into_response()
    } else {
        next.run(req).await
    };

    let h = resp.headers_mut();
    let set = |h: &mut HeaderMap, name: HeaderName, value: &'static str| {
        h.insert(name, HeaderValue::from_static(value));
    };
    set(h, header::CONTENT_SECURITY_POLICY, CSP);
    set(h, header::X_FRAME_OPTIONS, "DENY");
    set(h, header::REFERRER_POLICY, "no-referrer");
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(
        h,
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    );
    set(
        h,
        HeaderName::from_static("permissions-policy"),
        "camera=(), microphone=(), geolocation=()",
    );
    if !h.contains_key(header::CACHE_CONTROL) {
        // Pages hold tokens: never store them.
        set(h, header::CACHE_CONTROL, "no-store");
    }
    tracing::info!(
        method = %method,
        path = %path,
        status = resp.status().as_u16(),
        elapsed_ms = started.elapsed().as_millis() as u64,
        "console request"
    );
    resp
}

fn is_state_changing(m: &Method) -> bool {
    !matches!(*m, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// False when the browser tells us the request came from another origin.
/// `Sec-Fetch-Site` decides when present (every current browser sends it).
/// Without it, an `Origin` must name this host; `Origin: null` is what a
/// browser sends for our own forms under `Referrer-Policy: no-referrer`, so
/// it proves nothing either way. Clients that send neither header (scripts,
/// tests) pass here and still need the session cookie and the form's CSRF
/// token.
fn same_origin(h: &HeaderMap) -> bool {
    if let Some(site) = h.get("sec-fetch-site") {
        return matches!(site.to_str(), Ok("same-origin" | "none"));
    }
    match h.get(header::ORIGIN).map(|v| v.to_str()) {
        None | Some(Ok("null")) => true,
        Some(Err(_)) => false,
        Some(Ok(origin)) => {
            let host = h.get(header::HOST).and_then(|v| v.to_str().ok());
            let origin_host = origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"));
            matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn cross_site_posts_are_recognised() {
        assert!(same_origin(&headers(&[("host", "127.0.0.1:8080")])));
        assert!(same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
            ("sec-fetch-site", "same-origin"),
        ])));
        assert!(!same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://evil.example"),
        ])));
        // Our own form under Referrer-Policy: no-referrer.
        assert!(same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "null"),
            ("sec-fetch-site", "same-origin"),
        ])));
        assert!(!same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "null"),
            ("sec-fetch-site", "cross-site"),
        ])));
        assert!(!same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
            ("sec-fetch-site", "same-site"),
        ])));
        assert!(!same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("sec-fetch-site", "cross-site"),
        ])));
    }
}
