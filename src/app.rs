//! The state of the terminal game and what every key and click does to it.
//!
//! [`App`] is the router: it holds the [`Screen`] the player is on, the
//! [`Mode`] over it (a [`sowing`] shown, help, a question), the message line,
//! the board's view that the screens share (the selection, the row at the
//! bottom, the preview, the speed) and the game being played, gathered in
//! one table: its [`Record`], its [`Match`], the computer's [`Thinking`]
//! and the [`Network`]. A key becomes an [`Action`] through the
//! table of the keys in force ([`keys`]: a popup's, else the screen's); a
//! click arrives as an [`Action::Click`] the drawing has resolved.
//! [`App::act`] does the router's own actions (quitting, help, a question's
//! answer, the sowing's speed) and hands every other to the screen it
//! belongs to: the game ([`Play`], on its table), the lesson ([`Learning`]),
//! the viewer ([`Viewer`]) and the start screen ([`Start`], holding the
//! [`results`] page) each change
//! their own state and the board lent to them, and say what they ask of the
//! router. Nothing here draws or does I/O: the animation
//! advances by [`App::tick`] with the elapsed time passed in, so tests drive
//! everything without a terminal or a clock, and work with side effects
//! (writing files, searching) is asked for as [`Effect`]s, which the event
//! loop hands to [`crate::save::Store`] or a worker thread; the computer's
//! side of this is in [`computer`], the other player's across the network
//! in [`Network`] and [`Theirs`].
//!
//! ```
//! use endodoi::app::{App, Match};
//! use endodoi::rules::{Config, Side};
//! use endodoi::app::input::{KeyCode, KeyEvent};
//!
//! let mut app = App::new(Config::default(), Match::default());
//! app.handle_key(KeyEvent::from(KeyCode::Char('c')));
//! app.handle_key(KeyEvent::from(KeyCode::Enter));
//! assert_eq!(app.game().ply(), 1);
//! assert_eq!(app.game().to_move(), Some(Side::North));
//! ```
//!
//! The replay viewer ([`viewer`]) shows a record: see [`App::review`].

mod answer;
mod board;
pub mod computer;
mod copies;
mod effect;
mod game;
pub mod input;
pub mod keys;
mod lesson;
mod message;
pub mod players;
mod remote;
pub mod results;
pub mod sowing;
pub mod start;
pub mod viewer;

use std::time::Duration;

use crate::record::Record;
use crate::rules::{BySide, Config, Game, Hole, MoveReport, Position, Side};
pub use answer::Answer;
use board::Board;
pub use computer::{COMPUTER_PAUSE, Purpose, Request, Thinking};
pub use copies::Copies;
pub use effect::Effect;
use game::Table;
pub use game::{FLAG_GRACE, LOW_TIME, Play, Theirs};
use input::{KeyEvent, KeyEventKind};
pub use keys::{Action, Binding, Help, Key, Keymap, Menu, Target};
pub use lesson::{
    FIRST_LEVEL, Goal, INVITATION, INVITATION_TITLE, LEARNER, Learn, Learning, Lesson, STEPS, Step,
};
pub use message::{Message, Tone};
pub use players::{Match, computer_name, level_of_name};
pub use remote::{
    Connection, GAME_TAG, HOST_TAG, Network, Remote, Role, SEAT_TAG, Said, game_number, host_row,
};
pub use sowing::{
    DEFAULT_SPEED, MAX_SPEED, MAX_STEPS_OF_TIME, MIN_SPEED, Phase, Sowing, seed_time,
};
pub use start::{Opening, SavedGame, Start};
pub use viewer::{AnalysisRequest, MISTAKE_THRESHOLD, PlayOn, Replay, Viewer};

/// The screen the player is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// A game being played.
    Game,
    /// A record shown move by move.
    Viewer(Box<Viewer>),
    /// The lesson: a rule a step, played on the real engine.
    Lesson(Box<Learning>),
    /// The start screen: a menu, a new game set up, the saved games.
    Start(Box<Start>),
}

