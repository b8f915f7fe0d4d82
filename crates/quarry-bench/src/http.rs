//! A minimal HTTP/1.1 keep-alive client for `POST /v1/query`, on a plain
//! `TcpStream`: one connection per benchmark client, the SSE stream read
//! line by line as the bytes arrive (chunked transfer decoded), each event
//! time-stamped on arrival. Kept this small so that the clients, which
//! share the machine's cores with the server, cost as little as possible.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// What one query's stream gave.
#[derive(Debug, Default, Clone)]
pub struct Answer {
    pub status: u16,
    /// From sending the request to the `thoughts` event, to the `close`.
    pub to_thoughts: Option<Duration>,
    pub to_close: Option<Duration>,
    /// The statement of the `sql` event, when asked for.
    pub sql: Option<String>,
    /// Number of items in `results`, when asked for.
    pub items: Option<usize>,
    /// `close.complete`.
    pub complete: bool,
    /// The event types in order (when asked for).
    pub order: Vec<String>,
    /// The body of a non-200 answer, or the `close` event of an incomplete
    /// one.
    pub error: Option<String>,
}

pub struct Client {
    addr: SocketAddr,
    host: String,
    api_key: String,
    conn: Option<BufReader<TcpStream>>,
}

impl Client {
    pub fn new(addr: SocketAddr, api_key: &str) -> Client {
        Client {
            addr,
            host: addr.to_string(),
            api_key: api_key.to_string(),
            conn: None,
        }
    }

    /// Sends one query; `detail` also collects the SQL, the item count and
    /// the event order (a JSON parse of those events).
    pub fn query(&mut self, body: &str, detail: bool) -> io::Result<Answer> {
        // One retry on a fresh connection when a kept-alive one was closed
        // by the server before this request.
        let reused = self.conn.is_some();
        match self.query_once(body, detail) {
            Err(e) if reused && is_stale(&e) => self.query_once(body, detail),
            other => other,
        }
    }

    fn query_once(&mut self, body: &str, detail: bool) -> io::Result<Answer> {
        if self.conn.is_none() {
            let s = TcpStream::connect(self.addr)?;
            s.set_nodelay(true)?;
            s.set_read_timeout(Some(Duration::from_secs(60)))?;
            self.conn = Some(BufReader::with_capacity(64 << 10, s));
        }
        let req = format!(
            "POST /v1/query HTTP/1.1\r\nHost: {}\r\napikey: {}\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nContent-Length: {}\r\n\r\n{}",
            self.host,
            self.api_key,
            body.len(),
            body
        );
        let start = Instant::now();
        let r = self.exchange(&req, start, detail);
        match r {
            Ok((answer, keep)) => {
                if !keep {
                    self.conn = None;
                }
                Ok(answer)
            }
            Err(e) => {
                self.conn = None;
                Err(e)
            }
        }
    }

    fn exchange(&mut self, req: &str, start: Instant, detail: bool) -> io::Result<(Answer, bool)> {
        let conn = self.conn.as_mut().expect("connected");
        conn.get_mut().write_all(req.as_bytes())?;
        let mut line = String::new();
        read_line(conn, &mut line)?;
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad(format!("status line {line:?}")))?;
        let mut chunked = false;
        let mut length: Option<usize> = None;
        let mut keep = true;
        loop {
            read_line(conn, &mut line)?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                let v = v.trim();
                if k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
                {
                    chunked = true;
                } else if k.eq_ignore_ascii_case("content-length") {
                    length = v.parse().ok();
                } else if k.eq_ignore_ascii_case("connection") && v.eq_ignore_ascii_case("close") {
                    keep = false;
                }
            }
        }
        let mut answer = Answer {
            status,
            ..Answer::default()
        };
        let mut body: Box<dyn BufRead + '_> = if chunked {
            Box::new(BufReader::with_capacity(
                64 << 10,
                Chunked {
                    inner: conn,
                    left: 0,
                    done: false,
                },
            ))
        } else if let Some(n) = length {
            Box::new(BufReader::new(conn.take(n as u64)))
        } else {
            keep = false;
            Box::new(conn)
        };
        if status != 200 {
            let mut text = String::new();
            body.read_to_string(&mut text)?;
            answer.error = Some(text);
            return Ok((answer, keep));
        }
        let mut buf = String::new();
        loop {
            buf.clear();
            if body.read_line(&mut buf)? == 0 {
                break;
            }
            let Some(data) = buf.strip_prefix("data: ") else {
                continue;
            };
            let ty = data
                .strip_prefix("{\"type\":\"")
                .and_then(|r| r.split('"').next())
                .unwrap_or("");
            let at = start.elapsed();
            match ty {
                "thoughts" => answer.to_thoughts = Some(at),
                "close" => {
                    answer.to_close = Some(at);
                    answer.complete = data.contains("\"complete\":true");
                    if !answer.complete {
                        answer.error = Some(data.trim_end().to_string());
                    }
                }
                _ => {}
            }
            if detail {
                answer.order.push(ty.to_string());
                if ty == "sql" || ty == "results" {
                    let v: serde_json::Value =
                        serde_json::from_str(data.trim_end()).map_err(|e| bad(e.to_string()))?;
                    if ty == "sql" {
                        answer.sql = v["data"]["sql"].as_str().map(str::to_string);
                    } else {
                        answer.items = v["data"]["items"].as_array().map(Vec::len);
                    }
                }
            }
        }
        Ok((answer, keep))
    }
}

fn is_stale(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionReset
            | io::ErrorKind::BrokenPipe
            | io::ErrorKind::UnexpectedEof
            | io::ErrorKind::ConnectionAborted
    )
}

fn bad(what: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what)
}

fn read_line(r: &mut impl BufRead, line: &mut String) -> io::Result<()> {
    line.clear();
    if r.read_line(line)? == 0 {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "connection closed",
        ));
    }
    Ok(())
}

/// The body of a chunked answer.
struct Chunked<'a, R: BufRead> {
    inner: &'a mut R,
    left: usize,
    done: bool,
}

impl<R: BufRead> Read for Chunked<'_, R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.done {
            return Ok(0);
        }
        if self.left == 0 {
            let mut line = String::new();
            read_line(self.inner, &mut line)?;
            let size = line.trim_end().split(';').next().unwrap_or("");
            self.left =
                usize::from_str_radix(size, 16).map_err(|_| bad(format!("chunk size {line:?}")))?;
            if self.left == 0 {
                // Trailers, then the blank line.
                loop {
                    read_line(self.inner, &mut line)?;
                    if line.trim_end().is_empty() {
                        break;
                    }
                }
                self.done = true;
                return Ok(0);
            }
        }
        let n = out.len().min(self.left);
        let got = self.inner.read(&mut out[..n])?;
        if got == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "connection closed in a chunk",
            ));
        }
        self.left -= got;
        if self.left == 0 {
            let mut crlf = [0u8; 2];
            self.inner.read_exact(&mut crlf)?;
        }
        Ok(got)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunked_body_is_decoded_and_ends_at_the_last_chunk() {
        let raw = b"5\r\nhello\r\n7;ext=1\r\n world\n\r\n0\r\n\r\nNEXT".to_vec();
        let mut inner = BufReader::new(&raw[..]);
        let mut body = String::new();
        Chunked {
            inner: &mut inner,
            left: 0,
            done: false,
        }
        .read_to_string(&mut body)
        .unwrap();
        assert_eq!(body, "hello world\n");
        // The next answer on the connection is left unread.
        let mut rest = String::new();
        inner.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "NEXT");
    }
}
