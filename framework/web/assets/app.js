// The page: a game played over the server's WebSocket (the server holds
// the session and its move tree; this draws what it sends), results
// folders to replay, and tournaments to start and watch. Plain JavaScript,
// no framework: the server sends whole views, so the page keeps almost no
// state of its own (the selection of a move being clicked, the board's
// orientation, the tab shown).
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null;
let view = null; // the last state the server sent
let selection = []; // the cells clicked so far of a move being entered
let clicked = null; // when the click that asked for the next drawing came
let games = [];
let watching = null; // the timer polling a tournament's standings
let hint = null; // the last hint, and the node of the position it is for
let flipped = false; // the board turned around
let newGame = null; // the seats of a new game asked for, until answered
let afterReplay = null; // the ply to show once a linked replay is open
let evalPly = null; // maps a click on the evaluation graph to a ply

// What the browser test reads: milliseconds from a click to the board
// answering it, when search progress arrived, and how many states the
// server has sent (a sync point: every request is answered by one).
window.tabulaTimings = [];
window.tabulaProgress = [];
window.tabulaStates = 0;

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

async function api(path, options) {
  const response = await fetch(path, options);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// --- the game -------------------------------------------------------------

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/play`);
  socket.onopen = openFromLink;
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = () => showError("The connection to the server closed: reload the page.");
}

function send(request) {
  showError("");
  socket.send(JSON.stringify(request));
}

function receive(message) {
  switch (message.type) {
    case "state": window.tabulaStates += 1; return drawState(message);
    case "progress": return drawProgress(message);
    case "thought": return drawThought(message);
    case "solved": return drawSolved(message.analysis);
    case "record": return download(message.text);
    case "error": return refused(message.message);
  }
}

// An error: said, and a refused seat of a new game marked where it was typed.
function refused(message) {
  showError(message);
  if (!newGame) return;
  const labels = [...document.querySelectorAll("#seats label")].map((l) => l.firstChild.textContent);
  const input = $(`seat-${labels.findIndex((name) => message.startsWith(`${name}:`))}`);
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", "error");
    input.focus();
  }
  newGame = null;
}

function seatName(seat) {
  return view ? view.seats[seat].name : `seat ${seat}`;
}

function humanToMove() {
  return view && view.to_move !== null && view.thinking === null
    && view.seats[view.to_move].agent === "human";
}

// The node shown, the one before it and the one after it on its line.
function here() {
  const ply = view.moves.length;
  return {
    node: view.node,
    back: ply === 0 ? null : ply === 1 ? 0 : view.line[ply - 2],
    forward: view.line[ply] ?? null,
    end: view.line.length ? view.line[view.line.length - 1] : 0,
  };
}

function drawState(state) {
  if (!view || view.game !== state.game || view.mode !== state.mode || state.tree.length < view.tree.length
    || (state.replay && view.replay && state.replay.name !== view.replay.name)) {
    // Another game: the last search was about the one before.
    $("search-line").textContent = "No search yet.";
    $("search-moves").innerHTML = "";
    hint = null;
  }
  const fresh = !view || view.game !== state.game || state.tree.length < view.tree.length;
  view = state;
  selection = [];
  if (newGame) {
    newGame = null;
    for (const input of document.querySelectorAll("#seats input")) input.removeAttribute("aria-invalid");
  }
  drawBoard(state);
  // The current position's text, unless the user is editing it.
  if (document.activeElement !== $("position-input")) $("position-input").value = state.position;
  let status = state.status;
  if (state.thinking !== null) {
    const seat = state.seats[state.thinking];
    const agent = seat.agent === "human" ? "hint" : seat.agent;
    status += ` (${seat.name}: ${agent} is thinking…)`;
  }
  $("status").textContent = status;
  const badge = state.mode === "replay" ? `Replay ${state.replay.name}`
    : state.paused && state.seats.some((s) => s.agent !== "human") ? "Agents paused" : "";
  $("mode").textContent = badge;
  $("mode").hidden = !badge;
  document.body.dataset.moves = state.moves.length;
  document.body.dataset.over = state.outcome ? "yes" : "no";
  document.body.dataset.thinking = state.thinking === null ? "no" : "yes";
  document.body.dataset.mode = state.mode;
  drawTargets();
  drawHint();
  drawTree(state);
  drawEvals(state);
  drawNav(state);
  $("pause").textContent = state.paused ? "Let agents reply" : "Pause agents";
  $("pause").setAttribute("aria-pressed", String(state.paused));
  if (fresh && games.length) showSetup(state);
  if (afterReplay !== null && state.mode === "replay") {
    const ply = afterReplay;
    afterReplay = null;
    if (ply !== state.moves.length) send({ type: "goto", ply });
  }
  drawLink(state);
  answered("move");
}

// The board picture, named for screen readers: its text is the picture's,
// the click targets are buttons named by the server (`pit D, South, 4 seeds`).
function drawBoard(state) {
  const board = $("board");
  board.innerHTML = state.svg;
  board.classList.toggle("flipped", flipped);
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", `Board: ${state.game}`);
  for (const text of svg.querySelectorAll("text")) text.setAttribute("aria-hidden", "true");
  for (const target of cells()) target.setAttribute("role", "button");
}

// Records how long the board took to answer the click that asked.
function answered(kind) {
  if (clicked && clicked.kind === kind) {
    window.tabulaTimings.push({ kind, ms: performance.now() - clicked.at });
    clicked = null;
  }
}

function cells() {
  return [...document.querySelectorAll("#board [data-cell]")];
}

// Tints the cells that extend the move being entered and makes them
// reachable by the keyboard; what a move names beyond the board becomes a
// button under it.
function drawTargets() {
  const human = humanToMove();
  const { next, ends } = Board.next(view.legal, selection);
  const onBoard = new Set();
  for (const target of cells()) {
    const cell = target.dataset.cell;
    onBoard.add(cell);
    const legal = human && next.includes(cell);
    const chosen = selection.includes(cell);
    target.classList.toggle("legal", legal);
    target.classList.toggle("selected", chosen);
    if (legal || chosen) target.setAttribute("tabindex", "0");
    else target.removeAttribute("tabindex");
    target.setAttribute("aria-disabled", String(!legal && !chosen));
    target.setAttribute("aria-pressed", String(chosen));
  }
  const box = $("choices");
  box.innerHTML = "";
  if (!human) return;
  const button = (text, action, label) => {
    const b = element("button", "choice", text);
    if (label) b.setAttribute("aria-label", label);
    b.onclick = action;
    box.append(b);
  };
  for (const token of next.filter((t) => !onBoard.has(t))) {
    button(token, () => choose(token));
  }
  if (ends && selection.length > 0) button(`play ${ends}`, () => play(ends));
  if (selection.length > 0) button("cancel", () => { selection = []; drawTargets(); }, "Cancel the move being entered");
}

function choose(cell) {
  if (!humanToMove()) return;
  const at = performance.now();
  const result = Board.click(view.legal, selection, cell);
  if (result.play) {
    play(result.play, at);
  } else if (result.selection) {
    selection = result.selection;
    drawTargets();
    window.tabulaTimings.push({ kind: "select", ms: performance.now() - at });
    const first = document.querySelector("#board .target.legal");
    if (document.activeElement && document.activeElement.closest("#board") && first) first.focus();
  } else {
    selection = [];
    drawTargets();
  }
}

function play(move, at) {
  clicked = { kind: "move", at: at || performance.now() };
  send({ type: "play", move });
}

// --- the move tree --------------------------------------------------------

// The mark of a judged move: kept (✓), lost a result (✗, in red, with
// the margin given up on a margin table), kept it more slowly (?!) or
// gave up margin (−2).
function verdictOf(node) {
  const v = node.verdict;
  if (!v) return null;
  if (v.opening) return { kind: "opening", mark: "", words: "an opening move, chosen for the agents" };
  const margin = v.margin_lost ? `gave up ${v.margin_lost} of margin, best ${v.best.join(", ")}` : "";
  if (v.lost) return { kind: "lost", mark: "✗", words: `lost: ${v.lost_words}` + (margin && `, ${margin}`) };
  if (v.margin_lost) return { kind: "slower", mark: `−${v.margin_lost}`, words: margin };
  // From a lost position every move loses: nothing was at stake.
  if (!v.at_stake) return { kind: "lost-already", mark: "", words: `the position was lost already` };
  if (!v.perfect) return { kind: "slower", mark: "?!", words: `kept the ${v.position.result}, not the quickest way (best ${v.best.join(", ")})` };
  return { kind: "kept", mark: "✓", words: `kept the ${v.position.result}` };
}

function moveButton(state, id, numbered) {
  const node = state.tree[id];
  const seat = node.seat ?? 0;
  // Numbered by round: `3.` before the first seat's move, `3…` before
  // another seat's that starts a line.
  const round = Math.floor((node.ply - 1) / state.seats.length) + 1;
  // A round's number and moves wrap together.
  const fragment = element("span", "round");
  if (seat === 0) fragment.append(element("span", "number", `${round}.`));
  else if (numbered) fragment.append(element("span", "number", `${round}…`));
  const button = element("button", "mv", node.mv);
  button.dataset.node = id;
  const verdict = verdictOf(node);
  let label = `Move ${node.ply}: ${seatName(seat)} ${node.mv}`;
  if (verdict) {
    button.classList.add(verdict.kind);
    if (verdict.mark) button.append(element("span", "mark", verdict.mark));
    label += `, ${verdict.words}`;
    button.title = verdict.words;
  }
  button.setAttribute("aria-label", label);
  if (id === state.node) button.setAttribute("aria-current", "step");
  button.onclick = () => send({ type: "goto", node: id });
  fragment.append(button);
  return fragment;
}

// The main line flows; each variation is indented under the move it
// replaces, as lichess and the other analysis boards show them.
function drawLine(state, container, first) {
  let row = element("div", "line");
  container.append(row);
  let id = first, numbered = true, round = null;
  while (id !== undefined) {
    const move = moveButton(state, id, numbered);
    if (move.firstChild.classList.contains("number") || !round) {
      round = move;
      row.append(round);
    } else {
      round.append(...move.childNodes);
    }
    numbered = false;
    const parent = state.tree[state.tree[id].parent];
    if (parent.children[0] === id && parent.children.length > 1) {
      for (const other of parent.children.slice(1)) {
        const variation = element("div", "variation");
        variation.setAttribute("role", "group");
        variation.setAttribute("aria-label", `Variation from move ${state.tree[other].ply}`);
        container.append(variation);
        drawLine(state, variation, other);
      }
      row = element("div", "line");
      container.append(row);
      numbered = true;
      round = null;
    }
    id = state.tree[id].children[0];
  }
}

function drawTree(state) {
  const box = $("tree");
  const scroll = box.scrollTop;
  box.innerHTML = "";
  const root = state.tree[0];
  if (!root.children.length) {
    box.append(element("p", "empty", "No moves yet: click the board or type a move."));
  } else {
    drawLine(state, box, root.children[0]);
  }
  box.scrollTop = scroll;
  const current = box.querySelector('[aria-current="step"]');
  if (current) current.scrollIntoView({ block: "nearest" });
  // A variation shown can become the main line.
  const node = state.tree[state.node];
  $("promote").hidden = !state.line.some((id) => {
    const parent = state.tree[state.tree[id].parent];
    return parent.children[0] !== id;
  }) || !node;
  drawJudged(state);
}

// In a judged replay: how many of each agent's moves kept the value.
function drawJudged(state) {
  const line = $("judged");
  if (!state.replay) { line.textContent = ""; return; }
  if (state.replay.judged !== "database") {
    line.textContent = state.replay.judged === "agents"
      ? "Values: what each agent's search reported as it played."
        + (state.replay.unjudged ? ` (${state.replay.unjudged}.)` : "")
      : "The record holds no values" + (state.replay.unjudged ? `; ${state.replay.unjudged}.` : ".");
    return;
  }
  const tally = state.seats.map(() => ({ moves: 0, kept: 0, lost: 0, best: 0 }));
  let id = state.tree[0].children[0];
  while (id !== undefined) {
    const node = state.tree[id];
    const v = node.verdict;
    if (v && !v.opening) {
      const t = tally[node.seat];
      t.moves += 1;
      t.best += v.perfect ? 1 : 0;
      t.lost += v.lost ? 1 : 0;
    }
    id = node.children[0];
  }
  line.textContent = "Judged by the database: " + tally.map((t, seat) =>
    `${state.replay.agents[seat]} (${state.seats[seat].name}) best in ${t.best} of ${t.moves}, lost ${t.lost}`).join("; ") + ".";
}

function drawNav(state) {
  const h = here();
  $("nav-first").disabled = h.node === 0;
  $("nav-prev").disabled = h.back === null;
  $("nav-next").disabled = h.forward === null;
  $("nav-last").disabled = h.forward === null;
  const length = state.line.length;
  $("ply-label").textContent = `move ${state.moves.length} of ${length}`;
}

function navigate(where) {
  if (!view) return;
  const h = here();
  const node = { first: 0, back: h.back, forward: h.forward, last: h.end }[where];
  if (node !== null && node !== undefined && node !== view.node) send({ type: "goto", node });
}

// --- searches and exact values --------------------------------------------

function drawProgress(progress) {
  window.tabulaProgress.push(performance.now());
  const value = progress.value === null ? "-" : progress.value.toFixed(3);
  const what = progress.hint ? "hint" : progress.agent;
  const pv = progress.pv.length ? `; pv ${progress.pv.join(" ")}` : "";
  // Alpha-beta goes by depth: its work is the nodes it searched.
  const work = progress.depth === null
    ? `${progress.iterations} iterations`
    : `depth ${progress.depth}, ${progress.iterations} nodes`;
  $("search-line").textContent = `${seatName(progress.seat)} (${what}): `
    + `${work} in ${progress.seconds.toFixed(1)} s, value ${value}, best ${progress.best || "-"}${pv}`;
  drawMoves(progress.moves, progress.depth !== null);
  markBest(progress.best);
  drawShares(progress.moves);
}

// The root moves of a search (running or done), best first, as a table.
function drawMoves(moves, byDepth) {
  const table = $("search-moves");
  table.innerHTML = moves.length
    ? `<tr><th>move</th><th>${byDepth ? "nodes" : "visits"}</th><th>share</th><th>value</th></tr>` : "";
  for (const m of moves.slice(0, 12)) {
    const row = table.insertRow();
    for (const text of [m.mv, m.visits, `${(100 * m.share).toFixed(1)}%`, m.value.toFixed(3)]) {
      row.insertCell().textContent = text;
    }
  }
}

// Each move's share of the search written on the cell it starts from
// (moves from one cell added up), replacing the shares drawn before.
function drawShares(moves) {
  clearLabels();
  const shares = new Map();
  for (const m of moves) {
    const cell = Board.tokens(m.mv)[0];
    shares.set(cell, (shares.get(cell) || 0) + m.share);
  }
  for (const [cell, share] of shares) label(cell, `${Math.round(100 * share)}%`, "#1971c2", "share");
}

function markBest(move) {
  const first = move ? Board.tokens(move)[0] : null;
  for (const target of cells()) target.classList.toggle("best", target.dataset.cell === first);
}

function drawThought(message) {
  const thought = message.thought;
  const search = thought.search;
  let line = `${message.hint ? "Hint" : "Played"} for ${seatName(thought.seat)}: ${thought.mv} (${thought.agent})`;
  if (thought.forced) {
    line += " — the only legal move";
  } else if (search) {
    const work = search.iterations === null
      ? `depth ${search.depth}, ${search.nodes} nodes`
      : `${search.iterations} iterations`;
    line += ` — value ${search.value.toFixed(3)}, ${work} in ${search.seconds.toFixed(2)} s; pv ${search.pv.join(" ")}`;
  } else if (thought.exact) {
    line += ` — ${thought.exact.value.text}`;
  }
  $("search-line").textContent = line;
  drawMoves(search ? search.moves : [], search && search.iterations === null);
  if (message.hint && search) {
    hint = { node: view.node, thought };
    drawHint();
  }
}

// The hint's move marked and the search's visits by the cell each move
// starts from, on the board, while the position is the one it is for.
function drawHint() {
  if (!hint || hint.node !== view.node) return;
  markBest(hint.thought.mv);
  drawShares(hint.thought.search.moves);
}

// The database's values of the position and of every move: in the table,
// and on the board (W7 wins in 7 plies, L12 loses in 12, D draws; for a
// game solved by score margin, the final margin each move secures).
function drawSolved(analysis) {
  const table = $("search-moves");
  $("search-line").textContent = `Exact value: ${analysis.value.text}`;
  table.innerHTML = "<tr><th>move</th><th>exact value</th></tr>";
  for (const m of analysis.moves) {
    const row = table.insertRow();
    row.insertCell().textContent = m.mv + (m.best ? " ★" : "");
    row.insertCell().textContent = m.value.text;
  }
  markBest((analysis.moves.find((m) => m.best) || {}).mv);
  clearLabels();
  for (const m of analysis.moves) {
    const v = m.value;
    const colour = v.result === "win" ? "#2b8a3e" : v.result === "loss" ? "#c92a2a" : "#555";
    const text = v.margin !== undefined ? (v.margin > 0 ? `+${v.margin}` : `${v.margin}`)
      : v.result === "draw" ? "D" : `${v.result === "win" ? "W" : "L"}${v.plies}`;
    label(Board.tokens(m.mv)[0], text, colour, "exact");
  }
}

// Removes the shares and exact values written on the board.
function clearLabels() {
  for (const old of document.querySelectorAll("#board text.share, #board text.exact")) old.remove();
}

// Writes `text` just above the click target of `cell`.
function label(cell, text, colour, kind) {
  const svg = document.querySelector("#board svg");
  const target = document.querySelector(`#board [data-cell="${CSS.escape(cell)}"]`);
  if (!svg || !target) return;
  const element = document.createElementNS("http://www.w3.org/2000/svg", "text");
  const r = Number(target.getAttribute("r"));
  element.setAttribute("x", target.getAttribute("cx"));
  element.setAttribute("y", Number(target.getAttribute("cy")) - r - 3);
  element.setAttribute("text-anchor", "middle");
  element.setAttribute("font-size", "11");
  element.setAttribute("font-weight", "bold");
  element.setAttribute("fill", colour);
  element.setAttribute("class", kind);
  element.setAttribute("aria-hidden", "true");
  element.textContent = text;
  svg.insertBefore(element, svg.querySelector("[data-cell]"));
}

