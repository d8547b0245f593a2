//! The coder of a level's values: an order-1 model (the probability of a
//! byte given the byte before it, counted over the whole level and kept in
//! the file) driving a range asymmetric numeral system (rANS), one block at
//! a time. Neighbouring ranks are similar boards, so a value mostly follows
//! from the one before it: about 2.6 bits a board where a byte-oriented
//! compressor on blocks this small takes 2.8 to 3.2 (docs/tablebase.md).

/// Bits of a probability: each context's frequencies add up to `1 << 12`.
const PROB_BITS: u32 = 12;
/// What each context's frequencies add up to.
const TOTAL: u32 = 1 << PROB_BITS;
/// The least a coder's state may be between symbols.
const LOW: u32 = 1 << 23;
/// The most distinct bytes a level holds: a share of 0 to 63 seeds, exact
/// or not.
pub const MAX_SYMBOLS: usize = 128;

/// The order-1 model of a level: its distinct bytes (the symbols), and for
/// each context (the symbol before, or the start of a block, last) the
/// frequency of each symbol.
#[derive(PartialEq, Eq)]
pub struct Model {
    symbols: Vec<u8>,
    /// `frequencies[context * symbols + symbol]`, each context's adding up
    /// to [`TOTAL`].
    frequencies: Vec<u16>,
    /// What coding needs of each context, context by context.
    rows: Vec<ContextRow>,
    /// The symbol of each byte (`u8::MAX` for a byte not in the level).
    symbol_of: [u8; 256],
}

/// A context's part of the model, laid out for the coder: fixed sizes, so
/// that a slot or a symbol indexes it without a check.
#[derive(PartialEq, Eq)]
struct ContextRow {
    /// The symbol of each slot.
    slots: [u8; TOTAL as usize],
    /// Each symbol's frequency and where its range of slots starts.
    ranges: [(u32, u32); 256],
}

impl std::fmt::Debug for Model {
    /// The symbols only: the tables behind them are thousands of numbers.
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Model")
            .field("symbols", &self.symbols)
            .finish_non_exhaustive()
    }
}

/// Why a model or a block cannot be decoded.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Undecodable {
    /// The model's bytes are not a model.
    #[error("{0}")]
    Model(&'static str),
    /// A block's bytes end too soon or leave bytes over.
    #[error("the block's code does not end with it")]
    Block,
}

impl Model {
    /// The model of `values`, counted over all of them in blocks of `block`.
    pub fn count(values: &[u8], block: usize) -> Model {
        let mut present = [false; 256];
        for &byte in values {
            present[usize::from(byte)] = true;
        }
        let symbols: Vec<u8> = (0..=255)
            .filter(|&byte| present[usize::from(byte)])
            .collect();
        let mut symbol_of = [u8::MAX; 256];
        for (index, &byte) in symbols.iter().enumerate() {
            symbol_of[usize::from(byte)] = index as u8;
        }
        let width = symbols.len();
        let mut counts = vec![0_u64; (width + 1) * width];
        for chunk in values.chunks(block) {
            let mut context = width;
            for &byte in chunk {
                let symbol = usize::from(symbol_of[usize::from(byte)]);
                counts[context * width + symbol] += 1;
                context = symbol;
            }
        }
        let all: Vec<u64> = (0..width)
            .map(|symbol| (0..=width).map(|c| counts[c * width + symbol]).sum())
            .collect();
        let mut frequencies = Vec::with_capacity(counts.len());
        for context in counts.chunks(width.max(1)).take(width + 1) {
            // A context never seen codes as the level does overall.
            let context = if context.iter().all(|&count| count == 0) {
                &all
            } else {
                context
            };
            frequencies.extend(normalised(context));
        }
        Model::from_parts(symbols, frequencies).expect("a counted model is sound")
    }

