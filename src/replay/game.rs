//! Replays one game's moves in the rules core. After each move the game's
//! throws are recomputed as the XBoard session throws them, and its
//! choices, which the PGN does not hold, are found depth-first: the drawn
//! option first (what two engines without a way to pass choices play),
//! then the others, keeping the first sequence under which the rest of the
//! game replays, marks and result included.

use super::matcher::{find_move, promotions_only, san_promotion, MatchError};
use super::pgn::PgnResult;
use super::san::San;
use super::verdict::{accept_unreached, judge_mark, result_of, MarkVerdict, Mismatch, Problem};
use super::xboard_view::XboardView;
use super::{ChoiceMode, Options};
use crate::dice::{drawn_choice, thrown};
use crate::rules::action::Action;
use crate::rules::moves::Move;
use crate::rules::piece::Kind;
use crate::rules::position::{Pending, Position};
use crate::xboard::Dialect;
use std::collections::HashSet;

/// What the replay of a game found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replayed {
    pub throws: usize,
    pub choices: usize,
    /// Choices that were not the drawn option.
    pub inferred: usize,
    /// Checks and mates the rules see that the PGN leaves unmarked.
    pub unmarked: usize,
    /// Checks and mates marked that only XBoard's picture of the pieces
    /// sees (a dice leaper checking as its start leaper).
    pub marked_by_xboard: usize,
    /// Tokens several of our moves fit, one of them a move XBoard knows.
    pub settled_by_xboard: usize,
    /// The rules' verdict on the end, or the PGN's reason.
    pub ending: String,
    /// For a game in the project's form: whether its throws were held to
    /// its `DiceSeed` (else only to the rules). None: XBoard's form.
    pub own_form_seeded: Option<bool>,
}

/// The game's moves and what the end must be.
pub struct Script<'a> {
    pub tokens: &'a [String],
    pub sans: &'a [San],
    pub result: PgnResult,
    pub reason: Option<&'a str>,
}

struct Search<'a> {
    script: &'a Script<'a>,
    dialect: &'a Dialect,
    options: &'a Options,
    tries: usize,
    gave_up: bool,
    /// States (hash, steps, next token) from which the game cannot go on.
    dead: HashSet<(u64, usize, usize)>,
    /// The mismatch met furthest into the game.
    deepest: Option<Mismatch>,
    /// On the path being tried: for each choice, whether it was the drawn one.
    drawn: Vec<bool>,
    unmarked: Vec<usize>,
    /// Marks only XBoard's picture of the pieces gives.
    marked_by_xboard: Vec<usize>,
    /// Tokens several of our moves fit, settled by XBoard's own rules.
    settled_by_xboard: Vec<usize>,
    view: XboardView,
    ending: String,
    /// The piece the last move's token gave to a promotion that waits for
    /// the throw.
    promotion_ahead: Option<Kind>,
}

/// Replays the script from `pos` (the game's start).
pub fn replay(
    pos: &mut Position,
    script: &Script,
    dialect: &Dialect,
    options: &Options,
) -> Result<Replayed, Mismatch> {
    let mut s = Search {
        script,
        dialect,
        options,
        tries: 0,
        gave_up: false,
        dead: HashSet::new(),
        deepest: None,
        drawn: Vec::new(),
        unmarked: Vec::new(),
        marked_by_xboard: Vec::new(),
        settled_by_xboard: Vec::new(),
        view: XboardView::default(),
        ending: String::new(),
        promotion_ahead: None,
    };
    let start = pos.ply();
    if s.settle(pos, 0) {
        return Ok(s.summary(pos, start));
    }
    let deepest = s.deepest.unwrap_or(Mismatch {
        ply: 0,
        token: None,
        problem: Problem::NoThrow,
    });
    if s.gave_up {
        let furthest = deepest.problem.to_string();
        let problem = Problem::GaveUp {
            tries: s.tries,
            furthest,
        };
        return Err(Mismatch { problem, ..deepest });
    }
    Err(deepest)
}

