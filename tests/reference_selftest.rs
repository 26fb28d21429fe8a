//! Self-test of the reference move generator: chess against published perft
//! numbers (chessprogramming wiki, "Perft Results"), Wolf Chess, Hubbub and
//! Pawn Eaters against independently computed start-position perft numbers
//! (the project's notes) and small hand-counted positions for each special
//! rule, plus basic API checks. The dice games (Carnival, Truffle Hunt and
//! the other Food Hunt games) are checked against counts derived by hand
//! in the comments.
use crate::reference;

use reference::RefPosition;

fn check_perft(fen: &str, expected: &[u64]) {
    let pos = RefPosition::from_fen("chess", fen).expect("valid FEN");
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(pos.perft(depth), want, "perft({depth}) of {fen}");
    }
}

#[test]
fn perft_startpos() {
    let pos = RefPosition::startpos("chess").unwrap();
    for (depth, want) in [(1, 20), (2, 400), (3, 8902), (4, 197281), (5, 4865609)] {
        assert_eq!(pos.perft(depth), want, "startpos perft({depth})");
    }
}

#[test]
fn perft_kiwipete() {
    check_perft(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97862],
    );
}

#[test]
fn perft_position3() {
    check_perft(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43238],
    );
}

#[test]
fn perft_position4() {
    check_perft(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467],
    );
}

#[test]
fn perft_position5() {
    check_perft(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379],
    );
}

#[test]
fn perft_position6() {
    check_perft(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890],
    );
}

#[test]
fn play_rejects_illegal_moves() {
    let mut pos = RefPosition::startpos("chess").unwrap();
    let before = pos.to_fen();
    for bad in ["e2e5", "e1e2", "a1a3", "e7e5", "e2e4q", "z9z9", ""] {
        assert!(pos.play(bad).is_err(), "{bad} should be rejected");
        assert_eq!(
            pos.to_fen(),
            before,
            "a rejected move must not change the position"
        );
    }
    pos.play("e2e4").unwrap();
    assert!(pos.play("e2e4").is_err(), "the pawn has already left e2");

    // Pinned piece: the e-file knight cannot leave the file.
    let mut pinned = RefPosition::from_fen("chess", "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    assert!(pinned.play("e2c3").is_err());
    // Castling through an attacked square (f1, covered by the bishop on a6).
    let mut castle = RefPosition::from_fen("chess", "4k3/8/b7/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert!(castle.play("e1g1").is_err());
    // Horizontal pin of the en-passant pair: exd6 would expose the king.
    let ep = RefPosition::from_fen("chess", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert!(!ep.legal_moves().contains(&"e5d6".to_string()));
    let ep_ok = RefPosition::from_fen("chess", "8/8/8/K2pP3/8/8/8/7k w - d6 0 1").unwrap();
    assert!(ep_ok.legal_moves().contains(&"e5d6".to_string()));
}

#[test]
fn play_updates_fen() {
    let mut pos = RefPosition::startpos("chess").unwrap();
    for mv in ["e2e4", "c7c5", "g1f3", "d7d5"] {
        pos.play(mv).unwrap();
    }
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pp2pppp/8/2pp4/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq d6 0 3"
    );
    // Castling moves the rook and drops both white rights.
    let mut castle =
        RefPosition::from_fen("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20").unwrap();
    castle.play("e1g1").unwrap();
    assert_eq!(castle.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 20");
    castle.play("a8a1").unwrap();
    assert_eq!(castle.to_fen(), "4k2r/8/8/8/8/8/8/r4RK1 w k - 0 21");
    // Promotion with capture.
    let mut promo = RefPosition::from_fen("chess", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    promo.play("a7b8n").unwrap();
    assert_eq!(promo.to_fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn fen_round_trip() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    ];
    for fen in fens {
        let pos = RefPosition::from_fen("chess", fen).unwrap();
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(RefPosition::from_fen("chess", &pos.to_fen()).unwrap(), pos);
    }
    // Missing halfmove/fullmove fields default to 0 and 1.
    let short = RefPosition::from_fen("chess", "8/8/8/8/8/8/8/K6k b - -").unwrap();
    assert_eq!(short.to_fen(), "8/8/8/8/8/8/8/K6k b - - 0 1");

    // Positions reached by play() round-trip too.
    let mut pos = RefPosition::startpos("chess").unwrap();
    for mv in ["e2e4", "d7d5", "e4d5", "c7c5", "d5c6", "d8d2", "e1d2"] {
        pos.play(mv).unwrap();
        assert_eq!(RefPosition::from_fen("chess", &pos.to_fen()).unwrap(), pos);
    }

    for bad in [
        "",
        "8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i3 0 1",
    ] {
        assert!(RefPosition::from_fen("chess", bad).is_err(), "{bad:?}");
    }
    assert!(RefPosition::from_fen("no-such-variant", fens[0]).is_err());
}

// ---------------------------------------------------------------- helpers

/// The legal moves of a position, sorted.
fn sorted_moves(pos: &RefPosition) -> Vec<String> {
    let mut moves = pos.legal_moves();
    moves.sort();
    moves
}

fn position(variant: &str, fen: &str) -> RefPosition {
    RefPosition::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Asserts the number of legal moves, that every move in `present` is among
/// them and that none in `absent` is.
fn check_moves(pos: &RefPosition, count: usize, present: &[&str], absent: &[&str]) {
    let moves = sorted_moves(pos);
    let fen = pos.to_fen();
    assert_eq!(moves.len(), count, "{fen}: {moves:?}");
    for m in present {
        assert!(
            moves.contains(&m.to_string()),
            "{fen}: {m} missing: {moves:?}"
        );
    }
    for m in absent {
        assert!(
            !moves.contains(&m.to_string()),
            "{fen}: {m} there: {moves:?}"
        );
    }
}

fn check_start_perft(variant: &str, expected: &[u64]) {
    let pos = RefPosition::startpos(variant).unwrap();
    assert_eq!(
        RefPosition::from_fen(variant, &pos.to_fen()).unwrap(),
        pos,
        "{variant} start FEN round trip"
    );
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(pos.perft(depth), want, "{variant} start perft({depth})");
    }
}

// ---------------------------------------------------------------- Wolf Chess

#[test]
fn wolf_perft_startpos() {
    check_start_perft("wolf", &[23, 529, 13722, 353804]);
}

#[test]
fn wolf_start_fen_is_the_page_setup() {
    let pos = RefPosition::startpos("wolf").unwrap();
    assert_eq!(
        pos.to_fen(),
        "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1"
    );
}

#[test]
fn wolf_sergeant_double_step_and_pawn_en_passant() {
    // White: Ka1, unmoved Sergeant c2 (a Sergeant start square). Black: kh10,
    // pawn d4 (not a start square). White: king a2 b1 b2 (3); Sergeant b3 c3
    // d3 and the double step c2c4 over the empty c3 (4). 7 moves.
    let mut pos = position("wolf", "7k/8/8/8/8/8/3p4/8/2S5/K7 w - - 0 1");
    check_moves(&pos, 7, &["c2c4", "c2b3", "c2d3"], &["c2b4", "c2d4"]);
    pos.play("c2c4").unwrap();
    // The double step leaves c3 as the en-passant square; a Sergeant move
    // resets the halfmove clock.
    assert_eq!(pos.to_fen(), "7k/8/8/8/8/8/2Sp4/8/8/K7 b - c3 0 1");
    // Black: king g10 g9 h9 (3); pawn d3 and dxc3 en passant (2). 5 moves.
    check_moves(&pos, 5, &["d4c3", "d4d3"], &[]);
    pos.play("d4c3").unwrap();
    assert_eq!(pos.to_fen(), "7k/8/8/8/8/8/8/2p5/8/K7 w - - 0 2");

    // The double step is impossible over an occupied square: with a black
    // pawn on c3, Sergeant b3, d3 and cxc3 (it captures straight ahead too),
    // no c4; the pawn covers b2, so king a2 b1. 5 moves.
    let blocked = position("wolf", "7k/8/8/8/8/8/3p4/2p5/2S5/K7 w - - 0 1");
    check_moves(&blocked, 5, &["c2b3", "c2c3", "c2d3"], &["c2c4", "a1b2"]);
    // A moved Sergeant (c2 listed in `~`) has none: king 3 + b3 c3 d3 = 6.
    let moved = position("wolf", "7k/8/8/8/8/8/3p4/8/2S5/K7 w - - 0 1 ~c2");
    check_moves(&moved, 6, &["c2c3"], &["c2c4"]);
}

#[test]
fn wolf_sergeant_never_takes_en_passant() {
    // Black just played d9d7 (ep square d8). White: Ka1, Sergeant c7, pawn
    // e7 (neither unmoved). King 3; Sergeant b8 c8 d8, where d8 is an
    // ordinary move onto the empty square (3); pawn e8 and exd8 en passant
    // (2). 8 moves, and the two moves to d8 have the same text but only the
    // pawn's takes the d7 pawn.
    let pos = position("wolf", "7k/8/8/2SpP3/8/8/8/8/8/K7 w - d8 0 2");
    check_moves(&pos, 8, &["c7d8", "e7d8"], &[]);
    let mut sergeant = pos.clone();
    sergeant.play("c7d8").unwrap();
    assert_eq!(sergeant.to_fen(), "7k/8/3S4/3pP3/8/8/8/8/8/K7 b - - 0 2");
    let mut pawn = pos.clone();
    pawn.play("e7d8").unwrap();
    assert_eq!(pawn.to_fen(), "7k/8/3P4/2S5/8/8/8/8/8/K7 b - - 0 2");
}

#[test]
fn wolf_every_promotion_choice() {
    // White: Ka1, pawn b9, Sergeant d9; Black kh10. King 3; pawn b10 with 8
    // choices (Q R B H W F N E); Sergeant c10, d10, e10 with 7 choices each
    // (no Elephant) = 21. 32 moves.
    let pos = position("wolf", "7k/1P1S4/8/8/8/8/8/8/8/K7 w - - 0 1");
    let pawn: Vec<String> = "qrbhwfne".chars().map(|c| format!("b9b10{c}")).collect();
    let mut sergeant = Vec::new();
    for to in ["c10", "d10", "e10"] {
        for c in "qrbhwfn".chars() {
            sergeant.push(format!("d9{to}{c}"));
        }
    }
    let present: Vec<&str> = pawn.iter().chain(&sergeant).map(String::as_str).collect();
    check_moves(&pos, 32, &present, &["d9d10e", "b9b10", "d9d10", "b9b10k"]);
    let mut knight = pos.clone();
    knight.play("b9b10h").unwrap();
    assert_eq!(knight.to_fen(), "1H5k/3S4/8/8/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn wolf_nightrider_is_blocked_on_intermediate_squares() {
    // White: Nightrider a1, pawn e3 (not a start square: no double step),
    // Kh1. Black: pawn c5, kh10. Nightrider along (1,2): b3, then takes c5
    // and stops, so d7 and e9 are out of reach; along (2,1): c2, then its
    // own pawn on e3 ends the ride (no e3, no g4); the other six directions
    // leave the board at once. Nightrider 3, pawn e4 (1), king g1 g2 h2 (3).
    let pos = position("wolf", "7k/8/8/8/8/2p5/8/4P3/8/N6K w - - 0 1");
    check_moves(
        &pos,
        7,
        &["a1b3", "a1c5", "a1c2"],
        &["a1d7", "a1e9", "a1e3", "a1g4"],
    );
    // Without the blockers the same rides reach d7, e9, e3 and g4:
    // Nightrider 7, king 3.
    let open = position("wolf", "7k/8/8/8/8/8/8/8/8/N6K w - - 0 1");
    check_moves(
        &open,
        10,
        &["a1b3", "a1c5", "a1d7", "a1e9", "a1c2", "a1e3", "a1g4"],
        &[],
    );
}

#[test]
fn wolf_moved_pawn_on_a_start_square_round_trips() {
    // White: pawn a2 (unmoved), Kh1; Black: Knight (h) b3, kh10. The a2 pawn
    // takes on b3, a start square of a white pawn, so the FEN must say that
    // this pawn has moved: `~b3`. King 3, pawn a3 a4 axb3 = 6.
    let mut pos = position("wolf", "7k/8/8/8/8/8/8/1h6/P7/7K w - - 0 1");
    check_moves(&pos, 6, &["a2a4", "a2b3"], &[]);
    pos.play("a2b3").unwrap();
    assert_eq!(pos.to_fen(), "7k/8/8/8/8/8/8/1P6/8/7K b - - 0 1 ~b3");
    assert_eq!(RefPosition::from_fen("wolf", &pos.to_fen()).unwrap(), pos);
    pos.play("h10g10").unwrap();
    assert_eq!(pos.to_fen(), "6k1/8/8/8/8/8/8/1P6/8/7K w - - 1 2 ~b3");
    // King 3 and b4 only: the b3 pawn has moved, no double step.
    check_moves(&pos, 4, &["b3b4"], &["b3b5"]);
    // The same board without `~`: the b3 pawn is unmoved and has b5 too.
    let fresh = position("wolf", "6k1/8/8/8/8/8/8/1P6/8/7K w - - 1 2");
    check_moves(&fresh, 5, &["b3b4", "b3b5"], &[]);
    assert_ne!(fresh, pos);
}

// ---------------------------------------------------------------- Hubbub

#[test]
fn hubbub_perft_startpos() {
    check_start_perft("hubbub", &[31, 961, 32232, 1077072]);
}

#[test]
fn hubbub_start_fen_is_the_page_setup() {
    // Grid file a = page x, grid rank 1 = page rank 0: the page's e1 King is
    // grid f2, its x0 Bishop grid a1, its d0/e0 Scouts grid e1/f1.
    let pos = RefPosition::startpos("hubbub").unwrap();
    assert_eq!(
        pos.to_fen(),
        "b***ss***b/*rnlgklnr*/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/*RNLGKLNR*/B***SS***B w KQkq - 0 1"
    );
}

#[test]
fn hubbub_extra_squares_are_entered_only_by_capture() {
    // White: Rook page d5 (grid e6), King page a1 (grid b2); Black: king page
    // h8 (grid i9). The extra squares are empty. Rook: e7 e8 e9 up (e10 =
    // page d9 is an empty extra square: no), e5 e4 e3 e2 down (e1 = page d0:
    // no), b6 c6 d6 left (a6 is a hole), f6 g6 h6 i6 right (j6 a hole) = 14.
    // King: b3 c2 c3 (a1 = page x0 is an empty extra square; a2 a3 b1 c1
    // are holes) = 3. 17 moves.
    let empty = position(
        "hubbub",
        "1***2***1/*7k*/*8*/*8*/*3R4*/*8*/*8*/*8*/*K7*/1***2***1 w - - 0 1",
    );
    check_moves(
        &empty,
        17,
        &["e6e2", "e6e9", "b2b3"],
        &["e6e1", "e6e10", "b2a1"],
    );
    // A black Scout on page d0 (grid e1, not its start: no knight move; it
    // attacks e2 f1 e4 only). The rook may now take it: 15 + king 3 = 18.
    let occupied = position(
        "hubbub",
        "1***2***1/*7k*/*8*/*8*/*3R4*/*8*/*8*/*8*/*K7*/1***s1***1 w - - 0 1",
    );
    check_moves(&occupied, 18, &["e6e1"], &["e6e10"]);
    let mut taken = occupied.clone();
    taken.play("e6e1").unwrap();
    assert_eq!(
        taken.to_fen(),
        "1***2***1/*7k*/*8*/*8*/*8*/*8*/*8*/*8*/*K7*/1***R1***1 b - - 0 1"
    );
    // Once the rook leaves again, the square is empty and closed: from e2 it
    // can go up the file but not back to e1.
    taken.play("i9h9").unwrap();
    taken.play("e1e2").unwrap();
    taken.play("h9i9").unwrap();
    let moves = sorted_moves(&taken);
    assert!(!moves.contains(&"e2e1".to_string()), "{moves:?}");
    assert!(moves.contains(&"e2e3".to_string()), "{moves:?}");
}

#[test]
fn hubbub_first_move_knight_and_camel() {
    // White: unmoved Scout page e0 (grid f1), unmoved Bishop page x0 (grid
    // a1), King page h4 (grid i5); Black: king page a8 (grid b9), pawn page
    // f2 (grid g3). Scout: f2, f4 (step and 3-leap forward; e1 is an empty
    // extra square, c1 g1 i1 holes) and its knight move e3, g3 (capturing),
    // d2, h2 = 6. Bishop: b2 c3 d4 e5 f6 g7 h8 i9 (j10 is an empty extra
    // square) and its camel move b4, d2 = 10. King: h4 h5 h6 i4 i6 = 5. 21.
    let fen = "1***2***1/*k7*/*8*/*8*/*8*/*7K*/*8*/*5p2*/*8*/B***1S***1 w - - 0 1";
    let unmoved = position("hubbub", fen);
    let first_moves = ["f1e3", "f1g3", "f1d2", "f1h2", "a1b4", "a1d2"];
    check_moves(&unmoved, 21, &first_moves, &[]);
    // The same pieces after they have moved (they can be back on their
    // start squares only by capturing there): 21 - 6 = 15.
    let moved = position("hubbub", &format!("{fen} ~a1,f1"));
    check_moves(&moved, 15, &["f1f2", "a1c3"], &first_moves);
    assert_eq!(moved.to_fen(), format!("{fen} ~a1,f1"));
    // Only one of them moved.
    let scout_moved = position("hubbub", &format!("{fen} ~f1"));
    check_moves(&scout_moved, 17, &["a1b4", "a1d2"], &["f1e3", "f1g3"]);

    // In play: after f1f2 and a1b2 the knight and camel moves are gone
    // (from f2 they would be e4 g4 d3 h3; from b2, c5 and e3).
    let mut pos = unmoved.clone();
    for m in ["f1f2", "b9c9", "a1b2", "c9b9"] {
        pos.play(m).unwrap();
    }
    let moves = sorted_moves(&pos);
    for gone in ["f2e4", "f2g4", "f2d3", "f2h3", "b2c5", "b2e3"] {
        assert!(!moves.contains(&gone.to_string()), "{gone}: {moves:?}");
    }
    assert!(moves.contains(&"f2f5".to_string()), "{moves:?}");
}

#[test]
fn hubbub_castling_both_ways() {
    // White: King page e1 (grid f2), Rooks page a1, h1 (grid b2, i2), rights
    // KQ; Black: king page e8 (grid f9). King: e2 g2 e3 f3 g3 (e1, f1 are
    // empty extra squares, g1 a hole) + castling f2h2 and f2d2 = 7. Rook b2:
    // b3..b9 (7) and c2 d2 e2 (3) = 10. Rook i2: i3..i9 (7), h2 g2 = 9. 26.
    let fen = "1***2***1/*4k3*/*8*/*8*/*8*/*8*/*8*/*8*/*R3K2R*/1***2***1 w KQ - 0 1";
    let pos = position("hubbub", fen);
    check_moves(&pos, 26, &["f2h2", "f2d2"], &[]);
    let mut king_side = pos.clone();
    king_side.play("f2h2").unwrap();
    assert_eq!(
        king_side.to_fen(),
        "1***2***1/*4k3*/*8*/*8*/*8*/*8*/*8*/*8*/*R4RK1*/1***2***1 b - - 1 1"
    );
    let mut queen_side = pos.clone();
    queen_side.play("f2d2").unwrap();
    assert_eq!(
        queen_side.to_fen(),
        "1***2***1/*4k3*/*8*/*8*/*8*/*8*/*8*/*8*/*2KR3R*/1***2***1 b - - 1 1"
    );
    // A black rook on page f7 (grid g8) covers g2, the square the king
    // passes when castling h-side: that castling goes, and so do the king's
    // g2 and g3. 26 - 3 = 23.
    let covered = position(
        "hubbub",
        "1***2***1/*4k3*/*5r2*/*8*/*8*/*8*/*8*/*8*/*R3K2R*/1***2***1 w KQ - 0 1",
    );
    check_moves(&covered, 23, &["f2d2"], &["f2h2", "f2g2", "f2g3"]);
    // Moving a rook loses that side's right only.
    let mut rook_moved = pos.clone();
    rook_moved.play("b2b3").unwrap();
    assert!(
        rook_moved.to_fen().contains(" b K - "),
        "{}",
        rook_moved.to_fen()
    );
}

#[test]
fn hubbub_fen_holes() {
    let start = RefPosition::startpos("hubbub").unwrap().to_fen();
    for bad in [
        // An empty-count covering a hole.
        start.replace("*8*/*8*/*8*/*8*", "10/*8*/*8*/*8*"),
        // A piece on a hole.
        start.replace("/*rnlgklnr*/", "/rrnlgklnr*/"),
        // A `*` on a real square.
        start.replace("/*8*/*8*/*8*/*8*/", "/*8*/**7*/*8*/*8*/"),
        // `~` naming a square that does not hold an unmoved-by-default piece.
        format!("{start} ~e5"),
        // `~` naming a piece without first-move privileges (the King).
        format!("{start} ~f2"),
    ] {
        assert!(RefPosition::from_fen("hubbub", &bad).is_err(), "{bad}");
    }
    // A white Bishop that took on a1 (page x0), where its own Bishop started.
    let fen = "1***2***1/*4k3*/*8*/*8*/*8*/*8*/*8*/*8*/*4K3*/B***2***1 w - - 0 30 ~a1";
    let pos = position("hubbub", fen);
    assert_eq!(pos.to_fen(), fen);
    // King 5 + Bishop b2..i9 (8), no camel.
    check_moves(&pos, 13, &["a1i9"], &["a1b4", "a1d2"]);
}

// ---------------------------------------------------------------- Pawn Eaters

#[test]
fn pawneaters_perft_startpos() {
    check_start_perft("pawneaters", &[84, 6868, 563918]);
}

#[test]
fn pawneaters_shamanic_rook_teleport() {
    // White: Shamanic Rook a1, pawn h2; Black: pawn h7. The rook's teleport
    // reaches every empty square on ranks 1-6: 48 - 2 occupied (a1, h2) = 46;
    // its rook moves add a7 and a8 (the others, a2-a6 and b1-h1, are already
    // teleport targets and count once). 48 + pawn h3 h4 = 50.
    let pos = position("pawneaters", "8/7p/8/8/8/8/7P/R7 w - - 0 1");
    check_moves(
        &pos,
        50,
        &["a1a7", "a1a8", "a1h6", "a1e4"],
        &["a1b7", "a1h8"],
    );
    // A Knight on a4 blocks the rook move up the file but not the teleport:
    // teleport 48 - 3 = 45 (rook moves all among them, a7 a8 unreachable),
    // knight b6 c5 c3 b2 (4), pawn 2: 51.
    let blocked = position("pawneaters", "8/7p/8/8/N7/8/7P/R7 w - - 0 1");
    check_moves(&blocked, 51, &["a1a5", "a1a6"], &["a1a7", "a1a8"]);
    // For Black the forbidden ranks are 1 and 2: rook a8 teleports to the
    // 48 - 2 empty squares of ranks 3-8, plus rook moves a2 a1: 48 + 2 = 50.
    let black = position("pawneaters", "r7/7p/8/8/8/8/7P/8 b - - 0 1");
    check_moves(&black, 50, &["a8a1", "a8a2", "a8h3"], &["a8b2", "a8h1"]);
}

#[test]
fn pawneaters_pawns_cannot_take_a_pawn_eater() {
    // White pawn e4; Black Pawn Eater d5 and pawn f5. White: e5 and exf5;
    // never exd5. 2 moves.
    let fen = "8/8/8/3e1p2/4P3/8/8/8 w - - 0 1";
    check_moves(
        &position("pawneaters", fen),
        2,
        &["e4e5", "e4f5"],
        &["e4d5"],
    );
    // Black to move: the Pawn Eater slides as a bishop without capturing
    // (c6 b7 a8, e6 f7 g8, c4 b3 a2; e4 is occupied) = 9 and captures one
    // step diagonally forward, which for Black is down: dxe4 (1). Pawn f5:
    // f4 and fxe4 (2). 12 moves.
    let black = position("pawneaters", &fen.replace(" w ", " b "));
    check_moves(&black, 12, &["d5e4", "f5e4", "d5c4"], &["d5f3", "d5e3"]);
}

#[test]
fn pawneaters_pawn_eater_en_passant_and_quiet_move() {
    // Black pawn e7 goes e7-e5 past the White Pawn Eater on d5.
    let mut pos = position("pawneaters", "8/4p2p/8/3E4/8/8/P7/8 b - - 0 1");
    pos.play("e7e5").unwrap();
    assert_eq!(pos.to_fen(), "8/7p/8/3Ep3/8/8/P7/8 w - e6 0 2");
    // Pawn Eater: bishop moves c6 b7 a8, e6 f7 g8, c4 b3 (a2 own pawn), e4
    // f3 g2 h1 = 12, and the en-passant capture of e5 landing on e6 (1);
    // pawn a3 a4 (2). 15 moves, two of them to e6 with different texts.
    check_moves(&pos, 15, &["d5e6", "d5e5,e5e6"], &["d5e5"]);
    let mut capture = pos.clone();
    capture.play("d5e5,e5e6").unwrap();
    assert_eq!(capture.to_fen(), "8/7p/4E3/8/8/8/P7/8 b - - 0 2");
    let mut quiet = pos.clone();
    quiet.play("d5e6").unwrap();
    assert_eq!(quiet.to_fen(), "8/7p/4E3/4p3/8/8/P7/8 b - - 1 2");
    // The engine writes no ep square when nobody can take; the reference
    // reads `-` and then has no en-passant move.
    let no_ep = position("pawneaters", "8/7p/8/3Ep3/8/8/P7/8 w - - 0 2");
    check_moves(&no_ep, 14, &["d5e6"], &["d5e5,e5e6"]);
}

#[test]
fn pawneaters_no_pawns_no_moves() {
    // Black has no pawns: the game is over, no moves for either side.
    for side in ["w", "b"] {
        let fen = format!("rneooenr/8/8/8/8/8/PPPPPPPP/RNEOOENR {side} - - 0 1");
        let pos = position("pawneaters", &fen);
        check_moves(&pos, 0, &[], &[]);
        assert_eq!(pos.perft(1), 0);
        assert_eq!(pos.perft(3), 0);
    }
    // White's last pawn must promote (R N E O: 4 moves), and loses by it.
    let mut last = position("pawneaters", "8/1P5p/8/8/8/8/8/8 w - - 0 1");
    check_moves(&last, 4, &["b7b8r", "b7b8n", "b7b8e", "b7b8o"], &["b7b8q"]);
    assert_eq!(last.perft(2), 0);
    last.play("b7b8e").unwrap();
    assert_eq!(last.to_fen(), "1E6/7p/8/8/8/8/8/8 b - - 0 1");
    check_moves(&last, 0, &[], &[]);
    // Both sides have pawns but White cannot move: stalemate, also 0 moves.
    let stalemate = position("pawneaters", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    check_moves(&stalemate, 0, &[], &[]);
}

#[test]
fn pawneaters_old_elephant_slides() {
    // Old Elephant d4: forward d5 d6 and d7 (capturing the pawn there), back
    // diagonally c3 b2 and e3 f2 = 7; pawn h2: h3 h4 = 9.
    let open = position("pawneaters", "8/3p4/8/8/3O4/8/7P/8 w - - 0 1");
    check_moves(
        &open,
        9,
        &["d4d7", "d4b2", "d4f2"],
        &["d4d8", "d4a1", "d4c5"],
    );
    // A pawn on d6 stops the slide: d5 and dxd6, no d7. 8 moves.
    let blocked = position("pawneaters", "8/8/3p4/8/3O4/8/7P/8 w - - 0 1");
    check_moves(&blocked, 8, &["d4d6"], &["d4d7"]);
}

#[test]
fn pawneaters_fen_round_trip() {
    let fens = [
        "rneooenr/pppppppp/8/8/8/8/PPPPPPPP/RNEOOENR w - - 0 1",
        "8/7p/8/3Ep3/8/8/P7/8 w - e6 0 2",
        "r1e1o2r/1ppp1ppp/8/4E3/8/2O5/PPP2PPP/R3O1NR b - - 3 9",
    ];
    for fen in fens {
        let pos = position("pawneaters", fen);
        assert_eq!(pos.to_fen(), fen);
    }
    // No castling in Pawn Eaters (nor a King).
    assert!(RefPosition::from_fen(
        "pawneaters",
        "rneooenr/pppppppp/8/8/8/8/PPPPPPPP/RNEOOENR w KQkq - 0 1"
    )
    .is_err());
    // Pawns are the only pieces with a first-move privilege here: `~` may
    // name an unmoved-looking pawn, nothing else.
    let moved = position("pawneaters", "8/7p/8/8/8/8/P7/8 w - - 0 1 ~a2");
    check_moves(&moved, 1, &["a2a3"], &["a2a4"]);
    assert_eq!(moved.to_fen(), "8/7p/8/8/8/8/P7/8 w - - 0 1 ~a2");
    assert!(RefPosition::from_fen("pawneaters", "r7/7p/8/8/8/8/P7/8 w - - 0 1 ~a8").is_err());
}

// ---------------------------------------------------------------- all games

#[test]
fn random_games_round_trip_through_fen() {
    // A cheap, fixed-seed walk through each game: every position reached by
    // play() reads back equal from its own FEN (`~` included), and every
    // listed move can be played.
    for variant in ["chess", "wolf", "hubbub", "pawneaters"] {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for _game in 0..8 {
            let mut pos = RefPosition::startpos(variant).unwrap();
            for _ply in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mut unique = moves.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), moves.len(), "{variant}: a move listed twice");
                let m = &moves[(seed % moves.len() as u64) as usize];
                pos.play(m).unwrap();
                let fen = pos.to_fen();
                assert_eq!(
                    RefPosition::from_fen(variant, &fen).unwrap(),
                    pos,
                    "{variant}: {fen}"
                );
            }
        }
    }
}

#[test]
fn variant_tables_are_consistent() {
    use reference::variants::{variant_by_name, NAMES};
    for &name in NAMES {
        let v = variant_by_name(name).unwrap();
        assert_eq!(v.name, name);
        assert!(reference::shape_is_valid(v), "{name}: bad shape");
        assert!(v.castling.len() <= 2, "{name}: castling table");
        assert!(
            v.pieces.len() <= reference::MAX_KINDS,
            "{name}: too many kinds"
        );
        for piece in v.pieces {
            // A letter names one kind, or (Truffle Hunt) two: the inactive
            // form and the active `+` form.
            assert_eq!(
                v.pieces
                    .iter()
                    .filter(|p| p.letter == piece.letter && p.plus == piece.plus)
                    .count(),
                1,
                "{name}: letter {} used twice",
                piece.letter
            );
            let forms = v.pieces.iter().filter(|p| p.letter == piece.letter);
            if piece.plus || piece.activation_cost.is_some() {
                assert_eq!(
                    forms.count(),
                    2,
                    "{name}: {} needs both forms",
                    piece.letter
                );
                assert!(piece.plus != piece.activation_cost.is_some());
                assert!(!piece.plus || v.truffles.is_some());
            } else {
                assert_eq!(forms.count(), 1, "{name}: {}", piece.letter);
            }
            assert!(piece.drop_rank < v.height, "{name}: drop rank");
            assert!(piece.finds_on.is_empty() || v.truffles.is_some());
            assert!(!(piece.defects || piece.returns_active) || v.drops.is_some());
            // A piece's own change turns it into a kind of the table (no
            // `+` form), and a kind that joins reserves as another is
            // one that defects.
            let plain = |letter: char| v.pieces.iter().any(|p| p.letter == letter && !p.plus);
            if let Some(change) = piece.change {
                assert!(plain(change.into), "{name}: change into {}", change.into);
                assert!(change.may.iter().chain(change.must).all(|&r| r < v.height));
            }
            if let Some(letter) = piece.captured_as {
                assert!(
                    piece.defects && plain(letter),
                    "{name}: captured as {letter}"
                );
            }
            for letter in piece.promotions.iter().chain(piece.immune_from) {
                assert!(
                    v.pieces.iter().any(|p| p.letter == *letter),
                    "{name}: unknown letter {letter}"
                );
            }
            for vector in piece.vectors {
                assert!(!vector.double_step || (vector.dx % 2 == 0 && vector.dy % 2 == 0));
                assert!(!vector.lame || (vector.dx % 2 == 0 && vector.dy % 2 == 0));
            }
        }
        let start = RefPosition::startpos(name).unwrap();
        assert_eq!(start.to_fen(), v.start_fen, "{name}");
    }
}

// ---------------------------------------------------------------- Carnival

const CARNIVAL_START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 knights=2:1/2:1";

/// The legal moves of `pos` that start on `square`.
fn moves_from(pos: &RefPosition, square: &str) -> usize {
    pos.legal_moves()
        .iter()
        .filter(|m| m.starts_with(square))
        .count()
}

#[test]
fn carnival_start_frozen_perft() {
    // Depth 1: each pawn has its single step and one two-step move, both
    // legs straight (nothing to capture on ranks 3 and 4); knights 4: 20,
    // the same moves as chess, the double steps written in two legs.
    // Depth 2 and 3: still exactly chess. A Eurofighter leg can capture only
    // on the rank just ahead of an unmoved pawn (rank 3 for White, 6 for
    // Black) or the one after (4 / 5). After one move each side's pieces
    // are on ranks 1-4 (White) and 5-8 (Black), so Black's second legs
    // (rank 5) and White's legs at ply 3 (ranks 3, 4) find nothing to
    // take; en passant needs a pawn on the fifth rank (three plies away);
    // and the new pawn attacks (a second leg onto rank 4 or 5) cannot
    // reach a king within three plies. So 20, 400, 8902 as chess.
    for variant in ["carnival", "carnival-oblique"] {
        let pos = RefPosition::startpos(variant).unwrap();
        assert_eq!(pos.to_fen(), CARNIVAL_START);
        let mut moves = sorted_moves(&pos);
        moves.retain(|m| m.starts_with("d2"));
        assert_eq!(moves, ["d2d3", "d2d3,d3d4"]);
        for (depth, want) in [(1, 20), (2, 400), (3, 8902)] {
            assert_eq!(pos.perft_frozen(depth), want, "{variant} {depth}");
            assert_eq!(pos.perft(depth), want, "{variant} {depth}");
        }
    }
}

#[test]
fn carnival_start_expanded_perft() {
    // Depth 1: 20 moves, each followed by every sequence of throw and
    // choice. Carnival: 15 throws of two numbers up to 5 (one leaper
    // each), 5 throws of a 6 and x (5 options each), double six (15
    // options): 15 + 25 + 15 = 55 sequences; 20 x 55 = 1100. All Oblique:
    // 15 throws of two different numbers, 6 doubles with 5 options each:
    // 15 + 30 = 45; 20 x 45 = 900.
    //
    // Depth 2: after White's move and throw Black has its 20 moves, except
    // when White's new leaper checks the king on e8: Black then has no move
    // at all (it cannot capture the knight, nothing can be put in a leaper's
    // way, the king has no square): mate. Knights that can reach e8: from
    // c3 the 5:2 Satyr, a3 5:4 Rector, f3 5:1 Zemel, h3 5:3 Gimel (b1 and g1
    // are seven ranks away). In Carnival a leaper a:b with a != b comes
    // from 4 sequences: the throw a-b, 6-a choosing it, 6-b choosing it,
    // 6-6 choosing it; so 4 knight moves x 4 = 16 mating sequences and
    // 1100 x 20 - 16 x 20 = 21680 Black moves, each followed by 55
    // sequences: 1192400. All Oblique: a:b from the throw a-b, double a,
    // double b: 3 sequences; (900 x 20 - 12 x 20) x 45 = 799200.
    let carnival = RefPosition::startpos("carnival").unwrap();
    assert_eq!(carnival.perft_expanded(0), 1);
    assert_eq!(carnival.perft_expanded(1), 1100);
    assert_eq!(carnival.perft_expanded(2), 1192400);
    let oblique = RefPosition::startpos("carnival-oblique").unwrap();
    assert_eq!(oblique.perft_expanded(1), 900);
    assert_eq!(oblique.perft_expanded(2), 799200);

    // One of those mates: 1.Nc3, throw 5-2.
    let mut mate = carnival.clone();
    for action in ["b1c3", "roll:5:2"] {
        mate.play(action).unwrap();
    }
    assert_eq!(
        mate.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1 knights=5:2/2:1"
    );
    check_moves(&mate, 0, &[], &[]);

    // A roll pending at the root is settled first without using depth:
    // after 1.e3 every one of the 55 sequences leaves Black its 20 moves
    // (no White knight can reach e8 from b1 or g1), each followed by its 55
    // sequences: 55 x 20 x 55.
    let mut pending = carnival.clone();
    pending.play("e2e3").unwrap();
    assert_eq!(pending.perft_expanded(0), 1);
    assert_eq!(pending.perft_expanded(1), 55 * 20 * 55);
    // A pending choice likewise: after 6-6, 15 options, each 20 x 55.
    pending.play("roll:6:6").unwrap();
    assert_eq!(pending.perft_expanded(1), 15 * 20 * 55);
    assert_eq!(
        pending.perft_frozen(1),
        0,
        "no moves while a roll is pending"
    );
}

#[test]
fn carnival_turn_structure() {
    let mut pos = RefPosition::startpos("carnival").unwrap();
    assert_eq!(pos.chance_probability("roll:1:1"), None, "no roll pending");
    pos.play("e2e3").unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 knights=2:1/2:1 pending=roll"
    );
    // While White owes its roll nobody moves.
    assert!(pos.legal_moves().is_empty());
    assert!(pos.play("e7e6").is_err());
    // 21 distinct throws, larger number first: 6 doubles of 1/36 and 15
    // pairs of 2/36, summing to 1.
    let throws = pos.legal_actions();
    assert_eq!(throws.len(), 21);
    assert!(throws.contains(&"roll:6:4".to_string()));
    assert!(!throws.contains(&"roll:4:6".to_string()));
    assert!(pos.play("roll:4:6").is_err());
    assert_eq!(pos.chance_probability("roll:3:3"), Some(1.0 / 36.0));
    assert_eq!(pos.chance_probability("roll:6:4"), Some(2.0 / 36.0));
    assert_eq!(pos.chance_probability("roll:4:6"), None);
    assert_eq!(pos.chance_probability("knight:2:1"), None);
    let total: f64 = throws
        .iter()
        .map(|t| pos.chance_probability(t).unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);

    // 6 and 4: the 6 is any of 1..5, so 4:1 Giraffe, 4:2 Charolais (the
    // page's "Carriage"), 4:3 Antelope, 4:4 Commuter, 5:4 Rector.
    pos.play("roll:6:4").unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 knights=2:1/2:1 pending=choose:6:4"
    );
    assert_eq!(
        pos.legal_actions(),
        [
            "knight:4:1",
            "knight:4:2",
            "knight:4:3",
            "knight:4:4",
            "knight:5:4"
        ]
    );
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.chance_probability("roll:6:4"), None);
    assert!(pos.play("knight:2:1").is_err());
    pos.play("knight:4:2").unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 knights=4:2/2:1"
    );
    assert_eq!(pos.legal_actions().len(), 20);
    pos.play("e7e6,e6e5").unwrap();
    // Black's double step: e6 is the en-passant square (written although no
    // White pawn attacks it); Black owes a roll; the move number goes up.
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/4P3/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 knights=4:2/2:1 pending=roll"
    );
    // A throw of two numbers up to 5 fixes the leaper at once.
    pos.play("roll:3:3").unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/4P3/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 knights=4:2/3:3"
    );
    // White's Knights are 4:2 Charolais now: b1 jumps to f3. Double six
    // then offers all fifteen.
    pos.play("b1f3").unwrap();
    pos.play("roll:6:6").unwrap();
    assert_eq!(pos.legal_actions().len(), 15);
    pos.play("knight:5:5").unwrap();
    assert!(pos.to_fen().ends_with(" b KQkq - 1 2 knights=5:5/3:3"));

    // Rolls happen even for a side without knights.
    let mut bare = position("carnival", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 knights=2:1/2:1");
    bare.play("e1e2").unwrap();
    assert_eq!(
        bare.to_fen(),
        "4k3/8/8/8/8/8/4K3/8 b - - 1 1 knights=2:1/2:1 pending=roll"
    );

    // All Oblique: a 6 is an ordinary number, a double gives the choice.
    let mut oblique = RefPosition::startpos("carnival-oblique").unwrap();
    oblique.play("e2e3").unwrap();
    assert_eq!(oblique.legal_actions().len(), 21);
    oblique.play("roll:6:4").unwrap();
    assert!(oblique.to_fen().ends_with(" knights=6:4/2:1"));
    oblique.play("e7e6").unwrap();
    oblique.play("roll:3:3").unwrap();
    assert_eq!(
        oblique.legal_actions(),
        [
            "knight:3:1",
            "knight:3:2",
            "knight:4:3",
            "knight:5:3",
            "knight:6:3"
        ]
    );
    oblique.play("knight:6:3").unwrap();
    assert!(oblique.to_fen().ends_with(" w KQkq - 0 2 knights=6:4/6:3"));
}

