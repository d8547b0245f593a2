//! The computer player: it finds the best capture and forced wins on small
//! boards (checked against an exhaustive solver), never plays an illegal or
//! endless move, answers within its time, and every level plays legal games;
//! it takes exact values from any tables of endgames given through its probe
//! trait (here the solver), asking only for boards they hold.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use endodoi::bench::play_random;
use endodoi::rules::{Config, Game, Hole, Position, Side, Variant};
use endodoi::search::{
    Endgames, Level, LevelError, Limits, Lookup, ProbeDepth, Search, SearchResult, TableValue,
    minimax_best,
};

fn hole(letter: char) -> Hole {
    Hole::from_letter(letter).expect("a hole letter")
}

fn game(south: &[u8], north: &[u8], to_move: Side) -> Game {
    let position = Position::from_rows(south, north, to_move).expect("a legal position");
    Game::from_position(Variant::Classic, position, 4)
}

fn search(game: &Game, limits: Limits) -> endodoi::search::SearchResult {
    Search::with_seed(limits, 7).run(game, &AtomicBool::new(false), |_| {})
}

/// The final margin the player to move gets with perfect play by both sides
/// (their total minus the opponent's), by playing out every line: the
/// deliberately plain oracle of these tests. Only for tiny endgames: it
/// gives up beyond a million positions rather than hang.
fn solve(game: &mut Game) -> i32 {
    try_solve(game, 1_000_000).expect("a tiny endgame, solved in a million positions")
}

/// [`solve`], or `None` beyond `budget` positions.
fn try_solve(game: &mut Game, mut budget: u32) -> Option<i32> {
    fn solve_within(game: &mut Game, budget: &mut u32) -> Option<i32> {
        *budget = budget.checked_sub(1)?;
        let side = game.position().to_move();
        if let Some(outcome) = game.outcome() {
            let totals = outcome.totals();
            return Some(i32::from(totals[side]) - i32::from(totals[side.opponent()]));
        }
        let moves: Vec<Hole> = game.legal_moves().collect();
        let mut best = None;
        for hole in moves {
            game.play(hole).expect("a listed move is legal");
            let value = solve_within(game, budget).map(|value| -value);
            game.undo();
            best = best.max(Some(value?));
        }
        best
    }
    solve_within(game, &mut budget)
}

/// Random positions reached by seeded random play, both variants, every width.
fn random_games(count: usize) -> Vec<Game> {
    let mut rng = fastrand::Rng::with_seed(0x005e_a7c4);
    let mut games = Vec::new();
    while games.len() < count {
        let variant = if rng.bool() {
            Variant::Classic
        } else {
            Variant::Cross
        };
        let config = Config::new(rng.u32(6..=10), rng.u32(3..=6), variant).expect("a legal board");
        let mut game = Game::new(config);
        let plies = rng.usize(0..80);
        play_random(&mut game, &mut rng, plies);
        if game.outcome().is_none() {
            games.push(game);
        }
    }
    games
}

#[test]
fn takes_the_biggest_capture() {
    // E sows into the empty F and takes a's 9 seeds (+1); A would take only e's.
    let game = game(&[1, 0, 0, 0, 1, 0], &[9, 0, 0, 0, 1, 0], Side::South);
    let result = search(&game, Limits::depth(4));
    assert_eq!(result.best, Some(hole('E')));
    // North's only reply, e, takes A's seed back (+1): 10 against 2.
    assert_eq!(result.pv, [hole('E'), hole('e')]);
}

#[test]
fn finds_the_only_winning_move_of_small_endgames() {
    // Each has one winning move (found and frozen with the oracle above);
    // every other move loses.
    let endgames = [
        (&[0, 0, 1, 1, 0, 1][..], &[0, 1, 0, 0, 1, 0][..], 'D', 5),
        (&[0, 1, 1, 1, 0, 0][..], &[1, 0, 1, 0, 0, 0][..], 'C', 5),
    ];
    for (south, north, winning, margin) in endgames {
        let game = game(south, north, Side::South);
        assert_eq!(solve(&mut game.clone()), margin);
        let result = search(&game, Limits::depth(40));
        assert!(result.exact, "{south:?} {north:?}: solved to the end");
        assert_eq!(result.score, margin, "{south:?} {north:?}");
        assert_eq!(result.best, Some(hole(winning)), "{south:?} {north:?}");
    }
}

#[test]
fn a_finished_game_has_no_move_and_its_final_margin() {
    // South has no seeds: North, who moved last, takes the 5 left.
    let game = game(&[0; 6], &[2, 0, 0, 3, 0, 0], Side::South);
    let result = search(&game, Limits::depth(3));
    assert_eq!(result.best, None);
    assert_eq!(
        (result.side, result.score, result.exact),
        (Side::South, -5, true)
    );
}

#[test]
fn never_returns_an_illegal_or_endless_move() {
    for game in random_games(300) {
        let result = search(&game, Limits::depth(3));
        let best = result.best.expect("a game not over has a move");
        assert!(game.is_legal(best), "{best} in {:?}", game.position());
        assert!(result.pv.first() == Some(&best));
    }
}

