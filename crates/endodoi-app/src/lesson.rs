//! Learn to play: a guided lesson on the real engine. Each [`LessonStep`] is a
//! small position chosen to show one rule of the rules page; the player
//! makes the move that shows it (the other holes are refused with a hint),
//! the move is sown as in a game, and the step then says what happened and
//! why. The lesson ends with an invitation to a first game against the
//! computer at level 1, which Enter starts: the app becomes an ordinary game.
//!
//! The steps are data ([`STEPS`]); the [`Lesson`] is where the player is in
//! them. Nothing of the lesson is saved: only the game it leads to is.
//!
//! ```
//! use endodoi_app::{App, STEPS, Setting};
//! use endodoi_app::input::{KeyCode, KeyEvent};
//!
//! let mut app = App::learn();
//! app.set(Setting::Animation(false));
//! app.handle_key(KeyEvent::from(KeyCode::Char('d')));
//! app.handle_key(KeyEvent::from(KeyCode::Enter));
//! let lesson = app.screen().lesson().expect("the lesson");
//! assert!(lesson.is_done());
//! assert_eq!(lesson.text(), STEPS[0].explanation);
//! ```

mod keys;

use super::actions::{Action, LessonAction, Target};
use super::board::BoardView;
use super::component::{Ask, Component, Lent, Shown};
use super::keys::{Binding, Keymap};
use super::{Match, Tone, capitalise};
use endodoi_core::record::Record;
use endodoi_core::rules::{BySide, Config, Game, Hole, MoveError, Position, Side, Variant};
use endodoi_engine::Level;

/// The name the player goes by in the lesson's positions.
pub const LEARNER: &str = "You";

/// The nominal seeds a hole of the lesson's boards (its positions are small).
const LESSON_SEEDS: u8 = 4;

/// What the player does in a step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Sow the hole of this letter.
    Sow(char),
    /// Try to sow the hole of this letter and see it refused: its sowing
    /// never ends.
    TryEndless(char),
}

/// One step of the lesson: a position and the move that shows its rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LessonStep {
    /// The rule it shows, as the step's title.
    pub title: &'static str,
    /// South's row, from South's left.
    pub south: &'static [u8],
    /// North's row, from North's left.
    pub north: &'static [u8],
    /// Who is to move.
    pub to_move: Side,
    /// The rules the position is played by.
    pub variant: Variant,
    /// The move that shows the rule.
    pub goal: Goal,
    /// What the rule is and which move shows it, before the move.
    pub task: &'static str,
    /// What the move did and why, once it is made.
    pub explanation: &'static str,
}

impl LessonStep {
    /// The hole of the step's move.
    ///
    /// # Panics
    /// If the step's letter names no hole: never for [`STEPS`], which
    /// `tests/it/lesson.rs` plays through.
    pub fn hole(&self) -> Hole {
        let (Goal::Sow(letter) | Goal::TryEndless(letter)) = self.goal;
        Hole::from_letter(letter).expect("a step's move is a hole letter")
    }

    /// The step's position, as a game on the real engine.
    ///
    /// # Panics
    /// If the step's rows make no board: never for [`STEPS`], which
    /// `tests/it/lesson.rs` plays through.
    pub fn game(&self) -> Game {
        let position = Position::from_rows(self.south, self.north, self.to_move)
            .expect("a step's rows make a board");
        Game::from_position(self.variant, position, LESSON_SEEDS)
    }
}

