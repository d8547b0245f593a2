//! The computer player: a game-tree search over the rules engine.
//!
//! Iterative-deepening negamax with alpha-beta (principal-variation search), a
//! transposition table keyed by a Zobrist hash of the holes and the player to
//! move, and move ordering by the table's move, then captures, then a history
//! of moves that refuted others. Every position is reached by playing the
//! engine's own moves on a [`Game`], so endless sowings (never listed as legal),
//! the last mover taking the seeds left and the repetition end are exactly the
//! rules' own: the search never re-derives a rule.
//!
//! **Scores** are seeds. Inside the tree a position is scored by the seeds its
//! player to move will still gain over the opponent from here on (the future
//! capture difference, the seeds taken at the end included), so a stored score
//! does not depend on how the position was reached. What the search reports
//! ([`SearchResult::score`], [`Info::score`]) adds the seeds already captured:
//! the final margin the player to move can expect, their total minus the
//! opponent's.
//!
//! The search runs on the caller's thread; a front end calls it from a worker
//! thread and stops it with an [`AtomicBool`]:
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use endodoi::rules::{Config, Game};
//! use endodoi::search::{Limits, Search};
//!
//! let game = Game::new(Config::default());
//! let result = Search::new(Limits::depth(4)).run(&game, &AtomicBool::new(false), |_| {});
//! assert!(game.is_legal(result.best.expect("the game is not over")));
//! ```

mod minimax;
mod table;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use minimax::minimax_best;

use crate::rules::{Game, Hole, MAX_WIDTH, Outcome, Position, Side};
use table::{Bound, SOLVED, Table};

/// The deepest iteration the search starts.
pub const MAX_DEPTH: u32 = 64;
/// Thinking time a move when none is chosen.
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);
/// Above any score a game can reach (at most 240 seeds are in play).
const INFINITY: i32 = 1000;
/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;
/// Transposition table size: `2^TABLE_BITS` entries of 16 bytes.
const TABLE_BITS: u32 = 20;

/// When a search stops, and how much randomness its choice gets.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The deepest iteration, in plies (at most [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Wall-clock time to think.
    pub movetime: Option<Duration>,
    /// Nodes to visit at most.
    pub nodes: Option<u64>,
    /// Random seeds (up to this many, either way) added to every root move's
    /// score before choosing: how the gentle levels blunder. 0 plays the best.
    pub noise: u8,
}

impl Limits {
    /// Search to `depth` plies, however long it takes.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `movetime`, as deep as time allows.
    pub fn movetime(movetime: Duration) -> Limits {
        Limits {
            movetime: Some(movetime),
            ..Limits::default()
        }
    }

    /// Search until stopped (or the game is solved).
    pub fn infinite() -> Limits {
        Limits::default()
    }
}

/// The computer's strength, 1 (gentle) to 5 (strongest).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level outside 1–5.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the level must be {min} to {max}, not `{0}`", min = Level::MIN.0, max = Level::MAX.0)]
pub struct LevelError(pub String);

impl Level {
    /// The gentlest level: one ply, with frequent blunders.
    pub const MIN: Level = Level(1);
    /// The strongest level: the whole thinking time, no randomness.
    pub const MAX: Level = Level(5);
    /// The level when none is chosen.
    pub const DEFAULT: Level = Level(3);

    /// The level `number`, if it is 1 to 5.
    pub fn new(number: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&number)
            .then_some(Level(number))
    }

    /// Every level, gentlest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }

    /// The level's number, 1 to 5.
    pub fn number(self) -> u8 {
        self.0
    }

    /// How a search at this level stops and blunders; `think` is the time a
    /// move at the strongest level (the others stop earlier, by depth).
    pub fn limits(self, think: Duration) -> Limits {
        let (depth, noise) = match self.0 {
            1 => (Some(1), 6),
            2 => (Some(2), 2),
            3 => (Some(4), 1),
            4 => (Some(7), 0),
            _ => (None, 0),
        };
        Limits {
            depth,
            movetime: Some(think),
            nodes: None,
            noise,
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(text: &str) -> Result<Level, LevelError> {
        text.parse()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| LevelError(text.to_owned()))
    }
}

/// Progress: sent after every completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Plies searched.
    pub depth: u32,
    /// The final margin the player to move can expect (their total minus the
    /// opponent's), in seeds.
    pub score: i32,
    /// Whether the score is the game's true value (no estimate went into it).
    pub exact: bool,
    /// Positions visited so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The expected line of play, the best move first.
    pub pv: Vec<Hole>,
}

