//! Drawing: the whole screen as a pure function of an [`App`] and the
//! [`Look`] it is drawn in (a [`View`]), and clicks resolved on it, into a
//! ratatui buffer; which terminal (or page) shows that buffer is the front
//! end's business.
//!
//! ```text
//! ╭ En Dodoi · 6 holes · 4 seeds ───────────── move 3 ╮
//! │ North name and tally pins            captured    │
//! │   letters of North's row (right to left)         │
//! │   North's holes: seeds as dots, and the count    │
//! │   preview, sowing progress or result             │
//! │   South's holes                                  │
//! │   letters of South's row (left to right)         │
//! │ South name and tally pins            captured    │
//! ╰──────────────────────────────────────────────────╯
//!  message line (wrapped onto up to 3 rows when long)
//! ╭ Moves ───────────────────────────────────────────╮
//! │ 1.C 2.d 3.A+5 …                                  │
//! ╰──────────────────────────────────────────────────╯
//!  key bar
//! ```
//!
//! A flipped board ([`BoardView::flipped`](endodoi_app::BoardView::flipped)) is that board turned round, as North
//! sees it from across the table: North's row at the bottom, its letters
//! left to right, and South's at the top, right to left, so that the sowing
//! still goes counterclockwise on screen.
//!
//! Popups (help, the end of a game, confirmations) are drawn over it. Styles
//! and glyphs all come from [`theme`]; the key bar and help list the keys of
//! [`endodoi_app::keys`]; [`View::click`] resolves a mouse click into what it
//! landed on with the same geometry the drawing uses.

mod board;
mod evaluation;
mod geometry;
mod history;
mod lesson;
mod popup;
mod puzzle;
mod start;
mod summary;
pub mod theme;
mod viewer;

use std::ops::Deref;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub use theme::{HoleState, Look};

use board::draw_board;
use endodoi_app::input::{MouseButton, MouseEvent, MouseEventKind};
use endodoi_app::keys::bar_items;
use endodoi_app::{
    Action, App, GameAction, Key, Keymap, Lesson, Match, Mode, Purpose, Screen, Sowing, Target,
    Tone, Viewer,
};
use endodoi_core::clock::Clocks;
use endodoi_core::record::terminal_safe;
use endodoi_core::rules::{BySide, Game, Hole, Side};
use geometry::Geometry;
use history::{draw_history, move_at};
use popup::{draw_confirm, draw_help, draw_result};

/// An app as it is drawn: its state and the [`Look`] chosen for it. It reads
/// the app's state through [`Deref`].
#[derive(Copy, Clone, Debug)]
pub struct View<'a> {
    app: &'a App,
    /// How to draw: ASCII only or not, colour or not.
    pub look: Look,
}

impl<'a> View<'a> {
    /// `app` drawn in `look`.
    pub fn new(app: &'a App, look: Look) -> View<'a> {
        View { app, look }
    }

    /// What a screen cell shows, for mouse clicks: a hole, a move of the
    /// list, or nothing to click. `screen` is the area the app is drawn in.
    pub fn target_at(&self, screen: Rect, column: u16, row: u16) -> Target {
        if let Some(start) = self.screen().start() {
            start::item_at(self, start, screen, column, row).map_or(Target::Elsewhere, Target::Item)
        } else if let Some(hole) = hole_at(self, screen, column, row) {
            Target::Hole(hole)
        } else if let Some(ply) = move_at(self, screen, column, row) {
            Target::Move(ply)
        } else {
            Target::Elsewhere
        }
    }

    /// The action of a mouse event: a left click on what it lands on, the
    /// wheel over the move list scrolls it; other mouse events ask for
    /// nothing.
    pub fn click(&self, mouse: MouseEvent, screen: Rect) -> Option<Action> {
        let over_moves = || history::over_moves(self, screen, mouse.column, mouse.row);
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Action::Click(self.target_at(
                screen,
                mouse.column,
                mouse.row,
            ))),
            MouseEventKind::ScrollUp if over_moves() => Some(Action::Game(GameAction::OlderMoves))
                .filter(|&action| self.takes(action, screen)),
            MouseEventKind::ScrollDown if over_moves() => {
                Some(Action::Game(GameAction::NewerMoves))
            }
            _ => None,
        }
    }

    /// Whether `action` does something on the screen as drawn: not a
    /// scroll back of a move list that already shows its first line.
    pub fn takes(&self, action: Action, screen: Rect) -> bool {
        action != Action::Game(GameAction::OlderMoves) || history::scrolls_back(self, screen)
    }
}

