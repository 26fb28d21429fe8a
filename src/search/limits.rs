//! When to stop: the limits of a search and the time manager.

use crate::rules::action::Action;
use std::time::Duration;

/// What a move costs beyond its search (the answer's way to the GUI, the
/// scheduler of a loaded machine), by default: the `Move Overhead` option.
/// Stockfish's 10 ms suits an idle machine; with both cores loaded the
/// referee measured 112 ms for a move whose search took none.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(10);
/// The most `Move Overhead` may be set to.
pub const MAX_MOVE_OVERHEAD: Duration = Duration::from_millis(5000);
/// The least a move under a clock plans (enough for a first iteration),
/// unless its clock after the overhead has less.
const MIN_SHARE: Duration = Duration::from_millis(10);
/// The moves a clock without a count is shared over, unless the game's
/// weights say otherwise (`search.moves_left`).
pub const DEFAULT_MOVES_LEFT: u32 = 30;

/// When to stop.
#[derive(Clone, Debug)]
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
    /// What each move costs beyond its search (the engine core sets it
    /// from its `Move Overhead` setting).
    pub move_overhead: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            time_left: None,
            increment: Duration::ZERO,
            moves_to_go: None,
            infinite: false,
            searchmoves: Vec::new(),
            move_overhead: DEFAULT_MOVE_OVERHEAD,
        }
    }
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// (soft, hard) time budgets: no new iteration after half the soft one,
    /// stop at once at the hard one. A fixed time per move is both, less
    /// the overhead (at most half of it). With a clock: see `clock_budget`.
    pub fn budget(&self) -> (Option<Duration>, Option<Duration>) {
        self.budget_over(DEFAULT_MOVES_LEFT)
    }

    /// `budget`, a clock without a count shared over `moves_left` moves
    /// (the game's `search.moves_left`).
    pub fn budget_over(&self, moves_left: u32) -> (Option<Duration>, Option<Duration>) {
        if self.infinite {
            return (None, None);
        }
        if let Some(t) = self.movetime {
            let t = t - self.move_overhead.min(t / 2);
            return (Some(t), Some(t));
        }
        match self.time_left {
            Some(left) => self.clock_budget(left, moves_left),
            None => (None, None),
        }
    }

    /// The budgets of a move with `left` on the clock. The overhead is
    /// kept back from the clock, and every move to come pays it too, so
    /// the share of each is smaller by it (the increment pays some back).
    /// Never more than half of what the clock has after the overhead, so
    /// the clock is never exceeded; never less than `MIN_SHARE` when that
    /// half allows it, so that a move is still searched.
    fn clock_budget(
        &self,
        left: Duration,
        moves_left: u32,
    ) -> (Option<Duration>, Option<Duration>) {
        let usable = left.saturating_sub(self.move_overhead);
        let moves = self.moves_to_go.unwrap_or(moves_left).clamp(1, 50);
        let share = (usable / moves + self.increment * 3 / 4)
            .saturating_sub(self.move_overhead)
            .max(MIN_SHARE);
        let hard = (share * 3).min(usable / 2);
        (Some(share.min(hard)), Some(hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A clock, with no overhead: the shape of the plan alone.
    fn clock(left: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            time_left: Some(ms(left)),
            increment: ms(inc),
            moves_to_go: mtg,
            move_overhead: Duration::ZERO,
            ..Limits::default()
        }
    }

    fn with_overhead(limits: Limits, overhead: u64) -> Limits {
        Limits {
            move_overhead: ms(overhead),
            ..limits
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
        assert_eq!(l.budget(), (Some(ms(240)), Some(ms(240))));
        assert_eq!(
            with_overhead(l.clone(), 0).budget(),
            (Some(ms(250)), Some(ms(250)))
        );
        assert_eq!(
            with_overhead(l, 50).budget(),
            (Some(ms(200)), Some(ms(200)))
        );
        // Never more than half of the time kept back.
        let short = Limits {
            movetime: Some(ms(60)),
            ..Limits::default()
        };
        assert_eq!(
            with_overhead(short, 50).budget(),
            (Some(ms(30)), Some(ms(30)))
        );
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
        assert_eq!(hard, Some(ms(5000)));
        // The last move before the control: still at most half the clock.
        let (soft, hard) = clock(10_000, 0, Some(1)).budget();
        assert_eq!(hard, Some(ms(5000)));
        assert_eq!(soft, hard);
        // Absurd values are clamped.
        let (soft, _) = clock(10_000, 0, Some(0)).budget();
        assert_eq!(soft, Some(ms(5000)));
        let (soft, _) = clock(10_000, 0, Some(1000)).budget();
        assert_eq!(soft, Some(ms(200)));
    }

    #[test]
    fn a_clock_without_a_count_is_shared_over_the_games_moves_left() {
        let l = with_overhead(clock(21_000, 0, None), 0);
        assert_eq!(l.budget(), l.budget_over(DEFAULT_MOVES_LEFT));
        assert_eq!(l.budget_over(20).0, Some(ms(1050)));
        assert_eq!(l.budget_over(30).0, Some(ms(700)));
        // A count from the protocol wins.
        let counted = with_overhead(clock(21_000, 0, Some(7)), 0);
        assert_eq!(counted.budget_over(20).0, Some(ms(3000)));
    }

    #[test]
    fn every_move_pays_the_overhead() {
        // 1 s + 0.05 s: a thirtieth of what the overhead leaves, three
        // quarters of the increment, less the overhead.
        let l = with_overhead(clock(1000, 50, None), 30);
        assert_eq!(l.budget().0, Some(ms(970) / 30 + ms(75) / 2 - ms(30)));
        // An overhead above the share: the floor, within the clock.
        let l = with_overhead(clock(1000, 50, None), 100);
        assert_eq!(l.budget(), (Some(MIN_SHARE), Some(MIN_SHARE * 3)));
    }

    /// The plan for a clock with an overhead stays below the clock less
    /// the overhead: at most half of it, none when the overhead takes it
    /// all (`wtime 0` with an increment included).
    #[test]
    fn the_plan_stays_below_the_clock_less_the_overhead() {
        for overhead in [0u64, 10, 50, 112, 1000, 5000] {
            for left in [0u64, 1, 5, 10, 49, 50, 51, 112, 300, 1_000, 7_777, 60_000] {
                for inc in [0u64, 50, 1_000, 60_000] {
                    for mtg in [None, Some(1), Some(2), Some(40)] {
                        let l = with_overhead(clock(left, inc, mtg), overhead);
                        let (soft, hard) = l.budget();
                        let (soft, hard) = (soft.unwrap(), hard.unwrap());
                        let usable = ms(left.saturating_sub(overhead));
                        let case = format!("{overhead} {left} {inc} {mtg:?}: {soft:?} {hard:?}");
                        assert!(soft <= hard, "{case}");
                        assert!(hard <= usable / 2, "{case}");
                        if usable >= MIN_SHARE * 2 {
                            assert!(soft >= MIN_SHARE, "{case}");
                        }
                    }
                }
            }
        }
        let at_zero = with_overhead(clock(0, 50, None), 50);
        assert_eq!(at_zero.budget(), (Some(ms(0)), Some(ms(0))));
    }
}
