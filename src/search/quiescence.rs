//! The quiescence search: past the horizon, captures and promotions only
//! (every move when in check, for six plies), standing pat on the
//! evaluation; delta pruning and losing captures skipped.

use super::ordering::{is_quiet, losing_capture};
use super::{Searcher, Value, DELTA_MARGIN, INFINITY, MAX_PLY};
use crate::rules::moves::MoveList;
use crate::rules::position::{Pending, Position};

impl Searcher {
    /// The value of `pos` for its side to move, from captures and
    /// promotions; `qply` plies into the quiescence search.
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> Value {
        self.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        if pos.pending() != Pending::Nothing || ply >= MAX_PLY - 2 {
            // The throw is not resolved here: the evaluation stands.
            return Some(self.evaluate(pos));
        }
        if pos.extinct() {
            return Some(self.terminal(pos, ply));
        }
        // Out of check the side to move may stand pat: the value is at
        // least the evaluation (a stalemate is not looked for here, so the
        // evaluation is a true lower bound, which Star2's probes rely on).
        let in_check = pos.in_check() && qply < 6;
        let mut best = -INFINITY;
        if !in_check {
            let stand = self.evaluate(pos);
            if stand >= beta {
                return Some(stand);
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        // Out of check only captures and promotions are searched, so only
        // those are generated (sparing the quiet moves' legality tests).
        let mut moves = MoveList::new();
        if in_check {
            pos.generate(&mut moves);
        } else {
            pos.generate_tactical(&mut moves);
        }
        if moves.is_empty() && in_check {
            return Some(self.terminal(pos, ply));
        }
        self.order(pos, &mut moves, 0, ply.min(MAX_PLY - 1));
        let ordered = &moves;
        for &m in ordered.iter() {
            if !in_check && is_quiet(pos, m) {
                continue;
            }
            // Delta pruning: a capture that cannot lift the score to alpha
            // even with a margin is not searched.
            if self.reductions && !in_check && m.promotion().is_none() {
                if let Some(victim) = pos.piece_at(m.to()) {
                    let gain = self.piece_value(victim.kind());
                    if best + gain + DELTA_MARGIN <= alpha {
                        continue;
                    }
                }
            }
            // A capture that loses material cannot raise the stand-pat score.
            if self.reductions && !in_check && losing_capture(pos, m, self.values()) {
                continue;
            }
            pos.make_move(m);
            let value = -self.quiesce(pos, -beta, -alpha, ply + 1, qply + 1)?;
            pos.unmake_move();
            if value > best {
                best = value;
            }
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
        Some(best)
    }
}
