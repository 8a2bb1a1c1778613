// What a player sees of a live table's operations (issue 16; docs/live.md): a notice under the
// round's phase for a No Spin and re-spin (bets kept, 004 §1.16–1.17), a round held for a manual
// settlement (1.20.2), an incident, a void with its reason ("Game voided — …, stakes returned"),
// the table paused or closed, the game disabled on every table (GLI-19 4.15) and new table limits.
// In English, Ukrainian and Lithuanian; the rule's own title inside a void's reason comes from the
// server in English.
import { el } from "./dom.js";
import { addStrings, t } from "./i18n.js";

addStrings({
  live_no_spin: ["No Spin — the ball is spun again. Your bets stay in place.", "Оберт не зараховано (No Spin) — кульку запустять знову. Ваші ставки залишаються.", "Sukimas neįskaitytas (No Spin) — rutulys bus paleistas iš naujo. Jūsų statymai lieka."],
  live_held: ["Technical failure — this game will be settled manually on the video's result. Your bets are safe.", "Технічний збій — цю гру буде розраховано вручну за відеозаписом. Ваші ставки в безпеці.", "Techninis gedimas — šis žaidimas bus apskaičiuotas rankiniu būdu pagal vaizdo įrašą. Jūsų statymai saugūs."],
  live_incident: ["Incident at the table: {code} ({clause}).", "Інцидент за столом: {code} ({clause}).", "Incidentas prie stalo: {code} ({clause})."],
  live_voided: ["Game voided — {why}, stakes returned{clause}", "Гру анульовано — {why}, ставки повернено{clause}", "Žaidimas anuliuotas — {why}, statymai grąžinti{clause}"],
  live_paused: ["Table paused: {reason}", "Стіл призупинено: {reason}", "Stalas sustabdytas: {reason}"],
  live_closed: ["Table closed: {reason}", "Стіл закрито: {reason}", "Stalas uždarytas: {reason}"],
  live_game_disabled: ["This game is disabled: {reason}. No new rounds or bets.", "Цю гру вимкнено: {reason}. Нових раундів і ставок немає.", "Šis žaidimas išjungtas: {reason}. Naujų raundų ir statymų nėra."],
  live_limits_next: ["New table limits from the next round: {limits} ({reason})", "Нові ліміти столу з наступного раунду: {limits} ({reason})", "Nauji stalo limitai nuo kito raundo: {limits} ({reason})"],
  live_limits_now: ["Table limits: {limits}", "Ліміти столу: {limits}", "Stalo limitai: {limits}"],
  live_min: ["bet from {amount}", "ставка від {amount}", "statymas nuo {amount}"],
  live_max: ["bet up to {amount}", "ставка до {amount}", "statymas iki {amount}"],
  live_round_max: ["up to {amount} a round", "до {amount} за раунд", "iki {amount} per raundą"],
});

/** A void's reason ("Game voided — card dropped, stakes returned (004 §3.20.2)") in the chosen
 *  language; any other reason (a stopped table, a recovery) as the server gave it. */
export function voidedText(reason) {
  const m = /^Game voided — (.+), stakes returned( \(.+\))?$/.exec(reason || "");
  if (!m) return `${t("round_voided")}: ${reason || ""}`;
  return t("live_voided", { why: m[1], clause: m[2] || "" });
}

function limitsText(l) {
  if (!l) return "";
  return [l.min_bet && t("live_min", { amount: l.min_bet }), l.max_bet && t("live_max", { amount: l.max_bet }),
    l.round_max && t("live_round_max", { amount: l.round_max })].filter(Boolean).join(" · ");
}

/** The notices of one shared table: `table` (a notice that lasts: status, game disabled) and
 *  `round` (one round's: No Spin, held, incident, void), shown together under the phase. */
export class LiveNotices {
  constructor() {
    this.lasting = { table: null, game: null, limits: null };
    this.roundText = null;
  }

  box() {
    let box = document.querySelector("#live-notice");
    if (!box) {
      const phase = document.querySelector("#phase");
      if (!phase) return null;
      box = el("div", { id: "live-notice", class: "live-notice", role: "alert", "aria-live": "assertive" });
      phase.after(box);
    }
    return box;
  }

  render() {
    const box = this.box();
    if (!box) return;
    const lines = [["round", this.roundText], ["table", this.lasting.table], ["game", this.lasting.game], ["limits", this.lasting.limits]]
      .filter(([, text]) => text);
    box.replaceChildren(...lines.map(([kind, text]) => el("p", { dataset: { kind } }, text)));
    box.hidden = !lines.length;
  }

  fromTable(tb) {
    if (!tb) return;
    this.lasting.table = tb.status && tb.status !== "open" ? t(tb.status === "paused" ? "live_paused" : "live_closed", { reason: tb.status_reason || "" }) : null;
    this.lasting.game = tb.game_disabled ? t("live_game_disabled", { reason: tb.game_disabled_reason || "" }) : null;
    this.lasting.limits = tb.next_table_limits ? t("live_limits_next", { limits: limitsText(tb.next_table_limits), reason: tb.next_table_limits.reason })
      : tb.table_limits ? t("live_limits_now", { limits: limitsText(tb.table_limits) }) : null;
    if (tb.round?.state === "held") this.roundText = t("live_held");
    this.render();
  }

  /** One table event; true when it was one of the live notices. A round's notice goes at the
   *  next betting window, except a held round's (until it is settled or voided) and a void's
   *  (through the next betting window, until its "no more bets"). */
  onEvent(m) {
    const sticky = (text) => { this.roundText = text; this.stickyRound = m.round_id; };
    switch (m.type) {
      case "snapshot": this.fromTable(m.table); return false;
      case "betting_open":
        if (!this.stickyRound) this.roundText = null;
        if (this.lasting.limits && this.pendingLimits) { this.lasting.limits = t("live_limits_now", { limits: limitsText(this.pendingLimits) }); this.pendingLimits = null; }
        break;
      case "no_spin": sticky(t("live_no_spin")); this.stickyRound = null; break;
      case "held": sticky(t("live_held")); this.heldRound = m.round_id; break;
      case "incident":
        if (m.outcome === "respin") { this.roundText = t("live_no_spin"); this.stickyRound = null; }
        else if (m.outcome === "manual") { sticky(t("live_held")); this.heldRound = m.round_id; }
        else if (m.outcome !== "void") this.roundText = t("live_incident", { code: m.code, clause: `004 §${m.clause}` });
        break;
      case "voided": sticky(voidedText(m.reason)); this.heldRound = null; break;
      case "settled":
        if (this.heldRound === m.round_id) { this.heldRound = null; this.stickyRound = null; this.roundText = null; break; }
        if (this.stickyRound) return false;
        this.roundText = null;
        break;
      case "no_more_bets":
        if (!this.stickyRound || this.stickyRound === m.round_id || this.heldRound) return false;
        this.stickyRound = null;
        this.roundText = null;
        break;
      case "table_status":
        this.lasting.table = m.status === "open" ? null : t(m.status === "paused" ? "live_paused" : "live_closed", { reason: m.reason || "" });
        break;
      case "game_status":
        this.lasting.game = m.disabled ? t("live_game_disabled", { reason: m.reason || "" }) : null;
        break;
      case "table_limits":
        this.pendingLimits = m.next;
        this.lasting.limits = m.next ? t("live_limits_next", { limits: limitsText(m.next), reason: m.next.reason }) : null;
        break;
      default: return false;
    }
    this.render();
    return true;
  }
}
