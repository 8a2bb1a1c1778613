// An SVG wheel of labelled slots (the roulette wheel's pockets, a money wheel's segments), with a
// pointer at the top; turning it lands slot i under the pointer. Shared by pocket.js and segment.js.
import { svg } from "../shell/dom.js";
import { landingAngle } from "./motion.js";

const R = 100;

function slice(i, n, r0, r1) {
  const a0 = ((2 * Math.PI) / n) * i - Math.PI / 2;
  const a1 = ((2 * Math.PI) / n) * (i + 1) - Math.PI / 2;
  const p = (r, a) => `${(R + r * Math.cos(a)).toFixed(2)} ${(R + r * Math.sin(a)).toFixed(2)}`;
  return `M ${p(r0, a0)} A ${r0} ${r0} 0 0 1 ${p(r0, a1)} L ${p(r1, a1)} A ${r1} ${r1} 0 0 0 ${p(r1, a0)} Z`;
}

/** slots: [{label, fill}] clockwise from the top. Returns {root, rotor, land(i, motion, ms)}. */
export function buildWheel(slots, { inner = 58 } = {}) {
  const n = slots.length;
  const rotor = svg("g", { class: "rotor" });
  slots.forEach((s, i) => {
    const mid = ((2 * Math.PI) / n) * (i + 0.5) - Math.PI / 2;
    const tr = (inner + R) / 2 + 4;
    const x = R + tr * Math.cos(mid);
    const y = R + tr * Math.sin(mid);
    const deg = (mid * 180) / Math.PI + 90;
    rotor.append(svg("path", { d: slice(i, n, inner, R - 2), class: `slot ${s.fill}`, "data-slot": i }),
      svg("text", { x: x.toFixed(2), y: y.toFixed(2), transform: `rotate(${deg.toFixed(1)} ${x.toFixed(2)} ${y.toFixed(2)})`, class: "slot-label", "font-size": n > 24 ? 8 : 11 }, document.createTextNode(s.label)));
  });
  rotor.append(svg("circle", { cx: R, cy: R, r: inner - 2, class: "hub" }));
  const root = svg("svg", { viewBox: "-6 -14 212 220", class: "wheel", role: "presentation" },
    rotor, svg("path", { d: "M 92 -12 L 108 -12 L 100 6 Z", class: "pointer" }));
  const land = async (i, motion, ms = 1600) => {
    rotor.style.transition = motion.skipped ? "none" : `transform ${ms}ms cubic-bezier(.15,.7,.2,1)`;
    rotor.style.transform = `rotate(${landingAngle(i, n, motion.skipped ? 0 : 3)}deg)`;
    await motion.wait(ms);
    rotor.style.transition = "none";
    rotor.querySelector(`[data-slot="${i}"]`)?.classList.add("hit");
  };
  return { root, rotor, land };
}
