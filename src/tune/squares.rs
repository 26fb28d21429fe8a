//! The square tables' fit. They are hundreds of weights (a kind, a square
//! and a phase each), too many for coordinate descent, but the evaluation
//! is linear in them: each position's evaluation is its score under the
//! starting weights plus, per piece, its square's entries times the
//! phase's share. So the fit is damped Gauss-Newton on that linear part:
//! each step moves every entry by its gradient over its own curvature,
//! with a prior that pulls entries seen in few positions toward 0. Files
//! mirror (a1's entry is h1's), which halves the entries to fit.

use super::fit::{predicted_of, scores, FitData};
use super::samples::Sample;
use crate::rules::piece::Kind;
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;
use crate::search::eval::squares::own_view;
use crate::search::eval::weights::{Phase, Weights};
use crate::search::eval::Evaluator;

/// The prior's weight by default: as if every entry had been seen this
/// many times at its start value.
pub const PRIOR_POSITIONS: f64 = 200.0;
/// The first steps go this share of the way to the optimum each entry's
/// own curvature gives; entries move together (a uniform shift of a
/// kind's table acts as its value), so a step that raises the loss is
/// taken back and the share halved.
const DAMPING: f64 = 0.5;

/// One position's linear part: its starting score for White and its
/// entries (index into the fit's parameters, coefficient).
struct Linear {
    base: f64,
    result: f64,
    entries: Vec<(u32, f32)>,
}

/// The fit's parameters: per phase, kind and cell of the folded board,
/// or (`lines`) per phase, kind, rank and folded file, a square's entry
/// being its rank's and its file's.
struct Layout {
    kinds: usize,
    cells: usize,
    lines: bool,
}

impl Layout {
    fn new(v: &Variant, lines: bool) -> Layout {
        let g = v.geometry();
        let cells = match lines {
            true => (g.height() + g.width()) as usize,
            false => g.cells(),
        };
        Layout {
            kinds: v.kind_count(),
            cells,
            lines,
        }
    }

    /// The parameters' cells of the square `sq` (White's view).
    fn cells_of(&self, v: &Variant, sq: Square) -> ([usize; 2], usize) {
        let g = v.geometry();
        let sq = folded(v, sq);
        match self.lines {
            true => (
                [
                    g.rank_of(sq) as usize,
                    (g.height() + g.file_of(sq)) as usize,
                ],
                2,
            ),
            false => ([sq.index(), 0], 1),
        }
    }

    fn index(&self, phase: Phase, kind: usize, cell: usize) -> usize {
        (phase as usize * self.kinds + kind) * self.cells + cell
    }

    fn len(&self) -> usize {
        2 * self.kinds * self.cells
    }
}

/// `sq` with its file folded onto the board's first half.
fn folded(v: &Variant, sq: Square) -> Square {
    let g = v.geometry();
    let file = g.file_of(sq) as i32;
    let mirror = g.width() as i32 - 1 - file;
    g.square(file.min(mirror), g.rank_of(sq) as i32)
        .unwrap_or(sq)
}

fn linear_parts(v: &Variant, start: &Weights, layout: &Layout, samples: &[Sample]) -> Vec<Linear> {
    let e = Evaluator::with_weights(v, start);
    let base = scores(v, start, samples);
    samples
        .iter()
        .zip(base)
        .map(|(s, base)| {
            let phase = e.phase(&s.pos) as f32 / 256.0;
            let mut entries = Vec::new();
            for color in Color::BOTH {
                let sign = if color == Color::White { 1.0 } else { -1.0 };
                for kind in 0..v.kind_count() {
                    for sq in s.pos.pieces(color, kind as Kind) {
                        let (cells, n) = layout.cells_of(v, own_view(v, color, sq));
                        for &cell in &cells[..n] {
                            let middle = layout.index(Phase::Middle, kind, cell) as u32;
                            let end = layout.index(Phase::End, kind, cell) as u32;
                            entries.push((middle, sign * phase));
                            entries.push((end, sign * (1.0 - phase)));
                        }
                    }
                }
            }
            Linear {
                base: base as f64,
                result: s.white_score,
                entries,
            }
        })
        .collect()
}

/// The derivative of the predicted score by the evaluation, at `cp`.
fn slope(k: f64, cp: f64) -> (f64, f64) {
    let s = predicted_of(k, cp);
    (s, s * (1.0 - s) * k * std::f64::consts::LN_10 / 400.0)
}

fn evaluation(p: &Linear, x: &[f64]) -> f64 {
    p.base
        + p.entries
            .iter()
            .map(|&(i, c)| c as f64 * x[i as usize])
            .sum::<f64>()
}

/// The linear model's loss with the entries `x` (beyond the start's).
fn linear_loss(k: f64, parts: &[Linear], x: &[f64]) -> f64 {
    let total: f64 = parts
        .iter()
        .map(|p| (p.result - slope(k, evaluation(p, x)).0).powi(2))
        .sum();
    total / parts.len().max(1) as f64
}

