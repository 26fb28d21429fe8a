//! Decision nodes: negamax with alpha-beta and principal variation search,
//! the table, and the forward pruning that skips or shortens what is
//! unlikely to matter (null move, reverse futility, futility, move-count
//! pruning where every move throws, late-move reductions). A pending throw
//! or choice is handed to `chance_node.rs`.

use super::ordering::{history_index, is_quiet, moves_dice_piece, HISTORY_PER_PLY};
use super::reductions::{dice_reduction, late_move_reduction};
use super::{
    bound_of, Searcher, Value, FUTILITY, INFINITY, LATE_MOVES, LATE_MOVE_DEPTH, MATE_BOUND, MAX_PLY,
};
use super::{FUTILITY_DEPTH, FUTILITY_PER_PLY, REVERSE_FUTILITY, REVERSE_FUTILITY_DEPTH};
use crate::rules::moves::{Move, MoveList};
use crate::rules::position::{Pending, Position};

/// A decision node's depth (after the check extension), window and place.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    /// On the principal variation with an open window (below a throw the
    /// windows are wide, Star1's, yet only the principal variation's
    /// nodes are PV nodes).
    pv: bool,
    in_check: bool,
}

impl Searcher {
    /// The value of `pos` for its side to move; `pv` on the principal
    /// variation.
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> Value {
        self.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        match pos.pending() {
            Pending::Roll | Pending::Find(_) => {
                return self.chance_node(pos, depth, alpha, beta, ply, pv)
            }
            Pending::Choose(..) | Pending::Activate | Pending::Promote(_) => {
                return self.choice_node(pos, depth, alpha, beta, ply, pv)
            }
            Pending::Nothing => {}
        }
        if self.rule_draw(pos, ply) {
            return Some(0);
        }
        if ply >= MAX_PLY - 2 {
            return Some(self.evaluate(pos));
        }
        let (depth, in_check) = self.extended(pos, depth, ply);
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let key = pos.hash();
        let entry = self.tt.probe(key);
        if let Some(score) = self.tt_cut(entry, depth, alpha, beta, ply) {
            return Some(score);
        }
        let tt_move = entry.map_or(0, |e| e.best);
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            return Some(self.terminal(pos, ply));
        }
        let pv = pv && beta - alpha > 1;
        let node = Node {
            depth,
            alpha,
            beta,
            ply,
            pv,
            in_check,
        };
        if let Some(value) = self.forward_cut(pos, node) {
            return value;
        }
        self.search_moves(pos, &mut moves, node, (key, tt_move))
    }

    /// A value that stands without searching the moves: the null move's,
    /// or reverse futility's.
    fn forward_cut(&mut self, pos: &mut Position, node: Node) -> Option<Value> {
        if !self.reductions || node.pv || node.in_check {
            return None;
        }
        if let Some(value) = self.null_move_cut(pos, node) {
            return Some(value);
        }
        // A side far above beta keeps it (reverse futility; in the dice
        // games only at the frontier, where a throw can turn the position
        // at every ply).
        let (depth, margin) = match self.dice {
            false => (REVERSE_FUTILITY_DEPTH, REVERSE_FUTILITY),
            true => (2, FUTILITY),
        };
        if node.depth <= depth && node.beta < MATE_BOUND {
            let e = self.static_eval(pos);
            if e - margin * node.depth >= node.beta {
                return Some(Some(e));
            }
        }
        None
    }

    /// Null move: pass and see if the opponent still cannot reach beta
    /// (not in the dice games, where passing skips a throw, nor for a side
    /// with only pawns and king, where zugzwang is common).
    fn null_move_cut(&mut self, pos: &mut Position, node: Node) -> Option<Value> {
        let v = &**pos.variant();
        let able = node.depth >= 3
            && v.royal().is_some()
            && !v.has_chance_steps()
            && self.has_pieces(pos)
            && self.static_eval(pos) >= node.beta;
        if !able {
            return None;
        }
        let beta = node.beta;
        self.played[node.ply] = 0;
        pos.make_null_move();
        let r = 2 + node.depth / 4;
        let value = self.negamax(
            pos,
            node.depth - 1 - r,
            -beta,
            -beta + 1,
            node.ply + 1,
            false,
        );
        pos.unmake_move();
        match value {
            None => Some(None),
            Some(v) => (-v >= beta && -v < MATE_BOUND).then_some(Some(-v)),
        }
    }

    /// The moves of a decision node, best first by the ordering (the
    /// table's move first), with alpha-beta; the result stored in the
    /// table under `key`.
    fn search_moves(
        &mut self,
        pos: &mut Position,
        moves: &mut MoveList,
        node: Node,
        (key, tt_move): (u64, u32),
    ) -> Value {
        // Far below alpha, quiet moves cannot lift the side to move there
        // (futility): the evaluation they are measured from. The raw
        // evaluation is taken once, here, for both the futility and the
        // correction learnt at the end.
        let futility = self.reductions && !node.pv && node.alpha > -MATE_BOUND;
        let raw = (!node.in_check && (futility || self.corrects())).then(|| self.evaluate(pos));
        let eval = raw.filter(|_| futility).map(|raw| self.corrected(pos, raw));
        self.order(pos, moves, tt_move, node.ply);
        let mut best = -INFINITY;
        let mut best_move = 0u32;
        let mut best_quiet = true;
        let mut alpha = node.alpha;
        // The quiet moves searched before the one that cuts (a malus);
        // only the first `tried_count` are read.
        let mut tried_quiet = [moves[0]; 32];
        let mut tried_count = 0;
        for (i, &m) in moves.iter().enumerate() {
            let quiet = is_quiet(pos, m);
            let late = self.skips_late(pos, m, i, quiet, node, best);
            let reduction = self.reduction(pos, m, i, quiet, node);
            // A dice piece's quiet move may still check after the throw.
            let futile = match eval {
                Some(e) if i > 0 && quiet && !self.keeps_dice_move(pos, m) => self
                    .futility_margin(node.depth, reduction)
                    .map(|margin| e + margin)
                    .filter(|&bound| bound <= node.alpha),
                _ => None,
            };
            self.played[node.ply] = m.raw();
            pos.make_move(m);
            // Checks are never pruned: a quiet check may be the mate.
            if (late || futile.is_some()) && !self.in_check(pos) {
                pos.unmake_move();
                if let Some(bound) = futile {
                    best = best.max(bound);
                }
                continue;
            }
            let checks = !self.dice && self.in_check(pos);
            let reduction = (reduction - checks as i32).max(0);
            let value = self.search_move(pos, i, reduction, node, alpha)?;
            pos.unmake_move();
            if value > best {
                best = value;
                best_move = m.raw();
                best_quiet = quiet;
            }
            alpha = alpha.max(value);
            if alpha >= node.beta {
                if quiet {
                    let tried = &tried_quiet[..tried_count];
                    self.reward_quiet(pos, m, tried, node.depth, node.ply);
                }
                break;
            }
            if quiet && tried_count < tried_quiet.len() {
                tried_quiet[tried_count] = m;
                tried_count += 1;
            }
        }
        let window = (node.alpha, node.beta);
        self.tt_store(key, best_move, best, node.depth, window, node.ply);
        if let Some(raw) = raw.filter(|_| best_quiet) {
            let bound = bound_of(best, window);
            self.learn_correction(pos, raw, best, bound, node.depth);
        }
        Some(best)
    }

    /// How far below alpha the evaluation must be for a quiet move to be
    /// futile, if it may be at this depth. Away from the dice the margin
    /// follows the depth the move would be searched to after its
    /// reduction: a late move at a deep node is as futile as an early one
    /// near the horizon. With dice, only at the last two plies.
    fn futility_margin(&self, depth: i32, reduction: i32) -> Option<i32> {
        if self.dice {
            return (depth <= 2).then_some(FUTILITY * depth);
        }
        let searched = depth - 1 - reduction;
        (searched <= FUTILITY_DEPTH).then_some(FUTILITY + FUTILITY_PER_PLY * searched)
    }

    /// Move-count pruning: late quiet moves away from the principal
    /// variation are skipped, as they rarely beat the earlier ones. Where
    /// every move throws, at depth 1 after the first eight, since each
    /// move just above the horizon costs a whole throw (not a dice
    /// piece's, which may check after the throw); away from the dice, to
    /// depth 4 after the first `3 + depth²`. Not where only hunters throw:
    /// their quiet moves are the hunt (in Truffle Hunt it lost 16/0/24 to
    /// the search without it, 100 ms a move).
    fn skips_late(
        &self,
        pos: &Position,
        m: Move,
        index: usize,
        quiet: bool,
        node: Node,
        best: i32,
    ) -> bool {
        if !self.reductions || node.pv || node.in_check || !quiet || best <= -MATE_BOUND {
            return false;
        }
        if self.throws_every_move {
            node.depth == 1 && index >= LATE_MOVES && !self.keeps_dice_move(pos, m)
        } else {
            !self.dice
                && node.depth <= LATE_MOVE_DEPTH
                && index >= 3 + (node.depth * node.depth) as usize
        }
    }

    /// Whether the quiet move `m` is a dice piece's, kept from futility and
    /// move-count pruning since its next mode may give it a check; games
    /// whose weights say `search.prune_dice_pieces` prune them too.
    fn keeps_dice_move(&self, pos: &Position, m: Move) -> bool {
        let prunes = self.dice_piece_pruning && self.settings.prune_dice_pieces;
        !prunes && moves_dice_piece(pos, m)
    }

    /// How much shallower the quiet move `m`, the `index`-th of the node,
    /// is searched first (before it is made): by depth and lateness, less
    /// where it cut before at this ply or its history is good, more where
    /// its history is bad.
    fn reduction(&self, pos: &Position, m: Move, index: usize, quiet: bool, node: Node) -> i32 {
        if !self.reductions || !quiet || node.in_check {
            return 0;
        }
        if self.dice {
            return dice_reduction(node.depth, index);
        }
        let killer = self.killers[node.ply].contains(&m.raw());
        let r = late_move_reduction(node.depth, index, node.pv, killer);
        if r == 0 {
            return 0;
        }
        let history = self.history[history_index(pos, m)];
        (r - history / HISTORY_PER_PLY).clamp(0, node.depth - 2)
    }

    /// The value of the move just made, the `index`-th of the node: the
    /// first with the node's window, the others with a null window
    /// (`reduction` plies shallower first) and again in full if they beat
    /// alpha.
    fn search_move(
        &mut self,
        pos: &mut Position,
        index: usize,
        reduction: i32,
        node: Node,
        alpha: i32,
    ) -> Value {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply + 1);
        if index == 0 {
            return Some(-self.negamax(pos, depth - 1, -beta, -alpha, ply, node.pv)?);
        }
        let mut value =
            -self.negamax(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply, false)?;
        if value > alpha && reduction > 0 {
            value = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply, false)?;
        }
        if value > alpha && value < beta {
            value = -self.negamax(pos, depth - 1, -beta, -alpha, ply, node.pv)?;
        }
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Searcher, FUTILITY, FUTILITY_DEPTH, FUTILITY_PER_PLY};

    #[test]
    fn futility_follows_the_depth_a_move_is_searched_to_away_from_the_dice() {
        let s = Searcher::new(1);
        assert_eq!(s.futility_margin(1, 0), Some(FUTILITY), "at the frontier");
        assert_eq!(s.futility_margin(2, 0), Some(FUTILITY + FUTILITY_PER_PLY));
        // A late move of a deep node, reduced to the frontier's depth.
        assert_eq!(s.futility_margin(9, 7), Some(FUTILITY + FUTILITY_PER_PLY));
        let deepest = FUTILITY_DEPTH + 1;
        assert!(s.futility_margin(deepest, 0).is_some());
        assert_eq!(s.futility_margin(deepest + 1, 0), None, "too deep");
    }

    #[test]
    fn with_dice_futility_stays_at_the_last_two_plies() {
        let mut s = Searcher::new(1);
        s.dice = true;
        assert_eq!(s.futility_margin(1, 0), Some(FUTILITY));
        assert_eq!(s.futility_margin(2, 0), Some(2 * FUTILITY));
        assert_eq!(s.futility_margin(3, 2), None, "reductions do not count");
    }
}
