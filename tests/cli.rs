//! The `menagerie` command line, run as a user would.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

fn menagerie(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
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
    assert!(err.contains("carnival-oblique, carnival"), "{err}");
}

#[test]
fn variants_lists_every_game() {
    let (ok, out, _) = menagerie(&["variants"]);
    assert!(ok);
    for name in menagerie::rules::variants::builtin_names() {
        assert!(out.lines().any(|l| l == name), "{out}");
    }
}

#[test]
fn an_unknown_game_is_answered_with_every_game() {
    for command in ["perft", "search", "selfplay", "match"] {
        let mut args = vec![command, "--variant", "nosuchgame"];
        if command == "match" {
            args.extend(["--engine", "cmd=x", "--engine", "cmd=y", "--tc", "1+0"]);
        }
        let (ok, _, err) = menagerie(&args);
        assert!(!ok, "{command}");
        let games = menagerie::rules::variants::builtin_names().join(", ");
        assert!(
            err.contains("unknown variant 'nosuchgame'"),
            "{command}: {err}"
        );
        assert!(err.contains(&games), "{command}: {err}");
    }
}

#[test]
fn a_fen_that_cannot_be_read_is_explained() {
    let (ok, _, err) = menagerie(&["perft", "--fen", "garbage"]);
    assert!(!ok);
    assert!(err.contains("could not read the FEN 'garbage'"), "{err}");
    assert!(err.contains("rank by rank from the top"), "{err}");
    assert!(!err.contains("1 ranks"), "{err}");
    let (_, _, err) = menagerie(&["perft", "--fen", "8/8/8 w - - 0 1"]);
    assert!(
        err.contains("its board has 3 ranks (separated by '/'); this game's board has 8"),
        "{err}"
    );
}

#[test]
fn match_refuses_zero_games() {
    let (ok, _, err) = menagerie(&[
        "match", "--games", "0", "--engine", "cmd=x", "--engine", "cmd=y",
    ]);
    assert!(!ok);
    assert!(err.contains("invalid value '0' for '--games"), "{err}");
}

/// Runs `args`, reads one line of its output and closes the pipe: the
/// program must end by itself, quietly (no panic about a broken pipe).
fn read_one_line_then_close(args: &[&str]) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run menagerie");
    let mut first = String::new();
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    out.read_line(&mut first).expect("a line");
    assert!(!first.is_empty(), "{args:?}");
    drop(out);
    let status = child.wait().expect("wait");
    let mut err = String::new();
    let _ = child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err);
    assert!(
        !err.contains("panicked") && !err.contains("Broken pipe"),
        "{args:?}: {err}"
    );
    assert!(status.success(), "{args:?}: {status} {err}");
}

#[test]
fn every_subcommand_ends_quietly_on_a_closed_pipe() {
    read_one_line_then_close(&["selfplay", "--variant", "carnival", "--seed", "3"]);
    read_one_line_then_close(&["selfplay", "--max-moves", "30", "--depth", "1"]);
    read_one_line_then_close(&["variants"]);
    read_one_line_then_close(&["perft", "--depth", "3", "--divide"]);
    read_one_line_then_close(&["search", "--depth", "3"]);
    read_one_line_then_close(&["perft", "--help"]);
}

