//! Clocks that give no time: a take-back takes back its increment (at one
//! keyboard, against the computer, across the network), a flag falls
//! whatever is pending and nothing is played after it, and the time spent on
//! a move survives a closed terminal, SIGTERM and SIGKILL (the real binary
//! in a private tmux server).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::app::input::KeyCode;
use endodoi::app::{
    Action, Answer, App, COMPUTER_PAUSE, GameAction, GameMessage, Match, Mode, Network, PeerNews,
    Role, Setting, Target,
};
use endodoi::clock::TimeControl;
use endodoi::record::{Ending, Record};
use endodoi::rules::{Config, Hole, Side};
use endodoi::search::Level;
use keys::{press, type_keys};

use super::clocks::{both, clocked, left, secs};
use crate::common::{keys, moves::letters, tmux};

/// `players` on the clock `clock`, moves shown at once.
fn clocked_for(clock: &str, mut players: Match) -> App {
    players.clock = Some(clock.parse::<TimeControl>().expect("a time control"));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    app
}

fn hole(letter: char) -> Hole {
    Hole::from_letter(letter).expect("a letter")
}

fn screen_of(app: &App) -> String {
    crate::common::screen::at_80x24(app)
}

#[test]
fn undo_and_redo_at_one_keyboard_never_leave_more_time_than_before_the_move() {
    let mut app = clocked("1+10");
    type_keys(&mut app, "c\n");
    app.tick(secs(5));
    type_keys(&mut app, "d\n");
    assert_eq!(left(&app), both(secs(70), secs(65)));
    // Six rounds of a move and its take-back, as in the report (1:09 grew
    // to 2:07): each take-back puts South's clock where it stood.
    for round in 0..6 {
        app.tick(secs(1));
        let before = left(&app);
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.record().game.ply(), 3);
        assert_eq!(left(&app), both(before.south + secs(10), secs(65)));
        press(&mut app, KeyCode::Char('u'));
        assert_eq!(app.record().game.ply(), 2);
        assert_eq!(
            left(&app),
            before,
            "round {round}: the increment taken back"
        );
    }
    assert_eq!(left(&app), both(secs(64), secs(65)));
    // A move played again earns the increment from the time it is played
    // with; taken back again, nothing is left of it.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('u'));
    app.tick(secs(3));
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.record().game.ply(), 3);
    assert_eq!(left(&app), both(secs(71), secs(65)));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(left(&app), both(secs(61), secs(65)));
    // Back past North's move: North is where it stood as it moved, and
    // South keeps the time it has spent since.
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.record().game.ply(), 1);
    assert_eq!(left(&app), both(secs(61), secs(55)));
    press(&mut app, KeyCode::Char('r'));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(left(&app), both(secs(61), secs(55)), "redo gave nothing");
}

#[test]
fn undo_against_the_computer_takes_back_both_increments() {
    let mut players = Match::default();
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = clocked_for("1+10", players);
    type_keys(&mut app, "c\n");
    app.tick(secs(2));
    app.answer(Answer::ComputerMoved(hole('d')));
    app.tick(COMPUTER_PAUSE);
    assert_eq!(app.record().game.ply(), 2);
    let mut before = left(&app);
    for round in 0..4 {
        app.tick(secs(1));
        before.south -= secs(1);
        assert_eq!(left(&app), before);
        type_keys(&mut app, "b\n");
        app.answer(Answer::ComputerMoved(hole('e')));
        app.tick(COMPUTER_PAUSE);
        assert_eq!(letters(&app.record().game), "C d B e", "round {round}");
        assert_eq!(
            left(&app),
            both(before.south + secs(10), before.north + secs(10))
        );
        press(&mut app, KeyCode::Char('u'));
        assert_eq!(app.record().game.ply(), 2);
        assert_eq!(
            left(&app),
            before,
            "round {round}: both increments taken back"
        );
    }
}

#[test]
fn undo_of_a_move_made_before_a_resume_takes_its_increment_off() {
    let mut app = clocked("1+10");
    type_keys(&mut app, "c\n");
    app.tick(secs(5));
    type_keys(&mut app, "d\n");
    app.tick(secs(2));
    let record = Record::read(&app.record().to_string()).expect("a record");
    let players = Match::from_record(&record);
    let mut resumed = App::from_record(record, players);
    resumed.set(Setting::Animation(false));
    assert_eq!(left(&resumed), both(secs(68), secs(65)));
    press(&mut resumed, KeyCode::Char('u'));
    assert_eq!(left(&resumed), both(secs(68), secs(55)));
}

