//! The engine with the tables of perfect endgames: the search, the analysis
//! and the engine protocol look into tables built here for small boards, and
//! a missing or damaged level is named in one line while the engine plays on.

use std::fs;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use endodoi::analyze::analyze;
use endodoi::rules::{Game, Hole, Position, Side, Variant};
use endodoi::search::{Limits, Search, SearchResult};
use endodoi::tablebase::{
    BLOCK, Near, Ranking, Reach, Reader, Shelf, Tablebase, level_path, position_of,
};
use in_process::endodoi;

use crate::common::{in_process, tables};

/// Most seeds on a board in the tables these tests build.
const MOST: u8 = 10;

/// Builds the width-6 tables up to `most` seeds in `dir`.
fn build(dir: &Path, most: u8) {
    tables::build(dir, 6, most);
}

/// A random board of width 6 with `seeds` seeds, `side` to move, nothing
/// captured: the start of a game of its own.
fn random_board(rng: &mut fastrand::Rng, seeds: u8, side: Side) -> Position {
    let mut pits = [0_u8; 12];
    for _ in 0..seeds {
        pits[rng.usize(..12)] += 1;
    }
    Position::from_rows(&pits[..6], &pits[6..], side).expect("a board of width 6")
}

/// Searches `game` until the score is exact (or 5 million nodes).
fn solve(game: &Game, tables: Option<Arc<Tablebase>>) -> SearchResult {
    let mut search = Search::with_seed(Limits::nodes(5_000_000), 0);
    search.set_tables(tables);
    search.run(game, &AtomicBool::new(false), |_| {})
}

/// The games of random endgames: `count` boards of 6 to [`MOST`] seeds, each
/// after `quiet` random moves that capture nothing (so that the search
/// starts with a history the repetition rule looks back on).
fn endgames(count: usize, quiet: usize) -> Vec<Game> {
    let mut rng = fastrand::Rng::with_seed(0x7ab1e);
    let mut games = Vec::new();
    while games.len() < count {
        let side = if rng.bool() { Side::South } else { Side::North };
        let seeds = rng.u8(6..=MOST);
        let board = random_board(&mut rng, seeds, side);
        let mut game = Game::from_position(Variant::Classic, board, 4);
        for _ in 0..quiet {
            let Some(side) = game.to_move() else { break };
            let quiet: Vec<Hole> = (0..6)
                .map(|index| Hole::new(side, index))
                .filter(|&hole| {
                    game.position()
                        .play(hole)
                        .is_ok_and(|child| child.capture == 0)
                })
                .collect();
            if quiet.is_empty() {
                break;
            }
            game.play(quiet[rng.usize(..quiet.len())])
                .expect("a legal move");
        }
        if game.outcome().is_none() {
            games.push(game);
        }
    }
    games
}

#[test]
fn the_search_with_tables_finds_the_exact_value_without_them_and_in_fewer_nodes() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), MOST);
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    for quiet in [0, 3] {
        let (mut with_nodes, mut without_nodes) = (0, 0);
        let (mut with_solved, mut without_solved) = (0, 0);
        for game in endgames(60, quiet) {
            let with = solve(&game, Some(Arc::clone(&tables)));
            let without = solve(&game, None);
            assert_eq!(without.table_hits, 0);
            with_solved += usize::from(with.exact);
            without_solved += usize::from(without.exact);
            if !(with.exact && without.exact) {
                continue;
            }
            assert_eq!(with.score, without.score, "{:?}", game.position());
            assert!(with.table_hits > 0, "{:?}", game.position());
            if quiet == 0 {
                // The start of a game: nothing before it, so the table's
                // value is the search's.
                let probed = tables.probe(game.position()).expect("in the tables");
                if probed.exact {
                    assert_eq!(with.score, probed.value, "{:?}", game.position());
                }
            }
            with_nodes += with.nodes;
            without_nodes += without.nodes;
        }
        eprintln!(
            "after {quiet} quiet moves: solved {with_solved} of 60 with the tables ({with_nodes} nodes), {without_solved} without ({without_nodes} nodes)"
        );
        assert_eq!(with_solved, 60, "every endgame solved with the tables");
        assert!(
            with_nodes * 2 < without_nodes,
            "after {quiet} quiet moves: {with_nodes} nodes with the tables, {without_nodes} without"
        );
    }
}

