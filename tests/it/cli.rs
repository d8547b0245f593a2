//! The `endodoi` command line seen from outside: `replay` with `--json`,
//! `--print`, `--moves` and standard input, and a clear one-paragraph message
//! (never a panic) for every bad input. Most commands run in this process
//! ([`in_process::endodoi`]); standard input, help, a closed pipe, the game
//! and one usage error run the binary end to end.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use endodoi::record::{Record, State};
use endodoi::rules::{Config, Game, Hole, Variant};
use in_process::endodoi;

use crate::common::in_process;

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Runs the binary `endodoi ARGS`, standard input empty.
fn binary(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn endodoi_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(input)
        .expect("stdin takes the record");
    child.wait_with_output().expect("the binary ends")
}

fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 messages")
}

/// The run succeeded and printed one JSON value; returns it.
fn json_of(output: &Output) -> serde_json::Value {
    assert!(
        output.status.success(),
        "{:?}: {}",
        output.status,
        stderr(output)
    );
    assert_eq!(stderr(output), "");
    let text = stdout(output);
    assert_eq!(
        text.trim_end().lines().count(),
        1,
        "one line of JSON: {text}"
    );
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{error}: {text}"))
}

fn golden_json(stem: &str) -> serde_json::Value {
    serde_json::from_str(&fs::read_to_string(golden(&format!("{stem}.json"))).expect("read"))
        .expect("golden JSON")
}

/// The run failed with a message of ours: non-zero exit, nothing on
/// stdout, one paragraph on stderr, no panic or backtrace. Returns it.
fn failure_message(output: &Output) -> String {
    let message = stderr(output);
    assert!(!output.status.success(), "succeeded: {}", stdout(output));
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert_eq!(stdout(output), "", "{message}");
    assert!(!message.contains("panicked"), "{message}");
    assert!(!message.contains("RUST_BACKTRACE"), "{message}");
    assert!(message.starts_with("endodoi: "), "{message}");
    assert!(message.ends_with('\n'), "{message:?}");
    assert_eq!(
        message.trim_end().lines().count(),
        1,
        "one paragraph: {message}"
    );
    message
}

/// The run failed with a usage error (exit code 2): one paragraph, no panic.
fn usage_error(output: &Output) -> String {
    let message = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert_eq!(stdout(output), "", "{message}");
    assert!(!message.contains("panicked"), "{message}");
    assert!(!message.contains("RUST_BACKTRACE"), "{message}");
    assert!(message.starts_with("endodoi: "), "{message}");
    assert!(
        message.trim_end().ends_with("(see endodoi --help)"),
        "{message}"
    );
    assert_eq!(
        message.trim_end().lines().count(),
        1,
        "one paragraph: {message}"
    );
    message
}

// ---------------------------------------------------------------- replay --json

#[test]
fn replay_json_prints_the_golden_state_of_every_golden_record() {
    let mut checked = 0;
    for entry in fs::read_dir(golden("")).expect("tests/golden") {
        let path = entry.expect("an entry").path();
        let Some(stem) = path.file_stem().and_then(|stem| stem.to_str()) else {
            continue;
        };
        if path.extension().is_none_or(|ext| ext != "ogn") || stem.starts_with('e') {
            continue;
        }
        let output = endodoi(&["replay", path_arg(&path), "--json"]);
        assert_eq!(json_of(&output), golden_json(stem), "{stem}");
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} golden records");
}

#[test]
fn replay_json_keeps_the_field_order_of_the_rules() {
    let output = endodoi(&["replay", path_arg(&golden("002.ogn")), "--json"]);
    let text = stdout(&output);
    let fields = [
        "\"width\"",
        "\"seeds\"",
        "\"variant\"",
        "\"ply\"",
        "\"pits\"",
        "\"captured\"",
        "\"to_move\"",
        "\"legal\"",
        "\"status\"",
        "\"result\"",
    ];
    let places: Vec<usize> = fields
        .iter()
        .map(|field| {
            text.find(field)
                .unwrap_or_else(|| panic!("{field} in {text}"))
        })
        .collect();
    assert!(places.is_sorted(), "{text}");
    assert!(text.contains("\"to_move\":null"), "{text}");
    assert!(text.contains("\"legal\":[]"), "{text}");
}

