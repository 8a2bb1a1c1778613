// kind "cards": each hand a labelled list of cards (spoken names: js/cards.js), dealt one by one
// and turned; its total beside it. display: {hands: [{label, cards, total}]}.
import { backEl, cardEl } from "../cards.js";
import { el } from "../shell/dom.js";

export async function renderCards(d, box, motion) {
  const rows = [];
  for (const h of d.hands || []) {
    const ul = el("ul", { class: "pcards", "aria-label": h.label });
    const total = el("span", { class: "total" }, h.total === undefined || h.total === null ? "" : String(h.total));
    box.append(el("div", { class: `hand-row${h.winner ? " won" : ""}` }, el("h3", {}, h.label, " ", total), ul));
    rows.push([h, ul]);
  }
  // deal round-robin, as a dealer does: the first card of every hand, then the second...
  const most = Math.max(0, ...rows.map(([h]) => (h.cards || []).length + (h.hidden || 0)));
  for (let i = 0; i < most; i += 1) {
    for (const [h, ul] of rows) {
      const cards = h.cards || [];
      if (i < cards.length) ul.append(cardEl(cards[i]));
      else if (i < cards.length + (h.hidden || 0)) ul.append(backEl());
      else continue;
      await motion.wait(220);
    }
  }
}
