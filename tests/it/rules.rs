//! The rules, one test per rule and house rule, on board literals; frozen
//! positions for endless sowings; invariants over random games; a perft; and
//! the differential test against the plain reference implementation.

use endodoi::bench::play_out;
use endodoi::record::Record;
use endodoi::rules::{
    BySide, Capture, Config, ConfigError, Direction, EndReason, Endless, Game, Hole, LAP_LIMIT,
    Lap, MoveError, MoveReport, Outcome, Position, Side, Variant,
};
use plain::Plain;

use crate::common::plain;

fn hole(letter: char) -> Hole {
    Hole::from_letter(letter).expect("a letter")
}

/// Rows written `"south / north"`, each from its owner's left: `"3 0 0 0 0 0 / 1 0 0 0 0 0"`.
fn rows(text: &str) -> (Vec<u8>, Vec<u8>) {
    let row = |part: &str| -> Vec<u8> {
        part.split_whitespace()
            .map(|n| n.parse().expect("a seed count"))
            .collect()
    };
    let (south, north) = text.split_once('/').expect("south / north");
    (row(south), row(north))
}

/// A game from explicit rows, `to_move` to play.
fn game(variant: Variant, text: &str, to_move: Side) -> Game {
    let (south, north) = rows(text);
    let position = Position::from_rows(&south, &north, to_move).expect("valid rows");
    Game::from_position(variant, position, 4)
}

/// Sows `letter` (its owner moves) from the rows; the game after it and what happened.
fn sow(variant: Variant, text: &str, letter: char) -> (Game, MoveReport) {
    let mover = hole(letter).side();
    let mut game = game(variant, text, mover);
    let report = game.play(hole(letter)).expect("a legal move");
    (game, report)
}

/// The whole board: both rows, captures, and whose turn it is.
#[derive(Debug, PartialEq, Eq)]
struct Board {
    south: Vec<u8>,
    north: Vec<u8>,
    captured: BySide<u16>,
    to_move: Option<Side>,
}

fn board(game: &Game) -> Board {
    let position = game.position();
    Board {
        south: position.row(South).to_vec(),
        north: position.row(North).to_vec(),
        captured: position.captured(),
        to_move: game.to_move(),
    }
}

fn expect(text: &str, (south, north): (u16, u16), to_move: Option<Side>) -> Board {
    let (south_row, north_row) = rows(text);
    Board {
        south: south_row,
        north: north_row,
        captured: BySide { south, north },
        to_move,
    }
}

fn lap(start: char, seeds: u8, direction: Direction) -> Lap {
    Lap {
        start: hole(start),
        seeds,
        direction,
    }
}

use Direction::{Clockwise, Counterclockwise};
use Side::{North, South};
use Variant::{Classic, Cross};

#[test]
fn start_position_has_the_same_seeds_in_every_hole() {
    for width in 6..=10 {
        for seeds in 3..=6 {
            let game = Game::new(Config::new(width, seeds, Classic).unwrap());
            let row = vec![seeds as u8; width as usize];
            let start = Board {
                south: row.clone(),
                north: row,
                captured: BySide::default(),
                to_move: Some(South),
            };
            assert_eq!(board(&game), start);
        }
    }
}

#[test]
fn board_shape_outside_the_rules_is_refused() {
    assert_eq!(Config::new(5, 4, Classic), Err(ConfigError::Width(5)));
    assert_eq!(Config::new(11, 4, Classic), Err(ConfigError::Width(11)));
    assert_eq!(Config::new(6, 2, Classic), Err(ConfigError::Seeds(2)));
    assert_eq!(Config::new(6, 7, Classic), Err(ConfigError::Seeds(7)));
    assert_eq!(
        Position::from_rows(&[1; 6], &[1; 7], South),
        Err(ConfigError::Rows { south: 6, north: 7 })
    );
    assert_eq!(
        Position::from_rows(&[1; 5], &[1; 5], South),
        Err(ConfigError::Width(5))
    );
}

#[test]
fn sowing_goes_counterclockwise_from_the_next_hole() {
    let (g, report) = sow(Classic, "3 0 0 0 0 0 / 1 0 0 0 0 0", 'A');
    assert_eq!(
        board(&g),
        expect("0 1 1 1 0 0 / 1 0 0 0 0 0", (0, 0), Some(North))
    );
    assert_eq!(report.laps, vec![lap('A', 3, Counterclockwise)]);
    let sown: Vec<Hole> = report.laps[0].holes(6).collect();
    assert_eq!(sown, vec![hole('B'), hole('C'), hole('D')]);
    assert_eq!(report.last, hole('D'));
}

