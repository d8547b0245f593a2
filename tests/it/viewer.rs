//! The replay viewer without a terminal: what its keys, clicks and time do,
//! and what it draws (80×24, the sample game of the rules page and golden
//! records).

use std::time::Duration;

use endodoi::analyze::MoveAnalysis;
use endodoi::app::input::KeyCode;
use endodoi::app::{Answer, App, Effect, HelpPopup, Mode, Setting, Target, Tone};
use endodoi::record::{Form, Record};
use endodoi::search::Limits;
use endodoi::ui::{Look, View};
use keys::{press, type_keys};
use mouse::{SCREEN, click};
use moves::letters;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use screen::text;

use crate::common::{keys, mouse, moves, screen, snapshot::assert_snapshot};

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};
use crate::common::effects::autosave;

/// The sample game of RULES.md, as `examples/` has it.
fn sample() -> Record {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/naserian-lekishon.ogn"
    ))
    .expect("the example record");
    Record::read(&text).expect("a valid record")
}

fn golden(name: &str) -> Record {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    Record::read(&std::fs::read_to_string(path).expect("a golden record")).expect("valid")
}

fn viewer(record: Record) -> App {
    let mut app = App::review(record, "sample.ogn", None);
    app.set(Setting::Animation(false));
    app
}

fn screen(app: &App) -> String {
    let mut buf = Buffer::empty(SCREEN);
    View::new(app, PLAIN).render(buf.area, &mut buf);
    text(&buf)
}

fn message(app: &App) -> (Tone, String) {
    let message = app.desk().message().expect("a message");
    (message.tone, message.text.clone())
}

// ------------------------------------------------------------------ keys

#[test]
fn opens_at_the_start_with_every_move_still_to_come() {
    let app = viewer(sample());
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(app.record().game.redo_moves().len(), 27);
    assert_eq!(app.screen().viewer().expect("viewing").total(), 27);
    assert_eq!(app.screen().viewer().expect("viewing").result(), "29-19");
}

#[test]
fn right_and_left_step_one_move() {
    let mut app = viewer(sample());
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    assert_eq!(letters(&app.record().game), "A b");
    press(&mut app, KeyCode::Left);
    assert_eq!(letters(&app.record().game), "A");
    type_keys(&mut app, "llh");
    assert_eq!(letters(&app.record().game), "A b");
}

#[test]
fn stepping_past_either_end_says_so_and_stays() {
    let mut app = viewer(sample());
    press(&mut app, KeyCode::Left);
    assert_eq!(
        message(&app),
        (Tone::Error, "This is the start of the game".to_owned())
    );
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.record().game.ply(), 27);
    assert_eq!(
        message(&app),
        (Tone::Error, "This is the end of the record".to_owned())
    );
}

#[test]
fn a_step_is_sown_seed_by_seed_and_any_key_skips_it() {
    let mut app = viewer(sample());
    app.set(Setting::Animation(true));
    press(&mut app, KeyCode::Right);
    assert!(
        matches!(app.desk().mode(), Mode::Sowing(_)),
        "{:?}",
        app.desk().mode()
    );
    assert_eq!(
        app.record().game.ply(),
        1,
        "the game is already past the move"
    );
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(
        app.record().game.ply(),
        1,
        "a key that means nothing only skips"
    );
}

#[test]
fn the_animation_ends_by_itself() {
    let mut app = viewer(sample());
    app.set(Setting::Animation(true));
    press(&mut app, KeyCode::Right);
    let duration = app.desk().sowing().expect("sowing").duration();
    app.tick(duration + Duration::from_millis(1));
    assert_eq!(app.desk().mode(), &Mode::Play);
}

#[test]
fn right_during_a_sowing_finishes_it_and_sows_the_next_move() {
    let mut app = viewer(sample());
    app.set(Setting::Animation(true));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    assert_eq!(letters(&app.record().game), "A b");
    assert_eq!(
        app.desk()
            .sowing()
            .expect("the second move is sown")
            .report
            .hole,
        endodoi::rules::Hole::from_letter('b').expect("b")
    );
}

