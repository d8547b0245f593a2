//! What the session sets up in the app, before play or as it goes on: how
//! moves are shown, how long the computer thinks, the record's tags, the
//! results the start screen shows, a game across the network.

use std::time::Duration;

use super::Network;
use super::results::Stats;
use endodoi_core::rules::Side;

/// One thing the session sets up ([`App::set`](super::App::set)).
#[derive(Clone, Debug)]
pub enum Setting {
    /// Whether a move is shown sown seed by seed.
    Animation(bool),
    /// The sowing speed (clamped to [`MIN_SPEED`](super::MIN_SPEED) to
    /// [`MAX_SPEED`](super::MAX_SPEED)), whether the move preview is shown,
    /// as remembered from an earlier game, and whether the bell rings as a
    /// clock here runs low.
    Display {
        /// The sowing speed.
        speed: u8,
        /// Whether the move preview is shown.
        preview: bool,
        /// Whether the bell rings.
        bell: bool,
    },
    /// The board turned round (`true`: North's row at the bottom) or back,
    /// as for the player who joins a game across the network, whose row is
    /// North's; the player can still turn it with the flip key.
    Flipped(bool),
    /// The computer's thinking time a move.
    Think(Duration),
    /// The game is part of a match to this many wins (a loaded game).
    FirstTo(u16),
    /// A record tag other than those the game and the players determine:
    /// its name and value.
    Tag(String, String),
    /// The start screen's results page shows these (read from the saved
    /// games by the session).
    Results(Stats),
    /// The game is played across the network: the player whose row in the
    /// first game is `remote_home` plays in another terminal, this one
    /// (named `name`, if given) at this keyboard; no computer plays. A game
    /// whose record names the host's row ([`HOST_TAG`](super::HOST_TAG):
    /// hosted or joined again, or the host's game at the first meeting)
    /// keeps it.
    Across {
        /// Who we are, and how the line is.
        network: Network,
        /// The first-game row of the player in the other terminal.
        remote_home: Side,
        /// The name of the player at this keyboard, if given.
        name: Option<String>,
    },
}
