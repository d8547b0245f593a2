//! A level's file: a header, one checksum a block, then one byte a board.
//!
//! ```text
//! 0   magic "ENDODOTB"           8 bytes
//! 8   version                    u32
//! 12  width                      u32
//! 16  seeds (the level)          u32
//! 20  block size                 u32
//! 24  count of boards            u64
//! 32  boards not exact           u64
//! 40  checksum of the bounds     u64
//! 48  checksum of bytes 0..48 and of the block checksums   u64
//! 56  block checksums            u64 each, one a block of data
//! ..  data                       one byte a board, by rank
//! ..  bounds                     of each board not exact, by rank: its
//!                                rank (u64), lower and upper bound (i8)
//! ```
//! All numbers little-endian. A file is written under a temporary name and
//! renamed into place, so a reader sees a whole level or none; a file whose
//! length, header or checksums disagree is refused, named.

use std::fs::File;
use std::io::Write as _;
use std::os::unix::fs::{FileExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use super::TableError;

const MAGIC: &[u8; 8] = b"ENDODOTB";
/// The format's version: a file of another is refused.
pub const VERSION: u32 = 1;
/// Bytes of the header.
const HEADER: usize = 56;
/// Bytes of a board's bounds in the file.
const BOUNDED: usize = 10;
/// Boards a checksum covers: a probe reads and checks one block.
pub const BLOCK: usize = 1 << 16;

/// The file of level `seeds` of width `width` in `dir`.
pub fn level_path(dir: &Path, width: u8, seeds: u8) -> PathBuf {
    dir.join(format!("w{width}-{seeds:02}.tb"))
}

/// A 64-bit checksum of `bytes` (eight at a time, multiply and rotate):
/// fast, and any changed byte changes it.
///
/// # Panics
/// Never: the words are eight bytes.
pub fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut hash = bytes.len() as u64 ^ K;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        hash = (hash ^ word).wrapping_mul(K).rotate_left(29);
    }
    for &byte in words.remainder() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(K).rotate_left(29);
    }
    hash ^ (hash >> 32)
}

/// What a level file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Holes in a row.
    pub width: u8,
    /// Seeds on every board of the level.
    pub seeds: u8,
    /// Boards in the level.
    pub count: u64,
    /// Boards whose value is not exact.
    pub open: u64,
}

/// A board whose value is not exact, and the bounds proven on it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounded {
    /// The board's rank.
    pub rank: u64,
    /// The least its value can be.
    pub low: i8,
    /// The most.
    pub high: i8,
}

fn bounds_bytes(bounded: &[Bounded]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(BOUNDED * bounded.len());
    for board in bounded {
        bytes.extend_from_slice(&board.rank.to_le_bytes());
        bytes.extend_from_slice(&[board.low.cast_unsigned(), board.high.cast_unsigned()]);
    }
    bytes
}

impl Header {
    fn blocks(&self) -> usize {
        (self.count as usize).div_ceil(BLOCK)
    }

    fn data_offset(&self) -> u64 {
        (HEADER + 8 * self.blocks()) as u64
    }

    /// Bytes of the whole file.
    pub fn file_len(&self) -> u64 {
        self.data_offset() + self.count + BOUNDED as u64 * self.open
    }

    /// The header's bytes and the block checksums, `bounds_sum` being the
    /// checksum of the bounds.
    fn bytes(&self, sums: &[u64], bounds_sum: u64) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + 8 * sums.len());
        bytes.extend_from_slice(MAGIC);
        for field in [
            VERSION,
            u32::from(self.width),
            u32::from(self.seeds),
            BLOCK as u32,
        ] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        bytes.extend_from_slice(&self.count.to_le_bytes());
        bytes.extend_from_slice(&self.open.to_le_bytes());
        bytes.extend_from_slice(&bounds_sum.to_le_bytes());
        let mut summed = bytes.clone();
        for sum in sums {
            summed.extend_from_slice(&sum.to_le_bytes());
        }
        bytes.extend_from_slice(&checksum(&summed).to_le_bytes());
        bytes.extend_from_slice(&summed[48..]);
        bytes
    }
}

