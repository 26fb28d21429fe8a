//! Reference move generator, used only by the tests to cross-check the fast
//! bitboard generator in `src/`.
//!
//! It is written from the rules of the games, not from any engine code, and
//! it is deliberately slow and simple:
//! * the board is a mailbox, `Vec<Option<(Color, PieceKind)>>` indexed by
//!   `file + rank * width`, no bitboards, plus one flag per square saying
//!   whether the piece there has never moved (first-move privileges);
//! * pieces are data (`variants.rs`): a list of (dx, dy) vectors, each a
//!   single leap, a slide or a slide of limited range, each move-and-capture
//!   / move-only / capture-only, possibly first-move-only, in the style of
//!   Fairy-Max's table-driven interpreter; plus a few flags (en passant,
//!   promotion choices, immunity, teleport);
//! * the board's shape is data too: holes, and squares that can be entered
//!   only by capturing;
//! * legality is brute force: play the pseudo-legal move on a copy and reject
//!   it if one of the mover's royal pieces is then attacked, where "attacked"
//!   means "some capture move of the opponent lands on it";
//! * an extinction rule (Pawn Eaters): when either side has no piece of the
//!   given kind the game is over and there are no moves;
//! * dice (Carnival of the Animals): each side has a current leaper, the
//!   type its knights move as; after every move the mover throws two dice
//!   and maybe chooses, which fixes its next leaper. Until then the position
//!   has a pending roll or choice and no moves (`legal_actions` lists the
//!   throws or the options). Eurofighter pawns make their first move as two
//!   single steps, each straight (quiet) or diagonal (capturing).
//!
//! If this file and the fast generator disagree, this file is the one that is
//! easy to check by reading.
#![allow(dead_code)]

/// The piece and variant tables (public so tests can inspect them).
pub mod variants;

use variants::{Dice, Leaper, Mode, PieceDef, Reach, Variant, Vector};

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

    /// 0 for White, 1 for Black.
    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
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
    /// A Eurofighter first move: two single steps, from -> via -> to, each
    /// capturing whatever enemy stands where it lands. Afterwards `via` is
    /// the en-passant square.
    TwoSteps {
        via: usize,
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

/// What the dice still owe before the side to move may move. The side that
/// owes it is the one that just moved (the *actor*, not the side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    Nothing,
    /// The actor must throw the dice.
    Roll,
    /// The actor threw (x, y), x >= y, and must pick one of the offers.
    Choose(u8, u8),
}

/// What kind of cell a grid cell is (see `Variant::shape`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Square,
    Hole,
    CaptureOnly,
}

#[derive(Clone, Debug)]
pub struct RefPosition {
    variant: &'static Variant,
    board: Vec<Option<Piece>>,
    /// Bit `sq` is set when the piece standing on `sq` has never moved. Only
    /// set for kinds that have a first-move-only vector; castling uses the
    /// rights. (A bit set rather than a `Vec<bool>` only to keep copying the
    /// position cheap; boards have at most 128 cells.)
    unmoved: u128,
    side: Color,
    /// One flag per castling move: White's in table order, then Black's
    /// (FEN order `KQkq`). See `castle_index`.
    castling: [bool; 4],
    ep: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
    /// Dice games: the leaper each side's dice knights move as (White's,
    /// Black's). Other games: always the Knight, never used.
    knights: [Leaper; 2],
    pending: Pending,
}

/// Two positions are equal when they are the same game in the same state.
/// Variants are static tables, so "same variant" is "same name".
impl PartialEq for RefPosition {
    fn eq(&self, other: &Self) -> bool {
        self.variant.name == other.variant.name
            && self.board == other.board
            && self.unmoved == other.unmoved
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.knights == other.knights
            && self.pending == other.pending
    }
}

impl Eq for RefPosition {}

impl RefPosition {
    // ------------------------------------------------------------ public API

    /// variant: "chess", "wolf", "hubbub", "pawneaters", "carnival",
    /// "carnival-oblique". Parses the FEN itself (its own simple parser).
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

