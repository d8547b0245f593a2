//! The computer at the table: its turns, the hint key and the draw it
//! weighs, asked of the event loop as searches ([`Effect::Think`]) and
//! answered as the app's [`Answer`](super::super::Answer)s.

use std::time::Duration;

use super::super::analysis::proven_hint;
use super::super::board::BoardView;
use super::super::component::{Ask, Tell};
use super::super::computer::{COMPUTER_PAUSE, Purpose, Request, Thinking};
use super::super::{Action, Effect, GameAction, GameInPlay, Tone, seeds_word};
use endodoi_core::record::Ending;
use endodoi_core::rules::{Hole, Side};
use endodoi_engine::{Bounds, DEFAULT_THINK, Level, SearchResult};

impl GameInPlay {
    /// The level of the computer to move, if the computer is to move.
    pub(crate) fn computer_to_move(&self) -> Option<Level> {
        self.players.computer(self.record.to_move()?)
    }

    /// Whether the computer's search for its move is under way, its answer
    /// not yet in (its clock runs only then).
    pub(crate) fn searching(&self) -> bool {
        self.thinking
            .is_some_and(|thinking| thinking.purpose == Purpose::Move && thinking.answer.is_none())
    }

    /// Whether a search for `purpose` is under way.
    pub(crate) fn thinks_for(&self, purpose: Purpose) -> bool {
        self.thinking
            .is_some_and(|thinking| thinking.purpose == purpose)
    }

    /// The computer's answer, held until the board is still. An answer
    /// nobody waits for is ignored.
    pub(crate) fn computer_moved(&mut self, hole: Hole) {
        if let Some(thinking) = &mut self.thinking
            && thinking.purpose == Purpose::Move
        {
            thinking.answer = Some(hole);
        }
    }

    /// The engine's answer to the hint key: the move selected and told,
    /// with the margin the mover can expect.
    pub(crate) fn hint_found(&mut self, view: &mut BoardView, result: &SearchResult) -> Vec<Ask> {
        let mut out = Vec::new();
        if !self.thinks_for(Purpose::Hint) {
            return out;
        }
        self.thinking = None;
        let Some(hole) = result.best.filter(|&hole| self.game().is_legal(hole)) else {
            return out;
        };
        view.cursor[hole.side()] = hole.index();
        let margin = result.score_for(hole.side());
        let how = if result.exact {
            "perfect play".to_owned()
        } else {
            format!("estimated at depth {}", result.depth)
        };
        out.say(
            Tone::Info,
            format!(
                "Hint: {hole} ({margin:+} {}, {how})",
                seeds_word(margin.into()),
            ),
        );
        out
    }

    /// The hint proven with the tables: the best move selected, told with
    /// the value it keeps and what every other move loses.
    pub(crate) fn hint_proven(
        &mut self,
        view: &mut BoardView,
        moves: &[(Hole, Bounds)],
    ) -> Vec<Ask> {
        let mut out = Vec::new();
        if !self.thinks_for(Purpose::Hint) {
            return out;
        }
        self.thinking = None;
        let Some((hole, text)) = proven_hint(moves).filter(|&(hole, _)| self.game().is_legal(hole))
        else {
            return out;
        };
        view.cursor[hole.side()] = hole.index();
        out.say(Tone::Info, text);
        out
    }

    /// The search's answer to the person's draw offer: the computer
    /// accepts unless it expects to win (its margin above 0), and the game
    /// is drawn; an answer nobody waits for (the offer lapsed with a move)
    /// is ignored.
    pub(crate) fn draw_weighed(&mut self, result: &SearchResult) -> Vec<Ask> {
        let mut out = Vec::new();
        if !self.thinks_for(Purpose::Draw) {
            return out;
        }
        self.thinking = None;
        let Some(computer) = Side::ALL
            .into_iter()
            .find(|&side| self.players.computer(side).is_some())
        else {
            return out;
        };
        let name = self.players.name(computer).to_owned();
        if result.score_for(computer) <= 0 {
            let news = format!("Draw agreed: {name} accepted your offer");
            self.end_by(Ending::DrawAgreed, news, &mut out);
        } else {
            out.say(Tone::Info, format!("{name} declines the draw"));
        }
        out
    }

