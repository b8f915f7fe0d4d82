//! The dataset schema: created once, with the table of versions, the text
//! search configuration and the time-of-day and day-of-week functions the
//! [`quarry_sql::Postgres`] dialect names; and the small reads and writes
//! of the table of versions.

use deadpool_postgres::Pool;
use quarry_sql::{ident, PG_TEXT_SEARCH_CONFIG, PG_TIME_OF_DAY_FUNCTION, PG_WEEKDAY_FUNCTION};

use crate::{db_error, pg_error};

/// The generated `tsvector` column of a version's table (a dataset's
/// profile names it as its `fts_table`). Column names never start with `_`.
pub const FTS_COLUMN: &str = "_fts";

/// The table of versions and their profiles. Dataset ids start with a
/// letter or digit, so no version's table can take this name.
pub(crate) const VERSIONS_TABLE: &str = "_versions";

/// The suffix of a version's table while it is built.
pub(crate) const BUILDING_SUFFIX: &str = "-building";

/// The English Snowball stemmer without a stop word list (SQLite's FTS5
/// `porter` tokenizer stems and keeps every word).
const STEM_DICTIONARY: &str = "quarry_stem";

/// SQLite's `time(x)` for what Quarry stores: `HH:MM[:SS[.fff]]`, an ISO
/// date with an optional time (`T` or a space) and offset (turned to UTC,
/// as SQLite does), as `HH:MM:SS`; the date is not checked beyond its
/// month and a day up to 31 (SQLite reads `2017-02-30`); NULL for anything
/// else, where a cast would fail the whole statement.
const TIME_OF_DAY_BODY: &str = r#"
DECLARE
  t text;
  o text;
  shift interval := interval '0';
BEGIN
  IF v ~ '^[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?$' THEN
    t := v;
  ELSE
    IF v !~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?([Zz]|[+-][0-9]{2}:[0-9]{2})?)?$' THEN
      RETURN NULL;
    END IF;
    t := coalesce(substring(v from '[T ]([0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?)'), '00:00');
    o := substring(v from '([+-][0-9]{2}:[0-9]{2})$');
    IF o IS NOT NULL THEN
      -- To UTC, as SQLite does.
      shift := make_interval(hours => substr(o, 2, 2)::int, mins => right(o, 2)::int);
      IF left(o, 1) = '-' THEN
        shift := -shift;
      END IF;
    END IF;
  END IF;
  -- time - interval wraps around midnight; 24:00 is SQLite's 00:00.
  t := to_char(t::time - shift, 'HH24:MI:SS');
  IF left(t, 2) = '24' THEN
    t := '00' || substr(t, 3);
  END IF;
  RETURN t;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
"#;

/// The year a date kept as text writes, as `quarry_profile::year_in_text`
/// reads it (SQLite's engine calls that very function): four digits
/// beginning the text before a dash or slash, or ending it after a
/// separator; NULL for any other text.
const YEAR_BODY: &str = r#"
DECLARE
  t text := btrim(v, E' \t\n\r\f\v');
BEGIN
  IF length(t) >= 6 AND t ~ '^[0-9]{4}[-/]' THEN
    RETURN left(t, 4)::integer;
  END IF;
  IF length(t) >= 6 AND t ~ '[-/ ,.][0-9]{4}$' THEN
    RETURN right(t, 4)::integer;
  END IF;
  RETURN NULL;
END
"#;

/// The number a text cell writes, as `quarry_profile::number_in_text`
/// reads it (SQLite's engine calls that very function): space around
/// ignored, an optional sign, one currency sign, digits with thousands
/// separators and a decimal point; NULL for any other text.
const NUMBER_BODY: &str = r#"
DECLARE
  t text := btrim(v, E' \t\n\r\f\v');
  neg boolean := false;
  d text;
