//! Pass 7, numbers: each unclaimed number with the comparator before it
//! ("over 500", "below age 30", "a greater weight than 10"), a range
//! ("between 10 and 20", "from 2010 to 2015"), trailing words ("500 or
//! more"), or a list ("aged 32 or 33"), becomes a condition on the field it
//! governs: named right after or before it, implied by the comparator, the
//! year column for a year, or the one numeric field whose range holds it.
//! Claims the phrase and attaches the field mention it took.

use super::claims::ClaimedBy;
use super::mentions::OpMention;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{
    introduces_year, is_number_article, joins_range, precedes_year, split_comparative, Cmp,
    TRAILING,
};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::{ColumnProfile, ColumnType};
use crate::text::{format_number, TokenKind};

/// A number and the words around it that say what it asks.
struct NumberPhrase {
    /// The number's token.
    at: usize,
    value: f64,
    percent: bool,
    /// The comparator before it, if any.
    op: Option<OpMention>,
    /// The field named between the comparator and the number ("below age
    /// 30").
    between_field: Option<usize>,
    cmp: Option<Cmp>,
    /// The upper bound of a range.
    hi: Option<f64>,
    /// Further numbers of a list ("32 or 33"), the first included.
    list: Vec<f64>,
    /// The token after the phrase.
    end: usize,
}

impl NumberPhrase {
    /// Where the phrase starts: its comparator, else the number.
    fn start(&self) -> usize {
        self.op.as_ref().map_or(self.at, |o| o.start)
    }

    /// A whole number that could be a year.
    fn year_like(&self) -> bool {
        self.value.fract() == 0.0 && (1000.0..=2100.0).contains(&self.value)
    }
}

/// Whether `v` lies within the column's profiled range.
fn in_range(col: &ColumnProfile, v: f64) -> bool {
    let bound = |b: &Option<String>| b.as_deref().and_then(|m| m.parse::<f64>().ok());
    bound(&col.min).is_some_and(|m| m <= v) && bound(&col.max).is_some_and(|m| m >= v)
}

