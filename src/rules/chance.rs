//! Throws and choices: the steps of a dice game between two moves.

use crate::rules::action::{Action, TruffleFind};
use crate::rules::dice::{leaper, Leaper, ThrowResult};
use crate::rules::piece::Piece;
use crate::rules::position::{pending_key, Pending, Position};
use crate::rules::square::Square;
use crate::rules::zobrist::keys;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    NotPending(String),
    Malformed(String),
    Illegal(String),
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::NotPending(t) => write!(f, "'{t}' is not what the game waits for now"),
            ActionError::Malformed(t) => write!(f, "'{t}' is not a move, throw or choice"),
            ActionError::Illegal(t) => write!(f, "'{t}' is not legal here"),
        }
    }
}

impl std::error::Error for ActionError {}

impl Position {
    /// Each throw possible now (larger die first) with its probability;
    /// empty unless a throw is pending.
    pub fn throws(&self) -> Vec<(u8, u8, f64)> {
        if self.pending != Pending::Roll {
            return Vec::new();
        }
        self.variant.throws().collect()
    }

    /// The leapers to choose from; empty unless a choice is pending.
    pub fn choices(&self) -> Vec<Leaper> {
        match (self.pending, self.variant.chance) {
            (Pending::Choose(a, b), Some(model)) => match model.resolve(a, b) {
                ThrowResult::Choice(options) => options,
                ThrowResult::Fixed(_) => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    fn set_pending(&mut self, p: Pending) {
        self.hash ^= pending_key(self.pending) ^ pending_key(p);
        self.pending = p;
    }

    /// Gives the actor (the side that just moved) this leaper.
    fn set_actor_leaper(&mut self, l: Leaper) {
        let actor = self.side.opposite().index();
        let index = self
            .variant
            .leapers
            .iter()
            .position(|&x| x == l)
            .unwrap_or(0) as u8;
        let k = keys();
        self.hash ^=
            k.leaper[actor][self.leapers[actor] as usize] ^ k.leaper[actor][index as usize];
        self.leapers[actor] = index;
    }

    /// Records the throw (a, b) (either order); the throw must be pending.
    pub fn apply_roll(&mut self, a: u8, b: u8) -> Result<(), ActionError> {
        let (a, b) = leaper(a, b);
        // The text only for an error (this runs at every chance node).
        let text = || format!("roll:{a}:{b}");
        let model = match (self.pending, self.variant.chance) {
            (Pending::Roll, Some(model)) => model,
            _ => return Err(ActionError::NotPending(text())),
        };
        if !(1..=6).contains(&b) || a > 6 {
            return Err(ActionError::Illegal(text()));
        }
        self.push_chance_undo(Action::Roll(a, b));
        match model.fixed(a, b) {
            Some(l) => {
                self.set_actor_leaper(l);
                self.set_pending(Pending::Nothing);
            }
            None => self.set_pending(Pending::Choose(a, b)),
        }
        Ok(())
    }

    /// Records the actor's choice of leaper; a choice must be pending.
    pub fn apply_choice(&mut self, l: Leaper) -> Result<(), ActionError> {
        let l = leaper(l.0, l.1);
        let text = || format!("knight:{}:{}", l.0, l.1);
        let (Pending::Choose(a, b), Some(model)) = (self.pending, self.variant.chance) else {
            return Err(ActionError::NotPending(text()));
        };
        if !model.offers(a, b, l) {
            return Err(ActionError::Illegal(text()));
        }
        self.push_chance_undo(Action::Choose(l));
        self.set_actor_leaper(l);
        self.set_pending(Pending::Nothing);
        Ok(())
    }

    /// Plays an action of any kind.
    pub fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::Move(m) => {
                if self.pending != Pending::Nothing || !self.legal_moves().contains(&m) {
                    return Err(ActionError::Illegal(self.move_text(m)));
                }
                self.make_move(m);
                Ok(())
            }
            Action::Roll(a, b) => self.apply_roll(a, b),
            Action::Choose(l) => self.apply_choice(l),
            Action::Truffle(f) => self.apply_truffle(f),
            Action::Activate(o) => self.apply_activation(o),
            Action::Null => Err(ActionError::Illegal("null move".to_string())),
        }
    }

    /// The text of an action: a move in UCI form, `roll:A:B`, `knight:A:B`.
    pub fn action_text(&self, action: Action) -> String {
        match action {
            Action::Move(m) => self.move_text(m),
            Action::Roll(a, b) => format!("roll:{a}:{b}"),
            Action::Choose((a, b)) => format!("knight:{a}:{b}"),
            Action::Null => "0000".to_string(),
            Action::Truffle(TruffleFind::No) => "find:no".to_string(),
            Action::Truffle(TruffleFind::Eat) => "find:eat".to_string(),
            Action::Truffle(TruffleFind::Keep) => "find:keep".to_string(),
            Action::Activate(None) => "activate:done".to_string(),
            Action::Activate(Some(sq)) => format!("activate:{}", self.variant.geometry.name(sq)),
        }
    }

    /// The texts of a sequence of actions played from here (a principal
    /// variation); stops at the first that does not apply.
    pub fn actions_text(&self, actions: &[Action]) -> Vec<String> {
        let mut p = self.clone();
        let mut out = Vec::new();
        for &a in actions {
            let text = p.action_text(a);
            if p.apply(a).is_err() {
                break;
            }
            out.push(text);
        }
        out
    }

    /// Parses an action's text; the position is not changed.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let text = text.trim();
        let numbers = |rest: &str| -> Option<(u8, u8)> {
            let (a, b) = rest.split_once(':')?;
            let (a, b): (u8, u8) = (a.parse().ok()?, b.parse().ok()?);
            ((1..=6).contains(&a) && (1..=6).contains(&b)).then_some(leaper(a, b))
        };
        if let Some(rest) = text.strip_prefix("roll:") {
            let (a, b) = numbers(rest).ok_or_else(|| ActionError::Malformed(text.to_string()))?;
            return Ok(Action::Roll(a, b));
        }
        match text {
            "find:no" => return Ok(Action::Truffle(TruffleFind::No)),
            "find:eat" => return Ok(Action::Truffle(TruffleFind::Eat)),
            "find:keep" => return Ok(Action::Truffle(TruffleFind::Keep)),
            "activate:done" => return Ok(Action::Activate(None)),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix("activate:") {
            let sq = self
                .variant
                .geometry
                .parse_square(rest)
                .ok_or_else(|| ActionError::Malformed(text.to_string()))?;
            return Ok(Action::Activate(Some(sq)));
        }
        if let Some(rest) = text.strip_prefix("knight:") {
            let l = numbers(rest).ok_or_else(|| ActionError::Malformed(text.to_string()))?;
            return Ok(Action::Choose(l));
        }
        self.parse_move(text)
            .map(Action::Move)
            .map_err(|e| match e {
                crate::rules::notation::MoveTextError::Malformed(t) => ActionError::Malformed(t),
                crate::rules::notation::MoveTextError::Illegal(t) => ActionError::Illegal(t),
            })
    }

    /// Parses and plays an action; on error the position is unchanged.
    pub fn play_action_text(&mut self, text: &str) -> Result<Action, ActionError> {
        let action = self.parse_action(text)?;
        match action {
            // A parsed move is one of the legal moves: no second check.
            Action::Move(m) => self.make_move(m),
            other => self.apply(other)?,
        }
        Ok(action)
    }

    /// Every action possible now: the legal moves, or the chance outcomes,
    /// or the options of a choice.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.pending {
            Pending::Nothing => self
                .legal_moves()
                .iter()
                .map(|&m| Action::Move(m))
                .collect(),
            Pending::Roll | Pending::Find(_) => {
                self.chance_outcomes().into_iter().map(|(a, _)| a).collect()
            }
            Pending::Choose(..) | Pending::Activate => self.choice_actions(),
        }
    }

    /// The outcomes of the pending chance event with their probabilities.
    pub fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        match self.pending {
            Pending::Roll => self.variant.throw_odds.clone(),
            Pending::Find(sq) => self
                .piece_at(sq)
                .and_then(|p| self.variant.find_odds.get(p.kind() as usize))
                .cloned()
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The options of the pending choice (of the side that just moved).
    pub fn choice_actions(&self) -> Vec<Action> {
        match self.pending {
            Pending::Choose(..) => self.choices().into_iter().map(Action::Choose).collect(),
            Pending::Activate => {
                let mut out: Vec<Action> = self
                    .activations()
                    .into_iter()
                    .map(|sq| Action::Activate(Some(sq)))
                    .collect();
                out.push(Action::Activate(None));
                out
            }
            _ => Vec::new(),
        }
    }

    /// Faces of six that find a truffle for the pig on `sq`.
    pub(in crate::rules) fn find_faces(&self, sq: Square) -> u8 {
        match (&self.variant.truffles, self.piece_at(sq)) {
            (Some(t), Some(p)) => t.find_faces[p.kind() as usize],
            _ => 0,
        }
    }

    /// Squares of the actor's inactive pieces its store pays for.
    pub fn activations(&self) -> Vec<Square> {
        let Some(t) = &self.variant.truffles else {
            return Vec::new();
        };
        let actor = self.side.opposite();
        let store = self.stores[actor.index()];
        let mut out = Vec::new();
        for (kind, w) in t.wake.iter().enumerate() {
            if w.is_some_and(|(_, cost)| cost <= store) {
                out.extend(self.pieces(actor, kind as crate::rules::piece::Kind));
            }
        }
        out.sort();
        out
    }

    /// After a truffle throw or a waking: waking next if it is affordable.
    fn after_truffle_step(&mut self) {
        let next = if self.can_activate(self.side.opposite()) {
            Pending::Activate
        } else {
            Pending::Nothing
        };
        self.set_pending(next);
    }

    fn set_store(&mut self, color: usize, n: u8) {
        let k = keys();
        self.hash ^=
            k.store[color][self.stores[color] as usize % 8] ^ k.store[color][n as usize % 8];
        self.stores[color] = n;
    }

    /// Records the outcome of a pig's truffle throws.
    pub fn apply_truffle(&mut self, f: TruffleFind) -> Result<(), ActionError> {
        let Pending::Find(sq) = self.pending else {
            return Err(ActionError::NotPending(
                self.action_text(Action::Truffle(f)),
            ));
        };
        let Some(max) = self.variant.truffles.as_ref().map(|t| t.store_max) else {
            return Err(ActionError::NotPending(
                self.action_text(Action::Truffle(f)),
            ));
        };
        let before = self.truffles[sq.index()];
        self.push_undo(Action::Truffle(f), Some((sq, before)), None);
        if f != TruffleFind::No && before > 0 {
            let k = keys();
            self.hash ^= k.truffle[sq.index()][before as usize % 8]
                ^ k.truffle[sq.index()][(before - 1) as usize % 8];
            self.truffles[sq.index()] = before - 1;
            if f == TruffleFind::Keep {
                let actor = self.side.opposite().index();
                // A store holds at most `max`: a truffle beyond it is lost.
                let n = (self.stores[actor] + 1).min(max);
                self.set_store(actor, n);
            }
        }
        self.after_truffle_step();
        Ok(())
    }

    /// Wakes the actor's piece on the square (paid from its store), or stops.
    pub fn apply_activation(&mut self, choice: Option<Square>) -> Result<(), ActionError> {
        let text = |p: &Position| p.action_text(Action::Activate(choice));
        if self.pending != Pending::Activate {
            return Err(ActionError::NotPending(text(self)));
        }
        let Some(sq) = choice else {
            self.push_undo(Action::Activate(None), None, None);
            self.set_pending(Pending::Nothing);
            return Ok(());
        };
        if !self.activations().contains(&sq) {
            return Err(ActionError::Illegal(text(self)));
        }
        let asleep = self.board[sq.index()];
        let Some((awake, cost)) = self
            .variant
            .truffles
            .as_ref()
            .and_then(|t| t.wake[asleep.kind() as usize])
        else {
            return Err(ActionError::Illegal(text(self)));
        };
        self.push_undo(Action::Activate(Some(sq)), None, Some((sq, asleep)));
        let k = keys();
        let woken = Piece::new(asleep.color(), awake);
        self.take(sq);
        self.put(sq, woken);
        self.hash ^=
            k.piece_square[asleep.index()][sq.index()] ^ k.piece_square[woken.index()][sq.index()];
        let actor = asleep.color().index();
        self.set_store(actor, self.stores[actor] - cost);
        self.after_truffle_step();
        Ok(())
    }
}
