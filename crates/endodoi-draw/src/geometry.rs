//! Where everything goes on a screen of a given size: the board, its holes,
//! the message, the move list and the keys. Drawing and hit-testing both
//! read this one layout.

use ratatui::layout::Rect;

use super::{View, lesson, status_line, wrap};
use endodoi_core::rules::{Hole, Side};

/// The narrowest hole interior, in columns.
pub(super) const MIN_CELL: u16 = 3;
/// The widest hole interior, in columns.
pub(super) const MAX_CELL: u16 = 5;
/// Columns between two holes.
pub(super) const GAP: u16 = 1;
/// Columns between the board's frame and its holes.
pub(super) const PAD: u16 = 2;
/// Lines of seed dots in a hole at most.
pub(super) const MAX_DOT_LINES: u16 = 2;
/// From this size on (columns, rows) the board grows, to be read from
/// across a room: holes up to [`LARGE_MAX_CELL`] columns inside, with up to
/// [`LARGE_MAX_DOT_LINES`] lines of dots. Smaller screens keep the board of
/// 80×24.
pub(super) const LARGE: (u16, u16) = (120, 36);
/// The widest hole interior on a large screen.
pub(super) const LARGE_MAX_CELL: u16 = 9;
/// Lines of seed dots in a hole at most, on a large screen.
pub(super) const LARGE_MAX_DOT_LINES: u16 = 4;
/// On a large screen the move list goes beside the board when it can be at
/// least this wide (frame included) ...
pub(super) const MIN_BESIDE: u16 = 30;
/// ... and it is never wider than this.
pub(super) const MAX_BESIDE: u16 = 48;
/// Columns between the board and the move list beside it.
pub(super) const GAP_BESIDE: u16 = 2;
/// Rows of the move history panel at least (frame included).
pub(super) const MIN_HISTORY: u16 = 3;
/// The most rows a long message (an error naming a path) wraps onto; they
/// come from the move history panel, which keeps [`MIN_HISTORY`].
pub(super) const MAX_MESSAGE_ROWS: u16 = 3;
/// Columns the key bar and the messages need at least.
pub(super) const MIN_TEXT_WIDTH: u16 = 56;
/// Rows the viewer's move list gets before the holes get seed dots, so that
/// a whole game of a few dozen moves shows at 80×24.
pub(super) const VIEWER_HISTORY: u16 = 6;
/// The tallest the move history panel grows, borders included: enough for a
/// long game's record on a big screen without an empty box below it.
pub(super) const MAX_HISTORY_BOX: u16 = 12;

/// What goes round the board: the lines above it, the rows the move
/// history would like before the holes get their seed dots, and whether that
/// panel is a move list, which a large screen may put beside the board (the
/// lesson's text stays under it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Chrome {
    pub(super) header: u16,
    pub(super) history: u16,
    pub(super) moves: bool,
}

impl Chrome {
    pub(super) fn of(app: &View) -> Chrome {
        match (app.viewer(), app.lesson()) {
            (Some(_), _) => Chrome {
                header: 1,
                history: VIEWER_HISTORY,
                moves: true,
            },
            (None, Some(_)) => Chrome {
                header: 0,
                history: lesson::TEXT_ROWS,
                moves: false,
            },
            (None, None) if app.screen().puzzles().is_some() => Chrome {
                header: 0,
                history: lesson::TEXT_ROWS,
                moves: false,
            },
            (None, None) => Chrome {
                header: 0,
                history: MIN_HISTORY,
                moves: true,
            },
        }
    }
}

/// Where everything goes on a screen of a given size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Geometry {
    /// The line above the board (the viewer's record tags); empty in a game.
    pub(super) header: Rect,
    pub(super) board: Rect,
    pub(super) message: Rect,
    pub(super) history: Rect,
    pub(super) keys: Rect,
    /// Columns inside a hole.
    pub(super) cell: u16,
    /// Lines of seed dots above each hole's count (0 to [`MAX_DOT_LINES`],
    /// [`LARGE_MAX_DOT_LINES`] on a large screen).
    pub(super) dots: u16,
    /// Left column of the leftmost hole.
    pub(super) row_x: u16,
    pub(super) width: u8,
    /// The side whose row is drawn at the bottom: South's, or North's on a
    /// flipped board.
    pub(super) bottom: Side,
}

