//! The tables: built here for small boards in a temporary folder, and
//! checked against a brute-force search that carries the history, the
//! engine's search, and faults caused on purpose.

use std::collections::{HashMap, HashSet};
use std::os::unix::fs::FileTypeExt as _;
use std::path::Path;
use std::process::Output;
use std::sync::atomic::AtomicBool;

use endodoi::rules::{EndReason, Game, Position, Reached, Side, Variant};
use endodoi::search::{Limits, Search};
use endodoi::tablebase::{LevelFile, Progress, Ranking, Tablebase, level_path, position_of};
use in_process::endodoi;
use tables::{build, try_build};

use crate::common::{files, in_process, tables};

/// A brute-force search: the values after a capture found so far, the
/// tables its moves are ordered by (best first, only to prune sooner; the
/// values are its own).
struct Brute<'a> {
    fresh: HashMap<Position, i32>,
    order: Option<&'a Tablebase>,
}

impl Brute<'_> {
    /// The seeds the player to move gains over the opponent from the
    /// position on top of `path`, under perfect play, the repetition rule
    /// applied to every position of `path` (those since the last capture),
    /// within `(alpha, beta)`.
    fn search(&mut self, path: &mut Vec<Reached>, mut alpha: i32, beta: i32) -> i32 {
        let position = path.last().expect("a position").position;
        let mut children: Vec<_> = (0..position.width())
            .filter(|&index| position.has_seeds(index))
            .filter_map(|index| position.child(index).ok())
            .collect();
        if let Some(tables) = self.order {
            children.sort_by_cached_key(|child| {
                tables
                    .probe(&child.position)
                    .map_or(0, |after| after.value - i32::from(child.capture))
            });
        }
        let mut best = None;
        for child in children {
            let value = if child.capture > 0 {
                i32::from(child.capture) - self.fresh(child.position)
            } else {
                let reached = Reached::new(child.position);
                if reached.repeats_any(path) {
                    -share(&child.position, EndReason::Repetition)
                } else {
                    path.push(reached);
                    let value = self.search(path, -beta, -alpha);
                    path.pop();
                    -value
                }
            };
            best = best.max(Some(value));
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best.unwrap_or_else(|| share(&position, EndReason::NoMoves))
    }

    /// The exact value of `position` with nothing before it since a
    /// capture.
    fn fresh(&mut self, position: Position) -> i32 {
        let key = Position::from_rows(
            position.row(Side::South),
            position.row(Side::North),
            position.to_move(),
        )
        .expect("a position");
        if let Some(&value) = self.fresh.get(&key) {
            return value;
        }
        let seeds = seeds_of(&key);
        let value = self.within(key, -seeds - 1, seeds + 1);
        self.fresh.insert(key, value);
        value
    }

    /// The value of `position` with nothing before it since a capture,
    /// within `(alpha, beta)`: exact when it lies inside, a bound beyond
    /// `alpha` or `beta` otherwise.
    fn within(&mut self, position: Position, alpha: i32, beta: i32) -> i32 {
        self.search(&mut vec![Reached::new(position)], alpha, beta)
    }
}

fn seeds_of(position: &Position) -> i32 {
    i32::from(position.row_total(Side::South) + position.row_total(Side::North))
}

/// What the player to move takes over the opponent when the game ends here.
fn share(position: &Position, reason: EndReason) -> i32 {
    let taken = position.outcome(reason).taken;
    let side = position.to_move();
    i32::from(taken[side]) - i32::from(taken[side.opponent()])
}

/// The levels a build kept and built, in order: `(seeds, built)`.
fn levels(progress: &[Progress]) -> Vec<(u8, bool)> {
    progress
        .iter()
        .filter_map(|step| match step {
            Progress::Kept { seeds } => Some((*seeds, false)),
            Progress::Built { seeds, .. } => Some((*seeds, true)),
            Progress::Sweep { .. } => None,
        })
        .collect()
}

fn board(width: u8, seeds: u8, rank: u64) -> Position {
    let mut pits = [0_u8; 20];
    Ranking::new(width).unrank(seeds, rank, &mut pits);
    position_of(width, &pits)
}

