//! Engines in child processes: another program (or another build of this one,
//! `endodoi engine`) that speaks the engine protocol of
//! `docs/engine-protocol.md` on its standard input and output.
//!
//! Each engine runs in a process group of its own, so that stopping it also
//! stops whatever it started (a shell script's `sleep`); [`stop_all_and_exit`] stops
//! every engine still running, for a signal handler. Whatever an engine does
//! wrong — it cannot be started, exits, answers too late, sends a line the
//! protocol has not got, or an error — is a [`Fault`], never a panic.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt as _;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process_group};

use crate::engine::{EngineRequest, parse};
use crate::record::terminal_safe;
use crate::rules::Game;

/// The longest line an engine may send, in bytes: a longer one is garbage.
pub const MAX_LINE: usize = 4096;
/// How long an engine may take to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(100);

/// An engine to run: its command line and what it is told for every move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line as given, which also names the engine.
    pub label: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The limits sent with every `go`, e.g. `movetime 150` or `depth 8`.
    pub go: String,
    /// How long an answer may be late beyond the `go` limit's `movetime`
    /// (the whole wait when the limit has no time).
    pub grace: Duration,
    /// The `movetime` of `go`, if any.
    movetime: Option<Duration>,
}

/// A faulty `--engine` or `--engine-go`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// An empty command line.
    #[error("--engine needs a command, not an empty string")]
    NoCommand,
    /// More `--engine-go` than `--engine`.
    #[error("{limits} --engine-go for {engines} --engine: give one for all, or one for each")]
    TooManyLimits {
        /// The engines given.
        engines: usize,
        /// The limits given.
        limits: usize,
    },
    /// Limits the protocol does not take.
    #[error("--engine-go `{go}`: {reason}")]
    Go {
        /// The limits given.
        go: String,
        /// What is wrong with them.
        reason: String,
    },
}

impl EngineSpec {
    /// The engine run by `command_line` (the program, then its arguments,
    /// split at white space), told `go GO` for every move.
    ///
    /// # Errors
    /// An empty command line, or limits that `go` does not take or that never
    /// end (`infinite`).
    pub fn new(command_line: &str, go: &str, grace: Duration) -> Result<EngineSpec, SpecError> {
        let command: Vec<String> = command_line.split_whitespace().map(str::to_owned).collect();
        if command.is_empty() {
            return Err(SpecError::NoCommand);
        }
        let go = go.split_whitespace().collect::<Vec<_>>().join(" ");
        let bad = |reason: String| SpecError::Go {
            go: go.clone(),
            reason,
        };
        let limits = match parse(&format!("go {go}")) {
            Ok(Some(EngineRequest::Go { limits })) => limits,
            Ok(_) => return Err(bad("not limits of `go`".to_owned())),
            Err(error) => return Err(bad(error.to_string())),
        };
        if limits.movetime.is_none() && limits.depth.is_none() && limits.nodes.is_none() {
            return Err(bad(
                "the arena needs a search that ends (movetime, depth, nodes or level)".to_owned(),
            ));
        }
        Ok(EngineSpec {
            label: command.join(" "),
            command,
            go,
            grace,
            movetime: limits.movetime,
        })
    }

    /// How long an answer to `go` may take.
    fn deadline(&self) -> Duration {
        self.movetime.unwrap_or_default() + self.grace
    }
}

/// What an engine did wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The program could not be run.
    #[error("cannot be started: {0}")]
    Start(String),
    /// The program ended (or closed its output) before answering.
    #[error("{}{}", ended(.status.as_ref()), last_words(.stderr.as_ref()))]
    Exited {
        /// How it ended; `None` if it still runs, its output closed.
        status: Option<String>,
        /// Its last line on standard error, if any.
        stderr: Option<String>,
    },
    /// No answer in time.
    #[error("sent no `{awaited}` within {} ms", .waited.as_millis())]
    TimedOut {
        /// The answer awaited.
        awaited: &'static str,
        /// How long it was awaited.
        waited: Duration,
    },
    /// A line that is no answer of the protocol.
    #[error("sent {0}, which is not an answer of the engine protocol")]
    Garbage(String),
    /// The engine reported an error (`info string error …`).
    #[error("reported an error: {0}")]
    Refused(String),
    /// `bestmove` named something that is not a legal move.
    #[error("answered `bestmove {answer}`, which is not a legal move: {reason}")]
    Illegal {
        /// The word after `bestmove`.
        answer: String,
        /// Why it is not a legal move.
        reason: String,
    },
    /// The built-in search found no move in a game not over (a bug).
    #[error("found no move in a game that is not over")]
    NoMove,
}

