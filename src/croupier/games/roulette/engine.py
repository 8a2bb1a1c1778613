"""The roulette engine: bets in, draws in, settlement out. Pure: no I/O, no clock, no global RNG.

Chance steps, in order (each a :class:`~croupier.games.base.DrawRequest`):

* Lightning only: ``lucky_count`` (value + count_min lucky numbers), then for each lucky number a
  ``lucky_number`` (index into the pockets not yet chosen, ascending) and a ``lucky_odds``
  (weighted pick of the variant's odds, by cumulative integer weights);
* one ``ball`` per ball: the index of the pocket in ascending order (0-36, and 37 for "00").

A live table feeds the same :class:`~croupier.games.base.DrawAction` values from the dealer's
console; the engine validates them like any other input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    TableLimitExceeded,
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
from croupier.games.roulette.layout import Position, layout_for
from croupier.games.roulette.rules import Carry, Spin, position_return
from croupier.games.roulette.variant import EVEN_MONEY, LimitSet, RouletteVariant
from croupier.games.roulette.wheel import label
from croupier.money import Currency, Payout, apply_ratio, currency, format_minor, parse_stake


class PlacedBet(NamedTuple):
    bet_id: int
    request: BetRequest
    position: Position
    stake: int
    carried: bool


class RouletteState(NamedTuple):
    variant: RouletteVariant
    currency: str
    bets: tuple[PlacedBet, ...]
    draws: tuple[DrawAction, ...]
    lucky: tuple[tuple[int, Payout], ...]
    lucky_count: int
    pockets: tuple[int, ...]
    settlement: Settlement | None
    events: tuple[Event, ...]

    @property
    def spin(self) -> Spin:
        return Spin(self.pockets, self.lucky)


class RouletteEngine:
    game = "roulette"

    # -- opening a round ---------------------------------------------------------------------

    def start(
        self,
        variant: RouletteVariant,
        bets: Sequence[BetRequest],
        currency_code: str,
        carried: Sequence[BetRequest] = (),
    ) -> RouletteState:
        """Validate every bet; any error rejects the whole slip and nothing is placed."""
        cur = currency(currency_code)
        limits = variant.limit_set(cur.code)
        lay = layout_for(variant)
        if not bets and not carried:
            raise InvalidBet("a round needs at least one bet")
        events: list[Event] = [_started_event(variant, cur.code)]
        placed: list[PlacedBet] = []
        per_position: dict[int, int] = {}
        total = 0
        resolve = lay.resolve_checked
        for i, req in enumerate(bets):
            if type(req) is not BetRequest:
                raise InvalidBet(f"{req!r} is not a bet")
            pos = resolve(req.code, req.target)
            stake = req.stake
            if type(stake) is not int or stake <= 0:
                stake = parse_stake(stake)  # raises the precise error
            chips, lo, hi = bounds(limits, pos)
            if stake % chips or not lo <= stake // chips <= hi:
                _explain_limits(limits, pos, stake, cur, combined=False)
            per_position[pos.index] = per_position.get(pos.index, 0) + stake
            total += stake
            placed.append(PlacedBet(i, req, pos, stake, False))
        if len(per_position) < len(placed):
            for b in placed:
                chips, lo, hi = bounds(limits, b.position)
                amount = per_position[b.position.index]
                if amount // chips > hi:
                    _explain_limits(limits, b.position, amount, cur, combined=True)
        if bets and not limits.table_min <= total <= limits.table_max:
            raise TableLimitExceeded(
                f"the bets total {format_minor(total, cur)}; this table takes "
                f"{format_minor(limits.table_min, cur)} to {format_minor(limits.table_max, cur)} a round"
            )
        for req in carried:
            pos = lay.resolve(req.code, req.target)
            if len(pos.chips) != 1 or pos.code not in EVEN_MONEY:
                raise InvalidBet(f"only an even-money bet can be carried to the next spin, not {req.code}")
            b = PlacedBet(len(placed), req, pos, parse_stake(req.stake), True)
            placed.append(b)
        events.append(Event(1, "bets_placed", {"bets": tuple(bets), "carried": tuple(carried)}))
        return RouletteState(variant, cur.code, tuple(placed), (), (), 0, (), None, tuple(events))

    def compact_bets(self, variant: RouletteVariant,
                     bets: Sequence[BetRequest]) -> tuple[BetRequest, ...]:
        """One bet per position, its stake the sum of the stakes on it, in the order the
        positions were first bet (see :func:`croupier.games.base.compact_bets`).

        :meth:`start` judges ``[*compact_bets(earlier), *more]`` exactly as ``[*earlier, *more]``
        when ``earlier`` was accepted: a sum of accepted stakes on a position is a whole number of
        its chips, at least its minimum and at most its maximum (the combined check passed); the
        new bets are checked one by one as before; the combined check finds the same first
        position over its maximum (positions keep the order of their first bet); the round's
        total is the same."""
        lay = layout_for(variant)
        merged: dict[int, tuple[BetRequest, int]] = {}
        for b in bets:
            pos = lay.resolve_checked(b.code, b.target)
            hit = merged.get(pos.index)
            merged[pos.index] = (b, b.stake) if hit is None else (hit[0], hit[1] + b.stake)
        return tuple(BetRequest(b.code, stake, b.target) for b, stake in merged.values())

    # -- chance steps ------------------------------------------------------------------------

    def next_draw(self, state: RouletteState) -> DrawRequest | None:
        v = state.variant
        if state.settlement is not None:
            return None
        lt = v.lightning
        if lt is not None:
            if not state.draws:
                return DrawRequest("lucky_count", lt.count_max - lt.count_min + 1)
            if state.draws[-1].kind == "lucky_number":
                return DrawRequest("lucky_odds", sum(lt.weights))
            if len(state.lucky) < state.lucky_count:
                return DrawRequest("lucky_number", v.wheel.size - len(state.lucky))
        return DrawRequest("ball", v.wheel.size)

    def legal_actions(self, state: RouletteState) -> list[Decision]:
        return []  # roulette asks no decision of the player once bets are closed

    def is_finished(self, state: RouletteState) -> bool:
        return state.settlement is not None

    def apply(self, state: RouletteState, action: Action) -> RouletteState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled; no more draws or decisions")
        if not isinstance(action, DrawAction):
            raise IllegalAction("roulette takes no player decision after bets are closed")
        req = self.next_draw(state)
        if req is None:  # pragma: no cover - a round without settlement always waits for a draw
            raise RoundFinished("the round waits for nothing")
        value = checked_draw(action, req.kind, req.n)
        v = state.variant
        lt = v.lightning
        kind = action.kind
        lucky, count, pockets = state.lucky, state.lucky_count, state.pockets
        data: Mapping[str, Any] = {"kind": kind, "value": value}
        if kind == "ball":
            pocket = v.wheel.pockets[value]
            data = _ball_data(v, value)
            pockets = pockets + (pocket,)
        elif kind == "lucky_count" and lt is not None:
            count = lt.count_min + value
            data = {"kind": kind, "value": value, "count": count}
        elif kind == "lucky_number":
            taken = {p for p, _ in lucky}
            pocket = [p for p in v.wheel.pockets if p not in taken][value]
            data = {"kind": kind, "value": value, "pocket": label(pocket)}
            lucky = lucky + ((pocket, Payout.to_one(0)),)
        elif kind == "lucky_odds" and lt is not None:
            odds = lt.odds[_weighted_index(lt.weights, value)]
            data = {"kind": kind, "value": value, "odds": str(odds)}
            lucky = lucky[:-1] + ((lucky[-1][0], odds),)
        events = state.events + (Event(len(state.events), "draw", data),)
        new = RouletteState(v, state.currency, state.bets, state.draws + (action,), lucky, count,
                            pockets, None, events)
        if kind == "ball" and len(pockets) == v.balls:
            new = self._settle_now(new)
        return new

    # -- settlement --------------------------------------------------------------------------

    def _settle_now(self, state: RouletteState) -> RouletteState:
        v = state.variant
        spin = state.spin
        events = list(state.events)
        per_spin = _spin_cache(v, spin)
        result = per_spin.get(RESULT_KEY)
        if result is None:
            result = {"pockets": [label(p) for p in spin.pockets]}
            if v.lightning is not None:
                result["lucky"] = {label(p): str(o) for p, o in spin.lucky}
            per_spin[RESULT_KEY] = result
        events.append(Event(len(events), "result", result))
        results: list[BetResult] = []
        carried: list[BetRequest] = []
        total_stake = total_returned = 0
        for b in state.bets:
            pos = b.position
            key = -1 - pos.index if b.carried else pos.index
            ratio = per_spin.get(key)
            if ratio is None:
                ratio = per_spin[key] = position_return(v, pos, spin, b.carried)
            if type(ratio) is Carry:
                returned, outcome = 0, "carried"
                carried.append(b.request)
            else:
                returned = apply_ratio(b.stake, ratio)  # type: ignore[arg-type]
                outcome = outcome_label(b.stake, returned)
            results.append(BetResult(b.bet_id, pos.code, b.stake, returned, outcome))
            total_stake += b.stake
            total_returned += returned
        settlement = Settlement(state.currency, tuple(results), tuple(carried))
        events.append(Event(len(events), "round_settled", {
            "total_stake": total_stake, "total_returned": total_returned, "results": settlement.bets,
        }))
        return RouletteState(v, state.currency, state.bets, state.draws, state.lucky,
                             state.lucky_count, state.pockets, settlement, tuple(events))

    def settle(self, state: RouletteState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over: the ball has not landed")
        return state.settlement


RESULT_KEY: Final = 1 << 40  # the spin cache's slot for the spin's result event data

_STARTED: dict[tuple[int, str], tuple[RouletteVariant, Event]] = {}
_BALL: dict[tuple[int, int], tuple[RouletteVariant, Mapping[str, Any]]] = {}


def _started_event(variant: RouletteVariant, code: str) -> Event:
    """The (immutable, shared) first event of every round of a variant in a currency."""
    hit = _STARTED.get((id(variant), code))
    if hit is None or hit[0] is not variant:
        hit = _STARTED[(id(variant), code)] = (variant, Event(0, "round_started", {
            "game": "roulette", "variant": variant.name, "currency": code}))
    return hit[1]


def _ball_data(variant: RouletteVariant, value: int) -> Mapping[str, Any]:
    """The (immutable, shared) data of a ball draw event."""
    hit = _BALL.get((id(variant), value))
    if hit is None or hit[0] is not variant:
        hit = _BALL[(id(variant), value)] = (variant, {
            "kind": "ball", "value": value, "pocket": label(variant.wheel.pockets[value])})
    return hit[1]


_BOUNDS: dict[tuple[int, int], tuple[LimitSet, Position, tuple[int, int, int]]] = {}


def bounds(limits: LimitSet, pos: Position) -> tuple[int, int, int]:
    """(chips, lowest chip, highest chip) a position takes under a limit set; memoised.

    The memo keeps the limit set and the position it was computed for and checks them: an
    ``id`` alone can be reused by a new object once the old one is gone (``LimitSet.unlimited()``
    is made afresh on each call), and a position's index is unique only within its layout."""
    key = (id(limits), id(pos))
    hit = _BOUNDS.get(key)
    if hit is not None and hit[0] is limits and hit[1] is pos:
        return hit[2]
    chips = len(pos.chips)
    lims = [limits.for_code(c.kind if chips > 1 else pos.code) for c in pos.chips]
    bounds = (chips, max(x.minimum for x in lims), min(x.maximum for x in lims))
    if len(_BOUNDS) > 100_000:
        _BOUNDS.clear()
    _BOUNDS[key] = (limits, pos, bounds)
    return bounds


