//! Reference move generator, used only by the tests to cross-check the fast
//! bitboard generator in `src/`.
//!
//! It is written from the rules of the game, not from any engine code, and it
//! is deliberately slow and simple:
//! * the board is a mailbox, `Vec<Option<(Color, PieceKind)>>` indexed by
//!   `file + rank * width`, no bitboards;
//! * pieces are data (`variants.rs`): a list of (dx, dy) vectors, each a
//!   single leap or a slide, each move-and-capture / move-only / capture-only,
//!   in the style of Fairy-Max's table-driven interpreter;
//! * legality is brute force: play the pseudo-legal move on a copy and reject
//!   it if one of the mover's royal pieces is then attacked, where "attacked"
//!   means "some capture move of the opponent lands on it".
//!
//! If this file and the fast generator disagree, this file is the one that is
//! easy to check by reading.
#![allow(dead_code)]

/// The piece and variant tables (public so tests can inspect them).
pub mod variants;

use variants::{Mode, PieceDef, Reach, Variant};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// Index into the variant's `pieces` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceKind(pub u8);

type Piece = (Color, PieceKind);

/// What a move does beyond "piece goes from `from` to `to`".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Special {
    None,
    /// Two-square pawn-like step over the empty square `skipped`.
    DoubleStep {
        skipped: usize,
    },
    /// Captures the piece on `victim`, which is not the target square.
    EnPassant {
        victim: usize,
    },
    /// The king moves (from, to) and the rook moves (rook_from, rook_to).
    Castle {
        rook_from: usize,
        rook_to: usize,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    from: usize,
    to: usize,
    promotion: Option<PieceKind>,
    special: Special,
}

/// En-passant state: the square a capturer lands on, and where the piece that
/// double-stepped actually stands (the piece that gets removed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct EnPassant {
    square: usize,
    victim: usize,
}

/// Castling rights, in FEN order K, Q, k, q. "King side" means the rook in
/// the corner on the last file, "queen side" the rook on the first file.
const CASTLE_CHARS: [char; 4] = ['K', 'Q', 'k', 'q'];

fn castle_index(color: Color, king_side: bool) -> usize {
    match (color, king_side) {
        (Color::White, true) => 0,
        (Color::White, false) => 1,
        (Color::Black, true) => 2,
        (Color::Black, false) => 3,
    }
}

#[derive(Clone, Debug)]
pub struct RefPosition {
    variant: &'static Variant,
    board: Vec<Option<Piece>>,
    side: Color,
    castling: [bool; 4],
    ep: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
}

