//! `endodoi`: play En Dodoi in the terminal, replay records, measure the
//! engine. The commands live in [`endodoi::command`]; this reads the command
//! line and hands over.

use std::io::IsTerminal as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use clap::Parser;

use endodoi::cli::Cli;
use endodoi::command::{self, Console};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if error.use_stderr() => {
            return ExitCode::from(command::refused(&error, &mut std::io::stderr()));
        }
        Err(help_or_version) => help_or_version.exit(),
    };
    // A file that reaches the size limit (ulimit -f) is then an error to
    // report, not a signal that ends the program and loses the game.
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        Arc::new(AtomicBool::new(false)),
    );
    let mut console = Console {
        out: std::io::stdout(),
        err: std::io::stderr(),
        terminal: std::io::stdout().is_terminal(),
        ask: std::io::stdin().is_terminal() && std::io::stderr().is_terminal(),
    };
    let result = command::run(cli, &mut console);
    ExitCode::from(command::status(result, &mut console.err))
}
