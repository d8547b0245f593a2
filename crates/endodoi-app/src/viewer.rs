//! The replay viewer: a record shown move by move, and taken over as a game.
//!
//! The viewer is a screen of its own ([`Screen::Viewer`](super::Screen::Viewer)) holding the record
//! it shows: its game is the record's game rewound with [`Game::undo`], so
//! stepping forward is [`Game::redo`] (whose report the sowing animation
//! plays), the moves still to come are the game's redo moves, and the board,
//! history and animation are drawn as in a game. Its keys are its own
//! ([`ViewerAction`]); `Viewer::update` changes only the viewer and the board
//! the router lends it, and returns what it asks of the router. `p` asks
//! who plays each side ([`PlayOn`]), then drops the moves after the position
//! shown and the record becomes the app's game, an ordinary game of that
//! position; the record's file is never written. The `a` key has the engine judge every move, in the background
//! ([`Effect::Analyze`]), as `endodoi analyze` does.
//!
//! ```
//! use endodoi_app::{App, Setting};
//! use endodoi_core::record::Record;
//! use endodoi_app::input::{KeyCode, KeyEvent};
//!
//! let record = Record::read("1. A+2 b+3 2. A+2 e+10 *")?;
//! let mut app = App::review(record, "sample", None);
//! assert_eq!(app.record().game.ply(), 0);
//! app.set(Setting::Animation(false));
//! app.handle_key(KeyEvent::from(KeyCode::End));
//! assert_eq!(app.record().game.ply(), 4);
//! app.handle_key(KeyEvent::from(KeyCode::Left));
//! assert_eq!(app.record().game.ply(), 3);
//! # Ok::<(), endodoi_core::record::RecordError>(())
//! ```

mod keys;
mod play_on;

use std::collections::BTreeMap;
use std::time::Duration;

use super::actions::{Action, Target, ViewerAction};
use super::component::{Ask, Component, Lent, Shown};
use super::keys::{Binding, Keymap};
use super::{AnalysisRequest, Effect, Match, Tone, seed_time};
use crate::analysis::{ExactMark, MoveAnalysis};
use endodoi_core::record::{Record, Verdict};
use endodoi_core::rules::{Game, MoveReport};
use endodoi_engine::Limits;
pub use play_on::PlayOn;

/// The pause between two moves when the game plays itself, in seeds' time
/// at the current speed (0.8 s at the default speed).
const AUTOPLAY_PAUSE: u32 = 10;
/// Digits a move number may have.
const MAX_DIGITS: usize = 6;
/// A move that gives away more than this many seeds against the engine's
/// choice is marked a mistake (as `endodoi analyze` does by default).
pub const MISTAKE_THRESHOLD: u32 = 2;

/// What the viewer knows beyond the game it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Viewer {
    /// The record shown, its game rewound to the position shown.
    record: Record,
    /// Its players, as its tags name them.
    players: Match,
    source: String,
    moves: Vec<MoveReport>,
    result: String,
    verdict: Option<Verdict>,
    fault: Option<String>,
    goto: Option<usize>,
    autoplay: Option<Duration>,
    /// Whether each move shown is analysed (the `a` key).
    analysis: bool,
    /// The analyses known, by move number.
    analyses: BTreeMap<usize, MoveAnalysis>,
    /// Whether the record's analysis was asked for (it is asked once).
    analysis_asked: bool,
    /// The move being analysed and for how long.
    analysing: Option<(usize, Duration)>,
    /// Whether the record is the game just ended, opened from its
    /// game-over box: quitting goes back to it.
    back_to_game: bool,
    /// The question `p` asks before the game played on begins, while it
    /// is asked.
    play_on: Option<PlayOn>,
}

impl Viewer {
    /// Where the record came from: a file name, or `--moves`.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Every move of the record, with what it did.
    pub fn moves(&self) -> &[MoveReport] {
        &self.moves
    }

    /// The number of moves in the record.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// How the record ends: `S-N` when the rules ended the game, `1-0`,
    /// `0-1` or `1/2-1/2` when the players did (a resignation, a draw
    /// agreed, a clock), else `*`.
    pub fn result(&self) -> &str {
        &self.result
    }

    /// How the record's game ended, if it is over (by the rules, or ended
    /// before them: a `*` record may hold a resignation).
    pub fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// Why the record could be read only as far as it was (`--until-error`).
    pub fn fault(&self) -> Option<&str> {
        self.fault.as_deref()
    }

    /// The move number being typed, if any.
    pub fn goto(&self) -> Option<usize> {
        self.goto
    }

