//! Labels from a deeper search. A game's result says little about one
//! position of it (the same result labels every position of the game, and
//! a few thousand games are a few thousand labels): the score of a search
//! of the position, read as a predicted result, is a label of its own. The
//! label fitted is a blend of the two.

use super::fit::predicted;
use super::samples::{for_white, Sample};
use crate::search::eval::weights::Weights;
use crate::search::limits::Limits;
use crate::search::Searcher;
use rayon::prelude::*;
use std::sync::Arc;

/// A search's score beyond this counts as this (a mate is a sure result,
/// not a larger one).
pub(super) const SCORE_CAP: i32 = 2000;

/// A label: `result_share` of the game's result for White, the rest the
/// result a search's score `cp` for White predicts with `k`.
pub(super) fn blended(result_share: f64, result: f64, k: f64, cp: i32) -> f64 {
    let cp = cp.clamp(-SCORE_CAP, SCORE_CAP);
    result_share * result + (1.0 - result_share) * predicted(k, cp)
}

/// How samples are labelled: the game's share of the label (0 to 1, the
/// search's the rest), and the search's depth.
#[derive(Clone, Copy, Debug)]
pub struct SearchLabel {
    pub depth: u32,
    pub result_share: f64,
}

/// Each sample's score for White blended with `label`'s search of its
/// position (evaluated with `weights`), its score read as White's
/// predicted result with `k`.
pub fn relabel(samples: &mut [Sample], weights: &Weights, label: SearchLabel, k: f64) {
    let name = match samples.first() {
        Some(s) => s.pos.variant().name().to_string(),
        None => return,
    };
    let weights = Arc::new(weights.clone());
    let limits = Limits {
        depth: Some(label.depth),
        ..Limits::default()
    };
    samples.par_iter_mut().for_each_init(
        || {
            let mut searcher = Searcher::new(1);
            searcher.set_weights(Some((name.clone(), weights.clone())));
            searcher
        },
        |searcher, s| {
            // Each position alone: its label does not hang on which
            // positions the thread searched before.
            searcher.new_game();
            let mut pos = s.pos.clone();
            let score = searcher.search(&mut pos, &limits, &mut |_| {}).score;
            let cp = for_white(&s.pos, score);
            s.white_score = blended(label.result_share, s.white_score, k, cp);
        },
    );
}
