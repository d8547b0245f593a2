//! `endodoi games`: the saved games, unfinished first.

use std::io::Write;

use anyhow::{Result, bail};

use crate::save::{self, games};

/// Lists the saved games on `out`.
///
/// # Errors
/// When the system has no data directory, the folder cannot be read, or
/// `out` cannot be written.
pub fn run(out: &mut impl Write) -> Result<()> {
    let Some(dir) = save::games_dir() else {
        bail!("this system has no data directory for saved games");
    };
    super::emit(out, format_args!("{}", games::listing(&dir)?))
}
