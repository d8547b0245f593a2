//! Help in a game: hints and take-backs. A game may be played without them
//! ([`super::super::Match::no_assist`], the record's `Assist` tag), and a
//! game where a player was helped says so in its record (the `Assisted`
//! tag names the side), written when it happens so that autosave keeps it
//! and results can count such games apart. Across the network, a hint this
//! player asks for is announced ([`GameMessage::HintAsked`]); the other player's
//! is checked as a move is and marks their side.

use super::super::component::{Ask, Tell};
use super::super::{Effect, GameInPlay, GameMessage, Tone};
use endodoi_core::rules::Side;

/// What the hint and take-back keys say in a game played without them.
pub(super) const NO_ASSIST: &str = "This game is played without hints and take-backs";

impl GameInPlay {
    /// A hint just asked for by the person at this keyboard, who plays
    /// `side`: the record says so, and across the network the other player
    /// is told.
    pub(crate) fn hint_asked(&mut self, side: Side, out: &mut Vec<Ask>) {
        self.record.mark_assisted(side);
        out.push(Ask::Autosave);
        if self.network.is_some() {
            let ply = self.game().ply();
            out.effect(Effect::Send(GameMessage::HintAsked(ply)));
        }
    }

    /// The other player asked for a hint at move `ply + 1`: told and kept
    /// in the record if it is their turn at that move of a game that allows
    /// hints; otherwise refused, as a move out of turn is.
    pub(crate) fn their_hint(&mut self, ply: usize, out: &mut Vec<Ask>) {
        let other = self.remote_name();
        let Some(side) = self.record.to_move() else {
            self.refuse(
                format!("{other} asked for a hint after the end of the game"),
                out,
            );
            return;
        };
        if self.players.no_assist {
            self.refuse(
                format!("{other} asked for a hint in a game played without them"),
                out,
            );
        } else if ply != self.game().ply() || !self.players.remote(side) {
            self.refuse(format!("{other} asked for a hint out of turn"), out);
        } else {
            self.record.mark_assisted(side);
            out.push(Ask::Autosave);
            out.say(Tone::Info, format!("{other} asked for a hint"));
        }
    }
}
