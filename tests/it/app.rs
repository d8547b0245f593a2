//! What keys, clicks and time do to the terminal game, without a terminal.

use std::time::Duration;

use std::sync::atomic::AtomicBool;

use endodoi::app::input::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use endodoi::app::{
    Action, Answer, App, COMPUTER_PAUSE, Confirm, DEFAULT_SPEED, Effect, GameAction, GameMessage,
    Help, HelpPopup, Key, Keymap, LessonAction, MAX_SPEED, MIN_SPEED, Match, MenuAction, Mode,
    Network, OpenTarget, PeerNews, Phase, Purpose, PuzzleAction, Role, Setting, Target, Tone,
    ViewerAction, seed_time,
};
use endodoi::record::Record;
use endodoi::rules::{BySide, Config, Game, Hole, Position, Side, Variant};
use endodoi::search::{Level, Limits, Search};
use endodoi::ui::{Look, View};
use keys::{press, type_keys};
use mouse::{SCREEN, click};
use moves::letters;
use ratatui::buffer::Buffer;
use ratatui::widgets::Widget;

use crate::common::effects::{autosave, export, open};
use crate::common::{keys, mouse, moves, screen};

fn hole(letter: char) -> Hole {
    Hole::from_letter(letter).expect("a letter")
}

fn new_app() -> App {
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    app
}

fn from_rows(south: &[u8], north: &[u8], to_move: Side) -> App {
    let position = Position::from_rows(south, north, to_move).expect("valid rows");
    let game = Game::from_position(Variant::Classic, position, 4);
    let mut app = App::from_record(Record::new(game), Match::default());
    app.set(Setting::Animation(false));
    app
}

#[test]
fn letter_keys_select_the_movers_hole_in_either_case() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(app.selected(), Some(hole('D')));
    press(&mut app, KeyCode::Char('B'));
    assert_eq!(app.selected(), Some(hole('B')));
    press(&mut app, KeyCode::Enter);
    assert_eq!(letters(&app.record().game), "B");
    press(&mut app, KeyCode::Char('E'));
    assert_eq!(app.selected(), Some(hole('e')), "North's turn: E names e");
}

#[test]
fn enter_and_space_sow_the_selected_hole() {
    let mut app = new_app();
    type_keys(&mut app, "c\n");
    type_keys(&mut app, "a ");
    assert_eq!(letters(&app.record().game), "C a");
    assert_eq!(app.record().game.to_move(), Some(Side::South));
}

#[test]
fn releases_and_repeats_are_ignored() {
    let mut app = new_app();
    for kind in [KeyEventKind::Release, KeyEventKind::Repeat] {
        app.handle_key(KeyEvent {
            code: KeyCode::Enter,
            modifiers: KeyModifiers::NONE,
            kind,
        });
    }
    assert_eq!(app.record().game.ply(), 0);
}

#[test]
fn a_letter_off_the_board_is_refused_with_a_message() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('j'));
    let message = app.desk().message().expect("a message");
    assert_eq!(message.tone, Tone::Error);
    assert_eq!(message.text, "No hole J on a board 6 holes wide");
    assert_eq!(app.selected(), Some(hole('A')));
}

#[test]
fn arrows_step_through_legal_holes_as_seen_on_screen() {
    // South's C and E are empty; North's b is empty.
    let mut app = from_rows(&[1, 2, 0, 3, 0, 4], &[1, 0, 2, 2, 2, 2], Side::South);
    assert_eq!(app.selected(), Some(hole('A')));
    let mut seen = Vec::new();
    for _ in 0..4 {
        press(&mut app, KeyCode::Right);
        seen.push(app.selected().expect("a selection").letter());
    }
    assert_eq!(seen, ['B', 'D', 'F', 'A'], "empty holes skipped, wrapping");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.selected(), Some(hole('F')));
}

#[test]
fn right_arrow_moves_left_to_right_on_norths_reversed_row() {
    let mut app = new_app();
    type_keys(&mut app, "a\n");
    press(&mut app, KeyCode::Char('c'));
    press(&mut app, KeyCode::Right);
    // North's row is drawn f e d c b a: right of c is b.
    assert_eq!(app.selected(), Some(hole('b')));
}

#[test]
fn v_flips_the_board_and_back_without_touching_the_game() {
    let mut app = new_app();
    type_keys(&mut app, "c");
    let before = app.record().to_string();
    assert!(!app.desk().view().flipped());
    assert_eq!(app.desk().view().bottom(), Side::South);
    press(&mut app, KeyCode::Char('v'));
    assert!(app.desk().view().flipped());
    assert_eq!(app.desk().view().bottom(), Side::North);
    let message = app.desk().message().expect("a message");
    assert_eq!(
        (message.tone, message.text.as_str()),
        (Tone::Info, "Board flipped: North's row at the bottom")
    );
    assert_eq!(app.selected(), Some(hole('C')), "the selection stays");
    assert_eq!(app.record().to_string(), before, "the game is unchanged");
    assert!(app.take_effects().is_empty(), "nothing to save");
    press(&mut app, KeyCode::Char('V'));
    assert!(!app.desk().view().flipped(), "either case");
    assert_eq!(
        app.desk().message().expect("a message").text,
        "Board flipped: South's row at the bottom"
    );
    // `f` is still the hole f, of either row.
    press(&mut app, KeyCode::Char('f'));
    assert_eq!(app.selected(), Some(hole('F')));
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Flip), app.desk().shown())
    );
}

#[test]
fn set_flipped_turns_the_board_for_the_network_code() {
    let mut app = new_app();
    app.set(Setting::Flipped(true));
    assert!(app.desk().view().flipped());
    app.set(Setting::Flipped(true));
    assert!(app.desk().view().flipped(), "setting, not toggling");
    app.set(Setting::Flipped(false));
    assert!(!app.desk().view().flipped());
}

