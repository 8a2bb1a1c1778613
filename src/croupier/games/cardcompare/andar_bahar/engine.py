"""Andar Bahar (000 §12.55) with its 22 side bets.

One deck, shuffled every round. The first card is the Joker Card; a ``first_side`` draw (0 Andar,
1 Bahar) says which side gets the next card; cards then go to the sides in turn until one matches
the Joker Card's rank: that side wins. The side bets predict how many cards are dealt after the
Joker Card (the matching card included), the colour of the matching card, and the Joker Card's
colour, suit and rank against 7 and 8 (Ace low).

Exact analysis: the first match is at position ``k`` of the 51 cards after the Joker Card with
probability ``C(51 - k, 2) / C(51, 3)`` (3 cards of its rank left), and it is each of those 3 cards
alike. Everything a bet looks at is the Joker Card's rank class (A-6, 7, 8, 9-K) and suit, the first
side, the parity and band of ``k`` and the matching card's colour; one deal of every such class is
settled by the engine.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import comb
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from croupier.cards import card, rank_of, suit_of
from croupier.cards import name as card_name
from croupier.games.base import BetRequest, DrawAction
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.dealt import (
    DealEngine,
    DealRules,
    Dealt,
    DealtState,
    DealtVariant,
    game_spec,
    unit_stake,
)
from croupier.games.cardcompare.fastsim import deal_codes
from croupier.games.maths import BetRTP, Distribution, summarize

SIDES: Final = ("andar", "bahar")
BANDS: Final = ((1, 5), (6, 10), (11, 15), (16, 25), (26, 30), (31, 35), (36, 40), (41, 49))
BAND_CODES: Final = tuple(f"cards_{a}_{b}" if b < 49 else f"cards_{a}_plus" for a, b in BANDS)
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
CODES: Final = (
    *SIDES, *BAND_CODES, "winning_red", "winning_black", "joker_red", "joker_black",
    *(f"joker_{s}" for s in SUIT_NAMES), "joker_under_7", "joker_7", "joker_over_7",
    "joker_under_8", "joker_8", "joker_over_8",
)


def low_value(c: int) -> int:
    """ASSUMPTION 000 §12.55: for the Lower/Higher bets the Ace is low (1)."""
    r = rank_of(c)
    return 1 if r == 14 else r


def red(c: int) -> bool:
    return suit_of(c) in (1, 2)


class AndarBaharRules(DealRules):
    game = "andar_bahar"
    title = "Andar Bahar"
    codes = CODES
    groups = {"main": SIDES}

    def shoe(self, v: DealtVariant) -> Composition:
        return Composition.decks(v.decks)

    def chance(self, v: DealtVariant, dealt: Dealt) -> tuple[str, int] | None:
        return ("first_side", 2) if len(dealt) == 1 else None

    def next_slot(self, v: DealtVariant, dealt: Dealt) -> str | None:
        if not dealt:
            return "joker"
        if len(dealt) == 1:
            return "first_side"  # the chance step comes first
        cards = dealt[2:]
        if cards and rank_of(cards[-1][1]) == rank_of(dealt[0][1]):
            return None
        return SIDES[(dealt[1][1] + len(cards)) % 2]

    def bet_return(self, v: DealtVariant, code: str, dealt: Dealt) -> Fraction:
        joker = dealt[0][1]
        side, winning = dealt[-1]
        k = len(dealt) - 2
        if code in SIDES:
            won = side == code
        elif code in BAND_CODES:
            a, b = BANDS[BAND_CODES.index(code)]
            won = a <= k <= b
        elif code.startswith("winning_"):
            won = red(winning) == (code == "winning_red")
        elif code in ("joker_red", "joker_black"):
            won = red(joker) == (code == "joker_red")
        elif code[6:] in SUIT_NAMES:
            won = suit_of(joker) == SUIT_NAMES.index(code[6:])
        else:
            parts = code.split("_")[1:]  # ["under", "7"], ["7"], ["over", "8"]
            rel, line = (parts[0], int(parts[1])) if len(parts) == 2 else ("equal", int(parts[0]))
            value = low_value(joker)
            won = value < line if rel == "under" else value > line if rel == "over" else value == line
        return v.payouts[code].total if won else Fraction(0)

    #: the Joker Card, the first side, then every other card of the deck at most
    fast_draws = 53

    def fast_keys(self, v: DealtVariant, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
        """The classes the exact walk uses: the Joker Card's rank class (A-6, 7, 8, 9-K) and suit,
        the first side, the band and parity of the matching card's position ``k`` and its colour."""
        cards = np.concatenate([u[:, :1], u[:, 2:]], axis=1)
        c = deal_codes(np.asarray(self.shoe(v).counts, dtype=np.int64), cards)
        joker_rank = c[:, 0] >> 2
        match = (c[:, 1:] >> 2) == joker_rank[:, None]
        k = match.argmax(axis=1) + 1
        winning = c[np.arange(len(c)), k]
        low = np.where(joker_rank == 14, 1, joker_rank)
        rank_class = np.select([low < 7, low == 7, low == 8], [0, 1, 2], 3)
        first = (u[:, 1] * 2).astype(np.int64)
        band = np.searchsorted(np.asarray([b for _, b in BANDS]), k)
        red_win = ((winning & 3) == 1) | ((winning & 3) == 2)
        key = ((((rank_class * 4 + (c[:, 0] & 3)) * 2 + first) * 8 + band) * 2 + (k & 1)) * 2 + red_win
        out: npt.NDArray[np.int64] = np.where(match.any(axis=1), key, -1)
        return out

    def result(self, v: DealtVariant, dealt: Dealt) -> dict[str, Any]:
        return {"joker": card_name(dealt[0][1]), "first_side": SIDES[dealt[1][1]],
                "winner": dealt[-1][0], "cards_after_joker": len(dealt) - 2,
                "winning_card": card_name(dealt[-1][1])}


