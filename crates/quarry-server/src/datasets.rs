//! Dataset discovery (issue 5), an extension of the contract:
//! `GET /v1/datasets` lists the datasets the API key's account can query,
//! `GET /v1/datasets/{id}` describes one, with the `<NNN>_<field_name>` key
//! and the type of every field, so that clients can read `/v1/query` result
//! items without guessing, and the dataset's vocabulary (read-only here).
//!
//! Same rules as `POST /v1/query` (DESIGN §1): the `apikey` header (401
//! `MISSING_API_KEY` / `INVALID_API_KEY`), the key's rate (429
//! `RATE_LIMITED`, `RateLimit-Policy` / `RateLimit` on every answer to a
//! known key), and 404 `INVALID_DATASET` alike for an unknown id, a
//! malformed one and another account's dataset. Catalog and profile reads
//! run on the blocking pool; the profile comes from [`AppState::load_dataset`]'s
//! cache, so describing a dataset that is being queried reads no file.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use quarry_planner::ColumnType;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::{authenticate, blocking};
use crate::error::{ApiError, ErrorBody};
use crate::limits::RateDecision;
use crate::state::AppState;

/// The answer of `GET /v1/datasets`.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
#[schema(example = json!({"datasets": [{"id": "airports", "row_count": 4, "updated": 1763812800}]}))]
pub struct DatasetList {
    /// The datasets the key's account can query, sorted by id.
    pub datasets: Vec<DatasetSummary>,
}

/// One dataset of the list.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
pub struct DatasetSummary {
    /// The identifier to pass as `dataset_id` to `POST /v1/query`.
    #[schema(example = "airports")]
    pub id: String,
    /// Number of records.
    #[schema(minimum = 0)]
    pub row_count: u64,
    /// When the current version was imported, Unix time in seconds (the
    /// unit of an event's `created`).
    pub updated: i64,
}

/// The answer of `GET /v1/datasets/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
#[schema(example = json!({
    "id": "airports", "row_count": 4, "updated": 1763812800, "id_column": null,
    "fields": [
        {"key": "001_name", "name": "name", "type": "text"},
        {"key": "002_country", "name": "country", "type": "text"},
        {"key": "003_elevation_ft", "name": "elevation_ft", "type": "integer"},
        {"key": "004_international", "name": "international", "type": "boolean"}
    ],
    "vocabulary": null
}))]
pub struct DatasetDetail {
    #[schema(example = "airports")]
    pub id: String,
    #[schema(minimum = 0)]
    pub row_count: u64,
    /// When the current version was imported, Unix time in seconds.
    pub updated: i64,
    /// The field whose values are the result items' `id`s; `null` when the
    /// ids are 1-based row numbers.
    #[schema(required = true)]
    pub id_column: Option<String>,
    /// Every field, in dataset column order (the order of the keys).
    pub fields: Vec<FieldInfo>,
    /// What the operator taught the planner about this dataset (`quarry
    /// dataset vocabulary ID --set FILE`, or the console); `null` when
    /// nothing.
    #[schema(required = true)]
    pub vocabulary: Option<VocabularyInfo>,
}

/// A dataset's vocabulary: its TOML text as set, and what it teaches.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
#[schema(example = json!({
    "revision": 2, "updated": 1763812800,
    "toml": "[fields.employees]\nsynonyms = [\"headcount\", \"staff\"]\n\n[[aliases]]\nphrase = \"DACH\"\nfield = \"country\"\nvalues = [\"Germany\", \"Austria\", \"Switzerland\"]\n\n[superlatives]\nlargest = \"employees\"\n",
    "fields": [{"field": "employees", "synonyms": ["headcount", "staff"], "description": null, "unit": null}],
    "aliases": [{"phrase": "DACH", "field": "country", "values": ["Germany", "Austria", "Switzerland"]}],
    "superlatives": [{"word": "largest", "field": "employees", "order": "descending"}]
}))]
pub struct VocabularyInfo {
    /// Raised by every change; a change applies to the next query.
    pub revision: i64,
    /// When it was last set, Unix seconds.
    pub updated: i64,
    /// The vocabulary file as it was set.
    pub toml: String,
    /// Words that name a field: synonyms, a description, a unit.
    pub fields: Vec<VocabularyField>,
    /// Phrases that stand for values of a field (`field IN (values)`).
    pub aliases: Vec<VocabularyAlias>,
    /// Words that order by a field.
    pub superlatives: Vec<VocabularySuperlative>,
}

/// `[fields.<field>]` of a vocabulary.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
pub struct VocabularyField {
    pub field: String,
    pub synonyms: Vec<String>,
    #[schema(required = true)]
    pub description: Option<String>,
    #[schema(required = true)]
    pub unit: Option<String>,
}

/// `[[aliases]]` of a vocabulary.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
pub struct VocabularyAlias {
    /// Matched case-insensitively, word for word.
    pub phrase: String,
    pub field: String,
    pub values: Vec<String>,
}

