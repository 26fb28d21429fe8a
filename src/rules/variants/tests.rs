//! The built-in games' own rules, tested through their files: what each
//! page says that perft alone would not show.

#[test]
fn every_builtin_game_loads() {
    let names = super::builtin_names();
    assert_eq!(names.len(), 17, "{names:?}");
    assert!(super::library_names().len() >= 30);
    for name in names.iter().chain(&super::library_names()) {
        if let Err(e) = super::load(name) {
            panic!("{name}: {e}");
        }
    }
    // The files as a whole, checked as a user's would be.
    let mut files = super::builtin_files().to_vec();
    files.extend_from_slice(super::library_files());
    let checked = crate::rules::game_text::catalog::Catalog::default().with_files(&files);
    if let Err(e) = checked {
        panic!("{e}");
    }
}

mod carnival {
    use crate::rules::action::Action;
    use crate::rules::variant::{Effect, Variant};
    use crate::rules::variants;

    fn effect_names(v: &Variant, a: u8, b: u8) -> Vec<String> {
        let chance = v.chance.as_ref().expect("dice");
        let name = |m: &u8| v.modes[*m as usize].name.clone();
        match chance.effect(Action::Roll(a, b)).expect("a throw") {
            Effect::Set(m) => vec![name(m)],
            Effect::Choose(c) => c.iter().map(name).collect(),
        }
    }

    /// Every throw (21 of two alike dice) and the leapers it may give.
    fn sequences(v: &Variant) -> usize {
        let chance = v.chance.as_ref().expect("dice");
        assert_eq!(chance.effects.len(), 21);
        chance
            .effects
            .iter()
            .map(|(_, e)| match e {
                Effect::Set(_) => 1,
                Effect::Choose(c) => c.len(),
            })
            .sum()
    }

    #[test]
    fn throws_give_the_pages_leapers() {
        let plain = variants::load("carnival").expect("carnival");
        let oblique = variants::load("carnival-oblique").expect("carnival-oblique");
        assert_eq!(sequences(&plain), 55);
        assert_eq!(sequences(&oblique), 45);
        assert_eq!(plain.modes.len(), 15);
        assert_eq!(oblique.modes.len(), 15);
        assert_eq!(
            effect_names(&plain, 6, 4),
            ["4:1", "4:2", "4:3", "4:4", "5:4"]
        );
        assert_eq!(effect_names(&plain, 3, 1), ["3:1"]);
        assert_eq!(
            effect_names(&oblique, 6, 6),
            ["6:1", "6:2", "6:3", "6:4", "6:5"]
        );
        assert_eq!(effect_names(&oblique, 3, 1), ["3:1"]);
    }
}

mod pieceorientation {
    use crate::rules::position::Position;
    use crate::rules::variants;

    /// The targets of the piece on `from` with White in mode `mode`.
    fn targets(board: &str, mode: &str, from: &str) -> Vec<String> {
        let v = variants::load("pieceorientation").expect("pieceorientation");
        let fen = format!("{board} w - - 0 1 dice={mode}/-");
        let pos = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .filter(|t| t.starts_with(from))
            .map(|t| t[from.len()..].to_string())
            .collect();
        out.sort();
        out
    }

    /// Throws that move every piece alike are one mode to the hash (and
    /// so one position to the search): 36 throws, 17 distinct armies
    /// besides the start's (which 3:4, 3:5 and 3:6 give back).
    #[test]
    fn alike_throws_share_a_class() {
        let v = variants::load("pieceorientation").expect("pieceorientation");
        let mut classes = v.mode_class.clone();
        classes.sort();
        classes.dedup();
        assert_eq!(classes.len(), 18);
        let class = |name: &str| {
            let i = v.modes.iter().position(|m| m.name == name).expect("mode");
            v.mode_class[i]
        };
        assert_eq!(class("2:3"), class("2:6"));
        assert_eq!(class("1:5"), class("1:6"));
        assert_eq!(class("3:4"), class("-"));
        assert_ne!(class("2:1"), class("2:2"));
        assert_ne!(class("3:3"), class("3:2"));
    }

