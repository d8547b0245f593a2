//! The game screen: what its actions do to the game, the selection and the
//! match (selecting, sowing, undo and redo, a new game, a click on a hole).

mod theirs;

pub use theirs::Theirs;

use super::board::GAME_OVER;
use std::time::Duration;

use super::{App, Confirm, Effect, Match, Mode, Network, Target, Thinking, Tone, capitalise};
use crate::record::Record;
use crate::rules::{BySide, Config, Game, Hole, Side};
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
    /// Turn the board round, as the player across the table sees it (the
    /// other row at the bottom), or back: a view only, the game unchanged.
    Flip,
    /// Start a new game.
    NewGame,
    /// Save the record where the player can find it.
    Save,
}

/// The game being played and what plays it: its record, the players and
/// the match, the computer's thinking and the connection to the other
/// player. The router holds it while the game is shown, and lends it to
/// the screens that start from it or end in it.
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
}

impl Table {
    /// The game of `record` for `players`, nothing thinking, no network.
    pub(super) fn new(record: Record, players: Match) -> Table {
        Table {
            record,
            players,
            think: DEFAULT_THINK,
            thinking: None,
            network: None,
        }
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
    }
}

impl App {
    /// Whether `play` makes sense now, so that the key bar offers it.
    pub(super) fn game_offers(&self, play: Play) -> bool {
        let moving = matches!(
            play,
            Play::Select(_)
                | Play::SelectLeft
                | Play::SelectRight
                | Play::Sow
                | Play::Hint
                | Play::TogglePreview
        );
        if play == Play::Undo {
            self.can_undo()
        } else if play == Play::Redo {
            // Across the network, moves are taken back only as both agree.
            self.network().is_none() &&
            // Nothing taken back, nothing to play again.
            !self.game().redo_moves().is_empty()
        } else if self.game().outcome().is_some() {
            !moving
        } else if self.network().is_some() {
            // Across the network a game is played to its end, and nobody
            // moves while the other player is away.
            play != Play::NewGame && !(moving && (self.others_turn() || !self.connected()))
        } else {
            !(moving && self.others_turn())
        }
    }

    /// Does what `play` asks of the game.
    pub(super) fn game_act(&mut self, play: Play) {
        match play {
            Play::Undo if self.network().is_some() => self.ask_undo(),
            Play::Redo if self.network().is_some() => {
                self.notify(Tone::Error, "Nothing to redo");
            }
            Play::Undo => self.undo(),
            Play::Redo => self.redo(),
            Play::NewGame => self.new_game(),
            Play::Hint => self.ask_hint(),
            Play::Save => self.effects.push(Effect::Export),
            Play::TogglePreview => {
                self.board.preview = !self.board.preview;
                let state = if self.board.preview { "on" } else { "off" };
                self.notify(Tone::Info, format!("Move preview {state}"));
                self.effects.push(Effect::RememberDisplay);
            }
            Play::Flip => self.flip(),
            Play::Sow
                if self.game().outcome().is_some() && self.table.players.first_to.is_some() =>
            {
                self.new_game();
            }
            Play::SelectLeft | Play::SelectRight | Play::Sow if self.others_turn() => {
                if let Some(side) = self.game().to_move() {
                    self.refuse_computer_turn(side);
                }
            }
            Play::SelectLeft => self.board.step(&self.table.record.game, -1),
            Play::SelectRight => self.board.step(&self.table.record.game, 1),
            Play::Sow => self.sow(),
            Play::Select(letter) => self.select_letter(letter),
        }
    }

    /// A click selects a hole, a click on the selected hole sows it; any
    /// click ends a sowing or closes help, and does nothing else then.
    pub(super) fn game_click(&mut self, target: Target) {
        match self.mode {
            Mode::Play => {}
            Mode::Sowing(_) | Mode::Help => {
                self.mode = Mode::Play;
                return;
            }
            Mode::Confirm(_) => return,
        }
        let Target::Hole(hole) = target else {
            return;
        };
        match self.game().to_move() {
            None => {}
            Some(side) if !self.plays_here(side) => self.refuse_computer_turn(side),
            Some(side) if side != hole.side() => self.notify(
                Tone::Error,
                format!(
                    "{} moves from the {side} row",
                    self.table.players.name(side)
                ),
            ),
            Some(_) if self.selected() == Some(hole) => self.sow(),
            Some(_) => self.select(hole),
        }
    }

    /// Selects the hole of `letter` in the mover's row, if the person
    /// at this keyboard is to move.
    fn select_letter(&mut self, letter: char) {
        if let Some(side) = self.game().to_move()
            && !self.plays_here(side)
        {
            self.refuse_computer_turn(side);
            return;
        }
        if let Err(why) = self.board.select_letter(&self.table.record.game, letter) {
            self.notify(Tone::Error, why);
        }
    }

