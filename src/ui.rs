//! Drawing: the whole screen as a pure function of [`App`].
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
//!  message line
//! ╭ Moves ───────────────────────────────────────────╮
//! │ 1. C d 2. A+5 …                                  │
//! ╰──────────────────────────────────────────────────╯
//!  key bar
//! ```
//!
//! Popups (help, the end of a game, confirmations) are drawn over it. Styles
//! and glyphs all come from [`theme`]; [`hole_at`] answers mouse clicks from
//! the same geometry the drawing uses.

pub mod theme;
mod viewer;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

pub use theme::{HoleState, Look};

use crate::app::{App, Confirm, MAX_SPEED, Mode, Phase, Tone, Viewer};
use crate::rules::{EndReason, Hole, LAP_LIMIT, MoveError, MoveReport, Side};

/// The narrowest hole interior, in columns.
const MIN_CELL: u16 = 3;
/// The widest hole interior, in columns.
const MAX_CELL: u16 = 5;
/// Columns between two holes.
const GAP: u16 = 1;
/// Columns between the board's frame and its holes.
const PAD: u16 = 2;
/// Lines of seed dots in a hole at most.
const MAX_DOT_LINES: u16 = 2;
/// Rows of the move history panel at least (frame included).
const MIN_HISTORY: u16 = 3;
/// Columns the key bar and the messages need at least.
const MIN_TEXT_WIDTH: u16 = 56;
/// Rows the viewer's move list gets before the holes get seed dots, so that
/// a whole game of a few dozen moves shows at 80×24.
const VIEWER_HISTORY: u16 = 6;

/// What goes round the board: the lines above it, and the rows the move
/// history would like before the holes get their seed dots.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Chrome {
    header: u16,
    history: u16,
}

impl Chrome {
    fn of(app: &App) -> Chrome {
        match app.viewer() {
            Some(_) => Chrome {
                header: 1,
                history: VIEWER_HISTORY,
            },
            None => Chrome {
                header: 0,
                history: MIN_HISTORY,
            },
        }
    }
}

/// Where everything goes on a screen of a given size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Geometry {
    /// The line above the board (the viewer's record tags); empty in a game.
    header: Rect,
    board: Rect,
    message: Rect,
    history: Rect,
    keys: Rect,
    /// Columns inside a hole.
    cell: u16,
    /// Lines of seed dots above each hole's count (0 to [`MAX_DOT_LINES`]).
    dots: u16,
    /// Left column of the leftmost hole.
    row_x: u16,
    width: u8,
}

impl Geometry {
    fn hole_height(dots: u16) -> u16 {
        3 + dots
    }

    fn board_height(dots: u16) -> u16 {
        2 + 2 * (1 + 1 + Geometry::hole_height(dots)) + 1
    }

    /// The smallest screen the board of `width` holes fits.
    fn needed(width: u8, chrome: Chrome) -> (u16, u16) {
        let columns = u16::from(width) * (MIN_CELL + 2 + GAP) - GAP + 2 * PAD + 2;
        let rows = chrome.header + Geometry::board_height(0) + 1 + MIN_HISTORY + 1;
        (columns.max(MIN_TEXT_WIDTH), rows)
    }

    /// Where everything of `app` goes in `area`, if it fits.
    fn of(app: &App, area: Rect) -> Option<Geometry> {
        Geometry::new(area, app.game().config().width(), Chrome::of(app))
    }

    fn new(area: Rect, width: u8, chrome: Chrome) -> Option<Geometry> {
        let (min_columns, min_rows) = Geometry::needed(width, chrome);
        if area.width < min_columns || area.height < min_rows {
            return None;
        }
        let holes = u16::from(width);
        // Odd widths only, so that counts and dots sit in the middle.
        let cell = (MIN_CELL..=MAX_CELL)
            .rev()
            .step_by(2)
            .find(|cell| holes * (cell + 2 + GAP) - GAP + 2 * PAD + 2 <= area.width)?;
        let dots = (0..=MAX_DOT_LINES)
            .rev()
            .find(|&dots| {
                chrome.header + Geometry::board_height(dots) + 2 + chrome.history <= area.height
            })
            .unwrap_or(0);
        let board_height = Geometry::board_height(dots);
        let row_width = holes * (cell + 2 + GAP) - GAP;
        // Same parity as the row, so that the row sits exactly in the middle.
        let min_width = MIN_TEXT_WIDTH + (row_width + MIN_TEXT_WIDTH) % 2;
        let board_width = (row_width + 2 * PAD + 2).max(min_width).min(area.width);
        let left = area.x + (area.width - board_width) / 2;
        let header = Rect::new(area.x, area.y, area.width, chrome.header);
        let board = Rect::new(left, header.bottom(), board_width, board_height);
        let message = Rect::new(area.x, board.bottom(), area.width, 1);
        let keys = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        let history = Rect::new(
            left,
            message.bottom(),
            board_width,
            keys.y.saturating_sub(message.bottom()),
        );
        Some(Geometry {
            header,
            board,
            message,
            history,
            keys,
            cell,
            dots,
            row_x: left + (board_width - row_width) / 2,
            width,
        })
    }

