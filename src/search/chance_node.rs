//! Chance and choice nodes.
//!
//! A throw (the dice after a move, a hunter's find) is the
//! probability-weighted mean of its outcomes on the expected-score scale
//! (`score::chance_value`); it uses no depth and the side to move does not
//! change. The throw is unfolded first (`chance_tree.rs`): the choices the
//! thrower makes after it are minima for the side to move, and what is
//! searched are the distinct settled positions the outcomes lead to, the
//! children. Every child has bounds `lo <= value <= hi`, at first the loss
//! and the win (0 and 1 as expected scores), and the node's value lies
//! between `chance_value` of the lower and of the upper bounds
//! (`chance_bounds.rs`). Once the lower bounds reach beta, or the upper ones
//! fall to alpha, the node is decided (fail-soft, with that bound). The
//! bounds come from, in turn:
//! 1. the table: entries of the children (Veness and Blair), and of the
//!    chance node itself;
//! 2. **Star2** (Ballard 1983; Hauk, Buro and Schaeffer 2004): a probe of
//!    each child with only its first move (the table's, else the best
//!    ordered), which gives a lower bound of a decision node (a maximum);
//!    where the child is a quiescence search, its evaluation (what it
//!    stands pat on) is the probe;
//! 3. **Star1**: full searches, each child with the window outside which
//!    it decides the node, computed from the other children's bounds by
//!    bisection over `chance_value` itself, so that every cut is exact.
//!
//! A child that is one option among others of every outcome it belongs to
//! is searched only as far as it can matter: once it is known to be at
//! least as good as an option the thrower already has, its exact value is
//! not needed (`Bounds::cap`), as in alpha-beta at the choice itself.
//!
//! With Star1 and Star2 off the node is plain expectimax. The value is
//! always computed from the outcomes' values by the same function in the
//! same order, so all of them return exactly the same value.
//!
//! **Merging** (`ChanceTree::expand`): a position reached by several throws
//! and choices is one child (two dice and their options may reach fifteen
//! modes). When the actor (the side that threw) has no piece whose moves
//! the modes change and no piece that could promote within two plies, its
//! mode cannot matter before its next throw: every throw leads to the same
//! future, and one representative throw (the first with nothing left to
//! choose) is searched for all, its value standing for each of them.
//!
//! A choice met outside a throw (waking a sleeping piece after a move that
//! finds nothing) is a decision of the side that moved: the minimum for the
//! side to move. Both kinds of node are stored in the table (the hash
//! covers what is pending).

use super::chance_bounds::Bounds;
use super::chance_tree::ChanceTree;
use super::eval::{Tally, EVAL_BOUND};
use super::score::from_tt;
use super::tt::Bound;
use super::{Searcher, Value, INFINITY, MAX_PLY};
use crate::rules::moves::MoveList;
use crate::rules::position::{Pending, Position};

/// The share of a throw's probability whose children are searched to the
/// full depth (`outcome_depths`).
const FULL_DEPTH_MASS: f64 = 0.5;

