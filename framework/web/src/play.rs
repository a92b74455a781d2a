//! The WebSocket of one tab: its JSON requests go to the tab's
//! [`Actor`] thread, whose events come back as
//! they happen. Closing the socket ends the thread and its search.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use tokio::sync::mpsc;

use crate::limits::Permit;
use crate::session::{encode, Actor, Event, Request};
use crate::{ApiError, App};

/// The largest message a page sends: a saved record to load.
const MAX_MESSAGE: usize = 1 << 20;

/// `GET /api/play`: upgrades to the tab's WebSocket (the Origin is
/// checked by [`crate::guard`] before this runs).
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    socket: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let permit = app.limits.connection().ok_or_else(|| {
        ApiError::busy("too many pages are open on this server: close one and reload")
    })?;
    Ok(socket
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| connection(app, socket, permit)))
}

async fn connection(app: Arc<App>, mut socket: WebSocket, permit: Permit) {
    let (requests, inbox) = std::sync::mpsc::channel::<Request>();
    let (outbox, mut events) = mpsc::unbounded_channel::<String>();
    let actor = Actor::new(app, outbox);
    std::thread::spawn(move || actor.run(inbox));
    loop {
        tokio::select! {
            message = socket.recv() => {
                let reply = match message {
                    Some(Ok(Message::Text(text))) => match serde_json::from_str::<Request>(&text) {
                        Ok(request) => {
                            if requests.send(request).is_err() {
                                break;
                            }
                            None
                        }
                        Err(error) => Some(format!("a request the server cannot read: {error}")),
                    },
                    Some(Ok(Message::Binary(_))) => {
                        Some("requests are JSON text messages, not binary ones".to_string())
                    }
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => None,
                };
                if let Some(message) = reply {
                    let text = encode(&Event::Error { message });
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
            }
            event = events.recv() => match event {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
        }
    }
    // Dropping `requests` ends the actor, which stops its search.
    drop(requests);
    drop(permit);
}
