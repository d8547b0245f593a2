//! What the world answers the app: the events that come back from the
//! effects it asked for ([`crate::Effect`]) and from the other player.
//! The terminal's effect runner returns them, and the event loop hands
//! each to [`App::answer`], which hands it to the component it is news for.

use crate::analysis::MoveAnalysis;
use endodoi_core::rules::Hole;
use endodoi_engine::{Bounds, SearchResult};

use super::{App, PeerNews, Tone};

/// One piece of news for the app, from the work it asked for or from the
/// other player.
#[derive(Debug)]
pub enum Answer {
    /// The search for the computer's move chose this hole: it is played
    /// (animated like a person's move) once the board is still; an answer
    /// nobody waits for is ignored.
    ComputerMoved(Hole),
    /// The search for a hint ended with this result: the move is selected
    /// and shown with the margin the mover can expect.
    HintFound(SearchResult),
    /// The hint proven with the tables: each legal move's proven value
    /// (South's final margin, or bounds), in hole order, the best proven and
    /// every other known to keep it or to lose ([`proven_hint`](crate::analysis::proven_hint)).
    HintProven(Vec<(Hole, Bounds)>),
    /// The search that weighs the person's draw offer ended with this
    /// result: the computer accepts unless it expects to win.
    DrawWeighed(SearchResult),
    /// The move at this ply of the viewed record is judged.
    Analysed(usize, MoveAnalysis),
    /// The game or record chosen on the start screen is open: the app goes
    /// on as this one, keeping this run's settings (animation, speed,
    /// preview, thinking time; the quit key going back to the start screen).
    Opened(Box<App>),
    /// Something to tell the player, in its tone: a file saved or not,
    /// tables that cannot be used, a setting not saved. A [`Tone::Problem`]
    /// stays at the head of the message line until the player acts.
    Notice(Tone, String),
    /// The date the game is kept under, for its record's `Date` tag: a game
    /// is given today's the first time it is saved.
    Dated(String),
    /// The other player's news.
    Remote(PeerNews),
    /// The other player took this seat, by its public name: from now on
    /// the record names it (its `Seat` tag), and the game is kept.
    Seat(String),
    /// The seat's secret could not be kept on disk, and why: said where it
    /// is seen; from now on the game is offered to continue at one keyboard
    /// ([`GameInPlay::resume_command`](super::GameInPlay::resume_command)), for
    /// neither player could take the seat again.
    SeatNotKept(String),
}
