//! Reading the tables' blocks in the background, for a search that does
//! not wait for them.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;

use super::{BLOCK, Tablebase};

/// How far [`Tablebase::probe_quick`] goes for a block not in a search's
/// [`Near`](super::Near).
#[derive(Clone, Copy, Debug)]
pub enum Reach<'a> {
    /// No further.
    Near,
    /// To the blocks held in memory, and a level small enough to be held
    /// whole (its block read and decoded, once).
    Held,
    /// To the blocks held; one not held is asked of the reader, for a later
    /// probe.
    Ask(&'a Reader),
}

/// Blocks asked for and not yet read, at most: a search that asks for more
/// meanwhile goes on without them.
const ASKED: usize = 64;

/// A thread that reads and decodes blocks of the tables for a search that
/// does not wait for them: the search asks for a block it found missing
/// ([`Tablebase::probe_quick`]) and searches on; a later look finds it held
/// (the search's next iteration comes back to the same positions).
#[derive(Debug)]
pub struct Reader {
    asks: Option<mpsc::SyncSender<(u8, u64)>>,
    /// The last block asked for (level and block, in one word): the same
    /// block is not asked for twice running.
    last: AtomicU64,
    thread: Option<thread::JoinHandle<()>>,
}

impl Reader {
    /// A reader of blocks of `tables`, on a thread of its own.
    ///
    /// # Errors
    /// When the system cannot start a thread.
    pub fn new(tables: &Arc<Tablebase>) -> std::io::Result<Reader> {
        let (asks, asked) = mpsc::sync_channel::<(u8, u64)>(ASKED);
        let tables = Arc::clone(tables);
        let thread = thread::Builder::new()
            .name("tables".to_owned())
            .spawn(move || {
                for (seeds, rank) in asked {
                    tables.read_block(seeds, rank);
                }
            })?;
        Ok(Reader {
            asks: Some(asks),
            last: AtomicU64::new(u64::MAX),
            thread: Some(thread),
        })
    }

    /// Asks for the block of the board numbered `rank` on level `seeds`;
    /// dropped when too many are waiting.
    pub(super) fn ask(&self, seeds: u8, rank: u64) {
        let block = (u64::from(seeds) << 56) | (rank / BLOCK as u64);
        if self.last.swap(block, Ordering::Relaxed) == block {
            return;
        }
        if let Some(asks) = &self.asks {
            let _ = asks.try_send((seeds, rank));
        }
    }
}

impl Drop for Reader {
    /// Lets the thread read what was asked, then end.
    fn drop(&mut self) {
        drop(self.asks.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