/// What the screen is doing: playing, animating, helping or asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Waiting for a move (or, once the game is over, showing the result).
    Play,
    /// A move being sown seed by seed; any key skips to its end.
    Sowing(Box<Sowing>),
    /// The help screen.
    Help,
    /// A question that `y` answers.
    Confirm(Confirm),
}

/// What a confirmation question is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Quit with the game unfinished.
    Quit,
    /// Abandon the unfinished game for a new one.
    NewGame,
    /// The other player, across the network, asks to take the game back to
    /// its first so many moves.
    Undo(usize),
    /// The player of this side, at this keyboard, resigns the game.
    Resign(Side),
    /// The player of this side, at this keyboard, offers a draw (one key
    /// next to another must not end a game).
    OfferDraw(Side),
    /// The player of this side offers a draw: the other player (at this
    /// keyboard or across the network) accepts or declines.
    Draw(Side),
}

/// What a screen asks of the router after an action, besides changing
/// its own state and the board lent to it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Ask {
    /// Work for the event loop.
    Effect(Effect),
    /// A message for the message line.
    Say(Tone, String),
    /// Show the move `report` sown from `before`, if moves are animated.
    Sow(Position, MoveReport),
    /// End the sowing shown: the board shows another position.
    Still,
    /// Go on from the screen's game as an ordinary game.
    Play,
    /// Open the game just ended in the replay viewer, at its last move.
    Review,
    /// A new game on this board for these players, in place of the screen.
    NewGame(Config, Box<Match>),
    /// The lesson, in place of the screen.
    Learn,
    /// Ask the player this question.
    Confirm(Confirm),
    /// The other player's question (to take back, a draw) is withdrawn
    /// (the line dropped): close it if it is shown.
    Withdrawn,
    /// Quit at once.
    Quit,
}

