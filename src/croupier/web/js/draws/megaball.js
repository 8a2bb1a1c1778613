// megaball.html?id=TABLE: a Mega Ball draw table (000 §12.43, issue 20, docs/draws.md). The head,
// live draw, tickets and last draws, the board, the WebSocket, the balance and the buy are the
// shared draw board (js/draws/board.js); here are the cards (5x5, free centre, 24 numbers of the
// drum), how many of them (the variant's quick choices), the marks as balls come, and after a
// draw its Mega Balls with their multipliers and each card's win (from the round's recall).
import { request } from "../api.js";
import { formatMoney, parseMajor } from "../money.js";
import { $, toast } from "../ui.js";
import { drawBoard, li } from "./board.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("id") || "megaball-eur";
const page = { board: null, cards: [], choices: [1, 10, 25, 100], currency: "EUR", drawing: null, balls: [], offset: 0, mega: [] };
const CELLS = 24;

const board = drawBoard(tableId, page, {
  css: "keno",
  name: "Mega Ball",
  async load() {
    const d = await request("GET", `/api/games/${encodeURIComponent(page.board.game)}/variants/${encodeURIComponent(page.board.variant)}/description`, undefined, { auth: false });
    page.choices = d.outcome.card_choices;
  },
  setup(b) {
    $("#meta").textContent = `${b.balls.drawn} balls of ${b.balls.first}-${b.balls.last} every ${b.schedule.every_seconds} s · lines pay, then one or two Mega Balls with a multiplier · ${b.currency}`;
    const sel = $("#card-count");
    for (const n of page.choices) sel.append(new Option(String(n), String(n)));
    sel.addEventListener("change", () => deal(Number(sel.value)));
    $("#new-cards").addEventListener("click", () => deal(Number(sel.value)));
    deal(page.choices[0]);
  },
  ballItem(ball) {
    const e = li(String(ball), { "data-ball": String(ball) });
    if (page.cards.some((c) => c.includes(ball))) e.className = "hit";
    return e;
  },
  recentBalls: (balls) => balls.join(" "),
  afterBalls() {
    if (page.drawing !== null) page.mega = []; // a new draw: its Mega Balls are not drawn yet
    markCards();
  },
  ticketBets: (t) => `${t.bets.length} card${t.bets.length === 1 ? "" : "s"}`,
  drawText(d) {
    return `#${d.number} ${d.state}${d.returned_minor !== null ? `, won ${formatMoney(d.returned_minor, page.currency)}` : ""}; `;
  },
  bets() {
    const stake = $("#stake").value.trim();
    try {
      parseMajor(stake, page.currency);
    } catch (e) { toast(e.message); return null; }
    return page.cards.map((c) => ({ code: "card", stake, target: c }));
  },
  errorInMine: true,
  settled: showBonus,
});

// 000 §12.43: each card has 24 unique numbers of the drum, randomly arranged (a convenience of
// the client: every card has the same chances; the draw is the server's)
function deal(count) {
  const b = page.board;
  page.cards = [];
  for (let k = 0; k < count; k += 1) {
    const pool = [];
    for (let n = b.balls.first; n <= b.balls.last; n += 1) pool.push(n);
    const r = new Uint32Array(CELLS);
    crypto.getRandomValues(r);
    page.cards.push(Array.from(r, (x) => pool.splice(x % pool.length, 1)[0]));
  }
  page.mega = [];
  renderCards();
}

function renderCards(wins) {
  const ol = $("#cards");
  ol.replaceChildren();
  page.cards.forEach((card, i) => {
    const item = li("", { class: "mega-card", "data-card": String(i), "data-numbers": card.join(" ") });
    const table = document.createElement("table");
    table.setAttribute("aria-label", `Card ${i + 1}`);
    for (let r = 0; r < 5; r += 1) {
      const tr = document.createElement("tr");
      for (let c = 0; c < 5; c += 1) {
        const cell = r * 5 + c;
        const td = document.createElement("td");
        if (cell === 12) { td.className = "free"; td.textContent = "FREE"; } else {
          const n = card[cell < 12 ? cell : cell - 1];
          td.textContent = String(n);
          td.dataset.n = String(n);
        }
        tr.append(td);
      }
      table.append(tr);
    }
    item.append(table);
    const won = document.createElement("p");
    won.className = "won";
    if (wins && wins[i] !== undefined) {
      won.dataset.returned = String(wins[i]);
      won.textContent = `Won ${formatMoney(wins[i], page.currency)}`;
    }
    item.append(won);
    ol.append(item);
  });
  ol.dataset.count = String(page.cards.length);
  markCards();
}

function markCards() {
  const drawn = new Set(page.balls);
  const megas = new Set(page.mega.map((m) => m.ball));
  for (const td of $("#cards").querySelectorAll("td[data-n]")) {
    const n = Number(td.dataset.n);
    td.classList.toggle("drawn", drawn.has(n));
    td.classList.toggle("mega", megas.has(n));
  }
}

// after a draw the player's cards played (its recall): its Mega Balls and multipliers, and each
// card's win; they stay shown until the player's next draw (another draw's recall is not theirs)
async function showBonus(msg) {
  const ol = $("#mega");
  let rec;
  try {
    rec = await request("GET", `/api/history/${encodeURIComponent(msg.round_id)}`);
  } catch {
    return;
  }
  page.mega = (rec.outcome && rec.outcome.mega_balls) || [];
  ol.replaceChildren(...page.mega.map((m) => li(`Mega Ball ${m.ball} x${m.multiplier}`, { "data-ball": String(m.ball), "data-multiplier": String(m.multiplier) })));
  ol.dataset.count = String(page.mega.length);
  ol.dataset.number = String(msg.number);
  ol.dataset.extras = JSON.stringify((rec.outcome && rec.outcome.extras) || []);
  ol.dataset.balls = JSON.stringify((rec.outcome && rec.outcome.balls) || []);
  $("#mega-title").textContent = `Mega Ball · draw #${msg.number}`;
  const key = (t) => (Array.isArray(t) ? t.join(" ") : "");
  const mine = page.cards.map((c) => c.join(" "));
  const wins = [];
  const used = new Set();
  for (const b of rec.bets) {
    const i = mine.findIndex((m, k) => m === key(b.target) && !used.has(k));
    if (i >= 0 && b.returned_minor !== null) { wins[i] = b.returned_minor; used.add(i); }
  }
  renderCards(wins);
}

board.open();