// The values known along the line shown, for the first seat (two players)
// or the seat to move (more); a click jumps to that move.
function drawEvals(state) {
  const two = state.seats.length === 2;
  const lost = state.line.filter((id) => {
    const v = state.tree[id].verdict;
    return v && v.lost && !v.opening;
  }).map((id) => state.tree[id].ply);
  const chart = Charts.evals({
    evals: state.evals,
    plies: state.line.length,
    now: state.moves.length,
    two,
    who: two ? state.seats[0].name : "the seat to move",
    lost,
  });
  $("evals").innerHTML = chart.svg;
  evalPly = (event) => {
    const svg = $("evals").querySelector("svg");
    const box = svg.getBoundingClientRect();
    return chart.ply(((event.clientX - box.left) / box.width) * chart.width);
  };
}

function download(text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text + "\n"], { type: "application/json" }));
  link.download = `tabula-${view ? view.name : "game"}.json`;
  link.click();
}

// --- links ----------------------------------------------------------------

// The link to what is shown: a replay by its folder and record while its
// own moves are shown, else the game spec, its start position when set up,
// and the moves of the line, with the ply shown when it is not the last.
function link(state) {
  const params = new URLSearchParams(location.search);
  for (const key of ["game", "position", "moves", "ply", "replay"]) params.delete(key);
  const onRecord = state.replay && state.line.length === state.replay.length
    && state.line.every((id) => state.tree[state.tree[id].parent].children[0] === id);
  if (onRecord) {
    params.set("replay", `${state.replay.folder}/${state.replay.game}`);
  } else {
    params.set("game", state.game);
    if (state.start !== null) params.set("position", state.start);
    if (state.line.length) params.set("moves", state.line.map((id) => state.tree[id].mv).join(" "));
  }
  if (state.moves.length !== state.line.length) params.set("ply", state.moves.length);
  return `${location.origin}${location.pathname}?${params}`;
}

