//! A game across the network, in process over loopback: a host (the app,
//! its autosave and its door, driven as the event loop drives them) and a
//! hostile peer written here that speaks the protocol by hand (its key
//! agreed with the library's own cryptography): a wrong code, a thief with
//! the right code, garbage, a 100 MB line, illegal moves, moves for the
//! wrong row or out of turn, silence, a relay in the middle, an impostor
//! host, slow strangers. For each: the host's message, the seat still open
//! to its player, and the autosave file exactly as it was.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::app::{Action, Answer, App, Connection, GameAction, Match, Network, Role, Setting};
use endodoi::net::secure::{Agreement, End, KeyPurpose, Seat};
use endodoi::net::wire::{Message, VERSION};
use endodoi::net::{Admission, Host, Link, Pass, ProtocolTimes, Way};
use endodoi::record::Record;
use endodoi::rules::{Config, Game, Hole, Side};
use endodoi::save::Store;
use endodoi::terminal::Runner;
use keys::type_keys;

use crate::common::effects::hangup;
use crate::common::keys;
use crate::common::looped::Looped;
use crate::common::moves::tally;
use crate::common::peer::{PATIENCE, Peer};
use endodoi::terminal::{bring_news, carry_out};

pub(super) const CODE: &str = "k4p9xm";

/// Short times, so that silence and a wrong code show within a test.
pub(super) fn limits() -> ProtocolTimes {
    ProtocolTimes {
        hello: Duration::from_secs(2),
        silence: Duration::from_secs(4),
        ping: Duration::from_millis(100),
        penalty: Duration::from_millis(150),
        retry: Duration::from_millis(100),
    }
}

/// A host as `endodoi host` runs one, without the terminal: its loop, and
/// the address it listens at.
pub(super) struct Hosted {
    looped: Looped,
    address: SocketAddr,
}

impl std::ops::Deref for Hosted {
    type Target = Looped;
    fn deref(&self) -> &Looped {
        &self.looped
    }
}

impl std::ops::DerefMut for Hosted {
    fn deref_mut(&mut self) -> &mut Looped {
        &mut self.looped
    }
}

impl Hosted {
    fn new() -> Hosted {
        Hosted::with(Match::default())
    }

    /// A host of a game between `players`.
    pub(super) fn with(players: Match) -> Hosted {
        Hosted::seated(players, Side::South)
    }

    /// A host of a game between `players`, on `row` in the first game.
    pub(super) fn seated(players: Match, row: Side) -> Hosted {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let admission = Admission {
            code: Some(CODE.to_owned()),
            seat: None,
        };
        let (host, events) = Host::listen("127.0.0.1:0", admission, "Naserian", limits())
            .expect("a port on loopback");
        let address = host.address();
        let mut app = App::new(Config::default(), players);
        app.set(Setting::Animation(false));
        let role = Role::Host {
            invite: format!("endodoi join {address} --code {CODE}"),
            options: format!(" --listen {address}"),
        };
        app.set(Setting::Across {
            network: Network::new(role),
            remote_home: row.opponent(),
            name: Some("Naserian".into()),
        });
        let seats = Some(dir.path().join("seats"));
        let link = Link::host(host, events, seats);
        Hosted {
            looped: Looped::in_dir(app, dir, link),
            address,
        }
    }

    /// A peer that joins honestly, the host plays A, the peer answers b:
    /// the game has two moves, saved; the host is to move.
    fn with_two_moves() -> (Hosted, Peer) {
        let mut hosted = Hosted::new();
        let (mut peer, _) = hosted.join("Mallory");
        type_keys(&mut hosted.app, "a\n");
        hosted.turn();
        assert_eq!(peer.line(), "move 0 A");
        peer.send("move 1 b");
        hosted.until("North's move", |app| app.record().game.ply() == 2);
        (hosted, peer)
    }

    /// A peer named `name` joins with the right code; the game it is given.
    pub(super) fn join(&mut self, name: &str) -> (Peer, Record) {
        let mut peer = Peer::joining(self.address, CODE);
        peer.send(&format!("hello {name}"));
        self.until("the join", |app| {
            app.table().network().unwrap().connection == Connection::Connected
        });
        assert_eq!(peer.line(), "welcome Naserian");
        let Ok(Message::Game(text)) = peer.line().parse::<Message>() else {
            panic!("the game follows the welcome");
        };
        (peer, Record::read(&text).expect("a record"))
    }

    /// The seat's player can still take their seat again, and is given the
    /// game on disk.
    fn still_open(&mut self, seat: &Seat) {
        let before = Record::read(&self.saved()).expect("the saved record");
        let mut peer = Peer::connect(self.address);
        peer.agree(&seat.password(), Some(seat));
        peer.send("hello Mallory");
        peer.send(&Message::Game(before.to_string()).to_string());
        self.until("the seat taken again", |app| {
            app.desk()
                .message()
                .is_some_and(|message| message.text.starts_with("Reconnected"))
        });
        assert_eq!(peer.line(), "welcome Naserian");
        let Ok(Message::Game(text)) = peer.line().parse::<Message>() else {
            panic!("the game follows the welcome");
        };
        let given = Record::read(&text).expect("a record");
        assert_eq!(given.game.history(), before.game.history());
    }
}

/// A misbehaving peer after two moves (three when `on_its_turn`: the
/// host plays one more): its `line` is refused with `why`, the host says so,
/// keeps the game exactly as saved, and lets an honest player in again.
fn refused(on_its_turn: bool, line: &str, why: &str) {
    refused_as(on_its_turn, |_| (line.to_owned(), why.to_owned()));
}

