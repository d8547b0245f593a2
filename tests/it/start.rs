//! The start screen: keys and clicks drive its menu to a new game, to a
//! saved game continued and to a record replayed; the session lists the
//! saved games and opens the one chosen; and how it is drawn.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use clap::Parser;
use endodoi::app::input::KeyCode;
use endodoi::app::results::Against;
use endodoi::app::start::{Page, Typed};
use endodoi::app::{
    Action, Answer, App, Confirm, Effect, GameAction, Keymap, Match, Mode, OpenTarget, SavedGame,
    Screen, Setting, Target, Tone,
};
use endodoi::cli::Cli;
use endodoi::record::{Ending, Record};
use endodoi::rules::{BySide, Config, Side, Variant};
use endodoi::search::Level;
use endodoi::session::Session;
use endodoi::terminal::Runner;
use endodoi::ui::{Look, View};
use keys::{press, type_keys};
use mouse::{SCREEN, click};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use screen::text;

use crate::common::{keys, mouse, screen, snapshot::assert_snapshot};

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};
use crate::common::effects::{open, run};
use endodoi::app::Snapshot;
use endodoi::terminal::carry_out;

fn saved(id: &str, moves: usize, finished: bool) -> SavedGame {
    SavedGame {
        id: id.to_owned(),
        path: PathBuf::from(format!("/games/{id}.ogn")),
        names: BySide {
            south: "Naserian".to_owned(),
            north: "Computer (level 2)".to_owned(),
        },
        moves,
        board: "8 holes, 4 seeds, classic".to_owned(),
        when: format!("2026-11-{:02} 18:30", 30 - moves),
        result: finished.then(|| "27-21".to_owned()),
        in_use: None,
    }
}

/// The start screen with three saved games, newest first: two unfinished
/// and a finished one between them.
fn menu() -> App {
    let saved = vec![
        saved("newest", 12, false),
        saved("finished", 20, true),
        saved("older", 4, false),
    ];
    let mut app = App::start(Config::default(), &Match::default(), saved);
    app.set(Setting::Animation(false));
    app
}

fn page(app: &App) -> Page {
    app.screen().start().expect("the start screen").page()
}

fn draw(app: &App, look: Look, width: u16, height: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, look).render(buf.area, &mut buf);
    buf
}

/// Clicks the first cell of the screen (80×24) that shows `words`.
fn click_on(app: &mut App, words: &str) {
    let screen = text(&draw(app, Look::default(), SCREEN.width, SCREEN.height));
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains(words))
        .unwrap_or_else(|| panic!("{words:?} on the screen:\n{screen}"));
    let column = line[..line.find(words).expect("found")].chars().count();
    click(app, column as u16, row as u16);
}

#[test]
fn keys_set_up_a_new_game_against_the_computer_at_level_2_on_width_8() {
    let mut app = menu();
    type_keys(&mut app, "n");
    assert_eq!(page(&app), Page::NewGame);
    // South's name: Enter types it.
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "Naserian\n");
    // North: the computer, level 1 then 2.
    type_keys(&mut app, "j");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    // The width: 6, 7, 8.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    type_keys(&mut app, "s");

    assert_eq!(app.screen(), &Screen::Game);
    assert_eq!(
        app.record().game.config(),
        Config::new(8, 4, Variant::Classic).expect("a board")
    );
    let players = app.players();
    assert_eq!(players.name(Side::South), "Naserian");
    assert_eq!(players.computer(Side::South), None);
    assert_eq!(players.computer(Side::North), Level::new(2));
    assert_eq!(players.name(Side::North), "Computer (level 2)");
    assert_eq!(players.first_to, None);
    assert_eq!(app.record().game.ply(), 0);
    assert!(!app.desk().should_quit());
}

