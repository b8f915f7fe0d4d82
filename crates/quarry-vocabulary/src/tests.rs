use super::*;
use quarry_profile::{ColumnProfile, ColumnType, DatasetProfile, ValueCount};

fn column(name: &str, ty: ColumnType, values: &[&str], distinct: u64) -> ColumnProfile {
    ColumnProfile {
        name: name.to_string(),
        original_name: name.to_string(),
        ordinal: 0,
        ty,
        null_count: 0,
        distinct_count: distinct,
        min: None,
        max: None,
        values: values
            .iter()
            .map(|v| ValueCount {
                value: v.to_string(),
                count: 1,
            })
            .collect(),
        full_text: false,
    }
}

/// A companies dataset: country lists 4 of its 25 values.
fn companies() -> DatasetProfile {
    let mut columns = vec![
        column("id", ColumnType::Integer, &[], 100),
        column("name", ColumnType::Text, &[], 100),
        column(
            "country",
            ColumnType::Text,
            &["Germany", "France", "United States", "Japan"],
            25,
        ),
        column("employees", ColumnType::Integer, &[], 90),
        column("revenue", ColumnType::Float, &[], 90),
        column("founded", ColumnType::Integer, &["1999", "2001"], 50),
        column("public", ColumnType::Boolean, &["true", "false"], 2),
        column("description", ColumnType::Text, &[], 100),
    ];
    columns[1].original_name = "Company Name".into();
    for (i, c) in columns.iter_mut().enumerate() {
        c.ordinal = i + 1;
    }
    DatasetProfile {
        table: "companies".into(),
        fts_table: None,
        row_count: 100,
        id_column: None,
        columns,
    }
}

const ISSUE_EXAMPLE: &str = r#"[fields.employees]
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

/// The errors of a text checked against [`companies`], as "line: message".
fn errors(text: &str) -> Vec<String> {
    check(text, &companies())
        .expect_err("the text has errors")
        .errors
        .iter()
        .map(|e| e.to_string())
        .collect()
}

fn one_error(text: &str) -> (usize, String) {
    let errs = check(text, &companies()).expect_err("an error").errors;
    assert_eq!(errs.len(), 1, "{errs:?}");
    (errs[0].line.expect("a line"), errs[0].message.clone())
}

#[test]
fn the_issue_example_reads_with_warnings_for_unlisted_values() {
    let checked = check(ISSUE_EXAMPLE, &companies()).unwrap();
    let v = &checked.vocabulary;
    assert_eq!(v.fields.len(), 1);
    let f = &v.fields[0];
    assert_eq!(f.field, "employees");
    assert_eq!(f.synonyms, ["headcount", "staff"]);
    assert_eq!(f.description.as_deref(), Some("people employed"));
    assert_eq!(f.unit.as_deref(), Some("people"));
    assert_eq!(
        (f.line, f.synonym_lines.clone(), f.unit_line),
        (1, vec![2, 2], 4)
    );
    assert_eq!(v.aliases.len(), 1);
    assert_eq!(v.aliases[0].phrase, "DACH");
    assert_eq!(v.aliases[0].field, "country");
    assert_eq!(v.aliases[0].values, ["Germany", "Austria", "Switzerland"]);
    assert_eq!(v.aliases[0].field_line, 8);
    assert_eq!(v.superlatives.len(), 1);
    assert_eq!(
        (
            v.superlatives[0].word.as_str(),
            v.superlatives[0].field.as_str(),
            v.superlatives[0].order,
            v.superlatives[0].line
        ),
        ("largest", "employees", None, 12)
    );
    // Austria and Switzerland are not among the 4 values the profile lists
    // (of 25): warnings, not errors.
    let warnings: Vec<String> = checked.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].starts_with(
            "line 9: the alias 'DACH': 'Austria' is not among the 4 most common values of country"
        ),
        "{warnings:?}"
    );
    assert_eq!(
        v.summary(),
        "2 synonyms of 1 field (1 with a description or unit), 1 alias, 1 superlative"
    );
    // Without the dataset, the text alone reads too.
    assert_eq!(parse(ISSUE_EXAMPLE).unwrap().vocabulary, checked.vocabulary);
}

