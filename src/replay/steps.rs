//! Replays a game in the project's own PGN form, as the referee
//! (`referee::pgn::write`) and the browser board (`gui::record::write`)
//! write it: a game whose `Event` tag starts with `menagerie `. Its tokens
//! are the rules core's action texts (`e2e4`, `e2e3,e3e4`, `P@e4`,
//! `roll:6:4`, `knight:4:2`, `find:keep`, `activate:e1`, `promote:q`),
//! every throw and choice after the move it follows, so nothing is
//! inferred: each token is played as it stands. `[Variant]` is our name of
//! the game (none: chess), `[FEN]` our FEN (none: the game's start).
//!
//! With a `[DiceSeed]` tag (the board's) every throw must be the one that
//! seed throws there, `dice::thrown`, as the board throws; without it (the
//! referee throws from its match's own stream) a throw need only be legal.
//! A mismatch's ply counts moves: a move's token is its own ply, a throw's
//! or choice's the ply of the move it follows.
//!
//! The end: a result stands when it is the rules' end, or the
//! `Termination` tag names an end other than `normal` (the clock, an
//! adjudication, an illegal move, a crash), or, where the rules see no
//! end, the comment before it gives a reason outside them (a resignation,
//! which the referee writes as `normal`); `*` always stands.

use super::pgn::{PgnGame, PgnResult};
use super::verdict::{accept_unreached, outcome_text, result_of, Mismatch, Problem};
use super::{results_agree, written_result, GameError, GameReport, Replayed};
use crate::dice::thrown;
use crate::rules::action::Action;
use crate::rules::position::{Pending, Position};
use crate::rules::variants;

/// Whether a game is in the project's form: the referee's `Event` is
/// `menagerie match`, the board's `menagerie board`.
pub fn is_ours(game: &PgnGame) -> bool {
    game.tag("Event")
        .is_some_and(|e| e.starts_with("menagerie "))
}

/// Replays one game in the project's form.
pub fn replay_game(number: usize, game: &PgnGame) -> GameReport {
    let variant = game.tag("Variant").unwrap_or("chess").to_string();
    let result = written_result(game);
    let (plies, outcome) = match Walk::start(game, &variant) {
        Ok(mut walk) => {
            let outcome = walk.replay(game, result);
            (walk.moves, outcome)
        }
        Err(e) => (0, Err(e)),
    };
    GameReport {
        number,
        variant,
        plies,
        result,
        outcome,
    }
}

/// The game as played so far.
struct Walk {
    pos: Position,
    seed: Option<u64>,
    moves: usize,
    throws: usize,
    choices: usize,
}

impl Walk {
    fn start(game: &PgnGame, variant: &str) -> Result<Walk, GameError> {
        let setup = GameError::Setup;
        let v = variants::load(variant).map_err(|e| setup(e.to_string()))?;
        let pos = match game.tag("FEN") {
            Some(fen) => Position::from_fen(v, fen)
                .map_err(|e| setup(format!("could not read the FEN '{fen}': {e}")))?,
            None => Position::startpos(v),
        };
        let seed = match game.tag("DiceSeed") {
            None => None,
            Some(s) => Some(
                s.trim()
                    .parse()
                    .map_err(|_| setup(format!("the DiceSeed tag '{s}' is not a number")))?,
            ),
        };
        results_agree(game)?;
        Ok(Walk {
            pos,
            seed,
            moves: 0,
            throws: 0,
            choices: 0,
        })
    }

    /// Plays every token, then holds the result to the rules.
    fn replay(&mut self, game: &PgnGame, result: PgnResult) -> Result<Replayed, GameError> {
        for token in &game.moves {
            self.play(token).map_err(GameError::Mismatch)?;
        }
        let ending = self.end(game, result).map_err(|problem| {
            GameError::Mismatch(Mismatch {
                ply: self.moves,
                token: None,
                problem,
            })
        })?;
        Ok(Replayed {
            throws: self.throws,
            choices: self.choices,
            ending,
            own_form_seeded: Some(self.seed.is_some()),
            ..Replayed::default()
        })
    }

    fn play(&mut self, token: &str) -> Result<(), Mismatch> {
        let pending = self.pos.pending();
        let ply = self.moves + usize::from(pending == Pending::Nothing);
        self.step(token, pending).map_err(|problem| Mismatch {
            ply,
            token: Some(token.to_string()),
            problem,
        })
    }

