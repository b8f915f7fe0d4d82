//! The sequence of one query once it is planned: render, guard, run; relax
//! once when nothing matched (default tier); probe the conditions one by one
//! when still nothing matched (default tier); then the events.
//!
//! The `thoughts` wait for the statement a fixed budget at most
//! ([`crate::THOUGHTS_BUDGET`], counted from the start of the first
//! statement), so that they can say whether the plan was relaxed and, when
//! nothing matched, which conditions were the most restrictive:
//! - a statement done within the budget is handled as before: relaxed once
//!   when it matched nothing, then probed, as far as the rest of the budget
//!   allows (a probe still running when the budget
//!   is spent is cancelled and left out of the note; a relaxed statement
//!   started within the budget and still running at its end is kept: the
//!   relaxed plan's thoughts, with the note that it was relaxed, and its
//!   SQL go out at the budget, its rows when it ends);
//! - a statement still running when the budget is spent is never rerun
//!   relaxed nor probed: its thoughts (the plan's own notes) and its SQL go
//!   out at the budget, its rows when it ends;
//! - a plan with a figure ("how many …") waits for its statement: the
//!   figure is stated in the thoughts.
//!
//! So the thoughts always describe the statement in the `sql` event.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use quarry_planner::{Figure, FigureKind, QueryPlan, Tier};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::engine::{EngineFailure, EngineRows};
use crate::events::{Close, Event, EventSink, Failure, Thoughts};
use crate::{zero_results, Ended, Session};

type Outcome = Result<EngineRows, EngineFailure>;

/// A statement run before the thoughts, against the budget.
enum Within {
    Done(Outcome),
    /// Still running at the budget's end, with its cancel flag.
    Late(Running, Arc<AtomicBool>),
    Skipped,
}

/// A statement under way: on the blocking pool, or on a thread the caller
/// gave it ([`StatementJob::run`]).
enum Running {
    Task(JoinHandle<Outcome>),
    Given(oneshot::Receiver<Outcome>),
}

impl Future for Running {
    type Output = Outcome;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Outcome> {
        match self.get_mut() {
            Running::Task(t) => Pin::new(t).poll(cx).map(|done| {
                done.unwrap_or_else(|e| Err(EngineFailure::Failed(format!("engine task: {e}"))))
            }),
            Running::Given(rx) => Pin::new(rx).poll(cx).map(|done| {
                done.unwrap_or_else(|_| {
                    Err(EngineFailure::Failed(
                        "engine task: the statement's thread ended without an answer".into(),
                    ))
                })
            }),
        }
    }
}

/// A plan's first statement, rendered, guarded and (once its
/// [`StatementJob`] runs) under way: what [`Session::run_started`] needs.
pub struct Started {
    sql: String,
    at: Instant,
    outcome: oneshot::Receiver<Outcome>,
}

/// The running of a plan's first statement, for the caller to do on a
/// thread that may block (see [`Session::start`]).
#[must_use = "the session waits for the statement this runs"]
pub struct StatementJob {
    job: Result<Box<dyn FnOnce() -> Outcome + Send>, EngineFailure>,
    done: oneshot::Sender<Outcome>,
}

impl StatementJob {
    /// Runs the statement here (blocking) and hands its outcome to the
    /// session.
    pub fn run(self) {
        let outcome = match self.job {
            Ok(job) => job(),
            Err(refused) => Err(refused),
        };
        let _ = self.done.send(outcome);
    }
}

impl Session {
    /// Runs `plan` and sends its events to `sink`, in order.
    pub async fn run<S: EventSink>(&self, plan: QueryPlan, sink: &mut S) -> Ended {
        // The count of matches (see `Session::start`) may wait for a pooled
        // connection: off the async workers.
        let matches = match self.match_count_wanted(&plan) {
            None => None,
            Some((q, cap)) => {
                let (engine, dataset, timeout) =
                    (self.engine.clone(), self.dataset.clone(), self.timeout);
                tokio::task::spawn_blocking(move || {
                    engine.count_matches(dataset.file(), &q, cap, timeout)
                })
                .await
                .ok()
                .flatten()
            }
        };
        let (started, job) = self.start_counted(&plan, matches);
        // A refused statement has nothing to run: no trip to the pool.
        if job.job.is_err() {
            job.run();
        } else {
            tokio::task::spawn_blocking(move || job.run());
        }
        self.run_started(plan, started, sink).await
    }

