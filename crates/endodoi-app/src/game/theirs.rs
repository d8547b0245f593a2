//! The game's actions from the other side of the network: what the other
//! player does to the game, as [`GameInPlay::remote`] makes it of
//! what arrives.
//! Each is checked by the rules and the state of the game before it
//! changes anything (a move by [`endodoi_core::rules::Game::play`]); one that is
//! not theirs to do now is refused with [`Effect::Hangup`] and never applied.

use std::time::Duration;

use super::super::board::BoardView;
use super::super::component::{Ask, Tell};
use super::super::copies::Copies;
use super::super::{Confirm, Connection, Effect, GameInPlay, GameMessage, Tone, counted};
use super::FLAG_GRACE;
use endodoi_core::clock::shown;
use endodoi_core::record::{Ending, Record};
use endodoi_core::rules::{Hole, Side};

/// How a move of the other player's comes: on the line, with its mover's
/// time left (none in a game without clocks), or in their copy of the game.
/// A copied move carries no time (a copy's `Clock` tag is never read): it
/// is checked as a move on the line but for its time, and its mover's clock
/// here stays this terminal's reading with the increment added, until
/// their next move brings their own.
#[derive(Copy, Clone, Debug)]
enum Came {
    /// With the time left the mover says.
    Said(Option<Duration>),
    /// In their copy of the game.
    Copied,
}

/// What the other player, across the network, does to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TheirAction {
    /// They joined under this name.
    Named(String),
    /// They said something: a move, a request, an answer, the next game.
    Said(GameMessage),
    /// Their copy of the game, as they take their seat again (the joiner
    /// hears the host's).
    Copy(Box<Record>),
}

impl GameInPlay {
    /// Does what the other player does to the game, if it is theirs to do.
    pub(crate) fn their_act(
        &mut self,
        view: &mut BoardView,
        theirs: TheirAction,
        out: &mut Vec<Ask>,
    ) {
        match theirs {
            TheirAction::Named(name) => {
                if let Some(side) = self.players.remote_side() {
                    self.players.set_name(side, &name);
                    self.write_tags();
                    out.push(Ask::Autosave);
                }
            }
            TheirAction::Said(said) => self.their_said(view, said, out),
            TheirAction::Copy(record) => self.resync(view, &record, out),
        }
    }

    /// What the other player said: a move, a request to take moves back
    /// (a question to this player), the answer to this player's, the next
    /// game, a resignation, a draw offered or answered; each refused if it
    /// is not theirs to say now.
    fn their_said(&mut self, view: &mut BoardView, said: GameMessage, out: &mut Vec<Ask>) {
        let other = self.remote_name();
        match said {
            GameMessage::Move { ply, hole, left } => self.remote_move(view, ply, hole, left, out),
            GameMessage::Flag(ply) => self.their_flag(ply, out),
            GameMessage::UndoAsked(_) | GameMessage::UndoAccepted(_)
                if self.record.ending().is_some() =>
            {
                self.refuse(
                    format!("{other} would take back moves once the game had ended"),
                    out,
                );
            }
            GameMessage::HintAsked(ply) => self.their_hint(ply, out),
            GameMessage::UndoAsked(keep) if self.players.no_assist => {
                self.refuse(format!(
                    "{other} asked to take the game back to move {keep} in a game played without take-backs"
                ), out);
            }
            GameMessage::UndoAsked(keep) => {
                let asker = self
                    .game()
                    .history()
                    .get(keep)
                    .map(|played| played.hole.side());
                if keep >= self.game().ply() || !asker.is_some_and(|side| self.players.remote(side))
                {
                    self.refuse(format!(
                        "{other} asked to take the game back to move {keep}, which is not theirs"
                    ), out);
                } else {
                    out.push(Ask::Confirm(Confirm::Undo(keep)));
                }
            }
            GameMessage::UndoAccepted(keep) => {
                let asked = self
                    .network
                    .as_mut()
                    .and_then(|network| network.asked.take());
                if asked == Some(keep) && keep < self.game().ply() {
                    self.undo_to(view, keep, out);
                } else {
                    self.refuse(format!("{other} took back moves nobody asked to"), out);
                }
            }
            GameMessage::UndoDeclined(keep) => {
                let asked = self
                    .network
                    .as_mut()
                    .and_then(|network| network.asked.take());
                if asked == Some(keep) {
                    out.say(Tone::Info, format!("{other} declined to take back"));
                }
            }
            GameMessage::NextGame { game, row } => self.their_next(view, game, row, out),
            GameMessage::Resigned => self.their_resignation(out),
            GameMessage::DrawOffered => self.their_draw_offer(out),
            GameMessage::DrawAccepted => self.their_draw_answer(true, out),
            GameMessage::DrawDeclined => self.their_draw_answer(false, out),
        }
    }

