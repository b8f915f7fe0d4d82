//! The planner on arbitrary text over a fixed profile, both tiers: it must
//! not panic, and every condition it makes names a column of the profile.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use quarry_planner::{DatasetProfile, Planner, Tier, ROW_ORDER_FIELD};

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
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (profile, planner) = planner();
    for tier in [Tier::Default, Tier::Small] {
        let plan = planner.plan(text, tier);
        for f in &plan.filters {
            for c in &f.any_of {
                assert!(
                    c.field == ROW_ORDER_FIELD || profile.column(&c.field).is_some(),
                    "unknown field {:?}",
                    c.field
                );
            }
        }
        let _ = plan.relaxed();
    }
});
