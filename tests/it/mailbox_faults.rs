//! The mailbox way of meeting under attack, on a real mailbox server on
//! loopback: a stranger who claims the host's listed nameplate and goes
//! silent, a message with a phase that is not a number while the seat's
//! player takes the seat again or in a game (the crate panics on it), a
//! 6 MB message, and a squatter on the seat's rendezvous. For each: the host's news, and
//! the real player let in afterwards.
//!
//! The hostile peers speak the mailbox's own protocol (JSON over a
//! websocket) by hand, or sit between a real joiner and the mailbox as the
//! mailbox server itself could.

use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use data_encoding::HEXLOWER;
use endodoi::net::wire::Message;
use endodoi::net::wormhole::{self, APP_ID, WINDOW};
use endodoi::net::{Event, JoinRequest, Joined, Pass, ProtocolTimes, Seat};
use endodoi::record::Record;
use endodoi::rules::{Config, Game};
use serde_json::{Value, json};
use spake2::{Ed25519Group, Identity, Password, Spake2};
use tungstenite::WebSocket;

use crate::common::mailbox::Mailbox;

/// Times short enough for a test, long enough for a slow machine.
fn limits() -> ProtocolTimes {
    ProtocolTimes {
        hello: Duration::from_secs(5),
        silence: Duration::from_secs(30),
        ping: Duration::from_secs(1),
        penalty: Duration::ZERO,
        retry: Duration::from_millis(500),
    }
}

/// How long a test waits for news that should come within a handshake's
/// deadline: generous, so that a slow machine never fails it.
const PATIENCE: Duration = Duration::from_secs(40);

/// The host's news until `wanted` says yes to one (returned), at most
/// `patience` long; the news seen is in the failure.
fn news_until(
    events: &Receiver<Event>,
    patience: Duration,
    what: &str,
    mut wanted: impl FnMut(&Event) -> bool,
) -> Event {
    let start = Instant::now();
    let mut seen = Vec::new();
    while let Some(left) = patience.checked_sub(start.elapsed()) {
        match events.recv_timeout(left) {
            Ok(event) if wanted(&event) => return event,
            Ok(event) => seen.push(format!("{event:?}")),
            Err(_) => break,
        }
    }
    panic!("no {what} within {patience:?}; the host's news: {seen:#?}");
}

/// A host through `mailbox`, its news and the flag that closes its door.
struct Hosting {
    events: Receiver<Event>,
    closed: Arc<AtomicBool>,
    code: Option<String>,
}

impl Hosting {
    fn new(mailbox: &Mailbox, seat: Option<Seat>) -> Hosting {
        let (sender, events) = mpsc::channel();
        let closed = Arc::new(AtomicBool::new(false));
        let code = wormhole::host(
            &mailbox.url(),
            seat,
            "Naserian",
            limits(),
            sender,
            Arc::clone(&closed),
        )
        .expect("the mailbox gives a code");
        Hosting {
            events,
            closed,
            code,
        }
    }

    /// Waits for a player to come in, and sends them the host's game as
    /// the link does; the connection.
    fn joined(&self, what: &str) -> endodoi::net::Peer {
        match news_until(&self.events, PATIENCE, what, |event| {
            matches!(event, Event::Joined { .. })
        }) {
            Event::Joined { peer, .. } => {
                peer.send(&Message::Game(record().to_string()))
                    .expect("the game is sent");
                peer
            }
            _ => unreachable!(),
        }
    }
}

impl Drop for Hosting {
    fn drop(&mut self) {
        self.closed.store(true, Ordering::Relaxed);
    }
}

fn record() -> Record {
    Record::new(Game::new(Config::default()))
}

/// Joins through `url` with `pass`, on a thread (the host's news is read
/// meanwhile); the outcome comes on the receiver.
fn join_on_thread(url: String, pass: Pass) -> Receiver<Result<Joined, String>> {
    let (done, outcome) = mpsc::channel();
    thread::spawn(move || {
        let (events, _news) = mpsc::channel();
        let ours = record();
        let ask = JoinRequest {
            pass: &pass,
            name: Some("Lekishon"),
            ours: matches!(pass, Pass::Seat(_)).then_some(&ours),
            limits: limits(),
        };
        let joined = wormhole::join(&url, ask, &events).map_err(|error| error.to_string());
        let _ = done.send(joined);
    });
    outcome
}

/// A client of the mailbox that speaks its protocol by hand.
struct Raw {
    socket: WebSocket<TcpStream>,
}

