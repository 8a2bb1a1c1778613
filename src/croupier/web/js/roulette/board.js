// The betting board: the number field with every inside position, the outside bets, and the
// racetrack. Pure DOM, no framework. Each bet spot is a <button> whose accessible name is the
// engine's label of its position ("straight 17", "split 17/20", "corner 1/2/4/5", "dozen 2").
import {
  CALL_BETS, CALL_TITLES, OUTSIDE_TITLES, WHEEL_ORDER, betKey, betLabel,
  colourOf, coverOf, insideTargets, pocketKey,
} from "./layout.js";
import { el } from "../shell/dom.js";

const HOT = 0.36; // hotspot size in cell units
const X0 = 1; // numbers start after the zero column

// Horizontal geometry: cell units, 14 wide (zero, 12 columns of numbers, "2 to 1") x 5 high
// (3 rows of numbers, the dozens, the even chances). Number n sits at column (n-1)/3 and row
// 2-(n-1)%3, so 3-6-9... is the top row and 1-4-7... the bottom row.
const col = (n) => Math.floor((n - 1) / 3);
const row = (n) => 2 - ((n - 1) % 3);

/** Where the hotspot of an inside position sits (a point in horizontal cell units). */
function hotspotPoint(code, t, wheel) {
  const american = wheel === "american";
  if (code === "split") {
    const [a, b] = t;
    if (a === 0 && b === "00") return [X0 - 0.5, 1.5];
    if (a === 0 || b === "00") {
      const n = a === 0 ? b : a;
      const zero = a === 0 ? 0 : "00";
      if (!american) return [X0, row(n) + 0.5];
      // the shared edge of the zero's half and the number's row
      const top = Math.max(row(n), zero === "00" ? 0 : 1.5);
      const bottom = Math.min(row(n) + 1, zero === "00" ? 1.5 : 3);
      return [X0, (top + bottom) / 2];
    }
    if (b - a === 3) return [X0 + col(a) + 1, row(a) + 0.5];
    return [X0 + col(a) + 0.5, row(a)]; // b = a + 1 sits above a
  }
  if (code === "street") return [X0 + col(t[0]) + 0.5, 3];
  if (code === "six_line") return [X0 + col(t[0]) + 1, 3];
  if (code === "corner") {
    if (t[0] === 0) return [X0, 3]; // first four: the base of the line between 0 and 1-2-3
    return [X0 + col(t[0]) + 1, row(t[0])];
  }
  if (code === "trio") {
    const key = t.map(String).join("-");
    return { "0-1-2": [X0, 2], "0-2-3": [X0, 1], "0-2-00": [X0, 1.5], "2-3-00": [X0, 1] }[key];
  }
  if (code === "five_number") return [X0, 3];
  return null;
}

/**
 * Build the board for `variant` (see layout.describeVariant) inside `root`.
 * `onBet(code, target, spot)` is called when a spot is activated; `onHover(cover|null)` when the
 * pointer or focus enters or leaves a spot.
 */
