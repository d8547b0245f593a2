//! Making puzzles (`endodoi puzzle generate`): games the engine plays
//! against itself at its levels, and in them the positions where exactly one
//! move keeps the best outcome, every legal move's value proofs by the
//! [`Prover`] (see docs/puzzles.md).
//!
//! The games are reproducible from the seed: the levels used stop by depth,
//! and their blunders are drawn from the seed. Each game's positions are
//! proofs from its end backwards, with one prover, so that each proof finds
//! the values of the positions after it in the prover's tables; a game's
//! scan stops when a position cannot be proofs in the budget (earlier ones,
//! with more seeds, are harder still).

mod rating_file;

pub use rating_file::{rating_path, read_rating, write_rating};

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::app::puzzle::set::{SHALLOW_DEPTH, TEMPTING_MARGIN, rating_of};
use crate::app::puzzle::{EntryMove, PuzzleEntry, PuzzleSet};
use crate::rules::{Config, Game, Hole, Side};
use crate::search::{Level, Limits, Proof, Prover, Search};
use crate::tablebase::Tablebase;

/// The levels that play the games, in turn: all stop by depth, so a game
/// is the same from run to run.
const PAIRS: [(u8, u8); 6] = [(4, 4), (3, 4), (4, 3), (2, 4), (4, 2), (3, 3)];

/// The time a move the levels are given: far more than their depth needs,
/// so that the depth stops them.
const THINK: Duration = Duration::from_secs(60);

/// Positions of a game's opening (random moves) that are never puzzles.
const FIRST_PLY: usize = crate::arena::OPENING_PLIES + 2;

/// Fewest legal moves a puzzle offers.
const MIN_CHOICES: usize = 3;

/// Plies skipped after a puzzle in the same game, so that one game gives
/// different positions.
const GAP: usize = 3;

/// What to make.
#[derive(Clone, Debug)]
pub struct PuzzlePlan {
    /// The board.
    pub config: Config,
    /// Games to play (or fewer: see `count`).
    pub games: u32,
    /// Stop after this many puzzles.
    pub count: usize,
    /// The seed of the games.
    pub seed: u64,
    /// The time each legal move's proof may take.
    pub budget: Duration,
    /// Most puzzles taken from one game.
    pub per_game: usize,
    /// The tables of perfect endgames.
    pub tables: Option<Arc<Tablebase>>,
}

/// What a run did so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleTally {
    /// Games played.
    pub games: u32,
    /// Positions whose moves were proofs (or tried).
    pub tried: u64,
    /// Puzzles found.
    pub found: usize,
    /// Puzzles the set's check refused (a bug if ever more than 0).
    pub rejected: u64,
    /// Time since the start.
    pub elapsed: Duration,
}

/// Plays the plan's games and adds every puzzle found to `set` (a
/// position already in it is skipped), telling `on_found` (whose error
/// stops the run).
///
/// # Errors
/// What `on_found` returns.
pub fn generate<E>(
    plan: &PuzzlePlan,
    set: &mut PuzzleSet,
    on_found: impl FnMut(&PuzzleSet, &PuzzleTally) -> Result<(), E>,
) -> Result<PuzzleTally, E> {
    let games = (0..plan.games).map(|number| self_play(plan.config, plan.seed, number));
    generate_from(plan, games, set, on_found)
}

/// As [`generate`], from `games` (each with where it came from: the
/// player's saved games, say) instead of self-play; the plan's board,
/// seed and number of games are not used.
///
/// # Errors
/// What `on_found` returns.
pub fn generate_from<E>(
    plan: &PuzzlePlan,
    games: impl IntoIterator<Item = (Game, String)>,
    set: &mut PuzzleSet,
    mut on_found: impl FnMut(&PuzzleSet, &PuzzleTally) -> Result<(), E>,
) -> Result<PuzzleTally, E> {
    let started = Instant::now();
    let mut tally = PuzzleTally::default();
    let mut prover = Prover::new();
    prover.set_tables(plan.tables.clone());
    for (game, source) in games {
        if tally.found >= plan.count {
            break;
        }
        tally.games += 1;
        let mut taken = 0;
        let mut position = game;
        let mut skip = 0;
        while position.ply() >= FIRST_PLY && taken < plan.per_game && tally.found < plan.count {
            if position.undo().is_none() {
                break;
            }
            if skip > 0 {
                skip -= 1;
                continue;
            }
            if position.legal_moves().count() < MIN_CHOICES {
                continue;
            }
            tally.tried += 1;
            let Some(proofs) = prove_all(&mut prover, &position, plan.budget) else {
                break;
            };
            let Some(mut entry) = puzzle(&mut prover, &position, &proofs, plan.budget) else {
                continue;
            };
            entry.source = format!("{source}, ply {}", position.ply() + 1);
            let known = set.puzzles().iter().any(|puzzle| {
                let old = &puzzle.entry;
                (old.width, old.seeds, &old.variant, &old.moves)
                    == (entry.width, entry.seeds, &entry.variant, &entry.moves)
            });
            if known {
                continue;
            }
            if set.push(entry).is_err() {
                // The set's own check disagrees with the generator: never
                // kept, and counted so that the run says so.
                tally.rejected += 1;
                continue;
            }
            taken += 1;
            skip = GAP;
            tally.found += 1;
            tally.elapsed = started.elapsed();
            on_found(set, &tally)?;
        }
        tally.elapsed = started.elapsed();
    }
    Ok(tally)
}

