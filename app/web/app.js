/*
 * app.js -- the page of grundy serve.  It draws what the API answers and
 * decides nothing about a game: the values, the outcome of every move and
 * the cells a move takes all come from /api/moves, the perfect opponent's
 * reply from /api/play.  The state (rules, positions, misere) lives in
 * the address bar, so a link reproduces a view, and the browser's history
 * is the undo and redo.
 */
"use strict";

const EXAMPLES = [
  ["Heap games", [
    ["nim", "Nim: heaps 3 4 5", "nim", "3 4 5"],
    ["kayles", "Kayles (0.77): a row of 10", "kayles", "10"],
    ["dawson", "Dawson's chess (0.137)", "0.137", "9"],
    ["subtract", "Subtraction game {1, 3, 4}", "subtract:1,3,4", "10"],
    ["grundy", "Grundy's game", "grundy-game", "12"],
    ["hex", "A hexadecimal code: 0.F", "0.F", "8"],
    ["wythoff", "Wythoff's game", "wythoff", "3,5"],
  ]],
  ["Boards", [
    ["cram", "Cram 3 x 4", "cram:3x4", "start"],
    ["nodekayles", "Node-Kayles on the Petersen graph", "node-kayles:petersen", "start"],
    ["chomp", "Chomp 3 x 4", "chomp:3x4", "start"],
    ["rect", "Rectangle removal 3 x 3", "rect:3x3", "111/111/111"],
  ]],
  ["Sums and misère play", [
    ["misere", "Misère Kayles: heaps 3 and 5", "kayles", "3 5", true],
    ["mix", "A sum of families", "", "nim:3 kayles:5 0.137:7"],
  ]],
  ["Games with cycles and your own", [
    ["loopy", "Cycles: take 2 or add 1", "addsub:2:1:12", "5 7"],
    ["loopy2", "Cycles: take 1 or 3, add 2", "addsub:1,3:2:15", "9"],
    ["custom", "Your own rules (spec syntax)", "", ""],
  ]],
];

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
let current = null;   /* the answer of /api/moves shown */
let depth = 0, deepest = 0; /* history depth of this view, and the deepest */
let pending = null;   /* a board cell chosen, waiting for the second */
let playing = false;  /* a game against the perfect opponent is on */

function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

/* The state <-> the address bar. */
function stateFromUrl() {
  const q = new URLSearchParams(location.search);
  return {
    rules: q.get("rules") || "",
    positions: q.getAll("position"),
    misere: q.get("misere") === "1",
  };
}

function query(st) {
  const q = new URLSearchParams();
  if (st.rules) q.set("rules", st.rules);
  for (const p of st.positions) q.append("position", p);
  if (st.misere) q.set("misere", "1");
  return q.toString();
}

function showError(msg) {
  const s = $("status");
  s.className = msg ? "error" : "";
  s.textContent = msg || "";
}

async function getJson(path) {
  const r = await fetch(path);
  const body = await r.json();
  if (!r.ok) {
    let m = body.error || ("HTTP " + r.status);
    if (body.parameter) m += " [parameter " + body.parameter +
      (body.column ? ", column " + body.column : "") + "]";
    if (body.limit) m += " [limit " + body.limit + "]";
    throw new Error(m);
  }
  return body;
}

/* Load a state: ask the server, then draw. */
async function load(st) {
  $("rules").value = st.rules;
  $("position").value = st.positions.join(" ");
  $("misere").checked = st.misere;
  $("family").value = "custom";
  for (const [, items] of EXAMPLES)
    for (const [key, , rules, pos, misere] of items)
      if (rules === st.rules && pos === st.positions.join(" ") &&
          !!misere === st.misere) $("family").value = key;
  pending = null;
  if (!st.positions.length) {
    current = null;
    draw(st);
    return;
  }
  try {
    current = await getJson("/api/moves?" + query(st));
    showError("");
  } catch (e) {
    current = null;
    showError(e.message);
  }
  draw(st);
}

