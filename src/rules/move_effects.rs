//! The parts of a move's effect on the position, as `Position::make_move`
//! plays them: what it captures (and where a captured piece goes), where
//! its piece lands (promoted or not), the castling rook, a drop from hand,
//! the en passant chance it leaves, the first-move privileges and castling
//! rights it ends, and what the dice games make due after it.
//!
//! Every part keeps the hash in a running value (`MoveEffects::hash`),
//! stored once at the end of the move. The parts on the hot path are
//! `#[inline(always)]` (`capture_fate`, taken on captures only, is left to
//! the compiler as before): inlined, they compile to what one long
//! `make_move` did (about the same code size and instructions per node).

use crate::rules::bitboard::Bitboard;
use crate::rules::def::TwoSteps;
use crate::rules::kind_info::CaptureFate;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::piece::{Kind, Piece};
use crate::rules::position::{pending_key, Pending, Position, Undo};
use crate::rules::square::{Color, Square};
use crate::rules::zobrist::{keys, Keys, MAX_IN_HAND};

/// What a move has changed so far that is settled only when it ends.
pub(in crate::rules) struct MoveEffects {
    /// The side moving (read once: `self.side` changes only at the end).
    mover: Color,
    /// The Zobrist keys, fetched once: each `keys()` is an atomic check.
    keys: &'static Keys,
    /// The position's hash as the move has changed it so far.
    pub(in crate::rules) hash: u64,
    /// Squares a piece left, entered or was taken from: their first-move
    /// privileges and castling rights end.
    touched: Bitboard,
    /// Castling rights (rook squares) lost otherwise: the king moved.
    rights_lost: Bitboard,
}

impl Position {
    /// Starts a move from `from` to `to`: the other side's turn in the
    /// hash, the en passant chance gone (it lasts one move), the halfmove
    /// clock ticking (a capture or a clock resetter sets it back to 0).
    #[inline(always)]
    pub(in crate::rules) fn begin_move(&mut self, from: Square, to: Square) -> MoveEffects {
        let keys = keys();
        let mut hash = self.hash ^ keys.black_to_move;
        if let Some(ep) = self.ep.take() {
            hash ^= ep.key();
        }
        self.halfmove += 1;
        MoveEffects {
            mover: self.side,
            keys,
            hash,
            touched: Bitboard::from_square(from) | Bitboard::from_square(to),
            rights_lost: Bitboard::EMPTY,
        }
    }

    /// A plain move from one square to another, a double step or an en
    /// passant capture: captures, lands (maybe promoted), ends a king's
    /// castling rights, a double step leaves an en passant chance.
    #[inline(always)]
    pub(in crate::rules) fn play_step(&mut self, m: Move, undo: &mut Undo, fx: &mut MoveEffects) {
        let (from, to) = (m.from(), m.to());
        let victim_sq = if m.kind() == MoveKind::EnPassant {
            m.extra()
        } else {
            to
        };
        let captured = self.capture_on(victim_sq, fx);
        if !captured.is_none() {
            undo.captured = captured;
            // The fate depends on the capturer, still on `from`.
            undo.hand_gain = self.capture_fate(captured, self.board[from.index()], fx);
        }
        let moved = self.move_piece(from, to, m.promotion(), fx);
        undo.moved = moved;
        if self.variant.royal_kinds >> moved.kind() & 1 != 0 {
            fx.rights_lost |= self.castling_rooks(fx.mover);
        }
        if m.kind() == MoveKind::DoubleStep {
            self.offer_en_passant(from, m.extra(), to, TwoSteps::QUIET_QUIET, fx);
        }
    }

    /// A two-leg move (from over `extra` to `to`), each leg maybe a
    /// capture: no capture fates, no promotion; the en passant chance of a
    /// two-step when its piece is a victim kind.
    #[inline(always)]
    pub(in crate::rules) fn play_two_leg(
        &mut self,
        m: Move,
        undo: &mut Undo,
        fx: &mut MoveEffects,
    ) {
        let (from, mid, to) = (m.from(), m.extra(), m.to());
        // The first leg's victim first, as the legs are played.
        undo.captured_first = self.capture_on(mid, fx);
        undo.captured = self.capture_on(to, fx);
        let moved = self.move_piece(from, to, None, fx);
        undo.moved = moved;
        if self.variant.ep_victims >> moved.kind() & 1 != 0 {
            let legs = TwoSteps::of(!undo.captured_first.is_none(), !undo.captured.is_none());
            self.offer_en_passant(from, mid, to, legs, fx);
        }
    }

