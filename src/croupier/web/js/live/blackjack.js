// A player at a live blackjack table (issue 16, 004 §2): a seat's bet in the betting window, the
// cards the dealer scans, the player's decisions while the round waits for them, the default
// taken when the time runs out, and the outcome, also after reconnecting (004 §2.36-2.37).
// Reads GET /api/live/tables/{id}/hand every second. Server texts go in with textContent.
import { request } from "../api.js";
import { formatMinor } from "../money.js";
import { addStrings, applyStrings, languageSwitch, t } from "../shell/i18n.js";
import { $, renderHeader, toast } from "../ui.js";

const POLL_MS = 1000;
const SEATS = 7; // 004 §2.2

addStrings({
  lbj_title: ["Live Blackjack", "Живий блекджек", "Gyvas Blackjack"],
  lbj_seat: ["Seat", "Місце", "Vieta"],
  lbj_round: ["Round", "Раунд", "Raundas"],
  lbj_dealer: ["Dealer: {cards}", "Дилер: {cards}", "Dalintojas: {cards}"],
  lbj_hidden: ["face-down card", "закрита карта", "užversta korta"],
  lbj_waiting_card: ["The dealer deals…", "Дилер роздає…", "Dalintojas dalina…"],
  lbj_turn: ["Seat {seat} decides", "Вирішує місце {seat}", "Sprendžia {seat} vieta"],
  lbj_your_turn: ["Your decision, seat {seat} ({seconds} s)", "Ваше рішення, місце {seat} ({seconds} с)", "Jūsų sprendimas, {seat} vieta ({seconds} s)"],
  lbj_bet_taken: ["Bet accepted on seat {seat}", "Ставку прийнято на місці {seat}", "Statymas priimtas {seat} vietoje"],
  lbj_timeout: ["(default: time ran out)", "(типово: час вийшов)", "(numatytasis: baigėsi laikas)"],
  lbj_state: ["Round {round}: {state}", "Раунд {round}: {state}", "Raundas {round}: {state}"],
  lbj_result: ["Returned {amount} of {stake}", "Повернено {amount} із {stake}", "Grąžinta {amount} iš {stake}"],
  lbj_action_hit: ["Hit", "Ще карту", "Imti"],
  lbj_action_stand: ["Stand", "Досить", "Stoti"],
  lbj_action_double: ["Double", "Подвоїти", "Dvigubinti"],
  lbj_action_split: ["Split", "Розділити", "Skaidyti"],
  lbj_action_insure: ["Insurance", "Страховка", "Draudimas"],
  lbj_action_decline: ["No insurance", "Без страховки", "Be draudimo"],
  lbj_action_surrender: ["Surrender", "Здатися", "Pasiduoti"],
});

const tableId = new URLSearchParams(location.search).get("table") || "blackjack-eur";
let view = null;
let shown = "";

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function label(name) {
  const key = `lbj_action_${name}`;
  const s = t(key);
  return s === key ? name : s;
}

async function decide(action, seat) {
  try {
    await request("POST", `/api/live/rounds/${view.round_id}/decisions`, { action, seat });
  } catch (e) {
    toast(e.message || String(e));
  }
  await refresh();
}

function renderActions() {
  const box = $("#actions");
  const key = JSON.stringify((view.legal_actions || []).map((a) => [a.name, a.args.box]));
  if (key === shown) return;
  shown = key;
  box.replaceChildren();
  for (const a of view.legal_actions || []) {
    const b = el("button", label(a.name), { type: "button", "data-action": a.name });
    b.addEventListener("click", () => decide(a.name, a.args.box));
    box.append(b);
  }
}

function render() {
  if (!view) return;
  const now = view.current && view.current.round_id !== view.round_id && view.current.state === "open"
    ? ` · ${t("place_your_bets")}` : "";
  $("#round-state").textContent = t("lbj_state", { round: view.round_id, state: view.state }) + now;
  const table = view.table;
  const dealer = table ? [...table.dealer.cards] : [];
  if (table && table.dealer.hidden) dealer.push(t("lbj_hidden"));
  $("#dealer-cards").textContent = table ? t("lbj_dealer", { cards: dealer.join(" ") }) : "";
  const hands = $("#hands");
  hands.replaceChildren();
  for (const b of (table ? table.boxes : [])) {
    for (const h of b.hands) {
      hands.append(el("li", `${t("lbj_seat")} ${b.box}: ${h.cards.join(" ")} (${h.total})`,
        { "data-seat": b.box }));
    }
  }
  const turn = view.turn;
  let line = "";
  if (view.waiting_for === "card") line = t("lbj_waiting_card");
  else if (turn && view.legal_actions.length) {
    line = t("lbj_your_turn", { seat: turn.seat, seconds: Math.ceil(view.seconds_left || 0) });
  } else if (turn) line = t("lbj_turn", { seat: turn.seat });
  $("#turn").textContent = line;
  renderActions();
  let outcome = "";
  if (view.state === "voided") outcome = `${t("round_voided")}: ${view.void_reason || ""}`;
  else if (view.state === "settled" && view.returned_minor !== null && view.bets.length) {
    outcome = t("lbj_result", { amount: formatMinor(view.returned_minor, "EUR"),
      stake: formatMinor(view.stake_minor, "EUR") });
    if (view.your_decisions.some((d) => d.by === "timeout")) outcome += ` ${t("lbj_timeout")}`;
  }
  $("#outcome").textContent = outcome;
}

async function refresh() {
  try {
    view = await request("GET", `/api/live/tables/${encodeURIComponent(tableId)}/hand`);
    render();
  } catch (e) {
    if (e.status !== 404) $("#round-state").textContent = e.message || String(e);
  }
}

async function start() {
  renderHeader("live");
  languageSwitch($("#lang"));
  applyStrings();
  document.addEventListener("croupier:lang", () => { shown = ""; render(); });
  const select = $("#seat-select");
  for (let s = 1; s <= SEATS; s += 1) select.append(el("option", String(s), { value: String(s) }));
  $("#seat-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const seat = Number(select.value);
    try {
      await request("POST", `/api/live/tables/${encodeURIComponent(tableId)}/seats/${seat}/bets`,
        { bets: [{ code: "main", stake: $("#stake-input").value.trim() }] });
      toast(t("lbj_bet_taken", { seat }), "info");
    } catch (e) {
      toast(e.message || String(e));
    }
    await refresh();
  });
  await refresh();
  setInterval(refresh, POLL_MS);
}

start();
