//! The start screen drawn, and its clicks resolved.
//!
//! ```text
//!                         E N   D O D O I
//!          the Maasai game of seeds and holes in two rows
//!            (••••) (••••) (••••) (••••) (••••) (••••)
//!            (••••) (••••) (••••) (••••) (••••) (••••)
//!      ╭──────────────────────── Menu ────────────────────────╮
//!      │  ▶ n  New game                                        │
//!      │    c  Continue                        2 unfinished    │
//!      │    …                                                  │
//!      ╰───────────────────────────────────────────────────────╯
//!              what the selected line does, in a few words
//!  message line
//!  key bar
//! ```
//!
//! The title's art goes first when rows are short, then the subtitle; a
//! long list of saved games scrolls to keep the selected one in sight.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Widget};

mod results;

use super::geometry::MAX_MESSAGE_ROWS;
use super::shown_name;
use super::theme::fit;
use super::{View, draw_keys, key_of, message_line, wrap};
use endodoi_app::start::{MenuEntry, Page, Setup, SetupField, Typed};
use endodoi_app::{Action, Keymap, MenuAction, SavedGame, Start};
use endodoi_core::record::terminal_safe;
use endodoi_core::rules::{Side, Variant};

/// The width of the page's frame: the menu, the new game, a list.
const PANELS: [u16; 3] = [52, 66, 76];
/// Holes in each row of the title's art.
const ART_HOLES: usize = 6;
/// Seeds in each hole of the title's art.
const ART_SEEDS: usize = 4;
/// Columns of a saved game's date (`2026-12-01 05:10`).
const WHEN: usize = 16;
/// Columns of a saved game's result (`120-120`).
const RESULT: usize = 7;
/// The fewest columns the players keep in a list with a result column.
const MIN_PLAYERS: usize = 20;
/// Columns of a saved game's move count (`123 moves`).
const MOVES: usize = 9;
/// Columns of a setting's name on the new-game page.
const LABEL: usize = 21;
/// The rows the title may take, the largest that fits first: the banner,
/// the art, the subtitle, the name alone, nothing.
const TITLES: [u16; 5] = [BANNER_TITLE, 6, 3, 1, 0];
/// The rows of the title with the banner.
const BANNER_TITLE: u16 = 11;
/// The shortest screen that shows the banner.
const BANNER_HEIGHT: u16 = 36;
/// The game's name in letters five rows high, `#` for a block.
const BANNER: [&str; 5] = [
    "##### #   #   ####   ###  ####   ###  #####",
    "#     ##  #   #   # #   # #   # #   #   #  ",
    "####  # # #   #   # #   # #   # #   #   #  ",
    "#     #  ##   #   # #   # #   # #   #   #  ",
    "##### #   #   ####   ###  ####   ###  #####",
];