#[test]
fn plus_and_minus_change_the_speed_without_skipping() {
    let mut app = viewer(sample());
    app.set(Setting::Animation(true));
    let speed = app.desk().view().speed();
    press(&mut app, KeyCode::Right);
    type_keys(&mut app, "+");
    assert_eq!(app.desk().view().speed(), speed + 1);
    assert!(app.desk().sowing().is_some(), "still sowing");
    type_keys(&mut app, "--");
    assert_eq!(app.desk().view().speed(), speed - 1);
}

#[test]
fn v_flips_the_board_without_ending_a_sowing_or_the_record_playing_itself() {
    let mut app = viewer(sample());
    app.set(Setting::Animation(true));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('v'));
    assert!(app.desk().view().flipped());
    assert!(app.desk().sowing().is_some(), "still sowing");
    assert_eq!(
        message(&app),
        (
            Tone::Info,
            "Board flipped: North's row at the bottom".into()
        )
    );
    let flipped = screen(&app);
    let south = flipped.find("Naserian South").expect("South's name");
    let north = flipped.find("Lekishon North").expect("North's name");
    assert!(north > south, "North's row at the bottom:\n{flipped}");
    press(&mut app, KeyCode::Char(' '));
    assert!(app.screen().viewer().expect("viewing").autoplaying());
    let shown = letters(&app.record().game);
    press(&mut app, KeyCode::Char('v'));
    assert!(!app.desk().view().flipped());
    assert!(
        app.screen().viewer().expect("viewing").autoplaying(),
        "still playing"
    );
    assert!(app.desk().sowing().is_some(), "still sowing");
    assert_eq!(letters(&app.record().game), shown, "no move stepped");
}

#[test]
fn home_end_g_and_shift_g_jump_to_the_start_and_the_end() {
    let mut app = viewer(sample());
    press(&mut app, KeyCode::End);
    assert_eq!(app.record().game.ply(), 27);
    assert!(app.record().game.outcome().is_some());
    press(&mut app, KeyCode::Home);
    assert_eq!(app.record().game.ply(), 0);
    type_keys(&mut app, "G");
    assert_eq!(app.record().game.ply(), 27);
    type_keys(&mut app, "g");
    assert_eq!(app.record().game.ply(), 0);
}

#[test]
fn a_number_then_enter_jumps_to_the_position_after_that_move() {
    let mut app = viewer(sample());
    type_keys(&mut app, "12");
    assert_eq!(app.screen().viewer().expect("viewing").goto(), Some(12));
    assert_eq!(app.record().game.ply(), 0, "nothing moves before Enter");
    type_keys(&mut app, "\n");
    assert_eq!(app.record().game.ply(), 12);
    assert_eq!(app.screen().viewer().expect("viewing").goto(), None);
    type_keys(&mut app, "3");
    press(&mut app, KeyCode::Backspace);
    type_keys(&mut app, "5\n");
    assert_eq!(app.record().game.ply(), 5, "backspace took the 3 back");
}

#[test]
fn a_number_past_the_end_is_refused() {
    let mut app = viewer(sample());
    type_keys(&mut app, "40\n");
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(
        message(&app),
        (
            Tone::Error,
            "No move 40: the record has 27 moves".to_owned()
        )
    );
}

#[test]
fn escape_cancels_a_number_and_a_second_escape_quits() {
    let mut app = viewer(sample());
    type_keys(&mut app, "7");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen().viewer().expect("viewing").goto(), None);
    assert!(!app.desk().should_quit());
    press(&mut app, KeyCode::Esc);
    assert!(app.desk().should_quit());
}

#[test]
fn q_quits_at_once_without_a_question() {
    let mut app = viewer(sample());
    type_keys(&mut app, "5\nq");
    assert!(app.desk().should_quit());
}

