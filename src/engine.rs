//! The engine protocol of `endodoi engine`: a line protocol on standard input
//! and output, modelled on UCI, so that scripts and other front ends can
//! drive the search. `docs/engine-protocol.md` is its reference.
//!
//! The protocol is two layers: [`parse`] turns a line into a [`Request`] and
//! [`info_line`] / [`bestmove_line`] format the answers (pure functions); an
//! [`Engine`] carries out requests, searching on its own thread so that
//! `stop`, `isready` and `quit` are answered while it thinks.
//!
//! ```
//! use endodoi::engine::{Request, parse};
//!
//! assert_eq!(parse("isready")?, Some(Request::IsReady));
//! assert!(parse("go sideways").is_err());
//! # Ok::<(), endodoi::engine::ProtocolError>(())
//! ```

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::record::Record;
use crate::rules::{Config, Game, Hole};
use crate::search::{DEFAULT_THINK, Info, Level, Limits, MAX_DEPTH, Search};

/// One line of input, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Set up a position: a board and the moves played on it.
    Position {
        /// The board.
        config: Config,
        /// The moves from the start, as record movetext.
        moves: String,
    },
    /// Set up the position after a record file's last move.
    PositionRecord(PathBuf),
    /// Search the current position.
    Go {
        /// When to stop.
        limits: Limits,
    },
    /// Stop searching and answer `bestmove` at once.
    Stop,
    /// Answer `readyok`.
    IsReady,
    /// Stop any search and end.
    Quit,
}

/// A line the engine cannot carry out; it answers `info string error …` and
/// keeps running.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The first word is not a command.
    #[error("unknown command `{0}` (commands: position, go, stop, isready, quit)")]
    UnknownCommand(String),
    /// A command with a word or value it does not take.
    #[error("{command}: {reason}")]
    BadArgument {
        /// The command.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}

fn bad(command: &'static str, reason: impl Into<String>) -> ProtocolError {
    ProtocolError::BadArgument {
        command,
        reason: reason.into(),
    }
}

/// Reads one line of the protocol; `None` for a blank line.
///
/// # Errors
/// A [`ProtocolError`] naming the unknown command or the faulty argument.
pub fn parse(line: &str) -> Result<Option<Request>, ProtocolError> {
    let line = line.trim();
    let Some(command) = line.split_whitespace().next() else {
        return Ok(None);
    };
    let rest = line[command.len()..].trim_start();
    let request = match command {
        "position" => parse_position(rest)?,
        "go" => Request::Go {
            limits: parse_go(rest)?,
        },
        "stop" | "isready" | "quit" if !rest.is_empty() => {
            return Err(bad(
                match command {
                    "stop" => "stop",
                    "isready" => "isready",
                    _ => "quit",
                },
                format!("takes no arguments, not `{rest}`"),
            ));
        }
        "stop" => Request::Stop,
        "isready" => Request::IsReady,
        "quit" => Request::Quit,
        other => return Err(ProtocolError::UnknownCommand(other.to_owned())),
    };
    Ok(Some(request))
}

fn parse_position(rest: &str) -> Result<Request, ProtocolError> {
    if let Some(path) = rest.strip_prefix("record") {
        let path = path.trim();
        if path.is_empty() {
            return Err(bad("position", "`record` needs a file path"));
        }
        return Ok(Request::PositionRecord(PathBuf::from(path)));
    }
    let default = Config::default();
    let (mut width, mut seeds, mut variant) = (
        default.width().into(),
        default.seeds().into(),
        default.variant(),
    );
    let mut words = rest.split_whitespace();
    let mut moves = String::new();
    while let Some(word) = words.next() {
        match word {
            "width" | "seeds" => {
                let value = words
                    .next()
                    .ok_or_else(|| bad("position", format!("`{word}` needs a number")))?;
                let number = value.parse().map_err(|_| {
                    bad(
                        "position",
                        format!("`{word}` needs a number, not `{value}`"),
                    )
                })?;
                if word == "width" {
                    width = number;
                } else {
                    seeds = number;
                }
            }
            "variant" => {
                let word = words
                    .next()
                    .ok_or_else(|| bad("position", "`variant` needs `classic` or `cross`"))?;
                variant = word.parse().map_err(|_| {
                    bad(
                        "position",
                        format!("the variant is `classic` or `cross`, not `{word}`"),
                    )
                })?;
            }
            "startpos" => {}
            "moves" => {
                moves = words.by_ref().collect::<Vec<_>>().join(" ");
            }
            other => {
                return Err(bad(
                    "position",
                    format!(
                        "unknown word `{other}` (expected width, seeds, variant, moves or record)"
                    ),
                ));
            }
        }
    }
    let config =
        Config::new(width, seeds, variant).map_err(|error| bad("position", error.to_string()))?;
    Ok(Request::Position { config, moves })
}

fn parse_go(rest: &str) -> Result<Limits, ProtocolError> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        let mut number = |low: u64, high: u64| {
            let value = words
                .next()
                .ok_or_else(|| bad("go", format!("`{word}` needs a number")))?;
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| {
                    bad(
                        "go",
                        format!(
                            "`{word}` needs a whole number from {low} to {high}, not `{value}`"
                        ),
                    )
                })
        };
        match word {
            "movetime" => limits.movetime = Some(Duration::from_millis(number(1, 86_400_000)?)),
            "depth" => limits.depth = Some(number(1, u64::from(MAX_DEPTH))? as u32),
            "nodes" => limits.nodes = Some(number(1, u64::MAX)?),
            "level" => {
                let level = Level::new(number(1, 5)? as u8).expect("checked to be 1-5");
                limits = level.limits(limits.movetime.unwrap_or(DEFAULT_THINK));
            }
            "infinite" => infinite = true,
            other => {
                return Err(bad(
                    "go",
                    format!(
                        "unknown word `{other}` (expected movetime, depth, nodes, level or infinite)"
                    ),
                ));
            }
        }
    }
    if !infinite && limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
        limits.movetime = Some(DEFAULT_THINK);
    }
    Ok(limits)
}

