//! The commands of `endodoi`, one module each: they write to any
//! [`Write`] (standard output and error in the binary, buffers in tests) and
//! return a `Result`; [`status`] turns that into the exit status, in one
//! place. `main` only parses the command line and hands over.

use std::fmt;
use std::io::Write;

use anyhow::{Context as _, Result};

use crate::cli::{Cli, Command};
use crate::record::terminal_safe;

/// `writeln!` to a command's output, flushed, as [`emit`] writes.
macro_rules! out {
    ($out:expr, $($arg:tt)*) => {
        $crate::command::emit($out, format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub mod analyze;
pub mod arena;
pub mod bench;
pub mod games;
pub mod learn;
pub mod net;
pub mod play;
pub mod puzzle;
pub mod replay;
pub mod solve;
pub mod stats;
pub mod tablebase;
mod tables_needed;

/// Where a command writes.
#[derive(Debug)]
pub struct Console<O, E> {
    /// Standard output: what the command was asked for.
    pub out: O,
    /// Standard error: warnings, and the error [`status`] reports.
    pub err: E,
    /// Whether `out` is a terminal: `replay` then opens its viewer.
    pub terminal: bool,
    /// Whether a question may be put on `err` and its answer read from
    /// standard input: both are terminals (`solve` then offers to build
    /// the tables it lacks).
    pub ask: bool,
}

/// The exit status when standard output's reader has gone away: 128 +
/// SIGPIPE, as the shell reports it for other programs.
const EXIT_CLOSED_PIPE: u8 = 141;

/// The exit status of a command line that cannot be read.
const EXIT_USAGE: u8 = 2;

/// Runs the command `cli` asks for; returns its exit status.
///
/// # Errors
/// Whatever the command cannot do, for [`status`] to report.
pub fn run(cli: Cli, console: &mut Console<impl Write + Send, impl Write>) -> Result<u8> {
    match cli.command {
        Some(Command::Replay(args)) => replay::run(&args, console),
        Some(Command::Bench(args)) => bench::run(&args, &mut console.out).map(|()| 0),
        Some(Command::Engine(args)) => crate::engine::run(
            std::io::stdin().lock(),
            &mut console.out,
            args.tables.shelf(),
        )
        .context("reading standard input")
        .map(|()| 0),
        Some(Command::Analyze(args)) => analyze::run(&args, console).map(|()| 0),
        Some(Command::Arena(args)) => {
            arena::run(&args, &mut console.out, &mut console.err).map(|()| 0)
        }
        Some(Command::Games) => games::run(&mut console.out).map(|()| 0),
        Some(Command::Stats(args)) => stats::run(&args, &mut console.out).map(|()| 0),
        Some(Command::Learn(args)) => learn::run(&args, console),
        Some(Command::Host(args)) => net::host(&args, console),
        Some(Command::Join(args)) => net::join(&args, console),
        Some(Command::Tablebase(action)) => tablebase::run(&action, console).map(|()| 0),
        Some(Command::Solve(args)) => solve::run(&args, console).map(|()| 0),
        Some(Command::Puzzle(args)) => puzzle::run(&args, console),
        None => play::run(&cli.play, console),
    }
}

/// The exit status of a command that ended with `result`: its own status;
/// after an error, 1 once the error is told on `err` in one line; quietly
/// 141 when the output's reader has gone away (`endodoi bench | head`), as
/// a closed pipe ends other command-line tools.
pub fn status(result: Result<u8>, err: &mut impl Write) -> u8 {
    match result {
        Ok(status) => status,
        Err(error) if closed_pipe(&error) => EXIT_CLOSED_PIPE,
        Err(error) => {
            warn(err, &format!("{error:#}"));
            1
        }
    }
}

/// The exit status of a command line that cannot be read (2), once `error`
/// is told on `err` as one paragraph: clap's lines joined, without the usage
/// block and the "for more information" hint.
pub fn refused(error: &clap::Error, err: &mut impl Write) -> u8 {
    let _ = writeln!(err, "endodoi: {} (see endodoi --help)", refusal(error));
    EXIT_USAGE
}

/// What `error` says, on one line. A value it quotes is the value given,
/// escaped as all outside text is ([`terminal_safe`]): clap's rendering
/// would drop an escape sequence in it silently and keep a bidi control.
fn refusal(error: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    use std::error::Error as _;
    if let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) = (
        error.get(ContextKind::InvalidArg),
        error.get(ContextKind::InvalidValue),
    ) {
        let why = error
            .source()
            .map(|why| format!(": {}", terminal_safe(&why.to_string())))
            .unwrap_or_default();
        return format!(
            "invalid value '{}' for '{}'{why}",
            terminal_safe(value),
            terminal_safe(arg)
        );
    }
    let rendered = error.render().to_string();
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .filter(|line| !line.is_empty())
        .collect();
    let text = lines.join(" ");
    terminal_safe(text.strip_prefix("error: ").unwrap_or(&text))
}

/// Whether `error` comes from writing to a reader that has gone away.
fn closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Writes `text` to a command's output and flushes it; a failure is an
/// error that says so.
fn emit(out: &mut impl Write, text: fmt::Arguments) -> Result<()> {
    out.write_fmt(text)
        .and_then(|()| out.flush())
        .context("cannot write to standard output")
}

/// Tells `message` on `err` as `endodoi: MESSAGE`, any control character in
/// it escaped. Standard error failing leaves nowhere to tell that.
fn warn(err: &mut impl Write, message: &str) {
    let _ = writeln!(err, "endodoi: {}", terminal_safe(message));
}
