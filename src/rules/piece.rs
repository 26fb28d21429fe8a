//! Piece kinds and coloured pieces as stored on the board.

use crate::rules::square::Color;

/// Index of a piece kind in its variant's piece table.
pub type Kind = u8;

/// Most piece kinds a variant may have (bit masks of kinds are `u32`).
pub const MAX_KINDS: usize = 24;

/// The kinds of a set (a bit mask), lowest first.
#[inline(always)]
pub fn kinds_in(set: u32) -> KindsIn {
    KindsIn(set)
}

/// The kinds of a set, lowest first: one step per kind in the set (the
/// evaluation and make_move walk these sets at every node).
#[derive(Clone, Copy, Debug)]
pub struct KindsIn(u32);

impl Iterator for KindsIn {
    type Item = Kind;

    #[inline(always)]
    fn next(&mut self) -> Option<Kind> {
        if self.0 == 0 {
            return None;
        }
        let k = self.0.trailing_zeros() as Kind;
        self.0 &= self.0 - 1;
        Some(k)
    }
}

/// A coloured piece, or nothing: 0 is an empty square, else
/// `1 + kind * 2 + colour`, so the mailbox is one byte a square.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Piece(pub u8);

impl Piece {
    pub const NONE: Piece = Piece(0);
    pub const CODES: usize = 1 + MAX_KINDS * 2;

    #[inline(always)]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece(1 + kind * 2 + color as u8)
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn kind(self) -> Kind {
        (self.0 - 1) >> 1
    }

    #[inline(always)]
    pub const fn color(self) -> Color {
        if (self.0 - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
