//! Game records seen from outside the reader: the golden games, the writer
//! and reader round trip, every fault the reader reports (with its line,
//! column, ply and kind), the forms it accepts, and a reader that never panics
//! or hangs.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use endodoi::bench::play_out;
use endodoi::record::{
    Form, MoveText, ParseMoveTextError, Record, RecordError, RecordErrorKind, State, Tags, excerpt,
    terminal_safe,
};
use endodoi::rules::{Config, Game, Hole, MAX_WIDTH, MIN_WIDTH, MoveError, Played, Side, Variant};
use proptest::prelude::*;

// ---------------------------------------------------------------- helpers

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The golden files whose name is `prefix` + digits + `.ogn`, sorted, as
/// (stem, text of the record).
fn golden_records(prefix: &str) -> Vec<(String, String)> {
    let mut records: Vec<(String, String)> = fs::read_dir(golden_dir())
        .expect("tests/golden is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "ogn"))
        .filter_map(|path| {
            let stem = path.file_stem()?.to_str()?.to_owned();
            let digits = stem.strip_prefix(prefix)?;
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| (stem, fs::read_to_string(&path).expect("a golden record")))
        })
        .collect();
    records.sort();
    records
}

fn golden_text(stem: &str, ext: &str) -> String {
    fs::read_to_string(golden_dir().join(format!("{stem}.{ext}")))
        .unwrap_or_else(|error| panic!("{stem}.{ext}: {error}"))
}

fn hole(letter: char) -> Hole {
    Hole::from_letter(letter).expect("a hole letter")
}

fn config(width: u32, seeds: u32, variant: Variant) -> Config {
    Config::new(width, seeds, variant).expect("a legal board")
}

/// A game of `config` after the moves in `letters` (one letter a move).
fn game_after(config: Config, letters: &str) -> Game {
    let mut game = Game::new(config);
    for letter in letters.split_whitespace() {
        let letter = letter.chars().next().expect("a letter");
        game.play(hole(letter))
            .unwrap_or_else(|error| panic!("{letter}: {error}"));
    }
    game
}

fn error(line: usize, column: usize, ply: Option<usize>, kind: RecordErrorKind) -> RecordError {
    RecordError {
        line,
        column,
        ply,
        kind,
    }
}

fn illegal(letter: char, error: MoveError) -> RecordErrorKind {
    RecordErrorKind::IllegalMove {
        hole: hole(letter),
        error,
    }
}

fn read_error(text: &str) -> RecordError {
    match Record::read(text) {
        Ok(record) => panic!("{text:?} was read as a game of {} moves", record.game.ply()),
        Err(error) => error,
    }
}

