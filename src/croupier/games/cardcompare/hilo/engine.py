"""HI LO (000 §12.21): one card a round from a 25-card deck, 20 fixed-odds predictions.

The deck: 2-9, J, Q, K, A (no ten) in one red (hearts) and one black (spades) card each, and a
Joker that is neither high, low, red nor black. Every round draws from the full deck (000 §12.21:
the published odds give 96% only with a complete deck). HI and LO are priced against the previous
round's card, skipping Jokers; that card is table state passed to :meth:`HiLoEngine.start`
(``previous=``, a rank) and kept in the round record. An equal rank or the Joker loses HI and LO
(000 §12.21 ASSUMPTION (1)). Odds are totals ("x2": stake x 2 returned).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final

import numpy as np

from croupier.cards import JOKER, rank_of, suit_of
from croupier.cards import name as card_name
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    ReplayMismatch,
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
    inputs_from_events,
    outcome_label,
)
from croupier.games.cardcompare.common import checked_stake, parse_header
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.fields import (
    Limits,
    need,
    payout,
)
from croupier.games.cardcompare.hilo.describe import describe, display
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.money import Payout, apply_ratio, currency

RANKS: Final = (2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14)
RANK_NAMES: Final = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 11: "J",
                     12: "Q", 13: "K", 14: "A"}
BY_NAME: Final = {v: k for k, v in RANK_NAMES.items()}
#: the 20 outcomes of 000 §12.21, in its order
CODES: Final = ("hi", "lo", "two_to_nine", "jqka", "ka",
                *(f"rank_{RANK_NAMES[r]}" for r in RANKS), "joker", "red", "black")
DECK: Final = Composition.of([r * 4 + s for r in RANKS for s in (2, 3)] + [JOKER])


@dataclass(frozen=True, slots=True, eq=False)
class HiLoVariant:
    name: str
    title: str
    source: str
    kind: str
    payouts: Mapping[str, Payout]          # fixed-odds outcomes
    hi: Mapping[int, Payout]               # previous rank -> HI odds (absent: HI inactive)
    lo: Mapping[int, Payout]
    bets_per_round: int
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return tuple(c for c in CODES if c in self.payouts or c in ("hi", "lo"))


def wins(code: str, card: int, previous: int | None) -> bool:
    """Does the outcome ``code`` come true for the drawn ``card``? The one place the rules are."""
    if card == JOKER:
        return code == "joker"
    r = rank_of(card)
    if code == "hi":
        return previous is not None and r > previous
    if code == "lo":
        return previous is not None and r < previous
    if code == "two_to_nine":
        return r <= 9
    if code == "jqka":
        return r >= 11
    if code == "ka":
        return r >= 13
    if code.startswith("rank_"):
        return r == BY_NAME[code[5:]]
    if code == "red":
        return suit_of(card) in (1, 2)
    if code == "black":
        return suit_of(card) in (0, 3)
    return False


@dataclass(frozen=True, slots=True)
class HiLoState:
    variant: HiLoVariant
    currency: str
    previous: int | None
    bets: tuple[tuple[int, str, int], ...]
    card: int | None
    settlement: Settlement | None
    events: tuple[Event, ...]


class HiLoEngine:
    game = "hilo"

    def start(self, variant: HiLoVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = (), previous: int | None = None) -> HiLoState:
        cur = currency(currency_code)
        if carried:
            raise InvalidBet("HI LO carries no bet to the next round")
        if not bets:
            raise InvalidBet("a round needs at least one bet")
        if len(bets) > variant.bets_per_round:
            raise InvalidBet(f"at most {variant.bets_per_round} bets a round (000 §12.21)")
        if previous is not None and previous not in RANKS:
            raise InvalidSelection(f"the previous card is a rank 2-9, J, Q, K or A, got {previous!r}")
        placed = []
        for i, req in enumerate(bets):
            if not isinstance(req, BetRequest):
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in variant.bet_codes:
                raise UnknownBetCode(f"HI LO has no bet {req.code!r}; bets: {', '.join(variant.bet_codes)}")
            if req.target:
                raise InvalidSelection(f"the {req.code} bet takes no target")
            if req.code in ("hi", "lo"):
                table = variant.hi if req.code == "hi" else variant.lo
                if previous is None:
                    raise InvalidBet("HI and LO need a previous card; the table has none yet")
                if previous not in table:
                    raise InvalidBet(f"{req.code.upper()} is inactive after a {RANK_NAMES[previous]}")
            stake = checked_stake(variant.limits, cur, req.code, req.stake)
            placed.append((i, req.code, stake))
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name,
                                       "currency": cur.code, "previous": previous}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        return HiLoState(variant, cur.code, previous, tuple(placed), None, None, events)

    def next_draw(self, state: HiLoState) -> DrawRequest | None:
        return None if state.settlement is not None else DrawRequest("card", DECK.size)

    def legal_actions(self, state: HiLoState) -> list[Decision]:
        return []

    def is_finished(self, state: HiLoState) -> bool:
        return state.settlement is not None

    def apply(self, state: HiLoState, action: Action) -> HiLoState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled")
        if not isinstance(action, DrawAction) or action.kind != "card":
            raise IllegalAction("the round waits for a card draw")
        card = DECK.card_at(action.value)
        v = state.variant
        events = list(state.events)
        events.append(Event(len(events), "draw", {"kind": "card", "value": action.value,
                                                  "card": card_name(card)}))
        events.append(Event(len(events), "result", {"card": card_name(card),
                                                    "previous": state.previous}))
        results = []
        for bet_id, code, stake in state.bets:
            if code in ("hi", "lo") and state.previous is not None:
                odds = (v.hi if code == "hi" else v.lo)[state.previous]
            else:
                odds = v.payouts[code]
            returned = apply_ratio(stake, odds.total) if wins(code, card, state.previous) else 0
            lim = v.limits.get(state.currency)
            if lim is not None and lim.max_win is not None:
                returned = min(returned, stake + lim.max_win)
            tag = outcome_label(stake, returned)
            results.append(BetResult(bet_id, code, stake, returned, tag))
            events.append(Event(len(events), "bet_settled", {"bet_id": bet_id, "returned": returned,
                                                             "outcome": tag}))
        s = Settlement(state.currency, tuple(results))
        events.append(Event(len(events), "round_settled", {"total_stake": s.total_stake,
                                                           "total_returned": s.total_returned}))
        return replace(state, card=card, settlement=s, events=tuple(events))

    def settle(self, state: HiLoState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the card has not been drawn")
        return state.settlement


ENGINE = HiLoEngine()


def next_previous(previous: int | None, card: int) -> int | None:
    """The table's previous card after ``card`` is drawn: a Joker leaves it unchanged (000 §12.21)."""
    return previous if card == JOKER else rank_of(card)


