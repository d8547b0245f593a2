//! The glue between the connection threads and the app: their news is
//! handed back as [`Answer`]s for the app ([`Link::hear`]), and what the
//! app says or refuses (its [`crate::app::Effect::Send`] and
//! [`crate::app::Effect::Hangup`], carried out by the event loop's effect
//! runner) goes out on the connection with [`Link::send`] and
//! [`Link::hangup`]. The link never sees the app: what it needs of it (the
//! game as it is, the command the other player types) is handed in. The
//! joiner connects again by itself after the line drops.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use crate::app::{Answer, PeerNews};
use crate::protocol::GameMessage;
use crate::record::Record;

use super::host::Host;
use super::join::{Begin, JoinError, JoinRequest, Joined, Pass, join};
use super::peer::{Event, Events, Peer, ProtocolTimes};
use super::wire::{Message, Refusal};
use super::{seats, wormhole};

/// How the two ends meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Way {
    /// Directly, at the host's address.
    Direct(String),
    /// Through the magic-wormhole mailbox at this URL.
    Mailbox(String),
}

impl Way {
    /// Joins through this way (see [`join`] and [`wormhole::join`]); the
    /// connection's reading is begun by the caller, once it has told that
    /// the connection was made.
    fn join(&self, ask: JoinRequest<'_>, events: &Events) -> Result<(Joined, Begin), JoinError> {
        match self {
            Way::Direct(address) => join(address, ask, events),
            Way::Mailbox(mailbox) => wormhole::meet(mailbox, ask, events.clone()),
        }
    }
}

/// Where the joiner finds the host again, and the seat it proves there.
#[derive(Clone, Debug)]
struct WayBack {
    way: Way,
    seat: super::Seat,
    name: Option<String>,
    limits: ProtocolTimes,
}

/// The end of the connection the event loop holds.
#[derive(Debug)]
enum HeldEnd {
    /// A host of the direct mode, and its door.
    Host(Host),
    /// A host through a mailbox: what comes before and after a code in
    /// the command the other player types.
    Mailbox(String, String),
    /// The joiner.
    Guest(WayBack),
}

/// A game's connection to the other player, as the event loop sees it.
#[derive(Debug)]
pub struct Link {
    end: HeldEnd,
    events: Receiver<Event>,
    /// Where the news comes from: the link's own tries to connect again
    /// send theirs there too.
    sender: Events,
    peer: Option<Peer>,
    /// Set when the link is dropped: the joiner stops trying to connect.
    closed: Arc<AtomicBool>,
    /// Where the host keeps the seat its first player takes.
    seats: Option<PathBuf>,
    /// What waits for the game as the app has it once it took the last
    /// news ([`Link::settle`]).
    settling: Option<Settling>,
}

/// What waits for the game as the app has it once it took the news.
#[derive(Debug)]
enum Settling {
    /// A player came in on this connection: our game goes to them.
    Welcome(Peer),
    /// The connection was lost: the joiner tries again with our game.
    Reconnect,
}

impl Drop for Link {
    fn drop(&mut self) {
        self.closed.store(true, Ordering::Relaxed);
        if let Some(peer) = self.peer.take() {
            peer.close("the player quit");
        }
    }
}

impl Link {
    /// The host's link: `host` and the news of its door; the seat its
    /// first player takes is kept in `seats`.
    pub fn host(host: Host, events: Receiver<Event>, seats: Option<PathBuf>) -> Link {
        Link {
            sender: host.events().clone(),
            end: HeldEnd::Host(host),
            events,
            peer: None,
            closed: Arc::default(),
            seats,
            settling: None,
        }
    }

