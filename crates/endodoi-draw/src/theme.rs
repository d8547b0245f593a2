//! Every colour, modifier and glyph the screen uses, in one place.
//!
//! State is never shown by colour alone: each styled state also has a glyph
//! (brackets round the selected hole, an arrow at the mover's name, dashed
//! borders on holes that cannot be sown, `∞` on endless holes), so a
//! `NO_COLOR` terminal shows the same game. `--ascii` swaps every box-drawing
//! and dot glyph for plain ASCII.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;

use endodoi_core::rules::Side;

/// How the screen is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Look {
    /// Only ASCII characters: no box drawing, no dots.
    pub ascii: bool,
    /// Colours allowed (off when `NO_COLOR` is set).
    pub color: bool,
}

impl Default for Look {
    fn default() -> Look {
        Look {
            ascii: false,
            color: true,
        }
    }
}

/// How a hole's border looks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HoleState {
    /// The hole in focus: selected, or being sown.
    Focus,
    /// A hole the mover may sow.
    Legal,
    /// Any other hole: the opponent's, an empty or an endless one.
    Idle,
}

const ASCII_FOCUS: border::Set = border::Set {
    top_left: "#",
    top_right: "#",
    bottom_left: "#",
    bottom_right: "#",
    vertical_left: "#",
    vertical_right: "#",
    horizontal_top: "=",
    horizontal_bottom: "=",
};

const ASCII_LEGAL: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// Dotted all round, as the dashed border is: a hole that cannot be sown
/// still has its four edges.
const ASCII_IDLE: border::Set = border::Set {
    top_left: ".",
    top_right: ".",
    bottom_left: "'",
    bottom_right: "'",
    vertical_left: ":",
    vertical_right: ":",
    horizontal_top: ".",
    horizontal_bottom: "'",
};

const DASHED: border::Set = border::Set {
    top_left: "┌",
    top_right: "┐",
    bottom_left: "└",
    bottom_right: "┘",
    vertical_left: "╎",
    vertical_right: "╎",
    horizontal_top: "╌",
    horizontal_bottom: "╌",
};

/// Frames in ASCII are drawn like a playable hole.
const ASCII_FRAME: border::Set = ASCII_LEGAL;

