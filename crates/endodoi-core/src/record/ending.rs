//! How a game ended: by the rules, or before they end it (a resignation, a
//! draw agreed, a flag fallen), kept in the `Termination` tag; and the one
//! verdict on a record, whichever way it ended.

use std::fmt;
use std::str::FromStr;

use super::{Record, Tags};
use crate::rules::{BySide, EndReason, Outcome, Side};

/// An end the players (or their clocks) put to a game before the rules do.
/// It is kept in the record's `Termination` tag, in the words
/// [`Display`](fmt::Display) writes and [`FromStr`] reads back exactly:
/// `South resigned`, `Draw agreed`, `North lost on time`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// That side resigned: the other wins.
    Resigned(Side),
    /// Both players agreed to a draw.
    DrawAgreed,
    /// That side's time ran out: the other wins.
    OutOfTime(Side),
}

impl Ending {
    /// The side that wins, `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Resigned(side) | Ending::OutOfTime(side) => Some(side.opponent()),
            Ending::DrawAgreed => None,
        }
    }

    /// The name used in JSON: `resignation`, `agreement` or `time`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Resigned(_) => "resignation",
            Ending::DrawAgreed => "agreement",
            Ending::OutOfTime(_) => "time",
        }
    }
}

impl fmt::Display for Ending {
    /// The `Termination` tag's value: `South resigned`, `Draw agreed`,
    /// `North lost on time`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Resigned(side) => write!(f, "{side} resigned"),
            Ending::DrawAgreed => f.write_str("Draw agreed"),
            Ending::OutOfTime(side) => write!(f, "{side} lost on time"),
        }
    }
}

/// A `Termination` value that is not one of the endings this program
/// writes (another program's words, or `endodoi arena`'s forfeit).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "not an ending: expected `South resigned`, `Draw agreed`, `North lost on time` or the like"
)]
pub struct ParseEndingError;

impl FromStr for Ending {
    type Err = ParseEndingError;

    /// Reads exactly what [`Display`](fmt::Display) writes.
    fn from_str(text: &str) -> Result<Ending, ParseEndingError> {
        if text == "Draw agreed" {
            return Ok(Ending::DrawAgreed);
        }
        let (side, rest) = text.split_once(' ').ok_or(ParseEndingError)?;
        let side = Side::ALL
            .into_iter()
            .find(|known| known.to_string() == side)
            .ok_or(ParseEndingError)?;
        match rest {
            "resigned" => Ok(Ending::Resigned(side)),
            "lost on time" => Ok(Ending::OutOfTime(side)),
            _ => Err(ParseEndingError),
        }
    }
}

/// Why a game is over: the rules ended it, or an [`Ending`] did first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The rules ended it.
    Rules(EndReason),
    /// It ended before the rules ended it.
    Ended(Ending),
}

impl Reason {
    /// The name used in JSON: `no-moves`, `repetition`, `resignation`,
    /// `agreement` or `time`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Rules(reason) => reason.name(),
            Reason::Ended(ending) => ending.name(),
        }
    }
}

/// Who won a game that is over, with what, and why: the one answer to "how
/// did it end" for every display, whether the rules ended the game or the
/// players did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// The side that won, `None` for a draw.
    pub winner: Option<Side>,
    /// Each side's seeds: by the rules, the final totals; for an early end,
    /// what each held then (captured, and the seeds in their own row).
    pub totals: BySide<u16>,
    /// Why it is over.
    pub reason: Reason,
}

impl Verdict {
    /// The result in a few characters, South's first: the final totals
    /// when the rules ended the game (`29-19`, as the record's result), else
    /// PGN's `1-0`, `0-1` or `1/2-1/2`, since the seeds did not decide it.
    pub fn result(&self) -> String {
        match (self.reason, self.winner) {
            (Reason::Rules(_), _) => format!("{}-{}", self.totals.south, self.totals.north),
            (Reason::Ended(_), Some(Side::South)) => "1-0".to_owned(),
            (Reason::Ended(_), Some(Side::North)) => "0-1".to_owned(),
            (Reason::Ended(_), None) => "1/2-1/2".to_owned(),
        }
    }
}

impl Verdict {
    /// Who won, in words, each side called as `name` says: `Naserian wins
    /// 29-19` and `A draw, 24-24` when the rules ended the game (the seeds
    /// decided it), `Naserian wins` and `A draw` when it ended early.
    ///
    /// ```
    /// use endodoi_core::record::{Ending, Record};
    /// use endodoi_core::rules::Side;
    ///
    /// let mut record = Record::read("1. A+2 b+3 *")?;
    /// record.end(Ending::Resigned(Side::North))?;
    /// let verdict = record.verdict().expect("over");
    /// assert_eq!(verdict.headline(|side| side.to_string()), "South wins");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn headline(&self, name: impl Fn(Side) -> String) -> String {
        let totals = self.totals;
        let score = |first: Side| match self.reason {
            Reason::Rules(_) => format!(" {}-{}", totals[first], totals[first.opponent()]),
            Reason::Ended(_) => String::new(),
        };
        match self.winner {
            Some(side) => format!("{} wins{}", name(side), score(side)),
            None => format!("A draw{}", score(Side::South).replacen(' ', ", ", 1)),
        }
    }
}