    /// The link of a host through `mailbox` as `name`, waiting for a first
    /// player (`seat` none) or for the seat's player; the code the mailbox
    /// gave, if it was asked for one. The other player types `before`, the
    /// code and `after`.
    ///
    /// # Errors
    /// When the mailbox cannot be reached or gives no code.
    pub fn host_through(
        mailbox: &str,
        seat: Option<super::Seat>,
        name: &str,
        limits: ProtocolTimes,
        seats: Option<PathBuf>,
        (before, after): (String, String),
    ) -> Result<(Link, Option<String>), String> {
        let (sender, events) = Events::channel();
        let closed = Arc::new(AtomicBool::new(false));
        let code = wormhole::host(
            mailbox,
            seat,
            name,
            limits,
            sender.clone(),
            Arc::clone(&closed),
        )?;
        let link = Link {
            end: HeldEnd::Mailbox(before, after),
            events,
            sender,
            peer: None,
            closed,
            seats,
            settling: None,
        };
        Ok((link, code))
    }

    /// Joins the host through `way` with `pass` as `name` (`ours`: this
    /// side's copy of the game, when taking the seat again); the link and
    /// the host's game.
    ///
    /// # Errors
    /// When the host cannot be reached or turns this player away: a
    /// [`JoinError`] saying why.
    pub fn join(
        way: &Way,
        pass: &Pass,
        name: Option<&str>,
        ours: Option<&Record>,
        limits: ProtocolTimes,
    ) -> Result<(Link, Joined), JoinError> {
        let (sender, events) = Events::channel();
        let ask = JoinRequest {
            pass,
            name,
            ours,
            limits,
        };
        let (joined, begin) = way.join(ask, &sender)?;
        // The link knows the connection before it hears anything of it.
        begin();
        let link = Link {
            end: HeldEnd::Guest(WayBack {
                way: way.clone(),
                seat: joined.seat.clone(),
                name: name.map(str::to_owned),
                limits,
            }),
            events,
            sender,
            peer: Some(joined.peer.clone()),
            closed: Arc::default(),
            seats: None,
            settling: None,
        };
        Ok((link, joined))
    }

    /// As [`Link::join`], trying again as long as trying again may help,
    /// for at most [`PATIENCE`]: a first meeting when the host is busy (a
    /// code was tried there just now), the seat's player whatever it is
    /// told before a key, which proves nothing (a host started again,
    /// a stranger at its address). Each new reason is told to `news`.
    ///
    /// # Errors
    /// As [`Link::join`]: the last reason, when it gives up.
    pub fn join_patiently(
        way: &Way,
        pass: &Pass,
        (name, ours): (Option<&str>, Option<&Record>),
        limits: ProtocolTimes,
        mut news: impl FnMut(&str),
    ) -> Result<(Link, Joined), JoinError> {
        let give_up = Instant::now() + PATIENCE;
        let mut retry = Retry::new(limits.retry);
        let mut told = String::new();
        loop {
            let error = match Link::join(way, pass, name, ours, limits) {
                Ok(joined) => return Ok(joined),
                Err(error) => error,
            };
            let worth_it = match pass {
                Pass::Seat(_) => true,
                Pass::Code(_) => matches!(
                    error,
                    JoinError::Refused {
                        refusal: Refusal::Busy(_),
                        ..
                    }
                ),
            };
            let wait = retry.after(&error);
            if !worth_it || Instant::now() + wait > give_up {
                return Err(error);
            }
            let why = error.to_string();
            if why != told {
                news(&format!("{why}; trying again"));
                told = why;
            }
            thread::sleep(wait);
        }
    }

    /// From now on, `ring` is called whenever news comes: the event loop
    /// waits for it instead of looking for news on a timer.
    pub fn wake_with(&self, ring: Box<dyn Fn() + Send + Sync>) {
        self.sender.ring_with(ring);
    }

    /// The next piece of news that has come, as answers for the app (none
    /// when nothing has come); the app takes them, then [`Link::settle`]
    /// is called with its game. `invite` is the command the other player
    /// types, kept with the seat their first meeting takes.
    pub fn hear(&mut self, invite: Option<&str>) -> Option<Vec<Answer>> {
        let event = match self.events.try_recv() {
            Ok(event) => event,
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => return None,
        };
        Some(self.answers(event, invite))
    }

    fn current(&self, id: u64) -> bool {
        self.peer.as_ref().is_some_and(|peer| peer.id() == id)
    }

