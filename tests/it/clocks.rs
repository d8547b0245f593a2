//! The players' clocks in the game: what time does to them, a flag that
//! falls, the computer on the clock, and the clocks across the network.

use std::time::Duration;

use endodoi::app::input::KeyCode;
use endodoi::app::{
    Answer, App, COMPUTER_PAUSE, Effect, FLAG_GRACE, GameAction, GameMessage, Match, Network,
    PeerNews, Purpose, Role, Setting,
};
use endodoi::clock::TimeControl;
use endodoi::record::{Ending, Record, Tags};
use endodoi::rules::{BySide, Config, Hole, Side};
use endodoi::search::Level;
use endodoi::ui::{Look, View};
use keys::{press, type_keys};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;
use screen::text;

use crate::common::effects::autosave;
use crate::common::{keys, screen, snapshot::assert_snapshot};

fn control(text: &str) -> TimeControl {
    text.parse().expect("a time control")
}

pub(super) fn secs(seconds: u64) -> Duration {
    Duration::from_secs(seconds)
}

fn millis(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

/// Two people at one keyboard on the clock `clock`, moves shown at once.
pub(super) fn clocked(clock: &str) -> App {
    let players = Match {
        clock: Some(control(clock)),
        ..Match::default()
    };
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    app
}

/// Each player's time left.
pub(super) fn left(app: &App) -> BySide<Duration> {
    app.table().clocks().expect("clocks").all_left()
}

pub(super) fn both(south: Duration, north: Duration) -> BySide<Duration> {
    BySide { south, north }
}

#[test]
fn ticks_run_the_movers_clock_only_and_only_from_the_first_move() {
    let mut app = clocked("1+0");
    app.tick(secs(5));
    assert_eq!(
        left(&app),
        both(secs(60), secs(60)),
        "the opening move is not timed"
    );
    assert_eq!(
        app.table().clock_running(app.desk().sowing().is_some()),
        None
    );
    assert!(!View::new(&app, Look::default()).wants_frames());
    type_keys(&mut app, "c\n");
    assert_eq!(
        app.table().clock_running(app.desk().sowing().is_some()),
        Some(Side::North)
    );
    assert!(
        View::new(&app, Look::default()).wants_frames(),
        "a running clock is redrawn"
    );
    app.tick(millis(1500));
    assert_eq!(left(&app), both(secs(60), millis(58_500)));
    type_keys(&mut app, "d\n");
    app.tick(secs(2));
    assert_eq!(left(&app), both(secs(58), millis(58_500)));
}

#[test]
fn no_time_runs_while_a_move_is_being_sown() {
    let mut app = clocked("1+0");
    app.set(Setting::Animation(true));
    type_keys(&mut app, "c\n");
    assert!(app.desk().sowing().is_some());
    assert_eq!(
        app.table().clock_running(app.desk().sowing().is_some()),
        None
    );
    app.tick(millis(100));
    assert_eq!(left(&app), both(secs(60), secs(60)));
    app.tick(secs(10));
    assert!(app.desk().sowing().is_none(), "the sowing is over");
    app.tick(secs(1));
    assert_eq!(left(&app), both(secs(60), secs(59)));
}

#[test]
fn a_move_adds_the_increment_to_its_movers_clock() {
    let mut app = clocked("1+2");
    type_keys(&mut app, "c\n");
    app.tick(secs(5));
    assert_eq!(left(&app), both(secs(62), secs(55)));
    type_keys(&mut app, "d\n");
    assert_eq!(left(&app), both(secs(62), secs(57)));
}

#[test]
fn a_flag_that_falls_ends_the_game_on_time_and_the_record_keeps_it() {
    let mut app = clocked("1+0");
    type_keys(&mut app, "c\n");
    app.take_effects();
    app.tick(secs(59));
    assert!(!app.record().is_over());
    app.tick(secs(2));
    assert_eq!(app.record().ending(), Some(Ending::OutOfTime(Side::North)));
    assert_eq!(app.record().to_move(), None);
    assert_eq!(left(&app), both(secs(60), Duration::ZERO));
    assert_eq!(
        app.table().clock_running(app.desk().sowing().is_some()),
        None
    );
    assert!(app.take_effects().contains(&autosave(&app)));
    let message = app.desk().message().expect("a message").text.clone();
    assert_eq!(message, "North ran out of time: South wins on time");
    let verdict = app.record().verdict().expect("over");
    assert_eq!(verdict.winner, Some(Side::South));
    let mut record = app.record().clone();
    record.tags.remove(Tags::DATE);
    assert_eq!(
        record.to_string(),
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[South \"South\"]\n\
         [North \"North\"]\n[TimeControl \"60+0\"]\n[Clock \"1:00.0 0:00.0\"]\n\
         [Termination \"North lost on time\"]\n[Result \"*\"]\n\n1. C+7 *\n"
    );
    app.tick(secs(5));
    assert_eq!(
        app.take_effects(),
        [],
        "a game over stays over, the clocks still"
    );
    assert!(
        !app.table().offers_play(GameAction::Undo),
        "a game lost on time is not taken back"
    );
    let screen = text(&drawn(&app, 80, 24));
    assert!(screen.contains("North ran out of time."), "{screen}");
    assert!(
        screen.contains("n new game · w rematch · l review · m menu")
            && screen.contains("Tab board · q quit"),
        "{screen}"
    );
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.record().game.ply(), 1);
}

#[test]
fn a_resumed_game_goes_on_with_the_time_its_record_kept() {
    let mut app = clocked("5+3");
    type_keys(&mut app, "c\n");
    app.tick(millis(12_340));
    let text = app.record().to_string();
    assert!(text.contains("[Clock \"5:03.0 4:47.6\"]"), "{text}");
    let record = Record::read(&text).expect("a record");
    let players = Match::from_record(&record);
    let mut resumed = App::from_record(record, players);
    assert_eq!(left(&resumed), both(secs(303), millis(287_600)));
    assert_eq!(
        resumed
            .table()
            .clock_running(resumed.desk().sowing().is_some()),
        Some(Side::North)
    );
    resumed.tick(millis(600));
    assert_eq!(left(&resumed), both(secs(303), secs(287)));
}

#[test]
fn undo_without_an_increment_gives_no_time_back() {
    let mut app = clocked("1+0");
    type_keys(&mut app, "c\n");
    app.tick(secs(10));
    type_keys(&mut app, "d\n");
    app.tick(secs(5));
    assert_eq!(left(&app), both(secs(55), secs(50)));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.record().game.ply(), 1);
    assert_eq!(left(&app), both(secs(55), secs(50)), "no time given back");
    app.tick(secs(1));
    assert_eq!(
        left(&app),
        both(secs(55), secs(49)),
        "North's clock runs again"
    );
    press(&mut app, KeyCode::Char('u'));
    app.tick(secs(1));
    assert_eq!(
        left(&app),
        both(secs(55), secs(49)),
        "before the first move"
    );
}

