//! `GET /v1/openapi.json`: the OpenAPI 3.1 description, generated from the
//! request, event and error types and the handler's annotations.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

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
    paths(crate::query::query_dataset),
    components(schemas(
        QueryRequest, Envelope, EventType, EventData, ThoughtsData, SqlData, ResultsData,
        ResultItem, CloseData, ErrorBody
    )),
    modifiers(&ApiKeyHeader),
    tags((name = "query", description = "Querying datasets"))
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

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
