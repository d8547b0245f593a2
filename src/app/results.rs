//! The results page, reached from the start screen's menu: each player's
//! results in the saved games ([`Stats`], counted by [`stats`]), a table
//! to read line by line. Its actions ([`Read`]) move the selected line;
//! going back shows the start screen's menu, which holds this page.
//!
//! ```
//! use endodoi::app::results::{Read, Results};
//! use endodoi::app::results::Stats;
//!
//! let mut results = Results::new(Stats::default());
//! assert!(!results.offers(Read::Down), "no line to move to");
//! results.update(Read::Down);
//! assert_eq!(results.row(), 0);
//! ```

pub mod stats;

pub use stats::{Against, HEADINGS, Row, Stats, Tally};

/// What the player asks of the results page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Read {
    /// Select the line above (from the first, the last).
    Up,
    /// Select the line below (from the last, the first).
    Down,
    /// Back to the menu.
    Back,
}

/// The results page: the table and its selected line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Results {
    stats: Stats,
    row: usize,
}

impl Results {
    /// The page of `stats`, its first line selected.
    pub fn new(stats: Stats) -> Results {
        Results { stats, row: 0 }
    }

    /// The results shown.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The selected line.
    pub fn row(&self) -> usize {
        self.row
    }

    /// The number of lines: a player and opponents a line.
    pub fn rows(&self) -> usize {
        self.stats.rows.len()
    }

    /// Whether `read` does something, so that the key bar offers it.
    pub fn offers(&self, read: Read) -> bool {
        match read {
            Read::Up | Read::Down => self.rows() > 1,
            Read::Back => true,
        }
    }

    /// Moves the selected line as `read` asks; going back leaves the page
    /// to open again at its first line (the start screen, which holds the
    /// page, shows the menu).
    pub fn update(&mut self, read: Read) {
        let rows = self.rows().max(1);
        self.row = match read {
            Read::Up => (self.row + rows - 1) % rows,
            Read::Down => (self.row + 1) % rows,
            Read::Back => 0,
        };
    }

    /// A click on line `row` selects it.
    pub fn click(&mut self, row: usize) {
        if row < self.rows() {
            self.row = row;
        }
    }
}