/// `[superlatives]` of a vocabulary.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
pub struct VocabularySuperlative {
    pub word: String,
    pub field: String,
    /// The order it asks for: as written, else the word's usual one
    /// ("smallest" ascending), else descending.
    pub order: SuperlativeOrder,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SuperlativeOrder {
    Ascending,
    Descending,
}

impl VocabularyInfo {
    fn of(v: &crate::state::LoadedVocabulary) -> VocabularyInfo {
        let vocab = &v.vocabulary;
        VocabularyInfo {
            revision: v.revision,
            updated: v.updated,
            toml: v.text.clone(),
            fields: vocab
                .fields
                .iter()
                .map(|f| VocabularyField {
                    field: f.field.clone(),
                    synonyms: f.synonyms.clone(),
                    description: f.description.clone(),
                    unit: f.unit.clone(),
                })
                .collect(),
            aliases: vocab
                .aliases
                .iter()
                .map(|a| VocabularyAlias {
                    phrase: a.phrase.clone(),
                    field: a.field.clone(),
                    values: a.values.clone(),
                })
                .collect(),
            superlatives: vocab
                .superlatives
                .iter()
                .map(|s| {
                    let ascending = match s.order {
                        Some(o) => o == quarry_vocabulary::Order::Ascending,
                        None => {
                            quarry_planner::superlative_direction(&s.word)
                                == Some(quarry_planner::Direction::Asc)
                        }
                    };
                    VocabularySuperlative {
                        word: s.word.clone(),
                        field: s.field.clone(),
                        order: if ascending {
                            SuperlativeOrder::Ascending
                        } else {
                            SuperlativeOrder::Descending
                        },
                    }
                })
                .collect(),
        }
    }
}

/// One field of a dataset.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
pub struct FieldInfo {
    /// The key of this field in a result item's `item`: `<NNN>_<field_name>`.
    #[schema(example = "002_country", pattern = "^[0-9]{3}_.+$")]
    pub key: String,
    /// The field name (the column name normalised to lower snake_case at
    /// import).
    #[schema(example = "country")]
    pub name: String,
    /// The type inferred at import (or given with `quarry dataset import
    /// --type`). Result item values are strings whatever the type.
    #[serde(rename = "type")]
    pub ty: FieldType,
}

/// The type of a field; the names `quarry dataset import --type` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FieldType {
    Integer,
    Float,
    Boolean,
    /// `YYYY-MM-DD`.
    Date,
    /// `YYYY-MM-DDTHH:MM:SS`.
    Datetime,
    Text,
}

impl From<ColumnType> for FieldType {
    fn from(t: ColumnType) -> FieldType {
        match t {
            ColumnType::Integer => FieldType::Integer,
            ColumnType::Float => FieldType::Float,
            ColumnType::Boolean => FieldType::Boolean,
            ColumnType::Date => FieldType::Date,
            ColumnType::DateTime => FieldType::Datetime,
            ColumnType::Text => FieldType::Text,
        }
    }
}

/// List the datasets the API key's account can query.
///
/// An extension of the contract (issue 5), not part of interface 1.0.0's
/// one operation. Sorted by id.
#[utoipa::path(
    get,
    path = "/v1/datasets",
    operation_id = "listDatasets",
    tag = "datasets",
    extensions(("x-quarry-extension" = json!(true))),
    responses(
        (status = 200, description = "The account's datasets.", body = DatasetList,
            headers(
                ("RateLimit-Policy" = String, description = "The key's quota, e.g. `\"default\";q=600;w=60` (requests per 60 s)."),
                ("RateLimit" = String, description = "What is left of it."),
            )),
        (status = 401, description = "Missing or invalid API key (MISSING_API_KEY, INVALID_API_KEY).", body = ErrorBody),
        (status = 429, description = "The key's request rate is used up (RATE_LIMITED).", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before retrying."),
                ("RateLimit-Policy" = String, description = "The key's quota."),
                ("RateLimit" = String, description = "What is left of it."),
            )),
        (status = 500, description = "Internal server error (INTERNAL_ERROR); the message names the request id.", body = ErrorBody),
        (status = 503, description = "Overloaded (too many connections) or shutting down (SERVICE_UNAVAILABLE).", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before retrying."),
            )),
    ),
    security(("apikey" = []))
)]
pub async fn list_datasets(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let mut rate = None;
    let result = list(state, headers, &mut rate).await;
    respond(result, rate)
}

