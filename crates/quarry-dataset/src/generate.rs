//! A deterministic generator of a companies dataset, for benchmarks and
//! tests: `id, name, country, city, industry, employees, revenue, founded,
//! description`.
//!
//! The same seed always gives the same rows. Descriptions are 20–40 words:
//! one to three domain terms per row (each term is in a few percent of the
//! rows, some of them several words long, e.g. `machine learning`,
//! `remote-first`) among filler words drawn from a Zipf distribution over a
//! vocabulary of a few thousand words, so that full-text search has the
//! selectivity of real text.

use std::io::{self, Write};
use std::path::Path;

/// The seed used when none is given.
pub const DEFAULT_SEED: u64 = 0x5eed_c0de_2024;

/// The CSV header the generator writes.
pub const HEADER: &str = "id,name,country,city,industry,employees,revenue,founded,description";

/// Domain terms: each row's description holds one to three of them, so each
/// term is in about 2–5% of the rows.
pub const DOMAIN_TERMS: &[&str] = &[
    "fintech",
    "payments",
    "blockchain",
    "machine learning",
    "artificial intelligence",
    "computer vision",
    "cybersecurity",
    "cloud infrastructure",
    "saas",
    "b2b",
    "marketplace",
    "e-commerce",
    "logistics",
    "supply chain",
    "healthcare",
    "telemedicine",
    "biotech",
    "genomics",
    "medical devices",
    "renewable energy",
    "solar",
    "battery storage",
    "electric vehicles",
    "sustainability",
    "agritech",
    "edtech",
    "gaming",
    "streaming",
    "robotics",
    "drones",
    "semiconductors",
    "remote-first",
    "open source",
    "data analytics",
    "insurtech",
    "proptech",
    "real estate",
    "food delivery",
    "fashion",
    "travel",
    "space",
    "quantum computing",
    "iot",
    "5g",
    "developer tools",
    "hr software",
    "legal tech",
    "nonprofit",
    "manufacturing",
    "mining",
];

const COUNTRIES: &[(&str, &[&str])] = &[
    (
        "United States",
        &[
            "New York",
            "San Francisco",
            "Austin",
            "Boston",
            "Seattle",
            "Chicago",
        ],
    ),
    ("Germany", &["Berlin", "Munich", "Hamburg", "Frankfurt"]),
    (
        "United Kingdom",
        &["London", "Manchester", "Edinburgh", "Bristol"],
    ),
    ("France", &["Paris", "Lyon", "Toulouse", "Nantes"]),
    (
        "India",
        &["Bangalore", "Mumbai", "Delhi", "Hyderabad", "Pune"],
    ),
    ("China", &["Shanghai", "Beijing", "Shenzhen", "Hangzhou"]),
    ("Japan", &["Tokyo", "Osaka", "Kyoto", "Fukuoka"]),
    ("Canada", &["Toronto", "Vancouver", "Montreal"]),
    ("Brazil", &["São Paulo", "Rio de Janeiro", "Belo Horizonte"]),
    ("Netherlands", &["Amsterdam", "Rotterdam", "Eindhoven"]),
    ("Sweden", &["Stockholm", "Gothenburg", "Malmö"]),
    ("Spain", &["Madrid", "Barcelona", "Valencia"]),
    ("Italy", &["Milan", "Rome", "Turin"]),
    ("Israel", &["Tel Aviv", "Jerusalem", "Haifa"]),
    ("Singapore", &["Singapore"]),
    ("Australia", &["Sydney", "Melbourne", "Brisbane"]),
    ("South Korea", &["Seoul", "Busan"]),
    ("Switzerland", &["Zurich", "Geneva", "Basel"]),
    ("Nigeria", &["Lagos", "Abuja"]),
    ("Kenya", &["Nairobi", "Mombasa"]),
    ("Mexico", &["Mexico City", "Guadalajara", "Monterrey"]),
    ("Poland", &["Warsaw", "Kraków", "Wrocław"]),
    ("Finland", &["Helsinki", "Espoo"]),
    ("Ireland", &["Dublin", "Cork"]),
    ("Estonia", &["Tallinn", "Tartu"]),
];