#[test]
fn replay_reads_a_record_from_standard_input() {
    let record = fs::read(golden("000.ogn")).expect("golden record");
    let output = endodoi_with_stdin(&["replay", "-", "--json"], &record);
    assert_eq!(json_of(&output), golden_json("000"));
}

#[test]
fn replay_moves_uses_width_seeds_and_variant() {
    let output = endodoi(&[
        "replay",
        "--moves",
        "A d C b",
        "--width",
        "8",
        "--seeds",
        "3",
        "--variant",
        "cross",
        "--json",
    ]);
    let json = json_of(&output);
    let mut game = Game::new(Config::new(8, 3, Variant::Cross).expect("a legal board"));
    for letter in ['A', 'd', 'C', 'b'] {
        game.play(Hole::from_letter(letter).expect("a letter"))
            .expect("a legal move");
    }
    assert_eq!(
        json,
        serde_json::to_value(State::of(&game)).expect("a state serialises")
    );
    assert_eq!(json["width"], 8);
    assert_eq!(json["seeds"], 3);
    assert_eq!(json["variant"], "cross");
    assert_eq!(json["ply"], 4);
    assert_eq!(json["pits"]["south"].as_array().map(Vec::len), Some(8));
    let seeds_left: u64 = ["south", "north"]
        .iter()
        .flat_map(|side| json["pits"][side].as_array().expect("a row").iter())
        .chain([&json["captured"]["south"], &json["captured"]["north"]])
        .map(|seeds| seeds.as_u64().expect("a count"))
        .sum();
    assert_eq!(seeds_left, 48, "3 seeds in 16 holes");
}

#[test]
fn replay_moves_defaults_to_the_classic_six_hole_board() {
    let output = endodoi(&["replay", "--moves", "1. E a+2 2. E+15 c+4", "--json"]);
    let json = json_of(&output);
    assert_eq!(
        (
            &json["width"],
            &json["seeds"],
            &json["variant"],
            &json["ply"]
        ),
        (
            &serde_json::json!(6),
            &serde_json::json!(4),
            &serde_json::json!("classic"),
            &serde_json::json!(4)
        )
    );
}

#[test]
fn replay_moves_of_a_finished_game_gives_the_result() {
    let output = endodoi(&["replay", "--moves", "E a E c C e B 32-16", "--json"]);
    let json = json_of(&output);
    assert_eq!(json["status"], "over");
    assert_eq!(
        json["result"],
        serde_json::json!({"south": 32, "north": 16, "winner": "south", "reason": "no-moves"})
    );
}

// ---------------------------------------------------------------- replay --print

