//! The computer at the board: its turns and the hint key, without threads.
//!
//! The app never searches. When the computer is to move (or the player asks
//! for a hint) it asks for a search with [`Effect::Think`]; the event loop
//! runs it on a worker thread and hands the answer back with
//! [`App::computer_moved`] or [`App::hint_found`]. Whenever the position
//! changes under a search (undo, a new game), the app asks for it to be
//! dropped with [`Effect::StopThinking`], so an answer that arrives is always
//! about the position on screen. Tests call the answering methods directly.
//!
//! ```
//! use endodoi::app::{App, COMPUTER_PAUSE, Effect, Match, Purpose};
//! use endodoi::rules::{Config, Hole, Side};
//! use endodoi::search::Level;
//! use ratatui::crossterm::event::{KeyCode, KeyEvent};
//!
//! let mut players = Match::default();
//! players.set_computer(Side::North, Some(Level::MIN));
//! let mut app = App::new(Config::default(), players);
//! app.set_animation(false);
//! app.handle_key(KeyEvent::from(KeyCode::Char('c')));
//! app.handle_key(KeyEvent::from(KeyCode::Enter));
//! let asked = app.take_effects().into_iter().any(|effect| {
//!     matches!(effect, Effect::Think(request) if request.purpose == Purpose::Move)
//! });
//! assert!(asked, "the computer is asked for North's move");
//! app.tick(COMPUTER_PAUSE);
//! app.computer_moved(Hole::new(Side::North, 0));
//! assert_eq!(app.game().ply(), 2);
//! ```

use std::time::Duration;

use super::{Action, App, Effect, Keymap, Mode, Play, Table, Tone, seeds_word};
use crate::rules::{Game, Hole, Side};
use crate::search::{DEFAULT_THINK, Level, SearchResult};

/// The computer's move lands no sooner than this after the board is still
/// (its turn began, or the last sowing ended), so that even a quick answer,
/// or two computers playing each other, can be followed.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(400);

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Move,
    /// A hint for the person to move.
    Hint,
}

/// A search the app asks the event loop to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The game to search, as it stands.
    pub game: Game,
    /// The strength to search at.
    pub level: Level,
    /// Thinking time (the strongest level uses all of it).
    pub think: Duration,
    /// What the answer is for.
    pub purpose: Purpose,
}

/// A search under way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// What it is for.
    pub purpose: Purpose,
    /// Time since it began.
    pub elapsed: Duration,
    /// Time the board has been still since it began.
    settled: Duration,
    /// The computer's answer, held until the board is still.
    answer: Option<Hole>,
}

impl App {
    /// The computer's thinking time a move.
    pub fn set_think(&mut self, think: Duration) {
        self.table.think = think;
    }

    /// The search under way, if any.
    pub fn thinking(&self) -> Option<&Thinking> {
        self.table.thinking.as_ref()
    }

    /// The level of the computer to move, if the computer is to move.
    pub fn computer_to_move(&self) -> Option<Level> {
        self.players().computer(self.game().to_move()?)
    }

    /// The computer's answer: `hole` is played (animated like a person's
    /// move) once the board is still. An answer nobody waits for is ignored.
    pub fn computer_moved(&mut self, hole: Hole) {
        match &mut self.table.thinking {
            Some(thinking) if thinking.purpose == Purpose::Move => {
                thinking.answer = Some(hole);
            }
            _ => return,
        }
        self.update_computer();
    }

    /// The engine's answer to the hint key: the move is selected and shown
    /// with the margin the mover can expect.
    pub fn hint_found(&mut self, result: &SearchResult) {
        if !self
            .table
            .thinking
            .is_some_and(|thinking| thinking.purpose == Purpose::Hint)
        {
            return;
        }
        self.table.thinking = None;
        let Some(hole) = result.best.filter(|&hole| self.game().is_legal(hole)) else {
            return;
        };
        self.board.cursor[hole.side()] = hole.index();
        let margin = result.score_for(hole.side());
        let how = if result.exact {
            "perfect play".to_owned()
        } else {
            format!("depth {}", result.depth)
        };
        self.notify(
            Tone::Info,
            format!(
                "Hint: {hole} ({margin:+} {}, {how})",
                seeds_word(margin.into()),
            ),
        );
    }

