//! The UCI adapter, as Fairy-Stockfish speaks it: text lines parsed by
//! `engine-protocol` into typed commands, applied to the engine core,
//! replies formatted by `engine-protocol`. Nothing here knows a game's rules.
//!
//! Dice games: throws and choices are tokens of their own in the `position
//! ... moves` list (`roll:6:4`, `knight:4:2`), and at a choice point
//! `bestmove` is the choice.

use crate::engine::Engine;
use crate::perft;
use crate::position::Pending;
use crate::search::{mate_in_moves, Limits};
use crate::square::Color;
use crate::variants;
use engine_protocol::uci::{GoParams, StartPosition, UciInfo, UciScore};
use engine_protocol::{parse_uci, OptionType, UciCommand, UciReply};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Where replies go; shared with the search thread.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Prints one reply and flushes: the search thread prints too.
pub(crate) fn say(out: &Output, reply: impl std::fmt::Display) {
    if let Ok(mut o) = out.lock() {
        let _ = writeln!(o, "{reply}");
        let _ = o.flush();
    }
}

fn options() -> Vec<UciReply> {
    vec![
        UciReply::Option {
            name: "UCI_Variant".to_string(),
            kind: OptionType::Combo {
                default: "chess".to_string(),
                choices: variants::NAMES.iter().map(|s| s.to_string()).collect(),
            },
        },
        UciReply::Option {
            name: "Hash".to_string(),
            kind: OptionType::Spin {
                default: Engine::DEFAULT_HASH_MIB as i64,
                min: 1,
                max: Engine::MAX_HASH_MIB as i64,
            },
        },
        UciReply::Option {
            name: "Threads".to_string(),
            kind: OptionType::Spin {
                default: 1,
                min: 1,
                max: crate::search::smp::MAX_THREADS as i64,
            },
        },
        UciReply::Option {
            name: "MultiPV".to_string(),
            kind: OptionType::Spin {
                default: 1,
                min: 1,
                max: crate::search::MAX_MULTIPV as i64,
            },
        },
    ]
}

fn variant_info(engine: &Engine) -> String {
    let p = engine.position();
    let g = &p.variant().geometry;
    format!(
        "variant {} files {} ranks {} pocket {} startpos {}",
        engine.variant_name(),
        g.width(),
        g.height(),
        if p.variant().uses_hands {
            p.variant().kind_count()
        } else {
            0
        },
        p.to_fen()
    )
}

fn score(v: i32) -> UciScore {
    match mate_in_moves(v) {
        Some(moves) => UciScore::mate(moves),
        None => UciScore::cp(v),
    }
}

/// Runs the protocol until `quit` or the end of the input. `first` is a
/// line already read (the `uci` that chose the protocol).
pub fn run(input: impl BufRead, out: Output, first: Option<String>) {
    let mut engine = Engine::new();
    let mut ponder = Ponder::default();
    let lines = first
        .into_iter()
        .chain(crate::text_lines::lossy_lines(input));
    for line in lines {
        if line.trim() == "quit" {
            engine.stop();
            return;
        }
        if line.trim().is_empty() {
            continue;
        }
        let command = match parse_uci(&line) {
            Ok(c) => c,
            Err(e) => {
                say(&out, UciReply::InfoString(format!("Error: {e}")));
                continue;
            }
        };
        if !handle(&mut engine, command, &out, &mut ponder) {
            break;
        }
    }
    // The input ended without `quit`: a search with limits may finish.
    engine.finish();
}

/// A `go ponder` search: its `bestmove` is held back until `stop`, and on
/// `ponderhit` it is replaced by the same search with its limits.
#[derive(Default)]
struct Ponder {
    /// The `go` to run on `ponderhit`.
    on_hit: Option<GoParams>,
    /// Silences the ponder search's `bestmove` when it is replaced.
    silence: Arc<AtomicBool>,
}