function drawLink(state) {
  const url = link(state);
  $("share-link").value = url;
  if (url !== location.href) history.replaceState(null, "", url);
}

// Opens what the page's address names (a shared link), once connected.
function openFromLink() {
  const params = new URLSearchParams(location.search);
  const ply = params.has("ply") ? Number(params.get("ply")) : null;
  const replay = (params.get("replay") || "").match(/^(\d+)\/(\d+)$/);
  if (replay) {
    afterReplay = ply;
    send({ type: "replay", folder: Number(replay[1]), game: Number(replay[2]) });
  } else if (params.get("game")) {
    const moves = (params.get("moves") || "").split(/\s+/).filter((m) => m);
    const request = { type: "open", game: params.get("game"), moves };
    if (params.get("position")) request.position = params.get("position");
    if (ply !== null && Number.isInteger(ply)) request.ply = ply;
    send(request);
  }
}

async function copyLink() {
  $("share-link").select();
  try {
    await navigator.clipboard.writeText($("share-link").value);
    $("copy-link").textContent = "Copied";
  } catch {
    // Without clipboard access (plain http off this machine): selected, to copy by hand.
    $("copy-link").textContent = "Selected: copy it";
  }
  setTimeout(() => { $("copy-link").textContent = "Copy link"; }, 2000);
}