/// One damped Gauss-Newton step from `x`, with the prior `lambda`.
fn step(k: f64, parts: &[Linear], x: &mut [f64], lambda: f64, damping: f64) {
    let mut gradient = vec![0.0; x.len()];
    let mut curvature = vec![0.0; x.len()];
    for p in parts {
        let (s, d) = slope(k, evaluation(p, x));
        let g = 2.0 * (s - p.result) * d;
        let h = 2.0 * d * d;
        for &(i, c) in &p.entries {
            gradient[i as usize] += g * c as f64;
            curvature[i as usize] += h * (c * c) as f64;
        }
    }
    for i in 0..x.len() {
        x[i] -= damping * (gradient[i] + lambda * x[i]) / (curvature[i] + lambda);
    }
}

/// What a step reports: its number and the losses after it.
pub struct SquarePass {
    pub number: usize,
    pub loss: f64,
    pub held_out_loss: f64,
}

/// How the square tables are fitted.
#[derive(Clone, Copy, Debug)]
pub struct SquareFit {
    /// Steps at most.
    pub max_steps: usize,
    /// The prior's weight, in positions.
    pub prior_positions: f64,
    /// A square's entry is its rank's plus its file's.
    pub lines: bool,
    /// Each table's mean over the board stays where it started, so the
    /// fit places pieces and leaves their values to the values.
    pub centred: bool,
}

/// The square tables fitted on `data.samples` from `start` (every other
/// weight kept), as `how` says; the entries kept are those of the step
/// with the least loss on `data.held_out`.
pub fn fit(
    v: &Variant,
    start: &Weights,
    data: &FitData,
    how: &SquareFit,
    progress: &mut dyn FnMut(&SquarePass),
) -> Weights {
    let SquareFit {
        max_steps,
        prior_positions,
        lines,
        centred,
    } = *how;
    let layout = Layout::new(v, lines);
    let train = linear_parts(v, start, &layout, data.samples);
    let held = linear_parts(v, start, &layout, data.held_out);
    // The curvature of an entry seen in `prior_positions` typical
    // positions (an even game, half the phase).
    let (_, d) = slope(data.k, 0.0);
    let lambda = prior_positions * 2.0 * d * d * 0.25;
    let mut x = vec![0.0; layout.len()];
    let mut loss = linear_loss(data.k, &train, &x);
    let mut damping = DAMPING;
    let mut kept = (linear_loss(data.k, &held, &x), x.clone());
    for number in 1..=max_steps {
        let mut next = x.clone();
        step(data.k, &train, &mut next, lambda, damping);
        if centred {
            centre(v, &layout, &mut next);
        }
        let next_loss = linear_loss(data.k, &train, &next);
        if next_loss > loss {
            damping /= 2.0;
            continue;
        }
        (x, loss) = (next, next_loss);
        let held_out_loss = linear_loss(data.k, &held, &x);
        if held_out_loss < kept.0 {
            kept = (held_out_loss, x.clone());
        }
        progress(&SquarePass {
            number,
            loss,
            held_out_loss,
        });
    }
    with_entries(v, start, &layout, &kept.1)
}

/// Shifts each kind's table of each phase so that its entries' mean over
/// the board's squares is 0: by its cells where each square has one
/// entry, by its ranks where a square's entry is its rank's plus its
/// file's.
fn centre(v: &Variant, layout: &Layout, x: &mut [f64]) {
    let squares: Vec<Square> = v.geometry().squares().collect();
    let mut shifted: Vec<usize> = squares
        .iter()
        .map(|&sq| layout.cells_of(v, sq).0[0])
        .collect();
    shifted.sort_unstable();
    shifted.dedup();
    for phase in Phase::BOTH {
        for kind in 0..layout.kinds {
            let total: f64 = squares
                .iter()
                .map(|&sq| {
                    let (cells, n) = layout.cells_of(v, sq);
                    cells[..n]
                        .iter()
                        .map(|&c| x[layout.index(phase, kind, c)])
                        .sum::<f64>()
                })
                .sum();
            let mean = total / squares.len().max(1) as f64;
            for &cell in &shifted {
                x[layout.index(phase, kind, cell)] -= mean;
            }
        }
    }
}

/// `start` with the fitted entries added, rounded, on both mirrored files.
fn with_entries(v: &Variant, start: &Weights, layout: &Layout, x: &[f64]) -> Weights {
    let mut w = start.clone();
    for phase in Phase::BOTH {
        for kind in 0..layout.kinds {
            for sq in v.geometry().squares() {
                let (cells, n) = layout.cells_of(v, sq);
                let delta = cells[..n]
                    .iter()
                    .map(|&cell| x[layout.index(phase, kind, cell)])
                    .sum::<f64>()
                    .round() as i32;
                let old = w.square(phase, kind as Kind, sq.index());
                w.set_square(phase, kind as Kind, sq.index(), old + delta);
            }
        }
    }
    w
}
