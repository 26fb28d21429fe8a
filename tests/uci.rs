//! The UCI adapter driven as a GUI would drive it.

use crate::support::scripted::{Output, Scripted};
use menagerie::uci;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Runs a script (see `Scripted::text`: `@wait LINE` waits for a reply)
/// to its end; the output.
fn session(script: &str) -> String {
    let buffer: Output = Arc::new(Mutex::new(Vec::new()));
    uci::run(Scripted::text(&buffer, script), buffer.clone(), None);
    let bytes = buffer.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
}

/// The output lines after the first that starts with `after`.
fn lines_after<'a>(out: &'a str, after: &str) -> Vec<&'a str> {
    out.lines()
        .skip_while(|l| !l.starts_with(after))
        .skip(1)
        .collect()
}

#[test]
fn handshake_lists_every_variant_and_the_options() {
    let out = session("uci\nisready\nquit\n");
    assert!(out.starts_with("id name menagerie"), "{out}");
    for v in [
        "chess",
        "wolf",
        "hubbub",
        "pawneaters",
        "carnival",
        "carnival-oblique",
    ] {
        assert!(out.contains(&format!("var {v}")), "{out}");
    }
    assert!(out.contains("option name Hash type spin"), "{out}");
    assert!(out.contains("uciok\nreadyok\n"), "{out}");
}

#[test]
fn go_depth_answers_bestmove_with_a_legal_move() {
    let out = session("position startpos moves e2e4 e7e5\ngo depth 4\n@wait bestmove*\n");
    assert!(out.contains("info depth 4"), "{out}");
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    // `bestmove d2d4 ponder g8f6`: the move, and the reply to ponder on.
    let words: Vec<&str> = best.split(' ').collect();
    assert_eq!(words[0].len(), 4, "{best}");
    assert!(
        words.len() == 1 || (words[1] == "ponder" && words[2].len() == 4),
        "{best}"
    );
}

#[test]
fn variant_change_is_announced_and_ten_rank_squares_work() {
    let out = session("setoption name UCI_Variant value wolf\nposition startpos moves c3c4 a9a8\ngo perft 1\n@wait Nodes searched*\nquit\n");
    assert!(
        out.contains("info string variant wolf files 8 ranks 10"),
        "{out}"
    );
    assert!(out.contains("b1f9: 1"), "{out}");
}

#[test]
fn dice_tokens_and_choices() {
    let out = session(
        "setoption name UCI_Variant value carnival\nposition startpos moves e2e3 roll:6:4\ngo depth 2\n@wait bestmove*\nquit\n",
    );
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    let best = best.split(' ').next().unwrap();
    assert!(
        best.starts_with("knight:4:") || best == "knight:5:4",
        "{best}"
    );
}

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let out = session(
        "foo\nposition startpos moves e2e4\nposition startpos moves e2e5\nsetoption name UCI_Variant value nope\nsetoption name Hash value x\ngo perft 1\n@wait Nodes searched*\nquit\n",
    );
    assert!(out.contains("Unknown command: 'foo'"), "{out}");
    assert!(out.contains("'e2e5' is not legal here"), "{out}");
    assert!(out.contains("unknown variant 'nope'"), "{out}");
    assert!(out.contains("bad Hash value"), "{out}");
    // The position is still the one after 1.e4: Black has 20 moves.
    assert!(out.contains("Nodes searched: 20"), "{out}");
    assert!(out.contains("e7e5: 1"), "{out}");
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove() {
    let out = session("position startpos\ngo infinite\nstop\nquit\n");
    assert!(out.contains("bestmove "), "{out}");
}

/// A mate in one, found at depth 1.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

