//! Two copies of one game across the network, when a player takes their
//! seat again: a copy is only ever replaced by one that goes on from it, so
//! that no side can shorten the other's game.

use super::game_number;
use crate::record::{Record, Tags};

/// How two copies of a game stand to each other, when a player takes their
/// seat again: a copy is only ever replaced by one that goes on from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Copies {
    /// The same moves.
    Same,
    /// Theirs goes on from ours: it is taken.
    TheirsGoesOn,
    /// Ours goes on from theirs (`theirs` moves, `ours` moves): ours is
    /// kept, and they take it.
    OursGoesOn {
        /// The moves of their copy.
        theirs: usize,
        /// The moves of ours.
        ours: usize,
    },
    /// Ours is over and theirs is the next game of the match, begun as the
    /// line dropped: it is taken, ours keeps its own file.
    NextGame,
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
        let round = |record: &Record| {
            record
                .tag(Tags::ROUND)
                .and_then(|round| round.parse::<u32>().ok())
        };
        if ours.verdict().is_some()
            && round(theirs) > round(ours)
            && round(ours).is_some()
            && theirs.game.config() == ours.game.config()
        {
            return Copies::NextGame;
        }
        let numbers = (game_number(ours), game_number(theirs));
        let (ours, theirs) = (&ours.game, &theirs.game);
        if numbers.0 != numbers.1 {
            return Copies::Apart {
                theirs: theirs.ply(),
                ours: ours.ply(),
            };
        }
        let shorter = ours.ply().min(theirs.ply());
        let same_start = ours.config() == theirs.config()
            && ours.history()[..shorter] == theirs.history()[..shorter];
        match (same_start, theirs.ply().cmp(&ours.ply())) {
            (false, _) => Copies::Apart {
                theirs: theirs.ply(),
                ours: ours.ply(),
            },
            (true, std::cmp::Ordering::Equal) => Copies::Same,
            (true, std::cmp::Ordering::Greater) => Copies::TheirsGoesOn,
            (true, std::cmp::Ordering::Less) => Copies::OursGoesOn {
                theirs: theirs.ply(),
                ours: ours.ply(),
            },
        }
    }
}