impl Geometry {
    pub(super) fn hole_height(dots: u16) -> u16 {
        3 + dots
    }

    pub(super) fn board_height(dots: u16) -> u16 {
        2 + 2 * (1 + 1 + Geometry::hole_height(dots)) + 1
    }

    /// Columns of a row of `holes` holes `cell` columns wide inside.
    pub(super) fn row_columns(holes: u16, cell: u16) -> u16 {
        holes * (cell + 2 + GAP) - GAP
    }

    /// Columns of the board around such a row.
    pub(super) fn board_columns(holes: u16, cell: u16) -> u16 {
        Geometry::row_columns(holes, cell) + 2 * PAD + 2
    }

    /// The smallest screen the board of `width` holes fits: the header
    /// above it (the viewer's tags) only where a row is spare, so that the
    /// viewer fits every screen a game does.
    pub(super) fn needed(width: u8) -> (u16, u16) {
        let columns = Geometry::board_columns(width.into(), MIN_CELL);
        let rows = Geometry::board_height(0) + 1 + MIN_HISTORY + 1;
        (columns.max(MIN_TEXT_WIDTH), rows)
    }

    /// Where everything of `app` goes in `area`, if it fits.
    pub(super) fn of(app: &View, area: Rect) -> Option<Geometry> {
        let message_rows =
            wrap(&status_line(app, area.width), area.width, MAX_MESSAGE_ROWS).len() as u16;
        Geometry::new(
            area,
            app.game().config().width(),
            Chrome::of(app),
            message_rows,
            app.desk().view().bottom(),
        )
    }

    /// The geometry of a board of `width` holes, with a message of
    /// `message_rows` rows when there is room for them, `bottom`'s row at
    /// the bottom.
    pub(super) fn new(
        area: Rect,
        width: u8,
        chrome: Chrome,
        message_rows: u16,
        bottom: Side,
    ) -> Option<Geometry> {
        let (min_columns, min_rows) = Geometry::needed(width);
        if area.width < min_columns || area.height < min_rows {
            return None;
        }
        let chrome = Chrome {
            header: chrome.header.min(area.height - min_rows),
            ..chrome
        };
        let holes = u16::from(width);
        let large = area.width >= LARGE.0 && area.height >= LARGE.1;
        let (max_cell, max_dots) = if large {
            (LARGE_MAX_CELL, LARGE_MAX_DOT_LINES)
        } else {
            (MAX_CELL, MAX_DOT_LINES)
        };
        // Odd widths only, so that counts and dots sit in the middle.
        let cell = (MIN_CELL..=max_cell)
            .rev()
            .step_by(2)
            .find(|&cell| Geometry::board_columns(holes, cell) <= area.width)?;
        let dots = (0..=max_dots)
            .rev()
            .find(|&dots| {
                chrome.header + Geometry::board_height(dots) + 2 + chrome.history <= area.height
            })
            .unwrap_or(0);
        let board_height = Geometry::board_height(dots);
        let row_width = Geometry::row_columns(holes, cell);
        // Same parity as the row, so that the row sits exactly in the middle.
        let min_width = MIN_TEXT_WIDTH + (row_width + MIN_TEXT_WIDTH) % 2;
        let board_width = Geometry::board_columns(holes, cell)
            .max(min_width)
            .min(area.width);
        let beside = large && chrome.moves && area.width >= board_width + GAP_BESIDE + MIN_BESIDE;
        let (board, message, history) = if beside {
            Geometry::beside(area, chrome, message_rows, (board_width, board_height))
        } else {
            Geometry::stacked(area, chrome, message_rows, (board_width, board_height))
        };
        let header = Rect::new(area.x, board.y - chrome.header, area.width, chrome.header);
        let keys = Rect::new(
            area.x,
            message.bottom().max(history.bottom()),
            area.width,
            1,
        );
        Some(Geometry {
            header,
            board,
            message,
            history,
            keys,
            cell,
            dots,
            row_x: board.x + (board_width - row_width) / 2,
            width,
            bottom,
        })
    }