    /// The model of `symbols` and their `frequencies`, checked.
    fn from_parts(symbols: Vec<u8>, frequencies: Vec<u16>) -> Result<Model, Undecodable> {
        let width = symbols.len();
        if width > MAX_SYMBOLS {
            return Err(Undecodable::Model("more symbols than a level has"));
        }
        let mut symbol_of = [u8::MAX; 256];
        for (index, &byte) in symbols.iter().enumerate() {
            if symbol_of[usize::from(byte)] != u8::MAX {
                return Err(Undecodable::Model("a symbol twice"));
            }
            symbol_of[usize::from(byte)] = index as u8;
        }
        let mut rows = Vec::with_capacity(width + 1);
        for context in frequencies.chunks(width.max(1)) {
            if context.iter().map(|&f| u32::from(f)).sum::<u32>() != TOTAL {
                return Err(Undecodable::Model("frequencies that do not add up"));
            }
            let mut row = ContextRow {
                slots: [0; TOTAL as usize],
                ranges: [(0, 0); 256],
            };
            let mut start = 0;
            for (symbol, &frequency) in context.iter().enumerate() {
                let frequency = u32::from(frequency);
                row.ranges[symbol] = (frequency, start);
                row.slots[start as usize..(start + frequency) as usize].fill(symbol as u8);
                start += frequency;
            }
            rows.push(row);
        }
        Ok(Model {
            symbols,
            frequencies,
            rows,
            symbol_of,
        })
    }

    /// Its count of symbols (distinct bytes).
    pub fn symbols(&self) -> usize {
        self.symbols.len()
    }

    /// The model's bytes in a file: the count of symbols, the symbols, then
    /// each context's frequencies (`u16`, little-endian).
    pub fn bytes(&self) -> Vec<u8> {
        let mut bytes = vec![self.symbols.len() as u8];
        bytes.extend_from_slice(&self.symbols);
        for frequency in &self.frequencies {
            bytes.extend_from_slice(&frequency.to_le_bytes());
        }
        bytes
    }

    /// Bytes of the model of `symbols` symbols in a file.
    pub fn len_of(symbols: usize) -> usize {
        1 + symbols + 2 * (symbols + 1) * symbols
    }

    /// The model stored as `bytes`.
    ///
    /// # Errors
    /// When they are not a model of [`Model::bytes`].
    pub fn read(bytes: &[u8]) -> Result<Model, Undecodable> {
        let width = usize::from(*bytes.first().ok_or(Undecodable::Model("no symbols"))?);
        if bytes.len() != Model::len_of(width) {
            return Err(Undecodable::Model("the wrong length"));
        }
        let frequencies = bytes[1 + width..]
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        Model::from_parts(bytes[1..=width].to_vec(), frequencies)
    }

    /// Codes `block` (bytes of the level counted) into `out`.
    ///
    /// # Panics
    /// When `block` holds a byte, or a byte after another, that the model
    /// was not counted on.
    pub fn encode(&self, block: &[u8], out: &mut Vec<u8>) {
        let width = self.symbols.len();
        let symbol = |byte: u8| {
            let symbol = self.symbol_of[usize::from(byte)];
            assert!(symbol != u8::MAX, "a byte of the level");
            usize::from(symbol)
        };
        // rANS codes backwards: the last symbol first, bytes pushed then
        // turned round so that the decoder reads forwards.
        let mut reversed = Vec::with_capacity(block.len() / 2 + 4);
        let mut state = LOW;
        for at in (0..block.len()).rev() {
            let context = at
                .checked_sub(1)
                .map_or(width, |before| symbol(block[before]));
            let (frequency, start) = self.rows[context].ranges[symbol(block[at])];
            assert!(frequency > 0, "a pair of bytes the model was counted on");
            let limit = ((LOW >> PROB_BITS) << 8) * frequency;
            while state >= limit {
                reversed.push(state as u8);
                state >>= 8;
            }
            state = ((state / frequency) << PROB_BITS) + state % frequency + start;
        }
        reversed.extend(state.to_be_bytes());
        out.extend(reversed.iter().rev());
    }

    /// Decodes `coded` into `block` (its length the boards of the block).
    ///
    /// # Errors
    /// When `coded` ends before the block does, or does not end with it.
    pub fn decode(&self, coded: &[u8], block: &mut [u8]) -> Result<(), Undecodable> {
        let width = self.symbols.len();
        if width == 0 && !block.is_empty() {
            return Err(Undecodable::Block);
        }
        let (head, rest) = coded.split_first_chunk::<4>().ok_or(Undecodable::Block)?;
        let mut state = u32::from_le_bytes(*head);
        let mut next = rest.iter();
        let mut row = &self.rows[width];
        for byte in block.iter_mut() {
            let slot = state & (TOTAL - 1);
            let symbol = row.slots[slot as usize];
            let (frequency, start) = row.ranges[usize::from(symbol)];
            state = frequency * (state >> PROB_BITS) + slot - start;
            while state < LOW {
                state = (state << 8) | u32::from(*next.next().ok_or(Undecodable::Block)?);
            }
            *byte = self.symbols[usize::from(symbol)];
            row = &self.rows[usize::from(symbol)];
        }
        if state != LOW || next.next().is_some() {
            return Err(Undecodable::Block);
        }
        Ok(())
    }
}

