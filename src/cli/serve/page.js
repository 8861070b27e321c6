// The page of `tabula serve`: a board drawn by the server as SVG, moves made by clicking the
// cells each legal move names, computer players, records, perft, and the description's
// editor with its diagnostics. The server keeps no game: every request sends the
// description's text and the moves so far.
"use strict";

const $ = (id) => document.getElementById(id);

const SIDES = [
  ["human", "person"],
  ["default", "computer (default)"],
  ["mcts:1s", "MCTS, 1 s a move"],
  ["mcts:200ms", "MCTS, 0.2 s a move"],
  ["alphabeta:3", "alpha-beta, depth 3"],
  ["random", "random moves"],
];

const game = {
  file: "",
  source: "",     // the description the game is played under (the last valid text)
  position: null, // the start position string, when not the game's own
  moves: [],
  view: null,     // the last answer of /api/state
  selection: [],  // clicked cells (and `hand:X`) of the move being made
  generation: 0,  // bumped whenever the game changes, so late computer moves are dropped
};

// Requests under way, shown as `data-busy` on the body (tests wait for it to be 0).
let pending = 0;

async function post(path, body) {
  document.body.dataset.busy = ++pending;
  try {
    const r = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await r.json();
    return { ok: r.ok, status: r.status, data };
  } finally {
    document.body.dataset.busy = --pending;
  }
}

function request(extra) {
  return Object.assign(
    { source: game.source, file: game.file, position: game.position, moves: game.moves },
    extra || {},
  );
}

function say(text) {
  $("message").textContent = text || "";
}

// ---------------------------------------------------------------- games and sides

function fillSides(select) {
  for (const [value, label] of SIDES) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = label;
    select.appendChild(o);
  }
}

// The sides of a game of more than two players: one more chooser per player, played by the
// computer until changed; choosers past the game's players are hidden.
function showSides(players) {
  for (let p = 2; p < players.length; p++) {
    if (!$("side" + p)) {
      const label = document.createElement("label");
      label.className = "extra-side";
      const name = document.createElement("span");
      name.id = "side" + p + "-name";
      const select = document.createElement("select");
      select.id = "side" + p;
      select.className = "side";
      fillSides(select);
      select.value = "default";
      select.addEventListener("change", refresh);
      label.append(name, " ", select);
      $("side" + (p - 1)).parentElement.after(label);
    }
  }
  for (let p = 0; $("side" + p); p++) {
    $("side" + p).parentElement.hidden = p >= players.length;
    if (p < players.length) $("side" + p + "-name").textContent = players[p];
  }
}

function playerNumbers() {
  return game.view ? game.view.players.map((_, i) => i) : [0, 1];
}

async function start() {
  for (const id of ["side0", "side1"]) fillSides($(id));
  $("side0").value = "human";
  $("side1").value = "default";
  const r = await fetch("/api/games");
  const { games } = await r.json();
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.file;
    o.textContent = g.title;
    $("game").appendChild(o);
  }
  const wanted = new URLSearchParams(location.search).get("game");
  const names = games.map((g) => g.file);
  const first =
    [wanted, wanted && wanted + ".game", "chess.game"].find((n) => n && names.includes(n)) ||
    names[0];
  $("game").value = first;
  await openGame(first);
}

async function openGame(file) {
  const r = await fetch("/api/source?file=" + encodeURIComponent(file));
  const text = await r.text();
  game.file = file;
  $("file-name").textContent = file;
  $("source").value = text;
  game.source = text;
  newGame();
  await checkSource();
}

function newGame() {
  game.moves = [];
  game.position = null;
  game.selection = [];
  game.generation++;
  say("");
  $("perft-out").textContent = "";
  refresh();
}

function sideOf(turn) {
  return $("side" + turn).value;
}

// ---------------------------------------------------------------- the board

async function refresh() {
  const generation = ++game.generation;
  const { ok, data } = await post("/api/state", request());
  if (generation !== game.generation) return;
  if (!ok) {
    say(data.error || "the description has errors: see them beside it");
    return;
  }
  game.view = data;
  game.selection = [];
  $("board").innerHTML = data.svg;
  showSides(data.players);
  const status = $("status");
  if (data.outcome) {
    status.textContent = data.outcome.text;
    status.className = "over";
  } else {
    const thrown = data.throw === null || data.throw === undefined ? "" : ", with a throw of " + data.throw;
    status.textContent = data.players[data.turn] + (data.chance ? " to throw" : " to move" + thrown);
    status.className = "";
  }
  $("pass").hidden = !data.moves.some((m) => m.text === "pass");
  hideChoices();
  showHistory();
  // The dice are thrown for every player, a person too (the server draws the throw).
  if (!data.outcome && (data.chance || sideOf(data.turn) !== "human")) {
    computerMove(generation);
  }
}

