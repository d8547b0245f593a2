//! The command line, as clap types: playing is the default, `replay` and
//! `bench` are subcommands.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::rules::{self, Config, ConfigError, MAX_SEEDS, MAX_WIDTH, MIN_SEEDS, MIN_WIDTH};

/// En Dodoi, the Maasai two-row mancala, for two players at one keyboard.
///
/// Without a subcommand, starts a game in the terminal.
#[derive(Debug, Parser)]
#[command(name = "endodoi", version, about, long_about = None)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; playing a game when none is given.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of a game.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay a game record (or a move list) and show or print the position.
    Replay(ReplayArgs),
    /// Measure the engine on a fixed set of seeded random games.
    Bench(BenchArgs),
}

/// The board: width, seeds per hole, variant.
#[derive(Debug, Clone, Copy, Args)]
pub struct BoardArgs {
    /// Holes in each row.
    #[arg(long, value_parser = clap::value_parser!(u8).range(i64::from(MIN_WIDTH)..=i64::from(MAX_WIDTH)))]
    pub width: Option<u8>,
    /// Seeds in every hole at the start.
    #[arg(long, value_parser = clap::value_parser!(u8).range(i64::from(MIN_SEEDS)..=i64::from(MAX_SEEDS)))]
    pub seeds: Option<u8>,
    /// The rules: classic En Dodoi, or Cross-Endodoi (odd laps sown clockwise).
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
}

impl BoardArgs {
    /// Whether any board option was given.
    pub fn given(&self) -> bool {
        self.width.is_some() || self.seeds.is_some() || self.variant.is_some()
    }

    /// The board chosen, defaults filling the gaps.
    ///
    /// # Errors
    /// Never in practice: clap has checked the ranges.
    pub fn config(&self) -> Result<Config, ConfigError> {
        let default = Config::default();
        Config::new(
            self.width.unwrap_or(default.width()).into(),
            self.seeds.unwrap_or(default.seeds()).into(),
            self.variant.map_or(default.variant(), rules::Variant::from),
        )
    }
}

/// The variants, as the command line names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    /// En Dodoi: every lap counterclockwise.
    Classic,
    /// Cross-Endodoi: a lap of an odd number of seeds goes clockwise.
    Cross,
}

impl From<VariantArg> for rules::Variant {
    fn from(variant: VariantArg) -> rules::Variant {
        match variant {
            VariantArg::Classic => rules::Variant::Classic,
            VariantArg::Cross => rules::Variant::Cross,
        }
    }
}

/// Options of a game in the terminal.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The board.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Name of the player who starts in the South row (bottom; moves first).
    #[arg(long, value_name = "NAME")]
    pub south: Option<String>,
    /// Name of the player who starts in the North row (top).
    #[arg(long, value_name = "NAME")]
    pub north: Option<String>,
    /// Play a match: games until one player has N wins, changing rows after every game.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=99))]
    pub first_to: Option<u16>,
    /// Show moves at once instead of sowing them seed by seed.
    #[arg(long)]
    pub no_animation: bool,
    /// Draw with plain ASCII only: no box-drawing or dot glyphs.
    #[arg(long)]
    pub ascii: bool,
    /// Continue the last unfinished game (every move is saved as it is played).
    #[arg(long, conflicts_with_all = ["load", "width", "seeds", "variant"])]
    pub resume: bool,
    /// Continue the game of a record file (its tags set the board).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["width", "seeds", "variant"])]
    pub load: Option<PathBuf>,
    /// Write the game's record to FILE when the program exits, however it exits (and on `s`).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// What `endodoi replay` reads and how it shows it.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["file", "moves"]))]
pub struct ReplayArgs {
    /// The record to read; `-` reads standard input.
    pub file: Option<PathBuf>,
    /// A move list instead of a file, e.g. "A d C b" (with --width, --seeds, --variant).
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The board of a --moves list.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Print the final position as one JSON object.
    #[arg(long, conflicts_with = "print")]
    pub json: bool,
    /// Print the final position as a text diagram.
    #[arg(long)]
    pub print: bool,
}

/// Options of `endodoi bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// One JSON object per width instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn width_out_of_range_is_refused() {
        let error = Cli::try_parse_from(["endodoi", "--width", "11"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::ValueValidation);
    }
}