impl Info {
    /// Nodes a second so far.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }
}

fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    (u128::from(nodes) * 1_000_000_000 / elapsed.as_nanos().max(1)) as u64
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the game is over.
    pub best: Option<Hole>,
    /// The player the score is for: the player to move (when the game is
    /// over, the player who could not move or whose turn the repetition came on).
    pub side: Side,
    /// The final margin `side` can expect with best play, in seeds; when the
    /// game is over, the actual final margin.
    pub score: i32,
    /// Whether the score is the game's true value (no estimate went into it).
    pub exact: bool,
    /// Plies of the deepest completed iteration (0 when the game is over).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The expected line of play, the best move first.
    pub pv: Vec<Hole>,
}

impl SearchResult {
    /// The score seen from `side`: positive when `side` is expected to win.
    pub fn score_for(&self, side: Side) -> i32 {
        if side == self.side {
            self.score
        } else {
            -self.score
        }
    }

    /// Nodes a second.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }
}

/// A searcher. It keeps its transposition table between runs, so searching
/// the positions of one game in turn (playing, or analysing a record) reuses
/// earlier work.
#[derive(Clone, Debug)]
pub struct Search {
    limits: Limits,
    table: Table,
    /// Cutoffs caused by each hole of each side: the quiet-move ordering.
    history: [[u32; MAX_WIDTH as usize]; 2],
    rng: fastrand::Rng,
}

impl Search {
    /// A searcher with these limits; its random blunders (if `limits.noise`
    /// is set) come from a fresh random seed.
    pub fn new(limits: Limits) -> Search {
        Search::with_seed(limits, fastrand::u64(..))
    }

    /// A searcher whose random choices follow `seed`: reproducible games.
    pub fn with_seed(limits: Limits, seed: u64) -> Search {
        Search {
            limits,
            table: Table::new(TABLE_BITS),
            history: [[0; MAX_WIDTH as usize]; 2],
            rng: fastrand::Rng::with_seed(seed),
        }
    }

    /// A searcher playing at `level`, thinking at most `think` a move.
    pub fn for_level(level: Level, think: Duration) -> Search {
        Search::new(level.limits(think))
    }

    /// Changes the limits of the next run (the table is kept).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Forgets everything searched so far.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history = [[0; MAX_WIDTH as usize]; 2];
    }

    /// Searches `game`'s position until a limit is reached or `stop` is set,
    /// calling `on_info` after every completed iteration. It always returns a
    /// legal move while the game is not over, even when stopped at once.
    ///
    /// # Panics
    /// Never: only the engine's listed moves are played.
    pub fn run(
        &mut self,
        game: &Game,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let started = Instant::now();
        let side = game.position().to_move();
        let already = margin(game.position().captured(), side);
        if let Some(outcome) = game.outcome() {
            return SearchResult {
                best: None,
                side,
                score: already + final_gain(outcome, game.position()),
                exact: true,
                depth: 0,
                nodes: 0,
                elapsed: started.elapsed(),
                pv: Vec::new(),
            };
        }
        let limits = self.limits;
        for count in self.history.iter_mut().flatten() {
            *count /= 2;
        }
        let mut tree = Tree {
            table: &mut self.table,
            history: &mut self.history,
            nodes: 0,
            stop,
            deadline: limits.movetime.map(|time| started + time),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            aborted: false,
            estimated: false,
        };
        let mut root = game.clone();
        let mut moves: Vec<Hole> = root.legal_moves().collect();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut result = SearchResult {
            best: moves.first().copied(),
            side,
            score: already,
            exact: false,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        for depth in 1..=max_depth {
            let scored = if limits.noise > 0 {
                tree.noisy_root(&mut root, depth, &moves, limits.noise, &mut self.rng)
            } else {
                tree.root(&mut root, depth, &mut moves)
            };
            if let Some((best, score)) = scored {
                result.best = Some(best);
                result.score = already + score;
            }
            if tree.aborted {
                break;
            }
            result.depth = depth;
            result.exact = !tree.estimated;
            result.pv = principal_variation(&tree, &root, depth);
            if result.pv.first() != result.best.as_ref() {
                result.pv = result.best.into_iter().collect();
            }
            on_info(&Info {
                depth,
                score: result.score,
                exact: result.exact,
                nodes: tree.nodes,
                elapsed: started.elapsed(),
                pv: result.pv.clone(),
            });
            let out_of_time = limits.movetime.is_some_and(|time| {
                // The next iteration takes several times this one: don't start
                // what cannot finish.
                moves.len() == 1 || started.elapsed() * 3 > time
            }) && limits.depth.is_none();
            if result.exact || out_of_time {
                break;
            }
        }
        result.nodes = tree.nodes;
        result.elapsed = started.elapsed();
        result
    }
}

