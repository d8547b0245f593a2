//! The level files of the tables (format version 2): random levels written
//! and read back, each part of a file damaged on purpose and refused with
//! the file's name and the reason, a file of version 1 refused with what to
//! do, and the block cache kept within its bound.

use std::path::Path;
use std::sync::Arc;

use endodoi::tablebase::{
    BLOCK, BlockCache, Bounded, Header, LevelFile, Ranking, TableError, checksum, level_path,
    write_level,
};
use proptest::prelude::*;

use crate::common::{files, in_process};

/// A level of width 6 and `seeds` seeds, values drawn by `rng`: long runs
/// of one value broken by others, as neighbouring boards have; the boards
/// not exact given bounds around their values.
fn random_level(seeds: u8, rng: &mut fastrand::Rng) -> (Header, Vec<u8>, Vec<Bounded>) {
    let count = Ranking::new(6).count(seeds);
    let mut values = Vec::with_capacity(count as usize);
    let mut value = 0;
    for _ in 0..count {
        if rng.u8(..8) == 0 {
            value = rng.u8(..=seeds) | if rng.u8(..50) == 0 { 0 } else { 0x80 };
        }
        values.push(value);
    }
    let bounded = bounds_of(seeds, &values);
    let header = Header {
        width: 6,
        seeds,
        count,
        open: bounded.len() as u64,
    };
    (header, values, bounded)
}

/// Bounds for the boards of `values` not exact: their value, and the
/// level's extremes around it.
fn bounds_of(seeds: u8, values: &[u8]) -> Vec<Bounded> {
    (0..)
        .zip(values)
        .filter(|&(_, &byte)| byte & 0x80 == 0)
        .map(|(rank, &byte)| {
            let value = 2 * byte.cast_signed() - seeds.cast_signed();
            Bounded {
                rank,
                low: value.min(0) - seeds.cast_signed() % 2,
                high: seeds.cast_signed(),
            }
        })
        .collect()
}

