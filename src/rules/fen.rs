//! FEN in Fairy-Stockfish's conventions: any board size (ranks with counts
//! of 10 and more), `*` for a grid cell that is not a square, holdings in
//! `[...]` after the board. Every malformed FEN is a typed error.

use crate::rules::bitboard::Bitboard;
use crate::rules::geometry::Geometry;
use crate::rules::piece::{Kind, Piece};
use crate::rules::position::{EnPassant, Pending, Position};
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    WrongRankCount { found: usize, expected: u8 },
    RankTooLong { rank: u8 },
    RankTooShort { rank: u8 },
    UnknownPiece { letter: char },
    UnexpectedChar { found: char },
    EmptyCountOverHole { rank: u8 },
    HoleOnSquare { square: String },
    BadHoldings(String),
    BadSideToMove(String),
    BadCastling(String),
    BadEnPassant(String),
    EnPassantWithoutPawn(String),
    BadHalfmoveClock(String),
    BadFullmoveNumber(String),
    TooManyFields,
    MissingRoyal(Color),
    TooManyRoyals(Color),
    OpponentInCheck,
    PieceOnPromotionRank { square: String },
    BadMovedList(String),
    BadDiceState(String),
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use FenError::*;
        match self {
            Empty => write!(f, "empty FEN"),
            WrongRankCount { found: 1, expected } => write!(
                f,
                "it does not start with a board: a FEN gives the board rank by rank from \
                 the top, the ranks separated by '/' ({expected} of them here), then the \
                 side to move (chess starts 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')"
            ),
            WrongRankCount { found, expected } => write!(
                f,
                "its board has {found} ranks (separated by '/'); this game's board has {expected}"
            ),
            RankTooLong { rank } => write!(f, "rank {rank} has too many squares"),
            RankTooShort { rank } => write!(f, "rank {rank} has too few squares"),
            UnknownPiece { letter } => write!(f, "'{letter}' is not a piece of this variant"),
            UnexpectedChar { found } => write!(f, "unexpected character '{found}' in the board"),
            EmptyCountOverHole { rank } => write!(
                f,
                "rank {rank}: an empty-square count covers a cell that is not a square (write it '*')"
            ),
            HoleOnSquare { square } => write!(f, "'*' marks {square}, which is a real square"),
            BadHoldings(why) => write!(f, "holdings: {why}"),
            BadSideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            BadCastling(why) => write!(f, "castling rights: {why}"),
            BadEnPassant(s) => write!(f, "en passant square '{s}' is not a square of this board"),
            EnPassantWithoutPawn(s) => write!(
                f,
                "en passant square {s} does not lie behind a piece that just made a double step"
            ),
            BadHalfmoveClock(s) => write!(f, "halfmove clock '{s}' is not a number"),
            BadFullmoveNumber(s) => write!(f, "fullmove number '{s}' is not a positive number"),
            TooManyFields => write!(f, "too many fields"),
            MissingRoyal(c) => write!(f, "{} has no king", c.name()),
            TooManyRoyals(c) => write!(f, "{} has more than one king", c.name()),
            OpponentInCheck => write!(f, "the side not to move is in check"),
            BadDiceState(s) => write!(f, "dice state: {s}"),
            BadMovedList(s) => write!(
                f,
                "'~' lists '{s}', which is not a start square holding its piece with first-move rights"
            ),
            PieceOnPromotionRank { square } => {
                write!(f, "the piece on {square} stands where it would have had to promote")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// Parses the board part of a FEN (without holdings) into pieces by square.
pub(in crate::rules) fn parse_board(
    geometry: &Geometry,
    kind_of_symbol: impl Fn(char, bool) -> Option<Kind>,
    text: &str,
) -> Result<Vec<(Square, Piece)>, FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    let height = geometry.height();
    let width = geometry.width() as u32;
    if ranks.len() != height as usize {
        return Err(FenError::WrongRankCount {
            found: ranks.len(),
            expected: height,
        });
    }
    let mut pieces = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = height - 1 - i as u8;
        let shown = rank + 1;
        let mut file: u32 = 0;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0);
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d);
                    chars.next();
                }
                if n == 0 {
                    return Err(FenError::UnexpectedChar { found: '0' });
                }
                if file.saturating_add(n) > width {
                    return Err(FenError::RankTooLong { rank: shown });
                }
                for f in file..file + n {
                    if geometry.square(f as i32, rank as i32).is_none() {
                        return Err(FenError::EmptyCountOverHole { rank: shown });
                    }
                }
                file += n;
                continue;
            }
            if file >= width {
                return Err(FenError::RankTooLong { rank: shown });
            }
            let cell = geometry.square(file as i32, rank as i32);
            if c == '*' {
                if let Some(sq) = cell {
                    return Err(FenError::HoleOnSquare {
                        square: geometry.name(sq),
                    });
                }
            } else if c.is_ascii_alphabetic() || c == '+' {
                let (c, plus) = if c == '+' {
                    match chars.next() {
                        Some(l) if l.is_ascii_alphabetic() => (l, true),
                        _ => return Err(FenError::UnexpectedChar { found: '+' }),
                    }
                } else {
                    (c, false)
                };
                let kind = kind_of_symbol(c, plus).ok_or(FenError::UnknownPiece { letter: c })?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let sq = cell.ok_or(FenError::EmptyCountOverHole { rank: shown })?;
                pieces.push((sq, Piece::new(color, kind)));
            } else {
                return Err(FenError::UnexpectedChar { found: c });
            }
            file += 1;
        }
        if file < width {
            return Err(FenError::RankTooShort { rank: shown });
        }
    }
    Ok(pieces)
}

