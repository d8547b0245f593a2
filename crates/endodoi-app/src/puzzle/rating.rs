//! The player's puzzle rating: Glicko-2 (the `skillratings` crate), each
//! puzzle tried a game against the puzzle, rated as the set rates it; kept
//! in a small JSON file of the data folder, which the front end reads and
//! writes ([`Effect::RememberPuzzles`](crate::Effect::RememberPuzzles)).

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// The deviation a puzzle's rating is taken to have: the set rates it
/// from its difficulty, not from games.
const PUZZLE_DEVIATION: f64 = 80.0;

/// The most bytes a rating file may hold: a few numbers.
pub const MAX_RATING_FILE: usize = 4096;

/// The player's rating, and how many puzzles they tried and solved.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRating {
    /// The Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles tried.
    pub tried: u32,
}

// Every rating is checked finite when read or made.
impl Eq for PuzzleRating {}

impl Default for PuzzleRating {
    /// A new player's: Glicko-2's start.
    fn default() -> PuzzleRating {
        let start = Glicko2Rating::new();
        PuzzleRating {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            solved: 0,
            tried: 0,
        }
    }
}

impl PuzzleRating {
    /// The rating after a try at a puzzle rated `puzzle`: solved, or not.
    pub fn after(self, puzzle: u32, solved: bool) -> PuzzleRating {
        let player = Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        let opponent = Glicko2Rating {
            rating: f64::from(puzzle),
            deviation: PUZZLE_DEVIATION,
            volatility: Glicko2Rating::new().volatility,
        };
        let outcome = if solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (new, _) = glicko2(&player, &opponent, &outcome, &Glicko2Config::new());
        let next = PuzzleRating {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
            solved: self.solved + u32::from(solved),
            tried: self.tried + 1,
        };
        if next.check().is_ok() { next } else { self }
    }

    /// Reads a rating file.
    ///
    /// # Errors
    /// Why the text is not a rating: too long, not JSON of these fields,
    /// numbers out of range.
    pub fn parse(text: &str) -> Result<PuzzleRating, String> {
        if text.len() > MAX_RATING_FILE {
            return Err(format!("over {MAX_RATING_FILE} bytes"));
        }
        let rating: PuzzleRating = serde_json::from_str(text).map_err(|e| e.to_string())?;
        rating.check()?;
        Ok(rating)
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    fn check(&self) -> Result<(), String> {
        let fine = |x: f64, low: f64, high: f64| x.is_finite() && (low..=high).contains(&x);
        if !fine(self.rating, -10_000.0, 10_000.0) {
            return Err(format!("the rating {} is out of range", self.rating));
        }
        if !fine(self.deviation, 0.0, 1000.0) {
            return Err(format!("the deviation {} is out of range", self.deviation));
        }
        if !fine(self.volatility, 0.0, 10.0) {
            return Err(format!(
                "the volatility {} is out of range",
                self.volatility
            ));
        }
        if self.solved > self.tried {
            return Err(format!("{} solved of {} tried", self.solved, self.tried));
        }
        Ok(())
    }
}

impl std::fmt::Display for PuzzleRating {
    /// "Puzzle rating 1523 ± 88, 14 solved".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Puzzle rating {:.0} ± {:.0}, {} solved",
            self.rating, self.deviation, self.solved
        )
    }
}