    /// The page's "notable consequences of combinations of rolls".
    #[test]
    fn the_pages_notable_consequences() {
        let lone = |piece: &str| format!("4k3/8/8/8/3{piece}4/8/8/4K3");
        // 1 and 5/6: Pointpawns, capturing on any forward radial.
        let pointpawn = "4k3/8/8/2nnn3/3P4/8/8/4K3";
        assert_eq!(targets(pointpawn, "1:5", "d4"), ["c5", "d5", "e5"]);
        assert_eq!(targets(pointpawn, "1:4", "d4"), ["c5", "e5"]);
        // 2 and anything but 1 has no effect on the Rook's moves.
        assert_eq!(targets(&lone("R"), "2:3", "d4").len(), 14);
        assert_eq!(targets(&lone("R"), "2:1", "d4"), ["d5", "d6", "d7", "d8"]);
        // 3 and 3: the Helmed Mao, blockable except its forwardmost leaps.
        let mao = "4k3/8/8/8/2pNp3/3p4/8/4K3";
        assert_eq!(targets(mao, "3:3", "d4"), ["c6", "e6"]);
        assert_eq!(targets(mao, "3:4", "d4").len(), 8);
        // 4 and 3/6: the Silverfearful, one or two diagonal steps or one forward.
        let silverfearful = ["b2", "b6", "c3", "c5", "d5", "e3", "e5", "f2", "f6"];
        assert_eq!(targets(&lone("B"), "4:3", "d4"), silverfearful);
        assert_eq!(targets(&lone("B"), "4:6", "d4"), silverfearful);
        // 5 and 3/6: a Prince (the King's step, not royal).
        assert_eq!(targets(&lone("Q"), "5:3", "d4").len(), 8);
        assert_eq!(targets(&lone("Q"), "5:6", "d4").len(), 8);
        // 6 and 2: the King reduced to a General (Wazir).
        let general = "4k3/8/8/8/3K4/8/8/8";
        assert_eq!(targets(general, "6:2", "d4"), ["c4", "d3", "d5", "e4"]);
        // 2/3 and 1 cannot be applied on the enemy back rank.
        assert_eq!(targets("3R4/8/8/7k/8/8/8/4K3", "2:1", "d8").len(), 14);
        assert_eq!(targets("3N4/8/8/7k/8/8/8/4K3", "3:1", "d8").len(), 4);
    }
}

mod montypython {
    use crate::rules::moves::MoveKind;
    use crate::rules::position::Position;
    use crate::rules::variants;

