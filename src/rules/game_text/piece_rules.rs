//! What each piece may have beyond its moves, by letter: its name, being
//! royal, its promotions and where, en passant, a two-leg first move,
//! immunity, teleport ranks, what its lame leaps pass, resetting the move
//! count, where it is dropped and where it goes when captured.

use crate::rules::def::Fate;
use crate::rules::game_text::pieces::{checked_symbols, per_piece_key, pieces_key, Army};
use crate::rules::game_text::reader::Reader;
use crate::rules::game_text::values::{self, symbols};

/// What the game's hands are, for the pieces' drops and fates.
pub struct Hands<'a> {
    pub drops: bool,
    /// Fairy-Stockfish's `capturesToHand`.
    pub captures_to_hand: bool,
    /// The game's promotion ranks (White's), where no pawn is dropped.
    pub promotion_ranks: &'a [u8],
}

pub fn read_piece_rules(r: &mut Reader, army: &mut Army, height: u8, hands: &Hands) {
    for (i, name) in per_piece_key(r, army, "pieceNames") {
        army.pieces[i].name = name.replace('_', " ");
    }
    let royal = pieces_key(r, army, "royalPieces")
        .unwrap_or_else(|| army.king.iter().filter_map(|k| army.find(k)).collect());
    for i in royal {
        army.pieces[i].royal = true;
    }
    read_promotions(r, army, height);
    read_en_passant(r, army);
    for (i, betza) in per_piece_key(r, army, "twoLegFirstMove") {
        army.pieces[i].two_leg_initial = Some(betza);
    }
    for (i, letters) in per_piece_key(r, army, "immuneTo") {
        let list = checked_symbols(r, army, "immuneTo", &letters);
        army.pieces[i].immune_to = list.iter().filter_map(|s| s.chars().last()).collect();
    }
    for (i, ranks) in per_piece_key(r, army, "teleportRanks") {
        if let Some(ranks) = ranks_of(r, "teleportRanks", &ranks, height) {
            army.pieces[i].teleport_ranks = ranks;
        }
    }
    for (i, letters) in per_piece_key(r, army, "lamePassable") {
        army.pieces[i].lame_passable = checked_symbols(r, army, "lamePassable", &letters);
    }
    for i in pieces_key(r, army, "nMoveRuleTypes").unwrap_or_default() {
        army.pieces[i].resets_clock = true;
    }
    read_drop_ranks(r, army, height, hands);
    read_fates(r, army, hands.captures_to_hand);
}

/// `dropRanks`: where each piece may be dropped (`-`: nowhere). A piece
/// it leaves out is dropped as in Fairy-Stockfish: anywhere, but the
/// named pawn neither on its first rank nor where it would promote.
fn read_drop_ranks(r: &mut Reader, army: &mut Army, height: u8, hands: &Hands) {
    let mut said = vec![false; army.pieces.len()];
    for (i, ranks) in per_piece_key(r, army, "dropRanks") {
        said[i] = true;
        if ranks == "-" {
            continue;
        }
        if let Some(ranks) = ranks_of(r, "dropRanks", &ranks, height) {
            army.pieces[i].drop_ranks = ranks;
        }
    }
    if !hands.drops {
        return;
    }
    let pawn = army.pawn.as_deref().and_then(|p| army.find(p));
    for (i, piece) in army
        .pieces
        .iter_mut()
        .enumerate()
        .filter(|(i, _)| !said[*i])
    {
        let barred = |r: &u8| Some(i) == pawn && (*r == 0 || hands.promotion_ranks.contains(r));
        piece.drop_ranks = (0..height).filter(|r| !barred(r)).collect();
    }
}

fn ranks_of(r: &mut Reader, key: &str, text: &str, height: u8) -> Option<Vec<u8>> {
    match values::ranks(text, height) {
        Ok(ranks) => Some(ranks),
        Err(why) => {
            r.refuse_key(key, why);
            None
        }
    }
}

