"use strict";
// The browser board: draws the state the server sends (GET /state) and
// sends a person's moves, throws and choices (POST /play, /throw). Every
// move offered is one of the engine's own legal actions.

const token = new URLSearchParams(location.search).get("t") || "";
const $ = id => document.getElementById(id);
const GLYPHS = { king: "\u265A", queen: "\u265B", rook: "\u265C", bishop: "\u265D", knight: "\u265E", pawn: "\u265F" };

let state = null;        // the last state from the server
let stateText = "";
let flipped = false;
let selected = null;     // { from } or { drop } or { from, via }
let replayAt = null;     // step count shown in the replay, or null
let replayView = null;
let lastThrows = 0;
let receivedAt = 0;

async function call(method, path, body) {
  const r = await fetch(path + (path.includes("?") ? "&" : "?") + "t=" + token, {
    method, body, headers: { "X-Menagerie-Token": token } });
  const text = await r.text();
  if (!r.ok) throw new Error(text);
  return text;
}

async function refresh() {
  try {
    const text = await call("GET", "/state");
    receivedAt = performance.now();
    if (text !== stateText) {
      stateText = text;
      state = JSON.parse(text);
      render();
    }
  } catch (e) { $("message").textContent = "server: " + e.message; }
}

async function send(path, body) {
  $("message").textContent = "";
  try {
    const text = await call("POST", path, body);
    stateText = text;
    state = JSON.parse(text);
    receivedAt = performance.now();
    selected = null;
    keepOffer = false;
    render();
  } catch (e) { $("message").textContent = e.message; }
}

function legendOf(kind) { return state.legend.find(l => l.kind === kind); }

function pieceElement(piece) {
  const l = legendOf(piece.kind) || { name: "", symbol: piece.symbol };
  const glyph = GLYPHS[l.name.toLowerCase()];
  const e = document.createElement("span");
  e.className = "piece " + piece.color + (glyph ? "" : " letter");
  e.textContent = glyph || piece.symbol.replace("+", "").toUpperCase();
  if (l.wakes) e.classList.add("asleep");
  if (l.woken) e.classList.add("woken");
  e.title = (piece.color === "w" ? "White " : "Black ") + l.name + (l.betza ? " (" + l.betza + ")" : "");
  e.dataset.symbol = piece.symbol;
  return e;
}

// ---- the board ----

function shown() { return replayAt === null ? state : replayView; }

function renderBoard() {
  const s = shown();
  const b = s.board;
  const board = $("board");
  board.style.gridTemplateColumns = `repeat(${b.files}, var(--cell))`;
  board.replaceChildren();
  const rows = flipped ? [...b.rows].reverse() : b.rows;
  const targets = targetSquares();
  const last = lastMoveSquares();
  rows.forEach((row, ri) => {
    const cells = flipped ? [...row].reverse() : row;
    cells.forEach((cell, fi) => {
      const e = document.createElement("div");
      const rank = flipped ? ri : b.ranks - 1 - ri;
      const file = flipped ? b.files - 1 - fi : fi;
      if (!cell) { e.className = "sq hole"; board.appendChild(e); return; }
      e.className = "sq " + ((rank + file) % 2 === 0 ? "dark" : "light");
      e.dataset.sq = cell.sq;
      if (cell.piece) { e.appendChild(pieceElement(cell.piece)); e.classList.add("occupied"); }
      if (cell.food > 0) {
        const f = document.createElement("span");
        f.className = "food";
        f.textContent = cell.food;
        f.title = cell.food + " " + (s.food ? s.food.word : "");
        e.appendChild(f);
      }
      if (fi === cells.length - 1 || ri === rows.length - 1) {
        if (ri === rows.length - 1) addCoord(e, "file", cell.sq.replace(/[0-9]+/, ""));
        if (fi === 0) addCoord(e, "rank", cell.sq.replace(/^[a-z]/, ""));
      } else if (fi === 0) addCoord(e, "rank", cell.sq.replace(/^[a-z]/, ""));
      if (targets.final.has(cell.sq)) e.classList.add("target");
      if (targets.via.has(cell.sq)) e.classList.add("via");
      if (last.has(cell.sq)) e.classList.add("last");
      if (selected && (selected.from === cell.sq || selected.via === cell.sq)) e.classList.add("sel");
      e.addEventListener("mousedown", ev => { ev.preventDefault(); pressed(cell.sq); });
      e.addEventListener("mouseup", () => released(cell.sq));
      board.appendChild(e);
    });
  });
}

