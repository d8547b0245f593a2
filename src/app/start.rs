//! The start screen: the menu `endodoi` opens on when no game option is
//! given. A new game is set up on a page of its own (each side a person by
//! name or the computer at a level, the board, a match) and played at once;
//! an unfinished saved game is continued, a saved game or a record file
//! replayed. The saved games are read before the screen opens (the session
//! lists them); opening one is file work, asked for as [`Effect::Open`].
//!
//! ```
//! use endodoi::app::{App, Match, Screen};
//! use endodoi::rules::Config;
//! use ratatui::crossterm::event::{KeyCode, KeyEvent};
//!
//! let mut app = App::start(Config::default(), &Match::default(), Vec::new());
//! assert!(matches!(app.screen(), Screen::Start(_)));
//! app.handle_key(KeyEvent::from(KeyCode::Char('n')));
//! app.handle_key(KeyEvent::from(KeyCode::Char('s')));
//! assert_eq!(app.screen(), &Screen::Game);
//! ```

use std::path::PathBuf;

use super::{Action, App, Effect, Keymap, Match, Menu, Mode, Screen, Target, Tone};
use crate::rules::{BySide, Config, MAX_SEEDS, MAX_WIDTH, MIN_SEEDS, MIN_WIDTH, Side, Variant};
use crate::search::Level;

/// The longest name or path that may be typed, in characters.
const MAX_TYPED: usize = 256;
/// The most wins a match may be played to (as `--first-to`).
const MAX_FIRST_TO: u16 = 99;

/// A saved game as the start screen lists it; the session reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// What `--resume ID` calls it.
    pub id: String,
    /// Its file.
    pub path: PathBuf,
    /// The players' names, by the rows of the game saved.
    pub names: BySide<String>,
    /// Moves played.
    pub moves: usize,
    /// The board, in words: `8 holes, 4 seeds, classic`.
    pub board: String,
    /// When it was last played: `2026-12-01 05:10` (UTC).
    pub when: String,
    /// Whether the game is over.
    pub finished: bool,
    /// The program playing it now, in words (`process 1234`), if one is.
    pub in_use: Option<String>,
}

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
}

/// The lines of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A new game.
    NewGame,
    /// An unfinished game.
    Continue,
    /// A game to replay.
    Replay,
    /// The lesson.
    Learn,
    /// Quit.
    Quit,
}

impl Entry {
    /// The menu's lines, top down.
    pub const ALL: [Entry; 5] = [
        Entry::NewGame,
        Entry::Continue,
        Entry::Replay,
        Entry::Learn,
        Entry::Quit,
    ];

    /// The action of its shortcut key.
    pub fn action(self) -> Action {
        match self {
            Entry::NewGame => Action::Menu(Menu::NewGame),
            Entry::Continue => Action::Menu(Menu::Continue),
            Entry::Replay => Action::Menu(Menu::Replay),
            Entry::Learn => Action::Menu(Menu::Learn),
            Entry::Quit => Action::Quit,
        }
    }

    fn row(self) -> usize {
        Entry::ALL
            .iter()
            .position(|&entry| entry == self)
            .unwrap_or(0)
    }
}

/// The lines of the new-game page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// Who plays a row in the first game: a person or the computer.
    Player(Side),
    /// Holes in each row.
    Width,
    /// Seeds in each hole at the start.
    Seeds,
    /// The rules.
    Variant,
    /// A single game, or a match to some wins.
    FirstTo,
    /// Start the game.
    Play,
}

impl Field {
    /// The new-game page's lines, top down.
    pub const ALL: [Field; 7] = [
        Field::Player(Side::South),
        Field::Player(Side::North),
        Field::Width,
        Field::Seeds,
        Field::Variant,
        Field::FirstTo,
        Field::Play,
    ];
}

/// A new game as set up on the new-game page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The names given to the people playing each row (kept while the
    /// computer plays it instead); `None`: the default name, after the row
    /// in a single game and `Player 1`, `Player 2` in a match.
    pub names: BySide<Option<String>>,
    /// The level of the computer playing each row, if it does.
    pub computers: BySide<Option<Level>>,
    /// Holes in each row.
    pub width: u8,
    /// Seeds in each hole.
    pub seeds: u8,
    /// The rules.
    pub variant: Variant,
    /// Wins to take a match, or `None` for a single game.
    pub first_to: Option<u16>,
}