/// Describe one dataset: its fields, their result-item keys and types, and
/// its vocabulary.
///
/// An extension of the contract (issue 5). Another account's dataset, an
/// unknown id and a malformed one are all 404 `INVALID_DATASET`. The
/// vocabulary (what the operator taught the planner: synonyms, aliases,
/// superlatives) is set with `quarry dataset vocabulary ID --set FILE` or in
/// the console, not through the API.
#[utoipa::path(
    get,
    path = "/v1/datasets/{id}",
    operation_id = "getDataset",
    tag = "datasets",
    extensions(("x-quarry-extension" = json!(true))),
    params(
        ("id" = String, Path, description = "The dataset identifier (as in `dataset_id`).", example = "airports"),
    ),
    responses(
        (status = 200, description = "The dataset and its fields.", body = DatasetDetail,
            headers(
                ("RateLimit-Policy" = String, description = "The key's quota, e.g. `\"default\";q=600;w=60` (requests per 60 s)."),
                ("RateLimit" = String, description = "What is left of it."),
            )),
        (status = 401, description = "Missing or invalid API key (MISSING_API_KEY, INVALID_API_KEY).", body = ErrorBody),
        (status = 404, description = "No dataset of the key's account has this id (INVALID_DATASET).", body = ErrorBody),
        (status = 429, description = "The key's request rate is used up (RATE_LIMITED).", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before retrying."),
                ("RateLimit-Policy" = String, description = "The key's quota."),
                ("RateLimit" = String, description = "What is left of it."),
            )),
        (status = 500, description = "Internal server error (INTERNAL_ERROR); the message names the request id.", body = ErrorBody),
        (status = 503, description = "Overloaded (too many connections) or shutting down (SERVICE_UNAVAILABLE).", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before retrying."),
            )),
    ),
    security(("apikey" = []))
)]
pub async fn get_dataset(
    State(state): State<AppState>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    // A path that does not decode is a malformed id: still 404, and only
    // after the key is checked.
    let id = id.ok().map(|Path(id)| id);
    let mut rate = None;
    let result = describe(state, headers, id, &mut rate).await;
    respond(result, rate)
}

/// The handler's answer, with the `RateLimit` headers of the key's rate
/// decision when there was one (as `POST /v1/query` does).
fn respond<T: IntoResponse>(result: Result<T, ApiError>, rate: Option<RateDecision>) -> Response {
    let mut resp = match result {
        Ok(ok) => ok.into_response(),
        Err(e) => e.into_response(),
    };
    if let Some(rate) = rate {
        rate.apply(resp.headers_mut());
    }
    resp
}

async fn list(
    state: AppState,
    headers: HeaderMap,
    rate: &mut Option<RateDecision>,
) -> Result<Json<DatasetList>, ApiError> {
    let who = authenticate(&state, &headers, rate).await?;
    let st = state.clone();
    let entries = blocking(move || st.with_catalog(|c| c.list_datasets(Some(who.account_id))))
        .await?
        .map_err(ApiError::catalog)?;
    let mut datasets: Vec<DatasetSummary> = entries
        .into_iter()
        .map(|e| DatasetSummary {
            id: e.id,
            row_count: e.row_count,
            updated: e.updated,
        })
        .collect();
    // The catalog sorts too; the order is part of this answer's promise.
    datasets.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(Json(DatasetList { datasets }))
}

async fn describe(
    state: AppState,
    headers: HeaderMap,
    id: Option<String>,
    rate: &mut Option<RateDecision>,
) -> Result<Json<DatasetDetail>, ApiError> {
    let who = authenticate(&state, &headers, rate).await?;
    let id = id
        .filter(|id| quarry_catalog::DatasetId::parse(id).is_ok())
        .ok_or(ApiError::InvalidDataset)?;
    let st = state.clone();
    let (entry, loaded) = blocking(move || {
        let entry = st.with_catalog(|c| c.get_dataset(who.account_id, &id))?;
        let Some(entry) = entry else {
            return anyhow::Ok(None);
        };
        let loaded = st.load_dataset(&entry)?;
        anyhow::Ok(Some((entry, loaded)))
    })
    .await?
    .map_err(ApiError::from_any)?
    .ok_or(ApiError::InvalidDataset)?;
    let profile = &loaded.profile;
    let fields = profile
        .columns
        .iter()
        .map(|c| FieldInfo {
            key: c.item_key(),
            name: c.name.clone(),
            ty: c.ty.into(),
        })
        .collect();
    Ok(Json(DatasetDetail {
        id: entry.id,
        row_count: entry.row_count,
        updated: entry.updated,
        id_column: profile.id_column.clone(),
        fields,
        vocabulary: loaded.vocabulary.as_ref().map(VocabularyInfo::of),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_types_are_the_names_import_accepts() {
        for t in [
            ColumnType::Integer,
            ColumnType::Float,
            ColumnType::Boolean,
            ColumnType::Date,
            ColumnType::DateTime,
            ColumnType::Text,
        ] {
            let name = serde_json::to_value(FieldType::from(t)).unwrap();
            assert_eq!(name, t.as_str(), "{t:?}");
            assert_eq!(
                quarry_dataset::parse_column_type(t.as_str()),
                Some(t),
                "`quarry dataset import --type` must accept {name}"
            );
        }
    }
}
