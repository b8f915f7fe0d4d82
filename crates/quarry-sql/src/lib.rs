//! The SQL renderer: the only place where SQL text is written.
//!
//! It turns a [`QueryPlan`] into one `SELECT` in a [`Dialect`] ([`Sqlite`],
//! the default back-end, or [`Postgres`]). Identifiers come from the dataset profile
//! and are always quoted; values come from the plan's [`Literal`]s and are
//! always rendered as SQL literals by the dialect, so no text of the search
//! phrase can change the shape of the statement. The renderer decides the
//! statement's shape; the dialect only spells its pieces. The same functions
//! write the `thoughts.filters` strings (in standard SQL notation, whatever
//! the dialect), so the thoughts and the SQL cannot disagree.

mod dialect;
mod guard;

pub use dialect::{
    ident, literal, Dialect, Postgres, Sqlite, PG_ROW_COLUMN, PG_TEXT_SEARCH_CONFIG,
    PG_TIME_OF_DAY_FUNCTION,
};
pub use guard::check_select;

use quarry_planner::{
    CompareOp, Condition, DatasetProfile, FigureKind, Filter, Literal, OrderKey, QueryPlan,
};
use std::fmt::Write;

/// Name of the first column of every rendered `SELECT`: the record's row
/// position (its 1-based row number in the imported file).
pub const ROW_NUMBER_ALIAS: &str = "_row";

/// Alias of the figure column ([`QueryPlan::figure`]): the last column of
/// the statement when the plan asks for a figure, the same on every row.
pub const FIGURE_ALIAS: &str = "_figure";

/// How identifiers and values are written: bare identifiers and the
/// standard notation for the thoughts, the dialect's quoted and qualified
/// spelling for the SQL.
#[derive(Clone, Copy)]
enum Style<'a> {
    Thought,
    Sql {
        table: &'a str,
        dialect: &'a dyn Dialect,
    },
}

impl Style<'_> {
    fn literal(self, v: &Literal) -> String {
        match self {
            Style::Thought => literal(v),
            Style::Sql { dialect, .. } => dialect.literal(v),
        }
    }

    fn like_operator(self) -> &'static str {
        match self {
            Style::Thought => "LIKE",
            Style::Sql { dialect, .. } => dialect.like_operator(),
        }
    }

    fn always_true(self) -> &'static str {
        match self {
            Style::Thought => "1",
            Style::Sql { dialect, .. } => dialect.always_true(),
        }
    }

    fn like_pattern(self, s: &str, prefix_only: bool) -> String {
        match self {
            Style::Thought => dialect::like_pattern(s, prefix_only),
            Style::Sql { dialect, .. } => dialect.like_pattern(s, prefix_only),
        }
    }
}

fn column(style: Style, field: &str) -> String {
    match style {
        Style::Thought => field.to_string(),
        Style::Sql { table, dialect } => {
            format!("{}.{}", dialect.ident(table), dialect.ident(field))
        }
    }
}

/// What a plan orders by: a column, or the records' position, which in
/// SQLite is the rowid (the row number in the imported file).
fn order_key(style: Style, key: &OrderKey) -> String {
    match key {
        OrderKey::Field(field) => column(style, field),
        OrderKey::RowPosition => match style {
            Style::Thought => "row number".to_string(),
            Style::Sql { table, dialect } => dialect.row_position(Some(table)),
        },
    }
}

/// `col` holds `item` as one item of its comma-separated list (ignoring
/// ASCII case, as `LIKE` does): the whole value, or the item first, last or
/// inside, with or without a space after
/// each comma. Plain `LIKE`s, so that the statement stays in the guard's
/// small grammar and reads in any SQL dialect.
fn list_item(col: &str, item: &str, d: &dyn Dialect) -> String {
    let item = item.trim();
    let esc = item
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    let text = |t: &str| d.literal(&Literal::Text(t.to_string()));
    let mut terms = Vec::new();
    for p in [
        esc.clone(),
        format!("{esc},%"),
        format!("%,{esc}"),
        format!("%, {esc}"),
        format!("%,{esc},%"),
        format!("%, {esc},%"),
    ] {
        terms.push(format!(
            "{col} {} {} ESCAPE '\\'",
            d.like_operator(),
            text(&p)
        ));
    }
    terms.join(" OR ")
}

