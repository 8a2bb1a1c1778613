// The markets of a virtual event's published board (issue 23): every offered selection of a
// market with its odds as a button; a market whose selections name several runners (forecast,
// tricast, reverse forecast...) is picked runner by runner, in order, then added. The page gets
// each pick as {code, label, name, target, odds}.
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import { field, selectionName } from "./sports.js";

const key = (target) => target.join(",");

/** Lay out the field (#field) and the markets (#markets) of one event's board. */
export function renderEvent(game, ev, onPick) {
  const list = document.getElementById("field");
  list.replaceChildren(...field(game, ev).map((p) => el("li", { dataset: { key: p.key } },
    el("strong", {}, p.name), " ", el("span", { class: "muted" }, p.form))));
  const box = document.getElementById("markets");
  box.replaceChildren(...ev.markets.map((m) => market({ ...m, game }, ev.forms.length, onPick)));
}

function market(m, runners, onPick) {
  const head = el("summary", {}, m.label, " ", el("span", { class: "muted" }, m.rows));
  const box = el("details", { class: "market", dataset: { code: m.code }, open: true }, head);
  if (!m.selections.length) {
    box.append(el("p", { class: "muted" }, t("v_not_offered_market")));
    return box;
  }
  const width = m.selections[0].target.length;
  const pick = (s) => onPick({ code: m.code, label: m.label, name: selectionName(m, s.target), target: s.target, odds: s.odds });
  if (width < 2) {
    box.append(el("div", { class: "selections" }, ...m.selections.map((s) => el("button", {
      type: "button", class: "sel", dataset: { target: key(s.target) }, title: `exact RTP ${s.rtp}`,
      "aria-label": `${m.label}: ${selectionName(m, s.target)} at ${s.odds}`, onclick: () => pick(s),
    }, el("span", {}, selectionName(m, s.target)), " ", el("strong", {}, s.odds)))));
    return box;
  }
  box.append(orderedPicker(m, runners, width, pick));
  return box;
}

// Runners picked in order; a market of "any order" selections (every offered target ascending)
// finds its selection by the sorted pick.
function orderedPicker(m, runners, width, pick) {
  const byKey = new Map(m.selections.map((s) => [key(s.target), s]));
  const anyOrder = m.selections.every((s) => s.target.every((r, i) => i === 0 || s.target[i - 1] < r));
  const chosen = [];
  const shown = el("span", { class: "chosen", "aria-live": "polite" });
  const odds = el("strong", { class: "odds" });
  const add = el("button", { type: "button", class: "add", disabled: true }, t("v_add_to_slip"));
  const found = () => (chosen.length === width ? byKey.get(key(anyOrder ? [...chosen].sort((a, b) => a - b) : chosen)) : null);
  const buttons = [];
  const sync = () => {
    for (const b of buttons) b.setAttribute("aria-pressed", String(chosen.includes(Number(b.dataset.runner))));
    shown.textContent = chosen.length ? chosen.join(anyOrder ? ", " : t("v_then")) : t(anyOrder ? "v_pick_runners" : "v_pick_runners_order", { n: width });
    const s = found();
    odds.textContent = chosen.length === width ? (s ? t("v_at", { odds: s.odds }) : t("v_not_offered")) : "";
    add.disabled = !s;
  };
  for (let r = 1; r <= runners; r += 1) {
    buttons.push(el("button", { type: "button", class: "runner", dataset: { runner: String(r) }, "aria-label": `${m.label}: runner ${r}`,
      onclick: () => {
        const at = chosen.indexOf(r);
        if (at >= 0) chosen.splice(at, 1);
        else if (chosen.length < width) chosen.push(r);
        sync();
      } }, String(r)));
  }
  add.addEventListener("click", () => {
    const s = found();
    if (!s) return;
    pick(s);
    chosen.length = 0;
    sync();
  });
  const clear = el("button", { type: "button", class: "clear-pick", onclick: () => { chosen.length = 0; sync(); } }, t("v_clear"));
  sync();
  return el("div", { class: "pick", dataset: { width: String(width), order: anyOrder ? "any" : "exact" } },
    el("div", { class: "runners", role: "group", "aria-label": `${m.label}: runners` }, ...buttons),
    el("p", {}, shown, " ", odds, " ", add, " ", clear));
}
