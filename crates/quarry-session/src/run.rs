//! The sequence of one query once it is planned: render, guard, run; relax
//! once when nothing matched (default tier); probe the conditions one by one
//! when still nothing matched (default tier); then the events. The statement runs before
//! the `thoughts` go out, so that they can say whether the plan was relaxed
//! and, when nothing matched, which conditions were the most restrictive.

use std::sync::atomic::Ordering;

use quarry_planner::{Figure, FigureKind, QueryPlan, Tier};
use quarry_sql::Sqlite;

use crate::engine::{EngineFailure, EngineRows};
use crate::events::{Close, Event, EventSink, Failure, Thoughts};
use crate::{zero_results, Ended, Session};

type Outcome = Result<EngineRows, EngineFailure>;

impl Session {
    /// Runs `plan` and sends its events to `sink`, in order.
    pub async fn run<S: EventSink>(&self, plan: QueryPlan, sink: &mut S) -> Ended {
        let profile = self.dataset.profile();
        let limit = self.limit;
        let render = |p: &QueryPlan| quarry_sql::render_select(&Sqlite, profile, p, limit);
        let sql = render(&plan);
        let outcome = self.run_sql(sink, &sql, limit).await;
        let (plan, sql, outcome, mut notes) = match (&outcome, plan.relaxed()) {
            // Default tier only: relax once when nothing matched.
            (Ok(rows), Some((relaxed, dropped)))
                if rows.items.is_empty() && plan.tier == Tier::Default =>
            {
                let relaxed_sql = render(&relaxed);
                match self.run_sql(sink, &relaxed_sql, limit).await {
                    Ok(rows) if !rows.items.is_empty() => {
                        self.record(|s| s.relaxed = true);
                        let note = format!(
                            "No record matched every condition, so {dropped} was dropped and the query run again."
                        );
                        (relaxed, relaxed_sql, Ok(rows), vec![note])
                    }
                    Ok(_) => {
                        let note = format!(
                            "No record matched; dropping {dropped} did not find any either."
                        );
                        (plan, sql, outcome, vec![note])
                    }
                    Err(e) => (relaxed, relaxed_sql, Err(e), Vec::new()),
                }
            }
            _ => (plan, sql, outcome, Vec::new()),
        };
        if matches!(&outcome, Ok(rows) if rows.items.is_empty()) {
            match self.explain_no_match(sink, &plan).await {
                Some(note) => notes.push(note),
                None => return Ended::Cancelled,
            }
        }
        if matches!(outcome, Err(EngineFailure::Cancelled)) {
            return Ended::Cancelled;
        }
        if let (Some(f), Ok(rows)) = (&plan.figure, &outcome) {
            notes.push(figure_note(f, rows.figure.as_deref()));
        }
        if !sink.emit(Event::Thoughts(thoughts(&plan, &notes))).await
            || !sink.emit(Event::Sql(sql)).await
        {
            return Ended::SinkGone;
        }
        self.finish(sink, outcome).await
    }

    /// Runs a statement off the async workers, calling the sink's
    /// [`EventSink::still_running`] at the keep-alive interval while it runs;
    /// a `false` from it means nobody listens any more and cancels the
    /// statement, as does the stop signal.
    async fn run_sql<S: EventSink>(&self, sink: &mut S, sql: &str, limit: u32) -> Outcome {
        let profile = self.dataset.profile();
        // The shape guard: nothing runs that the renderer could not have
        // written (a second wall behind the engine's authorizer).
        if let Err(reason) =
            quarry_sql::check_select(&Sqlite, sql, &profile.table, profile.fts_table.as_deref())
        {
            return Err(EngineFailure::Failed(format!(
                "statement refused by the shape guard: {reason}"
            )));
        }
        let engine = self.engine.clone();
        let dataset = self.dataset.clone();
        let cancel = self.cancel.clone();
        let timeout = self.timeout;
        let sql = sql.to_string();
        let started = std::time::Instant::now();
        let mut task = tokio::task::spawn_blocking(move || {
            engine.run(
                dataset.file(),
                dataset.profile(),
                &sql,
                limit,
                &cancel,
                timeout,
            )
        });
        let start = tokio::time::Instant::now() + self.keep_alive_every;
        let mut ticker = tokio::time::interval_at(start, self.keep_alive_every);
        let mut stop = self.stop.clone();
        stop.mark_unchanged();
        let mut stopping = *stop.borrow();
        if stopping {
            self.cancel.store(true, Ordering::SeqCst);
        }
        loop {
            tokio::select! {
                done = &mut task => {
                    let outcome = done.unwrap_or_else(|e| Err(EngineFailure::Failed(format!("engine task: {e}"))));
                    let timed_out = matches!(outcome, Err(EngineFailure::Timeout));
                    self.record(|s| {
                        s.sql += started.elapsed();
                        s.statements += 1;
                        s.timed_out |= timed_out;
                    });
                    return match outcome {
                        Err(EngineFailure::Cancelled) if *self.stop.borrow() => {
                            Err(EngineFailure::Stopped)
                        }
                        other => other,
                    };
                }
                Ok(()) = stop.changed(), if !stopping => {
                    if *stop.borrow_and_update() {
                        // Stopping: interrupt the statement; the session
                        // closes with Failure::Stopped.
                        stopping = true;
                        self.cancel.store(true, Ordering::SeqCst);
                    }
                }
                _ = ticker.tick() => {
                    if !sink.still_running().await {
                        self.cancel.store(true, Ordering::SeqCst);
                    }
                }
            }
        }
    }

