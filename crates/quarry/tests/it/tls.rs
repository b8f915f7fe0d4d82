//! `quarry serve --tls-cert --tls-key`: HTTPS with a certificate made at
//! test time (`rcgen`), spoken to by a real TLS client (rustls) that
//! trusts only that certificate: the same API and stream, the console's
//! cookies `Secure` without `--secure-cookies`, and the certificate
//! reloaded on SIGHUP and on a file change while a connection opened
//! before stays served.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::harness::{self, template, Server, ALICE, ALICE_PASSWORD};

use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};
use serde_json::{json, Value};

/// A self-signed certificate for `localhost` and 127.0.0.1: (certificate
/// PEM, key PEM, certificate DER).
fn certificate() -> (String, String, CertificateDer<'static>) {
    let made =
        rcgen::generate_simple_self_signed(vec!["localhost".into(), "127.0.0.1".into()]).unwrap();
    (
        made.cert.pem(),
        made.signing_key.serialize_pem(),
        made.cert.der().clone(),
    )
}

/// A TLS client that trusts exactly `trusted`.
fn client_config(trusted: &[&CertificateDer<'static>]) -> Arc<ClientConfig> {
    let mut roots = RootCertStore::empty();
    for c in trusted {
        roots.add((*c).clone()).unwrap();
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Arc::new(
        ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth(),
    )
}

type Tls = StreamOwned<ClientConnection, TcpStream>;

/// A TLS connection to `addr` (the handshake done), and the certificate
/// the server presented.
fn connect(
    addr: &str,
    config: &Arc<ClientConfig>,
) -> std::io::Result<(Tls, CertificateDer<'static>)> {
    let sock = TcpStream::connect(addr)?;
    sock.set_read_timeout(Some(Duration::from_secs(30)))?;
    let name = ServerName::try_from("localhost").unwrap();
    let conn = ClientConnection::new(config.clone(), name).unwrap();
    let mut tls = StreamOwned::new(conn, sock);
    while tls.conn.is_handshaking() {
        tls.conn.complete_io(&mut tls.sock)?;
    }
    let presented = tls.conn.peer_certificates().unwrap()[0]
        .clone()
        .into_owned();
    Ok((tls, presented))
}

/// One HTTP/1.1 response read off `tls`: status, headers (lower-cased
/// names) and body (a `Content-Length` body, or chunks until the last).
fn read_response(tls: &mut Tls) -> (u16, Vec<(String, String)>, String) {
    let mut raw = Vec::new();
    let mut byte = [0u8; 1];
    while !raw.ends_with(b"\r\n\r\n") {
        tls.read_exact(&mut byte).unwrap();
        raw.push(byte[0]);
    }
    let head = String::from_utf8(raw).unwrap();
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let header = |name: &str| {
        headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let mut body = Vec::new();
    if let Some(n) = header("content-length") {
        body.resize(n.parse().unwrap(), 0);
        tls.read_exact(&mut body).unwrap();
    } else if header("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        loop {
            let mut size_line = Vec::new();
            while !size_line.ends_with(b"\r\n") {
                tls.read_exact(&mut byte).unwrap();
                size_line.push(byte[0]);
            }
            let size =
                usize::from_str_radix(std::str::from_utf8(&size_line).unwrap().trim(), 16).unwrap();
            let mut chunk = vec![0u8; size + 2];
            tls.read_exact(&mut chunk).unwrap();
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    }
    (status, headers, String::from_utf8(body).unwrap())
}

/// Sends one request on `tls` (kept alive) and reads its response.
fn request(
    tls: &mut Tls,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Vec<(String, String)>, String) {
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    tls.write_all(req.as_bytes()).unwrap();
    tls.flush().unwrap();
    read_response(tls)
}

fn cookies(headers: &[(String, String)]) -> Vec<String> {
    headers
        .iter()
        .filter(|(k, _)| k == "set-cookie")
        .map(|(_, v)| v.clone())
        .collect()
}

/// Waits until a new connection is presented `expected`.
fn wait_for_certificate(
    addr: &str,
    config: &Arc<ClientConfig>,
    expected: &CertificateDer,
    what: &str,
) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Ok((_, presented)) = connect(addr, config) {
            if &presented == expected {
                return;
            }
        }
        assert!(Instant::now() < deadline, "{what}: never presented");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn write_pair(dir: &Path, cert: &str, key: &str) -> (PathBuf, PathBuf) {
    let (c, k) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&c, cert).unwrap();
    std::fs::write(&k, key).unwrap();
    (c, k)
}

#[test]
fn https_serves_the_same_api_with_secure_cookies_and_reloads_its_certificate() {
    let t = template();
    let (cert_a, key_a, der_a) = certificate();
    let (cert_b, key_b, der_b) = certificate();
    let (cert_c, key_c, der_c) = certificate();
    let data_dir = harness::unique_dir("tls").join("data");
    harness::copy_dir(&t.dir, &data_dir);
    let pem_dir = data_dir.with_extension("pem");
    std::fs::create_dir_all(&pem_dir).unwrap();
    let (cert_path, key_path) = write_pair(&pem_dir, &cert_a, &key_a);
    let mut s = Server::spawn_in(
        data_dir,
        &[
            "--tls-cert",
            cert_path.to_str().unwrap(),
            "--tls-key",
            key_path.to_str().unwrap(),
        ],
    );
    let addr = s.addr.clone();
    let trusts_all = client_config(&[&der_a, &der_b, &der_c]);

    // Up, over TLS only.
    let deadline = Instant::now() + Duration::from_secs(60);
    let (mut tls, presented) = loop {
        if let Ok(c) = connect(&addr, &trusts_all) {
            break c;
        }
        if let Ok(Some(status)) = s.child.try_wait() {
            panic!("quarry serve exited with {status}:\n{}", s.log());
        }
        assert!(Instant::now() < deadline, "no TLS handshake:\n{}", s.log());
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(presented, der_a);
    let (status, _, body) = request(&mut tls, "GET", "/healthz", &[], "");
    assert_eq!((status, body.as_str()), (200, r#"{"status":"ok"}"#));
    // A client that trusts another certificate refuses the server.
    assert!(connect(&addr, &client_config(&[&der_b])).is_err());
    // Plain HTTP on the TLS port gets no HTTP answer.
    let plain = s.http.get(format!("http://{addr}/healthz")).send();
    assert!(plain.is_err() || plain.unwrap().status() != 200);

    // The query stream, the same four events, on the same connection.
    let query = json!({"query_string": "fintech companies in Germany", "dataset_id": "companies"})
        .to_string();
    let (status, headers, body) = request(
        &mut tls,
        "POST",
        "/v1/query",
        &[
            ("apikey", &t.alice),
            ("content-type", "application/json"),
            ("accept", "text/event-stream"),
        ],
        &query,
    );
    assert_eq!(status, 200, "{body}");
    assert!(headers.contains(&("content-type".into(), "text/event-stream".into())));
    let events: Vec<Value> = body
        .split("\n\n")
        .filter_map(|f| f.strip_prefix("data: "))
        .map(|j| serde_json::from_str(j).unwrap())
        .collect();
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["thoughts", "sql", "results", "close"]);
    assert_eq!(events[3]["data"]["complete"], true);

    // The console's cookies are Secure, with no --secure-cookies.
    let (mut console, _) = connect(&addr, &trusts_all).unwrap();
    let (status, headers, page) = request(&mut console, "GET", "/console/sign-in", &[], "");
    assert_eq!(status, 200);
    let form_cookie = cookies(&headers)
        .into_iter()
        .find(|c| c.contains("; Secure"))
        .expect("a Secure form cookie");
    let csrf = harness::console::input_value(&page, "csrf").unwrap();
    let form = format!(
        "csrf={}&email={}&password={}",
        harness::console::urlencode(&csrf),
        harness::console::urlencode(ALICE),
        harness::console::urlencode(ALICE_PASSWORD)
    );
    let pair = form_cookie.split(';').next().unwrap().to_string();
    let (status, headers, _) = request(
        &mut console,
        "POST",
        "/console/sign-in",
        &[
            ("content-type", "application/x-www-form-urlencoded"),
            ("cookie", &pair),
        ],
        &form,
    );
    assert_eq!(status, 303);
    let session = cookies(&headers)
        .into_iter()
        .find(|c| c.starts_with("quarry_session="))
        .expect("a session cookie");
    assert!(session.contains("; Secure"), "{session}");

    // SIGHUP with new files: new connections get the new certificate; the
    // connection opened before goes on being served.
    write_pair(&pem_dir, &cert_b, &key_b);
    unsafe {
        libc::kill(s.child.id() as i32, libc::SIGHUP);
    }
    wait_for_certificate(&addr, &trusts_all, &der_b, "the certificate after SIGHUP");
    let (status, _, body) = request(
        &mut tls,
        "POST",
        "/v1/query",
        &[("apikey", &t.alice), ("content-type", "application/json")],
        &query,
    );
    assert_eq!(status, 200);
    assert!(body.contains(r#""complete":true"#), "{body}");
    assert!(
        s.child.try_wait().unwrap().is_none(),
        "SIGHUP stopped the server"
    );

    // A file change alone is noticed too.
    std::thread::sleep(Duration::from_millis(1100));
    write_pair(&pem_dir, &cert_c, &key_c);
    wait_for_certificate(
        &addr,
        &trusts_all,
        &der_c,
        "the certificate after a file change",
    );

    // A broken file is refused and the certificate in force stays.
    let refusals = || s.log().matches("TLS certificate not reloaded").count();
    let before = refusals();
    std::fs::write(&cert_path, "not a certificate").unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    while refusals() == before {
        assert!(Instant::now() < deadline, "{}", s.log());
        std::thread::sleep(Duration::from_millis(100));
    }
    let (mut again, presented) = connect(&addr, &trusts_all).unwrap();
    assert_eq!(presented, der_c);
    assert_eq!(request(&mut again, "GET", "/healthz", &[], "").0, 200);
    // The first connection, from before both reloads, still answers.
    assert_eq!(request(&mut tls, "GET", "/healthz", &[], "").0, 200);
}

#[test]
fn a_missing_or_mismatched_key_stops_the_start() {
    let (cert_a, _, _) = certificate();
    let (_, key_b, _) = certificate();
    let dir = harness::unique_dir("tls-bad");
    let (cert, key) = write_pair(&dir, &cert_a, &key_b);
    let (ok, _, err) = harness::quarry_raw(
        &dir.join("data"),
        &[
            "serve",
            "--addr",
            &format!("127.0.0.1:{}", harness::free_port()),
            "--tls-cert",
            cert.to_str().unwrap(),
            "--tls-key",
            key.to_str().unwrap(),
        ],
        None,
        &[],
    );
    assert!(!ok);
    assert!(err.contains("cert.pem") && err.contains("key.pem"), "{err}");
    // One without the other is a usage error.
    let (ok, _, err) = harness::quarry_raw(
        &dir.join("data"),
        &["serve", "--tls-cert", cert.to_str().unwrap()],
        None,
        &[],
    );
    assert!(!ok);
    assert!(err.contains("--tls-key"), "{err}");
}
