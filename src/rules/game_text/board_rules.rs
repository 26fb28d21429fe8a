//! The keys of the game as a whole: the board, the start, the promotion
//! ranks, castling, hands and drops, and how the game ends.

use crate::rules::def::{CastlingDef, NoMoveOutcome};
use crate::rules::game_text::pieces::{checked_symbols, Army};
use crate::rules::game_text::reader::Reader;
use crate::rules::game_text::values;

/// Largest board side.
pub const MAX_SIDE: u32 = 16;

pub struct Board {
    pub width: u8,
    pub height: u8,
    pub holes: Vec<(u8, u8)>,
    pub capture_only: Vec<(u8, u8)>,
}

pub fn read_board(r: &mut Reader) -> Board {
    let height = r.read_or("maxRank", 8, |v| values::number(v, 1, MAX_SIDE)) as u8;
    let width = r.read_or("maxFile", 8, |v| {
        values::file(v, MAX_SIDE as u8).map(|f| f as u32 + 1)
    }) as u8;
    let holes = r.read_or("holes", Vec::new(), |v| values::region(v, width, height));
    let capture_only = r.read_or("captureOnlySquares", Vec::new(), |v| {
        values::region(v, width, height)
    });
    Board {
        width,
        height,
        holes,
        capture_only,
    }
}

/// The ranks (from White's side, from 0) where promoting pieces must
/// promote: `promotionRegionWhite` (whole ranks; Black's mirrors it),
/// else `promotionRank`, else the 8th rank (the last on a smaller board).
pub fn read_promotion_ranks(r: &mut Reader, board: &Board) -> Vec<u8> {
    let (w, h) = (board.width, board.height);
    let region = r.read("promotionRegionWhite", |v| values::region(v, w, h));
    if let Some(black) = r.read("promotionRegionBlack", |v| values::region(v, w, h)) {
        let mirrored: Vec<(u8, u8)> = match &region {
            Some(white) => {
                let mut m: Vec<_> = white.iter().map(|&(f, rk)| (f, h - 1 - rk)).collect();
                m.sort();
                m
            }
            None => Vec::new(),
        };
        if mirrored != black {
            let why = "menagerie's promotion zone is Black's mirror of White's".to_string();
            r.refuse_key("promotionRegionBlack", why);
        }
    }
    if let Some(cells) = region {
        let mut ranks: Vec<u8> = cells.iter().map(|&(_, rk)| rk).collect();
        ranks.dedup();
        if ranks
            .iter()
            .any(|&rk| cells.iter().filter(|c| c.1 == rk).count() != w as usize)
        {
            let why = "a promotion region of whole ranks is supported".to_string();
            r.refuse_key("promotionRegionWhite", why);
        }
        return ranks;
    }
    // Fairy-Stockfish's default region is the 8th rank, whatever the board.
    match r.read("promotionRank", |v| values::rank(v, h)) {
        Some(rank) => vec![rank],
        None => vec![h.min(8) - 1],
    }
}

