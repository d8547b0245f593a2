//! Keys: every screen and popup has its table of keys beside it (a
//! component's [`Keymap`]): which keys, the [`Action`] they ask for, the
//! word the key bar shows and the line the help gives. Key dispatch
//! ([`Keymap::action_for`]), the key bar, the help popup and the README's
//! key tables all read these tables, so they cannot drift.
//!
//! ```
//! use endodoi_app::input::{KeyCode, KeyEvent};
//! use endodoi_app::{Action, GameAction, Keymap};
//!
//! let undo = Keymap::GAME.action_for(KeyEvent::from(KeyCode::Char('u')));
//! assert_eq!(undo, Some(Action::Game(GameAction::Undo)));
//! let any = Keymap::HELP.action_for(KeyEvent::from(KeyCode::Char('u')));
//! assert_eq!(any, Some(Action::CloseHelp));
//! ```

use super::actions::{Action, GameAction, LessonAction, MenuAction, PuzzleAction, ViewerAction};
use super::input::{KeyCode, KeyEvent, KeyModifiers};

/// A key, or a set of keys, a binding answers to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character, exactly as typed.
    Char(char),
    /// A letter in either case.
    Letter(char),
    /// A key that is no character: Enter, the arrows, F1.
    Code(KeyCode),
    /// A letter with Ctrl held.
    Ctrl(char),
    /// Any letter: the letters of the holes (the action's letter is the key's).
    HoleLetters,
    /// Any digit (the action's digit is the key's): a number typed, then
    /// Enter, written `12 Enter`.
    Digits,
    /// Any key no other binding of the table takes.
    Any,
    /// A mouse click, which the drawing resolves into an [`Action::Click`].
    Click,
    /// Any printable character, typed into a name or a path (the action's
    /// character is the key's).
    Text,
}

impl Key {
    /// The action `binding_action` asks for when `event` matches this key,
    /// with the letter or digit typed filled in; `None` when it does not match.
    fn matches(self, event: KeyEvent, binding_action: Action) -> Option<Action> {
        let typed = match event.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let matched = match self {
            Key::Char(c) => typed == Some(c),
            Key::Letter(c) => typed.is_some_and(|t| t.eq_ignore_ascii_case(&c)),
            Key::Code(code) => event.code == code,
            Key::Ctrl(c) => {
                event.modifiers.contains(KeyModifiers::CONTROL) && event.code == KeyCode::Char(c)
            }
            Key::HoleLetters => {
                return typed.filter(char::is_ascii_alphabetic).map(
                    |letter| match binding_action {
                        Action::Game(GameAction::Select(_)) => {
                            Action::Game(GameAction::Select(letter))
                        }
                        Action::Lesson(LessonAction::Select(_)) => {
                            Action::Lesson(LessonAction::Select(letter))
                        }
                        Action::Puzzle(PuzzleAction::Select(_)) => {
                            Action::Puzzle(PuzzleAction::Select(letter))
                        }
                        other => other,
                    },
                );
            }
            Key::Digits => {
                return typed
                    .and_then(|c| c.to_digit(10))
                    .map(|digit| match binding_action {
                        Action::Viewer(ViewerAction::Digit(_)) => {
                            Action::Viewer(ViewerAction::Digit(digit as u8))
                        }
                        other => other,
                    });
            }
            Key::Text => {
                let plain = !event.modifiers.contains(KeyModifiers::CONTROL);
                return typed
                    .filter(|c| plain && !c.is_control())
                    .map(|c| match binding_action {
                        Action::Menu(MenuAction::Type(_)) => Action::Menu(MenuAction::Type(c)),
                        other => other,
                    });
            }
            Key::Any => true,
            Key::Click => false,
        };
        matched.then_some(binding_action)
    }

    /// Which pass of [`Keymap::action_for`] tries the key: keys by name
    /// first, then ranges of keys, then any key.
    fn rank(self) -> u8 {
        match self {
            Key::HoleLetters | Key::Digits | Key::Text => 1,
            Key::Any => 2,
            _ => 0,
        }
    }

    /// The key as help and the key bar write it; the hole letters of a
    /// board `width` holes wide.
    pub fn name(self, width: u8) -> String {
        match self {
            Key::Char(c) => KeyCode::Char(c).name(),
            Key::Letter(c) => c.to_string(),
            Key::Code(code) => code.name(),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::HoleLetters => format!("a-{}", char::from(b'a' + width.max(1) - 1)),
            Key::Digits => "12 Enter".to_owned(),
            Key::Any => "any key".to_owned(),
            Key::Click => "click".to_owned(),
            Key::Text => "a-z 0-9 …".to_owned(),
        }
    }
}

/// One line of a screen's table: keys, what they do, and how it is shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The keys, the first of which the key bar shows.
    pub keys: &'static [Key],
    /// What they ask for.
    pub action: Action,
    /// The key bar's word for it; empty: not on the bar. Neighbours with the
    /// same word share one item (`← → select`).
    pub label: &'static str,
    /// What help says of it.
    pub help: Help,
}

/// What help says of a binding.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Help {
    /// A line of its own.
    Says(&'static str),
    /// Its keys are listed on the line of this action (`u  r  undo, redo`).
    Joins(Action),
    /// Nothing: what it does is told on another line.
    Unlisted,
}

pub(super) const fn bind(
    keys: &'static [Key],
    action: Action,
    label: &'static str,
    help: Help,
) -> Binding {
    Binding {
        keys,
        action,
        label,
        help,
    }
}

