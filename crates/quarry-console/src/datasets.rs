//! The Datasets tab: the account's datasets with their row counts, columns
//! and types; upload a file (CSV, or any format `quarry_dataset::import_file`
//! reads) to create or replace one, through the same registration as
//! `quarry dataset import` (`Catalog::import_dataset`, which keeps what of
//! the vocabulary still applies); drop one after a confirmation; edit a
//! dataset's vocabulary (validate it against the dataset, save it, clear
//! it), with the same checks as `quarry dataset vocabulary`: every error
//! with its line, nothing saved while there is one.
//!
//! An upload is streamed to a private temporary directory under
//! `<data-dir>/uploads/`, keeping the file's own name so the importer's
//! messages (and its choice of format by extension) are about the user's
//! file, then imported on the blocking pool with a catalog connection of its
//! own, so the console and the API stay responsive meanwhile. The script
//! posts the form itself to show upload progress and asks for a JSON answer;
//! without the script the form posts normally and gets a page back.

use std::path::{Path, PathBuf};

use askama::Template;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{Multipart, Path as UrlPath, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Form, Json};
use quarry_catalog::{DatasetEntry, StoredVocabulary};
use quarry_contract::ErrorCode;
use quarry_dataset::{DatasetStore, ImportOptions, Imported};
use serde::Deserialize;
use tokio::io::AsyncWriteExt;

use crate::auth::{check_csrf, tokens_match, CsrfForm, Signed};
use crate::pages::{self, query_value, render, see_other, Page};
use crate::time::TimeView;
use crate::{upper_first, Console, ConsoleError, MOUNT};

/// Directory (inside the data directory) for uploads being imported.
const UPLOADS_DIR: &str = "uploads";
const UPLOAD_PREFIX: &str = ".upload-";
/// File extensions the importer reads (it picks the format by extension),
/// for the file picker's `accept`.
const ACCEPT: &str = ".csv,.tsv,.jsonl,.ndjson,.parquet,.gz,text/csv,text/tab-separated-values";

pub(crate) struct ColumnView {
    pub name: String,
    /// The header in the file, when normalising changed it.
    pub original: Option<String>,
    pub ty: &'static str,
    pub full_text: bool,
}

pub(crate) struct DatasetView {
    pub id: String,
    pub rows: String,
    pub updated: TimeView,
    pub id_column: Option<String>,
    pub columns: Vec<ColumnView>,
    /// Why the profile could not be read, if it could not.
    pub problem: Option<String>,
    pub vocabulary: VocabularyView,
}

/// A dataset's vocabulary editor: the text in the box, and what checking
/// it said.
#[derive(Default)]
pub(crate) struct VocabularyView {
    pub text: String,
    /// The stored vocabulary's revision, when there is one.
    pub revision: Option<i64>,
    /// The stored vocabulary's summary ("2 synonyms of 1 field, …").
    pub summary: Option<String>,
    /// Show the editor open.
    pub open: bool,
    /// "line 3: …", nothing saved.
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    /// What a successful validation says.
    pub valid: Option<String>,
}

impl VocabularyView {
    fn stored(
        v: Option<StoredVocabulary>,
        profile: Option<&quarry_profile::DatasetProfile>,
    ) -> Self {
        let Some(v) = v else {
            return VocabularyView::default();
        };
        let mut view = VocabularyView {
            revision: Some(v.revision),
            ..VocabularyView::default()
        };
        // The stored text was checked when saved; its warnings (values the
        // profile does not list, …) are worth showing beside it.
        if let Some(p) = profile {
            match quarry_vocabulary::check(&v.text, p) {
                Ok(c) => {
                    view.summary = Some(c.vocabulary.summary());
                    view.warnings = c.warnings.iter().map(ToString::to_string).collect();
                }
                Err(r) => view.errors = r.errors.iter().map(ToString::to_string).collect(),
            }
        }
        view.text = v.text;
        view
    }
}

