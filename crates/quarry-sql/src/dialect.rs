//! What a SQL back-end spells its own way. The renderer decides the shape of
//! a statement (which conditions, in which order, joined how); a [`Dialect`]
//! decides how each piece is written for one database: identifier and
//! literal quoting, `LIKE` escaping, the full-text match and its ranking,
//! a record's row position, `NULLS LAST`, and how the guard parses the
//! result (`sqlparser`'s dialect).
//!
//! [`Sqlite`] and [`Postgres`] implement it. The default methods write standard
//! SQL (double-quoted identifiers, single-quoted literals with their quotes
//! doubled, `LIKE … ESCAPE '\'`, `NULLS LAST`), which is also the notation of
//! the `thoughts` filters: those are the API's, not a back-end's, and do not
//! change with the dialect. A second back-end implements the required
//! methods and overrides whichever defaults its database spells otherwise.

use quarry_planner::{Direction, Literal, QueryPlan, TraitMatch};
use sqlparser::ast::{Expr, Statement};
use sqlparser::dialect::{PostgreSqlDialect, SQLiteDialect};
use sqlparser::parser::{Parser, ParserError};

/// How one database spells the pieces of a rendered statement.
pub trait Dialect: Sync {
    /// The dialect `sqlparser` reads this database's statements with (the
    /// guard parses every statement before it runs).
    fn parser(&self) -> &dyn sqlparser::dialect::Dialect;

    /// A record's position in its table (its 1-based row number in the
    /// imported file), qualified by `table` when given; unqualified inside
    /// a subquery over the records table alone.
    fn row_position(&self, table: Option<&str>) -> String;

    /// The `FROM` clause over the records table `table` and its full-text
    /// table `fts_table`, written so the full-text search drives the join.
    fn fts_from(&self, table: &str, fts_table: &str) -> String;

    /// The full-text query for a plan's traits, in this database's search
    /// syntax, with user text never read as search operators. `None` when
    /// no trait has a word.
    fn fts_query(&self, plan: &QueryPlan) -> Option<String>;

    /// The condition that a record matches the full-text query `query`.
    fn fts_match(&self, fts_table: &str, query: &str) -> String;

    /// The ranking of a full-text match of `query` (better first when
    /// ordered ascending).
    fn fts_rank(&self, fts_table: &str, query: &str) -> String;

    /// The same ranking as [`Dialect::fts_rank`], read as a column of the
    /// full-text table: usable where the ranking function is not, beside a
    /// window function (the figure column).
    fn fts_rank_column(&self, fts_table: &str, query: &str) -> String;

    /// The name of the ranking function [`Dialect::fts_rank`] calls, which
    /// the guard allows (on the full-text table, at the top level).
    fn fts_rank_function(&self) -> &'static str;

    /// Whether a ranked full-text query may be written as a derived table
    /// that ranks the matches on the full-text table alone and keeps the
    /// first ones, joined to the records afterwards (see the renderer's
    /// `ranked_first`): `true` for SQLite, whose ranking column is cheap
    /// beside reading every matching record.
    fn ranks_in_subquery(&self) -> bool {
        false
    }

    /// Where the full-text index is: `false` (SQLite), a table of its own
    /// named by [`QueryPlan`]'s profile and joined to the records, `MATCH`ed
    /// by name; `true` (PostgreSQL), a column of the records table under
    /// that name, matched with `@@` against one of
    /// [`Dialect::fts_query_functions`] (which the guard then allows there
    /// and in the ranking, with two string literals).
    fn fts_is_column(&self) -> bool {
        false
    }

