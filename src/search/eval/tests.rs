use super::*;
use crate::rules::position::Pending;
use crate::rules::variants;
use crate::selfplay::random_game;

fn load(name: &str) -> (std::sync::Arc<Variant>, Evaluator) {
    let v = variants::load(name).unwrap();
    let e = Evaluator::new(&v);
    (v, e)
}

/// The evaluation of a game with the defaults of every weight, not its
/// fitted ones: the derivation the tests below check.
fn load_defaults(name: &str) -> (std::sync::Arc<Variant>, Evaluator) {
    let v = variants::load(name).unwrap();
    let e = Evaluator::with_weights(&v, &Weights::defaults(&v));
    (v, e)
}

fn eval(name: &str, fen: &str) -> i32 {
    let (v, e) = load(name);
    e.evaluate(&Position::from_fen(v, fen).unwrap())
}

/// The position with the board turned over: ranks mirrored, colours and
/// every side's state swapped, the other side to move.
fn mirror(pos: &Position) -> Position {
    pos.mirrored()
}

#[test]
fn chess_values_are_near_the_classic_ones() {
    let (v, e) = load_defaults("chess");
    let value = |c| e.values[v.kind_of_letter(c).unwrap() as usize];
    // The Rook comes out at 552: more than the classic 500, near the 525
    // of Kaufman's study of human games.
    let classic = [
        ('P', 100, 0),
        ('N', 320, 10),
        ('B', 330, 15),
        ('R', 500, 60),
        ('Q', 900, 15),
    ];
    for (c, want, slack) in classic {
        let got = value(c);
        assert!((got - want).abs() <= slack, "{c}: {got}, classic {want}");
    }
    assert_eq!(value('K'), 0);
}

#[test]
fn print_every_games_values() {
    // `cargo test print_every -- --nocapture` shows them (docs/engine.md).
    for name in variants::builtin_names() {
        let name = name.as_str();
        let (v, e) = load(name);
        let text: Vec<String> = (0..v.kind_count())
            .map(|k| format!("{}={}", v.symbol(Color::White, k as Kind), e.values[k]))
            .collect();
        println!("{name}: {}", text.join(" "));
        assert!(e.values.iter().all(|&x| (0..=5_000).contains(&x)));
    }
}

#[test]
fn weights_values_replace_derived_values() {
    let v = variants::load("chess").unwrap();
    let w = Weights::parse(&v, "value.R = 480\nvalue.B = 335").unwrap();
    let e = Evaluator::with_weights(&v, &w);
    assert_eq!(e.values[v.kind_of_letter('R').unwrap() as usize], 480);
    assert_eq!(e.values[v.kind_of_letter('B').unwrap() as usize], 335);
}

#[test]
fn the_evaluation_is_symmetric_and_bounded() {
    for name in variants::builtin_names() {
        let name = name.as_str();
        let (v, e) = load(name);
        for seed in 0..6 {
            let game = random_game(Position::startpos(v.clone()), seed, 120);
            let mut pos = Position::startpos(v.clone());
            for (i, step) in game.steps.iter().enumerate() {
                pos.play_action_text(&step.text).unwrap();
                if pos.pending() != Pending::Nothing || i % 3 != 0 {
                    continue;
                }
                let a = e.evaluate(&pos);
                let b = e.evaluate(&mirror(&pos));
                assert_eq!(a, b, "{name}: {}", pos.to_fen());
                assert!(a.abs() <= EVAL_BOUND);
            }
        }
        let start = Position::startpos(v.clone());
        assert_eq!(e.evaluate(&start), e.evaluate(&mirror(&start)), "{name}");
    }
}

#[test]
fn the_start_is_about_even() {
    for name in variants::builtin_names() {
        let name = name.as_str();
        let (v, e) = load(name);
        let score = e.evaluate(&Position::startpos(v));
        assert!(score.abs() <= 60, "{name}: {score}");
    }
}

const TRUFFLE_TAIL: &str =
    "truffles=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000";

#[test]
fn truffles_in_store_count() {
    let board = "rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w - - 0 1";
    let with = |stores: &str| {
        eval(
            "truffle",
            &format!("{board} {TRUFFLE_TAIL} stores={stores}"),
        )
    };
    let even = with("0/0");
    assert!(with("1/0") > even);
    assert!(with("2/0") > with("1/0"));
    assert!(with("0/2") < even);
    assert_eq!(with("2/2"), even);
}

