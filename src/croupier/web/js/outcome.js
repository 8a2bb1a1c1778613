// A round's outcome as a person reads it, for any game (Games History and round recall): the
// roulette pockets; the cards dealt per hand or side (baccarat player/banker, Dragon Tiger,
// a blackjack dealer and seats, a poker player/board/dealer, Cards 32's [box, card] pairs...);
// the decisions of a decision round; the other facts (winner, totals) as "name: value"; and a
// compact JSON-ish text for anything else. Nothing here knows a game by name: it reads the
// outcome dict's shape (docs/api.md "Games History").
import { cardEl, isCard, parseCard } from "./cards.js";
import { actionLabel } from "./shell/decision.js";

const NAMES = { boxes: "Seat", box: "Seat", hands: "", outcomes: "Result" };
const SKIP = new Set(["kind", "phase", "shoe", "decisions", "in_turn", "done", "prompt"]);

const words = (k) => String(k).replace(/_/g, " ");
const title = (s) => s.replace(/^./, (c) => c.toUpperCase());
const short = (name) => {
  const c = parseCard(name);
  return c.joker ? "Joker" : `${c.face}${c.symbol}`;
};

function labelOf(path) {
  const parts = path.map((k) => (k in NAMES ? NAMES[k] : words(k))).filter(Boolean);
  return title(parts.join(" ") || "cards");
}

/**
 * Flatten an outcome into { hands: [{label, cards, notes}], facts: [{label, text}] }.
 * `money(minor)` formats a `*_minor` amount.
 */