/// Writes a level's `data` and the bounds of its boards not exact to its
/// file in `dir`, atomically: a temporary file beside it, synced, then
/// renamed.
///
/// # Errors
/// When the file cannot be written, named.
pub fn write_level(
    dir: &Path,
    header: &Header,
    data: &[u8],
    bounded: &[Bounded],
) -> Result<(), TableError> {
    let path = level_path(dir, header.width, header.seeds);
    let io = |source| TableError::Io {
        path: path.clone(),
        source,
    };
    let sums: Vec<u64> = data.chunks(BLOCK).map(checksum).collect();
    let bounds = bounds_bytes(bounded);
    let mut file = tempfile::Builder::new()
        .prefix(TEMPORARY_PREFIX)
        .tempfile_in(dir)
        .map_err(|error| io(crate::file::plain(error)))?;
    // Tables are for every user of the machine to read.
    file.as_file()
        .set_permissions(std::fs::Permissions::from_mode(0o644))
        .and_then(|()| file.write_all(&header.bytes(&sums, checksum(&bounds))))
        .and_then(|()| file.write_all(data))
        .and_then(|()| file.write_all(&bounds))
        .and_then(|()| file.as_file().sync_all())
        .map_err(io)?;
    file.persist(&path)
        .map_err(|error| io(crate::file::plain(error.error)))?;
    Ok(())
}

/// The names of temporary level files begin with this.
pub const TEMPORARY_PREFIX: &str = ".tb-";

/// A level file opened for probing: its header and block checksums
/// checked, its data read a block at a time.
#[derive(Debug)]
pub struct LevelFile {
    path: PathBuf,
    file: File,
    header: Header,
    bounds_sum: u64,
    sums: Vec<u64>,
}