#[test]
fn the_settings_keep_to_their_limits_and_a_match_is_set_up() {
    let mut app = menu();
    type_keys(&mut app, "n");
    // The width: no fewer than 6 holes, no more than 10.
    type_keys(&mut app, "jj");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.screen().start().expect("start").setup().width, 6);
    for _ in 0..9 {
        press(&mut app, KeyCode::Right);
    }
    // Seeds: 3 to 6; the variant; a match to 3 wins.
    type_keys(&mut app, "j");
    for _ in 0..9 {
        press(&mut app, KeyCode::Left);
    }
    type_keys(&mut app, "j");
    press(&mut app, KeyCode::Right);
    type_keys(&mut app, "j");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    // The clock: none below 1+0, none past 30+0, and 3+0 chosen.
    type_keys(&mut app, "j");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.screen().start().expect("start").setup().clock, None);
    for (right, clock) in [(1, "1+0"), (8, "30+0"), (1, "30+0")] {
        for _ in 0..right {
            press(&mut app, KeyCode::Right);
        }
        let setup = app.screen().start().expect("start").setup();
        assert_eq!(setup.clock, clock.parse().ok(), "{clock}");
    }
    for _ in 0..7 {
        press(&mut app, KeyCode::Left);
    }
    // Hints and take-backs: allowed, then off, either way.
    type_keys(&mut app, "j");
    assert!(!app.screen().start().expect("start").setup().no_assist);
    press(&mut app, KeyCode::Right);
    assert!(app.screen().start().expect("start").setup().no_assist);
    press(&mut app, KeyCode::Left);
    assert!(!app.screen().start().expect("start").setup().no_assist);
    press(&mut app, KeyCode::Right);
    // Enter on the last line starts the game.
    type_keys(&mut app, "j\n");
    assert_eq!(
        app.record().game.config(),
        Config::new(10, 3, Variant::Cross).expect("a board")
    );
    assert_eq!(app.players().first_to, Some(3));
    assert_eq!(app.players().clock, "3+0".parse().ok());
    assert_eq!(app.record().tag("TimeControl"), Some("180+0"));
    assert!(app.players().no_assist);
    assert_eq!(app.record().tag("Assist"), Some("off"));
    assert_eq!(app.players().name(Side::South), "Player 1");
}

#[test]
fn the_computer_moves_first_when_it_plays_south() {
    let mut app = menu();
    type_keys(&mut app, "n");
    press(&mut app, KeyCode::Left);
    type_keys(&mut app, "s");
    assert_eq!(app.players().computer(Side::South), Level::new(5));
    assert!(
        app.take_effects()
            .iter()
            .any(|effect| matches!(effect, Effect::Think(_))),
        "the computer is asked for its first move"
    );
}

/// Issue 26, 2: the default name is a placeholder, not text to type after
/// (`SouthKim`); a name given before is there to edit.
#[test]
fn typing_a_name_replaces_the_default_and_edits_a_name_given() {
    let mut app = menu();
    type_keys(&mut app, "n\n");
    assert_eq!(
        app.screen().start().expect("start").typing(),
        Some((Typed::Name(Side::South), ""))
    );
    let screen = text(&draw(&app, PLAIN, 80, 24));
    // The cursor, then the default name as a placeholder.
    assert!(
        screen.contains("▶ South (moves first)     South "),
        "the default shown:\n{screen}"
    );
    type_keys(&mut app, "Kim\n");
    let start = app.screen().start().expect("start");
    assert_eq!(start.setup().names.south.as_deref(), Some("Kim"));
    type_keys(&mut app, "\n");
    assert_eq!(
        app.screen().start().expect("start").typing(),
        Some((Typed::Name(Side::South), "Kim"))
    );
    type_keys(&mut app, "a\n");
    let start = app.screen().start().expect("start");
    assert_eq!(start.setup().names.south.as_deref(), Some("Kima"));
}

