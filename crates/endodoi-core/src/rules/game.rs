//! A game: the positions reached, the moves played and to redo, and the end
//! of the game (no legal move, or a repeated position).
//!
//! Legality is found lazily: a candidate's sowing is simulated when a caller
//! needs that move, and the game knows it is not over as soon as one
//! candidate is found to end.

use std::cell::{Cell, OnceCell, RefCell};

use super::moves::{EndReason, MoveError, MoveReport, Outcome, Played};
use super::position::{MoveEffect, Position};
use super::{Config, Hole, Side, Variant};

/// A position reached in a game, with its hash: what the repetition rule
/// compares (hash first, the holes to confirm).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    /// The position.
    pub position: Position,
    /// Its [`Position::hash`].
    pub hash: u64,
}

impl Reached {
    /// `position` with its hash.
    #[inline]
    pub fn new(position: Position) -> Reached {
        Reached {
            hash: position.hash(),
            position,
        }
    }

    /// Whether this position repeats one of `earlier` (the positions before
    /// it in one game, oldest first, the last being the one just before it):
    /// the same seeds in every hole with the same player to move. Only the
    /// positions since the last capture are looked at: a capture takes seeds
    /// off the board, so nothing before it can come back.
    #[inline]
    pub fn repeats_any(&self, earlier: &[Reached]) -> bool {
        self.repeated_in(earlier).is_some()
    }

    /// Where in `earlier` (as for [`repeats_any`](Reached::repeats_any)) the
    /// position this one repeats is, if any.
    #[inline]
    pub fn repeated_in(&self, earlier: &[Reached]) -> Option<usize> {
        // Moves alternate, so only every other position had the same player
        // to move; captures only grow, so those since the last capture are
        // the ones with the same captures.
        // Both sides' captures only grow, so their sum tells whether either
        // changed, in one comparison.
        let captured = self.position.captured.total();
        let back = earlier
            .rchunks_exact(2)
            .map(|pair| &pair[0])
            .take_while(|before| before.position.captured.total() == captured)
            .position(|before| {
                before.hash == self.hash && before.position.repeats(&self.position)
            })?;
        Some(earlier.len() - 2 - 2 * back)
    }
}

/// What is known of the current position's candidate moves: each is sown the
/// first time a caller needs it, and remembered.
#[derive(Clone, Debug, Default)]
struct Known {
    /// The mover's holes (one bit each, from their left) already classified.
    tried: Cell<u16>,
    /// Those of them that may be played.
    legal: Cell<u16>,
    /// The last candidate found to end (its hole's index, what it did, and
    /// in `scratch` the position it leads to), to play it without sowing it again.
    cached: Cell<Option<(u8, MoveEffect)>>,
    /// Where candidates are sown, in place.
    scratch: RefCell<Option<Position>>,
}

/// Positions a new game makes room for at once: most games are shorter.
const RESERVED: usize = 128;

/// A game of En Dodoi from its start: positions, history, and the moves to redo.
///
/// The history is the game record: replaying its moves from the start gives
/// the same game. A failed [`play`](Game::play) leaves the game unchanged.
/// Two games are equal when their positions, histories and redo moves are.
#[derive(Clone, Debug)]
pub struct Game {
    config: Config,
    /// Every position reached, the start first and the current one last.
    reached: Vec<Reached>,
    history: Vec<Played>,
    redo: Vec<Hole>,
    /// The current position repeats an earlier one: the game is over.
    repeated: bool,
    known: Known,
    outcome: OnceCell<Option<Outcome>>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.config == other.config
            && self.history == other.history
            && self.redo == other.redo
            && self
                .reached
                .iter()
                .map(|reached| reached.position)
                .eq(other.reached.iter().map(|reached| reached.position))
    }
}

impl Eq for Game {}

impl Game {
    /// A new game from the standard start: every hole holds `config.seeds()`.
    pub fn new(config: Config) -> Game {
        Game::from_position(config.variant(), Position::start(config), config.seeds())
    }

    /// A game from any position (for tests and puzzles), sown by `variant`'s
    /// laps. `seeds` is the nominal seeds per hole that a record of this game
    /// would state.
    pub fn from_position(variant: Variant, position: Position, seeds: u8) -> Game {
        let position = position.with_variant(variant);
        let mut reached = Vec::with_capacity(RESERVED);
        reached.push(Reached::new(position));
        Game {
            config: Config {
                width: position.width,
                seeds,
                variant,
            },
            reached,
            history: Vec::with_capacity(RESERVED),
            redo: Vec::new(),
            repeated: false,
            known: Known::default(),
            outcome: OnceCell::new(),
        }
    }

    /// The board shape and variant.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The position now (when the game is over: before the seeds left were taken).
    pub fn position(&self) -> &Position {
        &self.now().position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.reached[0].position
    }