/// Boards of every level from 6 to 8 seeds checked, one in this many.
const STRIDE: u64 = 20;

/// Width 6 built to 9 seeds. Every board of up to 5 seeds, one in
/// [`STRIDE`] of 6 to 8 (by rank), and every board of 9 not exact, each
/// with either player to move: a board marked exact has the value a
/// brute-force search that carries the history finds from it (searched
/// within one around the table's value, so any other value shows), and a
/// board not exact has its brute-force value within the bounds its level's
/// file keeps. Up to 5 seeds, every board is exact. The boards are dealt
/// out among threads, each with its own cache of values after a capture.
#[test]
fn values_up_to_eight_seeds_are_the_brute_force_searchs_that_carries_the_history() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 9);
    let tables = Tablebase::open(dir.path(), 6);
    let ranking = Ranking::new(6);
    let bounds: Vec<HashMap<u64, (i32, i32)>> = (0..=9)
        .map(|seeds| {
            LevelFile::open(dir.path(), 6, seeds)
                .expect("a level")
                .read_bounds()
                .expect("its bounds")
                .into_iter()
                .map(|board| (board.rank, (i32::from(board.low), i32::from(board.high))))
                .collect()
        })
        .collect();
    let boards: Vec<(u8, u64, Side)> = (0..=9)
        .flat_map(|seeds| (0..ranking.count(seeds)).map(move |rank| (seeds, rank)))
        .filter(|&(seeds, rank)| match seeds {
            0..=5 => true,
            6..=8 => rank % STRIDE == 0,
            _ => bounds[usize::from(seeds)].contains_key(&rank),
        })
        .flat_map(|(seeds, rank)| Side::ALL.map(|side| (seeds, rank, side)))
        .collect();
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let checked: Vec<(usize, usize)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                let (tables, bounds, boards) = (&tables, &bounds, &boards);
                scope.spawn(move || {
                    let mut brute = Brute {
                        fresh: HashMap::new(),
                        order: Some(tables),
                    };
                    let (mut exact, mut not_exact) = (0, 0);
                    for &(seeds, rank, side) in boards.iter().skip(first).step_by(threads) {
                        let south_to_move = board(6, seeds, rank);
                        let position = Position::from_rows(
                            south_to_move.row(side),
                            south_to_move.row(side.opponent()),
                            side,
                        )
                        .expect("a position");
                        let table = tables.probe_checked(&position).expect("in the tables");
                        let (low, high) = if table.exact {
                            exact += 1;
                            (table.value, table.value)
                        } else {
                            not_exact += 1;
                            bounds[usize::from(seeds)][&rank]
                        };
                        assert!(table.exact || seeds > 5, "{position:?}");
                        let value = brute.within(position, low - 1, high + 1);
                        assert!(
                            (low..=high).contains(&value),
                            "{position:?}: {value} by brute force, {low}..={high} in the tables"
                        );
                    }
                    (exact, not_exact)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a worker"))
            .collect()
    });
    let exact: usize = checked.iter().map(|counts| counts.0).sum();
    let not_exact: usize = checked.iter().map(|counts| counts.1).sum();
    assert_eq!(exact + not_exact, boards.len());
    // The 97 boards of 9 seeds not exact, with either player to move.
    assert_eq!(not_exact, 2 * 97);
}

#[test]
fn the_ranking_is_a_bijection_on_every_level() {
    for width in 6..=10 {
        let ranking = Ranking::new(width);
        let holes = 2 * usize::from(width);
        // Every level the tests build: width 6 to 9 seeds.
        for seeds in 0..=if width == 6 { 9 } else { 4 } {
            let mut seen = HashSet::new();
            let mut pits = [0_u8; 20];
            let mut walked = [0_u8; 20];
            ranking.unrank(seeds, 0, &mut walked);
            for rank in 0..ranking.count(seeds) {
                ranking.unrank(seeds, rank, &mut pits);
                // The build walks the boards in rank order with `next`.
                assert!(rank == 0 || ranking.next(&mut walked), "{pits:?}");
                assert_eq!(walked, pits, "{width} {seeds} {rank}");
                assert_eq!(
                    pits[..holes].iter().map(|&s| u32::from(s)).sum::<u32>(),
                    u32::from(seeds)
                );
                assert_eq!(ranking.rank(&pits[..holes]), rank, "{pits:?}");
                assert!(seen.insert(pits), "{pits:?} twice");
            }
            // Every board of the level was reached: as many as there are
            // ways to put `seeds` seeds in `holes` holes.
            assert_eq!(
                seen.len() as u64,
                compositions(seeds, holes),
                "{width} {seeds}"
            );
        }
    }
}

