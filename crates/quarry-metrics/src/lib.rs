//! The service's metrics, in one `prometheus-client` registry that the API
//! (`quarry-server`), its accept loop and the console (`quarry-console`)
//! record into, and that `GET /metrics` encodes in the Prometheus text
//! format.
//!
//! **Invariant:** no label carries a token, an account, a dataset id, a
//! phrase or a request path as sent: routes are the router's patterns (a
//! closed set, [`Route`]), and every other label is one of a fixed list of
//! words. What a scrape shows is counts and times, never contents.

use std::fmt::Write as _;
use std::time::Duration;

use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::{Registry, Unit};

/// A route as the metrics name it: the router's pattern, never the path as
/// sent (a dataset id in `/v1/datasets/{id}` stays out of the labels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Route {
    Query,
    Datasets,
    Dataset,
    OpenApi,
    Health,
    Metrics,
    Console,
    /// Any path no route serves.
    Other,
}

impl Route {
    /// The route a request path belongs to.
    pub fn of_path(path: &str) -> Route {
        match path {
            "/v1/query" => Route::Query,
            "/v1/datasets" => Route::Datasets,
            "/v1/openapi.json" => Route::OpenApi,
            "/healthz" => Route::Health,
            "/metrics" => Route::Metrics,
            "/console" => Route::Console,
            p if p.starts_with("/console/") => Route::Console,
            p if p
                .strip_prefix("/v1/datasets/")
                .is_some_and(|rest| !rest.is_empty() && !rest.contains('/')) =>
            {
                Route::Dataset
            }
            _ => Route::Other,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Route::Query => "/v1/query",
            Route::Datasets => "/v1/datasets",
            Route::Dataset => "/v1/datasets/{id}",
            Route::OpenApi => "/v1/openapi.json",
            Route::Health => "/healthz",
            Route::Metrics => "/metrics",
            Route::Console => "/console",
            Route::Other => "other",
        }
    }
}

/// A stage of a query: planning, the statements (all of a query's: the
/// first, a relaxed rerun, the zero-result probes) and the stream (from
/// its first event until the answer's last byte has left, or its client
/// went).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    Plan,
    Sql,
    Stream,
}

/// The planner tier a query ran on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TierLabel {
    Default,
    Small,
}

impl TierLabel {
    pub fn as_str(self) -> &'static str {
        match self {
            TierLabel::Default => "default",
            TierLabel::Small => "small",
        }
    }
}

/// Why a request was refused before it ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// The key's request rate (429).
    RateLimit,
    /// The key's open answers (429).
    StreamCap,
    /// The running statements' bound (503).
    Overload,
    /// The open connections' cap (503 from the accept loop).
    Connections,
    /// The server is shutting down (503, or a stream's failing `close`).
    Shutdown,
}

/// How an `apikey` fared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AuthOutcome {
    Ok,
    Missing,
    Invalid,
    /// The catalog could not be asked.
    Error,
}

/// How an import (a console upload) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImportOutcome {
    Ok,
    Failed,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Plan => "plan",
            Stage::Sql => "sql",
            Stage::Stream => "stream",
        }
    }
}

impl Rejection {
    pub fn as_str(self) -> &'static str {
        match self {
            Rejection::RateLimit => "rate_limit",
            Rejection::StreamCap => "stream_cap",
            Rejection::Overload => "overload",
            Rejection::Connections => "connections",
            Rejection::Shutdown => "shutdown",
        }
    }
}

impl AuthOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            AuthOutcome::Ok => "ok",
            AuthOutcome::Missing => "missing",
            AuthOutcome::Invalid => "invalid",
            AuthOutcome::Error => "error",
        }
    }
}

impl ImportOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            ImportOutcome::Ok => "ok",
            ImportOutcome::Failed => "failed",
        }
    }
}

/// Each label word is its `as_str`.
macro_rules! label_values {
    ($($t:ty),*) => {$(
        impl EncodeLabelValue for $t {
            fn encode(&self, encoder: &mut LabelValueEncoder) -> Result<(), std::fmt::Error> {
                encoder.write_str(self.as_str())
            }
        }
    )*};
}

