//! The logistic fit (Texel's method): the evaluation `e` of a position (for
//! White, in centipawns) predicts White's score `1 / (1 + 10^(-K e / 400))`;
//! the loss is the mean squared gap to the game's result. `K` is fitted
//! once to the starting weights, then each weight in turn is moved a step
//! up or down while that lowers the loss, the steps halving when a pass
//! over every weight finds nothing; the weights kept are those of the pass
//! with the least loss on the held-out games.

use super::samples::{for_white, Sample};
use crate::rules::piece::Kind;
use crate::rules::variant::Variant;
use crate::search::eval::weights::Weights;
use crate::search::eval::Evaluator;
use rayon::prelude::*;

/// A weight the fit moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// A term, by its index in `Weights`.
    Term(usize),
    /// A piece's value.
    Value(Kind),
}

impl Param {
    pub fn name(self, v: &Variant) -> String {
        match self {
            Param::Term(i) => Weights::term_key(i).to_string(),
            Param::Value(k) => format!("value.{}", v.symbol(crate::rules::square::Color::White, k)),
        }
    }
}

/// The predicted score for White of an evaluation for White.
pub fn predicted(k: f64, cp: i32) -> f64 {
    predicted_of(k, cp as f64)
}

/// `predicted` of a fractional evaluation (a linear model's).
pub fn predicted_of(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// Each sample's evaluation for White under `w`.
pub fn scores(v: &Variant, w: &Weights, samples: &[Sample]) -> Vec<i32> {
    let e = Evaluator::with_weights(v, w);
    samples
        .par_iter()
        .map(|s| for_white(&s.pos, e.evaluate(&s.pos)))
        .collect()
}

/// The mean squared gap between prediction and result.
pub fn loss_of_scores(k: f64, scores: &[i32], samples: &[Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let gaps: Vec<f64> = scores
        .par_iter()
        .zip(samples.par_iter())
        .map(|(&cp, s)| (s.white_score - predicted(k, cp)).powi(2))
        .collect();
    // Summed in order: a parallel sum's order varies, and with it the last
    // bits, which would make weights that change nothing look active.
    gaps.iter().sum::<f64>() / samples.len() as f64
}

pub fn loss(v: &Variant, w: &Weights, k: f64, samples: &[Sample]) -> f64 {
    loss_of_scores(k, &scores(v, w, samples), samples)
}

/// The `K` of least loss for these weights (golden-section search over
/// 0.05 to 5: the loss is unimodal in `K`).
pub fn fit_k(v: &Variant, w: &Weights, samples: &[Sample]) -> f64 {
    fit_k_of_scores(&scores(v, w, samples), samples)
}

/// The `K` of least loss for these scores (for White) of the samples.
pub fn fit_k_of_scores(scores: &[i32], samples: &[Sample]) -> f64 {
    let f = |k: f64| loss_of_scores(k, scores, samples);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.05f64, 5.0f64);
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    while b - a > 1e-3 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

/// The weights the fit may move: every term that changes the loss (the
/// others do not apply to the game), and the values of the kinds seen in
/// the samples whose value no game term computes.
pub fn params(v: &Variant, w: &Weights, k: f64, samples: &[Sample]) -> Vec<Param> {
    let base = loss(v, w, k, samples);
    let mut out = Vec::new();
    for i in 0..Weights::term_count() {
        let (value, step) = w.term_at(i);
        let mut trial = w.clone();
        trial.set_term_at(i, value + step);
        if loss(v, &trial, k, samples) != base {
            out.push(Param::Term(i));
        }
    }
    let e = Evaluator::with_weights(v, w);
    let fixed = v.royal_kinds() | e.game_valued_kinds();
    for kind in 0..v.kind_count() as Kind {
        let seen = samples
            .iter()
            .filter(|s| s.pos.pieces_of_both(1 << kind).any())
            .count();
        // A kind seen in fewer than one position in a hundred cannot be fitted.
        if fixed >> kind & 1 == 0 && seen * 100 >= samples.len() {
            out.push(Param::Value(kind));
        }
    }
    out
}

/// Of `params`, those named in `only` (all of them where it is empty); a
/// name that is not among them is an error.
pub fn restrict(v: &Variant, params: Vec<Param>, only: &[String]) -> Result<Vec<Param>, String> {
    if let Some(unknown) = only
        .iter()
        .find(|key| !params.iter().any(|p| p.name(v) == **key))
    {
        return Err(format!(
            "--only {unknown}: not a weight that changes this game's evaluation"
        ));
    }
    Ok(params
        .into_iter()
        .filter(|p| only.is_empty() || only.contains(&p.name(v)))
        .collect())
}

/// A weight's value and first step.
fn get(v: &Variant, w: &Weights, p: Param) -> (i32, i32) {
    match p {
        Param::Term(i) => w.term_at(i),
        Param::Value(kind) => {
            let value = w
                .value(kind)
                .unwrap_or_else(|| Evaluator::with_weights(v, w).values[kind as usize]);
            (value, (value / 50).max(2))
        }
    }
}

fn set(w: &mut Weights, p: Param, value: i32) {
    match p {
        Param::Term(i) => w.set_term_at(i, value),
        Param::Value(kind) => w.set_value(kind, Some(value)),
    }
}

/// What a pass reports: its number, the losses after it (fitted and held
/// out) and how many weights it moved.
pub struct Pass {
    pub number: usize,
    pub loss: f64,
    pub held_out_loss: f64,
    pub changed: usize,
}

/// What the fit reads: `K`, the positions fitted and those held out.
#[derive(Clone, Copy)]
pub struct FitData<'a> {
    pub k: f64,
    pub samples: &'a [Sample],
    pub held_out: &'a [Sample],
}

/// Coordinate descent from `start` over `params` on `data.samples`, at most
/// `max_passes` passes; `progress` hears of each. Returns the weights of
/// the pass with the least loss on `data.held_out` (early stopping: once the
/// fit learns the sample rather than the game, more passes only hurt), or
/// `start` if no pass lowered it.
pub fn descend(
    v: &Variant,
    start: &Weights,
    params: &[Param],
    data: &FitData,
    max_passes: usize,
    progress: &mut dyn FnMut(&Pass),
) -> Weights {
    let FitData {
        k,
        samples,
        held_out,
    } = *data;
    let mut w = start.clone();
    // Every value is set, so that later moves of the others do not shift it.
    for &p in params {
        let (value, _) = get(v, &w, p);
        set(&mut w, p, value);
    }
    let mut steps: Vec<i32> = params.iter().map(|&p| get(v, &w, p).1).collect();
    let mut best = loss(v, &w, k, samples);
    let mut kept = (loss(v, start, k, held_out), start.clone());
    for number in 1..=max_passes {
        let mut changed = 0;
        for (i, &p) in params.iter().enumerate() {
            let (value, _) = get(v, &w, p);
            for dir in [1, -1] {
                let mut trial = w.clone();
                set(&mut trial, p, value + dir * steps[i]);
                if get(v, &trial, p).0 == value {
                    continue; // at a bound
                }
                let l = loss(v, &trial, k, samples);
                if l < best {
                    best = l;
                    w = trial;
                    changed += 1;
                    break;
                }
            }
        }
        let held_out_loss = loss(v, &w, k, held_out);
        if held_out_loss < kept.0 {
            kept = (held_out_loss, w.clone());
        }
        progress(&Pass {
            number,
            loss: best,
            held_out_loss,
            changed,
        });
        if changed == 0 {
            if steps.iter().all(|&s| s == 1) {
                break;
            }
            steps.iter_mut().for_each(|s| *s = (*s / 2).max(1));
        }
    }
    kept.1
}