/// The ways to put `seeds` seeds in `holes` holes, counted by recursion.
fn compositions(seeds: u8, holes: usize) -> u64 {
    if holes == 1 {
        return 1;
    }
    (0..=seeds)
        .map(|first| compositions(seeds - first, holes - 1))
        .sum()
}

#[test]
fn a_probe_agrees_with_the_engines_search_on_random_endgames() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 8);
    let tables = Tablebase::open(dir.path(), 6);
    let mut rng = fastrand::Rng::with_seed(13);
    let mut compared = 0;
    for _ in 0..60 {
        let seeds = rng.u8(4..=8);
        let mut pits = [0_u8; 12];
        for _ in 0..seeds {
            pits[rng.usize(..12)] += 1;
        }
        let to_move = if rng.bool() { Side::South } else { Side::North };
        let position = Position::from_rows(&pits[..6], &pits[6..], to_move).expect("a position");
        let table = tables.probe_checked(&position).expect("in the tables");
        let game = Game::from_position(Variant::Classic, position, 4);
        let result = Search::new(Limits::depth(24)).run(&game, &AtomicBool::new(false), |_| {});
        if table.exact && result.exact {
            assert_eq!(table.value, result.score, "{position:?}");
            compared += 1;
        }
    }
    assert!(compared >= 30, "only {compared} positions solved by both");
}

/// Runs `endodoi ARGS` in this process.
fn run(args: &[&str]) -> (i32, String, String) {
    let output: Output = endodoi(args);
    (
        output.status.code().expect("an exit status"),
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

fn probe(dir: &Path, pits: &str, to_move: &str, json: bool) -> (i32, String, String) {
    let dir = dir.to_str().expect("a UTF-8 path");
    let mut args = vec![
        "tablebase",
        "probe",
        "--dir",
        dir,
        "--pits",
        pits,
        "--to-move",
        to_move,
    ];
    if json {
        args.push("--json");
    }
    run(&args)
}

#[test]
fn probe_prints_the_value_whether_exact_and_the_best_moves() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 4);
    // E's one seed ends in F, empty and facing a's seed: both taken.
    let (status, out, err) = probe(dir.path(), "0 0 0 0 1 0 / 1 0 0 0 0 0", "south", false);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "South to move gains +2 seeds over North from here with perfect play (exact)\n\
         best: E\n\
         moves: E +2\n"
    );
    let (status, out, _) = probe(dir.path(), "0 0 0 0 1 0 / 1 0 0 0 0 0", "south", true);
    assert_eq!(
        (status, out.as_str()),
        (0, "{\"value\":2,\"exact\":true,\"best\":[\"E\"]}\n")
    );
}

#[test]
fn probe_json_matches_the_tables_for_north_and_south() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 6);
    let tables = Tablebase::open(dir.path(), 6);
    for (pits, to_move, side) in [
        ("0 2 0 1 0 0 / 1 0 0 0 2 0", "south", Side::South),
        ("0 2 0 1 0 0 / 1 0 0 0 2 0", "north", Side::North),
        ("3 0 0 0 0 0 / 0 0 0 0 0 3", "north", Side::North),
    ] {
        let (status, out, err) = probe(dir.path(), pits, to_move, true);
        assert_eq!((status, err.as_str()), (0, ""), "{pits}");
        let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let (south, north) = pits.split_once('/').expect("two rows");
        let row = |text: &str| -> Vec<u8> {
            text.split_whitespace()
                .map(|seeds| seeds.parse().expect("seeds"))
                .collect()
        };
        let position = Position::from_rows(&row(south), &row(north), side).expect("a position");
        let value = tables.probe_checked(&position).expect("in the tables");
        let moves = tables.moves(&position).expect("the moves");
        let best: Vec<String> = moves
            .iter()
            .filter(|played| played.value == value.value)
            .map(|played| played.hole.to_string())
            .collect();
        assert!(!best.is_empty(), "{pits}: a best move reaches the value");
        assert_eq!(
            json,
            serde_json::json!({"value": value.value, "exact": value.exact, "best": best}),
            "{pits}"
        );
    }
}

