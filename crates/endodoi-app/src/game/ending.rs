//! A game ended before the rules end it: the player to move resigns
//! (asked first), or the players agree a draw, offered to the other player
//! at this keyboard, to the computer (which weighs it with a search) or
//! across the network. The ending goes into the record
//! ([`endodoi_core::record::Record::end`]), and the game is over everywhere.

use super::super::component::{Ask, Tell};
use super::super::{
    Action, Confirm, Effect, GameAction, GameInPlay, GameMessage, Purpose, Tone, capitalise,
};
use endodoi_core::record::Ending;
use endodoi_core::rules::Side;

impl GameInPlay {
    /// Who resigns at this keyboard now: the player to move if they play
    /// here, else the one who does (against the computer or across the
    /// network a player may resign while the other thinks); why nobody may,
    /// if not: the game is over, nobody plays here, or the other player is
    /// away.
    pub(super) fn resigner(&self) -> Result<Side, String> {
        let Some(side) = self.record.to_move() else {
            return Err("The game is over".to_owned());
        };
        if self.players.all_computers() {
            return Err("Two computers play: nobody here resigns".to_owned());
        }
        if self.network.is_some() && !self.connected() {
            return Err(format!(
                "{} is not connected: the game waits",
                self.remote_name()
            ));
        }
        Ok(if self.plays_here(side) {
            side
        } else {
            side.opponent()
        })
    }

    /// Why no draw may be offered now, if not. The player to move offers
    /// it, at this keyboard or to the computer; across the network, the
    /// player who has just moved, while the other is to move (who answers
    /// before moving, so that no move crosses the answer on the line).
    pub(super) fn draw_refused(&self) -> Option<String> {
        let Some(side) = self.record.to_move() else {
            return Some("The game is over".to_owned());
        };
        if self.players.all_computers() {
            return Some("Two computers play: nobody here offers a draw".to_owned());
        }
        let name = self.players.name(side);
        if let Some(network) = &self.network {
            let other = self.remote_name();
            if !self.connected() {
                Some(format!("{other} is not connected: the game waits"))
            } else if network.offered {
                Some(format!("Your draw offer waits for {other}'s answer"))
            } else if self.plays_here(side) {
                Some(format!(
                    "Offer a draw once you have moved, while {other} thinks"
                ))
            } else {
                None
            }
        } else if !self.plays_here(side) {
            Some(format!("{name} has this turn: offer a draw on your own"))
        } else if self.thinks_for(Purpose::Draw) {
            Some(format!(
                "{} weighs your draw offer…",
                self.players.name(side.opponent())
            ))
        } else {
            None
        }
    }

    /// The resign key: the player who resigns is asked first.
    pub(super) fn resign(&mut self, out: &mut Vec<Ask>) {
        match self.resigner() {
            Err(why) => out.say(Tone::Error, why),
            Ok(side) => out.push(Ask::Confirm(Confirm::Resign(side))),
        }
    }

    /// The player of `side` said yes to resigning: the game ends, the other
    /// player wins (across the network, told so). Nothing happens if it is
    /// no longer theirs to do (the game ended as they were asked).
    pub(crate) fn resign_confirmed(&mut self, side: Side, out: &mut Vec<Ask>) {
        if self.resigner() != Ok(side) || !self.may_send(out) {
            return;
        }
        if self.network.is_some() {
            out.effect(Effect::Send(GameMessage::Resigned));
        }
        self.resigned(side, out);
    }

    /// The draw key: the player who offers is asked first.
    pub(super) fn ask_to_offer_draw(&mut self, out: &mut Vec<Ask>) {
        match (self.draw_refused(), self.draw_offerer()) {
            (Some(why), _) => out.say(Tone::Error, why),
            (None, Some(side)) => out.push(Ask::Confirm(Confirm::OfferDraw(side))),
            (None, None) => {}
        }
    }

    /// Who offers a draw at this keyboard: the player to move, across the
    /// network the one who has just moved.
    fn draw_offerer(&self) -> Option<Side> {
        let side = self.record.to_move()?;
        Some(if self.network.is_some() {
            side.opponent()
        } else {
            side
        })
    }

    /// The player who offers said yes to offering a draw: the other player
    /// at this keyboard is asked, the computer weighs it, or the player
    /// across the network is asked.
    pub(crate) fn offer_draw(&mut self, out: &mut Vec<Ask>) {
        if let Some(why) = self.draw_refused() {
            out.say(Tone::Error, why);
            return;
        }
        let Some(side) = self.record.to_move() else {
            return;
        };
        let other = side.opponent();
        if let Some(network) = &mut self.network {
            network.offered = true;
            out.effect(Effect::Send(GameMessage::DrawOffered));
            let news = format!("Offered {} a draw…", self.remote_name());
            out.say(Tone::Info, news);
        } else if let Some(level) = self.players.computer(other) {
            // A hint sought gives way to the offer.
            self.stop_thinking(out);
            self.start_thinking(level, self.think, Purpose::Draw, out);
            let news = format!("Offered {} a draw…", self.players.name(other));
            out.say(Tone::Info, news);
        } else {
            out.push(Ask::Confirm(Confirm::Draw(side)));
        }
    }

