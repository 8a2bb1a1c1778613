// virtual.html?table=ID: the event board of a virtual sports table (issue 23, docs/virtual.md):
// the next event's field with its form, its commitment, every market with its odds (js/virtual/
// markets.js), a bet slip (a stake per bet, the total, one ticket for the event shown), the
// result played out when the event runs (js/virtual/result.js), then each bet's win and the
// balance. The head, countdown, WebSocket, balance, tickets, last results and the purchase are the
// shared draw board (js/draws/board.js). In accumulator mode a pick becomes a leg of the
// accumulator slip (js/virtual/acca.js), kept while the player moves between the virtual tables.
// Every word is in the shell's languages (js/virtual/strings.js).
import { request, token } from "../api.js";
import { formatMoney, learnExponent, parseMajor, toMajorString } from "../money.js";
import { loadDescription } from "../shell/describe.js";
import { el } from "../shell/dom.js";
import { $, toast } from "../ui.js";
import { drawBoard } from "../draws/board.js";
import { applyStrings, t } from "../shell/i18n.js";
import "./strings.js";
import { acca } from "./acca.js";
import { renderEvent } from "./markets.js";
import { playResult, resultText } from "./result.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("table") || params.get("id") || "horse-racing-eur";
const page = { board: null, currency: "EUR", drawing: null, balls: [], offset: 0, event: null, slip: [], stake: "1.00", shown: null, anim: null, ready: false };

// odds as whole hundredths ("17.40" -> 1740): the slip's possible return in integers
const hundredths = (odds) => { const [a, f = ""] = String(odds).split("."); return Number(a) * 100 + Number((f + "00").slice(0, 2)); };

const board = drawBoard(tableId, page, {
  css: "virtual",
  name: t("v_name"),
  word: t("v_event"),
  async load() {
    try {
      const d = await loadDescription(page.board.game, page.board.variant);
      const min = d.currencies?.[page.board.currency]?.min_minor;
      if (min) page.stake = toMajorString(Math.max(min, 100), page.board.currency);
    } catch { /* the stake stays 1.00: the server checks the limits */ }
  },
  setup(b) {
    learnExponent(b.currency, b.currency_exponent);
    page.ready = true;
    $("#meta").textContent = t("v_meta", { title: b.title, every: b.schedule.every_seconds, cutoff: b.schedule.cutoff_seconds, cur: b.currency });
    $("#clear").addEventListener("click", () => { page.slip = []; renderSlip(); });
    showEvent(b);
    renderSlip();
    acca.setup(tableId, b, page);
    const last = b.recent[0];
    if (last?.result) playResult(b.game, last.number, last.result, { fast: true });
  },
  ballItem: () => el("li"),
  recentBalls: () => "",
  recentText: resultText,
  refreshed: (b) => { if (page.ready) { showEvent(b); acca.refreshed(b); } },
  firstDraw: () => page.event?.number ?? null,
  ticketBets: (tk) => tk.bets.map((b) => `${b.code} ${b.target.join("-")}`).join(" / "),
  drawText(d, span) {
    span.title = d.bets.map((b) => b.why).filter(Boolean).join("\n");
    const bets = d.bets.map((b) => `${b.code} ${b.target.join("-")}: ${b.returned_minor === null ? d.state : b.returned_minor > 0 ? t("v_won", { amount: formatMoney(b.returned_minor, page.currency) }) : t("v_lost")}`);
    return `#${d.number} ${d.state} (${bets.join("; ")}); `;
  },
  bets() {
    if (!page.slip.length) { toast(t("v_add_first")); return null; }
    for (const b of page.slip) {
      if (parseMajor(b.stake, page.currency) === null) { toast(t("v_not_amount", { text: b.stake })); return null; }
    }
    return page.slip.map((b) => ({ code: b.code, stake: b.stake.trim(), target: b.target }));
  },
  errorInMine: true,
  started(msg) {
    // the event has run: its result is on the board now (recent[]); play it, the settlement waits
    const promise = request("GET", `/api/draws/${encodeURIComponent(tableId)}`, undefined, { auth: false })
      .then((b) => {
        const r = b.recent.find((x) => x.number === msg.number);
        if (r?.result) return playResult(b.game, msg.number, r.result);
        return null;
      });
    page.anim = { number: msg.number, promise };
  },
  beforeSettled: (msg) => (page.anim?.number === msg.number ? page.anim.promise : null),
  settled: (msg) => Promise.all([showMyBets(msg.number), acca.refreshSlips()]),
});