#[test]
fn probe_refuses_a_bad_position_naming_what_is_wrong() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 2);
    let name = dir.path().display();
    for (pits, message) in [
        (
            "0 0 0 0 1 0 1 0 0 0 0 0",
            "--pits `0 0 0 0 1 0 1 0 0 0 0 0`: give South's row, a slash, then North's row"
                .to_owned(),
        ),
        (
            "0 0 0 0 1 / 1 0 0 0 0 0",
            "--pits: South's row has 5 holes, the board 6".to_owned(),
        ),
        (
            "0 0 0 0 1 0 / 1 0 x 0 0 0",
            "--pits: `x` in North's row is not a number of seeds: invalid digit found in string"
                .to_owned(),
        ),
        (
            "0 0 0 0 1 0 / 1 0 1 0 0 0",
            format!(
                "3 seeds on the board: the tables in {name} hold at most 2 (`endodoi tablebase build --max-seeds 3` builds the levels up to it)"
            ),
        ),
        (
            "40 40 0 0 1 0 / 1 0 1 0 0 0",
            "83 seeds on the board: a table of width 6 holds at most 63".to_owned(),
        ),
    ] {
        let (status, out, err) = probe(dir.path(), pits, "south", false);
        assert_eq!(
            (status, out.as_str(), err.as_str()),
            (1, "", format!("endodoi: {message}\n").as_str()),
            "{pits}"
        );
    }
    // With a hole in the tables, the level missing below is what is named.
    std::fs::remove_file(level_path(dir.path(), 6, 1)).expect("a level removed");
    assert_eq!(
        probe(dir.path(), "0 0 0 0 1 0 / 1 0 0 0 0 0", "south", false),
        (
            1,
            String::new(),
            format!(
                "endodoi: {name}/w6-01.tb: no such table file (build it with `endodoi tablebase build`)\n"
            )
        )
    );
}

/// Changes the byte at `at` of `path`.
fn flip(path: &Path, at: usize) {
    let mut bytes = std::fs::read(path).expect("the file");
    bytes[at] ^= 0x01;
    std::fs::write(path, bytes).expect("written");
}

#[test]
fn a_corrupt_or_truncated_table_file_is_refused_with_its_name() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 4);
    let file = level_path(dir.path(), 6, 4);
    let name = file.display();
    let pits = "0 1 0 1 0 1 / 1 0 0 0 0 0";
    let good = std::fs::read(&file).expect("the level");
    let len = good.len();
    let corrupt = |reason: &str| format!("endodoi: {name}: corrupt table file: {reason}\n");
    let cases: [(&dyn Fn(), String); 4] = [
        (
            &|| std::fs::write(&file, &good[..len - 1]).expect("written"),
            corrupt(&format!(
                "truncated or overlong: {} bytes, expected {len}",
                len - 1
            )),
        ),
        // The last board's byte.
        (
            &|| flip(&file, len - 1),
            corrupt("block 0 does not match its checksum"),
        ),
        // The checksum of the bounds, in the header.
        (
            &|| flip(&file, 40),
            corrupt("the header's checksum does not match"),
        ),
        (
            &|| std::fs::write(&file, b"ENDODOT").expect("written"),
            corrupt("truncated: 7 bytes, not even a header"),
        ),
    ];
    for (spoil, message) in cases {
        std::fs::write(&file, &good).expect("restored");
        assert_eq!(probe(dir.path(), pits, "south", false).0, 0);
        spoil();
        let (status, out, err) = probe(dir.path(), pits, "south", false);
        assert_eq!(
            (status, out.as_str(), err.as_str()),
            (1, "", message.as_str())
        );
        // A build does not take it for a finished level: it builds it again.
        let built = levels(&build(dir.path(), 6, 4));
        assert_eq!(built.last(), Some(&(4, true)), "{built:?}");
        assert_eq!(std::fs::read(&file).expect("the level"), good);
    }
}

