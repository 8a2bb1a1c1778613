// A player at a live table whose players share one set of cards (issue 16): Unlimited Blackjack's
// common hand (004 §4) or Casino Hold'em's common cards (004 §5). The bet in the betting window
// (POST /api/tables/{id}/bets), the cards the dealer scans, the player's own decisions on their
// copy of the hand, the default taken when the time runs out, and the outcome, also after
// reconnecting (004 §4.32-4.33). Reads GET /api/live/tables/{id}/hand every second.
// Server texts go in with textContent.
import { request } from "../api.js";
import { formatMinor } from "../money.js";
import { addStrings, applyStrings, languageSwitch, t } from "../shell/i18n.js";
import { $, renderHeader, toast } from "../ui.js";

const POLL_MS = 1000;

addStrings({
  ls_title_blackjack: ["Live Unlimited Blackjack", "Живий безлімітний блекджек", "Gyvas neribotas Blackjack"],
  ls_title_casino_holdem: ["Live Casino Hold'em", "Живий Casino Hold'em", "Gyvas Casino Hold'em"],
  ls_round: ["Round", "Раунд", "Raundas"],
  ls_state: ["Round {round}: {state}", "Раунд {round}: {state}", "Raundas {round}: {state}"],
  ls_dealer: ["Dealer: {cards}", "Дилер: {cards}", "Dalintojas: {cards}"],
  ls_you: ["Your hand: {cards}", "Ваша рука: {cards}", "Jūsų ranka: {cards}"],
  ls_board: ["Common cards: {cards}", "Спільні карти: {cards}", "Bendros kortos: {cards}"],
  ls_hidden: ["{n} face down", "{n} закрито", "{n} užverstos"],
  ls_waiting_card: ["The dealer deals…", "Дилер роздає…", "Dalintojas dalina…"],
  ls_your_turn: ["Your decision ({seconds} s)", "Ваше рішення ({seconds} с)", "Jūsų sprendimas ({seconds} s)"],
  ls_others: ["Other players decide…", "Інші гравці вирішують…", "Kiti žaidėjai sprendžia…"],
  ls_bet_taken: ["Bet accepted", "Ставку прийнято", "Statymas priimtas"],
  ls_timeout: ["(default: time ran out)", "(типово: час вийшов)", "(numatytasis: baigėsi laikas)"],
  ls_result: ["Returned {amount} of {stake}", "Повернено {amount} із {stake}", "Grąžinta {amount} iš {stake}"],
  ls_action_hit: ["Hit", "Ще карту", "Imti"],
  ls_action_stand: ["Stand", "Досить", "Stoti"],
  ls_action_double: ["Double", "Подвоїти", "Dvigubinti"],
  ls_action_split: ["Split", "Розділити", "Skaidyti"],
  ls_action_insure: ["Insurance", "Страховка", "Draudimas"],
  ls_action_decline: ["No insurance", "Без страховки", "Be draudimo"],
  ls_action_call: ["Call", "Колл", "Sulyginti"],
  ls_action_fold: ["Fold", "Скинути", "Pasiduoti"],
});

const tableId = new URLSearchParams(location.search).get("table") || "casino-holdem-eur";
let game = "";
let cur = "EUR";
let view = null;
let shown = "";

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function label(name) {
  const key = `ls_action_${name}`;
  const s = t(key);
  return s === key ? name : s;
}

function cards(list, hidden) {
  const shownCards = [...list];
  if (hidden) shownCards.push(t("ls_hidden", { n: hidden }));
  return shownCards.join(" ");
}

async function decide(action) {
  try {
    await request("POST", `/api/live/rounds/${view.round_id}/decisions`, { action });
  } catch (e) {
    toast(e.message || String(e));
  }
  await refresh();
}

function renderActions() {
  const box = $("#actions");
  const key = JSON.stringify((view.legal_actions || []).map((a) => a.name));
  if (key === shown) return;
  shown = key;
  box.replaceChildren();
  for (const a of view.legal_actions || []) {
    const b = el("button", label(a.name), { type: "button", "data-action": a.name });
    b.addEventListener("click", () => decide(a.name));
    box.append(b);
  }
}

function renderTable(table) {
  const hands = $("#hands");
  hands.replaceChildren();
  let dealer = "";
  let board = "";
  if (table && table.kind === "blackjack") {
    const d = table.dealer;
    dealer = t("ls_dealer", { cards: cards(d.cards, d.hidden) });
    for (const b of table.boxes) {
      for (const h of b.hands) {
        hands.append(el("li", `${t("ls_you", { cards: h.cards.join(" ") })} (${h.total})`, { "data-box": b.box }));
      }
    }
  } else if (table && table.kind === "poker") {
    const hidden = table.hidden || {};
    for (const [slot, list] of Object.entries(table.hands)) {
      const text = cards(list, hidden[slot] || 0);
      if (slot === "dealer") dealer = t("ls_dealer", { cards: text });
      else if (slot === "board") board = t("ls_board", { cards: text });
      else hands.append(el("li", t("ls_you", { cards: text }), { "data-slot": slot }));
    }
  }
  $("#dealer-cards").textContent = dealer;
  $("#board").textContent = board;
}

function render() {
  if (!view) return;
  const next = view.current && view.current.round_id !== view.round_id && view.current.state === "open"
    ? ` · ${t("place_your_bets")}` : "";
  $("#round-state").textContent = t("ls_state", { round: view.round_id, state: view.state }) + next;
  renderTable(view.table);
  let line = "";
  if (view.legal_actions.length) {
    const left = view.decision_deadline ? Math.max(0, (Date.parse(view.decision_deadline) - Date.now()) / 1000) : 0;
    line = t("ls_your_turn", { seconds: Math.ceil(left) });
  } else if (view.waiting_for === "card") line = t("ls_waiting_card");
  else if (view.waiting_for === "decision") line = t("ls_others");
  $("#turn").textContent = line;
  renderActions();
  let outcome = "";
  if (view.state === "voided") outcome = `${t("round_voided")}: ${view.void_reason || ""}`;
  else if (view.state === "settled" && view.returned_minor !== null && view.bets.length) {
    outcome = t("ls_result", { amount: formatMinor(view.returned_minor, cur),
      stake: formatMinor(view.stake_minor, cur) });
    if (view.your_decisions.some((d) => d.by === "timeout")) outcome += ` ${t("ls_timeout")}`;
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

function title() {
  const key = `ls_title_${game}`;
  const s = t(key);
  $("#table-title").textContent = s === key ? tableId : s;
}

async function start() {
  renderHeader("live");
  languageSwitch($("#lang"));
  applyStrings();
  try {
    const info = await request("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    game = info.game || "";
    cur = info.currency || cur;
  } catch (e) {
    toast(e.message || String(e));
  }
  title();
  document.addEventListener("croupier:lang", () => { shown = ""; title(); render(); });
  $("#bet-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    // 004 §4: Unlimited Blackjack's main bet on the common hand; 004 §5: Casino Hold'em's Ante
    const bet = game === "casino_holdem"
      ? { code: "ante", stake: $("#stake-input").value.trim() }
      : { code: "main", stake: $("#stake-input").value.trim(), target: [1] };
    try {
      await request("POST", `/api/tables/${encodeURIComponent(tableId)}/bets`, { bets: [bet] });
      toast(t("ls_bet_taken"), "info");
    } catch (e) {
      toast(e.message || String(e));
    }
    await refresh();
  });
  await refresh();
  setInterval(refresh, POLL_MS);
}

start();
