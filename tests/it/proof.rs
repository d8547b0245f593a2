//! The prover (`search::Prover`): a position's value with perfect play, or
//! bounds never wider than the truth. One prover walking through a game
//! reuses its tables of positions from one position to the next; what it
//! proves must be what a fresh prover proves of each position alone, with
//! the tables of perfect endgames or without them.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use endodoi::bench::play_random;
use endodoi::rules::{Config, Game, Side, Variant};
use endodoi::search::{Bounds, Limits, Prover};
use endodoi::tablebase::Tablebase;

use crate::common::tables;

/// Seeded random games of 3 seeds a hole, each with every position it went
/// through from the first with at most 12 seeds left on the board (each is
/// proven by search alone in a moment) to its end.
fn small_games() -> Vec<Vec<Game>> {
    let mut rng = fastrand::Rng::with_seed(0x9e0f);
    (0..6)
        .map(|index| {
            let variant = if index % 2 == 0 {
                Variant::Classic
            } else {
                Variant::Cross
            };
            let config = Config::new(6 + index % 2, 3, variant).expect("a legal board");
            let mut game = Game::new(config);
            let mut positions = Vec::new();
            while game.outcome().is_none() {
                play_random(&mut game, &mut rng, 1);
                let position = game.position();
                if position.row_total(Side::South) + position.row_total(Side::North) <= 12 {
                    positions.push(game.clone());
                }
            }
            positions
        })
        .collect()
}

fn proven(prover: &mut Prover, game: &Game) -> i32 {
    let proof = prover.prove(game, Limits::infinite(), &AtomicBool::new(false));
    proof
        .bounds
        .exact()
        .unwrap_or_else(|| panic!("not proven, {:?}, after {:?}", proof.bounds, game.history()))
}

#[test]
fn a_prover_walking_through_games_proves_what_a_fresh_one_proves() {
    let dir = tempfile::tempdir().expect("a folder");
    tables::build(dir.path(), 6, 6);
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    for positions in small_games() {
        let fresh: Vec<i32> = positions
            .iter()
            .map(|game| proven(&mut Prover::new(), game))
            .collect();
        // Forward, as a game is analysed, and backward, with the tables
        // where the width has them.
        let mut forward = Prover::new();
        let mut backward = Prover::new();
        if positions[0].config().width() == 6 {
            backward.set_tables(Some(Arc::clone(&tables)));
        }
        let walked: Vec<i32> = positions
            .iter()
            .map(|game| proven(&mut forward, game))
            .collect();
        let mut walked_back: Vec<i32> = positions
            .iter()
            .rev()
            .map(|game| proven(&mut backward, game))
            .collect();
        walked_back.reverse();
        assert_eq!(walked, fresh, "{:?}", positions.last().map(Game::history));
        assert_eq!(walked_back, fresh);
        // Cut short, as a budget cuts a hard position: the bounds of each,
        // proven after the positions before it, hold its value.
        for budget in [20, 60, 200] {
            let mut hurried = Prover::new();
            for (game, value) in positions.iter().zip(&fresh) {
                let proof = hurried.prove(game, Limits::nodes(budget), &AtomicBool::new(false));
                let Bounds { lower, upper } = proof.bounds;
                assert!(
                    lower <= *value && *value <= upper,
                    "{lower}..{upper} for {value}"
                );
            }
        }
        // The last is the game's end: its value is the final margin.
        let end = positions.last().expect("a position");
        let outcome = end.outcome().expect("over");
        assert_eq!(fresh.last(), Some(&outcome.totals().lead(Side::South)));
        // A move's value is the best of what it leaves: no position is worth
        // more to its mover than the best of its moves, nor less.
        for game in &positions[..positions.len() - 1] {
            let mover = game.position().to_move();
            let children =
                Prover::new().prove_moves(game, Limits::infinite(), &AtomicBool::new(false));
            let best = children
                .iter()
                .map(|(_, proof)| proof.bounds.for_side(mover).lower)
                .max();
            let value = proven(&mut Prover::new(), game);
            let value = Bounds {
                lower: value,
                upper: value,
            };
            assert_eq!(best, Some(value.for_side(mover).lower));
        }
    }
}

#[test]
fn bounds_cut_short_hold_the_value_between_them() {
    // The standard start, given 2000 positions a bound: not proven, but
    // the truth (+8 for South, docs/solve.md) lies between the bounds.
    let game = Game::new(Config::default());
    let proof = Prover::new().prove(&game, Limits::nodes(2000), &AtomicBool::new(false));
    assert_eq!(proof.bounds.exact(), None);
    assert!(
        proof.bounds.lower <= 8 && 8 <= proof.bounds.upper,
        "{:?}",
        proof.bounds
    );
    assert!(
        proof.bounds.upper - proof.bounds.lower < 96,
        "narrower than nothing known"
    );
    assert_eq!(
        proof.best, None,
        "no move is said to keep a value not known"
    );
    assert_eq!(
        proof.bounds.for_side(Side::North),
        Bounds {
            lower: -proof.bounds.upper,
            upper: -proof.bounds.lower
        }
    );
}