    /// The screen column of a hole: South's row runs left to right, North's
    /// right to left, so that facing holes share a column.
    fn column(&self, hole: Hole) -> u16 {
        match hole.side() {
            Side::South => u16::from(hole.index()),
            Side::North => u16::from(self.width - 1 - hole.index()),
        }
    }

    fn hole_x(&self, hole: Hole) -> u16 {
        self.row_x + self.column(hole) * (self.cell + 2 + GAP)
    }

    fn name_y(&self, side: Side) -> u16 {
        match side {
            Side::North => self.board.y + 1,
            Side::South => self.board.bottom() - 2,
        }
    }

    fn letters_y(&self, side: Side) -> u16 {
        match side {
            Side::North => self.board.y + 2,
            Side::South => self.board.bottom() - 3,
        }
    }

    fn middle_y(&self) -> u16 {
        self.board.y + 3 + Geometry::hole_height(self.dots)
    }

    fn hole_rect(&self, hole: Hole) -> Rect {
        let height = Geometry::hole_height(self.dots);
        let y = match hole.side() {
            Side::North => self.board.y + 3,
            Side::South => self.middle_y() + 1,
        };
        Rect::new(self.hole_x(hole), y, self.cell + 2, height)
    }
}

/// The hole drawn at a screen cell, if any (for mouse clicks). `screen` is
/// the area the app is drawn in.
pub fn hole_at(app: &App, screen: Rect, column: u16, row: u16) -> Option<Hole> {
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

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw(self, area, buf);
    }
}

/// Draws the whole screen.
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(geometry) = Geometry::of(app, area) else {
        draw_too_small(app, area, buf);
        return;
    };
    if let Some(viewer) = app.viewer() {
        viewer::draw_header(app, viewer, geometry.header, buf);
    }
    draw_board(app, &geometry, buf);
    draw_message(app, geometry.message, buf);
    draw_history(app, geometry.history, buf);
    draw_keys(app, geometry.keys, buf);
    match app.mode() {
        Mode::Help => draw_help(app, area, buf),
        Mode::Confirm(question) => draw_confirm(app, *question, geometry.board, buf),
        Mode::Play if app.game().outcome().is_some() => draw_result(app, &geometry, buf),
        Mode::Play | Mode::Sowing(_) => {}
    }
}