#[test]
fn a_blank_name_is_the_default_and_esc_forgets_what_was_typed() {
    let mut app = menu();
    type_keys(&mut app, "n\n");
    type_keys(&mut app, "Naserian\n");
    assert_eq!(
        app.screen()
            .start()
            .expect("start")
            .setup()
            .names
            .south
            .as_deref(),
        Some("Naserian")
    );
    press(&mut app, KeyCode::Enter);
    for _ in "Naserian".chars() {
        press(&mut app, KeyCode::Backspace);
    }
    type_keys(&mut app, "  \n");
    let start = app.screen().start().expect("start");
    assert_eq!(start.setup().names.south, None);
    assert_eq!(start.setup().players().name(Side::South), "South");
    type_keys(&mut app, "\nLekishon");
    press(&mut app, KeyCode::Esc);
    let start = app.screen().start().expect("start");
    assert_eq!(start.typing(), None);
    assert_eq!(start.setup().names.south, None);
    // Esc again: back to the menu, on its new-game line; once more: quit.
    press(&mut app, KeyCode::Esc);
    assert_eq!(page(&app), Page::Menu);
    assert_eq!(app.screen().start().expect("start").row(), 0);
    assert!(!app.desk().should_quit());
    press(&mut app, KeyCode::Esc);
    assert!(app.desk().should_quit());
}

#[test]
fn continue_picks_the_newest_unfinished_game() {
    let mut app = menu();
    let unfinished: Vec<&str> = app
        .screen()
        .start()
        .expect("start")
        .unfinished()
        .map(|saved| saved.id.as_str())
        .collect();
    assert_eq!(unfinished, ["newest", "older"]);
    type_keys(&mut app, "c\n");
    assert_eq!(
        app.take_effects(),
        [open(&app, OpenTarget::Resume("newest".to_owned()))]
    );
    // The older one is a line below.
    type_keys(&mut app, "j\n");
    assert_eq!(
        app.take_effects(),
        [open(&app, OpenTarget::Resume("older".to_owned()))]
    );
}

#[test]
fn continue_without_an_unfinished_game_says_so() {
    let mut app = App::start(
        Config::default(),
        &Match::default(),
        vec![saved("over", 30, true)],
    );
    type_keys(&mut app, "c");
    assert_eq!(page(&app), Page::Menu);
    assert_eq!(
        app.desk().message().map(|message| message.text.as_str()),
        Some("No unfinished game: n starts a new one")
    );
    assert!(app.take_effects().is_empty());
}

#[test]
fn replay_opens_a_saved_game_or_the_record_file_typed() {
    let mut app = menu();
    type_keys(&mut app, "r");
    assert_eq!(page(&app), Page::Replay);
    // The newest saved game is selected, finished games included.
    type_keys(&mut app, "j\n");
    assert_eq!(
        app.take_effects(),
        [open(
            &app,
            OpenTarget::Replay(PathBuf::from("/games/finished.ogn"))
        )]
    );
    type_keys(&mut app, "o");
    assert_eq!(
        app.screen().start().expect("start").typing(),
        Some((Typed::Path, ""))
    );
    // Letters that are keys elsewhere are typed here.
    type_keys(&mut app, "games/nq.ogx");
    press(&mut app, KeyCode::Backspace);
    type_keys(&mut app, "n\n");
    assert_eq!(
        app.take_effects(),
        [open(
            &app,
            OpenTarget::Replay(PathBuf::from("games/nq.ogn"))
        )]
    );
    assert!(!app.desk().should_quit());
}

#[test]
fn learn_to_play_opens_the_lesson_at_its_first_step() {
    let mut app = menu();
    type_keys(&mut app, "l");
    let lesson = app.screen().lesson().expect("the lesson");
    assert_eq!(lesson.page(), 0);
    assert_eq!(app.front().keymap(), Keymap::LESSON);
    assert!(app.take_effects().is_empty(), "the lesson saves nothing");
}

#[test]
fn clicks_choose_a_line_and_change_a_setting() {
    let mut app = menu();
    click_on(&mut app, "New game");
    assert_eq!(page(&app), Page::NewGame);
    // A first click selects the width, the next changes it.
    click_on(&mut app, "6 holes");
    assert_eq!(app.screen().start().expect("start").row(), 2);
    click_on(&mut app, "6 holes");
    assert_eq!(app.screen().start().expect("start").setup().width, 7);
    click_on(&mut app, "Start the game");
    click_on(&mut app, "Start the game");
    assert_eq!(app.screen(), &Screen::Game);
    assert_eq!(app.record().game.config().width(), 7);
}

