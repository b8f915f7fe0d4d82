//! TLS to PostgreSQL, with rustls: when `QUARRY_DATABASE_CA` names a PEM
//! file of the certificate authorities that signed the server's
//! certificate, every connection (catalog and datasets) is made over TLS,
//! the server's certificate checked against them and against the URL's
//! host. Without it, connections are plain TCP, and a URL that asks for
//! `sslmode=require` is refused rather than silently unencrypted.

use std::future::Future;
use std::io;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use deadpool_postgres::{Manager, ManagerConfig, RecyclingMethod};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, InvalidDnsNameError, ServerName};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::config::SslMode;
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect, TlsStream};
use tokio_postgres::Socket;

use crate::PgError;

/// The environment variable naming the CA file (PEM).
pub const CA_ENV: &str = "QUARRY_DATABASE_CA";

/// The pool's connection manager for `pg`: over TLS when [`CA_ENV`] is
/// set, else plain (refused when the URL requires TLS).
pub(crate) fn manager(pg: tokio_postgres::Config) -> Result<Manager, PgError> {
    let config = ManagerConfig {
        recycling_method: RecyclingMethod::Fast,
    };
    match std::env::var_os(CA_ENV).filter(|v| !v.is_empty()) {
        Some(ca) => Ok(Manager::from_config(
            pg,
            RustlsConnector::from_ca_file(Path::new(&ca))?,
            config,
        )),
        None if pg.get_ssl_mode() == SslMode::Require => Err(PgError::Url(format!(
            "sslmode=require needs {CA_ENV}, the PEM file of the certificate authority \
             that signed the server's certificate"
        ))),
        None => Ok(Manager::from_config(pg, tokio_postgres::NoTls, config)),
    }
}

/// Makes a TLS connection per PostgreSQL connection.
#[derive(Clone)]
pub struct RustlsConnector(Arc<rustls::ClientConfig>);

impl RustlsConnector {
    /// Trusting the certificate authorities in the PEM file at `path`.
    pub fn from_ca_file(path: &Path) -> Result<RustlsConnector, PgError> {
        let bad =
            |e: &dyn std::fmt::Display| PgError::Url(format!("{CA_ENV} {}: {e}", path.display()));
        let mut roots = rustls::RootCertStore::empty();
        for cert in CertificateDer::pem_file_iter(path).map_err(|e| bad(&e))? {
            roots.add(cert.map_err(|e| bad(&e))?).map_err(|e| bad(&e))?;
        }
        if roots.is_empty() {
            return Err(bad(&"no certificate in the file"));
        }
        let config = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .map_err(|e| bad(&e))?
        .with_root_certificates(roots)
        .with_no_client_auth();
        Ok(RustlsConnector(Arc::new(config)))
    }
}

impl MakeTlsConnect<Socket> for RustlsConnector {
    type Stream = RustlsStream;
    type TlsConnect = RustlsConnect;
    type Error = InvalidDnsNameError;

    fn make_tls_connect(&mut self, host: &str) -> Result<RustlsConnect, InvalidDnsNameError> {
        Ok(RustlsConnect {
            config: self.0.clone(),
            name: ServerName::try_from(host.to_string())?,
        })
    }
}

/// One connection's handshake, checked against `name`.
pub struct RustlsConnect {
    config: Arc<rustls::ClientConfig>,
    name: ServerName<'static>,
}

impl TlsConnect<Socket> for RustlsConnect {
    type Stream = RustlsStream;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = io::Result<RustlsStream>> + Send>>;

    fn connect(self, stream: Socket) -> Self::Future {
        Box::pin(async move {
            let tls = tokio_rustls::TlsConnector::from(self.config)
                .connect(self.name, stream)
                .await?;
            Ok(RustlsStream(tls))
        })
    }
}

/// A connection over TLS.
pub struct RustlsStream(tokio_rustls::client::TlsStream<Socket>);

impl AsyncRead for RustlsStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_read(cx, buf)
    }
}

impl AsyncWrite for RustlsStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().0).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_shutdown(cx)
    }
}

impl TlsStream for RustlsStream {
    /// No channel binding: SCRAM still authenticates, without binding the
    /// session to this TLS connection.
    fn channel_binding(&self) -> ChannelBinding {
        ChannelBinding::none()
    }
}
