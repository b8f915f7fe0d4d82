//! FTS5's `bm25` ranking with each row's length read from memory.
//!
//! FTS5's own `bm25()` (and the `rank` column, which calls it) looks every
//! matching row's length up in the `<fts>_docsize` table, one statement per
//! row: for a word found in 38,000 of a million descriptions that is most
//! of the 30–50 ms the ranking takes. A dataset file never changes, so the
//! reader connections of a file share its rows' lengths, read once into an
//! array ([`DocLengths`]), and register a `bm25` of their own on each
//! connection. FTS5 looks auxiliary functions up by name, newest first, so
//! this one answers both `bm25(<fts>)` and `rank` on those connections.
//!
//! It is FTS5's function line for line (`fts5Bm25GetData` and
//! `fts5Bm25Function` in SQLite's `fts5_aux.c`): the same API calls for the
//! row count, the average length, each phrase's hits and its instances,
//! and the same arithmetic in the same order; only the row's length comes
//! from the array (the same integer: the sum of the row's column sizes as
//! stored). So a statement returns the same values, rows and order here as
//! in any SQLite (a test compares the values bit for bit), and the SQL a
//! client is shown is the SQL that ran. A row the array does not know is
//! asked of FTS5 as before.

use rusqlite::ffi;
use rusqlite::Connection;
use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::SystemTime;

/// Largest table whose lengths are held (4 bytes a row: 40 MiB at ten
/// million rows); a larger one keeps FTS5's own lookups.
pub const MAX_ROWS: i64 = 20_000_000;

/// A row the array does not know.
const UNKNOWN: u32 = u32::MAX;

/// Every row's length in tokens (all columns), by rowid.
#[derive(Debug)]
pub struct DocLengths {
    by_rowid: Vec<u32>,
}

impl DocLengths {
    /// Reads the `<fts>_docsize` table of `fts_table` on `conn` (before an
    /// authorizer is installed). `None` when the table is missing (no
    /// column sizes kept), too large, or its rowids are not row numbers.
    pub fn read(conn: &Connection, fts_table: &str) -> Option<DocLengths> {
        let docsize = crate::file_meta::quote_ident(&format!("{fts_table}_docsize"));
        let max: i64 = conn
            .query_row(&format!("SELECT max(id) FROM {docsize}"), [], |r| {
                r.get::<_, Option<i64>>(0)
            })
            .ok()??;
        if !(0..=MAX_ROWS).contains(&max) {
            return None;
        }
        let mut by_rowid = vec![UNKNOWN; max as usize + 1];
        let mut stmt = conn
            .prepare(&format!("SELECT id, sz FROM {docsize}"))
            .ok()?;
        let mut rows = stmt.query([]).ok()?;
        while let Some(row) = rows.next().ok()? {
            let id: i64 = row.get(0).ok()?;
            let sz = row.get_ref(1).ok()?.as_blob().ok()?;
            if id < 0 {
                return None;
            }
            by_rowid[id as usize] = sum_varints(sz)?;
        }
        Some(DocLengths { by_rowid })
    }

    fn get(&self, rowid: i64) -> Option<i32> {
        let v = *self.by_rowid.get(usize::try_from(rowid).ok()?)?;
        (v != UNKNOWN)
            .then_some(v)
            .and_then(|v| i32::try_from(v).ok())
    }
}

/// The sum of the SQLite varints of `blob` (FTS5 stores a row's column
/// sizes so), as FTS5 sums them: in an `int`.
fn sum_varints(mut blob: &[u8]) -> Option<u32> {
    let mut total: i32 = 0;
    while !blob.is_empty() {
        let (v, n) = get_varint(blob)?;
        total = total.wrapping_add(v as i32);
        blob = &blob[n..];
    }
    u32::try_from(total).ok().filter(|&t| t != UNKNOWN)
}

/// SQLite's varint: big-endian groups of seven bits, the ninth byte whole.
fn get_varint(b: &[u8]) -> Option<(u64, usize)> {
    let mut v: u64 = 0;
    for i in 0..9 {
        let byte = *b.get(i)?;
        if i == 8 {
            return Some(((v << 8) | byte as u64, 9));
        }
        v = (v << 7) | (byte & 0x7f) as u64;
        if byte & 0x80 == 0 {
            return Some((v, i + 1));
        }
    }
    None
}

/// A dataset file as the cache knows it: its path, size and modification
/// time (a file replaced under the same name is another file).
type FileKey = (PathBuf, u64, Option<SystemTime>);

