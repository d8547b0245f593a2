//! The state of the terminal game and what every key and click does to it.
//!
//! [`App`] owns all UI state: the game (as its [`Record`]), the match tally,
//! the selected hole, the sowing animation, the message line and the [`Mode`].
//! [`App::handle_key`] and [`App::handle_mouse`] only change that state; the
//! animation advances by [`App::tick`] with the elapsed time passed in, so
//! tests drive everything without a terminal or a clock. Work with side
//! effects (writing files, searching) is asked for as [`Effect`]s, which the
//! event loop hands to [`crate::save::Store`] or a worker thread; the
//! computer's side of this is in [`computer`].
//!
//! ```
//! use endodoi::app::{App, Players};
//! use endodoi::rules::{Config, Side};
//! use ratatui::crossterm::event::{KeyCode, KeyEvent};
//!
//! let mut app = App::new(Config::default(), Players::default());
//! app.handle_key(KeyEvent::from(KeyCode::Char('c')));
//! app.handle_key(KeyEvent::from(KeyCode::Enter));
//! assert_eq!(app.game().ply(), 1);
//! assert_eq!(app.game().to_move(), Some(Side::North));
//! ```
//!
//! The replay viewer ([`viewer`]) is the same app showing a record: see
//! [`App::review`].

pub mod computer;
pub mod viewer;

use std::time::Duration;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use crate::record::Record;
use crate::rules::{BySide, Config, Game, Hole, MoveReport, Position, Side};
use crate::search::{DEFAULT_THINK, Level};
use crate::ui::{self, Look};
pub use computer::{
    AnalysisRequest, COMPUTER_PAUSE, MISTAKE_THRESHOLD, Purpose, Request, Thinking, computer_name,
    level_of_name,
};
pub use viewer::Viewer;

/// The slowest animation speed.
pub const MIN_SPEED: u8 = 1;
/// The fastest animation speed.
pub const MAX_SPEED: u8 = 6;
/// The animation speed at start: 80 ms a seed.
pub const DEFAULT_SPEED: u8 = 3;
/// Time per seed at the slowest speed; each speed step halves it.
const SLOWEST_SEED: Duration = Duration::from_millis(320);
/// A sowing never takes longer than this many seeds' time at its speed
/// (3.2 s at the default speed): longer moves are sown faster.
pub const MAX_STEPS_OF_TIME: u32 = 40;

/// Record tag: wins needed to take the match.
pub const TAG_MATCH: &str = "Match";
/// What a move key answers once the game has ended.
const GAME_OVER: &str = "The game is over: n for a new game, u to undo";
/// Record tag: the game's number in its match, from 1.
pub const TAG_ROUND: &str = "Round";
/// Record tag: the match score before this game, South's player first.
pub const TAG_SCORE: &str = "Score";

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
}

/// Work with side effects that the app asks the event loop to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The game changed: write it to its autosave file.
    Autosave,
    /// The player pressed `s`: write the record where the player can find it.
    Export,
    /// Search in the background, replacing any search under way; answer with
    /// [`App::computer_moved`] or [`App::hint_found`].
    Think(Request),
    /// Stop the search under way and drop its answer.
    StopThinking,
    /// Analyse a move of the viewed record in the background; answer with
    /// [`App::analysis_found`].
    Analyze(AnalysisRequest),
}

/// How a message on the message line is meant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tone {
    /// News: a file saved, a move taken back.
    Info,
    /// A refusal: an illegal move, a key that does nothing now.
    Error,
}

/// A one-line message, shown until the next key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// How it is meant.
    pub tone: Tone,
}

/// The two players of a game or match and the match state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// The players' names; the first plays South in odd games.
    pub names: [String; 2],
    /// The level of each player the computer plays (`None`: a person).
    pub computers: [Option<Level>; 2],
    /// Wins needed to take the match, or `None` for a single game.
    pub first_to: Option<u16>,
    /// Wins of each player in the match's finished games.
    pub wins: [u16; 2],
    /// The number of the current game in the match, from 1.
    pub round: u16,
}

impl Default for Players {
    fn default() -> Players {
        Players {
            names: ["South".to_owned(), "North".to_owned()],
            computers: [None, None],
            first_to: None,
            wins: [0, 0],
            round: 1,
        }
    }
}

