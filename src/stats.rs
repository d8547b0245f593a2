//! Each player's results in the saved games, for `endodoi stats`: games,
//! wins, draws, losses and the average margin (the player's seeds at the end
//! less the opponent's), in all, against people, and against the computer at
//! each level. Only finished games count; unfinished and unreadable saves are
//! counted apart so that the output can say so. A player is a name as the
//! record's `South` and `North` tags write it, so the computer at each level
//! (`Computer (level 3)`) is a player of its own.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;
use unicode_width::UnicodeWidthStr as _;

use crate::app::level_of_name;
use crate::record::{Record, terminal_safe};
use crate::rules::Side;
use crate::save::games::Save;
use crate::search::Level;

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

    /// How the table shows it.
    fn label(self) -> String {
        match self {
            Against::Everyone => "everyone".to_owned(),
            Against::People => "people".to_owned(),
            Against::Computer(level) => crate::app::computer_name(level, None),
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
    /// Counts a game that ended `own` seeds to the opponent's `theirs`.
    fn add(&mut self, own: u16, theirs: u16) {
        self.games += 1;
        match own.cmp(&theirs) {
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
    /// The results.
    pub tally: Tally,
}

/// The results of every player in a folder of saved games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Each player's rows: everyone first, then people, then each computer
    /// level, gentlest first; players in the order of their names.
    pub rows: Vec<Row>,
    /// Finished games counted.
    pub finished: usize,
    /// Unfinished games, not counted.
    pub unfinished: usize,
    /// Saves that cannot be read, not counted.
    pub unreadable: usize,
}

impl Stats {
    /// The results of the finished games among `saves`.
    pub fn of(saves: &[Save]) -> Stats {
        let mut stats = Stats::default();
        let mut tallies: BTreeMap<(String, Against), Tally> = BTreeMap::new();
        for save in saves {
            let Ok(record) = &save.record else {
                stats.unreadable += 1;
                continue;
            };
            let Some(outcome) = record.game.outcome() else {
                stats.unfinished += 1;
                continue;
            };
            stats.finished += 1;
            let totals = outcome.totals();
            for side in [Side::South, Side::North] {
                let player = name(record, side);
                let against = Against::of(&name(record, side.opponent()));
                for counted in [Against::Everyone, against] {
                    tallies
                        .entry((player.clone(), counted))
                        .or_default()
                        .add(totals[side], totals[side.opponent()]);
                }
            }
        }
        stats.rows = tallies
            .into_iter()
            .map(|((player, against), tally)| Row {
                player,
                against,
                tally,
            })
            .collect();
        stats
    }

    /// The table `endodoi stats` prints for the saves in `dir`: names whole
    /// (control characters escaped), columns aligned by display width.
    pub fn table(&self, dir: &Path) -> String {
        let mut text = format!(
            "Results of the {} finished game(s) in {}",
            self.finished,
            dir.display()
        );
        let _ = writeln!(text, "{}", self.not_counted());
        if self.rows.is_empty() {
            return text;
        }
        let players: Vec<String> = self
            .rows
            .iter()
            .map(|row| terminal_safe(&row.player))
            .collect();
        let labels: Vec<String> = self.rows.iter().map(|row| row.against.label()).collect();
        let width = |column: &[String], header: &str| {
            column
                .iter()
                .map(|cell| cell.width())
                .chain([header.width()])
                .max()
                .unwrap_or(0)
        };
        let (player_width, against_width) = (width(&players, "Player"), width(&labels, "Against"));
        let pad = |cell: &str, to: usize| format!("{cell}{}", " ".repeat(to - cell.width()));
        let _ = writeln!(
            text,
            "{}  {}  Games  Wins  Draws  Losses  Average margin",
            pad("Player", player_width),
            pad("Against", against_width)
        );
        for ((row, player), label) in self.rows.iter().zip(&players).zip(&labels) {
            let shown = if row.against == Against::Everyone {
                player.as_str()
            } else {
                ""
            };
            let tally = row.tally;
            let _ = writeln!(
                text,
                "{}  {}  {:>5}  {:>4}  {:>5}  {:>6}  {:>+14.1}",
                pad(shown, player_width),
                pad(label, against_width),
                tally.games,
                tally.wins,
                tally.draws,
                tally.losses,
                tally.average_margin()
            );
        }
        text
    }

    /// What is not counted, as the end of the table's first line: `.`, or
    /// the unfinished games and unreadable saves left out.
    fn not_counted(&self) -> String {
        let mut parts = Vec::new();
        if self.unfinished > 0 {
            parts.push(format!("{} unfinished game(s)", self.unfinished));
        }
        if self.unreadable > 0 {
            parts.push(format!(
                "{} save(s) that cannot be read (`endodoi games` names them)",
                self.unreadable
            ));
        }
        if parts.is_empty() {
            ":".to_owned()
        } else {
            format!("; not counted: {}:", parts.join(", "))
        }
    }

    /// The JSON document of `endodoi stats --json`: the folder, the counts
    /// of finished, unfinished and unreadable saves, and the rows, each
    /// name whole.
    pub fn json(&self, dir: &Path) -> String {
        #[derive(Serialize)]
        struct JsonRow<'a> {
            player: &'a str,
            against: &'static str,
            level: Option<u8>,
            games: u32,
            wins: u32,
            draws: u32,
            losses: u32,
            average_margin: f64,
        }
        #[derive(Serialize)]
        struct Document<'a> {
            folder: String,
            finished: usize,
            unfinished: usize,
            unreadable: usize,
            rows: Vec<JsonRow<'a>>,
        }
        let rows = self
            .rows
            .iter()
            .map(|row| {
                let (against, level) = match row.against {
                    Against::Everyone => ("everyone", None),
                    Against::People => ("people", None),
                    Against::Computer(level) => ("computer", Some(level.number())),
                };
                JsonRow {
                    player: &row.player,
                    against,
                    level,
                    games: row.tally.games,
                    wins: row.tally.wins,
                    draws: row.tally.draws,
                    losses: row.tally.losses,
                    average_margin: row.tally.average_margin(),
                }
            })
            .collect();
        let document = Document {
            folder: dir.display().to_string(),
            finished: self.finished,
            unfinished: self.unfinished,
            unreadable: self.unreadable,
            rows,
        };
        serde_json::to_string(&document).unwrap_or_default()
    }
}

/// The name of whoever played `side` in `record`, as `endodoi games` shows it.
fn name(record: &Record, side: Side) -> String {
    let row = side.to_string();
    record.tag(&row).unwrap_or(&row).to_owned()
}