#[test]
fn carnival_two_paths_and_double_capture() {
    // White pawn d2 (unmoved), Kh1; Black pawns c3, e3, d4, kh8. King g1 g2
    // h2 (3; the black pawns attack b2 d2 f2 c3 e3). Pawn: single d3, dxc3,
    // dxe3 (3). Two steps: d3 then d4 is blocked, d3 then c4 / e4 finds
    // nothing to take; c3 (capture) then c4 (empty) or d4 (capture); e3
    // (capture) then e4 or d4 (capture); b4 and f4 are empty (4). The two
    // double captures both end on d4 by different paths: two moves. 10.
    let pos = position(
        "carnival",
        "7k/8/8/8/3p4/2p1p3/3P4/7K w - - 0 1 knights=2:1/2:1",
    );
    check_moves(
        &pos,
        10,
        &[
            "d2d3",
            "d2c3",
            "d2e3",
            "d2c3,c3c4",
            "d2e3,e3e4",
            "d2c3,c3d4",
            "d2e3,e3d4",
        ],
        &["d2d4", "d2d3,d3d4", "d2d3,d3c4", "d2c3,c3b4", "d2e3,e3f4"],
    );
    // Both pawns taken; c3 is the en-passant square, the pawn that stepped
    // is not beyond it (c4) but on d4: `c3>d4`. The clock restarts.
    let mut left = pos.clone();
    left.play("d2c3,c3d4").unwrap();
    assert_eq!(
        left.to_fen(),
        "7k/8/8/8/3P4/4p3/8/7K b - c3>d4 0 1 knights=2:1/2:1 pending=roll"
    );
    let mut right = pos.clone();
    right.play("d2e3,e3d4").unwrap();
    assert_eq!(
        right.to_fen(),
        "7k/8/8/8/3P4/2p5/8/7K b - e3>d4 0 1 knights=2:1/2:1 pending=roll"
    );
    assert_ne!(left, right);
    // Black, after White's throw: king g8 g7 h7, pawn e2 (its diagonals d2
    // f2 are empty, and no black pawn attacks c3): 4.
    left.play("roll:1:1").unwrap();
    check_moves(&left, 4, &["e3e2"], &[]);
}

#[test]
fn carnival_en_passant_of_a_pawn_not_beyond_the_square() {
    // White: Ke1, pawn d2 (unmoved). Black: ke8, pawn c4, Knight e4 (the
    // Knight, 2:1, covers d2 f2 c3 g3 c5 g5 d6 f6). King d1 e2 f1 (3; f2 is
    // covered); pawn d3, and two steps d3-d4, d3xc4, d3xe4 (4). 7.
    let pos = position(
        "carnival",
        "4k3/8/8/8/2p1n3/8/3P4/4K3 w - - 0 1 knights=2:1/2:1",
    );
    check_moves(
        &pos,
        7,
        &["d2d3", "d2d3,d3d4", "d2d3,d3c4", "d2d3,d3e4"],
        &["e1f2", "d2c3,c3d4"],
    );
    let mut pos = pos;
    pos.play("d2d3,d3e4").unwrap();
    assert_eq!(
        pos.to_fen(),
        "4k3/8/8/8/2p1P3/8/8/4K3 b - d3>e4 0 1 knights=2:1/2:1 pending=roll"
    );
    // The en-passant right survives the roll.
    pos.play("roll:5:5").unwrap();
    assert_eq!(
        pos.to_fen(),
        "4k3/8/8/8/2p1P3/8/8/4K3 b - d3>e4 0 1 knights=5:5/2:1"
    );
    // Black: king d8 f8 d7 e7 f7 (5), pawn c3 and cxd3 en passant (2). 7.
    check_moves(&pos, 7, &["c4d3", "c4c3"], &["c4b3"]);
    let mut taken = pos.clone();
    taken.play("c4d3").unwrap();
    // The pawn on e4 is gone, the capturer stands on d3.
    assert_eq!(
        taken.to_fen(),
        "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2 knights=5:5/2:1 pending=roll"
    );
    // Read with `-` (as the engine may write when nobody can take), there
    // is no en passant: 6.
    let none = position(
        "carnival",
        "4k3/8/8/8/2p1P3/8/8/4K3 b - - 0 1 knights=5:5/2:1",
    );
    check_moves(&none, 6, &["c4c3"], &["c4d3"]);
    // A straight double step: the victim is beyond the square, written `d3`.
    let mut straight = position(
        "carnival",
        "4k3/8/8/8/2p1n3/8/3P4/4K3 w - - 0 1 knights=2:1/2:1",
    );
    straight.play("d2d3,d3d4").unwrap();
    assert_eq!(
        straight.to_fen(),
        "4k3/8/8/8/2pPn3/8/8/4K3 b - d3 0 1 knights=2:1/2:1 pending=roll"
    );
    straight.play("roll:2:1").unwrap();
    straight.play("c4d3").unwrap();
    assert_eq!(
        straight.to_fen(),
        "4k3/8/8/8/4n3/3p4/8/4K3 w - - 0 2 knights=2:1/2:1 pending=roll"
    );
}

#[test]
fn carnival_every_leaper_from_a_central_square() {
    // White Knight d4, Kd1; Black kd8 (kings on the knight's file, which no
    // leaper reaches). From d4 a leap of v squares fits towards the a-file
    // or first rank for v <= 3 and towards the h-file or eighth rank for
    // v <= 4: n(v) = 2 directions per axis for v <= 3, 1 for v = 4, 0 for
    // v >= 5. An a:b leaper with a != b has 2 n(a) n(b) targets, a diagonal
    // a:a has n(a)^2.
    let counts: &[(&str, usize)] = &[
        ("1:1", 4), // Ferz
        ("2:2", 4), // Elephant
        ("3:3", 4), // Tripper
        ("4:4", 1), // Commuter: h8 only
        ("5:5", 0), // Quitter
        ("2:1", 8), // Knight
        ("3:1", 8), // Camel
        ("3:2", 8), // Zebra
        ("4:1", 4), // Giraffe
        ("4:2", 4), // Charolais
        ("4:3", 4), // Antelope
        ("5:1", 0), // Zemel
        ("5:2", 0), // Satyr
        ("5:3", 0), // Gimel
        ("5:4", 0), // Rector
        ("6:1", 0), // Flamingo (All Oblique)
        ("6:2", 0), // Crane
        ("6:3", 0), // Chamois
        ("6:4", 0), // Zherolais
        ("6:5", 0), // Parson
    ];
    let mut tested = 0;
    for variant in ["carnival", "carnival-oblique"] {
        let v = reference::variants::variant_by_name(variant).unwrap();
        let leapers = v.dice.unwrap().leapers;
        assert_eq!(leapers.len(), 15, "{variant}");
        for &(a, b, _name) in leapers {
            let leaper = format!("{a}:{b}");
            let want = counts.iter().find(|(l, _)| *l == leaper).unwrap().1;
            let fen = format!("3k4/8/8/8/3N4/8/8/3K4 w - - 0 1 knights={leaper}/2:1");
            assert_eq!(moves_from(&position(variant, &fen), "d4"), want, "{fen}");
            tested += 1;
        }
    }
    assert_eq!(tested, 30);
    // The six-leapers from b2 (White Ka1, Black ke4, neither on the h-file
    // or the eighth rank): +6 fits on both axes, -6 on neither, 1 both
    // ways, so 6:1 has 2 x 1 x 2 = 4 targets (h3 h1 c8 a8), 6:x 2.
    for (leaper, want) in [("6:1", 4), ("6:2", 2), ("6:3", 2), ("6:4", 2), ("6:5", 2)] {
        let fen = format!("8/8/8/8/4k3/8/1N6/K7 w - - 0 1 knights={leaper}/2:1");
        assert_eq!(
            moves_from(&position("carnival-oblique", &fen), "b2"),
            want,
            "{fen}"
        );
    }
    // The Carnival names: 15, the 10 oblique and the 5 diagonal ones.
    let names: Vec<&str> = reference::variants::CARNIVAL
        .dice
        .unwrap()
        .leapers
        .iter()
        .map(|l| l.2)
        .collect();
    assert!(names.contains(&"Charolais") && names.contains(&"Quitter"));
}

