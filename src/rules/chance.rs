//! Throws and choices: the steps of a dice game between two moves.

use crate::rules::action::{Action, Find};
use crate::rules::moves::Move;
use crate::rules::piece::{Kind, Piece};
use crate::rules::position::{pending_key, Pending, Position};
use crate::rules::square::{Color, Square};
use crate::rules::variant::Effect;
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

/// A throw's text: `roll:A:B`, or `roll:A` for one die.
fn roll_text(a: u8, b: u8) -> String {
    if b == 0 {
        format!("roll:{a}")
    } else {
        format!("roll:{a}:{b}")
    }
}

impl Position {
    /// Each throw possible now (larger die first) with its probability;
    /// empty unless a throw is pending.
    pub fn throws(&self) -> Vec<(u8, u8, f64)> {
        if self.pending != Pending::Roll {
            return Vec::new();
        }
        self.variant.throws().collect()
    }

    /// The modes to choose from (indices into the game's); empty unless a
    /// choice is pending.
    pub fn choices(&self) -> Vec<u8> {
        let Pending::Choose(a, b) = self.pending else {
            return Vec::new();
        };
        match self
            .variant
            .chance
            .as_ref()
            .and_then(|c| c.effect(Action::Roll(a, b)))
        {
            Some(Effect::Choose(options)) => options.clone(),
            _ => Vec::new(),
        }
    }

    fn set_pending(&mut self, p: Pending) {
        self.hash ^= pending_key(self.pending) ^ pending_key(p);
        self.pending = p;
    }

    /// Gives the actor (the side that just moved) this mode.
    fn set_actor_mode(&mut self, mode: u8) {
        let actor = self.side.opposite().index();
        let k = keys();
        let class = |m: u8| self.variant.mode_class[m as usize] as usize;
        self.hash ^= k.mode[actor][class(self.modes[actor])] ^ k.mode[actor][class(mode)];
        self.modes[actor] = mode;
    }

    /// Records the throw (a, b) (two dice in either order when the game
    /// does not tell them apart; one die is (a, 0)); it must be pending.
    pub fn apply_roll(&mut self, a: u8, b: u8) -> Result<(), ActionError> {
        let Some(chance) = self
            .variant
            .chance
            .as_ref()
            .filter(|_| self.pending == Pending::Roll)
        else {
            return Err(ActionError::NotPending(roll_text(a, b)));
        };
        let (a, b) = match chance.ordered {
            true => (a, b),
            false => (a.max(b), a.min(b)),
        };
        let roll = Action::Roll(a, b);
        let effect = match chance.effect(roll) {
            Some(Effect::Set(mode)) => Some(*mode),
            Some(Effect::Choose(_)) => None,
            // The text only for an error (this runs at every chance node).
            None => return Err(ActionError::Illegal(roll_text(a, b))),
        };
        self.push_chance_undo(roll);
        match effect {
            Some(mode) => {
                self.set_actor_mode(mode);
                self.set_pending(self.after_throw());
            }
            None => self.set_pending(Pending::Choose(a, b)),
        }
        Ok(())
    }

    /// Records the actor's choice of mode; a choice must be pending.
    pub fn apply_choice(&mut self, mode: u8) -> Result<(), ActionError> {
        let text = |p: &Position| p.action_text(Action::Choose(mode));
        let Pending::Choose(a, b) = self.pending else {
            return Err(ActionError::NotPending(text(self)));
        };
        // Looked up, not copied: every choice node of the search comes here.
        let effect = self
            .variant
            .chance
            .as_ref()
            .and_then(|c| c.effect(Action::Roll(a, b)));
        if !matches!(effect, Some(Effect::Choose(options)) if options.contains(&mode)) {
            return Err(ActionError::Illegal(text(self)));
        }
        self.push_chance_undo(Action::Choose(mode));
        self.set_actor_mode(mode);
        self.set_pending(self.after_throw());
        Ok(())
    }

    /// What the actor owes once its throw is settled: the choice of its
    /// promotion if its move promotes (a promoting piece still stands
    /// unpromoted in its zone), else nothing.
    fn after_throw(&self) -> Pending {
        let v = &*self.variant;
        if !v.promotion_after_throw {
            return Pending::Nothing;
        }
        let actor = self.side.opposite();
        let waiting = self.pieces_of_kinds(actor, v.promoters) & v.promotion_zone[actor.index()];
        match waiting.into_iter().next() {
            Some(sq) => Pending::Promote(sq),
            None => Pending::Nothing,
        }
    }

    /// Whether the piece on `sq` is the actor's and waits to promote after
    /// the throw (it stands unpromoted in its promotion zone).
    pub(in crate::rules) fn waits_to_promote(&self, sq: Square) -> bool {
        let v = &*self.variant;
        let actor = self.side.opposite();
        v.promotion_after_throw
            && self
                .piece_at(sq)
                .is_some_and(|p| p.color() == actor && v.promoters >> p.kind() & 1 != 0)
            && v.promotion_zone[actor.index()].contains(sq)
    }

