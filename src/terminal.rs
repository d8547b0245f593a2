//! The event loop: takes over the terminal, draws, hands events to the app,
//! runs its effects, and gives the terminal back however the run ends (quit,
//! error, panic, SIGTERM, SIGHUP).

use std::io::{IsTerminal, stdin, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;

use crate::analyze::{MoveAnalysis, analyze};
use crate::app::{AnalysisRequest, App, Effect, Purpose, Request, Tone};
use crate::net::Link;
use crate::rules::Config;
use crate::save::{Farewell, Store};
use crate::search::{Search, SearchResult};
use crate::session::{Session, open_chosen};
use crate::tablebase::{Shelf, Tablebase};
use crate::ui::{Look, View};

/// How long to wait for an event while a sowing is shown or a record plays
/// itself (about 60 frames a second).
const FRAME: Duration = Duration::from_millis(16);
/// How long to wait for an event otherwise, so that signals are noticed
/// quickly; the screen is drawn again at least this often.
const IDLE: Duration = Duration::from_millis(100);
/// How long to wait for a key across the network before looking for the
/// other player's news, so that their move shows within a few milliseconds
/// (the screen is drawn only when something happened).
const LISTEN: Duration = Duration::from_millis(4);

/// How a run in the terminal ended.
#[derive(Debug)]
pub struct Ending {
    /// What the player should read, and what could not be kept.
    pub farewell: Farewell,
    /// The number of the signal that ended the run, if one did (SIGTERM,
    /// SIGHUP, SIGINT).
    pub signal: Option<usize>,
}

impl Ending {
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

/// Plays a game in the terminal, drawn in the session's look, until the player quits or
/// a signal comes; returns what the player should read once the terminal is
/// back.
///
/// # Errors
/// When the terminal fails; the terminal is restored first.
pub fn run(session: Session) -> Result<Ending> {
    run_linked(session, None)
}

/// Plays a game as [`run`] does, across the network through `link` when
/// there is one: the other player's news reaches the app as it comes.
///
/// # Errors
/// When the terminal fails; the terminal is restored first.
pub fn run_linked(session: Session, mut link: Option<Link>) -> Result<Ending> {
    let Session {
        mut app,
        mut store,
        look,
        ..
    } = session;
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
    watch_for_a_lost_terminal(Arc::clone(&stop));
    let mut terminal = ratatui::try_init().context("cannot take over the terminal")?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A wormhole's thread that panics (the crate does on some messages
        // it does not know) ends that connection only: the game goes on.
        if std::thread::current().name() == Some(crate::net::wormhole::THREAD) {
            return;
        }
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
        previous(info);
    }));
    let _ = execute!(stdout(), EnableMouseCapture);
    let played = event_loop(&mut terminal, &mut app, look, &mut store, &stop, &mut link);
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    let _ = std::panic::take_hook();
    let farewell = store.finish(&app);
    played?;
    let signal = match stop.load(Ordering::Relaxed) {
        0 => None,
        signal => Some(signal),
    };
    Ok(Ending { farewell, signal })
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    look: Look,
    store: &mut Store,
    stop: &AtomicUsize,
    link: &mut Option<Link>,
) -> Result<()> {
    let mut last = Instant::now();
    let mut workers = Workers {
        search: None,
        analysis: None,
        shelf: Shelf::installed(),
    };
    let mut drawn: Option<Instant> = None;
    let mut news = true;
    while !app.should_quit() && stop.load(Ordering::Relaxed) == 0 {
        if news || app.wants_frames() || drawn.is_none_or(|at| at.elapsed() >= IDLE) {
            terminal.draw(|frame| frame.render_widget(View::new(app, look), frame.area()))?;
            drawn = Some(Instant::now());
            news = false;
        }
        let timeout = if app.wants_frames() {
            FRAME
        } else if link.is_some() {
            LISTEN
        } else {
            IDLE
        };
        if event::poll(timeout)? {
            news = true;
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                // A click is resolved on the screen as drawn, then acted on.
                Event::Mouse(mouse) => {
                    let size = terminal.size()?;
                    let screen = Rect::new(0, 0, size.width, size.height);
                    if let Some(action) = View::new(app, look).click(mouse, screen) {
                        app.act(action);
                    }
                }
                // A resize needs only the redraw that follows.
                _ => {}
            }
        }
        let now = Instant::now();
        app.tick(now - last);
        last = now;
        // Effects before answers: an answer to a search the app has just
        // dropped never reaches it.
        workers.carry_out(app, store, link);
        workers.answer(app);
        if let Some(link) = link {
            news |= link.pump(app);
        }
        workers.carry_out(app, store, link);
    }
    Ok(())
}

/// A search running on a thread of its own.
struct SearchJob {
    stop: Arc<AtomicBool>,
    purpose: Purpose,
    answer: Receiver<SearchResult>,
}