BEGIN
  IF left(t, 1) = '-' THEN
    neg := true;
    t := substr(t, 2);
  ELSIF left(t, 1) = '+' THEN
    t := substr(t, 2);
  END IF;
  IF left(t, 1) IN ('$', '€', '£') THEN
    t := substr(t, 2);
  END IF;
  IF left(t, 1) = ',' OR right(t, 1) = ',' THEN
    RETURN NULL;
  END IF;
  d := replace(t, ',', '');
  IF d !~ '^([0-9]+\.?[0-9]*|\.[0-9]+)$' THEN
    RETURN NULL;
  END IF;
  IF neg THEN
    RETURN -(d::double precision);
  END IF;
  RETURN d::double precision;
END
"#;

/// SQLite's `strftime('%w', v)` (the day of the week as text, '0' for a
/// Sunday to '6'), computed as SQLite 3.54 computes it (`parseDateOrTime`,
/// `computeJD`): the text is read as SQLite reads a date
/// (`[-]YYYY-MM-DD`, then any spaces and `T`s and an optional
/// `HH:MM[:SS[.fff]]` with an optional `Z` or `±HH:MM` offset, turned to
/// UTC; or such a time alone, on 2000-01-01; or `now`; or a Julian day
/// number), its Julian day in milliseconds worked out with SQLite's own
/// integer arithmetic (so `2017-02-30` is March 2nd, `24:00` the next
/// day's midnight), and the day taken from that. NULL wherever SQLite's is
/// NULL, never an error.
const WEEKDAY_BODY: &str = r#"
DECLARE
  d text[];
  t text[];
  rest text;
  neg boolean := false;
  y int := 2000;
  mo int := 1;
  dd int := 1;
  h int := 0;
  mi int := 0;
  sec int := 0;
  ms double precision := 0;
  tz int := 0;
  mx int;
  a int;
  b int;
  jd bigint;
  r double precision;
BEGIN
  d := regexp_match(v, '^(-?)([0-9]{4})-([0-9]{2})-([0-9]{2})(.*)$');
  IF d IS NOT NULL THEN
    -- parseYyyyMmDd: spaces and T's after the day, then a time or nothing.
    neg := d[1] = '-';
    y := d[2]::int;
    mo := d[3]::int;
    dd := d[4]::int;
    rest := regexp_replace(d[5], '^[ \t\n\v\f\r T]*', '');
    IF mo < 1 OR mo > 12 OR dd < 1 OR dd > 31 THEN
      RETURN NULL;
    END IF;
    IF rest = '' THEN
      rest := NULL;
    END IF;
  ELSIF v ~ '^[0-9]{2}:' THEN
    -- parseHhMmSs: a time alone, on 2000-01-01.
    rest := v;
  ELSIF lower(v) IN ('now', 'subsec', 'subsecond') THEN
    RETURN extract(dow FROM now() AT TIME ZONE 'UTC')::int::text;
  ELSIF v ~ '^[ \t\n\v\f\r]*[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?[ \t\n\v\f\r]*$' THEN
    -- setRawDateNumber: a Julian day number.
    r := btrim(v, E' \t\n\v\f\r')::double precision;
    IF NOT (r >= 0 AND r < 5373484.5) THEN
      RETURN NULL;
    END IF;
    jd := trunc(r * 86400000.0::double precision + 0.5)::bigint;
    RETURN ((jd + 129600000) / 86400000 % 7)::text;
  ELSE
    RETURN NULL;
  END IF;
  IF rest IS NOT NULL THEN
    t := regexp_match(rest,
      '^([0-9]{2}):([0-9]{2})(:([0-9]{2})(\.[0-9]+)?)?[ \t\n\v\f\r]*(([+-])([0-9]{2}):([0-9]{2})|[Zz])?[ \t\n\v\f\r]*$');
    IF t IS NULL THEN
      RETURN NULL;
    END IF;
    h := t[1]::int;
    mi := t[2]::int;
    sec := coalesce(t[4]::int, 0);
    IF t[5] IS NOT NULL THEN
      ms := least(('0' || t[5])::double precision, 0.999);
    END IF;
    IF t[7] IS NOT NULL THEN
      IF t[8]::int > 14 OR t[9]::int > 59 THEN
        RETURN NULL;
      END IF;
      tz := (t[8]::int * 60 + t[9]::int) * (CASE WHEN t[7] = '-' THEN -1 ELSE 1 END);
    END IF;
    IF h > 24 OR mi > 59 OR sec > 59 OR (h = 24 AND (mi <> 0 OR sec <> 0 OR ms <> 0)) THEN
      RETURN NULL;
    END IF;
    IF h = 24 THEN
      -- Midnight at the end of the day: the next day's 00:00, counted on
      -- the year as written (before its sign), as SQLite does.
      h := 0;
      IF d IS NULL THEN
        dd := 2;
      ELSE
        mx := CASE
          WHEN mo IN (1, 3, 5, 7, 8, 10, 12) THEN 31
          WHEN mo <> 2 THEN 30
          WHEN y % 4 = 0 AND (y % 100 <> 0 OR y % 400 = 0) THEN 29
          ELSE 28
        END;
        dd := dd + 1;
        IF dd > mx THEN
          dd := dd - mx;
          mo := mo + 1;
          IF mo > 12 THEN
            mo := 1;
            y := y + 1;
          END IF;
        END IF;
      END IF;
    END IF;
  END IF;
  IF neg THEN
    y := -y;
  END IF;
  -- computeJD, with C's integer division (toward zero).
  IF y < -4713 OR y > 9999 THEN
    RETURN NULL;
  END IF;
  IF mo <= 2 THEN
    y := y - 1;
    mo := mo + 12;
  END IF;
  a := (y + 4800) / 100;
  b := 38 - a + a / 4;
  jd := ((36525 * (y + 4716) / 100) + (306001 * (mo + 1) / 10000) + dd + b)::bigint * 86400000
        - 131716800000;
  IF rest IS NOT NULL THEN
    jd := jd + h * 3600000 + mi * 60000 + trunc((sec + ms) * 1000 + 0.5)::bigint
          - tz * 60000::bigint;
  END IF;
  IF jd < 0 OR jd > 464269060799999 THEN
    RETURN NULL;
  END IF;
  RETURN ((jd + 129600000) / 86400000 % 7)::text;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
