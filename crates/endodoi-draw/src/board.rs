//! The board: names, holes with their seeds and marks, and the line
//! between the rows (preview, sowing progress, the move just explained).

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::shown_name;
use endodoi_app::{LOW_TIME, Phase, Viewer};
use endodoi_core::clock::shown;
use endodoi_core::rules::{EndReason, Hole, LAP_LIMIT, MoveError, MoveReport, Side};

use super::geometry::MAX_CELL;
use super::summary::{Tense, move_summary};
use super::theme::{HoleState, fit};
use super::{Geometry, View, viewer};

pub(super) fn draw_board(app: &View, geometry: &Geometry, buf: &mut Buffer) {
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
    if config.variant() == endodoi_core::rules::Variant::Cross {
        title[0] = Span::styled(" Cross-Endodoi", look.title());
    }
    if let Some(lesson) = app.lesson() {
        title = super::lesson::board_title(app, lesson);
    }
    if let Some(puzzles) = app.screen().puzzles() {
        title = super::puzzle::board_title(app, puzzles);
    }
    let players = app.players();
    let ply = super::shown_ply(app);
    let right = match (app.viewer(), players.first_to) {
        (Some(viewer), _) => format!(" move {ply} of {} ", viewer.total()),
        (None, Some(_)) => format!(" game {}{}move {ply} ", players.round, look.dot()),
        (None, None) => format!(" move {ply} "),
    };
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
        .title_top(Line::from(title))
        .title_top(Line::styled(right, look.muted()).right_aligned())
        .render(geometry.board, buf);
    let shown = shown_move(app);
    for side in [Side::North, Side::South] {
        draw_name(app, geometry, side, buf);
        draw_row(app, geometry, side, shown.as_deref(), buf);
    }
    draw_middle(app, geometry, buf);
}

fn draw_name(app: &View, geometry: &Geometry, side: Side, buf: &mut Buffer) {
    let look = app.look;
    let players = app.players();
    // While a move is being sown, its mover keeps the turn on screen.
    let mover = match app.sowing() {
        Some(sowing) => Some(sowing.before.to_move()),
        None => app.record().to_move(),
    };
    let to_move = mover == Some(side);
    let arrow = if to_move { look.turn_arrow() } else { " " };
    let row = if shown_name(players, side) == side.to_string() {
        String::new()
    } else {
        format!(" {side}")
    };
    let pins = players.first_to.map(|first_to| {
        let (won, open) = look.pins();
        let wins = app.tally()[players.home(side)];
        format!(
            "  {}{}",
            won.repeat(usize::from(wins.min(first_to))),
            open.repeat(usize::from(first_to.saturating_sub(wins)))
        )
    });
    let captured = shown_captured(app)[side];
    let in_row: u16 = Hole::row(side, app.game().config().width())
        .map(|hole| u16::from(seeds_shown(app, hole)))
        .sum();
    let mut right = Line::from(vec![
        Span::styled("in row ", look.muted()),
        Span::styled(format!("{in_row:>3}"), look.strong()),
        Span::styled("  captured ", look.muted()),
        Span::styled(format!("{captured:>3}"), look.strong()),
    ]);
    if let Some(clocks) = app.clocks() {
        // The running clock stands out in reverse video, colour or not;
        // one running low in the warning colour.
        let running = app.clock_running() == Some(side);
        let style = if clocks.left(side) < LOW_TIME {
            look.low_time(running)
        } else if running {
            look.strong().add_modifier(Modifier::REVERSED)
        } else {
            look.muted()
        };
        let clock = Span::styled(format!(" {} ", shown(clocks.left(side))), style);
        right.spans.splice(0..0, [clock, Span::raw(" ")]);
    }
    let inner = geometry.board.inner(ratatui::layout::Margin::new(1, 0));
    let area = Rect::new(inner.x + 1, geometry.name_y(side), inner.width - 2, 1);
    // The name gets what the arrow, the row, the pins and the count leave,
    // and a space before the count.
    let room = usize::from(area.width).saturating_sub(
        2 + row.chars().count()
            + pins.as_ref().map_or(0, |pins| pins.chars().count())
            + right.width()
            + 1,
    );
    let name = fit(&shown_name(players, side), room);
    let mut left = vec![
        Span::styled(format!("{arrow} "), look.name(side, true)),
        Span::styled(name, look.name(side, to_move)),
        Span::styled(row, look.muted()),
    ];
    if let Some(pins) = pins {
        left.push(Span::styled(pins, look.name(side, true)));
    }
    Line::from(left).render(area, buf);
    right.right_aligned().render(area, buf);
}