/// As [`refused`], the line and the reason made from the game as it stands.
fn refused_as(on_its_turn: bool, make: impl FnOnce(&Game) -> (String, String)) {
    let (mut hosted, mut peer) = Hosted::with_two_moves();
    if on_its_turn {
        type_keys(&mut hosted.app, "\n");
        hosted.turn();
        assert!(peer.line().starts_with("move 2 "));
    }
    let before = hosted.saved();
    let (line, why) = make(&hosted.app.record().game);
    let why = why.as_str();
    peer.send(&line);
    hosted.until("the refusal", |app| {
        matches!(
            app.table().network().unwrap().connection,
            Connection::Lost(_)
        )
    });
    peer.closed_with(why);
    assert_eq!(hosted.connection(), Connection::Lost(why.to_owned()));
    assert_eq!(
        hosted.message(),
        format!("Disconnected: {why}; the game is kept")
    );
    let ply = if on_its_turn { 3 } else { 2 };
    assert_eq!(hosted.app.record().game.ply(), ply, "nothing was applied");
    assert_eq!(hosted.saved(), before, "the game on disk is intact");
    hosted.still_open(&peer.seat());
}

#[test]
fn a_move_off_the_board_is_refused_and_never_applied() {
    // North's hole z is off a board 6 holes wide.
    refused(
        true,
        "move 3 z",
        "Mallory sowed z, which is illegal: there is no hole z on a board 6 holes wide",
    );
}

#[test]
fn a_move_from_the_wrong_row_is_refused() {
    refused(true, "move 3 B", "Mallory sowed B, a hole of the other row");
}

#[test]
fn a_move_out_of_turn_is_refused() {
    refused(false, "move 2 c", "Mallory sowed c out of turn");
}

#[test]
fn a_move_for_another_point_of_the_game_is_refused() {
    refused(
        true,
        "move 5 c",
        "Mallory sowed c as move 6, but this is move 4",
    );
}

#[test]
fn garbage_is_refused() {
    refused(
        false,
        "launch missiles",
        "the other side sent something that is not the protocol (unknown message \"launch\"): \"launch missiles\"",
    );
}

#[test]
fn a_second_hello_is_refused() {
    refused(
        false,
        "hello Mallory",
        "the other side sent \"hello Mallory\" out of place",
    );
}

#[test]
fn taking_back_a_move_that_is_not_theirs_is_refused() {
    refused(
        false,
        "undo 0",
        "Mallory asked to take the game back to move 0, which is not theirs",
    );
}

#[test]
fn sowing_an_empty_hole_is_refused_and_never_applied() {
    refused_as(true, |game| {
        let empty = Hole::row(Side::North, 6)
            .find(|&hole| game.position().seeds(hole) == 0)
            .expect("North has an empty hole after A b and South's move");
        let error = game.check(empty).expect_err("an empty hole cannot be sown");
        (
            format!("move 3 {empty}"),
            format!("Mallory sowed {empty}, which is illegal: {error}"),
        )
    });
}

/// The host's message once the loop has turned until it has one starting with `start`.
/// The news that begins with `start` on the host's screen: on its
/// message line, or (of a stranger it turned away while it waits) after
/// the command to give the other player, which stays on screen before it.
fn news(hosted: &mut Hosted, start: &str) -> String {
    let news = |app: &App| {
        if let Some(message) = app.desk().message().filter(|m| m.text.starts_with(start)) {
            return Some(message.text.clone());
        }
        let status = app.table().network_status().unwrap_or_default();
        let invite = status.find("endodoi join ")?;
        let after = format!(" · {start}");
        let at = invite + status[invite..].find(&after)?;
        Some(status[at + " · ".len()..].to_owned())
    };
    hosted.until(start, |app| news(app).is_some());
    news(&hosted.app).expect("the news")
}

/// A stranger knocks with `code` (again while the host says busy) and
/// says hello sealed with the key it agreed: the clear-text lines the host
/// sent, what its screen said, and when the code was tested (answered).
fn knock_with(hosted: &mut Hosted, code: &str) -> (Vec<String>, String, Instant) {
    let mut stranger = Peer::joining(hosted.address, code);
    let tested = Instant::now();
    stranger.send("hello Eve");
    let mut lines = Vec::new();
    loop {
        let line = stranger.clear_line();
        if line.is_empty() {
            break;
        }
        lines.push(line);
    }
    let from = stranger.stream().local_addr().expect("an address");
    let said = news(hosted, &format!("Turned away {from}"));
    (lines, said.replace(&from.to_string(), "ADDR"), tested)
}

#[test]
fn the_command_to_give_stays_on_screen_after_a_stranger_is_turned_away() {
    let mut hosted = Hosted::new();
    let invite = format!("endodoi join {} --code {CODE}", hosted.address);
    let (_, said, _) = knock_with(&mut hosted, "k4p9xn");
    assert_eq!(said, "Turned away ADDR: a wrong code, or the seat is taken");
    assert_eq!(
        hosted.app.desk().message(),
        None,
        "no message hides the command"
    );
    let screen = crate::common::screen::at_80x24(&hosted.app);
    assert!(screen.contains(&invite), "{screen}");
    assert!(screen.contains("Turned away"), "{screen}");
}

#[test]
fn a_wrong_code_makes_the_next_wait_longer_each_time_and_the_game_is_kept() {
    let mut hosted = Hosted::new();
    let mut last = Instant::now();
    for wrong in 1..=3 {
        let (lines, said, tested) = knock_with(&mut hosted, "k4p9xn");
        let waited = tested - last;
        last = tested;
        assert!(
            lines.is_empty(),
            "nothing is said to a wrong key: {lines:?}"
        );
        assert_eq!(said, "Turned away ADDR: a wrong code, or the seat is taken");
        // The wait after the last wrong code: none before the first.
        let penalty = limits().penalty * (2u32.pow(wrong - 1) / 2);
        assert!(
            waited >= penalty,
            "wrong code {wrong} answered after {waited:?}"
        );
    }
    assert_eq!(hosted.connection(), Connection::Waiting);
    // The right code after three wrong ones still takes the seat.
    let (mut peer, given) = hosted.join("Lekishon");
    assert_eq!(given.game.ply(), 0);
    assert_eq!(hosted.app.players().name(Side::North), "Lekishon");
    peer.send("move 0 a");
}

