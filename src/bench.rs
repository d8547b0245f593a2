//! The engine benchmark of `endodoi bench`: seeded random games played with
//! full legality (endless sowings never played, the game's ends the rules'),
//! each move found as the program finds one (see [`play_random`]).

use std::fmt;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::rules::{Config, Game, Hole, MAX_WIDTH, Variant};

/// The seed of every benchmark run, so that each run plays the same games.
pub const SEED: u64 = 0x00e1_d0d0;

/// Work done while playing random games.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Games played to the end.
    pub games: u64,
    /// Moves played.
    pub moves: u64,
}

/// Plays uniformly random legal moves until the game ends.
pub fn play_out(game: &mut Game, rng: &mut fastrand::Rng) -> Work {
    play_random(game, rng, usize::MAX)
}

/// Plays up to `plies` uniformly random legal moves, fewer if the game ends.
///
/// Each move is found as a player of the program finds one: the mover's holes
/// are offered to [`Game::play_first_legal`] in a random order (drawn as it goes),
/// so only the holes tried before the first legal one are sown, and the move
/// is uniform among the legal ones.
///
/// # Panics
/// Never: only a move found legal is played.
pub fn play_random(game: &mut Game, rng: &mut fastrand::Rng, plies: usize) -> Work {
    let mut work = Work {
        games: 1,
        ..Work::default()
    };
    for _ in 0..plies {
        let position = game.position();
        let side = position.to_move();
        // The holes with seeds in a random order, drawn as they are needed:
        // the first legal one drawn is uniform among the legal ones.
        let mut undrawn: u16 = position
            .row(side)
            .iter()
            .enumerate()
            .filter(|&(_, &seeds)| seeds > 0)
            .fold(0, |holes, (index, _)| holes | 1 << index);
        let shuffled = std::iter::from_fn(|| {
            (undrawn != 0).then(|| {
                let drawn = rng.u32(..undrawn.count_ones()) as usize;
                let index = NTH_HOLE[usize::from(undrawn)][drawn];
                undrawn &= !(1 << index);
                Hole::new(side, index)
            })
        });
        if game.play_first_legal(shuffled).is_none() {
            return work;
        }
        work.moves += 1;
    }
    work
}

/// `NTH_HOLE[holes][n]`: the index of the `n`-th hole (from 0) of the set
/// `holes` (a bit a hole): a look-up, since a loop that counts up to a random
/// `n` is a branch no processor can guess.
static NTH_HOLE: [[u8; MAX_WIDTH as usize]; 1 << MAX_WIDTH] = {
    let mut table = [[0; MAX_WIDTH as usize]; 1 << MAX_WIDTH];
    let mut holes = 0;
    while holes < table.len() {
        let (mut index, mut n) = (0, 0);
        while index < MAX_WIDTH {
            if holes & 1 << index != 0 {
                table[holes][n] = index;
                n += 1;
            }
            index += 1;
        }
        holes += 1;
    }
    table
};

/// One width's measurement: the median of [`ROUNDS`] timed rounds.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Measurement {
    /// Holes in a row.
    pub width: u8,
    /// Games played in each round.
    pub games: u64,
    /// Games a second.
    pub games_per_s: f64,
    /// Moves a second.
    pub moves_per_s: f64,
}

/// Plays `games` seeded random games of the classic game `width` holes wide,
/// 4 seeds a hole, [`ROUNDS`] times over, and reports the median round's rates.
///
/// Every round plays the same games, so the rounds differ only in time.
///
/// # Panics
/// If `width` is not a legal width.
pub fn measure(width: u8, games: u64) -> Measurement {
    let config = Config::new(width.into(), 4, Variant::Classic).expect("a legal width");
    let mut total = Work::default();
    let mut seconds: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let mut rng = fastrand::Rng::with_seed(SEED ^ u64::from(width));
            total = Work::default();
            let started = Instant::now();
            for _ in 0..games {
                let mut game = Game::new(config);
                let work = play_out(&mut game, &mut rng);
                total.games += work.games;
                total.moves += work.moves;
            }
            started.elapsed().max(Duration::from_nanos(1)).as_secs_f64()
        })
        .collect();
    seconds.sort_by(f64::total_cmp);
    let median = seconds[seconds.len() / 2];
    Measurement {
        width,
        games,
        games_per_s: total.games as f64 / median,
        moves_per_s: total.moves as f64 / median,
    }
}

/// Rounds timed at each width; the median is reported.
pub const ROUNDS: usize = 5;

/// The widths measured and the games played at each.
pub const PLAN: [(u8, u64); 3] = [(6, 60_000), (8, 30_000), (10, 20_000)];

