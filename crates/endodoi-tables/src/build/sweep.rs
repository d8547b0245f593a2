//! Sweeping a level's bounds to a fixed point.
//!
//! The level is cut into chunks of [`CHUNK`] boards, shared out among the
//! threads sweep after sweep. A chunk is first *sown*: each open board is
//! played out (every move sown, its captures valued from the finished
//! levels below, the boards its other moves lead to ranked). Once memory
//! allows, what a sowing found is *kept*: each open board's captures (and
//! the moves into boards already exact) folded into one bound, and the
//! ranks of the boards its other moves lead to. A kept chunk is swept from
//! that list alone, with no sowing, and the list shrinks as its boards and
//! the boards they lead to become exact. Whatever the order, the sweeps
//! reach the same fixed point: the bounds only ever narrow, each narrowing
//! rests on bounds that hold, and the sweeps stop when one changes nothing.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU16, AtomicU64, Ordering};

use crate::store::Bounded;
use crate::{Progress, Ranking, position_of};
use endodoi_core::rules::{MAX_WIDTH, Position};

/// Boards a thread takes at a time.
const CHUNK: usize = 1 << 12;
/// Holes on the widest board.
const MAX_HOLES: usize = 2 * MAX_WIDTH as usize;

/// What a board's value can be: the least and the most.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct ValueSpan {
    low: i32,
    high: i32,
}

impl ValueSpan {
    /// No move seen yet: below every value, so that the first move's bounds
    /// replace it.
    const NONE: ValueSpan = ValueSpan {
        low: i8::MIN as i32,
        high: i8::MIN as i32,
    };

    fn exactly(value: i32) -> ValueSpan {
        ValueSpan {
            low: value,
            high: value,
        }
    }

    fn exact(self) -> bool {
        self.low == self.high
    }

    /// The bounds of a choice between this and `other`.
    fn widen(self, other: ValueSpan) -> ValueSpan {
        ValueSpan {
            low: self.low.max(other.low),
            high: self.high.max(other.high),
        }
    }

    /// What the mover gains by a move to a board of these bounds that
    /// captures `capture` seeds.
    fn after(self, capture: u8) -> ValueSpan {
        let capture = i32::from(capture);
        ValueSpan {
            low: capture - self.high,
            high: capture - self.low,
        }
    }

    /// The span that holds for both.
    fn meet(self, other: ValueSpan) -> ValueSpan {
        ValueSpan {
            low: self.low.max(other.low),
            high: self.high.min(other.high),
        }
    }

    fn pack(self) -> u16 {
        u16::from_le_bytes([
            (self.low as i8).cast_unsigned(),
            (self.high as i8).cast_unsigned(),
        ])
    }

    fn unpack(word: u16) -> ValueSpan {
        let [low, high] = word.to_le_bytes();
        ValueSpan {
            low: i32::from(low.cast_signed()),
            high: i32::from(high.cast_signed()),
        }
    }
}

/// A finished level: a byte a board, and the bounds of those not exact.
#[derive(Default)]
pub(super) struct Finished {
    /// Each board's byte, by rank.
    pub values: Vec<u8>,
    /// The bounds of the boards not exact, by rank.
    pub bounded: Vec<Bounded>,
}

impl Finished {
    /// The span of the value of the board numbered `rank` on this level of
    /// `seeds` seeds, whose byte is `byte`: its value twice when exact.
    fn bounds(&self, rank: usize, byte: u8, seeds: u8) -> ValueSpan {
        let value = crate::decode(byte, seeds);
        if value.exact {
            return ValueSpan::exactly(value.value);
        }
        let at = self
            .bounded
            .binary_search_by_key(&(rank as u64), |board| board.rank)
            .expect("a board not exact has its bounds");
        ValueSpan {
            low: i32::from(self.bounded[at].low),
            high: i32::from(self.bounded[at].high),
        }
    }
}

/// A level's bounds as they are swept: both in one word a board, so that
/// a board looked up costs one fetch from memory.
struct Swept(Vec<AtomicU16>);

impl Swept {
    fn get(&self, rank: usize) -> ValueSpan {
        ValueSpan::unpack(self.0[rank].load(Ordering::Relaxed))
    }

    fn set(&self, rank: usize, bounds: ValueSpan) {
        self.0[rank].store(bounds.pack(), Ordering::Relaxed);
    }
}