impl Players {
    /// Players for a new game or match; unnamed players are called after
    /// their row in a single game and "Player 1"/"Player 2" in a match, where
    /// they change rows.
    pub fn new(south: Option<String>, north: Option<String>, first_to: Option<u16>) -> Players {
        let default = |row: &str, number: u8| match first_to {
            Some(_) => format!("Player {number}"),
            None => row.to_owned(),
        };
        Players {
            names: [
                south.unwrap_or_else(|| default("South", 1)),
                north.unwrap_or_else(|| default("North", 2)),
            ],
            computers: [None, None],
            first_to,
            wins: [0, 0],
            round: 1,
        }
    }

    /// The players and match state a record's tags describe (names, `Match`,
    /// `Round`, `Score`), as [`App::record`] writes them.
    pub fn from_record(record: &Record) -> Players {
        let first_to = record
            .tag(TAG_MATCH)
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0);
        let round: u16 = record
            .tag(TAG_ROUND)
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or(1);
        let score = record.tag(TAG_SCORE).and_then(|score| {
            let (south, north) = score.split_once('-')?;
            Some([south.trim().parse().ok()?, north.trim().parse().ok()?])
        });
        let mut players = Players::new(
            record.tag("South").map(str::to_owned),
            record.tag("North").map(str::to_owned),
            first_to,
        );
        players.round = if first_to.is_some() { round } else { 1 };
        let [south_wins, north_wins] = score.unwrap_or([0, 0]);
        players.wins = [south_wins, north_wins];
        players.computers = players.names.clone().map(|name| level_of_name(&name));
        if players.south_player() == 1 {
            players.names.swap(0, 1);
            players.wins.swap(0, 1);
            players.computers.swap(0, 1);
        }
        players
    }

    /// Makes whoever plays `side` in the current game the computer at
    /// `level` (named after it), or a person again (`None`, keeping the name).
    pub fn set_computer(&mut self, side: Side, level: Option<Level>) {
        let player = self.player(side);
        self.computers[player] = level;
        if let Some(level) = level {
            self.names[player] = computer_name(level);
        }
    }

    /// The level of the computer playing `side`, or `None` for a person.
    pub fn computer(&self, side: Side) -> Option<Level> {
        self.computers[self.player(side)]
    }

    /// Whether the computer plays both sides.
    pub fn all_computers(&self) -> bool {
        self.computers.iter().all(Option::is_some)
    }

    /// Which player (0 or 1) plays South in the current game.
    pub fn south_player(&self) -> usize {
        usize::from(self.round.is_multiple_of(2))
    }

    /// Which player plays `side` in the current game.
    pub fn player(&self, side: Side) -> usize {
        match side {
            Side::South => self.south_player(),
            Side::North => 1 - self.south_player(),
        }
    }

    /// The name of whoever plays `side` in the current game.
    pub fn name(&self, side: Side) -> &str {
        &self.names[self.player(side)]
    }
}

/// A move being shown seed by seed.
///
/// The board starts as it was before the move and follows the move's laps
/// ([`MoveReport::laps`], [`crate::rules::Lap::holes`]): lift a hole, drop one
/// seed per hole; then the capture flashes. The final board is the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// What the move did.
    pub report: MoveReport,
    /// The position before the move.
    pub before: Position,
    /// Seeds shown in each hole now, each row from its owner's left.
    pub rows: BySide<Vec<u8>>,
    /// The lap being sown, 0-based (equal to the number of laps when done).
    pub lap: usize,
    /// Seeds still in hand.
    pub in_hand: u8,
    /// The hole that last received a seed, or the hole just lifted.
    pub current: Option<Hole>,
    /// Where the animation is.
    pub phase: Phase,
    lap_holes: Vec<Hole>,
    dropped: usize,
    clock: Duration,
    step: Duration,
    flash: Duration,
}

/// The stages of a sowing animation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// About to lift the seeds of the next lap's hole.
    Lift,
    /// Dropping seeds one by one.
    Sow,
    /// The capture is shown.
    Capture,
    /// Finished.
    Done,
}

impl Sowing {
    /// The animation of `report`, played from `before`, at `speed`.
    pub fn new(before: Position, report: MoveReport, speed: u8) -> Sowing {
        let rows = BySide::from_fn(|side| before.row(side).to_vec());
        let mut sowing = Sowing {
            report,
            before,
            rows,
            lap: 0,
            in_hand: 0,
            current: None,
            phase: Phase::Lift,
            lap_holes: Vec::new(),
            dropped: 0,
            clock: Duration::ZERO,
            step: Duration::ZERO,
            flash: Duration::ZERO,
        };
        sowing.set_speed(speed);
        sowing
    }