/// Where the start screen's parts go on a screen.
struct StartLayout {
    /// Title lines: the title, the subtitle, the art (as many as fit).
    title: Rect,
    panel: Rect,
    /// The lines over the page's lines (a list's column headings, the
    /// results' notes) and where they go.
    heading: (Rect, Vec<Line<'static>>),
    /// The lines shown: their number on the page and where they go.
    rows: Vec<(usize, Rect)>,
    footer: Rect,
    message: Rect,
    keys: Rect,
}

impl StartLayout {
    fn of(app: &View, start: &Start, area: Rect, message_rows: u16) -> StartLayout {
        let width = area.width.min(match start.page() {
            Page::Menu => PANELS[0],
            Page::NewGame => PANELS[1],
            Page::Continue | Page::Replay | Page::Results => PANELS[2],
        });
        let inner_width = width.saturating_sub(4);
        let heading = heading(app, start, inner_width);
        let header = u16::try_from(heading.len()).unwrap_or(u16::MAX);
        let page_rows = u16::try_from(start.rows()).unwrap_or(u16::MAX);
        // Below the frame: the footer, a gap, the message and the key bar.
        let below = 3 + message_rows;
        let room = area.height.saturating_sub(below);
        let panel_wanted = page_rows + header + 4;
        let title = TITLES
            .into_iter()
            .filter(|&title| title != BANNER_TITLE || area.height >= BANNER_HEIGHT)
            .find(|&title| title + panel_wanted <= room)
            .unwrap_or(0);
        let panel_height = panel_wanted.min(room - title).max(3);
        let padding = u16::from(panel_height >= page_rows + header + 4);
        let visible = usize::from(panel_height.saturating_sub(2 + 2 * padding + header));
        // The whole screen centred, as a game's is on a tall terminal.
        let block = title + panel_height + below;
        let top = area.y + area.height.saturating_sub(block) / 2;
        let panel = Rect::new(
            area.x + (area.width - width) / 2,
            top + title,
            width,
            panel_height,
        );
        let inner_x = panel.x + 2;
        let first_y = panel.y + 1 + padding;
        // The selected line stays in sight.
        let mut first = (start.row() + 1).saturating_sub(visible);
        if start.page() == Page::Results {
            first = results::first_shown(start, first, visible);
        }
        let rows = (first..start.rows())
            .take(visible)
            .enumerate()
            .map(|(at, row)| {
                let y = first_y + header + at as u16;
                (row, Rect::new(inner_x, y, inner_width, 1))
            })
            .collect();
        let message_y = (panel.bottom() + 2).min(area.bottom().saturating_sub(1 + message_rows));
        StartLayout {
            title: Rect::new(area.x, top, area.width, title),
            panel,
            heading: (Rect::new(inner_x, first_y, inner_width, header), heading),
            rows,
            footer: Rect::new(area.x, panel.bottom().min(area.bottom()), area.width, 1),
            message: Rect::new(area.x, message_y, area.width, message_rows),
            keys: Rect::new(area.x, message_y + message_rows, area.width, 1),
        }
    }
}

/// The line of the start screen at a screen cell, if any.
pub(super) fn item_at(
    app: &View,
    start: &Start,
    screen: Rect,
    column: u16,
    row: u16,
) -> Option<usize> {
    let point = ratatui::layout::Position::new(column, row);
    StartLayout::of(app, start, screen, message(app, screen).len() as u16)
        .rows
        .into_iter()
        .find(|(_, rect)| rect.contains(point))
        .map(|(row, _)| row)
}

/// Draws the start screen.
pub(super) fn draw(app: &View, start: &Start, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let message = message(app, area);
    let layout = StartLayout::of(app, start, area, message.len() as u16);
    draw_title(app, layout.title, buf);
    let title = match start.page() {
        Page::Menu => "Menu",
        Page::NewGame => "New game",
        Page::Continue => "Continue a game",
        Page::Replay => "Replay a game",
        Page::Results => "Results",
    };
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
        .title_top(Line::styled(format!(" {title} "), look.title()).centered())
        .render(layout.panel.intersection(area), buf);
    let (heading_area, heading) = layout.heading;
    Text::from(heading).render(heading_area.intersection(layout.panel), buf);
    for &(row, rect) in &layout.rows {
        let selected = row == start.row();
        let line = match start.page() {
            Page::Menu => menu_line(app, start, MenuEntry::ALL[row]),
            Page::NewGame => field_line(app, start, SetupField::ALL[row], selected),
            Page::Continue => {
                let saved = start.unfinished().nth(row).expect("a line a game");
                saved_line(saved, false, rect.width.saturating_sub(2))
            }
            Page::Replay => match row.checked_sub(1) {
                None => file_line(app, start),
                Some(index) => {
                    saved_line(&start.saved()[index], true, rect.width.saturating_sub(2))
                }
            },
            Page::Results => results::row_line(
                app,
                &start.results().stats().rows[row],
                rect.width.saturating_sub(2),
            ),
        };
        let mark = if selected { look.turn_arrow() } else { " " };
        Line::from(
            std::iter::once(Span::styled(format!("{mark} "), look.title()))
                .chain(line.spans)
                .collect::<Vec<_>>(),
        )
        .render(rect, buf);
        if selected {
            buf.set_style(rect, Style::new().add_modifier(Modifier::BOLD));
        }
    }
    // The lines out of sight, named on the frame's top and bottom edges.
    let first = layout.rows.first().map_or(0, |&(row, _)| row);
    let after = layout.rows.last().map_or(0, |&(row, _)| row + 1);
    let hidden = [
        (first, "above", layout.panel.y),
        (
            start.rows().saturating_sub(after),
            "below",
            layout.panel.bottom().saturating_sub(1),
        ),
    ];
    for (count, place, y) in hidden {
        if count > 0 && !layout.rows.is_empty() {
            Line::styled(format!(" {count} more {place} "), look.muted())
                .right_aligned()
                .render(
                    Rect::new(
                        layout.panel.x + 1,
                        y,
                        layout.panel.width.saturating_sub(3),
                        1,
                    ),
                    buf,
                );
        }
    }
    Line::styled(footer(app, start, area.width), look.muted())
        .centered()
        .render(layout.footer, buf);
    Text::from(message).centered().render(layout.message, buf);
    draw_keys(app, layout.keys, buf);
}

/// The lines over the page's lines in `width` columns: a list's column
/// headings, the results' notes and headings; nothing on the others.
fn heading(app: &View, start: &Start, width: u16) -> Vec<Line<'static>> {
    match start.page() {
        Page::Menu | Page::NewGame => Vec::new(),
        Page::Continue | Page::Replay => {
            let result = (start.page() == Page::Replay).then_some("Result");
            let line = list_line(
                width.saturating_sub(2),
                "Players",
                "",
                result,
                "last played",
            );
            vec![Line::styled(format!("  {line}"), app.look.muted())]
        }
        Page::Results => results::heading(app, start, width),
    }
}