fn text_of(v: &Literal) -> String {
    match v {
        Literal::Text(s) => s.clone(),
        Literal::Integer(i) => i.to_string(),
        Literal::Float(f) => f.to_string(),
        Literal::Boolean(b) => b.to_string(),
    }
}

/// `others`: the plan's other filters as SQL (joined by AND), which the
/// frequency conditions count within.
fn condition(style: Style, c: &Condition, others: &str) -> String {
    let col = column(style, &c.field);
    let v = |i: usize| {
        c.values
            .get(i)
            .map(|x| style.literal(x))
            .unwrap_or_else(|| "NULL".into())
    };
    let list = || {
        let values: Vec<String> = c.values.iter().map(|x| style.literal(x)).collect();
        values.join(", ")
    };
    let first_text = || c.values.first().map(text_of).unwrap_or_default();
    let like = |prefix_only| style.like_pattern(&first_text(), prefix_only);
    match c.op {
        CompareOp::Eq => format!("{col} = {}", v(0)),
        // Negations keep the records known not to match, as SQL's own
        // `<>` and `NOT IN` do: an empty field is neither ("not from
        // Heathrow" says nothing of a flight with no origin).
        CompareOp::Ne => format!("{col} <> {}", v(0)),
        CompareOp::Lt => format!("{col} < {}", v(0)),
        CompareOp::Le => format!("{col} <= {}", v(0)),
        CompareOp::Gt => format!("{col} > {}", v(0)),
        CompareOp::Ge => format!("{col} >= {}", v(0)),
        CompareOp::Between => format!("{col} BETWEEN {} AND {}", v(0), v(1)),
        CompareOp::In => format!("{col} IN ({})", list()),
        CompareOp::NotIn => format!("{col} NOT IN ({})", list()),
        CompareOp::Contains => format!("{col} {} {}", style.like_operator(), like(false)),
        CompareOp::NotContains => format!("{col} NOT {} {}", style.like_operator(), like(false)),
        CompareOp::StartsWith => format!("{col} {} {}", style.like_operator(), like(true)),
        CompareOp::EndsWith => format!(
            "{col} {} {}",
            style.like_operator(),
            dialect::like_suffix(&first_text())
        ),
        CompareOp::HasItem | CompareOp::NotHasItem => {
            let any = match style {
                Style::Thought => format!("{col} lists any of ({})", list()),
                Style::Sql { dialect, .. } => {
                    let terms: Vec<String> = c
                        .values
                        .iter()
                        .map(|x| list_item(&col, &text_of(x), dialect))
                        .collect();
                    format!("({})", terms.join(" OR "))
                }
            };
            if c.op == CompareOp::HasItem {
                any
            } else {
                format!("NOT {any}")
            }
        }
        CompareOp::BeforeRowOf | CompareOp::AfterRowOf => {
            let (cmp, agg, word) = if c.op == CompareOp::BeforeRowOf {
                ("<", "min", "before")
            } else {
                (">", "max", "after")
            };
            match style {
                Style::Thought => format!("row {word} {col} = {}", v(0)),
                Style::Sql { table, dialect: d } => {
                    format!(
                        "{} {cmp} (SELECT {agg}({}) FROM {} WHERE {} = {})",
                        d.row_position(Some(table)),
                        d.row_position(None),
                        d.ident(table),
                        d.ident(&c.field),
                        v(0)
                    )
                }
            }
        }
        // The other field is a name, quoted as one: never a literal.
        CompareOp::GtField | CompareOp::LtField => {
            let sym = if c.op == CompareOp::GtField { ">" } else { "<" };
            format!("{col} {sym} {}", column(style, &first_text()))
        }
        CompareOp::GtRowOf | CompareOp::LtRowOf | CompareOp::EqRowOf => {
            let sym = match c.op {
                CompareOp::GtRowOf => ">",
                CompareOp::LtRowOf => "<",
                _ => "=",
            };
            let anchor = c.values.first().map(text_of).unwrap_or_default();
            match style {
                Style::Thought => {
                    format!("{col} {sym} {col} of the record where {anchor} = {}", v(1))
                }
                Style::Sql { table, dialect: d } => {
                    let t = d.ident(table);
                    format!(
                        "{col} {sym} (SELECT {} FROM {t} WHERE {} = {} LIMIT 1)",
                        d.ident(&c.field),
                        d.ident(&anchor),
                        v(1)
                    )
                }
            }
        }
        CompareOp::MostFrequent | CompareOp::LeastFrequent => {
            let (word, dir) = if c.op == CompareOp::MostFrequent {
                ("most", "DESC")
            } else {
                ("least", "ASC")
            };
            match style {
                Style::Thought => format!("{col} = the {word} frequent {col}"),
                Style::Sql { table, dialect: d } => {
                    let t = d.ident(table);
                    let f = d.ident(&c.field);
                    let first = d.row_position(None);
                    let extra = if others.is_empty() {
                        String::new()
                    } else {
                        format!(" AND {others}")
                    };
                    format!(
                        "{col} = (SELECT {f} FROM {t} WHERE {f} IS NOT NULL{extra} GROUP BY {f} ORDER BY count(*) {dir}, min({first}) LIMIT 1)"
                    )
                }
            }
        }
        CompareOp::GroupCount => {
            // Only the comparisons the planner writes; anything else is
            // no condition rather than text in the statement.
            let sym = match first_text().as_str() {
                s @ (">" | ">=" | "<" | "<=" | "between") => s.to_string(),
                _ => return style.always_true().to_string(),
            };
            let count = if sym == "between" {
                format!("count(*) BETWEEN {} AND {}", v(1), v(2))
            } else {
                format!("count(*) {sym} {}", v(1))
            };
            match style {
                Style::Thought => format!("{col} held by {count} records"),
                Style::Sql { table, dialect: d } => {
                    let t = d.ident(table);
                    let f = d.ident(&c.field);
                    let extra = if others.is_empty() {
                        String::new()
                    } else {
                        format!(" AND {others}")
                    };
                    format!(
                        "{col} IN (SELECT {f} FROM {t} WHERE {f} IS NOT NULL{extra} GROUP BY {f} HAVING {count})"
                    )
                }
            }
        }
        CompareOp::GtAvg | CompareOp::LtAvg => {
            let sym = if c.op == CompareOp::GtAvg { ">" } else { "<" };
            match style {
                Style::Thought => format!("{col} {sym} the average {col}"),
                Style::Sql { table, dialect: d } => {
                    let t = d.ident(table);
                    format!(
                        "{col} {sym} (SELECT avg({}) FROM {t})",
                        column(style, &c.field)
                    )
                }
            }
        }
        CompareOp::TimeOfDay => {
            let t = match style {
                Style::Thought => format!("time({col})"),
                Style::Sql { dialect, .. } => dialect.time_of_day(&col),
            };
            let (a, b) = (
                first_text(),
                c.values.get(1).map(text_of).unwrap_or_default(),
            );
            let from = (a != "00:00:00").then(|| format!("{t} >= {}", v(0)));
            let to = (b != "24:00:00").then(|| format!("{t} < {}", v(1)));
            match (from, to) {
                // Past midnight: either side.
                (Some(x), Some(y)) if a > b => format!("({x} OR {y})"),
                (Some(x), Some(y)) => format!("({x} AND {y})"),
                (Some(x), None) | (None, Some(x)) => x,
                (None, None) => format!("{col} IS NOT NULL"),
            }
        }
        CompareOp::IsNull => format!("{col} IS NULL"),
        CompareOp::IsNotNull => format!("{col} IS NOT NULL"),
    }
}