    /// A move from the other terminal: played if it is theirs, now, and
    /// legal, and its mover's time `left` is what the game's clocks allow.
    /// A move that crossed the end of the game on their time is dropped.
    fn remote_move(
        &mut self,
        view: &mut BoardView,
        ply: usize,
        hole: Hole,
        left: Option<Duration>,
        out: &mut Vec<Ask>,
    ) {
        if self.crossed_flag() {
            return;
        }
        if let Err(why) = self.their_move(view, ply, hole, Came::Said(left), out) {
            self.refuse(why, out);
        }
    }

    /// Whether the game ended here on the other player's time: a move of
    /// theirs that comes now crossed the `flag` on the line.
    fn crossed_flag(&self) -> bool {
        matches!(self.record.ending(), Some(Ending::OutOfTime(side)) if self.players.remote(side))
    }

    /// Plays the other player's `hole` as move `ply + 1`, if it is theirs,
    /// now, and legal, and the time it `came` with is what the clocks
    /// allow; else why not, and nothing is changed.
    fn their_move(
        &mut self,
        view: &mut BoardView,
        ply: usize,
        hole: Hole,
        came: Came,
        out: &mut Vec<Ask>,
    ) -> Result<(), String> {
        let other = self.remote_name();
        let Some(side) = self.record.to_move() else {
            return Err(format!("{other} sowed {hole} after the end of the game"));
        };
        if ply != self.game().ply() {
            // The peer's number, not ours: `ply + 1` may overflow.
            let theirs = ply.checked_add(1).map_or_else(
                || format!("after {ply} moves"),
                |number| format!("as move {number}"),
            );
            return Err(format!(
                "{other} sowed {hole} {theirs}, but this is move {}",
                self.game().ply() + 1
            ));
        }
        if !self.players.remote(side) {
            return Err(format!("{other} sowed {hole} out of turn"));
        }
        if hole.side() != side {
            return Err(format!("{other} sowed {hole}, a hole of the other row"));
        }
        if let Came::Said(left) = came
            && let Some(why) = self.wrong_time(side, left)
        {
            return Err(format!("{other} sowed {hole} {why}"));
        }
        let before = *self.game().position();
        let report = self
            .record
            .game
            .play(hole)
            .map_err(|error| format!("{other} sowed {hole}, which is illegal: {error}"))?;
        let played = report.played();
        // A copied move brings no time: the mover's clock is this
        // terminal's reading and the increment, until their next move.
        self.played(view, before, report, out);
        if let Came::Said(Some(left)) = came {
            self.set_left(side, left);
        }
        out.say(Tone::Info, format!("{other} sowed {played}"));
        Ok(())
    }

    /// Why the time left sent with `side`'s move cannot be, if it cannot:
    /// missing in a game with clocks, sent in one without, or more than the
    /// control gives after all of their moves.
    fn wrong_time(&self, side: Side, left: Option<Duration>) -> Option<String> {
        match (self.most_left(side), left) {
            (Some(_), None) => Some("without the time left on their clock".to_owned()),
            (None, Some(_)) => Some("with a time left, in a game without clocks".to_owned()),
            (Some(most), Some(left)) if left > most => Some(format!(
                "with {} left on their clock, more than the game's {} allows ({})",
                shown(left),
                self.clocks
                    .map_or_else(String::new, |c| c.control().to_string()),
                shown(most)
            )),
            _ => None,
        }
    }

    /// The other terminal says the player to move after `ply` moves ran out
    /// of time: their own flag (taken at its word), or this player's (taken
    /// only if this terminal's clock is within [`FLAG_GRACE`] of zero: the
    /// two clocks start apart by the line's delay). Once the game is over
    /// it is news to nobody.
    fn their_flag(&mut self, ply: usize, out: &mut Vec<Ask>) {
        let other = self.remote_name();
        let Some(side) = self.record.to_move() else {
            return;
        };
        let Some(clocks) = self.clocks else {
            self.refuse(
                format!("{other} said a clock ran out in a game without clocks"),
                out,
            );
            return;
        };
        if ply != self.game().ply() {
            self.refuse(
                format!(
                    "{other} said a clock ran out after {}, but this game has {}",
                    counted(ply, "move"),
                    counted(self.game().ply(), "move")
                ),
                out,
            );
        } else if self.players.remote(side) || clocks.left(side) <= FLAG_GRACE {
            self.out_of_time(side, out);
        } else {
            let name = self.players.name(side).to_owned();
            self.refuse(
                format!(
                    "{other} said {name} ran out of time, with {} left here",
                    shown(clocks.left(side))
                ),
                out,
            );
        }
    }

