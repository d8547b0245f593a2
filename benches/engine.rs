//! Criterion benches of the engine, side by side with the plain reference.

#[path = "../tests/common/plain.rs"]
#[expect(
    dead_code,
    reason = "the bench only plays games; the oracle's other queries serve tests/it/rules.rs"
)]
mod plain;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use std::sync::atomic::AtomicBool;

use endodoi::bench::play_out;
use endodoi::record::Record;
use endodoi::rules::{Config, Game, Hole, Variant};
use endodoi::search::{Limits, Search};
use plain::Plain;

/// Plays the plain reference to the end like `play_out`; returns the seeds it sowed.
fn random_plain_game(plain: &mut Plain, rng: &mut fastrand::Rng) -> u64 {
    loop {
        let legal = plain.legal_moves();
        if legal.is_empty() {
            return plain.seeds_sown();
        }
        plain.play(legal[rng.usize(..legal.len())]);
    }
}

fn whole_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    for width in [6u8, 8, 10] {
        let config = Config::new(width.into(), 4, Variant::Classic).unwrap();
        group.bench_with_input(BenchmarkId::new("engine", width), &config, |b, &config| {
            let mut rng = fastrand::Rng::with_seed(1);
            b.iter(|| {
                let mut game = Game::new(config);
                black_box(play_out(&mut game, &mut rng))
            });
        });
        group.bench_with_input(BenchmarkId::new("plain", width), &width, |b, &width| {
            let mut rng = fastrand::Rng::with_seed(1);
            b.iter(|| {
                let mut plain = Plain::new(width.into(), 4, false);
                black_box(random_plain_game(&mut plain, &mut rng))
            });
        });
    }
    group.finish();
}

/// Positions met in seeded random games, each with a legal move to play.
fn positions(width: u8) -> Vec<(Game, Hole)> {
    let config = Config::new(width.into(), 4, Variant::Classic).unwrap();
    let mut rng = fastrand::Rng::with_seed(7);
    let mut found = Vec::new();
    while found.len() < 256 {
        let mut game = Game::new(config);
        while game.outcome().is_none() {
            let legal: Vec<Hole> = game.legal_moves().collect();
            let hole = legal[rng.usize(..legal.len())];
            found.push((game.clone(), hole));
            game.play(hole).unwrap();
        }
    }
    found
}

/// The sowing kernel as the search and random games use it (`Position::child`:
/// one move by copy-make, no laps), `apply` on a game (the move sown, hashed
/// and checked for repetition, and the game dropped; the copy is not timed), and legal-move generation from scratch (every
/// candidate of a position sown).
fn moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("moves");
    for width in [6u8, 8, 10] {
        let positions = positions(width);
        group.bench_with_input(
            BenchmarkId::new("child", width),
            &positions,
            |b, positions| {
                let mut next = positions.iter().cycle();
                b.iter(|| {
                    let (game, hole) = next.next().unwrap();
                    black_box(game.position().child(hole.index()).unwrap())
                });
            },
        );
        group.bench_with_input(
            BenchmarkId::new("apply", width),
            &positions,
            |b, positions| {
                let mut next = positions.iter().cycle();
                b.iter_batched(
                    || {
                        let (game, hole) = next.next().unwrap();
                        (game.clone(), *hole)
                    },
                    |(mut game, hole)| black_box(game.apply(hole).unwrap()),
                    BatchSize::SmallInput,
                );
            },
        );
        group.bench_with_input(
            BenchmarkId::new("legal_moves", width),
            &positions,
            |b, positions| {
                let mut next = positions.iter().cycle();
                b.iter(|| {
                    let (game, _) = next.next().unwrap();
                    let config = game.config();
                    let fresh =
                        Game::from_position(config.variant(), *game.position(), config.seeds());
                    black_box(fresh.legal_moves().count())
                });
            },
        );
    }
    group.finish();
}

/// A fixed-depth search of the fixed positions of `endodoi bench` (three
/// plies shallower than the command's, to keep the bench short), each with
/// a fresh table.
fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (width, depth, moves) in endodoi::bench::SEARCH_PLAN {
        let config = Config::new(width.into(), 4, Variant::Classic).unwrap();
        let games: Vec<Game> = moves
            .iter()
            .map(|moves| Record::read_moves(config, moves).unwrap().game)
            .collect();
        let depth = depth - 3;
        group.bench_with_input(
            BenchmarkId::new(format!("depth {depth}"), width),
            &games,
            |b, games| {
                b.iter(|| {
                    for game in games {
                        let mut search = Search::with_seed(Limits::depth(depth), 1);
                        black_box(search.run(game, &AtomicBool::new(false), |_| {}));
                    }
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, whole_game, moves, search);
criterion_main!(benches);