// --- the new-game form ----------------------------------------------------

async function loadGames() {
  games = await api("/api/games");
  const select = $("game");
  for (const game of games) {
    const option = new Option(game.name, game.name);
    option.title = game.description;
    select.append(option);
  }
  if (view) showSetup(view);
  else drawSetup();
}

// The form shows the game on the board: its name, parameters and seats.
function showSetup(state) {
  $("game").value = state.name;
  drawSetup();
  const params = new Map((state.game.match(/\((.*)\)$/) || ["", ""])[1]
    .split(",").filter((p) => p.includes("=")).map((p) => p.split("=")));
  for (const input of document.querySelectorAll("#params [data-param]")) {
    const value = params.get(input.dataset.param);
    if (value !== undefined) input.value = value;
  }
  drawSeats(games.find((g) => g.name === state.name), state.seats.length);
  state.seats.forEach((seat, i) => { if ($(`seat-${i}`)) $(`seat-${i}`).value = seat.agent; });
}

function drawSetup() {
  const game = games.find((g) => g.name === $("game").value);
  if (!game) return;
  const params = $("params");
  params.innerHTML = "<legend>Parameters</legend>";
  for (const p of game.params) {
    const label = element("label", "field param");
    label.title = `${p.help} (${p.values})`;
    label.append(p.name);
    let input;
    if (p.choices) {
      input = document.createElement("select");
      for (const c of p.choices) input.append(new Option(c, c, false, c === p.default));
    } else {
      input = document.createElement("input");
      input.placeholder = p.default;
      input.autocomplete = "off";
    }
    input.id = `param-${p.name}`;
    input.dataset.param = p.name;
    input.dataset.default = p.default;
    if (p.name === "players") input.onchange = () => drawSeats(game);
    label.append(input);
    params.append(label);
  }
  drawSeats(game);
}

