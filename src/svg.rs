//! A position as a picture, for sharing: `endodoi replay --svg FILE`.
//!
//! Drawn as the terminal draws the board: North's row on top from its right
//! to its left, so that facing holes stand in one column; each hole with
//! its seeds as dots, its count and its letter; each player's name and
//! captures, an arrow at the mover's; the hole last sown ringed; whose turn
//! it is, or how the game ended, below. The picture is plain SVG 1.1 with
//! no script, no link and no external resource, and every text from the
//! record (the names) is escaped, so a hostile record cannot put markup in
//! it.
//!
//! ```
//! use endodoi::record::Record;
//! use endodoi::rules::{BySide, Config, Game};
//! use endodoi::svg::svg;
//!
//! let record = Record::new(Game::new(Config::default()));
//! let names = BySide { south: "Naserian".to_owned(), north: "Lekishon".to_owned() };
//! let picture = svg(&record, &names);
//! assert!(picture.starts_with("<svg "));
//! assert!(picture.contains("Naserian"));
//! ```

use std::fmt::Write as _;

use crate::diagram::status;
use crate::record::Record;
use crate::rules::{BySide, Hole, Side};

/// The width of a hole's column.
const COLUMN: u32 = 84;
/// A hole's radius.
const RADIUS: u32 = 34;
/// Dots drawn in a hole at most; more seeds are told by the count alone.
const MAX_DOTS: u8 = 30;
/// The height of a line of text below the board.
const LINE: u32 = 24;

const PAPER: &str = "#f6efe2";
const INK: &str = "#2b1a0b";
const MUTED: &str = "#7a6a55";
const WOOD: &str = "#a0672d";
const WOOD_EDGE: &str = "#5b3715";
const HOLE: &str = "#5e3815";
const SEED: &str = "#f4ead5";
const LAST: &str = "#f2c14e";
const COUNT_STYLE: &str = "font-size=\"18\" font-weight=\"bold\" fill=\"#fff8e8\"";
const LETTER_STYLE: &str = "font-size=\"13\" fill=\"#f0dcb8\"";

