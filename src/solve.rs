//! `endodoi solve`: the value of a game's start and of every first move,
//! proven by searching down to the tables of perfect endgames.
//!
//! Each first move is searched twice, for bounds ([`Prover`]): once
//! supposing the player to move at the horizon's every position gets none of
//! the seeds left, once all of them. Only game ends and exact table values
//! (positions with nothing before them since the last capture) are taken as
//! they are, so every completed iteration proves a bound; where the two
//! meet, the value is known. The start's value is the best of its moves'.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::rules::{Game, Hole, Side};
use crate::search::{Limits, Prover};
use crate::tablebase::Tablebase;

/// What is proven of one first move: the first player's final margin after
/// it (their total minus the opponent's; South's from a game's start), with
/// best play by both.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveBounds {
    /// The move.
    #[serde(rename = "move", serialize_with = "as_text")]
    pub hole: Hole,
    /// The margin is at least this.
    pub lower: i32,
    /// The margin is at most this.
    pub upper: i32,
    /// Plies of the deepest iteration completed for the lower and the upper
    /// bound.
    pub depths: [u32; 2],
    /// Positions searched.
    pub nodes: u64,
    /// Positions whose value the tables gave.
    pub table_hits: u64,
    /// Time taken, in milliseconds.
    #[serde(serialize_with = "as_millis")]
    pub elapsed: Duration,
}

impl MoveBounds {
    /// Whether the value is known: the bounds meet.
    pub fn exact(&self) -> bool {
        self.lower == self.upper
    }
}

/// What is proven of the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// Holes in a row.
    pub width: u8,
    /// Seeds a hole at the start.
    pub seeds: u8,
    /// The most seeds on a board the tables held (`None`: no tables).
    pub tables: Option<u8>,
    /// Every first move, in hole order.
    pub moves: Vec<MoveBounds>,
    /// The first player's margin from the start with best play is at least
    /// this.
    pub lower: i32,
    /// And at most this.
    pub upper: i32,
    /// Positions searched in all.
    pub nodes: u64,
    /// Time taken in all, in milliseconds.
    #[serde(serialize_with = "as_millis")]
    pub elapsed: Duration,
}

#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde hands a reference")]
fn as_text<S: serde::Serializer>(hole: &Hole, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(hole)
}

fn as_millis<S: serde::Serializer>(time: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(u64::try_from(time.as_millis()).unwrap_or(u64::MAX))
}

/// Proves what it can of `game`'s position (a game's start, or any
/// other) in about `time`, shared equally by the first moves, looking into
/// `tables`; `on_move` hears of each move once it is done.
///
/// # Panics
/// Never: only the game's listed moves are played.
pub fn solve(
    game: &Game,
    tables: Option<&Arc<Tablebase>>,
    time: Duration,
    mut on_move: impl FnMut(&MoveBounds),
) -> Solution {
    let started = Instant::now();
    let config = game.config();
    let first: Vec<Hole> = game.legal_moves().collect();
    let share = time / u32::try_from(first.len().max(1)).unwrap_or(u32::MAX);
    let mut moves = Vec::new();
    for hole in first {
        let mut after = game.clone();
        after.play(hole).expect("a listed move is legal");
        let bounds = prove(&after, hole, tables, share);
        on_move(&bounds);
        moves.push(bounds);
    }
    Solution {
        width: config.width(),
        seeds: config.seeds(),
        tables: tables.and_then(|tables| tables.max_seeds()),
        lower: moves.iter().map(|bounds| bounds.lower).max().unwrap_or(0),
        upper: moves.iter().map(|bounds| bounds.upper).max().unwrap_or(0),
        nodes: moves.iter().map(|bounds| bounds.nodes).sum(),
        moves,
        elapsed: started.elapsed(),
    }
}

/// Bounds on the first player's margin in `game`, after their first move
/// `hole`, searched for about `time`.
fn prove(game: &Game, hole: Hole, tables: Option<&Arc<Tablebase>>, time: Duration) -> MoveBounds {
    let started = Instant::now();
    let first = hole.side();
    let mut prover = Prover::new();
    prover.set_tables(tables.cloned());
    let proof = prover.prove(game, Limits::movetime(time), &AtomicBool::new(false));
    let bounds = proof.bounds.for_side(first);
    let [south_lower, south_upper] = proof.depths;
    MoveBounds {
        hole,
        lower: bounds.lower,
        upper: bounds.upper,
        depths: match first {
            Side::South => [south_lower, south_upper],
            Side::North => [south_upper, south_lower],
        },
        nodes: proof.nodes,
        table_hits: proof.table_hits,
        elapsed: started.elapsed(),
    }
}