    /// What a move promotes to when its promotion waits for the throw: the
    /// choices the actor will have (none for any other move).
    pub fn promotions_after_throw(&self, m: Move) -> &[Kind] {
        let v = &*self.variant;
        let Some(p) = self.piece_at(m.from()) else {
            return &[];
        };
        let into_zone = v.promotion_zone[p.color().index()].contains(m.to());
        match v.promotion_after_throw && m.promotion().is_none() && into_zone {
            true => &v.kinds[p.kind() as usize].promotions,
            false => &[],
        }
    }

    /// A move text with its promotion (`a7a8q`) in a game whose promotions
    /// wait for the throw: the move (`a7a8`) and the piece chosen ahead,
    /// which a protocol plays when the promotion falls due (a GUI that
    /// asks for the piece with the move).
    pub fn promotion_ahead(&self, text: &str) -> Option<(Move, Kind)> {
        let text = text.trim();
        let (last, start) = text.char_indices().last()?;
        let m = self.parse_move(&text[..last]).ok()?;
        let kind = self.variant.kind_of_letter(start)?;
        self.promotions_after_throw(m)
            .contains(&kind)
            .then_some((m, kind))
    }

    /// What the piece waiting to promote may become.
    pub fn promotion_choices(&self) -> &[Kind] {
        match self.pending {
            Pending::Promote(sq) => {
                &self.variant.kinds[self.board[sq.index()].kind() as usize].promotions
            }
            _ => &[],
        }
    }

