//! What a replay can find wrong, and the judgements of marks and results
//! against the rules.

use super::matcher::MatchError;
use super::pgn::PgnResult;
use super::san::{Mark, SanError};
use crate::rules::outcome::{Ending, Outcome};
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::ActionError;

/// How the check marks are held to the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MarkCheck {
    /// Every `+` and `#` must be right, and every check and mate marked.
    Exact,
    /// Every `+` and `#` written must be right by the rules or by
    /// XBoard's own picture of the pieces (which lacks what its Betza
    /// cannot say, and by which XBoard marks); a check left unmarked is
    /// counted, not a mismatch.
    Written,
    /// Marks are not compared.
    Off,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Unreadable(SanError),
    Unmatched(MatchError),
    /// The token marks check (`+`) and the side to move is not in check.
    FalseCheck,
    /// The token marks mate (`#`) and the side to move is not mated.
    FalseMate,
    /// The side to move is in check or mated and the token says nothing
    /// (or check for mate).
    Unmarked(&'static str),
    /// The rules ended the game and a move follows.
    MoveAfterEnd(Outcome),
    /// The rules ended the game and the PGN's result differs.
    WrongResult {
        rules: Outcome,
        pgn: PgnResult,
    },
    /// A result the rules do not reach, for a reason that is no reason.
    Unreached {
        pgn: PgnResult,
        reason: String,
    },
    /// No throw can be made here (the seed's dice give no outcome).
    NoThrow,
    /// The search for the choices made gave up; the problem met furthest
    /// into the game so far.
    GaveUp {
        tries: usize,
        furthest: String,
    },
    /// A token of the project's PGN that the rules do not take here;
    /// `waits` says what the game waits for.
    Refused {
        error: ActionError,
        waits: &'static str,
    },
    /// A throw of the project's PGN other than the one its `DiceSeed`
    /// throws here.
    OtherThrow {
        seed: u64,
        thrown: String,
    },
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Unreadable(e) => write!(f, "not a move in SAN: {e}"),
            Problem::Unmatched(e) => write!(f, "{e}"),
            Problem::FalseCheck => write!(f, "marked '+' but the side to move is not in check"),
            Problem::FalseMate => write!(f, "marked '#' but the side to move is not mated"),
            Problem::Unmarked(what) => write!(f, "the rules see {what}, not marked"),
            Problem::MoveAfterEnd(o) => {
                write!(f, "a move after the game ended ({})", outcome_text(*o))
            }
            Problem::WrongResult { rules, pgn } => write!(
                f,
                "the rules end the game {} and the PGN says {}",
                outcome_text(*rules),
                pgn.text()
            ),
            Problem::Unreached { pgn, reason } => write!(
                f,
                "result {} is not reached by the rules, and '{reason}' is not a reason to accept",
                pgn.text()
            ),
            Problem::NoThrow => write!(f, "no throw can be made"),
            Problem::GaveUp { tries, furthest } => write!(
                f,
                "{furthest} (gave up inferring the choices after {tries} tries; \
                 --choices drawn is linear)"
            ),
            Problem::Refused { error, waits } => write!(f, "{error}: the game waits for {waits}"),
            Problem::OtherThrow { seed, thrown } => {
                write!(f, "DiceSeed {seed} throws {thrown} here")
            }
        }
    }
}

/// A problem at a ply (from 1; the ply after the last for the result)
/// and its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub ply: usize,
    pub token: Option<String>,
    pub problem: Problem,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.token {
            Some(t) => write!(f, "ply {} '{t}': {}", self.ply, self.problem),
            None => write!(f, "after ply {}: {}", self.ply, self.problem),
        }
    }
}

pub fn outcome_text(o: Outcome) -> String {
    match o {
        Outcome::Win(c, e) => format!("{} wins by {}", c.name(), ending_text(e)),
        Outcome::Draw(e) => format!("draw by {}", ending_text(e)),
    }
}

fn ending_text(e: Ending) -> &'static str {
    match e {
        Ending::Checkmate => "checkmate",
        Ending::Stalemate => "stalemate",
        Ending::Extinction => "extinction",
        Ending::FiftyMoves => "the fifty-move rule",
        Ending::Repetition => "repetition",
    }
}

/// What a move's mark is found to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkVerdict {
    /// Right by the rules, or not compared.
    Right,
    /// The rules see a check or mate the mark leaves out, and the
    /// comparison lets that pass.
    Unmarked,
    /// A check or mate the rules do not see but XBoard's own picture of
    /// the pieces does (a dice leaper checking as its start leaper), and
    /// the comparison lets that pass: XBoard marks by that picture.
    XboardPicture,
}

