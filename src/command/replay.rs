//! `endodoi replay`: a record (a file, standard input or `--moves`) shown in
//! the viewer on a terminal, else printed as a diagram or as JSON.

use std::io::Write;
use std::path::Path;

use anyhow::{Context as _, Result, bail};

use super::Console;
use crate::app::{App, Match, Setting};
use crate::cli::ReplayArgs;
use crate::diagram::diagram;
use crate::file::{read_record_bytes, write_atomic_shared};
use crate::record::{Form, Record, State, Tags, excerpt, terminal_safe};
use crate::rules::BySide;
use crate::session::Session;
use crate::settings::{self, Settings};
use crate::svg::svg;
use crate::ui::{Look, shown_name};

/// Reads the record (with `--until-error`, up to its first fault) and shows
/// it; returns the exit status.
///
/// # Errors
/// When the record cannot be read or has a fault, the board options go with
/// a file, or the output cannot be written.
pub fn run(args: &ReplayArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    let (record, name, label, fault) = match (&args.file, &args.moves) {
        (Some(path), _) => {
            if args.board.choice().given() {
                bail!(
                    "--width, --seeds and --variant go with --moves; a record's tags set its board"
                );
            }
            let (name, bytes) = read_record_bytes(path)?;
            let (record, fault) = if args.until_error {
                let partial =
                    Record::read_until_fault(&bytes, Form::File).with_context(|| name.clone())?;
                (partial.record, partial.error)
            } else {
                (Record::read(&bytes).with_context(|| name.clone())?, None)
            };
            let label = path
                .file_name()
                .filter(|_| path != Path::new("-"))
                .map_or_else(|| name.clone(), |file| file.to_string_lossy().into_owned());
            (record, name, label, fault)
        }
        (None, Some(moves)) => {
            let config = args.board.config()?;
            let context = || format!("in --moves \"{}\"", excerpt(moves));
            let partial =
                Record::read_until_fault(moves, Form::Moves(config)).with_context(context)?;
            let fault = match partial.error {
                Some(error) if !args.until_error => return Err(error).with_context(context),
                fault => fault,
            };
            let record = partial.record;
            (record, "--moves".to_owned(), "--moves".to_owned(), fault)
        }
        (None, None) => unreachable!("clap requires a file or --moves"),
    };
    let fault = fault.map(|error| error.to_string());
    let viewer = !args.json && !args.print && args.svg.is_none() && console.terminal;
    if let Some(fault) = &fault
        && !viewer
    {
        // Standard error failing leaves nowhere to tell that.
        let _ = writeln!(
            console.err,
            "endodoi: {}: {fault}; the moves before it are shown",
            terminal_safe(&name)
        );
    }
    let shown = match args.ply {
        Some(ply) => {
            at_ply(&record, ply).with_context(|| format!("{}: --ply", terminal_safe(&name)))?
        }
        None => record.clone(),
    };
    if args.json {
        out!(&mut console.out, "{}", State::of_record(&shown).to_json())?;
    } else if let Some(path) = &args.svg {
        let players = Match::from_record(&record);
        let names = BySide::from_fn(|side| shown_name(&players, side));
        let picture = svg(&shown, &names);
        if path == Path::new("-") {
            super::emit(&mut console.out, format_args!("{picture}"))?;
        } else {
            write_atomic_shared(path, &picture)?;
        }
    } else if !viewer {
        super::emit(&mut console.out, format_args!("{}", diagram(&shown)))?;
    } else {
        // The display settings apply as in a game (the options win); what
        // cannot be read in them was said when a game last started.
        let (display, _) = settings::path()
            .map(|path| Settings::load(&path))
            .unwrap_or_default();
        let drawing = display.draw(args.draw.into());
        let mut app = App::review(record, &label, fault);
        app.set(Setting::Animation(drawing.animate));
        app.set(Setting::Display {
            speed: display.speed,
            preview: display.preview,
            bell: display.bell,
        });
        let look = Look::from_env(drawing.ascii);
        return super::play::play(Session::viewing(app, look), console);
    }
    Ok(0)
}

/// `record` as it stood after its first `ply` moves: an ending it has
/// (a resignation, say) came after its last move only.
///
/// # Errors
/// When the game has fewer moves than that.
fn at_ply(record: &Record, ply: usize) -> Result<Record> {
    let moves = record.game.ply();
    if ply > moves {
        bail!(
            "{ply} is past the end: the game has {moves} move{}",
            if moves == 1 { "" } else { "s" }
        );
    }
    let mut earlier = record.clone();
    if ply < moves {
        earlier.tags.remove(Tags::TERMINATION);
    }
    while earlier.game.ply() > ply {
        earlier.game.undo();
    }
    earlier.game.forget_redo();
    Ok(earlier)
}
