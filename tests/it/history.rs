//! History only grows, and only by what the protocol carried (issue 31): a
//! copy of the game from the other player, when a seat is taken again, is
//! read for its moves alone. It is taken only where it goes on from ours
//! with moves of the other player's own row, each checked as a move on the
//! line; its tags (an ending, clocks, names) are never taken, and no clock
//! is set back by it. Each attack is tried by a hostile peer written here,
//! speaking the protocol with the library's own cryptography, on loopback:
//! at a live reconnection (in process), at a joiner's start-up and at a
//! host's `--resume` (the program in tmux), against the host and against
//! the joiner. The game kept is compared whole, moves and tags.

use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::Command;
use std::sync::mpsc;
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::app::{
    Answer, App, Connection, Effect, GAME_TAG, GameMessage, HOST_TAG, Match, Network, PeerNews,
    Role, Setting,
};
use endodoi::clock::{Clocks, TimeControl};
use endodoi::net::secure::{Seat, fingerprint};
use endodoi::net::{Admission, Host, Link, Pass, ProtocolTimes, Way, seats};
use endodoi::record::{Ending, Record, Tags};
use endodoi::rules::{BySide, Config, Hole, Side};

use crate::common::keys::type_keys;
use crate::common::looped::{Looped, ogn_files};
use crate::common::peer::Peer;
use crate::common::tmux;

const CODE: &str = "k4p9xm";
const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");

/// Short times, so that a drop and a reconnection show within a test.
fn limits() -> ProtocolTimes {
    ProtocolTimes {
        hello: Duration::from_secs(2),
        silence: Duration::from_secs(4),
        ping: Duration::from_millis(100),
        penalty: Duration::from_millis(150),
        retry: Duration::from_millis(100),
    }
}

fn control() -> TimeControl {
    TimeControl::from_tag("300+3").expect("5+3")
}

/// A game of 5+3 between Naserian (South, the host) and `north`, its moves
/// `moves`, its clocks `clock` (the `Clock` tag's words).
fn game(north: &str, moves: &str, clock: &str) -> Record {
    let mut record = Record::read_moves(Config::default(), moves).expect("moves");
    record.set_tag(Tags::SOUTH, "Naserian");
    record.set_tag(Tags::NORTH, north);
    record.set_time_control(control());
    record.set_tag(Tags::CLOCK, clock);
    record
}

/// `record` without the game's number and the host's row, which a game
/// across the network writes at its next save (whether it came before the
/// program was killed or not; rows.rs tests them).
fn unnumbered(mut record: Record) -> Record {
    record.tags.remove(GAME_TAG);
    record.tags.remove(HOST_TAG);
    record
}

/// `record` with a move more: the first legal one.
fn and_a_move(record: &Record) -> (Record, Hole) {
    let mut longer = record.clone();
    let hole = longer.game.legal_moves().next().expect("a move");
    longer.game.play(hole).expect("a legal move");
    (longer, hole)
}

/// `record` as a liar sends it: the same moves, ended by `resigned`'s
/// resignation, the clocks of `clock`, and a name changed.
fn with_lies(record: &Record, resigned: Side, clock: &str) -> Record {
    let mut lie = record.clone();
    lie.set_tag(Tags::TERMINATION, &format!("{resigned} resigned"));
    lie.set_tag(Tags::CLOCK, clock);
    lie.set_tag(Tags::ASSISTED, &resigned.opponent().to_string());
    lie.set_tag(Tags::SOUTH, "Victim");
    lie
}

fn lost(app: &App) -> bool {
    matches!(
        app.table().network().unwrap().connection,
        Connection::Lost(_)
    )
}

/// Whether the other side's copy was answered: taken, kept or refused.
fn reconnected(app: &App) -> bool {
    let refused = matches!(
        &app.table().network().unwrap().connection,
        Connection::Lost(why) if why.contains("copy of the game")
    );
    refused
        || app
            .desk()
            .message()
            .is_some_and(|m| m.text.starts_with("Reconnected"))
}

// At a live reconnection, the host the victim.

