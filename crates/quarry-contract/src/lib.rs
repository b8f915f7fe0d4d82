//! The error vocabulary of Quarry's contract: one [`ErrorCode`] for every
//! `error_code` the service answers with, whoever answers (the API's
//! handlers, the response middleware, the listener's early refusals, a query
//! stream's failing `close` event) and for the console's error pages. Each
//! code carries its HTTP status, a default message and whether a retry of
//! the same request may succeed, so no part of the service spells a code, or
//! pairs it with a status, on its own.
//!
//! It is a crate of its own, without a web framework, so that the HTTP
//! layer, the console and a query session that knows nothing of HTTP all
//! speak it. A code is serialised as its `SCREAMING_SNAKE_CASE` name
//! (`"INVALID_JSON"`), which is the contract's spelling.

use http::StatusCode;
use serde::{Deserialize, Serialize};

/// Every error the service answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// No route matches the path, or the page does not exist.
    NotFound,
    /// The route exists, not with this method.
    MethodNotAllowed,
    /// The `apikey` header is missing.
    MissingApiKey,
    /// The API key is unknown, malformed or deleted.
    InvalidApiKey,
    /// A request rate or a number of open streams is used up.
    RateLimited,
    /// The request did not arrive within the read time-out.
    RequestTimeout,
    /// The request line and headers are over the size limit.
    HeadersTooLarge,
    /// The body is not `application/json`.
    UnsupportedMediaType,
    /// The body is over the size limit.
    PayloadTooLarge,
    /// The body is not a JSON object.
    InvalidJson,
    /// A required field is missing.
    MissingParameter,
    /// A field has a wrong type or value.
    InvalidParameter,
    /// Another client error, with no code of its own.
    BadRequest,
    /// No dataset of the key's account has this id.
    InvalidDataset,
    /// The `Accept` header allows no format the service writes.
    NotAcceptable,
    /// The query ran past its time-out and was stopped.
    QueryTimeout,
    /// A stream's `close`: the first matching record alone is larger, once
    /// sent, than the result cap (8 MiB), so no record can be sent.
    ResultTooLarge,
    /// Overload or shutdown.
    ServiceUnavailable,
    /// A failure on the service's side; the details are logged, not sent.
    InternalError,
    /// The console: a form that expired or came from another site.
    Forbidden,
    /// The console: a wrong password or setup code.
    InvalidCredentials,
    /// The console: the change conflicts with what exists.
    Conflict,
    /// The console: input refused (a bad name, a short password).
    InvalidInput,
    /// A dataset's vocabulary file has errors (each with its line); nothing
    /// of it was applied.
    InvalidVocabulary,
}

impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 24] = [
        ErrorCode::NotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::MissingApiKey,
        ErrorCode::InvalidApiKey,
        ErrorCode::RateLimited,
        ErrorCode::RequestTimeout,
        ErrorCode::HeadersTooLarge,
        ErrorCode::UnsupportedMediaType,
        ErrorCode::PayloadTooLarge,
        ErrorCode::InvalidJson,
        ErrorCode::MissingParameter,
        ErrorCode::InvalidParameter,
        ErrorCode::BadRequest,
        ErrorCode::InvalidDataset,
        ErrorCode::NotAcceptable,
        ErrorCode::QueryTimeout,
        ErrorCode::ResultTooLarge,
        ErrorCode::ServiceUnavailable,
        ErrorCode::InternalError,
        ErrorCode::Forbidden,
        ErrorCode::InvalidCredentials,
        ErrorCode::Conflict,
        ErrorCode::InvalidInput,
        ErrorCode::InvalidVocabulary,
    ];

    /// The contract's spelling, as in `"error_code": "INVALID_JSON"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NotFound => "NOT_FOUND",
            ErrorCode::MethodNotAllowed => "METHOD_NOT_ALLOWED",
            ErrorCode::MissingApiKey => "MISSING_API_KEY",
            ErrorCode::InvalidApiKey => "INVALID_API_KEY",
            ErrorCode::RateLimited => "RATE_LIMITED",
            ErrorCode::RequestTimeout => "REQUEST_TIMEOUT",
            ErrorCode::HeadersTooLarge => "HEADERS_TOO_LARGE",
            ErrorCode::UnsupportedMediaType => "UNSUPPORTED_MEDIA_TYPE",
            ErrorCode::PayloadTooLarge => "PAYLOAD_TOO_LARGE",
            ErrorCode::InvalidJson => "INVALID_JSON",
            ErrorCode::MissingParameter => "MISSING_PARAMETER",
            ErrorCode::InvalidParameter => "INVALID_PARAMETER",
            ErrorCode::BadRequest => "BAD_REQUEST",
            ErrorCode::InvalidDataset => "INVALID_DATASET",
            ErrorCode::NotAcceptable => "NOT_ACCEPTABLE",
            ErrorCode::QueryTimeout => "QUERY_TIMEOUT",
            ErrorCode::ResultTooLarge => "RESULT_TOO_LARGE",
            ErrorCode::ServiceUnavailable => "SERVICE_UNAVAILABLE",
            ErrorCode::InternalError => "INTERNAL_ERROR",
            ErrorCode::Forbidden => "FORBIDDEN",
            ErrorCode::InvalidCredentials => "INVALID_CREDENTIALS",
            ErrorCode::Conflict => "CONFLICT",
            ErrorCode::InvalidInput => "INVALID_INPUT",
            ErrorCode::InvalidVocabulary => "INVALID_VOCABULARY",
        }
    }

    /// The HTTP status a response with this code has. (A stream's `close`
    /// event carries a code after a `200` has gone out; its status is what
    /// the failure would have been before the stream began.)
    pub const fn status(self) -> StatusCode {
        match self {
            ErrorCode::NotFound | ErrorCode::InvalidDataset => StatusCode::NOT_FOUND,
            ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::MissingApiKey | ErrorCode::InvalidApiKey | ErrorCode::InvalidCredentials => {
                StatusCode::UNAUTHORIZED
            }
            ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ErrorCode::HeadersTooLarge => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            ErrorCode::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::InvalidJson
            | ErrorCode::MissingParameter
            | ErrorCode::InvalidParameter
            | ErrorCode::BadRequest => StatusCode::BAD_REQUEST,
            ErrorCode::NotAcceptable => StatusCode::NOT_ACCEPTABLE,
            ErrorCode::QueryTimeout => StatusCode::GATEWAY_TIMEOUT,
            ErrorCode::ServiceUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::InternalError => StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Forbidden => StatusCode::FORBIDDEN,
            ErrorCode::Conflict => StatusCode::CONFLICT,
            ErrorCode::InvalidInput | ErrorCode::InvalidVocabulary | ErrorCode::ResultTooLarge => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
        }
    }

    /// The message for this code when nothing more specific is known (an
    /// error status the framework produced, a refusal without details).
    /// Answers that know more (the size limit, the allowed methods, the
    /// request id) say so in their own message.
    pub const fn message(self) -> &'static str {
        match self {
            ErrorCode::NotFound => "No route matches this path.",
            ErrorCode::MethodNotAllowed => "This method is not allowed on this path.",
            ErrorCode::MissingApiKey => "The apikey header is missing.",
            ErrorCode::InvalidApiKey => "The API key is invalid.",
            ErrorCode::RateLimited => "Too many requests; retry later.",
            ErrorCode::RequestTimeout => "The request did not arrive in time.",
            ErrorCode::HeadersTooLarge => "The request headers are too large.",
            ErrorCode::UnsupportedMediaType => "Content-Type must be application/json.",
            ErrorCode::PayloadTooLarge => "The request body is too large.",
            ErrorCode::InvalidJson => "The request body is not valid JSON.",
            ErrorCode::MissingParameter => "A required parameter is missing.",
            ErrorCode::InvalidParameter => "A parameter is invalid.",
            ErrorCode::BadRequest => "The request is invalid.",
            ErrorCode::InvalidDataset => "The dataset identifier is invalid.",
            ErrorCode::NotAcceptable => {
                "The Accept header must allow text/event-stream or application/json."
            }
            ErrorCode::QueryTimeout => "The query took too long and was stopped.",
            ErrorCode::ResultTooLarge => {
                "A matching record is too large to send; no record was sent."
            }
            ErrorCode::ServiceUnavailable => "The service is unavailable; retry later.",
            ErrorCode::InternalError => "Internal server error.",
            ErrorCode::Forbidden => {
                "This form has expired or did not come from this page. Reload the page and try again."
            }
            ErrorCode::InvalidCredentials => "The email or the password is wrong.",
            ErrorCode::Conflict => "This conflicts with what already exists.",
            ErrorCode::InvalidInput => "The input is invalid.",
            ErrorCode::InvalidVocabulary => {
                "The vocabulary has errors; nothing of it was applied."
            }
        }
    }

    /// Whether the same request, sent again later, may succeed.
    pub const fn retryable(self) -> bool {
        matches!(
            self,
            ErrorCode::RateLimited
                | ErrorCode::RequestTimeout
                | ErrorCode::QueryTimeout
                | ErrorCode::ServiceUnavailable
        )
    }

    /// The code of an error status produced without one (a framework's
    /// rejection), so that even those answer in the contract's shape.
    pub fn for_status(status: StatusCode) -> ErrorCode {
        match status {
            StatusCode::NOT_FOUND => ErrorCode::NotFound,
            StatusCode::METHOD_NOT_ALLOWED => ErrorCode::MethodNotAllowed,
            StatusCode::UNAUTHORIZED => ErrorCode::InvalidApiKey,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ErrorCode::UnsupportedMediaType,
            StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::PayloadTooLarge,
            StatusCode::REQUEST_TIMEOUT => ErrorCode::RequestTimeout,
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => ErrorCode::HeadersTooLarge,
            StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
            StatusCode::NOT_ACCEPTABLE => ErrorCode::NotAcceptable,
            StatusCode::SERVICE_UNAVAILABLE => ErrorCode::ServiceUnavailable,
            s if s.is_client_error() => ErrorCode::BadRequest,
            _ => ErrorCode::InternalError,
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The message of an internal error: the generic words and the request id
/// to quote, never the details (those are logged).
pub fn internal_error_message(request_id: &str) -> String {
    format!("Internal server error (request id {request_id}).")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialised_as_the_contracts_spelling() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            let back: ErrorCode = serde_json::from_str(&json).unwrap();
            assert_eq!(back, code);
            assert_eq!(code.to_string(), code.as_str());
        }
    }

    #[test]
    fn every_code_is_an_error_status_with_a_sentence() {
        for code in ErrorCode::ALL {
            let status = code.status();
            assert!(
                status.is_client_error() || status.is_server_error(),
                "{code}"
            );
            assert!(code.message().ends_with('.'), "{code}");
        }
    }

    /// The mapping the response middleware used for bare statuses before
    /// the vocabulary existed, with its messages.
    #[test]
    fn bare_statuses_keep_their_codes_and_messages() {
        for (status, code, message) in [
            (404, "NOT_FOUND", "No route matches this path."),
            (
                405,
                "METHOD_NOT_ALLOWED",
                "This method is not allowed on this path.",
            ),
            (401, "INVALID_API_KEY", "The API key is invalid."),
            (
                415,
                "UNSUPPORTED_MEDIA_TYPE",
                "Content-Type must be application/json.",
            ),
            (413, "PAYLOAD_TOO_LARGE", "The request body is too large."),
            (
                408,
                "REQUEST_TIMEOUT",
                "The request did not arrive in time.",
            ),
            (
                431,
                "HEADERS_TOO_LARGE",
                "The request headers are too large.",
            ),
            (429, "RATE_LIMITED", "Too many requests; retry later."),
            (
                406,
                "NOT_ACCEPTABLE",
                "The Accept header must allow text/event-stream or application/json.",
            ),
            (
                503,
                "SERVICE_UNAVAILABLE",
                "The service is unavailable; retry later.",
            ),
            (400, "BAD_REQUEST", "The request is invalid."),
            (422, "BAD_REQUEST", "The request is invalid."),
            (500, "INTERNAL_ERROR", "Internal server error."),
            (502, "INTERNAL_ERROR", "Internal server error."),
        ] {
            let c = ErrorCode::for_status(StatusCode::from_u16(status).unwrap());
            assert_eq!((c.as_str(), c.message()), (code, message), "{status}");
        }
    }

    #[test]
    fn a_stream_may_be_retried_after_a_time_out_or_a_shutdown_only() {
        assert!(ErrorCode::QueryTimeout.retryable());
        assert!(ErrorCode::ServiceUnavailable.retryable());
        assert!(!ErrorCode::InternalError.retryable());
        assert!(!ErrorCode::InvalidParameter.retryable());
    }
}