/// The drawing's readings of the app, each where the app keeps it.
impl View<'_> {
    /// The game shown (in the lesson, the page's; in the viewer, the
    /// record's at the position shown).
    pub fn game(&self) -> &Game {
        &self.record().game
    }

    /// The viewer, while a record is being viewed.
    pub fn viewer(&self) -> Option<&Viewer> {
        self.screen().viewer()
    }

    /// The lesson, while it is shown.
    pub fn lesson(&self) -> Option<&Lesson> {
        self.screen().lesson()
    }

    /// The sowing shown, if any.
    pub fn sowing(&self) -> Option<&Sowing> {
        self.desk().sowing()
    }

    /// The players' clocks in the game, if it has a time control (none on
    /// the other screens).
    pub fn clocks(&self) -> Option<&Clocks> {
        match self.screen() {
            Screen::Game => self.table().clocks(),
            _ => None,
        }
    }

    /// The side whose clock is running now, if one is.
    pub fn clock_running(&self) -> Option<Side> {
        self.clocks()?;
        self.table().clock_running(self.sowing().is_some())
    }

    /// Each player's wins in the match, the current game's result included.
    pub fn tally(&self) -> BySide<u16> {
        let winner = self.record().verdict().and_then(|verdict| verdict.winner);
        self.players().tally(winner)
    }

    /// Whether the screen changes by itself, so that it is drawn often: a
    /// sowing is shown, the viewer plays the record, the computer is
    /// thinking (its clock is shown), or a player's clock runs.
    pub fn wants_frames(&self) -> bool {
        self.sowing().is_some()
            || self.table().thinking().is_some()
            || self.clock_running().is_some()
            || self
                .viewer()
                .is_some_and(|viewer| viewer.autoplaying() || viewer.analysing().is_some())
    }
}

impl Deref for View<'_> {
    type Target = App;

    fn deref(&self) -> &App {
        self.app
    }
}

/// The hole drawn at a screen cell, if any. `screen` is the area the app is
/// drawn in.
fn hole_at(app: &View, screen: Rect, column: u16, row: u16) -> Option<Hole> {
    let width = app.game().config().width();
    let geometry = Geometry::of(app, screen)?;
    Side::ALL
        .into_iter()
        .flat_map(|side| Hole::row(side, width))
        .find(|&hole| {
            let rect = geometry.hole_rect(hole);
            let label = Rect::new(rect.x, geometry.letters_y(hole.side()), rect.width, 1);
            let point = ratatui::layout::Position::new(column, row);
            rect.contains(point) || label.contains(point)
        })
}

impl Widget for View<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_screen(&self, area, buf);
        if self.look.ascii {
            theme::keep_to_ascii(buf, area);
        }
    }
}

fn draw_screen(app: &View, area: Rect, buf: &mut Buffer) {
    if let Some(start) = app.screen().start() {
        start::draw(app, start, area, buf);
        if matches!(app.desk().mode(), Mode::Help(_)) {
            draw_help(app, area, buf);
        }
        return;
    }
    let Some(geometry) = Geometry::of(app, area) else {
        draw_too_small(app, area, buf);
        return;
    };
    if let Some(viewer) = app.viewer() {
        viewer::draw_header(app, viewer, geometry.header, buf);
    }
    draw_board(app, &geometry, buf);
    draw_message(app, geometry.message, buf);
    let text = Rect {
        x: area.x,
        width: area.width,
        ..geometry.history
    };
    match (app.lesson(), app.screen().puzzles()) {
        (Some(lesson), _) => lesson::draw_text(app, lesson, text, buf),
        (None, Some(puzzles)) => puzzle::draw_text(app, puzzles, text, buf),
        (None, None) => draw_history(app, geometry.history, buf),
    }
    draw_keys(app, geometry.keys, buf);
    match app.desk().mode() {
        Mode::Help(_) => draw_help(app, area, buf),
        Mode::Confirm(question) => draw_confirm(app, *question, geometry.board, buf),
        // The lesson says itself how its game ended.
        Mode::Play
            if app.record().is_over()
                && app.lesson().is_none()
                && app.screen().puzzles().is_none()
                && !(app.desk().view().result_hidden() && app.viewer().is_none()) =>
        {
            draw_result(app, &geometry, buf);
        }
        Mode::Play | Mode::Sowing(_) => {}
    }
    if let Some(play_on) = app.viewer().and_then(Viewer::play_on) {
        viewer::draw_play_on(app, play_on, geometry.board, buf);
    }
}

