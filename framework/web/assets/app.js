// The page: a game played over the server's WebSocket (the server holds
// the session; this draws what it sends), results folders to replay, and
// tournaments to start and watch. Plain JavaScript, no framework: the
// server sends whole views, so the page keeps almost no state.
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null;
let view = null; // the last state the server sent
let selection = []; // the cells clicked so far of a move being entered
let clicked = null; // when the click that asked for the next drawing came
let games = [];
let watching = null; // the timer polling a tournament's standings
let hint = null; // the last hint, and the moves of the position it is for

// Measurements the browser test reads: milliseconds from a click to the
// board answering it, and when search progress arrived.
window.tabulaTimings = [];
window.tabulaProgress = [];

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

// --- the game -------------------------------------------------------------

function connect() {
  socket = new WebSocket(`ws://${location.host}/api/play`);
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = () => showError("The connection to the server closed: reload the page.");
}

function send(request) {
  showError("");
  socket.send(JSON.stringify(request));
}

function receive(message) {
  switch (message.type) {
    case "state": return drawState(message);
    case "progress": return drawProgress(message);
    case "thought": return drawThought(message);
    case "solved": return drawSolved(message.analysis);
    case "record": return download(message.text);
    case "error": return showError(message.message);
  }
}

function seatName(seat) {
  return view ? view.seats[seat].name : `seat ${seat}`;
}

function humanToMove() {
  return view && view.mode === "play" && view.to_move !== null && view.thinking === null
    && view.seats[view.to_move].agent === "human";
}

function drawState(state) {
  if (!view || view.game !== state.game || view.mode !== state.mode
    || (state.replay && view.replay && state.replay.name !== view.replay.name)) {
    // Another game: the last search was about the one before.
    $("search-line").textContent = "No search yet.";
    $("search-moves").innerHTML = "";
    hint = null;
  }
  view = state;
  selection = [];
  $("board").innerHTML = state.svg;
  // The current position's text, unless the user is editing it.
  if (document.activeElement !== $("position-input")) $("position-input").value = state.position;
  let status = state.status;
  if (state.thinking !== null) {
    const seat = state.seats[state.thinking];
    const agent = seat.agent === "human" ? "hint" : seat.agent;
    status += ` (${seat.name}: ${agent} is thinking…)`;
  }
  $("status").textContent = status;
  document.body.dataset.moves = state.moves.length;
  document.body.dataset.over = state.outcome ? "yes" : "no";
  document.body.dataset.thinking = state.thinking === null ? "no" : "yes";
  document.body.dataset.mode = state.mode;
  drawTargets();
  drawHint();
  drawHistory(state);
  drawEvals(state);
  drawReplayBar(state);
  $("pause").textContent = state.paused ? "Let agents reply" : "Pause agents";
  if ($("game").value !== state.name && games.length) {
    $("game").value = state.name;
    drawSetup();
  }
  answered("move");
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

function drawTargets() {
  const human = humanToMove();
  const { next, ends } = Board.next(view.legal, selection);
  const onBoard = new Set();
  for (const target of cells()) {
    const cell = target.dataset.cell;
    onBoard.add(cell);
    target.classList.toggle("legal", human && next.includes(cell));
    target.classList.toggle("selected", selection.includes(cell));
  }
  const box = $("choices");
  box.innerHTML = "";
  if (!human) return;
  const button = (text, action) => {
    const b = document.createElement("button");
    b.textContent = text;
    b.className = "choice";
    b.onclick = action;
    box.append(b);
  };
  for (const token of next.filter((t) => !onBoard.has(t))) {
    button(token, () => choose(token));
  }
  if (ends && selection.length > 0) button(`play ${ends}`, () => play(ends));
  if (selection.length > 0) button("cancel", () => { selection = []; drawTargets(); });
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
  } else {
    selection = [];
    drawTargets();
  }
}

function play(move, at) {
  clicked = { kind: "move", at: at || performance.now() };
  send({ type: "play", move });
}

function drawHistory(state) {
  const list = $("history");
  list.innerHTML = "";
  state.moves.forEach((move, i) => {
    const item = document.createElement("li");
    item.textContent = `${state.seats[state.movers[i]].name} ${move}`;
    list.append(item);
  });
  list.scrollTop = list.scrollHeight;
}

function drawProgress(progress) {
  window.tabulaProgress.push(performance.now());
  const value = progress.value === null ? "-" : progress.value.toFixed(3);
  const depth = progress.depth === null ? "" : `, depth ${progress.depth}`;
  const what = progress.hint ? "hint" : progress.agent;
  const pv = progress.pv.length ? `; pv ${progress.pv.join(" ")}` : "";
  $("search-line").textContent = `${seatName(progress.seat)} (${what}): `
    + `${progress.iterations} iterations in ${progress.seconds.toFixed(1)} s${depth}, `
    + `value ${value}, best ${progress.best || "-"}${pv}`;
  drawMoves(progress.moves);
  markBest(progress.best);
  drawShares(progress.moves);
}

