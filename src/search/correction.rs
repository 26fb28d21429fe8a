//! Correction history: how far the search has found the static evaluation
//! off, learnt per side to move and pawn structure, and added to the
//! evaluation that the pruning reads. The evaluation misjudges some pawn
//! structures the same way in every position that has them (a storm
//! against the king, a blocked centre); once the search has seen that
//! below a few nodes, reverse futility, futility, the null move and the
//! quiescence search's stand-pat stop trusting the raw figure there.

use crate::rules::position::Position;
use crate::rules::square::Color;

/// Entries per side (a power of two).
const SIZE: usize = 1 << 14;
/// An entry holds centipawns times this, so small steps add up.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const MAX_CORRECTION: i32 = 300;
/// Out of 256: how much of the gap one search of depth `d` moves the entry
/// (`d + 1`, up to this).
const MAX_WEIGHT: i32 = 16;

pub(super) struct CorrectionHistory {
    entries: Vec<i32>,
}

impl CorrectionHistory {
    pub(super) fn new() -> CorrectionHistory {
        CorrectionHistory {
            entries: vec![0; 2 * SIZE],
        }
    }

    pub(super) fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = 0);
    }

    /// The correction for `pos`, in centipawns.
    pub(super) fn correction(&self, pos: &Position, pawn_kinds: u32) -> i32 {
        self.entries[index(pos, pawn_kinds)] / GRAIN
    }

    /// Moves the entry of `pos` toward the gap between what a search of
    /// `depth` found and the raw evaluation.
    pub(super) fn learn(&mut self, pos: &Position, pawn_kinds: u32, gap: i32, depth: i32) {
        let weight = (depth + 1).min(MAX_WEIGHT);
        let target = gap.clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let e = &mut self.entries[index(pos, pawn_kinds)];
        *e = (*e * (256 - weight) + target * weight) / 256;
    }
}

/// The entry of the side to move and the pawns of both sides.
fn index(pos: &Position, pawn_kinds: u32) -> usize {
    let white = pos.pieces_of_kinds(Color::White, pawn_kinds).0;
    let black = pos.pieces_of_kinds(Color::Black, pawn_kinds).0;
    let key = mix(white) ^ mix(black.rotate_left(64)).rotate_left(17);
    let side = pos.side_to_move().index();
    side * SIZE + (key as usize & (SIZE - 1))
}

/// A 128-bit set of squares folded to 64 well-spread bits.
fn mix(bits: u128) -> u64 {
    let x = (bits as u64) ^ ((bits >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let x = (x ^ (x >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    #[test]
    fn a_structure_learns_toward_the_gap_and_others_stay_apart() {
        let chess = variants::load("chess").unwrap();
        let pawns = chess.promoters();
        let start = Position::startpos(chess.clone());
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let moved = Position::from_fen(chess.clone(), e4).unwrap();
        let white_to_move = e4.replace(" b ", " w ");
        let same_pawns = Position::from_fen(chess, &white_to_move).unwrap();
        let mut h = CorrectionHistory::new();
        for _ in 0..200 {
            h.learn(&start, pawns, 80, 10);
        }
        let c = h.correction(&start, pawns);
        assert!((70..=80).contains(&c), "converges toward the gap: {c}");
        assert_eq!(h.correction(&moved, pawns), 0, "another structure");
        h.learn(&same_pawns, pawns, -50, 10);
        assert!(h.correction(&same_pawns, pawns) < 0, "its own entry");
        assert_eq!(h.correction(&moved, pawns), 0, "the other side's apart");
        h.learn(&start, pawns, 5000, 40);
        assert!(h.correction(&start, pawns) <= MAX_CORRECTION);
        h.clear();
        assert_eq!(h.correction(&start, pawns), 0);
    }
}
