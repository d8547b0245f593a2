//! The core of En Dodoi: the rules, pure and fast, and the text record of
//! a game with its JSON state. No file, terminal, system clock or network:
//! the compiler keeps it so, for this crate depends on nothing that does
//! I/O.
//!
//! - [`rules`]: the game itself.
//! - [`record`]: the text record of a game, and its JSON state.
//! - [`clock`]: time controls and the players' clocks, the time handed in.

pub mod clock;
pub mod record;
pub mod rules;