#[test]
fn on_a_flipped_board_the_arrows_follow_the_rows_as_drawn() {
    // South's C and E are empty; North's b is empty.
    let rows = (&[1, 2, 0, 3, 0, 4], &[1, 0, 2, 2, 2, 2]);
    let mut app = from_rows(rows.0, rows.1, Side::South);
    app.set(Setting::Flipped(true));
    assert_eq!(app.selected(), Some(hole('A')));
    let mut seen = Vec::new();
    for _ in 0..4 {
        press(&mut app, KeyCode::Right);
        seen.push(app.selected().expect("a selection").letter());
    }
    // South's row is drawn at the top, F E D C B A.
    assert_eq!(seen, ['F', 'D', 'B', 'A'], "right to left by letter");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.selected(), Some(hole('B')));
    let mut app = from_rows(rows.0, rows.1, Side::North);
    app.set(Setting::Flipped(true));
    assert_eq!(app.selected(), Some(hole('a')));
    let mut seen = Vec::new();
    for _ in 0..5 {
        press(&mut app, KeyCode::Right);
        seen.push(app.selected().expect("a selection").letter());
    }
    // North's row is drawn at the bottom, a b c d e f.
    assert_eq!(seen, ['c', 'd', 'e', 'f', 'a'], "left to right by letter");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.selected(), Some(hole('f')));
}

#[test]
fn an_empty_hole_cannot_be_sown_and_says_so() {
    let mut app = from_rows(&[1, 2, 0, 3, 0, 4], &[1, 0, 2, 2, 2, 2], Side::South);
    type_keys(&mut app, "c\n");
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(
        app.desk().message().expect("a message").text,
        "Hole C is empty"
    );
}

#[test]
fn selecting_an_endless_hole_says_why_and_sowing_it_is_refused() {
    let mut app = from_rows(&[2, 1, 0, 2, 4, 0], &[5, 1, 5, 1, 4, 3], Side::North);
    press(&mut app, KeyCode::Char('c'));
    let message = app.desk().message().expect("a message").clone();
    assert_eq!(message.tone, Tone::Error);
    assert_eq!(
        message.text,
        "The sowing from c never ends (it returns to the same state every 35 laps)"
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.record().game.ply(), 0);
}

#[test]
fn undo_and_redo_step_through_all_moves() {
    let mut app = new_app();
    type_keys(&mut app, "c\na\nb\n");
    let played = letters(&app.record().game);
    assert_eq!(app.record().game.ply(), 3);
    type_keys(&mut app, "uuu");
    assert_eq!(app.record().game.ply(), 0);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(
        app.desk().message().expect("a message").text,
        "Nothing to undo"
    );
    type_keys(&mut app, "rrr");
    assert_eq!(letters(&app.record().game), played);
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(
        app.desk().message().expect("a message").text,
        "Nothing to redo"
    );
}

#[test]
fn redo_is_offered_only_when_a_move_was_taken_back() {
    let mut app = new_app();
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Redo), app.desk().shown()),
        "nothing taken back yet"
    );
    type_keys(&mut app, "c\n");
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Redo), app.desk().shown())
    );
    type_keys(&mut app, "u");
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Redo), app.desk().shown())
    );
    type_keys(&mut app, "r");
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Redo), app.desk().shown()),
        "played again: nothing left to redo"
    );
}

#[test]
fn undo_selects_the_hole_taken_back() {
    let mut app = new_app();
    type_keys(&mut app, "d\n");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.selected(), Some(hole('D')));
    assert_eq!(app.desk().message().expect("a message").text, "Took back D");
}

#[test]
fn every_change_of_the_game_asks_for_an_autosave() {
    let mut app = new_app();
    type_keys(&mut app, "c\n");
    assert_eq!(app.take_effects(), [autosave(&app)]);
    type_keys(&mut app, "u");
    let undone = autosave(&app);
    type_keys(&mut app, "r");
    assert_eq!(app.take_effects(), [undone, autosave(&app)]);
    // A letter no hole has: nothing changes.
    press(&mut app, KeyCode::Char('z'));
    assert_eq!(app.take_effects(), []);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.take_effects(), [export(&app)]);
}

#[test]
fn quitting_an_unfinished_game_asks_first() {
    let mut app = new_app();
    type_keys(&mut app, "c\nq");
    assert_eq!(app.desk().mode(), &Mode::Confirm(Confirm::Quit));
    assert!(!app.desk().should_quit());
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert!(!app.desk().should_quit());
    type_keys(&mut app, "qy");
    assert!(app.desk().should_quit());
}

#[test]
fn quitting_before_the_first_move_needs_no_confirmation() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('q'));
    assert!(app.desk().should_quit());
}

#[test]
fn ctrl_c_quits_at_once() {
    let mut app = new_app();
    type_keys(&mut app, "c\n");
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.desk().should_quit());
    assert_eq!(app.record().game.ply(), 1, "Ctrl-C is not the hole c");
}

#[test]
fn new_game_over_an_unfinished_one_asks_first() {
    let mut app = new_app();
    type_keys(&mut app, "c\nn");
    assert_eq!(app.desk().mode(), &Mode::Confirm(Confirm::NewGame));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(app.table().serial(), 1, "a new game gets a new file");
}

#[test]
fn help_opens_with_question_mark_and_any_key_closes_it() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.desk().mode(), &Mode::Help(HelpPopup::default()));
    press(&mut app, KeyCode::Char('c'));
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(
        app.selected(),
        Some(hole('A')),
        "the closing key does nothing else"
    );
}

