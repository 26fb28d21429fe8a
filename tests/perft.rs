//! One runner for the perft files of every variant (`tests/perft/<variant>.perft`).
//!
//! Each count is checked twice, independently: by the engine's bitboard
//! generator and by the simple mailbox generator in `tests/reference/`
//! (the latter only up to a node budget, being slow).

use crate::reference;

use menagerie::rules::perft::{perft, perft_expanded};
use menagerie::rules::position::Position;
use menagerie::rules::variants;
use rayon::prelude::*;
use reference::RefPosition;
use std::path::Path;

/// Largest count the slow reference generator is asked to reproduce in
/// the default run (every file has counts below it), and in the long run.
const REFERENCE_BUDGET: u64 = 200_000;
const LONG_REFERENCE_BUDGET: u64 = 5_000_000;
/// No count checked by the reference generator (a game it does not know).
#[allow(clippy::reversed_empty_ranges)]
const NO_REFERENCE: std::ops::RangeInclusive<u64> = 1..=0;

struct Case {
    line: usize,
    fen: String,
    counts: Vec<Count>,
}

#[derive(Debug, PartialEq)]
struct Count {
    depth: u32,
    nodes: u64,
    release_only: bool,
    /// Dice games: every throw and choice is a branch (else moves only,
    /// with the dice state frozen as the FEN gives it).
    expanded: bool,
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
            let (expanded, rest) = match tag.strip_prefix('E') {
                Some(rest) => (true, rest),
                None => (false, tag),
            };
            let release_only = match rest.chars().next() {
                Some('D') => false,
                Some('R') => true,
                _ => return Err(format!("line {}: bad depth tag '{tag}'", i + 1)),
            };
            let depth = rest[1..]
                .parse()
                .map_err(|_| format!("line {}: bad depth '{tag}'", i + 1))?;
            let nodes = nodes
                .parse()
                .map_err(|_| format!("line {}: bad node count '{nodes}'", i + 1))?;
            counts.push(Count {
                depth,
                nodes,
                release_only,
                expanded,
            });
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

/// Checks a perft file: every count by the engine (when `engine`), and by
/// the reference generator every count from `reference_from` up to
/// `reference_to` nodes.
fn run_file(variant_name: &str, engine: bool, checked: std::ops::RangeInclusive<u64>) {
    run_file_in("tests/perft", variant_name, engine, checked)
}

/// `run_file` on the perft file of the game in `dir`.
fn run_file_in(
    dir: &str,
    variant_name: &str,
    engine: bool,
    checked: std::ops::RangeInclusive<u64>,
) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(dir)
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
            if engine && !case.counts.iter().any(|c| c.nodes <= REFERENCE_BUDGET) {
                // Else the default run would not cross-check this position.
                failures.push(format!(
                    "line {}: no count within {REFERENCE_BUDGET} nodes",
                    case.line
                ));
            }
            for count in &case.counts {
                let (depth, want) = (count.depth, count.nodes);
                if count.release_only && cfg!(debug_assertions) {
                    continue;
                }
                let mode = if count.expanded { "expanded " } else { "" };
                if engine {
                    let mut p = pos.clone();
                    // Release builds skip the check of the incremental hash
                    // at every move; the small counts ask for it.
                    p.set_self_checks(want <= REFERENCE_BUDGET);
                    let got = if count.expanded {
                        perft_expanded(&mut p, depth)
                    } else {
                        p.set_frozen(true);
                        perft(&mut p, depth)
                    };
                    if got != want {
                        failures.push(format!(
                            "line {}: engine {mode}perft({depth}) = {got}, expected {want}",
                            case.line
                        ));
                    }
                }
                if checked.contains(&want) {
                    match &reference {
                        Ok(r) => {
                            let got = if count.expanded {
                                r.perft_expanded(depth)
                            } else if pos.variant().has_chance_steps() {
                                r.perft_frozen(depth)
                            } else {
                                r.perft(depth)
                            };
                            if got != want {
                                failures.push(format!(
                                    "line {}: reference {mode}perft({depth}) = {got}, expected {want}",
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
        if path.is_dir() {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        assert!(
            variants::builtin_names().contains(&stem),
            "{path:?} names no variant"
        );
    }
    for name in variants::builtin_names() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/perft")
            .join(format!("{name}.perft"));
        assert!(file.exists(), "variant {name} has no perft file");
    }
}

#[test]
fn chess() {
    run_file("chess", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn wolf() {
    run_file("wolf", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn hubbub() {
    run_file("hubbub", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn pawneaters() {
    run_file("pawneaters", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn carnival() {
    run_file("carnival", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn carnival_oblique() {
    run_file("carnival-oblique", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn truffle() {
    run_file("truffle", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn updown() {
    run_file("updown", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn multipawn() {
    run_file("multipawn", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn armyorientation() {
    run_file("armyorientation", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn pieceorientation() {
    run_file("pieceorientation", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn montypython() {
    run_file("montypython", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn butterflyhunt() {
    run_file("butterflyhunt", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn mining() {
    run_file("mining", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn nuthunt() {
    run_file("nuthunt", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn shrimphunt() {
    run_file("shrimphunt", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn oysterhunt() {
    run_file("oysterhunt", true, 0..=REFERENCE_BUDGET);
}

#[test]
fn the_file_format_rejects_bad_lines() {
    assert!(parse_file("8/8/8/8/8/8/8/8 w - - ;D1").is_err());
    assert!(parse_file("8/8/8/8/8/8/8/8 w - - ;X1 5").is_err());
    assert!(parse_file("8/8/8/8/8/8/8/8 w - - ;D1 x").is_err());
    assert!(parse_file("8/8/8/8/8/8/8/8 w - -").is_err());
    assert!(parse_file("8/8/8/8/8/8/8/8 w - - ;EX1 5").is_err());
    let ok = parse_file("# c\nK7/8/8/8/8/8/8/7k w - - ;D1 3 ;R2 9 ;ED1 4\n").unwrap();
    let c = &ok[0].counts;
    assert_eq!(
        (c[0].depth, c[0].nodes, c[0].release_only, c[0].expanded),
        (1, 3, false, false)
    );
    assert_eq!(
        (c[1].depth, c[1].nodes, c[1].release_only, c[1].expanded),
        (2, 9, true, false)
    );
    assert_eq!(
        (c[2].depth, c[2].nodes, c[2].release_only, c[2].expanded),
        (1, 4, false, true)
    );
}

/// The example games (`examples/*.ini`, in no binary): each file loads
/// as a user's would, and its game's counts in `tests/perft/examples/`
/// hold for the engine and the reference generator.
#[test]
fn example_games() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut games = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "ini") {
            continue;
        }
        let file = path.to_string_lossy().to_string();
        let names = variants::add_file(&file).unwrap_or_else(|e| panic!("{e}"));
        for name in names {
            run_file_in("tests/perft/examples", &name, true, 0..=REFERENCE_BUDGET);
            games += 1;
        }
    }
    assert!(games >= 2, "{games} example games");
}

/// The library's games (Fairy-Stockfish's that a file may inherit from):
/// the engine against the counts the current Fairy-Stockfish gives
/// (`scripts/compare-fsf-variants.sh` wrote `tests/perft/library/`),
/// which is their independent reference.
#[test]
fn library_games() {
    let names = variants::library_names();
    assert!(names.len() >= 30, "{} library games", names.len());
    for name in names {
        run_file_in("tests/perft/library", &name, true, NO_REFERENCE);
    }
}

/// A tool: prints a perft file for the game named by `REFERENCE_GAME` (a
/// built-in one or one of the file `REFERENCE_FILE`), its start and
/// positions of seeded random play, every count by the reference
/// generator alone, up to `REFERENCE_BUDGET` nodes each:
/// `REFERENCE_GAME=petty REFERENCE_FILE=examples/petty.ini cargo test
/// --release --test integration print_reference_counts -- --ignored --nocapture`.
/// Without them it makes Petty Chess's file again and checks it is the one
/// in `tests/perft/examples/`, which it wrote.
#[test]
#[ignore = "a tool: writes the reference generator's counts for a new game"]
fn print_reference_counts() {
    let asked = std::env::var("REFERENCE_GAME").ok();
    let game = asked.clone().unwrap_or_else(|| "petty".to_string());
    let file = match &asked {
        Some(_) => std::env::var("REFERENCE_FILE").ok(),
        None => Some(format!("{}/examples/petty.ini", env!("CARGO_MANIFEST_DIR"))),
    };
    if let Some(file) = file {
        variants::add_file(&file).unwrap_or_else(|e| panic!("{e}"));
    }
    let lines = reference_file_lines(&game);
    for line in &lines {
        println!("{line}");
    }
    if asked.is_none() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/examples/petty.perft");
        let text = std::fs::read_to_string(path).expect("petty.perft");
        let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(kept, lines, "the tool no longer makes petty.perft");
    }
}

/// The lines of a perft file of `game` by the reference generator alone.
fn reference_file_lines(game: &str) -> Vec<String> {
    let v = variants::load(game).unwrap_or_else(|e| panic!("{e}"));
    let dice = v.has_chance_steps();
    let start = RefPosition::startpos(game).expect("the reference knows the game");
    let mut positions = vec![start.clone()];
    let mut seed: u64 = 12345;
    for plies in [6, 11, 17, 24, 31, 40] {
        let mut p = start.clone();
        for _ in 0..plies {
            let actions = p.legal_actions();
            if actions.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = &actions[(seed >> 33) as usize % actions.len()];
            p.play(pick).expect("a legal action");
        }
        positions.push(p);
    }
    let mut lines = Vec::new();
    for p in positions {
        let mut line = p.to_fen();
        type Counter = fn(&RefPosition, u32) -> u64;
        let counts: [(&str, Counter); 2] = match dice {
            true => [
                ("D", RefPosition::perft_frozen),
                ("ED", RefPosition::perft_expanded),
            ],
            false => [("D", RefPosition::perft), ("", |_, _| u64::MAX)],
        };
        let pending = line.contains("pending=");
        let wanted = |tag: &str| !(tag.is_empty() || pending && tag == "D");
        for (tag, count) in counts.iter().filter(|(t, _)| wanted(t)) {
            for depth in 1..=6 {
                let nodes = count(&p, depth);
                if nodes > REFERENCE_BUDGET {
                    break;
                }
                line.push_str(&format!(" ;{tag}{depth} {nodes}"));
            }
        }
        lines.push(line);
    }
    lines
}

/// The reference generator on the larger counts too (minutes).
#[test]
#[ignore = "long: the reference generator on every count up to 5M nodes"]
fn long_reference_counts_of_every_file() {
    for name in variants::builtin_names() {
        run_file(&name, false, REFERENCE_BUDGET + 1..=LONG_REFERENCE_BUDGET);
    }
}