impl Searcher {
    /// A throw: see the module's documentation.
    pub(super) fn chance_node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> Value {
        let depth = depth.max(0);
        let key = pos.hash();
        if self.chance_tt {
            if let Some(score) = self.tt_cut(key, depth, alpha, beta, ply) {
                return Some(score);
            }
        }
        let tree = ChanceTree::expand(pos, self.merge_outcomes);
        if tree.outcomes() == 0 {
            return Some(self.evaluate(pos));
        }
        if self.share_horizon && depth == 0 && tree.children() > 1 {
            if let Some(value) = self.shared_horizon(pos, &tree, key, ply) {
                return value;
            }
        }
        let mut b = Bounds::new(&tree);
        let order = tree.search_order();
        let depths = self.outcome_depths(&tree, &order, depth);
        self.sibling[ply] = 0;
        let pruning = self.star1 || self.star2;
        // Bounds of the children from the table (their decision nodes are
        // stored from depth 1; below they are quiescence searches).
        if pruning && self.chance_tt && self.tt_cutoffs && depth >= 1 {
            for (c, &needed) in depths.iter().enumerate() {
                let Some(e) = self
                    .tt
                    .probe(tree.hashes[c])
                    .filter(|e| e.depth as i32 >= needed)
                else {
                    continue;
                };
                let s = from_tt(e.score, ply);
                let (lo, hi) = b.of(c);
                match e.bound {
                    Bound::Exact => b.set(c, s, s),
                    Bound::Lower => b.set(c, s.max(lo), hi),
                    Bound::Upper => b.set(c, lo, s.min(hi)),
                }
            }
            if let Some(v) = self.decided(&b, key, depth, alpha, beta, ply) {
                return Some(v);
            }
        }
        // Star2: a lower bound of each child from one move. At the horizon
        // that is the evaluation a child's quiescence search stands on,
        // which needs no window.
        if self.star2 && beta < INFINITY {
            for &c in &order {
                if !b.needed(c) {
                    continue;
                }
                let horizon = depths[c] == 0;
                let (lo, hi) = b.of(c);
                let (ca, cb) = if horizon {
                    (-INFINITY, INFINITY)
                } else {
                    let cb = b.child_beta(c, beta).min(hi + 1).min(b.cap(c));
                    let ca = if self.star1 {
                        b.child_alpha(c, alpha).max(lo - 1).max(-INFINITY)
                    } else {
                        -INFINITY
                    };
                    (ca, cb)
                };
                if !tree.enter(pos, c) {
                    continue;
                }
                let probe = if pos.pending() == Pending::Nothing {
                    self.probe_decision(pos, depths[c], ca, cb, ply)
                } else {
                    Some(-INFINITY)
                };
                tree.leave(pos, c);
                if !horizon {
                    self.learn_sibling(tree.hashes[c], ply);
                }
                let bound = probe?;
                if bound > lo {
                    b.set(c, bound, hi.max(bound));
                    // A probe raises a lower bound: only a fail high can
                    // follow, checked cheaply first at the horizon.
                    if horizon && b.lower() < beta {
                        continue;
                    }
                    if let Some(v) = self.decided(&b, key, depth, alpha, beta, ply) {
                        return Some(v);
                    }
                }
            }
        }
        // Full searches; with Star1 each child in its own window.
        for &c in &order {
            if !b.needed(c) {
                continue;
            }
            let (lo, hi) = b.of(c);
            let (ca, cb) = if self.star1 {
                (
                    b.child_alpha(c, alpha).max(lo - 1).max(-INFINITY),
                    b.child_beta(c, beta).min(hi + 1).min(INFINITY),
                )
            } else {
                (-INFINITY, INFINITY)
            };
            // Beyond the cap the child's value does not matter.
            let cap = b.cap(c);
            let top = cb.min(cap);
            if !tree.enter(pos, c) {
                b.set(c, -INFINITY, -INFINITY);
                continue;
            }
            let mut r = self.negamax(pos, depths[c], ca, top, ply, pv);
            if let Some(v) = r.filter(|&v| v <= ca || v >= top) {
                if v <= ca {
                    b.set(c, lo.min(v), v);
                } else {
                    b.set(c, v, hi.max(v));
                }
                if pruning {
                    if let Some(v) = self.decided(&b, key, depth, alpha, beta, ply) {
                        tree.leave(pos, c);
                        return Some(v);
                    }
                }
                if v >= cap && v < cb {
                    // At least what the thrower has elsewhere: enough.
                    tree.leave(pos, c);
                    continue;
                }
                // Only after an inconsistent bound (the table, reductions):
                // the exact value then.
                r = self.negamax(pos, depths[c], -INFINITY, INFINITY, ply, pv);
            }
            tree.leave(pos, c);
            self.learn_sibling(tree.hashes[c], ply);
            let v = r?;
            b.set(c, v, v);
            if pruning {
                if let Some(v) = self.decided(&b, key, depth, alpha, beta, ply) {
                    return Some(v);
                }
            }
        }
        let value = b.lower();
        if self.chance_tt {
            self.tt_store(key, 0, value, depth, (-INFINITY, INFINITY), ply);
        }
        Some(value)
    }