function drawSeats(game, count) {
  const players = count || Number(($("param-players") || {}).value) || game.seats.length;
  const box = $("seats");
  const before = [...box.querySelectorAll("input")].map((i) => i.value);
  box.innerHTML = "<legend>Seats</legend>";
  for (let seat = 0; seat < players; seat++) {
    const label = element("label", "field seat");
    label.append(game.seats[seat] || `player ${seat + 1}`);
    const input = document.createElement("input");
    input.id = `seat-${seat}`;
    input.setAttribute("list", "agent-specs");
    input.autocomplete = "off";
    input.spellcheck = false;
    input.value = before[seat] || (seat === 0 ? "human" : "mcts(time=1s)");
    input.oninput = () => input.removeAttribute("aria-invalid");
    label.append(input);
    box.append(label);
  }
}

function gameSpec() {
  const name = $("game").value;
  const args = [...document.querySelectorAll("#params [data-param]")]
    .filter((input) => input.value !== "" && input.value !== input.dataset.default)
    .map((input) => `${input.dataset.param}=${input.value}`);
  return args.length ? `${name}(${args.join(",")})` : name;
}

function startGame(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seats input")].map((i) => i.value.trim() || "human");
  const seed = Number($("seed").value) || 0;
  newGame = seats;
  send({ type: "new", game: gameSpec(), seats, seed });
}

// --- replay ---------------------------------------------------------------

