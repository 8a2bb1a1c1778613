"""Why a fixed-odds draw bet won or lost (the ticket view, issue 20): the bet's source wording,
the statistic of the draw it reads as measured on the drawn balls, and the prize that value
earned with its odds, or "lost"."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from croupier.games.draws.fixedodds.bets import WIN, Bet
from croupier.games.draws.ticket import Selection, _ratio_text


def measured(b: Bet, value: Hashable, selection: Selection, variant: Any = None) -> str:
    """The statistic ``b`` reads, as words."""
    name = b.stat.name
    if name == "hits":
        return f"{value} of the chosen numbers {', '.join(map(str, selection))} drawn"
    if name == "completion":
        return (f"the chosen numbers were complete with ball {value}" if value
                else "the chosen numbers were not all drawn")
    if name == "matches" and isinstance(value, tuple) and len(value) == 2:
        return f"{value[0]} balls matched{' (the 7 among them)' if value[1] else ''}"
    names = _colour_names(variant)
    if "colour" in name and names and isinstance(value, tuple) and all(type(x) is int for x in value):
        if name.endswith("counts") and len(value) == len(names):  # a count per colour
            return ", ".join(f"{n} {c}" for c, n in zip(names, value, strict=True)) + " balls"
        if all(0 <= x < len(names) for x in value):  # a colour per ball
            return f"{name.replace('_', ' ')}: {', '.join(names[x] for x in value)}"
    shown = ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
    return f"{name.replace('_', ' ')}: {shown}"


def _colour_names(variant: Any) -> tuple[str, ...]:
    options = getattr(variant, "options", None)
    names = options.get("colour_names") if isinstance(options, dict) else None
    return tuple(str(n) for n in names) if isinstance(names, tuple | list) else ()


def explain(b: Bet, variant: Any, value: Hashable, selection: Selection) -> dict[str, Any]:
    """``{"text", "prize", "odds"}`` of a settled bet (``prize``/``odds`` None when it lost)."""
    prize = b.prize(variant, value, selection)
    odds = variant.odds(b.code, prize) if prize is not None else None
    what = measured(b, value, selection, variant)
    if prize is None or odds is None:
        return {"text": f"{b.label}: lost ({what})", "prize": None, "odds": None}
    named = "" if prize == WIN else f" {prize}"
    x = _ratio_text(odds.total)
    return {"text": f"{b.label}: won{named} ({what}), pays x{x}", "prize": prize, "odds": x}
