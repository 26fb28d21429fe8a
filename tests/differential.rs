//! The fast generator against the simple reference generator on many
//! positions from seeded random games: both must produce the same legal
//! moves everywhere. Along the way: make/unmake restores the position, the
//! incremental hash equals the hash computed from scratch, and FEN
//! round-trips.

use crate::reference;

use menagerie::rules::moves::{Move, MoveKind};
use menagerie::rules::position::{Pending, Position};
use menagerie::rules::variants;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256StarStar;
use reference::RefPosition;

/// Plays `games` random games from `start` and checks every position met.
/// In dice games the dice are thrown for real (from the seed) and every
/// throw and choice point is compared too. Returns the positions checked.
fn check_random_games(
    variant_name: &str,
    start: &str,
    games: u32,
    max_steps: u32,
    seed: u64,
) -> u64 {
    let variant = variants::load(variant_name).unwrap();
    let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
    let mut checked = 0;
    for game in 0..games {
        let mut pos = Position::from_fen(variant.clone(), start).unwrap();
        pos.set_self_checks(true);
        for step in 0..max_steps {
            let fen = pos.to_fen();
            let context = || format!("{variant_name} game {game} step {step}: {fen}");
            let actions = pos.legal_actions();
            let mut ours: Vec<String> = actions.iter().map(|&a| pos.action_text(a)).collect();
            ours.sort();
            let reference = RefPosition::from_fen(variant_name, &fen)
                .unwrap_or_else(|e| panic!("{}: reference rejects the FEN: {e}", context()));
            let mut theirs = reference.legal_actions();
            theirs.sort();
            if ours != theirs {
                let extra: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
                let missing: Vec<_> = theirs.iter().filter(|m| !ours.contains(m)).collect();
                panic!(
                    "{}: actions differ; only ours {extra:?}, only reference {missing:?}",
                    context()
                );
            }
            for (action, p) in pos.chance_outcomes() {
                let text = pos.action_text(action);
                let q = reference.chance_probability(&text);
                assert!(
                    q.is_some_and(|q| (q - p).abs() < 1e-12),
                    "{}: {text} has probability {p}, reference {q:?}",
                    context()
                );
            }
            if pos.pending() == Pending::Nothing {
                assert_eq!(pos.count_legal(), actions.len() as u64, "{}", context());
                check_tactical_moves(&pos, &context);
            }
            assert_eq!(pos.hash(), pos.compute_hash(), "{}", context());
            let reread = Position::from_fen(variant.clone(), &fen).unwrap();
            assert_eq!(reread.to_fen(), fen, "{}", context());
            assert_eq!(reread.hash(), pos.hash(), "{}: FEN loses state", context());
            for &a in actions.iter() {
                pos.apply(a).unwrap();
                assert_eq!(pos.hash(), pos.compute_hash(), "{} after {a:?}", context());
                pos.unmake_move();
                assert_eq!(pos.to_fen(), fen, "{}: unmake of {a:?}", context());
                assert_eq!(pos.hash(), reread.hash(), "{}: unmake of {a:?}", context());
            }
            checked += 1;
            let over = pos.pending() == Pending::Nothing
                && (pos.halfmove_clock() >= 100 || pos.repetitions() >= 3);
            if actions.is_empty() || over {
                break;
            }
            let outcomes = pos.chance_outcomes();
            let action = if !outcomes.is_empty() {
                // Chance by its real odds (two fair dice, a pig's throws).
                let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                let mut chosen = outcomes[outcomes.len() - 1].0;
                for &(a, p) in &outcomes {
                    if x < p {
                        chosen = a;
                        break;
                    }
                    x -= p;
                }
                chosen
            } else {
                actions[(rng.next_u64() % actions.len() as u64) as usize]
            };
            pos.apply(action).unwrap();
        }
    }
    checked
}

/// Whether a move captures or promotes: what quiescence search looks at.
fn is_noisy(pos: &Position, m: Move) -> bool {
    m.promotion().is_some()
        || m.kind() == MoveKind::EnPassant
        || pos.piece_at(m.to()).is_some()
        || (m.kind() == MoveKind::TwoLeg && pos.piece_at(m.extra()).is_some())
}

/// The captures-and-promotions generator yields legal moves only, every
/// noisy legal move, and never a castling or a drop.
fn check_tactical_moves(pos: &Position, context: &dyn Fn() -> String) {
    let legal = pos.legal_moves();
    let tactical = pos.tactical_moves();
    for &m in tactical.iter() {
        assert!(
            legal.contains(&m),
            "{}: tactical {m:?} is not legal",
            context()
        );
        assert!(
            !matches!(m.kind(), MoveKind::Castle | MoveKind::Drop),
            "{}: tactical {m:?} is quiet",
            context()
        );
    }
    for &m in legal.iter().filter(|&&m| is_noisy(pos, m)) {
        assert!(
            tactical.contains(&m),
            "{}: tactical misses {m:?}",
            context()
        );
    }
}

#[test]
fn chess_random_games_agree_with_the_reference() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];
    let mut total = 0;
    for (i, start) in starts.iter().enumerate() {
        total += check_random_games("chess", start, 40, 200, 1000 + i as u64);
    }
    assert!(total >= 5000, "only {total} positions checked");
}

/// Random games from each perft position of a variant's perft file.
fn check_perft_file_positions(variant_name: &str, games_per_start: u32, min_positions: u64) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft")
        .join(format!("{variant_name}.perft"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut total = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = line.split(';').next().unwrap().trim();
        total += check_random_games(variant_name, fen, games_per_start, 200, 7000 + i as u64);
    }
    assert!(total >= min_positions, "only {total} positions checked");
}

#[test]
fn wolf_random_games_agree_with_the_reference() {
    check_perft_file_positions("wolf", 25, 5000);
}

#[test]
fn hubbub_random_games_agree_with_the_reference() {
    check_perft_file_positions("hubbub", 25, 5000);
}

#[test]
fn pawneaters_random_games_agree_with_the_reference() {
    check_perft_file_positions("pawneaters", 25, 3000);
}

#[test]
fn carnival_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("carnival", 12, 5000);
}

#[test]
fn carnival_oblique_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("carnival-oblique", 20, 3000);
}

#[test]
fn truffle_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("truffle", 15, 3000);
}

#[test]
fn updown_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("updown", 12, 3000);
}

#[test]
fn multipawn_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("multipawn", 12, 3000);
}

#[test]
fn armyorientation_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("armyorientation", 12, 3000);
}

#[test]
fn pieceorientation_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("pieceorientation", 12, 3000);
}

#[test]
fn montypython_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("montypython", 10, 3000);
}

#[test]
fn butterflyhunt_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("butterflyhunt", 12, 3000);
}

#[test]
fn mining_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("mining", 12, 3000);
}

#[test]
fn nuthunt_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("nuthunt", 12, 3000);
}

#[test]
fn shrimphunt_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("shrimphunt", 12, 3000);
}

#[test]
fn oysterhunt_random_games_with_real_dice_agree_with_the_reference() {
    check_perft_file_positions("oysterhunt", 12, 3000);
}