    /// Renders and guards `plan`'s statement and returns it twice: as the
    /// [`StatementJob`] that runs it, for the caller to run at once on a
    /// thread that may block (the one that planned, say, which saves the
    /// statement a trip to the blocking pool), and as what
    /// [`Session::run_started`] waits for. The thoughts' budget counts
    /// from here.
    ///
    /// Blocking: a full-text search ordered by a field counts its matches
    /// first (up to a bound; a fraction of a millisecond), since over many
    /// matches another form of the statement reads far fewer records (see
    /// `quarry_sql::render_select_counted`).
    pub fn start(&self, plan: &QueryPlan) -> (Started, StatementJob) {
        let matches = self.match_count_wanted(plan).and_then(|(q, cap)| {
            self.engine
                .count_matches(self.dataset.file(), &q, cap, self.timeout)
        });
        self.start_counted(plan, matches)
    }

    /// The full-text query to count the matches of before rendering `plan`,
    /// and the count worth knowing, if a count could change the statement.
    fn match_count_wanted(&self, plan: &QueryPlan) -> Option<(String, u64)> {
        quarry_sql::match_count_wanted(
            self.dataset.dialect(),
            self.dataset.profile(),
            plan,
            self.limit,
        )
    }

    /// [`Session::start`] with the count of matches made (or not).
    fn start_counted(&self, plan: &QueryPlan, matches: Option<u64>) -> (Started, StatementJob) {
        let (d, profile) = (self.dataset.dialect(), self.dataset.profile());
        let sql = match matches {
            Some(m) => quarry_sql::render_select_counted(d, profile, plan, self.limit, m),
            None => quarry_sql::render_select(d, profile, plan, self.limit),
        };
        let job = self.statement(&sql, self.limit, self.cancel.clone());
        let (done, outcome) = oneshot::channel();
        (
            Started {
                sql,
                at: Instant::now(),
                outcome,
            },
            StatementJob { job, done },
        )
    }