#[test]
fn replay_print_shows_rows_letters_captures_and_whose_turn() {
    let output = endodoi(&["replay", path_arg(&golden("000.ogn")), "--print"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "En Dodoi, 10 holes a row, 4 seeds a hole, after 19 moves\n\
         \n\
         \x20         j   i   h   g   f   e   d   c   b   a\n\
         North     4   3   0   1   2   3   2   1   2   1   captured 15\n\
         South     5   1   0   2   1   0   5   0   1   4   captured 27\n\
         \x20         A   B   C   D   E   F   G   H   I   J\n\
         \n\
         North to move; legal: a b c d e f g i\n"
    );
}

#[test]
fn replay_print_shows_the_result_when_the_game_is_over() {
    let output = endodoi(&["replay", path_arg(&golden("002.ogn")), "--print"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "En Dodoi, 7 holes a row, 3 seeds a hole, after 34 moves\n\
         \n\
         \x20         g   f   e   d   c   b   a\n\
         North     0   1   0   1   0   0   0   captured 13\n\
         South     0   0   0   0   0   0   0   captured 27\n\
         \x20         A   B   C   D   E   F   G\n\
         \n\
         Game over: South has no legal move; the seeds left go to North.\n\
         \x20 South  27 captured + 0 taken = 27\n\
         \x20 North  13 captured + 2 taken = 15\n\
         South wins 27-15.\n"
    );
}

#[test]
fn replay_print_names_a_repetition_end() {
    let output = endodoi(&["replay", path_arg(&golden("014.ogn")), "--print"]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        text.contains("Game over: the position repeated; each player takes their own row."),
        "{text}"
    );
    assert!(text.contains("South wins 33-15."), "{text}");
    assert!(!text.contains("to move"), "{text}");
}

/// Two moves, then South resigned: North wins, South holding 26 seeds
/// (2 captured, 24 in its row) and North 22 (3 and 19).
const RESIGNED: &str = "[South \"Naserian\"]\n[North \"Lekishon\"]\n\
                        [Termination \"South resigned\"]\n\n1. A+2 b+3 *\n";

#[test]
fn replay_print_of_a_resigned_game_says_who_resigned_and_who_wins() {
    let output = endodoi_with_stdin(&["replay", "-", "--print"], RESIGNED.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "En Dodoi, 6 holes a row, 4 seeds a hole, after 2 moves\n\
         \n\
         \x20         f   e   d   c   b   a\n\
         North     0   8   0   3   0   8   captured 3\n\
         South     4   1   0   8   3   8   captured 2\n\
         \x20         A   B   C   D   E   F\n\
         \n\
         Game over: South resigned.\n\
         \x20 South  2 captured + 24 in the row = 26\n\
         \x20 North  3 captured + 19 in the row = 22\n\
         North wins.\n"
    );
    let agreed = RESIGNED.replace("South resigned", "Draw agreed");
    let output = endodoi_with_stdin(&["replay", "-", "--print"], agreed.as_bytes());
    assert!(
        stdout(&output).ends_with(
            "Game over: the players agreed a draw.\n\
             \x20 South  2 captured + 24 in the row = 26\n\
             \x20 North  3 captured + 19 in the row = 22\n\
             A draw.\n"
        ),
        "{}",
        stdout(&output)
    );
}

#[test]
fn replay_json_of_a_game_out_of_time_is_over_only_after_its_last_move() {
    let timed = RESIGNED.replace("South resigned", "North lost on time");
    let output = endodoi_with_stdin(&["replay", "-", "--json"], timed.as_bytes());
    assert_eq!(
        json_of(&output),
        serde_json::json!({
            "width": 6, "seeds": 4, "variant": "classic", "ply": 2,
            "pits": {"south": [4, 1, 0, 8, 3, 8], "north": [8, 0, 3, 0, 8, 0]},
            "captured": {"south": 2, "north": 3},
            "to_move": null, "legal": [], "status": "over",
            "result": {"south": 26, "north": 22, "winner": "south", "reason": "time"},
        })
    );
    let output = endodoi_with_stdin(&["replay", "-", "--json", "--ply", "1"], timed.as_bytes());
    let mut game = Game::new(Config::default());
    game.play(Hole::from_letter('A').expect("a letter"))
        .expect("a legal move");
    assert_eq!(
        json_of(&output),
        serde_json::to_value(State::of(&game)).expect("a state serialises")
    );
}

#[test]
fn replay_svg_of_a_resigned_game_draws_no_arrow_and_says_who_wins() {
    let output = endodoi_with_stdin(&["replay", "-", "--svg", "-"], RESIGNED.as_bytes());
    let picture = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!picture.contains('▶'), "{picture}");
    for line in [
        ">Game over: South resigned.<",
        ">North wins.<",
        ">South  2 captured + 24 in the row = 26<",
    ] {
        assert!(picture.contains(line), "{line} in {picture}");
    }
}

#[test]
fn replay_refuses_a_resignation_in_a_game_the_rules_ended() {
    let finished = fs::read_to_string(golden("002.ogn")).expect("a golden record");
    let text = format!("[Termination \"North resigned\"]\n{finished}");
    let output = endodoi_with_stdin(&["replay", "-", "--json"], text.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "endodoi: standard input: line 1, column 1: tag `Termination` has a bad value \
         \"North resigned\": the moves end the game by the rules, 27-15\n"
    );
}

#[test]
fn replay_print_of_a_cross_game_names_the_variant() {
    let output = endodoi(&["replay", "--moves", "A", "--variant", "cross", "--print"]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        text.starts_with("Cross-Endodoi, 6 holes a row, 4 seeds a hole, after 1 move"),
        "{text}"
    );
    assert!(text.contains("North to move; legal: "), "{text}");
}

#[test]
fn replay_without_json_prints_the_diagram() {
    let plain = endodoi(&["replay", path_arg(&golden("001.ogn"))]);
    let print = endodoi(&["replay", path_arg(&golden("001.ogn")), "--print"]);
    assert!(plain.status.success(), "{}", stderr(&plain));
    assert_eq!(stdout(&plain), stdout(&print));
}

// ---------------------------------------------------------------- bad input

#[test]
fn faulty_golden_records_are_refused_with_file_line_column_ply_and_reason() {
    let mut checked = 0;
    for entry in fs::read_dir(golden("")).expect("tests/golden") {
        let path = entry.expect("an entry").path();
        let Some(stem) = path.file_stem().and_then(|stem| stem.to_str()) else {
            continue;
        };
        if path.extension().is_none_or(|ext| ext != "ogn") || !stem.starts_with('e') {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a golden record");
        let error = Record::read(&text).expect_err("a faulty record");
        let ply = error.ply.expect("a fault in the moves");
        let output = endodoi(&["replay", path_arg(&path), "--json"]);
        let message = failure_message(&output);
        assert!(message.contains(path_arg(&path)), "{stem}: {message}");
        for part in [
            format!("line {}", error.line),
            format!("column {}", error.column),
            format!("ply {ply}"),
            error.kind.to_string(),
        ] {
            assert!(message.contains(&part), "{stem}: {part} in {message}");
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} faulty records");
}

#[test]
fn a_refused_move_is_named_with_its_reason() {
    let path = golden("e007.ogn");
    let message = failure_message(&endodoi(&["replay", path_arg(&path), "--print"]));
    assert_eq!(
        message,
        format!(
            "endodoi: {}: line 5, column 118, ply 32: move `F`: hole F is South's, but it is North's turn\n",
            path.display()
        )
    );
}

#[test]
fn a_faulty_record_on_standard_input_is_named_as_such() {
    let output = endodoi_with_stdin(&["replay", "-", "--json"], b"1. A b\n2. a\n");
    let message = failure_message(&output);
    assert!(message.contains("standard input"), "{message}");
    assert!(message.contains("line 2, column 4, ply 3"), "{message}");
    assert!(message.contains("move `a`"), "{message}");
}

#[test]
fn a_faulty_moves_list_is_refused_with_column_ply_and_move() {
    let message = failure_message(&endodoi(&["replay", "--moves", "A b C", "--json"]));
    assert!(message.contains("--moves \"A b C\""), "{message}");
    assert!(message.contains("column 5, ply 3"), "{message}");
    assert!(message.contains("move `C`: hole C is empty"), "{message}");
}

#[test]
fn a_bad_tag_is_refused_with_its_place() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("wide.ogn");
    fs::write(&path, "[Event \"x\"]\n[Width \"11\"]\n\n1. A\n").expect("write");
    let message = failure_message(&endodoi(&["replay", path_arg(&path), "--json"]));
    assert!(message.contains(path_arg(&path)), "{message}");
    assert!(message.contains("line 2, column 1"), "{message}");
    assert!(message.contains("Width"), "{message}");
    assert!(message.contains("11"), "{message}");
}

#[test]
fn a_missing_file_is_refused_naming_it() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("no-such-game.ogn");
    let message = failure_message(&endodoi(&["replay", path_arg(&path), "--json"]));
    assert!(message.contains(path_arg(&path)), "{message}");
}

#[test]
fn a_directory_is_refused_naming_it() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let message = failure_message(&endodoi(&["replay", path_arg(dir.path()), "--json"]));
    assert!(message.contains(path_arg(dir.path())), "{message}");
}

