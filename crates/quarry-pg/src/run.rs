//! Running a guarded statement: in a read-only transaction with
//! `statement_timeout` and the dataset schema as the search path (the
//! rendered statement names its table unqualified), cancelled through the
//! driver's cancel token when the [`CancelFlag`] is set. Rows are read in
//! the text format (the simple query protocol), parsed by the profile's
//! column types and made into items by the SQLite engine's own
//! [`RowCollector`], so both stores write values alike.

use std::time::Duration;

use deadpool_postgres::{Object, Pool};
use quarry_dataset::{
    CancelFlag, Cell, EngineError, RowCollector, Rows, FIGURE_COLUMN, MAX_RESULT_BYTES,
};
use quarry_profile::{ColumnType, DatasetProfile};
use quarry_sql::ident;
use tokio_postgres::error::SqlState;
use tokio_postgres::{SimpleQueryMessage, SimpleQueryRow};

/// How often a running query looks at its cancel flag.
const CANCEL_POLL: Duration = Duration::from_millis(20);

#[allow(clippy::too_many_arguments)]
pub(crate) async fn run(
    pool: &Pool,
    schema: &str,
    reader: Option<&str>,
    profile: &DatasetProfile,
    sql: &str,
    limit: usize,
    cancel: &CancelFlag,
    timeout: Duration,
) -> Result<Rows, EngineError> {
    if cancel.is_cancelled() {
        return Err(EngineError::Cancelled);
    }
    let client = pool
        .get()
        .await
        .map_err(|e| EngineError::Unavailable(e.to_string()))?;
    let ms = timeout.as_millis().clamp(1, i32::MAX as u128);
    // As the reader role when there is one: it reads the version tables
    // of this schema and nothing else.
    let role = reader
        .map(|r| format!("; SET LOCAL ROLE {}", ident(r)))
        .unwrap_or_default();
    client
        .batch_execute(&format!(
            "BEGIN READ ONLY; SET LOCAL statement_timeout = {ms}; SET LOCAL search_path = {}{role}",
            ident(schema)
        ))
        .await
        .map_err(|e| map_error(&e, cancel, timeout))?;

    // Prepared first: one statement only (the simple protocol below would
    // run several, `COMMIT` included), and its columns checked before it
    // runs.
    let prepared = match client.prepare(sql).await {
        Ok(p) => p,
        Err(e) => {
            end_transaction(client).await;
            return Err(map_error(&e, cancel, timeout));
        }
    };
    let cols: Vec<String> = prepared
        .columns()
        .iter()
        .map(|c| c.name().to_string())
        .collect();
    drop(prepared);
    if let Err(e) = check_shape(profile, &cols) {
        end_transaction(client).await;
        return Err(e);
    }

    // The flag, watched while the statement runs.
    let token = client.cancel_token();
    let flag = cancel.clone();
    let watcher = tokio::spawn(async move {
        loop {
            tokio::time::sleep(CANCEL_POLL).await;
            if flag.is_cancelled() {
                let _ = token.cancel_query(tokio_postgres::NoTls).await;
                return;
            }
        }
    });
    let result = client.simple_query(sql).await;
    watcher.abort();
    end_transaction(client).await;

    let messages = result.map_err(|e| map_error(&e, cancel, timeout))?;
    collect(profile, &messages, limit, MAX_RESULT_BYTES)
}

fn map_error(e: &tokio_postgres::Error, cancel: &CancelFlag, timeout: Duration) -> EngineError {
    if crate::is_unreachable(e) {
        // The connection broke, or the server is going away: an outage.
        return EngineError::Unavailable(crate::pg_error(e));
    }
    match e.code() {
        Some(c) if *c == SqlState::QUERY_CANCELED => {
            if cancel.is_cancelled() {
                EngineError::Cancelled
            } else {
                EngineError::Timeout(timeout)
            }
        }
        Some(c)
            if *c == SqlState::INSUFFICIENT_PRIVILEGE
                || *c == SqlState::READ_ONLY_SQL_TRANSACTION =>
        {
            EngineError::NotAuthorized(crate::pg_error(e))
        }
        _ => EngineError::Backend(crate::pg_error(e)),
    }
}

