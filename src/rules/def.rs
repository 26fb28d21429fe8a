//! A game as its author writes it: the table (`VariantDef`, `PieceDef`,
//! ...) and the reasons a table is refused (`VariantError`). Data only:
//! `compile.rs` validates a table and builds the `Variant` the rules run on.

use crate::rules::betza::BetzaError;
use crate::rules::geometry::GeometryError;
use crate::rules::piece::MAX_KINDS;

/// One piece kind as a variant author writes it.
#[derive(Clone, Debug)]
pub struct PieceDef {
    pub name: String,
    /// White's letter (upper case); Black's is the lower case.
    pub letter: char,
    /// Its moves in Betza notation (docs/betza.md).
    pub betza: String,
    /// Losing it (being checkmated) loses the game.
    pub royal: bool,
    /// Symbols (`Q`, `+Q`) of the kinds it must promote to on reaching
    /// the promotion zone (empty: it never promotes).
    pub promotions: Vec<String>,
    /// Ranks, counted from its own side from 0, where a move ending there
    /// must promote; empty: the variant's `promotion_ranks`.
    pub promotion_must: Vec<u8>,
    /// Ranks where a move ending there may promote or not (Oyster Hunt's
    /// Walrus on its 7th rank), as the mover chooses.
    pub promotion_may: Vec<u8>,
    /// Its initial lame two-square leap can be taken en passant.
    pub ep_victim: bool,
    /// It can capture en passant with its capturing leaps.
    pub ep_capturer: bool,
    /// Letters of the kinds that cannot capture it (Pawn Eaters: pawns
    /// cannot take a Pawn Eater). An extension to Betza, which has no word
    /// for a property of the victim.
    pub immune_to: Vec<char>,
    /// Ranks, counted from its own side, on whose empty squares it may land
    /// instead of moving normally (the Shamanic Rook's jump): an extension
    /// to Betza.
    pub teleport_ranks: Vec<u8>,
    /// On its first move it may instead make two successive legs, each any
    /// move of this Betza string (the Eurofighter pawn: `fmWfcF`).
    pub two_leg_initial: Option<String>,
    /// Written with Fairy-Stockfish's promoted-piece prefix: `+R` (Truffle
    /// Hunt's active pieces beside the inactive `R`).
    pub plus: bool,
    /// Symbols (`S`, `+R`) of pieces its lame leaps may pass over, of
    /// either side; empty: every piece blocks.
    pub lame_passable: Vec<String>,
    /// Its moves reset the fifty-move count (pawns always do).
    pub resets_clock: bool,
    /// Ranks, from its own side, where it may be dropped from the hand.
    pub drop_ranks: Vec<u8>,
    /// Where it goes when captured: the first entry whose capturers
    /// (symbols; empty: any piece) include the capturer. With no entry
    /// that fits it leaves the game.
    pub captured: Vec<(Vec<String>, Fate)>,
}

/// Where a captured piece goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Out of the game.
    Gone,
    /// Into the capturer's hand, as the capturer's piece of its kind.
    CapturersHand,
    /// Back into its owner's hand, as the piece with this symbol.
    OwnersHand(String),
    /// Into the capturer's hand, as its piece with this symbol (a
    /// promoted piece taken back in its first form).
    CapturersHandAs(String),
}

impl PieceDef {
    /// A piece that moves as `betza` and has none of the properties
    /// above.
    pub fn new(name: &str, letter: char, betza: &str) -> PieceDef {
        PieceDef {
            name: name.to_string(),
            letter,
            betza: betza.to_string(),
            royal: false,
            promotions: Vec::new(),
            promotion_must: Vec::new(),
            promotion_may: Vec::new(),
            ep_victim: false,
            ep_capturer: false,
            immune_to: Vec::new(),
            teleport_ranks: Vec::new(),
            two_leg_initial: None,
            plus: false,
            lame_passable: Vec::new(),
            resets_clock: false,
            drop_ranks: Vec::new(),
            captured: Vec::new(),
        }
    }
}

