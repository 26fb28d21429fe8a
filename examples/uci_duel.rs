//! A match referee: two UCI engines play games of one variant; the referee
//! keeps the rules with the menagerie core, throws the dice (two real dice
//! mapped to outcomes by `Position::outcome_of_pips`, as the protocol
//! specifies), asks each engine for its moves and choices, and reports the
//! first engine's wins, draws and losses.
//!
//! cargo run --release --example uci_duel -- VARIANT GAMES ENGINE_A "GO_A" ENGINE_B "GO_B" [SEED] [OPENING_PLIES]
//!
//! Games go in pairs from one random opening (OPENING_PLIES random moves,
//! default 4) and one dice seed, A playing White in the first and Black in
//! the second. Games longer than 400 moves are drawn.

use menagerie::dice::DiceRoller;
use menagerie::rules::outcome::Outcome;
use menagerie::rules::position::{Pending, Position};
use menagerie::rules::square::Color;
use menagerie::rules::variants;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const MAX_MOVES: u32 = 400;

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    go: String,
}

impl Engine {
    fn start(path: &str, variant: &str, go: &str) -> Engine {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut e = Engine {
            child,
            input,
            output,
            go: go.to_string(),
        };
        e.send("uci");
        e.wait_for("uciok");
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        e.send("isready");
        e.wait_for("readyok");
        e
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("engine closed its input");
        self.input.flush().unwrap();
    }

    fn wait_for(&mut self, word: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).unwrap_or(0) == 0 {
                panic!("engine ended while we waited for {word}");
            }
            if line.split_whitespace().next() == Some(word) {
                return line.trim().to_string();
            }
        }
    }

    /// The engine's action for the game so far.
    fn think(&mut self, tokens: &[String]) -> String {
        if tokens.is_empty() {
            self.send("position startpos");
        } else {
            self.send(&format!("position startpos moves {}", tokens.join(" ")));
        }
        self.send(&format!("go {}", self.go));
        let line = self.wait_for("bestmove");
        line.split_whitespace().nth(1).unwrap_or("").to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// Plays one game; returns the result for White (1, 0.5, 0) and the text.
fn play(variant: &str, engines: &mut [Engine; 2], opening: &[String], seed: u64) -> (f64, String) {
    let v = variants::load(variant).expect("unknown variant");
    let mut pos = Position::startpos(v);
    let mut tokens: Vec<String> = Vec::new();
    for t in opening {
        pos.play_action_text(t).unwrap();
        tokens.push(t.clone());
    }
    let mut dice = DiceRoller::new(seed);
    loop {
        let (action, who) = match pos.pending() {
            Pending::Roll | Pending::Find(_) => {
                let pips = [dice.die(6), dice.die(6)];
                (pos.outcome_of_pips(&pips).unwrap(), None)
            }
            pending => {
                if pending == Pending::Nothing {
                    if let Some(o) = pos.outcome() {
                        let mut text = format!("{o:?} after {} moves", pos.fullmove_number());
                        if std::env::var_os("DUEL_VERBOSE").is_some() {
                            text = format!("{text}: {}", tokens.join(" "));
                        }
                        return match o {
                            Outcome::Win(Color::White, _) => (1.0, text),
                            Outcome::Win(Color::Black, _) => (0.0, text),
                            Outcome::Draw(_) => (0.5, text),
                        };
                    }
                    if pos.fullmove_number() > MAX_MOVES {
                        return (0.5, "move limit".to_string());
                    }
                }
                let actor = match pending {
                    Pending::Nothing => pos.side_to_move(),
                    _ => pos.side_to_move().opposite(),
                };
                let text = engines[actor.index()].think(&tokens);
                match pos.parse_action(&text) {
                    Ok(a) => (a, Some(actor)),
                    Err(e) => {
                        let score = if actor == Color::White { 0.0 } else { 1.0 };
                        return (score, format!("{} played '{text}': {e}", actor.name()));
                    }
                }
            }
        };
        let text = pos.action_text(action);
        if let Err(e) = pos.apply(action) {
            let score = match who {
                Some(Color::White) => 0.0,
                Some(Color::Black) => 1.0,
                None => 0.5,
            };
            return (score, format!("'{text}' failed: {e}"));
        }
        tokens.push(text);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 7 {
        eprintln!(
            "usage: uci_duel VARIANT GAMES ENGINE_A GO_A ENGINE_B GO_B [SEED] [OPENING_PLIES]"
        );
        std::process::exit(2);
    }
    let variant = &args[1];
    let games: u32 = args[2].parse().expect("GAMES");
    let (a, go_a, b, go_b) = (&args[3], &args[4], &args[5], &args[6]);
    let seed: u64 = args.get(7).map(|s| s.parse().expect("SEED")).unwrap_or(1);
    let opening_plies: u32 = args.get(8).map(|s| s.parse().expect("PLIES")).unwrap_or(4);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for g in 0..games {
        let pair = seed * 1000 + (g / 2) as u64;
        // The opening: random moves (and choices), dice thrown from the seed.
        let v = variants::load(variant).expect("unknown variant");
        let mut roller = DiceRoller::new(pair ^ 0x5eed);
        let mut pos = Position::startpos(v);
        let mut opening = Vec::new();
        let mut moves = 0;
        while moves < opening_plies && pos.outcome().is_none() {
            let action = match pos.pending() {
                Pending::Roll | Pending::Find(_) => pos
                    .outcome_of_pips(&[roller.die(6), roller.die(6)])
                    .unwrap(),
                pending => {
                    let actions = pos.legal_actions();
                    if actions.is_empty() {
                        break;
                    }
                    if pending == Pending::Nothing {
                        moves += 1;
                    }
                    actions[roller.below(actions.len())]
                }
            };
            opening.push(pos.action_text(action));
            pos.apply(action).unwrap();
        }
        let a_white = g % 2 == 0;
        let (white, black) = if a_white {
            ((a, go_a), (b, go_b))
        } else {
            ((b, go_b), (a, go_a))
        };
        let mut engines = [
            Engine::start(white.0, variant, white.1),
            Engine::start(black.0, variant, black.1),
        ];
        let (white_score, how) = play(variant, &mut engines, &opening, pair);
        let a_score = if a_white {
            white_score
        } else {
            1.0 - white_score
        };
        match a_score {
            s if s > 0.75 => wins += 1,
            s if s < 0.25 => losses += 1,
            _ => draws += 1,
        }
        println!(
            "game {} {variant} A as {}: A scores {a_score} ({how})",
            g + 1,
            if a_white { "white" } else { "black" }
        );
    }
    println!("{variant}: A +{wins} ={draws} -{losses} of {games}");
}
