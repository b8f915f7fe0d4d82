//! `quarry audit`: the catalog's audit log, read by the operator. Every
//! value is printed through [`crate::term`] (an email or a token name could
//! hold escape sequences); `--json` prints one object per entry and line.

use quarry_catalog::{AuditEntry, AuditFilter};

use crate::cli::AuditArgs;
use crate::ops::format_time;
use crate::term::line as clean;

pub fn run(backend: &quarry_pg::Backend, args: AuditArgs) -> anyhow::Result<()> {
    match print(backend, args) {
        // A reader that stopped early (`quarry audit | head`) is not an error.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(())
        }
        other => other,
    }
}

fn print(backend: &quarry_pg::Backend, args: AuditArgs) -> anyhow::Result<()> {
    let catalog = crate::ops::open(backend)?;
    let account_id = match &args.account {
        Some(email) => Some(catalog.account_by_email(email)?.id),
        None => None,
    };
    let entries = catalog.audit_entries(&AuditFilter {
        account_id,
        since: args.since,
        newest: None,
    })?;
    let mut out = std::io::stdout().lock();
    use std::io::Write;
    if args.json {
        for e in &entries {
            writeln!(out, "{}", json_line(&json(e)))?;
        }
        return Ok(());
    }
    if entries.is_empty() {
        eprintln!(
            "No audit entries{}.",
            if args.since.is_some() || args.account.is_some() {
                " match"
            } else {
                " yet"
            }
        );
        return Ok(());
    }
    writeln!(
        out,
        "{:<21} {:<28} {:<16} {:<27} {:<28} DETAIL",
        "TIME", "WHO", "FROM", "ACTION", "SUBJECT"
    )?;
    for e in &entries {
        let who = match (e.actor.as_str(), &e.account_email) {
            // The operator acted on an account, or someone not signed in
            // tried one: both named.
            ("operator" | "anonymous", Some(email)) => format!("{} ({})", e.actor, email),
            _ => e.who().to_string(),
        };
        writeln!(
            out,
            "{:<21} {:<28} {:<16} {:<27} {:<28} {}",
            format_time(e.at),
            clean(&who),
            clean(e.address.as_deref().unwrap_or("-")),
            clean(&e.action),
            clean(&e.subject),
            clean(&e.detail)
        )?;
    }
    Ok(())
}

/// `v` on one line of JSON with no control character in it: serde_json
/// escapes C0 controls, but writes DEL and the C1 controls (U+0080 to
/// U+009F, CSI among them) as they are; those are escaped here (they can
/// only occur inside strings, where `\uXXXX` means the same).
fn json_line(v: &serde_json::Value) -> String {
    let text = v.to_string();
    if !text.chars().any(char::is_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

fn json(e: &AuditEntry) -> serde_json::Value {
    serde_json::json!({
        "id": e.id,
        "time": chrono::DateTime::from_timestamp(e.at, 0)
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
        "unix": e.at,
        "actor": e.actor,
        "who": e.who(),
        "account_id": e.account_id,
        "account": e.account_email,
        "address": e.address,
        "action": e.action,
        "subject": e.subject,
        "detail": e.detail,
    })
}

/// `--since`: an RFC 3339 time, or a duration before now (`30s`, `90m`,
/// `24h`, `7d`, `2w`), as Unix seconds.
pub fn parse_since(s: &str) -> Result<i64, String> {
    parse_since_at(s, chrono::Utc::now().timestamp())
}

fn parse_since_at(s: &str, now: i64) -> Result<i64, String> {
    let s = s.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Ok(t.timestamp());
    }
    let unit_at = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (n, unit) = s.split_at(unit_at);
    let secs = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        "w" => 7 * 86_400,
        _ => 0,
    };
    match n.parse::<i64>() {
        Ok(n) if secs > 0 => n
            .checked_mul(secs)
            .and_then(|d| now.checked_sub(d))
            .ok_or_else(|| format!("{s:?} is too far back")),
        _ => Err(format!(
            "{s:?} is neither an RFC 3339 time (2026-01-31T12:00:00Z) \
             nor a duration such as 90m, 24h or 7d"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_hold_no_control_character() {
        let v = serde_json::json!({"s": "a\u{1b}[2J\u{9b}31m\u{7f}\n"});
        let line = json_line(&v);
        assert!(!line.chars().any(char::is_control), "{line}");
        let back: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn since_takes_times_and_durations() {
        let now = 1_800_000_000;
        assert_eq!(parse_since_at("24h", now), Ok(now - 86_400));
        assert_eq!(parse_since_at("7d", now), Ok(now - 7 * 86_400));
        assert_eq!(parse_since_at("90m", now), Ok(now - 5400));
        assert_eq!(parse_since_at("2w", now), Ok(now - 14 * 86_400));
        assert_eq!(
            parse_since_at("2023-11-14T22:13:20Z", now),
            Ok(1_700_000_000)
        );
        assert_eq!(
            parse_since_at("2023-11-14T23:13:20+01:00", now),
            Ok(1_700_000_000)
        );
        for bad in [
            "",
            "h",
            "7",
            "7y",
            "-3d",
            "yesterday",
            "99999999999999999999d",
        ] {
            assert!(parse_since_at(bad, now).is_err(), "{bad}");
        }
    }
}