/// The `info` line of a completed iteration:
/// `info depth D score S nodes N nps R time MS pv A d …`.
pub fn info_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(Hole::to_string).collect();
    format!(
        "info depth {} score {}{} nodes {} nps {} time {} pv {}",
        info.depth,
        if info.exact { "exact " } else { "" },
        info.score,
        info.nodes,
        info.nps(),
        info.elapsed.as_millis(),
        pv.join(" ")
    )
    .trim_end()
    .to_owned()
}

/// The answer to `go`: `bestmove X`, or `bestmove none` when the game is over.
pub fn bestmove_line(best: Option<Hole>) -> String {
    match best {
        Some(hole) => format!("bestmove {hole}"),
        None => "bestmove none".to_owned(),
    }
}

/// Whether to read on after a line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was read.
    Quit,
}

/// A search under way on its own thread.
struct Running {
    stop: Arc<AtomicBool>,
    bounded: bool,
    thread: JoinHandle<Search>,
}

/// The engine: the current position, the searcher, and the search under way.
pub struct Engine<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: Game,
    search: Option<Search>,
    running: Option<Running>,
}

impl<W: Write + Send + 'static> Engine<W> {
    /// An engine at the standard start, answering on `out`.
    pub fn new(out: W) -> Engine<W> {
        Engine {
            out: Arc::new(Mutex::new(out)),
            game: Game::new(Config::default()),
            search: Some(Search::new(Limits::default())),
            running: None,
        }
    }

    /// Carries out one line of input.
    pub fn handle(&mut self, line: &str) -> Flow {
        match parse(line) {
            Ok(None) => {}
            Ok(Some(request)) => return self.carry_out(request),
            Err(error) => self.say(&format!("info string error {error}")),
        }
        Flow::Continue
    }

    /// The input has ended: a search with a limit may finish (its `bestmove`
    /// is printed), an infinite one is stopped.
    pub fn finish(&mut self) {
        if let Some(running) = &self.running
            && !running.bounded
        {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.join();
    }

    fn carry_out(&mut self, request: Request) -> Flow {
        match request {
            Request::Position { config, moves } => {
                self.stop();
                match Record::read_moves(config, &moves) {
                    Ok(record) => self.set_game(record.game),
                    Err(error) => {
                        self.say(&format!("info string error illegal move list: {error}"));
                    }
                }
            }
            Request::PositionRecord(path) => {
                self.stop();
                match crate::save::read_record(&path) {
                    Ok(record) => self.set_game(record.game),
                    Err(error) => self.say(&format!("info string error {error:#}")),
                }
            }
            Request::Go { limits } => self.go(limits),
            Request::Stop => self.stop(),
            Request::IsReady => self.say("readyok"),
            Request::Quit => {
                self.stop();
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    fn set_game(&mut self, game: Game) {
        if game.config() != self.game.config()
            && let Some(search) = &mut self.search
        {
            search.clear();
        }
        self.game = game;
    }

    fn go(&mut self, limits: Limits) {
        self.stop();
        let mut search = self.search.take().unwrap_or_else(|| Search::new(limits));
        search.set_limits(limits);
        let stop = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let out = Arc::clone(&self.out);
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let result = search.run(&game, &flag, |info| say(&out, &info_line(info)));
            say(&out, &bestmove_line(result.best));
            search
        });
        self.running = Some(Running {
            stop,
            bounded: limits.depth.is_some() || limits.movetime.is_some() || limits.nodes.is_some(),
            thread,
        });
    }

    /// Stops the search under way, if any, once it has answered `bestmove`.
    fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.join();
    }

    fn join(&mut self) {
        if let Some(running) = self.running.take() {
            match running.thread.join() {
                Ok(search) => self.search = Some(search),
                Err(_) => self.say("info string error the search failed"),
            }
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }
}

/// Writes one line and flushes it; a closed output is not the engine's fault
/// to report anywhere, so write errors are dropped.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// Speaks the protocol: reads `input` line by line until `quit` or its end,
/// answering on `out`.
///
/// # Errors
/// When `input` cannot be read.
pub fn run<W: Write + Send + 'static>(input: impl BufRead, out: W) -> io::Result<()> {
    let mut engine = Engine::new(out);
    for line in input.lines() {
        if engine.handle(&line?) == Flow::Quit {
            return Ok(());
        }
    }
    engine.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn position_defaults_to_the_standard_board() {
        assert_eq!(
            parse("position"),
            Ok(Some(Request::Position {
                config: Config::default(),
                moves: String::new()
            }))
        );
    }

    #[test]
    fn position_reads_board_and_moves() {
        let config = Config::new(8, 5, Variant::Cross).expect("a legal board");
        assert_eq!(
            parse("position width 8 seeds 5 variant cross moves A d  C"),
            Ok(Some(Request::Position {
                config,
                moves: "A d C".to_owned()
            }))
        );
    }

    #[test]
    fn position_record_takes_the_rest_of_the_line_as_path() {
        assert_eq!(
            parse("position record games/my game.ogn"),
            Ok(Some(Request::PositionRecord(PathBuf::from(
                "games/my game.ogn"
            ))))
        );
    }

    #[test]
    fn bad_width_is_named() {
        let error = parse("position width 11").expect_err("11 is too wide");
        assert!(error.to_string().contains("11"), "{error}");
    }

    #[test]
    fn go_reads_its_limits() {
        assert_eq!(
            parse("go depth 5"),
            Ok(Some(Request::Go {
                limits: Limits::depth(5)
            }))
        );
        assert_eq!(
            parse("go movetime 250"),
            Ok(Some(Request::Go {
                limits: Limits::movetime(Duration::from_millis(250))
            }))
        );
        assert_eq!(
            parse("go"),
            Ok(Some(Request::Go {
                limits: Limits::movetime(DEFAULT_THINK)
            }))
        );
        assert_eq!(
            parse("go infinite"),
            Ok(Some(Request::Go {
                limits: Limits::infinite()
            }))
        );
    }

    #[test]
    fn go_refuses_a_depth_of_zero() {
        assert!(parse("go depth 0").is_err());
        assert!(parse("go depth").is_err());
    }

    #[test]
    fn unknown_command_is_named() {
        assert_eq!(
            parse("fly away"),
            Err(ProtocolError::UnknownCommand("fly".to_owned()))
        );
    }

    #[test]
    fn blank_lines_are_ignored() {
        assert_eq!(parse("   "), Ok(None));
    }

    #[test]
    fn bestmove_names_the_hole_or_none() {
        assert_eq!(bestmove_line("C".parse().ok()), "bestmove C");
        assert_eq!(bestmove_line(None), "bestmove none");
    }
}
