//! The event loop: takes over the terminal, draws, hands events to the app,
//! has its effects carried out by the [`Runner`] (which returns
//! [`crate::app::Answer`]s, handed to the app here: [`carry_out`],
//! [`bring_news`]), and gives the terminal back however the run
//! ends (quit, error, panic, SIGTERM, SIGHUP). It waits on one channel
//! ([`Wake`]): the terminal's input, read on a thread of its own, and the
//! other player's news wake it as soon as they come.

mod runner;
mod workers;

use std::io::{self, IsTerminal, stdin, stdout};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;

use crate::app::input::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use crate::app::{Answer, App, Role, Snapshot};
use crate::net::Link;
use crate::save::Farewell;
use crate::session::Session;
use crate::ui::{Look, View};
pub use runner::{KeptNowhere, Runner};

/// How long to wait for an event while a sowing is shown or a record plays
/// itself (about 60 frames a second).
const FRAME: Duration = Duration::from_millis(16);
/// How long to wait for an event otherwise, so that signals are noticed
/// quickly; the screen is drawn again at least this often.
const IDLE: Duration = Duration::from_millis(100);

/// What wakes the event loop.
enum Wake {
    /// The terminal's input: a key, a click, a resize.
    Input(Event),
    /// The terminal's input could not be read.
    Failed(io::Error),
    /// The other player's news has come.
    News,
}

/// How a run in the terminal ended.
#[derive(Debug)]
pub struct RunEnd {
    /// What the player should read, and what could not be kept.
    pub farewell: Farewell,
    /// The number of the signal that ended the run, if one did (SIGTERM,
    /// SIGHUP, SIGINT).
    pub signal: Option<usize>,
}

impl RunEnd {
    /// The exit status: 128 + the signal, as shells report a program a
    /// signal ended; else 1 when something could not be kept, 0 when all is.
    pub fn status(&self) -> u8 {
        match self.signal {
            Some(signal) => status_after(signal),
            None if self.farewell.all_kept() => 0,
            None => 1,
        }
    }
}

/// Plays a game in the terminal, drawn in the session's look, until the
/// player quits or a signal comes; a changed speed, preview or new game is
/// remembered in `settings` (the settings file; none: not remembered), and
/// the game is played across the network through `link` when there is one
/// (the other player's news reaches the app as it comes). Returns what the
/// player should read once the terminal is back.
///
/// # Errors
/// When the terminal fails; the terminal is restored first.
pub fn run(session: Session, settings: Option<PathBuf>, link: Option<Link>) -> Result<RunEnd> {
    let Session {
        mut app,
        store,
        look,
        ..
    } = session;
    let mut runner = Runner::new(store, settings, link);
    // The number of the signal that asks the program to end, 0 for none.
    let stop = Arc::new(AtomicUsize::new(0));
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register_usize(
            signal,
            Arc::clone(&stop),
            signal.unsigned_abs() as usize,
        )
        .context("cannot watch for signals")?;
    }
    let kept_nowhere = runner.kept_nowhere();
    let on_terminal = stdin().is_terminal();
    watch_for_a_lost_terminal(on_terminal, Arc::clone(&stop), Arc::clone(&kept_nowhere));
    let mut terminal = ratatui::try_init().context("cannot take over the terminal")?;
    let previous = std::panic::take_hook();
    let for_a_panic = Arc::clone(&kept_nowhere);
    std::panic::set_hook(Box::new(move |info| {
        // A wormhole's thread that panics (the crate does on some messages
        // it does not know) ends that connection only: the game goes on.
        if std::thread::current().name() == Some(crate::net::wormhole::THREAD) {
            return;
        }
        give_back(on_terminal);
        previous(info);
        // Never waits: the thread that panicked may hold the records.
        if let Ok(mut words) = for_a_panic.try_lock() {
            for note in rescue(words.take()) {
                eprintln!("endodoi: {note}");
            }
        }
    }));
    let _ = execute!(stdout(), EnableMouseCapture);
    let played = event_loop(&mut terminal, &mut app, look, &mut runner, &stop);
    give_back(on_terminal);
    let _ = std::panic::take_hook();
    let mut farewell = runner.finish(&Snapshot::of(&app));
    played?;
    let signal = match stop.load(Ordering::Relaxed) {
        0 => None,
        signal => Some(signal),
    };
    let hangup = signal_hook::consts::SIGHUP.unsigned_abs() as usize;
    let gone = on_terminal && terminal_hung_up();
    if signal == Some(hangup) || gone {
        // No terminal to print the records on: they go where `s` saves,
        // once (the watchdog, holding the lock, may be writing them).
        let mut claimed = kept_nowhere.lock().unwrap_or_else(PoisonError::into_inner);
        claimed.take();
        farewell.rescue_unkept();
        if gone {
            // Nobody to tell: the program ends as the watchdog ends it.
            std::process::exit(EXIT_HANGUP);
        }
    }
    Ok(RunEnd { farewell, signal })
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    look: Look,
    runner: &mut Runner,
    stop: &AtomicUsize,
) -> Result<()> {
    let (wake, woken) = mpsc::channel();
    let news_came = wake.clone();
    runner.wake_with(Box::new(move || {
        let _ = news_came.send(Wake::News);
    }));
    let reading = Arc::new(AtomicBool::new(true));
    read_input(wake, Arc::clone(&reading));
    let played = wait_and_act(terminal, app, look, runner, stop, &woken);
    reading.store(false, Ordering::Relaxed);
    played
}

