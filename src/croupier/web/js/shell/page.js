// The skeleton every game page shares, built here once (no page repeats it): the title line
// (title, meta, the Games History link, the language switch), the round status beside the page's own `#side` box,
// and the grid of the page's `#play` section and the player's panel. A page's HTML holds only
// what is its own (`#side`, `#play`, and an `#panel` of its own if it has one).
import { toast, renderHeader } from "../ui.js";
import { el } from "./dom.js";
import { applyStrings, languageSwitch } from "./i18n.js";
import { mountPanel, mountStatus } from "./panel.js";
import { historyLink } from "./panels.js";

const $ = (sel) => document.querySelector(sel);

/**
 * Build the skeleton around the page's parts, then run `main` (an error becomes a toast).
 * `panel`: the options of the shell's panel (js/shell/panel.js), or false for a page that fills
 * its own.
 */
export function startPage(main, { title = "", panel = {}, statusLabel } = {}) {
  renderHeader("table");
  const root = $("#main");
  const side = $("#side");
  const play = $("#play");
  const ownPanel = $("#panel");
  const aside = ownPanel || el("aside", { class: "panel", id: "panel", "aria-label": "Your bets" });
  root.replaceChildren(
    el("div", { class: "table-head" },
      el("h1", { id: "table-title" }, title), el("p", { class: "table-meta", id: "table-meta" }),
      el("p", { class: "links", id: "links" }, historyLink()), el("p", { class: "lang", id: "lang" })),
    el("section", { class: "status", "aria-label": "Round status" }, el("div", { class: "phase-box", id: "status" }), side),
    el("div", { class: "table-grid" }, play, aside));
  if (!$("#toast")) document.body.append(el("div", { class: "toast", id: "toast", role: "alert", "aria-live": "assertive" }));
  languageSwitch($("#lang"));
  mountStatus($("#status"), statusLabel ? { timerLabel: statusLabel } : {});
  if (!ownPanel && panel) mountPanel(aside, panel);
  applyStrings();
  main().catch((e) => { console.error(e); toast(String(e.message || e)); });
}
