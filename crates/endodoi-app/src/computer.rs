//! The computer at the board: its turns and the hint key, without threads.
//!
//! The app never searches. When the computer is to move (or the player asks
//! for a hint) it asks for a search with [`Effect::Think`](super::Effect::Think); the event loop
//! runs it on a worker thread and hands the answer back as an
//! [`Answer`](super::Answer). Whenever the position
//! changes under a search (undo, a new game), the app asks for it to be
//! dropped with [`Effect::StopThinking`](super::Effect::StopThinking), so an answer that arrives is always
//! about the position on screen. Tests hand the answers to
//! [`App::answer`](super::App::answer) directly.
//!
//! ```
//! use endodoi_app::{Answer, App, COMPUTER_PAUSE, Effect, Match, Purpose, Setting};
//! use endodoi_core::rules::{Config, Hole, Side};
//! use endodoi_engine::Level;
//! use endodoi_app::input::{KeyCode, KeyEvent};
//!
//! let mut players = Match::default();
//! players.set_computer(Side::North, Some(Level::MIN));
//! let mut app = App::new(Config::default(), players);
//! app.set(Setting::Animation(false));
//! app.handle_key(KeyEvent::from(KeyCode::Char('c')));
//! app.handle_key(KeyEvent::from(KeyCode::Enter));
//! let asked = app.take_effects().into_iter().any(|effect| {
//!     matches!(effect, Effect::Think(request) if request.purpose == Purpose::Move)
//! });
//! assert!(asked, "the computer is asked for North's move");
//! app.tick(COMPUTER_PAUSE);
//! app.answer(Answer::ComputerMoved(Hole::new(Side::North, 0)));
//! assert_eq!(app.record().game.ply(), 2);
//! ```

use std::time::Duration;

use endodoi_core::rules::{Game, Hole};
use endodoi_engine::{Level, SearchResult};

use super::Answer;

/// The computer's move lands no sooner than this after the board is still
/// (its turn began, or the last sowing ended), so that even a quick answer,
/// or two computers playing each other, can be followed.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(400);

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Move,
    /// A hint for the person to move.
    Hint,
    /// Whether the computer accepts the draw the person offers: it does
    /// unless it expects to win.
    Draw,
}

impl Purpose {
    /// What the search's `result` tells the app: the computer's move (none
    /// when the search found no move), a hint, or the computer's view of a
    /// draw offered.
    pub fn answer(self, result: SearchResult) -> Option<Answer> {
        match self {
            Purpose::Move => result.best.map(Answer::ComputerMoved),
            Purpose::Hint => Some(Answer::HintFound(result)),
            Purpose::Draw => Some(Answer::DrawWeighed(result)),
        }
    }
}

/// A search the app asks the event loop to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The game to search, as it stands.
    pub game: Game,
    /// The strength to search at.
    pub level: Level,
    /// Thinking time (the strongest level uses all of it).
    pub think: Duration,
    /// What the answer is for.
    pub purpose: Purpose,
}

/// A search under way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// What it is for.
    pub purpose: Purpose,
    /// Time since it began.
    pub elapsed: Duration,
    /// Time the board has been still since it began.
    pub(super) settled: Duration,
    /// The computer's answer, held until the board is still.
    pub(super) answer: Option<Hole>,
}