    /// The other side's copy of the game when a player takes their seat
    /// again. Only its moves are read: ours is kept, and goes on with the
    /// further moves of theirs, each played as a move that comes on the
    /// line (without a time: see [`Came::Copied`]); a copy with any other
    /// move (ours, out of turn, illegal) or that is another game is
    /// refused, naming both lengths. Its tags are never taken: what this
    /// side said that their copy shows they missed is said again.
    fn resync(&mut self, view: &mut BoardView, record: &Record, out: &mut Vec<Ask>) {
        let other = self.remote_name();
        if !self.settle_game(view, record, out) {
            return;
        }
        let copies = Copies::of(&self.record, record);
        let ours = self.game().ply();
        let news =
            match &copies {
                Copies::Apart { theirs, ours } => {
                    self.refuse(
                        format!(
                            "{other}'s copy of the game ({}) is another game than ours ({})",
                            counted(*theirs, "move"),
                            counted(*ours, "move")
                        ),
                        out,
                    );
                    return;
                }
                Copies::OursGoesOn { theirs, ours } => format!(
                    "Reconnected: {other}'s copy of the game has {}, ours {}: ours is kept",
                    counted(*theirs, "move"),
                    counted(*ours, "move")
                ),
                Copies::TheirsGoesOn => {
                    if let Err(why) = self.their_moves(view, record, out) {
                        self.refuse(format!(
                        "{other}'s copy of the game ({}) does not go on from ours ({}): {why}",
                        counted(record.game.ply(), "move"),
                        counted(ours, "move")
                    ), out);
                        return;
                    }
                    format!(
                        "Reconnected: the game goes on at move {}",
                        self.game().ply() + 1
                    )
                }
                Copies::Same => format!(
                    "Reconnected: the game goes on at move {}",
                    self.game().ply() + 1
                ),
            };
        self.set_connection(Connection::Connected);
        self.say_again(record, out);
        out.say(Tone::Info, news);
    }

    /// Plays the further moves of `theirs`, a copy that goes on from ours,
    /// each as a move of theirs that comes on the line; all or none: on
    /// the first that may not be played, why, and nothing is changed.
    /// Moves after the game ended here on their time crossed the `flag`,
    /// and are dropped.
    fn their_moves(
        &mut self,
        view: &mut BoardView,
        theirs: &Record,
        out: &mut Vec<Ask>,
    ) -> Result<(), String> {
        let (mut table, mut board, mut asks) = (self.clone(), view.clone(), Vec::new());
        for (ply, played) in theirs
            .game
            .history()
            .iter()
            .enumerate()
            .skip(self.game().ply())
        {
            if table.crossed_flag() {
                break;
            }
            table.their_move(&mut board, ply, played.hole, Came::Copied, &mut asks)?;
        }
        (*self, *view) = (table, board);
        out.extend(asks);
        Ok(())
    }

    /// After a reconnection, says again what this side said as the line
    /// dropped and their copy (`theirs`, as it stands once ours is settled)
    /// shows they did not hear: how this game ended (a resignation, a flag,
    /// a draw accepted), or a draw offered that waits for its answer. Each
    /// is checked where it arrives, as ever. Their copy's word only decides
    /// what is said again: if it is over already (as ours, or another way),
    /// nothing is. (A next game the joiner missed is settled by its number:
    /// see [`GameInPlay::settle_game`].)
    fn say_again(&mut self, theirs: &Record, out: &mut Vec<Ask>) {
        let offered = self.network.as_ref().is_some_and(|network| network.offered);
        let said = if theirs.verdict().is_some() {
            None
        } else {
            match self.record.ending() {
                Some(Ending::Resigned(side)) if !self.players.remote(side) => {
                    Some(GameMessage::Resigned)
                }
                Some(Ending::OutOfTime(_)) => Some(GameMessage::Flag(self.game().ply())),
                Some(Ending::DrawAgreed) => Some(GameMessage::DrawAccepted),
                None if offered => Some(GameMessage::DrawOffered),
                Some(Ending::Resigned(_)) | None => None,
            }
        };
        if let Some(said) = said {
            out.effect(Effect::Send(said));
        }
    }

    /// The answer to the other player's request to take the game back to
    /// its first `keep` moves (none once the game is over: a flag that fell
    /// meanwhile is not taken back).
    pub(crate) fn answer_undo(
        &mut self,
        view: &mut BoardView,
        keep: usize,
        yes: bool,
        out: &mut Vec<Ask>,
    ) {
        if !self.connected() || self.record.is_over() {
            return;
        }
        if yes {
            out.effect(Effect::Send(GameMessage::UndoAccepted(keep)));
            self.undo_to(view, keep, out);
        } else {
            out.effect(Effect::Send(GameMessage::UndoDeclined(keep)));
        }
    }

    /// Takes the game back to its first `keep` moves, both sides agreeing.
    fn undo_to(&mut self, view: &mut BoardView, keep: usize, out: &mut Vec<Ask>) {
        // The player whose move is taken back was helped.
        if let Some(played) = self.game().history().get(keep) {
            self.record.mark_assisted(played.hole.side());
        }
        let mut taken = Vec::new();
        while self.game().ply() > keep {
            let Some(hole) = self.record.game.undo() else {
                break;
            };
            self.clock_taken_back(hole.side());
            view.cursor[hole.side()] = hole.index();
            taken.push(hole.to_string());
        }
        self.record.game.forget_redo();
        taken.reverse();
        out.say(Tone::Info, format!("Took back {}", taken.join(" ")));
        self.after_change(view, out);
    }
}
