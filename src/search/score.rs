//! Scores: centipawns and mates for the side to move, the expected-score
//! scale chance nodes average on, and mate distances in the table.

use super::{INFINITY, MATE_BOUND};
use std::sync::{Arc, LazyLock};

/// The centipawns that multiply the odds of a win tenfold, where a game
/// sets none: the usual Elo scale.
pub const CHANCE_SCALE: i32 = 400;

/// The expected score of a value, `1 / (1 + 10^(-cp/scale))`, mates 0 and
/// 1, and back. The scale is a game's (`search.chance_scale`): how much a
/// centipawn of its evaluation moves the odds, which the tuner measures
/// as K (scale = 400 / K). A chance node averages outcomes on this scale,
/// so it decides how much a sure gain weighs against a risk: where the
/// dice swing every game, a pawn or two is worth less certainty than in
/// chess. Cloned per throw (the table is shared).
#[derive(Clone)]
pub struct Logistic {
    scale: i32,
    table: Arc<[f64]>,
}

static USUAL: LazyLock<Logistic> = LazyLock::new(|| Logistic::build(CHANCE_SCALE));

impl Default for Logistic {
    fn default() -> Logistic {
        USUAL.clone()
    }
}

impl Logistic {
    /// The scale of `scale` centipawns (at least 1), its table built
    /// unless it is the usual one.
    pub fn new(scale: i32) -> Logistic {
        match scale.max(1) {
            CHANCE_SCALE => Logistic::default(),
            s => Logistic::build(s),
        }
    }

    fn build(scale: i32) -> Logistic {
        let per = f64::from(scale);
        let table = (-(MATE_BOUND - 1)..MATE_BOUND)
            .map(|v| 1.0 / (1.0 + 10f64.powf(-f64::from(v) / per)))
            .collect();
        Logistic { scale, table }
    }

    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// The expected score of `v` (from a table: chance nodes ask for it at
    /// every step of their windows).
    #[inline]
    pub fn expected(&self, v: i32) -> f64 {
        if v >= MATE_BOUND {
            1.0
        } else if v <= -MATE_BOUND {
            0.0
        } else {
            self.table[(v + MATE_BOUND - 1) as usize]
        }
    }

    /// Back from the expected-score scale, rounded to a centipawn; never a
    /// mate.
    #[inline]
    pub fn from_expected(&self, s: f64) -> i32 {
        let s = s.clamp(1e-9, 1.0 - 1e-9);
        let v = f64::from(self.scale) * (s / (1.0 - s)).log10();
        (v.round() as i32).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }
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
pub fn chance_value(probs: &[f64], logistic: &Logistic, of: impl Fn(usize) -> (i32, f64)) -> i32 {
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
        logistic.from_expected(mean)
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
    fn expected_scores_round_trip_on_every_scale() {
        for scale in [CHANCE_SCALE, 1300] {
            let l = Logistic::new(scale);
            for v in -3000..=3000 {
                assert_eq!(l.from_expected(l.expected(v)), v, "{scale}");
            }
        }
    }

    #[test]
    fn a_wider_scale_gives_a_centipawn_less_certainty() {
        let (usual, wide) = (Logistic::default(), Logistic::new(1200));
        assert_eq!(usual.scale(), CHANCE_SCALE);
        // 400 cp: ten to one on the usual scale, ten to one at 1200 cp
        // on the wide one.
        assert!((usual.expected(400) - 10.0 / 11.0).abs() < 1e-12);
        assert!((wide.expected(1200) - 10.0 / 11.0).abs() < 1e-12);
        assert!(wide.expected(400) < usual.expected(400));
        assert_eq!(wide.expected(MATE_BOUND), 1.0);
        assert_eq!(wide.expected(-MATE_BOUND), 0.0);
    }

    #[test]
    fn chance_values_keep_mates_and_grow_with_each_outcome() {
        let probs = [0.25, 0.75];
        let l = Logistic::default();
        let f = |a: i32, b: i32| {
            let vals = [a, b];
            chance_value(&probs, &l, |i| (vals[i], l.expected(vals[i])))
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