/// A host of 5+3 (Naserian, South) that a hostile joiner, Mallory, joined;
/// the host played A, and Mallory b when `answered`; the clock of the
/// player to move ran 22 s; then the line dropped. The seat.
fn host_after_a_drop(answered: bool) -> (Looped, Seat) {
    let admission = Admission {
        code: Some(CODE.to_owned()),
        seat: None,
    };
    let (host, events) =
        Host::listen("127.0.0.1:0", admission, "Naserian", limits()).expect("a port");
    let address = host.address();
    let players = Match {
        clock: Some(control()),
        ..Match::default()
    };
    let mut app = App::new(Config::default(), players);
    let role = Role::Host {
        invite: format!("endodoi join {address} --code {CODE}"),
        options: format!(" --listen {address}"),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: Some("Naserian".into()),
    });
    let mut hosted = Looped::new(app, Link::host(host, events, None));
    let mut peer = Peer::knock(address, CODE, None);
    peer.send("hello Mallory");
    hosted.until("the join", |app| {
        app.table().network().unwrap().connection == Connection::Connected
    });
    assert_eq!(peer.line(), "welcome Naserian");
    peer.game();
    type_keys(&mut hosted.app, "a\n");
    hosted.turn();
    assert!(peer.line().starts_with("move 0 A "));
    if answered {
        peer.send("move 1 b 298000");
        hosted.until("North's move", |app| app.record().game.ply() == 2);
    }
    hosted.app.tick(Duration::from_secs(22));
    let seat = peer.seat();
    drop(peer);
    hosted.until("the drop", lost);
    (hosted, seat)
}

/// Mallory takes the seat again with `copy`; the host has answered it.
fn rejoin_host(hosted: &mut Looped, seat: &Seat, copy: &Record) -> Peer {
    let address = match &hosted.app.table().network().unwrap().role {
        Role::Host { options, .. } => options.trim_start_matches(" --listen ").to_owned(),
        Role::Guest { .. } => unreachable!("a host"),
    };
    let mut peer = Peer::knock(address.parse().expect("an address"), CODE, Some(seat));
    peer.send("hello Mallory");
    peer.send_game(copy);
    hosted.until("the copy answered", reconnected);
    peer
}

#[test]
fn a_rejoining_joiners_copy_sets_no_ending_clock_or_name_at_the_host() {
    let (mut hosted, seat) = host_after_a_drop(true);
    let ours = hosted.app.record().clone();
    let lie = with_lies(&ours, Side::South, "0:00.5 180:00.0");
    rejoin_host(&mut hosted, &seat, &lie);
    assert_eq!(hosted.message(), "Reconnected: the game goes on at move 3");
    assert_eq!(hosted.connection(), Connection::Connected);
    assert_eq!(hosted.app.record().to_string(), ours.to_string());
    assert_eq!(hosted.saved(), ours.to_string(), "the game on disk is ours");
    assert_eq!(
        hosted.app.table().clocks().expect("clocks").all_left(),
        BySide {
            south: Duration::from_secs(303 - 22),
            north: Duration::from_secs(298),
        },
        "no clock set back, none set from the copy"
    );
}

#[test]
fn a_copy_that_goes_on_with_a_move_of_the_hosts_row_is_refused_at_the_host() {
    let (mut hosted, seat) = host_after_a_drop(true);
    let ours = hosted.app.record().clone();
    let (copy, hole) = and_a_move(&ours);
    assert_eq!(hole.side(), Side::South);
    rejoin_host(&mut hosted, &seat, &copy);
    let why = format!(
        "Mallory's copy of the game (3 moves) does not go on from ours (2 moves): Mallory sowed {hole} out of turn"
    );
    assert_eq!(hosted.connection(), Connection::Lost(why));
    assert_eq!(hosted.app.record().to_string(), ours.to_string());
    assert_eq!(hosted.saved(), ours.to_string(), "the game on disk is ours");
}

#[test]
fn a_copy_that_goes_on_with_the_joiners_own_move_is_played_on_the_hosts_clock() {
    let (mut hosted, seat) = host_after_a_drop(false);
    let ours = hosted.app.record().clone();
    let (copy, hole) = and_a_move(&ours);
    assert_eq!(hole.side(), Side::North);
    let lie = with_lies(&copy, Side::South, "0:00.5 180:00.0");
    rejoin_host(&mut hosted, &seat, &lie);
    assert_eq!(hosted.message(), "Reconnected: the game goes on at move 3");
    // The move, with this terminal's reading of North's clock and the
    // increment; nothing else of the copy.
    let mut kept = ours.clone();
    kept.game.play(hole).expect("a legal move");
    let left = ours.clocks().expect("clocks").all_left();
    let north = left.north + Duration::from_secs(3);
    kept.set_clocks(&Clocks::resumed(control(), BySide { north, ..left }));
    assert_eq!(left.north, Duration::from_secs(300 - 22));
    assert_eq!(hosted.app.record().to_string(), kept.to_string());
    assert_eq!(hosted.saved(), kept.to_string());
}