impl Raw {
    fn connect(url: &str) -> Raw {
        let address = url
            .trim_start_matches("ws://")
            .split('/')
            .next()
            .expect("an address");
        let stream = TcpStream::connect(address).expect("the mailbox answers");
        stream
            .set_read_timeout(Some(PATIENCE))
            .expect("a read time-out");
        let (socket, _) = tungstenite::client(url, stream).expect("a websocket");
        let mut raw = Raw { socket };
        raw.until("welcome");
        raw.send(&json!({"type": "bind", "appid": APP_ID, "side": "5ea77e0001"}));
        raw
    }

    fn send(&mut self, message: &Value) {
        self.socket
            .send(tungstenite::Message::text(message.to_string()))
            .expect("the mailbox takes a message");
    }

    /// The next message of type `kind` from the mailbox (or an error).
    fn until(&mut self, kind: &str) -> Value {
        loop {
            let message = self.socket.read().expect("the mailbox speaks");
            if let tungstenite::Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).expect("JSON");
                if value["type"] == kind || value["type"] == "error" {
                    return value;
                }
            }
        }
    }

    /// The nameplates the mailbox lists as claimed.
    fn listed(&mut self) -> Vec<String> {
        self.send(&json!({"type": "list"}));
        let listed = self.until("nameplates");
        let nameplates = listed["nameplates"].as_array().cloned().unwrap_or_default();
        nameplates
            .iter()
            .filter_map(|nameplate| nameplate["id"].as_str().map(str::to_owned))
            .collect()
    }

    /// Claims `nameplate` (unless it is crowded), opens its mailbox, and
    /// says one message of a key exchange (on a wrong password), then no
    /// version.
    fn squat(&mut self, nameplate: &str) {
        self.send(&json!({"type": "claim", "nameplate": nameplate}));
        let claimed = self.until("claimed");
        if claimed["type"] == "error" {
            return;
        }
        self.send(&json!({"type": "open", "mailbox": claimed["mailbox"]}));
        let (_, pake) = Spake2::<Ed25519Group>::start_symmetric(
            &Password::new(b"a-guess"),
            &Identity::new(APP_ID.as_bytes()),
        );
        let body = json!({"pake_v1": HEXLOWER.encode(&pake)}).to_string();
        self.send(&json!({
            "type": "add",
            "phase": "pake",
            "body": HEXLOWER.encode(body.as_bytes()),
        }));
    }
}

#[test]
fn a_stranger_silent_on_the_listed_nameplate_gets_the_code_replaced_and_the_player_joins() {
    let Some(mailbox) = Mailbox::start() else {
        return;
    };
    let hosting = Hosting::new(&mailbox, None);
    let code = hosting.code.clone().expect("a code");
    let mut stranger = Raw::connect(&mailbox.url());
    let nameplate = stranger
        .listed()
        .pop()
        .expect("the host's nameplate is listed");
    stranger.squat(&nameplate);
    assert!(code.starts_with(&format!("{nameplate}-")), "{code}");

    let spent = news_until(&hosting.events, PATIENCE, "code spent", |event| {
        matches!(event, Event::TurnedAway(_))
    });
    assert!(
        format!("{spent:?}").contains(&format!(
            "Turned away a player at {code}: the other side did not finish the handshake \
             within 5 s; the code is spent"
        )),
        "{spent:?}"
    );
    let Event::NewCode(new) = news_until(&hosting.events, PATIENCE, "a new code", |event| {
        matches!(event, Event::NewCode(_))
    }) else {
        unreachable!()
    };
    assert_ne!(new, code);

    let joining = join_on_thread(mailbox.url(), Pass::Code(new));
    hosting.joined("the player with the new code");
    let joined = joining.recv_timeout(PATIENCE).expect("the join ends");
    assert_eq!(joined.map(|joined| joined.host).as_deref(), Ok("Naserian"));
    drop(stranger);
}

#[test]
fn a_message_of_6_mb_is_refused_and_ends_the_connection() {
    let Some(mailbox) = Mailbox::start() else {
        return;
    };
    let hosting = Hosting::new(&mailbox, None);
    let code = hosting.code.clone().expect("a code");
    let joining = join_on_thread(mailbox.url(), Pass::Code(code));
    let host_end = hosting.joined("the player");
    let joined = joining
        .recv_timeout(PATIENCE)
        .expect("the join ends")
        .expect("the player joins");
    joined
        .peer
        .send(&Message::Bye("x".repeat(6 << 20)))
        .expect("the line is sent");
    let lost = news_until(
        &hosting.events,
        PATIENCE,
        "the connection ended",
        |event| matches!(event, Event::Lost { id, .. } if *id == host_end.id()),
    );
    let Event::Lost { why, .. } = lost else {
        unreachable!()
    };
    assert!(
        why == "the other side sent a line longer than 409600 bytes",
        "{}",
        why.chars().take(200).collect::<String>()
    );
}

