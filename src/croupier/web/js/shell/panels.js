// The side panels of a game page: rules summary and paytable (from the description), the
// provably-fair seeds (GET /api/fairness, or the table round's committed hash) and the Games
// History link.
import { api, token } from "../api.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** The rules and paytable into a <details> `box` (one click away). */
export function mountRules(box, desc) {
  const rows = (desc.paytable || []).map((p) => el("tr", { dataset: { bet: p.bet } }, el("th", { scope: "row" }, p.label), el("td", {}, String(p.pays))));
  box.replaceChildren(
    el("summary", { "data-i18n": "rules" }, t("rules")),
    desc.rules?.length ? el("ul", { class: "rules-list" }, ...desc.rules.map((r) => el("li", {}, r))) : null,
    rows.length ? el("table", { class: "paytable" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", "data-i18n": "bet" }, t("bet")), el("th", { scope: "col", "data-i18n": "pays" }, t("pays")))),
      el("tbody", {}, ...rows)) : null,
    desc.source ? el("p", { class: "muted" }, `Source: ${desc.source}`) : null);
}

/** The fairness panel: the committed server seed hash, the client seed and the next nonce. */
export async function mountFair(box, { hash = null } = {}) {
  const dl = el("dl", { class: "kv" });
  box.replaceChildren(el("summary", { "data-i18n": "fair" }, t("fair")), dl,
    el("p", {}, el("a", { href: "/account.html#fair-title", "data-i18n": "verify_in_account" }, t("verify_in_account"))));
  const row = (key, value, id) => dl.append(el("dt", { "data-i18n": key }, t(key)), el("dd", { class: "mono", id }, value ?? "–"));
  if (hash) { row("server_seed_hash", hash, "fair-hash"); return; }
  if (!token()) return;
  try {
    const f = await api.fairness();
    row("server_seed_hash", f.server_seed_hash, "fair-hash");
    row("client_seed", f.client_seed, "fair-client");
    row("nonce", String(f.nonce), "fair-nonce");
  } catch { /* shown in the account page */ }
}

/** The Games History link. */
export function historyLink() {
  return el("a", { href: "/account.html#history-title", class: "history-link", "data-i18n": "history" }, t("history"));
}