// At a live reconnection, the joiner the victim.

/// A hostile host written here: it lets Lekishon in with the code, its
/// game 5+3 with South's A played; it drops the line when told, and when
/// the joiner takes its seat again answers with `lie` made of the joiner's
/// copy. The joiner, its loop turning, and the fake host's thread.
fn joiner_after_a_drop(
    lie: fn(&Record) -> Record,
) -> (Looped, mpsc::Sender<()>, std::thread::JoinHandle<Peer>) {
    joiner_told(lie, &[])
}

/// As [`joiner_after_a_drop`], the fake host saying `then` at once after
/// its copy.
fn joiner_told(
    lie: fn(&Record) -> Record,
    then: &'static [&'static str],
) -> (Looped, mpsc::Sender<()>, std::thread::JoinHandle<Peer>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address");
    let (drop_it, dropped) = mpsc::channel();
    let host = std::thread::spawn(move || {
        let (stream, _) = listener.accept().expect("a joiner");
        let mut first = Peer::on(stream);
        first.answer_knock(CODE.as_bytes());
        assert_eq!(first.line(), "hello Lekishon");
        first.send("welcome Naserian");
        first.send_game(&game("Lekishon", "A", "5:03.0 5:00.0"));
        let seat = first.seat();
        dropped.recv().expect("told to drop");
        drop(first);
        let (stream, _) = listener.accept().expect("the joiner again");
        let mut again = Peer::on(stream);
        again.answer_knock(&seat.password());
        assert_eq!(again.line(), "hello Lekishon");
        let theirs = again.game();
        again.send("welcome Naserian");
        again.send_game(&lie(&theirs));
        for line in then {
            again.send(line);
        }
        again
    });
    let (link, joined) = Link::join(
        &Way::Direct(address.to_string()),
        &Pass::Code(CODE.to_owned()),
        Some("Lekishon"),
        None,
        limits(),
    )
    .expect("let in");
    let mut app = App::from_record(joined.record.clone(), Match::from_record(&joined.record));
    let role = Role::Guest {
        place: address.to_string(),
        command: format!("endodoi join {address} --code {CODE}"),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::South,
        name: None,
    });
    app.answer(Answer::Seat(joined.seat.id()));
    let mut joining = Looped::new(app, link);
    joining.turn();
    // North's own clock runs 15 s.
    joining.app.tick(Duration::from_secs(15));
    joining.turn();
    (joining, drop_it, host)
}

fn reconnect_joiner(joining: &mut Looped, drop_it: &mpsc::Sender<()>) {
    drop_it.send(()).expect("the fake host listens");
    joining.until("the drop", lost);
    joining.until("the copy answered", reconnected);
}

#[test]
fn a_hosts_copy_sets_no_ending_clock_or_name_at_a_reconnecting_joiner() {
    let (mut joining, drop_it, host) =
        joiner_after_a_drop(|ours| with_lies(ours, Side::North, "180:00.0 0:00.5"));
    let ours = joining.app.record().clone();
    assert_eq!(
        ours.clocks().expect("clocks").all_left(),
        BySide {
            south: Duration::from_secs(303),
            north: Duration::from_secs(285),
        }
    );
    let saved = joining.saved();
    reconnect_joiner(&mut joining, &drop_it);
    assert_eq!(joining.message(), "Reconnected: the game goes on at move 2");
    assert_eq!(joining.app.record().to_string(), ours.to_string());
    assert_eq!(joining.saved(), saved);
    drop(host.join().expect("the fake host ran"));
}

