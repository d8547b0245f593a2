//! Learn to play, played through the app: every step refuses the wrong move
//! with a hint, makes the right one on the real engine (the whole board is
//! compared with the one the rules give) and then shows what happened; the
//! last page's Enter opens a game against the computer at level 1.

use std::time::Duration;

use endodoi::app::input::KeyCode;
use endodoi::app::{
    Action, App, Effect, FIRST_LEVEL, INVITATION, Keymap, Lesson, LessonAction, Mode, STEPS,
    Screen, Setting, Tone,
};
use endodoi::rules::{BySide, Config, EndReason, Hole, Side, Variant};
use endodoi::save::Store;
use endodoi::search::Level;
use endodoi::terminal::Runner;
use endodoi::ui::{Look, View};
use keys::{press, type_keys};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use screen::text;

use crate::common::{in_process, keys, mouse, screen, snapshot::assert_snapshot};

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};
use crate::common::effects::{autosave, run};
use endodoi::app::Snapshot;

fn lesson_app() -> App {
    let mut app = App::learn();
    app.set(Setting::Animation(false));
    app
}

fn lesson(app: &App) -> Lesson {
    *app.screen().lesson().expect("the lesson is shown")
}

fn draw(app: &App, look: Look, width: u16, height: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, look).render(buf.area, &mut buf);
    buf
}

