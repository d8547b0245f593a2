//! What a game in the terminal is opened with, whoever chose it: the
//! command line makes [`GameOptions`] once (`crate::cli`), the settings file
//! fills what it leaves out ([`crate::settings::Settings::fill`]), and the
//! session opens the game from them. Nothing here knows clap.
//!
//! ```
//! use endodoi::options::Player;
//! use endodoi::search::Level;
//!
//! assert_eq!("computer:5".parse(), Ok(Player::Computer(Level::MAX)));
//! assert_eq!("Naserian".parse(), Ok(Player::Human("Naserian".to_owned())));
//! ```

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use crate::clock::TimeControl;
use crate::rules::{BySide, Config, ConfigError, Variant};
use crate::search::{DEFAULT_THINK, Level, LevelError};

/// Who plays a row: a person's name, or the computer at a level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// A person, by name.
    Human(String),
    /// The computer, at this level.
    Computer(Level),
}

impl FromStr for Player {
    type Err = LevelError;

    /// `computer` (any case) or `computer:LEVEL` is the computer; anything
    /// else is a name.
    fn from_str(text: &str) -> Result<Player, LevelError> {
        let (word, level) = match text.split_once(':') {
            Some((word, level)) => (word, Some(level)),
            None => (text, None),
        };
        if !word.trim().eq_ignore_ascii_case("computer") {
            return Ok(Player::Human(text.to_owned()));
        }
        match level {
            None => Ok(Player::Computer(Level::DEFAULT)),
            Some(level) => level.trim().parse().map(Player::Computer),
        }
    }
}

/// The board asked for: each part left out (`None`) is the default's, or
/// the settings file's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardChoice {
    /// Holes in each row.
    pub width: Option<u8>,
    /// Seeds in every hole at the start.
    pub seeds: Option<u8>,
    /// The rules.
    pub variant: Option<Variant>,
}

impl BoardChoice {
    /// Whether any part of the board was chosen.
    pub fn given(&self) -> bool {
        self.width.is_some() || self.seeds.is_some() || self.variant.is_some()
    }

    /// The board chosen, defaults filling the gaps.
    ///
    /// # Errors
    /// When a width or seed count is outside the rules' range.
    pub fn config(&self) -> Result<Config, ConfigError> {
        let default = Config::default();
        Config::new(
            self.width.unwrap_or(default.width()).into(),
            self.seeds.unwrap_or(default.seeds()).into(),
            self.variant.unwrap_or(default.variant()),
        )
    }
}

/// How the board is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawing {
    /// Sow moves seed by seed (else show them at once).
    pub animate: bool,
    /// Plain ASCII only: no box-drawing or dot glyphs.
    pub ascii: bool,
}

impl Default for Drawing {
    fn default() -> Drawing {
        Drawing {
            animate: true,
            ascii: false,
        }
    }
}

/// Everything a game in the terminal is opened with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// The board of a new game.
    pub board: BoardChoice,
    /// Who plays each row in the first game (`None`: the settings' or the
    /// program's choice).
    pub players: BySide<Option<Player>>,
    /// The computer's thinking time a move (`None`: [`DEFAULT_THINK`]).
    pub think: Option<Duration>,
    /// A match: games until one player has this many wins.
    pub first_to: Option<u16>,
    /// The time control of a new game (`None`: no clock, or the settings'
    /// last one when nothing else chooses the game).
    pub clock: Option<TimeControl>,
    /// A new game played without hints and take-backs (`false`: with them,
    /// or as the settings' last game when nothing else chooses the game).
    pub no_assist: bool,
    /// How the board is drawn.
    pub drawing: Drawing,
    /// Continue a saved game: the newest unfinished one (`Some(None)`), or
    /// the one of this ID.
    pub resume: Option<Option<String>>,
    /// Continue the game of this record file.
    pub load: Option<PathBuf>,
    /// Keep the game's record in this file, after every move.
    pub record: Option<PathBuf>,
}

impl GameOptions {
    /// The computer's thinking time a move.
    pub fn think(&self) -> Duration {
        self.think.unwrap_or(DEFAULT_THINK)
    }

    /// Whether these open a game already begun (`--resume`, `--load`)
    /// rather than a new one.
    pub fn continues(&self) -> bool {
        self.resume.is_some() || self.load.is_some()
    }

    /// Whether these choose no game (no player, board, match, clock, game
    /// without hints or file): then `endodoi` in a terminal opens on the
    /// start screen.
    pub fn choose_no_game(&self) -> bool {
        self.players.south.is_none()
            && self.players.north.is_none()
            && !self.board.given()
            && self.first_to.is_none()
            && self.clock.is_none()
            && !self.no_assist
            && !self.continues()
            && self.record.is_none()
    }
}
