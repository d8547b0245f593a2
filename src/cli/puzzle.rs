//! The options of `endodoi puzzle` and `endodoi puzzle generate`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{DrawArgs, EngineTablesArgs, between};
use crate::rules::{self, MAX_SEEDS, MAX_WIDTH, MIN_SEEDS, MIN_WIDTH};

/// Options of `endodoi puzzle`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PuzzleArgs {
    /// Make puzzles instead of solving them.
    #[command(subcommand)]
    pub action: Option<PuzzleCommand>,
    /// Open the daily puzzle: chosen from the date (UTC), the same for everyone.
    #[arg(long, conflicts_with = "id")]
    pub daily: bool,
    /// Open the puzzle numbered N of the shipped set.
    #[arg(long, value_name = "N")]
    pub id: Option<u32>,
    /// How the board is drawn.
    #[command(flatten)]
    pub draw: DrawArgs,
}

/// What `endodoi puzzle` does besides opening the puzzles.
#[derive(Debug, Subcommand)]
pub enum PuzzleCommand {
    /// Make a puzzle set: self-play at the engine's levels, every legal move of a position
    /// proven, positions where exactly one move keeps the best outcome kept (docs/puzzles.md).
    Generate(PuzzleGenerateArgs),
}

/// Options of `endodoi puzzle generate`.
#[derive(Debug, Args)]
pub struct PuzzleGenerateArgs {
    /// The set to write (one puzzle a line, rewritten after each puzzle found).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Keep the puzzles already in FILE and add to them.
    #[arg(long)]
    pub append: bool,
    /// Holes in each row.
    #[arg(long, default_value_t = rules::DEFAULT_WIDTH, value_parser = between::<u8>(i64::from(MIN_WIDTH), i64::from(MAX_WIDTH)))]
    pub width: u8,
    /// Seeds in each hole at the start.
    #[arg(long, default_value_t = rules::DEFAULT_SEEDS, value_parser = between::<u8>(i64::from(MIN_SEEDS), i64::from(MAX_SEEDS)))]
    pub seeds: u8,
    /// Games to play at most.
    #[arg(long, default_value_t = 1000, value_parser = between::<u32>(1, 10_000_000))]
    pub games: u32,
    /// Stop once this many puzzles are found.
    #[arg(long, default_value_t = 500, value_parser = between::<usize>(1, 10_000_000))]
    pub count: usize,
    /// Look for puzzles in these game records (the player's own saved games, say) instead
    /// of playing games: those of the board `--width` and `--seeds` give.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// The seed of the games: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds each legal move's proof may take.
    #[arg(long, value_name = "MS", default_value_t = 2000, value_parser = between::<u64>(1, 3_600_000))]
    pub budget: u64,
    /// Most puzzles taken from one game.
    #[arg(long, default_value_t = 3, value_parser = between::<usize>(1, 1000))]
    pub per_game: usize,
    /// The tables of perfect endgames.
    #[command(flatten)]
    pub tables: EngineTablesArgs,
    /// Build the missing levels of the tables first, without asking: up to N seeds, or
    /// those that build in about a minute here.
    #[arg(long, value_name = "N", num_args = 0..=1, conflicts_with = "no_tables", value_parser = between::<u8>(1, i64::from(crate::tablebase::MAX_TABLE_SEEDS)))]
    pub build_tables: Option<Option<u8>>,
}