#[test]
fn infinite_and_ponder_searches_answer_only_when_stopped() {
    for go in ["go infinite", "go ponder", "go infinite depth 3"] {
        // A mate, and a bare-kings draw the search exhausts at once: the
        // search has nothing left to do long before `stop`.
        for fen in [MATE_IN_ONE, "8/8/8/4k3/8/8/8/4K3 w - - 0 1"] {
            let out = session(&format!(
                "position fen {fen}\n{go}\n@wait info depth 1*\nisready\n@wait readyok\nstop\n@wait bestmove*\nquit\n"
            ));
            // Nothing but reports between the search's start and `readyok`,
            // and exactly one `bestmove`, after it.
            let before_ready: Vec<&str> = out.lines().take_while(|l| *l != "readyok").collect();
            assert!(
                before_ready.iter().all(|l| l.starts_with("info")),
                "{go}, {fen}:\n{out}"
            );
            assert_eq!(out.matches("bestmove").count(), 1, "{go}, {fen}:\n{out}");
        }
    }
    // Held for a while too, not only until the next command.
    let buffer: Output = Arc::new(Mutex::new(Vec::new()));
    let input = Scripted::text(
        &buffer,
        &format!("position fen {MATE_IN_ONE}\ngo infinite\n@wait info depth 1*\n@pause 800"),
    );
    let out = buffer.clone();
    let adapter = std::thread::spawn(move || uci::run(input, out, None));
    std::thread::sleep(Duration::from_millis(400));
    let text = String::from_utf8(buffer.lock().unwrap().clone()).unwrap();
    assert!(!text.contains("bestmove"), "{text}");
    // The end of the input stops it; then it answers.
    drop(adapter.join());
    let text = String::from_utf8(buffer.lock().unwrap().clone()).unwrap();
    assert!(text.contains("bestmove a1a8"), "{text}");
}

#[test]
fn ponderhit_turns_the_ponder_search_into_ours() {
    let out = session(&format!(
        "position fen {MATE_IN_ONE}\ngo ponder wtime 1000 btime 1000\n@wait info depth 1*\nponderhit\n@wait bestmove*\nquit\n"
    ));
    assert_eq!(out.matches("bestmove").count(), 1, "{out}");
    assert!(out.contains("bestmove a1a8"), "{out}");
}

#[test]
fn ponder_is_an_option() {
    let out =
        session("uci\nsetoption name Ponder value true\nsetoption name Ponder value maybe\nquit\n");
    assert!(
        out.contains("option name Ponder type check default false"),
        "{out}"
    );
    assert_eq!(out.matches("Error").count(), 1, "{out}");
    assert!(out.contains("bad Ponder value 'maybe'"), "{out}");
}

#[test]
fn perft_counts_in_the_search_thread() {
    // Depth 7 takes seconds: `isready` is answered meanwhile, and `stop`
    // ends the count.
    let out = session("go perft 7\nisready\n@wait readyok\nstop\nisready\n@wait readyok\nquit\n");
    assert!(out.starts_with("readyok\n"), "{out}");
    assert!(out.contains("info string perft stopped"), "{out}");
    assert!(!out.contains("Nodes searched"), "{out}");
    // Left alone it finishes: 20 moves and the total.
    let out = session("go perft 2\n@wait Nodes searched*\n");
    assert!(out.contains("Nodes searched: 400"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.ends_with(": 20")).count(),
        20,
        "{out}"
    );
}

#[test]
fn searchmoves_searches_the_legal_moves_given() {
    let out =
        session("position startpos\ngo depth 3 searchmoves z9z9 a2a3 e2e5\n@wait bestmove*\n");
    assert!(
        out.contains("Error: searchmoves: 'z9z9' is not legal here"),
        "{out}"
    );
    assert!(
        out.contains("Error: searchmoves: 'e2e5' is not legal here"),
        "{out}"
    );
    assert!(out.contains("bestmove a2a3"), "{out}");
    // Nothing legal: every move is searched.
    let out = session("position startpos\ngo depth 2 searchmoves z9z9\n@wait bestmove*\n");
    assert!(out.contains("no legal move given"), "{out}");
    assert!(!out.contains("bestmove (none)"), "{out}");
}