/// A game across the network on `clock`: this terminal hosts and plays
/// South, Lekishon joined and plays North.
fn hosted(clock: &str) -> App {
    let mut app = clocked(clock);
    let role = Role::Host {
        invite: "endodoi join 127.0.0.1:7557 --code k4p9".to_owned(),
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

fn their_move(ply: usize, letter: char, left: Duration) -> PeerNews {
    PeerNews::Said(GameMessage::Move {
        ply,
        hole: hole(letter),
        left: Some(left),
    })
}

#[test]
fn an_agreed_take_back_across_the_network_gives_no_time() {
    // This player's move taken back, at their asking.
    let mut app = hosted("1+10");
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(their_move(1, 'd', secs(62))));
    assert_eq!(left(&app), both(secs(70), secs(62)));
    app.tick(secs(4));
    type_keys(&mut app, "b\n");
    assert_eq!(left(&app), both(secs(76), secs(62)));
    press(&mut app, KeyCode::Char('u'));
    assert!(
        app.take_effects()
            .contains(&endodoi::app::Effect::Send(GameMessage::UndoAsked(2)))
    );
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::UndoAccepted(2))));
    assert_eq!(app.record().game.ply(), 2);
    assert_eq!(left(&app), both(secs(66), secs(62)));

    // Theirs, at their asking: their clock goes back to what their
    // terminal said they had as they moved, less the increment.
    app.tick(secs(1));
    type_keys(&mut app, "b\n");
    app.answer(Answer::Remote(their_move(3, 'e', secs(58))));
    assert_eq!(left(&app), both(secs(75), secs(58)));
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::UndoAsked(3))));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(letters(&app.record().game), "C d B");
    assert_eq!(left(&app), both(secs(75), secs(48)));
}

#[test]
fn a_flag_with_a_redo_pending_ends_the_game_and_nothing_is_sown_after() {
    let mut app = clocked("1+0");
    type_keys(&mut app, "c\n");
    app.tick(secs(5));
    type_keys(&mut app, "d\n");
    app.tick(secs(1));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.record().game.redo_moves(), [hole('d')]);
    app.tick(secs(56));
    assert_eq!(app.record().ending(), Some(Ending::OutOfTime(Side::North)));
    assert_eq!(app.record().to_move(), None);
    assert!(app.record().game.redo_moves().is_empty(), "it ended here");
    let ended = app.record().clone();
    let screen = screen_of(&app);
    assert!(screen.contains("North ran out of time."), "{screen}");
    // Every way a move could be played after it.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('r'));
    type_keys(&mut app, "d\n");
    app.act(Action::Click(Target::Hole(hole('d'))));
    app.act(Action::Click(Target::Hole(hole('d'))));
    app.act(Action::Game(GameAction::Redo));
    app.tick(secs(5));
    assert_eq!(app.record(), &ended);
}

#[test]
fn a_flag_with_the_computers_answer_pending_ends_the_game_and_it_is_not_played() {
    let mut players = Match::default();
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = clocked_for("1+0", players);
    type_keys(&mut app, "c\n");
    app.answer(Answer::ComputerMoved(hole('d')));
    app.tick(COMPUTER_PAUSE);
    type_keys(&mut app, "b\n");
    app.answer(Answer::ComputerMoved(hole('e')));
    app.tick(COMPUTER_PAUSE);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.record().game.redo_moves().len(), 2);
    // A hint is sought as the flag falls.
    press(&mut app, KeyCode::Char('t'));
    app.tick(secs(61));
    assert_eq!(app.record().ending(), Some(Ending::OutOfTime(Side::South)));
    let ended = app.record().clone();
    app.answer(Answer::ComputerMoved(hole('e')));
    app.tick(COMPUTER_PAUSE);
    press(&mut app, KeyCode::Char('r'));
    type_keys(&mut app, "b\n");
    assert_eq!(app.record(), &ended);
}

#[test]
fn a_flag_with_a_take_back_question_pending_ends_the_game_and_takes_nothing_back() {
    let mut app = hosted("1+0");
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(their_move(1, 'd', secs(59))));
    type_keys(&mut app, "b\n");
    app.answer(Answer::Remote(their_move(3, 'e', secs(58))));
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::UndoAsked(3))));
    assert!(matches!(app.desk().mode(), Mode::Confirm(_)));
    app.take_effects();
    app.tick(secs(61));
    assert_eq!(app.record().ending(), Some(Ending::OutOfTime(Side::South)));
    assert_eq!(app.desk().mode(), &Mode::Play, "the question is withdrawn");
    let ended = app.record().clone();
    press(&mut app, KeyCode::Char('y'));
    app.answer(Answer::Remote(their_move(4, 'b', secs(50))));
    assert_eq!(app.record(), &ended);
    let sent = app.take_effects();
    assert!(
        sent.contains(&endodoi::app::Effect::Send(GameMessage::Flag(4))),
        "{sent:?}"
    );
    assert!(
        !sent.contains(&endodoi::app::Effect::Send(GameMessage::UndoAccepted(3))),
        "{sent:?}"
    );
}