#[test]
fn carnival_promoted_knight_moves_as_the_current_leaper() {
    // White pawn b7 promotes to a Knight on b8; the throw after the move
    // decides what it attacks. Black's king e8: d8 f8 d7 e7 f7.
    let start = position(
        "carnival",
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 knights=2:1/2:1",
    );
    for (throw, covered, count) in [
        ("roll:2:1", "e8d7", 4), // b8 Knight: a6 c6 d7
        ("roll:3:1", "e8e7", 4), // b8 Camel: a5 c5 e7
        ("roll:3:3", "", 5),     // b8 Tripper: e5 only
    ] {
        let mut pos = start.clone();
        pos.play("b7b8").unwrap();
        pos.play(throw).unwrap();
        pos.play("promote:n").unwrap();
        let absent: &[&str] = if covered.is_empty() { &[] } else { &[covered] };
        check_moves(&pos, count, &[], absent);
    }
}

#[test]
fn carnival_king_and_a_tripper() {
    // Black Knight h5 as the 3:3 Tripper covers e2 (and e8): White's king
    // on e1 has d1 d2 f1 f2, not e2. 4.
    let tripper = position("carnival", "4k3/8/8/7n/8/8/8/4K3 w - - 0 1 knights=2:1/3:3");
    check_moves(&tripper, 4, &["e1d2", "e1f2"], &["e1e2"]);
    // The same Knight as a 2:1 Knight covers g3 f4 f6 g7: all 5.
    let knight = position("carnival", "4k3/8/8/7n/8/8/8/4K3 w - - 0 1 knights=2:1/2:1");
    check_moves(&knight, 5, &["e1e2"], &[]);
    // White's own leaper does not matter for White's king.
    let own = position("carnival", "4k3/8/8/7n/8/8/8/4K3 w - - 0 1 knights=3:3/2:1");
    check_moves(&own, 5, &["e1e2"], &[]);
}

#[test]
fn carnival_king_attacked_by_a_second_leg() {
    // Black pawn e7 has never moved: it may step to e6 and then take on d5
    // or f5. White's king on d5 is in check. King: c4 d4 e4 c5 e5 c6 e6
    // (d6 is covered by the pawn directly; on e6 the king blocks the first
    // step). The rook a1 cannot take the pawn or stand on e6: none of its
    // 14 moves answers the check. 7.
    let check = position(
        "carnival",
        "7k/4p3/8/3K4/8/8/8/R7 w - - 0 1 knights=2:1/2:1",
    );
    check_moves(
        &check,
        7,
        &["d5e6", "d5c6", "d5e5"],
        &["d5d6", "a1a2", "a1e1"],
    );
    // The same with the pawn already moved (`~e7`): no two-step attack, the
    // king is not in check; king 8 minus d6 = 7, rook 14: 21.
    let moved = position(
        "carnival",
        "7k/4p3/8/3K4/8/8/8/R7 w - - 0 1 knights=2:1/2:1 ~e7",
    );
    check_moves(&moved, 21, &["a1a2"], &["d5d6"]);

    // A first step that captures: White pawn d6 lets e7 take it and go on
    // to c5 or e5, so White's king on e5 is in check. King: d4 e4 f4 e6
    // (d5 f5 are second-leg squares via e6, f6 is covered directly, d6 is
    // White's own); pawn: d7 (no white piece left on d6 to take: the check
    // is gone) and dxe7. 6.
    let capture = position(
        "carnival",
        "7k/4p3/3P4/4K3/8/8/8/8 w - - 0 1 knights=2:1/2:1",
    );
    check_moves(
        &capture,
        6,
        &["e5d4", "e5e4", "e5f4", "e5e6", "d6d7", "d6e7"],
        &["e5d5", "e5f5", "e5f6"],
    );
}

#[test]
fn carnival_castling_through_a_leaper_attack() {
    // Black Knight b5 as the 4:4 Commuter covers f1 (and nothing else on
    // the board near White): no e1g1, no e1f1. King d1 d2 e2 f2 (4), rook
    // h2..h8 g1 f1 (9). 13.
    let fen = "k7/8/8/1n6/8/8/8/4K2R w K - 0 1";
    let commuter = position("carnival", &format!("{fen} knights=2:1/4:4"));
    check_moves(&commuter, 13, &["e1f2", "h1f1"], &["e1g1", "e1f1"]);
    // As a 2:1 Knight it covers a3 c3 d4 d6 a7 c7: king 5 + castling +
    // rook 9 = 15.
    let knight = position("carnival", &format!("{fen} knights=2:1/2:1"));
    check_moves(&knight, 15, &["e1g1", "e1f1"], &[]);
    let mut castled = knight.clone();
    castled.play("e1g1").unwrap();
    assert_eq!(
        castled.to_fen(),
        "k7/8/8/1n6/8/8/8/5RK1 b - - 1 1 knights=2:1/2:1 pending=roll"
    );
}

#[test]
fn carnival_fen_round_trips_and_errors() {
    let fens = [
        ("carnival", CARNIVAL_START),
        (
            "carnival",
            "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 knights=2:1/2:1 pending=roll",
        ),
        (
            "carnival",
            "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 knights=2:1/2:1 pending=choose:6:6",
        ),
        (
            "carnival",
            "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 knights=2:1/2:1 pending=choose:6:1",
        ),
        (
            "carnival",
            "4k3/8/8/8/2p1P3/8/8/4K3 b - d3>e4 0 1 knights=5:5/2:1",
        ),
        (
            "carnival",
            "4k3/8/8/8/2p1P3/8/8/4K3 b - d3>e4 0 1 knights=2:1/1:1 pending=roll",
        ),
        (
            "carnival",
            "4k3/8/8/8/2p1P3/8/8/4K3 b - d3>e4 0 1 knights=2:1/1:1 pending=choose:6:3",
        ),
        (
            "carnival",
            "4k3/3p4/8/4P3/8/8/8/4K3 w - d6>e5 0 9 knights=4:3/4:4",
        ),
        (
            "carnival-oblique",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 40 knights=6:5/6:1",
        ),
        (
            "carnival-oblique",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 12 40 knights=6:5/6:1 pending=choose:2:2",
        ),
        (
            "carnival",
            "7k/4p3/8/3K4/8/8/8/R7 w - - 0 1 knights=2:1/2:1 ~e7",
        ),
    ];
    for (variant, fen) in fens {
        let pos = position(variant, fen);
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(position(variant, &pos.to_fen()), pos);
    }
    // Without the knights field both sides have the Knight.
    let short = position(
        "carnival",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(short.to_fen(), CARNIVAL_START);
    // The extension fields may come in any order.
    let swapped = position(
        "carnival",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1 pending=roll knights=3:2/2:1",
    );
    assert_eq!(
        swapped.to_fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1 knights=3:2/2:1 pending=roll"
    );

    let board = "4k3/8/8/8/2p1P3/8/8/4K3 b - - 0 1";
    for (variant, bad) in [
        ("carnival", format!("{board} knights=1:2/2:1")), // smaller first
        ("carnival", format!("{board} knights=6:1/2:1")), // no 6 in Carnival
        ("carnival", format!("{board} knights=2:1")),     // one side only
        (
            "carnival",
            format!("{board} knights=2:1/2:1 knights=2:1/2:1"),
        ),
        (
            "carnival",
            format!("{board} knights=2:1/2:1 pending=choose:3:2"),
        ), // no choice
        (
            "carnival",
            format!("{board} knights=2:1/2:1 pending=choose:4:6"),
        ),
        (
            "carnival",
            format!("{board} knights=2:1/2:1 pending=rolled"),
        ),
        (
            "carnival",
            format!("{board} knights=2:1/2:1 pending=roll 0"),
        ),
        ("carnival-oblique", format!("{board} knights=3:3/2:1")), // no diagonals
        (
            "carnival-oblique",
            format!("{board} knights=2:1/2:1 pending=choose:6:2"),
        ),
        ("chess", format!("{board} knights=2:1/2:1")),
        ("chess", format!("{board} pending=roll")),
        ("chess", board.replace(" - 0 1", " d3>e4 0 1")),
        ("carnival", board.replace(" - 0 1", " d3>d4 0 1")), // written `d3`
        ("carnival", board.replace(" - 0 1", " d3>f4 0 1")),
        ("carnival", board.replace(" - 0 1", " d3>e2 0 1")),
    ] {
        assert!(RefPosition::from_fen(variant, &bad).is_err(), "{bad}");
    }
}

#[test]
fn carnival_random_games_round_trip_through_fen() {
    for variant in ["carnival", "carnival-oblique"] {
        let (mut two_steps, mut choices, mut ep_elsewhere) = (0, 0, 0);
        walk_round_trips(variant, 8, &mut |action, fen| {
            two_steps += usize::from(action.contains(','));
            choices += usize::from(action.starts_with("knight:"));
            ep_elsewhere += usize::from(fen.contains('>'));
        });
        assert!(
            two_steps > 0 && choices > 0 && ep_elsewhere > 0,
            "{variant}"
        );
    }
}

/// Fixed-seed walks of `games` games through every kind of action: each
/// state (moves, pending throws and choices) reads back equal from its own
/// FEN, every listed action can be played, none is listed twice; `seen`
/// gets each action played and the FEN after it.
fn walk_round_trips(variant: &str, games: usize, seen: &mut dyn FnMut(&str, &str)) {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for _game in 0..games {
        let mut pos = RefPosition::startpos(variant).unwrap();
        for _ply in 0..300 {
            let actions = pos.legal_actions();
            if actions.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut unique = actions.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), actions.len(), "{variant}: listed twice");
            let action = &actions[(seed % actions.len() as u64) as usize];
            pos.play(action).unwrap();
            let fen = pos.to_fen();
            assert_eq!(position(variant, &fen), pos, "{variant}: {fen}");
            seen(action, &fen);
        }
    }
}

#[test]
fn carnival_constructed_positions_depth_one() {
    // Kiwipete with White's Knights as 3:3 Trippers and Black's as 5:2
    // Satyrs. With 2:1 Knights chess has 48 moves and Carnival 50: a2-a3
    // then a3xb4, and g2xh3 then h3-h4, are new. The Trippers have c3xf6,
    // e5xh8 and e5-b8 (3) instead of the Knights' 11: 42. The Satyrs cover
    // d1 (from b6 and f6): no Kd1 and no O-O-O. 40.
    let kiwi = position(
        "carnival",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 knights=3:3/5:2",
    );
    check_moves(
        &kiwi,
        40,
        &["a2a3,a3b4", "g2h3,h3h4", "c3f6", "e5h8", "e5b8", "e1g1"],
        &["e1c1", "e1d1", "c3b5", "e5f7"],
    );

    // Black: Nd4 (covers c2 e2 b3 f3 b5 f5 c6 e6), pawns c3 (covers b2 d2),
    // b4, c5, e5. White: king d1 f1 O-O O-O-O (4); Ra1 b1 c1 d1 (3); Rh1
    // g1 f1 (2); Nf3 g5 h4 g1 d2 d4x e5x (6); pawns: a2: a3, a3-a4, a3xb4
    // (3); b2: b3, bxc3, bxc3-c4, bxc3xb4, bxc3xd4 (5; b3 then b4 is
    // blocked); c2, d3, e4, f2 none; g2 and h2 a single and a straight
    // two-step each (4). 27.
    let captures = position(
        "carnival",
        "r3k2r/pp3ppp/2n5/2p1p3/1p1nP3/2pP1N2/PPP2PPP/R3K2R w KQkq - 0 1 knights=2:1/2:1",
    );
    check_moves(
        &captures,
        27,
        &[
            "b2c3,c3c4",
            "b2c3,c3b4",
            "b2c3,c3d4",
            "a2a3,a3b4",
            "e1c1",
            "e1g1",
        ],
        &["b2b3,b3b4", "c2c3", "e1d2", "e1e2"],
    );

    // Promotion: pawns b7 and g7 promote on b8 / g8 and by taking a8 / h8,
    // one move each, the piece chosen after the throw (4). King d1 d2 e2
    // f2 (f1 is covered by g2, c1 by b2: no castling) (4); Ra1 a2..a8x, b1
    // c1 d1 (10); Rh1 h2..h8x, g1 f1 (9). 27. Frozen (the piece chosen
    // with the move) the four promotions are sixteen: 39.
    let promotions = position(
        "carnival",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1 knights=3:3/4:1",
    );
    check_moves(
        &promotions,
        27,
        &["b7b8", "b7a8", "g7h8", "g7g8"],
        &["e1g1", "e1c1", "e1f1", "b7b8n"],
    );
    assert_eq!(promotions.perft_frozen(1), 39);
    // After b7-b8 and a throw (3:1, no choice) White picks the piece.
    let mut promoting = promotions.clone();
    promoting.play("b7b8").unwrap();
    promoting.play("roll:3:1").unwrap();
    assert_eq!(
        promoting.legal_actions(),
        ["promote:q", "promote:r", "promote:b", "promote:n"]
    );
    assert!(promoting.to_fen().ends_with("pending=promote:b8"));
    promoting.play("promote:n").unwrap();
    assert!(promoting.to_fen().starts_with("rN2k2r/"));

    // All Oblique. Black just played e7-e6xd5 (`e6>d5`). White: King d1 d2
    // e2 f1 O-O O-O-O (6); Ra1 b1 c1 d1 (3); Rh1 g1 f1 (2); Nf3 as the 6:1
    // Flamingo has no square on the board (0); pawns a2 b2 c2 g2 h2: a
    // single and a straight two-step each (10), f2 blocked (0), f5: f6 and
    // f5xe6 en passant taking d5 (2). 23. (Black's 6:5 Parson on b6 covers
    // only h1.)
    let oblique = position(
        "carnival-oblique",
        "r3k2r/p1pp1ppp/1n6/3p1P2/8/5N2/PPP2PPP/R3K2R w KQkq e6>d5 0 1 knights=6:1/6:5",
    );
    check_moves(&oblique, 23, &["f5e6", "f5f6", "e1g1", "e1c1"], &["f3e5"]);
    let mut ep = oblique.clone();
    ep.play("f5e6").unwrap();
    assert_eq!(
        ep.to_fen(),
        "r3k2r/p1pp1ppp/1n2P3/8/8/5N2/PPP2PPP/R3K2R b KQkq - 0 1 knights=6:1/6:5 pending=roll"
    );
}

// ---------------------------------------------------------------- Truffle Hunt

const TRUFFLE_START: &str = "rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w KQkq - 0 1 \
     truffles=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0";

const NO_TRUFFLES: &str =
    "truffles=00000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000";

/// A Truffle Hunt position: the board with holdings and the standard
/// fields, no truffles anywhere, the stores `W/B` and maybe more fields.
fn truffle(core: &str, stores: &str) -> RefPosition {
    position("truffle", &format!("{core} {NO_TRUFFLES} stores={stores}"))
}

/// Plays the actions in turn.
fn play_all(pos: &mut RefPosition, actions: &[&str]) {
    for action in actions {
        pos.play(action).unwrap_or_else(|e| panic!("{action}: {e}"));
    }
}

/// Three constructed positions (besides the start) whose counts are
/// printed for the engine: a middlegame with active pieces, reserves and
/// a store one truffle short of an activation; a position where both
/// stores pay for almost anything; an ending with drops, a pinned Boar's
/// neighbour and Sow checks near the corner.
const TRUFFLE_MIDDLEGAME: &str = "r1bq+kb1r/s2s1hhs/2+n1h3/3hS3/4s3/2H2+N2/S2S1HHS/R1BQ+KB1R[Hh] \
     w - - 0 9 truffles=00000000/00000000/66646666/66655666/66661666/66566666/00000000/00000000 \
     stores=2/4";
const TRUFFLE_RICH: &str = "rnbqkbnr/s2s1hhs/1h6/4s3/3HS3/2H5/S2S1HHS/RNBQKBNR[H] w - - 0 5 \
     truffles=00000000/00000000/66666666/66665666/66656666/66566666/00000000/00000000 \
     stores=5/6";
const TRUFFLE_ENDING: &str = "+k7/8/1S6/8/3+b4/8/2H5/2+K1Q3[SBhn] w - - 7 40 \
     truffles=00000000/00000000/11100000/00000000/00000000/00000000/00000000/00000000 \
     stores=3/6";

#[test]
fn truffle_start_frozen_perft() {
    // Depth 1, by hand. Only pigs move (the back ranks are inactive), and
    // rank 2 is full, so no sideways steps; backward steps hit the own
    // back rank. Sows a2 d2 e2 h2: one step and the two-step forward, 2
    // each (8). Boars: b2 a3 c3 and the two-step b2-d4 (3); c2 b3 d3 a4
    // e4 (4); f2 e3 g3 d4 h4 (4); g2 f3 h3 e4 (3): 14. 22 moves, no drops.
    let pos = RefPosition::startpos("truffle").unwrap();
    assert_eq!(pos.to_fen(), TRUFFLE_START);
    let mut boar = sorted_moves(&pos);
    boar.retain(|m| m.starts_with("c2"));
    assert_eq!(boar, ["c2a4", "c2b3", "c2d3", "c2e4"]);
    // Depth 2: Black's pigs are as far from White's as White's were from
    // Black's, so Black has its 22 after each: 484.
    //
    // Depth 3: White's count after its move m does not depend on Black's
    // move (Black's pig, on rank 5 or 6, is at most a capture target where
    // the square was empty before, and pigs leap pigs), so depth 3 is
    // 22 x S, S the sum over m of White's moves after m:
    // 22 - (the pig's moves before) + (its moves from its new square)
    // + (a Sow beside the vacated square steps into it) - (other pigs'
    // moves onto the new square, now own). Per move:
    //   a2a3 22-2+4+0-1 = 23 (a3: a4 a2 b3 a5; b2 loses a3)
    //   a2a4 22-2+4+0-1 = 23 (a4: a5 a3 b4 a6; c2 loses a4)
    //   b2a3 22-3+3+1-1 = 22 (a3: b4 b2 c5; a2 steps to b2; a2 loses a3)
    //   b2c3 22-3+5+1-0 = 25 (c3: b4 d4 b2 e5 a5)
    //   b2d4 22-3+6+1-2 = 24 (d4: c5 e5 c3 e3 b6 f6; d2, f2 lose d4)
    //   c2a4 22-4+3+1-1 = 21 (a4: b5 b3 c6; d2 steps to c2; a2 loses a4)
    //   c2b3 22-4+4+1-0 = 23 (b3: a4 c4 c2 d5)
    //   c2d3 22-4+5+1-1 = 23 (d3: c4 e4 c2 b5 f5; d2 loses d3)
    //   c2e4 22-4+6+1-2 = 23 (e4: d5 f5 d3 f3 c6 g6; e2, g2 lose e4)
    //   d2d3 22-2+5+1-1 = 25 (d3: d4 c3 e3 d2 d5; e2 steps to d2; c2
    //                         loses d3)
    //   d2d4 22-2+5+1-2 = 24 (d4: d5 c4 e4 d3 d6; b2, f2 lose d4)
    // a2..d2 sum to 256 and the setup is symmetric (e..h mirror d..a):
    // S = 512, depth 3 = 11264.
    for (depth, want) in [(1, 22), (2, 484), (3, 11264)] {
        assert_eq!(pos.perft_frozen(depth), want, "frozen {depth}");
        assert_eq!(pos.perft(depth), want, "perft {depth}");
    }
    // Spot checks of two rows (Black's reply and the finds do not matter).
    for (first, want) in [("c2e4", 23), ("b2c3", 25)] {
        let mut after = pos.clone();
        play_all(&mut after, &[first, "find:no", "a7a6", "find:no"]);
        assert_eq!(after.legal_moves().len(), want, "{first}");
    }
    // perft_frozen never throws: the truffles and stores stay.
    let mut frozen_child = pos.clone();
    frozen_child.play("e2e4").unwrap();
    assert_eq!(frozen_child.perft_frozen(1), 0, "a find is pending");
}

#[test]
fn truffle_start_expanded_perft() {
    // Depth 1: each of the 22 moves ends on rank 3 or 4, which have
    // truffles: 3 find outcomes each. A kept truffle makes the store 1,
    // below the cheapest activation (3): no activation. 66.
    // Depth 2: Black likewise, its store at most 1: 66 x 66 = 4356.
    let pos = RefPosition::startpos("truffle").unwrap();
    assert_eq!(pos.perft_expanded(0), 1);
    assert_eq!(pos.perft_expanded(1), 66);
    assert_eq!(pos.perft_expanded(2), 4356);
    // A find pending at the root is settled first without using depth:
    // after e2e4, 3 outcomes, each followed by Black's 22 x 3.
    let mut pending = pos.clone();
    pending.play("e2e4").unwrap();
    assert_eq!(pending.perft_expanded(0), 1);
    assert_eq!(pending.perft_expanded(1), 3 * 66);
}

#[test]
fn truffle_turn_structure_and_probabilities() {
    let mut pos = RefPosition::startpos("truffle").unwrap();
    assert_eq!(pos.chance_probability("find:no"), None, "nothing pending");
    pos.play("e2e4").unwrap();
    // The turn passes at once; White's Sow on e4 owes its find. A pig move
    // resets the fifty-move count.
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/shhsshhs/8/8/4S3/8/SHHS1HHS/RNBQKBNR[] b KQkq - 0 1 \
         truffles=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
         stores=0/0 pending=find:e4"
    );
    assert!(pos.legal_moves().is_empty());
    assert!(pos.play("e7e5").is_err());
    assert_eq!(pos.legal_actions(), ["find:no", "find:eat", "find:keep"]);
    // A Sow finds on 5 or 6 (1/3) and eats on a second 5 or 6: not found
    // 2/3, eaten 1/3 x 1/3 = 1/9, kept 1/3 x 2/3 = 2/9.
    assert_eq!(pos.chance_probability("find:no"), Some(2.0 / 3.0));
    assert_eq!(pos.chance_probability("find:eat"), Some(1.0 / 9.0));
    assert_eq!(pos.chance_probability("find:keep"), Some(2.0 / 9.0));
    assert_eq!(pos.chance_probability("find:maybe"), None);
    assert_eq!(pos.chance_probability("roll:1:1"), None);
    pos.play("find:keep").unwrap();
    // e4 (rank 4: the fifth group) has 5 left; White's store is 1.
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/shhsshhs/8/8/4S3/8/SHHS1HHS/RNBQKBNR[] b KQkq - 0 1 \
         truffles=00000000/00000000/66666666/66666666/66665666/66666666/00000000/00000000 \
         stores=1/0"
    );
    // Black's Boar finds on a 6 only: not found 5/6, eaten 1/36, kept 5/36.
    pos.play("g7e5").unwrap();
    assert!(pos.to_fen().ends_with(" w KQkq - 0 2 truffles=00000000/00000000/66666666/66666666/66665666/66666666/00000000/00000000 stores=1/0 pending=find:e5"));
    assert_eq!(pos.chance_probability("find:no"), Some(5.0 / 6.0));
    assert_eq!(pos.chance_probability("find:eat"), Some(1.0 / 36.0));
    assert_eq!(pos.chance_probability("find:keep"), Some(5.0 / 36.0));
    let total: f64 = pos
        .legal_actions()
        .iter()
        .map(|a| pos.chance_probability(a).unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Eaten: e5 (the fourth group) loses the truffle, the store stays.
    pos.play("find:eat").unwrap();
    assert!(pos.to_fen().ends_with(
        " w KQkq - 0 2 truffles=00000000/00000000/66666666/66665666/66665666/66666666/00000000/00000000 stores=1/0"
    ));
    // The Sow takes the Boar: a capture on a square with truffles, so a
    // find; the Boar joins White's reserve as White's Boar.
    pos.play("e4e5").unwrap();
    assert!(pos
        .to_fen()
        .starts_with("rnbqkbnr/shhssh1s/8/4S3/8/8/SHHS1HHS/RNBQKBNR[H] b KQkq - 0 2"));
    assert!(pos.to_fen().ends_with(" stores=1/0 pending=find:e5"));
    pos.play("find:no").unwrap();
    assert!(pos.to_fen().ends_with(" stores=1/0"));
    // Nothing else is accepted while nothing is pending.
    assert!(pos.play("find:no").is_err());
    assert!(pos.play("activate:done").is_err());
}

