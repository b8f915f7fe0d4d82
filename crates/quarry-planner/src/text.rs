//! Tokenising and normalising text: the same functions read the search
//! phrase and the profile's values, so both sides meet in one form.

use crate::lexicon::units::{currency_sign, is_glued_unit, Unit, SECOND};

/// What a token is.
#[derive(Debug, Clone, PartialEq)]
pub enum TokenKind {
    Word,
    /// A number as typed, after magnitudes: `10k` is 10000.0 with `scaled`
    /// set, `$1.5M` is 1500000.0 with the dollar as its `unit`, `20%` is
    /// 20.0 with `percent` set, `1:10:00` is 4200.0 seconds. A unit written
    /// after the number ("2.5 kg", "2.5kg") is a word of its own, read by
    /// the units pass.
    Number {
        value: f64,
        percent: bool,
        /// A currency sign before it, or seconds for a clock duration.
        unit: Option<&'static Unit>,
        /// A magnitude ("k", "million", "bn") multiplied it.
        scaled: bool,
    },
    /// Text the user put in quotes: a value to match as it is.
    Quoted,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    /// Lowercased, accents folded; for `Quoted`, the quoted text folded.
    pub norm: String,
    /// Singular/stemmed form of `norm` (see [`stem`]).
    pub stem: String,
    /// Byte span in the original phrase.
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn number(&self) -> Option<f64> {
        match self.kind {
            TokenKind::Number { value, .. } => Some(value),
            _ => None,
        }
    }
    pub fn is_word(&self) -> bool {
        self.kind == TokenKind::Word
    }

    /// A number token of `value`, with no unit, spanning `start..end`.
    pub fn plain_number(value: f64, start: usize, end: usize) -> Token {
        Token {
            kind: TokenKind::Number {
                value,
                percent: false,
                unit: None,
                scaled: false,
            },
            norm: format_number(value),
            stem: format_number(value),
            start,
            end,
        }
    }

    /// A word token of `norm` (already normalised) standing for the text
    /// `start..end` ("june" for "summer").
    pub fn word(norm: &str, start: usize, end: usize) -> Token {
        Token {
            kind: TokenKind::Word,
            norm: norm.to_string(),
            stem: stem(norm),
            start,
            end,
        }
    }

    /// A word token of `norm` (already normalised) spanning `start..end`.
    fn mark(norm: &str, start: usize, end: usize) -> Token {
        Token {
            kind: TokenKind::Word,
            norm: norm.to_string(),
            stem: norm.to_string(),
            start,
            end,
        }
    }
}

/// Folds the accents of common Latin letters and lowercases.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let f = match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä'
            | 'Å' => 'a',
            'ç' | 'ć' | 'č' | 'Ç' | 'Ć' | 'Č' => 'c',
            'ď' | 'đ' => 'd',
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ę' | 'ě' | 'È' | 'É' | 'Ê' | 'Ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' | 'ī' | 'Ì' | 'Í' | 'Î' | 'Ï' => 'i',
            'ł' | 'Ł' => 'l',
            'ñ' | 'ń' | 'ň' | 'Ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' => {
                'o'
            }
            'ř' => 'r',
            'ś' | 'š' | 'ş' | 'Ś' | 'Š' => 's',
            'ť' | 'ţ' => 't',
            'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'Ù' | 'Ú' | 'Û' | 'Ü' => 'u',
            'ý' | 'ÿ' | 'Ý' => 'y',
            'ź' | 'ż' | 'ž' | 'Ź' | 'Ż' | 'Ž' => 'z',
            '’' | '‘' | '`' | '´' => '\'',
            c => c,
        };
        for l in f.to_lowercase() {
            out.push(l);
        }
    }
    out
}