#[test]
fn a_click_on_a_saved_game_continues_it() {
    let mut app = menu();
    click_on(&mut app, "Continue");
    click_on(&mut app, "4 moves");
    assert_eq!(
        app.take_effects(),
        [open(&app, OpenTarget::Resume("older".to_owned()))]
    );
}

#[test]
fn the_menu_at_80x24() {
    let app = menu();
    assert_snapshot!(text(&draw(&app, PLAIN, 80, 24)));
}

#[test]
fn the_new_game_page_at_80x24() {
    let mut app = menu();
    type_keys(&mut app, "nj");
    press(&mut app, KeyCode::Right);
    assert_snapshot!(text(&draw(&app, PLAIN, 80, 24)));
}

#[test]
fn the_start_screen_fits_every_size_in_ascii_and_without_colour() {
    let look = Look {
        ascii: true,
        color: false,
    };
    for keys in ["", "n", "c", "r"] {
        let mut app = menu();
        type_keys(&mut app, keys);
        for (width, height) in [(56, 18), (80, 24), (200, 60)] {
            let buf = draw(&app, look, width, height);
            let screen = text(&buf);
            assert!(screen.is_ascii(), "{keys:?} at {width}x{height}:\n{screen}");
            assert!(
                screen.contains("q quit"),
                "the key bar at {width}x{height}:\n{screen}"
            );
            // The page's last line, or a saved game's.
            let line = match keys {
                "" => "Quit",
                "n" => "Start the game",
                _ => "Naserian v Computer",
            };
            assert!(
                screen.contains(line),
                "{keys:?} at {width}x{height}:\n{screen}"
            );
            // The name in large letters where there is room for them.
            assert_eq!(
                screen.contains("##### #   #"),
                height == 60,
                "{keys:?} at {width}x{height}:\n{screen}"
            );
            let colours = buf
                .content
                .iter()
                .filter(|cell| cell.fg != ratatui::style::Color::Reset);
            assert_eq!(colours.count(), 0, "no colour without colour");
        }
    }
}

#[test]
fn the_menu_is_in_colour_with_colour() {
    let buf = draw(&menu(), Look::default(), 80, 24);
    let screen = text(&buf);
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("New game"))
        .expect("the menu");
    let key = line
        .chars()
        .collect::<Vec<_>>()
        .windows(3)
        .position(|three| three == [' ', 'n', ' '])
        .expect("the key n")
        + 1;
    assert_eq!(
        buf[(key as u16, row as u16)].fg,
        ratatui::style::Color::Yellow
    );
}

// ---------------------------------------------------------------- the session

fn play_args(words: &[&str]) -> endodoi::options::GameOptions {
    Cli::try_parse_from(std::iter::once("endodoi").chain(words.iter().copied()))
        .expect("options")
        .play
        .options()
}

/// Writes a saved game of `moves` on a board 6 wide, last written `age`
/// ago.
fn write_save(dir: &Path, id: &str, moves: &str, age: Duration) -> PathBuf {
    let mut record = Record::read_moves(Config::default(), moves).expect("a game");
    record.set_tag("South", id);
    let path = dir.join(format!("{id}.ogn"));
    std::fs::write(&path, record.to_string()).expect("written");
    let file = std::fs::File::options()
        .write(true)
        .open(&path)
        .expect("open");
    file.set_modified(SystemTime::now() - age).expect("dated");
    path
}

#[test]
fn only_options_that_choose_a_game_skip_the_start_screen() {
    for words in [&[][..], &["--no-animation"], &["--ascii", "--think", "100"]] {
        assert!(play_args(words).choose_no_game(), "{words:?}");
    }
    for words in [
        &["--south", "Naserian"][..],
        &["--north", "computer:2"],
        &["--width", "8"],
        &["--seeds", "5"],
        &["--variant", "cross"],
        &["--first-to", "3"],
        &["--clock", "5+3"],
        &["--resume"],
        &["--load", "game.ogn"],
        &["--record", "game.ogn"],
    ] {
        assert!(!play_args(words).choose_no_game(), "{words:?}");
    }
}

