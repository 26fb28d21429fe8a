//! Chance and choice nodes.
//!
//! A throw (Carnival's two dice, a pig's truffle throws) is the
//! probability-weighted mean of its outcomes on the expected-score scale
//! (`score::chance_value`); it uses no depth and the side to move does not
//! change. Every outcome has bounds `lo <= value <= hi`, at first the
//! loss and the win (0 and 1 as expected scores), and the node's value lies
//! between `chance_value` of the lower and of the upper bounds. Once the
//! lower bounds reach beta, or the upper ones fall to alpha, the node is
//! decided (fail-soft, with that bound). The bounds come from, in turn:
//! 1. the table: entries of the outcomes' positions (Veness and Blair),
//!    and of the chance node itself;
//! 2. **Star2** (Ballard 1983; Hauk, Buro and Schaeffer 2004): a probe of
//!    each outcome with only its first move (the table's, else the best
//!    ordered), which gives a lower bound of a decision node (a maximum)
//!    and, through every option, of a choice (a minimum); where the outcome
//!    is a quiescence search, its evaluation (what it stands pat on) is
//!    the probe;
//! 3. **Star1**: full searches, each outcome with the window outside which
//!    it decides the node, computed from the other outcomes' bounds by
//!    bisection over `chance_value` itself, so that every cut is exact.
//!
//! With both off the node is plain expectimax. The value is always computed
//! from the outcomes' values by the same function in the same order, so the
//! three return exactly the same value.
//!
//! **Merging**: when the actor (the side that threw) has no dice knight and
//! no piece that could promote within two plies, its leaper cannot matter
//! before its next throw: every Carnival throw leads to the same future, and
//! one representative throw (the first with nothing left to choose) is
//! searched for all, its value standing for each of them. Truffle throws are
//! merged only when they lead to the same position (found and eaten, found
//! and kept with a full store).
//!
//! A choice (a Carnival leaper after a 6, Truffle Hunt's waking) is a
//! decision of the side that threw: the minimum for the side to move. Both
//! kinds of node are stored in the table (the hash covers what is pending);
//! waking a then b and b then a transpose.

use super::score::{chance_value, expected, from_expected, from_tt};
use super::tt::Bound;
use super::{Searcher, Value, INFINITY, MAX_PLY};
use crate::action::Action;
use crate::position::{Pending, Position};
use crate::square::Color;

/// The outcomes of a throw, grouped: each group is searched once.
struct Outcomes {
    /// Per outcome (only those with a positive probability).
    probs: Vec<f64>,
    /// Per outcome: its group.
    group: Vec<usize>,
    /// Per group: the action played to search it.
    play: Vec<Action>,
}

/// Bounds on the outcomes' values, and the node's value from them.
struct Bounds<'a> {
    probs: &'a [f64],
    group: &'a [usize],
    lo: Vec<i32>,
    hi: Vec<i32>,
    e_lo: Vec<f64>,
    e_hi: Vec<f64>,
}