#[test]
fn build_names_a_damaged_top_level_and_builds_it_again_for_probes() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 4);
    let pits = "0 1 0 1 0 1 / 1 0 0 0 0 0";
    let answer = probe(dir.path(), pits, "south", false);
    assert_eq!(answer.0, 0, "{answer:?}");
    let file = level_path(dir.path(), 6, 4);
    let len = std::fs::metadata(&file).expect("the level").len();
    // The last board's byte: only the block's checksum tells.
    flip(&file, usize::try_from(len).expect("small") - 1);
    let name = dir.path().to_str().expect("UTF-8");
    let (status, out, err) = run(&[
        "tablebase",
        "build",
        "--dir",
        name,
        "--max-seeds",
        "4",
        "--threads",
        "1",
    ]);
    assert_eq!((status, out.as_str()), (0, ""), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "level 4 is damaged, and is built again: {}: corrupt table file: block 0 does not match its checksum",
            file.display()
        ),
        "{err}"
    );
    assert!(
        lines[1].starts_with("building 1 levels of width 6 "),
        "{err}"
    );
    assert!(
        lines.last().expect("a line").starts_with("level  4/4: "),
        "{err}"
    );
    assert_eq!(probe(dir.path(), pits, "south", false), answer);
}

#[test]
fn a_file_in_place_of_the_tables_folder_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("tables");
    std::fs::write(&path, b"my notes").expect("written");
    let refused = try_build(&path, 6, 3).expect_err("refused");
    assert_eq!(
        format!("{refused:#}"),
        format!(
            "{}: a regular file is not a folder for the tables",
            path.display()
        )
    );
    assert_eq!(std::fs::read(&path).expect("kept"), b"my notes");
    // The command says so before any estimate, and so does a probe, where
    // the folder would otherwise only seem to hold no level.
    let message = format!(
        "endodoi: {}: a regular file is not a folder for the tables\n",
        path.display()
    );
    let text = path.to_str().expect("a UTF-8 path");
    let built = run(&["tablebase", "build", "--dir", text, "--max-seeds", "3"]);
    assert_eq!(built, (1, String::new(), message.clone()));
    assert_eq!(
        probe(&path, "1 0 0 0 0 0 / 0 0 0 0 0 0", "south", false),
        (1, String::new(), message)
    );
    assert_eq!(std::fs::read(&path).expect("kept"), b"my notes");
}