#[test]
fn a_hash_size_over_the_maximum_is_refused_and_a_large_one_is_ready_at_once() {
    let out = session("setoption name Hash value 99999999\nsetoption name Hash value 0\nposition startpos\ngo depth 2\n@wait bestmove*\n");
    assert!(
        out.contains("Error: hash size 99999999 MiB is not within 1 to 8192"),
        "{out}"
    );
    assert!(out.contains("Error: hash size 0 MiB"), "{out}");
    // The largest table is ready as soon as it is asked for (its pages come
    // from the system as they are used); the bound is generous for a loaded
    // machine, the time is typically well under 10 ms.
    let start = Instant::now();
    let out = session("setoption name Hash value 8192\nisready\n@wait readyok\nsetoption name Hash value 16\nquit\n");
    let took = start.elapsed();
    assert!(out.contains("readyok") && !out.contains("Error"), "{out}");
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn an_endless_line_is_refused_and_the_session_goes_on() {
    let buffer: Output = Arc::new(Mutex::new(Vec::new()));
    let mut long = vec![b'x'; 3 << 20];
    long.push(b'\n');
    let input = Scripted::new(&buffer)
        .send(b"position startpos moves e2e4\n")
        .send(&long)
        .send(b"go perft 1\n")
        .wait_for("Nodes searched: 20");
    uci::run(input, buffer.clone(), None);
    let out = String::from_utf8(buffer.lock().unwrap().clone()).unwrap();
    assert!(
        out.contains("Error: a line longer than 1048576 bytes was ignored"),
        "{out}"
    );
    assert!(
        lines_after(&out, "info string Error").contains(&"Nodes searched: 20"),
        "{out}"
    );
}

/// The `cp` score of the last `info` line.
fn last_cp(out: &str) -> i32 {
    out.lines()
        .rev()
        .filter_map(|l| l.split(" score cp ").nth(1))
        .find_map(|rest| rest.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no score in {out}"))
}

#[test]
fn eval_weights_come_from_a_file_and_a_bad_one_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("menagerie-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.weights");
    let bad = dir.join("bad.weights");
    std::fs::write(&good, "# a Queen worth a pawn\nvalue.Q = 100\n").unwrap();
    std::fs::write(&bad, "value.Q = 100\nqueen_bonus = 3\n").unwrap();
    let position = "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\ngo depth 1\n@wait bestmove*\n";
    let own = last_cp(&session(position));
    let script = format!(
        "setoption name EvalWeights value {}\nsetoption name EvalWeights value {}\n{position}",
        bad.display(),
        dir.join("missing").display(),
    );
    let refused = session(&script);
    assert!(
        refused.contains("line 2: unknown key `queen_bonus`"),
        "{refused}"
    );
    assert!(refused.contains("cannot read weights file"), "{refused}");
    assert_eq!(last_cp(&refused), own, "{refused}");
    let script = format!(
        "setoption name EvalWeights value {}\n{position}",
        good.display()
    );
    let cheap_queen = last_cp(&session(&script));
    assert!(own > 800 && cheap_queen < own - 600, "{own} {cheap_queen}");
    // Back to the game's own with an empty value.
    let script = format!(
        "setoption name EvalWeights value {}\nsetoption name EvalWeights value\n{position}",
        good.display()
    );
    assert_eq!(last_cp(&session(&script)), own);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every `go` is answered with a `bestmove` that the search reaches by
/// itself, whatever its limits: a bad one is reported by name and the
/// search goes on without it (at its smallest, so that it still ends).
#[test]
fn every_go_is_answered_even_with_a_limit_out_of_range() {
    let clocks = "wtime 1000 btime 1000";
    let cases = [
        ("go depth -1", Some("go depth")),
        ("go depth 0", Some("go depth")),
        ("go depth x", Some("go depth")),
        ("go depth", Some("go depth")),
        ("go depth 99999999999", Some("go depth")),
        ("go nodes -1", Some("go nodes")),
        ("go nodes 0", Some("go nodes")),
        ("go nodes 99999999999999999999999", Some("go nodes")),
        ("go movetime -1", Some("go movetime")),
        ("go movetime 0", Some("go movetime")),
        ("go movetime 1.5", Some("go movetime")),
        ("go mate -1", Some("go mate")),
        ("go mate 0", Some("go mate")),
        ("go wtime x btime x", Some("go wtime")),
        ("go wtime btime", Some("go wtime")),
        ("go wtime 99999999999999999999 btime 1000", Some("go wtime")),
        ("go wtime -1 btime -1", None),
        ("go wtime 0 btime 0 winc 50 binc 50", None),
        (&format!("go {clocks} winc -1 binc -1"), Some("go winc")),
        (&format!("go {clocks} winc x binc x"), Some("go winc")),
        (&format!("go {clocks} movestogo -1"), Some("go movestogo")),
        (&format!("go {clocks} movestogo 0"), Some("go movestogo")),
        ("go depth 1 garbage", Some("'garbage'")),
        ("go depth 1x", Some("go depth")),
        ("go depth 2 nodes", Some("go nodes")),
    ];
    for (go, named) in cases {
        let out = session(&format!(
            "position startpos\n{go}\n@wait bestmove*\nisready\n@wait readyok\nquit\n"
        ));
        // The bestmove comes before `readyok`: the search ended by itself.
        let answered: Vec<&str> = out.lines().take_while(|l| *l != "readyok").collect();
        assert!(
            answered.iter().any(|l| l.starts_with("bestmove ")),
            "{go}:\n{out}"
        );
        assert_eq!(out.matches("bestmove").count(), 1, "{go}:\n{out}");
        match named {
            Some(name) => assert!(
                out.lines()
                    .any(|l| l.starts_with("info string") && l.contains(name)),
                "{go}: no error naming {name}:\n{out}"
            ),
            None => assert!(!out.contains("Error"), "{go}:\n{out}"),
        }
    }
    // No legal move: `bestmove (none)`, as Stockfish answers.
    let mated = "position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1";
    let out = session(&format!("{mated}\ngo depth -1\n@wait bestmove*\nquit\n"));
    assert!(out.contains("bestmove (none)"), "{out}");
}

#[test]
fn move_overhead_is_an_option_within_its_range() {
    let out = session(
        "uci\nsetoption name Move Overhead value 100\nsetoption name Move Overhead value 0\n\
         setoption name Move Overhead value 5000\nisready\n@wait readyok\n\
         setoption name Move Overhead value -1\nsetoption name Move Overhead value 5001\n\
         setoption name Move Overhead value x\nquit\n",
    );
    assert!(
        out.contains("option name Move Overhead type spin default 10 min 0 max 5000"),
        "{out}"
    );
    let before_ready: Vec<&str> = out.lines().take_while(|l| *l != "readyok").collect();
    assert!(!before_ready.iter().any(|l| l.contains("Error")), "{out}");
    for bad in ["-1", "5001", "x"] {
        assert!(
            out.contains(&format!("Error: bad Move Overhead value '{bad}'")),
            "{bad}: {out}"
        );
    }
    // A game at a clock shorter than the overhead still gets its moves.
    let out = session(
        "setoption name Move Overhead value 5000\nposition startpos\n\
         go wtime 3000 btime 3000\n@wait bestmove*\nisready\n@wait readyok\nquit\n",
    );
    let answered: Vec<&str> = out.lines().take_while(|l| *l != "readyok").collect();
    assert!(answered.iter().any(|l| l.starts_with("bestmove ")), "{out}");
}

#[test]
fn eval_shows_the_static_and_quiescence_values_for_both_views() {
    // White to move, a Queen up: positive both for White and the mover.
    let out = session("position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\neval\nquit\n");
    let line = |name: &str| {
        out.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} in {out}"))
            .to_string()
    };
    let words = |l: &str| l.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    let stat = words(&line("Static evaluation"));
    let white: f64 = stat[2].parse().unwrap();
    let mover: i32 = stat[5].parse().unwrap();
    assert!(white > 8.0 && mover > 800, "{out}");
    assert_eq!((white * 100.0).round() as i32, mover, "{out}");
    line("Quiescence search");
    // Black to move in the same position: the views part.
    let out = session("position fen 4k3/8/8/8/8/8/8/3QK3 b - - 0 1\neval\nquit\n");
    let stat = out.lines().find(|l| l.starts_with("Static")).unwrap();
    let w = words(stat);
    assert!(w[2].starts_with('+') && w[5].starts_with('-'), "{out}");
}

#[test]
fn eval_reads_the_same_after_a_search_and_after_other_weights() {
    let dir = std::env::temp_dir().join(format!("menagerie-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cheap = dir.join("cheap.weights");
    std::fs::write(&cheap, "value.N = 100\nvalue.B = 100\n").unwrap();
    // A middlegame with captures to resolve: the quiescence search works.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let evals = |out: &str| {
        out.lines()
            .filter(|l| l.starts_with("Static") || l.starts_with("Quiescence"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let script = format!(
        "position fen {fen}\neval\ngo depth 6\n@wait bestmove*\neval\n\
         setoption name EvalWeights value {}\neval\nsetoption name EvalWeights value\neval\nquit\n",
        cheap.display()
    );
    let lines = evals(&session(&script));
    assert_eq!(lines.len(), 8, "{lines:?}");
    assert_eq!(lines[0..2], lines[2..4], "after a search");
    assert_ne!(lines[0..2], lines[4..6], "other weights");
    assert_eq!(lines[0..2], lines[6..8], "the game's own again");
    let _ = std::fs::remove_dir_all(&dir);
}
