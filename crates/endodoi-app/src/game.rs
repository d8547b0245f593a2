//! The game screen, a component: the [`GameInPlay`] holds the game being played
//! (its record, the match, the computer's thinking, the connection to the
//! other player), and its actions ([`GameAction`], a click, the computer's and
//! the other player's moves) change it and the board lent to it, and say
//! what they ask of the router ([`Ask`]): a message, a sowing to show, a
//! question, work for the event loop.

mod assist;
mod clock;
mod computer;
mod ending;
mod keys;
mod network;
mod next;
mod rows;
mod theirs;

use assist::NO_ASSIST;
pub use clock::{FLAG_GRACE, LOW_TIME};
pub(super) use network::resume_command;
pub use theirs::TheirAction;

use std::time::Duration;

use super::actions::{Action, GameAction, Target};
use super::board::{BoardView, GAME_OVER};
use super::component::{Ask, Component, Lent, Shown, Tell};
use super::keys::{Binding, Keymap};
use super::question::Confirm;
use super::{Match, Network, OpenTarget, Purpose, Thinking, Tone, capitalise};
use endodoi_core::clock::Clocks;
use endodoi_core::record::Record;
use endodoi_core::rules::{BySide, Config, Game, Hole, MoveReport, Position, Side};
use endodoi_engine::DEFAULT_THINK;

/// The game being played and what plays it: its record, the players and
/// the match, the computer's thinking and the connection to the other
/// player. The router holds it (it outlives the screen: the lesson and the
/// viewer go on into it, and a record is reviewed out of it) and lends it
/// the board while the game is shown.
#[derive(Clone, Debug)]
pub struct GameInPlay {
    /// The game, tags included.
    pub(super) record: Record,
    /// The players and the match state.
    pub(super) players: Match,
    /// How long the computer thinks on a move.
    pub(super) think: Duration,
    /// The search under way, if any.
    pub(super) thinking: Option<Thinking>,
    /// The other player, across the network, if the game is played so.
    pub(super) network: Option<Box<Network>>,
    /// Numbers the games played at this table, so that each gets its own file.
    pub(super) serial: u64,
    /// The players' clocks, if the game has a time control.
    clocks: Option<Clocks>,
    /// How long the running clock has stood at zero.
    overtime: Duration,
    /// The clock reading of each move's mover as they made it, by ply
    /// (none for the moves of a game resumed or taken from the other side).
    readings: Vec<Option<Duration>>,
    /// How much time has run on the clocks since the game was last kept.
    unkept: Duration,
}

impl GameInPlay {
    /// The game of `record` for `players`, nothing thinking, no network.
    pub(super) fn new(record: Record, players: Match) -> GameInPlay {
        let mut table = GameInPlay {
            record,
            players,
            think: DEFAULT_THINK,
            thinking: None,
            network: None,
            serial: 0,
            clocks: None,
            overtime: Duration::ZERO,
            readings: Vec::new(),
            unkept: Duration::ZERO,
        };
        table.write_tags();
        table.reset_clocks();
        table
    }

    /// The game being played.
    pub(super) fn game(&self) -> &Game {
        &self.record.game
    }

    /// The search under way, if any.
    pub fn thinking(&self) -> Option<&Thinking> {
        self.thinking.as_ref()
    }

    /// Numbers the games played at this table, so that each gets its own
    /// file.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The name of the key that asks for `action` in the game, for a
    /// message written in words.
    pub(super) fn key_name(&self, action: Action) -> String {
        Keymap::GAME
            .key_of(action)
            .name(self.game().config().width())
    }

    /// Takes the game and players out, for a screen that shows them as its
    /// own (the viewer), leaving a new game on `config` in their place.
    pub(super) fn set_aside(&mut self, config: Config) -> (Record, Match) {
        let record = std::mem::replace(&mut self.record, Record::new(Game::new(config)));
        (record, std::mem::take(&mut self.players))
    }

    /// The game of the screen shown (the lesson's last page, a record
    /// played on from the viewer), if any, goes on as the game played,
    /// in a file of its own with `new_file` (a game reviewed from its end
    /// stays as it ended, in its file); its clocks start as its record
    /// says.
    pub(super) fn take_over(
        &mut self,
        view: &mut BoardView,
        game: Option<(Record, Match)>,
        new_file: bool,
    ) {
        if new_file {
            self.serial += 1;
        }
        if let Some((record, players)) = game {
            (self.record, self.players) = (record, players);
        }
        self.reset_clocks();
        view.settle(&self.record);
    }