    /// Every legal move in text form: from-square, to-square, promotion
    /// letter in lower case (e2e4, e7e8q); castling as the king's move
    /// (e1g1); en passant as the capturer's diagonal move, except for a
    /// piece with `ep_two_legs` (the Pawn Eater): `d5e5,e5e6`, to the
    /// victim and on to the en-passant square. A Eurofighter first move is
    /// always written in its two legs (`d2d3,d3d4`, `d2c3,c3d4`). Empty
    /// while a roll or choice is pending.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal().iter().map(|&m| self.move_text(m)).collect()
    }

    /// What may be played now: the legal moves when nothing is pending; the
    /// distinct throws `roll:X:Y` (X >= Y; 21 of them with two six-sided
    /// dice) when a roll is pending; the offered leapers `knight:A:B`
    /// (A >= B) when a choice is pending.
    pub fn legal_actions(&self) -> Vec<String> {
        match self.pending {
            Pending::Nothing => self.legal_moves(),
            Pending::Roll => self
                .throws()
                .iter()
                .map(|&(x, y)| format!("roll:{x}:{y}"))
                .collect(),
            Pending::Choose(x, y) => (self.dice().offers)(x, y)
                .iter()
                .map(|&(a, b)| format!("knight:{a}:{b}"))
                .collect(),
        }
    }

    /// The probability of a throw `roll:X:Y` while a roll is pending: two
    /// different numbers 2/36, a double 1/36 (for six-sided dice). None when
    /// no roll is pending or the text is not one of `legal_actions`.
    pub fn chance_probability(&self, roll: &str) -> Option<f64> {
        if self.pending != Pending::Roll {
            return None;
        }
        let faces = f64::from(self.dice().faces);
        self.throws()
            .into_iter()
            .find(|&(x, y)| format!("roll:{x}:{y}") == roll.trim())
            .map(|(x, y)| if x == y { 1.0 } else { 2.0 } / (faces * faces))
    }

    /// Plays one action given in the text of `legal_actions`: a legal move
    /// (in a dice game it leaves a roll pending), a throw or a choice; Err
    /// if it is not one of them.
    pub fn play(&mut self, action: &str) -> Result<(), String> {
        let wanted = action.trim();
        if self.pending != Pending::Nothing {
            if !self.legal_actions().iter().any(|a| a == wanted) {
                return Err(format!("not possible now: {action:?} in {}", self.to_fen()));
            }
            let number = |s: Option<&str>| s.and_then(|s| s.parse::<u8>().ok()).unwrap_or(0);
            let mut parts = wanted.split(':');
            let (kind, x, y) = (parts.next(), number(parts.next()), number(parts.next()));
            match kind {
                Some("roll") => self.throw(x, y),
                _ => self.choose((x, y)),
            }
            return Ok(());
        }
        // The simplest correct parser: compare with the text of every legal move.
        let found = self
            .legal()
            .into_iter()
            .find(|&m| self.move_text(m) == wanted);
        match found {
            Some(m) => {
                self.make_and_owe_roll(m);
                Ok(())
            }
            None => Err(format!("illegal move {action:?} in {}", self.to_fen())),
        }
    }

    /// Number of leaf nodes of the legal move tree of the given depth. In a
    /// dice game this is `perft_frozen`: moves only, no throws.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for m in moves {
            let mut child = self.clone();
            child.make(m);
            total += child.perft(depth - 1);
        }
        total
    }

    /// Dice games: perft over moves only. No dice are ever thrown: a move
    /// leaves nothing pending and both leapers stay as the FEN gives them.
    /// A root with a pending roll or choice has no moves (0 from depth 1).
    /// Other games: `perft`.
    pub fn perft_frozen(&self, depth: u32) -> u64 {
        self.perft(depth)
    }

    /// Dice games: the number of distinct action sequences in which each
    /// ply is a move, then a throw, then (if the throw offers a choice) an
    /// option. A roll or choice pending at the root is settled first, each
    /// way, without using up depth. Depth 0 is 1, pending or not. Other
    /// games: `perft`.
    pub fn perft_expanded(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.variant.dice.is_none() {
            return self.perft(depth);
        }
        if self.pending != Pending::Nothing {
            return self
                .settlements()
                .iter()
                .map(|p| p.perft_expanded(depth))
                .sum();
        }
        let mut total = 0;
        for m in self.legal() {
            let mut child = self.clone();
            child.make_and_owe_roll(m);
            for settled in child.settlements() {
                total += settled.perft_expanded(depth - 1);
            }
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
                let sq = x + y * v.width;
                let token = match self.board[sq] {
                    None if cell(v, sq) == Cell::Hole => '*',
                    None => {
                        empty += 1;
                        continue;
                    }
                    Some((color, kind)) => piece_char(v, color, kind),
                };
                if empty > 0 {
                    row += &empty.to_string();
                    empty = 0;
                }
                row.push(token);
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
        let mut castling = String::new();
        for color in [Color::White, Color::Black] {
            for (i, c) in v.castling.iter().enumerate() {
                if self.castling[castle_index(v, color, i)] {
                    castling.push(match color {
                        Color::White => c.letter.to_ascii_uppercase(),
                        Color::Black => c.letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        // The en-passant square, and `>victim` when the piece to take does
        // not stand one step straight beyond it (a Eurofighter double step
        // with a diagonal second leg).
        let ep = match self.ep {
            Some(ep) if Some(ep.victim) == self.beyond(ep.square) => square_name(v, ep.square),
            Some(ep) => format!(
                "{}>{}",
                square_name(v, ep.square),
                square_name(v, ep.victim)
            ),
            None => "-".to_string(),
        };
        let mut fen = format!(
            "{} {side} {castling} {ep} {} {}",
            ranks.join("/"),
            self.halfmove,
            self.fullmove
        );
        // Pieces that look unmoved (on a start square of their kind) but
        // have moved, in square order (a1, b1, ..., a2, ...).
        let default = default_unmoved(v, &self.board);
        let moved: Vec<String> = (0..self.board.len())
            .filter(|&sq| default[sq] && !self.is_unmoved(sq))
            .map(|sq| square_name(v, sq))
            .collect();
        if v.dice.is_some() {
            let [(a, b), (c, d)] = self.knights;
            fen += &format!(" knights={a}:{b}/{c}:{d}");
            match self.pending {
                Pending::Nothing => {}
                Pending::Roll => fen += " pending=roll",
                Pending::Choose(x, y) => fen += &format!(" pending=choose:{x}:{y}"),
            }
        }
        if !moved.is_empty() {
            fen += &format!(" ~{}", moved.join(","));
        }
        fen
    }

    // ------------------------------------------------------------ helpers

    fn width(&self) -> usize {
        self.variant.width
    }

    /// The dice of a dice game.
    fn dice(&self) -> &'static Dice {
        self.variant.dice.expect("a dice game")
    }

    /// Every distinct throw (x, y), x >= y, of two dice.
    fn throws(&self) -> Vec<(u8, u8)> {
        let faces = self.dice().faces;
        (1..=faces)
            .flat_map(|x| (1..=x).map(move |y| (x, y)))
            .collect()
    }

    /// The side that moved last and owes the pending roll or choice.
    fn actor(&self) -> Color {
        self.side.other()
    }

    /// The actor throws (x, y): its leaper is fixed, or a choice is pending.
    fn throw(&mut self, x: u8, y: u8) {
        let offers = (self.dice().offers)(x, y);
        if let [only] = offers[..] {
            self.knights[self.actor().index()] = only;
            self.pending = Pending::Nothing;
        } else {
            self.pending = Pending::Choose(x, y);
        }
    }

    /// The actor picks its next leaper.
    fn choose(&mut self, leaper: Leaper) {
        self.knights[self.actor().index()] = leaper;
        self.pending = Pending::Nothing;
    }

    /// Plays a move; in a dice game the mover then owes a roll.
    fn make_and_owe_roll(&mut self, m: Move) {
        self.make(m);
        if self.variant.dice.is_some() {
            self.pending = Pending::Roll;
        }
    }

    /// Every position reached by settling what is pending, one per sequence
    /// (each throw, and after a throw that offers a choice, each option);
    /// with nothing pending, just this position.
    fn settlements(&self) -> Vec<RefPosition> {
        match self.pending {
            Pending::Nothing => vec![self.clone()],
            Pending::Roll => self
                .throws()
                .into_iter()
                .flat_map(|(x, y)| {
                    let mut thrown = self.clone();
                    thrown.throw(x, y);
                    thrown.settlements()
                })
                .collect(),
            Pending::Choose(x, y) => (self.dice().offers)(x, y)
                .into_iter()
                .map(|leaper| {
                    let mut chosen = self.clone();
                    chosen.choose(leaper);
                    chosen
                })
                .collect(),
        }
    }

    /// The square one step straight beyond `sq` in the actor's forward
    /// direction: where a straight double step over `sq` ends.
    fn beyond(&self, sq: usize) -> Option<usize> {
        let forward = if self.actor() == Color::White { 1 } else { -1 };
        self.offset(sq, 0, forward)
    }

    fn def(&self, kind: PieceKind) -> &'static PieceDef {
        &self.variant.pieces[usize::from(kind.0)]
    }

    fn is_unmoved(&self, sq: usize) -> bool {
        self.unmoved & (1 << sq) != 0
    }

    /// The piece on `sq` has moved (or the square is now empty).
    fn clear_unmoved(&mut self, sq: usize) {
        self.unmoved &= !(1 << sq);
    }

    /// The square (x + dx, y + dy), or None if it is off the board or a hole.
    fn offset(&self, sq: usize, dx: i32, dy: i32) -> Option<usize> {
        let (x, y) = (sq % self.width(), sq / self.width());
        let nx = usize::try_from(x as i32 + dx).ok()?;
        let ny = usize::try_from(y as i32 + dy).ok()?;
        if nx >= self.width() || ny >= self.variant.height {
            return None;
        }
        if cell_at(self.variant, nx, ny) == Cell::Hole {
            return None;
        }
        Some(nx + ny * self.width())
    }

    /// Rank counted from `color`'s own side: 0 is its first rank.
    fn relative_rank(&self, sq: usize, color: Color) -> usize {
        let y = sq / self.width();
        match color {
            Color::White => y,
            Color::Black => self.variant.height - 1 - y,
        }
    }

    fn move_text(&self, m: Move) -> String {
        let v = self.variant;
        let (_, mover) = self.board[m.from].expect("moving piece");
        if let Special::EnPassant { victim } = m.special {
            if self.def(mover).ep_two_legs {
                let (from, via, to) = (
                    square_name(v, m.from),
                    square_name(v, victim),
                    square_name(v, m.to),
                );
                return format!("{from}{via},{via}{to}");
            }
        }
        let mut s = square_name(v, m.from) + &square_name(v, m.to);
        if let Special::TwoSteps { via } = m.special {
            let via = square_name(v, via);
            s = format!(
                "{}{via},{via}{}",
                square_name(v, m.from),
                square_name(v, m.to)
            );
        }
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
            // This piece's moves are moves[first..].
            let first = moves.len();
            // Vectors are written for White; Black sees the board upside down.
            let forward = if color == Color::White { 1 } else { -1 };
            // A dice knight moves as its side's current leaper.
            let dice_vectors;
            let vectors: &[Vector] = if def.dice_leaper {
                dice_vectors = variants::leaper_vectors(self.knights[color.index()]);
                &dice_vectors
            } else {
                def.vectors
            };
            for vec in vectors {
                if vec.first_move_only && !self.is_unmoved(from) {
                    continue;
                }
                let (dx, dy) = (vec.dx, vec.dy * forward);
                // A double step is lame: the square it passes must be empty.
                let mut special = Special::None;
                if vec.double_step {
                    match self.offset(from, dx / 2, dy / 2) {
                        Some(skipped) if self.board[skipped].is_none() => {
                            special = Special::DoubleStep { skipped };
                        }
                        _ => continue,
                    }
                }
                let steps = match vec.reach {
                    Reach::Leap => 1,
                    Reach::Slide => usize::MAX,
                    Reach::Range(n) => n,
                };
                let mut to = from;
                for _ in 0..steps {
                    let Some(next) = self.offset(to, dx, dy) else {
                        break;
                    };
                    to = next;
                    match self.board[to] {
                        None => {
                            // An empty capture-only square cannot be entered
                            // (nor passed through).
                            if cell(self.variant, to) == Cell::CaptureOnly {
                                break;
                            }
                            if captures_only {
                                continue;
                            }
                            if vec.mode != Mode::CaptureOnly {
                                self.push_move(&mut moves, def, color, from, to, special);
                            } else if def.takes_en_passant {
                                self.push_en_passant(&mut moves, def, color, from, to);
                            }
                        }
                        Some((other, victim)) => {
                            if other != color
                                && vec.mode != Mode::MoveOnly
                                && !self.def(victim).immune_from.contains(&def.letter)
                            {
                                let special = Special::None;
                                self.push_move(&mut moves, def, color, from, to, special);
                            }
                            break; // any piece blocks a slide
                        }
                    }
                }
            }
            if def.eurofighter && self.is_unmoved(from) {
                self.push_two_steps(&mut moves, def, color, from, captures_only);
            }
            if let (Some(far_ranks), false) = (def.teleport, captures_only) {
                self.push_teleports(&mut moves, first, def, color, from, far_ranks);
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
        let mut add = |promotion| {
            moves.push(Move {
                from,
                to,
                promotion,
                special,
            })
        };
        if !def.promotions.is_empty()
            && self.relative_rank(to, color) >= self.variant.promotion_rank
        {
            for &letter in def.promotions {
                add(Some(
                    kind_of_letter(self.variant, letter).expect("promotion letter in table"),
                ));
            }
        } else {
            add(None);
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
        // Only if there really is an enemy piece there that can have double
        // stepped (a FEN may name an ep square without one).
        match self.board[ep.victim] {
            Some((c, k))
                if c != color
                    && (self.def(k).eurofighter
                        || self.def(k).vectors.iter().any(|v| v.double_step))
                    && !self.def(k).immune_from.contains(&def.letter) =>
            {
                let special = Special::EnPassant { victim: ep.victim };
                self.push_move(moves, def, color, from, to, special);
            }
            _ => {}
        }
    }

    /// May a single step of this mode land on `sq`: an empty ordinary square
    /// unless capture-only, an enemy (that this piece may take) unless
    /// move-only?
    fn step_allowed(&self, mode: Mode, def: &PieceDef, color: Color, sq: usize) -> bool {
        match self.board[sq] {
            None => mode != Mode::CaptureOnly && cell(self.variant, sq) != Cell::CaptureOnly,
            Some((c, victim)) => {
                c != color
                    && mode != Mode::MoveOnly
                    && !self.def(victim).immune_from.contains(&def.letter)
            }
        }
    }

    /// The Eurofighter first move: two of the piece's single-step vectors
    /// in a row, from -> via -> to, each allowed on its own square as
    /// `step_allowed` says, the first judged on the board as it is, the
    /// second on the board after the first (the only squares that changed,
    /// `from` and `via`, cannot be reached again by a forward step, which
    /// we check). One move per path, so two paths to the same square are
    /// two moves. A first step that would promote ends the move: no second
    /// step (never happens on 8x8). With `captures_only`, only the paths
    /// whose second step captures (for the attack test).
    fn push_two_steps(
        &self,
        moves: &mut Vec<Move>,
        def: &PieceDef,
        color: Color,
        from: usize,
        captures_only: bool,
    ) {
        let forward = if color == Color::White { 1 } else { -1 };
        for first in def.vectors {
            let Some(via) = self.offset(from, first.dx, first.dy * forward) else {
                continue;
            };
            if !self.step_allowed(first.mode, def, color, via)
                || (!def.promotions.is_empty()
                    && self.relative_rank(via, color) >= self.variant.promotion_rank)
            {
                continue;
            }
            for second in def.vectors {
                let Some(to) = self.offset(via, second.dx, second.dy * forward) else {
                    continue;
                };
                assert!(to != from && to != via, "Eurofighter steps go forward");
                if !self.step_allowed(second.mode, def, color, to)
                    || (captures_only && self.board[to].is_none())
                {
                    continue;
                }
                let special = Special::TwoSteps { via };
                self.push_move(moves, def, color, from, to, special);
            }
        }
    }

    /// The teleport: to any empty square (not a hole, not a capture-only
    /// square) except those on the opponent's `far_ranks` back ranks. A
    /// square the piece already reaches by its ordinary moves (its own moves
    /// are `moves[first..]`) is still one move, so it is not added twice.
    fn push_teleports(
        &self,
        moves: &mut Vec<Move>,
        first: usize,
        def: &PieceDef,
        color: Color,
        from: usize,
        far_ranks: usize,
    ) {
        for to in 0..self.board.len() {
            if self.board[to].is_none()
                && cell(self.variant, to) == Cell::Square
                && self.relative_rank(to, color) + far_ranks < self.variant.height
                && !moves[first..].iter().any(|m| m.to == to)
            {
                self.push_move(moves, def, color, from, to, Special::None);
            }
        }
    }

    /// Castling, for each right `color` still has: the king and the rook of
    /// that castling move stand on their squares, every square between them
    /// is empty (and so are the two landing squares, if outside that span),
    /// and the king is not in check and does not pass over an attacked
    /// square. Landing on an attacked square is rejected later by the
    /// ordinary legality test.
    fn push_castling(&self, moves: &mut Vec<Move>, color: Color) {
        let v = self.variant;
        let w = self.width();
        let is_own = |sq: usize, want: fn(&PieceDef) -> bool| match self.board[sq] {
            Some((c, k)) => c == color && want(self.def(k)),
            None => false,
        };
        for (i, c) in v.castling.iter().enumerate() {
            if !self.castling[castle_index(v, color, i)] {
                continue;
            }
            let y = match color {
                Color::White => c.rank,
                Color::Black => v.height - 1 - c.rank,
            };
            let sq = |x: usize| x + y * w;
            let (king_from, rook_from) = (sq(c.king_from), sq(c.rook_from));
            if !is_own(king_from, |d| d.castling_king) || !is_own(rook_from, |d| d.castling_rook) {
                continue;
            }
            let between = |a: usize, b: usize| a.min(b) + 1..a.max(b);
            let free = |x: usize| {
                let s = sq(x);
                s == king_from || s == rook_from || self.board[s].is_none()
            };
            if !between(c.king_from, c.rook_from).all(free) || !free(c.king_to) || !free(c.rook_to)
            {
                continue;
            }
            if self.royal_attacked(color) {
                continue;
            }
            // Put the king on each square it passes over and ask again.
            let passes_attacked = between(c.king_from, c.king_to).any(|x| {
                let mut probe = self.clone();
                probe.board[sq(x)] = probe.board[king_from].take();
                probe.royal_attacked(color)
            });
            if passes_attacked {
                continue;
            }
            moves.push(Move {
                from: king_from,
                to: sq(c.king_to),
                promotion: None,
                special: Special::Castle {
                    rook_from,
                    rook_to: sq(c.rook_to),
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

    /// Extinction: is the game over because a side has no piece of the
    /// variant's extinction kind?
    fn extinct(&self) -> bool {
        let Some(letter) = self.variant.extinction else {
            return false;
        };
        [Color::White, Color::Black].iter().any(|&color| {
            !self
                .board
                .iter()
                .any(|p| matches!(*p, Some((c, k)) if c == color && self.def(k).letter == letter))
        })
    }

    /// Legal moves by brute force: try each pseudo-legal move on a copy.
    /// A game that is over by extinction has none.
    /// So has a dice game while a roll or choice is pending.
    fn legal(&self) -> Vec<Move> {
        if self.extinct() || self.pending != Pending::Nothing {
            return Vec::new();
        }
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
        let v = self.variant;
        let (color, kind) = self.board[m.from].expect("moving piece");
        let def = self.def(kind);
        let mut captured = self.board[m.to].is_some();

        self.board[m.from] = None;
        self.clear_unmoved(m.from);
        match m.special {
            Special::None | Special::DoubleStep { .. } => {}
            Special::TwoSteps { via } => {
                // The first step took whatever stood there.
                captured |= self.board[via].is_some();
                self.board[via] = None;
                self.clear_unmoved(via);
            }
            Special::EnPassant { victim } => {
                self.board[victim] = None;
                self.clear_unmoved(victim);
                captured = true;
            }
            Special::Castle { rook_from, rook_to } => {
                let rook = self.board[rook_from].take();
                self.board[rook_to] = rook;
                self.clear_unmoved(rook_from);
                self.clear_unmoved(rook_to);
            }
        }
        self.board[m.to] = Some((color, m.promotion.unwrap_or(kind)));
        self.clear_unmoved(m.to);

        self.ep = match m.special {
            Special::DoubleStep { skipped } => Some(EnPassant {
                square: skipped,
                victim: m.to,
            }),
            Special::TwoSteps { via } => Some(EnPassant {
                square: via,
                victim: m.to,
            }),
            _ => None,
        };

        // Castling rights: all of a side's are lost when its king moves, and
        // one is lost when anything moves from or to its king's or rook's
        // square.
        for c in [Color::White, Color::Black] {
            for (i, castle) in v.castling.iter().enumerate() {
                let y = match c {
                    Color::White => castle.rank,
                    Color::Black => v.height - 1 - castle.rank,
                };
                let squares = [
                    castle.king_from + y * v.width,
                    castle.rook_from + y * v.width,
                ];
                let via = match m.special {
                    Special::TwoSteps { via } => Some(via),
                    _ => None,
                };
                let touched = squares.contains(&m.from)
                    || squares.contains(&m.to)
                    || via.is_some_and(|via| squares.contains(&via));
                if touched || (def.castling_king && c == color) {
                    self.castling[castle_index(v, c, i)] = false;
                }
            }
        }

        self.halfmove = if def.resets_clock || captured {
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

// ---------------------------------------------------------------- board data

/// What the cell (x, y) is, from the variant's `shape` picture.
#[inline]
fn cell_at(v: &Variant, x: usize, y: usize) -> Cell {
    if v.shape.is_empty() {
        return Cell::Square;
    }
    match v.shape[v.height - 1 - y].as_bytes()[x] {
        b'*' => Cell::Hole,
        b'c' => Cell::CaptureOnly,
        // Anything else is '.'; `shape_is_valid` checks the tables.
        _ => Cell::Square,
    }
}

fn cell(v: &Variant, sq: usize) -> Cell {
    cell_at(v, sq % v.width, sq / v.width)
}

/// The shape picture has `height` rows of `width` characters from `.*c`.
pub fn shape_is_valid(v: &Variant) -> bool {
    v.shape.is_empty()
        || (v.shape.len() == v.height
            && v.shape
                .iter()
                .all(|row| row.len() == v.width && row.bytes().all(|b| b".*c".contains(&b))))
}

/// Index into `RefPosition::castling` of the `i`-th castling move of `color`.
fn castle_index(v: &Variant, color: Color, i: usize) -> usize {
    color.index() * v.castling.len() + i
}

/// Does this kind have a first-move privilege (some first-move-only vector,
/// or the Eurofighter two-step first move)?
fn has_first_move(def: &PieceDef) -> bool {
    def.eurofighter || def.vectors.iter().any(|v| v.first_move_only)
}

/// The default reading of first-move state: a piece of a kind with
/// first-move privileges is unmoved when it stands where the start position
/// has the same piece (same kind and colour).
fn default_unmoved(v: &'static Variant, board: &[Option<Piece>]) -> Vec<bool> {
    let start_placement = v.start_fen.split_whitespace().next().unwrap_or("");
    let start = parse_placement(v, start_placement).expect("valid start FEN");
    board
        .iter()
        .zip(&start)
        .map(|(here, there)| match here {
            Some((_, k)) => here == there && has_first_move(&v.pieces[usize::from(k.0)]),
            None => false,
        })
        .collect()
}

// ---------------------------------------------------------------- text forms

/// "a1", "h10": file letter from 'a', rank number from 1 (grid names).
fn square_name(v: &Variant, sq: usize) -> String {
    let (x, y) = (sq % v.width, sq / v.width);
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn parse_square(v: &Variant, s: &str) -> Result<usize, String> {
    let mut chars = s.chars();
    let file = chars.next().ok_or("empty square name")?;
    let digits = chars.as_str();
    if !file.is_ascii_lowercase()
        || digits.is_empty()
        || digits.starts_with('0')
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!("bad square {s:?}"));
    }
    let rank: usize = digits.parse().map_err(|_| format!("bad square {s:?}"))?;
    let x = (file as u8 - b'a') as usize;
    if x >= v.width || rank > v.height {
        return Err(format!("square {s:?} off the board"));
    }
    let sq = x + (rank - 1) * v.width;
    if cell(v, sq) == Cell::Hole {
        return Err(format!("square {s:?} is a hole"));
    }
    Ok(sq)
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

/// The placement field: ranks from the top (last rank) down, '/'-separated;
/// digits (possibly more than one, "10") are runs of empty squares, `*` is a
/// hole. A hole must be written `*` and nothing else may be.
fn parse_placement(v: &Variant, field: &str) -> Result<Vec<Option<Piece>>, String> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != v.height {
        return Err(format!("FEN has {} ranks, want {}", rows.len(), v.height));
    }
    let mut board = vec![None; v.width * v.height];
    for (i, row) in rows.iter().enumerate() {
        let y = v.height - 1 - i;
        let mut x = 0;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            let is_hole = |x: usize| x < v.width && cell(v, x + y * v.width) == Cell::Hole;
            if ch.is_ascii_digit() {
                let mut run = ch.to_digit(10).unwrap() as usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run * 10 + d as usize;
                    chars.next();
                }
                if run == 0 {
                    return Err(format!("zero run in FEN rank {row:?}"));
                }
                if (x..x + run).any(is_hole) {
                    return Err(format!("empty run over a hole in FEN rank {row:?}"));
                }
                x += run;
            } else if ch == '*' {
                if !is_hole(x) {
                    return Err(format!("'*' on a real square in FEN rank {row:?}"));
                }
                x += 1;
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
                if is_hole(x) {
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
    Ok(board)
}

fn parse_fen(v: &'static Variant, fen: &str) -> Result<RefPosition, String> {
    // Our extensions follow the standard fields, each at most once, in any
    // order, each known by how it starts: `~sq,sq,...` lists pieces that
    // stand on a start square of their kind but have moved; dice games have
    // `knights=A:B/C:D` and maybe `pending=roll` or `pending=choose:X:Y`.
    let mut fields: Vec<&str> = Vec::new();
    let (mut moved_field, mut knights_field, mut pending_field) = (None, None, None);
    for (i, field) in fen.split_whitespace().enumerate() {
        let extended = moved_field.or(knights_field).or(pending_field).is_some();
        let slot = match field {
            _ if i < 4 => None,
            f if f.starts_with('~') => Some(&mut moved_field),
            f if f.starts_with("knights=") => Some(&mut knights_field),
            f if f.starts_with("pending=") => Some(&mut pending_field),
            _ => None,
        };
        match slot {
            Some(slot) if slot.is_some() => return Err(format!("{field:?} given twice")),
            Some(slot) => *slot = Some(field),
            None if extended => {
                return Err(format!("standard FEN field {field:?} after our extensions"))
            }
            None => fields.push(field),
        }
    }
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!("FEN needs 4 to 6 fields (and maybe ~): {fen:?}"));
    }

    let board = parse_placement(v, fields[0])?;

    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(format!("bad side to move {s:?}")),
    };

    assert!(v.castling.len() <= 2, "at most two castling moves a side");
    let mut castling = [false; 4];
    if fields[2] != "-" {
        for ch in fields[2].chars() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let i = v
                .castling
                .iter()
                .position(|c| c.letter == ch.to_ascii_uppercase())
                .ok_or_else(|| format!("bad castling field {:?}", fields[2]))?;
            castling[castle_index(v, color, i)] = true;
        }
    }

    // The ep square is the one the capturer lands on; the piece to remove is
    // one rank further towards the side that just moved (the opponent of the
    // side to move). That holds for every double step we have; our own
    // double steps record the real victim square in `make`.
    let ep = if fields[3] == "-" {
        None
    } else if let Some((square, victim)) = fields[3].split_once('>') {
        // `I>V` (Eurofighter pawns only): V, where the piece to take stands,
        // is one step straight or diagonally forward from I for the side
        // that moved, and not straight (that is written just `I`).
        if !v.pieces.iter().any(|p| p.eurofighter) {
            return Err(format!("bad en passant field {:?}", fields[3]));
        }
        let (square, victim) = (parse_square(v, square)?, parse_square(v, victim)?);
        let (dx, dy) = (
            (victim % v.width) as i32 - (square % v.width) as i32,
            (victim / v.width) as i32 - (square / v.width) as i32,
        );
        let forward = if side == Color::White { -1 } else { 1 };
        if dy != forward || dx.abs() != 1 {
            return Err(format!("impossible en passant field {:?}", fields[3]));
        }
        Some(EnPassant { square, victim })
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

    assert!(board.len() <= 128, "at most 128 cells");
    let default = default_unmoved(v, &board);
    let mut unmoved: u128 = (0..board.len())
        .filter(|&sq| default[sq])
        .map(|sq| 1 << sq)
        .sum();
    if let Some(field) = moved_field {
        for name in field[1..].split(',') {
            let sq = parse_square(v, name)?;
            if unmoved & (1 << sq) == 0 {
                return Err(format!(
                    "'~' lists {name:?}, which holds no piece on a start square of its kind \
                     with first-move privileges (or lists it twice)"
                ));
            }
            unmoved &= !(1 << sq);
        }
    }

    let (knights, pending) = parse_dice_fields(v, knights_field, pending_field)?;

    Ok(RefPosition {
        variant: v,
        board,
        unmoved,
        side,
        castling,
        ep,
        halfmove: number(4, 0)?,
        fullmove: number(5, 1)?,
        knights,
        pending,
    })
}

/// `A:B` with A >= B, both one digit from 1 to `faces`.
fn parse_pair(text: &str, faces: u8) -> Option<(u8, u8)> {
    let (a, b) = text.split_once(':')?;
    let digit = |s: &str| match s.as_bytes() {
        [d @ b'1'..=b'9'] if d - b'0' <= faces => Some(d - b'0'),
        _ => None,
    };
    let (a, b) = (digit(a)?, digit(b)?);
    (a >= b).then_some((a, b))
}

/// The dice fields: `knights=A:B/C:D` (White's leaper, then Black's, each
/// one of the game's leapers written larger number first; both the Knight
/// when absent) and `pending=roll` or `pending=choose:X:Y` (a throw, larger
/// first, that offers a choice). Neither is allowed in other games.
fn parse_dice_fields(
    v: &Variant,
    knights_field: Option<&str>,
    pending_field: Option<&str>,
) -> Result<([Leaper; 2], Pending), String> {
    let Some(dice) = v.dice else {
        return match knights_field.or(pending_field) {
            Some(field) => Err(format!("{field:?}: {} has no dice", v.name)),
            None => Ok(([(2, 1); 2], Pending::Nothing)),
        };
    };
    let leaper = |text: &str| {
        parse_pair(text, dice.faces)
            .filter(|&(a, b)| dice.leapers.iter().any(|&(x, y, _)| (x, y) == (a, b)))
            .ok_or_else(|| format!("{text:?} is no leaper of {}", v.name))
    };
    let knights = match knights_field {
        None => [(2, 1); 2],
        Some(field) => {
            let text = &field["knights=".len()..];
            let (white, black) = text
                .split_once('/')
                .ok_or_else(|| format!("bad knights field {field:?}"))?;
            [leaper(white)?, leaper(black)?]
        }
    };
    let pending = match pending_field.map(|f| &f["pending=".len()..]) {
        None => Pending::Nothing,
        Some("roll") => Pending::Roll,
        Some(text) => {
            let throw = text
                .strip_prefix("choose:")
                .and_then(|t| parse_pair(t, dice.faces))
                .filter(|&(x, y)| (dice.offers)(x, y).len() > 1)
                .ok_or_else(|| format!("bad pending field {text:?}"))?;
            Pending::Choose(throw.0, throw.1)
        }
    };
    Ok((knights, pending))
}
