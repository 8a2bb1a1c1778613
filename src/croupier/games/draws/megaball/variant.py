"""A Mega Ball variant as data (``variants/megaball/*.toml``), 000 §12.43.

* the drum and the main draw (51 balls, 20 drawn) and the cards a ticket may hold;
* the line paytable: total return per unit staked on a card for 1 .. 6 completed lines
  (000 §12.43 Main round 4; "x1" returns the stake);
* the Mega Ball Bonus: the weights of one or two bonus rounds and of each Mega Ball multiplier
  (000 §12.43 Mega Ball Bonus round; the rules give the range 5x-100x but no distribution:
  ASSUMPTION, operator data), and which multiplier pays when two Mega Balls complete lines on
  one card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError
from croupier.games.draws.balls import BallDraw
from croupier.games.draws.limits import DrawLimits
from croupier.games.draws.megaball.cards import CELLS
from croupier.games.draws.schedule import DrawSchedule
from croupier.games.draws.variant import CommonFields, DrawCommon, parse_common
from croupier.games.fields import integer, payout

#: the rules give no timing (ASSUMPTION): a draw every 2 minutes closing 20 s before
DEFAULT_SCHEDULE = DrawSchedule(every_seconds=120, cutoff_seconds=20, max_draws=10, ball_interval_ms=1000)
#: 000 §12.43: "a random Mega Ball multiplier in the range 5x to 100x"
MULTIPLIER_RANGE = (5, 100)
#: 000 §12.43: "one or two Mega Ball Bonus rounds"
ROUNDS = (1, 2)
BOTH = ("highest", "first")


@dataclass(frozen=True, slots=True)
class MegaBallVariant(CommonFields):
    common: DrawCommon
    #: the most cards one ticket holds (000 §12.43: "1200 5x5 cell cards", read 1-200)
    max_cards: int
    #: the quick choices of the number of cards (000 §12.43: 1, 10, 25, 100)
    card_choices: tuple[int, ...]
    #: total return per unit staked for 1, 2, ... completed lines (index 0: one line)
    line_pays: tuple[Fraction, ...]
    #: (bonus rounds, weight): the chance of one or two Mega Ball rounds
    rounds: tuple[tuple[int, int], ...]
    #: (multiplier, weight): the chance of each Mega Ball multiplier
    multipliers: tuple[tuple[int, int], ...]
    #: two Mega Balls complete lines on one card: "highest" multiplier (or the "first") pays once
    both_complete: str
    #: the drum the Mega Balls come from: the balls the main draw left (ASSUMPTION)
    bonus_drum: BallDraw = field(init=False)

    def __post_init__(self) -> None:
        d = self.common.draw
        drum = BallDraw(d.balls, d.drawn + max(r for r, _w in self.rounds), d.first, kind="mega_ball")
        object.__setattr__(self, "bonus_drum", drum)


    def limit(self, cur: str, code: str = "card") -> DrawLimits | None:
        return self.limits.get(cur)

    def line_pay(self, lines: int) -> Fraction:
        """000 §12.43 Main round 4: the return of a card with ``lines`` completed lines; a card
        "can win with up to 6 lines": more lines pay the last row (ASSUMPTION)."""
        if lines <= 0:
            return Fraction(0)
        return self.line_pays[min(lines, len(self.line_pays)) - 1]

    def rounds_total(self) -> int:
        return sum(w for _r, w in self.rounds)

    def multipliers_total(self) -> int:
        return sum(w for _m, w in self.multipliers)

    @property
    def payouts(self) -> dict[str, str]:
        lines = ", ".join(f"{i + 1} line{'s' if i else ''} x{_num(p)}" for i, p in enumerate(self.line_pays))
        ms = f"x{self.multipliers[0][0]}-x{self.multipliers[-1][0]}"
        return {"card": f"{lines}; a Mega Ball completing a line: + stake {ms}"}

    def parsheet_markdown(self) -> str:
        from croupier.games.draws.megaball.parsheet import parsheet_markdown

        return parsheet_markdown(self)


def _num(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{float(f):g}"


def _weights(raw: object, where: str, lo: int, hi: int) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, Mapping) or not raw:
        raise VariantError(f"{where}: a table of value = weight")
    out = []
    for key, w in raw.items():
        try:
            value = int(key)
        except ValueError:
            raise VariantError(f"{where}: {key!r} is not a whole number") from None
        if not lo <= value <= hi:
            raise VariantError(f"{where}.{key}: outside {lo}-{hi}")
        out.append((value, integer(w, f"{where}.{key}", 0, 10**9)))
    out.sort()
    if not any(w for _v, w in out):
        raise VariantError(f"{where}: every weight is 0")
    return tuple((v, w) for v, w in out if w)


def parse_variant(data: Mapping[str, Any], name: str) -> MegaBallVariant:
    where = f"megaball/{name}.toml"
    common = parse_common(data, name, "megaball", DEFAULT_SCHEDULE)
    d = common.draw
    if d.balls < CELLS + 1:
        raise VariantError(f"{where}.balls: a card holds {CELLS} numbers; the drum needs more balls")
    max_cards = integer(data.get("max_cards", 200), f"{where}.max_cards", 1, 1000)
    choices = tuple(integer(c, f"{where}.card_choices", 1, max_cards)
                    for c in data.get("card_choices", (1, 10, 25, 100)))
    raw_pays = data.get("line_pays")
    if not isinstance(raw_pays, list) or not raw_pays:
        raise VariantError(f"{where}.line_pays: the returns of 1, 2, ... completed lines")
    pays = tuple(payout(x, f"{where}.line_pays[{i}]").total for i, x in enumerate(raw_pays))
    mega = dict(data.get("mega_ball", {}))
    rounds = _weights(mega.get("rounds"), f"{where}.mega_ball.rounds", *ROUNDS)
    drawn_max = d.drawn + max(r for r, _w in rounds)
    if drawn_max > d.balls:
        raise VariantError(f"{where}: {drawn_max} balls with the Mega Balls, more than the drum's {d.balls}")
    mults = _weights(mega.get("multipliers"), f"{where}.mega_ball.multipliers", *MULTIPLIER_RANGE)
    both = str(mega.get("both_complete", "highest"))
    if both not in BOTH:
        raise VariantError(f"{where}.mega_ball.both_complete: one of {', '.join(BOTH)}, not {both!r}")
    return MegaBallVariant(common, max_cards, choices, pays, rounds, mults, both)
