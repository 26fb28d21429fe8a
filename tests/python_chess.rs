//! The binary driven by a real client: `tests/python/play_chess.py` uses
//! python-chess to make our engine over UCI play our engine over XBoard.
//! Needs `python3` and the PyPI package `chess`: ignored by default,
//! `cargo test --release -- --include-ignored` runs it (`.ci/run` installs
//! them first).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(300);

#[test]
#[ignore = "needs python3 and python-chess (pip install chess)"]
fn python_chess_plays_uci_against_xboard() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/play_chess.py");
    let mut child = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_menagerie"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run python3 (needed by this test): {e}"));

    // Read both pipes in threads so that neither fills up while we wait.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });

    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for python3") {
            break Some(status);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    println!("{out}");
    eprintln!("{err}");

    let Some(status) = status else {
        panic!("play_chess.py did not finish within {TIMEOUT:?}");
    };
    if err.contains("No module named 'chess'") {
        panic!("python-chess is missing: pip3 install chess");
    }
    assert!(status.success(), "play_chess.py failed ({status})");
    // Two games, each with its result.
    assert_eq!(out.matches("\ngame ").count(), 2, "{out}");
    assert!(out.contains("results: "), "{out}");
}