#[test]
fn truffle_sow_two_step_over_pigs_and_inactive_pieces() {
    // White Sow d4, White's inactive King a1 (no moves), Black's active
    // king h8. The Sow: d5 c4 e4 d3 and the two-step d6 over d5. What
    // stands on d5 (the fifth rank of the FEN is given whole) decides:
    let board = |rank5: &str| format!("7+k/8/8/{rank5}/3S4/8/8/K7[] w - - 0 1");
    // Empty: 5.
    check_moves(
        &truffle(&board("8"), "0/0"),
        5,
        &["d4d5", "d4d6"],
        &["d4d2", "a1a2"],
    );
    // A Black Boar: taken on d5 or leapt to d6: 5.
    check_moves(&truffle(&board("3h4"), "0/0"), 5, &["d4d5", "d4d6"], &[]);
    // A Black inactive Knight: the same, 5.
    check_moves(&truffle(&board("3n4"), "0/0"), 5, &["d4d5", "d4d6"], &[]);
    // A White inactive Knight: not taken, leapt: c4 e4 d3 d6, 4.
    check_moves(&truffle(&board("3N4"), "0/0"), 4, &["d4d6"], &["d4d5"]);
    // A White Boar: leapt (4), and the Boar's own c6 e6 c4 e4 b7 f7 (6): 10.
    check_moves(
        &truffle(&board("3H4"), "0/0"),
        10,
        &["d4d6", "d5b7", "d5f7", "d5c4"],
        &["d4d5"],
    );
    // A Black active Knight blocks the two-step but can be taken: 4.
    check_moves(&truffle(&board("3+n4"), "0/0"), 4, &["d4d5"], &["d4d6"]);
    // A White active Knight blocks it: Sow c4 e4 d3 (3), Knight b4 b6 c3
    // c7 e3 e7 f4 f6 (8): 11.
    check_moves(
        &truffle(&board("3+N4"), "0/0"),
        11,
        &["d5c7", "d4c4"],
        &["d4d6", "d4d5"],
    );
    // Black's Sow goes down the board. Sow e5 with a White Sow on e4: takes
    // e4, leaps it to e3, d5 f5 e6 (5), no two-step up to e7; its king h8:
    // g8 g7 h7 (3). 8.
    let black = truffle("7+k/8/8/4s3/4S3/8/8/K7[] b - - 0 1", "0/0");
    check_moves(&black, 8, &["e5e4", "e5e3", "e5e6"], &["e5e7"]);
}

#[test]
fn truffle_boar_diagonal_two_step() {
    // White Boar d4: c5 e5 c3 e3 and the forward two-steps b6 f6 (not
    // backward: no b2 f2; no orthogonal step). 6.
    let pos = truffle("7+k/8/8/8/3H4/8/8/K7[] w - - 0 1", "0/0");
    check_moves(
        &pos,
        6,
        &["d4b6", "d4f6", "d4c3"],
        &["d4b2", "d4f2", "d4d5"],
    );
    // A Black active Bishop on e5: taken, and it blocks f6. A White
    // inactive Rook on c5: not taken, leapt to b6. c3 e3 e5 b6: 4. (White's
    // King stands on a2, off the Bishop's diagonal a1-e5.)
    let blocked = truffle("7+k/8/8/2R1+b3/3H4/8/K7/8[] w - - 0 1", "0/0");
    check_moves(&blocked, 4, &["d4e5", "d4b6"], &["d4f6", "d4c5"]);
    // With the King on a1 the Bishop pins the Boar: only c3 and e5 stay.
    let pinned = truffle("7+k/8/8/2R1+b3/3H4/8/8/K7[] w - - 0 1", "0/0");
    check_moves(&pinned, 2, &["d4e5", "d4c3"], &["d4b6", "d4e3"]);
    // Black's Boar e5 goes down: d4 f4 d6 f6, two-steps c3 g3 (6); its king
    // h8 g8 g7 h7 (3). 9.
    let black = truffle("7+k/8/8/4h3/8/8/8/K7[] b - - 0 1", "0/0");
    check_moves(&black, 9, &["e5c3", "e5g3", "e5d6"], &["e5c7", "e5g7"]);
}

#[test]
fn truffle_find_into_a_full_store_is_lost() {
    // White's store is full (6). The Sow on d4 moves to d5 (3 truffles) and
    // keeps a find: d5 has 2, the store stays 6. White's inactive King a1
    // costs 6, so activation is then pending.
    let mut pos = position(
        "truffle",
        "7+k/8/8/8/3S4/8/8/K7[] w - - 5 1 \
         truffles=00000000/00000000/00000000/00030000/00000000/00000000/00000000/00000000 \
         stores=6/2",
    );
    pos.play("d4d5").unwrap();
    assert!(pos.to_fen().ends_with(" stores=6/2 pending=find:d5"));
    pos.play("find:keep").unwrap();
    assert_eq!(
        pos.to_fen(),
        "7+k/8/8/3S4/8/8/8/K7[] b - - 0 1 \
         truffles=00000000/00000000/00000000/00020000/00000000/00000000/00000000/00000000 \
         stores=6/2 pending=activate"
    );
    assert_eq!(pos.legal_actions(), ["activate:a1", "activate:done"]);
    assert_eq!(pos.chance_probability("activate:a1"), None);
    pos.play("activate:done").unwrap();
    assert!(pos.to_fen().ends_with(" stores=6/2"));
    // A move onto a square without truffles owes no find.
    let mut bare = truffle("7+k/8/8/8/3S4/8/8/K7[] w - - 0 1", "0/0");
    bare.play("d4d5").unwrap();
    assert!(!bare.to_fen().contains("pending"));
    // Nor does a move of an active piece onto truffles (only pigs hunt).
    let mut knight = position(
        "truffle",
        "7+k/8/8/8/8/8/8/K+N6[] w - - 0 1 \
         truffles=00000000/00000000/00000000/00000000/00000000/66666666/00000000/00000000 \
         stores=0/0",
    );
    knight.play("b1c3").unwrap();
    assert!(!knight.to_fen().contains("pending"));
    assert!(knight.to_fen().contains(" b - - 1 1 "), "not a pig move");
}

#[test]
fn truffle_activation_costs_and_done() {
    // White's inactive Rook a1 (4), Knight b1 (3), Bishop c1 (3), Queen d1
    // (5), King e1 (6); Black's active king h8. White's store s pays for
    // the pieces costing at most s; with s < 3 nothing is pending after a
    // move (the Boar's h2-g3, no truffles anywhere).
    let board = "7+k/8/8/8/8/8/7H/RNBQK3[] w - - 0 1";
    for (store, want) in [
        (2, &[][..]),
        (3, &["b1", "c1"][..]),
        (4, &["a1", "b1", "c1"][..]),
        (5, &["a1", "b1", "c1", "d1"][..]),
        (6, &["a1", "b1", "c1", "d1", "e1"][..]),
    ] {
        let mut pos = truffle(board, &format!("{store}/0"));
        pos.play("h2g3").unwrap();
        if want.is_empty() {
            // Nothing pending: Black's king moves g8 g7 h7.
            assert!(!pos.to_fen().contains("pending"), "{store}");
            assert_eq!(pos.legal_actions().len(), 3);
        } else {
            let mut expected: Vec<String> =
                want.iter().map(|sq| format!("activate:{sq}")).collect();
            expected.push("activate:done".to_string());
            assert!(pos.to_fen().ends_with(" pending=activate"), "{store}");
            assert_eq!(pos.legal_actions(), expected, "{store}");
        }
    }

    // Store 6: the Knight (3), then the Bishop (3): the store is empty and
    // activation ends by itself. Active pieces are written with `+`.
    let mut pos = truffle(board, "6/0");
    play_all(&mut pos, &["h2g3", "activate:b1"]);
    assert_eq!(
        pos.to_fen(),
        format!("7+k/8/8/8/8/6H1/8/R+NBQK3[] b - - 0 1 {NO_TRUFFLES} stores=3/0 pending=activate")
    );
    assert_eq!(pos.legal_actions(), ["activate:c1", "activate:done"]);
    pos.play("activate:c1").unwrap();
    assert_eq!(
        pos.to_fen(),
        format!("7+k/8/8/8/8/6H1/8/R+N+BQK3[] b - - 0 1 {NO_TRUFFLES} stores=0/0")
    );
    // The King costs all six.
    let mut king = truffle(board, "6/0");
    play_all(&mut king, &["h2g3", "activate:e1"]);
    assert!(king.to_fen().starts_with("7+k/8/8/8/8/6H1/8/RNBQ+K3[] b"));
    assert!(king.to_fen().ends_with(" stores=0/0"));
    // The Queen (5) leaves 1: nothing more to pay for.
    let mut queen = truffle(board, "6/0");
    play_all(&mut queen, &["h2g3", "activate:d1"]);
    assert!(queen.to_fen().ends_with(" stores=1/0"));
    // `activate:done` keeps the store, and ends activation.
    let mut done = truffle(board, "6/0");
    play_all(&mut done, &["h2g3", "activate:done"]);
    assert!(done.to_fen().ends_with(" stores=6/0"));
    assert!(done.play("activate:a1").is_err());

    // perft_expanded counts every activation sequence. From store 6, with
    // activation pending: done; K; Q; R (each ends it: 0, 1, 2 left); N
    // then B or done; B then N or done: 8 sequences. Black's king h8 then
    // has g8 g7 h7 in every one (no activated piece reaches them): 24.
    let pending = truffle("7+k/8/8/8/8/8/8/RNBQK3[] b - - 0 1", "6/0 pending=activate");
    assert_eq!(pending.perft_expanded(0), 1);
    assert_eq!(pending.perft_expanded(1), 24);
    assert_eq!(pending.perft_frozen(1), 0, "nothing moves while pending");
    // Active pieces move as in chess: the Rook activated on a1 (6 - 4 = 2
    // left: activation ends by itself) then has a2..a8 (b1 holds the
    // inactive Knight): 7. The inactive Knight has none.
    let mut active = truffle(board, "6/0");
    play_all(&mut active, &["h2g3", "activate:a1", "h8g8"]);
    assert_eq!(moves_from(&active, "a1"), 7);
    assert_eq!(moves_from(&active, "b1"), 0);
    // Black activates too (its store, its pieces), after its own move.
    let mut black = truffle("r6+k/8/8/8/8/8/8/4K3[] b - - 0 1", "6/4");
    black.play("h8g8").unwrap();
    assert_eq!(black.legal_actions(), ["activate:a8", "activate:done"]);
    black.play("activate:a8").unwrap();
    assert!(black
        .to_fen()
        .starts_with("+r5+k1/8/8/8/8/8/8/4K3[] w - - 1 2"));
    assert!(black.to_fen().ends_with(" stores=6/0"));
}

#[test]
fn truffle_capture_fates() {
    // White: inactive King a1, active Rook a5, Sow d4, active Bishop g2.
    // Black: active king h8, inactive Queen a7, Sow c5, active Rook d5,
    // Boar c4, inactive Bishop e4, active Knight f3. Nothing attacks a1.
    let start = truffle("7+k/q7/8/+R1s+r4/2hSb3/5+n2/6+B1/K7[] w - - 3 10", "0/0");
    let after = |action: &str| {
        let mut pos = start.clone();
        pos.play(action).unwrap();
        let fen = pos.to_fen();
        assert!(
            fen.ends_with(&format!(" {NO_TRUFFLES} stores=0/0")),
            "{fen}"
        );
        fen.split(" truffles").next().unwrap().to_string()
    };
    // A pig takes a pig: it joins the capturer's reserve as its own Boar.
    assert_eq!(
        after("d4c4"),
        "7+k/q7/8/+R1s+r4/2S1b3/5+n2/6+B1/K7[H] b - - 0 10"
    );
    // A pig takes an active piece: back to its owner's reserve, inactive.
    assert_eq!(
        after("d4d5"),
        "7+k/q7/8/+R1sS4/2h1b3/5+n2/6+B1/K7[r] b - - 0 10"
    );
    // A pig takes an inactive piece: gone.
    assert_eq!(
        after("d4e4"),
        "7+k/q7/8/+R1s+r4/2h1S3/5+n2/6+B1/K7[] b - - 0 10"
    );
    // An active piece takes a pig: the capturer's reserve, as its Sow.
    assert_eq!(
        after("a5c5"),
        "7+k/q7/8/2+R+r4/2hSb3/5+n2/6+B1/K7[S] b - - 0 10"
    );
    // An active piece takes an inactive piece: gone.
    assert_eq!(
        after("a5a7"),
        "7+k/+R7/8/2s+r4/2hSb3/5+n2/6+B1/K7[] b - - 0 10"
    );
    // An active piece takes an active piece: gone.
    assert_eq!(
        after("g2f3"),
        "7+k/q7/8/+R1s+r4/2hSb3/5+B2/8/K7[] b - - 0 10"
    );
    // A quiet move of an active piece counts towards the fifty moves.
    assert_eq!(
        after("a5b5"),
        "7+k/q7/8/1+Rs+r4/2hSb3/5+n2/6+B1/K7[] b - - 4 10"
    );
    // Black's Boar takes White's active Queen: White's reserve gets an
    // inactive Queen; the move number goes up after Black's move.
    let mut black = truffle("7+k/8/8/4h3/3+Q4/8/8/K7[] b - - 0 1", "0/0");
    black.play("e5d4").unwrap();
    assert!(black
        .to_fen()
        .starts_with("7+k/8/8/8/3h4/8/8/K7[Q] w - - 0 2 "));
    // Reserves are written White's first, each in the order S H K Q R B N,
    // whatever order the FEN gave.
    let mixed = truffle("7+k/8/8/8/8/8/8/K7[nSbHQs] w - - 0 1", "0/0");
    assert!(mixed.to_fen().starts_with("7+k/8/8/8/8/8/8/K7[SHQsbn] w"));
}

#[test]
fn truffle_drops() {
    // White: inactive King e1, active Bishop c1 (a dark square), four
    // Boars on the light squares b3 d3 f3 h3; reserve Sow, Boar, Knight,
    // Bishop. Black: active king h8.
    // Boars: b3 a4 c4 a2 c2 d5 (5); d3 c4 e4 c2 e2 b5 f5 (6); f3 e4 g4 e2
    // g2 d5 h5 (6); h3 g4 g2 f5 (3): 20. Bishop c1: b2 a3 d2 e3 f4 g5 h6:
    // 7. Drops: the Sow on any of the 8 squares of rank 2; the Boar only
    // on the dark b2 d2 f2 h2 (a fifth Boar on light squares is refused);
    // the Knight on any empty square of rank 1, a1 b1 d1 f1 g1 h1 (6); the
    // Bishop only on the light b1 d1 f1 h1 (a second Bishop on dark
    // squares is refused): 8 + 4 + 6 + 4 = 22. 49.
    let pos = truffle("7+k/8/8/8/8/1H1H1H1H/8/2+B1K3[SHNB] w - - 5 20", "0/0");
    check_moves(
        &pos,
        49,
        &[
            "S@a2", "S@c2", "H@b2", "H@h2", "N@a1", "N@g1", "B@b1", "B@h1", "c1h6",
        ],
        &[
            "H@a2", "H@c2", "B@a1", "B@g1", "N@e1", "N@a2", "S@a1", "S@a3",
        ],
    );
    // A drop resets the fifty-move count; the piece is inactive.
    let mut bishop = pos.clone();
    bishop.play("B@d1").unwrap();
    assert_eq!(
        bishop.to_fen(),
        format!("7+k/8/8/8/8/1H1H1H1H/8/2+BBK3[SHN] b - - 0 20 {NO_TRUFFLES} stores=0/0")
    );
    // With 3 in the store, the dropped Knight can be activated at once.
    let mut knight = truffle("7+k/8/8/8/8/1H1H1H1H/8/2+B1K3[SHNB] w - - 5 20", "3/0");
    knight.play("N@b1").unwrap();
    assert_eq!(knight.legal_actions(), ["activate:b1", "activate:done"]);
    knight.play("activate:b1").unwrap();
    assert!(knight
        .to_fen()
        .starts_with("7+k/8/8/8/8/1H1H1H1H/8/1+N+B1K3[SHB] b - - 0 20 "));

    // Black drops on its own ranks: pigs on rank 7, pieces on rank 8. Its
    // king e8: d8 f8 d7 e7 f7 (5); Sow on a7..h7 (8); Knight on the 7
    // empty squares of rank 8: 20. A drop onto truffles owes no find (a7
    // has 3 here; in play ranks 1, 2, 7, 8 never have any).
    let black = position(
        "truffle",
        "4+k3/8/8/8/8/8/8/4K3[sn] b - - 0 1 \
         truffles=00000000/30000000/00000000/00000000/00000000/00000000/00000000/00000000 \
         stores=0/0",
    );
    check_moves(
        &black,
        20,
        &["S@a7", "S@h7", "N@a8", "N@h8"],
        &["S@a2", "N@a1", "S@a8", "N@e8"],
    );
    let mut sow = black.clone();
    sow.play("S@a7").unwrap();
    assert!(sow
        .to_fen()
        .starts_with("4+k3/s7/8/8/8/8/8/4K3[n] w - - 0 2 "));
    assert!(!sow.to_fen().contains("pending"));
    // The limits are per side: Black's two light-square Bishops do not stop
    // White's Bishop drop on a light square.
    let limits = truffle("1b1b3+k/8/8/8/8/8/8/4K3[B] w - - 0 1", "0/0");
    check_moves(&limits, 7, &["B@b1", "B@a1"], &[]);
}

#[test]
fn truffle_check_by_pigs_and_active_pieces_only() {
    // The page's mate: White King c7 (or c8), Sow a6; Black king a8. The
    // Sow attacks a7 (a step) and a8 (the two-step over the empty a7), the
    // King b7 and b8. Black has no move.
    let mate = truffle("+k7/2+K5/S7/8/8/8/8/8[] b - - 0 1", "0/0");
    check_moves(&mate, 0, &[], &[]);
    let mate8 = truffle("+k1+K5/8/S7/8/8/8/8/8[] b - - 0 1", "0/0");
    check_moves(&mate8, 0, &[], &[]);
    // With White's King inactive it covers nothing: b7 and b8 are free.
    let inactive_king = truffle("+k7/2K5/S7/8/8/8/8/8[] b - - 0 1", "0/0");
    check_moves(&inactive_king, 2, &["a8b7", "a8b8"], &["a8a7"]);

    // An inactive Queen on a1 gives no check: a7 b7 b8 (3). Active, it
    // covers the a-file: b7 b8 (2).
    let quiet = truffle("+k7/8/8/8/8/8/8/Q3K3[] b - - 0 1", "0/0");
    check_moves(&quiet, 3, &["a8a7"], &[]);
    let check = truffle("+k7/8/8/8/8/8/8/+Q3K3[] b - - 0 1", "0/0");
    check_moves(&check, 2, &["a8b7"], &["a8a7"]);

    // The Sow's two-step a6-a8 checks over an empty a7 or an inactive
    // piece, not over an active one. Black also has an active Rook h2 (a2..g2
    // h1 h3..h8: 14 moves, none of which reaches a6 or a7).
    let over = |rank7: &str| truffle(&format!("+k7/{rank7}/S7/8/8/8/7+r/4K3[] b - - 0 1"), "0/0");
    // Empty a7: check; the king's b7 b8 (a7 is covered by the Sow's step).
    check_moves(&over("8"), 2, &["a8b7", "a8b8"], &["h2h3", "a8a7"]);
    // Black's inactive Knight on a7: leapt, still check: 2.
    check_moves(&over("n7"), 2, &["a8b7"], &["h2h3"]);
    // White's inactive Knight on a7: check, and taking it walks into the
    // Sow's step: 2.
    check_moves(&over("N7"), 2, &["a8b8"], &["a8a7", "h2h3"]);
    // Black's active Knight on a7 blocks: no check. The Knight is pinned
    // (leaving a7 opens the two-step), the king has b7 b8, the Rook its
    // 14: 16.
    check_moves(
        &over("+n7"),
        16,
        &["a8b7", "h2h3", "h2a2"],
        &["a7c6", "a7b5"],
    );

    // A Boar's two-step c6-e8 over d7 checks too. King e8: d8 f8 e7 f7 (d7
    // is covered by the Boar's step): 4.
    let boar = truffle("4+k3/8/2H5/8/8/8/8/4K3[] b - - 0 1", "0/0");
    check_moves(&boar, 4, &["e8d8", "e8e7"], &["e8d7"]);
    // An inactive king is attacked like an active one: Black's inactive
    // king e8 cannot move, so the same Boar mates it.
    let stuck = truffle("4k3/8/2H5/8/8/8/8/4K3[] b - - 0 1", "0/0");
    check_moves(&stuck, 0, &[], &[]);
    // An inactive king attacks nothing: White's active King e6 may go to
    // d7 e7 f7 next to it, all 8 squares (d5 e5 f5 d6 f6 d7 e7 f7). After
    // e6e7 the inactive king is in check, cannot move, and Black has no
    // other piece: mate.
    let mut kings = truffle("4k3/8/4+K3/8/8/8/8/8[] w - - 0 1", "0/0");
    check_moves(&kings, 8, &["e6e7", "e6d7", "e6f7"], &[]);
    kings.play("e6e7").unwrap();
    check_moves(&kings, 0, &[], &[]);
    // A drop may answer a check by a slider: White's active Rook a8 checks
    // Black's inactive king h8 along rank 8. The king cannot move; the
    // Knight dropped on b8..g8 blocks (6); a Sow dropped on rank 7 does
    // not: 6.
    let drop_block = truffle("+R6k/8/8/8/8/8/8/4K3[sn] b - - 0 1", "0/0");
    check_moves(&drop_block, 6, &["N@b8", "N@g8"], &["S@a7", "S@h7"]);
}