// The root moves of a search (running or done), best first, as a table.
function drawMoves(moves) {
  const table = $("search-moves");
  table.innerHTML = moves.length ? "<tr><th>move</th><th>visits</th><th>share</th><th>value</th></tr>" : "";
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
  for (const old of document.querySelectorAll("#board text.share")) old.remove();
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
    line += ` — value ${search.value.toFixed(3)}, ${search.iterations} iterations in `
      + `${search.seconds.toFixed(2)} s; pv ${search.pv.join(" ")}`;
  }
  $("search-line").textContent = line;
  drawMoves(search ? search.moves : []);
  if (message.hint && search) {
    hint = { moves: view.moves.join(" "), thought };
    drawHint();
  }
}

// The hint's move marked and the search's visits by the cell each move
// starts from, on the board, while the position is the one it is for.
function drawHint() {
  if (!hint || hint.moves !== view.moves.join(" ")) return;
  markBest(hint.thought.mv);
  drawShares(hint.thought.search.moves);
}

function drawSolved(analysis) {
  const table = $("search-moves");
  $("search-line").textContent = `Exact value: ${analysis.value}`;
  table.innerHTML = "<tr><th>move</th><th>exact value</th></tr>";
  for (const m of analysis.moves) {
    const row = table.insertRow();
    row.insertCell().textContent = m.mv + (m.best ? " ★" : "");
    row.insertCell().textContent = m.value;
  }
  markBest((analysis.moves.find((m) => m.best) || {}).mv);
  // Each move's value on the cell it starts from: W7 wins in 7 plies, L12
  // loses in 12, D draws, for the side to move; by score margin (Kalah),
  // the final margin the move secures, +2 or -4.
  for (const m of analysis.moves) {
    const margin = m.value.startsWith("margin") ? Number(m.value.slice(7)) : null;
    const winning = margin === null ? m.value.startsWith("win") : margin > 0;
    const losing = margin === null ? m.value.startsWith("loss") : margin < 0;
    const colour = winning ? "#2b8a3e" : losing ? "#c92a2a" : "#555";
    const text = margin === null
      ? m.value.replace(/^win in /, "W").replace(/^loss in /, "L").replace(/^draw$/, "D")
      : m.value.slice(7);
    label(Board.tokens(m.mv)[0], text, colour, "exact");
  }
}

// Writes `text` just above the click target of `cell`.
function label(cell, text, colour, kind) {
  const svg = document.querySelector("#board svg");
  const target = document.querySelector(`#board [data-cell="${cell}"]`);
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
  element.textContent = text;
  svg.append(element);
}


// The search values over the game, for the first seat (two players) or
// for the seat to move (more).
function drawEvals(state) {
  const width = 340, height = 120, plies = Math.max(state.moves.length, 10);
  const x = (ply) => 6 + (ply / plies) * (width - 12);
  const y = (v) => height - 6 - v * (height - 12);
  const two = state.seats.length === 2;
  const points = state.evals.map((e) => {
    const value = two && e.seat !== 0 ? 1 - e.value : e.value;
    return `${x(e.ply).toFixed(1)},${y(value).toFixed(1)}`;
  });
  const who = two ? state.seats[0].name : "the seat to move";
  $("evals").innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">`
    + `<line x1="0" x2="${width}" y1="${y(0.5)}" y2="${y(0.5)}" stroke="#bbb" stroke-dasharray="4 3"/>`
    + `<polyline fill="none" stroke="#1971c2" stroke-width="2" points="${points.join(" ")}"/>`
    + state.evals.map((e, i) => `<circle r="2.5" fill="#1971c2" cx="${points[i].split(",")[0]}" cy="${points[i].split(",")[1]}"/>`).join("")
    + `<text x="6" y="14" font-size="11" fill="#666">value for ${who}, by move</text></svg>`;
}

function drawReplayBar(state) {
  const bar = $("replay-bar");
  bar.hidden = state.mode !== "replay";
  if (bar.hidden) return;
  $("replay-slider").max = state.replay.length;
  $("replay-slider").value = state.moves.length;
  $("replay-ply").textContent = `${state.replay.name}: move ${state.moves.length} of ${state.replay.length}`;
}

function goto(ply) {
  if (!view || view.mode !== "replay") return;
  const target = Math.max(0, Math.min(view.replay.length, ply));
  if (target !== view.moves.length) send({ type: "goto", ply: target });
}

