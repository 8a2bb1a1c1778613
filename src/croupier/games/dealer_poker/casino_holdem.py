"""Casino Hold'em (000 §12.8.1, 003 §3, 004 §5) and TDC Texas Hold'em with Bonus (002).

Round: Ante (with the optional AA Bonus) -> two cards to the player, three to the board (flop) ->
Call (twice the Ante) or Fold -> turn and river, the dealer's two cards -> settlement. The
dealer's cards come after the decision: they are face down until then (000 §12.8.1 step 4).

* The dealer qualifies with a pair of fours or better (000 §12.8.1; 004 §5.22).
* Dealer does not qualify: the Ante pays by the Ante table, the Call is returned (ASSUMPTION 1,
  003 §3.3, 004 §5.22).
* Dealer qualifies: the better best-five-of-seven wins; the Ante pays by the table and the Call
  1:1; the dealer's better hand takes both; identical hands push (003 §3.3, 004 §5.19-5.21).
* The Bonus pays on the first five cards (the player's two and the flop) from a pair of Aces up
  (000 §12.8.1). Option ``bonus_needs_call``: 003 §3.2 and 004 (ASSUMPTION) lose the Bonus on a
  fold ("CALL to collect your BONUS win"); 000 (ASSUMPTION 4) settles it anyway.
* Funds: with ``funds_for_call_at_bet`` the Ante is accepted only if the balance also covers the
  Call (003 §3.4): see :meth:`DealerPokerEngine.required_funds`.

The main bet is analysed under a documented strategy (:func:`calls`); its figure is simulated
(an exact figure needs ~10^13 deals), the Bonus is exact over all 2,598,960 first-five hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker import _eval, hand_name, hand_value, paytable_row
from croupier.cards.poker_tables import HIGH, STRAIGHT, TOP5
from croupier.errors import UnknownBetCode
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker.analysis import (
    BetPlan,
    class_distribution,
    classes_from_arrays,
    per_ante,
    per_stake,
    simulate_bets,
    stake_unit,
)
from croupier.games.dealer_poker.engine import Deal, DealerPokerEngine, Decide, PokerState, Step
from croupier.games.dealer_poker.variant import PokerVariant, Schema
from croupier.games.maths import BetRTP, summarize

CALL, FOLD = Decision("call"), Decision("fold")
#: A pair of fours: the lowest qualifying dealer hand, as a five-card value floor.
FOURS = 1 << 20 | 4 << 16
ANTE_HANDS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
              "three_of_a_kind", "two_pair", "pair", "high_card")
BONUS_HANDS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
               "three_of_a_kind", "two_pair", "pair_of_aces")


def schema(game: str) -> Schema:
    return Schema(
        game=game,
        tables={"ante": frozenset(ANTE_HANDS), "bonus": frozenset(BONUS_HANDS)},
        required_tables=frozenset({"ante"}),
        options={"bonus_needs_call": True, "funds_for_call_at_bet": True, "call_multiple": 2},
        bet_codes=("ante", "bonus"),
    )


def bonus_hand(cards: tuple[int, ...]) -> str:
    v = hand_value(cards)
    name = hand_name(v)
    if name == "pair" and (v >> 16) & 15 == 14:
        return "pair_of_aces"
    return name


@jit
def _calls(c: npt.NDArray[np.int64], top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
           straight: npt.NDArray[np.int8]) -> bool:
    """The documented strategy on the player's two cards ``c[0:2]`` and the flop ``c[2:5]``."""
    h0 = int(c[0]) >> 2
    h1 = int(c[1]) >> 2
    if h0 >= 10 or h1 >= 10 or h0 == h1:
        return True  # a ten or better in hand, or a pocket pair
    suits = 0
    mask = 0
    for i in range(5):
        x = int(c[i])
        suits += 1 << ((x & 3) * 4)
        mask |= 1 << (x >> 2)
        if i >= 2 and (x >> 2 == h0 or x >> 2 == h1):
            return True  # a pair made with a card in hand
    if mask >> 14 & 1:
        mask |= 2  # the Ace plays low too
    for s in range(4):
        if (suits >> (s * 4)) & 15 >= 4:
            return True  # four to a flush
    for r in range(2, 11):
        run = 15 << r
        if mask & run == run:
            return True  # four to an open-ended straight (2-3-4-5 up to T-J-Q-K)
    return False


