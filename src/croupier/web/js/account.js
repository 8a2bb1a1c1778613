// The account page: register / log in, wallet (deposit, withdraw), Games History with round
// recall, and the provably-fair seeds (docs/api.md "Players", "Wallet", "Games History").
import { api, newKey, saveSession, token } from "./api.js";
import { firstDraw, sha256Hex, shuffleShoe } from "./fair.js";
import { formatMoney, parseMajor } from "./money.js";
import { outcomeEl, outcomeText } from "./outcome.js";
import { betLabel } from "./roulette/layout.js";
import { $, renderHeader, toast } from "./ui.js";

renderHeader("account");
let currency = "EUR";
const fmt = (m) => formatMoney(m, currency);

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

if (token()) showMember(); else showGuest();

// ---------------------------------------------------------------- guest: log in / register
function showGuest() {
  $("#guest").hidden = false;
  const tabs = [["#tab-login", "#login-form"], ["#tab-register", "#register-form"]];
  for (const [tab, panel] of tabs) {
    $(tab).addEventListener("click", () => {
      for (const [t, p] of tabs) {
        $(t).setAttribute("aria-selected", String(t === tab));
        $(p).hidden = p !== panel;
      }
      $(panel).querySelector("input").focus();
    });
  }
  // the tab pattern: arrow keys move between the two tabs
  $(".tabs").addEventListener("keydown", (e) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const other = document.activeElement === $("#tab-login") ? "#tab-register" : "#tab-login";
    $(other).click();
    $(other).focus();
  });
  if (location.hash === "#register") $("#tab-register").click();
  let loginKey = null;
  $("#login-form").addEventListener("input", () => { loginKey = null; });
  $("#login-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    $("#login-error").textContent = "";
    loginKey = loginKey || newKey();
    try {
      const s = await api.login({ login: $("#login-login").value.trim(), password: $("#login-password").value }, loginKey);
      saveSession(s);
      location.reload();
    } catch (err) {
      loginKey = null;
      $("#login-error").textContent = err.code === "unauthorized" ? "Wrong login or password." : err.message;
    }
  });
  let regKey = null;
  $("#register-form").addEventListener("input", () => { regKey = null; });
  $("#register-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const out = $("#register-error");
    out.textContent = "";
    const f = e.target;
    if (!f.checkValidity()) {
      const bad = f.querySelector(":invalid");
      out.textContent = `Please check: ${f.querySelector(`label[for="${bad.id}"]`).textContent}.`;
      bad.focus();
      return;
    }
    const body = {
      login: $("#reg-login").value.trim(), password: $("#reg-password").value,
      date_of_birth: $("#reg-dob").value, document_number: $("#reg-doc").value.trim(),
      currency: $("#reg-currency").value,
    };
    regKey = regKey || newKey();
    try {
      await api.register(body, regKey);
      const s = await api.login({ login: body.login, password: body.password }, newKey());
      saveSession(s);
      location.reload();
    } catch (err) {
      const msg = {
        under_age: "You must be 21 or over to register.",
        login_taken: "That login is taken.",
        document_already_registered: "An account with this document number already exists: one account per person.",
      }[err.code];
      out.textContent = msg || err.message;
      if (err.problem?.errors) out.textContent += ` (${err.problem.errors.map((x) => `${x.loc.at(-1)}: ${x.msg}`).join("; ")})`;
    }
  });
}

// ---------------------------------------------------------------- member
async function showMember() {
  $("#member").hidden = false;
  try {
    const me = await api.me();
    currency = me.player.currency;
    for (const c of document.querySelectorAll(".cur")) c.textContent = currency;
    setWallet(me.balance);
  } catch (e) {
    if (e.status === 401) { location.reload(); return; }
    toast(e.message);
  }
  wireWallet();
  wireFairness();
  loadHistory();
  loadPayments();
  loadFairness();
}

function setWallet(b) {
  const put = (id, v) => { const d = $(id); d.textContent = fmt(v); d.dataset.minor = String(v); };
  put("#cash", b.cash_minor);
  put("#pending", b.pending_deposits_minor);
  put("#withdrawable", b.withdrawable_minor);
}

function amountOf(input) {
  const text = input.value.trim();
  const minor = parseMajor(text, currency);
  if (minor === null || minor <= 0) return null;
  return text.replace(/,/g, "");
}