    /// Steps the animation shows: a seed dropped, or a hole lifted.
    fn steps(&self) -> u32 {
        self.report.seeds_sown + self.report.laps.len() as u32
    }

    /// Changes the pace; a long move is sown faster so that it never takes
    /// more than [`MAX_STEPS_OF_TIME`] seeds' time at `speed`.
    pub fn set_speed(&mut self, speed: u8) {
        let per_seed = seed_time(speed);
        let steps = self.steps();
        self.step = if steps > MAX_STEPS_OF_TIME {
            per_seed * MAX_STEPS_OF_TIME / steps
        } else {
            per_seed
        }
        .max(Duration::from_nanos(1));
        self.flash = (per_seed * 6).clamp(Duration::from_millis(250), Duration::from_millis(900));
    }

    /// How long the whole animation takes from its start.
    pub fn duration(&self) -> Duration {
        let steps = self.steps();
        let flash = match self.report.capture {
            Some(_) => self.flash,
            None => Duration::ZERO,
        };
        self.step * steps + flash
    }

    /// Lets `elapsed` time pass.
    pub fn advance(&mut self, elapsed: Duration) {
        self.clock += elapsed;
        while matches!(self.phase, Phase::Lift | Phase::Sow) && self.clock >= self.step {
            self.clock -= self.step;
            self.step_once();
        }
        if self.phase == Phase::Capture && self.clock >= self.flash {
            self.phase = Phase::Done;
        }
    }

    /// Whether the animation has finished.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The lap being shown, 1-based, and the number of laps.
    pub fn lap_count(&self) -> (usize, usize) {
        let laps = self.report.laps.len();
        ((self.lap + 1).min(laps), laps)
    }

    fn step_once(&mut self) {
        let width = self.before.width();
        match self.phase {
            Phase::Lift => {
                let lap = self.report.laps[self.lap];
                self.rows[lap.start.side()][usize::from(lap.start.index())] = 0;
                self.in_hand = lap.seeds;
                self.current = Some(lap.start);
                self.lap_holes = lap.holes(width).collect();
                self.dropped = 0;
                self.phase = Phase::Sow;
            }
            Phase::Sow => {
                let hole = self.lap_holes[self.dropped];
                self.rows[hole.side()][usize::from(hole.index())] += 1;
                self.in_hand -= 1;
                self.dropped += 1;
                self.current = Some(hole);
                if self.dropped == self.lap_holes.len() {
                    self.lap += 1;
                    self.phase = if self.lap < self.report.laps.len() {
                        Phase::Lift
                    } else if self.report.capture.is_some() {
                        Phase::Capture
                    } else {
                        Phase::Done
                    };
                }
            }
            Phase::Capture | Phase::Done => {}
        }
    }
}

/// Time per seed at `speed`.
pub fn seed_time(speed: u8) -> Duration {
    SLOWEST_SEED / (1 << (speed.clamp(MIN_SPEED, MAX_SPEED) - 1))
}

/// All the state of the terminal game.
#[derive(Clone, Debug)]
pub struct App {
    record: Record,
    players: Players,
    mode: Mode,
    cursor: BySide<u8>,
    preview: bool,
    speed: u8,
    animate: bool,
    message: Option<Message>,
    effects: Vec<Effect>,
    serial: u64,
    quit: bool,
    viewer: Option<Viewer>,
    think: Duration,
    thinking: Option<Thinking>,
    /// How to draw: ASCII only or not, colour or not.
    pub look: Look,
}

impl App {
    /// A new game on `config` for `players`.
    pub fn new(config: Config, players: Players) -> App {
        let record = Record::new(Game::new(config));
        App::from_record(record, players)
    }

    /// Continues the game of `record` (loaded or resumed) for `players`.
    pub fn from_record(record: Record, players: Players) -> App {
        let mut app = App {
            record,
            players,
            mode: Mode::Play,
            cursor: BySide::default(),
            preview: true,
            speed: DEFAULT_SPEED,
            animate: true,
            message: None,
            effects: Vec::new(),
            serial: 0,
            quit: false,
            viewer: None,
            think: DEFAULT_THINK,
            thinking: None,
            look: Look::default(),
        };
        app.write_tags();
        app.settle_cursor();
        app
    }

    /// Turns the sowing animation on or off.
    pub fn set_animation(&mut self, animate: bool) {
        self.animate = animate;
    }

    /// Makes the game part of a match to `first_to` wins (a loaded game).
    pub fn set_first_to(&mut self, first_to: u16) {
        self.players.first_to = Some(first_to);
        self.write_tags();
    }