/// The steps of the lesson, in order.
pub const STEPS: [LessonStep; 7] = [
    LessonStep {
        title: "Sowing",
        south: &[2, 0, 0, 4, 0, 0],
        north: &[0, 0, 2, 2, 0, 1],
        to_move: Side::South,
        variant: Variant::Classic,
        goal: Goal::Sow('D'),
        task: "You play South, the bottom row; North owns the top row. A move lifts all the \
               seeds of one of your holes and sows them one by one into the holes that follow, \
               counterclockwise: rightwards along your row, then leftwards along North's. \
               Sow D.",
        explanation: "D's 4 seeds went one each into E, F, a and b: round the end of your row \
                      and on into North's. The last seed fell into b, which was empty, so the \
                      move ended there. Now it is North's turn.",
    },
    LessonStep {
        title: "Relay",
        south: &[1, 0, 2, 0, 1, 0],
        north: &[0, 2, 0, 1, 3, 0],
        to_move: Side::South,
        variant: Variant::Classic,
        goal: Goal::Sow('C'),
        task: "When the last seed falls into a hole that already holds seeds, you lift all \
               of them, that last seed too, and sow on from the next hole: a relay lap. Sow C: \
               its last seed lands in E.",
        explanation: "C's 2 seeds went into D and E. E already held a seed, so its 2 seeds \
                      were lifted and sown on, into F and a. a was empty, so the move ended \
                      after 2 laps. A move goes on, lap after lap, until its last seed falls \
                      into an empty hole.",
    },
    LessonStep {
        title: "Capture",
        south: &[1, 2, 0, 0, 0, 1],
        north: &[2, 0, 3, 0, 1, 1],
        to_move: Side::South,
        variant: Variant::Classic,
        goal: Goal::Sow('B'),
        task: "When the last seed falls into an empty hole of your own row, you capture the \
               seeds of North's hole facing it, and the seed that made the capture leaves \
               the board too. Sow B: its last seed ends in D, which faces c.",
        explanation: "B's 2 seeds went into C and D. D was empty and is yours, so you captured \
                      c's 3 seeds and the seed in D that triggered it: 4 seeds, counted beside \
                      your name. Captured seeds never come back to the board.",
    },
    LessonStep {
        title: "No capture",
        south: &[1, 0, 0, 2, 0, 0],
        north: &[0, 1, 2, 0, 3, 0],
        to_move: Side::South,
        variant: Variant::Classic,
        goal: Goal::Sow('D'),
        task: "A last seed in an empty hole of your row captures only when the hole facing \
               it holds seeds. Sow D: its last seed ends in F, and a, facing F, is empty.",
        explanation: "D's 2 seeds went into E and F. F was empty, but a, facing it, is empty \
                      too: nothing is captured, and the last seed stays in F. (A's single \
                      seed, sown into B, would have captured the 3 in e.)",
    },
    LessonStep {
        title: "Endless sowing",
        south: &[1, 2, 0, 2, 3, 0],
        north: &[1, 0, 1, 0, 1, 0],
        to_move: Side::South,
        variant: Variant::Classic,
        goal: Goal::TryEndless('B'),
        task: "Some sowings never end: lap after lap the seeds go round, and the board comes \
               back to where it was. A move that would start one may not be played. B is such \
               a hole (marked beside its letter). Try to sow B.",
        explanation: "Refused: B's sowing comes back to the same state every 68 laps, for \
                      ever. A sowing that has not ended within 10,000 laps counts as endless, \
                      and a move that would start one is not legal. The board is unchanged: A, \
                      D or E may be sown.",
    },
    LessonStep {
        title: "The end of the game",
        south: &[0, 2, 0, 0, 3, 1],
        north: &[0, 0, 2, 0, 0, 0],
        to_move: Side::South,
        variant: Variant::Classic,
        goal: Goal::Sow('B'),
        task: "The game ends when the player to move has no legal move; the seeds still on \
               the board then go to the player who moved last. North has seeds only in c. \
               Sow B to capture them.",
        explanation: "You captured c's 2 seeds and the seed in D: 3, beside your name. North's \
                      row is empty, so North cannot move and the game is over. You moved last, \
                      so you also take the 5 seeds left in your row: 3 captured and 5 taken, 8 \
                      to 0 in all. (If a position ever repeats, each player takes their own \
                      row.)",
    },
    LessonStep {
        title: "Cross-Endodoi",
        south: &[0, 3, 0, 0, 0, 1],
        north: &[0, 0, 0, 0, 3, 0],
        to_move: Side::South,
        variant: Variant::Cross,
        goal: Goal::Sow('B'),
        task: "In the variant Cross-Endodoi, a lap of an odd number of seeds goes clockwise \
               and a lap of an even number counterclockwise; every other rule stays. Sow B: \
               3 seeds, so clockwise.",
        explanation: "B's 3 seeds went clockwise into A, f and e. e held 3 seeds, so its 4 were \
                      lifted: an even number, so that lap went counterclockwise, into f, A, B \
                      and C. C was empty and d, facing it, is empty: no capture.",
    },
];

/// What the last page says: the invitation to a first game.
pub const INVITATION: &str = "That is the whole game: the player with more seeds at the end \
                              wins. Now play a first game against the computer at level 1, the \
                              gentlest. You are South, on the classic board of 6 holes with 4 \
                              seeds each, and you move first.";