    fn position(fen: &str) -> Position {
        let v = variants::load("montypython").expect("montypython");
        Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The texts of the moves of the piece on `from`, sorted.
    fn moves_from(fen: &str, from: &str) -> Vec<String> {
        let pos = position(fen);
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .filter(|t| t.starts_with(from))
            .collect();
        out.sort();
        out
    }

    /// The page's example: "moving from c1 to c2 could capture a Rook on
    /// c5 or d2, a Bishop on b1 or a4, a Queen on any of those, or a
    /// Knight on a3 or d4".
    #[test]
    fn the_lure_takes_what_threatens_its_square() {
        let lure = |enemy: &str| {
            let fen = format!("{enemy} w - - 0 1 die=4/-");
            moves_from(&fen, "c1")
                .into_iter()
                .filter(|m| m.ends_with("c2"))
                .collect::<Vec<_>>()
        };
        for (board, victim) in [
            ("4k3/8/8/2r5/8/8/8/2B4K", "c5"),
            ("4k3/8/8/8/8/8/3r4/2B4K", "d2"),
            ("4k3/8/8/8/8/8/8/1bB4K", "b1"),
            ("4k3/8/8/8/b7/8/8/2B4K", "a4"),
            ("4k3/8/8/8/q7/8/8/2B4K", "a4"),
            ("4k3/8/8/8/8/n7/8/2B4K", "a3"),
            ("4k3/8/8/8/3n4/8/8/2B4K", "d4"),
        ] {
            assert_eq!(lure(board), [format!("c1{victim},{victim}c2")], "{board}");
        }
        // Unthreatened, the step is quiet; a Knight on d4 does not reach b2.
        let quiet = moves_from("4k3/8/8/8/3n4/8/8/2B4K w - - 0 1 die=4/-", "c1");
        assert!(quiet.contains(&"c1b2".to_string()), "{quiet:?}");
        // Not in drag, the Bishop moves as a Bishop.
        let plain = moves_from("4k3/8/8/8/3n4/8/8/2B4K w - - 0 1 die=1/-", "c1");
        assert_eq!(plain.len(), 7, "{plain:?}");
    }

    #[test]
    fn a_luring_bishop_checks_a_king_next_to_its_destinations() {
        // Black's Bishop on f4 may step to e4 (empty), next to the King on d3.
        let pos = position("4k3/8/8/8/5b2/3K4/8/8 w - - 0 1 die=-/4");
        assert!(pos.in_check());
        // Not in drag it does not reach d3.
        let pos = position("4k3/8/8/8/5b2/3K4/8/8 w - - 0 1 die=-/1");
        assert!(!pos.in_check());
    }

    #[test]
    fn the_king_in_drag_only_castles_and_its_court_drags() {
        // Two Kings side by side: the one in drag attacks nothing.
        let pos = position("8/8/8/8/8/8/8/R3Kk2 w Q - 0 1 die=6/6");
        let moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .collect();
        assert!(
            moves.iter().all(|m| !m.starts_with("e1") || m == "e1c1"),
            "{moves:?}"
        );
        assert!(moves.contains(&"e1c1".to_string()), "{moves:?}");
        // A Knight next to its King may also move as Bishop plus Wazir.
        let court = moves_from("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1 die=6/-", "d2");
        assert!(court.contains(&"d2d3".to_string()) && court.contains(&"d2b4".to_string()));
        assert!(
            court.contains(&"d2c4".to_string()),
            "its own leap too: {court:?}"
        );
        let away = moves_from("4k3/8/8/8/8/3N4/8/7K w - - 0 1 die=6/-", "d3");
        assert!(!away.contains(&"d3d4".to_string()), "{away:?}");
    }

    #[test]
    fn a_pawn_in_drag_steps_back_and_keeps_no_two_step() {
        let back = moves_from("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1 die=1/-", "e3");
        assert_eq!(back, ["e3d2", "e3d4", "e3e4", "e3f2", "e3f4"]);
        // Back on its second rank it has moved: one step only.
        let moved = moves_from("4k3/8/8/8/8/8/4P3/7K w - - 0 1 die=-/- ~e2", "e2");
        assert_eq!(moved, ["e2e3"]);
    }

    /// A Pawn in drag has two moves to the en passant square: its quiet
    /// diagonal step (`e5d6`, the victim stays) and the capture, written
    /// through the victim's square (`e5d5,d5d6`); each text parses back to
    /// its own move.
    #[test]
    fn a_pawn_in_drag_steps_onto_the_en_passant_square_or_takes_there() {
        let fen = "7k/8/8/3pP3/8/8/8/7K w - d6 0 1 die=1/1";
        assert_eq!(
            moves_from(fen, "e5"),
            ["e5d4", "e5d5,d5d6", "e5d6", "e5e6", "e5f4", "e5f6"]
        );
        let pos = position(fen);
        let step = pos.parse_move("e5d6").expect("the step");
        let take = pos.parse_move("e5d5,d5d6").expect("the capture");
        assert_eq!(step.kind(), MoveKind::Normal);
        assert_eq!(take.kind(), MoveKind::EnPassant);
        let after = |m| {
            let mut p = pos.clone();
            p.set_frozen(true);
            p.make_move(m);
            p.to_fen()
        };
        assert_eq!(after(step), "7k/8/3P4/3p4/8/8/8/7K b - - 0 1 die=1/1");
        assert_eq!(after(take), "7k/8/3P4/8/8/8/8/7K b - - 0 1 die=1/1");
        // In its King's court (face 6) it may drag: both moves again.
        let court = moves_from("7k/8/8/3pP3/5K2/8/8/8 w - d6 0 1 die=6/-", "e5");
        assert_eq!(court, ["e5d4", "e5d5,d5d6", "e5d6", "e5e6", "e5f6"]);
        // Not in drag (away from its King, or in chess mode) it has only the
        // capture, written as its diagonal move.
        for fen in [
            "7k/8/8/3pP3/8/8/8/7K w - d6 0 1 die=6/-",
            "7k/8/8/3pP3/8/8/8/7K w - d6 0 1 die=-/-",
        ] {
            assert_eq!(moves_from(fen, "e5"), ["e5d6", "e5e6"], "{fen}");
            let m = position(fen).parse_move("e5d6").expect("the capture");
            assert_eq!(m.kind(), MoveKind::EnPassant, "{fen}");
        }
    }
}

mod mining {
    use crate::rules::position::Position;
    use crate::rules::variants;