fn is_frequency(f: &Filter) -> bool {
    f.any_of.iter().any(|c| {
        matches!(
            c.op,
            CompareOp::MostFrequent | CompareOp::LeastFrequent | CompareOp::GroupCount
        )
    })
}

fn filter(style: Style, f: &Filter, others: &str) -> String {
    match f.any_of.len() {
        0 => style.always_true().to_string(),
        1 => condition(style, &f.any_of[0], others),
        _ => format!(
            "({})",
            f.any_of
                .iter()
                .map(|c| condition(style, c, others))
                .collect::<Vec<_>>()
                .join(" OR ")
        ),
    }
}

/// The `thoughts.filters` strings of a plan: one per filter, over bare field
/// names, e.g. `country = 'Germany'`, `employees > 500`.
pub fn thought_filters(plan: &QueryPlan) -> Vec<String> {
    plan.filters
        .iter()
        .map(|f| filter(Style::Thought, f, ""))
        .collect()
}

/// Renders the plan as one `SELECT` in `dialect` returning the row position
/// (aliased [`ROW_NUMBER_ALIAS`]) then every column of the dataset in order,
/// at most `limit` rows.
pub fn render_select(
    dialect: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
) -> String {
    render(dialect, profile, plan, limit, true)
}

/// [`render_select`] without `ORDER BY` and ignoring the plan's own row
/// count: a probe that tells whether (and how often, up to `limit`) the
/// plan's conditions match, without ranking every match. Used to say which
/// conditions of a query that found nothing were the most restrictive.
pub fn render_probe(
    dialect: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
) -> String {
    render(dialect, profile, plan, limit, false)
}

