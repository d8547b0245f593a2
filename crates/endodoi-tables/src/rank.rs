//! The ranking of a level: every board of `2W` holes holding exactly `n`
//! seeds, South to move, numbered `0..count` by the combinatorial number
//! system. The seeds and the `2W − 1` bars between holes are `n + 2W − 1`
//! places; the bars' places, as a set, are ranked by their combinadic.

use endodoi_core::rules::{MAX_WIDTH, Position, Side};

/// The most seeds a table level may hold (a value's share fits in 7 bits;
/// far more than memory allows).
pub const MAX_TABLE_SEEDS: u8 = 63;

/// Holes on the widest board.
const MAX_HOLES: usize = 2 * MAX_WIDTH as usize;
/// Places of the seeds and bars on the widest board with the most seeds.
const MAX_PLACES: usize = MAX_TABLE_SEEDS as usize + MAX_HOLES;

/// The boards of one width, numbered level by level.
#[derive(Clone, Debug)]
pub struct Ranking {
    width: u8,
    /// `binomial[a][k]` = C(a, k), saturating at `u64::MAX`.
    binomial: Vec<[u64; MAX_HOLES]>,
}

impl Ranking {
    /// The ranking of boards `width` holes a row (6 to 10).
    pub fn new(width: u8) -> Ranking {
        let mut binomial = vec![[0_u64; MAX_HOLES]; MAX_PLACES + 1];
        for a in 0..=MAX_PLACES {
            binomial[a][0] = 1;
            for k in 1..MAX_HOLES.min(a + 1) {
                binomial[a][k] = binomial[a - 1][k - 1].saturating_add(if k < a {
                    binomial[a - 1][k]
                } else {
                    0
                });
            }
        }
        Ranking { width, binomial }
    }

    /// Holes in a row.
    pub fn width(&self) -> u8 {
        self.width
    }

    fn holes(&self) -> usize {
        2 * usize::from(self.width)
    }

    /// Boards with exactly `seeds` seeds (`u64::MAX` when too many to count).
    pub fn count(&self, seeds: u8) -> u64 {
        let holes = self.holes();
        self.binomial[usize::from(seeds) + holes - 1][holes - 1]
    }

    /// The number of `pits` (one per hole, South's row first) among the
    /// boards with as many seeds.
    pub fn rank(&self, pits: &[u8]) -> u64 {
        let width = usize::from(self.width);
        self.rank_rows(&pits[..width], &pits[width..2 * width])
    }

    /// The number of `position`'s board as the player to move sees it, as
    /// if they were South: North to move turns the board round (their row
    /// first). Sowing, captures and the end are the same either way, so
    /// a table of boards South to move holds both.
    pub fn rank_of(&self, position: &Position) -> u64 {
        let side = position.to_move();
        self.rank_rows(position.row(side), position.row(side.opponent()))
    }

    /// The number of the board whose rows are `first` (the mover's) and
    /// `second`, read where they lie: a copy of the board into one array,
    /// written a row at a time and read whole, would stall on every move
    /// of a build.
    fn rank_rows(&self, first: &[u8], second: &[u8]) -> u64 {
        let width = first.len();
        let mut rank = 0;
        let mut place = 0;
        // Hole `bar` ends with a bar after its seeds.
        let mut close = |bar: usize, seeds: u8| {
            place += usize::from(seeds);
            rank += self.binomial[place + bar][bar + 1];
        };
        // Each hole but the last ends with a bar; a loop a row, each
        // unrolled.
        for (bar, &seeds) in first.iter().enumerate() {
            close(bar, seeds);
        }
        for (bar, &seeds) in (width..).zip(&second[..width - 1]) {
            close(bar, seeds);
        }
        rank
    }

    /// The board numbered `rank` among those holding `seeds` seeds, into
    /// `pits` (its first `2W` holes).
    pub fn unrank(&self, seeds: u8, mut rank: u64, pits: &mut [u8]) {
        let holes = self.holes();
        let mut above = usize::from(seeds) + holes - 1;
        let mut next_bar = above;
        for bar in (0..holes - 1).rev() {
            // The highest place whose binomial fits in what is left.
            let mut place = next_bar - 1;
            while self.binomial[place][bar + 1] > rank {
                place -= 1;
            }
            rank -= self.binomial[place][bar + 1];
            pits[bar + 1] = (above - place - 1) as u8;
            above = place;
            next_bar = place;
        }
        pits[0] = above as u8;
    }

    /// Turns `pits` (a board of this width) into the board ranked one
    /// higher among those with as many seeds, much faster than
    /// [`unrank`](Ranking::unrank): one seed moves down from the first
    /// occupied hole after the first, and the first hole's seeds join it.
    /// Returns `false`, leaving `pits` as it was, on the level's last board
    /// (every seed in the first hole).
    pub fn next(&self, pits: &mut [u8]) -> bool {
        let Some(hole) = (1..self.holes()).find(|&hole| pits[hole] > 0) else {
            return false;
        };
        let first = pits[0];
        pits[0] = 0;
        pits[hole] -= 1;
        pits[hole - 1] = first + 1;
        true
    }
}

/// The position South to move on the board `pits` (South's row first).
///
/// # Panics
/// Never for a board of a ranking's width with at most
/// [`MAX_TABLE_SEEDS`] seeds.
pub fn position_of(width: u8, pits: &[u8]) -> Position {
    let width = usize::from(width);
    Position::from_rows(&pits[..width], &pits[width..2 * width], Side::South)
        .expect("a table board is a position")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_the_stars_and_bars() {
        let ranking = Ranking::new(6);
        assert_eq!(ranking.count(0), 1);
        assert_eq!(ranking.count(1), 12);
        assert_eq!(ranking.count(2), 78);
        assert_eq!(ranking.count(20), 84_672_315);
    }

    #[test]
    fn next_walks_the_boards_in_rank_order() {
        for width in [6, 8, 10] {
            let ranking = Ranking::new(width);
            for seeds in 0..=4 {
                let mut pits = [0_u8; MAX_HOLES];
                ranking.unrank(seeds, 0, &mut pits);
                for rank in 1..ranking.count(seeds) {
                    assert!(ranking.next(&mut pits), "{width} {seeds} {rank}");
                    let mut expected = [0_u8; MAX_HOLES];
                    ranking.unrank(seeds, rank, &mut expected);
                    assert_eq!(pits, expected, "{width} {seeds} {rank}");
                }
                let last = pits;
                assert!(!ranking.next(&mut pits), "{width} {seeds}: the last board");
                assert_eq!(pits, last);
            }
        }
    }
}
