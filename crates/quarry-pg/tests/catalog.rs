//! The PostgreSQL catalog against a real cluster: the same contract as the
//! SQLite catalog's own tests, and what two replicas sharing it see.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use quarry_catalog::{
    AccountLimits, Actor, AuditFilter, CatalogBackend, CatalogError, OnExisting, SessionLimits,
    KEY_FILE,
};
use quarry_pg::PgCatalog;

/// A catalog in a schema of its own, with its data directory.
fn open(name: &str) -> (tempfile::TempDir, String, PgCatalog) {
    static N: AtomicUsize = AtomicUsize::new(0);
    let schema = format!(
        "c_{name}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    let dir = tempfile::tempdir().unwrap();
    let c = PgCatalog::open(common::url(), &schema, dir.path()).unwrap();
    (dir, schema, c)
}

/// A second replica's catalog: its own data directory holding the same key.
fn replica(schema: &str, key_from: &std::path::Path) -> (tempfile::TempDir, PgCatalog) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(key_from.join(KEY_FILE), dir.path().join(KEY_FILE)).unwrap();
    let c = PgCatalog::open(common::url(), schema, dir.path()).unwrap();
    (dir, c)
}

#[test]
fn accounts_tokens_and_a_deletion_seen_by_another_replica() {
    let (dir, schema, a) = open("tokens");
    let acct = a
        .create_account("Ann@Example.com", "correct horse")
        .unwrap();
    assert!(matches!(
        a.create_account("ann@example.COM", "another one"),
        Err(CatalogError::Conflict(_))
    ));
    assert_eq!(a.account_by_email("ANN@example.com").unwrap().id, acct.id);
    assert!(a
        .verify_password("ann@example.com", "correct horse")
        .unwrap()
        .is_some());
    assert!(a
        .verify_password("ann@example.com", "wrong horse")
        .unwrap()
        .is_none());
    let t1 = a.create_token(&Actor::Operator, acct.id, None).unwrap();
    let t2 = a
        .create_token(&Actor::Operator, acct.id, Some("ci"))
        .unwrap();
    assert_eq!(t1.name, "token-1");
    assert!(matches!(
        a.create_token(&Actor::Operator, acct.id, Some("ci")),
        Err(CatalogError::Conflict(_))
    ));
    let listed: Vec<String> = a
        .list_tokens(acct.id)
        .unwrap()
        .into_iter()
        .map(|t| t.value)
        .collect();
    assert_eq!(listed, vec![t1.value.clone(), t2.value.clone()]);

    let (_d2, b) = replica(&schema, dir.path());
    assert_eq!(b.authenticate(&t2.value).unwrap(), Some(acct.id));
    assert_eq!(
        a.delete_token(&Actor::Operator, acct.id, "ci").unwrap(),
        "ci"
    );
    assert_eq!(b.authenticate(&t2.value).unwrap(), None);
    assert_eq!(b.authenticate(&t1.value).unwrap(), Some(acct.id));

    // A replica with another key is refused at start.
    let other = tempfile::tempdir().unwrap();
    assert!(matches!(
        PgCatalog::open(common::url(), &schema, other.path()),
        Err(CatalogError::Secret(_))
    ));

    let actions: Vec<String> = a
        .audit_entries(&AuditFilter::default())
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .collect();
    assert_eq!(
        actions,
        [
            "token.created",
            "token.created",
            "token.first_used",
            "token.deleted",
            "token.first_used"
        ]
    );
}

#[test]
fn datasets_register_replace_drop_and_sweep() {
    let (_dir, _schema, mut c) = open("datasets");
    let a = c.create_account("a@x.io", "password1").unwrap();
    let b = c.create_account("b@x.io", "password1").unwrap();
    let op = Actor::Operator;
    assert_eq!(
        c.register_dataset(&op, "movies", a.id, "m-1", 10)
            .unwrap()
            .replaced_version,
        None
    );
    c.set_dataset_vocabulary(&op, "movies", a.id, "m-1", Some("x = 1"))
        .unwrap();
    assert!(matches!(
        c.set_dataset_vocabulary(&op, "movies", a.id, "m-0", None),
        Err(CatalogError::Conflict(_))
    ));
    assert!(matches!(
        c.register_version(
            &op,
            "movies",
            a.id,
            "m-2",
            1,
            OnExisting::Refuse,
            &mut |t| Some(t.into())
        ),
        Err(CatalogError::Conflict(_))
    ));
    let r = c
        .register_version(
            &op,
            "movies",
            a.id,
            "m-2",
            12,
            OnExisting::Replace,
            &mut |_| None,
        )
        .unwrap();
    assert_eq!(r.replaced_version.as_deref(), Some("m-1"));
    assert_eq!(c.dataset_vocabulary(a.id, "movies").unwrap(), None);
    c.register_dataset(&op, "movies", b.id, "x", 1).unwrap();
    let e = c.get_dataset(a.id, "movies").unwrap().unwrap();
    assert_eq!(
        (e.version.as_str(), e.row_count, e.vocabulary_revision),
        ("m-2", 12, 2)
    );
    assert_eq!(c.datasets_with_id("movies").unwrap().len(), 2);
    assert_eq!(c.list_datasets(Some(b.id)).unwrap().len(), 1);
    assert!(c.register_dataset(&op, "bad id", a.id, "y", 1).is_err());
    c.drop_dataset(&op, a.id, "movies").unwrap();
    assert!(c.get_dataset(a.id, "movies").unwrap().is_none());
    let removed = std::sync::Mutex::new(Vec::new());
    let n = c
        .sweep_retired_versions(Duration::ZERO, &|v| {
            removed.lock().unwrap().push(v.to_string())
        })
        .unwrap();
    assert_eq!(n, 2);
    let mut removed = removed.into_inner().unwrap();
    removed.sort();
    assert_eq!(removed, ["m-1", "m-2"]);
}