    /// What `event` means for the app.
    fn answers(&mut self, event: Event, invite: Option<&str>) -> Vec<Answer> {
        match event {
            Event::Joined {
                peer,
                name,
                seat,
                record,
            } => {
                let mut answers = Vec::new();
                let mut unkept = None;
                if let Some(seat) = seat {
                    // The code is spent once the seat is taken: the command
                    // the player typed is kept to be shown again.
                    let invite = invite.unwrap_or_default();
                    unkept = self
                        .seats
                        .as_deref()
                        .and_then(|dir| seats::keep(dir, &seat, "host", invite).err());
                    answers.push(Answer::Seat(seat.id()));
                }
                answers.push(Answer::Remote(PeerNews::Joined(name)));
                // Said after the news of the join, which would hide it.
                if let Some(error) = unkept {
                    answers.push(Answer::SeatNotKept(format!("{error:#}")));
                }
                // The player's copy: taken if it goes on from ours.
                if let Some(record) = record {
                    answers.push(Answer::Remote(PeerNews::Resync(record)));
                }
                self.settling = Some(Settling::Welcome(peer));
                answers
            }
            Event::Rejoined { peer, record } => {
                self.peer = Some(peer);
                vec![Answer::Remote(PeerNews::Resync(record))]
            }
            Event::Said { id, said } if self.current(id) => {
                vec![Answer::Remote(PeerNews::Said(said))]
            }
            Event::Lost { id, why } if self.current(id) => {
                self.peer = None;
                self.settling = Some(Settling::Reconnect);
                vec![Answer::Remote(PeerNews::Lost(why))]
            }
            Event::TurnedAway(why) => vec![Answer::Remote(PeerNews::TurnedAway(why))],
            Event::GaveUp(why) => vec![Answer::Remote(PeerNews::GaveUp(why))],
            Event::NewCode(code) => match &self.end {
                HeldEnd::Mailbox(before, after) => {
                    let invite = format!("{before}{code}{after}");
                    vec![Answer::Remote(PeerNews::Invite(invite))]
                }
                HeldEnd::Host(_) | HeldEnd::Guest(_) => Vec::new(),
            },
            // News of a connection given up already.
            Event::Said { .. } | Event::Lost { .. } => Vec::new(),
        }
    }

    /// Once the app has taken the answers of [`Link::hear`], with `ours`,
    /// its game as it now is: a player who came in is sent it (after the
    /// host's `welcome`), and the joiner whose line dropped tries again
    /// with it.
    pub fn settle(&mut self, ours: &Record) {
        match self.settling.take() {
            None => {}
            Some(Settling::Welcome(peer)) => {
                if peer.send(&Message::Game(ours.to_string())).is_ok() {
                    // The seat's player came back on a new connection.
                    if let Some(old) = self.peer.replace(peer) {
                        old.close("the seat's player connected again");
                    }
                } else {
                    peer.shut();
                }
            }
            Some(Settling::Reconnect) => self.after_loss(ours),
        }
    }

    /// Tells the other player `said` (a move, a request, an answer), if
    /// they are connected.
    pub fn send(&self, said: GameMessage) {
        if let Some(peer) = &self.peer {
            // A failure is news the reading thread brings.
            let _ = peer.send(&Message::Said(said));
        }
    }

    /// Closes the connection to the other player, telling them `why` (what
    /// they sent is refused); the game as this side has it is `ours`, which
    /// the joiner comes back with.
    pub fn hangup(&mut self, why: &str, ours: &Record) {
        if let Some(peer) = self.peer.take() {
            peer.close(why);
            if let HeldEnd::Host(host) = &self.end {
                // The door opens at once, not when the reading thread notices.
                host.release(peer.id());
            }
            self.after_loss(ours);
        }
    }