#[test]
fn the_session_lists_the_saved_games_newest_first_and_continues_the_one_chosen() {
    let dir = tempfile::tempdir().expect("a folder");
    let games = dir.path().join("games");
    std::fs::create_dir(&games).expect("the games folder");
    write_save(&games, "older", "C a", Duration::from_secs(7200));
    let newest = write_save(&games, "newest", "C a B", Duration::from_secs(60));
    let finished = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/naserian-lekishon.ogn");
    std::fs::copy(finished, games.join("over.ogn")).expect("copied");
    std::fs::write(games.join("broken.ogn"), "1. Z *\n").expect("written");

    let session = Session::start_screen(&play_args(&["--no-animation"]), Some(&games))
        .expect("the start screen");
    assert_eq!(session.warnings.len(), 1, "{:?}", session.warnings);
    let (mut app, mut runner) = (session.app, Runner::new(session.store, None, None));
    let start = app.screen().start().expect("the start screen");
    let ids: Vec<&str> = start.saved().iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["over", "newest", "older"]);
    let newest_line = &start.saved()[1];
    assert_eq!(
        (newest_line.moves, newest_line.names.south.as_str()),
        (3, "newest")
    );

    type_keys(&mut app, "c\n");
    let effects = app.take_effects();
    let [Effect::Open { .. }] = &effects[..] else {
        panic!("{effects:?}");
    };
    run(&mut runner, &mut app, effects);
    assert_eq!(app.screen(), &Screen::Game);
    assert_eq!(app.record().game.ply(), 3);
    assert_eq!(app.players().name(Side::South), "newest");
    assert_eq!(runner.store().current(), Some(newest.as_path()));
    // The next move is written to the same file.
    type_keys(&mut app, "\n");
    carry_out(&mut runner, &mut app);
    let record = Record::read(&std::fs::read_to_string(&newest).expect("read")).expect("a record");
    assert_eq!(record.game.ply(), 4);
    let saves = std::fs::read_dir(&games)
        .expect("listed")
        .filter(|entry| {
            let path = entry.as_ref().expect("an entry").path();
            path.extension().is_some_and(|extension| extension == "ogn")
        })
        .count();
    assert_eq!(saves, 4, "no file more");
}

#[test]
fn a_game_ended_before_the_rules_end_it_is_listed_as_over_not_to_continue() {
    let dir = tempfile::tempdir().expect("a folder");
    let games = dir.path().join("games");
    std::fs::create_dir(&games).expect("the games folder");
    write_save(&games, "older", "C a", Duration::from_secs(7200));
    for (id, ending, age) in [
        ("agreed", Ending::DrawAgreed, 600),
        ("resigned", Ending::Resigned(Side::South), 60),
    ] {
        let path = write_save(&games, id, "A b", Duration::from_secs(age));
        let mut record = Record::read(&std::fs::read(&path).expect("read")).expect("a save");
        record.end(ending).expect("an unfinished game ends");
        std::fs::write(&path, record.to_string()).expect("written");
        let file = std::fs::File::options()
            .write(true)
            .open(&path)
            .expect("open");
        file.set_modified(SystemTime::now() - Duration::from_secs(age))
            .expect("dated");
    }
    let session = Session::start_screen(&play_args(&[]), Some(&games)).expect("the start screen");
    let start = session.app.screen().start().expect("the start screen");
    let lines: Vec<(&str, Option<&str>)> = start
        .saved()
        .iter()
        .map(|saved| (saved.id.as_str(), saved.result.as_deref()))
        .collect();
    assert_eq!(
        lines,
        [
            ("resigned", Some("0-1")),
            ("agreed", Some("1/2-1/2")),
            ("older", None)
        ]
    );
    let unfinished: Vec<&str> = start.unfinished().map(|saved| saved.id.as_str()).collect();
    assert_eq!(unfinished, ["older"]);
}

