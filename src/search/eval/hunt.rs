//! Hunting games (hunters find counters on squares, a side's store pays
//! to wake its sleeping pieces): a sleeping piece is worth its woken value
//! discounted by the time its cost takes to find; a counter in store is
//! worth a share of the best waking it pays toward (so that waking pays);
//! a hunter that can reach a square with counters is worth a share of the
//! counter it may keep.

use crate::rules::action::Find;
use crate::rules::bitboard::Bitboard;
use crate::rules::piece::{kinds_in, Kind};
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use crate::rules::variant::Variant;

/// The horizon, in moves, over which a wait discounts a sleeping piece:
/// it is worth `awake / (1 + moves to pay for it / HORIZON)`.
pub const HORIZON: f64 = 16.0;
/// Share of a keep's value for a hunter that can reach counters next move.
pub const REACH_SHARE: f64 = 1.0;
/// Share of its waking value a counter in store is worth. At 1 a waking at
/// best left the score as it was and the engine hoarded (Mining: both
/// stores at 5 for 100 moves, nothing woken); at 0.6 (100 ms against depth
/// 1, 50 games, seed 17) Mining went from 84% to 96%, and Truffle Hunt
/// against the 1.0 build at 100 ms scored 51/0/49 (100 games, seed 18).
pub const STORE_SHARE: f64 = 0.6;

pub struct HuntTerms {
    /// Per kind: the chance that a throw of this hunter keeps a counter.
    keep: Vec<f64>,
    hunter_kinds: u32,
    /// Per sleeping kind (not royal): (what waking gains, its cost).
    pub(super) wake: Vec<Option<(i32, u8)>>,
    store_max: u8,
}

impl HuntTerms {
    /// The terms, and the sleeping kinds' values set in `values` (from the
    /// woken kinds' values).
    pub fn new(v: &Variant, values: &mut [f64]) -> Option<HuntTerms> {
        if v.hunter_kinds() == 0 {
            return None;
        }
        let keep: Vec<f64> = (0..v.kind_count())
            .map(|k| v.find_chance(k as Kind, Find::Keep))
            .collect();
        let best = keep.iter().copied().fold(0.0, f64::max);
        let moves_per_counter = if best > 0.0 { 1.0 / best } else { 1e6 };
        let mut wake = vec![None; v.kind_count()];
        for k in 0..v.kind_count() {
            let Some((awake, cost)) = v.wake(k as Kind) else {
                continue;
            };
            if v.royal_kinds() >> k & 1 != 0 {
                continue;
            }
            let full = values[awake as usize];
            let asleep = full / (1.0 + cost as f64 * moves_per_counter / HORIZON);
            values[k] = asleep;
            wake[k] = Some(((full - asleep).round() as i32, cost));
        }
        Some(HuntTerms {
            keep,
            hunter_kinds: v.hunter_kinds(),
            wake,
            store_max: v.store_max(),
        })
    }

    /// What one counter in `color`'s store is worth: the best gain per
    /// counter of waking one of its sleeping pieces, on the board or in
    /// reserve (nothing when there are none).
    pub(super) fn counter_value(&self, pos: &Position, color: Color) -> f64 {
        let mut best = 0.0f64;
        for (k, w) in self.wake.iter().enumerate() {
            let Some((gain, cost)) = *w else { continue };
            let k = k as Kind;
            if pos.pieces(color, k).any() || pos.in_hand(color, k) > 0 {
                best = best.max(gain as f64 / cost.max(1) as f64);
            }
        }
        best
    }

    /// The hunting terms for `color`.
    pub fn evaluate(&self, pos: &Position, color: Color) -> i32 {
        let rate = self.counter_value(pos, color);
        if rate <= 0.0 {
            return 0;
        }
        let store = pos.store(color);
        let mut score = store as f64 * rate * STORE_SHARE;
        if store >= self.store_max {
            return score as i32;
        }
        let v = &**pos.variant();
        // A throw pending for this side's hunter.
        if let Pending::Find(sq) = pos.pending() {
            if color == pos.side_to_move().opposite() && pos.counter_at(sq) > 0 {
                let k = pos.piece_at(sq).map(|p| p.kind() as usize).unwrap_or(0);
                score += self.keep.get(k).copied().unwrap_or(0.0) * rate;
            }
        }
        // Hunters that can reach counters with their next move.
        let occ = pos.occupied();
        let landing = !pos.ours(color);
        for kind in kinds_in(self.hunter_kinds) {
            let k = kind as usize;
            let hunters = pos.pieces(color, kind);
            let blockers = pos.lame_blockers(kind);
            for sq in hunters {
                let (q, x) = v.reach(color, k, sq, occ, blockers, false, pos.mode(color));
                let targets = ((q & !occ) | (x & pos.ours(color.opposite()))) & landing;
                if has_counters(pos, targets) {
                    score += REACH_SHARE * self.keep[k] * rate;
                }
            }
        }
        score as i32
    }
}

fn has_counters(pos: &Position, squares: Bitboard) -> bool {
    Iterator::any(&mut { squares }, |sq| pos.counter_at(sq) > 0)
}
