//! A move packed in 32 bits, and a fixed-capacity list of moves.
//!
//! Layout: bits 0-6 from, 7-13 to, 14-17 kind, 18-22 promotion kind + 1
//! (0 = none), 23-29 an extra square (the captured pawn of an en passant,
//! the rook of a castling). A drop stores the dropped kind in `from`.

use crate::rules::piece::Kind;
use crate::rules::square::Square;
use std::mem::MaybeUninit;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    /// An initial two-square step that may be taken en passant.
    DoubleStep = 1,
    EnPassant = 2,
    Castle = 3,
    Drop = 4,
    /// A two-leg first move (the Eurofighter pawn's); `extra` is the square
    /// between the legs.
    TwoLeg = 5,
}

impl MoveKind {
    const ALL: [MoveKind; 8] = [
        MoveKind::Normal,
        MoveKind::DoubleStep,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::Drop,
        MoveKind::TwoLeg,
        MoveKind::Normal,
        MoveKind::Normal,
    ];
}

#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.0 as u32 | (to.0 as u32) << 7 | (kind as u32) << 14)
    }

    #[inline(always)]
    pub const fn with_promotion(self, kind: Kind) -> Move {
        Move(self.0 | (kind as u32 + 1) << 18)
    }

    #[inline(always)]
    pub const fn with_extra(self, sq: Square) -> Move {
        Move(self.0 | (sq.0 as u32) << 23)
    }

    pub const fn drop(kind: Kind, to: Square) -> Move {
        Move(kind as u32 | (to.0 as u32) << 7 | (MoveKind::Drop as u32) << 14)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square((self.0 & 0x7f) as u8)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square((self.0 >> 7 & 0x7f) as u8)
    }

    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0 >> 14 & 0x7) as usize]
    }

    #[inline(always)]
    pub const fn promotion(self) -> Option<Kind> {
        let p = (self.0 >> 18 & 0x1f) as u8;
        if p == 0 {
            None
        } else {
            Some(p - 1)
        }
    }

    #[inline(always)]
    pub const fn extra(self) -> Square {
        Square((self.0 >> 23 & 0x7f) as u8)
    }

    /// The dropped kind of a drop.
    #[inline(always)]
    pub const fn drop_kind(self) -> Kind {
        (self.0 & 0x7f) as Kind
    }

    pub const fn raw(self) -> u32 {
        self.0
    }

    /// The move whose `raw` value this is; `None` for 0, which the search
    /// keeps for "no move" (a1 to a1 is never a move).
    pub const fn from_raw(raw: u32) -> Option<Move> {
        match raw {
            0 => None,
            r => Some(Move(r)),
        }
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Move({}->{} {:?} promo {:?})",
            self.from().0,
            self.to().0,
            self.kind(),
            self.promotion()
        )
    }
}

/// Room for any position of our games (the record in chess is 218; a
/// Wolf Chess board full of Elephants or Pawn Eaters' teleporting rooks go
/// further). The storage is not initialised, so size costs nothing.
pub const MAX_MOVES: usize = 1024;

/// A stack-allocated list of moves. Its storage is left uninitialised:
/// filling 2 KiB with zeros at every node of a search costs more than
/// generating the moves.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`, and
        // `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl std::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_unpacks() {
        let m = Move::new(Square(119), Square(7), MoveKind::EnPassant)
            .with_promotion(23)
            .with_extra(Square(100));
        assert_eq!(m.from(), Square(119));
        assert_eq!(m.to(), Square(7));
        assert_eq!(m.kind(), MoveKind::EnPassant);
        assert_eq!(m.promotion(), Some(23));
        assert_eq!(m.extra(), Square(100));
        let d = Move::drop(5, Square(3));
        assert_eq!(d.kind(), MoveKind::Drop);
        assert_eq!(d.drop_kind(), 5);
        assert_eq!(d.promotion(), None);
    }
}
