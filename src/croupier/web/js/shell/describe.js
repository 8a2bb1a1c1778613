// The engine's description of a game variant (GET /api/games/{g}/variants/{v}/description,
// docs/describe.md): bets with labels, groups, target shapes and an example target, decisions,
// the outcome kind, rules and paytable. While a server has no such endpoint (404), a plain one is
// made from the variant's bet list (GET /api/games/{g}/variants/{v}): targets "none".
import { ApiError, api, request } from "../api.js";
import { exponent } from "../money.js";

const words = (code) => code.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

export async function loadDescription(game, variant) {
  const path = `/api/games/${encodeURIComponent(game)}/variants/${encodeURIComponent(variant)}/description`;
  try {
    return await request("GET", path, undefined, { auth: false });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 404) throw e;
  }
  const [info, { items }] = await Promise.all([api.variant(game, variant), api.games()]);
  const limits = info.limits || {};
  return {
    game, variant, title: info.title, play: items.find((g) => g.name === game)?.play || "single", tables: [],
    currencies: Object.fromEntries(Object.entries(limits).map(([c, l]) => [c, { exponent: exponent(c), min_minor: l.table_min_minor, max_minor: l.table_max_minor }])),
    bets: info.bets.map((b) => ({
      ...b, label: words(b.code), group: "bets", target: { kind: "none" }, example_target: [],
      limits: Object.fromEntries(Object.entries(limits).map(([c, l]) => [c, l.bets?.[b.code] || [l.table_min_minor, l.table_max_minor]])),
    })),
    groups: [{ name: "bets", label: "Bets" }], decisions: [], outcome: { kind: null }, rules: [],
    paytable: info.bets.map((b) => ({ bet: b.code, label: words(b.code), pays: b.payout })),
  };
}

/** The bets of a description by group, in the description's order (a bet of no listed group last). */
export function betsByGroup(desc) {
  const groups = (desc.groups || []).map((g) => ({ ...g, bets: [] }));
  const rest = { name: "other", label: "Bets", bets: [] };
  for (const b of desc.bets) (groups.find((g) => g.name === b.group) || rest).bets.push(b);
  return [...groups, rest].filter((g) => g.bets.length);
}