fn render(
    d: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
    ordered: bool,
) -> String {
    let table = profile.table.as_str();
    let style = Style::Sql { table, dialect: d };
    let mut sql = format!(
        "SELECT {} AS {}",
        d.row_position(Some(table)),
        d.ident(ROW_NUMBER_ALIAS)
    );
    for c in &profile.columns {
        let _ = write!(sql, ", {}", column(style, &c.name));
    }
    // A figure over every matching record, before the LIMIT: a window over
    // the whole result.
    let mut figure = false;
    if let (Some(f), true) = (&plan.figure, ordered) {
        let of = |field: &Option<String>| field.as_deref().map(|n| column(style, n));
        let expr = match (f.kind, of(&f.field)) {
            (FigureKind::Count, _) => Some("count(*)".to_string()),
            (FigureKind::Average, Some(c)) => Some(format!("avg({c})")),
            (FigureKind::Total, Some(c)) => Some(format!("sum({c})")),
            _ => None,
        };
        if let Some(e) = expr {
            let _ = write!(sql, ", {e} OVER () AS {}", d.ident(FIGURE_ALIAS));
            figure = true;
        }
    }
    let mut wheres = Vec::new();
    let fts: Option<(&str, String)> = match (&profile.fts_table, d.fts_query(plan)) {
        (Some(fts_table), Some(q)) => Some((fts_table.as_str(), q)),
        _ => None,
    };
    if let Some((fts_table, q)) = &fts {
        let _ = write!(sql, " FROM {}", d.fts_from(table, fts_table));
        wheres.push(d.fts_match(fts_table, q));
    } else {
        let _ = write!(sql, " FROM {}", d.ident(table));
    }
    let others = plan
        .filters
        .iter()
        .filter(|f| !is_frequency(f))
        .map(|f| filter(style, f, ""))
        .collect::<Vec<_>>()
        .join(" AND ");
    wheres.extend(plan.filters.iter().map(|f| filter(style, f, &others)));
    if !wheres.is_empty() {
        let _ = write!(sql, " WHERE {}", wheres.join(" AND "));
    }
    if !ordered {
        let _ = write!(sql, " LIMIT {}", limit.max(1));
        return sql;
    }
    let mut order: Vec<String> = plan
        .order
        .iter()
        .map(|o| d.order_term(&order_key(style, &o.key), o.direction))
        .collect();
    if let Some((fts_table, q)) = &fts {
        // SQLite refuses bm25() beside a window function: the figure reads
        // the same ranking as the FTS table's rank column.
        if figure {
            order.push(d.fts_rank_column(fts_table, q));
        } else {
            order.push(d.fts_rank(fts_table, q));
        }
    }
    order.push(d.row_position(Some(table)));
    let _ = write!(sql, " ORDER BY {}", order.join(", "));
    let n = plan.limit.map_or(limit, |l| l.min(limit)).max(1);
    let _ = write!(sql, " LIMIT {n}");
    sql
}

#[cfg(test)]
mod tests {
    use super::*;
    use quarry_planner::{ColumnProfile, ColumnType, MatchKind, Tier};

    fn profile() -> DatasetProfile {
        let col = |name: &str, ordinal, ty| ColumnProfile {
            name: name.into(),
            original_name: name.into(),
            ordinal,
            ty,
            null_count: 0,
            distinct_count: 0,
            min: None,
            max: None,
            values: vec![],
            full_text: ty == ColumnType::Text,
        };
        DatasetProfile {
            table: "companies".into(),
            fts_table: Some("companies_fts".into()),
            row_count: 3,
            id_column: None,
            columns: vec![
                col("name", 1, ColumnType::Text),
                col("country", 2, ColumnType::Text),
                col("employees", 3, ColumnType::Integer),
            ],
        }
    }

