// kind "pocket": the roulette wheel turns and the ball lands in the drawn pocket (one pocket a
// ball: Double Ball shows two turns). display: {pockets: ["17"], colours: ["black"]}.
import { WHEEL_ORDER, colourOf } from "../roulette/layout.js";
import { el, svg } from "../shell/dom.js";
import { buildWheel } from "./wheel.js";

export async function renderPocket(d, box, motion) {
  const american = (d.pockets || []).includes("00") || d.wheel === "american";
  const order = (d.wheel_order || WHEEL_ORDER[american ? "american" : "european"]).map(String);
  const wheel = buildWheel(order.map((p) => ({ label: p, fill: colourOf(p === "00" ? "00" : Number(p)) })));
  const ball = svg("g", { class: "ball-orbit" }, svg("circle", { cx: 100, cy: 50, r: 5, class: "ball" }));
  wheel.root.append(ball);
  const list = el("ol", { class: "pockets-drawn" });
  box.append(wheel.root, list);
  for (const [i, p] of (d.pockets || []).entries()) {
    ball.style.transition = motion.skipped ? "none" : "transform 1600ms cubic-bezier(.2,.6,.3,1)";
    ball.style.transform = "rotate(0deg)";
    const spin = wheel.land(order.indexOf(String(p)), motion);
    ball.style.transform = motion.skipped ? "rotate(0deg)" : `rotate(${-1080 - 360 * i}deg)`;
    await spin;
    list.append(el("li", { class: d.colours?.[i] || colourOf(p === "00" ? "00" : Number(p)) }, String(p)));
  }
}