function go(st, push) {
  if (push) {
    depth++;
    deepest = depth;
    history.pushState({ d: depth }, "", "?" + query(st));
  } else {
    history.replaceState({ d: depth }, "", "?" + query(st));
  }
  return load(st);
}

/* A step against the perfect opponent (/api/play): the move mv (null:
 * the opponent starts), then its reply; the position after both shown. */
async function playStep(mv) {
  const st = stateFromUrl();
  let q = query(st), a;
  if (mv) q += "&move=" + encodeURIComponent(mv.component + " " +
    (mv.to.length ? mv.to.join("+") : "-"));
  try {
    a = await getJson("/api/play?" + q);
  } catch (e) {
    showError(e.message);
    return;
  }
  st.positions = a.components.map((c) =>
    st.rules ? c.position : c.rules + ":" + c.position);
  const reply = a.moves.find((m) => m.player === "computer");
  const note = $("play-note");
  let t = reply ? "The program moves " + reply.component + ": " + reply.from +
    " \u2192 " + (reply.to.length ? reply.to.join("+") : "-") +
    " (remoteness " + reply.remoteness + ")." : "";
  if (a.end) {
    t += a.winner === "user" ? " You win." : a.winner === "computer"
      ? " The program wins." : " A draw.";
    setPlaying(false);
  }
  note.textContent = t;
  note.dataset.reply = reply ? JSON.stringify(reply) : "";
  await go(st, true);
}

function setPlaying(on) {
  playing = on;
  $("play-start").textContent = on ? "Stop" : "Play";
  document.body.classList.toggle("playing", on);
}

/* A move played: component i becomes the parts the move leaves; in a game
 * against the program, the program answers. */
function play(mv) {
  if (playing) {
    playStep(mv);
    return;
  }
  const st = stateFromUrl();
  const i = mv.component - 1;
  const comp = current.analysis.components[i];
  const prefix = st.rules ? "" : comp.rules + ":";
  const parts = mv.to.map((p) => prefix + p);
  st.positions.splice(i, 1, ...parts);
  if (!st.positions.length) st.positions = [prefix + "0"];
  go(st, true);
}

function outcome(mv) {
  if (mv.outcome) return mv.outcome; /* loopy games: win, lose, draw */
  return mv.wins ? "win" : "lose";
}

function moveText(mv, many) {
  const to = mv.to.length ? mv.to.join("+") : "-";
  const v = typeof mv.value === "object"
    ? "inf(" + mv.value.inf.join(",") + ")" : mv.value;
  let t = (many ? mv.component + ": " : "") + mv.from + " \u2192 " + to +
    "  (value " + v + ")";
  if (mv.remoteness !== undefined)
    t += ", remoteness " + (mv.remoteness === null ? "?" : mv.remoteness);
  return t;
}

function draw(st) {
  const list = $("moves"), boards = $("boards"), heaps = $("heaps");
  list.textContent = "";
  boards.textContent = "";
  heaps.textContent = "";
  $("undo").disabled = depth <= 0;
  $("redo").disabled = depth >= deepest;
  drawSequence(st);
  if (!current) {
    $("summary").textContent = "";
    return;
  }
  const a = current.analysis;
  const many = a.components.length > 1;
  let s = "value " + (a.value !== undefined ? a.value : "-") + ": the player to move " +
    (a.winner === "first" ? "wins" : a.winner === "draw" ? "draws" : "loses");
  if (a.play === "misere") s = "misère play (" + a.method + "): the player to move " +
    (a.winner === "first" ? "wins" : "loses");
  if (!current.moves.length) s += " (no move left)";
  $("summary").textContent = s;
  current.moves.forEach((mv, k) => {
    const li = document.createElement("li");
    li.className = "move " + outcome(mv);
    li.tabIndex = 0;
    li.dataset.index = k;
    li.dataset.wins = mv.wins ? "1" : "0";
    if (mv.cells) li.dataset.cells = mv.cells.join(",");
    li.textContent = moveText(mv, many);
    li.title = outcome(mv) === "win" ? "a winning move"
      : outcome(mv) === "draw" ? "a move that keeps the draw" : "a losing move";
    li.addEventListener("click", () => play(mv));
    li.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(mv); }
      if (e.key === "ArrowRight" || e.key === "ArrowDown") {
        e.preventDefault(); (li.nextSibling || li).focus();
      }
      if (e.key === "ArrowLeft" || e.key === "ArrowUp") {
        e.preventDefault(); (li.previousSibling || li).focus();
      }
    });
    list.appendChild(li);
  });
  for (const b of current.boards) drawBoard(boards, b);
  a.components.forEach((c, i) => {
    if (!current.boards.some((b) => b.component === i + 1) &&
        /^\d+$/.test(c.position)) drawHeap(heaps, i, c);
  });
}

