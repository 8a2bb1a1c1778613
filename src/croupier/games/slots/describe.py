"""Slots describe themselves (docs/describe.md): the ``spin`` bet with its lines and line-bet
steps, the gamble decisions, the symbols, lines and paytable; a round's outcome as the ``reels``
view (the paid spin's window and wins, the free spins, the gamble)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.slots.gamble import GUESSES, MULTIPLIER
from croupier.games.slots.variant import SlotVariant
from croupier.money import currency, format_minor


def stake_range(v: SlotVariant, cur: str) -> list[int]:
    """[lowest, highest] total bet in a currency: one line at the lowest step (ways: the stake at
    the lowest coin) to every line at the highest."""
    steps = v.steps[cur]
    if v.mode == "lines":
        return [steps[0], steps[-1] * v.max_lines]
    return [steps[0] * v.bet_multiplier, steps[-1] * v.bet_multiplier]


def _pays_text(v: SlotVariant, row: tuple[int, ...]) -> str:
    unit = "line bets" if v.mode == "lines" else "coins a way"
    parts = [f"{n}: {p}" for n, p in enumerate(row) if n and p]
    return f"{', '.join(parts)} {unit}"


def describe(v: SlotVariant) -> dict[str, Any]:
    if v.mode == "lines":
        target: dict[str, Any] = {"kind": "number", "min": 1, "max": v.max_lines}
        # one line: the example is legal at the lowest total bet (one line at the lowest step)
        example: list[int | str] = [1]
        label = f"Spin ({v.max_lines} lines; total bet = line bet x lines)"
    else:
        target, example = {"kind": "none"}, []
        label = f"Spin ({v.rows ** v.reel_count} ways; stake = {v.bet_multiplier} coins)"
    spin = D.bet("spin", label=label, group="spin", payout="by the paytable", target=target,
                 example=example, limits={c: stake_range(v, c) for c in v.steps})
    # the stake is a line bet (ways: a coin) of these steps times the lines (ways: the coins)
    spin["target"]["line_bets"] = {c: list(s) for c, s in v.steps.items()}
    spin["target"]["units"] = "lines" if v.mode == "lines" else v.bet_multiplier
    decisions = []
    if v.gamble is not None:
        decisions = [D.decision("collect", label="Collect", default=True),
                     D.decision("gamble", label="Gamble", adds=None)]
        decisions[1]["args"] = {
            "mode": " | ".join(v.gamble.modes),
            "guess": "; ".join(f"{m}: {' | '.join(GUESSES[m])}" for m in v.gamble.modes),
            "part": " | ".join(v.gamble.parts),
        }
    paytable = [{"bet": "spin", "symbol": s.code, "label": s.name, "pays": _pays_text(v, row)}
                for s, row in zip(v.symbols, v.pays, strict=True) if any(row)]
    if v.scatter is not None and any(v.scatter_pays):
        sc = v.symbols[v.scatter]
        paytable.append({"bet": "spin", "symbol": sc.code, "label": sc.name,
                         "pays": ", ".join(f"{k}: {p}" for k, p in enumerate(v.scatter_pays) if p)
                         + " total bets, anywhere"})
    rules = [f"{v.reel_count} reels, {v.rows} rows; "
             + (f"{v.max_lines} paylines read from the leftmost reel (001 §6.5.1)."
                if v.mode == "lines" else
                f"{v.rows ** v.reel_count} ways: a symbol pays on consecutive reels from the leftmost, "
                "once for every combination of its cells.")]
    if v.wild is not None:
        rules.append(f"{v.symbols[v.wild].name} is Wild: it substitutes for every symbol but the "
                     "Scatter (001 §6.4.3).")
    fs = v.free_spins
    if fs is not None and v.scatter is not None:
        award = ", ".join(f"{k}: {n}" for k, n in enumerate(fs.awards) if n)
        rules.append(f"{v.symbols[v.scatter].name} anywhere starts free spins ({award}) at the same "
                     f"bet with no debit; every free-spin win x{fs.multiplier}"
                     + ("; scatters during free spins add spins." if any(fs.retriggers) else "."))
    b = v.bonus
    if b is not None:
        pays = ", ".join(f"{v.symbols[x].name} x{b.odds[x]}" for x in sorted(set(b.ring)) if b.odds[x])
        rules.append(f"Bonus (000 §12.17): {b.trigger} or more {v.symbols[b.symbol].name} anywhere start "
                     f"the indicator; it stops at random on one of the {len(b.ring)} places of its "
                     f"ring, and the image there pays its odds in total bets when the reels show it "
                     f"({pays}).")
        paytable.append({"bet": "spin", "symbol": v.symbols[b.symbol].code, "label": "Bonus indicator",
                         "pays": f"{b.trigger}+ anywhere: the indicator's image, if shown: {pays} total bets"})
    if v.max_win_multiple is not None:
        rules.append(f"A round never returns more than {v.max_win_multiple}x the total bet.")
    g = v.gamble
    if g is not None:
        modes = ", ".join(f"{m} x{MULTIPLIER[m]}" for m in g.modes)
        rules.append(f"After a win: collect or gamble ({modes}); up to {g.max_moves} moves; no move "
                     f"above {g.cap_multiple}x the total bet (001 §6.7).")
    return D.assemble(v, [spin], kind="reels", decisions=decisions, rules=rules, paytable=paytable,
                      outcome={"reels": v.reel_count, "rows": v.rows, "mode": v.mode,
                               "symbols": [{"code": s.code, "name": s.name, "role": s.role}
                                           for s in v.symbols],
                               "lines": [list(x) for x in v.lines],
                               "bonus": None if b is None else {
                                   "symbol": v.symbols[b.symbol].code, "trigger": b.trigger,
                                   "ring": [v.symbols[x].code for x in b.ring],
                                   "odds": {v.symbols[x].code: b.odds[x] for x in sorted(set(b.ring))}},
                               "max_win_multiple": v.max_win_multiple})


def _line_view(v: SlotVariant, window: list[list[str]], win: Mapping[str, Any]) -> dict[str, Any]:
    line = int(win.get("line", 0))
    if line and v.mode == "lines":
        shape = v.lines[line - 1]
        symbols = " ".join(window[r][h] for r, h in enumerate(shape))
    else:
        symbols = f"{win['symbol']} x{win['count']} reels, {win['ways']} ways"
    return {"line": line, "symbol": win["symbol"], "count": win["count"], "symbols": symbols,
            "pays_minor": int(win["amount"])}


def display(v: SlotVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    spins = list(outcome.get("spins", ()))
    window = [list(col) for col in outcome.get("window", ())]
    lines = [_line_view(v, window, w) for w in outcome.get("lines", ())]
    paid = int(outcome.get("paid", 0))
    # a round still open (the gamble screen, 001 §6.7) has paid nothing yet: its headline is the
    # win at stake (what Collect would take), the paid amount once it is settled
    shown = paid if outcome.get("phase", "done") == "done" else int(
        outcome.get("gamble_amount", outcome.get("spins_win", 0)))
    cur = outcome.get("currency")
    amount = format_minor(shown, currency(cur)) if isinstance(cur, str) else str(shown)
    free = [{"window": s["window"], "win_minor": s["win"], "multiplier": s["multiplier"],
             "scatters": s["scatters"], "awarded": s["free_spins_awarded"]}
            for s in spins[1:]]
    headline = f"Win {amount}" if shown else "No win"
    if free:
        headline += f"; {len(free)} free spins"
    bonus = next((s["bonus"] for s in spins if s.get("bonus")), None)  # 000 §12.17
    if bonus is not None:
        headline += (f"; bonus {bonus['image']} x{bonus['odds']}" if bonus["win"]
                     else f"; bonus {bonus['image']} not shown")
    gambles = list(outcome.get("gamble", ()))
    if gambles:
        last = gambles[-1]
        headline += f"; gamble {len(gambles)} move(s), last {last['result']}"
    return {"kind": "reels", "window": window, "lines": lines, "headline": headline,
            "scatters": outcome.get("scatters", 0), "free_spins": free,
            "spins_win_minor": outcome.get("spins_win", 0), "paid_minor": paid,
            "gamble": gambles, "bonus": bonus}
