"""A generic engine for games that deal a few cards and settle fixed-odds bets on them.

A game gives a :class:`DealRules`: its shoe, which *slot* gets the next card (``None`` when the deal
is over), what each bet returns on the cards dealt, and how cards group for exact analysis (cards
that no bet can tell apart, e.g. suits in Football Studio). :class:`DealEngine` does the rest:
bets and limits, ``card`` draws (the index in the sorted remaining composition, see
:mod:`.composition`), events, settlement with :func:`~croupier.money.apply_ratio`.

:func:`exact` walks every deal through the engine with composition-dependent weights (cards grouped
by :meth:`DealRules.card_key`); :func:`simulate` plays rounds through the engine (no second copy of
the rules to tie down, at the price of speed).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import name as card_name
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
    checked_draw,
    outcome_label,
)
from croupier.games.cardcompare.common import checked_stake, parse_header
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.fields import (
    Limits,
    integer,
    need,
    payout,
)
from croupier.games.describe import assemble, generic_cards_display
from croupier.games.describe import bet as describe_bet
from croupier.games.describe import payout_text as describe_payout
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.money import Payout, apply_ratio, currency

Dealt = tuple[tuple[str, int], ...]  # (slot, card) in the order dealt


@dataclass(frozen=True, slots=True, eq=False)
class DealtVariant:
    """A rule set of a dealt card game. Compared and hashed by identity."""

    game: str
    name: str
    title: str
    source: str
    kind: str
    decks: int
    payouts: Mapping[str, Payout]
    options: Mapping[str, Any]
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return tuple(self.payouts)

    def limits_for(self, cur: str) -> Limits | None:
        return self.limits.get(cur)


class DealRules(ABC):
    """The rules of one dealt game. Subclasses are the one place those rules are written."""

    game: str
    title: str
    #: every bet code the game knows
    codes: tuple[str, ...]
    #: option name -> default value (options are variant data)
    option_defaults: Mapping[str, Any] = {}

    @abstractmethod
    def shoe(self, v: DealtVariant) -> Composition: ...

    @abstractmethod
    def next_slot(self, v: DealtVariant, dealt: Dealt) -> str | None: ...

    @abstractmethod
    def bet_return(self, v: DealtVariant, code: str, dealt: Dealt) -> Fraction: ...

    def result(self, v: DealtVariant, dealt: Dealt) -> dict[str, Any]:
        return {slot: card_name(c) for slot, c in dealt}

    #: the layout groups in order and their bet codes (a code in none of them is a ``side`` bet;
    #: with no groups every bet is ``main``)
    groups: Mapping[str, tuple[str, ...]] = {}

    def describe(self, v: DealtVariant) -> dict[str, Any]:
        """The game-specific part of the description (docs/describe.md): every bet code of the
        variant with its payout, in its group."""
        where = {code: g for g, codes in self.groups.items() for code in codes}
        bets = [describe_bet(code, group=where.get(code, "side" if self.groups else "main"), payout=describe_payout(v.payouts, code))
                for code in v.bet_codes]
        return assemble(v, bets, kind="cards", rules=[
            f"Dealt from {v.decks} deck{'s' if v.decks > 1 else ''} of 52 cards."])

    def display(self, v: DealtVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
        """The ``cards`` view of a round's outcome (its :meth:`result`)."""
        return generic_cards_display(v, outcome)

    def chance(self, v: DealtVariant, dealt: Dealt) -> tuple[str, int] | None:
        """A chance step other than a card due now: ``(kind, n)``, its value recorded in ``dealt``
        as ``("#kind", value)`` (e.g. which side gets the first card). Checked before a card."""
        return None

    def card_key(self, v: DealtVariant, card: int) -> Hashable:
        """Cards with the same key are interchangeable for every bet (exact analysis groups them)."""
        return card

    def check(self, v: DealtVariant, where: str) -> None:
        """Extra validation of a variant (raise :class:`VariantError`)."""
        return None

    def denominator(self, v: DealtVariant) -> int:
        """A stake multiple that returns other than the payouts (a half refund...) need exactly."""
        return 1

    #: draws (card or other chance steps) a fast-simulation row holds; 0: no fast path
    fast_draws: int = 0

    def fast_keys(self, v: DealtVariant, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
        """The key of each row of draws for :func:`~.fastsim.keyed_simulate`: equal keys must
        mean equal returns of every bet (checked against the engine in the differential tests);
        negative for a row left to the engine."""
        raise NotImplementedError(f"{self.game} has no fast simulation")


@dataclass(frozen=True, slots=True)
class PlacedBet:
    bet_id: int
    code: str
    stake: int


@dataclass(frozen=True, slots=True)
class DealtState:
    variant: DealtVariant
    currency: str
    bets: tuple[PlacedBet, ...]
    shoe: Composition
    dealt: Dealt
    settlement: Settlement | None
    events: tuple[Event, ...]


class DealEngine:
    #: whether a round may open with no bet (a game with later betting rounds)
    allow_no_bets = False

    def __init__(self, rules: DealRules) -> None:
        self.rules = rules
        self.game = rules.game

    def start(
        self, variant: DealtVariant, bets: Sequence[BetRequest], currency_code: str,
        carried: Sequence[BetRequest] = (), shoe: Composition | None = None,
    ) -> DealtState:
        cur = currency(currency_code)
        if carried:
            raise InvalidBet(f"{variant.title} carries no bet to the next round")
        if not bets and not self.allow_no_bets:
            raise InvalidBet("a round needs at least one bet")
        placed = []
        for i, req in enumerate(bets):
            if not isinstance(req, BetRequest):
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in variant.payouts:
                raise UnknownBetCode(
                    f"{variant.title} has no bet {req.code!r}; bets: {', '.join(variant.bet_codes)}"
                )
            if req.target:
                raise InvalidSelection(f"the {req.code} bet takes no target, got {list(req.target)}")
            stake = checked_stake(variant.limits, cur, req.code, req.stake)
            placed.append(PlacedBet(i, req.code, stake))
        comp = self.rules.shoe(variant) if shoe is None else shoe
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name,
                                       "currency": cur.code,
                                       "shoe": None if shoe is None else comp.to_list()}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        return DealtState(variant, cur.code, tuple(placed), comp, (), None, events)

    def next_draw(self, state: DealtState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        c = self.rules.chance(state.variant, state.dealt)
        if c is not None:
            return DrawRequest(c[0], c[1])
        size = state.shoe.size or self.rules.shoe(state.variant).size
        return DrawRequest("card", size)

    def legal_actions(self, state: DealtState) -> list[Decision]:
        return []

    def is_finished(self, state: DealtState) -> bool:
        return state.settlement is not None

    def apply(self, state: DealtState, action: Action) -> DealtState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled; no more cards")
        if not isinstance(action, DrawAction):
            raise IllegalAction(f"{state.variant.title} takes no player decision once bets are closed")
        c = self.rules.chance(state.variant, state.dealt)
        if c is not None:
            kind, n = c
            value = checked_draw(action, kind, n)
            event = Event(len(state.events), "draw", {"kind": kind, "value": value})
            return replace(state, dealt=state.dealt + ((f"#{kind}", value),),
                           events=state.events + (event,))
        if action.kind != "card":
            raise IllegalAction(f"the round waits for a card draw, not {action.kind!r}")
        slot = self.rules.next_slot(state.variant, state.dealt)
        if slot is None:  # pragma: no cover - a finished deal is settled at once
            raise RoundFinished("the deal is over")
        if state.shoe.size == 0:
            # ASSUMPTION: a deal that outlasts its shoe goes on with a fresh one
            state = replace(state, shoe=self.rules.shoe(state.variant), events=state.events + (
                Event(len(state.events), "new_shoe", {}),))
        card = state.shoe.card_at(action.value)
        dealt = state.dealt + ((slot, card),)
        event = Event(len(state.events), "draw",
                      {"kind": "card", "value": action.value, "card": card_name(card), "to": slot})
        new = replace(state, shoe=state.shoe.remove(card), dealt=dealt,
                      events=state.events + (event,))
        if self.rules.next_slot(state.variant, dealt) is None:
            new = self._settle_now(new)
        return new

    def _settle_now(self, state: DealtState) -> DealtState:
        v = state.variant
        events = list(state.events)
        events.append(Event(len(events), "result", self.rules.result(v, state.dealt)))
        limits = v.limits_for(state.currency)
        results = []
        for b in state.bets:
            returned = apply_ratio(b.stake, self.rules.bet_return(v, b.code, state.dealt))
            if limits is not None and limits.max_win is not None:
                returned = min(returned, b.stake + limits.max_win)
            tag = outcome_label(b.stake, returned)
            results.append(BetResult(b.bet_id, b.code, b.stake, returned, tag))
            events.append(Event(len(events), "bet_settled",
                                {"bet_id": b.bet_id, "returned": returned, "outcome": tag}))
        settlement = Settlement(state.currency, tuple(results))
        events.append(Event(len(events), "round_settled", {
            "total_stake": settlement.total_stake, "total_returned": settlement.total_returned}))
        return replace(state, settlement=settlement, events=tuple(events))

    def settle(self, state: DealtState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over: cards are still to be dealt")
        return state.settlement


_TOP = {"game", "title", "source", "kind", "decks", "payouts", "options", "limits",
        "paytable_assumed", "admission", "assumptions",
        "jackpots"}  # issue 16: the jackpot pools (games/jackpot.py reads them; the engine does not)


def parse_variant(rules: DealRules, data: Mapping[str, Any], name: str) -> DealtVariant:
    where = f"{rules.game}/{name}.toml"
    head = parse_header(data, rules.game, where, _TOP)
    raw = need(data, "payouts", where)
    if not isinstance(raw, dict) or not raw:
        raise VariantError(f"{where}.payouts: expected a table of bet code = payout")
    pays = {}
    for code, text in raw.items():
        if code not in rules.codes:
            raise VariantError(f"{where}.payouts: unknown bet code {code!r}; known: {', '.join(rules.codes)}")
        pays[code] = payout(text, f"{where}.payouts.{code}")
    opts = dict(rules.option_defaults)
    raw_opts = data.get("options", {})
    if not isinstance(raw_opts, dict):
        raise VariantError(f"{where}.options: expected a table")
    for k, val in raw_opts.items():
        if k not in opts:
            raise VariantError(f"{where}.options: unknown option {k!r}; known: {', '.join(opts)}")
        if type(val) is not type(opts[k]):
            raise VariantError(f"{where}.options.{k}: expected {type(opts[k]).__name__}, got {val!r}")
        opts[k] = val
    v = DealtVariant(
        game=rules.game, name=name, **head,
        decks=integer(need(data, "decks", where), f"{where}.decks", 1, 16),
        payouts=pays, options=opts,
    )
    rules.check(v, where)
    return v


def unit_stake(rules: DealRules, v: DealtVariant) -> int:
    """A stake on which no return of the variant needs rounding (exact analysis)."""
    return lcm(rules.denominator(v), *(p.total.denominator for p in v.payouts.values()))


def distributions(engine: DealEngine, v: DealtVariant) -> dict[str, Distribution]:
    """Walk every deal through the engine; cards grouped by :meth:`DealRules.card_key`."""
    unit = unit_stake(engine.rules, v)
    bets = [BetRequest(c, unit) for c in v.bet_codes]
    acc: list[dict[Fraction, Fraction]] = [defaultdict(Fraction) for _ in bets]
    rules = engine.rules

    def walk(state: DealtState, weight: Fraction) -> None:
        if state.settlement is not None:
            for i, b in enumerate(state.settlement.bets):
                acc[i][Fraction(b.returned, b.stake)] += weight
            return
        req = engine.next_draw(state)
        if req is not None and req.kind != "card":
            for value in range(req.n):
                walk(engine.apply(state, DrawAction(req.kind, value)), weight / req.n)
            return
        groups: dict[Hashable, tuple[int, int]] = {}
        for code, n in state.shoe.codes():
            key = rules.card_key(v, code)
            count, rep = groups.get(key, (0, code))
            groups[key] = (count + n, rep)
        size = state.shoe.size
        for count, rep in groups.values():
            walk(engine.apply(state, DrawAction("card", state.shoe.index_of(rep))),
                 weight * Fraction(count, size))

    walk(engine.start(v, bets, "XXX"), Fraction(1))
    return {code: Distribution.of((p, r) for r, p in acc[i].items()) for i, code in enumerate(v.bet_codes)}


def exact(engine: DealEngine, v: DealtVariant) -> list[BetRTP]:
    d = distributions(engine, v)
    return [summarize(code, [d[code]]) for code in v.bet_codes]




def play_row(engine: DealEngine, v: DealtVariant, row: Sequence[float]) -> list[float]:
    """One round with every bet through the engine, the ``j``-th draw ``int(row[j] * n)`` (the
    row reused cyclically if the round outlasts it): each bet's return per unit staked."""
    unit = unit_stake(engine.rules, v)
    state = engine.start(v, [BetRequest(c, unit) for c in v.bet_codes], "XXX")
    j = 0
    while state.settlement is None:
        req = engine.next_draw(state)
        if req is None:  # pragma: no cover - a dealt game takes no decision
            raise IllegalAction(f"{v.title} waits for a decision")
        state = engine.apply(state, DrawAction(req.kind, int(row[j % len(row)] * req.n)))
        j += 1
    return [b.returned / b.stake for b in state.settlement.bets]


def simulate(engine: DealEngine, v: DealtVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """Monte Carlo: draws from numpy (``floor(u * n)``, u uniform in [0, 1)), returns from the
    engine; vectorised (:func:`~.fastsim.keyed_simulate`) when the rules give ``fast_keys``."""
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    rules = engine.rules
    if rules.fast_draws:
        from croupier.games.cardcompare.fastsim import keyed_simulate

        return keyed_simulate(list(v.bet_codes), rules.fast_draws, lambda u: rules.fast_keys(v, u),
                              lambda row: play_row(engine, v, row), rounds, seed, progress)
    unit = unit_stake(engine.rules, v)
    bets = [BetRequest(c, unit) for c in v.bet_codes]
    start = engine.start(v, bets, "XXX")
    rules = engine.rules
    sums = [0.0] * len(bets)
    squares = [0.0] * len(bets)
    # The deal follows rules.next_slot on a plain count list; what a deal returns comes from the
    # engine, which replays the same draw values once per distinct deal (cards grouped by
    # card_key, the premise of the exact walk too).
    present = [code for code, _ in start.shoe.codes()]
    counts0 = list(start.shoe.counts)
    size0 = start.shoe.size
    cache: dict[tuple[Hashable, ...], list[float]] = {}
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    block = 4096
    done = 0
    while done < rounds:
        size = min(block, rounds - done)
        uniforms = rng.random((size, 128)).tolist()
        for row in uniforms:
            counts = counts0.copy()
            left = size0
            dealt: Dealt = ()
            values: list[int] = []
            key: list[Hashable] = []
            slot = rules.next_slot(v, dealt)
            while slot is not None:
                c = rules.chance(v, dealt)
                if c is not None:
                    value = int(row[len(values)] * c[1])
                    values.append(value)
                    key.append(("#", value))
                    dealt = dealt + ((f"#{c[0]}", value),)
                    slot = rules.next_slot(v, dealt)
                    continue
                value = int(row[len(values)] * left)
                idx = value
                for code in present:
                    if idx < counts[code]:
                        break
                    idx -= counts[code]
                counts[code] -= 1
                left -= 1
                values.append(value)
                key.append(rules.card_key(v, code))
                dealt = dealt + ((slot, code),)
                slot = rules.next_slot(v, dealt)
            k = tuple(key)
            ret = cache.get(k)
            if ret is None:
                state = start
                for value in values:
                    req = engine.next_draw(state)
                    kind = "card" if req is None else req.kind
                    state = engine.apply(state, DrawAction(kind, value))
                ret = cache[k] = [b.returned / b.stake for b in engine.settle(state).bets]
            for i, r in enumerate(ret):
                sums[i] += r
                squares[i] += r * r
        done += size
        if progress is not None:
            progress(done, rounds)
    out = []
    for i, bet in enumerate(v.bet_codes):
        out.append(SimBet.of_sums(bet, rounds, sums[i], squares[i]))
    return out


def game_spec(rules: DealRules, exact_fn: Callable[[DealtVariant], list[BetRTP]] | None = None) -> GameSpec:
    """The catalogue entry of a dealt game."""
    engine = DealEngine(rules)

    def _parse(data: dict[str, Any], name: str) -> DealtVariant:
        return parse_variant(rules, data, name)

    def _exact(v: DealtVariant) -> list[BetRTP]:
        return exact(engine, v)

    def _simulate(v: DealtVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
        return simulate(engine, v, rounds, seed, progress)

    def _demo(v: DealtVariant, cur: str) -> list[BetRequest]:
        lim = v.limits_for(cur)
        stake = 100 if lim is None else max(lim.minimum, 100)
        return [BetRequest(c, stake) for c in v.bet_codes]

    return GameSpec(rules.game, rules.title, engine, _parse, exact_fn or _exact, _simulate, _demo,
                    describe=rules.describe, display=rules.display)