#[test]
fn p_toggles_the_preview() {
    let mut app = new_app();
    assert!(app.desk().view().preview_shown(app.players()));
    press(&mut app, KeyCode::Char('p'));
    assert!(!app.desk().view().preview_shown(app.players()));
    press(&mut app, KeyCode::Char('p'));
    assert!(app.desk().view().preview_shown(app.players()));
}

#[test]
fn sowing_is_animated_seed_by_seed_then_shows_the_game() {
    let mut app = App::new(Config::default(), Match::default());
    type_keys(&mut app, "a\n");
    let before = app.desk().sowing().expect("animating").clone();
    assert_eq!(before.phase, Phase::Lift);
    assert_eq!(before.rows.south, [4; 6]);
    let step = seed_time(DEFAULT_SPEED);
    app.tick(step);
    let lifted = app.desk().sowing().expect("animating");
    assert_eq!(
        (lifted.rows.south.clone(), lifted.in_hand),
        (vec![0, 4, 4, 4, 4, 4], 4)
    );
    app.tick(step * 2);
    let sowing = app.desk().sowing().expect("animating");
    assert_eq!(sowing.rows.south, [0, 5, 5, 4, 4, 4]);
    assert_eq!(sowing.in_hand, 2);
    assert_eq!(sowing.current, Some(hole('C')));
    app.tick(Duration::from_secs(60));
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(app.record().game.ply(), 1);
}

#[test]
fn any_key_skips_the_animation_and_does_nothing_else() {
    let mut app = App::new(Config::default(), Match::default());
    type_keys(&mut app, "a\n");
    assert!(app.desk().sowing().is_some());
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(app.record().game.ply(), 1, "the skipping u did not undo");
}

#[test]
fn plus_and_minus_change_speed_without_skipping() {
    let mut app = App::new(Config::default(), Match::default());
    type_keys(&mut app, "a\n");
    let slow = app.desk().sowing().expect("animating").duration();
    press(&mut app, KeyCode::Char('+'));
    assert!(app.desk().sowing().is_some());
    assert_eq!(app.desk().view().speed(), DEFAULT_SPEED + 1);
    assert!(app.desk().sowing().expect("animating").duration() < slow);
    type_keys(&mut app, "------");
    assert_eq!(app.desk().view().speed(), 1, "speed stops at the slowest");
}

#[test]
fn a_move_of_thousands_of_laps_takes_a_few_seconds_at_most() {
    let moves = "G j J a F h G b E i I a A a F b F j C e J e J c C";
    let config = Config::new(10, 4, Variant::Classic).expect("a board");
    let record = Record::read_moves(config, moves).expect("a game");
    let mut app = App::from_record(record, Match::default());
    type_keys(&mut app, "a\n");
    let sowing = app.desk().sowing().expect("animating");
    assert_eq!(sowing.report.laps.len(), 2481);
    assert!(
        sowing.duration() <= Duration::from_secs(4),
        "{:?}",
        sowing.duration()
    );
    let final_board = app.record().game.position().row(Side::South).to_vec();
    for _ in 0..300 {
        app.tick(Duration::from_millis(16));
    }
    assert_eq!(
        app.desk().mode(),
        &Mode::Play,
        "finished within 4.8 s of ticks"
    );
    assert_eq!(app.record().game.position().row(Side::South), final_board);
}

#[test]
fn the_animation_ends_on_the_board_the_game_reached() {
    let mut app = App::new(Config::default(), Match::default());
    type_keys(&mut app, "c\n");
    let mut last = None;
    while let Some(sowing) = app.desk().sowing() {
        if sowing.phase == Phase::Capture {
            last = Some(sowing.rows.clone());
        }
        app.tick(Duration::from_millis(5));
    }
    let capture = app.record().game.history()[0].captured;
    assert!(capture > 0, "C captures at the start");
    let shown = last.expect("the capture was shown");
    let position = app.record().game.position();
    // The capture phase shows the sown board; the game then removes the capture.
    let shown_total: u32 = shown
        .south
        .iter()
        .chain(&shown.north)
        .map(|&s| u32::from(s))
        .sum();
    let left: u32 = Side::ALL
        .iter()
        .map(|&s| u32::from(position.row_total(s)))
        .sum();
    assert_eq!(shown_total, left + u32::from(capture));
}

#[test]
fn a_match_changes_rows_after_each_game_and_keeps_the_tally() {
    // North has one seed left and South can end the game by capturing it.
    let position =
        Position::from_rows(&[0, 0, 0, 0, 1, 0], &[1, 0, 0, 0, 0, 0], Side::South).expect("rows");
    let game = Game::from_position(Variant::Classic, position, 4);
    let players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), Some(2));
    let mut app = App::from_record(Record::new(game), players);
    app.set(Setting::Animation(false));
    type_keys(&mut app, "e\n");
    let outcome = *app.record().game.outcome().expect("the game is over");
    assert_eq!(outcome.winner(), Some(Side::South));
    assert_eq!(
        app.players()
            .tally(app.record().verdict().and_then(|verdict| verdict.winner)),
        BySide { south: 1, north: 0 }
    );
    assert_eq!(
        app.players().champion(
            app.players()
                .tally(app.record().verdict().and_then(|verdict| verdict.winner))
        ),
        None
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(app.players().round, 2);
    assert_eq!(app.players().name(Side::South), "Lekishon");
    assert_eq!(app.players().name(Side::North), "Naserian");
    assert_eq!(app.record().tag("South"), Some("Lekishon"));
    assert_eq!(app.record().tag("Score"), Some("0-1"));
    assert_eq!(
        app.players()
            .tally(app.record().verdict().and_then(|verdict| verdict.winner)),
        BySide { south: 1, north: 0 }
    );
}

