// backgammon.html?match=ID: a backgammon match between two players (issue 22; docs/pvp_matches.md).
// The common match page (state, socket, clocks, actions, result): ./match_page.js. Moves are made
// by clicking a point with one of your checkers (or the bar) and then its destination (or "Off");
// the steps clicked so far must begin one of the legal moves, and when they complete one it is
// sent. Roll, double, take and drop are buttons.
import { $ } from "../ui.js";
import { el, matchPage } from "./match_page.js";

const st = { picked: null, steps: [] };

const page = matchPage({
  prefix: "bg",
  title: (m) => `Backgammon (${m.variant}) · match ${m.id}`,
  clickActions: ["move"],
  board: renderBoard,
  onNewVersion: () => { st.steps = []; st.picked = null; },
});

function moves() { return page.legal().filter((a) => a.name === "move").map((a) => a.args.steps); }
function same(a, b) { return a[0] === b[0] && a[1] === b[1]; }
function startsWith(steps, prefix) { return prefix.every((s, i) => steps[i] && same(steps[i], s)); }
function candidates() { return moves().filter((m) => startsWith(m, st.steps)); }

// my point p holds the opponent's checkers of his point 25 - p (opposed) or p ± 12 (long)
function theirPoint(p) {
  if (page.m.variant === "long") return ((p + 11) % 24) + 1;
  return 25 - p;
}

function renderBoard() {
  const box = $("#bg-board");
  box.replaceChildren();
  const m = page.m;
  const b = m && m.board;
  const me = page.me() ?? 0;
  box.dataset.legal = JSON.stringify(moves());
  box.dataset.seat = String(me);
  $("#bg-dice").textContent = b && b.dice.length ? b.dice.join(" ") : "–";
  $("#bg-cube").textContent = b ? String(b.cube) : "–";
  $("#bg-pending").textContent = st.steps.length ? `Steps: ${st.steps.map((s) => s.join("→")).join(", ")}` : "";
  if (!b) return;
  const mine = b.sides[me];
  const theirs = b.sides[1 - me];
  const next = new Set(candidates().map((c) => c[st.steps.length]).filter(Boolean).map((s) => (st.picked === null ? s[0] : s[0] === st.picked ? s[1] : -1)));
  // top row 13..24, bottom row 12..1 (the mover's numbering)
  const order = [...Array(12).keys()].map((i) => 13 + i).concat([...Array(12).keys()].map((i) => 12 - i));
  for (const p of order) {
    const btn = el("button", `bg-point ${p >= 13 ? "top" : "bottom"}`);
    btn.type = "button";
    btn.dataset.point = String(p);
    btn.setAttribute("aria-label", `Point ${p}`);
    btn.append(el("span", "bg-num", p));
    if (mine[p]) btn.append(el("span", "bg-stack mine", mine[p]));
    const q = theirPoint(p);
    if (theirs[q]) btn.append(el("span", "bg-stack theirs", theirs[q]));
    if (next.has(p)) btn.classList.add(st.picked === null ? "src" : "dst");
    if (st.picked === p) btn.classList.add("picked");
    btn.addEventListener("click", () => clickPoint(p));
    box.append(btn);
  }
  $("#bg-bar").textContent = `Bar ${mine[25] || 0}/${theirs[25] || 0}`;
  $("#bg-off").textContent = `Off ${mine[0] || 0}/${theirs[0] || 0}`;
}

async function clickPoint(p) {
  if (!moves().length) return;
  if (st.picked === null) {
    if (candidates().some((c) => c[st.steps.length] && c[st.steps.length][0] === p)) st.picked = p;
  } else if (p === st.picked) {
    st.picked = null;
  } else {
    const step = [st.picked, p];
    const tried = [...st.steps, step];
    if (moves().some((m) => startsWith(m, tried))) {
      st.steps = tried;
      st.picked = null;
      const done = moves().find((m) => m.length === tried.length && startsWith(m, tried));
      if (done) { st.steps = []; await page.send("move", { steps: done }); return; }
    }
  }
  page.render();
}

page.start(() => {
  $("#bg-off").addEventListener("click", () => clickPoint(0));
  $("#bg-bar").addEventListener("click", () => clickPoint(25));
});