#[test]
fn a_search_bounded_by_time_reads_blocks_in_the_background_and_finds_the_same_values() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), MOST);
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    let (mut hits, mut solved, mut both) = (0, 0, 0);
    for quiet in [0, 3] {
        for game in endgames(20, quiet) {
            // Its own tables, so that no block is held from an earlier search.
            let own = Arc::new(Tablebase::open(dir.path(), 6));
            let mut timed = Search::with_seed(Limits::movetime(Duration::from_secs(60)), 0);
            timed.set_tables(Some(own));
            let started = Instant::now();
            let with = timed.run(&game, &AtomicBool::new(false), |_| {});
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "ended by itself"
            );
            let by_nodes = solve(&game, Some(Arc::clone(&tables)));
            hits += with.table_hits;
            solved += usize::from(with.exact);
            if with.exact && by_nodes.exact {
                both += 1;
                assert_eq!(with.score, by_nodes.score, "{:?}", game.position());
            }
        }
    }
    eprintln!("solved {solved} of 40 bounded by time, {both} by both");
    assert!(hits > 0, "the tables were used");
    // The search's proof can depend on the order it meets the moves in,
    // which the blocks coming in change: nearly all, not all.
    assert!(solved >= 36, "{solved} of 40 solved");
}

/// Probes `position` reaching as far as `reach` until it has a value, for at
/// most ten seconds.
fn probe_until_held(
    tables: &Tablebase,
    position: &Position,
    near: &mut Near,
    reach: Reach<'_>,
) -> Option<endodoi::tablebase::TableValue> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(value) = tables.probe_quick(position, near, reach) {
            return Some(value);
        }
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_block_asked_of_the_reader_is_held_for_a_later_probe_and_one_only_looked_for_is_not() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), MOST);
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    let ranking = Ranking::new(6);
    let board = |rank: u64| {
        let mut pits = [0_u8; 12];
        ranking.unrank(MOST, rank, &mut pits);
        position_of(6, &pits)
    };
    let (asked, looked_for) = (board(0), board(BLOCK as u64));
    let mut near = Near::default();
    let reader = Reader::new(&tables).expect("a thread");
    // Nothing of these tables is held yet: neither probe waits for a read.
    assert_eq!(
        tables.probe_quick(&looked_for, &mut near, Reach::Near),
        None
    );
    assert_eq!(
        tables.probe_quick(&asked, &mut near, Reach::Ask(&reader)),
        None
    );
    let value = probe_until_held(&tables, &asked, &mut near, Reach::Ask(&reader));
    assert_eq!(value, tables.probe(&asked), "read in the background");
    assert_eq!(
        tables.probe_quick(&asked, &mut near, Reach::Near),
        value,
        "kept near"
    );
    // Whatever was asked is read before the reader ends: the block only
    // looked for was never asked, so it is not held.
    drop(reader);
    let later = Reader::new(&tables).expect("a thread");
    assert_eq!(
        tables.probe_quick(&looked_for, &mut near, Reach::Ask(&later)),
        None
    );
    let value = probe_until_held(&tables, &looked_for, &mut near, Reach::Ask(&later));
    assert_eq!(value, tables.probe(&looked_for));
}

#[test]
fn a_damaged_block_the_reader_meets_is_named_and_the_file_left_as_it_was() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), MOST);
    let path = level_path(dir.path(), 6, MOST);
    let mut bytes = fs::read(&path).expect("the level");
    // The middle of the file is in the coded blocks.
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    fs::write(&path, &bytes).expect("damaged");
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    let ranking = Ranking::new(6);
    let reader = Reader::new(&tables).expect("a thread");
    let mut near = Near::default();
    let deadline = Instant::now() + Duration::from_secs(10);
    while tables.trouble().is_none() && Instant::now() < deadline {
        for rank in (0..ranking.count(MOST)).step_by(BLOCK) {
            let mut pits = [0_u8; 12];
            ranking.unrank(MOST, rank, &mut pits);
            let _ = tables.probe_quick(&position_of(6, &pits), &mut near, Reach::Ask(&reader));
            std::thread::sleep(Duration::from_micros(200));
        }
    }
    drop(reader);
    let trouble = tables.trouble().expect("the damage found");
    assert!(
        trouble.starts_with(&path.display().to_string())
            && trouble.contains("does not match its checksum"),
        "{trouble}"
    );
    assert_eq!(fs::read(&path).expect("the level"), bytes, "left as it was");
}

