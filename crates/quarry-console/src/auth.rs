//! Signing in and out, the first-run setup, and what every other page
//! relies on: the [`Signed`] extractor (a live session from the session
//! cookie) and [`check_csrf`].
//!
//! - The session cookie holds a random 32-byte id (the catalog stores its
//!   digest), `HttpOnly; SameSite=Strict; Path=/console`, `Secure` when
//!   configured. Signing in always starts a new session (no fixation);
//!   signing out deletes it from the catalog.
//! - Every state-changing form carries the session's CSRF token, compared in
//!   constant time. The sign-in and setup forms, which come before any
//!   session, carry a random value that must equal a short-lived cookie set
//!   with the form (double submit), so another site cannot sign a browser
//!   into an account of its choosing.
//! - Failed sign-ins are counted in the catalog per account and client
//!   address, and per account; past a limit, the next attempt waits an
//!   exponentially growing delay (429 without checking the password). A
//!   browser the account has signed in from carries a long-lived device
//!   cookie and is throttled on its own, so an attacker's failures never
//!   lock the owner's browser out (see [`crate::SignInLimits`]). An unknown
//!   email costs the same password check as a wrong password.

use std::net::SocketAddr;

use askama::Template;
use axum::extract::{ConnectInfo, FromRequestParts, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;
use quarry_catalog::{Actor, AuditAction, CatalogError, ConsoleSession};
use quarry_contract::ErrorCode;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::pages::{render, see_other, Page};
use crate::{Console, ConsoleError, MOUNT};

pub(crate) const SESSION_COOKIE: &str = "quarry_session";
/// The pre-session CSRF cookie of the sign-in and setup forms.
pub(crate) const FORM_COOKIE: &str = "quarry_form";
/// The long-lived cookie of a browser the account has signed in from.
pub(crate) const DEVICE_COOKIE: &str = "quarry_device";
const FORM_COOKIE_MAX_AGE: u64 = 3600;

// ----- cookies -------------------------------------------------------------

/// The value of cookie `name` in the request, if any.
pub(crate) fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim().to_string())
}

fn set_cookie(console: &Console, name: &str, value: &str, max_age: u64) -> HeaderValue {
    let secure = if console.config().secure_cookies {
        "; Secure"
    } else {
        ""
    };
    HeaderValue::from_str(&format!(
        "{name}={value}; Path={MOUNT}; HttpOnly; SameSite=Strict; Max-Age={max_age}{secure}"
    ))
    .expect("cookie values are hex")
}

fn clear_cookie(console: &Console, name: &str) -> HeaderValue {
    set_cookie(console, name, "", 0)
}

fn random_hex() -> String {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes).expect("the operating system's random source works");
    hex::encode(bytes)
}

fn is_hex64(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Constant-time equality of a presented token with the expected one.
pub(crate) fn tokens_match(presented: &str, expected: &str) -> bool {
    !expected.is_empty() && bool::from(presented.as_bytes().ct_eq(expected.as_bytes()))
}

// ----- the signed-in extractor ----------------------------------------------

/// A request with a live console session. Without one, the request is
/// answered with a redirect to the sign-in page (and an expired cookie is
/// cleared).
pub(crate) struct Signed {
    pub session: ConsoleSession,
    /// The client's address, for the audit log.
    pub address: String,
}

impl Signed {
    pub(crate) fn account_id(&self) -> i64 {
        self.session.account.id
    }

    /// The signed-in account from the client's address, as the audit log
    /// names who acted.
    pub(crate) fn actor(&self) -> Actor {
        Actor::account(self.account_id(), self.address.clone())
    }
}

impl FromRequestParts<Console> for Signed {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, console: &Console) -> Result<Self, Response> {
        let Some(id) = cookie(&parts.headers, SESSION_COOKIE).filter(|v| !v.is_empty()) else {
            return Err(see_other(&format!("{MOUNT}/sign-in")));
        };
        let limits = console.session_limits();
        let ClientAddr(address) = match ClientAddr::from_request_parts(parts, console).await {
            Ok(a) => a,
            Err(never) => match never {},
        };
        match console.blocking(move |c| c.session(&id, limits)).await {
            Ok(Some(session)) => Ok(Signed { session, address }),
            Ok(None) => {
                let mut resp = see_other(&format!("{MOUNT}/sign-in?expired=1"));
                resp.headers_mut()
                    .append(header::SET_COOKIE, clear_cookie(console, SESSION_COOKIE));
                Err(resp)
            }
            Err(e) => Err(e.into_response()),
        }
    }
}

