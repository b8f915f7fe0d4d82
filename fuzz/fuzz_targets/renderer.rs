//! Phrase → plan → SQL: whatever the text, the rendered statement (and each
//! relaxation of it) passes `quarry_sql::check_select`, i.e. it parses as one
//! SELECT over the dataset's tables with allow-listed functions only.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use quarry_planner::{DatasetProfile, Planner, Tier};

fn planner() -> &'static (DatasetProfile, Planner) {
    static P: OnceLock<(DatasetProfile, Planner)> = OnceLock::new();
    P.get_or_init(|| {
        let profile: DatasetProfile = serde_json::from_str(include_str!(
            "../../crates/quarry-sql/tests/fixtures/companies-profile.json"
        ))
        .unwrap();
        let planner = Planner::new(&profile);
        (profile, planner)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (profile, planner) = planner();
    let tier = if first & 1 == 0 { Tier::Default } else { Tier::Small };
    let limit = u32::from(first >> 1).clamp(1, 100);
    let mut plan = planner.plan(text, tier);
    loop {
        let sql = quarry_sql::render_select(&quarry_sql::Sqlite, profile, &plan, limit);
        if let Err(e) = quarry_sql::check_select(
            &quarry_sql::Sqlite,
            &sql,
            &profile.table,
            profile.fts_table.as_deref(),
        ) {
            panic!("rendered SQL refused by the guard: {e}\n{sql}");
        }
        match plan.relaxed() {
            Some((relaxed, _)) => plan = relaxed,
            None => break,
        }
    }
});
