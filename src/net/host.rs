//! The direct mode's door: the host listens, agrees a key with whoever
//! knocks (on the join code while the seat is free, on the seat's secret
//! after), lets in the one player who proves it, and turns everyone else
//! away. Handshakes have one deadline each and a budget shared by all, in
//! which a new knock pushes out the oldest, so that slow strangers cannot
//! lock out the seat's owner; wrong codes are answered slowly, one at a time.

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::record::Record;

use super::direct::{self, SealedIn, SealedOut};
use super::peer::{Event, Limits, Peer, spawn_reader};
use super::secure::{Agreement, End, Purpose, Seat, random_bytes};
use super::wire::{
    MAX_LINE, MAX_NAME, Message, Opening, ReadError, Ticket, VERSION, WireError, shorten,
};

/// Handshakes under way at once, at most; a new one pushes out the oldest.
pub const MAX_HANDSHAKES: usize = 16;

/// Addresses whose wrong codes are counted, at most.
const MAX_REMEMBERED: usize = 4096;

/// Who the door lets in.
#[derive(Clone, Debug, Default)]
pub struct Admission {
    /// The join code, which takes the seat while it is free.
    pub code: Option<String>,
    /// The seat, once a player has it (a resumed game's): only its secret
    /// lets in then.
    pub seat: Option<Seat>,
}

/// A handshake under way.
#[derive(Debug)]
struct Knocking {
    id: u64,
    from: IpAddr,
    stream: TcpStream,
}

/// What the door threads share.
#[derive(Debug, Default)]
struct Door {
    /// The connection of the player in the seat, if one is.
    player: Option<Peer>,
    /// The seat, once taken.
    seat: Option<Seat>,
    /// Handshakes under way, oldest first.
    knocking: VecDeque<Knocking>,
    /// Wrong codes so far, by address.
    wrong: HashMap<IpAddr, u32>,
    /// The number of the next handshake.
    next: u64,
}

/// What every handshake of one host needs.
#[derive(Debug)]
struct Shared {
    door: Mutex<Door>,
    /// Held while a wrong code is answered: one at a time, whatever the
    /// addresses they come from.
    slow: Mutex<()>,
    code: Option<String>,
    name: String,
    limits: Limits,
}