const INDUSTRIES: &[&str] = &[
    "Software",
    "Financial Services",
    "Healthcare",
    "Retail",
    "Manufacturing",
    "Energy",
    "Transportation",
    "Education",
    "Media",
    "Telecommunications",
    "Real Estate",
    "Agriculture",
    "Biotechnology",
    "Consulting",
    "Hospitality",
    "Insurance",
    "Automotive",
    "Aerospace",
    "Construction",
    "Food and Beverage",
];

const NAME_PREFIXES: &[&str] = &[
    "Blue", "Bright", "North", "Silver", "Green", "Quantum", "Red", "Clear", "Swift", "Nova",
    "Iron", "Deep", "Open", "True", "Hyper", "Cloud", "Solar", "Polar", "Urban", "Prime", "Alpha",
    "Vector", "Summit", "Pixel", "Atlas", "Orbit", "Cedar", "Harbor", "Lumen", "Echo",
];

const NAME_ROOTS: &[&str] = &[
    "wave", "path", "stack", "forge", "field", "stone", "bridge", "light", "works", "point",
    "grid", "mind", "leaf", "flow", "scale", "line", "gate", "spark", "core", "peak", "labs",
    "ware", "mark", "bit", "dock", "sky", "river", "nest", "loop", "shift",
];

const NAME_SUFFIXES: &[&str] = &[
    "Inc",
    "Ltd",
    "GmbH",
    "Labs",
    "Systems",
    "Technologies",
    "Group",
    "AG",
    "SA",
    "Co",
    "Partners",
    "Holdings",
    "Solutions",
    "AB",
    "BV",
];

/// Common words at the head of the filler vocabulary (most frequent first);
/// made-up words of two or three syllables follow.
const COMMON_WORDS: &[&str] = &[
    "the",
    "and",
    "of",
    "to",
    "a",
    "in",
    "for",
    "with",
    "company",
    "our",
    "we",
    "on",
    "platform",
    "customers",
    "provides",
    "that",
    "by",
    "solutions",
    "teams",
    "services",
    "products",
    "from",
    "across",
    "help",
    "businesses",
    "built",
    "global",
    "leading",
    "new",
    "data",
    "market",
    "growth",
    "partners",
    "industry",
    "quality",
    "simple",
    "fast",
    "secure",
    "modern",
    "people",
    "world",
    "make",
    "better",
    "tools",
    "every",
    "since",
    "founded",
    "offices",
    "clients",
    "focused",
];

const SYLLABLES: &[&str] = &[
    "ka", "lo", "mi", "ra", "ten", "sol", "vi", "dor", "pe", "qua", "nil", "ro", "sa", "tor", "ve",
    "lin", "mar", "zo", "ber", "cal", "den", "fi", "gar", "hel", "jun", "kes", "lum", "mon", "nor",
    "pal", "rin", "sel", "tam", "ul", "var", "wen", "xi", "yor", "zen", "bra",
];

/// Size of the filler vocabulary.
pub const FILLER_WORDS: usize = 6000;
/// Zipf exponent of the filler words.
const ZIPF_S: f64 = 1.07;
/// Entries of the table that maps a uniform number to a filler word.
const ZIPF_TABLE_BITS: u32 = 20;

/// SplitMix64: small, fast, and fully determined by its seed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// One generated record.
#[derive(Debug, Clone, PartialEq)]
pub struct Company {
    pub id: u64,
    pub name: String,
    pub country: &'static str,
    pub city: &'static str,
    pub industry: &'static str,
    pub employees: u64,
    /// Millions of US dollars, two decimals.
    pub revenue: f64,
    pub founded: u32,
    pub description: String,
}

