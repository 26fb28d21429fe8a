//! One XBoard session: the game, who plays which side, the clocks, and
//! the dice conversation. Commands arrive one by one from the loop in
//! `mod.rs`; so do the results of searches, tagged with a serial number so
//! that a result the game no longer wants is dropped.

use super::clock::{report_centiseconds, EngineClock};
use super::dialect::Dialect;
use super::highlight;
use super::notes;
use super::title::title_of;
use super::Event;
use crate::engine::Engine;
use crate::replies::{say, Output};
use crate::rules::notation::two_leg_ends;
use crate::rules::outcome::{Ending, Outcome};
use crate::rules::position::{Pending, Position};
use crate::rules::square::{Color, Square};
use crate::rules::variants;
use crate::search::limits::{DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD};
use crate::search::{mate_in_moves, Limits};
use engine_protocol::{
    parse_xboard, FeatureValue, GameResult, OptionType, XboardCommand, XboardReply,
};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The word that starts the answer to our `askuser` for a choice.
const CHOICE_TAG: &str = "choice";

/// The option that seeds the dice we throw ourselves: one word, as the
/// usual clients (python-chess) read an option's name up to a space.
const DICE_SEED: &str = "DiceSeed";
/// A weights file of `menagerie tune` (`Engine::set_eval_weights`).
const EVAL_WEIGHTS: &str = "EvalWeights";
/// A game file whose games join ours (`Engine::load_variants`).
const VARIANT_PATH: &str = "VariantPath";
/// Kept back from the clock for each move (`Engine::set_move_overhead`);
/// UCI's `Move Overhead` in one word.
const MOVE_OVERHEAD: &str = "MoveOverhead";

/// How long a claim of the game's end after the opponent's move waits for
/// the GUI's own `result` (it follows the move at once when it comes).
const CLAIM_GRACE: Duration = Duration::from_millis(200);
/// How long `done=1` waits for the GUI to answer our option features.
const FEATURE_ANSWERS: Duration = Duration::from_millis(500);

/// A search's serial number and the action it chose (text).
type Finished = (u64, Option<String>);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Searching {
    No,
    /// Our move or our choice, to be played when it ends.
    Play,
    /// Analysis: results are shown, never played.
    Analyze,
}

/// Time control as `level`, `st` and `sd` set it.
#[derive(Clone, Copy)]
struct TimeControl {
    moves_per_session: u32,
    base: Duration,
    increment: Duration,
    per_move: Option<Duration>,
    depth: Option<u32>,
}

pub(crate) struct Session {
    out: Output,
    events: Sender<Event>,
    engine: Engine,
    dialect: Dialect,
    /// The game so far: its start (None: the variant's) and every step.
    start_fen: Option<String>,
    history: Vec<String>,
    force: bool,
    engine_side: Color,
    post: bool,
    searching: Searching,
    /// In analysis mode: every change of the game restarts the analysis.
    analyzing: bool,
    serial: u64,
    /// `pong`s held back until our move is out.
    pongs: Vec<i64>,
    time: TimeControl,
    clock: EngineClock,
    /// Our move, held back until our throw and choice after it are made
    /// (see `send_move`).
    held_move: Vec<XboardReply>,
    dice_accepted: bool,
    choices_accepted: bool,
    /// Our option features the GUI has not answered yet: `done=1` waits
    /// for them, so that an option it sets at once (VariantPath) is in
    /// force, its games offered, before the GUI picks the game.
    unanswered_options: usize,
    opponent_is_engine: bool,
    /// We asked for this throw (`dice` or `askuser`) and wait.
    asked: bool,
    /// The `DiceSeed` option: with the game so far it decides every throw
    /// we make ourselves (see `game_dice`).
    dice_seed: u64,
    game_over: bool,
    /// What the running search has reported, for `.` in analysis.
    progress: Arc<Mutex<Progress>>,
    /// The last search's result, left by its thread beside the event it
    /// sends, for `?` to take at once (see `move_now`).
    finished: Arc<Mutex<Option<Finished>>>,
    /// Our claim of the game's end after the opponent's move, held until
    /// the GUI has had its say.
    held_claim: Option<XboardReply>,
    /// The move a person is entering with the mouse.
    entry: Option<MoveEntry>,
    /// The window title shows a game's status instead of our name.
    name_changed: bool,
    /// The faces of the last throw made or heard here (a find's position
    /// keeps only what was found).
    last_faces: Option<Vec<u8>>,
    /// A throw or choice was played since the status last went out as a
    /// comment on the move (`tellothers`).
    comment_due: bool,
}

/// What `advance` does after a step: take the next, wait for the
/// opponent or the GUI, or search.
enum Step {
    Again,
    Wait,
    Think,
}

/// The last iteration a search reported.
struct Progress {
    started: Instant,
    depth: u32,
    nodes: u64,
    score: i32,
    pv: Vec<String>,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            started: Instant::now(),
            depth: 0,
            nodes: 0,
            score: 0,
            pv: Vec::new(),
        }
    }
}

impl Session {
    pub(crate) fn new(out: Output, events: Sender<Event>) -> Session {
        let engine = Engine::new();
        let dialect = Dialect::new(engine.position().variant());
        Session {
            out,
            events,
            engine,
            dialect,
            start_fen: None,
            history: Vec::new(),
            force: false,
            engine_side: Color::Black,
            post: false,
            searching: Searching::No,
            analyzing: false,
            serial: 0,
            pongs: Vec::new(),
            time: TimeControl {
                moves_per_session: 40,
                base: Duration::from_secs(300),
                increment: Duration::ZERO,
                per_move: None,
                depth: None,
            },
            clock: EngineClock::default(),
            held_move: Vec::new(),
            dice_accepted: false,
            choices_accepted: false,
            unanswered_options: 0,
            opponent_is_engine: false,
            asked: false,
            dice_seed: 0,
            game_over: false,
            progress: Arc::new(Mutex::new(Progress::new())),
            finished: Arc::new(Mutex::new(None)),
            held_claim: None,
            entry: None,
            name_changed: false,
            last_faces: None,
            comment_due: false,
        }
    }

