//! Puzzles: a position from a real game where exactly one move keeps the
//! best outcome, proven for every legal move (see docs/puzzles.md). The
//! set ([`set`]) ships with the program; the player's rating ([`rating`])
//! is Glicko-2, kept in the data folder by the front end.
//!
//! On screen ([`Puzzles`]) the player to move picks a hole as in a game;
//! the move is sown as in a game, then the verdict says what it keeps or
//! gives and the reply that proves it. `n` goes on to the next puzzle: the
//! one rated nearest the player's rating not yet seen in this run.
//!
//! ```
//! use endodoi_app::puzzle::{PuzzleRating, PuzzleSet, Puzzles};
//! use endodoi_app::{Action, BoardView, Component, Lent, PuzzleAction};
//!
//! let set = PuzzleSet::shipped().expect("the shipped set");
//! let first = set.get(1).expect("a first puzzle").clone();
//! let mut view = BoardView::default();
//! let mut puzzles = Puzzles::open(set, 1, PuzzleRating::default(), &mut view);
//! let lent = Lent { view: &mut view, sowing: false };
//! let letter = first.solution.letter();
//! puzzles.update(Action::Puzzle(PuzzleAction::Select(letter)), lent);
//! let lent = Lent { view: &mut view, sowing: false };
//! puzzles.update(Action::Puzzle(PuzzleAction::Sow), lent);
//! assert_eq!(puzzles.solved(), Some(true));
//! assert_eq!(puzzles.rating().solved, 1);
//! ```

mod keys;
pub mod rating;
pub mod set;

use std::collections::BTreeSet;

pub use rating::PuzzleRating;
pub use set::{EntryMove, Puzzle, PuzzleEntry, PuzzleMove, PuzzleSet, SetError};

use super::actions::{Action, PuzzleAction, Target};
use super::board::BoardView;
use super::component::{Ask, Component, Lent, Shown, Tell};
use super::keys::{Binding, Keymap};
use super::{App, Effect, Match, Screen, Tone, capitalise};
use endodoi_core::record::Record;
use endodoi_core::rules::{Config, Game, Hole};

/// The app on puzzle `id` of `set` (the first, if there is none of that
/// number), for a player rated `rating`.
pub fn app(set: PuzzleSet, id: u32, rating: PuzzleRating) -> App {
    let mut app = App::new(Config::default(), Match::default());
    let puzzles = Puzzles::open(set, id, rating, &mut app.desk.view);
    app.screen = Screen::Puzzle(Box::new(puzzles));
    app
}

/// The puzzles on screen: the set, the puzzle shown and its game, the
/// answer once given, and the player's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzles {
    set: PuzzleSet,
    id: u32,
    record: Record,
    players: Match,
    answer: Option<Hole>,
    rating: PuzzleRating,
    seen: BTreeSet<u32>,
    rated: BTreeSet<u32>,
}

impl Puzzles {
    /// Puzzle `id` of `set` (the first, if there is none of that number),
    /// for a player rated `rating`; its mover's row at the bottom of
    /// `view`.
    pub fn open(set: PuzzleSet, id: u32, rating: PuzzleRating, view: &mut BoardView) -> Puzzles {
        let mut puzzles = Puzzles {
            set,
            id,
            record: Record::new(Game::new(Config::default())),
            players: Match::default(),
            answer: None,
            rating,
            seen: BTreeSet::new(),
            rated: BTreeSet::new(),
        };
        puzzles.show(id, view);
        puzzles
    }