    /// The functions that turn search text into a full-text query, when
    /// the index is a column ([`Dialect::fts_is_column`]).
    fn fts_query_functions(&self) -> &'static [&'static str] {
        &[]
    }

    /// The operator of a substring match (`LIKE`): it must ignore ASCII
    /// case, as SQLite's `LIKE` does (PostgreSQL's `ILIKE`).
    fn like_operator(&self) -> &'static str {
        "LIKE"
    }

    /// A condition that always holds (SQLite's `1`; PostgreSQL's `TRUE`,
    /// since it wants a boolean).
    fn always_true(&self) -> &'static str {
        "1"
    }

    /// The time of day (`HH:MM:SS` text) of `column`, which holds a time
    /// or a date and time as text.
    fn time_of_day(&self, column: &str) -> String {
        format!("{}({column})", self.time_of_day_function())
    }

    /// The function [`Dialect::time_of_day`] calls, which the guard allows
    /// on a column.
    fn time_of_day_function(&self) -> &'static str {
        "time"
    }

    /// The day of the week of `column` (a date, or a date and time, as ISO
    /// text) as text: `'0'` (Sunday) to `'6'` (Saturday), NULL where it is
    /// no date. SQLite's `strftime('%w', column)`.
    fn weekday(&self, column: &str) -> String {
        match self.weekday_function() {
            (f, Some(format)) => format!("{f}({}, {column})", self.text(format)),
            (f, None) => format!("{f}({column})"),
        }
    }

    /// The function [`Dialect::weekday`] calls, and the format string it
    /// passes before the column, if any (`strftime` and `'%w'`): the guard
    /// allows that function with exactly that string and a column, and no
    /// other call of it.
    fn weekday_function(&self) -> (&'static str, Option<&'static str>) {
        ("strftime", Some("%w"))
    }

    /// The number a text column's cell writes (`1,100`, `$1,299.99`), NULL
    /// for any other text: [`NUMBER_FUNCTION`], which each store provides
    /// (SQLite's engine registers it on its connections, PostgreSQL's
    /// store creates it). The renderer compares, orders and averages a
    /// column of numbers kept as text through it; the guard allows it on a
    /// column only.
    fn number_of(&self, column: &str) -> String {
        format!("{NUMBER_FUNCTION}({column})")
    }

    /// The year a date kept as text writes (`7/4/2015`), NULL for any
    /// other text: [`YEAR_FUNCTION`], which each store provides as it
    /// does [`NUMBER_FUNCTION`]; the guard allows it on a column only.
    fn year_of(&self, column: &str) -> String {
        format!("{YEAR_FUNCTION}({column})")
    }

    /// A quoted identifier.
    fn ident(&self, name: &str) -> String {
        ident(name)
    }

    /// A value as a literal.
    fn literal(&self, v: &Literal) -> String {
        literal(v)
    }

    /// A text literal.
    fn text(&self, s: &str) -> String {
        quote_text(s)
    }

    /// The right-hand side of `LIKE` that finds `s` anywhere in a value (or
    /// at its start, `prefix_only`), with `%` and `_` in `s` matched
    /// literally.
    fn like_pattern(&self, s: &str, prefix_only: bool) -> String {
        like_pattern(s, prefix_only)
    }

    /// One `ORDER BY` term, missing values last in either direction.
    fn order_term(&self, expr: &str, direction: Direction) -> String {
        let dir = match direction {
            Direction::Asc => "ASC",
            Direction::Desc => "DESC",
        };
        format!("{expr} {dir} NULLS LAST")
    }
}

/// A double-quoted SQL identifier (standard SQL).
pub fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A SQL literal (standard SQL). Text has its single quotes doubled;
/// non-finite floats, which SQL cannot spell, become NULL.
pub fn literal(v: &Literal) -> String {
    match v {
        Literal::Integer(i) => i.to_string(),
        Literal::Float(f) if f.is_finite() => {
            let s = format!("{f:?}");
            s
        }
        Literal::Float(_) => "NULL".to_string(),
        Literal::Text(s) => quote_text(s),
        Literal::Boolean(b) => if *b { "1" } else { "0" }.to_string(),
    }
}

pub(crate) fn quote_text(s: &str) -> String {
    // NUL cannot appear in a SQLite statement; the API refuses it earlier,
    // and here it is dropped so the renderer's output is always valid SQL.
    let s: String = s.chars().filter(|&c| c != '\0').collect();
    format!("'{}'", s.replace('\'', "''"))
}

pub(crate) fn like_pattern(s: &str, prefix_only: bool) -> String {
    let escaped = s
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    let pat = if prefix_only {
        format!("{escaped}%")
    } else {
        format!("%{escaped}%")
    };
    format!("{} ESCAPE '\\'", quote_text(&pat))
}

/// The right-hand side of `LIKE` that finds `s` at the end of a value, with
/// `%` and `_` in `s` matched literally (standard SQL, both dialects).
pub(crate) fn like_suffix(s: &str) -> String {
    let escaped = s
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("{} ESCAPE '\\'", quote_text(&format!("%{escaped}")))
}

/// The text of each trait as lower-case words (letters and digits), the
/// traits without any left out: what both dialects search for.
fn trait_words(plan: &QueryPlan) -> Vec<String> {
    plan.traits
        .iter()
        .filter_map(|t| {
            let tokens: Vec<String> = t
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(|w| w.to_lowercase())
                .collect();
            (!tokens.is_empty()).then(|| tokens.join(" "))
        })
        .collect()
}

/// SQLite with FTS5: `rowid` is the row position, the FTS5 table is
/// `MATCH`ed and ranked by `bm25`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sqlite;

static SQLITE_PARSER: SqliteParser = SqliteParser(SQLiteDialect {});

