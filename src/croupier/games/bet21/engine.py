"""The 21 Bet engine (000 §12.54): the rules of :mod:`.rules` as a :class:`~croupier.games.cardcompare.dealt.DealEngine`,
the variant checks, the derived odds, the exact RTP and the Monte Carlo simulation.

The jackpot (0.5%-1% of each bet, funded by the organiser) is variant data: the rate is
``options.jackpot_contribution`` and the pool (seed, must-drop level) is the variant's
``[jackpots.*]`` section, paid by the platform's jackpot service (:mod:`croupier.platform.jackpots`,
docs/jackpots.md).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import floor
from typing import Any, Final

import numpy as np

from croupier.cards import name as card_name
from croupier.cards import rank_of
from croupier.errors import VariantError
from croupier.games.bet21.exact import win_probabilities
from croupier.games.bet21.rules import (
    CODES,
    EMPTY,
    RANKS,
    Opts,
    Outcome,
    add,
    hands,
    next_player,
    outcome,
    total,
    wins,
)
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.dealt import DealEngine, DealRules, Dealt, DealtVariant, game_spec
from croupier.games.describe import generic_cards_display
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import ProgressFn, SimBet
from croupier.money import Payout

SLOTS: Final = {1: "player_1", 2: "player_2"}
WHO: Final = {"player_1": 1, "player_2": 2}
#: the jackpot contribution 000 §12.54 allows: "from 0.5% to 1% of each bet amount"
JACKPOT_RANGE: Final = (Fraction(5, 1000), Fraction(1, 100))


def opts(v: DealtVariant) -> Opts:
    o = v.options
    return Opts(bool(o["ace_high"]), bool(o["golden_two_card_21"]), int(o["stand_on"]),
                int(o["max_cards"]))


def ranks_dealt(dealt: Dealt) -> list[tuple[int, int]]:
    return [(WHO[slot], rank_of(c)) for slot, c in dealt]


@lru_cache(maxsize=4096)
def result_of(v: DealtVariant, dealt: Dealt) -> Outcome:
    """The finished game's outcome, worked out once per deal: a settlement asks it of each of
    its 15 bets (a variant hashes by identity, a deal is a tuple: both are safe cache keys)."""
    o = opts(v)
    h1, h2 = hands(ranks_dealt(dealt))
    return outcome(h1, h2, o)


def _decimal(text: Any, where: str) -> Fraction:
    try:
        return Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}: expected a decimal such as \"0.95\", got {text!r}") from None


class Bet21Rules(DealRules):
    game = "bet21"
    title = "21 Bet"
    codes = CODES
    option_defaults = {
        "ace_high": True,             # 000 §12.54 "A - one point or eleven points"
        "golden_two_card_21": True,   # 000 §12.54 "golden point (21, two Aces)"
        "stand_on": 17,               # 000 §12.54 no card to a player with 17 or more
        "max_cards": 5,               # 000 §12.54 4 rounds: 2 cards + 3 more (ASSUMPTION)
        "odds_margin": "0.95",        # ASSUMPTION: the margin the default odds were derived with
        "jackpot_contribution": "0.01",  # 000 §12.54 0.5%-1% of each bet, paid by the organiser
    }

    def shoe(self, v: DealtVariant) -> Composition:
        return Composition.decks(v.decks, ranks=RANKS)

    def next_slot(self, v: DealtVariant, dealt: Dealt) -> str | None:
        h1, h2 = hands(ranks_dealt(dealt))
        who = next_player(h1, h2, opts(v))
        return None if who is None else SLOTS[who]

    def bet_return(self, v: DealtVariant, code: str, dealt: Dealt) -> Fraction:
        return v.payouts[code].total if wins(code, result_of(v, dealt)) else Fraction(0)

    def result(self, v: DealtVariant, dealt: Dealt) -> dict[str, Any]:
        o = opts(v)
        h1, h2 = hands(ranks_dealt(dealt))
        out = outcome(h1, h2, o)
        return {
            "cards": [[slot, card_name(c)] for slot, c in dealt],
            "points": {"player_1": total(h1, o), "player_2": total(h2, o)},
            "winner": "draw" if out.winner == 0 else SLOTS[out.winner],
            "winner_cards": out.cards, "winner_points": out.points,
            "bust": out.bust, "golden_point": out.golden,
        }

    groups = {"main": (SLOTS[1], SLOTS[2], "draw")}

    def display(self, v: DealtVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
        view = generic_cards_display(v, outcome)
        points = outcome.get("points", {})
        for h, slot in zip(view["hands"], (SLOTS[1], SLOTS[2]), strict=False):
            h["total"] = str(points.get(slot, ""))
        return view

    def card_key(self, v: DealtVariant, card: int) -> Hashable:
        return rank_of(card)

    def check(self, v: DealtVariant, where: str) -> None:
        if v.decks != 1:
            raise VariantError(f"{where}.decks: 21 Bet deals from one 36-card deck (000 §12.54)")
        o = v.options
        if not 12 <= o["stand_on"] <= 21:
            raise VariantError(f"{where}.options.stand_on: expected 12..21, got {o['stand_on']}")
        if not 2 <= o["max_cards"] <= 8:
            raise VariantError(f"{where}.options.max_cards: expected 2..8, got {o['max_cards']}")
        margin = _decimal(o["odds_margin"], f"{where}.options.odds_margin")
        if not 0 < margin <= 1:
            raise VariantError(f"{where}.options.odds_margin: expected (0, 1], got {o['odds_margin']}")
        rate = _decimal(o["jackpot_contribution"], f"{where}.options.jackpot_contribution")
        lo, hi = JACKPOT_RANGE
        if not lo <= rate <= hi:
            raise VariantError(f"{where}.options.jackpot_contribution: 000 §12.54 allows 0.5% to "
                               f"1% of each bet, got {o['jackpot_contribution']}")


RULES: Final = Bet21Rules()


def jackpot_contribution(v: DealtVariant) -> Fraction:
    """The share of each bet the organiser adds to the jackpot pool (000 §12.54); the platform's
    jackpot service moves it from the stake into the pool at settlement."""
    return Fraction(str(v.options["jackpot_contribution"]))


def derived_payouts(o: Opts, margin: Fraction) -> dict[str, Payout]:
    """The default odds: ``margin / P(win)`` rounded down to 0.01, as a total return per unit
    staked ("for one", as TvBet quotes 21 Bet). A bet that cannot win is left out."""
    out = {}
    for code, p in win_probabilities(o).items():
        if p:
            out[code] = Payout.times(Fraction(floor(margin / p * 100), 100))
    return out


def exact(v: DealtVariant) -> list[BetRTP]:
    p = win_probabilities(opts(v))
    return [summarize(code, [Distribution.of([(p[code], v.payouts[code].total),
                                              (1 - p[code], Fraction(0))])])
            for code in v.bet_codes]




def simulate(v: DealtVariant, rounds: int, seed: int, progress: ProgressFn | None = None) -> list[SimBet]:
    """Monte Carlo with the rules' own functions: each game deals from a fresh 36-card deck
    shuffled by numpy (``Generator.permutation``, seeded from ``seed``) one card at a time as
    :func:`.rules.next_player` asks; the bets win as :func:`.rules.wins` says. The engine plays
    the same deck orders identically (``test_bet21``'s differential test)."""
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    o = opts(v)
    deck = np.array([r for r in RANKS for _ in range(4)], dtype=np.int64)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    codes = v.bet_codes
    pays = [float(v.payouts[c].total) for c in codes]
    seen: dict[Outcome, list[float]] = {}
    sums = [0.0] * len(codes)
    squares = [0.0] * len(codes)
    block = 8192
    done = 0
    while done < rounds:
        size = min(block, rounds - done)
        orders = rng.permuted(np.tile(deck, (size, 1)), axis=1).tolist()
        for order in orders:
            out = play_order(order, o)
            ret = seen.get(out)
            if ret is None:
                ret = seen[out] = [pays[i] if wins(c, out) else 0.0 for i, c in enumerate(codes)]
            for i, r in enumerate(ret):
                sums[i] += r
                squares[i] += r * r
        done += size
        if progress is not None:
            progress(done, rounds)
    res = []
    for i, code in enumerate(codes):
        res.append(SimBet.of_sums(code, rounds, sums[i], squares[i]))
    return res


def play_order(order: list[int], o: Opts) -> Outcome:
    """The outcome of a game dealt from a deck whose ranks come in ``order`` (top first)."""
    h1 = h2 = EMPTY
    i = 0
    who = next_player(h1, h2, o)
    while who is not None:
        if who == 1:
            h1 = add(h1, order[i])
        else:
            h2 = add(h2, order[i])
        i += 1
        who = next_player(h1, h2, o)
    return outcome(h1, h2, o)


GAME: Final = replace(game_spec(RULES, exact), simulate=simulate)
ENGINE: DealEngine = GAME.engine  # type: ignore[assignment]

__all__ = ["ENGINE", "GAME", "RULES", "derived_payouts", "exact", "jackpot_contribution",
           "play_order", "result_of", "simulate"]
