//! `endodoi solve` without the tables it needs: it names the missing levels,
//! what building them takes here and the command that builds them; on a
//! terminal it offers the quick build, `--build-tables` runs it unasked, and
//! an unsolved end line says what would solve it.

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use clap::Parser as _;
use endodoi::cli::{Cli, Command as Subcommand, TablebaseCommand};
use endodoi::tablebase::{Builder, MEMORY_LIMIT, bytes};

use crate::common::in_process::endodoi;
use crate::common::{tables, tmux};

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");

/// The build `solve` offers to run: the levels that build in a minute.
const QUICK: Duration = Duration::from_secs(60);

/// The values of the first moves of 2×6 with 3 seeds a hole, with best
/// play (docs/solve.md): A to F.
const THREE_SEEDS: [i64; 6] = [2, 6, 4, -10, -10, -6];

/// A build step `solve` advised: `  up to N seeds…, about T s on K threads, M
/// of memory, D on disk:` and the command on the next line.
#[derive(Debug)]
struct Step {
    most: u8,
    seconds: u64,
    threads: usize,
    disk: String,
    command: String,
}

/// The build steps told on `err`, in order.
fn steps(err: &str) -> Vec<Step> {
    let lines: Vec<&str> = err.lines().collect();
    lines
        .windows(2)
        .filter_map(|pair| {
            let step = pair[0].strip_prefix("  up to ")?;
            let (most, rest) = step.split_once(" seeds")?;
            let (_, cost) = rest.split_once("about ")?;
            let words: Vec<&str> = cost.split(' ').collect();
            // about T s on K thread(s), M U of memory, D U on disk:
            assert_eq!(words[1..3], ["s", "on"], "{step}");
            let disk = cost.split(", ").nth(2)?.strip_suffix(" on disk:")?;
            Some(Step {
                most: most.parse().ok()?,
                seconds: words[0].parse().ok()?,
                threads: words[3].parse().ok()?,
                disk: disk.to_owned(),
                command: pair[1].strip_prefix("    ")?.to_owned(),
            })
        })
        .collect()
}

/// Checks that `step`'s command is `tablebase build` of width 6 up to its
/// seeds in `dir` (named with `--dir` when `named`), that it builds
/// `levels` and no other, and that the time and disk told are its own
/// estimate's on the threads told.
fn check_step(step: &Step, dir: &Path, named: bool, levels: std::ops::RangeInclusive<u8>) {
    let words = step.command.split(' ');
    let cli = Cli::try_parse_from(words).unwrap_or_else(|error| panic!("{step:?}: {error}"));
    let Some(Subcommand::Tablebase(TablebaseCommand::Build(build))) = cli.command else {
        panic!("{step:?} is not a build");
    };
    assert_eq!(
        (
            build.tables.width,
            build.max_seeds,
            build.tables.dir.as_deref()
        ),
        (6, step.most, named.then_some(dir)),
        "{step:?}"
    );
    assert!(build.threads.is_none(), "one thread a processor, as told");
    let builder = Builder {
        dir: dir.to_path_buf(),
        width: 6,
        max_seeds: step.most,
        threads: step.threads,
        memory: MEMORY_LIMIT,
    };
    let estimate = builder.estimate().expect("an estimate");
    assert_eq!(estimate.levels, levels.collect::<Vec<u8>>(), "{step:?}");
    assert_eq!(
        (step.seconds, step.disk.as_str()),
        (
            estimate.cost.time.as_secs().max(1),
            bytes(estimate.cost.disk).as_str()
        ),
        "{step:?}"
    );
}

/// Checks that `quick` is the most seeds that build from none in a minute
/// here, on `threads`.
fn check_quick(quick: u8, threads: usize) {
    let builder = Builder {
        threads,
        ..tables::builder(Path::new("unused"), 6, quick)
    };
    assert!(builder.cost(0..=quick).time <= QUICK, "{quick}");
    assert!(builder.cost(0..=quick + 1).time > QUICK, "{quick}");
}