/// Ends the transaction; a connection that cannot is not given back to
/// the pool.
async fn end_transaction(client: Object) {
    if client.batch_execute("ROLLBACK").await.is_err() {
        drop(Object::take(client));
    }
}

/// The items of the statement's rows, checked against the profile's shape
/// as the SQLite engine checks them.
fn collect(
    profile: &DatasetProfile,
    messages: &[SimpleQueryMessage],
    limit: usize,
    max_bytes: usize,
) -> Result<Rows, EngineError> {
    let mut names: Option<Vec<String>> = None;
    let mut out: Option<RowCollector> = None;
    let mut types: Vec<ColumnType> = Vec::new();
    for m in messages {
        let row: &SimpleQueryRow = match m {
            SimpleQueryMessage::RowDescription(cols) if names.is_none() => {
                names = Some(cols.iter().map(|c| c.name().to_string()).collect());
                continue;
            }
            SimpleQueryMessage::Row(row) => row,
            _ => continue,
        };
        if out.is_none() {
            let cols = names
                .take()
                .unwrap_or_else(|| row.columns().iter().map(|c| c.name().to_string()).collect());
            let figure = check_shape(profile, &cols)?;
            types = std::iter::once(ColumnType::Integer)
                .chain(profile.columns.iter().map(|c| c.ty))
                .chain(figure.then_some(ColumnType::Float))
                .collect();
            out = Some(RowCollector::new(profile, figure, limit, max_bytes));
        }
        let collector = out.as_mut().expect("set above");
        if collector.is_full() {
            break;
        }
        let more = collector.push(|i| Ok(cell(types[i], row.get(i))))?;
        if !more {
            break;
        }
    }
    if let (None, Some(cols)) = (&out, &names) {
        check_shape(profile, cols)?;
    }
    Ok(out.map(RowCollector::finish).unwrap_or(Rows {
        items: Vec::new(),
        figure: None,
    }))
}

/// The row number, every column of the profile in order, perhaps the
/// figure last; returns whether the figure is there.
fn check_shape(profile: &DatasetProfile, cols: &[String]) -> Result<bool, EngineError> {
    let mut n = cols.len();
    let figure = n == profile.columns.len() + 2 && cols[n - 1] == FIGURE_COLUMN;
    if figure {
        n -= 1;
    }
    if n != profile.columns.len() + 1 {
        return Err(EngineError::Shape(format!(
            "{n} columns where the row number and {} dataset columns were expected",
            profile.columns.len()
        )));
    }
    for (i, c) in profile.columns.iter().enumerate() {
        let got = &cols[i + 1];
        if !got.eq_ignore_ascii_case(&c.name) {
            return Err(EngineError::Shape(format!(
                "column {} is {got:?}, expected {:?}",
                i + 2,
                c.name
            )));
        }
    }
    Ok(figure)
}

/// A value in PostgreSQL's text format as the stored cell of a column of
/// type `ty` (a figure is read as a number: an integer when it is one, as
/// SQLite's `count` and `sum` of integers are).
fn cell(ty: ColumnType, v: Option<&str>) -> Cell<'_> {
    let Some(s) = v else {
        return Cell::Null;
    };
    match ty {
        ColumnType::Integer | ColumnType::Boolean => s
            .parse()
            .map(Cell::Int)
            .unwrap_or_else(|_| Cell::Text(s.into())),
        ColumnType::Float => s
            .parse::<i64>()
            .ok()
            .filter(|_| !s.contains(['.', 'e', 'E']))
            .map(Cell::Int)
            .or_else(|| s.parse::<f64>().ok().map(Cell::Real))
            .unwrap_or_else(|| Cell::Text(s.into())),
        _ => Cell::Text(s.into()),
    }
}