#[test]
fn undoing_the_last_move_of_a_game_takes_back_its_win() {
    let position =
        Position::from_rows(&[0, 0, 0, 0, 1, 0], &[1, 0, 0, 0, 0, 0], Side::South).expect("rows");
    let game = Game::from_position(Variant::Classic, position, 4);
    let mut app = App::from_record(Record::new(game), Match::new(None, None, Some(3)));
    app.set(Setting::Animation(false));
    type_keys(&mut app, "e\n");
    assert_eq!(
        app.players()
            .tally(app.record().verdict().and_then(|verdict| verdict.winner)),
        BySide { south: 1, north: 0 }
    );
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(
        app.players()
            .tally(app.record().verdict().and_then(|verdict| verdict.winner)),
        BySide { south: 0, north: 0 }
    );
}

#[test]
fn match_players_round_trip_through_record_tags() {
    let mut players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), Some(3));
    players.round = 4;
    players.wins = BySide { south: 2, north: 1 };
    let app = App::from_record(Record::new(Game::new(Config::default())), players.clone());
    let text = app.record().to_string();
    let record = Record::read(&text).expect("a record");
    assert_eq!(Match::from_record(&record), players);
}

/// Finds a hole's middle on an 80×24 screen by drawing it.
fn locate(app: &App, letter: char) -> (u16, u16) {
    let view = View::new(app, Look::default());
    (0..24)
        .flat_map(|row| (0..80).map(move |column| (column, row)))
        .find(|&(column, row)| view.target_at(SCREEN, column, row) == Target::Hole(hole(letter)))
        .map(|(column, row)| (column + 2, row + 2))
        .expect("the hole is on screen")
}

/// A click on a hole, as the drawing resolves it.
fn click_hole(app: &mut App, letter: char) {
    app.act(Action::Click(Target::Hole(hole(letter))));
}

/// End to end: the click is resolved on the screen as drawn.
#[test]
fn clicking_a_hole_selects_it_and_clicking_again_sows_it() {
    let mut app = new_app();
    let (column, row) = locate(&app, 'D');
    click(&mut app, column, row);
    assert_eq!(app.selected(), Some(hole('D')));
    assert_eq!(app.record().game.ply(), 0);
    click(&mut app, column, row);
    assert_eq!(letters(&app.record().game), "D");
}

/// Every hole letter drawn on the board at 80×24, with the cell of the
/// middle of the hole under or over it: the holes as the player sees them.
fn drawn_holes(app: &App) -> Vec<(char, u16, u16)> {
    let mut buf = Buffer::empty(SCREEN);
    View::new(app, Look::default()).render(SCREEN, &mut buf);
    let screen = screen::text(&buf);
    let lines: Vec<Vec<char>> = screen.lines().map(|line| line.chars().collect()).collect();
    let top = screen
        .lines()
        .position(|line| line.contains("╭ En Dodoi"))
        .expect("the board");
    let left = lines[top]
        .iter()
        .position(|&c| c == '╭')
        .expect("its frame");
    let bottom = (top + 1..lines.len())
        .find(|&row| lines[row].get(left) == Some(&'╰'))
        .expect("the board's last line");
    // The letters are on the board's third line and its third from the
    // bottom; a hole's count is two lines inwards.
    [(top + 2, top + 4), (bottom - 2, bottom - 4)]
        .into_iter()
        .flat_map(|(letters, middle)| {
            lines[letters]
                .iter()
                .enumerate()
                .filter(|(column, c)| *column > left && c.is_ascii_alphabetic())
                .map(move |(column, &c)| (c, column as u16, middle as u16))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// On a flipped board a click picks the hole drawn where it lands: South's
/// `F` top left, North's `a` bottom left.
#[test]
fn a_click_on_a_flipped_board_picks_the_hole_drawn_there() {
    let mut app = new_app();
    app.set(Setting::Flipped(true));
    let holes = drawn_holes(&app);
    let order: String = holes.iter().map(|&(letter, _, _)| letter).collect();
    assert_eq!(order, "FEDCBAabcdef", "South's row on top, North's below");
    let view = View::new(&app, Look::default());
    for &(letter, column, row) in &holes {
        assert_eq!(
            view.target_at(SCREEN, column, row),
            Target::Hole(hole(letter)),
            "the hole drawn with {letter} at ({column}, {row})"
        );
    }
    let (_, column, row) = holes[0];
    click(&mut app, column, row);
    assert_eq!(app.selected(), Some(hole('F')), "the top left hole");
    click(&mut app, column, row);
    assert_eq!(letters(&app.record().game), "F");
    // North's a is selected already; c, then a.
    let (_, column, row) = holes[8];
    click(&mut app, column, row);
    assert_eq!(app.selected(), Some(hole('c')));
    let (_, column, row) = holes[6];
    click(&mut app, column, row);
    assert_eq!(app.selected(), Some(hole('a')), "the bottom left hole");
}

#[test]
fn clicking_the_opponents_row_explains_whose_turn_it_is() {
    let mut app = new_app();
    click_hole(&mut app, 'b');
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(
        app.desk().message().expect("a message").text,
        "South moves from the South row"
    );
}

// ------------------------------------------------------------ the computer

/// A game against the computer (level 1) playing `computer_side`.
fn against_computer(computer_side: Side) -> App {
    let mut players = Match::default();
    players.set_computer(computer_side, Some(Level::MIN));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    app
}

fn think_requests(app: &mut App) -> Vec<Purpose> {
    app.take_effects()
        .into_iter()
        .filter_map(|effect| match effect {
            Effect::Think(request) => Some(request.purpose),
            _ => None,
        })
        .collect()
}

/// The computer's answer arrives once the board has been still a while.
fn computer_plays(app: &mut App, letter: char) {
    app.tick(COMPUTER_PAUSE);
    app.answer(Answer::ComputerMoved(hole(letter)));
}

#[test]
fn a_computer_player_is_named_after_its_level() {
    let app = against_computer(Side::North);
    assert_eq!(app.players().name(Side::North), "Computer (level 1)");
    assert_eq!(app.players().computer(Side::North), Some(Level::MIN));
    assert_eq!(app.players().computer(Side::South), None);
}

#[test]
fn the_players_move_asks_the_computer_for_its_answer_which_is_then_played() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    let effects = app.take_effects();
    assert!(
        effects.iter().any(|effect| matches!(
            effect,
            Effect::Think(request) if request.purpose == Purpose::Move
                && request.level == Level::MIN
                && letters(&request.game) == "C"
        )),
        "{effects:?}"
    );
    assert_eq!(
        app.table().thinking().map(|t| t.purpose),
        Some(Purpose::Move)
    );
    computer_plays(&mut app, 'a');
    assert_eq!(letters(&app.record().game), "C a");
    assert_eq!(app.table().thinking(), None);
    assert_eq!(app.take_effects(), [autosave(&app)]);
}

/// Issue 26, 12: the status line names the computer's capture, as the
/// move list writes it (`b+3`), not only its hole.
#[test]
fn the_computers_move_is_told_with_its_capture() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "a\n");
    computer_plays(&mut app, 'b');
    assert_eq!(letters(&app.record().game), "A b");
    assert_eq!(
        app.desk().message().map(|message| message.text.as_str()),
        Some("Computer (level 1) sowed b+3")
    );
}

