"""Craps describes itself (docs/describe.md): the layout's bets with the phase each is open in,
and a roll as the ``dice`` view with the puck before and after it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.dice.craps.variant import LINE, NUMBERED, ONE_ROLL, CrapsVariant

LABELS = {"pass": "Pass Line", "dont_pass": "Don't Pass", "come": "Come", "dont_come": "Don't Come",
          "odds": "Take Odds", "lay": "Lay Odds", "place_win": "Place to Win",
          "place_lose": "Place to Lose", "hardway": "Hardways", "field": "Field", "seven": "Seven",
          "craps": "Any Craps", "crap_2": "Craps 2", "crap_3": "Craps 3", "crap_12": "Craps 12",
          "eleven": "Eleven", "c_and_e": "C & E"}
CONDITIONS = {"pass": "puck OFF (come-out roll)", "dont_pass": "puck OFF (come-out roll)",
              "come": "puck ON (point phase)", "dont_come": "puck ON (point phase)",
              "odds": "a pass or come bet has its point", "lay": "a don't pass or don't come bet has its point"}
GROUPS = (("one_roll", "One-roll bets"), ("line", "Line bets"), ("odds", "Odds"),
          ("multi", "Multi-roll bets"))
#: the description's order: one-roll bets first (a round of one roll), then the multi-roll bets
ORDER = (*ONE_ROLL, *LINE, "odds", "lay", "place_win", "place_lose", "hardway")


def describe(v: CrapsVariant) -> dict[str, Any]:
    bets = []
    for code in ORDER:
        group = "line" if code in LINE else "odds" if code in ("odds", "lay") else (
            "one_roll" if code in ONE_ROLL else "multi")
        target: dict[str, Any] | None = None
        example: list[int | str] = []
        if code in NUMBERED:
            target = D.choice((n, str(n)) for n in NUMBERED[code])
            example = [6 if 6 in NUMBERED[code] else NUMBERED[code][0]]
        bets.append(D.bet(code, label=LABELS[code], group=group, payout=v.payouts[code],
                          target=target, example=example, condition=CONDITIONS.get(code),
                          requires=("pass", "come") if code == "odds" else
                          ("dont_pass", "dont_come") if code == "lay" else ()))
    odds = ", ".join(f"{n}: {m}x" for n, m in v.odds_max.items())
    rules = ["Two dice; one round is one roll. The puck OFF marks a come-out roll: 4, 5, 6, 8, 9 "
             "or 10 becomes the point (puck ON) until a 7 or the point is rolled.",
             "Bets that are not decided by a roll stay working on the next rolls.",
             f"Odds up to {odds} the line stake; lay odds up to "
             f"{max(v.lay_max.values())}x the don't stake.",
             f"Off on a come-out roll: {', '.join(sorted(v.off_on_come_out)) or 'nothing'}."]
    return D.assemble(v, bets, kind="dice", groups=[D.group(n, lab) for n, lab in GROUPS],
                      rules=rules, outcome={"dice": 2, "puck": True})


def display(_v: CrapsVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    dice = [int(d) for d in outcome.get("dice", ())]
    total = int(outcome.get("total", sum(dice)))
    after = (outcome.get("table") or {}).get("point")
    before = outcome.get("point")
    hard = " the hard way" if outcome.get("hard") and total in (4, 6, 8, 10) else ""
    if before is None:
        phase = f"point is {after}" if after is not None else "come-out again"
    else:
        phase = "point made" if total == before else "seven out" if total == 7 else f"point {before}"
    return {"kind": "dice", "dice": dice, "total": total, "point_before": before, "point": after,
            "puck": "OFF" if after is None else "ON",
            "headline": f"{total}{hard} ({'-'.join(map(str, dice))}): {phase}"}
