//! Popups drawn over the board: the end of a game, confirmations, help.

use ratatui::buffer::Buffer;
use ratatui::layout::{Margin, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::shown_name;
use endodoi_app::keys::{GLOBAL, bar_items, help_lines};
use endodoi_app::{
    Action, Binding, Component, Confirm, GameAction, Key, Keymap, Mode, ViewerAction, seeds_word,
};
use endodoi_core::record::{Ending, Reason, Verdict};
use endodoi_core::rules::{BySide, EndReason, Side};

use super::theme::fit;
use super::{Geometry, View, key_names, key_of, wrap};

/// Columns of the result table besides the names: the three numbers and
/// what goes between them.
const TABLE_COLUMNS: u16 = 26;

/// A centred rectangle of at most `width`×`height` inside `area`.
pub(super) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

pub(super) fn popup<'a>(app: &View, title: &'a str) -> Block<'a> {
    let look = app.look;
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.title())
        .title_top(Line::styled(format!(" {title} "), look.title()).centered())
        .padding(ratatui::widgets::Padding::horizontal(1))
}

pub(super) fn draw_result(app: &View, geometry: &Geometry, buf: &mut Buffer) {
    let look = app.look;
    let record = app.record();
    let Some(verdict) = record.verdict() else {
        return;
    };
    let players = app.players();
    let totals = verdict.totals;
    let Some(EndParts {
        reason,
        parts,
        second,
    }) = end_parts(app, verdict)
    else {
        return;
    };
    // The popup grows, up to the board's width, for the names; a name
    // longer still is cut with an ellipsis.
    let longest = Side::ALL
        .iter()
        .map(|&side| Span::raw(shown_name(players, side)).width())
        .max()
        .unwrap_or(5)
        .max(5);
    let keys = if app.viewer().is_some() {
        let key = |action| key_of(app, Keymap::VIEWER, action);
        vec![
            format!("{} back", key(Action::Viewer(ViewerAction::StepBack))),
            format!("{} start", key(Action::Viewer(ViewerAction::Start))),
            format!("{} play on", key(Action::Viewer(ViewerAction::TakeOver))),
            quit_key(app, Keymap::VIEWER),
        ]
    } else {
        game_over_keys(app)
    };
    // It grows for the keys' line too, which wraps only between two keys.
    let keys_width = Span::raw(keys.join(look.dot())).width();
    let width = (longest as u16 + TABLE_COLUMNS + 4)
        .max(keys_width as u16 + 4)
        .max(geometry.board.width.saturating_sub(6).min(60))
        .min(geometry.board.width.saturating_sub(2));
    let name_width = longest.min(usize::from(width.saturating_sub(TABLE_COLUMNS + 4)));
    // Centred in the box, as the box is over the board: the table's rows
    // are as wide as each other, so that its columns stay in line. The
    // winner is named in the line under it (no mark in the table).
    let mut lines = vec![
        Line::from(reason).centered(),
        Line::default(),
        Line::styled(
            format!("{:name_width$}  captured  {second:>6}   total", ""),
            look.muted(),
        )
        .centered(),
    ];
    for side in [Side::South, Side::North] {
        let name = fit(&shown_name(players, side), name_width);
        let winner = verdict.winner == Some(side);
        lines.push(
            Line::from(vec![
                Span::styled(format!("{name:name_width$}"), look.name(side, winner)),
                Span::raw(format!("  {:>8} + {:>5} = ", parts[side].0, parts[side].1)),
                Span::styled(format!("{:>5}", totals[side]), look.strong()),
            ])
            .centered(),
        );
    }
    lines.push(Line::default());
    let words = verdict.headline(|side| shown_name(players, side));
    lines.push(Line::styled(words, look.title()).centered());
    if let Some((line, _)) = match_standing(app).filter(|_| app.viewer().is_none()) {
        lines.push(Line::styled(line, look.strong()).centered());
    }
    // Wrapped here, so that the popup is as tall as its lines once wrapped
    // (long names wrap the reason): a row spare under them.
    let inner = popup(app, "Game over")
        .inner(Rect::new(0, 0, width, u16::MAX))
        .width;
    for row in rows_of(&keys, look.dot(), inner) {
        lines.push(Line::styled(row, look.muted()).centered());
    }
    let lines: Vec<Line> = lines
        .iter()
        .flat_map(|line| {
            wrap(line, inner, u16::MAX)
                .into_iter()
                .map(|row| match line.alignment {
                    Some(alignment) => row.alignment(alignment),
                    None => row,
                })
        })
        .collect();
    let area = over_board(geometry.board, width, lines.len() as u16 + 2, buf);
    Clear.render(area, buf);
    Paragraph::new(lines)
        .block(popup(app, "Game over"))
        .render(area, buf);
}