fn draw_too_small(app: &App, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let (columns, rows) = Geometry::needed(app.game().config().width(), Chrome::of(app));
    let text = Text::from(vec![
        Line::styled("Terminal too small", look.title()),
        Line::from(format!(
            "need {columns}×{rows}, have {}×{}",
            area.width, area.height
        )),
        Line::styled("enlarge it, or press q", look.muted()),
    ]);
    let top = area.y + area.height.saturating_sub(3) / 2;
    let area = Rect::new(area.x, top, area.width, area.height.min(3));
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

fn draw_board(app: &App, geometry: &Geometry, buf: &mut Buffer) {
    let look = app.look;
    let game = app.game();
    let config = game.config();
    let mut title = vec![
        Span::styled(" En Dodoi", look.title()),
        Span::styled(look.dot(), look.muted()),
        Span::raw(format!("{} holes", config.width())),
        Span::styled(look.dot(), look.muted()),
        Span::raw(format!("{} seeds ", config.seeds())),
    ];
    if config.variant() == crate::rules::Variant::Cross {
        title[0] = Span::styled(" Cross-Endodoi", look.title());
    }
    let players = app.players();
    let right = match (app.viewer(), players.first_to) {
        (Some(viewer), _) => format!(" move {} of {} ", game.ply(), viewer.total()),
        (None, Some(_)) => format!(" game {}{}move {} ", players.round, look.dot(), game.ply()),
        (None, None) => format!(" move {} ", game.ply()),
    };
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
        .title_top(Line::from(title))
        .title_top(Line::styled(right, look.muted()).right_aligned())
        .render(geometry.board, buf);
    for side in [Side::North, Side::South] {
        draw_name(app, geometry, side, buf);
        draw_row(app, geometry, side, buf);
    }
    draw_middle(app, geometry, buf);
}

fn draw_name(app: &App, geometry: &Geometry, side: Side, buf: &mut Buffer) {
    let look = app.look;
    let players = app.players();
    // While a move is being sown, its mover keeps the turn on screen.
    let mover = match app.sowing() {
        Some(sowing) => Some(sowing.before.to_move()),
        None => app.game().to_move(),
    };
    let to_move = mover == Some(side);
    let arrow = if to_move { look.turn_arrow() } else { " " };
    let mut left = vec![
        Span::styled(format!("{arrow} "), look.name(side, true)),
        Span::styled(players.name(side).to_owned(), look.name(side, to_move)),
        Span::styled(
            if players.name(side) == side.to_string() {
                String::new()
            } else {
                format!(" {side}")
            },
            look.muted(),
        ),
    ];
    if let Some(first_to) = players.first_to {
        let (won, open) = look.pins();
        let wins = app.tally()[players.player(side)];
        let pins = won.repeat(usize::from(wins.min(first_to)))
            + &open.repeat(usize::from(first_to.saturating_sub(wins)));
        left.push(Span::raw("  "));
        left.push(Span::styled(pins, look.name(side, true)));
    }
    let captured = shown_captured(app)[side];
    let right = Line::from(vec![
        Span::styled("captured ", look.muted()),
        Span::styled(format!("{captured:>3}"), look.strong()),
    ]);
    let inner = geometry.board.inner(ratatui::layout::Margin::new(1, 0));
    let area = Rect::new(inner.x + 1, geometry.name_y(side), inner.width - 2, 1);
    Line::from(left).render(area, buf);
    right.right_aligned().render(area, buf);
}

/// Captures as the screen shows them: before the move during its animation.
fn shown_captured(app: &App) -> crate::rules::BySide<u16> {
    match app.sowing() {
        Some(sowing) if sowing.phase != Phase::Done => sowing.before.captured(),
        _ => app.game().position().captured(),
    }
}

fn seeds_shown(app: &App, hole: Hole) -> u8 {
    match app.sowing() {
        Some(sowing) => sowing.rows[hole.side()][usize::from(hole.index())],
        None => app.game().position().seeds(hole),
    }
}

/// How a hole is drawn: its border, and what else the board says about it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Marks {
    state: HoleState,
    mark: Mark,
}

/// What the board says about a hole besides its seeds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mark {
    Plain,
    /// The sowing from it never ends.
    Endless,
    /// The preview's sowing ends here.
    Target,
    /// The preview's capture takes these seeds.
    Victim,
    /// The animation just dropped a seed here (or lifted it).
    Sowing,
    /// The animation's capture takes these seeds.
    Capture,
}

fn marks(app: &App, hole: Hole) -> Marks {
    let game = app.game();
    let mut marks = Marks {
        state: HoleState::Idle,
        mark: Mark::Plain,
    };
    if let Some(sowing) = app.sowing() {
        let capture = sowing.report.capture;
        if sowing.phase == Phase::Capture {
            if capture.is_some_and(|c| c.hole == hole || c.opposite == hole) {
                marks = Marks {
                    state: HoleState::Focus,
                    mark: Mark::Capture,
                };
            }
        } else if sowing.current == Some(hole) {
            marks = Marks {
                state: HoleState::Focus,
                mark: Mark::Sowing,
            };
        }
        return marks;
    }
    let Some(side) = game.to_move() else {
        return marks;
    };
    if hole.side() == side {
        match game.check(hole) {
            Ok(()) => marks.state = HoleState::Legal,
            Err(MoveError::Endless { .. }) => marks.mark = Mark::Endless,
            Err(_) => {}
        }
        if app.viewer().is_none() && app.selected() == Some(hole) {
            marks.state = HoleState::Focus;
        }
    }
    if app.viewer().is_some() {
        // The viewer marks the move that led here, as the preview marks a
        // move to come: where it started, ended and captured.
        if let Some(report) = app.viewed_move() {
            if report.hole == hole {
                marks.state = HoleState::Focus;
            }
            if report.last == hole {
                marks.mark = Mark::Target;
            } else if report.capture.is_some_and(|c| c.opposite == hole) {
                marks.mark = Mark::Victim;
            }
        }
        return marks;
    }
    if app.preview_shown()
        && let Some(selected) = app.selected()
        && let Ok(report) = game.preview(selected)
    {
        if report.last == hole {
            marks.mark = Mark::Target;
        } else if report.capture.is_some_and(|c| c.opposite == hole) {
            marks.mark = Mark::Victim;
        }
    }
    marks
}