export function readOutcome(outcome, money = String) {
  const hands = [];
  const facts = [];
  const walk = (v, path) => {
    const key = path.at(-1);
    if (v === null || v === undefined || v === false || (typeof key === "string" && SKIP.has(key) && path.length === 1)) return;
    if (isCard(v)) { hands.push({ label: labelOf(path), cards: [v], notes: "" }); return; }
    if (Array.isArray(v)) {
      if (!v.length) return;
      if (v.every(isCard)) { hands.push({ label: labelOf(path), cards: v, notes: "" }); return; }
      if (v.every((x) => Array.isArray(x) && x.length === 2 && isCard(x[1]))) { // [[slot, card], ...]
        const bySlot = new Map();
        for (const [slot, card] of v) bySlot.set(slot, [...(bySlot.get(slot) || []), card]);
        for (const [slot, cards] of bySlot) hands.push({ label: labelOf([...path.slice(0, -1), slot]), cards, notes: "" });
        return;
      }
      if (v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
        const name = key in NAMES ? NAMES[key] || "hand" : words(key);
        v.forEach((x, i) => {
          const n = x.box ?? x.seat ?? (v.length > 1 ? i + 1 : null);
          walk(x, [...path.slice(0, -1), n === null ? "" : `${name} ${n}`]);
        });
        return;
      }
      facts.push({ label: labelOf(path), text: v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ") });
      return;
    }
    if (typeof v === "object") {
      if (Array.isArray(v.cards) && v.cards.every(isCard)) { // a hand with its facts (total, soft...)
        const notes = [];
        for (const [k, x] of Object.entries(v)) {
          if (k === "cards" || k === "box" || SKIP.has(k) || x === null || x === false || (Array.isArray(x) && !x.length)) continue;
          if (k === "hidden") { if (x) notes.push(`${x} face down`); continue; }
          if (Array.isArray(x) || typeof x === "object") { walk(x, [...path, k]); continue; }
          notes.push(x === true ? words(k) : k.endsWith("_minor") ? `${words(k.slice(0, -6))} ${money(x)}` : `${words(k)} ${x}`);
        }
        hands.push({ label: labelOf(path), cards: v.cards, notes: notes.join(", ") });
        return;
      }
      for (const [k, x] of Object.entries(v)) {
        if (k === "box" || (path.length && SKIP.has(k))) continue;
        walk(x, [...path, k]);
      }
      return;
    }
    const text = typeof key === "string" && key.endsWith("_minor") ? money(v) : v === true ? "yes" : String(v);
    facts.push({ label: labelOf(path), text });
  };
  if (outcome && typeof outcome === "object") {
    for (const [k, v] of Object.entries(outcome)) if (!SKIP.has(k)) walk(v, [k]);
  }
  return { hands, facts };
}

/** "Stand (you), Fold (time ran out)" from an outcome's decisions (an open round's view lists names). */
export function decisionsText(outcome) {
  const ds = outcome?.decisions;
  if (!Array.isArray(ds) || !ds.length) return "";
  return ds.map((d) => (typeof d === "string" ? actionLabel(d) : `${actionLabel(d.name)} (${d.by === "timeout" ? "time ran out" : "you"})`)).join(", ");
}

/** "Shoe 1 · cards 16 to 21 · cut card out" for a round dealt from a table's shoe. */
export function shoeText(outcome) {
  const s = outcome?.shoe;
  if (!s || typeof s !== "object") return "";
  const last = (s.next_card ?? 0) - 1;
  return `Shoe ${s.number} · cards ${s.first_card} to ${last} of the shoe${s.cut_card_out ? " · cut card out: the shoe's seed is revealed" : ""}`;
}

/** One line for the Games History table. */
export function outcomeText(outcome, money = String) {
  if (!outcome || typeof outcome !== "object") return "–";
  if (Array.isArray(outcome.pockets)) return outcome.pockets.join(", ");
  const { hands, facts } = readOutcome(outcome, money);
  const parts = hands.map((h) => `${h.label} ${h.cards.map(short).join(" ")}`);
  const winner = facts.find((f) => /^winner$/i.test(f.label));
  if (winner) parts.push(`winner ${winner.text}`);
  const ds = decisionsText(outcome);
  if (ds) parts.push(ds);
  if (!hands.length && facts.length) parts.push(...facts.map((f) => `${f.label} ${f.text}`));
  return parts.join(" · ") || compact(outcome);
}

/** A compact JSON-ish rendering: {a: 1, b: [x, y]}. */
export function compact(v) {
  if (v === null || v === undefined) return "–";
  if (Array.isArray(v)) return `[${v.map(compact).join(", ")}]`;
  if (typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${k}: ${compact(x)}`).join(", ")}}`;
  return String(v);
}

/** The recall's outcome: each hand as a labelled list of cards with spoken names, then the facts. */
export function outcomeEl(outcome, money = String) {
  const box = document.createElement("div");
  box.className = "outcome";
  if (!outcome || typeof outcome !== "object") {
    box.textContent = "–";
    return box;
  }
  if (Array.isArray(outcome.pockets)) {
    box.textContent = `Pockets: ${outcome.pockets.join(", ")}`;
    return box;
  }
  const { hands, facts } = readOutcome(outcome, money);
  const dl = document.createElement("dl");
  dl.className = "kv outcome-hands";
  for (const h of hands) {
    const dt = document.createElement("dt");
    dt.textContent = h.label;
    const dd = document.createElement("dd");
    const ul = document.createElement("ul");
    ul.className = "pcards mini";
    ul.setAttribute("aria-label", `${h.label}: ${h.cards.length} card${h.cards.length === 1 ? "" : "s"}`);
    for (const c of h.cards) ul.append(cardEl(c));
    dd.append(ul);
    if (h.notes) {
      const n = document.createElement("span");
      n.className = "muted";
      n.textContent = h.notes;
      dd.append(n);
    }
    dl.append(dt, dd);
  }
  const add = (label, text) => {
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = text;
    dl.append(dt, dd);
  };
  for (const f of facts) add(f.label, f.text);
  const ds = decisionsText(outcome);
  if (ds) add("Decisions", ds);
  const sh = shoeText(outcome);
  if (sh) add("Dealt from", sh);
  if (!dl.children.length) add("Outcome", compact(outcome));
  box.append(dl);
  return box;
}
