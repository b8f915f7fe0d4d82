//! The Playground tab: pick a dataset and one of the account's tokens, type
//! a phrase, and watch the four events of `POST /v1/query` arrive. The page
//! only renders the form; `assets/playground.js` calls the public API with
//! the chosen token in the `apikey` header and reads the stream as it
//! arrives, as any client would (the console session plays no part in it).

use askama::Template;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::auth::Signed;
use crate::datasets::{list, DatasetView};
use crate::pages::{render, Page};
use crate::tokens::TokenView;
use crate::{Console, ConsoleError};

#[derive(Template)]
#[template(path = "playground.html")]
struct PlaygroundPage {
    page: Page,
    datasets: Vec<DatasetView>,
    tokens: Vec<TokenView>,
    selected: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct PlaygroundQuery {
    dataset: Option<String>,
}

pub(crate) async fn page(
    State(console): State<Console>,
    signed: Signed,
    Query(q): Query<PlaygroundQuery>,
) -> Response {
    let account_id = signed.account_id();
    let datasets = match list(&console, account_id).await {
        Ok(d) => d,
        Err(e) => return e.into_response(),
    };
    let tokens: Result<Vec<TokenView>, ConsoleError> = console
        .blocking(move |c| c.list_tokens(account_id))
        .await
        .map(|t| t.into_iter().map(TokenView::from).collect());
    let tokens = match tokens {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let selected = q
        .dataset
        .filter(|id| datasets.iter().any(|d| &d.id == id))
        .or_else(|| datasets.first().map(|d| d.id.clone()))
        .unwrap_or_default();
    render(
        StatusCode::OK,
        &PlaygroundPage {
            page: Page::signed("Playground", "playground", &signed),
            datasets,
            tokens,
            selected,
        },
    )
}