#[test]
fn the_computers_answer_waits_until_the_board_is_still() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    app.answer(Answer::ComputerMoved(hole('a')));
    assert_eq!(letters(&app.record().game), "C", "held for the pause");
    app.tick(COMPUTER_PAUSE);
    assert_eq!(letters(&app.record().game), "C a");
}

#[test]
fn the_computers_move_is_animated_like_a_persons() {
    let mut app = against_computer(Side::North);
    app.set(Setting::Animation(true));
    type_keys(&mut app, "c\n");
    app.tick(Duration::from_secs(60));
    computer_plays(&mut app, 'a');
    let sowing = app
        .desk()
        .sowing()
        .expect("the computer's move is being sown");
    assert_eq!(sowing.report.hole, hole('a'));
}

#[test]
fn the_computer_moves_first_when_it_plays_south() {
    let mut app = against_computer(Side::South);
    app.tick(Duration::ZERO);
    assert_eq!(think_requests(&mut app), [Purpose::Move]);
    computer_plays(&mut app, 'C');
    assert_eq!(letters(&app.record().game), "C");
    assert_eq!(app.record().game.to_move(), Some(Side::North));
}

#[test]
fn keys_for_the_computers_holes_are_refused_while_it_thinks() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    type_keys(&mut app, "a\n");
    press(&mut app, KeyCode::Right);
    assert_eq!(letters(&app.record().game), "C");
    let message = app.desk().message().expect("a refusal");
    assert_eq!(message.tone, Tone::Error);
    assert!(
        message.text.contains("Computer (level 1) has this turn"),
        "{message:?}"
    );
}

#[test]
fn help_and_quit_work_while_the_computer_thinks() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.desk().mode(), &Mode::Help(HelpPopup::default()));
    computer_plays(&mut app, 'a');
    assert_eq!(
        letters(&app.record().game),
        "C",
        "not played under the help"
    );
    press(&mut app, KeyCode::Esc);
    app.tick(COMPUTER_PAUSE);
    assert_eq!(
        letters(&app.record().game),
        "C a",
        "played once the help closes"
    );
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.desk().mode(), &Mode::Confirm(Confirm::Quit));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.desk().should_quit());
}

#[test]
fn undo_on_the_players_turn_takes_back_the_computers_move_and_the_players() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    computer_plays(&mut app, 'a');
    type_keys(&mut app, "b\n");
    computer_plays(&mut app, 'f');
    assert_eq!(letters(&app.record().game), "C a B f");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(letters(&app.record().game), "C a");
    assert_eq!(app.record().game.to_move(), Some(Side::South));
    assert_eq!(
        app.desk().message().map(|m| m.text.as_str()),
        Some("Took back B f")
    );
    assert_eq!(app.table().thinking(), None);
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(
        letters(&app.record().game),
        "C a B f",
        "redo brings both back"
    );
    assert_eq!(app.record().game.to_move(), Some(Side::South));
}

#[test]
fn undo_while_the_computer_thinks_stops_it_and_gives_the_turn_back() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    app.take_effects();
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(letters(&app.record().game), "");
    assert_eq!(app.record().game.to_move(), Some(Side::South));
    assert_eq!(app.table().thinking(), None);
    let effects = app.take_effects();
    assert!(effects.contains(&Effect::StopThinking), "{effects:?}");
    app.answer(Answer::ComputerMoved(hole('a')));
    app.tick(COMPUTER_PAUSE);
    assert_eq!(letters(&app.record().game), "", "a late answer is ignored");
}

#[test]
fn a_new_game_stops_the_computers_search() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    app.take_effects();
    type_keys(&mut app, "ny");
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(app.take_effects().first(), Some(&Effect::StopThinking));
    assert_eq!(app.table().thinking(), None);
}

#[test]
fn two_computers_play_each_other_move_after_move() {
    let mut players = Match::default();
    players.set_computer(Side::South, Some(Level::MIN));
    players.set_computer(Side::North, Some(Level::MAX));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    app.tick(Duration::ZERO);
    assert_eq!(think_requests(&mut app), [Purpose::Move]);
    computer_plays(&mut app, 'C');
    assert_eq!(
        think_requests(&mut app),
        [Purpose::Move],
        "North thinks next"
    );
    computer_plays(&mut app, 'a');
    assert_eq!(letters(&app.record().game), "C a");
}

