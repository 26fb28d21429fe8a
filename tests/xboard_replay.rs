//! `menagerie replay` on games XBoard 4.9.1 saved (`tests/xboard_pgn/`,
//! made by `scripts/xboard-save-game.sh`: two engines, DiceSeed 11), and
//! on hand-edited copies that must be reported.

use menagerie::dice::{drawn_choice, thrown};
use menagerie::replay::{
    replay_pgn, ChoiceMode, GameError, GameReport, MarkCheck, Options, PgnError, Problem,
};
use menagerie::rules::position::{Pending, Position};
use menagerie::rules::variants;
use std::process::Command;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/xboard_pgn");

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{name}")).expect("fixture")
}

fn options(choices: ChoiceMode) -> Options {
    Options {
        dice_seed: 11,
        choices,
        ..Options::default()
    }
}

fn replay(text: &str) -> Vec<GameReport> {
    replay_pgn(text, &options(ChoiceMode::Inferred)).expect("readable PGN")
}

/// The one game's problem, with the ply it is reported at.
fn problem(text: &str) -> (usize, Problem) {
    let reports = replay(text);
    assert_eq!(reports.len(), 1);
    match &reports[0].outcome {
        Err(GameError::Mismatch(m)) => (m.ply, m.problem.clone()),
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

/// The text with one exact piece replaced (it must be there once).
fn edit(text: &str, from: &str, to: &str) -> String {
    assert_eq!(
        text.matches(from).count(),
        1,
        "'{from}' once in the fixture"
    );
    text.replace(from, to)
}

/// Two engines' games: their choices are drawn from the dice.
const ENGINE_GAMES: &[&str] = &[
    "normal.pgn",
    "wolf.pgn",
    "hubbub.pgn",
    "pawneaters.pgn",
    "carnival.pgn",
    "carnival-oblique.pgn",
    "truffle.pgn",
];

#[test]
fn every_saved_game_replays() {
    let all = ENGINE_GAMES.iter().map(|n| (n, ChoiceMode::Drawn));
    let inferred = ENGINE_GAMES.iter().chain(&["person-and-engine.pgn"]);
    for (name, mode) in all.chain(inferred.map(|n| (n, ChoiceMode::Inferred))) {
        {
            let reports = replay_pgn(&fixture(name), &options(mode)).expect(name);
            assert!(!reports.is_empty(), "{name}");
            for r in &reports {
                assert!(r.is_ok(), "{name}: {}", r.line());
                assert!(r.plies > 0, "{name}: {}", r.line());
            }
        }
    }
}

#[test]
fn dice_games_recompute_their_throws_and_draw_their_choices() {
    for name in ["carnival.pgn", "truffle.pgn"] {
        let r = &replay(&fixture(name))[0];
        let done = r.outcome.as_ref().expect(name);
        assert!(done.throws > 10, "{name}: {}", r.line());
        assert!(done.choices > 0, "{name}: {}", r.line());
        assert_eq!(
            done.inferred,
            0,
            "two engines draw every choice: {}",
            r.line()
        );
    }
}

#[test]
fn a_wrong_seed_makes_a_throw_dependent_move_illegal() {
    let text = fixture("carnival.pgn");
    let mut knight_moves = 0;
    for seed in [0, 12, 13, 14] {
        let o = Options {
            dice_seed: seed,
            ..options(ChoiceMode::Drawn)
        };
        let r = &replay_pgn(&text, &o).unwrap()[0];
        let Err(GameError::Mismatch(m)) = &r.outcome else {
            panic!("seed {seed}: {}", r.line());
        };
        // A knight move with no leaper to make it, or a leaper that mates
        // at once from c3 (seed 0).
        let knight = m.token.as_deref().is_some_and(|t| t.starts_with('N'));
        match &m.problem {
            Problem::Unmatched(_) if knight => knight_moves += 1,
            Problem::MoveAfterEnd(_) => {}
            _ => panic!("seed {seed}: {}", r.line()),
        }
    }
    assert!(knight_moves > 0);
}

#[test]
fn a_false_check_or_mate_mark_is_reported() {
    let text = fixture("carnival.pgn");
    assert_eq!(
        problem(&edit(&text, "1. Nc3 ", "1. Nc3+ ")),
        (1, Problem::FalseCheck)
    );
    let (_, p) = problem(&edit(&text, "21. Qf8+", "21. Qf8#"));
    assert_eq!(p, Problem::FalseMate);
    // A mate is a check: `+` passes unless every mark must be exact, and
    // XBoard marks Truffle Hunt's mates so.
    let plus = edit(&text, "41. Rxa3#", "41. Rxa3+");
    assert!(replay(&plus)[0].is_ok());
    let truffle = fixture("truffle.pgn");
    assert!(truffle.contains("33. Hc6+ {"));
    let exact = Options {
        marks: MarkCheck::Exact,
        ..options(ChoiceMode::Drawn)
    };
    let r = &replay_pgn(&truffle, &exact).unwrap()[0];
    let Err(GameError::Mismatch(m)) = &r.outcome else {
        panic!("{}", r.line());
    };
    assert_eq!((m.ply, &m.problem), (65, &Problem::Unmarked("mate")));
}

#[test]
fn exact_marks_want_every_check_marked() {
    let text = edit(&fixture("normal.pgn"), "33. Rxc1+", "33. Rxc1");
    let written = replay(&text);
    assert!(written[0].is_ok(), "{}", written[0].line());
    let exact = Options {
        marks: MarkCheck::Exact,
        ..options(ChoiceMode::Inferred)
    };
    let r = &replay_pgn(&text, &exact).unwrap()[0];
    let Err(GameError::Mismatch(m)) = &r.outcome else {
        panic!("{}", r.line());
    };
    assert_eq!(m.problem, Problem::Unmarked("check"));
    assert_eq!(m.token.as_deref(), Some("Rxc1"));
}

#[test]
fn an_illegal_or_ambiguous_move_is_reported() {
    let text = fixture("normal.pgn");
    let (ply, p) = problem(&edit(&text, "37. Nce4", "37. Nce5"));
    assert_eq!(ply, 73);
    assert!(matches!(p, Problem::Unmatched(_)), "{p}");
    let (ply, p) = problem(&edit(&text, "37. Nce4", "37. Ne4"));
    assert_eq!(ply, 73);
    assert!(p.to_string().contains("ambiguous: d2e4, c3e4"), "{p}");
    // Pawn Eaters: XBoard wrote `Rg6` for b6g6, as it knows no teleport
    // (e5g6); the move XBoard's own rules know is the one meant.
    let eaters = &replay(&fixture("pawneaters.pgn"))[0];
    assert_eq!(eaters.outcome.as_ref().map(|r| r.settled_by_xboard), Ok(1));
    let (ply, p) = problem(&edit(&text, "37. Nce4", "37. N!!e4?"));
    assert_eq!(ply, 73);
    assert!(matches!(p, Problem::Unreadable(_)), "{p}");
}

#[test]
fn results_must_agree_with_the_rules() {
    let text = fixture("carnival.pgn");
    let (_, p) = problem(
        &edit(&text, "{White mates} 1-0", "{White mates} 0-1")
            .replace("[Result \"1-0\"]", "[Result \"0-1\"]"),
    );
    assert!(p.to_string().starts_with("the rules end the game"), "{p}");
    // Inferred choices try every way through before they report the
    // problem met furthest, here after a million tries.
    let (ply, p) = problem(&edit(&text, "41. Rxa3#", "41. Rxa3# Kb7"));
    assert_eq!(ply, 82);
    assert!(
        p.to_string().starts_with("a move after the game ended"),
        "{p}"
    );
    // The game ended by repetition: no clock could have decided it.
    let draw = fixture("normal.pgn");
    let (_, p) = problem(
        &edit(
            &draw,
            "{Draw by repetition} 1/2-1/2",
            "{White wins on time} 1-0",
        )
        .replace("[Result \"1/2-1/2\"]", "[Result \"1-0\"]"),
    );
    assert!(matches!(p, Problem::WrongResult { .. }), "{p}");
}

#[test]
fn results_outside_the_rules_need_a_reason() {
    let text = fixture("wolf.pgn");
    let last = text.rfind('{').expect("the exit comment");
    let ended = |comment: &str, result: &str| {
        let body = &text[..last];
        format!("{body}{{{comment}}} {result}\n")
            .replace("[Result \"*\"]", &format!("[Result \"{result}\"]"))
    };
    assert!(replay(&ended("Black wins on time", "0-1"))[0].is_ok());
    assert!(replay(&ended("White resigns", "0-1"))[0].is_ok());
    let (_, p) = problem(&ended("Black mates", "0-1"));
    assert!(matches!(p, Problem::Unreached { .. }), "{p}");
    // XBoard forfeited a move of ours (`hubbub-forfeit.pgn`, as saved).
    // XBoard with Test Legality on forfeited moves of ours: a Lion's
    // leap, and a promotion on Hubbub's inner last rank.
    for (name, ply) in [
        ("hubbub-forfeit.pgn", 39),
        ("hubbub-promotion-forfeit.pgn", 127),
    ] {
        let (at, p) = problem(&fixture(name));
        assert_eq!(at, ply, "{name}");
        assert!(p.to_string().contains("Forfeit due to invalid move"), "{p}");
    }
}

#[test]
fn broken_files_give_errors_not_panics() {
    let text = fixture("carnival.pgn");
    let unclosed = text.replace("{White mates} 1-0", "{White mates 1-0");
    assert!(matches!(
        replay_pgn(&unclosed, &Options::default()),
        Err(PgnError::UnclosedComment { .. })
    ));
    let bad_fen = edit(&text, "[FEN \"rnbqkbnr/", "[FEN \"rnbqkbnrr/");
    assert!(matches!(
        replay(&bad_fen)[0].outcome,
        Err(GameError::Setup(_))
    ));
    let unknown = edit(&text, "[Variant \"carnival\"]", "[Variant \"nosuchgame\"]");
    assert!(matches!(
        replay(&unknown)[0].outcome,
        Err(GameError::Setup(_))
    ));
    for junk in ["", "1.", "[A \"b\"] 1. @@@ *", "1. e4 (", "}"] {
        let _ = replay_pgn(junk, &Options::default());
    }
}

/// A Carnival game whose first choice is not the drawn one: White takes
/// another leaper after its first throw and later moves the knight as only
/// that leaper can. The replay must infer the choice; drawn choices fail.
#[test]
fn a_choice_that_is_not_drawn_is_inferred() {
    let (seed, pgn) = game_with_an_undrawn_choice().expect("a seed with a choice");
    let o = Options {
        dice_seed: seed,
        ..options(ChoiceMode::Inferred)
    };
    let r = &replay_pgn(&pgn, &o).unwrap()[0];
    let done = r.outcome.as_ref().unwrap_or_else(|e| panic!("{pgn}\n{e}"));
    assert!(done.inferred >= 1, "{}", r.line());
    let drawn = Options {
        choices: ChoiceMode::Drawn,
        ..o
    };
    let r = &replay_pgn(&pgn, &drawn).unwrap()[0];
    assert!(!r.is_ok(), "{}", r.line());
}

/// Finds a seed under which White's throw after `e2e3` offers a choice,
/// takes an option that is not drawn, lets Black play `a7a6` (its own
/// steps as drawn), and writes a White knight move only that option allows.
fn game_with_an_undrawn_choice() -> Option<(u64, String)> {
    let v = variants::load("carnival").ok()?;
    for seed in 0..2000u64 {
        let mut pos = Position::startpos(v.clone());
        pos.play_action_text("e2e3").ok()?;
        pos.apply(thrown(seed, &pos, pos.ply())?).ok()?;
        if !matches!(pos.pending(), Pending::Choose(..)) {
            continue;
        }
        let drawn = drawn_choice(seed, &pos, pos.ply())?;
        for other in pos.choice_actions().into_iter().filter(|&a| a != drawn) {
            if let Some(to) = knight_target(seed, &pos, other, drawn) {
                let pgn = format!("[Variant \"carnival\"]\n1. e3 a6 2. Ng{to} *\n");
                return Some((seed, pgn));
            }
        }
    }
    None
}

/// A square White's g1 knight reaches after `other` (and Black's a7a6)
/// but not after `drawn`.
fn knight_target(
    seed: u64,
    pos: &Position,
    other: menagerie::rules::action::Action,
    drawn: menagerie::rules::action::Action,
) -> Option<String> {
    let targets = |choice| -> Option<Vec<String>> {
        let mut p = pos.clone();
        p.apply(choice).ok()?;
        p.play_action_text("a7a6").ok()?;
        while p.pending() != Pending::Nothing {
            let step = thrown(seed, &p, p.ply()).or_else(|| drawn_choice(seed, &p, p.ply()))?;
            p.apply(step).ok()?;
        }
        // Quiet moves only, so the SAN needs no capture mark.
        let texts: Vec<String> = p
            .legal_moves()
            .iter()
            .filter(|&&m| p.piece_at(m.to()).is_none())
            .map(|&m| p.move_text(m))
            .filter_map(|t| t.strip_prefix("g1").map(str::to_string))
            .collect();
        Some(texts)
    };
    let with_drawn = targets(drawn)?;
    let with_other = targets(other)?;
    with_other.into_iter().find(|t| !with_drawn.contains(t))
}

#[test]
fn the_command_prints_a_line_a_game_and_fails_on_a_mismatch() {
    let bin = env!("CARGO_BIN_EXE_menagerie");
    let path = format!("{DIR}/carnival.pgn");
    let out = Command::new(bin)
        .args(["replay", "--dice-seed", "11", &path])
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("game 1 (carnival): ok, 81 plies"), "{text}");
    let out = Command::new(bin)
        .args([
            "replay",
            "--dice-seed",
            "11",
            &format!("{DIR}/hubbub-forfeit.pgn"),
        ])
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("game 1 (hubbub): MISMATCH at after ply 39"),
        "{text}"
    );
    let out = Command::new(bin)
        .args(["replay", "/no/such/file.pgn"])
        .output()
        .expect("run");
    assert!(!out.status.success());
}

