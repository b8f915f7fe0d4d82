//! The query request: parsed from the raw JSON body by hand, so every wrong
//! type or value gets DESIGN §1's code and a message naming the field and
//! the rule. A [`QueryRequest`] only exists once it is valid.

use axum::http::HeaderValue;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::error::ApiError;

pub const DEFAULT_LIMIT: u32 = 10;
pub const MAX_LIMIT: u32 = 100;
pub const MAX_QUERY_CHARS: usize = 2000;

/// Query request (JSON body of `POST /v1/query`). Unknown members are
/// ignored.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct QueryRequest {
    /// Search phrase to run against the dataset: after trimming, 1 to 2,000
    /// characters, no NUL or other control characters except whitespace.
    ///
    /// The pattern says the same: no control character other than
    /// whitespace, and at least one character that is not whitespace.
    #[schema(
        min_length = 1,
        max_length = 2000,
        pattern = "^[^\\u0000-\\u0008\\u000E-\\u001F\\u007F-\\u0084\\u0086-\\u009F]*[^\\s\\u0000-\\u0008\\u000E-\\u001F\\u007F-\\u0084\\u0086-\\u009F][^\\u0000-\\u0008\\u000E-\\u001F\\u007F-\\u0084\\u0086-\\u009F]*$",
        example = "international airports in Germany"
    )]
    pub query_string: String,
    /// Identifier of the dataset to query.
    #[schema(min_length = 1, example = "airports")]
    pub dataset_id: String,
    /// Maximum number of results to return.
    /// `null` means the default.
    #[schema(required = false, nullable, minimum = 1, maximum = 100, default = 10)]
    pub limit: u32,
    /// When true, a smaller model is used: faster, potentially less accurate.
    /// `null` means the default.
    #[schema(required = false, nullable, default = false)]
    pub use_smaller_model: bool,
}

/// DESIGN §1 step 4's media type: `application/json`, with no `charset`
/// parameter or with `charset=utf-8` (JSON is UTF-8, RFC 8259 §8.1; a body
/// declared as UTF-16 or Latin-1 would otherwise be read as UTF-8 and mean
/// something else than the client sent). Other parameters are allowed.
pub fn is_json_media_type(v: Option<&HeaderValue>) -> bool {
    let Some(s) = v.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let mut parts = s.split(';');
    let essence = parts.next().unwrap_or("").trim();
    if !essence.eq_ignore_ascii_case("application/json") {
        return false;
    }
    parts.all(|p| {
        let Some((name, value)) = p.split_once('=') else {
            return true;
        };
        if !name.trim().eq_ignore_ascii_case("charset") {
            return true;
        }
        let value = value.trim().trim_matches('"');
        value.eq_ignore_ascii_case("utf-8") || value.eq_ignore_ascii_case("utf8")
    })
}

const LIMIT_RULE: &str = "limit must be an integer between 1 and 100";

