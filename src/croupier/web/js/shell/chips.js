// The chip rack: one <button aria-pressed> per chip value (minor units), the selected one pressed.
import { chipFace, formatMoney } from "../money.js";
import { el } from "./dom.js";

/**
 * Fill `row` with chips of `values`; `onSelect(v)` on a click. Returns select(v). The chip of one
 * whole currency unit is selected first when there is one, else `values[fallback]`.
 */
export function buildChips(row, values, currency, onSelect, fallback = 0) {
  row.replaceChildren();
  const select = (v) => {
    for (const b of row.querySelectorAll(".chip-btn")) b.setAttribute("aria-pressed", String(Number(b.dataset.minor) === v));
    onSelect(v);
  };
  values.forEach((v, i) => {
    row.append(el("button", {
      type: "button", class: `chip-btn c${i % 7}`, dataset: { minor: String(v) },
      "aria-label": `chip ${formatMoney(v, currency)}`, "aria-pressed": "false", onclick: () => select(v),
    }, chipFace(v, currency)));
  });
  const whole = values.find((v) => v === 10 ** (currency === "AMD" ? 3 : 2));
  select(whole || values[fallback]);
  return select;
}