/// Captures as the screen shows them: before the move during its animation.
fn shown_captured(app: &View) -> endodoi_core::rules::BySide<u16> {
    match app.sowing() {
        Some(sowing) if sowing.phase != Phase::Done => sowing.before.captured(),
        _ => app.game().position().captured(),
    }
}

fn seeds_shown(app: &View, hole: Hole) -> u8 {
    match app.sowing() {
        Some(sowing) => sowing.rows[hole.side()][usize::from(hole.index())],
        None => app.game().position().seeds(hole),
    }
}

/// How a hole is drawn: its border, and what else the board says about it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Marks {
    state: HoleState,
    mark: HoleMark,
    /// The player's selection: its letter in brackets, whatever its border.
    selected: bool,
}

/// What the board says about a hole besides its seeds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum HoleMark {
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

/// The move whose end and capture the board marks: in the viewer the move
/// that led to the position shown, in a game the preview of the selected hole.
/// Worked out once a frame, not once a hole.
fn shown_move<'v>(app: &'v View) -> Option<Cow<'v, MoveReport>> {
    if app.sowing().is_some() {
        return None;
    }
    if app.viewer().is_some() {
        return app
            .viewer()
            .and_then(Viewer::viewed_move)
            .map(Cow::Borrowed);
    }
    let selected = app
        .selected()
        .filter(|_| app.desk().view().preview_shown(app.players()))?;
    app.game().preview(selected).ok().map(Cow::Owned)
}

fn marks(app: &View, hole: Hole, shown: Option<&MoveReport>) -> Marks {
    let game = app.game();
    let mut marks = Marks {
        state: HoleState::Idle,
        mark: HoleMark::Plain,
        selected: false,
    };
    if let Some(sowing) = app.sowing() {
        let capture = sowing.report.capture;
        if sowing.phase == Phase::Capture {
            if capture.is_some_and(|c| c.hole == hole || c.opposite == hole) {
                marks = Marks {
                    state: HoleState::Focus,
                    mark: HoleMark::Capture,
                    selected: false,
                };
            }
        } else if sowing.current == Some(hole) {
            marks = Marks {
                state: HoleState::Focus,
                mark: HoleMark::Sowing,
                selected: false,
            };
        }
        return marks;
    }
    let Some(side) = app.record().to_move() else {
        return marks;
    };
    if hole.side() == side {
        match game.check(hole) {
            Ok(()) => marks.state = HoleState::Legal,
            Err(MoveError::Endless { .. }) => marks.mark = HoleMark::Endless,
            Err(_) => {}
        }
        // Only a hole that can be sown gets the thick border of the one
        // Enter sows; any selected hole has its letter in brackets.
        if app.viewer().is_none() && app.selected() == Some(hole) {
            marks.selected = true;
            if marks.state == HoleState::Legal {
                marks.state = HoleState::Focus;
            }
        }
    }
    // The viewer marks the move that led here, where it started, ended and
    // captured; the preview marks a move to come the same way.
    if let Some(report) = shown {
        if app.viewer().is_some() && report.hole == hole {
            marks.state = HoleState::Focus;
        }
        if report.last == hole {
            marks.mark = HoleMark::Target;
        } else if report.capture.is_some_and(|c| c.opposite == hole) {
            marks.mark = HoleMark::Victim;
        }
    }
    marks
}