#[test]
fn a_hosts_copy_that_goes_on_with_a_move_of_the_joiners_row_is_refused() {
    let (mut joining, drop_it, host) = joiner_after_a_drop(|ours| and_a_move(ours).0);
    let ours = joining.app.record().clone();
    let (_, hole) = and_a_move(&ours);
    assert_eq!(hole.side(), Side::North);
    reconnect_joiner(&mut joining, &drop_it);
    let why = format!(
        "Naserian's copy of the game (2 moves) does not go on from ours (1 move): Naserian sowed {hole} out of turn"
    );
    assert_eq!(joining.connection(), Connection::Lost(why.clone()));
    assert_eq!(joining.app.record().to_string(), ours.to_string());
    let mut host = host.join().expect("the fake host ran");
    assert_eq!(host.line(), format!("bye {why}"));
}

// At a joiner's start-up and at a host's `--resume`: the program in tmux.

/// A private tmux server; each player's home in its folder.
struct Panes {
    server: tmux::Server,
}

impl Panes {
    fn new(name: &str) -> Option<Panes> {
        tmux::Server::new(name).map(|server| Panes { server })
    }

    fn home(&self, player: &str) -> PathBuf {
        let home = self.server.root().join(player);
        std::fs::create_dir_all(&home).expect("a home");
        home
    }

    fn data(&self, player: &str) -> PathBuf {
        self.home(player).join("data").join("endodoi")
    }

    /// Runs `endodoi ARGS` as `player`, the pane's process the game itself.
    fn start(&self, player: &str, args: &str) {
        let home = self.home(player);
        let command = format!("cd '{}' && exec {BINARY} {args}", home.display());
        let env = [
            format!("HOME={}", home.display()),
            format!("XDG_DATA_HOME={}", home.join("data").display()),
            format!("XDG_CONFIG_HOME={}", home.join("config").display()),
            "TERM=xterm-256color".to_owned(),
        ];
        let mut tmux = vec!["new-session", "-d", "-s", player, "-x", "200", "-y", "30"];
        for variable in &env {
            tmux.extend(["-e", variable]);
        }
        tmux.push(&command);
        assert!(self.server.tmux(&tmux).status.success());
    }

    fn wait(&self, player: &str, text: &str) -> String {
        let start = Instant::now();
        loop {
            let capture = self.server.tmux(&["capture-pane", "-p", "-t", player]);
            let screen = String::from_utf8_lossy(&capture.stdout).into_owned();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "waited for {text:?} on {player}'s screen:\n{screen}"
            );
            sleep(Duration::from_millis(20));
        }
    }

    fn kill(&self, player: &str) {
        let pid = self.server.pane_pid(player);
        let status = Command::new("kill")
            .args(["-KILL", &pid])
            .status()
            .expect("kill runs");
        assert!(status.success());
        self.server.wait_for_exit(player, Duration::from_secs(15));
    }

    /// Keeps `record` as `player`'s save `id` and `seat` as made by
    /// `end` through `made_by`.
    fn keep(
        &self,
        player: &str,
        (id, record): (&str, &Record),
        seat: &Seat,
        end: &str,
        made_by: &str,
    ) {
        let data = self.data(player);
        seats::keep(&data.join("seats"), seat, end, made_by).expect("the seat kept");
        let games = data.join("games");
        std::fs::create_dir_all(&games).expect("the games folder");
        std::fs::write(games.join(format!("{id}.ogn")), record.to_string()).expect("the save");
    }

    /// `player`'s saves, read.
    fn saves(&self, player: &str) -> Vec<Record> {
        ogn_files(&self.data(player).join("games"))
            .iter()
            .map(|path| {
                Record::read(&std::fs::read_to_string(path).expect("a save")).expect("a record")
            })
            .collect()
    }
}

/// `record` with its seat `seat` and a date, as a save holds it.
fn saved_with(mut record: Record, seat: &Seat) -> Record {
    record.set_tag(Tags::DATE, "2026.12.04");
    record.set_tag("Seat", &seat.id());
    record
}

/// A restarted joiner, Lekishon (North), with its save `ours` and seat,
/// meets a fake host at its address that answers with `lie`; the pane, and
/// what the fake host heard.
fn restarted_joiner(name: &str, ours: &Record, lie: Record) -> Option<(Panes, Record, Peer)> {
    let panes = Panes::new(name)?;
    let seat = Seat::from_secret([7; 32]);
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address");
    let command = format!("endodoi join {address} --code {CODE}");
    let ours = saved_with(ours.clone(), &seat);
    panes.keep(
        "join",
        ("20261204-100000-g1", &ours),
        &seat,
        "joiner",
        &fingerprint(&command),
    );
    let host = std::thread::spawn(move || {
        let (stream, _) = listener.accept().expect("the joiner");
        let mut peer = Peer::on(stream);
        peer.answer_knock(&seat.password());
        assert_eq!(peer.line(), "hello");
        let theirs = peer.game();
        peer.send("welcome Naserian");
        peer.send_game(&lie);
        (peer, theirs)
    });
    panes.start(
        "join",
        &format!("join {address} --code {CODE} --no-animation"),
    );
    let (peer, theirs) = host.join().expect("the fake host ran");
    assert_eq!(theirs.game, ours.game, "the joiner came with its save");
    Some((panes, ours, peer))
}