#[test]
fn space_plays_the_record_by_itself_until_the_end() {
    let mut app = viewer(sample());
    type_keys(&mut app, " ");
    assert_eq!(app.record().game.ply(), 1, "the first move at once");
    assert!(View::new(&app, Look::default()).wants_frames());
    for _ in 0..400 {
        app.tick(Duration::from_millis(100));
    }
    assert_eq!(app.record().game.ply(), 27);
    assert!(!app.screen().viewer().expect("viewing").autoplaying());
    assert!(
        !View::new(&app, Look::default()).wants_frames(),
        "nothing left to play"
    );
}

#[test]
fn space_again_pauses() {
    let mut app = viewer(sample());
    type_keys(&mut app, " ");
    app.tick(Duration::from_secs(1));
    let ply = app.record().game.ply();
    type_keys(&mut app, " ");
    assert!(!app.screen().viewer().expect("viewing").autoplaying());
    app.tick(Duration::from_secs(10));
    assert_eq!(app.record().game.ply(), ply);
}

#[test]
fn the_key_bar_offers_space_to_pause_while_the_record_plays() {
    let mut app = viewer(sample());
    assert!(screen(&app).contains("Space play "), "{}", screen(&app));
    type_keys(&mut app, " ");
    app.tick(Duration::from_secs(1));
    let playing = screen(&app);
    assert!(playing.contains("Space pause "), "{playing}");
    assert!(!playing.contains("Space play "), "{playing}");
    type_keys(&mut app, " ");
    assert!(screen(&app).contains("Space play "), "{}", screen(&app));
}

#[test]
fn space_at_the_end_plays_the_record_again_from_the_start() {
    let mut app = viewer(sample());
    press(&mut app, KeyCode::End);
    type_keys(&mut app, " ");
    assert_eq!(app.record().game.ply(), 0);
    assert!(app.screen().viewer().expect("viewing").autoplaying());
}

#[test]
fn viewing_never_asks_for_a_file_to_be_written() {
    let mut app = viewer(sample());
    type_keys(&mut app, "ll12\nhG g ");
    app.tick(Duration::from_secs(5));
    assert_eq!(app.take_effects(), Vec::new());
}

#[test]
fn p_takes_over_the_position_shown_and_drops_the_later_moves() {
    let mut app = viewer(sample());
    type_keys(&mut app, "4\np\n");
    assert!(app.screen().viewer().is_none(), "a game now");
    assert_eq!(letters(&app.record().game), "A b A e");
    assert!(app.record().game.redo_moves().is_empty(), "nothing to redo");
    assert_eq!(app.take_effects(), vec![autosave(&app)]);
    assert_eq!(app.record().tag("South"), Some("Naserian"));
    // Every key of the game: select, sow, undo.
    type_keys(&mut app, "d\n");
    assert_eq!(letters(&app.record().game), "A b A e D");
    type_keys(&mut app, "u");
    assert_eq!(letters(&app.record().game), "A b A e");
    type_keys(&mut app, "q");
    assert!(!app.desk().should_quit(), "quitting a game asks first");
}

#[test]
fn help_lists_the_viewer_keys_and_any_key_closes_it() {
    let mut app = viewer(sample());
    type_keys(&mut app, "?");
    assert_eq!(app.desk().mode(), &Mode::Help(HelpPopup::default()));
    let screen = screen(&app);
    assert!(screen.contains("12 Enter"), "{screen}");
    assert!(screen.contains("play on from here"), "{screen}");
    type_keys(&mut app, "x");
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(app.record().game.ply(), 0);
}

#[test]
fn clicking_a_move_in_the_list_shows_the_position_after_it() {
    let mut app = viewer(sample());
    let text = screen(&app);
    let (row, line) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("13.A+4"))
        .expect("move 13 is listed");
    // "13.A+4 14.d": a click on d or on its number goes to move 14.
    let column = line[..line.find("14.d").expect("14.d")].chars().count() + 3;
    assert_eq!(
        View::new(&app, PLAIN).target_at(SCREEN, column as u16, row as u16),
        Target::Move(14)
    );
    click(&mut app, column as u16, row as u16);
    assert_eq!(app.record().game.ply(), 14);
    click(&mut app, 0, 0);
    assert_eq!(
        app.record().game.ply(),
        14,
        "a click elsewhere does nothing"
    );
}