/// The lengths of a file's FTS table, shared by its connections while any
/// of them is open.
pub fn shared_lengths(path: &Path, conn: &Connection, fts_table: &str) -> Option<Arc<DocLengths>> {
    static CACHE: OnceLock<Mutex<HashMap<FileKey, Weak<DocLengths>>>> = OnceLock::new();
    let meta = std::fs::metadata(path).ok()?;
    let key = (path.to_path_buf(), meta.len(), meta.modified().ok());
    let cache = CACHE.get_or_init(Default::default);
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(l) = map.get(&key).and_then(Weak::upgrade) {
        return Some(l);
    }
    map.retain(|_, w| w.strong_count() > 0);
    let l = Arc::new(DocLengths::read(conn, fts_table)?);
    map.insert(key, Arc::downgrade(&l));
    Some(l)
}

/// Registers the `bm25` of this module on `conn`, over `lengths`.
pub fn install(conn: &Connection, lengths: Arc<DocLengths>) -> rusqlite::Result<()> {
    let api = fts5_api(conn)?;
    if api.is_null() {
        return Err(rusqlite::Error::SqliteFailure(
            ffi::Error::new(ffi::SQLITE_ERROR),
            Some("FTS5 is not available".into()),
        ));
    }
    // SAFETY: `api` is the connection's FTS5 API object, valid while the
    // connection is open; FTS5 owns the user data from here on and frees
    // it with `destroy` when the connection closes (or here, on failure).
    unsafe {
        let Some(create) = (*api).xCreateFunction else {
            return Err(rusqlite::Error::SqliteFailure(
                ffi::Error::new(ffi::SQLITE_ERROR),
                Some("FTS5 has no xCreateFunction".into()),
            ));
        };
        let data = Box::into_raw(Box::new(lengths)) as *mut c_void;
        let rc = create(api, c"bm25".as_ptr(), data, Some(bm25), Some(destroy));
        if rc != ffi::SQLITE_OK {
            return Err(rusqlite::Error::SqliteFailure(ffi::Error::new(rc), None));
        }
    }
    Ok(())
}

/// The connection's `fts5_api` (SQLite's documented way: `SELECT fts5(?)`
/// with a pointer bound under the type `fts5_api_ptr`).
fn fts5_api(conn: &Connection) -> rusqlite::Result<*mut ffi::fts5_api> {
    let mut api: *mut ffi::fts5_api = std::ptr::null_mut();
    // SAFETY: plain use of the C API on the connection's handle; the
    // statement is finalized before returning and the bound pointer
    // (`api`) outlives it.
    unsafe {
        let db = conn.handle();
        let mut stmt: *mut ffi::sqlite3_stmt = std::ptr::null_mut();
        let rc = ffi::sqlite3_prepare_v2(
            db,
            c"SELECT fts5(?1)".as_ptr(),
            -1,
            &mut stmt,
            std::ptr::null_mut(),
        );
        if rc != ffi::SQLITE_OK {
            return Err(rusqlite::Error::SqliteFailure(ffi::Error::new(rc), None));
        }
        ffi::sqlite3_bind_pointer(
            stmt,
            1,
            &mut api as *mut *mut ffi::fts5_api as *mut c_void,
            c"fts5_api_ptr".as_ptr(),
            None,
        );
        ffi::sqlite3_step(stmt);
        ffi::sqlite3_finalize(stmt);
    }
    Ok(api)
}

unsafe extern "C" fn destroy(p: *mut c_void) {
    if !p.is_null() {
        // SAFETY: `p` is the box `install` gave FTS5.
        drop(unsafe { Box::from_raw(p as *mut Arc<DocLengths>) });
    }
}

/// What `fts5Bm25GetData` computes once per query.
struct Bm25Data {
    avgdl: f64,
    idf: Vec<f64>,
    freq: Vec<f64>,
}

unsafe extern "C" fn free_data(p: *mut c_void) {
    if !p.is_null() {
        // SAFETY: `p` is the box `get_data` gave FTS5.
        drop(unsafe { Box::from_raw(p as *mut Bm25Data) });
    }
}

unsafe extern "C" fn count_cb(
    _api: *const ffi::Fts5ExtensionApi,
    _fts: *mut ffi::Fts5Context,
    user: *mut c_void,
) -> c_int {
    // SAFETY: `user` is the `i64` counter `get_data` passes.
    unsafe { *(user as *mut i64) += 1 };
    ffi::SQLITE_OK
}