/// Where a box `width`×`height` goes over `board`: inside its frame, with a
/// row spare under it where that fits (`centered` cuts the box to its
/// place), over the frame only on a board too short for it. The rows it
/// covers are cleared across the board, so that no piece of a hole or a
/// count shows beside it.
fn over_board(board: Rect, width: u16, height: u16, buf: &mut Buffer) -> Rect {
    let within = board.inner(Margin::new(1, 1));
    let place = if height <= within.height {
        within
    } else {
        board
    };
    let area = centered(place, width, height + 1);
    let band = Rect {
        x: within.x,
        width: within.width,
        ..area
    };
    Clear.render(band.intersection(within), buf);
    area
}

/// Why a game ended, and what makes up each side's total.
struct EndParts {
    /// Why, in words.
    reason: String,
    /// Each side's seeds in two parts: by the rules, those captured and
    /// those taken at the end; ended early, those captured and those in
    /// the player's own row.
    parts: BySide<(u16, u16)>,
    /// The second part's heading.
    second: &'static str,
}

fn end_parts(app: &View, verdict: Verdict) -> Option<EndParts> {
    let record = app.record();
    let position = record.game.position();
    match (record.game.outcome(), verdict.reason) {
        (Some(outcome), _) => Some(EndParts {
            reason: end_reason(app, outcome),
            parts: BySide::from_fn(|side| (outcome.captured[side], outcome.taken[side])),
            second: "taken",
        }),
        (None, Reason::Ended(ending)) => Some(EndParts {
            reason: ending_words(app, ending),
            parts: BySide::from_fn(|side| (position.captured()[side], position.row_total(side))),
            second: "in row",
        }),
        (None, Reason::Rules(_)) => None,
    }
}

/// An ending in words, naming the players as the screen does: `Naserian
/// resigned.`, `Draw agreed.`, `Lekishon ran out of time.`
pub(super) fn ending_words(app: &View, ending: Ending) -> String {
    let name = |side| shown_name(app.players(), side);
    match ending {
        Ending::Resigned(side) => format!("{} resigned.", name(side)),
        Ending::DrawAgreed => "Draw agreed.".to_owned(),
        Ending::OutOfTime(side) => format!("{} ran out of time.", name(side)),
    }
}

/// `items` joined by `dot` into rows of at most `width` columns, each row
/// as many as fit: a key never parted from its words.
fn rows_of(items: &[String], dot: &str, width: u16) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for item in items {
        match rows.last_mut() {
            Some(row) if Span::raw(format!("{row}{dot}{item}")).width() <= usize::from(width) => {
                row.push_str(dot);
                row.push_str(item);
            }
            _ => rows.push(item.clone()),
        }
    }
    rows
}

/// What the keys do once a game is over: the next game (or a new one), a
/// rematch, undo (none after a resignation or a draw agreed) and the menu
/// where they are offered, and quit (or back to the menu), each with its
/// key from the table.
pub(super) fn game_over_keys(app: &View) -> Vec<String> {
    let key = |action| key_of(app, Keymap::GAME, action);
    let mut keys = vec![match match_standing(app) {
        Some((_, (action, words))) => format!("{} {words}", key(action)),
        None => format!("{} new game", key(Action::Game(GameAction::NewGame))),
    }];
    if app
        .table()
        .offers(Action::Game(GameAction::Rematch), app.desk().shown())
    {
        keys.push(format!(
            "{} rematch",
            key(Action::Game(GameAction::Rematch))
        ));
    }
    if app
        .table()
        .offers(Action::Game(GameAction::Undo), app.desk().shown())
    {
        keys.push(format!("{} undo", key(Action::Game(GameAction::Undo))));
    }
    if app
        .table()
        .offers(Action::Game(GameAction::Review), app.desk().shown())
    {
        keys.push(format!("{} review", key(Action::Game(GameAction::Review))));
    }
    if app
        .table()
        .offers(Action::Game(GameAction::Menu), app.desk().shown())
    {
        keys.push(format!("{} menu", key(Action::Game(GameAction::Menu))));
    }
    let board = if app.desk().view().result_hidden() {
        "result"
    } else {
        "board"
    };
    keys.push(format!(
        "{} {board}",
        key(Action::Game(GameAction::ToggleResult))
    ));
    keys.push(quit_key(app, Keymap::GAME));
    keys
}