impl QueryRequest {
    /// DESIGN §1 steps 4 (the JSON object) and 5 (the fields) on a body
    /// already read within the size limit: empty, not JSON or not an object
    /// is `INVALID_JSON`; then [`QueryRequest::parse`]. Pure; fuzzed in
    /// `fuzz/fuzz_targets/request.rs`.
    pub fn from_body(bytes: &[u8]) -> Result<QueryRequest, ApiError> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(ApiError::InvalidJson(
                "The request body is empty; send a JSON object.".into(),
            ));
        }
        let value: Value = serde_json::from_slice(bytes).map_err(|e| {
            ApiError::InvalidJson(format!("The request body is not valid JSON: {e}."))
        })?;
        let Value::Object(fields) = value else {
            return Err(ApiError::InvalidJson(
                "The request body must be a JSON object.".into(),
            ));
        };
        QueryRequest::parse(&fields)
    }

    /// Validates a parsed body (already known to be a JSON object).
    pub fn parse(body: &Map<String, Value>) -> Result<QueryRequest, ApiError> {
        let query_string = match body.get("query_string") {
            None | Some(Value::Null) => {
                return Err(ApiError::MissingParameter(
                    "query_string is required".into(),
                ))
            }
            Some(Value::String(s)) => s.trim(),
            Some(_) => {
                return Err(ApiError::InvalidParameter(
                    "query_string must be a string".into(),
                ))
            }
        };
        let chars = query_string.chars().count();
        if chars == 0 || chars > MAX_QUERY_CHARS {
            return Err(ApiError::InvalidParameter(format!(
                "query_string must be between 1 and {MAX_QUERY_CHARS} characters after trimming (got {chars})"
            )));
        }
        if query_string
            .chars()
            .any(|c| c.is_control() && !c.is_whitespace())
        {
            return Err(ApiError::InvalidParameter(
                "query_string must not contain NUL or other control characters (whitespace is allowed)"
                    .into(),
            ));
        }

        let dataset_id = match body.get("dataset_id") {
            None | Some(Value::Null) => {
                return Err(ApiError::MissingParameter("dataset_id is required".into()))
            }
            Some(Value::String(s)) if s.is_empty() => {
                return Err(ApiError::InvalidParameter(
                    "dataset_id must not be empty".into(),
                ))
            }
            Some(Value::String(s)) => s.clone(),
            Some(_) => {
                return Err(ApiError::InvalidParameter(
                    "dataset_id must be a string".into(),
                ))
            }
        };

        let limit = match body.get("limit") {
            None | Some(Value::Null) => DEFAULT_LIMIT,
            // `as_u64` is `None` for floats (10.5, and also 10.0) and negatives.
            Some(Value::Number(n)) => match n.as_u64() {
                Some(v) if (1..=u64::from(MAX_LIMIT)).contains(&v) => v as u32,
                _ => return Err(ApiError::InvalidParameter(LIMIT_RULE.into())),
            },
            Some(_) => return Err(ApiError::InvalidParameter(LIMIT_RULE.into())),
        };

        let use_smaller_model = match body.get("use_smaller_model") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                return Err(ApiError::InvalidParameter(
                    "use_smaller_model must be a boolean (true or false)".into(),
                ))
            }
        };

        Ok(QueryRequest {
            query_string: query_string.to_string(),
            dataset_id,
            limit,
            use_smaller_model,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: Value) -> Result<QueryRequest, ApiError> {
        QueryRequest::parse(v.as_object().unwrap())
    }

    fn code(v: Value) -> (&'static str, String) {
        let e = parse(v).unwrap_err();
        (e.code(), e.to_string())
    }

    #[test]
    fn only_utf8_json_is_json() {
        let ok = |s: &'static str| is_json_media_type(Some(&HeaderValue::from_static(s)));
        assert!(ok("application/json"));
        assert!(ok("Application/JSON; charset=UTF-8"));
        assert!(ok("application/json;charset=\"utf-8\""));
        assert!(ok("application/json; charset=utf8"));
        assert!(ok("application/json; foo=bar"));
        assert!(!ok("application/json; charset=utf-16"));
        assert!(!ok("application/json; charset=UTF-16LE"));
        assert!(!ok("application/json; foo=bar; charset=iso-8859-1"));
        assert!(!ok("text/json"));
        assert!(!is_json_media_type(None));
    }

    #[test]
    fn defaults_and_trimming() {
        let r = parse(json!({"query_string": "  cats ", "dataset_id": "d", "extra": 1})).unwrap();
        assert_eq!(r.query_string, "cats");
        assert_eq!(r.limit, 10);
        assert!(!r.use_smaller_model);
        let r = parse(json!({"query_string": "x", "dataset_id": "d", "limit": null, "use_smaller_model": null})).unwrap();
        assert_eq!((r.limit, r.use_smaller_model), (10, false));
        let r = parse(json!({"query_string": "x", "dataset_id": "d", "limit": 100, "use_smaller_model": true})).unwrap();
        assert_eq!((r.limit, r.use_smaller_model), (100, true));
    }

    #[test]
    fn every_rule_has_its_code_and_names_its_field() {
        let base = |k: &str, v: Value| {
            let mut m = json!({"query_string": "x", "dataset_id": "d"});
            m[k] = v;
            m
        };
        assert_eq!(code(json!({"dataset_id": "d"})).0, "MISSING_PARAMETER");
        assert_eq!(
            code(json!({"query_string": null, "dataset_id": "d"})).0,
            "MISSING_PARAMETER"
        );
        assert_eq!(code(json!({"query_string": "x"})).0, "MISSING_PARAMETER");
        for bad in [
            json!("10"),
            json!(10.5),
            json!(10.0),
            json!(true),
            json!(0),
            json!(101),
            json!(-1),
        ] {
            let (c, m) = code(base("limit", bad));
            assert_eq!(c, "INVALID_PARAMETER");
            assert_eq!(m, LIMIT_RULE);
        }
        let (c, m) = code(base("use_smaller_model", json!("yes")));
        assert_eq!(c, "INVALID_PARAMETER");
        assert!(m.contains("use_smaller_model"));
        for bad in [
            json!(""),
            json!("   "),
            json!("x".repeat(2001)),
            json!("a\u{0}b"),
            json!("a\u{7}b"),
            json!(5),
        ] {
            let (c, m) = code(base("query_string", bad));
            assert_eq!(c, "INVALID_PARAMETER");
            assert!(m.contains("query_string"), "{m}");
        }
        assert!(parse(base("query_string", json!("x".repeat(2000)))).is_ok());
        assert!(parse(base("query_string", json!("tabs\tand\nnewlines"))).is_ok());
        assert_eq!(code(base("dataset_id", json!(""))).0, "INVALID_PARAMETER");
        assert_eq!(code(base("dataset_id", json!(3))).0, "INVALID_PARAMETER");
    }
}
