//! The stylesheet, scripts and icon, embedded in the binary. Pages link to
//! them by a name that carries a hash of their content
//! (`console.3f2a9c1e.css`), served as immutable for a year; a new build
//! with a changed file has a new name. The plain name also works, with an
//! `ETag` and `no-cache`, for anyone who links to it by hand.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::{ConsoleError, MOUNT};

struct Asset {
    /// `console.css`
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
    /// `console.<hash>.css`
    hashed_name: String,
    /// Quoted, as the header carries it.
    etag: String,
}

const FILES: &[(&str, &str, &[u8])] = &[
    (
        "console.css",
        "text/css; charset=utf-8",
        include_bytes!("../assets/console.css"),
    ),
    (
        "console.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/console.js"),
    ),
    (
        "playground.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/playground.js"),
    ),
    (
        "icon.svg",
        "image/svg+xml",
        include_bytes!("../assets/icon.svg"),
    ),
];

fn all() -> &'static [Asset] {
    static ASSETS: OnceLock<Vec<Asset>> = OnceLock::new();
    ASSETS.get_or_init(|| {
        FILES
            .iter()
            .map(|&(name, content_type, body)| {
                let hash = hex::encode(&Sha256::digest(body)[..6]);
                let (stem, ext) = name.rsplit_once('.').expect("assets have an extension");
                Asset {
                    name,
                    content_type,
                    body,
                    hashed_name: format!("{stem}.{hash}.{ext}"),
                    etag: format!("\"{hash}\""),
                }
            })
            .collect()
    })
}

/// The URL pages use for an asset, e.g. `/console/assets/console.<hash>.css`.
pub(crate) fn url(name: &str) -> String {
    let asset = all()
        .iter()
        .find(|a| a.name == name)
        .unwrap_or_else(|| panic!("no embedded asset {name}"));
    format!("{MOUNT}/assets/{}", asset.hashed_name)
}

/// The asset URLs every page links to.
#[derive(Debug, Clone)]
pub(crate) struct AssetUrls {
    pub css: String,
    pub js: String,
    pub icon: String,
    pub playground_js: String,
}

pub(crate) fn urls() -> &'static AssetUrls {
    static URLS: OnceLock<AssetUrls> = OnceLock::new();
    URLS.get_or_init(|| AssetUrls {
        css: url("console.css"),
        js: url("console.js"),
        icon: url("icon.svg"),
        playground_js: url("playground.js"),
    })
}

pub(crate) async fn serve(Path(name): Path<String>, headers: HeaderMap) -> Response {
    let Some((asset, immutable)) = all().iter().find_map(|a| {
        if a.hashed_name == name {
            Some((a, true))
        } else if a.name == name {
            Some((a, false))
        } else {
            None
        }
    }) else {
        return ConsoleError::NotFound("There is no such file.".into()).into_response();
    };
    let cache = if immutable {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim() == asset.etag || t.trim() == "*")
        });
    let mut resp = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = asset.body.into_response();
        r.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        );
        r
    };
    let h = resp.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(v) = HeaderValue::from_str(&asset.etag) {
        h.insert(header::ETAG, v);
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_carry_a_content_hash() {
        let css = url("console.css");
        assert!(css.starts_with("/console/assets/console."), "{css}");
        assert!(css.ends_with(".css"));
        assert_eq!(css.len(), "/console/assets/console..css".len() + 12);
        assert_ne!(url("console.js"), url("playground.js"));
    }
}
