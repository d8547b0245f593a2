//! The search's judgement of a game's moves, as the replay viewer shows it
//! and `endodoi analyze` prints it: each move's [`MoveAnalysis`], and the
//! evaluation after each move as a graph in cells ([`graph`](fn@graph),
//! [`Chart`]). The searching itself, which may look into the tables of
//! perfect endgames on disk, is the program's (`endodoi::analyze`).

pub mod exact;
mod graph;

use endodoi_core::rules::{Played, Side};
use endodoi_engine::SearchResult;
use serde::Serialize;

pub use exact::{Accuracy, ExactMark, ExactMove, proven_hint, turning_point, value_text};
pub use graph::{Cell, CellTone, Chart, GraphRow, MAX_COLUMNS, Mark, Point, Window, graph};

/// Positions searched for each position of a record unless told otherwise.
pub const DEFAULT_NODES: u64 = 500_000;

/// The judgement of one move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAnalysis {
    /// The move's number, from 1: every sowing is a move, as on the screen.
    pub ply: usize,
    /// `south` or `north`: who played it.
    pub side: &'static str,
    /// The hole played.
    #[serde(rename = "move")]
    pub played: String,
    /// Seeds it captured.
    pub captured: u8,
    /// The evaluation before the move (South's expected margin).
    pub before: i32,
    /// The evaluation after the move.
    pub after: i32,
    /// The engine's preferred move in the position before.
    pub best: String,
    /// The principal line the engine expected from the position before.
    pub pv: Vec<String>,
    /// Seeds the move gives away against the engine's choice, for the mover
    /// (0 when it is the engine's choice or as good).
    pub loss: i32,
    /// Whether the loss exceeds the threshold.
    pub mistake: bool,
    /// Whether the evaluation before the move is exact: perfect play's
    /// margin, from the tables of perfect endgames or the game's end, not an
    /// estimate.
    pub exact: bool,
    /// Whether the mistake is certain: both evaluations are exact, so the
    /// loss is what perfect play proves the move gives away.
    pub certain: bool,
    /// Plies the position before was searched.
    pub depth: u32,
    /// The move judged by proven values, when the analysis is exact: then
    /// its values and marks are shown, never the fields above.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven: Option<ExactMove>,
}

impl MoveAnalysis {
    /// The judgement of `played`, move `ply`, made by `mover`, from the
    /// search of the position before it and of the position after: what it
    /// gives away against the search's move, seen from the mover, and a
    /// mistake when that is more than `threshold` seeds.
    pub fn judge(
        ply: usize,
        mover: Side,
        played: Played,
        before: &SearchResult,
        after: &SearchResult,
        threshold: u32,
    ) -> MoveAnalysis {
        let loss = if before.best == Some(played.hole) {
            0
        } else {
            (before.score_for(mover) - after.score_for(mover)).max(0)
        };
        let mistake = loss > i32::try_from(threshold).unwrap_or(i32::MAX);
        MoveAnalysis {
            ply,
            side: mover.name(),
            played: played.hole.to_string(),
            captured: played.captured,
            before: before.score_for(Side::South),
            after: after.score_for(Side::South),
            best: before.best.map(|hole| hole.to_string()).unwrap_or_default(),
            pv: before.pv.iter().map(ToString::to_string).collect(),
            loss,
            mistake,
            exact: before.exact,
            certain: mistake && before.exact && after.exact,
            depth: before.depth,
            proven: None,
        }
    }
}

impl From<ExactMove> for MoveAnalysis {
    /// The move as the viewer keeps an analysed move, its proven values
    /// in `proven`; the values above hold the lower bounds.
    fn from(judged: ExactMove) -> MoveAnalysis {
        MoveAnalysis {
            ply: judged.ply,
            side: judged.side.name(),
            played: judged.played.clone(),
            captured: judged.captured,
            before: judged.before.lower,
            after: judged.after.lower,
            best: judged.keeps.clone().unwrap_or_default(),
            pv: Vec::new(),
            loss: judged.loss.unwrap_or(0),
            mistake: judged.loss.is_some_and(|loss| loss > 0),
            exact: judged.before.exact().is_some(),
            certain: judged.mark == Some(ExactMark::Outcome),
            depth: 0,
            proven: Some(judged),
        }
    }
}
