//! The engine protocol and `analyze`, seen from outside: a session through
//! `endodoi engine`'s standard input and output, whole inputs answered in
//! this process ([`engine_in_process`]), and the analysis of a golden record
//! ([`in_process::endodoi`]).

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

use endodoi::record::Record;
use endodoi::rules::{Config, Game, Hole, Variant};
use in_process::endodoi;
use prefixed::prefixed;

use crate::common::{in_process, prefixed};

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

/// Runs `endodoi engine` (under `wrapper` when given, such as `prlimit`) on
/// `input`, written whole then closed; its output and how long it took.
fn engine_on(wrapper: &[&str], input: Vec<u8>) -> (Output, Duration) {
    let started = Instant::now();
    let mut child = prefixed(wrapper, env!("CARGO_BIN_EXE_endodoi"))
        .arg("engine")
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("the engine runs");
    writer
        .join()
        .expect("the writer thread")
        .expect("the engine reads all its input");
    (output, started.elapsed())
}

/// Answers `input` as `endodoi engine` does, in this process: its output,
/// its exit status, and how long it took.
fn engine_in_process(input: &[u8]) -> (Output, Duration) {
    let started = Instant::now();
    let mut console = endodoi::command::Console {
        out: Vec::new(),
        err: Vec::new(),
        terminal: false,
        ask: false,
    };
    let result = endodoi::engine::run(
        input,
        &mut console.out,
        endodoi::tablebase::Shelf::default(),
    )
    .map_err(anyhow::Error::from);
    let status = endodoi::command::status(result.map(|()| 0), &mut console.err);
    let output = Output {
        status: ExitStatus::from_raw(i32::from(status) << 8),
        stdout: console.out,
        stderr: console.err,
    };
    (output, started.elapsed())
}

fn lines_of(output: &Output) -> Vec<String> {
    String::from_utf8(output.stdout.clone())
        .expect("UTF-8 output")
        .lines()
        .map(str::to_owned)
        .collect()
}

fn legal_after_a(best: &str) -> bool {
    let mut game = Game::new(Config::default());
    game.play("A".parse().expect("a hole"))
        .expect("a legal move");
    best.strip_prefix("bestmove ")
        .and_then(|hole| hole.parse().ok())
        .is_some_and(|hole| game.is_legal(hole))
}

#[test]
fn end_of_input_stops_a_long_search_which_answers_bestmove() {
    // Depth 64 would take far longer than any test: the end of input ends it.
    let (output, took) = engine_in_process(b"position moves A\ngo depth 64\n");
    assert!(output.status.success(), "{output:?}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
    let lines = lines_of(&output);
    let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 1, "{lines:?}");
    assert_eq!(lines.last(), Some(bestmoves[0]));
    assert!(legal_after_a(bestmoves[0]), "{lines:?}");
}

#[test]
fn invalid_utf8_is_an_error_line_and_the_search_goes_on_to_its_bestmove() {
    let mut engine = Session::start();
    engine.send("position moves A");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine
        .input
        .write_all(b"go \xff\xfe depth 3\n")
        .expect("the engine reads");
    engine.send("isready");
    let mut lines = Vec::new();
    loop {
        let line = engine.read_line();
        if line == "readyok" {
            break;
        }
        lines.push(line);
    }
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(
        errors,
        ["info string error the line is not valid UTF-8 text: `go \u{fffd}\u{fffd} depth 3`"],
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    engine.send("stop");
    let answer = engine.until_bestmove();
    assert!(
        legal_after_a(answer.last().expect("a bestmove")),
        "{answer:?}"
    );
    engine.send("quit");
    assert!(engine.child.wait().expect("the engine exits").success());
}

#[test]
fn every_go_gets_exactly_one_bestmove() {
    let input = b"position moves A\ngo infinite\ngo depth 2\n\xff\ngo nodes 50\nfly\ngo movetime 20\nquit\n";
    let (output, _) = engine_in_process(input);
    assert!(output.status.success());
    let lines = lines_of(&output);
    let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 4, "{lines:?}");
    assert!(
        bestmoves.iter().all(|line| legal_after_a(line)),
        "{lines:?}"
    );
}