/// `fts5Bm25GetData`: the per-query data, made once and kept as the
/// query's auxiliary data.
unsafe fn get_data(
    api: &ffi::Fts5ExtensionApi,
    fts: *mut ffi::Fts5Context,
) -> Result<*mut Bm25Data, c_int> {
    // SAFETY (whole function): the API's functions on the context FTS5
    // passed to the auxiliary function being run.
    unsafe {
        let p = (api.xGetAuxdata.ok_or(ffi::SQLITE_ERROR)?)(fts, 0) as *mut Bm25Data;
        if !p.is_null() {
            return Ok(p);
        }
        let n_phrase = (api.xPhraseCount.ok_or(ffi::SQLITE_ERROR)?)(fts).max(0) as usize;
        let mut n_row: i64 = 0;
        let mut n_token: i64 = 0;
        let rc = (api.xRowCount.ok_or(ffi::SQLITE_ERROR)?)(fts, &mut n_row);
        if rc != ffi::SQLITE_OK {
            return Err(rc);
        }
        let rc = (api.xColumnTotalSize.ok_or(ffi::SQLITE_ERROR)?)(fts, -1, &mut n_token);
        if rc != ffi::SQLITE_OK {
            return Err(rc);
        }
        let avgdl = n_token as f64 / n_row as f64;
        let mut idf = Vec::with_capacity(n_phrase);
        for i in 0..n_phrase {
            let mut n_hit: i64 = 0;
            let rc = (api.xQueryPhrase.ok_or(ffi::SQLITE_ERROR)?)(
                fts,
                i as c_int,
                &mut n_hit as *mut i64 as *mut c_void,
                Some(count_cb),
            );
            if rc != ffi::SQLITE_OK {
                return Err(rc);
            }
            // `log((nRow - nHit + 0.5) / (nHit + 0.5))`: the integer
            // difference first, as C evaluates it.
            let mut x = (((n_row - n_hit) as f64 + 0.5) / (n_hit as f64 + 0.5)).ln();
            if x <= 0.0 {
                x = 1e-6;
            }
            idf.push(x);
        }
        let data = Box::into_raw(Box::new(Bm25Data {
            avgdl,
            idf,
            freq: vec![0.0; n_phrase],
        }));
        let rc =
            (api.xSetAuxdata.ok_or(ffi::SQLITE_ERROR)?)(fts, data as *mut c_void, Some(free_data));
        if rc != ffi::SQLITE_OK {
            // FTS5 has already called `free_data` on it.
            return Err(rc);
        }
        Ok(data)
    }
}