impl Position {
    /// The variant's starting position.
    pub fn startpos(variant: Arc<Variant>) -> Position {
        let fen = variant.start_fen.clone();
        // `Variant::load` checked the start FEN.
        Position::from_fen(variant, &fen).unwrap_or_else(|e| unreachable!("start FEN: {e}"))
    }

    /// Reads a FEN; on error nothing is built.
    pub fn from_fen(variant: Arc<Variant>, fen: &str) -> Result<Position, FenError> {
        Position::read_fen(variant, fen, true)
    }

    /// Reads a FEN whose side not to move may stand in check: not a
    /// position of the game but a picture of one, such as a GUI's board
    /// in which a dice leaper is its start leaper (`replay`'s view of what
    /// XBoard sees).
    pub fn from_fen_allowing_opponent_check(
        variant: Arc<Variant>,
        fen: &str,
    ) -> Result<Position, FenError> {
        Position::read_fen(variant, fen, false)
    }

    /// Writes the position as FEN.
    pub fn to_fen(&self) -> String {
        self.to_fen_with(|_, _| None)
    }

    /// Writes the position as FEN, `cell` giving a square's own text where
    /// another engine spells it otherwise (`None`: as ours; `*` a wall).
    pub fn to_fen_with(&self, cell: impl Fn(Square, Option<Piece>) -> Option<String>) -> String {
        let mut out = self.fen_board(cell);
        if self.variant.uses_hands {
            self.write_fen_hands(&mut out);
        }
        out.push_str(match self.side {
            Color::White => " w ",
            Color::Black => " b ",
        });
        out.push_str(&self.fen_castling());
        out.push(' ');
        out.push_str(&self.fen_en_passant());
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        self.write_fen_extras(&mut out);
        out
    }

