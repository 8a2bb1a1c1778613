"""Red Dog (000 §12.14): will the third card fall between the first two? The one place its rules are.

Eight decks, Ace high and 2 low. Two cards are dealt face up:

* consecutive ranks: the ANTE is returned (push), no third card;
* a pair: a third card is dealt at once (no Ride); three of a kind pays ``payouts.trips``
  (11:1), anything else pushes (ASSUMPTION: the standard reading);
* otherwise the *spread* is the number of ranks strictly between them; the player may ``ride``
  (a RAISE equal to the ANTE) or ``stand``; a third card strictly between pays both at the
  spread's odds (``[spread]``, ASSUMPTION: standard 1 -> 5:1, 2 -> 4:1, 3 -> 2:1, 4-11 -> 1:1),
  any other card (an end rank included) loses both.

Chance steps are ``card`` draws (index in the sorted remaining composition). Exact analysis walks
the three cards by rank through the engine and takes the better decision at every spread; the
ANTE's figure is per initial wager (the RAISE counted as an extra stake).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from croupier.cards import name as card_name
from croupier.cards import rank_of
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import (
    Action,
    BetRequest,
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
    outcome_label,
)
from croupier.games.cardcompare.common import checked_stake, parse_header
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.fastsim import deal_codes, keyed_simulate, ranks
from croupier.games.cardcompare.fields import (
    Limits,
    integer,
    need,
    payout,
)
from croupier.games.cardcompare.red_dog.describe import describe, display
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.money import Payout, apply_ratio, currency

RANKS: Final = tuple(range(2, 15))


@dataclass(frozen=True, slots=True, eq=False)
class RedDogVariant:
    name: str
    title: str
    source: str
    kind: str
    decks: int
    spread: Mapping[int, Payout]   # spread 1..11 -> odds
    trips: Payout
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())
    bet_codes: tuple[str, ...] = ("ante",)


@dataclass(frozen=True, slots=True)
class RedDogState:
    variant: RedDogVariant
    currency: str
    stake: int
    shoe: Composition
    cards: tuple[int, ...]
    ride: bool | None          # None: not decided (or no decision in this round)
    settlement: Settlement | None
    events: tuple[Event, ...]


def spread(a: int, b: int) -> int:
    """Ranks strictly between two cards (-1 for a pair, 0 when consecutive)."""
    ra, rb = rank_of(a), rank_of(b)
    return -1 if ra == rb else abs(ra - rb) - 1


def needs_decision(cards: tuple[int, ...]) -> bool:
    return len(cards) == 2 and spread(*cards) > 0


def finished(cards: tuple[int, ...]) -> bool:
    return len(cards) == 3 or (len(cards) == 2 and spread(*cards) == 0)


def returns(v: RedDogVariant, cards: tuple[int, ...], ride: bool) -> tuple[Fraction, Fraction]:
    """(ANTE, RAISE) total returns per unit of a finished round."""
    s = spread(cards[0], cards[1])
    if s == 0:
        return Fraction(1), Fraction(0)
    if s < 0:
        trips = rank_of(cards[2]) == rank_of(cards[0])
        return (v.trips.total if trips else Fraction(1)), Fraction(0)
    lo, hi = sorted((rank_of(cards[0]), rank_of(cards[1])))
    inside = lo < rank_of(cards[2]) < hi
    r = v.spread[s].total if inside else Fraction(0)
    return r, (r if ride else Fraction(0))


class RedDogEngine:
    game = "red_dog"

    def start(self, variant: RedDogVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = (), shoe: Composition | None = None) -> RedDogState:
        cur = currency(currency_code)
        if carried:
            raise InvalidBet("Red Dog carries no bet to the next round")
        if len(bets) != 1:
            raise InvalidBet("a Red Dog round takes one ANTE")
        req = bets[0]
        if not isinstance(req, BetRequest):
            raise InvalidBet(f"{req!r} is not a bet")
        if req.code != "ante":
            raise UnknownBetCode(f"Red Dog has no bet {req.code!r}; bets: ante")
        if req.target:
            raise InvalidSelection("the ANTE takes no target")
        stake = checked_stake(variant.limits, cur, "ante", req.stake)
        comp = Composition.decks(variant.decks) if shoe is None else shoe
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name,
                                       "currency": cur.code,
                                       "shoe": None if shoe is None else comp.to_list()}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        return RedDogState(variant, cur.code, stake, comp, (), None, None, events)

    def next_draw(self, state: RedDogState) -> DrawRequest | None:
        if state.settlement is not None or (needs_decision(state.cards) and state.ride is None):
            return None
        return DrawRequest("card", state.shoe.size)

    def legal_actions(self, state: RedDogState) -> list[Decision]:
        if state.settlement is None and needs_decision(state.cards) and state.ride is None:
            return [Decision("ride"), Decision("stand")]
        return []

    def is_finished(self, state: RedDogState) -> bool:
        return state.settlement is not None

    def apply(self, state: RedDogState, action: Action) -> RedDogState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled")
        if isinstance(action, Decision):
            if action not in self.legal_actions(state):
                raise IllegalAction(f"{action.name} is not allowed now")
            ev = Event(len(state.events), "decision", {"name": action.name, "args": {}})
            return replace(state, ride=action.name == "ride", events=state.events + (ev,))
        if self.next_draw(state) is None:
            raise IllegalAction("the player must ride or stand first")
        if not isinstance(action, DrawAction) or action.kind != "card":
            raise IllegalAction("the round waits for a card draw")
        c = state.shoe.card_at(action.value)
        ev = Event(len(state.events), "draw", {"kind": "card", "value": action.value,
                                               "card": card_name(c)})
        new = replace(state, shoe=state.shoe.remove(c), cards=state.cards + (c,),
                      events=state.events + (ev,))
        return self._settle(new) if finished(new.cards) else new

    def _settle(self, state: RedDogState) -> RedDogState:
        v = state.variant
        ride = bool(state.ride)
        ante_r, raise_r = returns(v, state.cards, ride)
        lim = v.limits.get(state.currency)
        out = []
        events = list(state.events)
        events.append(Event(len(events), "result", {
            "cards": [card_name(c) for c in state.cards], "spread": spread(*state.cards[:2])}))
        items = [(0, "ante", ante_r)] + ([(1, "raise", raise_r)] if ride else [])
        for bet_id, code, ratio in items:
            returned = apply_ratio(state.stake, ratio)
            if lim is not None and lim.max_win is not None:
                returned = min(returned, state.stake + lim.max_win)
            tag = outcome_label(state.stake, returned)
            out.append(BetResult(bet_id, code, state.stake, returned, tag))
            events.append(Event(len(events), "bet_settled",
                                {"bet_id": bet_id, "returned": returned, "outcome": tag}))
        s = Settlement(state.currency, tuple(out))
        events.append(Event(len(events), "round_settled", {"total_stake": s.total_stake,
                                                           "total_returned": s.total_returned}))
        return replace(state, settlement=s, events=tuple(events))

    def settle(self, state: RedDogState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over")
        return state.settlement


ENGINE = RedDogEngine()

_TOP: Final = {"game", "title", "source", "kind", "decks", "spread", "trips", "limits",
               "paytable_assumed", "admission", "assumptions"}


def parse_variant(data: Mapping[str, Any], name: str) -> RedDogVariant:
    where = f"red_dog/{name}.toml"
    head = parse_header(data, "red_dog", where, _TOP)
    raw = need(data, "spread", where)
    if not isinstance(raw, dict):
        raise VariantError(f"{where}.spread: expected a table of spread = odds")
    table: dict[int, Payout] = {}
    for k, text in raw.items():
        if "-" in k:
            a, b = (int(x) for x in k.split("-"))
        elif k.isdigit():
            a = b = int(k)
        else:
            raise VariantError(f"{where}.spread: {k!r} is not a spread or a range such as '4-11'")
        for s in range(a, b + 1):
            table[s] = payout(text, f"{where}.spread.{k}")
    if set(table) != set(range(1, 12)):
        raise VariantError(f"{where}.spread: give odds for every spread 1 to 11")
    return RedDogVariant(
        name=name, **head, decks=integer(need(data, "decks", where), f"{where}.decks", 1, 16),
        spread=table, trips=payout(need(data, "trips", where), f"{where}.trips"),
    )


def _deal_rank(state: RedDogState, rank: int) -> RedDogState:
    code = next(c for c, _ in state.shoe.codes() if rank_of(c) == rank)
    return ENGINE.apply(state, DrawAction("card", state.shoe.index_of(code)))


def _per_wager(state: RedDogState) -> Fraction:
    s = ENGINE.settle(state)
    return sum((Fraction(b.returned - (b.stake if b.code == "raise" else 0), b.stake)
                for b in s.bets), Fraction(0))


def exact(v: RedDogVariant) -> list[BetRTP]:
    unit = lcm(*(odds.total.denominator for odds in (*v.spread.values(), v.trips)))
    start = ENGINE.start(v, [BetRequest("ante", unit)], "XXX")
    acc: dict[Fraction, Fraction] = defaultdict(Fraction)

    def counts(state: RedDogState) -> dict[int, int]:
        out: dict[int, int] = defaultdict(int)
        for c, n in state.shoe.codes():
            out[rank_of(c)] += n
        return out

    def third(state: RedDogState) -> list[tuple[Fraction, Fraction]]:
        cn = counts(state)
        size = state.shoe.size
        return [(Fraction(cn[r], size), _per_wager(_deal_rank(state, r))) for r in RANKS if cn[r]]

    cn0 = counts(start)
    n0 = start.shoe.size
    for a in RANKS:
        sa = _deal_rank(start, a)
        for b in RANKS:
            w = Fraction(cn0[a], n0) * Fraction(cn0[b] - (a == b), n0 - 1)
            sb = _deal_rank(sa, b)
            if ENGINE.is_finished(sb):
                acc[_per_wager(sb)] += w
                continue
            if not ENGINE.legal_actions(sb):  # a pair: the third card comes at once
                for p, r in third(sb):
                    acc[r] += w * p
                continue
            options = [third(ENGINE.apply(sb, Decision(d))) for d in ("ride", "stand")]
            best = max(options, key=lambda pts: sum(p * r for p, r in pts))
            for p, r in best:
                acc[r] += w * p
    return [summarize("ante", [Distribution.of((p, r) for r, p in acc.items())],
                      note="per initial wager, riding when it is worth more than standing")]


def best_decision(v: RedDogVariant, state: RedDogState) -> Decision:
    """Ride when the spread's odds make the raise worth more than nothing (its EV > 0)."""
    s = spread(*state.cards[:2])
    lo, hi = sorted(rank_of(c) for c in state.cards[:2])
    size = state.shoe.size
    inside = sum(n for c, n in state.shoe.codes() if lo < rank_of(c) < hi)
    ev = Fraction(inside, size) * v.spread[s].total - 1
    return Decision("ride") if ev > 0 else Decision("stand")




