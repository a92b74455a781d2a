//! The WebSocket of one tab: its JSON requests go to the tab's
//! [`Actor`] thread, whose events come back as they happen. Closing the
//! socket ends the thread and its search.
//!
//! Both ways are bounded queues. Requests wait in a queue of
//! [`QUEUE`]: while it is full the socket is not read, so a page that
//! sends faster than its game can answer is slowed down (by TCP) rather
//! than held in memory. Events wait in a queue of [`OUTBOX`]: search
//! progress is dropped when a page reads too slowly, anything else waits
//! for it, up to [`SEND_TIMEOUT`] a message before the tab is closed.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, State};
use axum::response::Response;
use tokio::sync::mpsc;

use crate::listen::{stopped, Peer};
use crate::session::{encode, Actor, Event, Request};
use crate::tabs::Tab;
use crate::App;

/// The largest message a page sends: a saved record to load.
pub(crate) const MAX_MESSAGE: usize = 1 << 20;
/// Requests of one tab waiting for its game.
pub(crate) const QUEUE: usize = 8;
/// Events of one tab waiting for its page to read them.
pub(crate) const OUTBOX: usize = 32;
/// How long a page may take to read one message before its tab closes.
const SEND_TIMEOUT: Duration = Duration::from_secs(30);

/// `GET /api/play`: upgrades to the tab's WebSocket (Host, Origin and
/// token are checked by [`crate::guard`] before this runs).
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    Extension(Peer(address)): Extension<Peer>,
    socket: WebSocketUpgrade,
) -> Response {
    socket
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .max_write_buffer_size(4 * MAX_MESSAGE)
        .on_upgrade(move |socket| {
            let tab = app.tabs.open(address);
            connection(app, socket, tab)
        })
}

/// Why a tab's socket is closed by the server.
enum Closing {
    /// The page closed it, or it broke: nothing to say.
    Quietly,
    /// Said to the page first, with the close code.
    Saying(String, u16),
}

async fn connection(app: Arc<App>, mut socket: WebSocket, tab: Tab) {
    let (requests, inbox) = mpsc::channel::<Request>(QUEUE);
    let (outbox, mut events) = mpsc::channel::<String>(OUTBOX);
    let actor = Actor::new(Arc::clone(&app), outbox);
    std::thread::spawn(move || actor.run(inbox));
    let mut stop = app.stopping.subscribe();
    let idle = app.trust.limits().idle_timeout;
    let mut last_message = tokio::time::Instant::now();
    // A request read but not yet taken by the full queue.
    let mut waiting: Option<Request> = None;
    let closing = loop {
        tokio::select! {
            message = socket.recv(), if waiting.is_none() => {
                last_message = tokio::time::Instant::now();
                tab.active();
                let reply = match message {
                    Some(Ok(Message::Text(text))) => match serde_json::from_str::<Request>(&text) {
                        Ok(request) => {
                            waiting = Some(request);
                            None
                        }
                        Err(error) => Some(format!("a request the server cannot read: {error}")),
                    },
                    Some(Ok(Message::Binary(_))) => {
                        Some("requests are JSON text messages, not binary ones".to_string())
                    }
                    Some(Ok(Message::Close(_))) | None => break Closing::Quietly,
                    Some(Err(ref error)) if too_long(error) => break Closing::Saying(
                        format!(
                            "a message over {} MiB is refused: the tab closes (reload the page)",
                            MAX_MESSAGE >> 20
                        ),
                        close_code::SIZE,
                    ),
                    Some(Err(_)) => break Closing::Quietly,
                    Some(Ok(_)) => None,
                };
                if let Some(message) = reply {
                    let text = encode(&Event::Error { message });
                    if !deliver(&mut socket, text).await {
                        break Closing::Quietly;
                    }
                }
            }
            room = requests.reserve(), if waiting.is_some() => match (room, waiting.take()) {
                (Ok(room), Some(request)) => room.send(request),
                _ => break Closing::Quietly,
            },
            event = events.recv() => match event {
                Some(text) => {
                    if !deliver(&mut socket, text).await {
                        break Closing::Quietly;
                    }
                }
                None => break Closing::Quietly,
            },
            _ = tab.evicted.notified() => break Closing::Saying(
                "this tab was closed to make room for a newer one (the server keeps a \
                 limited number of tabs, and this one was idle longest): reload the page"
                    .to_string(),
                close_code::AWAY,
            ),
            _ = tokio::time::sleep_until(last_message + idle) => break Closing::Saying(
                format!(
                    "this tab was closed after {} without a message: reload the page",
                    tabula::format_duration(idle)
                ),
                close_code::AWAY,
            ),
            _ = stopped(&mut stop) => break Closing::Saying(
                "the server is stopping".to_string(),
                close_code::AWAY,
            ),
        }
    };
    if let Closing::Saying(message, code) = closing {
        let text = encode(&Event::Error {
            message: message.clone(),
        });
        if deliver(&mut socket, text).await {
            let frame = CloseFrame {
                code,
                reason: message.chars().take(100).collect::<String>().into(),
            };
            let _ =
                tokio::time::timeout(SEND_TIMEOUT, socket.send(Message::Close(Some(frame)))).await;
        }
    }
    // Dropping the queue ends the actor, which abandons its search (its
    // engine ended before its slot is given back).
    drop(requests);
    drop(tab);
}

/// Sends `text`, unless the page does not take it in time.
async fn deliver(socket: &mut WebSocket, text: String) -> bool {
    let sent = tokio::time::timeout(SEND_TIMEOUT, socket.send(Message::Text(text.into()))).await;
    matches!(sent, Ok(Ok(())))
}

/// Whether a read failed for a message over [`MAX_MESSAGE`].
fn too_long(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = source {
        if let Some(tungstenite::Error::Capacity(_)) = error.downcast_ref::<tungstenite::Error>() {
            return true;
        }
        source = error.source();
    }
    false
}
