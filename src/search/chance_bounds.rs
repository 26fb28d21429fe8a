//! Bounds on a throw's children, the bounds they give the throw, and the
//! window in which a child's search decides the throw (Star1).
//!
//! Every child carries `lo <= value <= hi`; an outcome's bound is the least
//! of its children's (the thrower chooses), and the throw's is
//! `chance_value` of its outcomes' bounds. Everything is monotonic in each
//! child's bound, so a child's window is found by bisection over the very
//! function that computes the value: a cut is never off by a rounding.

use super::chance_tree::ChanceTree;
use super::score::{chance_value, Logistic};
use super::INFINITY;

pub(super) struct Bounds<'a> {
    tree: &'a ChanceTree,
    /// The game's expected-score scale.
    logistic: Logistic,
    /// Per child.
    lo: Vec<i32>,
    hi: Vec<i32>,
    /// Per outcome: its lower and upper bound with their expected scores
    /// (kept up to date by `set`, to spare the logistic and the minima).
    out_lo: Vec<(i32, f64)>,
    out_hi: Vec<(i32, f64)>,
}

impl<'a> Bounds<'a> {
    /// Every child between the loss and the win.
    pub fn new(tree: &'a ChanceTree, logistic: &Logistic) -> Bounds<'a> {
        let (n, m) = (tree.children(), tree.outcomes());
        Bounds {
            tree,
            logistic: logistic.clone(),
            lo: vec![-INFINITY; n],
            hi: vec![INFINITY; n],
            out_lo: vec![(-INFINITY, 0.0); m],
            out_hi: vec![(INFINITY, 1.0); m],
        }
    }

    /// The throw's value from every child's exact value: what `lower`
    /// gives once each child is set to its value, without the bookkeeping.
    pub fn value_of(tree: &ChanceTree, logistic: &Logistic, values: &[i32]) -> i32 {
        chance_value(&tree.probs, logistic, |i| {
            let v = tree
                .members(i)
                .iter()
                .map(|&c| values[c])
                .min()
                .unwrap_or(INFINITY);
            (v, logistic.expected(v))
        })
    }

    pub fn set(&mut self, c: usize, lo: i32, hi: i32) {
        self.lo[c] = lo;
        self.hi[c] = hi;
        for i in 0..self.tree.outcomes() {
            if self.tree.reaches(i, c) {
                let lo = self.least(i, false, None);
                self.out_lo[i] = (lo, self.logistic.expected(lo));
                let hi = self.least(i, true, None);
                self.out_hi[i] = (hi, self.logistic.expected(hi));
            }
        }
    }

    pub fn of(&self, c: usize) -> (i32, i32) {
        (self.lo[c], self.hi[c])
    }

    /// The least lower (or upper) bound of outcome `i`'s children, child
    /// `trial.0` taking the value `trial.1` if given.
    fn least(&self, i: usize, upper: bool, trial: Option<(usize, i32)>) -> i32 {
        let vals = if upper { &self.hi } else { &self.lo };
        self.tree
            .members(i)
            .iter()
            .map(|&c| match trial {
                Some((t, v)) if t == c => v,
                _ => vals[c],
            })
            .min()
            .unwrap_or(INFINITY)
    }

    /// The throw's lower or upper bound, with a trial value for one child.
    fn value(&self, upper: bool, trial: Option<(usize, i32)>) -> i32 {
        let cached = if upper { &self.out_hi } else { &self.out_lo };
        let Some((c, x)) = trial else {
            return chance_value(&self.tree.probs, &self.logistic, |i| cached[i]);
        };
        let ex = self.logistic.expected(x);
        chance_value(&self.tree.probs, &self.logistic, |i| {
            if !self.tree.reaches(i, c) {
                return cached[i];
            }
            let v = self.least(i, upper, Some((c, x)));
            if v == x {
                (x, ex)
            } else if v == cached[i].0 {
                cached[i]
            } else {
                (v, self.logistic.expected(v))
            }
        })
    }

    pub fn upper(&self) -> i32 {
        self.value(true, None)
    }

    pub fn lower(&self) -> i32 {
        self.value(false, None)
    }

    /// Whether every outcome's value is known.
    pub fn exact(&self) -> bool {
        self.out_lo
            .iter()
            .zip(&self.out_hi)
            .all(|(l, h)| l.0 == h.0)
    }

    /// The value at or above which child `c` no longer matters: in every
    /// outcome it belongs to, another child is known to be at most that
    /// (the thrower would choose it). `INFINITY` when `c` is an outcome's
    /// only child.
    pub fn cap(&self, c: usize) -> i32 {
        let mut cap = -INFINITY;
        for i in 0..self.tree.outcomes() {
            if !self.tree.reaches(i, c) {
                continue;
            }
            let others = self
                .tree
                .members(i)
                .iter()
                .filter(|&&x| x != c)
                .map(|&x| self.hi[x])
                .min()
                .unwrap_or(INFINITY);
            cap = cap.max(others);
        }
        cap
    }

    /// Whether child `c` still has to be searched for the throw's value.
    pub fn needed(&self, c: usize) -> bool {
        self.lo[c] < self.hi[c] && self.lo[c] < self.cap(c)
    }

    /// A first guess of the value of child `c` that brings the throw to
    /// `target`, from the expected-score formula (Ballard's windows): the
    /// outcomes where `c` has the least bound move with it, the others
    /// stay. Exact while that set does not change.
    fn guess(&self, upper: bool, c: usize, target: i32) -> i32 {
        let (cached, own) = if upper {
            (&self.out_hi, self.hi[c])
        } else {
            (&self.out_lo, self.lo[c])
        };
        let (mut rest, mut p) = (0.0, 0.0);
        for (i, &q) in self.tree.probs.iter().enumerate() {
            if cached[i].0 == own && self.tree.reaches(i, c) {
                p += q;
            } else {
                rest += q * cached[i].1;
            }
        }
        if p == 0.0 {
            return own;
        }
        let e = (self.logistic.expected(target) - rest) / p;
        if e <= 0.0 {
            -INFINITY
        } else if e >= 1.0 {
            INFINITY
        } else {
            self.logistic.from_expected(e)
        }
    }

    /// The largest value of child `c` at which the throw fails low (its
    /// upper bound at most alpha): Star1's alpha for the child.
    pub fn child_alpha(&self, c: usize, alpha: i32) -> i32 {
        let guess = self.guess(true, c, alpha);
        match first_true(guess, |x| self.value(true, Some((c, x))) > alpha) {
            Some(x) => (x - 1).max(-INFINITY),
            None => INFINITY - 1,
        }
    }

    /// The smallest value of child `c` at which the throw fails high (its
    /// lower bound at least beta): Star1's beta for the child.
    pub fn child_beta(&self, c: usize, beta: i32) -> i32 {
        let guess = self.guess(false, c, beta);
        first_true(guess, |x| self.value(false, Some((c, x))) >= beta).unwrap_or(INFINITY)
    }
}

/// The smallest `x` in [-INFINITY, INFINITY] where the monotonic `pred`
/// holds, searched from a guess outwards and then by bisection. A good
/// guess (the common case) costs two calls, and a target out of reach
/// one or two more.
fn first_true(guess: i32, pred: impl Fn(i32) -> bool) -> Option<i32> {
    let guess = guess.clamp(-INFINITY, INFINITY);
    // pred(a) is false (or a is below the range), pred(b) true.
    let (mut a, mut b);
    if pred(guess) {
        if guess == -INFINITY || !pred(guess - 1) {
            return Some(guess);
        }
        if pred(-INFINITY) {
            return Some(-INFINITY);
        }
        b = guess - 1;
        let mut step = 2;
        loop {
            let x = (b - step).max(-INFINITY);
            if pred(x) {
                b = x;
                step *= 2;
            } else {
                a = x;
                break;
            }
        }
    } else {
        if guess == INFINITY || !pred(INFINITY) {
            return None;
        }
        if pred(guess + 1) {
            return Some(guess + 1);
        }
        a = guess + 1;
        let mut step = 2;
        loop {
            let x = (a + step).min(INFINITY);
            if pred(x) {
                b = x;
                break;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_true_finds_the_threshold_from_any_guess() {
        for t in [
            -INFINITY,
            -INFINITY + 1,
            -500,
            -1,
            0,
            1,
            77,
            4000,
            INFINITY - 1,
            INFINITY,
        ] {
            for g in [-INFINITY, -9999, -78, 0, 76, 77, 78, 30000, INFINITY] {
                assert_eq!(first_true(g, |x| x >= t), Some(t), "t {t} g {g}");
            }
        }
        for g in [-INFINITY, 0, INFINITY] {
            assert_eq!(first_true(g, |_| false), None);
            assert_eq!(first_true(g, |_| true), Some(-INFINITY));
        }
    }
}