#[test]
fn a_file_that_is_not_utf8_is_refused_with_its_place() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("latin1.ogn");
    fs::write(&path, b"[South \"Ole\"]\n1. A b \xe9\n").expect("write");
    let message = failure_message(&endodoi(&["replay", path_arg(&path), "--json"]));
    assert!(message.contains(path_arg(&path)), "{message}");
    assert!(message.contains("line 2, column 8"), "{message}");
    assert!(message.contains("UTF-8"), "{message}");
}

#[test]
fn a_file_too_large_to_be_a_record_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("huge.ogn");
    let mut text = String::from("{");
    text.push_str(&"nickernuts ".repeat(1_600_000));
    text.push('}');
    assert!(text.len() > 17_000_000);
    fs::write(&path, text).expect("write");
    let message = failure_message(&endodoi(&["replay", path_arg(&path), "--json"]));
    assert!(message.contains(path_arg(&path)), "{message}");
    assert!(message.contains("MiB"), "{message}");
}

#[test]
fn a_large_record_within_the_limit_is_read() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("commented.ogn");
    let text = format!("{{{}}}\n1. A b *\n", "seeds ".repeat(900_000));
    fs::write(&path, text).expect("write");
    let json = json_of(&endodoi(&["replay", path_arg(&path), "--json"]));
    assert_eq!(json["ply"], 2);
}