impl Dialect for Sqlite {
    fn parser(&self) -> &dyn sqlparser::dialect::Dialect {
        &SQLITE_PARSER
    }

    fn row_position(&self, table: Option<&str>) -> String {
        match table {
            Some(t) => format!("{}.rowid", self.ident(t)),
            None => "rowid".to_string(),
        }
    }

    fn fts_from(&self, table: &str, fts_table: &str) -> String {
        // The FTS table drives the join: SQLite runs MATCH once, then looks
        // records up by rowid (see DESIGN §2 on the plan this avoids).
        let (t, f) = (self.ident(table), self.ident(fts_table));
        format!("{f} CROSS JOIN {t} ON {t}.rowid = {f}.rowid")
    }

    /// Every token double-quoted (quotes doubled), so FTS5 operators typed
    /// by the user (`NEAR(`, `*`, `^`, column filters) are searched as plain
    /// words.
    fn fts_query(&self, plan: &QueryPlan) -> Option<String> {
        let parts: Vec<String> = trait_words(plan)
            .into_iter()
            .map(|words| format!("\"{}\"", words.replace('"', "\"\"")))
            .collect();
        if parts.is_empty() {
            return None;
        }
        let sep = match plan.trait_match {
            TraitMatch::All => " AND ",
            TraitMatch::Any => " OR ",
        };
        Some(parts.join(sep))
    }

    fn fts_match(&self, fts_table: &str, query: &str) -> String {
        format!("{} MATCH {}", self.ident(fts_table), self.text(query))
    }

    fn fts_rank(&self, fts_table: &str, _query: &str) -> String {
        format!("{}({})", self.fts_rank_function(), self.ident(fts_table))
    }

    fn fts_rank_column(&self, fts_table: &str, _query: &str) -> String {
        // FTS5's hidden `rank` column is bm25() with the default weights.
        format!("{}.{}", self.ident(fts_table), self.ident("rank"))
    }

    fn fts_rank_function(&self) -> &'static str {
        "bm25"
    }

    fn ranks_in_subquery(&self) -> bool {
        true
    }
}

/// The text search configuration PostgreSQL's full-text column is built
/// with and queries are parsed with; the store creates it in the dataset
/// schema (words without accents, stemmed like SQLite's `porter`
/// tokenizer, no stop words).
pub const PG_TEXT_SEARCH_CONFIG: &str = "quarry_text";

/// The time-of-day function of PostgreSQL's dataset schema (the store
/// creates it): SQLite's `time(x)` for the values Quarry stores (`HH:MM`,
/// `HH:MM:SS`, an ISO date and time, offsets turned to UTC), NULL for any
/// other text instead of an error.
pub const PG_TIME_OF_DAY_FUNCTION: &str = "quarry_time";

/// The day-of-week function of PostgreSQL's dataset schema (the store
/// creates it): SQLite's `strftime('%w', x)` for the same text (`'0'` for
/// a Sunday to `'6'`), NULL where SQLite's is NULL, instead of an error.
pub const PG_WEEKDAY_FUNCTION: &str = "quarry_weekday";

pub use quarry_planner::{NUMBER_FUNCTION, YEAR_FUNCTION};

/// The name of PostgreSQL's row-position column, written by the store's
/// importer: PostgreSQL has no `rowid`. Column names are `^[a-z0-9_]+$`
/// without a leading `_`, so no dataset column can take it.
pub const PG_ROW_COLUMN: &str = "_row";

/// PostgreSQL: the records table has a `_row` column (the row position)
/// and a generated `tsvector` column (named as the profile's full-text
/// table), matched with `@@ websearch_to_tsquery(…)` and ranked by
/// `ts_rank_cd`; `ILIKE` for SQLite's case-blind `LIKE`. Statements name
/// tables unqualified: the store runs them with the dataset schema as the
/// search path.
#[derive(Debug, Clone, Copy, Default)]
pub struct Postgres;

static POSTGRES_PARSER: PostgreSqlDialect = PostgreSqlDialect {};

impl Postgres {
    fn tsquery(&self, query: &str) -> String {
        format!(
            "websearch_to_tsquery({}, {})",
            self.text(PG_TEXT_SEARCH_CONFIG),
            self.text(query)
        )
    }
}

impl Dialect for Postgres {
    fn parser(&self) -> &dyn sqlparser::dialect::Dialect {
        &POSTGRES_PARSER
    }

    fn row_position(&self, table: Option<&str>) -> String {
        match table {
            Some(t) => format!("{}.{}", self.ident(t), self.ident(PG_ROW_COLUMN)),
            None => self.ident(PG_ROW_COLUMN),
        }
    }

    /// The index is a column of the records table: no join.
    fn fts_from(&self, table: &str, _fts_table: &str) -> String {
        self.ident(table)
    }

