//! The search finds forced wins in each game and is deterministic.

use menagerie::rules::action::Action;
use menagerie::rules::position::Position;
use menagerie::rules::variants;
use menagerie::search::{Limits, Searcher, MATE};

/// Searches to `depth` and returns (best move text, score).
fn best(variant: &str, fen: &str, depth: u32) -> (String, i32) {
    let (m, score, _) = best_with_reply(variant, fen, depth);
    (m, score)
}

/// Also the score for the opponent after the best move, searched one ply less.
fn best_with_reply(variant: &str, fen: &str, depth: u32) -> (String, i32, i32) {
    let v = variants::load(variant).unwrap();
    let mut pos = Position::from_fen(v, fen).unwrap();
    let shown = pos.clone();
    let mut s = Searcher::new(16);
    let r = s.search(&mut pos, &Limits::depth(depth), &mut |_| {});
    let text = r.best.map(|a| shown.action_text(a)).unwrap_or_default();
    let mut after = shown.clone();
    let reply = match r.best {
        Some(a) if depth > 1 => {
            after.apply(a).unwrap();
            Searcher::new(16)
                .search(&mut after, &Limits::depth(depth - 1), &mut |_| {})
                .score
        }
        _ => 0,
    };
    (text, r.score, reply)
}

#[test]
fn chess_mate_in_two_by_a_rook_ladder() {
    // 1.Rb7 Kg8 2.Ra8# (or 1.Rg1 Kh7 2.Rh2#, or 1.Ra7 Kg8 2.Rb8#); 1.Ra8+
    // lets it out by h7.
    let (m, score, reply) = best_with_reply("chess", "7k/8/8/8/8/8/1R6/R6K w - - 0 1", 4);
    assert_eq!(score, MATE - 3);
    assert!(["b2b7", "a1g1", "a1a7"].contains(&m.as_str()), "{m}");
    assert_eq!(reply, -(MATE - 2), "after {m} Black is mated next move");
}

#[test]
fn wolf_mate_in_two_with_the_wolf() {
    // The same ladder on ten ranks: 1.Rb9 Kg10 2.Wa10#.
    let (m, score, reply) = best_with_reply("wolf", "7k/8/8/8/8/8/8/8/1R6/W6K w - - 0 1", 4);
    assert_eq!(score, MATE - 3);
    assert_eq!(reply, -(MATE - 2), "after {m} Black is mated next move");
}

#[test]
fn hubbub_mate_in_two_where_empty_extra_squares_give_no_escape() {
    // Page names: 1.Rb7 Kg8 2.Ra8# (grid c3c8 then b2b9), or 1.Rg1 (b2h2).
    let fen = "1***2***1/*7k*/*8*/*8*/*8*/*8*/*8*/*1R6*/*R6K*/1***2***1 w - - 0 1";
    let (m, score, reply) = best_with_reply("hubbub", fen, 4);
    assert_eq!(score, MATE - 3);
    assert_eq!(reply, -(MATE - 2), "after {m} Black is mated next move");
}

#[test]
fn chess_mate_in_three() {
    // 1.Rb6! (not 1.Ra8+) Kg8 2.Ra7 Kf8/Kh8 3.Rb8#: found at depth 6.
    let (_, score) = best("chess", "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", 6);
    assert!(score >= MATE - 5, "score {score}");
}

#[test]
fn pawn_eaters_takes_the_last_pawn() {
    let (m, score) = best("pawneaters", "8/8/8/8/8/5p2/7P/5R2 w - - 0 1", 3);
    assert_eq!(m, "f1f3");
    assert_eq!(score, MATE - 1);
}

#[test]
fn pawn_eaters_avoids_promoting_its_last_pawn() {
    // Promoting the a7 pawn would lose at once; a rook move keeps the game.
    let (m, score) = best("pawneaters", "8/P6p/8/8/8/8/8/R7 w - - 0 1", 3);
    assert!(!m.starts_with("a7a8"), "{m}");
    assert!(score > -MATE + 100);
}

#[test]
fn carnival_choice_after_a_throw_is_a_decision() {
    // White threw 6 and 1 and chooses among (1,1)..(5,1): the search picks one.
    let v = variants::load("carnival").unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1 knights=2:1/2:1 pending=choose:6:1";
    let mut pos = Position::from_fen(v, fen).unwrap();
    let mut s = Searcher::new(16);
    let r = s.search(&mut pos, &Limits::depth(2), &mut |_| {});
    assert!(matches!(r.best, Some(Action::Choose(_))), "{:?}", r.best);
}

#[test]
fn a_pending_throw_is_not_a_decision() {
    // After 1.Nc3 the dice are due: there is no move to choose. (The value
    // of a mate that needs a throw is tested in tests/mates.rs.)
    let v = variants::load("carnival").unwrap();
    let mut pos = Position::startpos(v);
    pos.play_action_text("b1c3").unwrap();
    let mut s = Searcher::new(16);
    let r = s.search(&mut pos, &Limits::depth(1), &mut |_| {});
    assert!(r.best.is_none(), "a pending throw is not a decision");
}

