//! `menagerie match` run as a user would: short matches of our engine
//! against a weaker copy of itself in every game, replayed in the rules
//! core; determinism of a seed; pairs sharing openings and dice; engines
//! that crash, fall silent or send garbage; the SPRT stop; the XBoard
//! client against a scripted engine.

use menagerie::replay::pgn;
use menagerie::rules::position::Position;
use menagerie::rules::square::Color;
use menagerie::rules::variants;
use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

pub(super) fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

pub(super) fn openings(variant: &str) -> String {
    format!("{}/openings/{variant}.txt", env!("CARGO_MANIFEST_DIR"))
}

/// Every game ships the openings its matches start from (the scripts
/// name them `openings/<game>.txt`), each line a legal start.
#[test]
fn every_game_ships_openings_that_load() {
    for name in variants::builtin_names() {
        let v = variants::load(&name).expect("variant");
        let lines = menagerie::referee::openings::load(&openings(&name), &v)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(lines.len() >= 50, "{name}: {} openings", lines.len());
    }
}

/// Runs `menagerie match ARGS`: (success, stdout, stderr).
pub(super) fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .arg("match")
        .args(args)
        .output()
        .expect("run menagerie match");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A shell script as an engine command.
fn script(name: &str, body: &str) -> String {
    let path = temp(name);
    std::fs::write(&path, body).expect("write script");
    path.to_string_lossy().to_string()
}

/// Replays every game of a PGN file in the rules core; checks that a game
/// ended by the rules ends there with the result given. Returns the games.
fn replay(path: &PathBuf, variant: &str) -> Vec<pgn::PgnGame> {
    let text = std::fs::read_to_string(path).expect("read pgn");
    let games = pgn::read_games(&text).expect("the referee's PGN reads back");
    let v = variants::load(variant).expect("variant");
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.tag("Round"), Some((i + 1).to_string().as_str()));
        assert_eq!(g.tag("Variant"), Some(variant));
        let mut pos = match g.tag("FEN") {
            Some(f) => Position::from_fen(v.clone(), f).expect("fen"),
            None => Position::startpos(v.clone()),
        };
        for t in &g.moves {
            pos.play_action_text(t)
                .unwrap_or_else(|e| panic!("game {}: {t}: {e}", i + 1));
        }
        let result = g.result.map(|r| r.text());
        assert_eq!(g.tag("Result"), result);
        match g.tag("Termination") {
            Some("normal") => {
                let o = pos.outcome().expect("a game ended by the rules is over");
                let want = match o {
                    menagerie::rules::outcome::Outcome::Win(Color::White, _) => "1-0",
                    menagerie::rules::outcome::Outcome::Win(Color::Black, _) => "0-1",
                    menagerie::rules::outcome::Outcome::Draw(_) => "1/2-1/2",
                };
                assert_eq!(result, Some(want), "game {}", i + 1);
            }
            Some("adjudication") => assert_eq!(result, Some("1/2-1/2")),
            other => panic!("game {} ended by {other:?}", i + 1),
        }
    }
    games
}

fn clean(stdout: &str) {
    assert!(
        stdout.contains("time forfeit 0, rules infraction 0, abandoned 0"),
        "{stdout}"
    );
}

#[test]
fn every_game_completes_against_a_weaker_self_and_replays() {
    for v in ["wolf", "hubbub", "pawneaters", "carnival", "truffle"] {
        let path = temp(&format!("{v}.pgn"));
        let engine_a = format!("cmd={BIN}");
        let (ok, out, err) = run(&[
            "--variant",
            v,
            "--openings",
            &openings(v),
            "--engine",
            &engine_a,
            "name=strong",
            "nodes=3000",
            "--engine",
            &engine_a,
            "name=weak",
            "depth=1",
            "--games",
            "2",
            "--concurrency",
            "2",
            "--max-plies",
            "20",
            "--pgn",
            path.to_str().unwrap(),
        ]);
        assert!(ok, "{v}: {out}\n{err}");
        clean(&out);
        assert!(out.contains("W/D/L of strong: "), "{out}");
        assert!(out.contains("Elo difference: "), "{out}");
        assert!(err.contains("Finished game 2"), "{err}");
        let games = replay(&path, v);
        assert_eq!(games.len(), 2, "{v}");
        // Colours swap within the pair.
        assert_eq!(games[0].tag("White"), Some("strong"));
        assert_eq!(games[1].tag("White"), Some("weak"));
    }
}