#[test]
fn truffle_constructed_positions_depth_one() {
    // The middlegame. White: drops of its reserve Boar on the empty b2 c2
    // e2 (3); Sow a2 a3 a4 b2 (3); Boar c3 b4 d4 b2 and a5 over b4 (e5 is
    // its own Sow) (4); Sow d2 c2 e2 d3 d4 (4); Sow e5 takes d5 e4 e6,
    // f5, e7 over the Boar e6 (5); Boar f2 e3 g3 g1, d4 h4 over them (5);
    // Knight f3 d4 g5 h4 g1 (4); Boar g2 h3 (its two-step is blocked by the
    // active Knight f3) (1); Sow h2 h3 h4 (2); King e1 none (e2 is covered
    // by the two-step of the Black Sow e4): 31.
    // Expanded: 18 of those are pig moves onto truffles (all of ranks 3-6
    // have some): not found 1, eaten 1, kept 3 (the store becomes 3 and
    // pays for either inactive Bishop, c1 or f1, or nothing: done), 5
    // each; the other 13 (drops, moves to rank 1, 2 or 7, the Knight's)
    // 1 each (a store of 2 pays for nothing): 90 + 13 = 103.
    let middle = position("truffle", TRUFFLE_MIDDLEGAME);
    check_moves(
        &middle,
        31,
        &["H@e2", "c3a5", "e5e7", "g2h3"],
        &["g2e4", "e1e2"],
    );
    assert_eq!(middle.perft_expanded(1), 103);

    // The rich position: 29 moves (listed below); 22 are pig moves onto
    // truffles. White's store, 5, pays after every move for: done; the
    // Queen (0 left); a Rook (1 left, x2); a Knight or Bishop (2 left, x4):
    // 8 sequences. A kept truffle makes it 6: done; King; Queen; a Rook
    // (x2); a minor piece (x4), then one of the other three minor pieces
    // or done (4 each): 1 + 1 + 1 + 2 + 16 = 21. A find: 8 + 8 + 21 = 37.
    // 22 x 37 + 7 x 8 = 870.
    let rich = position("truffle", TRUFFLE_RICH);
    let moves = sorted_moves(&rich);
    assert_eq!(
        moves,
        [
            "H@b2", "H@c2", "H@e2", "a2a3", "a2a4", "a2b2", "c3a5", "c3b2", "c3b4", "c3e5", "d2c2",
            "d2d3", "d2e2", "d4b6", "d4c5", "d4e3", "d4e5", "d4f6", "e4e3", "e4e5", "e4e6", "e4f4",
            "f2e3", "f2g3", "f2h4", "g2f3", "g2h3", "h2h3", "h2h4"
        ]
    );
    assert_eq!(rich.perft_expanded(1), 870);

    // The ending. White: Bishop drops on a1 b1 d1 f1 g1 h1 (it has no
    // Bishop) (6); Sow drops on rank 2 but c2 (7); Sow b6 a6 c6 b5 b7,
    // b8 over b7 (5); King c1 b1 d1 d2 (b2 is covered by the Bishop d4)
    // (3); Boar c2 b1 d1 b3 d3, a4 e4 over them (6): 27. Expanded: a
    // dropped Bishop can be activated with the store's 3, or not (2 each);
    // the Sow's a6 and c6 have a truffle (3 outcomes each; a kept one
    // makes 4, which pays for nothing: the Queen costs 5); the rest 1:
    // 12 + 7 + (3 + 3 + 1 + 1 + 1) + 3 + 6 = 37.
    let ending = position("truffle", TRUFFLE_ENDING);
    check_moves(&ending, 27, &["B@g1", "b6b8", "c1d2"], &["c1b2", "S@c2"]);
    assert_eq!(ending.perft_expanded(1), 37);
}

#[test]
fn truffle_fen_round_trips_and_errors() {
    let fens = [
        TRUFFLE_START,
        TRUFFLE_MIDDLEGAME,
        TRUFFLE_RICH,
        TRUFFLE_ENDING,
        "rnbqkbnr/shhsshhs/8/8/4S3/8/SHHS1HHS/RNBQKBNR[] b KQkq - 0 1 \
         truffles=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
         stores=0/0 pending=find:e4",
        "rnbqkbnr/shhs1hhs/8/4s3/4S3/8/SHHS1HHS/RNBQKBNR[] w - - 0 2 \
         truffles=00000000/00000000/66666666/66666666/66665666/66666666/00000000/00000000 \
         stores=1/5 pending=find:e5",
        "7+k/8/8/3S4/8/8/8/K7[] b - - 0 1 \
         truffles=00000000/00000000/00000000/00020000/00000000/00000000/00000000/00000000 \
         stores=6/2 pending=activate",
        "+r5+k1/8/8/8/8/8/8/4K3[SSHHQRBNshqrbn] w - - 61 99 \
         truffles=12345600/00000000/66666666/65432100/00123456/66666666/00000000/00000000 \
         stores=0/6",
    ];
    for fen in fens {
        let pos = position("truffle", fen);
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(position("truffle", &pos.to_fen()), pos);
    }
    // The extension fields may come in any order; they are written
    // truffles, stores, pending.
    let swapped = position(
        "truffle",
        &format!("7+k/8/8/8/8/8/8/K7[] w - - 0 1 stores=2/3 {NO_TRUFFLES}"),
    );
    assert_eq!(
        swapped.to_fen(),
        format!("7+k/8/8/8/8/8/8/K7[] w - - 0 1 {NO_TRUFFLES} stores=2/3")
    );

    let ok = "7+k/8/8/8/4S3/8/8/K7[] b - - 0 1";
    let t = NO_TRUFFLES;
    // One truffle, on e4.
    let e4 = "truffles=00000000/00000000/00000000/00000000/00001000/00000000/00000000/00000000";
    let bad = [
        // Holdings missing, unclosed, or with a king, a `+` or a pawn.
        format!("7+k/8/8/8/4S3/8/8/K7 b - - 0 1 {t} stores=0/0"),
        format!("7+k/8/8/8/4S3/8/8/K7[ b - - 0 1 {t} stores=0/0"),
        format!("7+k/8/8/8/4S3/8/8/K7[K] b - - 0 1 {t} stores=0/0"),
        format!("7+k/8/8/8/4S3/8/8/K7[+N] b - - 0 1 {t} stores=0/0"),
        format!("7+k/8/8/8/4S3/8/8/K7[P] b - - 0 1 {t} stores=0/0"),
        // `+` on a pig, `+` at the end of a rank, a pawn.
        format!("7+k/8/8/8/4+S3/8/8/K7[] b - - 0 1 {t} stores=0/0"),
        format!("7+k/8/8/8/4S2+/8/8/K7[] b - - 0 1 {t} stores=0/0"),
        format!("7+k/8/8/8/4P3/8/8/K7[] b - - 0 1 {t} stores=0/0"),
        // Truffle counts: above 6, too few ranks, a short rank, missing.
        format!("{ok} truffles=70000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000 stores=0/0"),
        format!("{ok} truffles=00000000/00000000/00000000/00000000/00000000/00000000/00000000 stores=0/0"),
        format!("{ok} truffles=0000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000 stores=0/0"),
        format!("{ok} stores=0/0"),
        // Stores: above 6, one side only, two digits, missing.
        format!("{ok} {t} stores=7/0"),
        format!("{ok} {t} stores=0"),
        format!("{ok} {t} stores=00/0"),
        format!("{ok} {t}"),
        format!("{ok} {t} stores=0/0 stores=0/0"),
        // Pending: activation nobody can pay for; a find on a square
        // without truffles, without a pig, or with the side to move's pig;
        // dice fields.
        format!("{ok} {t} stores=2/0 pending=activate"),
        format!("{ok} {t} stores=0/0 pending=find:e4"),
        format!("7+k/8/8/8/4S3/8/8/K7[] b - - 0 1 {e4} stores=0/0 pending=find:d4"),
        format!("7+k/8/8/8/4S3/8/8/K7[] w - - 0 1 {e4} stores=0/0 pending=find:e4"),
        format!("{ok} {t} stores=0/0 pending=roll"),
        format!("{ok} {t} stores=0/0 knights=2:1/2:1"),
        // Castling rights without the King and Rook on their squares, en
        // passant, `~`.
        format!("7+k/8/8/8/4S3/8/8/K7[] b KQkq - 0 1 {t} stores=0/0"),
        format!("7+k/8/8/8/4S3/8/8/K7[] b - e3 0 1 {t} stores=0/0"),
        format!("{ok} {t} stores=0/0 ~e4"),
    ];
    for fen in &bad {
        assert!(RefPosition::from_fen("truffle", fen).is_err(), "{fen}");
    }
    // Truffle fields and holdings are errors in other games.
    for (variant, fen) in [
        ("chess", format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {t}")),
        (
            "chess",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 stores=0/0".to_string(),
        ),
        ("chess", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1".to_string()),
        ("chess", "4k3/8/8/8/8/8/8/4+K3 w - - 0 1".to_string()),
        (
            "carnival",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1 knights=2:1/2:1 pending=activate".to_string(),
        ),
    ] {
        assert!(
            RefPosition::from_fen(variant, &fen).is_err(),
            "{variant}: {fen}"
        );
    }
}

#[test]
fn truffle_random_games_round_trip_through_fen() {
    // Fixed-seed walks through every kind of action: each state (moves,
    // drops, pending finds, pending activations) reads back equal from its
    // own FEN, every listed action can be played, and the find outcomes'
    // probabilities sum to 1.
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let (mut finds, mut activations, mut drops, mut captures) = (0, 0, 0, 0);
    for _game in 0..8 {
        let mut pos = RefPosition::startpos("truffle").unwrap();
        for _ply in 0..300 {
            let actions = pos.legal_actions();
            if actions.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut unique = actions.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), actions.len(), "listed twice");
            if actions[0].starts_with("find:") {
                let total: f64 = actions
                    .iter()
                    .map(|a| pos.chance_probability(a).unwrap())
                    .sum();
                assert!((total - 1.0).abs() < 1e-12);
            }
            let action = &actions[(seed % actions.len() as u64) as usize];
            finds += usize::from(action.starts_with("find:"));
            activations +=
                usize::from(action.starts_with("activate:") && action != "activate:done");
            drops += usize::from(action.contains('@'));
            let reserves = |fen: &str| fen.split(['[', ']']).nth(1).unwrap().len();
            let before = reserves(&pos.to_fen());
            pos.play(action).unwrap();
            let fen = pos.to_fen();
            captures += usize::from(reserves(&fen) > before);
            assert_eq!(position("truffle", &fen), pos, "{fen}");
        }
    }
    assert!(finds > 0 && activations > 0 && drops > 0 && captures > 0);
}

// ---------------------------------------------------------------- mode dice

/// The games where the throw is the mover's mode.
const MODE_GAMES: [&str; 5] = [
    "updown",
    "multipawn",
    "armyorientation",
    "pieceorientation",
    "montypython",
];

/// The d2 pawn's moves among a position's legal moves, sorted.
fn pawn_moves_from(pos: &RefPosition, square: &str) -> Vec<String> {
    let mut moves = sorted_moves(pos);
    moves.retain(|m| m.starts_with(square));
    moves
}

#[test]
fn mode_games_start_perft() {
    // Frozen: nothing is ever thrown, so both sides keep the mode `-` and
    // play chess with Eurofighter pawns: Carnival with plain Knights, whose
    // numbers docs/rules/carnival.md gives (20, 400, 8902, 197985).
    //
    // Expanded 1: 20 moves, each followed by one of 6 throws (one die) or
    // 36 (two dice told apart), with no choice after a throw: 120, 720.
    // Expanded 2: after White's move and throw Black still has its 20
    // moves whatever White's mode: no White piece one move from the start
    // reaches e8 or a line through a Black piece to e8 in any mode (the
    // longest new reach, the Nightpig's (2, 4) from c3 or f3, lands on a
    // Black pawn on rank 7), and Black moves by its own mode `-`. So
    // 20 x 6 x 20 x 6 = 14400 and 20 x 36 x 20 x 36 = 518400.
    for variant in MODE_GAMES {
        let pos = RefPosition::startpos(variant).unwrap();
        let (register, throws) = if variant == "pieceorientation" {
            ("dice", 36)
        } else {
            ("die", 6)
        };
        assert_eq!(
            pos.to_fen(),
            format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {register}=-/-")
        );
        assert_eq!(pawn_moves_from(&pos, "d2"), ["d2d3", "d2d3,d3d4"]);
        for (depth, want) in [(1, 20), (2, 400), (3, 8902), (4, 197985)] {
            assert_eq!(pos.perft_frozen(depth), want, "{variant} frozen {depth}");
        }
        assert_eq!(pos.perft_expanded(1), 20 * throws, "{variant}");
        assert_eq!(
            pos.perft_expanded(2),
            20 * throws * 20 * throws,
            "{variant}"
        );
    }
}

#[test]
fn mode_games_turn_structure_and_throw_probabilities() {
    // One die: `roll:1` .. `roll:6`, each 1/6, and the face is the mode.
    let mut pos = RefPosition::startpos("updown").unwrap();
    assert_eq!(pos.chance_probability("roll:3"), None, "no roll pending");
    pos.play("e2e3").unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 die=-/- pending=roll"
    );
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        pos.legal_actions(),
        ["roll:1", "roll:2", "roll:3", "roll:4", "roll:5", "roll:6"]
    );
    assert_eq!(pos.chance_probability("roll:3"), Some(1.0 / 6.0));
    assert_eq!(pos.chance_probability("roll:7"), None);
    assert_eq!(pos.chance_probability("roll:3:1"), None);
    assert!(pos.play("roll:0").is_err());
    pos.play("roll:3").unwrap();
    // No choice after the throw: Black moves at once, by its mode `-`.
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 die=3/-"
    );
    assert_eq!(pos.legal_actions().len(), 20);
    pos.play("e7e6,e6e5").unwrap();
    pos.play("roll:6").unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/4P3/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 die=3/6"
    );

    // Two dice told apart: 36 throws, first die first, each 1/36; 2:5 and
    // 5:2 are different throws (Rooks as Makruk pieces, Queen as a Khun).
    let mut two = RefPosition::startpos("pieceorientation").unwrap();
    two.play("e2e3").unwrap();
    let throws = two.legal_actions();
    assert_eq!(throws.len(), 36);
    assert_eq!(throws[0], "roll:1:1");
    assert_eq!(throws[1], "roll:1:2");
    assert_eq!(throws[35], "roll:6:6");
    assert_eq!(two.chance_probability("roll:2:5"), Some(1.0 / 36.0));
    assert_eq!(two.chance_probability("roll:5:2"), Some(1.0 / 36.0));
    assert_eq!(two.chance_probability("roll:2"), None);
    let total: f64 = throws
        .iter()
        .map(|t| two.chance_probability(t).unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    two.play("roll:2:5").unwrap();
    assert_eq!(
        two.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 dice=2:5/-"
    );
}

