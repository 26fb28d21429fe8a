//! A section's settings read into a game's table (`VariantDef`) and
//! compiled: every problem reported with the line of the key it is about.

use crate::rules::def::{VariantDef, VariantError};
use crate::rules::game_text::board_rules::{
    read_board, read_castling, read_drop_limits, read_game_end, read_promotion_ranks, start_cells,
};
use crate::rules::game_text::dice::{read_dice, read_modes};
use crate::rules::game_text::hunt::read_hunt;
use crate::rules::game_text::inherit::{Setting, TEMPLATE};
use crate::rules::game_text::piece_rules::{read_piece_rules, Hands};
use crate::rules::game_text::pieces::{read_army, Army};
use crate::rules::game_text::problem::Problem;
use crate::rules::game_text::reader::Reader;
use crate::rules::game_text::support;
use crate::rules::game_text::values;
use crate::rules::variant::Variant;
use std::sync::Arc;

/// The table a section's settings describe, compiled, or every problem found.
pub fn read_definition(
    name: &str,
    settings: &[Setting],
    file: &str,
    line: usize,
) -> Result<(VariantDef, Arc<Variant>), Vec<Problem>> {
    let mut r = Reader::new(settings, file, line);
    r.family(support::is_ignored);
    r.get(TEMPLATE);
    let board = read_board(&mut r);
    let mut army = read_army(&mut r);
    let start_fen = r.read("startFen", |v| Ok(v.to_string()));
    if start_fen.is_none() {
        r.refuse_section("no startFen: the start position is required".to_string());
    }
    let uses_hands = r.read_or("pieceDrops", false, values::boolean);
    let hands_for_all = r.read_or("capturesToHand", false, values::boolean);
    if hands_for_all && !uses_hands {
        r.refuse_key(
            "capturesToHand",
            "captures go to a hand only with pieceDrops".into(),
        );
    }
    let promotion_ranks = read_promotion_ranks(&mut r, &board);
    let hands = Hands {
        drops: uses_hands,
        captures_to_hand: hands_for_all,
        promotion_ranks: &promotion_ranks,
    };
    read_piece_rules(&mut r, &mut army, board.height, &hands);
    let initial = r.read_or("initialDoubleStep", false, values::boolean);
    if let (Some(fen), false) = (start_fen.as_deref(), initial) {
        check_double_step(&mut r, &army, fen, hands_for_all, board.height);
    }
    let promotion_after_throw = r.read_or("promotionAfterThrow", false, values::boolean);
    let castling = read_castling(&mut r, &board, &army, start_fen.as_deref());
    let end = read_game_end(&mut r, &army);
    let drop_limits = read_drop_limits(&mut r, &army);
    let (modes, start_mode) = read_modes(&mut r, &army, board.height);
    let chance = read_dice(&mut r);
    let hunt = read_hunt(&mut r, &army, board.height);
    let places = Places::new(&r, &army);
    let problems = r.finish();
    if !problems.is_empty() {
        return Err(problems);
    }
    let def = VariantDef {
        name: name.to_string(),
        width: board.width,
        height: board.height,
        holes: board.holes,
        capture_only: board.capture_only,
        pieces: army.pieces,
        start_fen: start_fen.unwrap_or_default(),
        promotion_ranks,
        promotion_after_throw,
        castling,
        stalemate: end.stalemate,
        extinction: end.extinction,
        uses_hands,
        modes,
        start_mode,
        chance,
        hunt,
        drop_limits,
        fifty_move_plies: end.fifty_move_plies,
        repetitions: end.repetitions,
    };
    match Variant::load(def.clone()) {
        Ok(v) => Ok((def, v)),
        Err(e) => Err(vec![places.problem(&e)]),
    }
}