/// A person's Truffle Hunt game (`scripts/xboard-person.py`, DiceSeed
/// 148): XBoard wrote Black's g7-e5 as `Hxe5`, since for its lame Boar
/// (`FfnA`) the Sow on d6 blocks c7-e5; our pigs leap pigs, so the token
/// fits both, and XBoard's own view of the pieces settles it.
#[test]
fn a_person_game_with_a_lame_leap_only_xboard_blocks_replays() {
    let text = fixture("truffle-person-lame-boar.pgn");
    let opts = Options {
        dice_seed: 148,
        ..options(ChoiceMode::Inferred)
    };
    let reports = replay_pgn(&text, &opts).expect("readable PGN");
    assert_eq!(reports.len(), 1);
    assert!(reports[0].is_ok(), "{}", reports[0].line());
    let Ok(replayed) = &reports[0].outcome else {
        unreachable!()
    };
    assert_eq!(replayed.settled_by_xboard, 1, "{}", reports[0].line());
}

/// XBoard marks checks by its own picture of the pieces, in which a dice
/// knight is the Knight it starts as (`piece N& N`). In this game (All
/// Oblique, two engines, DiceSeed 1, from `scripts/xboard-engine-games.sh`)
/// `10... Nxc3+` left Black's knight a leaper that does not reach White's
/// King, yet XBoard, seeing a Knight there, marked it. Such marks pass and
/// are counted; under `--marks exact` marks are held to the rules alone.
#[test]
fn a_check_only_xboards_picture_of_the_pieces_sees_passes() {
    let text = fixture("carnival-oblique-xboard-checks.pgn");
    let drawn = Options {
        dice_seed: 1,
        ..options(ChoiceMode::Drawn)
    };
    let r = &replay_pgn(&text, &drawn).unwrap()[0];
    let done = r.outcome.as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(done.marked_by_xboard, 3, "{}", r.line());
    assert_eq!(done.throws, 60, "{}", r.line());
    // Inferred choices must not bend a choice to make such a check real.
    let inferred = Options {
        choices: ChoiceMode::Inferred,
        ..drawn
    };
    let r = &replay_pgn(&text, &inferred).unwrap()[0];
    assert_eq!(
        r.outcome.as_ref().map(|d| d.inferred),
        Ok(0),
        "{}",
        r.line()
    );
    let exact = Options {
        marks: MarkCheck::Exact,
        ..drawn
    };
    let r = &replay_pgn(&text, &exact).unwrap()[0];
    let Err(GameError::Mismatch(m)) = &r.outcome else {
        panic!("{}", r.line());
    };
    assert_eq!(
        (m.ply, m.token.as_deref(), &m.problem),
        (20, Some("Nxc3+"), &Problem::FalseCheck)
    );
    // A check neither the rules nor XBoard's picture see is still false.
    let false_check = edit(&text, "2. e3 ", "2. e3+ ");
    let r = &replay_pgn(&false_check, &drawn).unwrap()[0];
    let Err(GameError::Mismatch(m)) = &r.outcome else {
        panic!("{}", r.line());
    };
    assert_eq!((m.ply, &m.problem), (3, &Problem::FalseCheck));
}

