//! The game screen, a component: the [`Table`] holds the game being played
//! (its record, the match, the computer's thinking, the connection to the
//! other player), and its actions ([`Play`], a click, the computer's and
//! the other player's moves) change it and the board lent to it, and say
//! what they ask of the router ([`Ask`]): a message, a sowing to show, a
//! question, work for the event loop.

mod assist;
mod clock;
mod ending;
mod rows;
mod theirs;

use assist::NO_ASSIST;
pub use clock::{FLAG_GRACE, LOW_TIME};
pub use theirs::Theirs;

use std::time::Duration;

use super::board::{Board, GAME_OVER};
use super::{
    Action, Ask, Binding, Confirm, Effect, Keymap, Match, Network, Opening, Purpose, Thinking,
    Tone, capitalise,
};
use crate::clock::Clocks;
use crate::record::{Record, Tags};
use crate::rules::{BySide, Config, Game, Hole, MoveReport, Position, Side};
use crate::search::DEFAULT_THINK;

/// What the player asks of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Play {
    /// Select the mover's hole of this letter (either case).
    Select(char),
    /// Select the next hole that can be sown to the left, as seen on screen.
    SelectLeft,
    /// Select the next hole that can be sown to the right, as seen on screen.
    SelectRight,
    /// Sow the selected hole (or, after a game of a match, start the next).
    Sow,
    /// Take back the last move.
    Undo,
    /// Play the last move taken back again.
    Redo,
    /// Ask the engine for a move.
    Hint,
    /// Turn the move preview on or off.
    TogglePreview,
    /// Once the game is over, put the game-over box aside to see the final
    /// board, or show it again.
    ToggleResult,
    /// Once the game is over, open it in the replay viewer at its last
    /// move; quitting the viewer comes back to the game.
    Review,
    /// Turn the board round, as the player across the table sees it (the
    /// other row at the bottom), or back: a view only, the game unchanged.
    Flip,
    /// Scroll the move list a line back, to older moves.
    OlderMoves,
    /// Scroll the move list a line on, to newer moves.
    NewerMoves,
    /// Start a new game.
    NewGame,
    /// Once a game (not of a match) is over, play it again on the same
    /// board, the players changing rows.
    Rematch,
    /// Once the game is over, go to the start screen.
    Menu,
    /// Save the record where the player can find it.
    Save,
    /// Resign the game, asking first: the player to move, if at this keyboard.
    Resign,
    /// Offer the other player (or the computer) a draw.
    OfferDraw,
}

/// The game being played and what plays it: its record, the players and
/// the match, the computer's thinking and the connection to the other
/// player. The router holds it (it outlives the screen: the lesson and the
/// viewer go on into it, and a record is reviewed out of it) and lends it
/// the board while the game is shown.
#[derive(Clone, Debug)]
pub(super) struct Table {
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
    /// What the actions under way ask of the router, oldest first.
    asks: Vec<Ask>,
}

impl Table {
    /// The game of `record` for `players`, nothing thinking, no network.
    pub(super) fn new(record: Record, players: Match) -> Table {
        let mut table = Table {
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
            asks: Vec::new(),
        };
        table.write_tags();
        table.reset_clocks();
        table
    }

    /// What the actions since the last call ask of the router, oldest first.
    pub(super) fn take_asks(&mut self) -> Vec<Ask> {
        std::mem::take(&mut self.asks)
    }

    /// The game being played.
    pub(super) fn game(&self) -> &Game {
        &self.record.game
    }

    /// Asks `ask` of the router.
    pub(super) fn push(&mut self, ask: Ask) {
        self.asks.push(ask);
    }