/// The search benchmark's widths, the depth searched at each, and the
/// positions searched: the start and two positions after a few moves,
/// fixed so that two builds of the program search the same positions
/// (the same positions `go depth` is timed on through `endodoi engine`).
pub const SEARCH_PLAN: [(u8, u32, [&str; 3]); 3] = [
    (6, 15, ["", "A e F e A c", "E e F e E e C a B a C a"]),
    (8, 12, ["", "H a H f F d", "G d F f F g B e C a H h"]),
    (10, 10, ["", "E e F c H i", "J e A j G g G h B i J b"]),
];

/// Thinking time of the benchmark's timed search.
pub const SEARCH_THINK: Duration = Duration::from_secs(1);

/// One width's search measurement: a fixed-depth search of a few fixed
/// positions (nodes and nodes a second), then a timed search from the start
/// (the depth it completes, as the computer player would).
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct SearchMeasurement {
    /// Holes in a row.
    pub search_width: u8,
    /// Plies of the fixed-depth searches.
    pub depth: u32,
    /// Positions searched to that depth.
    pub positions: usize,
    /// Nodes visited by the fixed-depth searches.
    pub nodes: u64,
    /// Their nodes a second.
    pub nodes_per_s: f64,
    /// Deepest iteration completed by the timed search from the start.
    pub timed_depth: u32,
    /// Milliseconds the timed search took (it goes on until its time is up,
    /// unless it solves the position first).
    pub timed_ms: u128,
    /// Nodes a second of the timed search.
    pub timed_nodes_per_s: f64,
}

impl Measurement {
    /// The header of the table whose rows [`Display`](fmt::Display) writes.
    pub const HEADER: &str = "width    games      games/s      moves/s";
}

impl fmt::Display for Measurement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:>5} {:>8} {:>12.0} {:>12.0}",
            self.width, self.games, self.games_per_s, self.moves_per_s
        )
    }
}

impl SearchMeasurement {
    /// The header of the table whose rows [`Display`](fmt::Display) writes:
    /// the fixed-depth searches, then the timed one (`1s`); no two columns
    /// named alike.
    pub const HEADER: &str =
        "width  depth      nodes      nodes/s  depth in 1s   time ms  1s nodes/s";
}

impl fmt::Display for SearchMeasurement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:>5} {:>6} {:>10} {:>12.0} {:>12} {:>9} {:>11.0}",
            self.search_width,
            self.depth,
            self.nodes,
            self.nodes_per_s,
            self.timed_depth,
            self.timed_ms,
            self.timed_nodes_per_s
        )
    }
}

/// Searches each of `positions` (move lists of the classic game `width`
/// holes wide, 4 seeds a hole) to `depth` plies, each with a fresh table,
/// then the start for [`SEARCH_THINK`].
///
/// # Panics
/// If `width` is not a legal width or a move list is not legal.
pub fn measure_search(width: u8, depth: u32, positions: &[&str]) -> SearchMeasurement {
    use crate::record::Record;
    use crate::search::{Limits, Search};
    use std::sync::atomic::AtomicBool;

    let config = Config::new(width.into(), 4, Variant::Classic).expect("a legal width");
    let stop = AtomicBool::new(false);
    let games: Vec<Game> = positions
        .iter()
        .map(|moves| {
            Record::read_moves(config, moves)
                .expect("a legal move list")
                .game
        })
        .collect();
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for game in &games {
        let result = Search::with_seed(Limits::depth(depth), SEED).run(game, &stop, |_| {});
        nodes += result.nodes;
        elapsed += result.elapsed;
    }
    let timed = Search::with_seed(Limits::movetime(SEARCH_THINK), SEED).run(
        &Game::new(config),
        &stop,
        |_| {},
    );
    SearchMeasurement {
        search_width: width,
        depth,
        positions: games.len(),
        nodes,
        nodes_per_s: nodes as f64 / elapsed.max(Duration::from_nanos(1)).as_secs_f64(),
        timed_depth: timed.depth,
        timed_ms: timed.elapsed.as_millis(),
        timed_nodes_per_s: timed.nps() as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of a header's columns: words two spaces or more apart.
    fn columns(header: &str) -> Vec<&str> {
        header
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect()
    }

    #[test]
    fn the_tables_name_each_column_once_and_their_rows_fit_the_header() {
        let row = SearchMeasurement {
            search_width: 10,
            depth: 12,
            positions: 3,
            nodes: 1_234_567_890,
            nodes_per_s: 12_345_678.0,
            timed_depth: 21,
            timed_ms: 1000,
            timed_nodes_per_s: 12_345_678.0,
        };
        for (header, row) in [
            (SearchMeasurement::HEADER, row.to_string()),
            (
                Measurement::HEADER,
                Measurement {
                    width: 10,
                    games: 20_000,
                    games_per_s: 123_456.0,
                    moves_per_s: 9_876_543.0,
                }
                .to_string(),
            ),
        ] {
            let names = columns(header);
            let unique: std::collections::HashSet<&&str> = names.iter().collect();
            assert_eq!(unique.len(), names.len(), "{header}");
            assert_eq!(row.len(), header.len(), "{header}\n{row}");
        }
    }
}
