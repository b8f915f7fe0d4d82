//! The shape guard: a statement is allowed to run only if it has the shape
//! the renderer writes. It is parsed (with the [`Dialect`](crate::Dialect)'s
//! `sqlparser` dialect, SQLite today) and checked against an allow-list, so
//! that SQL from any other source (a bug, a future LLM back-end) gets the
//! same scrutiny as the renderer's own: one `SELECT`, from the dataset's
//! records table (joined to its FTS table at most), with plain column
//! references, literals, the comparison and boolean operators the renderer
//! uses, `LIKE … ESCAPE`, `MATCH`, scalar subqueries over the records table
//! alone (which may group by a column to find its most or least frequent
//! value), and the functions `min`, `max`, `avg`, `count(*)` and the
//! dialect's full-text ranking (`bm25`); on a column, the dialect's time
//! of day (`time(col)`) and day of the week (`strftime('%w', col)`, with
//! exactly that format, and no other `strftime`), and the number a text
//! cell writes (`quarry_number(col)`, also inside `min`, `max`, `avg` and
//! the figure's `avg` or `sum`). Where the dialect's full-text
//! index is a column (PostgreSQL), the join is replaced by
//! `<column> @@ <query function>('<config>', '<string>')` and the ranking
//! takes that column and query; `ILIKE` and `TRUE` are admitted only for a
//! dialect that writes them. Anything else (a
//! second statement, a write, `ATTACH`, `PRAGMA`, a CTE, `UNION`, another
//! table, a table-valued function, a placeholder, any other function) is
//! refused with a reason.
//!
//! The guard is a second wall, not the first: the engine still runs on a
//! read-only connection with an authorizer.

use sqlparser::ast::{
    BinaryOperator, Expr, Function, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr,
    Ident, JoinConstraint, JoinOperator, LimitClause, ObjectName, ObjectNamePart, OrderBy,
    OrderByKind, Query, Select, SelectFlavor, SelectItem, SetExpr, Statement, TableFactor,
    TableWithJoins, UnaryOperator, Value, WindowType,
};
use sqlparser::parser::Parser;

use crate::{Dialect, NUMBER_FUNCTION, YEAR_FUNCTION};

/// Aggregate functions a subquery may call; besides them, only the
/// dialect's full-text ranking function is allowed.
const AGGREGATES: [&str; 4] = ["min", "max", "count", "avg"];

/// Deepest nesting of expressions accepted (the renderer nests a handful).
const MAX_DEPTH: usize = 64;

/// Checks that `sql` is one `SELECT` in `dialect` over `table` (and
/// `fts_table`, if the dataset has one) of the shape the renderer writes.
/// The error says what was refused; it may quote identifiers of the
/// statement but never runs it.
pub fn check_select(
    dialect: &dyn Dialect,
    sql: &str,
    table: &str,
    fts_table: Option<&str>,
) -> Result<(), String> {
    let statements = Parser::parse_sql(dialect.parser(), sql)
        .map_err(|e| format!("the statement does not parse: {e}"))?;
    let [statement] = statements.as_slice() else {
        return Err(format!(
            "exactly one statement is allowed, got {}",
            statements.len()
        ));
    };
    let Statement::Query(query) = statement else {
        return Err("only a SELECT is allowed".into());
    };
    let scope = Scope {
        table,
        fts_table,
        fts_rank: dialect.fts_rank_function(),
        time_of_day: dialect.time_of_day_function(),
        weekday: dialect.weekday_function(),
        fts_column: dialect.fts_is_column(),
        fts_query_functions: dialect.fts_query_functions(),
        ilike: dialect.like_operator().eq_ignore_ascii_case("ILIKE"),
        booleans: dialect.always_true().eq_ignore_ascii_case("TRUE"),
        subquery: false,
        ranked: false,
        in_ranked: false,
    };
    check_query(query, scope, 0)
}

/// Which tables a query may name: the top level may join the FTS table, a
/// subquery reads the records table alone.
#[derive(Clone, Copy)]
struct Scope<'a> {
    table: &'a str,
    fts_table: Option<&'a str>,
    /// The dialect's full-text ranking function (`bm25`).
    fts_rank: &'a str,
    /// The dialect's time-of-day function (`time`), on a column.
    time_of_day: &'a str,
    /// The dialect's day-of-week function and the format string it takes
    /// before the column, if any (`strftime`, `'%w'`).
    weekday: (&'a str, Option<&'a str>),
    /// The full-text index is a column of the records table named
    /// `fts_table` (PostgreSQL's `tsvector`), not a table.
    fts_column: bool,
    /// The functions that make a full-text query of a string, allowed
    /// only right of `@@` and in the ranking (`websearch_to_tsquery`).
    fts_query_functions: &'a [&'a str],
    /// `ILIKE` is allowed (the dialect writes it for `LIKE`).
    ilike: bool,
    /// `TRUE` and `FALSE` are allowed (the dialect's always-true condition).
    booleans: bool,
    subquery: bool,
    /// The top level reads the ranked derived table (`_ranked`, the FTS
    /// table's first matches by ranking) joined to the records, instead of
    /// the FTS table itself.
    ranked: bool,
    /// This is the ranked derived table's own query: the FTS table alone.
    in_ranked: bool,
}

impl Scope<'_> {
    fn is_table(&self, name: &str) -> bool {
        name.eq_ignore_ascii_case(self.table)
    }

    /// `name` is the full-text table (never when the index is a column,
    /// nor beside the ranked derived table, which replaces it).
    fn is_fts(&self, name: &str) -> bool {
        !self.subquery
            && !self.ranked
            && !self.fts_column
            && self.fts_table.is_some_and(|f| name.eq_ignore_ascii_case(f))
    }

    /// `e` is the full-text column, at the top level, unqualified or
    /// qualified by the records table.
    fn is_fts_column(&self, e: &Expr) -> bool {
        let Some(f) = self.fts_table.filter(|_| self.fts_column && !self.subquery) else {
            return false;
        };
        match e {
            Expr::Identifier(id) => id.value.eq_ignore_ascii_case(f),
            Expr::CompoundIdentifier(parts) => match parts.as_slice() {
                [t, c] => self.is_table(&t.value) && c.value.eq_ignore_ascii_case(f),
                _ => false,
            },
            _ => false,
        }
    }

    /// `e` is a full-text query made of a string: one of the dialect's
    /// query functions called plainly with two string literals (the text
    /// search configuration and the search text).
    fn is_fts_query(&self, e: &Expr) -> bool {
        let Expr::Function(f) = e else {
            return false;
        };
        let Some(name) = single_name(&f.name) else {
            return false;
        };
        if !self
            .fts_query_functions
            .iter()
            .any(|q| q.eq_ignore_ascii_case(&name))
            || !plain_call(f)
        {
            return false;
        }
        let FunctionArguments::List(list) = &f.args else {
            return false;
        };
        let string = |a: &FunctionArg| {
            matches!(a, FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Value(v)))
                if matches!(v.value, Value::SingleQuotedString(_)))
        };
        list.duplicate_treatment.is_none()
            && list.clauses.is_empty()
            && list.args.len() == 2
            && list.args.iter().all(string)
    }
}