function addCoord(e, kind, text) {
  const c = document.createElement("span");
  c.className = "coord " + kind;
  c.textContent = text;
  e.appendChild(c);
}

function lastMoveSquares() {
  const set = new Set();
  const rec = state.record.slice(0, replayAt === null ? undefined : replayAt);
  const m = [...rec].reverse().find(s => s.kind === "move");
  if (m) (m.t.match(/[a-z][0-9]+/g) || []).forEach(q => set.add(q));
  return set;
}

// ---- moves by click or drag ----

function moves() { return replayAt === null ? state.actions.filter(a => a.to) : []; }

// The moves the chosen piece (or hand piece) may still make: after a
// first leg to `via`, the two-leg moves through it.
function candidates() {
  if (!selected) return [];
  if (selected.drop) return moves().filter(a => a.drop === selected.drop);
  return moves().filter(a => a.from === selected.from && (!selected.via || a.via === selected.via));
}

// Where the chosen piece may end (every move's last square), and the
// middle squares of two-leg moves that no move ends on: clicking one of
// those makes the first leg.
function targetSquares() {
  const final = new Set(), via = new Set();
  const cs = candidates();
  for (const a of cs) final.add(a.to);
  if (!selected || !selected.via) for (const a of cs) if (a.via && !final.has(a.via)) via.add(a.via);
  return { final, via };
}

let pressedOn = null;
let keepOffer = false;   // the buttons of moves that end on one square are up
function pressed(sq) {
  pressedOn = sq;
  keepOffer = false;
  if (selected && clickTarget(sq)) return;
  if (moves().some(a => a.from === sq)) { selected = { from: sq }; render(); }
  else if (selected) { selected = null; render(); }
}

function released(sq) {
  if (pressedOn && pressedOn !== sq && selected && selected.from === pressedOn) clickTarget(sq);
  pressedOn = null;
}

// A click on a square while a piece is chosen: a move, a first leg, or
// nothing (false). Moves that end on the square are played, or offered as
// buttons when several do (promotions, or a one-leg and a two-leg move).
function clickTarget(sq) {
  const cs = candidates();
  const done = cs.filter(a => a.to === sq && (!selected.via || a.via === selected.via));
  if (done.length === 1) { send("/play", done[0].t); return true; }
  if (done.length > 1) { offerMoves(done); return true; }
  if (!selected.via && cs.some(a => a.via === sq)) { selected = { ...selected, via: sq }; render(); return true; }
  return false;
}

function offerMoves(options) {
  const box = $("choices");
  box.replaceChildren(...options.map(a => choiceButton(a.t, moveLabel(a))));
  $("prompt").textContent = "Which move?";
  keepOffer = true;
}

function moveLabel(a) {
  const l = state.legend.find(x => x.symbol.toUpperCase() === (a.promo || "").toUpperCase());
  const parts = [a.t];
  if (a.via) parts.push("through " + a.via);
  if (a.promo) parts.push("promoting to " + (l ? l.name : a.promo));
  return parts.join(", ");
}

function choiceButton(t, label) {
  const b = document.createElement("button");
  b.className = "choice";
  b.dataset.t = t;
  b.textContent = label;
  b.onclick = () => send("/play", t);
  return b;
}

// ---- hands ----

