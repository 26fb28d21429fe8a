//! Mates in two and three in every game with a king, each checked twice:
//! a brute-force solver over the rules core (no search code) proves the
//! mate's length, then the engine's search must find a mate of exactly that
//! length.

use menagerie::rules::action::Action;
use menagerie::rules::outcome::{Ending, Outcome};
use menagerie::rules::position::{Pending, Position};
use menagerie::rules::variants;
use menagerie::search::{Limits, Searcher, MATE};

/// Whether the side to move can force mate within `moves` of its moves.
/// Plain AND-OR search over every legal action; only for positions with
/// no dice (throws and choices would need expectations).
fn mates_within(pos: &mut Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let us = pos.side_to_move();
    for a in pos.legal_actions() {
        pos.apply(a).expect("legal");
        let won = match pos.outcome() {
            Some(Outcome::Win(c, Ending::Checkmate)) => c == us,
            Some(_) => false,
            None => {
                assert_eq!(pos.pending(), Pending::Nothing, "no dice here");
                every_reply_loses(pos, moves - 1)
            }
        };
        pos.unmake_move();
        if won {
            return true;
        }
    }
    false
}

fn every_reply_loses(pos: &mut Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    for a in pos.legal_actions() {
        pos.apply(a).expect("legal");
        let lost = pos.outcome().is_none() && mates_within(pos, moves);
        pos.unmake_move();
        if !lost {
            return false;
        }
    }
    true
}

/// The exact length of the shortest forced mate, up to `max` moves.
fn mate_length(pos: &mut Position, max: u32) -> Option<u32> {
    (1..=max).find(|&n| mates_within(pos, n))
}

fn check_mate(variant: &str, fen: &str, moves: u32) {
    let v = variants::load(variant).expect("variant");
    let mut pos = Position::from_fen(v, fen).expect("fen");
    assert_eq!(
        mate_length(&mut pos.clone(), moves),
        Some(moves),
        "{variant} {fen}: the solver's mate length"
    );
    let mut searcher = Searcher::new(16);
    // Two plies beyond the mate's length: late quiet moves are searched a
    // ply or two shallower first (the mate's king move may be one of them),
    // so the nominal depth alone need not see it; the score must still be
    // the shortest mate's.
    let r = searcher.search(&mut pos, &Limits::depth(2 * moves + 2), &mut |_| {});
    assert_eq!(
        r.score,
        MATE - (2 * moves as i32 - 1),
        "{variant} {fen}: the engine's score"
    );
    let best = r.best.expect("a move");
    assert!(matches!(best, Action::Move(_)));
    // The move found keeps the mate: after it, mate in one move less.
    pos.apply(best).expect("legal");
    if moves > 1 {
        assert!(
            every_reply_loses(&mut pos, moves - 1),
            "{variant}: {best:?}"
        );
    }
}

#[test]
fn chess_mates() {
    check_mate("chess", "7k/8/8/8/8/8/1R6/R6K w - - 0 1", 2);
    check_mate("chess", "6k1/8/5K2/8/8/8/8/3R4 w - - 0 1", 2);
    // King and rook against king: 1.Kg6 Kg8 2.Rf7 (or similar) 3.R mates.
    check_mate("chess", "7k/8/8/5K2/8/8/8/5R2 w - - 0 1", 3);
    check_mate("chess", "7k/8/4K1R1/8/8/8/8/8 w - - 0 1", 3);
}

#[test]
fn wolf_mates() {
    // Ten ranks: the rooks and the Wolf (rook + knight) climb further.
    check_mate("wolf", "7k/8/8/8/8/8/8/8/1R6/W6K w - - 0 1", 2);
    check_mate("wolf", "7k/8/5K2/8/8/8/8/8/8/3R4 w - - 0 1", 2);
    check_mate("wolf", "7k/8/8/5K2/8/8/8/8/8/5R2 w - - 0 1", 3);
}

#[test]
fn hubbub_mates() {
    // The main board is grid files b..i, ranks 2..9; the extra squares
    // only take captures, so an empty one is no escape.
    check_mate(
        "hubbub",
        "1***2***1/*7k*/*8*/*8*/*8*/*8*/*8*/*1R6*/*R6K*/1***2***1 w - - 0 1",
        2,
    );
    check_mate(
        "hubbub",
        "1***2***1/*7k*/*8*/*8*/*5K2*/*8*/*8*/*8*/*5R2*/1***2***1 w - - 0 1",
        3,
    );
}