    /// The answer at this keyboard to `question`, about the game: `yes`
    /// or no.
    pub(super) fn answer(
        &mut self,
        view: &mut BoardView,
        question: Confirm,
        yes: bool,
    ) -> Vec<Ask> {
        let mut out = Vec::new();
        match question {
            Confirm::Undo(keep) => self.answer_undo(view, keep, yes, &mut out),
            Confirm::NewGame if yes => self.start_next_game(view, &mut out),
            Confirm::Resign(side) if yes => self.resign_confirmed(side, &mut out),
            Confirm::OfferDraw(_) if yes => self.offer_draw(&mut out),
            Confirm::Draw(offerer) => self.answer_draw(offerer, yes, &mut out),
            Confirm::Quit | Confirm::NewGame | Confirm::Resign(_) | Confirm::OfferDraw(_) => {}
        }
        out
    }

    /// Writes the players and match state (and the seat of a networked
    /// game) into the record's tags.
    pub(super) fn write_tags(&mut self) {
        self.players.write_tags(&mut self.record);
        if let Some(seat) = self
            .network
            .as_ref()
            .and_then(|network| network.seat.as_deref())
        {
            self.record.set_tag(super::remote::SEAT_TAG, seat);
        }
        self.write_rows();
    }

    /// Whether the game has moves and is not over: quitting leaves it to `--resume`.
    pub fn unfinished(&self) -> bool {
        self.game().ply() > 0 && !self.record.is_over()
    }

    /// Each player's wins in the match, the current game's result included.
    pub(super) fn tally(&self) -> BySide<u16> {
        self.players
            .tally(self.record.verdict().and_then(|verdict| verdict.winner))
    }

    /// Whether `play` makes sense now, so that the key bar offers it
    /// (whatever popup is shown over the game: the end of the game lists
    /// those that do).
    pub fn offers_play(&self, play: GameAction) -> bool {
        if matches!(play, GameAction::Hint | GameAction::Undo) && self.players.no_assist {
            return false;
        }
        let moving = matches!(
            play,
            GameAction::Select(_)
                | GameAction::SelectLeft
                | GameAction::SelectRight
                | GameAction::Sow
                | GameAction::Hint
                | GameAction::TogglePreview
        );
        if play == GameAction::ToggleResult {
            self.record.is_over()
        } else if play == GameAction::Review {
            self.review_refused().is_none()
        } else if play == GameAction::Undo {
            self.can_undo()
        } else if play == GameAction::Rematch {
            self.rematch_refused().is_none()
        } else if play == GameAction::Menu {
            self.menu_refused().is_none()
        } else if play == GameAction::Resign {
            self.resigner().is_ok()
        } else if play == GameAction::OfferDraw {
            self.draw_refused().is_none()
        } else if play == GameAction::Redo {
            // Across the network, moves are taken back only as both agree.
            self.network.is_none() &&
            // Nothing taken back, nothing to play again.
            !self.game().redo_moves().is_empty()
        } else if self.record.is_over() {
            !moving
        } else if self.network.is_some() {
            // Across the network a game is played to its end, and nobody
            // moves while the other player is away.
            play != GameAction::NewGame && !(moving && (self.others_turn() || !self.connected()))
        } else {
            !(moving && self.others_turn())
        }
    }