#[test]
fn a_thief_with_the_code_cannot_take_the_seat_and_is_answered_as_a_wrong_code() {
    let (mut hosted, peer) = Hosted::with_two_moves();
    let before = hosted.saved();
    let (thief, thief_said, _) = knock_with(&mut hosted, CODE);
    let (wrong, wrong_said, _) = knock_with(&mut hosted, "k4p9xn");
    assert_eq!(
        thief, wrong,
        "the same lines for the right code and a wrong one"
    );
    assert_eq!(thief_said, wrong_said);
    assert_eq!(hosted.app.players().name(Side::North), "Mallory");
    assert_eq!(hosted.saved(), before, "the game on disk is intact");
    // A thief who also took the seat's public name from the record cannot
    // prove the secret.
    let seat_id = hosted
        .app
        .record()
        .tag("Seat")
        .expect("a Seat tag")
        .to_owned();
    let mut thief = Peer::connect(hosted.address);
    let forged = Seat::from_secret([7; 32]);
    let (agreement, message) = Agreement::start(&forged.password(), KeyPurpose::Rejoin);
    thief.send_clear(&format!("knock {VERSION} rejoin {seat_id} {message}"));
    let answer = thief.clear_line();
    let key = agreement
        .finish(answer.strip_prefix("answer ").expect("an answer"))
        .expect("a key message");
    let (mut sealer, _) = key.channel(End::Joiner);
    thief.send_clear(&sealer.seal("hello Eve"));
    assert_eq!(thief.clear_line(), "", "closed without a word");
    let from = thief.stream().local_addr().expect("an address");
    let said = news(&mut hosted, &format!("Turned away {from}"));
    assert!(
        said.ends_with("it could not prove the seat's secret"),
        "{said}"
    );
    assert_eq!(hosted.app.players().name(Side::North), "Mallory");
    assert_eq!(hosted.saved(), before, "the game on disk is intact");
    // The seat is still its player's.
    hosted.still_open(&peer.seat());
}

#[test]
fn a_host_started_without_the_game_says_so_to_the_seats_player_and_on_its_screen() {
    // A host started again without --resume: no seat. Its player comes back.
    let mut hosted = Hosted::new();
    let seat = Seat::from_secret([5; 32]);
    let mut player = Peer::connect(hosted.address);
    let (_, message) = Agreement::start(&seat.password(), KeyPurpose::Rejoin);
    player.send_clear(&format!("knock {VERSION} rejoin {} {message}", seat.id()));
    let why = format!(
        "this host has no game of seat {} to go on with (it was started without it: \
         `endodoi host --resume` goes on with a saved one)",
        seat.id()
    );
    assert_eq!(player.clear_line(), format!("refused no-seat {why}"));
    let from = player.stream().local_addr().expect("an address");
    assert_eq!(
        news(&mut hosted, "Turned away"),
        format!("Turned away {from}: {why}")
    );
    assert_eq!(hosted.connection(), Connection::Waiting);
    assert_eq!(
        hosted.app.record().game.ply(),
        0,
        "the new game is untouched"
    );
}

#[test]
fn another_version_of_the_protocol_is_refused() {
    let mut hosted = Hosted::new();
    let later = VERSION + 1;
    let knock = format!("knock {later} join bWVzc2FnZQ==");
    for (line, version) in [(knock.as_str(), later), ("hello 1 k4p9 Eve", 1)] {
        let mut stranger = Peer::connect(hosted.address);
        stranger.send_clear(line);
        assert_eq!(
            stranger.clear_line(),
            format!(
                "refused version protocol version {version} is not spoken here (this host speaks {VERSION})"
            )
        );
        news(&mut hosted, "Turned away");
    }
    assert_eq!(hosted.connection(), Connection::Waiting);
}

#[test]
fn a_stranger_who_says_nothing_is_turned_away() {
    let mut hosted = Hosted::new();
    let mut stranger = Peer::connect(hosted.address);
    assert_eq!(
        stranger.clear_line(),
        "refused not-knock no knock: nothing came in time"
    );
    let from = stranger.stream().local_addr().expect("an address");
    assert_eq!(
        news(&mut hosted, "Turned away"),
        format!("Turned away {from}: no knock: nothing came in time")
    );
}

#[test]
fn a_silent_player_is_disconnected_and_the_game_is_kept() {
    let (mut hosted, mut peer) = Hosted::with_two_moves();
    let before = hosted.saved();
    let why = "nothing came for 4 s";
    assert_eq!(
        news(&mut hosted, "Disconnected"),
        format!("Disconnected: {why}; the game is kept")
    );
    peer.closed_with(why);
    assert_eq!(hosted.saved(), before, "the game on disk is intact");
    hosted.still_open(&peer.seat());
}

#[test]
fn slow_strangers_from_many_addresses_do_not_lock_the_seats_player_out() {
    let (mut hosted, peer) = Hosted::with_two_moves();
    let seat = peer.seat();
    drop(peer);
    news(&mut hosted, "Disconnected");
    // 32 strangers, each from an address of its own, each a byte at a time.
    let slow: Vec<TcpStream> = (0..32u8)
        .map(|n| {
            let local = SocketAddr::from(([127, 0, 1, n + 1], 0));
            let mut stream = bind_and_connect(local, hosted.address);
            stream.write_all(b"k").expect("a byte");
            stream
        })
        .collect();
    let start = Instant::now();
    hosted.still_open(&seat);
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(5),
        "the seat's player waited {took:?}"
    );
    drop(slow);
}

/// A connection to `to` from the loopback address `local` (std cannot
/// bind before it connects).
fn bind_and_connect(local: SocketAddr, to: SocketAddr) -> TcpStream {
    use rustix::net::{AddressFamily, SocketType, bind, connect, socket};
    let fd = socket(AddressFamily::INET, SocketType::STREAM, None).expect("a socket");
    bind(&fd, &local).expect("a loopback address");
    connect(&fd, &to).expect("the host answers");
    TcpStream::from(fd)
}

/// The most memory this process has held, in kB.
fn peak_memory() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|value| value.trim().trim_end_matches(" kB").parse().ok())
        .expect("VmHWM")
}