#[test]
fn an_empty_text_is_an_empty_vocabulary() {
    let c = check("# nothing yet\n", &companies()).unwrap();
    assert!(c.vocabulary.is_empty());
    assert!(c.warnings.is_empty());
}

#[test]
fn a_syntax_error_names_its_line() {
    let (line, message) = one_error("[fields.employees]\nsynonyms = [\"staff\" \"crew\"]\n");
    assert_eq!(line, 2, "{message}");
    assert!(message.contains("missing comma"), "{message}");
    // Recovery goes on: an unclosed list is reported where the parser
    // noticed it, with what followed.
    let r = check(
        "[fields.employees]\nsynonyms = [\"staff\"\n\n[superlatives]\n",
        &companies(),
    )
    .unwrap_err();
    assert!(r.errors.iter().all(|e| e.line == Some(4)), "{:?}", r.errors);
    assert!(
        r.errors
            .iter()
            .any(|e| e.message.contains("unclosed array")),
        "{:?}",
        r.errors
    );
    let (line, _) = one_error("[fields.employees]\nsynonyms = [\"staff\"]\nunit = people\n");
    assert_eq!(line, 3);
}

#[test]
fn unknown_keys_are_refused_with_their_lines() {
    let text =
        "[fields.employees]\nsynonyms = [\"staff\"]\nsynonym = [\"crew\"]\n\n[colors]\nred = 1\n";
    let errs = errors(text);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(
        errs[0].starts_with("line 3: unknown field `synonym`"),
        "{errs:?}"
    );
    assert!(
        errs[1].starts_with("line 5: unknown key `colors`"),
        "{errs:?}"
    );
    let (line, message) = one_error("[[aliases]]\nphrase = \"DACH\"\nfield = \"country\"\nvalues = [\"Germany\"]\nvalue = \"x\"\n");
    assert_eq!(line, 5, "{message}");
    assert!(message.contains("unknown field `value`"), "{message}");
}

#[test]
fn an_unknown_field_is_refused_with_a_suggestion() {
    let (line, message) = one_error("# staff\n\n[fields.employes]\nsynonyms = [\"staff\"]\n");
    assert_eq!(line, 3);
    assert_eq!(
        message,
        "[fields.employes]: the dataset has no field 'employes'; did you mean 'employees'?"
    );
    let (_, message) = one_error("[fields.\"Company Name\"]\nsynonyms = [\"firm\"]\n");
    assert!(message.ends_with("did you mean 'name'?"), "{message}");
    let (line, message) =
        one_error("[[aliases]]\nphrase = \"Nordics\"\nfield = \"region\"\nvalues = [\"Sweden\"]\n");
    assert_eq!(line, 3);
    assert!(
        message.contains("no field 'region' (its fields: id, name, country, employees"),
        "{message}"
    );
}

#[test]
fn empty_synonyms_and_phrases_are_errors() {
    let (line, message) = one_error("[fields.employees]\n\nsynonyms = []\n");
    assert_eq!(line, 3);
    assert!(message.contains("synonyms is empty"), "{message}");
    let (line, message) = one_error("[fields.employees]\nsynonyms = [\"staff\", \"  \"]\n");
    assert_eq!(line, 2);
    assert_eq!(message, "a synonym is empty");
    let (line, message) =
        one_error("[[aliases]]\nphrase = \"DACH\"\nfield = \"country\"\nvalues = []\n");
    assert_eq!(line, 4);
    assert!(message.contains("has no values"), "{message}");
}

