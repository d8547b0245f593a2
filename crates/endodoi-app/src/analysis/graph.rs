//! The evaluation of a game as a graph, in cells: `endodoi analyze` prints
//! it as text under its table, the replay viewer draws it on screen. A bar a
//! move (South's expected margin after it, up for South, down for North, in
//! half rows), a zero line carrying `?` at a mistake and `⁇` at a certain
//! one, a scale in seeds and the move numbers under it.
//!
//! ```text
//! evaluation after each move: South's margin in seeds (? a mistake, ⁇ a certain one)
//!  S +8 ┤
//!       ┤
//!       ┤▄▄▄
//!       ┤███
//!     0 ┼──?──────⁇──
//!       ┤      ██████
//!       ┤      ▀▀▀███
//!       ┤         ███
//!  N -8 ┤         ███
//!  move  1
//! ```

use std::fmt::Write as _;
use std::ops::RangeInclusive;

use super::{ExactMark, ExactMove, MoveAnalysis};
use endodoi_core::rules::Side;

/// Rows of `analyze`'s graph on each side of the zero line.
const HALF: usize = 4;
/// The widest graph `analyze` prints, in columns; a longer game gives each
/// column several moves (the evaluation after the last of them, any mistake
/// among them).
pub const MAX_COLUMNS: usize = 72;

/// A move's mark on the zero line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// A good move, or one not judged yet.
    #[default]
    None,
    /// A mistake.
    Mistake,
    /// A mistake perfect play proves.
    Certain,
}

/// A move on the graph: the evaluation after it, once known, and its mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Point {
    /// South's expected margin after the move, once judged.
    pub value: Option<i32>,
    /// Its mark.
    pub mark: Mark,
}

impl From<&MoveAnalysis> for Point {
    fn from(judged: &MoveAnalysis) -> Self {
        if let Some(proven) = &judged.proven {
            return Point::from(proven);
        }
        Point {
            value: Some(judged.after),
            mark: if judged.certain {
                Mark::Certain
            } else if judged.mistake {
                Mark::Mistake
            } else {
                Mark::None
            },
        }
    }
}

impl From<&ExactMove> for Point {
    /// A move judged by proven values: no bar where the value after it is
    /// only bounded, `⁇` where it changed the outcome, `?` where it lost
    /// seeds.
    fn from(judged: &ExactMove) -> Self {
        Point {
            value: judged.after.exact(),
            mark: match judged.mark {
                Some(ExactMark::Outcome) => Mark::Certain,
                Some(ExactMark::Seeds) => Mark::Mistake,
                Some(ExactMark::Only) | None => Mark::None,
            },
        }
    }
}

/// Which of a game's moves the graph shows, and how: from `first`, so many
/// moves a column, so many columns of `cell` characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The moves of the game.
    pub total: usize,
    /// The moves before the first one shown.
    pub first: usize,
    /// Moves a column holds.
    pub per_column: usize,
    /// Columns drawn.
    pub columns: usize,
    /// Characters a column is wide.
    pub cell: usize,
}

impl Window {
    /// All of `total` moves in at most `width` characters: several moves a
    /// column when they do not fit, up to three characters a move when
    /// there is room (for a page that cannot scroll).
    pub fn whole(total: usize, width: usize) -> Window {
        let per_column = total.div_ceil(width.max(1)).max(1);
        let columns = total.div_ceil(per_column);
        Window {
            total,
            first: 0,
            per_column,
            columns,
            cell: (width / columns.max(1)).clamp(1, 3),
        }
    }

    /// One column a move in `width` characters, scrolled (when the moves do
    /// not fit) so that move `current` (from 1; 0 for none) shows, a little
    /// way in from the edge.
    pub fn following(total: usize, width: usize, current: usize) -> Window {
        let columns = total.min(width);
        let first = current
            .saturating_sub(columns.saturating_sub(columns / 4))
            .min(total - columns);
        Window {
            total,
            first,
            per_column: 1,
            columns,
            cell: 1,
        }
    }

