// The figures every game page shows: balance, total bet, last win and the round's result, each
// with its exact amount in `data-minor` (what the browser tests read), the text in the player's
// local currency format.
import { formatMoney, formatLocal } from "../money.js";
import { lang, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);

export function showAmount(sel, minor, currency) {
  const e = $(sel);
  if (!e) return;
  e.textContent = minor === null || minor === undefined ? "–" : formatLocal(minor, currency, lang());
  e.dataset.minor = minor === null || minor === undefined ? "" : String(minor);
}

/** A Balance of the API ({cash_minor, currency}) into #balance. */
export function showBalance(balance, fallbackCurrency) {
  if (!balance) return;
  showAmount("#balance", balance.cash_minor, balance.currency || fallbackCurrency);
}

/**
 * The player's settlement of a round into #result (data-round/-stake/-returned/-net) and
 * #last-win; `prefix` is the outcome in words ("17 red", "Banker wins").
 */
export function showSettlement(roundId, you, currency, prefix = "") {
  const r = $("#result");
  r.dataset.round = String(roundId);
  r.dataset.stake = String(you.stake_minor);
  r.dataset.returned = String(you.returned_minor);
  r.dataset.net = String(you.net_minor);
  const fmt = (m) => formatMoney(m, currency);
  const lead = prefix ? `${prefix}: ` : "";
  if (you.returned_minor > 0) {
    r.className = "result win";
    r.textContent = `${lead}${t("you_win", { amount: fmt(you.returned_minor) })} (bet ${fmt(you.stake_minor)}, net ${you.net_minor >= 0 ? "+" : ""}${fmt(you.net_minor)})`;
  } else {
    r.className = "result";
    r.textContent = `${lead}${t("no_win", { amount: fmt(you.stake_minor) })}`;
  }
  showAmount("#last-win", you.returned_minor, currency);
  $("#last-win")?.classList.toggle("won", you.returned_minor > 0);
}