#[test]
fn truffle_hunt_mates() {
    // Awake pieces (`+`) move as in chess; nothing is left to wake.
    check_mate("truffle", "7+k/8/8/8/8/8/1+R6/+R6+K[] w - - 0 1", 2);
    check_mate("truffle", "7+k/8/8/5+K2/8/8/8/5+R2[] w - - 0 1", 3);
}

#[test]
fn the_solver_can_say_no() {
    // A lone king and rook far away: no mate in two.
    let v = variants::load("chess").expect("chess");
    let mut pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").expect("fen");
    assert_eq!(mate_length(&mut pos, 2), None);
}

/// Whether the side that just moved has mated, whatever the throw and the
/// choices after it: the game's end is judged once they are played.
fn mated_after_dice(pos: &mut Position, winner: menagerie::rules::square::Color) -> f64 {
    match pos.pending() {
        Pending::Roll | Pending::Find(_) => {
            let mut total = 0.0;
            for (a, p) in pos.chance_outcomes() {
                pos.apply(a).expect("throw");
                total += p * mated_after_dice(pos, winner);
                pos.unmake_move();
            }
            total
        }
        Pending::Choose(..) | Pending::Activate | Pending::Promote(_) => {
            // The thrower chooses: the best option for it.
            let mut best: f64 = 0.0;
            for a in pos.legal_actions() {
                pos.apply(a).expect("choice");
                best = best.max(mated_after_dice(pos, winner));
                pos.unmake_move();
            }
            best
        }
        Pending::Nothing => match pos.outcome() {
            Some(Outcome::Win(c, Ending::Checkmate)) if c == winner => 1.0,
            _ => 0.0,
        },
    }
}

/// Carnival: White's knight mates only if the throw after White's move
/// gives it a leaper that checks the boxed Black king; otherwise Black mates
/// with Rd1. So White's best move is worth exactly the probability of a
/// mating throw (an expected score), computed here from the rules core.
#[test]
fn carnival_mate_that_needs_a_throw_is_worth_its_probability() {
    use menagerie::rules::square::Color;
    let v = variants::load("carnival").expect("carnival");
    // White moves its knight as a Ferz this turn (b8 to a7 or c7); from c7
    // a (5,1) leaper mates: 5-1, 6-1 and 6-5 offer it, and 6-6 (7/36).
    let fen = "1N1r2bk/6pp/8/8/8/6pp/8/7K w - - 0 1 knights=1:1/2:1";
    let mut pos = Position::from_fen(v, fen).expect("fen");
    let mut best: f64 = 0.0;
    for m in pos.legal_actions() {
        pos.apply(m).expect("move");
        let p = mated_after_dice(&mut pos, Color::White);
        // Every throw that does not mate leaves Black a mate in one.
        let mut outcomes = vec![pos.clone()];
        while let Some(mut q) = outcomes.pop() {
            if q.pending() != Pending::Nothing {
                for a in q.legal_actions() {
                    let mut r = q.clone();
                    r.apply(a).expect("step");
                    outcomes.push(r);
                }
                continue;
            }
            if q.outcome().is_some() {
                continue;
            }
            let black_mates = q.legal_actions().into_iter().any(|a| {
                q.apply(a).expect("black move");
                let mated = mated_after_dice(&mut q, Color::Black) > 1.0 - 1e-9;
                q.unmake_move();
                mated
            });
            assert!(black_mates, "after {m:?} Black must mate: {}", q.to_fen());
        }
        pos.unmake_move();
        best = best.max(p);
    }
    assert!(
        (best - 7.0 / 36.0).abs() < 1e-9,
        "the rules core's chance: {best}"
    );
    let mut searcher = Searcher::new(16);
    let r = searcher.search(&mut pos, &Limits::depth(3), &mut |_| {});
    let expected = 400.0 * (best / (1.0 - best)).log10();
    assert!(
        (r.score as f64 - expected).abs() <= 1.0,
        "score {} for an expected score of {best} ({expected:.1} cp)",
        r.score
    );
}
