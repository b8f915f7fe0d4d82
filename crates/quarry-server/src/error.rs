//! Every error the API answers with, and the one place that maps them to an
//! HTTP status, an `error_code` and the contract's body
//! `{"error": "...", "error_code": "..."}`.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
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

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::NotFound | ApiError::InvalidDataset => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::MissingApiKey | ApiError::InvalidApiKey => StatusCode::UNAUTHORIZED,
            ApiError::RateLimited { .. } | ApiError::TooManyStreams { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::InvalidJson(_)
            | ApiError::MissingParameter(_)
            | ApiError::InvalidParameter(_) => StatusCode::BAD_REQUEST,
            ApiError::NotAcceptable => StatusCode::NOT_ACCEPTABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::NotFound => "NOT_FOUND",
            ApiError::MethodNotAllowed { .. } => "METHOD_NOT_ALLOWED",
            ApiError::MissingApiKey => "MISSING_API_KEY",
            ApiError::InvalidApiKey => "INVALID_API_KEY",
            ApiError::RateLimited { .. } | ApiError::TooManyStreams { .. } => "RATE_LIMITED",
            ApiError::RequestTimeout => "REQUEST_TIMEOUT",
            ApiError::Unavailable => "SERVICE_UNAVAILABLE",
            ApiError::UnsupportedMediaType => "UNSUPPORTED_MEDIA_TYPE",
            ApiError::PayloadTooLarge { .. } => "PAYLOAD_TOO_LARGE",
            ApiError::InvalidJson(_) => "INVALID_JSON",
            ApiError::MissingParameter(_) => "MISSING_PARAMETER",
            ApiError::InvalidParameter(_) => "INVALID_PARAMETER",
            ApiError::InvalidDataset => "INVALID_DATASET",
            ApiError::NotAcceptable => "NOT_ACCEPTABLE",
            ApiError::Internal(_) => "INTERNAL_ERROR",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(detail) = &self {
            tracing::error!(detail = %detail, "internal error");
        }
        let mut resp = error_response(self.status(), &self.to_string(), self.code());
        match self {
            ApiError::MethodNotAllowed { allow } => {
                resp.headers_mut()
                    .insert(header::ALLOW, HeaderValue::from_static(allow));
            }
            ApiError::RateLimited { retry_after } => {
                resp.headers_mut()
                    .insert(header::RETRY_AFTER, retry_after.max(1).into());
            }
            ApiError::TooManyStreams { .. } | ApiError::Unavailable => {
                resp.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            ApiError::RequestTimeout => {
                // The rest of the body may still be on its way: do not try
                // to read another request from this connection.
                resp.headers_mut()
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            _ => {}
        }
        resp
    }
}

/// A JSON error response of the contract's shape.
pub fn error_response(status: StatusCode, message: &str, code: &str) -> Response {
    let body = ErrorBody {
        error: message.to_string(),
        error_code: code.to_string(),
    };
    (status, axum::Json(body)).into_response()
}

/// The `error_code` for a bare status produced outside the handlers (a
/// framework rejection), so that even those answer in the contract's shape.
pub fn code_for_status(status: StatusCode) -> (&'static str, &'static str) {
    match status {
        StatusCode::NOT_FOUND => ("NOT_FOUND", "No route matches this path."),
        StatusCode::METHOD_NOT_ALLOWED => (
            "METHOD_NOT_ALLOWED",
            "This method is not allowed on this path.",
        ),
        StatusCode::UNAUTHORIZED => ("INVALID_API_KEY", "The API key is invalid."),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (
            "UNSUPPORTED_MEDIA_TYPE",
            "Content-Type must be application/json.",
        ),
        StatusCode::PAYLOAD_TOO_LARGE => ("PAYLOAD_TOO_LARGE", "The request body is too large."),
        StatusCode::REQUEST_TIMEOUT => ("REQUEST_TIMEOUT", "The request did not arrive in time."),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => {
            ("HEADERS_TOO_LARGE", "The request headers are too large.")
        }
        StatusCode::TOO_MANY_REQUESTS => ("RATE_LIMITED", "Too many requests; retry later."),
        StatusCode::NOT_ACCEPTABLE => (
            "NOT_ACCEPTABLE",
            "The Accept header must allow text/event-stream or application/json.",
        ),
        StatusCode::SERVICE_UNAVAILABLE => (
            "SERVICE_UNAVAILABLE",
            "The service is unavailable; retry later.",
        ),
        s if s.is_client_error() => ("BAD_REQUEST", "The request is invalid."),
        _ => ("INTERNAL_ERROR", "Internal server error."),
    }
}