#[test]
fn a_100_mb_line_is_cut_off_without_being_read_whole() {
    const HUNDRED_MB: usize = 100 * 1024 * 1024;
    let (mut hosted, mut peer) = Hosted::with_two_moves();
    let before = hosted.saved();
    let peak = peak_memory();
    let mut writer = peer.stream().try_clone().expect("a copy");
    writer
        .set_write_timeout(Some(PATIENCE))
        .expect("a time-out");
    let flood = std::thread::spawn(move || {
        let chunk = vec![b'x'; 64 * 1024];
        let mut sent = 0;
        while sent < HUNDRED_MB {
            match writer.write(&chunk) {
                Ok(written) => sent += written,
                Err(_) => break,
            }
        }
        sent
    });
    let why = format!(
        "the other side sent a line longer than {} bytes",
        endodoi::net::wire::MAX_GAME_LINE
    );
    let why = why.as_str();
    assert_eq!(
        news(&mut hosted, "Disconnected"),
        format!("Disconnected: {why}; the game is kept")
    );
    let sent = flood.join().expect("the flood ends");
    assert!(
        sent < HUNDRED_MB,
        "the host cut the line off: {sent} bytes were sent"
    );
    let grown = peak_memory().saturating_sub(peak);
    assert!(grown < 32 * 1024, "the peak memory grew by {grown} kB");
    assert_eq!(hosted.connection(), Connection::Lost(why.to_owned()));
    assert_eq!(hosted.saved(), before, "the game on disk is intact");
    hosted.still_open(&peer.seat());
}

#[test]
fn a_flood_before_any_key_is_cut_off_at_512_bytes() {
    let mut hosted = Hosted::new();
    let mut stranger = Peer::connect(hosted.address);
    let flood = vec![b'x'; 4 * 1024 * 1024];
    // The host stops reading at 512 bytes: the write fails or is cut short.
    let _ = stranger.stream().write_all(&flood);
    assert_eq!(
        stranger.clear_line(),
        "refused not-knock no knock: a line longer than 512 bytes"
    );
    news(&mut hosted, "Turned away");
    assert_eq!(hosted.connection(), Connection::Waiting);
}

/// A joiner as `endodoi join` runs one, without the terminal.
pub(super) struct Joining(Looped);

impl std::ops::Deref for Joining {
    type Target = Looped;
    fn deref(&self) -> &Looped {
        &self.0
    }
}

impl std::ops::DerefMut for Joining {
    fn deref_mut(&mut self) -> &mut Looped {
        &mut self.0
    }
}

impl Joining {
    /// Joins `hosted` as Lekishon, the host's loop turning meanwhile.
    pub(super) fn new(hosted: &mut Hosted) -> Joining {
        let address = hosted.address.to_string();
        let joining = {
            let way = Way::Direct(address.clone());
            let pass = Pass::Code(CODE.to_owned());
            std::thread::spawn(move || Link::join(&way, &pass, Some("Lekishon"), None, limits()))
        };
        hosted.until("the join", |app| {
            app.table().network().unwrap().connection == Connection::Connected
        });
        let (link, joined) = joining
            .join()
            .expect("the joiner runs")
            .expect("the joiner is let in");
        assert_eq!(joined.host, "Naserian");
        let mut app = App::from_record(joined.record.clone(), Match::from_record(&joined.record));
        app.set(Setting::Animation(false));
        let role = Role::Guest {
            command: format!("endodoi join {address} --code {CODE}"),
            place: address,
        };
        app.set(Setting::Across {
            network: Network::new(role),
            remote_home: Side::South,
            name: None,
        });
        app.answer(Answer::Seat(joined.seat.id()));
        Joining(Looped::new(app, link))
    }
}

/// Turns both loops until `done` says so.
pub(super) fn both_until(
    hosted: &mut Hosted,
    joining: &mut Joining,
    what: &str,
    done: impl Fn(&App, &App) -> bool,
) {
    let start = Instant::now();
    while !done(&hosted.app, &joining.app) {
        assert!(start.elapsed() < PATIENCE, "waited for {what}");
        hosted.turn();
        joining.turn();
        sleep(Duration::from_millis(5));
    }
    hosted.turn();
    joining.turn();
}