#[test]
fn the_next_game_starts_with_full_clocks_and_no_ending() {
    let mut app = clocked("1+0");
    type_keys(&mut app, "c\n");
    app.tick(secs(61));
    assert!(app.record().is_over());
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.record().is_over());
    assert_eq!(app.record().tag(Tags::TERMINATION), None);
    assert_eq!(left(&app), both(secs(60), secs(60)));
}

/// The search the app asks for, if any.
fn think_asked(app: &mut App) -> Option<Duration> {
    app.take_effects()
        .into_iter()
        .find_map(|effect| match effect {
            Effect::Think(request) if request.purpose == Purpose::Move => Some(request.think),
            _ => None,
        })
}

#[test]
fn the_computer_thinks_no_longer_than_its_clock_allows_and_only_then_is_timed() {
    let mut players = Match::default();
    players.set_computer(Side::North, Some(Level::MIN));
    players.clock = Some(control("1+0"));
    let mut app = App::new(Config::default(), players.clone());
    app.set(Setting::Animation(false));
    app.set(Setting::Think(millis(1000)));
    type_keys(&mut app, "c\n");
    assert_eq!(
        think_asked(&mut app),
        Some(millis(1000)),
        "a twentieth of 60 s is more"
    );

    let mut record = app.record().clone();
    record.set_tag(Tags::CLOCK, "0:40.0 0:02.0");
    let mut app = App::from_record(record, players);
    app.set(Setting::Animation(false));
    app.set(Setting::Think(millis(1000)));
    app.tick(Duration::ZERO);
    assert_eq!(
        think_asked(&mut app),
        Some(millis(100)),
        "a twentieth of 2 s"
    );
    app.tick(millis(50));
    assert_eq!(
        left(&app),
        both(secs(40), millis(1950)),
        "its clock runs as it thinks"
    );
    app.answer(Answer::ComputerMoved(Hole::new(Side::North, 0)));
    app.tick(COMPUTER_PAUSE);
    assert_eq!(app.record().game.ply(), 2);
    assert_eq!(
        left(&app),
        both(secs(40), millis(1950)),
        "the pause is not its time"
    );
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

fn their_move(ply: usize, letter: char, left: Option<Duration>) -> PeerNews {
    PeerNews::Said(GameMessage::Move {
        ply,
        hole: Hole::from_letter(letter).expect("a letter"),
        left,
    })
}

fn hung_up(app: &mut App) -> Vec<String> {
    app.take_effects()
        .into_iter()
        .filter_map(|effect| match effect {
            Effect::Hangup { why, .. } => Some(why),
            _ => None,
        })
        .collect()
}

#[test]
fn a_move_across_the_network_carries_its_time_and_sets_that_clock() {
    let mut app = hosted("1+2");
    type_keys(&mut app, "c\n");
    let sent: Vec<Effect> = app
        .take_effects()
        .into_iter()
        .filter(|effect| matches!(effect, Effect::Send(_)))
        .collect();
    let hole = Hole::from_letter('C').expect("a letter");
    let move_sent = GameMessage::Move {
        ply: 0,
        hole,
        left: Some(secs(62)),
    };
    assert_eq!(sent, [Effect::Send(move_sent)]);
    app.tick(secs(3));
    assert_eq!(left(&app), both(secs(62), secs(57)));
    app.answer(Answer::Remote(their_move(1, 'd', Some(millis(58_250)))));
    assert_eq!(app.record().game.ply(), 2);
    assert_eq!(
        left(&app),
        both(secs(62), millis(58_250)),
        "their terminal's word"
    );
    assert_eq!(hung_up(&mut app), Vec::<String>::new());
}

#[test]
fn an_absurd_or_missing_time_is_refused_and_the_move_never_applied() {
    for (left, why) in [
        (
            Some(millis(63_000)),
            "Lekishon sowed d with 1:03 left on their clock, more than the game's 1+2 allows (1:02)",
        ),
        (
            None,
            "Lekishon sowed d without the time left on their clock",
        ),
    ] {
        let mut app = hosted("1+2");
        type_keys(&mut app, "c\n");
        app.take_effects();
        app.answer(Answer::Remote(their_move(1, 'd', left)));
        assert_eq!(hung_up(&mut app), [why]);
        assert_eq!(app.record().game.ply(), 1);
    }
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    let role = Role::Host {
        invite: "endodoi join x".to_owned(),
        options: String::new(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: None,
    });
    app.answer(Answer::Remote(PeerNews::Joined(None)));
    type_keys(&mut app, "c\n");
    app.take_effects();
    app.answer(Answer::Remote(their_move(1, 'd', Some(secs(1)))));
    assert_eq!(
        hung_up(&mut app),
        ["North sowed d with a time left, in a game without clocks"]
    );
}

#[test]
fn their_flag_ends_the_game_on_both_sides() {
    let mut app = hosted("1+0");
    type_keys(&mut app, "c\n");
    app.take_effects();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Flag(1))));
    assert_eq!(app.record().ending(), Some(Ending::OutOfTime(Side::North)));
    assert_eq!(hung_up(&mut app), Vec::<String>::new());
    // A move that crossed it is dropped.
    app.answer(Answer::Remote(their_move(1, 'd', Some(secs(50)))));
    assert_eq!(app.record().game.ply(), 1);
    assert_eq!(hung_up(&mut app), Vec::<String>::new());
}