#[test]
fn sowing_runs_from_souths_last_hole_into_norths_first() {
    let (g, _) = sow(Classic, "0 0 0 0 0 2 / 0 0 0 0 0 1", 'F');
    assert_eq!(
        board(&g),
        expect("0 0 0 0 0 0 / 1 1 0 0 0 1", (0, 0), Some(North))
    );
}

#[test]
fn sowing_runs_from_norths_last_hole_into_souths_first() {
    let (g, _) = sow(Classic, "0 0 0 0 0 1 / 0 0 0 0 0 2", 'f');
    assert_eq!(
        board(&g),
        expect("1 1 0 0 0 1 / 0 0 0 0 0 0", (0, 0), Some(South))
    );
}

#[test]
fn emptied_start_hole_is_not_skipped_on_a_full_lap() {
    // 12 seeds on 2×6: one in every hole, the last back in the emptied A,
    // which was empty, so the move ends there and captures f.
    let (g, report) = sow(Classic, "12 0 0 0 0 0 / 0 0 0 0 0 0", 'A');
    assert_eq!(
        board(&g),
        expect("0 1 1 1 1 1 / 1 1 1 1 1 0", (2, 0), Some(North))
    );
    assert_eq!(report.last, hole('A'));
    assert_eq!(report.seeds_sown, 12);
}

#[test]
fn relay_continues_from_occupied_hole() {
    let (g, report) = sow(Classic, "2 0 1 0 0 0 / 1 0 0 0 0 0", 'A');
    assert_eq!(
        board(&g),
        expect("0 1 0 1 1 0 / 1 0 0 0 0 0", (0, 0), Some(North))
    );
    let laps = vec![lap('A', 2, Counterclockwise), lap('C', 2, Counterclockwise)];
    assert_eq!(report.laps, laps);
    assert_eq!(report.last, hole('E'));
    assert_eq!(report.seeds_sown, 4);
}

#[test]
fn capture_takes_the_opposite_seeds_and_the_last_seed() {
    let (g, report) = sow(Classic, "1 0 0 0 0 0 / 2 0 0 0 3 0", 'A');
    assert_eq!(
        board(&g),
        expect("0 0 0 0 0 0 / 2 0 0 0 0 0", (4, 0), Some(North))
    );
    let capture = Capture {
        hole: hole('B'),
        opposite: hole('e'),
        seeds: 4,
    };
    assert_eq!(report.capture, Some(capture));
    assert_eq!(g.history().last().unwrap().captured, 4);
}

#[test]
fn north_captures_from_souths_row() {
    // a sows b, which was empty; b faces E, which holds 5: North takes 5 + 1.
    let (g, _) = sow(Classic, "0 0 0 0 5 1 / 1 0 0 0 0 0", 'a');
    assert_eq!(
        board(&g),
        expect("0 0 0 0 0 1 / 0 0 0 0 0 0", (0, 6), Some(South))
    );
}

#[test]
fn no_capture_when_opposite_empty() {
    let (g, report) = sow(Classic, "1 0 0 0 0 0 / 2 0 0 0 0 0", 'A');
    assert_eq!(
        board(&g),
        expect("0 1 0 0 0 0 / 2 0 0 0 0 0", (0, 0), Some(North))
    );
    assert_eq!(report.capture, None);
}

#[test]
fn no_capture_when_the_move_ends_in_the_opponents_row() {
    // E sows F then a; a was empty, and it faces F (now 1), but a is North's.
    let (g, report) = sow(Classic, "0 0 0 0 2 0 / 0 0 0 0 0 0", 'E');
    assert_eq!(
        board(&g),
        expect("0 0 0 0 0 1 / 1 0 0 0 0 0", (0, 0), Some(North))
    );
    assert_eq!(report.capture, None);
}

#[test]
fn opposite_holes_pair_kth_with_w_plus_one_minus_kth() {
    assert_eq!(hole('A').opposite(6), hole('f'));
    assert_eq!(hole('F').opposite(6), hole('a'));
    assert_eq!(hole('C').opposite(6), hole('d'));
    assert_eq!(hole('A').opposite(10), hole('j'));
    assert_eq!(hole('j').opposite(10), hole('A'));
    assert_eq!(hole('E').opposite(9), hole('e'));
}

