//! The router's work: a key or a click goes to the component it belongs
//! to, time passes for the components that move by themselves, and what
//! the components ask ([`Ask`]) is carried out.

use std::collections::BTreeSet;
use std::time::Duration;

use super::input::{KeyEvent, KeyEventKind};
use super::{
    Action, App, Ask, Component, Confirm, Effect, GameAction, GameInPlay, HelpPopup, Lent, Mode,
    OpenTarget, PuzzleSet, Screen, Snapshot, Tone, Viewer,
};

impl App {
    /// Acts on a key: the action the keys in force give it, if any; only
    /// presses count (no repeats or releases).
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        if let Some(action) = self.front().keymap().action_for(key) {
            self.act(action);
        } else {
            self.desk.line.clear();
            self.update_computer();
        }
    }

    /// Does what `action` asks, as its key does on the screen in force (a
    /// click: as [`super::Target`] says); clears the message line first.
    /// The router's own actions (quitting, help, the sowing's speed) are
    /// done here; a popup's go to the popup shown, a screen's to the
    /// screen, which does only its own.
    pub fn act(&mut self, action: Action) {
        self.desk.line.clear();
        let returns_to_menu = self.desk.from_menu && !matches!(self.screen, Screen::Start(_));
        let sowing = self.desk.sowing().is_some();
        let board = matches!(
            self.screen,
            Screen::Game | Screen::Lesson(_) | Screen::Puzzle(_)
        );
        let asks = match action {
            Action::QuitNow => vec![Ask::Quit],
            // Where the quit key goes back to the menu, the menu key is it.
            Action::Quit => quit(&self.screen, &self.table, returns_to_menu),
            Action::Game(GameAction::Menu) if returns_to_menu => {
                quit(&self.screen, &self.table, returns_to_menu)
            }
            // Help from its first page (the viewer pauses).
            Action::Help => {
                if let Screen::Viewer(viewer) = &mut self.screen {
                    viewer.pause();
                }
                self.desk.mode = Mode::Help(HelpPopup::default());
                Vec::new()
            }
            Action::Faster | Action::Slower => {
                self.desk
                    .change_speed(if action == Action::Faster { 1 } else { -1 });
                vec![Ask::RememberDisplay]
            }
            // On the board, any click ends a sowing or closes help, and
            // does nothing else then; in a game a question waits for its
            // answer (the lesson asks none).
            Action::Click(_) if board && !self.desk.still() => match self.desk.mode {
                Mode::Confirm(_) if self.screen == Screen::Game => Vec::new(),
                _ => vec![Ask::Close],
            },
            Action::Yes | Action::No | Action::CloseHelp | Action::HelpPage | Action::Skip => {
                let lent = Lent {
                    view: &mut self.desk.view,
                    sowing,
                };
                match &mut self.desk.mode {
                    Mode::Help(help) => help.update(action, lent),
                    Mode::Confirm(question) => question.update(action, lent),
                    Mode::Sowing(shown) => shown.update(action, lent),
                    Mode::Play => Vec::new(),
                }
            }
            _ => {
                let lent = Lent {
                    view: &mut self.desk.view,
                    sowing,
                };
                match &mut self.screen {
                    Screen::Game => self.table.update(action, lent),
                    Screen::Viewer(viewer) => viewer.update(action, lent),
                    Screen::Lesson(learning) => learning.update(action, lent),
                    Screen::Start(start) => start.update(action, lent),
                    Screen::Puzzle(puzzles) => puzzles.update(action, lent),
                }
            }
        };
        self.ask(asks);
        self.update_computer();
    }

    /// Lets `elapsed` time pass for the animation, the computer's thinking,
    /// the players' clocks (and for the viewer playing a record by itself).
    pub fn tick(&mut self, elapsed: Duration) {
        if self.screen == Screen::Game {
            let sowing = self.desk.sowing().is_some();
            let asks = self.table.run_clocks(elapsed, sowing, self.desk.view.bell);
            self.ask(asks);
        }
        self.desk.advance(elapsed);
        self.table.tick(elapsed, self.desk.still());
        let sowing = self.desk.sowing().is_some();
        if let Screen::Viewer(viewer) = &mut self.screen {
            let asks = viewer.tick(elapsed, sowing, self.desk.view.speed);
            self.ask(asks);
        }
        self.update_computer();
    }

    /// Does what a component asks, in order. Work for the event loop is
    /// handed on with what it needs of the app as the app then is.
    pub(super) fn ask(&mut self, asks: Vec<Ask>) {
        for ask in asks {
            match ask {
                Ask::Effect(effect) => self.desk.effects.push(*effect),
                Ask::Autosave => {
                    let snapshot = Snapshot::of(self);
                    self.desk.effects.push(Effect::Autosave(snapshot));
                }
                Ask::Export => {
                    let snapshot = Snapshot::of(self);
                    self.desk.effects.push(Effect::Export(snapshot));
                }
                Ask::RememberDisplay => self.desk.effects.push(Effect::RememberDisplay {
                    speed: self.desk.view.speed,
                    preview: self.desk.view.preview_shown(self.players()),
                }),
                Ask::RememberGame => self.desk.effects.push(Effect::RememberGame {
                    config: self.record().game.config(),
                    players: Box::new(self.players().clone()),
                }),
                Ask::Open(opening) => {
                    let left = Snapshot::of(self);
                    self.desk.effects.push(Effect::Open { opening, left });
                }
                Ask::Hangup(why) => {
                    let record = Box::new(self.record().clone());
                    self.desk.effects.push(Effect::Hangup { why, record });
                }
                Ask::Say(tone, text) => self.desk.line.notify(tone, text),
                Ask::Sow(before, report) => self.desk.animate(before, report),
                Ask::Still | Ask::Close => self.desk.mode = Mode::Play,
                Ask::Answer(question, yes) => {
                    let asks = self.table.answer(&mut self.desk.view, question, yes);
                    self.ask(asks);
                }
                // The lesson's last page, or the record played on from the
                // viewer, becomes the game being played. A game reviewed
                // from its end stays as it ended, in its file: the game
                // played on from it has a file of its own.
                Ask::Play => {
                    let (game, new_file) = match std::mem::replace(&mut self.screen, Screen::Game) {
                        Screen::Lesson(learning) => (Some(learning.into_game()), false),
                        Screen::Viewer(viewer) => {
                            let new_file = viewer.back_to_game();
                            (Some(viewer.into_game()), new_file)
                        }
                        Screen::Game | Screen::Start(_) | Screen::Puzzle(_) => (None, false),
                    };
                    self.table.take_over(&mut self.desk.view, game, new_file);
                }
                Ask::Review => {
                    let (record, players) = (self.table.record.clone(), self.table.players.clone());
                    self.screen = Screen::Viewer(Box::new(Viewer::review(record, players)));
                    self.desk.mode = Mode::Play;
                }
                Ask::BackToGame => {
                    self.screen = Screen::Game;
                    self.desk.view.settle(&self.table.record);
                }
                Ask::NewGame(..) | Ask::Learn => {
                    let mut next = match ask {
                        Ask::NewGame(config, players) => App::new(config, *players),
                        _ => App::learn(),
                    };
                    self.desk.carry_on(&mut next.desk);
                    next.table.think = self.table.think;
                    *self = next;
                }
                Ask::Puzzles(rating) => match PuzzleSet::shipped() {
                    Ok(set) => {
                        let id = set.nearest(rating.rating, &BTreeSet::new()).unwrap_or(1);
                        let mut next = crate::puzzle::app(set, id, rating);
                        self.desk.carry_on(&mut next.desk);
                        *self = next;
                    }
                    Err(error) => self.desk.line.notify(Tone::Error, error.to_string()),
                },
                Ask::Confirm(question) => self.desk.mode = Mode::Confirm(question),
                Ask::Withdrawn => {
                    if let Mode::Confirm(Confirm::Undo(_) | Confirm::Draw(_)) = self.desk.mode {
                        self.desk.mode = Mode::Play;
                    }
                }
                Ask::Quit => self.desk.quit = true,
            }
        }
    }

    /// The computer's turn on the screen shown: in a game, its answer
    /// played once the board is still (no sowing, help or question shown),
    /// or a search asked for; in the viewer, the analysis brought up to the
    /// position shown.
    pub(super) fn update_computer(&mut self) {
        let asks = match &mut self.screen {
            Screen::Game => {
                let still = self.desk.still();
                self.table.update_computer(&mut self.desk.view, still)
            }
            Screen::Viewer(viewer) => viewer.update_analysis(),
            Screen::Lesson(_) | Screen::Start(_) | Screen::Puzzle(_) => Vec::new(),
        };
        self.ask(asks);
    }
}

/// The quit key: back to the game a review was opened from; back to the
/// start screen the screen was opened from (a game left unfinished is
/// kept, and listed there to continue: no question); else, in an
/// unfinished game, a question first.
fn quit(screen: &Screen, table: &GameInPlay, returns_to_menu: bool) -> Vec<Ask> {
    vec![match screen {
        Screen::Viewer(viewer) if viewer.back_to_game() => Ask::BackToGame,
        _ if returns_to_menu => Ask::Open(OpenTarget::Menu),
        Screen::Game if table.unfinished() => Ask::Confirm(Confirm::Quit),
        _ => Ask::Quit,
    }]
}
