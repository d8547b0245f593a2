//! The replay viewer: a record shown move by move, and taken over as a game.
//!
//! The viewer is the [`App`] in another mode: its game is the record's game
//! rewound with [`Game::undo`], so stepping forward is [`Game::redo`] (whose
//! report the sowing animation plays), the moves still to come are the
//! game's redo moves, and the board, history and animation are drawn as in a
//! game. `p` drops the moves after the position shown and the app becomes an
//! ordinary hot-seat game of that position; the record's file is never
//! written.
//!
//! ```
//! use endodoi::app::App;
//! use endodoi::record::Record;
//! use ratatui::crossterm::event::{KeyCode, KeyEvent};
//!
//! let record = Record::read("1. A+2 b+3 2. A+2 e+10 *")?;
//! let mut app = App::review(record, "sample", None);
//! assert_eq!(app.game().ply(), 0);
//! app.set_animation(false);
//! app.handle_key(KeyEvent::from(KeyCode::End));
//! assert_eq!(app.game().ply(), 4);
//! app.handle_key(KeyEvent::from(KeyCode::Left));
//! assert_eq!(app.game().ply(), 3);
//! # Ok::<(), endodoi::record::RecordError>(())
//! ```

use std::collections::BTreeMap;
use std::time::Duration;

use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseEvent};
use ratatui::layout::Rect;

use super::{App, Effect, Match, Mode, Tone, seed_time};
use crate::analyze::MoveAnalysis;
use crate::record::Record;
use crate::rules::{Game, MoveReport};
use crate::ui;

/// The pause between two moves when the game plays itself, in seeds' time
/// at the current speed (0.8 s at the default speed).
const AUTOPLAY_PAUSE: u32 = 10;
/// Digits a move number may have.
const MAX_DIGITS: usize = 6;

/// What the viewer knows beyond the game it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Viewer {
    source: String,
    moves: Vec<MoveReport>,
    result: String,
    fault: Option<String>,
    goto: Option<usize>,
    autoplay: Option<Duration>,
    /// Whether each move shown is analysed (the `a` key).
    pub(super) analysis: bool,
    /// The analyses known, by move number.
    pub(super) analyses: BTreeMap<usize, MoveAnalysis>,
    /// Whether the record's analysis was asked for (it is asked once).
    pub(super) analysis_asked: bool,
    /// The move being analysed and for how long.
    pub(super) analysing: Option<(usize, Duration)>,
}

impl Viewer {
    /// Where the record came from: a file name, or `--moves`.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Every move of the record, with what it did.
    pub fn moves(&self) -> &[MoveReport] {
        &self.moves
    }

    /// The number of moves in the record.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// How the record ends: `S-N` when the game is over, else `*`.
    pub fn result(&self) -> &str {
        &self.result
    }

    /// Why the record could be read only as far as it was (`--until-error`).
    pub fn fault(&self) -> Option<&str> {
        self.fault.as_deref()
    }

    /// The move number being typed, if any.
    pub fn goto(&self) -> Option<usize> {
        self.goto
    }

    /// Whether the game is playing itself.
    pub fn autoplaying(&self) -> bool {
        self.autoplay.is_some()
    }

    /// Whether each move shown is analysed.
    pub fn analysis_on(&self) -> bool {
        self.analysis
    }

    /// The move being analysed in the background and for how long, if any.
    pub fn analysing(&self) -> Option<(usize, Duration)> {
        self.analysing
    }
}

/// The record's game replayed on a fresh board: every move's report, and the
/// game rewound to its start with every move left to redo.
fn rewound(game: &Game) -> (Game, Vec<MoveReport>) {
    let mut replay = Game::new(game.config());
    let moves = game
        .history()
        .iter()
        .map(|played| {
            replay
                .play(played.hole)
                .expect("a move of a read record is legal")
        })
        .collect();
    while replay.undo().is_some() {}
    (replay, moves)
}

impl App {
    /// Opens `record` in the viewer at its start position. `source` names it
    /// (a file name); `fault` says why a faulty record stops where it does.
    pub fn review(mut record: Record, source: &str, fault: Option<String>) -> App {
        let result = record.result_token();
        let (game, moves) = rewound(&record.game);
        record.game = game;
        let players = Match::from_record(&record);
        let mut app = App::from_record(record, players);
        app.viewer = Some(Viewer {
            source: source.to_owned(),
            moves,
            result,
            fault,
            goto: None,
            autoplay: None,
            analysis: false,
            analyses: BTreeMap::new(),
            analysis_asked: false,
            analysing: None,
        });
        app
    }

    /// The viewer, while a record is being viewed (not yet taken over).
    pub fn viewer(&self) -> Option<&Viewer> {
        self.viewer.as_ref()
    }

    /// The move that led to the position shown in the viewer, if any.
    pub fn viewed_move(&self) -> Option<&MoveReport> {
        let ply = self.game().ply();
        self.viewer()?.moves.get(ply.checked_sub(1)?)
    }

    /// Whether time must be passed in often: a sowing is shown, the viewer
    /// plays the game, or the computer is thinking (its clock is shown).
    pub fn wants_frames(&self) -> bool {
        self.sowing().is_some()
            || self.thinking().is_some()
            || self
                .viewer()
                .is_some_and(|viewer| viewer.autoplaying() || viewer.analysing().is_some())
    }

