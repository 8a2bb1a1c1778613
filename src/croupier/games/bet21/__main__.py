"""Print the ``[payouts]`` table a 21 Bet variant's options derive: ``python -m croupier.games.bet21
[VARIANT]`` (default ``bet21_000``). The odds are ``odds_margin / P(win)`` rounded down to 0.01,
with P(win) exact (:mod:`.exact`); paste the table into the variant file."""

from __future__ import annotations

import sys
from fractions import Fraction

from croupier.games.bet21 import GAME, derived_payouts, opts
from croupier.games.bet21.rules import CODES
from croupier.games.registry import read_data


def main(argv: list[str]) -> int:
    name = argv[0] if argv else "bet21_000"
    data = read_data("bet21", name)
    if not data.get("payouts"):  # a new variant: any table will do to read its options
        data["payouts"] = {code: "x1" for code in CODES}
    v = GAME.parse_variant(data, name)
    margin = Fraction(str(v.options["odds_margin"]))
    print(f"[payouts]                 # derived: {v.options['odds_margin']} / P(win), down to 0.01")
    for code, pay in derived_payouts(opts(v), margin).items():
        total = pay.total.numerator / pay.total.denominator
        print(f"{code} = \"x{total:.2f}\"")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