    fn say(&self, reply: impl std::fmt::Display) {
        say(&self.out, reply);
    }

    fn pos(&self) -> &Position {
        self.engine.position()
    }

    /// Handles one input line; false on `quit`.
    pub(crate) fn line(&mut self, line: &str) -> bool {
        let text = line.trim();
        if text.is_empty() {
            return true;
        }
        if text.split_whitespace().next() == Some("result") {
            // The GUI knows the game is over: no claim of ours follows.
            self.held_claim = None;
        } else {
            self.release_claim();
        }
        // Our own words: the answer to `askuser choice ...`, and a throw or
        // choice token sent bare.
        let answer = text.strip_prefix(CHOICE_TAG).filter(|r| r.starts_with(' '));
        let go_on = if let Some(answer) = answer {
            self.persons_answer(answer.trim());
            true
        } else if is_step_token(text) {
            self.user_step(text);
            true
        } else {
            match parse_xboard(text) {
                Ok(command) => self.command(command, text),
                Err(e) => {
                    self.say(XboardReply::error(&e, text));
                    true
                }
            }
        };
        // A `ping` held back for our move is answered once no move of ours
        // is coming (`force`, `new`, `quit` stopped the search).
        if self.searching != Searching::Play {
            self.release_pongs();
        }
        go_on
    }

    pub(crate) fn stop(&mut self) {
        self.stop_search();
    }

    /// One parsed command; false once it was `quit`.
    fn command(&mut self, command: XboardCommand, text: &str) -> bool {
        use XboardCommand as C;
        let answer = matches!(command, C::Accepted(_) | C::Rejected(_) | C::Option { .. });
        if self.unanswered_options > 0 && !answer {
            // A GUI that does not answer features: done now.
            self.features_done();
        }
        match command {
            C::Xboard | C::Random | C::Hard | C::Easy | C::Bk | C::Draw | C::Hint => {}
            C::Otim(_) | C::EgtPath { .. } | C::Hover(_) => {}
            C::Nps(nps) => self.clock.set_nps(nps),
            C::Name(_) | C::Rating { .. } | C::Ics(_) | C::Pause | C::Resume => {}
            C::Protover(_) => self.features(),
            C::Accepted(f) => self.feature_answer(&f, true),
            C::Rejected(f) => self.feature_answer(&f, false),
            C::New => self.new_game(),
            C::Variant(name) => self.variant(&name, text),
            C::Quit => {
                self.stop_search();
                return false;
            }
            C::Force => self.force_mode(),
            C::Go => self.play_side(self.pos().side_to_move()),
            C::PlayOther => self.play_side(self.pos().side_to_move().opposite()),
            C::White => self.set_sides(Color::Black),
            C::Black => self.set_sides(Color::White),
            C::Level {
                moves_per_session,
                base_ms,
                increment_ms,
            } => self.level(moves_per_session, base_ms, increment_ms),
            C::St { millis } => self.time.per_move = Some(Duration::from_millis(millis.max(1))),
            C::Sd(depth) => self.time.depth = Some(depth.max(1)),
            C::Time(cs) => self.clock.set(cs),
            C::UserMove(mv) | C::Move(mv) => self.user_move(&mv),
            C::MoveNow => self.move_now(),
            C::Ping(n) => self.ping(n),
            C::Result { .. } => {
                self.stop_search();
                self.game_over = true;
            }
            C::SetBoard(fen) => self.set_board(&fen),
            C::Edit | C::Exclude(_) | C::Include(_) => self.not_now(text),
            C::Undo => self.take_back(1),
            C::Remove => self.take_back(2),
            C::Post => self.post = true,
            C::NoPost => self.post = false,
            C::Analyze => self.start_analysis(),
            C::Exit => self.exit_analysis(),
            C::Status => self.status(),
            C::Computer => self.opponent_is_engine = true,
            C::Memory(mib) => self.memory(mib, text),
            C::Cores(n) => self.engine.set_threads(n.clamp(1, 64) as usize),
            C::Option { name, value } => self.option(&name, value.as_deref(), text),
            C::Lift(square) => self.highlight(&square),
            C::Put(square) => self.dropped(&square),
            C::Pips(pips) => {
                let values: Vec<u8> = pips.iter().map(|p| p.value.min(255) as u8).collect();
                self.pips(&values, text);
            }
        }
        true
    }

    /// `force`: the engine plays neither side until `go`.
    fn force_mode(&mut self) {
        // Our move is made: it goes out, as a move found goes out at `?`.
        self.send_move();
        self.stop_search();
        self.force = true;
    }

    /// `go` and `playother`: the engine takes `side` and moves if it is
    /// its turn (the throw and choice of the side that just moved come
    /// before its move).
    fn play_side(&mut self, side: Color) {
        self.stop_search();
        self.force = false;
        self.engine_side = side;
        self.advance();
    }

    /// `white` and `black` (protocol 1): the engine takes `side`, without
    /// moving yet.
    fn set_sides(&mut self, engine_side: Color) {
        self.engine_side = engine_side;
        self.force = false;
    }

    /// `level`: a conventional or incremental clock.
    fn level(&mut self, moves_per_session: u32, base_ms: u64, increment_ms: u64) {
        self.time.moves_per_session = moves_per_session;
        self.time.base = Duration::from_millis(base_ms);
        self.time.increment = Duration::from_millis(increment_ms);
        self.time.per_move = None;
    }

