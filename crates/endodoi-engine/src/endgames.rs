//! What the search asks of tables of perfect endgames, and nothing more: the
//! value of a board with few enough seeds. The tables themselves (their
//! files, the blocks kept in memory, a thread reading them) are the
//! `endodoi-tables` crate's, which implements [`Endgames`]: the search does
//! no I/O of its own.

use std::fmt;
use std::sync::Arc;

use endodoi_core::rules::{Position, Side};

/// A board's value in the tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableValue {
    /// The seeds the player to move will still gain over the opponent from
    /// the seeds on the board.
    pub value: i32,
    /// Whether the value is proven for the board with nothing before it
    /// since the last capture (just after a capture, or at the start of a
    /// game); when not, it is the repetition value within proven bounds.
    pub exact: bool,
}

/// How far a look into the tables goes for a value not at hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProbeDepth {
    /// Only to what this searcher looked at lately: near the horizon, more
    /// costs more than it gives.
    Near,
    /// To what is held in memory, and to a level small enough to be read
    /// whole at once.
    Held,
    /// To what is held in memory; what is not is asked of the reader in the
    /// background ([`Lookup::reads_in_background`]), for a later look.
    Ask,
    /// What is not held is read now, the search waiting for it.
    Wait,
}

/// Tables of perfect endgames, as a search looks into them
/// ([`Search::set_tables`](crate::Search::set_tables)).
pub trait Endgames: Send + Sync + fmt::Debug {
    /// The most seeds a board may hold to be in the tables (`None` when
    /// there are none).
    fn max_seeds(&self) -> Option<u8>;

    /// A searcher's own way into the tables, kept from run to run.
    fn lookup(self: Arc<Self>) -> Box<dyn Lookup>;
}

/// One searcher's looks into the tables: what it looked at lately, and a
/// reader that fetches in the background what a look asked for, when it
/// has one.
pub trait Lookup: Send + fmt::Debug {
    /// The value of `position` for its player to move, when the tables hold
    /// it and `look` goes far enough.
    fn probe(&mut self, position: &Position, look: ProbeDepth) -> Option<TableValue>;

    /// Whether a [`ProbeDepth::Ask`] has a reader to ask.
    fn reads_in_background(&self) -> bool;

    /// A lookup into the same tables for a clone of the searcher: what this
    /// one looked at lately, and its reader, shared.
    fn boxed_clone(&self) -> Box<dyn Lookup>;
}

/// The tables a searcher was given, and its way into them.
#[derive(Debug)]
pub(crate) struct Probe {
    tables: Arc<dyn Endgames>,
    lookup: Box<dyn Lookup>,
}

impl Probe {
    /// A way into `tables`, keeping `previous`'s when it was into the same
    /// tables (what it looked at lately, its reader).
    pub fn new(tables: Arc<dyn Endgames>, previous: Option<Probe>) -> Probe {
        match previous {
            Some(probe) if std::ptr::addr_eq(Arc::as_ptr(&probe.tables), Arc::as_ptr(&tables)) => {
                probe
            }
            _ => Probe {
                lookup: Arc::clone(&tables).lookup(),
                tables,
            },
        }
    }
}

impl Clone for Probe {
    fn clone(&self) -> Probe {
        Probe {
            tables: Arc::clone(&self.tables),
            lookup: self.lookup.boxed_clone(),
        }
    }
}

/// The tables one run of a search looks into, and which positions they
/// hold.
pub(crate) struct Tables<'a> {
    lookup: &'a mut dyn Lookup,
    /// Whether a look asks the reader in the background for what is not
    /// held; without, it goes to what is held, and to a small level.
    pub background: bool,
    /// The most seeds on a board the tables hold.
    most: u16,
    /// Every seed of the game, on the board or captured.
    seeds: u16,
}

impl<'a> Tables<'a> {
    /// The tables of `probe` as a search from `start` looks into them, when
    /// they have a level; in the `background` if its reader can.
    pub fn new(probe: &'a mut Probe, background: bool, start: &Position) -> Option<Tables<'a>> {
        Some(Tables {
            most: u16::from(probe.tables.max_seeds()?),
            background: background && probe.lookup.reads_in_background(),
            lookup: probe.lookup.as_mut(),
            seeds: start.row_total(Side::South)
                + start.row_total(Side::North)
                + start.captured().total(),
        })
    }

    /// The tables' value of `position`, when they hold it and `look` (one
    /// of [`ProbeDepth::Near`], [`ProbeDepth::Ask`] and [`ProbeDepth::Wait`]) goes far enough.
    #[inline]
    pub fn probe(&mut self, position: &Position, look: ProbeDepth) -> Option<TableValue> {
        let on_board = self.seeds - position.captured().total();
        if on_board > self.most {
            return None;
        }
        let look = match look {
            ProbeDepth::Near | ProbeDepth::Ask if !self.background => ProbeDepth::Held,
            look => look,
        };
        self.lookup.probe(position, look)
    }
}