/// A castling move, from White's side of the board ((file, rank) cells).
#[derive(Clone, Debug)]
pub struct CastlingDef {
    pub king_from: (u8, u8),
    pub king_to: (u8, u8),
    pub rook_from: (u8, u8),
    pub rook_to: (u8, u8),
    /// FEN letter for this right (White's, upper case): `K` or `Q`.
    pub fen_letter: char,
    /// The royal piece that castles (`K`; Truffle Hunt's woken `+K`).
    pub king: String,
    /// The piece that castles with it (`R`; Truffle Hunt's `+R`). A piece
    /// that wakes as it (Truffle Hunt's sleeping `R`) keeps the right.
    pub rook: String,
}

/// A mode: another way for some kinds to move, which a throw gives the
/// side that threw (docs/design.md, "The turn and chance model").
#[derive(Clone, Debug)]
pub struct ModeDef {
    /// How FEN and a choice write it (`3:1`).
    pub name: String,
    /// What people call it (`Camel`).
    pub title: String,
    /// The kinds that move otherwise in this mode: (symbol, Betza). Every
    /// other kind moves as its `PieceDef` says.
    pub moves: Vec<(String, String)>,
    /// A side in this mode may castle.
    pub castling: bool,
    /// The two-leg first moves (Eurofighter two-steps) its pieces may make.
    pub two_steps: TwoSteps,
    /// The enemy two-leg first moves its pieces may take en passant (a
    /// plain double step counts as quiet-quiet).
    pub en_passant: TwoSteps,
    /// Kinds that keep their own (`PieceDef`) moves on these ranks,
    /// counted from the owner's side from 0: (symbol, ranks).
    pub own_moves_on: Vec<(String, Vec<u8>)>,
    /// Kinds that *lure*: step to an empty square next to them and, if
    /// enemy pieces threaten it, take one of those from there (Monty
    /// Python's Bishop in drag). Their table moves come on top.
    pub lure: Vec<String>,
    /// The royal piece's court: a piece of this kind on a square next to
    /// its side's royal piece may also move as in that mode (symbol, mode
    /// name).
    pub court: Vec<(String, String)>,
}

impl ModeDef {
    /// A mode that changes the moves of the kinds `moves` names and keeps
    /// every permission: castling, two-steps, en passant.
    pub fn new(name: &str, title: &str, moves: Vec<(String, String)>) -> ModeDef {
        ModeDef {
            name: name.to_string(),
            title: title.to_string(),
            moves,
            castling: true,
            two_steps: TwoSteps::ALL,
            en_passant: TwoSteps::ALL,
            own_moves_on: vec![],
            lure: vec![],
            court: vec![],
        }
    }
}

/// A set of two-leg first moves by what each leg does: a quiet leg (a
/// Eurofighter pawn's straight step) or a capturing one (its diagonal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoSteps(u8);

impl TwoSteps {
    pub const NONE: TwoSteps = TwoSteps(0);
    pub const QUIET_QUIET: TwoSteps = TwoSteps(1);
    pub const QUIET_CAPTURE: TwoSteps = TwoSteps(2);
    pub const CAPTURE_QUIET: TwoSteps = TwoSteps(4);
    pub const CAPTURE_CAPTURE: TwoSteps = TwoSteps(8);
    pub const ALL: TwoSteps = TwoSteps(15);

    /// The one two-step whose legs capture as said.
    pub const fn of(first_captures: bool, second_captures: bool) -> TwoSteps {
        TwoSteps(1 << (first_captures as u8 * 2 + second_captures as u8))
    }

    /// The set as a number below 16 (a hash key's index).
    pub const fn bits(self) -> usize {
        self.0 as usize
    }

    pub const fn with(self, other: TwoSteps) -> TwoSteps {
        TwoSteps(self.0 | other.0)
    }

    /// Whether the set holds the two-step whose legs capture as said.
    pub const fn allows(self, first_captures: bool, second_captures: bool) -> bool {
        self.0 & TwoSteps::of(first_captures, second_captures).0 != 0
    }

    /// Whether the two sets share a two-step.
    pub const fn meets(self, other: TwoSteps) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether some two-step of the set starts with a leg that captures as said.
    pub const fn starts(self, first_captures: bool) -> bool {
        self.allows(first_captures, false) || self.allows(first_captures, true)
    }
}