    pub(super) fn viewer_key(&mut self, key: KeyEvent) {
        match self.mode {
            Mode::Help => {
                self.mode = Mode::Play;
                return;
            }
            // Any other key ends the animation, then does what it does.
            Mode::Sowing(_) => self.mode = Mode::Play,
            Mode::Play | Mode::Confirm(_) => {}
        }
        let Some(viewer) = &mut self.viewer else {
            return;
        };
        let goto = viewer.goto.take();
        match key.code {
            KeyCode::Char(digit @ '0'..='9') => {
                let digits = goto.map_or(0, |n| n.to_string().len());
                let typed = goto.unwrap_or(0) * 10 + digit.to_digit(10).map_or(0, |d| d as usize);
                viewer.goto = Some(if digits < MAX_DIGITS {
                    typed
                } else {
                    goto.unwrap_or(0)
                });
            }
            KeyCode::Backspace if goto.is_some() => {
                viewer.goto = goto.map(|n| n / 10).filter(|&n| n > 0);
            }
            KeyCode::Esc if goto.is_some() => {}
            KeyCode::Enter if goto.is_some() => self.go_to_typed(goto.unwrap_or(0)),
            KeyCode::Right | KeyCode::Char('l') => self.step_forward(),
            KeyCode::Left | KeyCode::Char('h') => self.step_back(),
            KeyCode::Home | KeyCode::Char('g') => self.view_ply(0),
            KeyCode::End | KeyCode::Char('G') => {
                let total = viewer.total();
                self.view_ply(total);
            }
            KeyCode::Char(' ') => self.toggle_autoplay(),
            KeyCode::Char('p' | 'P') => self.take_over(),
            KeyCode::Char('a' | 'A') => self.toggle_analysis(),
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.stop_autoplay();
                self.mode = Mode::Help;
            }
            KeyCode::Char('q' | 'Q') | KeyCode::Esc => self.quit = true,
            _ => {}
        }
    }

    /// A click on a move in the list shows the position after it; any click
    /// ends a sowing animation or closes the help.
    pub(super) fn viewer_mouse(&mut self, mouse: MouseEvent, screen: Rect) {
        if !matches!(self.mode, Mode::Play) {
            self.mode = Mode::Play;
        }
        if let Some(ply) = ui::move_at(self, screen, mouse.column, mouse.row) {
            self.view_ply(ply);
        }
    }

    /// Lets time pass for the game playing itself: the next move is sown
    /// once the last one has been shown and a pause has passed.
    pub(super) fn viewer_tick(&mut self, elapsed: Duration) {
        if let Some((_, waited)) = self.viewer.as_mut().and_then(|v| v.analysing.as_mut()) {
            *waited += elapsed;
        }
        if self.sowing().is_some() {
            return;
        }
        let pause = seed_time(self.speed) * AUTOPLAY_PAUSE;
        let Some(waited) = self.viewer.as_mut().and_then(|v| v.autoplay.as_mut()) else {
            return;
        };
        *waited += elapsed;
        if *waited >= pause {
            *waited = Duration::ZERO;
            self.sow_next();
        }
    }

    fn stop_autoplay(&mut self) {
        if let Some(viewer) = &mut self.viewer {
            viewer.autoplay = None;
        }
    }

    fn toggle_autoplay(&mut self) {
        let Some(viewer) = &mut self.viewer else {
            return;
        };
        if viewer.autoplay.take().is_some() {
            self.notify(Tone::Info, "Paused");
            return;
        }
        viewer.autoplay = Some(Duration::ZERO);
        if self.game().redo_moves().is_empty() {
            self.view_ply(0);
            if let Some(viewer) = &mut self.viewer {
                viewer.autoplay = Some(Duration::ZERO);
            }
        } else {
            self.sow_next();
        }
    }

    fn step_forward(&mut self) {
        self.stop_autoplay();
        if self.game().redo_moves().is_empty() {
            let text = match self.viewer().and_then(Viewer::fault) {
                Some(fault) => format!("The record stops here: {fault}"),
                None => "This is the end of the record".to_owned(),
            };
            self.notify(Tone::Error, text);
        } else {
            self.sow_next();
        }
    }

    fn step_back(&mut self) {
        self.stop_autoplay();
        if self.record.game.undo().is_none() {
            self.notify(Tone::Error, "This is the start of the game");
        }
    }

    /// Sows the next move of the record, animated if animation is on; the
    /// game playing itself stops after the last move.
    fn sow_next(&mut self) {
        let before = *self.game().position();
        if let Some(report) = self.record.game.redo() {
            self.animate(before, report);
        }
        if self.game().redo_moves().is_empty() {
            self.stop_autoplay();
        }
    }

    fn go_to_typed(&mut self, ply: usize) {
        let total = self.viewer().map_or(0, Viewer::total);
        if ply > total {
            self.notify(
                Tone::Error,
                format!("No move {ply}: the record has {total} moves"),
            );
        } else {
            self.view_ply(ply);
        }
    }

    /// Shows the position after move `ply` (0: the start), at once.
    fn view_ply(&mut self, ply: usize) {
        self.stop_autoplay();
        self.mode = Mode::Play;
        while self.game().ply() > ply && self.record.game.undo().is_some() {}
        while self.game().ply() < ply && self.record.game.redo().is_some() {}
    }

    /// Leaves the viewer for a game that goes on from the position shown; the
    /// moves after it are dropped from the game (never from the file).
    fn take_over(&mut self) {
        let ply = self.game().ply();
        self.record.game.forget_redo();
        self.viewer = None;
        self.mode = Mode::Play;
        self.forget_date();
        self.settle_cursor();
        let text = match self.game().to_move() {
            Some(side) => format!(
                "Your game from move {ply}: {} to move · u undoes, s saves",
                self.players.name(side)
            ),
            None => format!("Your game from move {ply}: it is over · u undoes, n starts anew"),
        };
        self.notify(Tone::Info, text);
        if ply > 0 {
            self.effects.push(Effect::Autosave);
        }
    }
}