"#;

/// The role queries run as: it may read the dataset schema's version
/// tables and nothing else (not `_versions`, not the catalog's schema).
pub(crate) fn reader_role(schema: &str) -> String {
    let mut r = format!("{schema}_reader");
    while r.len() > 63 {
        r.pop();
    }
    r
}

/// Creates the schema and its fixtures if missing, under a transaction
/// lock so that processes starting together do not race. Returns the
/// reader role ([`reader_role`]), or `None` when the connecting user may
/// not create or take it (queries then run as that user, read-only; the
/// log says so).
pub(crate) async fn prepare_schema(pool: &Pool, schema: &str) -> Result<Option<String>, String> {
    let mut client = pool.get().await.map_err(db_error)?;
    let tx = client.transaction().await.map_err(|e| pg_error(&e))?;
    let s = ident(schema);
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtext($1))",
        &[&format!("quarry-pg schema {schema}")],
    )
    .await
    .map_err(|e| pg_error(&e))?;
    tx.batch_execute(&format!(
        "SET LOCAL client_min_messages = warning;
         CREATE SCHEMA IF NOT EXISTS {s};
         CREATE TABLE IF NOT EXISTS {s}.{v} (
             version text PRIMARY KEY,
             dataset_id text NOT NULL,
             profile text NOT NULL,
             created_at timestamptz NOT NULL DEFAULT now());
         CREATE OR REPLACE FUNCTION {s}.{f}(v text) RETURNS text
             LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $quarry${TIME_OF_DAY_BODY}$quarry$;
         CREATE OR REPLACE FUNCTION {s}.{w}(v text) RETURNS text
             LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $quarry${WEEKDAY_BODY}$quarry$;
         CREATE OR REPLACE FUNCTION {s}.{n}(v text) RETURNS double precision
             LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $quarry${NUMBER_BODY}$quarry$;
         CREATE OR REPLACE FUNCTION {s}.{y}(v text) RETURNS integer
             LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $quarry${YEAR_BODY}$quarry$;",
        n = ident(quarry_sql::NUMBER_FUNCTION),
        y = ident(quarry_sql::YEAR_FUNCTION),
        v = ident(VERSIONS_TABLE),
        f = ident(PG_TIME_OF_DAY_FUNCTION),
        w = ident(PG_WEEKDAY_FUNCTION),
    ))
    .await
    .map_err(|e| pg_error(&e))?;
    let has_config = tx
        .query_opt(
            "SELECT 1 FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
             WHERE n.nspname = $1 AND c.cfgname = $2",
            &[&schema, &PG_TEXT_SEARCH_CONFIG],
        )
        .await
        .map_err(|e| pg_error(&e))?
        .is_some();
    if !has_config {
        // Accents removed as SQLite's `remove_diacritics 2` does, when the
        // `unaccent` extension is there (Debian's postgresql has it; a
        // trusted extension, which a database owner may create).
        let unaccent = unaccent_dictionary(&tx).await;
        let filter = unaccent.map(|d| format!("{d}, ")).unwrap_or_default();
        let c = format!("{s}.{}", ident(PG_TEXT_SEARCH_CONFIG));
        let stem = format!("{s}.{}", ident(STEM_DICTIONARY));
        // Compound words ("fin-tech") are dropped and their parts kept:
        // FTS5's `unicode61` splits at every character that is not a letter
        // or a digit and knows no compounds.
        tx.batch_execute(&format!(
            "CREATE TEXT SEARCH DICTIONARY {stem} (TEMPLATE = pg_catalog.snowball, Language = english);
             CREATE TEXT SEARCH CONFIGURATION {c} (COPY = pg_catalog.simple);
             ALTER TEXT SEARCH CONFIGURATION {c}
                 ALTER MAPPING FOR asciiword, hword_asciipart WITH {stem};
             ALTER TEXT SEARCH CONFIGURATION {c}
                 ALTER MAPPING FOR word, hword_part WITH {filter}{stem};
             ALTER TEXT SEARCH CONFIGURATION {c}
                 DROP MAPPING IF EXISTS FOR asciihword, hword, numhword;"
        ))
        .await
        .map_err(|e| pg_error(&e))?;
    }
    let reader = reader_role(schema);
    let r = ident(&reader);
    // In a savepoint: a user without CREATEROLE still gets a store.
    let granted = tx
        .batch_execute(&format!(
            "SAVEPOINT quarry_reader;
             DO $quarry$ BEGIN
                 CREATE ROLE {r} NOLOGIN;
             EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
             END $quarry$;
             GRANT {r} TO CURRENT_USER;
             GRANT USAGE ON SCHEMA {s} TO {r};
             GRANT SELECT ON ALL TABLES IN SCHEMA {s} TO {r};
             REVOKE ALL ON {s}.{v} FROM {r};
             RELEASE SAVEPOINT quarry_reader;",
            v = ident(VERSIONS_TABLE),
        ))
        .await;
    let reader = match granted {
        Ok(()) => Some(reader),
        Err(e) => {
            eprintln!(
                "warning: quarry-pg: the read-only role {reader} could not be set up ({}); \
                 queries run as the connecting user, in read-only transactions",
                pg_error(&e)
            );
            tx.batch_execute("ROLLBACK TO SAVEPOINT quarry_reader")
                .await
                .map_err(|e| pg_error(&e))?;
            None
        }
    };
    tx.commit().await.map_err(|e| pg_error(&e))?;
    Ok(reader)
}