pub(super) fn text(app: &App) -> String {
    app.desk()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// The actions of `actions` the key bar offers now.
fn offered(app: &App, actions: &[Action]) -> Vec<Action> {
    actions
        .iter()
        .copied()
        .filter(|&action| app.front().offers(action, app.desk().shown()))
        .collect()
}

#[test]
fn the_key_bar_offers_no_move_while_the_other_is_away_and_no_new_game_before_the_end() {
    let keys = [
        Action::Game(GameAction::Sow),
        Action::Game(GameAction::SelectRight),
        Action::Game(GameAction::Hint),
        Action::Game(GameAction::NewGame),
        Action::Game(GameAction::Save),
    ];
    let mut hosted = Hosted::new();
    assert_eq!(
        offered(&hosted.app, &keys),
        [Action::Game(GameAction::Save)],
        "nobody has joined: the game waits"
    );
    let mut joining = Joining::new(&mut hosted);
    hosted.until("the joiner", |app| {
        app.table().network().expect("a network game").connection == Connection::Connected
    });
    assert_eq!(
        offered(&hosted.app, &keys),
        [
            Action::Game(GameAction::Sow),
            Action::Game(GameAction::SelectRight),
            Action::Game(GameAction::Hint),
            Action::Game(GameAction::Save)
        ],
        "South to move, the joiner there; a game across the network is played to its end"
    );
    assert_eq!(
        offered(&joining.app, &keys),
        [Action::Game(GameAction::Save)],
        "North waits for South's move"
    );
    joining.turn();
}

#[test]
fn two_players_move_take_back_by_agreement_and_join_again_after_a_drop() {
    let mut hosted = Hosted::new();
    let mut joining = Joining::new(&mut hosted);
    assert_eq!(joining.app.players().name(Side::North), "Lekishon");
    assert_eq!(
        joining.app.table().network_status().as_deref(),
        Some("Connected to Naserian · Naserian is thinking")
    );
    // North cannot move for South.
    type_keys(&mut joining.app, "\n");
    assert_eq!(text(&joining.app), "Naserian has this turn");
    type_keys(&mut hosted.app, "a\n");
    both_until(&mut hosted, &mut joining, "A on both", |_, j| {
        j.record().game.ply() == 1
    });
    // Issue 26, 12: the capture is named, as the move list writes it.
    assert_eq!(text(&joining.app), "Naserian sowed A+2");
    type_keys(&mut joining.app, "\n");
    both_until(&mut hosted, &mut joining, "North's move", |h, _| {
        h.record().game.ply() == 2
    });
    assert_eq!(hosted.app.record().game, joining.app.record().game);

    // The host asks to take back A (and North's answer); North accepts.
    type_keys(&mut hosted.app, "u");
    both_until(&mut hosted, &mut joining, "the question", |_, j| {
        matches!(j.desk().mode(), endodoi::app::Mode::Confirm(_))
    });
    type_keys(&mut joining.app, "x");
    assert!(
        matches!(joining.app.desk().mode(), endodoi::app::Mode::Confirm(_)),
        "only y or n answers"
    );
    type_keys(&mut joining.app, "y");
    both_until(&mut hosted, &mut joining, "the take-back", |h, _| {
        h.record().game.ply() == 0
    });
    assert_eq!(joining.app.record().game.ply(), 0);
    assert!(
        text(&hosted.app).starts_with("Took back A "),
        "{}",
        text(&hosted.app)
    );

    // Again; this time North asks and the host declines.
    type_keys(&mut hosted.app, "b\n");
    both_until(&mut hosted, &mut joining, "B", |_, j| {
        j.record().game.ply() == 1
    });
    type_keys(&mut joining.app, "\n");
    both_until(&mut hosted, &mut joining, "North's move", |h, _| {
        h.record().game.ply() == 2
    });
    type_keys(&mut joining.app, "u");
    both_until(&mut hosted, &mut joining, "the question", |h, _| {
        matches!(h.desk().mode(), endodoi::app::Mode::Confirm(_))
    });
    type_keys(&mut hosted.app, "n");
    both_until(&mut hosted, &mut joining, "the answer", |_, j| {
        text(j) == "Naserian declined to take back"
    });
    assert_eq!(
        (
            hosted.app.record().game.ply(),
            joining.app.record().game.ply()
        ),
        (2, 2)
    );

    // The line drops: the joiner connects again and goes on from the host's game.
    let cut = hangup(&hosted.app, "a test cut");
    hosted.run(vec![cut]);
    both_until(&mut hosted, &mut joining, "the reconnection", |_, j| {
        text(j).starts_with("Reconnected")
    });
    assert_eq!(
        text(&joining.app),
        "Reconnected: the game goes on at move 3"
    );
    assert_eq!(text(&hosted.app), "Reconnected: the game goes on at move 3");
    type_keys(&mut hosted.app, "\n");
    both_until(&mut hosted, &mut joining, "move 3", |_, j| {
        j.record().game.ply() == 3
    });
    assert_eq!(hosted.app.record().game, joining.app.record().game);
    assert_eq!(
        hosted.app.record().to_string(),
        joining.app.record().to_string()
    );
}

/// Each player sows the hole selected on their turn until the game is over.
pub(super) fn play_to_the_end(hosted: &mut Hosted, joining: &mut Joining) {
    while hosted.app.record().game.outcome().is_none() {
        let ply = hosted.app.record().game.ply();
        let mover = if hosted
            .app
            .record()
            .to_move()
            .is_some_and(|side| hosted.app.players().remote(side))
        {
            &mut joining.app
        } else {
            &mut hosted.app
        };
        type_keys(mover, "\n");
        both_until(hosted, joining, "the move", |h, j| {
            h.record().game.ply() == ply + 1 && j.record().game.ply() == ply + 1
        });
    }
}

#[test]
fn a_joiner_that_missed_the_next_game_keeps_the_finished_one_in_its_file() {
    let mut hosted = Hosted::with(Match::new(None, None, Some(2)));
    let mut joining = Joining::new(&mut hosted);
    play_to_the_end(&mut hosted, &mut joining);
    let finished = joining.app.record().to_string();
    let file = joining
        .runner
        .store()
        .current()
        .expect("an autosave")
        .to_path_buf();
    assert_eq!(std::fs::read_to_string(&file).expect("the save"), finished);
    // The host went on to the next game; the joiner hears of it only when
    // it joins again.
    let mut host = hosted.app.clone();
    type_keys(&mut host, "n");
    assert_eq!(host.players().round, 2);
    joining
        .app
        .answer(Answer::Remote(endodoi::app::PeerNews::Resync(Box::new(
            host.record().clone(),
        ))));
    joining.turn();
    assert_eq!(joining.app.players().round, 2);
    assert_eq!(joining.app.record().game.ply(), 0);
    assert_eq!(
        std::fs::read_to_string(&file).expect("the save"),
        finished,
        "the finished game keeps its file"
    );
}

#[test]
fn a_match_goes_on_to_the_next_game_on_both_sides_with_the_rows_swapped() {
    let mut hosted = Hosted::with(Match::new(None, None, Some(2)));
    let mut joining = Joining::new(&mut hosted);
    type_keys(&mut hosted.app, "a\n");
    both_until(&mut hosted, &mut joining, "A", |_, j| {
        j.record().game.ply() == 1
    });
    type_keys(&mut joining.app, "n");
    assert_eq!(
        text(&joining.app),
        "A game across the network is played to its end; q quits, and it stays saved"
    );
    play_to_the_end(&mut hosted, &mut joining);
    assert_eq!(
        hosted.app.record().to_string(),
        joining.app.record().to_string()
    );
    type_keys(&mut joining.app, "n");
    both_until(&mut hosted, &mut joining, "the next game", |h, j| {
        h.players().round == 2 && j.players().round == 2
    });
    assert_eq!(joining.app.players().round, 2);
    assert_eq!(hosted.app.record().game.ply(), 0);
    // The rows swap: the host plays North now, and the joiner opens the game.
    assert_eq!(hosted.app.players().name(Side::North), "Naserian");
    assert_eq!(joining.app.players().name(Side::South), "Lekishon");
    assert!(
        hosted
            .app
            .record()
            .to_move()
            .is_some_and(|side| hosted.app.players().remote(side))
    );
    assert!(
        !joining
            .app
            .record()
            .to_move()
            .is_some_and(|side| joining.app.players().remote(side))
    );
    assert_eq!(tally(&hosted.app), tally(&joining.app));
}

#[test]
fn a_name_with_quotes_and_brackets_reaches_the_record_intact() {
    let mut hosted = Hosted::new();
    let name = "Le\"ki]sh{on} [x]";
    let (_peer, given) = hosted.join(name);
    assert_eq!(hosted.app.players().name(Side::North), name);
    assert_eq!(given.tag("North"), Some(name));
}

/// A fake host written here that knows `password`: it accepts one joiner,
/// agrees a key, reads its hello and answers with `lines`; the connection,
/// for more.
pub(super) fn fake_host(
    password: &'static [u8],
    lines: Vec<String>,
) -> (SocketAddr, std::thread::JoinHandle<Peer>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address");
    let host = std::thread::spawn(move || {
        let (stream, _) = listener.accept().expect("a joiner");
        let mut peer = Peer::on(stream);
        peer.answer_knock(password);
        assert_eq!(peer.line(), "hello Lekishon");
        for line in &lines {
            peer.send(line);
        }
        peer
    });
    (address, host)
}

pub(super) fn join_fake(
    address: SocketAddr,
    pass: &Pass,
    ours: Option<&Record>,
) -> Result<(Link, endodoi::net::Joined), String> {
    let limits = ProtocolTimes {
        hello: Duration::from_millis(500),
        penalty: Duration::ZERO,
        ..limits()
    };
    Link::join(
        &Way::Direct(address.to_string()),
        pass,
        Some("Lekishon"),
        ours,
        limits,
    )
    .map_err(|e| e.to_string())
}

#[test]
fn a_host_that_says_nothing_or_garbage_or_a_game_that_does_not_replay_is_refused() {
    let cases: [(Vec<String>, &str); 3] = [
        (
            vec![],
            "does not answer as an endodoi host: nothing came in time",
        ),
        (
            vec!["welcome Naserian".into(), "launch missiles".into()],
            "does not answer as an endodoi host: unknown message \"launch\"",
        ),
        (
            vec![
                "welcome Naserian".into(),
                "game \"[Width \\\"6\\\"]\\n\\n1. A z *\\n\"".into(),
            ],
            "does not answer as an endodoi host: its game: line 3, column 6, ply 2: move `z`: there is no hole z on a board 6 holes wide",
        ),
    ];
    for (lines, why) in cases {
        let (address, host) = fake_host(CODE.as_bytes(), lines);
        let error = join_fake(address, &Pass::Code(CODE.to_owned()), None).expect_err("refused");
        assert_eq!(error, format!("the host at {address} {why}"));
        drop(host.join().expect("the fake host ran"));
    }
}

/// A joiner let in by a fake host that says `lines` after its hello: the
/// joiner's app and its runner (autosave off: the effects of the link
/// alone), and the fake host's end.
pub(super) fn guest_of_fake_host(lines: Vec<String>) -> (App, Runner, Peer) {
    let (address, host) = fake_host(CODE.as_bytes(), lines);
    let (link, joined) = join_fake(address, &Pass::Code(CODE.to_owned()), None)
        .expect("the fake host lets the joiner in");
    let runner = Runner::new(Store::new(None, None, Vec::new()), None, Some(link));
    let peer = host.join().expect("the fake host ran");
    let mut app = App::from_record(joined.record.clone(), Match::from_record(&joined.record));
    app.set(Setting::Animation(false));
    let role = Role::Guest {
        place: address.to_string(),
        command: format!("endodoi join {address} --code {CODE}"),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::South,
        name: None,
    });
    (app, runner, peer)
}

