//! The state of the game on screen and what every key and click does to
//! it, with no terminal, file or network: a front end (the `endodoi`
//! program's terminal) hands it the player's input and the world's answers,
//! and carries out the work it asks for.
//!
//! [`App`] is the router. It holds the [`Screen`] the player is on, the
//! game being played ([`GameInPlay`], which outlives the screens: the lesson and
//! the viewer go on into it, and a game is reviewed out of it), and the
//! [`Desk`] around them: the popup shown ([`Mode`]), the board's view the
//! screens share ([`BoardView`]), the message line, the work asked of the
//! event loop. Every screen (the game, the lesson ([`Learning`]), the
//! viewer ([`Viewer`]), the start screen ([`Start`]) and its [`results`]
//! page) and every popup that takes keys (help, a question, a sowing shown,
//! the viewer's question who plays on) is a [`Component`]: it has its table
//! of keys beside it ([`Keymap`]), and an action changes it and the board's
//! view lent to it ([`Lent`]) and comes back as what it asks of the router
//! ([`Ask`]), which the router carries out.
//!
//! A key becomes an [`Action`] through the keys of the component in front
//! ([`App::front`]: a popup's, else the screen's); a click arrives as an
//! [`Action::Click`] the drawing has resolved. [`App::act`] does the
//! router's own actions (quitting, help, the sowing's speed) and hands
//! every other to the popup or the screen it belongs to. News from the
//! world (a search's answer, the other player's move, a file opened) comes
//! in as an [`Answer`] ([`App::answer`]), and what the session sets up as a
//! [`Setting`] ([`App::set`]). Nothing here draws or does I/O: the
//! animation advances by [`App::tick`] with the elapsed time passed in, so
//! tests drive everything without a terminal or a clock, and work with side
//! effects (writing files, searching) is asked for as [`Effect`]s, which the
//! event loop hands to `endodoi::save::Store` or a worker thread; the
//! computer's side of this is in [`computer`], the other player's across
//! the network in [`Network`] and [`TheirAction`].
//!
//! ```
//! use endodoi_app::{App, Match};
//! use endodoi_core::rules::{Config, Side};
//! use endodoi_app::input::{KeyCode, KeyEvent};
//!
//! let mut app = App::new(Config::default(), Match::default());
//! app.handle_key(KeyEvent::from(KeyCode::Char('c')));
//! app.handle_key(KeyEvent::from(KeyCode::Enter));
//! assert_eq!(app.record().game.ply(), 1);
//! assert_eq!(app.record().to_move(), Some(Side::North));
//! ```
//!
//! The replay viewer ([`viewer`]) shows a record: see [`App::review`].

mod actions;
pub mod analysis;
mod answer;
mod board;
mod component;
pub mod computer;
mod copies;
mod desk;
mod effect;
mod game;
pub mod input;
pub mod keys;
mod lesson;
mod message;
pub mod players;
mod popup;
pub mod puzzle;
mod question;
mod remote;
pub mod results;
mod router;
mod setting;
pub mod sowing;
pub mod start;
pub mod viewer;
mod words;

pub use actions::{
    Action, GameAction, LessonAction, MenuAction, PuzzleAction, ResultsAction, Target, ViewerAction,
};
pub use answer::Answer;
pub use board::BoardView;
pub use component::{Ask, Component, Lent, Shown};
pub use computer::{COMPUTER_PAUSE, Purpose, Request, Thinking};
pub use copies::Copies;
pub use desk::{Desk, Mode};
pub use effect::{AnalysisRequest, Effect, OpenTarget, Snapshot};
use endodoi_core::record::Record;
use endodoi_core::rules::{Config, Game, Hole, Side};
pub use game::{FLAG_GRACE, GameInPlay, LOW_TIME, TheirAction};
pub use keys::{Binding, Help, Key, Keymap};
pub use lesson::{
    FIRST_LEVEL, Goal, INVITATION, INVITATION_TITLE, LEARNER, Learning, Lesson, LessonStep, STEPS,
};
pub use message::{StatusMessage, Tone};
pub use players::{Match, computer_name, level_of_name};
pub use popup::HelpPopup;
pub use puzzle::{PuzzleRating, PuzzleSet, Puzzles};
pub use question::Confirm;
pub use remote::{
    Connection, GAME_TAG, GameMessage, HOST_TAG, Network, PeerNews, Role, SEAT_TAG, game_number,
    host_row,
};
pub use setting::Setting;
pub use sowing::{
    DEFAULT_SPEED, MAX_SPEED, MAX_STEPS_OF_TIME, MIN_SPEED, Phase, Sowing, seed_time,
};
pub use start::{SavedGame, Start};
pub use viewer::{MISTAKE_THRESHOLD, PlayOn, Viewer};
pub use words::{capitalise, counted, seeds_word};

