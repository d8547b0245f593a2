//! Reviewing and playing on: a game over opened in the viewer, a replay
//! played on from any position, and a match that is over staying over.

use endodoi::app::{App, Match, Setting};
use endodoi::record::{Record, Tags};
use endodoi::rules::{Game, Position, Side, Variant};
use endodoi::search::Level;
use endodoi::ui::{Look, View};
use std::thread::sleep;
use std::time::Duration;

use endodoi::app::input::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::common::keys::{press, type_keys};
use crate::common::screen::text;
use crate::common::tmux;

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};

fn draw(app: &App, width: u16, height: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, PLAIN).render(buf.area, &mut buf);
    text(&buf)
}

/// A game that South wins with its next move, `e`: E captures North's last
/// seed, and South's A is left over and goes to South.
fn about_to_win() -> Record {
    let position =
        Position::from_rows(&[2, 0, 0, 0, 1, 0], &[1, 0, 0, 0, 0, 0], Side::South).expect("rows");
    Record::new(Game::from_position(Variant::Classic, position, 4))
}

/// South's win of `about_to_win`, played.
fn won(players: Match) -> App {
    let mut app = App::from_record(about_to_win(), players);
    app.set(Setting::Animation(false));
    type_keys(&mut app, "e\n");
    assert!(app.record().is_over());
    app
}

/// The last game of a match to 2 that Jo has just won 2-0, as `--resume`
/// and the start screen's Continue open it from its file.
fn won_match_resumed() -> App {
    let mut record = about_to_win();
    for (tag, value) in [
        (Tags::MATCH, "2"),
        (Tags::ROUND, "2"),
        (Tags::SOUTH, "Jo"),
        (Tags::NORTH, "Ann"),
        (Tags::SCORE, "1-0"),
    ] {
        record.set_tag(tag, value);
    }
    let ended = won(Match::from_record(&record)).record().clone();
    let mut app = App::from_record(ended.clone(), Match::from_record(&ended));
    app.set(Setting::Animation(false));
    app
}

#[test]
fn enter_after_a_won_match_begins_no_next_game_and_says_which_key_begins_a_new_match() {
    let mut app = won_match_resumed();
    let before = draw(&app, 80, 24);
    assert!(before.contains("Jo wins the match 2-0!"), "{before}");
    press(&mut app, KeyCode::Enter);
    assert!(app.record().is_over(), "the match's last game stays shown");
    assert_eq!(app.players().round, 2);
    let screen = draw(&app, 80, 24);
    assert!(
        screen.contains("Jo won the match 2-0: n begins a new match"),
        "{screen}"
    );
    assert!(screen.contains("Jo wins the match 2-0!"), "{screen}");
    // The key the box offers begins a new match, at its first game.
    type_keys(&mut app, "n");
    assert!(!app.record().is_over());
    assert_eq!(app.players().round, 1);
    assert_eq!(app.players().wins.south + app.players().wins.north, 0);
}

#[test]
fn the_review_key_opens_the_game_over_in_the_viewer_at_its_last_move_and_q_comes_back() {
    let mut app = won(Match::default());
    let boxed = draw(&app, 80, 24);
    assert!(boxed.contains("l review"), "{boxed}");
    type_keys(&mut app, "l");
    let viewer = app.screen().viewer().expect("the viewer");
    assert_eq!(app.record().game.ply(), viewer.total());
    assert_eq!(viewer.total(), 1);
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("q close"), "{screen}");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.record().game.ply(), 0);
    press(&mut app, KeyCode::Esc);
    assert!(app.screen().viewer().is_none() && !app.desk().should_quit());
    assert!(app.record().is_over(), "the game is as it ended");
    assert_eq!(app.record().game.ply(), 1);
    assert!(draw(&app, 80, 24).contains("Game over"));
}

#[test]
fn playing_on_from_a_review_keeps_the_game_reviewed_in_its_file() {
    let mut app = won(Match::default());
    let serial = app.table().serial();
    type_keys(&mut app, "l");
    press(&mut app, KeyCode::Left);
    type_keys(&mut app, "p\n");
    assert!(app.screen().viewer().is_none());
    assert_eq!(app.record().game.ply(), 0);
    assert!(!app.record().is_over());
    assert_eq!(app.table().serial(), serial + 1, "a file of its own");
}

#[test]
fn a_resigned_record_played_on_before_its_end_is_a_game_that_goes_on() {
    let record =
        Record::read("[Termination \"North resigned\"]\n[Result \"*\"]\n\n1. A+2 b+3 2. A+2 *")
            .expect("a record");
    let mut app = App::review(record, "resigned", None);
    app.set(Setting::Animation(false));
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Left);
    type_keys(&mut app, "p");
    assert_eq!(app.record().game.ply(), 2);
    assert!(!app.record().is_over(), "{}", draw(&app, 80, 24));
}