/// Applies one command; false on `quit`.
fn handle(engine: &mut Engine, command: UciCommand, out: &Output, ponder: &mut Ponder) -> bool {
    match command {
        UciCommand::Uci => {
            say(
                out,
                UciReply::Id {
                    name: format!("menagerie {}", env!("CARGO_PKG_VERSION")),
                    author: "the menagerie authors".to_string(),
                },
            );
            for o in options() {
                say(out, o);
            }
            say(out, UciReply::UciOk);
        }
        UciCommand::IsReady => say(out, UciReply::ReadyOk),
        UciCommand::SetOption { name, value } => {
            let value = value.unwrap_or_default();
            match name.to_ascii_lowercase().as_str() {
                "uci_variant" => match engine.set_variant(value.trim()) {
                    Ok(()) => say(out, UciReply::InfoString(variant_info(engine))),
                    Err(e) => say(out, UciReply::InfoString(format!("Error: {e}"))),
                },
                "hash" => match value.trim().parse::<usize>() {
                    Ok(mib) if mib >= 1 => engine.set_hash(mib),
                    _ => say(
                        out,
                        UciReply::InfoString(format!("Error: bad Hash value '{value}'")),
                    ),
                },
                "threads" => match value.trim().parse::<usize>() {
                    Ok(n) if (1..=crate::search::smp::MAX_THREADS).contains(&n) => {
                        engine.set_threads(n)
                    }
                    _ => say(
                        out,
                        UciReply::InfoString(format!("Error: bad Threads value '{value}'")),
                    ),
                },
                "multipv" => match value.trim().parse::<usize>() {
                    Ok(n) if (1..=crate::search::MAX_MULTIPV).contains(&n) => engine.set_multipv(n),
                    _ => say(
                        out,
                        UciReply::InfoString(format!("Error: bad MultiPV value '{value}'")),
                    ),
                },
                _ => say(
                    out,
                    UciReply::InfoString(format!("Error: no such option '{name}'")),
                ),
            }
        }
        UciCommand::UciNewGame => {
            ponder.on_hit = None;
            engine.new_game();
        }
        UciCommand::Position { start, moves } => {
            ponder.on_hit = None;
            let fen = match &start {
                StartPosition::StartPos => None,
                StartPosition::Fen(f) => Some(f.as_str()),
            };
            if let Err(e) = engine.set_position(fen, &moves) {
                say(out, UciReply::InfoString(format!("Error: {e}")));
            }
        }
        UciCommand::Go(params) => {
            if let Some(depth) = params.perft {
                engine.stop();
                let pos = engine.position().clone();
                let expanded = pos.variant().has_chance_steps();
                let results = perft::divide(&pos, depth, expanded, &|_, _| {});
                let mut total = 0;
                for (a, n) in &results {
                    say(out, format!("{}: {n}", pos.action_text(*a)));
                    total += n;
                }
                say(
                    out,
                    format!("\nNodes searched: {}", if depth == 0 { 1 } else { total }),
                );
                return true;
            }
            let pos = engine.position();
            if pos.dice_due().is_some() {
                // The GUI throws the dice, not the engine: a throw is due.
                say(
                    out,
                    UciReply::InfoString(
                        "Error: a throw is due; send it as a token of the move list (roll:A:B, find:...)"
                            .to_string(),
                    ),
                );
                say(
                    out,
                    UciReply::BestMove {
                        mv: "0000".to_string(),
                        ponder: None,
                    },
                );
                return true;
            }
            // The side to act: at a choice it is the one that threw.
            let actor = match pos.pending() {
                Pending::Nothing => pos.side_to_move(),
                _ => pos.side_to_move().opposite(),
            };
            let ms = |v: Option<i64>| v.map(|t| Duration::from_millis(t.max(0) as u64));
            let (time, inc) = match actor {
                Color::White => (params.wtime, params.winc),
                Color::Black => (params.btime, params.binc),
            };
            let limits = Limits {
                depth: params.depth.or(params.mate.map(|m| m.saturating_mul(2))),
                nodes: params.nodes,
                movetime: params.movetime.map(Duration::from_millis),
                time_left: ms(time),
                increment: ms(inc).unwrap_or_default(),
                moves_to_go: params.movestogo,
                infinite: params.infinite || params.ponder,
            };
            ponder.silence = Arc::new(AtomicBool::new(false));
            ponder.on_hit = params.ponder.then(|| GoParams {
                ponder: false,
                ..params.clone()
            });
            let silence = ponder.silence.clone();
            let info_out = out.clone();
            let done_out = out.clone();
            // The principal variation's second step is the move to ponder on.
            let last_pv = Arc::new(Mutex::new(Vec::<String>::new()));
            let pv_seen = last_pv.clone();
            engine.go(
                limits,
                Box::new(move |info, shown| {
                    let pv = shown.actions_text(&info.pv);
                    if info.multipv <= 1 {
                        if let Ok(mut seen) = pv_seen.lock() {
                            seen.clone_from(&pv);
                        }
                    }
                    let millis = info.time.as_millis() as u64;
                    say(
                        &info_out,
                        UciReply::Info(UciInfo {
                            depth: Some(info.depth),
                            seldepth: Some(info.seldepth),
                            score: Some(score(info.score)),
                            nodes: Some(info.nodes),
                            nps: Some(info.nodes * 1000 / millis.max(1)),
                            time: Some(millis),
                            multipv: Some(info.multipv),
                            hashfull: Some(info.hashfull),
                            pv,
                            ..UciInfo::default()
                        }),
                    );
                }),
                Box::new(move |best, shown| {
                    if silence.load(Ordering::Relaxed) {
                        return;
                    }
                    let mv = best
                        .map(|a| shown.action_text(a))
                        .unwrap_or_else(|| "(none)".to_string());
                    let pv = last_pv.lock().map(|p| p.clone()).unwrap_or_default();
                    let ponder = (pv.first() == Some(&mv))
                        .then(|| pv.get(1).cloned())
                        .flatten();
                    say(&done_out, UciReply::BestMove { mv, ponder });
                }),
            );
        }
        UciCommand::Stop => {
            ponder.on_hit = None;
            engine.stop();
        }
        UciCommand::PonderHit => {
            if let Some(params) = ponder.on_hit.take() {
                ponder.silence.store(true, Ordering::Relaxed);
                engine.stop();
                return handle(engine, UciCommand::Go(params), out, ponder);
            }
        }
        UciCommand::Debug(_) | UciCommand::Register(_) => {}
        UciCommand::Quit => return false,
        UciCommand::Display => {
            let p = engine.position();
            say(out, format!("{}Fen: {}", p.board_text(), p.to_fen()));
        }
        UciCommand::Bench(_) => {
            engine.stop();
            let r = crate::bench::run(16, |_, _| {});
            say(out, format!("Nodes searched: {}", r.nodes));
        }
    }
    true
}