fn draw_row(app: &App, geometry: &Geometry, side: Side, buf: &mut Buffer) {
    let look = app.look;
    let width = app.game().config().width();
    for hole in Hole::row(side, width) {
        let marks = marks(app, hole);
        let rect = geometry.hole_rect(hole);
        let border = match marks.mark {
            Mark::Sowing => look.sowing(),
            Mark::Capture | Mark::Victim => look.capture(),
            Mark::Target => look.target(),
            Mark::Plain | Mark::Endless => look.hole(side, marks.state),
        };
        let block = Block::bordered()
            .border_set(look.hole_border(marks.state))
            .border_style(border);
        let inner = block.inner(rect);
        block.render(rect, buf);
        let seeds = seeds_shown(app, hole);
        let mut lines = Vec::new();
        let fits = usize::from(geometry.cell);
        let mut left = usize::from(seeds);
        for line in 0..geometry.dots {
            let dots = if line + 1 == geometry.dots && left > fits {
                look.seed().repeat(fits - 1) + "+"
            } else {
                look.seed().repeat(left.min(fits))
            };
            left = left.saturating_sub(fits);
            lines.push(Line::styled(dots, look.seeds()).centered());
        }
        let count_style = match marks.mark {
            Mark::Sowing => look.sowing(),
            Mark::Capture => look.capture(),
            _ => look.count(seeds == 0),
        };
        lines.push(Line::styled(seeds.to_string(), count_style).centered());
        Paragraph::new(lines).render(inner, buf);
        draw_label(app, geometry, hole, marks, buf);
    }
}

fn draw_label(app: &App, geometry: &Geometry, hole: Hole, marks: Marks, buf: &mut Buffer) {
    let look = app.look;
    let letter = hole.letter();
    let endless = if marks.mark == Mark::Endless {
        look.endless_mark()
    } else {
        ""
    };
    let (text, style) = match (marks.state, marks.mark) {
        (HoleState::Focus, _) => (
            format!("[{letter}{endless}]"),
            look.letter(HoleState::Focus),
        ),
        (_, Mark::Target) => (format!("({letter})"), look.target()),
        (_, Mark::Victim) => (format!("{}{letter}", look.victim_mark()), look.capture()),
        (_, Mark::Endless) => (format!("{letter}{endless}"), look.error()),
        (state, _) => (letter.to_string(), look.letter(state)),
    };
    let rect = geometry.hole_rect(hole);
    let area = Rect::new(rect.x, geometry.letters_y(hole.side()), rect.width, 1);
    Line::styled(text, style).centered().render(area, buf);
}

fn draw_middle(app: &App, geometry: &Geometry, buf: &mut Buffer) {
    let look = app.look;
    let game = app.game();
    let line = if let Some(sowing) = app.sowing() {
        let (lap, laps) = sowing.lap_count();
        match (sowing.phase, sowing.report.capture) {
            (Phase::Capture | Phase::Done, Some(capture)) => Line::from(vec![
                Span::styled(
                    format!("{} captures {}", sowing.report.last, capture.seeds),
                    look.capture(),
                ),
                Span::styled(
                    format!(
                        "  ({} from {} and the last seed)",
                        capture.seeds - 1,
                        capture.opposite
                    ),
                    look.muted(),
                ),
            ]),
            _ => Line::from(vec![
                Span::styled(format!("Sowing {}", sowing.report.hole), look.sowing()),
                Span::styled(look.dot(), look.muted()),
                Span::raw(format!("lap {lap} of {laps}")),
                Span::styled(look.dot(), look.muted()),
                Span::raw(format!("{} in hand", sowing.in_hand)),
            ]),
        }
    } else if let Some(outcome) = game.outcome() {
        Line::styled(
            match outcome.reason {
                EndReason::NoMoves => "Game over: no legal move",
                EndReason::Repetition => "Game over: the position repeated",
            },
            look.strong(),
        )
    } else if app.viewer().is_some() {
        viewer::explanation(app, geometry.board.width - 2)
    } else {
        preview_line(app)
    };
    let area = Rect::new(
        geometry.board.x + 1,
        geometry.middle_y(),
        geometry.board.width - 2,
        1,
    );
    line.centered().render(area, buf);
}

