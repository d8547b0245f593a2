//! Criterion benches of the tables: building a level over the levels below
//! it, decoding a whole level, and a look-up whose block is not held (read,
//! checked and decoded each time). The tables are built once, in a
//! temporary folder, width 6 up to 14 seeds.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

use endodoi::tablebase::{BlockCache, LevelFile, Ranking, level_path};

#[path = "../tests/common/tables.rs"]
mod tables;

/// The level the benches read: 4,457,400 boards, 1,089 blocks.
const SEEDS: u8 = 14;

fn tables(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a folder");
    tables::build(dir.path(), 6, SEEDS);
    let count = Ranking::new(6).count(SEEDS);

    let mut group = c.benchmark_group("tablebase");
    group.sample_size(10);
    // Level 15 (7,726,160 boards) built again each time, over the levels
    // up to 14 read from their files: every sweep, and its values written.
    let builder = tables::builder(dir.path(), 6, SEEDS + 1);
    let top = level_path(dir.path(), 6, SEEDS + 1);
    group.bench_function("build_level_15", |b| {
        b.iter_batched(
            || {
                let _ = std::fs::remove_file(&top);
                builder.estimate().expect("an estimate")
            },
            |estimate| builder.build(&estimate, |_| {}).expect("the build"),
            BatchSize::PerIteration,
        );
    });
    let level = LevelFile::open(dir.path(), 6, SEEDS).expect("the level");
    group.bench_function("decode_level_14", |b| {
        b.iter(|| black_box(level.read_all().expect("read")));
    });
    // A cache too small for any block: every look-up reads and decodes.
    let uncached = LevelFile::open_with_cache(dir.path(), 6, SEEDS, Arc::new(BlockCache::new(0)))
        .expect("the level");
    let mut rng = fastrand::Rng::with_seed(14);
    group.sample_size(30);
    group.bench_function("block_not_held", |b| {
        b.iter(|| black_box(uncached.entry(rng.u64(..count)).expect("read")));
    });
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