    /// Whether the game is playing itself.
    pub fn autoplaying(&self) -> bool {
        self.autoplay.is_some()
    }

    /// Whether each move shown is analysed.
    pub fn analysis_on(&self) -> bool {
        self.analysis
    }

    /// The analysis of move `ply`, once known.
    pub fn analysis_of(&self, ply: usize) -> Option<&MoveAnalysis> {
        self.analyses.get(&ply)
    }

    /// The mark of move `ply` in the move list once analysis is on and the
    /// move judged: by an exact analysis, its exact mark (`??`, `?`, `!`);
    /// by an estimate, `??` for a certain mistake (perfect play proves the
    /// loss), `?` for a mistake; nothing for a good move.
    pub fn mark(&self, ply: usize) -> &'static str {
        match self.analyses.get(&ply) {
            Some(judged) if self.analysis => match &judged.proven {
                Some(proven) => proven.mark.map_or("", ExactMark::text),
                None if judged.certain => "??",
                None if judged.mistake => "?",
                None => "",
            },
            _ => "",
        }
    }

    /// The moves analysed so far.
    pub fn analysed(&self) -> usize {
        self.analyses.len()
    }

    /// The move being analysed in the background and for how long, if any
    /// (move 0: the record, awaited at its start).
    pub fn analysing(&self) -> Option<(usize, Duration)> {
        self.analysing
    }

    /// The question `p` asks (who plays each side), while it is asked.
    pub fn play_on(&self) -> Option<&PlayOn> {
        self.play_on.as_ref()
    }

    /// Whether the record is the game just ended, which quitting goes back to.
    pub fn back_to_game(&self) -> bool {
        self.back_to_game
    }

    /// Stops the record playing by itself and forgets a number typed, as
    /// help opens over it.
    pub(super) fn pause(&mut self) {
        self.autoplay = None;
        self.goto = None;
    }
}

impl Viewer {
    /// The move that led to the position shown, if any.
    pub fn viewed_move(&self) -> Option<&MoveReport> {
        let ply = self.record.game.ply();
        self.moves.get(ply.checked_sub(1)?)
    }

    /// The analysis of the move leading to the position shown, if known.
    pub fn viewed_analysis(&self) -> Option<&MoveAnalysis> {
        self.analysis_of(self.record.game.ply())
    }

    /// The quit key's word: `close` for a review of the game just ended,
    /// else as the `desk` says (`menu` where it goes back to the start
    /// screen, `quit`).
    pub fn quit_word(&self, shown: Shown<'_>) -> &'static str {
        if self.back_to_game {
            "close"
        } else {
            shown.quit_word()
        }
    }
}

/// Whether the viewer's key bar offers `action`, as
/// [`Viewer::offers`](Component::offers) says.
fn offers(viewer: &Viewer, sowing: bool, action: Action) -> bool {
    let speed = matches!(action, Action::Faster | Action::Slower);
    if action == Action::Viewer(ViewerAction::Flip) {
        true
    } else if viewer.autoplaying() {
        speed
            || matches!(
                action,
                Action::Viewer(
                    ViewerAction::Autoplay | ViewerAction::StepBack | ViewerAction::StepForward
                ) | Action::Quit
            )
    } else if sowing {
        speed || action == Action::Viewer(ViewerAction::Skip)
    } else {
        !speed && action != Action::Viewer(ViewerAction::Skip)
    }
}

impl Viewer {
    /// The viewer of `record` played by `players`, at its start position.
    /// `source` names it; `fault` says why a faulty record stops where it
    /// does.
    pub(super) fn new(
        mut record: Record,
        players: Match,
        source: &str,
        fault: Option<String>,
    ) -> Viewer {
        let verdict = record.verdict();
        // One verdict everywhere: a game resigned or agreed is `0-1`,
        // `1/2-1/2`, … in the move list too, though its file keeps `*`.
        let result = verdict.map_or_else(|| record.result_token(), |verdict| verdict.result());
        let (game, moves) = rewound(&record.game);
        record.game = game;
        Viewer {
            record,
            players,
            source: source.to_owned(),
            moves,
            result,
            verdict,
            fault,
            goto: None,
            autoplay: None,
            analysis: false,
            analyses: BTreeMap::new(),
            analysis_asked: false,
            analysing: None,
            back_to_game: false,
            play_on: None,
        }
    }
}

/// The record's game replayed from its start position: every move's
/// report, and the game rewound to its start with every move left to redo.
fn rewound(game: &Game) -> (Game, Vec<MoveReport>) {
    let mut replay = game.clone();
    replay.forget_redo();
    while replay.undo().is_some() {}
    let moves = std::iter::from_fn(|| replay.redo()).collect();
    while replay.undo().is_some() {}
    (replay, moves)
}

impl Viewer {
    /// The record shown, its game at the position shown.
    pub(super) fn record(&self) -> &Record {
        &self.record
    }

