//! The direct mode's door: the host listens, agrees a key with whoever
//! knocks (on the join code while the seat is free, on the seat's secret
//! after), lets in the one player who proves it, and turns everyone else
//! away. One thread watches the listener and the connections whose knock
//! has not come yet (a bounded set, each with a deadline, no thread of its
//! own); a knock goes to a handshake only if [`gate`] says so, else it is
//! answered `busy` at once in clear text, before any key, and closed. A
//! code is tested at most once a window across the host and never from an
//! address in its waiting time; the seat's player has slots of its own.

mod gate;

use std::collections::HashMap;
use std::io::{self, Read};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};

use crate::protocol::{Conversation, Failure, Met, shorten};

use super::direct::{self, SealedIn, SealedOut, spawn_reader};
use super::peer::{Event, Events, Peer, ProtocolTimes};
use super::secure::{Agreement, End, KeyPurpose, Seat, random_bytes};
use super::wire::{MAX_LINE, Opening, ReadError, Refusal, Ticket};
use gate::{BoundedQueue, Gate, Kind, KnockAnswer, MAX_PENDING, PENDING_PER_ADDRESS};

/// Handshakes under way at once, at most: the strangers' and the seat's
/// player's slots.
pub const MAX_HANDSHAKES: usize = gate::JOIN_SLOTS + gate::REJOIN_SLOTS;

/// The longest the door thread sleeps, so that it notices its host is gone.
const TICK: Duration = Duration::from_millis(250);

/// Who the door lets in.
#[derive(Clone, Debug, Default)]
pub struct Admission {
    /// The join code, which takes the seat while it is free.
    pub code: Option<String>,
    /// The seat, once a player has it (a resumed game's): only its secret
    /// lets in then.
    pub seat: Option<Seat>,
}

/// What the door threads share.
#[derive(Debug)]
struct SharedDoor {
    /// The connection of the player in the seat, if one is.
    player: Option<Peer>,
    /// The seat, once taken.
    seat: Option<Seat>,
    /// Who may start a handshake.
    gate: Gate,
    /// The connections of the handshakes under way, by slot, to close
    /// one that loses its slot.
    handshakes: HashMap<u64, TcpStream>,
}

/// What every handshake of one host needs.
#[derive(Debug)]
struct Shared {
    door: Mutex<SharedDoor>,
    code: Option<String>,
    name: String,
    limits: ProtocolTimes,
    /// Set when the host is dropped: the door thread ends.
    closed: AtomicBool,
}

/// A host listening for its one player.
#[derive(Debug)]
pub struct Host {
    address: SocketAddr,
    shared: Arc<Shared>,
    /// Where the door's news goes.
    events: Events,
}

impl Drop for Host {
    fn drop(&mut self) {
        self.shared.closed.store(true, Ordering::Relaxed);
    }
}

impl Host {
    /// Listens at `address` for the player `admission` lets in; the door's
    /// news comes on the receiver.
    ///
    /// # Errors
    /// When `address` cannot be listened at.
    pub fn listen(
        address: &str,
        admission: Admission,
        name: &str,
        limits: ProtocolTimes,
    ) -> io::Result<(Host, Receiver<Event>)> {
        let listener = TcpListener::bind(address)?;
        listener.set_nonblocking(true)?;
        let shared = Arc::new(Shared {
            door: Mutex::new(SharedDoor {
                player: None,
                seat: admission.seat,
                gate: Gate::new(limits.penalty),
                handshakes: HashMap::new(),
            }),
            code: admission.code,
            name: name.to_owned(),
            limits,
            closed: AtomicBool::new(false),
        });
        let (events, receiver) = Events::channel();
        let host = Host {
            address: listener.local_addr()?,
            shared: Arc::clone(&shared),
            events: events.clone(),
        };
        thread::spawn(move || watch(&listener, &shared, &events));
        Ok((host, receiver))
    }

    /// The address listened at (with the port chosen, for port 0).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Where the door's news goes.
    pub(super) fn events(&self) -> &Events {
        &self.events
    }