    /// `?`: the search for our move stops and its move is played at once.
    /// Its result event comes after the commands already read, and a
    /// `force` among them would drop it: "move now" means the move. While
    /// a person's choice is unanswered, `?` asks it again.
    fn move_now(&mut self) {
        if self.waits_for_persons_choice() {
            // XBoard thinks we are on move while a person's choice box is
            // gone: *Move Now* brings it back.
            return self.ask_again();
        }
        if self.searching == Searching::Play {
            // Returns once the search thread has left its result.
            self.engine.stop();
            let finished = self.finished.lock().ok().and_then(|mut f| f.take());
            if let Some((serial, best)) = finished {
                self.search_done(serial, best);
            }
        }
    }

    /// `ping`: answered at once, or after the move being searched.
    fn ping(&mut self, n: i64) {
        if self.searching == Searching::Play {
            self.pongs.push(n);
        } else {
            self.say(XboardReply::Pong(n));
        }
    }

    /// `analyze`: the engine searches whichever side is to move, forever.
    fn start_analysis(&mut self) {
        self.stop_search();
        self.force = true;
        self.analyzing = true;
        self.analyze();
    }

    /// `exit`: analysis ends.
    fn exit_analysis(&mut self) {
        self.analyzing = false;
        if self.searching == Searching::Analyze {
            self.stop_search();
        }
    }

    /// `memory`: the table's size in MiB.
    fn memory(&mut self, mib: u64, text: &str) {
        if let Err(e) = self.engine.set_hash(mib) {
            self.say(XboardReply::Error {
                kind: e,
                command: text.to_string(),
            });
        }
    }

    /// A line over the cap was dropped: like any line, it ends the wait
    /// for the GUI's own `result`.
    pub(crate) fn line_too_long(&mut self) {
        self.release_claim();
        self.say(XboardReply::Error {
            kind: "line too long".to_string(),
            command: format!(
                "a line of over {} bytes, ignored",
                crate::text_lines::MAX_COMMAND_BYTES
            ),
        });
    }

    /// Answers `.`: how far the analysis has got (`stat01`).
    fn status(&self) {
        if self.searching != Searching::Analyze {
            return;
        }
        let Ok(p) = self.progress.lock() else {
            return;
        };
        self.say(XboardReply::Status {
            centiseconds: p.started.elapsed().as_millis() as u64 / 10,
            nodes: p.nodes,
            depth: p.depth,
            moves_left: 0,
            moves_total: self.pos().legal_actions().len() as u32,
            current: p.pv.first().cloned().unwrap_or_default(),
        });
    }

    fn not_now(&self, text: &str) {
        self.say(XboardReply::Error {
            kind: "command not legal now".to_string(),
            command: text.to_string(),
        });
    }

    /// `feature variants`: every game known, chess as XBoard's `normal`.
    fn variants_feature() -> (String, FeatureValue) {
        let games = variants::names();
        let names: Vec<&str> = games.iter().map(|n| Dialect::xboard_name(n)).collect();
        ("variants".to_string(), FeatureValue::Str(names.join(",")))
    }

    /// The features, then the options; `done=1` once the GUI has answered
    /// every option (`feature_answer`), VariantPath first of them.
    fn features(&mut self) {
        self.say(XboardReply::Feature(vec![(
            "done".to_string(),
            FeatureValue::Int(0),
        )]));
        let s = |v: &str| FeatureValue::Str(v.to_string());
        let on = FeatureValue::Bool(true);
        let off = FeatureValue::Bool(false);
        let features = vec![
            ("ping".to_string(), on.clone()),
            ("setboard".to_string(), on.clone()),
            ("usermove".to_string(), on.clone()),
            ("time".to_string(), on.clone()),
            ("draw".to_string(), off.clone()),
            ("sigint".to_string(), off.clone()),
            ("reuse".to_string(), on.clone()),
            ("analyze".to_string(), on.clone()),
            ("colors".to_string(), off.clone()),
            ("name".to_string(), off.clone()),
            ("nps".to_string(), on.clone()),
            ("debug".to_string(), on.clone()),
            ("memory".to_string(), on.clone()),
            ("smp".to_string(), on.clone()),
            ("exclude".to_string(), off),
            ("highlight".to_string(), on.clone()),
            ("dice".to_string(), on.clone()),
            ("choices".to_string(), on),
            ("myname".to_string(), s(&engine_name())),
            Self::variants_feature(),
        ];
        self.say(XboardReply::Feature(features));
        // Options each in a feature command of their own, as XBoard 4.9
        // expects; the files as files, so that XBoard offers a Browse button.
        let file = || OptionType::File {
            default: String::new(),
        };
        let options = [
            (VARIANT_PATH, file()),
            (
                DICE_SEED,
                OptionType::Spin {
                    default: 0,
                    min: 0,
                    max: 1_000_000_000,
                },
            ),
            (EVAL_WEIGHTS, file()),
            (
                MOVE_OVERHEAD,
                OptionType::Spin {
                    default: DEFAULT_MOVE_OVERHEAD.as_millis() as i64,
                    min: 0,
                    max: MAX_MOVE_OVERHEAD.as_millis() as i64,
                },
            ),
        ];
        self.unanswered_options = options.len();
        for (name, kind) in options {
            self.say(XboardReply::OptionFeature {
                name: name.to_string(),
                kind,
            });
        }
    }

    fn feature_answer(&mut self, feature: &str, accepted: bool) {
        match feature.trim() {
            "dice" => self.dice_accepted = accepted,
            "choices" => self.choices_accepted = accepted,
            "option" if self.unanswered_options > 0 => {
                self.unanswered_options -= 1;
                if self.unanswered_options == 0 {
                    self.features_done();
                }
            }
            _ => {}
        }
    }

