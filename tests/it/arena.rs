//! `endodoi arena` with engines in child processes: the binary's own
//! `endodoi engine` against the built-in level, and fake engines (shell
//! scripts) that fail in every way an engine can, each forfeiting with its
//! reason while the arena goes on and ends in bounded time.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use endodoi::record::Record;
use prefixed::prefixed;
use serde_json::Value;

use crate::common::{files, prefixed};

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

// ------------------------------------------------------------------ --records

/// The record in `path`, read back whole.
fn read_record(path: &Path) -> Record {
    let text = std::fs::read_to_string(path).expect("the record is written");
    Record::read(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The line `--verbose` prints for a game played out, from its record.
fn verbose_line(record: &Record) -> String {
    let totals = record.game.outcome().expect("a game played out").totals();
    let result = match totals.south.cmp(&totals.north) {
        std::cmp::Ordering::Greater => "South wins",
        std::cmp::Ordering::Less => "North wins",
        std::cmp::Ordering::Equal => "draw",
    };
    format!(
        "width {}, opening 1: {} (South) vs {} (North): {result} {}-{} after {} plies",
        record.game.config().width(),
        record.tag("South").expect("South's player"),
        record.tag("North").expect("North's player"),
        totals.south,
        totals.north,
        record.game.ply()
    )
}

#[test]
fn every_game_is_kept_as_a_record_that_replays_to_what_the_arena_reported() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Parents and all: the folder is made.
    let records = dir.path().join("runs").join("levels");
    let output = arena(
        &[
            "--pairing",
            "2v1",
            "--pairing",
            "3v2",
            "--widths",
            "6,8",
            "--threads",
            "2",
            "--verbose",
            "--json",
            "--records",
            &records.display().to_string(),
        ],
        Duration::from_secs(60),
    );
    assert!(output.status.success(), "{output:?}");
    let mut names = Vec::new();
    for pairing in ["p1", "p2"] {
        for width in ["w06", "w08"] {
            for game in ["a", "b"] {
                names.push(format!("{pairing}-{width}-o001-{game}.ogn"));
            }
        }
    }
    assert_eq!(
        files::names(&records),
        names,
        "one file a game, nothing else"
    );
    let verbose = stderr_lines(&output);
    assert_eq!(verbose.len(), 8, "{verbose:?}");
    let lines = json_lines(&output);
    for (pairing, (first, second)) in [
        ("p1", ("level 2", "level 1")),
        ("p2", ("level 3", "level 2")),
    ] {
        // The first contender's wins, draws and losses.
        let mut results = [0; 3];
        for name in names.iter().filter(|name| name.starts_with(pairing)) {
            let record = read_record(&records.join(name));
            let first_south = name.ends_with("-a.ogn");
            let (south, north) = if first_south {
                (first, second)
            } else {
                (second, first)
            };
            assert_eq!(
                (record.tag("South"), record.tag("North")),
                (Some(south), Some(north)),
                "{name}"
            );
            assert_eq!(
                record.tag("Event"),
                Some(format!("endodoi arena: {first} vs {second}").as_str())
            );
            assert_eq!(record.tag("Round"), name.strip_suffix(".ogn"));
            assert_eq!(record.tag("Termination"), None, "{name}");
            assert_ne!(record.result_token(), "*", "{name} is played out");
            let line = verbose_line(&record);
            assert!(
                verbose.contains(&line),
                "{name}: `{line}` not in {verbose:#?}"
            );
            let totals = record.game.outcome().expect("over").totals();
            let (mine, theirs) = if first_south {
                (totals.south, totals.north)
            } else {
                (totals.north, totals.south)
            };
            results[match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            }] += 1;
        }
        let total = lines
            .iter()
            .find(|line| line["first"] == first && line["width"].is_null())
            .unwrap_or_else(|| panic!("a total line for {first}: {lines:?}"));
        assert_eq!(
            ["wins", "draws", "losses"].map(|key| total[key].as_u64().expect("a count")),
            results,
            "the records' results are the table's: {total}"
        );
    }
    let analyze = Command::new(BIN)
        .args(["analyze", "--no-tables", "--depth", "2"])
        .arg(records.join(&names[0]))
        .output()
        .expect("endodoi runs");
    assert!(analyze.status.success(), "{analyze:?}");
    let analysis = String::from_utf8_lossy(&analyze.stdout);
    assert!(analysis.contains("mistakes"), "{analysis}");
}

