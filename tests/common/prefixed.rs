//! A program run behind another command line (`setpriv …`, `prlimit …`),
//! or alone.

use std::ffi::OsStr;
use std::process::Command;

/// `program`, run by the command line `prefix` when it is not empty.
pub fn prefixed(prefix: &[&str], program: impl AsRef<OsStr>) -> Command {
    match prefix.split_first() {
        Some((wrapper, args)) => {
            let mut command = Command::new(wrapper);
            command.args(args).arg(program);
            command
        }
        None => Command::new(program),
    }
}