/// `fts5Bm25Function`, with the row's length from [`DocLengths`].
unsafe extern "C" fn bm25(
    api: *const ffi::Fts5ExtensionApi,
    fts: *mut ffi::Fts5Context,
    ctx: *mut ffi::sqlite3_context,
    n_val: c_int,
    ap_val: *mut *mut ffi::sqlite3_value,
) {
    // SAFETY (whole function): the pointers FTS5 passes an auxiliary
    // function for the duration of the call; the user data is the
    // `Arc<DocLengths>` `install` registered.
    unsafe {
        let api = &*api;
        let result = (|| -> Result<f64, c_int> {
            let k1 = 1.2f64;
            let b = 0.75f64;
            let data = &mut *get_data(api, fts)?;
            data.freq.iter_mut().for_each(|f| *f = 0.0);
            let mut n_inst: c_int = 0;
            let rc = (api.xInstCount.ok_or(ffi::SQLITE_ERROR)?)(fts, &mut n_inst);
            if rc != ffi::SQLITE_OK {
                return Err(rc);
            }
            let inst = api.xInst.ok_or(ffi::SQLITE_ERROR)?;
            for i in 0..n_inst {
                let (mut ip, mut ic, mut io) = (0, 0, 0);
                let rc = inst(fts, i, &mut ip, &mut ic, &mut io);
                if rc != ffi::SQLITE_OK {
                    return Err(rc);
                }
                let w = if n_val > ic {
                    ffi::sqlite3_value_double(*ap_val.add(ic as usize))
                } else {
                    1.0
                };
                if let Some(f) = data.freq.get_mut(ip as usize) {
                    *f += w;
                }
            }
            let user = (api.xUserData.ok_or(ffi::SQLITE_ERROR)?)(fts) as *const Arc<DocLengths>;
            let rowid = (api.xRowid.ok_or(ffi::SQLITE_ERROR)?)(fts);
            let n_tok = match user.as_ref().and_then(|l| l.get(rowid)) {
                Some(n) => n,
                None => {
                    let mut n: c_int = 0;
                    let rc = (api.xColumnSize.ok_or(ffi::SQLITE_ERROR)?)(fts, -1, &mut n);
                    if rc != ffi::SQLITE_OK {
                        return Err(rc);
                    }
                    n
                }
            };
            let d = n_tok as f64;
            let mut score = 0.0f64;
            for (idf, f) in data.idf.iter().zip(&data.freq) {
                score += idf * ((f * (k1 + 1.0)) / (f + k1 * (1.0 - b + b * d / data.avgdl)));
            }
            // `-1.0 * score` in C: the same bits as negating.
            Ok(-score)
        })();
        match result {
            Ok(v) => ffi::sqlite3_result_double(ctx, v),
            Err(rc) => ffi::sqlite3_result_error_code(ctx, rc),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same values, bit for bit, as FTS5's own `bm25` and `rank`, on
    /// rows of many lengths, phrases, several columns, OR and AND queries,
    /// and with column weights.
    #[test]
    fn values_are_fts5s_own_bit_for_bit() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE t (a TEXT, b TEXT);
             CREATE VIRTUAL TABLE f USING fts5(a, b, content='t', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2');",
        )
        .unwrap();
        let words = [
            "fintech", "bank", "pay", "cloud", "data", "machine", "learning", "x",
        ];
        for i in 1..=3000u64 {
            let n = 1 + (i * 7 % 23) as usize;
            let a: Vec<&str> = (0..n)
                .map(|k| words[((i as usize) * 31 + k * k) % words.len()])
                .collect();
            let b = if i % 5 == 0 {
                None
            } else {
                Some(words[(i % 8) as usize].to_string())
            };
            conn.execute(
                "INSERT INTO t (rowid, a, b) VALUES (?1, ?2, ?3)",
                rusqlite::params![i as i64, a.join(" "), b],
            )
            .unwrap();
        }
        conn.execute_batch("INSERT INTO f(f) VALUES('rebuild');")
            .unwrap();
        let queries = [
            "SELECT rowid, bm25(f) FROM f WHERE f MATCH '\"fintech\"' ORDER BY rowid",
            "SELECT rowid, rank FROM f WHERE f MATCH '\"machine learning\"' ORDER BY rowid",
            "SELECT rowid, bm25(f) FROM f WHERE f MATCH '\"pay\" OR \"cloud data\"' ORDER BY rowid",
            "SELECT rowid, bm25(f) FROM f WHERE f MATCH '\"bank\" AND \"x\"' ORDER BY rowid",
            "SELECT rowid, bm25(f, 2.5, 0.5) FROM f WHERE f MATCH '\"data\"' ORDER BY rowid",
            "SELECT rowid, rank FROM f WHERE f MATCH '\"fintech\"' ORDER BY rank, rowid LIMIT 7",
        ];
        let run = |q: &str| -> Vec<(i64, u64)> {
            let mut s = conn.prepare(q).unwrap();
            let v = s
                .query_map([], |r| {
                    Ok((r.get::<_, i64>(0)?, r.get::<_, f64>(1)?.to_bits()))
                })
                .unwrap()
                .collect::<Result<Vec<_>, _>>()
                .unwrap();
            v
        };
        let before: Vec<_> = queries.iter().map(|q| run(q)).collect();
        let lengths = Arc::new(DocLengths::read(&conn, "f").unwrap());
        assert_eq!(lengths.by_rowid.len(), 3001);
        install(&conn, lengths).unwrap();
        for (q, want) in queries.iter().zip(&before) {
            assert!(!want.is_empty(), "{q}");
            assert_eq!(&run(q), want, "{q}");
        }
        // The values are this module's: with other lengths they differ.
        install(
            &conn,
            Arc::new(DocLengths {
                by_rowid: vec![1; 3001],
            }),
        )
        .unwrap();
        assert_ne!(&run(queries[0]), &before[0]);
        // A row the array does not know is asked of FTS5.
        conn.execute(
            "INSERT INTO t (rowid, a, b) VALUES (5000, 'fintech fintech', NULL)",
            [],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO f (rowid, a, b) VALUES (5000, 'fintech fintech', NULL)",
            [],
        )
        .unwrap();
        let v = run("SELECT rowid, bm25(f) FROM f WHERE f MATCH 'fintech' AND rowid = 5000");
        assert_eq!(v.len(), 1);
    }

    #[test]
    fn varints_are_sqlites() {
        assert_eq!(get_varint(&[0x05]), Some((5, 1)));
        assert_eq!(get_varint(&[0x81, 0x00]), Some((128, 2)));
        assert_eq!(sum_varints(&[0x03, 0x81, 0x01, 0x00]), Some(3 + 129));
        assert_eq!(get_varint(&[0x81]), None);
    }
}
