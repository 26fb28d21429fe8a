//! Start positions for the games of a match, one a line, in the words of
//! UCI's `position`: `startpos moves e2e4 e7e5`, `fen FEN [moves ...]`, or
//! a bare FEN. Blank lines and lines starting with `#` are skipped. Every
//! opening must replay in the rules core and leave a move due (no throw or
//! choice pending) in a game not yet over.
//!
//! `generate` makes such a file: random walks from the start (dice thrown
//! from the seed) kept when a shallow search finds them balanced.

use crate::dice::DiceRoller;
use crate::rules::position::{Pending, Position};
use crate::rules::variant::Variant;
use crate::search::{Limits, Searcher};
use std::sync::Arc;

/// Where a game starts: a FEN (or the start) and the tokens played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub tokens: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError(pub String);

impl std::fmt::Display for OpeningError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OpeningError {}

impl Opening {
    /// Parses one line (not blank, not a comment).
    pub fn parse(line: &str) -> Result<Opening, OpeningError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let split = words.iter().position(|&w| w == "moves");
        let (head, tokens) = match split {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &[][..]),
        };
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            Some(w) if w.contains('/') => Some(head.join(" ")),
            _ => {
                return Err(OpeningError(format!(
                    "'{line}' is not 'startpos [moves ...]', 'fen FEN [moves ...]' or a FEN"
                )))
            }
        };
        Ok(Opening {
            fen,
            tokens: tokens.iter().map(|s| s.to_string()).collect(),
        })
    }

    /// The line for an openings file.
    pub fn line(&self) -> String {
        let mut s = match &self.fen {
            Some(f) => format!("fen {f}"),
            None => "startpos".to_string(),
        };
        if !self.tokens.is_empty() {
            s.push_str(" moves ");
            s.push_str(&self.tokens.join(" "));
        }
        s
    }

    /// The position the opening starts from (before its tokens).
    pub fn start(&self, variant: &Arc<Variant>) -> Result<Position, OpeningError> {
        match &self.fen {
            Some(f) => Position::from_fen(variant.clone(), f)
                .map_err(|e| OpeningError(format!("bad FEN '{f}': {e}"))),
            None => Ok(Position::startpos(variant.clone())),
        }
    }

    /// Replays the opening; an error names the token that fails.
    pub fn position(&self, variant: &Arc<Variant>) -> Result<Position, OpeningError> {
        let mut pos = self.start(variant)?;
        for t in &self.tokens {
            pos.play_action_text(t)
                .map_err(|e| OpeningError(format!("{}: {e}", self.line())))?;
        }
        if pos.pending() != Pending::Nothing {
            return Err(OpeningError(format!(
                "{}: ends waiting for a throw or a choice",
                self.line()
            )));
        }
        if pos.outcome().is_some() {
            return Err(OpeningError(format!("{}: the game is over", self.line())));
        }
        Ok(pos)
    }
}

/// The largest openings file read.
const MAX_OPENINGS_BYTES: usize = 256 << 20;

/// Reads an openings file, checking every line.
pub fn load(path: &str, variant: &Arc<Variant>) -> Result<Vec<Opening>, OpeningError> {
    let text = crate::file_input::read_text(path, MAX_OPENINGS_BYTES)
        .map_err(|e| OpeningError(format!("cannot read {path}: {e}")))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let o = Opening::parse(line).map_err(|e| OpeningError(format!("{path}:{}: {e}", i + 1)))?;
        o.position(variant)
            .map_err(|e| OpeningError(format!("{path}:{}: {e}", i + 1)))?;
        out.push(o);
    }
    if out.is_empty() {
        return Err(OpeningError(format!("{path}: no openings")));
    }
    Ok(out)
}

/// Makes `count` openings of `plies` moves each: random moves and choices,
/// dice from the roller, kept when a search to `depth` scores the end
/// within `margin` centipawns and the walk is new. Deterministic in `seed`.
pub fn generate(
    variant: &Arc<Variant>,
    count: usize,
    plies: u32,
    seed: u64,
    depth: u32,
    margin: i32,
) -> Vec<Opening> {
    let mut roller = DiceRoller::new(seed);
    let mut searcher = Searcher::new(16);
    let mut out: Vec<Opening> = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 200 + 100 {
        attempts += 1;
        let mut pos = Position::startpos(variant.clone());
        let mut tokens = Vec::new();
        let mut moves = 0;
        let ok = loop {
            if pos.pending() == Pending::Nothing {
                if pos.outcome().is_some() {
                    break false;
                }
                if moves == plies {
                    break true;
                }
                moves += 1;
            }
            let action = if let Some(dice) = pos.dice_due() {
                let pips: Vec<u8> = dice.iter().map(|&f| roller.die(f as u32)).collect();
                match pos.outcome_of_pips(&pips) {
                    Ok(a) => a,
                    Err(_) => break false,
                }
            } else {
                let actions = pos.legal_actions();
                if actions.is_empty() {
                    break false;
                }
                actions[roller.below(actions.len())]
            };
            tokens.push(pos.action_text(action));
            if pos.apply(action).is_err() {
                break false;
            }
        };
        if !ok {
            continue;
        }
        let opening = Opening { fen: None, tokens };
        if out.contains(&opening) {
            continue;
        }
        searcher.new_game();
        let result = searcher.search(&mut pos, &Limits::depth(depth), &mut |_| {});
        if result.best.is_some() && result.score.abs() <= margin {
            out.push(opening);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    #[test]
    fn lines_parse_and_print() {
        let o = Opening::parse("startpos moves e2e4 e7e5").unwrap();
        assert_eq!(o.fen, None);
        assert_eq!(o.tokens, vec!["e2e4", "e7e5"]);
        assert_eq!(o.line(), "startpos moves e2e4 e7e5");
        let f =
            Opening::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert!(f.fen.is_some() && f.tokens.is_empty());
        let g = Opening::parse(&f.line()).unwrap();
        assert_eq!(f, g);
        assert!(Opening::parse("hello world").is_err());
        assert!(Opening::parse("fen").is_err());
        let chess = variants::load("chess").unwrap();
        assert!(Opening::parse("startpos moves e2e5")
            .unwrap()
            .position(&chess)
            .is_err());
        let carnival = variants::load("carnival").unwrap();
        // Waiting for the throw: not an opening.
        assert!(Opening::parse("startpos moves e2e4")
            .unwrap()
            .position(&carnival)
            .is_err());
    }

    #[test]
    fn generated_openings_replay_and_differ() {
        for name in ["chess", "carnival", "truffle"] {
            let v = variants::load(name).unwrap();
            let a = generate(&v, 3, 4, 5, 1, 400);
            assert_eq!(a.len(), 3, "{name}");
            assert_eq!(a, generate(&v, 3, 4, 5, 1, 400));
            for o in &a {
                o.position(&v).unwrap();
            }
            assert_ne!(a[0], a[1]);
        }
    }
}