impl Drop for SearchJob {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The background work of the app: at most one search (the computer's move
/// or a hint) and one analysis of a viewed move. Dropping it stops the search.
struct Workers {
    search: Option<SearchJob>,
    analysis: Option<Receiver<(usize, MoveAnalysis)>>,
    /// The tables of perfect endgames the searches look into.
    shelf: Shelf,
}

impl Workers {
    /// Carries out the effects the app asked for: the files by `store`,
    /// the start screen's choice by the session, the searches here.
    fn carry_out(&mut self, app: &mut App, store: &mut Store, link: &mut Option<Link>) {
        for effect in store.apply(app) {
            match effect {
                Effect::Send(_) | Effect::Hangup(_) => {
                    if let Some(link) = link {
                        link.carry_out(&effect, app);
                    }
                }
                Effect::Think(request) => {
                    let tables = self.tables(app, request.game.config());
                    self.search = Some(think(request, tables));
                }
                Effect::StopThinking => self.search = None,
                Effect::Analyze(request) => {
                    let tables = self.tables(app, request.game.config());
                    self.analysis = Some(analyse(request, tables));
                }
                Effect::Open(opening) => {
                    open_chosen(&opening, app, store);
                    // What the app opened asks for its own work (a search).
                    self.carry_out(app, store, link);
                }
                Effect::Autosave
                | Effect::Export
                | Effect::RememberDisplay
                | Effect::RememberGame => {}
            }
        }
    }

    /// The tables for a game of `config`: a problem with them is told the
    /// first time, in one line, and the search goes on without them.
    fn tables(&self, app: &mut App, config: Config) -> Option<Arc<Tablebase>> {
        let (tables, problem) = self.shelf.tables(&config);
        if let Some(problem) = problem {
            app.notify(Tone::Problem, format!("Tables: {problem}"));
        }
        tables
    }

    /// Hands the answers that have arrived to the app.
    fn answer(&mut self, app: &mut App) {
        if let Some(job) = &self.search {
            match job.answer.try_recv() {
                Ok(result) => {
                    let purpose = job.purpose;
                    self.search = None;
                    match (purpose, result.best) {
                        (Purpose::Move, Some(hole)) => app.computer_moved(hole),
                        (Purpose::Move, None) => {}
                        (Purpose::Hint, _) => app.hint_found(&result),
                    }
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.search = None,
            }
        }
        while let Some(answer) = &self.analysis {
            match answer.try_recv() {
                Ok((ply, analysis)) => app.analysis_found(ply, analysis),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.analysis = None,
            }
        }
    }
}

/// Starts the search `request` asks for on a thread of its own.
fn think(request: Request, tables: Option<Arc<Tablebase>>) -> SearchJob {
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, answer) = mpsc::channel();
    let flag = Arc::clone(&stop);
    let purpose = request.purpose;
    thread::spawn(move || {
        let mut search = Search::for_level(request.level, request.think);
        search.set_tables(tables);
        let result = search.run(&request.game, &flag, |_| {});
        // The app may have stopped waiting: nobody to tell.
        let _ = sender.send(result);
    });
    SearchJob {
        stop,
        purpose,
        answer,
    }
}

/// Starts the analysis `request` asks for on a thread of its own, which
/// hands back every move's judgement as soon as it is known.
fn analyse(
    request: AnalysisRequest,
    tables: Option<Arc<Tablebase>>,
) -> Receiver<(usize, MoveAnalysis)> {
    let (sender, answer) = mpsc::channel();
    thread::spawn(move || {
        analyze(
            &request.game,
            request.limits,
            request.threshold,
            tables,
            |judged| {
                let _ = sender.send((judged.ply, judged.clone()));
            },
        );
    });
    answer
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

/// Ends the process when the terminal is gone or a signal goes unanswered.
///
/// Once its terminal is closed, crossterm's `event::poll` re-reads the hung-up
/// tty forever without returning (crossterm-rs/crossterm#793), so the event
/// loop can notice neither the SIGHUP nor the closed terminal, and would spin
/// at full CPU. Nothing is lost by exiting here: every change of the game is
/// written (autosave and `--record FILE`) as it happens.
fn watch_for_a_lost_terminal(stop: Arc<AtomicUsize>) {
    let watch_stdin = stdin().is_terminal();
    thread::spawn(move || {
        let mut signalled: Option<Instant> = None;
        loop {
            thread::sleep(WATCH);
            if watch_stdin && terminal_hung_up() {
                std::process::exit(EXIT_HANGUP);
            }
            let signal = stop.load(Ordering::Relaxed);
            if signal != 0 {
                let since = *signalled.get_or_insert_with(Instant::now);
                if since.elapsed() > GRACE {
                    std::process::exit(status_after(signal).into());
                }
            }
        }
    });
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