fn draw_too_small(app: &View, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let (columns, rows) = Geometry::needed(app.game().config().width());
    let mut lines = vec![
        Line::styled("Terminal too small", look.title()),
        Line::from(format!(
            "need {columns}×{rows}, have {}×{}",
            area.width, area.height
        )),
    ];
    // A question asked here is asked here, with its answers.
    match app.desk().mode() {
        Mode::Confirm(question) => lines.extend(popup::question_lines(app, *question)),
        Mode::Help(_) => lines.push(Line::styled(
            format!(
                "{} closes help",
                key_of(app, Keymap::HELP, Action::CloseHelp)
            ),
            look.muted(),
        )),
        Mode::Play | Mode::Sowing(_) => lines.push(Line::styled(
            format!(
                "enlarge it, or press {} to {}",
                key_of(app, app.screen().keymap(), Action::Quit),
                // A review closes: back to the game it was opened from.
                if app.screen().quit_word(app.desk().shown()) == "close" {
                    "close the review"
                } else {
                    "quit"
                }
            ),
            look.muted(),
        )),
    }
    let height = lines.len() as u16;
    let text = Text::from(lines);
    let top = area.y + area.height.saturating_sub(height) / 2;
    let area = Rect::new(area.x, top, area.width, area.height.min(height));
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

fn draw_message(app: &View, area: Rect, buf: &mut Buffer) {
    let line = status_line(app, area.width);
    if line.width() <= usize::from(area.width) {
        line.centered().render(area, buf);
    } else {
        let rows = match app.lesson() {
            Some(lesson) => lesson::status_rows(app, lesson, &line, area),
            None => viewer::status_rows(app, &line, area),
        };
        Text::from(rows).centered().render(area, buf);
    }
}

/// The message shown under the board, or else what the player may do now,
/// in as few words as `columns` need where it can be said shorter.
fn status_line(app: &View, columns: u16) -> Line<'static> {
    let look = app.look;
    match message_line(app) {
        Some(line) => line,
        None => match (app.desk().mode(), app.viewer(), app.record().to_move()) {
            (Mode::Sowing(_), viewer, _) if !viewer.is_some_and(Viewer::autoplaying) => {
                Line::styled(
                    format!(
                        "{} skips the sowing; {} and {} change its speed",
                        key_of(app, Keymap::SOWING, Action::Skip),
                        key_of(app, Keymap::SOWING, Action::Faster),
                        key_of(app, Keymap::SOWING, Action::Slower),
                    ),
                    look.muted(),
                )
            }
            (_, Some(viewer), _) => viewer::status(app, viewer, columns),
            (_, None, _) if app.lesson().is_some() => app
                .lesson()
                .map_or_else(Line::default, |lesson| lesson::status(app, lesson)),
            (_, None, _) if app.screen().puzzles().is_some() => app
                .screen()
                .puzzles()
                .map_or_else(Line::default, |puzzles| puzzle::status(app, puzzles)),
            (_, None, Some(_)) if app.table().network().is_some() => Line::styled(
                terminal_safe(&app.table().network_status().unwrap_or_default()),
                look.muted(),
            ),
            (_, None, Some(_)) if app.table().thinking().is_some() => thinking_status(app),
            (_, None, Some(side)) => Line::styled(
                format!(
                    "{} to move: choose a hole, Enter to sow",
                    shown_name(app.players(), side)
                ),
                look.muted(),
            ),
            (_, None, None) => Line::styled(game_over_status(app, columns), look.muted()),
        },
    }
}

