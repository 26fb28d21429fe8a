//! The pace of the iterations under a clock: how much of the soft budget
//! to use before starting no new iteration. An unsettled search (the best
//! move just changed, or the score fell) is worth more time; one whose
//! best move has led for several iterations is worth less, and the time
//! saved goes to the moves where it matters.

use crate::rules::action::Action;
use std::time::Duration;

/// The most the share grows: the soft budget is never passed by more.
const MOST: f64 = 2.0;
/// The share once the best move has led `SETTLED` iterations in a row.
const SETTLED_SHARE: f64 = 0.7;
const SETTLED: u32 = 4;
/// A fall of the score by this many centipawns doubles the share.
const FALL_DOUBLES: f64 = 100.0;

/// Follows the iterations of one search.
#[derive(Clone, Debug)]
pub struct Pace {
    best: Option<Action>,
    score: Option<i32>,
    /// Iterations in a row the best move has led.
    led: u32,
    /// The share of the soft budget after the last iteration.
    share: f64,
}

impl Default for Pace {
    /// Before the first iteration: the whole share.
    fn default() -> Pace {
        Pace {
            best: None,
            score: None,
            led: 0,
            share: 1.0,
        }
    }
}

impl Pace {
    pub fn new() -> Pace {
        Pace::default()
    }

    /// Notes an iteration's best action and score.
    pub fn iteration(&mut self, best: Action, score: i32) {
        let changed = self.best.is_some_and(|b| b != best);
        self.led = if self.best == Some(best) {
            self.led + 1
        } else {
            1
        };
        let fall = self.score.map_or(0, |s| s - score).max(0) as f64;
        self.best = Some(best);
        self.score = Some(score);
        let mut share = if changed { MOST } else { 1.0 };
        share *= 1.0 + fall / FALL_DOUBLES;
        if !changed && fall == 0.0 && self.led >= SETTLED {
            share = SETTLED_SHARE;
        }
        self.share = share.min(MOST);
    }

    /// Whether another iteration may start, `elapsed` into a search whose
    /// soft budget is `soft`: not after half its share of it (the next
    /// iteration costs about as much as all before it).
    pub fn may_go_on(&self, elapsed: Duration, soft: Duration) -> bool {
        elapsed < soft.mul_f64(self.share / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_fresh_search_uses_half_the_soft_budget() {
        let p = Pace::new();
        assert!(p.may_go_on(ms(499), ms(1000)));
        assert!(!p.may_go_on(ms(500), ms(1000)));
    }

    #[test]
    fn a_new_best_move_doubles_the_share() {
        let mut p = Pace::new();
        p.iteration(Action::Choose(1), 10);
        assert!(!p.may_go_on(ms(600), ms(1000)));
        p.iteration(Action::Choose(2), 10);
        assert!(p.may_go_on(ms(900), ms(1000)));
        assert!(!p.may_go_on(ms(1000), ms(1000)));
    }

    #[test]
    fn a_falling_score_widens_the_share_up_to_twice() {
        let mut p = Pace::new();
        p.iteration(Action::Choose(1), 50);
        // Half a hundred centipawns lower: half as much again.
        p.iteration(Action::Choose(1), 0);
        assert!(p.may_go_on(ms(740), ms(1000)));
        assert!(!p.may_go_on(ms(760), ms(1000)));
        // Far lower: twice, no more.
        p.iteration(Action::Choose(1), -500);
        assert!(p.may_go_on(ms(990), ms(1000)));
        assert!(!p.may_go_on(ms(1000), ms(1000)));
        // A rising score does not.
        p.iteration(Action::Choose(1), 0);
        assert!(!p.may_go_on(ms(500), ms(1000)));
    }

    #[test]
    fn a_settled_best_move_uses_less() {
        let mut p = Pace::new();
        for _ in 0..3 {
            p.iteration(Action::Choose(7), 20);
        }
        assert!(p.may_go_on(ms(400), ms(1000)));
        p.iteration(Action::Choose(7), 20);
        assert!(!p.may_go_on(ms(400), ms(1000)));
        assert!(p.may_go_on(ms(340), ms(1000)));
        // A change unsettles it again.
        p.iteration(Action::Choose(8), 20);
        assert!(p.may_go_on(ms(900), ms(1000)));
    }
}
