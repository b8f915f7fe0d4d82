//! Every error the API answers with, and the one place that maps them to an
//! [`ErrorCode`] (which carries the HTTP status) and the contract's body
//! `{"error": "...", "error_code": "..."}`. The codes themselves, their
//! statuses and default messages are `quarry-contract`'s.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use quarry_contract::ErrorCode;
use serde::Serialize;
use utoipa::ToSchema;

/// The contract's error response.
#[derive(Debug, Clone, Serialize, serde::Deserialize, ToSchema)]
#[schema(example = json!({"error": "The dataset identifier is invalid.", "error_code": "INVALID_DATASET"}))]
pub struct ErrorBody {
    /// Human-readable error message.
    pub error: String,
    /// Error code identifier.
    pub error_code: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("No route matches this path.")]
    NotFound,
    #[error("This method is not allowed on this path; allowed: {allow}.")]
    MethodNotAllowed { allow: &'static str },
    #[error("The apikey header is missing.")]
    MissingApiKey,
    #[error("The API key is invalid.")]
    InvalidApiKey,
    /// The key's request rate is used up; `Retry-After` says when to retry.
    #[error("Too many requests for this API key; retry in {retry_after} s.")]
    RateLimited { retry_after: u64 },
    /// The key already has as many open query streams as it may.
    #[error(
        "This API key already has {max} open query streams, the most it may; retry when one ends."
    )]
    TooManyStreams { max: u32 },
    /// The client did not send the request body in time.
    #[error("The request body did not arrive in time.")]
    RequestTimeout,
    /// Overload or shutdown.
    #[error("The service is unavailable; retry later.")]
    Unavailable,
    /// As many queries run as may (`--max-running-queries`), and none
    /// finished within the short wait.
    #[error("The server is running as many queries as it may ({max}); retry in a moment.")]
    Overloaded { max: usize },
    /// The server is shutting down.
    #[error("The server is shutting down; retry on another instance or in a moment.")]
    ShuttingDown,
    /// The database (PostgreSQL) could not be reached within the pool's
    /// short wait; the detail is logged.
    #[error("The database is unavailable; retry in a moment.")]
    DatabaseUnavailable(String),
    #[error("Content-Type must be application/json.")]
    UnsupportedMediaType,
    #[error("The request body is larger than {limit} bytes.")]
    PayloadTooLarge { limit: usize },
    #[error("{0}")]
    InvalidJson(String),
    #[error("{0}")]
    MissingParameter(String),
    #[error("{0}")]
    InvalidParameter(String),
    #[error("The dataset identifier is invalid.")]
    InvalidDataset,
    #[error("The Accept header must allow text/event-stream or application/json.")]
    NotAcceptable,
    /// The details are logged, never sent; the response middleware adds the
    /// request id to the message.
    #[error("Internal server error.")]
    Internal(String),
}

impl ApiError {
    pub fn internal(detail: impl std::fmt::Display) -> ApiError {
        ApiError::Internal(detail.to_string())
    }

    /// A catalog failure: 503 when its database is out of reach (an
    /// outage: retrying later works), else a 500.
    pub fn catalog(e: quarry_catalog::CatalogError) -> ApiError {
        if e.is_unavailable() {
            ApiError::DatabaseUnavailable(e.to_string())
        } else {
            ApiError::Internal(e.to_string())
        }
    }

    /// [`ApiError::catalog`] for a failure that may have come from the
    /// catalog, among others.
    pub fn from_any(e: anyhow::Error) -> ApiError {
        match e.downcast::<quarry_catalog::CatalogError>() {
            Ok(c) => ApiError::catalog(c),
            Err(e) => ApiError::Internal(format!("{e:#}")),
        }
    }

    pub fn status(&self) -> StatusCode {
        self.error_code().status()
    }

    /// The contract's `error_code`, spelled (`"INVALID_JSON"`).
    pub fn code(&self) -> &'static str {
        self.error_code().as_str()
    }

    pub fn error_code(&self) -> ErrorCode {
        match self {
            ApiError::NotFound => ErrorCode::NotFound,
            ApiError::MethodNotAllowed { .. } => ErrorCode::MethodNotAllowed,
            ApiError::MissingApiKey => ErrorCode::MissingApiKey,
            ApiError::InvalidApiKey => ErrorCode::InvalidApiKey,
            ApiError::RateLimited { .. } | ApiError::TooManyStreams { .. } => {
                ErrorCode::RateLimited
            }
            ApiError::RequestTimeout => ErrorCode::RequestTimeout,
            ApiError::Unavailable
            | ApiError::Overloaded { .. }
            | ApiError::ShuttingDown
            | ApiError::DatabaseUnavailable(_) => ErrorCode::ServiceUnavailable,
            ApiError::UnsupportedMediaType => ErrorCode::UnsupportedMediaType,
            ApiError::PayloadTooLarge { .. } => ErrorCode::PayloadTooLarge,
            ApiError::InvalidJson(_) => ErrorCode::InvalidJson,
            ApiError::MissingParameter(_) => ErrorCode::MissingParameter,
            ApiError::InvalidParameter(_) => ErrorCode::InvalidParameter,
            ApiError::InvalidDataset => ErrorCode::InvalidDataset,
            ApiError::NotAcceptable => ErrorCode::NotAcceptable,
            ApiError::Internal(_) => ErrorCode::InternalError,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(detail) = &self {
            tracing::error!(detail = %detail, "internal error");
        }
        if let ApiError::DatabaseUnavailable(detail) = &self {
            tracing::warn!(detail = %detail, "the database is unavailable");
        }
        let mut resp = error_response(self.error_code(), &self.to_string());
        match self {
            ApiError::MethodNotAllowed { allow } => {
                resp.headers_mut()
                    .insert(header::ALLOW, HeaderValue::from_static(allow));
            }
            ApiError::RateLimited { retry_after } => {
                resp.headers_mut()
                    .insert(header::RETRY_AFTER, retry_after.max(1).into());
            }
            ApiError::TooManyStreams { .. }
            | ApiError::Unavailable
            | ApiError::Overloaded { .. }
            | ApiError::ShuttingDown
            | ApiError::DatabaseUnavailable(_) => {
                resp.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            ApiError::RequestTimeout | ApiError::PayloadTooLarge { .. } => {
                // The rest of the body may still be on its way (a body
                // over the limit is not read to its end): do not try to
                // read another request from this connection, and say so,
                // or a keep-alive client sends its next request into a
                // connection the server is closing (found by quarry-soak).
                resp.headers_mut()
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            _ => {}
        }
        resp
    }
}

/// A JSON error response of the contract's shape, with the code's status.
pub fn error_response(code: ErrorCode, message: &str) -> Response {
    let body = ErrorBody {
        error: message.to_string(),
        error_code: code.as_str().to_string(),
    };
    (code.status(), axum::Json(body)).into_response()
}