    /// Asks the router to tell the player `text`.
    pub(super) fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.push(Ask::Say(tone, text.into()));
    }

    /// Asks the router for work with side effects.
    pub(super) fn effect(&mut self, effect: Effect) {
        self.push(Ask::Effect(effect));
    }

    /// The name of the key that asks for `action` in the game, for a
    /// message written in words.
    pub(super) fn key_name(&self, action: Action) -> String {
        Keymap::Game
            .key_of(action)
            .name(self.game().config().width())
    }

    /// Takes the game and players out, for a screen that shows them as its
    /// own (the viewer), leaving a new game on `config` in their place.
    pub(super) fn set_aside(&mut self, config: Config) -> (Record, Match) {
        let record = std::mem::replace(&mut self.record, Record::new(Game::new(config)));
        (record, std::mem::take(&mut self.players))
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
    pub(super) fn unfinished(&self) -> bool {
        self.game().ply() > 0 && !self.record.is_over()
    }

    /// Each player's wins in the match, the current game's result included.
    pub(super) fn tally(&self) -> BySide<u16> {
        self.players
            .tally(self.record.verdict().and_then(|verdict| verdict.winner))
    }

    /// Whether `play` makes sense now, so that the key bar offers it.
    pub(super) fn offers(&self, play: Play) -> bool {
        if matches!(play, Play::Hint | Play::Undo) && self.players.no_assist {
            return false;
        }
        let moving = matches!(
            play,
            Play::Select(_)
                | Play::SelectLeft
                | Play::SelectRight
                | Play::Sow
                | Play::Hint
                | Play::TogglePreview
        );
        if play == Play::ToggleResult {
            self.record.is_over()
        } else if play == Play::Review {
            self.review_refused().is_none()
        } else if play == Play::Undo {
            self.can_undo()
        } else if play == Play::Rematch {
            self.rematch_refused().is_none()
        } else if play == Play::Menu {
            self.menu_refused().is_none()
        } else if play == Play::Resign {
            self.resigner().is_ok()
        } else if play == Play::OfferDraw {
            self.draw_refused().is_none()
        } else if play == Play::Redo {
            // Across the network, moves are taken back only as both agree.
            self.network.is_none() &&
            // Nothing taken back, nothing to play again.
            !self.game().redo_moves().is_empty()
        } else if self.record.is_over() {
            !moving
        } else if self.network.is_some() {
            // Across the network a game is played to its end, and nobody
            // moves while the other player is away.
            play != Play::NewGame && !(moving && (self.others_turn() || !self.connected()))
        } else {
            !(moving && self.others_turn())
        }
    }

    /// The key bar's word for `binding` in the game: its table's, except
    /// that in a match, once a game is over, `n` goes on with the match.
    pub(super) fn label(&self, binding: &Binding) -> &'static str {
        if binding.action == Action::Game(Play::NewGame)
            && self.players.first_to.is_some()
            && self.record.is_over()
        {
            if self.players.champion(self.tally()).is_some() {
                "new match"
            } else {
                "next game"
            }
        } else {
            binding.label
        }
    }

    /// Does what `play` asks of the game; returns what it asks of the router.
    pub(super) fn update(&mut self, view: &mut Board, play: Play) -> Vec<Ask> {
        match play {
            Play::Undo if self.record.ending().is_some() => self.refuse_takeback(),
            Play::Hint | Play::Undo if self.players.no_assist => self.say(Tone::Error, NO_ASSIST),
            Play::Undo if self.network.is_some() => self.ask_undo(),
            Play::Redo if self.network.is_some() => self.say(Tone::Error, "Nothing to redo"),
            Play::Undo => self.undo(view),
            Play::Redo => self.redo(view),
            Play::NewGame => self.new_game(view),
            Play::Rematch => self.rematch(view),
            Play::Menu => match self.menu_refused() {
                Some(why) => self.say(Tone::Error, why),
                None => self.effect(Effect::Open(Opening::Menu)),
            },
            Play::Hint => self.ask_hint(),
            Play::Save => self.effect(Effect::Export),
            Play::Resign => self.resign(),
            Play::OfferDraw => self.ask_to_offer_draw(),
            Play::ToggleResult => view.result_hidden = !view.result_hidden,
            Play::OlderMoves => view.scroll_moves(true, &self.record.game),
            Play::NewerMoves => view.scroll_moves(false, &self.record.game),
            Play::Review => match self.review_refused() {
                Some(why) => self.say(Tone::Error, why),
                None => self.push(Ask::Review),
            },
            Play::TogglePreview if self.players.no_assist => {
                self.say(
                    Tone::Error,
                    "No move preview in a game played without help".to_owned(),
                );
            }
            Play::TogglePreview => {
                view.preview = !view.preview;
                let state = if view.preview { "on" } else { "off" };
                self.say(Tone::Info, format!("Move preview {state}"));
                self.effect(Effect::RememberDisplay);
            }
            Play::Flip => {
                let news = view.flip();
                self.say(Tone::Info, news);
            }
            // Enter goes on with a match, never past its end: a new match
            // is begun only with the key the game-over box offers for it.
            Play::Sow if self.record.is_over() && self.players.first_to.is_some() => {
                match self.match_over() {
                    Some(over) => self.say(Tone::Error, over),
                    None => self.new_game(view),
                }
            }
            Play::SelectLeft | Play::SelectRight | Play::Sow if self.others_turn() => {
                if let Some(side) = self.record.to_move() {
                    self.refuse_computer_turn(side);
                }
            }
            Play::SelectLeft => view.step(&self.record, -1),
            Play::SelectRight => view.step(&self.record, 1),
            Play::Sow => self.sow(view),
            Play::Select(letter) => self.select_letter(view, letter),
        }
        self.take_asks()
    }

    /// A click on `hole`: it selects the hole, a click on the selected hole
    /// sows it; returns what it asks of the router.
    pub(super) fn click(&mut self, view: &mut Board, hole: Hole) -> Vec<Ask> {
        match self.record.to_move() {
            None => {}
            Some(side) if !self.plays_here(side) => self.refuse_computer_turn(side),
            Some(side) if side != hole.side() => {
                let name = self.players.name(side).to_owned();
                self.say(Tone::Error, format!("{name} moves from the {side} row"));
            }
            Some(side) if Hole::new(side, view.cursor[side]) == hole => self.sow(view),
            Some(_) => {
                if let Err(why) = view.select(&self.record, hole) {
                    self.say(Tone::Error, why);
                }
            }
        }
        self.take_asks()
    }

    /// Selects the hole of `letter` in the mover's row, if the person
    /// at this keyboard is to move.
    fn select_letter(&mut self, view: &mut Board, letter: char) {
        if let Some(side) = self.record.to_move()
            && !self.plays_here(side)
        {
            self.refuse_computer_turn(side);
            return;
        }
        if let Err(why) = view.select_letter(&self.record, letter) {
            self.say(Tone::Error, why);
        }
    }

    /// Sows the selected hole of the person to move.
    fn sow(&mut self, view: &mut Board) {
        let Some(hole) = view.selected(&self.record) else {
            self.say(Tone::Error, GAME_OVER);
            return;
        };
        if !self.may_send() {
            return;
        }
        let before = *self.game().position();
        let ply = self.game().ply();
        match self.record.game.play(hole) {
            Ok(report) => {
                self.played(view, before, report);
                self.send_move(ply, hole);
            }
            Err(error) => self.say(Tone::Error, capitalise(&error.to_string())),
        }
    }

    /// A move just played from `before`, whoever played it: the board
    /// shows it sown, and the game is kept.
    pub(super) fn played(&mut self, view: &mut Board, before: Position, report: MoveReport) {
        view.cursor[report.hole.side()] = report.hole.index();
        self.clock_moved(report.hole.side());
        self.push(Ask::Sow(before, report));
        self.after_change(view);
    }

    /// After the game changed: a hint sought is dropped, a draw offered
    /// lapses, the selection is kept on a legal hole, the game saved.
    pub(super) fn after_change(&mut self, view: &mut Board) {
        // The game-over box of a game that goes on (taken back, or the
        // next) is shown again when it ends.
        if !self.record.is_over() {
            view.result_hidden = false;
        }
        if self
            .thinking
            .is_some_and(|thinking| thinking.purpose != Purpose::Move)
        {
            self.stop_thinking();
        }
        if let Some(network) = &mut self.network {
            network.offered = false;
        }
        view.settle(&self.record);
        self.effect(Effect::Autosave);
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
    pub(super) fn takes_back_yours(&self) -> bool {
        !self.players.all_computers() && !self.players.no_assist && self.can_undo()
    }

    /// Takes back the last move; against the computer, also the moves
    /// before it until a person is to move (the computer's and the player's).
    fn undo(&mut self, view: &mut Board) {
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
            self.say(Tone::Error, "Nothing to undo");
            return;
        }
        self.stop_thinking();
        taken.reverse();
        self.say(Tone::Info, format!("Took back {}", taken.join(" ")));
        // The person whose move was taken back is to play it again.
        if let Some(side) = self.record.to_move().filter(|&side| self.plays_here(side)) {
            self.record.mark_assisted(side);
        }
        self.after_change(view);
    }

    /// Plays the last move taken back again; against the computer, also the
    /// moves after it until a person is to move.
    fn redo(&mut self, view: &mut Board) {
        let mut played = Vec::new();
        while let Some(report) = self.record.game.redo() {
            self.clock_moved(report.hole.side());
            played.push(report.hole.to_string());
            if !self.computer_keeps_turn() {
                break;
            }
        }
        if played.is_empty() {
            self.say(Tone::Error, "Nothing to redo");
            return;
        }
        self.stop_thinking();
        self.say(Tone::Info, format!("Played {} again", played.join(" ")));
        self.after_change(view);
    }

    /// Whether undo and redo go past the position reached: the computer is to
    /// move there and a person plays the other side.
    fn computer_keeps_turn(&self) -> bool {
        self.computer_to_move().is_some() && !self.players.all_computers()
    }

    /// The new-game key: across the network, the next game once this one
    /// is over; a question first if the game is unfinished.
    fn new_game(&mut self, view: &mut Board) {
        if self.network.is_some() {
            self.next_across(view, false);
        } else if self.unfinished() {
            self.push(Ask::Confirm(Confirm::NewGame));
        } else {
            self.start_next_game(view);
        }
    }

    /// Why the menu key does not go to the start screen now, if it does
    /// not: the game goes on, or it is across the network (the program
    /// ends with it).
    fn menu_refused(&self) -> Option<String> {
        let quit = self.key_name(Action::Quit);
        if self.network.is_some() {
            Some(format!(
                "A game across the network has no menu: {quit} quits"
            ))
        } else if !self.record.is_over() {
            Some(format!(
                "The menu once the game is over; {quit} quits, and the game stays saved"
            ))
        } else {
            None
        }
    }

    /// The rematch key: the same board again, the players changing rows
    /// (each computer with its level); the new South moves first. Across
    /// the network, the host begins it on both terminals.
    fn rematch(&mut self, view: &mut Board) {
        if let Some(why) = self.rematch_refused() {
            self.say(Tone::Error, why);
        } else if self.network.is_some() {
            self.next_across(view, true);
        } else {
            self.begin_rematch(view);
        }
    }

    /// Begins the rematch: the players change rows.
    fn begin_rematch(&mut self, view: &mut Board) {
        self.players.swap_rows();
        // The one person against the computer keeps their row where it was
        // on the screen, as the board turns with the players.
        let here = Side::ALL.map(|side| self.plays_here(side));
        if here[0] != here[1] {
            view.bottom = view.bottom.opponent();
        }
        let news = format!(
            "Rematch: the players change rows; {} moves first",
            self.players.name(Side::South)
        );
        self.say(Tone::Info, news);
        self.set_up_next_game(view);
    }

    /// Starts the next game: in a match after a finished game, the players
    /// change rows and the result counts; otherwise the game starts again.
    pub(super) fn start_next_game(&mut self, view: &mut Board) {
        let finished = self.record.is_over();
        if self.players.first_to.is_some() && finished {
            if self.players.next_game(self.tally()) {
                self.say(Tone::Info, "A new match begins");
            } else {
                let news = format!(
                    "Game {}: the players change rows; {} moves first",
                    self.players.round,
                    self.players.name(Side::South)
                );
                self.say(Tone::Info, news);
            }
        } else {
            self.say(Tone::Info, "New game");
        }
        self.set_up_next_game(view);
    }

    /// A new game on the same board for the players as they now are, in a
    /// file of its own, the record keeping its other tags.
    fn set_up_next_game(&mut self, view: &mut Board) {
        let tags = std::mem::take(&mut self.record.tags);
        self.stop_thinking();
        self.record = Record::new(Game::new(self.game().config()));
        self.record.tags = tags;
        // A game that starts now is dated when it is first saved; its
        // clocks start full, and an ending was the last game's.
        self.record.tags.remove(Tags::DATE);
        self.record.tags.remove(Tags::CLOCK);
        self.record.tags.remove(Tags::TERMINATION);
        self.reset_clocks();
        // Help in the last game is not help in this one.
        self.record.tags.remove(Tags::ASSISTED);
        self.serial += 1;
        view.cursor = BySide::default();
        self.write_tags();
        self.face_own_row(view);
        self.after_change(view);
    }
}
