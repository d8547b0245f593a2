//! Criterion benches of the engine, side by side with the plain reference.

#[path = "../tests/common/plain.rs"]
#[expect(
    dead_code,
    reason = "the bench only plays games; the oracle's other queries serve tests/rules.rs"
)]
mod plain;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use endodoi::bench::play_out;
use endodoi::rules::{Config, Game, Variant};
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

criterion_group!(benches, whole_game);
criterion_main!(benches);
