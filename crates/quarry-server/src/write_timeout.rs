//! The write time-out of a connection (issue 16): a client that takes
//! nothing of what the server writes for `Limits::write_timeout` is
//! dropped, and with it the answer it held in memory.
//!
//! hyper has no write time-out of its own: when a client stops reading, the
//! socket's buffers fill, hyper's write waits for ever and keeps the frame it
//! was writing (up to a whole `results` event) alive. This wrapper around
//! the connection's socket starts a timer when a write cannot proceed and
//! fails the write once the timer fires; any progress restarts it. hyper
//! then drops the connection, the response body with its stream slot, and
//! the query's cancel guard.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// A socket whose writes fail with [`io::ErrorKind::TimedOut`] after
/// `timeout` without progress.
#[derive(Debug)]
pub struct WriteTimeout<T> {
    inner: T,
    timeout: Duration,
    /// Running while a write is pending.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<T> WriteTimeout<T> {
    pub fn new(inner: T, timeout: Duration) -> Self {
        WriteTimeout {
            inner,
            timeout,
            stalled: None,
        }
    }

    /// Passes a finished write through (and stops the timer); on a pending
    /// one, starts the timer or fails once it has fired.
    fn check<R>(&mut self, cx: &mut Context<'_>, r: Poll<io::Result<R>>) -> Poll<io::Result<R>> {
        if r.is_ready() {
            self.stalled = None;
            return r;
        }
        let timeout = self.timeout;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        // Polling the timer registers this task's waker with it too, so the
        // connection wakes when it fires even if the socket never does.
        if timer.as_mut().poll(cx).is_ready() {
            self.stalled = None;
            tracing::info!(
                timeout_secs = timeout.as_secs_f64(),
                "the client read nothing within the write time-out; connection dropped"
            );
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client did not read within the write time-out",
            )));
        }
        Poll::Pending
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WriteTimeout<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.check(cx, r)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.check(cx, r)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_flush(cx);
        this.check(cx, r)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_shutdown(cx);
        this.check(cx, r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[tokio::test]
    async fn a_peer_that_never_reads_fails_the_write_after_the_time_out() {
        // A pipe of 64 bytes whose other end nobody reads.
        let (a, _b) = tokio::io::duplex(64);
        let mut w = WriteTimeout::new(a, Duration::from_millis(200));
        let start = std::time::Instant::now();
        let err = w.write_all(&[0u8; 4096]).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(start.elapsed() >= Duration::from_millis(200));
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[tokio::test]
    async fn a_peer_that_reads_slowly_is_kept() {
        use tokio::io::AsyncReadExt;
        let (a, mut b) = tokio::io::duplex(64);
        let mut w = WriteTimeout::new(a, Duration::from_millis(300));
        let reader = tokio::spawn(async move {
            let mut got = 0;
            let mut buf = [0u8; 64];
            while got < 1024 {
                tokio::time::sleep(Duration::from_millis(20)).await;
                got += b.read(&mut buf).await.unwrap();
            }
            got
        });
        w.write_all(&[1u8; 1024]).await.unwrap();
        assert_eq!(reader.await.unwrap(), 1024);
    }
}
