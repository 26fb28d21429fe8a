//! The fit recovers weights and `K` from results made with them, and the
//! samples come from the games' quiet positions only.

use super::fit::{self, Param};
use super::samples::{self, for_white, Sample, SampleFilter};
use super::{labels, squares};
use super::{tune, Start, TuneOptions};
use crate::rules::action::Action;
use crate::rules::position::{Pending, Position};
use crate::rules::variant::Variant;
use crate::rules::variants;
use crate::search::eval::weights::{Phase, Term, Weights};
use crate::search::eval::Evaluator;
use std::sync::Arc;

/// Positions of deterministic pseudo-random games from the start.
fn walk_positions(v: &Arc<Variant>, games: u64, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut seed = g.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut pos = Position::startpos(v.clone());
        for _ in 0..plies {
            let actions = pos.legal_actions();
            if actions.is_empty() || pos.pending() != Pending::Nothing {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let a = actions[(seed % actions.len() as u64) as usize];
            if let Action::Move(m) = a {
                pos.make_move(m);
            }
            out.push(Position::from_fen(v.clone(), &pos.to_fen()).expect("own FEN"));
        }
    }
    out
}

fn index_of(key: &str) -> usize {
    (0..Weights::term_count())
        .find(|&i| Weights::term_key(i) == key)
        .expect("a term")
}

/// Samples whose results are exactly what `truth` predicts with `k`.
fn made_by(v: &Arc<Variant>, truth: &Weights, k: f64) -> Vec<Sample> {
    let e = Evaluator::with_weights(v, truth);
    walk_positions(v, 40, 30)
        .into_iter()
        .map(|pos| {
            let cp = for_white(&pos, e.evaluate(&pos));
            let white_score = 1.0 / (1.0 + 10f64.powf(-k * cp as f64 / 400.0));
            Sample {
                pos,
                white_score,
                game: 0,
            }
        })
        .collect()
}

#[test]
fn k_is_found_again() {
    let v = variants::load("chess").expect("chess");
    let w = Weights::defaults(&v);
    let samples = made_by(&v, &w, 1.3);
    let k = fit::fit_k(&v, &w, &samples);
    assert!((k - 1.3).abs() < 0.01, "K {k}");
}

/// Wolf Chess weights fitted from the defaults to `samples`, stopping by
/// `held_out`.
fn fitted(params: &[Param], samples: &[Sample], held_out: &[Sample]) -> Weights {
    let v = variants::load("wolf").expect("wolf");
    let data = fit::FitData {
        k: 1.0,
        samples,
        held_out,
    };
    fit::descend(&v, &Weights::defaults(&v), params, &data, 100, &mut |_| {})
}

#[test]
fn a_moved_weight_is_found_again() {
    let v = variants::load("wolf").expect("wolf");
    let placement = index_of("placement");
    let mut truth = Weights::defaults(&v);
    truth.set_term_at(placement, 13);
    truth.set_value(2, Some(480)); // the Nightrider
    let samples = made_by(&v, &truth, 1.0);
    let params = [Param::Term(placement), Param::Value(2)];
    let w = fitted(&params, &samples, &samples);
    assert_eq!(w.term(Term::Placement), 13);
    assert_eq!(w.value(2), Some(480));
    assert!(fit::loss(&v, &w, 1.0, &samples) < 1e-9);
}

#[test]
fn the_fit_stops_where_the_held_out_games_do_not_follow() {
    let v = variants::load("wolf").expect("wolf");
    let placement = index_of("placement");
    let mut truth = Weights::defaults(&v);
    truth.set_term_at(placement, 13);
    // Held-out results made with the defaults: any move away from them is
    // worse there, so the start is kept.
    let samples = made_by(&v, &truth, 1.0);
    let held_out = made_by(&v, &Weights::defaults(&v), 1.0);
    let w = fitted(&[Param::Term(placement)], &samples, &held_out);
    assert_eq!(w, Weights::defaults(&v));
}