fn preview_line(app: &App) -> Line<'static> {
    let look = app.look;
    let game = app.game();
    let Some(hole) = app.selected() else {
        return Line::default();
    };
    let side = hole.side();
    let whose = Span::styled(
        format!("{} to move", app.players().name(side)),
        look.name(side, true),
    );
    if !app.preview_shown() {
        return Line::from(vec![
            whose,
            Span::styled(look.dot(), look.muted()),
            Span::styled("preview off (p)", look.muted()),
        ]);
    }
    match game.preview(hole) {
        Ok(report) => Line::from(move_summary(look, &report, Tense::Future)),
        Err(MoveError::Endless { why, .. }) => Line::from(vec![
            Span::styled(format!("{hole}{} ", look.endless_mark()), look.error()),
            Span::styled(
                match why {
                    crate::rules::Endless::Cycle { period } => {
                        format!("never ends: repeats every {period} laps")
                    }
                    crate::rules::Endless::LapLimit => {
                        format!("never ends: over {LAP_LIMIT} laps")
                    }
                },
                look.error(),
            ),
        ]),
        // The message line already says why (an empty hole).
        Err(_) => Line::from(whose),
    }
}

/// Whether a move summary speaks of a move to come (the preview) or of one
/// played (the viewer).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tense {
    Future,
    Past,
}

/// What a move does: `A → ends in C · 5 laps · 26 sown · captures 2 (d)`.
fn move_summary(look: Look, report: &MoveReport, tense: Tense) -> Vec<Span<'static>> {
    let laps = report.laps.len();
    let (ends, captures) = match tense {
        Tense::Future => ("ends", "captures"),
        Tense::Past => ("ended", "captured"),
    };
    vec![
        Span::styled(format!("{} ", report.hole), look.strong()),
        Span::styled(look.arrow(), look.muted()),
        Span::styled(format!(" {ends} in {}", report.last), look.target()),
        Span::styled(look.dot(), look.muted()),
        Span::raw(format!("{laps} lap{}", if laps == 1 { "" } else { "s" })),
        Span::styled(look.dot(), look.muted()),
        Span::raw(format!("{} sown", report.seeds_sown)),
        Span::styled(look.dot(), look.muted()),
        match report.capture {
            Some(capture) => Span::styled(
                format!("{captures} {} ({})", capture.seeds, capture.opposite),
                look.capture(),
            ),
            None => Span::styled("no capture", look.muted()),
        },
    ]
}

fn draw_message(app: &App, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let line = match app.message() {
        Some(message) => Line::styled(
            message.text.clone(),
            match message.tone {
                Tone::Info => look.info(),
                Tone::Error => look.error(),
            },
        ),
        None => match (app.mode(), app.viewer(), app.game().to_move()) {
            (Mode::Sowing(_), viewer, _) if !viewer.is_some_and(Viewer::autoplaying) => {
                Line::styled("any key skips · + - change speed", look.muted())
            }
            (_, Some(viewer), _) => viewer::status(app, viewer),
            (_, None, Some(side)) => Line::styled(
                format!(
                    "{} to move: choose a hole, Enter to sow",
                    app.players().name(side)
                ),
                look.muted(),
            ),
            (_, None, None) => Line::default(),
        },
    };
    // A line too long to centre keeps its start in view.
    if line.width() <= usize::from(area.width) {
        line.centered().render(area, buf);
    } else {
        line.render(area, buf);
    }
}

fn history_block(look: Look) -> Block<'static> {
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
        .title_top(Line::styled(" Moves ", look.muted()))
}

/// Where the moves go inside the history panel `area`.
fn history_inner(look: Look, area: Rect) -> Rect {
    history_block(look)
        .inner(area)
        .inner(ratatui::layout::Margin::new(1, 0))
}

/// The move list laid out in lines, scrolled so that the current move shows.
struct HistoryLayout {
    /// The lines in view.
    lines: Vec<Line<'static>>,
    /// Where each move in view is: the line, its first column and width (in
    /// the panel), and the number of moves played once it is.
    spots: Vec<(usize, u16, u16, usize)>,
}

