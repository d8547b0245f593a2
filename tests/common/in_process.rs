//! `endodoi ARGS` run in this process, as the binary runs it: the command
//! line read, the command run, the exit status decided, with standard
//! output and error captured and standard output not a terminal.

use std::os::unix::process::ExitStatusExt as _;
use std::process::{ExitStatus, Output};

use clap::Parser as _;
use endodoi::cli::{Cli, Command};
use endodoi::command::{self, Console};

/// What `endodoi ARGS` prints and its exit status, run in this process.
///
/// # Panics
/// For `--help`, `--version`, the game and `engine`: these print through
/// clap, take the terminal or read standard input, so only the binary runs them.
pub fn endodoi(args: &[&str]) -> Output {
    let mut console = Console {
        out: Vec::new(),
        err: Vec::new(),
        terminal: false,
        ask: false,
    };
    let status = match Cli::try_parse_from(std::iter::once("endodoi").chain(args.iter().copied())) {
        Ok(cli) => {
            assert!(
                !matches!(cli.command, None | Some(Command::Engine(_))),
                "the game and the engine: run the binary"
            );
            let result = command::run(cli, &mut console);
            command::status(result, &mut console.err)
        }
        Err(error) => {
            assert!(error.use_stderr(), "help and version: run the binary");
            command::refused(&error, &mut console.err)
        }
    };
    Output {
        status: ExitStatus::from_raw(i32::from(status) << 8),
        stdout: console.out,
        stderr: console.err,
    }
}
