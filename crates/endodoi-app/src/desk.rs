//! What the router keeps around the screen shown: the popup over it
//! ([`Mode`]), the board's view the screens share ([`BoardView`]), the
//! message line, the work asked of the event loop, and whether the player
//! asked to quit. The drawing reads it; only the router changes it, as the
//! components ask.

use std::time::Duration;

use super::board::BoardView;
use super::component::Shown;
use super::message::{MessageLine, StatusMessage};
use super::popup::HelpPopup;
use super::question::Confirm;
use super::{Effect, MAX_SPEED, MIN_SPEED, Sowing, Tone, seed_time};
use endodoi_core::rules::{MoveReport, Position};

/// What the screen is doing: playing, animating, helping or asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Waiting for a move (or, once the game is over, showing the result).
    Play,
    /// A move being sown seed by seed; any key skips to its end.
    Sowing(Box<Sowing>),
    /// The help screen.
    Help(HelpPopup),
    /// A question that `y` answers.
    Confirm(Confirm),
}

impl Mode {
    /// The sowing shown, if one is.
    pub fn sowing(&self) -> Option<&Sowing> {
        match self {
            Mode::Sowing(sowing) => Some(sowing),
            _ => None,
        }
    }
}

/// What the router keeps around the screen shown.
#[derive(Clone, Debug)]
pub struct Desk {
    pub(super) mode: Mode,
    pub(super) view: BoardView,
    pub(super) line: MessageLine,
    pub(super) effects: Vec<Effect>,
    pub(super) quit: bool,
    /// The run began on the start screen: leaving a game, a replay or the
    /// lesson (the quit key) goes back to it.
    pub(super) from_menu: bool,
}

impl Default for Desk {
    fn default() -> Desk {
        Desk {
            mode: Mode::Play,
            view: BoardView::default(),
            line: MessageLine::default(),
            effects: Vec::new(),
            quit: false,
            from_menu: false,
        }
    }
}

impl Desk {
    /// What the screen is doing.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The board's view the screens share.
    pub fn view(&self) -> &BoardView {
        &self.view
    }

    /// The message line.
    pub fn message(&self) -> Option<&StatusMessage> {
        self.line.shown()
    }

    /// The animation in progress, if any.
    pub fn sowing(&self) -> Option<&Sowing> {
        self.mode.sowing()
    }

    /// Whether the player asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the run began on the start screen, so that the quit key of
    /// any other screen goes back to it.
    pub fn from_menu(&self) -> bool {
        self.from_menu
    }

    /// What a component reads around it: the board's view, whether a
    /// sowing is shown, where the quit key goes.
    pub fn shown(&self) -> Shown<'_> {
        Shown {
            view: &self.view,
            sowing: self.sowing().is_some(),
            from_menu: self.from_menu,
        }
    }

    /// Whether the board is still: no sowing, help or question shown.
    pub(super) fn still(&self) -> bool {
        self.mode == Mode::Play
    }

    /// Shows `report`'s sowing from `before`, if moves are animated.
    pub(super) fn animate(&mut self, before: Position, report: MoveReport) {
        // Help or a question shown stays: the move is only not animated.
        if self.view.animate && matches!(self.mode, Mode::Play | Mode::Sowing(_)) {
            self.mode = Mode::Sowing(Box::new(Sowing::new(before, report, self.view.speed)));
        }
    }

    /// Lets `elapsed` time pass for the sowing shown.
    pub(super) fn advance(&mut self, elapsed: Duration) {
        if let Mode::Sowing(sowing) = &mut self.mode {
            sowing.advance(elapsed);
            if sowing.is_done() {
                self.mode = Mode::Play;
            }
        }
    }

    /// A step of the sowing speed (`delta` 1 or -1), told (the router has
    /// it remembered).
    pub(super) fn change_speed(&mut self, delta: i8) {
        let speed = self.view.speed.saturating_add_signed(delta);
        self.view.speed = speed.clamp(MIN_SPEED, MAX_SPEED);
        if let Mode::Sowing(sowing) = &mut self.mode {
            sowing.set_speed(self.view.speed);
        }
        let news = format!(
            "Sowing speed {}/{MAX_SPEED} ({} ms a seed)",
            self.view.speed,
            seed_time(self.view.speed).as_millis()
        );
        self.line.notify(Tone::Info, news);
    }

    /// The desk of the app that goes on from this one (a game or a record
    /// opened from the start screen, the start screen again), keeping this
    /// run's settings: animation, speed, preview; and, once the run has
    /// been on the start screen, the quit key going back to it.
    pub(super) fn carry_on(&self, next: &mut Desk) {
        next.from_menu |= self.from_menu;
        next.view.animate = self.view.animate;
        next.view.speed = self.view.speed;
        next.view.preview = self.view.preview;
    }
}
