//! Playing on from the position a viewer shows (`p`): a small question
//! first, who plays each side (the new-game page's player lines), then the
//! record up to there becomes the app's game; and the review of a game just
//! ended (the game-over box's `l`), which the quit key closes.

use super::super::actions::{Action, GameAction, ViewerAction};
use super::super::component::{Ask, Component, Lent};
use super::super::keys::Keymap;
use super::super::start::{Setup, SetupField};
use super::super::{Match, Tone};
use super::Viewer;
use endodoi_core::record::{Record, Tags};
use endodoi_core::rules::Side;

/// Who plays each side of the game played on from the position shown, as
/// the new-game page's player lines set it: a person or the computer at a
/// level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOn {
    /// The players chosen (the board's settings are the record's).
    setup: Setup,
    /// The side whose line is selected.
    side: Side,
}

impl PlayOn {
    /// The players chosen.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The side whose line is selected.
    pub fn side(&self) -> Side {
        self.side
    }
}

/// The question takes its keys: its lines change, and the viewer hears
/// whether the game begins.
impl Component for PlayOn {
    fn keymap(&self) -> Keymap {
        Keymap::PLAY_ON
    }

    fn update(&mut self, action: Action, _lent: Lent<'_>) -> Vec<Ask> {
        match action {
            Action::Viewer(ViewerAction::OtherSide) => self.side = self.side.opponent(),
            Action::Viewer(ViewerAction::ChangePlayer(step)) => {
                self.setup.change(SetupField::Player(self.side), step);
            }
            _ => {}
        }
        Vec::new()
    }
}

impl Viewer {
    /// The game just ended (`record`, played by `players`), opened in the
    /// viewer at its last move (the game-over box's review key); quitting
    /// the viewer comes back to it.
    pub(crate) fn review(record: Record, players: Match) -> Viewer {
        let mut viewer = Viewer::new(record, players, "this game", None);
        viewer.back_to_game = true;
        viewer.view_ply(viewer.total());
        viewer
    }

    /// The question's keys: `p` asks it, the others answer it.
    pub(super) fn answer_play_on(&mut self, replay: ViewerAction, lent: Lent<'_>) -> Vec<Ask> {
        let mut asks = Vec::new();
        match replay {
            ViewerAction::TakeOver => self.ask_players(),
            ViewerAction::OtherSide | ViewerAction::ChangePlayer(_) => {
                if let Some(play_on) = &mut self.play_on {
                    asks.extend(play_on.update(Action::Viewer(replay), lent));
                }
            }
            ViewerAction::BeginGame => {
                if let Some(play_on) = self.play_on.take() {
                    self.players = play_on.setup.players();
                    // A single game, its players' names in its tags (a
                    // computer's name says its level, for `--resume`).
                    for tag in [Tags::MATCH, Tags::ROUND, Tags::SCORE] {
                        self.record.tags.remove(tag);
                    }
                    self.players.write_tags(&mut self.record);
                    asks.extend(self.take_over());
                }
            }
            ViewerAction::CancelGame => self.play_on = None,
            _ => {}
        }
        asks
    }

    /// Asks who plays each side of the game played on from the position
    /// shown: at first, the record's players (a single game, whatever match
    /// the record was part of); the line of the side to move selected.
    fn ask_players(&mut self) {
        self.autoplay = None;
        let game = &self.record.game;
        let mut setup = Setup::new(game.config(), &self.players);
        setup.first_to = None;
        let side = game.to_move().unwrap_or(Side::South);
        self.play_on = Some(PlayOn { setup, side });
    }

    /// Leaves the viewer for a game that goes on from the position shown; the
    /// moves after it are dropped from the game (never from the file).
    fn take_over(&mut self) -> Vec<Ask> {
        let game = &mut self.record.game;
        let ply = game.ply();
        game.forget_redo();
        // A new game: dated when first saved, its clocks full, and the
        // record's ending (a resignation, a draw agreed) not its own.
        self.record.tags.remove(Tags::DATE);
        self.record.tags.remove(Tags::CLOCK);
        self.record.tags.remove(Tags::TERMINATION);
        let width = self.record.game.config().width();
        let key = |play| Keymap::GAME.key_of(Action::Game(play)).name(width);
        let text = match self.record.game.to_move() {
            Some(side) => format!(
                "Your game from move {ply}: {} to move · {} undoes, {} saves",
                self.players.name(side),
                key(GameAction::Undo),
                key(GameAction::Save)
            ),
            None => format!(
                "Your game from move {ply}: it is over · {} undoes, {} starts anew",
                key(GameAction::Undo),
                key(GameAction::NewGame)
            ),
        };
        let mut asks = vec![Ask::Still, Ask::Play, Ask::Say(Tone::Info, text)];
        if ply > 0 {
            asks.push(Ask::Autosave);
        }
        asks
    }
}
