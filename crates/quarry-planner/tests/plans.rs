//! The planner on plans, not strings: for a phrase and a small profile, the
//! expected filters, traits, order and limit.

use quarry_planner::*;

fn col(name: &str, ty: ColumnType, values: &[(&str, u64)], min: Option<&str>, max: Option<&str>) -> ColumnProfile {
    ColumnProfile {
        name: name.into(),
        original_name: name.into(),
        ordinal: 0,
        ty,
        null_count: 0,
        distinct_count: values.len() as u64,
        min: min.map(Into::into),
        max: max.map(Into::into),
        values: values.iter().map(|(v, c)| ValueCount { value: v.to_string(), count: *c }).collect(),
        full_text: ty == ColumnType::Text,
    }
}

fn profile(table: &str, mut columns: Vec<ColumnProfile>) -> DatasetProfile {
    for (i, c) in columns.iter_mut().enumerate() {
        c.ordinal = i + 1;
    }
    DatasetProfile {
        table: table.into(),
        fts_table: Some(format!("{table}_fts")),
        row_count: 1000,
        id_column: None,
        columns,
    }
}

fn companies() -> DatasetProfile {
    profile(
        "companies",
        vec![
            col("name", ColumnType::Text, &[("Acme Pay", 1), ("Globex", 1), ("Initech", 1)], None, None),
            col("country", ColumnType::Text, &[("Germany", 300), ("France", 200), ("United States", 400), ("Japan", 100)], None, None),
            col("city", ColumnType::Text, &[("Berlin", 100), ("Paris", 100), ("New York", 150), ("Tokyo", 50)], None, None),
            col("industry", ColumnType::Text, &[("Fintech", 50), ("Retail", 300), ("Software", 200)], None, None),
            col("employees", ColumnType::Integer, &[], Some("1"), Some("100000")),
            col("revenue", ColumnType::Float, &[], Some("0"), Some("5000000000")),
            col("founded", ColumnType::Integer, &[], Some("1900"), Some("2024")),
            col("description", ColumnType::Text, &[], None, None),
        ],
    )
}

fn cars() -> DatasetProfile {
    profile(
        "cars",
        vec![
            col("make", ColumnType::Text, &[("toyota", 40), ("honda", 30), ("ford", 50), ("tesla", 5)], None, None),
            col("model", ColumnType::Text, &[("corolla", 10), ("civic", 10), ("focus", 10), ("model 3", 5)], None, None),
            col("class", ColumnType::Text, &[("suv", 30), ("compact", 40), ("pickup", 20)], None, None),
            col("mpg_city", ColumnType::Integer, &[], Some("9"), Some("130")),
            col("hwy", ColumnType::Integer, &[], Some("12"), Some("120")),
            col("price", ColumnType::Float, &[], Some("9000"), Some("120000")),
            col("year", ColumnType::Integer, &[], Some("1990"), Some("2024")),
            col("weight", ColumnType::Integer, &[], Some("1800"), Some("6000")),
        ],
    )
}

fn filters(p: &QueryPlan) -> Vec<String> {
    p.filters
        .iter()
        .flat_map(|f| f.any_of.iter())
        .map(|c| format!("{} {:?} {:?}", c.field, c.op, c.values))
        .collect()
}

fn plan(profile: &DatasetProfile, q: &str) -> QueryPlan {
    let p = Planner::new(profile).plan(q, Tier::Default);
    eprintln!("{q}\n  {:?}\n  traits {:?} order {:?} limit {:?}\n  {}", filters(&p), p.traits, p.order, p.limit, p.notes.join(" "));
    p
}

fn has(p: &QueryPlan, field: &str, op: CompareOp, values: &[Literal]) -> bool {
    p.filters.iter().flat_map(|f| f.any_of.iter()).any(|c| c.field == field && c.op == op && c.values == values)
}

fn text(s: &str) -> Literal {
    Literal::Text(s.into())
}

#[test]
fn the_headline_phrase() {
    let p = plan(&companies(), "fintech companies in Germany with more than 500 employees");
    assert!(has(&p, "industry", CompareOp::Eq, &[text("Fintech")]));
    assert!(has(&p, "country", CompareOp::Eq, &[text("Germany")]));
    assert!(has(&p, "employees", CompareOp::Gt, &[Literal::Integer(500)]));
    assert_eq!(p.filters.len(), 3);
    assert!(p.traits.is_empty(), "{:?}", p.traits);
}