/// XBoard 4.9.1 takes its Lance type, which Wolf Chess's Sergeant has so
/// that XBoard lets it promote, for a Pawn when it applies a move: a
/// diagonal step onto an empty square in the far half is an en passant
/// capture to it (with Test Legality on, always), and it removes the piece
/// behind the target square. In this game (two engines, Test Legality on,
/// from `scripts/xboard-engine-games.sh`) White's Sergeant stepped f6-e7
/// (XBoard's `f5e6`, `76. Se6`) and XBoard removed White's own King from
/// e6; it then took `76... Sc4` for mate and adjudicated 0-1. The replay
/// reports the mark, and without it the result: a mate XBoard adjudicates
/// is no reason outside the rules.
#[test]
fn an_adjudicated_mate_the_rules_do_not_see_is_reported() {
    let text = fixture("wolf-sergeant-lost-king.pgn");
    assert!(text.contains("{Xboard adjudication: Checkmate} 0-1"));
    assert_eq!(problem(&text), (152, Problem::FalseMate));
    let (ply, p) = problem(&edit(&text, "Sc4#", "Sc4"));
    assert_eq!(ply, 152);
    assert!(matches!(p, Problem::Unreached { .. }), "{p}");
    assert!(
        p.to_string().contains("Xboard adjudication: Checkmate"),
        "{p}"
    );
}

