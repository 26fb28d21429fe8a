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
//! * truffles (Truffle Hunt): a truffle count per square, a store per
//!   side, reserves and drops, inactive pieces (kinds of their own, no
//!   moves, written plain) and active ones (written with `+`). After a
//!   move or drop the actor may owe a truffle find (`pending=find:sq`: the
//!   pig it moved throws) and then may activate pieces it can pay for
//!   (`pending=activate`), one at a time, until it says `activate:done`.
//!   The other Food Hunt games (Butterfly Hunt, Mining, Nut Hunt, Shrimp
//!   Hunt) are the same machinery with other hunters, another food word
//!   in the FEN (`Truffles::word`) and, in Mining, hunters that never eat
//!   (`PieceDef::eats_on` empty: no `find:eat`). Oyster Hunt adds a
//!   promotion of a piece's own, judged on the rank where each of its
//!   moves ends, optional on some ranks (two moves to the square) and
//!   compulsory on others (`PieceDef::change`: the Walrus becomes a
//!   Goldtusk and back), a hunter that does not hunt (the Goldtusk) and
//!   one that joins reserves as another kind (`PieceDef::captured_as`).
//!   Who hunts after a move is the piece standing on the target square
//!   after it, so a promotion can stop or start a hunt.
//! * mode dice (Up and Down, Multipawn, Army and Piece Orientation): after
//!   every move the mover throws one or two dice, and the faces are its
//!   *mode* until its next throw: `variants::ModeDice` says, for a mode, how
//!   each piece moves (its vectors, lame leaps included), whether the side
//!   may castle, and which Eurofighter two-steps its pawns may make (and
//!   take en passant). A side's pieces attack by its own current mode.
//!   Monty Python adds two things a mode may say: where a piece stands
//!   next to its own King (the King's court) it may move otherwise, and a
//!   Bishop may *lure*: step next door and take an enemy piece that
//!   threatens its new square, wherever that piece stands (`push_lures`),
//!   which also makes it check a King two steps away (`lure_checks`).
//!
//! If this file and the fast generator disagree, this file is the one that is
//! easy to check by reading.

/// The piece and variant tables (public so tests can inspect them).
pub mod variants;

use variants::{
    Castling, Dice, Leaper, Mode, ModeDice, PieceDef, Reach, Standing, Truffles, TwoStep, Variant,
    Vector,
};

/// The eight one-square steps: a King's, and the lure's.
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

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
    /// Monty Python's lure: the Bishop steps to the empty square `to` and
    /// takes the enemy piece on `victim`, one that threatens `to`.
    Lure {
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
    /// A piece of this kind from the mover's reserve is put on `to` (and
    /// `from == to`).
    Drop {
        kind: PieceKind,
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
    /// Where the two-step started, in games whose en-passant field is the
    /// whole two-step (Multipawn: its kind decides who may take it); None
    /// in the other games.
    origin: Option<usize>,
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
    /// Truffle Hunt: the actor's pig on this square (which has truffles)
    /// must throw for a find.
    Find(usize),
    /// Truffle Hunt: the actor may activate one of the inactive pieces its
    /// store pays for, or stop.
    Activate,
    /// Dice games: the actor's pawn on this square, which reached the far
    /// rank, becomes one of its promotion pieces (after the throw).
    Promote(usize),
}

/// What a truffle find comes to (the two throws together).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Find {
    /// No truffle found.
    No,
    /// Found and eaten on the spot: the square loses one.
    Eat,
    /// Found and kept: the square loses one, the store gains one (up to
    /// its maximum; beyond it, lost).
    Keep,
}

const FINDS: [(Find, &str); 3] = [
    (Find::No, "find:no"),
    (Find::Eat, "find:eat"),
    (Find::Keep, "find:keep"),
];

/// One way of settling what is pending (see `Pending`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Settle {
    /// A throw (x, y), x >= y, of the two leaper dice.
    Throw(u8, u8),
    /// Picking one of the leapers a throw offered.
    Choose(Leaper),
    /// The outcome of a truffle find.
    Find(Find),
    /// Activating the actor's inactive piece on this square.
    Activate(usize),
    /// No more activations this turn.
    Done,
    /// The waiting pawn becomes this piece.
    Promote(PieceKind),
    /// Mode dice: a throw, the actor's new mode (its faces, first die
    /// first; one-die games leave the second 0).
    ModeThrow([u8; 2]),
}

/// Reserve counts are kept per piece kind in a fixed array; tables have at
/// most this many kinds.
pub const MAX_KINDS: usize = 16;

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
    /// Drop games: each side's reserve (White's, Black's), a count per
    /// piece kind. All zero in other games.
    hands: [[u8; MAX_KINDS]; 2],
    /// Truffle Hunt: the truffles on each square. Empty in other games.
    truffles: Vec<u8>,
    /// Truffle Hunt: each side's store (White's, Black's).
    stores: [u8; 2],
    /// Mode-dice games: each side's mode (White's, Black's), the faces of
    /// its last throw (one-die games leave the second 0); None before its
    /// first throw, and in other games.
    modes: [Option<[u8; 2]>; 2],
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
            && self.hands == other.hands
            && self.truffles == other.truffles
            && self.stores == other.stores
            && self.modes == other.modes
    }
}

impl Eq for RefPosition {}

impl RefPosition {
    // ------------------------------------------------------------ public API

    /// variant: "chess", "wolf", "hubbub", "pawneaters", "carnival",
    /// "carnival-oblique", "truffle", "butterflyhunt", "mining", "nuthunt",
    /// "shrimphunt", "oysterhunt", "updown", "multipawn",
    /// "armyorientation", "pieceorientation", "montypython". Parses the FEN itself (its
    /// own simple parser).
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
    /// piece with `ep_two_legs` (the Pawn Eater) or one that also has a
    /// quiet move to the en-passant square (Monty Python's Pawn in drag):
    /// `d5e5,e5e6`, to the victim and on to the en-passant square, the
    /// quiet move being `d5e6`; a capturing lure (Monty
    /// Python) likewise as the Bishop's way to the victim and back to its
    /// square, `c1c5,c5c2`. A Eurofighter first move is
    /// always written in its two legs (`d2d3,d3d4`, `d2c3,c3d4`). A drop
    /// is the piece's letter in upper case (whatever its colour), `@` and
    /// the square (`N@b1`, `S@a7`). Empty while anything is pending.
    pub fn legal_moves(&self) -> Vec<String> {
        self.playable().iter().map(|&m| self.move_text(m)).collect()
    }

    /// The moves a player may make: `legal`, except that where promotions
    /// wait for the throw a promotion is one move with no piece yet.
    fn playable(&self) -> Vec<Move> {
        let moves = self.legal();
        if !self.promotes_after_throw() {
            return moves;
        }
        let mut out: Vec<Move> = Vec::new();
        for m in moves {
            let m = Move {
                promotion: None,
                ..m
            };
            if !out.contains(&m) {
                out.push(m);
            }
        }
        out
    }