/// A call without ODBC syntax, parameters, `WITHIN GROUP`, `FILTER`, null
/// treatment or window.
fn plain_call(f: &Function) -> bool {
    !f.uses_odbc_syntax
        && matches!(f.parameters, FunctionArguments::None)
        && f.within_group.is_empty()
        && f.filter.is_none()
        && f.null_treatment.is_none()
        && f.over.is_none()
}

fn check_query(q: &Query, scope: Scope, depth: usize) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err("the statement nests too deeply".into());
    }
    if q.with.is_some() {
        return Err("WITH (common table expressions) is not allowed".into());
    }
    if !plain_query(q) {
        return Err("the query has a clause the renderer never writes".into());
    }
    let SetExpr::Select(select) = q.body.as_ref() else {
        return Err(
            "only a plain SELECT is allowed (no UNION, VALUES or nested statements)".into(),
        );
    };
    // The top level may read the ranked derived table in place of the
    // FTS table (checked in `check_from`); its alias then qualifies
    // columns there.
    let derived = matches!(
        select.from.as_slice(),
        [TableWithJoins {
            relation: TableFactor::Derived { .. },
            ..
        }]
    );
    let scope = if derived && !scope.subquery && !scope.in_ranked {
        Scope {
            ranked: true,
            ..scope
        }
    } else {
        scope
    };
    check_select_body(select, scope, depth)?;
    if let Some(order_by) = &q.order_by {
        check_order_by(order_by, scope, depth)?;
    }
    match &q.limit_clause {
        None => Ok(()),
        Some(LimitClause::LimitOffset {
            limit: Some(limit),
            offset: None,
            limit_by,
        }) if limit_by.is_empty() => match limit {
            Expr::Value(v) if matches!(v.value, Value::Number(..)) => Ok(()),
            _ => Err("LIMIT must be a number".into()),
        },
        Some(_) => Err("only LIMIT <number> is allowed (no OFFSET)".into()),
    }
}

/// No query clause the renderer never writes (`FETCH`, locks, `FOR`,
/// settings, `FORMAT`, pipe operators); `WITH`, `ORDER BY` and `LIMIT` are
/// checked apart.
fn plain_query(q: &Query) -> bool {
    q.fetch.is_none()
        && q.locks.is_empty()
        && q.for_clause.is_none()
        && q.settings.is_none()
        && q.format_clause.is_none()
        && q.pipe_operators.is_empty()
}

/// No `SELECT` clause the renderer never writes (`DISTINCT`, `INTO`,
/// grouping modifiers, `WINDOW`, …); `GROUP BY` columns and `HAVING` are
/// checked apart.
fn plain_select(s: &Select) -> bool {
    s.optimizer_hints.is_empty()
        && s.distinct.is_none()
        && s.select_modifiers.is_none()
        && s.top.is_none()
        && s.exclude.is_none()
        && s.into.is_none()
        && s.lateral_views.is_empty()
        && s.prewhere.is_none()
        && s.connect_by.is_empty()
        && matches!(&s.group_by, GroupByExpr::Expressions(_, m) if m.is_empty())
        && s.cluster_by.is_empty()
        && s.distribute_by.is_empty()
        && s.sort_by.is_empty()
        && s.named_window.is_empty()
        && s.qualify.is_none()
        && s.value_table_mode.is_none()
        && matches!(s.flavor, SelectFlavor::Standard)
}

fn check_select_body(s: &Select, scope: Scope, depth: usize) -> Result<(), String> {
    if !plain_select(s) {
        return Err(
            "the SELECT has a clause the renderer never writes (DISTINCT, INTO, GROUP BY, HAVING, WINDOW, …)"
                .into(),
        );
    }
    if let Some(h) = &s.having {
        let grouped = matches!(&s.group_by, GroupByExpr::Expressions(c, _) if !c.is_empty());
        if !scope.subquery || !grouped {
            return Err("HAVING is allowed only in a grouping subquery".into());
        }
        check_having(h)?;
    }
    check_from(&s.from, scope, depth)?;
    if let GroupByExpr::Expressions(columns, _) = &s.group_by {
        // Only a subquery groups, and only by plain columns.
        if !columns.is_empty() && !scope.subquery {
            return Err("GROUP BY is allowed only inside a subquery".into());
        }
        for c in columns {
            match c {
                Expr::Identifier(_) => {}
                Expr::CompoundIdentifier(parts) if parts.len() == 2 => {
                    check_ident_qualifier(&parts[0], scope)?
                }
                _ => return Err("GROUP BY may name columns only".into()),
            }
        }
    }
    if s.projection.is_empty() {
        return Err("the SELECT returns no columns".into());
    }
    for (i, item) in s.projection.iter().enumerate() {
        match item {
            // The figure: the last column of the top-level SELECT.
            SelectItem::ExprWithAlias { expr, alias }
                if alias.value == crate::FIGURE_ALIAS
                    && i + 1 == s.projection.len()
                    && !scope.subquery =>
            {
                check_figure(expr, scope)?
            }
            SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                check_expr(e, scope, depth + 1)?
            }
            _ => return Err("wildcards are not allowed in the column list".into()),
        }
    }
    if let Some(w) = &s.selection {
        check_expr(w, scope, depth + 1)?;
    }
    Ok(())
}

/// The one HAVING the renderer writes: `count(*)` compared with a number,
/// or between two numbers (records per value: "cities with more than 5
/// companies").
fn check_having(h: &Expr) -> Result<(), String> {
    let is_count = |e: &Expr| match e {
        Expr::Function(Function {
            name,
            args: FunctionArguments::List(list),
            over: None,
            filter: None,
            ..
        }) => {
            name.to_string().eq_ignore_ascii_case("count")
                && list.duplicate_treatment.is_none()
                && matches!(
                    list.args.as_slice(),
                    [FunctionArg::Unnamed(FunctionArgExpr::Wildcard)]
                )
        }
        _ => false,
    };
    let is_number = |e: &Expr| matches!(e, Expr::Value(v) if matches!(v.value, Value::Number(..)));
    let ok = match h {
        Expr::BinaryOp { left, op, right } => {
            matches!(
                op,
                BinaryOperator::Gt
                    | BinaryOperator::GtEq
                    | BinaryOperator::Lt
                    | BinaryOperator::LtEq
            ) && is_count(left)
                && is_number(right)
        }
        Expr::Between {
            expr,
            negated: false,
            low,
            high,
        } => is_count(expr) && is_number(low) && is_number(high),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err("HAVING may only compare count(*) with numbers".into())
    }
}