    /// [`Session::run`] of a plan whose first statement [`Session::start`]
    /// started.
    pub async fn run_started<S: EventSink>(
        &self,
        plan: QueryPlan,
        started: Started,
        sink: &mut S,
    ) -> Ended {
        let profile = self.dataset.profile();
        let limit = self.limit;
        let dialect = self.dataset.dialect();
        let render = |p: &QueryPlan| quarry_sql::render_select(dialect, profile, p, limit);
        let Started {
            sql,
            at,
            outcome: first,
        } = started;
        // A figure is stated in the thoughts: its plan waits for its
        // statements (each ends by the time-out).
        let budget = match plan.figure {
            None => self.thoughts_budget,
            Some(_) => self.timeout.saturating_mul(2),
        };
        let deadline = at
            .checked_add(budget)
            .unwrap_or_else(|| at + std::time::Duration::from_secs(86_400));
        let mut task = Running::Given(first);
        let outcome = match self
            .wait_sql(sink, &mut task, &self.cancel, Some(deadline))
            .await
        {
            Some(outcome) => outcome,
            None if self.cancel.load(Ordering::SeqCst) => return Ended::Cancelled,
            None => {
                // Over the budget: the thoughts and the SQL now, the rows
                // when the statement ends.
                if !sink.emit(Event::Thoughts(thoughts(&plan, &[]))).await
                    || !sink.emit(Event::Sql(sql)).await
                {
                    self.cancel.store(true, Ordering::SeqCst);
                    return Ended::SinkGone;
                }
                let outcome = self
                    .wait_sql(sink, &mut task, &self.cancel, None)
                    .await
                    .unwrap_or(Err(EngineFailure::Cancelled));
                return self.finish(sink, outcome).await;
            }
        };
        let (plan, sql, outcome, mut notes) = match (&outcome, plan.relaxed()) {
            // Default tier only: relax once when nothing matched.
            (Ok(rows), Some((relaxed, dropped)))
                if rows.items.is_empty() && plan.tier == Tier::Default =>
            {
                let relaxed_sql = render(&relaxed);
                let ran = format!(
                    "No record matched every condition, so {dropped} was dropped and the query run again."
                );
                match self.run_within(sink, &relaxed_sql, limit, deadline).await {
                    Within::Done(Ok(rows)) if !rows.items.is_empty() => {
                        self.record(|s| s.relaxed = true);
                        (relaxed, relaxed_sql, Ok(rows), vec![ran])
                    }
                    Within::Done(Ok(_)) => {
                        let note = format!(
                            "No record matched; dropping {dropped} did not find any either."
                        );
                        (plan, sql, outcome, vec![note])
                    }
                    Within::Done(Err(EngineFailure::Cancelled)) => return Ended::Cancelled,
                    Within::Done(Err(e)) => (relaxed, relaxed_sql, Err(e), Vec::new()),
                    // Started within the budget, still running at its end:
                    // the relaxed plan and its statement go out now, its
                    // rows when it ends.
                    Within::Late(mut task, cancel) => {
                        if !sink.emit(Event::Thoughts(thoughts(&relaxed, &[ran]))).await
                            || !sink.emit(Event::Sql(relaxed_sql)).await
                        {
                            self.cancel.store(true, Ordering::SeqCst);
                            cancel.store(true, Ordering::SeqCst);
                            return Ended::SinkGone;
                        }
                        let outcome = self
                            .wait_sql(sink, &mut task, &cancel, None)
                            .await
                            .unwrap_or(Err(EngineFailure::Cancelled));
                        return self.finish(sink, outcome).await;
                    }
                    // The budget was spent before it could start: the plan
                    // stands as it was.
                    Within::Skipped => (plan, sql, outcome, Vec::new()),
                }
            }
            _ => (plan, sql, outcome, Vec::new()),
        };
        if matches!(&outcome, Ok(rows) if rows.items.is_empty()) {
            match self.explain_no_match(sink, &plan, deadline).await {
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

    /// Checks a statement with the shape guard and starts it off the async
    /// workers, interrupted once `cancel` is set.
    fn start_sql(
        &self,
        sql: &str,
        limit: u32,
        cancel: Arc<AtomicBool>,
    ) -> Result<Running, EngineFailure> {
        let job = self.statement(sql, limit, cancel)?;
        Ok(Running::Task(tokio::task::spawn_blocking(job)))
    }

    /// Checks a statement with the shape guard (nothing runs that the
    /// renderer could not have written: a second wall behind the engine's
    /// authorizer) and returns its running, blocking, interrupted once
    /// `cancel` is set.
    fn statement(
        &self,
        sql: &str,
        limit: u32,
        cancel: Arc<AtomicBool>,
    ) -> Result<Box<dyn FnOnce() -> Outcome + Send>, EngineFailure> {
        let profile = self.dataset.profile();
        let passed = self.dataset.guard_cache();
        if !passed.is_some_and(|c| c.passed(sql)) {
            if let Err(reason) = quarry_sql::check_select(
                self.dataset.dialect(),
                sql,
                &profile.table,
                profile.fts_table.as_deref(),
            ) {
                return Err(EngineFailure::Failed(format!(
                    "statement refused by the shape guard: {reason}"
                )));
            }
            if let Some(c) = passed {
                c.pass(sql);
            }
        }
        let engine = self.engine.clone();
        let dataset = self.dataset.clone();
        let timeout = self.timeout;
        let sql = sql.to_string();
        if self.cancel.load(Ordering::SeqCst) {
            cancel.store(true, Ordering::SeqCst);
        }
        // What the statement took, for the caller's log and metrics
        // (`Session::stats`), timed where it runs.
        let stats = self.stats.clone();
        Ok(Box::new(move || {
            let started = std::time::Instant::now();
            let outcome = engine.run(
                dataset.file(),
                dataset.profile(),
                &sql,
                limit,
                &cancel,
                timeout,
            );
            let timed_out = matches!(outcome, Err(EngineFailure::Timeout));
            let mut s = stats.lock().unwrap_or_else(|p| p.into_inner());
            s.sql += started.elapsed();
            s.statements += 1;
            s.timed_out |= timed_out;
            drop(s);
            outcome
        }))
    }

    /// Waits for a started statement, calling the sink's
    /// [`EventSink::still_running`] at the keep-alive interval; a `false`
    /// from it means nobody listens any more and cancels the statement (and
    /// the session), as does the stop signal. `None` when `until` passed
    /// first (the statement still runs).
    async fn wait_sql<S: EventSink>(
        &self,
        sink: &mut S,
        task: &mut Running,
        cancel: &Arc<AtomicBool>,
        until: Option<Instant>,
    ) -> Option<Outcome> {
        let start = Instant::now() + self.keep_alive_every;
        let mut ticker = tokio::time::interval_at(start, self.keep_alive_every);
        let mut stop = self.stop.clone();
        stop.mark_unchanged();
        let mut stopping = *stop.borrow();
        if stopping {
            cancel.store(true, Ordering::SeqCst);
        }
        let budget = tokio::time::sleep_until(until.unwrap_or(start));
        tokio::pin!(budget);
        loop {
            tokio::select! {
                outcome = &mut *task => {
                    return Some(match outcome {
                        Err(EngineFailure::Cancelled) if *self.stop.borrow() => {
                            Err(EngineFailure::Stopped)
                        }
                        other => other,
                    });
                }
                () = &mut budget, if until.is_some() => return None,
                Ok(()) = stop.changed(), if !stopping => {
                    if *stop.borrow_and_update() {
                        // Stopping: interrupt the statement; the session
                        // closes with Failure::Stopped.
                        stopping = true;
                        cancel.store(true, Ordering::SeqCst);
                    }
                }
                _ = ticker.tick() => {
                    if !sink.still_running().await {
                        self.cancel.store(true, Ordering::SeqCst);
                        cancel.store(true, Ordering::SeqCst);
                    }
                }
            }
        }
    }

    /// Starts a statement before the thoughts (a relaxation or a probe)
    /// and waits for it until `deadline`: [`Within::Late`] when it is still
    /// running then, [`Within::Skipped`] when the deadline had passed before
    /// it could start.
    async fn run_within<S: EventSink>(
        &self,
        sink: &mut S,
        sql: &str,
        limit: u32,
        deadline: Instant,
    ) -> Within {
        if Instant::now() >= deadline {
            return Within::Skipped;
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let mut task = match self.start_sql(sql, limit, cancel.clone()) {
            Ok(t) => t,
            Err(refused) => return Within::Done(Err(refused)),
        };
        match self
            .wait_sql(sink, &mut task, &cancel, Some(deadline))
            .await
        {
            Some(outcome) => Within::Done(outcome),
            None => Within::Late(task, cancel),
        }
    }

    /// The note on a plan that matched nothing: its conditions probed one by
    /// one (default tier; the small tier names no condition), as far as the
    /// budget allows. `None` when the session was cancelled meanwhile.
    async fn explain_no_match<S: EventSink>(
        &self,
        sink: &mut S,
        plan: &QueryPlan,
        deadline: Instant,
    ) -> Option<String> {
        let probes = zero_results::probes(plan);
        let mut counts = Vec::with_capacity(probes.len());
        // The small tier skips the probes: they cost a statement each.
        if probes.len() > 1 && plan.tier == Tier::Default {
            for p in &probes {
                let sql = quarry_sql::render_probe(
                    self.dataset.dialect(),
                    self.dataset.profile(),
                    &p.plan,
                    zero_results::PROBE_CAP,
                );
                counts.push(
                    match self
                        .run_within(sink, &sql, zero_results::PROBE_CAP, deadline)
                        .await
                    {
                        Within::Done(Ok(rows)) => Some(rows.items.len()),
                        Within::Done(Err(EngineFailure::Cancelled)) => return None,
                        // Past the budget: cancelled, left out of the note.
                        Within::Late(_, cancel) => {
                            cancel.store(true, Ordering::SeqCst);
                            None
                        }
                        // Failed, or no budget left: left out of the note.
                        Within::Done(Err(_)) | Within::Skipped => None,
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
            Err(EngineFailure::Unavailable(detail)) => Close::Failed(Failure::Unavailable(detail)),
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