export function buildBoard(root, variant, { onBet }) {
  const wheel = variant.wheel;
  const codes = new Set(Object.keys(variant.payouts));
  const spots = new Map(); // betKey -> button
  const cells = new Map(); // pocket key -> number cell button(s)
  const field = el("div", { class: "field", role: "group", "aria-label": "Betting layout" });
  const racks = [];

  function place(node, x, y, w, h) {
    node.dataset.rect = JSON.stringify([x, y, w, h]);
    field.append(node);
  }

  function spot(code, target, cls, text, extra = {}) {
    const label = betLabel(code, target);
    const b = el("button", {
      type: "button", class: `spot ${cls}`, "aria-label": label, title: label,
      dataset: { code, target: JSON.stringify(target), key: betKey(code, target) }, ...extra,
    }, text ?? "");
    b.getTarget = () => target;
    b.addEventListener("click", () => {
      if (b.getAttribute("aria-disabled") === "true") return;
      onBet(code, b.getTarget(), b);
    });
    b.getCover = () => coverOf(wheel, code, b.getTarget());
    spots.set(code === "neighbours" ? `neighbours:${pocketKey(target[0])}` : betKey(code, target), b);
    return b;
  }

  // Zero pocket(s)
  const american = wheel === "american";
  if (codes.has("straight")) {
    const zeros = american ? [["00", 0, 1.5], [0, 1.5, 1.5]] : [[0, 0, 3]];
    for (const [p, y, h] of zeros) {
      const b = spot("straight", [p], `num zero green`, String(p));
      cells.set(pocketKey(p), b);
      place(b, 0, y, 1, h);
    }
    for (let n = 1; n <= 36; n++) {
      const b = spot("straight", [n], `num ${colourOf(n)}`, String(n));
      cells.set(pocketKey(n), b);
      place(b, X0 + col(n), row(n), 1, 1);
    }
  }
  // Columns ("2 to 1"), numbered by the top number of the column under zero (001 §8.13).
  if (codes.has("column")) {
    for (const k of [1, 2, 3]) place(spot("column", [k], "outside column", "2 to 1"), 13, 3 - k, 1, 1);
  }
  if (codes.has("dozen")) {
    const names = ["1st 12", "2nd 12", "3rd 12"];
    for (const k of [1, 2, 3]) place(spot("dozen", [k], "outside dozen", names[k - 1]), X0 + 4 * (k - 1), 3, 4, 1);
  }
  const evens = ["low", "even", "red", "black", "odd", "high"].filter((c) => codes.has(c));
  evens.forEach((c, i) => {
    const w = 12 / evens.length;
    const inner = c === "red" || c === "black" ? el("span", { class: `diamond ${c}`, "aria-hidden": "true" }) : OUTSIDE_TITLES[c];
    place(spot(c, [], `outside even-chance ${c}`, inner), X0 + i * w, 4, w, 1);
  });

  // Inside hotspots between the numbers.
  const inside = insideTargets(wheel, variant.first_four);
  for (const code of ["split", "street", "trio", "corner", "six_line", "five_number"]) {
    if (!codes.has(code)) continue;
    for (const t of inside[code]) {
      const pt = hotspotPoint(code, t, wheel);
      if (!pt) continue;
      const b = spot(code, t, `hot ${code}`, "");
      // the spots along an American zero pair sit close together: smaller there
      const s = wheel === "american" && pt[0] === X0 && pt[1] < 3 ? HOT * 0.7 : HOT;
      place(b, pt[0] - s / 2, pt[1] - s / 2, s, s);
    }
  }

  // Bets that have no place on the classic field (two-ball and threshold bets): a row of buttons.
  const known = new Set(["straight", "split", "street", "trio", "corner", "six_line", "five_number",
    "column", "dozen", ...evens, "double_number"]);
  const others = [...codes].filter((c) => !known.has(c));
  let otherRow = null;
  if (others.length) {
    otherRow = el("div", { class: "other-bets", role: "group", "aria-label": "Other bets" });
    for (const c of others) {
      const title = OUTSIDE_TITLES[c] || c.replace(/^(over|under)_(\d+)_5$/, (m, s, x) => `${s} ${x}.5`);
      otherRow.append(spot(c, [], "outside other", `${title} · ${variant.payouts[c]}`));
    }
  }

  // Double Ball's double number (000 §12.1): both balls on one chosen number.
  if (codes.has("double_number")) {
    otherRow = otherRow || el("div", { class: "other-bets", role: "group", "aria-label": "Other bets" });
    const pick = el("select", { id: "double-number", "aria-label": "number for the double number bet" },
      ...WHEEL_ORDER[wheel].slice().sort((a, b) => (a === "00" ? 37 : a) - (b === "00" ? 37 : b))
        .map((p) => el("option", { value: String(p) }, String(p))));
    const b = spot("double_number", [0], "outside other", `Double number · ${variant.payouts.double_number}`,
      { "aria-label": "double number" });
    b.getTarget = () => [pick.value === "00" ? "00" : Number(pick.value)];
    spots.delete(betKey("double_number", [0]));
    spots.set("double_number:", b);
    otherRow.append(el("span", { class: "pick" }, pick, b));
  }

  const frame = el("div", { class: "board" }, field);
  root.replaceChildren(frame);
  if (otherRow) root.append(otherRow);

  // Racetrack (004 §1.13; 001 §8.15)
  let track = null;
  if (variant.racetrack && variant.racetrack.length) {
    track = buildRacetrack(variant, spot, racks);
    root.append(track.node);
  }

  function layout() {
    const vertical = frame.clientWidth > 0 && window.matchMedia("(max-width: 640px)").matches;
    field.classList.toggle("vertical", vertical);
    for (const node of field.children) {
      const [x, y, w, h] = JSON.parse(node.dataset.rect);
      let r;
      if (!vertical) r = [x / 14, y / 5, w / 14, h / 5];
      else r = [(5 - (y + h)) / 5, x / 14, h / 5, w / 14];
      node.style.left = `${(r[0] * 100).toFixed(4)}%`;
      node.style.top = `${(r[1] * 100).toFixed(4)}%`;
      node.style.width = `${(r[2] * 100).toFixed(4)}%`;
      node.style.height = `${(r[3] * 100).toFixed(4)}%`;
    }
  }
  layout();
  window.matchMedia("(max-width: 640px)").addEventListener("change", layout);

  // Arrow keys move between the numbers as they are laid out on screen (Tab still visits every
  // spot); Home goes to zero.
  field.addEventListener("keydown", (e) => {
    const t = e.target;
    if (!(t instanceof HTMLElement) || !t.classList.contains("num")) return;
    const p = JSON.parse(t.dataset.target)[0];
    // [rows, columns] of the horizontal layout (row 0 = 3-6-9..., column 0 = 1-2-3)
    const dirs = field.classList.contains("vertical")
      ? { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [1, 0], ArrowRight: [-1, 0] }
      : { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    let next = null;
    if (e.key === "Home") next = 0;
    else if (dirs[e.key]) {
      const [dr, dc] = dirs[e.key];
      if (p === 0 || p === "00") {
        if (dc > 0) next = american ? (p === "00" ? 3 : 1) : 2;
      } else {
        const hr = row(p) + dr;
        const hc = col(p) + dc;
        if (hc < 0) next = american && hr < 1.5 ? "00" : 0;
        else if (hr >= 0 && hr <= 2 && hc <= 11) next = 3 * hc + (3 - hr);
      }
    }
    if (next === null) return;
    const target = cells.get(String(next));
    if (target) { e.preventDefault(); target.focus(); }
  });

  // Highlight the covered numbers on hover and focus (001 §8.12.2).
  function highlight(cover) {
    field.classList.toggle("hovering", !!cover);
    for (const [k, c] of cells) c.classList.toggle("covered", !!cover && cover.has(k));
    for (const r of racks) r.classList.toggle("covered", !!cover && cover.has(r.dataset.pocket));
  }
  for (const b of spots.values()) {
    b.addEventListener("pointerenter", () => highlight(b.getCover()));
    b.addEventListener("pointerleave", () => highlight(null));
    b.addEventListener("focus", () => highlight(b.getCover()));
    b.addEventListener("blur", () => highlight(null));
  }

  return {
    spots,
    cells,
    highlight,
    track,
    /** Show the chips on the layout: `amounts` maps betKey -> stake text. */
    showChips(amounts) {
      for (const [k, b] of spots) {
        const text = amounts.get(k);
        let chip = b.querySelector(".chip");
        if (!text) { chip?.remove(); b.classList.remove("has-chip"); continue; }
        if (!chip) { chip = el("span", { class: "chip", "aria-hidden": "true" }); b.append(chip); }
        chip.textContent = text;
        b.classList.add("has-chip");
      }
    },
    /** Mark the winning pocket (004 §1.9: highlighted on the table graphic). */
    markWinner(pockets) {
      const won = new Set((Array.isArray(pockets) ? pockets : pockets === null ? [] : [pockets]).map(pocketKey));
      for (const [k, c] of cells) c.classList.toggle("winner", won.has(k));
      for (const r of racks) r.classList.toggle("winner", won.has(r.dataset.pocket));
    },
    setEnabled(on) {
      root.classList.toggle("closed", !on);
      for (const b of spots.values()) b.setAttribute("aria-disabled", on ? "false" : "true");
    },
  };
}

function buildRacetrack(variant, spot, racks) {
  const wheel = variant.wheel;
  const order = WHEEL_ORDER[wheel];
  const max = variant.neighbours_max;
  // inside the oval in wheel order: Tiers opposite zero (left), then Orphelins, Voisins, Jeu Zéro
  const calls = ["tiers", "orphelins", "voisins", "jeu_zero"].filter((c) => variant.racetrack.includes(c));
  const hasNeighbours = variant.racetrack.includes("neighbours");
  let pairs = Math.min(2, max); // 004 §1.13.2 ASSUMPTION: default of 2 pairs

  const pairsOut = el("output", { class: "pairs-value", "aria-live": "polite", id: "pairs-value" }, String(pairs));
  const minus = el("button", { type: "button", class: "pm", "aria-label": "fewer neighbours" }, "−");
  const plus = el("button", { type: "button", class: "pm", "aria-label": "more neighbours" }, "+");
  const setPairs = (n) => {
    pairs = Math.max(0, Math.min(max, n));
    pairsOut.textContent = String(pairs);
    minus.disabled = pairs === 0;
    plus.disabled = pairs === max;
  };
  minus.addEventListener("click", () => setPairs(pairs - 1));
  plus.addEventListener("click", () => setPairs(pairs + 1));
  setPairs(pairs);

  const oval = el("div", { class: "track-oval", role: "group", "aria-label": "Racetrack: numbers in wheel order" });
  // The stadium: width 6, height 1.6 (units); the numbers ride on its centre line, which is inset
  // by half a number so that none is cut off.
  const W = 6, H = 1.6;
  const n = order.length;
  let size = 0.3;
  for (let k = 0; k < 8; k++) { // the size depends on the perimeter, which depends on the size
    const h = H - size, w = W - size, r = h / 2;
    size = ((2 * (w - 2 * r) + 2 * Math.PI * r) / n) * 0.96;
  }
  const m = size / 2, h = H - size, w = W - size, R = h / 2, L = w - 2 * R;
  const P = 2 * L + 2 * Math.PI * R;
  const pointAt = (s) => {
    // from the right end (zero) clockwise on screen: down round the right end, along the bottom
    // to the left, round the left end, along the top back to the right end.
    s = ((s % P) + P) % P;
    const cxR = m + w - R, cxL = m + R, cy = m + R;
    if (s < Math.PI * R / 2) { const a = s / R; return [cxR + R * Math.cos(a), cy + R * Math.sin(a)]; }
    s -= Math.PI * R / 2;
    if (s < L) return [cxR - s, cy + R];
    s -= L;
    if (s < Math.PI * R) { const a = Math.PI / 2 + s / R; return [cxL + R * Math.cos(a), cy + R * Math.sin(a)]; }
    s -= Math.PI * R;
    if (s < L) return [cxL + s, cy - R];
    s -= L;
    const a = -Math.PI / 2 + s / R;
    return [cxR + R * Math.cos(a), cy + R * Math.sin(a)];
  };
  oval.style.setProperty("--band", `${(m / H) * 100}%`);
  oval.style.setProperty("--band-x", `${(m / W) * 100}%`);
  order.forEach((p, i) => {
    const [cx, cy] = pointAt((i * P) / n);
    const target = () => [p, pairs];
    let b;
    if (hasNeighbours) {
      b = spot("neighbours", [p, pairs], `rack num ${colourOf(p)}`, String(p), { "aria-label": `neighbours ${p}` });
      // The target follows the ± selector; the accessible name says which number it is.
      b.dataset.pocket = pocketKey(p);
      b.dataset.neighbours = "1";
      b.getTarget = target;
    } else {
      b = el("span", { class: `rack num ${colourOf(p)}`, "aria-hidden": "true", "data-pocket": pocketKey(p) }, String(p));
    }
    b.style.left = `${((cx - size / 2) / W) * 100}%`;
    b.style.top = `${((cy - size / 2) / H) * 100}%`;
    b.style.width = `${(size / W) * 100}%`;
    b.style.height = `${(size / H) * 100}%`;
    racks.push(b);
    oval.append(b);
  });
  const inner = el("div", { class: "track-inner" });
  for (const c of calls) {
    const chips = CALL_BETS[c].reduce((s, [, , k]) => s + k, 0);
    inner.append(spot(c, [], `call ${c}`, el("span", {}, CALL_TITLES[c], el("small", {}, ` ${chips} chips`))));
  }
  if (!calls.length && hasNeighbours) {
    inner.append(el("p", { class: "track-hint" }, "Click a number for it and its neighbours on the wheel"));
  }
  oval.append(inner);
  const node = el("section", { class: "racetrack", "aria-labelledby": "racetrack-title" },
    el("h2", { id: "racetrack-title", class: "section-title" }, "Racetrack"),
    el("div", { class: "track-scroll" }, oval),
  );
  if (hasNeighbours) {
    node.append(el("div", { class: "pairs", role: "group", "aria-label": "Pairs of neighbours" },
      el("span", { id: "pairs-label" }, "Neighbours ±"), minus, pairsOut, plus));
  }
  return { node, getPairs: () => pairs, setPairs };
}

export { el };