fn check_from(from: &[TableWithJoins], scope: Scope, depth: usize) -> Result<(), String> {
    let [TableWithJoins { relation, joins }] = from else {
        return Err(
            "the SELECT must read exactly one table (joined to its FTS table at most)".into(),
        );
    };
    if scope.ranked && !scope.subquery {
        return check_ranked_from(relation, joins, scope, depth);
    }
    let first = table_name(relation)?;
    if scope.in_ranked && !scope.subquery {
        return if scope.is_fts(&first) && joins.is_empty() {
            Ok(())
        } else {
            Err("the ranked derived table reads the FTS table alone".into())
        };
    }
    if !(scope.is_table(&first) || scope.is_fts(&first)) {
        return Err(format!("table {first:?} is not this dataset's"));
    }
    match joins.as_slice() {
        [] => Ok(()),
        [join] if !scope.subquery => {
            let second = table_name(&join.relation)?;
            // The one join the renderer writes: the FTS table to the records
            // (or the other way round), on a condition.
            let pair_ok = (scope.is_fts(&first) && scope.is_table(&second))
                || (scope.is_table(&first) && scope.is_fts(&second));
            if !pair_ok {
                return Err(format!(
                    "only the dataset's records and FTS tables may be joined, not {first:?} and {second:?}"
                ));
            }
            match &join.join_operator {
                JoinOperator::CrossJoin(JoinConstraint::On(on))
                | JoinOperator::Join(JoinConstraint::On(on))
                | JoinOperator::Inner(JoinConstraint::On(on)) => check_expr(on, scope, depth + 1),
                _ => Err("only [CROSS] JOIN … ON is allowed".into()),
            }
        }
        _ => Err("too many joins".into()),
    }
}

/// The top level's FROM over the ranked derived table the renderer writes:
/// `(SELECT <fts>.rowid AS "_match", <fts>.rank AS "_rank" FROM <fts>
/// WHERE … ORDER BY … LIMIT n) AS "_ranked" CROSS JOIN <records> ON …`,
/// the derived table's query checked like the top level's over the FTS
/// table alone.
fn check_ranked_from(
    relation: &TableFactor,
    joins: &[sqlparser::ast::Join],
    scope: Scope,
    depth: usize,
) -> Result<(), String> {
    let TableFactor::Derived {
        lateral: false,
        subquery,
        alias: Some(alias),
        sample: None,
    } = relation
    else {
        return Err("FROM may name only the dataset's tables (no subqueries or functions)".into());
    };
    if alias.name.value != crate::RANKED_ALIAS || !alias.columns.is_empty() || alias.at.is_some() {
        return Err(format!(
            "a derived table must be the ranked matches, named {:?}",
            crate::RANKED_ALIAS
        ));
    }
    let SetExpr::Select(inner) = subquery.body.as_ref() else {
        return Err("the ranked derived table must be a plain SELECT".into());
    };
    let aliases: Vec<&str> = inner
        .projection
        .iter()
        .map(|item| match item {
            SelectItem::ExprWithAlias { alias, .. } => alias.value.as_str(),
            _ => "",
        })
        .collect();
    if aliases != [crate::RANKED_ROW_ALIAS, crate::RANKED_RANK_ALIAS] {
        return Err(format!(
            "the ranked derived table returns {:?} and {:?} only",
            crate::RANKED_ROW_ALIAS,
            crate::RANKED_RANK_ALIAS
        ));
    }
    let inner_scope = Scope {
        ranked: false,
        in_ranked: true,
        ..scope
    };
    check_query(subquery, inner_scope, depth + 1)?;
    let [join] = joins else {
        return Err("the ranked derived table must be joined to the records".into());
    };
    let second = table_name(&join.relation)?;
    if !scope.is_table(&second) {
        return Err(format!(
            "the ranked derived table may be joined to the records only, not {second:?}"
        ));
    }
    match &join.join_operator {
        JoinOperator::CrossJoin(JoinConstraint::On(on))
        | JoinOperator::Join(JoinConstraint::On(on))
        | JoinOperator::Inner(JoinConstraint::On(on)) => check_expr(on, scope, depth + 1),
        _ => Err("only [CROSS] JOIN … ON is allowed".into()),
    }
}

/// The name of a plain table reference; anything else (a subquery in FROM, a
/// table-valued function such as `pragma_table_info(…)`, a schema-qualified
/// name, an alias, hints) is refused.
fn table_name(t: &TableFactor) -> Result<String, String> {
    match t {
        TableFactor::Table {
            name,
            alias: None,
            args: None,
            with_hints,
            version: None,
            with_ordinality: false,
            partitions,
            json_path: None,
            sample: None,
            index_hints,
        } if with_hints.is_empty() && partitions.is_empty() && index_hints.is_empty() => {
            single_name(name).ok_or_else(|| {
                format!("table {name} must be named by one identifier (no schema such as main. or another database)")
            })
        }
        TableFactor::Table { .. } => Err(
            "a table must be named plainly (no alias, arguments, hints or table-valued functions)"
                .into(),
        ),
        _ => Err("FROM may name only the dataset's tables (no subqueries or functions)".into()),
    }
}

fn single_name(name: &ObjectName) -> Option<String> {
    match name.0.as_slice() {
        [ObjectNamePart::Identifier(id)] => Some(id.value.clone()),
        _ => None,
    }
}

fn check_order_by(o: &OrderBy, scope: Scope, depth: usize) -> Result<(), String> {
    if o.interpolate.is_some() {
        return Err("INTERPOLATE is not allowed".into());
    }
    let OrderByKind::Expressions(exprs) = &o.kind else {
        return Err("ORDER BY ALL is not allowed".into());
    };
    for e in exprs {
        if e.with_fill.is_some() {
            return Err("WITH FILL is not allowed".into());
        }
        check_expr(&e.expr, scope, depth + 1)?;
    }
    Ok(())
}

fn check_ident_qualifier(q: &Ident, scope: Scope) -> Result<(), String> {
    let ranked = scope.ranked && !scope.subquery && q.value == crate::RANKED_ALIAS;
    if ranked || scope.is_table(&q.value) || scope.is_fts(&q.value) {
        Ok(())
    } else {
        Err(format!(
            "column qualifier {:?} is not this dataset's table",
            q.value
        ))
    }
}