function wireWallet() {
  let depKey = null;
  $("#deposit-amount").addEventListener("input", () => { depKey = null; });
  $("#deposit-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const status = $("#deposit-status");
    const amount = amountOf($("#deposit-amount"));
    if (!amount) { status.textContent = `Enter an amount in ${currency}, e.g. 100${currency === "AMD" ? "" : ".00"}.`; status.className = "error"; return; }
    depKey = depKey || newKey();
    const btn = e.target.querySelector("button");
    btn.disabled = true;
    try {
      const dep = await api.deposit(amount, depKey);
      depKey = null;
      status.className = "";
      status.textContent = `Deposit of ${fmt(dep.amount_minor)} is waiting for the payment provider…`;
      status.dataset.state = dep.status;
      setWallet(await api.wallet());
      const final = await waitDeposit(dep);
      status.dataset.state = final.status;
      if (final.status === "confirmed") {
        status.className = "ok";
        status.textContent = `Deposit of ${fmt(final.amount_minor)} confirmed.`;
      } else {
        status.className = "error";
        status.textContent = `Deposit of ${fmt(final.amount_minor)}: ${final.status}.`;
      }
      setWallet(await api.wallet());
      loadPayments();
    } catch (err) {
      status.className = "error";
      status.textContent = err.message;
    } finally {
      btn.disabled = false;
    }
  });
  let wdKey = null;
  $("#withdraw-amount").addEventListener("input", () => { wdKey = null; });
  $("#withdraw-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const status = $("#withdraw-status");
    const amount = amountOf($("#withdraw-amount"));
    if (!amount) { status.textContent = `Enter an amount in ${currency}.`; status.className = "error"; return; }
    wdKey = wdKey || newKey();
    try {
      const w = await api.withdraw(amount, wdKey);
      wdKey = null;
      status.className = "ok";
      status.textContent = `Withdrawal of ${fmt(w.amount_minor)} ${w.status}: refund ${fmt(w.refund_minor)}, winnings ${fmt(w.winnings_minor)} (001 §4.4).`;
      setWallet(await api.wallet());
      loadPayments();
    } catch (err) {
      status.className = "error";
      status.textContent = err.message;
    }
  });
}

async function waitDeposit(dep) {
  let cur = dep;
  for (let i = 0; i < 120 && cur.status === "pending"; i++) {
    await new Promise((r) => setTimeout(r, 500));
    cur = await api.depositStatus(dep.id);
  }
  return cur;
}

async function loadPayments() {
  const body = $("#payments-body");
  try {
    const [d, w] = await Promise.all([api.deposits(), api.withdrawals()]);
    const rows = [
      ...d.items.map((x) => ({ kind: "Deposit", at: x.created_at, amount: x.amount_minor, details: x.status })),
      ...w.items.map((x) => ({ kind: "Withdrawal", at: x.created_at, amount: -x.amount_minor, details: `${x.status}: refund ${fmt(x.refund_minor)}, winnings ${fmt(x.winnings_minor)}` })),
    ].sort((a, b) => (a.at < b.at ? 1 : -1));
    body.replaceChildren(...rows.map((r) => el("tr", {},
      el("td", {}, r.kind), el("td", {}, new Date(r.at).toLocaleString()),
      el("td", { class: "num-col" }, fmt(r.amount)), el("td", {}, r.details))));
    if (!rows.length) body.append(el("tr", {}, el("td", { colspan: "4", class: "muted" }, "No payments yet.")));
  } catch (e) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: "4", class: "error" }, e.message)));
  }
}

// ---------------------------------------------------------------- games history and recall
let oldest = null;
async function loadHistory(more = false) {
  const body = $("#history-body");
  try {
    const { items } = await api.history(50, more ? oldest : undefined);
    if (!more) body.replaceChildren();
    for (const h of items) {
      const outcome = outcomeText(h.outcome, (m) => formatMoney(m, h.currency));
      body.append(el("tr", { "data-round": String(h.round_id) },
        el("td", {}, String(h.round_id)),
        el("td", {}, `${h.game.replace(/_/g, " ")} · ${h.variant.replace(/_/g, " ")}${h.table_id ? ` · ${h.table_id}` : ""}`),
        el("td", { class: "outcome-col" }, outcome),
        el("td", { class: "num-col" }, formatMoney(h.stake_minor, h.currency)),
        el("td", { class: "num-col" }, formatMoney(h.returned_minor, h.currency)),
        el("td", { class: "num-col", "data-net": String(h.net_minor) }, formatMoney(h.net_minor, h.currency)),
        el("td", {}, h.state),
        el("td", {}, el("button", { type: "button", "aria-label": `recall round ${h.round_id}`, onclick: () => recall(h.round_id) }, "Recall"))));
      oldest = h.round_id;
    }
    if (!more && !items.length) body.append(el("tr", {}, el("td", { colspan: "8", class: "muted" }, "No rounds yet.")));
    $("#history-more").hidden = items.length < 50;
  } catch (e) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: "8", class: "error" }, e.message)));
  }
}
$("#history-more").addEventListener("click", () => loadHistory(true));