#[test]
fn the_joiner_refuses_a_move_of_the_host_that_is_not_its_own() {
    let lines = vec![
        "welcome Naserian".to_owned(),
        "game \"[Width \\\"6\\\"]\\n\\n*\\n\"".to_owned(),
    ];
    let (mut app, mut runner, mut peer) = guest_of_fake_host(lines);
    peer.send("move 0 a");
    let start = Instant::now();
    while app.record().game.ply() == 0
        && matches!(
            app.table().network().unwrap().connection,
            Connection::Connected
        )
    {
        assert!(start.elapsed() < PATIENCE, "waited for the refusal");
        bring_news(&mut runner, &mut app);
        carry_out(&mut runner, &mut app);
        sleep(Duration::from_millis(5));
    }
    let why = "South sowed a, a hole of the other row";
    assert_eq!(peer.line(), format!("bye {why}"));
    assert_eq!(app.record().game.ply(), 0, "nothing was applied");
    assert_eq!(
        app.desk().message().map(|m| m.text.as_str()),
        Some(format!("Disconnected: {why}; the game is kept").as_str())
    );
}

#[test]
fn an_impostor_at_the_hosts_address_learns_nothing_and_cannot_shorten_the_game() {
    // The joiner comes back to take its seat with its copy of the game; an
    // impostor listens where the host was. It knows the code (and even
    // the seat's public name), not the seat's secret.
    let seat = Seat::from_secret([9; 32]);
    let ours = game_of(None, 3);
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address");
    let impostor = std::thread::spawn(move || {
        let (stream, _) = listener.accept().expect("a joiner");
        let mut peer = Peer::on(stream);
        let knock = peer.answer_knock(CODE.as_bytes());
        // What came sealed opens with no key the impostor has.
        let hello = peer.clear_line();
        let opened = peer.open(&hello);
        let game = peer.clear_line();
        // It answers with a game of no moves, sealed with its own key.
        peer.send("welcome Naserian");
        peer.send("game \"[Width \\\"6\\\"]\\n\\n*\\n\"");
        (knock, opened, hello, game)
    });
    let error = join_fake(address, &Pass::Seat(seat.clone()), Some(&ours)).expect_err("refused");
    assert_eq!(
        error,
        format!(
            "the host at {address} could not prove it holds this game's seat (another program answers there?)"
        )
    );
    let (knock, opened, hello, game) = impostor.join().expect("the impostor ran");
    assert_eq!(knock, format!("knock {VERSION} rejoin {}", seat.id()));
    assert_eq!(opened, None, "the joiner's hello does not open");
    for line in [&hello, &game] {
        for secret in ["hello", "Lekishon", "move", "Width", CODE, &seat.to_hex()] {
            assert!(!line.contains(secret), "{secret:?} in {line:?}");
        }
    }
    assert_eq!(ours.game.ply(), 3, "the joiner's copy is its own");
}

