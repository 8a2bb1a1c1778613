// The lobby: the live tables and the game catalogue (GET /api/tables, GET /api/games).
import { api, request } from "./api.js";
import { colourOf } from "./roulette/layout.js";
import { el } from "./shell/dom.js";
import { renderHeader } from "./ui.js";

renderHeader("lobby");

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
        el("a", { class: "go", href: tablePage(t), "aria-label": `Play at ${t.name}` }, "Join the table")));
    }
  } catch (e) {
    ul.replaceChildren(el("li", { class: "error" }, `Could not load the tables: ${e.message}`));
  } finally {
    ul.setAttribute("aria-busy", "false");
  }
}

// The special pages of the games that have one (their own layouts); every variant of every game is
// also playable on the generic page, game.html, from the engine's description.
const WEB_TABLES = { blackjack: ["/decision.html?game=blackjack", "Blackjack"], casino_holdem: ["/decision.html?game=casino_holdem", "Casino Hold'em"], three_card_poker: ["/decision.html?game=three_card_poker", "Three Card Poker"] };
const PLAY_TEXT = {
  single: "Single rounds: one click plays a whole round from your provably-fair seeds.",
  decision: "Against the dealer, with your decisions and a decision timer.",
  table: "At a shared table.",
};

// a table's own page: crash tables (issue 17), baccarat roads (issue 5), or the generic table
const DRAW_PAGES = { keno: "/keno.html" }; // draw tables (issue 20)
// the fixed-odds draw tables (issue 20: Lucky 5/7/6, Fruitrace) have their own page
for (const g of ["lucky5", "lucky7", "lucky6", "lucky6_48", "fruitrace"]) DRAW_PAGES[g] = "/lucky.html";
DRAW_PAGES.megaball = "/megaball.html"; // Mega Ball's cards (000 §12.43)
// issue 18: the game-show tables' own pages (js/shows/: Crazy Time's bonus picks)
const SHOW_PAGES = { dream_catcher: "/dreamcatcher.html", crazy_time: "/crazytime.html" };
// issue 23: the virtual sports tables (scheduled events at draw tables) have the event board
const VIRTUAL_GAMES = ["horse_racing", "greyhounds", "racing", "football", "tennis", "table_tennis"];
const tablePage = (t) => VIRTUAL_GAMES.includes(t.game) ? `/virtual.html?table=${encodeURIComponent(t.id)}` : SHOW_PAGES[t.game] ? `${SHOW_PAGES[t.game]}?table=${encodeURIComponent(t.id)}` : t.game === "sicbo" ? sicboPage(t.variant, t.id) : DICE_GAMES.includes(t.game) ? `${gamePage(t.game, t.variant)}&table=${encodeURIComponent(t.id)}`
  : `${["crash", "rocketon"].includes(t.game) ? "/crash.html" : t.game === "craps" ? "/craps.html" : DRAW_PAGES[t.game] || (t.roads ? "/baccarat.html" : "/table.html")}?id=${encodeURIComponent(t.id)}`;
// issue 19: the Sic Bo board (full and simplified, js/sicbo/); Lightning Dice and Dice Duel tables on game.html
const DICE_GAMES = ["lightning_dice", "dice_duel"];
const sicboPage = (v, id) => `/sicbo.html?variant=${encodeURIComponent(v)}${id ? `&table=${encodeURIComponent(id)}` : ""}`;
const slotPage = (v) => `/slot.html?variant=${encodeURIComponent(v)}`; // the slot page (js/slot/)
const gamePage = (g, v) => `/game.html?game=${encodeURIComponent(g)}&variant=${encodeURIComponent(v)}`;