/// Generates [`Company`] records, deterministically from a seed.
pub struct CompanyGenerator {
    rng: Rng,
    next_id: u64,
    vocabulary: Vec<String>,
    zipf: Vec<u16>,
    country_cdf: Vec<f64>,
}

impl CompanyGenerator {
    pub fn new(seed: u64) -> Self {
        let mut vocabulary: Vec<String> = COMMON_WORDS.iter().map(|s| s.to_string()).collect();
        let mut seen: std::collections::HashSet<String> = vocabulary.iter().cloned().collect();
        let mut word_rng = Rng::new(0x0076_6f63_6162);
        while vocabulary.len() < FILLER_WORDS {
            let n = 2 + word_rng.below(2);
            let w: String = (0..n).map(|_| *word_rng.pick(SYLLABLES)).collect();
            if seen.insert(w.clone()) {
                vocabulary.push(w);
            }
        }
        // Cumulative Zipf weights, then a table from quantiles to words.
        let weights: Vec<f64> = (1..=FILLER_WORDS)
            .map(|k| 1.0 / (k as f64).powf(ZIPF_S))
            .collect();
        let total: f64 = weights.iter().sum();
        let size = 1usize << ZIPF_TABLE_BITS;
        let mut zipf = Vec::with_capacity(size);
        let mut word = 0usize;
        let mut cum = weights[0] / total;
        for i in 0..size {
            let q = (i as f64 + 0.5) / size as f64;
            while q > cum && word + 1 < FILLER_WORDS {
                word += 1;
                cum += weights[word] / total;
            }
            zipf.push(word as u16);
        }
        // Countries: a few large, many small (weights 1/rank).
        let mut country_cdf = Vec::with_capacity(COUNTRIES.len());
        let ctotal: f64 = (1..=COUNTRIES.len()).map(|k| 1.0 / k as f64).sum();
        let mut c = 0.0;
        for k in 1..=COUNTRIES.len() {
            c += 1.0 / k as f64 / ctotal;
            country_cdf.push(c);
        }
        CompanyGenerator {
            rng: Rng::new(seed),
            next_id: 1,
            vocabulary,
            zipf,
            country_cdf,
        }
    }

    fn filler(&mut self) -> &str {
        let i = (self.rng.next_u64() >> (64 - ZIPF_TABLE_BITS)) as usize;
        &self.vocabulary[usize::from(self.zipf[i])]
    }

    /// The next record.
    pub fn next_company(&mut self) -> Company {
        let id = self.next_id;
        self.next_id += 1;
        let rng = &mut self.rng;
        let name = {
            let p = rng.pick(NAME_PREFIXES);
            let r = rng.pick(NAME_ROOTS);
            let s = rng.pick(NAME_SUFFIXES);
            if rng.below(4) == 0 {
                format!("{p}{r} {} {s}", 1 + rng.below(999))
            } else {
                format!("{p}{r} {s}")
            }
        };
        let u = rng.unit();
        let ci = self
            .country_cdf
            .iter()
            .position(|&c| u < c)
            .unwrap_or(COUNTRIES.len() - 1);
        let (country, cities) = COUNTRIES[ci];
        let city = *rng.pick(cities);
        let industry = *rng.pick(INDUSTRIES);
        // Log-uniform head count from 1 to about 200,000.
        let employees = (12.2 * rng.unit()).exp().round().max(1.0) as u64;
        // Revenue per employee between 50k and 500k dollars, in millions.
        let per_head = 0.05 + 0.45 * rng.unit();
        let revenue = (employees as f64 * per_head * 100.0).round() / 100.0;
        let founded = 1900 + rng.below(125) as u32;

        let words = 20 + self.rng.below(21) as usize;
        let terms = 1 + self.rng.below(3) as usize;
        let mut slots: Vec<usize> = (0..terms)
            .map(|_| self.rng.below(words as u64) as usize)
            .collect();
        slots.sort_unstable();
        let mut description = String::with_capacity(words * 8);
        let mut next_slot = 0;
        for w in 0..words {
            if w > 0 {
                description.push(' ');
            }
            if next_slot < slots.len() && slots[next_slot] == w {
                while next_slot < slots.len() && slots[next_slot] == w {
                    next_slot += 1;
                }
                let t = *self.rng.pick(DOMAIN_TERMS);
                description.push_str(t);
            } else {
                let word = self.filler().to_string();
                description.push_str(&word);
            }
            // Now and then a comma, so that fields need quoting.
            if w + 1 < words && self.rng.below(12) == 0 {
                description.push(',');
            }
        }
        description.push('.');
        let mut chars = description.chars();
        if let Some(first) = chars.next() {
            description = first.to_uppercase().chain(chars).collect();
        }
        Company {
            id,
            name,
            country,
            city,
            industry,
            employees,
            revenue,
            founded,
            description,
        }
    }
}