#[test]
fn a_line_longer_than_the_cap_is_skipped_without_being_kept_and_quoted_short() {
    // 100 MB in one line, read under a 64 MiB data limit: the engine must not
    // keep the line whole (it did, and a long enough one exhausted memory).
    let mut input = b"position moves ".to_vec();
    input.resize(100_000_000, b'x');
    input.extend_from_slice(b"\nposition moves A\ngo depth 2\nquit\n");
    let limited = Command::new("prlimit").arg("--version").output().is_ok();
    if !limited {
        eprintln!("prlimit is missing: the line is read without a memory limit");
    }
    let wrapper: &[&str] = if limited {
        &["prlimit", "--data=67108864"]
    } else {
        &[]
    };
    let (output, _) = engine_on(wrapper, input);
    assert!(output.status.success(), "{output:?}");
    let lines = lines_of(&output);
    assert_eq!(
        lines[0],
        format!(
            "info string error the line is 100000000 bytes long, more than the 65536 a line may hold; it starts `position moves {}…`",
            "x".repeat(17)
        )
    );
    // The line after it is read as usual.
    assert!(
        legal_after_a(lines.last().expect("a bestmove")),
        "{lines:?}"
    );
    // The longest line that fits is carried out.
    let fits = format!(
        "position {}moves A\ngo depth 1\nquit\n",
        " ".repeat(65_536 - 16)
    );
    let (output, _) = engine_in_process(fits.as_bytes());
    let lines = lines_of(&output);
    assert!(
        lines.iter().all(|line| !line.contains("error")),
        "{lines:?}"
    );
    assert!(
        legal_after_a(lines.last().expect("a bestmove")),
        "{lines:?}"
    );
}

#[test]
fn error_lines_show_control_characters_escaped_and_input_short() {
    let input = format!(
        "fly\u{1b}]0;PWNED\u{7}\u{1b}[2J\nposition moves A \u{1b}c\ngo depth \u{9b}31m\nposition moves {}\nquit\n",
        "A ".repeat(20_000) + "%"
    );
    let (output, _) = engine_in_process(input.as_bytes());
    assert!(output.status.success());
    assert!(
        !output
            .stdout
            .iter()
            .any(|&byte| byte < 0x20 && byte != b'\n'),
        "a control character reached the output"
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8 output");
    assert!(!text.contains('\u{9b}'), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..3],
        [
            r"info string error unknown command `fly\u{1b}]0;PWNED\u{7}\u{1b}[2J` (commands: position, go, stop, isready, quit)",
            r"info string error illegal move list: line 1, column 3, ply 2: unknown token `\u{1b}c`: expected a hole letter such as `A` or `b+3`, a move number, a {comment} or a result",
            r"info string error go: `depth` needs a whole number from 1 to 64, not `\u{9b}31m`",
        ]
    );
    assert!(
        lines[3]
            .starts_with("info string error illegal move list: line 1, column 3, ply 2: move `A`"),
        "{}",
        lines[3]
    );
    assert_eq!(lines.len(), 4, "{lines:?}");
}

