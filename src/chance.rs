//! Throws and choices: the steps of a dice game between two moves.

use crate::action::Action;
use crate::dice::{leaper, Leaper, ThrowResult};
use crate::position::{pending_key, Pending, Position};
use crate::zobrist::keys;

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
        match (self.pending, self.variant.chance) {
            (Pending::Roll, Some(model)) => model.throws(),
            _ => Vec::new(),
        }
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
        let text = format!("roll:{a}:{b}");
        let model = match (self.pending, self.variant.chance) {
            (Pending::Roll, Some(model)) => model,
            _ => return Err(ActionError::NotPending(text)),
        };
        if !(1..=6).contains(&b) || a > 6 {
            return Err(ActionError::Illegal(text));
        }
        self.push_chance_undo(Action::Roll(a, b));
        match model.resolve(a, b) {
            ThrowResult::Fixed(l) => {
                self.set_actor_leaper(l);
                self.set_pending(Pending::Nothing);
            }
            ThrowResult::Choice(_) => self.set_pending(Pending::Choose(a, b)),
        }
        Ok(())
    }

    /// Records the actor's choice of leaper; a choice must be pending.
    pub fn apply_choice(&mut self, l: Leaper) -> Result<(), ActionError> {
        let l = leaper(l.0, l.1);
        let text = format!("knight:{}:{}", l.0, l.1);
        if !matches!(self.pending, Pending::Choose(..)) {
            return Err(ActionError::NotPending(text));
        }
        if !self.choices().contains(&l) {
            return Err(ActionError::Illegal(text));
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
        }
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
        if let Some(rest) = text.strip_prefix("knight:") {
            let l = numbers(rest).ok_or_else(|| ActionError::Malformed(text.to_string()))?;
            return Ok(Action::Choose(l));
        }
        self.parse_move(text)
            .map(Action::Move)
            .map_err(|e| match e {
                crate::notation::MoveTextError::Malformed(t) => ActionError::Malformed(t),
                crate::notation::MoveTextError::Illegal(t) => ActionError::Illegal(t),
            })
    }

    /// Parses and plays an action; on error the position is unchanged.
    pub fn play_action_text(&mut self, text: &str) -> Result<Action, ActionError> {
        let action = self.parse_action(text)?;
        self.apply(action)?;
        Ok(action)
    }

    /// Every action possible now: the legal moves, or the throws, or the choices.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.pending {
            Pending::Nothing => self
                .legal_moves()
                .iter()
                .map(|&m| Action::Move(m))
                .collect(),
            Pending::Roll => self
                .throws()
                .into_iter()
                .map(|(a, b, _)| Action::Roll(a, b))
                .collect(),
            Pending::Choose(..) => self.choices().into_iter().map(Action::Choose).collect(),
        }
    }
}
