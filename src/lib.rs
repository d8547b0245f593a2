//! En Dodoi, the Maasai two-row mancala: exact rules, game records and a
//! terminal front end.
//!
//! - [`rules`]: the game itself, pure and fast, and [`record`]: the text
//!   record of a game and its JSON state; both from the `endodoi-core`
//!   crate, which does no I/O; with [`clock`]: time controls and the
//!   players' clocks.
//! - [`search`]: the computer player's game-tree search (the
//!   `endodoi-engine` crate, which does no I/O either), and [`tablebase`]:
//!   perfect endgames, built backwards level by level (the
//!   `endodoi-tables` crate).
//! - [`diagram`]: a position as plain text; [`svg`](mod@svg): as a picture.
//! - [`protocol`]: the network protocol's messages and its state machine,
//!   with no I/O (the `endodoi-protocol` crate).
//! - [`app`]: the game's state on screen and what keys do, with no
//!   terminal, file or network (the `endodoi-app` crate).
//! - [`ui`]: drawing it (the `endodoi-draw` crate: ratatui widgets, no
//!   terminal).
//! - [`terminal`]: the event loop that runs it.
//! - [`options`]: what a game in the terminal is opened with.
//! - [`session`]: opening a game: new, `--resume`, `--load`, `--record`.
//! - [`save`]: autosave and saving on `s`; the saved games.
//! - [`settings`]: what is remembered between runs, in a TOML file.
//! - [`stats`]: each player's results in the saved games.
//! - [`table`]: the plain-text tables the commands print.
//! - [`file`](mod@file): reading and writing record files safely (the
//!   `endodoi-files` crate).
//! - [`cli`]: the command line.
//! - [`command`]: what each command does.
//! - [`bench`](mod@bench): the engine benchmark.
//! - [`engine`]: the line protocol of `endodoi engine`.
//! - [`analyze`]: judging every move of a record.
//! - [`arena`]: the strength benchmark.

pub mod analyze;
pub use endodoi_app as app;
pub mod arena;
pub mod bench;
pub mod cli;
pub mod command;
pub mod diagram;
pub mod engine;
pub use endodoi_files as file;
pub use endodoi_meet as meet;
pub mod net;
pub mod options;
pub mod puzzle;
pub use endodoi_core::{clock, record, rules};
pub use endodoi_protocol as protocol;
pub mod save;
pub use endodoi_engine as search;
pub mod session;
pub mod settings;
pub mod solve;
pub mod stats;
pub mod svg;
pub mod table;
pub use endodoi_tables as tablebase;
pub mod terminal;
pub use endodoi_draw as ui;