def _explain_limits(limits: LimitSet, pos: Position, stake: int, cur: Currency, combined: bool) -> None:
    """Raise the precise error for a stake that breaks a position's limits."""
    chips = len(pos.chips)
    if stake % chips:
        raise InvalidBet(
            f"{pos.label} is {chips} equal chips: the stake {stake} is not a multiple of {chips}"
        )
    chip = stake // chips
    for kind in sorted({c.kind for c in pos.chips}):
        lim = limits.for_code(kind if chips > 1 else pos.code)
        what = f"{pos.label}" + (f" ({kind} chip)" if chips > 1 else "")
        if chip < lim.minimum and not combined:
            raise StakeBelowMinimum(
                f"{what}: {format_minor(chip, cur)} is below the minimum {format_minor(lim.minimum, cur)}"
            )
        if chip > lim.maximum:
            whose = "the bets on this position total" if combined else "the stake is"
            raise StakeAboveMaximum(
                f"{what}: {whose} {format_minor(chip, cur)}, above the maximum "
                f"{format_minor(lim.maximum, cur)}"
            )


def _weighted_index(weights: Sequence[int], value: int) -> int:
    for i, w in enumerate(weights):
        if value < w:
            return i
        value -= w
    raise IllegalAction("weighted draw out of range")  # pragma: no cover - checked by apply


#: Memo of position returns: variant -> spin -> position index -> ratio (negative index for an
#: imprisoned bet). The rules are pure, so a return computed once is the return forever.
_RETURN_CACHE: dict[int, tuple[RouletteVariant, dict[Spin, dict[int, Any]]]] = {}
_CACHE_SPINS = 20_000


def _spin_cache(variant: RouletteVariant, spin: Spin) -> dict[int, Any]:
    entry = _RETURN_CACHE.get(id(variant))
    if entry is None or entry[0] is not variant:
        entry = _RETURN_CACHE[id(variant)] = (variant, {})
    spins = entry[1]
    hit = spins.get(spin)
    if hit is None:
        if len(spins) >= _CACHE_SPINS:
            spins.clear()
        hit = spins[spin] = {}
    return hit


ENGINE = RouletteEngine()
