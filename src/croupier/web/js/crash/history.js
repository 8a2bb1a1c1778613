// The crash page's lists (issue 17): the last rounds with their revealed seeds and how to verify
// each - a link to `GET /api/crash/verify` with the round's public inputs, and the same check as a
// `croupier verify crash` command (docs/crash.md) - and the other players' cash-outs of this round.
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";

/** The chain (public part) that covers table round `number`. */
function chainOf(chains, number) {
  return [...chains].reverse().find((c) => c.first_round <= number && number < c.first_round + c.length);
}

/** The public inputs that recompute a round from its revealed seed (null before it is revealed). */
function verifyInputs(state, r) {
  const c = chainOf(state.chains || [], r.number);
  if (!c || !r.seed) return null;
  return { game: state.game, variant: state.variant, seed: r.seed, round: String(r.number),
    terminating_hash: c.terminating_hash, salt: c.salt, first_round: String(c.first_round),
    published_at_round: String(c.published_at_round), chain_length: String(c.length) };
}

/** The verification link: the server recomputes the round from these inputs alone. */
export function verifyUrl(state, r) {
  const q = verifyInputs(state, r);
  return q ? `/api/crash/verify?${new URLSearchParams(q)}` : "";
}

/** The command that recomputes a round from its revealed seed on the player's own machine. */
export function verifyCommand(state, r) {
  const q = verifyInputs(state, r);
  if (!q) return "";
  return `croupier verify ${q.game} --variant ${q.variant} --seed ${q.seed} --round ${q.round}`
    + ` --terminating-hash ${q.terminating_hash} --salt '${q.salt}' --first-round ${q.first_round}`
    + ` --published-at-round ${q.published_at_round} --chain-length ${q.chain_length}`;
}

export function renderHistory(ol, help, state) {
  help.replaceChildren(el("p", { class: "hint", "data-i18n": "crash_verify" }, t("crash_verify")));
  ol.replaceChildren(...(state.history || []).map((r) => {
    const cmd = verifyCommand(state, r);
    const url = verifyUrl(state, r);
    return el("li", { dataset: { round: String(r.round_id), crash: r.crash || "" } },
      el("strong", {}, `#${r.number} · x${r.crash}`), " · ",
      url ? el("a", { href: url, class: "verify-api", target: "_blank", rel: "noopener" }, t("crash_verify_link")) : "",
      " · ", el("a", { href: `#verify-${r.number}`, class: "verify-link" }, t("crash_verify_seed")),
      el("details", { id: `verify-${r.number}` }, el("summary", {}, "seed"),
        el("code", {}, r.seed || ""), el("pre", {}, el("code", { class: "verify-cmd" }, cmd))));
  }));
  for (const a of ol.querySelectorAll("a.verify-link")) {
    a.addEventListener("click", () => { const d = document.querySelector(a.getAttribute("href")); if (d) d.open = true; });
  }
}

export function addCashOut(ul, msg) {
  const kind = msg.cash_out === "half_cash_out" ? "50%" : msg.cash_out === "auto_cash_out" ? "auto" : "";
  ul.prepend(el("li", { dataset: { round: String(msg.round_id) } }, `${msg.player} · x${msg.at} ${kind}`.trim()));
}
