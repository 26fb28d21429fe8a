//! When to stop: the limits of a search and the time manager.

use crate::rules::action::Action;
use std::time::Duration;

/// The most a fixed time per move keeps back (a tenth of it at most).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(20);

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Clock of the side to act, its increment and moves to the time control.
    pub time_left: Option<Duration>,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
    /// Until stopped: no time budget, and no early end at a mate or a lone
    /// move (analysis keeps reporting).
    pub infinite: bool,
    /// Only these root actions (UCI `searchmoves`); empty: all of them.
    pub searchmoves: Vec<Action>,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// (soft, hard) time budgets: no new iteration after half the soft one,
    /// stop at once at the hard one; a fixed time per move is both, less
    /// a tenth of it up to `MOVE_OVERHEAD`. With a clock, never more than half of
    /// what is left after a safety margin (30 ms, or a tenth of a short
    /// clock), so the clock is never exceeded.
    pub fn budget(&self) -> (Option<Duration>, Option<Duration>) {
        if self.infinite {
            return (None, None);
        }
        if let Some(t) = self.movetime {
            // Kept back for what follows the search: the answer, the pipe,
            // the scheduler of a loaded machine.
            let t = t.saturating_sub(MOVE_OVERHEAD.min(t / 10));
            return (Some(t), Some(t));
        }
        let Some(left) = self.time_left else {
            return (None, None);
        };
        let moves = self.moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = left / moves + self.increment * 3 / 4;
        let margin = Duration::from_millis(30).min(left / 10);
        let hard = (share * 3).min(left.saturating_sub(margin) / 2);
        (Some(share.min(hard)), Some(hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(left: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            time_left: Some(ms(left)),
            increment: ms(inc),
            moves_to_go: mtg,
            ..Limits::default()
        }
    }

    #[test]
    fn no_clock_and_infinite_have_no_budget() {
        assert_eq!(Limits::depth(5).budget(), (None, None));
        let inf = Limits {
            infinite: true,
            time_left: Some(ms(1000)),
            ..Limits::default()
        };
        assert_eq!(inf.budget(), (None, None));
    }

    #[test]
    fn movetime_is_both_budgets_less_the_overhead() {
        let l = Limits {
            movetime: Some(ms(250)),
            time_left: Some(ms(100_000)),
            ..Limits::default()
        };
        assert_eq!(l.budget(), (Some(ms(230)), Some(ms(230))));
        let short = Limits {
            movetime: Some(ms(100)),
            ..Limits::default()
        };
        assert_eq!(short.budget(), (Some(ms(90)), Some(ms(90))));
    }

    #[test]
    fn sudden_death_spends_a_thirtieth() {
        let (soft, hard) = clock(60_000, 0, None).budget();
        assert_eq!(soft, Some(ms(2000)));
        assert_eq!(hard, Some(ms(6000)));
    }

    #[test]
    fn increment_adds_three_quarters_of_itself() {
        let (soft, hard) = clock(60_000, 1000, None).budget();
        assert_eq!(soft, Some(ms(2750)));
        assert_eq!(hard, Some(ms(8250)));
    }

    #[test]
    fn moves_to_go_divides_the_clock() {
        let (soft, hard) = clock(10_000, 0, Some(5)).budget();
        assert_eq!(soft, Some(ms(2000)));
        // Three shares would be 6 s: capped at half the clock.
        assert_eq!(hard, Some(ms(4985)));
        // The last move before the control: still at most half the clock.
        let (soft, hard) = clock(10_000, 0, Some(1)).budget();
        assert_eq!(hard, Some(ms(4985)));
        assert_eq!(soft, hard);
        // Absurd values are clamped.
        let (soft, _) = clock(10_000, 0, Some(0)).budget();
        assert_eq!(soft, Some(ms(4985)));
        let (soft, _) = clock(10_000, 0, Some(1000)).budget();
        assert_eq!(soft, Some(ms(200)));
    }

    #[test]
    fn never_beyond_the_clock_with_a_margin() {
        for left in [
            0u64, 1, 5, 10, 29, 30, 31, 100, 500, 1_000, 7_777, 60_000, 3_600_000,
        ] {
            for inc in [0u64, 10, 100, 1_000, 5_000, 60_000] {
                for mtg in [None, Some(1), Some(2), Some(10), Some(40)] {
                    let (soft, hard) = clock(left, inc, mtg).budget();
                    let (soft, hard) = (soft.unwrap(), hard.unwrap());
                    assert!(soft <= hard, "{left} {inc} {mtg:?}");
                    // At most half of the clock, and a margin kept.
                    assert!(hard <= ms(left) / 2, "{left} {inc} {mtg:?}: {hard:?}");
                    if left >= 300 {
                        assert!(hard + ms(30) <= ms(left), "{left} {inc} {mtg:?}");
                    }
                }
            }
        }
    }
}