/// Fairy-Stockfish's `promotionPawnTypes` (the named pawn if absent)
/// promote to `promotionPieceTypes`; `piecePromotions` sets a piece's own
/// list; `piecePromotionRanks` and `pieceOptionalPromotionRanks` where it
/// must and may promote (else the game's promotion ranks, must).
fn read_promotions(r: &mut Reader, army: &mut Army, height: u8) {
    let promoters = pieces_key(r, army, "promotionPawnTypes")
        .unwrap_or_else(|| army.pawn.iter().filter_map(|p| army.find(p)).collect());
    let targets = r
        .get("promotionPieceTypes")
        .map(|s| s.value.clone())
        .map(|t| checked_symbols(r, army, "promotionPieceTypes", &t));
    for &i in &promoters {
        if let Some(t) = &targets {
            army.pieces[i].promotions = t.clone();
        }
    }
    for (i, list) in per_piece_key(r, army, "piecePromotions") {
        army.pieces[i].promotions = checked_symbols(r, army, "piecePromotions", &list);
    }
    for (key, optional) in [
        ("piecePromotionRanks", false),
        ("pieceOptionalPromotionRanks", true),
    ] {
        for (i, ranks) in per_piece_key(r, army, key) {
            let Some(ranks) = ranks_of(r, key, &ranks, height) else {
                continue;
            };
            match optional {
                false => army.pieces[i].promotion_must = ranks,
                true => army.pieces[i].promotion_may = ranks,
            }
        }
    }
}

/// Fairy-Stockfish's `enPassantTypes` (who takes en passant) and our
/// `enPassantVictims` (whose double step may be taken): the named pawn if
/// absent.
fn read_en_passant(r: &mut Reader, army: &mut Army) {
    let pawn: Vec<usize> = army.pawn.iter().filter_map(|p| army.find(p)).collect();
    let takers = pieces_key(r, army, "enPassantTypes").unwrap_or_else(|| pawn.clone());
    let victims = pieces_key(r, army, "enPassantVictims").unwrap_or(pawn);
    for i in takers {
        army.pieces[i].ep_capturer = true;
    }
    for i in victims {
        army.pieces[i].ep_victim = true;
    }
}

/// `captureFates = s:hand g:hand(w) +q:home(q)@sh`: where a captured piece
/// goes (`gone`, the capturer's hand as itself or as another piece, back
/// to its owner's hand as a piece), by the capturers after `@` or any.
/// `capturesToHand` (Fairy-Stockfish's) gives every other piece `hand`.
fn read_fates(r: &mut Reader, army: &mut Army, hands_for_all: bool) {
    let said = per_piece_key(r, army, "captureFates");
    if hands_for_all {
        for p in army.pieces.iter_mut() {
            p.captured = vec![(Vec::new(), Fate::CapturersHand)];
        }
    }
    for (i, text) in said {
        match fate(&text) {
            Ok((fate, by)) => {
                let by = checked_symbols(r, army, "captureFates", &by);
                if let Some(s) = fate_symbol(&fate).filter(|s| army.find(s).is_none()) {
                    r.refuse_key("captureFates", format!("{s} names no piece of this game"));
                    continue;
                }
                army.pieces[i].captured = vec![(by, fate)];
            }
            Err(why) => r.refuse_key("captureFates", why),
        }
    }
}

fn fate_symbol(fate: &Fate) -> Option<&str> {
    match fate {
        Fate::OwnersHand(s) | Fate::CapturersHandAs(s) => Some(s),
        _ => None,
    }
}

/// One fate and the capturers' letters it is for (empty: any).
fn fate(text: &str) -> Result<(Fate, String), String> {
    let (what, by) = text.split_once('@').unwrap_or((text, ""));
    let inner = |word: &str| {
        what.strip_prefix(word)
            .and_then(|t| t.strip_prefix('('))
            .and_then(|t| t.strip_suffix(')'))
            .map(values::symbol)
    };
    let fate = match what {
        "gone" => Fate::Gone,
        "hand" => Fate::CapturersHand,
        _ => match (inner("hand"), inner("home")) {
            (Some(s), _) => Fate::CapturersHandAs(s?),
            (_, Some(s)) => Fate::OwnersHand(s?),
            _ => {
                return Err(format!(
                    "'{what}' is not a fate: gone, hand, hand(x) or home(x)"
                ))
            }
        },
    };
    symbols(by)?;
    Ok((fate, by.to_string()))
}