#[test]
fn a_forfeit_is_kept_unfinished_with_its_moves_and_why() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let records = dir.path().join("records");
    let fault = "answered `bestmove j`, which is not a legal move: there is no hole j on a board \
                 6 holes wide";
    // The same forfeits, on standard error and in the table, as without --records.
    forfeits(
        dir.path(),
        "illegal.sh",
        "echo 'bestmove j'",
        fault,
        &["--records", &records.display().to_string()],
    );
    let label = format!(
        "/bin/sh {} (movetime 10)",
        dir.path().join("illegal.sh").display()
    );
    assert_eq!(
        files::names(&records),
        ["p1-w06-o001-a.ogn", "p1-w06-o001-b.ogn"]
    );
    for (name, plies, south, north, termination) in [
        (
            "p1-w06-o001-a.ogn",
            5,
            "level 5 (5 ms)",
            label.as_str(),
            format!("South wins by forfeit at ply 6: {label} {fault}"),
        ),
        (
            "p1-w06-o001-b.ogn",
            4,
            label.as_str(),
            "level 5 (5 ms)",
            format!("North wins by forfeit at ply 5: {label} {fault}"),
        ),
    ] {
        let path = records.join(name);
        let record = read_record(&path);
        assert_eq!(
            record.game.ply(),
            plies,
            "{name}: the moves up to the forfeit"
        );
        assert_eq!(record.game.outcome(), None, "{name}");
        assert_eq!(
            (record.tag("South"), record.tag("North")),
            (Some(south), Some(north))
        );
        assert_eq!(record.tag("Termination"), Some(termination.as_str()));
        let text = std::fs::read_to_string(&path).expect("the record");
        assert!(text.contains("[Result \"*\"]\n"), "{text}");
        assert!(text.ends_with(" *\n"), "{text}");
        let replay = Command::new(BIN)
            .args(["replay", "--json"])
            .arg(&path)
            .output()
            .expect("endodoi runs");
        let state: Value = serde_json::from_slice(&replay.stdout).expect("the state");
        assert_eq!(
            (&state["status"], &state["ply"]),
            (&Value::from("ongoing"), &Value::from(plies))
        );
    }
}

/// A fake engine that notes in `dir/started` that it was started, then exits.
fn noting_engine(dir: &Path) -> (String, PathBuf) {
    let script = dir.join("notes.sh");
    let started = dir.join("started");
    std::fs::write(&script, format!("echo started >> {}\n", started.display()))
        .expect("the script is written");
    (format!("/bin/sh {}", script.display()), started)
}

/// Runs the arena with `--records DIR` (and an engine that notes its start):
/// it must refuse at once, with one line and no engine started; the line.
fn refused(dir: &Path, records: &Path, prefix: &[&str]) -> String {
    let (engine, started) = noting_engine(dir);
    let started_at = Instant::now();
    let output = prefixed(prefix, BIN)
        .args(["arena", "--games", "2", "--movetime", "5", "--widths", "6"])
        .args(["--engine", &engine, "--records"])
        .arg(records)
        .output()
        .expect("endodoi runs");
    assert!(started_at.elapsed() < Duration::from_secs(5));
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(output.stdout.is_empty(), "{output:?}");
    assert!(!started.exists(), "an engine was started");
    let lines = stderr_lines(&output);
    assert_eq!(lines.len(), 1, "{lines:?}");
    lines[0].clone()
}

#[test]
fn records_that_cannot_be_kept_are_refused_before_any_game() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("file");
    std::fs::write(&file, "not a folder").expect("a file");
    assert_eq!(
        refused(dir.path(), &file, &[]),
        format!(
            "endodoi: --records: {}: a regular file, not a folder",
            file.display()
        )
    );
    assert_eq!(std::fs::read(&file).expect("the file"), b"not a folder");
    assert_eq!(
        refused(dir.path(), Path::new("/dev/null"), &[]),
        "endodoi: --records: /dev/null: a character device, not a folder"
    );
    let fifo = dir.path().join("fifo");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|status| status.success())
    {
        assert_eq!(
            refused(dir.path(), &fifo, &[]),
            format!(
                "endodoi: --records: {}: a FIFO, not a folder",
                fifo.display()
            )
        );
    } else {
        eprintln!("SKIPPED the FIFO: mkfifo cannot make one here");
    }
    let under = file.join("records");
    assert_eq!(
        refused(dir.path(), &under, &[]),
        format!(
            "endodoi: --records: cannot create {}: Not a directory (os error 20)",
            under.display()
        )
    );
}

