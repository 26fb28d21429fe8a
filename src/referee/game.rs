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

fn kind_of(action: Action) -> StepKind {
    match action {
        Action::Move(_) | Action::Null => StepKind::Move,
        Action::Roll(..) | Action::Find(_) => StepKind::Throw,
        Action::Choose(_) | Action::Activate(_) | Action::Promote(_) => StepKind::Choice,
    }
}

/// The side that makes `action` in `pos`: the mover, or for throws and
/// choices the side that just moved.
fn actor_of(pos: &Position) -> Color {
    match pos.pending() {
        Pending::Nothing => pos.side_to_move(),
        _ => pos.side_to_move().opposite(),
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
        let actor = actor_of(&pos);
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

/// Plays one game to its end. Engine failures lose the game for that
/// engine; the only error is an opening the rules core rejects.
pub fn play(setup: &GameSetup) -> Result<GameRecord, String> {
    let start = setup.opening.start(setup.variant).map_err(|e| e.0)?;
    let start_fen = setup.opening.fen.clone();
    let (start_side, start_fullmove) = (start.side_to_move(), start.fullmove_number());
    let (mut pos, mut steps) = replay_opening(setup.opening, setup.variant)?;
    let opening_len = steps.len();
    let names = [setup.engines[0].name.clone(), setup.engines[1].name.clone()];
    let mut clocks = [Clock::new(&setup.limits[0]), Clock::new(&setup.limits[1])];
    let variant_name = setup.variant.name();

    let mut players: [Option<Box<dyn Player>>; 2] = [None, None];
    let mut start_failure = None;
    for c in [Color::White, Color::Black] {
        let log = setup.log.tagged(format!(
            "game {} {} {}",
            setup.index + 1,
            c.name(),
            names[c.index()]
        ));
        let view = GameView {
            variant: variant_name,
            start_fen: start_fen.as_deref(),
            steps: &steps,
            position: &pos,
        };
        let started =
            player::start(setup.engines[c.index()], variant_name, log).and_then(|mut p| {
                p.new_game(&view, &setup.limits[c.index()])?;
                Ok(p)
            });
        match started {
            Ok(p) => players[c.index()] = Some(p),
            Err(f) => {
                start_failure = Some((c, f));
                break;
            }
        }
    }

    let loss = |c: Color, t: Termination, why: String| (Score::win(c.opposite()), t, why);
    let mut engine_moves = 0u32;
    let (score, termination, reason) = if let Some((c, f)) = start_failure {
        loss(
            c,
            Termination::Abandoned,
            format!("{} ({}) cannot start: {f}", capital(c), names[c.index()]),
        )
    } else {
        loop {
            match pos.pending() {
                Pending::Nothing => {
                    if let Some(o) = pos.outcome() {
                        let (s, why) = rules_end(o);
                        break (s, Termination::Normal, why);
                    }
                    if setup.max_plies.is_some_and(|m| engine_moves >= m) {
                        break (
                            Score::Draw,
                            Termination::Adjudication,
                            format!("draw by adjudication after {engine_moves} moves"),
                        );
                    }
                }
                Pending::Roll | Pending::Find(_) => {
                    let actor = actor_of(&pos);
                    let turn = steps
                        .iter()
                        .filter(|s| s.kind == StepKind::Move && s.actor == actor)
                        .count() as u32;
                    let k = steps
                        .iter()
                        .rev()
                        .take_while(|s| s.kind != StepKind::Move)
                        .filter(|s| s.kind == StepKind::Throw)
                        .count() as u32;
                    let dice = pos.dice_due().unwrap_or(&[]).to_vec();
                    let pips = dice_stream::throw(setup.seed, setup.pair, actor, turn, k, &dice);
                    let action = match pos.outcome_of_pips(&pips) {
                        Ok(a) => a,
                        Err(e) => {
                            break (Score::Draw, Termination::Abandoned, format!("referee: {e}"))
                        }
                    };
                    let token = pos.action_text(action);
                    if let Err(e) = pos.apply(action) {
                        break (Score::Draw, Termination::Abandoned, format!("referee: {e}"));
                    }
                    steps.push(Step {
                        token,
                        kind: StepKind::Throw,
                        actor,
                        pips: Some(pips.iter().copied().zip(dice.iter().copied()).collect()),
                    });
                    if let Some(p) = players[actor.index()].as_mut() {
                        let view = GameView {
                            variant: variant_name,
                            start_fen: start_fen.as_deref(),
                            steps: &steps,
                            position: &pos,
                        };
                        if let Err(f) = p.heard_own_throw(&view) {
                            let who = format!("{} ({})", capital(actor), names[actor.index()]);
                            break loss(actor, Termination::Abandoned, format!("{who} {f}"));
                        }
                    }
                    continue;
                }
                Pending::Choose(..) | Pending::Activate | Pending::Promote(_) => {}
            }
            let is_move = pos.pending() == Pending::Nothing;
            let actor = actor_of(&pos);
            let budget = clocks[actor.index()].budget(setup.margin, setup.untimed);
            let timed = clocks[actor.index()].limits.clock.is_some()
                || clocks[actor.index()].limits.movetime.is_some();
            let who = format!("{} ({})", capital(actor), names[actor.index()]);
            let Some(player) = players[actor.index()].as_mut() else {
                break loss(actor, Termination::Abandoned, format!("{who} is gone"));
            };
            let illegal = if player.approximate_rules() {
                Termination::PeerRulesInfraction
            } else {
                Termination::RulesInfraction
            };
            let view = GameView {
                variant: variant_name,
                start_fen: start_fen.as_deref(),
                steps: &steps,
                position: &pos,
            };
            let started = Instant::now();
            let answer = player.act(&Turn {
                game: &view,
                actor,
                clocks: &clocks,
                deadline: started + budget.allowed,
            });
            let elapsed = started.elapsed();
            let token = match answer {
                Ok(t) => t,
                Err(Fault::Silent) if timed => {
                    break loss(
                        actor,
                        Termination::TimeForfeit,
                        format!("{who} loses on time"),
                    )
                }
                Err(Fault::Silent) => {
                    break loss(
                        actor,
                        Termination::Abandoned,
                        format!("{who} gave no answer in {} ms", budget.allowed.as_millis()),
                    )
                }
                Err(f @ Fault::Resigned) => {
                    break loss(actor, Termination::Normal, format!("{who} {f}"))
                }
                Err(f @ (Fault::Garbage(_) | Fault::Refused(_))) => {
                    break loss(actor, Termination::RulesInfraction, format!("{who} {f}"))
                }
                Err(f) => break loss(actor, Termination::Abandoned, format!("{who} {f}")),
            };
            if !clocks[actor.index()].charge(elapsed, budget, is_move) {
                break loss(
                    actor,
                    Termination::TimeForfeit,
                    format!("{who} loses on time ({} ms)", elapsed.as_millis()),
                );
            }
            let lacked = pos
                .parse_action(&token)
                .is_ok_and(|a| opponent_lacks(&players, &pos, actor, a));
            let played = pos.parse_action(&token).and_then(|a| {
                pos.apply(a)?;
                Ok(a)
            });
            match played {
                Ok(a) => {
                    let other = actor.opposite();
                    let stopped = format!(
                        "{who} plays {token}, which the rules of {} ({}) lack: the game stops as a draw",
                        capital(other),
                        names[other.index()]
                    );
                    steps.push(Step {
                        token,
                        kind: kind_of(a),
                        actor,
                        pips: None,
                    });
                    if is_move {
                        engine_moves += 1;
                    }
                    if lacked {
                        break (Score::Draw, Termination::PeerRulesInfraction, stopped);
                    }
                }
                Err(e) => {
                    let why = format!(
                        "{who} plays an illegal move '{token}' ({e}) in {}",
                        pos.to_fen()
                    );
                    let _ = std::io::Write::write_fmt(
                        &mut std::io::stderr(),
                        format_args!("game {}: {why}\n", setup.index + 1),
                    );
                    break loss(actor, illegal, why);
                }
            }
        }
    };
    for p in players.into_iter().flatten() {
        p.end_game(score.text(), &reason);
    }
    Ok(GameRecord {
        index: setup.index,
        pair: setup.pair,
        names,
        white_engine: 0,
        start_fen,
        start_side,
        start_fullmove,
        opening_len,
        steps,
        score,
        termination,
        reason,
        final_fen: pos.to_fen(),
    })
}
