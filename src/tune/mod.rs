//! `menagerie tune`: fits the evaluation's weights of one game to the
//! results of games the referee wrote (docs/engine.md, "Tuning"), or to
//! labels that blend them with a search of each position. Every tenth
//! pair of games (an opening played with both colours) is held out: the
//! fit keeps the weights of the pass where their loss was least, and
//! reports it before and after.

mod cli;
mod engine_labels;
pub mod fit;
mod label_cache;
pub mod labels;
pub mod samples;
pub mod squares;

pub use cli::{run_cli, TuneCommand};
pub use engine_labels::EngineLabel;

use crate::rules::variant::Variant;
use crate::search::eval::weights::Weights;
use fit::Param;
use samples::{Sample, SampleCount, SampleFilter};
use std::sync::Arc;

/// What `tune` is asked.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// The PGN texts (`menagerie match --pgn`).
    pub texts: Vec<String>,
    pub filter: SampleFilter,
    /// Coordinate descent's passes at most (the square tables count
    /// their steps in `squares`).
    pub max_passes: usize,
    /// The weights the fit starts from (and keeps where it does not fit).
    pub start: Start,
    /// Fit only the weights of these keys (`king.danger`, `value.N`);
    /// empty: every weight that matters.
    pub only: Vec<String>,
    /// Fit the square tables instead (`squares.rs`), every other weight
    /// kept.
    pub squares: Option<squares::SquareFit>,
    /// Labels blended with a search of each position (`labels.rs`).
    pub label: Option<labels::SearchLabel>,
    /// Labels blended with another engine's search (`engine_labels.rs`).
    pub engine_label: Option<engine_labels::EngineLabel>,
}

/// The weights a fit starts from.
#[derive(Clone, Debug)]
pub enum Start {
    /// The game's own (its search profile's).
    Own,
    /// The evaluation's defaults.
    Defaults,
    /// A weights file's text (an earlier fit's, to fit more on top of it).
    Text(String),
}

/// What the fit found.
pub struct TuneReport {
    pub count: SampleCount,
    pub train: usize,
    pub held_out: usize,
    pub k: f64,
    /// Loss before and after, on the fitted positions and the held-out ones.
    pub train_loss: (f64, f64),
    pub held_out_loss: (f64, f64),
    pub params: Vec<Param>,
    pub weights: Weights,
}

impl TuneReport {
    /// The weights file: how it was made, then the weights the fit moved.
    pub fn weights_text(&self, v: &Variant) -> String {
        let mut out = format!(
            "# {}: evaluation weights fitted by `menagerie tune` (docs/engine.md, \"Tuning\")\n\
             # {} games ({} left out), {} quiet positions fitted, {} held out; K = {:.3}\n\
             # loss fitted {:.6} -> {:.6}, held out {:.6} -> {:.6}\n",
            v.name(),
            self.count.games,
            self.count.skipped_games,
            self.train,
            self.held_out,
            self.k,
            self.train_loss.0,
            self.train_loss.1,
            self.held_out_loss.0,
            self.held_out_loss.1,
        );
        let terms: Vec<usize> = self
            .params
            .iter()
            .filter_map(|p| match p {
                Param::Term(i) => Some(*i),
                Param::Value(_) => None,
            })
            .collect();
        out += &self.weights.to_text(v, &terms);
        out
    }
}

/// Reads the games, fits, and reports each pass to `progress`.
pub fn tune(
    variant: &Arc<Variant>,
    options: &TuneOptions,
    progress: &mut dyn FnMut(String),
) -> Result<TuneReport, String> {
    let (all, count) = samples::read(variant, &options.texts, options.filter)?;
    progress(format!(
        "{} games ({} left out), {} positions, {} quiet",
        count.games, count.skipped_games, count.positions, count.kept
    ));
    let (mut held, mut train): (Vec<Sample>, Vec<Sample>) =
        all.into_iter().partition(|s| s.game / 2 % 10 == 9);
    if train.is_empty() || held.is_empty() {
        return Err("too few positions to fit (and hold some out)".to_string());
    }
    let v = &**variant;
    let start = match &options.start {
        Start::Own => Weights::for_variant(v),
        Start::Defaults => Weights::defaults(v),
        Start::Text(text) => Weights::parse(v, text).map_err(|e| format!("--start: {e}"))?,
    };
    let k = label(v, options, &start, (&mut train, &mut held), progress)?;
    let params = match options.squares {
        Some(_) => Vec::new(),
        None => fit::restrict(v, fit::params(v, &start, k, &train), &options.only)?,
    };
    let before = (
        fit::loss(v, &start, k, &train),
        fit::loss(v, &start, k, &held),
    );
    let fitting = match options.squares {
        Some(_) => "the square tables".to_string(),
        None => params
            .iter()
            .map(|p| p.name(v))
            .collect::<Vec<_>>()
            .join(" "),
    };
    progress(format!(
        "K = {k:.3}, loss {:.6} (held out {:.6}); fitting {fitting}",
        before.0, before.1,
    ));
    let data = fit::FitData {
        k,
        samples: &train,
        held_out: &held,
    };
    let weights = fit_weights(v, options, &start, &params, &data, progress);
    let after = (
        fit::loss(v, &weights, k, &train),
        fit::loss(v, &weights, k, &held),
    );
    Ok(TuneReport {
        count,
        train: train.len(),
        held_out: held.len(),
        k,
        train_loss: (before.0, after.0),
        held_out_loss: (before.1, after.1),
        params,
        weights,
    })
}

/// Relabels the samples as `options` say (another engine's search, then
/// `K` fitted to the labels, then our own search, which needs `K`), and
/// returns `K`.
fn label(
    v: &Variant,
    options: &TuneOptions,
    start: &Weights,
    (train, held): (&mut [Sample], &mut [Sample]),
    progress: &mut dyn FnMut(String),
) -> Result<f64, String> {
    if let Some(label) = &options.engine_label {
        let r = engine_labels::relabel(train, held, label)?;
        progress(format!(
            "labels: {}% the game's result, the rest {} at depth {} (its K = {:.3}, loss {:.6}; \
             {} positions searched, {} already in the cache)",
            (label.result_share * 100.0).round(),
            label.engine_text(),
            label.depth,
            r.k,
            r.loss,
            r.searched,
            r.cached,
        ));
    }
    let k = fit::fit_k(v, start, train);
    if let Some(label) = options.label {
        progress(format!(
            "labels: {}% the game's result, the rest a search of depth {}",
            (label.result_share * 100.0).round(),
            label.depth
        ));
        labels::relabel(train, start, label, k);
        labels::relabel(held, start, label, k);
    }
    Ok(k)
}

/// The fit `options` ask for: the square tables, or coordinate descent
/// over `params`.
fn fit_weights(
    v: &Variant,
    options: &TuneOptions,
    start: &Weights,
    params: &[Param],
    data: &fit::FitData,
    progress: &mut dyn FnMut(String),
) -> Weights {
    match options.squares {
        Some(how) => squares::fit(v, start, data, &how, &mut |p| {
            progress(format!(
                "step {}: loss {:.6}, held out {:.6} (linear)",
                p.number, p.loss, p.held_out_loss
            ))
        }),
        None => fit::descend(v, start, params, data, options.max_passes, &mut |p| {
            progress(format!(
                "pass {}: loss {:.6}, held out {:.6}, {} weights moved",
                p.number, p.loss, p.held_out_loss, p.changed
            ))
        }),
    }
}

#[cfg(test)]
mod tests;