#[test]
fn a_flag_about_this_players_clock_with_time_left_or_another_move_is_refused() {
    let mut app = hosted("1+0");
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(their_move(1, 'd', Some(secs(59)))));
    app.take_effects();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Flag(1))));
    assert_eq!(
        hung_up(&mut app),
        ["Lekishon said a clock ran out after 1 move, but this game has 2 moves"]
    );
    let mut app = hosted("1+0");
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(their_move(1, 'd', Some(secs(59)))));
    app.tick(secs(57));
    app.take_effects();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Flag(2))));
    assert_eq!(
        hung_up(&mut app),
        ["Lekishon said South ran out of time, with 3.0 left here"]
    );
    assert!(!app.record().is_over());
    // Within the grace of zero, the other terminal's word is taken.
    let mut app = hosted("1+0");
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(their_move(1, 'd', Some(secs(59)))));
    app.tick(secs(58));
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Flag(2))));
    assert_eq!(app.record().ending(), Some(Ending::OutOfTime(Side::South)));
}

#[test]
fn this_players_flag_is_told_at_once_and_theirs_after_a_grace() {
    let mut app = hosted("1+0");
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(their_move(1, 'd', Some(secs(59)))));
    app.take_effects();
    app.tick(secs(61));
    assert_eq!(app.record().ending(), Some(Ending::OutOfTime(Side::South)));
    assert!(
        app.take_effects()
            .contains(&Effect::Send(GameMessage::Flag(2)))
    );

    let mut app = hosted("1+0");
    type_keys(&mut app, "c\n");
    app.take_effects();
    app.tick(secs(60));
    assert!(
        !app.record().is_over(),
        "their terminal is the authority: a grace"
    );
    app.tick(FLAG_GRACE.saturating_sub(millis(1)));
    assert!(!app.record().is_over());
    app.tick(millis(1));
    assert_eq!(app.record().ending(), Some(Ending::OutOfTime(Side::North)));
    assert!(
        app.take_effects()
            .contains(&Effect::Send(GameMessage::Flag(1)))
    );
}

