//! A vocabulary written back as TOML (after entries were dropped from it):
//! the layout of the documented example, strings quoted by the `toml`
//! crate.

use std::fmt::Write;

use crate::Vocabulary;

/// A TOML string.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A key: bare when TOML allows it, else quoted.
fn key(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        s.to_string()
    } else {
        quoted(s)
    }
}

fn list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|s| quoted(s)).collect();
    format!("[{}]", items.join(", "))
}

pub(crate) fn to_toml(v: &Vocabulary) -> String {
    let mut out = String::new();
    for f in &v.fields {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "[fields.{}]", key(&f.field));
        if !f.synonyms.is_empty() {
            let _ = writeln!(out, "synonyms = {}", list(&f.synonyms));
        }
        if let Some(d) = &f.description {
            let _ = writeln!(out, "description = {}", quoted(d));
        }
        if let Some(u) = &f.unit {
            let _ = writeln!(out, "unit = {}", quoted(u));
        }
    }
    for a in &v.aliases {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "[[aliases]]");
        let _ = writeln!(out, "phrase = {}", quoted(&a.phrase));
        let _ = writeln!(out, "field = {}", quoted(&a.field));
        let _ = writeln!(out, "values = {}", list(&a.values));
    }
    if !v.superlatives.is_empty() {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "[superlatives]");
        for s in &v.superlatives {
            match s.order {
                None => {
                    let _ = writeln!(out, "{} = {}", key(&s.word), quoted(&s.field));
                }
                Some(order) => {
                    let _ = writeln!(
                        out,
                        "{} = {{ field = {}, order = {} }}",
                        key(&s.word),
                        quoted(&s.field),
                        quoted(order.as_str())
                    );
                }
            }
        }
    }
    out
}
