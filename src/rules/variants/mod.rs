//! The games menagerie plays, each a `VariantDef` table.

mod armyorientation;
mod butterflyhunt;
mod carnival;
mod chess;
mod dice_chess;
mod food_hunt;
mod hubbub;
mod mining;
mod montypython;
mod multipawn;
mod nuthunt;
mod orientation;
mod oysterhunt;
mod pawneaters;
mod pieceorientation;
mod shrimphunt;
mod truffle;
mod updown;
mod wolf;

use crate::rules::def::{CastlingDef, PieceDef, VariantDef, VariantError};
use crate::rules::variant::Variant;
use std::sync::Arc;

/// The orthodox pawn (double step on its first move, en passant both ways)
/// promoting to the given letters.
pub(in crate::rules) fn orthodox_pawn(promotions: &'static [char]) -> PieceDef {
    PieceDef {
        promotions,
        ep_victim: true,
        ep_capturer: true,
        ..PieceDef::new("pawn", 'P', "fmWfcFifmnD")
    }
}

/// The orthodox army with the given pawn: pawn, knight, bishop, rook,
/// queen and the royal king, in that order.
pub(in crate::rules) fn orthodox_pieces(pawn: PieceDef) -> Vec<PieceDef> {
    vec![
        pawn,
        PieceDef::new("knight", 'N', "N"),
        PieceDef::new("bishop", 'B', "B"),
        PieceDef::new("rook", 'R', "R"),
        PieceDef::new("queen", 'Q', "Q"),
        PieceDef {
            royal: true,
            ..PieceDef::new("king", 'K', "K")
        },
    ]
}

/// Orthodox castling on White's first rank `rank` (grid cells): the king
/// two squares towards either rook, the rook to the square it passed over.
pub(in crate::rules) fn orthodox_castling(
    king_file: u8,
    a_rook_file: u8,
    h_rook_file: u8,
    rank: u8,
) -> Vec<CastlingDef> {
    vec![
        CastlingDef {
            king_from: (king_file, rank),
            king_to: (king_file + 2, rank),
            rook_from: (h_rook_file, rank),
            rook_to: (king_file + 1, rank),
            fen_letter: 'K',
            king: "K",
            rook: "R",
        },
        CastlingDef {
            king_from: (king_file, rank),
            king_to: (king_file - 2, rank),
            rook_from: (a_rook_file, rank),
            rook_to: (king_file - 1, rank),
            fen_letter: 'Q',
            king: "K",
            rook: "R",
        },
    ]
}

/// Names of every built-in variant.
pub const NAMES: &[&str] = &[
    "chess",
    "wolf",
    "hubbub",
    "pawneaters",
    "carnival",
    "carnival-oblique",
    "truffle",
    "updown",
    "multipawn",
    "armyorientation",
    "pieceorientation",
    "montypython",
    "butterflyhunt",
    "mining",
    "shrimphunt",
    "nuthunt",
    "oysterhunt",
];

/// The table of a built-in variant.
pub fn definition(name: &str) -> Option<VariantDef> {
    match name {
        "chess" => Some(chess::definition()),
        "wolf" => Some(wolf::definition()),
        "hubbub" => Some(hubbub::definition()),
        "pawneaters" => Some(pawneaters::definition()),
        "carnival" => Some(carnival::definition(false)),
        "carnival-oblique" => Some(carnival::definition(true)),
        "truffle" => Some(truffle::definition()),
        "updown" => Some(updown::definition()),
        "multipawn" => Some(multipawn::definition()),
        "armyorientation" => Some(armyorientation::definition()),
        "pieceorientation" => Some(pieceorientation::definition()),
        "montypython" => Some(montypython::definition()),
        "butterflyhunt" => Some(butterflyhunt::definition()),
        "mining" => Some(mining::definition()),
        "shrimphunt" => Some(shrimphunt::definition()),
        "nuthunt" => Some(nuthunt::definition()),
        "oysterhunt" => Some(oysterhunt::definition()),
        _ => None,
    }
}

#[derive(Debug)]
pub enum LoadError {
    Unknown(String),
    Invalid(VariantError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unknown(name) => {
                write!(f, "unknown variant '{name}' (known: {})", NAMES.join(", "))
            }
            LoadError::Invalid(e) => write!(f, "invalid variant table: {e}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// A built-in variant, validated and compiled.
pub fn load(name: &str) -> Result<Arc<Variant>, LoadError> {
    let def = definition(name).ok_or_else(|| LoadError::Unknown(name.to_string()))?;
    Variant::load(def).map_err(LoadError::Invalid)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_builtin_variant_validates() {
        for name in super::NAMES {
            if let Err(e) = super::load(name) {
                panic!("{name}: {e}");
            }
        }
    }
}