#[test]
fn the_search_is_deterministic() {
    let run = || {
        let v = variants::load("chess").unwrap();
        let mut pos = Position::startpos(v);
        let mut s = Searcher::new(16);
        s.search(&mut pos, &Limits::depth(6), &mut |_| {}).nodes
    };
    assert_eq!(run(), run());
}

#[test]
fn multipv_reports_distinct_lines_best_first_and_the_same_best_score() {
    let v = variants::load("chess").unwrap();
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let plain = |multipv: usize| {
        let mut s = Searcher::new(16);
        s.reductions = false;
        s.tt_cutoffs = false;
        s.multipv = multipv;
        s
    };
    let mut pos = Position::from_fen(v.clone(), fen).unwrap();
    let single = plain(1).search(&mut pos, &Limits::depth(3), &mut |_| {});
    let mut infos = Vec::new();
    let mut pos = Position::from_fen(v, fen).unwrap();
    let multi = plain(4).search(&mut pos, &Limits::depth(3), &mut |i| infos.push(i.clone()));
    assert_eq!(multi.score, single.score);
    let last: Vec<_> = infos.iter().filter(|i| i.depth == 3).collect();
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    assert_eq!(last[0].score, single.score);
    assert!(last.windows(2).all(|w| w[0].score >= w[1].score));
    let mut firsts: Vec<Action> = last.iter().map(|i| i.pv[0]).collect();
    firsts.dedup();
    for (i, a) in firsts.iter().enumerate() {
        assert!(!firsts[..i].contains(a), "four different first moves");
    }
    assert_eq!(firsts.len(), 4);
}

#[test]
fn several_threads_find_the_mate() {
    use menagerie::engine::Engine;
    use std::sync::mpsc;
    let mut e = Engine::new();
    e.set_threads(3);
    assert_eq!(e.threads(), 3);
    e.set_position(Some("7k/8/8/8/8/8/1R6/R6K w - - 0 1"), &[])
        .unwrap();
    let (tx, rx) = mpsc::channel();
    let (itx, irx) = mpsc::channel();
    e.go(
        Limits::depth(5),
        Box::new(move |info, _| {
            let _ = itx.send(info.score);
        }),
        Box::new(move |best, shown| {
            let _ = tx.send(best.map(|a| shown.action_text(a)));
        }),
    );
    e.wait();
    let best = rx.recv().unwrap().unwrap();
    assert!(["b2b7", "a1g1", "a1a7"].contains(&best.as_str()), "{best}");
    let scores: Vec<i32> = irx.try_iter().collect();
    assert_eq!(scores.last(), Some(&(MATE - 3)));
}

#[test]
fn stop_answers_at_once() {
    use menagerie::engine::Engine;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};
    for threads in [1, 2] {
        let mut e = Engine::new();
        e.set_threads(threads);
        e.set_variant("carnival").unwrap();
        let (tx, rx) = mpsc::channel();
        e.go(
            Limits {
                infinite: true,
                ..Limits::default()
            },
            Box::new(|_, _| {}),
            Box::new(move |best, _| {
                let _ = tx.send(best);
            }),
        );
        std::thread::sleep(Duration::from_millis(300));
        assert!(e.is_searching());
        let start = Instant::now();
        e.stop();
        let took = start.elapsed();
        // Typically a few milliseconds; the bound only catches a search
        // that does not look at its stop flag, on however loaded a machine.
        eprintln!("{threads} threads: stopped in {took:?}");
        assert!(took < Duration::from_secs(2), "{threads} threads: {took:?}");
        assert!(rx.recv().unwrap().is_some(), "a move is still reported");
    }
}

/// A search cut short by its node budget, anywhere in the tree, gives the
/// position back as it found it (self-play searches the game's own).
#[test]
fn a_stopped_search_leaves_the_position_as_it_was() {
    for (variant, nodes) in [("chess", 3_000), ("carnival", 2_000), ("updown", 2_500)] {
        let v = variants::load(variant).unwrap();
        for budget in [nodes, nodes + 777, nodes * 3 + 1] {
            let mut pos = Position::startpos(v.clone());
            let before = (pos.to_fen(), pos.ply(), pos.hash());
            let mut searcher = Searcher::new(16);
            let limits = Limits {
                nodes: Some(budget),
                ..Limits::default()
            };
            let result = searcher.search(&mut pos, &limits, &mut |_| {});
            assert!(result.best.is_some(), "{variant}");
            assert!(result.nodes < 4 * budget + 10_000, "{variant}: not stopped");
            assert_eq!(
                (pos.to_fen(), pos.ply(), pos.hash()),
                before,
                "{variant} {budget}"
            );
        }
    }
}
