//! The arena's tally: games won, drawn and lost, the points and their error
//! margin.
//!
//! Every opening is played twice, each contender taking South once, and the
//! two games of an opening are scored together: the error margin is the
//! *pentanomial* one, from the spread of the points per opening pair (0, ½,
//! 1, 1½ or 2 of 2). The two games of a pair are not independent — an
//! opening that favours one colour gives each contender one easy game — and
//! scoring them as a pair takes that out of the spread, as chess testers do
//! (fishtest, cutechess's SPRT).

use std::fmt;

use serde::Serialize;

/// How many standard errors either side a 95% confidence interval spans.
const Z_95: f64 = 1.959_964;

/// One game's result for the first contender of a pairing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// The first contender lost.
    Loss,
    /// Drawn.
    Draw,
    /// The first contender won.
    Win,
}

impl Score {
    /// Half-points: 0, 1 or 2.
    fn halves(self) -> usize {
        self as usize
    }
}

/// Games won, drawn and lost by the first contender of a pairing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PairingTally {
    /// Games the first contender won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first contender lost.
    pub losses: u32,
    /// Opening pairs by the first contender's points in them: 0, ½, 1, 1½, 2.
    pub pentanomial: [u32; 5],
}

impl PairingTally {
    /// The tally of one opening played with both colours.
    pub fn pair(first: Score, second: Score) -> PairingTally {
        let mut tally = PairingTally::default();
        for score in [first, second] {
            match score {
                Score::Win => tally.wins += 1,
                Score::Draw => tally.draws += 1,
                Score::Loss => tally.losses += 1,
            }
        }
        tally.pentanomial[first.halves() + second.halves()] = 1;
        tally
    }

    /// Games counted.
    pub fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins as a percentage of games.
    pub fn win_percent(self) -> f64 {
        100.0 * f64::from(self.wins) / f64::from(self.games().max(1))
    }

    /// Points (a win 1, a draw ½) as a percentage of games.
    pub fn score_percent(self) -> f64 {
        100.0 * (f64::from(self.wins) + f64::from(self.draws) / 2.0)
            / f64::from(self.games().max(1))
    }

    /// Half the width of the 95% confidence interval of [`PairingTally::score_percent`],
    /// in percentage points: 1.96 standard errors of the mean score per
    /// opening pair (see the module's docs). 0 when fewer than two pairs
    /// were played, or when every pair scored the same.
    pub fn margin_percent(self) -> f64 {
        let pairs: u32 = self.pentanomial.iter().sum();
        if pairs < 2 {
            return 0.0;
        }
        let n = f64::from(pairs);
        let points = |index: usize| index as f64 / 4.0;
        let mean = (0..5)
            .map(|index| f64::from(self.pentanomial[index]) * points(index))
            .sum::<f64>()
            / n;
        let variance = (0..5)
            .map(|index| f64::from(self.pentanomial[index]) * (points(index) - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        100.0 * Z_95 * (variance / n).sqrt()
    }

    /// Adds `other` to this tally.
    pub fn add(&mut self, other: PairingTally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        for (mine, theirs) in self.pentanomial.iter_mut().zip(other.pentanomial) {
            *mine += theirs;
        }
    }
}

/// One pairing's results at one width (or over all widths when `width` is `None`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// The first contender, whose wins are counted.
    pub first: String,
    /// The second contender.
    pub second: String,
    /// The board width, or `None` for the total.
    pub width: Option<u8>,
    /// The games.
    #[serde(flatten)]
    pub tally: PairingTally,
    /// Games the first contender forfeited.
    pub first_forfeits: u32,
    /// Games the second contender forfeited.
    pub second_forfeits: u32,
    /// Wins as a percentage.
    pub win_percent: f64,
    /// Points as a percentage.
    pub score_percent: f64,
    /// The 95% error margin of `score_percent`, in percentage points.
    pub margin: f64,
}

impl Line {
    /// The line of `tally` and the forfeits of each contender.
    pub fn new(
        (first, second): (String, String),
        width: Option<u8>,
        tally: PairingTally,
        forfeits: [u32; 2],
    ) -> Line {
        Line {
            first,
            second,
            width,
            tally,
            first_forfeits: forfeits[0],
            second_forfeits: forfeits[1],
            win_percent: tally.win_percent(),
            score_percent: tally.score_percent(),
            margin: tally.margin_percent(),
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .width
            .map_or_else(|| "all".to_owned(), |width| width.to_string());
        write!(
            f,
            "{:<24} vs {:<38} width {:>3}: {:>4} games  +{:<4} ={:<4} -{:<4} won {:>5.1}%  score {:>5.1}% ± {:>4.1}",
            self.first,
            self.second,
            width,
            self.tally.games(),
            self.tally.wins,
            self.tally.draws,
            self.tally.losses,
            self.win_percent,
            self.score_percent,
            self.margin,
        )?;
        if self.first_forfeits + self.second_forfeits > 0 {
            write!(
                f,
                "  forfeits {}:{}",
                self.first_forfeits, self.second_forfeits
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_counts_both_games_and_its_points() {
        let tally = PairingTally::pair(Score::Win, Score::Draw);
        assert_eq!(
            tally,
            PairingTally {
                wins: 1,
                draws: 1,
                losses: 0,
                pentanomial: [0, 0, 0, 1, 0],
            }
        );
        assert!((tally.score_percent() - 75.0).abs() < 1e-9);
    }

    #[test]
    fn the_margin_is_two_standard_errors_of_the_pair_scores() {
        let mut tally = PairingTally::default();
        for _ in 0..2 {
            tally.add(PairingTally::pair(Score::Win, Score::Win));
            tally.add(PairingTally::pair(Score::Loss, Score::Loss));
        }
        // Pair scores 1, 1, 0, 0: mean ½, sample variance ⅓, 4 pairs.
        let expected = 100.0 * Z_95 * (1.0_f64 / 3.0 / 4.0).sqrt();
        assert!((tally.margin_percent() - expected).abs() < 1e-9);
        assert!((tally.score_percent() - 50.0).abs() < 1e-9);
        // Colour wins only (each side wins its South game): no spread.
        let mut colour = PairingTally::default();
        colour.add(PairingTally::pair(Score::Win, Score::Loss));
        colour.add(PairingTally::pair(Score::Loss, Score::Win));
        assert!(colour.margin_percent().abs() < 1e-12);
        assert!(
            PairingTally::pair(Score::Win, Score::Loss)
                .margin_percent()
                .abs()
                < 1e-12
        );
    }
}
