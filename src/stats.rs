//! Each player's results in the saved games, for `endodoi stats`: the
//! saves read into the app's [`Stats`] (the counting, pure, which the start
//! screen's results page shows too: [`of`]), and written as a table
//! ([`text`]) or as JSON ([`json`]).

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use crate::app::counted;
pub use crate::app::results::{Against, HEADINGS, Row, Stats, Tally};
use crate::record::{json_safe, terminal_safe};
use crate::save::games::Save;
use crate::table::{Align, table};

/// The results of the finished games among `saves`.
pub fn of(saves: &[Save]) -> Stats {
    Stats::count(
        saves
            .iter()
            .map(|save| (save.id.as_str(), save.record.as_ref().ok())),
    )
}

/// The table `endodoi stats` prints of `stats`, the saves in `dir`: names whole
/// (control characters escaped), columns aligned by display width.
pub fn text(stats: &Stats, dir: &Path) -> String {
    let mut text = format!(
        "Results of the {} in {}",
        counted(stats.finished, "finished game"),
        dir.display()
    );
    if stats.rows.is_empty() {
        let _ = writeln!(text, "{}.", not_counted(stats));
        text.push_str(
            "No finished game yet: play one to its end (`endodoi`), and it counts here.\n",
        );
        return text;
    }
    let _ = writeln!(text, "{}:", not_counted(stats));
    let rows: Vec<Vec<String>> = stats
        .rows
        .iter()
        .map(|row| {
            let player = if row.against == Against::Everyone {
                terminal_safe(&row.player)
            } else {
                String::new()
            };
            let tally = row.tally;
            vec![
                player,
                row.label(),
                tally.games.to_string(),
                tally.wins.to_string(),
                tally.draws.to_string(),
                tally.losses.to_string(),
                format!("{:+.1}", tally.average_margin()),
            ]
        })
        .collect();
    text.push_str(&table(
        &[
            ("Player", Align::Left),
            ("Against", Align::Left),
            (HEADINGS[0], Align::Right),
            (HEADINGS[1], Align::Right),
            (HEADINGS[2], Align::Right),
            (HEADINGS[3], Align::Right),
            (HEADINGS[4], Align::Right),
        ],
        &rows,
    ));
    text
}

/// What is not counted, as the end of the table's first line: nothing,
/// or the unfinished games and unreadable saves left out.
fn not_counted(stats: &Stats) -> String {
    let mut parts = Vec::new();
    if stats.unfinished > 0 {
        parts.push(counted(stats.unfinished, "unfinished game"));
    }
    if !stats.unreadable.is_empty() {
        parts.push(format!(
            "{} that cannot be read (`endodoi games` names them)",
            counted(stats.unreadable.len(), "save")
        ));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("; not counted: {}", parts.join(", "))
    }
}

/// The JSON document of `endodoi stats --json` of `stats`: the folder, the counts
/// of finished, unfinished and unreadable saves, and the rows, each
/// name whole.
pub fn json(stats: &Stats, dir: &Path) -> String {
    #[derive(Serialize)]
    struct JsonRow<'a> {
        player: &'a str,
        against: &'static str,
        level: Option<u8>,
        helped: bool,
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
    let rows = stats
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
                helped: row.helped,
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
        finished: stats.finished,
        unfinished: stats.unfinished,
        unreadable: stats.unreadable.len(),
        rows,
    };
    json_safe(&serde_json::to_string(&document).unwrap_or_default())
}
