//! Labels from another engine's search: each position sent to a UCI engine
//! (`position fen`, `go depth D`), its last reported score kept. A
//! stronger engine's score carries what its evaluation knows; its scale is
//! its own, so the scores are read as results through a `K` fitted to the
//! games' results, as our evaluation's is.

use super::fit::{fit_k_of_scores, loss_of_scores};
use super::label_cache::LabelCache;
use super::labels::{blended, SCORE_CAP};
use super::samples::{for_white, Sample};
use crate::referee::engine_process::EngineProcess;
use crate::referee::log::IoLog;
use rayon::prelude::*;
use std::path::PathBuf;
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
    /// A file that keeps the engine's scores for the next fit.
    pub cache: Option<PathBuf>,
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

/// Positions scored between two writes of the cache.
const BATCH: usize = 20_000;

/// The engine's scores of `fens` (for the side to move), one engine per
/// thread.
fn search_all(fens: &[&str], label: &EngineLabel, variant: &str) -> Result<Vec<i32>, String> {
    if fens.is_empty() {
        return Ok(Vec::new());
    }
    let chunk = fens.len().div_ceil(rayon::current_num_threads().max(1));
    let parts: Vec<Result<Vec<i32>, String>> = fens
        .par_chunks(chunk.max(1))
        .map(|part| {
            let mut engine = start(&label.command, variant)?;
            let out = part
                .iter()
                .map(|fen| score_of(&mut engine, fen, label.depth))
                .collect::<Result<Vec<i32>, String>>();
            engine.shutdown("quit", Duration::from_millis(500));
            out
        })
        .collect();
    let mut out = Vec::with_capacity(fens.len());
    for part in parts {
        out.extend(part?);
    }
    Ok(out)
}

/// The engine's scores of the samples' positions, for White: from the
/// cache where it has them, the rest searched (and added to it, a batch
/// at a time, so an interrupted run keeps what it did).
fn scores(
    samples: &[Sample],
    label: &EngineLabel,
    cache: &mut LabelCache,
) -> Result<Vec<i32>, String> {
    let Some(first) = samples.first() else {
        return Ok(Vec::new());
    };
    let variant = first.pos.variant().name().to_string();
    let fens: Vec<String> = samples.iter().map(|s| s.pos.to_fen()).collect();
    let mut missing: Vec<&str> = fens
        .iter()
        .map(String::as_str)
        .filter(|fen| cache.get(fen).is_none())
        .collect();
    missing.sort_unstable();
    missing.dedup();
    for batch in missing.chunks(BATCH) {
        let found = search_all(batch, label, &variant)?;
        let pairs: Vec<(String, i32)> = batch.iter().map(|f| f.to_string()).zip(found).collect();
        cache.add(&pairs)?;
    }
    samples
        .iter()
        .zip(&fens)
        .map(|(s, fen)| {
            cache
                .get(fen)
                .map(|x| for_white(&s.pos, x))
                .ok_or_else(|| format!("{fen}: not scored"))
        })
        .collect()
}

/// Each sample's score for White blended with the engine's, read as a
/// result through the `K` that fits the engine's scores of the training
/// samples to their games.
pub fn relabel(
    train: &mut [Sample],
    held: &mut [Sample],
    label: &EngineLabel,
) -> Result<Relabelled, String> {
    let header = format!(
        "# menagerie tune label cache: {}, {} at depth {}",
        train.first().map_or("", |s| s.pos.variant().name()),
        label.command.join(" "),
        label.depth
    );
    let mut cache = match &label.cache {
        Some(path) => LabelCache::open(path, &header)?,
        None => LabelCache::in_memory(),
    };
    let cached = cache.len();
    let train_scores = scores(train, label, &mut cache)?;
    let held_scores = scores(held, label, &mut cache)?;
    let k = fit_k_of_scores(&train_scores, train);
    let loss = loss_of_scores(k, &train_scores, train);
    for (samples, scores) in [(train, train_scores), (held, held_scores)] {
        for (s, cp) in samples.iter_mut().zip(scores) {
            s.white_score = blended(label.result_share, s.white_score, k, cp);
        }
    }
    Ok(Relabelled {
        k,
        loss,
        cached,
        searched: cache.len() - cached,
    })
}

/// What `relabel` did: the `K` that reads the engine's scores as results
/// and its loss, and how many positions the cache held and the engine
/// searched.
pub struct Relabelled {
    pub k: f64,
    pub loss: f64,
    pub cached: usize,
    pub searched: usize,
}