    fn step(&mut self, token: &str, pending: Pending) -> Result<(), Problem> {
        // The referee and the board stop where the rules end the game.
        if pending == Pending::Nothing {
            if let Some(o) = self.pos.outcome() {
                return Err(Problem::MoveAfterEnd(o));
            }
        }
        let waits = waits_for(pending);
        let refused = |error| Problem::Refused { error, waits };
        let action = self.pos.parse_action(token).map_err(refused)?;
        self.check_seed(pending, action)?;
        self.pos.apply(action).map_err(refused)?;
        match action {
            Action::Move(_) => self.moves += 1,
            Action::Roll(..) | Action::Find(_) => self.throws += 1,
            _ => self.choices += 1,
        }
        Ok(())
    }

    /// With a seed, a throw due must be the seed's, the one the board
    /// threw (it throws `thrown` at the steps played, `pos.ply()`).
    fn check_seed(&self, pending: Pending, action: Action) -> Result<(), Problem> {
        let is_throw = matches!(action, Action::Roll(..) | Action::Find(_));
        let Some(seed) = self.seed.filter(|_| pending.is_chance() && is_throw) else {
            return Ok(());
        };
        match thrown(seed, &self.pos, self.pos.ply()) {
            Some(t) if t == action => Ok(()),
            Some(t) => Err(Problem::OtherThrow {
                seed,
                thrown: self.pos.action_text(t),
            }),
            None => Err(Problem::NoThrow),
        }
    }

    /// How the game ended (the rules' verdict or the PGN's reason), if the
    /// written result may stand.
    fn end(&self, game: &PgnGame, result: PgnResult) -> Result<String, Problem> {
        let reason = game.reason.as_deref();
        // The rules judge a game only between moves.
        let rules = match self.pos.pending() {
            Pending::Nothing => self.pos.outcome(),
            _ => None,
        };
        if let Some(o) = rules {
            if result == PgnResult::Unfinished || result_of(o) == result {
                return Ok(outcome_text(o));
            }
        }
        if result == PgnResult::Unfinished {
            return Ok(reason.unwrap_or("unfinished").to_string());
        }
        // The clock, an adjudication, a crash, an illegal move: the
        // written result stands whatever the rules see.
        if let Some(termination) = ended_otherwise(game) {
            return Ok(reason.unwrap_or(termination).to_string());
        }
        match rules {
            Some(o) => Err(Problem::WrongResult {
                rules: o,
                pgn: result,
            }),
            // The referee writes a resignation as a normal end.
            None => accept_unreached(result, reason).map(|()| reason.unwrap_or("").to_string()),
        }
    }
}

/// The `Termination` tag when it names an end other than `normal`.
fn ended_otherwise(game: &PgnGame) -> Option<&str> {
    game.tag("Termination")
        .map(str::trim)
        .filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("normal"))
}

/// What a game waits for, for the words of a token it refuses.
fn waits_for(pending: Pending) -> &'static str {
    match pending {
        Pending::Nothing => "a move",
        Pending::Roll => "a throw of the dice (roll:...)",
        Pending::Find(_) => "a hunter's throw (find:...)",
        Pending::Choose(..) => "a choice of mode",
        Pending::Activate => "a waking (activate:SQUARE or activate:done)",
        Pending::Promote(_) => "the promotion's piece (promote:...)",
    }
}

#[cfg(test)]
mod tests {
    use super::super::{replay_pgn, Options};
    use super::*;
    use crate::referee::game::{GameRecord, Score, Termination};
    use crate::referee::player::{Step, StepKind};
    use crate::rules::square::Color;

    /// A Carnival game of `moves`, each followed by the throw `seed`
    /// throws there (`wrong`: the throw with that index, from 0, another
    /// legal one) and the first option of any choice.
    fn carnival(seed: u64, moves: &[&str], wrong: Option<usize>) -> Vec<Step> {
        let mut pos = Position::startpos(variants::load("carnival").unwrap());
        let mut steps = Vec::new();
        let mut throws = 0;
        for mv in moves {
            let action = pos.parse_action(mv).unwrap();
            push(&mut pos, &mut steps, action);
            while pos.pending() != Pending::Nothing {
                let action = if pos.pending().is_chance() {
                    let mut t = thrown(seed, &pos, pos.ply()).unwrap();
                    if wrong == Some(throws) {
                        let mut others = pos.chance_outcomes().into_iter().map(|(a, _)| a);
                        t = others.find(|&a| a != t).unwrap();
                    }
                    throws += 1;
                    t
                } else {
                    pos.choice_actions()[0]
                };
                push(&mut pos, &mut steps, action);
            }
        }
        steps
    }

    fn push(pos: &mut Position, steps: &mut Vec<Step>, action: Action) {
        let (kind, actor) = match action {
            Action::Move(_) => (StepKind::Move, pos.side_to_move()),
            Action::Roll(..) | Action::Find(_) => (StepKind::Throw, pos.side_to_move().opposite()),
            _ => (StepKind::Choice, pos.side_to_move().opposite()),
        };
        let token = pos.action_text(action);
        pos.apply(action).unwrap();
        steps.push(Step {
            token,
            kind,
            actor,
            pips: None,
        });
    }