/// The screen's words in reading order, frames dropped and spaces
/// collapsed, so that a paragraph wrapped in a frame reads as one line.
fn words(buf: &Buffer) -> String {
    text(buf)
        .lines()
        .map(|line| line.trim().trim_matches(['│', '|']).trim())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The board as the rules page writes it: South's row, North's row, each
/// from its owner's left, and the seeds captured.
fn board(app: &App) -> (Vec<u8>, Vec<u8>, BySide<u16>) {
    let position = app.record().game.position();
    (
        position.row(Side::South).to_vec(),
        position.row(Side::North).to_vec(),
        position.captured(),
    )
}

/// The app on page `page` of the lesson, reached with the next-step key.
fn at_page(page: usize) -> App {
    let mut app = lesson_app();
    for _ in 0..page {
        press(&mut app, KeyCode::Char('n'));
    }
    assert_eq!(lesson(&app).page(), page);
    app
}

/// One step, as the rules page gives it: the board before, a legal move the
/// step refuses, the step's move and the whole board after it.
struct Expected {
    page: usize,
    before: (&'static [u8], &'static [u8]),
    wrong: char,
    hint: &'static str,
    right: char,
    after: (&'static [u8], &'static [u8], BySide<u16>),
}

const NONE: BySide<u16> = BySide { south: 0, north: 0 };

/// Plays `expected`'s step through the keys: the wrong move is refused
/// with the step's hint and leaves the board as it was; the right one makes
/// the board the rules give, and the screen then shows the explanation.
fn plays(expected: &Expected) -> App {
    let mut app = at_page(expected.page);
    let step = &STEPS[expected.page];
    let (south, north) = expected.before;
    assert_eq!(board(&app), (south.to_vec(), north.to_vec(), NONE));
    let screen = words(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains(&collapsed(step.task)), "{screen}");

    type_keys(
        &mut app,
        &format!("{}\n", expected.wrong.to_ascii_lowercase()),
    );
    let message = app.desk().message().expect("a refusal");
    assert_eq!(message.tone, Tone::Error);
    assert_eq!(message.text, expected.hint);
    assert_eq!(board(&app), (south.to_vec(), north.to_vec(), NONE));
    assert!(!lesson(&app).is_done());

    type_keys(
        &mut app,
        &format!("{}\n", expected.right.to_ascii_lowercase()),
    );
    let (south, north, captured) = expected.after;
    assert_eq!(board(&app), (south.to_vec(), north.to_vec(), captured));
    assert!(lesson(&app).is_done());
    assert_eq!(lesson(&app).text(), step.explanation);
    let screen = words(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains(&collapsed(step.explanation)),
        "the whole explanation shows at 80×24:\n{}",
        text(&draw(&app, PLAIN, 80, 24))
    );
    assert!(screen.contains("What happened"), "{screen}");
    app
}

#[test]
fn sowing_goes_counterclockwise_one_seed_a_hole() {
    let app = plays(&Expected {
        page: 0,
        before: (&[2, 0, 0, 4, 0, 0], &[0, 0, 2, 2, 0, 1]),
        wrong: 'A',
        hint: "Not A in this step: sow D, which shows the rule",
        right: 'D',
        after: (&[2, 0, 0, 0, 1, 1], &[1, 1, 2, 2, 0, 1], NONE),
    });
    assert_eq!(app.record().game.to_move(), Some(Side::North));
    assert_eq!(app.record().game.history()[0].captured, 0);
}

#[test]
fn relay_lifts_the_occupied_hole_and_sows_on() {
    let app = plays(&Expected {
        page: 1,
        before: (&[1, 0, 2, 0, 1, 0], &[0, 2, 0, 1, 3, 0]),
        wrong: 'A',
        hint: "Not A in this step: sow C, which shows the rule",
        right: 'C',
        after: (&[1, 0, 0, 1, 0, 1], &[1, 2, 0, 1, 3, 0], NONE),
    });
    let report = app
        .record()
        .game
        .preview(endodoi::rules::Hole::new(Side::North, 1));
    assert!(report.is_ok(), "North moves on");
}

#[test]
fn capture_takes_the_opposite_seeds_and_the_trigger_seed() {
    plays(&Expected {
        page: 2,
        before: (&[1, 2, 0, 0, 0, 1], &[2, 0, 3, 0, 1, 1]),
        wrong: 'A',
        hint: "Not A in this step: sow B, which shows the rule",
        right: 'B',
        after: (
            &[1, 0, 1, 0, 0, 1],
            &[2, 0, 0, 0, 1, 1],
            BySide { south: 4, north: 0 },
        ),
    });
}

#[test]
fn no_capture_from_an_empty_opposite_hole_the_last_seed_stays() {
    plays(&Expected {
        page: 3,
        before: (&[1, 0, 0, 2, 0, 0], &[0, 1, 2, 0, 3, 0]),
        wrong: 'A',
        hint: "Not A in this step: sow D, which shows the rule",
        right: 'D',
        after: (&[1, 0, 0, 0, 1, 1], &[0, 1, 2, 0, 3, 0], NONE),
    });
}

#[test]
fn an_endless_sowing_is_refused_and_the_board_stays() {
    let app = plays(&Expected {
        page: 4,
        before: (&[1, 2, 0, 2, 3, 0], &[1, 0, 1, 0, 1, 0]),
        wrong: 'D',
        hint: "Not D in this step: try to sow B, which shows the rule",
        right: 'B',
        after: (&[1, 2, 0, 2, 3, 0], &[1, 0, 1, 0, 1, 0], NONE),
    });
    assert_eq!(app.record().game.ply(), 0, "nothing was played");
    let message = app.desk().message().expect("the engine's refusal");
    assert_eq!(message.tone, Tone::Error);
    assert_eq!(
        message.text,
        "The sowing from B never ends (it returns to the same state every 68 laps)"
    );
}

#[test]
fn the_game_ends_without_a_move_and_the_last_mover_takes_the_rest() {
    let app = plays(&Expected {
        page: 5,
        before: (&[0, 2, 0, 0, 3, 1], &[0, 0, 2, 0, 0, 0]),
        wrong: 'E',
        hint: "Not E in this step: sow B, which shows the rule",
        right: 'B',
        after: (
            &[0, 0, 1, 0, 3, 1],
            &[0, 0, 0, 0, 0, 0],
            BySide { south: 3, north: 0 },
        ),
    });
    let outcome = app.record().game.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::NoMoves);
    assert_eq!(outcome.taken, BySide { south: 5, north: 0 });
    assert_eq!(outcome.totals(), BySide { south: 8, north: 0 });
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(
        !screen.contains("Game over ─") && !screen.contains("wins 8-0"),
        "no result popup over the lesson:\n{screen}"
    );
}

#[test]
fn cross_endodoi_sows_odd_laps_clockwise_and_even_laps_counterclockwise() {
    let app = plays(&Expected {
        page: 6,
        before: (&[0, 3, 0, 0, 0, 1], &[0, 0, 0, 0, 3, 0]),
        wrong: 'F',
        hint: "Not F in this step: sow B, which shows the rule",
        right: 'B',
        after: (&[2, 1, 1, 0, 0, 1], &[0, 0, 0, 0, 0, 2], NONE),
    });
    assert_eq!(app.record().game.config().variant(), Variant::Cross);
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains("Cross-Endodoi"), "{screen}");
}

