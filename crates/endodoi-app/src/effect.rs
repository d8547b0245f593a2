//! The work with side effects the app asks the event loop to do, with what
//! each carries: it never writes a file, searches or talks to the network
//! itself, and the event loop never reads the app to do it. What an effect
//! needs of the app (the game to keep, the speed to remember) it carries as
//! values, taken when the router hands it on.

use std::path::PathBuf;

use super::{App, GameMessage, Match, Network, PuzzleRating, Request};
use endodoi_core::record::Record;
use endodoi_core::rules::{Config, Game};
use endodoi_engine::Limits;

/// Work with side effects that the app asks the event loop to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The game changed: write it to its autosave file.
    Autosave(Snapshot),
    /// The player pressed `s`: write the record where the player can find it.
    Export(Snapshot),
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
    RememberDisplay {
        /// The sowing speed.
        speed: u8,
        /// Whether the move preview is shown.
        preview: bool,
    },
    /// The player set up a new game on the start screen: remember its board
    /// and players as the last game.
    RememberGame {
        /// The board.
        config: Config,
        /// The players.
        players: Box<Match>,
    },
    /// Open a saved game or a record file chosen on the start screen; the
    /// app then goes on as [`Answer::Opened`](super::Answer::Opened) says.
    Open {
        /// What to open.
        opening: OpenTarget,
        /// The game of the screen left, kept a last time.
        left: Snapshot,
    },
    /// Tell the other player, across the network.
    Send(GameMessage),
    /// Close the connection to the other player, telling them why: what
    /// they sent is refused.
    Hangup {
        /// Why, in words for them.
        why: String,
        /// The game as this side has it, which a joiner comes back with.
        record: Box<Record>,
    },
    /// Ring the terminal bell: a clock of a player here runs low.
    Bell,
    /// The player's puzzle rating changed: keep it in its file.
    RememberPuzzles(PuzzleRating),
}

impl Effect {
    /// Whether it is work on files (a save, the settings), which the
    /// effect runner does before the rest.
    pub fn is_file(&self) -> bool {
        matches!(
            self,
            Effect::Autosave(_)
                | Effect::Export(_)
                | Effect::RememberGame { .. }
                | Effect::RememberDisplay { .. }
                | Effect::RememberPuzzles(_)
        )
    }
}

/// The game as the app has it when it asks for it to be kept: all that
/// the store of its files reads of it (which file a loaded record's text
/// is kept for, the store knows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The record of the game shown (in the viewer, the record's), tags
    /// included.
    pub record: Record,
    /// Which game of the run it is: 0 for the first, one more for each
    /// game begun since.
    pub serial: u64,
    /// Whether a game is being played: not a record in the viewer, not
    /// the lesson, not a puzzle.
    pub playing: bool,
    /// Whether the game being played has moves and is not over.
    pub unfinished: bool,
    /// The game's network, if it is played across one: how it continues.
    network: Option<Network>,
}

impl Snapshot {
    /// `app`'s game as it is now.
    pub fn of(app: &App) -> Snapshot {
        let screen = app.screen();
        let table = app.table();
        Snapshot {
            record: app.record().clone(),
            serial: table.serial(),
            playing: screen.viewer().is_none()
                && screen.lesson().is_none()
                && screen.puzzles().is_none(),
            unfinished: table.unfinished(),
            network: table.network().cloned(),
        }
    }

    /// The command that continues the game kept as the saved game `id`
    /// ([`GameInPlay::resume_command`](super::GameInPlay::resume_command)).
    pub fn resume_command(&self, id: &str) -> String {
        super::game::resume_command(self.network.as_ref(), Some(id))
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
pub enum OpenTarget {
    /// Continue the saved game of this ID (as `--resume ID`).
    Resume(String),
    /// Show this record file in the replay viewer.
    Replay(PathBuf),
    /// The start screen, its saved games and results read anew: a game, a
    /// replay or the lesson left for it.
    Menu,
}