    /// The connection is gone: the host's door opens again; the joiner
    /// tries to connect again, with `ours` (no move is made meanwhile),
    /// until it can or the host says no.
    fn after_loss(&mut self, ours: &Record) {
        match &self.end {
            HeldEnd::Host(_) | HeldEnd::Mailbox(..) => {}
            HeldEnd::Guest(door) => {
                let door = door.clone();
                let ours = ours.clone();
                let events = self.sender.clone();
                let closed = Arc::clone(&self.closed);
                thread::spawn(move || reconnect(&door, &ours, &events, &closed));
            }
        }
    }
}

/// The longest a joiner waits between two tries.
pub const MAX_RETRY: Duration = Duration::from_secs(30);

/// How long a joiner starting up tries to reach its host before it gives up.
pub const PATIENCE: Duration = Duration::from_secs(10 * 60);

/// The wait between a joiner's tries: the usual one while the host cannot
/// be reached (it may be starting again), twice the last after each
/// refusal (up to [`MAX_RETRY`]), so that what anyone may say before the
/// keys slows the joiner down but never stops it.
#[derive(Clone, Copy, Debug)]
struct Retry {
    usual: Duration,
    last: Duration,
}

impl Retry {
    fn new(usual: Duration) -> Retry {
        Retry { usual, last: usual }
    }

    /// The wait before the next try, after `error`.
    fn after(&mut self, error: &JoinError) -> Duration {
        self.last = match error {
            JoinError::Refused { .. } | JoinError::Denied(_) | JoinError::Absent(_) => {
                (self.last * 2).min(MAX_RETRY.max(self.usual))
            }
            JoinError::Unreachable { .. } | JoinError::Protocol { .. } => self.usual,
        };
        self.last
    }
}

/// Sleeps `wait`, or less once `closed` is set; whether it is.
fn sleep_unless(closed: &AtomicBool, wait: Duration) -> bool {
    const STEP: Duration = Duration::from_millis(100);
    let until = Instant::now() + wait;
    while !closed.load(Ordering::Relaxed) {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        thread::sleep(left.min(STEP));
    }
    true
}

/// Tries to join again through `door` until it works (the news is
/// [`Event::Rejoined`]) or the link is `closed`; what the host says before
/// a key only slows the tries down ([`Retry`]).
fn reconnect(door: &WayBack, ours: &Record, events: &Events, closed: &AtomicBool) {
    let mut told = String::new();
    let mut retry = Retry::new(door.limits.retry);
    let mut wait = door.limits.retry;
    while !sleep_unless(closed, wait) {
        let pass = Pass::Seat(door.seat.clone());
        let ask = JoinRequest {
            pass: &pass,
            name: door.name.as_deref(),
            ours: Some(ours),
            limits: door.limits,
        };
        let error = match door.way.join(ask, events) {
            Ok((joined, begin)) => {
                // What the new connection says comes after the news that it
                // was made (the host may say something again at once: the
                // game it ended as the line dropped).
                events.send(Event::Rejoined {
                    peer: joined.peer,
                    record: Box::new(joined.record),
                });
                begin();
                return;
            }
            Err(error) => error,
        };
        wait = retry.after(&error);
        // Each new reason is told once (a host started without this game,
        // busy, another program at its address); the tries go on.
        if let JoinError::Refused { .. } | JoinError::Denied(_) | JoinError::Absent(_) = error {
            let why = error.to_string();
            if why != told {
                events.send(Event::TurnedAway(format!("{why}; trying again")));
                told = why;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_slow_the_tries_down_and_never_past_the_longest_wait() {
        let usual = Duration::from_secs(2);
        let mut retry = Retry::new(usual);
        let refused = JoinError::Refused {
            address: "127.0.0.1:7557".into(),
            refusal: Refusal::Version("protocol version 9 is not spoken here".into()),
        };
        let waits: Vec<u64> = (0..6).map(|_| retry.after(&refused).as_secs()).collect();
        assert_eq!(waits, [4, 8, 16, 30, 30, 30]);
        let unreachable = JoinError::Unreachable {
            address: "127.0.0.1:7557".into(),
            reason: "Connection refused (os error 111)".into(),
        };
        assert_eq!(retry.after(&unreachable), usual);
    }
}