/// The quit key of `keymap` and what it does: quit, or go back to the menu
/// the screen came from.
pub(super) fn quit_key(app: &View, keymap: Keymap) -> String {
    format!(
        "{} {}",
        key_of(app, keymap, Action::Quit),
        app.screen().quit_word(app.desk().shown())
    )
}

/// Why the game ended, in words.
fn end_reason(app: &View, outcome: &endodoi_core::rules::Outcome) -> String {
    let players = app.players();
    match outcome.reason {
        EndReason::NoMoves => {
            let stuck = app.game().position().to_move();
            let left = outcome.taken[stuck.opponent()];
            format!(
                "{} has no legal move: the {left} {} left go{} to {}.",
                shown_name(players, stuck),
                seeds_word(left.into()),
                if left == 1 { "es" } else { "" },
                shown_name(players, stuck.opponent())
            )
        }
        EndReason::Repetition => {
            "The position repeated: each player takes the seeds in their own row.".to_owned()
        }
    }
}

/// The match score after a finished game, and the key that goes on.
fn match_standing(app: &View) -> Option<(String, (Action, &'static str))> {
    let players = app.players();
    let first_to = players.first_to?;
    let tally = app.tally();
    Some(match app.players().champion(app.tally()) {
        Some(champion) => (
            format!(
                "{} wins the match {}-{}!",
                players.names[champion],
                tally[champion],
                tally[champion.opponent()]
            ),
            (Action::Game(GameAction::NewGame), "new match"),
        ),
        None => (
            format!(
                "Match to {first_to}: {} {}, {} {}",
                players.names.south, tally.south, players.names.north, tally.north
            ),
            (Action::Game(GameAction::Sow), "next game"),
        ),
    })
}

/// A question's title and text.
fn question_text(app: &View, question: Confirm) -> (&'static str, String) {
    match question {
        Confirm::Quit => (
            "Quit?",
            format!(
                "The game is unfinished. It is saved: {} continues it.",
                app.table().resume_command(None)
            ),
        ),
        Confirm::NewGame => (
            "New game?",
            "This game is unfinished. It stays saved: `endodoi games` lists it, with the ID that \
             `--resume` takes."
                .to_owned(),
        ),
        Confirm::Undo(_) => (
            "Take back?",
            format!(
                "{} asks to take back their last move.",
                app.players().remote_side().map_or_else(
                    || "The other player".to_owned(),
                    |side| shown_name(app.players(), side)
                )
            ),
        ),
        Confirm::Resign(side) => (
            "Resign?",
            format!(
                "{} resigns, and {} wins the game.",
                shown_name(app.players(), side),
                shown_name(app.players(), side.opponent())
            ),
        ),
        Confirm::OfferDraw(side) => (
            "Offer a draw?",
            format!(
                "{} offers {} a draw: the game ends drawn if accepted.",
                shown_name(app.players(), side),
                shown_name(app.players(), side.opponent())
            ),
        ),
        Confirm::Draw(offerer) => (
            "Draw?",
            format!("{} offers a draw.", shown_name(app.players(), offerer)),
        ),
    }
}

/// The answers a question takes, with their keys from the table.
pub(super) fn answers(app: &View) -> Line<'static> {
    let look = app.look;
    let answers = bar_items(
        app.front()
            .keymap()
            .bindings()
            .iter()
            .map(|binding| (binding, binding.label)),
    );
    let mut spans = Vec::new();
    for (index, (keys, answer)) in answers.iter().enumerate() {
        let keys = match keys[..] {
            [Key::Any] => "any other key".to_owned(),
            _ => key_names(app, keys, " "),
        };
        if index > 0 {
            spans.push(Span::raw("    "));
        }
        spans.push(Span::styled(keys, look.key()));
        spans.push(Span::raw(format!(" {answer}")));
    }
    Line::from(spans)
}

/// A question on a screen too small for the board: its title and answers.
pub(super) fn question_lines(app: &View, question: Confirm) -> [Line<'static>; 2] {
    let (title, _) = question_text(app, question);
    [Line::styled(title, app.look.title()), answers(app)]
}