/// Runs the bare engine (no command) with `input` on a pipe: (success,
/// output).
fn bare_engine_on_a_pipe(input: &[u8]) -> (bool, String) {
    let mut child = Command::new(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run menagerie");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

#[test]
fn a_first_line_of_quit_quits_quietly() {
    assert_eq!(bare_engine_on_a_pipe(b"quit\n"), (true, String::new()));
}

/// Starts the engine with `protocol` lines on its input, waits for a line
/// starting with `wait_for`, closes the input: how long until it exits.
fn exit_time_after_the_input_ends(args: &[&str], lines: &str, wait_for: &str) -> Duration {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run menagerie");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(lines.as_bytes()).expect("write");
    stdin.flush().expect("flush");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    while !line.starts_with(wait_for) {
        line.clear();
        if out.read_line(&mut line).unwrap_or(0) == 0 {
            panic!("no '{wait_for}' from {args:?}");
        }
    }
    // The search is running (it has reported); the GUI goes away.
    drop(stdin);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{args:?} still running 10 s after its input ended");
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let took = start.elapsed();
    assert!(status.success(), "{status}");
    eprintln!("{args:?} exited {took:?} after its input ended");
    took
}

#[test]
fn the_end_of_the_input_stops_a_search_with_limits() {
    // Depth 60 would run for hours. The bound is generous for a loaded
    // machine; the exit typically takes a few milliseconds.
    let uci = exit_time_after_the_input_ends(
        &["uci"],
        "uci\nposition startpos\ngo depth 60\n",
        "info depth 3",
    );
    assert!(uci < Duration::from_secs(1), "UCI: {uci:?}");
    let xboard = exit_time_after_the_input_ends(
        &["xboard"],
        "xboard\nprotover 2\nnew\npost\nsd 60\nlevel 0 60 0\ngo\n",
        "3 ",
    );
    assert!(xboard < Duration::from_secs(1), "XBoard: {xboard:?}");
}

/// On a terminal, the engine started without a command says what it is
/// and how to load it, then still takes a protocol's first line.
#[cfg(unix)]
#[test]
fn on_a_terminal_the_bare_engine_explains_itself() {
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two descriptors into the integers we pass.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "openpty");
    // SAFETY: both descriptors are fresh and owned by nothing else.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut child = Command::new(BIN)
        .stdin(Stdio::from(slave))
        .stdout(Stdio::piped())
        .spawn()
        .expect("run menagerie");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut text = String::new();
    while !text.contains("or 'quit'") {
        if out.read_line(&mut text).unwrap_or(0) == 0 {
            break;
        }
    }
    assert!(text.contains("menagerie xboard"), "{text}");
    assert!(text.contains("menagerie uci"), "{text}");
    let mut terminal = std::fs::File::from(master);
    terminal.write_all(b"uci\n").expect("type");
    let mut line = String::new();
    while line.trim() != "uciok" {
        line.clear();
        if out.read_line(&mut line).unwrap_or(0) == 0 {
            panic!("no uciok after 'uci' on the terminal");
        }
    }
    terminal.write_all(b"quit\n").expect("type");
    assert!(child.wait().expect("wait").success());
}

#[test]
fn from_a_pipe_the_bare_engine_waits_for_the_protocol() {
    let (ok, out) = bare_engine_on_a_pipe(b"uci\nquit\n");
    assert!(ok && out.starts_with("id name menagerie"), "{out}");
}

#[test]
fn pool_counts_the_pgn_files_a_match_wrote_as_one_match() {
    let dir = std::env::temp_dir().join(format!("menagerie-pool-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for seed in ["1", "2"] {
        let pgn = dir.join(format!("run{seed}.pgn"));
        let cmd = format!("cmd={BIN}");
        let (ok, _, err) = menagerie(&[
            "match",
            "--engine",
            &cmd,
            "name=new",
            "--engine",
            &cmd,
            "name=base",
            "--depth",
            "1",
            "--games",
            "2",
            "--max-plies",
            "20",
            "--seed",
            seed,
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert!(ok, "{err}");
        files.push(pgn.to_str().unwrap().to_string());
    }
    let mut args = vec!["pool", "--first", "new"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--sprt", "elo0=0", "elo1=10"]);
    let (ok, out, err) = menagerie(&args);
    assert!(ok, "{err}");
    // Each run is one pair of two games; pooled, four games in two pairs,
    // the pentanomial the sum of the runs'.
    let penta = |line: &str| -> Vec<u32> {
        let list = line
            .split("pentanomial [")
            .nth(1)
            .unwrap()
            .trim_end_matches(']');
        list.split(", ").map(|n| n.parse().unwrap()).collect()
    };
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("pentanomial")).collect();
    assert_eq!(lines.len(), 3, "{out}");
    let sum: Vec<u32> = (0..5)
        .map(|i| penta(lines[0])[i] + penta(lines[1])[i])
        .collect();
    assert_eq!(penta(lines[2]), sum, "{out}");
    assert_eq!(sum.iter().sum::<u32>(), 2, "{out}");
    assert!(
        lines[2].starts_with("Pooled:") && lines[2].contains("] 4, "),
        "{out}"
    );
    assert_eq!(out.matches("from 1 pairs").count(), 2, "{out}");
    assert!(out.contains("from 2 pairs") && out.contains("LLR"), "{out}");
    let (ok, _, err) = menagerie(&["pool", "--first", "nobody", &files[0]]);
    assert!(!ok && err.contains("nobody did not play"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A chess game's moves, to fill a PGN of `n` games with varied results.
fn chess_games(n: usize) -> String {
    let moves = "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. f3g5 d7d5 5. e4d5 f6d5 \
                 6. g5f7 e8f7 7. d1f3 f7e6 8. b1c3 c6b4 9. a2a3 b4c2 10. e1d1 c2a1";
    (0..n)
        .map(|i| {
            let result = ["1-0", "0-1", "1/2-1/2"][i % 3];
            format!(
                "[Event \"t\"]\n[Result \"{result}\"]\n[Variant \"chess\"]\n\
                 [Termination \"normal\"]\n\n{moves} {result}\n\n"
            )
        })
        .collect()
}

/// `menagerie tune --variant chess` on 40 games in a scratch file, with
/// `args` after the file.
fn tune_chess(scratch: &str, args: &[&str]) -> (bool, String, String) {
    let dir = std::env::temp_dir().join(format!("menagerie-{scratch}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, chess_games(40)).expect("write the games");
    let path = pgn.to_str().expect("a path").to_string();
    let mut all = vec!["tune", "--variant", "chess", &path, "--skip-plies", "0"];
    all.extend_from_slice(args);
    let answer = menagerie(&all);
    let _ = std::fs::remove_dir_all(&dir);
    answer
}

#[test]
fn tune_labels_positions_by_an_engine_over_uci() {
    // The engine is menagerie itself, spoken to over UCI; its scores are
    // kept in a cache, so the second fit asks it for nothing.
    let engine = format!("{BIN} uci");
    let dir = std::env::temp_dir().join(format!("menagerie-cache-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let cache = dir.join("scores.txt").to_string_lossy().to_string();
    let label = |depth: &str| {
        tune_chess(
            "label",
            &[
                "--squares",
                "--passes",
                "3",
                "--label-engine",
                &engine,
                "--label-engine-depth",
                depth,
                "--label-result",
                "0",
                "--label-cache",
                &cache,
            ],
        )
    };
    let (ok, out, err) = label("2");
    assert!(ok, "{err}");
    assert!(err.contains("labels: 0% the game's result"), "{err}");
    assert!(err.contains("its K = "), "{err}");
    assert!(err.contains("0 already in the cache"), "{err}");
    assert!(out.contains("# chess: evaluation weights"), "{out}");
    let (ok, again, err) = label("2");
    assert!(ok, "{err}");
    assert!(err.contains(" 0 positions searched"), "{err}");
    assert_eq!(again, out, "the cached scores give the same fit");
    let (ok, _, err) = label("3");
    assert!(
        !ok && err.contains("at depth 2") && err.contains("at depth 3"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_refuses_an_engine_it_cannot_start() {
    let (ok, _, err) = tune_chess("nolabel", &["--label-engine", "/no/such/engine"]);
    assert!(!ok);
    assert!(err.contains("/no/such/engine"), "{err}");
}

#[test]
fn tune_starts_from_a_weights_file() {
    let dir = std::env::temp_dir().join(format!("menagerie-start-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let start = dir.join("start.weights");
    std::fs::write(&start, "pawn.doubled = 77\nmobility = 50\n").expect("write");
    let path = start.to_string_lossy().to_string();
    let (ok, out, err) = tune_chess("start", &["--start", &path, "--only", "mobility"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("pawn.doubled = 77"),
        "kept from the start file: {out}"
    );
    std::fs::write(&start, "mobility = 50\npawn.doubled = x\n").expect("write");
    let (ok, _, err) = tune_chess("start", &["--start", &path]);
    assert!(
        !ok && err.contains("--start") && err.contains("line 2"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_refuses_a_negative_prior() {
    let (ok, _, err) = tune_chess("prior", &["--squares", "--prior=-1"]);
    assert!(!ok);
    assert!(err.contains("--prior -1"), "{err}");
}
