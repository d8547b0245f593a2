//! `endodoi` without a command: a game in the terminal (new, `--resume`,
//! `--load`), and what the player should read once the terminal is back.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;

use super::{Console, warn};
use crate::cli::PlayArgs;
use crate::net::Link;
use crate::record::terminal_safe;
use crate::save::{self, Loaded};
use crate::session::Session;
use crate::{settings, terminal};

/// Opens the game the options ask for (the settings file giving what they
/// leave out), says which saves and settings cannot be read, and plays it;
/// returns the exit status.
///
/// # Errors
/// When the game cannot be opened or the terminal fails, or the output
/// cannot be written.
pub fn run(args: &PlayArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    let games = save::games_dir();
    let options = args.options();
    let menu = console.terminal && options.choose_no_game();
    // `--load` is a game option: with it there is no menu.
    let loaded = options.load.as_deref().map(Loaded::read).transpose()?;
    let settings_file = settings::path();
    let (session, settings_warnings) = Session::open_with_settings(
        &options,
        menu,
        loaded,
        games.as_deref(),
        settings_file.as_deref(),
    )?;
    for warning in &session.warnings {
        warn(&mut console.err, &format!("cannot be read: {warning}"));
    }
    for warning in &settings_warnings {
        warn(&mut console.err, warning);
    }
    for refused in session.store.refused_locks() {
        warn(&mut console.err, &refused);
    }
    play_with(session, settings_file, None, console)
}

/// Plays `session` in the terminal, then says where the games are, what
/// could not be written and, as a last resort, prints the record of a game
/// kept nowhere; returns the exit status.
///
/// # Errors
/// When the terminal fails, or the output cannot be written.
pub fn play(session: Session, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    play_with(session, None, None, console)
}

/// Plays `session` as [`play`] does, a changed speed, preview or new game
/// remembered in `settings` (the settings file), across the network through
/// `link` when there is one.
///
/// # Errors
/// When the terminal fails, or the output cannot be written.
pub fn play_with(
    session: Session,
    settings: Option<PathBuf>,
    link: Option<Link>,
    console: &mut Console<impl Write, impl Write>,
) -> Result<u8> {
    let ending = terminal::run(session, settings, link)?;
    let farewell = &ending.farewell;
    for note in &farewell.notes {
        out!(&mut console.out, "{}", terminal_safe(note))?;
    }
    for failure in &farewell.failures {
        warn(&mut console.err, failure);
    }
    if !farewell.unkept.is_empty() {
        let loadable = farewell
            .unkept
            .iter()
            .all(|record| record.len() as u64 <= crate::file::MAX_RECORD_BYTES);
        warn(
            &mut console.err,
            &if loadable {
                "the record follows; save it in a file and `endodoi --load FILE` continues it"
                    .to_owned()
            } else {
                format!(
                    "the record follows; it is {}, so no `--load` reads it again",
                    crate::file::too_large()
                )
            },
        );
        for record in &farewell.unkept {
            out!(&mut console.out, "\n{record}")?;
        }
    }
    Ok(ending.status())
}