#[test]
fn terms_a_game_does_not_use_are_not_fitted() {
    let v = variants::load("chess").expect("chess");
    let w = Weights::defaults(&v);
    let samples = made_by(&v, &w, 1.0);
    let params = fit::params(&v, &w, 1.0, &samples);
    let names: Vec<String> = params.iter().map(|p| p.name(&v)).collect();
    assert!(names.contains(&"placement".to_string()), "{names:?}");
    assert!(names.contains(&"value.N".to_string()), "{names:?}");
    // Chess has no hands and no extinction race, and its King is royal.
    for absent in ["hand_share", "race.base", "value.K"] {
        assert!(!names.contains(&absent.to_string()), "{names:?}");
    }
}

#[test]
fn only_the_named_weights_are_fitted() {
    let v = variants::load("chess").expect("chess");
    let w = Weights::defaults(&v);
    let samples = made_by(&v, &w, 1.0);
    let all = fit::params(&v, &w, 1.0, &samples);
    let names = |ps: &[Param]| ps.iter().map(|p| p.name(&v)).collect::<Vec<_>>();
    let kept = fit::restrict(&v, all.clone(), &[]).expect("all");
    assert_eq!(names(&kept), names(&all));
    let only = ["king.danger".to_string(), "value.N".to_string()];
    let kept = fit::restrict(&v, all.clone(), &only).expect("two");
    assert_eq!(names(&kept), vec!["king.danger", "value.N"]);
    for bad in ["king.dangers", "value.K", "hand_share"] {
        assert!(
            fit::restrict(&v, all.clone(), &[bad.to_string()]).is_err(),
            "{bad}"
        );
    }
}

const GAMES: &str = r#"[Event "t"]
[Result "1-0"]
[Variant "chess"]
[Termination "normal"]

1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. f3g5 d7d5 5. e4d5 f6d5 6. g5f7 e8f7
7. d1f3 f7e6 8. b1c3 c6b4 9. a2a3 b4c2 10. e1d1 c2a1 1-0

[Event "t"]
[Result "0-1"]
[Variant "chess"]
[Termination "time forfeit"]

1. e2e4 e7e5 0-1

[Event "t"]
[Result "1/2-1/2"]
[Variant "wolf"]
[Termination "normal"]

1/2-1/2
"#;

#[test]
fn samples_are_the_quiet_positions_of_finished_games() {
    let v = variants::load("chess").expect("chess");
    let filter = SampleFilter { skip_plies: 4 };
    let (kept, count) = samples::read(&v, &[GAMES.to_string()], filter).expect("reads");
    assert_eq!(count.games, 3);
    assert_eq!(count.skipped_games, 2, "lost on time, another game");
    // 20 plies, 4 skipped, two with the side to move in check (after
    // 7. Qf3+ and 9...Nxc2+).
    assert_eq!(count.positions, 14);
    assert!(count.kept < count.positions, "{count:?}");
    let mut searcher = crate::search::Searcher::new(1);
    for s in &kept {
        assert_eq!(s.white_score, 1.0);
        let mut pos = s.pos.clone();
        assert!(!pos.in_check());
        assert_eq!(searcher.evaluate(&pos), searcher.quiescence(&mut pos));
    }
}

#[test]
fn too_few_games_is_an_error_not_a_panic() {
    let v = variants::load("chess").expect("chess");
    let options = TuneOptions {
        texts: vec![GAMES.to_string()],
        filter: SampleFilter { skip_plies: 0 },
        max_passes: 1,
        start: Start::Defaults,
        only: vec![],
        squares: None,
        label: None,
        engine_label: None,
    };
    assert!(tune(&v, &options, &mut |_| {}).is_err());
    let bad = TuneOptions {
        texts: vec!["[Event \"t\"\n1. e2e4".to_string()],
        ..options
    };
    assert!(tune(&v, &bad, &mut |_| {}).is_err());
}

/// The square tables fitted `how` from the default weights on `samples`
/// (at K = 1, every sample also held out).
fn tables_fitted(v: &Arc<Variant>, samples: &[Sample], how: &squares::SquareFit) -> Weights {
    let data = fit::FitData {
        k: 1.0,
        samples,
        held_out: samples,
    };
    squares::fit(v, &Weights::defaults(v), &data, how, &mut |_| {})
}