/// `12345678` as `12,345,678`.
pub(crate) fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let first = match digits.len() % 3 {
        0 => 3,
        r => r,
    };
    let mut out = digits[..first].to_string();
    for group in digits.as_bytes()[first..].chunks(3) {
        out.push(',');
        out.push_str(std::str::from_utf8(group).expect("ASCII digits"));
    }
    out
}

fn view(
    store: &dyn DatasetStore,
    entry: DatasetEntry,
    vocabulary: Option<StoredVocabulary>,
) -> DatasetView {
    let mut v = DatasetView {
        id: entry.id,
        rows: group_digits(entry.row_count),
        updated: TimeView::new(entry.updated),
        id_column: None,
        columns: Vec::new(),
        problem: None,
        vocabulary: VocabularyView::default(),
    };
    let profile = store.load_profile(&entry.version);
    v.vocabulary = VocabularyView::stored(vocabulary, profile.as_ref().ok());
    match profile {
        Ok(profile) => {
            v.id_column = profile.id_column.clone();
            v.columns = profile
                .columns
                .iter()
                .map(|c| ColumnView {
                    name: c.name.clone(),
                    original: (c.original_name != c.name).then(|| c.original_name.clone()),
                    ty: c.ty.as_str(),
                    full_text: c.full_text,
                })
                .collect();
        }
        Err(e) => {
            tracing::warn!(dataset = %v.id, error = %e, "reading a dataset profile failed");
            v.problem = Some("The columns of this dataset could not be read.".into());
        }
    }
    v
}

/// The account's datasets with their profiles. Blocking work.
pub(crate) async fn list(
    console: &Console,
    account_id: i64,
) -> Result<Vec<DatasetView>, ConsoleError> {
    let store = console.store();
    console
        .blocking(move |c| {
            let mut out = Vec::new();
            for e in c.list_datasets(Some(account_id))? {
                let vocabulary = c.dataset_vocabulary(account_id, &e.id)?;
                out.push(view(store.as_ref(), e, vocabulary));
            }
            Ok(out)
        })
        .await
}

#[derive(Template)]
#[template(path = "datasets.html")]
struct DatasetsPage {
    page: Page,
    datasets: Vec<DatasetView>,
    notice: Option<String>,
    error: Option<String>,
    form: UploadForm,
    accept: &'static str,
    max_upload: String,
}