    /// Castling (the rook's square in `extra`): king and rook to their
    /// squares, every castling right of the side gone.
    #[inline(always)]
    pub(in crate::rules) fn play_castle(&mut self, m: Move, undo: &mut Undo, fx: &mut MoveEffects) {
        let (from, rook_from, to) = (m.from(), m.extra(), m.to());
        let us = fx.mover;
        // Copied out: the variant's list is borrowed while the board changes.
        let castling = self.variant.castling[us.index()]
            .iter()
            .find(|c| c.rook_from == rook_from && c.king_to == to)
            .cloned();
        let Some(c) = castling else {
            return;
        };
        let king = self.take(from);
        let rook = self.take(rook_from);
        self.put(c.king_to, king);
        self.put(c.rook_to, rook);
        let ps = &fx.keys.piece_square;
        fx.hash ^= ps[king.index()][from.index()]
            ^ ps[king.index()][c.king_to.index()]
            ^ ps[rook.index()][rook_from.index()]
            ^ ps[rook.index()][c.rook_to.index()];
        undo.moved = king;
        fx.touched.insert(rook_from);
        fx.touched.insert(c.rook_to);
        fx.rights_lost |= self.castling_rooks(us);
    }

    /// A drop from hand on `to`: touches no privilege, resets the clock.
    #[inline(always)]
    pub(in crate::rules) fn play_drop(&mut self, m: Move, undo: &mut Undo, fx: &mut MoveEffects) {
        let (us, kind, to) = (fx.mover, m.drop_kind(), m.to());
        let n = self.hands[us.index()][kind as usize];
        self.set_in_hand(us, kind, n.saturating_sub(1), fx);
        let p = Piece::new(us, kind);
        self.put(to, p);
        fx.hash ^= fx.keys.piece_square[p.index()][to.index()];
        undo.moved = p;
        // A drop's square held no piece and keeps no privilege.
        fx.touched = Bitboard::EMPTY;
        self.halfmove = 0;
    }

    /// Takes the piece on `sq`, if any (returns it, or `Piece::NONE`): a
    /// capture resets the halfmove clock and ends the square's privileges.
    #[inline(always)]
    fn capture_on(&mut self, sq: Square, fx: &mut MoveEffects) -> Piece {
        let victim = self.board[sq.index()];
        if !victim.is_none() {
            self.take(sq);
            fx.hash ^= fx.keys.piece_square[victim.index()][sq.index()];
            fx.touched.insert(sq);
            self.halfmove = 0;
        }
        victim
    }

    /// Moves the piece on `from` to `to`, as `promotion` if given; returns
    /// it as it was. Resets the clock for a clock resetter (a pawn).
    #[inline(always)]
    fn move_piece(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<Kind>,
        fx: &mut MoveEffects,
    ) -> Piece {
        let moved = self.take(from);
        let placed = match promotion {
            Some(kind) => Piece::new(fx.mover, kind),
            None => moved,
        };
        self.put(to, placed);
        let ps = &fx.keys.piece_square;
        fx.hash ^= ps[moved.index()][from.index()] ^ ps[placed.index()][to.index()];
        if self.variant.clock_resetters >> moved.kind() & 1 != 0 {
            self.halfmove = 0;
        }
        moved
    }

    /// Keeps the en passant chance a two-step leaves only when the other
    /// side could take it, so that equal positions hash equally.
    #[inline(always)]
    fn offer_en_passant(
        &mut self,
        from: Square,
        mid: Square,
        to: Square,
        legs: TwoSteps,
        fx: &mut MoveEffects,
    ) {
        let ep = self.two_step_ep(from, mid, to, legs);
        if self.ep_capture_possible(ep, fx.mover.opposite()) {
            fx.hash ^= ep.key();
            self.ep = Some(ep);
        }
    }

