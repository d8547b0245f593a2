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
//! use endodoi::app::input::{KeyCode, KeyEvent};
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

use super::board::Board;
use super::{Action, App, Effect, Mode, Play, Screen, Table, Tone, seeds_word};
use crate::record::Ending;
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
    /// Whether the computer accepts the draw the person offers: it does
    /// unless it expects to win.
    Draw,
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
        self.players().computer(self.record().to_move()?)
    }

    /// The computer's answer: `hole` is played (animated like a person's
    /// move) once the board is still. An answer nobody waits for is ignored.
    pub fn computer_moved(&mut self, hole: Hole) {
        self.table.computer_moved(hole);
        self.update_computer();
    }

    /// The engine's answer to the hint key: the move is selected and shown
    /// with the margin the mover can expect.
    pub fn hint_found(&mut self, result: &SearchResult) {
        self.table.hint_found(&mut self.board, result);
        let asks = self.table.take_asks();
        self.ask(asks);
    }

    /// The search's answer to the person's draw offer: the computer
    /// accepts unless it expects to win (its margin above 0), and the game
    /// is drawn; an answer nobody waits for (the offer lapsed with a move)
    /// is ignored.
    pub fn draw_weighed(&mut self, result: &SearchResult) {
        self.table.draw_weighed(result);
        let asks = self.table.take_asks();
        self.ask(asks);
    }

    /// The computer's turn on the screen shown: in a game, its answer
    /// played once the board is still (no sowing, help or question shown),
    /// or a search asked for; in the viewer, the analysis brought up to the
    /// position shown.
    pub(super) fn update_computer(&mut self) {
        match self.screen {
            Screen::Game => {
                let still = self.mode == Mode::Play;
                self.table.update_computer(&mut self.board, still);
                let asks = self.table.take_asks();
                self.ask(asks);
            }
            Screen::Viewer(_) => self.update_analysis(),
            Screen::Lesson(_) | Screen::Start(_) => {}
        }
    }
}

impl Table {
    /// The level of the computer to move, if the computer is to move.
    pub(super) fn computer_to_move(&self) -> Option<Level> {
        self.players.computer(self.record.to_move()?)
    }

    /// Whether the computer's search for its move is under way, its answer
    /// not yet in (its clock runs only then).
    pub(super) fn searching(&self) -> bool {
        self.thinking
            .is_some_and(|thinking| thinking.purpose == Purpose::Move && thinking.answer.is_none())
    }

    /// Whether a search for `purpose` is under way.
    pub(super) fn thinks_for(&self, purpose: Purpose) -> bool {
        self.thinking
            .is_some_and(|thinking| thinking.purpose == purpose)
    }

    /// The computer's answer, held until the board is still. An answer
    /// nobody waits for is ignored.
    fn computer_moved(&mut self, hole: Hole) {
        if let Some(thinking) = &mut self.thinking
            && thinking.purpose == Purpose::Move
        {
            thinking.answer = Some(hole);
        }
    }

    /// The engine's answer to the hint key: the move selected and told,
    /// with the margin the mover can expect.
    fn hint_found(&mut self, view: &mut Board, result: &SearchResult) {
        if !self.thinks_for(Purpose::Hint) {
            return;
        }
        self.thinking = None;
        let Some(hole) = result.best.filter(|&hole| self.game().is_legal(hole)) else {
            return;
        };
        view.cursor[hole.side()] = hole.index();
        let margin = result.score_for(hole.side());
        let how = if result.exact {
            "perfect play".to_owned()
        } else {
            format!("depth {}", result.depth)
        };
        self.say(
            Tone::Info,
            format!(
                "Hint: {hole} ({margin:+} {}, {how})",
                seeds_word(margin.into()),
            ),
        );
    }

