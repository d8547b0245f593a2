//! What the screen shows, drawn into a buffer: boards of width 6 and 10, at
//! 80×24 and smaller, in colour, without colour (`NO_COLOR`) and in ASCII.

use std::time::Duration;

use endodoi::app::input::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use endodoi::app::{Answer, App, Match, Setting};
use endodoi::record::Record;
use endodoi::rules::{BySide, Config, Game, Hole, Position, Side, Variant};
use endodoi::search::{Level, SearchResult};
use endodoi::ui::{Look, View};
use keys::{press, type_keys};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::widgets::Widget;
use screen::{named_game, text};

use crate::common::{keys, screen, snapshot::assert_snapshot};

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};
const ASCII: Look = Look {
    ascii: true,
    color: false,
};

fn draw(app: &App, look: Look, width: u16, height: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, look).render(buf.area, &mut buf);
    buf
}

#[test]
fn board_of_6_at_80x24() {
    let app = named_game(6, "C a B");
    assert_snapshot!(text(&draw(&app, PLAIN, 80, 24)));
}

#[test]
fn board_of_10_fits_80x24() {
    let app = named_game(10, "C a B");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("[a]"),
        "North's selected hole is shown:\n{screen}"
    );
    assert!(screen.contains('J') && screen.contains('j'));
    assert_snapshot!(screen);
}

#[test]
fn ascii_board_uses_no_box_drawing_or_dots() {
    let app = named_game(6, "C a B");
    let screen = text(&draw(&app, ASCII, 80, 24));
    assert!(screen.is_ascii(), "non-ASCII in:\n{screen}");
    assert_snapshot!(screen);
}

#[test]
fn ascii_screens_stay_ascii_while_sowing_and_in_help() {
    let mut app = named_game(6, "C a");
    app.set(Setting::Animation(true));
    type_keys(&mut app, "b\n");
    app.tick(Duration::from_millis(80 * 3));
    let sowing = text(&draw(&app, ASCII, 80, 24));
    assert!(sowing.contains("Sowing B"), "{sowing}");
    assert!(sowing.is_ascii(), "non-ASCII in:\n{sowing}");
    let mut app = named_game(6, "");
    type_keys(&mut app, "?");
    let help = text(&draw(&app, ASCII, 80, 24));
    assert!(help.is_ascii(), "non-ASCII in:\n{help}");
    let small = text(&draw(&app, ASCII, 40, 10));
    assert!(small.contains("need"), "{small}");
    assert!(small.is_ascii(), "non-ASCII in:\n{small}");
}

#[test]
fn ascii_board_of_10_uses_no_box_drawing_or_dots() {
    let app = named_game(10, "C a B");
    let screen = text(&draw(&app, ASCII, 80, 24));
    assert!(screen.is_ascii(), "non-ASCII in:\n{screen}");
}

#[test]
fn small_terminal_shows_the_size_needed() {
    let app = named_game(10, "");
    let screen = text(&draw(&app, PLAIN, 40, 10));
    assert!(screen.contains("Terminal too small"), "{screen}");
    assert!(screen.contains("need 65×18, have 40×10"), "{screen}");
}

#[test]
fn q_on_the_too_small_screen_asks_there_and_y_quits() {
    let mut app = named_game(6, "C a");
    let screen = text(&draw(&app, PLAIN, 56, 17));
    assert!(
        screen.contains("enlarge it, or press q to quit"),
        "{screen}"
    );
    type_keys(&mut app, "q");
    let screen = text(&draw(&app, PLAIN, 56, 17));
    assert!(screen.contains("Quit?"), "the question is shown:\n{screen}");
    assert!(screen.contains("y yes    any other key no"), "{screen}");
    type_keys(&mut app, "y");
    assert!(app.desk().should_quit());
}

#[test]
fn smallest_terminal_that_fits_drops_the_dots_but_keeps_the_counts() {
    let app = named_game(6, "C a B");
    let screen = text(&draw(&app, PLAIN, 56, 18));
    assert!(!screen.contains("Terminal too small"));
    assert!(!screen.contains('•'));
    assert_snapshot!(screen);
}

#[test]
fn no_color_draws_without_colours_and_colour_draws_with_them() {
    let app = named_game(6, "C a B");
    let plain = draw(&app, PLAIN, 80, 24);
    assert!(
        plain
            .content()
            .iter()
            .all(|cell| cell.fg == Color::Reset && cell.bg == Color::Reset)
    );
    let coloured = draw(&app, Look::default(), 80, 24);
    assert!(
        coloured
            .content()
            .iter()
            .any(|cell| cell.fg != Color::Reset)
    );
    assert_eq!(text(&plain), text(&coloured), "colour changes no glyph");
}

#[test]
fn legal_and_unplayable_holes_differ_by_border_glyphs() {
    // South's C is empty.
    let position =
        Position::from_rows(&[1, 2, 0, 3, 1, 4], &[1, 1, 2, 2, 2, 2], Side::South).expect("rows");
    let app = App::from_record(
        Record::new(Game::from_position(Variant::Classic, position, 4)),
        Match::default(),
    );
    let screen = text(&draw(&app, PLAIN, 80, 24));
    let south_top = screen
        .lines()
        .find(|line| line.contains('┏'))
        .expect("the selected hole's top");
    assert_eq!(
        south_top
            .split_whitespace()
            .nth(2)
            .map(|s| s.chars().next()),
        Some(Some('╭'))
    );
    assert_eq!(
        south_top
            .split_whitespace()
            .nth(3)
            .map(|s| s.chars().next()),
        Some(Some('┌')),
        "C is empty, so dashed:\n{screen}"
    );
}

