//! The options of `endodoi host` and `endodoi join` (see `crate::net`).

use std::path::PathBuf;

use clap::Args;

use super::{BoardArgs, DrawArgs, PlayArgs};

/// Where a host listens unless told: every network of this machine.
pub const DEFAULT_LISTEN: &str = "0.0.0.0:7557";

/// Options of `endodoi host`.
#[derive(Debug, Args)]
pub struct HostArgs {
    /// Where to listen: ADDRESS:PORT (0.0.0.0: every network of this machine; port 0: any free one).
    #[arg(long, value_name = "ADDR:PORT", default_value = DEFAULT_LISTEN)]
    pub listen: String,
    /// The join code the other player must give: 1 to 32 letters, digits or dashes
    /// (default: six made up at random).
    #[arg(long, value_parser = code)]
    pub code: Option<String>,
    /// Your name (you play South in the first game).
    #[arg(long)]
    pub name: Option<String>,
    /// The board.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Play a match: games until one player has N wins, changing rows after every game.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=99))]
    pub first_to: Option<u16>,
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
    /// The options of a game in the terminal these stand for.
    pub fn play(&self) -> PlayArgs {
        PlayArgs {
            board: self.board,
            south: None,
            north: None,
            think: None,
            first_to: self.first_to,
            draw: self.draw,
            resume: self.resume.clone(),
            load: None,
            record: self.record.clone(),
        }
    }
}

/// Options of `endodoi join`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The host's ADDRESS:PORT, as the host's screen shows it.
    #[arg(value_name = "ADDR:PORT")]
    pub address: String,
    /// The join code the host's screen shows.
    #[arg(long, value_parser = code)]
    pub code: String,
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
    /// The options of a game in the terminal these stand for.
    pub fn play(&self) -> PlayArgs {
        PlayArgs {
            board: BoardArgs {
                width: None,
                seeds: None,
                variant: None,
            },
            south: None,
            north: None,
            think: None,
            first_to: None,
            draw: self.draw,
            resume: None,
            load: None,
            record: self.record.clone(),
        }
    }
}

/// A join code as the command line gives it.
fn code(text: &str) -> Result<String, String> {
    if crate::net::valid_code(text) {
        Ok(text.to_owned())
    } else {
        Err("a join code is 1 to 32 letters, digits or dashes".to_owned())
    }
}