/// Our pawn's double step is an initial move (a pawn that has never
/// moved), Fairy-Stockfish's a move from the 2nd rank: the two agree
/// unless a pawn starts elsewhere or is dropped. There a file must say it
/// wants ours (`initialDoubleStep = true`), else it is refused.
fn check_double_step(r: &mut Reader, army: &Army, fen: &str, to_hand: bool, height: u8) {
    let Some(pawn) = &army.pawn else { return };
    let (white, black) = (pawn.clone(), pawn.to_lowercase());
    let hand = fen
        .split_once('[')
        .map_or("", |(_, h)| h.split(']').next().unwrap_or(""));
    let drops = to_hand || hand.contains(&white) || hand.contains(&black);
    let off_second = start_cells(fen).iter().any(|(row, _, s)| {
        (*s == white && *row as usize + 2 != height as usize) || (*s == black && *row != 1)
    });
    if army.pawn_double_step && (off_second || drops) {
        let why = "a pawn starts off its 2nd rank or is dropped: Fairy-Stockfish's double \
                   step (from the 2nd rank) and ours (a pawn that has not moved) differ; \
                   say initialDoubleStep = true for ours, or doubleStep = false";
        r.refuse_key("doubleStep", why.to_string());
    }
}

/// Where the keys a compile error may be about are written.
struct Places {
    keys: Vec<(&'static str, (String, usize, String))>,
    pieces: Vec<(String, (String, usize))>,
}

impl Places {
    fn new(r: &Reader, army: &Army) -> Places {
        let keys = [
            "maxFile",
            "holes",
            "startFen",
            "promotionPieceTypes",
            "promotionRank",
            "castling",
            "extinctionPieceTypes",
            "dice",
            "hunters",
            "immuneTo",
            "teleportRanks",
            "captureFates",
            "startMode",
            "twoLegFirstMove",
        ];
        Places {
            keys: keys.iter().map(|&k| (k, r.place(k))).collect(),
            pieces: army
                .pieces
                .iter()
                .zip(&army.declared_at)
                .map(|(p, (f, l, _))| (p.name.clone(), (f.clone(), *l)))
                .collect(),
        }
    }

    fn problem(&self, e: &VariantError) -> Problem {
        let key = |k: &str| {
            let (file, line, note) = self
                .keys
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, p)| p.clone())
                .unwrap_or_default();
            // The error may name the key's subject already (`dice: ...`).
            let text = e.to_string();
            let text = text.strip_prefix(&format!("{k}: ")).unwrap_or(&text);
            Problem::at(&file, line, k, format!("{text}{note}"))
        };
        let piece = |name: &str| match self.pieces.iter().find(|(n, _)| n == name) {
            Some((_, (file, line))) => Problem::at(file, *line, "", e.to_string()),
            None => key("startFen"),
        };
        use VariantError as E;
        match e {
            E::Geometry(_) => key("holes"),
            E::BadStartPosition(_) | E::NoPieces | E::TooManyPieces(_) => key("startFen"),
            E::BadLetter(_) | E::DuplicateLetter(_) | E::TooManyAttackerGroups(_) => {
                key("startFen")
            }
            E::Betza { piece: p, .. } | E::UnknownSymbol { piece: p, .. } => piece(p),
            E::UnknownPromotion { .. } | E::RoyalPromotion { .. } => key("promotionPieceTypes"),
            E::PromotionRankOffBoard(_) => key("promotionRank"),
            E::BadCastling(_) => key("castling"),
            E::UnknownExtinctionPiece(_) => key("extinctionPieceTypes"),
            E::BadTwoLeg { .. } => key("twoLegFirstMove"),
            E::BadMode(_) => key("startMode"),
            E::BadFate { .. } => key("captureFates"),
            E::BadChance(_) => key("dice"),
            E::BadHunt(_) => key("hunters"),
            E::UnknownImmunity { .. } | E::RoyalImmunity { .. } => key("immuneTo"),
            E::TeleportRankOffBoard { .. } => key("teleportRanks"),
        }
    }
}
