//! Saying why a query found nothing (DESIGN §1: "metadata says which
//! conditions were most restrictive"). Each condition of the plan is run
//! alone as a probe (no ordering, at most [`PROBE_CAP`] rows); the note names
//! the conditions that match the fewest records on their own.

use quarry_planner::{QueryPlan, TraitMatch};

/// Rows a probe counts up to; beyond it a condition is "not restrictive".
pub const PROBE_CAP: u32 = 20;
/// Conditions probed at most (each is one statement).
pub const MAX_PROBES: usize = 6;

/// One condition of a plan, alone.
pub struct Probe {
    /// As the thoughts show it: `country = 'Germany'`, `"fintech" in the text`.
    pub label: String,
    pub plan: QueryPlan,
}

/// The plan's conditions, each as a plan of its own: every filter, and the
/// traits (each alone when all must match, together when any may).
pub fn probes(plan: &QueryPlan) -> Vec<Probe> {
    let bare = || {
        let mut p = QueryPlan::empty(plan.tier);
        p.trait_match = plan.trait_match;
        p
    };
    let mut out = Vec::new();
    for f in &plan.filters {
        let mut p = bare();
        p.filters.push(f.clone());
        let label = quarry_sql::thought_filters(&p).remove(0);
        out.push(Probe { label, plan: p });
    }
    let quoted = |t: &String| format!("\"{t}\"");
    match plan.trait_match {
        TraitMatch::All => {
            for t in &plan.traits {
                let mut p = bare();
                p.traits.push(t.clone());
                out.push(Probe {
                    label: format!("{} in the text", quoted(t)),
                    plan: p,
                });
            }
        }
        TraitMatch::Any if !plan.traits.is_empty() => {
            let mut p = bare();
            p.traits = plan.traits.clone();
            let list: Vec<String> = plan.traits.iter().map(quoted).collect();
            out.push(Probe {
                label: format!("any of {} in the text", list.join(", ")),
                plan: p,
            });
        }
        TraitMatch::Any => {}
    }
    out.truncate(MAX_PROBES);
    out
}

/// The sentence for `thoughts.metadata`. `counts[i]` is how many records
/// probe `i` matched (capped at [`PROBE_CAP`]), `None` when it could not be
/// run in time.
pub fn note(probes: &[Probe], counts: &[Option<usize>]) -> String {
    match probes {
        [] => return "The dataset has no records.".to_string(),
        [only] => return format!("No record matched {}.", only.label),
        _ => {}
    }
    let mut known: Vec<(&str, usize)> = probes
        .iter()
        .zip(counts)
        .filter_map(|(p, c)| c.map(|c| (p.label.as_str(), c)))
        .collect();
    if known.is_empty() {
        return "No record matched every condition together.".to_string();
    }
    known.sort_by_key(|&(_, c)| c);
    let fewest = known[0].1;
    let most_restrictive: Vec<&str> = known
        .iter()
        .take_while(|&&(_, c)| c == fewest)
        .map(|&(l, _)| l)
        .collect();
    let each: Vec<String> = known
        .iter()
        .map(|&(label, c)| format!("{label}: {}", describe(c)))
        .collect();
    let verdict = if fewest == 0 {
        format!(
            "{} matches no record at all",
            most_restrictive.join(" and ")
        )
    } else {
        format!("the most restrictive: {}", most_restrictive.join(", "))
    };
    format!(
        "No record matched every condition together; {verdict}. Records each condition matches alone: {}.",
        each.join("; ")
    )
}

fn describe(count: usize) -> String {
    match count {
        0 => "none".to_string(),
        1 => "1".to_string(),
        c if c >= PROBE_CAP as usize => format!("{PROBE_CAP} or more"),
        c => c.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quarry_planner::{CompareOp, Condition, Filter, Literal, MatchKind, Tier};

    fn filter(field: &str, op: CompareOp, v: Literal) -> Filter {
        Filter {
            any_of: vec![Condition {
                field: field.into(),
                op,
                values: vec![v],
                source: field.into(),
                matched: MatchKind::Exact,
                confidence: 1.0,
            }],
        }
    }

    fn plan() -> QueryPlan {
        let mut p = QueryPlan::empty(Tier::Default);
        p.filters.push(filter(
            "country",
            CompareOp::Eq,
            Literal::Text("Germany".into()),
        ));
        p.filters
            .push(filter("employees", CompareOp::Gt, Literal::Integer(5000)));
        p.traits = vec!["fintech".into(), "remote".into()];
        p
    }

    #[test]
    fn every_condition_is_probed_alone() {
        let ps = probes(&plan());
        let labels: Vec<&str> = ps.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "country = 'Germany'",
                "employees > 5000",
                "\"fintech\" in the text",
                "\"remote\" in the text"
            ]
        );
        assert!(ps
            .iter()
            .all(|p| p.plan.filters.len() + p.plan.traits.len() == 1));
        let mut any = plan();
        any.trait_match = TraitMatch::Any;
        assert_eq!(
            probes(&any)[2].label,
            "any of \"fintech\", \"remote\" in the text"
        );
    }

    #[test]
    fn the_note_names_the_most_restrictive() {
        let ps = probes(&plan());
        let n = note(&ps, &[Some(20), Some(0), Some(3), None]);
        assert!(
            n.contains("employees > 5000 matches no record at all"),
            "{n}"
        );
        assert!(n.contains("country = 'Germany': 20 or more"), "{n}");
        assert!(!n.contains("remote"), "unknown counts are left out: {n}");
        let n = note(&ps, &[Some(7), Some(4), Some(4), Some(9)]);
        assert!(
            n.contains("the most restrictive: employees > 5000, \"fintech\" in the text"),
            "{n}"
        );
        assert_eq!(
            note(&ps[..1], &[Some(0)]),
            "No record matched country = 'Germany'."
        );
    }
}