    fn features_done(&mut self) {
        self.unanswered_options = 0;
        self.say(XboardReply::Feature(vec![(
            "done".to_string(),
            FeatureValue::Int(1),
        )]));
    }

    fn option(&mut self, name: &str, value: Option<&str>, text: &str) {
        match (name.trim(), value.map(str::trim)) {
            // The option's name before it lost its space, still understood.
            (DICE_SEED | "Dice seed", Some(v)) => match v.parse::<u64>() {
                Ok(seed) => self.dice_seed = seed,
                Err(_) => self.bad_option_value(text),
            },
            // UCI's spelling understood too.
            (MOVE_OVERHEAD | "Move Overhead", Some(v)) => {
                let set = v.parse().map(|ms| self.engine.set_move_overhead(ms));
                if !matches!(set, Ok(Ok(()))) {
                    self.bad_option_value(text);
                }
            }
            (VARIANT_PATH, v) => match self.engine.load_variants(v.unwrap_or("")) {
                // The new games are offered at once: XBoard reads a
                // `variants` feature whenever it comes.
                Ok(names) if !names.is_empty() => {
                    self.say(XboardReply::Feature(vec![Self::variants_feature()]))
                }
                Ok(_) => {}
                Err(problems) => {
                    for line in problems.lines() {
                        self.say(XboardReply::Error {
                            kind: line.to_string(),
                            command: text.to_string(),
                        });
                    }
                }
            },
            (EVAL_WEIGHTS, v) => {
                if let Err(e) = self.engine.set_eval_weights(v.unwrap_or("")) {
                    self.say(XboardReply::Error {
                        kind: e,
                        command: text.to_string(),
                    });
                }
            }
            _ => self.say(XboardReply::Error {
                kind: "unknown option".to_string(),
                command: text.to_string(),
            }),
        }
    }

    fn bad_option_value(&self, text: &str) {
        self.say(XboardReply::Error {
            kind: "bad option value".to_string(),
            command: text.to_string(),
        });
    }

    fn new_game(&mut self) {
        self.stop_search();
        self.restore_name();
        self.analyzing = false;
        if self.engine.variant_name() != "chess" {
            let _ = self.engine.set_variant("chess");
            self.dialect = Dialect::new(self.pos().variant());
        } else {
            let _ = self.engine.set_position(None, &[]);
        }
        self.engine.new_game();
        self.clock.reset();
        self.last_faces = None;
        self.comment_due = false;
        self.held_move.clear();
        self.start_fen = None;
        self.history.clear();
        self.force = false;
        self.engine_side = Color::Black;
        self.time.depth = None;
        self.asked = false;
        self.game_over = false;
    }

    fn variant(&mut self, name: &str, text: &str) {
        self.stop_search();
        let ours = Dialect::our_name(name.trim());
        if let Err(e) = self.engine.set_variant(ours) {
            self.say(XboardReply::Error {
                kind: "unknown variant".to_string(),
                command: format!("{text} ({e})"),
            });
            return;
        }
        self.dialect = Dialect::new(self.pos().variant());
        self.start_fen = None;
        self.history.clear();
        self.asked = false;
        self.game_over = false;
        if ours != "chess" {
            self.say(self.dialect.setup(self.pos()));
            for piece in self.dialect.pieces(self.pos().variant()) {
                self.say(piece);
            }
        }
        self.show_notes();
    }

    fn set_board(&mut self, fen: &str) {
        self.stop_search();
        let ours = self.dialect.fen_from_xboard(fen);
        match self.engine.set_position(Some(&ours), &[]) {
            Ok(()) => {
                self.start_fen = Some(ours);
                self.history.clear();
                self.last_faces = None;
                self.asked = false;
                self.game_over = false;
                // XBoard sends a position it loads (Paste Position, a
                // position file) right after `variant`, without waiting for
                // our answer, and our `setup` then resets its board to the
                // game's start: a second `setup` makes this position the
                // start of XBoard's game too.
                if self.engine.variant_name() != "chess" {
                    self.say(self.dialect.setup(self.pos()));
                }
                self.show_notes();
                if self.analyzing {
                    self.analyze();
                }
            }
            Err(e) => {
                self.say(XboardReply::TellUserError(format!("Illegal position: {e}")));
                self.say(XboardReply::Error {
                    kind: "illegal position".to_string(),
                    command: format!("setboard {fen}"),
                });
            }
        }
    }

    /// Takes back `moves` moves of the game, with the throws and choices
    /// that followed each.
    fn take_back(&mut self, moves: usize) {
        self.stop_search();
        let mut history = self.history.clone();
        let mut left = moves;
        while left > 0 {
            let Some(last) = history.pop() else {
                self.not_now(if moves == 1 { "undo" } else { "remove" });
                return;
            };
            if !is_step_token(&last) {
                left -= 1;
            }
        }
        if self
            .engine
            .set_position(self.start_fen.as_deref(), &history)
            .is_ok()
        {
            self.history = history;
            self.asked = false;
            self.game_over = false;
            self.last_faces = None;
            self.show_status();
        }
        self.after_step();
    }

    /// The side whose decision the game waits for: the mover, or after a
    /// move the side that threw.
    fn actor(&self) -> Color {
        self.pos().actor()
    }

    /// A move from the GUI (XBoard's squares).
    fn user_move(&mut self, text: &str) {
        if self.searching == Searching::Play {
            // XBoard never sends a move while we think on ours.
            self.not_now(text);
            return;
        }
        // The move entered with the mouse is complete: the next `lift`
        // starts a new one, even on the square this one ended on.
        self.entry = None;
        let ours = self.dialect.from_xboard(text);
        let ours = self.short_two_leg(&ours).unwrap_or(ours);
        if let Err(e) = self.play(&ours) {
            self.say(XboardReply::IllegalMove {
                mv: text.to_string(),
                reason: Some(e),
            });
            return;
        }
        self.after_step();
    }