fn ended(status: Option<&String>) -> String {
    status.map_or_else(
        || "closed its output before answering".to_owned(),
        |status| format!("exited before answering ({status})"),
    )
}

fn last_words(stderr: Option<&String>) -> String {
    stderr.map_or_else(String::new, |line| {
        format!("; its last words on standard error: `{line}`")
    })
}

/// What the reader of an engine's output passes on.
enum Incoming {
    /// One line, without its end.
    Line(String),
    /// Something that is not a line of text: the reader stops.
    Garbage(String),
    /// The end of the output.
    End,
}

/// The process groups of the engines running, for [`stop_all_and_exit`].
static RUNNING: Mutex<Vec<Pid>> = Mutex::new(Vec::new());

/// Kills every engine still running (and whatever each started), then ends
/// the program with `status`: what a signal handler does. No engine can start
/// meanwhile.
pub fn stop_all_and_exit(status: i32) -> ! {
    let running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
    for &group in running.iter() {
        kill_group(group);
    }
    std::process::exit(status)
}

fn kill_group(group: Pid) {
    // An engine that has already gone is fine.
    let _ = kill_process_group(group, Signal::KILL);
}

/// A running engine.
pub struct RunningEngine<'spec> {
    spec: &'spec EngineSpec,
    child: Child,
    group: Pid,
    /// Lines for the engine's input, written by a thread of their own: an
    /// engine that stops reading can never block the game.
    input: Option<mpsc::Sender<String>>,
    lines: Receiver<Incoming>,
    stderr: Arc<Mutex<Option<String>>>,
    stderr_reader: Option<JoinHandle<()>>,
}

impl<'spec> RunningEngine<'spec> {
    /// Starts the engine of `spec` and waits for its `readyok`.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that cannot be run or does not answer `isready`.
    pub fn start(spec: &'spec EngineSpec) -> Result<RunningEngine<'spec>, Fault> {
        let mut command = Command::new(&spec.command[0]);
        command
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let mut child = {
            let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
            let child = command
                .spawn()
                .map_err(|error| Fault::Start(error.to_string()))?;
            running.push(Pid::from_child(&child));
            child
        };
        let group = Pid::from_child(&child);
        let (sender, lines) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            std::thread::spawn(move || read_lines(stdout, &sender));
        }
        let stderr = Arc::new(Mutex::new(None));
        let stderr_reader = child.stderr.take().map(|output| {
            let last = Arc::clone(&stderr);
            std::thread::spawn(move || keep_last_line(output, &last))
        });
        let mut engine = RunningEngine {
            spec,
            input: child.stdin.take().map(write_lines),
            child,
            group,
            lines,
            stderr,
            stderr_reader,
        };
        engine.send("isready")?;
        engine.await_answer("readyok", spec.grace)?;
        Ok(engine)
    }

    /// The engine's move in `game`: the word after `bestmove`.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that does not answer in time or in the protocol.
    pub fn best_move(&mut self, game: &Game) -> Result<String, Fault> {
        let config = game.config();
        let moves: Vec<String> = game
            .history()
            .iter()
            .map(|played| played.hole.to_string())
            .collect();
        self.send(&format!(
            "position width {} seeds {} variant {} moves {}",
            config.width(),
            config.seeds(),
            config.variant().name(),
            moves.join(" ")
        ))?;
        self.send(&format!("go {}", self.spec.go))?;
        self.await_answer("bestmove", self.spec.deadline())
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let sent = self
            .input
            .as_ref()
            .is_some_and(|input| input.send(line.to_owned()).is_ok());
        if sent { Ok(()) } else { Err(self.exited()) }
    }