async function loadFolders() {
  const folders = await api("/api/folders");
  const names = folders.map((f) => f.name + (f.running ? " (playing)" : ""));
  for (const id of ["folder", "t-folder"]) {
    const select = $(id);
    // Rebuilt only when the list changed, so that a choice being made stays.
    if ([...select.options].map((o) => o.text).join("\n") === names.join("\n")) continue;
    const chosen = select.value;
    select.innerHTML = "";
    folders.forEach((f, i) => select.append(new Option(names[i], f.index)));
    if (chosen !== "" && folders.some((f) => String(f.index) === chosen)) select.value = chosen;
  }
  return folders;
}

let listing = 0; // the newest listing asked for: older answers are dropped

async function listGames(event) {
  if (event) event.preventDefault();
  const folder = $("folder").value;
  const table = $("listing");
  if (folder === "") {
    $("listing-count").textContent = "No results folders: start the server with --results DIR, or run a tournament.";
    table.innerHTML = "";
    return;
  }
  const query = new URLSearchParams();
  for (const [key, id] of [["game", "filter-game"], ["agent", "filter-agent"], ["winner", "filter-winner"]]) {
    if ($(id).value.trim()) query.set(key, $(id).value.trim());
  }
  const asked = ++listing;
  try {
    const found = await api(`/api/folders/${folder}/games?${query}`);
    if (asked !== listing) return;
    // Which folder and filters the rows are for (the browser test waits on it).
    table.dataset.query = `${folder}?${query}`;
    const shown = found.games.length < found.matched ? ` (the first ${found.games.length} shown)` : "";
    $("listing-count").textContent = `${found.matched} ${found.matched === 1 ? "game" : "games"}${shown}`;
    table.innerHTML = '<tr><th>#</th><th class="text">game</th><th class="text">agents</th>'
      + '<th class="text">result</th><th>moves</th><th></th></tr>';
    for (const g of found.games) {
      const row = table.insertRow();
      row.className = "game";
      const cells = [g.index, g.game, g.names.join(" vs "), g.result, g.plies];
      cells.forEach((text, i) => {
        const cell = row.insertCell();
        cell.textContent = text;
        if (i >= 1 && i <= 3) cell.className = "text";
      });
      const button = element("button", "replay", "Replay");
      button.setAttribute("aria-label", `Replay game ${g.index}: ${g.names.join(" vs ")}, ${g.result}`);
      button.onclick = () => {
        send({ type: "replay", folder: Number(folder), game: g.index });
        showTab("play");
      };
      const actions = row.insertCell();
      actions.className = "actions";
      actions.append(button);
    }
  } catch (error) {
    showError(error.message);
  }
}

// Lists again a moment after the filters change.
let typing = null;
function filterSoon() {
  clearTimeout(typing);
  typing = setTimeout(listGames, 250);
}

// --- tournaments ----------------------------------------------------------

// "diffusion(width=4) differo" → ["diffusion(width=4)", "differo"].
function specs(text) {
  return text.match(/[^\s(]+(\([^)]*\))?/g) || [];
}

async function stopTournament() {
  try {
    await api(`/api/folders/${$("t-folder").value}/stop`, { method: "POST" });
    refreshStandings();
  } catch (error) {
    showError(error.message);
  }
}

async function startTournament(event) {
  event.preventDefault();
  try {
    const started = await api("/api/tournaments", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        games: specs($("t-games").value),
        agents: specs($("t-agents").value),
        rounds: Number($("t-rounds").value),
        seed: Number($("t-seed").value) || 0,
      }),
    });
    await loadFolders();
    $("t-folder").value = started.folder;
    watch();
  } catch (error) {
    showError(error.message);
  }
}

function watch() {
  clearInterval(watching);
  watching = null;
  if ($("t-folder").value === "") {
    $("t-state").textContent = "No results folders yet: start a tournament, or the server with --results DIR.";
    return;
  }
  walled = "";
  refreshStandings();
  watching = setInterval(refreshStandings, 1000);
}

async function refreshStandings() {
  const folder = $("t-folder").value;
  if (folder === "") return;
  try {
    const standings = await api(`/api/folders/${folder}/standings`);
    if ($("t-folder").value !== folder) return;
    const summary = standings.summary;
    const adjudicated = summary ? summary.overall.adjudicated : 0;
    const played = summary
      ? `${summary.played} of ${summary.scheduled} games played`
        + (adjudicated ? `, ${adjudicated} of them adjudicated at the ply limit (no result)` : "")
      : "starting";
    const word = standings.running ? "Playing"
      : summary && summary.played < summary.scheduled ? "Stopped" : "Finished";
    $("t-state").textContent = `${word}: ${played}` + (standings.error ? ` — ${standings.error}` : "");
    document.body.dataset.tournament = standings.running ? "running" : "done";
    // Only a tournament started from the page can be stopped from it.
    $("t-stop").hidden = !standings.stoppable;
    if (!summary) return;
    const sections = $("sections");
    sections.innerHTML = "";
    const title = summary.games.length === 1 ? summary.games[0].game : "All games";
    sections.append(drawSection(summary.overall, title, true));
    if (summary.games.length > 1) {
      for (const section of summary.games) sections.append(drawSection(section, section.game, false));
    }
    await drawLatest(folder);
    await drawPlaying(folder, standings.running);
    if (!standings.running) {
      clearInterval(watching);
      watching = null;
      loadFolders();
    }
  } catch (error) {
    showError(error.message);
  }
}