#[derive(Default, Clone)]
struct UploadForm {
    id: String,
    id_column: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct DatasetsQuery {
    imported: Option<String>,
    dropped: Option<String>,
    /// Vocabulary entries an import dropped (they no longer applied).
    vocabulary_dropped: Option<usize>,
    /// A dataset whose vocabulary was just saved, and its revision.
    vocabulary: Option<String>,
    revision: Option<i64>,
    /// A dataset whose vocabulary was just cleared.
    vocabulary_cleared: Option<String>,
}

fn describe_size(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes & ((1 << 30) - 1) == 0 {
        format!("{} GiB", bytes >> 30)
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

async fn render_page(
    console: &Console,
    signed: &Signed,
    status: StatusCode,
    notice: Option<String>,
    error: Option<String>,
    form: UploadForm,
) -> Response {
    render_editing(
        console,
        signed,
        status,
        notice,
        error,
        form,
        Editing::Nothing,
    )
    .await
}

/// What the page shows of one dataset's vocabulary editor.
enum Editing {
    Nothing,
    /// Open, on the stored text.
    Open(String),
    /// Open, on the text posted and what checking it said.
    Posted(String, VocabularyView),
}

/// The page, with one dataset's vocabulary editor as `editing` says.
async fn render_editing(
    console: &Console,
    signed: &Signed,
    status: StatusCode,
    notice: Option<String>,
    error: Option<String>,
    form: UploadForm,
    editing: Editing,
) -> Response {
    let mut datasets = match list(console, signed.account_id()).await {
        Ok(d) => d,
        Err(e) => return e.into_response(),
    };
    match editing {
        Editing::Nothing => {}
        Editing::Open(id) => {
            if let Some(d) = datasets.iter_mut().find(|d| d.id == id) {
                d.vocabulary.open = true;
            }
        }
        Editing::Posted(id, view) => {
            if let Some(d) = datasets.iter_mut().find(|d| d.id == id) {
                let stored = std::mem::take(&mut d.vocabulary);
                d.vocabulary = VocabularyView {
                    revision: stored.revision,
                    summary: stored.summary,
                    open: true,
                    ..view
                };
            }
        }
    }
    render(
        status,
        &DatasetsPage {
            page: Page::signed("Datasets", "datasets", signed),
            datasets,
            notice,
            error,
            form,
            accept: ACCEPT,
            max_upload: describe_size(console.config().max_upload_bytes),
        },
    )
}

pub(crate) async fn page(
    State(console): State<Console>,
    signed: Signed,
    Query(q): Query<DatasetsQuery>,
) -> Response {
    let notice = if let Some(id) = q.imported {
        let mut n = format!("Dataset \u{201c}{id}\u{201d} is imported and ready to query.");
        if let Some(k) = q.vocabulary_dropped.filter(|&k| k > 0) {
            n.push_str(&format!(
                " Its vocabulary lost {k} {} about fields the new version no longer has (or no longer fit).",
                if k == 1 { "entry" } else { "entries" }
            ));
        }
        Some(n)
    } else if let Some(id) = &q.vocabulary {
        Some(format!(
            "The vocabulary of \u{201c}{id}\u{201d} is saved{}; it applies from the next query.",
            q.revision
                .map(|r| format!(" (revision {r})"))
                .unwrap_or_default()
        ))
    } else if let Some(id) = &q.vocabulary_cleared {
        Some(format!(
            "The vocabulary of \u{201c}{id}\u{201d} is cleared."
        ))
    } else {
        q.dropped
            .map(|id| format!("Dataset \u{201c}{id}\u{201d} is dropped."))
    };
    // The editor of a vocabulary just saved stays open.
    let editing = match q.vocabulary {
        Some(id) => Editing::Open(id),
        None => Editing::Nothing,
    };
    render_editing(
        &console,
        &signed,
        StatusCode::OK,
        notice,
        None,
        UploadForm::default(),
        editing,
    )
    .await
}

// ----- upload ------------------------------------------------------------------

enum UploadError {
    Forbidden,
    Failed { code: ErrorCode, message: String },
}

fn failed(code: ErrorCode, message: impl Into<String>) -> UploadError {
    UploadError::Failed {
        code,
        message: message.into(),
    }
}

fn internal(e: impl std::fmt::Display) -> UploadError {
    tracing::error!(error = %e, "console upload failed");
    failed(
        ErrorCode::InternalError,
        "Something went wrong on our side while receiving the file. Please try again.",
    )
}

fn multipart_error(console: &Console, e: MultipartError) -> UploadError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        failed(
            ErrorCode::PayloadTooLarge,
            format!(
                "The file is larger than the upload limit of {}.",
                describe_size(console.config().max_upload_bytes)
            ),
        )
    } else {
        failed(
            ErrorCode::BadRequest,
            format!("The upload was interrupted or malformed: {}", e.body_text()),
        )
    }
}

/// A file name safe to create: its last path component, without control
/// characters, at most 100 characters, never hidden.
fn safe_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = last.chars().filter(|c| !c.is_control()).take(100).collect();
    let cleaned = cleaned.trim().trim_start_matches('.').to_string();
    if cleaned.is_empty() {
        "upload.csv".into()
    } else {
        cleaned
    }
}

/// A dataset id from a file name: `Sales 2024.csv` → `sales-2024`.
fn id_from_file_name(name: &str) -> String {
    let stem = name.split('.').next().unwrap_or(name);
    let mut id = String::new();
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            id.push(c.to_ascii_lowercase());
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    let id: String = id
        .trim_matches('-')
        .chars()
        .take(quarry_profile::MAX_DATASET_ID_LEN)
        .collect();
    let id = id.trim_end_matches('-').to_string();
    if id.is_empty() {
        "dataset".into()
    } else {
        id
    }
}