/// Reads the terminal's input on a thread of its own, handing it to
/// `wake`, until `reading` is unset.
fn read_input(wake: Sender<Wake>, reading: Arc<AtomicBool>) {
    thread::spawn(move || {
        while reading.load(Ordering::Relaxed) {
            let read = event::poll(IDLE).and_then(|ready| ready.then(event::read).transpose());
            let sent = match read {
                Ok(Some(event)) => wake.send(Wake::Input(event)),
                Ok(None) => Ok(()),
                Err(error) => {
                    let _ = wake.send(Wake::Failed(error));
                    return;
                }
            };
            if sent.is_err() {
                return;
            }
        }
    });
}

fn wait_and_act(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    look: Look,
    runner: &mut Runner,
    stop: &AtomicUsize,
    woken: &Receiver<Wake>,
) -> Result<()> {
    let mut last = Instant::now();
    let mut drawn: Option<Instant> = None;
    let mut news = true;
    while !app.desk().should_quit() && stop.load(Ordering::Relaxed) == 0 {
        let frames = View::new(app, look).wants_frames();
        if news || frames || drawn.is_none_or(|at| at.elapsed() >= IDLE) {
            draw(terminal, app, look)?;
            drawn = Some(Instant::now());
            news = false;
        }
        let timeout = if frames { FRAME } else { IDLE };
        match woken.recv_timeout(timeout) {
            Ok(Wake::Input(event)) => {
                news = true;
                act(terminal, app, look, &event)?;
            }
            // A closed terminal ends the run as a hangup does: its game is
            // kept where `s` saves.
            Ok(Wake::Failed(_)) if terminal_hung_up() => return Ok(()),
            Ok(Wake::Failed(error)) => return Err(error.into()),
            Ok(Wake::News) | Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {}
        }
        let now = Instant::now();
        app.tick(now - last);
        last = now;
        // Effects before answers: an answer to a search the app has just
        // dropped never reaches it.
        carry_out(runner, app);
        if bring_news(runner, app) {
            // The other player's move is shown before what it asks for
            // (this side's autosave) is done.
            draw(terminal, app, look)?;
            drawn = Some(Instant::now());
            // Drawn again with what that brings (a notice).
            news = true;
        }
        carry_out(runner, app);
    }
    Ok(())
}

/// Has `runner` carry out the effects `app` asks for, and hands `app` the
/// answers; then what those answers make it ask for (the first work of a
/// game opened from the start screen), until it asks for nothing more.
pub fn carry_out(runner: &mut Runner, app: &mut App) {
    loop {
        let effects = app.take_effects();
        if effects.is_empty() {
            return;
        }
        hand(app, runner.run(effects));
    }
}

/// Hands `app` what has come meanwhile: the search's answer, the moves
/// analysed, the other player's news (each piece taken whole, and what
/// waits for the game as the app then has it done, before the next).
/// Returns whether the other player had any.
pub fn bring_news(runner: &mut Runner, app: &mut App) -> bool {
    hand(app, runner.pump());
    let mut any = false;
    while let Some(answers) = runner.hear(invite(app)) {
        any = true;
        hand(app, answers);
        runner.settle(app.record());
    }
    any
}

