//! A set of squares on any board of up to 128 squares, one bit per square.
//!
//! Every board of the mission (8x8, 8x10, a 10x10 grid, up to 12x10) fits in
//! a `u128`; square `i` is bit `i`, with `i = rank * width + file`.

use crate::rules::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        let bit = 1u64 << (sq.0 & 63);
        Bitboard(if sq.0 < 64 {
            bit as u128
        } else {
            (bit as u128) << 64
        })
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Tests one bit through the 64-bit half that holds it: cheaper than a
    /// variable 128-bit shift.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        let half = if sq.0 < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        half >> (sq.0 & 63) & 1 != 0
    }

    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.0;
    }

    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.0);
    }

    /// More than one square.
    #[inline(always)]
    pub const fn several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square; the set must not be empty.
    #[inline(always)]
    pub const fn first(self) -> Square {
        Square(self.0.trailing_zeros() as u8)
    }

    /// The highest square; the set must not be empty.
    #[inline(always)]
    pub const fn last(self) -> Square {
        Square(127 - self.0.leading_zeros() as u8)
    }

    #[inline(always)]
    pub fn pop_first(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.first();
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        self.pop_first()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitboard({:#x})", self.0)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_last_and_iteration() {
        let bb = Bitboard::from_square(Square(3)) | Bitboard::from_square(Square(119));
        assert_eq!(bb.first(), Square(3));
        assert_eq!(bb.last(), Square(119));
        assert!(bb.several());
        assert_eq!(bb.collect::<Vec<_>>(), vec![Square(3), Square(119)]);
        assert!(!Bitboard::from_square(Square(127)).several());
    }
}
