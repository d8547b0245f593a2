//! The alpha-beta search itself, on the rules' copy-make positions: a child
//! is sown when the search visits it, the table's move before any other, and
//! the repetition rule is checked on a stack of hashed positions.

use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

use endodoi_core::rules::{Child, EndReason, Hole, MAX_WIDTH, Position, Reached, Side};

use super::endgames::{ProbeDepth, Tables};
use super::table::{Bound, SOLVED, Table};

/// Above any score a game can reach (at most 240 seeds are in play).
pub(super) const INFINITY: i32 = 1000;
/// The fewest plies left at which late quiet moves are searched less deep.
const REDUCE_FROM: u32 = 3;
/// Moves searched in full at a node before the reductions begin.
const REDUCE_AFTER: usize = 2;
/// Plies a late quiet move's first search is reduced by.
const REDUCTION: u32 = 1;
/// The fewest plies left at which a node looks into the table.
const TABLE_FROM: u32 = 2;
/// The fewest plies left at which a position the tables hold is read from
/// them even when its block is not in memory, the search waiting for it.
const TABLE_READ_FROM: u32 = 5;
/// As [`TABLE_READ_FROM`], for a search with a reader in the background
/// ([`ProbeDepth::Ask`]): it reads a block in the background from
/// [`TABLE_ASK_FROM`] plies, and rarely waits.
const TABLE_READ_WITH_READER_FROM: u32 = 12;
/// The fewest plies left at which a position whose block is not in memory
/// has it read in the background ([`ProbeDepth::Ask`]), the search going on.
const TABLE_ASK_FROM: u32 = 2;
/// Nodes of an iteration [`SMALL_TREE_FROM`] plies deep or more below
/// which a search bounded by time stops reading the tables' blocks in the
/// background and waits for them.
const SMALL_TREE: u64 = 20_000;
/// See [`SMALL_TREE`].
const SMALL_TREE_FROM: u32 = 16;
/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// What the player to move in `position` still gains over the opponent when
/// the game ends there for `reason`: the seeds taken at the end.
pub(super) fn end_gain(position: &Position, reason: EndReason) -> i32 {
    position.outcome(reason).taken.lead(position.to_move())
}

/// The moves of the player to move that end, in hole order, each with the
/// position it leads to: every candidate sown once.
pub(super) fn children(position: &Position) -> impl Iterator<Item = (u8, Child)> + '_ {
    (0..position.width())
        .filter(|&index| position.has_seeds(index))
        .filter_map(|index| Some((index, position.child(index).ok()?)))
}

/// The positions from the game's start to the node being searched, with
/// their hashes: what the repetition rule looks back on.
pub(super) struct Path {
    reached: Vec<Reached>,
    /// The earliest position of the path that a repetition in the subtree
    /// being searched came back to (`usize::MAX` for none): a score found
    /// below a position that comes after it depends on how that position was
    /// reached.
    repeated: usize,
}

impl Path {
    /// The path of a game whose positions so far are `reached`.
    pub fn new(reached: &[Reached]) -> Path {
        let mut path = Vec::with_capacity(reached.len() + super::MAX_DEPTH as usize + 1);
        path.extend_from_slice(reached);
        Path {
            reached: path,
            repeated: usize::MAX,
        }
    }

    /// The position being searched.
    pub fn top(&self) -> &Position {
        &self.reached.last().expect("a path has a position").position
    }

    /// Scores `child` of the top position from the top's mover's side: its
    /// capture minus what the child's mover gains from it, which is the
    /// repetition's share when the child repeats a position of the path, and
    /// otherwise `score` of the path with the child on top.
    #[inline]
    pub fn through(&mut self, child: &Child, score: impl FnOnce(&mut Path) -> i32) -> i32 {
        let reached = Reached::new(child.position);
        let gain = if let Some(at) = reached.repeated_in(&self.reached) {
            self.repeated = self.repeated.min(at);
            end_gain(&child.position, EndReason::Repetition)
        } else {
            self.reached.push(reached);
            let gain = score(self);
            self.reached.pop();
            gain
        };
        i32::from(child.capture) - gain
    }

    fn key(&self) -> u64 {
        self.reached.last().expect("a path has a position").hash
    }

    /// Begins the subtree of the top position: what it finds is told by
    /// [`end_subtree`](Path::end_subtree), given what this returns.
    fn begin_subtree(&mut self) -> usize {
        std::mem::replace(&mut self.repeated, usize::MAX)
    }

