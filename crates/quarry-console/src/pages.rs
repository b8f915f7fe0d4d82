//! What every page template shares (the layout's asset links, the signed-in
//! user and the current tab), the one function that turns a template into a
//! response, and the error page.

use askama::Template;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use quarry_contract::ErrorCode;

use crate::assets::{self, AssetUrls};
use crate::auth::Signed;

/// The signed-in user, as the layout shows them (and the CSRF token its
/// sign-out form carries).
#[derive(Debug, Clone)]
pub(crate) struct UserView {
    pub email: String,
    pub csrf: String,
}

/// The layout's data.
#[derive(Debug, Clone)]
pub(crate) struct Page {
    pub title: &'static str,
    pub assets: &'static AssetUrls,
    pub user: Option<UserView>,
    /// `tokens`, `datasets`, `playground`, `activity`, or empty.
    pub tab: &'static str,
}

impl Page {
    pub(crate) fn public(title: &'static str) -> Page {
        Page {
            title,
            assets: assets::urls(),
            user: None,
            tab: "",
        }
    }

    pub(crate) fn signed(title: &'static str, tab: &'static str, signed: &Signed) -> Page {
        Page {
            title,
            assets: assets::urls(),
            user: Some(UserView {
                email: signed.session.account.email.clone(),
                csrf: signed.session.csrf_token.clone(),
            }),
            tab,
        }
    }

    /// The CSRF token the page's forms carry (empty when signed out).
    pub(crate) fn csrf(&self) -> &str {
        self.user.as_ref().map_or("", |u| u.csrf.as_str())
    }
}

/// A rendered template with the given status.
pub(crate) fn render(status: StatusCode, template: &impl Template) -> Response {
    match template.render() {
        Ok(body) => {
            let mut resp = (status, body).into_response();
            resp.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            );
            resp
        }
        Err(e) => {
            tracing::error!(error = %e, "rendering a console template failed");
            (
                ErrorCode::InternalError.status(),
                "Internal error while rendering the page.",
            )
                .into_response()
        }
    }
}

/// After a form post: see the result at `to` (303, so a reload does not
/// post again).
pub(crate) fn see_other(to: &str) -> Response {
    Redirect::to(to).into_response()
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    page: Page,
    status: u16,
    reason: &'a str,
    message: &'a str,
}

/// The error page for `code`: its status, the status's reason and
/// `message`.
pub(crate) fn error_page(code: ErrorCode, message: &str) -> Response {
    let status = code.status();
    render(
        status,
        &ErrorPage {
            page: Page::public("Error"),
            status: status.as_u16(),
            reason: status.canonical_reason().unwrap_or("Error"),
            message,
        },
    )
}

/// Percent-encodes a value for a query string.
pub(crate) fn query_value(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
