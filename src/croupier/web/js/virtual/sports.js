// What differs between the virtual sports on the event board (issue 23, docs/virtual.md): who takes
// part and what their form means (the event's published form draws), and a selection's name.
import { t } from "../shell/i18n.js";

const RACES = ["horse_racing", "greyhounds", "racing"];

export const isRace = (game) => RACES.includes(game);

/** The field of an event: [{key, name, form}] from its published board (forms, form_values). */
export function field(game, ev) {
  const v = ev.form_values;
  if (isRace(game)) return v.map((s, i) => ({ key: String(i + 1), name: t("v_runner_n", { n: i + 1 }), form: t("v_strength", { s }) }));
  if (game === "football") return [{ key: "1", name: t("v_team_home"), form: t("v_goal_chance", { p: v[0] }) }, { key: "2", name: t("v_team_away"), form: t("v_goal_chance", { p: v[1] }) }];
  if (game === "tennis") return [{ key: "1", name: t("v_player_n", { n: 1 }), form: t("v_serve", { p: v[0] }) }, { key: "2", name: t("v_player_n", { n: 2 }), form: t("v_serve", { p: v[1] }) }];
  if (game === "table_tennis") return [{ key: "A", name: t("v_player_n", { n: "A" }), form: t("v_point_chance", { p: v[0] }) }, { key: "B", name: t("v_player_n", { n: "B" }), form: t("v_the_rest") }];
  return v.map((s, i) => ({ key: String(i + 1), name: `#${i + 1}`, form: s }));
}

/** A selection's name: its target (runners in order, a score, a result), or the market's label. */
export const selectionName = (market, target) => (target.length ? target.join(isRace(market.game) ? "-" : " ") : market.label);