    /// Ends the subtree of the top position begun when [`begin_subtree`]
    /// returned `outer`: whether its score depends on the positions before
    /// the top (a repetition in it came back to one of them), so that it
    /// must not be kept as the top's for good.
    ///
    /// [`begin_subtree`]: Path::begin_subtree
    fn end_subtree(&mut self, outer: usize) -> bool {
        let inner = self.repeated;
        self.repeated = outer.min(inner);
        inner < self.reached.len() - 1
    }

    /// Whether nothing comes before the top position since the last capture
    /// (it was just captured into, or is the game's start): no history the
    /// repetition rule could look back on, so a table's exact value holds.
    fn fresh(&self) -> bool {
        match self.reached.as_slice() {
            [.., before, top] => {
                before.position.captured().total() != top.position.captured().total()
            }
            _ => true,
        }
    }
}

/// One run's search state.
pub(super) struct Tree<'a> {
    pub table: &'a mut Table,
    pub history: &'a mut [[u32; MAX_WIDTH as usize]; 2],
    pub nodes: u64,
    pub stop: &'a AtomicBool,
    pub deadline: Option<Instant>,
    pub node_limit: u64,
    /// The tables of perfect endgames, when there are any.
    pub tables: Option<Tables<'a>>,
    /// Positions whose value the tables gave.
    pub table_hits: u64,
    /// The player who gets none of the seeds left at the horizon, when the
    /// search is for a bound rather than an estimate (see [`Horizon`]).
    ///
    /// [`Horizon`]: super::Horizon
    pub loser_at_horizon: Option<Side>,
    /// A limit was reached: every score since is meaningless.
    pub aborted: bool,
    /// An estimate (not a game end) went into the scores of this subtree.
    pub estimated: bool,
}