impl Setup {
    /// The setup a new game starts from: `config` and `players`.
    fn new(config: Config, players: &Match) -> Setup {
        let unnamed = Match::new(None, None, players.first_to);
        let names = BySide::from_fn(|side| {
            let name = players.name(side);
            (players.computer(side).is_none() && name != unnamed.name(side))
                .then(|| name.to_owned())
        });
        Setup {
            names,
            computers: BySide::from_fn(|side| players.computer(side)),
            width: config.width(),
            seeds: config.seeds(),
            variant: config.variant(),
            first_to: players.first_to,
        }
    }

    /// The board set up.
    ///
    /// # Panics
    /// Never: every setting is kept within the board's limits.
    pub fn config(&self) -> Config {
        Config::new(self.width.into(), self.seeds.into(), self.variant)
            .expect("the setup keeps to the board's limits")
    }

    /// The players set up.
    pub fn players(&self) -> Match {
        let mut players = Match::new(
            self.names.south.clone(),
            self.names.north.clone(),
            self.first_to,
        );
        for side in Side::ALL {
            players.set_computer(side, self.computers[side]);
        }
        players
    }

    /// Changes `field` one `step` (1 or -1): a person, then the computer's
    /// levels; numbers within their limits.
    fn change(&mut self, field: Field, step: i8) {
        let up = step > 0;
        match field {
            Field::Player(side) => {
                let number = self.computers[side].map_or(0, Level::number);
                let max = Level::MAX.number();
                let next = if up {
                    (number + 1) % (max + 1)
                } else {
                    (number + max) % (max + 1)
                };
                self.computers[side] = Level::new(next);
            }
            Field::Width => self.width = stepped(self.width, up, MIN_WIDTH, MAX_WIDTH),
            Field::Seeds => self.seeds = stepped(self.seeds, up, MIN_SEEDS, MAX_SEEDS),
            Field::Variant => {
                self.variant = match self.variant {
                    Variant::Classic => Variant::Cross,
                    Variant::Cross => Variant::Classic,
                };
            }
            // A single game, then matches to 2, 3, … wins.
            Field::FirstTo => {
                let wins = self.first_to.unwrap_or(1);
                let wins = if up {
                    (wins + 1).min(MAX_FIRST_TO)
                } else {
                    wins.saturating_sub(1)
                };
                self.first_to = Some(wins).filter(|&wins| wins > 1);
            }
            Field::Play => {}
        }
    }
}

/// `value` one step up or down, within `min..=max`.
fn stepped(value: u8, up: bool, min: u8, max: u8) -> u8 {
    if up {
        value.saturating_add(1).min(max)
    } else {
        value.saturating_sub(1).max(min)
    }
}

/// What is being typed on the start screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The name of the person playing a row.
    Name(Side),
    /// The path of a record file to replay.
    Path,
}

/// A saved game or a record file to open, for [`Effect::Open`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Continue the saved game of this ID (as `--resume ID`).
    Resume(String),
    /// Show this record file in the replay viewer.
    Replay(PathBuf),
}

/// The state of the start screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    page: Page,
    row: usize,
    setup: Setup,
    saved: Vec<SavedGame>,
    typing: Option<(Typed, String)>,
    path: String,
}

