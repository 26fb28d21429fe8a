//! The transposition table: results of earlier searches by position hash.
//! The hash covers every part of the state (pieces, rights, dice state), so
//! an entry is valid wherever its position recurs.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub key: u64,
    /// The best move found (raw `Move` bits; 0 for none).
    pub best: u32,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

pub struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table of about `mib` mebibytes.
    pub fn new(mib: usize) -> Table {
        let size = (mib.max(1) * 1024 * 1024 / std::mem::size_of::<Option<Entry>>()).max(1024);
        Table {
            entries: vec![None; size],
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Multiply-shift: spreads every key bit over the index.
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    /// Stores an entry, replacing a shallower one or one of another position.
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        let replace = match self.entries[slot] {
            None => true,
            Some(old) => {
                old.key != entry.key || old.depth <= entry.depth || entry.bound == Bound::Exact
            }
        };
        if replace {
            self.entries[slot] = Some(entry);
        }
    }

    /// Permille of the first thousand slots in use (UCI's `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.entries
            .iter()
            .take(1000)
            .filter(|e| e.is_some())
            .count() as u32
    }
}
