//! A plain, obviously-correct second implementation of the En Dodoi rules (`RULES.md`), written
//! only from that page: a differential test oracle for the engine and a speed baseline.
//!
//! It is written for obviousness, not speed: the board is one `Vec` of 2W holes in counterclockwise
//! order — South's `A..` (bottom row, left to right) then North's `a..` (top row, right to left as
//! seen from above, because North letters from its own left) — seeds are sown one by one, and
//! every question re-simulates the sowings it needs.

use std::cell::Cell;

/// A sowing that has not ended within this many laps is endless, so its move is not legal.
const LAP_LIMIT: u32 = 10_000;

/// Plain En Dodoi game (reference oracle).
#[derive(Clone, Debug)]
pub struct Plain {
    /// The 2W holes counterclockwise: South's row from its left, then North's row from its left.
    holes: Vec<u8>,
    /// Holes a row (W).
    width: usize,
    /// Whether South moves next.
    south_to_move: bool,
    /// Cross-Endodoi: a lap of an odd number of seeds is sown clockwise.
    cross: bool,
    /// Seeds taken by captures: [south, north].
    captured: [u32; 2],
    /// Every position of the game (holes, South to move), the start included.
    history: Vec<(Vec<u8>, bool)>,
    /// Set when the last move repeated an earlier position (the game is then over).
    repeated: bool,
    /// Seeds dropped into holes by every sowing simulated so far.
    seeds_sown: Cell<u64>,
}

impl Plain {
    /// Standard start: `width` 6..=10 holes a row, `seeds` per hole; `cross` = Cross-Endodoi variant.
    ///
    /// # Panics
    /// If `width` is not in 6..=10.
    pub fn new(width: usize, seeds: u8, cross: bool) -> Plain {
        assert!((6..=10).contains(&width), "width {width} is not in 6..=10");
        let row = vec![seeds; width];
        Plain::from_rows(&row, &row, true, cross)
    }

    /// Any position: rows listed from each owner's left (RULES.md), South moves next iff `south_to_move`. Captured counts start at 0.
    ///
    /// # Panics
    /// If the rows are empty or of different lengths.
    pub fn from_rows(south: &[u8], north: &[u8], south_to_move: bool, cross: bool) -> Plain {
        assert!(
            !south.is_empty() && south.len() == north.len(),
            "rows must be equal and non-empty"
        );
        let holes = [south, north].concat();
        Plain {
            history: vec![(holes.clone(), south_to_move)],
            holes,
            width: south.len(),
            south_to_move,
            cross,
            captured: [0, 0],
            repeated: false,
            seeds_sown: Cell::new(0),
        }
    }

    /// Index in `holes` of the first hole (the `A`/`a` hole) of the player to move.
    fn mover_first(&self) -> usize {
        if self.south_to_move { 0 } else { self.width }
    }

    /// Sows from hole `start` of `holes`, relaying lap after lap. Returns the hole where the last
    /// seed landed in an empty hole, or `None` if the sowing is endless (not ended within
    /// `LAP_LIMIT` laps, or its state — holes, hole, seeds in hand — repeats: a Brent cycle check).
    fn sow(&self, holes: &mut [u8], start: usize) -> Option<usize> {
        let n = holes.len();
        let mut pos = start;
        let mut hand = std::mem::take(&mut holes[pos]);
        let mut saved = (holes.to_vec(), pos, hand); // state at the start of lap 1
        let mut power = 1; // Brent: `saved` is renewed after laps 1, 2, 4, 8, ...
        for lap in 1..=LAP_LIMIT {
            let clockwise = self.cross && hand % 2 == 1;
            while hand > 0 {
                pos = if clockwise {
                    (pos + n - 1) % n
                } else {
                    (pos + 1) % n
                };
                holes[pos] += 1;
                hand -= 1;
                self.seeds_sown.set(self.seeds_sown.get() + 1);
            }
            if holes[pos] == 1 {
                return Some(pos); // the hole was empty: the move ends
            }
            hand = std::mem::take(&mut holes[pos]); // relay: lift them all, sow on
            if saved.0 == holes && saved.1 == pos && saved.2 == hand {
                return None; // the sowing state repeats: it cycles forever
            }
            if lap == power {
                saved = (holes.to_vec(), pos, hand);
                power *= 2;
            }
        }
        None
    }

    /// Legal moves of the player to move, as 0-based hole indices from the mover's left, ascending. Empty when the game is over.
    pub fn legal_moves(&self) -> Vec<usize> {
        if self.repeated {
            return Vec::new();
        }
        let first = self.mover_first();
        (0..self.width)
            .filter(|&h| {
                self.holes[first + h] > 0 && self.sow(&mut self.holes.clone(), first + h).is_some()
            })
            .collect()
    }

    /// Plays a legal move (panics if it is not legal); returns the seeds it captured (0 if none, else opposite seeds + the triggering seed).
    ///
    /// # Panics
    /// If `hole` is not a legal move.
    pub fn play(&mut self, hole: usize) -> u32 {
        assert!(
            self.legal_moves().contains(&hole),
            "hole {hole} is not a legal move"
        );
        let first = self.mover_first();
        let mut holes = self.holes.clone();
        let last = self
            .sow(&mut holes, first + hole)
            .expect("a legal sowing ends");
        let opposite = 2 * self.width - 1 - last; // South's k-th hole faces North's (W+1-k)-th
        let mut taken = 0;
        if (first..first + self.width).contains(&last) && holes[opposite] > 0 {
            taken = u32::from(holes[opposite]) + 1; // the opposite seeds and the triggering seed
            holes[opposite] = 0;
            holes[last] = 0;
            self.captured[usize::from(!self.south_to_move)] += taken;
        }
        self.holes = holes;
        self.south_to_move = !self.south_to_move;
        let position = (self.holes.clone(), self.south_to_move);
        self.repeated = self.history.contains(&position);
        self.history.push(position);
        taken
    }

    /// South's row from its owner's left (rows are listed from each owner's left).
    pub fn south(&self) -> &[u8] {
        &self.holes[..self.width]
    }

    /// North's row from its owner's left.
    pub fn north(&self) -> &[u8] {
        &self.holes[self.width..]
    }

    /// Seeds taken by captures only: [south, north].
    pub fn captured(&self) -> [u32; 2] {
        self.captured
    }

    /// Whether South moves next.
    pub fn south_to_move(&self) -> bool {
        self.south_to_move
    }

    /// None while the game goes on; else final totals [south, north] and the reason "no-moves" or "repetition".
    pub fn result(&self) -> Option<([u32; 2], &'static str)> {
        let sum = |row: &[u8]| row.iter().map(|&s| u32::from(s)).sum::<u32>();
        let [south, north] = self.captured;
        if self.repeated {
            // Each player takes the seeds of their own row.
            return Some((
                [south + sum(self.south()), north + sum(self.north())],
                "repetition",
            ));
        }
        if !self.legal_moves().is_empty() {
            return None;
        }
        // The seeds left go to the player who made the last move: the one not to move.
        let left = sum(&self.holes);
        if self.south_to_move {
            Some(([south, north + left], "no-moves"))
        } else {
            Some(([south + left, north], "no-moves"))
        }
    }

    /// Total seeds dropped into holes by every sowing this game has simulated so far (including candidate sowings simulated to classify legality; endless ones included).
    pub fn seeds_sown(&self) -> u64 {
        self.seeds_sown.get()
    }
}
