//! `endodoi learn`: the lesson in the terminal, and the first game it leads
//! to, saved as any game is.

use std::io::Write;

use anyhow::{Result, bail};

use super::Console;
use crate::app::{App, Setting};
use crate::cli::LearnArgs;
use crate::session::Session;
use crate::ui::Look;

/// Opens the lesson in the terminal; returns the exit status.
///
/// # Errors
/// When standard output is not a terminal, the terminal fails, or the
/// output cannot be written.
pub fn run(args: &LearnArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    if !console.terminal {
        bail!("the lesson needs a terminal: run `endodoi learn` in one");
    }
    let mut app = App::learn();
    app.set(Setting::Animation(!args.draw.no_animation));
    super::play::play(
        Session::viewing(app, Look::from_env(args.draw.ascii)),
        console,
    )
}