    /// The hint key: asks the engine for the best move of the person to move.
    pub(super) fn ask_hint(&mut self) {
        let Some(side) = self.game().to_move() else {
            self.notify(Tone::Error, "The game is over: no hint to give");
            return;
        };
        if !self.plays_here(side) {
            self.refuse_computer_turn(side);
            return;
        }
        if self.table.thinking.is_some() {
            self.notify(Tone::Info, "Still looking for a hint…");
            return;
        }
        self.start_thinking(Level::MAX, DEFAULT_THINK, Purpose::Hint);
    }

    /// Tells the player the computer has this turn.
    pub(super) fn refuse_computer_turn(&mut self, side: Side) {
        let undo = if self.takes_back_yours() {
            format!(
                " · {} takes back your last move",
                self.key_name(Keymap::Game, Action::Game(Play::Undo))
            )
        } else {
            String::new()
        };
        self.notify(
            Tone::Error,
            format!("{} has this turn{undo}", self.table.players.name(side)),
        );
    }

    fn start_thinking(&mut self, level: Level, think: Duration, purpose: Purpose) {
        let effect = self.table.start_thinking(level, think, purpose);
        self.effects.push(effect);
    }

    /// Drops the search under way (its answer would be about another position).
    pub(super) fn stop_thinking(&mut self) {
        self.effects.extend(self.table.stop_thinking());
    }

    /// Plays the computer's answer once the board is still, and asks for a
    /// search when the computer is to move and none is under way.
    pub(super) fn update_computer(&mut self) {
        if self.viewer().is_some() {
            self.update_analysis();
            return;
        }
        let Some(level) = self.computer_to_move() else {
            if self
                .table
                .thinking
                .is_some_and(|thinking| thinking.purpose == Purpose::Move)
            {
                self.stop_thinking();
            }
            return;
        };
        match self.table.thinking {
            None => self.start_thinking(level, self.table.think, Purpose::Move),
            Some(thinking) if thinking.purpose == Purpose::Hint => {
                self.stop_thinking();
                self.start_thinking(level, self.table.think, Purpose::Move);
            }
            Some(Thinking {
                answer: Some(hole),
                settled,
                ..
            }) if settled >= COMPUTER_PAUSE && self.mode == Mode::Play => {
                self.table.thinking = None;
                self.play_computer_move(hole);
            }
            Some(_) => {}
        }
    }

    fn play_computer_move(&mut self, hole: Hole) {
        let before = *self.game().position();
        match self.table.record.game.play(hole) {
            Ok(report) => {
                let played = report.played();
                self.board.cursor[hole.side()] = hole.index();
                self.animate(before, report);
                self.after_change();
                if self.computer_to_move().is_none() {
                    let name = self.table.players.name(hole.side()).to_owned();
                    // As the move list writes it: `e+12` names a capture.
                    self.notify(Tone::Info, format!("{name} sowed {played}"));
                }
                // Two computers: the next one starts thinking at once.
                self.update_computer();
            }
            Err(error) => self.notify(
                Tone::Error,
                format!("The computer chose {hole}, which cannot be sown: {error}"),
            ),
        }
    }
}

impl Table {
    /// Starts a search for the game's position: the work to ask for.
    fn start_thinking(&mut self, level: Level, think: Duration, purpose: Purpose) -> Effect {
        self.thinking = Some(Thinking {
            purpose,
            elapsed: Duration::ZERO,
            settled: Duration::ZERO,
            answer: None,
        });
        Effect::Think(Request {
            game: self.record.game.clone(),
            level,
            think,
            purpose,
        })
    }

    /// Drops the search under way, if any: the work to ask for then.
    fn stop_thinking(&mut self) -> Option<Effect> {
        self.thinking.take().map(|_| Effect::StopThinking)
    }

    /// Lets `elapsed` time pass for the search under way; `still`: with the
    /// board still (no sowing shown), which counts towards the pause
    /// before the computer's move is played.
    pub(super) fn tick(&mut self, elapsed: Duration, still: bool) {
        if let Some(thinking) = &mut self.thinking {
            thinking.elapsed += elapsed;
            if still {
                thinking.settled += elapsed;
            }
        }
    }
}
