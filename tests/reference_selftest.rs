//! Self-test of the reference move generator: chess against published perft
//! numbers (chessprogramming wiki, "Perft Results"), Wolf Chess, Hubbub and
//! Pawn Eaters against independently computed start-position perft numbers
//! (the project's notes) and small hand-counted positions for each special
//! rule, plus basic API checks.
mod reference;

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
        for piece in v.pieces {
            assert_eq!(
                v.pieces.iter().filter(|p| p.letter == piece.letter).count(),
                1,
                "{name}: letter {} used twice",
                piece.letter
            );
            for letter in piece.promotions.iter().chain(piece.immune_from) {
                assert!(
                    v.pieces.iter().any(|p| p.letter == *letter),
                    "{name}: unknown letter {letter}"
                );
            }
            for vector in piece.vectors {
                assert!(!vector.double_step || (vector.dx % 2 == 0 && vector.dy % 2 == 0));
            }
        }
        let start = RefPosition::startpos(name).unwrap();
        assert_eq!(start.to_fen(), v.start_fen, "{name}");
    }
}
