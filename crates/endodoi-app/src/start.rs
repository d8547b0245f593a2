//! The start screen: the menu `endodoi` opens on when no game option is
//! given. A new game is set up on a page of its own (each side a person by
//! name or the computer at a level, the board, a match) and played at once;
//! an unfinished saved game is continued, a saved game or a record file
//! replayed; each player's results are read as a table. The saved games and
//! their results are read before the screen opens (the session lists them,
//! [`Setting::Results`](super::Setting::Results)); opening one is file
//! work, asked for as [`Effect::Open`](super::Effect::Open). A game, a replay or the lesson
//! opened from here comes back with the quit key
//! ([`Desk::from_menu`](super::Desk::from_menu)), the lists read anew
//! ([`OpenTarget::Menu`]).
//!
//! ```
//! use endodoi_app::{App, Match, Screen};
//! use endodoi_core::rules::Config;
//! use endodoi_app::input::{KeyCode, KeyEvent};
//!
//! let mut app = App::start(Config::default(), &Match::default(), Vec::new());
//! assert!(matches!(app.screen(), Screen::Start(_)));
//! app.handle_key(KeyEvent::from(KeyCode::Char('n')));
//! app.handle_key(KeyEvent::from(KeyCode::Char('s')));
//! assert_eq!(app.screen(), &Screen::Game);
//! ```

mod keys;
mod menu;
mod saved;
mod setup;

use std::path::PathBuf;

pub use menu::MenuEntry;
pub use saved::SavedGame;
pub use setup::{Setup, SetupField};

use super::actions::{Action, MenuAction, ResultsAction, Target};
use super::component::{Ask, Component, Lent, Shown};
use super::keys::Keymap;
use super::results::{Results, Stats};
use super::{Match, OpenTarget};
use endodoi_core::rules::{Config, Side};

/// The longest name or path that may be typed, in characters.
const MAX_TYPED: usize = 256;

/// The pages of the start screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Page {
    /// The menu.
    Menu,
    /// A new game being set up.
    NewGame,
    /// The unfinished games.
    Continue,
    /// The games to replay, and a record file.
    Replay,
    /// Each player's results, a line a player and opponent.
    Results,
}

/// What is being typed on the start screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The name of the person playing a row.
    Name(Side),
    /// The path of a record file to replay.
    Path,
}

/// The state of the start screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    page: Page,
    row: usize,
    setup: Setup,
    saved: Vec<SavedGame>,
    results: Results,
    typing: Option<(Typed, String)>,
    path: String,
}

impl Start {
    /// The start screen with a new game of `config` for `players` set up,
    /// and the `saved` games, newest first.
    pub fn new(config: Config, players: &Match, saved: Vec<SavedGame>) -> Start {
        Start {
            page: Page::Menu,
            row: 0,
            setup: Setup::new(config, players),
            saved,
            results: Results::default(),
            typing: None,
            path: String::new(),
        }
    }

    /// The results page shows `stats` (read from the saved games by the
    /// session).
    pub(super) fn show_results(&mut self, stats: Stats) {
        self.results = Results::new(stats);
    }

    /// The page shown.
    pub fn page(&self) -> Page {
        self.page
    }

    /// The selected line of the page.
    pub fn row(&self) -> usize {
        match self.page {
            Page::Results => self.results.row(),
            _ => self.row,
        }
    }

    /// The new game set up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// What is being typed, and the text so far.
    pub fn typing(&self) -> Option<(Typed, &str)> {
        self.typing
            .as_ref()
            .map(|(typed, text)| (*typed, text.as_str()))
    }

    /// The path of a record file last typed.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The unfinished games with a move, newest first (as `--resume`
    /// chooses).
    pub fn unfinished(&self) -> impl Iterator<Item = &SavedGame> {
        self.saved
            .iter()
            .filter(|saved| saved.result.is_none() && saved.moves > 0)
    }

    /// Every saved game, newest first.
    pub fn saved(&self) -> &[SavedGame] {
        &self.saved
    }

    /// The results page: each player's results in the saved games.
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// The number of lines of the page shown.
    pub fn rows(&self) -> usize {
        match self.page {
            Page::Menu => MenuEntry::ALL.len(),
            Page::NewGame => SetupField::ALL.len(),
            Page::Continue => self.unfinished().count(),
            // A record file, then the saved games.
            Page::Replay => 1 + self.saved.len(),
            Page::Results => self.results.rows(),
        }
    }