/// Every value of the level in `dir` probed one by one through `cache`.
fn probed(dir: &Path, seeds: u8, cache: &Arc<BlockCache>) -> Vec<u8> {
    let file = LevelFile::open_with_cache(dir, 6, seeds, Arc::clone(cache)).expect("opened");
    (0..file.header().count)
        .map(|rank| file.entry(rank).expect("a value"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_levels_read_back_as_written(seeds in 0_u8..=8, seed in any::<u64>()) {
        let dir = tempfile::tempdir().expect("a folder");
        let (header, values, bounded) = random_level(seeds, &mut fastrand::Rng::with_seed(seed));
        write_level(dir.path(), &header, &values, &bounded).expect("written");
        let file = LevelFile::open(dir.path(), 6, seeds).expect("opened");
        prop_assert_eq!(file.header(), &header);
        prop_assert_eq!(file.read_all().expect("read"), values.clone());
        prop_assert_eq!(file.read_bounds().expect("read"), bounded);
        let cache = Arc::new(BlockCache::new(2 * BLOCK));
        prop_assert_eq!(probed(dir.path(), seeds, &cache), values);
        prop_assert_eq!(files::names(dir.path()), [format!("w6-{seeds:02}.tb")]);
    }
}

#[test]
fn a_level_is_stored_in_a_fraction_of_a_byte_a_board() {
    let dir = tempfile::tempdir().expect("a folder");
    let (header, values, bounded) = random_level(8, &mut fastrand::Rng::with_seed(3));
    write_level(dir.path(), &header, &values, &bounded).expect("written");
    let len = std::fs::metadata(level_path(dir.path(), 6, 8))
        .expect("the file")
        .len();
    // Runs of 8 boards on average: about a bit a board, with the bounds.
    let bounds = 10 * header.open;
    assert!((len - bounds) * 4 < header.count, "{len} bytes");
}

/// The parts of a level file, from its header: where the index and the
/// coded blocks start.
struct Parts {
    index: usize,
    coded: usize,
}

fn parts(bytes: &[u8]) -> Parts {
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let long = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let symbols = word(56) as usize;
    let blocks = long(24).div_ceil(BLOCK as u64) as usize;
    let index = 72 + 1 + symbols + 2 * (symbols + 1) * symbols + 8 * blocks.div_ceil(256);
    Parts {
        index,
        coded: index + 16 * blocks,
    }
}

/// Where block `block`'s code starts in the file `bytes`.
fn block_at(bytes: &[u8], block: usize) -> usize {
    let parts = parts(bytes);
    let entry = parts.index + 16 * block;
    parts.coded + u64::from_le_bytes(bytes[entry..entry + 8].try_into().expect("8 bytes")) as usize
}

/// Writes a level of 8 seeds (19 blocks) to `dir`: the file's bytes.
fn level_of_eight(dir: &Path) -> Vec<u8> {
    let (header, values, bounded) = random_level(8, &mut fastrand::Rng::with_seed(8));
    write_level(dir, &header, &values, &bounded).expect("written");
    std::fs::read(level_path(dir, 6, 8)).expect("the file")
}

/// The message of `error`, as the program prints it.
fn message(error: &TableError) -> String {
    error.to_string()
}

#[test]
fn a_changed_byte_in_a_block_or_the_index_is_refused_when_read() {
    let dir = tempfile::tempdir().expect("a folder");
    let good = level_of_eight(dir.path());
    let path = level_path(dir.path(), 6, 8);
    let name = path.display();
    let block_three = block_at(&good, 3) + 2;
    let entry_five = parts(&good).index + 16 * 5;
    for (at, reason) in [
        (block_three, "block 3 does not match its checksum"),
        (
            entry_five,
            "page 0 of the index does not match its checksum",
        ),
        // The checksum of block 5, in its index entry.
        (
            entry_five + 12,
            "page 0 of the index does not match its checksum",
        ),
    ] {
        let mut bytes = good.clone();
        bytes[at] ^= 0x10;
        std::fs::write(&path, &bytes).expect("written");
        let file =
            LevelFile::open_with_cache(dir.path(), 6, 8, Arc::new(BlockCache::new(64 * BLOCK)))
                .expect("the header is sound");
        let expected = format!("{name}: corrupt table file: {reason}");
        let rank = (if at == block_three { 3 } else { 5 }) * BLOCK as u64 + 7;
        assert_eq!(message(&file.entry(rank).expect_err("refused")), expected);
        assert_eq!(message(&file.read_all().expect_err("refused")), expected);
    }
    // A block left sound is still read when another is damaged.
    let mut bytes = good.clone();
    bytes[block_three] ^= 0x10;
    std::fs::write(&path, &bytes).expect("written");
    let file = LevelFile::open(dir.path(), 6, 8).expect("opened");
    assert!(file.entry(2 * BLOCK as u64).is_ok());
}

#[test]
fn a_changed_or_cut_header_is_refused_when_opened() {
    let dir = tempfile::tempdir().expect("a folder");
    let good = level_of_eight(dir.path());
    let path = level_path(dir.path(), 6, 8);
    let len = good.len();
    let flipped = |at: usize| {
        let mut bytes = good.clone();
        bytes[at] ^= 0x01;
        bytes
    };
    let header_sum = "the header's checksum does not match";
    let cases: [(Vec<u8>, String); 10] = [
        (flipped(3), "not a tablebase level file".to_owned()),
        (
            flipped(16),
            "holds width 6 with 9 seeds (blocks of 4096, pages of 256), not width 6 with 8"
                .to_owned(),
        ),
        (
            flipped(24),
            "counts 75583 boards, the level has 75582".to_owned(),
        ),
        // The count of boards not exact, the bounds' checksum, the coded
        // length.
        (flipped(32), header_sum.to_owned()),
        (flipped(40), header_sum.to_owned()),
        (flipped(48), header_sum.to_owned()),
        // The model, and the page checksum.
        (flipped(80), header_sum.to_owned()),
        (flipped(parts(&good).index - 1), header_sum.to_owned()),
        (
            good[..len - 1].to_vec(),
            format!("truncated or overlong: {} bytes, expected {len}", len - 1),
        ),
        (
            good[..71].to_vec(),
            "truncated: 71 bytes, not even a header".to_owned(),
        ),
    ];
    for (bytes, reason) in cases {
        std::fs::write(&path, &bytes).expect("written");
        assert_eq!(
            message(&LevelFile::open(dir.path(), 6, 8).expect_err("refused")),
            format!("{}: corrupt table file: {reason}", path.display())
        );
    }
    let mut longer = good.clone();
    longer.push(0);
    std::fs::write(&path, &longer).expect("written");
    assert_eq!(
        message(&LevelFile::open(dir.path(), 6, 8).expect_err("refused")),
        format!(
            "{}: corrupt table file: truncated or overlong: {} bytes, expected {len}",
            path.display(),
            len + 1
        )
    );
}

/// A level file of format version 1 (one byte a board, a checksum a block
/// of 65,536), as the first tables were written.
fn version_one(seeds: u8, values: &[u8]) -> Vec<u8> {
    let mut head = b"ENDODOTB".to_vec();
    for field in [1_u32, 6, u32::from(seeds), 1 << 16] {
        head.extend_from_slice(&field.to_le_bytes());
    }
    for field in [values.len() as u64, 0, checksum(&[])] {
        head.extend_from_slice(&field.to_le_bytes());
    }
    let sums: Vec<u8> = values
        .chunks(1 << 16)
        .flat_map(|block| checksum(block).to_le_bytes())
        .collect();
    let mut summed = head.clone();
    summed.extend_from_slice(&sums);
    head.extend_from_slice(&checksum(&summed).to_le_bytes());
    head.extend_from_slice(&sums);
    head.extend_from_slice(values);
    head
}

#[test]
fn a_file_of_version_one_is_refused_saying_to_build_again() {
    let dir = tempfile::tempdir().expect("a folder");
    for seeds in 0..=2 {
        let values = vec![0x80 | seeds; Ranking::new(6).count(seeds) as usize];
        std::fs::write(
            level_path(dir.path(), 6, seeds),
            version_one(seeds, &values),
        )
        .expect("written");
    }
    // Level 0 of version 1 is 65 bytes, shorter than a header of version 2.
    assert_eq!(
        std::fs::metadata(level_path(dir.path(), 6, 0))
            .expect("written")
            .len(),
        65
    );
    let reason = "corrupt table file: format version 1, this program reads version 2: \
                  remove the tables and build them again with `endodoi tablebase build`";
    for seeds in 0..=2 {
        let path = level_path(dir.path(), 6, seeds);
        assert_eq!(
            message(&LevelFile::open(dir.path(), 6, seeds).expect_err("refused")),
            format!("{}: {reason}", path.display())
        );
    }
    let output = in_process::endodoi(&[
        "tablebase",
        "probe",
        "--dir",
        dir.path().to_str().expect("UTF-8"),
        "--pits",
        "0 0 0 0 1 0 / 1 0 0 0 0 0",
        "--to-move",
        "south",
    ]);
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8(output.stdout).expect("UTF-8"),
            String::from_utf8(output.stderr).expect("UTF-8")
        ),
        (
            Some(1),
            String::new(),
            format!(
                "endodoi: {}: {reason}\n",
                level_path(dir.path(), 6, 2).display()
            )
        )
    );
}