#[test]
fn a_restarted_joiner_refuses_another_shorter_game_and_keeps_its_own() {
    let ours = game("Lekishon", "A b B a C", "5:00.0 5:00.0");
    let lie = saved_with(
        game("Lekishon", "B", "5:00.0 5:00.0"),
        &Seat::from_secret([7; 32]),
    );
    let Some((panes, ours, mut peer)) = restarted_joiner("history_shorter", &ours, lie) else {
        return;
    };
    let why = "Naserian's copy of the game (1 move) is another game than ours (5 moves)";
    panes.wait("join", why);
    assert_eq!(peer.line(), format!("bye {why}"));
    panes.kill("join");
    let saves = panes.saves("join");
    assert_eq!(saves.len(), 1, "no other game kept");
    assert_eq!(unnumbered(saves[0].clone()).to_string(), ours.to_string());
}

#[test]
fn a_restarted_joiner_takes_no_ending_nor_clock_from_the_hosts_copy() {
    // Four moves: South (the host) to move, so that North's clock stands.
    let ours = game("Lekishon", "A b B a", "4:37.0 4:41.0");
    let seat = Seat::from_secret([7; 32]);
    let lie = with_lies(
        &saved_with(ours.clone(), &seat),
        Side::North,
        "180:00.0 0:00.5",
    );
    let Some((panes, ours, _peer)) = restarted_joiner("history_lies", &ours, lie) else {
        return;
    };
    panes.wait("join", "Reconnected: the game goes on at move 5");
    panes.kill("join");
    let saves = panes.saves("join");
    assert_eq!(saves.len(), 1);
    let mut kept = saves[0].clone();
    let left = kept.clocks().expect("clocks").all_left();
    assert_eq!(left.north, Duration::from_secs(281), "North's own clock");
    assert!(left.south <= Duration::from_secs(277), "{left:?}");
    kept.set_tag(Tags::CLOCK, "4:37.0 4:41.0");
    assert_eq!(unnumbered(kept).to_string(), ours.to_string());
}

/// A host restarted with `--resume` (Naserian, South) of its save `ours`,
/// whose seat a hostile joiner, Mallory, takes again with `lie`; the pane,
/// and the joiner's connection.
fn resumed_host(
    name: &str,
    ours: &Record,
    lie: impl Fn(&Record) -> Record,
) -> Option<(Panes, Record, Peer)> {
    let panes = Panes::new(name)?;
    let seat = Seat::from_secret([8; 32]);
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let address: SocketAddr = format!("127.0.0.1:{port}").parse().expect("an address");
    let ours = saved_with(ours.clone(), &seat);
    let invite = format!("endodoi join {address} --code {CODE}");
    panes.keep(
        "host",
        ("20261204-100000-g1", &ours),
        &seat,
        "host",
        &invite,
    );
    panes.start(
        "host",
        &format!("host --resume 20261204-100000-g1 --listen {address} --no-animation"),
    );
    panes.wait("host", "Waiting for Mallory to take their seat again");
    let mut peer = Peer::knock(address, CODE, Some(&seat));
    peer.send("hello Mallory");
    peer.send_game(&lie(&ours));
    assert_eq!(peer.line(), "welcome Naserian");
    Some((panes, ours, peer))
}