impl From<&Outcome> for Verdict {
    fn from(outcome: &Outcome) -> Verdict {
        Verdict {
            winner: outcome.winner(),
            totals: outcome.totals(),
            reason: Reason::Rules(outcome.reason),
        }
    }
}

/// Why [`Record::end`] refuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EndError {
    /// The rules have ended the game already.
    #[error("the game is over already")]
    GameOver,
    /// The game has an ending already.
    #[error("the game has ended already: {0}")]
    Ended(Ending),
}

impl Record {
    /// How the game ended before the rules ended it: its `Termination` tag,
    /// when that is an [`Ending`]'s words and the game is not over by the
    /// rules (the rules' end comes first; the reader refuses a record with
    /// both). Any other `Termination` is a plain tag. A game taken back
    /// (with moves to redo, as the viewer steps through it) has not reached
    /// its ending.
    pub fn ending(&self) -> Option<Ending> {
        if self.game.outcome().is_some() || !self.game.redo_moves().is_empty() {
            return None;
        }
        self.tag(Tags::TERMINATION)?.parse().ok()
    }

    /// Ends the game now, as `ending` says: its `Termination` tag is set (a
    /// plain `Termination` the game has is replaced), and its result stays
    /// `*`, as the game is unfinished by the rules. A move played after it
    /// would make the tag untrue: the game is over. It ends where it stands:
    /// moves taken back and not played again are forgotten (else the game
    /// would not have reached its ending, and would go on).
    ///
    /// ```
    /// use endodoi_core::record::{Ending, Reason, Record};
    /// use endodoi_core::rules::{BySide, Side};
    ///
    /// let mut record = Record::read("1. A+2 b+3 *")?;
    /// record.end(Ending::Resigned(Side::North))?;
    /// let verdict = record.verdict().expect("over");
    /// assert_eq!(verdict.winner, Some(Side::South));
    /// assert_eq!(verdict.totals, BySide { south: 26, north: 22 });
    /// assert_eq!(verdict.reason, Reason::Ended(Ending::Resigned(Side::North)));
    /// assert!(record.to_string().contains("[Termination \"North resigned\"]\n[Result \"*\"]"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// When the game is over by the rules, or has an ending already; the
    /// record is then unchanged.
    pub fn end(&mut self, ending: Ending) -> Result<(), EndError> {
        if self.game.outcome().is_some() {
            return Err(EndError::GameOver);
        }
        if let Some(ended) = self.ending() {
            return Err(EndError::Ended(ended));
        }
        self.game.forget_redo();
        self.set_tag(Tags::TERMINATION, &ending.to_string());
        Ok(())
    }

    /// Whether the game is over: by the rules, or by its
    /// [`ending`](Record::ending).
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.ending().is_some()
    }

    /// The side to move, `None` once the game is over, by the rules or by
    /// its [`ending`](Record::ending) (the rules alone would still name one).
    pub fn to_move(&self) -> Option<Side> {
        if self.ending().is_some() {
            None
        } else {
            self.game.to_move()
        }
    }

    /// The verdict on the game, once it is over: by the rules, else by its
    /// [`ending`](Record::ending); `None` while it goes on.
    pub fn verdict(&self) -> Option<Verdict> {
        if let Some(outcome) = self.game.outcome() {
            return Some(Verdict::from(outcome));
        }
        let ending = self.ending()?;
        let position = self.game.position();
        let captured = position.captured();
        Some(Verdict {
            winner: ending.winner(),
            totals: BySide::from_fn(|side| captured[side] + position.row_total(side)),
            reason: Reason::Ended(ending),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_reads_back_from_the_words_it_writes() {
        let endings = [
            Ending::Resigned(Side::South),
            Ending::Resigned(Side::North),
            Ending::DrawAgreed,
            Ending::OutOfTime(Side::South),
            Ending::OutOfTime(Side::North),
        ];
        let words: Vec<String> = endings.iter().map(ToString::to_string).collect();
        assert_eq!(
            words,
            [
                "South resigned",
                "North resigned",
                "Draw agreed",
                "South lost on time",
                "North lost on time"
            ]
        );
        for (ending, word) in endings.into_iter().zip(&words) {
            assert_eq!(word.parse(), Ok(ending));
        }
    }

    #[test]
    fn other_words_are_no_ending() {
        for text in [
            "",
            "south resigned",
            "South  resigned",
            "South resigned.",
            "East resigned",
            "draw agreed",
            "South wins by forfeit at ply 3: new answered late",
            "North lost on time\u{7}",
            "abandoned",
        ] {
            assert_eq!(text.parse::<Ending>(), Err(ParseEndingError), "{text:?}");
        }
    }

    #[test]
    fn a_game_ended_with_moves_to_redo_ends_where_it_stands() {
        let mut record = Record::read("1. C+7 d+9 *").expect("a record");
        record.game.undo();
        assert_eq!(record.game.redo_moves().len(), 1);
        record
            .end(Ending::OutOfTime(Side::North))
            .expect("a game that goes on");
        assert_eq!(record.ending(), Some(Ending::OutOfTime(Side::North)));
        assert_eq!(record.to_move(), None);
        assert_eq!(
            record.to_string(),
            "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n\
             [Termination \"North lost on time\"]\n[Result \"*\"]\n\n1. C+7 *\n"
        );
    }
}