#[test]
fn the_mover_is_marked_with_an_arrow() {
    let app = named_game(6, "C");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains("▶ Lekishon"), "{screen}");
    assert!(!screen.contains("▶ Naserian"), "{screen}");
}

#[test]
fn preview_names_the_last_hole_laps_and_capture() {
    let app = named_game(6, "");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    // A at the start: five laps, ends in C, captures d's seed and the last one.
    assert!(
        screen.contains("A → ends in C · 5 laps · 26 sown · captures 2 (d)"),
        "{screen}"
    );
    assert!(screen.contains("(C)") && screen.contains("×d"), "{screen}");
}

#[test]
fn preview_can_be_turned_off() {
    let mut app = named_game(6, "");
    type_keys(&mut app, "p");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(!screen.contains("ends in"), "{screen}");
    assert!(screen.contains("preview off"), "{screen}");
}

#[test]
fn a_selected_endless_hole_says_why() {
    let position =
        Position::from_rows(&[2, 1, 0, 2, 4, 0], &[5, 1, 5, 1, 4, 3], Side::North).expect("rows");
    let mut app = App::from_record(
        Record::new(Game::from_position(Variant::Classic, position, 4)),
        Match::default(),
    );
    let before = text(&draw(&app, PLAIN, 80, 24));
    assert!(before.contains("c∞"), "marked before selection:\n{before}");
    type_keys(&mut app, "c");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains("[c∞]"), "{screen}");
    assert!(
        screen.contains("c∞ never ends: repeats every 35 laps"),
        "{screen}"
    );
}

#[test]
fn history_highlights_the_current_move_and_shows_redo_moves() {
    let mut app = named_game(6, "C a B d");
    type_keys(&mut app, "u");
    let buf = draw(&app, PLAIN, 80, 24);
    let screen = text(&buf);
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("1.C+"))
        .expect("the history");
    assert!(
        line.contains("3.B+2 redo: 4.d"),
        "redo move d still listed: {line}"
    );
    let column = line[..line.find("B+2").expect("B")].chars().count() as u16;
    let cell = &buf[(column, row as u16)];
    assert_eq!(cell.symbol(), "B");
    assert!(cell.modifier.contains(Modifier::REVERSED), "B is current");
    let redo = &buf[(column + 12, row as u16)];
    assert_eq!(redo.symbol(), "d");
    assert!(!redo.modifier.contains(Modifier::REVERSED));
}

#[test]
fn game_over_shows_captured_plus_taken_and_the_winner() {
    // E captures North's last seed; South's A is left over and goes to South.
    let app = won_by_south(Match::new(
        Some("Naserian".into()),
        Some("Lekishon".into()),
        None,
    ));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains("Game over"), "{screen}");
    assert!(
        screen.contains("Naserian         2 +     2 =     4"),
        "{screen}"
    );
    assert!(
        screen.contains("Lekishon         0 +     0 =     0"),
        "{screen}"
    );
    assert!(screen.contains("Naserian wins 4-0"), "{screen}");
    assert_snapshot!(screen);
}

#[test]
fn sowing_animation_shows_lap_and_seeds_in_hand() {
    let mut app = named_game(6, "");
    app.set(Setting::Animation(true));
    type_keys(&mut app, "a\n");
    app.tick(Duration::from_millis(80 * 8));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("Sowing A · lap 2 of 5 · 3 in hand"),
        "{screen}"
    );
    assert!(
        screen.contains("▶ Naserian"),
        "the mover keeps the turn while sowing:\n{screen}"
    );
    assert!(!screen.contains("▶ Lekishon"), "{screen}");
    // Issue 26, 8: the capture and the count wait for the seeds to land.
    assert!(!screen.contains("A+2"), "{screen}");
    assert!(screen.contains("move 0 ╮"), "{screen}");
    assert_snapshot!(screen);
    app.tick(Duration::from_secs(60));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("move 1 ╮") && screen.contains("1.A+2"),
        "{screen}"
    );
}

#[test]
fn help_lists_the_keys() {
    let mut app = named_game(6, "");
    type_keys(&mut app, "?");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    for key in ["a-f", "Enter", "u  r  Backspace", "x  o", "q  Ctrl-C"] {
        assert!(screen.contains(key), "{key} missing:\n{screen}");
    }
    assert_snapshot!(screen);
}

#[test]
fn a_match_shows_tally_pins_beside_the_names() {
    let config = Config::default();
    let mut players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), Some(3));
    players.wins = BySide { south: 2, north: 1 };
    players.round = 4;
    let app = App::new(config, players);
    let screen = text(&draw(&app, PLAIN, 80, 24));
    // Game 4: Lekishon plays South.
    assert!(screen.contains("▶ Lekishon South  ●○○"), "{screen}");
    assert!(screen.contains("  Naserian North  ●●○"), "{screen}");
}

