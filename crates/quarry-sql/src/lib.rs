//! The SQL renderer: the only place where SQL text is written.
//!
//! It turns a [`QueryPlan`] into one SQLite `SELECT`. Identifiers come from
//! the dataset profile and are always double-quoted; values come from the
//! plan's [`Literal`]s and are always rendered as SQL literals with their
//! quotes doubled, so no text of the search phrase can change the shape of
//! the statement. The same functions write the `thoughts.filters` strings, so
//! the thoughts and the SQL cannot disagree.

mod guard;

pub use guard::{check_select, ALLOWED_FUNCTIONS};

use quarry_planner::{
    CompareOp, Condition, DatasetProfile, Direction, Filter, Literal, OrderKey, QueryPlan,
    TraitMatch,
};
use std::fmt::Write;

/// Name of the first column of every rendered `SELECT`: the record's rowid,
/// which is its 1-based row number in the imported file.
pub const ROW_NUMBER_ALIAS: &str = "_row";

/// A double-quoted SQL identifier.
pub fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A SQL literal. Text has its single quotes doubled; non-finite floats,
/// which SQL cannot spell, become NULL.
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

fn quote_text(s: &str) -> String {
    // NUL cannot appear in a SQLite statement; the API refuses it earlier,
    // and here it is dropped so the renderer's output is always valid SQL.
    let s: String = s.chars().filter(|&c| c != '\0').collect();
    format!("'{}'", s.replace('\'', "''"))
}

