//! Planning time per question, p50 and p99, for both tiers, on the profile
//! of a 1,000,000-row companies dataset whose `city` column has 50,000
//! distinct values. Run with `cargo bench -p quarry-planner`.

use quarry_planner::{ColumnProfile, ColumnType, DatasetProfile, Planner, Tier, ValueCount};
use std::time::Instant;

/// A small deterministic generator (xorshift), so every run plans against
/// the same profile.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const SYLLABLES: &[&str] = &[
    "ka", "lo", "ber", "min", "ta", "ro", "vel", "son", "dor", "ia", "ham", "ville", "ton", "burg",
    "na", "sa", "ri", "po", "len", "mar",
];

fn column(name: &str, ordinal: usize, ty: ColumnType, values: Vec<ValueCount>) -> ColumnProfile {
    ColumnProfile {
        name: name.into(),
        original_name: name.into(),
        ordinal,
        ty,
        null_count: 0,
        distinct_count: values.len() as u64,
        min: None,
        max: None,
        values,
        full_text: ty == ColumnType::Text,
    }
}

fn profile() -> DatasetProfile {
    let mut rng = Rng(0x5eed);
    let mut cities = Vec::with_capacity(50_000);
    let mut seen = std::collections::HashSet::new();
    while cities.len() < 50_000 {
        let parts = 2 + rng.next() % 3;
        let mut name = String::new();
        for _ in 0..parts {
            name.push_str(SYLLABLES[(rng.next() % SYLLABLES.len() as u64) as usize]);
        }
        if rng.next().is_multiple_of(5) {
            name.push_str(" city");
        }
        let mut c = name.chars();
        let name = c
            .next()
            .unwrap()
            .to_uppercase()
            .chain(c)
            .collect::<String>();
        if seen.insert(name.clone()) {
            cities.push(ValueCount {
                value: name,
                count: 1 + rng.next() % 60,
            });
        }
    }
    let list = |vs: &[&str]| {
        vs.iter()
            .map(|v| ValueCount {
                value: v.to_string(),
                count: 1_000_000 / vs.len() as u64,
            })
            .collect::<Vec<_>>()
    };
    let mut cols = vec![
        column("name", 1, ColumnType::Text, vec![]),
        column(
            "country",
            2,
            ColumnType::Text,
            list(&[
                "Germany",
                "France",
                "United States",
                "Japan",
                "Brazil",
                "India",
                "Canada",
                "Spain",
                "Italy",
                "Kenya",
            ]),
        ),
        column("city", 3, ColumnType::Text, cities),
        column(
            "industry",
            4,
            ColumnType::Text,
            list(&[
                "Fintech",
                "Retail",
                "Software",
                "Healthcare",
                "Logistics",
                "Energy",
                "Media",
                "Biotech",
            ]),
        ),
        column("employees", 5, ColumnType::Integer, vec![]),
        column("revenue", 6, ColumnType::Float, vec![]),
        column("founded", 7, ColumnType::Integer, vec![]),
        column("description", 8, ColumnType::Text, vec![]),
    ];
    cols[4].min = Some("1".into());
    cols[4].max = Some("250000".into());
    cols[6].min = Some("1850".into());
    cols[6].max = Some("2024".into());
    DatasetProfile {
        table: "companies".into(),
        fts_table: Some("companies_fts".into()),
        row_count: 1_000_000,
        id_column: None,
        columns: cols,
    }
}

const QUESTIONS: &[&str] = &[
    "fintech companies in Germany with more than 500 employees",
    "retail companies in Kaloberton founded after 2001",
    "software firms in france or japan with revenue under $10M",
    "the 5 largest healthcare companies by revenue",
    "companies not in Germany with at least 200 employees",
    "biotech startups founded between 2015 and 2020 in Minvelburg city",
    "logistics companies in Brazl",
    "which company has the most employees",
    "remote-first media companies in Kenya",
    "energy companies in Tarosonville with fewer than 50 employees, oldest first",
    "Show all companies",
    "American software companies founded since 2010 with 1.5k employees or more",
];

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

fn main() {
    let t = Instant::now();
    let profile = profile();
    let planner = Planner::new(&profile);
    println!(
        "profile: {} rows, city column with {} distinct values; index built in {:.1} ms",
        profile.row_count,
        profile.columns[2].values.len(),
        t.elapsed().as_secs_f64() * 1e3
    );
    for tier in [Tier::Default, Tier::Small] {
        // Warm up, then time each question many times.
        for q in QUESTIONS {
            std::hint::black_box(planner.plan(q, tier));
        }
        let mut times = Vec::new();
        for _ in 0..300 {
            for q in QUESTIONS {
                let t = Instant::now();
                std::hint::black_box(planner.plan(q, tier));
                times.push(t.elapsed().as_secs_f64() * 1e6);
            }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "{:?} tier: {} plans, p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
            tier,
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            times[times.len() - 1]
        );
    }
}