/// A chunk of a level, as the next sweep finds it.
enum Chunk {
    /// Its open boards are sown again.
    Sown,
    /// Its open boards' entries: a head word (the board's place in the
    /// chunk, 12 bits; its links, 4 bits; its folded bound, 16 bits), then
    /// the rank of each board a link leads to.
    Kept(Vec<u32>),
}

/// A kept board's head word.
fn head(offset: usize, links: usize, folded: ValueSpan) -> u32 {
    offset as u32 | (links as u32) << 12 | u32::from(folded.pack()) << 16
}

/// Boards sown before their moves' bounds are fetched: the fetches, far
/// apart in memory, are then in flight side by side.
const BATCH: usize = 16;

/// Boards sown, waiting for the bounds of the boards their moves lead to.
struct Batch {
    /// Each board's place in its chunk, its bounds, and the end of its
    /// moves.
    boards: [(usize, ValueSpan, usize); BATCH],
    len: usize,
    /// Each move: the seeds it captures, the rank of the board it leads to.
    moves: [(u8, usize); BATCH * MAX_WIDTH as usize],
    /// Each move's fetch: the byte of a capture's board, the packed bounds
    /// of a link's.
    fetched: [u16; BATCH * MAX_WIDTH as usize],
    count: usize,
}

impl Batch {
    fn new() -> Batch {
        Batch {
            boards: [(0, ValueSpan::NONE, 0); BATCH],
            len: 0,
            moves: [(0, 0); BATCH * MAX_WIDTH as usize],
            fetched: [0; BATCH * MAX_WIDTH as usize],
            count: 0,
        }
    }
}

/// The bytes of `count` words of a kept chunk.
fn words(count: usize) -> i64 {
    i64::try_from(count).map_or(i64::MAX, |count| count.saturating_mul(4))
}

/// What a chunk's sweep did: boards still open, and whether any changed.
#[derive(Default)]
struct ChunkSweep {
    open: u64,
    changed: bool,
}

/// A level being built: its boards' bounds, and the finished levels below.
pub(super) struct LevelBuild<'a> {
    /// The boards of this width.
    pub ranking: &'a Ranking,
    /// Seeds on each board of the level.
    pub seeds: u8,
    /// The finished levels below, from 0.
    pub lower: &'a [Finished],
    /// Threads to sweep with.
    pub threads: usize,
    /// Bytes the kept chunks may take.
    pub budget: u64,
}

