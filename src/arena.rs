//! The strength benchmark of `endodoi arena`: the computer's levels against
//! each other and against a plain full-width minimax, and engines in child
//! processes (other programs, or another build of this one, that speak the
//! engine protocol) against the built-in level 5 and each other, over
//! seeded openings, both colours, several board widths.
//!
//! Every opening (a few seeded random plies, kept only if a search judges it
//! close to even) is played twice, each contender taking South once, so
//! neither gains from moving first. An engine that fails — cannot be started,
//! exits, answers late, sends garbage or an illegal move — forfeits that game
//! and the arena goes on.

mod external;
mod records;
mod score;

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

pub use external::{EngineSpec, Fault, MAX_LINE, SpecError, stop_all_and_exit};
pub use records::Records;
pub use score::{Line, PairingTally, Score};

use crate::rules::{Config, Game, Hole, Side, Variant};
use crate::search::{Level, Limits, Search, minimax_best};
use external::RunningEngine;

/// Random plies that open every game, so that games differ.
pub const OPENING_PLIES: usize = 4;
/// Plies of the search that judges an opening's balance.
const OPENING_DEPTH: u32 = 8;
/// The seed of the openings when none is given.
pub const SEED: u64 = 0x00e1_d0d0_a7e4;

/// A player of the benchmark.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// A program speaking the engine protocol, started afresh for every game.
    Engine(Arc<EngineSpec>),
}

impl Contender {
    /// The player of one game; an engine that cannot start is its fault.
    fn player(&self, width: u8, seed: u64) -> Result<RunningContender<'_>, Fault> {
        Ok(match self {
            Contender::Level { level, movetime } => {
                RunningContender::Search(Search::with_seed(level.limits(*movetime), seed))
            }
            Contender::Minimax => RunningContender::Minimax {
                depth: if width == 6 { 5 } else { 4 },
            },
            Contender::Engine(spec) => RunningContender::Engine(RunningEngine::start(spec)?),
        })
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
            Contender::Engine(spec) => write!(f, "{} ({})", spec.label, spec.go),
        }
    }
}

enum RunningContender<'spec> {
    Search(Search),
    Minimax { depth: u32 },
    Engine(RunningEngine<'spec>),
}

impl RunningContender<'_> {
    /// The player's move, checked to be legal.
    fn choose(&mut self, game: &Game) -> Result<Hole, Fault> {
        let hole = match self {
            RunningContender::Search(search) => {
                search.run(game, &AtomicBool::new(false), |_| {}).best
            }
            RunningContender::Minimax { depth } => minimax_best(game, *depth),
            RunningContender::Engine(engine) => {
                let answer = engine.best_move(game)?;
                let illegal = |reason: String| Fault::Illegal {
                    answer: answer.clone(),
                    reason,
                };
                if answer == "none" {
                    return Err(illegal("the game is not over".to_owned()));
                }
                let hole = answer
                    .parse::<Hole>()
                    .map_err(|error| illegal(error.to_string()))?;
                game.check(hole)
                    .map_err(|error| illegal(error.to_string()))?;
                Some(hole)
            }
        };
        hole.ok_or(Fault::NoMove)
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

/// A game that ended by a forfeit: who, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The side of the contender that forfeited.
    pub side: Side,
    /// What it did wrong.
    pub fault: Fault,
}

/// One finished game, as [`run`] reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The pairing's place in [`Plan::pairings`], from 1.
    pub pairing: usize,
    /// The board width.
    pub width: u8,
    /// The opening pair (each opening is played twice), from 1.
    pub opening: u32,
    /// The contenders, South first.
    pub players: [String; 2],
    /// The result for the first contender of the pairing.
    pub score: Score,
    /// Whether the first contender played South.
    pub first_south: bool,
    /// Plies played, the opening's included.
    pub plies: usize,
    /// The final totals, South's first, when the game was played out.
    pub totals: Option<[u16; 2]>,
    /// The forfeit that ended the game, if one did.
    pub forfeit: Option<Forfeit>,
    /// The game as played, the opening's plies included: to its end, or up
    /// to the forfeit.
    pub game: Game,
}

impl GameReport {
    /// How a forfeit ended the game, if one did: `South wins by forfeit at
    /// ply 6: NAME FAULT`, NAME the contender that forfeited.
    pub fn forfeit_text(&self) -> Option<String> {
        let Forfeit { side, fault } = self.forfeit.as_ref()?;
        let name = &self.players[usize::from(*side == Side::North)];
        Some(format!(
            "{} wins by forfeit at ply {}: {name} {fault}",
            side.opponent(),
            self.plies + 1
        ))
    }
}

impl fmt::Display for GameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [south, north] = &self.players;
        write!(
            f,
            "width {}, opening {}: {south} (South) vs {north} (North): ",
            self.width, self.opening
        )?;
        if let Some(forfeit) = self.forfeit_text() {
            return f.write_str(&forfeit);
        }
        let [south_seeds, north_seeds] = self.totals.unwrap_or_default();
        let result = match south_seeds.cmp(&north_seeds) {
            std::cmp::Ordering::Greater => "South wins",
            std::cmp::Ordering::Less => "North wins",
            std::cmp::Ordering::Equal => "draw",
        };
        write!(
            f,
            "{result} {south_seeds}-{north_seeds} after {} plies",
            self.plies
        )
    }
}

