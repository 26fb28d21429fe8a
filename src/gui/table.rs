//! A game at the browser board: the engine core, who sits at each side (a
//! person or the engine), the steps played with the faces of every throw,
//! the seeded dice, the clocks and the engine's thinking. The server turns
//! the page's requests into calls here; the game moves on by itself as far
//! as it can without a person (`advance`).

use super::clocks::{Clocks, Timing};
use crate::engine::Engine;
use crate::referee::game::kind_of;
use crate::referee::player::{Step, StepKind};
use crate::rules::action::Action;
use crate::rules::outcome::{Ending, Outcome};
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use crate::search::{mate_in_moves, Limits};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Person,
    Engine,
}

/// What a new game is.
#[derive(Clone, Debug)]
pub struct Setup {
    pub variant: String,
    /// White's seat, then Black's.
    pub seats: [Seat; 2],
    pub timing: Timing,
    pub seed: u64,
}

/// The engine's latest report.
#[derive(Clone, Debug, Default)]
pub struct Thinking {
    pub side: Option<Color>,
    pub depth: u32,
    /// Centipawns for the side thinking, or a mate in moves.
    pub score: i32,
    pub mate: Option<i32>,
    pub nodes: u64,
    pub pv: Vec<String>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    pub reason: String,
    pub on_time: bool,
}

pub struct Table {
    engine: Engine,
    setup: Setup,
    start_fen: Option<String>,
    steps: Vec<Step>,
    clocks: Clocks,
    ended: Option<Ended>,
    /// The search under way: its number, which a late result must match.
    searching: Option<u64>,
    serial: u64,
    thinking: Arc<Mutex<Thinking>>,
    done_tx: Sender<(u64, Option<String>)>,
    done_rx: Receiver<(u64, Option<String>)>,
}

impl Table {
    pub fn new(engine: Engine, setup: Setup) -> Result<Table, String> {
        let (done_tx, done_rx) = channel();
        let mut t = Table {
            engine,
            clocks: Clocks::new(setup.timing),
            setup: setup.clone(),
            start_fen: None,
            steps: Vec::new(),
            ended: None,
            searching: None,
            serial: 0,
            thinking: Arc::default(),
            done_tx,
            done_rx,
        };
        t.new_game(setup, None, &[])?;
        Ok(t)
    }

    /// Starts a game (from `fen`, or the game's start, with `tokens`
    /// already played); on error the table is as it was.
    pub fn new_game(
        &mut self,
        setup: Setup,
        fen: Option<String>,
        tokens: &[String],
    ) -> Result<(), String> {
        self.stop_thinking();
        let old = self.engine.variant_name().to_string();
        if setup.variant != old {
            self.engine
                .set_variant(&setup.variant)
                .map_err(|e| e.to_string())?;
        }
        let steps = match self.replayed(fen.as_deref(), tokens, setup.seed) {
            Ok(steps) => steps,
            Err(e) => {
                if setup.variant != old {
                    let _ = self.engine.set_variant(&old);
                }
                self.rebuild();
                self.advance();
                return Err(e);
            }
        };
        self.engine.new_game();
        self.start_fen = fen;
        self.steps = steps;
        self.clocks = Clocks::new(setup.timing);
        self.setup = setup;
        self.ended = None;
        self.clear_thinking();
        self.rebuild();
        self.advance();
        Ok(())
    }

    /// The steps of `tokens` played from `fen`, each with its kind and
    /// actor, and a throw with the faces `seed` gives where they show it;
    /// the engine's position is not changed.
    fn replayed(
        &self,
        fen: Option<&str>,
        tokens: &[String],
        seed: u64,
    ) -> Result<Vec<Step>, String> {
        let mut pos = start_position(&self.engine, fen)?;
        let mut steps = Vec::with_capacity(tokens.len());
        for (i, token) in tokens.iter().enumerate() {
            let mut step = step_of(&pos, token).map_err(|e| format!("step {}: {e}", i + 1))?;
            if step.kind == StepKind::Throw {
                step.pips = seeded_faces(seed, &pos, token);
            }
            pos.play_action_text(token)
                .map_err(|e| format!("step {} ({token}): {e}", i + 1))?;
            steps.push(step);
        }
        Ok(steps)
    }