/// The game-over box's rows on `screen`: each row's text inside the box's frame, and its left and right margins.
fn box_rows(screen: &str) -> Vec<(String, usize, usize)> {
    let rows: Vec<&str> = screen.lines().collect();
    let top = rows
        .iter()
        .position(|row| row.contains("Game over"))
        .expect("the box");
    let title = rows[top].find("Game over").expect("its title");
    let corner = rows[top][..title].rfind('╭').expect("its corner");
    let left = rows[top][..corner].chars().count();
    rows[top + 1..]
        .iter()
        .take_while(|row| row.chars().nth(left).is_none_or(|c| c != '╰'))
        .map(|row| {
            let inner: String = row
                .chars()
                .skip(left + 1)
                .take_while(|&c| c != '│')
                .collect();
            let text = inner.trim();
            let before = inner.len() - inner.trim_start().len();
            let after = inner.len() - inner.trim_end().len();
            (text.to_owned(), before, after)
        })
        .collect()
}

#[test]
fn the_game_over_box_is_centred_unmarked_and_every_line_fits_at_56x18_80x24_and_200x60() {
    let app = won(Match::new(Some("Jo".into()), Some("Ann".into()), None));
    for (width, height) in [(56, 18), (80, 24), (200, 60)] {
        let screen = draw(&app, width, height);
        assert!(!screen.contains('…'), "{width}x{height}:\n{screen}");
        let rows = box_rows(&screen);
        assert!(
            rows.iter().all(|(text, _, _)| !text.contains('▶')),
            "{width}x{height}:\n{screen}"
        );
        for name in ["Jo", "Ann"] {
            let (_, before, after) = rows
                .iter()
                .find(|(text, _, _)| text.starts_with(name))
                .expect("a row of the table");
            assert!(
                before.abs_diff(*after) <= 1,
                "{name}'s row is centred at {width}x{height}:\n{screen}"
            );
        }
        assert!(
            screen.contains("over: n new game"),
            "{width}x{height}:\n{screen}"
        );
        // The box lies inside the board's frame: the frame's corners are
        // whole, and no corner of the box sits on them.
        let lines: Vec<&str> = screen.lines().map(str::trim_start).collect();
        let top = lines
            .iter()
            .position(|row| row.starts_with("╭ En Dodoi"))
            .expect("the board");
        let bottom = top
            + lines[top..]
                .iter()
                .position(|row| row.starts_with('╰'))
                .expect("the board's bottom");
        assert!(
            !lines[top + 1].starts_with("╭╭"),
            "{width}x{height}:\n{screen}"
        );
        assert!(
            lines[bottom].trim_end().ends_with('╯') && !lines[bottom].starts_with("╰╰"),
            "{width}x{height}:\n{screen}"
        );
    }
}

#[test]
fn the_key_bar_and_the_status_line_agree_on_what_tab_does() {
    let mut app = won(Match::default());
    let boxed = draw(&app, 80, 24);
    let bar = boxed.lines().last().expect("the key bar");
    assert!(bar.contains("Tab board"), "{boxed}");
    press(&mut app, KeyCode::Tab);
    let hidden = draw(&app, 80, 24);
    let bar = hidden.lines().last().expect("the key bar");
    assert!(bar.contains("Tab result"), "{hidden}");
    assert!(!hidden.contains("Tab board"), "{hidden}");
}

fn sample() -> App {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/naserian-lekishon.ogn"
    ))
    .expect("the sample");
    let mut app = App::review(Record::read(&text).expect("a record"), "sample", None);
    app.set(Setting::Animation(false));
    app
}

#[test]
fn p_plays_on_from_any_move_against_the_computer_chosen_in_a_small_question() {
    let mut app = sample();
    type_keys(&mut app, "12\n");
    assert_eq!(app.record().game.ply(), 12);
    let status = draw(&app, 200, 60);
    assert!(status.contains("p plays on"), "{status}");
    type_keys(&mut app, "p");
    let asked = draw(&app, 80, 24);
    assert!(asked.contains("Play on from move 12"), "{asked}");
    assert!(app.screen().viewer().is_some(), "a question first");
    // South (Naserian) is to move after move 12: its line is selected first.
    assert!(asked.contains("‹ Naserian ›"), "{asked}");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let chosen = draw(&app, 80, 24);
    assert!(
        chosen.contains("‹ the computer, level 2 of 5 ›"),
        "{chosen}"
    );
    press(&mut app, KeyCode::Enter);
    assert!(app.screen().viewer().is_none(), "the game begins");
    assert_eq!(app.record().game.ply(), 12);
    assert!(
        app.record().game.redo_moves().is_empty(),
        "the rest is not part of it"
    );
    assert_eq!(app.players().computer(Side::North), Level::new(2));
    assert_eq!(app.players().computer(Side::South), None);
    assert_eq!(app.players().name(Side::South), "Naserian");
    // Its record names them, so that `--resume` plays on with the computer.
    assert_eq!(app.record().tag(Tags::NORTH), Some("Computer (level 2)"));
    assert_eq!(app.record().tag(Tags::SOUTH), Some("Naserian"));
}