/// The history words: each move with its number (a number sticks to its move
/// when wrapping) and the number of moves played once it is, then the result.
fn history_words(app: &App) -> Vec<(Vec<Span<'static>>, Option<usize>)> {
    let look = app.look;
    let game = app.game();
    let ply = game.ply();
    // A game knows its redo moves by hole only; the viewer knows every move.
    let moves: Vec<(String, Style)> = match app.viewer() {
        Some(viewer) => viewer
            .moves()
            .iter()
            .map(|report| match report.capture {
                None => report.hole.to_string(),
                Some(capture) => format!("{}+{}", report.hole, capture.seeds),
            })
            .collect::<Vec<_>>(),
        None => game
            .history()
            .iter()
            .map(|played| match played.captured {
                0 => played.hole.to_string(),
                seeds => format!("{}+{seeds}", played.hole),
            })
            .chain(game.redo_moves().iter().rev().map(ToString::to_string))
            .collect(),
    }
    .into_iter()
    .enumerate()
    .map(|(index, text)| {
        let style = match (index + 1).cmp(&ply) {
            std::cmp::Ordering::Less => Style::new(),
            std::cmp::Ordering::Equal => look.current_move(),
            std::cmp::Ordering::Greater => look.redo_move(),
        };
        (text, style)
    })
    .collect();
    let mut words: Vec<(Vec<Span>, Option<usize>)> = moves
        .into_iter()
        .enumerate()
        .map(|(index, (text, style))| {
            let mut word = Vec::new();
            if index % 2 == 0 {
                word.push(Span::styled(format!("{}.", index / 2 + 1), look.muted()));
                word.push(Span::raw(" "));
            }
            word.push(Span::styled(text, style));
            (word, Some(index + 1))
        })
        .collect();
    let result = match app.viewer() {
        Some(viewer) => Some(Span::styled(
            viewer.result().to_owned(),
            if game.redo_moves().is_empty() {
                look.strong()
            } else {
                look.redo_move()
            },
        )),
        None => game.outcome().map(|outcome| {
            let totals = outcome.totals();
            Span::styled(format!("{}-{}", totals.south, totals.north), look.strong())
        }),
    };
    if let Some(result) = result {
        words.push((vec![result], None));
    }
    words
}

fn history_layout(app: &App, inner: Rect) -> HistoryLayout {
    let words = history_words(app);
    if words.iter().all(|(_, ply)| ply.is_none()) {
        return HistoryLayout {
            lines: vec![Line::styled("no moves yet", app.look.muted())],
            spots: Vec::new(),
        };
    }
    let ply = app.game().ply();
    let mut lines: Vec<Line> = vec![Line::default()];
    let mut spots = Vec::new();
    let mut current_line = 0;
    let mut used = 0usize;
    for (word, played) in words {
        let len: usize = word.iter().map(Span::width).sum();
        if used > 0 && used + 1 + len > usize::from(inner.width) {
            lines.push(Line::default());
            used = 0;
        }
        let line = lines.last_mut().expect("one line at least");
        if used > 0 {
            line.push_span(Span::raw(" "));
            used += 1;
        }
        if let Some(played) = played {
            spots.push((lines.len() - 1, used as u16, len as u16, played));
        }
        let line = lines.last_mut().expect("one line at least");
        used += len;
        for span in word {
            line.push_span(span);
        }
        if played == Some(ply) {
            current_line = lines.len() - 1;
        }
    }
    let height = usize::from(inner.height);
    let first = (current_line + 1)
        .saturating_sub(height)
        .min(lines.len().saturating_sub(height));
    let first = if lines.len() > height && current_line >= first + height {
        current_line + 1 - height
    } else {
        first
    };
    HistoryLayout {
        lines: lines.into_iter().skip(first).take(height).collect(),
        spots: spots
            .into_iter()
            .filter(|&(line, ..)| line >= first && line < first + height)
            .map(|(line, x, width, played)| (line - first, x, width, played))
            .collect(),
    }
}

fn draw_history(app: &App, area: Rect, buf: &mut Buffer) {
    let inner = history_inner(app.look, area);
    history_block(app.look).render(area, buf);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    Paragraph::new(history_layout(app, inner).lines).render(inner, buf);
}

/// The move drawn at a screen cell of the history panel, as the number of
/// moves played once it is (for mouse clicks). `screen` is the area the app
/// is drawn in.
pub fn move_at(app: &App, screen: Rect, column: u16, row: u16) -> Option<usize> {
    let geometry = Geometry::of(app, screen)?;
    let inner = history_inner(app.look, geometry.history);
    let point = ratatui::layout::Position::new(column, row);
    if !inner.contains(point) {
        return None;
    }
    history_layout(app, inner)
        .spots
        .into_iter()
        .find(|&(line, x, width, _)| {
            Rect::new(inner.x + x, inner.y + line as u16, width, 1).contains(point)
        })
        .map(|(.., played)| played)
}

