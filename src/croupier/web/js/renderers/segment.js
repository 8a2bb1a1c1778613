// kind "segment": a wheel of segments (money wheels, shows) turns until segment `index` is under
// the pointer. display: {segments: ["1", "2", "5", ...], index: 17, label: "10"}.
import { el } from "../shell/dom.js";
import { buildWheel } from "./wheel.js";

const FILLS = ["s0", "s1", "s2", "s3", "s4", "s5"];

export async function renderSegment(d, box, motion) {
  const kinds = [...new Set(d.segments || [])];
  const wheel = buildWheel((d.segments || []).map((s) => ({ label: String(s), fill: FILLS[kinds.indexOf(s) % FILLS.length] })), { inner: 40 });
  box.append(wheel.root);
  await wheel.land(d.index ?? 0, motion, 1800);
  box.append(el("p", { class: "segment-label" }, String(d.label ?? d.segments?.[d.index] ?? "")));
}
