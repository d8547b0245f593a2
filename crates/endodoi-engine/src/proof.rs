//! Proofs: what a position is worth with perfect play by both, South's final
//! margin, or bounds on it where the budget ran out.
//!
//! A [`Prover`] holds two searches, one that gives South none of the seeds
//! left at its horizon and one that gives North none ([`Horizon::Lower`] or
//! [`Horizon::Upper`] as the side to move requires): every iteration the
//! first completes is a lower bound on South's margin, every one the second
//! completes an upper bound, and where they meet the value is known. Each
//! search keeps its transposition table from one position to the next, which
//! is sound because its horizon always favours the same side, and is what
//! makes the positions of one game cheap after the first: the values proven
//! for one position's subtree are there for its neighbours'. Only game ends
//! and exact table values go into a proof (see [`Search::set_horizon`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use endodoi_core::rules::{Game, Hole, Side};

use crate::{Endgames, Horizon, Limits, Search};

/// What is proven of South's final margin from a position, with perfect play
/// by both: at least `lower`, at most `upper`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// South's final margin is at least this.
    pub lower: i32,
    /// And at most this.
    pub upper: i32,
}

impl Bounds {
    /// The value, when the bounds meet.
    pub fn exact(self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// The bounds on `side`'s final margin (North's is South's negated).
    #[must_use]
    pub fn for_side(self, side: Side) -> Bounds {
        match side {
            Side::South => self,
            Side::North => Bounds {
                lower: -self.upper,
                upper: -self.lower,
            },
        }
    }
}

/// What one proof found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// South's final margin, proven bounds.
    pub bounds: Bounds,
    /// A move that keeps the value, when it is known (none at a game's end).
    pub best: Option<Hole>,
    /// Plies of the deepest iteration completed for the lower and the upper
    /// bound.
    pub depths: [u32; 2],
    /// Positions searched.
    pub nodes: u64,
    /// Positions whose value the tables gave.
    pub table_hits: u64,
}

/// Proves positions' values, reusing what it proved before (see the
/// module's documentation).
#[derive(Clone, Debug)]
pub struct Prover {
    /// The search that gives South none of the seeds at its horizon: lower
    /// bounds on South's margin.
    south_starves: Search,
    /// The one that gives North none: upper bounds.
    north_starves: Search,
}

impl Default for Prover {
    fn default() -> Prover {
        Prover::new()
    }
}

impl Prover {
    /// A prover that has proven nothing yet, with no tables.
    pub fn new() -> Prover {
        Prover {
            south_starves: Search::with_seed(Limits::infinite(), 0),
            north_starves: Search::with_seed(Limits::infinite(), 0),
        }
    }

    /// Looks into `tables` from the next proof on.
    pub fn set_tables<E: Endgames + 'static>(&mut self, tables: Option<Arc<E>>) {
        self.south_starves.set_tables(tables.clone());
        self.north_starves.set_tables(tables);
    }

    /// Proves what it can of `game`'s value, each bound searched within
    /// `limits` (a time limit is split between the two), until `stop` is set.
    ///
    /// # Panics
    /// Never: only the engine's listed moves are played.
    pub fn prove(&mut self, game: &Game, limits: Limits, stop: &AtomicBool) -> Proof {
        let position = game.position();
        let mover = position.to_move();
        let left = i32::from(position.row_total(Side::South) + position.row_total(Side::North));
        let already = position.captured().lead(Side::South);
        let mut proof = Proof {
            bounds: Bounds {
                lower: already - left,
                upper: already + left,
            },
            best: None,
            depths: [0; 2],
            nodes: 0,
            table_hits: 0,
        };
        if let Some(outcome) = game.outcome() {
            let value = outcome.totals().lead(Side::South);
            proof.bounds = Bounds {
                lower: value,
                upper: value,
            };
            return proof;
        }
        let limits = Limits {
            movetime: limits.movetime.map(|time| time / 2),
            noise: 0,
            ..limits
        };
        for (slot, starved) in [Side::South, Side::North].into_iter().enumerate() {
            if proof.bounds.exact().is_some() {
                break;
            }
            let search = match starved {
                Side::South => &mut self.south_starves,
                Side::North => &mut self.north_starves,
            };
            search.set_limits(limits);
            // The horizon's loser is the side to move at the root (Lower) or
            // its opponent (Upper): always `starved`.
            search.set_horizon(if starved == mover {
                Horizon::Lower
            } else {
                Horizon::Upper
            });
            let bounds = &mut proof.bounds;
            let depths = &mut proof.depths;
            let result = search.run(game, stop, |info| {
                let south = match mover {
                    Side::South => info.score,
                    Side::North => -info.score,
                };
                if info.exact {
                    *bounds = Bounds {
                        lower: south,
                        upper: south,
                    };
                } else if starved == Side::South {
                    bounds.lower = bounds.lower.max(south);
                } else {
                    bounds.upper = bounds.upper.min(south);
                }
                depths[slot] = info.depth;
            });
            if result.exact {
                proof.best = result.best;
            }
            proof.nodes += result.nodes;
            proof.table_hits += result.table_hits;
        }
        proof
    }

    /// Proves what it can of every legal move of `game`: the value after
    /// each, in hole order, each within `limits`.
    ///
    /// # Panics
    /// Never: only the game's listed moves are played.
    pub fn prove_moves(
        &mut self,
        game: &Game,
        limits: Limits,
        stop: &AtomicBool,
    ) -> Vec<(Hole, Proof)> {
        game.legal_moves()
            .map(|hole| {
                let mut after = game.clone();
                after.play(hole).expect("a listed move is legal");
                (hole, self.prove(&after, limits, stop))
            })
            .collect()
    }
}
