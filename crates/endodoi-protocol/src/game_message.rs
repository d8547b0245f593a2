//! What one player tells the other during a game.

use std::time::Duration;

use endodoi_core::rules::{Hole, Side};

/// What one player tells the other across the network.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameMessage {
    /// `hole` is sown as move `ply + 1` (`ply` moves were played before it).
    Move {
        /// The moves played before this one.
        ply: usize,
        /// The hole sown.
        hole: Hole,
        /// In a game with clocks, the mover's time left after the move (the
        /// increment added): the mover's terminal is its clock's authority.
        left: Option<Duration>,
    },
    /// Asks to take the game back to its first `ply` moves.
    UndoAsked(usize),
    /// Takes the game back to its first `ply` moves, as asked.
    UndoAccepted(usize),
    /// Declines to take the game back to its first `ply` moves.
    UndoDeclined(usize),
    /// Asks the engine for a hint at its turn, `ply` moves played: told to
    /// the other player, and kept in both records.
    HintAsked(usize),
    /// The next game at this seat, number `game`, with the sender playing
    /// `row` in it: from the host, that game begins (the one after a game
    /// over, the rows as `n` or `w` give them); from the joiner, it asks
    /// the host to begin it.
    NextGame {
        /// The game's number at the seat: one more than the game just over.
        game: u32,
        /// The sender's row in that game.
        row: Side,
    },
    /// The clock of the player to move after `ply` moves has run out: the
    /// game ends on time (the sender's own, or the receiver's after a grace).
    Flag(usize),
    /// The sender resigns the game, on either player's turn.
    Resigned,
    /// The sender offers a draw (while the other player is to move).
    DrawOffered,
    /// Accepts the draw offered: the game is drawn.
    DrawAccepted,
    /// Declines the draw offered: the game goes on.
    DrawDeclined,
}