    /// The record's players.
    pub(super) fn players(&self) -> &Match {
        &self.players
    }

    /// The record and its players, for the game taken over.
    pub(super) fn into_game(self) -> (Record, Match) {
        (self.record, self.players)
    }

    /// Does what `replay` asks, on the board lent; returns what it asks of
    /// the router, in order. Flipping the board only flips it (a sowing
    /// shown and the record playing itself go on); any other key ends a
    /// sowing, then acts.
    fn replay(&mut self, lent: Lent<'_>, replay: ViewerAction) -> Vec<Ask> {
        // A view only: the sowing shown and the record playing go on.
        if replay == ViewerAction::Flip {
            return vec![Ask::Say(Tone::Info, lent.view.flip())];
        }
        let mut asks = Vec::new();
        if lent.sowing {
            asks.push(Ask::Still);
        }
        let goto = self.goto.take();
        match replay {
            ViewerAction::Digit(digit) => {
                let digits = goto.map_or(0, |n| n.to_string().len());
                let typed = goto.unwrap_or(0) * 10 + usize::from(digit);
                self.goto = Some(if digits < MAX_DIGITS {
                    typed
                } else {
                    goto.unwrap_or(0)
                });
            }
            ViewerAction::EraseDigit => self.goto = goto.map(|n| n / 10).filter(|&n| n > 0),
            ViewerAction::GoTo => {
                if let Some(ply) = goto {
                    asks.extend(self.go_to_typed(ply));
                }
            }
            ViewerAction::StepForward => asks.extend(self.step_forward()),
            ViewerAction::StepBack => asks.extend(self.step_back()),
            ViewerAction::Start => asks.extend(self.view_ply(0)),
            ViewerAction::End => asks.extend(self.view_ply(self.total())),
            ViewerAction::Autoplay => asks.extend(self.toggle_autoplay()),
            ViewerAction::TakeOver
            | ViewerAction::OtherSide
            | ViewerAction::ChangePlayer(_)
            | ViewerAction::BeginGame
            | ViewerAction::CancelGame => asks.extend(self.answer_play_on(replay, lent)),
            ViewerAction::Analysis => asks.extend(self.toggle_analysis()),
            // Flipped above; the others only end a sowing (or a number typed).
            ViewerAction::Flip | ViewerAction::CancelGoTo | ViewerAction::Skip => {}
        }
        asks
    }

    /// A click: it ends a sowing or closes help; on a move of the list, it
    /// shows the position after it.
    fn click(&mut self, target: Target) -> Vec<Ask> {
        let mut asks = vec![Ask::Still];
        if let Target::Move(ply) = target {
            asks.extend(self.view_ply(ply));
        }
        asks
    }

    /// Lets `elapsed` time pass, while a sowing is shown or not (`sowing`),
    /// at `speed`: the next move is sown once the last one has been shown
    /// and a pause has passed, if the record plays itself.
    pub(super) fn tick(&mut self, elapsed: Duration, sowing: bool, speed: u8) -> Vec<Ask> {
        if let Some((_, waited)) = self.analysing.as_mut() {
            *waited += elapsed;
        }
        if sowing {
            return Vec::new();
        }
        let pause = seed_time(speed) * AUTOPLAY_PAUSE;
        let Some(waited) = self.autoplay.as_mut() else {
            return Vec::new();
        };
        *waited += elapsed;
        if *waited < pause {
            return Vec::new();
        }
        *waited = Duration::ZERO;
        self.sow_next()
    }

    fn toggle_autoplay(&mut self) -> Vec<Ask> {
        if self.autoplay.take().is_some() {
            return vec![Ask::Say(Tone::Info, "Paused".to_owned())];
        }
        if self.record.game.redo_moves().is_empty() {
            let asks = self.view_ply(0);
            self.autoplay = Some(Duration::ZERO);
            asks
        } else {
            self.autoplay = Some(Duration::ZERO);
            self.sow_next()
        }
    }

    fn step_forward(&mut self) -> Vec<Ask> {
        self.autoplay = None;
        if self.record.game.redo_moves().is_empty() {
            let text = match self.fault() {
                Some(fault) => format!("The record stops here: {fault}"),
                None => "This is the end of the record".to_owned(),
            };
            vec![Ask::Say(Tone::Error, text)]
        } else {
            self.sow_next()
        }
    }

