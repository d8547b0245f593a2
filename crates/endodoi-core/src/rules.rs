//! The rules of En Dodoi: board state, relay sowing, capture and the end of the
//! game, exactly as `docs/rules.md` states them, house rules included.
//!
//! This module is pure: no terminal, no files, no clock. A [`Position`] is a
//! small `Copy` value that plays a move by copy-make ([`Position::child`],
//! [`Position::play`]) with no allocation and no record of laps; the laps of a
//! move are produced only when a caller asks for them ([`Position::report`]).
//! A [`Game`] holds the positions reached (with their Zobrist hashes, for the
//! repetition rule), the history (which is the game record) and the moves to
//! redo. Legality is found lazily: a candidate is sown when it is needed, and
//! remembered, so [`Game::legal_moves`], [`Game::first_legal`],
//! [`Game::is_legal`], [`Game::preview`] and [`Game::play`] read one
//! classification and share one legality test.
//!
//! ```
//! use endodoi_core::rules::{Config, Game, Hole, Side};
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
mod moves;
mod position;
mod sow;
mod zobrist;

pub use board::{BySide, Config, ConfigError, Direction, Hole, ParseHoleError, Side, Variant};
pub use game::{Game, Reached};
pub use moves::{Capture, EndReason, Lap, MoveError, MoveReport, Outcome, Played};
pub use position::{Child, Position};
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