/// Two positions are equal when they are the same game in the same state.
/// Variants are static tables, so "same variant" is "same name".
impl PartialEq for RefPosition {
    fn eq(&self, other: &Self) -> bool {
        self.variant.name == other.variant.name
            && self.board == other.board
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl Eq for RefPosition {}

impl RefPosition {
    // ------------------------------------------------------------ public API

    /// variant: "chess" for now. Parses the FEN itself (its own simple parser).
    pub fn from_fen(variant: &str, fen: &str) -> Result<RefPosition, String> {
        let variant = variants::variant_by_name(variant)
            .ok_or_else(|| format!("unknown variant {variant:?}"))?;
        parse_fen(variant, fen)
    }

    pub fn startpos(variant: &str) -> Result<RefPosition, String> {
        let v = variants::variant_by_name(variant)
            .ok_or_else(|| format!("unknown variant {variant:?}"))?;
        parse_fen(v, v.start_fen)
    }

    /// Every legal move in UCI text: e2e4, e7e8q (promotion letter lowercase),
    /// castling as the king's two-square move e1g1 / e1c1, en passant as the
    /// pawn's diagonal move.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal().iter().map(|&m| self.move_text(m)).collect()
    }

    /// Plays one legal move given in that text; Err if it is not legal.
    pub fn play(&mut self, uci: &str) -> Result<(), String> {
        // The simplest correct parser: compare with the text of every legal move.
        let wanted = uci.trim();
        let found = self
            .legal()
            .into_iter()
            .find(|&m| self.move_text(m) == wanted);
        match found {
            Some(m) => {
                self.make(m);
                Ok(())
            }
            None => Err(format!("illegal move {uci:?} in {}", self.to_fen())),
        }
    }

    /// Number of leaf nodes of the legal move tree of the given depth.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for m in self.legal() {
            let mut child = self.clone();
            child.make(m);
            total += child.perft(depth - 1);
        }
        total
    }

    pub fn to_fen(&self) -> String {
        let v = self.variant;
        let mut ranks = Vec::new();
        for y in (0..v.height).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..v.width {
                match self.board[x + y * v.width] {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(piece_char(v, color, kind));
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            ranks.push(row);
        }
        let side = match self.side {
            Color::White => "w",
            Color::Black => "b",
        };
        let castling: String = (0..4)
            .filter(|&i| self.castling[i])
            .map(|i| CASTLE_CHARS[i])
            .collect();
        let castling = if castling.is_empty() {
            "-".to_string()
        } else {
            castling
        };
        let ep = match self.ep {
            Some(ep) => square_name(v, ep.square),
            None => "-".to_string(),
        };
        format!(
            "{} {side} {castling} {ep} {} {}",
            ranks.join("/"),
            self.halfmove,
            self.fullmove
        )
    }

    // ------------------------------------------------------------ helpers

    fn width(&self) -> usize {
        self.variant.width
    }

    fn def(&self, kind: PieceKind) -> &'static PieceDef {
        &self.variant.pieces[usize::from(kind.0)]
    }

    fn is_hole(&self, x: usize, y: usize) -> bool {
        self.variant.holes.contains(&(x, y))
    }

    /// The square (x + dx, y + dy), or None if it is off the board or a hole.
    fn offset(&self, sq: usize, dx: i32, dy: i32) -> Option<usize> {
        let (x, y) = (sq % self.width(), sq / self.width());
        let nx = usize::try_from(x as i32 + dx).ok()?;
        let ny = usize::try_from(y as i32 + dy).ok()?;
        if nx >= self.width() || ny >= self.variant.height || self.is_hole(nx, ny) {
            return None;
        }
        Some(nx + ny * self.width())
    }

    /// Rank counted from `color`'s own side: 0 is its back rank.
    fn relative_rank(&self, sq: usize, color: Color) -> usize {
        let y = sq / self.width();
        match color {
            Color::White => y,
            Color::Black => self.variant.height - 1 - y,
        }
    }

    fn back_rank(&self, color: Color) -> usize {
        match color {
            Color::White => 0,
            Color::Black => self.variant.height - 1,
        }
    }

    fn move_text(&self, m: Move) -> String {
        let v = self.variant;
        let mut s = square_name(v, m.from) + &square_name(v, m.to);
        if let Some(kind) = m.promotion {
            s.push(self.def(kind).letter);
        }
        s
    }

    // ------------------------------------------------------------ generation

    /// Pseudo-legal moves of `color` (ignoring whose turn it is). With
    /// `captures_only`, just the moves that take an enemy piece standing on
    /// the target square, which is exactly what the attack test needs.
    fn pseudo_moves(&self, color: Color, captures_only: bool) -> Vec<Move> {
        let mut moves = Vec::new();
        for from in 0..self.board.len() {
            let Some((c, kind)) = self.board[from] else {
                continue;
            };
            if c != color {
                continue;
            }
            let def = self.def(kind);
            // Vectors are written for White; Black sees the board upside down.
            let forward = if color == Color::White { 1 } else { -1 };
            for vec in def.vectors {
                let (dx, dy) = (vec.dx, vec.dy * forward);
                let mut to = from;
                // One iteration for a leap, until blocked for a slide.
                while let Some(next) = self.offset(to, dx, dy) {
                    to = next;
                    match self.board[to] {
                        None => {
                            if vec.mode != Mode::CaptureOnly && !captures_only {
                                self.push_move(&mut moves, def, color, from, to, Special::None);
                            }
                            if vec.mode == Mode::CaptureOnly && def.en_passant && !captures_only {
                                self.push_en_passant(&mut moves, def, color, from, to);
                            }
                        }
                        Some((other, _)) => {
                            if other != color && vec.mode != Mode::MoveOnly {
                                self.push_move(&mut moves, def, color, from, to, Special::None);
                            }
                            break; // any piece blocks a slide
                        }
                    }
                    if vec.reach == Reach::Leap {
                        break;
                    }
                }
                // Double step: the same move-only leap twice, both squares empty.
                if vec.mode == Mode::MoveOnly
                    && vec.reach == Reach::Leap
                    && !captures_only
                    && def.double_step_rank == Some(self.relative_rank(from, color))
                {
                    if let Some(skipped) = self.offset(from, dx, dy) {
                        if let Some(to) = self.offset(skipped, dx, dy) {
                            if self.board[skipped].is_none() && self.board[to].is_none() {
                                let special = Special::DoubleStep { skipped };
                                self.push_move(&mut moves, def, color, from, to, special);
                            }
                        }
                    }
                }
            }
        }
        if !captures_only {
            self.push_castling(&mut moves, color);
        }
        moves
    }

    /// Adds the move, or one move per promotion choice if it promotes.
    fn push_move(
        &self,
        moves: &mut Vec<Move>,
        def: &PieceDef,
        color: Color,
        from: usize,
        to: usize,
        special: Special,
    ) {
        if def.promotes && self.relative_rank(to, color) == self.variant.height - 1 {
            for &letter in self.variant.promotions {
                let kind = kind_of_letter(self.variant, letter).expect("promotion letter in table");
                moves.push(Move {
                    from,
                    to,
                    promotion: Some(kind),
                    special,
                });
            }
        } else {
            moves.push(Move {
                from,
                to,
                promotion: None,
                special,
            });
        }
    }

    /// A capture-only vector landing on the (empty) en-passant square takes
    /// the piece that just double-stepped over it.
    fn push_en_passant(
        &self,
        moves: &mut Vec<Move>,
        def: &PieceDef,
        color: Color,
        from: usize,
        to: usize,
    ) {
        let Some(ep) = self.ep else { return };
        if ep.square != to || color != self.side {
            return;
        }
        // Only if there really is an enemy en-passant-able piece there (a FEN
        // may name an ep square without one).
        match self.board[ep.victim] {
            Some((c, k)) if c != color && self.def(k).en_passant => {
                let special = Special::EnPassant { victim: ep.victim };
                self.push_move(moves, def, color, from, to, special);
            }
            _ => {}
        }
    }

    /// Castling, for each right `color` still has: the castling king stands on
    /// the back rank, a castling rook of the same colour in that corner, every
    /// square between them is empty, and the king is not in check and does not
    /// pass over an attacked square. The king moves two squares towards the
    /// rook, the rook lands on the square the king passed over. Landing on an
    /// attacked square is rejected later by the ordinary legality test.
    fn push_castling(&self, moves: &mut Vec<Move>, color: Color) {
        let w = self.width();
        let y = self.back_rank(color);
        let is_own = |sq: usize, want: fn(&PieceDef) -> bool| match self.board[sq] {
            Some((c, k)) => c == color && want(self.def(k)),
            None => false,
        };
        let Some(king_x) = (0..w).find(|&x| is_own(x + y * w, |d| d.castling_king)) else {
            return;
        };
        for king_side in [true, false] {
            if !self.castling[castle_index(color, king_side)] {
                continue;
            }
            let rook_x = if king_side { w - 1 } else { 0 };
            let step: i32 = if king_side { 1 } else { -1 };
            if !is_own(rook_x + y * w, |d| d.castling_rook) || king_x.abs_diff(rook_x) < 3 {
                continue;
            }
            let (lo, hi) = (king_x.min(rook_x), king_x.max(rook_x));
            if (lo + 1..hi).any(|x| self.board[x + y * w].is_some()) {
                continue;
            }
            let king_from = king_x + y * w;
            let passed = self
                .offset(king_from, step, 0)
                .expect("between king and rook");
            let king_to = self.offset(passed, step, 0).expect("between king and rook");
            if self.royal_attacked(color) {
                continue;
            }
            // Put the king on the square it passes over and ask again.
            let mut probe = self.clone();
            probe.board[passed] = probe.board[king_from].take();
            if probe.royal_attacked(color) {
                continue;
            }
            moves.push(Move {
                from: king_from,
                to: king_to,
                promotion: None,
                special: Special::Castle {
                    rook_from: rook_x + y * w,
                    rook_to: passed,
                },
            });
        }
    }

    /// Is any royal piece of `color` attacked, i.e. could the opponent capture
    /// it right now? With no royal pieces (Pawn Eaters) this is always false.
    fn royal_attacked(&self, color: Color) -> bool {
        let royals: Vec<usize> = (0..self.board.len())
            .filter(|&sq| matches!(self.board[sq], Some((c, k)) if c == color && self.def(k).royal))
            .collect();
        if royals.is_empty() {
            return false;
        }
        self.pseudo_moves(color.other(), true)
            .iter()
            .any(|m| royals.contains(&m.to))
    }

    /// Legal moves by brute force: try each pseudo-legal move on a copy.
    fn legal(&self) -> Vec<Move> {
        let us = self.side;
        self.pseudo_moves(us, false)
            .into_iter()
            .filter(|&m| {
                let mut copy = self.clone();
                copy.make(m);
                !copy.royal_attacked(us)
            })
            .collect()
    }

    /// Plays a (pseudo-legal) move and updates all the FEN state.
    fn make(&mut self, m: Move) {
        let (color, kind) = self.board[m.from].expect("moving piece");
        let def = self.def(kind);
        let mut captured = self.board[m.to].is_some();

        match m.special {
            Special::None | Special::DoubleStep { .. } => {}
            Special::EnPassant { victim } => {
                self.board[victim] = None;
                captured = true;
            }
            Special::Castle { rook_from, rook_to } => {
                self.board[rook_to] = self.board[rook_from].take();
            }
        }
        self.board[m.from] = None;
        self.board[m.to] = Some((color, m.promotion.unwrap_or(kind)));

        self.ep = match m.special {
            Special::DoubleStep { skipped } => Some(EnPassant {
                square: skipped,
                victim: m.to,
            }),
            _ => None,
        };

        // Castling rights: lost for good when the king moves, and for one
        // side when anything moves from or to that rook's corner.
        if def.castling_king {
            self.castling[castle_index(color, true)] = false;
            self.castling[castle_index(color, false)] = false;
        }
        let w = self.width();
        for c in [Color::White, Color::Black] {
            let y = self.back_rank(c);
            for (king_side, x) in [(true, w - 1), (false, 0)] {
                let corner = x + y * w;
                if m.from == corner || m.to == corner {
                    self.castling[castle_index(c, king_side)] = false;
                }
            }
        }

        self.halfmove = if def.pawn || captured {
            0
        } else {
            self.halfmove + 1
        };
        if color == Color::Black {
            self.fullmove += 1;
        }
        self.side = color.other();
    }
}