/// Judges a move's mark in the position after it (and its throw and
/// choices); `xboard` gives the mark XBoard's own picture of the pieces
/// gives there, asked only when the rules disagree with the mark.
pub fn judge_mark(
    pos: &Position,
    mark: Mark,
    check: MarkCheck,
    xboard: impl FnOnce() -> Mark,
) -> Result<MarkVerdict, Problem> {
    if check == MarkCheck::Off {
        return Ok(MarkVerdict::Right);
    }
    let mate = matches!(pos.outcome(), Some(Outcome::Win(_, Ending::Checkmate)));
    let in_check = pos.in_check();
    let false_mark = match mark {
        Mark::Mate if !mate => Some(Problem::FalseMate),
        Mark::Check if !in_check => Some(Problem::FalseCheck),
        _ => None,
    };
    if let Some(problem) = false_mark {
        let seen = if check == MarkCheck::Written {
            xboard()
        } else {
            Mark::None
        };
        let xboard_marks_it = match mark {
            Mark::Check => seen != Mark::None,
            Mark::Mate => seen == Mark::Mate,
            Mark::None => false,
        };
        return if xboard_marks_it {
            Ok(MarkVerdict::XboardPicture)
        } else {
            Err(problem)
        };
    }
    match mark {
        Mark::Check if mate && check == MarkCheck::Exact => Err(Problem::Unmarked("mate")),
        Mark::None if mate || in_check => {
            let what = if mate { "mate" } else { "check" };
            if check == MarkCheck::Exact {
                Err(Problem::Unmarked(what))
            } else {
                Ok(MarkVerdict::Unmarked)
            }
        }
        _ => Ok(MarkVerdict::Right),
    }
}

/// The result the rules give a finished game.
pub fn result_of(o: Outcome) -> PgnResult {
    match o {
        Outcome::Win(Color::White, _) => PgnResult::WhiteWins,
        Outcome::Win(Color::Black, _) => PgnResult::BlackWins,
        Outcome::Draw(_) => PgnResult::Draw,
    }
}

/// Reasons outside the rules for which a game may end where the rules do
/// not end it: the clock, a resignation, an agreement, an adjudication,
/// a game left. A forfeit for an illegal or invalid move is not one, nor
/// an adjudicated mate or stalemate (`REFUSED`).
const ACCEPTED: &[&str] = &[
    "on time",
    "time forfeit",
    "resign",
    "agreed",
    "agreement",
    "adjudication",
    "abandon",
    "disconnect",
];
/// Not reasons outside the rules: a forfeit for a move, and an
/// adjudication that names an end the rules decide (XBoard adjudicates a
/// mate or stalemate by its own picture of the board, which can be wrong:
/// `Xboard adjudication: Checkmate` where the rules see none is a mismatch).
const REFUSED: &[&str] = &[
    "invalid move",
    "illegal move",
    "illegal-move",
    "forfeit due to",
    "adjudication: checkmate",
    "adjudication: stalemate",
];

/// Whether a result the rules do not reach is accepted for its reason.
pub fn accept_unreached(pgn: PgnResult, reason: Option<&str>) -> Result<(), Problem> {
    if pgn == PgnResult::Unfinished {
        return Ok(());
    }
    let text = reason.unwrap_or("").to_ascii_lowercase();
    let refused = REFUSED.iter().any(|r| text.contains(r));
    if !refused && ACCEPTED.iter().any(|a| text.contains(a)) {
        return Ok(());
    }
    Err(Problem::Unreached {
        pgn,
        reason: reason.unwrap_or("no reason given").to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_outside_the_rules() {
        let win = PgnResult::WhiteWins;
        assert!(accept_unreached(win, Some("White wins on time")).is_ok());
        assert!(accept_unreached(win, Some("Black resigns")).is_ok());
        assert!(accept_unreached(PgnResult::Draw, Some("xboard adjudication: ...")).is_ok());
        let long = "Xboard adjudication: long game";
        assert!(accept_unreached(PgnResult::Draw, Some(long)).is_ok());
        let mate = "Xboard adjudication: Checkmate";
        assert!(accept_unreached(PgnResult::BlackWins, Some(mate)).is_err());
        let stalemate = "Xboard adjudication: Stalemate";
        assert!(accept_unreached(PgnResult::Draw, Some(stalemate)).is_err());
        assert!(accept_unreached(PgnResult::Unfinished, None).is_ok());
        let forfeit = "Xboard: Forfeit due to invalid move: f8d8 (f8d8 via `/, `/) res=24";
        assert!(accept_unreached(win, Some(forfeit)).is_err());
        assert!(accept_unreached(win, Some("White mates")).is_err());
        assert!(accept_unreached(win, None).is_err());
    }
}
