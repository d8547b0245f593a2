//! A game across the network, in process over loopback: a host (the app,
//! its autosave and its door, driven as the event loop drives them) and a
//! hostile peer written here that speaks the protocol by hand: a wrong
//! code, garbage, a 100 MB line, illegal moves, moves for the wrong row or
//! out of turn, silence. For each: the host's message, the door still open
//! to an honest player, and the autosave file exactly as it was.

#[path = "common/keys.rs"]
mod keys;

use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::app::{Action, App, Connection, Match, Network, Role};
use endodoi::net::wire::Message;
use endodoi::net::{Host, Limits, Link};
use endodoi::record::Record;
use endodoi::rules::{Config, Game, Hole, Side};
use endodoi::save::Store;
use keys::type_keys;

const CODE: &str = "k4p9";
const PATIENCE: Duration = Duration::from_secs(10);

/// Short times, so that silence and a wrong code show within a test.
fn limits() -> Limits {
    Limits {
        hello: Duration::from_secs(2),
        silence: Duration::from_secs(4),
        ping: Duration::from_millis(100),
        penalty: Duration::from_millis(150),
        retry: Duration::from_millis(100),
    }
}

/// A host as `endodoi host` runs one, without the terminal.
struct Hosted {
    app: App,
    store: Store,
    link: Link,
    address: SocketAddr,
    dir: tempfile::TempDir,
}

impl Hosted {
    fn new() -> Hosted {
        Hosted::with(Match::default())
    }

    /// A host of a game between `players`.
    fn with(players: Match) -> Hosted {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let (host, events) =
            Host::listen("127.0.0.1:0", CODE, "Naserian", limits()).expect("a port on loopback");
        let address = host.address();
        let mut app = App::new(Config::default(), players);
        app.set_animation(false);
        let role = Role::Host {
            address: address.to_string(),
            code: CODE.to_owned(),
        };
        app.play_across(Network::new(role), Side::North, Some("Naserian"));
        let store = Store::new(Some(dir.path().join("games")), None, Vec::new());
        Hosted {
            app,
            store,
            link: Link::host(host, events),
            address,
            dir,
        }
    }

    /// One turn of the event loop: news to the app, its effects carried out.
    fn turn(&mut self) {
        self.link.pump(&mut self.app);
        for effect in self.store.apply(&mut self.app) {
            self.link.carry_out(&effect);
        }
    }

    /// Turns the loop until `done` says so.
    fn until(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        let start = Instant::now();
        while !done(&self.app) {
            assert!(start.elapsed() < PATIENCE, "waited for {what}");
            self.turn();
            sleep(Duration::from_millis(5));
        }
        self.turn();
    }

    fn message(&self) -> String {
        self.app
            .message()
            .map(|m| m.text.clone())
            .unwrap_or_default()
    }

    fn connection(&self) -> Connection {
        self.app
            .network()
            .expect("a network game")
            .connection
            .clone()
    }

