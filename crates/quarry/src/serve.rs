//! `quarry serve`: logs to stderr, optionally prepares the demo, then runs
//! the HTTP service until Ctrl-C or SIGTERM.

use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use tracing_subscriber::EnvFilter;

use crate::cli::ServeArgs;

pub fn run(data_dir: &Path, args: ServeArgs) -> anyhow::Result<()> {
    init_logging();

    // --demo: the demo account, datasets and token (crate::demo), created
    // on first use; then serve as usual.
    if args.demo {
        crate::demo::ensure_demo(data_dir, &args.addr).context("preparing the demo")?;
    }

    let config = quarry_server::Config {
        data_dir: data_dir.to_path_buf(),
        addr: args.addr,
        query_timeout: Duration::from_millis(args.query_timeout_ms.max(1)),
        limits: quarry_server::Limits {
            per_minute: args.rate_per_minute.max(1),
            concurrent_streams: args.streams_per_key.max(1),
            max_connections: args.max_connections.max(1),
            read_timeout: Duration::from_millis(args.read_timeout_ms.max(1)),
            max_header_bytes: args.max_header_bytes,
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(quarry_server::serve(config))
}

/// Logs go to stderr; `RUST_LOG` (e.g. `debug`, `quarry_server=debug`)
/// overrides the default `info`.
fn init_logging() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .try_init();
}