/// Plurals that no suffix rule turns into their singular.
const IRREGULAR: &[(&str, &str)] = &[
    ("geese", "goose"),
    ("mice", "mouse"),
    ("children", "child"),
    ("men", "man"),
    ("women", "woman"),
    ("feet", "foot"),
    ("teeth", "tooth"),
    ("oxen", "ox"),
    ("leaves", "leaf"),
    ("wolves", "wolf"),
    ("knives", "knife"),
    ("lives", "life"),
    ("wives", "wife"),
    ("halves", "half"),
    ("ids", "id"),
    ("shelves", "shelf"),
    ("potatoes", "potato"),
    ("tomatoes", "tomato"),
    ("heroes", "hero"),
    ("cacti", "cactus"),
    ("fungi", "fungus"),
    ("criteria", "criterion"),
    ("phenomena", "phenomenon"),
    ("analyses", "analysis"),
    ("theses", "thesis"),
    ("indices", "index"),
    ("matrices", "matrix"),
    ("species", "species"),
    ("series", "series"),
];

/// A light English stemmer for matching words to field names and values:
/// plurals and possessives only, so it never turns one word into another.
pub fn stem(w: &str) -> String {
    let w = w.strip_suffix("'s").unwrap_or(w);
    if let Some((_, singular)) = IRREGULAR.iter().find(|(p, _)| *p == w) {
        return singular.to_string();
    }
    let n = w.len();
    if n <= 3 || !w.is_ascii() {
        return w.to_string();
    }
    if let Some(b) = w.strip_suffix("ies") {
        if n > 4 {
            return format!("{b}y");
        }
    }
    if let Some(b) = w.strip_suffix("es") {
        if b.ends_with("ss")
            || b.ends_with('x')
            || b.ends_with("ch")
            || b.ends_with("sh")
            || b.ends_with('z')
        {
            return b.to_string();
        }
    }
    if w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") {
        return w[..n - 1].to_string();
    }
    // "calorie" meets "calories" (stemmed "calory"), "movie" meets "movies".
    if let Some(b) = w.strip_suffix("ie") {
        if n > 4 {
            return format!("{b}y");
        }
    }
    w.to_string()
}

/// Splits normalised text into words the way values and phrases are
/// compared: runs of letters and digits. `"Port-Chelsea, NY"` →
/// `["port", "chelsea", "ny"]`.
///
/// A plural marker glued in parentheses is dropped: `Stratovolcano(es)`,
/// `Fissure vent(s)` are the word with or without it.
pub fn words(s: &str) -> Vec<String> {
    let folded = fold(s);
    let unmarked = if folded.contains("(s)") || folded.contains("(es)") {
        let mut out = String::with_capacity(folded.len());
        let mut rest = folded.as_str();
        while let Some(at) = rest.find('(') {
            let after = &rest[at..];
            let marker = ["(es)", "(s)"].into_iter().find(|m| after.starts_with(m));
            let glued = rest[..at].chars().last().is_some_and(char::is_alphabetic);
            match marker {
                Some(m) if glued => {
                    out.push_str(&rest[..at]);
                    rest = &rest[at + m.len()..];
                }
                _ => {
                    out.push_str(&rest[..=at]);
                    rest = &rest[at + 1..];
                }
            }
        }
        out.push_str(rest);
        out
    } else {
        folded
    };
    unmarked
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

pub(crate) fn number_word(w: &str) -> Option<f64> {
    const SMALL: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    if let Some(i) = SMALL.iter().position(|s| *s == w) {
        return Some(i as f64);
    }
    let tens = [
        ("thirty", 30.0),
        ("forty", 40.0),
        ("fifty", 50.0),
        ("sixty", 60.0),
        ("seventy", 70.0),
        ("eighty", 80.0),
        ("ninety", 90.0),
        ("hundred", 100.0),
        ("dozen", 12.0),
        // "arrested at least twice": a count of times.
        ("twice", 2.0),
        ("thrice", 3.0),
    ];
    tens.iter().find(|(s, _)| *s == w).map(|(_, v)| *v)
}

/// A magnitude word or suffix. "mm" is millimetres, never a magnitude;
/// "m" and "t" glued to digits without a currency sign are split off for
/// the units pass to read (metres or million, tonnes or trillion).
fn magnitude(w: &str) -> Option<f64> {
    match w {
        "k" | "thousand" | "grand" => Some(1e3),
        "m" | "mn" | "million" | "millions" => Some(1e6),
        "b" | "bn" | "billion" | "billions" => Some(1e9),
        "t" | "trillion" => Some(1e12),
        _ => None,
    }
}

fn is_quote(c: char) -> bool {
    matches!(c, '"' | '\'' | '“' | '”' | '‘' | '’' | '«' | '»')
}

fn closing(c: char) -> &'static [char] {
    match c {
        '"' => &['"', '”'],
        '“' => &['”', '"'],
        '\'' => &['\'', '’'],
        '‘' => &['’', '\''],
        '’' => &['’', '\''],
        '«' => &['»'],
        '”' => &['”', '"'],
        _ => &['"'],
    }
}