    /// The answer from one of our choice boxes. A box asked again (Move
    /// Now) while the first was still up is a second box: its answer,
    /// once the choice is made, is dropped without an error box.
    fn persons_answer(&mut self, text: &str) {
        if !self.waits_for_persons_choice() {
            self.announce(format!("answer '{text}' dropped: no choice is due"));
            return;
        }
        self.user_step(text);
    }

    /// A throw or choice token from the GUI or the user.
    fn user_step(&mut self, text: &str) {
        let ours = self.dialect.from_xboard(text);
        if text.starts_with("find:") {
            self.last_faces = None;
        }
        if self.searching == Searching::Play || self.play(&ours).is_err() {
            self.say(XboardReply::IllegalMove {
                mv: text.to_string(),
                reason: None,
            });
            if self.asked && !self.choices_accepted {
                // Ask again.
                self.asked = false;
                self.advance();
            }
            return;
        }
        self.asked = false;
        self.after_step();
    }

    fn pips(&mut self, values: &[u8], text: &str) {
        let outcome = self.pos().outcome_of_pips(values);
        match outcome {
            Ok(action) if self.searching != Searching::Play => {
                let token = self.pos().action_text(action);
                self.last_faces = Some(values.to_vec());
                if self.play(&token).is_ok() {
                    self.asked = false;
                    self.after_step();
                    return;
                }
                self.not_now(text);
            }
            _ => self.not_now(text),
        }
    }

    /// Plays one step (our text) and records it.
    fn play(&mut self, ours: &str) -> Result<(), String> {
        if self.game_over {
            return Err("the game is over".to_string());
        }
        self.engine.play(ours)?;
        self.history.push(ours.trim().to_string());
        self.comment_due |= is_step_token(ours);
        self.show_status();
        Ok(())
    }

    /// Puts what the board cannot show (the last throw, each side's
    /// leaper, the stores) in XBoard's window title, the one place 4.9.1
    /// shows an engine's words at every moment without a box to click
    /// away: the title is `xboard: ` and the engine's name, which a
    /// `feature myname` may change at any time.
    ///
    /// XBoard also takes the name for the game's record when a game
    /// starts: the status goes out only once the game is under way, and a
    /// new game gets the plain name back first (`restore_name`).
    ///
    /// The title holds what a person needs first (the last throw and the
    /// mode of the side to move), and the rest when it fits (`title_of`):
    /// a window manager cuts a long title, so the whole status also goes
    /// out as a comment on the move (see `comment_status`).
    fn show_status(&mut self) {
        self.show_notes();
        let Some(status) = self.pos().chance_status(self.last_faces.as_deref()) else {
            return;
        };
        self.set_name(title_of(&status));
        self.name_changed = true;
    }

    /// The whole status as a comment on the last move XBoard knows
    /// (`tellothers`; XBoard shows it with *Auto-Comment* on), once the
    /// throws and choices after that move are made: one comment a move.
    /// It waits while our move is held back, so that it lands on our move.
    fn comment_status(&mut self) {
        let steps_done = self.pos().pending() == Pending::Nothing;
        if !self.comment_due || !steps_done || !self.held_move.is_empty() {
            return;
        }
        self.comment_due = false;
        if let Some(status) = self.pos().chance_status(self.last_faces.as_deref()) {
            self.say(XboardReply::TellOthers(status.whole()));
        }
    }

    /// The truffles and woken pieces as dots on XBoard's board (see
    /// `notes.rs`), sent after every step: they stay until the person
    /// picks up a piece, and our answer to that `lift` keeps them.
    fn show_notes(&self) {
        if !self.pos().has_square_notes() {
            return;
        }
        let marks = notes::note_marks(self.pos(), |_| false);
        let fen = highlight::color_fen(self.pos(), &marks);
        self.say(XboardReply::Highlight(fen));
    }

    /// Our own name again, for the next game's record.
    fn restore_name(&mut self) {
        if std::mem::take(&mut self.name_changed) {
            self.set_name(engine_name());
        }
    }

    fn set_name(&self, name: String) {
        self.say(XboardReply::Feature(vec![(
            "myname".to_string(),
            FeatureValue::Str(name),
        )]));
    }

    fn after_step(&mut self) {
        if self.analyzing {
            return self.analyze();
        }
        if !self.force {
            self.advance();
        }
    }

    /// Moves the game on as far as it can without the opponent: reports
    /// its end, throws dice or asks for them, and starts our search when a
    /// move or choice is ours.
    fn advance(&mut self) {
        loop {
            match self.next_step() {
                Step::Again => continue,
                Step::Wait => {
                    self.send_move();
                    self.comment_status();
                    return self.release_pongs();
                }
                Step::Think => {
                    self.comment_status();
                    return self.think();
                }
            }
        }
    }

    /// One step of `advance`: what the game waits for now, done where it
    /// is ours to do without a search.
    fn next_step(&mut self) -> Step {
        if self.game_over || self.force {
            return Step::Wait;
        }
        let pending = self.pos().pending();
        if pending == Pending::Nothing {
            if let Some(outcome) = self.pos().outcome() {
                self.report(outcome);
                return Step::Wait;
            }
        }
        let actor = self.actor();
        match pending {
            Pending::Roll | Pending::Find(_) => self.throw_step(actor),
            Pending::Choose(..) | Pending::Activate | Pending::Promote(_) => {
                self.choice_step(actor)
            }
            Pending::Nothing if self.pos().side_to_move() == self.engine_side => Step::Think,
            Pending::Nothing => Step::Wait,
        }
    }

