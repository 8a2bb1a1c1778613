// What differs between the virtual sports on the event board (issue 23, docs/virtual.md): who takes
// part and what their form means (the event's published form draws), and a selection's name.
const RACES = ["horse_racing", "greyhounds", "racing"];

export const isRace = (game) => RACES.includes(game);

/** The field of an event: [{key, name, form}] from its published board (forms, form_values). */
export function field(game, ev) {
  const v = ev.form_values;
  if (isRace(game)) return v.map((s, i) => ({ key: String(i + 1), name: `Runner ${i + 1}`, form: `strength ${s}` }));
  if (game === "football") return [{ key: "1", name: "Team 1 (home)", form: `goal chance ${v[0]} a minute` }, { key: "2", name: "Team 2 (away)", form: `goal chance ${v[1]} a minute` }];
  if (game === "tennis") return [{ key: "1", name: "Player 1", form: `wins ${v[0]} of points on serve` }, { key: "2", name: "Player 2", form: `wins ${v[1]} of points on serve` }];
  if (game === "table_tennis") return [{ key: "A", name: "Player A", form: `wins each point with chance ${v[0]}` }, { key: "B", name: "Player B", form: "the rest" }];
  return v.map((s, i) => ({ key: String(i + 1), name: `#${i + 1}`, form: s }));
}

/** A selection's name: its target (runners in order, a score, a result), or the market's label. */
export const selectionName = (market, target) => (target.length ? target.join(isRace(market.game) ? "-" : " ") : market.label);