/// Hands `app` the `answers`, in order.
fn hand(app: &mut App, answers: Vec<Answer>) {
    for answer in answers {
        app.answer(answer);
    }
}

/// The command the other player types to join `app`'s game, at the host.
fn invite(app: &App) -> Option<&str> {
    match &app.table().network()?.role {
        Role::Host { invite, .. } => Some(invite),
        Role::Guest { .. } => None,
    }
}

/// Draws `app` in `look`.
fn draw(terminal: &mut DefaultTerminal, app: &App, look: Look) -> Result<()> {
    terminal.draw(|frame| frame.render_widget(View::new(app, look), frame.area()))?;
    Ok(())
}

/// Hands `event`, the terminal's input, to `app`.
fn act(terminal: &mut DefaultTerminal, app: &mut App, look: Look, event: &Event) -> Result<()> {
    match *event {
        // A key is acted on unless, on the screen as drawn, its action
        // would show nothing new.
        Event::Key(key) => {
            let key = key_event(key);
            let screen = terminal.size()?.into();
            let view = View::new(app, look);
            if app
                .front()
                .keymap()
                .action_for(key)
                .is_none_or(|action| view.takes(action, screen))
            {
                app.handle_key(key);
            }
        }
        // A click is resolved on the screen as drawn, then acted on.
        Event::Mouse(mouse) => {
            let screen = terminal.size()?.into();
            if let Some(action) = View::new(app, look).click(mouse_event(mouse), screen) {
                app.act(action);
            }
        }
        // A resize needs only the redraw that follows.
        _ => {}
    }
    Ok(())
}

/// Gives the terminal back (the mouse, raw mode, the main screen), unless
/// it is gone (standard input, if `on_terminal`, has hung up): there is
/// nothing to give back then, and ratatui's complaint on standard error,
/// which is gone too, would panic.
fn give_back(on_terminal: bool) {
    if on_terminal && terminal_hung_up() {
        return;
    }
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
}

/// The terminal's key event as the app's: the one place where the
/// terminal's input becomes the app's.
fn key_event(key: event::KeyEvent) -> KeyEvent {
    let code = match key.code {
        event::KeyCode::Char(c) => KeyCode::Char(c),
        event::KeyCode::Enter => KeyCode::Enter,
        event::KeyCode::Esc => KeyCode::Esc,
        event::KeyCode::Backspace => KeyCode::Backspace,
        event::KeyCode::Tab => KeyCode::Tab,
        event::KeyCode::BackTab => KeyCode::BackTab,
        event::KeyCode::Left => KeyCode::Left,
        event::KeyCode::Right => KeyCode::Right,
        event::KeyCode::Up => KeyCode::Up,
        event::KeyCode::Down => KeyCode::Down,
        event::KeyCode::Home => KeyCode::Home,
        event::KeyCode::End => KeyCode::End,
        event::KeyCode::PageUp => KeyCode::PageUp,
        event::KeyCode::PageDown => KeyCode::PageDown,
        event::KeyCode::Insert => KeyCode::Insert,
        event::KeyCode::Delete => KeyCode::Delete,
        event::KeyCode::F(number) => KeyCode::F(number),
        _ => KeyCode::Other,
    };
    let kind = match key.kind {
        event::KeyEventKind::Press => KeyEventKind::Press,
        event::KeyEventKind::Repeat => KeyEventKind::Repeat,
        event::KeyEventKind::Release => KeyEventKind::Release,
    };
    KeyEvent {
        code,
        modifiers: modifiers(key.modifiers),
        kind,
    }
}

/// The terminal's mouse event as the app's.
fn mouse_event(mouse: event::MouseEvent) -> MouseEvent {
    let button = |button| match button {
        event::MouseButton::Left => MouseButton::Left,
        event::MouseButton::Right => MouseButton::Right,
        event::MouseButton::Middle => MouseButton::Middle,
    };
    let kind = match mouse.kind {
        event::MouseEventKind::Down(pressed) => MouseEventKind::Down(button(pressed)),
        event::MouseEventKind::Up(released) => MouseEventKind::Up(button(released)),
        event::MouseEventKind::Drag(held) => MouseEventKind::Drag(button(held)),
        event::MouseEventKind::Moved => MouseEventKind::Moved,
        event::MouseEventKind::ScrollDown => MouseEventKind::ScrollDown,
        event::MouseEventKind::ScrollUp => MouseEventKind::ScrollUp,
        event::MouseEventKind::ScrollLeft => MouseEventKind::ScrollLeft,
        event::MouseEventKind::ScrollRight => MouseEventKind::ScrollRight,
    };
    MouseEvent {
        kind,
        column: mouse.column,
        row: mouse.row,
        modifiers: modifiers(mouse.modifiers),
    }
}

