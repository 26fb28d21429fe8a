//! Scores: centipawns and mates for the side to move, the expected-score
//! scale chance nodes average on, and mate distances in the table.

use super::{INFINITY, MATE_BOUND};
use std::sync::LazyLock;

/// The expected score of a value: `1 / (1 + 10^(-cp/400))`, mates 0 and 1
/// (from a table: chance nodes ask for it at every step of their windows).
#[inline]
pub fn expected(v: i32) -> f64 {
    if v >= MATE_BOUND {
        1.0
    } else if v <= -MATE_BOUND {
        0.0
    } else {
        LOGISTIC[(v + MATE_BOUND - 1) as usize]
    }
}

static LOGISTIC: LazyLock<Box<[f64]>> = LazyLock::new(|| {
    (-(MATE_BOUND - 1)..MATE_BOUND)
        .map(|v| 1.0 / (1.0 + 10f64.powf(-v as f64 / 400.0)))
        .collect()
});

/// Back from the expected-score scale, rounded to a centipawn; never a mate.
#[inline]
pub fn from_expected(s: f64) -> i32 {
    let s = s.clamp(1e-9, 1.0 - 1e-9);
    let v = 400.0 * (s / (1.0 - s)).log10();
    (v.round() as i32).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// The value of a chance node from its outcomes' values (`of(i)` is the
/// value of outcome `i` and its expected score, with probability
/// `probs[i]`, summed in this order): the probability-weighted
/// mean of the expected scores, back in centipawns; a mate whatever the
/// dice keeps its distance (the slowest win, the slowest loss).
///
/// It never decreases when one value increases (the floating-point sum in a
/// fixed order is monotonic too), so bounds on the outcomes give bounds on
/// the node, computed exactly as the value would be: this is what makes
/// Star1 and Star2 return exactly the expectimax value.
pub fn chance_value(probs: &[f64], of: impl Fn(usize) -> (i32, f64)) -> i32 {
    let mut mean = 0.0;
    let (mut worst, mut best) = (INFINITY, -INFINITY);
    for (i, &p) in probs.iter().enumerate() {
        let (v, e) = of(i);
        mean += p * e;
        worst = worst.min(v);
        best = best.max(v);
    }
    if worst >= MATE_BOUND {
        worst
    } else if best <= -MATE_BOUND {
        best
    } else {
        from_expected(mean)
    }
}

/// Mate scores are stored relative to the node, not the root.
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn expected_scores_round_trip() {
        for v in -3000..=3000 {
            assert_eq!(from_expected(expected(v)), v);
        }
    }

    #[test]
    fn chance_values_keep_mates_and_grow_with_each_outcome() {
        let probs = [0.25, 0.75];
        let f = |a: i32, b: i32| {
            let vals = [a, b];
            chance_value(&probs, |i| (vals[i], expected(vals[i])))
        };
        assert_eq!(f(MATE - 5, MATE - 3), MATE - 5);
        assert_eq!(f(-MATE + 4, -MATE + 8), -MATE + 8);
        assert_eq!(f(0, 0), 0);
        let mut last = -INFINITY;
        for b in (-INFINITY..=INFINITY).step_by(7) {
            let v = f(100, b);
            assert!(v >= last, "{b}");
            last = v;
        }
    }
}
