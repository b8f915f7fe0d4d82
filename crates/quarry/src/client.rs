//! `quarry query`: the command-line client of `POST /v1/query`.
//!
//! Sends one search, reads the Server-Sent Events stream as it arrives and
//! prints each event at once: the thoughts, the SQL, the results as a text
//! table and a closing line; with `--json`, each raw envelope on its own line.
//! Knows the wire format only (the contract in `spec/interface.md` and the
//! framing of DESIGN §1); nothing of the server's internals.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context};
use serde_json::{json, Map, Value};

use crate::cli::QueryArgs;

/// Widest a results-table cell may be before it is cut with an ellipsis.
const MAX_CELL: usize = 36;

pub fn run(args: QueryArgs) -> anyhow::Result<()> {
    let endpoint = format!("{}/v1/query", args.url.trim_end_matches('/'));
    let body = json!({
        "query_string": args.text,
        "dataset_id": args.dataset,
        "limit": args.limit,
        "use_smaller_model": args.small,
    });

    let http = reqwest::blocking::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        // The stream may legitimately take a while (keep-alive comments
        // arrive every 10 s); no overall time-out.
        .timeout(None::<Duration>)
        .build()
        .context("building the HTTP client")?;
    let started = Instant::now();
    let response = http
        .post(&endpoint)
        .header("apikey", &args.api_key)
        .header("Content-Type", "application/json")
        .header("Accept", "text/event-stream")
        .body(body.to_string())
        .send()
        .with_context(|| {
            format!("could not reach {endpoint} (is `quarry serve` running there?)")
        })?;

    let status = response.status();
    if !status.is_success() {
        let text = response.text().unwrap_or_default();
        bail!("{}", describe_error(status.as_u16(), &text));
    }

    let is_json = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));

    let stdout = std::io::stdout();
    let mut printer = Printer::new(stdout.lock(), args.json, started);
    if is_json {
        // A server that answered with the non-streaming fallback: a JSON
        // array of the same envelopes.
        let text = response.text().context("reading the response")?;
        let envelopes: Vec<Value> =
            serde_json::from_str(&text).context("the response is not a JSON array of events")?;
        for envelope in envelopes {
            printer.event(&envelope.to_string())?;
        }
    } else {
        for data in SseEvents::new(BufReader::new(response)) {
            let data = data.context("reading the event stream")?;
            printer.event(&data)?;
            if printer.closed.is_some() {
                break;
            }
        }
    }
    printer.finish()
}

