//! A level's file (format version 2): a header, the model its values are
//! coded with, an index of blocks in checked pages, the blocks coded, then
//! the bounds of the boards not exact.
//!
//! ```text
//! 0   magic "ENDODOTB"           8 bytes
//! 8   version (2)                u32
//! 12  width                      u32
//! 16  seeds (the level)          u32
//! 20  boards a block (4,096)     u32
//! 24  count of boards            u64
//! 32  boards not exact           u64
//! 40  checksum of the bounds     u64
//! 48  bytes of the coded blocks  u64
//! 56  symbols of the model       u32
//! 60  index entries a page (256) u32
//! 64  checksum of bytes 0..64, the model and the page checksums   u64
//! 72  the model                  (coder.rs: symbols, then frequencies)
//! ..  page checksums             u64 each, one a page of the index
//! ..  index                      a block's start among the coded bytes
//!                                (u64), length (u32), checksum (u32)
//! ..  coded blocks
//! ..  bounds                     of each board not exact, by rank: its
//!                                rank (u64), lower and upper bound (i8)
//! ```
//! All numbers little-endian. A file is written under a temporary name and
//! renamed into place, so a reader sees a whole level or none; a file whose
//! length, header or checksums disagree is refused, named. A probe reads
//! the header and model when it opens a level, then one page of the index
//! and one block, each checked; decoded blocks are kept in a
//! [`BlockCache`].

mod cache;
mod coder;
mod layout;