/// All the state of the terminal game.
#[derive(Clone, Debug)]
pub struct App {
    table: Table,
    mode: Mode,
    board: Board,
    message: Option<Message>,
    /// A [`Tone::Problem`] told since the player last acted: it stays at
    /// the head of the message line, news following it.
    problem: Option<String>,
    effects: Vec<Effect>,
    quit: bool,
    screen: Screen,
    help_page: u16,
    /// The run began on the start screen: leaving a game, a replay or the
    /// lesson (the quit key) goes back to it.
    from_menu: bool,
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
            table: Table::new(record, players),
            mode: Mode::Play,
            board: Board::default(),
            message: None,
            problem: None,
            effects: Vec::new(),
            quit: false,
            screen: Screen::Game,
            help_page: 0,
            from_menu: false,
        };
        app.settle_cursor();
        app
    }

    /// Makes the game part of a match to `first_to` wins (a loaded game).
    pub fn set_first_to(&mut self, first_to: u16) {
        self.table.players.first_to = Some(first_to);
        self.table.write_tags();
    }

    /// Sets a record tag other than those the game and the players determine.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        self.table.record.set_tag(name, value);
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.record().game
    }

    /// The record of the game being played (in the lesson, the page's),
    /// tags included.
    pub fn record(&self) -> &Record {
        match &self.screen {
            Screen::Lesson(learning) => learning.record(),
            Screen::Viewer(viewer) => viewer.record(),
            Screen::Game | Screen::Start(_) => &self.table.record,
        }
    }

    /// The players and match state (in the lesson, the page's).
    pub fn players(&self) -> &Match {
        match &self.screen {
            Screen::Lesson(learning) => learning.players(),
            Screen::Viewer(viewer) => viewer.players(),
            Screen::Game | Screen::Start(_) => &self.table.players,
        }
    }

    /// Numbers the games this app has played, so that each gets its own file.
    pub fn serial(&self) -> u64 {
        self.table.serial
    }

    /// The screen the player is on.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// What the screen is doing.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The table of the keys in force now.
    pub fn keymap(&self) -> Keymap {
        match (&self.mode, &self.screen) {
            (Mode::Help, _) => Keymap::Help,
            (Mode::Confirm(Confirm::Undo(_) | Confirm::Draw(_)), _) => Keymap::Answer,
            (Mode::Confirm(_), _) => Keymap::Confirm,
            (_, Screen::Start(start)) => start.keymap(),
            (Mode::Sowing(_), Screen::Game | Screen::Lesson(_)) => Keymap::Sowing,
            (Mode::Play, Screen::Game) => Keymap::Game,
            (Mode::Play, Screen::Lesson(_)) => Keymap::Lesson,
            (_, Screen::Viewer(viewer)) if viewer.play_on().is_some() => Keymap::PlayOn,
            (_, Screen::Viewer(viewer)) if viewer.goto().is_some() => Keymap::GoTo,
            (_, Screen::Viewer(_)) => Keymap::Viewer,
        }
    }

    /// The keys of the screen itself, under any popup: those help lists.
    pub fn screen_keymap(&self) -> Keymap {
        match self.screen {
            Screen::Game => Keymap::Game,
            Screen::Viewer(_) => Keymap::Viewer,
            Screen::Lesson(_) => Keymap::Lesson,
            Screen::Start(ref start) => start.keymap(),
        }
    }

    /// Whether `action` makes sense now, so that the key bar offers it.
    pub fn offers(&self, action: Action) -> bool {
        match (&self.screen, action) {
            (Screen::Game, Action::Game(play)) if self.keymap() == Keymap::Game => {
                self.game_offers(play)
            }
            (Screen::Viewer(viewer), _) if self.keymap() == Keymap::Viewer => {
                viewer::offers(viewer, self.sowing().is_some(), action)
            }
            (Screen::Lesson(learning), Action::Lesson(learn))
                if self.keymap() == Keymap::Lesson =>
            {
                learning.lesson().offers(learn)
            }
            (Screen::Start(start), Action::Menu(menu)) => start.offers(menu),
            (Screen::Start(start), Action::Results(read)) => start.results().offers(read),
            _ => true,
        }
    }

    /// Whether `play` makes sense in the game now, whatever popup is shown
    /// over it (the end of the game lists those that do). The menu key is
    /// not offered where the quit key goes back to the menu already.
    pub fn game_offers(&self, play: Play) -> bool {
        match play {
            Play::Menu if self.from_menu => false,
            _ => self.table.offers(play),
        }
    }

    /// The key bar's word for `binding` now: its table's, except for the
    /// key that plays a record by itself, which pauses it while it plays,
    /// and the quit key where it goes back to the menu.
    pub fn label(&self, binding: &Binding) -> &'static str {
        match (&self.screen, binding.action) {
            (_, Action::Quit) => self.quit_word(),
            (Screen::Game, Action::Game(Play::ToggleResult)) if self.board.result_hidden => {
                "result"
            }
            (Screen::Viewer(viewer), Action::Viewer(Replay::Autoplay)) if viewer.autoplaying() => {
                "pause"
            }
            (Screen::Lesson(learning), Action::Lesson(Learn::Sow)) => learning.lesson().sow_label(),
            (Screen::Game, Action::Game(_)) => self.table.label(binding),
            _ => binding.label,
        }
    }

    /// The animation in progress, if any.
    pub fn sowing(&self) -> Option<&Sowing> {
        match &self.mode {
            Mode::Sowing(sowing) => Some(sowing),
            _ => None,
        }
    }

    /// The selected hole of the player to move (none once the game is over,
    /// while the computer is to move, or in the lesson when the page waits
    /// for no move).
    pub fn selected(&self) -> Option<Hole> {
        if self.lesson().is_some_and(|lesson| !lesson.is_open()) {
            return None;
        }
        // The computer's row has no selection (nor a preview) to show, nor
        // the row of the player in the other terminal.
        if self.computer_to_move().is_some() || self.remote_to_move() {
            return None;
        }
        let side = self.record().to_move()?;
        Some(Hole::new(side, self.board.cursor[side]))
    }

    /// The page of help asked for since help opened, from 0 (the drawing
    /// wraps it round the pages the screen has room for).
    pub fn help_page(&self) -> u16 {
        self.help_page
    }

    /// Whether the player asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the game has moves and is not over: quitting leaves it to `--resume`.
    pub fn unfinished(&self) -> bool {
        self.game().ply() > 0 && !self.record().is_over()
    }

    /// Whether `u` takes back a move of the person playing the computer.
    pub fn takes_back_yours(&self) -> bool {
        self.table.takes_back_yours()
    }

    /// Each player's wins in the match, the current game's result included.
    pub fn tally(&self) -> BySide<u16> {
        self.players()
            .tally(self.record().verdict().and_then(|verdict| verdict.winner))
    }

    /// The player (by first-game row, see [`Match::home`]) who has won the
    /// match, if it is decided.
    pub fn champion(&self) -> Option<Side> {
        self.players().champion(self.tally())
    }

    /// The side-effect work asked for since the last call, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Lets `elapsed` time pass for the animation, the computer's thinking,
    /// the players' clocks (and for the viewer playing a record by itself).
    pub fn tick(&mut self, elapsed: Duration) {
        self.run_clocks(elapsed);
        if let Mode::Sowing(sowing) = &mut self.mode {
            sowing.advance(elapsed);
            if sowing.is_done() {
                self.mode = Mode::Play;
            }
        }
        let still = self.mode == Mode::Play;
        self.table.tick(elapsed, still);
        let sowing = self.sowing().is_some();
        if let Screen::Viewer(viewer) = &mut self.screen {
            let asks = viewer.tick(elapsed, sowing, self.board.speed);
            self.ask(asks);
        }
        self.update_computer();
    }

    /// Acts on a key: the action the keys in force give it, if any; only
    /// presses count (no repeats or releases).
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        if let Some(action) = self.keymap().action_for(key) {
            self.act(action);
        } else {
            self.message = None;
            self.problem = None;
            self.update_computer();
        }
    }

    /// Does what `action` asks, as its key does on the screen in force (a
    /// click: as [`Target`] says); clears the message line first. The
    /// router's own actions are done here; a screen's go to that screen,
    /// and only while it is shown.
    pub fn act(&mut self, action: Action) {
        self.message = None;
        self.problem = None;
        match action {
            Action::QuitNow => self.quit = true,
            Action::Quit => self.ask_quit(),
            Action::Help => self.open_help(),
            Action::CloseHelp | Action::Skip => self.mode = Mode::Play,
            Action::HelpPage => self.help_page = self.help_page.wrapping_add(1),
            Action::Yes => self.answer_question(true),
            Action::No => self.answer_question(false),
            Action::Faster => self.change_speed(1),
            Action::Slower => self.change_speed(-1),
            Action::Click(target) => self.click(target),
            // Where the quit key goes back to the menu, the menu key is it.
            Action::Game(Play::Menu) if self.returns_to_menu() => self.ask_quit(),
            Action::Game(play) => {
                if self.screen == Screen::Game {
                    let asks = self.table.update(&mut self.board, play);
                    self.ask(asks);
                }
            }
            Action::Viewer(replay) => {
                let sowing = self.sowing().is_some();
                if let Screen::Viewer(viewer) = &mut self.screen {
                    let asks = viewer.update(&mut self.board, sowing, replay);
                    self.ask(asks);
                }
            }
            Action::Lesson(learn) => {
                if let Screen::Lesson(learning) = &mut self.screen {
                    let asks = learning.update(&mut self.board, learn);
                    self.ask(asks);
                }
            }
            Action::Menu(menu) => self.start_act(menu),
            Action::Results(read) => self.results_act(read),
        }
        self.update_computer();
    }

    /// The help key: help from its first page (the viewer pauses).
    fn open_help(&mut self) {
        self.help_page = 0;
        if let Screen::Viewer(viewer) = &mut self.screen {
            viewer.pause();
        }
        self.mode = Mode::Help;
    }

    /// The answer to the question asked: `yes` or no. Any other key closes
    /// what is shown.
    fn answer_question(&mut self, yes: bool) {
        match std::mem::replace(&mut self.mode, Mode::Play) {
            Mode::Confirm(Confirm::Undo(keep)) => {
                self.table.answer_undo(&mut self.board, keep, yes);
            }
            Mode::Confirm(Confirm::Quit) if yes => self.quit = true,
            Mode::Confirm(Confirm::NewGame) if yes => self.table.start_next_game(&mut self.board),
            Mode::Confirm(Confirm::Resign(side)) if yes => self.table.resign_confirmed(side),
            Mode::Confirm(Confirm::OfferDraw(_)) if yes => self.table.offer_draw(),
            Mode::Confirm(Confirm::Draw(offerer)) => {
                self.table.answer_draw(offerer, yes);
            }
            Mode::Confirm(_) | Mode::Play | Mode::Sowing(_) | Mode::Help => {}
        }
        let asks = self.table.take_asks();
        self.ask(asks);
    }

    /// A click, on the screen shown.
    fn click(&mut self, target: Target) {
        match self.screen {
            // Any click ends a sowing or closes help, and does nothing else
            // then; a question waits for its answer.
            Screen::Game => match (&self.mode, target) {
                (Mode::Sowing(_) | Mode::Help, _) => self.mode = Mode::Play,
                (Mode::Play, Target::Hole(hole)) => {
                    let asks = self.table.click(&mut self.board, hole);
                    self.ask(asks);
                }
                (Mode::Play | Mode::Confirm(_), _) => {}
            },
            Screen::Viewer(ref mut viewer) => {
                let asks = viewer.click(target);
                self.ask(asks);
            }
            // Any click ends a sowing or closes help, and does nothing else then.
            Screen::Lesson(_) if self.mode != Mode::Play => self.mode = Mode::Play,
            Screen::Lesson(ref mut learning) => {
                let asks = learning.click(&mut self.board, target);
                self.ask(asks);
            }
            Screen::Start(_) => self.start_click(target),
        }
    }

    /// Does what a screen asks after an action, in order.
    fn ask(&mut self, asks: Vec<Ask>) {
        for ask in asks {
            match ask {
                Ask::Effect(effect) => self.effects.push(effect),
                Ask::Say(tone, text) => self.notify(tone, text),
                Ask::Sow(before, report) => self.animate(before, report),
                Ask::Still => self.mode = Mode::Play,
                Ask::Play => self.play_on(),
                Ask::Review => self.review_game(),
                Ask::NewGame(config, players) => self.replace_with(App::new(config, *players)),
                Ask::Learn => self.replace_with(App::learn()),
                Ask::Confirm(question) => self.mode = Mode::Confirm(question),
                Ask::Withdrawn => {
                    if let Mode::Confirm(Confirm::Undo(_) | Confirm::Draw(_)) = self.mode {
                        self.mode = Mode::Play;
                    }
                }
                Ask::Quit => self.quit = true,
            }
        }
    }

    /// The lesson's last page becomes the game being played: its game and
    /// players are the app's.
    fn play_on(&mut self) {
        match std::mem::replace(&mut self.screen, Screen::Game) {
            Screen::Lesson(learning) => {
                (self.table.record, self.table.players) = learning.into_game();
            }
            Screen::Viewer(viewer) => {
                // A game reviewed from its end stays as it ended, in its
                // file: the game played on from it has a file of its own.
                if viewer.back_to_game() {
                    self.table.serial += 1;
                }
                (self.table.record, self.table.players) = viewer.into_game();
            }
            Screen::Game | Screen::Start(_) => {}
        }
        self.table.reset_clocks();
        self.settle_cursor();
    }
}

/// `seed` or `seeds`, as a count of `count` (of either sign) needs.
pub(crate) fn seeds_word(count: i64) -> &'static str {
    if count.abs() == 1 { "seed" } else { "seeds" }
}

/// `count` and `noun`, made plural (by an `s`) unless the count is 1:
/// `1 game`, `3 games`.
pub(crate) fn counted(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