    fn step_back(&mut self) -> Vec<Ask> {
        self.autoplay = None;
        if self.record.game.undo().is_none() {
            vec![Ask::Say(
                Tone::Error,
                "This is the start of the game".to_owned(),
            )]
        } else {
            Vec::new()
        }
    }

    /// Sows the next move of the record (animated if animation is on); the
    /// game playing itself stops after the last move.
    fn sow_next(&mut self) -> Vec<Ask> {
        let before = *self.record.game.position();
        let asks = self
            .record
            .game
            .redo()
            .map(|report| Ask::Sow(before, report))
            .into_iter()
            .collect();
        if self.record.game.redo_moves().is_empty() {
            self.autoplay = None;
        }
        asks
    }

    fn go_to_typed(&mut self, ply: usize) -> Vec<Ask> {
        let total = self.total();
        if ply > total {
            vec![Ask::Say(
                Tone::Error,
                format!("No move {ply}: the record has {total} moves"),
            )]
        } else {
            self.view_ply(ply)
        }
    }

    /// Shows the position after move `ply` (0: the start), at once.
    fn view_ply(&mut self, ply: usize) -> Vec<Ask> {
        self.autoplay = None;
        let game = &mut self.record.game;
        while game.ply() > ply && game.undo().is_some() {}
        while game.ply() < ply && game.redo().is_some() {}
        vec![Ask::Still]
    }

    /// The viewer's `a` key: analysis of each move shown, on or off.
    fn toggle_analysis(&mut self) -> Vec<Ask> {
        self.analysis = !self.analysis;
        if self.analysis {
            Vec::new()
        } else {
            vec![Ask::Say(Tone::Info, "Analysis off".to_owned())]
        }
    }

    /// Asks for the analysis of the whole record the first time it is
    /// wanted, and notes whether the move shown is still awaited.
    pub(super) fn update_analysis(&mut self) -> Vec<Ask> {
        let ply = self.record.game.ply();
        // At the start no move is shown, but the whole record is awaited.
        let done = if ply == 0 {
            self.analyses.len() >= self.total()
        } else {
            self.analyses.contains_key(&ply)
        };
        if !self.analysis || done {
            self.analysing = None;
            return Vec::new();
        }
        if self.analysing.is_none_or(|(awaited, _)| awaited != ply) {
            self.analysing = Some((ply, Duration::ZERO));
        }
        if self.analysis_asked {
            return Vec::new();
        }
        self.analysis_asked = true;
        let mut game = self.record.game.clone();
        while game.redo().is_some() {}
        vec![Ask::Effect(Box::new(Effect::Analyze(AnalysisRequest {
            game,
            limits: Limits::nodes(crate::analysis::DEFAULT_NODES),
            threshold: MISTAKE_THRESHOLD,
        })))]
    }
}

impl Viewer {
    /// The analysis of move `ply` of the record, from the event loop; the
    /// analysis is then brought up to the position shown.
    pub(super) fn analysis_found(&mut self, ply: usize, analysis: MoveAnalysis) -> Vec<Ask> {
        self.analyses.insert(ply, analysis);
        self.update_analysis()
    }
}

impl Component for Viewer {
    /// The viewer's keys; while a move number is typed, those of typing it;
    /// while it asks who plays on, the question's.
    fn keymap(&self) -> Keymap {
        match (&self.play_on, self.goto) {
            (Some(play_on), _) => play_on.keymap(),
            (None, Some(_)) => Keymap::GO_TO,
            (None, None) => Keymap::VIEWER,
        }
    }

    fn update(&mut self, action: Action, lent: Lent<'_>) -> Vec<Ask> {
        match action {
            Action::Viewer(replay) => self.replay(lent, replay),
            Action::Click(target) => self.click(target),
            _ => Vec::new(),
        }
    }

    /// While the viewer's own keys are in force: while a move is sown,
    /// the speed and skipping it; while the record plays itself, pausing,
    /// the speed, stepping and quitting; else all but those of a sowing.
    /// Flipping the board, at any time.
    fn offers(&self, action: Action, shown: Shown<'_>) -> bool {
        self.keymap() != Keymap::VIEWER || offers(self, shown.sowing, action)
    }

    /// The key that plays the record by itself pauses it while it plays;
    /// the quit key's word says where it goes.
    fn label(&self, binding: &Binding, shown: Shown<'_>) -> &'static str {
        match binding.action {
            Action::Viewer(ViewerAction::Autoplay) if self.autoplaying() => "pause",
            Action::Quit => self.quit_word(shown),
            _ => binding.label,
        }
    }
}
