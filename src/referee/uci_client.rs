//! The referee's side of UCI: `position ... moves <every token so far>`
//! then `go`; `bestmove` is the engine's move or, at a choice point, its
//! choice. UCI is stateless, so the whole game goes with every request.

use super::cli::EngineSpec;
use super::clock::Limits;
use super::engine_process::EngineProcess;
use super::log::IoLog;
use super::player::{Fault, GameView, Player, Turn};
use crate::rules::square::Color;
use engine_protocol::{GoParams, StartPosition, UciCommand};
use std::time::{Duration, Instant};

/// How long the handshake (`uci` .. `uciok`, `isready` .. `readyok`) may take.
const HANDSHAKE: Duration = Duration::from_secs(20);

pub struct UciClient {
    process: EngineProcess,
    name: Option<String>,
}

impl UciClient {
    /// Starts the engine, reads its options, sets the spec's options and
    /// the variant (`UCI_Variant`, unless the game is chess).
    pub fn start(spec: &EngineSpec, variant: &str, log: IoLog) -> Result<UciClient, Fault> {
        let mut process =
            EngineProcess::spawn(&spec.program, &spec.args, spec.dir.as_deref(), log)?;
        process.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        let mut name = None;
        let mut variants: Option<Vec<String>> = None;
        loop {
            let line = process.recv(deadline)?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
            if line.starts_with("option name UCI_Variant ") {
                let words: Vec<&str> = line.split_whitespace().collect();
                let vars = words
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string())
                    .collect();
                variants = Some(vars);
            }
        }
        let mut client = UciClient { process, name };
        for (k, v) in &spec.options {
            client.send(&UciCommand::SetOption {
                name: k.clone(),
                value: Some(v.clone()),
            })?;
        }
        if variant != "chess" {
            match &variants {
                Some(list) if list.is_empty() || list.iter().any(|v| v == variant) => {}
                Some(_) => {
                    return Err(Fault::Unsupported(format!(
                        "UCI_Variant has no '{variant}'"
                    )))
                }
                None => return Err(Fault::Unsupported("no UCI_Variant option".to_string())),
            }
            client.send(&UciCommand::SetOption {
                name: "UCI_Variant".to_string(),
                value: Some(variant.to_string()),
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
        self.send(&UciCommand::Position {
            start: match game.start_fen {
                Some(f) => StartPosition::Fen(f.to_string()),
                None => StartPosition::StartPos,
            },
            moves: game.steps.iter().map(|s| s.token.clone()).collect(),
        })?;
        self.send(&UciCommand::Go(go_params(turn)))?;
        loop {
            let line = self.process.recv(turn.deadline)?;
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                return match words.next() {
                    Some(m) => Ok(m.to_string()),
                    None => Err(Fault::Garbage(line.clone())),
                };
            }
        }
    }

    fn end_game(mut self: Box<Self>, _result: &str, _reason: &str) {
        // A search still running (the game ended on the referee's side) is stopped.
        let _ = self.process.send("stop");
        self.process.shutdown("quit", Duration::from_millis(500));
    }
}