#[test]
fn a_sleeping_piece_is_worth_less_than_an_awake_one() {
    let (v, e) = load("truffle");
    for c in ['Q', 'R', 'B', 'N'] {
        let asleep = e.values[v.kind_of_symbol(c, false).unwrap() as usize];
        let awake = e.values[v.kind_of_symbol(c, true).unwrap() as usize];
        assert!(0 < asleep && asleep < awake, "{c}: {asleep} {awake}");
    }
    let tail = format!("{TRUFFLE_TAIL} stores=0/0");
    let asleep = eval(
        "truffle",
        &format!("rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w - - 0 1 {tail}"),
    );
    let awake = eval(
        "truffle",
        &format!("rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/R+NBQKBNR[] w - - 0 1 {tail}"),
    );
    assert!(awake > asleep + 50, "{awake} {asleep}");
}

#[test]
fn pigs_near_truffles_count() {
    let (v, e) = load("truffle");
    let t = e.hunt.as_ref().unwrap();
    let tail = "truffles=00000000/00000000/00000000/00000000/00000000/00000060/00000000/00000000";
    let term = |board: &str, stores: &str| {
        let fen = format!("4k3/8/8/8/8/8/{board}/4K1N1[] w - - 0 1 {tail} stores={stores}");
        t.evaluate(&Position::from_fen(v.clone(), &fen).unwrap(), Color::White)
    };
    // The Sow on g2 reaches g3, which has truffles; the one on b2 nothing.
    assert!(term("6S1", "0/0") > term("1S6", "0/0"));
    assert_eq!(term("1S6", "0/0"), 0);
    // A truffle in store is worth more than one in reach.
    assert!(term("1S6", "1/0") > term("6S1", "0/0"));
}

#[test]
fn a_knights_value_follows_its_mode() {
    let (v, e) = load("carnival");
    let d = e.modes.as_ref().unwrap();
    let mode = |name| {
        (0..v.mode_count())
            .find(|&m| v.mode_name(m) == name)
            .unwrap()
    };
    let n = v.kind_of_letter('N').unwrap() as usize;
    let (knight, quitter) = (d.value[mode("2:1")][n], d.value[mode("5:5")][n]);
    let expected = d.expected[n];
    assert!(quitter < expected && expected < knight + 150);
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let good = eval("carnival", &format!("{board} knights=2:1/5:5"));
    let bad = eval("carnival", &format!("{board} knights=5:5/2:1"));
    assert!(good > 0 && bad < 0 && good == -bad, "{good} {bad}");
}

#[test]
fn the_extinction_race_counts_the_last_pawns() {
    let board = |white: &str| format!("rneooenr/pppppppp/8/8/8/8/{white}/RNEOOENR w - - 0 1");
    let eight = eval("pawneaters", &board("PPPPPPPP"));
    let seven = eval("pawneaters", &board("1PPPPPPP"));
    let two = eval("pawneaters", &board("6PP"));
    let one = eval("pawneaters", &board("7P"));
    assert!(eight > seven && seven > two && two > one);
    assert!(two - one > eight - seven, "the last pawns are worth more");
}

#[test]
fn an_undefended_pawn_under_attack_costs() {
    // Black's Pawn Eater on d5 attacks White's e4 pawn, guarded or not;
    // Black to move (scores from White's side).
    let guarded = -eval("pawneaters", "8/pppp4/8/3e4/4P3/5P2/8/7R b - - 0 1");
    let loose = -eval("pawneaters", "8/pppp4/8/3e4/4P3/8/5P2/7R b - - 0 1");
    assert!(guarded > loose, "{guarded} {loose}");
}

#[test]
fn a_pawn_shield_and_no_attackers_are_safer() {
    let (v, e) = load_defaults("chess");
    let k = e.king.as_ref().unwrap();
    let g1 = v.geometry().parse_square("g1").unwrap();
    let pawns = |names: &[&str]| {
        names.iter().fold(Bitboard::EMPTY, |b, n| {
            b | Bitboard::from_square(v.geometry().parse_square(n).unwrap())
        })
    };
    let home = pawns(&["f2", "g2", "h2"]);
    let up = pawns(&["f3", "g3", "h3"]);
    let term = |attackers, units, p| {
        k.evaluate(
            Color::White,
            g1,
            (attackers, units),
            (p, Bitboard::EMPTY),
            256,
        )
    };
    assert!(term(0, 0, home) > term(0, 0, up));
    assert!(term(0, 0, up) > term(0, 0, Bitboard::EMPTY));
    assert!(term(1, 2, home) < term(0, 0, home));
    assert!(term(2, 8, home) < term(1, 8, home));
    // A Queen and a Knight on the king's side, or on the other side.
    let attacked = eval("chess", "6k1/5ppp/8/8/6nq/8/5PPP/6K1 b - - 0 1");
    let quiet = eval("chess", "6k1/5ppp/8/8/qn6/8/5PPP/6K1 b - - 0 1");
    assert!(attacked > quiet + 30, "{attacked} {quiet}");
}