fn like_pattern(s: &str, prefix_only: bool) -> String {
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

/// How identifiers are written: bare for the thoughts, quoted and qualified
/// for the SQL.
#[derive(Clone, Copy)]
enum Style<'a> {
    Thought,
    Sql { table: &'a str },
}

fn column(style: Style, field: &str) -> String {
    match style {
        Style::Thought => field.to_string(),
        Style::Sql { table } => format!("{}.{}", ident(table), ident(field)),
    }
}

/// What a plan orders by: a column, or the records' position, which in
/// SQLite is the rowid (the row number in the imported file).
fn order_key(style: Style, key: &OrderKey) -> String {
    match key {
        OrderKey::Field(field) => column(style, field),
        OrderKey::RowPosition => match style {
            Style::Thought => "row number".to_string(),
            Style::Sql { table } => format!("{}.rowid", ident(table)),
        },
    }
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
            .map(literal)
            .unwrap_or_else(|| "NULL".into())
    };
    let list = || c.values.iter().map(literal).collect::<Vec<_>>().join(", ");
    let first_text = || c.values.first().map(text_of).unwrap_or_default();
    match c.op {
        CompareOp::Eq => format!("{col} = {}", v(0)),
        CompareOp::Ne => format!("({col} IS NULL OR {col} <> {})", v(0)),
        CompareOp::Lt => format!("{col} < {}", v(0)),
        CompareOp::Le => format!("{col} <= {}", v(0)),
        CompareOp::Gt => format!("{col} > {}", v(0)),
        CompareOp::Ge => format!("{col} >= {}", v(0)),
        CompareOp::Between => format!("{col} BETWEEN {} AND {}", v(0), v(1)),
        CompareOp::In => format!("{col} IN ({})", list()),
        CompareOp::NotIn => format!("({col} IS NULL OR {col} NOT IN ({}))", list()),
        CompareOp::Contains => format!("{col} LIKE {}", like_pattern(&first_text(), false)),
        CompareOp::NotContains => format!(
            "({col} IS NULL OR {col} NOT LIKE {})",
            like_pattern(&first_text(), false)
        ),
        CompareOp::StartsWith => format!("{col} LIKE {}", like_pattern(&first_text(), true)),
        CompareOp::BeforeRowOf | CompareOp::AfterRowOf => {
            let (cmp, agg, word) = if c.op == CompareOp::BeforeRowOf {
                ("<", "min", "before")
            } else {
                (">", "max", "after")
            };
            match style {
                Style::Thought => format!("row {word} {col} = {}", v(0)),
                Style::Sql { table } => {
                    let t = ident(table);
                    format!(
                        "{t}.rowid {cmp} (SELECT {agg}(rowid) FROM {t} WHERE {} = {})",
                        ident(&c.field),
                        v(0)
                    )
                }
            }
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
                Style::Sql { table } => {
                    let t = ident(table);
                    format!(
                        "{col} {sym} (SELECT {} FROM {t} WHERE {} = {} LIMIT 1)",
                        ident(&c.field),
                        ident(&anchor),
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
                Style::Sql { table } => {
                    let t = ident(table);
                    let f = ident(&c.field);
                    let extra = if others.is_empty() {
                        String::new()
                    } else {
                        format!(" AND {others}")
                    };
                    format!(
                        "{col} = (SELECT {f} FROM {t} WHERE {f} IS NOT NULL{extra} GROUP BY {f} ORDER BY count(*) {dir}, min(rowid) LIMIT 1)"
                    )
                }
            }
        }
        CompareOp::GtAvg | CompareOp::LtAvg => {
            let sym = if c.op == CompareOp::GtAvg { ">" } else { "<" };
            match style {
                Style::Thought => format!("{col} {sym} the average {col}"),
                Style::Sql { table } => {
                    let t = ident(table);
                    format!(
                        "{col} {sym} (SELECT avg({}) FROM {t})",
                        column(style, &c.field)
                    )
                }
            }
        }
        CompareOp::IsNull => format!("{col} IS NULL"),
        CompareOp::IsNotNull => format!("{col} IS NOT NULL"),
    }
}

fn is_frequency(f: &Filter) -> bool {
    f.any_of
        .iter()
        .any(|c| matches!(c.op, CompareOp::MostFrequent | CompareOp::LeastFrequent))
}

fn filter(style: Style, f: &Filter, others: &str) -> String {
    match f.any_of.len() {
        0 => "1".to_string(),
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

/// The FTS5 query for a plan's traits: every token double-quoted (quotes
/// doubled), so FTS5 operators typed by the user (`NEAR(`, `*`, `^`, column
/// filters) are searched as plain words. `None` when no trait has a token.
pub fn fts_query(plan: &QueryPlan) -> Option<String> {
    let parts: Vec<String> = plan
        .traits
        .iter()
        .filter_map(|t| {
            let tokens: Vec<String> = t
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(|w| w.to_lowercase())
                .collect();
            if tokens.is_empty() {
                None
            } else {
                Some(format!("\"{}\"", tokens.join(" ").replace('"', "\"\"")))
            }
        })
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

/// Renders the plan as one SQLite `SELECT` returning the row number
/// (aliased [`ROW_NUMBER_ALIAS`]) then every column of the dataset in order,
/// at most `limit` rows.
pub fn render_select(profile: &DatasetProfile, plan: &QueryPlan, limit: u32) -> String {
    render(profile, plan, limit, true)
}

/// [`render_select`] without `ORDER BY` and ignoring the plan's own row
/// count: a probe that tells whether (and how often, up to `limit`) the
/// plan's conditions match, without ranking every match. Used to say which
/// conditions of a query that found nothing were the most restrictive.
pub fn render_probe(profile: &DatasetProfile, plan: &QueryPlan, limit: u32) -> String {
    render(profile, plan, limit, false)
}

fn render(profile: &DatasetProfile, plan: &QueryPlan, limit: u32, ordered: bool) -> String {
    let table = profile.table.as_str();
    let style = Style::Sql { table };
    let t = ident(table);
    let mut sql = format!("SELECT {t}.rowid AS {}", ident(ROW_NUMBER_ALIAS));
    for c in &profile.columns {
        let _ = write!(sql, ", {}", column(style, &c.name));
    }
    let mut wheres = Vec::new();
    let fts = match (&profile.fts_table, fts_query(plan)) {
        (Some(fts_table), Some(q)) => Some((fts_table.as_str(), q)),
        _ => None,
    };
    if let Some((fts_table, q)) = &fts {
        // The FTS table drives the join: SQLite runs MATCH once, then looks
        // records up by rowid (see DESIGN §2 on the plan this avoids).
        let f = ident(fts_table);
        let _ = write!(sql, " FROM {f} CROSS JOIN {t} ON {t}.rowid = {f}.rowid");
        wheres.push(format!("{f} MATCH {}", quote_text(q)));
    } else {
        let _ = write!(sql, " FROM {t}");
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
        .map(|o| {
            let dir = match o.direction {
                Direction::Asc => "ASC",
                Direction::Desc => "DESC",
            };
            format!("{} {dir} NULLS LAST", order_key(style, &o.key))
        })
        .collect();
    if let Some((fts_table, _)) = &fts {
        order.push(format!("bm25({})", ident(fts_table)));
    }
    order.push(format!("{t}.rowid"));
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
        let sql = render_select(&profile(), &plan, 10);
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
            fts_query(&plan).unwrap(),
            "\"near fin tech\" AND \"remote first\""
        );
        let sql = render_select(&profile(), &plan, 5);
        assert!(
            sql.contains(r#"FROM "companies_fts" CROSS JOIN "companies""#),
            "{sql}"
        );
        assert!(sql.contains(r#"ORDER BY bm25("companies_fts")"#), "{sql}");
    }

    #[test]
    fn plan_limit_is_capped_by_request_limit() {
        let mut plan = QueryPlan::empty(Tier::Small);
        plan.limit = Some(50);
        assert!(render_select(&profile(), &plan, 7).ends_with("LIMIT 7"));
        plan.limit = Some(3);
        assert!(render_select(&profile(), &plan, 7).ends_with("LIMIT 3"));
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
        let sql = render_probe(&profile(), &plan, 101);
        assert!(!sql.contains("ORDER BY"), "{sql}");
        assert!(sql.ends_with(" LIMIT 101"), "{sql}");
        assert!(sql.contains("MATCH") && sql.contains("> 500"), "{sql}");
        check_select(&sql, "companies", Some("companies_fts")).unwrap();
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
        let sql = render_select(&profile(), &plan, 10);
        assert!(
            sql.contains(
                r#"WHERE "companies"."employees" > (SELECT avg("companies"."employees") FROM "companies")"#
            ),
            "{sql}"
        );
        check_select(&sql, "companies", Some("companies_fts")).unwrap();
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
}
