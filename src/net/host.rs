//! The host's door: it listens, lets in the one player who gives the code,
//! and turns everyone else away with a reason, slowing down an address that
//! keeps guessing.

use std::collections::{HashMap, HashSet};
use std::io::BufReader;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use super::peer::{Event, Limits, Peer, spawn_reader};
use super::wire::{BUSY, LineReader, MAX_CODE, MAX_LINE, MAX_NAME, Message, VERSION};

/// Handshakes under way at once, at most; more connections are closed at once.
const MAX_HANDSHAKES: usize = 16;

/// Addresses whose wrong codes are counted, at most.
const MAX_REMEMBERED: usize = 4096;

/// The letters of a join code made up by the host: no 0/o, 1/l/i to misread.
const CODE_LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// The length of a join code made up by the host.
const CODE_LENGTH: usize = 6;

/// A join code made up at random.
pub fn random_code() -> String {
    (0..CODE_LENGTH)
        .map(|_| char::from(CODE_LETTERS[fastrand::usize(..CODE_LETTERS.len())]))
        .collect()
}

/// Whether `code` can be a join code: 1 to [`MAX_CODE`] ASCII letters,
/// digits and dashes.
pub fn valid_code(code: &str) -> bool {
    (1..=MAX_CODE).contains(&code.len())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// What the door threads share.
#[derive(Debug, Default)]
struct Door {
    /// The connection of the player in the game, if one is.
    player: Option<u64>,
    /// Addresses with a handshake under way.
    knocking: HashSet<IpAddr>,
    /// Wrong codes so far, by address.
    wrong: HashMap<IpAddr, u32>,
}

/// A host listening for its one player.
#[derive(Debug)]
pub struct Host {
    address: SocketAddr,
    door: Arc<Mutex<Door>>,
}

impl Host {
    /// Listens at `address` for a player who gives `code`; the door's news
    /// comes on the receiver.
    ///
    /// # Errors
    /// When `address` cannot be listened at.
    pub fn listen(
        address: &str,
        code: &str,
        name: &str,
        limits: Limits,
    ) -> std::io::Result<(Host, Receiver<Event>)> {
        let listener = TcpListener::bind(address)?;
        let host = Host {
            address: listener.local_addr()?,
            door: Arc::default(),
        };
        let (events, receiver) = mpsc::channel();
        let door = Arc::clone(&host.door);
        let code = code.to_owned();
        let name = name.to_owned();
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let Ok(from) = stream.peer_addr() else {
                    continue;
                };
                let admitted = {
                    let mut door = lock(&door);
                    door.knocking.len() < MAX_HANDSHAKES && door.knocking.insert(from.ip())
                };
                if !admitted {
                    // One handshake an address at a time: no guessing in parallel.
                    let _ = stream.shutdown(std::net::Shutdown::Both);
                    continue;
                }
                let door = Arc::clone(&door);
                let events = events.clone();
                let (code, name) = (code.clone(), name.clone());
                thread::spawn(move || {
                    let turned_away = handshake(&stream, &code, &name, limits, &door, &events);
                    lock(&door).knocking.remove(&from.ip());
                    if let Err(why) = turned_away {
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

    /// Marks the door free again once connection `id` is given up.
    pub fn release(&self, id: u64) {
        let mut door = lock(&self.door);
        if door.player == Some(id) {
            door.player = None;
        }
    }
}

fn lock(door: &Mutex<Door>) -> std::sync::MutexGuard<'_, Door> {
    door.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The delay before the `failures`-th wrong code from an address is answered.
fn penalty(limits: Limits, failures: u32) -> Duration {
    limits.penalty * 2u32.pow(failures.saturating_sub(1).min(6))
}

/// Reads the joiner's `hello` from `stream` and lets it in (handing it on
/// as [`Event::Joined`]) or refuses it; returns why it was turned away.
fn handshake(
    stream: &TcpStream,
    code: &str,
    name: &str,
    limits: Limits,
    door: &Arc<Mutex<Door>>,
    events: &Sender<Event>,
) -> Result<(), String> {
    let refuse = |why: String| {
        let _ = Peer::new(stream, limits).map(|peer| {
            let _ = peer.send(&Message::Refused(why.clone()));
            peer.shut();
        });
        Err(why)
    };
    let from = stream.peer_addr().map_err(|error| error.to_string())?;
    stream
        .set_read_timeout(Some(limits.hello))
        .map_err(|error| error.to_string())?;
    let copy = stream.try_clone().map_err(|error| error.to_string())?;
    let mut reader = LineReader::new(BufReader::new(copy), MAX_LINE);
    let line = reader.read_line();
    let (version, given, joiner) = match line.as_deref().map(str::parse::<Message>) {
        Ok(Ok(Message::Hello {
            version,
            code,
            name,
        })) => (version, code, name),
        Ok(Ok(other)) => {
            return refuse(format!(
                "the first line must be hello, not {:?}",
                super::wire::shorten(&other.to_string())
            ));
        }
        Ok(Err(error)) => return refuse(format!("not a hello: {error}")),
        Err(error) => return refuse(format!("no hello: {error}")),
    };
    if version != VERSION {
        return refuse(format!(
            "protocol version {version} is not spoken here (this host speaks {VERSION})"
        ));
    }
    if given != code {
        let failures = {
            let mut door = lock(door);
            // Bounded: an address forgotten is slowed down again from its next guess.
            if door.wrong.len() >= MAX_REMEMBERED && !door.wrong.contains_key(&from.ip()) {
                door.wrong.clear();
            }
            let failures = door.wrong.entry(from.ip()).or_default();
            *failures += 1;
            *failures
        };
        thread::sleep(penalty(limits, failures));
        return refuse("wrong code".to_owned());
    }
    if joiner
        .as_ref()
        .is_some_and(|name| name.chars().count() > MAX_NAME)
    {
        return refuse(format!("a name has at most {MAX_NAME} characters"));
    }
    let peer = Peer::new(stream, limits).map_err(|error| error.to_string())?;
    {
        let mut door = lock(door);
        if door.player.is_some() {
            drop(door);
            return refuse(BUSY.to_owned());
        }
        door.player = Some(peer.id());
        door.wrong.remove(&from.ip());
    }
    if peer.send(&Message::Welcome(name.to_owned())).is_err() {
        lock(door).player = None;
        return Err("the connection broke".to_owned());
    }
    let _ = events.send(Event::Joined {
        peer: peer.clone(),
        name: joiner,
    });
    let door = Arc::clone(door);
    let id = peer.id();
    spawn_reader(peer, reader, limits, events.clone(), move || {
        let mut door = lock(&door);
        if door.player == Some(id) {
            door.player = None;
        }
    });
    Ok(())
}