fn check_expr(e: &Expr, scope: Scope, depth: usize) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err("the statement nests too deeply".into());
    }
    let d = depth + 1;
    match e {
        Expr::Identifier(_) => Ok(()),
        Expr::CompoundIdentifier(parts) => match parts.as_slice() {
            [qualifier, _column] => check_ident_qualifier(qualifier, scope),
            _ => Err("a column may be qualified by its table only (table.column)".into()),
        },
        Expr::Value(v) => match &v.value {
            Value::Number(..) | Value::SingleQuotedString(_) | Value::Null => Ok(()),
            Value::Boolean(_) if scope.booleans => Ok(()),
            other => Err(format!("literal {other} is not allowed")),
        },
        Expr::Nested(inner) | Expr::IsNull(inner) | Expr::IsNotNull(inner) => {
            check_expr(inner, scope, d)
        }
        Expr::UnaryOp { op, expr } => match op {
            UnaryOperator::Minus | UnaryOperator::Plus | UnaryOperator::Not => {
                check_expr(expr, scope, d)
            }
            _ => Err(format!("operator {op} is not allowed")),
        },
        Expr::BinaryOp { left, op, right } => {
            let allowed = matches!(
                op,
                BinaryOperator::Eq
                    | BinaryOperator::NotEq
                    | BinaryOperator::Lt
                    | BinaryOperator::LtEq
                    | BinaryOperator::Gt
                    | BinaryOperator::GtEq
                    | BinaryOperator::And
                    | BinaryOperator::Or
                    | BinaryOperator::Match
                    | BinaryOperator::AtAt
            );
            if !allowed {
                return Err(format!("operator {op} is not allowed"));
            }
            if *op == BinaryOperator::AtAt {
                // Only the full-text column, with a query made of a string.
                if !(scope.is_fts_column(left) && scope.is_fts_query(right)) {
                    return Err(
                        "@@ must be <full-text column> @@ <query function>('<config>', '<string>')"
                            .into(),
                    );
                }
                return Ok(());
            }
            if *op == BinaryOperator::Match {
                // Only the FTS table itself can be MATCHed, with a string.
                let target_ok = match left.as_ref() {
                    Expr::Identifier(id) => scope.is_fts(&id.value),
                    _ => false,
                };
                let query_ok = matches!(right.as_ref(), Expr::Value(v) if matches!(v.value, Value::SingleQuotedString(_)));
                if !(target_ok && query_ok) {
                    return Err("MATCH must be <fts table> MATCH '<string>'".into());
                }
                return Ok(());
            }
            if matches!(op, BinaryOperator::And | BinaryOperator::Or) {
                // A long chain of conditions parses as a left-deep tree:
                // walk its spine in a loop, so a statement with hundreds of
                // filters is checked at a constant depth.
                let mut operands = vec![right.as_ref()];
                let mut cur = left.as_ref();
                while let Expr::BinaryOp {
                    left: l,
                    op: o,
                    right: r,
                } = cur
                {
                    if o != op {
                        break;
                    }
                    operands.push(r);
                    cur = l;
                }
                operands.push(cur);
                return operands
                    .into_iter()
                    .try_for_each(|x| check_expr(x, scope, d));
            }
            check_expr(left, scope, d)?;
            check_expr(right, scope, d)
        }
        Expr::Between {
            expr, low, high, ..
        } => {
            check_expr(expr, scope, d)?;
            check_expr(low, scope, d)?;
            check_expr(high, scope, d)
        }
        Expr::InList { expr, list, .. } => {
            check_expr(expr, scope, d)?;
            list.iter().try_for_each(|x| check_expr(x, scope, d))
        }
        Expr::ILike { .. } if !scope.ilike => Err("ILIKE is not allowed".into()),
        Expr::Like {
            any: false,
            expr,
            pattern,
            escape_char,
            ..
        }
        | Expr::ILike {
            any: false,
            expr,
            pattern,
            escape_char,
            ..
        } => {
            check_expr(expr, scope, d)?;
            check_expr(pattern, scope, d)?;
            match escape_char.as_deref() {
                None => Ok(()),
                Some(Expr::Value(v)) if matches!(v.value, Value::SingleQuotedString(_)) => Ok(()),
                Some(_) => Err("ESCAPE must be a string".into()),
            }
        }
        Expr::Function(f) => check_function(f, scope),
        Expr::Subquery(q) => {
            let inner = Scope {
                subquery: true,
                ..scope
            };
            check_query(q, inner, d)
        }
        Expr::InSubquery {
            expr,
            subquery,
            negated: false,
        } => {
            check_expr(expr, scope, d)?;
            if let Some(verdict) = check_match_set(subquery, scope) {
                return verdict;
            }
            let inner = Scope {
                subquery: true,
                ..scope
            };
            check_query(subquery, inner, d)
        }
        other => Err(format!("expression {} is not allowed", kind_of(other))),
    }
}

/// The set of rows that match a full-text query, right of `IN`:
/// `SELECT <fts>.rowid FROM <fts> WHERE <fts> MATCH '<string>'` and
/// nothing else (the renderer's field first form checks row positions
/// against it). `None` when the subquery does not read the FTS table (it
/// is checked as any other then).
fn check_match_set(q: &Query, scope: Scope) -> Option<Result<(), String>> {
    let fts = scope.fts_table.filter(|_| !scope.fts_column)?;
    let SetExpr::Select(s) = q.body.as_ref() else {
        return None;
    };
    let [TableWithJoins { relation, joins }] = s.from.as_slice() else {
        return None;
    };
    if !table_name(relation).is_ok_and(|n| n.eq_ignore_ascii_case(fts)) {
        return None;
    }
    let refused = || {
        Some(Err(format!("a subquery over {fts:?} must be SELECT {fts:?}.rowid FROM {fts:?} WHERE {fts:?} MATCH '<string>'")))
    };
    let bare = q.with.is_none()
        && q.order_by.is_none()
        && q.limit_clause.is_none()
        && plain_query(q)
        && joins.is_empty()
        && plain_select(s)
        && matches!(&s.group_by, GroupByExpr::Expressions(c, _) if c.is_empty())
        && s.having.is_none();
    let rowid = matches!(s.projection.as_slice(), [SelectItem::UnnamedExpr(Expr::CompoundIdentifier(p))]
        if matches!(p.as_slice(), [t, c] if t.value.eq_ignore_ascii_case(fts) && c.value.eq_ignore_ascii_case("rowid")));
    let matching = matches!(&s.selection, Some(Expr::BinaryOp { left, op: BinaryOperator::Match, right })
        if matches!(left.as_ref(), Expr::Identifier(id) if id.value.eq_ignore_ascii_case(fts))
            && matches!(right.as_ref(), Expr::Value(v) if matches!(v.value, Value::SingleQuotedString(_))));
    if bare && rowid && matching {
        Some(Ok(()))
    } else {
        refused()
    }
}

