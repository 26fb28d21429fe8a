//! The UCI adapter driven as a GUI would drive it.

use menagerie::uci;
use std::io::Cursor;
use std::sync::{Arc, Mutex};

fn session(script: &str) -> String {
    let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
    uci::run(Cursor::new(script.to_string()), buffer.clone(), None);
    let bytes = buffer.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
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
    // No `quit`: at the end of the input a search with limits runs to its end.
    let out = session("position startpos moves e2e4 e7e5\ngo depth 4\n");
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
    let out = session("setoption name UCI_Variant value wolf\nposition startpos moves c3c4 a9a8\ngo perft 1\nquit\n");
    assert!(
        out.contains("info string variant wolf files 8 ranks 10"),
        "{out}"
    );
    assert!(out.contains("b1f9: 1"), "{out}");
}

#[test]
fn dice_tokens_and_choices() {
    let out = session(
        "setoption name UCI_Variant value carnival\nposition startpos moves e2e3 roll:6:4\ngo depth 2\nquit\n",
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
        "foo\nposition startpos moves e2e4\nposition startpos moves e2e5\nsetoption name UCI_Variant value nope\nsetoption name Hash value x\ngo perft 1\nquit\n",
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
