"""Multipliers of the crash games: exact hundredths (000 §12.20: "21.23", two decimals).

A multiplier is kept as an integer number of hundredths (``152`` is x1.52), never a float. Players
give multipliers as text with at most two decimals (``"2"``, ``"2.5"``, ``"2.00"``) or as a whole
number; :func:`parse_multiplier` refuses anything else with a precise error.
"""

from __future__ import annotations

import re
from typing import Final

from croupier.errors import InvalidSelection

#: x1.00, the multiplier every round starts at (000 §12.20, §12.26)
ONE: Final = 100

_TEXT = re.compile(r"^([0-9]{1,9})(?:\.([0-9]+))?\Z")


def parse_multiplier(value: object, what: str = "multiplier") -> int:
    """``"2.35"`` -> 235. Refuses floats, three decimals, signs, exponents and non-ASCII digits."""
    if isinstance(value, bool) or isinstance(value, float):
        raise InvalidSelection(f"the {what} {value!r} must be given as text with at most two "
                               "decimals, such as \"2.00\"")
    if isinstance(value, int):
        if value < 0:
            raise InvalidSelection(f"the {what} {value} is negative")
        return value * 100
    if not isinstance(value, str):
        raise InvalidSelection(f"the {what} {value!r} ({type(value).__name__}) is not a multiplier")
    m = _TEXT.match(value)
    if m is None:
        raise InvalidSelection(f"the {what} {value!r} is not a multiplier: write digits with an "
                               "optional point and at most two decimals, such as \"2.00\"")
    whole, frac = m.group(1), m.group(2) or ""
    if len(frac) > 2:
        raise InvalidSelection(f"the {what} {value!r} has {len(frac)} decimals; multipliers have "
                               "at most two (000 §12.20: e.g. 21.23)")
    return int(whole) * 100 + int(frac.ljust(2, "0"))


def format_multiplier(hundredths: int) -> str:
    """235 -> ``"2.35"``."""
    return f"{hundredths // 100}.{hundredths % 100:02d}"