fn check_function(f: &Function, scope: Scope) -> Result<(), String> {
    let name = single_name(&f.name).unwrap_or_else(|| f.name.to_string());
    let lower = name.to_ascii_lowercase();
    let time_of_day = lower == scope.time_of_day;
    let weekday = lower == scope.weekday.0;
    let number = lower == NUMBER_FUNCTION;
    let year = lower == YEAR_FUNCTION;
    if !(AGGREGATES.contains(&lower.as_str())
        || lower == scope.fts_rank
        || time_of_day
        || weekday
        || number
        || year)
    {
        return Err(format!("function {name} is not allowed"));
    }
    if f.uses_odbc_syntax
        || !matches!(f.parameters, FunctionArguments::None)
        || !f.within_group.is_empty()
        || f.filter.is_some()
        || f.null_treatment.is_some()
        || f.over.is_some()
    {
        return Err(format!("{name}() may only be called plainly"));
    }
    let FunctionArguments::List(list) = &f.args else {
        return Err(format!("{name}() needs an argument list"));
    };
    if list.duplicate_treatment.is_some() || !list.clauses.is_empty() {
        return Err(format!("{name}() may only be called plainly"));
    }
    if lower == "count" {
        // count(*), inside a subquery: the frequency of a grouped value.
        return match list.args.as_slice() {
            [FunctionArg::Unnamed(FunctionArgExpr::Wildcard)] if scope.subquery => Ok(()),
            _ => Err("only count(*) inside a subquery is allowed".into()),
        };
    }
    if lower == scope.fts_rank && scope.fts_column {
        // ts_rank_cd(<fts column>, <query>), at the top level only.
        return match list.args.as_slice() {
            [FunctionArg::Unnamed(FunctionArgExpr::Expr(col)), FunctionArg::Unnamed(FunctionArgExpr::Expr(query))]
                if scope.is_fts_column(col) && scope.is_fts_query(query) =>
            {
                Ok(())
            }
            _ => Err(format!(
                "{}() takes the dataset's full-text column and a query of a string",
                scope.fts_rank
            )),
        };
    }
    if weekday {
        // strftime('%w', <column>), anywhere; no other format.
        return match (scope.weekday.1, list.args.as_slice()) {
            (
                Some(format),
                [FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Value(v))), FunctionArg::Unnamed(FunctionArgExpr::Expr(arg))],
            ) if matches!(&v.value, Value::SingleQuotedString(f) if f == format) => {
                check_column_arg(arg, scope, &name)
            }
            (None, [FunctionArg::Unnamed(FunctionArgExpr::Expr(arg))]) => {
                check_column_arg(arg, scope, &name)
            }
            _ => Err(match scope.weekday.1 {
                Some(format) => format!("{name}() takes only '{format}' and a column"),
                None => format!("{name}() takes a column"),
            }),
        };
    }
    let [FunctionArg::Unnamed(FunctionArgExpr::Expr(arg))] = list.args.as_slice() else {
        return Err(format!("{name}() takes exactly one plain argument"));
    };
    if lower == scope.fts_rank {
        // bm25(<fts table>), at the top level only.
        return match arg {
            Expr::Identifier(id) if scope.is_fts(&id.value) => Ok(()),
            _ => Err(format!(
                "{}() takes the dataset's FTS table",
                scope.fts_rank
            )),
        };
    }
    // time(<column>), quarry_number(<column>), quarry_year(<column>),
    // anywhere.
    if time_of_day || number || year {
        return check_column_arg(arg, scope, &name);
    }
    // min/max over a column of the records table (or its cells read as
    // numbers), inside a subquery.
    if !scope.subquery {
        return Err(format!("{name}() is allowed only inside a subquery"));
    }
    check_measured_arg(arg, scope, &name)
}

/// An aggregate's argument: a column of the records table, or the number
/// function over one (`avg(quarry_number(col))`).
fn check_measured_arg(arg: &Expr, scope: Scope, name: &str) -> Result<(), String> {
    match arg {
        Expr::Function(f)
            if single_name(&f.name).is_some_and(|n| n.eq_ignore_ascii_case(NUMBER_FUNCTION)) =>
        {
            check_function(f, scope)
        }
        _ => check_column_arg(arg, scope, name),
    }
}

/// A function's argument that must be a column of the records table
/// (`time(col)`, `strftime('%w', col)`).
fn check_column_arg(arg: &Expr, scope: Scope, name: &str) -> Result<(), String> {
    match arg {
        Expr::Identifier(_) => Ok(()),
        Expr::CompoundIdentifier(parts) if parts.len() == 2 => {
            check_ident_qualifier(&parts[0], scope)
        }
        _ => Err(format!("{name}() takes a column")),
    }
}

/// The figure column the renderer writes: `count(*) OVER ()`, or
/// `avg(<column>) OVER ()` / `sum(<column>) OVER ()` over a column of the
/// records table, with an empty window.
fn check_figure(e: &Expr, scope: Scope) -> Result<(), String> {
    let Expr::Function(f) = e else {
        return Err("the figure column must be a window function".into());
    };
    let name = single_name(&f.name)
        .unwrap_or_else(|| f.name.to_string())
        .to_ascii_lowercase();
    let empty_window = matches!(
        &f.over,
        Some(WindowType::WindowSpec(w))
            if w.window_name.is_none()
                && w.partition_by.is_empty()
                && w.order_by.is_empty()
                && w.window_frame.is_none()
    );
    if !empty_window
        || f.uses_odbc_syntax
        || !matches!(f.parameters, FunctionArguments::None)
        || !f.within_group.is_empty()
        || f.filter.is_some()
        || f.null_treatment.is_some()
    {
        return Err("the figure must be a plain function over an empty window".into());
    }
    let FunctionArguments::List(list) = &f.args else {
        return Err("the figure needs an argument list".into());
    };
    if list.duplicate_treatment.is_some() || !list.clauses.is_empty() {
        return Err("the figure may only be called plainly".into());
    }
    match (name.as_str(), list.args.as_slice()) {
        ("count", [FunctionArg::Unnamed(FunctionArgExpr::Wildcard)]) => Ok(()),
        ("avg" | "sum", [FunctionArg::Unnamed(FunctionArgExpr::Expr(arg))]) => match arg {
            Expr::CompoundIdentifier(parts) if parts.len() == 2 => {
                check_ident_qualifier(&parts[0], scope)
            }
            Expr::Function(_) => check_measured_arg(arg, scope, &name),
            _ => Err("the figure takes a column".into()),
        },
        _ => Err(format!("{name}() is not a figure")),
    }
}