    /// A throw at the horizon, its children being quiescence searches
    /// (captures and promotions of the side to move, then the evaluation).
    /// Children that differ only in the thrower's mode mostly differ only
    /// in their evaluation: the mode moves the thrower's pieces on its next
    /// turn, beyond the horizon. So one of
    /// them (the one of least hash: the same however the throw was
    /// unfolded) is searched, and the others are valued at their own
    /// evaluation plus what the search found beyond the evaluation there.
    /// A child whose side to move is in check (the new mode checks), or
    /// one that is over, is searched in full. Every child's value is then
    /// known, so the node is exact: no probes and no windows are needed.
    /// None where no two children share (the node is searched as usual).
    fn shared_horizon(
        &mut self,
        pos: &mut Position,
        tree: &ChanceTree,
        key: u64,
        ply: usize,
    ) -> Option<Value> {
        let actor = pos.side_to_move().opposite();
        // Per child: its family (hash without the thrower's mode) and its
        // evaluation, if it may share. A family's evaluations differ only
        // in the thrower's pieces the modes change: the rest is added up once.
        let mut family: Vec<Option<(u64, i32)>> = vec![None; tree.children()];
        let mut tallies: Vec<(u64, Tally)> = Vec::new();
        for (c, f) in family.iter_mut().enumerate() {
            if !tree.enter(pos, c) {
                continue;
            }
            let shareable = pos.pending() == Pending::Nothing
                && ply < MAX_PLY - 2
                && !pos.in_check()
                && !pos.extinct()
                && !self.rule_draw(pos, ply);
            if shareable {
                let key = pos.hash_without_mode(actor);
                let i = match tallies.iter().position(|t| t.0 == key) {
                    Some(i) => i,
                    None => {
                        tallies.push((key, self.tally_without_mode(pos, actor)));
                        tallies.len() - 1
                    }
                };
                *f = Some((key, self.evaluate_from(pos, &tallies[i].1, actor)));
            }
            tree.leave(pos, c);
        }
        let shares = tallies.len() < family.iter().flatten().count();
        if !shares {
            // Nothing to share (a find's outcomes change the board):
            // the node is searched as any other.
            return None;
        }
        Some(self.search_shared(pos, tree, key, ply, family))
    }

    /// The searches of `shared_horizon`, given the children's families and
    /// evaluations.
    fn search_shared(
        &mut self,
        pos: &mut Position,
        tree: &ChanceTree,
        key: u64,
        ply: usize,
        mut family: Vec<Option<(u64, i32)>>,
    ) -> Value {
        let mut values = vec![-INFINITY; tree.children()];
        for c in (0..tree.children()).filter(|&c| family[c].is_none()) {
            if !tree.enter(pos, c) {
                continue;
            }
            let value = self.negamax(pos, 0, -INFINITY, INFINITY, ply, false);
            tree.leave(pos, c);
            let v = value?;
            values[c] = v;
        }
        // Each family's representative is searched; its gain over the
        // evaluation (None beyond the evaluation's range) stands for all.
        let mut gains: Vec<(u64, Option<i32>)> = Vec::new();
        for c in 0..tree.children() {
            let Some((f, _)) = family[c] else { continue };
            if gains.iter().any(|g| g.0 == f) {
                continue;
            }
            let rep = (0..tree.children())
                .filter(|&d| family[d].is_some_and(|(g, _)| g == f))
                .min_by_key(|&d| tree.hashes[d])
                .unwrap_or(c);
            let eval = family[rep].map_or(0, |(_, e)| e);
            tree.enter(pos, rep);
            let value = self.negamax(pos, 0, -INFINITY, INFINITY, ply, false);
            tree.leave(pos, rep);
            let v = value?;
            values[rep] = v;
            family[rep] = None;
            gains.push((f, (v.abs() <= EVAL_BOUND).then(|| v - eval)));
        }
        for (c, &member) in family.iter().enumerate() {
            let Some((f, eval)) = member else { continue };
            self.nodes += 1;
            let gain = gains.iter().find(|g| g.0 == f).and_then(|g| g.1);
            values[c] = match gain {
                Some(gain) => (eval + gain).clamp(-EVAL_BOUND, EVAL_BOUND),
                None => {
                    tree.enter(pos, c);
                    let value = self.negamax(pos, 0, -INFINITY, INFINITY, ply, false);
                    tree.leave(pos, c);
                    value?
                }
            };
        }
        let value = Bounds::value_of(tree, &values);
        if self.chance_tt {
            self.tt_store(key, 0, value, 0, (-INFINITY, INFINITY), ply);
        }
        Some(value)
    }

