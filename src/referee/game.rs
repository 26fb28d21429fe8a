//! One game: the referee keeps the authoritative position, throws the
//! dice, asks each engine for its moves and choices, checks every answer,
//! keeps the clocks, and decides how the game ends.

use super::cli::EngineSpec;
use super::clock::{Clock, Limits};
use super::dice_stream;
use super::log::IoLog;
use super::openings::Opening;
use super::player::{self, Fault, GameView, Player, Step, StepKind, Turn};
use crate::rules::action::Action;
use crate::rules::outcome::{Ending, Outcome};
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use crate::rules::variant::Variant;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The result from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    WhiteWins,
    BlackWins,
    Draw,
}

impl Score {
    pub fn text(self) -> &'static str {
        match self {
            Score::WhiteWins => "1-0",
            Score::BlackWins => "0-1",
            Score::Draw => "1/2-1/2",
        }
    }

    fn win(c: Color) -> Score {
        match c {
            Color::White => Score::WhiteWins,
            Color::Black => Score::BlackWins,
        }
    }
}

/// Why a game ended, in the terms of the PGN `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (mate, stalemate, extinction, draw rules).
    Normal,
    /// The move limit (`--max-plies`).
    Adjudication,
    TimeForfeit,
    /// An illegal move, garbage, a refused legal move.
    RulesInfraction,
    /// A crash, a failed start, a resignation is `Normal`.
    Abandoned,
    /// A move that a peer's approximation of our rules allows and ours do
    /// not (Fairy-Stockfish's Wolf Chess lets a Sergeant that has moved
    /// step twice), lost by the peer; or a move of ours that the peer's
    /// rules lack (it could not follow the game), a draw. Counted apart
    /// from the games decided on the board: they measure the rules, not
    /// the play.
    PeerRulesInfraction,
}

impl Termination {
    pub fn text(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::PeerRulesInfraction => "peer rules infraction",
        }
    }

    /// Every termination.
    pub const ALL: [Termination; 6] = [
        Termination::Normal,
        Termination::Adjudication,
        Termination::TimeForfeit,
        Termination::RulesInfraction,
        Termination::Abandoned,
        Termination::PeerRulesInfraction,
    ];

    /// The termination a `text` names (a PGN file's tag, read back).
    pub fn from_text(text: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.text() == text)
    }
}

/// Everything a game needs.
pub struct GameSetup<'a> {
    /// 0-based game number in the match.
    pub index: usize,
    pub pair: u64,
    pub variant: &'a Arc<Variant>,
    pub opening: &'a Opening,
    /// The engines by colour (White first) and their limits.
    pub engines: [&'a EngineSpec; 2],
    pub limits: [Limits; 2],
    pub seed: u64,
    pub margin: Duration,
    pub untimed: Duration,
    pub max_plies: Option<u32>,
    pub log: IoLog,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: usize,
    pub pair: u64,
    /// Engine names by colour.
    pub names: [String; 2],
    /// Which engine of the match (0 or 1) played White.
    pub white_engine: usize,
    pub start_fen: Option<String>,
    pub start_side: Color,
    pub start_fullmove: u32,
    /// The opening's tokens are the first `opening_len` steps.
    pub opening_len: usize,
    pub steps: Vec<Step>,
    pub score: Score,
    pub termination: Termination,
    pub reason: String,
    pub final_fen: String,
}

/// The faces that show a throw's outcome (for telling XBoard engines the
/// throws of an opening), each with its die's number of faces.
fn faces_of(pos: &Position, action: Action) -> Option<Vec<(u8, u8)>> {
    let dice = pos.dice_due()?;
    let pips = pos.pips_of(action)?;
    Some(pips.into_iter().zip(dice.iter().copied()).collect())
}

pub fn kind_of(action: Action) -> StepKind {
    match action {
        Action::Move(_) | Action::Null => StepKind::Move,
        Action::Roll(..) | Action::Find(_) => StepKind::Throw,
        Action::Choose(_) | Action::Activate(_) | Action::Promote(_) => StepKind::Choice,
    }
}

