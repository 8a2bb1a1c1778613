"""Jokerbet (000 §12.51): predict a feature of the next card of a 54-card deck (two jokers).

One draw per round: index 0..51 is a standard card (ascending codes), 52 the red joker, 53 the
black joker. Bets (000 §12.51 table, 76 outcomes): ``rank`` (target a rank, "2".."A"), ``card``
(target a card, "Ah"), ``joker`` (either joker), ``red_joker``, ``black_joker``, ``suit`` (target
"clubs", "diamonds", "hearts", "spades"; a joker loses: ASSUMPTION), ``red`` and ``black`` (the
joker of that colour counts), ``nondigital`` (J, Q, K, A or a joker), ``digital`` (2-10).

The odds are not in the source ("the player sees the odds"): the variant gives them (ASSUMPTION:
fixed odds on a full deck, every round from a fresh deck; the source's deck that runs on until it
is finished, with odds recomputed, is not modelled). Exact RTP over the 54 draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from croupier.cards import deck, name, parse
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
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
from croupier.games.dealer_poker.variant import PokerVariant, Schema
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import SimBet
from croupier.money import apply_ratio, currency, format_minor, parse_stake

CODES = ("rank", "card", "joker", "red_joker", "black_joker", "suit", "red", "black", "nondigital", "digital")
RANK_NAMES = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10,
              "J": 11, "Q": 12, "K": 13, "A": 14}
SUIT_NAMES = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
RED_JOKER, BLACK_JOKER = 52, 53
OUTCOMES = 54


def schema(game: str) -> Schema:
    return Schema(game=game, tables={"odds": frozenset(CODES)}, required_tables=frozenset({"odds"}),
                  options={}, bet_codes=CODES)


def outcome_name(i: int) -> str:
    return "red joker" if i == RED_JOKER else "black joker" if i == BLACK_JOKER else name(deck()[i])


def result_data(i: int) -> dict[str, str]:
    """The ``result`` event's data: the card in the one card notation of every page (a Joker is
    ``"Jk"``, its colour beside it) and its spoken name."""
    if i in (RED_JOKER, BLACK_JOKER):
        return {"card": "Jk", "joker": "red" if i == RED_JOKER else "black", "name": outcome_name(i)}
    return {"card": name(deck()[i]), "name": outcome_name(i)}


def _target(code: str, target: Sequence[int | str]) -> int | None:
    if code in ("rank", "card", "suit"):
        if len(target) != 1:
            raise InvalidSelection(f"{code} takes one target, e.g. {'A' if code == 'rank' else 'Ah' if code == 'card' else 'hearts'}")
        t = str(target[0])
        if code == "rank":
            if t.upper() not in RANK_NAMES:
                raise InvalidSelection(f"{t!r} is not a rank (2-10, J, Q, K, A)")
            return RANK_NAMES[t.upper()]
        if code == "card":
            return deck().index(parse(t))
        if t.lower() not in SUIT_NAMES:
            raise InvalidSelection(f"{t!r} is not a suit ({', '.join(SUIT_NAMES)})")
        return SUIT_NAMES[t.lower()]
    if target:
        raise InvalidSelection(f"{code} takes no target")
    return None


def wins(code: str, target: int | None, outcome: int) -> bool:
    """Whether a bet wins on draw ``outcome`` (000 §12.51 table)."""
    joker = outcome >= 52
    c = None if joker else deck()[outcome]
    if code == "joker":
        return joker
    if code == "red_joker":
        return outcome == RED_JOKER
    if code == "black_joker":
        return outcome == BLACK_JOKER
    if code == "red":
        return outcome == RED_JOKER or (c is not None and c & 3 in (1, 2))
    if code == "black":
        return outcome == BLACK_JOKER or (c is not None and c & 3 in (0, 3))
    if code == "nondigital":
        return joker or (c is not None and c >> 2 >= 11)
    if c is None:
        return False  # a joker loses rank, card, suit and digital bets (ASSUMPTION for suits)
    if code == "digital":
        return c >> 2 <= 10
    if code == "rank":
        return c >> 2 == target
    if code == "card":
        return outcome == target
    return c & 3 == target  # suit


@dataclass(frozen=True, slots=True)
class JokerbetState:
    variant: PokerVariant
    currency: str
    bets: tuple[tuple[int, str, int | None, int], ...]  # (bet_id, code, target, stake)
    outcome: int | None
    settlement: Settlement | None
    events: tuple[Event, ...]


class JokerbetEngine:
    game = "jokerbet"

    def start(self, variant: PokerVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = ()) -> JokerbetState:
        cur = currency(currency_code)
        if carried:
            raise InvalidBet("Jokerbet carries no bet over")
        if not bets:
            raise InvalidBet("a round needs at least one bet")
        placed = []
        events = [Event(0, "round_started", {"game": self.game, "variant": variant.name, "currency": cur.code})]
        for i, req in enumerate(bets):
            if not isinstance(req, BetRequest):
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in CODES:
                raise UnknownBetCode(f"Jokerbet has no bet {req.code!r}; bets: {', '.join(CODES)}")
            target = _target(req.code, req.target)
            stake = parse_stake(req.stake)
            lim = variant.limit(cur.code, req.code)
            if lim is not None and stake < lim.minimum:
                raise StakeBelowMinimum(f"{req.code}: {format_minor(stake, cur)} is below the minimum {format_minor(lim.minimum, cur)}")
            if lim is not None and stake > lim.maximum:
                raise StakeAboveMaximum(f"{req.code}: {format_minor(stake, cur)} is above the maximum {format_minor(lim.maximum, cur)}")
            placed.append((i, req.code, target, stake))
        events.append(Event(len(events), "bets_placed", {"bets": list(bets), "carried": []}))
        return JokerbetState(variant, cur.code, tuple(placed), None, None, tuple(events))

    def next_draw(self, state: JokerbetState) -> DrawRequest | None:
        return None if state.settlement is not None else DrawRequest("card", OUTCOMES)

    def legal_actions(self, state: JokerbetState) -> list[Decision]:
        return []

    def is_finished(self, state: JokerbetState) -> bool:
        return state.settlement is not None

    def apply(self, state: JokerbetState, action: Action) -> JokerbetState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled")
        if not isinstance(action, DrawAction) or action.kind != "card":
            raise IllegalAction("Jokerbet waits for the card, and takes no decision")
        v = action.value
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < OUTCOMES:
            raise IllegalAction(f"a card draw is in [0, {OUTCOMES}), got {v!r}")
        events = list(state.events)
        events.append(Event(len(events), "draw", {"kind": "card", "value": v, "card": outcome_name(v)}))
        events.append(Event(len(events), "result", result_data(v)))
        odds = state.variant.table("odds")
        results = []
        for bet_id, code, target, stake in state.bets:
            ratio = odds[code].total if wins(code, target, v) else Fraction(0)
            returned = apply_ratio(stake, ratio)
            outcome = outcome_label(stake, returned)
            results.append(BetResult(bet_id, code, stake, returned, outcome))
            events.append(Event(len(events), "bet_settled", {"bet_id": bet_id, "returned": returned, "outcome": outcome}))
        settlement = Settlement(state.currency, tuple(results))
        events.append(Event(len(events), "round_settled", {"total_stake": settlement.total_stake, "total_returned": settlement.total_returned}))
        return replace(state, outcome=v, settlement=settlement, events=tuple(events))

    def settle(self, state: JokerbetState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the card is not drawn yet")
        return state.settlement


ENGINE = JokerbetEngine()


def selections() -> list[BetRequest]:
    """One bet on every selection of every code (76 outcomes of the 000 §12.51 table)."""
    out = [BetRequest("rank", 100, (r,)) for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    out += [BetRequest("card", 100, (name(c),)) for c in deck()]
    out += [BetRequest(c, 100) for c in ("joker", "red_joker", "black_joker")]
    out += [BetRequest("suit", 100, (s,)) for s in SUIT_NAMES]
    out += [BetRequest(c, 100) for c in ("red", "black", "nondigital", "digital")]
    return out


def exact(variant: PokerVariant) -> list[BetRTP]:
    """Every selection settled by the engine on each of the 54 equally likely draws."""
    from math import lcm

    unit = 2 * lcm(1, *(p.total.denominator for p in variant.table("odds").values()))
    bets = [replace(b, stake=unit) for b in selections()]
    by_code: dict[str, list[list[tuple[Fraction, Fraction]]]] = {}
    per_bet: list[list[tuple[Fraction, Fraction]]] = [[] for _ in bets]
    for outcome in range(OUTCOMES):
        state = ENGINE.apply(ENGINE.start(variant, bets, "XXX"), DrawAction("card", outcome))
        for r in ENGINE.settle(state).bets:
            per_bet[r.bet_id].append((Fraction(1, OUTCOMES), Fraction(r.returned, r.stake)))
    for b, pts in zip(bets, per_bet, strict=True):
        by_code.setdefault(b.code, []).append(pts)
    return [summarize(code, [Distribution.of(p) for p in by_code[code]]) for code in CODES if code in by_code]


def simulate(variant: PokerVariant, rounds: int, seed: int, progress: Any = None) -> list[SimBet]:
    """Draws sampled with numpy (seeded), settled by the exact table of :func:`exact`'s engine runs."""
    import numpy as np

    from croupier.games.registry import SimBet

    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    draws = np.bincount(rng.integers(0, OUTCOMES, size=rounds), minlength=OUTCOMES)
    out = []
    for code in CODES:
        bet = next(b for b in selections() if b.code == code)
        ret = []
        for outcome in range(OUTCOMES):
            state = ENGINE.apply(ENGINE.start(variant, [bet], "XXX"), DrawAction("card", outcome))
            r = ENGINE.settle(state).bets[0]
            ret.append(r.returned / r.stake)
        values = np.array(ret)
        mean = float((draws * values).sum() / rounds)
        var = float((draws * (values - mean) ** 2).sum() / rounds)
        half = 2.5758293035489 * (var / rounds) ** 0.5
        out.append(SimBet(code, rounds, mean, (mean - half, mean + half)))
    if progress is not None:
        progress(rounds, rounds)
    return out
