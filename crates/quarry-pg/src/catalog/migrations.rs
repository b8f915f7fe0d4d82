//! The catalog schema's migrations: versioned SQL files
//! (`migrations/catalog/V<n>__<name>.sql`, embedded at build time), applied
//! in order, each with its row in `schema_version`, all pending ones in one
//! transaction under an advisory lock, so replicas starting together apply
//! each exactly once and a failed migration leaves the schema as it was.
//! Never edit a released file: add the next one.

use tokio_postgres::Client;

/// Every migration, in order: (version, name, SQL).
const MIGRATIONS: &[(i64, &str, &str)] = &[(
    1,
    "catalog",
    include_str!("../../migrations/catalog/V1__catalog.sql"),
)];

/// The advisory lock key the migrations run under (any fixed number; the
/// dataset store uses others).
const MIGRATION_LOCK: i64 = 0x7175_6172_7279_0001;

/// Creates the schema if needed and applies the pending migrations.
/// Returns the schema's version.
pub(crate) async fn apply(client: &mut Client, schema: &str) -> Result<i64, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    let schema = quarry_sql::ident(schema);
    tx.batch_execute(&format!(
        "SET LOCAL client_min_messages = warning;
         CREATE SCHEMA IF NOT EXISTS {schema};
         SET LOCAL search_path = {schema};
         CREATE TABLE IF NOT EXISTS schema_version (
             version bigint PRIMARY KEY,
             name text NOT NULL,
             applied bigint NOT NULL
         );"
    ))
    .await?;
    let current: i64 = tx
        .query_one("SELECT coalesce(max(version), 0) FROM schema_version", &[])
        .await?
        .get(0);
    let mut version = current;
    for (n, name, sql) in MIGRATIONS {
        if *n <= current {
            continue;
        }
        tx.batch_execute(sql).await?;
        tx.execute(
            "INSERT INTO schema_version (version, name, applied) VALUES ($1, $2, $3)",
            &[n, name, &quarry_catalog::support::now()],
        )
        .await?;
        version = *n;
    }
    tx.commit().await?;
    Ok(version)
}

/// The newest migration this build knows.
pub(crate) fn latest() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.0)
}