#[test]
fn the_analysis_with_tables_is_perfect_play_and_marks_certain_mistakes() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), MOST);
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    // A game of random moves from a board of 10 seeds: random play makes
    // mistakes the tables prove.
    let mut rng = fastrand::Rng::with_seed(3);
    let board = random_board(&mut rng, MOST, Side::South);
    let mut game = Game::from_position(Variant::Classic, board, 4);
    while let Some(side) = game.to_move() {
        let legal: Vec<Hole> = (0..6)
            .map(|index| Hole::new(side, index))
            .filter(|&hole| game.is_legal(hole))
            .collect();
        game.play(legal[rng.usize(..legal.len())])
            .expect("a legal move");
    }
    let with = analyze(&game, Limits::nodes(20_000), 2, Some(tables), |_| {});
    let without = analyze(&game, Limits::nodes(5_000_000), 2, None, |_| {});
    assert_eq!(with.perfect_from, Some(1), "{with:#?}");
    assert!(with.moves.iter().all(|judged| judged.exact));
    for (with, without) in with.moves.iter().zip(&without.moves) {
        if without.exact {
            assert_eq!((with.before, with.loss), (without.before, without.loss));
        }
        assert_eq!(with.certain, with.mistake, "{with:?}");
    }
    assert!(
        with.moves.iter().any(|judged| judged.certain),
        "random play makes a proven mistake: {with:#?}"
    );
    let summary = endodoi::analyze::summary(&with);
    assert!(summary.contains("perfect play from move 1 on"), "{summary}");
    assert!(
        endodoi::analyze::row(
            with.moves
                .iter()
                .find(|judged| judged.certain)
                .expect("one")
        )
        .contains("certain mistake")
    );
}

/// The engine's answers to `input`, looking into the tables in `dir`.
fn engine(input: &str, dir: &Path) -> String {
    let mut out = Vec::new();
    endodoi::engine::run(
        input.as_bytes(),
        &mut out,
        Shelf::new(Some(dir.to_path_buf())),
    )
    .expect("the engine reads its input");
    String::from_utf8(out).expect("text")
}

#[test]
fn a_corrupt_level_is_named_once_and_the_engine_plays_on_with_the_levels_below() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 4);
    let damaged = level_path(dir.path(), 6, 3);
    let mut bytes = fs::read(&damaged).expect("the level");
    bytes[20] ^= 0xff;
    fs::write(&damaged, &bytes).expect("written");
    let answers = engine("go depth 3\ngo depth 3\nquit\n", dir.path());
    let told: Vec<&str> = answers
        .lines()
        .filter(|line| line.starts_with("info string tables"))
        .collect();
    // One line, naming the file and what the engine does without it (the
    // reason is the store's own, tested with the store).
    assert_eq!(told.len(), 1, "{answers}");
    let prefix = format!(
        "info string tables: {}: corrupt table file: ",
        damaged.display()
    );
    assert!(told[0].starts_with(&prefix), "{answers}");
    assert!(
        told[0].ends_with("; the engine uses the tables up to 2 seeds"),
        "{answers}"
    );
    assert_eq!(answers.matches("bestmove ").count(), 2, "{answers}");
    assert_eq!(
        fs::read(&damaged).expect("the level"),
        bytes,
        "left as it was"
    );
}

#[test]
fn analyze_names_a_missing_level_below_others_and_analyses_by_search() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 4);
    let missing = level_path(dir.path(), 6, 2);
    fs::remove_file(&missing).expect("removed");
    let record = dir.path().join("game.ogn");
    fs::write(
        &record,
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n\n1. A a\n",
    )
    .expect("written");
    let dir_text = dir.path().to_str().expect("a text path");
    let record_text = record.to_str().expect("a text path");
    let with = endodoi(&[
        "analyze",
        record_text,
        "--tables",
        dir_text,
        "--nodes",
        "2000",
    ]);
    let without = endodoi(&["analyze", record_text, "--no-tables", "--nodes", "2000"]);
    assert!(with.status.success(), "{with:?}");
    assert_eq!(
        String::from_utf8_lossy(&with.stderr),
        format!(
            "tables: {}: no such table file (build it with `endodoi tablebase build`); the engine uses the tables up to 1 seed\n",
            missing.display()
        )
    );
    assert_eq!(with.stdout, without.stdout, "the same analysis by search");
    assert!(without.stderr.is_empty());
}