    fn cond(field: &str, op: CompareOp, values: Vec<Literal>) -> Filter {
        Filter {
            any_of: vec![Condition {
                field: field.into(),
                op,
                values,
                source: "x".into(),
                matched: MatchKind::Exact,
                confidence: 1.0,
            }],
        }
    }

    #[test]
    fn filters_quote_values_and_match_thoughts() {
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.filters.push(cond(
            "country",
            CompareOp::Eq,
            vec![Literal::Text("O'Brien'; DROP TABLE x; --".into())],
        ));
        plan.filters.push(cond(
            "employees",
            CompareOp::Gt,
            vec![Literal::Integer(500)],
        ));
        assert_eq!(
            thought_filters(&plan),
            vec![
                "country = 'O''Brien''; DROP TABLE x; --'".to_string(),
                "employees > 500".to_string()
            ]
        );
        let sql = render_select(&Sqlite, &profile(), &plan, 10);
        assert!(
            sql.contains(r#""companies"."country" = 'O''Brien''; DROP TABLE x; --'"#),
            "{sql}"
        );
        assert!(sql.ends_with("LIMIT 10"), "{sql}");
    }

    #[test]
    fn traits_are_quoted_fts_tokens_and_fts_drives_the_join() {
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.traits = vec!["NEAR(fin\"tech".into(), "remote-first".into(), "*^".into()];
        assert_eq!(
            Sqlite.fts_query(&plan).unwrap(),
            "\"near fin tech\" AND \"remote first\""
        );
        let sql = render_select(&Sqlite, &profile(), &plan, 5);
        assert!(
            sql.contains(r#"FROM "companies_fts" CROSS JOIN "companies""#),
            "{sql}"
        );
        assert!(sql.contains(r#"ORDER BY bm25("companies_fts")"#), "{sql}");
    }

    #[test]
    fn list_items_match_whole_items_only_and_pass_the_guard() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE companies (name TEXT, country TEXT, employees INTEGER);
             INSERT INTO companies VALUES
               ('a', 'DE', 1), ('b', 'DE,FR', 2), ('c', 'FR, DE', 3), ('d', 'FR,DE,IT', 4),
               ('e', 'FRDE', 5), ('f', 'FR', 6), ('g', NULL, 7), ('h', '1, 11, 12', 8),
               ('i', '11', 9), ('j', 'de', 10);",
        )
        .unwrap();
        let names = |op: CompareOp, items: &[&str]| -> Vec<String> {
            let mut plan = QueryPlan::empty(Tier::Default);
            let values = items.iter().map(|i| Literal::Text(i.to_string())).collect();
            plan.filters.push(cond("country", op, values));
            let sql = render_select(&Sqlite, &profile(), &plan, 100);
            check_select(&Sqlite, &sql, "companies", None).unwrap_or_else(|e| panic!("{e}: {sql}"));
            let mut stmt = conn.prepare(&sql).unwrap();
            let mut rows = stmt.query([]).unwrap();
            let mut out = Vec::new();
            while let Some(r) = rows.next().unwrap() {
                out.push(r.get::<_, String>("name").unwrap());
            }
            out
        };
        assert_eq!(
            names(CompareOp::HasItem, &["DE"]),
            ["a", "b", "c", "d", "j"]
        );
        assert_eq!(names(CompareOp::HasItem, &["1"]), ["h"]);
        assert_eq!(names(CompareOp::HasItem, &["IT", "11"]), ["d", "h", "i"]);
        // "g" has no list at all: it is not known to lack DE.
        assert_eq!(names(CompareOp::NotHasItem, &["DE"]), ["e", "f", "h", "i"]);
    }

    /// The same plan through PostgreSQL: `_row`, `ILIKE`, the full-text
    /// column matched and ranked with the same query, `TRUE`; the guard
    /// admits it.
    #[test]
    fn postgres_renders_the_same_plan_in_its_spelling() {
        let mut p = profile();
        p.fts_table = Some("_fts".into());
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.traits = vec!["remote-first".into(), "or \"x\"".into()];
        plan.trait_match = quarry_planner::TraitMatch::Any;
        plan.filters.push(cond(
            "name",
            CompareOp::Contains,
            vec![Literal::Text("50%_off".into())],
        ));
        plan.filters.push(Filter { any_of: vec![] });
        let sql = render_select(&Postgres, &p, &plan, 10);
        assert_eq!(
            sql,
            r#"SELECT "companies"."_row" AS "_row", "companies"."name", "companies"."country", "companies"."employees" FROM "companies" WHERE "_fts" @@ websearch_to_tsquery('quarry_text', '"remote first" or "or x"') AND "companies"."name" ILIKE '%50\%\_off%' ESCAPE '\' AND TRUE ORDER BY -ts_rank_cd("_fts", websearch_to_tsquery('quarry_text', '"remote first" or "or x"')), "companies"."_row" LIMIT 10"#
        );
        check_select(&Postgres, &sql, "companies", Some("_fts")).unwrap();
        // The thoughts do not change with the dialect.
        assert_eq!(
            thought_filters(&plan)[0],
            r"name LIKE '%50\%\_off%' ESCAPE '\'"
        );
        let probe = render_probe(&Postgres, &p, &plan, 5);
        check_select(&Postgres, &probe, "companies", Some("_fts")).unwrap();
    }

    #[test]
    fn plan_limit_is_capped_by_request_limit() {
        let mut plan = QueryPlan::empty(Tier::Small);
        plan.limit = Some(50);
        assert!(render_select(&Sqlite, &profile(), &plan, 7).ends_with("LIMIT 7"));
        plan.limit = Some(3);
        assert!(render_select(&Sqlite, &profile(), &plan, 7).ends_with("LIMIT 3"));
    }

    #[test]
    fn probes_have_no_order_and_pass_the_guard() {
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.traits = vec!["fintech".into()];
        plan.limit = Some(3);
        plan.filters.push(cond(
            "employees",
            CompareOp::Gt,
            vec![Literal::Integer(500)],
        ));
        let sql = render_probe(&Sqlite, &profile(), &plan, 101);
        assert!(!sql.contains("ORDER BY"), "{sql}");
        assert!(sql.ends_with(" LIMIT 101"), "{sql}");
        assert!(sql.contains("MATCH") && sql.contains("> 500"), "{sql}");
        check_select(&Sqlite, &sql, "companies", Some("companies_fts")).unwrap();
    }

    #[test]
    fn average_conditions_compare_with_the_whole_tables_mean() {
        let mut plan = QueryPlan::empty(Tier::Default);
        let mut f = cond("employees", CompareOp::GtAvg, vec![]);
        f.any_of[0].source = "more than the average employees".into();
        plan.filters.push(f);
        assert_eq!(
            thought_filters(&plan),
            ["employees > the average employees"]
        );
        let sql = render_select(&Sqlite, &profile(), &plan, 10);
        assert!(
            sql.contains(
                r#"WHERE "companies"."employees" > (SELECT avg("companies"."employees") FROM "companies")"#
            ),
            "{sql}"
        );
        check_select(&Sqlite, &sql, "companies", Some("companies_fts")).unwrap();
    }

    #[test]
    fn like_patterns_escape_wildcards() {
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.filters.push(cond(
            "name",
            CompareOp::Contains,
            vec![Literal::Text("50%_off".into())],
        ));
        assert_eq!(
            thought_filters(&plan)[0],
            r"name LIKE '%50\%\_off%' ESCAPE '\'"
        );
    }

    #[test]
    fn a_suffix_is_matched_at_the_end_and_the_guard_admits_it() {
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.filters.push(cond(
            "name",
            CompareOp::EndsWith,
            vec![Literal::Text("5_a".into())],
        ));
        assert_eq!(thought_filters(&plan)[0], r"name LIKE '%5\_a' ESCAPE '\'");
        let sql = render_select(&Sqlite, &profile(), &plan, 10);
        assert!(
            sql.contains(r#""companies"."name" LIKE '%5\_a' ESCAPE '\'"#),
            "{sql}"
        );
        check_select(&Sqlite, &sql, "companies", Some("companies_fts")).unwrap();
    }
}