    /// The note on a plan that matched nothing: its conditions probed one by
    /// one (default tier; the small tier names no condition). `None` when
    /// the session was cancelled meanwhile.
    async fn explain_no_match<S: EventSink>(
        &self,
        sink: &mut S,
        plan: &QueryPlan,
    ) -> Option<String> {
        let probes = zero_results::probes(plan);
        let mut counts = Vec::with_capacity(probes.len());
        // The small tier skips the probes: they cost a statement each.
        if probes.len() > 1 && plan.tier == Tier::Default {
            for p in &probes {
                let sql = quarry_sql::render_probe(
                    &Sqlite,
                    self.dataset.profile(),
                    &p.plan,
                    zero_results::PROBE_CAP,
                );
                counts.push(
                    match self.run_sql(sink, &sql, zero_results::PROBE_CAP).await {
                        Ok(rows) => Some(rows.items.len()),
                        Err(EngineFailure::Cancelled) => return None,
                        // Too slow or failed: left out of the note.
                        Err(_) => None,
                    },
                );
            }
        }
        Some(zero_results::note(&probes, &counts))
    }

    /// Sends `results` and the `close`, or the failing `close`.
    async fn finish<S: EventSink>(&self, sink: &mut S, outcome: Outcome) -> Ended {
        let close = match outcome {
            Ok(EngineRows { mut items, .. }) => {
                items.truncate(self.limit as usize);
                let rows = items.len();
                self.record(|s| {
                    s.rows = rows;
                    s.zero_results = rows == 0;
                });
                if !sink.emit(Event::Results(items)).await {
                    return Ended::SinkGone;
                }
                Close::Complete
            }
            Err(EngineFailure::Cancelled) => return Ended::Cancelled,
            Err(EngineFailure::Stopped) => Close::Failed(Failure::Stopped),
            Err(EngineFailure::Timeout) => Close::Failed(Failure::Timeout(self.timeout)),
            Err(EngineFailure::TooLarge(cap)) => Close::Failed(Failure::TooLarge(cap)),
            Err(EngineFailure::Failed(detail)) => Close::Failed(Failure::Internal(detail)),
        };
        let _ = sink.emit(Event::Close(close)).await;
        Ended::Closed
    }
}

/// The sentence stating a figure over every matching record ("how many",
/// "average …"), computed by the statement that ran.
fn figure_note(f: &Figure, value: Option<&str>) -> String {
    let field = f.field.as_deref().unwrap_or("");
    match (f.kind, value) {
        (FigureKind::Count, Some(n)) => {
            format!("'{}': {n} records match (the results are those records).", f.source)
        }
        (FigureKind::Count, None) => format!("'{}': no record matches.", f.source),
        (FigureKind::Average, Some(v)) => format!(
            "'{}': the average {field} over the matching records is {v} (the results are those records).",
            f.source
        ),
        (FigureKind::Total, Some(v)) => format!(
            "'{}': the total {field} over the matching records is {v} (the results are those records).",
            f.source
        ),
        (_, None) => format!(
            "'{}': no record matches, so there is no figure for {field}.",
            f.source
        ),
    }
}

fn thoughts(plan: &QueryPlan, extra_notes: &[String]) -> Thoughts {
    let metadata = plan
        .notes
        .iter()
        .chain(extra_notes)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" ");
    Thoughts {
        filters: quarry_sql::thought_filters(plan),
        traits: plan.traits.clone(),
        key_phrases: plan.key_phrases.clone(),
        metadata,
    }
}