#[test]
fn the_cache_holds_no_more_blocks_than_its_bound() {
    let dir = tempfile::tempdir().expect("a folder");
    let (header, values, bounded) = random_level(8, &mut fastrand::Rng::with_seed(5));
    write_level(dir.path(), &header, &values, &bounded).expect("written");
    let cache = Arc::new(BlockCache::new(3 * BLOCK));
    let file = LevelFile::open_with_cache(dir.path(), 6, 8, Arc::clone(&cache)).expect("opened");
    let mut rng = fastrand::Rng::with_seed(9);
    let mut most = 0;
    for _ in 0..2000 {
        let rank = rng.u64(..header.count);
        assert_eq!(file.entry(rank).expect("a value"), values[rank as usize]);
        assert!(cache.bytes_held() <= 3 * BLOCK, "{}", cache.bytes_held());
        most = most.max(cache.blocks_held());
    }
    // 19 blocks probed at random: the cache filled, and held three at most
    // (the short last block and two others leave no room for a fourth).
    assert_eq!(most, 3);
    // A second file shares the bound.
    let other = tempfile::tempdir().expect("a folder");
    let (header, values, bounded) = random_level(7, &mut fastrand::Rng::with_seed(6));
    write_level(other.path(), &header, &values, &bounded).expect("written");
    assert_eq!(probed(other.path(), 7, &cache), values);
    assert!(cache.bytes_held() <= 3 * BLOCK);
}

#[test]
fn a_block_held_is_not_read_again() {
    let dir = tempfile::tempdir().expect("a folder");
    let good = level_of_eight(dir.path());
    let path = level_path(dir.path(), 6, 8);
    let cache = Arc::new(BlockCache::new(4 * BLOCK));
    let file = LevelFile::open_with_cache(dir.path(), 6, 8, Arc::clone(&cache)).expect("opened");
    let held = file.entry(7).expect("a value");
    assert_eq!(cache.blocks_held(), 1);
    // The file changed under the cache: block 0 comes from memory, block 1
    // from the file, refused.
    let mut bytes = good.clone();
    bytes[block_at(&good, 0) + 1] ^= 0x10;
    bytes[block_at(&good, 1) + 1] ^= 0x10;
    std::fs::write(&path, &bytes).expect("written");
    assert_eq!(file.entry(7).expect("held"), held);
    assert_eq!(
        message(&file.entry(BLOCK as u64).expect_err("read, refused")),
        format!(
            "{}: corrupt table file: block 1 does not match its checksum",
            path.display()
        )
    );
    assert_eq!(cache.blocks_held(), 1);
}