/// One line for a non-200 answer: the server's message and code when the body
/// is the contract's error object, else the status and whatever came back.
fn describe_error(status: u16, body: &str) -> String {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    let field = |name: &str| {
        parsed
            .as_ref()
            .and_then(|v| v.get(name))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    match (field("error"), field("error_code")) {
        (Some(message), Some(code)) => format!("{message} ({code}, HTTP {status})"),
        (Some(message), None) => format!("{message} (HTTP {status})"),
        _ => {
            let body = body.trim();
            if body.is_empty() {
                format!("the server answered HTTP {status}")
            } else {
                format!("the server answered HTTP {status}: {}", truncate(body, 200))
            }
        }
    }
}

/// Reads an SSE stream and yields the data of each event as it completes.
/// Comment lines (`: keep-alive`) and other fields are skipped; several
/// `data:` lines of one event are joined with newlines, as the SSE rules say.
struct SseEvents<R> {
    reader: R,
    line: String,
    done: bool,
}

impl<R: BufRead> SseEvents<R> {
    fn new(reader: R) -> Self {
        SseEvents {
            reader,
            line: String::new(),
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for SseEvents<R> {
    type Item = std::io::Result<String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut data: Option<String> = None;
        loop {
            self.line.clear();
            match self.reader.read_line(&mut self.line) {
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
                Ok(0) => {
                    self.done = true;
                    // An event is dispatched only at a blank line; a partial
                    // one at the end of the stream is dropped, as in browsers.
                    return None;
                }
                Ok(_) => {}
            }
            let line = self.line.trim_end_matches(['\n', '\r']);
            if line.is_empty() {
                if let Some(data) = data.take() {
                    return Some(Ok(data));
                }
                continue;
            }
            if line.starts_with(':') {
                continue;
            }
            let (field, value) = match line.split_once(':') {
                Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
                None => (line, ""),
            };
            if field == "data" {
                match data.as_mut() {
                    Some(d) => {
                        d.push('\n');
                        d.push_str(value);
                    }
                    None => data = Some(value.to_owned()),
                }
            }
        }
    }
}

/// What the close event said.
struct Close {
    complete: bool,
    error: Option<String>,
}

struct Printer<W: Write> {
    out: W,
    raw: bool,
    started: Instant,
    seen: Vec<String>,
    results: Option<usize>,
    closed: Option<Close>,
}

impl<W: Write> Printer<W> {
    fn new(out: W, raw: bool, started: Instant) -> Self {
        Printer {
            out,
            raw,
            started,
            seen: Vec::new(),
            results: None,
            closed: None,
        }
    }

    /// Handles the data of one event: prints it and flushes at once.
    fn event(&mut self, data: &str) -> anyhow::Result<()> {
        let envelope: Value = serde_json::from_str(data)
            .with_context(|| format!("an event is not JSON: {}", truncate(data, 200)))?;
        let kind = envelope
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| anyhow!("an event has no type: {}", truncate(data, 200)))?
            .to_owned();
        let payload = envelope.get("data").cloned().unwrap_or(Value::Null);

        if self.raw {
            // As the server sent it (member order kept), on one line.
            if data.contains(['\n', '\r']) {
                writeln!(self.out, "{envelope}")?;
            } else {
                writeln!(self.out, "{}", data.trim())?;
            }
        } else {
            match kind.as_str() {
                "thoughts" => self.thoughts(&payload)?,
                "sql" => self.sql(&payload)?,
                "results" => self.results(&payload)?,
                "close" => {}
                other => writeln!(self.out, "({} event)", crate::term::line(other))?,
            }
        }
        match kind.as_str() {
            "results" => {
                self.results = Some(
                    payload
                        .get("items")
                        .and_then(Value::as_array)
                        .map_or(0, Vec::len),
                );
            }
            "close" => {
                let complete = payload.get("complete").and_then(Value::as_bool) == Some(true);
                let error =
                    payload.get("error").and_then(Value::as_str).map(|message| {
                        match payload.get("error_code").and_then(Value::as_str) {
                            Some(code) => format!("{message} ({code})"),
                            None => message.to_owned(),
                        }
                    });
                let retryable = payload.get("retryable").and_then(Value::as_bool) == Some(true);
                if !self.raw {
                    let elapsed = self.started.elapsed().as_secs_f64();
                    if complete {
                        let n = self.results.unwrap_or(0);
                        let rows = if n == 1 { "row" } else { "rows" };
                        writeln!(self.out, "Done: {n} {rows} in {elapsed:.2} s.")?;
                    } else {
                        let why = crate::term::line(error.as_deref().unwrap_or("no reason given"));
                        let again = if retryable {
                            " It may work if retried."
                        } else {
                            ""
                        };
                        writeln!(
                            self.out,
                            "Stream closed incomplete after {elapsed:.2} s: {why}.{again}"
                        )?;
                    }
                }
                self.closed = Some(Close { complete, error });
            }
            _ => {}
        }
        self.seen.push(kind);
        self.out.flush()?;
        Ok(())
    }

    fn thoughts(&mut self, data: &Value) -> anyhow::Result<()> {
        writeln!(self.out, "Thoughts")?;
        for (key, label) in [
            ("filters", "filters"),
            ("traits", "traits"),
            ("key_phrases", "key phrases"),
        ] {
            let list: Vec<String> = data
                .get(key)
                .and_then(Value::as_array)
                .map(|a| a.iter().map(display_value).collect())
                .unwrap_or_default();
            let shown = if list.is_empty() {
                "(none)".to_owned()
            } else {
                list.join("; ")
            };
            writeln!(
                self.out,
                "  {:<12} {}",
                format!("{label}:"),
                crate::term::line(&shown)
            )?;
        }
        if let Some(notes) = data.get("metadata").and_then(Value::as_str) {
            if !notes.trim().is_empty() {
                writeln!(self.out, "  notes:")?;
                for line in wrap(notes, 76) {
                    writeln!(self.out, "    {}", crate::term::line(&line))?;
                }
            }
        }
        writeln!(self.out)?;
        Ok(())
    }

    fn sql(&mut self, data: &Value) -> anyhow::Result<()> {
        writeln!(self.out, "SQL")?;
        let sql = data.get("sql").and_then(Value::as_str).unwrap_or("");
        for line in sql_lines(sql) {
            writeln!(self.out, "  {}", crate::term::line(&line))?;
        }
        writeln!(self.out)?;
        Ok(())
    }

    fn results(&mut self, data: &Value) -> anyhow::Result<()> {
        let items = data
            .get("items")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let n = items.len();
        writeln!(
            self.out,
            "Results ({n} {})",
            if n == 1 { "row" } else { "rows" }
        )?;
        if items.is_empty() {
            writeln!(self.out, "  (no matching records)")?;
            writeln!(self.out)?;
            return Ok(());
        }
        // Item keys are `<NNN>_<field>`, so their sorted order is the
        // dataset's column order; the union covers items that differ.
        let keys: BTreeSet<String> = items
            .iter()
            .filter_map(|i| i.get("item").and_then(Value::as_object))
            .flat_map(|m| m.keys().cloned())
            .collect();
        let mut header = vec!["id".to_owned()];
        header.extend(keys.iter().map(|k| strip_ordinal(k).to_owned()));
        let empty = Map::new();
        let rows: Vec<Vec<String>> = items
            .iter()
            .map(|i| {
                let fields = i.get("item").and_then(Value::as_object).unwrap_or(&empty);
                let mut row = vec![i.get("id").map(display_value).unwrap_or_default()];
                row.extend(
                    keys.iter()
                        .map(|k| fields.get(k).map(display_value).unwrap_or_default()),
                );
                row
            })
            .collect();
        for line in table(&header, &rows) {
            writeln!(self.out, "  {line}")?;
        }
        writeln!(self.out)?;
        Ok(())
    }

    /// Checks how the stream ended; an error here makes the command exit
    /// non-zero.
    fn finish(mut self) -> anyhow::Result<()> {
        self.out.flush()?;
        match self.closed {
            Some(Close { complete: true, .. }) => Ok(()),
            Some(Close { error, .. }) => Err(anyhow!(
                "the query did not complete: {}",
                error.unwrap_or_else(|| "no reason given".to_owned())
            )),
            None => Err(anyhow!(
                "the stream ended without a close event (events seen: {})",
                if self.seen.is_empty() {
                    "none".to_owned()
                } else {
                    self.seen.join(", ")
                }
            )),
        }
    }
}

/// `003_title` -> `title`; other keys unchanged.
fn strip_ordinal(key: &str) -> &str {
    let b = key.as_bytes();
    if b.len() > 4 && b[..3].iter().all(u8::is_ascii_digit) && b[3] == b'_' {
        &key[4..]
    } else {
        key
    }
}

/// A JSON value as a plain cell: strings without quotes, null empty.
fn display_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Cuts `s` to at most `max` characters (an ellipsis marks the cut), and puts
/// control characters (newlines, tabs) as spaces so a cell stays on its line.
fn truncate(s: &str, max: usize) -> String {
    let clean = crate::term::line(s);
    if clean.chars().count() <= max {
        return clean.into_owned();
    }
    let mut cut: String = clean.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// Lays out an aligned text table: header, a rule, the rows. Columns whose
/// values are all numbers are right-aligned.
fn table(header: &[String], rows: &[Vec<String>]) -> Vec<String> {
    let cells: Vec<Vec<String>> = std::iter::once(header)
        .chain(rows.iter().map(Vec::as_slice))
        .map(|r| r.iter().map(|c| truncate(c, MAX_CELL)).collect())
        .collect();
    let mut widths = vec![0usize; header.len()];
    for row in &cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let numeric: Vec<bool> = (0..header.len())
        .map(|i| {
            let mut values = rows
                .iter()
                .filter_map(|r| r.get(i))
                .filter(|c| !c.is_empty());
            let mut any = false;
            let all = values.all(|c| {
                any = true;
                c.parse::<f64>().is_ok()
            });
            any && all
        })
        .collect();
    let render = |row: &[String], align: bool| {
        let mut line = String::new();
        for (i, (c, w)) in row.iter().zip(&widths).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            let pad = w - c.chars().count();
            if align && numeric[i] {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(c);
            } else {
                line.push_str(c);
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        line.trim_end().to_owned()
    };
    let mut lines = vec![render(&cells[0], true)];
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    lines.push(render(&rule, false));
    lines.extend(cells[1..].iter().map(|r| render(r, true)));
    lines
}

/// Puts the main clauses of a statement on their own lines for reading:
/// a line break before `FROM`, `WHERE`, `GROUP BY`, `ORDER BY` and `LIMIT`
/// where they stand outside quotes. Only whitespace changes, so the text
/// still runs as the same statement.
fn sql_lines(sql: &str) -> Vec<String> {
    const CLAUSES: [&str; 5] = [" FROM ", " WHERE ", " GROUP BY ", " ORDER BY ", " LIMIT "];
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut quote: Option<char> = None;
    let mut i = 0;
    while i < sql.len() {
        let rest = &sql[i..];
        let c = rest.chars().next().unwrap_or(' ');
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' || c == '`' => quote = Some(c),
            None => {
                if let Some(clause) = CLAUSES.iter().find(|k| rest.starts_with(**k)) {
                    lines.push(std::mem::take(&mut line));
                    line.push_str(clause.trim_start());
                    i += clause.len();
                    continue;
                }
            }
        }
        line.push(c);
        i += c.len_utf8();
    }
    lines.push(line);
    lines
        .into_iter()
        .flat_map(|l| l.lines().map(str::to_owned).collect::<Vec<_>>())
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// Greedy word wrap at `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sse_parser_skips_comments_and_joins_data_lines() {
        let stream = b": keep-alive\n\ndata: {\"a\":1}\n\ndata: x\ndata: y\r\n\r\nid: 3\nevent: z\n\ndata:no-space\n\ndata: partial";
        let events: Vec<String> = SseEvents::new(BufReader::new(&stream[..]))
            .map(Result::unwrap)
            .collect();
        assert_eq!(events, vec!["{\"a\":1}", "x\ny", "no-space"]);
    }

    #[test]
    fn ordinal_prefixes_are_stripped() {
        assert_eq!(strip_ordinal("001_name"), "name");
        assert_eq!(strip_ordinal("120_delay_minutes"), "delay_minutes");
        assert_eq!(strip_ordinal("name"), "name");
        assert_eq!(strip_ordinal("01_x"), "01_x");
    }

    #[test]
    fn cells_are_truncated_and_kept_on_one_line() {
        assert_eq!(truncate("abc", 5), "abc");
        assert_eq!(truncate("abcdefgh", 5), "abcd…");
        assert_eq!(truncate("a\nb\tc", 10), "a b c");
    }

    #[test]
    fn sql_breaks_before_clauses_outside_quotes_only() {
        let sql =
            "SELECT a, \"b FROM c\" FROM t WHERE x = ' WHERE it''s ' AND y > 1 ORDER BY a LIMIT 10";
        assert_eq!(
            sql_lines(sql),
            [
                "SELECT a, \"b FROM c\"",
                "FROM t",
                "WHERE x = ' WHERE it''s ' AND y > 1",
                "ORDER BY a",
                "LIMIT 10"
            ]
        );
        // Only whitespace changed.
        let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(squash(&sql_lines(sql).join("\n")), squash(sql));
    }

    #[test]
    fn errors_show_the_servers_message_and_code() {
        let body =
            r#"{"error":"The dataset identifier is invalid.","error_code":"INVALID_DATASET"}"#;
        assert_eq!(
            describe_error(404, body),
            "The dataset identifier is invalid. (INVALID_DATASET, HTTP 404)"
        );
        assert_eq!(describe_error(502, ""), "the server answered HTTP 502");
    }

    fn run_events(raw: bool, events: &[Value]) -> (String, anyhow::Result<()>) {
        let mut buf = Vec::new();
        let result = {
            let mut p = Printer::new(&mut buf, raw, Instant::now());
            let mut r = Ok(());
            for e in events {
                if let Err(err) = p.event(&e.to_string()) {
                    r = Err(err);
                    break;
                }
            }
            r.and_then(|_| p.finish())
        };
        (String::from_utf8(buf).unwrap(), result)
    }

    fn happy_stream() -> Vec<Value> {
        vec![
            json!({"type": "thoughts", "created": 1, "data": {
                "filters": ["country = 'Japan'"], "traits": ["international"],
                "key_phrases": ["international airports", "Japan"],
                "metadata": "'Japan' matched a value of country exactly."}}),
            json!({"type": "sql", "created": 1, "data": {"sql": "SELECT * FROM airports"}}),
            json!({"type": "results", "created": 1, "data": {"items": [
                {"id": "HND", "item": {"001_iata": "HND", "002_name": "Tokyo Haneda International Airport", "010_elevation_ft": "35"}},
                {"id": "NRT", "item": {"001_iata": "NRT", "002_name": "Narita International Airport", "010_elevation_ft": "141"}}
            ]}}),
            json!({"type": "close", "created": 1, "data": {"complete": true}}),
        ]
    }

    #[test]
    fn readable_output_has_thoughts_sql_and_an_aligned_table() {
        let (out, result) = run_events(false, &happy_stream());
        result.unwrap();
        assert!(out.contains("filters:     country = 'Japan'"), "{out}");
        assert!(out.contains("SQL\n  SELECT *\n  FROM airports\n"), "{out}");
        assert!(
            out.contains("id   iata  name                                elevation_ft\n"),
            "{out}"
        );
        assert!(
            out.contains("NRT  NRT   Narita International Airport                 141\n"),
            "{out}"
        );
        assert!(out.contains("Done: 2 rows"), "{out}");
        assert!(!out.contains("001_"), "{out}");
    }

    #[test]
    fn json_output_is_one_envelope_per_line() {
        let (out, result) = run_events(true, &happy_stream());
        result.unwrap();
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let types: Vec<&str> = lines.iter().map(|v| v["type"].as_str().unwrap()).collect();
        assert_eq!(types, ["thoughts", "sql", "results", "close"]);
    }

    #[test]
    fn incomplete_close_is_an_error_with_the_reason() {
        let mut events = happy_stream();
        events.truncate(2);
        events.push(json!({"type": "close", "created": 2, "data": {
            "complete": false, "error": "The query took too long.", "error_code": "QUERY_TIMEOUT", "retryable": true}}));
        let (out, result) = run_events(false, &events);
        let err = result.unwrap_err().to_string();
        assert!(
            err.contains("The query took too long. (QUERY_TIMEOUT)"),
            "{err}"
        );
        assert!(out.contains("Stream closed incomplete"), "{out}");
    }

    #[test]
    fn a_stream_without_close_is_an_error() {
        let mut events = happy_stream();
        events.truncate(3);
        let (_, result) = run_events(true, &events);
        assert!(result
            .unwrap_err()
            .to_string()
            .contains("without a close event"));
    }
}