#[test]
fn every_step_is_tested_and_shows_its_own_rule() {
    // The tests above cover pages 0 to 6; a new step needs its own test.
    assert_eq!(STEPS.len(), 7);
    assert_eq!(Lesson::pages(), 8);
}

#[test]
fn the_last_page_invites_and_enter_starts_a_game_against_level_1() {
    let mut app = at_page(STEPS.len());
    assert!(lesson(&app).step().is_none());
    assert_eq!(lesson(&app).text(), INVITATION);
    let screen = words(&draw(&app, PLAIN, 80, 24));
    assert!(screen.contains(&collapsed(INVITATION)), "{screen}");
    assert!(
        screen.contains("Enter starts the game · p back to the lesson · q quit"),
        "{screen}"
    );
    // The status line and the key bar say alike what q does.
    assert!(screen.ends_with("? help q quit"), "{screen}");
    assert_eq!(
        app.front()
            .label(&Keymap::LESSON.bindings()[3], app.desk().shown()),
        "play"
    );
    assert!(screen.contains("Computer (level 1) North"), "{screen}");
    assert_eq!(app.selected(), None, "no move to preview");
    assert!(!screen.contains("→ ends in"), "{screen}");

    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Game);
    assert_eq!(app.record().game.config(), Config::default());
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(app.players().computer(Side::North), Some(FIRST_LEVEL));
    assert_eq!(FIRST_LEVEL, Level::new(1).expect("level 1"));
    assert_eq!(app.players().computer(Side::South), None);
    assert_eq!(app.players().name(Side::North), "Computer (level 1)");
    assert_eq!(
        app.desk().message().map(|m| m.text.as_str()),
        Some("Your first game: you are South, against Computer (level 1)")
    );
    assert_eq!(app.take_effects(), Vec::new(), "nothing to save yet");

    // An ordinary game now: the player's move is saved and the computer answers.
    type_keys(&mut app, "c\n");
    assert_eq!(app.record().game.ply(), 1);
    let effects = app.take_effects();
    assert!(effects.contains(&autosave(&app)), "{effects:?}");
    let asked = effects.iter().find_map(|effect| match effect {
        Effect::Think(request) => Some(request.level),
        _ => None,
    });
    assert_eq!(asked, Some(FIRST_LEVEL));
}

#[test]
fn enter_goes_through_the_whole_lesson_into_the_game() {
    let mut app = lesson_app();
    for step in &STEPS {
        let letter = step.hole().letter().to_ascii_lowercase();
        type_keys(&mut app, &format!("{letter}\n"));
        assert!(lesson(&app).is_done(), "{}", step.title);
        press(&mut app, KeyCode::Enter);
    }
    assert_eq!(lesson(&app).page(), STEPS.len());
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Game);
}

#[test]
fn the_lesson_asks_for_no_save_and_leaves_nothing_on_disk() {
    let dir = tempfile::tempdir().expect("a folder");
    let store = Store::new(Some(dir.path().to_path_buf()), None, Vec::new());
    let mut runner = Runner::new(store, None, None);
    let mut app = lesson_app();
    type_keys(&mut app, "d\n\nc\n");
    assert_eq!(app.record().game.ply(), 1);
    let effects = app.take_effects();
    assert!(
        effects.iter().all(Effect::is_file),
        "nothing for the workers: {effects:?}"
    );
    run(&mut runner, &mut app, effects);
    let farewell = runner.finish(&Snapshot::of(&app));
    assert!(farewell.all_kept(), "{farewell:?}");
    assert!(farewell.notes.is_empty() && farewell.unkept.is_empty());
    let files: Vec<_> = std::fs::read_dir(dir.path()).expect("the folder").collect();
    assert!(files.is_empty(), "{files:?}");
}

#[test]
fn back_and_again_show_a_step_from_its_start() {
    let mut app = lesson_app();
    type_keys(&mut app, "d\n");
    assert!(lesson(&app).is_done());
    press(&mut app, KeyCode::Char('u'));
    assert!(!lesson(&app).is_done());
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(lesson(&app).text(), STEPS[0].task);
    type_keys(&mut app, "nn");
    assert_eq!(lesson(&app).page(), 2);
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(lesson(&app).page(), 1);
    assert_eq!(board(&app).0, STEPS[1].south.to_vec());
    press(&mut app, KeyCode::Char('p'));
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(lesson(&app).page(), 0, "no page before the first");
}

