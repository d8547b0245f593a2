//! The next game at the table: a new game (after a question if this one
//! is unfinished), the next game of a match, a rematch with the rows
//! changed; the menu once a game is over.

use super::super::board::BoardView;
use super::super::component::{Ask, Tell};
use super::super::{Action, Confirm, GameInPlay, Tone};
use endodoi_core::record::{Record, Tags};
use endodoi_core::rules::{BySide, Game, Side};

impl GameInPlay {
    /// The new-game key: across the network, the next game once this one
    /// is over; a question first if the game is unfinished.
    pub(super) fn new_game(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
        if self.network.is_some() {
            self.next_across(view, false, out);
        } else if self.unfinished() {
            out.push(Ask::Confirm(Confirm::NewGame));
        } else {
            self.start_next_game(view, out);
        }
    }

    /// Why the menu key does not go to the start screen now, if it does
    /// not: the game goes on, or it is across the network (the program
    /// ends with it).
    pub(super) fn menu_refused(&self) -> Option<String> {
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
    pub(super) fn rematch(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
        if let Some(why) = self.rematch_refused() {
            out.say(Tone::Error, why);
        } else if self.network.is_some() {
            self.next_across(view, true, out);
        } else {
            self.begin_rematch(view, out);
        }
    }

    /// Begins the rematch: the players change rows.
    pub(super) fn begin_rematch(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
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
        out.say(Tone::Info, news);
        self.set_up_next_game(view, out);
    }

    /// Starts the next game: in a match after a finished game, the players
    /// change rows and the result counts; otherwise the game starts again.
    pub(super) fn start_next_game(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
        let finished = self.record.is_over();
        if self.players.first_to.is_some() && finished {
            if self.players.next_game(self.tally()) {
                out.say(Tone::Info, "A new match begins");
            } else {
                let news = format!(
                    "Game {}: the players change rows; {} moves first",
                    self.players.round,
                    self.players.name(Side::South)
                );
                out.say(Tone::Info, news);
            }
        } else {
            out.say(Tone::Info, "New game");
        }
        self.set_up_next_game(view, out);
    }

    /// A new game on the same board for the players as they now are, in a
    /// file of its own, the record keeping its other tags.
    fn set_up_next_game(&mut self, view: &mut BoardView, out: &mut Vec<Ask>) {
        let tags = std::mem::take(&mut self.record.tags);
        self.stop_thinking(out);
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
        self.after_change(view, out);
    }
}