    fn select(&mut self, hole: Hole) {
        if let Err(why) = self.board.select(&self.table.record.game, hole) {
            self.notify(Tone::Error, why);
        }
    }

    fn sow(&mut self) {
        let Some(hole) = self.selected() else {
            self.notify(Tone::Error, GAME_OVER);
            return;
        };
        if !self.may_send() {
            return;
        }
        let before = *self.game().position();
        let ply = self.game().ply();
        match self.table.record.game.play(hole) {
            Ok(report) => {
                self.animate(before, report);
                self.after_change();
                self.send_move(ply, hole);
            }
            Err(error) => self.notify(Tone::Error, capitalise(&error.to_string())),
        }
    }

    /// Whether undo has a move to take back: against the computer, one a
    /// person played (when the computer opened the game and has played
    /// only that, there is nothing to undo); with two computers or two
    /// people, any move.
    pub fn can_undo(&self) -> bool {
        let mut movers = self
            .game()
            .history()
            .iter()
            .map(|played| played.hole.side());
        if self.table.players.all_computers() {
            movers.next().is_some()
        } else {
            movers.any(|side| self.plays_here(side))
        }
    }

    /// Whether the person at this keyboard plays `side` (not the computer,
    /// nor a player in another terminal).
    pub(super) fn plays_here(&self, side: Side) -> bool {
        self.table.players.computer(side).is_none() && !self.table.players.remote(side)
    }

    /// Whether the computer or the player in another terminal is to move.
    pub(super) fn others_turn(&self) -> bool {
        self.computer_to_move().is_some() || self.remote_to_move()
    }

    /// Whether `u` takes back a move of the person playing the computer.
    pub fn takes_back_yours(&self) -> bool {
        !self.table.players.all_computers() && self.can_undo()
    }

    /// Takes back the last move; against the computer, also the moves
    /// before it until a person is to move (the computer's and the player's).
    fn undo(&mut self) {
        if !self.can_undo() {
            self.notify(Tone::Error, "Nothing to undo");
            return;
        }
        let mut taken = Vec::new();
        while let Some(hole) = self.table.record.game.undo() {
            self.board.cursor[hole.side()] = hole.index();
            taken.push(hole.to_string());
            if !self.computer_keeps_turn() {
                break;
            }
        }
        if taken.is_empty() {
            self.notify(Tone::Error, "Nothing to undo");
            return;
        }
        self.stop_thinking();
        taken.reverse();
        self.notify(Tone::Info, format!("Took back {}", taken.join(" ")));
        self.after_change();
    }

    /// Plays the last move taken back again; against the computer, also the
    /// moves after it until a person is to move.
    fn redo(&mut self) {
        let mut played = Vec::new();
        while let Some(report) = self.table.record.game.redo() {
            played.push(report.hole.to_string());
            if !self.computer_keeps_turn() {
                break;
            }
        }
        if played.is_empty() {
            self.notify(Tone::Error, "Nothing to redo");
            return;
        }
        self.stop_thinking();
        self.notify(Tone::Info, format!("Played {} again", played.join(" ")));
        self.after_change();
    }

    /// Whether undo and redo go past the position reached: the computer is to
    /// move there and a person plays the other side.
    fn computer_keeps_turn(&self) -> bool {
        self.computer_to_move().is_some() && !self.table.players.all_computers()
    }

    fn new_game(&mut self) {
        if self.network().is_some() {
            self.next_across();
        } else if self.unfinished() {
            self.mode = Mode::Confirm(Confirm::NewGame);
        } else {
            self.start_next_game();
        }
    }

    /// Starts the next game: in a match after a finished game, the players
    /// change rows and the result counts; otherwise the game starts again.
    pub(super) fn start_next_game(&mut self) {
        let finished = self.game().outcome().is_some();
        if self.table.players.first_to.is_some() && finished {
            if self.table.players.next_game(self.tally()) {
                self.notify(Tone::Info, "A new match begins");
            } else {
                self.notify(
                    Tone::Info,
                    format!(
                        "Game {}: the players change rows; {} moves first",
                        self.table.players.round,
                        self.table.players.name(Side::South)
                    ),
                );
            }
        } else {
            self.notify(Tone::Info, "New game");
        }
        let tags = std::mem::take(&mut self.table.record.tags);
        self.stop_thinking();
        self.table.record = Record::new(Game::new(self.game().config()));
        self.table.record.tags = tags;
        self.forget_date();
        self.serial += 1;
        self.board.cursor = BySide::default();
        self.table.write_tags();
        self.face_own_row();
        self.after_change();
    }
}
