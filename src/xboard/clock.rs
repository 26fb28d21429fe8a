//! Our clock as XBoard keeps it, and the time we report.
//!
//! XBoard sends `time` before each move it relays, and its clock for us
//! runs from then on: also while a person answers the choice box after a
//! throw (XBoard thinks we are on move). So our clock is what `time`
//! said less what has passed since.
//!
//! With `nps` (XBoard's `-firstNPS`), XBoard stops running our clock and
//! charges us the time our thinking output reports instead
//! (`backend.c`: `if(cps->nps >= 0)`, and `SwitchClocks` drops the wall
//! time). `nps 0` reports the time our searches took; `nps N` counts N
//! nodes as a second. Either way a person's choice costs us nothing.

use std::time::{Duration, Instant};

#[derive(Default)]
pub(crate) struct EngineClock {
    /// The last `time` and when it came.
    given: Option<(Duration, Instant)>,
    /// `nps N`, in force until `new`.
    nps: Option<u64>,
    /// Searched since our last move went out: what `nps` charges for it.
    searched: Duration,
    nodes: u64,
}

impl EngineClock {
    /// `time N`, in centiseconds (a negative clock as none left).
    pub(crate) fn set(&mut self, centiseconds: i64) {
        let millis = (centiseconds.max(0) as u64).saturating_mul(10);
        self.given = Some((Duration::from_millis(millis), Instant::now()));
    }

    pub(crate) fn set_nps(&mut self, nps: u64) {
        self.nps = Some(nps);
    }

    /// A new game: no clock and no `nps` until XBoard says them again.
    pub(crate) fn reset(&mut self) {
        *self = EngineClock::default();
    }

    /// What our clock holds now, if XBoard told us.
    pub(crate) fn left(&self) -> Option<Duration> {
        let (given, at) = self.given?;
        Some(match self.nps {
            Some(_) => given,
            None => given.saturating_sub(at.elapsed()),
        })
    }

    /// With `nps N` above 0, the nodes a budget of time stands for.
    pub(crate) fn nodes_for(&self, budget: Duration) -> Option<u64> {
        let nps = self.nps.filter(|&n| n > 0)?;
        Some(((budget.as_millis() as u64).saturating_mul(nps) / 1000).max(1))
    }

    /// A search of ours ended: under `nps` its cost is counted.
    pub(crate) fn searched(&mut self, time: Duration, nodes: u64) {
        if self.nps.is_some() {
            self.searched += time;
            self.nodes += nodes;
        }
    }

    /// Whether XBoard charges us by our reports (`nps`): every move then
    /// goes with a last report of all it cost.
    pub(crate) fn by_reports(&self) -> bool {
        self.nps.is_some()
    }

    /// `nps N`, for reports made away from the session.
    pub(crate) fn nps(&self) -> Option<u64> {
        self.nps
    }

    /// The whole cost of the move going out (its search and those of our
    /// choices before it), and a fresh count for the next.
    pub(crate) fn take_move_cost(&mut self) -> (u64, u64) {
        let cost = report_centiseconds(self.nps, self.searched, self.nodes);
        let nodes = self.nodes;
        self.searched = Duration::ZERO;
        self.nodes = 0;
        (cost, nodes)
    }
}

/// The time a report shows, in centiseconds: the time searched, or under
/// `nps N` (N above 0) the nodes as time.
pub(crate) fn report_centiseconds(nps: Option<u64>, time: Duration, nodes: u64) -> u64 {
    match nps {
        Some(n) if n > 0 => nodes.saturating_mul(100) / n,
        _ => time.as_millis() as u64 / 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_runs_from_when_xboard_gave_it() {
        let mut clock = EngineClock::default();
        clock.set(100);
        std::thread::sleep(Duration::from_millis(30));
        let left = clock.left().expect("a clock");
        assert!(left <= Duration::from_millis(970), "{left:?}");
        clock.set_nps(0);
        assert_eq!(clock.left(), Some(Duration::from_secs(1)));
    }

    #[test]
    fn nps_charges_the_searches_reported() {
        let mut clock = EngineClock::default();
        clock.set_nps(1000);
        assert_eq!(clock.nodes_for(Duration::from_millis(1500)), Some(1500));
        clock.searched(Duration::from_secs(9), 2500);
        clock.searched(Duration::from_secs(9), 500);
        assert_eq!(clock.take_move_cost(), (300, 3000));
        assert_eq!(clock.take_move_cost(), (0, 0));
        clock.set_nps(0);
        assert_eq!(clock.nodes_for(Duration::from_secs(1)), None);
        clock.searched(Duration::from_millis(1234), 7);
        assert_eq!(clock.take_move_cost(), (123, 7));
    }
}
