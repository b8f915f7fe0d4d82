//! The request parser: any body bytes either become a valid `QueryRequest`
//! (whose invariants are checked here) or a 400 with one of DESIGN §1's
//! codes. It must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quarry_server::request::{QueryRequest, MAX_LIMIT, MAX_QUERY_CHARS};

fuzz_target!(|data: &[u8]| {
    match QueryRequest::from_body(data) {
        Ok(r) => {
            let n = r.query_string.chars().count();
            assert!((1..=MAX_QUERY_CHARS).contains(&n));
            assert_eq!(r.query_string.trim(), r.query_string);
            assert!(!r
                .query_string
                .chars()
                .any(|c| c.is_control() && !c.is_whitespace()));
            assert!(!r.dataset_id.is_empty());
            assert!((1..=MAX_LIMIT).contains(&r.limit));
        }
        Err(e) => {
            assert_eq!(e.status().as_u16(), 400, "{e}");
            assert!(matches!(
                e.code(),
                "INVALID_JSON" | "MISSING_PARAMETER" | "INVALID_PARAMETER"
            ));
        }
    }
});