impl LevelFile {
    /// Opens level `seeds` of width `width` in `dir` and checks its header.
    ///
    /// # Errors
    /// [`TableError::Missing`] when there is no such file, [`TableError::Io`]
    /// when it cannot be read, [`TableError::Corrupt`] when it is not a
    /// whole level file of this width and level.
    ///
    /// # Panics
    /// Never: the header's fields are read from its fixed places.
    pub fn open(dir: &Path, width: u8, seeds: u8) -> Result<LevelFile, TableError> {
        let path = level_path(dir, width, seeds);
        // A FIFO is opened without waiting for a writer, then refused below.
        let file = match crate::file::open_without_waiting(&path, true) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Err(TableError::Missing(path));
            }
            Err(source) => return Err(TableError::Io { path, source }),
        };
        let corrupt = |reason: String| TableError::Corrupt {
            path: path.clone(),
            reason,
        };
        let io = |source| TableError::Io {
            path: path.clone(),
            source,
        };
        let metadata = file.metadata().map_err(io)?;
        if !metadata.is_file() {
            return Err(corrupt(format!(
                "{} is not a regular file",
                crate::file::kind_of(&metadata.file_type())
            )));
        }
        let len = metadata.len();
        let mut head = [0_u8; HEADER];
        if len < HEADER as u64 {
            return Err(corrupt(format!(
                "truncated: {len} bytes, not even a header"
            )));
        }
        file.read_exact_at(&mut head, 0).map_err(io)?;
        if &head[..8] != MAGIC {
            return Err(corrupt("not a tablebase level file".to_owned()));
        }
        let word = |at: usize| u32::from_le_bytes(head[at..at + 4].try_into().expect("4 bytes"));
        let long = |at: usize| u64::from_le_bytes(head[at..at + 8].try_into().expect("8 bytes"));
        if word(8) != VERSION {
            return Err(corrupt(format!(
                "format version {}, this program reads {VERSION}",
                word(8)
            )));
        }
        if (word(12), word(16), word(20)) != (u32::from(width), u32::from(seeds), BLOCK as u32) {
            return Err(corrupt(format!(
                "holds width {} with {} seeds (blocks of {}), not width {width} with {seeds}",
                word(12),
                word(16),
                word(20)
            )));
        }
        let header = Header {
            width,
            seeds,
            count: long(24),
            open: long(32),
        };
        if header.count != super::Ranking::new(width).count(seeds) {
            return Err(corrupt(format!(
                "counts {} boards, the level has {}",
                header.count,
                super::Ranking::new(width).count(seeds)
            )));
        }
        if len != header.file_len() {
            return Err(corrupt(format!(
                "truncated or overlong: {len} bytes, expected {}",
                header.file_len()
            )));
        }
        let mut table = vec![0_u8; 8 * header.blocks()];
        file.read_exact_at(&mut table, HEADER as u64).map_err(io)?;
        let sums: Vec<u64> = table
            .chunks_exact(8)
            .map(|sum| u64::from_le_bytes(sum.try_into().expect("8 bytes")))
            .collect();
        if header.bytes(&sums, long(40))[..HEADER] != head {
            return Err(corrupt("the header's checksum does not match".to_owned()));
        }
        Ok(LevelFile {
            path,
            file,
            header,
            bounds_sum: long(40),
            sums,
        })
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    fn block(&self, index: usize) -> Result<Vec<u8>, TableError> {
        let start = index * BLOCK;
        let len = BLOCK.min(self.header.count as usize - start);
        let mut block = vec![0_u8; len];
        self.file
            .read_exact_at(&mut block, self.header.data_offset() + start as u64)
            .map_err(|source| TableError::Io {
                path: self.path.clone(),
                source,
            })?;
        if checksum(&block) != self.sums[index] {
            return Err(TableError::Corrupt {
                path: self.path.clone(),
                reason: format!("block {index} does not match its checksum"),
            });
        }
        Ok(block)
    }

    /// The byte of the board numbered `rank`, its block checked.
    ///
    /// # Errors
    /// When the block cannot be read or does not match its checksum.
    pub fn entry(&self, rank: u64) -> Result<u8, TableError> {
        let index = rank as usize / BLOCK;
        Ok(self.block(index)?[rank as usize % BLOCK])
    }

    /// Every byte of the level, each block checked.
    ///
    /// # Errors
    /// When a block cannot be read or does not match its checksum.
    pub fn read_all(&self) -> Result<Vec<u8>, TableError> {
        let mut data = Vec::with_capacity(self.header.count as usize);
        for index in 0..self.header.blocks() {
            data.extend_from_slice(&self.block(index)?);
        }
        Ok(data)
    }
}

impl LevelFile {
    /// The bounds of the level's boards not exact, checked, by rank.
    ///
    /// # Errors
    /// When they cannot be read or do not match their checksum.
    ///
    /// # Panics
    /// Never: each board's bounds are read from their fixed places.
    pub fn read_bounds(&self) -> Result<Vec<Bounded>, TableError> {
        let mut bytes = vec![0_u8; BOUNDED * self.header.open as usize];
        self.file
            .read_exact_at(&mut bytes, self.header.data_offset() + self.header.count)
            .map_err(|source| TableError::Io {
                path: self.path.clone(),
                source,
            })?;
        if checksum(&bytes) != self.bounds_sum {
            return Err(TableError::Corrupt {
                path: self.path.clone(),
                reason: "the bounds do not match their checksum".to_owned(),
            });
        }
        Ok(bytes
            .chunks_exact(BOUNDED)
            .map(|board| Bounded {
                rank: u64::from_le_bytes(board[..8].try_into().expect("8 bytes")),
                low: board[8].cast_signed(),
                high: board[9].cast_signed(),
            })
            .collect())
    }
}