#[test]
fn width_out_of_range_is_refused() {
    let message = usage_error(&endodoi(&["replay", "--moves", "A", "--width", "11"]));
    assert!(message.contains("--width"), "{message}");
    assert!(message.contains("11"), "{message}");
    let seeds = usage_error(&endodoi(&["replay", "--moves", "A", "--seeds", "0"]));
    assert!(seeds.contains("--seeds"), "{seeds}");
    let variant = usage_error(&endodoi(&["replay", "--moves", "A", "--variant", "chess"]));
    assert!(variant.contains("chess"), "{variant}");
}

#[test]
fn width_with_a_file_is_refused() {
    let message = failure_message(&endodoi(&[
        "replay",
        path_arg(&golden("000.ogn")),
        "--width",
        "8",
    ]));
    assert!(message.contains("--width"), "{message}");
    assert!(message.contains("--moves"), "{message}");
}

#[test]
fn replay_needs_a_file_or_moves() {
    let message = usage_error(&binary(&["replay", "--json"]));
    assert!(message.contains("--moves"), "{message}");
    assert!(message.contains("FILE"), "{message}");
}

#[test]
fn a_file_and_moves_together_are_refused() {
    let message = usage_error(&endodoi(&[
        "replay",
        path_arg(&golden("000.ogn")),
        "--moves",
        "A",
    ]));
    assert!(message.contains("--moves"), "{message}");
}

#[test]
fn json_and_print_together_are_refused() {
    let message = usage_error(&endodoi(&["replay", "--moves", "A", "--json", "--print"]));
    assert!(message.contains("--print"), "{message}");
}

#[test]
fn a_clock_that_is_not_a_time_control_is_refused_with_the_part_that_is_wrong() {
    let minutes = "the minutes must be a whole number from 1 to 180";
    let increment = "the increment must be a whole number of seconds from 0 to 60";
    for (args, value, reason) in [
        (&["--clock", "99999999999+1"][..], "99999999999+1", minutes),
        (&["--clock", "5+"], "5+", increment),
        (&["--clock=-1+0"], "-1+0", minutes),
        (&["--clock", "0.5+0"], "0.5+0", minutes),
        (&["--clock", "5+61"], "5+61", increment),
        (
            &["--clock", "5"],
            "5",
            "a time control is MINUTES+SECONDS, such as 5+3",
        ),
        (&["host", "--clock", "181+0"], "181+0", minutes),
    ] {
        assert_eq!(
            usage_error(&endodoi(args)),
            format!(
                "endodoi: invalid value '{value}' for '--clock <MINUTES+SECONDS>': {reason} \
                 (see endodoi --help)\n"
            ),
            "{args:?}"
        );
    }
}