/// The seeds `side` has captured beyond the opponent.
fn margin(captured: crate::rules::BySide<u16>, side: Side) -> i32 {
    i32::from(captured[side]) - i32::from(captured[side.opponent()])
}

/// What the player to move in `position` still gains over the opponent when
/// the game ends with `outcome`: the seeds taken at the end.
fn final_gain(outcome: &Outcome, position: &Position) -> i32 {
    let side = position.to_move();
    margin(outcome.totals(), side) - margin(position.captured(), side)
}

/// Plays `hole`, scores the child with `score_child` given the seeds the
/// move captured, and takes the move back.
fn through<T>(game: &mut Game, hole: Hole, score_child: impl FnOnce(&mut Game, i32) -> T) -> T {
    let mover = game.position().to_move();
    let before = game.position().captured()[mover];
    game.play(hole).expect("only listed moves are searched");
    let capture = i32::from(game.position().captured()[mover]) - i32::from(before);
    let value = score_child(game, capture);
    game.undo();
    value
}

/// The line the table remembers from `game`, at most `depth` moves.
fn principal_variation(tree: &Tree<'_>, game: &Game, depth: u32) -> Vec<Hole> {
    let mut line = Vec::new();
    let mut game = game.clone();
    while line.len() < depth as usize {
        let Some(hole) = tree.table_move(&game) else {
            break;
        };
        if game.play(hole).is_err() {
            break;
        }
        line.push(hole);
    }
    line
}

/// One run's search state.
struct Tree<'a> {
    table: &'a mut Table,
    history: &'a mut [[u32; MAX_WIDTH as usize]; 2],
    nodes: u64,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    node_limit: u64,
    /// A limit was reached: every score since is meaningless.
    aborted: bool,
    /// An estimate (not a game end) went into the scores of this subtree.
    estimated: bool,
}