    /// The text of the only autosave file.
    fn saved(&self) -> String {
        let dir = self.dir.path().join("games");
        let files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("the games folder")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "ogn"))
            .filter(|path| !file_name(path).starts_with('.'))
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        std::fs::read_to_string(&files[0]).expect("the autosave")
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
        hosted.until("North's move", |app| app.game().ply() == 2);
        (hosted, peer)
    }

    /// A peer named `name` joins with the right code; the game it is given.
    fn join(&mut self, name: &str) -> (Peer, Record) {
        let mut peer = Peer::connect(self.address);
        peer.send(&format!("hello 1 {CODE} {name}"));
        self.until("the join", |app| {
            app.network().unwrap().connection == Connection::Connected
        });
        assert_eq!(peer.line(), "welcome Naserian");
        let Ok(Message::Game(text)) = peer.line().parse::<Message>() else {
            panic!("the game follows the welcome");
        };
        (peer, Record::read(&text).expect("a record"))
    }

    /// An honest player can still join, and is given the game on disk.
    fn still_open(&mut self) {
        let before = Record::read(&self.saved()).expect("the saved record");
        let (_, given) = self.join("Lekishon");
        assert_eq!(given.game.history(), before.game.history());
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// The hostile peer: a raw connection, lines typed by hand.
struct Peer {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Peer {
    fn connect(address: SocketAddr) -> Peer {
        let stream = TcpStream::connect(address).expect("the host answers");
        stream.set_read_timeout(Some(PATIENCE)).expect("a time-out");
        let reader = BufReader::new(stream.try_clone().expect("a copy"));
        Peer { stream, reader }
    }

    fn send(&mut self, line: &str) {
        self.stream
            .write_all(format!("{line}\n").as_bytes())
            .expect("the line is sent");
    }

    /// The next line that is not a ping; empty once the host has closed.
    fn line(&mut self) -> String {
        loop {
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(_) if line.trim_end() == "ping" => {}
                Ok(_) => return line.trim_end().to_owned(),
                Err(error) if error.kind() == ErrorKind::ConnectionReset => return String::new(),
                Err(error) => panic!("reading the host: {error}"),
            }
        }
    }

    /// Reads the host's last words and asserts it closed after them.
    fn closed_with(&mut self, bye: &str) {
        assert_eq!(self.line(), format!("bye {bye}"));
        assert_eq!(self.line(), "", "the host closes after its bye");
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
    let (line, why) = make(hosted.app.game());
    let why = why.as_str();
    peer.send(&line);
    hosted.until("the refusal", |app| {
        matches!(app.network().unwrap().connection, Connection::Lost(_))
    });
    peer.closed_with(why);
    assert_eq!(hosted.connection(), Connection::Lost(why.to_owned()));
    assert_eq!(
        hosted.message(),
        format!("Disconnected: {why}; the game is kept")
    );
    let ply = if on_its_turn { 3 } else { 2 };
    assert_eq!(hosted.app.game().ply(), ply, "nothing was applied");
    assert_eq!(hosted.saved(), before, "the game on disk is intact");
    hosted.still_open();
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
        "hello 1 k4p9 Mallory",
        "the other side sent \"hello 1 k4p9 Mallory\" out of place",
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
fn news(hosted: &mut Hosted, start: &str) -> String {
    hosted.until(start, |app| {
        app.message()
            .is_some_and(|message| message.text.starts_with(start))
    });
    hosted.message()
}

#[test]
fn a_wrong_code_is_refused_slower_each_time_and_the_game_is_kept() {
    let (mut hosted, peer) = Hosted::with_two_moves();
    drop(peer);
    assert_eq!(
        news(&mut hosted, "Disconnected"),
        "Disconnected: the other player left; the game is kept"
    );
    let before = hosted.saved();
    for wrong in 1..=3 {
        let start = Instant::now();
        let mut stranger = Peer::connect(hosted.address);
        stranger.send("hello 1 guess Eve");
        assert_eq!(stranger.line(), "refused wrong code");
        assert_eq!(stranger.line(), "", "the host closes after refusing");
        let waited = start.elapsed();
        let penalty = limits().penalty * 2u32.pow(wrong - 1);
        assert!(
            waited >= penalty,
            "wrong code {wrong} answered after {waited:?}"
        );
        let from = stranger.stream.local_addr().expect("an address");
        assert_eq!(
            news(&mut hosted, &format!("Turned away {from}")),
            format!("Turned away {from}: wrong code")
        );
    }
    assert_eq!(hosted.saved(), before, "the game on disk is intact");
    hosted.still_open();
}

#[test]
fn only_one_player_joins_a_game() {
    let (mut hosted, _peer) = Hosted::with_two_moves();
    let mut second = Peer::connect(hosted.address);
    second.send(&format!("hello 1 {CODE} Eve"));
    assert_eq!(second.line(), "refused a player is already in this game");
    let from = second.stream.local_addr().expect("an address");
    assert_eq!(
        news(&mut hosted, "Turned away"),
        format!("Turned away {from}: a player is already in this game")
    );
    assert_eq!(hosted.connection(), Connection::Connected);
}

#[test]
fn another_version_of_the_protocol_is_refused() {
    let mut hosted = Hosted::new();
    let mut stranger = Peer::connect(hosted.address);
    stranger.send(&format!("hello 2 {CODE}"));
    assert_eq!(
        stranger.line(),
        "refused protocol version 2 is not spoken here (this host speaks 1)"
    );
    news(&mut hosted, "Turned away");
    assert_eq!(hosted.connection(), Connection::Waiting);
}

#[test]
fn a_stranger_who_says_nothing_is_turned_away() {
    let mut hosted = Hosted::new();
    let mut stranger = Peer::connect(hosted.address);
    assert_eq!(stranger.line(), "refused no hello: nothing came in time");
    let from = stranger.stream.local_addr().expect("an address");
    assert_eq!(
        news(&mut hosted, "Turned away"),
        format!("Turned away {from}: no hello: nothing came in time")
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
    hosted.still_open();
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
    let (mut hosted, peer) = Hosted::with_two_moves();
    let before = hosted.saved();
    let peak = peak_memory();
    let mut writer = peer.stream.try_clone().expect("a copy");
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
    let why = "the other side sent a line longer than 512 bytes";
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
    hosted.still_open();
}

/// A joiner as `endodoi join` runs one, without the terminal.
struct Joining {
    app: App,
    store: Store,
    link: Link,
    _dir: tempfile::TempDir,
}

impl Joining {
    /// Joins `hosted` as Lekishon, the host's loop turning meanwhile.
    fn new(hosted: &mut Hosted) -> Joining {
        let address = hosted.address.to_string();
        let joining = {
            let address = address.clone();
            std::thread::spawn(move || Link::join(&address, CODE, Some("Lekishon"), limits()))
        };
        hosted.until("the join", |app| {
            app.network().unwrap().connection == Connection::Connected
        });
        let (link, joined) = joining
            .join()
            .expect("the joiner runs")
            .expect("the joiner is let in");
        assert_eq!(joined.host, "Naserian");
        let mut app = App::from_record(joined.record.clone(), Match::from_record(&joined.record));
        app.set_animation(false);
        let role = Role::Guest {
            address,
            code: CODE.to_owned(),
        };
        app.play_across(Network::new(role), Side::South, None);
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::new(Some(dir.path().join("games")), None, Vec::new());
        Joining {
            app,
            store,
            link,
            _dir: dir,
        }
    }

    fn turn(&mut self) {
        self.link.pump(&mut self.app);
        for effect in self.store.apply(&mut self.app) {
            self.link.carry_out(&effect);
        }
    }
}

/// Turns both loops until `done` says so.
fn both_until(
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

fn text(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

/// The actions of `actions` the key bar offers now.
fn offered(app: &App, actions: &[Action]) -> Vec<Action> {
    actions
        .iter()
        .copied()
        .filter(|&action| app.offers(action))
        .collect()
}

#[test]
fn the_key_bar_offers_no_move_while_the_other_is_away_and_no_new_game_before_the_end() {
    let keys = [
        Action::Sow,
        Action::SelectRight,
        Action::Hint,
        Action::NewGame,
        Action::Save,
    ];
    let mut hosted = Hosted::new();
    assert_eq!(
        offered(&hosted.app, &keys),
        [Action::Save],
        "nobody has joined: the game waits"
    );
    let mut joining = Joining::new(&mut hosted);
    hosted.until("the joiner", |app| {
        app.network().expect("a network game").connection == Connection::Connected
    });
    assert_eq!(
        offered(&hosted.app, &keys),
        [Action::Sow, Action::SelectRight, Action::Hint, Action::Save],
        "South to move, the joiner there; a game across the network is played to its end"
    );
    assert_eq!(
        offered(&joining.app, &keys),
        [Action::Save],
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
        joining.app.network_status().as_deref(),
        Some("Connected to Naserian · Naserian is thinking")
    );
    // North cannot move for South.
    type_keys(&mut joining.app, "\n");
    assert_eq!(text(&joining.app), "Naserian has this turn");
    type_keys(&mut hosted.app, "a\n");
    both_until(&mut hosted, &mut joining, "A on both", |_, j| {
        j.game().ply() == 1
    });
    assert_eq!(text(&joining.app), "Naserian sowed A");
    type_keys(&mut joining.app, "\n");
    both_until(&mut hosted, &mut joining, "North's move", |h, _| {
        h.game().ply() == 2
    });
    assert_eq!(hosted.app.game(), joining.app.game());

    // The host asks to take back A (and North's answer); North accepts.
    type_keys(&mut hosted.app, "u");
    both_until(&mut hosted, &mut joining, "the question", |_, j| {
        matches!(j.mode(), endodoi::app::Mode::Confirm(_))
    });
    type_keys(&mut joining.app, "x");
    assert!(
        matches!(joining.app.mode(), endodoi::app::Mode::Confirm(_)),
        "only y or n answers"
    );
    type_keys(&mut joining.app, "y");
    both_until(&mut hosted, &mut joining, "the take-back", |h, _| {
        h.game().ply() == 0
    });
    assert_eq!(joining.app.game().ply(), 0);
    assert!(
        text(&hosted.app).starts_with("Took back A "),
        "{}",
        text(&hosted.app)
    );

    // Again; this time North asks and the host declines.
    type_keys(&mut hosted.app, "b\n");
    both_until(&mut hosted, &mut joining, "B", |_, j| j.game().ply() == 1);
    type_keys(&mut joining.app, "\n");
    both_until(&mut hosted, &mut joining, "North's move", |h, _| {
        h.game().ply() == 2
    });
    type_keys(&mut joining.app, "u");
    both_until(&mut hosted, &mut joining, "the question", |h, _| {
        matches!(h.mode(), endodoi::app::Mode::Confirm(_))
    });
    type_keys(&mut hosted.app, "n");
    both_until(&mut hosted, &mut joining, "the answer", |_, j| {
        text(j) == "Naserian declined to take back"
    });
    assert_eq!((hosted.app.game().ply(), joining.app.game().ply()), (2, 2));

    // The line drops: the joiner connects again and goes on from the host's game.
    hosted
        .link
        .carry_out(&endodoi::app::Effect::Hangup("a test cut".to_owned()));
    both_until(&mut hosted, &mut joining, "the reconnection", |_, j| {
        text(j).starts_with("Reconnected")
    });
    assert_eq!(
        text(&joining.app),
        "Reconnected: the game goes on at move 3"
    );
    assert_eq!(text(&hosted.app), "Lekishon joined");
    type_keys(&mut hosted.app, "\n");
    both_until(&mut hosted, &mut joining, "move 3", |_, j| {
        j.game().ply() == 3
    });
    assert_eq!(hosted.app.game(), joining.app.game());
    assert_eq!(
        hosted.app.record().to_string(),
        joining.app.record().to_string()
    );
}

/// Each player sows the hole selected on their turn until the game is over.
fn play_to_the_end(hosted: &mut Hosted, joining: &mut Joining) {
    while hosted.app.game().outcome().is_none() {
        let ply = hosted.app.game().ply();
        let mover = if hosted.app.remote_to_move() {
            &mut joining.app
        } else {
            &mut hosted.app
        };
        type_keys(mover, "\n");
        both_until(hosted, joining, "the move", |h, j| {
            h.game().ply() == ply + 1 && j.game().ply() == ply + 1
        });
    }
}

#[test]
fn a_joiner_that_missed_the_next_game_keeps_the_finished_one_in_its_file() {
    let mut hosted = Hosted::with(Match::new(None, None, Some(2)));
    let mut joining = Joining::new(&mut hosted);
    play_to_the_end(&mut hosted, &mut joining);
    let finished = joining.app.record().to_string();
    let file = joining.store.current().expect("an autosave").to_path_buf();
    assert_eq!(std::fs::read_to_string(&file).expect("the save"), finished);
    // The host went on to the next game; the joiner hears of it only when
    // it joins again.
    let mut host = hosted.app.clone();
    type_keys(&mut host, "n");
    assert_eq!(host.players().round, 2);
    joining.app.remote(endodoi::app::Remote::Resync(Box::new(
        host.record().clone(),
    )));
    joining.turn();
    assert_eq!(joining.app.players().round, 2);
    assert_eq!(joining.app.game().ply(), 0);
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
    both_until(&mut hosted, &mut joining, "A", |_, j| j.game().ply() == 1);
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
    both_until(&mut hosted, &mut joining, "the next game", |h, _| {
        h.players().round == 2
    });
    assert_eq!(joining.app.players().round, 2);
    assert_eq!(hosted.app.game().ply(), 0);
    // The rows swap: the host plays North now, and the joiner opens the game.
    assert_eq!(hosted.app.players().name(Side::North), "Naserian");
    assert_eq!(joining.app.players().name(Side::South), "Lekishon");
    assert!(hosted.app.remote_to_move());
    assert!(!joining.app.remote_to_move());
    assert_eq!(hosted.app.tally(), joining.app.tally());
}

#[test]
fn a_name_with_quotes_and_brackets_reaches_the_record_intact() {
    let mut hosted = Hosted::new();
    let name = "Le\"ki]sh{on} [x]";
    let (_peer, given) = hosted.join(name);
    assert_eq!(hosted.app.players().name(Side::North), name);
    assert_eq!(given.tag("North"), Some(name));
}

/// A fake host written here: it accepts one joiner, reads its hello and
/// answers with `lines`; the connection, for more.
fn fake_host(lines: &'static [&'static str]) -> (SocketAddr, std::thread::JoinHandle<Peer>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address");
    let host = std::thread::spawn(move || {
        let (stream, _) = listener.accept().expect("a joiner");
        stream.set_read_timeout(Some(PATIENCE)).expect("a time-out");
        let reader = BufReader::new(stream.try_clone().expect("a copy"));
        let mut peer = Peer { stream, reader };
        assert_eq!(peer.line(), format!("hello 1 {CODE} Lekishon"));
        for line in lines {
            peer.send(line);
        }
        peer
    });
    (address, host)
}

fn join_fake(address: SocketAddr) -> Result<(Link, endodoi::net::Joined), String> {
    let limits = Limits {
        hello: Duration::from_millis(500),
        ..limits()
    };
    Link::join(&address.to_string(), CODE, Some("Lekishon"), limits).map_err(|e| e.to_string())
}

#[test]
fn a_host_that_says_nothing_or_garbage_or_a_game_that_does_not_replay_is_refused() {
    let cases: [(&'static [&'static str], &str); 3] = [
        (
            &[],
            "does not answer as an endodoi host: nothing came in time",
        ),
        (
            &["welcome Naserian", "launch missiles"],
            "does not answer as an endodoi host: unknown message \"launch\"",
        ),
        (
            &[
                "welcome Naserian",
                "game \"[Width \\\"6\\\"]\\n\\n1. A z *\\n\"",
            ],
            "does not answer as an endodoi host: its game: line 3, column 6, ply 2: move `z`: there is no hole z on a board 6 holes wide",
        ),
    ];
    for (lines, why) in cases {
        let (address, host) = fake_host(lines);
        let error = join_fake(address).expect_err("the joiner refuses");
        assert_eq!(error, format!("the host at {address} {why}"));
        drop(host.join().expect("the fake host ran"));
    }
}

#[test]
fn the_joiner_refuses_a_move_of_the_host_that_is_not_its_own() {
    let (address, host) = fake_host(&["welcome Naserian", "game \"[Width \\\"6\\\"]\\n\\n*\\n\""]);
    let (mut link, joined) = join_fake(address).expect("the fake host lets the joiner in");
    let mut peer = host.join().expect("the fake host ran");
    let mut app = App::from_record(joined.record.clone(), Match::from_record(&joined.record));
    app.set_animation(false);
    let role = Role::Guest {
        address: address.to_string(),
        code: CODE.to_owned(),
    };
    app.play_across(Network::new(role), Side::South, None);
    peer.send("move 0 a");
    let start = Instant::now();
    while app.game().ply() == 0
        && matches!(app.network().unwrap().connection, Connection::Connected)
    {
        assert!(start.elapsed() < PATIENCE, "waited for the refusal");
        link.pump(&mut app);
        for effect in app.take_effects() {
            link.carry_out(&effect);
        }
        sleep(Duration::from_millis(5));
    }
    let why = "South sowed a, a hole of the other row";
    assert_eq!(peer.line(), format!("bye {why}"));
    assert_eq!(app.game().ply(), 0, "nothing was applied");
    assert_eq!(
        app.message().map(|m| m.text.as_str()),
        Some(format!("Disconnected: {why}; the game is kept").as_str())
    );
}

#[test]
fn a_joiner_the_host_turns_away_for_good_says_so_and_keeps_the_game() {
    let mut app = App::new(Config::default(), Match::default());
    let role = Role::Guest {
        address: "127.0.0.1:7557".to_owned(),
        code: CODE.to_owned(),
    };
    // Here the joiner plays South, to move.
    app.play_across(Network::new(role), Side::North, None);
    app.remote(endodoi::app::Remote::Lost(
        "the other player left".to_owned(),
    ));
    assert_eq!(
        app.network_status().as_deref(),
        Some("Connection lost (the other player left) · reconnecting to 127.0.0.1:7557…")
    );
    let why = "the host at 127.0.0.1:7557 refused: wrong code";
    app.remote(endodoi::app::Remote::GaveUp(why.to_owned()));
    assert_eq!(text(&app), format!("{why}; not trying again"));
    assert_eq!(
        app.network_status().as_deref(),
        Some(format!("Connection closed: {why} · the game is kept; `endodoi join` again").as_str())
    );
    type_keys(&mut app, "\n");
    assert_eq!(text(&app), "North is not connected: the game waits");
    assert_eq!(app.game().ply(), 0, "no move without the other player");
}

#[test]
fn an_unfinished_game_says_which_command_continues_it_on_each_side() {
    let (mut hosted, _peer) = Hosted::with_two_moves();
    let joining = Joining::new(&mut Hosted::new());
    let host_line = format!(
        "endodoi host --resume --listen {} --code {CODE}",
        hosted.address
    );
    assert_eq!(hosted.app.resume_command(None), host_line);
    let farewell = hosted.store.finish(&hosted.app);
    let saved = hosted.store.current().expect("an autosave").to_path_buf();
    let id = saved.file_stem().expect("a name").to_string_lossy();
    assert_eq!(
        farewell.notes,
        [format!(
            "Game saved in {}; `endodoi host --resume {id} --listen {} --code {CODE}` continues it.",
            saved.display(),
            hosted.address
        )]
    );
    let Some(Role::Guest { address, .. }) = joining.app.network().map(|n| n.role.clone()) else {
        panic!("a guest");
    };
    assert_eq!(
        joining.app.resume_command(Some("ignored")),
        format!("endodoi join {address} --code {CODE}")
    );
}
