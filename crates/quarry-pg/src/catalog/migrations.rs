//! The catalog schema's migrations: versioned SQL files
//! (`migrations/catalog/V<n>__<name>.sql`, embedded at build time by
//! `refinery`), applied in order, all pending ones in one transaction
//! (`refinery`'s grouped mode) and each recorded in the schema's
//! `schema_version` table, under an advisory lock, so replicas starting
//! together apply each exactly once and a failed migration leaves the
//! schema as it was. A database that has migrations this build does not
//! know is refused (`refinery` aborts on them). Never edit a released
//! file: add the next one.

use quarry_catalog::CatalogError;
use tokio_postgres::Client;

mod embedded {
    refinery::embed_migrations!("migrations/catalog");
}

/// The advisory lock key the migrations run under (any fixed number; the
/// dataset store uses others).
const MIGRATION_LOCK: i64 = 0x7175_6172_7279_0001;

/// Creates the schema if needed and applies the pending migrations, on a
/// connection whose `search_path` is the schema. Returns the schema's
/// version.
pub(crate) async fn apply(client: &mut Client, schema: &str) -> Result<i64, CatalogError> {
    client
        .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(super::db)?;
    let applied = run(client, schema).await;
    let unlocked = client
        .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(super::db);
    let version = applied?;
    unlocked?;
    Ok(version)
}

async fn run(client: &mut Client, schema: &str) -> Result<i64, CatalogError> {
    let schema = quarry_sql::ident(schema);
    client
        .batch_execute(&format!(
            "SET client_min_messages = warning;
             CREATE SCHEMA IF NOT EXISTS {schema};
             RESET client_min_messages;"
        ))
        .await
        .map_err(super::db)?;
    let migration = |e: refinery::Error| CatalogError::Invalid(format!("catalog migration: {e}"));
    let mut runner = embedded::migrations::runner().set_grouped(true);
    runner.set_migration_table_name(format!("{schema}.schema_version"));
    runner.run_async(client).await.map_err(migration)?;
    let last = runner
        .get_last_applied_migration_async(client)
        .await
        .map_err(migration)?;
    Ok(last.map_or(0, |m| i64::from(m.version())))
}

/// The newest migration this build knows.
pub(crate) fn latest() -> i64 {
    embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| i64::from(m.version()))
        .max()
        .unwrap_or(0)
}
