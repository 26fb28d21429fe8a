//! Move ordering: the table's move, the best move of the sibling searched
//! before at a throw, captures by most valuable victim and least valuable
//! attacker (a promotion's gain counted with its victim), two killers per
//! ply, history, then losing captures.

use super::Searcher;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::position::Position;
use std::cmp::Reverse;

impl Searcher {
    /// Sorts `moves` best first, in place; ties keep the order in which
    /// they were generated. The scratch list of each ply is kept between
    /// nodes: no allocation once the search is under way.
    pub(super) fn order(&mut self, pos: &Position, moves: &mut [Move], tt_move: u32, ply: usize) {
        let mut keyed = std::mem::take(&mut self.order_scratch[ply]);
        keyed.clear();
        let values = self.values();
        keyed.extend(moves.iter().enumerate().map(|(i, &m)| {
            let score = self.move_score(pos, m, tt_move, ply, values);
            (Reverse(score), i, m)
        }));
        keyed.sort_unstable_by_key(|&(score, i, _)| (score, i));
        for (slot, &(_, _, m)) in moves.iter_mut().zip(&keyed) {
            *slot = m;
        }
        self.order_scratch[ply] = keyed;
    }

    /// How early `m` is tried: the table's move, the sibling's best,
    /// captures by most valuable victim and least valuable attacker, the
    /// killers, history, then losing captures.
    fn move_score(&self, pos: &Position, m: Move, tt_move: u32, ply: usize, values: &[i32]) -> i32 {
        let value = |kind: usize, default: i32| values.get(kind).copied().unwrap_or(default);
        if m.raw() == tt_move {
            1 << 30
        } else if m.raw() == self.sibling[ply] {
            1 << 29
        } else if !is_quiet(pos, m) {
            let victim = pos
                .piece_at(m.to())
                .map_or(100, |p| value(p.kind() as usize, 100));
            let attacker = pos
                .piece_at(m.from())
                .map_or(0, |p| value(p.kind() as usize, 100));
            // A promotion wins what the new piece is worth over the mover.
            let promotion = m
                .promotion()
                .map_or(0, |k| value(k as usize, 100) - attacker);
            let mvv_lva = (victim + promotion) * 16 - attacker / 16;
            // A capture that loses material goes after the quiet moves.
            match losing_exchange(pos, m, attacker, victim) {
                true => -(1 << 21) + mvv_lva,
                false => (1 << 24) + mvv_lva,
            }
        } else if self.killers[ply][0] == m.raw() {
            1 << 22
        } else if self.killers[ply][1] == m.raw() {
            (1 << 22) - 1
        } else if self.countermove(pos, ply) == m.raw() {
            (1 << 22) - 2
        } else {
            self.history[history_index(pos, m)]
        }
    }

    /// A quiet move that cut: a killer of its ply, and a history bonus;
    /// the quiet moves tried before it, which did not cut, a malus.
    pub(super) fn reward_quiet(
        &mut self,
        pos: &Position,
        m: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != m.raw() {
            k[1] = k[0];
            k[0] = m.raw();
        }
        if let Some(c) = self.countermove_index(pos, ply) {
            self.countermoves[c] = m.raw();
        }
        let bonus = (depth * depth).min(HISTORY_BONUS_MAX);
        self.age_history(history_index(pos, m), bonus);
        for &other in tried {
            self.age_history(history_index(pos, other), -bonus);
        }
    }

    /// The reply that last cut after the previous move (0 for none).
    fn countermove(&self, pos: &Position, ply: usize) -> u32 {
        self.countermove_index(pos, ply)
            .map_or(0, |c| self.countermoves[c])
    }

    /// Where the countermove of the previous move is kept: by the side to
    /// move and that move's squares (none after a null move, at the root).
    fn countermove_index(&self, pos: &Position, ply: usize) -> Option<usize> {
        let previous = Move::from_raw(*self.played.get(ply.checked_sub(1)?)?)?;
        Some(history_index(pos, previous))
    }

