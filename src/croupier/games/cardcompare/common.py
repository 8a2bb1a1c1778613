"""What every card game of this family does alike: the variant file's common fields, a stake
checked against the table limits, and the outcome label of a settled bet."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from croupier.errors import StakeAboveMaximum, StakeBelowMinimum, VariantError
from croupier.games.cardcompare.fields import (
    Limits,
    boolean,
    need,
    parse_admission,
    parse_limits,
)
from croupier.money import Currency, format_minor, parse_stake

#: fields every variant file of the family may have
HEADER: Final = frozenset({"game", "title", "source", "kind", "limits", "paytable_assumed",
                           "admission", "assumptions"})


def parse_header(data: Mapping[str, Any], game: str, where: str, own: Iterable[str]) -> dict[str, Any]:
    """Refuse unknown fields (``own``: the game's other fields) and parse the common ones, as
    keyword arguments of the game's variant class."""
    unknown = set(data) - HEADER - set(own)
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if data.get("game", game) != game:
        raise VariantError(f"{where}: game must be {game!r}")
    return {
        "title": str(need(data, "title", where)),
        "source": str(need(data, "source", where)),
        "kind": str(data.get("kind", "table_card")),
        "limits": parse_limits(data.get("limits", {}), f"{where}.limits"),
        "paytable_assumed": boolean(data.get("paytable_assumed", False), f"{where}.paytable_assumed"),
        "admission_override": parse_admission(data, where),
        "assumptions": tuple(str(a) for a in data.get("assumptions", [])),
    }


def checked_stake(limits: Mapping[str, Limits], cur: Currency, code: str, stake: Any) -> int:
    """The stake in minor units, inside the table limits for the currency (if it has any)."""
    amount = parse_stake(stake)
    lim = limits.get(cur.code)
    if lim is not None and amount < lim.minimum:
        raise StakeBelowMinimum(f"{code}: {format_minor(amount, cur)} is below the minimum "
                                f"{format_minor(lim.minimum, cur)}")
    if lim is not None and amount > lim.maximum:
        raise StakeAboveMaximum(f"{code}: {format_minor(amount, cur)} is above the maximum "
                                f"{format_minor(lim.maximum, cur)}")
    return amount
