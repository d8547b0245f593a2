//! The binary's engine protocol and `analyze`, seen from outside: a session
//! through `endodoi engine`'s standard input and output, and the analysis of
//! a golden record.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};
use std::time::{Duration, Instant};

use endodoi::record::Record;
use endodoi::rules::{Config, Game, Hole, Variant};

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// `endodoi engine` with piped input and output.
struct Session {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_endodoi"))
            .arg("engine")
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().expect("a piped stdin");
        let output = BufReader::new(child.stdout.take().expect("a piped stdout"));
        Session {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads its input");
        self.input.flush().expect("the engine reads its input");
    }

    fn read_line(&mut self) -> String {
        let mut line = String::new();
        let read = self
            .output
            .read_line(&mut line)
            .expect("the engine answers");
        assert!(read > 0, "the engine closed its output");
        line.trim_end().to_owned()
    }

    /// Lines up to and including the next `bestmove`.
    fn until_bestmove(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.read_line();
            let done = line.starts_with("bestmove");
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

fn bestmove(lines: &[String]) -> Option<Hole> {
    let last = lines.last().expect("a bestmove line");
    let word = last
        .strip_prefix("bestmove ")
        .expect("the last line is bestmove");
    (word != "none").then(|| word.parse().expect("a hole letter"))
}

#[test]
fn a_session_round_trips() {
    let mut engine = Session::start();
    engine.send("isready");
    assert_eq!(engine.read_line(), "readyok");

    engine.send("position width 8 moves A d");
    engine.send("go depth 4");
    let lines = engine.until_bestmove();
    let infos: Vec<&String> = lines
        .iter()
        .filter(|line| line.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "one info line an iteration: {lines:?}");
    for info in &infos {
        for field in [" score ", " nodes ", " nps ", " time ", " pv "] {
            assert!(info.contains(field), "{info}");
        }
    }
    let game = Record::read_moves(Config::new(8, 4, Variant::Classic).expect("a board"), "A d")
        .expect("legal moves")
        .game;
    let best = bestmove(&lines).expect("the game is not over");
    assert!(game.is_legal(best), "{best} is legal after A d");
    assert!(infos[3].ends_with(&format!("pv {best}")) || infos[3].contains(&format!("pv {best} ")));

    engine.send("position width 11");
    let error = engine.read_line();
    assert!(
        error.starts_with("info string error") && error.contains("11"),
        "{error}"
    );
    engine.send("position moves A A");
    let error = engine.read_line();
    assert!(
        error.starts_with("info string error illegal move list") && error.contains("ply 2"),
        "{error}"
    );
    engine.send("fly away");
    let error = engine.read_line();
    assert!(
        error.starts_with("info string error unknown command `fly`"),
        "{error}"
    );

    // The bad lines left the position after A d on 8 holes in place.
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    engine.send("isready");
    let started = Instant::now();
    engine.send("stop");
    let lines = engine.until_bestmove();
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "stop answers at once"
    );
    assert!(
        lines.iter().any(|line| line == "readyok"),
        "isready is answered while searching"
    );
    assert!(game.is_legal(bestmove(&lines).expect("a move")));

    engine.send("quit");
    let status = engine.child.wait().expect("the engine exits");
    assert!(status.success());
}

#[test]
fn a_finished_game_gets_bestmove_none() {
    let mut engine = Session::start();
    let path = golden("000.ogn");
    let record = Record::read(&std::fs::read_to_string(&path).expect("a golden record"))
        .expect("a valid record");
    engine.send(&format!("position record {}", path.display()));
    engine.send("go movetime 100");
    let lines = engine.until_bestmove();
    let expected = record.game.legal_moves().next().is_none();
    assert_eq!(bestmove(&lines).is_none(), expected, "{lines:?}");
    engine.send("quit");
    assert!(engine.child.wait().expect("the engine exits").success());
}

#[test]
fn end_of_input_lets_a_bounded_search_answer() {
    let output = Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .expect("a piped stdin")
                .write_all(b"position moves A\ngo movetime 100\n")?;
            child.wait_with_output()
        })
        .expect("the engine runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8 output");
    let last = text.lines().last().expect("some output");
    let mut game = Game::new(Config::default());
    game.play("A".parse().expect("a hole"))
        .expect("a legal move");
    let best: Hole = last
        .strip_prefix("bestmove ")
        .expect("bestmove last")
        .parse()
        .expect("a hole");
    assert!(game.is_legal(best));
}

fn endodoi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Runs `endodoi analyze tests/golden/000.ogn ARGS`; the record and the run.
fn analyze_golden_000(args: &[&str]) -> (Record, std::process::Output) {
    let path = golden("000.ogn");
    let record = Record::read(&std::fs::read_to_string(&path).expect("a golden record"))
        .expect("a valid record");
    let mut all = vec!["analyze", path.to_str().expect("a UTF-8 path")];
    all.extend_from_slice(args);
    (record, endodoi(&all))
}

#[test]
fn analyze_json_judges_every_move_of_a_golden_record() {
    let (record, output) = analyze_golden_000(&["--json", "--depth", "3"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let analysis: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON document");
    let moves = analysis["moves"].as_array().expect("a list of moves");
    assert_eq!(moves.len(), record.game.ply());
    for (entry, played) in moves.iter().zip(record.game.history()) {
        assert_eq!(entry["move"], played.hole.to_string());
        assert_eq!(entry["captured"], played.captured);
        for field in ["before", "after", "loss"] {
            assert!(entry[field].is_i64(), "{field} in {entry}");
        }
        assert!(
            entry["best"]
                .as_str()
                .is_some_and(|best| best.parse::<Hole>().is_ok())
        );
        assert!(entry["mistake"].is_boolean());
    }
}

#[test]
fn analyze_prints_a_row_a_move() {
    let (record, output) = analyze_golden_000(&["--depth", "2"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8 output");
    let rows = text
        .lines()
        .filter(|line| line.trim_start().starts_with(|c: char| c.is_ascii_digit()));
    assert_eq!(rows.count(), record.game.ply(), "{text}");
    assert!(text.contains("mistakes"));
}

#[test]
fn analyze_reports_a_bad_record_like_replay() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("bad.ogn");
    std::fs::write(&path, "1. A A\n").expect("a file");
    let path = path.to_str().expect("a UTF-8 path");
    let analyze = endodoi(&["analyze", path]);
    let replay = endodoi(&["replay", path, "--json"]);
    assert!(!analyze.status.success());
    assert_eq!(
        String::from_utf8_lossy(&analyze.stderr),
        String::from_utf8_lossy(&replay.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&analyze.stderr).lines().count(), 1);
}
