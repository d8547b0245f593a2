//! `endodoi arena` with engines in child processes: the binary's own
//! `endodoi engine` against the built-in level, and fake engines (shell
//! scripts) that fail in every way an engine can, each forfeiting with its
//! reason while the arena goes on and ends in bounded time.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_endodoi");

/// Runs `endodoi arena` with a short plan (2 games a width, level 5 at 5 ms)
/// and `args`; checks it took less than `limit`.
fn arena(args: &[&str], limit: Duration) -> Output {
    let started = Instant::now();
    let output = Command::new(BIN)
        .args(["arena", "--games", "2", "--movetime", "5"])
        .args(args)
        .output()
        .expect("endodoi runs");
    assert!(
        started.elapsed() < limit,
        "the arena took {:?}; stderr: {}",
        started.elapsed(),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn json_lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

fn stderr_lines(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// A fake engine: a shell script that answers `isready` and does `on_go`
/// when told `go`; run through `/bin/sh` so that it is never executed while
/// being written.
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!(
            "while read -r line; do\n  case \"$line\" in\n    isready) echo readyok ;;\n    \
             go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
        ),
    )
    .expect("the script is written");
    format!("/bin/sh {}", path.display())
}

#[test]
fn the_engine_command_plays_the_builtin_level_with_both_colours() {
    let engine = format!("{BIN} engine");
    let output = arena(
        &[
            "--engine",
            &engine,
            "--engine-go",
            "movetime 5",
            "--widths",
            "6,8",
            "--verbose",
            "--json",
        ],
        Duration::from_secs(8),
    );
    assert!(output.status.success(), "{output:?}");
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 3, "widths 6 and 8, then the total: {lines:?}");
    let label = format!("{BIN} engine (movetime 5)");
    for (line, width) in lines
        .iter()
        .zip([Value::from(6), Value::from(8), Value::Null])
    {
        assert_eq!(line["first"], "level 5 (5 ms)");
        assert_eq!(line["second"], label.as_str());
        assert_eq!(line["width"], width);
        let games = if width.is_null() { 4 } else { 2 };
        let counted = ["wins", "draws", "losses"]
            .map(|key| line[key].as_u64().expect("a count"))
            .iter()
            .sum::<u64>();
        assert_eq!(counted, games, "{line}");
        let pairs: u64 = line["pentanomial"]
            .as_array()
            .expect("five counts")
            .iter()
            .map(|count| count.as_u64().expect("a count"))
            .sum();
        assert_eq!(pairs, games / 2, "{line}");
        assert_eq!(
            (&line["first_forfeits"], &line["second_forfeits"]),
            (&Value::from(0), &Value::from(0))
        );
    }
    let games = stderr_lines(&output);
    assert_eq!(games.len(), 4, "{games:?}");
    for width in [6, 8] {
        for (south, north) in [
            ("level 5 (5 ms)", label.as_str()),
            (&label, "level 5 (5 ms)"),
        ] {
            let start = format!("width {width}, opening 1: {south} (South) vs {north} (North): ");
            assert!(
                games.iter().any(|game| game.starts_with(&start)),
                "no game `{start}` in {games:?}"
            );
        }
    }
}

/// The forfeit lines a fake engine earns, one a colour, and the table's totals.
fn forfeits(dir: &Path, name: &str, on_go: &str, fault: &str, args: &[&str]) {
    let engine = fake_engine(dir, name, on_go);
    let output = arena(
        &[
            &[
                "--engine",
                &engine,
                "--engine-go",
                "movetime 10",
                "--widths",
                "6",
            ],
            args,
        ]
        .concat(),
        Duration::from_secs(5),
    );
    assert!(output.status.success(), "{output:?}");
    let label = format!("{engine} (movetime 10)");
    assert_eq!(
        stderr_lines(&output),
        [
            format!(
                "endodoi: width 6, opening 1: level 5 (5 ms) (South) vs {label} (North): \
                 South wins by forfeit at ply 6: {label} {fault}"
            ),
            format!(
                "endodoi: width 6, opening 1: {label} (South) vs level 5 (5 ms) (North): \
                 North wins by forfeit at ply 5: {label} {fault}"
            ),
        ]
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let total = stdout.lines().last().expect("a total line");
    assert!(
        total.contains("width all:    2 games  +2    =0    -0") && total.ends_with("forfeits 0:2"),
        "{stdout}"
    );
}

#[test]
fn an_engine_that_answers_an_illegal_move_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    forfeits(
        dir.path(),
        "illegal.sh",
        "echo 'bestmove j'",
        "answered `bestmove j`, which is not a legal move: there is no hole j on a board 6 holes wide",
        &[],
    );
}

