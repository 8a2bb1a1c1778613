// The lobby: the live tables and the game catalogue (GET /api/tables, GET /api/games).
import { api } from "./api.js";
import { colourOf } from "./roulette/layout.js";
import { renderHeader } from "./ui.js";

renderHeader("lobby");

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

const tablesLoaded = api.tables();

async function loadTables() {
  const ul = document.getElementById("tables");
  try {
    const { items } = await tablesLoaded;
    ul.replaceChildren();
    if (!items.length) ul.append(el("li", { class: "muted" }, "No table is open."));
    for (const t of items) {
      const recent = el("ol", { class: "history", "aria-label": "latest results" });
      for (const r of (t.recent || []).slice(0, 10)) {
        for (const p of r.outcome?.pockets || []) {
          const n = p === "00" ? "00" : Number(p);
          recent.append(el("li", { class: colourOf(n), "aria-label": `${p} ${colourOf(n)}` }, String(p)));
        }
        const w = r.outcome?.pockets ? null : r.outcome?.winner; // card tables (issue 5): the winner
        if (w) recent.append(el("li", { class: `coup ${w}`, "aria-label": w }, w.slice(0, 1).toUpperCase()));
      }
      const state = t.round ? { open: "Betting open", closed: "No more bets", resulted: "Result", settled: "Paying", voided: "Voided" }[t.round.state] || t.round.state : "Starting";
      ul.append(el("li", { class: "card" },
        el("h3", {}, t.name),
        el("p", { class: "muted" }, `${t.variant.replace(/_/g, " ")} · ${t.currency} · ${Math.round(t.betting_seconds)} s to bet · ${state}`),
        recent,
        el("a", { class: "go", href: `${t.roads ? "/baccarat.html" : "/table.html"}?id=${encodeURIComponent(t.id)}`, "aria-label": `Play at ${t.name}` }, "Join the table")));
    }
  } catch (e) {
    ul.replaceChildren(el("li", { class: "error" }, `Could not load the tables: ${e.message}`));
  } finally {
    ul.setAttribute("aria-busy", "false");
  }
}

async function loadGames() {
  const ul = document.getElementById("games");
  try {
    const { items } = await api.games();
    let tables = [];
    try { tables = (await tablesLoaded).items; } catch { /* the table list shows its own error */ }
    ul.replaceChildren();
    const roulette = items.filter((g) => g.name === "roulette");
    const others = items.filter((g) => g.name !== "roulette");
    for (const g of roulette) {
      const vs = el("ul", {});
      for (const v of g.variants) {
        vs.append(el("li", {}, v.title, " · ",
          el("a", { href: `/table.html?solo=${encodeURIComponent(v.name)}`, "aria-label": `Play ${v.title} single player` }, "play")));
      }
      ul.append(el("li", { class: "card" }, el("h3", {}, g.title),
        el("p", { class: "muted" }, "Single-player spins: your own round, drawn from your provably-fair seeds."), vs));
    }
    // decision tables (blackjack, poker against the dealer): /api/interactive
    const WEB_TABLES = { blackjack: ["/blackjack.html", "Blackjack"], casino_holdem: ["/poker.html?game=casino_holdem", "Casino Hold'em"], three_card_poker: ["/poker.html?game=three_card_poker", "Three Card Poker"] };
    const decisionTables = Object.values(WEB_TABLES);
    ul.append(el("li", { class: "card" }, el("h3", {}, "Card tables"),
      el("p", { class: "muted" }, "Single player against the dealer: your own deal from your provably-fair seeds, with a decision timer."),
      el("ul", {}, ...decisionTables.map(([href, title]) => el("li", {}, el("a", { href, "aria-label": `Play ${title}` }, title))))));
    // every other game: where it is played (GET /api/games "play"; docs/api.md)
    const rest = others.filter((g) => !WEB_TABLES[g.name]);
    if (rest.length) {
      const shoeTables = new Map(tables.filter((t) => t.roads).map((t) => [t.game, t]));
      const single = rest.filter((g) => g.play !== "decision");
      const decision = rest.filter((g) => g.play === "decision");
      const item = (g) => {
        const t = shoeTables.get(g.name);
        return el("li", {}, g.title, g.variants.length > 1 ? el("span", { class: "muted" }, ` (${g.variants.length} variants)`) : null,
          t ? el("span", {}, " · ", el("a", { href: `/baccarat.html?id=${encodeURIComponent(t.id)}` }, `live table: ${t.name}`)) : null);
      };
      const groups = [];
      if (single.length) {
        groups.push(el("h4", { class: "section-title" }, `Single rounds: POST /api/rounds (${single.length})`),
          el("p", { class: "muted" }, "One request plays a whole round from your provably-fair seeds; the result is in your Games History."),
          el("ul", { class: "more-games", "aria-label": "Games played as single rounds" }, ...single.map(item)));
      }
      if (decision.length) {
        groups.push(el("h4", { class: "section-title" }, `Decision rounds: /api/interactive (${decision.length})`),
          el("p", { class: "muted" }, "Rounds that wait for your decisions (docs/api.md \"Decision rounds\"); no web table yet."),
          el("ul", { class: "more-games", "aria-label": "Games played as decision rounds" }, ...decision.map(item)));
      }
      ul.append(el("li", { class: "card wide", id: "more-games" },
        el("h3", {}, `${rest.length} more games`),
        el("p", { class: "muted" }, "In the catalogue with their exact maths. A game with a live table links to it; every one of them is played through the API:"),
        el("details", {}, el("summary", {}, "Show the games and where to play them"), ...groups)));
    }
  } catch (e) {
    ul.replaceChildren(el("li", { class: "error" }, `Could not load the games: ${e.message}`));
  } finally {
    ul.setAttribute("aria-busy", "false");
  }
}

loadTables();
loadGames();