    /// `websearch_to_tsquery` syntax: each trait a quoted phrase of its
    /// words (so `or`, `-` and quotes typed by the user are words, never
    /// operators), joined by a space (all) or ` or ` (any), as the SQLite
    /// query joins its phrases with `AND`/`OR`.
    fn fts_query(&self, plan: &QueryPlan) -> Option<String> {
        let parts: Vec<String> = trait_words(plan)
            .into_iter()
            .map(|words| format!("\"{words}\""))
            .collect();
        if parts.is_empty() {
            return None;
        }
        let sep = match plan.trait_match {
            TraitMatch::All => " ",
            TraitMatch::Any => " or ",
        };
        Some(parts.join(sep))
    }

    fn fts_match(&self, fts_table: &str, query: &str) -> String {
        format!("{} @@ {}", self.ident(fts_table), self.tsquery(query))
    }

    /// `ts_rank_cd` is larger for a better match: negated, so that better
    /// comes first in ascending order, as with `bm25`.
    fn fts_rank(&self, fts_table: &str, query: &str) -> String {
        format!(
            "-{}({}, {})",
            self.fts_rank_function(),
            self.ident(fts_table),
            self.tsquery(query)
        )
    }

    /// PostgreSQL ranks beside a window function: the same expression.
    fn fts_rank_column(&self, fts_table: &str, query: &str) -> String {
        self.fts_rank(fts_table, query)
    }

    fn fts_rank_function(&self) -> &'static str {
        "ts_rank_cd"
    }

    fn fts_is_column(&self) -> bool {
        true
    }

    fn fts_query_functions(&self) -> &'static [&'static str] {
        &["websearch_to_tsquery", "plainto_tsquery"]
    }

    fn time_of_day_function(&self) -> &'static str {
        PG_TIME_OF_DAY_FUNCTION
    }

    fn weekday_function(&self) -> (&'static str, Option<&'static str>) {
        (PG_WEEKDAY_FUNCTION, None)
    }

    fn like_operator(&self) -> &'static str {
        "ILIKE"
    }

    fn always_true(&self) -> &'static str {
        "TRUE"
    }
}

/// SQLite as `sqlparser` knows it, plus what SQLite accepts and the renderer
/// writes but `SQLiteDialect` does not parse: `CROSS JOIN … ON` (the join
/// that makes the FTS table drive, DESIGN §2). Everything else is delegated,
/// and the parser's own dialect checks see SQLite.
#[derive(Debug)]
struct SqliteParser(SQLiteDialect);

impl sqlparser::dialect::Dialect for SqliteParser {
    fn dialect(&self) -> std::any::TypeId {
        self.0.dialect()
    }
    fn supports_cross_join_constraint(&self) -> bool {
        true
    }
    fn is_delimited_identifier_start(&self, ch: char) -> bool {
        self.0.is_delimited_identifier_start(ch)
    }
    fn identifier_quote_style(&self, identifier: &str) -> Option<char> {
        self.0.identifier_quote_style(identifier)
    }
    fn is_identifier_start(&self, ch: char) -> bool {
        self.0.is_identifier_start(ch)
    }
    fn is_identifier_part(&self, ch: char) -> bool {
        self.0.is_identifier_part(ch)
    }
    fn supports_filter_during_aggregation(&self) -> bool {
        self.0.supports_filter_during_aggregation()
    }
    fn supports_start_transaction_modifier(&self) -> bool {
        self.0.supports_start_transaction_modifier()
    }
    fn parse_statement(&self, parser: &mut Parser) -> Option<Result<Statement, ParserError>> {
        self.0.parse_statement(parser)
    }
    fn parse_infix(
        &self,
        parser: &mut Parser,
        expr: &Expr,
        precedence: u8,
    ) -> Option<Result<Expr, ParserError>> {
        self.0.parse_infix(parser, expr, precedence)
    }
    fn supports_in_empty_list(&self) -> bool {
        self.0.supports_in_empty_list()
    }
    fn supports_limit_comma(&self) -> bool {
        self.0.supports_limit_comma()
    }
    fn supports_asc_desc_in_column_definition(&self) -> bool {
        self.0.supports_asc_desc_in_column_definition()
    }
    fn supports_dollar_placeholder(&self) -> bool {
        self.0.supports_dollar_placeholder()
    }
    fn supports_notnull_operator(&self) -> bool {
        self.0.supports_notnull_operator()
    }
    fn supports_comma_separated_trim(&self) -> bool {
        self.0.supports_comma_separated_trim()
    }
    fn supports_numeric_literal_underscores(&self) -> bool {
        self.0.supports_numeric_literal_underscores()
    }
}