/// A mailbox in the middle (as the mailbox server itself could be): it
/// hands on every message, but gives the message a player numbers `phase`
/// the phase `x`; its address.
fn a_mailbox_that_changes_a_phase(upstream: String, phase: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let url = format!("ws://{}/v1", listener.local_addr().expect("an address"));
    thread::spawn(move || {
        for client in listener.incoming().take(8) {
            let Ok(client) = client else { return };
            let upstream = upstream.clone();
            thread::spawn(move || relay(client, &upstream, phase));
        }
    });
    url
}

/// Hands messages between `client` and the mailbox at `upstream` for at
/// most two minutes, changing `phase` to `x`.
fn relay(client: TcpStream, upstream: &str, phase: &str) {
    let Ok(mut inner) = tungstenite::accept(client) else {
        return;
    };
    let address = upstream.trim_start_matches("ws://").split('/').next();
    let Ok(stream) = TcpStream::connect(address.unwrap_or_default()) else {
        return;
    };
    let Ok((mut outer, _)) = tungstenite::client(upstream, stream) else {
        return;
    };
    let tick = Some(Duration::from_millis(5));
    for socket in [inner.get_ref(), outer.get_ref()] {
        socket.set_read_timeout(tick).expect("a read time-out");
    }
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(120) {
        match inner.read() {
            Ok(tungstenite::Message::Text(text)) => {
                let mut value: Value = serde_json::from_str(&text).unwrap_or_default();
                let text = if value["type"] == "add" && value["phase"] == phase {
                    value["phase"] = json!("x");
                    value.to_string()
                } else {
                    text.to_string()
                };
                if outer.send(tungstenite::Message::text(text)).is_err() {
                    return;
                }
            }
            Ok(tungstenite::Message::Close(_)) => return,
            Ok(_) => {}
            Err(tungstenite::Error::Io(error)) if waits(&error) => {}
            Err(_) => return,
        }
        match outer.read() {
            Ok(message @ tungstenite::Message::Text(_)) => {
                if inner.send(message).is_err() {
                    return;
                }
            }
            Ok(tungstenite::Message::Close(_)) => return,
            Ok(_) => {}
            Err(tungstenite::Error::Io(error)) if waits(&error) => {}
            Err(_) => return,
        }
    }
}

fn waits(error: &std::io::Error) -> bool {
    matches!(
        error.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    )
}

/// Takes the seat again through `url` until it works, for at most
/// `patience`; how long it took, if it did.
fn rejoin_within(
    url: &str,
    seat: &Seat,
    hosting: &Hosting,
    patience: Duration,
) -> Option<Duration> {
    let start = Instant::now();
    let joining = join_on_thread(url.to_owned(), Pass::Seat(seat.clone()));
    let mut joining = Some(joining);
    while start.elapsed() < patience {
        if let Ok(Event::Joined { peer, .. }) =
            hosting.events.recv_timeout(Duration::from_millis(100))
        {
            peer.send(&Message::Game(record().to_string()))
                .expect("the game is sent");
        }
        let Some(waiting) = &joining else { continue };
        match waiting.try_recv() {
            Ok(Ok(_joined)) => return Some(start.elapsed()),
            Ok(Err(_)) => {
                joining = Some(join_on_thread(url.to_owned(), Pass::Seat(seat.clone())));
            }
            Err(_) => {}
        }
    }
    None
}

#[test]
fn a_phase_that_is_not_a_number_ends_that_rejoin_only_and_the_door_stays_open() {
    let Some(mailbox) = Mailbox::start() else {
        return;
    };
    let seat = Seat::from_secret([7; 32]);
    let hosting = Hosting::new(&mailbox, Some(seat.clone()));
    let middle = a_mailbox_that_changes_a_phase(mailbox.url(), "0");
    let hostile = join_on_thread(middle, Pass::Seat(seat.clone()));

    let broke = news_until(&hosting.events, WINDOW * 3, "the rejoin broken", |event| {
        matches!(event, Event::TurnedAway(_))
    });
    assert!(
        format!("{broke:?}").contains(
            "A try to take the seat again failed: the wormhole library broke down on what came \
             (not yet implemented: log and ignore, for future expansion)"
        ),
        "{broke:?}"
    );
    assert!(
        hostile
            .recv_timeout(PATIENCE)
            .expect("the join ends")
            .is_err(),
        "the joiner with the changed phase is not let in"
    );
    let took = rejoin_within(&mailbox.url(), &seat, &hosting, WINDOW * 3)
        .expect("the seat's player is back");
    eprintln!("the seat's player was back {took:?} after the broken rejoin");
}