fn write_field(out: &mut impl Write, s: &str) -> io::Result<()> {
    if s.contains([',', '"', '\n', '\r']) {
        out.write_all(b"\"")?;
        out.write_all(s.replace('"', "\"\"").as_bytes())?;
        out.write_all(b"\"")
    } else {
        out.write_all(s.as_bytes())
    }
}

/// Writes a header and `rows` records as CSV to `out`.
pub fn write_companies_csv(out: &mut impl Write, rows: u64, seed: u64) -> io::Result<()> {
    let mut g = CompanyGenerator::new(seed);
    writeln!(out, "{HEADER}")?;
    for _ in 0..rows {
        let c = g.next_company();
        write!(out, "{},", c.id)?;
        write_field(out, &c.name)?;
        out.write_all(b",")?;
        write_field(out, c.country)?;
        out.write_all(b",")?;
        write_field(out, c.city)?;
        out.write_all(b",")?;
        write_field(out, c.industry)?;
        write!(out, ",{},{},{},", c.employees, c.revenue, c.founded)?;
        write_field(out, &c.description)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Writes the CSV to `path` (through a temporary name, renamed when
/// complete). Returns the file's size in bytes.
pub fn write_companies_file(path: &Path, rows: u64, seed: u64) -> io::Result<u64> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = std::path::PathBuf::from(tmp);
    {
        let f = std::fs::File::create(&tmp)?;
        let mut w = io::BufWriter::with_capacity(1 << 20, f);
        write_companies_csv(&mut w, rows, seed)?;
        w.flush()?;
    }
    std::fs::rename(&tmp, path)?;
    Ok(std::fs::metadata(path)?.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_shaped() {
        let mut a = Vec::new();
        let mut b = Vec::new();
        write_companies_csv(&mut a, 200, 7).unwrap();
        write_companies_csv(&mut b, 200, 7).unwrap();
        assert_eq!(a, b);
        let mut c = Vec::new();
        write_companies_csv(&mut c, 200, 8).unwrap();
        assert_ne!(a, c);

        let mut g = CompanyGenerator::new(DEFAULT_SEED);
        let mut term_rows = vec![0u32; DOMAIN_TERMS.len()];
        let n = 20_000;
        for i in 0..n {
            let c = g.next_company();
            assert_eq!(c.id, i + 1);
            let words = c.description.split(' ').count();
            // Multi-word terms add words beyond the 20–40 slots.
            assert!((20..=46).contains(&words), "{words}: {}", c.description);
            for (t, count) in DOMAIN_TERMS.iter().zip(term_rows.iter_mut()) {
                if c.description.to_lowercase().contains(t) {
                    *count += 1;
                }
            }
            assert!(c.employees >= 1);
            assert!((1900..2025).contains(&c.founded));
        }
        for (t, count) in DOMAIN_TERMS.iter().zip(&term_rows) {
            let pct = f64::from(*count) * 100.0 / n as f64;
            assert!((1.0..=8.0).contains(&pct), "{t}: {pct}%");
        }
    }
}