/// The dice thrown after every move, and what each throw does.
#[derive(Clone, Debug)]
pub struct ChanceDef {
    /// Faces of each die (`[6, 6]`: two six-sided dice).
    pub dice: Vec<u8>,
    /// The dice are told apart: a throw is its faces in the order thrown.
    /// Otherwise a throw is a set of faces, written largest first.
    pub ordered: bool,
    /// FEN's field for each side's mode (`knights=2:1/3:1`).
    pub register: String,
    /// The word of a choice's text (`knight:4:2`).
    pub choice: String,
    /// What each throw does (its faces as above), by mode names: every
    /// throw the dice can make has one entry.
    pub throws: Vec<(Vec<u8>, ThrowEffect)>,
}

/// What a throw does for the side that threw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThrowEffect {
    /// Its mode becomes this one.
    Set(String),
    /// It chooses its mode among these, at once.
    Choose(Vec<String>),
}

/// A hunt (Truffle Hunt's): food counted on each square, a store counted
/// for each side, hunters that throw for food where they end a move, and
/// sleeping pieces woken by paying from the store.
#[derive(Clone, Debug)]
pub struct HuntDef {
    /// FEN's field for the food on each square (`truffles=...`).
    pub food: String,
    /// The word for one unit of it, in words for a person (`truffle`).
    pub unit: String,
    /// FEN's field for the stores (`stores=3/0`).
    pub store: String,
    /// Ranks (from White's side) whose squares start with food.
    pub start_ranks: Vec<u8>,
    pub start_count: u8,
    /// Most a store holds; food found beyond it is lost.
    pub store_max: u8,
    pub hunters: Vec<Hunter>,
    /// Inactive letter and what waking it costs; the active piece is the
    /// same letter with `+`.
    pub activation: Vec<(char, u8)>,
}

/// A piece that hunts: after ending a move on food it throws two dice,
/// the first finds a unit of food, the second (after a find) says whether
/// it eats it there (the food is gone) or keeps it (into the store).
#[derive(Clone, Debug)]
pub struct Hunter {
    pub symbol: String,
    /// How many faces of a six-sided die find (the highest).
    pub finds: u8,
    /// How many faces eat; 0: it never eats, every find is kept.
    pub eats: u8,
}

/// What a position with no legal move means for the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum NoMoveOutcome {
    Draw,
    Loss,
    Win,
}

#[derive(Clone, Debug)]
pub struct VariantDef {
    pub name: String,
    pub width: u8,
    pub height: u8,
    /// Grid cells that are not squares, as (file, rank).
    pub holes: Vec<(u8, u8)>,
    /// Squares that may be entered only by capturing.
    pub capture_only: Vec<(u8, u8)>,
    pub pieces: Vec<PieceDef>,
    pub start_fen: String,
    /// Ranks, counted from White's side, where promotable pieces promote; Black's are mirrored.
    pub promotion_ranks: Vec<u8>,
    /// A promotion is chosen after the throw that follows the move (and
    /// after any choice the throw offers), not with the move: the move
    /// leaves the piece unpromoted on the square until then.
    pub promotion_after_throw: bool,
    pub castling: Vec<CastlingDef>,
    /// Stalemate (no legal move, not in check).
    pub stalemate: NoMoveOutcome,
    /// A side with none of this kind left loses (Pawn Eaters).
    pub extinction: Option<char>,
    /// Captured pieces go to the capturer's hand, which FEN shows in `[...]`.
    pub uses_hands: bool,
    /// The modes a throw may give a side; empty: every piece always moves
    /// as its `PieceDef` says.
    pub modes: Vec<ModeDef>,
    /// The mode each side has before its first throw (a name in `modes`).
    pub start_mode: String,
    /// The dice thrown after every move, if the game has them.
    pub chance: Option<ChanceDef>,
    /// Truffle Hunt's truffles, stores, pigs and activation.
    pub hunt: Option<HuntDef>,
    /// At most this many of these pieces (symbols) per player on squares of
    /// one colour, checked for drops.
    pub drop_limits: Vec<(Vec<String>, u8)>,
    /// Plies without capture or pawn move that draw; 0 for none.
    pub fifty_move_plies: u32,
    /// Occurrences of one position that draw; 0 for none.
    pub repetitions: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    Geometry(GeometryError),
    NoPieces,
    TooManyPieces(usize),
    BadLetter(char),
    DuplicateLetter(char),
    Betza {
        piece: String,
        error: BetzaError,
    },
    UnknownPromotion {
        piece: String,
        symbol: String,
    },
    RoyalPromotion {
        piece: String,
    },
    PromotionRankOffBoard(u8),
    BadCastling(String),
    UnknownExtinctionPiece(char),
    BadStartPosition(String),
    /// More distinct sets of pieces share attack patterns than the
    /// tables hold (the limit).
    TooManyAttackerGroups(usize),
    BadTwoLeg {
        piece: String,
    },
    /// A mode's declaration is wrong (the reason).
    BadMode(String),
    /// A capture fate cannot be: the piece and why.
    BadFate {
        piece: String,
        why: String,
    },
    /// The dice's declaration is wrong (the reason).
    BadChance(String),
    /// The hunt's declaration is wrong (the reason).
    BadHunt(String),
    UnknownSymbol {
        piece: String,
        symbol: String,
    },
    UnknownImmunity {
        piece: String,
        letter: char,
    },
    RoyalImmunity {
        piece: String,
    },
    TeleportRankOffBoard {
        piece: String,
        rank: u8,
    },
}