impl Search<'_> {
    /// Plays what the game owes from here, then the next token, and so on
    /// to the end; false if no way through replays the rest.
    fn settle(&mut self, pos: &mut Position, next: usize) -> bool {
        self.tries += 1;
        if self.tries > self.options.max_tries {
            self.gave_up = true;
        }
        if self.gave_up {
            return false;
        }
        let key = (pos.hash(), pos.ply(), next);
        if self.dead.contains(&key) {
            return false;
        }
        let through = match pos.pending() {
            Pending::Roll | Pending::Find(_) => self.throw(pos, next),
            Pending::Choose(..) | Pending::Activate | Pending::Promote(_) => self.choose(pos, next),
            Pending::Nothing => self.settled(pos, next),
        };
        if !through {
            self.dead.insert(key);
        }
        through
    }

    fn throw(&mut self, pos: &mut Position, next: usize) -> bool {
        let throw = thrown(self.options.dice_seed, pos, pos.ply());
        if throw.is_none_or(|a| pos.apply(a).is_err()) {
            return self.fail(next, Problem::NoThrow);
        }
        self.then(pos, next)
    }

    fn choose(&mut self, pos: &mut Position, next: usize) -> bool {
        // The piece of a promotion that waits for the throw is the one the
        // move's text gave.
        if let (Pending::Promote(_), Some(kind)) = (pos.pending(), self.promotion_ahead) {
            return pos.apply(Action::Promote(kind)).is_ok() && self.then(pos, next);
        }
        let drawn = drawn_choice(self.options.dice_seed, pos, pos.ply());
        let mut options: Vec<Action> = drawn.into_iter().collect();
        if self.options.choices == ChoiceMode::Inferred {
            options.extend(
                pos.choice_actions()
                    .into_iter()
                    .filter(|&a| Some(a) != drawn),
            );
        }
        for action in options {
            if pos.apply(action).is_err() {
                continue;
            }
            self.drawn.push(Some(action) == drawn);
            if self.then(pos, next) {
                return true;
            }
            self.drawn.pop();
        }
        false
    }

    /// Goes on after a step just played; takes it back if that fails.
    fn then(&mut self, pos: &mut Position, next: usize) -> bool {
        if self.settle(pos, next) {
            return true;
        }
        pos.unmake_move();
        false
    }

    /// Nothing is owed: the last move's mark, the end, or the next move.
    fn settled(&mut self, pos: &mut Position, next: usize) -> bool {
        if next > 0 {
            let mark = self.script.sans[next - 1].mark;
            let (view, dialect) = (&mut self.view, self.dialect);
            match judge_mark(pos, mark, self.options.marks, || view.mark(pos, dialect)) {
                Ok(MarkVerdict::Unmarked) => self.unmarked.push(next),
                Ok(MarkVerdict::XboardPicture) => self.marked_by_xboard.push(next),
                Ok(MarkVerdict::Right) => {}
                Err(problem) => return self.fail(next, problem),
            }
        }
        let through = self.go_on(pos, next);
        if !through {
            if self.unmarked.last() == Some(&next) {
                self.unmarked.pop();
            }
            if self.marked_by_xboard.last() == Some(&next) {
                self.marked_by_xboard.pop();
            }
        }
        through
    }

    fn go_on(&mut self, pos: &mut Position, next: usize) -> bool {
        let script = self.script;
        if let Some(outcome) = pos.outcome() {
            if next < script.tokens.len() {
                return self.fail(next + 1, Problem::MoveAfterEnd(outcome));
            }
            if result_of(outcome) != script.result {
                let pgn = script.result;
                return self.fail(
                    next,
                    Problem::WrongResult {
                        rules: outcome,
                        pgn,
                    },
                );
            }
            self.ending = super::verdict::outcome_text(outcome);
            return true;
        }
        let Some(san) = script.sans.get(next) else {
            return match accept_unreached(script.result, script.reason) {
                Ok(()) => {
                    self.ending = script.reason.unwrap_or("unfinished").to_string();
                    true
                }
                Err(problem) => self.fail(next, problem),
            };
        };
        let (m, by_xboard_rules) = match find_move(pos, self.dialect, &san.mv) {
            Ok(m) => (m, false),
            Err(MatchError::Several(moves)) if promotions_only(&moves) => {
                return self.promote(pos, next, &moves);
            }
            Err(MatchError::Several(moves)) => {
                let known = self.view.known(pos, self.dialect, &moves);
                match known[..] {
                    [m] => (m, true),
                    _ => {
                        let texts = moves.iter().map(|&m| pos.move_text(m)).collect();
                        return self.fail(next + 1, Problem::Unmatched(MatchError::Texts(texts)));
                    }
                }
            }
            Err(e) => return self.fail(next + 1, Problem::Unmatched(e)),
        };
        let ahead = san_promotion(pos, self.dialect, &san.mv, m);
        pos.make_move(m);
        if by_xboard_rules {
            self.settled_by_xboard.push(next);
        }
        let before = std::mem::replace(&mut self.promotion_ahead, ahead);
        let through = self.then(pos, next + 1);
        self.promotion_ahead = before;
        if !through && by_xboard_rules {
            self.settled_by_xboard.pop();
        }
        through
    }

    /// A promotion XBoard wrote without its piece: each in turn, keeping
    /// the first under which the rest of the game replays.
    fn promote(&mut self, pos: &mut Position, next: usize, moves: &[Move]) -> bool {
        for &m in moves {
            pos.make_move(m);
            if self.then(pos, next + 1) {
                return true;
            }
        }
        false
    }

    /// Records a mismatch at a ply (the token's, from 1) if it is the
    /// furthest yet; always false.
    fn fail(&mut self, ply: usize, problem: Problem) -> bool {
        if self.deepest.as_ref().is_none_or(|d| ply > d.ply) {
            self.deepest = Some(self.mismatch_at(ply, problem));
        }
        false
    }

    fn mismatch_at(&self, ply: usize, problem: Problem) -> Mismatch {
        let token = ply
            .checked_sub(1)
            .and_then(|i| self.script.tokens.get(i))
            .cloned();
        let about_result = matches!(
            problem,
            Problem::Unreached { .. } | Problem::WrongResult { .. }
        );
        let token = token.filter(|_| !about_result);
        Mismatch {
            ply,
            token,
            problem,
        }
    }

    fn summary(&self, pos: &Position, start: usize) -> Replayed {
        let steps: Vec<Action> = pos.actions_played().skip(start).collect();
        let throws = steps
            .iter()
            .filter(|a| matches!(a, Action::Roll(..) | Action::Find(_)))
            .count();
        Replayed {
            throws,
            choices: self.drawn.len(),
            inferred: self.drawn.iter().filter(|&&d| !d).count(),
            unmarked: self.unmarked.len(),
            marked_by_xboard: self.marked_by_xboard.len(),
            settled_by_xboard: self.settled_by_xboard.len(),
            ending: self.ending.clone(),
            own_form_seeded: None,
        }
    }
}