// ------------------------------------------------------------------ drawing

#[test]
fn the_viewer_at_80x24() {
    let mut app = viewer(sample());
    type_keys(&mut app, "12\n");
    assert_snapshot!(screen(&app));
}

#[test]
fn tags_are_shown_above_the_board_with_move_k_of_n() {
    let mut record = sample();
    record.set_tag("Date", "1904.01.01");
    let mut app = viewer(record);
    type_keys(&mut app, "3\n");
    let screen = screen(&app);
    let top = screen.lines().next().expect("a header");
    assert!(top.contains("Naserian vs Lekishon"), "{top}");
    assert!(top.contains("1904.01.01"), "{top}");
    assert!(top.contains("result 29-19"), "{top}");
    assert!(screen.contains("move 3 of 27"), "{screen}");
}

#[test]
fn a_game_stopped_by_a_forfeit_says_why_above_the_board() {
    // As `endodoi arena --records` keeps a game an engine forfeited.
    let text = "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n\
                [Event \"endodoi arena: old engine vs new engine, a long name for a pairing\"]\n\
                [South \"old\"]\n[North \"new\"]\n\
                [Termination \"South wins by forfeit at ply 3: new answered late\"]\n\n1. A b *\n";
    let app = viewer(Record::read(text).expect("a record"));
    let screen = screen(&app);
    let top = screen.lines().next().expect("a header");
    assert!(
        top.contains("South wins by forfeit at ply 3")
            && top.contains("unfinished")
            && top.contains("old vs new"),
        "{top}"
    );
    assert!(!top.contains("long name"), "the event made room: {top}");
}

#[test]
fn a_resigned_game_says_who_resigned_and_its_result_above_the_board() {
    let text = "[South \"Naserian\"]\n[North \"Lekishon\"]\n\
                [Termination \"North resigned\"]\n\n1. A b *\n";
    let app = viewer(Record::read(text).expect("a record"));
    let screen = screen(&app);
    let top = screen.lines().next().expect("a header");
    assert_eq!(
        top.split(" · ").map(str::trim).collect::<Vec<_>>(),
        [
            "sample.ogn",
            "Naserian vs Lekishon",
            "North resigned",
            "result 1-0"
        ],
        "{top}"
    );
}

#[test]
fn at_the_end_of_a_resigned_game_the_status_says_who_resigned() {
    let text = "[South \"Naserian\"]\n[North \"Lekishon\"]\n\
                [Termination \"North resigned\"]\n\n1. A b *\n";
    let mut app = viewer(Record::read(text).expect("a record"));
    press(&mut app, KeyCode::Char('G'));
    let screen = screen(&app);
    assert!(
        screen.contains(
            "Move 2: Lekishon sowed b · the end of the record: Lekishon resigned · p plays on"
        ),
        "{screen}"
    );
    assert!(!screen.contains("to move"), "{screen}");
    // One move back, the game goes on: whose move it is.
    press(&mut app, KeyCode::Left);
    let screen = self::screen(&app);
    assert!(screen.contains("Lekishon to move"), "{screen}");
}

#[test]
fn each_step_says_who_sowed_which_hole_and_what_it_did() {
    let mut app = viewer(sample());
    type_keys(&mut app, "1\n");
    let screen = screen(&app);
    assert!(
        screen.contains("A → ended in C · 5 laps · 26 sown · captured 2 (d)"),
        "{screen}"
    );
    assert!(
        screen.contains("Move 1: Naserian sowed A · Lekishon to move"),
        "{screen}"
    );
    assert!(screen.contains("[A]") && screen.contains("(C)") && screen.contains("×d"));
}

#[test]
fn the_moves_to_come_are_listed_with_their_captures() {
    let app = viewer(sample());
    let screen = screen(&app);
    assert!(
        screen.contains("next: 1.A+2 2.b+3 3.A+2 4.e+10"),
        "{screen}"
    );
    assert!(screen.contains("27.B 29-19"), "{screen}");
}

