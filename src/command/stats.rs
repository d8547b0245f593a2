//! `endodoi stats`: each player's results in the saved games.

use std::io::Write;

use anyhow::{Result, bail};

use crate::cli::StatsArgs;
use crate::save::{self, games};
use crate::stats;

/// Prints the results of the saved games on `out`: a table, or with
/// `--json` one JSON document.
///
/// # Errors
/// When the system has no data directory, the folder cannot be read, or
/// `out` cannot be written.
pub fn run(args: &StatsArgs, out: &mut impl Write) -> Result<()> {
    let Some(dir) = save::games_dir() else {
        bail!("this system has no data directory for saved games");
    };
    let results = stats::of(&games::list(&dir)?);
    if args.json {
        out!(out, "{}", stats::json(&results, &dir))
    } else {
        super::emit(out, format_args!("{}", stats::text(&results, &dir)))
    }
}