    /// The actor's pawn that reached the far rank and waits to promote.
    fn waiting_pawn(&self) -> Option<usize> {
        if !self.promotes_after_throw() {
            return None;
        }
        let actor = self.actor();
        (0..self.board.len()).find(|&sq| {
            matches!(self.board[sq], Some((c, k)) if c == actor
                && !self.def(k).promotions.is_empty()
                && self.relative_rank(sq, c) >= self.variant.promotion_rank)
        })
    }

    /// After the throw (and the leaper choice): the promotion, if one waits.
    fn after_throw(&mut self) {
        self.pending = match self.waiting_pawn() {
            Some(sq) => Pending::Promote(sq),
            None => Pending::Nothing,
        };
    }

    /// What may be played now: the legal moves when nothing is pending; the
    /// distinct throws `roll:X:Y` (X >= Y; 21 of them with two six-sided
    /// dice) when a roll is pending (mode dice: `roll:N` for one die,
    /// `roll:T:M` for two told apart, first die first, in order 1:1, 1:2,
    /// ..., 6:6); the offered leapers `knight:A:B`
    /// (A >= B) when a choice is pending; `find:no`, `find:eat`,
    /// `find:keep` when a truffle find is pending (no `find:eat` for a
    /// hunter that never eats); `activate:SQ` for each
    /// inactive piece of the actor that its store pays for (in square order
    /// a1, b1, ..., h8), then `activate:done`, when activation is pending.
    pub fn legal_actions(&self) -> Vec<String> {
        if self.pending == Pending::Nothing {
            return self.legal_moves();
        }
        self.settle_options()
            .into_iter()
            .map(|a| self.settle_text(a))
            .collect()
    }

    /// The probability of a chance action: a throw `roll:X:Y` while a roll
    /// is pending (two different numbers 2/36, a double 1/36, for six-sided
    /// dice; a throw of mode dice 1/6 for one die, 1/36 for two), or a
    /// find outcome while a find is pending (with k finding faces and e
    /// eating faces of n: `find:no` (n-k)/n, `find:eat` k*e/(n*n),
    /// `find:keep` k*(n-e)/(n*n); e = k in Truffle Hunt, e = 0 in Mining,
    /// where `find:eat` is no outcome).
    /// None for anything else, and for a text that is not
    /// one of `legal_actions`.
    pub fn chance_probability(&self, action: &str) -> Option<f64> {
        let wanted = action.trim();
        let settle = self
            .settle_options()
            .into_iter()
            .find(|&a| self.settle_text(a) == wanted)?;
        match settle {
            Settle::Throw(x, y) => {
                let faces = f64::from(self.dice().faces);
                Some(if x == y { 1.0 } else { 2.0 } / (faces * faces))
            }
            Settle::ModeThrow(_) => {
                let modes = self.variant.modes?;
                Some(1.0 / f64::from(modes.faces).powi(modes.dice as i32))
            }
            Settle::Find(find) => {
                let Pending::Find(sq) = self.pending else {
                    return None;
                };
                let (_, kind) = self.board[sq]?;
                let n = u32::from(self.truffle_rules().faces);
                let k = self.def(kind).finds_on.len() as u32;
                let e = self.def(kind).eats_on.len() as u32;
                let (num, den) = match find {
                    Find::No => (n - k, n),
                    Find::Eat => (k * e, n * n),
                    Find::Keep => (k * (n - e), n * n),
                };
                Some(f64::from(num) / f64::from(den))
            }
            _ => None,
        }
    }