    /// A throw is due: asks the GUI for it (once) when it throws the dice,
    /// else throws them here and plays the outcome.
    fn throw_step(&mut self, actor: Color) -> Step {
        if self.dice_accepted {
            let ours_to_ask = actor == self.engine_side || !self.opponent_is_engine;
            if ours_to_ask && !self.asked {
                self.asked = true;
                let dice = self.pos().dice_due().unwrap_or(&[]);
                self.say(XboardReply::Dice(dice.iter().map(|&d| d as u32).collect()));
            }
            return Step::Wait;
        }
        let dice = self.game_dice(self.pos().dice_due().unwrap_or(&[]));
        let Ok(action) = self.pos().outcome_of_pips(&dice) else {
            return Step::Wait;
        };
        let token = self.pos().action_text(action);
        self.last_faces = Some(dice.clone());
        let shown: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
        self.announce(format!(
            "{} throws {}: {}",
            color_name(actor),
            shown.join(" and "),
            self.dialect.to_xboard(&token)
        ));
        self.played_step(&token)
    }

    /// A choice is due: ours to think about; between two engines that
    /// cannot pass one, drawn from the game's dice; else asked of the
    /// person (once).
    fn choice_step(&mut self, actor: Color) -> Step {
        let drawn = !self.choices_accepted && self.opponent_is_engine;
        if actor == self.engine_side && !drawn {
            return Step::Think;
        }
        if drawn {
            let drawn = crate::dice::drawn_choice(self.dice_seed, self.pos(), self.pos().ply());
            let Some(choice) = drawn else {
                return Step::Wait;
            };
            let token = self.pos().action_text(choice);
            self.announce(format!(
                "{} gets {} (drawn)",
                color_name(actor),
                self.dialect.to_xboard(&token)
            ));
            return self.played_step(&token);
        }
        if !self.choices_accepted && !self.asked {
            self.asked = true;
            let options: Vec<String> = self
                .pos()
                .legal_actions()
                .into_iter()
                .map(|a| self.dialect.to_xboard(&self.pos().action_text(a)))
                .collect();
            self.say(XboardReply::AskUser {
                tag: CHOICE_TAG.to_string(),
                message: format!("Your choice: {}", options.join(" ")),
            });
        }
        Step::Wait
    }

    /// Plays a throw's outcome or a drawn choice: the game goes on unless
    /// it was refused.
    fn played_step(&mut self, token: &str) -> Step {
        match self.play(token) {
            Ok(()) => Step::Again,
            Err(_) => Step::Wait,
        }
    }

    /// Records a throw or choice in the debug log (`#`): the window title
    /// (`show_status`) shows its effect to a person at every moment, and a
    /// message box at every throw would bury the board.
    fn announce(&self, text: String) {
        self.say(XboardReply::Comment(text));
    }

    /// Dice we throw ourselves when the GUI throws none: a function of the
    /// `DiceSeed` option and the game so far, so that two engines that
    /// follow the same game throw the same dice without talking. The steps
    /// are the position's (a promotion given with its move is two: the
    /// move and, after the throw, the piece), as `menagerie replay` counts.
    fn game_dice(&self, faces: &[u8]) -> Vec<u8> {
        crate::dice::game_dice(self.dice_seed, self.pos(), self.pos().ply(), faces)
    }

    fn release_pongs(&mut self) {
        for n in std::mem::take(&mut self.pongs) {
            self.say(XboardReply::Pong(n));
        }
    }

    fn report(&mut self, outcome: Outcome) {
        self.send_move();
        self.game_over = true;
        let (result, comment) = match outcome {
            Outcome::Win(c, ending) => (
                match c {
                    Color::White => GameResult::WhiteWins,
                    Color::Black => GameResult::BlackWins,
                },
                match ending {
                    Ending::Checkmate => format!("{} mates", color_name(c)),
                    Ending::Extinction => format!("{} wins by extinction", color_name(c)),
                    Ending::Stalemate => format!("{} wins by stalemate", color_name(c)),
                    Ending::FiftyMoves | Ending::Repetition => format!("{} wins", color_name(c)),
                },
            ),
            Outcome::Draw(ending) => (
                GameResult::Draw,
                match ending {
                    Ending::Stalemate => "Stalemate".to_string(),
                    Ending::FiftyMoves => "Draw by fifty move rule".to_string(),
                    Ending::Repetition => "Draw by repetition".to_string(),
                    Ending::Extinction => "Draw: both sides extinct".to_string(),
                    Ending::Checkmate => "Draw".to_string(),
                },
            ),
        };
        let claim = XboardReply::Result { result, comment };
        let last_mover = self.pos().side_to_move().opposite();
        if last_mover == self.engine_side {
            self.say(claim);
        } else {
            // The opponent's move ended the game: the GUI that checks the
            // rules says so itself (`result`) at once; we claim only if it
            // does not.
            self.held_claim = Some(claim);
        }
    }

    /// A claim held back for the GUI's own `result` (see `report`).
    /// How long the session waits for the GUI before it goes on alone:
    /// a claim of the game's end waits for the GUI's own `result`, and
    /// `done=1` for the answers to our options (python-chess answers none
    /// before `done=1`). `None`: it waits for the GUI as long as it takes.
    pub(crate) fn patience(&self) -> Option<Duration> {
        if self.held_claim.is_some() {
            Some(CLAIM_GRACE)
        } else if self.unanswered_options > 0 {
            Some(FEATURE_ANSWERS)
        } else {
            None
        }
    }

    /// The GUI said nothing in time: we claim the game's end, or say
    /// `done=1`.
    pub(crate) fn out_of_patience(&mut self) {
        match self.held_claim.is_some() {
            true => self.release_claim(),
            false => self.features_done(),
        }
    }