impl std::fmt::Display for VariantError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariantError::Geometry(e) => write!(f, "board: {e}"),
            VariantError::NoPieces => write!(f, "the variant has no pieces"),
            VariantError::TooManyPieces(n) => {
                write!(f, "{n} piece kinds, at most {MAX_KINDS} are supported")
            }
            VariantError::BadLetter(c) => {
                write!(f, "piece letter '{c}' is not an upper-case ASCII letter")
            }
            VariantError::DuplicateLetter(c) => write!(f, "piece letter '{c}' is used twice"),
            VariantError::Betza { piece, error } => write!(f, "piece {piece}: {error}"),
            VariantError::UnknownPromotion { piece, symbol } => {
                write!(f, "piece {piece} promotes to unknown piece '{symbol}'")
            }
            VariantError::RoyalPromotion { piece } => {
                write!(f, "piece {piece} may not promote to a royal piece")
            }
            VariantError::PromotionRankOffBoard(r) => {
                write!(f, "promotion rank {r} is off the board")
            }
            VariantError::BadCastling(why) => write!(f, "castling: {why}"),
            VariantError::UnknownExtinctionPiece(c) => {
                write!(f, "extinction names unknown piece '{c}'")
            }
            VariantError::BadStartPosition(why) => write!(f, "start position: {why}"),
            VariantError::BadTwoLeg { piece } => {
                write!(
                    f,
                    "piece {piece}: each leg of a two-leg move must be a plain leap"
                )
            }
            VariantError::BadMode(why) => write!(f, "modes: {why}"),
            VariantError::BadFate { piece, why } => {
                write!(f, "piece {piece}: where it goes when captured: {why}")
            }
            VariantError::BadChance(why) => write!(f, "dice: {why}"),
            VariantError::BadHunt(why) => write!(f, "hunt: {why}"),
            VariantError::UnknownSymbol { piece, symbol } => {
                write!(f, "{piece}: '{symbol}' names no piece of this variant")
            }
            VariantError::UnknownImmunity { piece, letter } => {
                write!(f, "piece {piece} is immune to unknown letter '{letter}'")
            }
            VariantError::RoyalImmunity { piece } => {
                write!(f, "royal piece {piece} cannot be immune to capture")
            }
            VariantError::TeleportRankOffBoard { piece, rank } => {
                write!(
                    f,
                    "piece {piece} teleports to rank {rank}, which is off the board"
                )
            }
            VariantError::TooManyAttackerGroups(max) => write!(
                f,
                "more than {max} distinct sets of pieces share attack patterns"
            ),
        }
    }
}

impl std::error::Error for VariantError {}