// ---------------------------------------------------------------- text forms

/// "a1", "l10": file letter from 'a', rank number from 1.
fn square_name(v: &Variant, sq: usize) -> String {
    let (x, y) = (sq % v.width, sq / v.width);
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn parse_square(v: &Variant, s: &str) -> Result<usize, String> {
    let mut chars = s.chars();
    let file = chars.next().ok_or("empty square name")?;
    let rank: usize = chars
        .as_str()
        .parse()
        .map_err(|_| format!("bad square {s:?}"))?;
    if !file.is_ascii_lowercase() {
        return Err(format!("bad square {s:?}"));
    }
    let x = (file as u8 - b'a') as usize;
    if x >= v.width || rank == 0 || rank > v.height {
        return Err(format!("square {s:?} off the board"));
    }
    Ok(x + (rank - 1) * v.width)
}

fn kind_of_letter(v: &Variant, letter: char) -> Option<PieceKind> {
    let lower = letter.to_ascii_lowercase();
    let index = v.pieces.iter().position(|p| p.letter == lower)?;
    Some(PieceKind(u8::try_from(index).ok()?))
}

fn piece_char(v: &Variant, color: Color, kind: PieceKind) -> char {
    let letter = v.pieces[usize::from(kind.0)].letter;
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

fn parse_fen(v: &'static Variant, fen: &str) -> Result<RefPosition, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!("FEN needs 4 to 6 fields: {fen:?}"));
    }

    // Placement: ranks from the top (last rank) down, '/'-separated; digits
    // (possibly more than one, "10") are runs of empty squares.
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != v.height {
        return Err(format!("FEN has {} ranks, want {}", rows.len(), v.height));
    }
    let mut board = vec![None; v.width * v.height];
    for (i, row) in rows.iter().enumerate() {
        let y = v.height - 1 - i;
        let mut x = 0;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_ascii_digit() {
                let mut run = ch.to_digit(10).unwrap() as usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run * 10 + d as usize;
                    chars.next();
                }
                if run == 0 {
                    return Err(format!("zero run in FEN rank {row:?}"));
                }
                x += run;
            } else {
                let kind = kind_of_letter(v, ch).ok_or_else(|| format!("unknown piece {ch:?}"))?;
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if x >= v.width {
                    return Err(format!("FEN rank {row:?} too long"));
                }
                if v.holes.contains(&(x, y)) {
                    return Err(format!("piece on a hole in FEN rank {row:?}"));
                }
                board[x + y * v.width] = Some((color, kind));
                x += 1;
            }
            if x > v.width {
                return Err(format!("FEN rank {row:?} too long"));
            }
        }
        if x != v.width {
            return Err(format!(
                "FEN rank {row:?} has {x} squares, want {}",
                v.width
            ));
        }
    }

    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(format!("bad side to move {s:?}")),
    };

    let mut castling = [false; 4];
    if fields[2] != "-" {
        for ch in fields[2].chars() {
            let i = CASTLE_CHARS
                .iter()
                .position(|&c| c == ch)
                .ok_or_else(|| format!("bad castling field {:?}", fields[2]))?;
            castling[i] = true;
        }
    }

    // The ep square is the one the capturer lands on; the piece to remove is
    // one rank further towards the side that just moved (the opponent of the
    // side to move). That is the chess double step; our own double steps
    // record the real victim square in `make`.
    let ep = if fields[3] == "-" {
        None
    } else {
        let square = parse_square(v, fields[3])?;
        let (x, y) = (square % v.width, square / v.width);
        let victim_y = match side {
            Color::White => y.checked_sub(1),
            Color::Black => Some(y + 1).filter(|&vy| vy < v.height),
        }
        .ok_or_else(|| format!("impossible ep square {:?}", fields[3]))?;
        Some(EnPassant {
            square,
            victim: x + victim_y * v.width,
        })
    };

    let number = |i: usize, default: u32| -> Result<u32, String> {
        match fields.get(i) {
            None => Ok(default),
            Some(s) => s.parse().map_err(|_| format!("bad FEN number {s:?}")),
        }
    };

    Ok(RefPosition {
        variant: v,
        board,
        side,
        castling,
        ep,
        halfmove: number(4, 0)?,
        fullmove: number(5, 1)?,
    })
}