#[test]
fn in_a_match_the_computer_changes_rows_with_its_player() {
    let mut players = Match::new(None, None, Some(2));
    players.set_computer(Side::North, Some(Level::DEFAULT));
    let mut app = App::new(Config::default(), players);
    assert_eq!(app.players().computer(Side::North), Some(Level::DEFAULT));
    app.set(Setting::Animation(false));
    // Play the game out: the computer answers with its first legal move.
    while let Some(side) = app.record().game.to_move() {
        let first = app
            .record()
            .game
            .legal_moves()
            .next()
            .expect("a legal move");
        if side == Side::North {
            computer_plays(&mut app, first.letter());
        } else {
            app.handle_key(KeyEvent::from(KeyCode::Char(first.letter())));
            press(&mut app, KeyCode::Enter);
        }
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.players().round, 2);
    assert_eq!(app.players().computer(Side::South), Some(Level::DEFAULT));
    assert_eq!(app.players().computer(Side::North), None);
    assert_eq!(app.players().name(Side::South), "Computer (level 3)");
    assert_eq!(app.record().tag("South"), Some("Computer (level 3)"));
}

#[test]
fn a_resumed_record_goes_on_against_the_computer_it_names() {
    let mut record = Record::read_moves(Config::default(), "C").expect("a game");
    record.set_tag("North", "Computer (level 2)");
    let players = Match::from_record(&record);
    assert_eq!(players.computer(Side::North), Level::new(2));
    let mut app = App::from_record(record, players);
    app.tick(Duration::ZERO);
    assert_eq!(think_requests(&mut app), [Purpose::Move]);
}

#[test]
fn the_hint_key_asks_the_strongest_search_and_selects_its_move() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('t'));
    let effects = app.take_effects();
    assert!(
        effects.iter().any(|effect| matches!(
            effect,
            Effect::Think(request) if request.purpose == Purpose::Hint && request.level == Level::MAX
        )),
        "{effects:?}"
    );
    let game = app.record().game.clone();
    let result = Search::new(Limits::depth(3)).run(&game, &AtomicBool::new(false), |_| {});
    let best = result.best.expect("a move");
    app.answer(Answer::HintFound(result.clone()));
    assert_eq!(app.selected(), Some(best));
    let text = &app.desk().message().expect("the hint").text;
    assert_eq!(
        text,
        &format!(
            "Hint: {best} ({:+} seeds, estimated at depth 3)",
            result.score
        )
    );
    assert_eq!(app.table().thinking(), None);
}

#[test]
fn moving_before_the_hint_comes_drops_it() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('t'));
    type_keys(&mut app, "c\n");
    assert!(app.take_effects().contains(&Effect::StopThinking));
    let result =
        Search::new(Limits::depth(1)).run(&app.record().game, &AtomicBool::new(false), |_| {});
    app.answer(Answer::HintFound(result.clone()));
    assert_eq!(app.desk().message(), None, "a stale hint is not shown");
}

#[test]
fn no_hint_on_the_computers_turn() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    app.take_effects();
    press(&mut app, KeyCode::Char('t'));
    assert!(think_requests(&mut app).is_empty());
    assert_eq!(app.desk().message().map(|m| m.tone), Some(Tone::Error));
}

// ------------------------------------------------------------ the key tables

/// Key presses that a key of a table stands for.
fn presses(key: Key) -> Vec<KeyEvent> {
    match key {
        Key::Char(c) => vec![KeyEvent::from(KeyCode::Char(c))],
        Key::Letter(c) => vec![
            KeyEvent::from(KeyCode::Char(c.to_ascii_lowercase())),
            KeyEvent::from(KeyCode::Char(c.to_ascii_uppercase())),
        ],
        Key::Code(code) => vec![KeyEvent::from(code)],
        Key::Ctrl(c) => vec![KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)],
        Key::HoleLetters => ('a'..='j')
            .map(|c| KeyEvent::from(KeyCode::Char(c)))
            .collect(),
        Key::Digits => ('0'..='9')
            .map(|c| KeyEvent::from(KeyCode::Char(c)))
            .collect(),
        Key::Any => vec![KeyEvent::from(KeyCode::F(12))],
        Key::Click => Vec::new(),
        Key::Text => "aZ7 ./~é"
            .chars()
            .map(|c| KeyEvent::from(KeyCode::Char(c)))
            .collect(),
    }
}