#[test]
fn a_synonym_may_not_take_another_fields_name() {
    let (line, message) = one_error(
        "[fields.employees]\nsynonyms = [\"staff\"]\n\n[fields.revenue]\nsynonyms = [\"turnover\",\n  \"employees\"]\n",
    );
    assert_eq!(line, 6);
    assert!(
        message.contains("the synonym 'employees' of revenue is the name of the field employees"),
        "{message}"
    );
    // The name as it was in the file counts too.
    let (_, message) = one_error("[fields.revenue]\nsynonyms = [\"company name\"]\n");
    assert!(
        message.contains("is the name of the field name"),
        "{message}"
    );
    // Its own name is only not needed.
    let c = check(
        "[fields.revenue]\nsynonyms = [\"Revenue\", \"sales\"]\n",
        &companies(),
    )
    .unwrap();
    assert_eq!(c.warnings.len(), 1);
    assert_eq!(c.warnings[0].line, Some(2));
}

#[test]
fn one_word_names_one_field() {
    let (line, message) = one_error(
        "[fields.employees]\nsynonyms = [\"size\"]\n\n[fields.revenue]\nsynonyms = [\"Size\"]\n",
    );
    assert_eq!(line, 5);
    assert!(
        message.contains("'Size' names both employees (line 2) and revenue"),
        "{message}"
    );
    let (line, message) = one_error(
        "[[aliases]]\nphrase = \"DACH\"\nfield = \"country\"\nvalues = [\"Germany\"]\n\n[[aliases]]\nphrase = \"dach\"\nfield = \"country\"\nvalues = [\"France\"]\n",
    );
    assert_eq!(line, 6);
    assert!(
        message.contains("defined twice (lines 1 and 6)"),
        "{message}"
    );
}

#[test]
fn a_superlative_orders_by_a_number_or_a_date() {
    let (line, message) =
        one_error("[superlatives]\nlargest = \"employees\"\nbest = \"country\"\n");
    assert_eq!(line, 3);
    assert_eq!(
        message,
        "the superlative 'best' orders by country, which is text; a superlative orders by a number or a date"
    );
    let c = check(
        "[superlatives]\nsmallest = { field = \"employees\", order = \"ascending\" }\n\"most valuable\" = \"revenue\"\n",
        &companies(),
    )
    .unwrap();
    let s = &c.vocabulary.superlatives;
    assert_eq!(s[0].order, Some(Order::Ascending));
    assert_eq!((s[1].word.as_str(), s[1].line), ("most valuable", 3));
    let (line, message) =
        one_error("[superlatives]\n\nsmallest = { field = \"employees\", order = \"up\" }\n");
    assert_eq!(line, 3);
    assert!(message.contains("unknown variant `up`"), "{message}");
    let (line, message) = one_error("[superlatives]\nlargest = 3\n");
    assert_eq!(line, 2);
    assert!(message.contains("names a field"), "{message}");
}

#[test]
fn alias_values_must_fit_the_fields_type() {
    let (line, message) = one_error(
        "[[aliases]]\nphrase = \"nineties\"\nfield = \"founded\"\nvalues = [\"1995\",\n  \"mid-90s\"]\n",
    );
    assert_eq!(line, 5);
    assert_eq!(
        message,
        "the alias 'nineties': 'mid-90s' is not an integer, and founded is integer"
    );
    let (_, message) =
        one_error("[[aliases]]\nphrase = \"listed\"\nfield = \"public\"\nvalues = [\"yes\"]\n");
    assert!(message.contains("is not true or false"), "{message}");
    // A value with another case: a warning with the listed spelling.
    let c = check(
        "[[aliases]]\nphrase = \"home\"\nfield = \"country\"\nvalues = [\"germany\"]\n",
        &companies(),
    )
    .unwrap();
    assert!(c.warnings[0].message.contains("did you mean 'Germany'?"));
}

