//! Labels from another engine's search: each position sent to a UCI engine
//! (`position fen`, `go depth D`), its last reported score kept. A
//! stronger engine's score carries what its evaluation knows; its scale is
//! its own, so the scores are read as results through a `K` fitted to the
//! games' results, as our evaluation's is.

use super::fit::{fit_k_of_scores, loss_of_scores};
use super::label_cache::LabelCache;
use super::labels::{blended, SCORE_CAP};
use super::samples::{for_white, Sample};
use crate::referee::cli::EngineSpec;
use crate::referee::log::IoLog;
use crate::referee::player::GameView;
use crate::referee::uci_client::{Reported, UciClient};
use crate::rules::position::Position;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The engine's answer to one position, at most.
const ANSWER_TIME: Duration = Duration::from_secs(60);

/// An engine that labels positions, as `match --engine` names one, and
/// its search depth.
#[derive(Clone, Debug)]
pub struct EngineLabel {
    pub spec: EngineSpec,
    pub depth: u32,
    /// The game result's share of the label (0 to 1).
    pub result_share: f64,
    /// A file that keeps the engine's scores for the next fit.
    pub cache: Option<PathBuf>,
}

impl EngineLabel {
    /// The engine's command line, its options and its name for the game.
    pub fn engine_text(&self) -> String {
        let mut words = vec![self.spec.program.clone()];
        words.extend(self.spec.args.iter().cloned());
        words.extend(
            self.spec
                .options
                .iter()
                .map(|(k, v)| format!("option.{k}={v}")),
        );
        if let Some(theirs) = &self.spec.variant {
            words.push(format!("variant={theirs}"));
        }
        words.join(" ")
    }

    /// What made its scores, as the cache's first line says it.
    fn maker(&self, variant: &str) -> String {
        format!(
            "# menagerie tune label cache: {variant}, {} at depth {}",
            self.engine_text(),
            self.depth
        )
    }
}

/// The engine's score of `fen` for the side to move, in its centipawns
/// (a mate as `SCORE_CAP`).
fn score_of(engine: &mut UciClient, (fen, pos): Unscored, depth: u32) -> Result<i32, String> {
    let game = GameView {
        variant: pos.variant().name(),
        start_fen: Some(fen),
        steps: &[],
        position: pos,
    };
    let deadline = Instant::now() + ANSWER_TIME;
    match engine.score(&game, depth, deadline) {
        Ok(Reported::Centipawns(cp)) => Ok(cp.clamp(-SCORE_CAP, SCORE_CAP)),
        Ok(Reported::Mate(m)) => Ok(if m > 0 { SCORE_CAP } else { -SCORE_CAP }),
        Err(e) => Err(format!("{fen}: the engine {e}")),
    }
}

/// Positions scored between two writes of the cache.
const BATCH: usize = 20_000;

/// A position to score: its FEN and itself.
type Unscored<'a> = (&'a str, &'a Position);

/// The engine's scores of `fens` (for the side to move), one engine per
/// thread.
fn search_all(fens: &[Unscored], label: &EngineLabel, variant: &str) -> Result<Vec<i32>, String> {
    if fens.is_empty() {
        return Ok(Vec::new());
    }
    let chunk = fens.len().div_ceil(rayon::current_num_threads().max(1));
    let parts: Vec<Result<Vec<i32>, String>> = fens
        .par_chunks(chunk.max(1))
        .map(|part| {
            let mut engine = UciClient::start(&label.spec, variant, IoLog::new(None))
                .map_err(|e| format!("{}: {e}", label.spec.program))?;
            let out = part
                .iter()
                .map(|&unscored| score_of(&mut engine, unscored, label.depth))
                .collect::<Result<Vec<i32>, String>>();
            engine.quit();
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
    let mut missing: Vec<Unscored> = fens
        .iter()
        .zip(samples)
        .map(|(fen, s)| (fen.as_str(), &s.pos))
        .filter(|(fen, _)| cache.get(fen).is_none())
        .collect();
    missing.sort_unstable_by_key(|u| u.0);
    missing.dedup_by_key(|u| u.0);
    for batch in missing.chunks(BATCH) {
        let found = search_all(batch, label, &variant)?;
        let pairs: Vec<(String, i32)> = batch.iter().map(|u| u.0.to_string()).zip(found).collect();
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
    let header = label.maker(train.first().map_or("", |s| s.pos.variant().name()));
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