fn draw_keys(app: &App, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let keys: &[(&str, &str)] = match app.mode() {
        _ if app.viewer().is_some() => viewer::keys(app),
        Mode::Sowing(_) => &[("any key", "skip"), ("+ -", "speed")],
        Mode::Help => &[("any key", "closes help")],
        Mode::Confirm(_) => &[("y", "yes"), ("any other key", "no")],
        Mode::Play if app.game().outcome().is_some() => &[
            ("n", "new game"),
            ("u", "undo"),
            ("s", "save"),
            ("?", "help"),
            ("q", "quit"),
        ],
        Mode::Play => &[
            ("←→", "select"),
            ("Enter", "sow"),
            ("u", "undo"),
            ("r", "redo"),
            ("p", "preview"),
            ("s", "save"),
            ("n", "new"),
            ("?", "help"),
            ("q", "quit"),
        ],
    };
    let arrows = if look.ascii { "<- ->" } else { "←→" };
    let mut spans = Vec::new();
    let mut used = 0;
    for (index, &(key, action)) in keys.iter().enumerate() {
        let key = if key == "←→" { arrows } else { key };
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

/// A centred rectangle of at most `width`×`height` inside `area`.
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

fn popup<'a>(app: &App, title: &'a str) -> Block<'a> {
    let look = app.look;
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.title())
        .title_top(Line::styled(format!(" {title} "), look.title()).centered())
        .padding(ratatui::widgets::Padding::horizontal(1))
}

fn draw_result(app: &App, geometry: &Geometry, buf: &mut Buffer) {
    let look = app.look;
    let game = app.game();
    let Some(outcome) = game.outcome() else {
        return;
    };
    let players = app.players();
    let totals = outcome.totals();
    let reason = end_reason(app, outcome);
    let name_width = Side::ALL
        .iter()
        .map(|&side| players.name(side).chars().count())
        .max()
        .unwrap_or(5)
        .clamp(5, 16);
    let mut lines = vec![
        Line::from(reason),
        Line::default(),
        Line::styled(
            format!("  {:name_width$}  captured   taken   total", ""),
            look.muted(),
        ),
    ];
    for side in [Side::South, Side::North] {
        let name: String = players.name(side).chars().take(name_width).collect();
        let winner = outcome.winner() == Some(side);
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} ", if winner { look.turn_arrow() } else { " " }),
                look.name(side, true),
            ),
            Span::styled(format!("{name:name_width$}"), look.name(side, winner)),
            Span::raw(format!(
                "  {:>8} + {:>5} = ",
                outcome.captured[side], outcome.taken[side]
            )),
            Span::styled(format!("{:>5}", totals[side]), look.strong()),
        ]));
    }
    lines.push(Line::default());
    let verdict = match outcome.winner() {
        Some(side) => format!(
            "{} wins {}-{}",
            players.name(side),
            totals[side],
            totals[side.opponent()]
        ),
        None => format!("A draw, {}-{}", totals.south, totals.north),
    };
    lines.push(Line::styled(verdict, look.title()).centered());
    let keys = if app.viewer().is_some() {
        let back = if look.ascii { "<-" } else { "←" };
        format!("{back} back · g start · p play on · q quit")
    } else {
        let mut next = "n new game";
        if let Some((line, key)) = match_standing(app) {
            lines.push(Line::styled(line, look.strong()).centered());
            next = key;
        }
        format!("{next} · u undo · q quit")
    };
    lines.push(Line::styled(keys.replace(" · ", look.dot()), look.muted()).centered());
    let width = geometry.board.width.saturating_sub(6).min(60);
    let height = lines.len() as u16 + 2 + 1;
    let area = centered(geometry.board, width, height);
    Clear.render(area, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(popup(app, "Game over"))
        .render(area, buf);
}

/// Why the game ended, in words.
fn end_reason(app: &App, outcome: &crate::rules::Outcome) -> String {
    let players = app.players();
    match outcome.reason {
        EndReason::NoMoves => {
            let stuck = app.game().position().to_move();
            let left = outcome.taken[stuck.opponent()];
            format!(
                "{} has no legal move: the {left} seed{} left go{} to {}.",
                players.name(stuck),
                if left == 1 { "" } else { "s" },
                if left == 1 { "es" } else { "" },
                players.name(stuck.opponent())
            )
        }
        EndReason::Repetition => {
            "The position repeated: each player takes the seeds in their own row.".to_owned()
        }
    }
}