fn rules_end(o: Outcome) -> (Score, String) {
    match o {
        Outcome::Win(c, e) => {
            let who = capital(c);
            let how = match e {
                Ending::Checkmate => format!("{who} mates"),
                Ending::Stalemate => format!("{who} wins by stalemate"),
                Ending::Extinction => format!("{who} wins by extinction"),
                Ending::FiftyMoves => format!("{who} wins by the move rule"),
                Ending::Repetition => format!("{who} wins by repetition"),
            };
            (Score::win(c), how)
        }
        Outcome::Draw(e) => {
            let how = match e {
                Ending::Checkmate => "draw",
                Ending::Stalemate => "draw by stalemate",
                Ending::Extinction => "draw: both sides extinct",
                Ending::FiftyMoves => "draw by the fifty-move rule",
                Ending::Repetition => "draw by repetition",
            };
            (Score::Draw, how.to_string())
        }
    }
}

pub fn capital(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Whether the opponent of `actor` cannot be told `action`: a peer whose
/// rules lack the move would lose track of the game (the game then stops,
/// counted apart as a peer rules infraction).
fn opponent_lacks(
    players: &[Option<Box<dyn Player>>; 2],
    pos: &Position,
    actor: Color,
    action: Action,
) -> bool {
    let Action::Move(m) = action else {
        return false;
    };
    players[actor.opposite().index()]
        .as_ref()
        .is_some_and(|p| !p.knows(pos, m))
}

/// The position after an opening and its tokens as steps.
pub fn replay_opening(
    opening: &Opening,
    variant: &Arc<Variant>,
) -> Result<(Position, Vec<Step>), String> {
    let mut pos = opening.start(variant).map_err(|e| e.0)?;
    let mut steps = Vec::new();
    for t in &opening.tokens {
        let actor = pos.actor();
        let action = pos.parse_action(t).map_err(|e| e.to_string())?;
        let pips = faces_of(&pos, action);
        pos.apply(action).map_err(|e| e.to_string())?;
        steps.push(Step {
            token: t.clone(),
            kind: kind_of(action),
            actor,
            pips,
        });
    }
    Ok((pos, steps))
}

/// How a game ended: the score, why, and the words for it.
type End = (Score, Termination, String);

/// `color` loses: `termination`, because `why`.
fn loss(color: Color, termination: Termination, why: String) -> End {
    (Score::win(color.opposite()), termination, why)
}

/// Plays one game to its end. Engine failures lose the game for that
/// engine; the only error is an opening the rules core rejects.
pub fn play(setup: &GameSetup) -> Result<GameRecord, String> {
    let mut game = Game::new(setup)?;
    let end = match game.start_players() {
        Some(end) => end,
        None => game.run(),
    };
    Ok(game.finish(end))
}

/// A game under way: the authoritative position, its steps, the clocks
/// and the engines.
struct Game<'a> {
    setup: &'a GameSetup<'a>,
    start_fen: Option<String>,
    start_side: Color,
    start_fullmove: u32,
    opening_len: usize,
    pos: Position,
    steps: Vec<Step>,
    names: [String; 2],
    clocks: [Clock; 2],
    players: [Option<Box<dyn Player>>; 2],
    /// Moves made by the engines (not the opening's, throws or choices).
    engine_moves: u32,
}

