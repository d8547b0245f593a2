//! One shape for every screen and every popup that takes keys: a
//! [`Component`] has the table of its keys, and an action changes it (and
//! the board's view the router lends it) and comes back as what it asks of
//! the router ([`Ask`]): a message, a sowing to show, a question, another
//! screen, work for the event loop. That list is the only way back: a
//! component never pushes an effect or a message itself.
//!
//! ```
//! use endodoi_app::results::{Results, Stats};
//! use endodoi_app::{Action, BoardView, Component, Keymap, Lent, ResultsAction};
//!
//! let mut results = Results::new(Stats::default());
//! assert_eq!(results.keymap(), Keymap::RESULTS);
//! let lent = Lent { view: &mut BoardView::default(), sowing: false };
//! assert!(results.update(Action::Results(ResultsAction::Down), lent).is_empty());
//! ```

use super::board::BoardView;
use super::{Action, Binding, Confirm, Effect, Keymap, Match, OpenTarget, PuzzleRating, Tone};
use endodoi_core::rules::{Config, MoveReport, Position};

/// A screen, or a popup that takes keys.
pub trait Component {
    /// The table of the keys in force on it now.
    fn keymap(&self) -> Keymap;

    /// Does what `action` asks of it, on the board's view lent to it;
    /// returns what it asks of the router, in order. An action that is not
    /// its own does nothing.
    fn update(&mut self, action: Action, lent: Lent<'_>) -> Vec<Ask>;

    /// Whether `action` makes sense now, so that the key bar offers it.
    fn offers(&self, _action: Action, _shown: Shown<'_>) -> bool {
        true
    }

    /// The key bar's word for `binding` now.
    fn label(&self, binding: &Binding, _shown: Shown<'_>) -> &'static str {
        binding.label
    }
}

/// What the router lends the component an action goes to: the board's
/// view, which the screens share, and whether a sowing is shown on it.
#[derive(Debug)]
pub struct Lent<'a> {
    /// The board's view.
    pub view: &'a mut BoardView,
    /// Whether a move's sowing is being shown.
    pub sowing: bool,
}

/// What a component reads around it to say what its keys do now: the
/// board's view, whether a sowing is shown on it, and where the quit key
/// goes.
#[derive(Copy, Clone, Debug)]
pub struct Shown<'a> {
    /// The board's view.
    pub view: &'a BoardView,
    /// Whether a move's sowing is being shown.
    pub sowing: bool,
    /// Whether the run began on the start screen, so that the quit key of
    /// any other screen goes back to it.
    pub from_menu: bool,
}

impl Shown<'_> {
    /// The quit key's word on a screen other than the start screen: `menu`
    /// where it goes back to the start screen, else `quit`.
    pub fn quit_word(self) -> &'static str {
        if self.from_menu { "menu" } else { "quit" }
    }
}

/// What a component asks of the router after an action, besides changing
/// its own state and the board's view lent to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Work for the event loop that carries all it needs.
    Effect(Box<Effect>),
    /// Keep the game as it now is in its autosave file
    /// ([`Effect::Autosave`]).
    Autosave,
    /// Write the record where the player can find it ([`Effect::Export`]).
    Export,
    /// Remember the sowing speed and the move preview for the next game
    /// ([`Effect::RememberDisplay`]).
    RememberDisplay,
    /// Remember the game's board and players as the last game
    /// ([`Effect::RememberGame`]).
    RememberGame,
    /// Open a saved game, a record file or the start screen, leaving this
    /// game ([`Effect::Open`]).
    Open(OpenTarget),
    /// Close the connection to the other player, telling them why
    /// ([`Effect::Hangup`]).
    Hangup(String),
    /// A message for the message line.
    Say(Tone, String),
    /// Show the move `report` sown from `before`, if moves are animated.
    Sow(Position, MoveReport),
    /// End the sowing shown: the board shows another position.
    Still,
    /// Close the popup shown (help, a question).
    Close,
    /// Answer the question asked about the game: yes or no.
    Answer(Confirm, bool),
    /// Go on from the screen's game as an ordinary game.
    Play,
    /// Open the game just ended in the replay viewer, at its last move.
    Review,
    /// Close that review: back to the game it was opened from.
    BackToGame,
    /// A new game on this board for these players, in place of the screen.
    NewGame(Config, Box<Match>),
    /// The lesson, in place of the screen.
    Learn,
    /// The puzzles, for a player of this rating, in place of the screen.
    Puzzles(PuzzleRating),
    /// Ask the player this question.
    Confirm(Confirm),
    /// The other player's question (to take back, a draw) is withdrawn
    /// (the line dropped): close it if it is shown.
    Withdrawn,
    /// Quit at once.
    Quit,
}

/// What a component says, written into the asks it returns.
pub(crate) trait Tell {
    /// Asks the router to tell the player `text`.
    fn say(&mut self, tone: Tone, text: impl Into<String>);
    /// Asks the router for work with side effects.
    fn effect(&mut self, effect: Effect);
}

impl Tell for Vec<Ask> {
    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.push(Ask::Say(tone, text.into()));
    }

    fn effect(&mut self, effect: Effect) {
        self.push(Ask::Effect(Box::new(effect)));
    }
}