#[test]
fn the_end_shows_the_score_breakdown_of_a_finished_game() {
    let mut app = viewer(golden("002.ogn"));
    press(&mut app, KeyCode::End);
    let screen = screen(&app);
    assert!(screen.contains("Game over"), "{screen}");
    assert!(screen.contains("South wins 27-15"), "{screen}");
    assert!(screen.contains("captured   taken   total"), "{screen}");
    assert!(screen.contains("p play on"), "{screen}");
}

#[test]
fn a_faulty_record_shows_why_it_stops_in_the_status_line() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/e005.ogn"
    ))
    .expect("a golden record");
    let partial = Record::read_until_fault(&text, Form::File).expect("tags are fine");
    let fault = partial.error.expect("a fault").to_string();
    let mut app = App::review(partial.record, "e005.ogn", Some(fault));
    let screen = screen(&app);
    assert!(screen.contains("move 0 of 18"), "{screen}");
    assert!(
        screen.contains("Faulty record: line 5, column 68, ply 19: move `C`: hole C is empty"),
        "{screen}"
    );
    app.set(Setting::Animation(false));
    type_keys(&mut app, "G");
    press(&mut app, KeyCode::Right);
    assert!(
        message(&app).1.starts_with("The record stops here: line 5"),
        "{:?}",
        app.desk().message()
    );
}

#[test]
fn the_viewer_fits_every_screen_a_game_does_its_header_only_where_a_row_is_spare() {
    let app = viewer(sample());
    let screen = |width, height| {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
        View::new(&app, PLAIN).render(buf.area, &mut buf);
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
    };
    let short = screen(56, 18);
    assert!(short[0].starts_with("╭ En Dodoi"), "{short:#?}");
    assert!(
        short.iter().all(|row| !row.contains("result")),
        "{short:#?}"
    );
    let taller = screen(56, 19);
    assert!(taller[0].contains("Naserian vs Lekishon"), "{taller:#?}");
    assert!(taller[1].starts_with("╭ En Dodoi"), "{taller:#?}");
    let game = screen(56, 17).concat();
    assert!(game.contains("need 56×18, have 56×17"), "{game}");
}

// ------------------------------------------------------------------ the binary

#[test]
fn until_error_keeps_the_moves_before_a_faulty_move_of_a_move_list() {
    // Standard output is not a terminal here, so no viewer opens.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(["replay", "--moves", "A b\n C", "--until-error", "--json"])
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    let json = String::from_utf8_lossy(&output.stdout);
    assert!(json.contains("\"ply\":2"), "{json}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--moves: line 2, column 2, ply 3: move `C`"),
        "{stderr}"
    );
}

// ------------------------------------------------------------------ analysis

