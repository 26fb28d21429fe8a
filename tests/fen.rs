//! Malformed FENs are rejected with an error that names the problem.

use menagerie::rules::fen::FenError;
use menagerie::rules::position::Position;
use menagerie::rules::square::Color;
use menagerie::rules::variants;

fn chess_error(fen: &str) -> FenError {
    let v = variants::load("chess").unwrap();
    match Position::from_fen(v, fen) {
        Ok(p) => panic!("accepted bad FEN {fen:?} as {}", p.to_fen()),
        Err(e) => e,
    }
}

#[test]
fn malformed_fens_give_typed_errors() {
    use FenError::*;
    let cases: Vec<(&str, FenError)> = vec![
        ("", Empty),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1",
            WrongRankCount {
                found: 7,
                expected: 8,
            },
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            RankTooLong { rank: 7 },
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            RankTooShort { rank: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            UnknownPiece { letter: 'X' },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN! w KQkq - 0 1",
            UnexpectedChar { found: '!' },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            BadSideToMove("x".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KZkq - 0 1",
            BadCastling("'Z' names no castling of this variant".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            BadCastling("'K' needs the king on e1 and the rook on h1".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
            BadEnPassant("z9".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            EnPassantWithoutPawn("e6".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            BadHalfmoveClock("x".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            BadFullmoveNumber("0".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
            TooManyFields,
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            MissingRoyal(Color::Black),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
            TooManyRoyals(Color::White),
        ),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", OpponentInCheck),
        (
            "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
            PieceOnPromotionRank {
                square: "h8".to_string(),
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1",
            BadHoldings("chess has no pieces in hand".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[ w KQkq - 0 1",
            BadHoldings("missing ']'".to_string()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPP*PPPP/RNBQKBNR w KQkq - 0 1",
            HoleOnSquare {
                square: "d2".to_string(),
            },
        ),
    ];
    for (fen, want) in cases {
        let got = chess_error(fen);
        assert_eq!(got, want, "{fen:?}");
        assert!(!got.to_string().is_empty());
    }
}

#[test]
fn error_messages_name_the_problem() {
    let e = chess_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    assert_eq!(e.to_string(), "'X' is not a piece of this variant");
    let e = chess_error("rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        e.to_string(),
        "its board has 7 ranks (separated by '/'); this game's board has 8"
    );
    // Not a FEN at all: said in words a user understands.
    let e = chess_error("garbage");
    assert!(
        e.to_string()
            .starts_with("it does not start with a board: a FEN gives the board rank by rank"),
        "{e}"
    );
}

#[test]
fn bytes_that_are_not_fen_never_panic() {
    let v = variants::load("chess").unwrap();
    let samples = [
        "é",
        "//////////",
        "99999999999999999999/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/8",
        "[",
        "]",
        "8/8/8/8/8/8/8/8[]]",
        "\u{0}",
        "k7/8/8/8/8/8/8/7K w - - 99999999999 1",
        "k7/8/8/8/8/8/8/7K w - a 0 1",
        "k7/8/8/8/8/8/8/7K w KQkq - 0 1",
        "k7/8/8/8/8/8/8/7K w - a3 0 1",
    ];
    for s in samples {
        let _ = Position::from_fen(v.clone(), s);
    }
    // A FEN with no optional fields is fine.
    let p = Position::from_fen(v, "k7/8/8/8/8/8/8/7K").unwrap();
    assert_eq!(p.to_fen(), "k7/8/8/8/8/8/8/7K w - - 0 1");
}

#[test]
fn dice_state_in_fen_is_checked() {
    let v = variants::load("carnival").unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for bad in [
        "knights=9:1/2:1",
        "knights=1:2/2:1",
        "knights=2:1",
        "knights=2:1/2:1 pending=dance",
        "knights=2:1/2:1 pending=choose:3:1",
        "knights=2:1/2:1 knights=2:1/2:1",
    ] {
        let fen = format!("{start} {bad}");
        match Position::from_fen(v.clone(), &fen) {
            Err(FenError::BadDiceState(_)) => {}
            other => panic!("{fen}: {:?}", other.map(|p| p.to_fen())),
        }
    }
    let p = Position::from_fen(v.clone(), &format!("{start} knights=6:6/2:1")).err();
    assert!(
        matches!(p, Some(FenError::BadDiceState(_))),
        "(6,6) is no Carnival leaper"
    );
    let p = Position::from_fen(v, &format!("{start} knights=3:3/2:1 pending=choose:6:4")).unwrap();
    assert_eq!(
        p.to_fen(),
        format!("{start} knights=3:3/2:1 pending=choose:6:4")
    );
    let chess = variants::load("chess").unwrap();
    assert!(matches!(
        Position::from_fen(chess, &format!("{start} knights=2:1/2:1")),
        Err(FenError::BadDiceState(_))
    ));
}

#[test]
fn truffle_state_in_fen_is_checked() {
    let v = variants::load("truffle").unwrap();
    let board = "rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w - - 0 1";
    let zero = "00000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000";
    for bad in [
        format!("truffles=9{}", &zero[1..]),
        format!("truffles={}", &zero[9..]),
        "stores=7/0".to_string(),
        "stores=1".to_string(),
        "pending=find:e4".to_string(),
        "pending=roll".to_string(),
        "knights=2:1/2:1".to_string(),
    ] {
        let fen = format!("{board} {bad}");
        match Position::from_fen(v.clone(), &fen) {
            Err(FenError::BadDiceState(_)) => {}
            other => panic!("{fen}: {:?}", other.map(|p| p.to_fen())),
        }
    }
    // A full state round-trips.
    let fen = format!(
        "r1bq+kb1r/s2s1hhs/2+n1h3/3hS3/4s3/2H2+N2/S2S1HHS/R1BQ+KB1R[Hh] b - - 0 9 truffles={} stores=2/4 pending=find:e5",
        "00000000/00000000/66646666/66655666/66661666/66566666/00000000/00000000"
    );
    let p = Position::from_fen(v, &fen).unwrap();
    assert_eq!(p.to_fen(), fen);
}

/// A picture of a game (a GUI's board) may have the side not to move in
/// check; `from_fen_allowing_opponent_check` reads it, everything else
/// checked as before.
#[test]
fn a_picture_with_the_side_not_to_move_in_check_is_read_on_request() {
    let v = variants::load("chess").unwrap();
    let fen = "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1";
    assert_eq!(
        Position::from_fen(v.clone(), fen).err(),
        Some(FenError::OpponentInCheck)
    );
    let p = Position::from_fen_allowing_opponent_check(v.clone(), fen).expect("read");
    assert!(!p.in_check());
    assert!(!p.legal_moves().is_empty());
    assert_eq!(
        Position::from_fen_allowing_opponent_check(v, "8/8/8/8/8/8/8/4R1K1 w - - 0 1").err(),
        Some(FenError::MissingRoyal(Color::Black))
    );
}
