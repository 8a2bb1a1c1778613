"""The basic strategy chart: printing it, and playing it through the engine.

``decider(variant)`` returns a :data:`~croupier.games.base.Decider` that plays the chart of
:mod:`.analysis` on an engine state (declining insurance and even money, surrendering at the
insurance prompt where the chart says so) - the same decisions the fast simulator takes.
"""

from __future__ import annotations

from typing import Any

from croupier.games.base import Decision
from croupier.games.blackjack.analysis import Chart, main_bet, resolve
from croupier.games.blackjack.engine import BlackjackState
from croupier.games.blackjack.rules import points, total
from croupier.games.blackjack.variant import BlackjackVariant

UP_LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
UP_VALUES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1]


def chart_for(variant: BlackjackVariant) -> Chart:
    chart = main_bet(variant).chart
    if chart is None:  # pragma: no cover - main_bet builds it
        raise RuntimeError("no chart")
    return chart


def code_for_cards(variant: BlackjackVariant, cards: tuple[int, ...], up: int,
                   pair_allowed: bool) -> str:
    chart = chart_for(variant)
    t = total(cards)
    if len(cards) == 2 and pair_allowed and points(cards[0]) == points(cards[1]):
        code = chart.pair.get((points(cards[0]), up))
        if code in ("P", "Rp"):
            return code
    table = chart.soft if t.soft else chart.hard
    return table.get((t.value, up), "H" if t.value < 12 else "S")


def decider(variant: BlackjackVariant) -> Any:
    def decide(state: BlackjackState, legal: list[Decision]) -> Decision:
        names = {d.name: d for d in legal}
        up = points(state.dealer[0])
        if state.phase == "prompt":
            if "surrender" in names:
                b = state.bet(state.queue[0])
                box = next(x for x in state.boxes if x.number == b.box)
                code = code_for_cards(variant, box.first_two, up, True)
                if code.startswith("R"):
                    return names["surrender"]
            return names["decline"]
        if state.turn is None:  # pragma: no cover - the engine asks only in turn
            return legal[0]
        bi, hi = state.turn
        box = state.boxes[bi]
        hand = box.hands[hi]
        code = code_for_cards(variant, hand.cards, up, "split" in names)
        act = resolve(code, "double" in names, "surrender" in names, "split" in names,
                      "hit" in names)
        name = {"S": "stand", "H": "hit", "D": "double", "P": "split", "R": "surrender"}[act]
        return names[name]
    return decide


def format_chart(variant: BlackjackVariant) -> str:
    chart = chart_for(variant)
    head = "      " + " ".join(f"{u:>3}" for u in UP_LABELS)
    lines = [f"Basic strategy: {variant.title} ({variant.name}, {variant.source})",
             "S stand, H hit, Dh/Ds double else hit/stand, P split, Rh/Rs/Rp surrender else "
             "hit/stand/split", "", "Hard totals", head]
    for t in range(5, 21):
        lines.append(f"{t:>5} " + " ".join(f"{chart.hard.get((t, u), '-'):>3}" for u in UP_VALUES))
    lines += ["", "Soft totals", head]
    for t in range(13, 21):
        lines.append(f"A,{t - 11:<3} " [:6] + " ".join(
            f"{chart.soft.get((t, u), '-'):>3}" for u in UP_VALUES))
    lines += ["", "Pairs (P = split; otherwise play the total)", head]
    for pv in [1, 10, 9, 8, 7, 6, 5, 4, 3, 2]:
        label = "A,A" if pv == 1 else ("T,T" if pv == 10 else f"{pv},{pv}")
        if pv not in variant.splittable or variant.max_hands < 2:
            lines.append(f"{label:>5}   (not splittable)")
            continue
        lines.append(f"{label:>5} " + " ".join(
            f"{chart.pair.get((pv, u), '-'):>3}" for u in UP_VALUES))
    return "\n".join(lines)