    /// The hint key: asks the engine for the best move of the person to move.
    pub(crate) fn ask_hint(&mut self, out: &mut Vec<Ask>) {
        let Some(side) = self.record.to_move() else {
            out.say(Tone::Error, "The game is over: no hint to give");
            return;
        };
        if !self.plays_here(side) {
            self.refuse_computer_turn(side, out);
            return;
        }
        match self.thinking {
            Some(thinking) if thinking.purpose == Purpose::Draw => {
                out.say(Tone::Info, "The computer weighs your draw offer first");
                return;
            }
            Some(_) => {
                out.say(Tone::Info, "Still looking for a hint…");
                return;
            }
            None => {}
        }
        // Across the network the other player is told: they must be there.
        if !self.may_send(out) {
            return;
        }
        self.hint_asked(side, out);
        self.start_thinking(Level::MAX, DEFAULT_THINK, Purpose::Hint, out);
    }

    /// Tells the player the computer (or the other player) has this turn.
    pub(crate) fn refuse_computer_turn(&mut self, side: Side, out: &mut Vec<Ask>) {
        let undo = if self.takes_back_yours() {
            format!(
                " · {} takes back your last move",
                self.key_name(Action::Game(GameAction::Undo))
            )
        } else {
            String::new()
        };
        let name = self.players.name(side).to_owned();
        out.say(Tone::Error, format!("{name} has this turn{undo}"));
    }

    /// Starts a search for the game's position, asking for the work.
    pub(crate) fn start_thinking(
        &mut self,
        level: Level,
        think: Duration,
        purpose: Purpose,
        out: &mut Vec<Ask>,
    ) {
        self.thinking = Some(Thinking {
            purpose,
            elapsed: Duration::ZERO,
            settled: Duration::ZERO,
            answer: None,
        });
        out.effect(Effect::Think(Request {
            game: self.record.game.clone(),
            level,
            think,
            purpose,
        }));
    }

    /// Drops the search under way, if any (its answer would be about
    /// another position).
    pub(crate) fn stop_thinking(&mut self, out: &mut Vec<Ask>) {
        if self.thinking.take().is_some() {
            out.effect(Effect::StopThinking);
        }
    }

    /// Plays the computer's answer once the board is `still` (no sowing
    /// shown), and asks for a search when the computer is to move and none
    /// is under way.
    pub(crate) fn update_computer(&mut self, view: &mut BoardView, still: bool) -> Vec<Ask> {
        let mut out = Vec::new();
        let Some(level) = self.computer_to_move() else {
            if self.thinks_for(Purpose::Move) {
                self.stop_thinking(&mut out);
            }
            return out;
        };
        let think = self
            .record
            .to_move()
            .map_or(self.think, |side| self.think_for(side));
        match self.thinking {
            None => self.start_thinking(level, think, Purpose::Move, &mut out),
            Some(thinking) if thinking.purpose == Purpose::Hint => {
                self.stop_thinking(&mut out);
                self.start_thinking(level, think, Purpose::Move, &mut out);
            }
            Some(Thinking {
                answer: Some(hole),
                settled,
                ..
            }) if settled >= COMPUTER_PAUSE && still => {
                self.thinking = None;
                self.play_computer_move(view, hole, &mut out);
            }
            Some(_) => {}
        }
        out
    }

    fn play_computer_move(&mut self, view: &mut BoardView, hole: Hole, out: &mut Vec<Ask>) {
        let before = *self.game().position();
        match self.record.game.play(hole) {
            Ok(report) => {
                let played = report.played();
                self.played(view, before, report, out);
                if self.computer_to_move().is_none() {
                    let name = self.players.name(hole.side()).to_owned();
                    // As the move list writes it: `e+12` names a capture.
                    out.say(Tone::Info, format!("{name} sowed {played}"));
                }
                // Two computers: the next one starts thinking at once.
                out.extend(self.update_computer(view, false));
            }
            Err(error) => out.say(
                Tone::Error,
                format!("The computer chose {hole}, which cannot be sown: {error}"),
            ),
        }
    }

    /// Lets `elapsed` time pass for the search under way; `still`: with the
    /// board still (no sowing shown), which counts towards the pause
    /// before the computer's move is played.
    pub(crate) fn tick(&mut self, elapsed: Duration, still: bool) {
        if let Some(thinking) = &mut self.thinking {
            thinking.elapsed += elapsed;
            if still {
                thinking.settled += elapsed;
            }
        }
    }
}