    /// Promotes the actor's waiting piece to `kind`; the promotion must be
    /// pending and `kind` one of its choices.
    pub fn apply_promotion(&mut self, kind: Kind) -> Result<(), ActionError> {
        let text = |p: &Position| p.action_text(Action::Promote(kind));
        let Pending::Promote(sq) = self.pending else {
            return Err(ActionError::NotPending(text(self)));
        };
        if !self.promotion_choices().contains(&kind) {
            return Err(ActionError::Illegal(text(self)));
        }
        let before = self.board[sq.index()];
        self.push_undo(Action::Promote(kind), None, Some((sq, before)));
        let after = Piece::new(before.color(), kind);
        self.take(sq);
        self.put(sq, after);
        let k = keys();
        self.hash ^=
            k.piece_square[before.index()][sq.index()] ^ k.piece_square[after.index()][sq.index()];
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
            Action::Choose(m) => self.apply_choice(m),
            Action::Find(f) => self.apply_truffle(f),
            Action::Activate(o) => self.apply_activation(o),
            Action::Promote(k) => self.apply_promotion(k),
            Action::Null => Err(ActionError::Illegal("null move".to_string())),
        }
    }

    /// The text of an action: a move in UCI form, `roll:A:B` (`roll:A` for
    /// one die), a choice as the game's word and the mode (`knight:4:2`).
    pub fn action_text(&self, action: Action) -> String {
        match action {
            Action::Move(m) => self.move_text(m),
            Action::Roll(a, b) => roll_text(a, b),
            Action::Choose(m) => {
                let word = self.variant.chance.as_ref().map_or("mode", |c| &c.choice);
                let name = self.variant.modes.get(m as usize).map_or("?", |t| &t.name);
                format!("{word}:{name}")
            }
            Action::Null => "0000".to_string(),
            Action::Find(Find::No) => "find:no".to_string(),
            Action::Find(Find::Eat) => "find:eat".to_string(),
            Action::Find(Find::Keep) => "find:keep".to_string(),
            Action::Activate(None) => "activate:done".to_string(),
            Action::Activate(Some(sq)) => format!("activate:{}", self.variant.geometry.name(sq)),
            Action::Promote(k) => format!("promote:{}", self.variant.letter(Color::Black, k)),
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
        let malformed = || ActionError::Malformed(text.to_string());
        if let Some(rest) = text.strip_prefix("roll:") {
            let (a, b) = self.parse_roll(rest).ok_or_else(malformed)?;
            return Ok(Action::Roll(a, b));
        }
        match text {
            "find:no" => return Ok(Action::Find(Find::No)),
            "find:eat" => return Ok(Action::Find(Find::Eat)),
            "find:keep" => return Ok(Action::Find(Find::Keep)),
            "activate:done" => return Ok(Action::Activate(None)),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix("promote:") {
            let mut letters = rest.chars();
            let kind = match (letters.next(), letters.next()) {
                (Some(c), None) => self.variant.kind_of_letter(c),
                _ => None,
            };
            return kind.map(Action::Promote).ok_or_else(malformed);
        }
        if let Some(rest) = text.strip_prefix("activate:") {
            let sq = self
                .variant
                .geometry
                .parse_square(rest)
                .ok_or_else(|| ActionError::Malformed(text.to_string()))?;
            return Ok(Action::Activate(Some(sq)));
        }
        if let Some((word, name)) = text.split_once(':') {
            let chance = self.variant.chance.as_ref().filter(|c| c.choice == word);
            if chance.is_some() {
                let mode = self
                    .parse_mode_name(name)
                    .or_else(|| self.parse_swapped_mode(name));
                return mode.map(Action::Choose).ok_or_else(malformed);
            }
        }
        self.parse_move(text)
            .map(Action::Move)
            .map_err(|e| match e {
                crate::rules::notation::MoveTextError::Malformed(t) => ActionError::Malformed(t),
                crate::rules::notation::MoveTextError::Illegal(t) => ActionError::Illegal(t),
            })
    }

    /// A throw's faces from `A:B` (or `A` for one die), as the game reads
    /// them; `None` for a throw the dice cannot show.
    fn parse_roll(&self, text: &str) -> Option<(u8, u8)> {
        let chance = self.variant.chance.as_ref()?;
        let faces: Vec<u8> = text
            .split(':')
            .map(|f| f.parse().ok())
            .collect::<Option<_>>()?;
        let fits = faces.len() == chance.dice.len()
            && faces
                .iter()
                .zip(&chance.dice)
                .all(|(&f, &max)| (1..=max).contains(&f));
        if !fits {
            return None;
        }
        match crate::rules::faces::roll_of(&faces, chance.ordered) {
            Action::Roll(a, b) => Some((a, b)),
            _ => None,
        }
    }

    /// The mode named `name` (as FEN writes it).
    pub(in crate::rules) fn parse_mode_name(&self, name: &str) -> Option<u8> {
        let modes = &self.variant.modes;
        let found = modes
            .iter()
            .position(|m| !m.name.is_empty() && m.name == name);
        found.map(|i| i as u8)
    }

    /// In a choice, where the dice are not told apart, a pair of numbers
    /// the other way round (`2:4`) names the mode written `4:2`.
    fn parse_swapped_mode(&self, name: &str) -> Option<u8> {
        let ordered = self.variant.chance.as_ref().is_some_and(|c| c.ordered);
        let (a, b) = name.split_once(':')?;
        (!ordered).then(|| self.parse_mode_name(&format!("{b}:{a}")))?
    }

    /// The pending choice after the throw `A:B` (or `A`), if that throw
    /// offers one.
    pub(in crate::rules) fn pending_choice(&self, throw: &str) -> Option<Pending> {
        let (a, b) = self.parse_roll(throw)?;
        let chance = self.variant.chance.as_ref()?;
        matches!(chance.effect(Action::Roll(a, b)), Some(Effect::Choose(_)))
            .then_some(Pending::Choose(a, b))
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
            Pending::Choose(..) | Pending::Activate | Pending::Promote(_) => self.choice_actions(),
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
            Pending::Promote(_) => self
                .promotion_choices()
                .iter()
                .map(|&k| Action::Promote(k))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Faces of six that find and that eat for the hunter on `sq`.
    pub(in crate::rules) fn find_faces(&self, sq: Square) -> (u8, u8) {
        match (&self.variant.hunt, self.piece_at(sq)) {
            (Some(t), Some(p)) => t.find_faces[p.kind() as usize],
            _ => (0, 0),
        }
    }

    /// Squares of the actor's inactive pieces its store pays for.
    pub fn activations(&self) -> Vec<Square> {
        let Some(t) = &self.variant.hunt else {
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
    fn after_find_step(&mut self) {
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
    pub fn apply_truffle(&mut self, f: Find) -> Result<(), ActionError> {
        let Pending::Find(sq) = self.pending else {
            return Err(ActionError::NotPending(self.action_text(Action::Find(f))));
        };
        let Some(max) = self.variant.hunt.as_ref().map(|t| t.store_max) else {
            return Err(ActionError::NotPending(self.action_text(Action::Find(f))));
        };
        // Only an outcome the hunter's dice can give (a Mining General
        // never eats).
        let possible = self
            .piece_at(sq)
            .and_then(|p| self.variant.find_odds.get(p.kind() as usize))
            .is_some_and(|odds| odds.iter().any(|&(a, _)| a == Action::Find(f)));
        if !possible {
            return Err(ActionError::Illegal(self.action_text(Action::Find(f))));
        }
        let before = self.food[sq.index()];
        self.push_undo(Action::Find(f), Some((sq, before)), None);
        if f != Find::No && before > 0 {
            let k = keys();
            self.hash ^= k.food[sq.index()][before as usize % 8]
                ^ k.food[sq.index()][(before - 1) as usize % 8];
            self.food[sq.index()] = before - 1;
            if f == Find::Keep {
                let actor = self.side.opposite().index();
                // A store holds at most `max`: a truffle beyond it is lost.
                let n = (self.stores[actor] + 1).min(max);
                self.set_store(actor, n);
            }
        }
        self.after_find_step();
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
            .hunt
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
        self.after_find_step();
        Ok(())
    }
}
