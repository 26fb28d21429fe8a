//! The transposition table: results of earlier searches by position hash.
//! The hash covers every part of the state (pieces, rights, dice state and
//! what is pending: a throw, a choice, a pig's find), so an entry is valid
//! wherever its position recurs, decision, chance and choice nodes alike.
//!
//! Shared by every search thread without locks: a slot is two atomic words,
//! the data and the key xor the data (Hyatt's lockless hashing). A slot torn
//! by two threads writing at once fails the xor check and reads as empty.

use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    /// The best move found (raw `Move` bits; 0 for none). At a choice node:
    /// the index of the best option plus one.
    pub best: u32,
    /// Relative to the node for mates; within `i16`.
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

impl Entry {
    /// best (32 bits) | score (16) | depth (8) | bound (8).
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let score = self.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        let depth = self.depth.clamp(i8::MIN as i16, i8::MAX as i16) as i8 as u8 as u64;
        self.best as u64 | score << 32 | depth << 48 | bound << 56
    }

    fn unpack(key: u64, data: u64) -> Option<Entry> {
        let bound = match data >> 56 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key,
            best: data as u32,
            score: (data >> 32) as u16 as i16 as i32,
            depth: (data >> 48) as u8 as i8 as i16,
            bound,
        })
    }
}

struct Slot {
    /// The key xor the data.
    check: AtomicU64,
    data: AtomicU64,
}

pub struct Table {
    slots: Vec<Slot>,
}

impl Table {
    /// A table of about `mib` mebibytes.
    /// A table of about `mib` MiB; when the memory is not there it takes
    /// half, and half again, rather than abort the engine.
    pub fn new(mib: usize) -> Table {
        let mut size =
            (mib.max(1).saturating_mul(1024 * 1024) / std::mem::size_of::<Slot>()).max(1024);
        loop {
            let mut slots: Vec<Slot> = Vec::new();
            if size <= 1024 || slots.try_reserve_exact(size).is_ok() {
                slots.extend((0..size).map(|_| Slot {
                    check: AtomicU64::new(0),
                    data: AtomicU64::new(0),
                }));
                return Table { slots };
            }
            size /= 2;
        }
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.data.store(0, Ordering::Relaxed);
            s.check.store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        // Multiply-shift: spreads every key bit over the index.
        &self.slots[((key as u128 * self.slots.len() as u128) >> 64) as usize]
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.slot(key);
        let data = s.data.load(Ordering::Relaxed);
        let check = s.check.load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        Entry::unpack(key, data)
    }

    /// Stores an entry, replacing a shallower one or one of another position.
    #[inline]
    pub fn store(&self, entry: Entry) {
        let s = self.slot(entry.key);
        let replace = match self.probe(entry.key) {
            None => true,
            Some(old) => old.depth <= entry.depth || entry.bound == Bound::Exact,
        };
        if replace {
            let data = entry.pack();
            s.data.store(data, Ordering::Relaxed);
            s.check.store(entry.key ^ data, Ordering::Relaxed);
        }
    }

    /// Permille of the first thousand slots in use (UCI's `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.slots
            .iter()
            .take(1000)
            .filter(|s| s.data.load(Ordering::Relaxed) != 0)
            .count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let t = Table::new(1);
        let e = Entry {
            key: 0x1234_5678_9abc_def0,
            best: 0xdead_beef,
            score: -29_990,
            depth: 17,
            bound: Bound::Upper,
        };
        t.store(e);
        assert_eq!(t.probe(e.key), Some(e));
        assert_eq!(t.probe(e.key ^ 1), None);
        // A shallower bound does not replace a deeper one; an exact value does.
        t.store(Entry {
            depth: 3,
            bound: Bound::Lower,
            ..e
        });
        assert_eq!(t.probe(e.key), Some(e));
        let exact = Entry {
            depth: 2,
            bound: Bound::Exact,
            score: 31,
            ..e
        };
        t.store(exact);
        assert_eq!(t.probe(e.key), Some(exact));
        t.clear();
        assert_eq!(t.probe(e.key), None);
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let t = Table::new(1);
        let e = Entry {
            key: 42,
            best: 7,
            score: 5,
            depth: 1,
            bound: Bound::Exact,
        };
        t.store(e);
        // Another thread's data without its check word: the xor fails.
        t.slot(42)
            .data
            .store(Entry { score: 6, ..e }.pack(), Ordering::Relaxed);
        assert_eq!(t.probe(42), None);
    }
}
