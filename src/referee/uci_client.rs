//! The referee's side of UCI: `position ... moves <every token so far>`
//! then `go`; `bestmove` is the engine's move or, at a choice point, its
//! choice. UCI is stateless, so the whole game goes with every request.

use super::cli::EngineSpec;
use super::clock::Limits;
use super::dialect::Dialect;
use super::engine_process::EngineProcess;
use super::log::IoLog;
use super::player::{Fault, GameView, Player, Turn};
use super::promotion_ahead;
use crate::rules::action::Action;
use crate::rules::moves::Move;
use crate::rules::piece::Kind;
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use engine_protocol::{GoParams, StartPosition, UciCommand};
use std::time::{Duration, Instant};

/// How long the handshake (`uci` .. `uciok`, `isready` .. `readyok`) may take.
const HANDSHAKE: Duration = Duration::from_secs(20);

pub struct UciClient {
    process: EngineProcess,
    name: Option<String>,
    /// How it writes our moves: what it is sent and what it answers.
    dialect: Dialect,
    /// It plays its own approximation of our game (a peer's rules).
    approximate: bool,
    /// It writes a promotion with its piece (`promotion=with-move`); the
    /// piece it gave, to answer the promotion when it falls due.
    promotion_with_move: bool,
    promotion_ahead: Option<Kind>,
}

/// What `uci` .. `uciok` told: the engine's name and its UCI_Variant
/// values (`None`: no such option; empty: any value).
struct Header {
    name: Option<String>,
    variants: Option<Vec<String>>,
}

/// Sends `uci` and reads up to `uciok`.
fn read_header(process: &mut EngineProcess) -> Result<Header, Fault> {
    process.send("uci")?;
    let deadline = Instant::now() + HANDSHAKE;
    let mut header = Header {
        name: None,
        variants: None,
    };
    loop {
        let line = process.recv(deadline)?;
        let line = line.trim();
        if line == "uciok" {
            return Ok(header);
        }
        if let Some(n) = line.strip_prefix("id name ") {
            header.name = Some(n.trim().to_string());
        }
        if line.starts_with("option name UCI_Variant ") {
            let words: Vec<&str> = line.split_whitespace().collect();
            let vars = words
                .windows(2)
                .filter(|w| w[0] == "var")
                .map(|w| w[1].to_string())
                .collect();
            header.variants = Some(vars);
        }
    }
}

fn offers(variants: &Option<Vec<String>>, variant: &str) -> bool {
    matches!(variants, Some(list) if list.is_empty() || list.iter().any(|v| v == variant))
}

impl UciClient {
    /// Starts the engine, reads its options, sets the spec's options and
    /// the variant (`UCI_Variant`, unless the game is chess; the spec's
    /// `variant=` names it in the engine's terms).
    pub fn start(spec: &EngineSpec, variant: &str, log: IoLog) -> Result<UciClient, Fault> {
        let mut process =
            EngineProcess::spawn(&spec.program, &spec.args, spec.dir.as_deref(), log)?;
        let mut header = read_header(&mut process)?;
        let is_fsf = header
            .name
            .as_deref()
            .is_some_and(|n| n.starts_with("Fairy-Stockfish"));
        let dialect = spec
            .notation
            .unwrap_or(if is_fsf { Dialect::Fsf } else { Dialect::Ours });
        let mut client = UciClient {
            process,
            name: header.name.take(),
            dialect,
            // Fairy-Stockfish plays chess by our rules; our other games only
            // as near as its variant definitions reach.
            approximate: dialect == Dialect::Fsf && variant != "chess",
            promotion_with_move: spec.promotion_with_move,
            promotion_ahead: None,
        };
        for (k, v) in &spec.options {
            client.send(&UciCommand::SetOption {
                name: k.clone(),
                value: Some(v.clone()),
            })?;
        }
        let theirs = spec.variant.as_deref().unwrap_or(variant);
        if theirs != "chess" {
            // An option (Fairy-Stockfish's VariantPath) may have added
            // variants: ask again before refusing.
            if !offers(&header.variants, theirs) && !spec.options.is_empty() {
                header = read_header(&mut client.process)?;
            }
            if !offers(&header.variants, theirs) {
                return Err(Fault::Unsupported(match header.variants {
                    Some(_) => format!("UCI_Variant has no '{theirs}'"),
                    None => "no UCI_Variant option".to_string(),
                }));
            }
            client.send(&UciCommand::SetOption {
                name: "UCI_Variant".to_string(),
                value: Some(theirs.to_string()),
            })?;
        }
        client.sync(Instant::now() + HANDSHAKE)?;
        Ok(client)
    }

    fn send(&mut self, c: &UciCommand) -> Result<(), Fault> {
        Ok(self.process.send(&c.to_string())?)
    }

    /// `isready`, waiting for `readyok`.
    fn sync(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.send(&UciCommand::IsReady)?;
        loop {
            if self.process.recv(deadline)?.trim() == "readyok" {
                return Ok(());
            }
        }
    }
}