/// Checks a form's CSRF token against the session's.
pub(crate) fn check_csrf(signed: &Signed, presented: &str) -> Result<(), ConsoleError> {
    if tokens_match(presented, &signed.session.csrf_token) {
        Ok(())
    } else {
        Err(ConsoleError::Forbidden)
    }
}

/// The client's address (the TCP peer), for sign-in throttling.
pub(crate) struct ClientAddr(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or_else(|| "unknown".to_string(), |c| c.0.ip().to_string()),
        ))
    }
}

// ----- home ------------------------------------------------------------------

/// `/console`: the tokens tab when signed in, else sign-in (or the setup
/// page while no account exists and a setup code is active).
pub(crate) async fn home(State(console): State<Console>, headers: HeaderMap) -> Response {
    if let Some(id) = cookie(&headers, SESSION_COOKIE) {
        let limits = console.session_limits();
        if let Ok(Some(_)) = console.blocking(move |c| c.session(&id, limits)).await {
            return see_other(&format!("{MOUNT}/tokens"));
        }
    }
    if setup_open(&console).await {
        return see_other(&format!("{MOUNT}/setup"));
    }
    see_other(&format!("{MOUNT}/sign-in"))
}

async fn setup_open(console: &Console) -> bool {
    let has_code = console
        .inner
        .setup_code
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .is_some();
    has_code
        && console
            .blocking(|c| c.list_accounts())
            .await
            .is_ok_and(|a| a.is_empty())
}

// ----- sign in ---------------------------------------------------------------

