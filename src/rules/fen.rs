//! FEN in Fairy-Stockfish's conventions: any board size (ranks with counts
//! of 10 and more), `*` for a grid cell that is not a square, holdings in
//! `[...]` after the board. Every malformed FEN is a typed error.

use crate::rules::bitboard::Bitboard;
use crate::rules::geometry::{square_name_len, Geometry};
use crate::rules::piece::{Kind, Piece};
use crate::rules::position::{EnPassant, Pending, Position};
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;
use crate::rules::zobrist::MAX_IN_HAND;
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
        let fen = variant.start_fen;
        // `Variant::load` checked the start FEN.
        Position::from_fen(variant, fen).unwrap_or_else(|e| unreachable!("start FEN: {e}"))
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

    fn read_fen(
        variant: Arc<Variant>,
        fen: &str,
        refuse_opponent_check: bool,
    ) -> Result<Position, FenError> {
        // Our extension: a last field `~sq,sq` lists pieces standing on a
        // start square of their kind that have nevertheless moved.
        // Dice games add each side's mode (`knights=A:B/C:D`, the word is
        // the game's) and `pending=roll|choose:X:Y`.
        let register = variant.chance.as_ref().map_or("knights", |c| c.register);
        let hunt = variant.hunt.as_ref();
        let food_word = hunt.map_or("truffles", |h| h.food_word);
        let store_word = hunt.map_or("stores", |h| h.store_word);
        let is_field =
            |text: &str, word: &str| text.split_once('=').is_some_and(|(w, _)| w == word);
        let mut all: Vec<&str> = fen.split_whitespace().collect();
        let (mut moved_field, mut register_field, mut pending_field) = (None, None, None);
        let (mut food_field, mut stores_field) = (None, None);
        while all.len() > 1 {
            let last = all[all.len() - 1];
            let slot = if last.starts_with('~') {
                &mut moved_field
            } else if is_field(last, register) {
                &mut register_field
            } else if last.starts_with("pending=") {
                &mut pending_field
            } else if is_field(last, food_word) {
                &mut food_field
            } else if is_field(last, store_word) {
                &mut stores_field
            } else {
                break;
            };
            if slot.is_some() {
                return Err(FenError::BadDiceState(format!("'{last}' given twice")));
            }
            *slot = all.pop();
        }
        let mut fields = all.into_iter();
        let board_field = fields.next().ok_or(FenError::Empty)?;
        let (board_text, holdings) = match board_field.find('[') {
            Some(open) => {
                let rest = &board_field[open + 1..];
                let close = rest
                    .find(']')
                    .ok_or_else(|| FenError::BadHoldings("missing ']'".to_string()))?;
                if close + 1 != rest.len() {
                    return Err(FenError::BadHoldings(
                        "text after ']' in the board field".to_string(),
                    ));
                }
                (&board_field[..open], Some(&rest[..close]))
            }
            None => (board_field, None),
        };
        let mut pos = Position::empty(variant.clone());
        let v = &*variant;
        for (sq, p) in parse_board(&v.geometry, |c, plus| v.kind_of_symbol(c, plus), board_text)? {
            pos.put(sq, p);
        }
        if let Some(h) = holdings {
            if !v.uses_hands && !h.is_empty() && h != "-" {
                return Err(FenError::BadHoldings(format!(
                    "{} has no pieces in hand",
                    v.name
                )));
            }
            for c in h.chars().filter(|&c| c != '-') {
                let kind = v
                    .kind_of_letter(c)
                    .ok_or_else(|| FenError::BadHoldings(format!("'{c}' is not a piece")))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let n = &mut pos.hands[color.index()][kind as usize];
                if *n as usize >= MAX_IN_HAND {
                    return Err(FenError::BadHoldings(format!(
                        "more than {MAX_IN_HAND} of '{c}'"
                    )));
                }
                *n += 1;
            }
        }
        pos.side = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(s) => return Err(FenError::BadSideToMove(s.to_string())),
        };
        // Royal pieces first: castling and check tests need them.
        if v.royal_kinds != 0 {
            for c in Color::BOTH {
                match pos.pieces_of_kinds(c, v.royal_kinds).count() {
                    0 => return Err(FenError::MissingRoyal(c)),
                    1 => {}
                    _ => return Err(FenError::TooManyRoyals(c)),
                }
            }
        }
        if let Some(castling) = fields.next() {
            pos.castle_rooks = parse_castling(&pos, castling)?;
        }
        let ep_field = fields.next();
        if let Some(h) = fields.next() {
            pos.halfmove = h
                .parse()
                .map_err(|_| FenError::BadHalfmoveClock(h.to_string()))?;
        }
        if let Some(f) = fields.next() {
            pos.fullmove = f
                .parse()
                .ok()
                .filter(|&n: &u32| n >= 1)
                .ok_or_else(|| FenError::BadFullmoveNumber(f.to_string()))?;
        }
        if fields.next().is_some() {
            return Err(FenError::TooManyFields);
        }
        if v.chance.is_some() {
            // Without the field both sides have their start mode.
            if let Some(field) = register_field {
                let bad = || FenError::BadDiceState(field.to_string());
                let (w, b) = field[register.len() + 1..]
                    .split_once('/')
                    .ok_or_else(bad)?;
                for (c, name) in [(0, w), (1, b)] {
                    pos.modes[c] = pos.parse_mode_name(name).ok_or_else(bad)?;
                }
            }
            if let Some(field) = pending_field {
                let bad = || FenError::BadDiceState(field.to_string());
                pos.pending = match &field["pending=".len()..] {
                    "roll" => Pending::Roll,
                    rest if rest.starts_with("promote:") => {
                        let sq = v.geometry.parse_square(&rest["promote:".len()..]);
                        let waits = |sq| pos.waits_to_promote(sq);
                        Pending::Promote(sq.filter(|&sq| waits(sq)).ok_or_else(bad)?)
                    }
                    rest => {
                        let throw = rest.strip_prefix("choose:").ok_or_else(bad)?;
                        pos.pending_choice(throw).ok_or_else(bad)?
                    }
                };
            }
        } else if let Some(t) = &v.hunt {
            // Without the fields: the start's truffles, empty stores.
            pos.food[..t.start.len()].copy_from_slice(&t.start);
            if let Some(field) = food_field {
                let bad = || FenError::BadDiceState(field.to_string());
                let ranks: Vec<&str> = field[food_word.len() + 1..].split('/').collect();
                let g = &v.geometry;
                if ranks.len() != g.height() as usize {
                    return Err(bad());
                }
                for (i, rank_text) in ranks.iter().enumerate() {
                    let rank = g.height() as usize - 1 - i;
                    if rank_text.len() != g.width() as usize {
                        return Err(bad());
                    }
                    for (file, c) in rank_text.chars().enumerate() {
                        let n = c.to_digit(10).filter(|&n| n <= 7).ok_or_else(bad)? as u8;
                        pos.food[rank * g.width() as usize + file] = n;
                    }
                }
            }
            if let Some(field) = stores_field {
                let bad = || FenError::BadDiceState(field.to_string());
                let (w, b) = field[store_word.len() + 1..]
                    .split_once('/')
                    .ok_or_else(bad)?;
                for (c, text) in [(0, w), (1, b)] {
                    pos.stores[c] = text
                        .parse::<u8>()
                        .ok()
                        .filter(|&n| n <= t.store_max)
                        .ok_or_else(bad)?;
                }
            }
            if let Some(field) = pending_field {
                let bad = || FenError::BadDiceState(field.to_string());
                pos.pending = match &field["pending=".len()..] {
                    "activate" => Pending::Activate,
                    rest => {
                        let sq = rest
                            .strip_prefix("find:")
                            .and_then(|n| v.geometry.parse_square(n))
                            .ok_or_else(bad)?;
                        // The actor's pig must stand there.
                        let pig = pos.piece_at(sq).is_some_and(|p| {
                            p.color() != pos.side && t.hunter_kinds >> p.kind() & 1 != 0
                        });
                        if !pig {
                            return Err(bad());
                        }
                        Pending::Find(sq)
                    }
                };
            }
            if let Some(f) = register_field {
                return Err(FenError::BadDiceState(format!(
                    "{} has no dice knights: '{f}'",
                    v.name
                )));
            }
        } else if let Some(f) = register_field
            .or(pending_field)
            .or(food_field)
            .or(stores_field)
        {
            return Err(FenError::BadDiceState(format!(
                "{} has no dice: '{f}'",
                v.name
            )));
        }
        pos.unmoved = pos.default_unmoved();
        if let Some(field) = moved_field {
            for name in field[1..].split(',') {
                let sq = v
                    .geometry
                    .parse_square(name)
                    .filter(|&sq| pos.unmoved.contains(sq))
                    .ok_or_else(|| FenError::BadMovedList(name.to_string()))?;
                pos.unmoved.remove(sq);
            }
        }
        for sq in pos.occupied() {
            let p = pos.board[sq.index()];
            // A promotion chosen after the throw waits until then.
            let waits = pos.pending != Pending::Nothing && pos.waits_to_promote(sq);
            if v.kinds[p.kind() as usize].must_promote[p.color().index()].contains(sq) && !waits {
                return Err(FenError::PieceOnPromotionRank {
                    square: v.geometry.name(sq),
                });
            }
        }
        // After the modes: whether en passant may be taken depends on them.
        if let Some(text) = ep_field.filter(|&t| t != "-") {
            pos.ep = read_en_passant(&pos, text)?;
        }
        if let Some(k) = pos.royal_square(pos.side.opposite()) {
            if refuse_opponent_check && pos.attacked(k, pos.side) {
                return Err(FenError::OpponentInCheck);
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Writes the position as FEN.
    pub fn to_fen(&self) -> String {
        self.to_fen_with(|_, _| None)
    }

    /// Writes the position as FEN, `cell` giving a square's own text where
    /// another engine spells it otherwise (`None`: as ours; `*` a wall).
    pub fn to_fen_with(&self, cell: impl Fn(Square, Option<Piece>) -> Option<String>) -> String {
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
                match text {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&t);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        if v.uses_hands {
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
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        let mut castling = String::new();
        for c in Color::BOTH {
            for right in &v.castling[c.index()] {
                if self.castle_rooks.contains(right.rook_from) {
                    castling.push(right.fen_letter);
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        out.push_str(&castling);
        out.push(' ');
        match self.ep {
            Some(EnPassant {
                target,
                victim,
                two_step: Some((from, _)),
            }) => {
                let [f, i, t] = [from, target, victim].map(|sq| g.name(sq));
                out.push_str(&format!("{f}{i},{i}{t}"));
            }
            Some(ep) => {
                out.push_str(&g.name(ep.target));
                let beyond = g.offset(ep.target, 0, self.side.opposite().forward());
                if beyond != Some(ep.victim) {
                    out.push('>');
                    out.push_str(&g.name(ep.victim));
                }
            }
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
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
        out
    }

    /// What a FEN without a `~` field means: a piece with first-move
    /// privileges has them if it stands where a piece like it starts.
    fn default_unmoved(&self) -> Bitboard {
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

/// Castling rights as `KQkq` letters or Shredder-style rook files (`HAha`).
/// The en passant field: `I` (the passed square; the piece stands just
/// beyond it), `I>V` (it stands on V), or the two-step itself, `FI,IV`
/// (where its legs matter). `None` when no enemy piece could take it.
fn read_en_passant(pos: &Position, text: &str) -> Result<Option<EnPassant>, FenError> {
    let v = &*pos.variant;
    let g = &v.geometry;
    let bad = || FenError::BadEnPassant(text.to_string());
    let mover = pos.side.opposite();
    let (target, victim, start) = match text.split_once(',') {
        Some((first, second)) => {
            let (from, mid) = two_squares(g, first).ok_or_else(bad)?;
            let (mid2, to) = two_squares(g, second).ok_or_else(bad)?;
            if mid2 != mid {
                return Err(bad());
            }
            (mid, Some(to), Some(from))
        }
        None => {
            let (t, vt) = match text.split_once('>') {
                Some((t, vt)) => (t, Some(vt)),
                None => (text, None),
            };
            let target = g.parse_square(t).ok_or_else(bad)?;
            let victim = match vt {
                None => g.offset(target, 0, mover.forward()),
                Some(vt) => Some(g.parse_square(vt).ok_or_else(bad)?),
            };
            (target, victim, None)
        }
    };
    let origin = start.or_else(|| g.offset(target, 0, -mover.forward()));
    // A two-leg step need not start straight behind I.
    let origin_empty = |o: Square| v.two_leg_kinds != 0 || pos.board[o.index()].is_none();
    let valid = match (victim, origin) {
        (Some(victim), Some(origin)) => {
            pos.board[target.index()].is_none()
                && origin_empty(origin)
                && pos
                    .piece_at(victim)
                    .is_some_and(|p| p.color() == mover && v.ep_victims >> p.kind() & 1 != 0)
        }
        _ => false,
    };
    let (Some(victim), Some(origin), true) = (victim, origin, valid) else {
        return Err(FenError::EnPassantWithoutPawn(text.to_string()));
    };
    let legs = pos.two_step_legs(origin, target, victim);
    let ep = pos.two_step_ep(origin, target, victim, legs);
    Ok(pos.ep_capture_possible(ep, pos.side).then_some(ep))
}

/// Two square names written together (`d2d3`).
fn two_squares(g: &Geometry, text: &str) -> Option<(Square, Square)> {
    let n = square_name_len(text)?;
    Some((g.parse_square(&text[..n])?, g.parse_square(&text[n..])?))
}

fn parse_castling(pos: &Position, text: &str) -> Result<Bitboard, FenError> {
    let v = &*pos.variant;
    let mut rooks = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rooks);
    }
    for ch in text.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rights = &v.castling[color.index()];
        let right = rights
            .iter()
            .find(|c| c.fen_letter == ch)
            .or_else(|| {
                rights.iter().find(|c| {
                    (b'a' + v.geometry.file_of(c.rook_from)) as char == ch.to_ascii_lowercase()
                })
            })
            .ok_or_else(|| {
                FenError::BadCastling(format!("'{ch}' names no castling of this variant"))
            })?;
        if rooks.contains(right.rook_from) {
            return Err(FenError::BadCastling(format!("'{ch}' given twice")));
        }
        let king_ok = pos.royal_square(color) == Some(right.king_from);
        let rook_ok = pos
            .piece_at(right.rook_from)
            .is_some_and(|p| p.color() == color && right.right_holders >> p.kind() & 1 != 0);
        if !king_ok || !rook_ok {
            return Err(FenError::BadCastling(format!(
                "'{ch}' needs the king on {} and the rook on {}",
                v.geometry.name(right.king_from),
                v.geometry.name(right.rook_from)
            )));
        }
        rooks.insert(right.rook_from);
    }
    Ok(rooks)
}