#[test]
fn enemy_pawns_storming_the_king_cost_more_the_nearer_they_are() {
    let v = variants::load("wolf").unwrap();
    let square = |n: &str| v.geometry().parse_square(n).unwrap();
    let pawns = |names: &[&str]| {
        names
            .iter()
            .fold(Bitboard::EMPTY, |b, n| b | Bitboard::from_square(square(n)))
    };
    let weights = Weights::parse(&v, "king.storm = 40").unwrap();
    let e = Evaluator::with_weights(&v, &weights);
    let k = e.king.as_ref().unwrap();
    let shield = pawns(&["a2", "b2"]);
    let storm = |at: &[&str], phase| {
        let term = |storming| {
            k.evaluate(
                Color::White,
                square("a1"),
                (0, 0),
                (shield, storming),
                phase,
            )
        };
        term(Bitboard::EMPTY) - term(pawns(at))
    };
    // A quarter less a rank further, none past the fourth rank ahead or
    // off the king's file and the next, none in the ending.
    assert_eq!(storm(&["b3"], 256), 30);
    assert_eq!(storm(&["a5"], 256), 10);
    assert_eq!(storm(&["b3", "a5"], 256), 40);
    assert_eq!(storm(&["a6", "c3"], 256), 0);
    assert_eq!(storm(&["b3"], 0), 0);
    // Without the weight, as every game but those that set it, nothing.
    let plain = Evaluator::with_weights(&v, &Weights::parse(&v, "").unwrap());
    let k = plain.king.as_ref().unwrap();
    let term = |storming| k.evaluate(Color::White, square("a1"), (0, 0), (shield, storming), 256);
    assert_eq!(term(pawns(&["b3"])), term(Bitboard::EMPTY));
}

#[test]
fn a_tally_without_the_mode_pieces_gives_every_modes_evaluation() {
    for name in ["carnival", "carnival-oblique"] {
        let (v, e) = load(name);
        for seed in 0..4 {
            let game = random_game(Position::startpos(v.clone()), seed, 100);
            let mut pos = Position::startpos(v.clone());
            for step in &game.steps {
                pos.play_action_text(&step.text).unwrap();
                if pos.pending() != Pending::Nothing {
                    continue;
                }
                let actor = pos.side_to_move().opposite();
                let base = e.tally_without_mode(&pos, actor);
                for mode in 0..v.mode_count() {
                    let other = pos.with_mode(actor, mode);
                    assert_eq!(
                        e.evaluate_from(&other, &base, actor),
                        e.evaluate(&other),
                        "{name} mode {mode}: {}",
                        pos.to_fen()
                    );
                }
            }
        }
    }
}