    /// Whether our `askuser` for a person's choice is unanswered.
    fn waits_for_persons_choice(&self) -> bool {
        let choice_due = matches!(
            self.pos().pending(),
            Pending::Choose(..) | Pending::Activate | Pending::Promote(_)
        );
        self.asked && choice_due && !self.choices_accepted && !self.force && !self.game_over
    }

    /// The person's choice, asked again. Only at the person's word (Move
    /// Now): XBoard 4.9.1 sends nothing when its question box is
    /// cancelled, and opens one more box, grabbing the mouse, for every
    /// `askuser` (its `GenericPopUp` refuses a second one only for
    /// dialogs before `PromoDlg`; `AskDlg` comes after).
    fn ask_again(&mut self) {
        self.asked = false;
        self.advance();
    }

    /// The GUI said nothing about the game's end: we claim it.
    fn release_claim(&mut self) {
        if let Some(claim) = self.held_claim.take() {
            self.say(claim);
        }
    }

    fn limits(&self) -> Limits {
        let t = &self.time;
        let mut limits = Limits {
            depth: t.depth,
            ..Limits::default()
        };
        if let Some(per_move) = t.per_move {
            // XBoard flags a move that takes the whole time: keep a margin.
            let margin = (per_move / 10).max(Duration::from_millis(30));
            limits.movetime = Some(
                per_move
                    .saturating_sub(margin)
                    .max(Duration::from_millis(5)),
            );
        } else {
            limits.time_left = Some(self.clock.left().unwrap_or(t.base));
            limits.increment = t.increment;
            if t.moves_per_session > 0 {
                let done = self.pos().fullmove_number().saturating_sub(1);
                limits.moves_to_go = Some(t.moves_per_session - done % t.moves_per_session);
            }
        }
        self.in_nodes(limits)
    }

    /// Under `nps N` a budget of time is one of nodes (N a second).
    fn in_nodes(&self, mut limits: Limits) -> Limits {
        let budget = limits.budget().0;
        if let Some(nodes) = budget.and_then(|b| self.clock.nodes_for(b)) {
            limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
            limits.movetime = None;
            limits.time_left = None;
        }
        limits
    }

    /// Starts searching our move or choice.
    fn think(&mut self) {
        let mut limits = self.limits();
        // Never a drop XBoard's hands would refuse (see `hands`).
        if let Some(playable) = super::hands::playable_actions(self.pos()) {
            let left_out: Vec<String> = self
                .pos()
                .legal_actions()
                .into_iter()
                .filter(|a| !playable.contains(a))
                .map(|a| self.dialect.to_xboard(&self.pos().action_text(a)))
                .collect();
            self.announce(format!(
                "not XBoard's to drop (its hands lack the piece): {}",
                left_out.join(" ")
            ));
            limits.searchmoves = playable;
        }
        self.start_search(limits, Searching::Play);
    }

    fn analyze(&mut self) {
        self.stop_search();
        if self.pos().pending() == Pending::Nothing && self.pos().outcome().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start_search(limits, Searching::Analyze);
    }

    fn start_search(&mut self, limits: Limits, kind: Searching) {
        self.serial += 1;
        let serial = self.serial;
        self.searching = kind;
        let info_out = self.out.clone();
        let post = self.post || kind == Searching::Analyze;
        let nps = self.clock.nps();
        let dialect = Dialect::new(self.pos().variant());
        let events = self.events.clone();
        self.progress = Arc::new(Mutex::new(Progress::new()));
        let progress = self.progress.clone();
        let finished = self.finished.clone();
        self.engine.go(
            limits,
            Box::new(move |info, shown| {
                let pv: Vec<String> = shown
                    .actions_text(&info.pv)
                    .iter()
                    .map(|t| dialect.to_xboard(t))
                    .collect();
                if let Ok(mut p) = progress.lock() {
                    p.depth = info.depth;
                    p.nodes = info.nodes;
                    p.score = thinking_score(info.score);
                    p.pv = pv.clone();
                }
                if !post {
                    return;
                }
                say(
                    &info_out,
                    XboardReply::Thinking {
                        depth: info.depth,
                        score: thinking_score(info.score),
                        centiseconds: report_centiseconds(nps, info.time, info.nodes),
                        nodes: info.nodes,
                        pv,
                    },
                );
            }),
            Box::new(move |best, shown| {
                let text = best.map(|a| shown.action_text(a));
                if let Ok(mut f) = finished.lock() {
                    *f = Some((serial, text.clone()));
                }
                let _ = events.send(Event::Done(serial, text));
            }),
        );
    }

    /// Stops a running search; its result, when it comes, is dropped, and
    /// so is a move of ours held back for a game that has changed.
    fn stop_search(&mut self) {
        self.held_move.clear();
        if self.searching != Searching::No {
            self.serial += 1;
            self.engine.stop();
            self.searching = Searching::No;
        }
    }

    pub(crate) fn search_done(&mut self, serial: u64, best: Option<String>) {
        if serial != self.serial || self.searching != Searching::Play {
            return;
        }
        self.searching = Searching::No;
        if let Ok(p) = self.progress.lock() {
            self.clock.searched(p.started.elapsed(), p.nodes);
        }
        let Some(mut text) = best else {
            return self.release_pongs();
        };
        // XBoard shows a promotion with its move: a promotion that waits
        // for the throw goes out with the first of its pieces, chosen ahead.
        let ahead = self.pos().parse_move(&text).ok().and_then(|m| {
            let kinds = self.pos().promotions_after_throw(m);
            kinds
                .first()
                .map(|&k| self.pos().variant().letter(Color::Black, k))
        });
        if let Some(letter) = ahead {
            text.push(letter);
        }
        let short = self.short_form(&text);
        if self.play(&text).is_err() {
            return self.release_pongs();
        }
        let shown = self.dialect.to_xboard(short.as_deref().unwrap_or(&text));
        if is_step_token(&text) && !self.choices_accepted {
            self.announce(format!("{} chooses {shown}", color_name(self.engine_side)));
        } else {
            self.held_move = XboardReply::move_legs(&shown);
            if self.dice_accepted {
                self.send_move();
            }
        }
        self.advance();
    }

