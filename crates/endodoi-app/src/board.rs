//! The board as this terminal shows it, whatever the screen shows on it
//! (a game, a record, a step of the lesson): the selected hole of each row,
//! which row is at the bottom, the move preview, the sowing speed and
//! whether moves are animated. The router keeps one [`BoardView`], lent to
//! the screen shown; it survives a change of screen and, but for the
//! selection and the flip, a new game.

use super::{DEFAULT_SPEED, Match, capitalise};
use endodoi_core::record::Record;
use endodoi_core::rules::{BySide, Game, Hole, Side};

/// What a move key answers once the game has ended.
pub(super) const GAME_OVER: &str = "The game is over: n for a new game, u to undo";

/// The board's view, shared by the screens that show one.
// Each flag is a toggle of its own (a key or a setting turns it), not
// states of one thing: an enum would not say more.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Debug)]
pub struct BoardView {
    /// The selected hole of each row, by its index.
    pub(super) cursor: BySide<u8>,
    /// Whether the move preview is shown.
    pub(super) preview: bool,
    /// The side whose row is drawn at the bottom: South's, or North's on
    /// a flipped board (view state only).
    pub(super) bottom: Side,
    /// The sowing speed, [`MIN_SPEED`](super::MIN_SPEED) to
    /// [`MAX_SPEED`](super::MAX_SPEED).
    pub(super) speed: u8,
    /// Whether a move is shown sown seed by seed.
    pub(super) animate: bool,
    /// Whether the terminal bell rings as a clock here runs low.
    pub(super) bell: bool,
    /// Whether the game-over box is put aside, the final board shown.
    pub(super) result_hidden: bool,
    /// Lines the move list is scrolled back from the latest move, and the
    /// moves played then: once a move is played or taken back, the list
    /// follows the latest move again.
    pub(super) moves_back: (usize, usize),
}

impl Default for BoardView {
    fn default() -> BoardView {
        BoardView {
            cursor: BySide::default(),
            preview: true,
            bottom: Side::South,
            speed: DEFAULT_SPEED,
            animate: true,
            bell: true,
            result_hidden: false,
            moves_back: (0, 0),
        }
    }
}

impl BoardView {
    /// The sowing speed, [`MIN_SPEED`](super::MIN_SPEED) to
    /// [`MAX_SPEED`](super::MAX_SPEED).
    pub fn speed(&self) -> u8 {
        self.speed
    }

    /// Whether the move preview is shown for `players`: as the player set
    /// it, and never in a game played without help (where that
    /// calculation is the game).
    pub fn preview_shown(&self, players: &Match) -> bool {
        self.preview && !players.no_assist
    }

    /// Whether the board is drawn turned round, as North sees it from across
    /// the table: North's row at the bottom, running left to right from `a`,
    /// and South's at the top. It changes only the drawing (and which way
    /// `←` and `→` go), never the game.
    pub fn flipped(&self) -> bool {
        self.bottom == Side::North
    }

    /// The side whose row is drawn at the bottom of the board: South's, or
    /// North's when the board is [flipped](BoardView::flipped).
    pub fn bottom(&self) -> Side {
        self.bottom
    }

    /// Whether the game-over box is put aside (Tab), the final board shown.
    pub fn result_hidden(&self) -> bool {
        self.result_hidden
    }

    /// Lines the move list of `game` is scrolled back from where it
    /// follows the latest move (0 once a move is played or taken back).
    pub fn moves_scrolled_back(&self, game: &Game) -> usize {
        let (back, at) = self.moves_back;
        if at == game.ply() { back } else { 0 }
    }

    /// Scrolls the move list of `game` a line back (`older`) or on: never
    /// further back than a line a pair of moves.
    pub(super) fn scroll_moves(&mut self, older: bool, game: &Game) {
        let (played, moves) = (game.ply(), game.ply() + game.redo_moves().len());
        let (back, at) = self.moves_back;
        let back = if at == played { back } else { 0 };
        let back = if older {
            (back + 1).min(moves.div_ceil(2))
        } else {
            back.saturating_sub(1)
        };
        self.moves_back = (back, played);
    }

    /// Turns the board round; returns the news: whose row is now at the
    /// bottom.
    pub(super) fn flip(&mut self) -> String {
        self.bottom = self.bottom.opponent();
        format!("Board flipped: {}'s row at the bottom", self.bottom)
    }

    /// The selected hole of the player to move in `record`'s game, if a
    /// player is.
    pub(super) fn selected(&self, record: &Record) -> Option<Hole> {
        let side = record.to_move()?;
        Some(Hole::new(side, self.cursor[side]))
    }

    /// Selects the hole of `letter` (either case) in the mover's row of
    /// `record`'s game; says why when there is no such hole, or it cannot
    /// be sown.
    pub(super) fn select_letter(&mut self, record: &Record, letter: char) -> Result<(), String> {
        let Some(side) = record.to_move() else {
            return Err(GAME_OVER.to_owned());
        };
        let index = letter.to_ascii_lowercase() as u8 - b'a';
        let width = record.game.config().width();
        if index >= width {
            return Err(format!(
                "No hole {} on a board {width} holes wide",
                Hole::new(side, index)
            ));
        }
        self.select(record, Hole::new(side, index))
    }

    /// Selects `hole`; says why when it cannot be sown in `record`'s game.
    pub(super) fn select(&mut self, record: &Record, hole: Hole) -> Result<(), String> {
        self.cursor[hole.side()] = hole.index();
        if record.ending().is_some() {
            return Err(GAME_OVER.to_owned());
        }
        record
            .game
            .check(hole)
            .map_err(|error| capitalise(&error.to_string()))
    }

    /// Moves the selection to the next legal hole to the right (`step` 1) or
    /// left (-1) as seen on screen, where the bottom row runs left to right
    /// from its `a` and the top row right to left (North's, or South's on a
    /// flipped board).
    pub(super) fn step(&mut self, record: &Record, step: i8) {
        let Some(side) = record.to_move() else {
            return;
        };
        let game = &record.game;
        let legal: Vec<u8> = game.legal_moves().map(Hole::index).collect();
        let width = game.config().width();
        let forward = (step > 0) == (side == self.bottom);
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

    /// Keeps the mover's selection on a legal hole of `record`'s game when
    /// it has one.
    pub(super) fn settle(&mut self, record: &Record) {
        let Some(side) = record.to_move() else {
            return;
        };
        let game = &record.game;
        let hole = Hole::new(side, self.cursor[side]);
        let first = game.legal_moves().next();
        if !game.is_legal(hole)
            && let Some(first) = first
        {
            self.cursor[side] = first.index();
        }
    }
}