    /// Sets the engine's position to the start and the steps recorded.
    fn rebuild(&mut self) {
        let tokens: Vec<String> = self.steps.iter().map(|s| s.token.clone()).collect();
        if let Err(e) = self.engine.set_position(self.start_fen.as_deref(), &tokens) {
            log::error!("the board's steps no longer replay: {e}");
        }
    }

    pub fn position(&self) -> &Position {
        self.engine.position()
    }

    /// The position after the game's first `upto` steps.
    pub fn position_after(&self, upto: usize) -> Result<Position, String> {
        let mut pos = start_position(&self.engine, self.start_fen())?;
        for s in self.steps.iter().take(upto) {
            pos.play_action_text(&s.token).map_err(|e| e.to_string())?;
        }
        Ok(pos)
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    pub fn ended(&self) -> Option<&Ended> {
        self.ended.as_ref()
    }

    pub fn is_thinking(&self) -> bool {
        self.searching.is_some()
    }

    pub fn thinking(&self) -> Thinking {
        self.thinking.lock().map(|t| t.clone()).unwrap_or_default()
    }

    /// The side whose decision the game waits for: the mover, or after a
    /// move the side that moved (its throw, its choice).
    pub fn actor(&self) -> Color {
        self.position().actor()
    }

    /// Whether the game waits for a person.
    pub fn waits_for_person(&self) -> bool {
        self.ended.is_none()
            && self.searching.is_none()
            && self.setup.seats[self.actor().index()] == Seat::Person
    }

    /// Why a person may not act now, if so.
    fn persons_turn(&self) -> Result<(), String> {
        match self.ended {
            Some(_) => Err("the game is over".to_string()),
            None if !self.waits_for_person() => Err("it is not a person's turn".to_string()),
            None => Ok(()),
        }
    }

    /// A person's move or choice (an action's text).
    pub fn person_plays(&mut self, text: &str) -> Result<(), String> {
        self.persons_turn()?;
        if matches!(self.position().pending(), Pending::Roll | Pending::Find(_)) {
            return Err("the dice are due: throw them".to_string());
        }
        self.play(text)?;
        self.advance();
        Ok(())
    }

    /// A person's throw: the server's dice, as for the engine.
    pub fn person_throws(&mut self) -> Result<(), String> {
        self.persons_turn()?;
        self.throw()?;
        self.advance();
        Ok(())
    }

    /// Takes back the last move a person made, with all that followed it.
    /// Between two people, the last move.
    pub fn take_back(&mut self) -> Result<(), String> {
        let persons = |s: &Step| self.setup.seats[s.actor.index()] == Seat::Person;
        let last = self
            .steps
            .iter()
            .rposition(|s| s.kind == StepKind::Move && persons(s))
            .ok_or("no move of a person to take back")?;
        self.stop_thinking();
        self.clear_thinking();
        self.steps.truncate(last);
        self.ended = None;
        self.rebuild();
        self.advance();
        Ok(())
    }

    /// Plays one step (the rules core's text) and records it.
    fn play(&mut self, text: &str) -> Result<(), String> {
        let step = step_of(self.position(), text)?;
        self.engine.play(text)?;
        if step.kind == StepKind::Move {
            self.clocks.moved(step.actor);
        }
        self.steps.push(step);
        Ok(())
    }

    /// Throws the dice due with the game's seeded roller.
    fn throw(&mut self) -> Result<(), String> {
        let pos = self.position();
        let (action, pips) = seeded_throw(self.setup.seed, pos).ok_or("no throw is due")?;
        let text = pos.action_text(action);
        self.play(&text)?;
        if let Some(step) = self.steps.last_mut() {
            step.pips = Some(pips);
        }
        Ok(())
    }

    /// Moves the game on as far as it can without a person: ends it,
    /// throws the engine's dice, starts the engine's search.
    pub fn advance(&mut self) {
        while self.ended.is_none() && self.searching.is_none() {
            let pos = self.position();
            let pending = pos.pending();
            if pending == Pending::Nothing {
                if let Some(outcome) = pos.outcome() {
                    return self.end(ended_by(outcome));
                }
            }
            let actor = self.actor();
            self.clocks.run(actor);
            if self.setup.seats[actor.index()] == Seat::Person {
                return;
            }
            match pending {
                Pending::Roll | Pending::Find(_) => {
                    if let Err(e) = self.throw() {
                        log::error!("the engine's throw failed: {e}");
                        return;
                    }
                }
                _ => return self.think(actor),
            }
        }
    }

    fn end(&mut self, ended: Ended) {
        self.stop_thinking();
        self.clocks.stop();
        self.ended = Some(ended);
    }

    /// The engine's search result, if one came; a flag that fell. Called
    /// between requests.
    pub fn poll(&mut self) {
        if self.ended.is_none() {
            if let Some(side) = self.clocks.flagged() {
                let result = match side {
                    Color::White => "0-1",
                    Color::Black => "1-0",
                };
                return self.end(Ended {
                    result,
                    reason: format!("{} lost on time", color_name(side)),
                    on_time: true,
                });
            }
        }
        while let Ok((serial, best)) = self.done_rx.try_recv() {
            if self.searching != Some(serial) {
                continue;
            }
            self.searching = None;
            match best.map(|text| self.play(&text)) {
                Some(Ok(())) => self.advance(),
                Some(Err(e)) => log::error!("the engine's step was refused: {e}"),
                None => log::error!("the engine found no step"),
            }
        }
    }

    fn think(&mut self, side: Color) {
        let limits = match self.clocks.timing() {
            Timing::PerMove(t) => Limits {
                movetime: Some(t),
                ..Limits::default()
            },
            Timing::Clock { increment, .. } => Limits {
                time_left: Some(self.clocks.left(side)),
                increment,
                ..Limits::default()
            },
        };
        self.serial += 1;
        let serial = self.serial;
        self.searching = Some(serial);
        let thinking = self.thinking.clone();
        let done = self.done_tx.clone();
        self.engine.go(
            limits,
            Box::new(move |info, shown| {
                if let Ok(mut t) = thinking.lock() {
                    *t = Thinking {
                        side: Some(side),
                        depth: info.depth,
                        score: info.score,
                        mate: mate_in_moves(info.score),
                        nodes: info.nodes,
                        pv: shown.actions_text(&info.pv),
                    };
                }
            }),
            Box::new(move |best, shown| {
                let _ = done.send((serial, best.map(|a| shown.action_text(a))));
            }),
        );
    }

    fn clear_thinking(&mut self) {
        if let Ok(mut t) = self.thinking.lock() {
            *t = Thinking::default();
        }
    }

    fn stop_thinking(&mut self) {
        if self.searching.take().is_some() {
            self.engine.stop();
        }
    }
}

/// The position a game starts from.
pub fn start_position(engine: &Engine, fen: Option<&str>) -> Result<Position, String> {
    let v = engine.position().variant().clone();
    match fen {
        None => Ok(Position::startpos(v)),
        Some(f) => Position::from_fen(v, f).map_err(|e| format!("bad FEN: {e}")),
    }
}

/// The throw due, from the game's seed: its outcome, and each die's face
/// with its number of faces.
fn seeded_throw(seed: u64, pos: &Position) -> Option<(Action, Vec<(u8, u8)>)> {
    let (action, faces) = crate::dice::thrown_with_faces(seed, pos, pos.ply())?;
    let dice = pos.dice_due()?;
    Some((
        action,
        faces.into_iter().zip(dice.iter().copied()).collect(),
    ))
}

/// The faces of a recorded throw, when the seed threw it.
fn seeded_faces(seed: u64, pos: &Position, token: &str) -> Option<Vec<(u8, u8)>> {
    let (action, pips) = seeded_throw(seed, pos)?;
    (pos.action_text(action) == token).then_some(pips)
}

/// A step as the record keeps it: its token, kind and actor.
fn step_of(pos: &Position, text: &str) -> Result<Step, String> {
    let action = pos.parse_action(text).map_err(|e| e.to_string())?;
    Ok(Step {
        token: pos.action_text(action),
        kind: kind_of(action),
        actor: pos.actor(),
        pips: None,
    })
}

fn ended_by(outcome: Outcome) -> Ended {
    let words = |e: Ending| match e {
        Ending::Checkmate => "checkmate",
        Ending::Stalemate => "stalemate",
        Ending::Extinction => "extinction",
        Ending::FiftyMoves => "the fifty-move rule",
        Ending::Repetition => "repetition",
    };
    let (result, reason) = match outcome {
        Outcome::Win(Color::White, e) => ("1-0", format!("White wins by {}", words(e))),
        Outcome::Win(Color::Black, e) => ("0-1", format!("Black wins by {}", words(e))),
        Outcome::Draw(e) => ("1/2-1/2", format!("Draw by {}", words(e))),
    };
    Ended {
        result,
        reason,
        on_time: false,
    }
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}