impl Look {
    /// The look asked for: ASCII only or not, and colour unless the
    /// `NO_COLOR` environment variable is set (and not empty).
    pub fn from_env(ascii: bool) -> Look {
        Look {
            ascii,
            color: std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty()),
        }
    }

    fn paint(self, style: Style, color: Color) -> Style {
        if self.color { style.fg(color) } else { style }
    }

    /// The border glyphs of a hole.
    pub fn hole_border(self, state: HoleState) -> border::Set<'static> {
        match (self.ascii, state) {
            (false, HoleState::Focus) => border::THICK,
            (false, HoleState::Legal) => border::ROUNDED,
            (false, HoleState::Idle) => DASHED,
            (true, HoleState::Focus) => ASCII_FOCUS,
            (true, HoleState::Legal) => ASCII_LEGAL,
            (true, HoleState::Idle) => ASCII_IDLE,
        }
    }

    /// The border glyphs of the board and panels.
    pub fn frame(self) -> border::Set<'static> {
        if self.ascii {
            ASCII_FRAME
        } else {
            border::ROUNDED
        }
    }

    /// One seed drawn in a hole.
    pub fn seed(self) -> &'static str {
        if self.ascii { "o" } else { "•" }
    }

    /// Marks the player to move.
    pub fn turn_arrow(self) -> &'static str {
        if self.ascii { ">" } else { "▶" }
    }

    /// Marks an endless hole after its letter.
    pub fn endless_mark(self) -> &'static str {
        if self.ascii { "~" } else { "∞" }
    }

    /// Marks, before its letter, the hole a previewed capture empties (in
    /// ASCII not `x`, which would read as a letter).
    pub fn victim_mark(self) -> &'static str {
        if self.ascii { "*" } else { "×" }
    }

    /// A won game and a game still to win on the tally.
    pub fn pins(self) -> (&'static str, &'static str) {
        if self.ascii {
            ("#", "-")
        } else {
            ("●", "○")
        }
    }

    /// Separates items in a line.
    pub fn dot(self) -> &'static str {
        if self.ascii { " - " } else { " · " }
    }

    /// A spinner's frame after `elapsed`: something turns while the computer thinks.
    pub fn spinner(self, elapsed: std::time::Duration) -> &'static str {
        const BRAILLE: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠇"];
        const PLAIN: [&str; 4] = ["|", "/", "-", "\\"];
        let frame = (elapsed.as_millis() / 100) as usize;
        if self.ascii {
            PLAIN[frame % PLAIN.len()]
        } else {
            BRAILLE[frame % BRAILLE.len()]
        }
    }

    /// Points from a hole to where its sowing ends.
    pub fn arrow(self) -> &'static str {
        if self.ascii { "->" } else { "→" }
    }

    /// The colour of a side's player.
    fn side_color(side: Side) -> Color {
        match side {
            Side::South => Color::Yellow,
            Side::North => Color::Cyan,
        }
    }

    /// A player's name.
    pub fn name(self, side: Side, to_move: bool) -> Style {
        let style = self.paint(Style::new(), Look::side_color(side));
        if to_move {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        }
    }

    /// The border of a hole.
    pub fn hole(self, side: Side, state: HoleState) -> Style {
        match state {
            HoleState::Focus => self
                .paint(Style::new(), Look::side_color(side))
                .add_modifier(Modifier::BOLD),
            HoleState::Legal => self.paint(Style::new(), Look::side_color(side)),
            HoleState::Idle => self.paint(Style::new(), Color::DarkGray),
        }
    }

    /// A hole's letter.
    pub fn letter(self, state: HoleState) -> Style {
        match state {
            HoleState::Focus => Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
            HoleState::Legal => Style::new().add_modifier(Modifier::BOLD),
            HoleState::Idle => self.paint(Style::new(), Color::DarkGray),
        }
    }

    /// A hole's seed count.
    pub fn count(self, empty: bool) -> Style {
        if empty {
            self.paint(Style::new(), Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// The seeds drawn as dots.
    pub fn seeds(self) -> Style {
        self.paint(Style::new(), Color::Indexed(180))
    }

    /// The hole a preview says the sowing ends in.
    pub fn target(self) -> Style {
        self.paint(Style::new(), Color::Magenta)
            .add_modifier(Modifier::BOLD)
    }

    /// Holes and numbers of a capture.
    pub fn capture(self) -> Style {
        self.paint(Style::new(), Color::LightRed)
            .add_modifier(Modifier::BOLD)
    }

    /// A clock under [`endodoi_app::LOW_TIME`]: the warning colour (in
    /// reverse while it runs, as a running clock is), and without colour
    /// reverse and underlined, running or not.
    pub fn low_time(self, running: bool) -> Style {
        let style = self.capture();
        if !self.color {
            style.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED)
        } else if running {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style
        }
    }

    /// The hole receiving a seed in the animation.
    pub fn sowing(self) -> Style {
        self.paint(Style::new(), Color::LightGreen)
            .add_modifier(Modifier::BOLD)
    }

    /// Frames and quiet text.
    pub fn muted(self) -> Style {
        self.paint(Style::new(), Color::DarkGray)
    }

    /// Titles.
    pub fn title(self) -> Style {
        self.paint(Style::new(), Color::Yellow)
            .add_modifier(Modifier::BOLD)
    }

    /// Plain emphasis.
    pub fn strong(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A key name in the key bar and help: drawn like a title.
    pub fn key(self) -> Style {
        self.title()
    }

    /// News on the message line.
    pub fn info(self) -> Style {
        self.paint(Style::new(), Color::Green)
    }

    /// A refusal on the message line: drawn like a capture.
    pub fn error(self) -> Style {
        self.capture()
    }

    /// The current move in the history.
    pub fn current_move(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    /// Moves that redo would replay.
    pub fn redo_move(self) -> Style {
        self.paint(Style::new(), Color::DarkGray)
            .add_modifier(Modifier::ITALIC)
    }
}

/// `text` in at most `columns` columns, ending in `…` when it is cut: a
/// player's name fits its place on screen (the record keeps it whole).
pub fn fit(text: &str, columns: usize) -> String {
    let width = |text: &str| ratatui::text::Span::raw(text).width();
    if width(text) <= columns {
        return text.to_owned();
    }
    let mut fitted = String::new();
    for c in text.chars() {
        fitted.push(c);
        if width(&fitted) + 1 > columns {
            fitted.pop();
            break;
        }
    }
    let mut fitted = fitted.trim_end().to_owned();
    fitted.push('…');
    fitted
}

/// Makes every cell of `area` plain ASCII, for `--ascii`: the glyphs of the
/// theme already are, and this catches any other text (a separator in a
/// message, a player's name) so that no screen can break the promise.
pub fn keep_to_ascii(buf: &mut ratatui::buffer::Buffer, area: ratatui::layout::Rect) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            if !cell.symbol().is_ascii() {
                let plain = match cell.symbol() {
                    "·" | "–" | "—" | "─" => "-",
                    "→" | "▶" | "›" => ">",
                    "←" | "‹" => "<",
                    "×" => "*",
                    "…" => ".",
                    "∞" | "±" => "~",
                    "●" => "#",
                    "○" => "o",
                    _ => "?",
                };
                cell.set_symbol(plain);
            }
        }
    }
}
