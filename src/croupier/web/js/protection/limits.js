// The responsible-gaming page: deposit and play-time limits (001 §10.1-10.2), the reality check
// status (001 §10.3), verification (001 §5.2.13), complaints (000 §11) and self-exclusion (001 §2.1).
import { token } from "../api.js";
import { formatMoney } from "../money.js";
import { $, renderHeader, toast } from "../ui.js";
import { protection } from "./client.js";

renderHeader("limits");
let currency = "UAH";
const fmt = (m) => (m === null || m === undefined ? "none" : formatMoney(m, currency));
const when = (iso) => (iso ? new Date(iso).toLocaleString() : "");
const hm = (s) => `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;

function say(sel, text, ok) {
  const el = $(sel);
  el.textContent = text;
  el.className = ok ? "ok" : "error";
}

function row(cells) {
  const tr = document.createElement("tr");
  for (const c of cells) {
    const td = document.createElement("td");
    td.textContent = c;
    tr.append(td);
  }
  return tr;
}

async function load() {
  const [lim, st] = await Promise.all([protection.limits(), protection.status()]);
  currency = lim.currency;
  document.querySelectorAll(".cur").forEach((e) => { e.textContent = currency; });
  $("#deposit-min").textContent = fmt(lim.deposit_minimum_minor);
  $("#tz").textContent = lim.timezone;
  $("#cooling").textContent = `${lim.cooling_off_hours / 24} days`;
  const dep = $("#deposit-limits");
  dep.replaceChildren();
  for (const period of ["day", "week", "month"]) {
    const it = lim.deposit[period];
    const tr = row([period, fmt(it.value), fmt(it.used_minor),
      it.has_pending ? `${fmt(it.pending_value)} from ${when(it.pending_from)}` : ""]);
    tr.dataset.period = period;
    tr.dataset.value = it.value === null ? "" : String(it.value);
    dep.append(tr);
  }
  const tl = $("#time-limits");
  tl.replaceChildren();
  for (const period of ["day", "week"]) {
    const it = lim.time[period];
    tl.append(row([period, it.value === null ? "none" : `${it.value} h`, hm(it.played_seconds),
      it.has_pending ? `${it.pending_value === null ? "none" : `${it.pending_value} h`} from ${when(it.pending_from)}` : ""]));
  }
  $("#kyc-state").textContent = st.verification.state;
  $("#kyc-form").hidden = ["pending", "verified"].includes(st.verification.state);
  const notes = [];
  if (st.blocks.length) notes.push(`Your account is blocked: ${st.blocks.map((b) => b.reason_text).join("; ")}.`);
  if (st.restricted) notes.push("You are excluded from gambling.");
  if (st.bonus) notes.push(`Bonus: ${fmt(st.bonus.amount_minor)}, wagered ${fmt(st.bonus.wagered_minor)} of ${fmt(st.bonus.requirement_minor)} (reel slots only).`);
  $("#account-state").textContent = notes.join(" ");
  const rc = await protection.realityCheck();
  $("#reality-status").textContent = rc.playing
    ? `Playing continuously for ${rc.minutes_played} minutes.`
    : "After every 60 minutes of continuous play you get a notice with the time played (001 §10.3).";
  const list = $("#complaints");
  list.replaceChildren();
  for (const c of (await protection.complaints()).items) {
    const li = document.createElement("li");
    li.textContent = `Round ${c.round_id}: ${c.state}${c.decision ? ` — ${c.decision}` : ""}`;
    list.append(li);
  }
}

function majorText(input) {
  const v = input.trim().replace(",", ".");
  return v;
}

function wire() {
  $("#deposit-limit-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const amount = majorText($("#deposit-limit-amount").value);
    if (!amount) { say("#deposit-limit-status", `Enter an amount in ${currency}.`, false); return; }
    try {
      const r = await protection.setDepositLimit($("#deposit-limit-period").value, amount);
      say("#deposit-limit-status", r.immediate ? "Limit set: it applies now."
        : `Limit saved: it applies from ${when(r.effective_from)} (cooling-off).`, true);
      await load();
    } catch (err) { say("#deposit-limit-status", err.message, false); }
  });
  $("#deposit-limit-remove").addEventListener("click", async () => {
    try {
      const r = await protection.setDepositLimit($("#deposit-limit-period").value, null);
      say("#deposit-limit-status", `The limit will be removed on ${when(r.effective_from)}.`, true);
      await load();
    } catch (err) { say("#deposit-limit-status", err.message, false); }
  });
  $("#time-limit-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const hours = Number.parseInt($("#time-limit-hours").value, 10);
    if (!Number.isInteger(hours)) { say("#time-limit-status", "Enter whole hours.", false); return; }
    try {
      const r = await protection.setTimeLimit($("#time-limit-period").value, hours);
      say("#time-limit-status", r.immediate ? "Limit set: it applies now."
        : `Limit saved: it applies from ${when(r.effective_from)}.`, true);
      await load();
    } catch (err) { say("#time-limit-status", err.message, false); }
  });
  $("#time-limit-remove").addEventListener("click", async () => {
    try {
      const r = await protection.setTimeLimit($("#time-limit-period").value, null);
      say("#time-limit-status", `The limit will be removed on ${when(r.effective_from)}.`, true);
      await load();
    } catch (err) { say("#time-limit-status", err.message, false); }
  });
  $("#kyc-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await protection.submitVerification($("#kyc-documents").value);
      say("#kyc-status", "Submitted: we will review your documents.", true);
      await load();
    } catch (err) { say("#kyc-status", err.message, false); }
  });
  $("#complaint-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const c = await protection.complain(Number.parseInt($("#complaint-round").value, 10), $("#complaint-text").value);
      say("#complaint-status", `Complaint ${c.id} received.`, true);
      await load();
    } catch (err) { say("#complaint-status", err.message, false); }
  });
  $("#exclusion-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const m = $("#exclusion-months").value;
    try {
      const r = await protection.selfExclude(m === "" ? null : Number.parseInt(m, 10), $("#exclusion-confirm").checked);
      say("#exclusion-status", r.message, true);
    } catch (err) { say("#exclusion-status", err.message, false); }
  });
}

if (token()) {
  $("#member").hidden = false;
  wire();
  load().catch((err) => toast(err.message));
} else {
  $("#guest-note").hidden = false;
}