#[test]
fn comparisons() {
    let c = companies();
    assert!(has(&plan(&c, "companies with at least 200 employees"), "employees", CompareOp::Ge, &[Literal::Integer(200)]));
    assert!(has(&plan(&c, "revenue under $10M"), "revenue", CompareOp::Lt, &[Literal::Float(10e6)]));
    assert!(has(&plan(&c, "founded between 2010 and 2015"), "founded", CompareOp::Between, &[Literal::Integer(2010), Literal::Integer(2015)]));
    assert!(has(&plan(&c, "companies with 50 employees or fewer"), "employees", CompareOp::Le, &[Literal::Integer(50)]));
    assert!(has(&plan(&c, "companies founded after 2001"), "founded", CompareOp::Gt, &[Literal::Integer(2001)]));
    assert!(has(&plan(&c, "companies founded in 2005"), "founded", CompareOp::Eq, &[Literal::Integer(2005)]));
    let k = cars();
    assert!(has(&plan(&k, "cars cheaper than 20k"), "price", CompareOp::Lt, &[Literal::Float(20000.0)]));
    assert!(has(&plan(&k, "cars heavier than 3000"), "weight", CompareOp::Gt, &[Literal::Integer(3000)]));
}

#[test]
fn values_without_their_field() {
    let k = cars();
    let p = plan(&k, "toyota suvs");
    assert!(has(&p, "make", CompareOp::Eq, &[text("toyota")]));
    assert!(has(&p, "class", CompareOp::Eq, &[text("suv")]));
    let p = plan(&k, "toyta suvs");
    assert!(has(&p, "make", CompareOp::Eq, &[text("toyota")]));
    let p = plan(&companies(), "companies in new york");
    assert!(has(&p, "city", CompareOp::Eq, &[text("New York")]));
}

#[test]
fn world_knowledge() {
    let c = companies();
    assert!(has(&plan(&c, "German companies"), "country", CompareOp::Eq, &[text("Germany")]));
    assert!(has(&plan(&c, "American retail companies"), "country", CompareOp::Eq, &[text("United States")]));
    assert!(has(&plan(&c, "Japanese software firms"), "country", CompareOp::Eq, &[text("Japan")]));
}

#[test]
fn negation_and_alternatives() {
    let c = companies();
    assert!(has(&plan(&c, "companies not in Germany"), "country", CompareOp::Ne, &[text("Germany")]));
    assert!(has(&plan(&c, "companies in France or Japan"), "country", CompareOp::In, &[text("France"), text("Japan")]));
    assert!(has(&plan(&c, "retail companies excluding France"), "country", CompareOp::Ne, &[text("France")]));
}

#[test]
fn order_and_top_n() {
    let k = cars();
    let p = plan(&k, "the cheapest toyota");
    assert_eq!(p.order, vec![OrderBy { field: "price".into(), direction: Direction::Asc }]);
    assert_eq!(p.limit, Some(1));
    let p = plan(&k, "the 5 heaviest cars");
    assert_eq!(p.order[0].field, "weight");
    assert_eq!(p.limit, Some(5));
    let p = plan(&companies(), "top 3 by revenue");
    assert_eq!(p.order, vec![OrderBy { field: "revenue".into(), direction: Direction::Desc }]);
    assert_eq!(p.limit, Some(3));
    let p = plan(&k, "the car with the highest hwy");
    assert_eq!(p.order[0].field, "hwy");
}

#[test]
fn whole_table_phrases_invent_nothing() {
    let c = companies();
    for q in ["How many companies do we have?", "Show all companies", "List the name, country and city of every company."] {
        let p = plan(&c, q);
        assert!(p.filters.is_empty() && p.traits.is_empty() && p.order.is_empty(), "{q}: {:?}", p);
    }
}

#[test]
fn small_tier_does_not_fuzz() {
    let p = Planner::new(&cars()).plan("toyta suvs", Tier::Small);
    assert!(!has(&p, "make", CompareOp::Eq, &[text("toyota")]));
    assert!(has(&p, "class", CompareOp::Eq, &[text("suv")]));
}