#[test]
fn a_record_file_that_cannot_be_opened_is_told_on_the_start_screen() {
    let dir = tempfile::tempdir().expect("a folder");
    let session =
        Session::start_screen(&play_args(&[]), Some(&dir.path().join("none"))).expect("start");
    let (mut app, mut runner) = (session.app, Runner::new(session.store, None, None));
    let missing = dir.path().join("missing.ogn");
    let opening = open(&app, OpenTarget::Replay(missing.clone()));
    run(&mut runner, &mut app, vec![opening]);
    assert_eq!(page(&app), Page::Menu);
    let message = app.desk().message().expect("a message");
    assert_eq!(message.tone, Tone::Error);
    assert_eq!(
        message.text,
        format!(
            "cannot open {}: No such file or directory (os error 2)",
            missing.display()
        )
    );
    // A record with a fault opens as far as it reads, the fault told.
    let faulty = dir.path().join("faulty.ogn");
    std::fs::write(&faulty, "1. C a 2. Z *\n").expect("written");
    let opening = open(&app, OpenTarget::Replay(faulty));
    run(&mut runner, &mut app, vec![opening]);
    let viewer = app.screen().viewer().expect("the viewer");
    assert_eq!(viewer.total(), 2);
    assert!(viewer.fault().is_some());
}

#[test]
fn a_tiny_terminal_draws_what_fits_without_a_panic() {
    for keys in ["", "n", "c", "r", "ro"] {
        let mut app = menu();
        type_keys(&mut app, keys);
        for (width, height) in [(1, 1), (20, 5), (40, 10), (56, 12)] {
            let screen = text(&draw(&app, PLAIN, width, height));
            assert_eq!(screen.lines().count(), usize::from(height));
        }
    }
}

#[test]
fn a_saved_game_another_program_plays_is_refused_with_its_process_and_left_as_it_was() {
    let dir = tempfile::tempdir().expect("a folder");
    let games = dir.path().join("games");
    std::fs::create_dir(&games).expect("the games folder");
    let path = write_save(&games, "held", "C a", Duration::from_secs(60));
    let before = std::fs::read(&path).expect("read");
    let _held = endodoi::save::lock::GameLock::acquire(&path).expect("locked");

    let session = Session::start_screen(&play_args(&[]), Some(&games)).expect("start");
    let (mut app, mut runner) = (session.app, Runner::new(session.store, None, None));
    let holder = format!("process {}", std::process::id());
    let start = app.screen().start().expect("start");
    assert_eq!(start.saved()[0].in_use.as_ref(), Some(&holder));
    type_keys(&mut app, "c");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains(&format!("in use by {holder}")), "{screen}");
    type_keys(&mut app, "\n");
    let effects = app.take_effects();
    let [Effect::Open { .. }] = &effects[..] else {
        panic!("{effects:?}");
    };
    run(&mut runner, &mut app, effects);
    assert_eq!(page(&app), Page::Continue, "the start screen stays");
    let message = app.desk().message().expect("a message");
    assert_eq!(message.tone, Tone::Error);
    assert_eq!(
        message.text,
        format!(
            "--resume: {} is in use by process {}; `endodoi games` lists the other saved games",
            path.display(),
            std::process::id()
        )
    );
    assert_eq!(std::fs::read(&path).expect("read"), before);
    assert_eq!(runner.store().current(), None);
}

/// Issue 26, 11: the list of games to replay has a result column, the
/// result of each game over on its line (the list to continue, of
/// unfinished games only, has none).
#[test]
fn the_replay_list_shows_each_finished_games_result() {
    let mut app = menu();
    type_keys(&mut app, "r");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains("Result"), "{screen}");
    let finished = screen
        .lines()
        .find(|line| line.contains("20 moves"))
        .expect("the finished game");
    assert!(finished.contains("27-21"), "{screen}");
    let unfinished = screen
        .lines()
        .find(|line| line.contains("12 moves"))
        .expect("an unfinished game");
    assert!(!unfinished.contains("27-21"), "{screen}");
    press(&mut app, KeyCode::Esc);
    type_keys(&mut app, "c");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(!screen.contains("Result"), "{screen}");
}

