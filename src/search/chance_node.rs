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
//! Before all of these, in the games that set its margin, ChanceProbCut
//! may cut the throw by a shallower search of it (`chance_probcut.rs`).
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

/// A throw under search: its window and place, and how its children are
/// searched. What is learnt of the children is in its `Bounds`, kept apart
/// so that this stays shared while they change.
#[derive(Clone)]
pub(super) struct Throw<'a> {
    pub(super) tree: &'a ChanceTree,
    /// The children, most probable first.
    pub(super) order: Vec<usize>,
    /// Per child, the depth it is searched to (`outcome_depths`).
    pub(super) depths: Vec<i32>,
    pub(super) key: u64,
    pub(super) depth: i32,
    pub(super) alpha: i32,
    pub(super) beta: i32,
    pub(super) ply: usize,
    pub(super) pv: bool,
    /// Star1 or Star2: the bounds may decide the node before every child
    /// is known, so they are checked after each step.
    pub(super) pruning: bool,
}

/// A child's full search against its window.
enum Searched {
    /// Its exact value (None: out of time).
    Exact(Value),
    /// A bound, now set, that decides the throw: its value.
    Decides(i32),
    /// A bound, now set, at least what the thrower has elsewhere: enough.
    Enough,
}

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
            if let Some(score) = self.tt_cut(self.tt.probe(key), depth, alpha, beta, ply) {
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
        let order = tree.search_order();
        let t = Throw {
            depths: self.outcome_depths(&tree, &order, depth),
            order,
            tree: &tree,
            key,
            depth,
            alpha,
            beta,
            ply,
            pv,
            pruning: self.star1 || self.star2,
        };
        if let Some(value) = self.chance_probcut(pos, &t) {
            return value;
        }
        self.search_throw(pos, &t)
    }

    /// The throw's children searched for bounds, from the cheapest source
    /// to the dearest, until the bounds decide the node or every child is
    /// known.
    pub(super) fn search_throw(&mut self, pos: &mut Position, t: &Throw) -> Value {
        let mut b = Bounds::new(t.tree, &self.logistic);
        self.sibling[t.ply] = 0;
        if let Some(v) = self.table_bounds(t, &mut b) {
            return Some(v);
        }
        if let Some(value) = self.star2_probes(pos, t, &mut b) {
            return value;
        }
        if let Some(value) = self.full_searches(pos, t, &mut b) {
            return value;
        }
        let value = b.lower();
        if self.chance_tt {
            self.tt_store(t.key, 0, value, t.depth, (-INFINITY, INFINITY), t.ply);
        }
        Some(value)
    }

    /// Bounds of the children from the table, and the node's value if they
    /// decide it. Only from depth 1: below, the children are quiescence
    /// searches, whose decision nodes are not stored.
    fn table_bounds(&self, t: &Throw, b: &mut Bounds) -> Option<i32> {
        if !(t.pruning && self.chance_tt && self.tt_cutoffs && t.depth >= 1) {
            return None;
        }
        for (c, &needed) in t.depths.iter().enumerate() {
            let Some(e) = self
                .tt
                .probe(t.tree.hashes[c])
                .filter(|e| e.depth as i32 >= needed)
            else {
                continue;
            };
            let s = from_tt(e.score, t.ply);
            let (lo, hi) = b.of(c);
            match e.bound {
                Bound::Exact => b.set(c, s, s),
                Bound::Lower => b.set(c, s.max(lo), hi),
                Bound::Upper => b.set(c, lo, s.min(hi)),
            }
        }
        self.decided(t, b)
    }

    /// Star2: a lower bound of each child still needed from its first move
    /// alone. Some when that decides the node (or time runs out).
    fn star2_probes(&mut self, pos: &mut Position, t: &Throw, b: &mut Bounds) -> Option<Value> {
        // Probes raise lower bounds, which cut only at a beta.
        if !self.star2 || t.beta >= INFINITY {
            return None;
        }
        for &c in &t.order {
            if !b.needed(c) {
                continue;
            }
            let (lo, hi) = b.of(c);
            let Some(probe) = self.probe_child(pos, t, b, c) else {
                continue;
            };
            let Some(bound) = probe else {
                return Some(None);
            };
            if bound > lo {
                b.set(c, bound, hi.max(bound));
                // A probe raises a lower bound: only a fail high can
                // follow, checked cheaply first at the horizon.
                if t.depths[c] == 0 && b.lower() < t.beta {
                    continue;
                }
                if let Some(v) = self.decided(t, b) {
                    return Some(Some(v));
                }
            }
        }
        None
    }

    /// Child `c`'s Star2 probe (`probe_decision`), a lower bound of its
    /// value. None where the rules refuse the way to it.
    fn probe_child(
        &mut self,
        pos: &mut Position,
        t: &Throw,
        b: &Bounds,
        c: usize,
    ) -> Option<Value> {
        let horizon = t.depths[c] == 0;
        let (ca, cb) = self.probe_window(t, b, c);
        if !t.tree.enter(pos, c) {
            return None;
        }
        // Only a decision node can be probed; anything else gives no
        // bound (-INFINITY).
        let probe = if pos.pending() == Pending::Nothing {
            self.probe_decision(pos, t.depths[c], ca, cb, t.ply)
        } else {
            Some(-INFINITY)
        };
        t.tree.leave(pos, c);
        if !horizon {
            self.learn_sibling(t.tree.hashes[c], t.ply);
        }
        Some(probe)
    }

    /// The window of child `c`'s probe. At the horizon the probe is the
    /// evaluation a quiescence search stands on, which needs none. Else
    /// its beta is where the child decides the node or stops mattering
    /// (its cap), and with Star1 its alpha where it decides the node low.
    fn probe_window(&self, t: &Throw, b: &Bounds, c: usize) -> (i32, i32) {
        if t.depths[c] == 0 {
            return (-INFINITY, INFINITY);
        }
        let (lo, hi) = b.of(c);
        let cb = b.child_beta(c, t.beta).min(hi + 1).min(b.cap(c));
        let ca = if self.star1 {
            b.child_alpha(c, t.alpha).max(lo - 1).max(-INFINITY)
        } else {
            -INFINITY
        };
        (ca, cb)
    }

    /// Full searches of the children still needed, with Star1 each in its
    /// own window. Some when the bounds decide the node (or time runs out).
    fn full_searches(&mut self, pos: &mut Position, t: &Throw, b: &mut Bounds) -> Option<Value> {
        for &c in &t.order {
            if !b.needed(c) {
                continue;
            }
            let window = self.star1_window(t, b, c);
            if !t.tree.enter(pos, c) {
                // The rules refuse the way to it: settled at -INFINITY,
                // unsearched.
                b.set(c, -INFINITY, -INFINITY);
                continue;
            }
            let searched = self.search_child(pos, t, b, c, window);
            t.tree.leave(pos, c);
            let r = match searched {
                Searched::Decides(v) => return Some(Some(v)),
                Searched::Enough => continue,
                Searched::Exact(r) => r,
            };
            self.learn_sibling(t.tree.hashes[c], t.ply);
            let Some(v) = r else {
                return Some(None);
            };
            b.set(c, v, v);
            if t.pruning {
                if let Some(v) = self.decided(t, b) {
                    return Some(Some(v));
                }
            }
        }
        None
    }

    /// Star1's window of child `c`: outside it the child decides the node.
    /// Plain expectimax has no window.
    fn star1_window(&self, t: &Throw, b: &Bounds, c: usize) -> (i32, i32) {
        if !self.star1 {
            return (-INFINITY, INFINITY);
        }
        let (lo, hi) = b.of(c);
        (
            b.child_alpha(c, t.alpha).max(lo - 1).max(-INFINITY),
            b.child_beta(c, t.beta).min(hi + 1).min(INFINITY),
        )
    }

    /// Child `c`, entered, searched in the window `(ca, cb)`, and no higher
    /// than its cap: beyond that its value does not matter. A result
    /// outside the window is a bound, set at once.
    fn search_child(
        &mut self,
        pos: &mut Position,
        t: &Throw,
        b: &mut Bounds,
        c: usize,
        (ca, cb): (i32, i32),
    ) -> Searched {
        let cap = b.cap(c);
        let top = cb.min(cap);
        let r = self.negamax(pos, t.depths[c], ca, top, t.ply, t.pv);
        let Some(v) = r.filter(|&v| v <= ca || v >= top) else {
            return Searched::Exact(r);
        };
        let (lo, hi) = b.of(c);
        if v <= ca {
            b.set(c, lo.min(v), v);
        } else {
            b.set(c, v, hi.max(v));
        }
        if t.pruning {
            if let Some(v) = self.decided(t, b) {
                return Searched::Decides(v);
            }
        }
        if v >= cap && v < cb {
            return Searched::Enough;
        }
        // Only after an inconsistent bound (the table, reductions): the
        // exact value then.
        Searched::Exact(self.negamax(pos, t.depths[c], -INFINITY, INFINITY, t.ply, t.pv))
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
        let value = Bounds::value_of(tree, &self.logistic, &values);
        if self.chance_tt {
            self.tt_store(key, 0, value, 0, (-INFINITY, INFINITY), ply);
        }
        Some(value)
    }

    /// The depth each child of a throw is searched to. Where every move
    /// throws, the children beyond the most probable half of the throw's
    /// mass (the game's `full_depth_mass`) are searched a ply shallower (an
    /// outcome that rarely comes weighs little in the mean, and a throw's
    /// children mostly differ only in a mode): a throw then costs about
    /// half its children's searches at each depth. Where a throw's
    /// outcomes are equally likely, the half searched shallower is chosen
    /// by generation order alone, which a game may find costs more than
    /// the ply gained (where its strongest faces come last).
    pub(super) fn outcome_depths(
        &self,
        tree: &ChanceTree,
        order: &[usize],
        depth: i32,
    ) -> Vec<i32> {
        let mut depths = vec![depth; tree.children()];
        if !self.reductions || !self.throws_every_move || depth < 1 {
            return depths;
        }
        let full_depth_mass = f64::from(self.settings.full_depth_mass) / 100.0;
        let mut mass = 0.0;
        for &c in order {
            if mass >= full_depth_mass {
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

    /// The node's value if its bounds decide it at its window (stored).
    fn decided(&self, t: &Throw, b: &Bounds) -> Option<i32> {
        let (v, window) = if b.exact() {
            let v = b.lower();
            (v, (-INFINITY, INFINITY))
        } else {
            let upper = b.upper();
            let lower = b.lower();
            if upper <= t.alpha {
                (upper, (upper, INFINITY))
            } else if lower >= t.beta {
                (lower, (-INFINITY, lower))
            } else {
                return None;
            }
        };
        if self.chance_tt {
            self.tt_store(t.key, 0, v, t.depth, window, t.ply);
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
        let entry = self.tt.probe(key).filter(|_| self.chance_tt);
        if let Some(score) = self.tt_cut(entry, depth, alpha, beta, ply) {
            return Some(score);
        }
        let options = pos.choice_actions();
        let mut order: Vec<usize> = (0..options.len()).collect();
        if let Some(e) = entry {
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

#[cfg(test)]
mod tests {
    use super::super::chance_tree::ChanceTree;
    use super::super::eval::{Evaluator, SearchSettings};
    use super::super::score::{chance_value, Logistic, CHANCE_SCALE};
    use super::super::{Limits, Searcher, INFINITY, MATE_BOUND};
    use crate::rules::position::Position;
    use crate::rules::variants;

    /// The depths `outcome_depths` gives the six faces of Army Orientation's
    /// first throw at depth 3, with `full_depth_mass` percent at full depth.
    fn face_depths(full_depth_mass: i32) -> Vec<i32> {
        let v = variants::load("armyorientation").expect("the variant");
        let mut pos = Position::startpos(v);
        pos.play_action_text("g1f3").expect("a legal move");
        let tree = ChanceTree::expand(&mut pos, true);
        assert_eq!(tree.children(), 6, "one child a face");
        let mut s = Searcher::new(1);
        s.throws_every_move = true;
        s.settings = SearchSettings {
            full_depth_mass,
            ..SearchSettings::default()
        };
        let mut depths = s.outcome_depths(&tree, &tree.search_order(), 3);
        depths.sort_unstable();
        depths
    }

    #[test]
    fn the_share_of_a_throw_at_full_depth_is_the_games() {
        assert_eq!(face_depths(50), [2, 2, 2, 3, 3, 3], "half the faces");
        assert_eq!(face_depths(100), [3; 6], "every face");
        assert_eq!(face_depths(0), [2; 6], "none");
    }

    #[test]
    fn the_six_face_dice_games_search_every_face_at_full_depth() {
        // Their faces are equally likely: half the mass would be the last
        // three in generation order (their weights' search.full_depth_mass).
        for name in ["armyorientation", "montypython"] {
            let v = variants::load(name).expect("the variant");
            let settings = Evaluator::new(&v).search_settings();
            assert_eq!(settings.full_depth_mass, 100, "{name}");
        }
        let v = variants::load("pieceorientation").expect("the variant");
        let settings = Evaluator::new(&v).search_settings();
        assert_eq!(
            settings,
            SearchSettings::default(),
            "the defaults elsewhere"
        );
    }

    #[test]
    fn a_throw_averages_its_faces_on_the_games_scale() {
        // Monty Python Drag's weights set 1,320 cp a tenfold of the odds.
        let v = variants::load("montypython").expect("the variant");
        let scale = Evaluator::new(&v).search_settings().chance_scale;
        assert_eq!(scale, 1320);
        // White's Bishop has just come to e7; Black's King is in drag
        // (it cannot move). If White throws 4, its Bishops lure and the
        // Bishop mates; on the others Black is far ahead. The Elo scale
        // reads all of these as near-certain wins, and the mate weighs
        // more beside them than on the game's scale.
        let fen =
            "r1b1k2r/pp1pB2p/1q6/2pp1p2/2P4P/2P2NP1/PP2PK2/R7 b kq - 1 18 die=6/6 pending=roll";
        let mut pos = Position::from_fen(v, fen).expect("the position");
        // A plain search: its values do not depend on the order.
        let mut s = Searcher::new(16);
        (s.reductions, s.tt_cutoffs, s.star1, s.star2) = (false, false, false, false);
        s.share_horizon = false;
        // The root reads the game's scale.
        s.search(&mut pos.clone(), &Limits::depth(1), &mut |_| {});
        assert_eq!(s.logistic.scale(), scale);
        let throw = s.negamax(&mut pos, 1, -INFINITY, INFINITY, 1, true);
        let faces: Vec<i32> = (1..=6)
            .map(|face| {
                let mut p = pos.clone();
                p.play_action_text(&format!("roll:{face}")).expect("a face");
                s.negamax(&mut p, 1, -INFINITY, INFINITY, 1, true)
                    .expect("no limit")
            })
            .collect();
        let mean =
            |l: &Logistic| chance_value(&[1.0 / 6.0; 6], l, |i| (faces[i], l.expected(faces[i])));
        let (ours, usual) = (
            mean(&Logistic::new(scale)),
            mean(&Logistic::new(CHANCE_SCALE)),
        );
        assert!(faces[3] <= -MATE_BOUND, "mated on a 4: {faces:?}");
        assert!(
            faces.iter().all(|&f| f == faces[3] || f > 1000),
            "{faces:?}"
        );
        assert_eq!(throw, Some(ours), "faces {faces:?}");
        assert!(ours > usual + 200, "{ours} against {usual}: {faces:?}");
    }
}