    /// Whether `menu` does something on the page shown, so that the key
    /// bar offers it.
    fn offers_menu(&self, menu: MenuAction) -> bool {
        let value = self.page == Page::NewGame && SetupField::ALL[self.row] != SetupField::Play;
        match menu {
            MenuAction::Up | MenuAction::Down => self.rows() > 1,
            MenuAction::Less | MenuAction::More => value,
            MenuAction::Choose => self.rows() > 0,
            MenuAction::NewGame
            | MenuAction::Continue
            | MenuAction::Replay
            | MenuAction::Results
            | MenuAction::Learn
            | MenuAction::Puzzles => self.page == Page::Menu,
            MenuAction::Play => self.page == Page::NewGame,
            MenuAction::OpenFile => self.page == Page::Replay,
            MenuAction::Back => self.page != Page::Menu,
            MenuAction::Type(_) | MenuAction::Erase | MenuAction::Done | MenuAction::Cancel => {
                self.typing.is_some()
            }
        }
    }

    /// The game set up, played at once; its board and players are
    /// remembered as the last game's.
    fn begin(&self) -> Vec<Ask> {
        vec![
            Ask::NewGame(self.setup.config(), Box::new(self.setup.players())),
            Ask::RememberGame,
        ]
    }

    /// A saved game or a record file opened.
    fn open(opening: OpenTarget) -> Vec<Ask> {
        vec![Ask::Open(opening)]
    }

    fn go_to(&mut self, page: Page, row: usize) {
        self.page = page;
        self.row = row;
    }

    /// Does what `menu` asks; returns what it asks of the router.
    fn menu(&mut self, menu: MenuAction) -> Vec<Ask> {
        if let Some((typed, text)) = &mut self.typing {
            let typed = *typed;
            match menu {
                MenuAction::Type(c) if text.chars().count() < MAX_TYPED => text.push(c),
                MenuAction::Erase => {
                    text.pop();
                }
                MenuAction::Done => return self.typed(typed),
                MenuAction::Cancel => self.typing = None,
                _ => {}
            }
            return Vec::new();
        }
        match menu {
            MenuAction::Up | MenuAction::Down if self.rows() > 0 => {
                let rows = self.rows();
                let step = if menu == MenuAction::Up { rows - 1 } else { 1 };
                self.row = (self.row + step) % rows;
            }
            MenuAction::Back => match self.page {
                Page::Menu => return vec![Ask::Quit],
                Page::NewGame => self.go_to(Page::Menu, MenuEntry::NewGame.row()),
                Page::Continue => self.go_to(Page::Menu, MenuEntry::Continue.row()),
                Page::Replay => self.go_to(Page::Menu, MenuEntry::Replay.row()),
                Page::Results => self.go_to(Page::Menu, MenuEntry::Results.row()),
            },
            MenuAction::NewGame if self.page == Page::Menu => {
                return self.enter(MenuEntry::NewGame);
            }
            MenuAction::Continue if self.page == Page::Menu => {
                return self.enter(MenuEntry::Continue);
            }
            MenuAction::Replay if self.page == Page::Menu => return self.enter(MenuEntry::Replay),
            MenuAction::Results if self.page == Page::Menu => {
                return self.enter(MenuEntry::Results);
            }
            MenuAction::Learn if self.page == Page::Menu => return self.enter(MenuEntry::Learn),
            MenuAction::Puzzles if self.page == Page::Menu => {
                return self.enter(MenuEntry::Puzzles);
            }
            MenuAction::Choose => return self.choose(),
            MenuAction::Less | MenuAction::More if self.page == Page::NewGame => {
                let step = if menu == MenuAction::More { 1 } else { -1 };
                self.setup.change(SetupField::ALL[self.row], step);
            }
            MenuAction::Play if self.page == Page::NewGame => return self.begin(),
            MenuAction::OpenFile if self.page == Page::Replay => {
                self.row = 0;
                return self.choose();
            }
            _ => {}
        }
        Vec::new()
    }