/// The column where `word` begins on the row of the buffer that shows
/// `name`, counted in cells (a wide character takes two).
fn column_of(buf: &Buffer, name: &str, word: &str) -> u16 {
    let area = buf.area;
    let row: Vec<&str> = (area.top()..area.bottom())
        .map(|y| {
            (area.left()..area.right())
                .map(|x| buf[(x, y)].symbol())
                .collect::<Vec<_>>()
        })
        .find(|cells| cells.concat().contains(name))
        .unwrap_or_else(|| panic!("{name} on the screen:\n{}", screen::text(buf)));
    (0..row.len())
        .find(|&x| {
            word.chars()
                .enumerate()
                .all(|(i, c)| row.get(x + i).is_some_and(|cell| *cell == c.to_string()))
        })
        .map_or_else(
            || panic!("{word} on the line of {name}: {:?}", row.concat()),
            |x| x as u16,
        )
}

/// A name in wide characters (two columns each) keeps the columns after it
/// where the other lines have them.
#[test]
fn the_saved_games_columns_align_after_a_name_in_wide_characters() {
    let mut wide = saved("wide", 12, false);
    wide.names.south = "中村花子".to_owned();
    let saved = vec![wide, saved("plain", 4, false)];
    let mut app = App::start(Config::default(), &Match::default(), saved);
    type_keys(&mut app, "c");
    let buf = draw(&app, PLAIN, 80, 24);
    assert_eq!(
        column_of(&buf, "中", "moves"),
        column_of(&buf, "Naserian", "moves"),
        "{}",
        text(&buf)
    );
}

// ------------------------------------------------------------ back to the menu

/// Issue 26, 4: `q` in a game, a replay or the lesson opened from the menu
/// goes back to it (asks for the menu, read anew), without a question:
/// the game is kept, and listed there.
#[test]
fn q_from_a_game_a_replay_or_the_lesson_opened_from_the_menu_asks_for_the_menu() {
    let mut app = menu();
    type_keys(&mut app, "ns");
    type_keys(&mut app, "c\n");
    assert!(app.table().unfinished());
    assert!((app.desk().from_menu() && app.screen().start().is_none()));
    app.take_effects();
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.desk().mode(), &Mode::Play, "no question");
    assert!(!app.desk().should_quit());
    assert_eq!(app.take_effects(), [open(&app, OpenTarget::Menu)]);
    // The key bar and the game's end say so.
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen
            .lines()
            .last()
            .expect("a key bar")
            .ends_with("q menu"),
        "{screen}"
    );
    // `m`, offered after a game from the command line, is not offered
    // here, where `q` does it, but does the same.
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Menu), app.desk().shown())
    );
    type_keys(&mut app, "m");
    assert_eq!(app.take_effects(), [open(&app, OpenTarget::Menu)]);

    let mut app = menu();
    type_keys(&mut app, "l");
    assert!(app.screen().lesson().is_some());
    press(&mut app, KeyCode::Char('q'));
    assert!(!app.desk().should_quit());
    assert_eq!(app.take_effects(), [open(&app, OpenTarget::Menu)]);

    let mut app = menu();
    let record = Record::read_moves(Config::default(), "C a").expect("a game");
    app.answer(Answer::Opened(Box::new(App::review(
        record, "game.ogn", None,
    ))));
    assert!(app.screen().viewer().is_some());
    press(&mut app, KeyCode::Esc);
    assert!(!app.desk().should_quit());
    assert_eq!(app.take_effects(), [open(&app, OpenTarget::Menu)]);

    // On the menu itself, q quits.
    let mut app = menu();
    press(&mut app, KeyCode::Char('q'));
    assert!(app.desk().should_quit());
    assert_eq!(app.take_effects(), []);
}

#[test]
fn q_from_a_game_a_replay_or_the_lesson_opened_on_the_command_line_quits() {
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    type_keys(&mut app, "c\n");
    app.take_effects();
    assert!(!(app.desk().from_menu() && app.screen().start().is_none()));
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.desk().mode(), &Mode::Confirm(Confirm::Quit));
    type_keys(&mut app, "y");
    assert!(app.desk().should_quit());
    assert_eq!(app.take_effects(), []);

    let record = Record::read_moves(Config::default(), "C a").expect("a game");
    for mut app in [App::review(record, "game.ogn", None), App::learn()] {
        press(&mut app, KeyCode::Char('q'));
        assert!(app.desk().should_quit());
        assert_eq!(app.take_effects(), []);
    }
}