    /// The board, the message and the move list under one another, centred
    /// (the header above and the keys below them).
    pub(super) fn stacked(
        area: Rect,
        chrome: Chrome,
        message_rows: u16,
        (board_width, board_height): (u16, u16),
    ) -> (Rect, Rect, Rect) {
        let left = area.x + (area.width - board_width) / 2;
        // A long message takes rows from the history, never from the board,
        // so that the board stays put when a message comes and goes.
        let spare = area.height - (chrome.header + board_height + 2 + MIN_HISTORY);
        let message_rows = message_rows.clamp(1, spare + 1);
        // The history takes the rows left, up to MAX_HISTORY_BOX; on a tall
        // screen the whole layout is centred rather than the box stretched.
        let around_history = chrome.header + board_height + 1 + message_rows;
        let history_height = (area.height - around_history).min(MAX_HISTORY_BOX);
        let top = area.y + (area.height - around_history - history_height) / 2;
        let board = Rect::new(left, top + chrome.header, board_width, board_height);
        let message = Rect::new(area.x, board.bottom(), area.width, message_rows);
        let history = Rect::new(left, message.bottom(), board_width, history_height);
        (board, message, history)
    }

    /// A large screen with room to the board's right: the move list beside
    /// the board, as tall as it, the two centred together; the message
    /// under them.
    pub(super) fn beside(
        area: Rect,
        chrome: Chrome,
        message_rows: u16,
        (board_width, board_height): (u16, u16),
    ) -> (Rect, Rect, Rect) {
        let message_rows = message_rows.clamp(1, MAX_MESSAGE_ROWS);
        let history_width = (area.width - board_width - GAP_BESIDE).min(MAX_BESIDE);
        let left = area.x + (area.width - (board_width + GAP_BESIDE + history_width)) / 2;
        let around = chrome.header + board_height + message_rows + 1;
        let top = area.y + area.height.saturating_sub(around) / 2;
        let board = Rect::new(left, top + chrome.header, board_width, board_height);
        let history = Rect::new(
            board.right() + GAP_BESIDE,
            board.y,
            history_width,
            board_height,
        );
        let message = Rect::new(area.x, board.bottom(), area.width, message_rows);
        (board, message, history)
    }

    /// The screen column of a hole: the bottom row runs left to right, the
    /// top row right to left, so that facing holes share a column and the
    /// sowing goes counterclockwise on screen whichever row is at the bottom.
    pub(super) fn column(&self, hole: Hole) -> u16 {
        if hole.side() == self.bottom {
            u16::from(hole.index())
        } else {
            u16::from(self.width - 1 - hole.index())
        }
    }

    pub(super) fn hole_x(&self, hole: Hole) -> u16 {
        self.row_x + self.column(hole) * (self.cell + 2 + GAP)
    }

    pub(super) fn name_y(&self, side: Side) -> u16 {
        if side == self.bottom {
            self.board.bottom() - 2
        } else {
            self.board.y + 1
        }
    }

    pub(super) fn letters_y(&self, side: Side) -> u16 {
        if side == self.bottom {
            self.board.bottom() - 3
        } else {
            self.board.y + 2
        }
    }

    pub(super) fn middle_y(&self) -> u16 {
        self.board.y + 3 + Geometry::hole_height(self.dots)
    }

    pub(super) fn hole_rect(&self, hole: Hole) -> Rect {
        let height = Geometry::hole_height(self.dots);
        let y = if hole.side() == self.bottom {
            self.middle_y() + 1
        } else {
            self.board.y + 3
        };
        Rect::new(self.hole_x(hole), y, self.cell + 2, height)
    }
}