impl Bounds<'_> {
    fn set(&mut self, g: usize, lo: i32, hi: i32) {
        for i in 0..self.probs.len() {
            if self.group[i] == g {
                self.lo[i] = lo;
                self.hi[i] = hi;
                self.e_lo[i] = expected(lo);
                self.e_hi[i] = expected(hi);
            }
        }
    }

    fn of_group(&self, g: usize) -> (i32, i32) {
        let i = self.group.iter().position(|&x| x == g).unwrap_or(0);
        (self.lo[i], self.hi[i])
    }

    /// The node's value with the upper (or lower) bounds, group `g` taking
    /// the value `c` if given.
    fn value(&self, upper: bool, with: Option<(usize, i32)>) -> i32 {
        let (vals, es) = if upper {
            (&self.hi, &self.e_hi)
        } else {
            (&self.lo, &self.e_lo)
        };
        let (g, c) = with.unwrap_or((usize::MAX, 0));
        let ec = expected(c);
        chance_value(
            self.probs,
            |i| if self.group[i] == g { ec } else { es[i] },
            |i| if self.group[i] == g { c } else { vals[i] },
        )
    }

    fn upper(&self) -> i32 {
        self.value(true, None)
    }

    fn lower(&self) -> i32 {
        self.value(false, None)
    }

    fn exact(&self) -> bool {
        self.lo == self.hi
    }

    /// A first guess of the value of group `g` that brings the node to
    /// `target`, from the expected-score formula (Ballard's windows).
    fn guess(&self, upper: bool, g: usize, target: i32) -> i32 {
        let es = if upper { &self.e_hi } else { &self.e_lo };
        let (mut rest, mut p) = (0.0, 0.0);
        for ((&q, &group), &e) in self.probs.iter().zip(self.group).zip(es) {
            if group == g {
                p += q;
            } else {
                rest += q * e;
            }
        }
        let e = (expected(target) - rest) / p.max(1e-12);
        if e <= 0.0 {
            -INFINITY
        } else if e >= 1.0 {
            INFINITY
        } else {
            from_expected(e)
        }
    }

    /// The largest value of group `g` at which the node fails low (its
    /// upper bound at most alpha): Star1's alpha for the outcome.
    fn child_alpha(&self, g: usize, alpha: i32) -> i32 {
        let guess = self.guess(true, g, alpha);
        match first_true(guess, |c| self.value(true, Some((g, c))) > alpha) {
            Some(c) => (c - 1).max(-INFINITY),
            None => INFINITY - 1,
        }
    }

    /// The smallest value of group `g` at which the node fails high (its
    /// lower bound at least beta): Star1's beta for the outcome.
    fn child_beta(&self, g: usize, beta: i32) -> i32 {
        let guess = self.guess(false, g, beta);
        first_true(guess, |c| self.value(false, Some((g, c))) >= beta).unwrap_or(INFINITY)
    }
}

/// The smallest `x` in [-INFINITY, INFINITY] where the monotonic `pred`
/// holds, searched from a guess outwards and then by bisection.
fn first_true(guess: i32, pred: impl Fn(i32) -> bool) -> Option<i32> {
    let guess = guess.clamp(-INFINITY, INFINITY);
    // pred(a) is false (or a is below the range), pred(b) true.
    let (mut a, mut b);
    if pred(guess) {
        b = guess;
        let mut step = 1;
        loop {
            let x = b - step;
            if x < -INFINITY {
                a = -INFINITY - 1;
                break;
            }
            if pred(x) {
                b = x;
                step *= 2;
            } else {
                a = x;
                break;
            }
        }
    } else {
        a = guess;
        let mut step = 1;
        loop {
            let x = (a + step).min(INFINITY);
            if pred(x) {
                b = x;
                break;
            }
            if x == INFINITY {
                return None;
            }
            a = x;
            step *= 2;
        }
    }
    while b - a > 1 {
        let m = a + (b - a) / 2;
        if pred(m) {
            b = m;
        } else {
            a = m;
        }
    }
    Some(b)
}

