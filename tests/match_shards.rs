//! `menagerie match --shard K/N` and `menagerie pool`: the shards of a
//! match, merged, are the single run (the same games, byte for byte, and
//! the same figures); a missing, doubled or unfinished shard is refused by
//! name.

use super::referee_matches::{run, short_carnival_match, temp};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

/// `menagerie pool ARGS`: (success, stdout, stderr).
fn pool(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .arg("pool")
        .args(args)
        .output()
        .expect("run menagerie pool");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// The report's figures: the lines the single run and the pool share.
fn figures(report: &str) -> Vec<&str> {
    let kept = [
        "Score of",
        "W/D/L",
        "Elo difference",
        "Pentanomial",
        "Endings",
        "SPRT",
    ];
    report
        .lines()
        .filter(|l| kept.iter().any(|k| l.starts_with(k)))
        .collect()
}

#[test]
fn four_shards_pooled_are_the_single_run() {
    let single = temp("shards-single.pgn");
    let (ok, single_out, err) = short_carnival_match("9", "12", &single, &[]);
    assert!(ok, "{single_out}\n{err}");
    let mut files = Vec::new();
    for k in 1..=4 {
        let path = temp(&format!("shard-{k}.pgn"));
        let shard = format!("{k}/4");
        let (ok, out, err) = short_carnival_match("9", "12", &path, &["--shard", &shard]);
        assert!(ok, "{out}\n{err}");
        assert!(
            out.contains(&format!("shard {k}/4 of a 12-game match")),
            "{out}"
        );
        files.push(path.to_str().unwrap().to_string());
    }
    let merged = temp("shards-merged.pgn");
    let mut args = vec!["--first", "a"];
    args.extend(files.iter().map(String::as_str));
    args.extend([
        "--pgn",
        merged.to_str().unwrap(),
        "--sprt",
        "elo0=0",
        "elo1=10",
    ]);
    let (ok, out, err) = pool(&args);
    assert!(ok, "{out}\n{err}");
    assert_eq!(
        std::fs::read_to_string(&merged).unwrap(),
        std::fs::read_to_string(&single).unwrap()
    );
    // The single run's SPRT figures: the same test over the same games.
    let (ok, sprt_out, err) =
        short_carnival_match("9", "12", &single, &["--sprt", "elo0=0", "elo1=10"]);
    assert!(ok, "{sprt_out}\n{err}");
    assert_eq!(figures(&out), figures(&sprt_out));
    assert_eq!(figures(&out).len(), 6, "{out}");

    // Refused by name: a shard missing, doubled, unfinished, or mixed.
    let refused = |files: &[&str], why: &str| {
        let mut args = vec!["--first", "a"];
        args.extend_from_slice(files);
        let (ok, out, err) = pool(&args);
        assert!(!ok, "{out}");
        assert!(err.contains(why), "{why}: {err}");
    };
    let f: Vec<&str> = files.iter().map(String::as_str).collect();
    refused(&f[..3], "shard 4/4 is missing");
    refused(&[f[0], f[1], f[2], f[2]], "are both shard 3/4");
    // Shard 1 of 12 games: pairs 1 and 5 (rounds 1, 2, 9, 10).
    let text = std::fs::read_to_string(f[0]).unwrap();
    let second = text
        .match_indices("[Event ")
        .nth(2)
        .map_or(text.len(), |(at, _)| at);
    let short = temp("shard-1-short.pgn");
    std::fs::write(&short, &text[..second]).unwrap();
    let short = short.to_str().unwrap();
    refused(&[short, f[1], f[2], f[3]], "rounds 9, 10 missing");
    let cut_path = temp("shard-1-cut.pgn");
    std::fs::write(&cut_path, &text[..text.len() - 20]).unwrap();
    let cut = cut_path.to_str().unwrap();
    refused(&[cut, f[1], f[2], f[3]], "cut short");
    refused(&[f[0], single.to_str().unwrap()], "not both");

    // A shard resumed from its cut file ends as the uninterrupted one.
    let (ok, out, err) =
        short_carnival_match("9", "12", &cut_path, &["--shard", "1/4", "--resume"]);
    assert!(ok, "{out}\n{err}");
    assert!(err.contains("cut short: dropped"), "{err}");
    assert_eq!(std::fs::read_to_string(&cut_path).unwrap(), text);
    // A shard with a sequential test of its own is refused.
    let (ok, _, err) = run(&[
        "--shard", "1/4", "--sprt", "elo0=0", "elo1=5", "--engine", "cmd=x", "--engine", "cmd=y",
        "--depth", "1",
    ]);
    assert!(
        !ok && err.contains("give --sprt to `menagerie pool`"),
        "{err}"
    );
}