function renderHands() {
  const s = shown();
  const sides = flipped ? ["w", "b"] : ["b", "w"];
  ["hand-top", "hand-bottom"].forEach((id, i) => {
    const box = $(id);
    box.replaceChildren();
    if (!s.hands) return;
    const side = sides[i];
    const list = s.hands[side === "w" ? 0 : 1];
    box.dataset.side = side;
    for (const h of list) {
      const b = document.createElement("button");
      b.className = "hand-piece";
      b.dataset.letter = h.letter;
      b.dataset.side = side;
      b.appendChild(pieceElement({ kind: h.kind, color: side, symbol: h.symbol }));
      b.appendChild(document.createTextNode("\u00d7" + h.count));
      const mine = moves().some(a => a.drop === h.letter);
      if (selected && selected.drop === h.letter && mine) b.classList.add("sel");
      b.onclick = () => { if (mine) { selected = { drop: h.letter }; render(); } };
      box.appendChild(b);
    }
  });
}

// ---- dice, modes, food ----

const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function dieElement(face, sides) {
  const d = document.createElement("div");
  d.className = "die";
  d.dataset.face = face;
  if (sides <= 6 && PIPS[face]) {
    for (let i = 0; i < 9; i++) {
      const p = document.createElement("span");
      if (PIPS[face].includes(i)) p.className = "pip";
      d.appendChild(p);
    }
  } else { d.classList.add("number"); d.textContent = face; }
  d.title = "d" + sides + ": " + face;
  return d;
}

function renderDice() {
  const s = shown();
  const dice = s.dice;
  $("dice-panel").hidden = !dice && !state.modes && !state.food;
  if (!dice) { $("dice").replaceChildren(); $("dice-words").textContent = "no throw yet"; return; }
  const box = $("dice");
  box.replaceChildren(...dice.faces.map((f, i) => dieElement(+f, +dice.sides[i])));
  if (!dice.faces.length) box.textContent = dice.token;
  const words = s.status ? s.status.headline : "";
  $("dice-words").textContent = dice.by + " threw " + dice.faces.join(" and ") + " (" + dice.token + ")" + (words ? " \u2014 " + words : "");
  if (replayAt === null && dice.count !== lastThrows) {
    lastThrows = dice.count;
    box.querySelectorAll(".die").forEach(d => d.classList.add("rolling"));
  }
}

function renderModes() {
  const s = shown();
  $("modes-panel").hidden = !s.modes;
  if (!s.modes) return;
  $("modes").replaceChildren(...s.modes.map(m => {
    const e = document.createElement("div");
    e.className = "mode";
    e.id = "mode-" + m.side.toLowerCase()[0];
    const head = document.createElement("b");
    head.textContent = m.side + ": " + m.title + (m.name && m.name !== "-" ? " " + m.name : "");
    e.appendChild(head);
    const ch = document.createElement("span");
    ch.className = "change";
    ch.textContent = " \u2014 " + m.changes.map(c => c.name + " moves " + (c.betza || "not at all")).join("; ");
    e.appendChild(ch);
    return e;
  }));
}

function renderFood() {
  const s = shown();
  $("food-panel").hidden = !s.food;
  if (!s.food) return;
  $("food-title").textContent = s.food.word[0].toUpperCase() + s.food.word.slice(1);
  const onBoard = s.board.rows.flat().reduce((n, c) => n + (c ? +c.food : 0), 0);
  $("food").innerHTML = "";
  const p = document.createElement("div");
  p.id = "stores";
  p.textContent = `Stores: White ${s.food.stores[0]}, Black ${s.food.stores[1]} (at most ${s.food.storeMax}); ${onBoard} on the board`;
  $("food").appendChild(p);
  const w = state.legend.filter(l => l.wakes);
  if (w.length) {
    const q = document.createElement("div");
    q.textContent = "Waking costs: " + w.map(l => l.name + " " + l.wakes.cost).join(", ");
    $("food").appendChild(q);
  }
}

// ---- what the game waits for ----

