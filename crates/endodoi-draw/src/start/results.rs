//! The start screen's results page: each player's games, wins, draws,
//! losses and average margin, in all and against each opponent, as a table
//! in the page's frame.
//!
//! ```text
//!   2 finished games · 1 unfinished not counted
//!   Player, against           Games  Won  Drawn  Lost  Margin
//! ▶ Lemayian                      2    1      0     1    +3.0
//!     people                      1    1      0     0    +8.0
//!     Computer (level 3)          1    0      0     1    -2.0
//! ```
//!
//! Over the table, what is not counted (unfinished games; saves that cannot
//! be read, named); without a finished game, how to get one instead.

use std::fmt::Write as _;

use ratatui::text::{Line, Span};

use super::super::theme::fit;
use super::super::{View, key_of, wrap};
use endodoi_app::results::{Against, HEADINGS, Row};
use endodoi_app::{Action, Keymap, MenuAction, Start, counted};
use endodoi_core::record::terminal_safe;

/// The headings of the number columns and their widths.
const COLUMNS: [(&str, usize); 5] = [
    (HEADINGS[0], 5),
    (HEADINGS[1], 3),
    (HEADINGS[2], 5),
    (HEADINGS[3], 4),
    (HEADINGS[4], 6),
];
/// The rows a note over the table may take.
const NOTE_ROWS: u16 = 3;

/// The lines over the table in `width` columns: what is counted and what
/// is not, and the columns' headings; without a row, how to get one.
pub(super) fn heading(app: &View, start: &Start, width: u16) -> Vec<Line<'static>> {
    let look = app.look;
    let stats = start.results().stats();
    let mut lines = Vec::new();
    // Notes start where the table's names do.
    let mut note = |text: String, style| {
        let rows = wrap(
            &Line::styled(text, style),
            width.saturating_sub(2),
            NOTE_ROWS,
        );
        lines.extend(rows.into_iter().map(|row| {
            Line::from(
                std::iter::once(Span::raw("  "))
                    .chain(row.spans)
                    .collect::<Vec<_>>(),
            )
        }));
    };
    let key = |menu| key_of(app, Keymap::START, Action::Menu(menu));
    if stats.rows.is_empty() {
        let text = if stats.unfinished == 0 {
            format!(
                "No finished game yet. Play a game to the end ({} on the menu starts one) and its result is counted here.",
                key(MenuAction::NewGame)
            )
        } else {
            format!(
                "No finished game yet; {} unfinished. Play one to the end ({} on the menu continues it) and its result is counted here.",
                stats.unfinished,
                key(MenuAction::Continue)
            )
        };
        note(text, look.strong());
    } else {
        let mut counted = counted(stats.finished, "finished game");
        if stats.unfinished > 0 {
            let _ = write!(
                counted,
                "{}{} unfinished not counted",
                look.dot(),
                stats.unfinished
            );
        }
        note(counted, look.muted());
    }
    if !stats.unreadable.is_empty() {
        note(
            format!(
                "Cannot be read, not counted: {} (`endodoi games` says why)",
                terminal_safe(&stats.unreadable.join(", "))
            ),
            look.error(),
        );
    }
    if !stats.rows.is_empty() {
        let headings = COLUMNS.map(|(heading, _)| heading.to_owned());
        let line = table_line("Player, against", &headings, width.saturating_sub(2));
        lines.push(Line::styled(format!("  {line}"), look.muted()));
    }
    lines
}

/// The table's line of `row` in `width` columns: the player's name on its
/// line against everyone, indented opponents under it.
pub(super) fn row_line(app: &View, row: &Row, width: u16) -> Line<'static> {
    let look = app.look;
    let tally = row.tally;
    let cells = [
        tally.games.to_string(),
        tally.wins.to_string(),
        tally.draws.to_string(),
        tally.losses.to_string(),
        format!("{:+.1}", tally.average_margin()),
    ];
    let (name, style) = match row.against {
        Against::Everyone => (terminal_safe(&row.player), look.strong()),
        _ => (format!("  {}", row.label()), look.muted()),
    };
    let line = table_line(&name, &cells, width);
    let split = line.len() - numbers_width(width);
    Line::from(vec![
        Span::styled(line[..split].to_owned(), style),
        Span::raw(line[split..].to_owned()),
    ])
}

/// The first line to show of a table `visible` lines high, from the
/// `first` that keeps the selected line in sight: a player's name rather
/// than a line under it, where the selected line then stays in sight.
pub(super) fn first_shown(start: &Start, first: usize, visible: usize) -> usize {
    let rows = &start.results().stats().rows;
    let names = |at: usize| {
        rows.get(at)
            .is_some_and(|row| row.against == Against::Everyone)
    };
    let selected = start.row();
    if first > selected {
        return first;
    }
    match (0..=first).rev().find(|&at| names(at)) {
        Some(name) if selected - name < visible => name,
        _ => (first..=selected).find(|&at| names(at)).unwrap_or(first),
    }
}

/// Under the frame, whose line is selected, in words: the name whole
/// where the table cuts it.
pub(super) fn footer(start: &Start, width: u16) -> String {
    let puzzles = start.results().stats().puzzles.to_string();
    let Some(row) = start.results().stats().rows.get(start.row()) else {
        return fit(&puzzles, usize::from(width));
    };
    let player = terminal_safe(&row.player);
    let text = match row.against {
        Against::Everyone => format!("{player}: all games"),
        _ if row.helped => format!(
            "{player} against {}, helped by a hint or a take-back",
            row.against.label()
        ),
        against => format!("{player} against {}", against.label()),
    };
    // The puzzle rating where it fits beside the line's player.
    let both = format!("{text} · {puzzles}");
    if ratatui::text::Span::raw(both.as_str()).width() <= usize::from(width) {
        return both;
    }
    fit(&text, usize::from(width))
}

/// Columns between two cells: two where the width allows.
fn gap(width: u16) -> usize {
    if width >= 70 { 2 } else { 1 }
}

/// The columns of the numbers, with the gap before each.
fn numbers_width(width: u16) -> usize {
    COLUMNS
        .iter()
        .map(|(_, columns)| columns + gap(width))
        .sum()
}

/// A line of the table in `width` columns: `name` cut to fit what the
/// numbers leave, the `cells` right-aligned under their headings.
fn table_line(name: &str, cells: &[String; 5], width: u16) -> String {
    let gap = " ".repeat(gap(width));
    let name_width = usize::from(width).saturating_sub(numbers_width(width));
    let name = fit(name, name_width);
    let pad = name_width.saturating_sub(ratatui::text::Span::raw(name.as_str()).width());
    let mut line = format!("{name}{}", " ".repeat(pad));
    for ((_, columns), cell) in COLUMNS.iter().zip(cells) {
        let _ = write!(line, "{gap}{cell:>columns$}");
    }
    line
}