const VERIFIABLE = new Set(["european", "american", "electronic", "french_la_partage"]);

/** A bet's name: roulette's positions as the layout names them, other games' codes in words
 * (a blackjack seat as "seat 3"). */
function betName(game, b) {
  if (game === "roulette") return betLabel(b.code, b.target);
  const name = b.code.replace(/_/g, " ");
  const target = b.target?.length ? (game === "blackjack" ? ` · seat ${b.target.join(", ")}` : ` ${b.target.join("/")}`) : "";
  return `${name}${target}${b.carried_in ? " (carried in)" : ""}`;
}

async function recall(id) {
  const box = $("#recall");
  box.replaceChildren(el("p", { class: "muted" }, `Loading round ${id}…`));
  try {
    const r = await api.recall(id);
    const c = r.currency;
    const f = r.fairness || {};
    const bets = el("table", { class: "history-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Bet"), el("th", { scope: "col", class: "num-col" }, "Stake"),
        el("th", { scope: "col", class: "num-col" }, "Returned"), el("th", { scope: "col" }, "Outcome"))),
      el("tbody", {}, ...r.bets.map((b) => el("tr", {},
        el("td", {}, betName(r.game, b)), el("td", { class: "num-col" }, formatMoney(b.stake_minor, c)),
        el("td", { class: "num-col" }, b.returned_minor === null ? "–" : formatMoney(b.returned_minor, c)), el("td", {}, b.outcome ?? "–")))));
    const verifyOut = el("p", { role: "status" });
    const verifyBtn = f.server_seed
      ? el("button", { type: "button", onclick: () => verify(r, verifyOut) }, "Verify in this browser")
      : el("p", { class: "muted" }, (r.kind === "single" || r.kind === "decision")
        ? "The server seed is revealed when you rotate your seeds (Provably fair, above)."
        : f.scheme === "table_shoe"
          ? "The shoe's server seed is revealed when its cut card comes out; then this page shuffles the shoe again and checks this round's cards."
          : "The server seed is revealed with the round's result.");
    box.replaceChildren(el("div", { class: "recall", "aria-label": `Round ${id}` },
      el("h3", {}, `Round ${r.round_id} · ${r.game.replace(/_/g, " ")} · ${r.variant.replace(/_/g, " ")} · ${r.state}`),
      el("p", {}, `Staked ${formatMoney(r.stake_minor, c)} · returned ${r.returned_minor === null ? "–" : formatMoney(r.returned_minor, c)} · net ${r.net_minor === null ? "–" : formatMoney(r.net_minor, c)}`),
      el("h4", { class: "section-title" }, "Outcome"),
      outcomeEl(r.outcome, (m) => formatMoney(m, c)),
      r.void_reason ? el("p", { class: "error" }, `Voided: ${r.void_reason}; every stake refunded.`) : null,
      bets,
      el("h4", { class: "section-title" }, "Provably fair data"),
      el("dl", { class: "kv" },
        el("dt", {}, "Scheme"), el("dd", {}, f.scheme ?? "–"),
        el("dt", {}, "Server seed hash"), el("dd", { class: "mono" }, f.server_seed_hash ?? "–"),
        el("dt", {}, "Server seed"), el("dd", { class: "mono" }, f.server_seed ?? "not revealed yet"),
        el("dt", {}, "Client seed"), el("dd", { class: "mono" }, f.client_seed ?? "–"),
        el("dt", {}, "Nonce"), el("dd", {}, String(f.nonce ?? "–"))),
      verifyBtn, verifyOut,
      el("details", {}, el("summary", {}, `Events (${r.events.length})`), el("pre", {}, JSON.stringify(r.events, null, 1)))));
    box.querySelector(".recall").scrollIntoView({ block: "nearest" });
  } catch (e) {
    box.replaceChildren(el("p", { class: "error" }, e.message));
  }
}

