//! One runner for the perft files of every variant (`tests/perft/<variant>.perft`).
//!
//! Each count is checked twice, independently: by the engine's bitboard
//! generator and by the simple mailbox generator in `tests/reference/`
//! (the latter only up to a node budget, being slow).

mod reference;

use menagerie::perft::perft;
use menagerie::position::Position;
use menagerie::variants;
use rayon::prelude::*;
use reference::RefPosition;
use std::path::Path;

/// Largest count the slow reference generator is asked to reproduce.
const REFERENCE_BUDGET: u64 = if cfg!(debug_assertions) {
    300_000
} else {
    5_000_000
};

struct Case {
    line: usize,
    fen: String,
    /// (depth, nodes, release only)
    counts: Vec<(u32, u64, bool)>,
}

fn parse_file(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        for part in parts {
            let mut words = part.split_whitespace();
            let (tag, nodes) = (words.next(), words.next());
            let (Some(tag), Some(nodes), None) = (tag, nodes, words.next()) else {
                return Err(format!("line {}: bad count '{part}'", i + 1));
            };
            let release_only = match tag.chars().next() {
                Some('D') => false,
                Some('R') => true,
                _ => return Err(format!("line {}: bad depth tag '{tag}'", i + 1)),
            };
            let depth = tag[1..]
                .parse()
                .map_err(|_| format!("line {}: bad depth '{tag}'", i + 1))?;
            let nodes = nodes
                .parse()
                .map_err(|_| format!("line {}: bad node count '{nodes}'", i + 1))?;
            counts.push((depth, nodes, release_only));
        }
        if counts.is_empty() {
            return Err(format!("line {}: no counts", i + 1));
        }
        cases.push(Case {
            line: i + 1,
            fen,
            counts,
        });
    }
    Ok(cases)
}

fn run_file(variant_name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft")
        .join(format!("{variant_name}.perft"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let cases = parse_file(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert!(!cases.is_empty(), "{path:?} has no positions");
    let variant = variants::load(variant_name).unwrap_or_else(|e| panic!("{e}"));
    let failures: Vec<String> = cases
        .par_iter()
        .flat_map_iter(|case| {
            let mut failures = Vec::new();
            let pos = match Position::from_fen(variant.clone(), &case.fen) {
                Ok(p) => p,
                Err(e) => return vec![format!("line {}: {e}", case.line)],
            };
            let reference = RefPosition::from_fen(variant_name, &case.fen);
            for &(depth, want, release_only) in &case.counts {
                if release_only && cfg!(debug_assertions) {
                    continue;
                }
                let got = perft(&mut pos.clone(), depth);
                if got != want {
                    failures.push(format!(
                        "line {}: engine perft({depth}) = {got}, expected {want}",
                        case.line
                    ));
                }
                if want <= REFERENCE_BUDGET {
                    match &reference {
                        Ok(r) => {
                            let got = r.perft(depth);
                            if got != want {
                                failures.push(format!(
                                    "line {}: reference perft({depth}) = {got}, expected {want}",
                                    case.line
                                ));
                            }
                        }
                        Err(e) => failures.push(format!("line {}: reference: {e}", case.line)),
                    }
                }
            }
            failures
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{variant_name}:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_perft_file_has_a_variant() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        assert!(
            variants::NAMES.contains(&stem.as_str()),
            "{path:?} names no variant"
        );
    }
    for name in variants::NAMES {
        let file = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/perft")
            .join(format!("{name}.perft"));
        assert!(file.exists(), "variant {name} has no perft file");
    }
}

#[test]
fn chess() {
    run_file("chess");
}

#[test]
fn wolf() {
    run_file("wolf");
}

#[test]
fn hubbub() {
    run_file("hubbub");
}

#[test]
fn pawneaters() {
    run_file("pawneaters");
}

#[test]
fn the_file_format_rejects_bad_lines() {
    assert!(parse_file("8/8/8/8/8/8/8/8 w - - ;D1").is_err());
    assert!(parse_file("8/8/8/8/8/8/8/8 w - - ;X1 5").is_err());
    assert!(parse_file("8/8/8/8/8/8/8/8 w - - ;D1 x").is_err());
    assert!(parse_file("8/8/8/8/8/8/8/8 w - -").is_err());
    let ok = parse_file("# c\nK7/8/8/8/8/8/8/7k w - - ;D1 3 ;R2 9\n").unwrap();
    assert_eq!(ok[0].counts, vec![(1, 3, false), (2, 9, true)]);
}