    /// Sends our move held back since its search. When we throw the dice
    /// ourselves, the move waits for its throw and for our choice after
    /// it: XBoard's clock stays ours while we think about that choice,
    /// instead of running on the person's, who can only move once it is
    /// made. Under `nps` a last report of all the move cost goes first.
    fn send_move(&mut self) {
        if self.held_move.is_empty() {
            return;
        }
        if self.clock.by_reports() {
            let (centiseconds, nodes) = self.clock.take_move_cost();
            let (depth, score, pv) = match self.progress.lock() {
                Ok(p) => (p.depth, p.score, p.pv.clone()),
                Err(_) => (0, 0, Vec::new()),
            };
            self.say(XboardReply::Thinking {
                depth,
                score,
                centiseconds,
                nodes,
                pv,
            });
        }
        for leg in std::mem::take(&mut self.held_move) {
            self.say(leg);
        }
    }

    /// A two-leg move (`b7b6,b6b5`) written from square to square
    /// (`b7b5`) when that names it alone (see `two_leg_from_ends`) and its
    /// first leg takes nothing (XBoard would leave that victim standing).
    fn short_form(&self, text: &str) -> Option<String> {
        let short = two_leg_ends(text)?;
        let m = self.pos().parse_move(text).ok()?;
        if highlight::takes_on_the_way(self.pos(), &m) {
            return None;
        }
        (self.short_two_leg(&short).as_deref() == Some(text)).then_some(short)
    }

    /// The one legal two-leg move a plain `from to` text stands for.
    fn short_two_leg(&self, short: &str) -> Option<String> {
        let pos = self.pos();
        if pos.pending() != Pending::Nothing {
            return None;
        }
        pos.two_leg_from_ends(short).map(|m| pos.move_text(m))
    }

    /// Answers `lift SQ` with the squares the piece there may go to, or,
    /// when the piece was just dropped on the middle square of a two-leg
    /// move, with where its second leg may go (see `highlight.rs`).
    fn highlight(&mut self, square: &str) {
        let pos = self.engine.position();
        if pos.pending() != Pending::Nothing {
            return;
        }
        let Some(sq) = pos
            .variant()
            .geometry()
            .parse_square(&self.dialect.square_from_xboard(square))
        else {
            self.highlight_drops(square);
            return;
        };
        let marks = match self.entry.take() {
            Some(e) if e.dropped_on == Some(sq) && highlight::is_middle(&e.marks, sq) => {
                let marks = highlight::second_leg(pos, e.from, sq);
                self.entry = Some(e);
                marks
            }
            _ => {
                let marks = highlight::first_leg(pos, sq);
                self.entry = Some(MoveEntry {
                    from: sq,
                    marks: marks.clone(),
                    dropped_on: None,
                });
                marks
            }
        };
        let marks = notes::with_notes(self.pos(), &marks);
        let fen = highlight::color_fen(self.pos(), &marks);
        self.say(XboardReply::Highlight(fen));
        // The pieces a pawn picked up may promote to: XBoard then offers
        // only these when the person sweeps the piece (pulls the pawn
        // back), the first by default, instead of its own list (a Queen
        // in a game without one).
        let from = self.entry.as_ref().map_or(sq, |e| e.from);
        // Promotion letters are XBoard's as they are (only a drop's piece
        // is ever renamed).
        let pieces: String = highlight::promotion_choice(self.pos(), from)
            .into_iter()
            .collect();
        if !pieces.is_empty() {
            self.say(XboardReply::Choice(pieces.to_ascii_uppercase()));
        }
    }

    /// `lift` of a piece in a hand: where the mover may drop it (nothing
    /// for the other side's hand, which XBoard lets a person pick up).
    fn highlight_drops(&mut self, square: &str) {
        let Some((color, kind)) = self.dialect.hand_piece(square) else {
            return;
        };
        self.entry = None;
        let pos = self.pos();
        let marks = if color == pos.side_to_move() {
            highlight::drops(pos, kind)
        } else {
            vec![None; pos.variant().geometry().cells()]
        };
        let marks = notes::with_notes(pos, &marks);
        let fen = highlight::color_fen(pos, &marks);
        self.say(XboardReply::Highlight(fen));
    }

    /// `put SQ`: where the person dropped the piece picked up.
    fn dropped(&mut self, square: &str) {
        let sq = self
            .pos()
            .variant()
            .geometry()
            .parse_square(&self.dialect.square_from_xboard(square));
        if let Some(e) = &mut self.entry {
            e.dropped_on = sq;
        }
    }
}

/// A move a person is entering with the mouse: where it started, what the
/// first `lift` marked, and where the piece was last dropped.
struct MoveEntry {
    from: Square,
    marks: highlight::Marks,
    dropped_on: Option<Square>,
}

/// The name we give ourselves.
fn engine_name() -> String {
    format!("menagerie {}", env!("CARGO_PKG_VERSION"))
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A throw or choice token (`roll:6:4`, `knight:4:2`, `find:no`,
/// `activate:g1`): our words, which XBoard's parser does not know.
fn is_step_token(text: &str) -> bool {
    // Throws and choices are `word:...`; no move text has a colon.
    let word = text.split_whitespace().next().unwrap_or("");
    word.contains(':')
}

/// Our score in XBoard's scale: centipawns, mates as 100000 + moves.
fn thinking_score(v: i32) -> i32 {
    mate_in_moves(v).map_or(v, XboardReply::mate_score)
}