    /// The puzzle shown, if the set has any.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.set.get(self.id)
    }

    /// The puzzle's game (after the answer, with it played).
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The players: the puzzle's sides, unnamed.
    pub fn players(&self) -> &Match {
        &self.players
    }

    /// The player's rating.
    pub fn rating(&self) -> PuzzleRating {
        self.rating
    }

    /// The move the player answered with, once they have.
    pub fn answer(&self) -> Option<Hole> {
        self.answer
    }

    /// Whether the answer was the solution, once given.
    pub fn solved(&self) -> Option<bool> {
        let puzzle = self.puzzle()?;
        self.answer.map(|hole| hole == puzzle.solution)
    }

    /// Whether the puzzle waits for the answer.
    pub fn is_open(&self) -> bool {
        self.answer.is_none() && self.puzzle().is_some()
    }

    /// The verdict on the answer, with its proof, once given.
    pub fn verdict(&self) -> Option<String> {
        Some(self.puzzle()?.verdict(self.answer?))
    }

    /// Shows puzzle `id` from its start.
    fn show(&mut self, id: u32, view: &mut BoardView) {
        let id = if self.set.get(id).is_some() { id } else { 1 };
        self.id = id;
        self.answer = None;
        self.seen.insert(id);
        if let Some(puzzle) = self.set.get(id) {
            self.record = Record::new(puzzle.game.clone());
            view.bottom = puzzle.mover();
        }
        // The preview would tell where each move ends and what it takes.
        view.preview = false;
        view.settle(&self.record);
    }

    /// The next puzzle: the one rated nearest the player not seen in this
    /// run (all seen: the nearest of all but this one).
    fn next_id(&self) -> u32 {
        let mut seen = self.seen.clone();
        self.set
            .nearest(self.rating.rating, &seen)
            .or_else(|| {
                seen = BTreeSet::from([self.id]);
                self.set.nearest(self.rating.rating, &seen)
            })
            .unwrap_or(self.id)
    }

    /// Does what `action` asks, on `view`.
    fn act(&mut self, view: &mut BoardView, action: PuzzleAction) -> Vec<Ask> {
        let record = &self.record;
        match action {
            PuzzleAction::Select(_) | PuzzleAction::SelectLeft | PuzzleAction::SelectRight
                if !self.is_open() =>
            {
                vec![Ask::Say(Tone::Error, self.goes_on())]
            }
            PuzzleAction::Select(letter) => view
                .select_letter(record, letter)
                .err()
                .map(|why| Ask::Say(Tone::Error, why))
                .into_iter()
                .collect(),
            PuzzleAction::SelectLeft => {
                view.step(record, -1);
                Vec::new()
            }
            PuzzleAction::SelectRight => {
                view.step(record, 1);
                Vec::new()
            }
            PuzzleAction::Sow if !self.is_open() => vec![Ask::Say(Tone::Error, self.goes_on())],
            PuzzleAction::Sow => match view.selected(record) {
                Some(hole) => self.sow(hole),
                None => Vec::new(),
            },
            PuzzleAction::Next => {
                let id = self.next_id();
                self.show(id, view);
                vec![Ask::Still]
            }
            PuzzleAction::Again => {
                self.show(self.id, view);
                vec![Ask::Still]
            }
        }
    }

    /// A click on `target`: it selects a hole of the mover's, and a click
    /// on the selected hole sows it.
    fn click(&mut self, view: &mut BoardView, target: Target) -> Vec<Ask> {
        let Target::Hole(hole) = target else {
            return Vec::new();
        };
        if !self.is_open() {
            Vec::new()
        } else if view.selected(&self.record) == Some(hole) {
            self.sow(hole)
        } else {
            view.select(&self.record, hole)
                .err()
                .map(|why| Ask::Say(Tone::Error, why))
                .into_iter()
                .collect()
        }
    }

    /// What a move key answers once the puzzle is answered.
    fn goes_on(&self) -> String {
        if self.puzzle().is_none() {
            "No puzzles: the set is empty".to_owned()
        } else {
            "Answered: n for the next puzzle, u to try this one again".to_owned()
        }
    }

    /// Plays `hole` as the answer: sown as in a game, then judged; the
    /// rating changes (on the first answer to this puzzle in this run only:
    /// trying it again is not rated) and is kept.
    fn sow(&mut self, hole: Hole) -> Vec<Ask> {
        let Some(puzzle) = self.set.get(self.id) else {
            return Vec::new();
        };
        let solution = puzzle.solution;
        let rated = puzzle.rating;
        let before = *self.record.game.position();
        let report = match self.record.game.play(hole) {
            Ok(report) => report,
            Err(error) => return vec![Ask::Say(Tone::Error, capitalise(&error.to_string()))],
        };
        self.answer = Some(hole);
        let solved = hole == solution;
        let mut asks = vec![Ask::Sow(before, report)];
        if self.rated.insert(self.id) {
            self.rating = self.rating.after(rated, solved);
            asks.effect(Effect::RememberPuzzles(self.rating));
        }
        asks.say(
            if solved { Tone::Info } else { Tone::Error },
            if solved {
                "Solved"
            } else {
                "Not the best move"
            },
        );
        asks
    }
}

impl Component for Puzzles {
    fn keymap(&self) -> Keymap {
        Keymap::PUZZLE
    }

    fn update(&mut self, action: Action, lent: Lent<'_>) -> Vec<Ask> {
        match action {
            Action::Puzzle(action) => self.act(lent.view, action),
            Action::Click(target) => self.click(lent.view, target),
            _ => Vec::new(),
        }
    }

    fn offers(&self, action: Action, _shown: Shown<'_>) -> bool {
        match action {
            Action::Puzzle(PuzzleAction::Sow) => self.is_open(),
            Action::Puzzle(PuzzleAction::Again) => self.answer.is_some(),
            Action::Puzzle(PuzzleAction::Next) => self.set.puzzles().len() > 1,
            _ => true,
        }
    }

    fn label(&self, binding: &Binding, shown: Shown<'_>) -> &'static str {
        match binding.action {
            Action::Quit => shown.quit_word(),
            _ => binding.label,
        }
    }
}