/// The match score after a finished game, and the key that goes on.
fn match_standing(app: &App) -> Option<(String, &'static str)> {
    let players = app.players();
    let first_to = players.first_to?;
    let tally = app.tally();
    Some(match app.champion() {
        Some(champion) => (
            format!(
                "{} wins the match {}-{}!",
                players.names[champion],
                tally[champion],
                tally[1 - champion]
            ),
            "n new match",
        ),
        None => (
            format!(
                "Match to {first_to}: {} {}, {} {}",
                players.names[0], tally[0], players.names[1], tally[1]
            ),
            "Enter next game",
        ),
    })
}

fn draw_confirm(app: &App, question: Confirm, board: Rect, buf: &mut Buffer) {
    let look = app.look;
    let (title, text) = match question {
        Confirm::Quit => (
            "Quit?",
            "The game is unfinished. It is saved: endodoi --resume continues it.",
        ),
        Confirm::NewGame => (
            "New game?",
            "This game is unfinished. It stays saved; endodoi --resume would not find it again.",
        ),
    };
    let lines = vec![
        Line::from(text),
        Line::default(),
        Line::from(vec![
            Span::styled("y", look.key()),
            Span::raw(" yes    "),
            Span::styled("any other key", look.key()),
            Span::raw(" no"),
        ])
        .centered(),
    ];
    let area = centered(board, board.width.saturating_sub(8).min(50), 7);
    Clear.render(area, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(popup(app, title))
        .render(area, buf);
}

/// The game's keys, as help lists them.
fn game_keys(app: &App) -> Vec<(String, String)> {
    let width = app.game().config().width();
    let last = char::from(b'a' + width - 1);
    let arrows = if app.look.ascii { "<- ->" } else { "← →" };
    [
        (
            format!("a-{last}"),
            "select a hole of the player to move (either case)",
        ),
        (arrows.to_owned(), "select the next hole that can be sown"),
        (
            "Enter Space".to_owned(),
            "sow the selected hole (mouse: click twice)",
        ),
        (
            "u  r".to_owned(),
            "undo, redo (as many moves as were played)",
        ),
        ("p".to_owned(), "move preview on or off"),
        (
            "+  -".to_owned(),
            format!("sowing speed (1-{MAX_SPEED}); any key skips").as_str(),
        ),
        ("n  s".to_owned(), "new game; save the record"),
        (
            "q  Ctrl-C".to_owned(),
            "quit (every move is saved: --resume)",
        ),
    ]
    .into_iter()
    .map(|(key, what)| (key, what.to_owned()))
    .collect()
}

fn draw_help(app: &App, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let keys = match app.viewer() {
        Some(_) => viewer::help_keys(app),
        None => game_keys(app),
    };
    let mut lines = vec![Line::styled("Keys", look.strong())];
    lines.extend(keys.into_iter().map(|(key, what)| {
        Line::from(vec![
            Span::styled(format!("  {key:<12}"), look.key()),
            Span::raw(what),
        ])
    }));
    lines.extend([
        Line::default(),
        Line::styled("Rules", look.strong()),
        Line::from("Lift all seeds of one of your holes and sow them one by one"),
        Line::from("counterclockwise. If the last seed lands in an occupied hole,"),
        Line::from("lift that hole and sow on (a relay lap). In an empty hole the"),
        Line::from("move ends; if that hole is yours, capture the facing enemy"),
        Line::from("seeds with it. A sowing that never ends may not be played."),
        Line::from("The game ends when the player to move has no legal move (the"),
        Line::from("mover takes the rest) or a position repeats (each takes their"),
        Line::from("own row). Most seeds wins."),
    ]);
    if app.game().config().variant() == crate::rules::Variant::Cross {
        lines.push(Line::styled(
            "Cross-Endodoi: a lap of an odd number of seeds goes clockwise.",
            look.strong(),
        ));
    }
    let height = lines.len() as u16 + 2;
    let area = centered(area, 68, height);
    Clear.render(area, buf);
    Paragraph::new(lines)
        .block(
            popup(app, "Help")
                .title_bottom(Line::styled(" any key closes ", look.muted()).centered()),
        )
        .render(area, buf);
}