/// The session and the runner: a game started on the menu and left with
/// `q` is written, its lock let go, and listed on the menu read anew, to
/// continue; once finished and left, it is counted in the results.
#[test]
fn a_game_left_for_the_menu_is_listed_there_free_and_counted_once_over() {
    let dir = tempfile::tempdir().expect("a folder");
    let games = dir.path().join("games");
    let session = Session::start_screen(&play_args(&["--no-animation"]), Some(&games))
        .expect("the start screen");
    let (mut app, mut runner) = (session.app, Runner::new(session.store, None, None));
    type_keys(&mut app, "ns");
    type_keys(&mut app, "c\n");
    carry_out(&mut runner, &mut app);
    let kept = runner.store().current().expect("autosaved").to_path_buf();
    let lock = kept.with_file_name(format!(
        ".{}.lock",
        kept.file_name().expect("a name").to_string_lossy()
    ));
    assert!(lock.exists(), "the game being played is locked");

    press(&mut app, KeyCode::Char('q'));
    carry_out(&mut runner, &mut app);
    assert_eq!(page(&app), Page::Menu);
    assert!(!lock.exists(), "the game left is let go");
    let start = app.screen().start().expect("the start screen");
    let listed: Vec<(usize, Option<&String>)> = start
        .unfinished()
        .map(|saved| (saved.moves, saved.in_use.as_ref()))
        .collect();
    assert_eq!(listed, [(1, None)]);

    // Continued from the menu, in its own file, then finished.
    type_keys(&mut app, "c\n");
    carry_out(&mut runner, &mut app);
    assert_eq!(app.screen(), &Screen::Game);
    assert_eq!(runner.store().current(), Some(kept.as_path()));
    while app.record().game.outcome().is_none() {
        let first = app.record().game.legal_moves().next().expect("a move");
        app.act(Action::Click(Target::Hole(first)));
        app.act(Action::Click(Target::Hole(first)));
        carry_out(&mut runner, &mut app);
    }
    let played = app.record().clone();
    press(&mut app, KeyCode::Char('q'));
    carry_out(&mut runner, &mut app);
    assert_eq!(page(&app), Page::Menu);
    let start = app.screen().start().expect("the start screen");
    assert_eq!(start.unfinished().count(), 0);
    assert_eq!(start.saved().len(), 1, "the one file");
    let saved = Record::read(&std::fs::read_to_string(&kept).expect("read")).expect("a record");
    assert_eq!(saved, played);
    let mut counted: Vec<(&str, u32)> = start
        .results()
        .stats()
        .rows
        .iter()
        .filter(|row| row.against == Against::Everyone)
        .map(|row| (row.player.as_str(), row.tally.games))
        .collect();
    counted.sort_unstable();
    assert_eq!(counted, [("North", 1), ("South", 1)], "the game counted");
    assert!(runner.finish(&Snapshot::of(&app)).all_kept());
}

/// A game left for the menu that could not be kept anywhere (no data
/// folder) is not lost: its record is printed at exit, as a game on the
/// screen at exit would be.
#[test]
fn a_game_left_for_the_menu_that_could_not_be_kept_is_printed_at_exit() {
    let session = Session::start_screen(&play_args(&["--no-animation"]), None).expect("start");
    let (mut app, mut runner) = (session.app, Runner::new(session.store, None, None));
    type_keys(&mut app, "ns");
    type_keys(&mut app, "c\na\n");
    carry_out(&mut runner, &mut app);
    let played = app.record().to_string();
    press(&mut app, KeyCode::Char('q'));
    carry_out(&mut runner, &mut app);
    assert_eq!(page(&app), Page::Menu);
    press(&mut app, KeyCode::Char('q'));
    assert!(app.desk().should_quit());
    let farewell = runner.finish(&Snapshot::of(&app));
    assert_eq!(farewell.unkept, [played]);
    assert_eq!(
        farewell.failures,
        ["the game was not saved: autosave is off (no data directory)"]
    );
    assert!(farewell.notes.is_empty(), "{:?}", farewell.notes);
}
