"""A knock-out bracket and its prizes, as pure integer maths (issue 22: tournaments of the match
games; docs/pvp_matches.md "Tournaments").

* **Bracket**: a tournament has 2, 4, 8 or 16 seats; ``k`` entrants (2 <= k) play the least
  power of two holding them (:func:`bracket_size`: a full field its seats). They are drawn into
  the first round's pairs: the drawn order fills one seat of every pair first, then the second
  seats, so the byes fall one to a pair (no pair is two byes) and go to the first drawn.
* **Places**: the winner 1st, the loser of the final 2nd; the losers of one earlier round share
  the places between the players left after it and before it (8 seats: the semi-final losers
  3rd-4th, the quarter-final losers 5th-8th).
* **Prizes**: the prize table's shares of the pool by place, ``floor(pool × share)`` each, odd
  units to 1st place (:func:`~croupier.games.pvp.poker.rake.prize_split`: the card room's one
  rule); players sharing places share the sum of those places' prizes equally, the odd units
  again to 1st place, and so do the shares of places nobody takes (a short field). The prizes add
  up to the pool exactly (a Hypothesis test).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from importlib import resources
from typing import Final

from croupier.errors import VariantError
from croupier.games.pvp.poker.rake import prize_split
from croupier.rng.source import RandomSource

SIZES: Final = (2, 4, 8, 16)


def check_size(size: int) -> int:
    if size not in SIZES:
        raise VariantError(f"a knock-out bracket has 2, 4, 8 or 16 seats, got {size!r}")
    return size.bit_length() - 1  # the number of rounds


def bracket_size(entrants: int) -> int:
    """The bracket a field of ``entrants`` plays: the least power of two holding them (2 to
    16), so byes are fewer than the pairs (an operator's start of a field not full)."""
    if type(entrants) is not int or not 2 <= entrants <= SIZES[-1]:
        raise VariantError(f"a knock-out takes 2 to {SIZES[-1]} players, got {entrants!r}")
    return 1 << (entrants - 1).bit_length()


def draw(entrants: Sequence[int], size: int, rng: RandomSource) -> list[tuple[int, int | None]]:
    """The first round's pairs (``None``: a bye) of ``entrants`` drawn by ``rng``."""
    check_size(size)
    if not size // 2 < len(entrants) <= size:
        raise VariantError(f"a {size}-seat bracket takes {size // 2 + 1} to {size} players, "
                           f"got {len(entrants)}")
    order = rng.shuffled(list(entrants))
    half = size // 2
    pairs: list[tuple[int, int | None]] = []
    for i in range(half):
        j = half + i
        pairs.append((order[i], order[j] if j < len(order) else None))
    return pairs


def place_groups(size: int, entrants: int) -> list[tuple[int, int]]:
    """For each round (0 first) the places its losers share, ``(best, worst)``; the last entry
    is the final's loser ``(2, 2)``. Round 0 with byes: fewer losers than pairs."""
    rounds = check_size(size)
    out = []
    for r in range(rounds):
        before = entrants if r == 0 else size >> r
        after = size >> (r + 1)
        out.append((after + 1, before))
    return out


def default_prizes(size: int) -> tuple[Fraction, ...]:
    """The prize table of ``variants/pvp_tournament/prizes.toml`` for ``size`` seats."""
    check_size(size)
    text = resources.files("croupier.variants").joinpath("pvp_tournament/prizes.toml").read_text()
    table: Mapping[str, list[str]] = tomllib.loads(text)["prizes"]
    return tuple(Fraction(x) for x in table[str(size)])


def check_prizes(size: int, shares: Sequence[Fraction]) -> None:
    check_size(size)
    if len(shares) > size:
        raise VariantError(f"a {size}-seat bracket pays at most {size} places, got {len(shares)}")
    prize_split(1, shares)  # the shares are >= 0 and sum to 1


def prizes_by_place(pool: int, shares: Sequence[Fraction], entrants: int) -> dict[int, int]:
    """Each finishing place's prize (``{place: minor units}``) of a field of ``entrants`` in
    its bracket (:func:`bracket_size`); players sharing places each get the same amount, listed
    under every place of their group. Summed over the places 1..entrants: ``pool`` exactly."""
    if not shares or len(shares) > SIZES[-1]:
        raise VariantError(f"a prize table pays 1 to {SIZES[-1]} places, got {len(shares)}")
    if type(pool) is not int or pool < 0:
        raise VariantError(f"a prize pool is a whole number of minor units >= 0, got {pool!r}")
    size = bracket_size(entrants)
    amounts = prize_split(pool, shares) + [0] * SIZES[-1]
    out = {1: 0, 2: amounts[1]}
    for best, worst in place_groups(size, entrants)[:-1]:
        n = worst - best + 1
        total = sum(amounts[best - 1:worst])
        for place in range(best, worst + 1):
            out[place] = total // n
    out[1] = pool - sum(v for p, v in out.items() if p != 1)
    return out
