//! The `quarry` binary's integration tests, as one test binary: each module
//! starts the real `quarry` (operator commands, `quarry serve` on
//! 127.0.0.1) through [`harness`] and talks to it as a user would.
//!
//! One binary rather than one per file: each would link the whole server,
//! the HTTP client, the browser driver and the Parquet writer again, which
//! multiplies the build's disk use and link time. `cargo test -p quarry
//! --test it api::` runs one module.

mod harness;

mod api;
mod audit;
mod backup;
mod cli;
mod config;
mod console_browser;
mod console_http;
mod discovery;
mod faults;
mod full_disk;
mod hardening;
mod hostile_clients;
mod imports;
mod limits;
mod logs;
mod metrics;
mod overload;
mod replicas;
mod security;
mod tenants;
mod tls;
mod vocabulary;