/// The screen the player is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// A game being played: the app's [`GameInPlay`].
    Game,
    /// A record shown move by move.
    Viewer(Box<Viewer>),
    /// The lesson: a rule a step, played on the real engine.
    Lesson(Box<Learning>),
    /// The start screen: a menu, a new game set up, the saved games.
    Start(Box<Start>),
    /// The puzzles: find the one move that keeps the best outcome.
    Puzzle(Box<Puzzles>),
}

impl Screen {
    /// The viewer, while a record is being viewed (not yet taken over).
    pub fn viewer(&self) -> Option<&Viewer> {
        match self {
            Screen::Viewer(viewer) => Some(viewer),
            _ => None,
        }
    }

    /// Where the player is in the lesson, while it is shown.
    pub fn lesson(&self) -> Option<&Lesson> {
        match self {
            Screen::Lesson(learning) => Some(learning.lesson()),
            _ => None,
        }
    }

    /// The puzzles, while they are shown.
    pub fn puzzles(&self) -> Option<&Puzzles> {
        match self {
            Screen::Puzzle(puzzles) => Some(puzzles),
            _ => None,
        }
    }

    /// The start screen, while it is shown.
    pub fn start(&self) -> Option<&Start> {
        match self {
            Screen::Start(start) => Some(start),
            _ => None,
        }
    }

    /// The keys of the screen itself, under any popup: those help lists.
    pub fn keymap(&self) -> Keymap {
        match self {
            Screen::Game => Keymap::GAME,
            Screen::Viewer(_) => Keymap::VIEWER,
            Screen::Lesson(_) => Keymap::LESSON,
            Screen::Start(start) => start.keymap(),
            Screen::Puzzle(_) => Keymap::PUZZLE,
        }
    }

    /// The quit key's word on this screen: `close` for a review of the
    /// game just ended, `menu` where it goes back to the start screen,
    /// else `quit`.
    pub fn quit_word(&self, shown: Shown<'_>) -> &'static str {
        match self {
            Screen::Viewer(viewer) => viewer.quit_word(shown),
            Screen::Start(_) => "quit",
            Screen::Game | Screen::Lesson(_) | Screen::Puzzle(_) => shown.quit_word(),
        }
    }
}

impl Keymap {
    /// Every keymap, for the README's tables and their tests.
    pub const ALL: [Keymap; 13] = [
        Keymap::GAME,
        Keymap::SOWING,
        Keymap::HELP,
        Keymap::CONFIRM,
        Keymap::ANSWER,
        Keymap::VIEWER,
        Keymap::GO_TO,
        Keymap::PLAY_ON,
        Keymap::LESSON,
        Keymap::START,
        Keymap::TYPING,
        Keymap::RESULTS,
        Keymap::PUZZLE,
    ];
}

/// All the state of the game on screen: the router.
#[derive(Clone, Debug)]
pub struct App {
    table: GameInPlay,
    screen: Screen,
    desk: Desk,
}

impl App {
    /// A new game on `config` for `players`.
    pub fn new(config: Config, players: Match) -> App {
        let record = Record::new(Game::new(config));
        App::from_record(record, players)
    }

    /// Continues the game of `record` (loaded or resumed) for `players`.
    pub fn from_record(record: Record, players: Match) -> App {
        let mut app = App {
            table: GameInPlay::new(record, players),
            screen: Screen::Game,
            desk: Desk::default(),
        };
        app.desk.view.settle(&app.table.record);
        app
    }

    /// The start screen, with a new game of `config` for `players` set up
    /// and the `saved` games (newest first) to continue or replay.
    pub fn start(config: Config, players: &Match, saved: Vec<SavedGame>) -> App {
        let mut app = App::new(config, Match::default());
        app.screen = Screen::Start(Box::new(Start::new(config, players, saved)));
        app.desk.from_menu = true;
        app
    }

    /// Opens `record` in the viewer at its start position. `source` names it
    /// (a file name); `fault` says why a faulty record stops where it does.
    pub fn review(record: Record, source: &str, fault: Option<String>) -> App {
        let players = Match::from_record(&record);
        let config = record.game.config();
        let mut app = App::from_record(record, players);
        let (record, players) = app.table.set_aside(config);
        app.screen = Screen::Viewer(Box::new(Viewer::new(record, players, source, fault)));
        app
    }

    /// The lesson at its first step.
    pub fn learn() -> App {
        let mut app = App::new(Config::default(), Match::default());
        let learning = Learning::at(0, &mut app.desk.view);
        app.screen = Screen::Lesson(Box::new(learning));
        app
    }