def calls(state: PokerState, legal: list[Decision]) -> Decision:
    """The documented strategy: call with a pair made with a card in hand (or a pocket pair), four
    to a flush or to an open-ended straight, or a Ten or better in hand; otherwise fold."""
    five = np.array(state.hand("player") + state.hand("board"), dtype=np.int64)
    return CALL if _calls(five, TOP5, HIGH, STRAIGHT) else FOLD


class CasinoHoldemRules:
    initial_codes: tuple[str, ...] = ("ante", "bonus")

    def __init__(self, game: str) -> None:
        self.game = game

    def check_bets(self, variant: PokerVariant, stakes: Mapping[str, int]) -> None:
        if "bonus" in stakes and not variant.table("bonus"):
            raise UnknownBetCode(f"this {self.game} table ({variant.name}) offers no bonus bet")

    def next_step(self, state: PokerState) -> Step:
        if state.count("player") < 2:
            return Deal("player")
        if state.count("board") < 3:
            return Deal("board")
        if not state.decisions:
            return Decide((CALL, FOLD))
        if state.count("board") < 5:
            return Deal("board")
        if state.count("dealer") < 2:
            return Deal("dealer")
        return None

    def decide(self, state: PokerState, decision: Decision) -> tuple[list[tuple[str, int, bool]], tuple[int, ...]]:
        if decision.name == "call":
            return [("call", state.stake("ante") * int(state.variant.option("call_multiple")), False)], ()
        return [], ()

    def returns(self, state: PokerState) -> dict[int, Fraction]:
        v = state.variant
        player, board, dealer = state.hand("player"), state.hand("board"), state.hand("dealer")
        called = state.decided("call")
        ante = call = Fraction(0)
        if called:
            pv, dv = hand_value(player + board), hand_value(dealer + board)
            pay = v.table("ante")[hand_name(pv)].total
            if dv < FOURS:
                ante, call = pay, Fraction(1)
            elif pv > dv:
                ante, call = pay, Fraction(2)
            elif pv == dv:
                ante, call = Fraction(1), Fraction(1)
        out: dict[int, Fraction] = {}
        for b in state.bets:
            if b.code == "ante":
                out[b.bet_id] = ante
            elif b.code == "call":
                out[b.bet_id] = call
            elif b.code == "bonus":
                paid = called or not v.option("bonus_needs_call")
                p = paytable_row(v.table("bonus"), bonus_hand(player + board[:3]))
                out[b.bet_id] = p.total if (paid and p is not None) else Fraction(0)
        return out


# -- analysis -------------------------------------------------------------------------------------