#[test]
fn cross_sows_an_odd_lap_clockwise() {
    let (g, report) = sow(Cross, "0 0 1 0 0 0 / 1 0 0 0 0 0", 'C');
    assert_eq!(
        board(&g),
        expect("0 1 0 0 0 0 / 1 0 0 0 0 0", (0, 0), Some(North))
    );
    assert_eq!(report.laps, vec![lap('C', 1, Clockwise)]);
}

#[test]
fn cross_clockwise_lap_runs_from_souths_first_hole_into_norths_last() {
    let (g, _) = sow(Cross, "1 0 0 0 0 0 / 0 0 0 0 0 0", 'A');
    assert_eq!(
        board(&g),
        expect("0 0 0 0 0 0 / 0 0 0 0 0 1", (0, 0), Some(North))
    );
}

#[test]
fn cross_sows_an_even_lap_counterclockwise() {
    let (g, report) = sow(Cross, "2 0 0 0 0 0 / 1 0 0 0 0 0", 'A');
    assert_eq!(
        board(&g),
        expect("0 1 1 0 0 0 / 1 0 0 0 0 0", (0, 0), Some(North))
    );
    assert_eq!(report.laps, vec![lap('A', 2, Counterclockwise)]);
}

#[test]
fn cross_relay_chooses_each_laps_direction_by_its_seeds() {
    // C (3, odd) goes clockwise: B, A, f; f held 1, so 2 (even) go on
    // counterclockwise: A, B; B held 1, so 2 go on: C, D; D was empty.
    let (g, report) = sow(Cross, "1 0 3 0 0 0 / 0 0 0 0 0 1", 'C');
    let laps = vec![
        lap('C', 3, Clockwise),
        lap('f', 2, Counterclockwise),
        lap('B', 2, Counterclockwise),
    ];
    assert_eq!(report.laps, laps);
    let sown: String = report
        .laps
        .iter()
        .flat_map(|lap| lap.holes(6))
        .map(Hole::letter)
        .collect();
    assert_eq!(sown, "BAfABCD");
    // North's row is empty, so the game ends and South, the last mover, takes the rest.
    assert_eq!(board(&g), expect("3 0 1 1 0 0 / 0 0 0 0 0 0", (0, 0), None));
    assert_eq!(g.outcome().unwrap().taken, BySide { south: 5, north: 0 });
}

#[test]
fn game_ends_when_the_player_to_move_has_no_moves_and_the_last_mover_takes_the_rest() {
    // E sows F, which was empty and faces the empty a: no capture, and North
    // has no seeds left to move.
    let (g, _) = sow(Classic, "2 0 0 0 1 0 / 0 0 0 0 0 0", 'E');
    assert_eq!(board(&g), expect("2 0 0 0 0 1 / 0 0 0 0 0 0", (0, 0), None));
    let outcome = Outcome {
        captured: BySide { south: 0, north: 0 },
        taken: BySide { south: 3, north: 0 },
        reason: EndReason::NoMoves,
    };
    assert_eq!(g.outcome(), Some(&outcome));
    assert_eq!(outcome.winner(), Some(South));
    assert_eq!(g.legal_moves().count(), 0);
    let mut after = g.clone();
    assert_eq!(after.play(hole('a')), Err(MoveError::GameOver));
    assert_eq!(after, g);
}

#[test]
fn equal_totals_are_a_draw() {
    let g = game(Classic, "0 0 0 0 0 0 / 0 0 0 0 0 0", South);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.totals(), BySide { south: 0, north: 0 });
    assert_eq!(outcome.winner(), None);
}

#[test]
fn repetition_ends_the_game_and_each_player_takes_their_own_row() {
    let record = Record::read(include_str!("../golden/014.ogn")).unwrap();
    let g = &record.game;
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Repetition);
    let position = g.position();
    assert_eq!(
        outcome.taken,
        BySide::from_fn(|side| position.row_total(side))
    );
    // The position now equals an earlier one with the same player to move.
    let earlier = (1..=g.ply() + 1).filter_map(|ply| g.position_before(ply));
    let repeats = earlier
        .filter(|p| {
            p.to_move() == position.to_move()
                && p.row(Side::South) == position.row(Side::South)
                && p.row(Side::North) == position.row(Side::North)
        })
        .count();
    assert_eq!(repeats, 2, "the earlier occurrence and the position itself");
}