    /// Sets up what `setting` says, as the session (or a test) does.
    pub fn set(&mut self, setting: Setting) {
        let view = &mut self.desk.view;
        match setting {
            Setting::Animation(animate) => view.animate = animate,
            Setting::Display {
                speed,
                preview,
                bell,
            } => {
                view.speed = speed.clamp(MIN_SPEED, MAX_SPEED);
                view.preview = preview;
                view.bell = bell;
            }
            Setting::Flipped(flipped) => {
                view.bottom = if flipped { Side::North } else { Side::South };
            }
            Setting::Think(think) => self.table.think = think,
            Setting::FirstTo(first_to) => {
                self.table.players.first_to = Some(first_to);
                self.table.write_tags();
            }
            Setting::Tag(name, value) => self.table.record.set_tag(&name, &value),
            Setting::Results(stats) => {
                if let Screen::Start(start) = &mut self.screen {
                    start.show_results(stats);
                }
            }
            Setting::Across {
                network,
                remote_home,
                name,
            } => {
                let asks = self
                    .table
                    .play_across(view, network, remote_home, name.as_deref());
                self.ask(asks);
            }
        }
    }

    /// The record of the game shown (in the lesson, the page's; in the
    /// viewer, the record's), tags included.
    pub fn record(&self) -> &Record {
        match &self.screen {
            Screen::Lesson(learning) => learning.record(),
            Screen::Viewer(viewer) => viewer.record(),
            Screen::Puzzle(puzzles) => puzzles.record(),
            Screen::Game | Screen::Start(_) => &self.table.record,
        }
    }

    /// The players and match state of the game shown.
    pub fn players(&self) -> &Match {
        match &self.screen {
            Screen::Lesson(learning) => learning.players(),
            Screen::Viewer(viewer) => viewer.players(),
            Screen::Puzzle(puzzles) => puzzles.players(),
            Screen::Game | Screen::Start(_) => &self.table.players,
        }
    }

    /// The selected hole of the player to move (none once the game is over,
    /// while the computer or the other player is to move, or in the lesson
    /// when the page waits for no move).
    pub fn selected(&self) -> Option<Hole> {
        if let Screen::Lesson(learning) = &self.screen
            && !learning.lesson().is_open()
        {
            return None;
        }
        if let Screen::Puzzle(puzzles) = &self.screen
            && !puzzles.is_open()
        {
            return None;
        }
        // The computer's row has no selection (nor a preview) to show, nor
        // the row of the player in the other terminal.
        let (record, players) = (self.record(), self.players());
        let side = record.to_move()?;
        if players.computer(side).is_some() || players.remote(side) {
            return None;
        }
        Some(Hole::new(side, self.desk.view.cursor[side]))
    }

    /// The screen the player is on.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// What the router keeps around the screen: the popup, the board's
    /// view, the message line.
    pub fn desk(&self) -> &Desk {
        &self.desk
    }

    /// The game being played (behind the viewer, the lesson or the start
    /// screen, the game they go on into).
    pub fn table(&self) -> &GameInPlay {
        &self.table
    }

    /// The component the keys go to now: the popup shown, else the screen.
    pub fn front(&self) -> &dyn Component {
        match (&self.desk.mode, &self.screen) {
            (Mode::Help(help), _) => help,
            (Mode::Confirm(question), _) => question,
            (_, Screen::Start(start)) => start.as_ref(),
            (Mode::Sowing(sowing), Screen::Game | Screen::Lesson(_) | Screen::Puzzle(_)) => {
                sowing.as_ref()
            }
            (_, Screen::Game) => &self.table,
            (_, Screen::Lesson(learning)) => learning.as_ref(),
            (_, Screen::Viewer(viewer)) => viewer.as_ref(),
            (_, Screen::Puzzle(puzzles)) => puzzles.as_ref(),
        }
    }

    /// The side-effect work asked for since the last call, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.desk.effects)
    }

    /// Takes in `answer`: each piece of news goes to the component it is
    /// news for.
    pub fn answer(&mut self, answer: Answer) {
        let view = &mut self.desk.view;
        let asks = match answer {
            Answer::ComputerMoved(hole) => {
                self.table.computer_moved(hole);
                self.update_computer();
                Vec::new()
            }
            Answer::HintFound(result) => self.table.hint_found(view, &result),
            Answer::HintProven(moves) => self.table.hint_proven(view, &moves),
            Answer::DrawWeighed(result) => self.table.draw_weighed(&result),
            Answer::Analysed(ply, analysis) => match &mut self.screen {
                Screen::Viewer(viewer) => viewer.analysis_found(ply, analysis),
                _ => Vec::new(),
            },
            Answer::Opened(mut next) => {
                self.desk.carry_on(&mut next.desk);
                next.table.think = self.table.think;
                *self = *next;
                Vec::new()
            }
            Answer::Notice(tone, text) => vec![Ask::Say(tone, text)],
            Answer::Dated(date) => {
                self.table
                    .record
                    .set_tag(endodoi_core::record::Tags::DATE, &date);
                Vec::new()
            }
            Answer::Remote(news) => self.table.remote(view, news),
            Answer::Seat(id) => self.table.set_seat(&id),
            Answer::SeatNotKept(why) => self.table.seat_not_kept(&why),
        };
        self.ask(asks);
    }
}
