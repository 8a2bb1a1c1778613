// The crash page's lists (issue 17): the last rounds with their revealed seeds and how to verify
// each (`croupier verify crash`, docs/crash.md), and the other players' cash-outs of this round.
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";

/** The chain (public part) that covers table round `number`. */
function chainOf(chains, number) {
  return [...chains].reverse().find((c) => c.first_round <= number && number < c.first_round + c.length);
}

/** The command that recomputes a round from its revealed seed. */
export function verifyCommand(state, r) {
  const c = chainOf(state.chains || [], r.number);
  if (!c || !r.seed) return "";
  return `croupier verify crash --variant ${state.variant} --seed ${r.seed} --round ${r.chain_position}`
    + ` --terminating-hash ${c.terminating_hash} --salt '${c.salt}' --first-round ${c.first_round}`
    + ` --published-at-round ${c.published_at_round}`;
}

export function renderHistory(ol, help, state) {
  help.replaceChildren(el("p", { class: "hint", "data-i18n": "crash_verify" }, t("crash_verify")));
  ol.replaceChildren(...(state.history || []).map((r) => {
    const cmd = verifyCommand(state, r);
    return el("li", { dataset: { round: String(r.round_id), crash: r.crash || "" } },
      el("strong", {}, `#${r.number} · x${r.crash}`), " · ",
      el("a", { href: `#verify-${r.number}`, class: "verify-link" }, t("crash_verify_link")),
      el("details", { id: `verify-${r.number}` }, el("summary", {}, "seed"),
        el("code", {}, r.seed || ""), el("pre", {}, el("code", { class: "verify-cmd" }, cmd))));
  }));
  for (const a of ol.querySelectorAll("a.verify-link")) {
    a.addEventListener("click", () => { const d = document.querySelector(a.getAttribute("href")); if (d) d.open = true; });
  }
}

export function addCashOut(ul, msg) {
  const kind = msg.cash_out === "half_cash_out" ? "50%" : "";
  ul.prepend(el("li", { dataset: { round: String(msg.round_id) } }, `${msg.player} · x${msg.at} ${kind}`.trim()));
}
