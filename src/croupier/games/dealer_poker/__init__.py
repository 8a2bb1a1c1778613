"""Poker against the dealer: Three Card Poker / Teen Patti, Triple Edge Poker, Casino Hold'em,
Caribbean Stud... (000 §12.3-12.10, 12.53; 001 §9.3, §9.5; 002; 003 §3, §5; 004 §5).

One engine (:mod:`.engine`) runs every game through the game's rules object; exact figures and
simulations read the engine's settlement (:mod:`.analysis`). Each game has its own name and its
own variants folder ``croupier/variants/<game>/``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from croupier.games.base import BetRequest
from croupier.games.dealer_poker import (
    casino_holdem,
    jokerbet,
    rummy,
    russian,
    side_bet_city,
    stud,
    texas,
    three_card,
)
from croupier.games.dealer_poker.analysis import SimulatedBetRTP
from croupier.games.dealer_poker.describe import (
    describe_jokerbet,
    describe_with,
    display,
    display_jokerbet,
)
from croupier.games.dealer_poker.engine import DealerPokerEngine, InsufficientFunds, PokerState
from croupier.games.dealer_poker.variant import PokerVariant, Schema, parse_variant
from croupier.games.maths import BetRTP
from croupier.games.registry import GameSpec, ProgressFn, SimBet


def _demo_bets(codes: tuple[str, ...]) -> Callable[[PokerVariant, str], list[BetRequest]]:
    def demo(variant: PokerVariant, currency: str) -> list[BetRequest]:
        lim = variant.limit(currency, codes[0])
        unit = lim.minimum if lim is not None else 100
        return [BetRequest(code, unit) for code in codes]

    return demo


def _spec(
    name: str, title: str, engine: DealerPokerEngine, schema: Schema,
    exact: Callable[[DealerPokerEngine, PokerVariant], list[BetRTP]],
    simulate: Callable[..., list[SimulatedBetRTP]],
    demo: tuple[str, ...] = ("ante",),
) -> GameSpec:
    def sim(variant: PokerVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
        return [SimBet(s.bet, s.rounds, float(s.rtp), s.ci99)
                for s in simulate(engine, variant, rounds, seed, progress)]

    def parse(data: dict[str, Any], vname: str) -> PokerVariant:
        return parse_variant(schema, data, vname)

    # variants are immutable and compared by identity: a figure computed once stands
    memo: dict[int, tuple[PokerVariant, list[BetRTP]]] = {}

    def exact_once(variant: PokerVariant) -> list[BetRTP]:
        hit = memo.get(id(variant))
        if hit is None or hit[0] is not variant:
            hit = memo[id(variant)] = (variant, exact(engine, variant))
        return list(hit[1])

    return GameSpec(name=name, title=title, engine=engine, parse_variant=parse,
                    exact=exact_once, simulate=sim, demo_bets=_demo_bets(demo),
                    describe=describe_with(engine, exact_once), display=display)


THREE_CARD = DealerPokerEngine(three_card.ThreeCardRules("three_card_poker"))
TRIPLE_EDGE = DealerPokerEngine(three_card.ThreeCardRules("triple_edge_poker"))
CASINO_HOLDEM = DealerPokerEngine(casino_holdem.CasinoHoldemRules("casino_holdem"))
TEXAS_HOLDEM = DealerPokerEngine(texas.TexasRules("texas_holdem"))
SIDE_BET_CITY = DealerPokerEngine(side_bet_city.SideBetCityRules("side_bet_city"))
THREE_CARD_RUMMY = DealerPokerEngine(rummy.RummyRules("three_card_rummy"))
RUSSIAN_POKER = DealerPokerEngine(russian.RussianRules("russian_poker"))
STUD_GAMES = {
    "caribbean_stud": "Caribbean Stud",
    "five_card_poker": "5 Card Poker",
    "five_card_poker_exchange": "5 Card Poker with Card Exchange",
    "six_card_poker": "6 Card Poker",
    "poker_with_joker": "Poker with Joker",
}
STUD = {g: DealerPokerEngine(stud.StudRules(g)) for g in STUD_GAMES}

GAMES = [
    _spec("three_card_poker", "Three Card Poker / Teen Patti", THREE_CARD,
          three_card.schema("three_card_poker"), three_card.exact, three_card.simulate),
    _spec("triple_edge_poker", "Triple Edge Poker", TRIPLE_EDGE,
          three_card.schema("triple_edge_poker"), three_card.exact, three_card.simulate),
    _spec("casino_holdem", "Casino Hold'em", CASINO_HOLDEM,
          casino_holdem.schema("casino_holdem"), casino_holdem.exact, casino_holdem.simulate),
    _spec("texas_holdem", "Texas Hold'em against the dealer", TEXAS_HOLDEM,
          texas.schema("texas_holdem"), texas.exact, texas.simulate, ("ante", "blind")),
    _spec("side_bet_city", "Side Bet City", SIDE_BET_CITY, side_bet_city.schema("side_bet_city"),
          side_bet_city.exact, side_bet_city.simulate, ("seven_card",)),
    _spec("three_card_rummy", "Three Card Rummy", THREE_CARD_RUMMY, rummy.schema("three_card_rummy"),
          rummy.exact, rummy.simulate),
    _spec("russian_poker", "Russian Poker", RUSSIAN_POKER, russian.schema("russian_poker"),
          russian.exact, russian.simulate),
    GameSpec(name="jokerbet", title="Jokerbet", engine=jokerbet.ENGINE,
             parse_variant=lambda data, vname: parse_variant(jokerbet.schema("jokerbet"), data, vname),
             exact=jokerbet.exact, simulate=jokerbet.simulate,
             demo_bets=lambda v, cur: [BetRequest("red", 100)], describe=describe_jokerbet,
             display=display_jokerbet),
    *(_spec(g, title, STUD[g], stud.schema(g), stud.exact, stud.simulate) for g, title in STUD_GAMES.items()),
]

__all__ = ["CASINO_HOLDEM", "GAMES", "RUSSIAN_POKER", "SIDE_BET_CITY", "THREE_CARD_RUMMY", "STUD", "TEXAS_HOLDEM", "THREE_CARD", "TRIPLE_EDGE", "DealerPokerEngine", "InsufficientFunds", "PokerState",
           "PokerVariant"]
