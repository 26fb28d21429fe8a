//! Match statistics: W/D/L, the pentanomial of the pairs, the Elo
//! difference with its 95% interval, and the sequential probability ratio
//! test (the normal approximation of the generalised SPRT, as fishtest
//! runs it on pairs).

/// Scores of the first engine, counted per game and per pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Pairs by the first engine's points in them: 0, 0.5, 1, 1.5, 2.
    pub penta: [u32; 5],
}

/// Logistic Elo of an expected score (infinite at 0 and 1).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    /// Adds a game; `points` is the first engine's (0, 1 or 2 half-points).
    pub fn add_game(&mut self, half_points: u8) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Adds a finished pair: the first engine's half-points over its two games.
    pub fn add_pair(&mut self, half_points: u8) {
        self.penta[(half_points as usize).min(4)] += 1;
    }

    /// The tally of some of a match's games, each given by its 0-based
    /// index (games 2k and 2k+1 are pair k) and the first engine's
    /// half-points: a pair counts in the pentanomial only when both its
    /// games are given, so games left out take their pair out of the Elo.
    pub fn from_games(games: &[(usize, u8)]) -> Tally {
        let mut t = Tally::default();
        let points: std::collections::BTreeMap<usize, u8> = games.iter().copied().collect();
        for (&i, &p) in &points {
            t.add_game(p);
            if i % 2 == 1 {
                if let Some(&first) = points.get(&(i - 1)) {
                    t.add_pair(first + p);
                }
            }
        }
        t
    }

    /// Adds another tally's games and pairs (runs of one test pooled).
    pub fn add_tally(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        for (sum, n) in self.penta.iter_mut().zip(other.penta) {
            *sum += n;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn pairs(&self) -> u32 {
        self.penta.iter().sum()
    }

    /// The first engine's score per game over every game.
    pub fn score(&self) -> f64 {
        let g = self.games();
        if g == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / g as f64
    }

    /// Count, mean and variance of the per-game score of a pair, over the
    /// pairs, each bin counted `prior` more times than seen.
    fn pair_moments(&self, prior: f64) -> Option<(f64, f64, f64)> {
        if self.pairs() == 0 {
            return None;
        }
        let counts: Vec<f64> = self.penta.iter().map(|&c| c as f64 + prior).collect();
        let n: f64 = counts.iter().sum();
        let mean = (0..5).map(|i| counts[i] * i as f64 / 4.0).sum::<f64>() / n;
        let var = (0..5)
            .map(|i| counts[i] * (i as f64 / 4.0 - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((n, mean, var))
    }

    /// Elo difference (first engine minus second) and its 95% interval,
    /// from the pentanomial; `None` before the first pair.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let (n, mean, var) = self.pair_moments(0.0)?;
        let half = 1.959964 * (var / n).sqrt();
        Some((
            elo_of_score(mean),
            elo_of_score(mean - half),
            elo_of_score(mean + half),
        ))
    }
}

/// Pseudo-count added to each pentanomial bin for the SPRT.
pub const PRIOR: f64 = 0.2;

/// A sequential test of H0: elo = elo0 against H1: elo = elo1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    AcceptH0,
    AcceptH1,
}

impl Sprt {
    /// (lower, upper) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pairs so far: N (s1 - s0) (2m - s0 - s1) / (2 v),
    /// m and v the mean and variance of the pair scores, s0 and s1 the
    /// expected scores of elo0 and elo1. The pentanomial gets a prior of one
    /// pair spread evenly over its five bins (`PRIOR` each), so that a
    /// sweep (variance zero) still decides, after a dozen pairs or so.
    pub fn llr(&self, t: &Tally) -> f64 {
        let Some((n, mean, var)) = t.pair_moments(PRIOR) else {
            return 0.0;
        };
        if var <= 1e-12 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    pub fn decision(&self, t: &Tally) -> Option<Decision> {
        let llr = self.llr(t);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(Decision::AcceptH1)
        } else if llr <= lo {
            Some(Decision::AcceptH0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_pentanomials() {
        let mut t = Tally::default();
        assert_eq!(t.elo(), None);
        t.penta = [10, 20, 40, 20, 10];
        let (e, lo, hi) = t.elo().unwrap();
        assert!(e.abs() < 1e-9 && lo < -10.0 && hi > 10.0 && (lo + hi).abs() < 1e-6);
        t.penta = [0, 0, 10, 30, 10];
        let (e, lo, hi) = t.elo().unwrap();
        // Mean pair score 0.75: +191 Elo.
        assert!((e - 190.85).abs() < 0.1, "{e}");
        assert!(lo < e && e < hi);
        assert!((score_of_elo(elo_of_score(0.3)) - 0.3).abs() < 1e-12);
        t.penta = [0, 0, 0, 0, 3];
        assert_eq!(t.elo(), Some((f64::INFINITY, f64::INFINITY, f64::INFINITY)));
    }

    #[test]
    fn a_tally_of_some_games_keeps_whole_pairs_only() {
        // Pairs 0 and 1 whole, game 5 without game 4 (left out).
        let t = Tally::from_games(&[(0, 2), (1, 1), (2, 0), (3, 2), (5, 2)]);
        assert_eq!((t.wins, t.draws, t.losses), (3, 1, 1));
        assert_eq!(t.penta, [0, 0, 1, 1, 0]);
        assert_eq!(t.pairs(), 2);
        assert_eq!(Tally::from_games(&[]), Tally::default());
    }

    #[test]
    fn sprt_decides_both_ways() {
        let s = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = s.bounds();
        assert!((hi - 2.944).abs() < 1e-3 && (lo + 2.944).abs() < 1e-3);
        let strong = Tally {
            penta: [5, 20, 40, 60, 30],
            ..Tally::default()
        };
        assert_eq!(s.decision(&strong), Some(Decision::AcceptH1));
        let weak = Tally {
            penta: [30, 60, 40, 20, 5],
            ..Tally::default()
        };
        assert_eq!(s.decision(&weak), Some(Decision::AcceptH0));
        let few = Tally {
            penta: [0, 1, 1, 1, 0],
            ..Tally::default()
        };
        assert_eq!(s.decision(&few), None);
        // A sweep decides, but not at once.
        let mut sweep = Tally {
            penta: [0, 0, 0, 0, 3],
            ..Tally::default()
        };
        assert_eq!(s.decision(&sweep), None);
        sweep.penta = [0, 0, 0, 0, 40];
        assert_eq!(s.decision(&sweep), Some(Decision::AcceptH1));
    }
}