/// The title of the last page.
pub const INVITATION_TITLE: &str = "Your first game";

/// The level of the computer the lesson's first game is played against.
pub const FIRST_LEVEL: Level = Level::MIN;

/// Where the player is in the lesson: a step (its move made or not), or
/// the invitation after the last step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    page: usize,
    done: bool,
}

impl Lesson {
    /// The step shown, or `None` on the invitation.
    pub fn step(&self) -> Option<&'static LessonStep> {
        STEPS.get(self.page)
    }

    /// The page shown, 0-based: a step's index, or [`STEPS`]`.len()` for the
    /// invitation.
    pub fn page(&self) -> usize {
        self.page
    }

    /// Pages in all: the steps and the invitation.
    pub fn pages() -> usize {
        STEPS.len() + 1
    }

    /// Whether the step's move has been made (the invitation is never done).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The page's title.
    pub fn title(&self) -> &'static str {
        self.step().map_or(INVITATION_TITLE, |step| step.title)
    }

    /// What the page says now: the task before the move, the explanation
    /// after it, or the invitation.
    pub fn text(&self) -> &'static str {
        match self.step() {
            Some(step) if self.done => step.explanation,
            Some(step) => step.task,
            None => INVITATION,
        }
    }

    /// Whether `learn` makes sense now, so that the key bar offers it.
    pub fn offers(&self, learn: LessonAction) -> bool {
        match learn {
            LessonAction::Select(_) | LessonAction::SelectLeft | LessonAction::SelectRight => {
                self.is_open()
            }
            LessonAction::Next => self.step().is_some(),
            LessonAction::Back => self.page > 0,
            LessonAction::Again => self.done,
            LessonAction::Sow => true,
        }
    }

    /// The key bar's word for sowing: sow, then go on, and at the end play.
    pub fn sow_label(&self) -> &'static str {
        match self.step() {
            None => "play",
            Some(_) if self.done => "next",
            Some(_) => "sow",
        }
    }

    /// Whether the page waits for its step's move.
    pub fn is_open(&self) -> bool {
        self.step().is_some() && !self.done
    }
}

/// The lesson on screen: where the player is ([`Lesson`]) and the page's
/// game, played on the board the router lends. Only the game the last page
/// starts is kept (it becomes the app's game); nothing else is saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Learning {
    lesson: Lesson,
    record: Record,
    players: Match,
}

impl Learning {
    /// Page `page` from its start: a step's position, played by the
    /// learner; the invitation shows the first game's start and players.
    /// The hole the step is about starts selected on `board`.
    pub(super) fn at(page: usize, board: &mut BoardView) -> Learning {
        let lesson = Lesson { page, done: false };
        let (game, players) = if let Some(step) = lesson.step() {
            (
                step.game(),
                Match::new(Some(LEARNER.to_owned()), None, None),
            )
        } else {
            let mut players = Match::default();
            players.set_computer(Side::North, Some(FIRST_LEVEL));
            (Game::new(Config::default()), players)
        };
        board.cursor = BySide::default();
        if let Some(step) = lesson.step() {
            let hole = step.hole();
            board.cursor[hole.side()] = hole.index();
        }
        let record = Record::new(game);
        board.settle(&record);
        Learning {
            lesson,
            record,
            players,
        }
    }

    /// Where the player is.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The page's game, as a record.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The page's players: the learner, or on the invitation the first
    /// game's.
    pub fn players(&self) -> &Match {
        &self.players
    }

    /// The page's game and players, for the game the last page starts.
    pub(super) fn into_game(mut self) -> (Record, Match) {
        self.players.write_tags(&mut self.record);
        (self.record, self.players)
    }

    /// Does what `learn` asks, on `board`; returns what it asks of the
    /// router, in order.
    fn learn(&mut self, board: &mut BoardView, learn: LessonAction) -> Vec<Ask> {
        let lesson = self.lesson;
        let record = &self.record;
        match learn {
            LessonAction::Select(_) | LessonAction::SelectLeft | LessonAction::SelectRight
                if !lesson.is_open() =>
            {
                vec![Ask::Say(Tone::Error, self.goes_on())]
            }
            LessonAction::Select(letter) => board
                .select_letter(record, letter)
                .err()
                .map(|why| Ask::Say(Tone::Error, why))
                .into_iter()
                .collect(),
            LessonAction::SelectLeft => {
                board.step(record, -1);
                Vec::new()
            }
            LessonAction::SelectRight => {
                board.step(record, 1);
                Vec::new()
            }
            LessonAction::Sow => self.sow(board),
            LessonAction::Next if lesson.step().is_some() => self.go_to(board, lesson.page + 1),
            LessonAction::Back if lesson.page > 0 => self.go_to(board, lesson.page - 1),
            LessonAction::Again if lesson.done => self.go_to(board, lesson.page),
            // Nothing to go on to, back to or again on this page.
            LessonAction::Next | LessonAction::Back | LessonAction::Again => Vec::new(),
        }
    }