#[test]
fn every_key_of_every_table_does_what_its_line_says() {
    let tables = Keymap::ALL.map(|keymap| (keymap, keymap.bindings()));
    let global = tables
        .iter()
        .map(|&(keymap, _)| (keymap, endodoi::app::keys::GLOBAL));
    for (keymap, bindings) in tables.into_iter().chain(global) {
        for binding in bindings {
            for &key in binding.keys {
                for press in presses(key) {
                    let expected = match (binding.action, press.code) {
                        (Action::Game(GameAction::Select(_)), KeyCode::Char(c)) => {
                            Action::Game(GameAction::Select(c))
                        }
                        (Action::Lesson(LessonAction::Select(_)), KeyCode::Char(c)) => {
                            Action::Lesson(LessonAction::Select(c))
                        }
                        (Action::Puzzle(PuzzleAction::Select(_)), KeyCode::Char(c)) => {
                            Action::Puzzle(PuzzleAction::Select(c))
                        }
                        (Action::Viewer(ViewerAction::Digit(_)), KeyCode::Char(c)) => {
                            Action::Viewer(ViewerAction::Digit(
                                c.to_digit(10).expect("a digit") as u8
                            ))
                        }
                        (Action::Menu(MenuAction::Type(_)), KeyCode::Char(c)) => {
                            Action::Menu(MenuAction::Type(c))
                        }
                        (action, _) => action,
                    };
                    assert_eq!(
                        keymap.action_for(press),
                        Some(expected),
                        "{keymap:?}: {press:?} of {binding:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_speed_help_names_the_speeds() {
    let speed = Keymap::GAME
        .bindings()
        .iter()
        .find(|binding| binding.action == Action::Faster)
        .expect("a speed key");
    assert_eq!(
        speed.help,
        Help::Says("sowing speed, 1 to 6; any key skips a sowing")
    );
    assert_eq!((MIN_SPEED, MAX_SPEED), (1, 6));
}

#[test]
fn escape_quits_like_q() {
    let mut app = new_app();
    press(&mut app, KeyCode::Esc);
    assert!(app.desk().should_quit(), "before the first move");
    let mut app = new_app();
    type_keys(&mut app, "c\n");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.desk().mode(), &Mode::Confirm(Confirm::Quit));
}

#[test]
fn a_click_on_a_hole_selects_it_while_help_is_open_only_closes_help() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('?'));
    click_hole(&mut app, 'D');
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(
        app.selected(),
        Some(hole('A')),
        "the click only closed help"
    );
    click_hole(&mut app, 'D');
    assert_eq!(app.selected(), Some(hole('D')));
}

#[test]
fn when_the_computer_opened_there_is_nothing_to_undo() {
    let mut app = against_computer(Side::South);
    app.tick(Duration::ZERO);
    computer_plays(&mut app, 'C');
    app.take_effects();
    type_keys(&mut app, "u");
    assert_eq!(
        letters(&app.record().game),
        "C",
        "the computer's opening stays"
    );
    assert_eq!(
        app.desk().message().map(|m| m.text.as_str()),
        Some("Nothing to undo")
    );
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Undo), app.desk().shown()),
        "the key bar does not offer u"
    );
    assert_eq!(
        think_requests(&mut app),
        [],
        "the computer is not asked again"
    );
    // Once the player has moved, u takes back the player's move and the reply.
    type_keys(&mut app, "a\n");
    computer_plays(&mut app, 'C');
    assert_eq!(letters(&app.record().game), "C a C");
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Undo), app.desk().shown())
    );
    type_keys(&mut app, "u");
    assert_eq!(letters(&app.record().game), "C");
    assert_eq!(app.record().game.to_move(), Some(Side::North));
}

#[test]
fn with_two_computers_a_refused_key_does_not_say_u_takes_back_your_move() {
    let mut players = Match::default();
    players.set_computer(Side::South, Some(Level::MIN));
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    app.tick(Duration::ZERO);
    computer_plays(&mut app, 'C');
    type_keys(&mut app, "a");
    let refusal = app.desk().message().expect("a refusal").text.clone();
    assert_eq!(refusal, "Computer 2 (level 1) has this turn");
}

#[test]
fn a_table_problem_stays_until_the_player_acts_whatever_comes_meanwhile() {
    let mut app = new_app();
    type_keys(&mut app, "t");
    // What the event loop tells the app when the tables cannot be opened
    // for the hint it asked for.
    let problem = "Tables: 6-04.edt: corrupt table file: block 0 does not match its checksum; \
                   the engine uses the tables up to 3 seeds";
    app.answer(Answer::Notice(Tone::Problem, problem.into()));
    app.tick(Duration::from_millis(130));
    app.answer(Answer::HintFound(endodoi::search::SearchResult {
        best: Some(hole('D')),
        side: Side::South,
        score: 4,
        exact: false,
        depth: 9,
        nodes: 1000,
        table_hits: 0,
        elapsed: Duration::from_millis(130),
        pv: vec![hole('D')],
    }));
    app.answer(Answer::Notice(Tone::Info, "Saved".into()));
    for _ in 0..50 {
        app.tick(Duration::from_millis(100));
    }
    // News told meanwhile follows the problem; it does not replace it.
    let shown = app
        .desk()
        .message()
        .map(|message| (message.tone, message.text.clone()));
    assert_eq!(shown, Some((Tone::Problem, format!("{problem} · Saved"))));
    type_keys(&mut app, "p");
    assert_ne!(
        app.desk().message().map(|message| message.tone),
        Some(Tone::Problem)
    );
}

#[test]
fn a_match_at_the_largest_round_and_score_a_record_can_name_goes_on_without_overflow() {
    let position =
        Position::from_rows(&[2, 0, 0, 0, 1, 0], &[1, 0, 0, 0, 0, 0], Side::South).expect("rows");
    let mut record = Record::new(Game::from_position(Variant::Classic, position, 4));
    record.set_tag("Match", "65535");
    record.set_tag("Round", "65535");
    record.set_tag("Score", "65535-65535");
    let players = Match::from_record(&record);
    let mut app = App::from_record(record, players);
    app.set(Setting::Animation(false));
    type_keys(&mut app, "e\n");
    assert_eq!(
        app.players()
            .tally(app.record().verdict().and_then(|verdict| verdict.winner)),
        BySide {
            south: 65535,
            north: 65535
        }
    );
    let tally = BySide {
        south: 65534,
        north: 65534,
    };
    let mut players = app.players().clone();
    assert!(!players.next_game(tally), "nobody has won the match yet");
    assert_eq!(players.round, u16::MAX);
}

// ------------------------------------------------------------ after a game

/// A game on a board 6 wide that South ends with `e`: North's last seed
/// is captured.
fn one_move_from_the_end(players: Match) -> App {
    let position =
        Position::from_rows(&[0, 0, 0, 0, 1, 0], &[1, 0, 0, 0, 0, 0], Side::South).expect("rows");
    let game = Game::from_position(Variant::Classic, position, 4);
    let mut app = App::from_record(Record::new(game), players);
    app.set(Setting::Animation(false));
    app
}

