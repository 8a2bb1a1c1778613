// The back office (operator role): verification, blocks (001 §5.1.4), complaints (000 §11), the
// restricted-persons register (001 §2.1), bonuses, payouts to the player, the monitoring record.
import { token } from "../api.js";
import { formatMoney } from "../money.js";
import { $, renderHeader, toast } from "../ui.js";
import { backoffice } from "./client.js";

renderHeader("backoffice");
const REASONS = ["unverified", "false_information", "third_party_card", "several_accounts",
  "influencing_software", "duties_not_fulfilled", "law_violation"];

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}
const td = (...kids) => el("td", {}, ...kids);
const act = async (fn, okText) => {
  try { await fn(); if (okText) toast(okText, "info"); await refresh(); } catch (err) { toast(err.message); }
};

async function loadVerifications() {
  const body = $("#ver-body");
  body.replaceChildren();
  for (const v of (await backoffice.verifications()).items) {
    const note = el("input", { placeholder: "note / reason", "aria-label": `note for ${v.login}` });
    body.append(el("tr", { "data-player": String(v.player_id) }, td(v.login), td(v.documents || ""),
      td(new Date(v.submitted_at).toLocaleString()),
      td(note,
        el("button", { type: "button", onclick: () => act(() => backoffice.review(v.player_id, "verified", note.value), "Verified") }, "Verify"),
        el("button", { type: "button", onclick: () => act(() => backoffice.review(v.player_id, "rejected", note.value), "Rejected") }, "Reject"))));
  }
}

async function loadPlayers() {
  const body = $("#players-body");
  body.replaceChildren();
  for (const p of (await backoffice.players($("#player-login").value)).items) {
    const reason = el("select", { "aria-label": `block reason for ${p.login}` }, ...REASONS.map((r) => el("option", { value: r }, r)));
    const amount = el("input", { placeholder: "amount", size: "8", "aria-label": `amount for ${p.login}` });
    const status = [];
    if (p.restricted) status.push(el("span", { class: "badge bad" }, "excluded"));
    for (const b of p.blocks) {
      status.push(el("span", { class: "badge bad" }, b.reason),
        el("button", { type: "button", onclick: () => act(() => backoffice.lift(b.id, "lifted in back office"), "Block lifted") }, "Lift"));
    }
    if (!status.length) status.push(el("span", { class: "badge good" }, "active"));
    const cur = p.balance.currency;
    body.append(el("tr", { "data-player": String(p.player_id) }, td(p.login), td(p.verification.state), td(...status),
      td(formatMoney(p.balance.cash_minor, cur), p.balance.bonus_minor ? ` + bonus ${formatMoney(p.balance.bonus_minor, cur)}` : ""),
      td(reason, el("button", { type: "button", onclick: () => act(() => backoffice.block(p.player_id, reason.value, "back office"), "Blocked") }, "Block"),
        amount,
        el("button", { type: "button", onclick: () => act(() => backoffice.payout(p.player_id, amount.value), "Paid out to the player") }, "Pay out"),
        el("button", { type: "button", onclick: () => act(() => backoffice.bonus(p.player_id, amount.value, 30), "Bonus granted (x30)") }, "Bonus x30"))));
  }
}

async function loadComplaints() {
  const body = $("#comp-body");
  body.replaceChildren();
  for (const c of (await backoffice.complaints()).items) {
    let last;
    if (c.state === "open") {
      const decision = el("input", { placeholder: "decision", "aria-label": `decision on complaint ${c.id}` });
      last = td(decision,
        el("button", { type: "button", onclick: () => act(() => backoffice.resolve(c.id, "upheld", decision.value), "Upheld") }, "Uphold"),
        el("button", { type: "button", onclick: () => act(() => backoffice.resolve(c.id, "rejected", decision.value), "Rejected") }, "Reject"));
    } else {
      last = td(`${c.state}: ${c.decision}`);
    }
    body.append(el("tr", {}, td(String(c.id)), td(String(c.round_id)), td(c.text), last));
  }
}

async function loadRegister() {
  const body = $("#reg-body");
  body.replaceChildren();
  for (const e of (await backoffice.register()).items) {
    const lift = e.lifted_at || e.source === "self_exclusion" ? "" :
      el("button", { type: "button", onclick: () => act(() => backoffice.liftEntry(e.id), "Entry lifted") }, "Lift");
    body.append(el("tr", {}, td(e.document_number), td(e.source), td(e.lifted_at ? "lifted" : (e.ends_at || "indefinitely")), td(lift)));
  }
}

async function refresh() {
  await Promise.all([loadVerifications(), loadPlayers(), loadComplaints(), loadRegister()]);
}

async function start() {
  if (!token()) { $("#bo-denied").hidden = false; return; }
  try {
    await backoffice.register();
  } catch (err) {
    $("#bo-denied").hidden = false;
    if (err.code !== "operator_only" && err.code !== "unauthorized") toast(err.message);
    return;
  }
  $("#bo").hidden = false;
  $("#player-search").addEventListener("submit", (e) => { e.preventDefault(); loadPlayers().catch((err) => toast(err.message)); });
  $("#reg-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const until = $("#reg-until").value ? `${$("#reg-until").value}T00:00:00Z` : null;
    try {
      await backoffice.addEntry($("#reg-document").value, $("#reg-reason").value, until);
      $("#reg-status").textContent = "Added.";
      await refresh();
    } catch (err) { $("#reg-status").textContent = err.message; }
  });
  $("#audit-verify").addEventListener("click", async () => {
    try {
      const v = await backoffice.auditVerify();
      $("#audit-status").textContent = v.ok ? `OK: ${v.reason}` : `BROKEN at entry ${v.first_broken}: ${v.reason}`;
      $("#audit-status").className = v.ok ? "ok" : "error";
    } catch (err) { toast(err.message); }
  });
  await refresh();
}

start();