/// The position of `record`'s game as an SVG document, the players of its
/// rows named by `names` (text as shown in the terminal: escaped and cut,
/// see `record::terminal_safe`; the markup is escaped here).
pub fn svg(record: &Record, names: &BySide<String>) -> String {
    let game = &record.game;
    let config = game.config();
    let width = u32::from(config.width());
    let status = status(record);
    let canvas_width = width * COLUMN + 80;
    // At most four lines: a game over's reason, two totals, the result.
    let height = 370 + LINE * status.len() as u32;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{canvas_width}\" \
         height=\"{height}\" viewBox=\"0 0 {canvas_width} {height}\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\">"
    );
    let moves = game.ply();
    let last = game.history().last();
    let after = match last {
        Some(played) => format!(
            "after {moves} move{} (last {played})",
            if moves == 1 { "" } else { "s" }
        ),
        None => "the start".to_owned(),
    };
    let title = format!(
        "{} · {} holes · {} seeds · {after}",
        config.variant().title(),
        config.width(),
        config.seeds()
    );
    let _ = writeln!(
        out,
        "<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"{PAPER}\"/>",
        escape(&title)
    );
    let bold = format!("font-size=\"17\" font-weight=\"bold\" fill=\"{INK}\"");
    text(&mut out, 20, 28, "start", &bold, &title);
    let plain = format!("font-size=\"16\" fill=\"{INK}\"");
    let position = game.position();
    let captured = position.captured();
    // A game ended before the rules end it has no one to move either.
    let to_move = game.to_move().filter(|_| record.ending().is_none());
    for (side, y) in [(Side::North, 58), (Side::South, 346)] {
        let arrow = if to_move == Some(side) { "▶ " } else { "" };
        // A row called by its side needs no second "(South)".
        let name = if names[side] == side.to_string() {
            format!("{arrow}{side}")
        } else {
            format!("{arrow}{} ({side})", names[side])
        };
        text(&mut out, 20, y, "start", &plain, &name);
        let seeds = format!("captured {}", captured[side]);
        text(&mut out, canvas_width - 20, y, "end", &plain, &seeds);
    }
    let _ = writeln!(
        out,
        "<rect x=\"20\" y=\"70\" width=\"{}\" height=\"250\" rx=\"28\" fill=\"{WOOD}\" \
         stroke=\"{WOOD_EDGE}\" stroke-width=\"4\"/>",
        canvas_width - 40
    );
    // The middle of the board, so that each count reads with its own row.
    let _ = writeln!(
        out,
        "<line x1=\"40\" y1=\"207\" x2=\"{}\" y2=\"207\" stroke=\"{WOOD_EDGE}\" \
         stroke-width=\"2\" stroke-dasharray=\"6 6\"/>",
        canvas_width - 40
    );
    let last_hole = last.map(|played| played.hole);
    let north: Vec<Hole> = Hole::row(Side::North, config.width()).rev().collect();
    let south: Vec<Hole> = Hole::row(Side::South, config.width()).collect();
    for (row, letter_y, hole_y, count_y) in [(&north, 90, 130, 188), (&south, 312, 262, 226)] {
        for (column, &hole) in (0u32..).zip(row.iter()) {
            let x = 82 + column * COLUMN;
            let ring = if last_hole == Some(hole) {
                format!("stroke=\"{LAST}\" stroke-width=\"5\"")
            } else {
                format!("stroke=\"{WOOD_EDGE}\" stroke-width=\"2\"")
            };
            let _ = writeln!(
                out,
                "<circle cx=\"{x}\" cy=\"{hole_y}\" r=\"{RADIUS}\" fill=\"{HOLE}\" {ring}/>"
            );
            seeds(&mut out, x, hole_y, position.seeds(hole));
            let seeds = position.seeds(hole).to_string();
            text(&mut out, x, count_y, "middle", COUNT_STYLE, &seeds);
            text(
                &mut out,
                x,
                letter_y,
                "middle",
                LETTER_STYLE,
                &hole.to_string(),
            );
        }
    }
    let muted = format!("font-size=\"15\" fill=\"{MUTED}\"");
    for (line, y) in status.iter().zip((0..).map(|n| 376 + n * LINE)) {
        text(&mut out, 20, y, "start", &muted, line.trim());
    }
    out.push_str("</svg>\n");
    out
}

/// Draws `count` seeds as dots in the hole at (`x`, `y`), on a sunflower's
/// spiral so that any number of them fills the hole evenly.
fn seeds(out: &mut String, x: u32, y: u32, count: u8) {
    const GOLDEN_ANGLE: f64 = 2.399_963_229_728_653;
    for k in 0..count.min(MAX_DOTS) {
        let k = f64::from(k);
        let distance = 5.0 * (k + 0.5).sqrt();
        let (sin, cos) = (k * GOLDEN_ANGLE).sin_cos();
        let _ = writeln!(
            out,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4.5\" fill=\"{SEED}\"/>",
            f64::from(x) + distance * cos,
            f64::from(y) + distance * sin
        );
    }
}

/// Writes `content`, escaped, as a text at (`x`, `y`) anchored at `anchor`
/// with the attributes `style` (its size and colour).
fn text(out: &mut String, x: u32, y: u32, anchor: &str, style: &str, content: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x}\" y=\"{y}\" text-anchor=\"{anchor}\" {style}>{}</text>",
        escape(content)
    );
}

/// `text` safe inside an XML element or attribute: markup characters as
/// entities, and the characters XML 1.0 forbids (control characters but
/// tab, line feed and carriage return) left out.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\t' | '\n' | '\r' => escaped.push(' '),
            c if c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}') => {}
            c => escaped.push(c),
        }
    }
    escaped
}
