// The roulette betting layout, mirroring src/croupier/games/roulette/layout.py position for
// position: every bet code and target here is exactly the one the engine resolves.
// Pockets are labels: numbers 0-36 are sent as integers, the American double zero as "00".

export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

// 001 §8 ASSUMPTION: the wheel orders of wheel.py (EUROPEAN_ORDER, AMERICAN_ORDER).
export const WHEEL_ORDER = {
  european: [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1,
    20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26],
  american: [0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1, "00", 27, 10, 25,
    29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2],
};

export function colourOf(p) {
  if (p === 0 || p === "00") return "green";
  return RED.has(p) ? "red" : "black";
}

// Engine sort order: 0..36 then "00" (index 37).
const rank = (p) => (p === "00" ? 37 : p);
export const sortPockets = (ps) => [...ps].sort((a, b) => rank(a) - rank(b));
export const pocketKey = (p) => String(p);

// The racetrack call bets (layout.py CALL_BETS; 000 §12.1, 004 §1.13).
export const CALL_BETS = {
  voisins: [["trio", [0, 2, 3], 2], ["split", [4, 7], 1], ["split", [12, 15], 1],
    ["split", [18, 21], 1], ["split", [19, 22], 1], ["corner", [25, 26, 28, 29], 2],
    ["split", [32, 35], 1]],
  tiers: [["split", [5, 8], 1], ["split", [10, 11], 1], ["split", [13, 16], 1],
    ["split", [23, 24], 1], ["split", [27, 30], 1], ["split", [33, 36], 1]],
  orphelins: [["straight", [1], 1], ["split", [6, 9], 1], ["split", [14, 17], 1],
    ["split", [17, 20], 1], ["split", [31, 34], 1]],
  jeu_zero: [["split", [0, 3], 1], ["split", [12, 15], 1], ["straight", [26], 1],
    ["split", [32, 35], 1]],
};
export const CALL_TITLES = {
  voisins: "Voisins du Zéro", tiers: "Tiers du Cylindre", orphelins: "Orphelins", jeu_zero: "Jeu Zéro",
};
export const RACETRACK_ORDER = ["voisins", "tiers", "orphelins", "jeu_zero", "neighbours"];

export const OUTSIDE_TITLES = {
  low: "1 to 18", high: "19 to 36", even: "Even", odd: "Odd", red: "Red", black: "Black",
  red_black: "Red and black", double_any: "Any double",
};

/** Wheel neighbours of `pocket`: `pairs` on each side, in wheel order (wheel.py Wheel.neighbours). */
export function neighbours(wheel, pocket, pairs) {
  const order = WHEEL_ORDER[wheel];
  const i = order.indexOf(pocket);
  const out = [];
  for (let k = -pairs; k <= pairs; k++) out.push(order[(i + k + order.length) % order.length]);
  return out;
}

function range(a, b, step = 1) {
  const out = [];
  for (let i = a; i < b; i += step) out.push(i);
  return out;
}

/**
 * All inside positions of a wheel, grouped by code; each target sorted as the engine sorts it.
 * `firstFour` adds the European corner 0-1-2-3 (001 §8.14).
 */
export function insideTargets(wheel, firstFour) {
  const american = wheel === "american";
  const straight = (american ? [...range(0, 37), "00"] : range(0, 37)).map((p) => [p]);
  const split = [];
  for (let n = 1; n < 37; n++) {
    if (n % 3 !== 0) split.push([n, n + 1]);
    if (n <= 33) split.push([n, n + 3]);
  }
  if (american) split.push([0, 1], [0, 2], [2, "00"], [3, "00"], [0, "00"]);
  else split.push([0, 1], [0, 2], [0, 3]);
  const street = range(0, 12).map((k) => [3 * k + 1, 3 * k + 2, 3 * k + 3]);
  const trio = american ? [[0, 1, 2], [0, 2, "00"], [2, 3, "00"]] : [[0, 1, 2], [0, 2, 3]];
  const corner = range(1, 33).filter((n) => n % 3 !== 0).map((n) => [n, n + 1, n + 3, n + 4]);
  if (firstFour) corner.push([0, 1, 2, 3]);
  const six_line = range(0, 11).map((k) => range(3 * k + 1, 3 * k + 7));
  const five_number = [[0, 1, 2, 3, "00"]];
  return { straight, split, street, trio, corner, six_line, five_number };
}