// The event shown is the next one taking bets; a new event re-prices the slip from its board.
function showEvent(b) {
  const ev = b.upcoming[0] || null;
  if ((ev?.number ?? null) === page.shown) return;
  page.shown = ev?.number ?? null;
  page.event = ev;
  if (!ev?.board) {
    $("#event-number").textContent = "";
    $("#commitment").textContent = t("v_preparing");
    $("#markets").replaceChildren();
    return;
  }
  $("#event-number").textContent = `#${ev.number}`;
  $("#event-number").dataset.number = String(ev.number);
  const c = $("#commitment");
  c.dataset.hash = ev.server_seed_hash;
  c.textContent = t("v_off_at", { time: new Date(ev.due_at).toLocaleTimeString(), hash: ev.server_seed_hash });
  renderEvent(b.game, ev.board, add);
  const prices = new Map(ev.board.markets.flatMap((m) => m.selections.map((s) => [`${m.code}|${s.target.join(",")}`, s.odds])));
  for (const item of page.slip) item.odds = prices.get(`${item.code}|${item.target.join(",")}`) || null; // null: not offered now
  renderSlip();
}

function add(pick) {
  if (acca.on()) { acca.addLeg(pick); return; }
  if (page.slip.some((b) => b.code === pick.code && b.target.join(",") === pick.target.join(","))) { toast(t("v_on_slip"), "info"); return; }
  page.slip.push({ ...pick, stake: page.stake });
  renderSlip();
}

function renderSlip() {
  const list = $("#slip");
  list.replaceChildren();
  let total = 0;
  page.slip.forEach((b, i) => {
    const minor = parseMajor(b.stake, page.currency);
    if (minor !== null) total += minor;
    const stake = el("input", { class: "stake", inputmode: "decimal", autocomplete: "off", value: b.stake, "aria-label": t("v_stake_on", { label: b.label, name: b.name }) });
    const ret = el("span", { class: "muted returns" });
    const sync = () => {
      const m = parseMajor(b.stake, page.currency);
      ret.textContent = m === null ? t("v_not_an_amount") : b.odds ? t("v_returns", { amount: formatMoney(Math.floor((m * hundredths(b.odds)) / 100), page.currency) }) : t("v_not_offered_event");
    };
    stake.addEventListener("input", () => { b.stake = stake.value; sync(); renderTotal(); });
    sync();
    list.append(el("li", { dataset: { code: b.code, target: b.target.join(",") } },
      `${b.label}: ${b.name} `, el("strong", {}, b.odds ? `@ ${b.odds}` : "-"), " ", stake, " ", ret, " ",
      el("button", { type: "button", class: "remove", onclick: () => { page.slip.splice(i, 1); renderSlip(); } }, t("v_remove"))));
  });
  list.dataset.count = String(page.slip.length);
  renderTotal(total);
  $("#buy").disabled = !page.slip.length || !token();
}

function renderTotal(given) {
  const total = given ?? page.slip.reduce((a, b) => a + (parseMajor(b.stake, page.currency) || 0), 0);
  $("#total").dataset.minor = String(total);
  $("#total").textContent = formatMoney(total, page.currency);
}

// After the settlement: each of the player's bets on the event, won or lost (their tickets).
async function showMyBets(number) {
  if (!token()) return;
  const res = await request("GET", `/api/draws/${encodeURIComponent(tableId)}/tickets`);
  const list = $("#event-bets");
  list.replaceChildren();
  for (const tk of res.tickets) {
    for (const d of tk.draws.filter((x) => x.number === number)) {
      for (const b of d.bets) {
        const won = b.returned_minor ?? 0;
        list.append(el("li", { class: won > 0 ? "won" : "lost", dataset: { ticket: String(tk.ticket_id), code: b.code, returned: String(won) } },
          t("v_bet_line", { bet: `${b.code} ${b.target.join("-")}`, stake: formatMoney(b.stake_minor, page.currency), result: won > 0 ? t("v_won", { amount: formatMoney(won, page.currency) }) : t("v_lost") })));
      }
    }
  }
  list.dataset.number = String(number);
}

applyStrings();
board.open();