#[test]
fn without_tables_solve_names_the_missing_levels_and_the_commands_that_build_them() {
    let root = tempfile::tempdir().expect("a folder");
    let dir = root.path().join("tables");
    let name = dir.to_str().expect("UTF-8");
    let output = endodoi(&["solve", "--seeds", "3", "--time", "1", "--tables", name]);
    assert!(output.status.success(), "{output:?}");
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "tables: levels 0 to 22 of width 6 are not in {name}; the search ends sooner with them:"
        )
    );
    let steps = steps(&err);
    let quick = &steps[0];
    check_quick(quick.most, quick.threads);
    check_step(quick, &dir, true, 0..=quick.most);
    // The build of the figures, unless the quick one builds it too (on a
    // machine with many processors).
    if quick.most < 22 {
        assert!(lines[1].starts_with(&format!("  up to {} seeds, about ", quick.most)));
        assert_eq!(steps.len(), 2, "{err}");
        assert_eq!(steps[1].most, 22);
        assert!(lines[3].starts_with("  up to 22 seeds (the figures of docs/solve.md), about "));
        check_step(&steps[1], &dir, true, 0..=22);
    } else {
        assert_eq!(steps.len(), 1, "{err}");
    }
    assert_eq!(
        lines[1 + 2 * steps.len()..],
        [
            "tables: not built (--build-tables builds them first, without asking); solving by search alone"
        ]
    );
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(out.starts_with("2×6 with 3 seeds a hole, no tables, 1 s: "));
    let end = out.lines().last().expect("the end line");
    assert!(
        end.contains(&format!(
            "(bounds: not solved in the time; build the tables with `{}`, about {} s, or give more --time); ",
            quick.command, quick.seconds
        )),
        "{end}"
    );
    assert!(
        !dir.exists(),
        "nothing made where the tables were looked for"
    );
}

#[test]
fn with_the_lower_levels_solve_names_only_those_above_them() {
    let dir = tempfile::tempdir().expect("a folder");
    tables::build(dir.path(), 6, 8);
    let name = dir.path().to_str().expect("UTF-8");
    let output = endodoi(&["solve", "--seeds", "3", "--time", "1", "--tables", name]);
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    assert_eq!(
        err.lines().next(),
        Some(
            format!(
                "tables: levels 9 to 22 of width 6 are not in {name} (it holds them up to 8 seeds); the search ends sooner with them:"
            )
            .as_str()
        )
    );
    let steps = steps(&err);
    assert!(!steps.is_empty(), "{err}");
    for step in &steps {
        check_step(step, dir.path(), true, 9..=step.most);
    }
    assert!(
        err.ends_with("; solving with the tables up to 8 seeds\n"),
        "{err}"
    );
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(out.starts_with("2×6 with 3 seeds a hole, tables up to 8 seeds, 1 s: "));
}

