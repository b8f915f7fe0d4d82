//! TLS to PostgreSQL: with `QUARRY_DATABASE_CA`, the store and the catalog
//! connect over TLS and check the server's certificate; without it, a URL
//! that requires TLS is refused. Its own test binary: it sets the
//! environment variable, which is the process's.

mod common;

use std::time::Duration;

use quarry_catalog::CatalogBackend;
use quarry_dataset::{CancelFlag, DatasetStore, ImportOptions};
use quarry_pg::{PgCatalog, PgConfig, PgError, PgStore};

fn people_csv() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../quarry-planner/tests/data/people.csv")
}

fn store(url: &str, schema: &str) -> Result<PgStore, PgError> {
    let mut config = PgConfig::new(url);
    config.schema = schema.to_string();
    config.pool_size = 2;
    PgStore::connect(&config)
}

#[test]
fn connections_go_over_tls_checked_against_the_ca() {
    // A server that takes TCP connections over TLS only.
    let cluster = common::Cluster::start_with_tls();
    let required = format!("{}?sslmode=require", cluster.url);

    // No CA: a URL that requires TLS is refused before connecting, and a
    // plain connection is refused by the server.
    std::env::remove_var(quarry_pg::tls::CA_ENV);
    assert!(matches!(store(&required, "s_none"), Err(PgError::Url(_))));
    assert!(store(&cluster.url, "s_plain").is_err());

    // A file that holds no CA of the server's: the handshake fails.
    std::env::set_var(quarry_pg::tls::CA_ENV, cluster.server_certificate());
    assert!(store(&required, "s_wrong").is_err());

    // The CA: the store imports and queries, the catalog works.
    std::env::set_var(quarry_pg::tls::CA_ENV, cluster.ca_file());
    let pg = store(&required, "s_tls").unwrap();
    let p = pg
        .import(&people_csv(), &ImportOptions::new("people"))
        .unwrap();
    let cols: Vec<String> = p
        .profile
        .columns
        .iter()
        .map(|c| quarry_sql::ident(&c.name))
        .collect();
    let sql = format!(
        "SELECT \"_row\" AS \"_row\", {} FROM {} LIMIT 2",
        cols.join(", "),
        quarry_sql::ident(&p.profile.table)
    );
    let rows = pg
        .run(
            &p.file_name,
            &p.profile,
            &sql,
            10,
            &CancelFlag::new(),
            Duration::from_secs(5),
        )
        .unwrap();
    assert_eq!(rows.items.len(), 2);
    let dir = tempfile::tempdir().unwrap();
    let catalog = PgCatalog::open(&required, "c_tls", dir.path()).unwrap();
    let a = catalog.create_account("a@x.io", "password1").unwrap();
    assert_eq!(catalog.account_by_email("a@x.io").unwrap().id, a.id);
}
