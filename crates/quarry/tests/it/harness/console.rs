//! The console's side: its template (Alice without tokens, Bob with
//! `bob-ci`), and a small cookie-keeping HTTP client that does not follow
//! redirects (so a test sees every 303 and every `Set-Cookie`).

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::Duration;

use reqwest::blocking::{Client as Http, Response};
use reqwest::header::HeaderMap;

use super::{prepare, Server, BOB, COMPANIES_CSV};

/// Alice: an account with the dataset `companies` and no token. Bob: an
/// account with the token `bob-ci` and the dataset `bobs-companies`.
pub struct ConsoleTemplate {
    pub dir: std::path::PathBuf,
    pub bob_token: String,
}

pub fn console_template() -> &'static ConsoleTemplate {
    static T: OnceLock<ConsoleTemplate> = OnceLock::new();
    static PG: OnceLock<ConsoleTemplate> = OnceLock::new();
    let prepare_one = |name: &str| {
        let (dir, mut tokens) = prepare(name, COMPANIES_CSV, &[(BOB, Some("bob-ci"))]);
        ConsoleTemplate {
            dir,
            bob_token: tokens.remove(0),
        }
    };
    if super::on_postgresql_now() {
        return PG.get_or_init(|| prepare_one("console-template-pg"));
    }
    T.get_or_init(|| prepare_one("console-template"))
}

impl Server {
    /// A server over a copy of [`console_template`].
    pub fn start_console(name: &str, flags: &[&str]) -> Server {
        Server::start_from(&console_template().dir, name, flags)
    }

    /// `POST /v1/query` with this key, as the API's own clients send it.
    pub fn query(&self, key: &str, dataset: &str, phrase: &str) -> Response {
        self.post(
            key,
            &serde_json::json!({"query_string": phrase, "dataset_id": dataset, "limit": 3}),
        )
    }
}

/// A response, read whole.
pub struct Page {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: String,
}

impl Page {
    pub fn location(&self) -> &str {
        self.headers
            .get("location")
            .map(|v| v.to_str().unwrap())
            .unwrap_or("")
    }

    pub fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap().to_string())
            .collect()
    }

    /// The value of the first `<input name="NAME" … value="…">`.
    pub fn input_value(&self, name: &str) -> Option<String> {
        input_value(&self.body, name)
    }
}

pub fn input_value(html: &str, name: &str) -> Option<String> {
    let needle = format!("name=\"{name}\"");
    let at = html.find(&needle)?;
    let start = html[..at].rfind('<')?;
    let end = at + html[at..].find('>')?;
    let tag = &html[start..end];
    let v = tag.split_once("value=\"")?.1;
    Some(v[..v.find('"')?].to_string())
}

/// A browser-like client: keeps cookies, follows no redirects.
pub struct Client {
    http: Http,
    base: String,
    pub cookies: BTreeMap<String, String>,
}

pub fn urlencode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

impl Client {
    pub fn new(server: &Server) -> Client {
        Client {
            http: Http::builder()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(Duration::from_secs(60))
                .build()
                .unwrap(),
            base: server.base.clone(),
            cookies: BTreeMap::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn read(&mut self, resp: Response) -> Page {
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        for c in headers.get_all("set-cookie") {
            let c = c.to_str().unwrap();
            let (pair, attrs) = c.split_once(';').unwrap_or((c, ""));
            let (k, v) = pair.split_once('=').unwrap();
            if attrs.contains("Max-Age=0") {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), v.to_string());
            }
        }
        Page {
            status,
            headers,
            body: resp.text().unwrap(),
        }
    }

    pub fn get(&mut self, path: &str) -> Page {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .header("cookie", self.cookie_header())
            .send()
            .unwrap();
        self.read(resp)
    }

    /// Posts a form; `extra` headers are added (e.g. `Origin`).
    pub fn post_with(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        extra: &[(&str, &str)],
    ) -> Page {
        let body = fields
            .iter()
            .map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let mut req = self
            .http
            .post(format!("{}{path}", self.base))
            .header("cookie", self.cookie_header())
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body);
        for (k, v) in extra {
            req = req.header(*k, *v);
        }
        let resp = req.send().unwrap();
        self.read(resp)
    }

    pub fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        self.post_with(path, fields, &[])
    }

    /// Posts `multipart/form-data`: the text fields in order, then the file.
    pub fn post_multipart(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        file: (&str, &[u8]),
    ) -> Page {
        let boundary = "----quarry-test-boundary-7d3c1a";
        let mut body = Vec::new();
        for (k, v) in fields {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
                )
                .as_bytes(),
            );
        }
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{}\"\r\nContent-Type: text/csv\r\n\r\n",
                file.0
            )
            .as_bytes(),
        );
        body.extend_from_slice(file.1);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let resp = self
            .http
            .post(format!("{}{path}", self.base))
            .header("cookie", self.cookie_header())
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(body)
            .send()
            .unwrap();
        self.read(resp)
    }

    /// Signs in through the form (GET for its CSRF cookie, then POST).
    pub fn sign_in(&mut self, email: &str, password: &str) -> Page {
        let form = self.get("/console/sign-in");
        assert_eq!(form.status, 200, "{}", form.body);
        let csrf = form.input_value("csrf").expect("the form has a csrf field");
        self.post(
            "/console/sign-in",
            &[("csrf", &csrf), ("email", email), ("password", password)],
        )
    }

    /// The session's CSRF token, read from a signed-in page.
    pub fn csrf(&mut self) -> String {
        let page = self.get("/console/tokens");
        assert_eq!(page.status, 200, "not signed in: {}", page.location());
        page.input_value("csrf").unwrap()
    }
}
