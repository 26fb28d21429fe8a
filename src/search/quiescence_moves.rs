//! Which moves the quiescence search passes over, as strong engines bound
//! it: out of check, quiet moves, underpromotions, captures and promotions
//! that cannot lift the score to alpha (delta pruning) and those that lose
//! material; in check, once an evasion that is not mated is known, the
//! quiet evasions after the first and the losing captures.

use super::ordering::{is_quiet, losing_capture};
use super::{Searcher, DELTA_MARGIN, MATE_BOUND};
use crate::rules::bitboard::Bitboard;
use crate::rules::moves::Move;
use crate::rules::position::Position;

/// A quiescence node's state as its moves are tried.
pub(super) struct QuietNode {
    pub in_check: bool,
    /// The best value so far (the stand-pat score out of check).
    pub best: i32,
    pub alpha: i32,
    /// Quiet evasions searched so far.
    pub quiet_evasions: u32,
}

impl Searcher {
    /// Whether the quiescence search skips `m`, one of `moves`.
    pub(super) fn quiescence_skips(
        &self,
        pos: &Position,
        m: Move,
        moves: &[Move],
        node: &QuietNode,
    ) -> bool {
        if node.in_check {
            return self.skips_evasion(pos, m, node);
        }
        if is_quiet(pos, m) || self.underpromotion(m, moves) {
            return true;
        }
        if !self.reductions {
            return false;
        }
        // Delta pruning: even with a margin, the gain cannot reach alpha.
        if node.best + self.material_gain(pos, m) + DELTA_MARGIN <= node.alpha {
            return true;
        }
        losing_capture(pos, m, self.values()) || self.losing_promotion(pos, m)
    }

    /// In check: with an evasion that escapes the mate in hand, one quiet
    /// evasion is enough, and captures that lose material are not tried.
    fn skips_evasion(&self, pos: &Position, m: Move, node: &QuietNode) -> bool {
        if !self.reductions || node.best <= -MATE_BOUND {
            return false;
        }
        match is_quiet(pos, m) {
            true => node.quiet_evasions >= 1,
            false => losing_capture(pos, m, self.values()),
        }
    }

    /// A promotion to a piece worth less than another promotion of the
    /// same move (the better piece does all it could, bar a knight's
    /// check, which the full-width search finds).
    fn underpromotion(&self, m: Move, moves: &[Move]) -> bool {
        let Some(kind) = m.promotion() else {
            return false;
        };
        let value = self.piece_value(kind);
        moves.iter().any(|o| {
            o.from() == m.from()
                && o.to() == m.to()
                && o.promotion().is_some_and(|k| self.piece_value(k) > value)
        })
    }

    /// What `m` wins at once: its victim, and what the promoted piece is
    /// worth more than the one that moved.
    pub(super) fn material_gain(&self, pos: &Position, m: Move) -> i32 {
        let victim = pos
            .piece_at(m.to())
            .map_or(0, |p| self.piece_value(p.kind()));
        let promotion = match (m.promotion(), pos.piece_at(m.from())) {
            (Some(kind), Some(mover)) => self.piece_value(kind) - self.piece_value(mover.kind()),
            _ => 0,
        };
        victim + promotion
    }

    /// A promotion onto a square the opponent attacks and the mover does
    /// not otherwise defend, taking less than the piece that promotes: the
    /// new piece is taken for nothing.
    fn losing_promotion(&self, pos: &Position, m: Move) -> bool {
        let (Some(_), Some(mover)) = (m.promotion(), pos.piece_at(m.from())) else {
            return false;
        };
        let victim = pos
            .piece_at(m.to())
            .map_or(0, |p| self.piece_value(p.kind()));
        let us = pos.side_to_move();
        let moving = Bitboard::from_square(m.from());
        let defended = pos.attacked_with(m.to(), us, pos.occupied() & !moving, moving);
        victim < self.piece_value(mover.kind()) && pos.attacked(m.to(), us.opposite()) && !defended
    }
}