/** The numbers a position covers (for highlighting), as a Set of pocket keys. */
export function coverOf(wheel, code, target) {
  let ps;
  if (code in CALL_BETS) ps = CALL_BETS[code].flatMap(([, nums]) => nums);
  else if (code === "neighbours") ps = neighbours(wheel, target[0], target[1]);
  else if (code === "dozen") ps = range(12 * (target[0] - 1) + 1, 12 * target[0] + 1);
  else if (code === "column") ps = range(target[0], 37, 3);
  else if (code === "red") ps = [...RED];
  else if (code === "black") ps = range(1, 37).filter((n) => !RED.has(n));
  else if (code === "odd") ps = range(1, 37, 2);
  else if (code === "even") ps = range(2, 37, 2);
  else if (code === "low") ps = range(1, 19);
  else if (code === "high") ps = range(19, 37);
  else if (/^(over|under)_\d+_5$/.test(code)) {
    const [, side, x] = code.match(/^(over|under)_(\d+)_5$/);
    ps = side === "over" ? range(Number(x) + 1, 37) : range(0, Number(x) + 1);
  } else if (Array.isArray(target) && target.length) ps = target;
  else ps = [];
  return new Set(ps.map(pocketKey));
}

/** The engine's label of a position (layout.py Position.label), used as the accessible name. */
export function betLabel(code, target) {
  if (code in CALL_TITLES) return CALL_TITLES[code];
  if (code === "neighbours") return `neighbours ${target[0]}±${target[1]}`;
  if (code === "dozen" || code === "column") return `${code} ${target[0]}`;
  if (target && target.length) return `${code} ${target.join("/")}`;
  return code;
}

/** A stable key for a (code, target) pair: the bet slip merges chips on the same key. */
export const betKey = (code, target) => `${code}:${JSON.stringify(target || [])}`;

/** Chips of a racetrack call bet (a stake is per chip: 004 §1.13). */
export function chipCount(code, target) {
  if (code in CALL_BETS) return CALL_BETS[code].reduce((s, [, , n]) => s + n, 0);
  if (code === "neighbours") return 2 * target[1] + 1;
  return 1;
}

/**
 * A variant descriptor as the client uses it. `info` may come from the API (any of: wheel,
 * first_four, racetrack, neighbours_max, payouts); the defaults are the European and American
 * variant files.
 */
export function describeVariant(info = {}) {
  const wheel = info.wheel || (info.name === "american" || info.variant === "american" ? "american" : "european");
  const base = wheel === "american"
    ? { first_four: false, racetrack: ["neighbours"], payouts: {
      straight: "35:1", split: "17:1", street: "11:1", trio: "11:1", corner: "8:1", six_line: "5:1",
      five_number: "6:1", column: "2:1", dozen: "2:1", red: "1:1", black: "1:1", odd: "1:1",
      even: "1:1", low: "1:1", high: "1:1" } }
    : { first_four: true, racetrack: ["voisins", "tiers", "orphelins", "jeu_zero", "neighbours"],
      payouts: { straight: "35:1", split: "17:1", street: "11:1", trio: "11:1", corner: "8:1",
        six_line: "5:1", column: "2:1", dozen: "2:1", red: "1:1", black: "1:1", odd: "1:1",
        even: "1:1", low: "1:1", high: "1:1" } };
  return {
    wheel,
    first_four: info.first_four ?? base.first_four,
    racetrack: info.racetrack ?? base.racetrack,
    neighbours_max: info.neighbours_max ?? 8,
    payouts: info.payouts ?? base.payouts,
    title: info.title || (wheel === "american" ? "American Roulette" : "European Roulette"),
  };
}

/** The key of the spot that shows a bet's chips (all neighbours bets on a number share one). */
export const spotKey = (code, target) => {
  if (code === "neighbours") return `neighbours:${pocketKey(target[0])}`;
  if (code === "double_number") return "double_number:";
  return betKey(code, target);
};
