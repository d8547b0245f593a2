//! The integration tests: behaviour seen from outside, one module a subject.
//!
//! They are one test binary, not one a file: each binary links the whole
//! library and its dependencies, so one binary builds in a fraction of the
//! time. Run one subject with a filter: `cargo test --test it rules::`.
//!
//! They share this process: a test may not change what is process-wide (the
//! current directory, the environment, signal handlers, limits); a child
//! process gets its own (`Command::current_dir`, `env`, `prlimit`).

/// What several subjects share, in `tests/common/` (the benches use some of
/// it too).
#[path = "../common"]
mod common {
    pub mod ci;
    pub mod effects;
    pub mod files;
    pub mod in_process;
    pub mod keys;
    pub mod looped;
    pub mod mailbox;
    pub mod mouse;
    pub mod moves;
    pub mod page;
    pub mod peer;
    pub mod plain;
    pub mod prefixed;
    pub mod screen;
    pub mod snapshot;
    pub mod tables;
    pub mod tmux;
}

mod analysis_exact;
mod app;
mod architecture;
mod arena;
mod assist;
mod cli;
mod clock_faults;
mod clocks;
mod door;
mod ended;
mod endings;
mod endings_game;
mod endings_network;
mod engine;
mod files;
mod graph;
mod history;
mod lesson;
mod mailbox_faults;
mod network;
mod network_terminal;
mod proof;
mod puzzle;
mod readme;
mod record;
mod review;
mod rows;
mod rules;
mod saves;
mod search;
mod settings;
mod solve;
mod start;
mod stats;
mod svg;
mod tablebase;
mod tablebase_engine;
mod tablebase_store;
mod terminal;
mod ui;
mod viewer;
mod web;
mod web_files;
mod web_net;
mod web_play;