#[test]
fn illegal_moves_are_refused_and_leave_the_game_unchanged() {
    let g = game(Classic, "0 1 0 0 0 0 / 1 0 0 0 0 0", South);
    let cases = [
        (hole('A'), MoveError::EmptyHole(hole('A'))),
        (
            hole('a'),
            MoveError::NotYourHole {
                hole: hole('a'),
                to_move: Side::South,
            },
        ),
        (
            hole('G'),
            MoveError::OffBoard {
                hole: hole('G'),
                width: 6,
            },
        ),
    ];
    for (mv, error) in cases {
        let mut after = g.clone();
        assert_eq!(after.play(mv), Err(error));
        assert_eq!(after, g);
        assert!(!g.is_legal(mv));
    }
}

/// South to move after `A e C b` on the standard 2×6 board: `A`'s sowing
/// neither ends nor repeats a state Brent's check sees within the lap limit.
fn lap_limit_game() -> Game {
    Record::read_moves(Config::default(), "A e C b")
        .unwrap()
        .game
}

#[test]
fn sowing_that_reaches_the_lap_limit_is_endless_and_not_legal() {
    let g = lap_limit_game();
    assert_eq!(
        board(&g),
        expect("5 3 2 1 0 4 / 3 0 1 3 5 14", (4, 3), Some(South))
    );
    let endless = MoveError::Endless {
        hole: hole('A'),
        why: Endless::LapLimit,
    };
    assert_eq!(g.check(hole('A')), Err(endless));
    let legal: Vec<Hole> = g.legal_moves().collect();
    assert_eq!(legal, vec![hole('B'), hole('C'), hole('D'), hole('F')]);
    assert_eq!(LAP_LIMIT, 10_000);
}

#[test]
fn sowing_that_cycles_is_endless_and_found_early() {
    // Found by search: North's c returns to the same sowing state every 35 laps.
    let g = game(Classic, "2 1 0 2 4 0 / 5 1 5 1 4 3", North);
    let endless = MoveError::Endless {
        hole: hole('c'),
        why: Endless::Cycle { period: 35 },
    };
    assert_eq!(g.check(hole('c')), Err(endless));
    assert!(g.legal_moves().all(|h| h != hole('c')));
    assert!(g.legal_moves().count() > 0);
}

#[test]
fn sowing_of_thousands_of_laps_that_ends_is_legal() {
    let moves = "G j J a F h G b E i I a A a F b F j C e J e J c C";
    let g = Record::read_moves(Config::new(10, 4, Variant::Classic).unwrap(), moves)
        .unwrap()
        .game;
    let report = g.preview(hole('a')).unwrap();
    assert_eq!(report.laps.len(), 2481);
    let seeds: u32 = report.laps.iter().map(|lap| u32::from(lap.seeds)).sum();
    assert_eq!(report.seeds_sown, seeds);
    let mut played = g.clone();
    assert_eq!(played.play(hole('a')), Ok(report));
}

fn random_games(per_config: u64) -> impl Iterator<Item = (Config, u64)> {
    let variants = [Variant::Classic, Variant::Cross];
    (6..=10).flat_map(move |width| {
        variants.into_iter().flat_map(move |variant| {
            (0..per_config).map(move |seed| {
                let seeds = 3 + (seed % 4) as u32;
                (Config::new(width, seeds, variant).unwrap(), seed)
            })
        })
    })
}

#[test]
fn random_games_conserve_seeds_end_and_replay_to_the_same_game() {
    for (config, seed) in random_games(200) {
        let mut game = Game::new(config);
        let mut rng = fastrand::Rng::with_seed(seed);
        play_out(&mut game, &mut rng);
        let total = 2 * u16::from(config.width()) * u16::from(config.seeds());
        let outcome = game.outcome().expect("the game ends");
        let totals = outcome.totals();
        assert_eq!(totals.south + totals.north, total, "{config:?} seed {seed}");
        let mut replay = Game::new(config);
        for played in game.history() {
            replay.play(played.hole).unwrap();
        }
        assert_eq!(replay, game);
    }
}

