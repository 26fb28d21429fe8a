//! Engines that write a promotion with its piece (`promotion=with-move`):
//! in a game whose promotions wait for the throw, such an engine is told
//! `a7a8q` for our `a7a8` ... `promote:q`, and its `a7a8q` is our `a7a8`,
//! its piece kept for when the promotion falls due.

use super::player::GameView;
use crate::rules::action::Action;
use crate::rules::piece::Kind;
use crate::rules::position::Position;
use crate::rules::square::Color;

/// The game's tokens (in the engine's spelling, one per step) with each
/// promotion's piece joined to its move and its `promote:` step left out.
/// A promotion whose piece is not played yet (the engine's own, a leaper
/// choice still between) takes the piece the engine gave, `ahead`.
pub fn join(game: &GameView, tokens: Vec<String>, ahead: Option<Kind>) -> Vec<String> {
    let variant = game.position.variant().clone();
    let start = match game.start_fen {
        Some(f) => Position::from_fen(variant, f).ok(),
        None => Some(Position::startpos(variant)),
    };
    let Some(mut pos) = start else {
        return tokens;
    };
    let mut out: Vec<String> = Vec::with_capacity(tokens.len());
    // Where the move that waits for its piece went in `out`.
    let mut waiting: Option<usize> = None;
    for (step, token) in game.steps.iter().zip(tokens) {
        let Ok(action) = pos.parse_action(&step.token) else {
            out.push(token);
            continue;
        };
        match action {
            Action::Move(m) if !pos.promotions_after_throw(m).is_empty() => {
                waiting = Some(out.len());
                out.push(token);
            }
            Action::Promote(kind) => match waiting.take() {
                Some(i) => out[i].push(pos.variant().letter(Color::Black, kind)),
                None => out.push(token),
            },
            _ => out.push(token),
        }
        if pos.apply(action).is_err() {
            break;
        }
    }
    if let (Some(i), Some(kind)) = (waiting, ahead) {
        out[i].push(pos.variant().letter(Color::Black, kind));
    }
    out
}

/// An answer `a7a8q` that is a promotion waiting for the throw: our move
/// text (`a7a8`) and the piece.
pub fn split(pos: &Position, answer: &str) -> Option<(String, Kind)> {
    let (m, kind) = pos.promotion_ahead(answer)?;
    Some((pos.move_text(m), kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::player::{Step, StepKind};
    use crate::rules::variants;

    #[test]
    fn a_promotion_goes_with_its_piece_and_back() {
        let v = variants::load("carnival").expect("carnival");
        let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 knights=2:1/2:1";
        let mut pos = Position::from_fen(v, fen).expect("fen");
        let knight = pos.variant().kind_of_letter('N');
        assert_eq!(
            split(&pos, "a7a8n"),
            knight.map(|k| ("a7a8".to_string(), k))
        );
        assert_eq!(split(&pos, "e1e2"), None);
        let tokens = ["a7a8", "roll:3:1", "promote:n", "e8f7", "roll:2:1"];
        let mut steps = Vec::new();
        for t in tokens {
            pos.play_action_text(t).expect("legal");
            let kind = if t.contains(':') {
                StepKind::Throw
            } else {
                StepKind::Move
            };
            steps.push(Step {
                token: t.to_string(),
                kind,
                actor: Color::White,
                pips: None,
            });
        }
        let view = GameView {
            variant: "carnival",
            start_fen: Some(fen),
            steps: &steps,
            position: &pos,
        };
        let joined = join(&view, tokens.iter().map(|t| t.to_string()).collect(), None);
        assert_eq!(joined, ["a7a8n", "roll:3:1", "e8f7", "roll:2:1"]);
        // Its own promotion, a leaper choice still to make: the piece it gave.
        let view = GameView {
            steps: &steps[..2],
            ..view
        };
        let knight = pos.variant().kind_of_letter('N');
        let joined = join(&view, vec!["a7a8".into(), "roll:3:1".into()], knight);
        assert_eq!(joined, ["a7a8n", "roll:3:1"]);
    }
}