#[test]
fn a_folder_that_holds_a_record_of_the_run_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let records = dir.path().join("records");
    std::fs::create_dir(&records).expect("the folder");
    std::fs::write(records.join("notes.txt"), "another file").expect("a file");
    let kept = records.join("p1-w06-o001-b.ogn");
    std::fs::write(&kept, "[Event \"last week\"]\n\n1. A *\n").expect("a record");
    assert_eq!(
        refused(dir.path(), &records, &[]),
        format!(
            "endodoi: --records: {} already exists: a run never overwrites records; choose \
             another folder or move them away",
            kept.display()
        )
    );
    std::fs::write(records.join("p1-w06-o001-a.ogn"), "").expect("a second one");
    assert_eq!(
        refused(dir.path(), &records, &[]),
        format!(
            "endodoi: --records: {} already exists (and 1 other file of this run): a run never \
             overwrites records; choose another folder or move them away",
            records.join("p1-w06-o001-a.ogn").display()
        )
    );
    assert_eq!(
        std::fs::read(&kept).expect("the record"),
        b"[Event \"last week\"]\n\n1. A *\n"
    );
    assert_eq!(
        files::names(&records),
        ["notes.txt", "p1-w06-o001-a.ogn", "p1-w06-o001-b.ogn"],
        "nothing added"
    );
}

#[test]
fn a_folder_that_cannot_be_written_in_is_refused_before_any_game() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let records = dir.path().join("read-only");
    std::fs::create_dir(&records).expect("the folder");
    std::fs::set_permissions(&records, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    // The superuser writes through permission bits: drop to nobody, if that can be done.
    let root = rustix::process::geteuid().is_root();
    let nobody = [
        "setpriv",
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
    ];
    let prefix: &[&str] = if root { &nobody } else { &[] };
    if root && Command::new("setpriv").arg("--version").output().is_err() {
        eprintln!("SKIPPED: running as root without setpriv, so the folder can be written");
        return;
    }
    // Nobody must reach the folder (and, if it were wrongly let through, the engine).
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    assert_eq!(
        refused(dir.path(), &records, prefix),
        format!(
            "endodoi: --records: cannot write in {}: Permission denied (os error 13)",
            records.display()
        )
    );
    assert_eq!(files::names(&records), Vec::<String>::new());
}

#[test]
fn a_record_that_cannot_be_written_is_named_and_the_run_ends_with_its_results_and_a_failure() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let records = dir.path().join("records");
    let first = records.join("p1-w06-o001-a.ogn");
    let mark = dir.path().join("second-game");
    // In the second game the engine waits for the first game's record, then
    // puts a file where the folder was, and forfeits.
    let engine = fake_engine(
        dir.path(),
        "swaps.sh",
        &format!(
            "if [ -e {mark} ]; then \
               i=0; while [ ! -e {first} ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i+1)); done; \
               rm -r {records}; echo gone > {records}; \
             fi; touch {mark}; echo 'bestmove j'",
            mark = mark.display(),
            first = first.display(),
            records = records.display()
        ),
    );
    let output = arena(
        &[
            "--engine",
            &engine,
            "--engine-go",
            "movetime 10",
            "--widths",
            "6",
            "--records",
            &records.display().to_string(),
        ],
        Duration::from_secs(10),
    );
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let lines = stderr_lines(&output);
    assert_eq!(lines.len(), 4, "{lines:#?}");
    assert!(
        lines[0].contains("South wins by forfeit at ply 6"),
        "{lines:#?}"
    );
    assert!(
        lines[1].contains("North wins by forfeit at ply 5"),
        "{lines:#?}"
    );
    assert_eq!(
        lines[2..],
        [
            format!(
                "endodoi: cannot write {}: Not a directory (os error 20)",
                records.join("p1-w06-o001-b.ogn").display()
            ),
            format!(
                "endodoi: 1 game record could not be written in {} (named above)",
                records.display()
            ),
        ]
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout
            .lines()
            .last()
            .is_some_and(|total| total.contains("width all:    2 games  +2")),
        "the results are printed: {stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(&records).expect("the file in the folder's place"),
        "gone\n"
    );
}

#[test]
fn an_engines_answer_is_shown_escaped_and_short() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    forfeits(
        dir.path(),
        "escapes.sh",
        r"printf 'info string error \033]0;PWNED\007\033[2J\342\200\256gone\n'; echo 'bestmove A'",
        r"reported an error: \u{1b}]0;PWNED\u{7}\u{1b}[2J\u{202e}gone",
        &[],
    );
    forfeits(
        dir.path(),
        "garbage-escapes.sh",
        r"printf '\033]0;PWNED\007\033[2J hello there\n'",
        r"sent `\u{1b}]0;PWNED\u{7}\u{1b}[2J hello there`, which is not an answer of the engine protocol",
        &[],
    );
}