async fn small_text(console: &Console, field: Field<'_>) -> Result<String, UploadError> {
    let text = field
        .text()
        .await
        .map_err(|e| multipart_error(console, e))?;
    if text.len() > 1024 {
        return Err(failed(ErrorCode::BadRequest, "A form field is too long."));
    }
    Ok(text)
}

/// A file received into its own temporary directory (removed on drop).
struct Received {
    _dir: tempfile::TempDir,
    path: PathBuf,
    file_name: String,
}

async fn receive_file(
    console: &Console,
    mut field: Field<'_>,
) -> Result<Option<Received>, UploadError> {
    let file_name = field.file_name().unwrap_or("").to_string();
    if file_name.is_empty() {
        // No file chosen: browsers still send an empty part.
        return Ok(None);
    }
    let file_name = safe_file_name(&file_name);
    let uploads = console.data_dir().join(UPLOADS_DIR);
    std::fs::create_dir_all(&uploads).map_err(internal)?;
    let dir = tempfile::Builder::new()
        .prefix(UPLOAD_PREFIX)
        .tempdir_in(&uploads)
        .map_err(internal)?;
    let path = dir.path().join(&file_name);
    let mut out = tokio::fs::File::create(&path).await.map_err(internal)?;
    let max = console.config().max_upload_bytes;
    let mut total = 0u64;
    while let Some(chunk) = field
        .chunk()
        .await
        .map_err(|e| multipart_error(console, e))?
    {
        total += chunk.len() as u64;
        if total > max {
            return Err(multipart_error_too_large(console));
        }
        out.write_all(&chunk).await.map_err(write_failed)?;
    }
    out.flush().await.map_err(write_failed)?;
    if total == 0 {
        return Err(failed(
            ErrorCode::InvalidInput,
            format!("{file_name} is empty; a header row is required."),
        ));
    }
    Ok(Some(Received {
        _dir: dir,
        path,
        file_name,
    }))
}

/// A write of the received file that failed: a full disk said so (the
/// partial file goes with its temporary directory), anything else internal.
fn write_failed(e: std::io::Error) -> UploadError {
    if e.kind() == std::io::ErrorKind::StorageFull {
        tracing::warn!("console upload refused: the disk holding the data directory is full");
        failed(
            ErrorCode::ServiceUnavailable,
            "The server's disk is full; the upload was not kept. Retry once space has been freed.",
        )
    } else {
        internal(e)
    }
}

fn multipart_error_too_large(console: &Console) -> UploadError {
    failed(
        ErrorCode::PayloadTooLarge,
        format!(
            "The file is larger than the upload limit of {}.",
            describe_size(console.config().max_upload_bytes)
        ),
    )
}

/// Reads the form (the CSRF token must come before the file, as the form
/// orders them), then imports the file.
async fn receive_and_import(
    console: &Console,
    signed: &Signed,
    multipart: Result<Multipart, MultipartRejection>,
    form: &mut UploadForm,
) -> Result<(String, Imported, usize), UploadError> {
    // The one rejection (an invalid boundary) is a 400.
    let mut multipart =
        multipart.map_err(|e| failed(ErrorCode::for_status(e.status()), e.body_text()))?;
    let mut csrf_ok = false;
    let mut received = None;
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|e| multipart_error(console, e))?
    {
        match field.name().unwrap_or("") {
            "csrf" => {
                let presented = small_text(console, field).await?;
                csrf_ok = tokens_match(&presented, &signed.session.csrf_token);
            }
            "id" => form.id = small_text(console, field).await?.trim().to_string(),
            "id_column" => form.id_column = small_text(console, field).await?.trim().to_string(),
            "file" => {
                if !csrf_ok {
                    return Err(UploadError::Forbidden);
                }
                received = receive_file(console, field).await?;
            }
            _ => {}
        }
    }
    if !csrf_ok {
        return Err(UploadError::Forbidden);
    }
    let Some(received) = received else {
        return Err(failed(ErrorCode::InvalidInput, "Choose a file to upload."));
    };
    let id = if form.id.is_empty() {
        id_from_file_name(&received.file_name)
    } else {
        form.id.clone()
    };
    let id_column = Some(form.id_column.clone()).filter(|c| !c.is_empty());
    let account_id = signed.account_id();
    let by = signed.actor();
    let backend = console.backend().clone();
    let store = console.store();
    let limits = UploadLimits {
        bytes: console.config().max_upload_bytes,
        rows: console.config().max_upload_rows,
    };
    let done = tokio::task::spawn_blocking(move || {
        import(
            &backend,
            store.as_ref(),
            &by,
            account_id,
            &id,
            id_column,
            &received,
            limits,
        )
        .map(|(i, k)| (id, i, k))
    })
    .await
    .map_err(internal)?;
    done.map_err(|(code, message)| failed(code, message))
}