#[test]
fn a_relay_in_the_middle_reads_no_move_and_what_it_changes_ends_the_connection() {
    let mut hosted = Hosted::new();
    let relay = Relay::between(hosted.address);
    let joining = {
        let way = Way::Direct(relay.address.to_string());
        let pass = Pass::Code(CODE.to_owned());
        std::thread::spawn(move || Link::join(&way, &pass, Some("Lekishon"), None, limits()))
    };
    hosted.until("the join", |app| {
        app.table().network().unwrap().connection == Connection::Connected
    });
    let (link, joined) = joining.join().expect("runs").expect("let in");
    let mut app = App::from_record(joined.record.clone(), Match::from_record(&joined.record));
    app.set(Setting::Animation(false));
    let role = Role::Guest {
        place: relay.address.to_string(),
        command: String::new(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::South,
        name: None,
    });
    let mut runner = Runner::new(Store::new(None, None, Vec::new()), None, Some(link));
    type_keys(&mut hosted.app, "a\n");
    let start = Instant::now();
    while app.record().game.ply() < 1 {
        assert!(start.elapsed() < PATIENCE, "waited for A");
        hosted.turn();
        bring_news(&mut runner, &mut app);
        sleep(Duration::from_millis(5));
    }
    let seen = relay.seen();
    let text = String::from_utf8_lossy(&seen);
    for secret in [CODE, "move 0", "Naserian", "Lekishon", "welcome", "Width"] {
        assert!(!text.contains(secret), "the relay read {secret:?}");
    }
    // The relay sends the joiner's last sealed line to the host again.
    let before = hosted.saved();
    relay.inject_to_host(&relay.last_line_to_host());
    let why = "the other side sent a line that does not open with the session's key (altered or not theirs)";
    assert_eq!(
        news(&mut hosted, "Disconnected"),
        format!("Disconnected: {why}; the game is kept")
    );
    assert_eq!(hosted.app.record().game.ply(), 1, "nothing was applied");
    assert_eq!(hosted.saved(), before, "the game on disk is intact");
}

/// A relay on the path between a joiner and the host: it passes every byte
/// on, keeps what it saw, and can add bytes of its own.
struct Relay {
    address: SocketAddr,
    seen: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    to_host: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    host: std::sync::Arc<std::sync::Mutex<Option<TcpStream>>>,
}

impl Relay {
    fn between(host: SocketAddr) -> Relay {
        use std::sync::{Arc, Mutex};
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = listener.local_addr().expect("an address");
        let relay = Relay {
            address,
            seen: Arc::default(),
            to_host: Arc::default(),
            host: Arc::default(),
        };
        let (seen, to_host, slot) = (
            Arc::clone(&relay.seen),
            Arc::clone(&relay.to_host),
            Arc::clone(&relay.host),
        );
        std::thread::spawn(move || {
            let (joiner, _) = listener.accept().expect("a joiner");
            let upstream = TcpStream::connect(host).expect("the host");
            *slot.lock().expect("the slot") = Some(upstream.try_clone().expect("a copy"));
            let pass = |mut from: TcpStream, mut to: TcpStream, log: Vec<Arc<Mutex<Vec<u8>>>>| {
                std::thread::spawn(move || {
                    let mut buffer = [0; 4096];
                    while let Ok(read) = from.read(&mut buffer) {
                        if read == 0 || to.write_all(&buffer[..read]).is_err() {
                            break;
                        }
                        for kept in &log {
                            kept.lock()
                                .expect("a log")
                                .extend_from_slice(&buffer[..read]);
                        }
                    }
                });
            };
            pass(
                joiner.try_clone().expect("a copy"),
                upstream.try_clone().expect("a copy"),
                vec![Arc::clone(&seen), to_host],
            );
            pass(upstream, joiner, vec![seen]);
        });
        relay
    }

    fn seen(&self) -> Vec<u8> {
        self.seen.lock().expect("the log").clone()
    }

    /// The last whole line the joiner sent the host.
    fn last_line_to_host(&self) -> String {
        let sent = self.to_host.lock().expect("the log").clone();
        let text = String::from_utf8(sent).expect("text");
        text.lines().last().expect("a line").to_owned()
    }

    fn inject_to_host(&self, line: &str) {
        let mut host = self.host.lock().expect("the slot");
        let host = host.as_mut().expect("connected");
        host.write_all(format!("{line}\n").as_bytes())
            .expect("sent");
    }
}

#[test]
fn a_joiner_the_host_turns_away_for_good_says_so_and_keeps_the_game() {
    let mut app = App::new(Config::default(), Match::default());
    let role = Role::Guest {
        place: "127.0.0.1:7557".to_owned(),
        command: format!("endodoi join 127.0.0.1:7557 --code {CODE}"),
    };
    // Here the joiner plays South, to move.
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: None,
    });
    app.answer(Answer::Remote(endodoi::app::PeerNews::Lost(
        "the other player left".to_owned(),
    )));
    assert_eq!(
        app.table().network_status().as_deref(),
        Some("Connection lost (the other player left) · reconnecting to 127.0.0.1:7557…")
    );
    let why = "the host at 127.0.0.1:7557 refused: protocol version 3 is not spoken here (this host speaks 2)";
    app.answer(Answer::Remote(endodoi::app::PeerNews::GaveUp(
        why.to_owned(),
    )));
    assert_eq!(text(&app), format!("{why}; not trying again"));
    assert_eq!(
        app.table().network_status().as_deref(),
        Some(format!("Connection closed: {why} · the game is kept; `endodoi join` again").as_str())
    );
    type_keys(&mut app, "\n");
    assert_eq!(text(&app), "North is not connected: the game waits");
    assert_eq!(
        app.record().game.ply(),
        0,
        "no move without the other player"
    );
}

