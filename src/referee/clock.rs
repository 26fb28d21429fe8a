//! Search limits and clocks: sudden death with an increment, a fixed time
//! per move, or untimed (depth / nodes). The referee measures each answer
//! from the moment it asked; an answer later than the clock allows (plus a
//! margin for the pipe and the scheduler) loses on time.

use std::time::Duration;

/// How an engine is limited: a clock or a time per move, and/or depth or nodes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Sudden death: (base, increment per move) in milliseconds.
    pub clock: Option<(u64, u64)>,
    /// A fixed time for each move, in milliseconds.
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitError(pub String);

impl std::fmt::Display for LimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LimitError {}

/// Parses seconds with decimals (`10`, `0.1`) into milliseconds.
fn seconds_ms(text: &str) -> Result<u64, LimitError> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| LimitError(format!("'{text}' is not a number of seconds")))?;
    if !s.is_finite() || !(0.0..=1e7).contains(&s) {
        return Err(LimitError(format!("'{text}' is out of range")));
    }
    Ok((s * 1000.0).round() as u64)
}

/// Parses a time control `BASE[+INC]` in seconds: `10+0.1`, `60`, `5+0`.
pub fn parse_tc(text: &str) -> Result<(u64, u64), LimitError> {
    let (base, inc) = match text.split_once('+') {
        Some((b, i)) => (seconds_ms(b)?, seconds_ms(i)?),
        None => (seconds_ms(text)?, 0),
    };
    if base == 0 {
        return Err(LimitError(format!("time control '{text}' has no time")));
    }
    Ok((base, inc))
}

impl Limits {
    /// True when nothing limits the search.
    pub fn is_empty(&self) -> bool {
        *self == Limits::default()
    }

    /// Checks that the limits make sense together.
    pub fn validate(&self) -> Result<(), LimitError> {
        if self.clock.is_some() && self.movetime.is_some() {
            return Err(LimitError(
                "a clock (tc) and a time per move (movetime) exclude each other".to_string(),
            ));
        }
        if self.is_empty() {
            return Err(LimitError(
                "no limit: give --tc, --movetime, --depth or --nodes (or tc=, movetime=, depth=, nodes= in --engine)"
                    .to_string(),
            ));
        }
        if self.movetime == Some(0) || self.depth == Some(0) || self.nodes == Some(0) {
            return Err(LimitError("a limit of zero".to_string()));
        }
        Ok(())
    }

    /// The limits as text, for the PGN `TimeControl` tag and the log.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some((b, i)) = self.clock {
            parts.push(format!("{}+{}", b as f64 / 1000.0, i as f64 / 1000.0));
        }
        if let Some(m) = self.movetime {
            parts.push(format!("movetime={m}ms"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        parts.join(" ")
    }
}

/// One side's clock during a game.
#[derive(Clone, Debug)]
pub struct Clock {
    pub limits: Limits,
    /// Milliseconds left (may go below zero by the margin).
    pub remaining_ms: i64,
}

/// What the referee allows for one answer.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// How long to wait before the side loses (on time, or as silent).
    pub allowed: Duration,
}

impl Clock {
    pub fn new(limits: &Limits) -> Clock {
        Clock {
            limits: limits.clone(),
            remaining_ms: limits.clock.map_or(0, |(b, _)| b as i64),
        }
    }

    pub fn increment_ms(&self) -> u64 {
        self.limits.clock.map_or(0, |(_, i)| i)
    }

    /// The time allowed for the next answer; `untimed` when neither a clock
    /// nor a time per move applies.
    pub fn budget(&self, margin: Duration, untimed: Duration) -> Budget {
        let allowed = if self.limits.clock.is_some() {
            Duration::from_millis(self.remaining_ms.max(0) as u64) + margin
        } else if let Some(m) = self.limits.movetime {
            Duration::from_millis(m) + margin
        } else {
            untimed
        };
        Budget { allowed }
    }

    /// Charges an answer that took `elapsed`; `move_done` adds the increment
    /// (once a move, not for the choices after a throw). False when the
    /// flag fell.
    pub fn charge(&mut self, elapsed: Duration, budget: Budget, move_done: bool) -> bool {
        if elapsed > budget.allowed {
            return false;
        }
        if self.limits.clock.is_some() {
            self.remaining_ms -= elapsed.as_millis() as i64;
            if move_done {
                self.remaining_ms += self.increment_ms() as i64;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        assert_eq!(parse_tc("10+0.1"), Ok((10_000, 100)));
        assert_eq!(parse_tc("60"), Ok((60_000, 0)));
        assert!(parse_tc("x+1").is_err());
        assert!(parse_tc("0+1").is_err());
        assert!(parse_tc("-5").is_err());
    }

    #[test]
    fn flag_falls_past_the_margin() {
        let limits = Limits {
            clock: Some((1000, 100)),
            ..Limits::default()
        };
        let mut c = Clock::new(&limits);
        let margin = Duration::from_millis(50);
        let b = c.budget(margin, Duration::from_secs(60));
        assert_eq!(b.allowed, Duration::from_millis(1050));
        assert!(c.charge(Duration::from_millis(400), b, true));
        assert_eq!(c.remaining_ms, 700);
        let b = c.budget(margin, Duration::from_secs(60));
        assert!(!c.charge(Duration::from_millis(751), b, true));
        let fixed = Clock::new(&Limits {
            movetime: Some(100),
            ..Limits::default()
        });
        assert_eq!(
            fixed.budget(margin, Duration::from_secs(9)).allowed,
            Duration::from_millis(150)
        );
    }
}