/// A stranger who claims every nameplate the mailbox lists as soon as it is
/// listed, and says one message of a key exchange there, until `stop` (at
/// most two minutes and 64 nameplates), counting them in `claimed`.
fn squat_every_listed_nameplate(url: &str, stop: &AtomicBool, claimed: &AtomicUsize) {
    let mut lister = Raw::connect(url);
    let mut squatted: Vec<(String, Raw)> = Vec::new();
    let start = Instant::now();
    while !stop.load(Ordering::Relaxed)
        && start.elapsed() < Duration::from_secs(120)
        && squatted.len() < 64
    {
        for nameplate in lister.listed() {
            if squatted.iter().all(|(done, _)| *done != nameplate) {
                let mut raw = Raw::connect(url);
                raw.squat(&nameplate);
                squatted.push((nameplate, raw));
                claimed.fetch_add(1, Ordering::Relaxed);
            }
        }
        thread::sleep(Duration::from_millis(50));
    }
}

/// A measurement, not a test (it takes about a minute): a squatter on the
/// seat's listed rendezvous keeps the seat's player out while it runs (the
/// mailbox is public: nothing prevents it), and once it stops the player is
/// back within one window. Run it with
/// `cargo test --test it mailbox_faults::squatting -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement of about a minute"]
fn squatting_the_rendezvous_keeps_the_player_out_only_while_it_lasts() {
    let Some(mailbox) = Mailbox::start() else {
        return;
    };
    let seat = Seat::from_secret([9; 32]);
    let hosting = Hosting::new(&mailbox, Some(seat.clone()));
    let stop = Arc::new(AtomicBool::new(false));
    let claimed = Arc::new(AtomicUsize::new(0));
    let squatter = {
        let (url, stop, claimed) = (mailbox.url(), Arc::clone(&stop), Arc::clone(&claimed));
        thread::spawn(move || squat_every_listed_nameplate(&url, &stop, &claimed))
    };
    let start = Instant::now();
    while claimed.load(Ordering::Relaxed) == 0 && start.elapsed() < PATIENCE {
        thread::sleep(Duration::from_millis(50));
    }
    // The player tries all along a whole window of squatting.
    let squatted_for = WINDOW + Duration::from_secs(2);
    let meanwhile = rejoin_within(&mailbox.url(), &seat, &hosting, squatted_for);
    stop.store(true, Ordering::Relaxed);
    squatter.join().expect("the squatter ends");
    let claimed = claimed.load(Ordering::Relaxed);
    let took = rejoin_within(&mailbox.url(), &seat, &hosting, WINDOW * 3)
        .expect("the seat's player is back once the squatter stopped");
    println!(
        "mailbox/squatting: {claimed} nameplates claimed in {:.1} s of squatting (the player \
         {} back meanwhile); back {:.1} s after the squatter stopped (one window is {} s)",
        squatted_for.as_secs_f32(),
        if meanwhile.is_some() {
            "came"
        } else {
            "was not"
        },
        took.as_secs_f32(),
        WINDOW.as_secs(),
    );
    assert!(
        took <= WINDOW + limits().hello,
        "back {took:?} after the squatter stopped"
    );
}

#[test]
fn a_phase_that_is_not_a_number_in_a_game_ends_that_connection_and_says_so() {
    let Some(mailbox) = Mailbox::start() else {
        return;
    };
    let hosting = Hosting::new(&mailbox, None);
    let code = hosting.code.clone().expect("a code");
    // The player's `hello` is its message 0; its first ping comes after.
    let middle = a_mailbox_that_changes_a_phase(mailbox.url(), "1");
    let joining = join_on_thread(middle, Pass::Code(code));
    let host_end = hosting.joined("the player");
    let _joined = joining.recv_timeout(PATIENCE).expect("the join ends");
    let Event::Lost { why, .. } = news_until(
        &hosting.events,
        PATIENCE,
        "the connection ended",
        |event| matches!(event, Event::Lost { id, .. } if *id == host_end.id()),
    ) else {
        unreachable!()
    };
    assert_eq!(
        why,
        "the connection broke: the wormhole library broke down on what came (not yet \
         implemented: log and ignore, for future expansion)"
    );
}