async function loadGames() {
  const ul = document.getElementById("games");
  try {
    const { items } = await api.games();
    let tables = [];
    try { tables = (await tablesLoaded).items; } catch { /* the table list shows its own error */ }
    ul.replaceChildren();
    ul.append(el("li", { class: "card" }, el("h3", {}, "Card tables"),
      el("p", { class: "muted" }, "Single player against the dealer: your own deal from your provably-fair seeds, with a decision timer."),
      el("ul", {}, ...Object.values(WEB_TABLES).map(([href, title]) => el("li", {}, el("a", { href, "aria-label": `Play ${title}` }, title))))));
    for (const g of items) {
      const live = tables.filter((t) => t.game === g.name);
      const vs = el("ul", { class: "variants" });
      for (const v of g.variants) {
        const play = g.name === "roulette"
          ? el("a", { href: `/table.html?solo=${encodeURIComponent(v.name)}`, "aria-label": `Play ${v.title} single player` }, "play")
          : el("a", { href: g.name === "slot" ? slotPage(v.name) : g.name === "sicbo" ? sicboPage(v.name) : gamePage(g.name, v.name), "aria-label": `${v.title}: play` }, "play");
        vs.append(el("li", { dataset: { game: g.name, variant: v.name } }, v.title, " · ", play, " · ",
          el("a", { href: `${gamePage(g.name, v.name)}#rules`, "aria-label": `${v.title}: rules and paytable` }, "rules")));
      }
      ul.append(el("li", { class: "card", dataset: { game: g.name } }, el("h3", {}, g.title),
        el("p", { class: "muted" }, PLAY_TEXT[g.play] || ""), vs,
        ...live.map((t) => el("p", {}, el("a", { href: tablePage(t) }, `live table: ${t.name}`)))));
    }
    // issue 21: the poker card room (players against players, the house takes rake): its tables
    const room = await request("GET", "/api/cardroom/tables", undefined, { auth: false }).catch(() => ({ items: [] }));
    if (room.items.length) {
      ul.append(el("li", { class: "card", dataset: { game: "cardroom" } }, el("h3", {}, "Poker card room"),
        el("p", { class: "muted" }, "Players against players; the house takes rake."),
        el("ul", {}, ...room.items.filter((t) => t.format !== "rush").map((t) => el("li", {}, el("a", { href: `/cardroom.html?table=${encodeURIComponent(t.id)}`, "aria-label": `Sit at ${t.name || t.id}` },
          `${t.name || t.id} · ${t.game} ${String(t.variant).replace(/_/g, " ")} · ${t.currency} · ${t.seated ?? 0} seated`))),
          // 000 §12.12.3 Rush & Cash: a pool (a blind level) is joined, not a table
          ...[...new Map(room.items.filter((t) => t.format === "rush" && t.pool).map((t) => [t.pool, t])).values()].map((t) => el("li", {},
            el("a", { href: `/cardroom.html?pool=${encodeURIComponent(t.pool)}`, "aria-label": `Join the Rush & Cash pool ${t.pool}` },
              `Rush & Cash ${t.pool} · ${t.game} ${String(t.variant).replace(/_/g, " ")} · ${t.currency}`))))));
    }
    // issue 22: match tables (player against player, 4% rake): the open ones and a link to create one
    const matches = await request("GET", "/api/matches/tables", undefined, { auth: false }).catch(() => ({ items: [] }));
    ul.append(el("li", { class: "card", dataset: { game: "matches" } }, el("h3", {}, "Match tables"),
      el("p", { class: "muted" }, "Backgammon, Domino, Belote and more, player against player; the winner takes the fund less 4% rake."),
      el("p", {}, el("a", { href: "/matches.html", "aria-label": "Create a match table" }, "create a table")),
      el("ul", { id: "match-tables" }, ...matches.items.map((t) => el("li", { dataset: { match: String(t.id) } },
        el("a", { href: "/matches.html", "aria-label": `Join table ${t.id}` },
          `#${t.id} ${t.game} ${t.variant} · ${t.currency} ${t.mode}`))))));
  } catch (e) {
    ul.replaceChildren(el("li", { class: "error" }, `Could not load the games: ${e.message}`));
  } finally {
    ul.setAttribute("aria-busy", "false");
  }
}

loadTables();
loadGames();