#[test]
fn an_engine_that_exits_forfeits_with_its_status_and_last_words() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    forfeits(
        dir.path(),
        "exits.sh",
        "echo 'out of cheese' >&2; exit 3",
        "exited before answering (exit status: 3); its last words on standard error: `out of cheese`",
        &[],
    );
}

#[test]
fn an_engine_that_sends_garbage_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    forfeits(
        dir.path(),
        "garbage.sh",
        "echo 'info depth 1'; echo 'hello there'",
        "sent `hello there`, which is not an answer of the engine protocol",
        &[],
    );
}

#[test]
fn an_engine_that_reports_an_error_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    forfeits(
        dir.path(),
        "refuses.sh",
        "echo 'info string error go: no thanks'; echo 'bestmove A'",
        "reported an error: go: no thanks",
        &[],
    );
}

/// The process's state letter in /proc, if it still exists.
fn process_state(pid: &str) -> Option<char> {
    let stat = std::fs::read_to_string(PathBuf::from("/proc").join(pid).join("stat")).ok()?;
    stat.rsplit_once(") ")
        .and_then(|(_, rest)| rest.chars().next())
}

/// Checks that process `pid` is gone, or dead and waiting for init to reap
/// it (killed at once, but the kernel may take a moment to mark it).
fn assert_dead(pid: &str) {
    let deadline = Instant::now() + Duration::from_secs(2);
    while matches!(process_state(pid), Some(state) if !matches!(state, 'Z' | 'X'))
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    let state = process_state(pid);
    assert!(
        matches!(state, None | Some('Z' | 'X')),
        "process {pid} is {state:?}"
    );
}

#[test]
fn a_silent_engine_times_out_and_what_it_started_is_killed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pids = dir.path().join("sleeps");
    forfeits(
        dir.path(),
        "silent.sh",
        &format!("sleep 30 & echo $! >> {}; wait", pids.display()),
        "sent no `bestmove` within 310 ms",
        &["--timeout", "300"],
    );
    let pids = std::fs::read_to_string(&pids).expect("the sleeps' process ids");
    assert_eq!(pids.lines().count(), 2, "{pids}");
    for pid in pids.lines() {
        assert_dead(pid);
    }
}

#[test]
fn an_engine_that_cannot_start_or_does_not_answer_is_named_before_any_game() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let missing = dir.path().join("missing");
    let output = arena(
        &["--engine", &missing.display().to_string()],
        Duration::from_secs(5),
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr_lines(&output),
        [format!(
            "endodoi: engine `{}` cannot be started: No such file or directory (os error 2)",
            missing.display()
        )]
    );
    assert!(output.stdout.is_empty());
    let mute = dir.path().join("mute.sh");
    std::fs::write(&mute, "exec sleep 30\n").expect("the script is written");
    let output = arena(
        &[
            "--engine",
            &format!("/bin/sh {}", mute.display()),
            "--timeout",
            "200",
        ],
        Duration::from_secs(5),
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr_lines(&output),
        [format!(
            "endodoi: engine `/bin/sh {}` sent no `readyok` within 200 ms",
            mute.display()
        )]
    );
}

#[test]
fn an_interrupt_stops_the_engines_and_the_arena() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pids = dir.path().join("sleeps");
    let engine = fake_engine(
        dir.path(),
        "slow.sh",
        &format!("sleep 30 & echo $! >> {}; wait", pids.display()),
    );
    let mut arena = Command::new(BIN)
        .args(["arena", "--games", "2", "--widths", "6", "--movetime", "5"])
        .args(["--engine", &engine, "--timeout", "20000"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("endodoi runs");
    let started = Instant::now();
    while !pids.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the engine never thought"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let interrupted = Command::new("kill")
        .args(["-INT", &arena.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupted.success());
    let status = loop {
        if let Some(status) = arena.try_wait().expect("the arena can be waited for") {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the arena goes on after Ctrl-C"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(130));
    let pids = std::fs::read_to_string(&pids).expect("the sleep's process id");
    assert_dead(pids.lines().next().expect("one sleep"));
}

#[test]
fn an_engine_that_closes_its_output_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    forfeits(
        dir.path(),
        "closes.sh",
        "exec 1>&-; sleep 30",
        "closed its output before answering",
        &[],
    );
}
