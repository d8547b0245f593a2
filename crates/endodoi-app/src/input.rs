//! The app's own input: a key pressed, a mouse event, as any front end
//! delivers them. The app knows no terminal library; the terminal's event
//! loop turns its events into these (`endodoi::terminal`), and tests build
//! them directly.
//!
//! ```
//! use endodoi_app::input::{KeyCode, KeyEvent, KeyModifiers};
//!
//! let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
//! assert!(ctrl_c.modifiers.contains(KeyModifiers::CONTROL));
//! assert_eq!(KeyEvent::from(KeyCode::Enter).modifiers, KeyModifiers::NONE);
//! ```

use std::ops::BitOr;

/// A key, whatever modifier is held with it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KeyCode {
    /// A character, as typed (a capital with Shift held).
    Char(char),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Tab.
    Tab,
    /// Shift-Tab.
    BackTab,
    /// The left arrow.
    Left,
    /// The right arrow.
    Right,
    /// The up arrow.
    Up,
    /// The down arrow.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
    /// Insert.
    Insert,
    /// Delete.
    Delete,
    /// A function key: `F(1)` is F1.
    F(u8),
    /// Any other key (a lock, a media key): no binding names one, but it
    /// is a key all the same (it closes help, it skips a sowing).
    Other,
}

impl KeyCode {
    /// The key as help and the key bar write it.
    pub fn name(self) -> String {
        match self {
            KeyCode::Char(' ') => "Space".to_owned(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "Enter".to_owned(),
            KeyCode::Esc => "Esc".to_owned(),
            KeyCode::Backspace => "Backspace".to_owned(),
            KeyCode::Tab => "Tab".to_owned(),
            KeyCode::BackTab => "Back Tab".to_owned(),
            KeyCode::Left => "←".to_owned(),
            KeyCode::Right => "→".to_owned(),
            KeyCode::Up => "↑".to_owned(),
            KeyCode::Down => "↓".to_owned(),
            KeyCode::Home => "Home".to_owned(),
            KeyCode::End => "End".to_owned(),
            KeyCode::PageUp => "Page Up".to_owned(),
            KeyCode::PageDown => "Page Down".to_owned(),
            KeyCode::Insert => "Insert".to_owned(),
            KeyCode::Delete => "Del".to_owned(),
            KeyCode::F(number) => format!("F{number}"),
            KeyCode::Other => "another key".to_owned(),
        }
    }
}

/// The modifier keys held with a key or a click: a set of [`SHIFT`],
/// [`CONTROL`] and [`ALT`], [`NONE`] for none.
///
/// [`SHIFT`]: KeyModifiers::SHIFT
/// [`CONTROL`]: KeyModifiers::CONTROL
/// [`ALT`]: KeyModifiers::ALT
/// [`NONE`]: KeyModifiers::NONE
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KeyModifiers(u8);

impl KeyModifiers {
    /// No modifier.
    pub const NONE: KeyModifiers = KeyModifiers(0);
    /// Shift.
    pub const SHIFT: KeyModifiers = KeyModifiers(1);
    /// Control.
    pub const CONTROL: KeyModifiers = KeyModifiers(2);
    /// Alt (Option).
    pub const ALT: KeyModifiers = KeyModifiers(4);

    /// Whether every modifier of `other` is held.
    pub const fn contains(self, other: KeyModifiers) -> bool {
        self.0 & other.0 == other.0
    }
}

impl BitOr for KeyModifiers {
    type Output = KeyModifiers;

    fn bitor(self, other: KeyModifiers) -> KeyModifiers {
        KeyModifiers(self.0 | other.0)
    }
}

/// Whether a key went down, repeats as it is held, or came up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KeyEventKind {
    /// Pressed.
    Press,
    /// Held, repeating.
    Repeat,
    /// Released.
    Release,
}

/// A key event: the key, the modifiers held, and whether it was pressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeyEvent {
    /// The key.
    pub code: KeyCode,
    /// The modifiers held.
    pub modifiers: KeyModifiers,
    /// Pressed, repeating or released.
    pub kind: KeyEventKind,
}

impl KeyEvent {
    /// `code` pressed with `modifiers`.
    pub const fn new(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
        }
    }
}

impl From<KeyCode> for KeyEvent {
    /// `code` pressed alone.
    fn from(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }
}

/// A mouse button.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MouseButton {
    /// The left button.
    Left,
    /// The right button.
    Right,
    /// The middle button (the wheel pressed).
    Middle,
}

/// What the mouse did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MouseEventKind {
    /// A button went down.
    Down(MouseButton),
    /// A button came up.
    Up(MouseButton),
    /// The mouse moved with a button down.
    Drag(MouseButton),
    /// The mouse moved, no button down.
    Moved,
    /// The wheel turned towards the user.
    ScrollDown,
    /// The wheel turned away from the user.
    ScrollUp,
    /// The wheel turned left.
    ScrollLeft,
    /// The wheel turned right.
    ScrollRight,
}

/// A mouse event at a cell of the screen (0-based, from its top left).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MouseEvent {
    /// What the mouse did.
    pub kind: MouseEventKind,
    /// The cell's column.
    pub column: u16,
    /// The cell's row.
    pub row: u16,
    /// The modifiers held.
    pub modifiers: KeyModifiers,
}