#[test]
fn a_sleeping_king_fears_the_checks_it_cannot_answer() {
    let (v, e) = load("shrimphunt");
    let king = v.geometry().parse_square("e1").unwrap();
    assert!(e.immobile_royals != 0);
    let no_shrimps = ["00000000"; 12].join("/");
    let penalty = |first: &str, seventh: &str, side: &str, defended: &[&str]| {
        let fen = format!(
            "4k3/8/8/8/8/{seventh}/8/8/8/8/8/{first}[] {side} - - 0 1 shrimps={no_shrimps} stores=0/0"
        );
        let pos = Position::from_fen(v.clone(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let defended = defended.iter().fold(Bitboard::EMPTY, |b, s| {
            b | Bitboard::from_square(v.geometry().parse_square(s).unwrap())
        });
        immobile_king::penalty(&pos, Color::White, king, defended)
    };
    // A Flamingo on c1 checks the King from d7 next move: mate, with Black
    // to move; with White to move, it may still be taken, if c1 is covered.
    let (checker, none) = ("RNfQKBNR", "8");
    assert_eq!(penalty(checker, none, "b", &[]), immobile_king::CHECK[2]);
    assert_eq!(penalty(checker, none, "w", &[]), immobile_king::CHECK[1]);
    assert_eq!(
        penalty(checker, none, "w", &["c1"]),
        immobile_king::CHECK[0]
    );
    // d7 covered: no check to fear.
    assert_eq!(penalty(checker, none, "b", &["d7"]), 0);
    // On b7 it takes the Bishop on c1 first: one move further away.
    let approach = immobile_king::APPROACH;
    assert_eq!(penalty("RNBQKBNR", "1f6", "b", &[]), approach[2]);
    assert_eq!(penalty("RNBQKBNR", "1f6", "w", &[]), approach[1]);
    assert_eq!(penalty("RNBQKBNR", "1f6", "w", &["b7"]), approach[0]);
    assert_eq!(penalty("RNBQKBNR", "1f6", "b", &["c1"]), 0);
    // Far away: nothing.
    assert_eq!(penalty("RNBQKBNR", "f7", "b", &[]), 0);
}

#[test]
fn space_counts_the_safe_central_squares_of_a_sides_half_twice_behind_its_pawns() {
    let v = variants::load("chess").unwrap();
    let weights = Weights::parse(&v, "space = 16").unwrap();
    let e = Evaluator::with_weights(&v, &weights);
    let space = |fen: &str| {
        let pos = Position::from_fen(v.clone(), fen).unwrap();
        let black_pawns = e.pawns.attacks(&pos, Color::Black);
        let s = e.space.as_ref().unwrap();
        s.evaluate(&pos, Color::White, 256, (black_pawns, black_pawns))
    };
    // The area is c2-f4: twelve squares, less the pawns on them; with
    // the lone king, a centipawn a square at this weight.
    assert_eq!(space("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"), 10);
    // Pushed to the fourth rank, the pawns shelter d2, d3, e2 and e3.
    assert_eq!(space("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1"), 14);
    // A black pawn on c5 takes d4 and b4 (outside) from White.
    assert_eq!(space("4k3/8/8/2p5/8/8/3PP3/4K3 w - - 0 1"), 9);
    // Another piece doubles the worth of every square; none in the ending.
    assert_eq!(space("4k3/8/8/8/8/8/3PP3/3NK3 w - - 0 1"), 20);
    let pos = Position::from_fen(v.clone(), "4k3/8/8/8/8/8/3PP3/3NK3 w - - 0 1").unwrap();
    let none = (Bitboard::EMPTY, Bitboard::EMPTY);
    let s = e.space.as_ref().unwrap();
    assert_eq!(s.evaluate(&pos, Color::White, 0, none), 0);
    // Without the weight, as in every game but those that set it, no term.
    let plain = Evaluator::with_weights(&v, &Weights::parse(&v, "").unwrap());
    assert!(plain.space.is_none());
}

#[test]
fn tempo_goes_to_the_side_to_move() {
    let v = variants::load("chess").unwrap();
    let plain = Evaluator::with_weights(&v, &Weights::parse(&v, "").unwrap());
    let tempo = Evaluator::with_weights(&v, &Weights::parse(&v, "tempo = 20").unwrap());
    for fen in [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3",
    ] {
        let pos = Position::from_fen(v.clone(), fen).unwrap();
        assert_eq!(tempo.evaluate(&pos), plain.evaluate(&pos) + 20, "{fen}");
    }
}

/// The evaluation of `fen` in chess with only `extra` added to the defaults.
fn eval_with(extra: &str, fen: &str) -> i32 {
    let v = variants::load("chess").unwrap();
    let w = Weights::parse(&v, extra).unwrap();
    let e = Evaluator::with_weights(&v, &w);
    e.evaluate(&Position::from_fen(v, fen).unwrap())
}

#[test]
fn the_pair_counts_bishops_on_both_colours_only() {
    let pair = |fen: &str| eval_with("pair = 50", fen) - eval_with("", fen);
    assert_eq!(pair("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 50, "c1 and f1");
    assert_eq!(
        pair("4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1"),
        0,
        "c1 and g1: one colour"
    );
    assert_eq!(pair("2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 0, "both sides");
}

#[test]
fn the_rook_on_an_open_file_gains_and_the_queen_does_not() {
    let files =
        |fen: &str| eval_with("file.open = 40\nfile.half_open = 20", fen) - eval_with("", fen);
    let pawns = "4k3/pp3ppp/8/8/8/8/PP3PPP/";
    assert_eq!(files(&format!("{pawns}3RK3 w - - 0 1")), 40, "d-file open");
    assert_eq!(files(&format!("{pawns}3QK3 w - - 0 1")), 0, "a Queen");
    let half = "4k3/pp1p1ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1";
    assert_eq!(files(half), 20, "only Black's pawn on d");
    let closed = "4k3/pp3ppp/8/8/8/8/PP1P1PPP/3RK3 w - - 0 1";
    assert_eq!(files(closed), 0, "its own pawn on d");
}

#[test]
fn a_passed_pawn_gains_with_its_king_near_and_the_enemy_far() {
    let kings = |fen: &str| eval_with("pawn.passed_king = 64", fen) - eval_with("", fen);
    let near = kings("8/1k6/8/8/6P1/5K2/8/8 w - - 0 1");
    let far = kings("6k1/8/8/8/6P1/8/8/1K6 w - - 0 1");
    assert!(near > 0, "the enemy king far away: {near}");
    assert!(
        far < near,
        "the enemy king in front of it: {far} against {near}"
    );
}

#[test]
fn a_piece_attacked_by_a_cheaper_one_costs_once_however_many_attack_it() {
    let lesser = |fen: &str| eval_with("threat.by_lesser = 30", fen) - eval_with("", fen);
    // White to move: a Black knight on d4 hits the White rook on e2.
    assert_eq!(
        lesser("7k/8/8/8/3n4/8/4R3/4K3 w - - 0 1"),
        -30,
        "knight on rook"
    );
    assert_eq!(
        lesser("7k/8/8/8/3n4/8/4R3/4K3 b - - 0 1"),
        30,
        "Black to move"
    );
    // The rook hits the knight back along the d-file: a dearer attacker.
    assert_eq!(
        lesser("7k/8/8/8/3n4/8/3R4/4K3 w - - 0 1"),
        0,
        "rook on knight"
    );
    // Two knights on one rook count once; a bishop on a knight never.
    assert_eq!(
        lesser("7k/8/8/8/3n1n2/8/4R3/4K3 w - - 0 1"),
        -30,
        "twice hit"
    );
    assert_eq!(lesser("7k/8/8/8/8/2b5/8/4N1K1 w - - 0 1"), 0, "near values");
    // A bishop on a queen and on a rook: two pieces threatened.
    assert_eq!(lesser("7k/8/8/8/3b4/8/1Q3R2/4K3 w - - 0 1"), -60, "a fork");
}

#[test]
fn a_lead_in_a_simple_ending_shrinks_toward_zero_and_never_past_it() {
    let change = |extra: &str, fen: &str| eval_with(extra, fen) - eval_with("", fen);
    // King and pawn against king: an ending (phase 0), White ahead.
    let pawn = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let lead = eval_with("", pawn);
    assert!(lead > 0, "{lead}");
    assert_eq!(
        change("winnable.base = 30", pawn),
        -30,
        "less by the complexity"
    );
    assert_eq!(
        eval_with("winnable.base = 5000", pawn),
        0,
        "to zero, not past it"
    );
    // The same for Black: its lead shrinks, so White's score rises.
    let black = "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(change("winnable.base = 30", black), 30);
    // A pawn on each flank and a passed pawn: a complexity above zero.
    let both = "4k3/p7/8/8/8/8/P6P/4K3 w - - 0 1";
    let grow = change("winnable.pawn = 10\nwinnable.flanks = 7", both);
    assert_eq!(grow, 3 * 10 + 7, "three pawns, both flanks");
    let passed = change("winnable.passed = 10", both);
    assert_eq!(passed, 10, "one passed pawn (h2)");
    // The start: no ending, no change.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(change("winnable.base = 100", start), 0);
}

#[test]
fn kings_apart_on_the_files_or_deep_in_the_enemy_half_add_complexity() {
    let change = |extra: &str, fen: &str| eval_with(extra, fen) - eval_with("", fen);
    // White leads by a pawn; the kings three files and no rank apart.
    let apart = "8/8/8/8/8/8/P7/1K2k3 w - - 0 1";
    assert_eq!(change("winnable.outflank = 10", apart), 30);
    // Facing each other on a file: two ranks and no file apart.
    let facing = "8/8/8/8/8/4k3/P7/4K3 w - - 0 1";
    assert_eq!(change("winnable.outflank = 10", facing), -20);
    // Black's king on White's half (rank 3) is deep; White's on rank 1 not.
    assert_eq!(change("winnable.infiltration = 15", facing), 15);
    assert_eq!(change("winnable.bare = 40", facing), 40, "only pawns left");
}
