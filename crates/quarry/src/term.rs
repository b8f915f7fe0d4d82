//! Text from the data (values, column names, emails, token names, a
//! vocabulary) made safe to write to the operator's terminal: a control
//! character (C0, DEL, C1: ESC, BEL, CR, backspace, …) could otherwise move
//! the cursor, clear the screen, retitle the window or hide what follows.
//! Every command that prints data goes through here.

use std::borrow::Cow;

/// `s` on one line: every control character (newlines and tabs too)
/// becomes a space.
pub fn line(s: &str) -> Cow<'_, str> {
    replace_controls(s, false)
}

/// `s` as lines of text: newlines and tabs stay, every other control
/// character becomes a space.
pub fn text(s: &str) -> Cow<'_, str> {
    replace_controls(s, true)
}

fn replace_controls(s: &str, keep_lines: bool) -> Cow<'_, str> {
    let bad = |c: char| c.is_control() && !(keep_lines && (c == '\n' || c == '\t'));
    if !s.chars().any(bad) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(s.chars().map(|c| if bad(c) { ' ' } else { c }).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_defused() {
        let hostile = "a\u{1b}]0;pwned\u{7}\u{1b}[2J\r\u{9b}31mb\u{7f}";
        let l = line(hostile);
        assert!(!l.chars().any(char::is_control), "{l:?}");
        assert_eq!(l, "a ]0;pwned  [2J  31mb ");
        assert_eq!(line("x\ny\tz"), "x y z");
        assert_eq!(text("x\ny\tz\u{1b}[2J"), "x\ny\tz [2J");
        assert!(matches!(line("plain é"), Cow::Borrowed(_)));
    }
}