#[test]
fn tables_and_no_tables_are_refused_together() {
    let refused = endodoi(&["analyze", "x.ogn", "--tables", "t", "--no-tables"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("cannot be used with"),
        "{refused:?}"
    );
}

#[test]
fn solve_proves_the_start_of_one_seed_a_hole_as_the_tables_and_plain_search_value_it() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 12);
    // A game of one seed a hole (the rules start at 3): 12 seeds, the whole
    // of it in these tables.
    let one = Position::from_rows(&[1; 6], &[1; 6], Side::South).expect("a board");
    let game = Game::from_position(Variant::Classic, one, 3);
    let start = Tablebase::open(dir.path(), 6)
        .probe(game.position())
        .expect("in the tables");
    assert!(start.exact);
    // Solved down to tables of 8 seeds, and with none at all.
    let eight = tempfile::tempdir().expect("a folder");
    for seeds in 0..=8 {
        fs::copy(
            level_path(dir.path(), 6, seeds),
            level_path(eight.path(), 6, seeds),
        )
        .expect("copied");
    }
    let tables = Arc::new(Tablebase::open(eight.path(), 6));
    let time = std::time::Duration::from_secs(600);
    let mut heard = Vec::new();
    let with = endodoi::solve::solve(&game, Some(&tables), time, |bounds| {
        heard.push(bounds.hole);
    });
    let without = endodoi::solve::solve(&game, None, time, |_| {});
    assert_eq!(heard.len(), 6, "every first move told");
    assert_eq!(with.tables, Some(8));
    assert!(
        with.moves.iter().all(endodoi::solve::MoveBounds::exact),
        "{with:#?}"
    );
    assert!(
        without.moves.iter().all(endodoi::solve::MoveBounds::exact),
        "{without:#?}"
    );
    let values = |solution: &endodoi::solve::Solution| -> Vec<i32> {
        solution.moves.iter().map(|bounds| bounds.lower).collect()
    };
    assert_eq!(values(&with), values(&without));
    assert_eq!((with.lower, with.upper), (start.value, start.value));
    // Each move's value is the tables' too: its capture for South, minus
    // the value of what it leaves for North.
    let by_tables = Tablebase::open(dir.path(), 6)
        .moves(game.position())
        .expect("in the tables");
    assert_eq!(
        values(&with),
        by_tables
            .iter()
            .map(|judged| judged.value)
            .collect::<Vec<_>>()
    );
    assert!(with.moves.iter().any(|bounds| bounds.table_hits > 0));
}

#[test]
fn solve_prints_a_line_a_first_move_and_the_start_or_one_json_document() {
    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 8);
    let dir_text = dir.path().to_str().expect("a text path");
    let text = endodoi(&["solve", "--seeds", "3", "--time", "2", "--tables", dir_text]);
    assert!(text.status.success(), "{text:?}");
    let text = String::from_utf8(text.stdout).expect("text");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 + 6 + 1, "{text}");
    assert_eq!(
        lines[0],
        "2×6 with 3 seeds a hole, tables up to 8 seeds, 2 s: South's final margin after each first move"
    );
    for (line, hole) in lines[2..8].iter().zip(["A", "B", "C", "D", "E", "F"]) {
        assert!(line.starts_with(hole), "{text}");
    }
    assert!(lines[8].starts_with("the start is worth "), "{text}");
    let json = endodoi(&[
        "solve", "--seeds", "3", "--time", "2", "--tables", dir_text, "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON document");
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 6);
    assert_eq!(json["tables"], 8);
    for bounds in moves {
        assert!(
            bounds["lower"].as_i64() <= bounds["upper"].as_i64(),
            "{json}"
        );
        // 36 seeds: no margin beyond them.
        assert!(bounds["lower"].as_i64() >= Some(-36) && bounds["upper"].as_i64() <= Some(36));
    }
}

/// What `analyze` of a short game in `dir` says on standard error with
/// `--tables tables`, which cannot be used: it succeeds all the same, with
/// the analysis `--no-tables` gives.
fn analyze_with_unusable_tables(dir: &Path, tables: &Path) -> String {
    let record = dir.join("game.ogn");
    fs::write(
        &record,
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n\n1. A a\n",
    )
    .expect("written");
    let record_text = record.to_str().expect("a text path");
    let tables = tables.to_str().expect("a text path");
    let output = endodoi(&[
        "analyze",
        record_text,
        "--tables",
        tables,
        "--nodes",
        "2000",
    ]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        output.stdout,
        endodoi(&["analyze", record_text, "--no-tables", "--nodes", "2000"]).stdout
    );
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_file_named_as_the_tables_folder_is_named_as_such_and_search_goes_on() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("tables");
    fs::write(&file, b"my notes").expect("written");
    assert_eq!(
        analyze_with_unusable_tables(dir.path(), &file),
        format!(
            "tables: {}: a regular file is not a folder for the tables; the engine plays by search alone\n",
            file.display()
        )
    );
    assert_eq!(fs::read(&file).expect("kept"), b"my notes");
}

#[test]
fn a_tables_folder_named_on_the_command_line_without_tables_is_named_and_search_goes_on() {
    let dir = tempfile::tempdir().expect("a folder");
    let empty = dir.path().join("no-tables-here");
    assert_eq!(
        analyze_with_unusable_tables(dir.path(), &empty),
        format!(
            "tables: {}: no such table file (build it with `endodoi tablebase build`); the engine plays by search alone\n",
            level_path(&empty, 6, 0).display()
        )
    );
    assert!(
        !empty.exists(),
        "nothing made where the tables were looked for"
    );
}