#[test]
fn a_clock_does_not_go_with_a_game_continued_which_keeps_its_own() {
    for (args, other) in [
        (&["--clock", "5+3", "--resume"][..], "--resume [<ID>]"),
        (&["--resume", "abc", "--clock", "5+3"], "--resume [<ID>]"),
        (&["--clock", "5+3", "--load", "game.ogn"], "--load <FILE>"),
        (&["host", "--clock", "5+3", "--resume"], "--resume [<ID>]"),
    ] {
        let message = usage_error(&endodoi(args));
        assert!(
            message.contains("'--clock <MINUTES+SECONDS>'") && message.contains(other),
            "{args:?}: {message}"
        );
    }
}

#[test]
fn a_game_without_hints_does_not_go_with_a_game_continued_which_keeps_its_own() {
    for (args, other) in [
        (&["--no-assist", "--resume"][..], "--resume [<ID>]"),
        (&["--resume", "abc", "--no-assist"], "--resume [<ID>]"),
        (&["--no-assist", "--load", "game.ogn"], "--load <FILE>"),
        (&["host", "--no-assist", "--resume"], "--resume [<ID>]"),
    ] {
        let message = usage_error(&endodoi(args));
        assert!(
            message.contains("'--no-assist'") && message.contains(other),
            "{args:?}: {message}"
        );
    }
    let message = usage_error(&endodoi(&["join", "7-crossover-clockwork", "--no-assist"]));
    assert!(message.contains("'--no-assist'"), "{message}");
}

// ---------------------------------------------------------------- help