use std::fs::File;
use std::io::Write as _;
use std::os::unix::fs::{FileExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

pub use cache::{BlockCache, Near, SHARED_CACHE_BYTES};
use coder::{MAX_SYMBOLS, Model};
use layout::{Layout, check_version};

use super::TableError;

const MAGIC: &[u8; 8] = b"ENDODOTB";
/// The format's version: a file of another is refused.
pub const VERSION: u32 = 2;
/// Bytes of the header.
const HEADER: usize = 72;
/// Where the header's own checksum is.
const HEADER_SUM: usize = 64;
/// Bytes of a board's bounds in the file.
const BOUNDED: usize = 10;
/// Boards a block holds: a probe reads, checks and decodes one block.
pub const BLOCK: usize = 1 << 12;
/// Index entries a page: a probe reads and checks one page of the index.
const PAGE: usize = 256;
/// Bytes of an index entry.
const ENTRY: usize = 16;
/// The most bytes a block's code may take: a board takes at most 12 bits
/// and the coder's state 4 bytes, so this leaves room.
const MAX_CODED: usize = 2 * BLOCK + 4;

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

/// The checksum a block's index entry keeps: the low half of [`checksum`].
fn block_sum(coded: &[u8]) -> u32 {
    checksum(coded) as u32
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

/// Writes a level's `data` (one byte a board) and the bounds of its boards
/// not exact to its file in `dir`, coded block by block, atomically: a
/// temporary file beside it, synced, then renamed.
///
/// # Errors
/// When the file cannot be written, named.
///
/// # Panics
/// When `data` holds more than 128 distinct bytes (a level's values, a
/// share of at most 63 seeds and the exact flag, never do).
pub fn write_level(
    dir: &Path,
    header: &Header,
    data: &[u8],
    bounded: &[Bounded],
) -> Result<(), TableError> {
    let path = level_path(dir, header.width, header.seeds);
    let io = |error| TableError::Io {
        path: path.clone(),
        error,
    };
    let model = Model::count(data, BLOCK);
    let mut coded = Vec::with_capacity(data.len() / 2);
    let mut index = Vec::with_capacity(ENTRY * data.len().div_ceil(BLOCK));
    for block in data.chunks(BLOCK) {
        let start = coded.len();
        model.encode(block, &mut coded);
        index.extend_from_slice(&(start as u64).to_le_bytes());
        index.extend_from_slice(&((coded.len() - start) as u32).to_le_bytes());
        index.extend_from_slice(&block_sum(&coded[start..]).to_le_bytes());
    }
    let layout = Layout {
        header: header.clone(),
        symbols: model.symbols(),
        coded: coded.len() as u64,
    };
    let page_sums: Vec<u64> = index.chunks(PAGE * ENTRY).map(checksum).collect();
    let bounds = bounds_bytes(bounded);
    let mut file = tempfile::Builder::new()
        .prefix(TEMPORARY_PREFIX)
        .tempfile_in(dir)
        .map_err(|error| io(endodoi_files::plain(error)))?;
    // Tables are for every user of the machine to read.
    file.as_file()
        .set_permissions(std::fs::Permissions::from_mode(0o644))
        .and_then(|()| file.write_all(&layout.head(&model.bytes(), &page_sums, checksum(&bounds))))
        .and_then(|()| file.write_all(&index))
        .and_then(|()| file.write_all(&coded))
        .and_then(|()| file.write_all(&bounds))
        .and_then(|()| file.as_file().sync_all())
        .map_err(io)?;
    file.persist(&path)
        .map_err(|error| io(endodoi_files::plain(error.error)))?;
    Ok(())
}

/// The names of temporary level files begin with this.
pub const TEMPORARY_PREFIX: &str = ".tb-";

/// A level file opened for probing: its header, model and page checksums
/// checked; a page of the index and a block read, checked and decoded when
/// first needed, the block kept in a [`BlockCache`].
pub struct LevelFile {
    path: PathBuf,
    file: File,
    layout: Layout,
    bounds_sum: u64,
    model: Model,
    page_sums: Vec<u64>,
    /// The index's pages read and checked so far.
    pages: Vec<OnceLock<Box<[u8]>>>,
    /// This file's number in the cache.
    id: u64,
    cache: Arc<BlockCache>,
}

impl std::fmt::Debug for LevelFile {
    /// Its name, header and cache, not the pages of its index.
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("LevelFile")
            .field("path", &self.path)
            .field("header", &self.layout.header)
            .field("cache", &self.cache)
            .finish_non_exhaustive()
    }
}

/// A block's place among the coded bytes and its checksum.
struct BlockEntry {
    start: u64,
    len: usize,
    sum: u32,
}

impl LevelFile {
    /// Opens level `seeds` of width `width` in `dir`, checks its header,
    /// and keeps its blocks in the cache shared by all level files
    /// ([`BlockCache::shared`]).
    ///
    /// # Errors
    /// [`TableError::Missing`] when there is no such file, [`TableError::Io`]
    /// when it cannot be read, [`TableError::Corrupt`] when it is not a
    /// whole level file of this width and level, or of another version.
    pub fn open(dir: &Path, width: u8, seeds: u8) -> Result<LevelFile, TableError> {
        LevelFile::open_with_cache(dir, width, seeds, BlockCache::shared())
    }

    /// As [`LevelFile::open`], keeping the blocks in `cache`.
    ///
    /// # Errors
    /// As [`LevelFile::open`].
    ///
    /// # Panics
    /// Never: the header's fields are read from their fixed places.
    pub fn open_with_cache(
        dir: &Path,
        width: u8,
        seeds: u8,
        cache: Arc<BlockCache>,
    ) -> Result<LevelFile, TableError> {
        let path = level_path(dir, width, seeds);
        // A FIFO is opened without waiting for a writer, then refused below.
        let file = match endodoi_files::open_without_waiting(&path, true) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Err(TableError::Missing(path));
            }
            Err(error) => return Err(TableError::Io { path, error }),
        };
        // A level read through a link (tables shared from another disk) is
        // read as the file it leads to, and its faults are said to be that
        // file's.
        let through = std::fs::read_link(&path).ok();
        let corrupt = |reason: String| TableError::Corrupt {
            path: path.clone(),
            reason: match &through {
                Some(to) => format!("a symbolic link to {}, which is {reason}", to.display()),
                None => reason,
            },
        };
        let io = |error| TableError::Io {
            path: path.clone(),
            error,
        };
        let metadata = file.metadata().map_err(io)?;
        if !metadata.is_file() {
            return Err(corrupt(format!(
                "{} is not a regular file",
                endodoi_files::kind_of(&metadata.file_type())
            )));
        }
        let len = metadata.len();
        let mut head = [0_u8; HEADER];
        let got = len.min(HEADER as u64) as usize;
        file.read_exact_at(&mut head[..got], 0).map_err(io)?;
        // A file of another version is named as such even when shorter
        // than this version's header (a level of version 1 may be).
        if got >= 12 && &head[..8] == MAGIC {
            check_version(&head).map_err(corrupt)?;
        }
        if got < HEADER {
            return Err(corrupt(format!(
                "truncated: {len} bytes, not even a header"
            )));
        }
        let layout = Layout::read(&head, width, seeds).map_err(corrupt)?;
        let bad_header = || corrupt("the header's checksum does not match".to_owned());
        let expected = layout.file_len().ok_or_else(bad_header)?;
        let truncated = || {
            corrupt(format!(
                "truncated or overlong: {len} bytes, expected {expected}"
            ))
        };
        if len < layout.head_len() {
            return Err(truncated());
        }
        let bounds_sum = u64::from_le_bytes(head[40..48].try_into().expect("8 bytes"));
        let mut all = vec![0_u8; layout.head_len() as usize];
        file.read_exact_at(&mut all, 0).map_err(io)?;
        let model_end = HEADER + Model::len_of(layout.symbols);
        let page_sums: Vec<u64> = all[model_end..]
            .chunks_exact(8)
            .map(|sum| u64::from_le_bytes(sum.try_into().expect("8 bytes")))
            .collect();
        if layout.head(&all[HEADER..model_end], &page_sums, bounds_sum) != all {
            return Err(bad_header());
        }
        if len != expected {
            return Err(truncated());
        }
        let model = Model::read(&all[HEADER..model_end])
            .map_err(|error| corrupt(format!("the model of its values is unsound: {error}")))?;
        Ok(LevelFile {
            path,
            file,
            pages: (0..layout.pages()).map(|_| OnceLock::new()).collect(),
            layout,
            bounds_sum,
            model,
            page_sums,
            id: BlockCache::file_id(),
            cache,
        })
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.layout.header
    }

    fn corrupt(&self, reason: String) -> TableError {
        TableError::Corrupt {
            path: self.path.clone(),
            reason,
        }
    }

    fn read_at(&self, bytes: &mut [u8], offset: u64) -> Result<(), TableError> {
        self.file
            .read_exact_at(bytes, offset)
            .map_err(|error| TableError::Io {
                path: self.path.clone(),
                error,
            })
    }

    /// Checks page `page` of the index, its bytes `bytes`.
    fn check_page(&self, page: usize, bytes: &[u8]) -> Result<(), TableError> {
        if checksum(bytes) == self.page_sums[page] {
            Ok(())
        } else {
            Err(self.corrupt(format!(
                "page {page} of the index does not match its checksum"
            )))
        }
    }

    /// The index entry of block `index`, its page read and checked once.
    fn entry_of(&self, index: u64) -> Result<BlockEntry, TableError> {
        let page = (index / PAGE as u64) as usize;
        let bytes = if let Some(bytes) = self.pages[page].get() {
            bytes
        } else {
            let first = page as u64 * PAGE as u64;
            let entries = (self.layout.blocks() - first).min(PAGE as u64);
            let mut bytes = vec![0_u8; ENTRY * entries as usize];
            self.read_at(
                &mut bytes,
                self.layout.index_offset() + ENTRY as u64 * first,
            )?;
            self.check_page(page, &bytes)?;
            self.pages[page].get_or_init(|| bytes.into_boxed_slice())
        };
        let at = ENTRY * (index % PAGE as u64) as usize;
        self.entry_in(index, &bytes[at..at + ENTRY])
    }

    /// The entry of block `index` from its bytes, checked against the
    /// file's layout.
    ///
    /// # Panics
    /// Never: an entry is [`ENTRY`] bytes.
    fn entry_in(&self, index: u64, bytes: &[u8]) -> Result<BlockEntry, TableError> {
        let start = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"));
        let len = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
        let sum = u32::from_le_bytes(bytes[12..].try_into().expect("4 bytes"));
        if len > MAX_CODED || start.saturating_add(len as u64) > self.layout.coded {
            return Err(self.corrupt(format!(
                "block {index}'s entry in the index is out of bounds"
            )));
        }
        Ok(BlockEntry { start, len, sum })
    }

    /// Block `index` decoded from its `coded` bytes, checked first.
    fn decode(&self, index: u64, entry: &BlockEntry, coded: &[u8]) -> Result<Vec<u8>, TableError> {
        if block_sum(coded) != entry.sum {
            return Err(self.corrupt(format!("block {index} does not match its checksum")));
        }
        let mut block = vec![0_u8; self.layout.block_len(index)];
        self.model
            .decode(coded, &mut block)
            .map_err(|_| self.corrupt(format!("block {index} does not decode")))?;
        Ok(block)
    }

    /// The byte of the board numbered `rank`: from the cache, or its block
    /// read, checked, decoded and kept.
    ///
    /// # Errors
    /// When the block or its page of the index cannot be read or does not
    /// match its checksum.
    ///
    /// # Panics
    /// When `rank` is not below the level's count of boards.
    pub fn entry(&self, rank: u64) -> Result<u8, TableError> {
        assert!(rank < self.layout.header.count, "a board of the level");
        let index = rank / BLOCK as u64;
        let offset = (rank % BLOCK as u64) as usize;
        if let Some(byte) = self.cache.byte(self.id, index, offset) {
            return Ok(byte);
        }
        let entry = self.entry_of(index)?;
        let mut coded = vec![0_u8; entry.len];
        self.read_at(&mut coded, self.layout.coded_offset() + entry.start)?;
        let block = self.decode(index, &entry, &coded)?;
        let byte = block[offset];
        self.cache.insert(self.id, index, block.into());
        Ok(byte)
    }

    /// The byte of the board numbered `rank`, if its block is held in
    /// `near` (one search's blocks) or, when `shared`, in the cache (then
    /// kept in `near` too): never a read or a decoding.
    pub fn entry_near(&self, rank: u64, near: &mut Near, shared: bool) -> Option<u8> {
        let index = rank / BLOCK as u64;
        let offset = (rank % BLOCK as u64) as usize;
        self.cache.byte_near(self.id, index, offset, near, shared)
    }

    /// Every byte of the level, each page of the index and each block
    /// checked (the cache left as it is).
    ///
    /// # Errors
    /// When the file cannot be read or a page or block does not match its
    /// checksum.
    pub fn read_all(&self) -> Result<Vec<u8>, TableError> {
        let mut index = vec![0_u8; ENTRY * self.layout.blocks() as usize];
        self.read_at(&mut index, self.layout.index_offset())?;
        for (page, bytes) in index.chunks(PAGE * ENTRY).enumerate() {
            self.check_page(page, bytes)?;
        }
        let mut coded = vec![0_u8; self.layout.coded as usize];
        self.read_at(&mut coded, self.layout.coded_offset())?;
        let mut data = Vec::with_capacity(self.layout.header.count as usize);
        for (index, bytes) in (0..).zip(index.chunks_exact(ENTRY)) {
            let entry = self.entry_in(index, bytes)?;
            let start = entry.start as usize;
            data.extend(self.decode(index, &entry, &coded[start..start + entry.len])?);
        }
        Ok(data)
    }

    /// The bounds of the level's boards not exact, checked, by rank.
    ///
    /// # Errors
    /// When they cannot be read or do not match their checksum.
    ///
    /// # Panics
    /// Never: each board's bounds are read from their fixed places.
    pub fn read_bounds(&self) -> Result<Vec<Bounded>, TableError> {
        let mut bytes = vec![0_u8; BOUNDED * self.layout.header.open as usize];
        self.read_at(&mut bytes, self.layout.bounds_offset())?;
        if checksum(&bytes) != self.bounds_sum {
            return Err(self.corrupt("the bounds do not match their checksum".to_owned()));
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