def replay_round(variant: HiLoVariant, events: Sequence[Event]) -> Settlement:
    cur, bets, carried, actions = inputs_from_events(events)
    state = ENGINE.start(variant, bets, cur, carried, previous=events[0].data.get("previous"))
    for a in actions:
        state = ENGINE.apply(state, a)
    if [e.to_dict() for e in state.events] != [e.to_dict() for e in events]:
        raise ReplayMismatch("replaying the round did not reproduce its record")
    return ENGINE.settle(state)


_TOP: Final = {"game", "title", "source", "kind", "payouts", "hi", "lo", "bets_per_round",
               "limits", "paytable_assumed", "admission", "assumptions"}


def parse_variant(data: Mapping[str, Any], name: str) -> HiLoVariant:
    where = f"hilo/{name}.toml"
    head = parse_header(data, "hilo", where, _TOP)
    raw = need(data, "payouts", where)
    if not isinstance(raw, dict):
        raise VariantError(f"{where}.payouts: expected a table")
    pays = {}
    for code, text in raw.items():
        if code not in CODES or code in ("hi", "lo"):
            raise VariantError(f"{where}.payouts: unknown bet code {code!r}")
        pays[code] = payout(text, f"{where}.payouts.{code}")

    def table(key: str) -> dict[int, Payout]:
        t = need(data, key, where)
        if not isinstance(t, dict):
            raise VariantError(f"{where}.{key}: expected a table of previous rank = odds")
        out = {}
        for k, text in t.items():
            if k not in BY_NAME:
                raise VariantError(f"{where}.{key}: {k!r} is not a rank of the HI LO deck")
            out[BY_NAME[k]] = payout(text, f"{where}.{key}.{k}")
        return out

    n = data.get("bets_per_round", 2)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20:
        raise VariantError(f"{where}.bets_per_round: expected 1-20")
    return HiLoVariant(
        name=name, **head, payouts=pays, hi=table("hi"), lo=table("lo"),
        bets_per_round=n,
    )