function renderPrompt() {
  const s = state;
  $("ended").textContent = s.ended ? s.ended.result + " \u2014 " + s.ended.reason : "";
  $("throw").hidden = !(s.waitsForPerson && s.pending === "throw" && !s.ended && replayAt === null);
  const box = $("choices");
  if (keepOffer && s.waitsForPerson && s.pending === "move") return;
  keepOffer = false;
  box.replaceChildren();
  let prompt = "";
  if (s.ended) prompt = "";
  else if (!s.waitsForPerson) prompt = s.actor + ": the engine is thinking\u2026";
  else if (s.pending === "throw") prompt = s.actor + ": throw the dice";
  else if (s.pending === "move") prompt = s.actor + " to move" + (selected ? "" : ": pick a piece");
  else prompt = s.actor + ": choose";
  if (s.waitsForPerson && s.pending !== "move" && s.pending !== "throw" && replayAt === null) {
    box.replaceChildren(...s.actions.filter(a => !a.to).map(a => choiceButton(a.t, a.label)));
  }
  $("prompt").textContent = prompt;
}

function renderPlayers() {
  const sides = flipped ? ["w", "b"] : ["b", "w"];
  ["player-top", "player-bottom"].forEach((id, i) => {
    const side = sides[i];
    const e = $(id);
    e.dataset.side = side;
    const seat = state.seats[side === "w" ? 0 : 1];
    e.querySelector(".name").textContent = (side === "w" ? "White" : "Black") + " \u2014 " + seat;
    e.classList.toggle("toact", !state.ended && state.actor[0].toLowerCase() === side);
  });
  tickClocks();
}

function tickClocks() {
  if (!state) return;
  const c = state.clocks;
  const gone = performance.now() - receivedAt;
  ["player-top", "player-bottom"].forEach(id => {
    const e = $(id);
    const side = e.dataset.side;
    const i = side === "w" ? 0 : 1;
    const running = c.running && c.running[0].toLowerCase() === side && !state.ended;
    const clock = e.querySelector(".clock");
    clock.id = "clock-" + side;
    clock.classList.toggle("running", running);
    if (!c.timed) { clock.textContent = ""; return; }
    const ms = Math.max(0, c.left[i] - (running ? gone : 0));
    const t = Math.ceil(ms / 1000);
    clock.textContent = Math.floor(t / 60) + ":" + String(t % 60).padStart(2, "0");
  });
}

function renderThinking() {
  const t = state.thinking;
  $("thinking").textContent = t ? `${t.side}: depth ${t.depth}, score ${t.score} (for ${t.side}), ${t.nodes} nodes${t.active ? " (thinking)" : ""}\n${t.pv}` : "";
}

function renderRecord() {
  const box = $("record");
  box.replaceChildren();
  let n = 0;
  state.record.forEach((s, i) => {
    if (s.kind === "move" && s.actor === "w") { n++; box.appendChild(document.createTextNode(" " + n + ". ")); }
    else if (s.kind === "move" && i === 0) box.appendChild(document.createTextNode(" 1... "));
    const e = document.createElement("span");
    e.className = "step " + s.kind;
    e.dataset.index = i;
    e.textContent = s.t + (s.faces ? "[" + s.faces.join(",") + "]" : "");
    if (replayAt === i + 1) e.classList.add("current");
    e.onclick = () => replayTo(i + 1);
    box.appendChild(e);
    box.appendChild(document.createTextNode(" "));
  });
  if (replayAt === null) box.scrollTop = box.scrollHeight;
}

function renderLegend() {
  const table = $("legend").querySelector("table");
  table.replaceChildren(...state.legend.map(l => {
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    td.appendChild(pieceElement({ kind: l.kind, color: "w", symbol: l.symbol }));
    tr.appendChild(td);
    const extra = l.wakes ? ` (asleep; wakes as ${l.wakes.as} for ${l.wakes.cost})` : l.woken ? " (woken)" : "";
    const moves = l.betza === l.betzaBlack ? l.betza : `White ${l.betza || "-"}, Black ${l.betzaBlack || "-"}`;
    for (const text of [l.symbol, l.name + extra, moves]) {
      const c = document.createElement("td");
      c.textContent = text;
      tr.appendChild(c);
    }
    return tr;
  }));
}