#[test]
fn legal_moves_is_legal_and_play_agree_in_every_position() {
    for (config, seed) in random_games(40) {
        let mut game = Game::new(config);
        let mut rng = fastrand::Rng::with_seed(seed);
        while game.outcome().is_none() {
            let side = game.to_move().unwrap();
            let legal: Vec<Hole> = game.legal_moves().collect();
            for candidate in
                Hole::row(side, config.width()).chain(Hole::row(side.opponent(), config.width()))
            {
                let mut trial = game.clone();
                let played = trial.play(candidate);
                assert_eq!(legal.contains(&candidate), game.is_legal(candidate));
                assert_eq!(played.is_ok(), game.is_legal(candidate));
                assert_eq!(played.as_ref().ok(), game.preview(candidate).as_ref().ok());
                if played.is_err() {
                    assert_eq!(trial, game);
                }
            }
            let seeds_before: u16 = Side::ALL
                .iter()
                .map(|&s| game.position().row_total(s) + game.position().captured()[s])
                .sum();
            game.play(legal[rng.usize(..legal.len())]).unwrap();
            let seeds_after: u16 = Side::ALL
                .iter()
                .map(|&s| game.position().row_total(s) + game.position().captured()[s])
                .sum();
            assert_eq!(seeds_before, seeds_after);
        }
    }
}

#[test]
fn undo_then_redo_restores_the_same_game() {
    for (config, seed) in random_games(40) {
        let mut game = Game::new(config);
        let mut rng = fastrand::Rng::with_seed(seed);
        play_out(&mut game, &mut rng);
        let finished = game.clone();
        let back = rng.usize(..=game.ply());
        let mut reports = Vec::new();
        for _ in 0..back {
            let undone = game.undo().unwrap();
            reports.push(game.preview(undone).unwrap());
        }
        assert_eq!(game.ply(), finished.ply() - back);
        assert_eq!(
            Some(game.position()),
            finished.position_before(game.ply() + 1)
        );
        for report in reports.into_iter().rev() {
            assert_eq!(game.redo(), Some(report));
        }
        assert_eq!(game.redo(), None);
        // Redo stack is the only difference a finished game could keep.
        assert_eq!(game, finished);
    }
}

#[test]
fn playing_a_new_move_after_undo_drops_the_redo_moves() {
    let mut game = Record::read_moves(Config::default(), "A b").unwrap().game;
    let third = game.legal_moves().next().unwrap();
    game.play(third).unwrap();
    game.undo();
    game.undo();
    assert_eq!(game.redo_moves(), &[third, hole('b')]);
    let other = game.legal_moves().find(|&mv| mv != hole('b')).unwrap();
    game.play(other).unwrap();
    assert_eq!(game.redo_moves(), &[]);
    assert_eq!(game.redo(), None);
}

fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    game.legal_moves()
        .map(|mv| {
            let mut child = game.clone();
            child.play(mv).unwrap();
            perft(&child, depth - 1)
        })
        .sum()
}

