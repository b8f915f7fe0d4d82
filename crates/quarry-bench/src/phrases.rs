//! The phrase list, in classes, written for the companies generator's
//! columns (`crates/quarry-dataset/src/generate.rs`: id, name, country,
//! city, industry, employees, revenue in millions, founded 1900–2024, a
//! 20–40-word description with one to three domain terms).

/// A class of phrases, reported on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Equality filters on one or two categorical columns.
    Selective,
    /// Number ranges, alone or with a filter.
    Range,
    /// A superlative or an order (top-N), with or without a filter.
    Ordered,
    /// Full-text traits alone.
    Traits,
    /// Traits with filters, ranges or an order.
    TraitsFiltered,
    /// Phrases matching most of the rows.
    Broad,
    /// Phrases matching no row.
    Nothing,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Selective => "selective",
            Class::Range => "range",
            Class::Ordered => "ordered",
            Class::Traits => "traits",
            Class::TraitsFiltered => "traits+filter",
            Class::Broad => "broad",
            Class::Nothing => "nothing",
        }
    }

    /// The structured list: filters and ranges, no text, no order (the
    /// issue's "structured phrases").
    pub fn structured(self) -> bool {
        matches!(self, Class::Selective | Class::Range)
    }
}

pub const PHRASES: &[(Class, &str)] = &[
    // Selective filters.
    (Class::Selective, "software companies in Berlin"),
    (Class::Selective, "companies in Tallinn"),
    (Class::Selective, "healthcare companies in Japan"),
    (Class::Selective, "retail companies in Lyon"),
    (Class::Selective, "insurance companies in Zurich"),
    (Class::Selective, "energy companies in Sweden"),
    (Class::Selective, "biotechnology companies in Boston"),
    (Class::Selective, "aerospace companies in Toulouse"),
    (Class::Selective, "media companies in London"),
    (Class::Selective, "automotive companies in Munich"),
    (Class::Selective, "consulting companies in Dublin"),
    (Class::Selective, "education companies in Nairobi"),
    (Class::Selective, "hospitality companies in Madrid"),
    (Class::Selective, "construction companies in Poland"),
    // Ranges.
    (Class::Range, "companies with more than 100000 employees"),
    (Class::Range, "companies founded before 1905"),
    (Class::Range, "companies founded between 1990 and 1991"),
    (Class::Range, "companies with revenue over 20000"),
    (Class::Range, "companies with fewer than 2 employees"),
    (Class::Range, "companies in Germany founded after 2020"),
    (Class::Range, "companies with between 500 and 510 employees"),
    (Class::Range, "companies with revenue under 0.1"),
    (Class::Range, "companies in France founded after 2015"),
    (
        Class::Range,
        "software companies with more than 50000 employees",
    ),
    // Ordered / top-N.
    (Class::Ordered, "the oldest companies"),
    (Class::Ordered, "the 10 companies with the most employees"),
    (Class::Ordered, "the youngest companies in Germany"),
    (
        Class::Ordered,
        "the 10 software companies with the highest revenue",
    ),
    (
        Class::Ordered,
        "companies in Japan with the highest revenue",
    ),
    (Class::Ordered, "the newest companies in London"),
    (Class::Ordered, "the smallest companies in Brazil"),
    (Class::Ordered, "companies with the lowest revenue"),
    (
        Class::Ordered,
        "the most recently founded healthcare companies",
    ),
    (Class::Ordered, "the largest retail companies by employees"),
    // Traits alone.
    (Class::Traits, "fintech"),
    (Class::Traits, "blockchain companies"),
    (Class::Traits, "machine learning"),
    (Class::Traits, "computer vision"),
    (Class::Traits, "cybersecurity"),
    (Class::Traits, "telemedicine companies"),
    (Class::Traits, "genomics"),
    (Class::Traits, "quantum computing"),
    (Class::Traits, "battery storage"),
    (Class::Traits, "open source companies"),
    (Class::Traits, "drones"),
    (Class::Traits, "food delivery"),
    // Traits with filters.
    (Class::TraitsFiltered, "fintech companies in Germany"),
    (Class::TraitsFiltered, "blockchain companies in Singapore"),
    (
        Class::TraitsFiltered,
        "machine learning companies in London",
    ),
    (Class::TraitsFiltered, "solar companies founded after 2010"),
    (
        Class::TraitsFiltered,
        "robotics companies with more than 10000 employees",
    ),
    (Class::TraitsFiltered, "genomics companies in Boston"),
    (Class::TraitsFiltered, "gaming companies in Tokyo"),
    (Class::TraitsFiltered, "e-commerce companies in India"),
    (Class::TraitsFiltered, "the oldest cybersecurity companies"),
    (Class::TraitsFiltered, "payments software companies"),
    (
        Class::TraitsFiltered,
        "the 10 largest logistics companies by revenue",
    ),
    // Broad.
    (Class::Broad, "companies"),
    (Class::Broad, "all companies"),
    (Class::Broad, "companies with more than 1 employee"),
    (Class::Broad, "companies founded after 1901"),
    (Class::Broad, "companies with revenue above 0"),
    (Class::Broad, "companies in the United States"),
    (Class::Broad, "companies founded before 2024"),
    (Class::Broad, "companies with fewer than 150000 employees"),
    // Nothing.
    (Class::Nothing, "companies founded before 1850"),
    (Class::Nothing, "companies with more than 5000000 employees"),
    (Class::Nothing, "companies with revenue over 9000000"),
    (Class::Nothing, "companies founded after 2030"),
    (Class::Nothing, "companies with fewer than 0 employees"),
    (Class::Nothing, "companies in Tallinn founded before 1800"),
    (
        Class::Nothing,
        "software companies with more than 900000 employees",
    ),
    (Class::Nothing, "blockchain companies founded in 2090"),
    (Class::Nothing, "fintech companies founded after 2030"),
];