#[test]
fn mode_games_promoted_piece_moves_as_the_new_mode() {
    // White b7-b8 stays a pawn until the throw; then the piece is chosen,
    // and it moves (and checks) as the throw says. Black's king e8 has d8
    // f8 d7 e7 f7 unless covered.
    let start = position("updown", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 die=-/-");
    let mut pos = start.clone();
    pos.play("b7b8").unwrap();
    assert_eq!(
        pos.to_fen(),
        "1P2k3/8/8/8/8/8/8/4K3 b - - 0 1 die=-/- pending=roll"
    );
    pos.play("roll:3").unwrap();
    assert_eq!(
        pos.to_fen(),
        "1P2k3/8/8/8/8/8/8/4K3 b - - 0 1 die=3/- pending=promote:b8"
    );
    assert_eq!(
        pos.legal_actions(),
        ["promote:q", "promote:r", "promote:b", "promote:n"]
    );
    for (throw, piece, count, covered) in [
        // Face 3: the Knight is a Helm, its two leaps forward leave the
        // board: nothing covered.
        ("roll:3", "promote:n", 5, ""),
        // Face 4: the Nightpig has the Knight's d7.
        ("roll:4", "promote:n", 4, "e8d7"),
        // Face 1: the Queen has no sideways Rook move (no check along the
        // rank) and its diagonal c7 d6 misses the king's squares.
        ("roll:1", "promote:q", 5, ""),
        // Face 2: the Queen checks along the rank (d8 and f8 covered) and
        // has no backward diagonal (d7 e7 f7 free): 3.
        ("roll:2", "promote:q", 3, "e8d8"),
    ] {
        let mut pos = start.clone();
        for action in ["b7b8", throw, piece] {
            pos.play(action).unwrap();
        }
        let absent: &[&str] = if covered.is_empty() { &[] } else { &[covered] };
        check_moves(&pos, count, &[], absent);
    }
}

#[test]
fn updown_face_1_rook_forward_only_and_no_castling() {
    // Face 1: Rooks `fR` (a1: a2..a8, h1: h2..h8, 7 each), King `FfW` (d2
    // e2 f2), no castling: 17.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let one = position("updown", &format!("{fen} die=1/-"));
    check_moves(
        &one,
        17,
        &["a1a8", "h1h8", "e1d2", "e1e2", "e1f2"],
        &["e1g1", "e1c1", "a1b1", "h1g1", "e1d1", "e1f1"],
    );
    // Face 2 changes neither Rook: a1 7 + b1 c1 d1, h1 7 + g1 f1; King
    // `WfF` d1 f1 e2 d2 f2; both castlings: 10 + 9 + 5 + 2 = 26.
    let two = position("updown", &format!("{fen} die=2/-"));
    check_moves(&two, 26, &["e1g1", "e1c1", "a1d1", "e1f1"], &[]);
    // Black's forward is down: its face-1 Rook a8 goes a7..a1 only, its
    // King `FfW` d7 e7 f7; no castling: 10.
    let black = position("updown", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1 die=-/1");
    check_moves(
        &black,
        10,
        &["a8a1", "e8d7", "e8e7", "e8f7"],
        &["a8b8", "e8d8", "e8c8"],
    );
}

#[test]
fn updown_nightpig_leaps() {
    // Face 4: Knight d1 has b2 c3 e3 f2 and the Nightpig's true leaps to b5
    // and f5 over the pawns (6); pawns c2 d2 e2 a step and a straight
    // two-step each (6); King f1 f2 (2). 14.
    let fen = "4k3/8/8/8/8/8/2PPP3/3NK3 w - - 0 1";
    let pig = position("updown", &format!("{fen} die=4/-"));
    check_moves(&pig, 14, &["d1b5", "d1f5", "d1b2", "d1f2"], &[]);
    // Face 3: the Helm keeps only c3 and e3. 10.
    let helm = position("updown", &format!("{fen} die=3/-"));
    check_moves(&helm, 10, &["d1c3", "d1e3"], &["d1b2", "d1f2", "d1b5"]);

    // Black's Nightpig d8 leaps four ranks down: it checks the White king
    // on f4. A leap cannot be blocked and the Rook cannot take d8, so only
    // the king's 8 squares remain (none covered by b7 c6 e6 f7 b4 f4 or
    // the king e8).
    let fen = "3nk3/8/8/8/5K2/8/8/R7 w - - 0 1";
    let check = position("updown", &format!("{fen} die=-/4"));
    check_moves(&check, 8, &["f4e5", "f4g3"], &["a1a2"]);
    // Face 5 leaves the Knight a Knight: no check; King 8 + Rook 14.
    let quiet = position("updown", &format!("{fen} die=-/5"));
    check_moves(&quiet, 22, &["a1a2"], &[]);
}

#[test]
fn army_face_2_horse_is_blocked() {
    // White Knight d4 with its own pawn on d5 and a Black pawn on e4:
    // as a Horse (face 2) it is blocked towards c6 e6 (by d5) and f5 f3
    // (by e4), free to e2 c2 b3 b5 (4); pawn d5 `fW` d6 (1); King h1 as a
    // General g1 h2 (2). 7.
    let fen = "k7/8/8/3P4/3Np3/8/8/7K w - - 0 1";
    let horse = position("armyorientation", &format!("{fen} die=2/-"));
    check_moves(
        &horse,
        7,
        &["d4e2", "d4c2", "d4b3", "d4b5", "d5d6", "h1g1", "h1h2"],
        &["d4c6", "d4e6", "d4f5", "d4f3", "h1g2"],
    );
    // Face 3, the Helmed Mao: its two forwardmost leaps are free (c6 e6),
    // the rest still lame (6); pawn 1; King (Prince) g1 g2 h2 (3). 10.
    let mao = position("armyorientation", &format!("{fen} die=3/-"));
    check_moves(&mao, 10, &["d4c6", "d4e6", "h1g2"], &["d4f5", "d4f3"]);
    // Face 4, chess: Knight 8, pawn 1, King 3. 12.
    let chess = position("armyorientation", &format!("{fen} die=4/-"));
    check_moves(&chess, 12, &["d4f5", "d4f3", "d4c6"], &[]);
}

#[test]
fn army_face_1_back_rank_pieces_move_as_in_chess() {
    // Face 1. Rook a8 and Knight c8 stand on the enemy back rank: as in
    // chess, a7..a1 and b8 (8), a7 b6 d6 e7 (4). Rook b2 is a Lance, b3..b8
    // (6). King e1 `K` d1 d2 e2 f1 f2 (5). 23.
    let white = position(
        "armyorientation",
        "R1N5/8/8/7k/8/8/1R6/4K3 w - - 0 1 die=1/-",
    );
    check_moves(
        &white,
        23,
        &["a8a1", "a8b8", "c8a7", "c8e7", "b2b8"],
        &["b2b1", "b2a2", "b2c2"],
    );
    // They attack as in chess too. Black's Rook a1 (its enemy back rank)
    // under Black's face 1 checks along rank 1: King d2 e2 f2 only.
    let rook = position("armyorientation", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1 die=4/1");
    check_moves(&rook, 3, &["e1d2", "e1e2", "e1f2"], &["e1d1", "e1f1"]);
    // Black's Knight c1 covers a2 b3 d3 e2: King d1 d2 f1 f2.
    let knight = position("armyorientation", "4k3/8/8/8/8/8/8/2n1K3 w - - 0 1 die=4/1");
    check_moves(&knight, 4, &["e1d1", "e1d2"], &["e1e2"]);
    // Black's Rook on a2 is no back-rank piece: a Lance going down, it
    // covers a1 only. King d1 d2 e2 f1 f2.
    let lance = position("armyorientation", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1 die=4/1");
    check_moves(&lance, 5, &["e1d1", "e1e2"], &[]);
}

#[test]
fn pieceorientation_king_forms_and_castling() {
    // First die 6 picks the King: 6:2 a General (Wazir), 6:4 the Met
    // (Ferz), 6:1 the Shogi King (all 8).
    let fen = "4k3/8/8/8/3K4/8/8/8 w - - 0 1";
    for (dice, want) in [
        ("6:2", vec!["d4c4", "d4d3", "d4d5", "d4e4"]),
        ("6:4", vec!["d4c3", "d4c5", "d4e3", "d4e5"]),
    ] {
        let pos = position("pieceorientation", &format!("{fen} dice={dice}/-"));
        assert_eq!(sorted_moves(&pos), want, "{dice}");
    }
    let shogi = position("pieceorientation", &format!("{fen} dice=6:1/-"));
    check_moves(&shogi, 8, &[], &[]);

    // Castling is lost when the Rooks or the King are picked (first die 2
    // or 6), even when they move as in chess. Rooks 10 + 9, King 5, and
    // the two castlings otherwise.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    for (dice, want) in [
        ("6:1", 24),
        ("2:3", 24),
        ("2:6", 24),
        ("3:1", 26),
        ("5:2", 26),
    ] {
        let pos = position("pieceorientation", &format!("{fen} dice={dice}/-"));
        let castles = want == 26;
        assert_eq!(pos.legal_moves().len(), want, "{dice}");
        assert_eq!(
            pos.legal_moves().contains(&"e1g1".to_string()),
            castles,
            "{dice}"
        );
    }

    // 4:2, Bishops as Xiangqi Elephants: c1 to a3 is blocked by the Black
    // pawn b2, to e3 free (1); King d1 d2 e2 f1 f2 (5). 4:1, the Silver:
    // c1xb2, d2, c2 (3) + 5.
    let fen = "4k3/8/8/8/8/8/1p6/2B1K3 w - - 0 1";
    let elephant = position("pieceorientation", &format!("{fen} dice=4:2/-"));
    check_moves(&elephant, 6, &["c1e3"], &["c1a3", "c1b2"]);
    let silver = position("pieceorientation", &format!("{fen} dice=4:1/-"));
    check_moves(&silver, 8, &["c1b2", "c1d2", "c1c2"], &["c1e3"]);
}

#[test]
fn pieceorientation_picked_pawns_cannot_two_step_or_take_en_passant() {
    // White pawn e2 (unmoved), Black pawn d4 (covers c3 e3). 1:4, the Bia:
    // e3 only, no two-step (1); King d1 d2 f1 f2 (4). 5.
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let bia = position("pieceorientation", &format!("{fen} dice=1:4/-"));
    check_moves(&bia, 5, &["e2e3"], &["e2e3,e3e4", "e2e3,e3d4"]);
    // 2:1 leaves the pawns Eurofighters: e3, e3-e4, e3xd4. 7.
    let free = position("pieceorientation", &format!("{fen} dice=2:1/-"));
    check_moves(&free, 7, &["e2e3,e3e4", "e2e3,e3d4"], &[]);

    // Black has just played d7-d6-d5 next to White's e5 (moved). 1:5, the
    // Pointpawn: e6 but no e5xd6 en passant (1); King 5. 6.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let point = position("pieceorientation", &format!("{fen} dice=1:5/-"));
    check_moves(&point, 6, &["e5e6"], &["e5d6"]);
    // 3:1: the pawn is a Eurofighter again and takes en passant. 7.
    let mut taker = position("pieceorientation", &format!("{fen} dice=3:1/-"));
    check_moves(&taker, 7, &["e5d6"], &[]);
    taker.play("e5d6").unwrap();
    assert_eq!(
        taker.to_fen(),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2 dice=3:1/- pending=roll"
    );
}

#[test]
fn multipawn_two_step_kinds_by_face() {
    // White pawn d2; Black pawns c3, b4, e4 (none covers h1's squares).
    // Single steps d3 and dxc3 always; two-steps: d3-d4 (QQ), d3xe4 (QC),
    // xc3-c4 (CQ), xc3xb4 (CC); d3-c4 and xc3-d4 find nothing to take.
    // King g1 g2 h2.
    let fen = "k7/8/8/8/1p2p3/2p5/3P4/7K w - - 0 1";
    let (qq, qc, cq, cc) = ("d2d3,d3d4", "d2d3,d3e4", "d2c3,c3c4", "d2c3,c3b4");
    for (face, two_steps) in [
        ("-", vec![cc, cq, qq, qc]),
        ("1", vec![]),
        ("2", vec![qq]),
        ("3", vec![cc]),
        ("4", vec![cc, qq]),
        ("5", vec![cq, qc]),
        ("6", vec![cc, cq, qq, qc]),
    ] {
        let pos = position("multipawn", &format!("{fen} die={face}/-"));
        let mut want = vec!["d2c3", "d2d3"];
        want.extend(two_steps);
        want.sort();
        assert_eq!(pawn_moves_from(&pos, "d2"), want, "face {face}");
        assert_eq!(pos.legal_moves().len(), want.len() + 3, "face {face}");
    }
}

#[test]
fn multipawn_en_passant_by_the_kind_of_the_two_step() {
    // Black's QC two-step d7-d6xe5 (it took a White piece on e5); White's
    // pawn c5 covers d6. It may take en passant under faces allowing QC:
    // 5, 6 and `-`; not under 2, 3, 4. Pawn c6 (+ c5xd6), King 5.
    let fen = "4k3/8/8/2P1p3/8/8/8/4K3 w - d7d6,d6e5 0 2";
    for (face, takes) in [
        ("5", true),
        ("6", true),
        ("-", true),
        ("2", false),
        ("3", false),
        ("4", false),
    ] {
        let pos = position("multipawn", &format!("{fen} die={face}/2"));
        let (count, present, absent): (usize, &[&str], &[&str]) = if takes {
            (7, &["c5d6"], &[])
        } else {
            (6, &[], &["c5d6"])
        };
        check_moves(&pos, count, present, absent);
    }
    let mut taken = position("multipawn", &format!("{fen} die=5/2"));
    taken.play("c5d6").unwrap();
    assert_eq!(
        taken.to_fen(),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2 die=5/2 pending=roll"
    );
    // Black's QQ two-step d7-d6-d5: under 5 (QC, CQ) no, under 2 and 4 yes.
    let fen = "4k3/8/8/2Pp4/8/8/8/4K3 w - d7d6,d6d5 0 2";
    for (face, count) in [("5", 6), ("2", 7), ("4", 7)] {
        let pos = position("multipawn", &format!("{fen} die={face}/2"));
        assert_eq!(pos.legal_moves().len(), count, "face {face}");
    }
    // Read `-`, nobody may take.
    let none = position("multipawn", "4k3/8/8/2Pp4/8/8/8/4K3 w - - 0 2 die=2/2");
    check_moves(&none, 6, &[], &["c5d6"]);
    // The field is written as the two-step itself, after every two-step.
    let mut pos = RefPosition::startpos("multipawn").unwrap();
    pos.play("d2d3,d3d4").unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d2d3,d3d4 0 1 die=-/- pending=roll"
    );
}

#[test]
fn multipawn_two_step_attacks_only_by_allowed_kinds() {
    // Black pawn e7 (unmoved), White pawn d6, White King e5, Rook h2.
    // e7xd6xe5 (CC) checks e5; e7-e6xd5 / xf5 (QC) cover d5 f5; e7 covers
    // f6 directly. King: d4 e4 f4 e6 always, d5 f5 unless QC; pawn d7 and
    // dxe7 (either ends a CC check); Rook 14 unless in check.
    let fen = "k7/4p3/3P4/4K3/8/8/7R/8 w - - 0 1";
    for (face, count) in [
        ("-", 4 + 2),      // CC check, QC covers d5 f5
        ("6", 4 + 2),      // the same
        ("3", 6 + 2),      // CC check only
        ("4", 6 + 2),      // QQ and CC: the same
        ("5", 4 + 2 + 14), // QC and CQ: no check, d5 f5 covered
        ("2", 6 + 2 + 14), // QQ attacks nothing
        ("1", 6 + 2 + 14), // no two-steps at all
    ] {
        let pos = position("multipawn", &format!("{fen} die=-/{face}"));
        assert_eq!(pos.legal_moves().len(), count, "Black face {face}");
    }
}

#[test]
fn mode_games_fen_round_trips_and_errors() {
    let fens = [
        (
            "updown",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die=-/-",
        ),
        ("updown", "4k3/8/8/8/2p1P3/8/8/4K3 b - d3>e4 0 1 die=3/6"),
        (
            "updown",
            "1P2k3/8/8/8/8/8/8/4K3 b - - 0 1 die=3/- pending=promote:b8",
        ),
        (
            "armyorientation",
            "4k3/8/8/8/2p1P3/8/8/4K3 b - d3 0 1 die=1/- pending=roll",
        ),
        (
            "multipawn",
            "4k3/8/8/2P1p3/8/8/8/4K3 w - d7d6,d6e5 0 2 die=5/2",
        ),
        (
            "multipawn",
            "4k3/8/8/2P1p3/8/8/8/4K3 w - d7c6,c6c5 0 2 die=5/- pending=roll",
        ),
        (
            "pieceorientation",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 40 dice=6:5/1:1",
        ),
        (
            "pieceorientation",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 12 40 dice=-/3:2 pending=roll",
        ),
        (
            "pieceorientation",
            "7k/4p3/8/3K4/8/8/8/R7 w - - 0 1 dice=2:2/4:6 ~e7",
        ),
    ];
    for (variant, fen) in fens {
        let pos = position(variant, fen);
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(position(variant, &pos.to_fen()), pos);
    }
    // Without the register neither side has thrown.
    let short = position(
        "updown",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(short, RefPosition::startpos("updown").unwrap());

    let board = "4k3/8/8/2Pp4/8/8/8/4K3 w - - 0 2";
    for (variant, bad) in [
        ("updown", format!("{board} die=7/-")),
        ("updown", format!("{board} die=0/-")),
        ("updown", format!("{board} die=1:2/-")),
        ("updown", format!("{board} die=1")),
        ("updown", format!("{board} dice=1/1")), // Piece Orientation's name
        ("updown", format!("{board} die=1/1 die=1/1")),
        ("updown", format!("{board} knights=2:1/2:1")),
        ("updown", format!("{board} die=1/1 pending=choose:6:6")),
        ("armyorientation", format!("{board} die=1/1 pending=rolled")),
        ("pieceorientation", format!("{board} dice=3/-")),
        ("pieceorientation", format!("{board} dice=3:7/-")),
        ("pieceorientation", format!("{board} dice=3:1:2/-")),
        ("pieceorientation", format!("{board} die=3:1/-")),
        ("carnival", format!("{board} die=-/-")),
        ("chess", format!("{board} die=-/-")),
        // Multipawn's field is the two-step itself: Black's, from rank 7,
        // each leg one rank down.
        ("multipawn", board.replace(" - 0 2", " d6 0 2") + " die=1/1"),
        (
            "multipawn",
            board.replace(" - 0 2", " d7d6,d6d4 0 2") + " die=1/1",
        ),
        (
            "multipawn",
            board.replace(" - 0 2", " d7d5,d5d4 0 2") + " die=1/1",
        ),
        (
            "multipawn",
            board.replace(" - 0 2", " d6d5,d5d4 0 2") + " die=1/1",
        ),
        (
            "multipawn",
            board.replace(" - 0 2", " d2d3,d3d4 0 2") + " die=1/1",
        ),
        (
            "multipawn",
            board.replace(" - 0 2", " d7d6,d5d4 0 2") + " die=1/1",
        ),
        (
            "multipawn",
            board.replace(" - 0 2", " d7d6 0 2") + " die=1/1",
        ),
        (
            "updown",
            board.replace(" - 0 2", " d7d6,d6d5 0 2") + " die=1/1",
        ),
    ] {
        assert!(
            RefPosition::from_fen(variant, &bad).is_err(),
            "{variant}: {bad}"
        );
    }
}

#[test]
fn mode_games_tables() {
    use reference::variants::{variant_by_name, ALL_TWO_STEPS};
    for variant in MODE_GAMES {
        let modes = variant_by_name(variant).unwrap().modes.unwrap();
        let throws: Vec<Vec<u8>> = match modes.dice {
            1 => (1..=6).map(|f| vec![f]).collect(),
            _ => (1..=6)
                .flat_map(|t| (1..=6).map(move |m| vec![t, m]))
                .collect(),
        };
        for throw in throws {
            // Where the position does not know a two-step's kind (every
            // game but Multipawn), en passant is allowed when any kind is,
            // which is right only if the kinds are all or none.
            let kinds = (modes.two_steps)(&throw);
            if !modes.ep_field_is_move {
                assert!(
                    kinds.is_empty() || kinds == ALL_TWO_STEPS,
                    "{variant} {throw:?}"
                );
            }
            // The King stays a royal piece with a move in every mode (but
            // Monty Python's face 6, where it only castles).
            let standing = reference::variants::Standing::default();
            let king = (modes.moves)(&throw, 'k', standing);
            let only_castles = variant == "montypython" && throw == [6];
            assert!(king.is_none_or(|v| !v.is_empty()) || only_castles);
        }
    }
}

#[test]
fn mode_games_random_games_round_trip_through_fen() {
    for variant in MODE_GAMES {
        let (mut two_steps, mut throws) = (0, 0);
        walk_round_trips(variant, 6, &mut |action, _| {
            two_steps += usize::from(action.contains(','));
            throws += usize::from(action.starts_with("roll:"));
        });
        assert!(two_steps > 0 && throws > 0, "{variant}");
    }
}

// ---------------------------------------------------------------- Monty Python

/// The moves of the piece on `square`, sorted.
fn moves_of(pos: &RefPosition, square: &str) -> Vec<String> {
    let mut moves = sorted_moves(pos);
    moves.retain(|m| m.starts_with(square));
    moves
}

#[test]
fn montypython_start_perft_in_every_face() {
    // Before any throw (`-`): chess with Eurofighter pawns, as in the other
    // mode games (carnival.md's 20, 400, 8902; 20 x 6 and 20 x 6 x 20 x 6:
    // no move and throw of White's reaches Black's King).
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pos = position("montypython", &format!("{start} die=-/-"));
    assert_eq!(pos, RefPosition::startpos("montypython").unwrap());
    for (depth, want) in [(1, 20), (2, 400), (3, 8902)] {
        assert_eq!(pos.perft_frozen(depth), want, "frozen {depth}");
    }
    assert_eq!(pos.perft_expanded(1), 120);
    assert_eq!(pos.perft_expanded(2), 14400);

    // Both sides in face F, frozen. Depth 1 by hand; depth 2 is its square
    // (no first move of one side touches the other's); depth 3 is this
    // generator's count, except face 2's, by hand below.
    // 1: pawns `FfW` + two-step: a3 b3 a3-a4 for a2 and h2, a 4th (the
    //    other diagonal) for the six others (30); Knights 4. 34.
    // 2: the Rooks' Ferz steps land on their own pawns: 20. At depth 3
    //    a1 gains b2 after b3 or b3-b4, h1 g2 after g3 or g3-g4: 4 first
    //    moves x 20 replies more than chess: 8982.
    // 3: Knights as `BW` have no square from b1 or g1: the 16 pawn moves.
    // 4: the Bishops' neighbours are all occupied: no lure. 20.
    // 5: the Queen's Gold steps too. 20.
    // 6: the King does not move; its court (Queen d1, Bishop f1, pawns d2
    //    e2 f2) may drag: the three pawns' forward diagonal steps c3 e3,
    //    d3 f3, e3 g3 are new (their backward ones land on own pieces). 26.
    for (face, want) in [
        (1, [34, 1156, 41388]),
        (2, [20, 400, 8982]),
        (3, [16, 256, 5254]),
        (4, [20, 400, 8666]),
        (5, [20, 400, 8682]),
        (6, [26, 676, 18248]),
    ] {
        let pos = position("montypython", &format!("{start} die={face}/{face}"));
        for (i, &want) in want.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(pos.perft_frozen(depth), want, "face {face} frozen {depth}");
        }
    }
}

#[test]
fn montypython_lure_takes_a_threatening_piece_as_on_the_page() {
    // The page: "moving from c1 to c2 could capture a Rook on c5 or d2, a
    // Bishop on b1 or a4, a Queen on any of those, or a Knight on a3 or
    // d4". White Bishop c1 in drag (face 4), King h3 out of everything's
    // reach; Black as in chess (`-`). The Bishop's neighbours b2, c2, d1
    // are empty (b1, d2 are not). With the Bishop on c2: Rc5 (down the
    // file), Rd2, Bb1, Ba4 (over b3), Na3, Nd4: six. On b2: only Rd2
    // (over c2). On d1: Rd2 and Ba4 (over b3 and the emptied c2). Nine
    // moves, each written as the way to the victim and back.
    let pieces = position(
        "montypython",
        "7k/8/8/2r5/b2n4/n6K/3r4/1bB5 w - - 0 1 die=4/-",
    );
    assert_eq!(
        moves_of(&pieces, "c1"),
        [
            "c1a3,a3c2",
            "c1a4,a4c2",
            "c1a4,a4d1",
            "c1b1,b1c2",
            "c1c5,c5c2",
            "c1d2,d2b2",
            "c1d2,d2c2",
            "c1d2,d2d1",
            "c1d4,d4c2",
        ]
    );
    // Queens on c5, d2, b1, a4: all four threaten c2; b2 Qd2 (over c2) and
    // Qb1 (up the file); d1 Qd2, Qb1 (along the rank, c1 now empty) and
    // Qa4.
    let mut queens = position("montypython", "7k/8/8/2q5/q7/7K/3q4/1qB5 w - - 0 1 die=4/-");
    assert_eq!(
        moves_of(&queens, "c1"),
        [
            "c1a4,a4c2",
            "c1a4,a4d1",
            "c1b1,b1b2",
            "c1b1,b1c2",
            "c1b1,b1d1",
            "c1c5,c5c2",
            "c1d2,d2b2",
            "c1d2,d2c2",
            "c1d2,d2d1",
        ]
    );
    // The Bishop ends on c2, the Queen on c5 is gone; a capture resets the
    // clock.
    queens.play("c1c5,c5c2").unwrap();
    assert_eq!(
        queens.to_fen(),
        "7k/8/8/8/q7/7K/2Bq4/1q6 b - - 0 1 die=4/- pending=roll"
    );
}

#[test]
fn montypython_quiet_lure_and_threats_by_the_enemy_mode() {
    // White Bishop d4 in drag, Black Bishop a1. With the Bishop on c3 or
    // e5 (d4 then empty) the Black Bishop sees it along a1-h8: two
    // captures; the six other steps are quiet. King h1: g1 g2 h2. 11.
    let fen = "7k/8/8/8/3B4/8/8/b6K w - - 0 1";
    let captures = ["d4a1,a1c3", "d4a1,a1e5"];
    let quiet = [
        "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5",
    ];
    for black in ["-", "6", "3"] {
        // As in chess, and under faces where the Bishop is not in drag
        // (under 6 it stands away from its King).
        let pos = position("montypython", &format!("{fen} die=4/{black}"));
        check_moves(&pos, 11, &captures, &["d4c3", "d4e5"]);
        check_moves(&pos, 11, &quiet[1..7], &[]);
    }
    // Black's Bishop in drag only lures, and a lure threatens nothing: all
    // eight steps are quiet.
    let pos = position("montypython", &format!("{fen} die=4/4"));
    check_moves(&pos, 11, &quiet, &captures);

    // A two-step's second leg threatens too: Black's unmoved e7 can go
    // e6 and take on d5. Bishop c4: d5 is a capture, seven quiet steps.
    let fen = "k7/4p3/8/8/2B5/8/8/7K w - - 0 1 die=4/-";
    let pos = position("montypython", fen);
    check_moves(&pos, 11, &["c4e7,e7d5", "c4b5", "c4d4"], &["c4d5"]);
    // Once that pawn has moved (`~e7`) it has no two-step: d5 is quiet.
    let moved = position("montypython", &format!("{fen} ~e7"));
    check_moves(&moved, 11, &["c4d5"], &["c4e7,e7d5"]);
}

#[test]
fn montypython_a_bishop_that_may_lure_checks_two_steps_away() {
    // Black Bishop c2, White King e1 (next to the empty d1 and d2, next to
    // c2), White Rook h2, Black King a8.
    let fen = "k7/8/8/8/8/8/2b4R/4K3 w - - 0 1";
    // Black face 4: check. d1, d2, e2 stay next to a square next to c2;
    // f1, f2 do not. Rook d2 leaves d1; only Rxc2 ends it. 3.
    let drag = position("montypython", &format!("{fen} die=-/4"));
    assert_eq!(sorted_moves(&drag), ["e1f1", "e1f2", "h2c2"]);
    // As a plain Bishop (`-`, or face 6 away from its King) it only
    // covers d1: King d2 e2 f1 f2, Rook g2..c2 and the h-file (12). 16.
    for black in ["-", "6"] {
        let pos = position("montypython", &format!("{fen} die=-/{black}"));
        check_moves(&pos, 16, &["e1d2", "e1e2", "h2d2"], &["e1d1"]);
    }
    // Face 6 with the Black King b3 next to it: it may lure, so check.
    let court = position("montypython", "8/8/8/8/8/1k6/2b4R/4K3 w - - 0 1 die=-/6");
    assert_eq!(sorted_moves(&court), ["e1f1", "e1f2", "h2c2"]);
    // Castling is judged the same way. Black Bishop a2: as a Bishop it
    // covers b1 and b3 only, so both castlings are allowed (King 5 + 2,
    // Rooks a2 b1 c1 d1 and g1 f1 h2..h8: 20); in drag (face 4) it checks
    // a King on c1, next to b1 and b2: no long castling (19).
    let fen = "k7/8/8/8/8/8/b7/R3K2R w KQ - 0 1";
    let plain = position("montypython", &format!("{fen} die=-/-"));
    check_moves(&plain, 20, &["e1g1", "e1c1"], &[]);
    let drag = position("montypython", &format!("{fen} die=-/4"));
    check_moves(&drag, 19, &["e1g1", "e1d1", "a1a2"], &["e1c1"]);
}

#[test]
fn montypython_face_6_king_only_castles_and_attacks_nothing() {
    // Face 6: the King's only moves are the castlings; Rooks a1 (10) and
    // h1 (9) are not next to it. 21, against 26 as in chess.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let six = position("montypython", &format!("{fen} die=6/-"));
    check_moves(
        &six,
        21,
        &["e1g1", "e1c1"],
        &["e1d1", "e1f1", "e1d2", "e1e2", "e1f2"],
    );
    let chess = position("montypython", &format!("{fen} die=-/-"));
    check_moves(&chess, 26, &["e1g1", "e1c1", "e1d1"], &[]);

    // It attacks nothing: Black's King e6 may step next to it (d5, e5): 8,
    // against 6 when White has not thrown.
    let fen = "8/8/4k3/8/3K4/8/8/8 b - - 0 1";
    let next_to = position("montypython", &format!("{fen} die=6/-"));
    check_moves(&next_to, 8, &["e6d5", "e6e5"], &[]);
    let apart = position("montypython", &format!("{fen} die=-/-"));
    check_moves(&apart, 6, &[], &["e6d5", "e6e5"]);

    // Two Kings side by side under face 6 each: nobody is in check; White
    // has only its pawn's a3 and a3-a4.
    let fen = "8/8/8/4k3/3K4/8/P7/8 w - - 0 1";
    let both = position("montypython", &format!("{fen} die=6/6"));
    assert_eq!(sorted_moves(&both), ["a2a3", "a2a3,a3a4"]);
    // If Black's King is not in drag it checks White's, which cannot move
    // away: no legal move at all.
    let mated = position("montypython", &format!("{fen} die=6/1"));
    assert!(mated.legal_moves().is_empty());
}

#[test]
fn montypython_the_kings_court_may_drag() {
    // Face 6. Knight e2, next to the King e1: its leap (c1 c3 d4 f4 g1
    // g3), or `BW` (d1 f1, d3 c4 b5 a6, f3 g4 h5; e3 d2 f2): 18. Knight b1,
    // not next to it: a3 c3 d2. The King: nothing. 21.
    let fen = "4k3/8/8/8/8/8/4N3/1N2K3 w - - 0 1";
    let six = position("montypython", &format!("{fen} die=6/-"));
    check_moves(
        &six,
        21,
        &["e2c3", "e2g1", "e2d3", "e2h5", "e2e3", "b1c3", "b1d2"],
        &["b1b2", "b1a2", "e1d1"],
    );
    assert_eq!(moves_of(&six, "e2").len(), 18);
    // Face 3, every Knight in drag as `BW` only: e2 12, b1 a2 c2..h7 a1 c1
    // b2 (10); the King d1 d2 f1 f2. 26.
    let three = position("montypython", &format!("{fen} die=3/-"));
    check_moves(
        &three,
        26,
        &["e2e3", "b1h7", "b1b2", "e1d1"],
        &["e2c3", "e2g1", "b1c3"],
    );

    // A Bishop in the court moves as a Bishop (e2 d3 c4 b5 a6, g2 h3) or
    // lures: g1 and f2 are new, e2 and g2 the same steps, listed once. 9.
    let bishop = position("montypython", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1 die=6/-");
    check_moves(&bishop, 9, &["f1g1", "f1f2", "f1e2", "f1a6"], &[]);
}

#[test]
fn montypython_pawn_in_drag() {
    // Face 1: pawn d3 `FfW` d4 c4 e4 and back c2 e2; King h1 g1 g2 h2.
    let mut pos = position("montypython", "7k/8/8/8/8/3P4/8/7K w - - 0 1 die=1/-");
    check_moves(&pos, 8, &["d3d4", "d3c4", "d3c2", "d3e2"], &["d3d2"]);
    // Back on its second rank it has moved (`~c2`) and has no two-step.
    pos.play("d3c2").unwrap();
    assert_eq!(
        pos.to_fen(),
        "7k/8/8/8/8/8/2P5/7K b - - 0 1 die=1/- pending=roll ~c2"
    );
    for action in ["roll:1", "h8g8", "roll:1"] {
        pos.play(action).unwrap();
    }
    assert_eq!(
        moves_of(&pos, "c2"),
        ["c2b1", "c2b3", "c2c3", "c2d1", "c2d3"]
    );
    // Not in drag it is a Eurofighter that has moved: c3 only.
    let plain = position("montypython", "6k1/8/8/8/8/8/2P5/7K w - - 2 2 die=-/1 ~c2");
    assert_eq!(moves_of(&plain, "c2"), ["c2c3"]);

    // It may reach its first rank, and stand there in a FEN: d1 has d2 c2
    // e2; then d2 is a moved pawn.
    let mut low = position("montypython", "7k/8/8/8/8/8/8/3P3K w - - 0 1 die=1/-");
    assert_eq!(moves_of(&low, "d1"), ["d1c2", "d1d2", "d1e2"]);
    low.play("d1d2").unwrap();
    assert_eq!(
        low.to_fen(),
        "7k/8/8/8/8/8/3P4/7K b - - 0 1 die=1/- pending=roll ~d2"
    );

    // En passant in drag: after Black's d7-d6-d5 the pawn e5 has two moves
    // to d6, the quiet diagonal step (`e5d6`, d5 stays) and the capture
    // (`e5d5,d5d6`, through the victim's square); also e6 f6 and back d4 f4.
    let fen = "7k/8/8/3pP3/8/8/8/7K w - d6 0 2 die=1/-";
    let mut ep = position("montypython", fen);
    assert_eq!(
        moves_of(&ep, "e5"),
        ["e5d4", "e5d5,d5d6", "e5d6", "e5e6", "e5f4", "e5f6"]
    );
    ep.play("e5d5,d5d6").unwrap();
    assert_eq!(
        ep.to_fen(),
        "7k/8/3P4/8/8/8/8/7K b - - 0 2 die=1/- pending=roll"
    );
    let mut step = position("montypython", fen);
    step.play("e5d6").unwrap();
    assert_eq!(
        step.to_fen(),
        "7k/8/3P4/3p4/8/8/8/7K b - - 0 2 die=1/- pending=roll"
    );
    // Both sides in drag (issue 57's check position): 9, 66, 589.
    let both = position("montypython", "7k/8/8/3pP3/8/8/8/7K w - d6 0 1 die=1/1");
    assert_eq!([1, 2, 3].map(|d| both.perft_frozen(d)), [9, 66, 589]);
    // Not in drag, the Eurofighter has only the capture, written plain.
    let plain = position("montypython", "7k/8/8/3pP3/8/8/8/7K w - d6 0 2 die=-/-");
    assert_eq!(moves_of(&plain, "e5"), ["e5d6", "e5e6"]);
}

#[test]
fn montypython_rook_and_queen_in_drag() {
    // Face 2: Rook d4 `RF`, 14 + c3 c5 e3 e5. Face 5: Queen d4 a Gold
    // General, c4 e4 d3 d5 c5 e5. King h1 3 each.
    let rook = position("montypython", "7k/8/8/8/3R4/8/8/7K w - - 0 1 die=2/-");
    check_moves(&rook, 21, &["d4c3", "d4e5", "d4d8"], &[]);
    let queen = position("montypython", "7k/8/8/8/3Q4/8/8/7K w - - 0 1 die=5/-");
    assert_eq!(
        moves_of(&queen, "d4"),
        ["d4c4", "d4c5", "d4d3", "d4d5", "d4e4", "d4e5"]
    );
    // Black's Gold goes down the board: d6 c5 e5 d4 c4 e4.
    let black = position("montypython", "7k/8/8/3q4/8/8/8/7K b - - 0 1 die=-/5");
    assert_eq!(
        moves_of(&black, "d5"),
        ["d5c4", "d5c5", "d5d4", "d5d6", "d5e4", "d5e5"]
    );
}

// ---------------------------------------------------------------- Food Hunt

// Butterfly Hunt, Mining, Nut Hunt and Shrimp Hunt: Truffle Hunt's rules
// with other hunters, another food and (Shrimp Hunt) 12 ranks.

/// The food field of `variant` with nothing anywhere: its word and
/// `height` ranks of eight zeros.
fn no_food(variant: &str) -> String {
    let v = reference::variants::variant_by_name(variant).unwrap();
    let word = v.truffles.unwrap().word;
    format!("{word}={}", vec!["00000000"; v.height].join("/"))
}

/// A Food Hunt position: the board with holdings and the standard fields,
/// no food anywhere, the stores `W/B` and maybe more fields.
fn food(variant: &str, core: &str, stores: &str) -> RefPosition {
    let fen = format!("{core} {} stores={stores}", no_food(variant));
    position(variant, &fen)
}

/// Checks a start position's FEN, its round trip and its frozen and
/// expanded counts (depth 1 upwards).
fn check_food_start(variant: &str, fen: &str, frozen: &[u64], expanded: &[u64]) {
    let pos = RefPosition::startpos(variant).unwrap();
    assert_eq!(pos.to_fen(), fen, "{variant}");
    assert_eq!(position(variant, fen), pos, "{variant} round trip");
    for (i, &want) in frozen.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(pos.perft_frozen(depth), want, "{variant} frozen {depth}");
        assert_eq!(pos.perft(depth), want, "{variant} perft {depth}");
    }
    assert_eq!(pos.perft_expanded(0), 1);
    for (i, &want) in expanded.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(
            pos.perft_expanded(depth),
            want,
            "{variant} expanded {depth}"
        );
    }
}

/// The legal moves of `pos` that start on `square`, sorted.
fn food_moves_from(pos: &RefPosition, square: &str) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.starts_with(square) && !m[square.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    moves.sort();
    moves
}

/// Asserts the find outcomes offered and their probabilities.
fn check_finds(pos: &RefPosition, outcomes: &[(&str, f64)]) {
    let names: Vec<&str> = outcomes.iter().map(|&(name, _)| name).collect();
    assert_eq!(pos.legal_actions(), names, "{}", pos.to_fen());
    for &(name, p) in outcomes {
        let got = pos.chance_probability(name).unwrap();
        assert!((got - p).abs() < 1e-12, "{name}: {got} != {p}");
    }
    let total: f64 = names
        .iter()
        .map(|a| pos.chance_probability(a).unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
}

const BUTTERFLY_START: &str = "rnbqkbnr/wffwwffw/8/8/8/8/WFFWWFFW/RNBQKBNR[] w KQkq - 0 1 \
     butterflies=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0";

const MINING_START: &str = "rnbqkbnr/gssggssg/8/8/8/8/GSSGGSSG/RNBQKBNR[] w KQkq - 0 1 \
     ore=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0";

const NUT_START: &str = "rnbqkbnr/ssssssss/8/8/8/8/SSSSSSSS/RNBQKBNR[] w KQkq - 0 1 \
     nuts=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0";

const SHRIMP_START: &str = "rnbqkbnr/ffffffff/8/8/8/8/8/8/8/8/FFFFFFFF/RNBQKBNR[] w KQkq - 0 1 \
     shrimps=00000000/00000000/66666666/66666666/66666666/66666666/66666666/66666666/\
     66666666/66666666/00000000/00000000 stores=0/0";

#[test]
fn butterflyhunt_start_perft() {
    // Depth 1, by hand. Only the hunters move; rank 2 is full and rank 1
    // is the own sleeping army, so no sideways or backward steps. Wazirs
    // a2 d2 e2 h2: one step forward each (4). Ferzes: b2 a3 c3, c2 b3 d3,
    // f2 e3 g3, g2 f3 h3 (8). No two-steps: 12, no drops.
    // Depth 2: Black's hunters, on ranks 7 and 6 after its move, never
    // meet White's (ranks 2 and 3): 12 x 12 = 144.
    // Expanded 1: every move ends on rank 3 (6 butterflies): a find,
    // 3 outcomes (both hunters find and eat on 5 or 6). A kept one makes
    // the store 1, which wakes nothing: 36. Expanded 2: 36 x 36 = 1296.
    //
    // Depth 3: White's count after its move m does not depend on Black's
    // reply, so it is 12 x S, S the sum over m of White's moves after m:
    // 12 - (the hunter's moves before) + (its moves from its new square)
    // + (a Wazir beside the vacated square steps into it) - (other
    // hunters' moves onto the new square, now own). Per move:
    //   a2a3 12-1+3+0-1 = 13 (a3: a4 b3 a2; b2 loses a3)
    //   b2a3 12-2+2+1-1 = 12 (a3: b4 b2; a2 steps to b2, loses a3)
    //   b2c3 12-2+3+1-0 = 14 (c3: b4 d4 b2; a2 steps to b2)
    //   c2b3 12-2+3+1-0 = 14 (b3: a4 c4 c2; d2 steps to c2)
    //   c2d3 12-2+3+1-1 = 13 (d3: c4 e4 c2; d2 steps to c2, loses d3)
    //   d2d3 12-1+4+1-1 = 15 (d3: d4 c3 e3 d2; e2 steps to d2; c2 loses
    //                         d3)
    // a2..d2 sum to 81, and e2..h2 mirror them: S = 162, depth 3 = 1944.
    // Depth 4: Black's count is as independent of White's: 162 x 162.
    check_food_start(
        "butterflyhunt",
        BUTTERFLY_START,
        &[12, 144, 1944, 26244],
        &[36, 1296],
    );
    let pos = RefPosition::startpos("butterflyhunt").unwrap();
    assert_eq!(food_moves_from(&pos, "a2"), ["a2a3"]);
    assert_eq!(food_moves_from(&pos, "c2"), ["c2b3", "c2d3"]);
    let mut ferz = pos.clone();
    ferz.play("c2d3").unwrap();
    assert!(ferz.to_fen().ends_with(" stores=0/0 pending=find:d3"));
    check_finds(
        &ferz,
        &[
            ("find:no", 2.0 / 3.0),
            ("find:eat", 1.0 / 9.0),
            ("find:keep", 2.0 / 9.0),
        ],
    );
    ferz.play("find:keep").unwrap();
    // d3 (rank 3: the sixth group) has 5 left, White's store is 1.
    assert_eq!(
        ferz.to_fen(),
        "rnbqkbnr/wffwwffw/8/8/8/3F4/WF1WWFFW/RNBQKBNR[] b KQkq - 0 1 \
         butterflies=00000000/00000000/66666666/66666666/66666666/66656666/00000000/00000000 \
         stores=1/0"
    );
}

#[test]
fn butterflyhunt_ferz_colour_limit_on_drops() {
    // White: sleeping King e1, four Ferzes on the light squares b3 d3 f3
    // h3; in reserve a Wazir and a Ferz. Black: awake king h8.
    // Ferzes: b3 a4 c4 a2 c2 (4); d3 c4 e4 c2 e2 (4); f3 e4 g4 e2 g2 (4);
    // h3 g4 g2 (2): 14. Drops on rank 2: the Wazir anywhere, a2..h2 (8);
    // the Ferz only on the dark b2 d2 f2 h2 (4): a fifth Ferz on light
    // squares is refused. 26.
    let pos = food(
        "butterflyhunt",
        "7+k/8/8/8/8/1F1F1F1F/8/4K3[WF] w - - 0 1",
        "0/0",
    );
    check_moves(
        &pos,
        26,
        &[
            "F@b2", "F@d2", "F@f2", "F@h2", "W@a2", "W@c2", "W@h2", "h3g2",
        ],
        &["F@a2", "F@c2", "F@e2", "F@g2", "F@b1", "W@a1", "W@a3"],
    );
    // The Ferz dropped on b2 (dark) is the side's first there; the FEN
    // writes the Wazir left in reserve.
    let mut drop = pos.clone();
    drop.play("F@b2").unwrap();
    let fen = format!(
        "7+k/8/8/8/8/1F1F1F1F/1F6/4K3[W] b - - 0 1 {} stores=0/0",
        no_food("butterflyhunt")
    );
    assert_eq!(drop.to_fen(), fen);
    assert_eq!(position("butterflyhunt", &fen), drop);
    // The Bishop limit holds too: one Bishop on each colour at most.
    let bishops = food("butterflyhunt", "7+k/8/8/8/8/8/8/2B1K3[B] w - - 0 1", "0/0");
    check_moves(&bishops, 4, &["B@b1", "B@d1", "B@f1", "B@h1"], &["B@a1"]);
    // Black's Ferzes on light squares do not limit White's.
    let other = food(
        "butterflyhunt",
        "7+k/8/8/8/8/1f1f1f1f/8/4K3[F] w - - 0 1",
        "0/0",
    );
    assert!(other.legal_moves().contains(&"F@a2".to_string()));
}

#[test]
fn mining_start_perft() {
    // Depth 1, by hand. Golds (one step orthogonally, or diagonally
    // forward): a2 a3 b3 (2); d2 d3 c3 e3 (3); e2 e3 d3 f3 (3); h2 h3 g3
    // (2): 10. Silvers (one step diagonally, or straight forward; the
    // backward diagonals hit the own back rank): b2 b3 a3 c3, c2 c3 b3 d3,
    // f2 f3 e3 g3, g2 g3 f3 h3: 12. 22.
    // Depth 2: the two sides never meet: 22 x 22 = 484.
    // Expanded 1: every move ends on rank 3 (6 ore): a find with two
    // outcomes, `find:no` and `find:keep` (nothing is eaten): 44; a store
    // of 1 wakes nothing. Expanded 2: 44 x 44 = 1936.
    check_food_start("mining", MINING_START, &[22, 484], &[44, 1936]);
    let pos = RefPosition::startpos("mining").unwrap();
    assert_eq!(food_moves_from(&pos, "a2"), ["a2a3", "a2b3"]);
    assert_eq!(food_moves_from(&pos, "b2"), ["b2a3", "b2b3", "b2c3"]);
    // Black's Generals go down the board.
    let mut black = pos.clone();
    play_all(&mut black, &["e2e3", "find:no"]);
    assert_eq!(food_moves_from(&black, "d7"), ["d7c6", "d7d6", "d7e6"]);
    assert_eq!(food_moves_from(&black, "c7"), ["c7b6", "c7c6", "c7d6"]);
}

#[test]
fn mining_finds_are_kept_never_eaten() {
    // White: sleeping King a1, Gold d4, Silver f4. Black: awake king h8.
    // d5 has 3 ore, f5 2, White's store is full (6), Black's 2.
    // Gold d4: d5 c4 e4 d3 c5 e5 (6). Silver f4: f5 e5 g5 e3 g3 (5; no
    // f3). 11.
    let fen = "7+k/8/8/8/3G1S2/8/8/K7[] w - - 5 1 \
               ore=00000000/00000000/00000000/00030200/00000000/00000000/00000000/00000000 \
               stores=6/2";
    let pos = position("mining", fen);
    check_moves(&pos, 11, &["d4c5", "d4e5", "f4f5", "f4e3"], &["f4f3"]);
    assert_eq!(position("mining", &pos.to_fen()), pos);
    // The Gold finds on 5 or 6: not found 2/3, kept 1/3; `find:eat` is no
    // outcome and is refused.
    let mut gold = pos.clone();
    gold.play("d4d5").unwrap();
    assert!(gold.to_fen().ends_with(" stores=6/2 pending=find:d5"));
    check_finds(&gold, &[("find:no", 2.0 / 3.0), ("find:keep", 1.0 / 3.0)]);
    assert_eq!(gold.chance_probability("find:eat"), None);
    assert!(gold.play("find:eat").is_err());
    // Kept into the full store: d5 loses one, the store stays 6; the
    // sleeping King (6) can be woken.
    gold.play("find:keep").unwrap();
    let kept = "7+k/8/8/3G4/5S2/8/8/K7[] b - - 0 1 \
                ore=00000000/00000000/00000000/00020200/00000000/00000000/00000000/00000000 \
                stores=6/2 pending=activate";
    assert_eq!(gold.to_fen(), kept);
    assert_eq!(position("mining", kept), gold);
    assert_eq!(gold.legal_actions(), ["activate:a1", "activate:done"]);
    // The Silver finds on 6 only: not found 5/6, kept 1/6.
    let mut silver = pos.clone();
    silver.play("f4f5").unwrap();
    check_finds(&silver, &[("find:no", 5.0 / 6.0), ("find:keep", 1.0 / 6.0)]);
    silver.play("find:no").unwrap();
    assert!(silver.to_fen().ends_with(" stores=6/2 pending=activate"));
    // Expanded 1: the 9 moves onto empty squares wake the King or not
    // (activate:a1, activate:done: 2 sequences, waking ends it: the store
    // is then 0), d4d5 and f4f5 find (2 outcomes each) and then the same
    // 2: 9 x 2 + 2 x 2 x 2 = 26.
    assert_eq!(pos.perft_expanded(1), 26);
}

#[test]
fn nuthunt_start_perft() {
    // Depth 1, by hand. A Squirrel on rank 2 reaches rank 3 by the knight
    // leaps (±2, 1) and rank 4 by the knight leaps (±1, 2), the straight
    // jump (0, 2) and the diagonal jumps (±2, 2), over the empty rank 3;
    // sideways jumps land on its own Squirrels, backward moves on its own
    // back rank or off the board. By file: a b4 c3 a4 c4 (4); b a4 c4 d3
    // b4 d4 (5); c b4 d4 a3 e3 c4 a4 e4 (7); d, e, f likewise 7; g 5; h 4:
    // 46.
    // Depth 2: Black's Squirrels reach ranks 6 and 5 only: 46 x 46 = 2116.
    // Expanded 1: every move ends on nuts: 3 outcomes each (find and eat
    // on 6): 138. Expanded 2: 138 x 138 = 19044.
    check_food_start("nuthunt", NUT_START, &[46, 2116], &[138, 19044]);
    let pos = RefPosition::startpos("nuthunt").unwrap();
    assert_eq!(
        food_moves_from(&pos, "a2"),
        ["a2a4", "a2b4", "a2c3", "a2c4"]
    );
    assert_eq!(
        food_moves_from(&pos, "d2"),
        ["d2b3", "d2b4", "d2c4", "d2d4", "d2e4", "d2f3", "d2f4"]
    );
    let mut nut = pos.clone();
    nut.play("d2d4").unwrap();
    check_finds(
        &nut,
        &[
            ("find:no", 5.0 / 6.0),
            ("find:eat", 1.0 / 36.0),
            ("find:keep", 5.0 / 36.0),
        ],
    );
}

#[test]
fn nuthunt_squirrel_jumps_over_hunters_and_sleepers_only() {
    // White: sleeping King a1, Squirrels c4 and d4. Black: awake king h8,
    // awake Knights d5 and e4, a sleeping Bishop e5.
    // Squirrel d4: the knight leaps always leap: e6 f5 f3 e2 c2 b3 b5 c6
    // (8). Straight jumps: d2 over the empty d3, b4 over the Squirrel c4;
    // not f4 (over the awake Knight e4) nor d6 (over the awake Knight d5)
    // (2). Diagonal jumps: f6 over the sleeping Bishop e5, f2, b2, b6 over
    // empty squares (4). 14.
    // Squirrel c4: knight leaps d6, e5 (taking the Bishop), e3, d2, b2,
    // a3, a5, b6 (8). Straight jumps: e4 over the Squirrel d4 (taking the
    // Knight), c2, a4, c6 (4). Diagonal jumps: e2, a2, a6; not e6 over the
    // awake Knight d5 (3). 15.
    // The sleeping King has no moves; no reserve: 29.
    let pos = food("nuthunt", "7+k/8/8/3+nb3/2SS+n3/8/8/K7[] w - - 0 1", "0/0");
    check_moves(
        &pos,
        29,
        &["d4b4", "d4f6", "d4d2", "d4e6", "c4e4", "c4e5", "c4a6"],
        &["d4d6", "d4f4", "c4e6", "d4d5", "d4e5"],
    );
    assert_eq!(position("nuthunt", &pos.to_fen()), pos);
    // Taking the awake Knight on e4 sends it home to Black's reserve,
    // asleep; the Squirrel jumped its own Squirrel on d4.
    let mut take = pos.clone();
    take.play("c4e4").unwrap();
    let fen = format!(
        "7+k/8/8/3+nb3/3SS3/8/8/K7[n] b - - 0 1 {} stores=0/0",
        no_food("nuthunt")
    );
    assert_eq!(take.to_fen(), fen);
    assert_eq!(position("nuthunt", &fen), take);
    // The jumps attack too. Black's awake King e8, White's Squirrel e5:
    // its knight leaps cover d7 and f7; e7 only by the straight jump over
    // e6. Over a hunter or a sleeping piece (of either side) the King may
    // not step to e7; over an awake piece it may.
    for (e6, e7_free) in [
        ("4s3", false),
        ("4N3", false),
        ("4+n3", true),
        ("4+N3", true),
    ] {
        let pos = food(
            "nuthunt",
            &format!("4+k3/8/{e6}/4S3/8/8/8/K7[] b - - 0 1"),
            "0/0",
        );
        let moves = pos.legal_moves();
        assert_eq!(moves.contains(&"e8e7".to_string()), e7_free, "{e6}");
        assert!(!moves.contains(&"e8d7".to_string()), "{e6}");
    }
}

#[test]
fn shrimphunt_start_perft() {
    // Depth 1, by hand. A Flamingo on rank 2 leaps (±1, 6) to rank 8 and
    // (±6, 1) to rank 3; (±6, -1) lands on its own back rank, (±1, -6)
    // off the board. By file: a b8 g3 (2); b a8 c8 h3 (3); c, d, e, f
    // two on rank 8 each (8); g f8 h8 a3 (3); h g8 b3 (2): 18.
    // Depth 2: Black's Flamingos reach ranks 5 and 10 only: 18 x 18 = 324.
    // Expanded 1: ranks 3 and 8 have shrimps: 3 outcomes each: 54.
    // Expanded 2: 54 x 54 = 2916.
    check_food_start("shrimphunt", SHRIMP_START, &[18, 324], &[54, 2916]);
    let pos = RefPosition::startpos("shrimphunt").unwrap();
    assert_eq!(food_moves_from(&pos, "b2"), ["b2a8", "b2c8", "b2h3"]);
    assert_eq!(food_moves_from(&pos, "h2"), ["h2b3", "h2g8"]);
    let mut black = pos.clone();
    play_all(&mut black, &["b2c8", "find:no"]);
    assert_eq!(food_moves_from(&black, "b11"), ["b11a5", "b11c5", "b11h10"]);
}

#[test]
fn shrimphunt_flamingo_edges_drops_and_castling() {
    // White: Flamingos b6 and g11, sleeping King e1. Black: awake king
    // e12. Flamingo b6: c12, a12 (six up), h7, h5 (six right); the rest
    // off the board (4). Flamingo g11: h5, f5 (six down), a10, a12 (six
    // left) (4). 8.
    let leaps = food(
        "shrimphunt",
        "4+k3/6F1/8/8/8/8/1F6/8/8/8/8/4K3[] w - - 0 1",
        "0/0",
    );
    assert_eq!(
        sorted_moves(&leaps),
        ["b6a12", "b6c12", "b6h5", "b6h7", "g11a10", "g11a12", "g11f5", "g11h5"]
    );
    assert_eq!(position("shrimphunt", &leaps.to_fen()), leaps);

    // Black to move: awake King e12 and Rook h12 with the right `k`; in
    // reserve a Flamingo and a Knight. White: Flamingo b6 (leaping to
    // c12, a12, h7, h5: none of Black's King's squares), sleeping King
    // e1. King: d12 f12 d11 e11 f11 (5) and castling e12g12 (1). Rook:
    // g12 f12, h11 down to h1 (13). Flamingo drops on Black's 2nd rank,
    // rank 11: a11..h11 (8). Knight drops on rank 12: a12 b12 c12 d12
    // f12 g12 (6). 33.
    let black = food(
        "shrimphunt",
        "4+k2+r/8/8/8/8/8/1F6/8/8/8/8/4K3[fn] b k - 0 1",
        "0/0",
    );
    check_moves(
        &black,
        33,
        &[
            "e12g12", "F@a11", "F@d11", "N@a12", "N@g12", "h12h1", "e12e11",
        ],
        &["e12c12", "F@a2", "F@a12", "F@d10", "N@e12", "N@a1", "N@a11"],
    );
    let mut drop = black.clone();
    drop.play("F@d11").unwrap();
    let fen = format!(
        "4+k2+r/3f4/8/8/8/8/1F6/8/8/8/8/4K3[n] w k - 0 2 {} stores=0/0",
        no_food("shrimphunt")
    );
    assert_eq!(drop.to_fen(), fen);
    assert_eq!(position("shrimphunt", &fen), drop);
    let mut castle = black.clone();
    castle.play("e12g12").unwrap();
    assert!(castle
        .to_fen()
        .starts_with("5+r+k1/8/8/8/8/8/1F6/8/8/8/8/4K3[fn] w - - 1 2 "));
    // White's pieces drop on rank 1, its Flamingos on rank 2.
    let white = food(
        "shrimphunt",
        "4+k3/8/8/8/8/8/8/8/8/8/8/4K3[F] w - - 0 1",
        "0/0",
    );
    check_moves(&white, 8, &["F@a2", "F@h2"], &["F@a11", "F@a1"]);
}

#[test]
fn food_fen_round_trips_and_errors() {
    let fens = [
        ("butterflyhunt", BUTTERFLY_START),
        ("mining", MINING_START),
        ("nuthunt", NUT_START),
        ("shrimphunt", SHRIMP_START),
        (
            "shrimphunt",
            "+r5+k1/8/8/8/8/8/8/8/8/8/8/4K3[FFQRBNfqrbn] w - - 61 99 \
             shrimps=12345600/00000000/66666666/65432100/00123456/66666666/66666666/66666666/\
             66666666/66666666/00000000/00000100 stores=0/6",
        ),
        (
            "mining",
            "rnbqkbnr/gssg1ssg/8/8/8/4g3/GSSGGSSG/RNBQKBNR[] w KQkq - 0 2 \
             ore=00000000/00000000/66666666/66666666/66666666/66665666/00000000/00000000 \
             stores=0/1",
        ),
        (
            "butterflyhunt",
            "4+k3/8/8/8/8/8/8/4K3[WWFFQRBNwwffqrbn] b - - 0 1 \
             butterflies=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
             stores=3/3",
        ),
    ];
    for (variant, fen) in fens {
        let pos = position(variant, fen);
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(position(variant, &pos.to_fen()), pos);
    }
    // Another game's food word, or a food field of the wrong height, is
    // an error; so is a food field in a game without food.
    let eight = "00000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000";
    for (variant, fen) in [
        (
            "butterflyhunt",
            format!("4+k3/8/8/8/8/8/8/4K3[] w - - 0 1 truffles={eight} stores=0/0"),
        ),
        (
            "truffle",
            format!("4+k3/8/8/8/8/8/8/4K3[] w - - 0 1 butterflies={eight} stores=0/0"),
        ),
        (
            "mining",
            format!("4+k3/8/8/8/8/8/8/4K3[] w - - 0 1 nuts={eight} stores=0/0"),
        ),
        (
            "mining",
            "4+k3/8/8/8/8/8/8/4K3[] w - - 0 1 stores=0/0".to_string(),
        ),
        (
            "shrimphunt",
            format!("4+k3/8/8/8/8/8/8/8/8/8/8/4K3[] w - - 0 1 shrimps={eight} stores=0/0"),
        ),
        (
            "shrimphunt",
            format!("4+k3/8/8/8/8/8/8/4K3[] w - - 0 1 shrimps={eight} stores=0/0"),
        ),
        (
            "chess",
            format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ore={eight}"),
        ),
        // Pieces of another Food Hunt game.
        (
            "nuthunt",
            format!("4+k3/8/8/8/8/8/8/4K3[G] w - - 0 1 nuts={eight} stores=0/0"),
        ),
        (
            "butterflyhunt",
            format!("4+k3/8/8/8/3H4/8/8/4K3[] w - - 0 1 butterflies={eight} stores=0/0"),
        ),
        // A find pending on a square without the actor's hunter.
        (
            "mining",
            format!("4+k3/8/8/8/8/8/8/4K3[] b - - 0 1 ore={eight} stores=0/0 pending=find:e4"),
        ),
    ] {
        assert!(
            RefPosition::from_fen(variant, &fen).is_err(),
            "{variant}: {fen}"
        );
    }
}

#[test]
fn food_random_games_round_trip_through_fen() {
    // Fixed-seed walks: each state reads back equal from its own FEN,
    // every action is listed once, find outcomes' probabilities sum to 1,
    // and finds, activations and drops all happen. Mining never eats.
    for variant in ["butterflyhunt", "mining", "nuthunt", "shrimphunt"] {
        let (mut finds, mut eats, mut activations, mut drops) = (0, 0, 0, 0);
        walk_round_trips(variant, 6, &mut |action, fen| {
            finds += usize::from(action.starts_with("find:"));
            eats += usize::from(action == "find:eat");
            activations +=
                usize::from(action.starts_with("activate:") && action != "activate:done");
            drops += usize::from(action.contains('@'));
            let pos = position(variant, fen);
            let actions = pos.legal_actions();
            if actions.first().is_some_and(|a| a.starts_with("find:")) {
                let total: f64 = actions
                    .iter()
                    .map(|a| pos.chance_probability(a).unwrap())
                    .sum();
                assert!((total - 1.0).abs() < 1e-12, "{variant}: {fen}");
            }
        });
        assert!(
            finds > 0 && activations > 0 && drops > 0,
            "{variant}: {finds} {activations} {drops}"
        );
        assert_eq!(eats == 0, variant == "mining", "{variant}: {eats} eaten");
    }
}

// ---------------------------------------------------------------- Oyster Hunt

// Truffle Hunt's rules with Carpenters (`NnD`, the Boar's odds) and
// Walruses (`fWfnA`, the Sow's odds); a Walrus may become a Goldtusk
// (`WfnA`) on its 7th rank and must on its 8th, a Goldtusk may turn back
// on its 3rd to 6th ranks and must on its 2nd. The Goldtusk never hunts
// and joins reserves as a Walrus.

const OYSTER_START: &str = "rnbqkbnr/cwwccwwc/8/8/8/8/CWWCCWWC/RNBQKBNR[] w KQkq - 0 1 \
     oysters=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0";

/// A White Walrus b6 reaching its 7th rank (b7, which has 2 oysters) and,
/// by the jump over the sleeping Knight c7, its 8th (d8); a Walrus f7
/// reaching its 8th.
const OYSTER_WALRUS: &str = "7+k/2n2W2/1W6/8/8/8/8/K7[] w - - 0 1 \
     oysters=00000000/02000000/00000000/00000000/00000000/00000000/00000000/00000000 \
     stores=0/0";

/// White Goldtusks d4 and g3 with moves onto ranks 2 to 6; c4 has 6
/// oysters.
const OYSTER_GOLDTUSK: &str = "7+k/8/8/8/3G4/6G1/8/K7[] w - - 0 1 \
     oysters=00000000/00000000/00000000/00000000/00600000/00000000/00000000/00000000 \
     stores=0/0";

/// Captures: a White Goldtusk e4 next to an awake Black Knight e5 (2
/// oysters) and a Black Goldtusk d4, which White's Carpenter c2 can take
/// too.
const OYSTER_CAPTURES: &str = "7+k/8/8/4+n3/3gG3/8/2C5/K7[] w - - 0 1 \
     oysters=00000000/00000000/00000000/00002000/00000000/00000000/00000000/00000000 \
     stores=0/0";

/// Lame jumps over Goldtusks, sleeping pieces and awake pieces.
const OYSTER_JUMPS: &str = "7+k/8/5+n2/6G1/3g4/2bC+n1+N1/1W5W/K7[] w - - 0 1 \
     oysters=00000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000 \
     stores=0/0";

#[test]
fn oysterhunt_start_perft() {
    // Depth 1, by hand. Carpenters: knight leaps to rank 3 (±2, 1) and
    // rank 4 (±1, 2), the others land on the own back rank or off the
    // board: a2 b4 c3 (2), d2 c4 e4 b3 f3 (4), e2 d4 f4 c3 g3 (4), h2 g4
    // f3 (2); straight jumps forward over the empty rank 3: a4 d4 e4 h4
    // (4); sideways jumps land on the own Walruses, backward off the
    // board: 16. Walruses: a step forward each (4); diagonal jumps over
    // rank 3: b2 d4, c2 a4 e4, f2 d4 h4, g2 e4 (6): 10. 26, no drops.
    // Depth 2: Black's hunters reach ranks 6 and 5 only and never meet
    // White's: 26 x 26 = 676.
    // Expanded 1: every move ends on rank 3 or 4 (6 oysters each) with a
    // hunter that finds and eats: 3 outcomes each; a kept oyster makes a
    // store of 1, which wakes nothing: 78. Expanded 2: 78 x 78 = 6084.
    // Frozen 3 and 4 are the reference's own counts.
    check_food_start(
        "oysterhunt",
        OYSTER_START,
        &[26, 676, 18460, 490643],
        &[78, 6084],
    );
    let pos = RefPosition::startpos("oysterhunt").unwrap();
    assert_eq!(food_moves_from(&pos, "a2"), ["a2a4", "a2b4", "a2c3"]);
    assert_eq!(
        food_moves_from(&pos, "d2"),
        ["d2b3", "d2c4", "d2d4", "d2e4", "d2f3"]
    );
    assert_eq!(food_moves_from(&pos, "c2"), ["c2a4", "c2c3", "c2e4"]);
    // A Carpenter finds and eats on 6 (the Boar's odds), a Walrus on 5
    // or 6 (the Sow's).
    let mut carpenter = pos.clone();
    carpenter.play("d2d4").unwrap();
    check_finds(
        &carpenter,
        &[
            ("find:no", 5.0 / 6.0),
            ("find:eat", 1.0 / 36.0),
            ("find:keep", 5.0 / 36.0),
        ],
    );
    let mut walrus = pos.clone();
    walrus.play("c2c3").unwrap();
    check_finds(
        &walrus,
        &[
            ("find:no", 2.0 / 3.0),
            ("find:eat", 1.0 / 9.0),
            ("find:keep", 2.0 / 9.0),
        ],
    );
    walrus.play("find:keep").unwrap();
    assert_eq!(
        walrus.to_fen(),
        "rnbqkbnr/cwwccwwc/8/8/8/2W5/CW1CCWWC/RNBQKBNR[] b KQkq - 0 1 \
         oysters=00000000/00000000/66666666/66666666/66666666/66566666/00000000/00000000 \
         stores=1/0"
    );
    // Black's Walruses go down the board.
    assert_eq!(food_moves_from(&walrus, "b7"), ["b7b6", "b7d5"]);
}

#[test]
fn oysterhunt_walrus_promotion() {
    // Walrus b6: the step to b7 (its 7th rank) may promote: b6b7 and
    // b6b7g; the jump to d8 over the sleeping Knight c7 (its 8th) must:
    // b6d8g only; the other jump leaves the board (3). Walrus f7: f8 (its
    // 8th) only promoted, f7f8g; its jumps leave the board (1). The
    // sleeping King a1 has no moves, nothing in reserve: 4.
    let pos = position("oysterhunt", OYSTER_WALRUS);
    assert_eq!(sorted_moves(&pos), ["b6b7", "b6b7g", "b6d8g", "f7f8g"]);
    assert_eq!(pos.to_fen(), OYSTER_WALRUS);
    assert!(pos.clone().play("b6d8").is_err());
    assert!(pos.clone().play("f7f8").is_err());
    assert!(pos.clone().play("b6b7w").is_err());
    // Expanded 1: b6b7 leaves a Walrus on b7, which has oysters: a find
    // with the Walrus's odds (3 outcomes); b6b7g leaves a Goldtusk there,
    // which does not hunt (1); b6d8g and f7f8g end without oysters (2): 6.
    assert_eq!(pos.perft_expanded(1), 6);
    let mut stays = pos.clone();
    stays.play("b6b7").unwrap();
    assert!(stays.to_fen().ends_with(" stores=0/0 pending=find:b7"));
    check_finds(
        &stays,
        &[
            ("find:no", 2.0 / 3.0),
            ("find:eat", 1.0 / 9.0),
            ("find:keep", 2.0 / 9.0),
        ],
    );
    let mut promotes = pos.clone();
    promotes.play("b6b7g").unwrap();
    let fen = "7+k/1Gn2W2/8/8/8/8/8/K7[] b - - 0 1 \
               oysters=00000000/02000000/00000000/00000000/00000000/00000000/00000000/00000000 \
               stores=0/0";
    assert_eq!(promotes.to_fen(), fen);
    assert_eq!(position("oysterhunt", fen), promotes);
    let mut jumps = pos.clone();
    jumps.play("b6d8g").unwrap();
    assert!(jumps
        .to_fen()
        .starts_with("3G3+k/2n2W2/8/8/8/8/8/K7[] b - - 0 1 "));
    // Black's Walrus promotes on ranks 2 (may) and 1 (must).
    let black = food("oysterhunt", "k7/8/8/8/8/6w1/2w5/7+K[] b - - 0 1", "0/0");
    assert_eq!(sorted_moves(&black), ["c2c1g", "g3e1g", "g3g2", "g3g2g"]);
}

#[test]
fn oysterhunt_goldtusk_demotion() {
    // Goldtusk d4 (its 4th rank): d5, c4, e4 (4th and 5th ranks) and d3
    // (3rd) may demote, two moves each (8); the jumps to b6 over c5 and to
    // f6 over e5 (6th rank) two each (4): 12. Goldtusk g3 (3rd rank): g4,
    // f3, h3 two each (6); g2 (2nd) must demote: g3g2w only (1); the jump
    // to e5 over f4 (5th) two (2), the other leaves the board: 9. The
    // sleeping King has no moves: 21.
    let pos = position("oysterhunt", OYSTER_GOLDTUSK);
    check_moves(
        &pos,
        21,
        &[
            "d4b6", "d4b6w", "d4c4", "d4c4w", "d4d3", "d4d3w", "d4f6w", "g3e5", "g3e5w", "g3g2w",
            "g3h3w",
        ],
        &["g3g2", "d4d4w", "d4d5g", "g3g1w"],
    );
    assert_eq!(pos.to_fen(), OYSTER_GOLDTUSK);
    // Expanded 1: only d4c4w ends with a hunter on oysters: the Walrus
    // finds (3 outcomes); d4c4, a Goldtusk on c4, does not hunt: 20 + 3.
    assert_eq!(pos.perft_expanded(1), 23);
    let mut demoted = pos.clone();
    demoted.play("d4c4w").unwrap();
    let fen = "7+k/8/8/8/2W5/6G1/8/K7[] b - - 0 1 \
               oysters=00000000/00000000/00000000/00000000/00600000/00000000/00000000/00000000 \
               stores=0/0 pending=find:c4";
    assert_eq!(demoted.to_fen(), fen);
    assert_eq!(position("oysterhunt", fen), demoted);
    check_finds(
        &demoted,
        &[
            ("find:no", 2.0 / 3.0),
            ("find:eat", 1.0 / 9.0),
            ("find:keep", 2.0 / 9.0),
        ],
    );
    demoted.play("find:eat").unwrap();
    assert!(demoted
        .to_fen()
        .contains(" oysters=00000000/00000000/00000000/00000000/00500000/"));
    let mut stays = pos.clone();
    stays.play("d4c4").unwrap();
    assert!(stays
        .to_fen()
        .starts_with("7+k/8/8/8/2G5/6G1/8/K7[] b - - 0 1 "));
    assert!(!stays.to_fen().contains("pending"));
    // The compulsory demotion on the 2nd rank.
    let mut down = pos.clone();
    down.play("g3g2w").unwrap();
    assert!(down
        .to_fen()
        .starts_with("7+k/8/8/8/3G4/8/6W1/K7[] b - - 0 1 "));
}

#[test]
fn oysterhunt_goldtusk_captures_and_is_captured() {
    // Goldtusk e4 (its 4th rank): e5 (taking the awake Knight), e3, d4
    // (taking the Black Goldtusk), f4 two each (8); jumps to c6 over d5
    // and g6 over f5 (6th rank) two each (4): 12. Carpenter c2: knight
    // leaps d4 (taking the Goldtusk), e3, e1, a3, b4 (a1 own King, two
    // off the board) (5); straight jumps e2, a2, c4 over empty squares
    // (3): 8. 20.
    let pos = position("oysterhunt", OYSTER_CAPTURES);
    check_moves(
        &pos,
        20,
        &[
            "e4e5", "e4e5w", "e4d4", "e4d4w", "e4c6w", "c2d4", "c2c4", "c2e2",
        ],
        &["e4e6", "c2c3"],
    );
    // Expanded 1: e4e5w leaves a Walrus on e5's oysters (3 outcomes);
    // e4e5 a Goldtusk, which does not hunt; nothing else ends on oysters:
    // 19 + 3.
    assert_eq!(pos.perft_expanded(1), 22);
    // The Goldtusk takes the awake Knight: it goes home asleep.
    let mut take = pos.clone();
    take.play("e4e5").unwrap();
    let fen = "7+k/8/8/4G3/3g4/8/2C5/K7[n] b - - 0 1 \
               oysters=00000000/00000000/00000000/00002000/00000000/00000000/00000000/00000000 \
               stores=0/0";
    assert_eq!(take.to_fen(), fen);
    assert_eq!(position("oysterhunt", fen), take);
    // The same capture demoting: the Walrus hunts at once.
    let mut hunt = pos.clone();
    hunt.play("e4e5w").unwrap();
    assert!(hunt
        .to_fen()
        .starts_with("7+k/8/8/4W3/3g4/8/2C5/K7[n] b - - 0 1 "));
    assert!(hunt.to_fen().ends_with(" pending=find:e5"));
    // A Goldtusk taken joins the capturer's reserve as a Walrus, whatever
    // took it.
    for (capture, board) in [
        ("c2d4", "7+k/8/8/4+n3/3CG3/8/8/K7[W]"),
        ("e4d4", "7+k/8/8/4+n3/3G4/8/2C5/K7[W]"),
        ("e4d4w", "7+k/8/8/4+n3/3W4/8/2C5/K7[W]"),
    ] {
        let mut after = pos.clone();
        after.play(capture).unwrap();
        let fen = after.to_fen();
        assert!(fen.starts_with(&format!("{board} b - - 0 1 ")), "{fen}");
        assert_eq!(position("oysterhunt", &fen), after);
    }
    // Black's Goldtusk takes White's sideways on e4 (Black's 5th rank:
    // it may demote): Black's reserve gains a Walrus, which drops on
    // Black's second rank.
    let mut black = pos.clone();
    play_all(&mut black, &["c2e1"]);
    let moves = black.legal_moves();
    assert!(moves.contains(&"d4e4".to_string()) && moves.contains(&"d4e4w".to_string()));
    black.play("d4e4").unwrap();
    let fen = "7+k/8/8/4+n3/4g3/8/8/K3C3[w] w - - 0 2 \
               oysters=00000000/00000000/00000000/00002000/00000000/00000000/00000000/00000000 \
               stores=0/0";
    assert_eq!(black.to_fen(), fen);
    assert_eq!(position("oysterhunt", fen), black);
    play_all(&mut black, &["e1c2"]);
    let drops: Vec<String> = black
        .legal_moves()
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(
        drops,
        ["W@a7", "W@b7", "W@c7", "W@d7", "W@e7", "W@f7", "W@g7", "W@h7"]
    );
}

#[test]
fn oysterhunt_lame_jumps() {
    // Walrus b2: b3, and the jump to d4 over the sleeping Bishop c3,
    // taking the Black Goldtusk (2). Walrus h2: h3; not f4 over the awake
    // Knight g3 (1). Carpenter d3: knight leaps e5 f4 f2 e1 c1 b4 c5 (b2
    // own) (7); straight jumps d5 over the Goldtusk d4, d1 over the empty
    // d2, b3 over the sleeping Bishop c3, not f3 over the awake Knight e3
    // (3): 10. Awake Knight g3: h5 f5 e4 e2 f1 h1 (6). Goldtusk g5 (its
    // 5th rank): g6, g4, f5, h5 two each (8); not the jump to e7 over the
    // awake Knight f6. 27.
    let pos = position("oysterhunt", OYSTER_JUMPS);
    check_moves(
        &pos,
        27,
        &["b2d4", "d3d5", "d3d1", "d3b3", "g5g6w", "h2h3"],
        &["h2f4", "d3f3", "g5e7", "g5e7w"],
    );
    let mut take = pos.clone();
    take.play("b2d4").unwrap();
    assert!(take
        .to_fen()
        .starts_with("7+k/8/5+n2/6G1/3W4/2bC+n1+N1/7W/K7[W] b - - 0 1 "));
    // Black's Goldtusk jumps down over the sleeping Bishop onto b2 but not
    // over its own awake Knight e3 onto f2: it attacks b2, not f2.
    let black = food("oysterhunt", "7+k/8/8/8/3g4/2B1+n3/8/K7[] b - - 0 1", "0/0");
    let moves = black.legal_moves();
    assert!(moves.contains(&"d4b2".to_string()));
    assert!(!moves.contains(&"d4f2".to_string()));
}

#[test]
fn oysterhunt_fen_round_trips_and_errors() {
    let zeros = "oysters=00000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000";
    let e4_one = "oysters=00000000/00000000/00000000/00000000/00001000/00000000/00000000/00000000";
    // A Walrus on its 7th rank, a Goldtusk on its 8th or its 1st (it
    // cannot get there, but nothing forbids it), both sides; reserves in
    // the order C W K Q R B N.
    for core in [
        "G3+k2g/W7/8/8/8/8/7w/K5Gg[CWQcwn] w - - 3 20",
        "w6+k/8/8/8/8/8/8/W3+K3[] b - - 0 1",
    ] {
        let fen = format!("{core} {zeros} stores=2/5");
        let pos = position("oysterhunt", &fen);
        assert_eq!(pos.to_fen(), fen);
    }
    for (core, extra) in [
        // A Goldtusk is never in a reserve.
        ("7+k/8/8/8/8/8/8/K7[G]", ""),
        ("7+k/8/8/8/8/8/8/K7[g]", ""),
        // A Walrus on its 8th rank, a Goldtusk on its 2nd, both sides.
        ("W6+k/8/8/8/8/8/8/K7[]", ""),
        ("7+k/8/8/8/8/8/8/K6w[]", ""),
        ("7+k/8/8/8/8/8/G7/K7[]", ""),
        ("7+k/g7/8/8/8/8/8/K7[]", ""),
        // A Goldtusk never hunts, so no find is pending on it.
        ("7+k/8/8/8/4G3/8/8/K7[]", "pending=find:e4"),
    ] {
        let oysters = if extra.is_empty() { zeros } else { e4_one };
        let fen = format!("{core} b - - 0 1 {oysters} stores=0/0 {extra}");
        assert!(
            RefPosition::from_fen("oysterhunt", fen.trim()).is_err(),
            "{fen}"
        );
    }
    // The same find on a Walrus is fine.
    let fen = format!("7+k/8/8/8/4W3/8/8/K7[] b - - 0 1 {e4_one} stores=0/0 pending=find:e4");
    assert_eq!(position("oysterhunt", &fen).to_fen(), fen);
    // Another game's food word is an error here, and `oysters=` elsewhere.
    let truffles = zeros.replace("oysters", "truffles");
    assert!(RefPosition::from_fen(
        "oysterhunt",
        &format!("7+k/8/8/8/8/8/8/K7[] w - - 0 1 {truffles} stores=0/0")
    )
    .is_err());
    assert!(RefPosition::from_fen(
        "truffle",
        &format!("7+k/8/8/8/8/8/8/K7[] w - - 0 1 {zeros} stores=0/0")
    )
    .is_err());
}

#[test]
fn oysterhunt_random_games_round_trip_through_fen() {
    // Fixed-seed walks: each state reads back equal from its own FEN,
    // every action is listed once; finds, activations, drops, promotions
    // and demotions happen.
    let (mut finds, mut activations, mut drops) = (0, 0, 0);
    let (mut promotions, mut demotions) = (0, 0);
    walk_round_trips("oysterhunt", 24, &mut |action, fen| {
        promotions += usize::from(action.len() == 5 && action.ends_with('g'));
        demotions += usize::from(action.len() == 5 && action.ends_with('w'));
        finds += usize::from(action.starts_with("find:"));
        activations += usize::from(action.starts_with("activate:") && action != "activate:done");
        drops += usize::from(action.contains('@'));
        let pos = position("oysterhunt", fen);
        let actions = pos.legal_actions();
        if actions.first().is_some_and(|a| a.starts_with("find:")) {
            let total: f64 = actions
                .iter()
                .map(|a| pos.chance_probability(a).unwrap())
                .sum();
            assert!((total - 1.0).abs() < 1e-12, "{fen}");
        }
    });
    assert!(
        finds > 0 && activations > 0 && drops > 0 && promotions > 0 && demotions > 0,
        "{finds} {activations} {drops} {promotions} {demotions}"
    );
}