    /// The depth each child of a throw is searched to. Where every move
    /// throws, the children beyond the most probable half of the throw's
    /// mass are searched a ply shallower (an outcome that rarely comes
    /// weighs little in the mean, and a throw's children mostly differ
    /// only in a mode): a throw then costs about half its children's
    /// searches at each depth.
    fn outcome_depths(&self, tree: &ChanceTree, order: &[usize], depth: i32) -> Vec<i32> {
        let mut depths = vec![depth; tree.children()];
        if !self.reductions || !self.throws_every_move || depth < 1 {
            return depths;
        }
        let mut mass = 0.0;
        for &c in order {
            if mass >= FULL_DEPTH_MASS {
                depths[c] = depth - 1;
            }
            mass += tree.mass(c);
        }
        depths
    }

    /// The best move stored for a child just searched, for its siblings.
    fn learn_sibling(&mut self, hash: u64, ply: usize) {
        if let Some(e) = self.tt.probe(hash).filter(|e| e.best != 0) {
            self.sibling[ply] = e.best;
        }
    }

    /// The node's value if its bounds decide it at this window (stored).
    fn decided(
        &self,
        b: &Bounds,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let (v, window) = if b.exact() {
            let v = b.lower();
            (v, (-INFINITY, INFINITY))
        } else {
            let upper = b.upper();
            let lower = b.lower();
            if upper <= alpha {
                (upper, (upper, INFINITY))
            } else if lower >= beta {
                (lower, (-INFINITY, lower))
            } else {
                return None;
            }
        };
        if self.chance_tt {
            self.tt_store(key, 0, v, depth, window, ply);
        }
        Some(v)
    }

    /// The value of the first move of a decision node, as `negamax` would
    /// search it there, or at depth 0 the evaluation its quiescence search
    /// stands on: a lower bound of the node.
    fn probe_decision(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ca: i32,
        cb: i32,
        ply: usize,
    ) -> Value {
        self.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        if self.rule_draw(pos, ply) {
            return Some(0);
        }
        if ply >= MAX_PLY - 2 {
            return Some(-INFINITY);
        }
        let (depth, in_check) = self.extended(pos, depth, ply);
        if depth <= 0 {
            // A quiescence search: at least the evaluation (standing pat).
            if pos.extinct() {
                return Some(self.terminal(pos, ply));
            }
            let stand = if in_check {
                -INFINITY
            } else {
                self.evaluate(pos)
            };
            return Some(if stand > ca { stand } else { -INFINITY });
        }
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            return Some(self.terminal(pos, ply));
        }
        let tt_move = self.tt.probe(pos.hash()).map_or(0, |e| e.best);
        self.order(pos, &mut moves, tt_move, ply);
        let first = moves[0];
        self.played[ply] = first.raw();
        pos.make_move(first);
        let v = self.negamax(pos, depth - 1, -cb, -ca, ply + 1, false);
        pos.unmake_move();
        let v = -v?;
        Some(if v > ca { v } else { -INFINITY })
    }

    /// The side that threw chooses: the minimum for the side to move.
    pub(super) fn choice_node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> Value {
        let depth = depth.max(0);
        let key = pos.hash();
        if self.chance_tt {
            if let Some(score) = self.tt_cut(key, depth, alpha, beta, ply) {
                return Some(score);
            }
        }
        let options = pos.choice_actions();
        let mut order: Vec<usize> = (0..options.len()).collect();
        if let Some(e) = self.tt.probe(key).filter(|_| self.chance_tt) {
            let i = e.best as usize;
            if i >= 1 && i <= options.len() {
                order.retain(|&x| x != i - 1);
                order.insert(0, i - 1);
            }
        }
        let mut best = INFINITY;
        let mut best_index = 0;
        let mut window_beta = beta;
        for i in order {
            if pos.apply(options[i]).is_err() {
                continue;
            }
            let value = self.negamax(pos, depth, alpha, window_beta, ply, pv);
            pos.unmake_move();
            let value = value?;
            if value < best {
                best = value;
                best_index = i + 1;
            }
            window_beta = window_beta.min(value);
            if best <= alpha {
                break;
            }
        }
        if self.chance_tt {
            self.tt_store(key, best_index as u32, best, depth, (alpha, beta), ply);
        }
        Some(best)
    }
}
