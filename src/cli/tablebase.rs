//! The options of `endodoi tablebase build` and `endodoi tablebase probe`.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::between;
use crate::rules::{self, MAX_WIDTH, MIN_WIDTH};
use crate::tablebase::MAX_TABLE_SEEDS;

/// What `endodoi tablebase` does.
#[derive(Debug, Subcommand)]
pub enum TablebaseCommand {
    /// Build the tables level by level (a level already there is kept, so an interrupted
    /// build resumes); the time, memory and disk it needs are told before it starts.
    Build(TablebaseBuildArgs),
    /// The value of a position for the player to move, whether it is exact, and the best moves.
    Probe(TablebaseProbeArgs),
}

/// Where the tables are, and their width.
#[derive(Debug, Clone, Args)]
pub struct TablesArgs {
    /// Holes in each row.
    #[arg(long, default_value_t = rules::DEFAULT_WIDTH, value_parser = between::<u8>(i64::from(MIN_WIDTH), i64::from(MAX_WIDTH)))]
    pub width: u8,
    /// The folder of the tables (default: `tablebase` in the data folder).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Which tables of perfect endgames a search looks into.
#[derive(Debug, Clone, Default, Args)]
pub struct EngineTablesArgs {
    /// The folder of the tables of perfect endgames the search looks into (default:
    /// `tablebase` in the data folder, when it is there).
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Search without the tables of perfect endgames.
    #[arg(long, conflicts_with = "tables")]
    pub no_tables: bool,
}

impl EngineTablesArgs {
    /// The tables these options choose.
    pub fn shelf(&self) -> crate::tablebase::Shelf {
        match (&self.tables, self.no_tables) {
            (_, true) => crate::tablebase::Shelf::new(None),
            (Some(dir), false) => crate::tablebase::Shelf::named(dir.clone()),
            (None, false) => crate::tablebase::Shelf::installed(),
        }
    }
}

/// Options of `endodoi tablebase build`.
#[derive(Debug, Args)]
pub struct TablebaseBuildArgs {
    /// Width and folder.
    #[command(flatten)]
    pub tables: TablesArgs,
    /// The most seeds on a board in the tables.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = between::<u8>(0, i64::from(MAX_TABLE_SEEDS)))]
    pub max_seeds: u8,
    /// Threads to build with (default: one a processor).
    #[arg(long, value_name = "T", value_parser = between::<u16>(1, 1024))]
    pub threads: Option<u16>,
    /// The most memory the build may take, in GiB: the links it keeps
    /// between sweeps fill what the levels leave of it (never more than the
    /// memory available).
    #[arg(long = "memory", value_name = "GIB", default_value = "3.5", value_parser = parse_gib)]
    pub memory_bytes: u64,
}

/// A memory limit given in GiB (a number from a quarter to 1,024), in
/// bytes.
#[expect(
    clippy::cast_sign_loss,
    clippy::cast_possible_truncation,
    reason = "the GiB are checked to lie between 0.25 and 1024 first"
)]
fn parse_gib(text: &str) -> Result<u64, String> {
    match text.parse::<f64>() {
        Ok(gib) if (0.25..=1024.0).contains(&gib) => Ok((gib * f64::from(1_u32 << 30)) as u64),
        _ => Err(format!("`{text}` is not a number of GiB from 0.25 to 1024")),
    }
}

/// Options of `endodoi tablebase probe`.
#[derive(Debug, Args)]
pub struct TablebaseProbeArgs {
    /// Width and folder.
    #[command(flatten)]
    pub tables: TablesArgs,
    /// The seeds in every hole: South's row from A, a slash, North's row from a,
    /// e.g. "0 0 1 2 0 0 / 1 0 0 0 0 3".
    #[arg(long, value_name = "A B … / a b …")]
    pub pits: String,
    /// The player to move.
    #[arg(long, value_enum)]
    pub to_move: SideArg,
    /// Print `{"value": V, "exact": true|false, "best": ["C", …]}`.
    #[arg(long)]
    pub json: bool,
}

/// A player, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// South: the bottom row, holes A….
    South,
    /// North: the top row, holes a….
    North,
}

impl From<SideArg> for rules::Side {
    fn from(side: SideArg) -> rules::Side {
        match side {
            SideArg::South => rules::Side::South,
            SideArg::North => rules::Side::North,
        }
    }
}