/// Tokenises a search phrase: words, numbers (with magnitudes, currency
/// signs, thousands separators, percentages, number words, clock
/// durations) and quoted text. Marks of measure become words of their own:
/// a unit glued to digits ("2.5kg" → "2.5", "kg"), feet and inches
/// ("5'8\"" → "5", "′", "8", "″"), a degree sign ("°c", "°"), and a "+"
/// after a number ("8+").
pub fn tokenize(text: &str) -> Vec<Token> {
    let sc = Scanner {
        text,
        chars: text.char_indices().collect(),
    };
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < sc.chars.len() {
        let c = sc.chars[i].1;
        if let Some((t, next)) = sc.mark(i, &out) {
            out.push(t);
            i = next;
            continue;
        }
        // Quoted text: an opening quote at a word start with a matching close.
        if is_quote(c) && sc.at_word_start(i) {
            if let Some((t, next)) = sc.quoted(i) {
                out.push(t);
                i = next;
                continue;
            }
        }
        if let Some((t, next)) = sc.number(i) {
            out.push(t);
            i = next;
            continue;
        }
        if c.is_alphanumeric() {
            i = sc.word(i, &mut out);
            continue;
        }
        i += 1;
    }
    out
}

/// The characters of a phrase being tokenised, with their byte offsets.
struct Scanner<'t> {
    text: &'t str,
    chars: Vec<(usize, char)>,
}