#[test]
fn build_tables_builds_the_levels_asked_then_solves_with_them() {
    let root = tempfile::tempdir().expect("a folder");
    let dir = root.path().join("tables");
    let name = dir.to_str().expect("UTF-8");
    let output = endodoi(&[
        "solve",
        "--seeds",
        "3",
        "--time",
        "3",
        "--tables",
        name,
        "--build-tables",
        "8",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        err.contains(&format!(
            "\nbuilding 9 levels of width 6 (125970 boards) in {name}: about 1 s on "
        )),
        "{err}"
    );
    assert!(err.contains("\nlevel  8/8: 75582 boards, "), "{err}");
    assert!(!err.contains("not built"), "{err}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("the tables' folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .into_string()
                .expect("UTF-8")
        })
        .collect();
    files.sort();
    let mut expected: Vec<String> = (0..=8).map(|seeds| format!("w6-{seeds:02}.tb")).collect();
    expected.insert(0, "build.lock".to_owned());
    assert_eq!(files, expected);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one document");
    assert_eq!(json["tables"], 8, "{json}");
    let moves = json["moves"].as_array().expect("the moves");
    assert_eq!(moves.len(), 6);
    // Whatever the time allowed, the bounds hold each move's value.
    for (bounds, value) in moves.iter().zip(THREE_SEEDS) {
        let (lower, upper) = (bounds["lower"].as_i64(), bounds["upper"].as_i64());
        assert!(lower <= Some(value) && Some(value) <= upper, "{json}");
    }
    assert!(
        moves
            .iter()
            .any(|bounds| bounds["table_hits"].as_u64() > Some(0)),
        "the search looked into the tables built: {json}"
    );
    let refused = endodoi(&["solve", "--build-tables", "--no-tables"]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
}

/// `endodoi solve ARGS` run as a program, standard input not a terminal,
/// with its home and data folder in `home`.
fn solve_program(home: &Path, args: &[&str]) -> Output {
    Command::new(BINARY)
        .arg("solve")
        .args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .output()
        .expect("the program runs")
}

#[test]
fn without_a_terminal_nothing_is_asked_and_the_data_folder_is_named() {
    let home = tempfile::tempdir().expect("a folder");
    let output = solve_program(home.path(), &["--seeds", "3", "--time", "1"]);
    assert!(output.status.success(), "{output:?}");
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    let folder = home.path().join("data/endodoi/tablebase");
    assert!(
        err.starts_with(&format!(
            "tables: levels 0 to 22 of width 6 are not in {}; ",
            folder.display()
        )),
        "{err}"
    );
    // The data folder is the build's own: no --dir.
    let steps = steps(&err);
    assert!(!steps.is_empty(), "{err}");
    for step in &steps {
        check_step(step, &folder, false, 0..=step.most);
    }
    assert!(!err.contains("[y/N]"), "{err}");
    assert!(
        err.ends_with(
            "tables: not built (--build-tables builds them first, without asking); solving by search alone\n"
        ),
        "{err}"
    );
    assert!(!home.path().join("data").exists(), "nothing made");
}

/// Runs `command` in a new session `solve` of `server` (100×30), in the
/// test's folder, the pane kept after it ends to show `EXITED status`.
fn start(server: &tmux::Server, command: &str) {
    server.start(
        "solve",
        (100, 30),
        &format!("{command}; echo EXITED $?; sleep 60"),
    );
}

#[test]
fn on_a_terminal_solve_offers_the_quick_build_and_a_no_builds_nothing() {
    let Some(server) = tmux::Server::new("solve-asks") else {
        return;
    };
    start(
        &server,
        &format!("{BINARY} solve --seeds 3 --time 1 --tables tables"),
    );
    let screen = server.wait_for("solve", "[y/N]", Duration::from_secs(10));
    let steps = steps(&screen);
    let quick = steps.first().expect("the quick build told");
    let question = screen
        .lines()
        .find(|line| line.starts_with("Build the tables"))
        .expect("the question");
    assert!(
        question.starts_with(&format!(
            "Build the tables up to {} seeds now (about {} s, {} on disk)? [y/N]",
            quick.most, quick.seconds, quick.disk
        )),
        "{screen}"
    );
    server.tmux(&["send-keys", "-t", "solve", "n", "Enter"]);
    let screen = server.wait_for("solve", "EXITED 0", Duration::from_secs(10));
    assert!(
        screen.contains("[y/N] n\ntables: not built; solving by search alone\n2×6 with 3 seeds a hole, no tables, 1 s: "),
        "{screen}"
    );
    assert!(screen.contains("the start is worth "), "{screen}");
    assert!(!server.root().join("tables").exists(), "nothing built");
}

#[test]
fn on_a_terminal_with_standard_error_elsewhere_nothing_is_asked() {
    let Some(server) = tmux::Server::new("solve-err-elsewhere") else {
        return;
    };
    start(
        &server,
        &format!("{BINARY} solve --seeds 3 --time 1 --tables tables 2>err.txt"),
    );
    let screen = server.wait_for("solve", "EXITED 0", Duration::from_secs(10));
    assert!(screen.contains("the start is worth "), "{screen}");
    let err = std::fs::read_to_string(server.root().join("err.txt")).expect("standard error");
    assert!(!err.contains("[y/N]"), "{err}");
    assert!(err.ends_with("; solving by search alone\n"), "{err}");
    assert!(!server.root().join("tables").exists(), "nothing built");
}