/// A host listening for its one player.
#[derive(Debug)]
pub struct Host {
    address: SocketAddr,
    shared: Arc<Shared>,
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
        limits: Limits,
    ) -> std::io::Result<(Host, Receiver<Event>)> {
        let listener = TcpListener::bind(address)?;
        let shared = Arc::new(Shared {
            door: Mutex::new(Door {
                seat: admission.seat,
                ..Door::default()
            }),
            slow: Mutex::new(()),
            code: admission.code,
            name: name.to_owned(),
            limits,
        });
        let host = Host {
            address: listener.local_addr()?,
            shared: Arc::clone(&shared),
        };
        let (events, receiver) = mpsc::channel();
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                // Small lines: each goes out at once, not after the last is acknowledged.
                let _ = stream.set_nodelay(true);
                let Some((id, from)) = admit(&shared, &stream) else {
                    let _ = stream.shutdown(Shutdown::Both);
                    continue;
                };
                let shared = Arc::clone(&shared);
                let events = events.clone();
                thread::spawn(move || {
                    let turned_away = handshake(&stream, from, &shared, &events);
                    lock(&shared.door)
                        .knocking
                        .retain(|knocking| knocking.id != id);
                    if let Err(why) = turned_away {
                        let _ = stream.shutdown(Shutdown::Both);
                        let _ =
                            events.send(Event::TurnedAway(format!("Turned away {from}: {why}")));
                    }
                });
            }
        });
        Ok((host, receiver))
    }

    /// The address listened at (with the port chosen, for port 0).
    pub fn address(&self) -> SocketAddr {
        self.address
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

/// Counts a new connection among the handshakes under way: one an address
/// at a time (no guessing in parallel: a new one pushes out the one before
/// it), and when the budget is spent the oldest is pushed out; its number
/// and address, or `None` when it cannot be looked at.
fn admit(shared: &Shared, stream: &TcpStream) -> Option<(u64, SocketAddr)> {
    let from = stream.peer_addr().ok()?;
    let copy = stream.try_clone().ok()?;
    let mut door = lock(&shared.door);
    if let Some(at) = door.knocking.iter().position(|k| k.from == from.ip())
        && let Some(before) = door.knocking.remove(at)
    {
        let _ = before.stream.shutdown(Shutdown::Both);
    }
    if door.knocking.len() >= MAX_HANDSHAKES
        && let Some(oldest) = door.knocking.pop_front()
    {
        let _ = oldest.stream.shutdown(Shutdown::Both);
    }
    door.next += 1;
    let id = door.next;
    door.knocking.push_back(Knocking {
        id,
        from: from.ip(),
        stream: copy,
    });
    Some((id, from))
}

/// The delay before the `failures`-th wrong code from an address is answered.
fn penalty(limits: Limits, failures: u32) -> Duration {
    limits.penalty * 2u32.pow(failures.saturating_sub(1).min(6))
}

/// Says no to `stream` with `why` in clear text (there is no key yet); `why`
/// is returned as the error.
fn refuse<T>(stream: &TcpStream, why: String) -> Result<T, String> {
    let _ = direct::write_line(stream, &Opening::Refused(why.clone()).to_string());
    Err(why)
}

/// The knock of a connection: its version checked, what it comes with.
fn knock(
    stream: &TcpStream,
    lines: &mut direct::Lines,
    deadline: Instant,
) -> Result<(Ticket, String), String> {
    let line = match direct::line_before(lines, deadline) {
        Ok(line) => line,
        Err(error) => return refuse(stream, format!("no knock: {error}")),
    };
    let refused = |why: String| refuse(stream, why);
    match line.parse::<Opening>() {
        Ok(Opening::Knock { version, .. }) if version != VERSION => refused(format!(
            "protocol version {version} is not spoken here (this host speaks {VERSION})"
        )),
        Ok(Opening::Knock {
            ticket, message, ..
        }) => Ok((ticket, message)),
        Ok(other) => refused(format!(
            "the first line must be knock, not {:?}",
            shorten(&other.to_string())
        )),
        // Version 1 began with `hello 1 CODE`: tell it what is spoken here.
        Err(WireError::Unknown(word)) if word == "hello" => refused(format!(
            "protocol version 1 is not spoken here (this host speaks {VERSION})"
        )),
        Err(error) => refused(format!("not a knock: {error}")),
    }
}

/// Agrees a key with the connection on `stream` and lets it in (handing it
/// on as [`Event::Joined`]) or turns it away; returns why it was turned away.
fn handshake(
    stream: &TcpStream,
    from: SocketAddr,
    shared: &Arc<Shared>,
    events: &Sender<Event>,
) -> Result<(), String> {
    let limits = shared.limits;
    let deadline = Instant::now() + limits.hello;
    let mut lines = direct::lines(stream, MAX_LINE).map_err(|error| error.to_string())?;
    let (ticket, message) = knock(stream, &mut lines, deadline)?;
    // The password: the code while the seat is free, the seat's secret for
    // its player. A knock the door cannot let in agrees on a random one,
    // so that a wrong code and a taken seat are answered alike.
    let (password, purpose) = {
        let door = lock(&shared.door);
        match (&ticket, &door.seat, &shared.code) {
            (Ticket::Join, None, Some(code)) => (code.as_bytes().to_vec(), Purpose::Join),
            (Ticket::Join, _, _) => (random_bytes::<32>().to_vec(), Purpose::Join),
            (Ticket::Rejoin(id), Some(seat), _) if seat.id() == *id => {
                (seat.password().to_vec(), Purpose::Rejoin)
            }
            (Ticket::Rejoin(id), _, _) => {
                drop(door);
                return refuse(
                    stream,
                    format!(
                        "this host has no game of seat {} to go on with (it was started without it: \
                         `endodoi host --resume` goes on with a saved one)",
                        shorten(id)
                    ),
                );
            }
        }
    };
    let (agreement, answer) = Agreement::start(&password, purpose);
    let key = match agreement.finish(&message) {
        Ok(key) => key,
        Err(why) => return refuse(stream, why),
    };
    direct::write_line(stream, &Opening::Answer(answer).to_string())
        .map_err(|error| error.to_string())?;
    let (sealer, opener) = key.channel(End::Host);
    let mut inbox = SealedIn::new(lines, opener);
    let name = match inbox
        .line_before(deadline)
        .map(|line| line.parse::<Message>())
    {
        Ok(Ok(Message::Hello(name))) => name,
        Ok(_) => return Err("its first sealed line is not hello".to_owned()),
        Err(ReadError::Unsealed) => return Err(wrong(shared, from.ip(), &ticket)),
        Err(error) => return Err(format!("no hello: {error}")),
    };
    if name
        .as_ref()
        .is_some_and(|name| name.chars().count() > MAX_NAME)
    {
        return Err(format!("a name has at most {MAX_NAME} characters"));
    }
    inbox.trust();
    // A player taking the seat again says first how far their game went.
    let record = match ticket {
        Ticket::Join => None,
        Ticket::Rejoin(_) => match inbox.line_before(deadline).map(|line| line.parse()) {
            Ok(Ok(Message::Game(text))) => Some(Box::new(
                Record::read(&text).map_err(|error| format!("its game: {error}"))?,
            )),
            Ok(_) => return Err("the seat's player did not say its game".to_owned()),
            Err(error) => return Err(format!("no game: {error}")),
        },
    };
    let outbox = SealedOut::new(stream, sealer, limits.silence).map_err(|e| e.to_string())?;
    let peer = Peer::new(Box::new(outbox));
    let seat = {
        let mut door = lock(&shared.door);
        let seat = match (&ticket, &door.seat) {
            (Ticket::Join, None) => Some(key.seat()),
            // Two right codes at once: the seat went to the other.
            (Ticket::Join, Some(_)) => return Err(wrong(shared, from.ip(), &ticket)),
            (Ticket::Rejoin(_), _) => None,
        };
        if seat.is_some() {
            door.seat.clone_from(&seat);
        }
        if let Some(old) = door.player.replace(peer.clone()) {
            old.close("the seat's player connected again");
        }
        door.wrong.remove(&from.ip());
        seat
    };
    if peer.send(&Message::Welcome(shared.name.clone())).is_err() {
        return Err("the connection broke".to_owned());
    }
    let _ = events.send(Event::Joined {
        peer: peer.clone(),
        name,
        seat,
        record,
    });
    let id = peer.id();
    let door = Arc::clone(shared);
    spawn_reader(peer, Box::new(inbox), limits, events.clone(), move || {
        let mut door = lock(&door.door);
        if door.player.as_ref().is_some_and(|peer| peer.id() == id) {
            door.player = None;
        }
    });
    Ok(())
}

/// A key that did not open: a wrong code, a seat taken, or not the seat's
/// secret. Answered slowly (the more so the more from one address) and one
/// at a time, then the connection is closed without a word; the reason.
fn wrong(shared: &Shared, from: IpAddr, ticket: &Ticket) -> String {
    let failures = {
        let mut door = lock(&shared.door);
        // Bounded: an address forgotten is slowed down again from its next guess.
        if door.wrong.len() >= MAX_REMEMBERED && !door.wrong.contains_key(&from) {
            door.wrong.clear();
        }
        let failures = door.wrong.entry(from).or_default();
        *failures += 1;
        *failures
    };
    let _one_at_a_time = lock(&shared.slow);
    thread::sleep(penalty(shared.limits, failures));
    match ticket {
        Ticket::Join => "a wrong code, or the seat is taken".to_owned(),
        Ticket::Rejoin(_) => "it could not prove the seat's secret".to_owned(),
    }
}