    #[test]
    fn a_general_finds_ore_but_never_eats_it() {
        let v = variants::load("mining").expect("mining");
        let mut pos = Position::startpos(v);
        pos.play_action_text("b2b3")
            .expect("a Silver's step onto ore");
        let before = pos.to_fen();
        let outcomes: Vec<String> = pos
            .chance_outcomes()
            .iter()
            .map(|&(a, _)| pos.action_text(a))
            .collect();
        assert_eq!(outcomes, ["find:no", "find:keep"]);
        assert!(pos.play_action_text("find:eat").is_err());
        assert_eq!(pos.to_fen(), before, "a refused outcome changes nothing");
        pos.play_action_text("find:keep").expect("a find");
        assert!(pos.to_fen().contains("stores=1/0"), "{}", pos.to_fen());
    }
}

/// Mutated game files: each built-in file changed at random (lines
/// dropped, doubled, swapped or cut, characters replaced, numbers made
/// huge, keys and headers garbled) and loaded over the built-in games.
/// Never a panic: a game that loads plays its first moves, a refusal
/// names a line of a file for every problem.
mod oysterhunt {
    use crate::rules::position::Position;
    use crate::rules::variants;

    /// Decided reading (docs/rules/oysterhunt.md, "Castling past a
    /// jumper"): a square the King passes is judged with the King on it,
    /// so a Carpenter's jump over the King's start square forbids castling.
    #[test]
    fn castling_past_a_jumper_is_judged_with_the_king_on_the_square_it_passes() {
        let food =
            "oysters=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000";
        let castles = |fen: &str| {
            let v = variants::load("oysterhunt").expect("oysterhunt");
            let pos = Position::from_fen(v, &format!("{fen} {food} stores=0/0")).expect("fen");
            let moves = pos.legal_moves();
            moves.iter().any(|&m| pos.move_text(m) == "e1g1")
        };
        // The Carpenter on d1 jumps to f1 over e1 once the King has left.
        assert!(!castles("4k3/8/8/8/8/8/8/3c+K2+R[] w K - 0 1"));
        // On b1 it reaches neither f1 nor g1: castling is free.
        assert!(castles("4k3/8/8/8/8/8/8/1c2+K2+R[] w K - 0 1"));
    }
}

mod fuzz {
    use crate::rules::perft::perft;
    use crate::rules::position::Position;

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    const NOISE: &[&str] = &[
        "",
        "-",
        "=",
        "[",
        "]",
        ":",
        "0",
        "99999999999",
        "-1",
        "*",
        "+",
        "|",
        "(",
        "(9,9)",
        "zz",
        "K",
        "k:",
        "#",
        "é",
        "true",
        "nope",
        "a1",
        "*17",
        "q+",
        "mode.x",
        "{1}",
    ];