/// What [`run`] reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum ArenaEvent<'a> {
    /// A game has ended.
    Game(&'a GameReport),
    /// A pairing's result at a width, or over all widths.
    Line(&'a Line),
}

/// Plays `game` to its end, `first` taking the side `first_side`.
fn play_game(
    mut game: Game,
    (first, second): (&Contender, &Contender),
    first_side: Side,
    seed: u64,
) -> GameReport {
    let width = game.config().width();
    let mut players = [first.player(width, seed), second.player(width, seed ^ 1)];
    if first_side == Side::North {
        players.swap(0, 1);
    }
    let mut forfeit = None;
    while let Some(side) = game.to_move() {
        let index = usize::from(side == Side::North);
        let played = match &mut players[index] {
            Ok(player) => player.choose(&game).and_then(|hole| {
                game.apply(hole).map_err(|error| Fault::Illegal {
                    answer: hole.to_string(),
                    reason: error.to_string(),
                })
            }),
            Err(fault) => Err(fault.clone()),
        };
        if let Err(fault) = played {
            forfeit = Some(Forfeit { side, fault });
            break;
        }
    }
    // The engines are stopped here, before the game is reported.
    drop(players);
    let winner = match &forfeit {
        Some(forfeit) => Some(forfeit.side.opponent()),
        None => game.outcome().and_then(crate::rules::Outcome::winner),
    };
    let score = match winner {
        Some(side) if side == first_side => Score::Win,
        Some(_) => Score::Loss,
        None => Score::Draw,
    };
    let mut names = [first.to_string(), second.to_string()];
    if first_side == Side::North {
        names.swap(0, 1);
    }
    GameReport {
        pairing: 0,
        width,
        opening: 0,
        players: names,
        score,
        first_south: first_side == Side::South,
        plies: game.ply(),
        totals: game.outcome().map(|outcome| {
            let totals = outcome.totals();
            [totals.south, totals.north]
        }),
        forfeit,
        game,
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

    /// Every contender against every later one, in order.
    pub fn round_robin(contenders: &[Contender]) -> Vec<(Contender, Contender)> {
        contenders
            .iter()
            .enumerate()
            .flat_map(|(index, first)| {
                contenders[index + 1..]
                    .iter()
                    .map(move |second| (first.clone(), second.clone()))
            })
            .collect()
    }

    /// Starts every engine of the plan once (and stops it), so that one that
    /// cannot play is named before any game.
    ///
    /// # Errors
    /// The first engine that cannot start or answer `isready`, and its fault.
    pub fn check_engines(&self) -> Result<(), (String, Fault)> {
        let mut checked: Vec<&EngineSpec> = Vec::new();
        for contender in self
            .pairings
            .iter()
            .flat_map(|(first, second)| [first, second])
        {
            if let Contender::Engine(spec) = contender
                && !checked.contains(&&**spec)
            {
                RunningEngine::start(spec).map_err(|fault| (spec.label.clone(), fault))?;
                checked.push(spec);
            }
        }
        Ok(())
    }
}

/// Runs every pairing of `plan`, reporting every game, each width's result
/// and then the pairing's total through `on_event` as soon as they are known.
///
/// # Panics
/// If a width is not a legal board width.
pub fn run(plan: &Plan, mut on_event: impl FnMut(ArenaEvent<'_>)) {
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
    for (number, (first, second)) in (1..).zip(&plan.pairings) {
        let names = (first.to_string(), second.to_string());
        let mut total = PairingTally::default();
        let mut total_forfeits = [0; 2];
        for (&width, openings) in plan.widths.iter().zip(&openings) {
            let (tally, forfeits) =
                run_width(plan, openings, (number, first, second), &mut on_event);
            total.add(tally);
            total_forfeits[0] += forfeits[0];
            total_forfeits[1] += forfeits[1];
            let line = Line::new(names.clone(), Some(width), tally, forfeits);
            on_event(ArenaEvent::Line(&line));
        }
        let line = Line::new(names, None, total, total_forfeits);
        on_event(ArenaEvent::Line(&line));
    }
}

/// Every game of one pairing (its number in the plan, its contenders) at one
/// width (each opening with both colours), shared out among the threads; the
/// tally and each contender's forfeits.
fn run_width(
    plan: &Plan,
    openings: &[Game],
    (number, first, second): (usize, &Contender, &Contender),
    on_event: &mut impl FnMut(ArenaEvent<'_>),
) -> (PairingTally, [u32; 2]) {
    let games = 2 * openings.len();
    let next = AtomicUsize::new(0);
    let next = &next;
    let mut scores: Vec<Option<Score>> = vec![None; games];
    let mut forfeits = [0; 2];
    std::thread::scope(|scope| {
        let (sender, reports) = mpsc::channel();
        for _ in 0..plan.threads.clamp(1, games.max(1)) {
            // A game classifies its moves lazily in cells: each thread reads its own copy.
            let openings = openings.to_vec();
            let sender = sender.clone();
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
                    let mut report = play_game(game, (first, second), first_side, seed);
                    report.pairing = number;
                    report.opening = index as u32 / 2 + 1;
                    if sender.send((index, report)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (index, report) in reports {
            if let Some(forfeit) = &report.forfeit {
                let first_forfeited = (forfeit.side == Side::South) == report.first_south;
                forfeits[usize::from(!first_forfeited)] += 1;
            }
            scores[index] = Some(report.score);
            on_event(ArenaEvent::Game(&report));
        }
    });
    let mut tally = PairingTally::default();
    for pair in scores.chunks(2) {
        if let [Some(first), Some(second)] = *pair {
            tally.add(PairingTally::pair(first, second));
        }
    }
    (tally, forfeits)
}