function movesOf(comp) {
  return current.moves.filter((m) => m.component === comp);
}

function highlight(mv) {
  document.querySelectorAll("li.move").forEach((li) => {
    li.classList.toggle("hot", mv && current.moves[li.dataset.index] === mv);
  });
}

/* A board: cells (or vertices) to click, each move's value on it. */
function drawBoard(parent, b) {
  const held = new Set(b.cells), marked = new Set(b.marked);
  const c = b.grid ? 52 : 46, pad = b.grid ? 4 : 26;
  const xs = b.xy.map((p) => p[0]), ys = b.xy.map((p) => p[1]);
  const minx = Math.min(...xs), miny = Math.min(...ys);
  const w = (Math.max(...xs) - minx + 1) * c + 2 * pad;
  const h = (Math.max(...ys) - miny + 1) * c + 2 * pad;
  const root = svg("svg", { viewBox: "0 0 " + w + " " + h, width: w, height: h,
    role: "img", "aria-label": "board of component " + b.component }, parent);
  const at = (i) => [pad + (b.xy[i][0] - minx + 0.5) * c,
                     pad + (b.xy[i][1] - miny + 0.5) * c];
  b.at = at;
  const moves = movesOf(b.component);
  if (!b.grid) {
    b.adj.forEach((nb, i) => nb.forEach((j) => {
      if (j > i) {
        const [x1, y1] = at(i), [x2, y2] = at(j);
        svg("line", { x1, y1, x2, y2, stroke: held.has(i) && held.has(j) ?
          "#555" : "#ccc", "stroke-width": 2 }, root);
      }
    }));
  }
  const shapes = [];
  for (let i = 0; i < b.ncells; i++) {
    const [x, y] = at(i);
    const on = held.has(i);
    const e = b.grid
      ? svg("rect", { x: x - c / 2 + 1, y: y - c / 2 + 1, width: c - 2, height: c - 2,
          rx: 4, fill: on ? "#fff" : "#bbb", stroke: "#555" }, root)
      : svg("circle", { cx: x, cy: y, r: 13, fill: on ? "#fff" : "#ddd",
          stroke: on ? "#333" : "#bbb", "stroke-width": 2 }, root);
    e.setAttribute("data-cell", i);
    if (marked.has(i)) {
      svg("path", { d: "M" + (x - 12) + " " + (y - 12) + "l24 24m0 -24l-24 24",
        stroke: "#d62728", "stroke-width": 3 }, root);
    }
    if (on) {
      e.classList.add("cell");
      e.setAttribute("tabindex", "0");
      e.addEventListener("click", () => clickCell(b, i, e));
      e.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); clickCell(b, i, e); }
      });
    }
    shapes[i] = e;
  }
  /* each move's value where the move is marked */
  for (const mv of moves) {
    const p = markOf(b, mv);
    if (!p) continue;
    const win = outcome(mv) === "win";
    const g = svg("g", { "pointer-events": "none" }, root);
    svg("circle", { cx: p[0], cy: p[1], r: 10, fill: win ? "#2e8b22" : "#fff",
      stroke: win ? "#2e8b22" : "#c44", "stroke-width": 1.5 }, g);
    const t = svg("text", { x: p[0], y: p[1] + 4, "text-anchor": "middle",
      "font-size": 11, fill: win ? "#fff" : "#8a1010" }, g);
    t.textContent = typeof mv.value === "object" ? "\u221e" : mv.value;
  }
  root.addEventListener("mouseleave", () => highlight(null));
  b.shapes = shapes;
}