/// Fairy-Stockfish's castling keys: `castling`, `castlingRank`,
/// `castlingKingFile`, `castlingKingsideFile`, `castlingQueensideFile`,
/// `castlingKingPiece`, `castlingRookPieces` (one piece), and
/// `castlingRookKingsideFile` / `castlingRookQueensideFile`, the files the
/// rooks start on (the board's edges if absent).
pub fn read_castling(
    r: &mut Reader,
    board: &Board,
    army: &Army,
    start_fen: Option<&str>,
) -> Vec<CastlingDef> {
    let (w, h) = (board.width, board.height);
    let on = r.read_or("castling", true, values::boolean);
    let rank = r.read_or("castlingRank", 0, |v| values::rank(v, h));
    let king_to = r.read_or("castlingKingsideFile", 6.min(w - 1), |v| values::file(v, w));
    let queen_to = r.read_or("castlingQueensideFile", 2.min(w - 1), |v| {
        values::file(v, w)
    });
    let rook_files = (
        r.read_or("castlingRookQueensideFile", 0, |v| values::file(v, w)),
        r.read_or("castlingRookKingsideFile", w - 1, |v| values::file(v, w)),
    );
    let king = piece_or(
        r,
        army,
        "castlingKingPiece",
        army.king.as_deref().unwrap_or("K"),
    );
    let rook_key = match r.get("castlingRookPiece") {
        Some(_) => "castlingRookPiece",
        None => "castlingRookPieces",
    };
    let rook = piece_or(r, army, rook_key, "R");
    let (Some(king), Some(rook)) = (king, rook) else {
        if on && army.king.is_some() {
            r.refuse_key("castling", "castling needs a king and a rook".to_string());
        }
        return Vec::new();
    };
    if !on {
        return Vec::new();
    }
    // Where the start position has its castling king, else the e-file.
    let found = start_fen.and_then(|fen| file_of(fen, h - 1 - rank, &king));
    let king_file = r.read_or("castlingKingFile", found.unwrap_or(4.min(w - 1)), |v| {
        values::file(v, w)
    });
    let side = |king_to: u8, rook_from: u8, rook_to: u8, fen_letter: char| CastlingDef {
        king_from: (king_file, rank),
        king_to: (king_to, rank),
        rook_from: (rook_from, rank),
        rook_to: (rook_to, rank),
        fen_letter,
        king: king.clone(),
        rook: rook.clone(),
    };
    vec![
        side(king_to, rook_files.1, king_to.saturating_sub(1), 'K'),
        side(queen_to, rook_files.0, queen_to + 1, 'Q'),
    ]
}

/// The file of the first piece `symbol` (White's, `K` or `+K`) on the
/// start FEN's row `row` (0 is the top row, as FEN writes them).
fn file_of(fen: &str, row: u8, symbol: &str) -> Option<u8> {
    start_cells(fen)
        .into_iter()
        .find(|(r, _, s)| *r == row && s == symbol)
        .map(|(_, f, _)| f)
}

/// The pieces of a start FEN's board as (row from the top, file, symbol
/// as written: `P`, `p`, `+R`); what cannot be read is left out (the
/// compiler reports it).
pub fn start_cells(fen: &str) -> Vec<(u8, u8, String)> {
    let board = fen.split_whitespace().next().unwrap_or("");
    let board = board.split('[').next().unwrap_or("");
    let mut cells = Vec::new();
    for (row, text) in board.split('/').enumerate() {
        let (mut file, mut count, mut plus) = (0u32, 0u32, false);
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count.saturating_mul(10).saturating_add(d);
                continue;
            }
            file = file.saturating_add(std::mem::take(&mut count));
            match c {
                '+' => plus = true,
                c if c.is_ascii_alphabetic() => {
                    let sym = if plus { format!("+{c}") } else { c.to_string() };
                    if let (Ok(r), Ok(f)) = (u8::try_from(row), u8::try_from(file)) {
                        cells.push((r, f, sym));
                    }
                    plus = false;
                    file = file.saturating_add(1);
                }
                _ => file = file.saturating_add(1),
            }
        }
    }
    cells
}

/// The piece a key names, or `default` where absent; `None` where that
/// piece is not in the army.
fn piece_or(r: &mut Reader, army: &Army, key: &str, default: &str) -> Option<String> {
    let given = r.get(key).map(|s| s.value.clone());
    let set = given.is_some();
    let text = given.unwrap_or_else(|| default.to_string());
    let found = match set {
        true => checked_symbols(r, army, key, &text),
        false => values::symbols(&text).unwrap_or_default(),
    };
    match found.as_slice() {
        [one] if army.find(one).is_some() => Some(one.clone()),
        _ => None,
    }
}

/// How the game ends besides checkmate.
pub struct GameEnd {
    pub stalemate: NoMoveOutcome,
    pub extinction: Option<char>,
    pub fifty_move_plies: u32,
    pub repetitions: u32,
}