async function verify(r, out) {
  const f = r.fairness;
  try {
    const hash = await sha256Hex(f.server_seed);
    const okHash = hash === String(f.server_seed_hash).toLowerCase();
    let text = okHash ? "SHA-256 of the server seed matches the published hash. " : "The server seed does NOT match its hash! ";
    let okCards = true;
    const pockets = r.outcome?.pockets || [];
    if (r.game === "roulette" && VERIFIABLE.has(r.variant) && pockets.length === 1) {
      const american = r.variant === "american";
      const n = american ? 38 : 37;
      const v = await firstDraw(f.server_seed, f.client_seed, f.nonce, n);
      const pocket = v === 37 ? "00" : String(v);
      text += pocket === String(pockets[0])
        ? `The first draw gives pocket ${pocket}, the recorded outcome.`
        : `The first draw gives pocket ${pocket} but the outcome is ${pockets[0]}: use croupier verify.`;
    } else if (f.scheme === "table_shoe" && Array.isArray(r.outcome?.shoe?.cards)) {
      const shoe = await checkShoe(r);
      text += shoe.text;
      out.dataset.cards = shoe.ok === null ? "unchecked" : shoe.ok ? "match" : "mismatch";
      if (shoe.ok === false) okCards = false;
    } else {
      text += "Recompute the draws with croupier verify.";
    }
    out.textContent = text;
    out.className = okHash && okCards ? "ok" : "error";
    out.dataset.hash = okHash ? "match" : "mismatch";
  } catch (e) {
    out.textContent = `Could not verify here: ${e.message}`;
  }
}

/**
 * A round dealt from a table's shoe (docs/provably_fair.md "Shoes of card tables"): shuffle the
 * shoe from its revealed seed here and compare the cards from position `nonce` on with the
 * round's. The shoe's composition is its variant's `decks` (GET /api/games/{game}/variants/{v}).
 */
async function checkShoe(r) {
  const f = r.fairness;
  const dealt = r.outcome.shoe.cards;
  let decks;
  try { decks = (await api.variant(r.game, r.variant)).decks; } catch { decks = null; }
  if (!Number.isInteger(decks) || decks < 1) {
    return { ok: null, text: "The shoe's composition is not published for this variant: recompute it with croupier verify-shoe." };
  }
  const shoe = await shuffleShoe(f.server_seed, f.client_seed, r.game, decks);
  const mine = shoe.slice(f.nonce, f.nonce + dealt.length);
  const ok = mine.length === dealt.length && mine.every((c, i) => c === dealt[i]);
  return ok
    ? { ok, text: `Shuffling the ${decks}-deck shoe from this seed gives, from card ${f.nonce} on, exactly this round's ${dealt.length} cards (${dealt.join(" ")}).` }
    : { ok, text: `Shuffling the ${decks}-deck shoe from this seed gives ${mine.join(" ")} from card ${f.nonce} on, NOT this round's ${dealt.join(" ")}: check with croupier verify-shoe.` };
}

// ---------------------------------------------------------------- provably fair seeds
function renderFairness(fr) {
  $("#seed-hash").textContent = fr.server_seed_hash;
  $("#client-seed").textContent = fr.client_seed;
  $("#nonce").textContent = String(fr.nonce);
  const ul = $("#revealed");
  ul.replaceChildren(...(fr.revealed || []).map((r) => el("li", {},
    `seed ${r.server_seed} · hash ${r.server_seed_hash} · client seed ${r.client_seed} · ${r.rounds} rounds`)));
  if (!fr.revealed?.length) ul.append(el("li", { class: "muted" }, "None yet."));
}

async function loadFairness() {
  try { renderFairness(await api.fairness()); } catch (e) { $("#fair-status").textContent = e.message; }
}

function wireFairness() {
  $("#seed-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const seed = $("#seed-input").value;
    if (!seed || seed.length > 64) { $("#fair-status").textContent = "A client seed is 1 to 64 characters."; return; }
    try {
      renderFairness(await api.setClientSeed(seed, newKey()));
      $("#fair-status").textContent = "Client seed set: it applies from your next round.";
      $("#seed-input").value = "";
    } catch (err) { $("#fair-status").textContent = err.message; }
  });
  $("#rotate").addEventListener("click", async () => {
    try {
      const res = await api.rotate(newKey());
      renderFairness(res.fairness);
      const hash = await sha256Hex(res.revealed.server_seed);
      $("#fair-status").textContent = `Revealed server seed ${res.revealed.server_seed}; ` +
        (hash === res.revealed.server_seed_hash ? "its SHA-256 matches the hash published before play." : "its SHA-256 does NOT match!");
      loadHistory();
    } catch (err) { $("#fair-status").textContent = err.message; }
  });
}