/// The qualified name of the `unaccent` dictionary, creating the extension
/// if it can (in a savepoint: a refusal leaves the transaction usable).
async fn unaccent_dictionary(tx: &deadpool_postgres::Transaction<'_>) -> Option<String> {
    let find = "SELECT n.nspname FROM pg_ts_dict d JOIN pg_namespace n ON n.oid = d.dictnamespace
                WHERE d.dictname = 'unaccent' LIMIT 1";
    if let Ok(Some(row)) = tx.query_opt(find, &[]).await {
        let ns: String = row.get(0);
        return Some(format!("{}.unaccent", ident(&ns)));
    }
    let ok = tx
        .batch_execute(
            "SAVEPOINT quarry_unaccent; CREATE EXTENSION IF NOT EXISTS unaccent; RELEASE SAVEPOINT quarry_unaccent;",
        )
        .await
        .is_ok();
    if !ok {
        let _ = tx
            .batch_execute("ROLLBACK TO SAVEPOINT quarry_unaccent")
            .await;
        return None;
    }
    let row = tx.query_opt(find, &[]).await.ok()??;
    let ns: String = row.get(0);
    Some(format!("{}.unaccent", ident(&ns)))
}

/// Every version, oldest first.
pub(crate) async fn versions(pool: &Pool, schema: &str) -> Result<Vec<String>, String> {
    let client = pool.get().await.map_err(db_error)?;
    let rows = client
        .query(
            &format!(
                "SELECT version FROM {}.{} ORDER BY created_at, version",
                ident(schema),
                ident(VERSIONS_TABLE)
            ),
            &[],
        )
        .await
        .map_err(|e| pg_error(&e))?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}