#[test]
fn searches_to_the_requested_depth() {
    let game = Game::new(Config::default());
    let mut depths = Vec::new();
    let result =
        Search::with_seed(Limits::depth(5), 1).run(&game, &AtomicBool::new(false), |info| {
            depths.push(info.depth);
        });
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(result.depth, 5);
}

#[test]
fn answers_within_its_movetime() {
    let game = Game::new(Config::new(10, 6, Variant::Classic).expect("a legal board"));
    let started = Instant::now();
    let result = search(&game, Limits::movetime(Duration::from_millis(100)));
    assert_prompt_legal_answer(&game, started, &result);
}

/// The search answered a legal move well within its time (a generous bound:
/// tests never fail because a machine is slow).
fn assert_prompt_legal_answer(game: &Game, started: Instant, result: &SearchResult) {
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert!(game.is_legal(result.best.expect("a move")));
}

#[test]
fn stops_when_told_and_still_answers_a_legal_move() {
    let game = Game::new(Config::new(10, 6, Variant::Classic).expect("a legal board"));
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
        });
        Search::new(Limits::infinite()).run(&game, &stop, |_| {})
    });
    assert_prompt_legal_answer(&game, started, &result);
}

#[test]
fn stopped_before_it_begins_still_answers_a_legal_move() {
    let game = Game::new(Config::default());
    let result = Search::new(Limits::infinite()).run(&game, &AtomicBool::new(true), |_| {});
    assert!(game.is_legal(result.best.expect("a move")));
}

#[test]
fn every_level_plays_a_whole_legal_game() {
    for level in Level::all().filter(|&level| level < Level::MAX) {
        let mut game = Game::new(Config::default());
        let mut players = [
            Search::with_seed(level.limits(Duration::from_millis(20)), 1),
            Search::with_seed(level.limits(Duration::from_millis(20)), 2),
        ];
        while let Some(side) = game.to_move() {
            let result = players[side as usize].run(&game, &AtomicBool::new(false), |_| {});
            game.play(result.best.expect("a move"))
                .expect("level {level} plays legal moves");
        }
    }
}

#[test]
fn levels_parse_from_one_to_five() {
    assert_eq!("1".parse::<Level>().map(Level::number), Ok(1));
    assert_eq!("5".parse::<Level>(), Ok(Level::MAX));
    for refused in ["0", "6", "x"] {
        assert_eq!(
            refused.parse::<Level>(),
            Err(LevelError(refused.to_owned())),
            "{refused}"
        );
    }
}

#[test]
fn minimax_plays_the_solved_move_when_it_sees_the_end() {
    let game = game(&[0, 0, 1, 1, 0, 1], &[0, 1, 0, 0, 1, 0], Side::South);
    let perfect = solve(&mut game.clone());
    let mut after = game.clone();
    after
        .play(minimax_best(&game, 30).expect("a move"))
        .expect("a legal move");
    assert_eq!(-solve(&mut after), perfect);
}

#[test]
fn minimax_takes_the_biggest_capture() {
    let game = game(&[1, 0, 0, 0, 1, 0], &[9, 0, 0, 0, 1, 0], Side::South);
    assert_eq!(minimax_best(&game, 1), Some(hole('E')));
}

/// Seeded random endgames of a 6-wide board with at most `seeds` seeds, not
/// over, of either variant, with either player to move.
fn small_endgames(seeds: u32, count: usize, keep: impl Fn(&Game) -> bool) -> Vec<Game> {
    let mut rng = fastrand::Rng::with_seed(0x0e4d_9a3e);
    let mut found = Vec::new();
    for _ in 0..200_000 {
        if found.len() == count {
            break;
        }
        let mut rows = [0_u8; 12];
        for _ in 0..rng.u32(1..=seeds) {
            rows[rng.usize(..12)] += 1;
        }
        let to_move = if rng.bool() { Side::South } else { Side::North };
        let variant = if rng.bool() {
            Variant::Classic
        } else {
            Variant::Cross
        };
        let position = Position::from_rows(&rows[..6], &rows[6..], to_move).expect("legal rows");
        let game = Game::from_position(variant, position, 4);
        let solvable = || try_solve(&mut game.clone(), 100_000).is_some();
        if game.outcome().is_none() && keep(&game) && solvable() {
            found.push(game);
        }
    }
    assert_eq!(found.len(), count, "enough endgames in the sample");
    found
}

#[test]
fn a_single_legal_move_is_still_searched_so_its_margin_is_the_real_one() {
    let single = |game: &Game| game.legal_moves().count() == 1;
    let mut one_ply_wrong = 0;
    for game in small_endgames(7, 40, single) {
        let truth = solve(&mut game.clone());
        if search(&game, Limits::depth(1)).score != truth {
            one_ply_wrong += 1;
        }
        // What the hint key asks for: the strongest level's limits.
        let hint = search(&game, Level::MAX.limits(Duration::from_secs(5)));
        assert!(hint.exact, "{:?}: searched to the end", game.position());
        assert_eq!(hint.score, truth, "{:?}", game.position());
    }
    assert!(
        one_ply_wrong > 0,
        "some of these endgames need more than the one ply of their only move"
    );
}