// The real binary in a terminal: the time spent on a move survives the end
// of the program.

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");
const PATIENCE: Duration = Duration::from_secs(20);
/// The most time spent on a move that a closed terminal or a kill may lose.
const MAY_LOSE: Duration = Duration::from_secs(5);
/// What North's clock shows, at most, when the program is ended: more
/// than [`MAY_LOSE`] spent, so that losing it all is seen.
const SPENT_TO: Duration = Duration::from_secs(292);

/// How the program is ended.
#[derive(Copy, Clone, Debug)]
enum End {
    /// The terminal closes under it (its tmux server is killed).
    TerminalClosed,
    /// It is sent this signal.
    Signal(&'static str),
}

/// Plays the first move on `--clock 5+0`, lets North's clock run past
/// [`SPENT_TO`] on screen, ends the program as `end` says, and checks that
/// the autosave and `--resume` keep South's full time and North's time
/// within [`MAY_LOSE`] of the time the screen showed.
fn time_spent_survives(name: &str, end: End) {
    let Some(server) = tmux::Server::new(name) else {
        return;
    };
    start(&server, "--clock 5+0 --no-animation");
    server.wait_for("game", "South to move", PATIENCE);
    server.tmux(&["send-keys", "-t", "game", "c", "Enter"]);
    let shown = wait_for_north(&server, |left| left <= SPENT_TO);
    // The screen cuts the time down to whole seconds.
    let most = shown + secs(1) + MAY_LOSE;
    let pid = server.pane_pid("game");
    match end {
        End::TerminalClosed => {
            server.tmux(&["kill-server"]);
        }
        End::Signal(signal) => {
            let status = Command::new("kill")
                .args([format!("-{signal}"), pid.clone()])
                .status()
                .expect("kill runs");
            assert!(status.success());
        }
    }
    let start_wait = Instant::now();
    while Path::new(&format!("/proc/{pid}/stat")).exists() && !is_zombie(&pid) {
        assert!(start_wait.elapsed() < PATIENCE, "the game still runs");
        sleep(Duration::from_millis(50));
    }
    server.wait_for_exit("game", PATIENCE);

    let saved = autosaved(&server.root().join("data/endodoi/games"));
    assert_eq!(letters(&saved.game), "C");
    let kept = saved.clocks().expect("clocks").all_left();
    assert!(
        kept.south == secs(300) && kept.north <= most,
        "{end:?}: {kept:?} kept, {shown:?} shown"
    );
    start(&server, "--resume --no-animation");
    let resumed = wait_for_north(&server, |_| true);
    assert!(
        resumed <= most,
        "{end:?}: {resumed:?} resumed, {shown:?} shown"
    );
    server.tmux(&["send-keys", "-t", "game", "C-c"]);
    server.wait_for_exit("game", PATIENCE);
}

#[test]
fn the_time_spent_on_a_move_survives_a_closed_terminal() {
    time_spent_survives("clock-hangup", End::TerminalClosed);
}

#[test]
fn the_time_spent_on_a_move_survives_sighup() {
    time_spent_survives("clock-sighup", End::Signal("HUP"));
}

#[test]
fn the_time_spent_on_a_move_survives_sigterm() {
    time_spent_survives("clock-sigterm", End::Signal("TERM"));
}

#[test]
fn the_time_spent_on_a_move_survives_sigkill() {
    time_spent_survives("clock-sigkill", End::Signal("KILL"));
}

/// Starts `endodoi ARGS` as the only process of the session `game`, its
/// home and data in the server's folder.
fn start(server: &tmux::Server, args: &str) {
    server.start("game", (80, 24), &format!("exec {BINARY} {args}"));
}

/// Waits until North's clock, as the screen shows it, is `enough`, and
/// returns it. The wait is bounded by what the clock must run, not by the
/// machine's speed alone.
fn wait_for_north(server: &tmux::Server, enough: impl Fn(Duration) -> bool) -> Duration {
    let start = Instant::now();
    loop {
        let screen = server.screen("game");
        if let Some(left) = north_clock(&screen).filter(|&left| enough(left)) {
            return left;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "North's clock; the screen shows:\n{screen}"
        );
        sleep(Duration::from_millis(100));
    }
}

/// North's clock on the screen: `m:ss` on North's line of the board.
fn north_clock(screen: &str) -> Option<Duration> {
    let line = screen
        .lines()
        .find(|line| line.contains("North") && line.contains("captured"))?;
    line.split_whitespace().find_map(|word| {
        let (minutes, seconds) = word.split_once(':')?;
        let minutes: u64 = minutes.parse().ok()?;
        let seconds: u64 = seconds.parse().ok()?;
        Some(secs(minutes * 60 + seconds))
    })
}

/// The one autosaved record in `games`.
fn autosaved(games: &Path) -> Record {
    let files: Vec<PathBuf> = std::fs::read_dir(games)
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.ends_with(".ogn") && !name.starts_with('.')
        })
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).expect("the record");
    Record::read(&text).expect("a valid record")
}

/// Whether process `pid` has ended and waits only to be reaped.
fn is_zombie(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z'))
    })
}
