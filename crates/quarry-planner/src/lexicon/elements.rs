//! The chemical elements by name and symbol, in order of atomic number
//! (IUPAC names, with the US spellings "aluminum", "sulphur"→ "sulfur" and
//! "cesium" as well): "isotopes of tin" over a field of symbols (`Sn`).

/// (name, symbol); the index plus one is the atomic number.
const ELEMENTS: &[(&str, &str)] = &[
    ("hydrogen", "H"),
    ("helium", "He"),
    ("lithium", "Li"),
    ("beryllium", "Be"),
    ("boron", "B"),
    ("carbon", "C"),
    ("nitrogen", "N"),
    ("oxygen", "O"),
    ("fluorine", "F"),
    ("neon", "Ne"),
    ("sodium", "Na"),
    ("magnesium", "Mg"),
    ("aluminium", "Al"),
    ("silicon", "Si"),
    ("phosphorus", "P"),
    ("sulfur", "S"),
    ("chlorine", "Cl"),
    ("argon", "Ar"),
    ("potassium", "K"),
    ("calcium", "Ca"),
    ("scandium", "Sc"),
    ("titanium", "Ti"),
    ("vanadium", "V"),
    ("chromium", "Cr"),
    ("manganese", "Mn"),
    ("iron", "Fe"),
    ("cobalt", "Co"),
    ("nickel", "Ni"),
    ("copper", "Cu"),
    ("zinc", "Zn"),
    ("gallium", "Ga"),
    ("germanium", "Ge"),
    ("arsenic", "As"),
    ("selenium", "Se"),
    ("bromine", "Br"),
    ("krypton", "Kr"),
    ("rubidium", "Rb"),
    ("strontium", "Sr"),
    ("yttrium", "Y"),
    ("zirconium", "Zr"),
    ("niobium", "Nb"),
    ("molybdenum", "Mo"),
    ("technetium", "Tc"),
    ("ruthenium", "Ru"),
    ("rhodium", "Rh"),
    ("palladium", "Pd"),
    ("silver", "Ag"),
    ("cadmium", "Cd"),
    ("indium", "In"),
    ("tin", "Sn"),
    ("antimony", "Sb"),
    ("tellurium", "Te"),
    ("iodine", "I"),
    ("xenon", "Xe"),
    ("caesium", "Cs"),
    ("barium", "Ba"),
    ("lanthanum", "La"),
    ("cerium", "Ce"),
    ("praseodymium", "Pr"),
    ("neodymium", "Nd"),
    ("promethium", "Pm"),
    ("samarium", "Sm"),
    ("europium", "Eu"),
    ("gadolinium", "Gd"),
    ("terbium", "Tb"),
    ("dysprosium", "Dy"),
    ("holmium", "Ho"),
    ("erbium", "Er"),
    ("thulium", "Tm"),
    ("ytterbium", "Yb"),
    ("lutetium", "Lu"),
    ("hafnium", "Hf"),
    ("tantalum", "Ta"),
    ("tungsten", "W"),
    ("rhenium", "Re"),
    ("osmium", "Os"),
    ("iridium", "Ir"),
    ("platinum", "Pt"),
    ("gold", "Au"),
    ("mercury", "Hg"),
    ("thallium", "Tl"),
    ("lead", "Pb"),
    ("bismuth", "Bi"),
    ("polonium", "Po"),
    ("astatine", "At"),
    ("radon", "Rn"),
    ("francium", "Fr"),
    ("radium", "Ra"),
    ("actinium", "Ac"),
    ("thorium", "Th"),
    ("protactinium", "Pa"),
    ("uranium", "U"),
    ("neptunium", "Np"),
    ("plutonium", "Pu"),
    ("americium", "Am"),
    ("curium", "Cm"),
    ("berkelium", "Bk"),
    ("californium", "Cf"),
    ("einsteinium", "Es"),
    ("fermium", "Fm"),
    ("mendelevium", "Md"),
    ("nobelium", "No"),
    ("lawrencium", "Lr"),
    ("rutherfordium", "Rf"),
    ("dubnium", "Db"),
    ("seaborgium", "Sg"),
    ("bohrium", "Bh"),
    ("hassium", "Hs"),
    ("meitnerium", "Mt"),
    ("darmstadtium", "Ds"),
    ("roentgenium", "Rg"),
    ("copernicium", "Cn"),
    ("nihonium", "Nh"),
    ("flerovium", "Fl"),
    ("moscovium", "Mc"),
    ("livermorium", "Lv"),
    ("tennessine", "Ts"),
    ("oganesson", "Og"),
];

/// The symbol of an element named by `word` (lowercase).
pub fn element_symbol(word: &str) -> Option<&'static str> {
    let word = match word {
        "aluminum" => "aluminium",
        "sulphur" => "sulfur",
        "cesium" => "caesium",
        w => w,
    };
    ELEMENTS.iter().find(|(n, _)| *n == word).map(|(_, s)| *s)
}

/// Whether `v` is an element's symbol, written as the table of elements
/// writes it ("Sn", not "SN").
pub fn is_element_symbol(v: &str) -> bool {
    ELEMENTS.iter().any(|(_, s)| *s == v)
}

/// The symbols `v` glues together, each as the table of elements writes
/// it (`CuZn` → Cu, Zn; `NaCl` → Na, Cl): a mixture's or an alloy's
/// name. `None` when some part is no symbol.
pub fn glued_symbols(v: &str) -> Option<Vec<&str>> {
    let mut parts = Vec::new();
    let mut start = None;
    for (k, ch) in v.char_indices() {
        if ch.is_ascii_uppercase() {
            if let Some(s) = start {
                parts.push(&v[s..k]);
            }
            start = Some(k);
        } else if !ch.is_ascii_lowercase() || start.is_none() {
            return None;
        }
    }
    parts.push(&v[start?..]);
    parts.iter().all(|p| is_element_symbol(p)).then_some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_symbols() {
        assert_eq!(ELEMENTS.len(), 118);
        assert_eq!(element_symbol("tin"), Some("Sn"));
        assert_eq!(element_symbol("uranium"), Some("U"));
        assert_eq!(element_symbol("aluminum"), Some("Al"));
        assert_eq!(element_symbol("oxford"), None);
        assert!(is_element_symbol("Fm") && !is_element_symbol("FM"));
        assert_eq!(glued_symbols("CuZn"), Some(vec!["Cu", "Zn"]));
        assert_eq!(glued_symbols("Hg"), Some(vec!["Hg"]));
        assert_eq!(glued_symbols("CuXx"), None);
        assert_eq!(glued_symbols("cu"), None);
    }
}
