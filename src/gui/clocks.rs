//! The board's clocks: each side's time left, the one of the side whose
//! decision the game waits for running. A choice after a throw runs the
//! clock of the side that makes it, a throw the clock of the side that
//! throws.

use crate::rules::square::Color;
use std::time::{Duration, Instant};

/// How the game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// Each side's base time and what each move adds.
    Clock { base: Duration, increment: Duration },
    /// No clocks; the engine thinks this long a move.
    PerMove(Duration),
}

impl Timing {
    pub fn has_clocks(self) -> bool {
        matches!(self, Timing::Clock { .. })
    }
}

#[derive(Clone, Debug)]
pub struct Clocks {
    timing: Timing,
    left: [Duration; 2],
    running: Option<(Color, Instant)>,
}

impl Clocks {
    pub fn new(timing: Timing) -> Clocks {
        let base = match timing {
            Timing::Clock { base, .. } => base,
            Timing::PerMove(_) => Duration::ZERO,
        };
        Clocks {
            timing,
            left: [base; 2],
            running: None,
        }
    }

    pub fn timing(&self) -> Timing {
        self.timing
    }

    /// Runs `side`'s clock (and stops the other's), charging what the
    /// running one used.
    pub fn run(&mut self, side: Color) {
        if self.running.is_some_and(|(c, _)| c == side) {
            return;
        }
        self.stop();
        self.running = Some((side, Instant::now()));
    }

    /// Stops the running clock, charging what it used.
    pub fn stop(&mut self) {
        if let Some((side, since)) = self.running.take() {
            let i = side.index();
            self.left[i] = self.left[i].saturating_sub(since.elapsed());
        }
    }

    /// After `side`'s move: its increment.
    pub fn moved(&mut self, side: Color) {
        if let Timing::Clock { increment, .. } = self.timing {
            self.left[side.index()] += increment;
        }
    }

    /// `side`'s time left now (its running time taken off).
    pub fn left(&self, side: Color) -> Duration {
        let used = match self.running {
            Some((c, since)) if c == side => since.elapsed(),
            _ => Duration::ZERO,
        };
        self.left[side.index()].saturating_sub(used)
    }

    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// The side whose time is up, with clocks.
    pub fn flagged(&self) -> Option<Color> {
        let side = self.running()?;
        (self.timing.has_clocks() && self.left(side).is_zero()).then_some(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_running_side_is_charged_and_a_move_adds_the_increment() {
        let timing = Timing::Clock {
            base: Duration::from_millis(50),
            increment: Duration::from_secs(1),
        };
        let mut c = Clocks::new(timing);
        c.run(Color::White);
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(c.flagged(), Some(Color::White));
        c.run(Color::Black);
        assert!(c.left(Color::White).is_zero());
        assert_eq!(c.flagged(), None);
        c.moved(Color::White);
        assert_eq!(c.left(Color::White), Duration::from_secs(1));
        assert!(c.left(Color::Black) <= Duration::from_millis(50));
    }

    #[test]
    fn a_fixed_time_a_move_never_flags() {
        let mut c = Clocks::new(Timing::PerMove(Duration::from_millis(1)));
        c.run(Color::White);
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(c.flagged(), None);
    }
}