    /// Chooses the selected line.
    fn choose(&mut self) -> Vec<Ask> {
        match self.page {
            Page::Menu => self.enter(MenuEntry::ALL[self.row]),
            Page::NewGame => match SetupField::ALL[self.row] {
                SetupField::Play => self.begin(),
                SetupField::Player(side) if self.setup.computers[side].is_none() => {
                    // A name given is edited; the default ("South") is
                    // only shown, so that typing replaces it.
                    let name = self.setup.names[side].clone().unwrap_or_default();
                    self.typing = Some((Typed::Name(side), name));
                    Vec::new()
                }
                _ => {
                    self.row += 1;
                    Vec::new()
                }
            },
            Page::Continue => match self.unfinished().nth(self.row) {
                Some(saved) => Self::open(OpenTarget::Resume(saved.id.clone())),
                None => Vec::new(),
            },
            Page::Replay => match self.row.checked_sub(1) {
                None => {
                    self.typing = Some((Typed::Path, self.path.clone()));
                    Vec::new()
                }
                Some(index) => Self::open(OpenTarget::Replay(self.saved[index].path.clone())),
            },
            // A table to read: nothing to choose.
            Page::Results => Vec::new(),
        }
    }

    /// Keeps what was typed: a name (blank: the default name), or the path
    /// of the record file to replay.
    fn typed(&mut self, typed: Typed) -> Vec<Ask> {
        let Some((_, text)) = self.typing.take() else {
            return Vec::new();
        };
        let text = text.trim().to_owned();
        match typed {
            Typed::Name(side) => {
                self.setup.names[side] = Some(text).filter(|name| !name.is_empty());
                Vec::new()
            }
            Typed::Path if text.is_empty() => Vec::new(),
            Typed::Path => {
                self.path.clone_from(&text);
                Self::open(OpenTarget::Replay(PathBuf::from(text)))
            }
        }
    }

    /// Does what `read` asks of the results page, while it is shown;
    /// going back shows the menu.
    fn read(&mut self, read: ResultsAction, lent: Lent<'_>) -> Vec<Ask> {
        if self.page != Page::Results {
            return Vec::new();
        }
        let mut asks = self.results.update(Action::Results(read), lent);
        if read == ResultsAction::Back {
            asks.extend(self.menu(MenuAction::Back));
        }
        asks
    }

    /// A click on line `row`: on the new-game page the first click selects
    /// a line and the next changes it (or chooses it); on the results page
    /// it selects it; elsewhere it chooses.
    fn click(&mut self, row: usize) -> Vec<Ask> {
        if self.typing.is_some() || row >= self.rows() {
            return Vec::new();
        }
        if self.page == Page::Results {
            self.results.click(row);
            return Vec::new();
        }
        if self.page == Page::NewGame {
            let field = SetupField::ALL[row];
            if self.row != row {
                self.row = row;
                return Vec::new();
            }
            let changes = match field {
                SetupField::Play => false,
                SetupField::Player(side) => self.setup.computers[side].is_some(),
                _ => true,
            };
            if changes {
                self.setup.change(field, 1);
                return Vec::new();
            }
        }
        self.row = row;
        self.choose()
    }
}

impl Component for Start {
    /// The keys of the page shown.
    fn keymap(&self) -> Keymap {
        match (self.page, &self.typing) {
            (_, Some(_)) => Keymap::TYPING,
            (Page::Results, None) => Keymap::RESULTS,
            (_, None) => Keymap::START,
        }
    }

    /// A menu's key, a key of the results page, or a click on a line: on
    /// the new-game page the first click selects a line and the next
    /// changes it (or chooses it); on the results page it selects it;
    /// elsewhere it chooses.
    fn update(&mut self, action: Action, lent: Lent<'_>) -> Vec<Ask> {
        match action {
            Action::Menu(menu) => self.menu(menu),
            Action::Results(read) => self.read(read, lent),
            Action::Click(Target::Item(row)) => self.click(row),
            _ => Vec::new(),
        }
    }

    fn offers(&self, action: Action, shown: Shown<'_>) -> bool {
        match action {
            Action::Menu(menu) => self.offers_menu(menu),
            Action::Results(_) => self.results.offers(action, shown),
            _ => true,
        }
    }
}
