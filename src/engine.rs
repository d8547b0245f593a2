//! The engine protocol of `endodoi engine`: a line protocol on standard input
//! and output, modelled on UCI, so that scripts and other front ends can
//! drive the search. `docs/engine-protocol.md` is its reference.
//!
//! The protocol is two layers: [`parse`] turns a line into a [`EngineRequest`] and
//! [`info_line`] / [`bestmove_line`] format the answers (pure functions, in
//! [`protocol`]); [`run`] carries out requests, searching on a thread of its
//! own so that `stop`, `isready` and `quit` are answered while it thinks. It
//! reads the lines, at most [`MAX_LINE_BYTES`] each, whatever bytes they hold.
//!
//! ```
//! use endodoi::engine::{EngineRequest, ProtocolError, parse};
//!
//! assert_eq!(parse("isready")?, Some(EngineRequest::IsReady));
//! assert!(matches!(
//!     parse("go sideways"),
//!     Err(ProtocolError::BadArgument { command: "go", .. })
//! ));
//! # Ok::<(), endodoi::engine::ProtocolError>(())
//! ```

pub mod protocol;

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{Scope, ScopedJoinHandle};

use crate::record::{Record, excerpt, terminal_safe};
use crate::rules::{Config, Game};
use crate::search::{Limits, Search};
use crate::tablebase::Shelf;
pub use protocol::{EngineRequest, MAX_LINE_BYTES, ProtocolError, bestmove_line, info_line, parse};

/// Whether to read on after a line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was read.
    Quit,
}

/// A search under way on its own thread.
struct Running<'scope> {
    stop: Arc<AtomicBool>,
    thread: ScopedJoinHandle<'scope, Search>,
}

/// The engine: the current position, the searcher, and the search under way
/// (a thread of `scope`).
struct Engine<'scope, 'env, W: Write + Send> {
    scope: &'scope Scope<'scope, 'env>,
    out: &'scope Mutex<W>,
    game: Game,
    search: Option<Search>,
    running: Option<Running<'scope>>,
    /// The tables of perfect endgames.
    shelf: Shelf,
}

impl<'scope, 'env, W: Write + Send> Engine<'scope, 'env, W> {
    /// An engine at the standard start, answering on `out`.
    fn new(scope: &'scope Scope<'scope, 'env>, out: &'scope Mutex<W>, shelf: Shelf) -> Self {
        Engine {
            scope,
            out,
            game: Game::new(Config::default()),
            search: Some(Search::new(Limits::default())),
            running: None,
            shelf,
        }
    }

    /// Carries out one line of input.
    fn handle(&mut self, line: &str) -> Flow {
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
    fn handle_bytes(&mut self, line: &[u8], length: u64) -> Flow {
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
    fn finish(&mut self) {
        self.stop();
    }

    fn carry_out(&mut self, request: EngineRequest) -> Flow {
        match request {
            EngineRequest::Position { config, moves } => {
                self.stop();
                match Record::read_moves(config, &moves) {
                    Ok(record) => self.set_game(record.game),
                    Err(error) => self.error(&format!("illegal move list: {error}")),
                }
            }
            EngineRequest::PositionRecord(path) => {
                self.stop();
                match read_record(&path) {
                    Ok(record) => self.set_game(record.game),
                    // The path is quoted short; the cause may name it again.
                    Err(error) => self.error(&format!(
                        "position record `{}`: {}",
                        excerpt(&path.to_string_lossy()),
                        error.root_cause()
                    )),
                }
            }
            EngineRequest::Go { limits } => self.go(limits),
            EngineRequest::Stop => self.stop(),
            EngineRequest::IsReady => self.say("readyok"),
            EngineRequest::Quit => {
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
        let (tables, problem) = self.shelf.tables(&self.game.config());
        if let Some(problem) = problem {
            say(self.out, &format!("info string tables: {problem}"));
        }
        search.set_tables(tables);
        let stop = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let out = self.out;
        let flag = Arc::clone(&stop);
        let thread = self.scope.spawn(move || {
            let result = search.run(&game, &flag, |info| say(out, &info_line(info)));
            say(out, &bestmove_line(result.best));
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
        say(self.out, line);
    }

    /// Answers `info string error MESSAGE`, with any control character that
    /// input brought into it escaped, so that the answer stays one line.
    fn error(&self, message: &str) {
        self.say(&format!("info string error {}", terminal_safe(message)));
    }
}

/// The record at `path` for `position record`: a regular file only, opened
/// without waiting (a FIFO or a device would stop the engine answering), and
/// never standard input, which is the protocol's own.
fn read_record(path: &std::path::Path) -> anyhow::Result<Record> {
    if path == std::path::Path::new("-") {
        anyhow::bail!("standard input is this protocol's own input: give the record's path");
    }
    let bytes = crate::file::read_regular(path)?;
    Ok(Record::read(&bytes)?)
}

/// Writes one line and flushes it; a closed output is not the engine's fault
/// to report anywhere, so write errors are dropped.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// Speaks the protocol: reads `input` line by line until `quit` or its end,
/// answering on `out`, the searches looking into the tables of `shelf`
/// (a problem with them is told once, as an `info string tables: …` line).
/// At the end of input, or when it fails, any search is
/// stopped and answers its `bestmove` first.
///
/// # Errors
/// When `input` cannot be read.
pub fn run(input: impl BufRead, out: impl Write + Send, shelf: Shelf) -> io::Result<()> {
    let out = Mutex::new(out);
    std::thread::scope(|scope| speak(input, &mut Engine::new(scope, &out, shelf)))
}

/// Hands `engine` the lines of `input` until `quit` or the input's end,
/// then stops any search.
fn speak<W: Write + Send>(
    mut input: impl BufRead,
    engine: &mut Engine<'_, '_, W>,
) -> io::Result<()> {
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
}
