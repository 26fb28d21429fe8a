//! Lazy SMP: several threads search the same position over one shared
//! table; the main thread reports and decides, the helpers only fill the
//! table (and skip iterations in turn so that they run ahead). One thread
//! is the plain, deterministic search.

use super::tt::{self, Table};
use super::{Limits, SearchInfo, SearchResult, Searcher};
use crate::rules::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The most search threads (UCI `Threads`).
pub const MAX_THREADS: usize = 64;

pub struct Pool {
    pub main: Searcher,
    helpers: Vec<Searcher>,
    /// Stops the helpers when the main thread is done.
    halt: Arc<AtomicBool>,
}

impl Pool {
    /// `threads` searchers (at least one) sharing a table of `hash_mib`.
    pub fn new(hash_mib: usize, threads: usize) -> Pool {
        let tt = Arc::new(Table::new(hash_mib));
        let main = Searcher::with_table(tt.clone(), Arc::new(AtomicBool::new(false)));
        let halt = Arc::new(AtomicBool::new(false));
        let mut pool = Pool {
            main,
            helpers: Vec::new(),
            halt,
        };
        for i in 1..threads.clamp(1, MAX_THREADS) {
            let mut h = Searcher::with_table(tt.clone(), pool.halt.clone());
            h.helper = i;
            pool.helpers.push(h);
        }
        pool.main.others = pool.helpers.iter().map(|h| h.published.clone()).collect();
        pool
    }

    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// The flag that stops the search (the main thread's).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.main.stop_flag()
    }

    /// Weights for one game on every thread (`Searcher::set_weights`).
    pub fn set_weights(&mut self, weights: Option<super::GameWeights>) {
        self.main.set_weights(weights.clone());
        for h in &mut self.helpers {
            h.set_weights(weights.clone());
        }
    }

    /// Forgets the last game on every thread, which share the main
    /// thread's new table (no search runs: `search` joins its threads).
    pub fn new_game(&mut self) {
        let old = self.main.tt.clone();
        self.main.new_game();
        for h in &mut self.helpers {
            h.tt = self.main.tt.clone();
            h.clear_history();
        }
        tt::release(old);
    }

    /// Searches with every thread; the main thread's result and reports.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut main_pos = pos.clone();
        if self.helpers.is_empty() {
            return self.main.search(&mut main_pos, limits, info);
        }
        for h in &mut self.helpers {
            h.star1 = self.main.star1;
            h.star2 = self.main.star2;
            h.merge_outcomes = self.main.merge_outcomes;
            h.share_horizon = self.main.share_horizon;
            h.chance_tt = self.main.chance_tt;
            h.chance_probcut = self.main.chance_probcut;
            h.dice_piece_pruning = self.main.dice_piece_pruning;
            h.tt_cutoffs = self.main.tt_cutoffs;
            h.reductions = self.main.reductions;
        }
        // Helpers search until the main thread is done.
        let helper_limits = Limits {
            depth: limits.depth,
            infinite: true,
            searchmoves: limits.searchmoves.clone(),
            ..Limits::default()
        };
        self.halt.store(false, Ordering::Relaxed);
        let halt = self.halt.clone();
        let main = &mut self.main;
        std::thread::scope(|s| {
            for h in self.helpers.iter_mut() {
                let mut p = pos.clone();
                let l = &helper_limits;
                s.spawn(move || {
                    h.search(&mut p, l, &mut |_| {});
                });
            }
            let result = main.search(&mut main_pos, limits, info);
            halt.store(true, Ordering::Relaxed);
            result
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tt::{resident_kib, Bound, Entry};
    use super::Pool;
    use std::sync::Arc;

    #[test]
    fn a_new_game_empties_a_large_used_table_without_touching_it() {
        let mib = 1024;
        let mut pool = Pool::new(mib, 2);
        // An entry on every eighth page: an eighth of the table resident.
        let stores = (mib << 20) / 4096 / 8;
        let key = |i: u64| i * (u64::MAX / stores as u64);
        for i in 0..stores as u64 {
            pool.main.tt.store(Entry {
                key: key(i),
                best: 1,
                score: 0,
                depth: 1,
                bound: Bound::Exact,
            });
        }
        pool.main.tt.mark_used();
        let Some(before) = resident_kib() else {
            return; // Not Linux: nothing to measure.
        };
        pool.new_game();
        let after = resident_kib().unwrap_or(u64::MAX);
        // Zeroing the slots in place would make the whole GiB resident.
        // Other tests run in this process at the same time: a generous bound.
        assert!(
            after.saturating_sub(before) < 384 * 1024,
            "{before} KiB -> {after} KiB"
        );
        assert_eq!(pool.main.tt.probe(key(1)), None);
        for h in &pool.helpers {
            assert!(Arc::ptr_eq(&h.tt, &pool.main.tt), "one table for all");
        }
    }
}
