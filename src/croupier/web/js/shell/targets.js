// Target pickers from a bet's `target` shape (docs/describe.md): none, number (min/max or
// choices), numbers (count of choices), choice (options with labels), positions (the legal
// targets listed). Each picker is labelled and starts on the bet's example_target; read() gives
// the target the engine takes.
import { el } from "./dom.js";

const text = (target) => (Array.isArray(target) ? target.join("/") : String(target));

function select(id, label, options, initial) {
  const s = el("select", { id, "aria-label": label });
  options.forEach(([value, name], i) => s.append(el("option", { value: String(i) }, name)));
  const at = options.findIndex(([value]) => JSON.stringify(value) === JSON.stringify(initial));
  s.value = String(Math.max(0, at));
  return { node: s, read: () => options[Number(s.value)][0] };
}

/** A picker for `bet` (null when its target is empty): {node, read() -> target array}. */
export function targetPicker(bet, label) {
  const tg = bet.target || { kind: "none" };
  const ex = bet.example_target ?? [];
  const id = `target-${bet.code}`;
  switch (tg.kind) {
    case "number": {
      const values = tg.choices || Array.from({ length: tg.max - tg.min + 1 }, (_, i) => tg.min + i);
      return select(id, label, values.map((v) => [[v], String(v)]), ex);
    }
    case "choice":
      return select(id, label, (tg.options || []).map((o) => [[o.value], o.label ?? String(o.value)]), ex);
    case "positions":
      return select(id, label, (tg.positions || tg.targets || tg.choices || [ex]).map((p) => [p, text(p)]), ex);
    case "numbers": {
      const box = el("fieldset", { class: "numbers-pick", id }, el("legend", {}, `${label} (${tg.count})`));
      const chosen = new Set(ex.map(String));
      for (const c of tg.choices || []) {
        box.append(el("label", { class: "pick" }, el("input", { type: "checkbox", value: String(c), checked: chosen.has(String(c)) }), String(c)));
      }
      const read = () => [...box.querySelectorAll("input:checked")].map((i) => {
        const c = (tg.choices || []).find((x) => String(x) === i.value);
        return c ?? i.value;
      });
      return { node: box, read };
    }
    default:
      return ex.length ? { node: null, read: () => ex } : null;
  }
}

export function targetText(target) {
  return target && target.length ? ` ${text(target)}` : "";
}
