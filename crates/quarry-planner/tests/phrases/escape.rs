//! The escapes of a phrase file's lines, shared by the planner's corpus
//! and the PostgreSQL corpus (`crates/quarry-pg/tests/corpus.rs`), which
//! includes this file by path.

/// Resolves `\s`, `\t`, `\n`, `\#`, `\\` and `\u{…}`; any other backslash is
/// kept as it is.
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some('s') => out.push(' '),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('#') => out.push('#'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let rest: String = chars.clone().skip(1).collect();
                let code = rest
                    .strip_prefix('{')
                    .and_then(|r| r.split_once('}'))
                    .and_then(|(hex, _)| u32::from_str_radix(hex, 16).ok().map(|n| (n, hex)))
                    .and_then(|(n, hex)| char::from_u32(n).map(|ch| (ch, hex.len())));
                let Some((ch, hex_len)) = code else {
                    out.push('\\');
                    continue;
                };
                out.push(ch);
                // `u`, `{`, the digits; the `}` is consumed below.
                for _ in 0..hex_len + 2 {
                    chars.next();
                }
            }
            _ => {
                out.push('\\');
                continue;
            }
        }
        chars.next();
    }
    out
}
