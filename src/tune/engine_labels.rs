//! Labels from another engine's search: each position sent to a UCI engine
//! (`position fen`, `go depth D`), its last reported score kept. A
//! stronger engine's score carries what its evaluation knows; its scale is
//! its own, so the scores are read as results through a `K` fitted to the
//! games' results, as our evaluation's is.

use super::fit::{fit_k_of_scores, loss_of_scores};
use super::labels::{blended, SCORE_CAP};
use super::samples::{for_white, Sample};
use crate::referee::engine_process::EngineProcess;
use crate::referee::log::IoLog;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// The engine's answer to one position, at most.
const ANSWER_TIME: Duration = Duration::from_secs(60);

/// An engine that labels positions: its command line and search depth.
#[derive(Clone, Debug)]
pub struct EngineLabel {
    pub command: Vec<String>,
    pub depth: u32,
    /// The game result's share of the label (0 to 1).
    pub result_share: f64,
}

/// The engine's score of `fen` for the side to move, in its centipawns
/// (a mate as `SCORE_CAP`).
fn score_of(engine: &mut EngineProcess, fen: &str, depth: u32) -> Result<i32, String> {
    engine
        .send(&format!("position fen {fen}"))
        .map_err(|e| e.to_string())?;
    engine
        .send(&format!("go depth {depth}"))
        .map_err(|e| e.to_string())?;
    let deadline = Instant::now() + ANSWER_TIME;
    let mut score = None;
    loop {
        let line = engine.recv(deadline).map_err(|e| format!("{fen}: {e}"))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first() {
            Some(&"bestmove") => return score.ok_or_else(|| format!("{fen}: no score")),
            Some(&"info") => {}
            _ => continue,
        }
        if let Some(i) = words.iter().position(|&w| w == "score") {
            let value: Option<i32> = words.get(i + 2).and_then(|x| x.parse().ok());
            score = match (words.get(i + 1), value) {
                (Some(&"cp"), Some(cp)) => Some(cp.clamp(-SCORE_CAP, SCORE_CAP)),
                (Some(&"mate"), Some(m)) => Some(if m > 0 { SCORE_CAP } else { -SCORE_CAP }),
                _ => score,
            };
        }
    }
}

/// Starts the engine for `variant` and waits until it is ready.
fn start(command: &[String], variant: &str) -> Result<EngineProcess, String> {
    let (program, args) = command.split_first().ok_or("no engine command")?;
    let mut e =
        EngineProcess::spawn(program, args, None, IoLog::new(None)).map_err(|e| e.to_string())?;
    for line in [
        "uci",
        &format!("setoption name UCI_Variant value {variant}"),
        "isready",
    ] {
        e.send(line).map_err(|e| e.to_string())?;
    }
    let deadline = Instant::now() + ANSWER_TIME;
    while e.recv(deadline).map_err(|e| e.to_string())? != "readyok" {}
    Ok(e)
}

/// The engine's scores of the samples' positions, for White, one engine
/// per thread.
fn scores(samples: &[Sample], label: &EngineLabel) -> Result<Vec<i32>, String> {
    let Some(first) = samples.first() else {
        return Ok(Vec::new());
    };
    let variant = first.pos.variant().name().to_string();
    let chunk = samples.len().div_ceil(rayon::current_num_threads().max(1));
    let parts: Vec<Result<Vec<i32>, String>> = samples
        .par_chunks(chunk.max(1))
        .map(|part| {
            let mut engine = start(&label.command, &variant)?;
            let out = part
                .iter()
                .map(|s| {
                    score_of(&mut engine, &s.pos.to_fen(), label.depth)
                        .map(|x| for_white(&s.pos, x))
                })
                .collect::<Result<Vec<i32>, String>>();
            engine.shutdown("quit", Duration::from_millis(500));
            out
        })
        .collect();
    let mut out = Vec::with_capacity(samples.len());
    for part in parts {
        out.extend(part?);
    }
    Ok(out)
}

/// Each sample's score for White blended with the engine's, read as a
/// result through the `K` that fits the engine's scores of the training
/// samples to their games. Returns that `K` and its loss.
pub fn relabel(
    train: &mut [Sample],
    held: &mut [Sample],
    label: &EngineLabel,
) -> Result<(f64, f64), String> {
    let train_scores = scores(train, label)?;
    let held_scores = scores(held, label)?;
    let k = fit_k_of_scores(&train_scores, train);
    let loss = loss_of_scores(k, &train_scores, train);
    for (samples, scores) in [(train, train_scores), (held, held_scores)] {
        for (s, cp) in samples.iter_mut().zip(scores) {
            s.white_score = blended(label.result_share, s.white_score, k, cp);
        }
    }
    Ok((k, loss))
}