#[test]
fn a_record_path_that_cannot_be_read_is_quoted_short() {
    let path = format!(
        "/nonexistent/{}\u{1b}[2J",
        format!("{}/", "d".repeat(200)).repeat(20)
    );
    let (output, _) = engine_in_process(format!("position record {path}\nquit\n").as_bytes());
    let lines = lines_of(&output);
    assert_eq!(
        lines,
        [format!(
            "info string error position record `/nonexistent/{}…`: No such file or directory (os error 2)",
            "d".repeat(19)
        )]
    );
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
fn analyze_draws_a_bar_a_move_as_the_json_judges_it() {
    let (record, json) = analyze_golden_000(&["--json", "--depth", "3"]);
    let (_, text) = analyze_golden_000(&["--depth", "3"]);
    let analysis: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let moves = analysis["moves"].as_array().expect("a list of moves");
    let text = String::from_utf8(text.stdout).expect("UTF-8 output");
    let lines: Vec<Vec<char>> = text
        .lines()
        .skip_while(|line| !line.starts_with("evaluation after each move"))
        .skip(1)
        .map(|line| line.chars().collect())
        .collect();
    // Four rows above the zero line, the zero line with the marks, four
    // below.
    let axis = &lines[4];
    let start = axis.iter().position(|&c| c == '┼').expect("the axis") + 1;
    let cell = (endodoi::analyze::MAX_COLUMNS / record.game.ply()).clamp(1, 3);
    let at = |row: usize, ply: usize| lines[row].get(start + ply * cell).copied().unwrap_or(' ');
    for (ply, judged) in moves.iter().enumerate() {
        let after = judged["after"].as_i64().expect("an evaluation");
        let (above, below) = (at(3, ply) != ' ', at(5, ply) != ' ');
        assert_eq!((above, below), (after > 0, after < 0), "move {}", ply + 1);
        let mark = match (judged["certain"].as_bool(), judged["mistake"].as_bool()) {
            (Some(true), _) => '⁇',
            (_, Some(true)) => '?',
            _ => '─',
        };
        assert_eq!(at(4, ply), mark, "move {}", ply + 1);
    }
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

#[test]
fn analyze_rows_number_every_move_as_the_screen_does_and_show_the_engines_line() {
    let (record, json) = analyze_golden_000(&["--json", "--depth", "3"]);
    let (_, text) = analyze_golden_000(&["--depth", "3"]);
    assert!(json.status.success() && text.status.success());
    let analysis: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let moves = analysis["moves"].as_array().expect("a list of moves");
    let text = String::from_utf8(text.stdout).expect("UTF-8 output");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(" move  side   played before  after  best  loss                   line")
    );
    let rows: Vec<&str> = lines.take(record.game.ply()).collect();
    assert_eq!(rows.len(), moves.len());
    for (index, (row, entry)) in rows.iter().zip(moves).enumerate() {
        // Every sowing is a move, numbered from 1, as on the screen.
        assert_eq!(entry["ply"], index + 1, "{entry}");
        let number: usize = row
            .split_whitespace()
            .next()
            .expect("a number")
            .parse()
            .expect("digits");
        assert_eq!(number, index + 1, "{row}");
        let pv: Vec<&str> = entry["pv"]
            .as_array()
            .expect("a line")
            .iter()
            .map(|hole| hole.as_str().expect("a hole"))
            .collect();
        assert!(!pv.is_empty(), "{entry}");
        assert!(
            row.ends_with(&format!("  {}", pv.join(" "))),
            "{row} {entry}"
        );
        assert_eq!(
            row.contains("  mistake  "),
            entry["mistake"] == true,
            "{row}"
        );
    }
}

/// The lines `endodoi engine` answers to `text` (its input left open, as a
/// front end leaves it) within `patience`, until `expected` lines came; the
/// engine is then told `quit`, or killed if it does not end.
fn answers_with_input_open(text: &str, expected: usize, patience: Duration) -> Vec<String> {
    let Session {
        mut child,
        input: mut stdin,
        mut output,
    } = Session::start();
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        while output.read_line(&mut line).is_ok_and(|read| read > 0) {
            if sender.send(line.trim_end().to_owned()).is_err() {
                break;
            }
            line.clear();
        }
    });
    stdin
        .write_all(text.as_bytes())
        .expect("the engine reads its input");
    let deadline = Instant::now() + patience;
    let mut answers = Vec::new();
    while answers.len() < expected {
        match lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(line) => answers.push(line),
            Err(_) => break,
        }
    }
    let _ = writeln!(stdin, "quit");
    let deadline = Instant::now() + patience;
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    answers
}

#[test]
fn a_record_from_a_fifo_or_standard_input_is_refused_and_the_engine_answers_on() {
    let dir = tempfile::tempdir().expect("a folder");
    let fifo = dir.path().join("pipe.ogn");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let answers = answers_with_input_open(
        &format!(
            "position record {}\nisready\nposition record -\nisready\n",
            fifo.display()
        ),
        4,
        Duration::from_secs(10),
    );
    assert_eq!(
        answers,
        [
            format!(
                "info string error position record `{}`: {}: a FIFO is not a regular file",
                endodoi::record::excerpt(&fifo.display().to_string()),
                fifo.display()
            ),
            "readyok".to_owned(),
            "info string error position record `-`: standard input is this protocol's own \
             input: give the record's path"
                .to_owned(),
            "readyok".to_owned(),
        ]
    );
}
