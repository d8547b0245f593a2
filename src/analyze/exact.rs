//! `endodoi analyze --exact`: every position of a game proven, each move
//! judged by its exact loss (see [`crate::app::analysis::exact`] for the
//! marks).
//!
//! One [`Prover`] proves the positions from the last to the first: its
//! transposition tables keep what each proof found, so a position's proof
//! finds most of its subtree proven by the positions after it. Each proof
//! has the same budget of time; what it could not prove stays bounds, never
//! shown as a value. Each move is judged once the positions before and
//! after it are: a move that kept the value has its position's other moves
//! proven within the same budget, for the `!` of the only move that keeps
//! it, and a move that lost value with no best move known has one looked
//! for the same way.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Serialize;

pub use crate::app::analysis::exact::{
    Accuracy, ExactMark, ExactMove, bounds, turning_point, value_text,
};
use crate::app::analysis::{Chart, Point, Window};
use crate::rules::{BySide, Game, Hole};
use crate::search::{Bounds, Limits, Prover};
use crate::tablebase::Tablebase;

/// The time each position's proof may take unless told otherwise.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(2);

/// A game judged by proven values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExactAnalysis {
    /// Holes in a row.
    pub width: u8,
    /// Seeds per hole at the start.
    pub seeds: u8,
    /// `classic` or `cross`.
    pub variant: &'static str,
    /// The most seeds of the tables' levels looked into (`None`: none).
    pub tables: Option<u8>,
    /// The time each position's proof might take, in milliseconds.
    #[serde(serialize_with = "millis")]
    pub budget: Duration,
    /// What is proven of South's final margin at the game's first position.
    #[serde(serialize_with = "bounds")]
    pub start: Bounds,
    /// Every move, in order.
    pub moves: Vec<ExactMove>,
    /// What is proven after the last move.
    #[serde(serialize_with = "bounds")]
    pub last: Bounds,
    /// Positions (the first one and one after each move) whose value is
    /// proven.
    pub proven: usize,
    /// Positions in all.
    pub positions: usize,
    /// Each player's accuracy.
    pub accuracy: BySide<Accuracy>,
    /// The first move that changed the outcome, in a sentence.
    pub turning_point: Option<String>,
    /// Positions searched in all.
    pub nodes: u64,
    /// Time taken in all, in milliseconds.
    #[serde(serialize_with = "millis")]
    pub elapsed: Duration,
}

fn millis<S: serde::Serializer>(time: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(u64::try_from(time.as_millis()).unwrap_or(u64::MAX))
}

/// Proves every position of `game` (replayed from its first position), each
/// within `budget`, looking into `tables`, until `stop` is set; `on_move`
/// sees each move judged as soon as it is, the last first, with the moves
/// judged so far and the moves in all.
///
/// # Panics
/// Never: the game's own moves, and the listed moves, are played.
pub fn analyze_exact(
    game: &Game,
    tables: Option<Arc<Tablebase>>,
    budget: Duration,
    stop: &AtomicBool,
    mut on_move: impl FnMut(&ExactMove, usize, usize),
) -> ExactAnalysis {
    let started = Instant::now();
    let config = game.config();
    let mut replay = Game::from_position(config.variant(), *game.start(), config.seeds());
    let mut positions = vec![replay.clone()];
    for played in game.history() {
        replay
            .play(played.hole)
            .expect("a record's moves are legal");
        positions.push(replay.clone());
    }
    let top = tables.as_ref().and_then(|tables| tables.max_seeds());
    let mut prover = Prover::new();
    prover.set_tables(tables);
    // The last position first: each proof (and each move's other moves
    // proven) leaves its subtree proven for the positions before it.
    let last = prover.prove(
        &positions[positions.len() - 1],
        Limits::movetime(budget),
        stop,
    );
    let mut nodes = last.nodes;
    let (mut after, mut exact) = (last.bounds, usize::from(last.bounds.exact().is_some()));
    let mut moves = Vec::with_capacity(game.history().len());
    for (index, played) in game.history().iter().enumerate().rev() {
        let position = &positions[index];
        let proof = prover.prove(position, Limits::movetime(budget), stop);
        nodes += proof.nodes;
        exact += usize::from(proof.bounds.exact().is_some());
        let mut judged = ExactMove {
            ply: index + 1,
            side: position.position().to_move(),
            played: played.hole.to_string(),
            captured: played.captured,
            before: proof.bounds,
            after,
            keeps: proof.best.map(|hole| hole.to_string()),
            only: false,
            loss: None,
            mark: None,
        };
        judged.judge();
        if judged.loss == Some(0) && judged.keeps.is_none() {
            judged.keeps = Some(judged.played.clone());
        }
        if judged.loss == Some(0) || judged.keeps.is_none() {
            nodes += others(
                &mut prover,
                position,
                played.hole,
                budget,
                stop,
                &mut judged,
            );
            judged.judge();
        }
        after = proof.bounds;
        on_move(&judged, moves.len() + 1, game.history().len());
        moves.push(judged);
    }
    moves.reverse();
    ExactAnalysis {
        width: config.width(),
        seeds: config.seeds(),
        variant: config.variant().name(),
        tables: top,
        budget,
        start: after,
        last: last.bounds,
        proven: exact,
        positions: positions.len(),
        accuracy: Accuracy::of(&moves),
        turning_point: turning_point(&moves),
        moves,
        nodes,
        elapsed: started.elapsed(),
    }
}