#[test]
fn a_resumed_host_takes_no_ending_nor_clock_from_the_joiners_copy() {
    let ours = game("Mallory", "A b", "4:38.0 4:50.0");
    let Some((panes, ours, mut peer)) = resumed_host("history_resume_lies", &ours, |ours| {
        with_lies(ours, Side::South, "0:00.5 180:00.0")
    }) else {
        return;
    };
    panes.wait("host", "Reconnected: the game goes on at move 3");
    let given = peer.game();
    panes.kill("host");
    let saves = panes.saves("host");
    assert_eq!(saves.len(), 1);
    let mut kept = saves[0].clone();
    let left = kept.clocks().expect("clocks").all_left();
    assert_eq!(left.north, Duration::from_secs(290), "North's clock stands");
    assert!(left.south <= Duration::from_secs(278), "{left:?}");
    kept.set_tag(Tags::CLOCK, "4:38.0 4:50.0");
    assert_eq!(unnumbered(kept).to_string(), ours.to_string());
    assert_eq!(given.tag(Tags::TERMINATION), None);
}

#[test]
fn a_resumed_host_refuses_a_copy_that_goes_on_with_a_move_of_its_row() {
    let ours = game("Mallory", "A b", "4:38.0 4:50.0");
    let (_, hole) = and_a_move(&ours);
    let Some((panes, ours, mut peer)) =
        resumed_host("history_resume_move", &ours, |ours| and_a_move(ours).0)
    else {
        return;
    };
    let why = format!(
        "Mallory's copy of the game (3 moves) does not go on from ours (2 moves): Mallory sowed {hole} out of turn"
    );
    panes.wait("host", &why);
    peer.game();
    assert_eq!(peer.line(), format!("bye {why}"));
    panes.kill("host");
    let saves = panes.saves("host");
    assert_eq!(saves.len(), 1);
    assert_eq!(saves[0].game, ours.game);
    assert_eq!(saves[0].tag(Tags::TERMINATION), None);
}

#[test]
fn a_restarted_joiner_refuses_a_hosts_copy_that_goes_on_with_a_move_of_its_row() {
    // Five moves: North (the joiner) to move.
    let ours = game("Lekishon", "A b B a C", "4:37.0 4:41.0");
    let seat = Seat::from_secret([7; 32]);
    let (lie, hole) = and_a_move(&saved_with(ours.clone(), &seat));
    assert_eq!(hole.side(), Side::North);
    let Some((panes, ours, mut peer)) = restarted_joiner("history_row", &ours, lie) else {
        return;
    };
    let why = format!(
        "Naserian's copy of the game (6 moves) does not go on from ours (5 moves): Naserian sowed {hole} out of turn"
    );
    panes.wait("join", &why);
    assert_eq!(peer.line(), format!("bye {why}"));
    panes.kill("join");
    let saves = panes.saves("join");
    assert_eq!(saves.len(), 1);
    assert_eq!(saves[0].game, ours.game);
}