def play_row(v: RedDogVariant, row: Sequence[float]) -> list[float]:
    """One round through the engine on the draws ``int(row[j] * cards left)``, deciding with
    :func:`best_decision`: the return per initial wager."""
    state = ENGINE.start(v, [BetRequest("ante", 100)], "XXX")
    k = 0
    while state.settlement is None:
        if ENGINE.next_draw(state) is None:
            state = ENGINE.apply(state, best_decision(v, state))
            continue
        state = ENGINE.apply(state, DrawAction("card", int(row[k] * state.shoe.size)))
        k += 1
    return [sum(b.returned - (b.stake if b.code == "raise" else 0) for b in state.settlement.bets) / 100]


def row_keys(v: RedDogVariant, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """The three ranks (a fresh shoe every round: they decide the deal and the decision)."""
    r = ranks(deal_codes(np.asarray(Composition.decks(v.decks).counts, dtype=np.int64), u))
    out: npt.NDArray[np.int64] = (r[:, 0] * 16 + r[:, 1]) * 16 + r[:, 2]
    return out


def simulate(v: RedDogVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """Vectorised (:mod:`~croupier.games.cardcompare.fastsim`): returns from the engine."""
    return keyed_simulate(["ante"], 3, lambda u: row_keys(v, u), lambda row: play_row(v, row),
                          rounds, seed, progress)


def _parse(data: dict[str, Any], name: str) -> RedDogVariant:
    return parse_variant(data, name)


def _simulate(v: RedDogVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


GAME = GameSpec("red_dog", "Red Dog", ENGINE, _parse, exact, _simulate,
                lambda v, cur: [BetRequest("ante", 100)],
                describe=describe, display=display)

__all__ = ["ENGINE", "GAME", "RedDogEngine", "RedDogState", "RedDogVariant", "best_decision",
           "play_row", "returns", "row_keys", "spread"]