    /// Sets a record tag other than those the game and the players determine.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        self.record.set_tag(name, value);
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.record.game
    }

    /// The record of the game being played, tags included.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The players and match state.
    pub fn players(&self) -> &Players {
        &self.players
    }

    /// Numbers the games this app has played, so that each gets its own file.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// What the screen is doing.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The animation in progress, if any.
    pub fn sowing(&self) -> Option<&Sowing> {
        match &self.mode {
            Mode::Sowing(sowing) => Some(sowing),
            _ => None,
        }
    }

    /// The selected hole of the player to move (none once the game is over).
    pub fn selected(&self) -> Option<Hole> {
        let side = self.game().to_move()?;
        Some(Hole::new(side, self.cursor[side]))
    }

    /// Whether the move preview is shown.
    pub fn preview_shown(&self) -> bool {
        self.preview
    }

    /// The animation speed, [`MIN_SPEED`] to [`MAX_SPEED`].
    pub fn speed(&self) -> u8 {
        self.speed
    }

    /// The message line.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Whether the player asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the game has moves and is not over: quitting leaves it to `--resume`.
    pub fn unfinished(&self) -> bool {
        self.game().ply() > 0 && self.game().outcome().is_none()
    }

    /// Each player's wins in the match, the current game's result included.
    pub fn tally(&self) -> [u16; 2] {
        let mut wins = self.players.wins;
        if let Some(winner) = self
            .game()
            .outcome()
            .and_then(crate::rules::Outcome::winner)
        {
            wins[self.players.player(winner)] += 1;
        }
        wins
    }

    /// The player who has won the match, if it is decided.
    pub fn champion(&self) -> Option<usize> {
        let first_to = self.players.first_to?;
        self.tally().iter().position(|&wins| wins >= first_to)
    }

    /// The side-effect work asked for since the last call, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Shows a message on the message line.
    pub fn notify(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some(Message {
            text: crate::record::terminal_safe(&text.into()),
            tone,
        });
    }

    /// Lets `elapsed` time pass for the animation, the computer's thinking
    /// (and for the viewer playing a record by itself).
    pub fn tick(&mut self, elapsed: Duration) {
        if let Mode::Sowing(sowing) = &mut self.mode {
            sowing.advance(elapsed);
            if sowing.is_done() {
                self.mode = Mode::Play;
            }
        }
        self.thinking_tick(elapsed);
        if self.viewer.is_some() {
            self.viewer_tick(elapsed);
        }
        self.update_computer();
    }

    /// Acts on a key; only presses count (no repeats or releases).
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        self.message = None;
        let speed = match key.code {
            KeyCode::Char('+' | '=') => Some(1),
            KeyCode::Char('-' | '_') => Some(-1),
            _ => None,
        };
        // The speed keys work in a game and the viewer alike, and change a
        // sowing's pace without skipping it.
        if let Some(step) = speed
            && matches!(self.mode, Mode::Play | Mode::Sowing(_))
        {
            self.change_speed(step);
        } else if self.viewer.is_some() {
            self.viewer_key(key);
        } else {
            self.game_key(key);
        }
        self.update_computer();
    }

    fn game_key(&mut self, key: KeyEvent) {
        match &self.mode {
            // Any key skips a sowing or closes help, and does nothing else.
            Mode::Sowing(_) | Mode::Help => self.mode = Mode::Play,
            &Mode::Confirm(question) => {
                self.mode = Mode::Play;
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    match question {
                        Confirm::Quit => self.quit = true,
                        Confirm::NewGame => self.start_next_game(),
                    }
                }
            }
            Mode::Play => self.play_key(key),
        }
    }

    /// Acts on a mouse event: a click selects a hole, a click on the selected
    /// hole sows it. `screen` is the area the app is drawn in.
    pub fn handle_mouse(&mut self, mouse: MouseEvent, screen: Rect) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        self.message = None;
        if self.viewer.is_some() {
            self.viewer_mouse(mouse, screen);
        } else {
            self.game_mouse(mouse, screen);
        }
        self.update_computer();
    }

    fn game_mouse(&mut self, mouse: MouseEvent, screen: Rect) {
        match self.mode {
            Mode::Play => {}
            Mode::Sowing(_) | Mode::Help => {
                self.mode = Mode::Play;
                return;
            }
            Mode::Confirm(_) => return,
        }
        let Some(hole) = ui::hole_at(self, screen, mouse.column, mouse.row) else {
            return;
        };
        match self.game().to_move() {
            None => {}
            Some(side) if self.players.computer(side).is_some() => {
                self.refuse_computer_turn(side);
            }
            Some(side) if side != hole.side() => self.notify(
                Tone::Error,
                format!("{} moves from the {side} row", self.players.name(side)),
            ),
            Some(_) if self.selected() == Some(hole) => self.sow(),
            Some(_) => self.select(hole),
        }
    }

    fn play_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Char('q' | 'Q') | KeyCode::Esc if self.unfinished() => {
                self.mode = Mode::Confirm(Confirm::Quit);
            }
            KeyCode::Char('q' | 'Q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('?') | KeyCode::F(1) => self.mode = Mode::Help,
            KeyCode::Char('u' | 'U') | KeyCode::Backspace => self.undo(),
            KeyCode::Char('r' | 'R') => self.redo(),
            KeyCode::Char('n' | 'N') => self.new_game(),
            KeyCode::Char('t' | 'T') => self.ask_hint(),
            KeyCode::Char('s' | 'S') => self.effects.push(Effect::Export),
            KeyCode::Char('p' | 'P') => {
                self.preview = !self.preview;
                let state = if self.preview { "on" } else { "off" };
                self.notify(Tone::Info, format!("Move preview {state}"));
            }
            KeyCode::Enter | KeyCode::Char(' ')
                if self.game().outcome().is_some() && self.players.first_to.is_some() =>
            {
                self.new_game();
            }
            KeyCode::Left | KeyCode::Right | KeyCode::Enter | KeyCode::Char(' ')
                if self.computer_to_move().is_some() =>
            {
                if let Some(side) = self.game().to_move() {
                    self.refuse_computer_turn(side);
                }
            }
            KeyCode::Left => self.step_selection(-1),
            KeyCode::Right => self.step_selection(1),
            KeyCode::Enter | KeyCode::Char(' ') => self.sow(),
            KeyCode::Char(letter) if letter.is_ascii_alphabetic() => self.select_letter(letter),
            _ => {}
        }
    }

    fn change_speed(&mut self, delta: i8) {
        self.speed = self
            .speed
            .saturating_add_signed(delta)
            .clamp(MIN_SPEED, MAX_SPEED);
        if let Mode::Sowing(sowing) = &mut self.mode {
            sowing.set_speed(self.speed);
        }
        self.notify(
            Tone::Info,
            format!(
                "Sowing speed {}/{MAX_SPEED} ({} ms a seed)",
                self.speed,
                seed_time(self.speed).as_millis()
            ),
        );
    }

    /// Drops the record's date: a game that starts now is dated when it is
    /// first saved.
    pub(crate) fn forget_date(&mut self) {
        self.record.tags.remove("Date");
    }

    fn select_letter(&mut self, letter: char) {
        let Some(side) = self.game().to_move() else {
            self.notify(Tone::Error, GAME_OVER);
            return;
        };
        if self.players.computer(side).is_some() {
            self.refuse_computer_turn(side);
            return;
        }
        let index = letter.to_ascii_lowercase() as u8 - b'a';
        let width = self.game().config().width();
        if index >= width {
            self.notify(
                Tone::Error,
                format!(
                    "No hole {} on a board {width} holes wide",
                    Hole::new(side, index)
                ),
            );
            return;
        }
        self.select(Hole::new(side, index));
    }

    fn select(&mut self, hole: Hole) {
        self.cursor[hole.side()] = hole.index();
        if let Err(error) = self.game().check(hole) {
            self.notify(Tone::Error, capitalise(&error.to_string()));
        }
    }

    /// Moves the selection to the next legal hole to the right (`step` 1) or
    /// left (-1) as seen on screen, where North's row runs right to left.
    fn step_selection(&mut self, step: i8) {
        let Some(side) = self.game().to_move() else {
            return;
        };
        let legal: Vec<u8> = self.game().legal_moves().map(Hole::index).collect();
        let width = self.game().config().width();
        let forward = (step > 0) == (side == Side::South);
        let current = self.cursor[side];
        let next = (1..=width)
            .map(|distance| {
                if forward {
                    (current + distance) % width
                } else {
                    (current + width - distance % width) % width
                }
            })
            .find(|index| legal.contains(index));
        if let Some(index) = next {
            self.cursor[side] = index;
        }
    }

    fn sow(&mut self) {
        let Some(hole) = self.selected() else {
            self.notify(Tone::Error, GAME_OVER);
            return;
        };
        let before = *self.game().position();
        match self.record.game.play(hole) {
            Ok(report) => {
                self.animate(before, report);
                self.after_change();
            }
            Err(error) => self.notify(Tone::Error, capitalise(&error.to_string())),
        }
    }

    /// Shows `report`'s sowing from `before`, if moves are animated.
    fn animate(&mut self, before: Position, report: MoveReport) {
        if self.animate {
            self.mode = Mode::Sowing(Box::new(Sowing::new(before, report, self.speed)));
        }
    }

    /// Takes back the last move; against the computer, also the moves
    /// before it until a person is to move (the computer's and the player's).
    fn undo(&mut self) {
        let mut taken = Vec::new();
        while let Some(hole) = self.record.game.undo() {
            self.cursor[hole.side()] = hole.index();
            taken.push(hole.to_string());
            if !self.computer_keeps_turn() {
                break;
            }
        }
        if taken.is_empty() {
            self.notify(Tone::Error, "Nothing to undo");
            return;
        }
        self.stop_thinking();
        taken.reverse();
        self.notify(Tone::Info, format!("Took back {}", taken.join(" ")));
        self.after_change();
    }

    /// Plays the last move taken back again; against the computer, also the
    /// moves after it until a person is to move.
    fn redo(&mut self) {
        let mut played = Vec::new();
        while let Some(report) = self.record.game.redo() {
            played.push(report.hole.to_string());
            if !self.computer_keeps_turn() {
                break;
            }
        }
        if played.is_empty() {
            self.notify(Tone::Error, "Nothing to redo");
            return;
        }
        self.stop_thinking();
        self.notify(Tone::Info, format!("Played {} again", played.join(" ")));
        self.after_change();
    }

    /// Whether undo and redo go past the position reached: the computer is to
    /// move there and a person plays the other side.
    fn computer_keeps_turn(&self) -> bool {
        self.computer_to_move().is_some() && !self.players.all_computers()
    }

    fn new_game(&mut self) {
        if self.unfinished() {
            self.mode = Mode::Confirm(Confirm::NewGame);
        } else {
            self.start_next_game();
        }
    }

    /// Starts the next game: in a match after a finished game, the players
    /// change rows and the result counts; otherwise the game starts again.
    fn start_next_game(&mut self) {
        let finished = self.game().outcome().is_some();
        if self.players.first_to.is_some() && finished {
            if self.champion().is_some() {
                self.players.wins = [0, 0];
                self.players.round = 1;
                self.notify(Tone::Info, "A new match begins");
            } else {
                self.players.wins = self.tally();
                self.players.round += 1;
                self.notify(
                    Tone::Info,
                    format!(
                        "Game {}: the players change rows; {} moves first",
                        self.players.round,
                        self.players.name(Side::South)
                    ),
                );
            }
        } else {
            self.notify(Tone::Info, "New game");
        }
        let tags = std::mem::take(&mut self.record.tags);
        self.stop_thinking();
        self.record = Record::new(Game::new(self.game().config()));
        self.record.tags = tags;
        self.forget_date();
        self.serial += 1;
        self.cursor = BySide::default();
        self.write_tags();
        self.after_change();
    }

    fn after_change(&mut self) {
        if self
            .thinking
            .is_some_and(|thinking| thinking.purpose == Purpose::Hint)
        {
            self.stop_thinking();
        }
        self.settle_cursor();
        self.effects.push(Effect::Autosave);
    }

    /// Writes the players and match state into the record's tags.
    fn write_tags(&mut self) {
        let south = self.players.name(Side::South).to_owned();
        let north = self.players.name(Side::North).to_owned();
        self.record.set_tag("South", &south);
        self.record.set_tag("North", &north);
        if let Some(first_to) = self.players.first_to {
            let wins = self.players.wins;
            let south_player = self.players.south_player();
            let score = format!("{}-{}", wins[south_player], wins[1 - south_player]);
            self.record.set_tag(TAG_MATCH, &first_to.to_string());
            self.record
                .set_tag(TAG_ROUND, &self.players.round.to_string());
            self.record.set_tag(TAG_SCORE, &score);
        }
    }

    /// Keeps the mover's selection on a legal hole when it has one.
    fn settle_cursor(&mut self) {
        let Some(side) = self.game().to_move() else {
            return;
        };
        let hole = Hole::new(side, self.cursor[side]);
        let first = self.game().legal_moves().next();
        if !self.game().is_legal(hole)
            && let Some(first) = first
        {
            self.cursor[side] = first.index();
        }
    }
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
