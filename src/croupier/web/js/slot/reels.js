// The slot's round on the stage: the paid spin through the shell's `reels` renderer, the winning
// lines marked on the window (the variant's line shapes from the description), then each free
// spin of the series in turn under the free-spin counter (spin n of N, the multiplier).
import { formatMoney } from "../money.js";
import { renderDisplay } from "../renderers/index.js";
import { t } from "../shell/i18n.js";

/**
 * The `reels` display of a round's table view, for a server that sends the view without its
 * `display` (the same fields as games/slots/describe.py `display`).
 */
export function displayOf(view, shapes) {
  if (view.display) return view.display;
  const tv = view.table || {};
  const window = tv.window || [];
  const lines = (tv.lines || []).map((w) => ({
    line: w.line, symbol: w.symbol, count: w.count, pays_minor: w.amount,
    symbols: w.line && shapes[w.line - 1] ? shapes[w.line - 1].map((h, r) => window[r]?.[h]).join(" ") : `${w.symbol} x${w.count} reels, ${w.ways} ways`,
  }));
  const free = (tv.spins || []).slice(1).map((s) => ({ window: s.window, win_minor: s.win, multiplier: s.multiplier, scatters: s.scatters, awarded: s.free_spins_awarded }));
  const won = tv.phase === "done" ? tv.paid : tv.gamble_amount ?? tv.spins_win;
  let headline = won ? `Win ${formatMoney(won, view.currency)}` : "No win";
  if (free.length) headline += `; ${free.length} free spins`;
  const bonus = (tv.spins || []).map((s) => s.bonus).find((b) => b) || null;
  if (bonus) headline += bonus.win ? `; bonus ${bonus.image} x${bonus.odds}` : `; bonus ${bonus.image} not shown`;
  const moves = tv.gamble || [];
  if (moves.length) headline += `; gamble ${moves.length} move(s), last ${moves.at(-1).result}`;
  return { kind: "reels", window, lines, free_spins: free, gamble: moves, headline, bonus };
}

/** Mark the cells of the winning lines (`.win`, and the line numbers in `data-lines`). */
/** `roles`: symbol code -> {role, name} (the description's `outcome.symbols`). */
export function markLines(stage, display, shapes, roles) {
  const reels = [...stage.querySelectorAll(".reels .reel")];
  reels.forEach((r) => [...r.children].forEach((li) => {
    const sym = roles[li.textContent];
    if (sym) { li.dataset.role = sym.role; li.title = sym.name; }
  }));
  for (const w of display.lines || []) {
    const shape = w.line ? shapes[w.line - 1] : null;
    if (!shape) continue;
    for (let r = 0; r < Math.min(w.count, shape.length); r += 1) {
      const li = reels[r]?.children[shape[r]];
      if (!li) continue;
      li.classList.add("win");
      li.dataset.lines = `${li.dataset.lines || ""} ${w.line}`.trim();
    }
  }
  const list = stage.querySelector(".paylines");
  if (list) list.id = "paylines";
}

/**
 * Play a round's display: the paid spin, its lines, then the free spins (`counter` shows
 * "Free spin n of N · xM"). `animate` false shows the state at once (a resumed round).
 */
export async function playRound(stage, counter, display, { shapes, roles, currency, animate = true }) {
  const money = (m) => formatMoney(m, currency);
  counter.hidden = true;
  counter.textContent = "";
  await renderDisplay(stage, display, { animate, money });
  markLines(stage, display, shapes, roles);
  const free = display.free_spins || [];
  if (!free.length) return;
  counter.hidden = false;
  counter.dataset.total = String(free.length);
  if (!animate) {
    counter.textContent = t("slot_free_won", { n: free.length });
    return;
  }
  for (let i = 0; i < free.length; i += 1) {
    const f = free[i];
    counter.dataset.n = String(i + 1);
    counter.textContent = t("slot_free_spin", { n: i + 1, total: free.length, mult: f.multiplier });
    await renderDisplay(stage, { kind: "reels", window: f.window, lines: [],
      headline: `${counter.textContent}: ${f.win_minor ? money(f.win_minor) : "–"}${f.awarded ? ` (+${f.awarded})` : ""}` }, { money });
    markLines(stage, { lines: [] }, shapes, roles);
  }
  // back to the round's own picture and headline (the paid spin and the total)
  await renderDisplay(stage, display, { animate: false, money });
  markLines(stage, display, shapes, roles);
  counter.textContent = t("slot_free_won", { n: free.length });
}