#[test]
fn no_clock_runs_while_the_other_player_is_away() {
    let mut app = hosted("1+0");
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(PeerNews::Lost("a network cut".into())));
    app.tick(secs(30));
    assert_eq!(left(&app), both(secs(60), secs(60)));
    assert_eq!(
        app.table().clock_running(app.desk().sowing().is_some()),
        None
    );
}

fn drawn(app: &App, width: u16, height: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, PLAIN).render(buf.area, &mut buf);
    buf
}

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};

/// Naserian and Lekishon on 5+3, two moves in: Naserian's clock runs with
/// 9.4 s left.
fn on_the_board() -> App {
    let mut players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), None);
    players.clock = Some(control("5+3"));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    type_keys(&mut app, "c\n");
    app.tick(millis(61_700));
    type_keys(&mut app, "a\n");
    app.tick(millis(293_600));
    app
}

#[test]
fn each_clock_is_shown_beside_its_players_name_the_running_one_marked() {
    let app = on_the_board();
    for (width, height) in [(56, 18), (80, 24), (200, 60)] {
        let buf = drawn(&app, width, height);
        let screen = text(&buf);
        let line_of = |name: &str| {
            screen
                .lines()
                .find(|line| line.contains(name))
                .unwrap_or_else(|| panic!("{name} at {width}x{height}:\n{screen}"))
                .to_owned()
        };
        assert!(
            line_of("Naserian").contains(" 9.4  in row  27  captured"),
            "{screen}"
        );
        assert!(
            line_of("Lekishon").contains(" 4:01  in row  14  captured"),
            "{screen}"
        );
        let (x, y) = find(&buf, " 9.4 ").expect("South's clock");
        assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED), "running");
        let (x, y) = find(&buf, " 4:01 ").expect("North's clock");
        assert!(
            !buf[(x, y)].modifier.contains(Modifier::REVERSED),
            "stopped"
        );
        assert_snapshot!(format!("clocks_at_{width}x{height}"), screen);
    }
}

/// Where `needle` starts on the screen, if it is there.
fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    let lines = text(buf);
    lines.lines().enumerate().find_map(|(y, line)| {
        let at = line.find(needle)?;
        let x = line[..at].chars().count();
        Some((u16::try_from(x).ok()?, u16::try_from(y).ok()?))
    })
}

/// The bells `app` asked for since last asked.
fn bells(app: &mut App) -> usize {
    app.take_effects()
        .iter()
        .filter(|effect| **effect == Effect::Bell)
        .count()
}

#[test]
fn the_bell_rings_once_as_a_clock_here_falls_under_ten_seconds() {
    let mut app = clocked("1+0");
    type_keys(&mut app, "c\n");
    app.take_effects();
    app.tick(secs(50));
    assert_eq!(bells(&mut app), 0, "10 s left is not yet low");
    app.tick(millis(1));
    assert_eq!(bells(&mut app), 1, "under 10 s");
    app.tick(secs(1));
    assert_eq!(bells(&mut app), 0, "once");
    // Turned off in the settings, it never rings.
    let mut quiet = clocked("1+0");
    quiet.set(Setting::Display {
        speed: 3,
        preview: true,
        bell: false,
    });
    type_keys(&mut quiet, "c\n");
    quiet.take_effects();
    quiet.tick(secs(55));
    assert_eq!(bells(&mut quiet), 0);
    // Nor for the computer's clock.
    let mut players = Match {
        clock: Some(control("1+0")),
        ..Match::default()
    };
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    type_keys(&mut app, "c\n");
    app.take_effects();
    app.tick(secs(55));
    assert_eq!(bells(&mut app), 0, "the computer's clock");
}

#[test]
fn a_clock_under_ten_seconds_is_drawn_in_the_warning_colour_or_reversed_without_colour() {
    let mut app = clocked("1+0");
    type_keys(&mut app, "c\n");
    app.tick(millis(50_500));
    for (look, running_low) in [
        (
            Look {
                ascii: false,
                color: true,
            },
            "colour",
        ),
        (
            Look {
                ascii: false,
                color: false,
            },
            "NO_COLOR",
        ),
    ] {
        let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
        View::new(&app, look).render(buf.area, &mut buf);
        let (x, y) = find(&buf, " 9.5 ").expect("North's clock");
        let cell = &buf[(x, y)];
        assert!(
            cell.modifier.contains(Modifier::REVERSED),
            "{running_low}: running"
        );
        if look.color {
            assert_eq!(cell.fg, ratatui::style::Color::LightRed, "{running_low}");
        } else {
            assert!(
                cell.modifier.contains(Modifier::UNDERLINED),
                "{running_low}"
            );
        }
        let (x, y) = find(&buf, " 1:00 ").expect("South's clock");
        assert!(
            !buf[(x, y)].modifier.contains(Modifier::UNDERLINED),
            "not low"
        );
    }
}