#[test]
fn a_joiner_that_quits_before_the_first_move_takes_its_seat_again_with_its_command() {
    let Some(panes) = Panes::new("history_quit_early") else {
        return;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    panes.start(
        "host",
        &format!("host --listen 127.0.0.1:{port} --code {CODE} --row south --name Naserian --no-animation"),
    );
    panes.wait("host", "Waiting for the other player");
    let join = format!("join 127.0.0.1:{port} --code {CODE} --name Lekishon --no-animation");
    panes.start("join", &join);
    panes.wait("join", "Connected to Naserian");
    panes.wait("host", "Lekishon joined");
    // No move yet: `q` quits at once.
    panes.server.tmux(&["send-keys", "-t", "join", "q"]);
    panes.server.wait_for_exit("join", Duration::from_secs(15));
    panes.wait("host", "Disconnected");
    panes.start("join", &join);
    panes.wait("join", "Reconnected: the game goes on at move 1");
    panes.wait("host", "Reconnected: the game goes on at move 1");
    // The game goes on: the host opens it, the joiner sees it.
    panes
        .server
        .tmux(&["send-keys", "-t", "host", "a", "Enter"]);
    panes.wait("join", "Naserian sowed A");
    panes.kill("join");
    panes.kill("host");
    let saves = panes.saves("join");
    assert_eq!(saves.len(), 1, "one game, kept from the first meeting on");
    assert_eq!(saves[0].game.ply(), 1);
}

// What was said as the line dropped is said again, as a message.

/// The host's game, South at this keyboard, Lekishon (North) joined; no
/// sockets: what arrives is handed to `App::remote`.
fn hosted_app(players: Match) -> App {
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    let role = Role::Host {
        invite: format!("endodoi join 127.0.0.1:7557 --code {CODE}"),
        options: String::new(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: None,
    });
    app.answer(Answer::Remote(PeerNews::Joined(Some("Lekishon".into()))));
    app.take_effects();
    app
}

/// The line drops and Lekishon takes the seat again with `copy`: what the
/// host says on the line.
fn said_again(app: &mut App, copy: &Record) -> Vec<GameMessage> {
    app.answer(Answer::Remote(PeerNews::Lost("a cut".to_owned())));
    app.answer(Answer::Remote(PeerNews::Joined(Some("Lekishon".into()))));
    app.answer(Answer::Remote(PeerNews::Resync(Box::new(copy.clone()))));
    app.take_effects()
        .into_iter()
        .filter_map(|effect| match effect {
            Effect::Send(said) => Some(said),
            _ => None,
        })
        .collect()
}

#[test]
fn a_resignation_the_other_side_missed_is_said_again_and_one_it_heard_is_not() {
    let mut app = hosted_app(Match::default());
    let before = app.record().clone();
    type_keys(&mut app, "x");
    type_keys(&mut app, "y");
    app.take_effects();
    let ours = app.record().clone();
    assert_eq!(ours.ending(), Some(Ending::Resigned(Side::South)));
    // Their copy shows no ending: the `resign` was lost with the line.
    assert_eq!(said_again(&mut app, &before), [GameMessage::Resigned]);
    assert_eq!(app.record(), &ours);
    // Their copy shows it: nothing to say.
    assert_eq!(said_again(&mut app, &ours), []);
    assert_eq!(app.record(), &ours);
}

#[test]
fn a_copy_of_the_finished_game_leaves_the_hosts_next_game_and_no_tag_is_taken() {
    let mut app = hosted_app(Match::new(None, None, Some(2)));
    type_keys(&mut app, "c\n");
    let hole = app.record().game.legal_moves().next().expect("a move");
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Move {
        ply: 1,
        hole,
        left: None,
    })));
    type_keys(&mut app, "x");
    type_keys(&mut app, "y");
    let finished = app.record().clone();
    // The next game begins here; Lekishon's copy is the finished one, with
    // a round and a score of its own making, which are not taken.
    type_keys(&mut app, "n");
    app.take_effects();
    let next = app.record().clone();
    assert_eq!(next.game.ply(), 0);
    let mut lie = finished.clone();
    lie.set_tag(Tags::ROUND, "7");
    lie.set_tag(Tags::SCORE, "0-6");
    // The joiner begins the next game from the host's copy, by its
    // number (rows.rs); the host keeps its own and says nothing.
    assert_eq!(said_again(&mut app, &lie), []);
    assert_eq!(app.record(), &next);
    assert_eq!(app.players().round, 2);
}

#[test]
fn what_the_host_says_again_at_once_after_its_copy_reaches_a_reconnecting_joiner() {
    // The host's draw offer, made as the line dropped, said again: the
    // joiner hears it after the copy, whichever thread brings it first.
    let (mut joining, drop_it, host) = joiner_told(Record::clone, &["draw"]);
    reconnect_joiner(&mut joining, &drop_it);
    joining.until("the offer", |app| {
        matches!(app.desk().mode(), endodoi::app::Mode::Confirm(_))
    });
    assert_eq!(
        joining.app.desk().mode(),
        &endodoi::app::Mode::Confirm(endodoi::app::Confirm::Draw(Side::South))
    );
    assert_eq!(joining.connection(), Connection::Connected);
    drop(host.join().expect("the fake host ran"));
}

#[test]
fn a_copy_with_the_joiners_move_then_one_of_the_hosts_row_is_refused_whole() {
    let (mut hosted, seat) = host_after_a_drop(false);
    let ours = hosted.app.record().clone();
    let (theirs, _) = and_a_move(&ours);
    let (copy, hole) = and_a_move(&theirs);
    assert_eq!(hole.side(), Side::South);
    rejoin_host(&mut hosted, &seat, &copy);
    let why = format!(
        "Mallory's copy of the game (3 moves) does not go on from ours (1 move): Mallory sowed {hole} out of turn"
    );
    assert_eq!(hosted.connection(), Connection::Lost(why));
    assert_eq!(
        hosted.app.record().to_string(),
        ours.to_string(),
        "not even the joiner's own move is taken"
    );
    assert_eq!(hosted.saved(), ours.to_string());
}
