//! Two copies of one game across the network, when a player takes their
//! seat again: a copy is only ever replaced by one that goes on from it, so
//! that no side can shorten the other's game. Only the moves are compared:
//! a copy's tags (its ending, clocks, names, assist marks, round and score)
//! are never taken (they travel as messages); its game number and rows
//! are only checked against ours.

use super::game_number;
use endodoi_core::record::Record;

/// How two copies of a game stand to each other, when a player takes their
/// seat again, by their board and moves alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Copies {
    /// The same moves.
    Same,
    /// Theirs goes on from ours: its further moves are played here if
    /// each is one they may play, as a move that comes on the line.
    TheirsGoesOn,
    /// Ours goes on from theirs (`theirs` moves, `ours` moves): ours is
    /// kept, and they take its further moves by the same rule.
    OursGoesOn {
        /// The moves of their copy.
        theirs: usize,
        /// The moves of ours.
        ours: usize,
    },
    /// Neither goes on from the other: another game, or a game that went
    /// two ways.
    Apart {
        /// The moves of their copy.
        theirs: usize,
        /// The moves of ours.
        ours: usize,
    },
}

impl Copies {
    /// How `theirs` stands to `ours`.
    pub fn of(ours: &Record, theirs: &Record) -> Copies {
        let apart = Copies::Apart {
            theirs: theirs.game.ply(),
            ours: ours.game.ply(),
        };
        if ours.game.config() != theirs.game.config() {
            return apart;
        }
        // Which game of the seat each copy is, the game numbers settle
        // first (`GameInPlay::settle_game`, checked as a `next`): copies of two
        // numbers are apart.
        if game_number(ours) != game_number(theirs) {
            return apart;
        }
        let (ours, theirs) = (&ours.game, &theirs.game);
        let shorter = ours.ply().min(theirs.ply());
        if ours.history()[..shorter] != theirs.history()[..shorter] {
            return apart;
        }
        match theirs.ply().cmp(&ours.ply()) {
            std::cmp::Ordering::Equal => Copies::Same,
            std::cmp::Ordering::Greater => Copies::TheirsGoesOn,
            std::cmp::Ordering::Less => Copies::OursGoesOn {
                theirs: theirs.ply(),
                ours: ours.ply(),
            },
        }
    }
}