/// What the app does after a start-screen action.
enum Next {
    Stay,
    Quit,
    Play,
    Learn,
    Open(Opening),
    Say(Tone, String),
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
            typing: None,
            path: String::new(),
        }
    }

    /// The page shown.
    pub fn page(&self) -> Page {
        self.page
    }

    /// The selected line of the page.
    pub fn row(&self) -> usize {
        self.row
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
            .filter(|saved| !saved.finished && saved.moves > 0)
    }

    /// Every saved game, newest first.
    pub fn saved(&self) -> &[SavedGame] {
        &self.saved
    }

    /// The number of lines of the page shown.
    pub fn rows(&self) -> usize {
        match self.page {
            Page::Menu => Entry::ALL.len(),
            Page::NewGame => Field::ALL.len(),
            Page::Continue => self.unfinished().count(),
            // A record file, then the saved games.
            Page::Replay => 1 + self.saved.len(),
        }
    }

    /// Whether `menu` does something on the page shown, so that the key
    /// bar offers it.
    pub fn offers(&self, menu: Menu) -> bool {
        let value = self.page == Page::NewGame && Field::ALL[self.row] != Field::Play;
        match menu {
            Menu::Up | Menu::Down => self.rows() > 1,
            Menu::Less | Menu::More => value,
            Menu::Choose => self.rows() > 0,
            Menu::NewGame | Menu::Continue | Menu::Replay | Menu::Learn => self.page == Page::Menu,
            Menu::Play => self.page == Page::NewGame,
            Menu::OpenFile => self.page == Page::Replay,
            Menu::Back => self.page != Page::Menu,
            Menu::Type(_) | Menu::Erase | Menu::Done | Menu::Cancel => self.typing.is_some(),
        }
    }

    fn go_to(&mut self, page: Page, row: usize) {
        self.page = page;
        self.row = row;
    }

    fn act(&mut self, menu: Menu) -> Next {
        if let Some((typed, text)) = &mut self.typing {
            let typed = *typed;
            match menu {
                Menu::Type(c) if text.chars().count() < MAX_TYPED => text.push(c),
                Menu::Erase => {
                    text.pop();
                }
                Menu::Done => return self.typed(typed),
                Menu::Cancel => self.typing = None,
                _ => {}
            }
            return Next::Stay;
        }
        match menu {
            Menu::Up | Menu::Down if self.rows() > 0 => {
                let rows = self.rows();
                let step = if menu == Menu::Up { rows - 1 } else { 1 };
                self.row = (self.row + step) % rows;
            }
            Menu::Back => match self.page {
                Page::Menu => return Next::Quit,
                Page::NewGame => self.go_to(Page::Menu, Entry::NewGame.row()),
                Page::Continue => self.go_to(Page::Menu, Entry::Continue.row()),
                Page::Replay => self.go_to(Page::Menu, Entry::Replay.row()),
            },
            Menu::NewGame if self.page == Page::Menu => return self.enter(Entry::NewGame),
            Menu::Continue if self.page == Page::Menu => return self.enter(Entry::Continue),
            Menu::Replay if self.page == Page::Menu => return self.enter(Entry::Replay),
            Menu::Learn if self.page == Page::Menu => return self.enter(Entry::Learn),
            Menu::Choose => return self.choose(),
            Menu::Less | Menu::More if self.page == Page::NewGame => {
                let step = if menu == Menu::More { 1 } else { -1 };
                self.setup.change(Field::ALL[self.row], step);
            }
            Menu::Play if self.page == Page::NewGame => return Next::Play,
            Menu::OpenFile if self.page == Page::Replay => {
                self.row = 0;
                return self.choose();
            }
            _ => {}
        }
        Next::Stay
    }

    /// Chooses the selected line.
    fn choose(&mut self) -> Next {
        match self.page {
            Page::Menu => self.enter(Entry::ALL[self.row]),
            Page::NewGame => match Field::ALL[self.row] {
                Field::Play => Next::Play,
                Field::Player(side) if self.setup.computers[side].is_none() => {
                    let name = self.setup.players().name(side).to_owned();
                    self.typing = Some((Typed::Name(side), name));
                    Next::Stay
                }
                _ => {
                    self.row += 1;
                    Next::Stay
                }
            },
            Page::Continue => match self.unfinished().nth(self.row) {
                Some(saved) => Next::Open(Opening::Resume(saved.id.clone())),
                None => Next::Stay,
            },
            Page::Replay => match self.row.checked_sub(1) {
                None => {
                    self.typing = Some((Typed::Path, self.path.clone()));
                    Next::Stay
                }
                Some(index) => Next::Open(Opening::Replay(self.saved[index].path.clone())),
            },
        }
    }

    /// Opens the page of a menu line.
    fn enter(&mut self, entry: Entry) -> Next {
        self.row = entry.row();
        match entry {
            Entry::NewGame => self.go_to(Page::NewGame, 0),
            Entry::Continue if self.unfinished().next().is_none() => {
                let key = Keymap::Start.key_of(Action::Menu(Menu::NewGame));
                return Next::Say(
                    Tone::Error,
                    format!("No unfinished game: {} starts a new one", key.name(6)),
                );
            }
            Entry::Continue => self.go_to(Page::Continue, 0),
            // The newest saved game first, else the record file's line.
            Entry::Replay => self.go_to(Page::Replay, usize::from(!self.saved.is_empty())),
            Entry::Learn => return Next::Learn,
            Entry::Quit => return Next::Quit,
        }
        Next::Stay
    }

    /// Keeps what was typed: a name (blank: the default name), or the path
    /// of the record file to replay.
    fn typed(&mut self, typed: Typed) -> Next {
        let Some((_, text)) = self.typing.take() else {
            return Next::Stay;
        };
        let text = text.trim().to_owned();
        match typed {
            Typed::Name(side) => {
                self.setup.names[side] = Some(text).filter(|name| !name.is_empty());
                Next::Stay
            }
            Typed::Path if text.is_empty() => Next::Stay,
            Typed::Path => {
                self.path.clone_from(&text);
                Next::Open(Opening::Replay(PathBuf::from(text)))
            }
        }
    }

    /// A click on line `row`: on the new-game page the first click selects
    /// a line and the next changes it (or chooses it); elsewhere it chooses.
    fn click(&mut self, row: usize) -> Next {
        if self.typing.is_some() || row >= self.rows() {
            return Next::Stay;
        }
        if self.page == Page::NewGame {
            let field = Field::ALL[row];
            if self.row != row {
                self.row = row;
                return Next::Stay;
            }
            let changes = match field {
                Field::Play => false,
                Field::Player(side) => self.setup.computers[side].is_some(),
                _ => true,
            };
            if changes {
                self.setup.change(field, 1);
                return Next::Stay;
            }
        }
        self.row = row;
        self.choose()
    }
}