#[test]
fn a_match_game_over_names_the_keys_of_the_next_game_and_of_a_new_match() {
    let position =
        Position::from_rows(&[0, 0, 0, 0, 1, 0], &[1, 0, 0, 0, 0, 0], Side::South).expect("rows");
    let game = Game::from_position(Variant::Classic, position, 4);
    let mut app = App::from_record(Record::new(game.clone()), Match::new(None, None, Some(3)));
    app.set(Setting::Animation(false));
    type_keys(&mut app, "e\n");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains(
            "Game over: Enter next game · u undo · l review · m menu · Tab board · q quit"
        ),
        "{screen}"
    );
    // Issue 26, 5: the key bar says so too, not "n new".
    let bar = screen.lines().last().expect("the key bar");
    assert!(
        bar.contains("n next game") && !bar.contains("n new "),
        "{bar}"
    );
    // Issue 26, 5: with long names the reason wraps, and the popup grows
    // for it rather than cut its last line, the keys.
    let players = Match::new(Some(LONG_SOUTH.into()), Some(LONG_NORTH.into()), Some(3));
    let mut long = App::from_record(Record::new(game.clone()), players);
    long.set(Setting::Animation(false));
    type_keys(&mut long, "e\n");
    let screen = text(&draw(&long, PLAIN, 80, 24));
    assert!(
        screen.lines().any(|line| line.contains("│")
            && line.contains("Enter next game · u undo · l review · m menu")),
        "{screen}"
    );
    let mut app = App::from_record(Record::new(game), Match::new(None, None, Some(1)));
    app.set(Setting::Animation(false));
    type_keys(&mut app, "e\n");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains("wins the match 1-0!"), "{screen}");
    let bar = screen.lines().last().expect("the key bar");
    assert!(bar.contains("n new match"), "{bar}");
    assert!(
        screen.contains("n new match · u undo · l review · m menu · Tab board · q quit"),
        "{screen}"
    );
}

// ------------------------------------------------------------ the computer

#[test]
fn a_large_screen_grows_the_holes_and_spaces_their_dots_and_clicks_find_them() {
    let mut app = named_game(6, "");
    let small = text(&draw(&app, PLAIN, 80, 24));
    assert!(small.contains("╭─────╮"), "{small}");
    assert!(!small.contains("• •"), "{small}");
    let area = Rect::new(0, 0, 200, 60);
    let large = text(&draw(&app, PLAIN, area.width, area.height));
    assert!(
        large.contains("╭─────────╮"),
        "nine columns inside: {large}"
    );
    assert!(large.contains("│ • • • • │"), "four seeds, spaced: {large}");
    assert!(!large.contains("╭─────╮"), "{large}");
    // A click on the middle of D's hole, as drawn on the large screen.
    let (row, _) = large
        .lines()
        .enumerate()
        .filter(|(_, line)| line.contains("│ • • • • │"))
        .last()
        .expect("South's row");
    let letters = large
        .lines()
        .find(|line| line.contains('D') && line.contains('E') && line.contains('F'))
        .expect("South's letters");
    let column = letters.chars().position(|c| c == 'D').expect("D");
    let down = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: column as u16,
        row: row as u16,
        modifiers: KeyModifiers::NONE,
    };
    let action = View::new(&app, PLAIN).click(down, area).expect("a target");
    app.act(action);
    assert_eq!(app.selected().map(Hole::letter), Some('D'));
}

#[test]
fn a_large_screen_with_room_puts_the_move_list_beside_the_board() {
    let app = named_game(6, "C a");
    let screen = text(&draw(&app, PLAIN, 200, 60));
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|line| line.contains("╭ En Dodoi"))
        .expect("the board");
    assert!(
        lines[top].contains("╭ Moves"),
        "on the board's first row:\n{screen}"
    );
    let board_left = lines[top].find("╭ En Dodoi").expect("the board");
    let moves_left = lines[top].find("╭ Moves").expect("the moves");
    assert!(moves_left > board_left, "to the right:\n{screen}");
    assert!(
        lines[top + 1].contains("1.C+7 2.a"),
        "the moves listed:\n{screen}"
    );
    // 80x24 keeps the list under the board.
    let small = text(&draw(&app, PLAIN, 80, 24));
    let small_lines: Vec<&str> = small.lines().collect();
    let board_row = small_lines
        .iter()
        .position(|line| line.contains("╭ En Dodoi"))
        .expect("the board");
    let moves_row = small_lines
        .iter()
        .position(|line| line.contains("╭ Moves"))
        .expect("the moves");
    assert!(moves_row > board_row + 10, "{small}");
}

#[test]
fn while_the_computer_is_to_move_its_row_shows_no_selection_or_preview() {
    let mut players = Match::default();
    players.set_computer(Side::North, Some(Level::DEFAULT));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    let before = text(&draw(&app, PLAIN, 80, 24));
    assert!(before.contains(" → ends in "), "South's preview: {before}");
    type_keys(&mut app, "c\n");
    assert_eq!(app.selected(), None);
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(!screen.contains(" → ends in "), "{screen}");
    assert!(!screen.contains('['), "no hole selected: {screen}");
}

#[test]
fn the_status_line_says_the_computer_is_thinking_with_its_clock() {
    let mut players = Match::default();
    players.set_computer(Side::North, Some(Level::DEFAULT));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    type_keys(&mut app, "c\n");
    app.tick(Duration::from_millis(1200));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("Computer (level 3) is thinking ⠼ 1.2 s · u takes back your move"),
        "{screen}"
    );
    assert!(screen.contains("Computer (level 3) North"), "{screen}");
    assert!(
        !screen.contains("Enter sow"),
        "the key bar offers no move on the computer's turn:\n{screen}"
    );
}