#[test]
fn wrong_shapes_name_their_lines() {
    let (line, message) = one_error("[fields.employees]\nsynonyms = \"staff\"\n");
    assert_eq!(line, 2);
    assert!(message.contains("expected a sequence"), "{message}");
    let (line, message) = one_error("[aliases]\nphrase = \"DACH\"\n");
    assert_eq!(line, 1);
    assert!(message.contains("[[aliases]]"), "{message}");
    let (line, message) = one_error("[[aliases]]\nphrase = \"DACH\"\nvalues = [\"Germany\"]\n");
    assert_eq!(line, 1);
    assert!(message.contains("missing field `field`"), "{message}");
}

#[test]
fn every_error_is_reported_at_once_in_line_order() {
    let text = "\
[fields.employes]
synonyms = [\"staff\"]

[fields.revenue]
synonyms = []

[[aliases]]
phrase = \"DACH\"
field = \"land\"
values = [\"Germany\"]

[superlatives]
best = \"country\"
";
    let errs = errors(text);
    let lines: Vec<&str> = errs.iter().map(|e| e.split(':').next().unwrap()).collect();
    assert_eq!(
        lines,
        ["line 1", "line 5", "line 9", "line 13"],
        "{errs:#?}"
    );
}

#[test]
fn limits_are_enforced() {
    let big = format!("# {}\n", "x".repeat(MAX_BYTES));
    let r = check(&big, &companies()).unwrap_err();
    assert_eq!(r.errors.len(), 1);
    assert_eq!(r.errors[0].line, None);
    assert!(r.errors[0].message.contains("64 KiB"));
    let many: Vec<String> = (0..=MAX_SYNONYMS).map(|i| format!("\"s{i}\"")).collect();
    let (line, message) = one_error(&format!(
        "[fields.employees]\nsynonyms = [{}]\n",
        many.join(", ")
    ));
    assert_eq!(line, 2);
    assert!(message.contains("at most 50"), "{message}");
    let long = format!("[fields.employees]\nsynonyms = [\"{}\"]\n", "w ".repeat(9));
    let (_, message) = one_error(&long);
    assert!(message.contains("has 9 words; at most 8"), "{message}");
}

#[test]
fn retain_keeps_what_still_applies_and_says_what_it_dropped() {
    let v = check(
        "[fields.employees]\nsynonyms = [\"staff\", \"workforce\"]\n\n[fields.revenue]\nsynonyms = [\"turnover\"]\n\n[[aliases]]\nphrase = \"DACH\"\nfield = \"country\"\nvalues = [\"Germany\"]\n\n[superlatives]\nlargest = \"employees\"\nrichest = \"revenue\"\n",
        &companies(),
    )
    .unwrap()
    .vocabulary;
    // The new version has no revenue, and country became a number; a new
    // field is named "workforce".
    let mut next = companies();
    next.columns.retain(|c| c.name != "revenue");
    next.columns
        .iter_mut()
        .find(|c| c.name == "country")
        .unwrap()
        .ty = ColumnType::Integer;
    next.columns
        .push(column("workforce", ColumnType::Integer, &[], 10));
    let (kept, dropped) = v.retain_applicable(&next);
    assert_eq!(
        dropped,
        [
            "dropped the synonym 'workforce' of employees (line 2): the synonym 'workforce' of employees is the name of the field workforce; it would no longer name workforce",
            "dropped [fields.revenue] (line 4): [fields.revenue]: the dataset has no field 'revenue' (its fields: id, name, country, employees, founded, public, description, workforce)",
            "dropped the alias 'DACH' (line 10): the alias 'DACH': 'Germany' is not an integer, and country is integer",
            "dropped the superlative 'richest' (line 14): the superlative 'richest': the dataset has no field 'revenue' (its fields: id, name, country, employees, founded, public, description, workforce)",
        ]
    );
    assert_eq!(kept.fields.len(), 1);
    assert_eq!(kept.fields[0].synonyms, ["staff"]);
    assert!(kept.aliases.is_empty());
    assert_eq!(kept.superlatives.len(), 1);
    // What is kept is written back as TOML that reads the same and fits.
    let text = kept.to_toml();
    assert_eq!(
        text,
        "[fields.employees]\nsynonyms = [\"staff\"]\n\n[superlatives]\nlargest = \"employees\"\n"
    );
    let again = check(&text, &next).unwrap().vocabulary;
    assert_eq!(again.fields[0].synonyms, kept.fields[0].synonyms);
    // Nothing to drop: the same vocabulary.
    let (same, none) = v.retain_applicable(&companies());
    assert_eq!(same, v);
    assert!(none.is_empty());
}

#[test]
fn written_toml_reads_back_the_same_entries() {
    let v = check(
        "[fields.\"employees\"]\nsynonyms = [\"head \\\"count\\\"\"]\ndescription = \"people employed\"\n\n[[aliases]]\nphrase = \"Old Europe\"\nfield = \"country\"\nvalues = [\"Germany\", \"France\"]\n\n[superlatives]\n\"most valuable\" = { field = \"revenue\", order = \"desc\" }\n",
        &companies(),
    )
    .unwrap()
    .vocabulary;
    let back = parse(&v.to_toml()).unwrap().vocabulary;
    let strip = |v: &Vocabulary| serde_json_like(v);
    assert_eq!(strip(&back), strip(&v));
}

/// The entries without their lines.
fn serde_json_like(v: &Vocabulary) -> String {
    format!(
        "{:?}",
        (
            v.fields
                .iter()
                .map(|f| (&f.field, &f.synonyms, &f.description, &f.unit))
                .collect::<Vec<_>>(),
            v.aliases
                .iter()
                .map(|a| (&a.phrase, &a.field, &a.values))
                .collect::<Vec<_>>(),
            v.superlatives
                .iter()
                .map(|s| (&s.word, &s.field, s.order))
                .collect::<Vec<_>>()
        )
    )
}

#[test]
fn a_vocabulary_is_carried_to_a_new_version() {
    let text = "# ours\n[fields.employees]\nsynonyms = [\"staff\"]\n\n[superlatives]\nrichest = \"revenue\"\n";
    let same = for_new_version(text, &companies());
    assert_eq!(same.text.as_deref(), Some(text), "kept as written");
    assert!(same.dropped.is_empty());
    let mut next = companies();
    next.columns.retain(|c| c.name != "revenue");
    let carried = for_new_version(text, &next);
    assert_eq!(carried.dropped.len(), 1);
    assert!(carried.dropped[0].starts_with("dropped the superlative 'richest' (line 6)"));
    let kept = carried.text.unwrap();
    assert!(kept.starts_with("# Rewritten"), "{kept}");
    assert_eq!(
        check(&kept, &next).unwrap().vocabulary.fields[0].synonyms,
        ["staff"]
    );
    next.columns.retain(|c| c.name != "employees");
    let none = for_new_version(text, &next);
    assert_eq!(none.text, None);
    assert_eq!(none.dropped.len(), 2);
}

/// Every prefix of a file, and the file with each byte replaced, reads
/// without a panic: as a vocabulary, or as errors with lines inside it.
#[test]
fn broken_texts_never_panic() {
    let text = format!(
        "{ISSUE_EXAMPLE}\n[superlatives.x]\n\"most valuable\" = {{ field = \"revenue\", order = \"desc\" }}\n"
    );
    let lines = text.lines().count() + 1;
    let mut texts: Vec<String> = text
        .char_indices()
        .map(|(i, _)| text[..i].to_string())
        .collect();
    for (i, _) in text.char_indices() {
        for c in ['"', '[', ']', '=', '\n', '{', ',', 'x'] {
            let mut t = text.clone();
            t.replace_range(i..i + 1, &c.to_string());
            texts.push(t);
        }
    }
    for t in texts {
        if let Err(r) = check(&t, &companies()) {
            assert!(!r.errors.is_empty());
            for e in &r.errors {
                assert!(
                    e.line.is_none_or(|l| (1..=lines).contains(&l)),
                    "{e} in {t:?}"
                );
            }
        }
    }
}