    /// The search's answer to the draw offered, as [`App::draw_weighed`] says.
    fn draw_weighed(&mut self, result: &SearchResult) {
        if !self.thinks_for(Purpose::Draw) {
            return;
        }
        self.thinking = None;
        let Some(computer) = Side::ALL
            .into_iter()
            .find(|&side| self.players.computer(side).is_some())
        else {
            return;
        };
        let name = self.players.name(computer).to_owned();
        if result.score_for(computer) <= 0 {
            let news = format!("Draw agreed: {name} accepted your offer");
            self.end_by(Ending::DrawAgreed, news);
        } else {
            self.say(Tone::Info, format!("{name} declines the draw"));
        }
    }

    /// The hint key: asks the engine for the best move of the person to move.
    pub(super) fn ask_hint(&mut self) {
        let Some(side) = self.record.to_move() else {
            self.say(Tone::Error, "The game is over: no hint to give");
            return;
        };
        if !self.plays_here(side) {
            self.refuse_computer_turn(side);
            return;
        }
        match self.thinking {
            Some(thinking) if thinking.purpose == Purpose::Draw => {
                self.say(Tone::Info, "The computer weighs your draw offer first");
                return;
            }
            Some(_) => {
                self.say(Tone::Info, "Still looking for a hint…");
                return;
            }
            None => {}
        }
        // Across the network the other player is told: they must be there.
        if !self.may_send() {
            return;
        }
        self.hint_asked(side);
        self.start_thinking(Level::MAX, DEFAULT_THINK, Purpose::Hint);
    }

    /// Tells the player the computer (or the other player) has this turn.
    pub(super) fn refuse_computer_turn(&mut self, side: Side) {
        let undo = if self.takes_back_yours() {
            format!(
                " · {} takes back your last move",
                self.key_name(Action::Game(Play::Undo))
            )
        } else {
            String::new()
        };
        let name = self.players.name(side).to_owned();
        self.say(Tone::Error, format!("{name} has this turn{undo}"));
    }

    /// Starts a search for the game's position, asking for the work.
    pub(super) fn start_thinking(&mut self, level: Level, think: Duration, purpose: Purpose) {
        self.thinking = Some(Thinking {
            purpose,
            elapsed: Duration::ZERO,
            settled: Duration::ZERO,
            answer: None,
        });
        self.effect(Effect::Think(Request {
            game: self.record.game.clone(),
            level,
            think,
            purpose,
        }));
    }

    /// Drops the search under way, if any (its answer would be about
    /// another position).
    pub(super) fn stop_thinking(&mut self) {
        if self.thinking.take().is_some() {
            self.effect(Effect::StopThinking);
        }
    }

    /// Plays the computer's answer once the board is `still` (no sowing
    /// shown), and asks for a search when the computer is to move and none
    /// is under way.
    fn update_computer(&mut self, view: &mut Board, still: bool) {
        let Some(level) = self.computer_to_move() else {
            if self.thinks_for(Purpose::Move) {
                self.stop_thinking();
            }
            return;
        };
        let think = self
            .record
            .to_move()
            .map_or(self.think, |side| self.think_for(side));
        match self.thinking {
            None => self.start_thinking(level, think, Purpose::Move),
            Some(thinking) if thinking.purpose == Purpose::Hint => {
                self.stop_thinking();
                self.start_thinking(level, think, Purpose::Move);
            }
            Some(Thinking {
                answer: Some(hole),
                settled,
                ..
            }) if settled >= COMPUTER_PAUSE && still => {
                self.thinking = None;
                self.play_computer_move(view, hole);
            }
            Some(_) => {}
        }
    }

    fn play_computer_move(&mut self, view: &mut Board, hole: Hole) {
        let before = *self.game().position();
        match self.record.game.play(hole) {
            Ok(report) => {
                let played = report.played();
                self.played(view, before, report);
                if self.computer_to_move().is_none() {
                    let name = self.players.name(hole.side()).to_owned();
                    // As the move list writes it: `e+12` names a capture.
                    self.say(Tone::Info, format!("{name} sowed {played}"));
                }
                // Two computers: the next one starts thinking at once.
                self.update_computer(view, false);
            }
            Err(error) => self.say(
                Tone::Error,
                format!("The computer chose {hole}, which cannot be sown: {error}"),
            ),
        }
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