/// Game `number` of the seed's self-play: its opening as the arena's, then
/// the levels of [`PAIRS`] in turn; and where it came from.
///
/// # Panics
/// Never: only the search's legal moves are played.
pub fn self_play(config: Config, seed: u64, number: u32) -> (Game, String) {
    let (south, north) = PAIRS[number as usize % PAIRS.len()];
    let mut game = crate::arena::opening(config, seed, number);
    let mut players = [south, north].map(|level| {
        let level = Level::new(level).unwrap_or(Level::MAX);
        Search::with_seed(level.limits(THINK), seed ^ u64::from(number))
    });
    let stop = AtomicBool::new(false);
    while let Some(side) = game.to_move() {
        let player = &mut players[usize::from(side == Side::North)];
        let Some(hole) = player.run(&game, &stop, |_| {}).best else {
            break;
        };
        if game.play(hole).is_err() {
            break;
        }
    }
    let source = format!("self-play, levels {south} and {north}, seed {seed}, game {number}");
    (game, source)
}

/// Every legal move's exact value for the mover, with its proof; `None`
/// when one is not proofs in the budget.
pub fn prove_all(
    prover: &mut Prover,
    game: &Game,
    budget: Duration,
) -> Option<Vec<(Hole, i32, Proof)>> {
    let mover = game.to_move()?;
    let stop = AtomicBool::new(false);
    prover
        .prove_moves(game, Limits::movetime(budget), &stop)
        .into_iter()
        .map(|(hole, proof)| Some((hole, proof.bounds.for_side(mover).exact()?, proof)))
        .collect()
}

/// The puzzle at `game`, if one move alone is best: its entry, with every
/// wrong move's refutation and the difficulty (its `id` and `source` left
/// to the caller).
fn puzzle(
    prover: &mut Prover,
    game: &Game,
    proofs: &[(Hole, i32, Proof)],
    budget: Duration,
) -> Option<PuzzleEntry> {
    let best = proofs.iter().map(|&(_, value, _)| value).max()?;
    let mut best_moves = proofs.iter().filter(|&&(_, value, _)| value == best);
    let (solution, _, _) = best_moves.next()?;
    if best_moves.next().is_some() {
        return None;
    }
    let mut values = Vec::new();
    for (hole, value, proof) in proofs {
        let mut after = game.clone();
        after.play(*hole).ok()?;
        let reply = if hole == solution || after.outcome().is_some() {
            None
        } else {
            Some(refutation(prover, &after, -value, proof.best, budget)?)
        };
        let captures = reply
            .and_then(|reply| after.preview(reply).ok())
            .and_then(|report| report.capture)
            .map_or(0, |capture| capture.seeds);
        values.push(EntryMove {
            hole: hole.to_string(),
            value: *value,
            reply: reply.map(|reply| reply.to_string()),
            captures,
        });
    }
    let (tempting, misled) = temptation(game, *solution);
    let depth = proofs
        .iter()
        .flat_map(|(_, _, proof)| proof.depths)
        .max()
        .unwrap_or(0);
    let config = game.config();
    Some(PuzzleEntry {
        id: 0,
        width: config.width(),
        seeds: config.seeds(),
        variant: config.variant().name().to_owned(),
        moves: game
            .history()
            .iter()
            .map(|played| played.hole.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        solution: solution.to_string(),
        values,
        tempting,
        misled,
        depth,
        rating: rating_of(tempting, misled, depth),
        source: String::new(),
    })
}

/// The opponent's reply after a wrong move (`after`) that keeps their
/// margin `value`: the proof's best move, else the first reply proofs to.
fn refutation(
    prover: &mut Prover,
    after: &Game,
    value: i32,
    best: Option<Hole>,
    budget: Duration,
) -> Option<Hole> {
    if best.is_some() {
        return best;
    }
    prove_all(prover, after, budget)?
        .into_iter()
        .find(|&(_, reply_value, _)| reply_value == value)
        .map(|(hole, _, _)| hole)
}

/// How a shallow search sees the puzzle: how many wrong moves it rates
/// within [`TEMPTING_MARGIN`] of the solution, and whether it rates one
/// above it.
fn temptation(game: &Game, solution: Hole) -> (u8, bool) {
    let Some(mover) = game.to_move() else {
        return (0, false);
    };
    let stop = AtomicBool::new(false);
    let mut search = Search::with_seed(Limits::depth(SHALLOW_DEPTH), 0);
    let scores: Vec<(Hole, i32)> = game
        .legal_moves()
        .map(|hole| {
            let mut after = game.clone();
            let _ = after.play(hole);
            (hole, search.run(&after, &stop, |_| {}).score_for(mover))
        })
        .collect();
    let solution_score = scores
        .iter()
        .find(|&&(hole, _)| hole == solution)
        .map_or(0, |&(_, score)| score);
    let wrong = scores.iter().filter(|&&(hole, _)| hole != solution);
    let tempting = wrong
        .clone()
        .filter(|&&(_, score)| score >= solution_score - TEMPTING_MARGIN)
        .count();
    let misled = wrong.clone().any(|&(_, score)| score > solution_score);
    (u8::try_from(tempting).unwrap_or(u8::MAX), misled)
}