label_values!(
    Route,
    Stage,
    TierLabel,
    Rejection,
    AuthOutcome,
    ImportOutcome
);

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct RequestLabels {
    route: Route,
    status: u16,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct RouteLabels {
    route: Route,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct StageLabels {
    stage: Stage,
    tier: TierLabel,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct TierLabels {
    tier: TierLabel,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct ReasonLabels {
    reason: Rejection,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct AuthLabels {
    outcome: AuthOutcome,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct ImportLabels {
    outcome: ImportOutcome,
}

type HistogramFamily<L> = Family<L, Histogram, fn() -> Histogram>;

/// Latency buckets from 0.5 ms to about 65 s (doubling).
fn latency() -> Histogram {
    Histogram::new(exponential_buckets(0.0005, 2.0, 18))
}

/// Import buckets from 50 ms to about 30 min.
fn import_time() -> Histogram {
    Histogram::new(exponential_buckets(0.05, 2.0, 16))
}

/// Every metric the service records, and the registry that encodes them.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    request_seconds: HistogramFamily<RouteLabels>,
    stage_seconds: HistogramFamily<StageLabels>,
    open_streams: Gauge,
    running_queries: Gauge,
    rejected: Family<ReasonLabels, Counter>,
    statement_timeouts: Counter,
    relaxations: Counter,
    zero_results: Family<TierLabels, Counter>,
    imports: Family<ImportLabels, Counter>,
    import_rows: Counter,
    import_seconds: Histogram,
    authentications: Family<AuthLabels, Counter>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("quarry");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by route pattern and status",
            requests.clone(),
        );
        let request_seconds: HistogramFamily<RouteLabels> =
            Family::new_with_constructor(latency as fn() -> Histogram);
        registry.register_with_unit(
            "http_request_duration",
            "Time from a request's arrival until its answer's last byte left (or its client went), by route pattern",
            Unit::Seconds,
            request_seconds.clone(),
        );
        let stage_seconds: HistogramFamily<StageLabels> =
            Family::new_with_constructor(latency as fn() -> Histogram);
        registry.register_with_unit(
            "query_stage_duration",
            "Time a query spent in each stage (plan, sql: every statement it ran, stream: from its first event until the last byte of the answer left), by planner tier",
            Unit::Seconds,
            stage_seconds.clone(),
        );
        let open_streams = Gauge::default();
        registry.register(
            "open_streams",
            "Query answers (event streams and JSON arrays) open now",
            open_streams.clone(),
        );
        let running_queries = Gauge::default();
        registry.register(
            "running_queries",
            "Queries holding one of the --max-running-queries slots now",
            running_queries.clone(),
        );
        let rejected = Family::<ReasonLabels, Counter>::default();
        registry.register(
            "rejected_requests",
            "Requests refused before they ran, by reason (rate_limit, stream_cap, overload, connections, shutdown)",
            rejected.clone(),
        );
        let statement_timeouts = Counter::default();
        registry.register(
            "statement_timeouts",
            "Queries whose statement ran past the time-out and was interrupted",
            statement_timeouts.clone(),
        );
        let relaxations = Counter::default();
        registry.register(
            "relaxations",
            "Queries answered after dropping their least certain condition",
            relaxations.clone(),
        );
        let zero_results = Family::<TierLabels, Counter>::default();
        registry.register(
            "zero_result_answers",
            "Complete answers with no record, by planner tier",
            zero_results.clone(),
        );
        let imports = Family::<ImportLabels, Counter>::default();
        registry.register(
            "imports",
            "Dataset imports through the console, by outcome",
            imports.clone(),
        );
        let import_rows = Counter::default();
        registry.register(
            "import_rows",
            "Rows imported by successful console imports",
            import_rows.clone(),
        );
        let import_seconds = import_time();
        registry.register_with_unit(
            "import_duration",
            "Time console imports took, successful or not",
            Unit::Seconds,
            import_seconds.clone(),
        );
        let authentications = Family::<AuthLabels, Counter>::default();
        registry.register(
            "token_authentications",
            "API key checks, by outcome (ok, missing, invalid, error)",
            authentications.clone(),
        );
        Metrics {
            registry,
            requests,
            request_seconds,
            stage_seconds,
            open_streams,
            running_queries,
            rejected,
            statement_timeouts,
            relaxations,
            zero_results,
            imports,
            import_rows,
            import_seconds,
            authentications,
        }
    }

    /// The registry in the OpenMetrics text format (what Prometheus asks
    /// for first, and [`CONTENT_TYPE`] names), ending with `# EOF`.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        if prometheus_client::encoding::text::encode(&mut out, &self.registry).is_err() {
            out.clear();
            let _ = writeln!(out, "# EOF");
        }
        out
    }

    /// One request answered on `route` with `status`, `elapsed` after it
    /// arrived.
    pub fn request(&self, route: Route, status: u16, elapsed: Duration) {
        self.requests
            .get_or_create(&RequestLabels { route, status })
            .inc();
        self.request_seconds
            .get_or_create(&RouteLabels { route })
            .observe(elapsed.as_secs_f64());
    }

    pub fn stage(&self, stage: Stage, tier: TierLabel, elapsed: Duration) {
        self.stage_seconds
            .get_or_create(&StageLabels { stage, tier })
            .observe(elapsed.as_secs_f64());
    }

    pub fn stream_opened(&self) {
        self.open_streams.inc();
    }

    pub fn stream_closed(&self) {
        self.open_streams.dec();
    }

    pub fn query_started(&self) {
        self.running_queries.inc();
    }

    pub fn query_finished(&self) {
        self.running_queries.dec();
    }

    pub fn rejected(&self, reason: Rejection) {
        self.rejected.get_or_create(&ReasonLabels { reason }).inc();
    }

    pub fn statement_timeout(&self) {
        self.statement_timeouts.inc();
    }

    pub fn relaxation(&self) {
        self.relaxations.inc();
    }

    pub fn zero_results(&self, tier: TierLabel) {
        self.zero_results.get_or_create(&TierLabels { tier }).inc();
    }

    pub fn authentication(&self, outcome: AuthOutcome) {
        self.authentications
            .get_or_create(&AuthLabels { outcome })
            .inc();
    }

    /// A console import that ended, with the rows it imported when it
    /// succeeded.
    pub fn import(&self, rows: Option<u64>, elapsed: Duration) {
        let outcome = match rows {
            Some(n) => {
                self.import_rows.inc_by(n);
                ImportOutcome::Ok
            }
            None => ImportOutcome::Failed,
        };
        self.imports.get_or_create(&ImportLabels { outcome }).inc();
        self.import_seconds.observe(elapsed.as_secs_f64());
    }
}

/// The `Content-Type` of [`Metrics::encode`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_patterns() {
        assert_eq!(Route::of_path("/v1/datasets/secret-id"), Route::Dataset);
        assert_eq!(Route::of_path("/v1/datasets/a/b"), Route::Other);
        assert_eq!(Route::of_path("/console/tokens"), Route::Console);
        assert_eq!(Route::of_path("/consolex"), Route::Other);
    }

    #[test]
    fn encodes_what_was_recorded() {
        let m = Metrics::new();
        m.request(Route::Query, 200, Duration::from_millis(3));
        m.rejected(Rejection::Overload);
        m.authentication(AuthOutcome::Invalid);
        let text = m.encode();
        assert!(
            text.contains("quarry_http_requests_total{route=\"/v1/query\",status=\"200\"} 1"),
            "{text}"
        );
        assert!(text.contains("quarry_rejected_requests_total{reason=\"overload\"} 1"));
        assert!(text.contains("quarry_token_authentications_total{outcome=\"invalid\"} 1"));
        assert!(text.contains("quarry_http_request_duration_seconds_bucket"));
    }
}