pub(super) fn draw_confirm(app: &View, question: Confirm, board: Rect, buf: &mut Buffer) {
    let (title, text) = question_text(app, question);
    let lines = vec![Line::from(text), Line::default(), answers(app).centered()];
    let area = centered(board, board.width.saturating_sub(8).min(50), 7);
    Clear.render(area, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(popup(app, title))
        .render(area, buf);
}

/// The widest the help popup grows.
const HELP_WIDTH: u16 = 74;

/// The rules in brief, as help shows them.
const RULES: &str = "Lift all seeds of one of your holes and sow them one by one \
counterclockwise. If the last seed lands in an occupied hole, lift that hole and sow on (a \
relay lap). In an empty hole the move ends; if that hole is yours, capture the facing enemy \
seeds with it. A sowing that never ends may not be played. The game ends when the player to \
move has no legal move (the seeds left go to the last mover) or a position repeats (each takes \
their own row). Most seeds wins.";

pub(super) fn draw_help(app: &View, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    // The key that opened help is on the key bar; the room is the rules'.
    let bindings: Vec<Binding> = app
        .screen()
        .keymap()
        .bindings()
        .iter()
        .chain(GLOBAL)
        .filter(|binding| binding.action != Action::Help)
        .copied()
        .collect();
    let keys: Vec<(String, &str)> = help_lines(&bindings)
        .iter()
        .map(|(keys, what)| (key_names(app, keys, "  "), *what))
        .collect();
    let column = keys
        .iter()
        .map(|(key, _)| key.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    // Help is 74 columns wide at most; on a narrower screen its text wraps
    // (a key's words under its words), and on a shorter one it comes in pages.
    let width = HELP_WIDTH.min(area.width);
    let text_width = width.saturating_sub(4);
    // In the lesson, a step's text cut on screen comes first, whole; in the
    // viewer, a fault the status line cuts.
    let mut lines = match (app.lesson(), app.viewer()) {
        (Some(lesson), _) if super::lesson::text_is_cut(app, lesson, area) => {
            super::lesson::help_lines(app, lesson, text_width)
        }
        (_, Some(viewer)) => super::viewer::fault_help_lines(app, viewer, area, text_width),
        _ => Vec::new(),
    };
    lines.push(Line::styled("Keys", look.strong()));
    for (key, what) in keys {
        let words = text_width.saturating_sub(column as u16 + 2);
        for (index, row) in wrap(&Line::raw(what), words, u16::MAX)
            .into_iter()
            .enumerate()
        {
            let key = if index == 0 { key.as_str() } else { "" };
            let mut spans = vec![Span::styled(format!("  {key:<column$}"), look.key())];
            spans.extend(row.spans);
            lines.push(Line::from(spans));
        }
    }
    lines.extend([Line::default(), Line::styled("Rules", look.strong())]);
    lines.extend(wrap(&Line::raw(RULES), text_width, u16::MAX));
    if app.game().config().variant() == endodoi_core::rules::Variant::Cross {
        lines.extend(wrap(
            &Line::styled(
                "Cross-Endodoi: a lap of an odd number of seeds goes clockwise.",
                look.strong(),
            ),
            text_width,
            u16::MAX,
        ));
    }
    // On a screen too short for it all, help comes in pages.
    let area = centered(area, width, lines.len() as u16 + 2);
    let rows = usize::from(area.height.saturating_sub(2)).max(1);
    let pages = lines.len().div_ceil(rows);
    let page = match app.desk().mode() {
        Mode::Help(help) => usize::from(help.page()),
        _ => 0,
    } % pages;
    let close = key_of(app, Keymap::HELP, Action::CloseHelp);
    let footer = if pages > 1 {
        format!(
            " {} more ({}/{pages}) · {} closes ",
            key_of(app, Keymap::HELP, Action::HelpPage),
            page + 1,
            close.replace("any key", "any other key")
        )
    } else {
        format!(" {close} closes ")
    };
    let lines: Vec<Line> = lines.into_iter().skip(page * rows).take(rows).collect();
    Clear.render(area, buf);
    Paragraph::new(lines)
        .block(
            popup(app, "Help").title_bottom(
                Line::styled(footer.replace(" · ", look.dot()), look.muted()).centered(),
            ),
        )
        .render(area, buf);
}
