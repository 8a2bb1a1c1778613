"""Russian Poker (002, TDC "Russian Poker").

Round: Ante (with the optional Bonus) -> five cards to the player and the dealer's face-up card ->
the player may exchange 1 to 5 cards or buy a sixth card, once, for a fee equal to the Ante ->
Pass (the Ante is lost) or Bet (twice the Ante), with an optional Insurance when holding three of
a kind or better -> the dealer's other four cards -> settlement (002):

* the dealer's lowest game is Ace-King; with no game the Ante pays 1:1 and the Bet is returned
  (ASSUMPTION: "Ante is paid out (1:1) in case the Dealer has no game");
* a player above a qualifying dealer is paid on the Bet only, by the payout table, for the primary
  combination and for the second one (:mod:`croupier.cards.russian`); the Ante is returned ("no
  payout is made for the Ante");
* a lower hand loses Ante and Bet; identical hands are a standoff;
* Insurance (three of a kind or better; from the Ante up to half the anticipated payment of the
  combinations) pays 1:1 if the dealer has no game and is lost otherwise (ASSUMPTION: 002 says
  only what it insures against);
* the Bonus pays on the first five cards (ASSUMPTION), whatever the main game does; the jackpot
  rows are fixed multiples here (ASSUMPTION).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import name, parse
from croupier.cards.poker import evaluate, hand_name, hand_value, paytable_row
from croupier.cards.russian import ACE_KING, two_combinations
from croupier.errors import IllegalAction, InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker.analysis import (
    BetPlan,
    best_k_classes,
    class_distribution,
    five_card_classes,
    per_ante,
    per_stake,
    simulate_bets,
    stake_unit,
)
from croupier.games.dealer_poker.engine import Deal, DealerPokerEngine, Decide, PokerState, Step
from croupier.games.dealer_poker.variant import PokerVariant, Schema
from croupier.games.maths import BetRTP, summarize

BET, PASS = Decision("bet"), Decision("pass")
ACE_KING_VALUE = 14 << 16 | 13 << 12
PAY_HANDS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
             "three_of_a_kind", "two_pair", "pair", "ace_king")
BONUS_HANDS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
               "three_of_a_kind")


def schema(game: str) -> Schema:
    return Schema(
        game=game,
        tables={"bet": frozenset(PAY_HANDS), "bonus": frozenset(BONUS_HANDS)},
        required_tables=frozenset({"bet"}),
        options={"bet_multiple": 2},
        bet_codes=("ante", "bonus", "insurance"),
    )


def pay_name(value: int) -> str | None:
    if value == ACE_KING:
        return "ace_king"
    n = hand_name(value)
    if n == "high_card":
        return "ace_king" if value >= ACE_KING_VALUE else None
    return n


def anticipated(variant: PokerVariant, cards: tuple[int, ...]) -> Fraction:
    """Net payment per unit of Bet of the player's combinations (primary and second)."""
    table = variant.table("bet")
    primary, second = two_combinations(cards)
    total = Fraction(0)
    for v in (primary, second):
        n = None if v is None else pay_name(v)
        if n is not None and n in table:
            total += table[n].net
    return total


