// The jackpot pools of the game on this page (issue 16 part 5; docs/jackpots.md), shown as the
// rules ask ("the size of the current Jackpot is displayed", 000 §12.45-12.54): each amount is
// the pool's ledger balance (GET /api/jackpots/{game}/{variant}), then pushed by the server on each
// change (/api/jackpots/ws; polled every few seconds if the socket fails); a new win of a pool is
// announced with its amount.
import { ApiError, api, request, token } from "./api.js";
import { formatMoney, learnExponent } from "./money.js";
import { el } from "./shell/dom.js";
import { addStrings, t } from "./shell/i18n.js";
import { toast } from "./ui.js";

addStrings({
  jackpots: ["Jackpots", "Джекпоти", "Aukso puodai"],
  jackpot_won: ["{title} won: {amount}", "{title} виграно: {amount}", "{title} laimėtas: {amount}"],
  jackpot_rows: ["pays {rows}", "виплачує {rows}", "moka {rows}"],
  jackpot_drop: ["drops by {cap}", "випадає до {cap}", "iškrenta iki {cap}"],
});

const REFRESH_MS = 5000;
const params = new URLSearchParams(location.search);
const seen = new Map(); // pool -> the round id of its last win already shown

async function currency() {
  if (token()) { try { return (await api.me()).player.currency; } catch { /* logged out */ } }
  return "EUR";
}

function line(p) {
  learnExponent(p.currency, p.currency_exponent);
  const rows = Object.entries(p.wins).map(([row, share]) => `${row.replace(/_/g, " ")} ${Math.round(shareOf(share) * 100)}%`);
  const how = p.kind === "share" ? t("jackpot_rows", { rows: rows.join(", ") }) : t("jackpot_drop", { cap: formatMoney(p.cap_minor, p.currency) });
  return el("li", { class: "jackpot", dataset: { pool: p.pool } },
    el("span", { class: "jackpot-title" }, p.title), " ",
    el("strong", { class: "jackpot-amount", dataset: { minor: String(p.amount_minor) } }, formatMoney(p.amount_minor, p.currency)),
    el("small", { class: "jackpot-how" }, ` · ${how}`));
}

// "1/5" -> 0.2 (the shares come as exact fractions)
function shareOf(text) {
  const [n, d] = String(text).split("/").map(Number);
  return d ? n / d : n;
}

function announce(pools, first) {
  for (const p of pools) {
    const w = p.last_win;
    if (!w) continue;
    if (!first && seen.get(p.pool) !== w.round_id) {
      toast(t("jackpot_won", { title: p.title, amount: formatMoney(w.amount_minor, p.currency) }), "info");
    }
    seen.set(p.pool, w.round_id);
  }
}

async function refresh(box, list, game, variant, cur, first) {
  try {
    const data = await request("GET", `/api/jackpots/${encodeURIComponent(game)}/${encodeURIComponent(variant)}?currency=${cur}`, undefined, { auth: false });
    list.replaceChildren(...data.pools.map(line));
    box.hidden = data.pools.length === 0;
    announce(data.pools, first);
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) { box.hidden = true; return false; } // no pool
    return true; // a hiccup: try again later
  }
}

async function main() {
  const game = params.get("game");
  const variant = params.get("variant");
  if (!game || !variant) return;
  const cur = await currency();
  const list = el("ul", { class: "jackpot-list" });
  const box = el("section", { class: "card info jackpots", id: "jackpots", "aria-live": "polite", hidden: true },
    el("h2", { "data-i18n": "jackpots" }, t("jackpots")), list);
  (document.getElementById("side") || document.body).prepend(box);
  if (!(await refresh(box, list, game, variant, cur, true))) return;
  const show = (pools) => { list.replaceChildren(...pools.map(line)); box.hidden = pools.length === 0; announce(pools, false); };
  let polling = null;
  const poll = () => { if (!polling) polling = setInterval(() => refresh(box, list, game, variant, cur, false), REFRESH_MS); };
  try {
    const q = new URLSearchParams({ game, variant, currency: cur });
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/jackpots/ws?${q}`);
    ws.addEventListener("message", (ev) => { const m = JSON.parse(ev.data); if (m.type === "jackpots") show(m.pools); });
    ws.addEventListener("close", poll);
  } catch { poll(); }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