    const MOVES: [&str; 8] = [
        "e2e3,e3e4",
        "e7e6",
        "d2d3",
        "d7d6,d6d5",
        "f1e2",
        "f8e7",
        "c2c3",
        "c7c6",
    ];

    /// A PGN of `tokens` with the tags given, the reason and the result.
    fn pgn(tags: &[(&str, &str)], tokens: &[&str], reason: Option<&str>, result: &str) -> String {
        let mut text: String = tags
            .iter()
            .map(|(k, v)| format!("[{k} \"{v}\"]\n"))
            .collect();
        text.push_str(&format!("[Result \"{result}\"]\n\n1. {}", tokens.join(" ")));
        if let Some(r) = reason {
            text.push_str(&format!(" {{{r}}}"));
        }
        text.push_str(&format!(" {result}\n"));
        text
    }

    fn board_game(steps: &[Step], seed: &str) -> String {
        let tokens: Vec<&str> = steps.iter().map(|s| s.token.as_str()).collect();
        let tags = [
            ("Event", "menagerie board"),
            ("Variant", "carnival"),
            ("DiceSeed", seed),
            ("Termination", "unterminated"),
        ];
        pgn(&tags, &tokens, None, "*")
    }

    fn replay_one(text: &str) -> GameReport {
        let mut reports = replay_pgn(text, &Options::default()).unwrap();
        assert_eq!(reports.len(), 1);
        reports.remove(0)
    }

    fn mismatch(r: &GameReport) -> &Mismatch {
        match &r.outcome {
            Err(GameError::Mismatch(m)) => m,
            other => panic!("not a mismatch: {other:?}"),
        }
    }

    #[test]
    fn the_projects_games_are_told_by_their_event() {
        let event = |e: &str| PgnGame {
            tags: vec![("Event".to_string(), e.to_string())],
            ..PgnGame::default()
        };
        assert!(is_ours(&event("menagerie match")));
        assert!(is_ours(&event("menagerie board")));
        assert!(!is_ours(&event("menageries")));
        assert!(!is_ours(&event("Computer Chess Game")));
        assert!(!is_ours(&PgnGame::default()));
    }

    #[test]
    fn a_board_game_with_its_seeds_throws_replays() {
        let steps = carnival(42, &MOVES, None);
        let count = |k: StepKind| steps.iter().filter(|s| s.kind == k).count();
        let r = replay_one(&board_game(&steps, "42"));
        assert!(r.is_ok(), "{}", r.line());
        assert_eq!(r.plies, MOVES.len());
        let replayed = r.outcome.as_ref().unwrap();
        assert_eq!(replayed.throws, count(StepKind::Throw));
        assert_eq!(replayed.throws, MOVES.len());
        assert_eq!(replayed.choices, count(StepKind::Choice));
        assert_eq!(replayed.inferred, 0);
        assert_eq!(replayed.ending, "unfinished");
        assert!(r
            .line()
            .starts_with("game 1 (carnival): ok, 8 plies, 8 throws"));
        // Another seed threw other dice.
        assert!(!replay_one(&board_game(&steps, "43")).is_ok());
    }

    #[test]
    fn a_throw_the_seed_did_not_throw_is_refused() {
        let right = carnival(42, &MOVES, None);
        let wrong = carnival(42, &MOVES, Some(2));
        let i = (0..wrong.len())
            .find(|&i| wrong[i].token != right[i].token)
            .unwrap();
        assert_eq!(wrong[i].kind, StepKind::Throw);
        let r = replay_one(&board_game(&wrong, "42"));
        let m = mismatch(&r);
        // The third throw follows the third move.
        assert_eq!(m.ply, 3);
        assert_eq!(m.token.as_deref(), Some(wrong[i].token.as_str()));
        let problem = Problem::OtherThrow {
            seed: 42,
            thrown: right[i].token.clone(),
        };
        assert_eq!(m.problem, problem);
        let line = r.line();
        let said = format!(
            "ply 3 '{}': DiceSeed 42 throws {}",
            wrong[i].token, right[i].token
        );
        assert!(line.contains(&said), "{line}");
    }

    #[test]
    fn an_illegal_step_is_refused() {
        let tags = [("Event", "menagerie match"), ("Variant", "chess")];
        let r = replay_one(&pgn(&tags, &["e2e4", "e7e5", "e4e5"], None, "*"));
        let m = mismatch(&r);
        assert_eq!((m.ply, m.token.as_deref()), (3, Some("e4e5")));
        assert!(matches!(m.problem, Problem::Refused { .. }), "{}", r.line());
        // A move where Carnival's throw is due: at the first move's throw.
        let tags = [("Event", "menagerie match"), ("Variant", "carnival")];
        let r = replay_one(&pgn(&tags, &["e2e3", "e7e6"], None, "*"));
        let m = mismatch(&r);
        assert_eq!((m.ply, m.token.as_deref()), (1, Some("e7e6")));
        assert!(r.line().contains("waits for a throw"), "{}", r.line());
        // A token that is no step at all.
        let r = replay_one(&pgn(&tags, &["e2e3", "roll:9:9"], None, "*"));
        assert_eq!(mismatch(&r).ply, 1);
    }

