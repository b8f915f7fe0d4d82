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
    ident, literal, Dialect, Postgres, Sqlite, NUMBER_FUNCTION, PG_ROW_COLUMN,
    PG_TEXT_SEARCH_CONFIG, PG_TIME_OF_DAY_FUNCTION, PG_WEEKDAY_FUNCTION, YEAR_FUNCTION,
};
pub use guard::check_select;

use quarry_planner::{
    CompareOp, Condition, DatasetProfile, Direction, FigureKind, Filter, Literal, OrderKey,
    QueryPlan, WEEKDAY_NAMES,
};
use std::fmt::Write;

/// Name of the first column of every rendered `SELECT`: the record's row
/// position (its 1-based row number in the imported file).
pub const ROW_NUMBER_ALIAS: &str = "_row";

/// Alias of the figure column ([`QueryPlan::figure`]): the last column of
/// the statement when the plan asks for a figure, the same on every row.
pub const FIGURE_ALIAS: &str = "_figure";

/// Alias of the derived table that ranks full-text matches before any
/// record is read (see [`render_select`]), and of its two columns: the
/// match's row position and its ranking.
pub const RANKED_ALIAS: &str = "_ranked";
pub const RANKED_ROW_ALIAS: &str = "_match";
pub const RANKED_RANK_ALIAS: &str = "_rank";

/// A filter whose conditions are all equalities on indexed values is
/// checked through its index inside the ranking (the set of rows it keeps,
/// read from the index, instead of each match's record) when the profile
/// says it keeps at most this share of the records (1/N) and at most
/// [`RANKED_FILTER_MAX_ROWS`]: then reading the index costs less than
/// reading the record of every match of a common word, and little more
/// (a few ms) when the word is rare and the join would read few records.
const RANKED_FILTER_MAX_SHARE: u64 = 20;
/// See [`RANKED_FILTER_MAX_SHARE`].
const RANKED_FILTER_MAX_ROWS: u64 = 50_000;
/// Other filters are checked on the records of the best matches, read in
/// ranking order until enough pass, when the profile estimates that they
/// keep at least this share of the records (1/N); below it, or where it
/// shows that they keep none, reading in ranking order would not stop
/// early and costs more than the plain join, which reads every match's
/// record in row order (at 1M rows, a trait with a filter no match passed
/// took 130-150 ms p95 that way against 80-100 ms joined).
const RANKED_LAZY_MIN_SHARE: f64 = 1.0 / 1000.0;

/// A full-text search ordered by a field ("the oldest cybersecurity
/// companies") is written field first ([`field_first`]) only when its
/// query matches at least this many records (and at least
/// [`field_first_min_matches`] in all): with fewer, the plain join reads
/// few records and costs a few ms at most.
pub const FIELD_FIRST_MIN_MATCHES: u64 = 2_000;
/// The field first form reads about `limit × records ÷ matches` entries of
/// the field's index to find the first `limit` values among the matches;
/// it is written only when that is at most this many.
const FIELD_FIRST_MAX_INDEX_READ: u64 = 50_000;
/// ... and when a value of the field is held by at most this many records
/// on average (every record holding one of the first values is checked).
const FIELD_FIRST_MAX_TIES: u64 = 20_000;

/// How identifiers and values are written: bare identifiers and the
/// standard notation for the thoughts, the dialect's quoted and qualified
/// spelling for the SQL.
#[derive(Clone, Copy)]
enum Style<'a> {
    Thought,
    Sql {
        table: &'a str,
        dialect: &'a dyn Dialect,
        profile: &'a DatasetProfile,
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
        Style::Sql { table, dialect, .. } => {
            format!("{}.{}", dialect.ident(table), dialect.ident(field))
        }
    }
}

/// A column as a number: the column itself, or, for a column of numbers
/// kept as text (`ColumnProfile::numeric_text`), the dialect's reading of
/// its cells as numbers (NULL for the cells that are none).
fn measured(style: Style, field: &str) -> String {
    match style {
        Style::Sql {
            dialect, profile, ..
        } if profile.column(field).is_some_and(|c| c.numeric_text()) => {
            dialect.number_of(&column(style, field))
        }
        _ => column(style, field),
    }
}

/// What a plan orders by: a column, or the records' position, which in
/// SQLite is the rowid (the row number in the imported file).
fn order_key(style: Style, key: &OrderKey) -> String {
    match key {
        OrderKey::Field(field) => measured(style, field),
        OrderKey::RowPosition => match style {
            Style::Thought => "row number".to_string(),
            Style::Sql { table, dialect, .. } => dialect.row_position(Some(table)),
        },
    }
}