/// The status line once the game is over: what the keys do now, as many
/// as fit in `columns` (the game-over box and the key bar name them all).
fn game_over_status(app: &View, columns: u16) -> String {
    let dot = app.look.dot();
    let keys = popup::game_over_keys(app);
    let whole = format!("The game is over: {}", keys.join(dot));
    if Span::raw(whole.as_str()).width() <= usize::from(columns) {
        return whole;
    }
    let mut line = "Game over:".to_owned();
    for (index, key) in keys.iter().enumerate() {
        let next = format!("{line}{}{key}", if index == 0 { " " } else { dot });
        if Span::raw(next.as_str()).width() > usize::from(columns) {
            break;
        }
        line = next;
    }
    line
}

/// The message line's message, styled as it is meant.
fn message_line(app: &View) -> Option<Line<'static>> {
    let message = app.desk().message()?;
    let style = match message.tone {
        Tone::Info => app.look.info(),
        Tone::Error | Tone::Problem => app.look.error(),
    };
    // Messages name players, files and peers' reasons: outside text.
    Some(Line::styled(terminal_safe(&message.text), style))
}

/// `line` in rows of at most `width` columns, broken after a space where the
/// row has one (a longer word is cut), `rows` rows at most: the last row
/// of a line cut short ends with `…`.
fn wrap(line: &Line<'_>, width: u16, rows: u16) -> Vec<Line<'static>> {
    let width = usize::from(width.max(1));
    let columns = |row: &[(char, Style)]| row.iter().map(|&(c, _)| char_columns(c)).sum::<usize>();
    let mut done: Vec<Vec<(char, Style)>> = Vec::new();
    let mut row: Vec<(char, Style)> = Vec::new();
    let chars = line.spans.iter().flat_map(|span| {
        let style = line.style.patch(span.style);
        span.content.chars().map(move |c| (c, style))
    });
    for (c, style) in chars {
        if !row.is_empty() && columns(&row) + char_columns(c) > width {
            // A space where the row is full ends it: its last word stays.
            if c == ' ' {
                done.push(std::mem::take(&mut row));
                continue;
            }
            let rest = match row.iter().rposition(|&(c, _)| c == ' ') {
                Some(space) => {
                    let rest = row.split_off(space + 1);
                    row.pop();
                    rest
                }
                None => Vec::new(),
            };
            done.push(std::mem::replace(&mut row, rest));
        }
        if !(c == ' ' && row.is_empty() && !done.is_empty()) {
            row.push((c, style));
        }
    }
    done.push(row);
    let rows = usize::from(rows.max(1));
    if done.len() > rows {
        done.truncate(rows);
        let last = done.last_mut().expect("at least one row");
        let style = last.last().map_or_else(Style::default, |&(_, style)| style);
        while !last.is_empty() && columns(last) + 1 > width {
            last.pop();
        }
        last.push(('…', style));
    }
    done.into_iter()
        .map(|row| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            for (c, style) in row {
                match spans.last_mut() {
                    Some(span) if span.style == style => span.content.to_mut().push(c),
                    _ => spans.push(Span::styled(c.to_string(), style)),
                }
            }
            Line::from(spans)
        })
        .collect()
}

/// Columns a character takes on the screen.
fn char_columns(c: char) -> usize {
    Span::raw(&*c.encode_utf8(&mut [0; 4])).width()
}

/// The computer at work: who thinks, a spinner and the time so far.
fn thinking_status(app: &View) -> Line<'static> {
    let look = app.look;
    let Some(thinking) = app.table().thinking() else {
        return Line::default();
    };
    let who = match (thinking.purpose, app.game().to_move()) {
        (Purpose::Move, Some(side)) => format!("{} is thinking", shown_name(app.players(), side)),
        (Purpose::Hint, _) | (Purpose::Move, None) => "Looking for a hint".to_owned(),
        (Purpose::Draw, _) => {
            let computer = Side::ALL
                .into_iter()
                .find(|&side| app.players().computer(side).is_some())
                .map_or_else(
                    || "The computer".to_owned(),
                    |side| shown_name(app.players(), side),
                );
            format!("{computer} weighs your draw offer")
        }
    };
    let key = |action| key_of(app, Keymap::GAME, action);
    let keys = match thinking.purpose {
        Purpose::Move if app.table().takes_back_yours() => {
            format!(
                "{} takes back your move",
                key(Action::Game(GameAction::Undo))
            )
        }
        Purpose::Move => format!("{} quits", key(Action::Quit)),
        Purpose::Hint => "you may still move".to_owned(),
        Purpose::Draw => "a move withdraws it".to_owned(),
    };
    Line::from(vec![
        Span::styled(format!("{who} "), look.strong()),
        Span::styled(look.spinner(thinking.elapsed), look.title()),
        Span::styled(
            format!(
                " {:.1} s{}{keys}",
                thinking.elapsed.as_secs_f32(),
                look.dot()
            ),
            look.muted(),
        ),
    ])
}

