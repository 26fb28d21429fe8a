//! The Shogi, Xiangqi and Makruk forms of the chess pieces that Piece and
//! Army Orientation Chess use: each piece moves as the one standing on its
//! starting square in that game (docs/rules/pieceorientation.md).

/// The six types in die order (1 Pawn ... 6 King).
pub(super) const TYPES: [&str; 6] = ["P", "R", "N", "B", "Q", "K"];

/// Columns of `FORMS`.
pub(super) const SHOGI: usize = 0;
pub(super) const XIANGQI: usize = 1;
pub(super) const MAKRUK: usize = 2;

/// Per type: its Shogi, Xiangqi and Makruk moves (Betza; `n`: lame, as
/// Xiangqi's Horse and Elephant; forward is the owner's).
const FORMS: [[&str; 3]; 6] = [
    ["fW", "fW", "fmWfcF"],
    ["fR", "R", "R"],
    ["ffN", "nN", "N"],
    ["FfW", "nA", "FfW"],
    ["WfF", "F", "K"],
    ["K", "W", "F"],
];

/// The moves of `kind` as the union of its forms in `games` (a direction
/// free in one and lame in another is free: both atoms are kept).
pub(super) fn union(kind: &str, games: &[usize]) -> String {
    let t = TYPES.iter().position(|&k| k == kind).unwrap_or(0);
    let mut parts: Vec<&str> = Vec::new();
    for &g in games {
        if !parts.contains(&FORMS[t][g]) {
            parts.push(FORMS[t][g]);
        }
    }
    // Written one after the other, `fR` and `R` would read `fRR`, a
    // doubled letter (a rider): put the part that starts with it first.
    if let [a, b] = parts[..] {
        if a.ends_with(&b[..1]) {
            return format!("{b}{a}");
        }
    }
    parts.concat()
}

/// Kinds that keep their chess moves on the enemy back rank, where Shogi's
/// moves "cannot be applied".
pub(super) fn shogi_back_rank(kinds: &[&'static str]) -> Vec<(&'static str, &'static [u8])> {
    kinds.iter().map(|&k| (k, &[7u8][..])).collect()
}