#[test]
fn square_tables_are_found_again() {
    // A Knight worth 40 more on c3 and f3 (mirrored files) in the middle
    // game: the fit recovers it from results made with it, and leaves a
    // square no piece stood on at 0.
    let v = variants::load("chess").expect("chess");
    let g = v.geometry();
    let cell = |name: &str| g.parse_square(name).expect("a square").index();
    let mut truth = Weights::defaults(&v);
    for name in ["c3", "f3"] {
        truth.set_square(Phase::Middle, 1, cell(name), 40);
    }
    let samples = made_by(&v, &truth, 1.0);
    let from_defaults = |max_steps, prior_positions| {
        let how = squares::SquareFit {
            max_steps,
            prior_positions,
            lines: false,
            centred: false,
        };
        tables_fitted(&v, &samples, &how)
    };
    let w = from_defaults(2000, 1.0);
    let knight = w.square(Phase::Middle, 1, cell("c3"));
    assert!((knight - 40).abs() <= 2, "Knight on c3: {knight}");
    assert_eq!(knight, w.square(Phase::Middle, 1, cell("f3")), "mirrored");
    assert_eq!(w.square(Phase::Middle, 1, cell("a8")), 0, "never seen");
    assert!(
        fit::loss(&v, &w, 1.0, &samples) < fit::loss(&v, &Weights::defaults(&v), 1.0, &samples)
    );
    // The prior holds an entry seen in few positions nearer its start.
    let shrunk = from_defaults(200, 1000.0);
    let held = shrunk.square(Phase::Middle, 1, cell("c3"));
    assert!(held > 0 && held < knight, "with a strong prior: {held}");
}

#[test]
fn centred_tables_keep_their_mean_and_still_place_pieces() {
    // Results made by a Knight worth 120 more everywhere and 40 more
    // again on c3 and f3: the centred fit may not take the 120 as a table
    // (the value's to fit), but it still finds c3 above the rest.
    let v = variants::load("chess").expect("chess");
    let g = v.geometry();
    let cell = |name: &str| g.parse_square(name).expect("a square").index();
    let mut truth = Weights::defaults(&v);
    for sq in g.squares() {
        let extra = if ["c3", "f3"].contains(&g.name(sq).as_str()) {
            160
        } else {
            120
        };
        truth.set_square(Phase::Middle, 1, sq.index(), extra);
    }
    let samples = made_by(&v, &truth, 1.0);
    for lines in [false, true] {
        let how = squares::SquareFit {
            max_steps: 500,
            prior_positions: 1.0,
            lines,
            centred: true,
        };
        let w = tables_fitted(&v, &samples, &how);
        let entries: Vec<i32> = g
            .squares()
            .map(|sq| w.square(Phase::Middle, 1, sq.index()))
            .collect();
        let mean = entries.iter().sum::<i32>() as f64 / entries.len() as f64;
        assert!(mean.abs() <= 1.0, "lines {lines}: mean {mean}");
        let c3 = w.square(Phase::Middle, 1, cell("c3"));
        assert!(c3 > 10, "lines {lines}: c3 {c3}");
    }
}

#[test]
fn search_labels_blend_the_result_with_the_search() {
    let v = variants::load("chess").expect("chess");
    let filter = SampleFilter { skip_plies: 4 };
    let (kept, _) = samples::read(&v, &[GAMES.to_string()], filter).expect("reads");
    assert!(!kept.is_empty());
    let w = Weights::for_variant(&v);
    let label = |share: f64| {
        let mut s = kept.clone();
        let how = labels::SearchLabel {
            depth: 2,
            result_share: share,
        };
        labels::relabel(&mut s, &w, how, 1.0);
        s.iter().map(|s| s.white_score).collect::<Vec<f64>>()
    };
    assert!(label(1.0).iter().all(|&x| x == 1.0), "the result alone");
    let search = label(0.0);
    assert!(search.iter().all(|&x| x > 0.0 && x < 1.0), "{search:?}");
    assert!(search.iter().any(|&x| x != 0.5), "{search:?}");
    let half = label(0.5);
    for (h, s) in half.iter().zip(&search) {
        assert!((h - (0.5 + s / 2.0)).abs() < 1e-9, "{h} from {s}");
    }
}