#[test]
fn help_lists_the_subcommands() {
    let output = binary(&["--help"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for word in ["replay", "bench", "--width", "--seeds", "--variant"] {
        assert!(text.contains(word), "{word} in {text}");
    }
}

#[test]
fn replay_help_lists_its_options() {
    let output = binary(&["replay", "--help"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for word in [
        "FILE", "--moves", "--json", "--print", "--width", "classic", "cross",
    ] {
        assert!(text.contains(word), "{word} in {text}");
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(["analyze", path_arg(&golden("000.ogn")), "--depth", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Close the reading end before the analysis has printed anything.
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the binary ends");
    assert_eq!(output.status.code(), Some(141), "{output:?}");
    assert_eq!(stderr(&output), "");
}

#[test]
fn a_record_file_in_a_missing_folder_is_refused_before_the_game_starts() {
    let output = binary(&["--record", "/no/such/folder/game.ogn"]);
    let message = failure_message(&output);
    assert!(
        message.contains("--record: the folder /no/such/folder does not exist"),
        "{message}"
    );
}

#[test]
fn a_hostile_file_name_is_shown_escaped_in_every_message() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let hostile = dir.path().join("\u{1b}]0;PWNED\u{7}\u{1b}[2J.ogn");
    // Missing, then present with a fault in its moves.
    for contents in [None, Some("[Width \"6\"]\n1. A b 2. A e 3. C d 4. Q\n")] {
        if let Some(text) = contents {
            std::fs::write(&hostile, text).expect("the record is written");
        }
        let output = endodoi(&["replay", hostile.to_str().expect("UTF-8 path")]);
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        let message = stderr(&output);
        assert!(
            !message.contains('\u{1b}') && !message.contains('\u{7}'),
            "{message:?}"
        );
        assert!(
            message.contains("\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J.ogn"),
            "{message:?}"
        );
    }
}

/// A standard output that fails every write with `kind`.
struct Failing(std::io::ErrorKind);

impl std::io::Write for Failing {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(self.0.into())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn an_output_that_fails_is_an_error_and_one_whose_reader_went_away_ends_quietly() {
    use clap::Parser as _;
    use endodoi::command::{self, Console};
    for (kind, status, message) in [
        (
            std::io::ErrorKind::StorageFull,
            1,
            "endodoi: cannot write to standard output: no storage space\n",
        ),
        (std::io::ErrorKind::BrokenPipe, 141, ""),
    ] {
        let mut console = Console {
            out: Failing(kind),
            err: Vec::new(),
            terminal: false,
            ask: false,
        };
        let cli =
            endodoi::cli::Cli::try_parse_from(["endodoi", "replay", "--moves", "A", "--json"])
                .expect("a valid command line");
        let result = command::run(cli, &mut console);
        assert_eq!(command::status(result, &mut console.err), status, "{kind}");
        assert_eq!(String::from_utf8_lossy(&console.err), message, "{kind}");
    }
}

#[test]
fn a_full_disk_under_standard_output_is_named_and_exits_1() {
    let full = fs::File::create("/dev/full").expect("/dev/full, on Linux");
    let output = Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(["replay", "--moves", "A", "--json"])
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "endodoi: cannot write to standard output: No space left on device (os error 28)\n"
    );
}

// ---------------------------------------------------------------- join codes

#[test]
fn codes_a_guesser_tries_first_are_refused_by_host_and_join_with_the_reason() {
    for (code, why) in [
        ("password", "this is a top-10 common password"),
        ("123456789", "this is a top-10 common password"),
        ("qwertyuiop", "this is a top-100 common password"),
        ("iloveyou1", "this is a very common password"),
        ("abcdefgh", "sequences like abc or 6543 are easy to guess"),
        ("ABCDE", "sequences like abc or 6543 are easy to guess"),
    ] {
        let host = ["host", "--listen", "127.0.0.1:0", "--code", code];
        let join = ["join", "127.0.0.1:7557", "--code", code, "--name", "Eve"];
        for args in [&host[..], &join[..]] {
            let message = usage_error(&binary(args));
            assert!(
                message.contains(&format!(
                    "the join code {code:?} is too easy to guess: {why} (found in about "
                )) && message.contains(
                    "a code `endodoi host` makes up (6 letters at random, 30 bits) has no such pattern"
                ),
                "{args:?}: {message}"
            );
        }
    }
}

// ---------------------------------------------------------------- help

/// Every example (`e.g. X` or `e.g. "X"`) in the help of every option of
/// every command, with the command and the option.
fn help_examples() -> Vec<(Vec<String>, String, String)> {
    fn walk(
        command: &clap::Command,
        path: &[String],
        found: &mut Vec<(Vec<String>, String, String)>,
    ) {
        for arg in command.get_arguments() {
            let (Some(long), Some(help)) = (arg.get_long(), arg.get_help()) else {
                continue;
            };
            let help = help.to_string();
            for after in help.split("e.g. ").skip(1) {
                let example = match after.strip_prefix('"') {
                    Some(quoted) => quoted.split('"').next().unwrap_or_default(),
                    None => after
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .trim_end_matches([';', ',', ')']),
                };
                found.push((path.to_vec(), long.to_owned(), example.to_owned()));
            }
        }
        for sub in command.get_subcommands() {
            let mut path = path.to_vec();
            path.push(sub.get_name().to_owned());
            walk(sub, &path, found);
        }
    }
    let mut found = Vec::new();
    walk(
        &<endodoi::cli::Cli as clap::CommandFactory>::command(),
        &[],
        &mut found,
    );
    found
}

#[test]
fn every_example_in_the_help_is_taken_as_shown() {
    use clap::error::ErrorKind;
    let examples = help_examples();
    assert!(examples.len() >= 6, "the examples were found: {examples:?}");
    for (path, long, example) in &examples {
        let mut args = vec!["endodoi".to_owned()];
        args.extend(path.iter().cloned());
        args.extend([format!("--{long}"), example.clone()]);
        let parsed = <endodoi::cli::Cli as clap::Parser>::try_parse_from(&args);
        if let Err(error) = parsed {
            // Another argument the command needs is missing: this one was taken.
            assert!(
                matches!(
                    error.kind(),
                    ErrorKind::MissingRequiredArgument | ErrorKind::MissingSubcommand
                ),
                "{args:?}: {error}"
            );
        }
        if long == "moves" {
            let output = binary(&["replay", "--moves", example, "--print"]);
            assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        }
    }
    assert!(
        examples.iter().any(|(_, long, _)| long == "moves"),
        "{examples:?}"
    );
}

#[test]
fn a_number_out_of_its_range_is_refused_in_words() {
    for (args, said) in [
        (&["--width", "11"][..], "11 is not from 6 to 10"),
        (&["--seeds", "0"][..], "0 is not from 3 to 6"),
        (&["--width", "x"][..], "not a whole number from 6 to 10"),
        (&["--think", "0"][..], "0 is not from 1 to 1000"),
        (
            &["host", "--first-to", "100"][..],
            "100 is not from 1 to 99",
        ),
        (
            &["tablebase", "build", "--width", "99"][..],
            "99 is not from 6 to 10",
        ),
    ] {
        let message = usage_error(&binary(args));
        assert!(message.contains(said), "{args:?}: {message}");
        assert!(!message.contains("..="), "{args:?}: {message}");
    }
}

#[test]
fn join_with_an_address_and_no_code_says_the_code_is_missing() {
    let output = binary(&["join", "127.0.0.1:7557"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output).trim_end(),
        "endodoi: 127.0.0.1:7557 is an address: the direct mode needs the code the host's screen \
         shows too, `endodoi join 127.0.0.1:7557 --code CODE`"
    );
}

#[test]
fn a_picture_follows_the_umask_it_is_made_under() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (umask, mode) in [("022", 0o644), ("027", 0o640), ("077", 0o600)] {
        let picture = dir.path().join(format!("{umask}.svg"));
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "umask {umask}; exec \"$0\" replay --moves 'A e' --svg \"$1\"",
            ))
            .arg(env!("CARGO_BIN_EXE_endodoi"))
            .arg(&picture)
            .status()
            .expect("sh runs");
        assert!(status.success());
        let made = fs::metadata(&picture)
            .expect("the picture")
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(made, mode, "umask {umask}");
    }
}

#[test]
fn a_fifo_named_as_a_record_is_refused_at_once_not_waited_for() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let fifo = dir.path().join("fifo.ogn");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("SKIPPED: mkfifo is not available");
        return;
    }
    for args in [
        &["replay", path_arg(&fifo), "--print"][..],
        &["analyze", path_arg(&fifo)][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_endodoi"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let start = std::time::Instant::now();
        while child.try_wait().expect("a status").is_none() {
            if start.elapsed() > std::time::Duration::from_secs(20) {
                let _ = child.kill();
                panic!("{args:?} waited on the FIFO");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let output = child.wait_with_output().expect("its output");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            stderr(&output).trim_end(),
            format!(
                "endodoi: {}: a FIFO is not a regular file (a record from a pipe comes on \
                 standard input: `-`)",
                fifo.display()
            ),
            "{args:?}"
        );
    }
}

#[test]
fn a_value_refused_is_quoted_back_with_its_hidden_characters_escaped() {
    let message = usage_error(&binary(&["--clock", "\u{1b}[31m5+3\u{202e}"]));
    assert!(
        message.starts_with(
            "endodoi: invalid value '\\u{1b}[31m5+3\\u{202e}' for '--clock <MINUTES+SECONDS>': "
        ),
        "{message}"
    );
    assert!(
        !message.contains('\u{1b}') && !message.contains('\u{202e}'),
        "{message}"
    );
}

#[test]
fn a_record_file_that_is_a_link_is_refused_before_the_game_starts() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("game.ogn");
    fs::write(&file, "").expect("a file");
    for (name, to) in [
        ("dangling.ogn", dir.path().join("nowhere.ogn")),
        ("link.ogn", file),
    ] {
        let link = dir.path().join(name);
        std::os::unix::fs::symlink(&to, &link).expect("a link");
        let output = binary(&["--record", path_arg(&link)]);
        let message = failure_message(&output);
        assert_eq!(
            message.trim_end(),
            format!(
                "endodoi: --record {}: a symbolic link, refused: the record is never written \
                 through one; name the file itself",
                link.display()
            ),
            "{name}"
        );
    }
}
