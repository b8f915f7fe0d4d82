//! The planner with a dataset's vocabulary: what each taught entry does to
//! a plan, the note that names the taught word, both tiers, and entries that
//! do not fit the profile left out. (The phrase corpus pins more plans:
//! `tests/data/companies.taught.*`.)

use quarry_planner::*;

fn companies() -> DatasetProfile {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/profiles/companies.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const VOCABULARY: &str = r#"
[fields.employees]
synonyms = ["headcount", "staff"]
description = "people employed"
unit = "people"

[[aliases]]
phrase = "DACH"
field = "country"
values = ["Germany", "Austria", "Switzerland"]

[superlatives]
largest = "employees"
"#;

fn taught() -> Planner {
    let profile = companies();
    let v = quarry_vocabulary::check(VOCABULARY, &profile)
        .unwrap()
        .vocabulary;
    Planner::with_vocabulary(&profile, &v)
}

fn filters(plan: &QueryPlan) -> Vec<(String, CompareOp, Vec<Literal>, MatchKind)> {
    plan.filters
        .iter()
        .flat_map(|f| &f.any_of)
        .map(|c| (c.field.clone(), c.op, c.values.clone(), c.matched))
        .collect()
}

fn text(v: &[&str]) -> Vec<Literal> {
    v.iter().map(|s| Literal::Text(s.to_string())).collect()
}

#[test]
fn an_alias_is_an_in_on_its_field_and_the_notes_name_it() {
    let before = Planner::new(&companies()).plan("DACH companies", Tier::Default);
    assert!(before.filters.is_empty(), "{:?}", before.filters);

    for tier in [Tier::Default, Tier::Small] {
        let plan = taught().plan("DACH companies", tier);
        assert_eq!(
            filters(&plan),
            [(
                "country".to_string(),
                CompareOp::In,
                text(&["Germany", "Austria", "Switzerland"]),
                MatchKind::Taught
            )],
            "{tier:?}"
        );
        assert!(
            plan.notes.contains(
                &"'DACH' is taught: country in (Germany, Austria, Switzerland).".to_string()
            ),
            "{:?}",
            plan.notes
        );
        assert!(plan.notes.iter().any(
            |n| n.contains("Value 'DACH' matched a value of country (taught, confidence 1.00)")
        ));
        assert_eq!(plan.key_phrases, ["DACH"]);
    }
    let plan = taught().plan("companies not in dach", Tier::Default);
    assert_eq!(filters(&plan)[0].1, CompareOp::NotIn);
}

#[test]
fn synonyms_units_and_description_words_name_the_field() {
    for (phrase, note) in [
        (
            "headcount over 1000",
            "'headcount' is taught: a synonym of employees.",
        ),
        (
            "more than 1000 people",
            "'people' is taught: the unit of employees.",
        ),
        (
            "employed more than 1000",
            "'employed' is taught: a word of the description of employees.",
        ),
    ] {
        let plan = taught().plan(phrase, Tier::Small);
        assert_eq!(
            filters(&plan),
            [(
                "employees".to_string(),
                CompareOp::Gt,
                vec![Literal::Integer(1000)],
                MatchKind::Exact
            )],
            "{phrase}"
        );
        assert!(
            plan.notes.contains(&note.to_string()),
            "{phrase}: {:?}",
            plan.notes
        );
    }
}

#[test]
fn a_taught_superlative_orders_by_its_field() {
    let plan = taught().plan("the 3 largest companies", Tier::Default);
    assert_eq!(
        plan.order,
        [OrderBy {
            key: OrderKey::Field("employees".into()),
            direction: Direction::Desc
        }]
    );
    assert_eq!(plan.limit, Some(3));
    assert!(plan
        .notes
        .contains(&"'largest' is taught: orders by employees descending.".to_string()));
    // A field named right after still wins, and says nothing of the taught
    // word.
    let plan = taught().plan("largest revenue", Tier::Default);
    assert_eq!(plan.order[0].key, OrderKey::Field("revenue".into()));
    assert!(
        !plan.notes.iter().any(|n| n.contains("taught")),
        "{:?}",
        plan.notes
    );
    // A taught superlative overrides the built-in reading: without the
    // vocabulary "largest" orders by employees as a size word; taught
    // otherwise, by what it says.
    let plan = Planner::new(&companies()).plan("the largest companies", Tier::Default);
    assert_eq!(plan.order[0].key, OrderKey::Field("employees".into()));
    assert!(!plan.notes.iter().any(|n| n.contains("taught")));
    let profile = companies();
    let v = quarry_vocabulary::check(
        "[superlatives]
largest = \"revenue\"\n",
        &profile,
    )
    .unwrap()
    .vocabulary;
    let plan = Planner::with_vocabulary(&profile, &v).plan("the largest companies", Tier::Default);
    assert_eq!(plan.order[0].key, OrderKey::Field("revenue".into()));
    assert!(plan
        .notes
        .contains(&"'largest' is taught: orders by revenue descending.".to_string()));
}

#[test]
fn entries_that_do_not_fit_the_profile_are_left_out() {
    let v = quarry_vocabulary::parse(
        "[fields.staff_count]\nsynonyms = [\"staff\"]\n\n[[aliases]]\nphrase = \"DACH\"\nfield = \"region\"\nvalues = [\"x\"]\n\n[superlatives]\nlargest = \"country\"\nrichest = \"revenue\"\n",
    )
    .unwrap()
    .vocabulary;
    let planner = Planner::with_vocabulary(&companies(), &v);
    let plan = planner.plan("DACH staff", Tier::Default);
    assert!(plan.filters.is_empty(), "{:?}", plan.filters);
    let plan = planner.plan("the largest and the richest", Tier::Default);
    assert!(!plan
        .order
        .iter()
        .any(|o| o.key == OrderKey::Field("country".into())));
}

#[test]
fn the_built_in_table_gives_a_superlatives_direction() {
    assert_eq!(superlative_direction("largest"), Some(Direction::Desc));
    assert_eq!(superlative_direction("Smallest"), Some(Direction::Asc));
    assert_eq!(
        superlative_direction("most expensive"),
        Some(Direction::Desc)
    );
    assert_eq!(superlative_direction("tiniest"), None);
}