    /// Plays one action given in the text of `legal_actions`: a legal move
    /// or drop (in a dice game it leaves a roll pending; in Truffle Hunt
    /// maybe a find or activation), or a way of settling what is pending;
    /// Err if it is not one of them.
    pub fn play(&mut self, action: &str) -> Result<(), String> {
        let wanted = action.trim();
        if self.pending != Pending::Nothing {
            let found = self
                .settle_options()
                .into_iter()
                .find(|&a| self.settle_text(a) == wanted);
            return match found {
                Some(a) => {
                    self.settle(a);
                    Ok(())
                }
                None => Err(format!("not possible now: {action:?} in {}", self.to_fen())),
            };
        }
        // The simplest correct parser: compare with the text of every legal move.
        let found = self
            .playable()
            .into_iter()
            .find(|&m| self.move_text(m) == wanted);
        match found {
            Some(m) => {
                self.make_and_owe(m);
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
    /// leaves nothing pending and both leapers (or, in mode games, both
    /// modes) stay as the FEN gives them.
    /// Truffle Hunt: moves and drops only; no find and no activation ever
    /// happens, so truffles and stores stay as the FEN gives them. A root
    /// with anything pending has no moves (0 from depth 1). Other games:
    /// `perft`.
    pub fn perft_frozen(&self, depth: u32) -> u64 {
        self.perft(depth)
    }

    /// Dice games: the number of distinct action sequences in which each
    /// ply is a move, then a throw, then (if the throw offers a choice) an
    /// option. Truffle Hunt: each ply is a move or drop, then (if a find is
    /// owed) one of the three find outcomes, then (while activation is
    /// pending) activations one by one and `activate:done`, every option a
    /// branch (so two activation orders are two sequences). Anything pending
    /// at the root is settled first, each way, without using up depth.
    /// Depth 0 is 1, pending or not. Other games: `perft`.
    pub fn perft_expanded(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if !self.is_dice_game() && self.variant.truffles.is_none() {
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
        for m in self.playable() {
            let mut child = self.clone();
            child.make_and_owe(m);
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
                    None if cell(v, sq) == Cell::Hole => "*".to_string(),
                    None => {
                        empty += 1;
                        continue;
                    }
                    Some((color, kind)) => piece_text(v, color, kind),
                };
                if empty > 0 {
                    row += &empty.to_string();
                    empty = 0;
                }
                row += &token;
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
        // Multipawn writes the whole two-step instead.
        let ep = match self.ep {
            Some(EnPassant {
                origin: Some(from),
                square,
                victim,
            }) => {
                let (from, via, to) = (
                    square_name(v, from),
                    square_name(v, square),
                    square_name(v, victim),
                );
                format!("{from}{via},{via}{to}")
            }
            Some(ep) if Some(ep.victim) == self.beyond(ep.square) => square_name(v, ep.square),
            Some(ep) => format!(
                "{}>{}",
                square_name(v, ep.square),
                square_name(v, ep.victim)
            ),
            None => "-".to_string(),
        };
        // Drop games: the reserves as holdings right after the board,
        // White's then Black's, each in table order.
        let mut hands = String::new();
        if v.drops.is_some() {
            hands.push('[');
            for color in [Color::White, Color::Black] {
                for (i, &count) in self.hands[color.index()].iter().enumerate() {
                    let kind = PieceKind(i as u8);
                    for _ in 0..count {
                        hands.push(piece_char(v, color, kind));
                    }
                }
            }
            hands.push(']');
        }
        let mut fen = format!(
            "{}{hands} {side} {castling} {ep} {} {}",
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
        }
        if let Some(modes) = v.modes {
            let [white, black] = self.modes.map(|mode| match mode {
                None => "-".to_string(),
                Some(faces) => throw_text(&faces[..modes.dice]),
            });
            fen += &format!(" {}={white}/{black}", modes.register);
        }
        if let Some(food) = v.truffles {
            let ranks: Vec<String> = (0..v.height)
                .rev()
                .map(|y| {
                    (0..v.width)
                        .map(|x| self.truffles[x + y * v.width].to_string())
                        .collect()
                })
                .collect();
            fen += &format!(" {}={}", food.word, ranks.join("/"));
            fen += &format!(" stores={}/{}", self.stores[0], self.stores[1]);
        }
        match self.pending {
            Pending::Nothing => {}
            Pending::Roll => fen += " pending=roll",
            Pending::Choose(x, y) => fen += &format!(" pending=choose:{x}:{y}"),
            Pending::Find(sq) => fen += &format!(" pending=find:{}", square_name(v, sq)),
            Pending::Activate => fen += " pending=activate",
            Pending::Promote(sq) => fen += &format!(" pending=promote:{}", square_name(v, sq)),
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

    /// A game where the mover throws after every move: leaper dice
    /// (Carnival) or mode dice.
    fn is_dice_game(&self) -> bool {
        self.variant.dice.is_some() || self.variant.modes.is_some()
    }

    /// Dice games: a pawn reaching the far rank stays a pawn until its
    /// mover has thrown, and then the mover picks the piece. (Always so
    /// in mode games: the piece moves as the new mode says.)
    fn promotes_after_throw(&self) -> bool {
        self.variant.dice.is_some_and(|d| d.promotes_after_throw) || self.variant.modes.is_some()
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
            self.after_throw();
        } else {
            self.pending = Pending::Choose(x, y);
        }
    }

    /// The actor picks its next leaper.
    fn choose(&mut self, leaper: Leaper) {
        self.knights[self.actor().index()] = leaper;
        self.after_throw();
    }

    /// Plays a move or drop; in a dice game the mover then owes a roll. In
    /// Truffle Hunt it owes a find if it moved a hunting piece onto a square
    /// with truffles, and otherwise (and after the find) may activate. The
    /// hunting piece is the one standing on the target square after the
    /// move, in the form the move left it (Oyster Hunt: a Walrus that
    /// became a Goldtusk there does not hunt, a Goldtusk that turned back
    /// into a Walrus there does). A drop is no move: it never hunts.
    fn make_and_owe(&mut self, m: Move) {
        let is_drop = matches!(m.special, Special::Drop { .. });
        self.make(m);
        if self.is_dice_game() {
            self.pending = Pending::Roll;
        } else if self.variant.truffles.is_some() {
            let hunter =
                !is_drop && self.board[m.to].is_some_and(|(_, k)| !self.def(k).finds_on.is_empty());
            if hunter && self.truffles[m.to] > 0 {
                self.pending = Pending::Find(m.to);
            } else {
                self.offer_activation();
            }
        }
    }

    /// The ways of settling what is pending, in `legal_actions` order.
    fn settle_options(&self) -> Vec<Settle> {
        match self.pending {
            Pending::Nothing => Vec::new(),
            Pending::Roll if self.variant.modes.is_some() => self
                .mode_throws()
                .into_iter()
                .map(Settle::ModeThrow)
                .collect(),
            Pending::Roll => self
                .throws()
                .into_iter()
                .map(|(x, y)| Settle::Throw(x, y))
                .collect(),
            Pending::Choose(x, y) => (self.dice().offers)(x, y)
                .into_iter()
                .map(Settle::Choose)
                .collect(),
            Pending::Find(sq) => {
                let eats = self.board[sq].is_some_and(|(_, k)| !self.def(k).eats_on.is_empty());
                FINDS
                    .iter()
                    .filter(|&&(f, _)| eats || f != Find::Eat)
                    .map(|&(f, _)| Settle::Find(f))
                    .collect()
            }
            Pending::Activate => self
                .affordable()
                .into_iter()
                .map(Settle::Activate)
                .chain([Settle::Done])
                .collect(),
            Pending::Promote(sq) => {
                let (_, pawn) = self.board[sq].expect("a waiting pawn");
                self.def(pawn)
                    .promotions
                    .iter()
                    .map(|&l| Settle::Promote(kind_of_letter(self.variant, l).expect("in table")))
                    .collect()
            }
        }
    }

    fn settle_text(&self, settle: Settle) -> String {
        match settle {
            Settle::Throw(x, y) => format!("roll:{x}:{y}"),
            Settle::Choose((a, b)) => format!("knight:{a}:{b}"),
            Settle::Find(find) => {
                let (_, text) = FINDS.iter().find(|(f, _)| *f == find).expect("listed");
                text.to_string()
            }
            Settle::Activate(sq) => format!("activate:{}", square_name(self.variant, sq)),
            Settle::Done => "activate:done".to_string(),
            Settle::Promote(kind) => format!("promote:{}", self.def(kind).letter),
            Settle::ModeThrow(faces) => {
                let dice = self.variant.modes.expect("mode dice").dice;
                format!("roll:{}", throw_text(&faces[..dice]))
            }
        }
    }

    /// Settles (part of) what is pending, one of `settle_options`.
    fn settle(&mut self, settle: Settle) {
        match settle {
            Settle::Throw(x, y) => self.throw(x, y),
            Settle::Choose(leaper) => self.choose(leaper),
            Settle::Find(find) => self.find(find),
            Settle::Activate(sq) => self.activate(sq),
            Settle::Done => self.pending = Pending::Nothing,
            Settle::Promote(kind) => {
                let Pending::Promote(sq) = self.pending else {
                    panic!("no promotion pending");
                };
                self.board[sq] = Some((self.actor(), kind));
                self.pending = Pending::Nothing;
            }
            Settle::ModeThrow(faces) => {
                self.modes[self.actor().index()] = Some(faces);
                self.after_throw();
            }
        }
    }

    /// Every position reached by settling what is pending, one per sequence
    /// of settling actions (each throw, and after a throw that offers a
    /// choice, each option; each find outcome, then each activation
    /// sequence); with nothing pending, just this position.
    fn settlements(&self) -> Vec<RefPosition> {
        if self.pending == Pending::Nothing {
            return vec![self.clone()];
        }
        self.settle_options()
            .into_iter()
            .flat_map(|settle| {
                let mut next = self.clone();
                next.settle(settle);
                next.settlements()
            })
            .collect()
    }

    // ------------------------------------------------------------ mode dice

    /// Every throw of the mode dice, each as likely as the others: one die
    /// `[1, 0]` .. `[6, 0]`; two dice `[1, 1], [1, 2], .., [6, 6]`.
    fn mode_throws(&self) -> Vec<[u8; 2]> {
        let modes = self.variant.modes.expect("mode dice");
        let faces = 1..=modes.faces;
        match modes.dice {
            1 => faces.map(|f| [f, 0]).collect(),
            _ => faces
                .clone()
                .flat_map(|t| (1..=modes.faces).map(move |m| [t, m]))
                .collect(),
        }
    }

    /// The mode dice and `color`'s current throw (its faces), if this is a
    /// mode game and `color` has thrown.
    fn mode_of(&self, color: Color) -> Option<(&'static ModeDice, &[u8])> {
        let modes = self.variant.modes?;
        let faces = self.modes[color.index()].as_ref()?;
        Some((modes, &faces[..modes.dice]))
    }

    /// How a piece moves: as its mode says, or by its table vectors (in
    /// other games, before its side's first throw, or where the mode
    /// leaves it as in chess).
    fn mode_vectors(&self, def: &'static PieceDef, color: Color, from: usize) -> &'static [Vector] {
        let Some((modes, throw)) = self.mode_of(color) else {
            return def.vectors;
        };
        (modes.moves)(throw, def.letter, self.standing(color, from)).unwrap_or(def.vectors)
    }

    /// Where `color`'s piece on `from` stands, as modes care: on the
    /// enemy's back rank? next to one of its own royal pieces (its King)?
    fn standing(&self, color: Color, from: usize) -> Standing {
        let next_to_own_king = KING_STEPS.iter().any(|&(dx, dy)| {
            self.offset(from, dx, dy).is_some_and(
                |sq| matches!(self.board[sq], Some((c, k)) if c == color && self.def(k).royal),
            )
        });
        Standing {
            on_enemy_back_rank: self.relative_rank(from, color) == self.variant.height - 1,
            next_to_own_king,
        }
    }

    /// May `color`'s piece on `from` lure (Monty Python's Bishop in drag,
    /// or in the King's court under face 6)?
    fn may_lure(&self, color: Color, from: usize) -> bool {
        let Some((modes, throw)) = self.mode_of(color) else {
            return false;
        };
        match self.board[from] {
            Some((c, kind)) if c == color => {
                (modes.lures)(throw, self.def(kind).letter, self.standing(color, from))
            }
            _ => false,
        }
    }

    /// May `color` castle under its current mode?
    fn may_castle(&self, color: Color) -> bool {
        self.mode_of(color)
            .is_none_or(|(modes, throw)| (modes.castles)(throw))
    }

    /// May `color`'s pawns make a two-step of this kind under its mode?
    fn may_two_step(&self, color: Color, kind: TwoStep) -> bool {
        self.mode_of(color)
            .is_none_or(|(modes, throw)| (modes.two_steps)(throw).contains(&kind))
    }

    /// May `color`'s pawns take the enemy two-step `ep` en passant under
    /// its mode: a kind its mode allows (Multipawn, where the position
    /// knows the kind); elsewhere the allowed kinds are all or none, so:
    /// if its mode allows any.
    fn may_take_en_passant(&self, color: Color, ep: EnPassant) -> bool {
        let Some((modes, throw)) = self.mode_of(color) else {
            return true;
        };
        let allowed = (modes.two_steps)(throw);
        match ep.origin {
            Some(from) => allowed.contains(&self.two_step_kind(from, ep.square, ep.victim)),
            None => !allowed.is_empty(),
        }
    }

    /// The kind of the two-step from -> via -> to: a leg is quiet exactly
    /// when it goes straight.
    fn two_step_kind(&self, from: usize, via: usize, to: usize) -> TwoStep {
        let straight = |a: usize, b: usize| a % self.width() == b % self.width();
        TwoStep::of(straight(from, via), straight(via, to))
    }

    // ------------------------------------------------------------ truffles

    /// The truffle rules of Truffle Hunt.
    fn truffle_rules(&self) -> &'static Truffles {
        self.variant.truffles.expect("a truffle game")
    }

    /// The outcome of the pending find: the square loses a truffle if one
    /// is found, and the store gains it if kept (a full store stays full).
    /// Then activation may follow.
    fn find(&mut self, find: Find) {
        let Pending::Find(sq) = self.pending else {
            panic!("no find pending");
        };
        if find != Find::No {
            self.truffles[sq] -= 1;
        }
        if find == Find::Keep {
            let (most, actor) = (self.truffle_rules().store_max, self.actor().index());
            self.stores[actor] = (self.stores[actor] + 1).min(most);
        }
        self.offer_activation();
    }

    /// The squares of the actor's inactive pieces that its store pays for,
    /// in square order.
    fn affordable(&self) -> Vec<usize> {
        let actor = self.actor();
        let store = self.stores[actor.index()];
        (0..self.board.len())
            .filter(|&sq| match self.board[sq] {
                Some((c, k)) => {
                    c == actor
                        && self
                            .def(k)
                            .activation_cost
                            .is_some_and(|cost| cost <= store)
                }
                None => false,
            })
            .collect()
    }

    /// Activation is pending when the actor can pay for something.
    fn offer_activation(&mut self) {
        self.pending = if self.affordable().is_empty() {
            Pending::Nothing
        } else {
            Pending::Activate
        };
    }

    /// The actor pays for the inactive piece on `sq`, which becomes active;
    /// then it may activate more.
    fn activate(&mut self, sq: usize) {
        let (color, kind) = self.board[sq].expect("a piece to activate");
        let cost = self.def(kind).activation_cost.expect("an inactive piece");
        self.stores[color.index()] -= cost;
        self.board[sq] = Some((color, other_form(self.variant, kind)));
        self.offer_activation();
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
        if let Special::Drop { kind } = m.special {
            let letter = self.def(kind).letter.to_ascii_uppercase();
            return format!("{letter}@{}", square_name(v, m.to));
        }
        let (_, mover) = self.board[m.from].expect("moving piece");
        if let Special::Lure { victim } = m.special {
            let (from, via, to) = (
                square_name(v, m.from),
                square_name(v, victim),
                square_name(v, m.to),
            );
            return format!("{from}{via},{via}{to}");
        }
        if let Special::EnPassant { victim } = m.special {
            if self.def(mover).ep_two_legs || self.has_quiet_twin(m) {
                let (from, via, to) = (
                    square_name(v, m.from),
                    square_name(v, victim),
                    square_name(v, m.to),
                );
                let promotion = m.promotion.map(|kind| self.def(kind).letter);
                return format!(
                    "{from}{via},{via}{to}{}",
                    promotion.map(String::from).unwrap_or_default()
                );
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

    /// Does the piece that takes en passant by `m` also have a plain quiet
    /// move to the same square? (Monty Python's Pawn in drag may step
    /// diagonally forward onto the empty en-passant square.) Then its
    /// one-leg text names that step, and the capture goes in two legs.
    fn has_quiet_twin(&self, m: Move) -> bool {
        let (color, _) = self.board[m.from].expect("moving piece");
        self.pseudo_moves(color, false)
            .iter()
            .any(|q| q.from == m.from && q.to == m.to && q.special == Special::None)
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
                self.mode_vectors(def, color, from)
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
                // A lame leap may pass over nothing or a leapable piece.
                if vec.lame {
                    match self.offset(from, dx / 2, dy / 2) {
                        Some(mid) => match self.board[mid] {
                            None => {}
                            Some((_, k)) if self.def(k).leapable => {}
                            Some(_) => continue,
                        },
                        None => continue,
                    }
                }
                // A Xiangqi lame leap: any piece on its blocking square
                // stops it.
                if let Some((bx, by)) = vec.blocker {
                    match self.offset(from, bx, by * forward) {
                        Some(block) if self.board[block].is_none() => {}
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
            // A lure captures nothing on its square, and threatens nothing:
            // never part of an attack test.
            if !captures_only && self.may_lure(color, from) {
                self.push_lures(&mut moves, first, color, from);
            }
            if let (Some(far_ranks), false) = (def.teleport, captures_only) {
                self.push_teleports(&mut moves, first, def, color, from, far_ranks);
            }
        }
        if !captures_only && self.may_castle(color) {
            self.push_castling(&mut moves, color);
        }
        moves
    }

    /// Adds the move, or one move per promotion choice if it promotes: on
    /// the variant's `promotion_rank` (and beyond) one per `promotions`
    /// letter; where the piece's own `change` applies on the rank the move
    /// ends on, the move changing it, and on a `may` rank also the move
    /// leaving it as it is (listed first).
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
        let rank = self.relative_rank(to, color);
        if !def.promotions.is_empty() && rank >= self.variant.promotion_rank {
            for &letter in def.promotions {
                add(Some(
                    kind_of_letter(self.variant, letter).expect("promotion letter in table"),
                ));
            }
        } else if let Some(change) = def
            .change
            .filter(|c| c.may.contains(&rank) || c.must.contains(&rank))
        {
            if !change.must.contains(&rank) {
                add(None);
            }
            add(Some(
                kind_of_letter(self.variant, change.into).expect("change letter in table"),
            ));
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
        if ep.square != to || color != self.side || !self.may_take_en_passant(color, ep) {
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
    /// step (never happens on 8x8). In mode games only the kinds (QQ, QC,
    /// CQ, CC) that `color`'s mode allows. With `captures_only`, only the
    /// paths whose second step captures (for the attack test).
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
                    || !self.may_two_step(color, self.two_step_kind(from, via, to))
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

    /// Monty Python's lure, for `color`'s Bishop on `from`: a step in any
    /// of the eight directions onto an empty square X. If enemy pieces
    /// threaten X (`lure_threats`), one move per threatener: the Bishop
    /// ends on X and takes it where it stands. If none does, a quiet step,
    /// unless the piece already has that step among its own moves
    /// (`moves[first..]`: a Bishop in the King's court also moves as a
    /// Bishop), which is the same move. A King is never taken: it only
    /// threatens X when it is in check, which a legal position excludes.
    fn push_lures(&self, moves: &mut Vec<Move>, first: usize, color: Color, from: usize) {
        for (dx, dy) in KING_STEPS {
            let Some(x) = self.offset(from, dx, dy) else {
                continue;
            };
            if self.board[x].is_some() || cell(self.variant, x) != Cell::Square {
                continue;
            }
            let threats = self.lure_threats(color, from, x);
            if threats.is_empty() {
                let step = Move {
                    from,
                    to: x,
                    promotion: None,
                    special: Special::None,
                };
                if !moves[first..].contains(&step) {
                    moves.push(step);
                }
                continue;
            }
            for victim in threats {
                let royal = self.board[victim].is_some_and(|(_, k)| self.def(k).royal);
                if !royal {
                    moves.push(Move {
                        from,
                        to: x,
                        promotion: None,
                        special: Special::Lure { victim },
                    });
                }
            }
        }
    }

    /// The enemy pieces that threaten X when `color`'s Bishop on `from`
    /// steps there, in square order: those with a move capturing on X,
    /// judged on the board with the Bishop on X (its old square empty), by
    /// the enemy's current mode (the attack test's moves, so lures do not
    /// count and pinned pieces do), and an enemy King next to X, whatever
    /// its mode.
    fn lure_threats(&self, color: Color, from: usize, x: usize) -> Vec<usize> {
        let enemy = color.other();
        let mut probe = self.clone();
        probe.board[x] = probe.board[from].take();
        let mut threats: Vec<usize> = probe
            .pseudo_moves(enemy, true)
            .iter()
            .filter(|m| m.to == x)
            .map(|m| m.from)
            .collect();
        for (dx, dy) in KING_STEPS {
            if let Some(sq) = probe.offset(x, dx, dy) {
                if matches!(probe.board[sq], Some((c, k)) if c == enemy && probe.def(k).royal) {
                    threats.push(sq);
                }
            }
        }
        threats.sort_unstable();
        threats.dedup();
        threats
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

    /// Drops: each kind in `color`'s reserve onto each empty square of its
    /// drop rank, unless afterwards `color` would have more pieces of that
    /// letter on squares of that square's colour than a colour limit
    /// allows. (Only the dropper's count of the dropped letter changes, so
    /// in play this is the rule's "neither player exceeds".)
    fn push_drops(&self, moves: &mut Vec<Move>, color: Color) {
        let Some(drops) = self.variant.drops else {
            return;
        };
        let (w, h) = (self.width(), self.variant.height);
        for (i, &count) in self.hands[color.index()].iter().enumerate() {
            if count == 0 {
                continue;
            }
            let kind = PieceKind(i as u8);
            let rank = self.def(kind).drop_rank;
            let y = match color {
                Color::White => rank,
                Color::Black => h - 1 - rank,
            };
            for x in 0..w {
                let sq = x + y * w;
                if self.board[sq].is_some() || cell(self.variant, sq) != Cell::Square {
                    continue;
                }
                if self.breaks_colour_limit(drops.colour_limits, color, kind, sq) {
                    continue;
                }
                moves.push(Move {
                    from: sq,
                    to: sq,
                    promotion: None,
                    special: Special::Drop { kind },
                });
            }
        }
    }

    /// Would a piece of `kind` dropped by `color` on `sq` give `color` more
    /// pieces with that letter (either form) on squares of `sq`'s colour
    /// than a limit `(letter, n)` allows?
    fn breaks_colour_limit(
        &self,
        limits: &[(char, usize)],
        color: Color,
        kind: PieceKind,
        sq: usize,
    ) -> bool {
        let w = self.width();
        let shade = |s: usize| (s % w + s / w) % 2;
        let letter = self.def(kind).letter;
        limits.iter().any(|&(limited, most)| {
            limited == letter
                && 1 + (0..self.board.len())
                    .filter(|&s| shade(s) == shade(sq))
                    .filter(|&s| {
                        matches!(self.board[s], Some((c, k))
                            if c == color && self.def(k).letter == letter)
                    })
                    .count()
                    > most
        })
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
            || self.lure_checks(color, &royals)
    }

    /// Monty Python: is one of `color`'s royal pieces (on `royals`) in
    /// check by an enemy Bishop that may lure? It is when the royal piece
    /// stands next to an empty square next to that Bishop: the Bishop could
    /// step there, and the King, next to it, would threaten it.
    fn lure_checks(&self, color: Color, royals: &[usize]) -> bool {
        let enemy = color.other();
        let adjacent = |a: usize, b: usize| {
            KING_STEPS
                .iter()
                .any(|&(dx, dy)| self.offset(a, dx, dy) == Some(b))
        };
        (0..self.board.len())
            .filter(|&sq| self.may_lure(enemy, sq))
            .any(|bishop| {
                KING_STEPS.iter().any(|&(dx, dy)| {
                    self.offset(bishop, dx, dy).is_some_and(|x| {
                        self.board[x].is_none()
                            && cell(self.variant, x) == Cell::Square
                            && royals.iter().any(|&royal| adjacent(x, royal))
                    })
                })
            })
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

    /// Legal moves (and drops) by brute force: try each pseudo-legal move
    /// on a copy. A game that is over by extinction has none.
    /// So has a dice game while a roll or choice is pending, and Truffle
    /// Hunt while a find or activation is pending.
    fn legal(&self) -> Vec<Move> {
        if self.extinct() || self.pending != Pending::Nothing {
            return Vec::new();
        }
        let us = self.side;
        let mut moves = self.pseudo_moves(us, false);
        self.push_drops(&mut moves, us);
        moves
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
        if let Special::Drop { kind } = m.special {
            // A drop: from the reserve onto the empty square; it resets the
            // fifty-move count.
            let color = self.side;
            self.hands[color.index()][usize::from(kind.0)] -= 1;
            self.board[m.to] = Some((color, kind));
            self.ep = None;
            self.halfmove = 0;
            if color == Color::Black {
                self.fullmove += 1;
            }
            self.side = color.other();
            return;
        }
        let (color, kind) = self.board[m.from].expect("moving piece");
        let def = self.def(kind);
        let mut captured = self.board[m.to].is_some();
        // Where a piece captured on the target square goes: a defecting
        // piece (a pig) to the capturer's reserve as the capturer's (as its
        // `captured_as` kind if it has one: Oyster Hunt's Goldtusk joins
        // as a Walrus); an active piece taken by a piece that
        // `returns_active` (a pig) to its owner's reserve, inactive;
        // anything else leaves the game.
        if let Some((victim_color, victim)) = self.board[m.to] {
            let victim_def = self.def(victim);
            if victim_def.defects {
                let joins = match victim_def.captured_as {
                    Some(letter) => kind_of_letter(v, letter).expect("captured_as in table"),
                    None => victim,
                };
                self.hands[color.index()][usize::from(joins.0)] += 1;
            } else if victim_def.plus && def.returns_active {
                let home = other_form(v, victim);
                self.hands[victim_color.index()][usize::from(home.0)] += 1;
            }
        }

        self.board[m.from] = None;
        self.clear_unmoved(m.from);
        match m.special {
            Special::None | Special::DoubleStep { .. } | Special::Drop { .. } => {}
            Special::TwoSteps { via } => {
                // The first step took whatever stood there.
                captured |= self.board[via].is_some();
                self.board[via] = None;
                self.clear_unmoved(via);
            }
            Special::EnPassant { victim } | Special::Lure { victim } => {
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
                origin: None,
            }),
            Special::TwoSteps { via } => Some(EnPassant {
                square: via,
                victim: m.to,
                origin: v
                    .modes
                    .is_some_and(|d| d.ep_field_is_move)
                    .then_some(m.from),
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
                // Also touched: the first step's square, and a lure's victim
                // (a Rook taken on its square).
                let via = match m.special {
                    Special::TwoSteps { via } => Some(via),
                    Special::Lure { victim } => Some(victim),
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
    let start_field = v.start_fen.split_whitespace().next().unwrap_or("");
    let (start_placement, _) = split_holdings(v, start_field).expect("valid start FEN");
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

/// The kind written with this letter (either case), without `+`.
fn kind_of_letter(v: &Variant, letter: char) -> Option<PieceKind> {
    kind_of(v, letter, false)
}

/// The kind written with this letter (either case), with `+` or without.
fn kind_of(v: &Variant, letter: char, plus: bool) -> Option<PieceKind> {
    let lower = letter.to_ascii_lowercase();
    let index = v
        .pieces
        .iter()
        .position(|p| p.letter == lower && p.plus == plus)?;
    Some(PieceKind(u8::try_from(index).ok()?))
}

/// The other form of a Truffle Hunt piece: active for inactive and back.
/// Whether `color`'s King and Rook of a castling move stand on their
/// squares, in a form that castles or (Truffle Hunt) wakes as one.
fn castling_pieces_stand(v: &Variant, board: &[Option<Piece>], color: Color, c: &Castling) -> bool {
    let y = match color {
        Color::White => c.rank,
        Color::Black => v.height - 1 - c.rank,
    };
    let is = |file: usize, want: fn(&PieceDef) -> bool| match board[file + y * v.width] {
        Some((owner, kind)) if owner == color => {
            let def = &v.pieces[usize::from(kind.0)];
            let woken = def
                .activation_cost
                .map(|_| &v.pieces[usize::from(other_form(v, kind).0)]);
            want(def) || woken.is_some_and(want)
        }
        _ => false,
    };
    is(c.king_from, |d| d.castling_king) && is(c.rook_from, |d| d.castling_rook)
}

fn other_form(v: &Variant, kind: PieceKind) -> PieceKind {
    let def = &v.pieces[usize::from(kind.0)];
    kind_of(v, def.letter, !def.plus).expect("both forms in the table")
}

/// The letter, upper case for White (no `+`).
fn piece_char(v: &Variant, color: Color, kind: PieceKind) -> char {
    let letter = v.pieces[usize::from(kind.0)].letter;
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// The piece as a FEN writes it: the letter, after a `+` for `plus` kinds.
fn piece_text(v: &Variant, color: Color, kind: PieceKind) -> String {
    let plus = if v.pieces[usize::from(kind.0)].plus {
        "+"
    } else {
        ""
    };
    format!("{plus}{}", piece_char(v, color, kind))
}

/// The placement field: ranks from the top (last rank) down, '/'-separated;
/// digits (possibly more than one, "10") are runs of empty squares, `*` is a
/// hole. A hole must be written `*` and nothing else may be. `+` before a
/// letter: the `plus` kind of that letter (Truffle Hunt's active pieces).
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
                let (plus, ch) = if ch == '+' {
                    (true, chars.next().ok_or("'+' ends a FEN rank")?)
                } else {
                    (false, ch)
                };
                let kind = kind_of(v, ch, plus).ok_or_else(|| format!("unknown piece {ch:?}"))?;
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
    // `knights=A:B/C:D` and maybe `pending=roll` or `pending=choose:X:Y`;
    // Truffle Hunt has `truffles=...` (the other Food Hunt games their
    // own word: `FOOD_WORDS`), `stores=W/B` and maybe
    // `pending=find:SQ` or `pending=activate`; mode-dice games have
    // `die=W/B` or `dice=W/B` and maybe `pending=roll` or
    // `pending=promote:SQ`.
    let mut fields: Vec<&str> = Vec::new();
    let (mut moved_field, mut knights_field, mut pending_field) = (None, None, None);
    let (mut truffles_field, mut stores_field, mut modes_field) = (None, None, None);
    for (i, field) in fen.split_whitespace().enumerate() {
        let extended = moved_field
            .or(knights_field)
            .or(pending_field)
            .or(truffles_field)
            .or(stores_field)
            .or(modes_field)
            .is_some();
        let slot = match field {
            _ if i < 4 => None,
            f if f.starts_with('~') => Some(&mut moved_field),
            f if f.starts_with("knights=") => Some(&mut knights_field),
            f if f.starts_with("pending=") => Some(&mut pending_field),
            f if is_food_field(f) => Some(&mut truffles_field),
            f if f.starts_with("stores=") => Some(&mut stores_field),
            f if f.starts_with("die=") || f.starts_with("dice=") => Some(&mut modes_field),
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

    let (placement, holdings) = split_holdings(v, fields[0])?;
    let board = parse_placement(v, placement)?;
    // A piece cannot stand where its own change is compulsory (Oyster
    // Hunt: a Walrus on its 8th rank, a Goldtusk on its 2nd).
    for (sq, piece) in board.iter().enumerate() {
        let Some((color, kind)) = *piece else {
            continue;
        };
        let rank = match color {
            Color::White => sq / v.width,
            Color::Black => v.height - 1 - sq / v.width,
        };
        if v.pieces[usize::from(kind.0)]
            .change
            .is_some_and(|c| c.must.contains(&rank))
        {
            return Err(format!(
                "{} on {} must have changed there",
                piece_char(v, color, kind),
                square_name(v, sq)
            ));
        }
    }
    let hands = parse_holdings(v, holdings)?;

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
            if !castling_pieces_stand(v, &board, color, &v.castling[i]) {
                return Err(format!("castling right {ch} without its King and Rook"));
            }
            castling[castle_index(v, color, i)] = true;
        }
    }

    // The ep square is the one the capturer lands on; the piece to remove is
    // one rank further towards the side that just moved (the opponent of the
    // side to move). That holds for every double step we have; our own
    // double steps record the real victim square in `make`.
    let can_double_step = v
        .pieces
        .iter()
        .any(|p| p.eurofighter || p.vectors.iter().any(|vec| vec.double_step));
    let ep = if fields[3] == "-" {
        None
    } else if !can_double_step {
        return Err(format!("{}: no en passant in {}", fields[3], v.name));
    } else if v.modes.is_some_and(|m| m.ep_field_is_move) {
        Some(parse_two_step_field(v, side, fields[3])?)
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
        Some(EnPassant {
            square,
            victim,
            origin: None,
        })
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
            origin: None,
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

    // The pending field belongs to the dice or to the truffles.
    let dice_pending = if v.truffles.is_some() {
        None
    } else {
        pending_field
    };
    let (knights, pending) = match v.modes {
        Some(_) => (
            [(2, 1); 2],
            parse_mode_pending(v, knights_field, dice_pending)?,
        ),
        None => parse_dice_fields(v, knights_field, dice_pending)?,
    };
    let modes = parse_modes_field(v, modes_field)?;

    let mut pos = RefPosition {
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
        hands,
        truffles: Vec::new(),
        stores: [0; 2],
        modes,
    };
    parse_truffle_fields(&mut pos, truffles_field, stores_field, pending_field)?;
    if let Pending::Promote(sq) = pos.pending {
        if pos.waiting_pawn() != Some(sq) {
            return Err(format!(
                "no pawn waits to promote on {}",
                square_name(v, sq)
            ));
        }
    }
    Ok(pos)
}

/// Drop games: the first field is the placement followed by the holdings
/// `[...]`, which must be there (maybe empty). Other games: no holdings.
fn split_holdings<'a>(v: &Variant, field: &'a str) -> Result<(&'a str, Option<&'a str>), String> {
    if v.drops.is_none() {
        return Ok((field, None));
    }
    let (placement, rest) = field
        .split_once('[')
        .ok_or_else(|| format!("{field:?}: no holdings [...] after the board"))?;
    let holdings = rest
        .strip_suffix(']')
        .ok_or_else(|| format!("{field:?}: holdings not closed by ']'"))?;
    Ok((placement, Some(holdings)))
}

/// The holdings: one letter per piece in reserve, upper case White's, lower
/// case Black's, in any order. Only kinds that can be in reserve: not royal,
/// not `plus` (pieces in reserve are inactive), not one that joins reserves
/// as another kind (`captured_as`: Oyster Hunt's Goldtusk).
fn parse_holdings(v: &Variant, holdings: Option<&str>) -> Result<[[u8; MAX_KINDS]; 2], String> {
    assert!(v.pieces.len() <= MAX_KINDS, "at most {MAX_KINDS} kinds");
    let mut hands = [[0u8; MAX_KINDS]; 2];
    for ch in holdings.unwrap_or("").chars() {
        let kind = kind_of_letter(v, ch)
            .filter(|k| {
                let def = &v.pieces[usize::from(k.0)];
                !def.royal && def.captured_as.is_none()
            })
            .ok_or_else(|| format!("{ch:?} cannot be in a reserve"))?;
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let count = &mut hands[color.index()][usize::from(kind.0)];
        *count = (*count)
            .checked_add(1)
            .ok_or("too many pieces in reserve")?;
    }
    Ok(hands)
}

/// A food field of some Food Hunt game: `truffles=...`, `ore=...`, ...
fn is_food_field(field: &str) -> bool {
    field
        .split_once('=')
        .is_some_and(|(word, _)| variants::FOOD_WORDS.contains(&word))
}

/// Truffle Hunt's fields, all required: `truffles=` (the counts of every
/// square, rank by rank from the last, '/'-separated, one digit a square,
/// at most `square_max`), `stores=W/B` (each at most `store_max`) and
/// maybe `pending=find:SQ` (the actor's hunting piece stands on SQ, which
/// has truffles) or `pending=activate` (the actor can pay for one of its
/// inactive pieces). None of them in other games (except a dice game's
/// pending field, read elsewhere). The other Food Hunt games alike, the
/// food field under their own word (`ore=`, ...; another game's word is
/// an error) with `height` ranks.
fn parse_truffle_fields(
    pos: &mut RefPosition,
    truffles_field: Option<&str>,
    stores_field: Option<&str>,
    pending_field: Option<&str>,
) -> Result<(), String> {
    let v = pos.variant;
    let Some(rules) = v.truffles else {
        return match truffles_field.or(stores_field) {
            Some(field) => Err(format!("{field:?}: {} has no truffles", v.name)),
            None => Ok(()),
        };
    };
    let digit = |ch: char, max: u8| {
        ch.to_digit(10)
            .and_then(|d| u8::try_from(d).ok())
            .filter(|&d| d <= max)
    };

    let text = truffles_field.ok_or_else(|| format!("no {}= field", rules.word))?;
    let rows: Vec<&str> = match text.split_once('=') {
        Some((word, counts)) if word == rules.word => counts.split('/').collect(),
        _ => return Err(format!("{text:?}: {} has no such food", v.name)),
    };
    if rows.len() != v.height || rows.iter().any(|r| r.chars().count() != v.width) {
        return Err(format!(
            "{text:?}: want {} ranks of {} digits",
            v.height, v.width
        ));
    }
    pos.truffles = vec![0; v.width * v.height];
    for (i, row) in rows.iter().enumerate() {
        let y = v.height - 1 - i;
        for (x, ch) in row.chars().enumerate() {
            pos.truffles[x + y * v.width] = digit(ch, rules.square_max)
                .ok_or_else(|| format!("{text:?}: bad truffle count {ch:?}"))?;
        }
    }

    let text = stores_field.ok_or("no stores= field")?;
    let (white, black) = text["stores=".len()..]
        .split_once('/')
        .ok_or_else(|| format!("bad stores field {text:?}"))?;
    for (i, store) in [white, black].into_iter().enumerate() {
        let mut chars = store.chars();
        pos.stores[i] = match (
            chars.next().and_then(|c| digit(c, rules.store_max)),
            chars.next(),
        ) {
            (Some(d), None) => d,
            _ => return Err(format!("bad stores field {text:?}")),
        };
    }

    pos.pending = match pending_field.map(|f| &f["pending=".len()..]) {
        None => Pending::Nothing,
        Some("activate") if !pos.affordable().is_empty() => Pending::Activate,
        Some(text) => {
            let sq = text
                .strip_prefix("find:")
                .and_then(|name| parse_square(v, name).ok())
                .filter(|&sq| {
                    pos.truffles[sq] > 0
                        && matches!(pos.board[sq], Some((c, k))
                            if c == pos.actor() && !pos.def(k).finds_on.is_empty())
                })
                .ok_or_else(|| format!("bad or impossible pending field {text:?}"))?;
            Pending::Find(sq)
        }
    };
    Ok(())
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
        Some(text) if text.starts_with("promote:") => {
            // Checked against the board once the position stands.
            let sq = parse_square(v, &text["promote:".len()..])?;
            Pending::Promote(sq)
        }
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

/// Multipawn's en-passant field: the two-step as its move text,
/// `d2d3,d3e4`. Each leg goes one rank forward for the side that moved
/// (the one not to move), straight or diagonally, the first from that
/// side's second rank, the second from where the first ended. I is the
/// square between the legs; the pawn to take stands where the second ends.
fn parse_two_step_field(v: &Variant, side: Color, text: &str) -> Result<EnPassant, String> {
    let bad = || format!("bad en passant field {text:?}");
    // A leg `d2d3` is two square names; the second starts at its letter.
    let leg = |leg: &str| -> Result<(usize, usize), String> {
        let split = leg
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i)
            .ok_or_else(bad)?;
        Ok((
            parse_square(v, &leg[..split])?,
            parse_square(v, &leg[split..])?,
        ))
    };
    let (first, second) = text.split_once(',').ok_or_else(bad)?;
    let ((from, via), (via_again, to)) = (leg(first)?, leg(second)?);
    let forward = if side == Color::White { -1 } else { 1 };
    let is_forward_step = |a: usize, b: usize| {
        let dx = (b % v.width) as i32 - (a % v.width) as i32;
        let dy = (b / v.width) as i32 - (a / v.width) as i32;
        dy == forward && dx.abs() <= 1
    };
    let second_rank = match side {
        Color::White => v.height - 2,
        Color::Black => 1,
    };
    if via != via_again
        || from / v.width != second_rank
        || !is_forward_step(from, via)
        || !is_forward_step(via, to)
    {
        return Err(bad());
    }
    Ok(EnPassant {
        square: via,
        victim: to,
        origin: Some(from),
    })
}

/// A mode game's pending field: `pending=roll` or `pending=promote:SQ`
/// (there are no choices after its throws). A `knights` field is an
/// error: its knights are plain Knights.
fn parse_mode_pending(
    v: &Variant,
    knights_field: Option<&str>,
    pending_field: Option<&str>,
) -> Result<Pending, String> {
    if let Some(field) = knights_field {
        return Err(format!("{field:?}: {} has no dice knights", v.name));
    }
    match pending_field.map(|f| &f["pending=".len()..]) {
        None => Ok(Pending::Nothing),
        Some("roll") => Ok(Pending::Roll),
        Some(text) => {
            // Checked against the board once the position stands.
            let square = text
                .strip_prefix("promote:")
                .ok_or_else(|| format!("bad pending field {text:?}"))?;
            Ok(Pending::Promote(parse_square(v, square)?))
        }
    }
}

/// The modes register, `die=W/B` (one die: a face, `3`) or `dice=W/B`
/// (two dice: `T:M`), under the game's own name; `-` for a side that has
/// not thrown yet, as both are when the field is absent. An error in games
/// without mode dice.
fn parse_modes_field(v: &Variant, field: Option<&str>) -> Result<[Option<[u8; 2]>; 2], String> {
    let Some(modes) = v.modes else {
        return match field {
            Some(field) => Err(format!("{field:?}: {} has no mode dice", v.name)),
            None => Ok([None; 2]),
        };
    };
    let Some(field) = field else {
        return Ok([None; 2]);
    };
    let bad = || format!("bad {} field {field:?}", modes.register);
    let text = field
        .strip_prefix(modes.register)
        .and_then(|f| f.strip_prefix('='))
        .ok_or_else(bad)?;
    let (white, black) = text.split_once('/').ok_or_else(bad)?;
    let mode = |side: &str| -> Result<Option<[u8; 2]>, String> {
        if side == "-" {
            return Ok(None);
        }
        let faces: Vec<u8> = side
            .split(':')
            .map(|face| match face.as_bytes() {
                [d @ b'1'..=b'9'] if d - b'0' <= modes.faces => Ok(d - b'0'),
                _ => Err(bad()),
            })
            .collect::<Result<_, _>>()?;
        if faces.len() != modes.dice {
            return Err(bad());
        }
        let mut throw = [0; 2];
        throw[..faces.len()].copy_from_slice(&faces);
        Ok(Some(throw))
    };
    Ok([mode(white)?, mode(black)?])
}

/// A throw's faces joined by `:` (`3`, `3:1`), as in `roll:` and the FEN.
fn throw_text(faces: &[u8]) -> String {
    let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
    faces.join(":")
}