/// Whether `color` could make use of its dice leaper before its next
/// throw: it has a dice knight, or a piece that might promote within two
/// plies (two of its own steps, to be safe).
fn leaper_may_matter(pos: &Position, color: Color) -> bool {
    let v = &**pos.variant();
    if pos.pieces_of_kinds(color, v.dice_kinds).any() {
        return true;
    }
    let c = color.index();
    let zone = v.promotion_zone[c];
    let mut kinds = v.promoters;
    while kinds != 0 {
        let kind = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        let pieces = pos.pieces(color, kind as crate::piece::Kind);
        if pieces.is_empty() {
            continue;
        }
        let Some(t) = v.pieces[c].get(kind) else {
            return true;
        };
        if !t.riders.is_empty() || !t.sliders.is_empty() || t.has_lame {
            return true;
        }
        let legs = v.two_legs[c].get(kind).and_then(|l| l.as_ref());
        let step = |sq: crate::square::Square| {
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

impl Searcher {
    /// The outcomes of the pending throw, merged where they cannot differ.
    fn outcomes(&self, pos: &mut Position) -> Outcomes {
        let list: Vec<(Action, f64)> = pos
            .chance_outcomes()
            .into_iter()
            .filter(|&(_, p)| p > 0.0)
            .collect();
        let n = list.len();
        let mut out = Outcomes {
            probs: list.iter().map(|&(_, p)| p).collect(),
            group: (0..n).collect(),
            play: list.iter().map(|&(a, _)| a).collect(),
        };
        if !self.merge_outcomes || n < 2 {
            return out;
        }
        match pos.pending() {
            Pending::Roll => {
                let actor = pos.side_to_move().opposite();
                if leaper_may_matter(pos, actor) {
                    return out;
                }
                // One throw for all: the first that leaves nothing to choose.
                let mut play = list[0].0;
                for &(a, _) in &list {
                    if pos.apply(a).is_ok() {
                        let settled = pos.pending() == Pending::Nothing;
                        pos.unmake_move();
                        if settled {
                            play = a;
                            break;
                        }
                    }
                }
                out.group = vec![0; n];
                out.play = vec![play];
            }
            Pending::Find(_) => {
                // Outcomes that reach the same position (the hash covers it).
                let mut hashes = Vec::with_capacity(n);
                for &(a, _) in &list {
                    let h = if pos.apply(a).is_ok() {
                        let h = pos.hash();
                        pos.unmake_move();
                        Some(h)
                    } else {
                        None
                    };
                    hashes.push(h);
                }
                let mut play = Vec::new();
                for i in 0..n {
                    let same = (0..i).find(|&j| hashes[i].is_some() && hashes[j] == hashes[i]);
                    match same {
                        Some(j) => out.group[i] = out.group[j],
                        None => {
                            out.group[i] = play.len();
                            play.push(list[i].0);
                        }
                    }
                }
                out.play = play;
            }
            _ => {}
        }
        out
    }

    /// A throw: see the module's documentation.
    pub(super) fn chance_node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Value {
        let depth = depth.max(0);
        let key = pos.hash();
        if self.chance_tt {
            if let Some(score) = self.tt_cut(key, depth, alpha, beta, ply) {
                return Some(score);
            }
        }
        let oc = self.outcomes(pos);
        let n = oc.probs.len();
        if n == 0 {
            return Some(self.evaluate(pos));
        }
        let groups = oc.play.len();
        let mut b = Bounds {
            probs: &oc.probs,
            group: &oc.group,
            lo: vec![-INFINITY; n],
            hi: vec![INFINITY; n],
            e_lo: vec![0.0; n],
            e_hi: vec![1.0; n],
        };
        let pruning = self.star1 || self.star2;
        // Bounds of the outcomes from the table (their decision nodes are
        // stored from depth 1; below they are quiescence searches).
        if pruning && self.chance_tt && self.tt_cutoffs && depth >= 1 {
            for g in 0..groups {
                if pos.apply(oc.play[g]).is_err() {
                    continue;
                }
                let entry = self.tt.probe(pos.hash());
                pos.unmake_move();
                let Some(e) = entry.filter(|e| e.depth as i32 >= depth) else {
                    continue;
                };
                let s = from_tt(e.score, ply);
                let (lo, hi) = b.of_group(g);
                match e.bound {
                    Bound::Exact => b.set(g, s, s),
                    Bound::Lower => b.set(g, s.max(lo), hi),
                    Bound::Upper => b.set(g, lo, s.min(hi)),
                }
            }
            if let Some(v) = self.decided(&b, key, depth, alpha, beta, ply) {
                return Some(v);
            }
        }
        // Star2: a lower bound of each outcome from one move.
        if self.star2 && beta < INFINITY {
            for g in 0..groups {
                let (lo, hi) = b.of_group(g);
                if lo == hi {
                    continue;
                }
                let cb = b.child_beta(g, beta).min(hi + 1);
                let ca = if self.star1 {
                    b.child_alpha(g, alpha).max(lo - 1).max(-INFINITY)
                } else {
                    -INFINITY
                };
                if pos.apply(oc.play[g]).is_err() {
                    continue;
                }
                let probe = self.probe(pos, depth, ca, cb, ply);
                pos.unmake_move();
                let bound = probe?;
                if bound > lo {
                    b.set(g, bound, hi.max(bound));
                    if let Some(v) = self.decided(&b, key, depth, alpha, beta, ply) {
                        return Some(v);
                    }
                }
            }
        }
        // Full searches; with Star1 each outcome in its own window.
        for g in 0..groups {
            let (lo, hi) = b.of_group(g);
            if lo == hi {
                continue;
            }
            let (ca, cb) = if self.star1 {
                (
                    b.child_alpha(g, alpha).max(lo - 1).max(-INFINITY),
                    b.child_beta(g, beta).min(hi + 1).min(INFINITY),
                )
            } else {
                (-INFINITY, INFINITY)
            };
            if pos.apply(oc.play[g]).is_err() {
                b.set(g, -INFINITY, -INFINITY);
                continue;
            }
            let mut r = self.negamax(pos, depth, ca, cb, ply);
            let failed = r.is_some_and(|v| v <= ca || v >= cb);
            if failed {
                let v = r.unwrap_or(0);
                if v <= ca {
                    b.set(g, lo.min(v), v);
                } else {
                    b.set(g, v, hi.max(v));
                }
                if let Some(v) = self.decided(&b, key, depth, alpha, beta, ply) {
                    pos.unmake_move();
                    return Some(v);
                }
                // Only after an inconsistent bound (the table, reductions):
                // the exact value then.
                r = self.negamax(pos, depth, -INFINITY, INFINITY, ply);
            }
            pos.unmake_move();
            let v = r?;
            b.set(g, v, v);
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

    /// Star2's probe of an outcome's position: a lower bound of its value
    /// from the first move of each decision, `-INFINITY` when it tells
    /// nothing above `ca`. `None`: stopped.
    fn probe(&mut self, pos: &mut Position, depth: i32, ca: i32, cb: i32, ply: usize) -> Value {
        match pos.pending() {
            Pending::Nothing => self.probe_decision(pos, depth, ca, cb, ply),
            Pending::Choose(..) => {
                // The thrower's choice: the least of the options' bounds.
                let mut bound = INFINITY;
                for option in pos.choice_actions() {
                    if pos.apply(option).is_err() {
                        continue;
                    }
                    let b = if pos.pending() == Pending::Nothing {
                        self.probe_decision(pos, depth, ca, cb, ply)
                    } else {
                        Some(-INFINITY)
                    };
                    pos.unmake_move();
                    bound = bound.min(b?);
                    if bound <= ca {
                        return Some(-INFINITY);
                    }
                }
                Some(bound)
            }
            _ => Some(-INFINITY),
        }
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
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Some(self.terminal(pos, ply));
        }
        if depth <= 0 {
            // A quiescence search: at least the evaluation (standing pat).
            let stand = if in_check {
                -INFINITY
            } else {
                self.evaluate(pos)
            };
            return Some(if stand > ca { stand } else { -INFINITY });
        }
        let tt_move = self.tt.probe(pos.hash()).map_or(0, |e| e.best);
        let first = self.order(pos, &moves, tt_move, ply)[0];
        pos.make_move(first);
        let v = self.negamax(pos, depth - 1, -cb, -ca, ply + 1);
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
            let value = self.negamax(pos, depth, alpha, window_beta, ply);
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