pub(super) const FASTER: &[Key] = &[Key::Char('+'), Key::Char('=')];
pub(super) const SLOWER: &[Key] = &[Key::Char('-'), Key::Char('_')];
pub(super) const HELP_KEYS: &[Key] = &[Key::Char('?'), Key::Code(KeyCode::F(1))];
pub(super) const QUIT_KEYS: &[Key] = &[Key::Letter('q'), Key::Code(KeyCode::Esc)];
pub(super) const SPEED: Help = Help::Says("sowing speed, 1 to 6; any key skips a sowing");

/// Keys that work on every screen; help lists them with the screen's quit.
pub const GLOBAL: &[Binding] = &[bind(
    &[Key::Ctrl('c')],
    Action::QuitNow,
    "",
    Help::Joins(Action::Quit),
)];

/// ← and →, which select the mover's holes in a game and in the lesson:
/// `left` and `right` are the screen's actions for them.
pub(super) const fn select(left: Action, right: Action) -> [Binding; 2] {
    [
        bind(
            &[Key::Code(KeyCode::Left)],
            left,
            "select",
            Help::Says("select the next hole that can be sown"),
        ),
        bind(
            &[Key::Code(KeyCode::Right)],
            right,
            "select",
            Help::Joins(left),
        ),
    ]
}

/// `v`, which turns the board round in a game and in the viewer (`flip`,
/// the screen's action for it). (`f`, the obvious key, selects the hole `f`
/// in a game.)
pub(super) const fn flip(flip: Action) -> Binding {
    bind(
        &[Key::Letter('v')],
        flip,
        "flip",
        Help::Says("flip the board: the other row at the bottom"),
    )
}

/// A table of keys: one for each screen and popup, defined beside it
/// ([`Keymap::GAME`] beside the game, [`Keymap::HELP`] beside the help
/// popup, …); [`Keymap::ALL`] lists them.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Keymap {
    /// What the table is for, in a word.
    name: &'static str,
    /// Its lines.
    bindings: &'static [Binding],
    /// The table that takes the keys this one does not.
    fallback: Option<&'static Keymap>,
}

impl std::fmt::Debug for Keymap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Keymap({})", self.name)
    }
}

impl Keymap {
    /// The table of `bindings`, for `name` (a word: `game`, `help`).
    pub(super) const fn new(name: &'static str, bindings: &'static [Binding]) -> Keymap {
        Keymap {
            name,
            bindings,
            fallback: None,
        }
    }

    /// This table, handing the keys it does not take to `fallback`.
    pub(super) const fn falling_back(self, fallback: &'static Keymap) -> Keymap {
        Keymap {
            fallback: Some(fallback),
            ..self
        }
    }

    /// The table.
    pub fn bindings(self) -> &'static [Binding] {
        self.bindings
    }

    /// The keymap that takes the keys this one does not.
    pub fn fallback(self) -> Option<Keymap> {
        self.fallback.copied()
    }

    /// What `key` asks for here: the [`GLOBAL`] keys first, then the keys
    /// of this table named, a range of keys (letters, digits), any key; then
    /// the fallback's.
    pub fn action_for(self, key: KeyEvent) -> Option<Action> {
        let find = |bindings: &[Binding], rank: u8| {
            bindings.iter().find_map(|binding| {
                binding
                    .keys
                    .iter()
                    .filter(|k| k.rank() == rank)
                    .find_map(|k| k.matches(key, binding.action))
            })
        };
        find(GLOBAL, 0)
            .or_else(|| (0..=2).find_map(|rank| find(self.bindings, rank)))
            .or_else(|| self.fallback()?.action_for(key))
    }

    /// The first key that asks for `action` in this table, for a hint
    /// written in words, so that the hint cannot name another key.
    ///
    /// # Panics
    /// If no key of the table asks for `action` (a test of every hint's
    /// keys finds that).
    pub fn key_of(self, action: Action) -> Key {
        self.bindings
            .iter()
            .find(|binding| binding.action == action)
            .expect("the hint's action has a key in the table")
            .keys[0]
    }
}

/// The key bar's items from `bindings`, each with its word: neighbours with
/// the same word as one item, shown by the first key of each (`← →  select`).
pub fn bar_items<'b>(
    bindings: impl IntoIterator<Item = (&'b Binding, &'static str)>,
) -> Vec<(Vec<Key>, &'static str)> {
    let mut items: Vec<(Vec<Key>, &'static str)> = Vec::new();
    for (binding, word) in bindings {
        if word.is_empty() {
            continue;
        }
        let key = binding.keys[0];
        match items.last_mut() {
            Some((keys, label)) if *label == word => keys.push(key),
            _ => items.push((vec![key], word)),
        }
    }
    items
}

/// Help's lines from `bindings`: each binding that says something, with its
/// keys and those of the bindings that join it, first keys first
/// (`u  r  Backspace`: undo, redo).
pub fn help_lines(bindings: &[Binding]) -> Vec<(Vec<Key>, &'static str)> {
    bindings
        .iter()
        .filter_map(|owner| {
            let Help::Says(text) = owner.help else {
                return None;
            };
            let line: Vec<&Binding> = std::iter::once(owner)
                .chain(
                    bindings
                        .iter()
                        .filter(|b| b.help == Help::Joins(owner.action)),
                )
                .collect();
            let layers = line.iter().map(|b| b.keys.len()).max().unwrap_or(0);
            let keys = (0..layers)
                .flat_map(|layer| line.iter().filter_map(move |b| b.keys.get(layer)))
                .copied()
                .collect();
            Some((keys, text))
        })
        .collect()
}