/// The message, wrapped onto as few rows as it needs (at most
/// [`MAX_MESSAGE_ROWS`]); one empty row without one.
fn message(app: &View, area: Rect) -> Vec<Line<'static>> {
    match message_line(app) {
        Some(line) => wrap(&line, area.width, MAX_MESSAGE_ROWS),
        None => vec![Line::default()],
    }
}

/// The title in `area`: as many of the banner (or the name), the
/// subtitle and the art of a board at its start as its rows allow.
fn draw_title(app: &View, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let hole = [
        Span::styled("(", look.muted()),
        Span::styled(look.seed().repeat(ART_SEEDS), look.seeds()),
        Span::styled(") ", look.muted()),
    ];
    let art = || {
        Line::from(
            hole.iter()
                .cycle()
                .take(3 * ART_HOLES)
                .cloned()
                .collect::<Vec<_>>(),
        )
    };
    let block = if look.ascii { "#" } else { "█" };
    let mut lines: Vec<Line> = if area.height == BANNER_TITLE {
        BANNER
            .iter()
            .map(|row| Line::styled(row.replace('#', block), look.title()))
            .chain([Line::default()])
            .collect()
    } else {
        vec![Line::styled("E N   D O D O I", look.title())]
    };
    lines.extend([
        Line::styled(
            "the Maasai game of seeds and holes in two rows",
            look.muted(),
        ),
        Line::default(),
        art(),
        art(),
    ]);
    for (y, line) in (area.y..area.bottom()).zip(lines) {
        line.centered()
            .render(Rect::new(area.x, y, area.width, 1), buf);
    }
}

/// A line of the menu: its key, its name and what it holds.
fn menu_line(app: &View, start: &Start, entry: MenuEntry) -> Line<'static> {
    let look = app.look;
    let (name, detail) = match entry {
        MenuEntry::NewGame => ("New game", String::new()),
        MenuEntry::Continue => (
            "Continue",
            match start.unfinished().count() {
                0 => "none yet".to_owned(),
                n => format!("{n} unfinished"),
            },
        ),
        MenuEntry::Replay => ("Replay a game", format!("{} saved", start.saved().len())),
        MenuEntry::Results => (
            "Results",
            match start.results().stats().finished {
                0 => "no finished game".to_owned(),
                n => format!("{n} finished"),
            },
        ),
        MenuEntry::Learn => ("Learn to play", String::new()),
        MenuEntry::Puzzles => ("Puzzles", String::new()),
        MenuEntry::Quit => ("Quit", String::new()),
    };
    let key = key_of(app, Keymap::START, entry.action());
    Line::from(vec![
        Span::styled(format!("{key}  "), look.key()),
        Span::raw(format!("{name:<20}")),
        Span::styled(detail, look.muted()),
    ])
}