impl Ctx<'_> {
    pub(super) fn number_conditions(&mut self) {
        let n = self.toks.len();
        let mut i = 0;
        while i < n {
            let Some(v) = self.toks[i].number() else {
                i += 1;
                continue;
            };
            if self.claims.is_claimed(i) {
                i += 1;
                continue;
            }
            let mut p = self.number_phrase(i, v);
            let (field, how) = self.number_field(&mut p);
            i = p.end;
            if let Some(col) = field {
                self.number_condition(&p, col, how);
            }
        }
    }

    /// Reads the comparator, range, trailing words and list of the number
    /// at token `i`; claims trailing words.
    fn number_phrase(&mut self, i: usize, v: f64) -> NumberPhrase {
        let (op, between_field) = self.number_comparator(i);
        let mut p = NumberPhrase {
            at: i,
            value: v,
            percent: matches!(self.toks[i].kind, TokenKind::Number { percent: true, .. }),
            cmp: op.as_ref().map(|o| o.cmp),
            op,
            between_field,
            hi: None,
            list: vec![v],
            end: i + 1,
        };
        self.number_range(&mut p);
        // "500 or more"
        if let Some((c, len)) = self.trailing_at(p.end) {
            p.cmp = Some(c);
            self.claims.claim((p.end, p.end + len), ClaimedBy::Number);
            p.end += len;
        }
        // "aged 32 or 33": a list of numbers.
        if matches!(p.cmp, None | Some(Cmp::Eq)) {
            let n = self.toks.len();
            while p.end + 1 < n && (self.word_at(p.end, "or") || self.word_at(p.end, "and")) {
                match self.toks[p.end + 1].number() {
                    Some(x) if !self.claims.is_claimed(p.end + 1) => {
                        p.list.push(x);
                        p.end += 2;
                    }
                    _ => break,
                }
            }
        }
        p
    }

    /// The comparator right before the number at `i` ("over 5", "over
    /// about 5"), or before the field before it ("below age 30", with that
    /// field), or a comparative apart from its "than" ("a greater weight
    /// than 10", with the field between).
    fn number_comparator(&self, i: usize) -> (Option<OpMention>, Option<usize>) {
        let ops = &self.ops;
        let op = ops
            .iter()
            .find(|o| o.end == i || (o.end + 1 == i && is_number_article(self.norm(o.end))))
            .cloned();
        if op.is_some() {
            return (op, None);
        }
        if let Some(f) = self.fields.iter().find(|f| f.end == i) {
            if let Some(o) = ops.iter().find(|o| o.end == f.start) {
                let field = f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0);
                return (Some(o.clone()), field);
            }
        }
        if i > 1 && self.word_at(i - 1, "than") {
            for k in (i.saturating_sub(6)..i - 1).rev() {
                if let Some(c) = split_comparative(self.norm(k)) {
                    let op = OpMention {
                        start: k,
                        end: i,
                        cmp: c,
                        implies: None,
                        graded: None,
                    };
                    let field = self
                        .fields
                        .iter()
                        .filter(|f| f.start > k && f.end < i)
                        .find_map(|f| f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0));
                    return (Some(op), field);
                }
            }
        }
        (None, None)
    }

    /// "between 10 and 20", "from 2010 to 2015", "10 to 20"; "from 1990"
    /// alone means since.
    fn number_range(&self, p: &mut NumberPhrase) {
        if !(matches!(p.cmp, Some(Cmp::Between)) || p.cmp.is_none()) {
            return;
        }
        let end = p.end;
        if end + 1 < self.toks.len()
            && self.toks[end].is_word()
            && joins_range(self.norm(end))
            && self.toks[end + 1].number().is_some()
            && (p.cmp.is_some() || self.word_at(end, "to"))
        {
            p.hi = self.toks[end + 1].number();
            p.cmp = Some(Cmp::Between);
            p.end += 2;
        } else if p.cmp == Some(Cmp::Between) {
            p.cmp = None; // "from 1990" alone
            if p.op.as_ref().is_some_and(|o| self.norm(o.start) == "from") {
                p.cmp = Some(Cmp::Since);
            }
        }
    }

    /// Trailing words at `k` that flip or widen a comparison ("or more"):
    /// the comparison and their length.
    fn trailing_at(&self, k: usize) -> Option<(Cmp, usize)> {
        TRAILING
            .iter()
            .find(|(ws, _)| self.matches_words(k, ws))
            .map(|(ws, c)| (*c, ws.len()))
    }

    /// The field a number governs and how it was found; claims trailing
    /// words after a field named after the number ("50 employees or
    /// fewer").
    fn number_field(&mut self, p: &mut NumberPhrase) -> (Option<usize>, MatchKind) {
        let (i, v) = (p.at, p.value);
        let mut how = MatchKind::Exact;
        let after = if p.between_field.is_some() {
            None
        } else {
            self.field_after(p.end, 2)
                .or_else(|| self.field_after(i + 1, 2))
        };
        let mut field = p.between_field.or(after.map(|f| f.0));
        // "in 1994", "during 2007": a year, whatever field precedes it.
        let year_word =
            p.year_like() && i > 0 && introduces_year(self.norm(i - 1)) && p.op.is_none();
        if field.is_none() && year_word {
            field = self.year_field_before(p.start(), v);
        }
        if let Some((_, fend)) = after {
            // "50 employees or fewer"
            if let Some((c, len)) = self.trailing_at(fend) {
                p.cmp = Some(c);
                self.claims.claim((fend, fend + len), ClaimedBy::Number);
            }
        }
        // "days windier than 50": the column the comparative's adjective
        // speaks of, before a field named ahead of it.
        if field.is_none() {
            if let Some(f) =
                p.op.as_ref()
                    .and_then(|o| o.graded.as_ref()?.field.as_ref())
            {
                field = Some(f.column);
                how = MatchKind::Synonym;
            }
        }
        if field.is_none() && !year_word {
            field = self.field_before(p.start(), 3);
        }
        if field.is_none() {
            if let Some(c) = p.op.as_ref().and_then(|o| self.op_column(o)) {
                field = Some(c);
                how = MatchKind::Synonym;
            }
        }
        let yearish = p.year_like() && !p.percent;
        if field.is_none()
            && yearish
            && (p.cmp.is_some() || i > 0 && precedes_year(self.norm(i - 1)))
        {
            field = self.year_column();
            how = MatchKind::Inferred;
        }
        // "women over 70", "patients under 50": people compared by a
        // number are compared by age.
        let measured =
            p.op.as_ref()
                .is_some_and(|o| o.implies.is_some() || o.graded.is_some());
        if field.is_none()
            && p.cmp.is_some()
            && !measured
            && v <= 120.0
            && self.person_before(p.start())
        {
            if let Some(c) = self.age_column() {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        if field.is_none() && p.cmp.is_some() {
            field = self
                .nearest_ordered_field(i)
                .or_else(|| self.field_by_range(v));
            how = MatchKind::Inferred;
        }
        if yearish && after.is_none() && p.between_field.is_none() {
            // A year-like number far above the chosen field's values is a
            // year.
            if let (Some(c), Some(y)) = (field, self.year_column()) {
                let outside = self.ix.profile.columns[c]
                    .max
                    .as_deref()
                    .and_then(|m| m.parse::<f64>().ok())
                    .is_some_and(|m| m < v / 2.0);
                if outside {
                    field = Some(y);
                    how = MatchKind::Inferred;
                }
            }
        }
        (field, how)
    }

    /// "hired in 2005": the field named just before, if it can hold the
    /// year, else the dataset's year column.
    fn year_field_before(&self, start: usize, v: f64) -> Option<usize> {
        let before = self.field_before(start, 3).filter(|&c| {
            let col = &self.ix.profile.columns[c];
            matches!(col.ty, ColumnType::Date | ColumnType::DateTime) || in_range(col, v)
        });
        before.or_else(|| self.year_column())
    }

    /// The ordered field named nearest to token `i`.
    pub(super) fn nearest_ordered_field(&self, i: usize) -> Option<usize> {
        self.fields
            .iter()
            .filter_map(|f| {
                f.columns
                    .iter()
                    .find(|c| self.is_ordered(c.0))
                    .map(|c| (f, c.0))
            })
            .min_by_key(|(f, _)| f.start.abs_diff(i))
            .map(|(_, c)| c)
    }

    /// The only numeric field (not an id) whose range holds `v`.
    fn field_by_range(&self, v: f64) -> Option<usize> {
        let fits: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| {
                let col = &self.ix.profile.columns[c];
                col.ty.is_numeric() && !col.name.ends_with("id") && in_range(col, v)
            })
            .collect();
        (fits.len() == 1).then(|| fits[0])
    }

    /// The condition a number phrase asks of column `col`, with its note.
    fn number_condition(&mut self, p: &NumberPhrase, col: usize, how: MatchKind) {
        let i = p.at;
        if let Some(f) = self.fields.iter().find(|f| {
            f.columns.iter().any(|c| c.0 == col)
                && (f.end <= i + 1 && i - f.end.min(i) <= 4 || f.start >= i && f.start - i <= 3)
        }) {
            self.claims.attach_field(f.start);
        }
        let cmp = p.cmp.unwrap_or(Cmp::Eq);
        let Some((op, values)) = self.number_operands(p, col, cmp) else {
            return;
        };
        let (op_start, end) = (p.start(), p.end);
        let op = if self.negated(op_start) {
            match op {
                CompareOp::Eq => CompareOp::Ne,
                CompareOp::Gt => CompareOp::Le,
                CompareOp::Ge => CompareOp::Lt,
                CompareOp::Lt => CompareOp::Ge,
                CompareOp::Le => CompareOp::Gt,
                o => o,
            }
        } else {
            op
        };
        self.claims.claim((op_start, end), ClaimedBy::Number);
        // The phrase covers the field named next to it.
        let mut ps = op_start;
        let mut pe = end;
        if let Some(f) = self.fields.iter().find(|f| {
            f.columns.iter().any(|c| c.0 == col)
                && (f.end <= op_start && op_start - f.end <= 3
                    || f.start >= end && f.start - end <= 2)
        }) {
            ps = ps.min(f.start);
            pe = pe.max(f.end);
        }
        let name = self.ix.profile.columns[col].name.clone();
        let source = self.span_text(ps, pe);
        let conf = match how {
            MatchKind::Exact => confidence::NUMBER_BESIDE_FIELD,
            k => confidence::of_match(k),
        };
        self.note(Note::Number {
            source: source.clone(),
            field: name.clone(),
            matched: how,
            confidence: conf,
        });
        self.phrases.push((ps, pe));
        self.push_condition(
            (ps, pe),
            Condition {
                field: name,
                op,
                values,
                source,
                matched: how,
                confidence: conf,
            },
        );
    }

    /// The operator and operands for `cmp` on column `col`: a number in a
    /// text field is searched inside it, a year on a date column is a range
    /// of days, otherwise the number itself. `None` when a text field
    /// cannot take the comparison.
    fn number_operands(
        &self,
        p: &NumberPhrase,
        col: usize,
        cmp: Cmp,
    ) -> Option<(CompareOp, Vec<Literal>)> {
        let colp = &self.ix.profile.columns[col];
        let is_date = matches!(colp.ty, ColumnType::Date | ColumnType::DateTime);
        let yearish = p.year_like() && !p.percent;
        let v = if p.percent
            && colp
                .max
                .as_deref()
                .and_then(|m| m.parse::<f64>().ok())
                .is_some_and(|m| m <= 1.0)
        {
            p.value / 100.0
        } else {
            p.value
        };
        if colp.ty == ColumnType::Text {
            // A number in a text field: the text holds it.
            return match cmp {
                Cmp::Eq => Some((CompareOp::Contains, vec![Literal::Text(format_number(v))])),
                Cmp::Ne => Some((
                    CompareOp::NotContains,
                    vec![Literal::Text(format_number(v))],
                )),
                _ => None,
            };
        }
        if is_date && yearish {
            return Some(year_on_date(cmp, v as i64, p.hi.unwrap_or(v) as i64));
        }
        let lit = self.number_literal(col, v);
        Some(match cmp {
            Cmp::Eq if p.list.len() > 1 => (
                CompareOp::In,
                p.list
                    .iter()
                    .map(|&x| self.number_literal(col, x))
                    .collect(),
            ),
            Cmp::Eq => (CompareOp::Eq, vec![lit]),
            Cmp::Ne => (CompareOp::Ne, vec![lit]),
            Cmp::Gt | Cmp::After => (CompareOp::Gt, vec![lit]),
            Cmp::Ge | Cmp::Since => (CompareOp::Ge, vec![lit]),
            Cmp::Lt | Cmp::Before => (CompareOp::Lt, vec![lit]),
            Cmp::Le => (CompareOp::Le, vec![lit]),
            Cmp::Between => {
                let hi = p.hi.unwrap_or(v);
                let (a, b) = (v.min(hi), v.max(hi));
                (
                    CompareOp::Between,
                    vec![self.number_literal(col, a), self.number_literal(col, b)],
                )
            }
        })
    }

    /// A number as a literal of the column's type.
    fn number_literal(&self, col: usize, v: f64) -> Literal {
        // "born in 1988" on a year column of two-digit years: 88.
        let v = if (1000.0..=2100.0).contains(&v) && Some(col) == self.year_column() {
            self.stored_year(col, v as i64) as f64 + v.fract()
        } else {
            v
        };
        match self.ix.column_type(col) {
            ColumnType::Integer if v.fract() == 0.0 => Literal::Integer(v as i64),
            ColumnType::Date | ColumnType::DateTime => Literal::Text(format_number(v)),
            _ => Literal::Float(v),
        }
    }
}

/// A year `y` compared on a date column: a range of days ("after 2010" is
/// from 2011-01-01); `h` is a range's last year.
fn year_on_date(cmp: Cmp, y: i64, h: i64) -> (CompareOp, Vec<Literal>) {
    match cmp {
        Cmp::Eq => (CompareOp::StartsWith, vec![Literal::Text(y.to_string())]),
        Cmp::Gt | Cmp::After => (
            CompareOp::Ge,
            vec![Literal::Text(format!("{}-01-01", y + 1))],
        ),
        Cmp::Ge | Cmp::Since => (CompareOp::Ge, vec![Literal::Text(format!("{y}-01-01"))]),
        Cmp::Lt | Cmp::Before => (CompareOp::Lt, vec![Literal::Text(format!("{y}-01-01"))]),
        Cmp::Le => (
            CompareOp::Lt,
            vec![Literal::Text(format!("{}-01-01", y + 1))],
        ),
        Cmp::Ne => (CompareOp::NotContains, vec![Literal::Text(y.to_string())]),
        Cmp::Between => (
            CompareOp::Between,
            vec![
                Literal::Text(format!("{y}-01-01")),
                Literal::Text(format!("{h}-12-31T23:59:59")),
            ],
        ),
    }
}