    /// Does what `play` asks of the game.
    fn play(&mut self, view: &mut BoardView, play: GameAction, out: &mut Vec<Ask>) {
        match play {
            GameAction::Undo if self.record.ending().is_some() => self.refuse_takeback(out),
            GameAction::Hint | GameAction::Undo if self.players.no_assist => {
                out.say(Tone::Error, NO_ASSIST);
            }
            GameAction::Undo if self.network.is_some() => self.ask_undo(out),
            GameAction::Redo if self.network.is_some() => out.say(Tone::Error, "Nothing to redo"),
            GameAction::Undo => self.undo(view, out),
            GameAction::Redo => self.redo(view, out),
            GameAction::NewGame => self.new_game(view, out),
            GameAction::Rematch => self.rematch(view, out),
            GameAction::Menu => match self.menu_refused() {
                Some(why) => out.say(Tone::Error, why),
                None => out.push(Ask::Open(OpenTarget::Menu)),
            },
            GameAction::Hint => self.ask_hint(out),
            GameAction::Save => out.push(Ask::Export),
            GameAction::Resign => self.resign(out),
            GameAction::OfferDraw => self.ask_to_offer_draw(out),
            GameAction::ToggleResult => view.result_hidden = !view.result_hidden,
            GameAction::OlderMoves => view.scroll_moves(true, &self.record.game),
            GameAction::NewerMoves => view.scroll_moves(false, &self.record.game),
            GameAction::Review => match self.review_refused() {
                Some(why) => out.say(Tone::Error, why),
                None => out.push(Ask::Review),
            },
            GameAction::TogglePreview if self.players.no_assist => {
                out.say(
                    Tone::Error,
                    "No move preview in a game played without help".to_owned(),
                );
            }
            GameAction::TogglePreview => {
                view.preview = !view.preview;
                let state = if view.preview { "on" } else { "off" };
                out.say(Tone::Info, format!("Move preview {state}"));
                out.push(Ask::RememberDisplay);
            }
            GameAction::Flip => {
                let news = view.flip();
                out.say(Tone::Info, news);
            }
            // Enter goes on with a match, never past its end: a new match
            // is begun only with the key the game-over box offers for it.
            GameAction::Sow if self.record.is_over() && self.players.first_to.is_some() => {
                match self.match_over() {
                    Some(over) => out.say(Tone::Error, over),
                    None => self.new_game(view, out),
                }
            }
            GameAction::SelectLeft | GameAction::SelectRight | GameAction::Sow
                if self.others_turn() =>
            {
                if let Some(side) = self.record.to_move() {
                    self.refuse_computer_turn(side, out);
                }
            }
            GameAction::SelectLeft => view.step(&self.record, -1),
            GameAction::SelectRight => view.step(&self.record, 1),
            GameAction::Sow => self.sow(view, out),
            GameAction::Select(letter) => self.select_letter(view, letter, out),
        }
    }

    /// A click on `hole`: it selects the hole, a click on the selected hole
    /// sows it.
    fn click(&mut self, view: &mut BoardView, hole: Hole, out: &mut Vec<Ask>) {
        match self.record.to_move() {
            None => {}
            Some(side) if !self.plays_here(side) => self.refuse_computer_turn(side, out),
            Some(side) if side != hole.side() => {
                let name = self.players.name(side).to_owned();
                out.say(Tone::Error, format!("{name} moves from the {side} row"));
            }
            Some(side) if Hole::new(side, view.cursor[side]) == hole => self.sow(view, out),
            Some(_) => {
                if let Err(why) = view.select(&self.record, hole) {
                    out.say(Tone::Error, why);
                }
            }
        }
    }

    /// Selects the hole of `letter` in the mover's row, if the person
    /// at this keyboard is to move.
    fn select_letter(&mut self, view: &mut BoardView, letter: char, out: &mut Vec<Ask>) {
        if let Some(side) = self.record.to_move()
            && !self.plays_here(side)
        {
            self.refuse_computer_turn(side, out);
            return;
        }
        if let Err(why) = view.select_letter(&self.record, letter) {
            out.say(Tone::Error, why);
        }
    }

    /// Sows the selected hole of the person to move.
    fn sow(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
        let Some(hole) = view.selected(&self.record) else {
            out.say(Tone::Error, GAME_OVER);
            return;
        };
        if !self.may_send(out) {
            return;
        }
        let before = *self.game().position();
        let ply = self.game().ply();
        match self.record.game.play(hole) {
            Ok(report) => {
                self.played(view, before, report, out);
                self.send_move(ply, hole, out);
            }
            Err(error) => out.say(Tone::Error, capitalise(&error.to_string())),
        }
    }

    /// A move just played from `before`, whoever played it: the board
    /// shows it sown, and the game is kept.
    pub(super) fn played(
        &mut self,
        view: &mut BoardView,
        before: Position,
        report: MoveReport,
        out: &mut Vec<Ask>,
    ) {
        view.cursor[report.hole.side()] = report.hole.index();
        self.clock_moved(report.hole.side());
        out.push(Ask::Sow(before, report));
        self.after_change(view, out);
    }

    /// After the game changed: a hint sought is dropped, a draw offered
    /// lapses, the selection is kept on a legal hole, the game saved.
    pub(super) fn after_change(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
        // The game-over box of a game that goes on (taken back, or the
        // next) is shown again when it ends.
        if !self.record.is_over() {
            view.result_hidden = false;
        }
        if self
            .thinking
            .is_some_and(|thinking| thinking.purpose != Purpose::Move)
        {
            self.stop_thinking(out);
        }
        if let Some(network) = &mut self.network {
            network.offered = false;
        }
        view.settle(&self.record);
        out.push(Ask::Autosave);
    }