/// What an upload may hold once decompressed and parsed.
#[derive(Clone, Copy)]
struct UploadLimits {
    bytes: u64,
    rows: Option<u64>,
}

/// The import proper, on its own catalog connection so that the console's
/// shared one stays free meanwhile; with the number of vocabulary entries a
/// replacement dropped. Errors are messages for the user, with their code:
/// `PAYLOAD_TOO_LARGE` past a limit (the decompressed bytes, the rows; the
/// import stops there and leaves nothing), else `INVALID_INPUT`.
#[allow(clippy::too_many_arguments)]
fn import(
    backend: &quarry_pg::Backend,
    store: &dyn DatasetStore,
    by: &quarry_catalog::Actor,
    account_id: i64,
    id: &str,
    id_column: Option<String>,
    received: &Received,
    limits: UploadLimits,
) -> Result<(Imported, usize), (ErrorCode, String)> {
    let mut catalog = backend.open_catalog().map_err(|e| {
        tracing::error!(error = %e, "opening the catalog for an upload failed");
        (
            ErrorCode::InternalError,
            "Something went wrong on our side. Please try again.".to_string(),
        )
    })?;
    let mut opts = ImportOptions::new(id);
    opts.id_column = id_column;
    opts.max_bytes = Some(limits.bytes);
    opts.max_rows = limits.rows;
    let started = std::time::Instant::now();
    let mut dropped: Vec<String> = Vec::new();
    // The console's upload form creates or replaces (the page says so).
    let result = catalog.import_dataset(
        by,
        id,
        account_id,
        quarry_catalog::OnExisting::Replace,
        || {
            store
                .import(&received.path, &opts)
                .map_err(anyhow::Error::from)
        },
        |i: &Imported| (i.file_name.clone(), i.row_count),
        // A replaced dataset keeps what of its vocabulary still applies.
        |i: &Imported, text: &str| {
            let carried = quarry_vocabulary::for_new_version(text, &i.profile);
            dropped = carried.dropped;
            carried.text
        },
        &|v| store.remove_version(v),
    );
    match result {
        Ok(imported) => {
            tracing::info!(
                dataset = id,
                account = account_id,
                rows = imported.row_count,
                vocabulary_dropped = dropped.len(),
                elapsed_ms = started.elapsed().as_millis() as u64,
                steps = imported.timings.summary().as_str(),
                "console imported a dataset"
            );
            Ok((imported, dropped.len()))
        }
        Err(e) => {
            // The importer names the file by its path; the user knows it by
            // its name.
            let path = received.path.display().to_string();
            let code = match e.downcast_ref::<quarry_dataset::ImportError>() {
                Some(i) if i.is_over_limit() => ErrorCode::PayloadTooLarge,
                _ => ErrorCode::InvalidInput,
            };
            let mut message = e.to_string().replace(&path, &received.file_name);
            tracing::info!(dataset = id, error = %message, "console import refused");
            if e.downcast_ref::<quarry_catalog::CatalogError>().is_some() {
                message = upper_first(&message);
            } else if !message.ends_with('.') {
                // The importer's messages start with the file's name.
                message.push('.');
            }
            Err((code, message))
        }
    }
}