/// A version's stored profile (JSON), `None` when there is no such version.
pub(crate) async fn stored_profile(
    pool: &Pool,
    schema: &str,
    version: &str,
) -> Result<Option<String>, String> {
    let client = pool.get().await.map_err(db_error)?;
    let row = client
        .query_opt(
            &format!(
                "SELECT profile FROM {}.{} WHERE version = $1",
                ident(schema),
                ident(VERSIONS_TABLE)
            ),
            &[&version],
        )
        .await
        .map_err(|e| pg_error(&e))?;
    Ok(row.map(|r| r.get(0)))
}

/// Drops a version's table and its entry, in one transaction; a name that
/// is no version of this store is left alone. Queries already running on
/// the table finish first (`DROP TABLE` waits for their locks).
pub(crate) async fn remove_version(pool: &Pool, schema: &str, version: &str) -> Result<(), String> {
    let mut client = pool.get().await.map_err(db_error)?;
    let tx = client.transaction().await.map_err(|e| pg_error(&e))?;
    let s = ident(schema);
    let gone = tx
        .execute(
            &format!(
                "DELETE FROM {s}.{} WHERE version = $1",
                ident(VERSIONS_TABLE)
            ),
            &[&version],
        )
        .await
        .map_err(|e| pg_error(&e))?;
    if gone > 0 {
        tx.batch_execute(&format!("DROP TABLE IF EXISTS {s}.{}", ident(version)))
            .await
            .map_err(|e| pg_error(&e))?;
    }
    tx.commit().await.map_err(|e| pg_error(&e))
}

/// Drops the tables of imports that did not finish: those still under
/// their building name whose import holds no lock on them (a running
/// import holds its table's advisory lock for as long as it builds).
pub(crate) async fn remove_stale_imports(pool: &Pool, schema: &str) -> Result<usize, String> {
    let client = pool.get().await.map_err(db_error)?;
    let rows = client
        .query(
            "SELECT tablename FROM pg_tables WHERE schemaname = $1 AND right(tablename, $2) = $3",
            &[&schema, &(BUILDING_SUFFIX.len() as i32), &BUILDING_SUFFIX],
        )
        .await
        .map_err(|e| pg_error(&e))?;
    let mut removed = 0;
    for row in rows {
        let table: String = row.get(0);
        let free: bool = client
            .query_one(
                "SELECT pg_try_advisory_lock(hashtext($1))",
                &[&building_lock_key(schema, &table)],
            )
            .await
            .map_err(|e| pg_error(&e))?
            .get(0);
        if !free {
            continue;
        }
        let dropped = client
            .batch_execute(&format!(
                "DROP TABLE IF EXISTS {}.{}",
                ident(schema),
                ident(&table)
            ))
            .await;
        let _ = client
            .query_one(
                "SELECT pg_advisory_unlock(hashtext($1))",
                &[&building_lock_key(schema, &table)],
            )
            .await;
        dropped.map_err(|e| pg_error(&e))?;
        removed += 1;
    }
    Ok(removed)
}

/// The text an import's advisory lock on its building table is keyed by.
pub(crate) fn building_lock_key(schema: &str, table: &str) -> String {
    format!("quarry-pg building {schema}.{table}")
}