RULES = AndarBaharRules()


def first_match(k: int, left: int = 51, matching: int = 3) -> Fraction:
    """P(the first of ``matching`` cards among ``left`` is at position ``k``)."""
    return Fraction(comb(left - k, matching - 1), comb(left, matching))


def _deal(engine: DealEngine, state: DealtState, code: int) -> DealtState:
    return engine.apply(state, DrawAction("card", state.shoe.index_of(code)))


def exact(v: DealtVariant) -> list[BetRTP]:
    if v.decks != 1:
        raise ValueError("the Andar Bahar walk is written for one deck (000 §12.55)")
    engine = ENGINE
    unit = unit_stake(RULES, v)
    start = engine.start(v, [BetRequest(c, unit) for c in v.bet_codes], "XXX")
    acc: list[dict[Fraction, Fraction]] = [defaultdict(Fraction) for _ in v.bet_codes]
    # Joker rank classes for the 7/8 bets: representative rank and how many ranks it stands for
    classes = ((2, 6), (7, 1), (8, 1), (9, 5))
    groups: dict[tuple[int, int], list[int]] = defaultdict(list)
    for k in range(1, 50):
        band = next(i for i, (a, b) in enumerate(BANDS) if a <= k <= b)
        groups[(band, k % 2)].append(k)
    for rank, ranks in classes:
        for suit in range(4):
            joker = card(rank, suit)
            w_joker = Fraction(ranks, 13) * Fraction(1, 4)
            s1 = _deal(engine, start, joker)
            same = [card(rank, s) for s in range(4) if s != suit]
            others = [c for c, _ in s1.shoe.codes() if rank_of(c) != rank]
            for first in (0, 1):
                s2 = engine.apply(s1, DrawAction("first_side", first))
                for ks in groups.values():
                    w_k = sum((first_match(k) for k in ks), Fraction(0))
                    s3 = s2
                    for c in others[: ks[0] - 1]:
                        s3 = _deal(engine, s3, c)
                    for colour_red in (True, False):
                        matches = [c for c in same if red(c) == colour_red]
                        if not matches:
                            continue
                        end = _deal(engine, s3, matches[0])
                        w = w_joker * Fraction(1, 2) * w_k * Fraction(len(matches), 3)
                        for i, b in enumerate(engine.settle(end).bets):
                            acc[i][Fraction(b.returned, b.stake)] += w
    return [summarize(code, [Distribution.of((p, r) for r, p in acc[i].items())])
            for i, code in enumerate(v.bet_codes)]


GAME = game_spec(RULES, exact)
ENGINE: DealEngine = GAME.engine  # type: ignore[assignment]

__all__ = ["ENGINE", "GAME", "RULES", "first_match"]
