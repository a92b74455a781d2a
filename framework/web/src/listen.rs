//! Accepting connections, within bounds: at most `--max-connections` open
//! and `--max-per-address` from one address, each given
//! `--header-timeout` to send a request's headers (and no longer idle
//! between requests, as hyper's header timeout runs from the moment it
//! waits for the next request). A connection beyond a limit takes the
//! place of the oldest one that is waiting for a request (a half-sent
//! one, an idle keep-alive), so that slow or silent clients cannot lock
//! the others out; only when every connection is busy is it refused.
//!
//! When told to stop, no connection is accepted any more and every open
//! one is asked to close; [`serve`] returns once they have, or after
//! `grace`, whatever the clients do.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tower::ServiceExt;

use crate::limits::Limits;

/// The address a request came from, for the per-address limits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Peer(pub IpAddr);

/// The largest request head (request line and headers) read.
const MAX_HEAD: usize = 64 * 1024;

/// Serves `router` on `listener` until `stop` turns true, then waits up to
/// `limits.shutdown_grace` for the open connections to finish.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    mut stop: watch::Receiver<bool>,
) {
    let open = Arc::new(Open::new(limits.max_connections, limits.max_per_address));
    let header_timeout = limits.header_timeout;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopped(&mut stop) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of descriptors, or a connection reset before it was
                // accepted: try again shortly rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(slot) = open.admit(peer.ip()) else {
            refuse(stream);
            continue;
        };
        let router = router.clone();
        let stop = stop.clone();
        tokio::spawn(connection(stream, peer, slot, router, header_timeout, stop));
    }
    drop(listener);
    let _ = tokio::time::timeout(limits.shutdown_grace, open.closed()).await;
}

/// Serves one connection until it ends, is evicted, or the server stops.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    slot: Slot,
    router: Router,
    header_timeout: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let busy = Arc::clone(&slot.busy);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(Peer(peer.ip()));
        let router = router.clone();
        let working = Working::start(&busy);
        async move {
            let response = router.oneshot(request.map(Body::new)).await;
            drop(working);
            response
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_buf_size(MAX_HEAD);
    let served = builder
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(served);
    tokio::select! {
        _ = served.as_mut() => {}
        // A newer connection took its place: it was only waiting.
        _ = slot.evicted.notified() => {}
        // A request under way is answered; a connection waiting for one
        // (idle, or its headers half sent) is closed at once.
        _ = stopped(&mut stop) => {
            if slot.busy.load(Ordering::Acquire) > 0 {
                served.as_mut().graceful_shutdown();
                let _ = served.await;
            }
        }
    }
}

/// Resolves once `stop` turns true (or its sender is gone).
pub(crate) async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await;
}

/// Answers a connection beyond every limit with 503, without waiting for
/// it to read the answer.
fn refuse(stream: TcpStream) {
    let body = r#"{"error":"the server has too many connections open: try again shortly"}"#;
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(response.as_bytes());
}

/// Marks a connection busy while one of its requests is answered.
struct Working(Arc<AtomicUsize>);

impl Working {
    fn start(busy: &Arc<AtomicUsize>) -> Working {
        busy.fetch_add(1, Ordering::AcqRel);
        Working(Arc::clone(busy))
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The open connections.
struct Open {
    max: usize,
    per_address: usize,
    entries: Mutex<Vec<Entry>>,
    next: AtomicU64,
    /// Notified whenever a connection ends.
    ended: Arc<Notify>,
}

struct Entry {
    id: u64,
    address: IpAddr,
    busy: Arc<AtomicUsize>,
    evicted: Arc<Notify>,
}

/// A connection's place among the open ones, given back when dropped.
struct Slot {
    id: u64,
    open: Arc<Open>,
    busy: Arc<AtomicUsize>,
    evicted: Arc<Notify>,
}

impl Open {
    fn new(max: usize, per_address: usize) -> Open {
        Open {
            max: max.max(1),
            per_address: per_address.max(1),
            entries: Mutex::new(Vec::new()),
            next: AtomicU64::new(0),
            ended: Arc::new(Notify::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Entry>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for a connection from `address`: free, or the oldest
    /// waiting connection's in its way; `None` when all those are busy.
    fn admit(self: &Arc<Open>, address: IpAddr) -> Option<Slot> {
        let mut entries = self.lock();
        let waiting = |e: &&Entry| e.busy.load(Ordering::Acquire) == 0;
        let from_here = entries.iter().filter(|e| e.address == address).count();
        if from_here >= self.per_address {
            let oldest = entries
                .iter()
                .filter(|e| e.address == address)
                .find(waiting)?;
            oldest.evicted.notify_one();
            let id = oldest.id;
            entries.retain(|e| e.id != id);
        } else if entries.len() >= self.max {
            let oldest = entries.iter().find(waiting)?;
            oldest.evicted.notify_one();
            let id = oldest.id;
            entries.retain(|e| e.id != id);
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let busy = Arc::new(AtomicUsize::new(0));
        let evicted = Arc::new(Notify::new());
        entries.push(Entry {
            id,
            address,
            busy: Arc::clone(&busy),
            evicted: Arc::clone(&evicted),
        });
        Some(Slot {
            id,
            open: Arc::clone(self),
            busy,
            evicted,
        })
    }

    /// Resolves once no connection is open.
    async fn closed(&self) {
        loop {
            let ended = self.ended.notified();
            if self.lock().is_empty() {
                return;
            }
            ended.await;
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.open.lock().retain(|e| e.id != self.id);
        self.open.ended.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_beyond_a_limit_takes_the_place_of_the_oldest_waiting_one() {
        let open = Arc::new(Open::new(3, 2));
        let here: IpAddr = [10, 0, 0, 1].into();
        let there: IpAddr = [10, 0, 0, 2].into();
        let first = open.admit(here).unwrap();
        let second = open.admit(here).unwrap();
        // The first is answering a request: the second gives way.
        let working = Working::start(&first.busy);
        let _third = open.admit(here).unwrap();
        assert_eq!(open.lock().len(), 2);
        assert!(!open.lock().iter().any(|e| e.id == second.id));
        // Every connection from here busy: the next is refused.
        let _also = Working::start(&_third.busy);
        assert!(open.admit(here).is_none());
        drop(working);
        let _other = open.admit(there).unwrap();
        // The server full: the oldest waiting connection of any address goes.
        let _fourth = open.admit(there).unwrap();
        assert_eq!(open.lock().len(), 3);
        assert!(!open.lock().iter().any(|e| e.id == first.id));
    }
}