impl Tree<'_> {
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY)
            && (self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.deadline.is_some_and(|end| Instant::now() >= end))
        {
            self.aborted = true;
        }
    }

    fn key(game: &Game) -> u64 {
        table::hash(game.position(), game.config().variant())
    }

    fn table_move(&self, game: &Game) -> Option<Hole> {
        let entry = self.table.probe(Tree::key(game))?;
        let hole = Hole::new(game.position().to_move(), entry.best?);
        game.is_legal(hole).then_some(hole)
    }

    /// The legal moves, best first as far as cheap knowledge tells: the
    /// table's move, then the biggest captures, then the history of cutoffs.
    fn ordered_moves(&self, game: &Game, first: Option<Hole>) -> ([Hole; 10], usize) {
        let side = game.position().to_move();
        let mut keyed = [(0_i64, Hole::new(side, 0)); MAX_WIDTH as usize];
        let mut count = 0;
        for hole in game.legal_moves() {
            let key = if Some(hole) == first {
                i64::MAX
            } else {
                let capture = game.capture_seeds(hole).map_or(0, i64::from);
                (capture << 32) + i64::from(self.history[side as usize][usize::from(hole.index())])
            };
            keyed[count] = (key, hole);
            count += 1;
        }
        keyed[..count].sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        let mut holes = [Hole::new(side, 0); MAX_WIDTH as usize];
        for (slot, (_, hole)) in holes.iter_mut().zip(&keyed[..count]) {
            *slot = *hole;
        }
        (holes, count)
    }

    /// The root: every move in order, the best (and its score) returned when
    /// at least the first move was searched to the end. `moves` is reordered,
    /// the best first.
    fn root(&mut self, game: &mut Game, depth: u32, moves: &mut [Hole]) -> Option<(Hole, i32)> {
        self.estimated = false;
        let first = self.table_move(game);
        let (ordered, count) = self.ordered_moves(game, first);
        moves.copy_from_slice(&ordered[..count]);
        let mut alpha = -INFINITY;
        let mut best = None;
        for (index, &hole) in moves.iter().enumerate() {
            let score = through(game, hole, |child, capture| {
                self.child_score(child, depth - 1, capture, index == 0, alpha, INFINITY)
            });
            if self.aborted {
                break;
            }
            if best.is_none() || score > alpha {
                alpha = score;
                best = Some((hole, score));
            }
        }
        if let Some((hole, score)) = best.filter(|_| !self.aborted) {
            self.table.store(
                Tree::key(game),
                score,
                if self.estimated { depth as u8 } else { SOLVED },
                Bound::Exact,
                Some(hole.index()),
            );
        }
        best
    }

    /// The root of a level that blunders: every move scored with a full
    /// window, then the best after adding up to `noise` random seeds either way.
    fn noisy_root(
        &mut self,
        game: &mut Game,
        depth: u32,
        moves: &[Hole],
        noise: u8,
        rng: &mut fastrand::Rng,
    ) -> Option<(Hole, i32)> {
        self.estimated = false;
        let noise = i32::from(noise);
        let mut best: Option<(Hole, i32, i32)> = None;
        for &hole in moves {
            let score = through(game, hole, |child, capture| {
                capture - self.negamax(child, depth - 1, -INFINITY, INFINITY)
            });
            if self.aborted {
                return None;
            }
            let shaken = score + rng.i32(-noise..=noise);
            if best.is_none_or(|(_, _, top)| shaken > top) {
                best = Some((hole, score, shaken));
            }
        }
        best.map(|(hole, score, _)| (hole, score))
    }

    /// A child's score seen from its parent, within `(alpha, beta)`: the
    /// capture that led to it minus the child's own score. Moves after the
    /// first are tried with a null window first (principal-variation search).
    fn child_score(
        &mut self,
        child: &mut Game,
        depth: u32,
        capture: i32,
        first: bool,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if !first {
            let score = capture - self.negamax(child, depth, capture - alpha - 1, capture - alpha);
            if score <= alpha || score >= beta || self.aborted {
                return score;
            }
        }
        capture - self.negamax(child, depth, capture - beta, capture - alpha)
    }

    /// The future capture difference for the player to move in `game`,
    /// searched `depth` plies: exact if it lies within `(alpha, beta)`, else a
    /// bound on the far side of the window.
    fn negamax(&mut self, game: &mut Game, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.count_node();
        if self.aborted {
            return 0;
        }
        if let Some(outcome) = game.outcome() {
            return final_gain(outcome, game.position());
        }
        if depth == 0 {
            self.estimated = true;
            return evaluate(game);
        }
        let key = Tree::key(game);
        let mut first = None;
        if let Some(entry) = self.table.probe(key) {
            first = entry
                .best
                .map(|index| Hole::new(game.position().to_move(), index));
            let score = i32::from(entry.score);
            let usable = u32::from(entry.depth) >= depth
                && match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
            if usable {
                self.estimated |= entry.depth != SOLVED;
                return score;
            }
        }
        let outer_estimated = std::mem::replace(&mut self.estimated, false);
        let (moves, count) = self.ordered_moves(game, first);
        let original_alpha = alpha;
        let mut best = (-INFINITY, moves[0]);
        for (index, &hole) in moves[..count].iter().enumerate() {
            let score = through(game, hole, |child, capture| {
                self.child_score(child, depth - 1, capture, index == 0, alpha, beta)
            });
            if self.aborted {
                return 0;
            }
            if score > best.0 {
                best = (score, hole);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let side = game.position().to_move() as usize;
                        let count = &mut self.history[side][usize::from(hole.index())];
                        *count = count.saturating_add(depth * depth);
                        break;
                    }
                }
            }
        }
        let bound = if best.0 <= original_alpha {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let estimated = self.estimated;
        self.estimated |= outer_estimated;
        let stored_depth = if estimated { depth as u8 } else { SOLVED };
        self.table
            .store(key, best.0, stored_depth, bound, Some(best.1.index()));
        best.0
    }
}

/// The estimate at the search horizon of what the player to move will still
/// gain: the biggest capture they can make at once, plus a quarter of the
/// seeds their row holds beyond the opponent's (seeds that are theirs if the
/// game ends by repetition, and that feed their sowings meanwhile). Measured
/// against the plain capture difference, each term wins games at equal time.
fn evaluate(game: &Game) -> i32 {
    let position = game.position();
    let side = position.to_move();
    let best_capture = game
        .legal_moves()
        .filter_map(|hole| game.capture_seeds(hole).ok())
        .max()
        .map_or(0, i32::from);
    let row_lead =
        i32::from(position.row_total(side)) - i32::from(position.row_total(side.opponent()));
    best_capture + row_lead / 4
}
