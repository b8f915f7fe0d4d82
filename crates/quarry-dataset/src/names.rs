//! Column names: headers normalised to lower snake_case ASCII
//! (`^[a-z0-9_]+$`), made unique.

use std::collections::HashSet;

/// Names SQLite gives a meaning of their own in a rowid table: a column so
/// named would shadow the row number.
const RESERVED: [&str; 3] = ["rowid", "oid", "_rowid_"];

/// The name of a dataset's full-text table: `<table>-fts`. Column names
/// are `^[a-z0-9_]+$` ([`column_names`]), so none can be this name (SQLite
/// compares names ignoring ASCII case; the `-` differs either way): FTS5
/// gives its table a hidden column of the table's own name, and a records
/// column of the same name would make every full-text condition ambiguous.
/// Files imported before used `<table>_fts`; a file records its own name
/// (in its meta table and profile), so both keep working.
pub fn fts_table_name(table: &str) -> String {
    format!("{table}-fts")
}

fn transliterate(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => "e",
        'ğ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' => "i",
        'ł' | 'ľ' => "l",
        'ñ' | 'ń' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'œ' => "oe",
        'ř' => "r",
        'ś' | 'š' | 'ş' => "s",
        'ß' => "ss",
        'ť' | 'ţ' => "t",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' => "u",
        'ý' | 'ÿ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        _ => return None,
    })
}

/// Lower snake_case ASCII: camelCase split into words, letters with
/// diacritics transliterated, `%` spelt `pct`, `#` spelt `num`, every other
/// run of non-alphanumerics one `_`, no leading or trailing `_`. May return
/// an empty string (the caller names such a column by its position).
pub fn normalise(header: &str) -> String {
    let chars: Vec<char> = header.chars().collect();
    let mut words = String::new();
    for (i, &c) in chars.iter().enumerate() {
        // Word boundary before an upper-case letter that follows a lower-case
        // letter or digit (`firstName`), or that starts a capitalised word
        // after an acronym (`HTTPServer` → `http_server`).
        if c.is_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if prev.is_lowercase() || prev.is_ascii_digit() || (prev.is_uppercase() && next_lower) {
                words.push(' ');
            }
        }
        match c {
            '%' => words.push_str(" pct "),
            '#' => words.push_str(" num "),
            _ => {
                for lc in c.to_lowercase() {
                    if lc.is_ascii_alphanumeric() {
                        words.push(lc);
                    } else if let Some(t) = transliterate(lc) {
                        words.push_str(t);
                    } else {
                        words.push(' ');
                    }
                }
            }
        }
    }
    words
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

/// Normalises every header and makes the names unique: an empty name becomes
/// `column_<position>`, a duplicate gets `_2`, `_3`…; each change beyond plain
/// normalisation is described in the returned warnings.
pub fn column_names(headers: &[String]) -> (Vec<String>, Vec<String>) {
    let mut used: HashSet<String> = RESERVED.iter().map(|s| s.to_string()).collect();
    let mut names = Vec::with_capacity(headers.len());
    let mut warnings = Vec::new();
    let mut first_use: std::collections::HashMap<String, usize> = Default::default();
    for (i, h) in headers.iter().enumerate() {
        let pos = i + 1;
        let base = normalise(h);
        let (base, why) = if base.is_empty() {
            (
                format!("column_{pos}"),
                Some(format!(
                    "column {pos} has an empty header{}; named column_{pos}",
                    if h.trim().is_empty() {
                        String::new()
                    } else {
                        format!(" after normalisation of {h:?}")
                    }
                )),
            )
        } else {
            (base, None)
        };
        let mut name = base.clone();
        let mut n = 2;
        while used.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        if let Some(w) = why {
            if name == base {
                warnings.push(w);
            } else {
                warnings.push(format!("{w}, then {name} to be unique"));
            }
        } else if name != base {
            let what = match first_use.get(&base) {
                Some(p) => format!("duplicates column {p}"),
                None => format!("is reserved ({base} names the row number in SQLite)"),
            };
            warnings.push(format!(
                "column {pos} {h:?}: the name {base} {what}; renamed {name}"
            ));
        }
        first_use.entry(base).or_insert(pos);
        first_use.entry(name.clone()).or_insert(pos);
        used.insert(name.clone());
        names.push(name);
    }
    (names, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises() {
        assert_eq!(normalise("Revenue ($M)"), "revenue_m");
        assert_eq!(normalise("  First Name "), "first_name");
        assert_eq!(normalise("firstName"), "first_name");
        assert_eq!(normalise("HTTPServer"), "http_server");
        assert_eq!(normalise("Année de création"), "annee_de_creation");
        assert_eq!(normalise("Straße"), "strasse");
        assert_eq!(normalise("Growth %"), "growth_pct");
        assert_eq!(normalise("2020 sales"), "2020_sales");
        assert_eq!(normalise("IATA"), "iata");
        assert_eq!(normalise("emp_count"), "emp_count");
        assert_eq!(normalise("東京"), "");
        assert_eq!(normalise("???"), "");
    }

    #[test]
    fn unique() {
        let h: Vec<String> = ["Name", "name", "", "rowid", "Name"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (names, warnings) = column_names(&h);
        assert_eq!(names, ["name", "name_2", "column_3", "rowid_2", "name_3"]);
        assert_eq!(warnings.len(), 4, "{warnings:?}");
        for n in &names {
            assert!(n
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'));
        }
    }
}