#[test]
fn the_hint_is_shown_and_its_hole_selected() {
    let mut app = named_game(6, "");
    type_keys(&mut app, "t");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains("Looking for a hint"), "{screen}");
    let result = SearchResult {
        best: Some(Hole::new(Side::South, 3)),
        side: Side::South,
        score: 4,
        exact: false,
        depth: 9,
        nodes: 1000,
        table_hits: 0,
        elapsed: Duration::from_millis(900),
        pv: vec![Hole::new(Side::South, 3)],
    };
    app.answer(Answer::HintFound(result.clone()));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("Hint: D (+4 seeds, estimated at depth 9)"),
        "{screen}"
    );
    assert!(
        screen.contains("[D]"),
        "the hint's hole is selected:\n{screen}"
    );
    assert!(
        screen.contains("t hint"),
        "the key bar lists the hint:\n{screen}"
    );
}

#[test]
fn a_tall_screen_centres_the_layout_instead_of_stretching_the_history() {
    let app = named_game(10, "C a");
    // Too narrow for the move list beside the widest board.
    let screen = text(&draw(&app, PLAIN, 140, 48));
    let lines: Vec<&str> = screen.lines().collect();
    let moves_top = lines
        .iter()
        .position(|l| l.contains("╭ Moves"))
        .expect("the history");
    let moves_bottom = moves_top
        + lines[moves_top..]
            .iter()
            .position(|l| l.contains('╰'))
            .expect("its bottom");
    assert!(
        moves_bottom - moves_top < 12,
        "history box of {} rows",
        moves_bottom - moves_top + 1
    );
    let used = lines.iter().filter(|l| !l.trim().is_empty()).count();
    let first = lines
        .iter()
        .position(|l| !l.trim().is_empty())
        .expect("something drawn");
    let below = lines.len()
        - 1
        - lines
            .iter()
            .rposition(|l| !l.trim().is_empty())
            .expect("drawn");
    assert!(
        first.abs_diff(below) <= 1,
        "{first} blank rows above, {below} below, {used} used"
    );
    assert!(
        lines[moves_bottom + 1].contains("q quit"),
        "the key bar follows the history"
    );
}

/// A screen's text without its blanks, so that text wrapped onto several
/// rows is found whole.
fn squeezed(text: &str) -> String {
    text.split_whitespace().collect()
}

#[test]
fn a_long_error_wraps_under_the_board_instead_of_being_cut_at_80_columns() {
    let mut app = named_game(6, "C a B");
    let before = text(&draw(&app, PLAIN, 80, 24));
    let error = format!(
        "Autosave failed: cannot write {}/endodoi/games/20260101-120000-g1.ogn: Permission denied (os error 13)",
        "/home/naserian/.local/share".repeat(2)
    );
    app.answer(Answer::Notice(endodoi::app::Tone::Error, error.clone()));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.lines().all(|line| line.chars().count() <= 80),
        "{screen}"
    );
    assert!(squeezed(&screen).contains(&squeezed(&error)), "{screen}");
    // The board stays where it was; the move history gave up its rows.
    let board = |screen: &str| screen.lines().take(17).collect::<Vec<_>>().join("\n");
    assert_eq!(board(&screen), board(&before));
    assert!(screen.contains("Moves"), "{screen}");
}

#[test]
fn a_message_longer_than_three_rows_ends_with_an_ellipsis() {
    let mut app = named_game(6, "C a B");
    let words = "seeds ".repeat(100);
    app.answer(Answer::Notice(
        endodoi::app::Tone::Error,
        words.trim_end().into(),
    ));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    let rows: Vec<&str> = screen
        .lines()
        .filter(|line| line.trim_start().starts_with("seeds"))
        .collect();
    assert_eq!(rows.len(), 3, "{screen}");
    assert!(rows[2].ends_with('…'), "{screen}");
    assert!(rows.iter().all(|row| row.chars().count() <= 80));
}

// ------------------------------------------------------------ rough edges

#[test]
fn a_hint_of_one_seed_says_seed_and_an_exact_one_perfect_play() {
    let mut app = named_game(6, "");
    type_keys(&mut app, "t");
    let result = SearchResult {
        best: Some(Hole::new(Side::South, 3)),
        side: Side::South,
        score: -1,
        exact: true,
        depth: 9,
        nodes: 1000,
        table_hits: 0,
        elapsed: Duration::from_millis(900),
        pv: vec![Hole::new(Side::South, 3)],
    };
    app.answer(Answer::HintFound(result.clone()));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("Hint: D (-1 seed, perfect play)"),
        "{screen}"
    );
}

#[test]
fn a_capture_being_shown_says_where_its_seeds_come_from_with_single_spaces() {
    let mut app = named_game(6, "C a");
    app.set(Setting::Animation(true));
    type_keys(&mut app, "c\n");
    let mut screen = String::new();
    for _ in 0..500 {
        app.tick(Duration::from_millis(20));
        screen = text(&draw(&app, PLAIN, 80, 24));
        if screen.contains("captures") {
            break;
        }
    }
    assert!(
        screen.contains("│       E captures 2 (1 from b and the last seed)       │"),
        "{screen}"
    );
}