    /// Every position reached, the start first and the current one last,
    /// with their hashes: what the repetition rule looks back on.
    pub fn reached(&self) -> &[Reached] {
        &self.reached
    }

    /// The position before the `ply`-th move (1-based); `ply` one past the
    /// last move gives the position now.
    pub fn position_before(&self, ply: usize) -> Option<&Position> {
        Some(&self.reached.get(ply.checked_sub(1)?)?.position)
    }

    /// Moves played so far, oldest first.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Whose turn it is, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        match self.outcome() {
            Some(_) => None,
            None => Some(self.position().to_move),
        }
    }

    /// The result, once the game is over: when the position repeats an
    /// earlier one, or the player to move has no legal move (found by sowing
    /// their holes in order until one ends).
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome
            .get_or_init(|| {
                let reason = if self.repeated {
                    EndReason::Repetition
                } else if self.first_legal(self.own_row()).is_none() {
                    EndReason::NoMoves
                } else {
                    return None;
                };
                Some(self.position().outcome(reason))
            })
            .as_ref()
    }

    /// The legal moves of the player to move, in hole order (none once over).
    /// Every candidate not yet classified is sown.
    pub fn legal_moves(&self) -> impl Iterator<Item = Hole> + '_ {
        let position = self.position();
        let width = if self.outcome().is_some() {
            0
        } else {
            position.width
        };
        Hole::row(position.to_move, width).filter(|&hole| self.classify(hole.index()))
    }

    /// The first of `holes` (the player to move's) that may be played: each
    /// is sown in turn until one ends, so a caller that offers the holes in
    /// a random order gets a uniformly random legal move without sowing
    /// every candidate. `None` when none of them may be played or the game
    /// is over by repetition.
    pub fn first_legal(&self, holes: impl IntoIterator<Item = Hole>) -> Option<Hole> {
        if self.repeated {
            return None;
        }
        let position = self.position();
        holes
            .into_iter()
            .filter(|&hole| position.is_movers(hole))
            .find(|hole| self.classify(hole.index()))
    }

    /// Plays the first of `holes` that may be played, as
    /// [`first_legal`](Game::first_legal) finds it, and returns it as the
    /// record keeps it; `None` (and the game unchanged) when none may. The
    /// move is sown where the game keeps its positions, so a random player
    /// that offers the holes in a random order plays each move with one
    /// sowing (and one for each endless hole it meets first). Clears the
    /// moves that [`redo`](Game::redo) could have replayed.
    ///
    /// # Panics
    /// Never: the position it sows on is the one it has just pushed.
    pub fn play_first_legal(&mut self, holes: impl IntoIterator<Item = Hole>) -> Option<Played> {
        if self.repeated {
            return None;
        }
        let position = *self.position();
        for hole in holes {
            if !position.is_movers(hole) {
                continue;
            }
            let index = hole.index();
            let bit = 1 << index;
            let known = &mut self.known;
            if *known.tried.get_mut() & bit != 0 {
                if *known.legal.get_mut() & bit != 0 {
                    return self.apply(hole).ok();
                }
                continue;
            }
            *known.tried.get_mut() |= bit;
            if !position.has_seeds(index) {
                continue;
            }
            self.reached.push(Reached { position, hash: 0 });
            let now = &mut self.reached.last_mut().expect("just pushed").position;
            match now.play_in_place(index) {
                Ok(effect) => {
                    self.redo.clear();
                    return Some(self.keep(hole, effect));
                }
                Err(_) => {
                    self.reached.pop();
                }
            }
        }
        None
    }

    /// Whether `hole` may be played now.
    pub fn is_legal(&self, hole: Hole) -> bool {
        self.check(hole).is_ok()
    }

    /// Why `hole` may not be played now, if it may not; this is the only
    /// legality test, shared by [`is_legal`](Game::is_legal), [`preview`](Game::preview),
    /// [`apply`](Game::apply) and [`play`](Game::play).
    ///
    /// # Errors
    /// The [`MoveError`] that `play` would return.
    pub fn check(&self, hole: Hole) -> Result<(), MoveError> {
        self.candidate(hole)
    }

    /// What playing `hole` would do, lap by lap, without playing it.
    ///
    /// # Errors
    /// The [`MoveError`] that `play` would return.
    ///
    /// # Panics
    /// Never: a move found legal has a report.
    pub fn preview(&self, hole: Hole) -> Result<MoveReport, MoveError> {
        self.check(hole)?;
        Ok(self
            .position()
            .report(hole)
            .expect("a legal move has a report"))
    }

    /// Plays `hole` for the player to move and reports what happened, lap by
    /// lap (for a screen that shows it; [`apply`](Game::apply) plays without
    /// the laps). Clears the moves that [`redo`](Game::redo) could have replayed.
    ///
    /// # Errors
    /// A [`MoveError`] when the move is not legal; the game is then unchanged.
    pub fn play(&mut self, hole: Hole) -> Result<MoveReport, MoveError> {
        let report = self.preview(hole)?;
        self.apply(hole)?;
        Ok(report)
    }

    /// Plays `hole` for the player to move: the move as the record keeps it.
    /// Clears the moves that [`redo`](Game::redo) could have replayed.
    ///
    /// # Errors
    /// A [`MoveError`] when the move is not legal; the game is then unchanged.
    pub fn apply(&mut self, hole: Hole) -> Result<Played, MoveError> {
        let played = self.apply_keeping_redo(hole)?;
        self.redo.clear();
        Ok(played)
    }

    /// Takes back the last move, if any, and returns its hole.
    pub fn undo(&mut self) -> Option<Hole> {
        let played = self.history.pop()?;
        self.reached.pop();
        self.redo.push(played.hole);
        // A move was played from the position now current: it was not over.
        self.repeated = false;
        self.forget_classification();
        Some(played.hole)
    }

    /// Plays again the last move taken back, if any.
    pub fn redo(&mut self) -> Option<MoveReport> {
        let hole = *self.redo.last()?;
        let report = self.preview(hole);
        debug_assert!(report.is_ok(), "a move taken back is legal again");
        self.apply_keeping_redo(hole).ok()?;
        self.redo.pop();
        report.ok()
    }

    /// Forgets the moves [`redo`](Game::redo) could replay, as playing a new
    /// move does: the game goes on from here.
    pub fn forget_redo(&mut self) {
        self.redo.clear();
    }

    /// Moves that [`redo`](Game::redo) can replay, the next one last.
    pub fn redo_moves(&self) -> &[Hole] {
        &self.redo
    }

    fn now(&self) -> &Reached {
        self.reached.last().expect("a game has a position")
    }

    fn own_row(&self) -> impl DoubleEndedIterator<Item = Hole> + use<> {
        let position = self.position();
        Hole::row(position.to_move, position.width)
    }

    /// Whether the mover's `index`-th hole may be played (the game not being
    /// over by repetition), sowing it the first time it is asked.
    fn classify(&self, index: u8) -> bool {
        let known = &self.known;
        let bit = 1 << index;
        if known.tried.get() & bit == 0 {
            known.tried.set(known.tried.get() | bit);
            let position = self.position();
            if position.has_seeds(index) {
                // The scratch position is about to change: it no longer
                // holds the move cached (if any).
                known.cached.set(None);
                let mut scratch = known.scratch.borrow_mut();
                let child = scratch.insert(*position);
                if let Ok(effect) = child.play_in_place(index) {
                    known.legal.set(known.legal.get() | bit);
                    known.cached.set(Some((index, effect)));
                }
            }
        }
        known.legal.get() & bit != 0
    }

    /// Why `hole` may not be played now, if it may not; when it may, its
    /// sowing is the one cached.
    fn candidate(&self, hole: Hole) -> Result<(), MoveError> {
        let position = self.position();
        if self.repeated {
            return Err(MoveError::GameOver);
        }
        if position.is_movers(hole) && self.classify(hole.index()) {
            if !matches!(self.known.cached.get(), Some((index, _)) if index == hole.index()) {
                // Classified earlier, then another hole was sown: sow it again.
                self.known
                    .tried
                    .set(self.known.tried.get() & !(1 << hole.index()));
                self.classify(hole.index());
            }
            return Ok(());
        }
        let error = position
            .play(hole)
            .expect_err("an unclassified hole or one that is not legal");
        Err(match self.outcome() {
            Some(_) => MoveError::GameOver,
            None => error,
        })
    }

    fn apply_keeping_redo(&mut self, hole: Hole) -> Result<Played, MoveError> {
        self.candidate(hole)?;
        let (_, effect) = self.known.cached.get().expect("a legal move is cached");
        let child = self
            .known
            .scratch
            .get_mut()
            .take()
            .expect("a cached move has its position");
        self.reached.push(Reached {
            position: child,
            hash: 0,
        });
        Ok(self.keep(hole, effect))
    }

    /// Records the move `hole` that led to the position just pushed (its
    /// hash not yet set): hashed where it is kept, since a copy of the
    /// finished entry would wait for the narrow stores that wrote it.
    fn keep(&mut self, hole: Hole, effect: MoveEffect) -> Played {
        let (now, earlier) = self.reached.split_last_mut().expect("just pushed");
        now.hash = now.position.hash();
        self.repeated = now.repeats_any(earlier);
        let played = Played {
            hole,
            captured: effect.capture,
        };
        self.history.push(played);
        self.forget_classification();
        played
    }

    fn forget_classification(&mut self) {
        let known = &mut self.known;
        *known.tried.get_mut() = 0;
        *known.legal.get_mut() = 0;
        *known.cached.get_mut() = None;
        self.outcome = OnceCell::new();
    }
}
