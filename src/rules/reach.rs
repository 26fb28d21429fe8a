//! The squares a piece reaches from a square, for evaluation (mobility,
//! attacks on the king's zone, piece values from how pieces move): the
//! move generator's own tables, asked one piece at a time.

use crate::rules::bitboard::Bitboard;
use crate::rules::piece::{kinds_in, Kind};
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};
use crate::rules::tables::RiderAtom;
use crate::rules::variant::Variant;

impl Variant {
    /// The squares a piece of `kind` on `sq` captures by leaping (no
    /// ride) in the start mode: a pawn's attacks.
    pub fn leap_captures(&self, color: Color, kind: Kind, sq: Square) -> Bitboard {
        self.modes[self.start_mode as usize].pieces[color.index()][kind as usize].capture
            [sq.index()]
    }

    /// What a piece reaches from `sq`: squares it may move to when empty, and
    /// squares it may capture on. Rides stop at the first piece of `occupied`;
    /// lame leaps need their path free of `lame_blockers`; first-move moves
    /// count for an `unmoved` piece; the piece moves as in `mode`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn reach(
        &self,
        color: Color,
        kind: usize,
        sq: Square,
        occupied: Bitboard,
        lame_blockers: Bitboard,
        unmoved: bool,
        mode: usize,
    ) -> (Bitboard, Bitboard) {
        let i = sq.index();
        let t = &self.modes[mode].pieces[color.index()][kind];
        let mut quiet = t.quiet[i];
        let mut capture = t.capture[i];
        if unmoved && t.has_initial_leaps {
            quiet |= t.initial_quiet[i];
            capture |= t.initial_capture[i];
        }
        let mut add = |r: RiderAtom, b: Bitboard| {
            if r.mode.can_move() {
                quiet |= b;
            }
            if r.mode.can_capture() {
                capture |= b;
            }
        };
        // Three plain loops: a chained iterator here cost the evaluation a
        // fifth of its speed.
        for &r in &t.sliders {
            if !r.initial || unmoved {
                add(r, self.rays.slide(r.ray, sq, occupied));
            }
        }
        for &r in &t.riders {
            if !r.initial || unmoved {
                add(r, self.rays.ride(r.ray, sq, occupied));
            }
        }
        for b in &t.bound {
            let r = b.atom;
            if b.from.contains(sq) && (!r.initial || unmoved) {
                let reached = match b.line {
                    true => self.rays.slide(r.ray, sq, occupied),
                    false => self.rays.ride(r.ray, sq, occupied),
                };
                add(r, reached);
            }
        }
        if t.has_lame {
            for l in t.lame[i].iter() {
                if (l.initial && !unmoved) || (l.path & lame_blockers).any() {
                    continue;
                }
                let b = Bitboard::from_square(l.to);
                if l.mode.can_move() {
                    quiet |= b;
                }
                if l.mode.can_capture() {
                    capture |= b;
                }
            }
        }
        (quiet, capture)
    }
}

impl Position {
    /// The pieces that block `kind`'s lame leaps now: every piece, or
    /// (Truffle Hunt's pigs) all but the kinds it may leap over.
    #[inline]
    pub fn lame_blockers(&self, kind: Kind) -> Bitboard {
        let passable = self.variant.lame_passable[kind as usize];
        let occ = self.occupied();
        if passable == 0 {
            occ
        } else {
            occ & !self.pieces_of_both(passable)
        }
    }

    /// Whether `color`'s mode could matter before its next throw: it has
    /// a piece of a kind the modes change, or a piece that might promote
    /// within two plies (two of its own steps, to be safe).
    pub fn mode_may_matter(&self, color: Color) -> bool {
        let pos = self;
        let v = &*self.variant;
        if pos.pieces_of_kinds(color, v.mode_kinds).any() {
            return true;
        }
        // A mode that forbids castling, two-steps or en passant matters
        // while any of those may still come.
        if v.mode_permissions
            && (pos.castle_rooks.any() || (pos.unmoved & pos.pieces_of_both(v.two_leg_kinds)).any())
        {
            return true;
        }
        let c = color.index();
        let zone = v.promotion_zone[c];
        for kind in kinds_in(v.promoters) {
            let pieces = pos.pieces(color, kind);
            if pieces.is_empty() {
                continue;
            }
            let kind = kind as usize;
            let Some(t) = pos.mode_tables(color).pieces[c].get(kind) else {
                return true;
            };
            if !t.riders.is_empty() || !t.sliders.is_empty() || !t.bound.is_empty() || t.has_lame {
                return true;
            }
            let legs = v.two_legs[c].get(kind).and_then(|l| l.as_ref());
            let step = |sq: Square| {
                let i = sq.index();
                let mut r = t.quiet[i] | t.capture[i] | t.initial_quiet[i] | t.initial_capture[i];
                if let Some(l) = legs {
                    r |= l.quiet[i] | l.capture[i];
                }
                r
            };
            for sq in pieces {
                let one = step(sq);
                let mut two = one;
                for x in one {
                    two |= step(x);
                }
                if (two & zone).any() {
                    return true;
                }
            }
        }
        false
    }
}
