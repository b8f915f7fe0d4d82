//! The server's resident memory and CPU time, from `/proc/<pid>`.

use std::path::Path;

/// Resident set and its peak, in KiB (`VmRSS`, `VmHWM`).
pub fn rss_kib(pid: u32) -> Option<(u64, u64)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse::<u64>().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// User plus system CPU seconds the process has used.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses.
    let rest = &text[text.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    Some((utime + stime) / ticks.max(1.0))
}

/// The pid of a running `quarry serve` whose command line mentions `port`
/// (or the only one running).
pub fn find_server(port: u16) -> Option<u32> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmd) = std::fs::read(Path::new("/proc").join(pid.to_string()).join("cmdline"))
        else {
            continue;
        };
        let args: Vec<String> = cmd
            .split(|b| *b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        let is_quarry = args
            .first()
            .is_some_and(|a| a == "quarry" || a.ends_with("/quarry"));
        if is_quarry && args.iter().any(|a| a == "serve") {
            let mentions = args.iter().any(|a| a.ends_with(&format!(":{port}")));
            found.push((mentions, pid));
        }
    }
    found.sort();
    match found.as_slice() {
        [.., (true, pid)] => Some(*pid),
        [(false, pid)] => Some(*pid),
        _ => None,
    }
}