@jit
def _bonus_classes(top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
                   straight: npt.NDArray[np.int8]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every first stage (two cards in hand, three on the flop: 25,989,600 of them): class
    ``bonus class * 2 + calls`` (bonus class 0..9 categories, 10 royal, 11 pair of Aces), with a
    representative in deal order."""
    counts = np.zeros(24, dtype=np.int64)
    reps = np.zeros((24, 5), dtype=np.int64)
    idx = np.arange(5)
    buf = np.empty(5, dtype=np.int64)
    order = np.empty(5, dtype=np.int64)
    while True:
        for j in range(5):
            buf[j] = idx[j] + 8
        v = _eval(buf, 5, top5, high, straight)
        cat = v >> 20
        if cat == 8 and (v >> 16) & 15 == 14:
            cat = 10
        elif cat == 1 and (v >> 16) & 15 == 14:
            cat = 11
        for a in range(5):
            for b in range(a + 1, 5):
                order[0] = buf[a]
                order[1] = buf[b]
                k = 2
                for j in range(5):
                    if j != a and j != b:
                        order[k] = buf[j]
                        k += 1
                key = cat * 2 + (1 if _calls(order, top5, high, straight) else 0)
                if counts[key] == 0:
                    for j in range(5):
                        reps[key, j] = order[j]
                counts[key] += 1
        i = 4
        while i >= 0 and idx[i] == 47 + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, 5):
            idx[j] = idx[j - 1] + 1
    return counts, reps


@jit
def _main_keys(deals: npt.NDArray[np.uint8], top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
               straight: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """Deals in engine order (player 2, flop 3, turn, river, dealer 2): 0 for a fold, else
    ``1 + player class * 4 + showdown`` (class 0..9, 10 royal; showdown 0 dealer does not qualify,
    1 player wins, 2 tie, 3 dealer wins)."""
    n = deals.shape[0]
    out = np.empty(n, dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    p7 = np.empty(7, dtype=np.int64)
    d7 = np.empty(7, dtype=np.int64)
    for i in range(n):
        for j in range(5):
            five[j] = deals[i, j]
        if not _calls(five, top5, high, straight):
            out[i] = 0
            continue
        for j in range(7):
            p7[j] = deals[i, j]
        d7[0] = deals[i, 7]
        d7[1] = deals[i, 8]
        for j in range(5):
            d7[2 + j] = deals[i, 2 + j]
        pv = _eval(p7, 7, top5, high, straight)
        dv = _eval(d7, 7, top5, high, straight)
        cls = pv >> 20
        if cls == 8 and (pv >> 16) & 15 == 14:
            cls = 10
        if dv < (1 << 20 | 4 << 16):
            show = 0
        elif pv > dv:
            show = 1
        elif pv == dv:
            show = 2
        else:
            show = 3
        out[i] = 1 + cls * 4 + show
    return out


def keyer(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int64]]:
    return {"ante": _main_keys(deals, TOP5, HIGH, STRAIGHT)}


MAIN_NOTE = ("per unit of Ante, Call included; strategy: call with a pair made with a card in hand, "
             "four to a flush or an open-ended straight, or a Ten or better in hand")


def _plans(variant: PokerVariant) -> dict[str, BetPlan]:
    unit = stake_unit(variant)
    return {"ante": BetPlan([BetRequest("ante", unit)], lambda s: per_ante(s, ("ante", "call")), MAIN_NOTE)}


def exact_bonus(engine: DealerPokerEngine, variant: PokerVariant) -> BetRTP:
    unit = stake_unit(variant)
    counts, reps = _bonus_classes(TOP5, HIGH, STRAIGHT)
    classes = classes_from_arrays(counts, reps)
    dist = class_distribution(engine, variant, [BetRequest("ante", unit), BetRequest("bonus", unit)],
                              classes, calls, lambda s: per_stake(s, "bonus"))
    note = "strategy as the Ante" if variant.option("bonus_needs_call") else ""
    return summarize("bonus", [dist], note)


def exact(engine: DealerPokerEngine, variant: PokerVariant) -> list[BetRTP]:
    """The Bonus exactly; the main bet simulated over ``variant.sim_rounds`` deals (seed 1)."""
    out: list[BetRTP] = list(simulate_bets(engine, variant, variant.sim_rounds, 1, 9, keyer, _plans(variant), calls))
    if variant.table("bonus"):
        out.append(exact_bonus(engine, variant))
    return out


def simulate(engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int,
             progress: Any = None) -> list[Any]:
    sims: list[Any] = list(simulate_bets(engine, variant, rounds, seed, 9, keyer, _plans(variant), calls, progress))
    if variant.table("bonus"):
        def bonus_keys(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int64]]:
            from croupier.cards.poker import evaluate
            from croupier.games.dealer_poker.analysis import five_card_classes

            five = deals[:, :5].astype(np.int64)
            cls = five_card_classes(evaluate(five))
            return {"bonus": cls * 2 + _calls_batch(five, TOP5, HIGH, STRAIGHT)}

        unit = stake_unit(variant)
        plans = {"bonus": BetPlan([BetRequest("ante", unit), BetRequest("bonus", unit)],
                                  lambda s: per_stake(s, "bonus"))}
        sims += simulate_bets(engine, variant, rounds, seed + 1, 9, bonus_keys, plans, calls, progress)
    return sims


@jit
def _calls_batch(five: npt.NDArray[np.int64], top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
                 straight: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    out = np.empty(five.shape[0], dtype=np.int64)
    for i in range(five.shape[0]):
        out[i] = 1 if _calls(five[i], top5, high, straight) else 0
    return out
