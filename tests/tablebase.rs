//! The tables: built here for small boards in a temporary folder, and
//! checked against a brute-force search that carries the history, the
//! engine's search, and faults caused on purpose.

use std::collections::HashMap;

use endodoi::rules::{EndReason, Position, Reached, Side};
use endodoi::tablebase::{Builder, Progress, Ranking, Tablebase, position_of};

/// The seeds the player to move gains over the opponent from the position
/// on top of `path`, under perfect play, the repetition rule applied to
/// every position of `path` (those since the last capture), within
/// `(alpha, beta)`.
fn brute(
    path: &mut Vec<Reached>,
    fresh: &mut HashMap<Position, i32>,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    let position = path.last().expect("a position").position;
    let mut best = None;
    for index in 0..position.width() {
        if !position.has_seeds(index) {
            continue;
        }
        let Ok(child) = position.child(index) else {
            continue;
        };
        let value = if child.capture > 0 {
            i32::from(child.capture) - brute_fresh(child.position, fresh)
        } else {
            let reached = Reached::new(child.position);
            if reached.repeats_any(path) {
                -share(&child.position, EndReason::Repetition)
            } else {
                path.push(reached);
                let value = -brute(path, fresh, -beta, -alpha);
                path.pop();
                value
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

/// The exact value of `position` with nothing before it since a capture.
fn brute_fresh(position: Position, fresh: &mut HashMap<Position, i32>) -> i32 {
    let key = Position::from_rows(
        position.row(Side::South),
        position.row(Side::North),
        position.to_move(),
    )
    .expect("a position");
    if let Some(&value) = fresh.get(&key) {
        return value;
    }
    let seeds = seeds_of(&key);
    let value = brute(&mut vec![Reached::new(key)], fresh, -seeds - 1, seeds + 1);
    fresh.insert(key, value);
    value
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

fn build(dir: &std::path::Path, width: u8, max_seeds: u8) -> Vec<Progress> {
    let builder = Builder {
        dir: dir.to_path_buf(),
        width,
        max_seeds,
        threads: 2,
    };
    let estimate = builder.estimate().expect("an estimate");
    let mut progress = Vec::new();
    builder
        .build(&estimate, |step| progress.push(step.clone()))
        .expect("the build");
    progress
}

#[test]
fn every_exact_value_is_the_brute_force_searchs() {
    let dir = tempfile::tempdir().expect("a folder");
    let progress = build(dir.path(), 6, 6);
    eprintln!("{progress:?}");
    let tables = Tablebase::open(dir.path(), 6);
    let ranking = Ranking::new(6);
    let mut fresh = HashMap::new();
    let mut pits = [0_u8; 20];
    for seeds in 0..=5 {
        let mut counts = HashMap::new();
        let started = std::time::Instant::now();
        for rank in 0..ranking.count(seeds) {
            ranking.unrank(seeds, rank, &mut pits);
            let position = position_of(6, &pits);
            let table = tables.probe_checked(&position).expect("in the tables");
            let truth = brute_fresh(position, &mut fresh);
            *counts
                .entry((table.exact, table.value == truth))
                .or_insert(0) += 1;
            if table.exact {
                assert_eq!(table.value, truth, "{pits:?}");
            }
        }
        eprintln!("{seeds}: {counts:?} {:?}", started.elapsed());
    }
}
