//! The transposition table: results of earlier searches by position hash.
//! The hash covers every part of the state (pieces, rights, dice state and
//! what is pending: a throw, a choice, a hunter's find), so an entry is valid
//! wherever its position recurs, decision, chance and choice nodes alike.
//!
//! Shared by every search thread without locks: a slot is two atomic words,
//! the data and the key xor the data (Hyatt's lockless hashing). A slot torn
//! by two threads writing at once fails the xor check and reads as empty.

use std::alloc::Layout;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

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
    slots: Box<[Slot]>,
    /// A search has run since the table was made (a fresh table needs
    /// no emptying).
    used: AtomicBool,
}

/// From this size a table's memory is given back on a thread of its own.
const RELEASED_APART: usize = 64 << 20;

/// Lets go of a handle of a table; the last one frees the table's memory,
/// a large table's on a thread of its own (the system takes a while to
/// take back gigabytes of resident pages).
pub fn release(table: Arc<Table>) {
    let Ok(table) = Arc::try_unwrap(table) else {
        return;
    };
    if std::mem::size_of_val(&*table.slots) >= RELEASED_APART {
        std::thread::spawn(move || drop(table));
    }
}

/// `n` empty slots from the allocator's zeroed memory. The system hands
/// out zeroed pages lazily, so even a large table is ready at once and
/// takes memory only as it fills. None when the memory is not there.
fn zeroed_slots(n: usize) -> Option<Box<[Slot]>> {
    let layout = Layout::array::<Slot>(n).ok()?;
    if layout.size() == 0 {
        return Some(Box::new([]));
    }
    // SAFETY: the layout has a non-zero size; all-zero bytes are a valid
    // `Slot` (two `AtomicU64` holding 0); the memory comes from the global
    // allocator with exactly the layout `Box<[Slot]>` frees it with.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if ptr.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n)))
    }
}

impl Table {
    /// A table of about `mib` MiB; when the memory is not there it takes
    /// half, and half again, rather than abort the engine.
    pub fn new(mib: usize) -> Table {
        let size = (mib.max(1).saturating_mul(1024 * 1024) / std::mem::size_of::<Slot>()).max(1024);
        Table::with_slots(size)
    }

    /// A table of `size` slots, or of half as many, and so on.
    fn with_slots(mut size: usize) -> Table {
        loop {
            if let Some(slots) = zeroed_slots(size) {
                return Table {
                    slots,
                    used: AtomicBool::new(false),
                };
            }
            if size <= 1024 {
                // Not even 16 KiB: the process cannot go on anyway.
                std::alloc::handle_alloc_error(Layout::new::<Slot>());
            }
            size /= 2;
        }
    }

    /// Called when a search starts: the table is no longer empty.
    pub fn mark_used(&self) {
        self.used.store(true, Ordering::Relaxed);
    }

    /// Whether a search has run since the table was made.
    pub fn is_used(&self) -> bool {
        self.used.load(Ordering::Relaxed)
    }

    /// An empty table as large as this one, from fresh zeroed memory:
    /// ready at once however large, where writing zeros over the used
    /// slots would take seconds and make every page resident.
    pub fn emptied(&self) -> Table {
        Table::with_slots(self.slots.len())
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

/// Resident memory of this process in KiB (Linux).
#[cfg(test)]
pub(crate) fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
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
        t.mark_used();
        let emptied = t.emptied();
        assert_eq!(emptied.probe(e.key), None);
        assert_eq!(emptied.slots.len(), t.slots.len());
        assert!(!emptied.is_used());
    }

    #[test]
    fn a_large_table_takes_memory_only_as_it_fills() {
        let Some(before) = resident_kib() else {
            return; // Not Linux: nothing to measure.
        };
        let t = Table::new(2048);
        assert_eq!(t.slots.len(), 2048 * 1024 * 1024 / 16);
        let after = resident_kib().unwrap_or(u64::MAX);
        // Other tests run in this process at the same time: a generous bound,
        // far below the 2 GiB a table zeroed slot by slot would take.
        assert!(
            after.saturating_sub(before) < 256 * 1024,
            "{before} KiB -> {after} KiB"
        );
        // The zeroed slots read as empty.
        assert_eq!(t.probe(12345), None);
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
