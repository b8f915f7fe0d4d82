//! Every statement the renderer writes for a corpus of phrases, on both
//! tiers and relaxed, passes the shape guard; the guard is not a rubber
//! stamp (hand-written hostile SQL over the same tables fails).

use quarry_planner::{DatasetProfile, Planner, Tier};
use quarry_sql::{check_select, render_select, Sqlite};

fn profile() -> DatasetProfile {
    serde_json::from_str(include_str!("fixtures/companies-profile.json")).unwrap()
}

const PHRASES: &[&str] = &[
    "fintech companies in Germany",
    "companies with more than 500 employees",
    "the 5 largest companies by revenue",
    "banks founded between 2015 and 2020",
    "companies not in France",
    "companies excluding Germany and Spain",
    "public fintech companies",
    "companies that are not public",
    "remote-first design studios founded since 2019",
    "newest companies",
    "oldest robotics companies in the UK",
    "companies with revenue under $10M",
    "companies with at least 1.5k employees and revenue over 2 billion",
    "companies founded in the last 3 years",
    "companies founded in March 2015",
    "companies named Acme",
    "companies whose name starts with Z",
    "companies with more employees than Acme Pay",
    "companies with the same country as Beta Studio",
    "companies listed before Gamma Robotics",
    "companies after Delta Bank",
    "the most common industry",
    "companies without a country",
    "top 3 german fintech by employees",
    "O'Brien Islands companies",
    "fintech OR banking in Germany or France",
    "companies updated in 2023",
    "20% of companies",
    "Germny fintech",
    "robots",
    "NEAR(fintech bank) * ^ \"unbalanced",
    "fintech'; DROP TABLE companies; --",
    "Germany\" OR 1=1 /* comment */ --",
    "x'); DELETE FROM companies WHERE ('1'='1",
    "more than 500 employees' UNION SELECT * FROM sqlite_master --",
    "description:fintech country:Germany",
    "\u{202e}ynamreG\u{202c} fintech",
    "ｆｉｎｔｅｃｈ companies in Ｇｅｒｍａｎｙ",
    "companies with employees between 10 and 20 and not in Spain sorted by founded",
    "biggest banks",
    "smallest",
    "a",
    "%_%",
    "\\'\\\"",
    // Traits with filters checked on the records outside the ranking,
    // subqueries among them.
    "fintech companies with more employees than Acme Pay",
    "robotics companies in the most common country",
    "fintech companies founded after 2010 in Germany",
];

#[test]
fn every_rendered_statement_passes_the_guard() {
    let p = profile();
    let planner = Planner::new(&p);
    let fts = p.fts_table.as_deref();
    let mut checked = 0;
    // Statements with filters checked outside the ranked derived table.
    let mut outside = 0;
    let long = "fintech Germany more than 500 employees ".repeat(50);
    // Found by the live hostile corpus: ~100 repeated conditions.
    let repeated: String = "^ founded since 2015 ".repeat(95);
    let phrases = PHRASES
        .iter()
        .copied()
        .chain([long.as_str(), repeated.as_str()]);
    for phrase in phrases {
        for tier in [Tier::Default, Tier::Small] {
            let plan = planner.plan(phrase, tier);
            let mut plans = vec![plan.clone()];
            let mut cur = plan;
            while let Some((relaxed, _)) = cur.relaxed() {
                plans.push(relaxed.clone());
                cur = relaxed;
            }
            for plan in plans {
                for limit in [1, 10, 100] {
                    let sql = render_select(&Sqlite, &p, &plan, limit);
                    if let Err(e) = check_select(&Sqlite, &sql, &p.table, fts) {
                        panic!("{phrase:?} ({tier:?}): {e}\n{sql}");
                    }
                    checked += 1;
                    outside += usize::from(sql.contains(r#""_ranked"."_match" WHERE"#));
                }
            }
        }
    }
    assert!(checked >= PHRASES.len() * 6, "{checked}");
    assert!(outside > 0);
}

#[test]
fn a_dataset_without_fts_refuses_an_fts_join() {
    let sql = r#"SELECT "companies".rowid AS "_row" FROM "companies_fts" CROSS JOIN "companies" ON "companies".rowid = "companies_fts".rowid ORDER BY "companies".rowid LIMIT 1"#;
    assert!(check_select(&Sqlite, sql, "companies", Some("companies_fts")).is_ok());
    assert!(check_select(&Sqlite, sql, "companies", None).is_err());
    // Another dataset's tables are another dataset's.
    assert!(check_select(&Sqlite, sql, "movies", Some("movies_fts")).is_err());
}
