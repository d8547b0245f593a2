//! One connection past its handshake, whichever way the two ends met: the
//! event loop writes through [`Peer::send`] (an [`Outbox`] seals each line
//! and sends it, on a TCP connection or through a wormhole), and a thread
//! of the connection reads the other side's lines as its conversation says
//! (`direct.rs`, `wormhole/lines.rs`), handing the news ([`Event`]s) to the
//! event loop through [`Events`], which also wakes it. [`ProtocolTimes`] are the
//! protocol's times.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use crate::protocol::GameMessage;
use crate::record::Record;

pub use crate::meet::ProtocolTimes;

use super::secure::Seat;
use super::wire::Message;

/// The sending half of a connection: it seals each line and sends it.
pub(super) trait Outbox: Send {
    /// Sends `line` (without its newline).
    ///
    /// # Errors
    /// When the connection fails.
    fn send_line(&mut self, line: &str) -> io::Result<()>;

    /// Closes the connection, both ways.
    fn shut(&mut self);
}

/// What the connection threads tell the event loop.
#[derive(Debug)]
pub enum Event {
    /// A player passed the host's handshake (by name, if given).
    Joined {
        /// The connection to them.
        peer: Peer,
        /// Their name.
        name: Option<String>,
        /// The seat this first meeting gave, to keep (none when the player
        /// took their seat again).
        seat: Option<Seat>,
        /// The player's own copy of the game, when they took their seat again.
        record: Option<Box<Record>>,
    },
    /// The joiner reached the host again; the host's game.
    Rejoined {
        /// The connection to the host.
        peer: Peer,
        /// The host's game.
        record: Box<Record>,
    },
    /// Connection `id` said something.
    Said {
        /// Which connection.
        id: u64,
        /// What it said.
        said: GameMessage,
    },
    /// Connection `id` is gone, and why.
    Lost {
        /// Which connection.
        id: u64,
        /// Why, in words.
        why: String,
    },
    /// Someone was turned away at the host's door, and why.
    TurnedAway(String),
    /// The joiner gave up connecting again, and why.
    GaveUp(String),
    /// The mailbox gave the host a new code (a wrong one spent the last).
    NewCode(String),
}

/// What wakes whoever waits for the news, once they said how.
type Bell = Arc<OnceLock<Box<dyn Fn() + Send + Sync>>>;

/// Where the connection threads send their news: the link's channel, and
/// the bell that wakes the event loop waiting for it ([`Events::ring_with`]),
/// so that a move is shown as soon as it comes.
#[derive(Clone)]
pub struct Events {
    sender: Sender<Event>,
    bell: Bell,
}

impl std::fmt::Debug for Events {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Events")
    }
}

impl From<Sender<Event>> for Events {
    /// The news sent to `sender`, waking nobody.
    fn from(sender: Sender<Event>) -> Events {
        Events {
            sender,
            bell: Bell::default(),
        }
    }
}

impl From<&Sender<Event>> for Events {
    fn from(sender: &Sender<Event>) -> Events {
        Events::from(sender.clone())
    }
}

impl Events {
    /// A channel for news, and its receiving end.
    pub(super) fn channel() -> (Events, Receiver<Event>) {
        let (sender, receiver) = mpsc::channel();
        (Events::from(sender), receiver)
    }

    /// Sends `event` and wakes whoever waits for it; whether anyone still
    /// listens.
    pub(super) fn send(&self, event: Event) -> bool {
        let sent = self.sender.send(event).is_ok();
        if let Some(ring) = self.bell.get() {
            ring();
        }
        sent
    }

    /// From now on, `ring` is called after each piece of news (once: a
    /// second call changes nothing).
    pub(super) fn ring_with(&self, ring: Box<dyn Fn() + Send + Sync>) {
        let _ = self.bell.set(ring);
    }
}

/// The numbers of connections, so that news of an old one is told apart.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The writing end of a connection past its handshake.
#[derive(Clone)]
pub struct Peer {
    id: u64,
    writer: Arc<Mutex<Box<dyn Outbox>>>,
}

impl std::fmt::Debug for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Peer({})", self.id)
    }
}

impl Peer {
    /// The connection sending through `outbox`, with a new number.
    pub(super) fn new(outbox: Box<dyn Outbox>) -> Peer {
        Peer {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            writer: Arc::new(Mutex::new(outbox)),
        }
    }

    fn writer(&self) -> MutexGuard<'_, Box<dyn Outbox>> {
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The connection's number.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Writes `message` as a line.
    ///
    /// # Errors
    /// When the connection fails.
    pub fn send(&self, message: &Message) -> io::Result<()> {
        self.writer().send_line(&message.to_string())
    }

    /// Says `bye` with `why` (as far as the line allows) and closes.
    pub fn close(&self, why: &str) {
        let _ = self.send(&Message::Bye(why.to_owned()));
        self.shut();
    }

    /// Closes without a word.
    pub(super) fn shut(&self) {
        self.writer().shut();
    }
}