    const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

    fn chess(tokens: &[&str], termination: &str, reason: Option<&str>, result: &str) -> String {
        let tags = [
            ("Event", "menagerie match"),
            ("Variant", "chess"),
            ("Termination", termination),
        ];
        pgn(&tags, tokens, reason, result)
    }

    #[test]
    fn a_mate_must_have_its_result() {
        let r = replay_one(&chess(&FOOLS_MATE, "normal", Some("Black mates"), "0-1"));
        assert!(r.is_ok(), "{}", r.line());
        assert_eq!(r.plies, 4);
        assert!(r.line().contains("result 0-1 (black wins by checkmate)"));
        let r = replay_one(&chess(&FOOLS_MATE, "normal", None, "1-0"));
        let m = mismatch(&r);
        assert_eq!((m.ply, m.token.as_deref()), (4, None));
        assert!(matches!(m.problem, Problem::WrongResult { .. }));
        // A Termination naming an end outside the rules lets it stand.
        assert!(replay_one(&chess(&FOOLS_MATE, "time forfeit", None, "1-0")).is_ok());
        // No move after the end.
        let after: Vec<&str> = FOOLS_MATE.iter().copied().chain(["a2a3"]).collect();
        let r = replay_one(&chess(&after, "normal", None, "0-1"));
        let m = mismatch(&r);
        assert_eq!((m.ply, m.token.as_deref()), (5, Some("a2a3")));
        assert!(matches!(m.problem, Problem::MoveAfterEnd(_)));
    }

    #[test]
    fn a_result_the_rules_do_not_reach_needs_a_reason() {
        let two = ["e2e4", "e7e5"];
        let r = replay_one(&chess(&two, "normal", None, "1-0"));
        assert!(matches!(mismatch(&r).problem, Problem::Unreached { .. }));
        let r = replay_one(&chess(&two, "normal", None, "1/2-1/2"));
        assert!(matches!(mismatch(&r).problem, Problem::Unreached { .. }));
        // The referee writes a resignation as a normal end.
        let resigned = Some("Black (b) resigned");
        assert!(replay_one(&chess(&two, "normal", resigned, "1-0")).is_ok());
        for t in [
            "time forfeit",
            "adjudication",
            "abandoned",
            "rules infraction",
        ] {
            assert!(replay_one(&chess(&two, t, None, "0-1")).is_ok(), "{t}");
        }
        assert!(replay_one(&chess(&two, "unterminated", None, "*")).is_ok());
    }

    #[test]
    fn a_referee_game_replays_without_a_seed() {
        // The referee throws from its own stream: any legal throws.
        let steps = carnival(7, &MOVES, Some(1));
        let g = GameRecord {
            index: 0,
            pair: 0,
            names: ["a".to_string(), "b".to_string()],
            white_engine: 0,
            start_fen: None,
            start_side: Color::White,
            start_fullmove: 1,
            opening_len: 4,
            steps: steps.clone(),
            score: Score::Draw,
            termination: Termination::Adjudication,
            reason: "draw by adjudication after 8 moves".to_string(),
            final_fen: String::new(),
        };
        let text = crate::referee::pgn::write(&g, "carnival", &[]);
        let r = replay_one(&text);
        assert!(r.is_ok(), "{}", r.line());
        assert_eq!(r.plies, MOVES.len());
        let replayed = r.outcome.as_ref().unwrap();
        assert_eq!(replayed.throws, MOVES.len());
        assert_eq!(replayed.ending, "draw by adjudication after 8 moves");
        // The same game from a FEN: the start after its first two moves.
        let mut pos = Position::startpos(variants::load("carnival").unwrap());
        let moves = steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == StepKind::Move);
        let third = moves.map(|(i, _)| i).nth(2).unwrap();
        for s in &steps[..third] {
            pos.play_action_text(&s.token).unwrap();
        }
        let g = GameRecord {
            start_fen: Some(pos.to_fen()),
            opening_len: 0,
            steps: steps[third..].to_vec(),
            ..g
        };
        let r = replay_one(&crate::referee::pgn::write(&g, "carnival", &[]));
        assert!(r.is_ok(), "{}", r.line());
        assert_eq!(r.plies, MOVES.len() - 2);
    }
}
