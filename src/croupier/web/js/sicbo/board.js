// The Sic Bo board (000 §12.25), drawn from the engine's description: every position a button
// whose data-code / data-target are exactly what the engine takes (a total [10], a combination
// [1, 2], a single number [5]); labels and payouts come from the description.
//
// Two views: the full board, and the simplified version of §12.25 (one option per "Bet" press;
// only Small, Big, Specific triple and Total as buttons; the other options built on a dice panel:
// click dice values and the combination they make appears above the options).
import { el } from "../shell/dom.js";

export const spotKey = (code, target) => `${code}:${JSON.stringify(target || [])}`;

const NAMES = { small: "Small", big: "Big", any_triple: "Any triple", triple: "Triple", pair: "Pair", total: "Total", combination: "Combination", single: "Single" };

export function spotLabel(code, target) {
  const t = target || [];
  if (!t.length) return NAMES[code] || code;
  if (code === "triple") return `Triple ${t[0]}`;
  if (code === "pair") return `Pair ${t[0]}`;
  if (code === "combination") return `Combination ${t[0]}-${t[1]}`;
  return `${NAMES[code] || code} ${t.join(" ")}`;
}

function payOf(desc, code, target) {
  const b = desc.bets.find((x) => x.code === code);
  if (!b?.payout) return "";
  if (code !== "total") return b.payout;
  const hit = b.payout.split(", ").find((p) => p.startsWith(`${target[0]}: `));
  return hit ? hit.slice(hit.indexOf(": ") + 2) : b.payout;
}

function spot(desc, code, target, onPlace) {
  const label = spotLabel(code, target);
  return el("button", {
    type: "button", class: "spot-btn", dataset: { code, target: JSON.stringify(target), amount: "0", key: spotKey(code, target) },
    "aria-label": label, onclick: () => onPlace(code, target),
  }, el("span", { class: "name" }, label.replace(/^(Combination|Single|Total) /, "")),
  el("span", { class: "pay" }, payOf(desc, code, target)), el("span", { class: "stack", "aria-hidden": "true" }));
}

function targetsOf(desc, code) {
  const b = desc.bets.find((x) => x.code === code);
  if (!b) return [];
  const tg = b.target;
  if (tg.kind === "none") return [[]];
  if (tg.kind === "choice") return tg.options.map((o) => [o.value]);
  return tg.positions;
}

function row(cls, label, spots) {
  return el("div", { class: `sicbo-row ${cls}`, role: "group", "aria-label": label }, ...spots);
}

/** The full board: every position of every bet the variant offers. */
export function fullBoard(box, desc, onPlace) {
  const s = (code, t) => spot(desc, code, t, onPlace);
  const has = (code) => desc.bets.some((b) => b.code === code);
  const top = [];
  if (has("small")) top.push(s("small", []));
  for (const t of targetsOf(desc, "pair")) top.push(s("pair", t));
  if (has("any_triple")) top.push(s("any_triple", []));
  for (const t of targetsOf(desc, "triple")) top.push(s("triple", t));
  if (has("big")) top.push(s("big", []));
  box.append(row("top", "Small, pairs, triples, Big", top),
    row("totals", "Totals", targetsOf(desc, "total").map((t) => s("total", t))),
    row("combos", "Two-dice combinations", targetsOf(desc, "combination").map((t) => s("combination", t))),
    row("singles", "Single numbers", targetsOf(desc, "single").map((t) => s("single", t))));
}

/** The bet a selection of dice values on the panel makes, or null. */
export function comboOf(values, anyTriple) {
  if (anyTriple) return ["any_triple", []];
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 1) return ["single", [v[0]]];
  if (v.length === 2) return v[0] === v[1] ? ["pair", [v[0]]] : ["combination", v];
  if (v.length === 3 && v[0] === v[2]) return ["triple", [v[0]]];
  return null;
}

/** The simplified version: Small, Big, Specific triple and Total buttons, and the dice panel. */
export function simpleBoard(box, desc, onPlace) {
  const s = (code, t) => spot(desc, code, t, onPlace);
  box.append(row("simple", "Small and Big", [s("small", []), s("big", [])]),
    row("simple", "Specific triples", targetsOf(desc, "triple").map((t) => s("triple", t))),
    row("simple", "Totals", targetsOf(desc, "total").map((t) => s("total", t))));
  const picked = [];
  let any = false;
  const combo = el("span", { class: "combo", id: "combo", "aria-live": "polite" }, "Click dice values");
  const add = el("button", { type: "button", class: "btn", id: "combo-add", disabled: true }, "Bet on it");
  const faces = [1, 2, 3, 4, 5, 6].map((n) => el("button", {
    type: "button", class: "face-btn", dataset: { face: String(n) }, "aria-label": `Die ${n}`, "aria-pressed": "false",
    onclick: () => { any = false; if (picked.length < 3) picked.push(n); show(); },
  }, String(n)));
  const anyBtn = el("button", { type: "button", class: "btn", id: "combo-any", onclick: () => { any = true; picked.length = 0; show(); } }, "Any triple");
  const reset = el("button", { type: "button", class: "btn", id: "combo-reset", onclick: () => { any = false; picked.length = 0; show(); } }, "Reset dice");
  function show() {
    const c = comboOf(picked, any);
    for (const f of faces) f.setAttribute("aria-pressed", String(picked.includes(Number(f.dataset.face))));
    combo.textContent = c ? `${spotLabel(...c)} · pays ${payOf(desc, c[0], c[1])}` : picked.length ? `Dice ${picked.join(" ")}: not a bet` : "Click dice values";
    combo.dataset.code = c ? c[0] : "";
    add.disabled = !c;
  }
  add.addEventListener("click", () => { const c = comboOf(picked, any); if (c) onPlace(c[0], c[1]); });
  box.append(el("div", { class: "dice-panel", role: "group", "aria-label": "Dice panel" }, combo, ...faces, anyBtn, reset, add));
}

/** The chips on each spot of the board (keyed by position). */
export function showChips(amounts, fmt) {
  for (const b of document.querySelectorAll("#layout .spot-btn")) {
    const amount = amounts.get(b.dataset.key) || 0;
    const label = spotLabel(b.dataset.code, JSON.parse(b.dataset.target));
    b.dataset.amount = String(amount);
    b.querySelector(".stack").textContent = amount ? fmt(amount) : "";
    b.classList.toggle("has-chip", amount > 0);
    b.setAttribute("aria-label", amount ? `${label}, ${fmt(amount)} on it` : label);
  }
}