/// `col` holds `item` as one item of its list (ignoring ASCII case, as
/// `LIKE` does): the whole value, or the item first, last or inside. A
/// comma list is tested with and without a space after each comma; other
/// lists with the `joiner` the column's values use (`|`, ` | `, `;`, `; `,
/// see `ColumnProfile::list_joiner`). Plain `LIKE`s, so that the statement
/// stays in the guard's small grammar and reads in any SQL dialect.
fn list_item(col: &str, item: &str, joiner: &str, d: &dyn Dialect) -> String {
    let item = item.trim();
    let esc = item
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    let text = |t: &str| d.literal(&Literal::Text(t.to_string()));
    let joiners: &[&str] = if joiner == "," {
        &[",", ", "]
    } else {
        &[joiner]
    };
    let mut patterns = vec![esc.clone()];
    for j in joiners {
        let head = j.trim_end();
        patterns.push(format!("{esc}{head}%"));
        patterns.push(format!("%{j}{esc}"));
    }
    for j in joiners {
        let head = j.trim_end();
        patterns.push(format!("%{j}{esc}{head}%"));
    }
    let mut terms = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for p in patterns.into_iter().filter(|p| seen.insert(p.clone())) {
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
    // A number compared with a column of numbers kept as text: the cells
    // read as numbers.
    let numeric = !c.values.is_empty()
        && c.values
            .iter()
            .all(|x| matches!(x, Literal::Integer(_) | Literal::Float(_)));
    let col = if numeric {
        measured(style, &c.field)
    } else {
        col
    };
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
                Style::Sql {
                    dialect, profile, ..
                } => {
                    let joiner = profile
                        .column(&c.field)
                        .and_then(|p| p.list_joiner())
                        .unwrap_or(",");
                    let terms: Vec<String> = c
                        .values
                        .iter()
                        .map(|x| list_item(&col, &text_of(x), joiner, dialect))
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
                Style::Sql {
                    table, dialect: d, ..
                } => {
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
        CompareOp::GtField | CompareOp::LtField | CompareOp::EqField | CompareOp::NeField => {
            let sym = match c.op {
                CompareOp::GtField => ">",
                CompareOp::LtField => "<",
                CompareOp::EqField => "=",
                _ => "<>",
            };
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
                Style::Sql {
                    table, dialect: d, ..
                } => {
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
                Style::Sql {
                    table, dialect: d, ..
                } => {
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
                Style::Sql {
                    table, dialect: d, ..
                } => {
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
                Style::Sql {
                    table, dialect: d, ..
                } => {
                    let t = d.ident(table);
                    let m = measured(style, &c.field);
                    format!("{m} {sym} (SELECT avg({m}) FROM {t})")
                }
            }
        }
        CompareOp::YearBetween => {
            let y = match style {
                Style::Thought => format!("year({col})"),
                Style::Sql { dialect, .. } => dialect.year_of(&column(style, &c.field)),
            };
            format!("{y} BETWEEN {} AND {}", v(0), v(1))
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
        CompareOp::Weekday | CompareOp::NotWeekday => {
            // Day numbers 0 (Sunday) to 6; the thoughts name the days, the
            // SQL compares the text SQLite's `strftime('%w')` returns.
            let mut days: Vec<usize> = c
                .values
                .iter()
                .filter_map(|v| match v {
                    Literal::Integer(d @ 0..=6) => Some(*d as usize),
                    _ => None,
                })
                .collect();
            days.sort_unstable();
            days.dedup();
            let (day, items): (String, Vec<String>) = match style {
                Style::Thought => (
                    format!("weekday({col})"),
                    days.iter()
                        .map(|&d| style.literal(&Literal::Text(WEEKDAY_NAMES[d].to_string())))
                        .collect(),
                ),
                Style::Sql { dialect, .. } => (
                    dialect.weekday(&col),
                    days.iter().map(|&d| dialect.text(&d.to_string())).collect(),
                ),
            };
            let not = c.op == CompareOp::NotWeekday;
            match items.as_slice() {
                // Only the days the planner writes; no day is no condition
                // rather than text in the statement.
                [] => style.always_true().to_string(),
                [one] => format!("{day} {} {one}", if not { "<>" } else { "=" }),
                _ => format!(
                    "{day} {}IN ({})",
                    if not { "NOT " } else { "" },
                    items.join(", ")
                ),
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
///
/// A full-text search ordered by its ranking alone (no field order, no
/// figure) is written, where the dialect allows it
/// ([`Dialect::ranks_in_subquery`]), as a derived table that ranks the
/// matches on the full-text table alone and keeps the first `limit` (by
/// ranking, then row position), joined to the records afterwards and
/// ordered again the same way: the same rows in the same order as ranking
/// the join of every match with its record, without reading the record of
/// every match. Filters that keep few records are checked there too, by
/// row position against the rows their index keeps; other filters are
/// checked on the records of the best matches, read in ranking order until
/// enough pass (see [`ranked_first`]).
pub fn render_select(
    dialect: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
) -> String {
    render(dialect, profile, plan, limit, true, None)
}

/// [`render_select`] knowing that the plan's full-text query matches at
/// least `matches` records of the dataset (a count the caller made, up to
/// [`match_count_wanted`]'s bound): a search ordered by a field over many
/// matches is then written field first (see [`field_first`]), the same
/// rows in the same order.
pub fn render_select_counted(
    dialect: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
    matches: u64,
) -> String {
    render(dialect, profile, plan, limit, true, Some(matches))
}

/// The full-text query whose matches [`render_select_counted`] would use,
/// and the count worth knowing (counting further changes nothing), when
/// the plan could be written field first; `None` when a count would not
/// change the statement.
pub fn match_count_wanted(
    dialect: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
) -> Option<(String, u64)> {
    profile.fts_table.as_ref()?;
    let q = dialect.fts_query(plan)?;
    let n = plan.limit.map_or(limit, |l| l.min(limit)).max(1);
    field_first_key(dialect, profile, plan)?;
    Some((q, field_first_min_matches(profile, n)?))
}

/// Matches needed for the field first form of a search returning `n`
/// records (see [`FIELD_FIRST_MAX_INDEX_READ`]); `None` when no count of
/// matches would do.
fn field_first_min_matches(profile: &DatasetProfile, n: u32) -> Option<u64> {
    let need = (profile.row_count.saturating_mul(u64::from(n)) / FIELD_FIRST_MAX_INDEX_READ)
        .max(FIELD_FIRST_MIN_MATCHES)
        .max(u64::from(n));
    (need <= profile.row_count).then_some(need)
}

/// The column and direction of a plan the field first form fits: ordered
/// by one column, which no record leaves empty and whose values are not
/// held by too many records each, with no filter nor figure.
fn field_first_key<'p>(
    dialect: &dyn Dialect,
    profile: &'p DatasetProfile,
    plan: &QueryPlan,
) -> Option<(&'p quarry_planner::ColumnProfile, Direction)> {
    if !dialect.ranks_in_subquery() || !plan.filters.is_empty() || plan.figure.is_some() {
        return None;
    }
    let [o] = plan.order.as_slice() else {
        return None;
    };
    let OrderKey::Field(name) = &o.key else {
        return None;
    };
    let col = profile.column(name)?;
    let ties = profile.row_count / col.distinct_count.max(1);
    (col.null_count == 0 && col.distinct_count > 0 && ties <= FIELD_FIRST_MAX_TIES)
        .then_some((col, o.direction))
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
    render(dialect, profile, plan, limit, false, None)
}

fn render(
    d: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
    ordered: bool,
    matches: Option<u64>,
) -> String {
    let table = profile.table.as_str();
    let style = Style::Sql {
        table,
        dialect: d,
        profile,
    };
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
        let of = |field: &Option<String>| field.as_deref().map(|n| measured(style, n));
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
        if ordered && !figure && plan.order.is_empty() && d.ranks_in_subquery() {
            if let Some(sql) = ranked_first(d, profile, plan, limit, fts_table, q, sql.clone()) {
                return sql;
            }
        }
        if let (true, Some(m)) = (ordered, matches) {
            if let Some(sql) = field_first(d, profile, plan, limit, fts_table, q, m, sql.clone()) {
                return sql;
            }
        }
    }
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
    let ties = ordered && fts.is_none() && tied_extreme(plan);
    if let (true, [o]) = (ties, plan.order.as_slice()) {
        // "the youngest patient": every record at the extreme, found by a
        // subquery over the same conditions.
        let key = order_key(style, &o.key);
        let extreme = match o.direction {
            Direction::Asc => "min",
            Direction::Desc => "max",
        };
        let within = if wheres.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", wheres.join(" AND "))
        };
        wheres.push(format!(
            "{key} = (SELECT {extreme}({key}) FROM {}{within})",
            d.ident(table)
        ));
    }
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
    let n = if ties {
        limit.max(1)
    } else {
        plan.limit.map_or(limit, |l| l.min(limit)).max(1)
    };
    let _ = write!(sql, " LIMIT {n}");
    sql
}

/// Whether the plan asks for every record tied at one extreme: a
/// superlative without a count, ordering by one field, with no condition
/// that is itself a subquery (a most-frequent value).
fn tied_extreme(plan: &QueryPlan) -> bool {
    plan.ties
        && plan.limit == Some(1)
        && matches!(plan.order.as_slice(), [o] if matches!(o.key, OrderKey::Field(_)))
        && !plan.filters.iter().any(is_frequency)
}

/// The filters of `plan` as one condition, when every one is an equality
/// (or `IN`) on a column whose values the profile counts (so indexed by
/// the importer) and together they keep few records (see
/// [`RANKED_FILTER_MAX_SHARE`]); `Some("")` when there are none.
fn index_filters(style: Style, profile: &DatasetProfile, plan: &QueryPlan) -> Option<String> {
    let mut least = u64::MAX;
    let mut parts = Vec::new();
    for f in &plan.filters {
        let [c] = f.any_of.as_slice() else {
            return None;
        };
        if !matches!(c.op, CompareOp::Eq | CompareOp::In) {
            return None;
        }
        let col = profile.columns.iter().find(|x| x.name == c.field)?;
        if col.values.is_empty() || (col.values.len() as u64) < col.distinct_count {
            return None;
        }
        let mut rows = 0u64;
        for v in &c.values {
            let Literal::Text(t) = v else {
                return None;
            };
            rows += col
                .values
                .iter()
                .find(|x| x.value == *t)
                .map_or(0, |x| x.count);
        }
        least = least.min(rows);
        parts.push(filter(style, f, ""));
    }
    if parts.is_empty() {
        return Some(String::new());
    }
    (least <= RANKED_FILTER_MAX_ROWS
        && least.saturating_mul(RANKED_FILTER_MAX_SHARE) <= profile.row_count)
        .then(|| parts.join(" AND "))
}

/// The share of the records the profile says `plan`'s filters keep: exact
/// for equalities on profiled values, assuming values spread evenly between
/// the least and greatest for comparisons with a number, 1 (unknown) for
/// anything else; the filters taken as independent.
fn estimated_share(profile: &DatasetProfile, plan: &QueryPlan) -> f64 {
    let rows = profile.row_count.max(1) as f64;
    let number = |v: &Literal| match v {
        Literal::Integer(i) => Some(*i as f64),
        Literal::Float(f) => Some(*f),
        _ => None,
    };
    let condition = |c: &Condition| -> f64 {
        let Some(col) = profile.columns.iter().find(|x| x.name == c.field) else {
            return 1.0;
        };
        let counted = !col.values.is_empty() && col.values.len() as u64 >= col.distinct_count;
        match c.op {
            CompareOp::Eq | CompareOp::In if counted => {
                let mut n = 0u64;
                for v in &c.values {
                    let key = match v {
                        Literal::Text(t) => t.clone(),
                        Literal::Integer(i) => i.to_string(),
                        _ => return 1.0,
                    };
                    n += col
                        .values
                        .iter()
                        .find(|x| x.value == key)
                        .map_or(0, |x| x.count);
                }
                n as f64 / rows
            }
            CompareOp::Lt | CompareOp::Le | CompareOp::Gt | CompareOp::Ge | CompareOp::Between => {
                let bound = |b: &Option<String>| b.as_deref().and_then(|s| s.parse::<f64>().ok());
                let (Some(lo), Some(hi)) = (bound(&col.min), bound(&col.max)) else {
                    return 1.0;
                };
                let vals: Option<Vec<f64>> = c.values.iter().map(number).collect();
                let Some(vals) = vals else { return 1.0 };
                let (from, to) = match (c.op, vals.as_slice()) {
                    (CompareOp::Lt | CompareOp::Le, [v]) => (f64::NEG_INFINITY, *v),
                    (CompareOp::Gt | CompareOp::Ge, [v]) => (*v, f64::INFINITY),
                    (CompareOp::Between, [a, b]) => (*a, *b),
                    _ => return 1.0,
                };
                let (from, to) = (from.max(lo), to.min(hi));
                if from > to {
                    0.0
                } else if hi > lo {
                    ((to - from) / (hi - lo)).max(1.0 / rows)
                } else {
                    1.0
                }
            }
            _ => 1.0,
        }
    };
    plan.filters
        .iter()
        .map(|f| f.any_of.iter().map(condition).sum::<f64>().min(1.0))
        .product()
}

/// The ranked-first statement of [`render_select`] (`sql` is its column
/// list so far), or `None` when the plan's filters need the plain join.
///
/// Filters that [`index_filters`] takes are checked inside the ranking,
/// against the rows their index keeps, and the ranking keeps the first
/// `n`. Any other filters are checked on the records, outside: the
/// ranking then keeps every match (`LIMIT` the record count, which no
/// match count exceeds; a limit also keeps SQLite from flattening it into
/// the join), and since SQLite reads it in ranking order and sorts only
/// the rows of equal ranking by row position, it reads the records of the
/// best matches one by one and stops once `n` pass: about `n` ÷ (share
/// of records the filters keep) records instead of every match's, the
/// same rows in the same order as filtering the join of every match. Not
/// when the filters keep too few records ([`RANKED_LAZY_MIN_SHARE`]).
fn ranked_first(
    d: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
    fts_table: &str,
    q: &str,
    mut sql: String,
) -> Option<String> {
    let table = profile.table.as_str();
    let style = Style::Sql {
        table,
        dialect: d,
        profile,
    };
    let n = plan.limit.map_or(limit, |l| l.min(limit)).max(1);
    let (filters, outer) = match index_filters(style, profile, plan) {
        Some(f) => (f, String::new()),
        None if estimated_share(profile, plan) < RANKED_LAZY_MIN_SHARE => return None,
        None => {
            let others = plan
                .filters
                .iter()
                .filter(|f| !is_frequency(f))
                .map(|f| filter(style, f, ""))
                .collect::<Vec<_>>()
                .join(" AND ");
            let wheres: Vec<String> = plan
                .filters
                .iter()
                .map(|f| filter(style, f, &others))
                .collect();
            (String::new(), wheres.join(" AND "))
        }
    };
    let inner_limit = if outer.is_empty() {
        u64::from(n)
    } else {
        profile.row_count.max(1)
    };
    let (t, f, r) = (d.ident(table), d.ident(fts_table), d.ident(RANKED_ALIAS));
    let fts_row = d.row_position(Some(fts_table));
    let rank = d.fts_rank_column(fts_table, q);
    let mut inner = format!(
        "SELECT {fts_row} AS {}, {rank} AS {} FROM {f} WHERE {}",
        d.ident(RANKED_ROW_ALIAS),
        d.ident(RANKED_RANK_ALIAS),
        d.fts_match(fts_table, q)
    );
    if !filters.is_empty() {
        // `+` keeps the row position out of the full-text table's own
        // lookups: it is checked against the set, not looked up in it.
        let _ = write!(
            inner,
            " AND +{fts_row} IN (SELECT {} FROM {t} WHERE {filters})",
            d.row_position(None)
        );
    }
    let _ = write!(inner, " ORDER BY {rank}, {fts_row} LIMIT {inner_limit}");
    let _ = write!(
        sql,
        " FROM ({inner}) AS {r} CROSS JOIN {t} ON {} = {r}.{}",
        d.row_position(Some(table)),
        d.ident(RANKED_ROW_ALIAS),
    );
    if !outer.is_empty() {
        let _ = write!(sql, " WHERE {outer}");
    }
    let _ = write!(
        sql,
        " ORDER BY {r}.{}, {} LIMIT {n}",
        d.ident(RANKED_RANK_ALIAS),
        d.row_position(Some(table)),
    );
    Some(sql)
}

/// The field first statement of [`render_select_counted`] (`sql` is its
/// column list so far) for a full-text search ordered by a field, or
/// `None` when the plan does not fit (see [`field_first_key`]) or its query
/// has too few `matches` for it to pay.
///
/// The plain join reads the record of every match to sort them by the
/// field (38,000 records for a common word at 1M rows). Instead, the
/// first `n` values of the field among the matches are read from the
/// field's index in its order, each entry checked against the set of
/// matching rows (`+rowid IN (SELECT <fts>.rowid … MATCH …)`, no ranking),
/// which stops after about `n × records ÷ matches` entries; every record
/// holding one of those values is a candidate (the first `n` records by
/// field, ranking and row all hold one), and only the candidates that
/// match are ranked and read, in the ranked derived table of
/// [`ranked_first`]. The same rows in the same order as the plain join:
/// the outer `ORDER BY` is the plain join's, the ranking the FTS table's.
#[allow(clippy::too_many_arguments)]
fn field_first(
    d: &dyn Dialect,
    profile: &DatasetProfile,
    plan: &QueryPlan,
    limit: u32,
    fts_table: &str,
    q: &str,
    matches: u64,
    mut sql: String,
) -> Option<String> {
    let (col, direction) = field_first_key(d, profile, plan)?;
    let n = plan.limit.map_or(limit, |l| l.min(limit)).max(1);
    if matches < field_first_min_matches(profile, n)? {
        return None;
    }
    let table = profile.table.as_str();
    let style = Style::Sql {
        table,
        dialect: d,
        profile,
    };
    let (t, f, r) = (d.ident(table), d.ident(fts_table), d.ident(RANKED_ALIAS));
    let key = column(style, &col.name);
    let fts_row = d.row_position(Some(fts_table));
    let rank = d.fts_rank_column(fts_table, q);
    let matching = d.fts_match(fts_table, q);
    let way = match direction {
        Direction::Asc => "ASC",
        Direction::Desc => "DESC",
    };
    let first_values = format!(
        "SELECT {key} FROM {t} WHERE +{} IN (SELECT {fts_row} FROM {f} WHERE {matching}) ORDER BY {key} {way} LIMIT {n}",
        d.row_position(Some(table)),
    );
    let candidates = format!(
        "SELECT {} FROM {t} WHERE {key} IN ({first_values})",
        d.row_position(None)
    );
    let _ = write!(
        sql,
        " FROM (SELECT {fts_row} AS {}, {rank} AS {} FROM {f} WHERE {matching} AND +{fts_row} IN ({candidates}) ORDER BY {rank}, {fts_row} LIMIT {}) AS {r} CROSS JOIN {t} ON {} = {r}.{} ORDER BY {}, {r}.{}, {} LIMIT {n}",
        d.ident(RANKED_ROW_ALIAS),
        d.ident(RANKED_RANK_ALIAS),
        profile.row_count.max(1),
        d.row_position(Some(table)),
        d.ident(RANKED_ROW_ALIAS),
        d.order_term(&key, direction),
        d.ident(RANKED_RANK_ALIAS),
        d.row_position(Some(table)),
    );
    Some(sql)
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
        // Ranked by the FTS table alone, then joined to the records.
        let sql = render_select(&Sqlite, &profile(), &plan, 5);
        assert!(
            sql.contains(r#"FROM (SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts" WHERE "companies_fts" MATCH '"near fin tech" AND "remote first"' ORDER BY "companies_fts"."rank", "companies_fts".rowid LIMIT 5) AS "_ranked" CROSS JOIN "companies" ON "companies".rowid = "_ranked"."_match" ORDER BY "_ranked"."_rank", "companies".rowid LIMIT 5"#),
            "{sql}"
        );
        check_select(&Sqlite, &sql, "companies", Some("companies_fts")).unwrap();
        // Ordered by a field: the FTS table drives the join.
        plan.order.push(quarry_planner::OrderBy {
            key: OrderKey::Field("employees".into()),
            direction: quarry_planner::Direction::Desc,
        });
        let sql = render_select(&Sqlite, &profile(), &plan, 5);
        assert!(
            sql.contains(r#"FROM "companies_fts" CROSS JOIN "companies""#),
            "{sql}"
        );
        assert!(sql.contains(r#"bm25("companies_fts")"#), "{sql}");
    }

    /// SQLite as before the ranked derived table: the FTS table joined to
    /// every matching record, then ranked.
    struct JoinFirst;

    impl Dialect for JoinFirst {
        fn parser(&self) -> &dyn sqlparser::dialect::Dialect {
            Sqlite.parser()
        }
        fn row_position(&self, table: Option<&str>) -> String {
            Sqlite.row_position(table)
        }
        fn fts_from(&self, table: &str, fts_table: &str) -> String {
            Sqlite.fts_from(table, fts_table)
        }
        fn fts_query(&self, plan: &QueryPlan) -> Option<String> {
            Sqlite.fts_query(plan)
        }
        fn fts_match(&self, fts_table: &str, query: &str) -> String {
            Sqlite.fts_match(fts_table, query)
        }
        fn fts_rank(&self, fts_table: &str, query: &str) -> String {
            Sqlite.fts_rank(fts_table, query)
        }
        fn fts_rank_column(&self, fts_table: &str, query: &str) -> String {
            Sqlite.fts_rank_column(fts_table, query)
        }
        fn fts_rank_function(&self) -> &'static str {
            Sqlite.fts_rank_function()
        }
    }

    /// The field first form returns the rows, in the order, that the join
    /// of every match sorted by the field returns: ties on the field and on
    /// the ranking, both directions, limits past the match count, a query
    /// matching nothing; the plain join below its match count; and the
    /// guard's one shape of the match set.
    /// The row positions and names `sql` returns on the companies test
    /// table, once the guard passed it.
    fn guarded_rows(conn: &rusqlite::Connection, sql: &str) -> Vec<(i64, String)> {
        check_select(&Sqlite, sql, "companies", Some("companies_fts"))
            .unwrap_or_else(|e| panic!("{e}: {sql}"));
        let mut stmt = conn.prepare(sql).unwrap();
        let out = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        out
    }

    #[test]
    fn field_first_returns_what_the_join_returns() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE companies (name TEXT, country TEXT, employees INTEGER);
             CREATE INDEX e ON companies(employees);
             CREATE VIRTUAL TABLE companies_fts USING fts5(name, content='companies', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2');",
        )
        .unwrap();
        let mut p = profile();
        p.row_count = 2000;
        for i in 0..2000u64 {
            // Many equal rankings and ~20 records to each number of
            // employees: ties on both keys of the order.
            let words = ["fintech", "bank", "fintech pay", "data cloud fintech"];
            let name = format!(
                "{} {}",
                words[(i % 4) as usize],
                if i % 7 == 0 { "fintech" } else { "x" }
            );
            conn.execute(
                "INSERT INTO companies (rowid, name, country, employees) VALUES (?1, ?2, 'DE', ?3)",
                rusqlite::params![(i + 1) as i64, name, (i * 37 % 101) as i64],
            )
            .unwrap();
        }
        conn.execute_batch("INSERT INTO companies_fts(companies_fts) VALUES('rebuild');")
            .unwrap();
        p.columns[2].distinct_count = 101;
        p.columns[2].null_count = 0;
        let rows = |sql: &str| guarded_rows(&conn, sql);
        for traits in [vec!["fintech"], vec!["fintech", "pay"], vec!["nowhere"]] {
            for direction in [Direction::Asc, Direction::Desc] {
                for limit in [1, 10, 300, 2000] {
                    let mut plan = QueryPlan::empty(Tier::Default);
                    plan.traits = traits.iter().map(|t| t.to_string()).collect();
                    plan.order.push(quarry_planner::OrderBy {
                        key: OrderKey::Field("employees".into()),
                        direction,
                    });
                    let (_, wanted) = match_count_wanted(&Sqlite, &p, &plan, limit).unwrap();
                    let first = render_select_counted(&Sqlite, &p, &plan, limit, wanted);
                    let joined = render_select(&JoinFirst, &p, &plan, limit);
                    assert!(first.contains(RANKED_ALIAS), "{first}");
                    assert!(!joined.contains(RANKED_ALIAS), "{joined}");
                    let (a, b) = (rows(&first), rows(&joined));
                    assert_eq!(a.is_empty(), traits == ["nowhere"], "{first}");
                    assert_eq!(a, b, "{first}\n{joined}");
                    // Fewer matches than it pays for: the plain join.
                    let few = render_select_counted(&Sqlite, &p, &plan, limit, wanted - 1);
                    assert!(!few.contains(RANKED_ALIAS), "{few}");
                    assert_eq!(rows(&few), b);
                }
            }
        }
        // Not with a filter, a figure, nor on a column with empty values.
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.traits = vec!["fintech".into()];
        plan.order.push(quarry_planner::OrderBy {
            key: OrderKey::Field("employees".into()),
            direction: Direction::Asc,
        });
        let mut filtered = plan.clone();
        filtered.filters.push(cond(
            "country",
            CompareOp::Eq,
            vec![Literal::Text("DE".into())],
        ));
        assert!(match_count_wanted(&Sqlite, &p, &filtered, 10).is_none());
        let mut empty = p.clone();
        empty.columns[2].null_count = 3;
        assert!(match_count_wanted(&Sqlite, &empty, &plan, 10).is_none());
        assert!(match_count_wanted(&Sqlite, &p, &plan, 10).is_some());
        // The guard admits the match set only in its one shape.
        let base = r#"SELECT "companies".rowid AS "_row", "companies"."name" FROM "companies" WHERE +"companies".rowid IN (SELECT "#;
        for bad in [
            r#""companies_fts".rowid FROM "companies_fts" WHERE "companies_fts" MATCH 'x' LIMIT 5)"#,
            r#""companies_fts".rank FROM "companies_fts" WHERE "companies_fts" MATCH 'x')"#,
            r#""companies_fts".rowid FROM "companies_fts")"#,
            r#""companies_fts".rowid FROM "companies_fts" WHERE "companies_fts" MATCH 'x' OR 1 = 1)"#,
            r#""companies_fts".rowid FROM "companies_fts" CROSS JOIN "companies" ON "companies".rowid = "companies_fts".rowid WHERE "companies_fts" MATCH 'x')"#,
        ] {
            let sql = format!("{base}{bad}");
            assert!(
                check_select(&Sqlite, &sql, "companies", Some("companies_fts")).is_err(),
                "{sql}"
            );
        }
        let good = format!(
            r#"{base}"companies_fts".rowid FROM "companies_fts" WHERE "companies_fts" MATCH 'x')"#
        );
        check_select(&Sqlite, &good, "companies", Some("companies_fts")).unwrap();
    }

    /// The ranked derived table returns the rows, in the order, that
    /// ranking the join of every match returns: with many ties in the
    /// ranking, with a selective filter checked through the rows its
    /// index keeps, and with filters checked on the records of the best
    /// matches.
    #[test]
    fn ranking_first_returns_what_the_join_returns() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE companies (name TEXT, country TEXT, employees INTEGER);
             CREATE INDEX c ON companies(country);
             CREATE VIRTUAL TABLE companies_fts USING fts5(name, content='companies', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2');",
        )
        .unwrap();
        let countries = ["DE", "FR", "JP", "US", "BR"];
        let mut p = profile();
        p.row_count = 2000;
        let mut counts = std::collections::HashMap::<&str, u64>::new();
        for i in 0..2000u64 {
            // Names of one to four words, "fintech" in some once or twice:
            // many equal rankings.
            let words = ["fintech", "bank", "fintech pay", "data cloud fintech"];
            let name = format!(
                "{} {}",
                words[(i % 4) as usize],
                if i % 7 == 0 { "fintech" } else { "x" }
            );
            let country = if i % 97 == 0 {
                "EE"
            } else {
                countries[(i % 5) as usize]
            };
            *counts.entry(country).or_default() += 1;
            conn.execute(
                "INSERT INTO companies (rowid, name, country, employees) VALUES (?1, ?2, ?3, ?4)",
                rusqlite::params![(i + 1) as i64, name, country, (i * 37 % 101) as i64],
            )
            .unwrap();
        }
        conn.execute_batch("INSERT INTO companies_fts(companies_fts) VALUES('rebuild');")
            .unwrap();
        let mut values: Vec<quarry_planner::ValueCount> = counts
            .iter()
            .map(|(v, c)| quarry_planner::ValueCount {
                value: v.to_string(),
                count: *c,
            })
            .collect();
        values.sort_by_key(|v| std::cmp::Reverse(v.count));
        p.columns[1].distinct_count = values.len() as u64;
        p.columns[1].values = values;
        let rows = |sql: &str| guarded_rows(&conn, sql);
        let text = |v: &[&str]| v.iter().map(|t| Literal::Text(t.to_string())).collect();
        let int = |v: &[i64]| v.iter().map(|i| Literal::Integer(*i)).collect();
        // (traits, filters, limit, checked through the index inside).
        type Case<'a> = (
            Vec<&'a str>,
            Vec<(&'a str, CompareOp, Vec<Literal>)>,
            u32,
            bool,
        );
        let cases: Vec<Case> = vec![
            (vec!["fintech"], vec![], 10, false),
            (vec!["fintech"], vec![], 300, false),
            (vec!["fintech", "pay"], vec![], 7, false),
            (
                vec!["fintech"],
                vec![("country", CompareOp::Eq, text(&["EE"]))],
                10,
                true,
            ),
            (
                vec!["fintech"],
                vec![("country", CompareOp::In, text(&["EE", "XX"]))],
                5,
                true,
            ),
            // Filters checked on the records of the best matches, read in
            // ranking order: a common value, a range, both, a range few
            // matches pass (fewer than the limit), and one none passes.
            (
                vec!["fintech"],
                vec![("country", CompareOp::Eq, text(&["DE"]))],
                10,
                false,
            ),
            (
                vec!["fintech"],
                vec![("employees", CompareOp::Gt, int(&[50]))],
                10,
                false,
            ),
            (
                vec!["fintech"],
                vec![
                    ("country", CompareOp::Eq, text(&["FR"])),
                    ("employees", CompareOp::Lt, int(&[30])),
                ],
                25,
                false,
            ),
            (
                vec!["fintech", "pay"],
                vec![("employees", CompareOp::Ge, int(&[99]))],
                300,
                false,
            ),
            (
                vec!["fintech"],
                vec![("employees", CompareOp::Gt, int(&[1000]))],
                10,
                false,
            ),
        ];
        for (traits, filters, limit, inside) in cases {
            let mut plan = QueryPlan::empty(Tier::Default);
            plan.traits = traits.iter().map(|t| t.to_string()).collect();
            let nothing = filters
                .iter()
                .any(|(_, _, v)| v == &vec![Literal::Integer(1000)]);
            for (field, op, vals) in filters {
                plan.filters.push(cond(field, op, vals));
            }
            let ranked = render_select(&Sqlite, &p, &plan, limit);
            let joined = render_select(&JoinFirst, &p, &plan, limit);
            assert!(ranked.contains(RANKED_ALIAS), "{ranked}");
            assert_eq!(ranked.contains(" IN (SELECT"), inside, "{ranked}");
            assert!(!joined.contains(RANKED_ALIAS), "{joined}");
            let (a, b) = (rows(&ranked), rows(&joined));
            assert_eq!(a.is_empty(), nothing, "{ranked}");
            assert_eq!(a, b, "{ranked}\n{joined}");
        }
        // Where the profile says the filters keep (almost) nothing, the
        // plain join: reading in ranking order would not stop early.
        let mut bounded = p.clone();
        bounded.columns[2].min = Some("0".into());
        bounded.columns[2].max = Some("100".into());
        for (op, v, lazy) in [
            (CompareOp::Gt, 1000, false),
            (CompareOp::Lt, 0, false),
            (CompareOp::Gt, 50, true),
            (CompareOp::Ge, 99, true),
        ] {
            let mut plan = QueryPlan::empty(Tier::Default);
            plan.traits = vec!["fintech".into()];
            plan.filters.push(cond("employees", op, int(&[v])));
            let sql = render_select(&Sqlite, &bounded, &plan, 10);
            assert_eq!(sql.contains(RANKED_ALIAS), lazy, "{sql}");
            assert_eq!(
                rows(&sql),
                rows(&render_select(&JoinFirst, &bounded, &plan, 10))
            );
        }
        // Read in ranking order, not sorted whole: SQLite's plan sorts only
        // the ties of the ranking by row position.
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.traits = vec!["fintech".into()];
        plan.filters
            .push(cond("employees", CompareOp::Gt, int(&[50])));
        let sql = render_select(&Sqlite, &p, &plan, 10);
        let steps: Vec<String> = conn
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap()
            .query_map([], |r| r.get::<_, String>(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(steps.iter().any(|s| s.contains("CO-ROUTINE")), "{steps:?}");
        // One whole sort: the matches' ranking, inside.
        assert_eq!(
            steps
                .iter()
                .filter(|s| *s == "USE TEMP B-TREE FOR ORDER BY")
                .count(),
            1,
            "{steps:?}"
        );
        assert!(
            steps
                .iter()
                .any(|s| s == "USE TEMP B-TREE FOR LAST TERM OF ORDER BY"),
            "{steps:?}"
        );
    }

    /// The `name` of every row `sql` returns on `conn`, in order.
    fn names_of(conn: &rusqlite::Connection, sql: &str) -> Vec<String> {
        let mut stmt = conn.prepare(sql).unwrap();
        let mut rows = stmt.query([]).unwrap();
        let mut out = Vec::new();
        while let Some(r) = rows.next().unwrap() {
            out.push(r.get::<_, String>("name").unwrap());
        }
        out
    }

    /// "the smallest German company": every company tied for the fewest
    /// employees among the German ones; with a count ("the 2 smallest"),
    /// or on PostgreSQL too, the guard admits the statement.
    #[test]
    fn a_superlative_without_a_count_returns_every_tie_and_passes_the_guard() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE companies (name TEXT, country TEXT, employees INTEGER);
             INSERT INTO companies VALUES
               ('a', 'DE', 5), ('b', 'DE', 3), ('c', 'FR', 1), ('d', 'DE', 3), ('e', 'DE', NULL);",
        )
        .unwrap();
        let names = |ties: bool, limit: u32| -> Vec<String> {
            let mut plan = QueryPlan::empty(Tier::Default);
            plan.filters.push(cond(
                "country",
                CompareOp::Eq,
                vec![Literal::Text("DE".into())],
            ));
            plan.order.push(quarry_planner::OrderBy {
                key: OrderKey::Field("employees".into()),
                direction: Direction::Asc,
            });
            plan.limit = Some(limit);
            plan.ties = ties;
            let mut p = profile();
            p.fts_table = None;
            let sql = render_select(&Sqlite, &p, &plan, 100);
            check_select(&Sqlite, &sql, "companies", None).unwrap_or_else(|e| panic!("{e}: {sql}"));
            let pg = render_select(&Postgres, &p, &plan, 100);
            check_select(&Postgres, &pg, "companies", None).unwrap_or_else(|e| panic!("{e}: {pg}"));
            names_of(&conn, &sql)
        };
        assert_eq!(names(true, 1), ["b", "d"]);
        assert_eq!(names(false, 1), ["b"]);
        // A count of 2 asks for two records, tied or not.
        assert_eq!(names(true, 2), ["b", "d"]);
        assert_eq!(names(false, 2), ["b", "d"]);
    }

    /// Days of the week: `strftime('%w', col)` compared as text on
    /// SQLite, the store's function on PostgreSQL, the days' names in the
    /// thoughts; both statements pass the guard. A record with no day (no
    /// value, no date) is neither on a day nor known not to be.
    #[test]
    fn days_of_the_week_select_their_records_and_pass_the_guard() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE companies (name TEXT, country TEXT, employees INTEGER, founded TEXT);
             INSERT INTO companies VALUES
               ('sun', 'DE', 1, '2024-06-02'), ('mon', 'DE', 2, '2024-06-03'),
               ('fri', 'FR', 3, '2024-06-07 23:30:00'), ('sat', 'FR', 4, '2024-06-08T08:00:00'),
               ('none', 'FR', 5, NULL), ('junk', 'FR', 6, 'n/a'), ('empty', 'FR', 7, '');",
        )
        .unwrap();
        let mut p = profile();
        p.fts_table = None;
        p.columns.push(ColumnProfile {
            name: "founded".into(),
            original_name: "founded".into(),
            ordinal: 4,
            ty: ColumnType::DateTime,
            null_count: 1,
            distinct_count: 6,
            min: None,
            max: None,
            values: vec![],
            full_text: false,
        });
        let plan_of = |op: CompareOp, days: &[i64]| {
            let mut plan = QueryPlan::empty(Tier::Default);
            let values = days.iter().map(|&d| Literal::Integer(d)).collect();
            plan.filters.push(cond("founded", op, values));
            plan
        };
        let names = |op: CompareOp, days: &[i64]| -> Vec<String> {
            let plan = plan_of(op, days);
            let sql = render_select(&Sqlite, &p, &plan, 100);
            check_select(&Sqlite, &sql, "companies", None).unwrap_or_else(|e| panic!("{e}: {sql}"));
            let pg = render_select(&Postgres, &p, &plan, 100);
            check_select(&Postgres, &pg, "companies", None).unwrap_or_else(|e| panic!("{e}: {pg}"));
            names_of(&conn, &sql)
        };
        assert_eq!(names(CompareOp::Weekday, &[0, 6]), ["sun", "sat"]);
        assert_eq!(names(CompareOp::Weekday, &[1, 2, 3, 4, 5]), ["mon", "fri"]);
        assert_eq!(names(CompareOp::Weekday, &[5]), ["fri"]);
        assert_eq!(names(CompareOp::NotWeekday, &[0]), ["mon", "fri", "sat"]);
        assert_eq!(names(CompareOp::NotWeekday, &[0, 6]), ["mon", "fri"]);

        let plan = plan_of(CompareOp::Weekday, &[6, 0]);
        assert_eq!(
            thought_filters(&plan),
            ["weekday(founded) IN ('Sunday', 'Saturday')"]
        );
        let sql = render_select(&Sqlite, &p, &plan, 10);
        assert!(
            sql.contains(r#"WHERE strftime('%w', "companies"."founded") IN ('0', '6')"#),
            "{sql}"
        );
        let pg = render_select(&Postgres, &p, &plan, 10);
        assert!(
            pg.contains(r#"WHERE quarry_weekday("companies"."founded") IN ('0', '6')"#),
            "{pg}"
        );
        let plan = plan_of(CompareOp::NotWeekday, &[1]);
        assert_eq!(thought_filters(&plan), ["weekday(founded) <> 'Monday'"]);
        let sql = render_select(&Sqlite, &p, &plan, 10);
        assert!(
            sql.contains(r#"WHERE strftime('%w', "companies"."founded") <> '1'"#),
            "{sql}"
        );
        // Only day numbers reach the statement; none is no condition.
        let mut plan = plan_of(CompareOp::Weekday, &[7, -1]);
        plan.filters[0].any_of[0]
            .values
            .push(Literal::Text("0') OR 1=1 --".into()));
        assert_eq!(thought_filters(&plan), ["1"]);
        let sql = render_select(&Sqlite, &p, &plan, 10);
        assert!(sql.contains("WHERE 1 ") && !sql.contains("OR 1=1"), "{sql}");
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
            names_of(&conn, &sql)
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

    /// A list joined by "|" (as the profile's values show it) is tested
    /// around that joiner: "Drama" is an item of `Comedy|Drama`, not of
    /// `Dramatic`.
    #[test]
    fn pipe_list_items_match_whole_items_and_pass_the_guard() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE companies (name TEXT, country TEXT, employees INTEGER);
             INSERT INTO companies VALUES
               ('a', 'Drama', 1), ('b', 'Comedy|Drama', 2), ('c', 'Drama|Romance', 3),
               ('d', 'Action|Drama|War', 4), ('e', 'Dramatic', 5), ('f', 'Comedy', 6),
               ('g', 'Comedy|Romance', 7), ('h', 'War|Western', 8);",
        )
        .unwrap();
        let mut p = profile();
        p.columns[1].values = [
            "Drama",
            "Comedy|Drama",
            "Drama|Romance",
            "Comedy",
            "War|Western",
        ]
        .iter()
        .map(|v| quarry_planner::ValueCount {
            value: v.to_string(),
            count: 1,
        })
        .collect();
        assert_eq!(p.columns[1].list_joiner(), Some("|"));
        let names = |op: CompareOp, items: &[&str]| -> Vec<String> {
            let mut plan = QueryPlan::empty(Tier::Default);
            let values = items.iter().map(|i| Literal::Text(i.to_string())).collect();
            plan.filters.push(cond("country", op, values));
            let sql = render_select(&Sqlite, &p, &plan, 100);
            check_select(&Sqlite, &sql, "companies", None).unwrap_or_else(|e| panic!("{e}: {sql}"));
            check_select(
                &Postgres,
                &render_select(&Postgres, &p, &plan, 100),
                "companies",
                None,
            )
            .unwrap();
            names_of(&conn, &sql)
        };
        assert_eq!(names(CompareOp::HasItem, &["Drama"]), ["a", "b", "c", "d"]);
        assert_eq!(names(CompareOp::HasItem, &["War"]), ["d", "h"]);
        assert_eq!(
            names(CompareOp::NotHasItem, &["Drama", "War"]),
            ["e", "f", "g"]
        );
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