pub fn read_game_end(r: &mut Reader, army: &Army) -> GameEnd {
    let stalemate = r.read_or("stalemateValue", NoMoveOutcome::Draw, outcome);
    r.read("checkmateValue", |v| match v {
        "loss" => Ok(()),
        _ => Err("menagerie plays checkmate as a loss only".to_string()),
    });
    r.read("checking", |v| match values::boolean(v)? {
        true => Ok(()),
        false => Err("a game where checks are barred is not supported".to_string()),
    });
    r.read("nFoldValue", |v| match v {
        "draw" => Ok(()),
        _ => Err("a repetition is a draw in menagerie".to_string()),
    });
    let extinction = read_extinction(r, army);
    let moves = r.read_or("nMoveRule", 50, |v| values::number(v, 0, 10_000));
    let repetitions = r.read_or("nFoldRule", 3, |v| values::number(v, 0, 100));
    GameEnd {
        stalemate,
        extinction,
        fifty_move_plies: moves * 2,
        repetitions,
    }
}

fn outcome(v: &str) -> Result<NoMoveOutcome, String> {
    match v {
        "draw" => Ok(NoMoveOutcome::Draw),
        "loss" => Ok(NoMoveOutcome::Loss),
        "win" => Ok(NoMoveOutcome::Win),
        _ => Err(format!("'{v}' is not win, loss or draw")),
    }
}

/// `extinctionValue = loss` with one `extinctionPieceTypes` letter: a side
/// with none of that piece left loses.
fn read_extinction(r: &mut Reader, army: &Army) -> Option<char> {
    let value = r.get("extinctionValue").map(|s| s.value.clone());
    let types = r
        .get("extinctionPieceTypes")
        .map(|s| s.value.clone())
        .map(|t| checked_symbols(r, army, "extinctionPieceTypes", &t));
    match (value.as_deref(), types) {
        (None | Some("none"), None) => None,
        (Some("loss"), Some(t)) if t.len() == 1 && !t[0].starts_with('+') => t[0].chars().next(),
        (Some("loss"), _) => {
            let why = "one piece letter (a side without it loses)".to_string();
            r.refuse_key("extinctionPieceTypes", why);
            None
        }
        _ => {
            let why = "extinctionValue = loss with one extinctionPieceTypes letter".to_string();
            r.refuse_key("extinctionValue", why);
            None
        }
    }
}

/// `dropColourLimits = b+b:1 h:4`: at most so many of these pieces of a
/// side on squares of one colour, checked when dropping.
pub fn read_drop_limits(r: &mut Reader, army: &Army) -> Vec<(Vec<String>, u8)> {
    let Some(text) = r.get("dropColourLimits").map(|s| s.value.clone()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in text.split_whitespace() {
        let parsed = item
            .split_once(':')
            .ok_or_else(|| format!("'{item}' is not 'letters:count'"))
            .and_then(|(who, n)| Ok((who, values::number(n, 0, 64)? as u8)));
        match parsed {
            Ok((who, n)) => out.push((checked_symbols(r, army, "dropColourLimits", who), n)),
            Err(why) => r.refuse_key("dropColourLimits", why),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::rules::game_text::catalog::Catalog;

    #[test]
    fn start_cells_read_the_board() {
        let cells = super::start_cells("2K+R/p*1q[Pp] w - - 0 1");
        let want = [(0, 2, "K"), (0, 3, "+R"), (1, 0, "p"), (1, 3, "q")];
        let got: Vec<(u8, u8, &str)> = cells.iter().map(|(r, f, s)| (*r, *f, s.as_str())).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_start_position_of_any_size_is_refused_not_a_crash() {
        let rows = "99999999999p/".repeat(300);
        for fen in [
            format!("{rows}K w - - 0 1"),
            "P".repeat(5000) + " w - - 0 1",
        ] {
            let text = format!("[x]\npawn = p\nking = k\nstartFen = {fen}\n");
            let refused = Catalog::default().with_file("x.ini", &text);
            assert!(refused.is_err(), "{fen}");
        }
    }
}
