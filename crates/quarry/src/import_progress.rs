//! What `quarry dataset import` shows while it works: an indicatif bar with
//! rows/s and ETA when stderr is a terminal, else a line per phase and one
//! every few seconds (logs and CI stay readable), or nothing with `--quiet`.

use std::cell::RefCell;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use quarry_dataset::{ImportTimings, Phase, Progress};

/// How often the line-based display writes a line within a phase.
const LINE_INTERVAL: Duration = Duration::from_secs(5);
/// The line-based display stays silent for imports shorter than this.
const LINES_AFTER: Duration = Duration::from_secs(2);

pub enum ImportProgress {
    Quiet,
    Bar(RefCell<BarState>),
    Lines(RefCell<LineState>),
}

pub struct BarState {
    bar: Option<ProgressBar>,
    phase: Option<Phase>,
}

pub struct LineState {
    started: Instant,
    phase: Option<Phase>,
    last_line: Instant,
}

impl ImportProgress {
    /// The display for this process: a bar on a terminal, lines otherwise.
    pub fn for_stderr(quiet: bool) -> ImportProgress {
        if quiet {
            ImportProgress::Quiet
        } else if std::io::stderr().is_terminal() {
            ImportProgress::Bar(RefCell::new(BarState {
                bar: None,
                phase: None,
            }))
        } else {
            ImportProgress::Lines(RefCell::new(LineState {
                started: Instant::now(),
                phase: None,
                last_line: Instant::now(),
            }))
        }
    }

    /// Called by the importer now and then.
    pub fn report(&self, p: &Progress) {
        match self {
            ImportProgress::Quiet => {}
            ImportProgress::Bar(state) => state.borrow_mut().report(p),
            ImportProgress::Lines(state) => {
                if let Some(line) = state.borrow_mut().line(p, Instant::now()) {
                    eprintln!("{line}");
                }
            }
        }
    }

    /// After a completed import, on the line-based display (logs, CI) and
    /// only when it wrote lines (not for short imports): how long each step
    /// took, so that an import can be compared step by step with another
    /// (`import-bench`, the console's, which logs the same line).
    pub fn steps(&self, timings: &ImportTimings) {
        if let ImportProgress::Lines(state) = self {
            if state.borrow().phase.is_some() {
                eprintln!("import: steps: {}", timings.summary());
            }
        }
    }

    /// Clears the bar (the summary line follows).
    pub fn finish(&self) {
        if let ImportProgress::Bar(state) = self {
            if let Some(bar) = state.borrow_mut().bar.take() {
                bar.finish_and_clear();
            }
        }
    }
}

impl BarState {
    fn report(&mut self, p: &Progress) {
        if self.phase != Some(p.phase) {
            if let Some(old) = self.bar.take() {
                old.finish_and_clear();
            }
            self.phase = Some(p.phase);
            self.bar = new_bar(p);
        }
        let Some(bar) = &self.bar else { return };
        match p.phase {
            Phase::Scan | Phase::Verify => {
                bar.set_position(p.bytes.min(p.total_bytes));
                bar.set_message(format!("{} rows", group(p.rows)));
            }
            Phase::Insert => bar.set_position(p.rows),
            Phase::Index | Phase::Done => {}
        }
    }
}

fn new_bar(p: &Progress) -> Option<ProgressBar> {
    let target = ProgressDrawTarget::stderr_with_hz(8);
    let bar = match p.phase {
        // Pass 1 measures bytes: the row count is not known yet.
        Phase::Scan | Phase::Verify => {
            let bar = ProgressBar::with_draw_target(Some(p.total_bytes), target);
            bar.set_style(style(
                "{prefix:>12} [{bar:24}] {bytes}/{total_bytes}, {msg} ({binary_bytes_per_sec}, ETA {eta})",
            ));
            bar
        }
        Phase::Insert => {
            let bar = ProgressBar::with_draw_target(p.total_rows, target);
            bar.set_style(style(
                "{prefix:>12} [{bar:24}] {human_pos}/{human_len} rows ({rows_per_sec} rows/s, ETA {eta})",
            ));
            bar
        }
        Phase::Index => {
            let bar = ProgressBar::with_draw_target(None, target);
            bar.set_style(style("{prefix:>12} {spinner} {elapsed} {msg}"));
            bar.set_message(format!(
                "full-text and B-tree indexes over {} rows",
                group(p.rows)
            ));
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        }
        Phase::Done => return None,
    };
    bar.set_prefix(p.phase.name());
    Some(bar)
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rows_per_sec",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&group(state.per_sec() as u64));
            },
        )
        .progress_chars("=> ")
}

impl LineState {
    /// The line to print for this report at `now`, if one is due: the first
    /// report of each phase and then one every [`LINE_INTERVAL`], nothing in
    /// the first [`LINES_AFTER`].
    fn line(&mut self, p: &Progress, now: Instant) -> Option<String> {
        let new_phase = self.phase != Some(p.phase);
        if now.duration_since(self.started) < LINES_AFTER
            || (!new_phase && now.duration_since(self.last_line) < LINE_INTERVAL)
            || p.phase == Phase::Done
        {
            return None;
        }
        self.phase = Some(p.phase);
        self.last_line = now;
        let elapsed = now.duration_since(self.started).as_secs_f64();
        let detail = match p.phase {
            Phase::Scan | Phase::Verify => format!(
                "{} rows, {}% of {} MB",
                group(p.rows),
                percent(p.bytes, p.total_bytes),
                p.total_bytes / 1_000_000
            ),
            Phase::Insert => match p.total_rows {
                Some(total) => format!(
                    "{} of {} rows ({}%)",
                    group(p.rows),
                    group(total),
                    percent(p.rows, total)
                ),
                None => format!("{} rows", group(p.rows)),
            },
            Phase::Index => format!("{} rows", group(p.rows)),
            Phase::Done => String::new(),
        };
        Some(format!(
            "import: {elapsed:7.1} s  {:<12} {detail}",
            p.phase.name()
        ))
    }
}

fn percent(part: u64, whole: u64) -> u64 {
    (part.min(whole) * 100).checked_div(whole).unwrap_or(100)
}

/// `1234567` → `1,234,567`.
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_come_per_phase_and_every_few_seconds_after_a_quiet_start() {
        let t0 = Instant::now();
        let mut l = LineState {
            started: t0,
            phase: None,
            last_line: t0,
        };
        let at = |s: f64| t0 + Duration::from_secs_f64(s);
        let report = |phase, rows| Progress {
            phase,
            rows,
            total_rows: (phase != Phase::Scan).then_some(1_000_000),
            bytes: 50_000_000,
            total_bytes: 100_000_000,
        };
        // Quiet at first: short imports print nothing.
        assert_eq!(l.line(&report(Phase::Scan, 10_000), at(1.0)), None);
        let first = l.line(&report(Phase::Scan, 500_000), at(2.5)).unwrap();
        assert!(
            first.contains("scanning") && first.contains("50% of 100 MB"),
            "{first}"
        );
        assert_eq!(l.line(&report(Phase::Scan, 600_000), at(4.0)), None);
        let next = l.line(&report(Phase::Insert, 10_000), at(4.1)).unwrap();
        assert!(next.contains("10,000 of 1,000,000 rows (1%)"), "{next}");
        assert_eq!(l.line(&report(Phase::Insert, 20_000), at(8.0)), None);
        assert!(l.line(&report(Phase::Insert, 900_000), at(9.2)).is_some());
        assert_eq!(l.line(&report(Phase::Done, 1_000_000), at(20.0)), None);
    }

    #[test]
    fn groups_thousands() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(group(10_000_000), "10,000,000");
    }
}