#[test]
fn tables_this_user_may_not_read_are_named_with_the_systems_reason_once() {
    use std::os::unix::fs::PermissionsExt as _;
    // The superuser reads through permission bits: probe as nobody, if that
    // can be done.
    let root = rustix::process::geteuid().is_root();
    if root
        && std::process::Command::new("setpriv")
            .arg("--version")
            .output()
            .is_err()
    {
        eprintln!("SKIPPED: running as root without setpriv, so every file can be read");
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    // Nobody must reach the tables' folder itself.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let tables = dir.path().join("tables");
    build(&tables, 6, 3);
    let probe_as_user = |pits: &str| {
        let mut command = std::process::Command::new(if root {
            "setpriv"
        } else {
            env!("CARGO_BIN_EXE_endodoi")
        });
        if root {
            command.args(["--reuid=65534", "--regid=65534", "--clear-groups"]);
            command.arg(env!("CARGO_BIN_EXE_endodoi"));
        }
        let output = command
            .args(["tablebase", "probe", "--width", "6", "--to-move", "south"])
            .arg("--dir")
            .arg(&tables)
            .args(["--pits", pits])
            .output()
            .expect("endodoi runs");
        (
            output.status.code(),
            String::from_utf8(output.stdout).expect("UTF-8"),
            String::from_utf8(output.stderr).expect("UTF-8"),
        )
    };
    let pits = "1 0 0 0 0 0 / 0 0 0 0 0 1";
    let denied = |path: &Path| {
        (
            Some(1),
            String::new(),
            format!(
                "endodoi: {}: Permission denied (os error 13)\n",
                path.display()
            ),
        )
    };
    // A folder that may not be looked into is named, not taken for one
    // holding no level.
    std::fs::set_permissions(&tables, std::fs::Permissions::from_mode(0o000)).expect("chmod");
    assert_eq!(probe_as_user(pits), denied(&tables));
    // A level that may not be read is named, the reason said once.
    std::fs::set_permissions(&tables, std::fs::Permissions::from_mode(0o711)).expect("chmod");
    let level = level_path(&tables, 6, 2);
    std::fs::set_permissions(&level, std::fs::Permissions::from_mode(0o000)).expect("chmod");
    assert_eq!(probe_as_user(pits), denied(&level));
    // Given back the right to read it, the same user has the value.
    std::fs::set_permissions(&level, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let (status, out, err) = probe_as_user(pits);
    assert_eq!((status, err.as_str()), (Some(0), ""));
    assert!(out.starts_with("South to move gains +2 seeds"), "{out}");
}

#[test]
fn a_fifo_in_place_of_a_level_is_refused_without_waiting_for_a_writer() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 4);
    let file = level_path(dir.path(), 6, 4);
    std::fs::remove_file(&file).expect("removed");
    let made = std::process::Command::new("mkfifo")
        .arg(&file)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let message = format!(
        "endodoi: {}: corrupt table file: a FIFO is not a regular file\n",
        file.display()
    );
    // Each would wait for ever if the FIFO were opened for a writer.
    let (status, out, err) = probe(dir.path(), "0 1 0 1 0 1 / 1 0 0 0 0 0", "south", false);
    assert_eq!(
        (status, out.as_str(), err.as_str()),
        (1, "", message.as_str())
    );
    for max_seeds in [4, 5] {
        let refused = try_build(dir.path(), 6, max_seeds).expect_err("refused");
        assert_eq!(format!("endodoi: {refused:#}\n"), message);
    }
    assert!(
        std::fs::metadata(&file)
            .expect("still there")
            .file_type()
            .is_fifo(),
        "the FIFO is left as it was"
    );
    assert!(
        !level_path(dir.path(), 6, 5).exists(),
        "nothing built on it"
    );
}

#[test]
fn an_interrupted_build_resumes_at_the_level_it_was_on() {
    let whole = tempfile::tempdir().expect("a folder");
    build(whole.path(), 6, 6);
    let dir = tempfile::tempdir().expect("a folder");
    // Stopped after level 4: levels 5 and 6 are built, the others kept.
    build(dir.path(), 6, 4);
    let progress = build(dir.path(), 6, 6);
    assert_eq!(
        levels(&progress),
        [
            (0, false),
            (1, false),
            (2, false),
            (3, false),
            (4, false),
            (5, true),
            (6, true)
        ]
    );
    // Killed while writing level 3: its file gone, a temporary file left.
    std::fs::remove_file(level_path(dir.path(), 6, 3)).expect("removed");
    let stray = dir.path().join(".tb-killed");
    std::fs::write(&stray, b"half a level").expect("written");
    let progress = build(dir.path(), 6, 6);
    assert_eq!(
        levels(&progress),
        [
            (0, false),
            (1, false),
            (2, false),
            (3, true),
            (4, false),
            (5, false),
            (6, false)
        ]
    );
    assert!(!stray.exists(), "the temporary file is removed");
    for seeds in 0..=6 {
        assert_eq!(
            std::fs::read(level_path(dir.path(), 6, seeds)).expect("a level"),
            std::fs::read(level_path(whole.path(), 6, seeds)).expect("a level"),
            "level {seeds} is the one an uninterrupted build writes"
        );
    }
    assert_eq!(
        files::names(dir.path()),
        [
            "build.lock",
            "w6-00.tb",
            "w6-01.tb",
            "w6-02.tb",
            "w6-03.tb",
            "w6-04.tb",
            "w6-05.tb",
            "w6-06.tb"
        ]
    );
}

