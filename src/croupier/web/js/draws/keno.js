// keno.html?id=TABLE: a keno draw table (issue 20, docs/draws.md). The head, live draw, tickets
// and last draws sections, the board (GET /api/draws/{id}), the table's WebSocket, the balance and
// the buy (POST /api/draws/{id}/tickets) are the shared draw board (js/draws/board.js); here are
// the number grid, quick pick and the keno bet.
import { formatMoney, parseMajor } from "../money.js";
import { $, toast } from "../ui.js";
import { drawBoard, li } from "./board.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("id") || "keno-eur";
const page = { board: null, picks: new Set(), currency: "EUR", drawing: null, balls: [], offset: 0 };

const board = drawBoard(tableId, page, {
  css: "keno",
  name: "Keno",
  setup(b) {
    $("#meta").textContent = `${b.balls.drawn} balls of ${b.balls.first}-${b.balls.last} every ${b.schedule.every_seconds} s · pick 1 to ${b.max_picks} · ${b.currency}`;
    buildGrid(b);
    $("#qp-count").max = String(b.max_picks);
    $("#quick-pick").addEventListener("click", quickPick);
    $("#clear").addEventListener("click", () => { page.picks.clear(); syncGrid(); });
  },
  ballItem,
  recentBalls: (balls) => balls.join(" "),
  afterBalls: markDrawn,
  ticketBets: (t) => t.bets.map((b) => b.target.join(" ")).join(" / "),
  drawText(d, span) {
    const hits = d.bets.map((b) => b.hits).filter((h) => h !== null);
    span.dataset.hits = hits.length ? String(hits.reduce((a, b) => a + b, 0)) : "";
    span.title = d.bets.map((b) => b.why).filter(Boolean).join("\n"); // which numbers hit, what they pay
    return `#${d.number} ${d.state}${hits.length ? `, ${span.dataset.hits} hits` : ""}${d.returned_minor !== null ? `, won ${formatMoney(d.returned_minor, page.currency)}` : ""}; `;
  },
  bets() {
    try {
      parseMajor($("#stake").value, page.currency);
    } catch (e) { toast(e.message); return null; }
    return [{ code: "keno", stake: $("#stake").value.trim(), target: [...page.picks].sort((a, b) => a - b) }];
  },
  errorInMine: true,
});

function buildGrid(b) {
  const grid = $("#grid");
  for (let n = b.balls.first; n <= b.balls.last; n += 1) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.textContent = String(n);
    btn.dataset.n = String(n);
    btn.setAttribute("aria-pressed", "false");
    btn.addEventListener("click", () => toggle(n));
    grid.append(btn);
  }
}

function toggle(n) {
  if (page.picks.has(n)) page.picks.delete(n);
  else if (page.picks.size >= page.board.max_picks) { toast(`Pick at most ${page.board.max_picks} numbers`); return; }
  else page.picks.add(n);
  syncGrid();
}

function syncGrid() {
  for (const btn of $("#grid").querySelectorAll("button")) btn.setAttribute("aria-pressed", String(page.picks.has(Number(btn.dataset.n))));
  const p = $("#picked");
  p.dataset.count = String(page.picks.size);
  p.textContent = `${page.picks.size} number${page.picks.size === 1 ? "" : "s"} picked: ${[...page.picks].sort((a, b) => a - b).join(" ")}`;
}

function quickPick() {
  // a convenience for the player, not the game's randomness (the draw is the server's)
  const b = page.board;
  const want = Math.max(1, Math.min(b.max_picks, Number($("#qp-count").value) || 5));
  const pool = [];
  for (let n = b.balls.first; n <= b.balls.last; n += 1) pool.push(n);
  const r = new Uint32Array(want);
  crypto.getRandomValues(r);
  page.picks.clear();
  for (let i = 0; i < want; i += 1) page.picks.add(pool.splice(r[i] % pool.length, 1)[0]);
  syncGrid();
}

function ballItem(ball) {
  const e = li(String(ball), { "data-ball": String(ball) });
  if (page.picks.has(ball)) e.className = "hit";
  return e;
}

function markDrawn() {
  const drawn = new Set(page.balls);
  for (const btn of $("#grid").querySelectorAll("button")) btn.classList.toggle("drawn", drawn.has(Number(btn.dataset.n)));
}

board.open();
