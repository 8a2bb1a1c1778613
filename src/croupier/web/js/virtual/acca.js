// The accumulator slip of the virtual event board (issue 23, docs/virtual.md "Accumulators"): in
// accumulator mode a pick is a leg — one selection on one event — and the legs are kept in
// localStorage while the player moves between the virtual tables' pages (links to the others of
// the same currency), so a slip can span the next events of several tables. One stake; the
// combined odds are the product of the legs' odds rounded down to 0.01 (the server's figure, capped
// at the variants' max_odds, is the one placed). POST /api/accumulators places it; the player's
// slips (GET /api/accumulators) show each leg's state as its event settles.
import { request, token } from "../api.js";
import { formatMoney, parseMajor } from "../money.js";
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import { $, toast } from "../ui.js";

const KEY = "croupier.acca";
const VIRTUAL_GAMES = ["horse_racing", "greyhounds", "racing", "football", "tennis", "table_tennis"];
const state = { legs: [], on: false, stake: "1.00", currency: "EUR", table: null, page: null };

const hundredths = (odds) => { const [a, f = ""] = String(odds).split("."); return BigInt(a) * 100n + BigInt((f + "00").slice(0, 2)); };
const cents = (h) => `${h / 100n}.${String(h % 100n).padStart(2, "0")}`;

/** The product of the legs' odds in hundredths, rounded down to 0.01. */
export function combined(legs) {
  if (!legs.length) return 0n;
  const product = legs.reduce((p, l) => p * hundredths(l.odds), 1n);
  return product / 100n ** BigInt(legs.length - 1);
}

function save() { localStorage.setItem(KEY, JSON.stringify({ legs: state.legs, on: state.on, stake: state.stake })); }

function load() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || "{}");
    state.legs = Array.isArray(s.legs) ? s.legs : [];
    state.on = Boolean(s.on);
    state.stake = typeof s.stake === "string" ? s.stake : "1.00";
  } catch { state.legs = []; }
}

export const acca = {
  on: () => state.on,

  setup(tableId, board, page) {
    load();
    state.table = board;
    state.page = page;
    state.currency = board.currency;
    state.legs = state.legs.filter((l) => l.currency === board.currency);
    const mode = $("#acca-mode");
    mode.checked = state.on;
    mode.addEventListener("change", () => { state.on = mode.checked; save(); render(); });
    const stake = $("#acca-stake");
    stake.value = state.stake;
    stake.addEventListener("input", () => { state.stake = stake.value; save(); renderOdds(); });
    $("#acca-clear").addEventListener("click", () => { state.legs = []; save(); render(); });
    $("#acca-place").addEventListener("click", place);
    render();
    otherTables(tableId).catch(() => {});
    acca.refreshSlips().catch(() => {});
  },

  refreshed(board) { state.table = board; },

  addLeg(pick) {
    const ev = state.page.event;
    if (!ev) return;
    const b = state.table;
    if (state.legs.some((l) => l.table_id === b.table_id && l.number === ev.number)) { toast(t("v_acca_same_event"), "info"); return; }
    state.legs.push({ table_id: b.table_id, table: b.title, currency: b.currency, number: ev.number, code: pick.code,
      label: pick.label, name: pick.name, target: pick.target, odds: pick.odds });
    save();
    render();
  },

  async refreshSlips() {
    if (!token()) return;
    const res = await request("GET", "/api/accumulators");
    const list = $("#accas");
    list.replaceChildren(...res.accumulators.map((s) => {
      const cur = s.currency;
      const what = s.state === "won" ? t("v_state_won", { amount: formatMoney(s.returned_minor, cur) }) : t(`v_state_${s.state}`);
      const legs = el("ol", {}, ...s.legs.map((l) => el("li", { dataset: { table: l.table_id, number: String(l.number), state: l.state } },
        `${l.table_id} #${l.number} · ${l.code} ${l.target.join("-")} @ ${l.odds}: ${l.state}${l.headline ? ` (${l.headline})` : ""}`)));
      return el("li", { dataset: { accumulator: String(s.accumulator_id), state: s.state, returned: s.returned_minor === null ? "" : String(s.returned_minor) } },
        t("v_acca_line", { id: s.accumulator_id, odds: s.odds, stake: formatMoney(s.stake_minor, cur), state: what }), " ",
        el("span", { class: "muted", title: s.rtp_explained }, `· ${t("v_acca_rtp", { rtp: s.rtp_percent })}`), legs);
    }));
  },
};

function render() {
  $("#acca").hidden = !state.on;
  $("#singles").hidden = state.on;
  const list = $("#acca-legs");
  list.replaceChildren(...state.legs.map((l, i) => el("li", { dataset: { table: l.table_id, number: String(l.number), code: l.code, target: l.target.join(",") } },
    t("v_acca_leg", { table: l.table, n: l.number, label: l.label, name: l.name }), " ", el("strong", {}, `@ ${l.odds}`), " ",
    el("button", { type: "button", class: "remove", onclick: () => { state.legs.splice(i, 1); save(); render(); } }, t("v_remove")))));
  list.dataset.count = String(state.legs.length);
  $("#acca-empty").hidden = state.legs.length > 0;
  $("#acca-place").disabled = state.legs.length < 2 || !token();
  renderOdds();
}

function renderOdds() {
  const h = combined(state.legs);
  const out = $("#acca-odds");
  out.dataset.hundredths = String(h);
  const m = parseMajor(state.stake, state.currency);
  out.textContent = !state.legs.length ? "" : m === null ? t("v_not_an_amount")
    : t("v_acca_odds", { odds: cents(h), amount: formatMoney(Number((BigInt(m) * h) / 100n), state.currency) });
}

async function place() {
  const mine = $("#acca-mine");
  delete mine.dataset.accumulator;
  delete mine.dataset.error;
  try {
    const body = { legs: state.legs.map((l) => ({ table_id: l.table_id, code: l.code, target: l.target, number: l.number })), stake: state.stake.trim() };
    const s = await request("POST", "/api/accumulators", body);
    mine.dataset.accumulator = String(s.accumulator_id);
    mine.textContent = t("v_acca_placed", { id: s.accumulator_id, legs: s.legs.length, odds: s.odds, amount: formatMoney(s.stake_minor, s.currency) });
    const bal = $("#balance");
    bal.dataset.minor = String(s.balance.cash_minor);
    bal.textContent = formatMoney(s.balance.cash_minor, s.currency);
    state.legs = [];
    save();
    render();
    await acca.refreshSlips();
  } catch (e) {
    mine.dataset.error = e.code || "error";
    mine.textContent = e.message;
    toast(e.message);
  }
}

// Links to the other virtual tables of the currency: their next events are the other legs.
async function otherTables(tableId) {
  const res = await request("GET", "/api/tables", undefined, { auth: false });
  const links = res.items.filter((x) => VIRTUAL_GAMES.includes(x.game) && x.id !== tableId && x.currency === state.currency)
    .map((x) => el("a", { href: `/virtual.html?table=${encodeURIComponent(x.id)}`, dataset: { table: x.id } }, x.name));
  $("#acca-tables").replaceChildren(...links.flatMap((a, i) => (i ? [" · ", a] : [a])));
}
