//! The game's actions from the other side of the network: what the other
//! player does to the game, as [`super::super::App::remote`] makes it of
//! what arrives.
//! Each is checked by the rules and the state of the game before it
//! changes anything (a move by [`crate::rules::Game::play`]); one that is
//! not theirs to do now is refused with [`Effect::Hangup`] and never applied.

use super::super::board::Board;
use super::super::copies::Copies;
use super::super::{Ask, Confirm, Connection, Effect, Match, Said, Table, Tone, counted};
use crate::record::Record;
use crate::rules::{BySide, Hole, Side};

/// What the other player, across the network, does to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Theirs {
    /// They joined under this name.
    Named(String),
    /// They said something: a move, a request, an answer, the next game.
    Said(Said),
    /// Their copy of the game, as they take their seat again (the joiner
    /// hears the host's).
    Copy(Box<Record>),
}

impl Table {
    /// Does what the other player does to the game, if it is theirs to do.
    pub(in crate::app) fn their_act(&mut self, view: &mut Board, theirs: Theirs) {
        match theirs {
            Theirs::Named(name) => {
                if let Some(side) = Side::ALL.into_iter().find(|&s| self.players.remote(s)) {
                    self.players.set_name(side, &name);
                    self.write_tags();
                    self.effect(Effect::Autosave);
                }
            }
            Theirs::Said(said) => self.their_said(view, said),
            Theirs::Copy(record) => self.resync(view, *record),
        }
    }

    /// What the other player said: a move, a request to take moves back
    /// (a question to this player), the answer to this player's, the next
    /// game; each refused if it is not theirs to say now.
    fn their_said(&mut self, view: &mut Board, said: Said) {
        let other = self.remote_name();
        match said {
            Said::Move { ply, hole } => self.remote_move(view, ply, hole),
            Said::HintAsked(ply) => self.their_hint(ply),
            Said::UndoAsked(keep) if self.players.no_assist => {
                self.refuse(format!(
                    "{other} asked to take the game back to move {keep} in a game played without take-backs"
                ));
            }
            Said::UndoAsked(keep) => {
                let asker = self
                    .game()
                    .history()
                    .get(keep)
                    .map(|played| played.hole.side());
                if keep >= self.game().ply() || !asker.is_some_and(|side| self.players.remote(side))
                {
                    self.refuse(format!(
                        "{other} asked to take the game back to move {keep}, which is not theirs"
                    ));
                } else {
                    self.push(Ask::Confirm(Confirm::Undo(keep)));
                }
            }
            Said::UndoAccepted(keep) => {
                let asked = self
                    .network
                    .as_mut()
                    .and_then(|network| network.asked.take());
                if asked == Some(keep) && keep < self.game().ply() {
                    self.undo_to(view, keep);
                } else {
                    self.refuse(format!("{other} took back moves nobody asked to"));
                }
            }
            Said::UndoDeclined(keep) => {
                let asked = self
                    .network
                    .as_mut()
                    .and_then(|network| network.asked.take());
                if asked == Some(keep) {
                    self.say(Tone::Info, format!("{other} declined to take back"));
                }
            }
            Said::NextGame => {
                if self.record.is_over() {
                    self.start_next_game(view);
                } else if self.game().ply() > 0 {
                    self.refuse(format!(
                        "{other} started a new game in the middle of this one"
                    ));
                }
            }
        }
    }

    /// A move from the other terminal: played if it is theirs, now, and legal.
    fn remote_move(&mut self, view: &mut Board, ply: usize, hole: Hole) {
        let other = self.remote_name();
        let Some(side) = self.record.to_move() else {
            self.refuse(format!("{other} sowed {hole} after the end of the game"));
            return;
        };
        if ply != self.game().ply() {
            // The peer's number, not ours: `ply + 1` may overflow.
            let theirs = ply.checked_add(1).map_or_else(
                || format!("after {ply} moves"),
                |number| format!("as move {number}"),
            );
            self.refuse(format!(
                "{other} sowed {hole} {theirs}, but this is move {}",
                self.game().ply() + 1
            ));
            return;
        }
        if !self.players.remote(side) {
            self.refuse(format!("{other} sowed {hole} out of turn"));
            return;
        }
        if hole.side() != side {
            self.refuse(format!("{other} sowed {hole}, a hole of the other row"));
            return;
        }
        let before = *self.game().position();
        match self.record.game.play(hole) {
            Ok(report) => {
                let played = report.played();
                self.played(view, before, report);
                self.say(Tone::Info, format!("{other} sowed {played}"));
            }
            Err(error) => self.refuse(format!("{other} sowed {hole}, which is illegal: {error}")),
        }
    }

    /// The other side's copy of the game when a player takes their seat
    /// again: taken if it goes on from ours, else ours is kept (the other
    /// side takes it, by the same rule); a copy that is another game is
    /// refused. The next game, begun as the line dropped, keeps its own file.
    fn resync(&mut self, view: &mut Board, record: Record) {
        let other = self.remote_name();
        match Copies::of(&self.record, &record) {
            Copies::Apart { theirs, ours } => {
                self.refuse(format!(
                    "{other}'s copy of the game ({}) is another game than ours ({})",
                    counted(theirs, "move"),
                    counted(ours, "move")
                ));
                return;
            }
            Copies::OursGoesOn { theirs, ours } => {
                self.say(
                    Tone::Info,
                    format!(
                        "Reconnected: {other}'s copy of the game has {}, ours {}: ours is kept",
                        counted(theirs, "move"),
                        counted(ours, "move")
                    ),
                );
                self.set_connection(Connection::Connected);
                return;
            }
            Copies::NextGame => self.serial += 1,
            Copies::Same | Copies::TheirsGoesOn => {}
        }
        let mut players = Match::from_record(&record);
        players.remote = self.players.remote;
        players.computers = BySide::default();
        self.players = players;
        self.record = record;
        self.write_tags();
        self.face_own_row(view);
        self.push(Ask::Still);
        self.after_change(view);
        self.set_connection(Connection::Connected);
        let news = format!(
            "Reconnected: the game goes on at move {}",
            self.game().ply() + 1
        );
        self.say(Tone::Info, news);
    }

    /// The answer to the other player's request to take the game back to
    /// its first `keep` moves.
    pub(in crate::app) fn answer_undo(&mut self, view: &mut Board, keep: usize, yes: bool) {
        if !self.connected() {
            return;
        }
        if yes {
            self.effect(Effect::Send(Said::UndoAccepted(keep)));
            self.undo_to(view, keep);
        } else {
            self.effect(Effect::Send(Said::UndoDeclined(keep)));
        }
    }

    /// Takes the game back to its first `keep` moves, both sides agreeing.
    fn undo_to(&mut self, view: &mut Board, keep: usize) {
        // The player whose move is taken back was helped.
        if let Some(played) = self.game().history().get(keep) {
            self.record.mark_assisted(played.hole.side());
        }
        let mut taken = Vec::new();
        while self.game().ply() > keep {
            let Some(hole) = self.record.game.undo() else {
                break;
            };
            view.cursor[hole.side()] = hole.index();
            taken.push(hole.to_string());
        }
        self.record.game.forget_redo();
        taken.reverse();
        self.say(Tone::Info, format!("Took back {}", taken.join(" ")));
        self.after_change(view);
    }
}
