//! The quiescence search: past the horizon, captures and queen
//! promotions only (every move when in check, for six plies), standing pat
//! on the evaluation, through the table like any node; what it passes over
//! is in `quiescence_moves.rs`. A capture or promotion that a throw follows
//! ends the line (the throw is not resolved here): its value is the
//! evaluation less the moved piece where it is left en prise.

use super::ordering::is_quiet;
use super::quiescence_moves::QuietNode;
use super::{Searcher, Value, INFINITY, MAX_PLY};
use crate::rules::moves::{Move, MoveList};
use crate::rules::position::{Pending, Position};

/// Plies into the quiescence search where a check is answered with every
/// move (deeper, the side in check stands pat like any other).
const CHECK_PLIES: u32 = 6;

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
        let key = pos.hash();
        // Past the plies where checks are answered a value may miss a mate:
        // stored a ply shallower, for those plies only.
        let tt_depth = if qply < CHECK_PLIES { 0 } else { -1 };
        let entry = self.tt.probe(key);
        if let Some(score) = self.tt_cut(entry, tt_depth, alpha, beta, ply) {
            return Some(score);
        }
        let window = (alpha, beta);
        // Out of check the side to move may stand pat: the value is at
        // least the evaluation (a stalemate is not looked for here, so the
        // evaluation is a true lower bound, which Star2's probes rely on).
        let in_check = qply < CHECK_PLIES && self.in_check(pos);
        let mut best = -INFINITY;
        if !in_check {
            let stand = self.static_eval(pos);
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
        let tt_move = entry.map_or(0, |e| e.best);
        self.order(pos, &mut moves, tt_move, ply.min(MAX_PLY - 1));
        let node = QuietNode {
            in_check,
            best,
            alpha,
            quiet_evasions: 0,
        };
        let (best, best_move) = self.quiet_moves(pos, &moves, node, beta, (ply, qply))?;
        // Not over a deeper search's entry.
        if entry.is_none_or(|e| e.depth as i32 <= tt_depth) {
            self.tt_store(key, best_move, best, tt_depth, window, ply);
        }
        Some(best)
    }

    /// The moves of a quiescence node, best first, with alpha-beta from
    /// `node`'s state: the value and the move that raised alpha (0: none).
    fn quiet_moves(
        &mut self,
        pos: &mut Position,
        moves: &[Move],
        mut node: QuietNode,
        beta: i32,
        (ply, qply): (usize, u32),
    ) -> Option<(i32, u32)> {
        let mut best_move = 0;
        for &m in moves {
            if self.quiescence_skips(pos, m, moves, &node) {
                continue;
            }
            node.quiet_evasions += (node.in_check && is_quiet(pos, m)) as u32;
            pos.make_move(m);
            let value = match pos.pending() {
                Pending::Nothing => -self.quiesce(pos, -beta, -node.alpha, ply + 1, qply + 1)?,
                _ => -self.after_capture_and_throw(pos, m),
            };
            pos.unmake_move();
            node.best = node.best.max(value);
            if value > node.alpha {
                node.alpha = value;
                best_move = m.raw();
                if value >= beta {
                    break;
                }
            }
        }
        Some((node.best, best_move))
    }

    /// The value, for the side to move, of the position after the
    /// capture (or promotion) `m` that a throw follows, which the
    /// quiescence search does not resolve: the evaluation, plus the moved
    /// piece where the side to move attacks it and the mover does not
    /// defend it. The plain evaluation would count every capture of a
    /// defended piece as a clean gain, since the recapture comes only
    /// after the throw.
    fn after_capture_and_throw(&mut self, pos: &Position, m: Move) -> i32 {
        self.nodes += 1;
        let recapturer = pos.side_to_move();
        let capturer_side = recapturer.opposite();
        let left_en_prise = pos
            .piece_at(m.to())
            .filter(|p| p.color() == capturer_side)
            .filter(|_| pos.attacked(m.to(), recapturer) && !pos.attacked(m.to(), capturer_side));
        self.evaluate(pos) + left_en_prise.map_or(0, |p| self.piece_value(p.kind()))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Searcher;
    use crate::rules::position::Position;
    use crate::rules::variants;

    /// The quiescence value of an Up and Down position and its evaluation.
    fn quiet_and_stand(fen: &str) -> (i32, i32) {
        let v = variants::load("updown").unwrap();
        let mut pos = Position::from_fen(v, fen).unwrap();
        let mut s = Searcher::new(1);
        let stand = s.evaluate(&pos);
        (s.quiescence(&mut pos), stand)
    }

    #[test]
    fn a_capture_before_a_throw_counts_the_recapture_it_leaves() {
        // White's knight can take the knight on e5; the throw follows.
        // Defended by the pawn on d6, the knight that takes is lost after
        // the throw: an even trade, not a knight won.
        let (q, stand) = quiet_and_stand("4k3/8/3p4/4n3/8/5N2/8/4K3 w - - 0 1 die=4/4");
        assert!(q < stand + 100, "defended: {q} against {stand}");
        // Undefended, the knight is won.
        let (q, stand) = quiet_and_stand("4k3/8/8/4n3/8/5N2/8/4K3 w - - 0 1 die=4/4");
        assert!(q > stand + 200, "undefended: {q} against {stand}");
    }
}