function showHistory() {
  const list = $("history");
  list.innerHTML = "";
  for (const m of game.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    list.appendChild(li);
  }
}

// The seed of this page's throws of the dice.
const diceSeed = Math.floor(Math.random() * 1e9);

async function computerMove(generation) {
  const turn = game.view.turn;
  $("status").textContent =
    game.view.players[turn] + (game.view.chance ? " throws..." : " is thinking...");
  const { ok, data } = await post(
    "/api/ai",
    // A throw is drawn from this page's own seed, so that games differ; a computer player's
    // choice stays the same for the same game.
    game.view.chance
      ? request({ player: "random", seed: diceSeed + game.moves.length })
      : request({ player: sideOf(turn), seed: game.moves.length + 1 }),
  );
  if (generation !== game.generation) return;
  if (!ok) {
    say(data.error);
    return;
  }
  play(data.move);
}

async function play(text) {
  const before = game.moves.slice();
  game.moves.push(text);
  const { ok, data } = await post("/api/state", request());
  if (!ok) {
    game.moves = before;
    say(data.error);
    return false;
  }
  say("");
  await refresh();
  return true;
}

// The tokens a move is made of: `hand:X` for a drop's piece, then its cells.
function tokens(m) {
  return (m.hand ? ["hand:" + m.hand.toUpperCase()] : []).concat(m.cells);
}

function startsWith(list, prefix) {
  return prefix.every((t, i) => list[i] === t);
}

function clickToken(event) {
  const hand = event.target.closest(".hand");
  if (hand) {
    if (Number(hand.dataset.owner) !== game.view.turn) return null;
    return "hand:" + (hand.dataset.piece || "").toUpperCase();
  }
  const cell = event.target.closest("[data-cell]");
  return cell ? cell.dataset.cell : null;
}

function onBoardClick(event) {
  const view = game.view;
  if (!view || view.outcome || sideOf(view.turn) !== "human") return;
  const token = clickToken(event);
  if (!token) return;
  let selection = game.selection.concat([token]);
  let candidates = view.moves.filter((m) => startsWith(tokens(m), selection));
  if (candidates.length === 0) {
    // Start again from this cell (another piece), or let go.
    selection = [token];
    candidates = view.moves.filter((m) => startsWith(tokens(m), selection));
    if (candidates.length === 0) selection = [];
  }
  game.selection = selection;
  const complete = candidates.filter((m) => tokens(m).length === selection.length);
  const longer = candidates.filter((m) => tokens(m).length > selection.length);
  hideChoices();
  if (complete.length === 1 && longer.length === 0) {
    game.selection = [];
    mark();
    play(complete[0].text);
    return;
  }
  if (complete.length > 0) showChoices(complete);
  mark(longer.map((m) => tokens(m)[selection.length]));
}

// Marks the selected cells and the next cells a move can go on to.
function mark(targets) {
  const board = $("board");
  for (const e of board.querySelectorAll(".selected, .target")) {
    e.classList.remove("selected", "target");
  }
  for (const t of game.selection) {
    if (t.startsWith("hand:")) {
      const piece = t.slice(5);
      for (const h of board.querySelectorAll(".hand")) {
        if ((h.dataset.piece || "").toUpperCase() === piece &&
            Number(h.dataset.owner) === game.view.turn) {
          h.classList.add("selected");
        }
      }
    } else {
      for (const c of board.querySelectorAll('.cell[data-cell="' + t + '"]')) {
        c.classList.add("selected");
      }
    }
  }
  for (const t of targets || []) {
    for (const c of board.querySelectorAll('.cell[data-cell="' + t + '"]')) {
      c.classList.add("target");
    }
  }
}

function showChoices(moves) {
  const box = $("choices");
  box.innerHTML = "";
  const label = document.createElement("span");
  label.textContent = "Which move?";
  box.appendChild(label);
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.text;
    b.addEventListener("click", () => {
      hideChoices();
      game.selection = [];
      play(m.text);
    });
    box.appendChild(b);
  }
  box.hidden = false;
}

function hideChoices() {
  $("choices").hidden = true;
  $("choices").innerHTML = "";
}

async function undo() {
  if (game.moves.length === 0) return;
  game.generation++;
  game.moves.pop();
  // Against a computer, take back its move too, so that the person is to move again.
  if (game.moves.length > 0 && playerNumbers().some((t) => sideOf(t) === "human")) {
    const { ok, data } = await post("/api/state", request());
    if (ok && sideOf(data.turn) !== "human") game.moves.pop();
  }
  say("");
  refresh();
}

// ---------------------------------------------------------------- records and perft

