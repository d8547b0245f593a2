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
//! use endodoi_core::rules::{Config, Game};
//! use endodoi_engine::{Limits, Search};
//!
//! let game = Game::new(Config::default());
//! let result = Search::new(Limits::depth(4)).run(&game, &AtomicBool::new(false), |_| {});
//! assert!(game.is_legal(result.best.expect("the game is not over")));
//! ```

mod endgames;
mod minimax;
mod proof;
mod table;
mod tree;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use web_time::Instant;

pub use endgames::{Endgames, Lookup, ProbeDepth, TableValue};
pub use minimax::minimax_best;
pub use proof::{Bounds, Proof, Prover};

use endgames::{Probe, Tables};
use endodoi_core::rules::{Game, Hole, MAX_WIDTH, Side};
use table::Table;
use tree::{Path, RootMove, Tree};

/// The deepest iteration the search starts.
pub const MAX_DEPTH: u32 = 64;
/// Thinking time a move when none is chosen.
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);
/// Transposition table size: `2^TABLE_BITS` entries of 8 bytes.
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

    /// Search at most `nodes` positions: the same answer on every run and
    /// machine, however fast.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search until stopped (or the game is solved).
    pub fn infinite() -> Limits {
        Limits::default()
    }
}

/// What a search puts at its horizon, where it stops looking.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Horizon {
    /// Its best guess of what the player to move will still gain: the
    /// strongest play.
    #[default]
    Estimate,
    /// That the player to move at the root gets none of the seeds left: the
    /// score is then a lower bound of the true value (for a proof).
    Lower,
    /// That the player to move at the root gets every seed left: an upper
    /// bound of the true value.
    Upper,
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
    /// Positions whose value came from the tables of perfect endgames.
    pub table_hits: u64,
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
    /// The tables of perfect endgames and this searcher's way into them
    /// (what it looked at lately, a reader in the background).
    tables: Option<Probe>,
    horizon: Horizon,
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
            tables: None,
            horizon: Horizon::Estimate,
        }
    }

    /// Sets what the next runs put at their horizon. With a bound, each
    /// completed iteration's score ([`Info::score`]) is a bound of the true
    /// value, proven: only exact table values and game ends go into it.
    pub fn set_horizon(&mut self, horizon: Horizon) {
        self.horizon = horizon;
    }

    /// Looks into `tables` from the next run on: a position they hold
    /// with nothing before it since the last capture is scored by its exact
    /// value, not searched; one at the horizon by its value there. Given
    /// the same tables again, the searcher keeps its way into them (what
    /// it looked at lately, its reader).
    pub fn set_tables<E: Endgames + 'static>(&mut self, tables: Option<Arc<E>>) {
        let previous = self.tables.take();
        self.tables = tables.map(|tables| Probe::new(tables, previous));
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
        let already = game.position().captured().lead(side);
        if let Some(outcome) = game.outcome() {
            return SearchResult {
                best: None,
                side,
                score: outcome.totals().lead(side),
                exact: true,
                depth: 0,
                nodes: 0,
                table_hits: 0,
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
            tables: self.tables.as_mut().and_then(|tables| {
                // A search bounded by time is not the same from run to run
                // anyway; one bounded by nodes or depth reads its blocks
                // itself, so that it is, and so does a proof, which needs
                // every exact value it can have as soon as it can.
                let background = limits.movetime.is_some() && self.horizon == Horizon::Estimate;
                Tables::new(tables, background, game.position())
            }),
            table_hits: 0,
            loser_at_horizon: match self.horizon {
                Horizon::Estimate => None,
                Horizon::Lower => Some(side),
                Horizon::Upper => Some(side.opponent()),
            },
            aborted: false,
            estimated: false,
        };
        let mut path = Path::new(game.reached());
        let mut moves: Vec<RootMove> = tree::children(game.position())
            .map(|(index, child)| (Hole::new(side, index), child))
            .collect();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut result = SearchResult {
            best: moves.first().map(|&(hole, _)| hole),
            side,
            score: already,
            exact: false,
            depth: 0,
            nodes: 0,
            table_hits: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        for depth in 1..=max_depth {
            let before = tree.nodes;
            let scored = if limits.noise > 0 {
                tree.noisy_root(&mut path, depth, &moves, limits.noise, &mut self.rng)
            } else {
                tree.order_root(&path, &mut moves);
                tree.root(&mut path, depth, &moves)
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
            result.pv = principal_variation(&tree, &path, depth);
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
            // With a time limit the next iteration is started as long as
            // time is left: if it cannot finish, the moves it searched in
            // full (the best so far first) still count. A single legal move
            // is searched all the same, so that the margin reported is the
            // real one.
            if result.exact {
                break;
            }
            tree.iterated(depth, tree.nodes - before);
        }
        result.nodes = tree.nodes;
        result.table_hits = tree.table_hits;
        result.elapsed = started.elapsed();
        result
    }
}

/// The line the table remembers from the top of `path`, at most `depth` moves.
fn principal_variation(tree: &Tree<'_>, path: &Path, depth: u32) -> Vec<Hole> {
    let mut line = Vec::new();
    let mut position = *path.top();
    while line.len() < depth as usize {
        let Some(index) = tree.table_move(&position, position.hash()) else {
            break;
        };
        let hole = Hole::new(position.to_move(), index);
        let Ok(child) = position.play(hole) else {
            break;
        };
        line.push(hole);
        position = child.position;
    }
    line
}