    /// The rook squares of every castling of `color`.
    #[inline(always)]
    fn castling_rooks(&self, color: Color) -> Bitboard {
        let mut rooks = Bitboard::EMPTY;
        for c in &self.variant.castling[color.index()] {
            rooks.insert(c.rook_from);
        }
        rooks
    }

    /// Sets `color`'s count of `kind` in hand to `n`, keeping the hash.
    #[inline(always)]
    fn set_in_hand(&mut self, color: Color, kind: Kind, n: u8, fx: &mut MoveEffects) {
        let key = &fx.keys.hand[color.index()][kind as usize];
        let hand = &mut self.hands[color.index()][kind as usize];
        fx.hash ^= key[(*hand as usize).min(MAX_IN_HAND)] ^ key[(n as usize).min(MAX_IN_HAND)];
        *hand = n;
    }

    /// Where a captured piece goes, as its table says (`PieceDef::captured`:
    /// Truffle Hunt's pigs to the capturer's hand, its awake pieces taken
    /// by a pig back to their owner asleep); out of the game by default.
    /// Returns the hand gain.
    fn capture_fate(
        &mut self,
        victim: Piece,
        capturer: Piece,
        fx: &mut MoveEffects,
    ) -> Option<(Color, Kind)> {
        let fates = &self.variant.kinds[victim.kind() as usize].fates;
        let fate = fates
            .iter()
            .find(|(by, _)| by >> capturer.kind() & 1 != 0)
            .map_or(CaptureFate::Gone, |&(_, f)| f);
        let gain = match fate {
            CaptureFate::Gone => return None,
            CaptureFate::CapturersHand => (capturer.color(), victim.kind()),
            CaptureFate::OwnersHand(kind) => (victim.color(), kind),
            CaptureFate::CapturersHandAs(kind) => (capturer.color(), kind),
        };
        let (c, kind) = gain;
        let n = self.hands[c.index()][kind as usize];
        self.set_in_hand(c, kind, n.saturating_add(1), fx);
        Some(gain)
    }

    /// Ends the first-move privileges of the squares the move touched, and
    /// the castling rights of those squares and of a king that moved.
    #[inline(always)]
    pub(in crate::rules) fn end_privileges(&mut self, fx: &mut MoveEffects) {
        let k = fx.keys;
        for sq in self.unmoved & fx.touched {
            fx.hash ^= k.unmoved[sq.index()];
        }
        self.unmoved &= !fx.touched;
        let lost = fx.rights_lost | fx.touched;
        for sq in self.castle_rooks & lost {
            fx.hash ^= k.castling[sq.index()];
        }
        self.castle_rooks &= !lost;
    }

    /// Hands the turn to the other side (the move number counts Black's
    /// moves).
    #[inline(always)]
    pub(in crate::rules) fn pass_turn(&mut self) {
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opposite();
    }

    /// What the dice games make due after `m` (none when the position is
    /// frozen): the mover throws the dice before the opponent moves; in a
    /// hunt, a hunter ending on counters throws for one, else the mover
    /// may wake pieces.
    #[inline(always)]
    pub(in crate::rules) fn pend_after_move(&mut self, m: Move, fx: &mut MoveEffects) {
        if self.frozen {
            return;
        }
        if self.variant.chance.is_some() {
            self.set_pending_in(Pending::Roll, fx);
        }
        if let Some(t) = &self.variant.hunt {
            let to = m.to();
            let moved = self.board[to.index()];
            let next = if m.kind() != MoveKind::Drop
                && t.hunter_kinds >> moved.kind() & 1 != 0
                && self.food[to.index()] > 0
            {
                Pending::Find(to)
            } else if self.can_activate(fx.mover) {
                Pending::Activate
            } else {
                Pending::Nothing
            };
            self.set_pending_in(next, fx);
        }
    }

    /// Makes `p` pending, keeping the move's running hash.
    #[inline(always)]
    fn set_pending_in(&mut self, p: Pending, fx: &mut MoveEffects) {
        fx.hash ^= pending_key(self.pending) ^ pending_key(p);
        self.pending = p;
    }
}
