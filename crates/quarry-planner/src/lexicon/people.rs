//! Words about people: the sex a word names, the age range a word of age
//! names, and decades ("the 80s", "the 1970s", "forties").

/// A sex a word names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sex {
    Female,
    Male,
}

/// The sex a word names, and whether it names a child ("girls").
pub fn sex_of(w: &str) -> Option<(Sex, bool)> {
    Some(match w {
        // Not "mothers" or "fathers": a table of births or families holds
        // the parent's fields beside the child's sex ("smoking mothers").
        "women" | "woman" | "female" | "females" | "ladies" | "lady" | "wives" | "wife" => {
            (Sex::Female, false)
        }
        "girls" | "girl" | "daughters" | "daughter" => (Sex::Female, true),
        "men" | "man" | "male" | "males" | "gentlemen" | "husbands" | "husband" => {
            (Sex::Male, false)
        }
        "boys" | "boy" | "sons" | "son" => (Sex::Male, true),
        _ => return None,
    })
}

/// Nouns for people of any age or sex: "patients over 80".
pub fn is_person_noun(w: &str) -> bool {
    matches!(
        w,
        "people"
            | "persons"
            | "person"
            | "patients"
            | "patient"
            | "students"
            | "individuals"
            | "victims"
            | "runners"
            | "players"
            | "athletes"
            | "participants"
            | "subjects"
            | "respondents"
            | "residents"
            | "passengers"
            | "customers"
            | "voters"
            | "workers"
            | "adults"
            | "mothers"
            | "fathers"
    )
}

/// Nouns for people by what they do ("drivers over 35", "traders under
/// 18"): a number compared right after one is an age. Unlike
/// [`is_person_noun`], they may still be searched for as words
/// ("teachers" in an occupation field).
pub fn is_role_noun(w: &str) -> bool {
    matches!(
        w,
        "drivers"
            | "policyholders"
            | "members"
            | "employees"
            | "users"
            | "clients"
            | "applicants"
            | "borrowers"
            | "buyers"
            | "jurors"
            | "commuters"
            | "travellers"
            | "travelers"
            | "visitors"
            | "tenants"
            | "inmates"
            | "prisoners"
            | "defendants"
            | "traders"
            | "smokers"
            | "owners"
            | "homeowners"
            | "teachers"
            | "doctors"
            | "nurses"
            | "soldiers"
            | "survivors"
    )
}

/// The age range (inclusive bounds, `None` open) a word of age names, by
/// the usual conventions: children under 13, teenagers 13 to 19, adults 18
/// and over, seniors 65 and over.
pub fn age_range(w: &str) -> Option<(Option<i64>, Option<i64>)> {
    Some(match w {
        "children" | "child" | "kids" | "kid" => (None, Some(12)),
        "teenagers" | "teenager" | "teens" | "teen" | "teenage" | "adolescents" | "adolescent" => {
            (Some(13), Some(19))
        }
        "minors" | "minor" | "underage" => (None, Some(17)),
        "adults" | "adult" => (Some(18), None),
        "seniors" | "senior" | "elderly" | "pensioners" | "pensioner" | "retirees" => {
            (Some(65), None)
        }
        _ => return None,
    })
}

/// The first year of a decade written as "80s", "1970s", "1970's", "’80s"
/// or "forties" (two-digit decades as written: 80 for "80s").
pub fn decade(raw: &str) -> Option<i64> {
    let w = raw
        .trim_start_matches(['\'', '’'])
        .to_lowercase()
        .replace(['\'', '’'], "");
    if let Some(digits) = w.strip_suffix('s') {
        if (digits.len() == 2 || digits.len() == 4) && digits.bytes().all(|b| b.is_ascii_digit()) {
            let n: i64 = digits.parse().ok()?;
            return (n % 10 == 0).then_some(n);
        }
    }
    Some(match w.as_str() {
        "twenties" => 20,
        "thirties" => 30,
        "forties" => 40,
        "fifties" => 50,
        "sixties" => 60,
        "seventies" => 70,
        "eighties" => 80,
        "nineties" => 90,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decades() {
        assert_eq!(decade("80s"), Some(80));
        assert_eq!(decade("1970s"), Some(1970));
        assert_eq!(decade("1970's"), Some(1970));
        assert_eq!(decade("'60s"), Some(60));
        assert_eq!(decade("forties"), Some(40));
        assert_eq!(decade("85s"), None);
        assert_eq!(decade("cars"), None);
        assert_eq!(decade("1975"), None);
    }

    #[test]
    fn people_words() {
        assert_eq!(sex_of("women"), Some((Sex::Female, false)));
        assert_eq!(sex_of("boys"), Some((Sex::Male, true)));
        assert_eq!(sex_of("people"), None);
        assert_eq!(age_range("teenagers"), Some((Some(13), Some(19))));
        assert_eq!(age_range("seniors"), Some((Some(65), None)));
        assert_eq!(age_range("children"), Some((None, Some(12))));
    }
}