    /// Whether undo has a move to take back: against the computer, one a
    /// person played (when the computer opened the game and has played
    /// only that, there is nothing to undo); with two computers or two
    /// people, any move. A game ended early takes no move back: resigned
    /// or drawn by agreement (as on lichess), or lost on time (the clock
    /// that fell would end it again at once).
    pub(super) fn can_undo(&self) -> bool {
        if self.record.ending().is_some() {
            return false;
        }
        let mut movers = self
            .game()
            .history()
            .iter()
            .map(|played| played.hole.side());
        if self.players.all_computers() {
            movers.next().is_some()
        } else {
            movers.any(|side| self.plays_here(side))
        }
    }

    /// Whether the person at this keyboard plays `side` (not the computer,
    /// nor a player in another terminal).
    pub(super) fn plays_here(&self, side: Side) -> bool {
        self.players.computer(side).is_none() && !self.players.remote(side)
    }

    /// Whether the computer or the player in another terminal is to move.
    pub(super) fn others_turn(&self) -> bool {
        self.record
            .to_move()
            .is_some_and(|side| !self.plays_here(side))
    }

    /// Whether `u` takes back a move of the person playing the computer.
    pub fn takes_back_yours(&self) -> bool {
        !self.players.all_computers() && !self.players.no_assist && self.can_undo()
    }

    /// Takes back the last move; against the computer, also the moves
    /// before it until a person is to move (the computer's and the player's).
    fn undo(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
        let mut taken = Vec::new();
        if self.can_undo() {
            while let Some(hole) = self.record.game.undo() {
                self.clock_taken_back(hole.side());
                view.cursor[hole.side()] = hole.index();
                taken.push(hole.to_string());
                if !self.computer_keeps_turn() {
                    break;
                }
            }
        }
        if taken.is_empty() {
            out.say(Tone::Error, "Nothing to undo");
            return;
        }
        self.stop_thinking(out);
        taken.reverse();
        out.say(Tone::Info, format!("Took back {}", taken.join(" ")));
        // The person whose move was taken back is to play it again.
        if let Some(side) = self.record.to_move().filter(|&side| self.plays_here(side)) {
            self.record.mark_assisted(side);
        }
        self.after_change(view, out);
    }

    /// Plays the last move taken back again; against the computer, also the
    /// moves after it until a person is to move.
    fn redo(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
        let mut played = Vec::new();
        while let Some(report) = self.record.game.redo() {
            self.clock_moved(report.hole.side());
            played.push(report.hole.to_string());
            if !self.computer_keeps_turn() {
                break;
            }
        }
        if played.is_empty() {
            out.say(Tone::Error, "Nothing to redo");
            return;
        }
        self.stop_thinking(out);
        out.say(Tone::Info, format!("Played {} again", played.join(" ")));
        self.after_change(view, out);
    }

    /// Whether undo and redo go past the position reached: the computer is to
    /// move there and a person plays the other side.
    fn computer_keeps_turn(&self) -> bool {
        self.computer_to_move().is_some() && !self.players.all_computers()
    }
}

/// The game screen: its keys (the game's own, and a click on a hole).
impl Component for GameInPlay {
    fn keymap(&self) -> Keymap {
        Keymap::GAME
    }

    fn update(&mut self, action: Action, lent: Lent<'_>) -> Vec<Ask> {
        let mut out = Vec::new();
        match action {
            Action::Game(play) => self.play(lent.view, play, &mut out),
            Action::Click(Target::Hole(hole)) => self.click(lent.view, hole, &mut out),
            _ => {}
        }
        out
    }

    /// The game's keys as [`GameInPlay::offers_play`] says; not the menu key
    /// where the quit key goes back to the menu already.
    fn offers(&self, action: Action, shown: Shown<'_>) -> bool {
        match action {
            Action::Game(GameAction::Menu) if shown.from_menu => false,
            Action::Game(play) => self.offers_play(play),
            _ => true,
        }
    }

    /// The key bar's word for `binding` in the game: its table's, except
    /// that in a match, once a game is over, `n` goes on with the match;
    /// Tab shows the result put aside; the quit key's says where it goes.
    fn label(&self, binding: &Binding, shown: Shown<'_>) -> &'static str {
        match binding.action {
            Action::Quit => shown.quit_word(),
            Action::Game(GameAction::ToggleResult) if shown.view.result_hidden() => "result",
            Action::Game(GameAction::NewGame)
                if self.players.first_to.is_some() && self.record.is_over() =>
            {
                if self.players.champion(self.tally()).is_some() {
                    "new match"
                } else {
                    "next game"
                }
            }
            _ => binding.label,
        }
    }
}