/// Naserian (South) against the computer at level 3 (North).
fn naserian_against_level_3() -> Match {
    let mut players = Match::new(Some("Naserian".into()), None, None);
    players.set_computer(Side::North, Level::new(3));
    players
}

#[test]
fn a_rematch_swaps_the_players_rows_the_computer_with_its_level_and_it_moves_first() {
    let mut app = one_move_from_the_end(naserian_against_level_3());
    type_keys(&mut app, "e\n");
    assert!(app.record().game.outcome().is_some());
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Rematch), app.desk().shown())
    );
    app.take_effects();
    type_keys(&mut app, "w");
    let mut swapped = Match::new(
        Some("Computer (level 3)".into()),
        Some("Naserian".into()),
        None,
    );
    swapped.computers = BySide {
        south: Level::new(3),
        north: None,
    };
    assert_eq!(app.players(), &swapped);
    assert_eq!(
        (app.record().game.ply(), app.record().game.config()),
        (0, Config::new(6, 4, Variant::Classic).expect("a board"))
    );
    assert_eq!(app.record().tag("South"), Some("Computer (level 3)"));
    assert_eq!(app.record().tag("North"), Some("Naserian"));
    assert_eq!(app.record().tag("Date"), None, "dated when first saved");
    assert_eq!(app.table().serial(), 1, "a file of its own");
    assert_eq!(
        app.desk().message().map(|message| message.text.as_str()),
        Some("Rematch: the players change rows; Computer (level 3) moves first")
    );
    // The person keeps their row at the bottom of the screen.
    assert_eq!(app.desk().view().bottom(), Side::North);
    let effects = app.take_effects();
    assert!(
        effects.iter().any(|effect| matches!(
            effect,
            Effect::Think(request) if request.purpose == Purpose::Move
                && request.level == Level::new(3).expect("a level")
                && request.game.ply() == 0
        )),
        "the computer, now South, is asked for its first move at once: {effects:?}"
    );
    computer_plays(&mut app, 'C');
    assert_eq!(letters(&app.record().game), "C");
}

#[test]
fn a_rematch_of_two_people_keeps_the_board_turned_as_it_was() {
    let players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), None);
    let mut app = one_move_from_the_end(players);
    type_keys(&mut app, "e\n");
    let ended = autosave(&app);
    type_keys(&mut app, "w");
    let swapped = Match::new(Some("Lekishon".into()), Some("Naserian".into()), None);
    assert_eq!(app.players(), &swapped);
    assert_eq!(app.desk().view().bottom(), Side::South);
    assert_eq!(app.take_effects(), [ended, autosave(&app)]);
}

#[test]
fn no_rematch_mid_game_nor_in_a_match() {
    let mut app = against_computer(Side::North);
    type_keys(&mut app, "c\n");
    let before = (app.players().clone(), app.record().clone());
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Rematch), app.desk().shown())
    );
    type_keys(&mut app, "w");
    assert_eq!((app.players().clone(), app.record().clone()), before);
    let message = app.desk().message().expect("told why");
    assert_eq!(
        (message.tone, message.text.as_str()),
        (Tone::Error, "A rematch once the game is over")
    );

    let mut app = one_move_from_the_end(Match::new(None, None, Some(3)));
    type_keys(&mut app, "e\n");
    let before = (app.players().clone(), app.record().clone());
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Rematch), app.desk().shown())
    );
    type_keys(&mut app, "w");
    assert_eq!((app.players().clone(), app.record().clone()), before);
    assert_eq!(
        app.desk().message().map(|message| message.text.as_str()),
        Some("In a match the players change rows after every game: Enter goes on")
    );
}

#[test]
fn a_game_from_the_command_line_goes_to_the_menu_with_m_once_it_is_over() {
    let mut app = one_move_from_the_end(Match::default());
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Menu), app.desk().shown())
    );
    type_keys(&mut app, "m");
    assert_eq!(app.take_effects(), []);
    assert_eq!(
        app.desk().message().map(|message| message.text.as_str()),
        Some("The menu once the game is over; q quits, and the game stays saved")
    );
    type_keys(&mut app, "e\n");
    app.take_effects();
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Menu), app.desk().shown())
    );
    type_keys(&mut app, "m");
    assert_eq!(app.take_effects(), [open(&app, OpenTarget::Menu)]);
    assert!(!app.desk().should_quit());
    // q still quits: the game was opened on the command line.
    press(&mut app, KeyCode::Char('q'));
    assert!(app.desk().should_quit());
    assert_eq!(app.take_effects(), []);
}

#[test]
fn a_rematch_across_the_network_is_sent_and_there_is_no_menu() {
    let mut app = one_move_from_the_end(Match::default());
    let role = Role::Host {
        invite: "endodoi join 7-crossover-clockwork".to_owned(),
        options: String::new(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: None,
    });
    app.answer(Answer::Remote(PeerNews::Joined(None)));
    type_keys(&mut app, "e\n");
    assert!(app.record().game.outcome().is_some());
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Rematch), app.desk().shown())
    );
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Menu), app.desk().shown())
    );
    app.take_effects();
    type_keys(&mut app, "w");
    // Issue 31, 7: the host begins game 2 on North, and says so.
    assert_eq!(
        app.take_effects(),
        [
            Effect::Send(GameMessage::NextGame {
                game: 2,
                row: Side::North
            }),
            autosave(&app)
        ]
    );
    assert_eq!(app.players().name(Side::North), "South");
    assert_eq!(app.record().game.ply(), 0);
    type_keys(&mut app, "m");
    assert_eq!(app.take_effects(), [], "nothing sent, no menu");
    assert!(!app.desk().should_quit());
    assert_eq!(
        app.desk().message().map(|message| message.text.as_str()),
        Some("A game across the network has no menu: q quits")
    );
}
