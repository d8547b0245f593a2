//! The engine protocol of `endodoi engine`: a line protocol on standard input
//! and output, modelled on UCI, so that scripts and other front ends can
//! drive the search. `docs/engine-protocol.md` is its reference.
//!
//! The protocol is two layers: [`parse`] turns a line into a [`Request`] and
//! [`info_line`] / [`bestmove_line`] format the answers (pure functions); an
//! [`Engine`] carries out requests, searching on its own thread so that
//! `stop`, `isready` and `quit` are answered while it thinks. [`run`] reads
//! the lines, at most [`MAX_LINE_BYTES`] each, whatever bytes they hold.
//!
//! ```
//! use endodoi::engine::{ProtocolError, Request, parse};
//!
//! assert_eq!(parse("isready")?, Some(Request::IsReady));
//! assert!(matches!(
//!     parse("go sideways"),
//!     Err(ProtocolError::BadArgument { command: "go", .. })
//! ));
//! # Ok::<(), endodoi::engine::ProtocolError>(())
//! ```

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::record::{Record, escaped, excerpt};
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

/// The longest line the engine reads, in bytes, its line break not counted.
/// A longer line is skipped without being kept whole, and answered with an
/// error.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// A line the engine cannot carry out; it answers `info string error …` and
/// keeps running. Input is quoted as [`excerpt`] quotes it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The first word is not a command.
    #[error("unknown command `{0}` (commands: position, go, stop, isready, quit)")]
    UnknownCommand(String),
    /// A line that is not UTF-8 text.
    #[error("the line is not valid UTF-8 text: `{0}`")]
    NotUtf8(String),
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error(
        "the line is {length} bytes long, more than the {MAX_LINE_BYTES} a line may hold; it starts `{start}`"
    )]
    LineTooLong {
        /// The line's length in bytes.
        length: u64,
        /// Its start.
        start: String,
    },
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
                format!("takes no arguments, not `{}`", excerpt(rest)),
            ));
        }
        "stop" => Request::Stop,
        "isready" => Request::IsReady,
        "quit" => Request::Quit,
        other => return Err(ProtocolError::UnknownCommand(excerpt(other))),
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
                    let reason = if value.bytes().all(|b| b.is_ascii_digit()) {
                        "too large a number"
                    } else {
                        "not a number"
                    };
                    bad(
                        "position",
                        format!("`{word}` needs a number: `{}` is {reason}", excerpt(value)),
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
                        format!(
                            "the variant is `classic` or `cross`, not `{}`",
                            excerpt(word)
                        ),
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
                        "unknown word `{}` (expected width, seeds, variant, moves or record)",
                        excerpt(other)
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
                            "`{word}` needs a whole number from {low} to {high}, not `{}`",
                            excerpt(value)
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
                        "unknown word `{}` (expected movetime, depth, nodes, level or infinite)",
                        excerpt(other)
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
            Err(error) => self.error(&error.to_string()),
        }
        Flow::Continue
    }

    /// Carries out one line of input as read: `line` holds its first
    /// [`MAX_LINE_BYTES`] bytes at most, `length` is how long it was. A line
    /// too long or not UTF-8 is answered with an error and skipped.
    pub fn handle_bytes(&mut self, line: &[u8], length: u64) -> Flow {
        let quoted = || excerpt(&String::from_utf8_lossy(line));
        let error = if length > MAX_LINE_BYTES as u64 {
            ProtocolError::LineTooLong {
                length,
                start: quoted(),
            }
        } else {
            match std::str::from_utf8(line) {
                Ok(text) => return self.handle(text),
                Err(_) => ProtocolError::NotUtf8(quoted()),
            }
        };
        self.error(&error.to_string());
        Flow::Continue
    }

    /// The input has ended: any search is stopped (its `bestmove` is printed).
    pub fn finish(&mut self) {
        self.stop();
    }

    fn carry_out(&mut self, request: Request) -> Flow {
        match request {
            Request::Position { config, moves } => {
                self.stop();
                match Record::read_moves(config, &moves) {
                    Ok(record) => self.set_game(record.game),
                    Err(error) => self.error(&format!("illegal move list: {error}")),
                }
            }
            Request::PositionRecord(path) => {
                self.stop();
                match crate::save::read_record(&path) {
                    Ok(record) => self.set_game(record.game),
                    // The path is quoted short; the cause may name it again.
                    Err(error) => self.error(&format!(
                        "position record `{}`: {}",
                        excerpt(&path.to_string_lossy()),
                        error.root_cause()
                    )),
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
        self.running = Some(Running { stop, thread });
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
            if let Ok(search) = running.thread.join() {
                self.search = Some(search);
            } else {
                // Every `go` gets its `bestmove`, even from a failed search.
                self.error("the search failed");
                self.say(&bestmove_line(self.game.legal_moves().next()));
            }
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Answers `info string error MESSAGE`, with any control character that
    /// input brought into it escaped, so that the answer stays one line.
    fn error(&self, message: &str) {
        self.say(&format!("info string error {}", escaped(message)));
    }
}

/// Writes one line and flushes it; a closed output is not the engine's fault
/// to report anywhere, so write errors are dropped.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// Speaks the protocol: reads `input` line by line until `quit` or its end,
/// answering on `out`. At the end of input, or when it fails, any search is
/// stopped and answers its `bestmove` first.
///
/// # Errors
/// When `input` cannot be read.
pub fn run<W: Write + Send + 'static>(mut input: impl BufRead, out: W) -> io::Result<()> {
    let mut engine = Engine::new(out);
    let mut line = Vec::new();
    loop {
        match read_line(&mut input, &mut line) {
            Ok(Some(length)) => {
                if engine.handle_bytes(&line, length) == Flow::Quit {
                    return Ok(());
                }
            }
            Ok(None) => break,
            Err(error) => {
                engine.finish();
                return Err(error);
            }
        }
    }
    engine.finish();
    Ok(())
}

/// Reads the next line into `line`, without its line break, keeping at most
/// [`MAX_LINE_BYTES`] of it however long it is; returns its whole length, or
/// `None` at the end of input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<u64>> {
    line.clear();
    let mut length: u64 = 0;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok((length > 0).then_some(length));
        }
        let end = buffer.iter().position(|&byte| byte == b'\n');
        let part = &buffer[..end.unwrap_or(buffer.len())];
        let room = MAX_LINE_BYTES.saturating_sub(line.len()).min(part.len());
        line.extend_from_slice(&part[..room]);
        length += part.len() as u64;
        let used = part.len() + usize::from(end.is_some());
        input.consume(used);
        if end.is_some() {
            return Ok(Some(length));
        }
    }
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
        assert_eq!(
            parse("go depth 0"),
            Err(ProtocolError::BadArgument {
                command: "go",
                reason: format!("`depth` needs a whole number from 1 to {MAX_DEPTH}, not `0`"),
            })
        );
        assert_eq!(
            parse("go depth"),
            Err(ProtocolError::BadArgument {
                command: "go",
                reason: "`depth` needs a number".to_owned(),
            })
        );
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
    fn a_number_too_large_is_named_as_such() {
        assert_eq!(
            parse("position width 99999999999"),
            Err(bad(
                "position",
                "`width` needs a number: `99999999999` is too large a number"
            ))
        );
        assert_eq!(
            parse("position seeds four"),
            Err(bad(
                "position",
                "`seeds` needs a number: `four` is not a number"
            ))
        );
    }

    #[test]
    fn read_line_keeps_at_most_the_cap_and_counts_the_whole_line() {
        let long = MAX_LINE_BYTES * 3 + 5;
        let mut bytes = vec![b'x'; long];
        bytes.extend_from_slice(b"\nisready\n\nlast");
        // A small buffer, so that lines arrive in many pieces.
        let mut input = io::BufReader::with_capacity(7, bytes.as_slice());
        let mut line = Vec::new();
        let mut next = || read_line(&mut input, &mut line).map(|length| (length, line.clone()));
        assert_eq!(
            next().expect("read"),
            (Some(long as u64), vec![b'x'; MAX_LINE_BYTES])
        );
        assert_eq!(next().expect("read"), (Some(7), b"isready".to_vec()));
        assert_eq!(next().expect("read"), (Some(0), Vec::new()));
        assert_eq!(next().expect("read"), (Some(4), b"last".to_vec()));
        assert_eq!(next().expect("read"), (None, Vec::new()));
    }

    #[test]
    fn bestmove_names_the_hole_or_none() {
        assert_eq!(bestmove_line("C".parse().ok()), "bestmove C");
        assert_eq!(bestmove_line(None), "bestmove none");
    }
}