    /// A click on `target` while the board is still: it selects a hole, and
    /// a click on the selected hole sows it.
    fn click(&mut self, board: &mut BoardView, target: Target) -> Vec<Ask> {
        let Target::Hole(hole) = target else {
            return Vec::new();
        };
        if !self.lesson.is_open() {
            Vec::new()
        } else if board.selected(&self.record) == Some(hole) {
            self.sow(board)
        } else if self.record.game.to_move() == Some(hole.side()) {
            board.cursor[hole.side()] = hole.index();
            Vec::new()
        } else {
            vec![Ask::Say(
                Tone::Error,
                "You move from your own row, the bottom one".to_owned(),
            )]
        }
    }

    /// Shows page `page` from its start; the sowing shown ends.
    fn go_to(&mut self, board: &mut BoardView, page: usize) -> Vec<Ask> {
        *self = Learning::at(page, board);
        vec![Ask::Still]
    }

    /// What a move key answers once the step's move is made, or on the
    /// invitation.
    fn goes_on(&self) -> String {
        match self.lesson.step() {
            Some(_) => "This step is done: go on to the next, or try it again".to_owned(),
            None => format!(
                "The lesson is over: start your game against {}",
                self.players.name(Side::North)
            ),
        }
    }

    /// Sows the selected hole if it is the step's move (an endless one is
    /// refused by the engine, which is the step's lesson); refuses any other
    /// with a hint. Once the move is made, goes on; on the invitation,
    /// starts the game: the page's game, against the computer at
    /// [`FIRST_LEVEL`], the player South and first to move.
    fn sow(&mut self, board: &mut BoardView) -> Vec<Ask> {
        let Some(step) = self.lesson.step() else {
            let text = format!(
                "Your first game: you are {}, against {}",
                self.players.name(Side::South),
                self.players.name(Side::North)
            );
            return vec![Ask::Play, Ask::Say(Tone::Info, text)];
        };
        if self.lesson.done {
            return self.go_to(board, self.lesson.page + 1);
        }
        let Some(hole) = board.selected(&self.record) else {
            return Vec::new();
        };
        if hole != step.hole() {
            let what = match step.goal {
                Goal::Sow(_) => "sow",
                Goal::TryEndless(_) => "try to sow",
            };
            let text = format!(
                "Not {hole} in this step: {what} {}, which shows the rule",
                step.hole()
            );
            return vec![Ask::Say(Tone::Error, text)];
        }
        let before = *self.record.game.position();
        let asks = match self.record.game.play(hole) {
            Ok(report) => vec![Ask::Sow(before, report)],
            Err(error @ MoveError::Endless { .. }) => {
                vec![Ask::Say(Tone::Error, capitalise(&error.to_string()))]
            }
            Err(error) => return vec![Ask::Say(Tone::Error, capitalise(&error.to_string()))],
        };
        self.lesson.done = true;
        asks
    }
}

impl Component for Learning {
    fn keymap(&self) -> Keymap {
        Keymap::LESSON
    }

    fn update(&mut self, action: Action, lent: Lent<'_>) -> Vec<Ask> {
        match action {
            Action::Lesson(learn) => self.learn(lent.view, learn),
            Action::Click(target) => self.click(lent.view, target),
            _ => Vec::new(),
        }
    }

    fn offers(&self, action: Action, _shown: Shown<'_>) -> bool {
        match action {
            Action::Lesson(learn) => self.lesson.offers(learn),
            _ => true,
        }
    }

    /// Sowing's word goes with the page (sow, next, play); the quit key's
    /// with where it goes.
    fn label(&self, binding: &Binding, shown: Shown<'_>) -> &'static str {
        match binding.action {
            Action::Lesson(LessonAction::Sow) => self.lesson.sow_label(),
            Action::Quit => shown.quit_word(),
            _ => binding.label,
        }
    }
}