    /// The moves (from 1) column `column` holds.
    pub fn moves_of(&self, column: usize) -> RangeInclusive<usize> {
        let first = self.first + column * self.per_column + 1;
        first..=(first + self.per_column - 1).min(self.total)
    }

    /// The moves (from 1) the graph shows.
    pub fn shown(&self) -> RangeInclusive<usize> {
        self.first + 1..=(self.first + self.columns * self.per_column).min(self.total)
    }

    /// The column `x` characters right of the zero line's start, if any.
    pub fn column_at(&self, x: usize) -> Option<usize> {
        let column = x / self.cell;
        (column < self.columns).then_some(column)
    }
}

/// What a cell of the graph is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellTone {
    /// The frame: the scale's line and the zero line.
    Frame,
    /// A bar: that side is ahead.
    Bar(Side),
    /// A mistake's mark.
    Mark,
    /// A move number.
    Number,
}

/// One character of the graph, right of the scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// What it shows.
    pub glyph: char,
    /// What it is.
    pub tone: CellTone,
    /// The window's column it belongs to, if it is a column's.
    pub column: Option<usize>,
}

/// One line of the graph: a label (right-aligned in [`Chart::label_width`]
/// and followed by a space), then the cells, the first of them the scale's
/// line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphRow {
    /// The scale's label, or `move` on the move numbers' line.
    pub label: String,
    /// The line's characters.
    pub cells: Vec<Cell>,
}

/// The graph of a window of a game, a line each: `half` rows of bars up,
/// the zero line, `half` down, the move numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// The width of the labels.
    pub label_width: usize,
    /// The lines, top down.
    pub rows: Vec<GraphRow>,
}

impl Chart {
    /// The label width of the graph of `points`: how much room is left for
    /// the moves.
    pub fn label_width(points: &[Point]) -> usize {
        labels(scale(points))
            .iter()
            .map(|label| label.chars().count())
            .max()
            .unwrap_or(0)
    }

    /// The graph of `points` (a whole game's, in order) in `window`, bars
    /// `half` rows high each way, in ASCII characters if `ascii`. The scale
    /// is the whole game's, so that a bar keeps its height when the window
    /// moves.
    pub fn new(points: &[Point], window: Window, half: usize, ascii: bool) -> Chart {
        let scale = scale(points);
        let [top, zero, bottom, numbers_label] = labels(scale);
        let columns: Vec<Point> = (0..window.columns)
            .map(|column| {
                let moves = window.moves_of(column);
                let chunk = &points[moves.start() - 1..*moves.end()];
                Point {
                    value: chunk.iter().rev().find_map(|point| point.value),
                    mark: chunk
                        .iter()
                        .map(|point| point.mark)
                        .max()
                        .unwrap_or_default(),
                }
            })
            .collect();
        // The half rows a value fills on its side: any value but 0 at least
        // one, the largest all.
        let halves = |value: i32| -> usize {
            let full = 2 * half;
            let scale = scale as usize;
            let filled = (value.unsigned_abs() as usize * full + scale / 2) / scale;
            filled.clamp(usize::from(value != 0), full)
        };
        let bars = |level: usize, side: Side| -> Vec<Cell> {
            let mut cells = vec![frame(if ascii { '|' } else { '┤' })];
            for (column, point) in columns.iter().enumerate() {
                let value = point.value.unwrap_or(0);
                let on_side = match side {
                    Side::South => value > 0,
                    Side::North => value < 0,
                };
                let filled = if on_side {
                    halves(value).saturating_sub(2 * (level - 1)).min(2)
                } else {
                    0
                };
                let glyph = match (filled, side, ascii) {
                    (0, ..) => ' ',
                    (2, _, false) => '█',
                    (2, _, true) => '#',
                    (_, Side::South, false) => '▄',
                    (_, Side::South, true) => '.',
                    (_, Side::North, false) => '▀',
                    (_, Side::North, true) => '\'',
                };
                let cell = Cell {
                    glyph,
                    tone: CellTone::Bar(side),
                    column: Some(column),
                };
                cells.extend(std::iter::repeat_n(cell, window.cell));
            }
            cells
        };
        let mut rows = Vec::with_capacity(2 * half + 2);
        for level in (1..=half).rev() {
            let label = if level == half {
                top.clone()
            } else {
                String::new()
            };
            rows.push(GraphRow {
                label,
                cells: bars(level, Side::South),
            });
        }
        rows.push(GraphRow {
            label: zero,
            cells: zero_line(&columns, window.cell, ascii),
        });
        for level in 1..=half {
            let label = if level == half {
                bottom.clone()
            } else {
                String::new()
            };
            rows.push(GraphRow {
                label,
                cells: bars(level, Side::North),
            });
        }
        rows.push(GraphRow {
            label: numbers_label,
            cells: numbers(window),
        });
        Chart {
            label_width: Chart::label_width(points),
            rows,
        }
    }