impl Scanner<'_> {
    /// The byte offset where character `i` starts (the text's end past the
    /// last).
    fn end_of(&self, i: usize) -> usize {
        self.chars.get(i).map_or(self.text.len(), |(b, _)| *b)
    }

    fn at_word_start(&self, i: usize) -> bool {
        i == 0 || !self.chars[i - 1].1.is_alphanumeric()
    }

    fn char_at(&self, i: usize) -> Option<char> {
        self.chars.get(i).map(|(_, c)| *c)
    }

    /// A mark of measure at `i`: a degree sign ("°", "°c", "°f"), a feet or
    /// inches mark right after a number ("5'8", "6'", "5'8\""), or a "+"
    /// right after a number ("8+"). The token and the character after it.
    fn mark(&self, i: usize, out: &[Token]) -> Option<(Token, usize)> {
        let c = self.chars[i].1;
        let b = self.chars[i].0;
        if matches!(c, '°' | 'º') {
            let letter = self
                .char_at(i + 1)
                .map(|l| l.to_ascii_lowercase())
                .filter(|l| matches!(l, 'c' | 'f'))
                .filter(|_| !self.char_at(i + 2).is_some_and(char::is_alphanumeric));
            return Some(match letter {
                Some(l) => (Token::mark(&format!("°{l}"), b, self.end_of(i + 2)), i + 2),
                None => (Token::mark("°", b, self.end_of(i + 1)), i + 1),
            });
        }
        // Only right after a number, or a unit glued to one ("1k+", "8km+");
        // feet and inches right after a digit.
        let last = out.last();
        let next = self.char_at(i + 1);
        let glued_to_number = |t: &Token| {
            t.end == b
                && (t.number().is_some()
                    || out.len() > 1 && {
                        let n = &out[out.len() - 2];
                        n.number().is_some() && n.end == t.start
                    })
        };
        if c == '+'
            && !next.is_some_and(|n| n.is_ascii_digit())
            && last.is_some_and(glued_to_number)
        {
            return Some((Token::mark("+", b, self.end_of(i + 1)), i + 1));
        }
        if !last.is_some_and(|t| t.number().is_some() && t.end == b) {
            return None;
        }
        if !(i > 0 && self.chars[i - 1].1.is_ascii_digit()) {
            return None;
        }
        match c {
            // Feet: "5'8", "5' 8", "6'" (not "1990's").
            '\'' | '′' | '’' if !next.is_some_and(char::is_alphabetic) => {
                Some((Token::mark("′", b, self.end_of(i + 1)), i + 1))
            }
            // Inches after feet and a number: the 8" of 5'8".
            '"' | '″' | '”' => {
                let feet_before = {
                    let k = self.chars[..i]
                        .iter()
                        .rposition(|(_, ch)| !ch.is_ascii_digit() && *ch != '.');
                    k.is_some_and(|k| {
                        let mut k = k;
                        while k > 0 && self.chars[k].1 == ' ' {
                            k -= 1;
                        }
                        matches!(self.chars[k].1, '\'' | '′' | '’')
                    })
                };
                feet_before.then(|| (Token::mark("″", b, self.end_of(i + 1)), i + 1))
            }
            _ => None,
        }
    }

    /// Quoted text opening at `i`, if it closes: the token and the
    /// character after it.
    fn quoted(&self, i: usize) -> Option<(Token, usize)> {
        let (text, chars) = (self.text, &self.chars);
        let closers = closing(chars[i].1);
        let j = (i + 1..chars.len()).find(|&j| {
            closers.contains(&chars[j].1)
                && (j + 1 == chars.len() || !chars[j + 1].1.is_alphanumeric())
        })?;
        let inner = &text[self.end_of(i + 1)..chars[j].0];
        if inner.trim().is_empty() || j - i > 200 {
            return None;
        }
        let norm = words(inner).join(" ");
        let t = Token {
            kind: TokenKind::Quoted,
            stem: norm.clone(),
            norm: inner.trim().to_string(),
            start: chars[i].0,
            end: self.end_of(j + 1),
        };
        Some((t, j + 1))
    }

    /// The digits of a number from `j`: its text (thousands separators
    /// dropped) and the character after it.
    fn digits(&self, mut j: usize) -> (String, usize) {
        let chars = &self.chars;
        let mut s = String::new();
        while j < chars.len() {
            let d = chars[j].1;
            if d.is_ascii_digit() {
                s.push(d);
            } else if (d == ',' || d == '.')
                && chars.get(j + 1).is_some_and(|(_, n)| n.is_ascii_digit())
            {
                if d == '.' {
                    s.push('.');
                }
            } else {
                break;
            }
            j += 1;
        }
        (s, j)
    }

    /// "1:10:00" at `j` (after the hours): the minutes and seconds, in
    /// seconds, and the character after them.
    fn clock_rest(&self, j: usize) -> Option<(f64, usize)> {
        let two = |k: usize| -> Option<f64> {
            let a = self.char_at(k)?.to_digit(10)?;
            let b = self.char_at(k + 1)?.to_digit(10)?;
            Some(f64::from(a * 10 + b))
        };
        if self.char_at(j) != Some(':') || self.char_at(j + 3) != Some(':') {
            return None;
        }
        let (m, sec) = (two(j + 1)?, two(j + 4)?);
        if m >= 60.0 || sec >= 60.0 || self.char_at(j + 6).is_some_and(char::is_alphanumeric) {
            return None;
        }
        Some((m * 60.0 + sec, j + 6))
    }

    /// A number starting at `i`: [$€£] digits[,digits]*[.digits][k|m|b|%]
    /// ("1st", "a380" are words; a unit glued to it is left for the next
    /// token). The token and the character after it.
    fn number(&self, i: usize) -> Option<(Token, usize)> {
        let (text, chars) = (self.text, &self.chars);
        let (b, c) = chars[i];
        // "-150": a minus sign after a space, glued to the digits.
        let minus = matches!(c, '-' | '−') && (i == 0 || chars[i - 1].1.is_whitespace());
        // ".300", ".05": a fraction written without its zero.
        let dot = c == '.'
            && (i == 0 || chars[i - 1].1.is_whitespace())
            && chars.get(i + 1).is_some_and(|(_, d)| d.is_ascii_digit());
        let currency = if minus || dot { None } else { currency_sign(c) };
        let digit_at = if currency.is_some() || minus || dot {
            i + 1
        } else {
            i
        };
        let starts_number =
            chars.get(digit_at).is_some_and(|(_, d)| d.is_ascii_digit()) && self.at_word_start(i);
        if !starts_number {
            return None;
        }
        let (s, mut j) = self.digits(digit_at);
        let s = if dot && !s.contains('.') {
            format!("0.{s}")
        } else {
            s
        };
        let digits_end = if minus || dot { usize::MAX } else { j };
        let mut value: f64 = s.parse().unwrap_or(0.0);
        if minus {
            value = -value;
        }
        // "1e-10", "6.02E23": a power of ten written after the digits.
        if currency.is_none() && chars.get(j).is_some_and(|(_, e)| matches!(e, 'e' | 'E')) {
            let signed = chars
                .get(j + 1)
                .is_some_and(|(_, c)| matches!(c, '-' | '+'));
            let from = j + 1 + usize::from(signed);
            let mut q = from;
            while chars.get(q).is_some_and(|(_, d)| d.is_ascii_digit()) {
                q += 1;
            }
            let ends = !chars.get(q).is_some_and(|(_, c)| c.is_alphanumeric());
            if q > from && q - from <= 3 && ends {
                let exp = &text[self.end_of(j + 1)..self.end_of(q)];
                if let Ok(v) = format!("{s}e{exp}").parse::<f64>() {
                    value = if minus { -v } else { v };
                    j = q;
                }
            }
        }
        let mut unit = currency;
        let mut percent = false;
        let mut scaled = false;
        // Suffix glued to the digits: 10k, 1.5M, 20%, 1990s, 1st, 2.5kg.
        let mut k = j;
        while k < chars.len() && chars[k].1.is_alphanumeric() {
            k += 1;
        }
        let suffix = fold(&text[self.end_of(j)..self.end_of(k)]);
        let mut is_word = false;
        if let Some((rest, next)) = self.clock_rest(j).filter(|_| currency.is_none()) {
            // "1:10:00": hours, minutes, seconds.
            value = value * 3600.0 + rest;
            unit = Some(&SECOND);
            j = next;
        } else if chars.get(j).is_some_and(|(_, c)| *c == '%') {
            percent = true;
            j += 1;
        } else if is_glued_unit(&suffix) && !(currency.is_some() && magnitude(&suffix).is_some()) {
            // "2.5kg", "86F", "1.9m": the unit is the next token.
        } else if let Some(m) = magnitude(&suffix) {
            value *= m;
            scaled = true;
            j = k;
        } else if suffix == "s" && s.len() == 4 {
            j = k; // "1990s": the decade; keep the year.
        } else if !suffix.is_empty() {
            is_word = true; // "1st", "4th", "a380": a word.
            j = k;
        }
        let raw = &text[b..self.end_of(j)];
        let t = if is_word {
            let norm = fold(raw);
            Token {
                kind: TokenKind::Word,
                stem: norm.clone(),
                norm,
                start: b,
                end: self.end_of(j),
            }
        } else {
            let norm = if percent || currency.is_some() || digits_end != j {
                format_number(value)
            } else {
                s.clone()
            };
            Token {
                kind: TokenKind::Number {
                    value,
                    percent,
                    unit,
                    scaled,
                },
                stem: norm.clone(),
                norm,
                start: b,
                end: self.end_of(j),
            }
        };
        Some((t, j))
    }

    /// The word starting at `i` (with inner apostrophes; a possessive 's
    /// dropped), pushed to `out` as a word, a number word, or a magnitude
    /// of the number before it ("5 million"). Returns the character after
    /// it.
    fn word(&self, i: usize, out: &mut Vec<Token>) -> usize {
        let (text, chars) = (self.text, &self.chars);
        let b = chars[i].0;
        let mut j = i;
        while j < chars.len()
            && (chars[j].1.is_alphanumeric()
                || (matches!(chars[j].1, '\'' | '’')
                    && chars.get(j + 1).is_some_and(|(_, n)| n.is_alphabetic())))
        {
            j += 1;
        }
        let raw = &text[b..self.end_of(j)];
        let norm = fold(raw).replace('\'', "");
        let norm = if let Some(stripped) = fold(raw).strip_suffix("'s") {
            stripped.to_string()
        } else {
            norm
        };
        // Number words, and magnitudes after a number ("5 million").
        if let Some(m) = magnitude(&norm).filter(|_| norm.len() > 1) {
            if let Some(last) = out.last_mut() {
                if let TokenKind::Number {
                    value,
                    percent,
                    unit,
                    ..
                } = last.kind
                {
                    last.kind = TokenKind::Number {
                        value: value * m,
                        percent,
                        unit,
                        scaled: true,
                    };
                    last.norm = format_number(value * m);
                    last.stem = last.norm.clone();
                    last.end = self.end_of(j);
                    return j;
                }
            }
            // "a million", "half a million", "a quarter of a million".
            if out
                .last()
                .is_some_and(|t| matches!(t.norm.as_str(), "a" | "an"))
            {
                let mut start = out.pop().map_or(b, |t| t.start);
                let mut part = 1.0;
                if out.last().is_some_and(|t| t.norm == "of") && out.len() >= 2 {
                    let before = &out[out.len() - 2];
                    if before.norm == "quarter" {
                        out.pop();
                    }
                }
                let fraction = match out.last().map(|t| t.norm.as_str()) {
                    Some("half") => Some(0.5),
                    Some("quarter") => Some(0.25),
                    _ => None,
                };
                if let Some(f) = fraction {
                    part = f;
                    start = out.pop().map_or(start, |t| t.start);
                    // "a quarter": its article too.
                    if f == 0.25 && out.last().is_some_and(|t| t.norm == "a") {
                        start = out.pop().map_or(start, |t| t.start);
                    }
                }
                let mut t = Token::plain_number(part * m, start, self.end_of(j));
                if let TokenKind::Number { scaled, .. } = &mut t.kind {
                    *scaled = true;
                }
                out.push(t);
                return j;
            }
        }
        if let Some(v) = number_word(&norm) {
            out.push(Token::plain_number(v, b, self.end_of(j)));
            return j;
        }
        // "non-fiction": the prefix is a negation of its own.
        let st = stem(&norm);
        out.push(Token {
            kind: TokenKind::Word,
            stem: st,
            norm,
            start: b,
            end: self.end_of(j),
        });
        j
    }
}

