//! The strength benchmark of `endodoi arena`: the computer's levels against
//! each other and against a plain full-width minimax, over seeded openings,
//! both colours, several board widths.
//!
//! Every opening (a few seeded random plies) is played twice, each contender
//! taking South once, so neither gains from moving first.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use serde::Serialize;

use crate::rules::{Config, Game, Hole, Side, Variant};
use crate::search::{Level, Limits, Search, minimax_best};

/// Random plies that open every game, so that games differ.
pub const OPENING_PLIES: usize = 4;
/// Plies of the search that judges an opening's balance.
const OPENING_DEPTH: u32 = 8;
/// The seed of the openings when none is given.
pub const SEED: u64 = 0x00e1_d0d0_a7e4;

/// A player of the benchmark.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contender {
    /// The computer at a level; `movetime` is its time a move (what level 5
    /// uses; the lower levels stop earlier, by depth).
    Level {
        /// The level.
        level: Level,
        /// Thinking time a move.
        movetime: Duration,
    },
    /// [`minimax_best`] 5 plies deep on a 6-wide board, 4 on wider ones.
    Minimax,
}

impl Contender {
    fn player(self, width: u8, seed: u64) -> Player {
        match self {
            Contender::Level { level, movetime } => {
                Player::Search(Search::with_seed(level.limits(movetime), seed))
            }
            Contender::Minimax => Player::Minimax {
                depth: if width == 6 { 5 } else { 4 },
            },
        }
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contender::Level { level, movetime } if *level == Level::MAX => {
                write!(f, "level {level} ({} ms)", movetime.as_millis())
            }
            Contender::Level { level, .. } => write!(f, "level {level}"),
            Contender::Minimax => f.write_str("minimax (5 plies at width 6, 4 wider)"),
        }
    }
}

enum Player {
    Search(Search),
    Minimax { depth: u32 },
}

impl Player {
    fn choose(&mut self, game: &Game) -> Option<Hole> {
        match self {
            Player::Search(search) => search.run(game, &AtomicBool::new(false), |_| {}).best,
            Player::Minimax { depth } => minimax_best(game, *depth),
        }
    }
}

/// Games won, drawn and lost by the first contender of a pairing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games the first contender won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first contender lost.
    pub losses: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins as a percentage of games.
    pub fn win_percent(self) -> f64 {
        100.0 * f64::from(self.wins) / f64::from(self.games().max(1))
    }

    /// Points (a win 1, a draw ½) as a percentage of games.
    pub fn score_percent(self) -> f64 {
        100.0 * (f64::from(self.wins) + f64::from(self.draws) / 2.0)
            / f64::from(self.games().max(1))
    }

    fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// One pairing's results at one width (or over all widths when `width` is `None`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// The first contender, whose wins are counted.
    pub first: String,
    /// The second contender.
    pub second: String,
    /// The board width, or `None` for the total.
    pub width: Option<u8>,
    /// The games.
    #[serde(flatten)]
    pub tally: Tally,
    /// Wins as a percentage.
    pub win_percent: f64,
    /// Points as a percentage.
    pub score_percent: f64,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .width
            .map_or_else(|| "all".to_owned(), |width| width.to_string());
        write!(
            f,
            "{:<24} vs {:<38} width {:>3}: {:>4} games  +{:<4} ={:<4} -{:<4} won {:>5.1}%  score {:>5.1}%",
            self.first,
            self.second,
            width,
            self.tally.games(),
            self.tally.wins,
            self.tally.draws,
            self.tally.losses,
            self.win_percent,
            self.score_percent
        )
    }
}

/// Openings further from even than this many seeds (by a short search) are
/// drawn again: a lost opening would blur the measure of strength.
pub const OPENING_BALANCE: i32 = 2;

/// The random opening of game pair `pair` at `width`: the same for both
/// colours, and close to even.
///
/// # Panics
/// Never: only listed moves are played.
pub fn opening(config: Config, seed: u64, pair: u32) -> Game {
    let mut rng =
        fastrand::Rng::with_seed(seed ^ (u64::from(config.width()) << 32) ^ u64::from(pair));
    let mut judge = Search::with_seed(Limits::depth(OPENING_DEPTH), seed);
    loop {
        let mut game = Game::new(config);
        crate::bench::play_random(&mut game, &mut rng, OPENING_PLIES);
        if game.outcome().is_some() {
            continue;
        }
        let verdict = judge.run(&game, &AtomicBool::new(false), |_| {});
        if verdict.score.abs() <= OPENING_BALANCE {
            return game;
        }
    }
}