/// A host that quits is heard once, in plain words: the joiner's own
/// copy is kept, and no side claims the other saved it.
#[test]
fn a_host_that_quits_is_heard_as_quitting_and_the_game_is_kept() {
    let mut hosted = Hosted::new();
    let mut joining = Joining::new(&mut hosted);
    drop(hosted);
    joining.until("the host's goodbye", |app| {
        matches!(
            app.table().network().unwrap().connection,
            Connection::Lost(_)
        )
    });
    assert_eq!(
        text(&joining.app),
        "Disconnected: the other side left: the player quit; the game is kept"
    );
}

#[test]
fn an_unfinished_game_says_which_command_continues_it_on_each_side() {
    let (mut hosted, _peer) = Hosted::with_two_moves();
    let joining = Joining::new(&mut Hosted::new());
    let host_line = format!("endodoi host --resume --listen {}", hosted.address);
    assert_eq!(hosted.app.table().resume_command(None), host_line);
    let farewell = hosted.finish();
    let saved = hosted
        .runner
        .store()
        .current()
        .expect("an autosave")
        .to_path_buf();
    let id = saved.file_stem().expect("a name").to_string_lossy();
    assert_eq!(
        farewell.notes,
        [format!(
            "Game saved in {}; `endodoi host --resume {id} --listen {}` continues it.",
            saved.display(),
            hosted.address
        )]
    );
    let Some(Role::Guest { place, .. }) = joining.app.table().network().map(|n| n.role.clone())
    else {
        panic!("a guest");
    };
    assert_eq!(
        joining.app.table().resume_command(Some("ignored")),
        format!("endodoi join {place} --code {CODE}")
    );
}

/// A record of `plies` moves on the default board, each the last legal
/// one, after `first` when given.
fn game_of(first: Option<char>, plies: usize) -> Record {
    let mut record = Record::new(Game::new(Config::default()));
    if let Some(letter) = first {
        let hole = Hole::from_letter(letter).expect("a hole");
        record.game.play(hole).expect("a legal move");
    }
    while record.game.ply() < plies {
        let hole = record.game.legal_moves().last().expect("a move");
        record.game.play(hole).expect("a legal move");
    }
    record
}

#[test]
fn a_copy_is_only_ever_replaced_by_one_that_goes_on_from_it() {
    let joined = || {
        let mut app = App::from_record(game_of(None, 3), Match::default());
        let role = Role::Guest {
            place: "127.0.0.1:7557".to_owned(),
            command: String::new(),
        };
        app.set(Setting::Across {
            network: Network::new(role),
            remote_home: Side::South,
            name: None,
        });
        app.answer(Answer::Remote(endodoi::app::PeerNews::Lost(
            "a cut".to_owned(),
        )));
        app
    };
    // Shorter: ours is kept, and the message names both lengths.
    let mut app = joined();
    app.answer(Answer::Remote(endodoi::app::PeerNews::Resync(Box::new(
        game_of(None, 2),
    ))));
    assert_eq!(&app.record().game, &game_of(None, 3).game);
    assert_eq!(
        text(&app),
        "Reconnected: South's copy of the game has 2 moves, ours 3 moves: ours is kept"
    );
    assert_eq!(
        app.table().network().unwrap().connection,
        Connection::Connected
    );
    // None: a game of no moves never replaces ours.
    let mut app = joined();
    app.answer(Answer::Remote(endodoi::app::PeerNews::Resync(Box::new(
        game_of(None, 0),
    ))));
    assert_eq!(&app.record().game, &game_of(None, 3).game);
    // Another game: refused, the connection closed.
    let mut app = joined();
    app.answer(Answer::Remote(endodoi::app::PeerNews::Resync(Box::new(
        game_of(Some('A'), 1),
    ))));
    assert_eq!(&app.record().game, &game_of(None, 3).game);
    assert_eq!(
        app.table().network().unwrap().connection,
        Connection::Lost(
            "South's copy of the game (1 move) is another game than ours (3 moves)".to_owned()
        )
    );
    assert!(
        app.take_effects()
            .iter()
            .any(|e| matches!(e, endodoi::app::Effect::Hangup { .. }))
    );
    // Longer by a move of this player's row (North's): refused.
    let mut app = joined();
    let longer = game_of(None, 4);
    app.answer(Answer::Remote(endodoi::app::PeerNews::Resync(Box::new(
        longer.clone(),
    ))));
    assert_eq!(&app.record().game, &game_of(None, 3).game);
    let hole = longer.game.history()[3].hole;
    assert_eq!(
        app.table().network().unwrap().connection,
        Connection::Lost(format!(
            "South's copy of the game (4 moves) does not go on from ours (3 moves): South sowed {hole} out of turn"
        ))
    );
}

#[test]
fn a_move_numbered_past_any_game_is_refused_naming_its_number() {
    use endodoi::app::{GameMessage, PeerNews};
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    let role = Role::Host {
        invite: "endodoi join 127.0.0.1:7557 --code k4p9".to_owned(),
        options: String::new(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: None,
    });
    app.answer(Answer::Remote(endodoi::app::PeerNews::Joined(Some(
        "Lekishon".into(),
    ))));
    app.take_effects();
    // As `move 18446744073709551615 a` reads off the wire.
    let said: Message = "move 18446744073709551615 a".parse().expect("a message");
    assert_eq!(
        said,
        Message::Said(GameMessage::Move {
            ply: usize::MAX,
            hole: Hole::new(Side::North, 0),
            left: None,
        })
    );
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Move {
        ply: usize::MAX,
        hole: Hole::new(Side::North, 0),
        left: None,
    })));
    let why = "Lekishon sowed a after 18446744073709551615 moves, but this is move 1";
    assert_eq!(app.take_effects(), [hangup(&app, why)]);
    assert_eq!(app.record().game.ply(), 0);
}