fn analyze_requests(app: &mut App) -> Vec<(String, Limits)> {
    app.take_effects()
        .into_iter()
        .filter_map(|effect| match effect {
            Effect::Analyze(request) => Some((letters(&request.game), request.limits)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_analysis_key_asks_once_for_the_whole_record_with_a_fixed_node_budget() {
    let mut app = viewer(sample());
    type_keys(&mut app, "3\n");
    press(&mut app, KeyCode::Char('a'));
    assert_eq!(
        analyze_requests(&mut app),
        [(
            letters(&sample().game),
            Limits::nodes(endodoi::analyze::DEFAULT_NODES)
        )]
    );
    let screen = screen(&app);
    assert!(screen.contains("Analysing move 3"), "{screen}");
    press(&mut app, KeyCode::Right);
    assert!(
        analyze_requests(&mut app).is_empty(),
        "the record is analysed once"
    );
}

#[test]
fn the_analysis_key_at_the_start_analyses_the_record_and_says_how_far_it_is() {
    let mut app = viewer(sample());
    assert_eq!(app.record().game.ply(), 0, "the viewer opens at the start");
    press(&mut app, KeyCode::Char('a'));
    assert_eq!(
        analyze_requests(&mut app),
        [(
            letters(&sample().game),
            Limits::nodes(endodoi::analyze::DEFAULT_NODES)
        )]
    );
    let total = sample().game.ply();
    assert!(
        screen_has(&app, &format!("Analysing the game: 0 of {total} moves")),
        "{}",
        screen(&app)
    );
    for ply in 1..=total {
        let played = sample().game.history()[ply - 1].hole.to_string();
        app.answer(Answer::Analysed(
            ply,
            MoveAnalysis {
                ply,
                side: "south",
                played: played.clone(),
                captured: 0,
                before: 0,
                after: 0,
                best: played,
                pv: Vec::new(),
                loss: 0,
                mistake: false,
                exact: false,
                certain: false,
                depth: 6,
                proven: None,
            },
        ));
        if ply == 1 {
            assert!(
                screen_has(&app, &format!("Analysing the game: 1 of {total} moves")),
                "{}",
                screen(&app)
            );
        }
    }
    assert!(
        screen_has(
            &app,
            &format!("Analysis of the {total} moves ready · → steps through them")
        ),
        "{}",
        screen(&app)
    );
}

/// The viewer on the sample's first move, with the analysis of a mistake
/// of 7 seeds found (exact and certain as given), and the move's hole.
fn viewer_with_a_mistake(exact: bool) -> (App, String) {
    let mut app = viewer(sample());
    type_keys(&mut app, "1\n");
    press(&mut app, KeyCode::Char('a'));
    app.take_effects();
    let played = sample().game.history()[0].hole.to_string();
    app.answer(Answer::Analysed(
        1,
        MoveAnalysis {
            ply: 1,
            side: "south",
            played: played.clone(),
            captured: 0,
            before: 3,
            after: -4,
            best: "Z".to_owned(),
            pv: vec!["Z".to_owned()],
            loss: 7,
            mistake: true,
            exact,
            certain: exact,
            depth: 6,
            proven: None,
        },
    ));
    (app, played)
}

#[test]
fn an_exact_analysis_says_perfect_play_and_a_proven_mistake_is_certain() {
    let (app, played) = viewer_with_a_mistake(true);
    let screen = screen(&app);
    assert!(
        screen.contains(&format!(
            "1. {played}: South +3 → -4 · perfect play · engine: Z · certain mistake: gives away 7"
        )),
        "{screen}"
    );
}

#[test]
fn an_analysis_shows_the_evaluations_the_engines_move_and_a_mistake() {
    let (mut app, played) = viewer_with_a_mistake(false);
    let screen = screen(&app);
    assert!(
        screen.contains(&format!(
            "1. {played}: South +3 → -4 · estimated · engine: Z · mistake: gives away 7 seeds"
        )),
        "{screen}"
    );
    press(&mut app, KeyCode::Right);
    assert!(
        analyze_requests(&mut app).is_empty(),
        "the record's analysis is under way"
    );
    assert!(screen_has(&app, "Analysing move 2"), "awaited");
    press(&mut app, KeyCode::Left);
    assert!(screen_has(&app, "mistake: gives away 7 seeds"), "cached");
}

fn screen_has(app: &App, text: &str) -> bool {
    screen(app).contains(text)
}

#[test]
fn a_long_fault_wraps_onto_more_rows_with_its_control_characters_escaped() {
    let text = "[Width \"6\"]\n\n1. A \u{1b}]0;PWNED\u{7}\u{1b}[2J b\n";
    let partial = Record::read_until_fault(text, Form::File).expect("tags are fine");
    let fault = partial.error.expect("a fault").to_string();
    let app = App::review(partial.record, "hostile.ogn", Some(fault.clone()));
    let screen = screen(&app);
    assert!(!screen.contains('\u{1b}'), "{screen}");
    let squeezed = |text: &str| text.split_whitespace().collect::<String>();
    assert!(
        squeezed(&screen).contains(&squeezed(&format!("Faulty record: {fault}"))),
        "{screen}"
    );
    assert!(fault.contains(r"`\u{1b}]0;PWNED\u{7}\u{1b}`"), "{fault}");
}

/// The viewer of a record whose second move is a token with control
/// characters: its fault is long.
fn hostile() -> App {
    let text = "[Width \"6\"]\n\n1. A \u{1b}]0;PWNED\u{7}\u{1b}[2J b\n";
    let partial = Record::read_until_fault(text, Form::File).expect("tags are fine");
    let fault = partial.error.expect("a fault").to_string();
    App::review(partial.record, "hostile.ogn", Some(fault))
}

fn drawn(app: &App, width: u16, height: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, PLAIN).render(buf.area, &mut buf);
    text(&buf)
}

#[test]
fn at_56x19_a_fault_cut_in_the_status_line_is_read_whole_in_help() {
    let mut app = hostile();
    let screen = drawn(&app, 56, 19);
    assert!(
        screen.contains("\nFaulty record: line 3, column 6, ply 2:… ? reads it all\n"),
        "{screen}"
    );
    press(&mut app, KeyCode::Char('?'));
    assert_snapshot!(drawn(&app, 56, 19));
}

#[test]
fn where_the_status_line_shows_the_fault_whole_help_does_not_repeat_it() {
    let mut app = hostile();
    press(&mut app, KeyCode::Char('?'));
    let screen = drawn(&app, 80, 24);
    assert!(
        screen.contains(
            "╭───────────────────────────────── Help ─────────────────────────────────╮\n   │ Keys "
        ),
        "{screen}"
    );
}

/// Issue 26: with analysis on, the move list marks a mistake `?` and a
/// certain one `??`; analysis off, the marks go.
#[test]
fn the_move_list_marks_a_mistake_and_a_certain_one() {
    for (exact, mark) in [(false, "?"), (true, "??")] {
        let (mut app, _) = viewer_with_a_mistake(exact);
        // As the list writes it, with its capture.
        let played = sample().game.history()[0].to_string();
        let on = screen(&app);
        assert!(on.contains(&format!("1.{played}{mark} ")), "{mark}:\n{on}");
        press(&mut app, KeyCode::Char('a'));
        let off = screen(&app);
        assert!(!off.contains(&format!("1.{played}?")), "{off}");
    }
}

/// The sample in the viewer at move `at`, analysis on, every move judged
/// with the evaluation `after(ply)` after it.
fn analysed(at: usize, after: fn(usize) -> i32) -> App {
    let mut app = viewer(sample());
    type_keys(&mut app, &format!("{at}\n"));
    press(&mut app, KeyCode::Char('a'));
    app.take_effects();
    for (index, played) in sample().game.history().iter().enumerate() {
        let ply = index + 1;
        app.answer(Answer::Analysed(
            ply,
            MoveAnalysis {
                ply,
                side: if ply % 2 == 1 { "south" } else { "north" },
                played: played.hole.to_string(),
                captured: played.captured,
                before: 0,
                after: after(ply),
                best: played.hole.to_string(),
                pv: Vec::new(),
                loss: 0,
                mistake: false,
                exact: false,
                certain: false,
                depth: 6,
                proven: None,
            },
        ));
    }
    app
}

/// Issue 26: once analysed, the viewer draws the evaluation a bar a move,
/// up while South is ahead, down while North is; issue 32: on a scale in
/// seeds with a zero line and the move numbers, one column a move,
/// scrolled to the move shown when the moves do not fit.
#[test]
fn the_viewer_graphs_the_evaluation_a_bar_a_move() {
    let after = |ply: usize| if ply < 10 { 4 } else { -8 };
    let app = analysed(5, after);
    let screen = screen(&app);
    // The graph's rows: what lies between its frame's sides, beside the
    // move list (80×24: 18 of the 27 moves, from the first).
    assert!(screen.contains("╮╭ Evaluation · 1–18 of 27 "), "{screen}");
    let rows: Vec<&str> = screen
        .lines()
        .filter_map(|line| line.split_once("││ "))
        .map(|(_, graph)| graph.trim_end().trim_end_matches('│'))
        .collect();
    assert_eq!(
        rows.len(),
        4,
        "a row up, the zero line, a row down, the moves:\n{screen}"
    );
    assert_eq!(rows[3].trim_end(), "move  1        10", "{screen}");
    let bars: Vec<Vec<char>> = rows[..3]
        .iter()
        .zip(["S +8 ┤", "  ±0 ┼", "N -8 ┤"])
        .map(|(row, label)| {
            let bars = row
                .strip_prefix(label)
                .unwrap_or_else(|| panic!("{label}:\n{screen}"));
            bars.chars().collect()
        })
        .collect();
    for ply in 1..=18 {
        let bar = |row: usize| bars[row].get(ply - 1).is_some_and(|c| *c != ' ');
        assert_eq!(
            (bar(0), bar(2)),
            (after(ply) > 0, after(ply) < 0),
            "move {ply}:\n{screen}"
        );
        assert_eq!(bars[1][ply - 1], '─', "move {ply}:\n{screen}");
    }
    // A click on a column goes to its move.
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("││ "))
        .expect("the graph");
    let x = line.split("││ ").next().expect("left").chars().count() + 3 + "S +8 ┤".chars().count();
    let at =
        |column: usize| View::new(&app, PLAIN).target_at(SCREEN, (x + column) as u16, y as u16);
    assert_eq!(at(0), Target::Move(1));
    assert_eq!(at(3), Target::Move(4));
    // Further on, the graph follows the move shown.
    let later = analysed(25, after);
    let later = drawn(&later, 80, 24);
    assert!(later.contains("╮╭ Evaluation · 10–27 of 27 "), "{later}");
}

#[test]
fn the_status_of_the_last_move_keeps_to_one_row_whatever_the_names() {
    let screens: Vec<String> = [
        ("South", "North"),
        ("Naserian Ole Sankale", "Lekishon Ole Nkaissery"),
    ]
    .into_iter()
    .map(|(south, north)| {
        let sample = sample();
        let first: Vec<String> = sample.game.history()[..20]
            .iter()
            .map(|played| played.hole.to_string())
            .collect();
        let mut record = Record::read_moves(sample.game.config(), &first.join(" "))
            .expect("the sample's first 20 moves");
        record.tags.set("South", south);
        record.tags.set("North", north);
        let mut app = viewer(record);
        press(&mut app, KeyCode::Char('G'));
        screen(&app)
    })
    .collect();
    for screen in &screens {
        let rows: Vec<&str> = screen
            .lines()
            .filter(|row| row.contains("to move"))
            .collect();
        assert_eq!(rows.len(), 1, "{screen}");
        assert!(
            rows[0].to_lowercase().contains("the end of the record"),
            "{screen}"
        );
        assert!(rows[0].trim_end().ends_with("p plays on"), "{screen}");
    }
    // The board and the move list stand where they stood with short names.
    let frame = |screen: &str| -> Vec<usize> {
        screen
            .lines()
            .enumerate()
            .filter(|(_, row)| row.contains('╭'))
            .map(|(at, _)| at)
            .collect()
    };
    assert_eq!(
        frame(&screens[0]),
        frame(&screens[1]),
        "{}\n{}",
        screens[0],
        screens[1]
    );
    assert!(
        screens[0].contains("Move 20: North sowed"),
        "{}",
        screens[0]
    );
}

#[test]
fn a_resigned_game_ends_with_its_verdict_in_the_move_list_as_in_the_header() {
    for (termination, result) in [
        ("South resigned", "0-1"),
        ("North lost on time", "1-0"),
        ("Draw agreed", "1/2-1/2"),
    ] {
        let text = format!(
            "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[Termination \"{termination}\"]\n\n1. A+2 e 2. C+2 *\n"
        );
        let mut app = viewer(Record::read(&text).expect("a resigned record"));
        press(&mut app, KeyCode::Char('G'));
        let screen = screen(&app);
        assert!(screen.contains(&format!("result {result}")), "{screen}");
        assert!(screen.contains(&format!("3.C+2 {result}")), "{screen}");
        assert!(!screen.contains(" *"), "{screen}");
    }
}