fn read_ok(text: &str) -> Record {
    Record::read(text).unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

/// A short finished game on the default board: seven moves, South wins 32-16.
const FINISHED: &str = "1. E a+2 2. E+15 c+4 3. C+10 e+10 4. B+2";

/// Whether an error points inside `text`: a line that exists (or the one
/// after a final newline) and a column at most one past that line's end.
fn points_inside(text: &str, error: &RecordError) -> bool {
    let Some(line) = text.split('\n').nth(error.line.wrapping_sub(1)) else {
        return false;
    };
    error.column >= 1 && error.column <= line.chars().count() + 1
}

// ---------------------------------------------------------------- golden games

#[test]
fn every_golden_record_replays_to_its_json_state() {
    let records = golden_records("");
    assert!(
        records.len() >= 15,
        "only {} golden games found",
        records.len()
    );
    for (stem, text) in records {
        let record = Record::read(&text).unwrap_or_else(|error| panic!("{stem}: {error}"));
        let actual = serde_json::to_value(State::of(&record.game)).expect("a state serialises");
        let expected: serde_json::Value =
            serde_json::from_str(&golden_text(&stem, "json")).expect("golden JSON parses");
        assert_eq!(actual, expected, "{stem}");
        let from_json: serde_json::Value =
            serde_json::from_str(&State::of(&record.game).to_json()).expect("to_json is JSON");
        assert_eq!(from_json, expected, "{stem}: to_json");
    }
}

#[test]
fn every_faulty_golden_record_fails_at_its_ply_with_its_class() {
    let records = golden_records("e");
    assert!(
        records.len() >= 10,
        "only {} faulty golden records found",
        records.len()
    );
    for (stem, text) in records {
        let expected = golden_text(&stem, "err");
        let mut lines = expected.split_whitespace();
        let ply: usize = lines
            .next()
            .and_then(|ply| ply.parse().ok())
            .unwrap_or_else(|| panic!("{stem}.err: no ply"));
        let class = lines
            .next()
            .unwrap_or_else(|| panic!("{stem}.err: no class"));

        let error = read_error(&text);
        assert_eq!(
            (error.ply, error.kind.class()),
            (Some(ply), class),
            "{stem}: {error}"
        );
        assert!(points_inside(&text, &error), "{stem}: {error:?}");

        let partial = Record::read_until_fault(&text, Form::File).expect("the tags are sound");
        assert_eq!(partial.error, Some(error), "{stem}");
        assert_eq!(partial.record.game.ply(), ply - 1, "{stem}");
    }
}

// ---------------------------------------------------------------- round trip

#[test]
fn writing_then_reading_random_games_gives_the_same_game_and_text() {
    let mut rng = fastrand::Rng::with_seed(0x5eed);
    let mut games = 0;
    for width in 6..=10 {
        for variant in [Variant::Classic, Variant::Cross] {
            for seeds in 3..=6 {
                let config = config(width, seeds, variant);
                for _ in 0..4 {
                    let mut game = Game::new(config);
                    play_out(&mut game, &mut rng);
                    if rng.bool() {
                        for _ in 0..rng.usize(..=game.ply()) {
                            game.undo();
                        }
                    }
                    let record = Record::new(game.clone());
                    let text = record.to_string();
                    let read = read_ok(&text);

                    let moves: Vec<Hole> = game.history().iter().map(|p| p.hole).collect();
                    let read_moves: Vec<Hole> =
                        read.game.history().iter().map(|p| p.hole).collect();
                    assert_eq!(read_moves, moves, "{text}");
                    assert_eq!(read.game.history(), game.history(), "{text}");
                    assert_eq!(read.game.position(), game.position(), "{text}");
                    assert_eq!(read.game.outcome(), game.outcome(), "{text}");
                    assert_eq!(read.game.config(), config, "{text}");
                    assert_eq!(State::of(&read.game), State::of(&game), "{text}");
                    // The record keeps no moves to redo: it equals the game replayed afresh.
                    let mut replayed = Game::new(config);
                    for &played in &moves {
                        replayed.play(played).expect("a recorded move is legal");
                    }
                    assert_eq!(read.game, replayed, "{text}");
                    assert_eq!(read.to_string(), text);
                    games += 1;
                }
            }
        }
    }
    assert_eq!(games, 5 * 2 * 4 * 4);
}

#[test]
fn tags_with_quotes_and_backslashes_survive_a_round_trip() {
    let mut game = Game::new(config(8, 5, Variant::Cross));
    play_out(&mut game, &mut fastrand::Rng::with_seed(7));
    let mut record = Record::new(game);
    record.set_tag("Event", r#"The "Great" Arusha \ Moshi Cup"#);
    record.set_tag("Site", "Loliondo");
    record.set_tag("Date", "2024.06.01");
    record.set_tag("South", r"Naserian \\ ole Sane");
    record.set_tag("North", r#"Lekishon "Leki""#);
    record.set_tag("Empty", "");
    record.set_tag("South", r#"Naserian "the elder" \"#);
    let text = record.to_string();
    assert!(
        text.contains(r#"[South "Naserian \"the elder\" \\"]"#),
        "{text}"
    );
    let read = read_ok(&text);
    assert_eq!(read, record);
    assert_eq!(read.tag("South"), Some(r#"Naserian "the elder" \"#));
    assert_eq!(read.tag("North"), Some(r#"Lekishon "Leki""#));
    assert_eq!(read.tag("Event"), Some(r#"The "Great" Arusha \ Moshi Cup"#));
    assert_eq!(read.tag("Empty"), Some(""));
    let names: Vec<&str> = read.tags.iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["Event", "Site", "Date", "South", "North", "Empty"]);
    assert_eq!(read.to_string(), text);
}

#[test]
fn written_record_starts_with_the_game_tags_and_ends_with_the_result() {
    let mut record = Record::new(game_after(Config::default(), "E a E c C e B"));
    record.set_tag("South", "Naserian");
    assert_eq!(
        record.to_string(),
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[South \"Naserian\"]\n\
         [Result \"32-16\"]\n\n1. E a+2 2. E+15 c+4 3. C+10 e+10 4. B+2 32-16\n"
    );
    let unfinished = Record::new(game_after(config(7, 3, Variant::Cross), "A"));
    assert_eq!(unfinished.result_token(), "*");
    assert!(
        unfinished
            .to_string()
            .starts_with("[Variant \"Cross-Endodoi\"]\n[Width \"7\"]\n[Seeds \"3\"]\n"),
        "{unfinished}"
    );
}

#[test]
fn writer_output_is_readable_when_a_tag_value_holds_a_newline() {
    let mut record = Record::new(game_after(Config::default(), "A b"));
    record.set_tag("Annotator", "first line\nsecond line");
    let text = record.to_string();
    let read = Record::read(&text).unwrap_or_else(|error| {
        panic!("the writer wrote a record its reader refuses: {error}\n{text}")
    });
    assert_eq!(read, record);
}

#[test]
fn reader_ignores_the_result_tag_and_writes_it_from_the_game() {
    let text = format!("[Result \"*\"]\n[Event \"x\"]\n\n{FINISHED}\n");
    let record = read_ok(&text);
    assert_eq!(record.tags.iter().collect::<Vec<_>>(), [("Event", "x")]);
    assert!(record.to_string().contains("[Result \"32-16\"]"));
}

#[test]
fn tags_keep_their_order_names_and_unknown_tags_through_writing_and_reading() {
    let text = "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[zeta \"1\"]\n\
                [Date \"2024.06.01\"]\n[Opening_2 \"x\"]\n[South \"N\"]\n[Result \"*\"]\n\n1. A+2 *\n";
    let mut record = read_ok(text);
    assert_eq!(
        record.tags.iter().collect::<Vec<_>>(),
        [
            ("zeta", "1"),
            (Tags::DATE, "2024.06.01"),
            ("Opening_2", "x"),
            (Tags::SOUTH, "N")
        ]
    );
    assert_eq!(record.to_string(), text);
    assert_eq!(
        record.tags.remove(Tags::DATE),
        Some("2024.06.01".to_owned())
    );
    assert_eq!(record.tags.remove(Tags::DATE), None);
    record.tags.set(Tags::DATE, "2025.01.01");
    record.tags.set("zeta", "2");
    assert_eq!(
        record.tags.iter().collect::<Vec<_>>(),
        [
            ("zeta", "2"),
            ("Opening_2", "x"),
            (Tags::SOUTH, "N"),
            (Tags::DATE, "2025.01.01")
        ]
    );
    assert_eq!((record.tags.len(), record.tags.is_empty()), (4, false));
    assert_eq!(read_ok(&record.to_string()), record);
}

#[test]
fn the_game_tags_are_the_four_the_writer_puts_first_and_last() {
    assert_eq!(Tags::GAME, ["Variant", "Width", "Seeds", "Result"]);
    let written = Record::new(Game::new(Config::default())).to_string();
    let names: Vec<&str> = written
        .lines()
        .filter_map(|line| line.strip_prefix('[')?.split(' ').next())
        .collect();
    assert_eq!(names, Tags::GAME);
}

// ---------------------------------------------------------------- move text

/// Every hole of every width, with no capture and with every capture a
/// move could make (a `u8`, more than any board holds).
fn every_played_move() -> impl Iterator<Item = Played> {
    (MIN_WIDTH..=MAX_WIDTH).flat_map(|width| {
        [Side::South, Side::North]
            .into_iter()
            .flat_map(move |side| Hole::row(side, width))
            .flat_map(|hole| (0..=u8::MAX).map(move |captured| Played { hole, captured }))
    })
}

#[test]
fn move_text_display_and_from_str_are_exact_inverses_on_every_width_hole_and_capture() {
    let mut checked = 0;
    for played in every_played_move() {
        let text = MoveText::from(played);
        let written = played.to_string();
        let expected = match played.captured {
            0 => played.hole.letter().to_string(),
            seeds => format!("{}+{seeds}", played.hole.letter()),
        };
        assert_eq!(written, expected);
        assert_eq!(text.to_string(), written);
        assert_eq!(written.parse::<MoveText>(), Ok(text.clone()), "{written}");
        assert_eq!(text.hole(), played.hole);
        // A claim of nothing is never written, but reads and writes back as given.
        let claimed = format!("{}+{}", played.hole, played.captured);
        let read: MoveText = claimed.parse().expect("a claim");
        assert_eq!(read.to_string(), claimed);
        assert_eq!(read.claim(), Some(played.captured.to_string().as_str()));
        checked += 1;
    }
    assert_eq!(
        checked,
        (6..=10).map(|width| 2 * width * 256).sum::<usize>()
    );
}

#[test]
fn move_text_keeps_the_digits_of_its_count_as_written() {
    for written in ["A+02", "b+0", "j+00000000000000000000000000000000000000042"] {
        let read: MoveText = written.parse().expect("a move");
        assert_eq!(read.to_string(), written);
    }
    let huge: MoveText = "c+99999999999999999999".parse().expect("a move");
    assert_eq!(huge.claim(), Some("99999999999999999999"));
    // The reader judges a count by its value, and quotes it as written.
    assert_eq!(read_ok("1. A+02").game, read_ok("1. A+2").game);
    assert_eq!(
        read_error("1. A+03").kind,
        RecordErrorKind::CaptureMismatch {
            hole: hole('A'),
            claimed: "03".to_owned(),
            actual: 2
        }
    );
}

#[test]
fn move_text_refuses_what_is_not_a_letter_and_a_count() {
    for refused in [
        "", "+", "A+", "A+-1", "A-1", "A+1x", "AB", "1", "Á", "A +1", "*", "+3",
    ] {
        assert_eq!(
            refused.parse::<MoveText>(),
            Err(ParseMoveTextError(refused.to_owned())),
            "{refused:?}"
        );
    }
    assert_eq!(
        ParseMoveTextError("A+".to_owned()).to_string(),
        "`A+` is not a move: expected a hole letter such as `A` or `b+3`"
    );
}

// ---------------------------------------------------------------- faults

#[test]
fn reader_rejects_an_unknown_token() {
    assert_eq!(
        read_error("[Width \"6\"]\n\n1. A b 2. % C\n"),
        error(
            3,
            11,
            Some(3),
            RecordErrorKind::UnknownToken("%".to_owned())
        )
    );
    assert_eq!(
        read_error("1. A b 2. A- c"),
        error(
            1,
            11,
            Some(3),
            RecordErrorKind::UnknownToken("A-".to_owned())
        )
    );
    assert_eq!(read_error("1. A b 2. A- c").kind.class(), "garbage");
}

#[test]
fn reader_rejects_a_hole_off_the_board() {
    assert_eq!(
        read_error("1. A g"),
        error(
            1,
            6,
            Some(2),
            illegal(
                'g',
                MoveError::OffBoard {
                    hole: hole('g'),
                    width: 6
                }
            )
        )
    );
    assert_eq!(
        read_error("[Width \"10\"]\n1. J z"),
        error(
            2,
            6,
            Some(2),
            illegal(
                'z',
                MoveError::OffBoard {
                    hole: hole('z'),
                    width: 10
                }
            )
        )
    );
    assert_eq!(read_error("1. A g").kind.class(), "off-board");
}

#[test]
fn reader_rejects_the_other_sides_letter() {
    assert_eq!(
        read_error("1. a"),
        error(
            1,
            4,
            Some(1),
            illegal(
                'a',
                MoveError::NotYourHole {
                    hole: hole('a'),
                    to_move: Side::South
                }
            )
        )
    );
    assert_eq!(
        read_error("1. A B"),
        error(
            1,
            6,
            Some(2),
            illegal(
                'B',
                MoveError::NotYourHole {
                    hole: hole('B'),
                    to_move: Side::North
                }
            )
        )
    );
    assert_eq!(read_error("1. a").kind.class(), "wrong-side");
}

#[test]
fn reader_rejects_an_empty_hole() {
    // After A b South's C is empty (see the state below).
    let before = game_after(Config::default(), "A b");
    assert_eq!(before.position().row(Side::South), [4, 1, 0, 8, 3, 8]);
    assert_eq!(
        read_error("1. A b 2. C"),
        error(
            1,
            11,
            Some(3),
            illegal('C', MoveError::EmptyHole(hole('C')))
        )
    );
    assert_eq!(read_error("1. A b 2. C").kind.class(), "empty");
}

#[test]
fn reader_rejects_an_endless_sowing() {
    // Two frozen positions, found by playing random games: after `A e C f`
    // South's C never ends (it reaches the lap limit, or a cycle), and after
    // `E d A d E c` South's F cycles.
    for (moves, text, column, letter) in [
        ("A e C f", "1. A+2 e 2. C+2 f 3. C", 22, 'C'),
        ("E d A d E c", "1. E d+5 2. A d+6 3. E+15 c+3 4. F", 34, 'F'),
    ] {
        let before = game_after(Config::default(), moves);
        let why = match before.check(hole(letter)) {
            Err(MoveError::Endless { hole: endless, why }) if endless == hole(letter) => why,
            other => panic!("{moves} then {letter}: {other:?}"),
        };
        assert!(before.position().seeds(hole(letter)) > 0);
        assert!(!before.legal_moves().any(|legal| legal == hole(letter)));
        let ply = before.ply() + 1;
        let error_found = read_error(text);
        assert_eq!(
            error_found,
            error(
                1,
                column,
                Some(ply),
                illegal(
                    letter,
                    MoveError::Endless {
                        hole: hole(letter),
                        why
                    }
                )
            ),
            "{text}"
        );
        assert_eq!(error_found.kind.class(), "endless");
    }
}

#[test]
fn reader_rejects_a_wrong_capture_count() {
    assert_eq!(
        read_error("1. A+9 b"),
        error(
            1,
            4,
            Some(1),
            RecordErrorKind::CaptureMismatch {
                hole: hole('A'),
                claimed: "9".to_owned(),
                actual: 2
            }
        )
    );
    // A capture claimed for a move that captures nothing.
    assert_eq!(
        read_error("1. E a+2 2. E+15 c+4 3. C+10 e+9"),
        error(
            1,
            30,
            Some(6),
            RecordErrorKind::CaptureMismatch {
                hole: hole('e'),
                claimed: "9".to_owned(),
                actual: 10
            }
        )
    );
    assert_eq!(
        read_error("1. E+1").kind,
        RecordErrorKind::CaptureMismatch {
            hole: hole('E'),
            claimed: "1".to_owned(),
            actual: 0
        }
    );
    assert_eq!(read_error("1. A+9").kind.class(), "bad-capture");
}

#[test]
fn reader_rejects_a_wrong_final_result() {
    let text = format!("{FINISHED} 32-15");
    assert_eq!(
        read_error(&text),
        error(
            1,
            42,
            Some(7),
            RecordErrorKind::ResultMismatch {
                claimed: "32-15".to_owned(),
                actual: "it ends 32-16".to_owned()
            }
        )
    );
    assert_eq!(read_error(&text).kind.class(), "bad-result");
    // Swapped totals are wrong too.
    assert!(matches!(
        read_error(&format!("{FINISHED} 16-32")).kind,
        RecordErrorKind::ResultMismatch { .. }
    ));
    assert_eq!(read_ok(&format!("{FINISHED} 32-16")).game.ply(), 7);
}

#[test]
fn reader_rejects_a_result_for_an_unfinished_game() {
    assert_eq!(
        read_error("1. A b 24-24"),
        error(
            1,
            8,
            Some(2),
            RecordErrorKind::ResultMismatch {
                claimed: "24-24".to_owned(),
                actual: "the game is not over".to_owned()
            }
        )
    );
}

#[test]
fn reader_rejects_a_move_after_the_end() {
    let text = format!("{FINISHED} a");
    assert_eq!(
        read_error(&text),
        error(1, 42, Some(8), illegal('a', MoveError::GameOver))
    );
    assert_eq!(read_error(&text).kind.class(), "after-end");
    // Any letter, even one off the board, is a move after the end.
    assert_eq!(
        read_error(&format!("{FINISHED} 5. Z")).kind,
        illegal('Z', MoveError::GameOver)
    );
}

#[test]
fn reader_rejects_a_move_after_the_result_token() {
    assert_eq!(
        read_error("1. A b * C"),
        error(1, 10, Some(3), RecordErrorKind::AfterResult("C".to_owned()))
    );
    assert_eq!(
        read_error(&format!("{FINISHED} 32-16\n32-16")),
        error(
            2,
            1,
            Some(8),
            RecordErrorKind::AfterResult("32-16".to_owned())
        )
    );
    assert_eq!(read_error("1. A b * C").kind.class(), "garbage");
    // A comment may follow the result.
    assert_eq!(
        read_ok("1. A b * {the players agreed to stop}").game.ply(),
        2
    );
}

#[test]
fn reader_rejects_bad_tag_values() {
    for (tag, name, value, width_seeds) in [
        ("[Width \"11\"]", "Width", "11", "11"),
        ("[Width \"5\"]", "Width", "5", "5"),
        ("[Seeds \"0\"]", "Seeds", "0", "0"),
        ("[Seeds \"7\"]", "Seeds", "7", "7"),
    ] {
        let text = format!("[Event \"x\"]\n{tag}\n\n1. A\n");
        let found = read_error(&text);
        let RecordErrorKind::BadTagValue { reason, .. } = &found.kind else {
            panic!("{tag}: {found:?}")
        };
        assert!(reason.contains(width_seeds), "{tag}: {reason}");
        assert_eq!(
            found,
            error(
                2,
                1,
                None,
                RecordErrorKind::BadTagValue {
                    name: name.to_owned(),
                    value: value.to_owned(),
                    reason: reason.clone(),
                }
            )
        );
        assert_eq!(found.kind.class(), "bad-tag");
        assert_eq!(
            Record::read_until_fault(&text, Form::File),
            Err(found),
            "{tag}"
        );
    }
    let chess = read_error("[Variant \"Chess\"]\n1. A");
    assert_eq!(
        chess,
        error(
            1,
            1,
            None,
            RecordErrorKind::BadTagValue {
                name: "Variant".to_owned(),
                value: "Chess".to_owned(),
                reason: "the variant must be \"En Dodoi\" (classic) or \"Cross-Endodoi\" (cross)"
                    .to_owned(),
            }
        )
    );
}

#[test]
fn reader_rejects_a_width_that_is_not_a_number_with_a_sensible_reason() {
    let found = read_error("[Width \"six\"]\n1. A");
    let RecordErrorKind::BadTagValue {
        name,
        value,
        reason,
    } = &found.kind
    else {
        panic!("{found:?}")
    };
    assert_eq!(
        (
            found.line,
            found.column,
            found.ply,
            name.as_str(),
            value.as_str()
        ),
        (1, 1, None, "Width", "six")
    );
    // The reason must speak of the value given, not of a sentinel number.
    assert!(!reason.contains("4294967295"), "{found}");
}

#[test]
fn reader_rejects_a_duplicate_tag() {
    assert_eq!(
        read_error("[Event \"a\"]\n[Site \"b\"]\n  [Event \"c\"]\n\n1. A"),
        error(
            3,
            3,
            None,
            RecordErrorKind::DuplicateTag("Event".to_owned())
        )
    );
    assert_eq!(
        read_error("[Width \"6\"]\n[Width \"6\"]").kind,
        RecordErrorKind::DuplicateTag("Width".to_owned())
    );
}

#[test]
fn reader_rejects_a_malformed_tag() {
    for text in [
        "[Event x]",
        "[Event \"x\"",
        "[Event \"x]\n1. A",
        "[\"x\"]",
        "[Event \"x\" y]",
        "[Event \"unterminated\\",
    ] {
        assert_eq!(
            read_error(text),
            error(1, 1, None, RecordErrorKind::MalformedTag),
            "{text:?}"
        );
    }
    assert_eq!(
        read_error("[Event \"x\"]\n[Site \"y\" \n"),
        error(2, 1, None, RecordErrorKind::MalformedTag)
    );
}

#[test]
fn reader_rejects_a_tag_after_the_moves() {
    assert_eq!(
        read_error("1. A b\n[Event \"x\"]"),
        error(2, 1, Some(3), RecordErrorKind::TagAfterMoves)
    );
}

#[test]
fn reader_rejects_an_unclosed_comment() {
    assert_eq!(
        read_error("1. A {a comment\nthat goes on\nand on b"),
        error(1, 6, Some(2), RecordErrorKind::UnclosedComment)
    );
    assert_eq!(read_error("{").kind.class(), "garbage");
}

#[test]
fn reader_rejects_invalid_utf8_with_its_place() {
    assert_eq!(
        Record::read(b"[Event \"x\"]\n1. A \xff b"),
        Err(error(2, 6, None, RecordErrorKind::InvalidUtf8))
    );
    assert_eq!(
        Record::read(b"\xc3"),
        Err(error(1, 1, None, RecordErrorKind::InvalidUtf8))
    );
    // Non-ASCII text is fine and counted in characters.
    assert_eq!(
        Record::read("[South \"Ñaserian\"]\n{é} A b".as_bytes()).map(|record| record.game.ply()),
        Ok(2)
    );
    assert_eq!(
        Record::read("{é}é"),
        Err(error(
            1,
            4,
            Some(1),
            RecordErrorKind::UnknownToken("é".to_owned())
        ))
    );
    assert_eq!(
        Record::read_until_fault(b"1. A \xff", Form::File).map(|partial| partial.error),
        Err(error(1, 6, None, RecordErrorKind::InvalidUtf8))
    );
    assert_eq!(
        RecordErrorKind::InvalidUtf8.class(),
        "garbage",
        "invalid UTF-8 is garbage"
    );
}

#[test]
fn fault_column_points_at_the_move_after_an_attached_move_number() {
    // `2.C`: the faulty move is the `C` in column 13, not the move number.
    assert_eq!(
        read_error("1.A 1...b 2.C"),
        error(
            1,
            13,
            Some(3),
            illegal('C', MoveError::EmptyHole(hole('C')))
        )
    );
}

#[test]
fn error_message_names_line_column_ply_move_and_reason() {
    let message = read_error("[Width \"6\"]\n\n1. A b\n2. a").to_string();
    assert_eq!(
        message,
        "line 4, column 4, ply 3: move `a`: hole a is North's, but it is South's turn"
    );
    let tag = read_error("[Width \"11\"]").to_string();
    assert!(tag.starts_with("line 1, column 1: tag `Width`"), "{tag}");
    assert!(!tag.contains("ply"), "{tag}");
}

// ---------------------------------------------------------------- accepted forms

#[test]
fn move_numbers_are_optional_and_may_be_attached() {
    let numbered = read_ok("1. A b 2. A d");
    for text in [
        "A b A d",
        "1.A b 2.A d",
        "1.A 1...b 2.A 2...d",
        "1. A 1... b 2. A 2... d",
        "7. A b 1. A d",
        "  A\tb\n\nA d  ",
    ] {
        assert_eq!(read_ok(text).game, numbered.game, "{text:?}");
    }
    assert_eq!(numbered.game.ply(), 4);
}

#[test]
fn comments_are_allowed_anywhere_in_the_movetext() {
    let plain = read_ok("[Width \"6\"]\n\n1. A b 2. A d *");
    for text in [
        "[Width \"6\"]\n{before} 1. A {after a move} b {a comment\nover\nthree lines} 2. A d * {end}",
        "[Width \"6\"]\n\n1.{x}A{y}b{z}2.A d{}*",
        "[Width \"6\"]\n{[Event \"not a tag\"] 1. Z}1. A b 2. A d",
    ] {
        assert_eq!(read_ok(text), plain, "{text:?}");
    }
}

#[test]
fn comments_are_allowed_before_and_between_tags() {
    let plain = read_ok("[Width \"8\"]\n[Seeds \"3\"]\n\n1. A b");
    for text in [
        "{a game from Loliondo}\n[Width \"8\"]\n[Seeds \"3\"]\n\n1. A b",
        "[Width \"8\"] {the board}\n[Seeds \"3\"]\n\n1. A b",
    ] {
        assert_eq!(Record::read(text), Ok(plain.clone()), "{text:?}");
    }
}

#[test]
fn star_closes_an_unfinished_record() {
    let record = read_ok("1. A b *");
    assert_eq!(record.game.ply(), 2);
    assert_eq!(record.game.outcome(), None);
    assert_eq!(read_ok("*").game.ply(), 0);
}

#[test]
fn capture_counts_are_optional_and_checked_when_given() {
    assert_eq!(read_ok(FINISHED).game, read_ok("E a E c C e B").game);
    assert_eq!(
        read_ok("E a E c C e B 32-16")
            .game
            .outcome()
            .map(|o| o.totals().south),
        Some(32)
    );
}

#[test]
fn plus_zero_is_accepted_for_a_move_that_captures_nothing() {
    // `+0` is a true claim for a move without capture; the writer leaves it out.
    let record = read_ok("1. E+0 a+2");
    assert_eq!(record.game, read_ok("1. E a+2").game);
    assert!(record.to_string().contains("1. E a+2"), "{record}");
    assert_eq!(
        read_error("1. A+0"),
        error(
            1,
            4,
            Some(1),
            RecordErrorKind::CaptureMismatch {
                hole: hole('A'),
                claimed: "0".to_owned(),
                actual: 2
            }
        )
    );
}

#[test]
fn crlf_line_endings_read_like_lf() {
    let lf = "[Width \"7\"]\n[Seeds \"3\"]\n[South \"Naserian\"]\n\n1. A b\n2. C d *\n";
    let crlf = lf.replace('\n', "\r\n");
    assert_eq!(read_ok(&crlf), read_ok(lf));
    assert_eq!(read_ok(lf).tag("South"), Some("Naserian"));
    let faulty = "[Width \"7\"]\r\n\r\n1. A b\r\n2. % d\r\n";
    assert_eq!(
        read_error(faulty),
        error(4, 4, Some(3), RecordErrorKind::UnknownToken("%".to_owned()))
    );
}

#[test]
fn an_empty_record_is_the_starting_position() {
    for text in ["", "\n\n", "[Event \"x\"]", "{nothing}"] {
        assert_eq!(read_ok(text).game, Game::new(Config::default()), "{text:?}");
    }
}

#[test]
fn tags_set_the_board_in_any_order() {
    let record = read_ok("[Seeds \"5\"]\n[Variant \"Cross-Endodoi\"]\n[Width \"9\"]\n\n1. A");
    assert_eq!(record.game.config(), config(9, 5, Variant::Cross));
    let short = read_ok("[Variant \"cross\"][Width \"10\"][Seeds \"3\"] A");
    assert_eq!(short.game.config(), config(10, 3, Variant::Cross));
    assert!(short.tags.is_empty());
}

#[test]
fn read_moves_reads_bare_movetext_on_a_given_board() {
    let board = config(8, 3, Variant::Cross);
    let record = Record::read_moves(board, "A d C").expect("legal moves");
    assert_eq!(record.game, game_after(board, "A d C"));
    assert_eq!(
        Record::read_moves(board, "A d [Width \"6\"]"),
        Err(error(1, 5, Some(3), RecordErrorKind::TagInMoveList))
    );
}

#[test]
fn a_tag_in_a_move_list_is_refused_as_not_allowed_there() {
    let found = Record::read_moves(Config::default(), "[Width \"8\"] A").expect_err("a tag");
    assert_eq!(found, error(1, 1, Some(1), RecordErrorKind::TagInMoveList));
    assert_eq!(
        found.to_string(),
        "line 1, column 1, ply 1: tags are not allowed in a move list, only at the head of a record file"
    );
    assert_eq!(found.kind.class(), "bad-tag");
}

// ---------------------------------------------------------------- partial reads

#[test]
fn read_until_fault_keeps_the_moves_before_the_fault() {
    let partial = Record::read_until_fault("[South \"N\"]\n1. A b 2. A d 3. c", Form::File)
        .expect("sound tags");
    assert_eq!(
        partial.record.game,
        game_after(Config::default(), "A b A d")
    );
    assert_eq!(partial.record.tag("South"), Some("N"));
    assert_eq!(
        partial.error,
        Some(error(
            2,
            18,
            Some(5),
            illegal(
                'c',
                MoveError::NotYourHole {
                    hole: hole('c'),
                    to_move: Side::South
                }
            )
        ))
    );
    let whole = Record::read_until_fault("1. A b", Form::File).expect("sound tags");
    assert_eq!(whole.error, None);
    assert_eq!(whole.record.game.ply(), 2);
    assert_eq!(
        Record::read_until_fault("[Width \"11\"]\n1. A", Form::File).map(|partial| partial.error),
        Err(read_error("[Width \"11\"]\n1. A"))
    );
}

#[test]
fn read_until_fault_reads_a_move_list_up_to_its_fault_and_keeps_its_board() {
    let board = config(8, 3, Variant::Cross);
    let partial =
        Record::read_until_fault("A d [Width \"6\"] C", Form::Moves(board)).expect("no tags");
    assert_eq!(partial.record, Record::new(game_after(board, "A d")));
    assert_eq!(
        partial.error,
        Some(error(1, 5, Some(3), RecordErrorKind::TagInMoveList))
    );
    assert_eq!(
        partial.whole(),
        Record::read_moves(board, "A d [Width \"6\"] C")
    );
}

#[test]
fn read_until_fault_locates_bytes_that_are_not_utf8_in_a_move_list_too() {
    assert_eq!(
        Record::read_until_fault(b"A b\n C \xff", Form::Moves(Config::default())),
        Err(error(2, 4, None, RecordErrorKind::InvalidUtf8))
    );
}

#[test]
fn a_move_list_has_no_byte_order_mark_to_skip() {
    // A file's mark is skipped; in a move list it is a character like any other.
    assert_eq!(Record::read("\u{feff}A"), Record::read("A"));
    assert_eq!(
        Record::read_moves(Config::default(), "\u{feff}A"),
        Err(error(
            1,
            1,
            Some(1),
            RecordErrorKind::UnknownToken("\\u{feff}A".to_owned())
        ))
    );
}

#[test]
fn read_until_fault_after_a_wrong_capture_count_leaves_no_move_to_redo() {
    let partial = Record::read_until_fault("1. A b 2. A+9", Form::File).expect("sound tags");
    assert!(matches!(
        partial.error.as_ref().map(|error| &error.kind),
        Some(RecordErrorKind::CaptureMismatch { .. })
    ));
    assert_eq!(partial.record.game.redo_moves(), []);
    assert_eq!(partial.record.game, game_after(Config::default(), "A b"));
}

// ---------------------------------------------------------------- hostile and odd input

/// The escape sequence of the issue: it retitles the terminal and clears it.
const PWNED: &str = "\u{1b}]0;PWNED\u{7}\u{1b}[2J";

#[test]
fn terminal_safe_shows_control_and_invisible_characters_and_nothing_else() {
    assert_eq!(
        terminal_safe("a\u{1b}b\u{7}\n\t\r\u{0}\u{7f}\u{9b}"),
        r"a\u{1b}b\u{7}\n\t\r\u{0}\u{7f}\u{9b}"
    );
    // Bidi overrides, zero-width characters and the byte-order mark hide or
    // reorder text.
    assert_eq!(
        terminal_safe("\u{202e}x\u{200b}\u{2066}\u{feff}\u{ad}"),
        r"\u{202e}x\u{200b}\u{2066}\u{feff}\u{ad}"
    );
    let plain = "Naserian ole Sané, 1. A+2 {ok} \"quoted\" \\ 東京";
    assert_eq!(terminal_safe(plain), plain);
}

#[test]
fn excerpt_cuts_long_input_before_escaping_it() {
    assert_eq!(excerpt("A b"), "A b");
    let long = format!("{}{PWNED}", "x".repeat(30));
    assert_eq!(excerpt(&long), format!("{}\\u{{1b}}]…", "x".repeat(30)));
    assert_eq!(
        excerpt(&"é".repeat(100_000)),
        format!("{}…", "é".repeat(32))
    );
}

#[test]
fn an_unknown_token_with_control_characters_is_quoted_escaped() {
    let found = read_error(&format!("1. A {PWNED} b"));
    assert_eq!(
        found,
        error(
            1,
            6,
            Some(2),
            RecordErrorKind::UnknownToken(r"\u{1b}]0;PWNED\u{7}\u{1b}".to_owned())
        )
    );
    let message = found.to_string();
    assert!(!message.chars().any(char::is_control), "{message:?}");
    assert_eq!(
        read_error(&format!("1. A * {PWNED}")).kind,
        RecordErrorKind::AfterResult(r"\u{1b}]0;PWNED\u{7}\u{1b}".to_owned())
    );
}

#[test]
fn a_bad_tag_value_with_control_characters_is_quoted_escaped() {
    let found = read_error("[Variant \"\u{1b}]0;PWNED\u{7}\"]\n1. A");
    let RecordErrorKind::BadTagValue { value, .. } = &found.kind else {
        panic!("{found:?}")
    };
    assert_eq!(value, r"\u{1b}]0;PWNED\u{7}");
    assert!(!found.to_string().chars().any(char::is_control), "{found}");
    let long = read_error(&format!("[Width \"{}\"]", "9".repeat(100_000)));
    let RecordErrorKind::BadTagValue { value, reason, .. } = &long.kind else {
        panic!("{long:?}")
    };
    assert_eq!(value, &format!("{}…", "9".repeat(32)));
    assert_eq!(reason, "too large a number");
}

#[test]
fn tag_values_read_hold_no_control_characters() {
    let record = read_ok(&format!(
        "[South \"Nase\trian{PWNED}\"]\n[North \"a\\\u{7}b\"]\n1. A"
    ));
    assert_eq!(record.tag("South"), Some("Nase rian ]0;PWNED  [2J"));
    assert_eq!(record.tag("North"), Some("a b"));
    assert!(!record.to_string().contains('\u{1b}'));
}

#[test]
fn numbers_too_large_for_any_integer_are_counts_that_do_not_match() {
    let huge = "99999999999999999999";
    assert_eq!(
        read_error(&format!("1. A+{huge}")),
        error(
            1,
            4,
            Some(1),
            RecordErrorKind::CaptureMismatch {
                hole: hole('A'),
                claimed: huge.to_owned(),
                actual: 2
            }
        )
    );
    assert_eq!(
        read_error(&format!("1. A+{huge}")).to_string(),
        format!("line 1, column 4, ply 1: move `A+{huge}` claims {huge} seeds, but it captures 2")
    );
    assert_eq!(
        read_error(&format!("{FINISHED} {huge}-16")),
        error(
            1,
            42,
            Some(7),
            RecordErrorKind::ResultMismatch {
                claimed: format!("{huge}-16"),
                actual: "it ends 32-16".to_owned()
            }
        )
    );
    assert_eq!(
        read_error(&format!("[Seeds \"{huge}\"]")).kind,
        RecordErrorKind::BadTagValue {
            name: "Seeds".to_owned(),
            value: huge.to_owned(),
            reason: "too large a number".to_owned()
        }
    );
    // Leading zeros are still the same number; a huge move number is a move number.
    assert_eq!(read_ok("1. A+0002 b").game.ply(), 2);
    assert_eq!(read_ok(&format!("{huge}. A")).game.ply(), 1);
}

#[test]
fn a_result_before_any_move_names_no_ply() {
    let found = Record::read_moves(Config::default(), "0-0").expect_err("not over");
    assert_eq!(
        found,
        error(
            1,
            1,
            None,
            RecordErrorKind::ResultMismatch {
                claimed: "0-0".to_owned(),
                actual: "the game is not over".to_owned()
            }
        )
    );
    assert_eq!(
        found.to_string(),
        "line 1, column 1: the result 0-0 does not match the game: the game is not over"
    );
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_record_is_skipped() {
    let text = "[Width \"8\"]\n\n1. A b *\n";
    let with_bom = format!("\u{feff}{text}");
    assert_eq!(read_ok(&with_bom), read_ok(text));
    assert_eq!(Record::read(with_bom.as_bytes()), Ok(read_ok(text)));
    // Places count from after it, in text and in bytes that are not UTF-8.
    assert_eq!(read_error("\u{feff}1. %").column, 4);
    assert_eq!(
        Record::read(b"\xef\xbb\xbf1. \xff"),
        Err(error(1, 4, None, RecordErrorKind::InvalidUtf8))
    );
    // Anywhere else it is a token that is not a move, and shown as an escape.
    assert_eq!(
        read_error("1. A \u{feff}b"),
        error(
            1,
            6,
            Some(2),
            RecordErrorKind::UnknownToken(r"\u{feff}b".to_owned())
        )
    );
}

// ---------------------------------------------------------------- robustness

/// A text of distinct tags `[T0 "v"]`, `[T1 "v"]`… just under the size limit
/// of a record file.
fn many_tags() -> (String, usize) {
    let limit = usize::try_from(endodoi::file::MAX_RECORD_BYTES).expect("16 MiB") - 64;
    let mut text = String::with_capacity(limit);
    let mut count = 0;
    loop {
        let tag = format!("[T{count} \"v\"]\n");
        if text.len() + tag.len() > limit {
            break;
        }
        text.push_str(&tag);
        count += 1;
    }
    text.push_str("\n1. A *\n");
    (text, count)
}

#[test]
fn a_record_of_a_million_tags_near_the_size_limit_is_read_quickly() {
    let (text, count) = many_tags();
    assert!(count > 1_000_000, "{count} tags");
    let started = Instant::now();
    let record = read_ok(&text);
    let elapsed = started.elapsed();
    assert_eq!((record.tags.len(), record.game.ply()), (count, 1));
    assert_eq!(record.tag("T999999"), Some("v"));
    // The check for a duplicate tag was quadratic: 184 s for 4 MiB of tags.
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
    // The last tag given twice is still found.
    let twice = format!("{text}[T{} \"w\"]", count - 1);
    assert!(matches!(
        read_error(&twice.replace("\n1. A *\n", "\n")).kind,
        RecordErrorKind::DuplicateTag(name) if name == format!("T{}", count - 1)
    ));
}

#[test]
fn a_huge_comment_is_read_quickly() {
    let text = format!("[Event \"x\"]\n{{{}}}\n1. A b *", "seeds ".repeat(900_000));
    assert!(text.len() > 5_000_000);
    let started = Instant::now();
    let record = read_ok(&text);
    assert_eq!(record.game.ply(), 2);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_huge_unclosed_comment_is_an_error_found_quickly() {
    let text = format!("1. A {{{}", "x\n".repeat(2_600_000));
    let started = Instant::now();
    assert_eq!(
        read_error(&text),
        error(1, 6, Some(2), RecordErrorKind::UnclosedComment)
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_huge_run_of_moves_after_the_end_stops_at_the_first() {
    let text = format!("{FINISHED} {}", "A b ".repeat(1_300_000));
    assert!(text.len() > 5_000_000);
    let started = Instant::now();
    assert_eq!(
        read_error(&text),
        error(1, 42, Some(8), illegal('A', MoveError::GameOver))
    );
    let partial = Record::read_until_fault(&text, Form::File).expect("no tags");
    assert_eq!(partial.record.game.ply(), 7);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_huge_run_of_move_numbers_is_read_quickly() {
    let text = format!("{} A", "1. ".repeat(2_000_000));
    let started = Instant::now();
    assert_eq!(read_ok(&text).game.ply(), 1);
    let glued = format!("{}A", "1.".repeat(2_600_000));
    assert_eq!(read_ok(&glued).game.ply(), 1);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn error_message_for_a_huge_token_stays_short() {
    let text = format!("1. A {}", "x".repeat(5_000_000));
    let started = Instant::now();
    let found = read_error(&text);
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!((found.line, found.column, found.ply), (1, 6, Some(2)));
    assert_eq!(found.kind.class(), "garbage");
    let message = found.to_string();
    assert!(
        message.len() < 1_000,
        "a {} byte message for one bad token",
        message.len()
    );
}

/// Checks what the reader must always do, whatever the text: answer without
/// panicking, point errors inside the text, and write what it read so that
/// it reads back the same.
fn check_reader(text: &str) -> Result<(), TestCaseError> {
    match Record::read(text) {
        Ok(record) => {
            let written = record.to_string();
            let again = Record::read(&written);
            prop_assert_eq!(again.as_ref(), Ok(&record), "{}", written);
        }
        Err(error) => {
            prop_assert!(points_inside(text, &error), "{:?} in {:?}", error, text);
        }
    }
    let partial = Record::read_until_fault(text, Form::File);
    if let Ok(partial) = partial {
        prop_assert_eq!(
            partial.error.is_none(),
            Record::read(text).is_ok(),
            "read_until_fault and read disagree"
        );
    }
    Ok(())
}

/// One edit of a text: insert, delete or replace the character at a place.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    // Characters a record is made of, plus a few that are not.
    let record_char = prop_oneof![
        prop::sample::select(
            "ABCDEFGHIJKabcdefghijkz0123456789+-.*{}[]\" \n\r\t\\é"
                .chars()
                .collect::<Vec<_>>()
        ),
        any::<char>(),
    ];
    prop_oneof![
        (any::<usize>(), record_char.clone()).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), record_char).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let len = chars.len();
        match *edit {
            Edit::Insert(at, c) => chars.insert(at % (len + 1), c),
            Edit::Delete(at) if len > 0 => {
                chars.remove(at % len);
            }
            Edit::Replace(at, c) if len > 0 => chars[at % len] = c,
            Edit::Delete(_) | Edit::Replace(..) => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn move_text_written_back_is_the_text_read(text in "[A-Za-z](\\+[0-9]{1,40})?|\\PC{0,6}") {
        let well_formed = text.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && (text.len() == 1
                || text[1..].strip_prefix('+').is_some_and(|digits| {
                    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
                }));
        match text.parse::<MoveText>() {
            Ok(read) => {
                prop_assert!(well_formed, "{:?}", text);
                prop_assert_eq!(read.to_string(), text);
            }
            Err(error) => {
                prop_assert!(!well_formed, "{:?}", text);
                prop_assert_eq!(error, ParseMoveTextError(text));
            }
        }
    }

    #[test]
    fn reader_never_panics_on_arbitrary_text(text in any::<String>()) {
        check_reader(&text)?;
    }

    #[test]
    fn reader_never_panics_on_record_like_text(
        text in "(\\[[A-Za-z]{0,7} \"[0-9a-z \\\\\"]{0,6}\"\\]\n){0,3}([0-9]{0,2}\\.{0,3} ?[A-Ka-k*{}+0-9-]{1,4}[ \n]){0,40}"
    ) {
        check_reader(&text)?;
    }

    #[test]
    fn reader_never_panics_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        match Record::read(&bytes) {
            Ok(record) => prop_assert_eq!(Record::read(&record.to_string()), Ok(record)),
            Err(error) => {
                let lossy = String::from_utf8_lossy(&bytes);
                prop_assert!(points_inside(&lossy, &error), "{:?}", error);
                if std::str::from_utf8(&bytes).is_err() {
                    prop_assert_eq!(error.kind, RecordErrorKind::InvalidUtf8);
                }
            }
        }
        let _ = Record::read_until_fault(&bytes, Form::File);
    }

    #[test]
    fn reader_never_panics_on_mutated_golden_records(
        index in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit_strategy(), 1..6),
    ) {
        let mut records = golden_records("");
        records.extend(golden_records("e"));
        let (_, text) = index.get(&records);
        check_reader(&apply(text, &edits))?;
    }
}

#[test]
fn game_tags_are_read_whatever_their_case() {
    let record = Record::read("[width \"8\"]\n[SEEDS \"3\"]\n[variant \"cross-endodoi\"]\n\nA *\n")
        .expect("a record");
    let config = record.game.config();
    assert_eq!(
        (config.width(), config.seeds(), config.variant()),
        (8, 3, Variant::Cross)
    );
    assert!(record.tags.is_empty(), "{:?}", record.tags);
    assert!(
        record
            .to_string()
            .starts_with("[Variant \"Cross-Endodoi\"]\n[Width \"8\"]\n[Seeds \"3\"]\n")
    );
}

// ---------------------------------------------------------------- replay, seen from outside

/// `endodoi ARGS` with no input; its status, standard output and error.
fn endodoi(args: &[&str]) -> (Option<i32>, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
    )
}

/// The message of an unknown token as the reader gives it.
const EXPECTED: &str =
    "expected a hole letter such as `A` or `b+3`, a move number, a {comment} or a result";

#[test]
fn replay_shows_a_hostile_token_escaped_and_leaves_the_file_alone() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("hostile.ogn");
    let text = format!("[South \"x{PWNED}\"]\n\n1. A {PWNED} b\n");
    fs::write(&path, &text).expect("a file");
    let name = path.to_str().expect("a UTF-8 path");
    let (status, stdout, stderr) = endodoi(&["replay", name, "--print"]);
    assert_eq!(status, Some(1));
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!(
            "endodoi: {name}: line 3, column 6, ply 2: unknown token `\\u{{1b}}]0;PWNED\\u{{7}}\\u{{1b}}`: {EXPECTED}\n"
        )
    );
    // --until-error shows the moves before it, with the same escaped fault.
    let (status, stdout, stderr) = endodoi(&["replay", name, "--until-error", "--json"]);
    assert_eq!(status, Some(0));
    assert!(!stdout.contains('\u{1b}'), "{stdout}");
    assert!(
        stderr.contains(r"unknown token `\u{1b}]0;PWNED\u{7}\u{1b}`"),
        "{stderr}"
    );
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
    assert_eq!(fs::read_to_string(&path).expect("the file"), text);
}

#[test]
fn replay_reads_a_record_that_starts_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("windows.ogn");
    fs::write(&path, "\u{feff}[Width \"8\"]\r\n\r\n1. A b *\r\n").expect("a file");
    let (status, stdout, stderr) = endodoi(&["replay", path.to_str().expect("UTF-8"), "--json"]);
    assert_eq!((status, stderr.as_str()), (Some(0), ""));
    let expected = State::of(&game_after(config(8, 4, Variant::Classic), "A b")).to_json();
    assert_eq!(stdout.trim_end(), expected);
}

#[test]
fn replay_moves_messages_name_no_ply_zero_refuse_tags_and_quote_short() {
    assert_eq!(
        endodoi(&["replay", "--moves", "0-0"]),
        (
            Some(1),
            String::new(),
            "endodoi: in --moves \"0-0\": line 1, column 1: the result 0-0 does not match the game: the game is not over\n"
                .to_owned()
        )
    );
    assert_eq!(
        endodoi(&["replay", "--moves", "[Width \"8\"] A"]).2,
        "endodoi: in --moves \"[Width \"8\"] A\": line 1, column 1, ply 1: tags are not allowed in a move list, only at the head of a record file\n"
    );
    let huge = "99999999999999999999";
    assert_eq!(
        endodoi(&["replay", "--moves", &format!("A+{huge}")]).2,
        format!(
            "endodoi: in --moves \"A+{huge}\": line 1, column 1, ply 1: move `A+{huge}` claims {huge} seeds, but it captures 2\n"
        )
    );
    // 100 KB of moves: the message quotes their start.
    let long = "1. A b ".repeat(15_000);
    let (status, _, stderr) = endodoi(&["replay", "--moves", &long]);
    assert_eq!(status, Some(1));
    assert_eq!(
        stderr,
        format!(
            "endodoi: in --moves \"{}…\": line 1, column 18, ply 5: move `A`: hole A is empty\n",
            "1. A b ".repeat(5)[..32].to_owned()
        )
    );
}

#[test]
fn variant_aliases_and_game_tag_names_in_any_case_are_read_and_written_in_full() {
    for (alias, variant, title) in [
        ("classic", Variant::Classic, "En Dodoi"),
        ("ENDODOI", Variant::Classic, "En Dodoi"),
        ("en dodoi", Variant::Classic, "En Dodoi"),
        ("cross", Variant::Cross, "Cross-Endodoi"),
        ("Cross Endodoi", Variant::Cross, "Cross-Endodoi"),
        ("CROSS-ENDODOI", Variant::Cross, "Cross-Endodoi"),
    ] {
        let record = read_ok(&format!(
            "[vArIaNt \"{alias}\"]\n[WIDTH \"7\"]\n[seeds \"5\"]\n[result \"*\"]\n[event \"x\"]\n\nA *"
        ));
        assert_eq!(record.game.config(), config(7, 5, variant), "{alias}");
        // Other names keep their case; the game's own are written in full.
        assert_eq!(record.tags.iter().collect::<Vec<_>>(), [("event", "x")]);
        assert_eq!(
            record.to_string(),
            format!(
                "[Variant \"{title}\"]\n[Width \"7\"]\n[Seeds \"5\"]\n[event \"x\"]\n[Result \"*\"]\n\n1. A *\n"
            )
        );
    }
    assert_eq!(
        read_error("[Width \"6\"]\n[wIdTh \"8\"]").kind,
        RecordErrorKind::DuplicateTag("Width".to_owned())
    );
}