async function saveRecord() {
  const sides = playerNumbers().map(sideOf);
  const { ok, data } = await post("/api/record", request({ sides }));
  if (!ok) return say(data.error);
  const blob = new Blob([data.text], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = game.file.replace(/\.game$/, "") + ".record";
  a.click();
  URL.revokeObjectURL(a.href);
}

async function loadRecord(file) {
  const text = await file.text();
  const { ok, data } = await post("/api/load", { source: game.source, file: game.file, record: text });
  if (!ok) return say(data.error);
  game.position = data.position;
  game.moves = data.moves;
  say(data.note || "");
  refresh();
}

async function perft(divide) {
  const depth = Number($("depth").value);
  $("perft-out").textContent = "counting...";
  const { ok, data } = await post("/api/perft", request({ depth, divide }));
  if (!ok) {
    $("perft-out").textContent = data.error;
    return;
  }
  let text = "perft " + data.depth + ": " + data.nodes.toLocaleString("en") +
    " (" + data.seconds.toFixed(3) + " s)\n";
  for (const d of data.divide || []) text += d.move + ": " + d.nodes + "\n";
  $("perft-out").textContent = text;
}

// ---------------------------------------------------------------- the editor

let checkTimer = null;
let checked = "";

function escapeHtml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function offsetOf(lines, line, column) {
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  return at + column - 1;
}

function showDiagnostics(text, result) {
  const lines = text.split("\n");
  const kinds = new Map();
  for (const d of result.diagnostics) {
    for (let l = d.line; l <= d.end_line; l++) {
      if (kinds.get(l) !== "error") kinds.set(l, d.severity);
    }
  }
  $("gutter").innerHTML = lines
    .map((_, i) => {
      const k = kinds.get(i + 1);
      return k ? '<span class="' + k + '">' + (i + 1) + "</span>" : String(i + 1);
    })
    .join("\n") + "\n";
  // Underline each span in the backdrop, behind the transparent text area.
  const spans = result.diagnostics
    .map((d) => {
      const a = offsetOf(lines, d.line, d.column);
      const b = Math.max(a + 1, offsetOf(lines, d.end_line, d.end_column));
      return [a, Math.min(b, text.length), d.severity];
    })
    .sort((x, y) => x[0] - y[0]);
  let html = "";
  let at = 0;
  for (const [a, b, kind] of spans) {
    if (a < at) continue;
    html += escapeHtml(text.slice(at, a));
    html += '<mark class="' + kind + '">' + escapeHtml(text.slice(a, b) || " ") + "</mark>";
    at = b;
  }
  $("backdrop").innerHTML = html + escapeHtml(text.slice(at)) + "\n";
  const list = $("diagnostics");
  list.innerHTML = "";
  for (const d of result.diagnostics) {
    const li = document.createElement("li");
    li.className = d.severity;
    li.dataset.line = d.line;
    let body = "line " + d.line + ":" + d.column + ": " + d.severity + ": " + d.message;
    if (d.label) body += "\n  " + d.label;
    for (const n of d.notes) body += "\n  = " + n;
    li.textContent = body;
    li.addEventListener("click", () => {
      const src = $("source");
      const a = offsetOf(lines, d.line, d.column);
      src.focus();
      src.setSelectionRange(a, Math.max(a, offsetOf(lines, d.end_line, d.end_column)));
    });
    list.appendChild(li);
  }
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const status = $("check-status");
  status.className = result.ok ? "ok" : "bad";
  status.textContent = result.ok
    ? "valid" + (result.diagnostics.length ? " (" + result.diagnostics.length + " warnings)" : "")
    : errors + (errors === 1 ? " error" : " errors");
}

async function checkSource() {
  const text = $("source").value;
  if (text === checked) return;
  checked = text;
  const { data } = await post("/api/check", { source: text, file: game.file });
  if ($("source").value !== text) return; // typed on meanwhile
  showDiagnostics(text, data);
  if (data.ok && text !== game.source) {
    // A valid change: the game starts again under the new rules.
    game.source = text;
    newGame();
  }
}

function syncScroll() {
  const src = $("source");
  $("backdrop").scrollTop = src.scrollTop;
  $("backdrop").scrollLeft = src.scrollLeft;
  $("gutter").scrollTop = src.scrollTop;
}

// ---------------------------------------------------------------- wiring

$("board").addEventListener("click", onBoardClick);
$("game").addEventListener("change", (e) => openGame(e.target.value));
$("new").addEventListener("click", newGame);
$("undo").addEventListener("click", undo);
$("pass").addEventListener("click", () => play("pass"));
$("save").addEventListener("click", saveRecord);
$("load").addEventListener("change", (e) => e.target.files[0] && loadRecord(e.target.files[0]));
$("perft").addEventListener("click", () => perft(false));
$("divide").addEventListener("click", () => perft(true));
for (const id of ["side0", "side1"]) $(id).addEventListener("change", refresh);
$("typed").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("move").value.trim();
  if (text && (await play(text))) $("move").value = "";
});
$("source").addEventListener("input", () => {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkSource, 250);
});
$("source").addEventListener("scroll", syncScroll);
start();
