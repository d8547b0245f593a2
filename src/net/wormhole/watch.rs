//! When the other side first speaks in a mailbox. The `magic-wormhole`
//! crate (0.8.1) meets in one call that tells nothing until the meeting is
//! over, and a stranger can start a meeting and never finish it; its trace
//! does tell each message it adds to the mailbox and each it receives. The
//! mailbox hands every message to both sides, so each of ours comes back
//! once: a message received beyond those is the other side's. A [`Watch`]
//! reads that trace on the thread of one meeting, so that the handshake's
//! deadline starts when the other side first speaks (a host waits for its
//! first player for as long as it takes).

use std::fmt;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use async_io::Timer;
use futures_lite::future;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::subscriber::DefaultGuard;
use tracing::{Event, Metadata, Subscriber};

/// What the crate's trace says of a message it adds, and of one it receives.
const SENT: &str = "Sending Add {";
const RECEIVED: &str = "Received Message {";

/// Watches the crate's trace on this thread while it lives.
pub(super) struct Watch {
    heard: async_channel::Receiver<()>,
    _guard: DefaultGuard,
}

impl Watch {
    /// Watches this thread's meeting from now on.
    pub(super) fn install() -> Watch {
        let (told, heard) = async_channel::bounded(1);
        let listener = Listener {
            counts: Mutex::default(),
            told,
        };
        Watch {
            heard,
            _guard: tracing::subscriber::set_default(listener),
        }
    }

    /// Waits until another side speaks.
    async fn spoke(&self) {
        if self.heard.recv().await.is_err() {
            future::pending::<()>().await;
        }
    }

    /// Why the meeting is given up: no one came by `until` (never, when
    /// none), or the one who came did not finish the handshake within
    /// `limit` of their first message.
    pub(super) async fn deadline(&self, until: Option<Instant>, limit: Duration) -> String {
        let came = future::or(
            async {
                self.spoke().await;
                true
            },
            async {
                match until {
                    Some(until) => Timer::at(until).await,
                    None => future::pending().await,
                };
                false
            },
        )
        .await;
        if came {
            Timer::after(limit).await;
            format!(
                "the other side did not finish the handshake within {} s",
                limit.as_secs_f32()
            )
        } else {
            NO_ONE.to_owned()
        }
    }
}

/// Why a meeting no one came to ended.
pub(super) const NO_ONE: &str = "no one came";

/// The crate's trace, read for the messages that come and go.
struct Listener {
    /// Messages sent and received so far.
    counts: Mutex<(u64, u64)>,
    told: async_channel::Sender<()>,
}

impl Listener {
    fn read(&self, line: &str) {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let (sent, received) = &mut *counts;
        if line.starts_with(SENT) {
            *sent += 1;
        } else if line.starts_with(RECEIVED) {
            *received += 1;
            if received > sent {
                let _ = self.told.try_send(());
            }
        }
    }
}

/// The text of an event: its `message`.
struct Text(String);

impl Visit for Text {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

impl Subscriber for Listener {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.is_event() && metadata.target().starts_with("magic_wormhole")
    }

    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut text = Text(String::new());
        event.record(&mut text);
        self.read(&text.0);
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines as the crate's trace begins them.
    const ADD: &str = "Sending Add { phase: pake, body: … }";
    const MESSAGE: &str = "Received Message { side: …, phase: Phase(\"pake\"), body: … }";

    #[test]
    fn a_message_beyond_our_own_coming_back_is_the_other_sides() {
        let (told, heard) = async_channel::bounded(1);
        let listener = Listener {
            counts: Mutex::default(),
            told,
        };
        listener.read("Received Ack");
        listener.read(ADD);
        listener.read("Received Ack");
        listener.read(MESSAGE);
        assert!(
            heard.try_recv().is_err(),
            "our own message back is not heard"
        );
        listener.read(MESSAGE);
        assert!(heard.try_recv().is_ok(), "a message beyond ours is heard");
    }

    #[test]
    fn a_message_waiting_in_the_mailbox_is_heard_at_once() {
        let (told, heard) = async_channel::bounded(1);
        let listener = Listener {
            counts: Mutex::default(),
            told,
        };
        listener.read(MESSAGE);
        assert!(heard.try_recv().is_ok());
    }
}