fn plain_perft(plain: &Plain, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    plain
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = plain.clone();
            child.play(mv);
            plain_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts_are_frozen() {
    let cases: [(u32, Variant, &[u64]); 4] = [
        (6, Variant::Classic, &[6, 28, 129, 610, 2886, 13277]),
        (10, Variant::Classic, &[10, 79, 674, 5576, 45400]),
        (6, Variant::Cross, &[6, 35, 167, 800, 3825, 18103]),
        (10, Variant::Cross, &[10, 79, 656, 5287, 42079]),
    ];
    for (width, variant, counts) in cases {
        let game = Game::new(Config::new(width, 4, variant).unwrap());
        let found: Vec<u64> = (1..=counts.len() as u32)
            .map(|depth| perft(&game, depth))
            .collect();
        assert_eq!(found, counts, "width {width} {variant:?}");
    }
}

#[test]
fn perft_agrees_with_the_plain_reference() {
    for (width, cross) in [(6, false), (6, true), (8, false)] {
        let variant = if cross {
            Variant::Cross
        } else {
            Variant::Classic
        };
        let game = Game::new(Config::new(width, 4, variant).unwrap());
        let plain = Plain::new(width as usize, 4, cross);
        for depth in 1..=4 {
            assert_eq!(
                perft(&game, depth),
                plain_perft(&plain, depth),
                "width {width} cross {cross} depth {depth}"
            );
        }
    }
}

/// The engine's result is the plain reference's: the same totals, the same reason.
fn assert_same_result(outcome: &Outcome, plain: &Plain) {
    let totals = outcome.totals();
    let (plain_totals, reason) = plain.result().expect("both over");
    assert_eq!(
        [u32::from(totals.south), u32::from(totals.north)],
        plain_totals
    );
    assert_eq!(outcome.reason.name(), reason);
}

/// The engine and the plain reference agree on every legal-move list, every
/// board, every capture and every result over many random games.
#[test]
fn engine_agrees_with_the_plain_reference_on_random_games() {
    for (config, seed) in random_games(120) {
        let cross = config.variant() == Variant::Cross;
        let mut game = Game::new(config);
        let mut plain = Plain::new(config.width().into(), config.seeds(), cross);
        let mut rng = fastrand::Rng::with_seed(seed ^ 0x5eed);
        loop {
            let legal: Vec<usize> = game.legal_moves().map(|h| usize::from(h.index())).collect();
            assert_eq!(
                legal,
                plain.legal_moves(),
                "{config:?} seed {seed} ply {}",
                game.ply()
            );
            let position = game.position();
            assert_eq!(position.row(Side::South), plain.south());
            assert_eq!(position.row(Side::North), plain.north());
            let captured = position.captured();
            assert_eq!(
                [u32::from(captured.south), u32::from(captured.north)],
                plain.captured()
            );
            assert_eq!(
                game.to_move().map(|s| s == Side::South),
                plain.result().is_none().then(|| plain.south_to_move())
            );
            if let Some(outcome) = game.outcome() {
                assert_same_result(outcome, &plain);
                break;
            }
            let index = legal[rng.usize(..legal.len())];
            let side = game.to_move().unwrap();
            let report = game.play(Hole::new(side, index as u8)).unwrap();
            let captured = plain.play(index);
            assert_eq!(u32::from(report.capture.map_or(0, |c| c.seeds)), captured);
        }
        assert!(plain.seeds_sown() > 0);
    }
}

/// The lazy paths (a move found by `first_legal` among holes offered in a
/// random order and played with `apply`, or found and played at once by
/// `play_first_legal`, ply by ply in turn; the end found by `outcome` alone)
/// agree with the plain reference, which sows every candidate, on every
/// choice, board, capture and result.
#[test]
fn lazy_legality_agrees_with_the_plain_reference_on_random_games() {
    for (config, seed) in random_games(120) {
        let cross = config.variant() == Variant::Cross;
        let mut game = Game::new(config);
        let mut plain = Plain::new(config.width().into(), config.seeds(), cross);
        let mut rng = fastrand::Rng::with_seed(seed ^ 0x1a2e);
        loop {
            let side = game.position().to_move();
            let mut order: Vec<Hole> = Hole::row(side, config.width()).collect();
            rng.shuffle(&mut order);
            let legal = plain.legal_moves();
            let expected = order.iter().copied().find(|hole| {
                plain.result().is_none() && legal.contains(&usize::from(hole.index()))
            });
            let (found, captured) = if game.ply().is_multiple_of(2) {
                let found = game.first_legal(order);
                (found, found.map(|hole| game.apply(hole).unwrap().captured))
            } else {
                let played = game.play_first_legal(order);
                (played.map(|p| p.hole), played.map(|p| p.captured))
            };
            assert_eq!(found, expected, "{config:?} seed {seed} ply {}", game.ply());
            let (Some(hole), Some(captured)) = (found, captured) else {
                assert_same_result(game.outcome().expect("no legal move: over"), &plain);
                break;
            };
            assert_eq!(u32::from(captured), plain.play(usize::from(hole.index())));
            let position = game.position();
            assert_eq!(position.row(Side::South), plain.south());
            assert_eq!(position.row(Side::North), plain.north());
        }
    }
}

#[test]
fn positions_from_rows_play_like_the_plain_reference() {
    let mut rng = fastrand::Rng::with_seed(99);
    for _ in 0..3000 {
        let width = rng.usize(6..=10);
        let south: Vec<u8> = (0..width).map(|_| rng.u8(0..8)).collect();
        let north: Vec<u8> = (0..width).map(|_| rng.u8(0..8)).collect();
        let cross = rng.bool();
        let to_move = if rng.bool() { Side::South } else { Side::North };
        let variant = if cross {
            Variant::Cross
        } else {
            Variant::Classic
        };
        let position = Position::from_rows(&south, &north, to_move).unwrap();
        let g = Game::from_position(variant, position, 4);
        let plain = Plain::from_rows(&south, &north, to_move == Side::South, cross);
        let legal: Vec<usize> = g.legal_moves().map(|h| usize::from(h.index())).collect();
        assert_eq!(
            legal,
            plain.legal_moves(),
            "{south:?} {north:?} {to_move:?} cross {cross}"
        );
        for index in legal {
            let mut child = g.clone();
            let mut plain_child = plain.clone();
            child.play(Hole::new(to_move, index as u8)).unwrap();
            plain_child.play(index);
            assert_eq!(child.position().row(Side::South), plain_child.south());
            assert_eq!(child.position().row(Side::North), plain_child.north());
        }
    }
}
