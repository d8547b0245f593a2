//! The rules of En Dodoi: board state, relay sowing, capture and the end of the
//! game, exactly as `docs/rules.md` states them, house rules included.
//!
//! This module is pure: no terminal, no files, no clock. A [`Game`] holds the
//! position, the history (which is the game record) and, for the player to
//! move, every candidate sowing already simulated, so that [`Game::legal_moves`],
//! [`Game::is_legal`], [`Game::preview`] and [`Game::play`] all read one
//! classification and no sowing is ever simulated twice.
//!
//! ```
//! use endodoi::rules::{Config, Game, Hole, Side};
//!
//! let mut game = Game::new(Config::default());
//! let report = game.play("A".parse()?)?;
//! assert_eq!(report.laps.len(), 5);
//! assert_eq!(report.capture.map(|c| c.seeds), Some(2));
//! assert_eq!(game.to_move(), Some(Side::North));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod game;
mod sow;

pub use board::{
    BySide, Config, ConfigError, Direction, Hole, ParseHoleError, Position, Side, Variant,
};
pub use game::{Capture, EndReason, Game, Lap, MoveError, MoveReport, Outcome, Played};
pub use sow::Endless;

/// The narrowest board: holes in a row.
pub const MIN_WIDTH: u8 = 6;
/// The widest board: holes in a row.
pub const MAX_WIDTH: u8 = 10;
/// The board width when none is chosen.
pub const DEFAULT_WIDTH: u8 = 6;
/// The fewest seeds a hole may start with.
pub const MIN_SEEDS: u8 = 3;
/// The most seeds a hole may start with.
pub const MAX_SEEDS: u8 = 6;
/// Seeds per hole at the start when none is chosen.
pub const DEFAULT_SEEDS: u8 = 4;
/// A sowing that has not ended within this many laps (the sowing from the
/// chosen hole is lap 1) is endless, and the move that starts it is not legal.
pub const LAP_LIMIT: u32 = 10_000;
/// The most seeds a position built with [`Position::from_rows`] may hold, so
/// that no hole can overflow while sowing.
pub const MAX_SEEDS_ON_BOARD: u32 = 240;
