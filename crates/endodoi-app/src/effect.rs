//! The work with side effects the app asks the event loop to do, with what
//! each carries: it never writes a file, searches or talks to the network
//! itself.

use std::path::PathBuf;

use super::{Request, Said};
use endodoi_core::rules::Game;
use endodoi_engine::Limits;

/// Work with side effects that the app asks the event loop to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The game changed: write it to its autosave file.
    Autosave,
    /// The player pressed `s`: write the record where the player can find it.
    Export,
    /// Search in the background, replacing any search under way; answer with
    /// [`Answer::ComputerMoved`](super::Answer::ComputerMoved),
    /// [`Answer::HintFound`](super::Answer::HintFound) or
    /// [`Answer::DrawWeighed`](super::Answer::DrawWeighed).
    Think(Request),
    /// Stop the search under way and drop its answer.
    StopThinking,
    /// Analyse a move of the viewed record in the background; answer with
    /// [`Answer::Analysed`](super::Answer::Analysed).
    Analyze(AnalysisRequest),
    /// The player changed the sowing speed or the move preview: remember
    /// them for the next game.
    RememberDisplay,
    /// The player set up a new game on the start screen: remember its board
    /// and players as the last game.
    RememberGame,
    /// Open a saved game or a record file chosen on the start screen; the
    /// app then goes on as [`Answer::Opened`](super::Answer::Opened) says.
    Open(Opening),
    /// Tell the other player, across the network.
    Send(Said),
    /// Close the connection to the other player, telling them why: what
    /// they sent is refused.
    Hangup(String),
    /// Ring the terminal bell: a clock of a player here runs low.
    Bell,
}

impl Effect {
    /// Whether it is work on files (a save, the settings), which the
    /// effect runner does before the rest.
    pub fn is_file(&self) -> bool {
        matches!(
            self,
            Effect::Autosave | Effect::Export | Effect::RememberGame | Effect::RememberDisplay
        )
    }
}

/// The analysis of the viewed record, asked of the event loop: every move,
/// judged as `endodoi analyze` judges it, each handed back as it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRequest {
    /// The whole record's game.
    pub game: Game,
    /// How far each position is searched.
    pub limits: Limits,
    /// Seeds a move may give away before it is a mistake.
    pub threshold: u32,
}

/// A saved game, a record file or the start screen to open, for
/// [`Effect::Open`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Continue the saved game of this ID (as `--resume ID`).
    Resume(String),
    /// Show this record file in the replay viewer.
    Replay(PathBuf),
    /// The start screen, its saved games and results read anew: a game, a
    /// replay or the lesson left for it.
    Menu,
}
