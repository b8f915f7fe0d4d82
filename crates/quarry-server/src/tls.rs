//! HTTPS: the certificate chain and key `quarry serve --tls-cert --tls-key`
//! names, read into a rustls configuration (the `ring` provider, TLS 1.2
//! and 1.3, ALPN `http/1.1`), and read again on SIGHUP or when either file
//! changes. A reload swaps the configuration that *new* connections
//! handshake with; connections already open (and their streams) keep the
//! session they have. A reload that fails (a file half-written, a key that
//! does not match) is logged and the previous certificate stays in use.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime};

use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::TlsAcceptor;

/// How often the files are checked for a change.
const WATCH_EVERY: Duration = Duration::from_secs(1);

/// The PEM files of the certificate chain and its private key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsFiles {
    pub cert: PathBuf,
    pub key: PathBuf,
}

/// The files' modification times and sizes, to notice a change.
type Stamp = [Option<(SystemTime, u64)>; 2];

/// The configuration new connections handshake with, and where it came
/// from.
pub struct TlsState {
    files: TlsFiles,
    current: RwLock<Arc<ServerConfig>>,
    stamp: Mutex<Stamp>,
}

impl std::fmt::Debug for TlsState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TlsState")
            .field("files", &self.files)
            .finish_non_exhaustive()
    }
}

impl TlsState {
    /// Reads the files; an error names the file and what is wrong with it.
    pub fn load(files: TlsFiles) -> anyhow::Result<Arc<TlsState>> {
        let stamp = stamp(&files);
        let config = server_config(&files)?;
        Ok(Arc::new(TlsState {
            files,
            current: RwLock::new(Arc::new(config)),
            stamp: Mutex::new(stamp),
        }))
    }

    /// An acceptor with the configuration in force now.
    pub fn acceptor(&self) -> TlsAcceptor {
        let config = self
            .current
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        TlsAcceptor::from(config)
    }

    /// Reads the files again and, when they make a valid configuration,
    /// puts it in force for new connections.
    pub fn reload(&self, why: &str) {
        *self.stamp.lock().unwrap_or_else(|p| p.into_inner()) = stamp(&self.files);
        match server_config(&self.files) {
            Ok(config) => {
                *self.current.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(config);
                tracing::info!(reason = why, "TLS certificate reloaded");
            }
            Err(e) => tracing::warn!(
                reason = why,
                error = %format!("{e:#}"),
                "TLS certificate not reloaded; the previous one stays in use"
            ),
        }
    }

    /// Reloads on SIGHUP and whenever either file changes, for the life of
    /// the runtime.
    pub fn spawn_reloader(self: &Arc<Self>) {
        let state = self.clone();
        tokio::spawn(async move {
            let mut hangup =
                tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()).ok();
            let mut every = tokio::time::interval(WATCH_EVERY);
            loop {
                let hup = async {
                    match hangup.as_mut() {
                        Some(s) => {
                            s.recv().await;
                        }
                        None => std::future::pending::<()>().await,
                    }
                };
                tokio::select! {
                    _ = hup => state.reload("SIGHUP"),
                    _ = every.tick() => {
                        let now = stamp(&state.files);
                        let changed = *state.stamp.lock().unwrap_or_else(|p| p.into_inner()) != now;
                        if changed {
                            state.reload("the certificate or key file changed");
                        }
                    }
                }
            }
        });
    }
}

fn stamp(files: &TlsFiles) -> Stamp {
    let one = |p: &PathBuf| {
        std::fs::metadata(p)
            .ok()
            .and_then(|m| Some((m.modified().ok()?, m.len())))
    };
    [one(&files.cert), one(&files.key)]
}

fn server_config(files: &TlsFiles) -> anyhow::Result<ServerConfig> {
    use anyhow::Context;
    let certs = CertificateDer::pem_file_iter(&files.cert)
        .and_then(|it| it.collect::<Result<Vec<_>, _>>())
        .with_context(|| format!("reading the certificate {}", files.cert.display()))?;
    anyhow::ensure!(
        !certs.is_empty(),
        "{} holds no PEM certificate",
        files.cert.display()
    );
    let key = PrivateKeyDer::from_pem_file(&files.key)
        .with_context(|| format!("reading the private key {}", files.key.display()))?;
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS protocol versions")?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .with_context(|| {
            format!(
                "the certificate {} with the key {}",
                files.cert.display(),
                files.key.display()
            )
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(config)
}
