//! The event loop: takes over the terminal, draws, hands events to the app,
//! runs its effects, and gives the terminal back however the run ends (quit,
//! error, panic, SIGTERM, SIGHUP).

use std::io::stdout;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;

use crate::app::App;
use crate::save::{Session, Store};

/// How long to wait for an event while a sowing is shown (about 60 frames a second).
const FRAME: Duration = Duration::from_millis(16);
/// How long to wait for an event otherwise, so that signals are noticed quickly.
const IDLE: Duration = Duration::from_millis(100);

/// Plays a game in the terminal until the player quits or a signal comes;
/// returns what the player should read once the terminal is back.
///
/// # Errors
/// When the terminal fails, or `--record FILE` cannot be written; the
/// terminal is restored first.
pub fn run(session: Session) -> Result<Vec<String>> {
    let Session { mut app, mut store } = session;
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .context("cannot watch for signals")?;
    }
    let mut terminal = ratatui::try_init().context("cannot take over the terminal")?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
        previous(info);
    }));
    let _ = execute!(stdout(), EnableMouseCapture);
    let played = event_loop(&mut terminal, &mut app, &mut store, &stop);
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    let _ = std::panic::take_hook();
    let notes = store.finish(&app);
    played?;
    notes
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    store: &mut Store,
    stop: &AtomicBool,
) -> Result<()> {
    let mut last = Instant::now();
    while !app.should_quit() && !stop.load(Ordering::Relaxed) {
        terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        let timeout = if app.sowing().is_some() { FRAME } else { IDLE };
        if event::poll(timeout)? {
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(mouse) => {
                    let size = terminal.size()?;
                    app.handle_mouse(mouse, Rect::new(0, 0, size.width, size.height));
                }
                // A resize needs only the redraw that follows.
                _ => {}
            }
        }
        let now = Instant::now();
        app.tick(now - last);
        last = now;
        store.apply(app);
    }
    Ok(())
}