#[derive(Template)]
#[template(path = "sign_in.html")]
struct SignInPage {
    page: Page,
    csrf: String,
    email: String,
    error: Option<String>,
    notice: Option<&'static str>,
    setup_open: bool,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct SignInQuery {
    expired: Option<String>,
    signed_out: Option<String>,
}

/// The pre-session form value: the one in the request's cookie when it has
/// one, else a new one (and the cookie to set).
fn form_token(console: &Console, headers: &HeaderMap) -> (String, Option<HeaderValue>) {
    match cookie(headers, FORM_COOKIE).filter(|v| is_hex64(v)) {
        Some(v) => (v, None),
        None => {
            let v = random_hex();
            let c = set_cookie(console, FORM_COOKIE, &v, FORM_COOKIE_MAX_AGE);
            (v, Some(c))
        }
    }
}

fn with_cookie(mut resp: Response, c: Option<HeaderValue>) -> Response {
    if let Some(c) = c {
        resp.headers_mut().append(header::SET_COOKIE, c);
    }
    resp
}

pub(crate) async fn sign_in_page(
    State(console): State<Console>,
    headers: HeaderMap,
    Query(q): Query<SignInQuery>,
) -> Response {
    if let Some(id) = cookie(&headers, SESSION_COOKIE) {
        let limits = console.session_limits();
        if let Ok(Some(_)) = console.blocking(move |c| c.session(&id, limits)).await {
            return see_other(&format!("{MOUNT}/tokens"));
        }
    }
    let (csrf, set) = form_token(&console, &headers);
    let notice = if q.signed_out.is_some() {
        Some("You are signed out.")
    } else if q.expired.is_some() {
        Some("Your session has ended. Please sign in again.")
    } else {
        None
    };
    let page = SignInPage {
        page: Page::public("Sign in"),
        csrf,
        email: String::new(),
        error: None,
        notice,
        setup_open: setup_open(&console).await,
    };
    with_cookie(render(StatusCode::OK, &page), set)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct SignInForm {
    csrf: String,
    email: String,
    password: String,
}

pub(crate) async fn sign_in(
    State(console): State<Console>,
    ClientAddr(addr): ClientAddr,
    headers: HeaderMap,
    Form(form): Form<SignInForm>,
) -> Response {
    let (csrf, set) = form_token(&console, &headers);
    let fail = |code: ErrorCode, error: String, csrf: String| {
        SignInPage {
            page: Page::public("Sign in"),
            csrf,
            email: form.email.trim().to_string(),
            error: Some(error),
            notice: None,
            setup_open: false,
        }
        .render_with(code.status())
    };

    let cookie_value = cookie(&headers, FORM_COOKIE).unwrap_or_default();
    if !tokens_match(&form.csrf, &cookie_value) || !is_hex64(&cookie_value) {
        let resp = fail(
            ErrorCode::Forbidden,
            "This sign-in form has expired. Please try again.".into(),
            csrf,
        );
        return with_cookie(resp, set);
    }

    let email = form.email.trim().to_lowercase();
    let limits = console.config().sign_in;
    let window = limits.window.as_secs() as i64;
    let now_secs = unix_now();
    let device_since = now_secs - limits.device_lifetime.as_secs() as i64;

    // A browser the account has signed in from is throttled on its own;
    // any other attempt per account and address, and per account.
    let device = cookie(&headers, DEVICE_COOKIE).filter(|v| is_hex64(v));
    let known = match device.clone() {
        Some(d) => {
            let email = email.clone();
            match console
                .blocking(move |c| c.is_known_device(&d, &email, device_since))
                .await
            {
                Ok(k) => k,
                Err(e) => return e.into_response(),
            }
        }
        None => false,
    };
    let subjects: Vec<(String, u32)> = match (&device, known) {
        (Some(d), true) => vec![(
            format!("device:{}", hex::encode(Sha256::digest(d.as_bytes()))),
            limits.per_pair,
        )],
        _ => vec![
            (format!("pair:{email}|{addr}"), limits.per_pair),
            (format!("account:{email}"), limits.per_account),
        ],
    };

    // Backing off? Then the password is not even checked.
    let names: Vec<String> = subjects.iter().map(|(s, _)| s.clone()).collect();
    let counts = console
        .blocking(move |c| {
            names
                .iter()
                .map(|s| c.sign_in_failures(s, now_secs - window))
                .collect::<Result<Vec<_>, _>>()
        })
        .await;
    let counts = match counts {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let retry = counts
        .iter()
        .zip(&subjects)
        .filter_map(|((n, latest), (_, free))| {
            let wait = back_off(*n, *free, window)?;
            Some((*latest)? + wait - now_secs)
        })
        .max()
        .filter(|r| *r > 0);
    if let Some(retry) = retry {
        let when = if retry < 60 {
            format!("{retry} second{}", if retry == 1 { "" } else { "s" })
        } else {
            let minutes = (retry + 59) / 60;
            format!("{minutes} minute{}", if minutes == 1 { "" } else { "s" })
        };
        let mut resp = fail(
            ErrorCode::RateLimited,
            format!("Too many failed sign-ins. Try again in {when}."),
            csrf,
        );
        resp.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(retry as u64));
        return resp;
    }

    let (email_in, password) = (form.email.clone(), form.password.clone());
    let verified = console
        .blocking(move |c| c.verify_password(&email_in, &password))
        .await;
    let names: Vec<String> = subjects.into_iter().map(|(s, _)| s).collect();
    let account = match verified {
        Ok(Some(a)) => a,
        Ok(None) => {
            let (email_in, addr_in) = (form.email.clone(), addr.clone());
            let recorded = console
                .blocking(move |c| {
                    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
                    c.record_sign_in_failure(&refs, now_secs - window)?;
                    // The audit log names the account when the email is
                    // one, and never what was typed otherwise (it could
                    // be a password typed into the wrong field).
                    let target = c.account_by_email(&email_in).ok();
                    let by = Actor::Anonymous {
                        address: Some(addr_in),
                    };
                    let subject = match &target {
                        Some(a) => format!("account {}", a.email),
                        None => "unknown account".to_string(),
                    };
                    c.record(
                        &by,
                        target.map(|a| a.id),
                        AuditAction::SignInFailed,
                        &subject,
                    )
                })
                .await;
            if let Err(e) = recorded {
                return e.into_response();
            }
            tracing::info!(addr = %addr, "console sign-in failed");
            return fail(
                ErrorCode::InvalidCredentials,
                ErrorCode::InvalidCredentials.message().into(),
                csrf,
            );
        }
        Err(e) => return e.into_response(),
    };

    let old = cookie(&headers, SESSION_COOKIE);
    let account_id = account.id;
    let subject = format!("account {}", account.email);
    let started = console
        .blocking(move |c| {
            c.record(
                &Actor::account(account_id, addr),
                Some(account_id),
                AuditAction::SignIn,
                &subject,
            )?;
            for s in &names {
                c.clear_sign_in_failures(s)?;
            }
            if let Some(old) = old {
                c.end_session(&old)?;
            }
            let device = if known {
                None
            } else {
                Some(c.remember_device(account_id, device_since)?)
            };
            Ok((c.create_session(account_id)?, device))
        })
        .await;
    match started {
        Ok((session, device)) => {
            let mut resp = start_session(&console, session.id, &format!("{MOUNT}/tokens"));
            if let Some(d) = device {
                let max_age = limits.device_lifetime.as_secs();
                resp.headers_mut().append(
                    header::SET_COOKIE,
                    set_cookie(&console, DEVICE_COOKIE, &d, max_age),
                );
            }
            resp
        }
        Err(e) => e.into_response(),
    }
}

/// How long after its latest failure a subject with `failures` failures
/// must wait, when past its `free` ones: 2^(failures − free) seconds, at
/// most `cap`.
fn back_off(failures: u32, free: u32, cap: i64) -> Option<i64> {
    let over = failures.checked_sub(free)?;
    Some(
        1i64.checked_shl(over)
            .filter(|w| (1..cap).contains(w))
            .unwrap_or(cap),
    )
}

/// The response that hands a new session to the browser.
fn start_session(console: &Console, session_id: String, to: &str) -> Response {
    let mut resp = see_other(to);
    let lifetime = console.config().session_lifetime.as_secs();
    let h = resp.headers_mut();
    h.append(
        header::SET_COOKIE,
        set_cookie(console, SESSION_COOKIE, &session_id, lifetime),
    );
    h.append(header::SET_COOKIE, clear_cookie(console, FORM_COOKIE));
    resp
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

trait RenderWith {
    fn render_with(&self, status: StatusCode) -> Response;
}

impl<T: Template> RenderWith for T {
    fn render_with(&self, status: StatusCode) -> Response {
        render(status, self)
    }
}

// ----- sign out --------------------------------------------------------------

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct CsrfForm {
    pub csrf: String,
}

pub(crate) async fn sign_out(
    State(console): State<Console>,
    signed: Signed,
    headers: HeaderMap,
    Form(form): Form<CsrfForm>,
) -> Response {
    if let Err(e) = check_csrf(&signed, &form.csrf) {
        return e.into_response();
    }
    let id = cookie(&headers, SESSION_COOKIE).unwrap_or_default();
    if let Err(e) = console.blocking(move |c| c.end_session(&id)).await {
        return e.into_response();
    }
    let mut resp = see_other(&format!("{MOUNT}/sign-in?signed_out=1"));
    resp.headers_mut()
        .append(header::SET_COOKIE, clear_cookie(&console, SESSION_COOKIE));
    resp
}

// ----- first-run setup ---------------------------------------------------------

#[derive(Template)]
#[template(path = "setup.html")]
struct SetupPage {
    page: Page,
    csrf: String,
    email: String,
    error: Option<String>,
}

pub(crate) async fn setup_page(State(console): State<Console>, headers: HeaderMap) -> Response {
    if !setup_open(&console).await {
        return see_other(&format!("{MOUNT}/sign-in"));
    }
    let (csrf, set) = form_token(&console, &headers);
    let page = SetupPage {
        page: Page::public("Set up"),
        csrf,
        email: String::new(),
        error: None,
    };
    with_cookie(render(StatusCode::OK, &page), set)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct SetupForm {
    csrf: String,
    code: String,
    email: String,
    password: String,
    password_again: String,
}

/// Upper case without separators, read as Crockford's base32 reads
/// look-alikes (O as 0, I and L as 1), so `abcd-efgh` matches `ABCDEFGH`.
fn normalise_code(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect()
}

pub(crate) async fn setup(
    State(console): State<Console>,
    ClientAddr(addr): ClientAddr,
    headers: HeaderMap,
    Form(form): Form<SetupForm>,
) -> Response {
    if !setup_open(&console).await {
        return see_other(&format!("{MOUNT}/sign-in"));
    }
    let (csrf, set) = form_token(&console, &headers);
    let email = form.email.trim().to_string();
    let fail = |code: ErrorCode, error: &str| {
        let page = SetupPage {
            page: Page::public("Set up"),
            csrf: csrf.clone(),
            email: email.clone(),
            error: Some(error.to_string()),
        };
        with_cookie(render(code.status(), &page), set.clone())
    };
    let cookie_value = cookie(&headers, FORM_COOKIE).unwrap_or_default();
    if !tokens_match(&form.csrf, &cookie_value) || !is_hex64(&cookie_value) {
        return fail(
            ErrorCode::Forbidden,
            "This form has expired. Please try again.",
        );
    }

    // Wrong codes count as failed sign-ins of the address.
    let limits = console.config().sign_in;
    let window = limits.window.as_secs() as i64;
    let addr_subject = format!("addr:{addr}");
    let now_secs = unix_now();
    let subject = addr_subject.clone();
    match console
        .blocking(move |c| c.sign_in_failures(&subject, now_secs - window))
        .await
    {
        Ok((n, _)) if n >= limits.per_address => {
            return fail(
                ErrorCode::RateLimited,
                "Too many failed attempts. Try again later.",
            )
        }
        Ok(_) => {}
        Err(e) => return e.into_response(),
    }
    let expected = console
        .inner
        .setup_code
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .unwrap_or_default();
    if !tokens_match(&normalise_code(&form.code), &normalise_code(&expected)) {
        let subject = addr_subject.clone();
        let _ = console
            .blocking(move |c| c.record_sign_in_failure(&[&subject], now_secs - window))
            .await;
        return fail(
            ErrorCode::InvalidCredentials,
            "The setup code is wrong. Use the code `quarry serve` printed when it started.",
        );
    }
    if form.password != form.password_again {
        return fail(ErrorCode::InvalidInput, "The two passwords differ.");
    }

    let (email_c, password) = (email.clone(), form.password.clone());
    let created = console
        .blocking(move |c| {
            // Checked again under the catalog lock: only the first account.
            if !c.list_accounts()?.is_empty() {
                return Err(CatalogError::Conflict("an account already exists".into()));
            }
            let a = c.create_account(&email_c, &password)?;
            c.create_session(a.id)
        })
        .await;
    match created {
        Ok(session) => {
            *console
                .inner
                .setup_code
                .lock()
                .unwrap_or_else(|p| p.into_inner()) = None;
            tracing::info!("console first-run setup created the first account");
            start_session(&console, session.id, &format!("{MOUNT}/tokens?welcome=1"))
        }
        Err(ConsoleError::Conflict(_)) => see_other(&format!("{MOUNT}/sign-in")),
        Err(ConsoleError::Invalid(message)) => fail(ErrorCode::InvalidInput, &message),
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_found_among_others() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; quarry_session=abc ; b=2"),
        );
        assert_eq!(cookie(&h, SESSION_COOKIE).as_deref(), Some("abc"));
        assert_eq!(cookie(&h, "quarry"), None);
        assert_eq!(cookie(&HeaderMap::new(), SESSION_COOKIE), None);
    }

    #[test]
    fn tokens_match_only_when_equal_and_present() {
        assert!(tokens_match("abc", "abc"));
        assert!(!tokens_match("abd", "abc"));
        assert!(!tokens_match("", ""));
        assert!(!tokens_match("ab", "abc"));
    }

    #[test]
    fn setup_codes_ignore_case_and_separators() {
        assert_eq!(normalise_code("abcd-efgh jk"), "ABCDEFGHJK");
        assert_eq!(normalise_code("o1l-I"), "0111");
    }
}

#[cfg(test)]
mod back_off_tests {
    use super::back_off;

    #[test]
    fn the_delay_doubles_past_the_free_failures_up_to_the_cap() {
        assert_eq!(back_off(4, 5, 900), None);
        assert_eq!(back_off(5, 5, 900), Some(1));
        assert_eq!(back_off(6, 5, 900), Some(2));
        assert_eq!(back_off(14, 5, 900), Some(512));
        assert_eq!(back_off(15, 5, 900), Some(900));
        assert_eq!(back_off(200, 5, 900), Some(900));
    }
}