/// A line of the new-game page: the setting and its value, between arrows
/// when selected.
fn field_line(app: &View, start: &Start, field: SetupField, selected: bool) -> Line<'static> {
    let look = app.look;
    let setup = start.setup();
    let label = match field {
        SetupField::Player(Side::South) => "South (moves first)",
        SetupField::Player(Side::North) => "North",
        SetupField::Width => "Holes in a row",
        SetupField::Seeds => "Seeds in a hole",
        SetupField::Variant => "Rules",
        SetupField::FirstTo => "Match",
        SetupField::Clock => "Clock",
        SetupField::Assist => "Hints and take-backs",
        SetupField::Play => {
            let key = key_of(app, Keymap::START, Action::Menu(MenuAction::Play));
            return Line::from(vec![
                Span::raw(format!("{:LABEL$}", "")),
                Span::styled("[ Start the game ]", look.title()),
                Span::styled(format!("  {key}"), look.key()),
            ]);
        }
    };
    let mut spans = vec![Span::raw(format!("{label:LABEL$}"))];
    if let (SetupField::Player(side), Some((Typed::Name(typing), text))) = (field, start.typing())
        && side == typing
    {
        spans.push(Span::styled(format!("  {text}"), look.name(side, true)));
        spans.push(Span::styled(
            " ",
            Style::new().add_modifier(Modifier::REVERSED),
        ));
        if text.is_empty() {
            // The name the row gets if none is typed, as a placeholder.
            let default = setup.players().name(side).to_owned();
            spans.push(Span::styled(default, look.muted()));
        }
        return Line::from(spans);
    }
    let value = value_of(setup, field);
    let style = match field {
        SetupField::Player(side) => look.name(side, true),
        _ => look.strong(),
    };
    let (left, right) = if selected {
        ("‹ ", " ›")
    } else {
        ("  ", "  ")
    };
    spans.extend([
        Span::styled(left, look.title()),
        Span::styled(value, style),
        Span::styled(right, look.title()),
    ]);
    Line::from(spans)
}

/// The value of a setting in words.
pub(super) fn value_of(setup: &Setup, field: SetupField) -> String {
    match field {
        SetupField::Player(side) => match setup.computers[side] {
            Some(level) => format!("the computer, level {level} of 5"),
            None => shown_name(&setup.players(), side),
        },
        SetupField::Width => format!("{} holes", setup.width),
        SetupField::Seeds => format!("{} seeds", setup.seeds),
        SetupField::Variant => match setup.variant {
            Variant::Classic => "En Dodoi (classic)".to_owned(),
            Variant::Cross => "Cross-Endodoi".to_owned(),
        },
        SetupField::FirstTo => match setup.first_to {
            Some(wins) => format!("first to {wins} wins"),
            None => "a single game".to_owned(),
        },
        SetupField::Clock => match setup.clock {
            Some(clock) => {
                let minutes = clock.base().as_secs() / 60;
                match clock.increment().as_secs() {
                    0 => format!("{clock}: {minutes} min each"),
                    seconds => format!("{clock}: {minutes} min each, +{seconds} s a move"),
                }
            }
            None => "no clock".to_owned(),
        },
        SetupField::Assist if setup.no_assist => "off".to_owned(),
        SetupField::Assist => "allowed".to_owned(),
        SetupField::Play => String::new(),
    }
}

/// The replay page's line of a record file: the path typed, or an invitation.
fn file_line(app: &View, start: &Start) -> Line<'static> {
    let look = app.look;
    if let Some((Typed::Path, text)) = start.typing() {
        return Line::from(vec![
            Span::raw("Record file: "),
            Span::styled(text.to_owned(), look.strong()),
            Span::styled(" ", Style::new().add_modifier(Modifier::REVERSED)),
        ]);
    }
    let key = key_of(app, Keymap::START, Action::Menu(MenuAction::OpenFile));
    Line::from(vec![
        Span::styled(format!("{key}  "), look.key()),
        Span::raw("A record file…"),
    ])
}

/// A saved game in a list: its players, moves, result (in the list of
/// `results`, where games over are) and date.
fn saved_line(saved: &SavedGame, results: bool, width: u16) -> Line<'static> {
    let players = format!(
        "{} v {}",
        terminal_safe(&saved.names.south),
        terminal_safe(&saved.names.north)
    );
    Line::raw(list_line(
        width,
        &players,
        &format!("{} moves", saved.moves),
        results.then(|| saved.result.as_deref().unwrap_or("")),
        &saved.when,
    ))
}