/// A score an engine reported (`info ... score cp X` or `score mate N`),
/// for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reported {
    Centipawns(i32),
    /// Mate in this many moves, negative when the side to move is mated.
    Mate(i32),
}

/// The score an `info` line reports, if any.
fn reported(line: &str) -> Option<Reported> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let i = words.iter().position(|&w| w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(Reported::Centipawns(value)),
        "mate" => Some(Reported::Mate(value)),
        _ => None,
    }
}

impl UciClient {
    /// The engine's score of `game`'s position after a search of `depth`:
    /// the last score it reported before `bestmove`.
    pub fn score(
        &mut self,
        game: &GameView,
        depth: u32,
        deadline: Instant,
    ) -> Result<Reported, Fault> {
        let (fen, moves) = self.dialect.position_request(game);
        self.send(&UciCommand::Position {
            start: fen.map_or(StartPosition::StartPos, StartPosition::Fen),
            moves,
        })?;
        self.send(&UciCommand::Go(GoParams {
            depth: Some(depth),
            ..GoParams::default()
        }))?;
        let mut score = None;
        loop {
            let line = self.process.recv(deadline)?;
            if line.split_whitespace().next() == Some("bestmove") {
                return score.ok_or(Fault::Garbage(format!("{line} (no score before it)")));
            }
            score = reported(&line).or(score);
        }
    }

    /// Stops the engine.
    pub fn quit(self) {
        self.process.shutdown("quit", Duration::from_millis(500));
    }
}

/// The `go` for the actor: its clock, time per move, depth or nodes.
fn go_params(turn: &Turn) -> GoParams {
    let own = &turn.clocks[turn.actor.index()];
    let other = &turn.clocks[turn.actor.opposite().index()];
    let limits = &own.limits;
    let mut p = GoParams {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime: limits.movetime,
        ..GoParams::default()
    };
    if limits.clock.is_some() {
        let (own_ms, own_inc) = (own.remaining_ms.max(1), own.increment_ms() as i64);
        let (other_ms, other_inc) = if other.limits.clock.is_some() {
            (other.remaining_ms.max(1), other.increment_ms() as i64)
        } else {
            (own_ms, own_inc)
        };
        let (w, b) = match turn.actor {
            Color::White => ((own_ms, own_inc), (other_ms, other_inc)),
            Color::Black => ((other_ms, other_inc), (own_ms, own_inc)),
        };
        p.wtime = Some(w.0);
        p.winc = Some(w.1);
        p.btime = Some(b.0);
        p.binc = Some(b.1);
    }
    p
}

impl Player for UciClient {
    fn id_name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn new_game(&mut self, _game: &GameView, _limits: &Limits) -> Result<(), Fault> {
        self.send(&UciCommand::UciNewGame)?;
        self.sync(Instant::now() + HANDSHAKE)
    }

    fn act(&mut self, turn: &Turn) -> Result<String, Fault> {
        let game = turn.game;
        if self.promotion_with_move && matches!(game.position.pending(), Pending::Promote(_)) {
            // Its promotion's piece came with its move.
            if let Some(piece) = self.promotion_ahead.take() {
                return Ok(game.position.action_text(Action::Promote(piece)));
            }
        }
        let (fen, mut moves) = self.dialect.position_request(game);
        if self.promotion_with_move {
            moves = promotion_ahead::join(game, moves, self.promotion_ahead);
        }
        self.send(&UciCommand::Position {
            start: match fen {
                Some(f) => StartPosition::Fen(f),
                None => StartPosition::StartPos,
            },
            moves,
        })?;
        self.send(&UciCommand::Go(go_params(turn)))?;
        loop {
            let line = self.process.recv(turn.deadline)?;
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                let Some(m) = words.next() else {
                    return Err(Fault::Garbage(line.clone()));
                };
                let ours = self.dialect.to_ours(game.position, m);
                if self.promotion_with_move {
                    if let Some((text, piece)) = promotion_ahead::split(game.position, &ours) {
                        self.promotion_ahead = Some(piece);
                        return Ok(text);
                    }
                }
                return Ok(ours);
            }
        }
    }

    fn approximate_rules(&self) -> bool {
        self.approximate
    }

    fn knows(&self, pos: &Position, m: Move) -> bool {
        self.dialect.knows(pos, m)
    }

    fn end_game(mut self: Box<Self>, _result: &str, _reason: &str) {
        // A search still running (the game ended on the referee's side) is stopped.
        let _ = self.process.send("stop");
        self.process.shutdown("quit", Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::{reported, Reported};

    #[test]
    fn the_score_of_an_info_line() {
        let line = "info depth 8 seldepth 12 multipv 1 score cp -37 nodes 9 pv e2e4";
        assert_eq!(reported(line), Some(Reported::Centipawns(-37)));
        assert_eq!(
            reported("info depth 9 score mate -3 pv a1a2"),
            Some(Reported::Mate(-3))
        );
        assert_eq!(reported("info depth 9 score lowerbound"), None);
        assert_eq!(reported("info string score cp x"), None);
        assert_eq!(reported("bestmove e2e4 score cp 5"), None);
    }
}