#[test]
fn a_selected_empty_hole_keeps_the_dashed_border_of_a_hole_that_cannot_be_sown() {
    let mut app = named_game(6, "C a");
    type_keys(&mut app, "e");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    let lines: Vec<&str> = screen.lines().collect();
    let letters = lines
        .iter()
        .position(|line| line.contains("[E]"))
        .unwrap_or_else(|| panic!("E is selected:\n{screen}"));
    let column = lines[letters].chars().position(|c| c == 'E').expect("E");
    let edge = |row: usize| lines[row].chars().nth(column).expect("a border");
    assert_eq!(
        (edge(letters - 5), edge(letters - 1)),
        ('╌', '╌'),
        "{screen}"
    );
    assert!(!screen.contains('┏'), "no thick border:\n{screen}");
    type_keys(&mut app, "d");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains('┏') && screen.contains("[D]"), "{screen}");
}

/// A game between `players` that South has just won: E captures North's
/// last seed, and South's A is left over and goes to South.
fn won_by_south(players: Match) -> App {
    let position =
        Position::from_rows(&[2, 0, 0, 0, 1, 0], &[1, 0, 0, 0, 0, 0], Side::South).expect("rows");
    let mut app = App::from_record(
        Record::new(Game::from_position(Variant::Classic, position, 4)),
        players,
    );
    app.set(Setting::Animation(false));
    type_keys(&mut app, "e\n");
    app
}

#[test]
fn after_a_game_ends_the_status_line_says_what_the_keys_do_now() {
    let app = won_by_south(Match::default());
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen
            .contains("Game over: n new game · w rematch · u undo · l review · m menu · Tab board"),
        "{screen}"
    );
    let ascii = text(&draw(&app, ASCII, 80, 24));
    assert!(
        ascii
            .contains("Game over: n new game - w rematch - u undo - l review - m menu - Tab board"),
        "{ascii}"
    );
}

#[test]
fn ascii_holes_that_cannot_be_sown_have_all_four_edges_and_no_letter_marks_a_capture() {
    let mut app = named_game(6, "C a");
    type_keys(&mut app, "c");
    let screen = text(&draw(&app, ASCII, 80, 24));
    // North's row cannot be sown: every hole is dotted all round.
    assert!(
        screen.contains("    ....... ....... ....... ....... ....... .......    "),
        "{screen}"
    );
    assert!(
        screen.contains("    ''''''' ''''''' ''''''' ''''''' ''''''' '''''''    "),
        "{screen}"
    );
    // Above the Quit popup, the hole a capture would empty is marked by no letter.
    type_keys(&mut app, "q");
    let quit = text(&draw(&app, ASCII, 80, 24));
    assert!(
        quit.contains("Quit?") && quit.contains("   *b   "),
        "{quit}"
    );
    assert!(!quit.contains("xb"), "{quit}");
}

#[test]
fn the_sowing_hint_line_says_what_its_keys_do_in_words() {
    let mut app = named_game(6, "");
    app.set(Setting::Animation(true));
    type_keys(&mut app, "a\n");
    let line = "any key skips the sowing; + and - change its speed";
    for look in [PLAIN, ASCII] {
        let screen = text(&draw(&app, look, 80, 24));
        assert!(screen.contains(line), "{screen}");
    }
}

#[test]
fn with_two_computers_the_thinking_line_names_q_not_u() {
    let mut players = Match::default();
    players.set_computer(Side::South, Some(Level::MIN));
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    app.tick(Duration::ZERO);
    app.tick(Duration::from_millis(500));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains("is thinking"), "{screen}");
    assert!(!screen.contains("takes back your move"), "{screen}");
    assert!(screen.contains("0.5 s · q quits"), "{screen}");
}

const LONG_SOUTH: &str = "Naserian Ole Saitoti of the Loitha Maasai";
const LONG_NORTH: &str = "Lekishon Ole Kaika of the Kisonga Maasai";

#[test]
fn long_names_end_in_an_ellipsis_on_screen_and_stay_whole_in_the_record() {
    let record = Record::read_moves(Config::default(), "C a").expect("a game");
    let players = Match::new(Some(LONG_SOUTH.into()), Some(LONG_NORTH.into()), Some(3));
    let app = App::from_record(record, players);
    for (width, height) in [(80, 24), (56, 18)] {
        let screen = text(&draw(&app, PLAIN, width, height));
        let south = screen
            .lines()
            .find(|line| line.contains("▶ Naserian"))
            .expect("South's line");
        assert!(south.contains("… South  ○○○ "), "{screen}");
        assert!(south.ends_with(" in row  27  captured   7 │"), "{screen}");
        let north = screen
            .lines()
            .find(|line| line.contains("Lekishon"))
            .expect("North's line");
        assert!(north.contains("… North  ○○○ "), "{screen}");
        assert!(north.ends_with(" captured   0 │"), "{screen}");
    }
    assert_eq!(app.record().tag("South"), Some(LONG_SOUTH));
    assert_eq!(app.record().tag("North"), Some(LONG_NORTH));
    let viewer = App::review(app.record().clone(), "long.ogn", None);
    let screen = text(&draw(&viewer, PLAIN, 80, 24));
    let header = screen.lines().next().expect("the header");
    assert!(
        header
            .contains("Naserian Ole Saitoti of the… vs Lekishon Ole Kaika of the Ki… · unfinished"),
        "{screen}"
    );
}

