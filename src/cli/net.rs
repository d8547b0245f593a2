//! The options of `endodoi host` and `endodoi join` (see `crate::net`).

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::{BoardArgs, DrawArgs, between};
use crate::clock::TimeControl;
use crate::options::GameOptions;
use crate::rules::Side;

/// The port a host of the direct mode listens at, as the help suggests.
pub const DEFAULT_PORT: u16 = 7557;

/// Options of `endodoi host`.
#[derive(Debug, Args)]
pub struct HostArgs {
    /// Play on a network with no internet: listen at ADDRESS:PORT (0.0.0.0:7557: every network of
    /// this machine; port 0: any free one) instead of meeting through a mailbox.
    #[arg(long, value_name = "ADDR:PORT", conflicts_with = "mailbox")]
    pub listen: Option<String>,
    /// With --listen, the join code the other player must give: letters, digits or dashes, as
    /// hard to guess as the six letters made up by default.
    #[arg(long, value_parser = code, requires = "listen")]
    pub code: Option<String>,
    /// The magic-wormhole mailbox server to meet through (default: the settings file's
    /// `network.mailbox`, else the public one).
    #[arg(long, value_name = "URL", value_parser = mailbox)]
    pub mailbox: Option<String>,
    /// Your name.
    #[arg(long)]
    pub name: Option<String>,
    /// Your row in the first game: South moves first (in a match the rows change after every
    /// game); random: either, as a coin falls.
    #[arg(long, value_enum, default_value_t, conflicts_with = "resume")]
    pub row: RowChoice,
    /// The board.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Play a match: games until one player has N wins, changing rows after every game.
    #[arg(long, value_name = "N", value_parser = between::<u16>(1, 99))]
    pub first_to: Option<u16>,
    /// Play on the clock: MINUTES each (1 to 180), and SECONDS more after each move (0 to 60),
    /// e.g. 5+3; a game hosted again keeps its own.
    #[arg(long, value_name = "MINUTES+SECONDS", conflicts_with = "resume")]
    pub clock: Option<TimeControl>,
    /// Play without hints, take-backs and move preview, on both terminals: `t` and `u` are
    /// refused, `p` shows no preview, and the record says so; a game hosted again keeps its own
    /// choice.
    #[arg(long, conflicts_with = "resume")]
    pub no_assist: bool,
    /// How the board is drawn.
    #[command(flatten)]
    pub draw: DrawArgs,
    /// Host a saved game again: the newest unfinished one, or the one `endodoi games` lists as ID.
    #[arg(long, value_name = "ID", num_args = 0..=1, conflicts_with_all = ["width", "seeds", "variant"])]
    pub resume: Option<Option<String>>,
    /// Keep the game's record in FILE, written after every move.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

impl HostArgs {
    /// The game these options choose.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            board: self.board.choice(),
            first_to: self.first_to,
            clock: self.clock,
            no_assist: self.no_assist,
            drawing: self.draw.into(),
            resume: self.resume.clone(),
            record: self.record.clone(),
            ..GameOptions::default()
        }
    }
}

/// The host's row in the first game, as `--row` chooses it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RowChoice {
    /// South, who moves first.
    South,
    /// North.
    North,
    /// Either, as a coin falls.
    #[default]
    Random,
}

impl RowChoice {
    /// The row chosen; for a random one, `coin` is tossed (`true`: South).
    ///
    /// ```
    /// use endodoi::cli::RowChoice;
    /// use endodoi::rules::Side;
    ///
    /// assert_eq!(RowChoice::North.draw(|| true), Side::North);
    /// assert_eq!(RowChoice::Random.draw(|| false), Side::North);
    /// ```
    pub fn draw(self, coin: impl FnOnce() -> bool) -> Side {
        let south = match self {
            RowChoice::South => true,
            RowChoice::North => false,
            RowChoice::Random => coin(),
        };
        if south { Side::South } else { Side::North }
    }
}

/// Options of `endodoi join`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The code the host's screen shows (`7-crossover-clockwork`), or in the direct mode the
    /// host's ADDR:PORT, with --code.
    #[arg(value_name = "CODE | ADDR:PORT")]
    pub target: String,
    /// The direct mode: the join code the host's screen shows.
    #[arg(long, value_parser = code)]
    pub code: Option<String>,
    /// The magic-wormhole mailbox server to meet through (default: the settings file's
    /// `network.mailbox`, else the public one).
    #[arg(long, value_name = "URL", conflicts_with = "code", value_parser = mailbox)]
    pub mailbox: Option<String>,
    /// Your name.
    #[arg(long)]
    pub name: Option<String>,
    /// How the board is drawn.
    #[command(flatten)]
    pub draw: DrawArgs,
    /// Keep the game's record in FILE, written after every move.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

impl JoinArgs {
    /// The game these options choose: the host's, drawn as the joiner
    /// likes.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            drawing: self.draw.into(),
            record: self.record.clone(),
            ..GameOptions::default()
        }
    }
}

/// A mailbox server's URL as the command line gives it.
fn mailbox(text: &str) -> Result<String, String> {
    crate::protocol::check_mailbox(text)
}

/// A join code of the direct mode as the command line gives it.
fn code(text: &str) -> Result<String, String> {
    crate::net::check_code(text).map(|()| text.to_owned())
}