#[test]
fn the_search_agrees_with_the_exhaustive_solver_on_random_small_endgames() {
    for game in small_endgames(8, 60, |_| true) {
        let truth = solve(&mut game.clone());
        let result = search(&game, Limits::depth(64));
        assert!(result.exact, "{:?}: searched to the end", game.position());
        assert_eq!(result.score, truth, "{:?}", game.position());
        let best = result.best.expect("a game not over has a move");
        let mut after = game.clone();
        after.play(best).expect("the search plays legal moves");
        assert_eq!(-solve(&mut after), truth, "{best} is a best move");
    }
}

#[test]
fn analyze_gives_the_same_verdicts_on_every_run() {
    let analyze = || {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_endodoi"))
            .args(["analyze", "examples/naserian-lekishon.ogn"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("the binary runs");
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    let first = analyze();
    // The header, a row a move, the graph (a heading, 9 rows, the move
    // numbers, a blank line each side) and the summary.
    assert_eq!(first.lines().count(), 1 + 27 + (2 + 11) + 3, "{first}");
    assert_eq!(analyze(), first);
}

#[test]
fn a_search_kept_from_ply_to_ply_never_calls_a_score_exact_that_rests_on_another_history() {
    // As `analyze` does: one searcher, its table kept, every position of a
    // game in turn. A score found below a position that a repetition of an
    // earlier position decided holds for that history only, and must not be
    // taken as solved when the position comes again after other moves.
    let mut rng = fastrand::Rng::with_seed(0x6415);
    let (mut checked, mut wrong) = (0, Vec::new());
    let mut search = Search::with_seed(Limits::depth(64), 7);
    for start in small_endgames(8, 60, |_| true) {
        let mut game = start.clone();
        while game.outcome().is_none() {
            let result = search.run(&game, &AtomicBool::new(false), |_| {});
            if result.exact {
                let truth = solve(&mut game.clone());
                checked += 1;
                if result.score != truth {
                    wrong.push((*game.position(), result.score, truth));
                }
            }
            let moves: Vec<Hole> = game.legal_moves().collect();
            game.play(moves[rng.usize(..moves.len())])
                .expect("a listed move is legal");
        }
    }
    assert!(checked > 100, "{checked} positions checked");
    assert_eq!(
        wrong,
        [],
        "exact scores that are not: (position, score, truth)"
    );
}

/// Tables of perfect endgames that are this file's exhaustive solver, for
/// boards of at most `most` seeds: all the search asks of tables, with no
/// file behind them. They count what they are asked.
#[derive(Debug, Default)]
struct Solver {
    most: u8,
    probes: AtomicU64,
    /// The most seeds on a board asked for.
    largest: AtomicU16,
}

impl Endgames for Solver {
    fn max_seeds(&self) -> Option<u8> {
        Some(self.most)
    }

    fn lookup(self: Arc<Self>) -> Box<dyn Lookup> {
        Box::new(SolverLookup(self))
    }
}

#[derive(Clone, Debug)]
struct SolverLookup(Arc<Solver>);

impl Lookup for SolverLookup {
    fn probe(&mut self, position: &Position, _: ProbeDepth) -> Option<TableValue> {
        let seeds = position.row_total(Side::South) + position.row_total(Side::North);
        self.0.probes.fetch_add(1, Ordering::Relaxed);
        self.0.largest.fetch_max(seeds, Ordering::Relaxed);
        let mut game = Game::from_position(position.variant(), *position, 4);
        // The margin from the board on, without the seeds already taken.
        let value = solve(&mut game) - position.captured().lead(position.to_move());
        Some(TableValue { value, exact: true })
    }

    fn reads_in_background(&self) -> bool {
        false
    }

    fn boxed_clone(&self) -> Box<dyn Lookup> {
        Box::new(self.clone())
    }
}

#[test]
fn the_search_takes_exact_values_from_any_tables_and_asks_only_for_boards_they_hold() {
    let (mut nodes, mut alone, mut hits) = (0, 0, 0);
    for game in small_endgames(8, 30, |_| true) {
        let truth = solve(&mut game.clone());
        let tables = Arc::new(Solver {
            most: 4,
            ..Solver::default()
        });
        let mut searcher = Search::with_seed(Limits::depth(64), 7);
        searcher.set_tables(Some(Arc::clone(&tables)));
        let result = searcher.run(&game, &AtomicBool::new(false), |_| {});
        assert!(result.exact, "{:?}: solved", game.position());
        assert_eq!(result.score, truth, "{:?}", game.position());
        assert!(tables.largest.load(Ordering::Relaxed) <= 4);
        assert!(tables.probes.load(Ordering::Relaxed) >= result.table_hits);
        nodes += result.nodes;
        hits += result.table_hits;
        alone += search(&game, Limits::depth(64)).nodes;
    }
    assert!(hits > 0, "the tables were used");
    assert!(
        nodes < alone,
        "{nodes} nodes with the tables, {alone} without"
    );
}