function download(text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text + "\n"], { type: "application/json" }));
  link.download = `tabula-${view ? view.name : "game"}.json`;
  link.click();
}

// --- the new-game form ----------------------------------------------------

async function loadGames() {
  games = await api("/api/games");
  const select = $("game");
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = game.name;
    option.title = game.description;
    select.append(option);
  }
  if (view) select.value = view.name;
  drawSetup();
}

function drawSetup() {
  const game = games.find((g) => g.name === $("game").value);
  if (!game) return;
  const params = $("params");
  params.innerHTML = "";
  for (const p of game.params) {
    const label = document.createElement("label");
    label.title = `${p.help} (${p.values})`;
    label.append(`${p.name} `);
    let input;
    if (p.choices) {
      input = document.createElement("select");
      for (const c of p.choices) input.append(new Option(c, c, false, c === p.default));
    } else {
      input = document.createElement("input");
      input.size = 5;
      input.placeholder = p.default;
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

function drawSeats(game) {
  const players = Number(($("param-players") || {}).value) || game.seats.length;
  const box = $("seats");
  box.innerHTML = "";
  for (let seat = 0; seat < players; seat++) {
    const label = document.createElement("label");
    label.append(`${game.seats[seat] || `player ${seat + 1}`} `);
    const input = document.createElement("input");
    input.id = `seat-${seat}`;
    input.size = 18;
    input.setAttribute("list", "agent-specs");
    input.value = seat === 0 ? "human" : "mcts(time=1s)";
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

function newGame(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seats input")].map((i) => i.value.trim() || "human");
  const seed = Number($("seed").value) || 0;
  send({ type: "new", game: gameSpec(), seats, seed });
}

// --- replay ---------------------------------------------------------------

async function loadFolders() {
  const folders = await api("/api/folders");
  for (const id of ["folder", "t-folder"]) {
    const select = $(id);
    const chosen = select.value;
    select.innerHTML = "";
    for (const f of folders) select.append(new Option(f.name + (f.running ? " (playing)" : ""), f.index));
    if (chosen !== "") select.value = chosen;
  }
  return folders;
}

async function listGames(event) {
  if (event) event.preventDefault();
  const folder = $("folder").value;
  if (folder === "") return showError("No results folder: start the server with --results DIR.");
  const query = new URLSearchParams();
  for (const [key, id] of [["game", "filter-game"], ["agent", "filter-agent"], ["winner", "filter-winner"]]) {
    if ($(id).value.trim()) query.set(key, $(id).value.trim());
  }
  try {
    const listing = await api(`/api/folders/${folder}/games?${query}`);
    $("listing-count").textContent = `${listing.matched} games`;
    const table = $("listing");
    table.innerHTML = "<tr><th>#</th><th>game</th><th>agents</th><th>result</th><th>moves</th><th></th></tr>";
    for (const g of listing.games) {
      const row = table.insertRow();
      for (const text of [g.index, g.game, g.agents.join(" vs "), g.outcome, g.plies]) {
        row.insertCell().textContent = text;
      }
      const button = document.createElement("button");
      button.textContent = "Replay";
      button.className = "replay";
      button.onclick = () => {
        send({ type: "replay", folder: Number(folder), game: g.index });
        showTab("play");
      };
      row.insertCell().append(button);
    }
  } catch (error) {
    showError(error.message);
  }
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
  refreshStandings();
  watching = setInterval(refreshStandings, 1000);
}

async function refreshStandings() {
  const folder = $("t-folder").value;
  if (folder === "") return;
  try {
    const standings = await api(`/api/folders/${folder}/standings`);
    const summary = standings.summary;
    const played = summary ? `${summary.played} of ${summary.scheduled} games played` : "starting";
    const word = standings.running ? "Playing"
      : summary && summary.played < summary.scheduled ? "Stopped" : "Finished";
    $("t-state").textContent = `${word}: ${played}`
      + (standings.error ? ` — ${standings.error}` : "");
    document.body.dataset.tournament = standings.running ? "running" : "done";
    // Only a tournament started from the page can be stopped from it.
    $("t-stop").hidden = !standings.stoppable;
    if (!summary) return;
    drawSection($("standings"), summary.overall);
    const sections = $("sections");
    sections.innerHTML = "";
    for (const section of summary.games) {
      const title = document.createElement("h2");
      title.textContent = `${section.game}: ${section.finished} games`;
      const table = document.createElement("table");
      drawSection(table, section);
      sections.append(title, table);
    }
    drawCrosstable(summary.overall);
    await drawLatest(folder);
    await drawPlaying(folder, standings.running);
    if (!standings.running) {
      clearInterval(watching);
      loadFolders();
    }
  } catch (error) {
    showError(error.message);
  }
}

// The summary's crosstable: each pairing's wins, draws and losses and its
// score, from the row agent's side. The arena counts 2-player games between
// two different agents only; the note says when others were played.
function drawCrosstable(overall) {
  const names = overall.agents.map((a) => a.name || a.agent);
  const cells = new Map();
  let counted = 0;
  for (const p of overall.crosstable) {
    const t = p.tally, games = t.wins + t.draws + t.losses;
    if (!games) continue;
    counted += games;
    const pct = (x) => `${(100 * x).toFixed(0)}%`;
    cells.set(`${p.first}\n${p.second}`, `${t.wins}–${t.draws}–${t.losses} (${pct((t.wins + t.draws / 2) / games)})`);
    cells.set(`${p.second}\n${p.first}`, `${t.losses}–${t.draws}–${t.wins} (${pct((t.losses + t.draws / 2) / games)})`);
  }
  const table = $("crosstable");
  table.innerHTML = "";
  const others = overall.finished - counted;
  $("crosstable-note").textContent = !overall.finished ? ""
    : !counted ? "No crosstable: it counts games of two players between two different agents, and none was played."
    : others > 0 ? `From the ${counted} two-player games; the other ${others} finished games are in the standings only.`
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
    const figure = document.createElement("figure");
    figure.className = "playing";
    figure.innerHTML = board.svg;
    const caption = document.createElement("figcaption");
    caption.textContent = `round ${board.round}, move ${board.plies}: ${board.agents.join(" vs ")}`;
    figure.append(caption);
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
  for (const board of boards) {
    const figure = document.createElement("figure");
    figure.innerHTML = board.svg;
    const caption = document.createElement("figcaption");
    caption.textContent = `#${board.index}: ${board.agents.join(" vs ")}`;
    figure.append(caption);
    wall.append(figure);
  }
}

function drawSection(table, section) {
  const pct = (x) => (x === null || x === undefined ? "-" : `${(100 * x).toFixed(1)}%`);
  const num = (x) => (x === null || x === undefined ? "-" : x.toFixed(0));
  table.innerHTML = "<tr><th>agent</th><th>games</th><th>won</th><th>drawn</th><th>lost</th>"
    + "<th>score</th><th>95% interval</th><th>Elo</th><th>Elo 95%</th></tr>";
  for (const a of section.agents) {
    const row = table.insertRow();
    row.className = "standing";
    const cells = [a.name || a.agent, a.games, a.wins, a.draws, a.losses, pct(a.score),
      `${pct(a.score_low)} – ${pct(a.score_high)}`, a.elo === null ? a.standing : num(a.elo) + (a.standing === "anchor" ? " (anchor)" : ""),
      a.elo_low === null || a.standing === "anchor" ? "-" : `${num(a.elo_low)} – ${num(a.elo_high)}`];
    for (const text of cells) row.insertCell().textContent = text;
  }
}

// --- wiring ---------------------------------------------------------------

function showTab(name) {
  for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== name;
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.tab === name);
  if (name !== "play") loadFolders().catch((e) => showError(e.message));
}

function wire() {
  for (const tab of document.querySelectorAll(".tab")) tab.onclick = () => showTab(tab.dataset.tab);
  $("new-game").onsubmit = newGame;
  $("game").onchange = drawSetup;
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-cell]");
    if (target) choose(target.dataset.cell);
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
  for (const [id, type] of [["undo", "undo"], ["redo", "redo"], ["hint", "hint"], ["go", "go"],
    ["stop", "stop"], ["save", "save"], ["solve", "solve"]]) {
    $(id).onclick = () => send({ type });
  }
  $("swap").onclick = () => send({ type: "swap", a: 0, b: 1 });
  $("pause").onclick = () => send({ type: "pause", paused: !view.paused });
  $("load").onchange = async () => {
    const file = $("load").files[0];
    if (!file) return;
    const line = (await file.text()).split("\n").find((l) => l.trim()) || "";
    send({ type: "load", record: line });
    $("load").value = "";
  };
  $("replay-slider").oninput = () => goto(Number($("replay-slider").value));
  $("replay-first").onclick = () => goto(0);
  $("replay-prev").onclick = () => goto(view.moves.length - 1);
  $("replay-next").onclick = () => goto(view.moves.length + 1);
  $("replay-last").onclick = () => goto(view.replay.length);
  document.addEventListener("keydown", (event) => {
    if (!view || view.mode !== "replay" || event.target.tagName === "INPUT" && event.target.type !== "range") return;
    const plies = { ArrowLeft: view.moves.length - 1, ArrowRight: view.moves.length + 1,
      Home: 0, End: view.replay.length }[event.key];
    if (plies === undefined) return;
    event.preventDefault();
    goto(plies);
  });
  $("replay-filter").onsubmit = listGames;
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
