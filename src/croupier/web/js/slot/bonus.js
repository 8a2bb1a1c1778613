// 000 §12.17's bonus indicator: the ring of images round the reels (the description's
// `outcome.bonus`), and on a round that started it the place where the indicator stopped, whether
// the reels show that image, and what it paid (the display's `bonus`).
import { formatMoney } from "../money.js";
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";

/** Lay the ring into `box` (hidden for a slot without a bonus); `roles`: code -> {name}. */
export function mountRing(box, spec, roles) {
  if (!spec) { box.hidden = true; return; }
  box.hidden = false;
  const places = spec.ring.map((code, i) => el("li", {
    class: "place", "data-place": String(i), "data-symbol": code,
    title: `${roles[code]?.name || code}${spec.odds[code] ? ` x${spec.odds[code]}` : ""}`,
  }, code));
  box.replaceChildren(
    el("p", { class: "bonus-title", "data-i18n": "slot_bonus" }, t("slot_bonus")),
    el("ol", { class: "bonus-ring", id: "bonus-ring", "aria-label": t("slot_bonus") }, ...places),
    el("p", { class: "bonus-result", id: "bonus-result", role: "status", "aria-live": "polite" }));
}

/** Show a round's bonus (or clear the last one): the indicator's place marked `.hit`. */
export function showBonus(box, bonus, currency) {
  const ring = box.querySelector("#bonus-ring");
  const out = box.querySelector("#bonus-result");
  if (!ring || !out) return;
  for (const li of ring.children) li.classList.remove("hit");
  if (!bonus) {
    out.textContent = "";
    delete out.dataset.place;
    return;
  }
  ring.children[bonus.place]?.classList.add("hit");
  Object.assign(out.dataset, { place: String(bonus.place), image: bonus.image, win: String(bonus.win), shown: String(bonus.shown) });
  out.textContent = bonus.win
    ? t("slot_bonus_hit", { image: bonus.image, odds: bonus.odds, amount: formatMoney(bonus.win, currency) })
    : t("slot_bonus_miss", { image: bonus.image });
}