    /// The graph as text, a line each, every line ending in a newline and
    /// none in spaces.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for row in &self.rows {
            let cells: String = row.cells.iter().map(|cell| cell.glyph).collect();
            let line = format!("{:>width$} {cells}", row.label, width = self.label_width);
            let _ = writeln!(out, "{}", line.trim_end());
        }
        out
    }
}

/// The largest evaluation of `points`, at least 1: the scale's end.
fn scale(points: &[Point]) -> u32 {
    points
        .iter()
        .filter_map(|point| point.value)
        .map(i32::unsigned_abs)
        .max()
        .unwrap_or(0)
        .max(1)
}

/// The labels of the top, the zero line, the bottom and the move numbers.
fn labels(scale: u32) -> [String; 4] {
    [
        format!("S +{scale}"),
        "±0".to_owned(),
        format!("N -{scale}"),
        "move".to_owned(),
    ]
}

fn frame(glyph: char) -> Cell {
    Cell {
        glyph,
        tone: CellTone::Frame,
        column: None,
    }
}

/// The zero line under `columns` of `cell` characters, with their marks.
fn zero_line(columns: &[Point], cell: usize, ascii: bool) -> Vec<Cell> {
    let mut line = vec![frame(if ascii { '+' } else { '┼' })];
    for (column, point) in columns.iter().enumerate() {
        let axis = Cell {
            glyph: if ascii { '-' } else { '─' },
            tone: CellTone::Frame,
            column: Some(column),
        };
        let mark = match (point.mark, ascii) {
            (Mark::None, _) => axis,
            (Mark::Mistake, _) | (Mark::Certain, true) => Cell {
                glyph: '?',
                tone: CellTone::Mark,
                ..axis
            },
            (Mark::Certain, false) => Cell {
                glyph: '⁇',
                tone: CellTone::Mark,
                ..axis
            },
        };
        line.push(mark);
        line.extend(std::iter::repeat_n(axis, cell - 1));
    }
    line
}

/// The move numbers under the columns: the first move shown, then every
/// tenth (every so many when a column holds several moves) where it fits.
fn numbers(window: Window) -> Vec<Cell> {
    let step = 10 * window.per_column;
    let mut cells = vec![Cell {
        glyph: ' ',
        tone: CellTone::Number,
        column: None,
    }];
    for column in 0..window.columns {
        let moves = window.moves_of(column);
        let number = if column == 0 {
            Some(*moves.start())
        } else {
            moves.clone().find(|n| n % step == 0)
        };
        let at = 1 + column * window.cell;
        let Some(number) = number.filter(|_| cells.len() <= at) else {
            continue;
        };
        cells.resize(at, cells[0]);
        cells.extend(number.to_string().chars().map(|glyph| Cell {
            glyph,
            tone: CellTone::Number,
            column: None,
        }));
    }
    cells
}

