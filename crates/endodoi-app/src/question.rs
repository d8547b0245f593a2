//! What a question the router asks is about: the player at this keyboard
//! answers it with `y` or not (the popup is [`Confirm`]'s component).

use endodoi_core::rules::Side;

/// What a confirmation question is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Quit with the game unfinished.
    Quit,
    /// Abandon the unfinished game for a new one.
    NewGame,
    /// The other player, across the network, asks to take the game back to
    /// its first so many moves.
    Undo(usize),
    /// The player of this side, at this keyboard, resigns the game.
    Resign(Side),
    /// The player of this side, at this keyboard, offers a draw (one key
    /// next to another must not end a game).
    OfferDraw(Side),
    /// The player of this side offers a draw: the other player (at this
    /// keyboard or across the network) accepts or declines.
    Draw(Side),
}