pub(crate) async fn upload(
    State(console): State<Console>,
    signed: Signed,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Response {
    let wants_json = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"));
    let mut form = UploadForm::default();
    let started = std::time::Instant::now();
    let outcome = receive_and_import(&console, &signed, multipart, &mut form).await;
    let metrics = &console.config().metrics;
    match &outcome {
        Ok((_, imported, _)) => metrics.import(Some(imported.row_count), started.elapsed()),
        Err(UploadError::Failed { .. }) => metrics.import(None, started.elapsed()),
        Err(UploadError::Forbidden) => {}
    }
    match outcome {
        Ok((id, imported, dropped)) => {
            let mut to = format!("{MOUNT}/datasets?imported={}", query_value(&id));
            if dropped > 0 {
                to.push_str(&format!("&vocabulary_dropped={dropped}"));
            }
            if wants_json {
                Json(serde_json::json!({ "redirect": to, "rows": imported.row_count }))
                    .into_response()
            } else {
                see_other(&to)
            }
        }
        Err(UploadError::Forbidden) => ConsoleError::Forbidden.into_response(),
        Err(UploadError::Failed { code, message }) => {
            let status = code.status();
            if wants_json {
                (
                    status,
                    Json(serde_json::json!({ "error": message, "error_code": code.as_str() })),
                )
                    .into_response()
            } else {
                render_page(&console, &signed, status, None, Some(message), form).await
            }
        }
    }
}

// ----- vocabulary ----------------------------------------------------------------

#[derive(Deserialize)]
pub(crate) struct VocabularyForm {
    csrf: String,
    /// `validate`, `save` or `clear`.
    #[serde(default)]
    action: String,
    #[serde(default)]
    vocabulary: String,
}

/// What a vocabulary form asked, after looking the dataset up.
enum VocabularyOutcome {
    /// Checked (validate, or a save refused): show the text and findings.
    Shown(StatusCode, VocabularyView),
    Saved(i64),
    Cleared,
}

/// Validates, saves or clears one of the account's dataset's vocabulary:
/// checked against the dataset's current version (every error with its
/// line; nothing saved while there is one), stored with a new revision.
pub(crate) async fn vocabulary(
    State(console): State<Console>,
    signed: Signed,
    UrlPath(id): UrlPath<String>,
    Form(form): Form<VocabularyForm>,
) -> Response {
    if let Err(e) = check_csrf(&signed, &form.csrf) {
        return e.into_response();
    }
    let action = form.action.clone();
    if !matches!(action.as_str(), "validate" | "save" | "clear") {
        return pages::error_page(
            ErrorCode::BadRequest,
            "The form asked for nothing this page does; reload it and try again.",
        );
    }
    // Browsers send a textarea's lines with CRLF.
    let text = form.vocabulary.replace("\r\n", "\n");
    let account_id = signed.account_id();
    let by = signed.actor();
    let store = console.store();
    let (id_c, text_c) = (id.clone(), text.clone());
    let outcome = console
        .blocking(move |c| {
            let entry = c.get_dataset(account_id, &id_c)?.ok_or_else(|| {
                quarry_catalog::CatalogError::NotFound(
                    "There is no such dataset in your account.".into(),
                )
            })?;
            if action == "clear" {
                c.set_dataset_vocabulary(&by, &id_c, account_id, &entry.version, None)?;
                return Ok(Ok(VocabularyOutcome::Cleared));
            }
            let profile = match store.load_profile(&entry.version) {
                Ok(p) => p,
                Err(e) => return Ok(Err(e.to_string())),
            };
            let outcome = match quarry_vocabulary::check(&text_c, &profile) {
                Err(r) => VocabularyOutcome::Shown(
                    ErrorCode::InvalidVocabulary.status(),
                    VocabularyView {
                        text: text_c,
                        errors: r.errors.iter().map(ToString::to_string).collect(),
                        warnings: r.warnings.iter().map(ToString::to_string).collect(),
                        ..VocabularyView::default()
                    },
                ),
                Ok(checked) if action == "validate" => VocabularyOutcome::Shown(
                    StatusCode::OK,
                    VocabularyView {
                        text: text_c,
                        valid: Some(format!(
                            "Valid: {}. Nothing is saved yet.",
                            checked.vocabulary.summary()
                        )),
                        warnings: checked.warnings.iter().map(ToString::to_string).collect(),
                        ..VocabularyView::default()
                    },
                ),
                Ok(_) => VocabularyOutcome::Saved(c.set_dataset_vocabulary(
                    &by,
                    &id_c,
                    account_id,
                    &entry.version,
                    Some(&text_c),
                )?),
            };
            Ok(Ok(outcome))
        })
        .await;
    let outcome = match outcome {
        Ok(Ok(o)) => o,
        Ok(Err(detail)) => {
            return ConsoleError::Internal(format!("reading a dataset profile: {detail}"))
                .into_response()
        }
        Err(e) => return e.into_response(),
    };
    match outcome {
        VocabularyOutcome::Saved(revision) => {
            tracing::info!(account = account_id, dataset = %id, revision, "console saved a vocabulary");
            see_other(&format!(
                "{MOUNT}/datasets?vocabulary={}&revision={revision}#dataset-{}",
                query_value(&id),
                query_value(&id)
            ))
        }
        VocabularyOutcome::Cleared => {
            tracing::info!(account = account_id, dataset = %id, "console cleared a vocabulary");
            see_other(&format!(
                "{MOUNT}/datasets?vocabulary_cleared={}#dataset-{}",
                query_value(&id),
                query_value(&id)
            ))
        }
        VocabularyOutcome::Shown(status, view) => {
            render_editing(
                &console,
                &signed,
                status,
                None,
                None,
                UploadForm::default(),
                Editing::Posted(id, view),
            )
            .await
        }
    }
}

// ----- drop ----------------------------------------------------------------------

pub(crate) async fn drop(
    State(console): State<Console>,
    signed: Signed,
    UrlPath(id): UrlPath<String>,
    Form(form): Form<CsrfForm>,
) -> Response {
    if let Err(e) = check_csrf(&signed, &form.csrf) {
        return e.into_response();
    }
    let account_id = signed.account_id();
    let by = signed.actor();
    let id_c = id.clone();
    let store = console.store();
    match console
        .blocking(move |c| {
            c.drop_account_dataset(&by, account_id, &id_c, &|v| store.remove_version(v))
        })
        .await
    {
        Ok(_) => {
            tracing::info!(account = account_id, dataset = %id, "console dropped a dataset");
            see_other(&format!("{MOUNT}/datasets?dropped={}", query_value(&id)))
        }
        Err(ConsoleError::NotFound(_)) => {
            ConsoleError::NotFound("There is no such dataset in your account.".into())
                .into_response()
        }
        Err(e) => e.into_response(),
    }
}

/// Removes upload directories left by a process that stopped mid-upload.
pub(crate) fn remove_stale_uploads(data_dir: &Path) {
    let Ok(entries) = std::fs::read_dir(data_dir.join(UPLOADS_DIR)) else {
        return;
    };
    for e in entries.flatten() {
        if e.file_name().to_string_lossy().starts_with(UPLOAD_PREFIX) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_from_file_names() {
        assert_eq!(id_from_file_name("Sales 2024.csv"), "sales-2024");
        assert_eq!(id_from_file_name("my_data.tar.gz"), "my_data");
        assert_eq!(id_from_file_name("---.csv"), "dataset");
        assert_eq!(id_from_file_name("Ünïcode name.csv"), "n-code-name");
    }

    #[test]
    fn file_names_are_made_safe() {
        assert_eq!(safe_file_name("../../etc/passwd"), "passwd");
        assert_eq!(safe_file_name("C:\\x\\data.csv"), "data.csv");
        assert_eq!(safe_file_name(".hidden.csv"), "hidden.csv");
        assert_eq!(safe_file_name(""), "upload.csv");
    }

    #[test]
    fn digits_are_grouped() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(12_345_678), "12,345,678");
    }
}
