//! The tables as the search looks into them: the engine's probe
//! ([`Endgames`]), each searcher with the blocks it looked at lately
//! ([`Near`]) and a [`Reader`] in the background.

use std::sync::Arc;

use endodoi_core::rules::Position;
use endodoi_engine::{Endgames, Lookup, ProbeDepth, TableValue};

use super::{Near, Reach, Reader, Tablebase};

impl Endgames for Tablebase {
    fn max_seeds(&self) -> Option<u8> {
        Tablebase::max_seeds(self)
    }

    fn lookup(self: Arc<Self>) -> Box<dyn Lookup> {
        // With no thread to read for it, a search waits for its blocks.
        let reader = Reader::new(&self).ok().map(Arc::new);
        Box::new(Searcher {
            tables: self,
            near: Near::default(),
            reader,
        })
    }
}

/// One searcher's looks into a [`Tablebase`].
#[derive(Clone, Debug)]
struct Searcher {
    tables: Arc<Tablebase>,
    /// The blocks the searcher looked at lately.
    near: Near,
    /// Reads the blocks a search bounded by time asks for, so that it need
    /// not wait for them (shared by the searcher's clones).
    reader: Option<Arc<Reader>>,
}

impl Lookup for Searcher {
    fn probe(&mut self, position: &Position, look: ProbeDepth) -> Option<TableValue> {
        let reach = match (look, self.reader.as_deref()) {
            (ProbeDepth::Wait, _) => return self.tables.probe(position),
            (ProbeDepth::Near, _) => Reach::Near,
            (ProbeDepth::Held, _) | (ProbeDepth::Ask, None) => Reach::Held,
            (ProbeDepth::Ask, Some(reader)) => Reach::Ask(reader),
        };
        self.tables.probe_quick(position, &mut self.near, reach)
    }

    fn reads_in_background(&self) -> bool {
        self.reader.is_some()
    }

    fn boxed_clone(&self) -> Box<dyn Lookup> {
        Box::new(self.clone())
    }
}
