//! The evaluation of a game as a graph in the terminal, below the table of
//! `endodoi analyze`: a bar a move (South's expected margin after it, up
//! for South, down for North), and under it `?` at a mistake and `⁇` at a
//! certain one.
//!
//! ```text
//! evaluation after each move: South's margin in seeds (? a mistake, ⁇ a certain one)
//!     +8 ┤
//!        ┤
//!        ┤███
//!        ┤███
//!     ±0 ┼███───██████
//!        ┤      ██████
//!        ┤         ███
//!        ┤         ███
//!     -8 ┤         ███
//!           ?     ⁇
//!   move  1
//! ```

use std::fmt::Write as _;

use super::MoveAnalysis;

/// Rows of the graph on each side of the axis.
const HALF: usize = 4;
/// The widest graph, in columns; a longer game gives each column several
/// moves (the evaluation after the last of them, any mistake among them).
pub const MAX_COLUMNS: usize = 72;

/// One column of the graph: the evaluation it shows and its mark.
struct Column {
    value: i32,
    mark: char,
}

/// `moves` (a whole game's judgements, in order) as a graph, a line each,
/// every line ending in a newline; empty for a game without a move.
pub fn graph(moves: &[MoveAnalysis]) -> String {
    if moves.is_empty() {
        return String::new();
    }
    let per_column = moves.len().div_ceil(MAX_COLUMNS);
    let columns: Vec<Column> = moves
        .chunks(per_column)
        .map(|chunk| Column {
            value: chunk.last().map_or(0, |judged| judged.after),
            mark: if chunk.iter().any(|judged| judged.certain) {
                '⁇'
            } else if chunk.iter().any(|judged| judged.mistake) {
                '?'
            } else {
                ' '
            },
        })
        .collect();
    let scale = columns
        .iter()
        .map(|column| column.value.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(1);
    // The bars a value fills on its side of the axis: any value but 0 at
    // least one, the largest all.
    let height = |value: i32| -> usize {
        let scale = scale as usize;
        let rows = (value.unsigned_abs() as usize * HALF + scale / 2) / scale;
        rows.clamp(usize::from(value != 0), HALF)
    };
    // A short game's moves get wider bars, up to three columns a move.
    let cell = (MAX_COLUMNS / columns.len()).clamp(1, 3);
    let label_width = format!("-{scale}").len().max(4) + 2;
    let mut out = String::from(
        "evaluation after each move: South's margin in seeds (? a mistake, ⁇ a certain one)\n",
    );
    for level in (1..=HALF).rev() {
        let label = if level == HALF {
            format!("+{scale}")
        } else {
            String::new()
        };
        row(&mut out, &label, label_width, cell, &columns, |column| {
            column.value > 0 && height(column.value) >= level
        });
    }
    let axis = cells(&columns, cell, |column| {
        if column.value == 0 { '─' } else { '█' }
    });
    let _ = writeln!(out, "{:>label_width$} ┼{axis}", "±0");
    for level in 1..=HALF {
        let label = if level == HALF {
            format!("-{scale}")
        } else {
            String::new()
        };
        row(&mut out, &label, label_width, cell, &columns, |column| {
            column.value < 0 && height(column.value) >= level
        });
    }
    let marks: String = columns
        .iter()
        .flat_map(|column| std::iter::once(column.mark).chain(std::iter::repeat_n(' ', cell - 1)))
        .collect();
    let _ = writeln!(out, "{:label_width$}  {}", "", marks.trim_end());
    let _ = writeln!(
        out,
        "{:>label_width$}  {}",
        "move",
        numbers(moves.len(), columns.len(), per_column, cell)
    );
    out
}

/// One row of bars: `filled` tells which columns have a bar in it.
fn row(
    out: &mut String,
    label: &str,
    label_width: usize,
    cell: usize,
    columns: &[Column],
    filled: impl Fn(&Column) -> bool,
) {
    let bars = cells(
        columns,
        cell,
        |column| if filled(column) { '█' } else { ' ' },
    );
    let _ = writeln!(out, "{label:>label_width$} ┤{}", bars.trim_end());
}

/// Each column drawn `cell` characters wide, as `glyph` says.
fn cells(columns: &[Column], cell: usize, glyph: impl Fn(&Column) -> char) -> String {
    columns
        .iter()
        .flat_map(|column| std::iter::repeat_n(glyph(column), cell))
        .collect()
}

/// The move numbers under the columns (each `cell` characters wide): the
/// first move, then every tenth (every so many when a column holds several
/// moves) where it fits.
fn numbers(moves: usize, columns: usize, per_column: usize, cell: usize) -> String {
    let step = 10 * per_column;
    let mut line = String::new();
    for column in 0..columns {
        let first_move = column * per_column + 1;
        let last_move = (first_move + per_column - 1).min(moves);
        let number = if column == 0 {
            Some(1)
        } else {
            (first_move..=last_move).find(|n| n % step == 0)
        };
        let at = column * cell;
        if line.chars().count() > at {
            continue;
        }
        while line.chars().count() < at {
            line.push(' ');
        }
        if let Some(number) = number {
            let _ = write!(line, "{number}");
        }
    }
    line.trim_end().to_owned()
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
             \x20   +8 ┤\n\
             \x20      ┤\n\
             \x20      ┤███\n\
             \x20      ┤███\n\
             \x20   ±0 ┼███───██████\n\
             \x20      ┤      ██████\n\
             \x20      ┤         ███\n\
             \x20      ┤         ███\n\
             \x20   -8 ┤         ███\n\
             \x20          ?     ⁇\n\
             \x20 move  1\n"
        );
    }

    #[test]
    fn a_long_game_gives_a_column_several_moves_marked_by_any_mistake_among_them() {
        let moves: Vec<MoveAnalysis> = (1..=150)
            .map(|ply| judged(ply, i32::try_from(ply).expect("small"), ply == 7, false))
            .collect();
        let text = graph(&moves);
        let lines: Vec<&str> = text.lines().collect();
        // 150 moves, 3 a column: 50 columns of one character.
        let axis = lines[HALF + 1];
        assert_eq!(axis.chars().filter(|&c| c == '█').count(), 50, "{text}");
        // Move 7 is in the third column.
        assert_eq!(lines[2 * HALF + 2], format!("{:8}  ?", ""), "{text}");
        assert_eq!(
            lines[2 * HALF + 3].split_whitespace().collect::<Vec<_>>(),
            ["move", "1", "30", "60", "90", "120", "150"],
            "{text}"
        );
    }

    #[test]
    fn no_move_no_graph() {
        assert_eq!(graph(&[]), "");
    }
}