#[test]
fn once_the_move_is_made_the_hole_keys_say_how_to_go_on() {
    let mut app = lesson_app();
    type_keys(&mut app, "d\n");
    let before = board(&app);
    type_keys(&mut app, "b");
    assert_eq!(
        app.desk().message().map(|m| m.text.as_str()),
        Some("This step is done: go on to the next, or try it again")
    );
    assert_eq!(board(&app), before);
    assert!(!app.front().offers(
        Action::Lesson(LessonAction::Select('b')),
        app.desk().shown()
    ));
    assert!(
        app.front()
            .offers(Action::Lesson(LessonAction::Again), app.desk().shown())
    );
    assert_eq!(
        app.front()
            .label(&Keymap::LESSON.bindings()[3], app.desk().shown()),
        "next"
    );
}

#[test]
fn the_move_is_sown_seed_by_seed_and_then_explained() {
    let mut app = App::learn();
    type_keys(&mut app, "d\n");
    assert!(matches!(app.desk().mode(), Mode::Sowing(_)));
    assert_eq!(app.front().keymap(), Keymap::SOWING);
    let sowing = words(&draw(&app, PLAIN, 80, 24));
    assert!(sowing.contains(&collapsed(STEPS[0].task)), "{sowing}");
    app.tick(Duration::from_secs(5));
    assert_eq!(app.desk().mode(), &Mode::Play);
    let after = words(&draw(&app, PLAIN, 80, 24));
    assert!(after.contains(&collapsed(STEPS[0].explanation)), "{after}");
}

#[test]
fn a_hole_clicked_twice_is_sown() {
    let mut app = lesson_app();
    assert_eq!(
        app.selected().map(Hole::letter),
        Some('D'),
        "the step's hole"
    );
    press(&mut app, KeyCode::Left);
    assert_eq!(app.selected().map(Hole::letter), Some('A'));
    let buf = draw(&app, Look::default(), 80, 24);
    let screen = text(&buf);
    // South's letters are on the row above South's name; D is the fourth.
    let row = screen
        .lines()
        .position(|line| line.contains("E       F") && line.contains('D'))
        .expect("South's letters") as u16;
    let line: Vec<char> = screen
        .lines()
        .nth(row.into())
        .expect("a line")
        .chars()
        .collect();
    let column = line.iter().position(|&c| c == 'D').expect("D") as u16;
    mouse::click(&mut app, column, row);
    assert_eq!(app.selected().map(Hole::letter), Some('D'));
    mouse::click(&mut app, column, row);
    assert!(lesson(&app).is_done());
    assert_eq!(app.record().game.ply(), 1);
}

#[test]
fn help_lists_the_lessons_keys_in_full() {
    let mut app = lesson_app();
    press(&mut app, KeyCode::Char('?'));
    let screen = text(&draw(&app, PLAIN, 80, 24));
    for line in [
        "a-f           select that hole of yours (either case)",
        "Enter  Space  sow the selected hole, then go on",
        "n  p          the next step, the step before",
        "q  Ctrl-C  Esc  quit the lesson",
    ] {
        assert!(
            collapsed(&screen).contains(&collapsed(line)),
            "{line}:\n{screen}"
        );
    }
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(app.desk().mode(), &Mode::Play);
}

#[test]
fn quit_leaves_the_lesson_at_once() {
    let mut app = lesson_app();
    type_keys(&mut app, "d\n");
    press(&mut app, KeyCode::Char('q'));
    assert!(
        app.desk().should_quit(),
        "nothing to lose: no question asked"
    );
}

#[test]
fn ascii_lesson_screens_stay_ascii() {
    let ascii = Look {
        ascii: true,
        color: false,
    };
    let mut app = lesson_app();
    for page in 0..Lesson::pages() {
        let screen = text(&draw(&app, ascii, 80, 24));
        assert!(screen.is_ascii(), "page {page}:\n{screen}");
        press(&mut app, KeyCode::Char('n'));
    }
}

#[test]
fn learn_without_a_terminal_says_it_needs_one() {
    let output = in_process::endodoi(&["learn"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, b"");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "endodoi: the lesson needs a terminal: run `endodoi learn` in one\n"
    );
}