class RussianRules:
    initial_codes: tuple[str, ...] = ("ante", "bonus")

    def __init__(self, game: str) -> None:
        self.game = game

    def check_bets(self, variant: PokerVariant, stakes: Mapping[str, int]) -> None:
        if "bonus" in stakes and not variant.table("bonus"):
            raise UnknownBetCode(f"this {self.game} table ({variant.name}) offers no bonus bet")

    def _purchased(self, state: PokerState) -> bool:
        return state.decided("exchange") or state.decided("buy")

    def next_step(self, state: PokerState) -> Step:
        if state.count("player") < 5:
            return Deal("player")
        if state.count("dealer") < 1:
            return Deal("dealer")
        final = state.decided("bet") or state.decided("pass")
        if not final:
            if self._purchased(state):
                exchanged = len(state.discards)
                want = 5 + exchanged if state.decided("exchange") else 6
                if state.count("player") < want:
                    return Deal("player")
                return Decide((BET, PASS))
            return Decide((BET, PASS, Decision("exchange"), Decision("buy")))
        if state.count("dealer") < 5:
            return Deal("dealer")
        return None

    def decide(self, state: PokerState, decision: Decision) -> tuple[list[tuple[str, int, bool]], tuple[int, ...]]:
        v = state.variant
        ante = state.stake("ante")
        hand = state.hand("player")
        if decision.name == "pass":
            return [], ()
        if decision.name == "buy":
            return [("purchase", ante, True)], ()
        if decision.name == "exchange":
            raw = decision.args.get("cards")
            if not isinstance(raw, list | tuple) or not 1 <= len(raw) <= 5:
                raise IllegalAction("exchange names 1 to 5 cards of the hand, e.g. {'cards': ['7c', '2d']}")
            try:
                chosen = [parse(c) if isinstance(c, str) else hand[c] for c in raw]
            except (InvalidSelection, IndexError, TypeError):
                chosen = []
            if len(chosen) != len(raw) or len(set(chosen)) != len(chosen) or not set(chosen) <= set(hand):
                shown = " ".join(name(c) for c in hand)
                raise IllegalAction(f"exchange names distinct cards of the hand ({shown}), got {raw!r}")
            return [("purchase", ante, True)], tuple(chosen)
        added = [("bet", ante * int(v.option("bet_multiple")), False)]
        ins = decision.args.get("insurance")
        if ins is not None:
            if isinstance(ins, bool) or not isinstance(ins, int):
                raise IllegalAction(f"insurance is a stake in minor units, got {ins!r}")
            if hand_value(hand) >> 20 < 3:
                raise IllegalAction("insurance needs three of a kind or better (002)")
            cap = int(ante * int(v.option("bet_multiple")) * anticipated(v, hand) / 2)
            if not ante <= ins <= cap:
                raise IllegalAction(f"insurance is from the Ante ({ante}) to half the anticipated payment ({cap}), got {ins}")
            added.append(("insurance", ins, False))
        return added, ()

    def returns(self, state: PokerState) -> dict[int, Fraction]:
        v = state.variant
        player, dealer = state.hand("player"), state.hand("dealer")
        ante = rse = ins = Fraction(0)
        if state.decided("bet"):
            pv, dv = hand_value(player), hand_value(dealer)
            if dv < ACE_KING_VALUE:
                ante, rse, ins = Fraction(2), Fraction(1), Fraction(2)
            elif pv > dv:
                ante, rse = Fraction(1), 1 + anticipated(v, player)
            elif pv == dv:
                ante, rse = Fraction(1), Fraction(1)
        first = tuple(c for s, c in state.cards if s == "player")[:5]
        bonus_pay = paytable_row(v.table("bonus"), hand_name(hand_value(first)))
        out: dict[int, Fraction] = {}
        for b in state.bets:
            out[b.bet_id] = {"ante": ante, "bet": rse, "insurance": ins}.get(
                b.code, bonus_pay.total if bonus_pay is not None else Fraction(0))
        return out


def bets_with(state: PokerState, legal: list[Decision]) -> Decision:
    """Documented strategy: never exchange, buy or insure; Bet with Ace-King or better."""
    return BET if hand_value(state.hand("player")) >= ACE_KING_VALUE else PASS


# -- analysis -------------------------------------------------------------------------------------


def keyer(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int64]]:
    """Deals in engine order (player 5, dealer 5): 0 for a pass, else
    ``1 + (player class * 2 + Ace-King second) * 4 + showdown``."""
    pv = evaluate(deals[:, :5])
    dv = evaluate(deals[:, 5:10])
    cls = five_card_classes(pv)
    cat = pv >> 20
    ranks = deals[:, :5] >> 2
    has_a = (ranks == 14).any(axis=1)
    has_k = (ranks == 13).any(axis=1)
    both_used = (cat == 2) & (((pv >> 16) & 15) == 14) & (((pv >> 12) & 15) == 13)
    second = has_a & has_k & np.isin(cat, (1, 2, 3, 7)) & ~both_used
    show = np.where(dv < ACE_KING_VALUE, 0, np.where(pv > dv, 1, np.where(pv == dv, 2, 3)))
    key = 1 + (cls * 2 + second.astype(np.int64)) * 4 + show
    return {"ante": np.where(pv >= ACE_KING_VALUE, key, 0)}


NOTE = "per unit of Ante, Bet included; strategy: never exchange, buy or insure, Bet with Ace-King or better"


def _plans(variant: PokerVariant) -> dict[str, BetPlan]:
    unit = stake_unit(variant)
    return {"ante": BetPlan([BetRequest("ante", unit)], lambda s: per_ante(s, ("ante", "bet")), NOTE)}


def exact(engine: DealerPokerEngine, variant: PokerVariant) -> list[BetRTP]:
    out: list[BetRTP] = list(simulate_bets(engine, variant, variant.sim_rounds, 1, 10, keyer,
                                           _plans(variant), bets_with))
    if variant.table("bonus"):
        unit = stake_unit(variant)
        bets = [BetRequest("ante", unit), BetRequest("bonus", unit)]
        out.append(summarize("bonus", [class_distribution(engine, variant, bets, best_k_classes(5), bets_with,
                                                          lambda s: per_stake(s, "bonus"))]))
    return out


def simulate(engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int,
             progress: Any = None) -> list[Any]:
    return list(simulate_bets(engine, variant, rounds, seed, 10, keyer, _plans(variant), bets_with, progress))
