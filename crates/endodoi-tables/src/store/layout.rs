//! Where the parts of a level file are, from its header: the header's
//! fields read and checked, and written.

use super::coder::Model;
use super::{
    BLOCK, BOUNDED, ENTRY, HEADER, HEADER_SUM, Header, MAGIC, MAX_SYMBOLS, PAGE, VERSION, checksum,
};

/// Refuses a level file of another version than this program's, saying
/// what to do; `head` is its first 12 bytes at least.
///
/// # Panics
/// Never: the version is at its fixed place.
pub(super) fn check_version(head: &[u8]) -> Result<(), String> {
    let version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
    if version == VERSION {
        return Ok(());
    }
    Err(format!(
        "format version {version}, this program reads version {VERSION}: \
         remove the tables and build them again with `endodoi tablebase build`"
    ))
}

/// Where the parts of a level file are, from its header.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    pub(super) header: Header,
    /// Symbols of the model.
    pub(super) symbols: usize,
    /// Bytes of the coded blocks.
    pub(super) coded: u64,
}

impl Layout {
    pub(super) fn blocks(&self) -> u64 {
        self.header.count.div_ceil(BLOCK as u64)
    }

    pub(super) fn pages(&self) -> u64 {
        self.blocks().div_ceil(PAGE as u64)
    }

    /// Boards of block `index`.
    pub(super) fn block_len(&self, index: u64) -> usize {
        (self.header.count - index * BLOCK as u64).min(BLOCK as u64) as usize
    }

    /// Bytes of the header, the model and the page checksums.
    pub(super) fn head_len(&self) -> u64 {
        (HEADER + Model::len_of(self.symbols)) as u64 + 8 * self.pages()
    }

    pub(super) fn index_offset(&self) -> u64 {
        self.head_len()
    }

    pub(super) fn coded_offset(&self) -> u64 {
        self.index_offset() + ENTRY as u64 * self.blocks()
    }

    pub(super) fn bounds_offset(&self) -> u64 {
        self.coded_offset() + self.coded
    }

    /// Bytes of the whole file (`None` when beyond counting: no such file).
    pub(super) fn file_len(&self) -> Option<u64> {
        let index = (ENTRY as u64).checked_mul(self.blocks())?;
        let bounds = (BOUNDED as u64).checked_mul(self.header.open)?;
        self.head_len()
            .checked_add(index)?
            .checked_add(self.coded)?
            .checked_add(bounds)
    }

    /// The layout a file's fixed header `head` gives, checked against the
    /// width and level it should hold.
    ///
    /// # Errors
    /// Why the header is not one of such a level, in words.
    ///
    /// # Panics
    /// Never: the fields are read from their fixed places.
    pub(super) fn read(head: &[u8; HEADER], width: u8, seeds: u8) -> Result<Layout, String> {
        let word = |at: usize| u32::from_le_bytes(head[at..at + 4].try_into().expect("4 bytes"));
        let long = |at: usize| u64::from_le_bytes(head[at..at + 8].try_into().expect("8 bytes"));
        if &head[..8] != MAGIC {
            return Err("not a tablebase level file".to_owned());
        }
        check_version(head)?;
        if (word(12), word(16), word(20), word(60))
            != (
                u32::from(width),
                u32::from(seeds),
                BLOCK as u32,
                PAGE as u32,
            )
        {
            return Err(format!(
                "holds width {} with {} seeds (blocks of {}, pages of {}), \
                 not width {width} with {seeds}",
                word(12),
                word(16),
                word(20),
                word(60)
            ));
        }
        let boards = crate::Ranking::new(width).count(seeds);
        if long(24) != boards {
            return Err(format!(
                "counts {} boards, the level has {boards}",
                long(24)
            ));
        }
        if word(56) as usize > MAX_SYMBOLS {
            return Err("the header's checksum does not match".to_owned());
        }
        Ok(Layout {
            header: Header {
                width,
                seeds,
                count: long(24),
                open: long(32),
            },
            symbols: word(56) as usize,
            coded: long(48),
        })
    }

    /// The header's bytes, the model's and the page checksums, with the
    /// checksum of the bounds `bounds_sum`.
    pub(super) fn head(&self, model: &[u8], page_sums: &[u64], bounds_sum: u64) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.head_len() as usize);
        bytes.extend_from_slice(MAGIC);
        for field in [
            VERSION,
            u32::from(self.header.width),
            u32::from(self.header.seeds),
            BLOCK as u32,
        ] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        for field in [self.header.count, self.header.open, bounds_sum, self.coded] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        for field in [self.symbols as u32, PAGE as u32] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        bytes.extend_from_slice(&[0; 8]);
        bytes.extend_from_slice(model);
        for sum in page_sums {
            bytes.extend_from_slice(&sum.to_le_bytes());
        }
        let sum = checksum(&bytes);
        bytes[HEADER_SUM..HEADER].copy_from_slice(&sum.to_le_bytes());
        bytes
    }
}
