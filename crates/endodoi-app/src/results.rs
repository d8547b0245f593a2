//! The results page, reached from the start screen's menu: each player's
//! results in the saved games ([`Stats`], counted by [`stats`]), a table
//! to read line by line. Its actions ([`ResultsAction`]) move the selected line;
//! going back shows the start screen's menu, which holds this page.
//!
//! ```
//! use endodoi_app::ResultsAction;
//! use endodoi_app::results::Results;
//! use endodoi_app::results::Stats;
//!
//! let mut results = Results::new(Stats::default());
//! assert!(!results.offers_read(ResultsAction::Down), "no line to move to");
//! results.read(ResultsAction::Down);
//! assert_eq!(results.row(), 0);
//! ```

pub mod stats;

pub use stats::{Against, HEADINGS, Row, Stats, Tally};

use super::actions::{Action, ResultsAction, Target};
use super::component::{Ask, Component, Lent, Shown};
use super::input::KeyCode;
use super::keys::{HELP_KEYS, Help, Key, Keymap, bind};

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
    pub fn offers_read(&self, read: ResultsAction) -> bool {
        match read {
            ResultsAction::Up | ResultsAction::Down => self.rows() > 1,
            ResultsAction::Back => true,
        }
    }

    /// Moves the selected line as `read` asks; going back leaves the page
    /// to open again at its first line (the start screen, which holds the
    /// page, shows the menu).
    pub fn read(&mut self, read: ResultsAction) {
        let rows = self.rows().max(1);
        self.row = match read {
            ResultsAction::Up => (self.row + rows - 1) % rows,
            ResultsAction::Down => (self.row + 1) % rows,
            ResultsAction::Back => 0,
        };
    }

    /// A click on line `row` selects it.
    pub fn click(&mut self, row: usize) {
        if row < self.rows() {
            self.row = row;
        }
    }
}

impl Keymap {
    /// The keys of the start screen's results page: a table to read, and back.
    pub const RESULTS: Keymap = Keymap::new(
        "results",
        &[
            bind(
                &[Key::Code(KeyCode::Up), Key::Char('k')],
                Action::Results(ResultsAction::Up),
                "scroll",
                Help::Says("the line above, below"),
            ),
            bind(
                &[Key::Code(KeyCode::Down), Key::Char('j')],
                Action::Results(ResultsAction::Down),
                "scroll",
                Help::Joins(Action::Results(ResultsAction::Up)),
            ),
            bind(
                &[Key::Click],
                Action::Click(Target::Elsewhere),
                "",
                Help::Says("a line: select it"),
            ),
            bind(
                &[Key::Code(KeyCode::Esc), Key::Letter('q')],
                Action::Results(ResultsAction::Back),
                "back",
                Help::Says("back to the menu"),
            ),
            bind(
                HELP_KEYS,
                Action::Help,
                "help",
                Help::Says("help: the keys"),
            ),
        ],
    );
}

impl Component for Results {
    fn keymap(&self) -> Keymap {
        Keymap::RESULTS
    }

    fn update(&mut self, action: Action, _lent: Lent<'_>) -> Vec<Ask> {
        if let Action::Results(read) = action {
            self.read(read);
        }
        Vec::new()
    }

    fn offers(&self, action: Action, _shown: Shown<'_>) -> bool {
        match action {
            Action::Results(read) => self.offers_read(read),
            _ => true,
        }
    }
}