def _returns(v: HiLoVariant, code: str, previous: int | None) -> list[Fraction]:
    """Return per unit of ``code`` for each of the 25 draws, from the engine's settlement."""
    if code in ("hi", "lo"):
        odds = (v.hi if code == "hi" else v.lo).get(previous) if previous is not None else None
    else:
        odds = v.payouts[code]
    unit = 1 if odds is None else odds.total.denominator
    start = ENGINE.start(v, [BetRequest(code, unit)], "XXX", previous=previous)
    out = []
    for value in range(DECK.size):
        b = ENGINE.settle(ENGINE.apply(start, DrawAction("card", value))).bets[0]
        out.append(Fraction(b.returned, b.stake))
    return out


def exact(v: HiLoVariant) -> list[BetRTP]:
    """Every draw of the 25 is equally likely; HI and LO over every previous rank where active."""
    out = []
    p = Fraction(1, DECK.size)
    for code in v.bet_codes:
        if code in ("hi", "lo"):
            table = v.hi if code == "hi" else v.lo
            dists = [Distribution.of((p, r) for r in _returns(v, code, prev)) for prev in table]
            out.append(summarize(code, dists, note="lowest over the previous cards where offered"))
        else:
            out.append(summarize(code, [Distribution.of((p, r) for r in _returns(v, code, 2))]))
    return out




def simulate(v: HiLoVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """Independent draws of the full deck; HI and LO are priced against the previous card with
    the lowest RTP (the figure :func:`exact` reports), the other bets need no previous card."""
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    draws = rng.integers(0, DECK.size, size=rounds)
    table: dict[str, list[Fraction]] = {}
    for code in v.bet_codes:
        if code in ("hi", "lo"):
            options = [_returns(v, code, prev) for prev in (v.hi if code == "hi" else v.lo)]
            table[code] = min(options, key=lambda rs: sum(rs, Fraction(0)))
        else:
            table[code] = _returns(v, code, None)
    counts = np.bincount(draws, minlength=DECK.size).astype(np.float64)
    if progress is not None:
        progress(rounds, rounds)
    out = []
    for code in v.bet_codes:
        r = np.array([float(x) for x in table[code]])
        out.append(SimBet.of_sums(code, rounds, float(r @ counts), float((r * r) @ counts)))
    return out


def _parse(data: dict[str, Any], name: str) -> HiLoVariant:
    return parse_variant(data, name)


def _simulate(v: HiLoVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


def demo_bets(v: HiLoVariant, cur: str) -> list[BetRequest]:
    return [BetRequest("red", 100), BetRequest("joker", 100)]


GAME = GameSpec("hilo", "HI LO", ENGINE, _parse, exact, _simulate, demo_bets,
                describe=describe, display=display)

__all__ = ["DECK", "ENGINE", "GAME", "HiLoEngine", "HiLoVariant", "next_previous", "replay_round", "wins"]