/// The throws each colour made, in order, from a game's tokens.
fn throws_by_colour(variant: &str, tokens: &[String]) -> [Vec<String>; 2] {
    let mut pos = Position::startpos(variants::load(variant).unwrap());
    let mut out = [Vec::new(), Vec::new()];
    for t in tokens {
        if pos.dice_due().is_some() {
            out[pos.side_to_move().opposite().index()].push(t.clone());
        }
        pos.play_action_text(t).unwrap();
    }
    out
}

/// A Carnival match of `games` games of at most 16 plies, 2,000 nodes a
/// move against depth 1, written to `path`, with `extra` arguments.
pub(super) fn short_carnival_match(
    seed: &str,
    games: &str,
    path: &std::path::Path,
    extra: &[&str],
) -> (bool, String, String) {
    let engine = format!("cmd={BIN}");
    let carnival = openings("carnival");
    let mut args = vec![
        "--variant",
        "carnival",
        "--openings",
        &carnival,
        "--engine",
        &engine,
        "name=a",
        "nodes=2000",
        "--engine",
        &engine,
        "name=b",
        "depth=1",
        "--games",
        games,
        "--max-plies",
        "16",
        "--seed",
        seed,
        "--pgn",
        path.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run(&args)
}

#[test]
fn a_seed_replays_a_match_and_pairs_share_openings_and_dice() {
    let match_pgn = |seed: &str, name: &str| {
        let path = temp(name);
        let (ok, out, err) = short_carnival_match(seed, "4", &path, &["--concurrency", "2"]);
        assert!(ok, "{out}\n{err}");
        clean(&out);
        std::fs::read_to_string(&path).unwrap()
    };
    let first = match_pgn("3", "seed3a.pgn");
    let again = match_pgn("3", "seed3b.pgn");
    assert_eq!(first, again, "the same seed must give the same games");
    let other = match_pgn("4", "seed4.pgn");
    assert_ne!(first, other, "another seed throws other dice");

    let games = pgn::read_games(&first).expect("the referee's PGN reads back");
    assert_eq!(games.len(), 4);
    // A game may end early (a throw can mate): compare what both games of a
    // pair threw, and require that some pair threw enough to mean something.
    let mut longest = 0;
    for pair in games.chunks(2) {
        let (x, y) = (&pair[0], &pair[1]);
        let opening = |g: &pgn::PgnGame| {
            let text = std::fs::read_to_string(openings("carnival")).unwrap();
            text.lines()
                .filter(|l| l.starts_with("startpos"))
                .map(|l| {
                    l.split_whitespace()
                        .skip(2)
                        .map(String::from)
                        .collect::<Vec<_>>()
                })
                .find(|o| g.moves.starts_with(o))
                .expect("a game starts with an opening of the file")
        };
        assert_eq!(opening(x), opening(y));
        // Each colour throws the same dice on the same turn in both games.
        let (tx, ty) = (
            throws_by_colour("carnival", &x.moves),
            throws_by_colour("carnival", &y.moves),
        );
        for c in 0..2 {
            let n = tx[c].len().min(ty[c].len());
            longest = longest.max(n);
            assert_eq!(tx[c][..n], ty[c][..n], "colour {c}");
        }
    }
    assert!(longest >= 6, "too few throws to compare: {longest}");
}

/// A match cut short goes on from its PGN file with `--resume`: the file and
/// the result come out as the uninterrupted match's, the lone last game
/// being played again; a file of another match is refused and left as it is.
#[test]
fn a_resumed_match_ends_as_the_uninterrupted_one() {
    let resume = |seed: &str, path: &PathBuf| short_carnival_match(seed, "6", path, &["--resume"]);
    let full_path = temp("resume-full.pgn");
    let (ok, full_out, err) = resume("5", &full_path);
    assert!(ok, "{full_out}\n{err}");
    assert!(!err.contains("Resumed"), "no file, no resume: {err}");
    let full = std::fs::read_to_string(&full_path).unwrap();
    let games = pgn::read_games(&full).unwrap();
    assert_eq!(games.len(), 6);

    // Cut after three games: pair 1 kept, game 3 played again.
    let fourth = games[3].line;
    let cut: String = full
        .lines()
        .take(fourth - 1)
        .map(|l| format!("{l}\n"))
        .collect();
    let part_path = temp("resume-part.pgn");
    std::fs::write(&part_path, &cut).unwrap();
    let (ok, out, err) = resume("5", &part_path);
    assert!(ok, "{out}\n{err}");
    assert!(err.contains("Resumed: 2 games kept"), "{err}");
    assert_eq!(std::fs::read_to_string(&part_path).unwrap(), full);
    let score = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with("W/D/L") || l.starts_with("Pentanomial"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(score(&out), score(&full_out));

    // Cut in the middle of game 4 (the referee killed while writing it):
    // the cut game and its pair are played again, the file repaired.
    let fifth = games[4].line;
    let lines: Vec<&str> = full.lines().collect();
    let mut cut_mid = lines[..fifth - 3]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    cut_mid.push_str(&lines[fifth - 3][..4]);
    std::fs::write(&part_path, &cut_mid).unwrap();
    let (ok, out, err) = resume("5", &part_path);
    assert!(ok, "{out}\n{err}");
    assert!(err.contains("cut short: dropped"), "{err}");
    assert!(err.contains("Resumed: 2 games kept"), "{err}");
    assert_eq!(std::fs::read_to_string(&part_path).unwrap(), full);
    assert_eq!(score(&out), score(&full_out));

    // Another seed: refused, the file unchanged.
    std::fs::write(&part_path, &cut).unwrap();
    let (ok, out, err) = resume("6", &part_path);
    assert!(!ok, "{out}");
    assert!(err.contains("seed 5, not 6"), "{err}");
    assert_eq!(std::fs::read_to_string(&part_path).unwrap(), cut);
}

/// A UCI engine that shakes hands, then does `on_go` at every `go`.
fn fake_uci(name: &str, on_go: &str) -> String {
    script(
        name,
        &format!(
            "while read -r line; do\n  case \"$line\" in\n    uci) echo \"id name {name}\"; echo uciok ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
        ),
    )
}

#[test]
fn broken_engines_lose_and_the_match_goes_on() {
    let cases = [
        ("garbage", "echo 'bestmove z9z9'", "rules infraction 2"),
        ("crasher", "exit 3", "abandoned 2"),
        ("silent", "sleep 5", "abandoned 2"),
        // Talks without end and never moves: its time runs out all the same.
        (
            "chatter",
            "while true; do echo 'info depth 1'; done",
            "abandoned 2",
        ),
    ];
    for (name, on_go, ending) in cases {
        let fake = fake_uci(&format!("{name}.sh"), on_go);
        let (ok, out, err) = run(&[
            "--engine",
            &format!("cmd={BIN}"),
            "name=ours",
            "depth=1",
            "--engine",
            "cmd=sh",
            &format!("arg={fake}"),
            &format!("name={name}"),
            "depth=1",
            "--games",
            "2",
            "--move-timeout",
            "300",
        ]);
        assert!(ok, "{name}: {out}\n{err}");
        assert!(out.contains("W/D/L of ours: 2/0/0"), "{name}: {out}");
        assert!(out.contains(ending), "{name}: {out}");
        if name == "garbage" {
            assert!(err.contains("illegal move 'z9z9'"), "{err}");
        }
    }
}

#[test]
fn sprt_stops_the_match_when_it_decides() {
    let fake = fake_uci("loser.sh", "echo 'bestmove a1a1'");
    let (ok, out, err) = run(&[
        "--engine",
        &format!("cmd={BIN}"),
        "name=ours",
        "depth=1",
        "--engine",
        "cmd=sh",
        &format!("arg={fake}"),
        "name=loser",
        "--depth",
        "1",
        "--games",
        "200",
        "--concurrency",
        "2",
        "--sprt",
        "elo0=0",
        "elo1=200",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("H1 accepted"), "{out}");
    let games: u32 = out
        .lines()
        .find_map(|l| l.strip_prefix("Match: "))
        .and_then(|l| l.split(", ").find_map(|p| p.strip_suffix(" games")))
        .and_then(|n| n.parse().ok())
        .expect("game count");
    assert!(games < 40, "{out}");
}

#[test]
fn the_xboard_client_drives_a_scripted_engine() {
    // Plays its king's knight out and back (g1f3 as White, g8f6 as Black:
    // Black when a move comes before its first `go`); logs what it hears.
    let heard = temp("xboard-heard.txt");
    let fake = script(
        "fake-xboard.sh",
        &format!(
            "n=0; a=g8; b=f6\nwhile read -r line; do\n  echo \"$line\" >> {heard}\n  case \"$line\" in\n    protover*) echo 'feature myname=\"scripted\" ping=1 setboard=1 usermove=1 done=1' ;;\n    ping*) echo \"pong ${{line#ping }}\" ;;\n    new) n=0; a=g1; b=f3 ;;\n    usermove*) if [ $n -eq 0 ]; then a=g8; b=f6; fi ;;\n    go) if [ $((n % 2)) -eq 0 ]; then echo \"move $a$b\"; else echo \"move $b$a\"; fi; n=$((n+1)) ;;\n    quit) exit 0 ;;\n  esac\ndone\n",
            heard = heard.display()
        ),
    );
    let _ = std::fs::remove_file(&heard);
    let path = temp("xboard.pgn");
    let (ok, out, err) = run(&[
        "--engine",
        &format!("cmd={BIN}"),
        "name=ours",
        "depth=1",
        "--engine",
        "cmd=sh",
        &format!("arg={fake}"),
        "proto=xboard",
        "tc=30+1",
        "--games",
        "1",
        "--max-plies",
        "6",
        "--pgn",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    let games = replay(&path, "chess");
    assert_eq!(games[0].tag("Black"), Some("scripted"));
    assert_eq!(&games[0].moves[1], "g8f6");
    assert_eq!(&games[0].moves[3], "f6g8");
    assert_eq!(&games[1].moves[0], "g1f3");
    assert_eq!(&games[1].moves[2], "f3g1");
    let heard = std::fs::read_to_string(&heard).unwrap();
    for want in [
        "accepted usermove",
        "new",
        "force",
        "level 0 0:30 1",
        "usermove ",
        "time ",
        "otim ",
        "go",
        "result 1/2-1/2",
    ] {
        assert!(heard.contains(want), "{want}: {heard}");
    }
    // Chess has no throws to keep from a human: `computer` is not sent
    // (Fairy-Max 5.0b may crash after a command it does not know).
    assert!(!heard.lines().any(|l| l == "computer"), "{heard}");
}

#[test]
fn identical_engines_play_identical_games_within_a_pair() {
    // Same opening, same dice for each colour, the same deterministic
    // engine on both sides: the colour swap changes nothing on the board.
    let path = temp("mirror.pgn");
    let engine = format!("cmd={BIN}");
    let (ok, out, err) = run(&[
        "--variant",
        "carnival",
        "--openings",
        &openings("carnival"),
        "--engine",
        &engine,
        "name=a",
        "depth=1",
        "--engine",
        &engine,
        "name=b",
        "depth=1",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--max-plies",
        "24",
        "--pgn",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    let games = replay(&path, "carnival");
    assert_eq!(games.len(), 4);
    for pair in games.chunks(2) {
        assert_eq!(pair[0].moves, pair[1].moves);
        assert_eq!(pair[0].result, pair[1].result);
    }
}

#[test]
fn make_openings_writes_a_file_that_loads() {
    let path = temp("made.txt");
    let (ok, out, err) = run(&[
        "--make-openings",
        "5",
        "--variant",
        "wolf",
        "--opening-plies",
        "6",
        "--opening-depth",
        "1",
        "--seed",
        "9",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("startpos moves"))
            .count(),
        5
    );
    let v = variants::load("wolf").unwrap();
    let list = menagerie::referee::openings::load(path.to_str().unwrap(), &v).unwrap();
    assert!(list.iter().all(|o| o.tokens.len() == 6));
}

/// Processes whose command line starts with `program`.
fn processes_running(program: &str) -> Vec<String> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let cmdline = std::fs::read(e.ok()?.path().join("cmdline")).ok()?;
        let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        text.starts_with(program).then_some(text)
    })
    .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn an_engine_behind_a_wrapper_leaves_nothing_running() {
    // The wrapper starts a helper of its own (a `sleep` under a name of this
    // test's) and runs the engine without `exec`: the helper is in the
    // engine's process group, and must end with the game.
    let helper = temp("helper-of-the-wrapped-engine");
    let _ = std::fs::remove_file(&helper);
    std::os::unix::fs::symlink("/bin/sleep", &helper).expect("symlink");
    let helper = helper.to_string_lossy().to_string();
    let wrapper = script(
        "wrapper.sh",
        &format!("\"{helper}\" 600 &\n\"{BIN}\" uci\necho the wrapper outlived its engine >&2\n"),
    );
    let (ok, out, err) = run(&[
        "--engine",
        &format!("cmd={BIN}"),
        "name=direct",
        "depth=1",
        "--engine",
        "cmd=sh",
        &format!("arg={wrapper}"),
        "name=wrapped",
        "depth=1",
        "--games",
        "2",
        "--max-plies",
        "6",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("Score of direct vs wrapped"), "{out}");
    // Killing is asynchronous: give the system a moment to reap.
    let start = std::time::Instant::now();
    while !processes_running(&helper).is_empty() && start.elapsed().as_secs() < 5 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(processes_running(&helper), Vec::<String>::new());
}

/// In every game whose promotion waits for the throw, an XBoard engine
/// writes its promotion with the piece (`a7a8q`, as XBoard shows it): the
/// referee plays the move, the throw, then that piece.
#[test]
fn xboard_engines_promote_after_the_throw() {
    let games = [
        ("carnival", "knights=2:1/2:1"),
        ("carnival-oblique", "knights=2:1/2:1"),
        ("updown", "die=-/-"),
        ("multipawn", "die=-/-"),
        ("armyorientation", "die=-/-"),
        ("pieceorientation", "dice=-/-"),
        ("montypython", "die=-/-"),
    ];
    let engine = format!("cmd={BIN}");
    for (variant, dice) in games {
        let opening = temp(&format!("{variant}-promotion.txt"));
        std::fs::write(
            &opening,
            format!("fen 7k/PPP5/8/8/8/8/8/K7 w - - 0 1 {dice}\n"),
        )
        .unwrap();
        let path = temp(&format!("{variant}-promotion.pgn"));
        let (ok, out, err) = run(&[
            "--variant",
            variant,
            "--openings",
            opening.to_str().unwrap(),
            "--engine",
            &engine,
            "arg=xboard",
            "proto=xboard",
            "name=a",
            "depth=2",
            "--engine",
            &engine,
            "arg=xboard",
            "proto=xboard",
            "name=b",
            "depth=2",
            "--games",
            "2",
            "--max-plies",
            "12",
            "--pgn",
            path.to_str().unwrap(),
        ]);
        assert!(ok, "{variant}: {out}\n{err}");
        assert!(out.contains("rules infraction 0"), "{variant}: {out}");
        let played = replay(&path, variant);
        let promoted = played
            .iter()
            .flat_map(|g| &g.moves)
            .any(|t| t.starts_with("promote:"));
        assert!(promoted, "{variant}: no promotion was played");
    }
}

/// An XBoard engine slow to start (3 s before it reads `protover 2`) gets
/// to play a game that needs its features: the referee waits for them.
#[test]
fn a_slow_xboard_engine_is_waited_for() {
    let slow = script("slow-xboard.sh", &format!("sleep 3\nexec {BIN} xboard\n"));
    let path = temp("slow-xboard.pgn");
    let (ok, out, err) = run(&[
        "--variant",
        "truffle",
        "--engine",
        "cmd=sh",
        &format!("arg={slow}"),
        "proto=xboard",
        "name=slow",
        "depth=1",
        "--engine",
        &format!("cmd={BIN}"),
        "name=quick",
        "depth=1",
        "--games",
        "2",
        "--max-plies",
        "4",
        "--pgn",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("abandoned 0"), "{out}\n{err}");
    assert_eq!(replay(&path, "truffle").len(), 2);
}