/// The terminal's modifier keys as the app's (Shift, Control, Alt; the
/// others no key of the app uses).
fn modifiers(held: event::KeyModifiers) -> KeyModifiers {
    [
        (event::KeyModifiers::SHIFT, KeyModifiers::SHIFT),
        (event::KeyModifiers::CONTROL, KeyModifiers::CONTROL),
        (event::KeyModifiers::ALT, KeyModifiers::ALT),
    ]
    .into_iter()
    .filter(|&(theirs, _)| held.contains(theirs))
    .fold(KeyModifiers::NONE, |all, (_, ours)| all | ours)
}

/// How often the watchdog looks at the terminal and the signal flag.
const WATCH: Duration = Duration::from_millis(250);
/// How long the event loop has to end by itself after a signal.
const GRACE: Duration = Duration::from_secs(1);
/// The exit code once the terminal is gone: 128 + SIGHUP, as a shell reports it.
const EXIT_HANGUP: i32 = 128 + signal_hook::consts::SIGHUP;

/// The exit status of a program that signal number `signal` ended: 128 +
/// the number, as shells report it (143 for SIGTERM).
fn status_after(signal: usize) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

/// Ends the process when the terminal (standard input, if `watch_stdin`) is
/// gone or a signal goes unanswered.
///
/// Once its terminal is closed, crossterm's `event::poll` re-reads the hung-up
/// tty forever without returning (crossterm-rs/crossterm#793), so the event
/// loop can notice neither the SIGHUP nor the closed terminal, and would spin
/// at full CPU. Nothing is lost by exiting here: every change of the game is
/// written (autosave and `--record FILE`) as it happens, and the games no
/// file holds (`kept_nowhere`: the saves are failing) are first written
/// where `s` would ([`rescue`]).
fn watch_for_a_lost_terminal(watch_stdin: bool, stop: Arc<AtomicUsize>, kept_nowhere: KeptNowhere) {
    thread::spawn(move || {
        let mut signalled: Option<Instant> = None;
        loop {
            thread::sleep(WATCH);
            if watch_stdin && terminal_hung_up() {
                rescue_and_exit(&kept_nowhere, EXIT_HANGUP, false);
            }
            let signal = stop.load(Ordering::Relaxed);
            if signal != 0 {
                let since = *signalled.get_or_insert_with(Instant::now);
                if since.elapsed() > GRACE {
                    rescue_and_exit(&kept_nowhere, status_after(signal).into(), true);
                }
            }
        }
    });
}

/// Writes the records `kept_nowhere` where `s` would, saying where on
/// standard error if `say`, and ends the process with `status`. The
/// records stay locked until the end, so that the event loop, finishing
/// meanwhile, never writes them a second time.
fn rescue_and_exit(kept_nowhere: &KeptNowhere, status: i32, say: bool) -> ! {
    let mut words = kept_nowhere.lock().unwrap_or_else(PoisonError::into_inner);
    for note in rescue(words.take()) {
        if say {
            eprintln!("endodoi: {note}");
        }
    }
    std::process::exit(status)
}

/// Writes the `records` kept nowhere where `s` would (the program is
/// ending before it could print them); returns what to say of each.
fn rescue(records: Vec<String>) -> Vec<String> {
    records
        .into_iter()
        .map(|text| match crate::save::rescue(&text) {
            Ok(path) => format!(
                "the record is kept in {}; `endodoi --load {0}` continues it",
                path.display()
            ),
            Err(error) => format!("the game could not be kept: {error:#}"),
        })
        .collect()
}

/// Whether standard input, the terminal, has hung up (without reading from it).
fn terminal_hung_up() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let input = stdin();
    let mut fds = [PollFd::new(&input, PollFlags::empty())];
    let zero = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    poll(&mut fds, Some(&zero)).is_ok()
        && fds[0]
            .revents()
            .intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL)
}