    fn mutate(text: &str, rng: &mut Rng) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for _ in 0..1 + rng.below(3) {
            let n = lines.len();
            let i = rng.below(n);
            let noise = NOISE[rng.below(NOISE.len())];
            match rng.below(9) {
                0 if n > 1 => {
                    lines.remove(i);
                }
                1 => lines.insert(i, lines[i].clone()),
                2 => lines.swap(i, rng.below(n)),
                3 => {
                    let cut = rng.below(lines[i].len() + 1);
                    let cut = (0..=cut).rev().find(|&c| lines[i].is_char_boundary(c));
                    lines[i].truncate(cut.unwrap_or(0));
                }
                4 => {
                    let line = &lines[i];
                    let at = rng.below(line.len() + 1);
                    let at = (0..=at)
                        .rev()
                        .find(|&c| line.is_char_boundary(c))
                        .unwrap_or(0);
                    lines[i] = format!("{}{noise}{}", &line[..at], &line[at..]);
                }
                5 => {
                    if let Some((k, _)) = lines[i].split_once('=') {
                        lines[i] = format!("{k}= {noise}");
                    }
                }
                6 => lines.insert(i, format!("{noise} = {noise}")),
                7 => lines.insert(i, format!("[{noise}:chess]")),
                _ => {
                    let digits: String = lines[i]
                        .chars()
                        .map(|c| if c.is_ascii_digit() { '9' } else { c })
                        .collect();
                    lines[i] = digits;
                }
            }
        }
        lines.join("\n")
    }

    fn run(trials: usize, seed: u64) {
        let files = super::super::builtin_files();
        let mut rng = Rng(seed);
        let (mut loaded, mut refused) = (0, 0);
        for _ in 0..trials {
            let (name, text) = files[rng.below(files.len())];
            let mutated = mutate(text, &mut rng);
            match super::super::BUILTIN.0.with_file(name, &mutated) {
                Ok((catalog, games)) => {
                    loaded += 1;
                    for game in games {
                        let Some(Ok((_, v))) = catalog.game(&game) else {
                            panic!("{game} loaded but does not compile:\n{mutated}");
                        };
                        perft(&mut Position::startpos(v), 2);
                    }
                }
                Err(problems) => {
                    refused += 1;
                    for p in &problems.0 {
                        assert!(p.line > 0 && !p.message.is_empty(), "{p}\n{mutated}");
                    }
                }
            }
        }
        assert!(
            loaded > 0 && refused > 0,
            "{loaded} loaded, {refused} refused"
        );
    }

    #[test]
    fn a_few_hundred_mutations() {
        run(300, 0x9e37_79b9_7f4a_7c15);
    }

    #[test]
    #[ignore = "long: 10,000 mutated files"]
    fn ten_thousand_mutations() {
        run(10_000, 0x2545_f491_4f6c_dd1d);
    }
}

/// A file with one bad game among good ones is refused whole: no game of
/// it is known after, and the games known before are as they were.
#[test]
fn a_bad_file_changes_nothing() {
    let before = super::names();
    let chess = super::load("chess").expect("chess");
    let text = "[goodone:chess]\n[chess]\nmaxRank = 3\n[badone:chess]\nmaxRank = 99\n";
    let problems = super::add_text("mixed.ini", text).expect_err("refused");
    assert!(
        problems.0.iter().any(|p| p.line == 5 && p.key == "maxRank"),
        "{problems}"
    );
    assert_eq!(super::names(), before);
    assert!(std::sync::Arc::ptr_eq(
        &super::load("chess").expect("chess"),
        &chess
    ));
    assert!(matches!(
        super::load("goodone"),
        Err(super::LoadError::Unknown(_))
    ));
}