// One section of a summary (all games, or one game): the rating chart,
// the standings and the crosstable.
function drawSection(section, title, overall) {
  const box = element("section", "section card");
  box.dataset.section = overall ? "overall" : section.game;
  const adjudicated = section.adjudicated ? `, ${section.adjudicated} adjudicated` : "";
  box.append(element("h3", "", `${title}: ${section.finished} finished${adjudicated}`));
  const chart = element("div", "ratings");
  chart.innerHTML = section.agents.length ? Charts.ratings(section.agents) : "";
  const table = element("table", "standings");
  drawStandings(table, section);
  const scroll = element("div", "scroll");
  scroll.append(table);
  box.append(chart, scroll);
  const note = element("p", "crosstable-note muted small-text");
  const cross = element("table", "crosstable");
  drawCrosstable(cross, note, section);
  const crossScroll = element("div", "scroll");
  crossScroll.append(cross);
  box.append(element("h3", "", "Crosstable"), note, crossScroll);
  return box;
}

function drawStandings(table, section) {
  const pct = (x) => (x === null || x === undefined ? "-" : `${(100 * x).toFixed(1)}%`);
  const num = (x) => (x === null || x === undefined ? "-" : x.toFixed(0));
  table.innerHTML = '<tr><th class="text">agent</th><th>games</th><th>won</th><th>drawn</th><th>lost</th>'
    + "<th>adjudicated</th><th>score</th><th>95% interval</th><th>Elo</th><th>Elo 95%</th></tr>";
  for (const a of section.agents) {
    const row = table.insertRow();
    row.className = "standing";
    const swept = a.swept === "won" ? " (won all)" : a.swept === "lost" ? " (lost all)" : "";
    const elo = (a.elo === null ? a.standing : num(a.elo) + (a.standing === "anchor" ? " (anchor)" : "")) + swept;
    const cells = [a.name || a.agent, a.games, a.wins, a.draws, a.losses, a.adjudicated, pct(a.score),
      `${pct(a.score_low)} – ${pct(a.score_high)}`, elo,
      a.elo_low === null || a.standing === "anchor" ? "-" : `${num(a.elo_low)} – ${num(a.elo_high)}`];
    cells.forEach((text, i) => {
      const cell = row.insertCell();
      cell.textContent = text;
      if (i === 0) { cell.className = "text"; cell.title = a.agent; }
    });
  }
}

// The summary's crosstable: each pairing's wins, draws and losses and its
// score, from the row agent's side. The arena counts 2-player games between
// two different agents only; the note says when others were played.
function drawCrosstable(table, note, section) {
  const names = section.agents.map((a) => a.name || a.agent);
  const cells = new Map();
  let counted = 0;
  for (const p of section.crosstable) {
    const t = p.tally, games = t.wins + t.draws + t.losses;
    if (!games && !p.adjudicated) continue;
    counted += games + (p.adjudicated || 0);
    const pct = (x) => (games ? ` (${(100 * x / games).toFixed(0)}%)` : "");
    const adjudicated = p.adjudicated ? `, ${p.adjudicated} adjudicated` : "";
    cells.set(`${p.first}\n${p.second}`, `${t.wins}–${t.draws}–${t.losses}${pct(t.wins + t.draws / 2)}${adjudicated}`);
    cells.set(`${p.second}\n${p.first}`, `${t.losses}–${t.draws}–${t.wins}${pct(t.losses + t.draws / 2)}${adjudicated}`);
  }
  const others = section.games - counted;
  note.textContent = !section.games ? ""
    : !counted ? "No crosstable: it counts games of two players between two different agents, and none was played."
    : others > 0 ? `From the ${counted} two-player games; the other ${others} games are in the standings only.`
    : "";
  if (!counted) return;
  const head = table.insertRow();
  head.insertCell().textContent = "W–D–L against →";
  for (const b of names) head.insertCell().textContent = b;
  for (const a of names) {
    const row = table.insertRow();
    row.insertCell().textContent = a;
    for (const b of names) row.insertCell().textContent = cells.get(`${a}\n${b}`) || "";
  }
}

async function drawLatest(folder) {
  const listing = await api(`/api/folders/${folder}/games`);
  await drawWall(folder, listing.games.slice(-WALL));
}

// The games being played now, their boards as they stand: refreshed with
// the standings while the tournament plays, emptied when it stops.
async function drawPlaying(folder, running) {
  const boards = running ? await api(`/api/folders/${folder}/playing`) : [];
  const wall = $("playing");
  wall.innerHTML = "";
  $("playing-title").hidden = !boards.length;
  for (const board of boards) {
    const figure = element("figure", "playing");
    figure.innerHTML = board.svg;
    figure.append(element("figcaption", "", `round ${board.round}, move ${board.plies}: ${board.agents.join(" vs ")}`));
    wall.append(figure);
  }
}

