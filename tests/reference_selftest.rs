//! Self-test of the reference move generator against published perft numbers
//! (chessprogramming wiki, "Perft Results"), plus basic API checks.
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