/// A root move and the position it leads to.
pub(super) type RootMove = (Hole, Child);

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

    /// The index of the move the table remembers for `position` (hash
    /// `key`), if it is one the mover may sow.
    pub fn table_move(&self, position: &Position, key: u64) -> Option<u8> {
        let index = self.table.probe(key)?.best?;
        position.has_seeds(index).then_some(index)
    }

    fn order_key(&self, side: Side, index: u8, child: &Child) -> i64 {
        (i64::from(child.capture) << 32)
            + i64::from(self.history[side as usize][usize::from(index)])
    }

    /// Puts `moves` in the order to search them: the table's move first,
    /// then the biggest captures, then the history of cutoffs.
    pub fn order_root(&self, path: &Path, moves: &mut [RootMove]) {
        let position = path.top();
        let first = self.table_move(position, path.key());
        let side = position.to_move();
        moves.sort_by_key(|(hole, child)| {
            std::cmp::Reverse(if Some(hole.index()) == first {
                i64::MAX
            } else {
                self.order_key(side, hole.index(), child)
            })
        });
    }

    /// Searches every root move in order (best first after
    /// [`order_root`](Tree::order_root)) and returns the best with its
    /// score, when at least the first move was searched to the end.
    pub fn root(&mut self, path: &mut Path, depth: u32, moves: &[RootMove]) -> Option<(Hole, i32)> {
        self.estimated = false;
        let outer = path.begin_subtree();
        let mut alpha = -INFINITY;
        let mut best = None;
        for (index, (hole, child)) in moves.iter().enumerate() {
            let score = self.child_score(path, child, depth - 1, index == 0, alpha, INFINITY);
            if self.aborted {
                break;
            }
            if best.is_none() || score > alpha {
                alpha = score;
                best = Some((*hole, score));
            }
        }
        let by_history = path.end_subtree(outer);
        if let Some((hole, score)) = best.filter(|_| !self.aborted) {
            let stored = if self.estimated || by_history {
                depth as u8
            } else {
                SOLVED
            };
            let key = path.key();
            self.table
                .store(key, score, stored, Bound::Exact, Some(hole.index()));
        }
        best
    }

    /// The root of a level that blunders: every move scored with a full
    /// window, then the best after adding up to `noise` random seeds either way.
    pub fn noisy_root(
        &mut self,
        path: &mut Path,
        depth: u32,
        moves: &[RootMove],
        noise: u8,
        rng: &mut fastrand::Rng,
    ) -> Option<(Hole, i32)> {
        self.estimated = false;
        let noise = i32::from(noise);
        let mut best: Option<(Hole, i32, i32)> = None;
        for (hole, child) in moves {
            let score = path.through(child, |path| {
                self.negamax(path, depth - 1, -INFINITY, INFINITY)
            });
            if self.aborted {
                return None;
            }
            let shaken = score + rng.i32(-noise..=noise);
            if best.is_none_or(|(_, _, top)| shaken > top) {
                best = Some((*hole, score, shaken));
            }
        }
        best.map(|(hole, score, _)| (hole, score))
    }

    /// A child's score seen from its parent, within `(alpha, beta)`. Moves
    /// after the first are tried with a null window first
    /// (principal-variation search).
    fn child_score(
        &mut self,
        path: &mut Path,
        child: &Child,
        depth: u32,
        first: bool,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let capture = i32::from(child.capture);
        if !first {
            let score = path.through(child, |path| {
                self.negamax(path, depth, capture - alpha - 1, capture - alpha)
            });
            if score <= alpha || score >= beta || self.aborted {
                return score;
            }
        }
        path.through(child, |path| {
            self.negamax(path, depth, capture - beta, capture - alpha)
        })
    }

    /// The score of a child searched late at a node `depth` plies from the
    /// horizon: a quiet move is first searched less deep, and in full only
    /// if it then looks better than the best so far.
    fn late_child_score(
        &mut self,
        path: &mut Path,
        child: &Child,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.capture == 0 {
            let reduced = path.through(child, |path| {
                self.negamax(path, depth - 1 - REDUCTION, -alpha - 1, -alpha)
            });
            if reduced <= alpha || self.aborted {
                return reduced;
            }
        }
        self.child_score(path, child, depth - 1, false, alpha, beta)
    }

    /// The future capture difference for the player to move on top of
    /// `path`, searched `depth` plies: exact if it lies within
    /// `(alpha, beta)`, else a bound on the far side of the window.
    fn negamax(&mut self, path: &mut Path, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.count_node();
        if self.aborted {
            return 0;
        }
        let position = *path.top();
        if let Some(value) = self.table_value(path, depth) {
            return value;
        }
        if depth == 0 {
            return self.evaluate(&position, beta);
        }
        let key = path.key();
        let mut first = None;
        // One ply from the horizon a node is cheaper to search than a look
        // into the table far off in memory.
        let probed = (depth >= TABLE_FROM)
            .then(|| self.table.probe(key))
            .flatten();
        if let Some(entry) = probed {
            first = entry.best;
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
        let outer_repeated = path.begin_subtree();
        let side = position.to_move();
        let original_alpha = alpha;
        let mut best: Option<(i32, u8)> = None;
        // The table's move is sown and searched before any other: when it
        // cuts off, no other child is sown at all.
        let first = first
            .filter(|&index| position.has_seeds(index))
            .and_then(|index| Some((index, position.child(index).ok()?)));
        if let Some((index, child)) = first {
            let score = self.child_score(path, &child, depth - 1, true, alpha, beta);
            if self.aborted {
                return 0;
            }
            best = Some((score, index));
            alpha = alpha.max(score);
        }
        if alpha < beta {
            let mut rest = [(0_i64, 0_u8, None::<Child>); MAX_WIDTH as usize];
            let mut count = 0;
            for (index, child) in children(&position) {
                if first.is_some_and(|(done, _)| done == index) {
                    continue;
                }
                rest[count] = (self.order_key(side, index, &child), index, Some(child));
                count += 1;
            }
            rest[..count].sort_unstable_by_key(|&(key, ..)| std::cmp::Reverse(key));
            for (order, &(_, index, child)) in rest[..count].iter().enumerate() {
                let child = child.expect("filled above");
                let searched = order + usize::from(first.is_some());
                let score = if depth >= REDUCE_FROM && searched >= REDUCE_AFTER {
                    self.late_child_score(path, &child, depth, alpha, beta)
                } else {
                    self.child_score(path, &child, depth - 1, best.is_none(), alpha, beta)
                };
                if self.aborted {
                    return 0;
                }
                if best.is_none_or(|(top, _)| score > top) {
                    best = Some((score, index));
                    alpha = alpha.max(score);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let by_history = path.end_subtree(outer_repeated);
        let Some((score, index)) = best else {
            // No move of the mover ends: the game is over, exactly scored.
            self.estimated = outer_estimated;
            return end_gain(&position, EndReason::NoMoves);
        };
        if score >= beta {
            let count = &mut self.history[side as usize][usize::from(index)];
            *count = count.saturating_add(depth * depth);
        }
        let bound = if score <= original_alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let estimated = self.estimated;
        self.estimated |= outer_estimated;
        // A score that rests on the positions before this one (a repetition
        // of one of them) holds for this path only: kept as an estimate, so
        // that another path reaching the position never takes it as solved
        // (and not at all by a search for a bound, which takes no estimate).
        if !(by_history && self.loser_at_horizon.is_some()) {
            self.remember(key, depth, score, bound, index, estimated || by_history);
        }
        score
    }

    /// Keeps the score of the node of hash `key`, searched `depth` plies,
    /// and its best move, in the table: as solved unless `estimated`.
    fn remember(
        &mut self,
        key: u64,
        depth: u32,
        score: i32,
        bound: Bound,
        index: u8,
        estimated: bool,
    ) {
        // One ply from the horizon only a solved score is worth the trip
        // to memory: the table is not looked into there.
        if depth >= TABLE_FROM || !estimated {
            let stored_depth = if estimated { depth as u8 } else { SOLVED };
            self.table
                .store(key, score, stored_depth, bound, Some(index));
        }
    }

    /// Hears that an iteration `depth` plies deep took `nodes` nodes. A tree
    /// this small this deep is near closed: searched again sooner than its
    /// blocks come in from the background, it ends exact only if it waits
    /// for them, from now on.
    pub(super) fn iterated(&mut self, depth: u32, nodes: u64) {
        if depth >= SMALL_TREE_FROM
            && nodes < SMALL_TREE
            && let Some(tables) = self.tables.as_mut()
        {
            tables.background = false;
        }
    }

    /// The tables' value of the position on top of `path`, `depth` plies
    /// from the horizon, when it may stand for a search: exact for a position
    /// with no history since the last capture, and otherwise, at the
    /// horizon, the best estimate there is.
    fn table_value(&mut self, path: &Path, depth: u32) -> Option<i32> {
        let tables = self.tables.as_mut()?;
        let fresh = path.fresh();
        if !fresh && depth > 0 {
            return None;
        }
        // A block of a large level read and decoded costs as much as
        // searching a few plies: only far from the horizon does the search
        // wait for one; nearer, the blocks already in memory are used, and
        // the others read in the background for the next look.
        let read_from = if tables.background {
            TABLE_READ_WITH_READER_FROM
        } else {
            TABLE_READ_FROM
        };
        let look = if fresh && depth >= read_from {
            ProbeDepth::Wait
        } else if fresh && depth >= TABLE_ASK_FROM {
            ProbeDepth::Ask
        } else {
            ProbeDepth::Near
        };
        let found = tables.probe(path.top(), look)?;
        let exact = found.exact && fresh;
        // A bound takes nothing that is not proven.
        if !exact && (depth > 0 || self.loser_at_horizon.is_some()) {
            return None;
        }
        self.table_hits += 1;
        self.estimated |= !exact;
        Some(found.value)
    }

    /// The estimate at the search horizon of what the player to move will
    /// still gain: the biggest capture they can make at once, plus a quarter
    /// of the seeds their row holds beyond the opponent's (seeds that are
    /// theirs if the game ends by repetition, and that feed their sowings
    /// meanwhile). Exact when the mover has no move. Measured against the
    /// plain capture difference, each term wins games at equal time.
    ///
    /// Once the row lead alone (the mover surely having a move) or the
    /// captures sown so far put the estimate at `beta` or above, the rest are
    /// not sown: the estimate is then a lower bound, which is all a parent
    /// that fails low on this child needs.
    fn evaluate(&mut self, position: &Position, beta: i32) -> i32 {
        let side = position.to_move();
        if let Some(loser) = self.loser_at_horizon {
            self.estimated = true;
            let left = i32::from(position.row_total(Side::South) + position.row_total(Side::North));
            return if side == loser { -left } else { left };
        }
        let row_lead =
            i32::from(position.row_total(side)) - i32::from(position.row_total(side.opponent()));
        if row_lead / 4 >= beta && position.surely_has_move() {
            // Whatever the captures, the estimate is at least this.
            self.estimated = true;
            return row_lead / 4;
        }
        let mut best_capture = None;
        for (_, child) in children(position) {
            let capture = i32::from(child.capture);
            best_capture = best_capture.max(Some(capture));
            if capture + row_lead / 4 >= beta {
                break;
            }
        }
        let Some(best_capture) = best_capture else {
            return end_gain(position, EndReason::NoMoves);
        };
        self.estimated = true;
        best_capture + row_lead / 4
    }
}
