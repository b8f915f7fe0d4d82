//! `quarry serve`: logs to stderr, optionally prepares the demo, then runs
//! the HTTP service until Ctrl-C or SIGTERM: the API (`quarry-server`) with
//! the web console (`quarry-console`) nested beside it. The two crates do
//! not know each other; this is where they meet.

use std::time::Duration;

use anyhow::Context;
use tracing_subscriber::EnvFilter;

use crate::cli::ServeArgs;

pub fn run(backend: &quarry_pg::Backend, args: ServeArgs) -> anyhow::Result<()> {
    let data_dir = backend.data_dir();
    init_logging(&args.log_format);
    if backend.is_postgres() {
        tracing::info!(
            "catalog and datasets: {} (the data directory holds the token key)",
            backend.describe()
        );
    }
    // The data directory is private to this user (crate::perms).
    if let Some(line) = crate::perms::tighten(data_dir).describe() {
        tracing::warn!("{line}");
    }

    // --demo: the demo account, datasets and token (crate::demo), created
    // on first use; then serve as usual.
    if args.demo {
        crate::demo::ensure_demo(backend, &args.addr).context("preparing the demo")?;
    }

    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(quarry_server::TlsFiles {
            cert: cert.clone(),
            key: key.clone(),
        }),
        _ => None,
    };
    let metrics = std::sync::Arc::new(quarry_server::Metrics::new());
    let setup_code = first_run_setup_code(backend, &args.addr, tls.is_some())?;
    let console_config = quarry_console::ConsoleConfig {
        // Over TLS, the cookies are Secure whatever the flag says.
        secure_cookies: args.secure_cookies || tls.is_some(),
        metrics: metrics.clone(),
        session_idle: Duration::from_secs(args.session_idle_secs.max(1)),
        session_lifetime: Duration::from_secs(args.session_lifetime_secs.max(1)),
        setup_code,
        max_upload_bytes: args.max_upload_mb.saturating_mul(1 << 20),
        max_upload_rows: Some(args.max_upload_rows).filter(|&n| n > 0),
        ..quarry_console::ConsoleConfig::default()
    };
    let config = quarry_server::Config {
        backend: backend.clone(),
        addr: args.addr,
        query_timeout: Duration::from_millis(args.query_timeout_ms.max(1)),
        limits: quarry_server::Limits {
            per_minute: args.rate_per_minute.max(1),
            concurrent_streams: args.streams_per_key.max(1),
            max_connections: args.max_connections.max(1),
            read_timeout: Duration::from_millis(args.read_timeout_ms.max(1)),
            max_header_bytes: args.max_header_bytes,
            write_timeout: Duration::from_secs(args.write_timeout_secs.max(1)),
            max_running_queries: args
                .max_running_queries
                .unwrap_or_else(quarry_server::default_max_running_queries)
                .max(1),
            ..quarry_server::Limits::default()
        },
        metrics,
        metrics_addr: args.metrics_addr,
        tls,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let api = quarry_server::Api::open(config)?;
        let console = quarry_console::Console::open_on(backend.clone(), console_config)?;
        // The console is nested after the API's layers: it has its own (HTML
        // errors, security headers), and the peer address for its sign-in
        // throttling.
        let router = quarry_console::mount(api.router(), console);
        api.serve(router).await
    })
}

/// When the data directory has no account yet, a one-time code for the
/// console's first-run setup page, printed with the page's address. The code
/// lives in this process only; a restart prints a new one.
fn first_run_setup_code(
    backend: &quarry_pg::Backend,
    addr: &str,
    tls: bool,
) -> anyhow::Result<Option<String>> {
    let catalog = crate::ops::open(backend)?;
    if !catalog.list_accounts()?.is_empty() {
        return Ok(None);
    }
    // Crockford's base32 (no I, L, O or U): 16 characters, 80 random bits.
    const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| anyhow::anyhow!("generating a setup code: {e}"))?;
    let chars: Vec<char> = bytes
        .iter()
        .map(|b| ALPHABET[usize::from(b % 32)] as char)
        .collect();
    let code = chars
        .chunks(4)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-");
    let mut url = crate::demo::display_url(addr);
    if tls {
        url = url.replacen("http://", "https://", 1);
    }
    println!(
        "No account exists yet. Create the first one in the web console:\n  \
         {url}/console/setup\n  one-time setup code: {code}\n\
         (or with `quarry account create --email you@example.com`)"
    );
    Ok(Some(code))
}

/// Logs go to stderr, as text or as one JSON object a line (`--log-format
/// json`: the event's fields at the top level beside `timestamp`, `level`
/// and `message`, and the request span's `request_id` under `span`);
/// `RUST_LOG` (e.g. `debug`, `quarry_server=debug`) overrides the default
/// `info`.
fn init_logging(format: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_target(false);
    let _ = if format == "json" {
        builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init()
    } else {
        builder.try_init()
    };
}