/// Plays `game` to its end, `first` taking the side `first_side`; the result
/// for `first`.
fn play_game(
    mut game: Game,
    first: Contender,
    second: Contender,
    first_side: Side,
    seed: u64,
) -> Tally {
    let width = game.config().width();
    let mut players = [first.player(width, seed), second.player(width, seed ^ 1)];
    while let Some(side) = game.to_move() {
        let player = &mut players[usize::from(side != first_side)];
        let hole = player.choose(&game).expect("a game not over has a move");
        game.play(hole).expect("the search plays legal moves");
    }
    let winner = game.outcome().and_then(crate::rules::Outcome::winner);
    match winner {
        Some(side) if side == first_side => Tally {
            wins: 1,
            ..Tally::default()
        },
        Some(_) => Tally {
            losses: 1,
            ..Tally::default()
        },
        None => Tally {
            draws: 1,
            ..Tally::default()
        },
    }
}

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Each pairing: the first contender's results are reported.
    pub pairings: Vec<(Contender, Contender)>,
    /// Board widths, each with its own openings.
    pub widths: Vec<u8>,
    /// Opening pairs (two games each) at every width.
    pub pairs: u32,
    /// The seed of the openings (and of the gentle levels' blunders).
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

impl Plan {
    /// The benchmark: level 5 at `movetime` against minimax, then
    /// each level against the one below.
    ///
    /// # Panics
    /// Never: the levels named exist.
    pub fn standard(movetime: Duration) -> Vec<(Contender, Contender)> {
        let level = |number| Contender::Level {
            level: Level::new(number).expect("levels 1-5 exist"),
            movetime,
        };
        let mut pairings = vec![(level(5), Contender::Minimax)];
        pairings.extend(
            (2..=5)
                .rev()
                .map(|number| (level(number), level(number - 1))),
        );
        pairings
    }
}

/// Runs every pairing of `plan`, reporting each width's result and then the
/// pairing's total through `on_line` as soon as they are known.
///
/// # Panics
/// If a width is not a legal board width.
pub fn run(plan: &Plan, mut on_line: impl FnMut(&Line)) {
    // Every pairing plays the same openings: drawn (and judged) once.
    let openings: Vec<Vec<Game>> = plan
        .widths
        .iter()
        .map(|&width| {
            let config = Config::new(width.into(), 4, Variant::Classic).expect("a legal width");
            (0..plan.pairs)
                .map(|pair| opening(config, plan.seed, pair))
                .collect()
        })
        .collect();
    for &(first, second) in &plan.pairings {
        let mut total = Tally::default();
        for (&width, openings) in plan.widths.iter().zip(&openings) {
            let tally = run_width(plan, openings, first, second);
            total.add(tally);
            on_line(&make_line(first, second, Some(width), tally));
        }
        on_line(&make_line(first, second, None, total));
    }
}

fn make_line(first: Contender, second: Contender, width: Option<u8>, tally: Tally) -> Line {
    Line {
        first: first.to_string(),
        second: second.to_string(),
        width,
        tally,
        win_percent: tally.win_percent(),
        score_percent: tally.score_percent(),
    }
}

/// Every game of one pairing at one width (each opening with both colours),
/// shared out among the threads.
fn run_width(plan: &Plan, openings: &[Game], first: Contender, second: Contender) -> Tally {
    let games = 2 * plan.pairs as usize;
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    let (next, total) = (&next, &total);
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.max(1) {
            // A game classifies its moves lazily in cells: each thread reads its own copy.
            let openings = openings.to_vec();
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        break;
                    }
                    let game = openings[index / 2].clone();
                    let first_side = if index.is_multiple_of(2) {
                        Side::South
                    } else {
                        Side::North
                    };
                    let width = game.config().width();
                    let seed = plan.seed ^ (index as u64) << 8 ^ u64::from(width);
                    let tally = play_game(game, first, second, first_side, seed);
                    total
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .add(tally);
                }
            });
        }
    });
    *total.lock().unwrap_or_else(PoisonError::into_inner)
}