#[test]
fn the_result_table_fits_long_names_and_two_computers_are_told_apart() {
    let position =
        Position::from_rows(&[2, 0, 0, 0, 1, 0], &[1, 0, 0, 0, 0, 0], Side::South).expect("rows");
    let game = || Record::new(Game::from_position(Variant::Classic, position, 4));
    let mut app = App::from_record(
        game(),
        Match::new(Some(LONG_SOUTH.into()), Some(LONG_NORTH.into()), None),
    );
    app.set(Setting::Animation(false));
    type_keys(&mut app, "e\n");
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("│ Naserian Ole Saitoti of…          2 +     2 =     4 │"),
        "{screen}"
    );
    assert!(
        screen.contains("│ Lekishon Ole Kaika of th…         0 +     0 =     0 │"),
        "{screen}"
    );

    let mut players = Match::default();
    players.set_computer(Side::South, Some(Level::MIN));
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = App::from_record(game(), players);
    app.set(Setting::Animation(false));
    app.tick(Duration::ZERO);
    app.tick(Duration::from_secs(1));
    app.answer(Answer::ComputerMoved(Hole::new(Side::South, 4)));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("│   Computer 1 (level 1)         2 +     2 =     4    │"),
        "{screen}"
    );
    assert!(
        screen.contains("│   Computer 2 (level 1)         0 +     0 =     0    │"),
        "{screen}"
    );
    assert_eq!(app.record().tag("North"), Some("Computer 2 (level 1)"));
}

/// The move list's lines, between the panel's borders.
fn move_list(screen: &str) -> Vec<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|line| line.contains("╭ Moves"))
        .expect("the move list");
    lines[top + 1..]
        .iter()
        .take_while(|line| !line.contains('╰'))
        .map(|line| line.trim().trim_matches('│').trim().to_owned())
        .collect()
}

#[test]
fn every_move_is_numbered_and_lines_begin_with_a_pair_never_split() {
    // A long game, its list scrolled to the end at the smallest size.
    let random_game = |mut rng: u64| {
        let mut game = Game::new(Config::new(10, 6, Variant::Classic).expect("a board"));
        while game.outcome().is_none() && game.ply() < 120 {
            let legal: Vec<Hole> = game.legal_moves().collect();
            rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let pick = legal[(rng >> 33) as usize % legal.len()];
            game.play(pick).expect("legal");
        }
        game
    };
    let game = (0..100)
        .map(random_game)
        .find(|game| game.ply() > 40)
        .expect("a long game");
    let played = game.ply();
    assert!(played > 40, "a long game: {played}");
    let app = App::from_record(Record::new(game), Match::default());
    // 65×18 is the smallest screen a board of 10 fits.
    for (width, height) in [(80, 24), (65, 18)] {
        let screen = text(&draw(&app, PLAIN, width, height));
        let list = move_list(&screen);
        let bottom = list
            .iter()
            .rev()
            .find(|line| !line.is_empty())
            .expect("moves");
        assert!(bottom.contains(&format!("{played}.")), "{screen}");
        for line in list.iter().filter(|line| !line.is_empty()) {
            let first: usize = line
                .split('.')
                .next()
                .and_then(|number| number.parse().ok())
                .unwrap_or_else(|| panic!("a line begins with a move number: {line}"));
            assert_eq!(first % 2, 1, "a line begins with South's move: {line}");
            // Each number is followed by its move, South's by North's.
            let numbers: Vec<usize> = line
                .split(' ')
                .filter_map(|word| word.split_once('.'))
                .filter_map(|(number, _)| number.parse().ok())
                .collect();
            let last_number = *numbers.last().expect("moves");
            assert!(
                last_number.is_multiple_of(2) || last_number == played,
                "a line ends with North's move: {line}"
            );
        }
    }
}

#[test]
fn moves_to_redo_keep_their_captures_and_a_mark_that_needs_no_colour_or_italic() {
    let mut app = named_game(6, "C a B d");
    type_keys(&mut app, "uu");
    for look in [PLAIN, ASCII] {
        let screen = text(&draw(&app, look, 80, 24));
        assert!(screen.contains("1.C+7 2.a redo: 3.B+2 4.d "), "{screen}");
    }
}

#[test]
fn every_key_closes_a_help_of_one_page_as_its_footer_says() {
    for key in [
        KeyCode::Char(' '),
        KeyCode::Char('x'),
        KeyCode::Enter,
        KeyCode::Esc,
    ] {
        let mut app = named_game(6, "C a");
        type_keys(&mut app, "?");
        let open = text(&draw(&app, PLAIN, 100, 40));
        assert!(open.contains(" any key closes "), "{open}");
        press(&mut app, key);
        let closed = text(&draw(&app, PLAIN, 100, 40));
        assert!(
            !closed.contains("closes"),
            "{key:?} left help open:\n{closed}"
        );
    }
}

