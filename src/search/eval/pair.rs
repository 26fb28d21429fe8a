//! The pair: two pieces of a kind bound to one square colour, one on each
//! colour, reach every square between them (the bishop pair), and are worth
//! more together than their values apart.

use super::values;
use crate::rules::bitboard::Bitboard;
use crate::rules::piece::{kinds_in, Kind};
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::variant::Variant;

pub struct PairTerms {
    /// Centipawns a side's pair is worth (`Term::Pair`).
    weight: i32,
    /// The kinds bound to one square colour (not pawn-like).
    kinds: u32,
    /// The squares of one colour.
    light: Bitboard,
}

impl PairTerms {
    /// The term for `v`; none without a weight or a colour-bound kind.
    pub fn new(v: &Variant, weight: i32) -> Option<PairTerms> {
        let kinds = (0..v.kind_count())
            .filter(|&k| v.colour_bound(k as Kind) && !values::pawn_like(v, k))
            .fold(0u32, |m, k| m | 1 << k);
        if weight == 0 || kinds == 0 {
            return None;
        }
        let g = v.geometry();
        let light = g
            .squares()
            .filter(|&sq| (g.file_of(sq) + g.rank_of(sq)) % 2 == 1)
            .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq));
        Some(PairTerms {
            weight,
            kinds,
            light,
        })
    }

    /// `color`'s pairs: a kind with pieces on both square colours.
    pub fn evaluate(&self, pos: &Position, color: Color) -> i32 {
        let pairs = kinds_in(self.kinds)
            .map(|k| pos.pieces(color, k))
            .filter(|&p| (p & self.light).any() && (p & !self.light).any())
            .count();
        self.weight * pairs as i32
    }
}