// The last games recorded, their final boards side by side.
const WALL = 4;
let walled = "";

async function drawWall(folder, latest) {
  const key = folder + ":" + latest.map((g) => g.index).join(",");
  if (key === walled) return;
  walled = key;
  const boards = await Promise.all(latest.map((g) => api(`/api/folders/${folder}/games/${g.index}/board`)));
  const wall = $("wall");
  wall.innerHTML = "";
  $("wall-title").hidden = !boards.length;
  latest.forEach((g, i) => {
    const figure = element("figure");
    figure.innerHTML = boards[i].svg;
    figure.append(element("figcaption", "", `#${g.index}: ${g.names.join(" vs ")} — ${g.result}`));
    wall.append(figure);
  });
}

// --- wiring ---------------------------------------------------------------

function showTab(name) {
  for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== name;
  for (const tab of document.querySelectorAll(".tab")) {
    const chosen = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
  }
  if (name === "play") return;
  // The listing is drawn again: until then it is for no query.
  if (name === "replay") delete $("listing").dataset.query;
  clearInterval(watching);
  watching = null;
  // study.js draws its own tab.
  if (name === "study") {
    loadStudyFolders().catch((e) => showError(e.message));
    return;
  }
  loadFolders()
    .then(() => (name === "replay" ? listGames() : watch()))
    .catch((e) => showError(e.message));
}

// Keys: ← → step back and forward along the line shown, Home and End go
// to its start and end; not while typing in a field.
function keys(event) {
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || $("play").hidden) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const where = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
  if (!where) return;
  event.preventDefault();
  navigate(where);
}

function wire() {
  const tabs = [...document.querySelectorAll(".tab")];
  for (const tab of tabs) {
    tab.onclick = () => showTab(tab.dataset.tab);
    // The tab list's own keys: arrows move between tabs.
    tab.onkeydown = (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      next.focus();
      showTab(next.dataset.tab);
    };
  }
  $("new-game").onsubmit = startGame;
  $("game").onchange = drawSetup;
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-cell]");
    if (target) choose(target.dataset.cell);
  });
  $("board").addEventListener("keydown", (event) => {
    const target = event.target.closest("[data-cell]");
    if (!target || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    choose(target.dataset.cell);
  });
  $("type-move").onsubmit = (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (move) play(move);
    $("move-input").value = "";
  };
  // Any position, typed or edited from the current one's text, to study it.
  $("set-up").onsubmit = (event) => {
    event.preventDefault();
    const position = $("position-input").value.trim();
    if (position) send({ type: "setup", position });
  };
  for (const type of ["undo", "redo", "hint", "go", "stop", "save", "solve"]) {
    $(type).onclick = () => send({ type });
  }
  $("swap").onclick = () => send({ type: "swap", a: 0, b: 1 });
  $("pause").onclick = () => send({ type: "pause", paused: !view.paused });
  $("promote").onclick = () => send({ type: "promote", node: view.node });
  $("nav-first").onclick = () => navigate("first");
  $("nav-prev").onclick = () => navigate("back");
  $("nav-next").onclick = () => navigate("forward");
  $("nav-last").onclick = () => navigate("last");
  $("flip").onclick = () => {
    flipped = !flipped;
    $("flip").setAttribute("aria-pressed", String(flipped));
    $("board").classList.toggle("flipped", flipped);
  };
  $("evals").addEventListener("click", (event) => {
    if (!view || !evalPly) return;
    const ply = Math.max(0, Math.min(view.line.length, evalPly(event)));
    if (ply !== view.moves.length) send({ type: "goto", ply });
  });
  $("copy-link").onclick = copyLink;
  $("load").onchange = async () => {
    const file = $("load").files[0];
    if (!file) return;
    const line = (await file.text()).split("\n").find((l) => l.trim()) || "";
    send({ type: "load", record: line });
    $("load").value = "";
  };
  document.addEventListener("keydown", keys);
  $("replay-filter").onsubmit = listGames;
  $("folder").onchange = () => listGames();
  for (const id of ["filter-game", "filter-agent", "filter-winner"]) {
    $(id).oninput = filterSoon;
    $(id).onchange = filterSoon;
  }
  $("start-tournament").onsubmit = startTournament;
  $("t-stop").onclick = stopTournament;
  $("t-folder").onchange = watch;
  const list = document.createElement("datalist");
  list.id = "agent-specs";
  for (const spec of ["human", "random", "greedy", "mcts(iterations=50)", "mcts(time=1s)", "mcts(time=5s)", "alphabeta(depth=6)"]) {
    list.append(new Option(spec));
  }
  document.body.append(list);
}

// The engines and files the server offers, by name, as seat suggestions.
async function loadOffers() {
  const kinds = await api("/api/agents");
  const list = $("agent-specs");
  for (const spec of kinds.flatMap((k) => k.offered)) list.append(new Option(spec));
}

wire();
connect();
loadGames().catch((error) => showError(error.message));
loadOffers().catch((error) => showError(error.message));