/// Keys as help and the key bar write them, `between` each: the board's
/// hole letters, arrows in ASCII as `<-` and `->`.
pub(crate) fn key_names(app: &View, keys: &[Key], between: &str) -> String {
    let width = app.game().config().width();
    let names: Vec<String> = keys
        .iter()
        .map(|key| key_name(app.look, key.name(width)))
        .collect();
    names.join(between)
}

/// The name of the first key that asks for `action` in `keymap`'s table,
/// for a hint written in words (`u undo · q quit`): the key is the table's,
/// so the hint cannot name another.
///
/// # Panics
/// If no key of the table asks for `action` (a test of every hint's keys
/// finds that).
pub(crate) fn key_of(app: &View, keymap: Keymap, action: Action) -> String {
    key_names(app, &[keymap.key_of(action)], " ")
}

/// A key's name as the look writes it: arrows in ASCII are `<-`, `->`,
/// `Up` and `Down`.
fn key_name(look: Look, name: String) -> String {
    if look.ascii {
        name.replace('←', "<-")
            .replace('→', "->")
            .replace('↑', "Up")
            .replace('↓', "Down")
    } else {
        name
    }
}

/// The key bar: the keys in force that the app offers now, each with its
/// word, by the first key of each binding; `any key` is `any other key`
/// where other keys are listed.
fn draw_keys(app: &View, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let items = bar_items(
        app.front()
            .keymap()
            .bindings()
            .iter()
            .filter(|binding| app.front().offers(binding.action, app.desk().shown()))
            .map(|binding| (binding, app.front().label(binding, app.desk().shown()))),
    );
    let others = items.len() > 1;
    let keys: Vec<(String, &str)> = items
        .iter()
        .map(|(keys, label)| match keys[..] {
            [Key::Any] if others => ("any other key".to_owned(), *label),
            _ => (key_names(app, keys, " "), *label),
        })
        .collect();
    let mut spans = Vec::new();
    let mut used = 0;
    for (index, (key, action)) in keys.iter().enumerate() {
        let len = key.chars().count() + 1 + action.len() + 2;
        // Keep room for the last two items (help and quit) whatever happens.
        let tail: usize = keys[index + 1..]
            .iter()
            .rev()
            .take(2)
            .map(|(k, a)| k.chars().count() + a.len() + 3)
            .sum();
        if used + len + tail > usize::from(area.width) && index + 2 < keys.len() {
            continue;
        }
        spans.push(Span::styled(format!(" {key}"), look.key()));
        spans.push(Span::raw(format!(" {action} ")));
        used += len;
    }
    Line::from(spans).centered().render(area, buf);
}

/// The most columns a player's name takes in a sentence on screen (as many
/// as the name a peer may send): places narrower cut it further.
const NAME_COLUMNS: usize = 40;

/// The moves the screen tells as played: the game's, less the move being
/// sown until its sowing is over (its capture, the title's count and the
/// result are not given away before the seeds land).
fn shown_ply(app: &View) -> usize {
    app.game().ply() - usize::from(app.sowing().is_some())
}

/// The name of whoever plays `side`, as the screen shows it: escaped by
/// [`terminal_safe`] and cut to 40 columns, whatever a record or a peer put
/// in it.
pub fn shown_name(players: &Match, side: Side) -> String {
    theme::fit(&terminal_safe(players.name(side)), NAME_COLUMNS)
}
