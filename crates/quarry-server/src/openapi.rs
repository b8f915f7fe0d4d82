//! `GET /v1/openapi.json`: the OpenAPI 3.1 description, generated from the
//! request, event and error types and the handlers' annotations. The
//! discovery operations (`/v1/datasets`, `/v1/datasets/{id}`) extend the
//! contract: they carry `x-quarry-extension: true` and say so.

use utoipa::openapi::extensions::Extensions;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::RefOr;
use utoipa::{Modify, OpenApi};

use crate::datasets::{
    DatasetDetail, DatasetList, DatasetSummary, FieldInfo, FieldType, SuperlativeOrder,
    VocabularyAlias, VocabularyField, VocabularyInfo, VocabularySuperlative,
};
use crate::error::ErrorBody;
use crate::events::{
    CloseData, Envelope, EventData, EventType, ResultItem, ResultsData, SqlData, ThoughtsData,
};
use crate::request::QueryRequest;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Quarry dataset query API",
        version = "1.0.0",
        description = "Natural-language search over a dataset, answered as a Server-Sent Events stream."
    ),
    paths(
        crate::query::query_dataset,
        crate::datasets::list_datasets,
        crate::datasets::get_dataset
    ),
    components(schemas(
        QueryRequest, Envelope, EventType, EventData, ThoughtsData, SqlData, ResultsData,
        ResultItem, CloseData, ErrorBody, DatasetList, DatasetSummary, DatasetDetail, FieldInfo,
        FieldType, VocabularyInfo, VocabularyField, VocabularyAlias, VocabularySuperlative,
        SuperlativeOrder
    )),
    modifiers(&ApiKeyHeader, &SseEvents),
    tags(
        (name = "query", description = "Querying datasets"),
        (name = "datasets", description = "Discovering datasets and their fields. An extension of the contract (interface 1.0.0 has only `POST /v1/query`); its operations are marked `x-quarry-extension: true`.")
    )
)]
pub struct ApiDoc;

struct ApiKeyHeader;

impl Modify for ApiKeyHeader {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "apikey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("apikey"))),
        );
    }
}

/// Describes the `text/event-stream` answer the way OpenAPI 3.2 (and
/// Schemathesis) read an event stream before 3.2's `itemSchema`: the schema
/// is that of one event, `{data, event, id, retry}`, whose `data` is a JSON
/// text holding an [`Envelope`] (`contentMediaType` + `contentSchema`).
struct SseEvents;

impl Modify for SseEvents {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let Some(item) = openapi.paths.paths.get_mut("/v1/query") else {
            return;
        };
        let Some(op) = item.post.as_mut() else {
            return;
        };
        let Some(RefOr::T(resp)) = op.responses.responses.get_mut("200") else {
            return;
        };
        if let Some(content) = resp.content.get_mut("text/event-stream") {
            content.schema = Some(RefOr::T(sse_event_schema()));
        }
    }
}

fn sse_event_schema() -> Schema {
    let string = || ObjectBuilder::new().schema_type(Type::String);
    let data = string()
        .description(Some(
            "The event's envelope as one line of JSON: `data: {\"type\": …, \"data\": {…}, \"created\": …}`.",
        ))
        .content_media_type("application/json")
        .extensions(Some(Extensions::from_iter([(
            "contentSchema",
            serde_json::json!({"$ref": "#/components/schemas/Envelope"}),
        )])))
        .build();
    ObjectBuilder::new()
        .description(Some(
            "One Server-Sent Event. The stream is thoughts, sql, results, close, in that order; \
             each event is a single `data:` line (no `event:` or `id:` fields), and `: keep-alive` \
             comments may come between them.",
        ))
        .property("data", data)
        .required("data")
        .property(
            "event",
            string().description(Some("Always the default, `message`.")),
        )
        .property("id", string())
        .property("retry", ObjectBuilder::new().schema_type(Type::Integer))
        .into()
}

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
