//! The API Tokens tab: every active token of the account with its full
//! value (masked until revealed), copy, created and last-used times; create
//! with a name (the new value is shown at once); delete after a
//! confirmation. A deleted token is gone from the catalog, so the API
//! refuses it on the very next request.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Form;
use quarry_catalog::ApiToken;
use quarry_contract::ErrorCode;
use serde::Deserialize;

use crate::auth::{check_csrf, Signed};
use crate::pages::{query_value, render, see_other, Page};
use crate::time::TimeView;
use crate::{Console, ConsoleError, MOUNT};

pub(crate) struct TokenView {
    pub id: i64,
    pub name: String,
    pub value: String,
    pub created: TimeView,
    pub last_used: Option<TimeView>,
}

impl From<ApiToken> for TokenView {
    fn from(t: ApiToken) -> Self {
        TokenView {
            id: t.id,
            name: t.name,
            value: t.value,
            created: TimeView::new(t.created),
            last_used: t.last_used.map(TimeView::new),
        }
    }
}

#[derive(Template)]
#[template(path = "tokens.html")]
struct TokensPage {
    page: Page,
    tokens: Vec<TokenView>,
    /// The token just created, shown revealed above the list.
    created: Option<TokenView>,
    notice: Option<String>,
    error: Option<String>,
    /// The name typed into the create form (kept after an error).
    name: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct TokensQuery {
    created: Option<i64>,
    deleted: Option<String>,
    welcome: Option<String>,
}

async fn list(console: &Console, account_id: i64) -> Result<Vec<TokenView>, ConsoleError> {
    let tokens = console.blocking(move |c| c.list_tokens(account_id)).await?;
    Ok(tokens.into_iter().map(TokenView::from).collect())
}

pub(crate) async fn page(
    State(console): State<Console>,
    signed: Signed,
    Query(q): Query<TokensQuery>,
) -> Response {
    let tokens = match list(&console, signed.account_id()).await {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let created = q.created.and_then(|id| {
        tokens.iter().find(|t| t.id == id).map(|t| TokenView {
            id: t.id,
            name: t.name.clone(),
            value: t.value.clone(),
            created: t.created.clone(),
            last_used: t.last_used.clone(),
        })
    });
    let notice = if let Some(name) = q.deleted {
        Some(format!(
            "Token \u{201c}{name}\u{201d} is deleted: requests that use it are refused from now on."
        ))
    } else if q.welcome.is_some() {
        Some("Welcome! Your account is ready. Create an API token to call the API.".to_string())
    } else {
        None
    };
    render(
        StatusCode::OK,
        &TokensPage {
            page: Page::signed("API Tokens", "tokens", &signed),
            tokens,
            created,
            notice,
            error: None,
            name: String::new(),
        },
    )
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct CreateForm {
    csrf: String,
    name: String,
}

pub(crate) async fn create(
    State(console): State<Console>,
    signed: Signed,
    Form(form): Form<CreateForm>,
) -> Response {
    if let Err(e) = check_csrf(&signed, &form.csrf) {
        return e.into_response();
    }
    let account_id = signed.account_id();
    let name = form.name.clone();
    let by = signed.actor();
    let made = console
        .blocking(move |c| c.create_token(&by, account_id, Some(&name)))
        .await;
    let error = match made {
        Ok(t) => {
            return see_other(&format!("{MOUNT}/tokens?created={}", t.id));
        }
        Err(ConsoleError::Invalid(m) | ConsoleError::Conflict(m)) => m,
        Err(e) => return e.into_response(),
    };
    let tokens = match list(&console, account_id).await {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    render(
        ErrorCode::InvalidInput.status(),
        &TokensPage {
            page: Page::signed("API Tokens", "tokens", &signed),
            tokens,
            created: None,
            notice: None,
            error: Some(error),
            name: form.name,
        },
    )
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct DeleteForm {
    csrf: String,
}

pub(crate) async fn delete(
    State(console): State<Console>,
    signed: Signed,
    Path(id): Path<String>,
    Form(form): Form<DeleteForm>,
) -> Response {
    if let Err(e) = check_csrf(&signed, &form.csrf) {
        return e.into_response();
    }
    let not_found = || ConsoleError::NotFound("There is no such token in your account.".into());
    let Ok(token_id) = id.parse::<i64>() else {
        return not_found().into_response();
    };
    let account_id = signed.account_id();
    let by = signed.actor();
    match console
        .blocking(move |c| c.delete_token_by_id(&by, account_id, token_id))
        .await
    {
        Ok(name) => {
            tracing::info!(
                account = account_id,
                token = token_id,
                "console deleted a token"
            );
            see_other(&format!("{MOUNT}/tokens?deleted={}", query_value(&name)))
        }
        Err(ConsoleError::NotFound(_)) => not_found().into_response(),
        Err(e) => e.into_response(),
    }
}