impl LevelBuild<'_> {
    /// The level's values, one byte a board (where the bounds do not meet,
    /// the repetition value brought within them), and the bounds of the
    /// boards not exact.
    pub fn build(&self, report: &mut impl FnMut(&Progress)) -> Finished {
        let count = self.ranking.count(self.seeds) as usize;
        let n = i32::from(self.seeds);
        let start = ValueSpan { low: -n, high: n }.pack();
        let swept = Swept((0..count).map(|_| AtomicU16::new(start)).collect());
        // A kept link is a rank in 32 bits.
        let budget = if u32::try_from(count).is_ok() {
            i64::try_from(self.budget).unwrap_or(i64::MAX)
        } else {
            0
        };
        let budget = AtomicI64::new(budget);
        let mut chunks: Vec<Chunk> = (0..count.div_ceil(CHUNK)).map(|_| Chunk::Sown).collect();
        for sweep in 1.. {
            let changed = AtomicBool::new(false);
            let open = AtomicU64::new(0);
            let work = Mutex::new(chunks.iter_mut().enumerate());
            std::thread::scope(|scope| {
                for _ in 0..self.threads {
                    scope.spawn(|| {
                        let mut scratch = Vec::new();
                        loop {
                            let Some((index, chunk)) = work.lock().expect("not poisoned").next()
                            else {
                                break;
                            };
                            let start = index * CHUNK;
                            let end = (start + CHUNK).min(count);
                            let done = match chunk {
                                Chunk::Sown => {
                                    self.sow(start..end, &swept, &budget, chunk, &mut scratch)
                                }
                                Chunk::Kept(entries) => {
                                    LevelBuild::sweep_kept(start, entries, &swept, &budget)
                                }
                            };
                            open.fetch_add(done.open, Ordering::Relaxed);
                            if done.changed {
                                changed.store(true, Ordering::Relaxed);
                            }
                        }
                    });
                }
            });
            report(&Progress::Sweep {
                seeds: self.seeds,
                sweep,
                open: open.load(Ordering::Relaxed),
            });
            if !changed.load(Ordering::Relaxed) {
                break;
            }
        }
        drop(chunks);
        self.finish(&swept)
    }

    /// Sweeps the open boards of `boards` by sowing them, and keeps what it
    /// found in `chunk` when the budget allows (gathered in `scratch`, then
    /// taken in one allocation of the size it needs).
    fn sow(
        &self,
        boards: std::ops::Range<usize>,
        swept: &Swept,
        budget: &AtomicI64,
        chunk: &mut Chunk,
        scratch: &mut Vec<u32>,
    ) -> ChunkSweep {
        let start = boards.start;
        scratch.clear();
        let keeping = budget.load(Ordering::Relaxed) > 0;
        // Where a board left open goes, when the chunk may be kept.
        let mut kept = keeping.then_some(&mut *scratch);
        let mut done = ChunkSweep::default();
        let mut batch = Batch::new();
        let mut pits = [0_u8; MAX_HOLES];
        self.ranking.unrank(self.seeds, start as u64, &mut pits);
        for rank in boards {
            if rank > start {
                self.ranking.next(&mut pits);
            }
            let was = swept.get(rank);
            if was.exact() {
                continue;
            }
            self.sow_board(&pits, &mut batch);
            batch.boards[batch.len] = (rank - start, was, batch.count);
            batch.len += 1;
            if batch.len == BATCH {
                self.settle(&mut batch, start, swept, kept.as_deref_mut(), &mut done);
            }
        }
        self.settle(&mut batch, start, swept, kept, &mut done);
        if done.open == 0 {
            *chunk = Chunk::Kept(Vec::new());
        } else if keeping {
            let bytes = words(scratch.len());
            if budget.fetch_sub(bytes, Ordering::Relaxed) >= bytes {
                *chunk = Chunk::Kept(scratch.clone());
            } else {
                budget.fetch_add(bytes, Ordering::Relaxed);
            }
        }
        done
    }

    /// Sows every move of the board `pits` into `batch`: the seeds each
    /// captures and the rank of the board it leads to.
    fn sow_board(&self, pits: &[u8], batch: &mut Batch) {
        let position = position_of(self.ranking.width(), pits);
        for index in (0..position.width()).filter(|&index| position.has_seeds(index)) {
            if let Ok(child) = position.child(index) {
                let rank = self.ranking.rank_of(&child.position) as usize;
                batch.moves[batch.count] = (child.capture, rank);
                batch.count += 1;
            }
        }
    }

    /// Fetches the bounds of the batch's moves (the byte of a capture's
    /// board below, the bounds of a link's), all at once, then sweeps its
    /// boards; a board left open goes to `kept`, if any, its captures and
    /// links into boards now exact folded into one bound.
    fn settle(
        &self,
        batch: &mut Batch,
        start: usize,
        swept: &Swept,
        mut kept: Option<&mut Vec<u32>>,
        done: &mut ChunkSweep,
    ) {
        for (fetched, &(capture, rank)) in batch.fetched.iter_mut().zip(&batch.moves[..batch.count])
        {
            *fetched = if capture > 0 {
                u16::from(self.lower[usize::from(self.seeds - capture)].values[rank])
            } else {
                swept.0[rank].load(Ordering::Relaxed)
            };
        }
        let mut from = 0;
        for &(offset, was, to) in &batch.boards[..batch.len] {
            let mut now = ValueSpan::NONE;
            let mut folded = ValueSpan::NONE;
            let mut links = [0_u32; MAX_WIDTH as usize];
            let mut left = 0;
            for (&(capture, rank), &fetched) in
                batch.moves[from..to].iter().zip(&batch.fetched[from..to])
            {
                if capture > 0 {
                    let seeds = self.seeds - capture;
                    let after = self.lower[usize::from(seeds)]
                        .bounds(rank, fetched as u8, seeds)
                        .after(capture);
                    now = now.widen(after);
                    folded = folded.widen(after);
                } else {
                    let after = ValueSpan::unpack(fetched);
                    now = now.widen(after.after(0));
                    if after.exact() {
                        folded = folded.widen(after.after(0));
                    } else {
                        // Kept only when the level's ranks fit in 32 bits.
                        links[left] = rank as u32;
                        left += 1;
                    }
                }
            }
            from = to;
            if now == ValueSpan::NONE {
                // No move ends: the last mover takes every seed left.
                now = ValueSpan::exactly(-i32::from(self.seeds));
            }
            let now = now.meet(was);
            if now != was {
                swept.set(start + offset, now);
                done.changed = true;
            }
            if !now.exact() {
                done.open += 1;
                if let Some(kept) = kept.as_mut() {
                    kept.push(head(offset, left, folded));
                    kept.extend_from_slice(&links[..left]);
                }
            }
        }
        batch.len = 0;
        batch.count = 0;
    }

    /// Sweeps a kept chunk's boards from their entries, dropping the boards
    /// that became exact and folding in the links to boards that did; the
    /// memory the entries let go of goes back to the budget, for chunks
    /// still sown to be kept.
    fn sweep_kept(
        start: usize,
        entries: &mut Vec<u32>,
        swept: &Swept,
        budget: &AtomicI64,
    ) -> ChunkSweep {
        let mut done = ChunkSweep::default();
        let (mut read, mut write) = (0, 0);
        while read < entries.len() {
            let word = entries[read];
            let offset = (word & 0xfff) as usize;
            let links = (word >> 12 & 0xf) as usize;
            let mut folded = ValueSpan::unpack((word >> 16) as u16);
            let mut now = folded;
            let mut left = 0;
            // An entry is written back no later than where it was read.
            for at in read + 1..read + 1 + links {
                let link = entries[at];
                let after = swept.get(link as usize);
                let gained = after.after(0);
                now = now.widen(gained);
                if after.exact() {
                    folded = folded.widen(gained);
                } else {
                    entries[write + 1 + left] = link;
                    left += 1;
                }
            }
            read += 1 + links;
            let rank = start + offset;
            let was = swept.get(rank);
            let now = now.meet(was);
            if now != was {
                swept.set(rank, now);
                done.changed = true;
            }
            if !now.exact() {
                done.open += 1;
                entries[write] = head(offset, left, folded);
                write += 1 + left;
            }
        }
        entries.truncate(write);
        let held = entries.capacity();
        if held > entries.len() + entries.len() / 2 + 1024 {
            entries.shrink_to_fit();
            budget.fetch_add(words(held - entries.capacity()), Ordering::Relaxed);
        }
        done
    }

    /// The values from the bounds at the fixed point.
    fn finish(&self, swept: &Swept) -> Finished {
        let count = swept.0.len();
        let mut values = vec![0_u8; count];
        let bounded = Mutex::new(Vec::new());
        let chunks = Mutex::new(values.chunks_mut(CHUNK).enumerate());
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    loop {
                        let Some((index, chunk)) = chunks.lock().expect("not poisoned").next()
                        else {
                            break;
                        };
                        let mut open = Vec::new();
                        for (offset, byte) in chunk.iter_mut().enumerate() {
                            let rank = (index * CHUNK + offset) as u64;
                            let bounds = swept.get(rank as usize);
                            let value = if bounds.exact() {
                                bounds.low
                            } else {
                                open.push(Bounded {
                                    rank,
                                    low: bounds.low as i8,
                                    high: bounds.high as i8,
                                });
                                crate::repetition_value(&self.position(rank))
                                    .clamp(bounds.low, bounds.high)
                            };
                            *byte = crate::encode(value, self.seeds, bounds.exact());
                        }
                        bounded.lock().expect("not poisoned").extend(open);
                    }
                });
            }
        });
        let mut bounded = bounded.into_inner().expect("not poisoned");
        bounded.sort_unstable_by_key(|board| board.rank);
        Finished { values, bounded }
    }

    /// The board numbered `rank`, South to move.
    fn position(&self, rank: u64) -> Position {
        let mut pits = [0_u8; MAX_HOLES];
        self.ranking.unrank(self.seeds, rank, &mut pits);
        position_of(self.ranking.width(), &pits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Levels 0 to `top` of width 6, built with `budget` bytes of links
    /// kept: each level's values and bounds.
    fn levels(top: u8, budget: u64) -> Vec<(Vec<u8>, Vec<Bounded>)> {
        let ranking = Ranking::new(6);
        let mut lower: Vec<Finished> = Vec::new();
        for seeds in 0..=top {
            let level = LevelBuild {
                ranking: &ranking,
                seeds,
                lower: &lower,
                threads: 2,
                budget,
            };
            let finished = level.build(&mut |_| {});
            lower.push(finished);
        }
        lower
            .into_iter()
            .map(|level| (level.values, level.bounded))
            .collect()
    }

    #[test]
    fn the_values_do_not_depend_on_the_links_kept() {
        // Every chunk sown each sweep, some kept, all kept.
        let sown = levels(10, 0);
        assert!(
            sown[10].1.len() > 10,
            "level 10 has boards not exact: {}",
            sown[10].1.len()
        );
        assert!(sown == levels(10, 200_000), "some chunks kept");
        assert!(sown == levels(10, u64::MAX), "every chunk kept");
    }
}