function render() {
  if (!state) return;
  if (selected && !candidates().length) selected = null;
  renderBoard();
  renderHands();
  renderDice();
  renderModes();
  renderFood();
  renderPrompt();
  renderPlayers();
  renderThinking();
  renderRecord();
  renderLegend();
  $("replaybar").classList.toggle("on", replayAt !== null);
  $("replay-at").textContent = replayAt === null ? "" : `step ${replayAt} of ${state.record.length}`;
  document.body.dataset.variant = state.variant;
  document.title = "menagerie \u2014 " + state.variant;
}

// ---- replay ----

async function replayTo(n) {
  n = Math.max(0, Math.min(n, state.record.length));
  try {
    replayView = JSON.parse(await call("GET", "/view?upto=" + n));
    replayAt = n;
    selected = null;
    render();
  } catch (e) { $("message").textContent = e.message; }
}

function exitReplay() { replayAt = null; replayView = null; render(); }

// ---- the header's controls ----

async function loadGames() {
  const games = JSON.parse(await call("GET", "/games"));
  $("variant").replaceChildren(...games.map(g => { const o = document.createElement("option"); o.textContent = g; return o; }));
}

function startGame() {
  exitReplay();
  const lines = [`variant=${$("variant").value}`, `white=${$("white").value}`, `black=${$("black").value}`, `time=${$("time").value}`];
  if ($("seed").value.trim()) lines.push("seed=" + $("seed").value.trim());
  lastThrows = 0;
  send("/new", lines.join("\n"));
}

async function showRecord() {
  $("pgn").value = "";
  try {
    const pgn = await call("GET", "/record");
    $("pgn").value = pgn;
    $("pgn-title").textContent = "The game's record (PGN, with every throw and the dice seed):";
    $("pgn-download").href = URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" }));
    $("pgn-download").hidden = false;
    $("pgn-dialog").showModal();
  } catch (e) { $("message").textContent = e.message; }
}

function askRecord() {
  $("pgn").value = "";
  $("pgn-title").textContent = "Paste a saved record to go on with its game:";
  $("pgn-download").hidden = true;
  $("pgn-dialog").showModal();
}

function wire() {
  $("start").onclick = startGame;
  $("takeback").onclick = () => { exitReplay(); send("/takeback", ""); };
  $("flip").onclick = () => { flipped = !flipped; render(); };
  $("save").onclick = showRecord;
  $("load").onclick = askRecord;
  $("throw").onclick = () => send("/throw", "");
  $("pgn-close").onclick = () => $("pgn-dialog").close();
  $("pgn-load").onclick = () => { $("pgn-dialog").close(); exitReplay(); send("/load", $("pgn").value); };
  $("replay-start").onclick = () => replayTo(0);
  $("replay-prev").onclick = () => replayTo((replayAt ?? state.record.length) - 1);
  $("replay-next").onclick = () => replayTo((replayAt ?? state.record.length) + 1);
  $("replay-end").onclick = () => replayTo(state.record.length);
  $("replay-exit").onclick = exitReplay;
  document.addEventListener("keydown", e => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
    if (e.key === "ArrowLeft") replayTo((replayAt ?? state.record.length) - 1);
    if (e.key === "ArrowRight" && replayAt !== null) replayTo(replayAt + 1);
    if (e.key === "Escape" && selected) { selected = null; render(); }
  });
}

async function main() {
  wire();
  await loadGames();
  await refresh();
  if (state) {
    $("variant").value = state.variant;
    $("white").value = state.seats[0];
    $("black").value = state.seats[1];
    if ([...$("time").options].some(o => o.value === state.time)) $("time").value = state.time;
    lastThrows = state.dice ? state.dice.count : 0;
  }
  setInterval(refresh, 300);
  setInterval(tickClocks, 200);
}
main();