/* Where a move is marked: a domino's edge, the vertex taken, the square
 * eaten (as grundy plot marks them). */
function markOf(b, mv) {
  if (!mv.cells || !mv.cells.length) return null;
  const held = new Set(b.cells);
  if (b.mark === "domino" && mv.cells.length === 2) {
    const [a, c] = [b.at(mv.cells[0]), b.at(mv.cells[1])];
    return [(a[0] + c[0]) / 2, (a[1] + c[1]) / 2];
  }
  if (b.mark === "vertex") {
    const v = centre(b, mv, held);
    return v === null ? null : b.at(v);
  }
  if (b.mark === "corner") return b.at(Math.min(...mv.cells));
  return null;
}

/* Node-Kayles: the vertex whose closed neighbourhood (in the position)
 * is what the move takes. */
function centre(b, mv, held) {
  const take = new Set(mv.cells);
  for (const v of mv.cells) {
    const nb = [v, ...b.adj[v]].filter((u) => held.has(u));
    if (nb.length === take.size && nb.every((u) => take.has(u))) return v;
  }
  return null;
}

function clickCell(b, i, e) {
  const moves = movesOf(b.component);
  let mv = null;
  if (b.mark === "domino") {
    if (pending === null || pending.board !== b.component) {
      pending = { board: b.component, cell: i, el: e };
      e.setAttribute("fill", "#cfe0f5");
      const cand = moves.filter((m) => m.cells.includes(i));
      showError(cand.length ? "" : "no domino covers that cell");
      return;
    }
    const first = pending.cell;
    pending.el.setAttribute("fill", "#fff");
    pending = null;
    if (first === i) return;
    mv = moves.find((m) => m.cells.length === 2 && m.cells.includes(first) &&
      m.cells.includes(i)) || null;
  } else if (b.mark === "vertex") {
    const held = new Set(b.cells);
    mv = moves.find((m) => centre(b, m, held) === i) || null;
  } else if (b.mark === "corner") {
    mv = moves.find((m) => Math.min(...m.cells) === i) || null;
  } else {
    highlight(null);
    showError("pick this board's move from the list below");
    return;
  }
  if (!mv) { showError("no move there"); return; }
  play(mv);
}

/* A heap: its tokens, bottom up; a click on token k leaves k - 1. */
function drawHeap(parent, i, c) {
  const n = parseInt(c.position, 10), shown = Math.min(n, 30);
  const w = 60, h = Math.max(1, shown) * 18 + 30;
  const root = svg("svg", { viewBox: "0 0 " + w + " " + h, width: w, height: h,
    role: "img", "aria-label": "heap of " + n }, parent);
  root.classList.add("heap");
  const label = svg("text", { x: w / 2, y: h - 6, "text-anchor": "middle",
    "font-size": 12 }, root);
  label.textContent = n > shown ? n + " (top 30)" : String(n);
  const moves = movesOf(i + 1);
  for (let k = 1; k <= shown; k++) {
    const left = n > shown ? n - shown + k - 1 : k - 1;
    const mv = moves.find((m) => m.to.length === (left ? 1 : 0) &&
      (left === 0 || m.to[0] === String(left)));
    const cy = h - 24 - (k - 0.5) * 18;
    const e = svg("circle", { cx: w / 2, cy, r: 8, stroke: "#333",
      fill: mv ? (outcome(mv) === "win" ? "#8fd27f" : "#f3a6a0") : "#eee" }, root);
    if (mv) {
      e.classList.add("cell");
      e.setAttribute("tabindex", "0");
      e.setAttribute("data-leave", left);
      e.addEventListener("click", () => play(mv));
      e.addEventListener("mouseenter", () => highlight(mv));
    }
  }
  parent.appendChild(document.createTextNode(" "));
}