/// `counts` scaled to add up to [`TOTAL`], every symbol counted keeping at
/// least 1 so that it can be coded.
fn normalised(counts: &[u64]) -> Vec<u16> {
    let seen = counts.iter().filter(|&&count| count > 0).count() as u64;
    let sum: u64 = counts.iter().sum();
    let spare = u64::from(TOTAL) - seen;
    let mut frequencies: Vec<u16> = counts
        .iter()
        .map(|&count| {
            if count == 0 {
                0
            } else {
                (1 + count * spare / sum) as u16
            }
        })
        .collect();
    let given: u32 = frequencies.iter().map(|&f| u32::from(f)).sum();
    let most = (0..counts.len())
        .max_by_key(|&symbol| counts[symbol])
        .expect("a symbol");
    frequencies[most] += (TOTAL - given) as u16;
    frequencies
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_decode_to_what_was_coded() {
        let mut rng = fastrand::Rng::with_seed(7);
        let values: Vec<u8> = (0..10_000)
            .map(|_| if rng.u8(..10) < 8 { 0x85 } else { rng.u8(..20) })
            .collect();
        let model = Model::count(&values, 4096);
        assert_eq!(Model::read(&model.bytes()), Ok(Model::count(&values, 4096)));
        for block in values.chunks(4096) {
            let mut coded = Vec::new();
            model.encode(block, &mut coded);
            assert!(coded.len() < block.len() / 2, "{}", coded.len());
            let mut decoded = vec![0; block.len()];
            model.decode(&coded, &mut decoded).expect("decoded");
            assert_eq!(decoded, block);
            assert_eq!(
                model.decode(&coded[..coded.len() - 1], &mut decoded),
                Err(Undecodable::Block)
            );
        }
    }

    #[test]
    fn a_block_of_rare_pairs_fits_the_room_a_block_has() {
        // Each of 127 values followed by one other almost always; the block
        // follows each by another, seen 32 times in 2 million boards: each
        // board costs about 8 bits, where a level's values take under 3.
        let rare: Vec<u8> = (0..127).collect();
        let block: Vec<u8> = (0..4096).map(|at| rare[at * 7 % 127]).collect();
        let mut values = Vec::new();
        for _ in 0..8000 {
            for &byte in &rare {
                values.extend([byte, 0x80]);
            }
        }
        values.extend(&block);
        let model = Model::count(&values, 4096);
        let mut coded = Vec::new();
        model.encode(&block, &mut coded);
        assert!(coded.len() > 4000, "{}", coded.len());
        assert!(coded.len() <= super::super::MAX_CODED, "{}", coded.len());
        let mut decoded = vec![0; 4096];
        model.decode(&coded, &mut decoded).expect("decoded");
        assert_eq!(decoded, block);
    }

    #[test]
    fn random_bytes_decode_or_are_refused_without_a_panic() {
        let mut rng = fastrand::Rng::with_seed(11);
        let values: Vec<u8> = (0..20_000).map(|_| rng.u8(..30)).collect();
        let model = Model::count(&values, 4096);
        let mut refused = 0;
        for _ in 0..200 {
            let coded: Vec<u8> = (0..rng.usize(..3000)).map(|_| rng.u8(..)).collect();
            let mut block = vec![0; 4096];
            refused += usize::from(model.decode(&coded, &mut block).is_err());
        }
        assert_eq!(refused, 200);
        for bytes in [vec![], vec![3, 1, 2], vec![200; 300]] {
            assert!(Model::read(&bytes).is_err(), "{bytes:?}");
        }
    }

    #[test]
    fn a_level_of_one_value_codes_in_four_bytes_a_block() {
        let values = vec![0x83; 5000];
        let model = Model::count(&values, 4096);
        let mut coded = Vec::new();
        model.encode(&values[..4096], &mut coded);
        assert_eq!(coded.len(), 4);
        let mut decoded = vec![0; 4096];
        model.decode(&coded, &mut decoded).expect("decoded");
        assert_eq!(decoded, values[..4096]);
    }
}