    /// Moves a history entry towards the sign of `bonus`, the less the
    /// nearer it already is to its bound: entries never saturate, and
    /// what was learnt long ago fades under what is learnt now.
    fn age_history(&mut self, index: usize, bonus: i32) {
        let h = &mut self.history[index];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

/// History entries stay within plus or minus this (below the killers'
/// scores, above the losing captures').
const HISTORY_MAX: i32 = 1 << 14;
/// A late move's reduction shrinks by a ply for this much history, and
/// grows by one for this much below zero.
pub(super) const HISTORY_PER_PLY: i32 = HISTORY_MAX / 2;
/// The most one cut adds to an entry.
const HISTORY_BONUS_MAX: i32 = 1 << 11;

pub(super) fn history_index(pos: &Position, m: Move) -> usize {
    pos.side_to_move().index() * 128 * 128 + m.from().index() * 128 + m.to().index()
}

/// A plain capture by a piece worth more than its victim, of a victim its
/// side defends: the recapture loses the capturer for the victim (a cheap
/// stand-in for a static exchange evaluation, blind to what stands behind).
pub(super) fn losing_capture(pos: &Position, m: Move, values: &[i32]) -> bool {
    let value = |sq| {
        pos.piece_at(sq)
            .map_or(0, |p| values.get(p.kind() as usize).copied().unwrap_or(100))
    };
    losing_exchange(pos, m, value(m.from()), value(m.to()))
}

/// The same, for a capturer and a victim worth `attacker` and `victim`.
fn losing_exchange(pos: &Position, m: Move, attacker: i32, victim: i32) -> bool {
    m.kind() == MoveKind::Normal
        && m.promotion().is_none()
        && victim > 0
        && attacker > victim + LOSING_MARGIN
        && pos.attacked(m.to(), pos.side_to_move().opposite())
}

/// How much more than its victim a capturer must be worth for the capture
/// of a defended piece to count as losing.
const LOSING_MARGIN: i32 = 50;

/// Captures and promotions are not quiet.
pub(super) fn is_quiet(pos: &Position, m: Move) -> bool {
    m.promotion().is_none()
        && m.kind() != MoveKind::EnPassant
        && pos.piece_at(m.to()).is_none()
        && !(m.kind() == MoveKind::TwoLeg && pos.piece_at(m.extra()).is_some())
}

/// Whether `m` moves a piece whose moves the modes change (its quiet move
/// may still check once the throw gives it a new mode).
pub(super) fn moves_dice_piece(pos: &Position, m: Move) -> bool {
    pos.piece_at(m.from())
        .is_some_and(|p| pos.variant().mode_kinds() >> p.kind() & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::losing_capture;
    use crate::rules::position::Position;
    use crate::rules::variants;
    use crate::search::eval::Evaluator;

    /// Whether the move `text` in the chess position `fen` is a losing capture.
    fn losing(fen: &str, text: &str) -> bool {
        let v = variants::load("chess").expect("chess");
        let values = Evaluator::new(&v).values.clone();
        let pos = Position::from_fen(v, fen).expect("fen");
        let m = pos.parse_move(text).expect("move");
        losing_capture(&pos, m, &values)
    }

    #[test]
    fn a_capture_loses_when_a_dearer_piece_takes_a_defended_one() {
        // The pawn on d5 is defended by the one on e6.
        let defended = "4k3/8/4p3/3p4/8/8/3Q4/3RK3 w - - 0 1";
        assert!(losing(defended, "d2d5"), "the Queen takes a defended pawn");
        let undefended = "4k3/8/8/3p4/8/8/3Q4/3RK3 w - - 0 1";
        assert!(!losing(undefended, "d2d5"), "nothing recaptures");
        let pawn_takes = "4k3/8/4p3/3p4/4P3/8/8/4K3 w - - 0 1";
        assert!(!losing(pawn_takes, "e4d5"), "a pawn for a pawn");
        let queen_for_rook = "4k3/4p3/3r4/8/8/8/3Q4/4K3 w - - 0 1";
        assert!(losing(queen_for_rook, "d2d6"), "a Queen for a Rook");
        let bishop_for_knight = "4k3/4p3/3n4/8/1B6/8/8/4K3 w - - 0 1";
        assert!(!losing(bishop_for_knight, "b4d6"), "within the margin");
    }
}