#[test]
fn back_from_the_invitation_the_learner_plays_the_step_again() {
    let mut app = at_page(STEPS.len());
    assert_eq!(app.players().name(Side::South), "South");
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(lesson(&app).page(), STEPS.len() - 1);
    assert_eq!(app.players().name(Side::South), "You");
    assert_eq!(app.players().computer(Side::North), None);
    assert_eq!(app.record().game.config().variant(), Variant::Cross);
}

#[test]
fn on_a_large_screen_the_text_stays_under_the_board() {
    let app = lesson_app();
    let screen = text(&draw(&app, PLAIN, 200, 60));
    let lines: Vec<&str> = screen.lines().collect();
    let board_bottom = lines
        .iter()
        .position(|line| line.contains('╰') && line.contains("──────────"))
        .expect("the board's bottom");
    let text_top = lines
        .iter()
        .position(|line| line.contains("╭ Sowing"))
        .expect("the step's text");
    assert!(
        text_top > board_bottom,
        "the text over the board:\n{screen}"
    );
    assert!(
        !lines[..board_bottom]
            .iter()
            .any(|line| line.contains("╭ Moves")),
        "no move list in the lesson:\n{screen}"
    );
}

#[test]
fn at_56x18_a_step_text_cut_under_the_board_is_read_whole_in_help() {
    for page in 0..STEPS.len() {
        let mut app = at_page(page);
        let text_of_step = collapsed(lesson(&app).text());
        let screen = text(&draw(&app, PLAIN, 56, 18));
        assert!(screen.contains("? reads it all ╯"), "{screen}");
        press(&mut app, KeyCode::Char('?'));
        let help = draw(&app, PLAIN, 56, 18);
        assert!(
            words(&help).contains(&text_of_step),
            "step {page} whole in help:\n{}",
            text(&help)
        );
        if page == 0 {
            assert_snapshot!("step_1_at_56x18", screen);
            assert_snapshot!("step_1_help_at_56x18", text(&help));
        }
    }
}

#[test]
fn at_56x18_the_status_line_drops_clauses_the_key_bar_names_rather_than_cut_a_word() {
    let mut app = at_page(0);
    let hole = STEPS[0].hole().to_string().to_lowercase();
    type_keys(&mut app, &hole);
    press(&mut app, KeyCode::Enter);
    assert!(lesson(&app).is_done());
    let screen = text(&draw(&app, PLAIN, 56, 18));
    let status = screen.lines().nth(13).expect("the status line");
    assert_eq!(
        status.trim(),
        "Enter the next step · u this step again",
        "{screen}"
    );
    assert!(
        screen.ends_with("Enter n next  u again  ? help  q quit"),
        "{screen}"
    );
}

#[test]
fn where_the_step_text_fits_help_is_only_the_keys_and_rules() {
    let mut app = at_page(3);
    let screen = text(&draw(&app, PLAIN, 80, 24));
    assert!(!screen.contains("reads it all"), "{screen}");
    press(&mut app, KeyCode::Char('?'));
    let help = text(&draw(&app, PLAIN, 80, 24));
    let title = help
        .lines()
        .position(|line| line.contains("─ Help ─"))
        .expect("the help popup");
    let first = help.lines().nth(title + 1).expect("a line");
    assert_eq!(
        first.trim(),
        "│ Keys                                                                   │"
    );
}

/// Issue 26, 9: the first step has no step before, so its status line does
/// not offer one; the second does.
#[test]
fn only_a_step_after_the_first_offers_the_step_before() {
    for (page, offered) in [(0, false), (1, true)] {
        let mut app = at_page(page);
        let hole = STEPS[page].hole().to_string().to_lowercase();
        type_keys(&mut app, &hole);
        press(&mut app, KeyCode::Enter);
        assert!(lesson(&app).is_done());
        let screen = text(&draw(&app, PLAIN, 100, 30));
        assert_eq!(screen.contains("the step before"), offered, "{screen}");
    }
}

#[test]
fn the_endless_step_asks_for_its_letter_not_the_arrows_that_pass_it_over() {
    let endless = STEPS
        .iter()
        .position(|step| matches!(step.goal, endodoi::app::Goal::TryEndless(_)))
        .expect("an endless step");
    let app = at_page(endless);
    let screen = words(&draw(&app, PLAIN, 80, 24));
    assert!(
        screen.contains("Select B (its letter), then Enter to sow"),
        "{screen}"
    );
    let before = words(&draw(&at_page(endless - 1), PLAIN, 80, 24));
    assert!(before.contains("(its letter, or ← →)"), "{before}");
}
