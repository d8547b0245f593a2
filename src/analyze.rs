//! `endodoi analyze`: a record replayed with the search's judgement of every
//! move.
//!
//! Every position of the game is searched once. A position's *evaluation* is
//! the final margin South can expect from there with best play (South's total
//! minus North's, in seeds; negative when North is ahead), so the evaluations
//! before and after a move compare directly. A move's *loss* is how much it
//! gives away against the engine's preferred move, seen from the mover; a move
//! that loses more than the threshold is a mistake.
//!
//! By default every position gets the same node budget ([`DEFAULT_NODES`]) and
//! the search keeps its table from ply to ply, so a record gets the same
//! verdicts on every run and every machine.

pub mod exact;

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use serde::Serialize;

pub use crate::app::analysis::{
    Cell, CellTone, Chart, DEFAULT_NODES, GraphRow, MAX_COLUMNS, Mark, MoveAnalysis, Point, Window,
    graph,
};
use crate::rules::{Game, Side};
use crate::search::{Limits, Search};
use crate::tablebase::Tablebase;

/// The judgement of a whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Holes in a row.
    pub width: u8,
    /// Seeds per hole at the start.
    pub seeds: u8,
    /// `classic` or `cross`.
    pub variant: &'static str,
    /// Seeds a move may give away before it counts as a mistake.
    pub threshold: u32,
    /// Every move, in order.
    pub moves: Vec<MoveAnalysis>,
    /// The evaluation after the last move (exact when the game is over).
    pub last: i32,
    /// Mistakes by each side.
    pub mistakes: crate::rules::BySide<u32>,
    /// The first move from which every evaluation is exact (perfect play
    /// to the end), if any.
    pub perfect_from: Option<usize>,
}

/// Judges every move of `game` (which must start from its standard start or
/// any position: it is replayed from [`Game::start`]), searching each
/// position with `limits` and looking into `tables` where they hold it;
/// `on_move` sees each move's judgement as soon as it is known.
///
/// # Panics
/// Never: the game's own moves are replayed.
pub fn analyze(
    game: &Game,
    limits: Limits,
    threshold: u32,
    tables: Option<Arc<Tablebase>>,
    mut on_move: impl FnMut(&MoveAnalysis),
) -> Analysis {
    let config = game.config();
    let mut search = Search::with_seed(Limits { noise: 0, ..limits }, 0);
    search.set_tables(tables);
    let stop = AtomicBool::new(false);
    let mut replay = Game::from_position(config.variant(), *game.start(), config.seeds());
    let mut judged = search.run(&replay, &stop, |_| {});
    let mut judgements = Vec::new();
    let mut mistakes = crate::rules::BySide::<u32>::default();
    for &played in game.history() {
        let mover = replay.position().to_move();
        replay
            .play(played.hole)
            .expect("a record's moves are legal");
        let before = std::mem::replace(&mut judged, search.run(&replay, &stop, |_| {}));
        let analysis =
            MoveAnalysis::judge(replay.ply(), mover, played, &before, &judged, threshold);
        if analysis.mistake {
            mistakes[mover] += 1;
        }
        on_move(&analysis);
        judgements.push(analysis);
    }
    let perfect_from = judgements
        .iter()
        .rev()
        .take_while(|judged| judged.exact)
        .last()
        .map(|judged| judged.ply);
    Analysis {
        width: config.width(),
        seeds: config.seeds(),
        variant: config.variant().name(),
        threshold,
        moves: judgements,
        last: judged.score_for(Side::South),
        mistakes,
        perfect_from,
    }
}

/// The header of the text table.
pub const HEADER: &str = " move  side   played before  after  best  loss                   line";

/// One row of the text table: the move's number and hole, the evaluations,
/// the engine's move and the line it expected from the position before.
pub fn row(analysis: &MoveAnalysis) -> String {
    let mut played = analysis.played.clone();
    if analysis.captured > 0 {
        let _ = write!(played, "+{}", analysis.captured);
    }
    let row = format!(
        "{:>5}  {:<5}  {:<6} {:>+6} {:>+6}  {:<4} {:>5}  {:<15}  {}",
        analysis.ply,
        analysis.side,
        played,
        analysis.before,
        analysis.after,
        analysis.best,
        analysis.loss,
        match (analysis.mistake, analysis.certain) {
            (true, true) => "certain mistake",
            (true, false) => "mistake",
            (false, _) => "",
        },
        analysis.pv.join(" ")
    );
    row.trim_end().to_owned()
}

/// The closing lines of the text table.
pub fn summary(analysis: &Analysis) -> String {
    let mut summary = format!(
        "evaluation after the last move: {:+} (South's expected margin in seeds)\nmistakes (losing more than {} seeds): South {}, North {}",
        analysis.last, analysis.threshold, analysis.mistakes.south, analysis.mistakes.north
    );
    if let Some(ply) = analysis.perfect_from {
        let certain = analysis
            .moves
            .iter()
            .filter(|judged| judged.certain)
            .count();
        let _ = write!(
            summary,
            "\nperfect play from move {ply} on: every evaluation from there is exact ({certain} certain {})",
            if certain == 1 { "mistake" } else { "mistakes" }
        );
    }
    summary
}