#[test]
fn a_build_short_of_memory_writes_the_files_a_build_with_room_writes() {
    let roomy = tempfile::tempdir().expect("a folder");
    build(roomy.path(), 6, 12);
    // 72 MB: levels 10 to 12 let go of the level just below while they are
    // built, and level 9 and 10 are read back from their files for the
    // levels above; every level keeps few links, and is swept by sowing.
    let short = tempfile::tempdir().expect("a folder");
    let mut builder = tables::builder(short.path(), 6, 12);
    builder.memory = 72_000_000;
    let estimate = builder.estimate().expect("an estimate");
    assert!(estimate.cost.memory <= builder.memory, "{estimate:?}");
    builder.build(&estimate, |_| {}).expect("the build");
    for seeds in 0..=12 {
        assert!(
            std::fs::read(level_path(short.path(), 6, seeds)).expect("a level")
                == std::fs::read(level_path(roomy.path(), 6, seeds)).expect("a level"),
            "level {seeds} is the one a build with room writes"
        );
    }
}

#[test]
fn a_level_let_go_of_and_damaged_meanwhile_is_named_when_read_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut builder = tables::builder(dir.path(), 6, 12);
    // As above: level 10 lets go of level 9, and level 11 reads it back.
    builder.memory = 72_000_000;
    let estimate = builder.estimate().expect("an estimate");
    let nine = level_path(dir.path(), 6, 9);
    let refused = builder
        .build(&estimate, |step| {
            if matches!(step, Progress::Built { seeds: 10, .. }) {
                // The last byte: the bounds of its boards not exact.
                let len = std::fs::metadata(&nine).expect("level 9").len();
                flip(&nine, usize::try_from(len).expect("small") - 1);
            }
        })
        .expect_err("refused");
    assert_eq!(
        format!("{refused:#}"),
        format!(
            "{}: corrupt table file: the bounds do not match their checksum",
            nine.display()
        )
    );
    // The levels built before are kept, and level 11 is not written.
    for seeds in 0..=10 {
        assert!(level_path(dir.path(), 6, seeds).exists(), "level {seeds}");
    }
    assert!(!level_path(dir.path(), 6, 11).exists());
}

#[test]
fn a_build_that_memory_cannot_hold_is_refused_with_the_figures() {
    let dir = tempfile::tempdir().expect("a folder");
    let refused = try_build(dir.path(), 10, 40).expect_err("refused");
    let message = format!("{refused:#}");
    assert!(
        message.starts_with("the build needs ") && message.contains(" of memory at its peak, and "),
        "{message}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).expect("listed").count(),
        0,
        "nothing written"
    );
}

#[test]
fn a_build_beyond_its_memory_limit_is_refused_with_the_figures_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("tables");
    let name = path.to_str().expect("UTF-8");
    let args = ["tablebase", "build", "--dir", name, "--max-seeds", "20"];
    let (status, out, err) = run(&[&args[..], &["--threads", "1", "--memory", "0.25"]].concat());
    assert_eq!(
        (status, out.as_str(), err.lines().collect::<Vec<_>>()),
        (
            1,
            "",
            vec![
                format!("building 21 levels of width 6 (225792840 boards) in {name}: about 214 s on 1 thread, 389 MiB of memory, 109 MiB on disk").as_str(),
                "endodoi: the build needs 389 MiB of memory at its peak, more than the 256 MiB it may take (--memory)"
            ]
        )
    );
    assert!(!path.exists(), "nothing written");
    let (status, _, err) = run(&[&args[..], &["--memory", "0.1"]].concat());
    assert_eq!(status, 2, "{err}");
    assert!(
        err.contains("`0.1` is not a number of GiB from 0.25 to 1024"),
        "{err}"
    );
}

#[test]
fn build_prints_its_estimate_and_each_level() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("tables");
    let name = path.to_str().expect("UTF-8");
    let (status, out, err) = run(&[
        "tablebase",
        "build",
        "--dir",
        name,
        "--max-seeds",
        "3",
        "--threads",
        "1",
    ]);
    assert_eq!((status, out.as_str()), (0, ""));
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].starts_with(&format!(
            "building 4 levels of width 6 (455 boards) in {name}: about 1 s on 1 thread, "
        )),
        "{err}"
    );
    let built: Vec<&str> = lines
        .iter()
        .filter(|line| line.contains(" boards, "))
        .copied()
        .collect();
    assert_eq!(built.len(), 4, "{err}");
    assert!(
        built[3].starts_with("level  3/3: 364 boards, 0 not exact, "),
        "{err}"
    );
    let (status, _, err) = run(&["tablebase", "build", "--dir", name, "--max-seeds", "3"]);
    assert_eq!(
        (status, err),
        (
            0,
            format!("tables of width 6 up to 3 seeds: every level is in {name}\n")
        )
    );
}