#[test]
fn help_at_the_smallest_size_wraps_and_pages_and_down_turns_the_page() {
    let mut app = named_game(6, "C a");
    type_keys(&mut app, "?");
    let first = text(&draw(&app, PLAIN, 56, 18));
    assert!(
        first.contains("↓ more (1/3) · any other key closes"),
        "{first}"
    );
    assert!(first.contains("select that hole of the mover"), "{first}");
    assert!(
        first.contains("(either case)"),
        "wrapped, not cut:\n{first}"
    );
    press(&mut app, KeyCode::Down);
    let second = text(&draw(&app, PLAIN, 56, 18));
    assert!(second.contains("↓ more (2/3)"), "{second}");
    press(&mut app, KeyCode::PageDown);
    let third = text(&draw(&app, PLAIN, 56, 18));
    assert!(third.contains("↓ more (3/3)"), "{third}");
    assert!(third.contains("Most seeds wins."), "{third}");
    // Every word of help is on one page or another, none cut at the edge.
    let words = |screen: &str| -> Vec<String> {
        screen
            .split(|c: char| c.is_whitespace() || c == '│')
            .filter(|word| !word.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let shown: Vec<String> = [words(&first), words(&second), words(&third)].concat();
    let wide = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        wide.contains("any key closes"),
        "one page at 80×24:\n{wide}"
    );
    for word in
        words(&wide[wide.find("Keys").expect("help")..wide.find("Most seeds").expect("rules")])
    {
        assert!(shown.contains(&word), "{word:?} is missing at 56×18");
    }
    press(&mut app, KeyCode::Down);
    assert!(
        text(&draw(&app, PLAIN, 56, 18)).contains("(1/3)"),
        "the pages go round"
    );
    type_keys(&mut app, "x");
    assert_eq!(
        app.desk().mode(),
        &endodoi::app::Mode::Play,
        "any other key closes help"
    );
}

// ------------------------------------------------------------ the flipped board

/// `screen` with its board turned round as North sees it from across the
/// table: the two rows (each a name, a line of letters and the holes)
/// change places, and each row's holes, letters included, are read in the
/// other order; the line between the rows and everything round the board
/// stay as they are.
fn turned_round(screen: &str) -> String {
    let columns = screen
        .split('\n')
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let old: Vec<Vec<char>> = screen
        .split('\n')
        .map(|line| {
            let mut line: Vec<char> = line.chars().collect();
            line.resize(columns, ' ');
            line
        })
        .collect();
    let mut lines = old.clone();
    let top = screen
        .split('\n')
        .position(|line| line.contains("╭ En Dodoi"))
        .expect("the board");
    let left = old[top].iter().position(|&c| c == '╭').expect("its frame");
    let right = (left..columns)
        .find(|&column| old[top][column] == '╮')
        .expect("its frame");
    let bottom = (top + 1..old.len())
        .find(|&row| old[row][left] == '╰')
        .expect("the board's last line");
    let hole_height = (bottom - top - 6) / 2;
    // Each row from its name inwards: the name, the letters, then the
    // holes from the top down.
    let rows_of = |name: usize, letters: usize, holes: usize| {
        [name, letters]
            .into_iter()
            .chain(holes..holes + hole_height)
            .collect::<Vec<usize>>()
    };
    let upper = rows_of(top + 1, top + 2, top + 3);
    let lower = rows_of(bottom - 1, bottom - 2, top + 4 + hole_height);
    // The holes' columns: the runs of their top edges.
    let mut holes: Vec<(usize, usize)> = Vec::new();
    for (column, &c) in old[top + 3].iter().enumerate().take(right).skip(left + 1) {
        if c != ' ' {
            match holes.last_mut() {
                Some((_, end)) if *end == column => *end += 1,
                _ => holes.push((column, column + 1)),
            }
        }
    }
    for (&to, &from) in upper.iter().zip(&lower).chain(lower.iter().zip(&upper)) {
        lines[to][left..=right].copy_from_slice(&old[from][left..=right]);
        // A name line is the name's, whatever the holes under it.
        if from == top + 1 || from == bottom - 1 {
            continue;
        }
        for (&(start, end), &(mirror, _)) in holes.iter().zip(holes.iter().rev()) {
            lines[to][mirror..mirror + end - start].copy_from_slice(&old[from][start..end]);
        }
    }
    lines
        .into_iter()
        .map(|line| line.into_iter().collect::<String>().trim_end().to_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The letters inside the board's frame on a line, read from left to right.
fn letters_on(screen: &str, row: usize) -> String {
    let line = screen.lines().nth(row).expect("the line");
    let inside = line.split('│').nth(1).expect("the board's frame");
    inside.chars().filter(char::is_ascii_alphabetic).collect()
}

/// The flipped board is the board turned round, as North sees it: North's
/// row at the bottom reading `a` to the last letter from the left, South's at
/// the top from its last letter to `A`, so that the sowing goes
/// counterclockwise on screen as it does unflipped; the selection, the
/// preview's end and capture marks, the names and the move preview go with
/// their holes, and the rest of the screen is unchanged.
#[test]
fn a_flipped_board_is_the_board_turned_round_with_norths_row_at_the_bottom() {
    for (width, size) in [(6, (80, 24)), (10, (80, 24)), (10, (200, 60))] {
        let mut app = named_game(width, "C a B");
        let unflipped = text(&draw(&app, PLAIN, size.0, size.1));
        app.set(Setting::Flipped(true));
        let flipped = text(&draw(&app, PLAIN, size.0, size.1));
        assert_eq!(
            flipped,
            turned_round(&unflipped),
            "{width} holes at {size:?}, unflipped:\n{unflipped}\nflipped:\n{flipped}"
        );
        let lines: Vec<&str> = flipped.lines().collect();
        let top = lines
            .iter()
            .position(|line| line.contains("╭ En Dodoi"))
            .expect("the board");
        let bottom = (top + 1..lines.len())
            .find(|&row| lines[row].trim_start().starts_with('╰'))
            .expect("the board's last line");
        let holes = width as usize;
        let north: String = "abcdefghij".chars().take(holes).collect();
        let south: String = "JIHGFEDCBA".chars().skip(10 - holes).collect();
        assert_eq!(letters_on(&flipped, bottom - 2), north, "{flipped}");
        assert_eq!(letters_on(&flipped, top + 2), south, "{flipped}");
        assert!(lines[bottom - 1].contains("▶ Lekishon North"), "{flipped}");
        assert!(lines[top + 1].contains("Naserian South"), "{flipped}");
        if size == (80, 24) {
            assert_snapshot!(format!("flipped_board_of_{width}_at_80x24"), flipped);
        }
    }
}

/// Mid-sowing, the seeds dropped so far, the hole being sown and the lap
/// count are drawn on the flipped board as on the board turned round.
#[test]
fn a_sowing_on_a_flipped_board_is_the_sowing_turned_round() {
    let mut app = named_game(6, "");
    app.set(Setting::Animation(true));
    type_keys(&mut app, "a\n");
    app.tick(Duration::from_millis(80 * 8));
    let unflipped = text(&draw(&app, PLAIN, 80, 24));
    assert!(unflipped.contains("Sowing A · lap 2 of 5"), "{unflipped}");
    app.set(Setting::Flipped(true));
    let flipped = text(&draw(&app, PLAIN, 80, 24));
    assert_eq!(flipped, turned_round(&unflipped), "{flipped}");
}

/// A peer's or a record's names at their worst: a right-to-left override
/// that would turn the rest of the line around, and a name of 200,000
/// characters.
fn hostile_players() -> Match {
    Match::new(
        Some("\u{202e}Naserian".into()),
        Some("x".repeat(200_000)),
        None,
    )
}

#[test]
fn hostile_names_are_shown_escaped_and_cut_on_the_board_the_status_line_and_the_result() {
    let config = Config::new(6, 4, Variant::Classic).expect("a board");
    let record = Record::read_moves(config, "C a").expect("a game");
    let mut app = App::from_record(record, hostile_players());
    app.set(Setting::Animation(false));
    type_keys(&mut app, "p");
    let playing = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        !playing.contains('\u{202e}') && playing.contains(r"\u{202e}Naserian to move"),
        "{playing}"
    );
    assert_snapshot!("hostile_names_playing", playing);
    let app = won_by_south(hostile_players());
    let over = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        !over.contains('\u{202e}') && over.contains(r"\u{202e}Naserian wins 4-0"),
        "{over}"
    );
    assert_snapshot!("hostile_names_game_over", over);
}

/// The blank rows above and below what `screen` shows.
fn margins(screen: &str) -> (usize, usize) {
    let rows: Vec<&str> = screen.lines().collect();
    let blank = |row: &&&str| row.trim().is_empty();
    let above = rows.iter().take_while(blank).count();
    let below = rows.iter().rev().take_while(blank).count();
    (above, below)
}

/// Issue 26, 10: on a large screen every screen stands in the middle, not
/// at the top with the rows below it empty.
#[test]
fn at_200x60_every_screen_is_centred_top_to_bottom() {
    let record = Record::read_moves(Config::default(), "C a F b").expect("a game");
    let screens = [
        ("a game of 6", named_game(6, "C a")),
        ("a game of 10", named_game(10, "")),
        ("the viewer", App::review(record, "game.ogn", None)),
        (
            "the start screen",
            App::start(Config::default(), &Match::default(), Vec::new()),
        ),
    ];
    for (what, app) in screens {
        let screen = text(&draw(&app, PLAIN, 200, 60));
        let (above, below) = margins(&screen);
        assert!(above + below < 60, "{what}: nothing shown");
        assert!(
            above.abs_diff(below) <= 2,
            "{what}: {above} rows above, {below} below:\n{screen}"
        );
    }
}

#[test]
fn tab_puts_the_game_over_box_aside_to_show_the_final_board_and_back() {
    let mut app = won_by_south(Match::default());
    assert!(app.record().is_over());
    let boxed = text(&draw(&app, PLAIN, 80, 24));
    assert!(boxed.contains("Game over"), "{boxed}");
    press(&mut app, KeyCode::Tab);
    let board = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        !board.contains("╭─────────────────────"),
        "the box is aside:\n{board}"
    );
    assert!(!board.contains(" Game over "), "{board}");
    assert!(board.contains("Tab result"), "{board}");
    assert!(app.record().is_over(), "nothing else changed");
    press(&mut app, KeyCode::Tab);
    assert_eq!(text(&draw(&app, PLAIN, 80, 24)), boxed, "the box again");
    // Taken back, the game goes on; ended again, its box shows.
    press(&mut app, KeyCode::Tab);
    type_keys(&mut app, "u");
    assert!(!app.record().is_over());
    assert!(!app.desk().view().result_hidden());
}