/// `moves` (a whole game's judgements, in order) as `analyze` prints them
/// under its table, a line each, every line ending in a newline; empty for
/// a game without a move.
pub fn graph(moves: &[MoveAnalysis]) -> String {
    if moves.is_empty() {
        return String::new();
    }
    let points: Vec<Point> = moves.iter().map(Point::from).collect();
    let window = Window::whole(points.len(), MAX_COLUMNS);
    let per_column = if window.per_column > 1 {
        format!(", {} moves a column", window.per_column)
    } else {
        String::new()
    };
    format!(
        "evaluation after each move: South's margin in seeds (? a mistake, ⁇ a certain one{per_column})\n{}",
        Chart::new(&points, window, HALF, false).text()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A judged move of the evaluation `after`, a mistake or a certain one.
    fn judged(ply: usize, after: i32, mistake: bool, certain: bool) -> MoveAnalysis {
        MoveAnalysis {
            ply,
            side: if ply % 2 == 1 { "south" } else { "north" },
            played: "A".to_owned(),
            captured: 0,
            before: 0,
            after,
            best: "A".to_owned(),
            pv: Vec::new(),
            loss: 0,
            mistake,
            exact: certain,
            certain,
            depth: 1,
            proven: None,
        }
    }

    #[test]
    fn a_short_game_gets_wide_bars_up_for_south_and_down_for_north() {
        let moves = [
            judged(1, 4, false, false),
            judged(2, 0, true, false),
            judged(3, -2, false, false),
            judged(4, -8, true, true),
        ];
        assert_eq!(
            graph(&moves),
            "evaluation after each move: South's margin in seeds (? a mistake, ⁇ a certain one)\n\
             S +8 ┤\n\
             \x20    ┤\n\
             \x20    ┤███\n\
             \x20    ┤███\n\
             \x20 ±0 ┼───?─────⁇──\n\
             \x20    ┤      ██████\n\
             \x20    ┤         ███\n\
             \x20    ┤         ███\n\
             N -8 ┤         ███\n\
             move  1\n"
        );
    }

    #[test]
    fn a_long_game_gives_a_column_several_moves_marked_by_any_mistake_among_them() {
        let moves: Vec<MoveAnalysis> = (1..=150)
            .map(|ply| judged(ply, i32::try_from(ply).expect("small"), ply == 7, false))
            .collect();
        let text = graph(&moves);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].ends_with(", 3 moves a column)"), "{text}");
        // 150 moves, 3 a column: 50 columns of one character.
        let lowest = lines[HALF].split_once('┤').expect("the scale").1;
        assert_eq!(lowest.chars().filter(|&c| c != ' ').count(), 50, "{text}");
        // Move 7 is in the third column.
        assert_eq!(
            lines[HALF + 1],
            format!("{:>6} ┼──?{}", "±0", "─".repeat(47)),
            "{text}"
        );
        assert_eq!(
            lines[2 * HALF + 2].split_whitespace().collect::<Vec<_>>(),
            ["move", "1", "30", "60", "90", "120", "150"],
            "{text}"
        );
    }

    #[test]
    fn a_window_follows_the_current_move_one_column_a_move() {
        let window = Window::following(100, 40, 95);
        assert_eq!(window.shown(), 61..=100);
        let window = Window::following(100, 40, 50);
        assert_eq!(window.shown(), 21..=60);
        assert!(window.shown().contains(&50));
        assert_eq!(Window::following(100, 40, 0).shown(), 1..=40);
        assert_eq!(Window::following(10, 40, 5).shown(), 1..=10);
        let points = vec![
            Point {
                value: Some(3),
                mark: Mark::None
            };
            100
        ];
        let chart = Chart::new(&points, Window::following(100, 40, 50), 1, true);
        assert_eq!(
            chart.text().lines().last(),
            Some("move  21       30        40        50        60")
        );
    }

    #[test]
    fn no_move_no_graph() {
        assert_eq!(graph(&[]), "");
    }
}