/// Proves `position`'s moves other than `played`, sharing `budget`: sets
/// `judged.only` when every one of them is proven to lose value, and
/// `judged.keeps` (when unknown) to one that keeps it. The positions
/// searched.
fn others(
    prover: &mut Prover,
    position: &Game,
    played: Hole,
    budget: Duration,
    stop: &AtomicBool,
    judged: &mut ExactMove,
) -> u64 {
    let Some(value) = judged.before.for_side(judged.side).exact() else {
        return 0;
    };
    let others: Vec<Hole> = position
        .legal_moves()
        .filter(|&hole| hole != played)
        .collect();
    let share = budget / u32::try_from(others.len().max(1)).unwrap_or(u32::MAX);
    let mut all_lose = !others.is_empty();
    let mut nodes = 0;
    for hole in others {
        let mut after = position.clone();
        after.play(hole).expect("a listed move is legal");
        let proof = prover.prove(&after, Limits::movetime(share), stop);
        nodes += proof.nodes;
        let mover = proof.bounds.for_side(judged.side);
        if judged.keeps.is_none() && mover.exact() == Some(value) {
            judged.keeps = Some(hole.to_string());
        }
        all_lose &= mover.upper < value;
        if !all_lose && judged.keeps.is_some() {
            break;
        }
    }
    judged.only = all_lose;
    nodes
}

/// The header of the text table.
pub const HEADER: &str = " move  side   played    before     after  loss  mark  keeps";

/// One row of the text table: the values before and after the move (South's
/// margin, proven, or bounds `+2..+6`), the mover's loss and the move's mark,
/// and a move that keeps the value before.
pub fn row(judged: &ExactMove) -> String {
    let mut played = judged.played.clone();
    if judged.captured > 0 {
        let _ = write!(played, "+{}", judged.captured);
    }
    let row = format!(
        "{:>5}  {:<5}  {:<6} {:>9} {:>9}  {:>4}  {:<4}  {}",
        judged.ply,
        judged.side.name(),
        played,
        value_text(judged.before),
        value_text(judged.after),
        judged
            .loss
            .map_or_else(String::new, |loss| loss.to_string()),
        judged.mark.map_or("", ExactMark::text),
        judged.keeps.as_deref().unwrap_or_default()
    );
    row.trim_end().to_owned()
}

/// The proven value after each move as a graph: no bar where only bounds
/// are proven, `?` on the zero line at a move that lost seeds, `⁇` at one
/// that changed the outcome.
pub fn graph(analysis: &ExactAnalysis) -> String {
    let points: Vec<Point> = analysis.moves.iter().map(Point::from).collect();
    if points.is_empty() {
        return String::new();
    }
    let window = Window::whole(points.len(), crate::app::analysis::MAX_COLUMNS);
    format!(
        "proven value after each move: South's margin in seeds (? loses seeds, ⁇ changes the outcome; no bar: bounds only)\n{}",
        Chart::new(&points, window, 4, false).text()
    )
}

/// The closing lines of the text table: the values of the first and last
/// positions, how many were proven, the move where the outcome changed and
/// each player's accuracy.
pub fn summary(analysis: &ExactAnalysis) -> String {
    let mut summary = format!(
        "South's final margin with perfect play: {} at the first position, {} after the last move\nproven: {} of {} positions within {} s each",
        proven_or_bounds(analysis.start),
        proven_or_bounds(analysis.last),
        analysis.proven,
        analysis.positions,
        analysis.budget.as_secs_f64()
    );
    if analysis.proven < analysis.positions {
        summary.push_str(
            "; a value written a..b is bounds, not proven: its moves get no loss and no mark",
        );
    }
    match &analysis.turning_point {
        Some(sentence) => {
            let _ = write!(summary, "\n{sentence}");
        }
        None => summary.push_str("\nno proven move changed the outcome"),
    }
    let _ = write!(
        summary,
        "\naccuracy: South {}; North {}\nmarks: ?? changes the outcome (a win to a draw or a loss, a draw to a loss), ? loses seeds, ! the only move that keeps the value",
        analysis.accuracy.south.text(),
        analysis.accuracy.north.text()
    );
    summary
}

fn proven_or_bounds(value: Bounds) -> String {
    match value.exact() {
        Some(_) => format!("{} (proven)", value_text(value)),
        None => format!("{} (bounds, not proven)", value_text(value)),
    }
}