/// In XBoard's picture a dice knight of the side that just moved may
/// attack the other King as a Knight, a position our FEN reader refuses
/// (the side not to move in check); XBoard does not mind, and marks by it.
/// In this game (All Oblique, two engines, DiceSeed 1, from
/// `scripts/xboard-engine-games.sh`) White's knight on b6 attacks d7 as a
/// Knight, so XBoard took `23... Qh1` for mate (its Knight on d3 guards
/// f2) and wrote `#`; the rules' leapers leave White `24. Kf2`, and the
/// game went on to Black's mate at ply 56.
#[test]
fn a_mate_in_xboards_picture_with_the_mover_in_check_passes() {
    let text = fixture("carnival-oblique-xboard-mate.pgn");
    assert!(text.contains("23. Kf3+ {-24.25/3 0.5} Qh1# {+26.10/3 0.3} 24. Kf2+"));
    let drawn = Options {
        dice_seed: 1,
        ..options(ChoiceMode::Drawn)
    };
    let r = &replay_pgn(&text, &drawn).unwrap()[0];
    let done = r.outcome.as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(done.marked_by_xboard, 13, "{}", r.line());
    assert_eq!(r.plies, 56);
    assert_eq!(r.result, menagerie::replay::PgnResult::BlackWins);
    // A mate neither the rules nor XBoard's picture see is still false.
    let false_mate = edit(&text, "27. Kg2 {", "27. Kg2# {");
    let r = &replay_pgn(&false_mate, &drawn).unwrap()[0];
    let Err(GameError::Mismatch(m)) = &r.outcome else {
        panic!("{}", r.line());
    };
    assert_eq!((m.ply, &m.problem), (53, &Problem::FalseMate));
}

/// XBoard 4.9.1 writes a promotion of a type other than its Pawn without
/// the piece (`Sc9` for the Sergeant's `c8c9q`, on XBoard's Man type):
/// the replay tries each promotion and keeps the one the rest of the game
/// agrees with. Two engines, Test Legality off (`scripts/xboard-engine-games.sh`).
#[test]
fn a_sergeant_promotion_written_without_its_piece_replays() {
    let text = fixture("wolf-sergeant-promotions.pgn");
    assert!(text.contains(" Sc9 ") && text.contains(" Sf9 "));
    let reports = replay(&text);
    assert_eq!(reports.len(), 1);
    assert!(reports[0].is_ok(), "{}", reports[0].line());
    // A Pawn's promotion without its piece names no move.
    let pawn = edit(&text, " Sc9 ", " c9 ");
    assert!(!replay(&pawn)[0].is_ok());
}