    /// The board field: ranks from the last, runs of empty squares as
    /// numbers, a hole as `*`.
    fn fen_board(&self, cell: impl Fn(Square, Option<Piece>) -> Option<String>) -> String {
        let v = &*self.variant;
        let g = &v.geometry;
        let mut out = String::new();
        for rank in (0..g.height()).rev() {
            let mut empty = 0;
            for file in 0..g.width() {
                let text = match g.square(file as i32, rank as i32) {
                    None => Some("*".to_string()),
                    Some(sq) => {
                        let piece = self.piece_at(sq);
                        cell(sq, piece).or_else(|| piece.map(|p| v.symbol(p.color(), p.kind())))
                    }
                };
                let Some(text) = text else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(&text);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The pieces in hand, White's then Black's, in brackets.
    fn write_fen_hands(&self, out: &mut String) {
        let v = &*self.variant;
        out.push('[');
        for c in Color::BOTH {
            for kind in 0..v.kind_count() {
                for _ in 0..self.hands[c.index()][kind] {
                    out.push(v.letter(c, kind as Kind));
                }
            }
        }
        out.push(']');
    }

    /// The castling field: the letters of the rights left, or `-`.
    fn fen_castling(&self) -> String {
        let v = &*self.variant;
        let castling: String = Color::BOTH
            .iter()
            .flat_map(|c| &v.castling[c.index()])
            .filter(|right| self.castle_rooks.contains(right.rook_from))
            .map(|right| right.fen_letter)
            .collect();
        match castling.is_empty() {
            true => "-".to_string(),
            false => castling,
        }
    }

    /// The en passant field: the target square (with `>victim` where the
    /// victim is not just beyond it), both squares of a two-step's legs,
    /// or `-`.
    fn fen_en_passant(&self) -> String {
        let g = &self.variant.geometry;
        match self.ep {
            Some(EnPassant {
                target,
                victim,
                two_step: Some((from, _)),
            }) => {
                let [f, i, t] = [from, target, victim].map(|sq| g.name(sq));
                format!("{f}{i},{i}{t}")
            }
            Some(ep) => {
                let beyond = g.offset(ep.target, 0, self.side.opposite().forward());
                match beyond == Some(ep.victim) {
                    true => g.name(ep.target),
                    false => format!("{}>{}", g.name(ep.target), g.name(ep.victim)),
                }
            }
            None => "-".to_string(),
        }
    }

    /// The fields after the move numbers: the dice modes, the food and
    /// stores of a hunt, what is pending, and the pieces that moved from
    /// their start squares.
    fn write_fen_extras(&self, out: &mut String) {
        let v = &*self.variant;
        let g = &v.geometry;
        if let Some(c) = &v.chance {
            let [w, b] = Color::BOTH.map(|side| self.mode_name(side));
            out.push_str(&format!(" {}={w}/{b}", c.register));
        }
        if let Some(hunt) = &v.hunt {
            out.push_str(&format!(" {}=", hunt.food_word));
            for rank in (0..g.height()).rev() {
                for file in 0..g.width() {
                    let n = self.food[rank as usize * g.width() as usize + file as usize];
                    out.push((b'0' + n) as char);
                }
                if rank > 0 {
                    out.push('/');
                }
            }
            let [w, b] = self.stores;
            out.push_str(&format!(" {}={w}/{b}", hunt.store_word));
        }
        match self.pending {
            Pending::Nothing => {}
            Pending::Roll => out.push_str(" pending=roll"),
            Pending::Choose(x, 0) => out.push_str(&format!(" pending=choose:{x}")),
            Pending::Choose(x, y) => out.push_str(&format!(" pending=choose:{x}:{y}")),
            Pending::Find(sq) => out.push_str(&format!(" pending=find:{}", g.name(sq))),
            Pending::Activate => out.push_str(" pending=activate"),
            Pending::Promote(sq) => out.push_str(&format!(" pending=promote:{}", g.name(sq))),
        }
        let moved = self.default_unmoved() & !self.unmoved;
        if moved.any() {
            let names: Vec<String> = moved.map(|sq| g.name(sq)).collect();
            out.push_str(&format!(" ~{}", names.join(",")));
        }
    }

    /// What a FEN without a `~` field means: a piece with first-move
    /// privileges has them if it stands where a piece like it starts.
    pub(super) fn default_unmoved(&self) -> Bitboard {
        let v = &*self.variant;
        let mut unmoved = Bitboard::EMPTY;
        for &(sq, p) in v.start_board.iter() {
            if self.board[sq.index()] == p && v.initial_kinds >> p.kind() & 1 != 0 {
                unmoved.insert(sq);
            }
        }
        unmoved
    }
}
