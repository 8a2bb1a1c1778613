// kind "segment": a wheel of segments (money wheels, shows) turns until segment `index` is under
// the pointer. display: {segments: ["1", "2", "5", ...], index: 17, label: "10"}.
// A show with re-spins (Dream Catcher, 000 §12.22) adds `positions` (every spin, in order) and
// `stacked` (the multipliers shown before the number) with the stacked `multiplier`: the wheel
// lands on each spin in turn and the multipliers stack up beside it ("x2", "x14").
import { el } from "../shell/dom.js";
import { buildWheel } from "./wheel.js";

const FILLS = ["s0", "s1", "s2", "s3", "s4", "s5"];

export async function renderSegment(d, box, motion) {
  const kinds = [...new Set(d.segments || [])];
  const wheel = buildWheel((d.segments || []).map((s) => ({ label: String(s), fill: FILLS[kinds.indexOf(s) % FILLS.length] })), { inner: 40 });
  box.append(wheel.root);
  const spins = Array.isArray(d.positions) && d.positions.length ? d.positions : [d.index ?? 0];
  const stack = el("ol", { class: "segment-stack", "aria-label": "multipliers" });
  if (spins.length > 1) box.append(stack);
  let product = 1;
  for (const [k, pos] of spins.entries()) {
    await wheel.land(pos, motion, k ? 1200 : 1800);
    const label = String(d.segments?.[pos] ?? "");
    if (k < spins.length - 1) {
      product *= Number.parseInt(label, 10) || 1;
      stack.append(el("li", { class: "segment-multiplier", "data-multiplier": String(product) }, `${label} → x${product}`));
      wheel.rotor.querySelector(`[data-slot="${pos}"]`)?.classList.remove("hit");
    }
  }
  const text = String(d.label ?? d.segments?.[d.index] ?? "");
  const mult = d.multiplier && d.multiplier !== "1" ? ` (odds x${d.multiplier})` : "";
  box.append(el("p", { class: "segment-label" }, text + mult));
}
