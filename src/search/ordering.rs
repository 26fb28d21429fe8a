//! Move ordering: the table's move, the best move of the sibling searched
//! before at a throw, captures by most valuable victim and least valuable
//! attacker, two killers per ply, then history.

use super::Searcher;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::position::Position;

impl Searcher {
    /// The moves, best first.
    pub(super) fn order(
        &self,
        pos: &Position,
        moves: &[Move],
        tt_move: u32,
        ply: usize,
    ) -> Vec<Move> {
        let values: &[i32] = self
            .eval
            .as_ref()
            .map(|(_, e)| &e.values[..])
            .unwrap_or(&[]);
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let score = if m.raw() == tt_move {
                    1 << 30
                } else if m.raw() == self.sibling[ply] {
                    1 << 29
                } else if !is_quiet(pos, m) {
                    let victim = pos
                        .piece_at(m.to())
                        .map(|p| values.get(p.kind() as usize).copied().unwrap_or(100))
                        .unwrap_or(100);
                    let attacker = pos
                        .piece_at(m.from())
                        .map(|p| values.get(p.kind() as usize).copied().unwrap_or(100))
                        .unwrap_or(0);
                    (1 << 24) + victim * 16 - attacker / 16
                } else if self.killers[ply][0] == m.raw() {
                    1 << 22
                } else if self.killers[ply][1] == m.raw() {
                    (1 << 22) - 1
                } else {
                    self.history[history_index(pos, m)]
                };
                (score, m)
            })
            .collect();
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        scored.into_iter().map(|(_, m)| m).collect()
    }

    /// A quiet move that cut: a killer of its ply, and history.
    pub(super) fn reward_quiet(&mut self, pos: &Position, m: Move, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != m.raw() {
            k[1] = k[0];
            k[0] = m.raw();
        }
        let h = history_index(pos, m);
        self.history[h] = (self.history[h] + depth * depth).min(1 << 20);
    }
}

pub(super) fn history_index(pos: &Position, m: Move) -> usize {
    pos.side_to_move().index() * 128 * 128 + m.from().index() * 128 + m.to().index()
}

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
