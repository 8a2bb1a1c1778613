// lucky.html?id=TABLE: a fixed-odds draw table - Lucky 5, Lucky 7, Lucky 6 (digit balls or 48
// balls), Fruitrace (issue 20, docs/draws.md). The bets and their targets come from the engine's
// description (js/shell/describe.js, js/shell/targets.js); the head, live draw, tickets and last
// draws sections, the board (GET /api/draws/{id}), the table's WebSocket, the balance and the buy
// (POST /api/draws/{id}/tickets: every bet of the slip, one stake each, for 1 to max_draws draws)
// are the shared draw board (js/draws/board.js).
import { token } from "../api.js";
import { formatMoney, learnExponent, parseMajor, toMajorString } from "../money.js";
import { betsByGroup, loadDescription } from "../shell/describe.js";
import { targetPicker, targetText } from "../shell/targets.js";
import { $, toast } from "../ui.js";
import { drawBoard, li } from "../draws/board.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("id") || "lucky5-eur";
const page = { board: null, desc: null, labels: {}, slip: [], currency: "EUR", drawing: null, balls: [], offset: 0 };

const label = (ball) => page.labels[String(ball)] || String(ball);

const board = drawBoard(tableId, page, {
  css: "draw",
  name: "Draw",
  async load() {
    page.desc = await loadDescription(page.board.game, page.board.variant);
  },
  setup(b) {
    const d = page.desc;
    learnExponent(b.currency, b.currency_exponent);
    page.labels = d.outcome?.labels || {};
    $("#meta").textContent = `${b.balls.drawn} balls of ${b.balls.last - b.balls.first + 1} every ${b.schedule.every_seconds} s · ${d.bets.length} bets · ${b.currency}`;
    layBets(d);
    const cur = d.currencies?.[b.currency];
    $("#stake").value = toMajorString(cur?.min_minor || 100, b.currency);
    $("#clear").addEventListener("click", () => { page.slip = []; renderSlip(); });
    renderSlip();
  },
  ballItem: (ball) => li(label(ball), { "data-ball": String(ball) }),
  recentBalls: (balls) => balls.map(label).join(", "),
  ticketBets: (t) => t.bets.map((b) => `${b.code}${targetText(b.target)}`).join(" / "),
  drawText(d, span) {
    const won = d.bets.filter((b) => b.outcome === "win");
    // why each bet won or lost (the engine's explanation): the winners in the text, all in the tooltip
    span.title = d.bets.map((b) => b.why).filter(Boolean).join("\n");
    const why = won.map((b) => b.why).filter(Boolean).join("; ");
    return `#${d.number} ${d.state}${d.returned_minor !== null ? `, ${won.length} bet${won.length === 1 ? "" : "s"} won ${formatMoney(d.returned_minor, page.currency)}` : ""}${why ? ` (${why})` : ""}; `;
  },
  bets() {
    const stake = $("#stake").value.trim();
    if (parseMajor(stake, page.currency) === null) { toast(`"${stake}" is not an amount`); return null; }
    return page.slip.map((b) => ({ code: b.code, stake, target: b.target }));
  },
});

function layBets(desc) {
  const layout = $("#layout");
  layout.replaceChildren();
  for (const g of betsByGroup(desc)) {
    const box = document.createElement("details");
    box.open = true;
    const summary = document.createElement("summary");
    summary.textContent = g.label;
    box.append(summary);
    for (const bet of g.bets) {
      const row = document.createElement("div");
      row.className = "draw-bet";
      const name = document.createElement("span");
      name.textContent = bet.label;
      const pays = document.createElement("span");
      pays.className = "pays";
      pays.textContent = bet.payout ? `pays ${bet.payout}` : "";
      row.append(name, pays);
      const picker = targetPicker(bet, `Target: ${bet.label}`);
      if (picker?.node) row.append(picker.node);
      const add = document.createElement("button");
      add.type = "button";
      add.className = "add-bet";
      add.dataset.code = bet.code;
      add.textContent = "Add";
      add.setAttribute("aria-label", `Add ${bet.label}`);
      add.addEventListener("click", () => {
        page.slip.push({ code: bet.code, label: bet.label, target: picker ? picker.read() : [] });
        renderSlip();
      });
      row.append(add);
      box.append(row);
    }
    layout.append(box);
  }
}

function renderSlip() {
  const list = $("#slip");
  list.replaceChildren();
  page.slip.forEach((b, i) => {
    const item = li(`${b.label}${targetText(b.target)} `, { "data-code": b.code });
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "Remove";
    remove.addEventListener("click", () => { page.slip.splice(i, 1); renderSlip(); });
    item.append(remove);
    list.append(item);
  });
  list.dataset.count = String(page.slip.length);
  $("#buy").disabled = !page.slip.length || !token();
}

board.open();
