//! Prints the plan and the SQL for each phrase read from stdin (one per
//! line) against a profile given as a JSON file:
//! `cargo run -p quarry-sql --example plan -- profile.json [--small] [--limit N]`.
//! A tool for looking at what the planner makes of a question.

use quarry_planner::{DatasetProfile, Planner, Tier};
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .expect("usage: plan PROFILE.json [--small] [--limit N]");
    let small = args.iter().any(|a| a == "--small");
    let limit: u32 = args
        .iter()
        .position(|a| a == "--limit")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let profile: DatasetProfile =
        serde_json::from_str(&std::fs::read_to_string(path).expect("read profile"))
            .expect("profile JSON");
    let planner = Planner::new(&profile);
    let tier = if small { Tier::Small } else { Tier::Default };
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let q = line.expect("stdin");
        let plan = planner.plan(&q, tier);
        let sql = quarry_sql::render_select(&quarry_sql::Sqlite, &profile, &plan, limit);
        let relaxed = plan
            .relaxed()
            .map(|(p, _)| quarry_sql::render_select(&quarry_sql::Sqlite, &profile, &p, limit));
        let v = serde_json::json!({
            "filters": quarry_sql::thought_filters(&plan),
            "traits": plan.traits,
            "key_phrases": plan.key_phrases,
            "metadata": plan.notes.join(" "),
            "sql": sql,
            "relaxed_sql": relaxed,
        });
        writeln!(out, "{v}").expect("stdout");
    }
}