impl App {
    /// The start screen, with a new game of `config` for `players` set up
    /// and the `saved` games (newest first) to continue or replay.
    pub fn start(config: Config, players: &Match, saved: Vec<SavedGame>) -> App {
        let mut app = App::new(config, Match::default());
        app.screen = Screen::Start(Box::new(Start::new(config, players, saved)));
        app
    }

    /// The start screen, while it is shown.
    pub fn start_screen(&self) -> Option<&Start> {
        match &self.screen {
            Screen::Start(start) => Some(start),
            _ => None,
        }
    }

    /// Goes on as `next` (a game or a record opened from the start screen),
    /// keeping this run's settings: animation, speed, preview, thinking time.
    pub fn replace_with(&mut self, mut next: App) {
        next.animate = self.animate;
        next.speed = self.speed;
        next.preview = self.preview;
        next.think = self.think;
        *self = next;
    }

    pub(super) fn start_offers(&self, action: Action) -> bool {
        match (&self.screen, action) {
            (Screen::Start(start), Action::Menu(menu)) => start.offers(menu),
            _ => true,
        }
    }

    pub(super) fn start_act(&mut self, action: Action) {
        let Screen::Start(start) = &mut self.screen else {
            return;
        };
        let next = match action {
            Action::Help => {
                self.mode = Mode::Help;
                Next::Stay
            }
            Action::CloseHelp => {
                self.mode = Mode::Play;
                Next::Stay
            }
            Action::Quit | Action::QuitNow => Next::Quit,
            Action::Click(Target::Item(row)) => start.click(row),
            Action::Menu(menu) => start.act(menu),
            _ => Next::Stay,
        };
        match next {
            Next::Stay => {}
            Next::Quit => self.quit = true,
            Next::Play => {
                let setup = start.setup().clone();
                self.replace_with(App::new(setup.config(), setup.players()));
                self.effects.push(Effect::RememberGame);
            }
            Next::Learn => self.replace_with(App::learn()),
            Next::Open(opening) => self.effects.push(Effect::Open(opening)),
            Next::Say(tone, text) => self.notify(tone, text),
        }
    }
}