/// A list's line in columns: the players (cut to fit), the moves, the
/// result if the list has the column and the players keep room for their
/// names (South's seeds, then North's, as the players are named), the date.
fn list_line(width: u16, players: &str, moves: &str, result: Option<&str>, when: &str) -> String {
    let players_width = |result: usize| {
        usize::from(width)
            .saturating_sub(MOVES + result + WHEN + 4)
            .max(8)
    };
    let result = result.filter(|_| players_width(RESULT + 2) >= MIN_PLAYERS);
    let width = players_width(result.map_or(0, |_| RESULT + 2));
    let result = result.map_or_else(String::new, |result| format!("  {result:>RESULT$}"));
    // Padded by the columns the names take on screen, not their characters.
    let players = fit(players, width);
    let pad = " ".repeat(width.saturating_sub(Span::raw(players.as_str()).width()));
    format!("{players}{pad}  {moves:>MOVES$}{result}  {when:>WHEN$}")
}

/// What the selected line does, in a few words, under the frame.
fn footer(app: &View, start: &Start, width: u16) -> String {
    let key = |keymap, menu| key_of(app, keymap, Action::Menu(menu));
    if start.typing().is_some() {
        return format!(
            "{} keeps it{}{} forgets it",
            key(Keymap::TYPING, MenuAction::Done),
            app.look.dot(),
            key(Keymap::TYPING, MenuAction::Cancel)
        );
    }
    let change = format!(
        "{} {}",
        key(Keymap::START, MenuAction::Less),
        key(Keymap::START, MenuAction::More)
    );
    let row = start.row();
    match start.page() {
        Page::Menu => match MenuEntry::ALL[row] {
            MenuEntry::NewGame => "Play a friend or the computer; choose the board".to_owned(),
            MenuEntry::Continue => "Go on with a game where it was left".to_owned(),
            MenuEntry::Replay => "Step through a saved game or a record file".to_owned(),
            MenuEntry::Results => "Each player's wins, draws and losses".to_owned(),
            MenuEntry::Learn => "A guided lesson, a rule at a time".to_owned(),
            MenuEntry::Puzzles => "Find the one best move, proven".to_owned(),
            MenuEntry::Quit => "Every game is saved as it is played".to_owned(),
        },
        Page::NewGame => match SetupField::ALL[row] {
            SetupField::Player(side) if start.setup().computers[side].is_none() => format!(
                "{} types the name{}{change}: the computer",
                key(Keymap::START, MenuAction::Choose),
                app.look.dot()
            ),
            SetupField::Player(_) => {
                format!("{change}: its level (1 gentle, 5 strongest) or a person")
            }
            SetupField::Width => format!("{change}: 6 to 10 holes in each row"),
            SetupField::Seeds => format!("{change}: 3 to 6 seeds in each hole at the start"),
            SetupField::Variant => match start.setup().variant {
                Variant::Classic => "Every lap is sown counterclockwise".to_owned(),
                Variant::Cross => "A lap of an odd number of seeds goes clockwise".to_owned(),
            },
            SetupField::FirstTo => format!("{change}: games until a player has that many wins"),
            SetupField::Clock => format!("{change}: minutes each, + seconds added after a move"),
            SetupField::Assist => format!("{change}: the hint and take-back keys allowed, or off"),
            SetupField::Play => {
                format!("{} starts the game", key(Keymap::START, MenuAction::Choose))
            }
        },
        Page::Results => results::footer(start, width),
        Page::Continue | Page::Replay => {
            let saved = match start.page() {
                Page::Continue => start.unfinished().nth(row),
                _ => row.checked_sub(1).map(|index| &start.saved()[index]),
            };
            match saved {
                Some(saved) => {
                    let state = match (&saved.in_use, saved.result.is_some()) {
                        (Some(holder), _) => format!("in use by {holder}"),
                        (None, true) => "over".to_owned(),
                        (None, false) => "unfinished".to_owned(),
                    };
                    format!(
                        "{}, {state}{}{}",
                        saved.board,
                        app.look.dot(),
                        terminal_safe(&saved.id)
                    )
                }
                None => format!(
                    "{} types the path of a record file",
                    key(Keymap::START, MenuAction::Choose)
                ),
            }
        }
    }
}
