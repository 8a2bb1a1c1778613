"""Texas Hold'em against the dealer, Ultimate-Texas-Hold'em type (000 §12.8.2).

Round: Ante and the Blind (placed automatically, equal to the Ante), optional Trips -> two cards
to the player -> Play 4x or 3x the Ante, or Check -> the flop -> (if checked) Play 2x or Check ->
turn and river -> (if checked again) Play 1x or Fold -> the dealer's two cards -> settlement. The
player raises once at most (000 §12.8.2).

* The dealer qualifies with a pair or better (000 §12.8.2, ASSUMPTION 6).
* Player wins: Play 1:1; Ante 1:1 against a qualifying dealer, returned otherwise; Blind by the
  Blind table (straight or better pays, the rest is returned).
* Dealer wins: Play and Blind lost; the Ante lost, or returned if the dealer did not qualify
  (ASSUMPTION 1). A tie pushes Ante, Blind and Play (ASSUMPTION 2).
* Fold: Ante and Blind lost.
* Trips pays by its table on the player's best five of seven, whatever happens (ASSUMPTION 5).

The main bet is simulated under the documented strategy :func:`plays`; Trips is exact, from the
seven-card class counts of :func:`~croupier.cards.poker_counts.best_five_counts`.
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
from croupier.errors import InvalidBet, UnknownBetCode
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker.analysis import (
    BetPlan,
    class_distribution,
    per_ante,
    per_stake,
    seven_card_classes,
    simulate_bets,
    stake_unit,
)
from croupier.games.dealer_poker.engine import Deal, DealerPokerEngine, Decide, PokerState, Step
from croupier.games.dealer_poker.variant import PokerVariant, Schema
from croupier.games.maths import BetRTP, summarize

PLAY4, PLAY3, PLAY2, PLAY1 = Decision("play4"), Decision("play3"), Decision("play2"), Decision("play1")
CHECK, FOLD = Decision("check"), Decision("fold")
MULTIPLE = {"play4": 4, "play3": 3, "play2": 2, "play1": 1}
HANDS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
         "three_of_a_kind", "two_pair", "pair", "high_card")


def schema(game: str) -> Schema:
    return Schema(
        game=game,
        tables={"blind": frozenset(HANDS), "trips": frozenset(HANDS)},
        required_tables=frozenset({"blind"}),
        options={"blind_equals_ante": True},
        bet_codes=("ante", "blind", "trips"),
    )


class TexasRules:
    initial_codes: tuple[str, ...] = ("ante", "blind", "trips")

    def __init__(self, game: str) -> None:
        self.game = game

    def check_bets(self, variant: PokerVariant, stakes: Mapping[str, int]) -> None:
        if stakes.get("blind") != stakes["ante"]:
            raise InvalidBet("the Blind is placed with the Ante and equals it (000 §12.8.2)")
        if "trips" in stakes and not variant.table("trips"):
            raise UnknownBetCode(f"this {self.game} table ({variant.name}) offers no trips bet")

    def next_step(self, state: PokerState) -> Step:
        if state.count("player") < 2:
            return Deal("player")
        played = any(d.name in MULTIPLE for d in state.decisions)
        folded = state.decided("fold")
        checks = sum(1 for d in state.decisions if d.name == "check")
        if not played and not folded and checks == 0 and not state.decisions:
            return Decide((PLAY4, PLAY3, CHECK))
        if state.count("board") < 3:
            return Deal("board")
        if not played and not folded and checks == 1:
            return Decide((PLAY2, CHECK))
        if state.count("board") < 5:
            return Deal("board")
        if not played and not folded:
            return Decide((PLAY1, FOLD))
        if state.count("dealer") < 2:
            return Deal("dealer")
        return None

    def decide(self, state: PokerState, decision: Decision) -> tuple[list[tuple[str, int, bool]], tuple[int, ...]]:
        if decision.name in MULTIPLE:
            return [("play", state.stake("ante") * MULTIPLE[decision.name], False)], ()
        return [], ()

    def returns(self, state: PokerState) -> dict[int, Fraction]:
        v = state.variant
        player, board, dealer = state.hand("player"), state.hand("board"), state.hand("dealer")
        pv = hand_value(player + board)
        ante = blind = play = Fraction(0)
        if not state.decided("fold"):
            dv = hand_value(dealer + board)
            qualifies = dv >> 20 >= 1
            if pv > dv:
                ante = Fraction(2) if qualifies else Fraction(1)
                play = Fraction(2)
                pay = paytable_row(v.table("blind"), hand_name(pv))
                blind = pay.total if pay is not None else Fraction(1)
            elif pv == dv:
                ante = blind = play = Fraction(1)
            else:
                ante = Fraction(0) if qualifies else Fraction(1)
        out: dict[int, Fraction] = {}
        for b in state.bets:
            if b.code == "ante":
                out[b.bet_id] = ante
            elif b.code == "blind":
                out[b.bet_id] = blind
            elif b.code == "play":
                out[b.bet_id] = play
            elif b.code == "trips":
                p = paytable_row(v.table("trips"), hand_name(pv))
                out[b.bet_id] = p.total if p is not None else Fraction(0)
        return out


@jit
def _decision(c: npt.NDArray[np.int64], n: int, top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
              straight: npt.NDArray[np.int8]) -> int:
    """The documented strategy at each stage: ``n`` cards seen (2, 5 or 7; the player's two first).
    Returns the Play multiple (4, 2 or 1), or 0 to check/fold."""
    h0 = int(c[0]) >> 2
    h1 = int(c[1]) >> 2
    if n == 2:
        hi = max(h0, h1)
        lo = min(h0, h1)
        suited = (int(c[0]) & 3) == (int(c[1]) & 3)
        if h0 == h1 and h0 >= 3:
            return 4  # a pair of threes or better
        if hi == 14:
            return 4  # any ace
        if hi == 13 and (suited or lo >= 5):
            return 4  # a suited King, or K-5 or better
        if hi == 12 and (lo >= 8 or (suited and lo >= 6)):
            return 4  # Q-8 or better, Q-6 or better suited
        if hi == 11 and (lo == 10 or (suited and lo >= 8)):
            return 4  # J-T, J-8 or better suited
        return 0
    if h0 == h1:
        return 2 if n == 5 else 1  # a pocket pair
    v = _eval(c, n, top5, high, straight)
    if v >> 20 >= 2:
        # two pair or better: play if the hand is better than the board alone
        if n == 7:
            b = _eval(c[2:], 5, top5, high, straight)
            return 1 if v > b else 0
        return 2
    for i in range(2, n):
        r = int(c[i]) >> 2
        if r == h0 or r == h1:
            return 2 if n == 5 else 1  # a pair made with a card in hand
    if n == 7 and max(h0, h1) >= 11:
        return 1  # at the river, a Jack or better in hand
    return 0


def plays(state: PokerState, legal: list[Decision]) -> Decision:
    """Documented strategy: pre-flop Play 4x with a pair of threes or better, any Ace, any suited
    King or K-5+, Q-8+ or Q-6+ suited, J-T or J-8+ suited; on the flop Play 2x with a pair made
    with a card in hand (or a pocket pair) or two pair or better; on the river Play 1x with a pair
    made with a card in hand, a hand better than the board, or a Jack or better in hand; otherwise
    check, and fold at the river."""
    seen = state.hand("player") + state.hand("board")
    mult = _decision(np.array(seen, dtype=np.int64), len(seen), TOP5, HIGH, STRAIGHT)
    names = {d.name for d in legal}
    for d in legal:
        if d.name in MULTIPLE and MULTIPLE[d.name] == mult and mult:
            return d
    return CHECK if "check" in names else FOLD


# -- analysis -------------------------------------------------------------------------------------


@jit
def _main_keys(deals: npt.NDArray[np.uint8], top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
               straight: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """Deals in engine order (player 2, flop 3, turn, river, dealer 2): key
    ``stage * 66 + player class * 6 + showdown``; stage 0 fold, 1 play 1x, 2 play 2x, 3 play 4x;
    showdown = 3 * qualifies + (0 player wins, 1 tie, 2 dealer wins)."""
    n = deals.shape[0]
    out = np.empty(n, dtype=np.int64)
    c = np.empty(7, dtype=np.int64)
    d = np.empty(7, dtype=np.int64)
    for i in range(n):
        for j in range(7):
            c[j] = deals[i, j]
        stage = 0
        if _decision(c, 2, top5, high, straight) == 4:
            stage = 3
        elif _decision(c, 5, top5, high, straight) == 2:
            stage = 2
        elif _decision(c, 7, top5, high, straight) == 1:
            stage = 1
        pv = _eval(c, 7, top5, high, straight)
        cls = pv >> 20
        if cls == 8 and (pv >> 16) & 15 == 14:
            cls = 10
        if stage == 0:
            out[i] = cls * 6
            continue
        d[0] = deals[i, 7]
        d[1] = deals[i, 8]
        for j in range(5):
            d[2 + j] = deals[i, 2 + j]
        dv = _eval(d, 7, top5, high, straight)
        show = 0 if pv > dv else (1 if pv == dv else 2)
        if dv >> 20 >= 1:
            show += 3
        out[i] = stage * 66 + cls * 6 + show
    return out


def keyer(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int64]]:
    return {"ante": _main_keys(deals, TOP5, HIGH, STRAIGHT)}


NOTE = ("per unit of Ante, Blind and Play included; strategy: Play 4x with 33+, any Ace, Ks/K5+, "
        "Q6s/Q8+, J8s/JT; 2x on the flop with a pair using a hole card or two pair+; 1x at the "
        "river with a pair using a hole card, a hand better than the board or a Jack+ in hand")


def _plans(variant: PokerVariant) -> dict[str, BetPlan]:
    unit = stake_unit(variant)
    return {"ante": BetPlan([BetRequest("ante", unit), BetRequest("blind", unit)],
                            lambda s: per_ante(s, ("ante", "blind", "play")), NOTE)}


def exact_trips(engine: DealerPokerEngine, variant: PokerVariant) -> BetRTP:
    """Trips over all 133,784,560 seven-card hands: class counts from rank multisets, each class
    played through the engine once (:func:`seven_card_classes`)."""
    unit = stake_unit(variant)
    bets = [BetRequest("ante", unit), BetRequest("blind", unit), BetRequest("trips", unit)]
    return summarize("trips", [class_distribution(engine, variant, bets, seven_card_classes(), plays,
                                                  lambda s: per_stake(s, "trips"))])


def exact(engine: DealerPokerEngine, variant: PokerVariant) -> list[BetRTP]:
    out: list[BetRTP] = list(simulate_bets(engine, variant, variant.sim_rounds, 1, 9, keyer,
                                           _plans(variant), plays))
    if variant.table("trips"):
        out.append(exact_trips(engine, variant))
    return out


def simulate(engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int,
             progress: Any = None) -> list[Any]:
    return list(simulate_bets(engine, variant, rounds, seed, 9, keyer, _plans(variant), plays, progress))


__all__ = ["TexasRules", "exact", "plays", "schema", "simulate"]
