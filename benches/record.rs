//! Criterion benches of the record reader on the worst inputs near the size
//! limit (`file::MAX_RECORD_BYTES`, 16 MiB): every part of a record must read
//! in linear time, since `--resume` reads every save it finds.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

use endodoi::bench::play_out;
use endodoi::file::MAX_RECORD_BYTES;
use endodoi::record::{Form, Record};
use endodoi::rules::{Config, Game};

/// Just under the limit, so that every input is one `--resume` would read.
const SIZE: usize = MAX_RECORD_BYTES as usize - 4096;

/// `piece(i)` repeated while the text stays under [`SIZE`], then `tail`.
fn repeat(piece: impl Fn(usize) -> String, tail: &str) -> String {
    let mut text = String::with_capacity(SIZE);
    for i in 0.. {
        let next = piece(i);
        if text.len() + next.len() + tail.len() > SIZE {
            break;
        }
        text.push_str(&next);
    }
    text.push_str(tail);
    text
}

/// The longest random game among a few hundred, as movetext.
fn long_game() -> String {
    let mut rng = fastrand::Rng::with_seed(9);
    let longest = (0..300)
        .map(|_| {
            let mut game = Game::new(Config::default());
            play_out(&mut game, &mut rng);
            Record::new(game)
        })
        .max_by_key(|record| record.game.ply())
        .expect("some games");
    let text = longest.to_string();
    let moves = text
        .split("\n\n")
        .nth(1)
        .expect("a blank line before the moves");
    moves.to_owned()
}

/// The inputs: a name and the text.
fn inputs() -> Vec<(&'static str, String)> {
    let game = long_game();
    vec![
        // A million distinct tags: each is checked against those before it.
        (
            "distinct_tags",
            repeat(|i| format!("[T{i} \"v\"]\n"), "\n*"),
        ),
        // Distinct names that differ only at their end.
        (
            "tags_with_a_long_common_prefix",
            repeat(|i| format!("[{}{i} \"v\"]\n", "N".repeat(200)), "\n*"),
        ),
        (
            "one_long_tag_name",
            format!("[{} \"v\"]", "N".repeat(SIZE - 8)),
        ),
        (
            "one_tag_value_of_escapes",
            format!("[Event \"{}\"]", "\\\"".repeat((SIZE - 12) / 2)),
        ),
        (
            "comment_before_the_tags",
            format!("{{{}}}", "x".repeat(SIZE - 2)),
        ),
        (
            "attached_move_numbers",
            format!("{}A", "1.".repeat((SIZE - 1) / 2)),
        ),
        (
            "comments_between_moves",
            repeat(|_| "{c} 1. ".to_owned(), &game),
        ),
        ("white_space", format!("{}A", " \n".repeat((SIZE - 1) / 2))),
        ("one_unknown_token", "Z".repeat(SIZE)),
        ("unclosed_comment", format!("A {{{}", "x".repeat(SIZE - 3))),
    ]
}

fn read(c: &mut Criterion) {
    let mut group = c.benchmark_group("read_16mib");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for (name, text) in inputs() {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), &text, |b, text| {
            b.iter(|| black_box(Record::read_until_fault(text.as_bytes(), Form::File).is_ok()));
        });
    }
    // Invalid UTF-8 at the very end: the whole text is checked, then its
    // line and column are found.
    let mut bytes = " \n".repeat(SIZE / 2).into_bytes();
    bytes.push(0xff);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("invalid_utf8_at_the_end", |b| {
        b.iter(|| black_box(Record::read_until_fault(&bytes, Form::File).is_err()));
    });
    group.finish();
}

criterion_group!(benches, read);
criterion_main!(benches);