    /// The answer, at this keyboard, to the draw `offerer`'s player offers:
    /// `yes` draws the game. Across the network the answer is sent.
    pub(crate) fn answer_draw(&mut self, offerer: Side, yes: bool, out: &mut Vec<Ask>) {
        if self.network.is_some() {
            if !self.connected() {
                return;
            }
            let said = if yes {
                GameMessage::DrawAccepted
            } else {
                GameMessage::DrawDeclined
            };
            out.effect(Effect::Send(said));
        }
        let answerer = self.players.name(offerer.opponent()).to_owned();
        if yes {
            let news = format!(
                "Draw agreed: {answerer} accepted {}'s offer",
                self.players.name(offerer)
            );
            self.end_by(Ending::DrawAgreed, news, out);
        } else {
            out.say(Tone::Info, format!("{answerer} declined the draw"));
        }
    }

    /// The other player, across the network, resigned, on their turn or
    /// while this player thinks: refused once the game is over.
    pub(super) fn their_resignation(&mut self, out: &mut Vec<Ask>) {
        let other = self.remote_name();
        match (self.record.to_move(), self.players.remote_side()) {
            (Some(_), Some(side)) => self.resigned(side, out),
            _ => self.refuse(format!("{other} resigned after the end of the game"), out),
        }
    }

    /// The other player, across the network, offers a draw: asked of this
    /// player, unless the game is over or it is theirs to move (they offer
    /// once they have moved).
    pub(super) fn their_draw_offer(&mut self, out: &mut Vec<Ask>) {
        let other = self.remote_name();
        match self.record.to_move() {
            None => self.refuse(
                format!("{other} offered a draw after the end of the game"),
                out,
            ),
            Some(side) if self.players.remote(side) => {
                self.refuse(format!("{other} offered a draw on their own turn"), out);
            }
            Some(side) => out.push(Ask::Confirm(Confirm::Draw(side.opponent()))),
        }
    }

    /// The other player's answer to this player's draw offer: refused if
    /// nobody offered one.
    pub(super) fn their_draw_answer(&mut self, yes: bool, out: &mut Vec<Ask>) {
        let other = self.remote_name();
        let offered = self
            .network
            .as_mut()
            .is_some_and(|network| std::mem::take(&mut network.offered));
        if !offered || self.record.is_over() {
            let what = if yes { "accepted" } else { "declined" };
            self.refuse(format!("{other} {what} a draw nobody offered"), out);
        } else if yes {
            let news = format!("Draw agreed: {other} accepted your offer");
            self.end_by(Ending::DrawAgreed, news, out);
        } else {
            out.say(Tone::Info, format!("{other} declined the draw"));
        }
    }

    /// The player of `side` resigned: the game ends, and the message line
    /// names who resigned and who wins.
    fn resigned(&mut self, side: Side, out: &mut Vec<Ask>) {
        let news = format!(
            "{} resigned: {} wins",
            self.players.name(side),
            self.players.name(side.opponent())
        );
        self.end_by(Ending::Resigned(side), news, out);
    }

    /// Ends the game as `ending` says, and tells the player `news`: nothing
    /// thinks on, nothing waits for an answer, and the game is kept with
    /// its ending. (The board needs no settling: nobody is to move.)
    pub(crate) fn end_by(&mut self, ending: Ending, news: String, out: &mut Vec<Ask>) {
        if let Err(error) = self.record.end(ending) {
            out.say(Tone::Error, capitalise(&error.to_string()));
            return;
        }
        self.stop_thinking(out);
        if let Some(network) = &mut self.network {
            network.asked = None;
            network.offered = false;
        }
        // A question about the game (a take-back, a draw) has no answer now.
        out.push(Ask::Withdrawn);
        out.say(Tone::Info, news);
        out.push(Ask::Autosave);
    }

    /// The undo key in a game ended early (resigned, drawn by agreement,
    /// lost on time): no move is taken back.
    pub(super) fn refuse_takeback(&mut self, out: &mut Vec<Ask>) {
        if let Some(ending) = self.record.ending() {
            out.say(Tone::Error, format!("{ending}: no move is taken back"));
        }
    }

    /// Once the last game of a match is over and the match is won: who won
    /// it, and the key that begins a new match.
    pub(crate) fn match_over(&self) -> Option<String> {
        let tally = self.tally();
        let champion = self.players.champion(tally)?;
        Some(format!(
            "{} won the match {}-{}: {} begins a new match",
            self.players.names[champion],
            tally[champion],
            tally[champion.opponent()],
            self.key_name(Action::Game(GameAction::NewGame))
        ))
    }

    /// Why the game cannot be reviewed now, if it cannot: it goes on, or it
    /// is across the network (whose next game may come at any moment).
    pub(super) fn review_refused(&self) -> Option<&'static str> {
        if !self.record.is_over() {
            Some("A game is reviewed once it is over")
        } else if self.network.is_some() {
            Some("A game across the network is reviewed from its file: `endodoi replay`")
        } else {
            None
        }
    }

    /// Why there is no rematch now, if there is none: the game goes on, or
    /// the match goes on with its next game (the rows change already).
    pub(super) fn rematch_refused(&self) -> Option<String> {
        if !self.record.is_over() {
            Some("A rematch once the game is over".to_owned())
        } else if self.players.first_to.is_some() {
            Some(format!(
                "In a match the players change rows after every game: {} goes on",
                self.key_name(Action::Game(GameAction::Sow))
            ))
        } else {
            None
        }
    }
}
