//! Each player's results in the saved games, for the results page and
//! `endodoi stats`: games, wins, draws, losses and the average
//! margin (the player's seeds at the end less the opponent's), in all,
//! against people, and against the computer at each level. Only finished
//! games count, those ended before the rules end them too (a resignation or
//! a fallen flag is a loss, a draw agreed a draw, whatever the seeds; the
//! margin is the seeds each held then); unfinished and unreadable saves are counted apart so that
//! the table can say so. A player is a name as the record's `South` and
//! `North` tags write it, so the computer at each level (`Computer (level
//! 3)`, however a game of two computers numbered it) is a player of its own.
//! A game in which a player was helped by a hint or a take-back (the
//! record's `Assisted` tag names their side) counts in their line against
//! everyone, but against each opponent apart from the games they played
//! unaided (its own row, `helped`), so that the win rate against the
//! computer is not flattered. The saves are read by the caller
//! (`endodoi::stats`); this is the counting, pure.

use std::collections::BTreeMap;

use crate::{computer_name, level_of_name};
use endodoi_core::record::Record;
use endodoi_core::rules::Side;
use endodoi_engine::Level;

/// The headings of the number columns, as the results page and `endodoi
/// stats` both show them: games, won, drawn, lost, and the average margin.
pub const HEADINGS: [&str; 5] = ["Games", "Won", "Drawn", "Lost", "Margin"];

/// Whom a row's games were played against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Against {
    /// Everyone: all the player's games.
    Everyone,
    /// People: opponents whose name is not a computer's.
    People,
    /// The computer at this level.
    Computer(Level),
}

impl Against {
    /// The opponent called `name`.
    fn of(name: &str) -> Against {
        level_of_name(name).map_or(Against::People, Against::Computer)
    }

    /// How a table shows it: `everyone`, `people`, `Computer (level 3)`.
    pub fn label(self) -> String {
        match self {
            Against::Everyone => "everyone".to_owned(),
            Against::People => "people".to_owned(),
            Against::Computer(level) => computer_name(level, None),
        }
    }
}

/// Games, wins, draws, losses and the sum of the margins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// The sum over the games of the player's seeds less the opponent's.
    pub margin: i64,
}

impl Tally {
    /// Counts a game the player won (`Greater`), drew or lost, ending with
    /// `own` seeds to the opponent's `theirs`.
    fn add(&mut self, result: std::cmp::Ordering, own: u16, theirs: u16) {
        self.games += 1;
        match result {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
            std::cmp::Ordering::Less => self.losses += 1,
        }
        self.margin += i64::from(own) - i64::from(theirs);
    }

    /// The average margin, in seeds a game.
    pub fn average_margin(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.margin as f64 / f64::from(self.games)
        }
    }
}

/// One line of the table: a player's results against some opponents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The player's name, whole.
    pub player: String,
    /// The opponents counted.
    pub against: Against,
    /// Whether the games counted are those in which the player was helped
    /// by a hint or a take-back (never against everyone, which counts all).
    pub helped: bool,
    /// The results.
    pub tally: Tally,
}

impl Row {
    /// Whom the row counts against, as a table shows it: `people`,
    /// `Computer (level 3)`, `Computer (level 3), helped`.
    pub fn label(&self) -> String {
        if self.helped {
            format!("{}, helped", self.against.label())
        } else {
            self.against.label()
        }
    }
}

/// The results of every player in a folder of saved games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Each player's rows: everyone first, then people, then each computer
    /// level, gentlest first, each unaided then helped; players in the
    /// order of their names.
    pub rows: Vec<Row>,
    /// Finished games counted.
    pub finished: usize,
    /// Unfinished games, not counted.
    pub unfinished: usize,
    /// The saves that cannot be read (by their IDs, as `endodoi games`
    /// lists them), not counted.
    pub unreadable: Vec<String>,
    /// The player's puzzle rating (a new player's when none is kept).
    pub puzzles: crate::PuzzleRating,
}

impl Stats {
    /// The results of the finished games among `saves`: each a save's ID
    /// and its record, `None` when it cannot be read.
    pub fn count<'a>(saves: impl IntoIterator<Item = (&'a str, Option<&'a Record>)>) -> Stats {
        let mut stats = Stats::default();
        let mut tallies: BTreeMap<(String, Against, bool), Tally> = BTreeMap::new();
        for (id, record) in saves {
            let Some(record) = record else {
                stats.unreadable.push(id.to_owned());
                continue;
            };
            let Some(verdict) = record.verdict() else {
                stats.unfinished += 1;
                continue;
            };
            stats.finished += 1;
            let totals = verdict.totals;
            let helped = record.assisted();
            for side in [Side::South, Side::North] {
                let player = name(record, side);
                let against = Against::of(&name(record, side.opponent()));
                // A resignation or a fallen flag decides the game, whatever
                // the seeds; the margin is the seeds held then.
                let result = match verdict.winner {
                    Some(winner) if winner == side => std::cmp::Ordering::Greater,
                    Some(_) => std::cmp::Ordering::Less,
                    None => std::cmp::Ordering::Equal,
                };
                for key in [(Against::Everyone, false), (against, helped[side])] {
                    tallies
                        .entry((player.clone(), key.0, key.1))
                        .or_default()
                        .add(result, totals[side], totals[side.opponent()]);
                }
            }
        }
        stats.rows = tallies
            .into_iter()
            .map(|((player, against, helped), tally)| Row {
                player,
                against,
                helped,
                tally,
            })
            .collect();
        stats
    }
}

/// The name of whoever played `side` in `record`, as `endodoi games` shows
/// it; the computer at a level is one player however the game numbered it
/// (`Computer 1 (level 3)` against `Computer 2 (level 3)` counts for
/// `Computer (level 3)`).
fn name(record: &Record, side: Side) -> String {
    let row = side.to_string();
    let name = record.tag(&row).unwrap_or(&row);
    level_of_name(name).map_or_else(|| name.to_owned(), |level| computer_name(level, None))
}