/// A short name for a refused expression, without echoing its text.
fn kind_of(e: &Expr) -> String {
    let dbg = format!("{e:?}");
    dbg.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("?")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &str = "companies";
    const F: Option<&str> = Some("companies_fts");

    fn ok(sql: &str) {
        if let Err(e) = check_select(&crate::Sqlite, sql, T, F) {
            panic!("refused {sql}: {e}");
        }
    }

    fn refused(sql: &str) -> String {
        match check_select(&crate::Sqlite, sql, T, F) {
            Ok(()) => panic!("allowed {sql}"),
            Err(e) => e,
        }
    }

    #[test]
    fn the_renderers_shapes_pass() {
        ok(
            r#"SELECT "companies".rowid AS "_row", "companies"."name" FROM "companies" WHERE "companies"."country" = 'O''Brien' ORDER BY "companies".rowid LIMIT 10"#,
        );
        ok(
            r#"SELECT "companies".rowid AS "_row", "companies"."name" FROM "companies_fts" CROSS JOIN "companies" ON "companies".rowid = "companies_fts".rowid WHERE "companies_fts" MATCH '"fintech"' AND ("companies"."x" IS NULL OR "companies"."x" NOT IN ('a', 'b')) ORDER BY "companies"."employees" DESC NULLS LAST, bm25("companies_fts"), "companies".rowid LIMIT 5"#,
        );
        ok(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE "companies"."industry" = (SELECT "industry" FROM "companies" WHERE "industry" IS NOT NULL AND "companies"."country" = 'DE' GROUP BY "industry" ORDER BY count(*) DESC, min(rowid) LIMIT 1) ORDER BY "companies".rowid LIMIT 1"#,
        );
        // Records per value: a grouping subquery with a count in HAVING.
        ok(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE "companies"."city" IN (SELECT "city" FROM "companies" WHERE "city" IS NOT NULL AND "companies"."country" = 'DE' GROUP BY "city" HAVING count(*) >= 2) ORDER BY "companies".rowid LIMIT 10"#,
        );
        ok(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE "companies"."city" IN (SELECT "city" FROM "companies" WHERE "city" IS NOT NULL GROUP BY "city" HAVING count(*) BETWEEN 1 AND 2) ORDER BY "companies".rowid LIMIT 10"#,
        );
        ok(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE "companies".rowid < (SELECT min(rowid) FROM "companies" WHERE "name" = 'x') AND "companies"."e" > (SELECT "e" FROM "companies" WHERE "name" = 'y' LIMIT 1) AND "companies"."n" LIKE '%5\%%' ESCAPE '\' AND "companies"."f" BETWEEN -1.5 AND 1e100 AND 1 ORDER BY "companies".rowid LIMIT 1"#,
        );
        ok(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE (time("companies"."t") >= '22:00:00' OR time("companies"."t") < '05:00:00') ORDER BY "companies".rowid LIMIT 1"#,
        );
        assert!(refused(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE time('now') > '1' LIMIT 1"#
        )
        .contains("takes a column"));
    }

    /// The figure column: last, aliased `_figure`, a count or an average or
    /// sum of a column over an empty window; nothing else.
    /// The ranked derived table: the FTS table's first matches by ranking,
    /// joined to the records; nothing else may stand in a FROM.
    #[test]
    fn the_ranked_derived_table_passes_and_its_variations_do_not() {
        let head = r#"SELECT "companies".rowid AS "_row", "companies"."name" FROM "#;
        let tail = r#" AS "_ranked" CROSS JOIN "companies" ON "companies".rowid = "_ranked"."_match" ORDER BY "_ranked"."_rank", "companies".rowid LIMIT 10"#;
        let with = |inner: &str| format!("{head}({inner}){tail}");
        ok(&with(
            r#"SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts" WHERE "companies_fts" MATCH '"fintech"' ORDER BY "companies_fts"."rank", "companies_fts".rowid LIMIT 10"#,
        ));
        ok(&with(
            r#"SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts" WHERE "companies_fts" MATCH '"fintech"' AND +"companies_fts".rowid IN (SELECT rowid FROM "companies" WHERE "companies"."city" = 'Berlin') ORDER BY "companies_fts"."rank", "companies_fts".rowid LIMIT 10"#,
        ));
        // Another table, a join, a nested derived table, other columns.
        for inner in [
            r#"SELECT "other".rowid AS "_match", "other"."rank" AS "_rank" FROM "other""#,
            r#"SELECT "companies".rowid AS "_match", "companies"."name" AS "_rank" FROM "companies""#,
            r#"SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts" CROSS JOIN "companies" ON "companies".rowid = "companies_fts".rowid"#,
            r#"SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank", "companies_fts"."x" AS "y" FROM "companies_fts""#,
            r#"SELECT "companies_fts".rowid AS "_match" FROM "companies_fts""#,
            r#"SELECT "x"."_match" AS "_match", "x"."_rank" AS "_rank" FROM (SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts") AS "x""#,
            r#"SELECT "companies_fts".rowid AS "_match", sqlite_version() AS "_rank" FROM "companies_fts""#,
            r#"SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts" WHERE "companies_fts".rowid IN (SELECT "_ranked"."_match" FROM "companies")"#,
            r#"SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts" WHERE +"companies_fts".rowid IN (SELECT rowid FROM "companies_fts" WHERE "companies_fts" MATCH 'x')"#,
            r#"SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts" WHERE +"companies_fts".rowid IN (SELECT rowid FROM "other")"#,
            r#"SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts" ORDER BY "companies_fts"."rank" LIMIT 1 OFFSET 5"#,
        ] {
            refused(&with(inner));
        }
        let inner = r#"(SELECT "companies_fts".rowid AS "_match", "companies_fts"."rank" AS "_rank" FROM "companies_fts")"#;
        // Another alias, column aliases, a join to anything but the
        // records, the FTS table beside it, no join, a derived table in
        // a subquery.
        refused(&format!(
            r#"{head}{inner} AS "x" CROSS JOIN "companies" ON "companies".rowid = "x"."_match" LIMIT 1"#
        ));
        refused(&format!(
            r#"{head}{inner} AS "_ranked" ("a", "b") CROSS JOIN "companies" ON "companies".rowid = "_ranked"."a" LIMIT 1"#
        ));
        refused(&format!(
            r#"{head}{inner} AS "_ranked" CROSS JOIN "other" ON "other".rowid = "_ranked"."_match" LIMIT 1"#
        ));
        refused(&format!(
            r#"{head}{inner} AS "_ranked" CROSS JOIN "companies_fts" ON "companies_fts".rowid = "_ranked"."_match" LIMIT 1"#
        ));
        refused(&format!(r#"{head}{inner} AS "_ranked" LIMIT 1"#));
        refused(&format!(
            r#"{head}{inner} AS "_ranked" CROSS JOIN "companies" ON "companies".rowid = "_ranked"."_match" WHERE bm25("companies_fts") < 0 LIMIT 1"#
        ));
        refused(&format!(
            r#"{head}"companies" WHERE "companies".rowid IN (SELECT "_ranked"."_match" FROM {inner} AS "_ranked") LIMIT 1"#
        ));
    }

    #[test]
    fn the_figure_column_is_checked() {
        let head = r#"SELECT "companies".rowid AS "_row", "companies"."name", "#;
        let tail = r#" FROM "companies" WHERE "companies"."country" = 'DE' ORDER BY "companies".rowid LIMIT 10"#;
        for figure in [
            r#"count(*) OVER () AS "_figure""#,
            r#"avg("companies"."employees") OVER () AS "_figure""#,
            r#"sum("companies"."employees") OVER () AS "_figure""#,
        ] {
            ok(&format!("{head}{figure}{tail}"));
        }
        for figure in [
            r#"count(*) OVER (PARTITION BY "companies"."country") AS "_figure""#,
            r#"count(*) OVER (ORDER BY "companies"."name") AS "_figure""#,
            r#"group_concat("companies"."name") OVER () AS "_figure""#,
            r#"avg((SELECT sql FROM sqlite_master)) OVER () AS "_figure""#,
            r#"avg("other"."x") OVER () AS "_figure""#,
            r#"count(*) OVER () AS "other""#,
            r#"count(*) AS "_figure""#,
        ] {
            refused(&format!("{head}{figure}{tail}"));
        }
        // Not in the middle of the columns, not in a subquery.
        refused(&format!(
            r#"{head}count(*) OVER () AS "_figure", "companies"."city"{tail}"#
        ));
    }

    #[test]
    fn hostile_sql_is_refused() {
        for sql in [
            "DELETE FROM companies",
            "DROP TABLE companies",
            "INSERT INTO companies VALUES (1)",
            "UPDATE companies SET name = 'x'",
            "ATTACH DATABASE '/tmp/x' AS x",
            "PRAGMA writable_schema = 1",
            "CREATE TABLE x (a)",
            "SELECT 1 FROM companies; DROP TABLE companies",
            "SELECT name FROM companies UNION SELECT sql FROM sqlite_master",
            "SELECT name FROM sqlite_master",
            "SELECT name FROM main.companies",
            "SELECT name FROM other.companies",
            "SELECT * FROM companies",
            "WITH x AS (SELECT 1) SELECT name FROM companies",
            "SELECT load_extension('/tmp/evil.so') FROM companies",
            "SELECT name FROM companies WHERE name = readfile('/etc/passwd')",
            "SELECT name FROM pragma_table_info('companies')",
            "SELECT name FROM companies WHERE id IN (SELECT id FROM secrets)",
            "SELECT name FROM companies WHERE id = (SELECT max(x) FROM companies_fts)",
            "SELECT name FROM companies JOIN sqlite_master ON 1",
            "SELECT name FROM companies, companies_fts",
            "SELECT name FROM (SELECT * FROM companies)",
            "SELECT name FROM companies LIMIT 1 OFFSET 5",
            "SELECT name FROM companies LIMIT (SELECT 1)",
            "SELECT name FROM companies WHERE name = ?",
            "SELECT name FROM companies WHERE name = :x",
            "SELECT DISTINCT name FROM companies",
            "SELECT name FROM companies GROUP BY name",
            "SELECT name FROM companies WHERE x = (SELECT x FROM companies GROUP BY lower(x))",
            "SELECT name FROM companies WHERE x = (SELECT x FROM companies GROUP BY x HAVING 1)",
            "SELECT name FROM companies WHERE x IN (SELECT x FROM companies GROUP BY x HAVING count(x) > 1)",
            "SELECT name FROM companies WHERE x IN (SELECT x FROM companies GROUP BY x HAVING count(*) > (SELECT 1))",
            "SELECT name FROM companies WHERE x IN (SELECT x FROM companies HAVING count(*) > 1)",
            "SELECT name FROM companies GROUP BY name HAVING count(*) > 1",
            "SELECT count(*) FROM companies",
            "SELECT name FROM companies WHERE x = (SELECT count(x) FROM companies)",
            "SELECT name FROM companies WHERE x = (SELECT count(DISTINCT x) FROM companies)",
            "SELECT max(name) FROM companies",
            "SELECT name FROM companies AS c",
            "SELECT name FROM companies WHERE EXISTS (SELECT 1 FROM companies)",
            "SELECT CASE WHEN 1 THEN 2 END FROM companies",
            "SELECT name FROM companies WHERE companies_fts MATCH name",
            "SELECT name FROM companies WHERE sqlite_master.sql = 1",
            "VACUUM INTO '/tmp/copy.db'",
            "",
            ";",
        ] {
            refused(sql);
        }
        assert!(refused("SELECT name FROM x; SELECT 1").contains("one statement"));
    }

    fn pg(sql: &str) -> Result<(), String> {
        check_select(&crate::Postgres, sql, T, Some("_fts"))
    }

    /// PostgreSQL's shapes: the `_row` column, the full-text column matched
    /// with `@@` and ranked by `ts_rank_cd`, `ILIKE`, `TRUE`, the store's
    /// time-of-day function; and what stays refused.
    #[test]
    fn postgres_shapes_pass_and_the_rest_is_refused() {
        for sql in [
            r#"SELECT "companies"."_row" AS "_row", "companies"."name" FROM "companies" WHERE "_fts" @@ websearch_to_tsquery('quarry_text', '"fintech" or "remote first"') AND "companies"."name" ILIKE '%a\%%' ESCAPE '\' AND TRUE ORDER BY "companies"."employees" DESC NULLS LAST, -ts_rank_cd("_fts", websearch_to_tsquery('quarry_text', '"fintech"')), "companies"."_row" LIMIT 5"#,
            r#"SELECT "companies"."_row" AS "_row", count(*) OVER () AS "_figure" FROM "companies" WHERE "companies"."_fts" @@ plainto_tsquery('quarry_text', 'x') ORDER BY ts_rank_cd("companies"."_fts", plainto_tsquery('quarry_text', 'x')) LIMIT 5"#,
            r#"SELECT "companies"."_row" AS "_row" FROM "companies" WHERE quarry_time("companies"."t") >= '22:00:00' AND "companies"."_row" < (SELECT min("_row") FROM "companies" WHERE "name" = 'x') ORDER BY "companies"."_row" LIMIT 1"#,
        ] {
            if let Err(e) = pg(sql) {
                panic!("refused {sql}: {e}");
            }
        }
        for sql in [
            // The full-text column matched against anything but a query of
            // a string, or in a subquery; the query functions elsewhere.
            r#"SELECT "_row" FROM "companies" WHERE "_fts" @@ to_tsquery('quarry_text', 'x')"#,
            r#"SELECT "_row" FROM "companies" WHERE "_fts" @@ websearch_to_tsquery('quarry_text', "name")"#,
            r#"SELECT "_row" FROM "companies" WHERE "_fts" @@ websearch_to_tsquery('x')"#,
            r#"SELECT "_row" FROM "companies" WHERE "name" @@ websearch_to_tsquery('quarry_text', 'x')"#,
            r#"SELECT "_row" FROM "companies" WHERE "_fts" @@ 'x'"#,
            r#"SELECT "_row" FROM "companies" WHERE "x" = (SELECT "x" FROM "companies" WHERE "_fts" @@ websearch_to_tsquery('quarry_text', 'x') LIMIT 1)"#,
            r#"SELECT websearch_to_tsquery('quarry_text', 'x') FROM "companies""#,
            r#"SELECT "_row" FROM "companies" ORDER BY ts_rank_cd("name", websearch_to_tsquery('quarry_text', 'x'))"#,
            r#"SELECT "_row" FROM "companies" ORDER BY ts_rank_cd("_fts")"#,
            // No FTS table to join: the name is a column's.
            r#"SELECT "_row" FROM "_fts""#,
            r#"SELECT "_row" FROM "companies" WHERE "_fts" MATCH 'x'"#,
            // PostgreSQL's own syntax the renderer never writes.
            r#"SELECT "_row" FROM "companies" WHERE "name"::int > 1"#,
            r#"SELECT "_row" FROM "companies" WHERE "name" = E'\x41'"#,
            r#"SELECT "_row" FROM "companies" WHERE "name" = $$x$$"#,
            r#"SELECT "_row" FROM "companies" WHERE "name" = $1"#,
            r#"SELECT "_row" FROM "companies" WHERE "name" ~ 'x'"#,
            r#"SELECT "_row" FROM public."companies""#,
            r#"SELECT "_row" FROM pg_catalog.pg_authid"#,
            r#"SELECT "_row" FROM "companies" WHERE pg_sleep(10) IS NULL"#,
            r#"SELECT "_row" FROM "companies" WHERE "name" = current_setting('x')"#,
            r#"SELECT "_row" FROM "companies" WHERE "name" = (SELECT rolpassword FROM pg_authid LIMIT 1)"#,
            "SELECT pg_read_file('/etc/passwd') FROM companies",
            "COPY companies TO '/tmp/x'",
            "SET statement_timeout = 0",
            "BEGIN; SELECT 1 FROM companies",
            "SELECT 1 FROM companies FOR UPDATE",
        ] {
            assert!(pg(sql).is_err(), "allowed {sql}");
        }
        // What SQLite's guard refuses stays refused there.
        refused(r#"SELECT "_row" FROM "companies" WHERE "name" ILIKE 'x'"#);
        refused(r#"SELECT "_row" FROM "companies" WHERE TRUE"#);
        refused(
            r#"SELECT "_row" FROM "companies" WHERE "companies_fts" @@ websearch_to_tsquery('a', 'x')"#,
        );
    }

    /// The day of the week: `strftime('%w', <column>)` (SQLite) and
    /// `quarry_weekday(<column>)` (PostgreSQL), anywhere a column may be;
    /// any other use of either function is refused.
    #[test]
    fn the_number_function_passes_on_a_column_and_nothing_else_does() {
        ok(
            r#"SELECT "companies".rowid AS "_row", avg(quarry_number("companies"."c")) OVER () AS "_figure" FROM "companies" WHERE quarry_number("companies"."c") > 500 AND quarry_number("companies"."c") = (SELECT max(quarry_number("companies"."c")) FROM "companies") ORDER BY quarry_number("companies"."c") DESC NULLS LAST, "companies".rowid LIMIT 3"#,
        );
        for sql in [
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_number('1,000') > 5 LIMIT 1"#,
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_number("c", "d") > 5 LIMIT 1"#,
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_number(quarry_number("c")) > 5 LIMIT 1"#,
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_number("other"."c") > 5 LIMIT 1"#,
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE "c" = (SELECT max(quarry_number(1)) FROM "companies") LIMIT 1"#,
        ] {
            let why = refused(sql);
            assert!(
                why.contains("quarry_number")
                    || why.contains("not allowed")
                    || why.contains("table"),
                "{sql}: {why}"
            );
        }
    }

    /// The year a date kept as text writes: `quarry_year(<column>)`,
    /// anywhere a column may be; no other argument.
    #[test]
    fn the_year_function_passes_on_a_column_and_nothing_else_does() {
        ok(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_year("companies"."d") BETWEEN 1990 AND 1999 ORDER BY "companies".rowid LIMIT 3"#,
        );
        for sql in [
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_year('7/4/2015') > 5 LIMIT 1"#,
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_year("c", "d") > 5 LIMIT 1"#,
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_year(quarry_year("c")) > 5 LIMIT 1"#,
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE quarry_year("other"."c") > 5 LIMIT 1"#,
        ] {
            let why = refused(sql);
            assert!(
                why.contains("quarry_year") || why.contains("table"),
                "{sql}: {why}"
            );
        }
    }

    #[test]
    fn the_day_of_the_week_passes_on_a_column_and_nothing_else_does() {
        ok(
            r#"SELECT "companies".rowid AS "_row", "companies"."name" FROM "companies" WHERE strftime('%w', "companies"."d") IN ('0', '6') AND strftime('%w', "companies"."d") <> '3' ORDER BY "companies".rowid LIMIT 10"#,
        );
        ok(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE STRFTIME('%w', "d") NOT IN ('1', '2') AND "companies"."x" = (SELECT "x" FROM "companies" WHERE strftime('%w', "d") = '5' LIMIT 1) LIMIT 1"#,
        );
        for (sql, why) in [
            // Another format, or a format that is not that one literal.
            (
                r#"strftime('%Y', "companies"."d") = '2015'"#,
                "takes only '%w'",
            ),
            (
                r#"strftime('%w %Y', "companies"."d") = '0'"#,
                "takes only '%w'",
            ),
            (
                r#"strftime('%W', "companies"."d") = '0'"#,
                "takes only '%w'",
            ),
            (
                r#"strftime("companies"."f", "companies"."d") = '0'"#,
                "takes only '%w'",
            ),
            (
                r#"strftime('%w' || '', "companies"."d") = '0'"#,
                "takes only '%w'",
            ),
            // Not a column, more or fewer arguments, modifiers.
            (r#"strftime('%w', 'now') = '0'"#, "takes a column"),
            (
                r#"strftime('%w', "companies"."d" || 'x') = '0'"#,
                "takes a column",
            ),
            (
                r#"strftime('%w', (SELECT "d" FROM "companies" LIMIT 1)) = '0'"#,
                "takes a column",
            ),
            (r#"strftime('%w') = '0'"#, "takes only '%w'"),
            (
                r#"strftime('%w', "companies"."d", '+1 day') = '0'"#,
                "takes only '%w'",
            ),
            (r#"strftime("companies"."d") = '0'"#, "takes only '%w'"),
            (r#"strftime('%w', "other"."d") = '0'"#, ""),
            // The same as a plain function: no window, no DISTINCT.
            (
                r#"strftime(DISTINCT '%w', "companies"."d") = '0'"#,
                "plainly",
            ),
            // PostgreSQL's function is no SQLite function.
            (r#"quarry_weekday("companies"."d") = '0'"#, "not allowed"),
            (r#"date("companies"."d") = '2015-01-01'"#, "not allowed"),
        ] {
            let e = refused(&format!(
                r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE {sql} LIMIT 1"#
            ));
            assert!(e.contains(why), "{sql}: {e}");
        }

        let pg = |sql: &str| check_select(&crate::Postgres, sql, T, Some("_fts"));
        pg(r#"SELECT "companies"."_row" AS "_row" FROM "companies" WHERE quarry_weekday("companies"."d") IN ('0', '6') AND quarry_weekday("d") <> '1' ORDER BY "companies"."_row" LIMIT 1"#)
            .unwrap();
        for sql in [
            r#"SELECT "_row" FROM "companies" WHERE quarry_weekday('2015-01-01') = '0'"#,
            r#"SELECT "_row" FROM "companies" WHERE quarry_weekday('%w', "d") = '0'"#,
            r#"SELECT "_row" FROM "companies" WHERE quarry_weekday("d", "d") = '0'"#,
            r#"SELECT "_row" FROM "companies" WHERE strftime('%w', "d") = '0'"#,
            r#"SELECT "_row" FROM "companies" WHERE to_char("d"::date, 'D') = '1'"#,
            r#"SELECT "_row" FROM "companies" WHERE extract(dow FROM "d"::date) = 0"#,
        ] {
            assert!(pg(sql).is_err(), "allowed {sql}");
        }
    }

    #[test]
    fn hundreds_of_conditions_are_not_too_deep() {
        // Found by the hostile corpus: a 2,000-character phrase repeating a
        // condition makes a WHERE of ~100 ANDs, which the guard once refused
        // as nesting too deeply.
        let conds = vec![r#""companies"."founded" >= '2015-01-01'"#; 500].join(" AND ");
        ok(&format!(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE {conds} ORDER BY "companies".rowid LIMIT 10"#
        ));
        let ors = vec!["(\"companies\".\"a\" = 1 OR \"companies\".\"b\" = 2)"; 300].join(" AND ");
        ok(&format!(
            r#"SELECT "companies".rowid AS "_row" FROM "companies" WHERE {ors} LIMIT 10"#
        ));
        // Deep nesting of another kind is still bounded (by the parser).
        let nested = format!("{}1{}", "(".repeat(200), ")".repeat(200));
        refused(&format!("SELECT {nested} FROM companies"));
    }
}