fn draw_row(
    app: &View,
    geometry: &Geometry,
    side: Side,
    shown: Option<&MoveReport>,
    buf: &mut Buffer,
) {
    let look = app.look;
    let width = app.game().config().width();
    for hole in Hole::row(side, width) {
        let marks = marks(app, hole, shown);
        let rect = geometry.hole_rect(hole);
        let border = match marks.mark {
            HoleMark::Sowing => look.sowing(),
            HoleMark::Capture | HoleMark::Victim => look.capture(),
            HoleMark::Target => look.target(),
            HoleMark::Plain | HoleMark::Endless => look.hole(side, marks.state),
        };
        let block = Block::bordered()
            .border_set(look.hole_border(marks.state))
            .border_style(border);
        let inner = block.inner(rect);
        block.render(rect, buf);
        let seeds = seeds_shown(app, hole);
        let mut lines = Vec::new();
        // The big holes of a large screen space their dots out, to be
        // counted from across a room.
        let spaced = geometry.cell > MAX_CELL;
        let fits = if spaced {
            usize::from(geometry.cell).div_ceil(2)
        } else {
            usize::from(geometry.cell)
        };
        let row_of = |marks: Vec<&str>| marks.join(if spaced { " " } else { "" });
        let mut left = usize::from(seeds);
        for line in 0..geometry.dots {
            let dots = if line + 1 == geometry.dots && left > fits {
                let mut marks = vec![look.seed(); fits - 1];
                marks.push("+");
                row_of(marks)
            } else {
                row_of(vec![look.seed(); left.min(fits)])
            };
            left = left.saturating_sub(fits);
            lines.push(Line::styled(dots, look.seeds()).centered());
        }
        let count_style = match marks.mark {
            HoleMark::Sowing => look.sowing(),
            HoleMark::Capture => look.capture(),
            _ => look.count(seeds == 0),
        };
        lines.push(Line::styled(seeds.to_string(), count_style).centered());
        Paragraph::new(lines).render(inner, buf);
        draw_label(app, geometry, hole, marks, buf);
    }
}

fn draw_label(app: &View, geometry: &Geometry, hole: Hole, marks: Marks, buf: &mut Buffer) {
    let look = app.look;
    let letter = hole.letter();
    let endless = if marks.mark == HoleMark::Endless {
        look.endless_mark()
    } else {
        ""
    };
    let (text, style) = match (marks.state, marks.mark) {
        _ if marks.selected || marks.state == HoleState::Focus => (
            format!("[{letter}{endless}]"),
            look.letter(HoleState::Focus),
        ),
        (_, HoleMark::Target) => (format!("({letter})"), look.target()),
        (_, HoleMark::Victim) => (format!("{}{letter}", look.victim_mark()), look.capture()),
        (_, HoleMark::Endless) => (format!("{letter}{endless}"), look.error()),
        (state, _) => (letter.to_string(), look.letter(state)),
    };
    let rect = geometry.hole_rect(hole);
    let area = Rect::new(rect.x, geometry.letters_y(hole.side()), rect.width, 1);
    Line::styled(text, style).centered().render(area, buf);
}

fn draw_middle(app: &View, geometry: &Geometry, buf: &mut Buffer) {
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
                        " ({} from {} and the last seed)",
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
    } else if let Some(ending) = app.record().ending() {
        Line::styled(format!("Game over: {ending}"), look.strong())
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

fn preview_line(app: &View) -> Line<'static> {
    let look = app.look;
    let game = app.game();
    let Some(hole) = app.selected() else {
        return Line::default();
    };
    let side = hole.side();
    let whose = Span::styled(
        format!("{} to move", shown_name(app.players(), side)),
        look.name(side, true),
    );
    // No preview where it would give away the answer: without help, and in
    // a puzzle.
    if app.players().no_assist || app.screen().puzzles().is_some() {
        return Line::from(vec![
            whose,
            Span::styled(look.dot(), look.muted()),
            Span::styled(format!("hole {hole}"), look.muted()),
        ]);
    }
    if !app.desk().view().preview_shown(app.players()) {
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
                    endodoi_core::rules::Endless::Cycle { period } => {
                        format!("never ends: repeats every {period} laps")
                    }
                    endodoi_core::rules::Endless::LapLimit => {
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