#[test]
fn esc_in_the_play_on_question_stays_in_the_viewer_where_it_was() {
    let mut app = sample();
    type_keys(&mut app, "5\n");
    type_keys(&mut app, "p");
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Esc);
    assert!(app.screen().viewer().is_some(), "still the viewer");
    let screen = draw(&app, 80, 24);
    assert!(!screen.contains("Play on from"), "{screen}");
    assert_eq!(app.record().game.ply(), 5);
    // Asked again, the record's players come first again: two people.
    type_keys(&mut app, "p");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.record().game.ply(), 5);
    assert!(app.players().computer(Side::South).is_none());
    assert!(app.players().computer(Side::North).is_none());
}

/// The session `game`'s window made `width`×`height`, and drawn anew.
fn resize(server: &tmux::Server, width: u16, height: u16) {
    let (width, height) = (width.to_string(), height.to_string());
    let resized = server.tmux(&["resize-window", "-t", "game", "-x", &width, "-y", &height]);
    assert!(resized.status.success());
    sleep(Duration::from_millis(500));
}

/// How long a screen may take to show what a test waits for.
const PATIENCE: Duration = Duration::from_secs(15);

/// The session `game` running `endodoi ARGS` at `width`×`height`, its
/// files under the server's folder.
fn start(server: &tmux::Server, args: &str, width: u16, height: u16) {
    server.start("game", (width, height), &format!("exec {BINARY} {args}"));
}

const SAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/naserian-lekishon.ogn"
);

/// In a terminal, the replay of the sample played on from move 12 against
/// the computer: the question on screen, then the game with the computer.
#[test]
fn in_a_terminal_p_asks_who_plays_and_the_computer_plays_on_from_move_12() {
    let Some(server) = tmux::Server::new("review-play-on") else {
        return;
    };
    start(
        &server,
        &format!("replay '{SAMPLE}' --no-animation"),
        80,
        24,
    );
    server.wait_for("game", "move 0 of 27", PATIENCE);
    server.tmux(&["send-keys", "-t", "game", "1", "2", "Enter"]);
    server.wait_for("game", "move 12 of 27", PATIENCE);
    server.tmux(&["send-keys", "-t", "game", "p"]);
    let asked = server.wait_for("game", "Play on from move 12", PATIENCE);
    assert!(asked.contains("‹ Naserian ›"), "{asked}");
    assert!(asked.contains("Lekishon"), "{asked}");
    server.tmux(&["send-keys", "-t", "game", "Down", "Right"]);
    let chosen = server.wait_for("game", "‹ the computer, level 1 of 5 ›", PATIENCE);
    assert!(chosen.contains("Play on from move 12"), "{chosen}");
    server.tmux(&["send-keys", "-t", "game", "Enter"]);
    let game = server.wait_for("game", "Your game from move 12", PATIENCE);
    assert!(game.contains("Computer (level 1) North"), "{game}");
    assert!(!game.contains("of 27"), "a game now:\n{game}");
    server.tmux(&["send-keys", "-t", "game", "C-c"]);
    server.wait_for_exit("game", Duration::from_secs(5));
}

/// The sample game, over, in a terminal: its box at 56×18, 80×24 and
/// 200×60 centred, unmarked and whole; `l` reviews it at its last move,
/// `q` comes back to it; Tab's word on the key bar follows the box.
#[test]
fn in_a_terminal_the_game_over_box_fits_every_size_and_l_reviews_the_game() {
    let Some(server) = tmux::Server::new("review") else {
        return;
    };
    start(&server, &format!("--load '{SAMPLE}'"), 56, 18);
    for (width, height) in [(56, 18), (80, 24), (200, 60)] {
        resize(&server, width, height);
        let screen = server.wait_for("game", "Game over", PATIENCE);
        assert!(!screen.contains('…'), "{width}x{height}:\n{screen}");
        assert!(!screen.contains('▶'), "{width}x{height}:\n{screen}");
        let row = screen
            .lines()
            .find(|line| line.contains("Naserian        26 +     3 =    29"))
            .unwrap_or_else(|| panic!("the table at {width}x{height}:\n{screen}"));
        let inside = row
            .split('│')
            .find(|cell| cell.contains("Naserian"))
            .expect("inside the box");
        let before = inside.len() - inside.trim_start().len();
        let after = inside.len() - inside.trim_end().len();
        assert!(
            before.abs_diff(after) <= 1,
            "centred at {width}x{height}:\n{screen}"
        );
        assert!(screen.contains("l review"), "{screen}");
    }
    resize(&server, 80, 24);
    server.tmux(&["send-keys", "-t", "game", "l"]);
    let review = server.wait_for("game", "move 27 of 27", PATIENCE);
    assert!(review.contains("q close"), "{review}");
    server.tmux(&["send-keys", "-t", "game", "Left"]);
    server.wait_for("game", "move 26 of 27", PATIENCE);
    server.tmux(&["send-keys", "-t", "game", "q"]);
    let back = server.wait_for("game", "Game over", PATIENCE);
    assert!(back.contains("Tab board"), "{back}");
    server.tmux(&["send-keys", "-t", "game", "Tab"]);
    let hidden = server.wait_for("game", "Tab result", PATIENCE);
    let bar = hidden.lines().last().expect("the key bar");
    assert!(bar.contains("Tab result"), "{hidden}");
    server.tmux(&["send-keys", "-t", "game", "q"]);
    server.wait_for_exit("game", Duration::from_secs(5));
}