#[test]
fn limits_sessions_and_the_shared_rate() {
    let (dir, schema, c) = open("limits");
    let a = c.create_account("a@x.io", "password1").unwrap();
    let set = AccountLimits {
        per_minute: Some(3),
        concurrent: Some(2),
        tokens: Some(1),
    };
    c.set_account_limits(&Actor::Operator, a.id, set).unwrap();
    assert_eq!(c.account_limits(a.id).unwrap(), set);
    let t = c.create_token(&Actor::Operator, a.id, None).unwrap();
    assert!(matches!(
        c.create_token(&Actor::Operator, a.id, None),
        Err(CatalogError::Conflict(_))
    ));
    assert_eq!(c.authenticate_key(&t.value).unwrap().unwrap().limits, set);

    // Two replicas take from one window (unless the minute turns between
    // the calls, when the count starts again: then the test is repeated).
    let (_d2, b) = replica(&schema, dir.path());
    let mut ok = false;
    for _ in 0..3 {
        let start = quarry_catalog::support::now() / 60;
        let key = 1_000_000 + start;
        let taken: Vec<bool> = (0..5)
            .map(|i| {
                let cat: &dyn CatalogBackend = if i % 2 == 0 { &c } else { &b };
                cat.take_shared_rate(key).unwrap().unwrap().0 <= 3
            })
            .collect();
        if quarry_catalog::support::now() / 60 == start {
            assert_eq!(taken, [true, true, true, false, false]);
            ok = true;
            break;
        }
    }
    assert!(ok);

    let limits = SessionLimits {
        idle_secs: 3600,
        lifetime_secs: 7200,
    };
    let s = c.create_session(a.id).unwrap();
    let seen = b.session(&s.id, limits).unwrap().unwrap();
    assert_eq!((seen.account.id, seen.csrf_token), (a.id, s.csrf_token));
    c.end_session(&s.id).unwrap();
    assert!(b.session(&s.id, limits).unwrap().is_none());
    c.record_sign_in_failure(&["x"], 0).unwrap();
    c.record_sign_in_failure(&["x"], 0).unwrap();
    assert_eq!(b.sign_in_failures("x", 0).unwrap().0, 2);
    b.clear_sign_in_failures("x").unwrap();
    assert_eq!(c.sign_in_failures("x", 0).unwrap().0, 0);
    let device = c.remember_device(a.id, 0).unwrap();
    assert!(b.is_known_device(&device, "A@x.io", 0).unwrap());
    assert!(matches!(
        c.rotate_secret(&Actor::Operator),
        Err(CatalogError::Invalid(_))
    ));
}

#[test]
fn replicas_starting_together_migrate_once_and_a_newer_schema_is_refused() {
    let (dir, schema, first) = open("migrations");
    drop(first);
    // Four replicas open the same fresh schema at once: each migration is
    // applied once (the advisory lock), every replica opens.
    let fresh = format!("{schema}_fresh");
    let key = dir.path().to_path_buf();
    let opened: Vec<bool> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    let d = tempfile::tempdir().unwrap();
                    std::fs::copy(key.join(KEY_FILE), d.path().join(KEY_FILE)).unwrap();
                    PgCatalog::open(common::url(), &fresh, d.path()).is_ok()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(opened, [true; 4]);
    let versions = common::query_text(
        &format!(
            "SELECT version::text FROM {}.schema_version WHERE $1 <> '' ORDER BY version",
            quarry_sql::ident(&fresh)
        ),
        "x",
    );
    assert_eq!(versions, [Some("1".to_string())]);
    // A migration this build does not know: the replica refuses to open.
    common::execute(&format!(
        "INSERT INTO {}.schema_version (version, name, applied_on, checksum)
         VALUES (99, 'from_the_future', '2030-01-01T00:00:00Z', '0')",
        quarry_sql::ident(&fresh)
    ));
    let refused = PgCatalog::open(common::url(), &fresh, dir.path())
        .err()
        .expect("a newer schema must be refused")
        .to_string();
    assert!(refused.contains("migration"), "{refused}");
}
