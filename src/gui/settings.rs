//! The page's "new game" form: `key=value` lines, each checked, every
//! mistake named.
//!
//! ```text
//! variant=carnival
//! white=person        (or engine)
//! black=engine
//! time=move:1000      (the engine's milliseconds a move, no clocks)
//! time=clock:300+2    (each side's minutes and seconds added a move)
//! seed=42             (the dice; none: a new random seed)
//! ```

use super::clocks::Timing;
use super::table::{Seat, Setup};
use std::time::Duration;

/// The longest time a move or on a clock: a day.
const MAX_TIME: Duration = Duration::from_secs(24 * 3600);

/// A setup from the form; what it leaves out is taken from `current`,
/// the seed from `new_seed` when none is given.
pub fn parse(body: &str, current: &Setup, new_seed: u64) -> Result<Setup, String> {
    let mut setup = Setup {
        seed: new_seed,
        ..current.clone()
    };
    for (i, line) in body.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {}: '{line}' is not key=value", i + 1))?;
        let (key, value) = (key.trim(), value.trim());
        let wrong = |what: &str| format!("line {}: {key}: '{value}' is not {what}", i + 1);
        match key {
            "variant" => setup.variant = value.to_string(),
            "white" => setup.seats[0] = seat(value).ok_or_else(|| wrong("person or engine"))?,
            "black" => setup.seats[1] = seat(value).ok_or_else(|| wrong("person or engine"))?,
            "time" => setup.timing = timing(value).ok_or_else(|| wrong("a time control"))?,
            "seed" => setup.seed = value.parse().map_err(|_| wrong("a number"))?,
            _ => return Err(format!("line {}: unknown setting '{key}'", i + 1)),
        }
    }
    Ok(setup)
}

/// A timing as the form writes it.
pub fn timing_text(t: Timing) -> String {
    match t {
        Timing::PerMove(d) => format!("move:{}", d.as_millis()),
        Timing::Clock { base, increment } => {
            format!(
                "clock:{}+{}",
                base.as_secs_f64() / 60.0,
                increment.as_secs_f64()
            )
        }
    }
}

fn seat(value: &str) -> Option<Seat> {
    match value {
        "person" => Some(Seat::Person),
        "engine" => Some(Seat::Engine),
        _ => None,
    }
}

/// `move:MS` or `clock:MINUTES+SECONDS` (minutes may have a fraction).
fn timing(value: &str) -> Option<Timing> {
    if let Some(ms) = value.strip_prefix("move:") {
        let t = Duration::from_millis(ms.parse().ok()?);
        return (!t.is_zero() && t <= MAX_TIME).then_some(Timing::PerMove(t));
    }
    let (minutes, seconds) = value.strip_prefix("clock:")?.split_once('+')?;
    let minutes: f64 = minutes.parse().ok()?;
    let seconds: f64 = seconds.parse().ok()?;
    let in_range = |x: f64, max: f64| x.is_finite() && (0.0..=max).contains(&x);
    let day = MAX_TIME.as_secs_f64();
    if !in_range(minutes * 60.0, day) || !in_range(seconds, day) || minutes <= 0.0 {
        return None;
    }
    Some(Timing::Clock {
        base: Duration::from_secs_f64(minutes * 60.0),
        increment: Duration::from_secs_f64(seconds),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn current() -> Setup {
        Setup {
            variant: "chess".into(),
            seats: [Seat::Person, Seat::Engine],
            timing: Timing::PerMove(Duration::from_secs(1)),
            seed: 1,
        }
    }

    #[test]
    fn every_setting_is_read() {
        let s = parse(
            "variant=wolf\nwhite=engine\nblack=person\ntime=clock:5+2\nseed=9\n",
            &current(),
            7,
        )
        .unwrap();
        assert_eq!(s.variant, "wolf");
        assert_eq!(s.seats, [Seat::Engine, Seat::Person]);
        assert_eq!(
            s.timing,
            Timing::Clock {
                base: Duration::from_secs(300),
                increment: Duration::from_secs(2)
            }
        );
        assert_eq!(s.seed, 9);
        assert_eq!(parse("", &current(), 7).unwrap().seed, 7);
        assert_eq!(timing_text(s.timing), "clock:5+2");
        assert_eq!(timing(&timing_text(s.timing)), Some(s.timing));
    }

    #[test]
    fn mistakes_are_named() {
        for (body, says) in [
            (
                "white=robot",
                "line 1: white: 'robot' is not person or engine",
            ),
            (
                "\ntime=move:0",
                "line 2: time: 'move:0' is not a time control",
            ),
            ("time=clock:1e9+0", "'clock:1e9+0' is not a time control"),
            ("time=clock:NaN+0", "'clock:NaN+0' is not a time control"),
            ("seed=-1", "seed: '-1' is not a number"),
            ("colour=white", "unknown setting 'colour'"),
            ("variant", "'variant' is not key=value"),
        ] {
            let e = parse(body, &current(), 7).unwrap_err();
            assert!(e.contains(says), "{body}: {e}");
        }
    }
}
