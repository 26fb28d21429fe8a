//! Fairy-Stockfish's named pieces, which a file declares by name and
//! letter (`knight = n`): each name's moves in our Betza. Names whose
//! moves our Betza cannot say (hoppers, the Xiangqi and Janggi pieces
//! bound to palaces and rivers) are refused by name.

/// (key, Betza, what people call it).
pub const NAMED_PIECES: &[(&str, &str, &str)] = &[
    ("pawn", "fmWfcF", "pawn"),
    ("knight", "N", "knight"),
    ("bishop", "B", "bishop"),
    ("rook", "R", "rook"),
    ("queen", "Q", "queen"),
    ("king", "K", "king"),
    ("fers", "F", "ferz"),
    ("alfil", "A", "alfil"),
    ("fersAlfil", "FA", "ferz-alfil"),
    ("silver", "FfW", "silver general"),
    ("aiwok", "RNF", "ai-wok"),
    ("bers", "RF", "dragon king"),
    ("archbishop", "BN", "archbishop"),
    ("chancellor", "RN", "chancellor"),
    ("amazon", "QN", "amazon"),
    ("knibis", "mNcB", "knibis"),
    ("biskni", "mBcN", "biskni"),
    ("kniroo", "mNcR", "kniroo"),
    ("rookni", "mRcN", "rookni"),
    ("shogiPawn", "fW", "shogi pawn"),
    ("lance", "fR", "lance"),
    ("shogiKnight", "ffN", "shogi knight"),
    ("gold", "WfF", "gold general"),
    ("dragonHorse", "BW", "dragon horse"),
    ("clobber", "cW", "clobber"),
    ("breakthrough", "fmWfF", "breakthrough piece"),
    ("immobile", "", "immobile piece"),
    ("wazir", "W", "wazir"),
    ("commoner", "K", "commoner"),
    ("centaur", "KN", "centaur"),
    ("horse", "nN", "horse"),
    ("elephant", "nA", "elephant"),
    ("soldier", "fsW", "soldier"),
];

/// Fairy-Stockfish's named pieces we cannot play, with the reason.
pub const REFUSED_PIECES: &[(&str, &str)] = &[
    ("cannon", "a hopper (captures by jumping a screen)"),
    ("janggiCannon", "a hopper"),
    ("banner", "a hopper"),
    ("janggiElephant", "a lame leaper of two legs"),
    (
        "euroshogiKnight",
        "not in our table of named pieces; use customPiece with its Betza",
    ),
];

/// The Betza and the name of a named piece.
pub fn named(key: &str) -> Option<(&'static str, &'static str)> {
    NAMED_PIECES
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|&(_, betza, name)| (betza, name))
}

/// The reason a named piece is refused, if it is one we refuse.
pub fn refused(key: &str) -> Option<&'static str> {
    REFUSED_PIECES
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, why)| *why)
}

/// Whether the key is `customPiece1` to `customPiece25`.
pub fn is_custom(key: &str) -> bool {
    key.strip_prefix("customPiece")
        .and_then(|n| n.parse::<u8>().ok())
        .is_some_and(|n| (1..=25).contains(&n))
}
