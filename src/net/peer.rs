//! One connection past its handshake: a thread reads the peer's lines and
//! hands them on as [`Event`]s, pings a quiet line, and gives up on a peer
//! that sends garbage, too long a line, a line that does not open with the
//! session's key, or nothing at all; the event loop writes through
//! [`Peer::send`]. The lines travel sealed on a TCP connection (the direct
//! mode) or through a wormhole: [`Outbox`] and [`Inbox`] are the two halves
//! of either.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::app::Said;
use crate::record::Record;

use super::secure::Seat;
use super::wire::{Message, ReadError, shorten};

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

/// The receiving half of a connection: each line it hands on was opened
/// with the session's key, in order.
pub(super) trait Inbox: Send {
    /// The next line, waiting at most `wait` ([`ReadError::TimedOut`]
    /// then, keeping what came of a line).
    ///
    /// # Errors
    /// As [`ReadError`] says.
    fn next_line(&mut self, wait: Duration) -> Result<String, ReadError>;
}

/// The times the protocol keeps: the defaults suit people; tests shorten them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long the host waits for a `hello`, and a joiner for the answer.
    pub hello: Duration,
    /// A peer that sends nothing (not even `ping`) this long is disconnected.
    pub silence: Duration,
    /// How often a quiet line is pinged.
    pub ping: Duration,
    /// The least time between two codes tested across the host, and an
    /// address's wait after a wrong code (doubled for each further one
    /// from it, at most 64 times).
    pub penalty: Duration,
    /// How long a joiner waits before it tries to connect again (twice as
    /// long after each refusal, up to 30 s).
    pub retry: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            hello: Duration::from_secs(10),
            silence: Duration::from_secs(30),
            ping: Duration::from_secs(5),
            penalty: Duration::from_secs(1),
            retry: Duration::from_secs(2),
        }
    }
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
        said: Said,
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

/// Reads `peer`'s lines from `reader` on a thread of its own until the
/// connection ends, handing each move or request on to `events`; `on_end`
/// runs when it has ended.
pub(super) fn spawn_reader(
    peer: Peer,
    inbox: Box<dyn Inbox>,
    limits: Limits,
    events: Sender<Event>,
    on_end: impl FnOnce() + Send + 'static,
) {
    thread::spawn(move || {
        let why = read_until_end(&peer, inbox, limits, &events);
        peer.shut();
        on_end();
        let _ = events.send(Event::Lost { id: peer.id, why });
    });
}

/// Reads lines until the connection ends; returns why it ended.
fn read_until_end(
    peer: &Peer,
    mut inbox: Box<dyn Inbox>,
    limits: Limits,
    events: &Sender<Event>,
) -> String {
    let tick = limits.ping.max(Duration::from_millis(1));
    let mut heard = Instant::now();
    let mut pinged = Instant::now();
    loop {
        if pinged.elapsed() >= limits.ping {
            if peer.send(&Message::Ping).is_err() {
                return "the connection broke".to_owned();
            }
            pinged = Instant::now();
        }
        let line = match inbox.next_line(tick) {
            Ok(line) => line,
            Err(ReadError::TimedOut) if heard.elapsed() < limits.silence => continue,
            Err(ReadError::TimedOut) => {
                let why = format!("nothing came for {} s", limits.silence.as_secs_f32());
                peer.close(&why);
                return why;
            }
            Err(ReadError::Closed) => return "the other player left".to_owned(),
            Err(error @ (ReadError::TooLong(_) | ReadError::NotText | ReadError::Unsealed)) => {
                let why = format!("the other side sent {error}");
                peer.close(&why);
                return why;
            }
            Err(ReadError::Io(error)) => return format!("the connection broke: {error}"),
        };
        heard = Instant::now();
        match line.parse::<Message>() {
            Ok(Message::Ping) => {}
            Ok(Message::Said(said)) => {
                if events.send(Event::Said { id: peer.id, said }).is_err() {
                    return "the game has ended".to_owned();
                }
            }
            Ok(Message::Bye(why)) => return format!("the other side left: {why}"),
            Ok(other) => {
                let why = format!(
                    "the other side sent {:?} out of place",
                    shorten(&other.to_string())
                );
                peer.close(&why);
                return why;
            }
            Err(error) => {
                let why = format!(
                    "the other side sent something that is not the protocol ({error}): {:?}",
                    shorten(&line)
                );
                peer.close(&why);
                return why;
            }
        }
    }
}