    /// Reads lines until one starts with `awaited`; returns the rest of it.
    fn await_answer(&mut self, awaited: &'static str, waited: Duration) -> Result<String, Fault> {
        let deadline = Instant::now() + waited;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Incoming::Line(line)) => line,
                Ok(Incoming::Garbage(what)) => return Err(Fault::Garbage(what)),
                Ok(Incoming::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.exited());
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::TimedOut { awaited, waited });
                }
            };
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some(word), _) if word == awaited => {
                    return Ok(words_after(&line, awaited));
                }
                (Some("info"), Some("string")) if words.next() == Some("error") => {
                    return Err(Fault::Refused(shorten(
                        &words.collect::<Vec<_>>().join(" "),
                    )));
                }
                (None | Some("info" | "readyok" | "bestmove"), _) => {}
                _ => return Err(Fault::Garbage(format!("`{}`", shorten(&line)))),
            }
        }
    }

    /// The fault of an engine whose input or output has closed: how it ended.
    fn exited(&mut self) -> Fault {
        // Its output closes as it exits: give it a moment to be gone, and
        // its last words on standard error a moment to be read.
        let deadline = Instant::now() + QUIT_GRACE;
        while self
            .stderr_reader
            .as_ref()
            .is_some_and(|reader| !reader.is_finished())
            && Instant::now() < deadline
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status.to_string()),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Ok(None) => break None,
                Err(error) => break Some(error.to_string()),
            }
        };
        Fault::Exited {
            status,
            stderr: self
                .stderr
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone(),
        }
    }
}

impl Drop for RunningEngine<'_> {
    /// Says `quit`, gives the engine a moment to go, then kills its process
    /// group and reaps it.
    fn drop(&mut self) {
        if let Some(input) = self.input.take() {
            let _ = input.send("quit".to_owned());
        }
        let deadline = Instant::now() + QUIT_GRACE;
        while let Ok(incoming) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            if matches!(incoming, Incoming::End | Incoming::Garbage(_)) {
                break;
            }
        }
        let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
        // The group is killed while its leader is not yet reaped, so its
        // number cannot have been given to another process.
        kill_group(self.group);
        let _ = self.child.wait();
        running.retain(|&group| group != self.group);
    }
}

impl fmt::Debug for RunningEngine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("label", &self.spec.label)
            .field("pid", &self.group)
            .finish_non_exhaustive()
    }
}

/// The words of `line` after its first, `first`.
fn words_after(line: &str, first: &str) -> String {
    line.trim_start()[first.len()..].trim().to_owned()
}

/// At most 80 characters of an engine's `line`, for a message, escaped as
/// [`terminal_safe`] shows it.
fn shorten(line: &str) -> String {
    match line.char_indices().nth(80) {
        Some((end, _)) => format!("{}…", terminal_safe(&line[..end])),
        None => terminal_safe(line),
    }
}

/// Starts a thread that writes the lines it is sent to `stdin`, until the
/// sender is dropped or the engine's input closes.
fn write_lines(mut stdin: ChildStdin) -> mpsc::Sender<String> {
    let (sender, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in lines {
            if writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .is_err()
            {
                return;
            }
        }
    });
    sender
}

/// Passes on the lines of an engine's output until it ends, or until a line
/// is too long or not UTF-8.
fn read_lines(output: impl Read, sender: &mpsc::Sender<Incoming>) {
    let mut reader = BufReader::new(output);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let limit = (MAX_LINE + 1) as u64;
        let incoming = match reader.by_ref().take(limit).read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => Incoming::End,
            Ok(_) if buffer.len() > MAX_LINE => {
                Incoming::Garbage(format!("a line longer than {MAX_LINE} bytes"))
            }
            Ok(_) => match String::from_utf8(std::mem::take(&mut buffer)) {
                Ok(line) => Incoming::Line(line.trim_end_matches(['\n', '\r']).to_owned()),
                Err(_) => Incoming::Garbage("a line that is not UTF-8 text".to_owned()),
            },
        };
        let last = !matches!(incoming, Incoming::Line(_));
        if sender.send(incoming).is_err() || last {
            return;
        }
    }
}

/// Keeps the last non-blank line of an engine's standard error in `last`.
fn keep_last_line(output: impl Read, last: &Mutex<Option<String>>) {
    let mut reader = BufReader::new(output);
    let mut buffer = Vec::new();
    let limit = MAX_LINE as u64;
    while let Ok(read) = reader.by_ref().take(limit).read_until(b'\n', &mut buffer) {
        if read == 0 {
            return;
        }
        let line = String::from_utf8_lossy(&buffer);
        let line = line.trim();
        if !line.is_empty() {
            *last.lock().unwrap_or_else(PoisonError::into_inner) = Some(shorten(line));
        }
        buffer.clear();
    }
}
