//! A dataset's vocabulary, stored beside its registry entry: the TOML text
//! the operator wrote, which the catalog keeps and never reads, and a
//! revision raised by every change (a server keys its planners by version
//! and revision, so a change applies to the next query). The caller checks
//! the text against the version it names (`quarry-vocabulary`); setting it
//! is refused when another version has been swapped in meanwhile, so a
//! stored vocabulary was always checked against the version it is stored
//! with. A replacing import decides what is kept
//! ([`Catalog::import_dataset`]'s `keep_vocabulary`).

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::Db;
use crate::{now, Catalog, CatalogError, Result};

/// A dataset's vocabulary as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredVocabulary {
    /// The TOML text, as it was set.
    pub text: String,
    /// Raised by every change; 0 before the first.
    pub revision: i64,
    /// When it was last set, Unix seconds.
    pub updated: i64,
}

impl Catalog {
    /// The vocabulary of the account's dataset `id`, `None` when it has none
    /// (or there is no such dataset).
    pub fn dataset_vocabulary(
        &self,
        account_id: i64,
        id: &str,
    ) -> Result<Option<StoredVocabulary>> {
        let row: Option<(Option<String>, i64, Option<i64>)> = self
            .conn
            .query_row(
                "SELECT vocabulary, vocabulary_revision, vocabulary_updated
                 FROM datasets WHERE account_id = ?1 AND id = ?2",
                params![account_id, id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .db()?;
        Ok(row.and_then(|(text, revision, updated)| {
            text.map(|text| StoredVocabulary {
                text,
                revision,
                updated: updated.unwrap_or(0),
            })
        }))
    }

    /// Sets (`Some`) or clears (`None`) the vocabulary of the account's
    /// dataset `id` (another account's of the same id is not concerned),
    /// provided its current version is still `checked_version`, the one the
    /// text was checked against; otherwise a conflict. Returns the new
    /// revision.
    pub fn set_dataset_vocabulary(
        &self,
        by: &crate::Actor,
        id: &str,
        account_id: i64,
        checked_version: &str,
        text: Option<&str>,
    ) -> Result<i64> {
        let tx = self.conn.unchecked_transaction().db()?;
        let version: String = tx
            .query_row(
                "SELECT file_name FROM datasets WHERE id = ?1 AND account_id = ?2",
                params![id, account_id],
                |r| r.get(0),
            )
            .optional()
            .db()?
            .ok_or_else(|| CatalogError::NotFound(format!("no dataset with id {id}")))?;
        if version != checked_version {
            return Err(CatalogError::Conflict(format!(
                "dataset {id} was replaced by a new version meanwhile; check the vocabulary again"
            )));
        }
        let revision = store(&tx, account_id, id, text, now())?;
        crate::audit::write(
            &tx,
            by,
            Some(account_id),
            crate::AuditAction::VocabularyChanged,
            &crate::dataset_subject(id),
            &match text {
                Some(t) => format!("revision {revision}, {} bytes", t.len()),
                None => format!("revision {revision}, cleared"),
            },
        )?;
        tx.commit().db()?;
        Ok(revision)
    }
}

/// Stores a dataset's vocabulary text (or none) with a new revision, which
/// it returns.
pub(crate) fn store(
    conn: &Connection,
    account_id: i64,
    id: &str,
    text: Option<&str>,
    at: i64,
) -> Result<i64> {
    conn.query_row(
        "UPDATE datasets SET vocabulary = ?3, vocabulary_revision = vocabulary_revision + 1,
         vocabulary_updated = ?4 WHERE account_id = ?1 AND id = ?2 RETURNING vocabulary_revision",
        params![account_id, id, text, at],
        |r| r.get(0),
    )
    .db()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OnExisting;

    #[test]
    fn a_vocabulary_is_set_read_cleared_and_scoped() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        c.register_dataset(&crate::Actor::Operator, "m", a.id, "m-1", 3)
            .unwrap();
        assert_eq!(c.dataset_vocabulary(a.id, "m").unwrap(), None);
        assert_eq!(
            c.get_dataset(a.id, "m")
                .unwrap()
                .unwrap()
                .vocabulary_revision,
            0
        );

        let r1 = c
            .set_dataset_vocabulary(
                &crate::Actor::Operator,
                "m",
                a.id,
                "m-1",
                Some("[superlatives]\n"),
            )
            .unwrap();
        assert_eq!(r1, 1);
        let v = c.dataset_vocabulary(a.id, "m").unwrap().unwrap();
        assert_eq!((v.text.as_str(), v.revision), ("[superlatives]\n", 1));
        assert_eq!(
            c.get_dataset(a.id, "m")
                .unwrap()
                .unwrap()
                .vocabulary_revision,
            1
        );

        // Another account has no `m`: not found, and a's stays as it was.
        assert!(matches!(
            c.set_dataset_vocabulary(&crate::Actor::Operator, "m", b.id, "m-1", None),
            Err(CatalogError::NotFound(_))
        ));
        // Checked against a version that is no longer current: refused.
        assert!(matches!(
            c.set_dataset_vocabulary(&crate::Actor::Operator, "m", a.id, "m-0", None),
            Err(CatalogError::Conflict(_))
        ));
        assert_eq!(
            c.dataset_vocabulary(a.id, "m").unwrap().unwrap().revision,
            1
        );

        // Cleared: none, and a new revision.
        assert_eq!(
            c.set_dataset_vocabulary(&crate::Actor::Operator, "m", a.id, "m-1", None)
                .unwrap(),
            2
        );
        assert_eq!(c.dataset_vocabulary(a.id, "m").unwrap(), None);
        assert_eq!(
            c.get_dataset(a.id, "m")
                .unwrap()
                .unwrap()
                .vocabulary_revision,
            2
        );
    }

    #[test]
    fn a_replacing_import_keeps_what_its_caller_says() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let rm = |_: &str| {};
        let import = |name: &'static str| move || Ok::<_, CatalogError>((name.to_string(), 3u64));
        let mut asked = Vec::new();
        c.import_dataset(
            &crate::Actor::Operator,
            "m",
            a.id,
            OnExisting::Refuse,
            import("m-1"),
            |r| r.clone(),
            |_, t: &str| {
                asked.push(t.to_string());
                None
            },
            &rm,
        )
        .unwrap();
        assert!(asked.is_empty(), "a new dataset has no vocabulary to keep");
        c.set_dataset_vocabulary(&crate::Actor::Operator, "m", a.id, "m-1", Some("old"))
            .unwrap();

        // The same text kept: no new revision.
        c.import_dataset(
            &crate::Actor::Operator,
            "m",
            a.id,
            OnExisting::Replace,
            import("m-2"),
            |r| r.clone(),
            |(v, _), t: &str| {
                assert_eq!(v, "m-2", "asked about the new version");
                Some(t.to_string())
            },
            &rm,
        )
        .unwrap();
        let v = c.dataset_vocabulary(a.id, "m").unwrap().unwrap();
        assert_eq!((v.text.as_str(), v.revision), ("old", 1));

        // Rewritten: stored with the swap.
        c.import_dataset(
            &crate::Actor::Operator,
            "m",
            a.id,
            OnExisting::Replace,
            import("m-3"),
            |r| r.clone(),
            |_, _: &str| Some("kept".to_string()),
            &rm,
        )
        .unwrap();
        let v = c.dataset_vocabulary(a.id, "m").unwrap().unwrap();
        assert_eq!((v.text.as_str(), v.revision), ("kept", 2));
        let e = c.get_dataset(a.id, "m").unwrap().unwrap();
        assert_eq!((e.version.as_str(), e.vocabulary_revision), ("m-3", 2));

        // A dropped dataset takes its vocabulary with it.
        c.drop_dataset(&crate::Actor::Operator, a.id, "m").unwrap();
        c.register_dataset(&crate::Actor::Operator, "m", a.id, "m-4", 1)
            .unwrap();
        assert_eq!(c.dataset_vocabulary(a.id, "m").unwrap(), None);
    }
}
