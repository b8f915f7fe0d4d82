//! The Activity tab: the audit log's entries concerning the signed-in
//! account, newest first: its sign-ins (and failed attempts at them), its
//! tokens created, deleted and first used, its datasets imported, replaced,
//! dropped and taught, its limits changed, whether by the account itself
//! (from which address) or by an operator command. Only this account's
//! entries: the catalog is asked for them by the session's account id.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use quarry_catalog::{AuditEntry, AuditFilter};

use crate::auth::Signed;
use crate::pages::{render, Page};
use crate::time::TimeView;
use crate::Console;

/// How many entries the page shows at most.
const SHOWN: usize = 200;

pub(crate) struct EntryView {
    pub at: TimeView,
    pub who: String,
    pub address: String,
    pub what: &'static str,
    pub subject: String,
    pub detail: String,
}

impl From<AuditEntry> for EntryView {
    fn from(e: AuditEntry) -> Self {
        let who = match e.actor.as_str() {
            "account" => "You".to_string(),
            "operator" => "An operator (quarry command)".to_string(),
            _ => "Someone not signed in".to_string(),
        };
        EntryView {
            at: TimeView::new(e.at),
            who,
            address: e.address.unwrap_or_default(),
            what: describe(&e.action),
            subject: e.subject,
            detail: e.detail,
        }
    }
}

/// The action in words.
fn describe(action: &str) -> &'static str {
    match action {
        "console.sign_in" => "Signed in to the console",
        "console.sign_in_failed" => "Failed sign-in",
        "token.created" => "Created a token",
        "token.deleted" => "Deleted a token",
        "token.first_used" => "Used a token for the first time",
        "dataset.imported" => "Imported a dataset",
        "dataset.replaced" => "Replaced a dataset",
        "dataset.dropped" => "Dropped a dataset",
        "dataset.vocabulary_changed" => "Changed a dataset's vocabulary",
        "account.limits_changed" => "Changed the account's limits",
        _ => "Other",
    }
}

#[derive(Template)]
#[template(path = "activity.html")]
struct ActivityPage {
    page: Page,
    entries: Vec<EntryView>,
    shown: usize,
}

pub(crate) async fn page(State(console): State<Console>, signed: Signed) -> Response {
    let account_id = signed.account_id();
    let entries = console
        .blocking(move |c| {
            c.audit_entries(&AuditFilter {
                account_id: Some(account_id),
                since: None,
                newest: Some(SHOWN),
            })
        })
        .await;
    let entries = match entries {
        Ok(e) => e,
        Err(e) => return e.into_response(),
    };
    render(
        StatusCode::OK,
        &ActivityPage {
            page: Page::signed("Activity", "activity", &signed),
            entries: entries.into_iter().rev().map(EntryView::from).collect(),
            shown: SHOWN,
        },
    )
}
