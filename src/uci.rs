//! The UCI adapter, as Fairy-Stockfish speaks it: text lines parsed by
//! `engine-protocol` into typed commands, applied to the engine core,
//! replies formatted by `engine-protocol`. Nothing here knows a game's rules.
//!
//! Dice games: throws and choices are tokens of their own in the `position
//! ... moves` list (`roll:6:4`, `knight:4:2`), and at a choice point
//! `bestmove` is the choice.

mod go_limits;

use crate::engine::Engine;
use crate::replies::say;
use crate::replies::Output;
use crate::rules::square::Color;
use crate::rules::variants;
use crate::search::limits::{DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD};
use crate::search::{mate_in_moves, Limits, SearchInfo};
use crate::text_lines::InputLine;
use engine_protocol::uci::{GoParams, StartPosition, UciInfo, UciScore};
use engine_protocol::{parse_uci, OptionType, UciCommand, UciReply};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const MOVE_OVERHEAD: &str = "Move Overhead";

fn options() -> Vec<UciReply> {
    vec![
        UciReply::Option {
            name: "UCI_Variant".to_string(),
            kind: OptionType::Combo {
                default: "chess".to_string(),
                choices: variants::names(),
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
            name: "Ponder".to_string(),
            kind: OptionType::Check { default: false },
        },
        UciReply::Option {
            name: "MultiPV".to_string(),
            kind: OptionType::Spin {
                default: 1,
                min: 1,
                max: crate::search::MAX_MULTIPV as i64,
            },
        },
        // A game file: its games join UCI_Variant's (as Fairy-Stockfish's).
        UciReply::Option {
            name: "VariantPath".to_string(),
            kind: OptionType::String {
                default: String::new(),
            },
        },
        // Kept back from the clock for each move (Stockfish's name).
        UciReply::Option {
            name: MOVE_OVERHEAD.to_string(),
            kind: OptionType::Spin {
                default: DEFAULT_MOVE_OVERHEAD.as_millis() as i64,
                min: 0,
                max: MAX_MOVE_OVERHEAD.as_millis() as i64,
            },
        },
        // A weights file of `menagerie tune` for the game set before it.
        UciReply::Option {
            name: "EvalWeights".to_string(),
            kind: OptionType::File {
                default: String::new(),
            },
        },
    ]
}

fn variant_info(engine: &Engine) -> String {
    let p = engine.position();
    let g = &p.variant().geometry();
    format!(
        "variant {} files {} ranks {} pocket {} startpos {}",
        engine.variant_name(),
        g.width(),
        g.height(),
        if p.variant().uses_hands() {
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
/// line already read (the `uci` that chose the protocol). The end of the
/// input (the GUI is gone) is `quit`: a running search stops at once.
pub fn run(input: impl BufRead, out: Output, first: Option<String>) {
    let mut session = Session {
        engine: Engine::new(),
        ponder: Ponder::default(),
        out,
    };
    let lines = first
        .map(InputLine::Text)
        .into_iter()
        .chain(crate::text_lines::lossy_lines(input));
    for line in lines {
        let line = match line {
            InputLine::Text(t) => t,
            InputLine::TooLong => {
                session.error(format!(
                    "a line longer than {} bytes was ignored",
                    crate::text_lines::MAX_COMMAND_BYTES
                ));
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let command = match parse_uci(&line) {
            Ok(c) => c,
            Err(e) => {
                session.error(e);
                continue;
            }
        };
        if !session.handle(command) {
            break;
        }
    }
    session.engine.stop();
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

struct Session {
    engine: Engine,
    ponder: Ponder,
    out: Output,
}

impl Session {
    /// `eval`: the position's static evaluation and quiescence value, in
    /// pawns for White (as Fairy-Stockfish's `eval` ends) and centipawns
    /// for the side to move.
    fn show_evaluation(&mut self) {
        let (stat, quiet) = self.engine.evaluate();
        let white = match self.engine.position().side_to_move() {
            crate::rules::square::Color::White => 1,
            crate::rules::square::Color::Black => -1,
        };
        let line = |name: &str, cp: i32| {
            let pawns = (white * cp) as f64 / 100.0;
            format!("{name} {pawns:+.2} (white side), {cp} cp for the side to move")
        };
        self.say(line("Static evaluation", stat));
        self.say(line("Quiescence search", quiet));
    }

    fn say(&self, reply: impl std::fmt::Display) {
        say(&self.out, reply);
    }

    fn error(&self, what: impl std::fmt::Display) {
        self.say(UciReply::InfoString(format!("Error: {what}")));
    }

    /// Applies one command; false on `quit`.
    fn handle(&mut self, command: UciCommand) -> bool {
        match command {
            UciCommand::Uci => self.identify(),
            UciCommand::IsReady => self.say(UciReply::ReadyOk),
            UciCommand::SetOption { name, value } => {
                self.set_option(&name, value.as_deref().unwrap_or_default())
            }
            UciCommand::UciNewGame => {
                self.ponder.on_hit = None;
                self.engine.new_game();
            }
            UciCommand::Position { start, moves } => {
                self.ponder.on_hit = None;
                let fen = match &start {
                    StartPosition::StartPos => None,
                    StartPosition::Fen(f) => Some(f.as_str()),
                };
                if let Err(e) = self.engine.set_position(fen, &moves) {
                    self.error(e);
                }
            }
            UciCommand::Go(params) => {
                let bad_perft = params.bad_limits.iter().find(|b| b.keyword == "perft");
                match (params.perft, bad_perft) {
                    (Some(depth), _) => self.perft(depth),
                    // A count without a depth: nothing to count or search.
                    (None, Some(bad)) => self.error(&bad.error),
                    (None, None) => self.go(params),
                }
            }
            UciCommand::Stop => {
                self.ponder.on_hit = None;
                self.engine.stop();
            }
            UciCommand::PonderHit => self.ponder_hit(),
            UciCommand::Debug(_) | UciCommand::Register(_) => {}
            UciCommand::Quit => return false,
            UciCommand::Display => {
                let p = self.engine.position();
                self.say(format!("{}Fen: {}", p.board_text(), p.to_fen()));
            }
            UciCommand::Eval => self.show_evaluation(),
            UciCommand::Bench(_) => {
                self.engine.stop();
                let r = crate::bench::run(16, |_, _| {});
                self.say(format!("Nodes searched: {}", r.nodes));
            }
        }
        true
    }

    fn identify(&self) {
        self.say(UciReply::Id {
            name: format!("menagerie {}", env!("CARGO_PKG_VERSION")),
            author: "the menagerie authors".to_string(),
        });
        for o in options() {
            self.say(o);
        }
        self.say(UciReply::UciOk);
    }

    /// Sets an option; a bad name or value is answered with an error and
    /// changes nothing.
    fn set_option(&mut self, name: &str, value: &str) {
        let value = value.trim();
        let number = |max: usize| {
            value
                .parse::<u64>()
                .ok()
                .filter(|&n| n >= 1 && n <= max as u64)
        };
        let bad = |name: &str| format!("bad {name} value '{value}'");
        let result = match name.trim().to_ascii_lowercase().as_str() {
            "uci_variant" => self.engine.set_variant(value).map_err(|e| e.to_string()),
            "hash" => match value.parse::<u64>() {
                Ok(mib) => self.engine.set_hash(mib),
                Err(_) => Err(bad("Hash")),
            },
            "threads" => match number(crate::search::smp::MAX_THREADS) {
                Some(n) => {
                    self.engine.set_threads(n as usize);
                    Ok(())
                }
                None => Err(bad("Threads")),
            },
            "multipv" => match number(crate::search::MAX_MULTIPV) {
                Some(n) => {
                    self.engine.set_multipv(n as usize);
                    Ok(())
                }
                None => Err(bad("MultiPV")),
            },
            "move overhead" => match value.parse::<u64>() {
                Ok(ms) => self
                    .engine
                    .set_move_overhead(ms)
                    .map_err(|_| bad(MOVE_OVERHEAD)),
                Err(_) => Err(bad(MOVE_OVERHEAD)),
            },
            "evalweights" => self.engine.set_eval_weights(value),
            "variantpath" => match self.engine.load_variants(value) {
                Ok(names) if !names.is_empty() => {
                    let said = format!("{value}: loaded {}", names.join(", "));
                    self.say(UciReply::InfoString(said));
                    Ok(())
                }
                Ok(_) => Ok(()),
                Err(problems) => {
                    for line in problems.lines() {
                        self.error(line);
                    }
                    Err(format!("{value} was not loaded"))
                }
            },
            // The GUI says whether it will send `go ponder`; nothing to set.
            "ponder" => match value {
                "true" | "false" => Ok(()),
                _ => Err(bad("Ponder")),
            },
            _ => Err(format!("no such option '{}'", name.trim())),
        };
        match result {
            Err(e) => self.error(e),
            Ok(()) if name.trim().eq_ignore_ascii_case("uci_variant") => {
                self.say(UciReply::InfoString(variant_info(&self.engine)))
            }
            Ok(()) => {}
        }
    }

    /// `go perft N`: counted in the search thread, so `isready`, `stop`
    /// and `quit` are answered while it counts.
    fn perft(&mut self, depth: u32) {
        self.ponder.on_hit = None;
        let out = self.out.clone();
        self.engine.perft(
            depth,
            Box::new(move |counts, pos| {
                let Some(counts) = counts else {
                    say(&out, UciReply::InfoString("perft stopped".to_string()));
                    return;
                };
                for (a, n) in &counts {
                    say(&out, format!("{}: {n}", pos.action_text(*a)));
                }
                let total: u64 = if depth == 0 {
                    1
                } else {
                    counts.iter().map(|(_, n)| n).sum()
                };
                say(&out, format!("\nNodes searched: {total}"));
            }),
        );
    }

    fn go(&mut self, params: GoParams) {
        if self.engine.position().dice_due().is_some() {
            // The GUI throws the dice, not the engine: a throw is due.
            self.error("a throw is due; send it as a token of the move list (roll:A:B, find:...)");
            self.say(UciReply::BestMove {
                mv: "0000".to_string(),
                ponder: None,
            });
            return;
        }
        let (params, problems) = go_limits::checked(&params);
        for problem in problems {
            self.error(problem);
        }
        let limits = self.limits(&params);
        self.ponder.silence = Arc::new(AtomicBool::new(false));
        self.ponder.on_hit = params.ponder.then(|| GoParams {
            ponder: false,
            ..params.clone()
        });
        self.start_search(limits);
    }

    /// The search limits of a `go`, for the side to act; `searchmoves`
    /// that are not legal here are reported and left out.
    fn limits(&self, params: &GoParams) -> Limits {
        let pos = self.engine.position();
        // The side to act: at a choice it is the one that threw.
        let actor = pos.actor();
        let ms = |v: Option<i64>| v.map(|t| Duration::from_millis(t.max(0) as u64));
        let (time, inc) = match actor {
            Color::White => (params.wtime, params.winc),
            Color::Black => (params.btime, params.binc),
        };
        let legal = pos.legal_actions();
        let mut searchmoves = Vec::new();
        for text in &params.searchmoves {
            match pos.parse_action(text) {
                Ok(a) if legal.contains(&a) => searchmoves.push(a),
                Ok(_) | Err(_) => self.error(format!("searchmoves: '{text}' is not legal here")),
            }
        }
        if searchmoves.is_empty() && !params.searchmoves.is_empty() {
            self.error("searchmoves: no legal move given; searching every move");
        }
        Limits {
            depth: params.depth.or(params.mate.map(|m| m.saturating_mul(2))),
            nodes: params.nodes,
            movetime: params.movetime.map(Duration::from_millis),
            time_left: ms(time),
            increment: ms(inc).unwrap_or_default(),
            moves_to_go: params.movestogo,
            infinite: params.infinite || params.ponder,
            searchmoves,
            ..Limits::default()
        }
    }

    fn start_search(&mut self, limits: Limits) {
        let silence = self.ponder.silence.clone();
        let info_out = self.out.clone();
        let done_out = self.out.clone();
        // The principal variation's second step is the move to ponder on.
        let last_pv = Arc::new(Mutex::new(Vec::<String>::new()));
        let pv_seen = last_pv.clone();
        self.engine.go(
            limits,
            Box::new(move |info, shown| {
                let pv = shown.actions_text(&info.pv);
                if info.multipv <= 1 {
                    if let Ok(mut seen) = pv_seen.lock() {
                        seen.clone_from(&pv);
                    }
                }
                say(&info_out, UciReply::Info(info_line(info, pv)));
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

    /// The move pondered on was played: the ponder search gives way to
    /// the same search with the real limits (the table keeps its work).
    fn ponder_hit(&mut self) {
        if let Some(params) = self.ponder.on_hit.take() {
            self.ponder.silence.store(true, Ordering::Relaxed);
            self.engine.stop();
            self.go(params);
        }
    }
}

fn info_line(info: &SearchInfo, pv: Vec<String>) -> UciInfo {
    let millis = info.time.as_millis() as u64;
    UciInfo {
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
    }
}