    /// Marks the seat free of a connection once connection `id` is given up.
    pub fn release(&self, id: u64) {
        let mut door = lock(&self.shared.door);
        if door.player.as_ref().is_some_and(|peer| peer.id() == id) {
            door.player = None;
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A connection whose knock has not come whole yet.
#[derive(Debug)]
struct Waiting {
    id: u64,
    stream: TcpStream,
    from: SocketAddr,
    deadline: Instant,
    /// What came of the knock line so far (never more than it).
    line: Vec<u8>,
}

/// What reading a waiting connection gave.
enum Knocked {
    /// Not the whole line yet.
    More,
    /// The knock line, its newline read and nothing after it.
    Line(String),
    /// No knock will come, and why.
    Failed(String),
}

impl Waiting {
    /// Reads what came, up to the knock line's end only: what follows it
    /// (a hello sent without waiting) is the handshake's to read.
    fn read(&mut self) -> Knocked {
        // Never more than a line's bound and its newline, in all.
        let mut buffer = [0; MAX_LINE + 2];
        let room = buffer.len() - self.line.len();
        let peeked = match self.stream.peek(&mut buffer[..room]) {
            Ok(0) => return Knocked::Failed("no knock: the connection was closed".to_owned()),
            Ok(peeked) => peeked,
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => return Knocked::More,
            Err(error) => return Knocked::Failed(format!("no knock: {error}")),
        };
        let newline = buffer[..peeked].iter().position(|&byte| byte == b'\n');
        let take = newline.map_or(peeked, |at| at + 1);
        if self.stream.read_exact(&mut buffer[..take]).is_err() {
            return Knocked::Failed("no knock: the connection failed".to_owned());
        }
        self.line.extend_from_slice(&buffer[..take]);
        if newline.is_none() {
            return if self.line.len() > MAX_LINE {
                Knocked::Failed(format!("no knock: {}", ReadError::TooLong(MAX_LINE)))
            } else {
                Knocked::More
            };
        }
        let mut lines = super::wire::LineReader::new(&self.line[..], MAX_LINE);
        match lines.read_line() {
            Ok(line) => Knocked::Line(line),
            Err(error) => Knocked::Failed(format!("no knock: {error}")),
        }
    }
}

/// The door thread: accepts connections, reads their knocks, and hands
/// each knock the gate lets in to a handshake of its own, until the host
/// is dropped.
fn watch(listener: &TcpListener, shared: &Arc<Shared>, events: &Events) {
    let mut waiting = BoundedQueue::new(MAX_PENDING, PENDING_PER_ADDRESS);
    let mut next = 0;
    while !shared.closed.load(Ordering::Relaxed) {
        let now = Instant::now();
        let soonest = waiting.iter().map(|w: &Waiting| w.deadline).min();
        let wait = soonest.map_or(TICK, |at| at.saturating_duration_since(now).min(TICK));
        let ready: Vec<bool> = {
            let mut fds: Vec<PollFd<'_>> = std::iter::once(listener as &dyn std::os::fd::AsFd)
                .chain(waiting.iter().map(|w| &w.stream as &dyn std::os::fd::AsFd))
                .map(|fd| PollFd::from_borrowed_fd(fd.as_fd(), PollFlags::IN))
                .collect();
            let timeout = Timespec::try_from(wait).ok();
            if poll(&mut fds, timeout.as_ref()).is_err() {
                thread::sleep(wait);
            }
            fds.iter().map(|fd| !fd.revents().is_empty()).collect()
        };
        let now = Instant::now();
        let mut done = Vec::new();
        for (waiter, _) in waiting
            .iter_mut()
            .zip(&ready[1..])
            .filter(|(_, ready)| **ready)
        {
            match waiter.read() {
                Knocked::More => {}
                Knocked::Line(line) => done.push((waiter.id, Ok(line))),
                Knocked::Failed(why) => done.push((waiter.id, Err(why))),
            }
        }
        for waiter in waiting.iter().filter(|w| w.deadline <= now) {
            let why = format!("no knock: {}", ReadError::TimedOut);
            done.push((waiter.id, Err(why)));
        }
        for (id, line) in done {
            if let Some(waiter) = waiting.take(|w| w.id == id) {
                answer(waiter, line, shared, events);
            }
        }
        if ready[0] {
            while let Ok((stream, from)) = listener.accept() {
                if stream.set_nonblocking(true).is_err() {
                    continue;
                }
                // Small lines: each goes out at once, not after the last is acknowledged.
                let _ = stream.set_nodelay(true);
                next += 1;
                let waiter = Waiting {
                    id: next,
                    stream,
                    from,
                    deadline: now + shared.limits.hello,
                    line: Vec::new(),
                };
                // Pushed out for a newer one: closed without a word.
                waiting.push(from.ip(), waiter);
            }
        }
    }
}

/// Says no to `stream` with `refusal` in clear text (there is no key yet);
/// its reason is returned as the error.
fn refuse<T>(stream: &TcpStream, refusal: Refusal) -> Result<T, String> {
    let why = refusal.why().to_owned();
    let _ = direct::write_line(stream, &Opening::Refused(refusal).to_string());
    Err(why)
}

/// The knock of a connection (or why none came): what it comes with, or
/// why it is refused, said to it.
fn knock(stream: &TcpStream, line: Result<String, String>) -> Result<(Ticket, String), String> {
    let knocked = line
        .map_err(Refusal::NotKnock)
        .and_then(|line| Opening::knocked(&line));
    knocked.or_else(|refusal| refuse(stream, refusal))
}

/// Answers the knock `line` of `waiter`: refused at once (another version,
/// no such seat, busy), or handed to a handshake in a slot of its own.
fn answer(waiter: Waiting, line: Result<String, String>, shared: &Arc<Shared>, events: &Events) {
    let Waiting { stream, from, .. } = waiter;
    let turned_away = |why: String| {
        let _ = stream.shutdown(Shutdown::Both);
        events.send(Event::TurnedAway(format!("Turned away {from}: {why}")));
    };
    let (ticket, message) = match knock(&stream, line) {
        Ok(knocked) => knocked,
        Err(why) => return turned_away(why),
    };
    let mut door = lock(&shared.door);
    let kind = match (&ticket, &door.seat) {
        (Ticket::Join, _) => Kind::Join,
        (Ticket::Rejoin(id), Some(seat)) if seat.id() == *id => Kind::Rejoin,
        (Ticket::Rejoin(id), _) => {
            drop(door);
            let why = format!(
                "this host has no game of seat {} to go on with (it was started without it: \
                 `endodoi host --resume` goes on with a saved one)",
                shorten(id)
            );
            if let Err(why) = refuse::<()>(&stream, Refusal::NoSeat(why)) {
                turned_away(why);
            }
            return;
        }
    };
    let slot = match door.gate.knock(from.ip(), kind, Instant::now()) {
        KnockAnswer::Busy { wait } => {
            drop(door);
            // Not told on the host's screen: a flood of these is no news.
            let _ = refuse::<()>(
                &stream,
                Refusal::Busy(format!(
                    "no code is tried now; try again in {} s",
                    wait.as_secs_f64().ceil()
                )),
            );
            let _ = stream.shutdown(Shutdown::Both);
            return;
        }
        KnockAnswer::Enter { slot, pushed_out } => {
            if let Some(out) = pushed_out.and_then(|out| door.handshakes.remove(&out)) {
                let _ = out.shutdown(Shutdown::Both);
            }
            slot
        }
    };
    let kept = stream.try_clone();
    let started = kept.and_then(|kept| {
        stream.set_nonblocking(false)?;
        door.handshakes.insert(slot, kept);
        Ok(())
    });
    drop(door);
    if started.is_err() {
        lock(&shared.door).gate.leave(slot);
        return turned_away("the connection failed".to_owned());
    }
    let shared = Arc::clone(shared);
    let events = events.clone();
    thread::spawn(move || {
        let turned_away = handshake(&stream, from, (ticket, message), &shared, &events);
        let mut door = lock(&shared.door);
        door.gate.leave(slot);
        door.handshakes.remove(&slot);
        drop(door);
        if let Err(why) = turned_away {
            let _ = stream.shutdown(Shutdown::Both);
            events.send(Event::TurnedAway(format!("Turned away {from}: {why}")));
        }
    });
}

/// Agrees a key with the connection on `stream` and lets it in (handing it
/// on as [`Event::Joined`]) or turns it away; returns why it was turned away.
fn handshake(
    stream: &TcpStream,
    from: SocketAddr,
    (ticket, message): (Ticket, String),
    shared: &Arc<Shared>,
    events: &Events,
) -> Result<(), String> {
    let limits = shared.limits;
    let deadline = Instant::now() + limits.hello;
    let lines = direct::lines(stream, MAX_LINE).map_err(|error| error.to_string())?;
    // The password: the code while the seat is free, the seat's secret for
    // its player. A knock the door cannot let in agrees on a random one,
    // so that a wrong code and a taken seat are answered alike.
    let (password, purpose) = {
        let door = lock(&shared.door);
        match (&ticket, &door.seat, &shared.code) {
            (Ticket::Join, None, Some(code)) => (code.as_bytes().to_vec(), KeyPurpose::Join),
            (Ticket::Join, _, _) => (random_bytes::<32>().to_vec(), KeyPurpose::Join),
            (Ticket::Rejoin(id), Some(seat), _) if seat.id() == *id => {
                (seat.password().to_vec(), KeyPurpose::Rejoin)
            }
            // Refused before its handshake began: the seat never changes.
            (Ticket::Rejoin(_), _, _) => return Err("no such seat here".to_owned()),
        }
    };
    let (agreement, answer) = Agreement::start(&password, purpose);
    let key = match agreement.finish(&message) {
        Ok(key) => key,
        Err(why) => return refuse(stream, Refusal::NotKnock(why)),
    };
    direct::write_line(stream, &Opening::Answer(answer).to_string())
        .map_err(|error| error.to_string())?;
    let (sealer, opener) = key.channel(End::Host);
    let mut inbox = SealedIn::new(lines, opener);
    // A player taking the seat again says first how far their game went.
    let rejoin = matches!(ticket, Ticket::Rejoin(_));
    let mut conversation =
        Conversation::host(rejoin, Some(deadline), limits.liveness(), Instant::now());
    let (name, record) = match direct::handshake(&mut conversation, &mut inbox) {
        Ok(Met::Joiner { name, copy }) => (name, copy),
        Ok(Met::Host { .. }) => return Err("a host where a joiner belongs".to_owned()),
        Err(Failure::Unopened) => return Err(wrong(shared, from.ip(), &ticket)),
        Err(failure) => return Err(failure.to_string()),
    };
    let outbox = SealedOut::new(stream, sealer, limits.silence).map_err(|e| e.to_string())?;
    let peer = Peer::new(Box::new(outbox));
    let seat = {
        let mut door = lock(&shared.door);
        let seat = match (&ticket, &door.seat) {
            (Ticket::Join, None) => Some(key.seat()),
            // Two right codes at once: the seat went to the other.
            (Ticket::Join, Some(_)) => {
                drop(door);
                return Err(wrong(shared, from.ip(), &ticket));
            }
            (Ticket::Rejoin(_), _) => None,
        };
        if seat.is_some() {
            door.seat.clone_from(&seat);
        }
        if let Some(old) = door.player.replace(peer.clone()) {
            old.close("the seat's player connected again");
        }
        door.gate.welcomed(from.ip());
        seat
    };
    let welcome = conversation.welcome(shared.name.clone(), Instant::now());
    if welcome.is_none_or(|welcome| peer.send(&welcome).is_err()) {
        return Err("the connection broke".to_owned());
    }
    events.send(Event::Joined {
        peer: peer.clone(),
        name,
        seat,
        record,
    });
    let id = peer.id();
    let door = Arc::clone(shared);
    spawn_reader(peer, inbox, conversation, events.clone(), move || {
        let mut door = lock(&door.door);
        if door.player.as_ref().is_some_and(|peer| peer.id() == id) {
            door.player = None;
        }
    });
    Ok(())
}

/// A key that did not open: a wrong code, a seat taken, or not the seat's
/// secret. A wrong code makes its address wait, and the whole host (see
/// [`gate`]); the connection is closed without a word. The reason.
fn wrong(shared: &Shared, from: IpAddr, ticket: &Ticket) -> String {
    match ticket {
        Ticket::Join => {
            lock(&shared.door).gate.wrong(from, Instant::now());
            "a wrong code, or the seat is taken".to_owned()
        }
        // The seat's secret is 32 random bytes: nothing to slow down.
        Ticket::Rejoin(_) => "it could not prove the seat's secret".to_owned(),
    }
}