impl<'a> Game<'a> {
    /// The position after the opening, no engine started yet.
    fn new(setup: &'a GameSetup<'a>) -> Result<Game<'a>, String> {
        let start = setup.opening.start(setup.variant).map_err(|e| e.0)?;
        let (pos, steps) = replay_opening(setup.opening, setup.variant)?;
        Ok(Game {
            setup,
            start_fen: setup.opening.fen.clone(),
            start_side: start.side_to_move(),
            start_fullmove: start.fullmove_number(),
            opening_len: steps.len(),
            pos,
            steps,
            names: [setup.engines[0].name.clone(), setup.engines[1].name.clone()],
            clocks: [Clock::new(&setup.limits[0]), Clock::new(&setup.limits[1])],
            players: [None, None],
            engine_moves: 0,
        })
    }

    /// What the engines are shown of the game.
    fn view(&self) -> GameView<'_> {
        GameView {
            variant: self.setup.variant.name(),
            start_fen: self.start_fen.as_deref(),
            steps: &self.steps,
            position: &self.pos,
        }
    }

    /// "White (name)".
    fn who(&self, c: Color) -> String {
        format!("{} ({})", capital(c), self.names[c.index()])
    }

    /// Starts both engines on the game; the end if one cannot start.
    fn start_players(&mut self) -> Option<End> {
        let setup = self.setup;
        for c in [Color::White, Color::Black] {
            let log = setup.log.tagged(format!(
                "game {} {} {}",
                setup.index + 1,
                c.name(),
                self.names[c.index()]
            ));
            let view = self.view();
            let started =
                player::start(setup.engines[c.index()], view.variant, log).and_then(|mut p| {
                    p.new_game(&view, &setup.limits[c.index()])?;
                    Ok(p)
                });
            match started {
                Ok(p) => self.players[c.index()] = Some(p),
                Err(f) => {
                    let why = format!("{} cannot start: {f}", self.who(c));
                    return Some(loss(c, Termination::Abandoned, why));
                }
            }
        }
        None
    }

    /// Plays until the game ends.
    fn run(&mut self) -> End {
        loop {
            let end = match self.pos.pending() {
                Pending::Nothing => self.rules_end().or_else(|| self.engine_turn()),
                Pending::Roll | Pending::Find(_) => self.throw(),
                Pending::Choose(..) | Pending::Activate | Pending::Promote(_) => self.engine_turn(),
            };
            if let Some(end) = end {
                return end;
            }
        }
    }

    /// The end the rules or the move cap give before a move, if any.
    fn rules_end(&self) -> Option<End> {
        if let Some(o) = self.pos.outcome() {
            let (s, why) = rules_end(o);
            return Some((s, Termination::Normal, why));
        }
        let moves = self.engine_moves;
        self.setup.max_plies.filter(|&m| moves >= m).map(|_| {
            let why = format!("draw by adjudication after {moves} moves");
            (Score::Draw, Termination::Adjudication, why)
        })
    }

    /// The referee throws the dice due, from the match's seeded stream,
    /// and tells the thrower.
    fn throw(&mut self) -> Option<End> {
        let actor = self.pos.actor();
        let turn = self
            .steps
            .iter()
            .filter(|s| s.kind == StepKind::Move && s.actor == actor)
            .count() as u32;
        let k = self
            .steps
            .iter()
            .rev()
            .take_while(|s| s.kind != StepKind::Move)
            .filter(|s| s.kind == StepKind::Throw)
            .count() as u32;
        let dice = self.pos.dice_due().unwrap_or(&[]).to_vec();
        let (seed, pair) = (self.setup.seed, self.setup.pair);
        let pips = dice_stream::throw(seed, pair, actor, turn, k, &dice);
        let referee = |e: String| (Score::Draw, Termination::Abandoned, format!("referee: {e}"));
        let action = match self.pos.outcome_of_pips(&pips) {
            Ok(a) => a,
            Err(e) => return Some(referee(e.to_string())),
        };
        let token = self.pos.action_text(action);
        if let Err(e) = self.pos.apply(action) {
            return Some(referee(e.to_string()));
        }
        self.steps.push(Step {
            token,
            kind: StepKind::Throw,
            actor,
            pips: Some(pips.iter().copied().zip(dice.iter().copied()).collect()),
        });
        let mut player = self.players[actor.index()].take()?;
        let heard = player.heard_own_throw(&self.view());
        self.players[actor.index()] = Some(player);
        heard.err().map(|f| {
            loss(
                actor,
                Termination::Abandoned,
                format!("{} {f}", self.who(actor)),
            )
        })
    }

    /// The side to act (a move, or a choice after a throw) answers on its
    /// clock; the answer is checked and played.
    fn engine_turn(&mut self) -> Option<End> {
        let is_move = self.pos.pending() == Pending::Nothing;
        let actor = self.pos.actor();
        let clock = &self.clocks[actor.index()];
        let budget = clock.budget(self.setup.margin, self.setup.untimed);
        let timed = clock.limits.clock.is_some() || clock.limits.movetime.is_some();
        let who = self.who(actor);
        let Some(mut player) = self.players[actor.index()].take() else {
            return Some(loss(
                actor,
                Termination::Abandoned,
                format!("{who} is gone"),
            ));
        };
        let started = Instant::now();
        let answer = player.act(&Turn {
            game: &self.view(),
            actor,
            clocks: &self.clocks,
            deadline: started + budget.allowed,
        });
        let elapsed = started.elapsed();
        let approximate = player.approximate_rules();
        self.players[actor.index()] = Some(player);
        let token = match answer {
            Ok(t) => t,
            Err(f) => return Some(fault_end(actor, &who, f, timed, budget.allowed)),
        };
        if !self.clocks[actor.index()].charge(elapsed, budget, is_move) {
            let why = format!("{who} loses on time ({} ms)", elapsed.as_millis());
            return Some(loss(actor, Termination::TimeForfeit, why));
        }
        self.play_answer(actor, token, is_move, approximate)
    }

    /// Plays `token`, the answer of `actor`: an illegal one loses (counted
    /// apart for a peer with approximate rules), one the opponent's rules
    /// lack stops the game.
    fn play_answer(
        &mut self,
        actor: Color,
        token: String,
        is_move: bool,
        approximate: bool,
    ) -> Option<End> {
        let who = self.who(actor);
        let lacked = self
            .pos
            .parse_action(&token)
            .is_ok_and(|a| opponent_lacks(&self.players, &self.pos, actor, a));
        let played = self.pos.parse_action(&token).and_then(|a| {
            self.pos.apply(a)?;
            Ok(a)
        });
        let action = match played {
            Ok(a) => a,
            Err(e) => {
                let why = format!(
                    "{who} plays an illegal move '{token}' ({e}) in {}",
                    self.pos.to_fen()
                );
                // A closed stderr must not stop the match.
                let _ = writeln!(std::io::stderr(), "game {}: {why}", self.setup.index + 1);
                let illegal = match approximate {
                    true => Termination::PeerRulesInfraction,
                    false => Termination::RulesInfraction,
                };
                return Some(loss(actor, illegal, why));
            }
        };
        let other = actor.opposite();
        let stopped = format!(
            "{who} plays {token}, which the rules of {} lack: the game stops as a draw",
            self.who(other)
        );
        self.steps.push(Step {
            token,
            kind: kind_of(action),
            actor,
            pips: None,
        });
        if is_move {
            self.engine_moves += 1;
        }
        lacked.then_some((Score::Draw, Termination::PeerRulesInfraction, stopped))
    }

    /// Tells the engines the result, and the record.
    fn finish(self, (score, termination, reason): End) -> GameRecord {
        for p in self.players.into_iter().flatten() {
            p.end_game(score.text(), &reason);
        }
        GameRecord {
            index: self.setup.index,
            pair: self.setup.pair,
            names: self.names,
            white_engine: 0,
            start_fen: self.start_fen,
            start_side: self.start_side,
            start_fullmove: self.start_fullmove,
            opening_len: self.opening_len,
            steps: self.steps,
            score,
            termination,
            reason,
            final_fen: self.pos.to_fen(),
        }
    }
}

/// The end an engine's failure to answer gives: `allowed` was its time.
fn fault_end(actor: Color, who: &str, f: Fault, timed: bool, allowed: Duration) -> End {
    match f {
        Fault::Silent if timed => loss(
            actor,
            Termination::TimeForfeit,
            format!("{who} loses on time"),
        ),
        Fault::Silent => loss(
            actor,
            Termination::Abandoned,
            format!("{who} gave no answer in {} ms", allowed.as_millis()),
        ),
        f @ Fault::Resigned => loss(actor, Termination::Normal, format!("{who} {f}")),
        f @ (Fault::Garbage(_) | Fault::Refused(_)) => {
            loss(actor, Termination::RulesInfraction, format!("{who} {f}"))
        }
        f => loss(actor, Termination::Abandoned, format!("{who} {f}")),
    }
}
