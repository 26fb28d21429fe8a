//! The `menagerie` command line, run as a user would.

use std::process::Command;

fn menagerie(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(args)
        .output()
        .expect("run menagerie");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn perft_prints_nodes_time_and_speed() {
    let (ok, out, _) = menagerie(&["perft", "--variant", "chess", "--depth", "3"]);
    assert!(ok);
    assert!(out.contains("Nodes searched: 8902"), "{out}");
    assert!(out.contains("Time: "), "{out}");
    assert!(out.contains("Nodes/second: "), "{out}");
}

#[test]
fn perft_divides_after_moves_with_threads() {
    let (ok, out, _) = menagerie(&[
        "perft",
        "--variant",
        "chess",
        "--depth",
        "2",
        "--moves",
        "e2e4",
        "e7e5",
        "--divide",
        "--threads",
        "2",
    ]);
    assert!(ok);
    // After 1.e4 e5 White has 29 moves; 2.Nf3 leaves Black 29 replies.
    let root_moves = out
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()) && l.contains(": "))
        .count();
    assert_eq!(root_moves, 29, "{out}");
    assert!(out.contains("g1f3: 29"), "{out}");
}

#[test]
fn perft_on_a_ten_rank_board_takes_rank_ten_squares() {
    let (ok, out, err) = menagerie(&[
        "perft",
        "--variant",
        "wolf",
        "--depth",
        "1",
        "--moves",
        "c3c4",
        "a9a8",
        "--divide",
    ]);
    assert!(ok, "{err}");
    // The nightrider b1 reaches f9 over c3, d5, e7 (the rule page's example).
    assert!(out.contains("b1f9: 1"), "{out}");
}

#[test]
fn bad_input_is_an_error_not_a_crash() {
    let (ok, _, err) = menagerie(&[
        "perft",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
    ]);
    assert!(!ok);
    assert!(err.contains("'X' is not a piece of this variant"), "{err}");
    let (ok, _, err) = menagerie(&["perft", "--moves", "e2e5"]);
    assert!(!ok);
    assert!(err.contains("'e2e5' is not legal here"), "{err}");
    let (ok, _, err) = menagerie(&["perft", "--moves", "hello"]);
    assert!(!ok);
    assert!(err.contains("not a move, throw or choice"), "{err}");
    let (ok, _, err) = menagerie(&["perft", "--variant", "nosuchgame"]);
    assert!(!ok);
    assert!(err.contains("unknown variant 'nosuchgame'"), "{err}");
}

#[test]
fn variants_lists_every_game() {
    let (ok, out, _) = menagerie(&["variants"]);
    assert!(ok);
    for name in ["chess", "wolf", "hubbub", "pawneaters"] {
        assert!(out.lines().any(|l| l == name), "{out}");
    }
}
