// The dealer console (issue 16): the live table's round, the result entry, the shoe, one button per
// incident of the rules (each with the outcome the rules set), the manual settlements waiting for a
// second person, and the table's status. Every text from the server goes in with textContent.
import { request } from "../api.js";
import { $, renderHeader, toast } from "../ui.js";

const POLL_MS = 1500;
let tableId = null;
let view = null;

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** "17" -> {pocket: "17"}; "Ah" / "10s" -> {card: "Ah"}. */
export function readingOf(text) {
  const t = String(text || "").trim();
  if (!t) return null;
  return /^\d+$/.test(t) || t === "00" ? { pocket: t } : { card: t };
}

async function act(fn, done) {
  try {
    const out = await fn();
    if (done) toast(done, "info");
    await refresh();
    return out;
  } catch (e) {
    toast(e.message || String(e));
    return null;
  }
}

function renderCases() {
  // every cause or case any rule of this table asks for, once
  const select = $("#inc-case");
  const wanted = [...new Set((view.rules || []).flatMap((r) => r.cases || []))];
  if (select.dataset.cases === wanted.join(",")) return;
  select.dataset.cases = wanted.join(",");
  select.replaceChildren(...wanted.map((c) => el("option", c.replace(/_/g, " "), { value: c })));
}

/** The facts a rule's outcome depends on, from the form (only the fields the rule names). */
export function factsFor(rule, form) {
  const data = {};
  for (const f of rule.fields || []) {
    if (f === "cause" || f === "case") data[f] = form.caseValue;
    else if (f === "count") data.count = Number(form.count);
    else if (f === "visible") data.visible = Boolean(form.visible);
    else if (f === "shown") data.shown = Boolean(form.shown);
    else if (f === "stage") data.stage = Number(form.stage);
  }
  return data;
}

function renderRules() {
  renderCases();
  const box = $("#incident-buttons");
  box.replaceChildren();
  for (const rule of view.rules || []) {
    const b = el("button", `${rule.title} — ${rule.outcome} (004 §${rule.clause})`,
      { type: "button", "data-code": rule.code });
    b.disabled = !view.round || !rule.states.includes(view.round.state);
    b.addEventListener("click", () => report(rule));
    box.append(b);
  }
}

async function report(rule) {
  const data = factsFor(rule, {
    caseValue: $("#inc-case").value, count: $("#inc-count").value,
    visible: $("#inc-visible").checked, shown: $("#inc-shown").checked, stage: $("#inc-stage").value,
  });
  if ((rule.fields || []).includes("readings")) {
    const r = readingOf($("#inc-result").value);
    if (!r) { toast("Enter the result seen on the video first"); return; }
    data.readings = [r];
  }
  const body = { code: rule.code, reason: $("#inc-reason").value, data };
  const evidence = $("#inc-evidence").value.trim();
  if (evidence) body.evidence = evidence;
  await act(() => request("POST", `/api/live/rounds/${view.round.round_id}/incidents`, body),
    `${rule.code}: ${rule.outcome}`);
}

function renderProposals() {
  const ul = $("#proposals");
  ul.replaceChildren();
  if (!view.proposals.length) { ul.append(el("li", "None.", { class: "muted" })); return; }
  for (const p of view.proposals) {
    const li = el("li", `#${p.id} round ${p.round_id}: ${p.reason} (by ${p.maker_id}, evidence ${p.evidence || "—"}) `);
    const yes = el("button", "Approve", { type: "button" });
    const no = el("button", "Reject", { type: "button" });
    yes.addEventListener("click", () => act(() => request("POST", `/api/live/incidents/${p.id}/approve`), "approved"));
    no.addEventListener("click", () => act(() => request("POST", `/api/live/incidents/${p.id}/reject`), "rejected"));
    li.append(yes, no);
    ul.append(li);
  }
}

function renderIncidents() {
  const ul = $("#incidents");
  ul.replaceChildren();
  if (!view.incidents.length) { ul.append(el("li", "None.", { class: "muted" })); return; }
  for (const i of view.incidents) {
    ul.append(el("li", `${i.created_at} round ${i.round_id}: ${i.code} (004 §${i.clause}) → ${i.outcome}, ${i.state}; ${i.reason}`));
  }
}

function render() {
  $("#who").textContent = `You are ${view.you.role.replace("_", " ")} (account ${view.you.id}).`;
  $("#table-state").textContent = `${view.name} · ${view.game} ${view.variant} · results: ${view.source || "live"}`;
  $("#table-status").textContent = `Status: ${view.status}${view.status_reason ? ` — ${view.status_reason}` : ""}`;
  const r = view.round;
  $("#round-line").textContent = r
    ? `Round ${r.number} (#${r.round_id}): ${r.state}${view.waiting_for ? ` — waiting for a ${view.waiting_for}` : ""}`
    : "No round yet.";
  $("#close-betting").disabled = !r || r.state !== "open";
  $("#readings").textContent = view.readings.length
    ? `Read so far: ${view.readings.map((x) => x.label).join(", ")}` : "";
  const shoe = view.live_shoe;
  $("#shoe").textContent = shoe ? `Shoe ${shoe.number}: at most ${shoe.cards_left} cards left` : "";
  $("#new-shoe").hidden = !shoe;
  renderRules();
  renderProposals();
  renderIncidents();
}

async function refresh() {
  if (!tableId) return;
  try {
    view = await request("GET", `/api/live/tables/${encodeURIComponent(tableId)}/console`);
    render();
  } catch (e) {
    $("#who").textContent = e.message || String(e);
  }
}

async function start() {
  renderHeader("dealer");
  const tables = (await request("GET", "/api/tables", undefined, { auth: false })).items
    .filter((t) => t.source === "live");
  const select = $("#table-select");
  for (const t of tables) select.append(el("option", t.name, { value: t.id }));
  tableId = new URLSearchParams(location.search).get("table") || (tables[0] && tables[0].id);
  if (tableId) select.value = tableId;
  select.addEventListener("change", () => { tableId = select.value; refresh(); });
  $("#close-betting").addEventListener("click", () =>
    act(() => request("POST", `/api/live/tables/${encodeURIComponent(tableId)}/close-betting`), "no more bets"));
  $("#new-shoe").addEventListener("click", () =>
    act(() => request("POST", `/api/live/tables/${encodeURIComponent(tableId)}/new-shoe`), "new shoe in play"));
  $("#result-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const r = readingOf($("#result-input").value);
    if (!r) return;
    act(() => request("POST", `/api/live/tables/${encodeURIComponent(tableId)}/dealer-readings`, r), "result entered")
      .then(() => { $("#result-input").value = ""; });
  });
  for (const b of document.querySelectorAll("[data-status]")) {
    b.addEventListener("click", () => act(() => request("POST",
      `/api/live/tables/${encodeURIComponent(tableId)}/status`,
      { status: b.dataset.status, reason: $("#status-reason").value || null }), `table ${b.dataset.status}`));
  }
  await refresh();
  setInterval(refresh, POLL_MS);
}

start();