#[test]
fn boards_not_exact_keep_checked_bounds_and_say_so() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 9);
    let tables = Tablebase::open(dir.path(), 6);
    let ranking = Ranking::new(6);
    let open: Vec<Position> = (0..ranking.count(9))
        .map(|rank| board(6, 9, rank))
        .filter(|position| !tables.probe_checked(position).expect("in the tables").exact)
        .collect();
    assert!(!open.is_empty(), "9 seeds have boards caught in cycles");
    let position = open[0];
    let row = |side: Side| -> String {
        let seeds: Vec<String> = position.row(side).iter().map(u8::to_string).collect();
        seeds.join(" ")
    };
    let pits = format!("{} / {}", row(Side::South), row(Side::North));
    let (status, out, _) = probe(dir.path(), &pits, "south", false);
    assert_eq!(status, 0);
    assert!(
        out.lines()
            .next()
            .expect("a line")
            .ends_with("with perfect play (not exact: the repetition value within proven bounds)"),
        "{out}"
    );
    // The bounds are the file's last bytes, checked before a build keeps
    // the level: it is built again.
    let file = level_path(dir.path(), 6, 9);
    let good = std::fs::read(&file).expect("the level");
    flip(&file, good.len() - 1);
    let estimate = tables::builder(dir.path(), 6, 9)
        .estimate()
        .expect("an estimate");
    assert_eq!(
        (estimate.levels, estimate.damaged),
        (
            vec![9],
            vec![(
                9,
                format!(
                    "{}: corrupt table file: the bounds do not match their checksum",
                    file.display()
                )
            )]
        )
    );
    build(dir.path(), 6, 9);
    assert_eq!(std::fs::read(&file).expect("the level"), good);
}

/// `endodoi tablebase build` of the tables in `dir` as a child, killed
/// (and the test failed) if it does not end within a minute.
fn build_as_child(dir: &Path) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(["tablebase", "build", "--max-seeds", "3", "--threads", "1"])
        .arg("--dir")
        .arg(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("endodoi starts");
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the build did not end");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("the output");
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    (
        output.status.code(),
        err.lines().last().unwrap_or("").to_owned(),
    )
}

#[test]
fn a_link_a_fifo_or_a_folder_at_the_build_lock_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().expect("a folder");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, b"my notes").expect("written");
    for (n, fault) in ["link", "fifo", "folder"].into_iter().enumerate() {
        let tables = dir.path().join(format!("tables-{n}"));
        std::fs::create_dir(&tables).expect("the tables' folder");
        let lock = tables.join("build.lock");
        let kind = match fault {
            "link" => {
                std::os::unix::fs::symlink(&victim, &lock).expect("a link");
                "is a symbolic link, never followed"
            }
            "fifo" => {
                let made = std::process::Command::new("mkfifo")
                    .arg(&lock)
                    .status()
                    .expect("mkfifo runs");
                assert!(made.success());
                "is a FIFO, not a regular file"
            }
            _ => {
                std::fs::create_dir(&lock).expect("a folder");
                "is a folder, not a regular file"
            }
        };
        let kind_before = std::fs::symlink_metadata(&lock)
            .expect("the fault")
            .file_type();
        assert_eq!(
            build_as_child(&tables),
            (
                Some(1),
                format!(
                    "endodoi: cannot lock {}: {} {kind}",
                    tables.display(),
                    lock.display()
                )
            )
        );
        assert_eq!(
            std::fs::symlink_metadata(&lock)
                .expect("the fault")
                .file_type(),
            kind_before
        );
        assert!(!level_path(&tables, 6, 0).exists(), "nothing built");
        assert_eq!(std::fs::read(&victim).expect("the victim"), b"my notes");
    }
}