function drawSequence(st) {
  const img = $("plot"), note = $("seq-note"), sec = $("sequence");
  const p = st.positions;
  if (!st.rules || !p.length) { sec.hidden = true; return; }
  sec.hidden = false;
  let src;
  if (current && current.boards.length) {
    src = "/api/plot?rules=" + encodeURIComponent(st.rules) + "&position=" +
      encodeURIComponent(p[0]);
    note.textContent = "grundy plot's picture of this position: each move with the value it leaves.";
  } else if (/^\d+,\d+$/.test(p[0])) {
    src = "/api/plot?rules=" + encodeURIComponent(st.rules) + "&upto=30";
    note.textContent = "g(a, b) for a, b up to 30, as grundy plot draws it.";
  } else if (/^\d+$/.test(p[0])) {
    src = "/api/plot?rules=" + encodeURIComponent(st.rules) + "&upto=120";
    note.textContent = "g(n) for n up to 120, as grundy plot draws it.";
  } else {
    sec.hidden = true;
    return;
  }
  if (img.getAttribute("src") !== src) img.setAttribute("src", src);
}

function setupPicker() {
  const sel = $("family");
  for (const [group, items] of EXAMPLES) {
    const og = document.createElement("optgroup");
    og.label = group;
    for (const [key, label, rules] of items) {
      const o = document.createElement("option");
      o.value = key;
      o.textContent = label;
      if (rules === null) o.disabled = true;
      og.appendChild(o);
    }
    sel.appendChild(og);
  }
  sel.addEventListener("change", () => {
    for (const [, items] of EXAMPLES) {
      for (const [key, , rules, pos, misere] of items) {
        if (key !== sel.value || rules === null) continue;
        if (key === "custom") { $("rules").focus(); return; }
        go({ rules, positions: pos.split(/\s+/).filter(Boolean),
          misere: !!misere }, true);
      }
    }
  });
  $("form").addEventListener("submit", (e) => {
    e.preventDefault();
    go({ rules: $("rules").value.trim(),
      positions: $("position").value.trim().split(/\s+/).filter(Boolean),
      misere: $("misere").checked }, true);
  });
  $("play-start").addEventListener("click", () => {
    if (playing) { setPlaying(false); $("play-note").textContent = ""; return; }
    setPlaying(true);
    const first = document.querySelector('input[name="first"]:checked').value;
    $("play-note").textContent = "Your move.";
    $("play-note").dataset.reply = "";
    if (first === "computer") playStep(null);
  });
  $("undo").addEventListener("click", () => { if (depth > 0) history.back(); });
  $("redo").addEventListener("click", () => { if (depth < deepest) history.forward(); });
  document.addEventListener("keydown", (e) => {
    const typing = /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName);
    if (typing) return;
    if (e.key === "u" || (e.ctrlKey && e.key === "z")) { $("undo").click(); }
    if (e.key === "r" || (e.ctrlKey && e.key === "y")) { $("redo").click(); }
  });
  window.addEventListener("popstate", (e) => {
    depth = e.state && e.state.d !== undefined ? e.state.d : 0;
    load(stateFromUrl());
  });
}

setupPicker();
{
  const st = stateFromUrl();
  if (!st.positions.length) {
    st.rules = "kayles";
    st.positions = ["10"];
  }
  history.replaceState({ d: 0 }, "", "?" + query(st));
  load(st);
}