/// A literal as plain text, for notes.
pub fn literal_text(v: &crate::plan::Literal) -> String {
    match v {
        crate::plan::Literal::Integer(i) => i.to_string(),
        crate::plan::Literal::Float(f) => f.to_string(),
        crate::plan::Literal::Text(s) => s.clone(),
        crate::plan::Literal::Boolean(b) => b.to_string(),
    }
}

/// A number as a value string: integers without decimals.
pub fn format_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// Levenshtein distance, bounded: returns `max + 1` as soon as the distance
/// is known to exceed `max`.
pub fn edit_distance(a: &str, b: &str, max: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return max + 1;
    }
    // Optimal string alignment: insertions, deletions, substitutions and
    // transpositions of neighbours ("teh" / "the") each cost one.
    let mut prev2: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cur[j] = cur[j].min(prev2[j - 2] + 1);
            }
            row_min = row_min.min(cur[j]);
        }
        if row_min > max {
            return max + 1;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()].min(max + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(String, Option<f64>)> {
        tokenize(s)
            .into_iter()
            .map(|t| (t.norm.clone(), t.number()))
            .collect()
    }

    #[test]
    fn numbers_with_units_and_magnitudes() {
        // "k" without a currency sign is left for the units pass (a
        // thousand, or a "10k" race).
        let t = kinds("under $10M, over 1.5k and 20% or 1,234 seven $2k");
        let nums: Vec<f64> = t.iter().filter_map(|x| x.1).collect();
        assert_eq!(nums, vec![10e6, 1.5, 20.0, 1234.0, 7.0, 2000.0]);
        let t = kinds("5 million people");
        assert_eq!(t[0].1, Some(5e6));
    }

    #[test]
    fn units_are_words_of_their_own() {
        let norms = |s: &str| -> Vec<String> { tokenize(s).into_iter().map(|t| t.norm).collect() };
        assert_eq!(norms("2.5kg"), vec!["2.5", "kg"]);
        assert_eq!(norms("86F and 10m2"), vec!["86", "f", "and", "10", "m2"]);
        // "m" is left for the units pass (metres or million), "mm" is never
        // a magnitude.
        assert_eq!(kinds("1.9m")[0].1, Some(1.9));
        assert_eq!(norms("5 mm"), vec!["5", "mm"]);
        assert_eq!(kinds("5mm")[0].1, Some(5.0));
        // With a currency sign, "M" is million.
        assert_eq!(kinds("$5M")[0].1, Some(5e6));
        assert_eq!(kinds("\u{20ac}2bn")[0].1, Some(2e9));
        // Feet and inches, degrees, "+".
        assert_eq!(norms("5'8\""), vec!["5", "\u{2032}", "8", "\u{2033}"]);
        assert_eq!(norms("6' tall"), vec!["6", "\u{2032}", "tall"]);
        assert_eq!(norms("1990's"), vec!["1990", "s"]);
        assert_eq!(
            norms("90\u{b0}F, 30 \u{b0}C, 5\u{b0}"),
            vec!["90", "\u{b0}f", "30", "\u{b0}c", "5", "\u{b0}"]
        );
        assert_eq!(
            norms("8+ miles, 1k+"),
            vec!["8", "+", "miles", "1", "k", "+"]
        );
        assert_eq!(norms("1+1"), vec!["1", "1"]);
        // Words that only look like units stay words.
        assert_eq!(norms("1st 3d 80s"), vec!["1st", "3d", "80s"]);
    }

    #[test]
    fn clock_durations_are_seconds() {
        let t = tokenize("under 1:10:00");
        assert_eq!(t[1].number(), Some(4200.0));
        assert!(matches!(
            t[1].kind,
            TokenKind::Number { unit: Some(u), .. } if u.symbol == "s"
        ));
        // Two parts are a time of day or a score, not a duration.
        assert_eq!(kinds("10:30")[0].1, Some(10.0));
    }

    #[test]
    fn magnitudes_mark_the_number_scaled() {
        for s in ["$5k", "5 million", "$2bn", "3 thousand", "4bn"] {
            assert!(
                matches!(tokenize(s)[0].kind, TokenKind::Number { scaled: true, .. }),
                "{s}"
            );
        }
        assert!(matches!(
            tokenize("5000")[0].kind,
            TokenKind::Number { scaled: false, .. }
        ));
    }

    #[test]
    fn quotes_and_possessives() {
        let t = tokenize("What is Kyle's id named \"Robbin CV\" or 'AKO'?");
        let norms: Vec<&str> = t.iter().map(|t| t.norm.as_str()).collect();
        assert_eq!(
            norms,
            vec![
                "what",
                "is",
                "kyle",
                "id",
                "named",
                "Robbin CV",
                "or",
                "AKO"
            ]
        );
        assert_eq!(t[5].kind, TokenKind::Quoted);
    }

    #[test]
    fn ordinals_are_words_and_decades_are_years() {
        let t = kinds("4th place in the 1990s");
        assert_eq!(t[0], ("4th".to_string(), None));
        assert_eq!(t[4].1, Some(1990.0));
    }

    #[test]
    fn stems_plurals_only() {
        assert_eq!(stem("companies"), "company");
        assert_eq!(stem("employees"), "employee");
        assert_eq!(stem("boxes"), "box");
        assert_eq!(stem("status"), "status");
        assert_eq!(stem("class"), "class");
        assert_eq!(stem("points"), "point");
        assert_eq!(stem("gas"), "gas");
        assert_eq!(stem("geese"), "goose");
        assert_eq!(stem("series"), "series");
    }

    #[test]
    fn bounded_edit_distance() {
        assert_eq!(edit_distance("toyta", "toyota", 2), 1);
        assert_eq!(edit_distance("tyota", "toyota", 2), 1);
        assert_eq!(edit_distance("abc", "xyzabc", 2), 3);
        assert_eq!(edit_distance("kitten", "sitting", 3), 3);
        assert_eq!(edit_distance("teh", "the", 2), 1);
    }
}
