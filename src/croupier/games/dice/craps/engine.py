"""The craps engine (000 §12.41): one round is one roll of two dice at a table whose puck is in
the state the variant is bound to (:meth:`CrapsVariant.at_point`).

* ``start(variant, bets, currency, carried)``: ``bets`` are the bets placed for this roll,
  ``carried`` the bets still working from earlier rolls (in the form the engine carried them out:
  a pass or come bet with its point as target). Phase rules: pass and don't pass only on a
  come-out roll (puck OFF), come and don't come only in the point phase (puck ON); odds and lay
  only on a line bet that has its point, up to the variant's multiple; place and hardway bets on
  their numbers only (a place bet on 7 is refused). Any error rejects the whole slip.
* Chance steps: two ``die`` draws in [0, 6) (face = value + 1).
* ``settle``: each bet's return; a bet still working comes out with outcome ``"carried"``
  (nothing returned, its stake stays in play) and its next form in ``Settlement.carried``.
* The ``result`` event holds the dice, the total, the puck before and ``table`` (the puck after):
  the platform binds the next round to it (:func:`croupier.games.base.at_table`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from croupier.errors import (
    BetClosed,
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    MissingBaseBet,
    OddsAboveMaximum,
    RoundFinished,
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
    checked_draw,
    outcome_label,
)
from croupier.games.cardcompare.common import checked_stake
from croupier.games.dice.craps.rules import Carry, point_after, resolve
from croupier.games.dice.craps.variant import (
    BET_CODES,
    LINE,
    NUMBERED,
    POINTS,
    CrapsVariant,
)
from croupier.money import apply_ratio, currency, format_minor, parse_stake


class PlacedBet(NamedTuple):
    bet_id: int
    code: str
    number: int | None
    stake: int
    carried: bool

    def request(self) -> BetRequest:
        return BetRequest(self.code, self.stake, () if self.number is None else (self.number,))


class CrapsState(NamedTuple):
    variant: CrapsVariant
    currency: str
    bets: tuple[PlacedBet, ...]
    dice: tuple[int, ...]
    settlement: Settlement | None
    events: tuple[Event, ...]


#: which side of the line an odds bet rides on
_BASE = {"odds": ("pass", "come"), "lay": ("dont_pass", "dont_come")}


def puck(point: int | None) -> str:
    return "OFF" if point is None else "ON"


class CrapsEngine:
    game = "craps"

    def at_table(self, variant: CrapsVariant, table: Mapping[str, Any]) -> CrapsVariant:
        """The variant at a table in state ``table`` (``{"point": n or None}``)."""
        point = table.get("point")
        if point is not None and (isinstance(point, bool) or not isinstance(point, int)):
            raise InvalidBet(f"the table's point is a number, not {point!r}")
        return variant.at_point(point)

    # -- opening a round ---------------------------------------------------------------------

    def start(self, variant: CrapsVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = ()) -> CrapsState:
        cur = currency(currency_code)
        if not bets and not carried:
            raise InvalidBet("a roll needs at least one bet")
        point = variant.point
        placed: list[PlacedBet] = []
        for req in bets:
            if type(req) is not BetRequest:
                raise InvalidBet(f"{req!r} is not a bet")
            code, number = _form(req, own=True)
            _check_open(code, number, point)
            stake = checked_stake(variant.limits, cur, code, req.stake)
            placed.append(PlacedBet(len(placed), code, number, stake, False))
        for req in carried:
            code, number = _form(req, own=False)
            if code in ("pass", "dont_pass") and number != point:
                raise InvalidBet(f"a {code} bet on {number} is carried to a table whose point is {point}")
            placed.append(PlacedBet(len(placed), code, number, parse_stake(req.stake), True))
        _check_odds(variant, placed, cur.code)
        events = (
            Event(0, "round_started", {"game": "craps", "variant": variant.name,
                                       "currency": cur.code, "table": {"point": point}}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": tuple(carried)}),
        )
        return CrapsState(variant, cur.code, tuple(placed), (), None, events)

    # -- chance steps ------------------------------------------------------------------------

    def next_draw(self, state: CrapsState) -> DrawRequest | None:
        return None if state.settlement is not None else DrawRequest("die", 6)

    def legal_actions(self, state: CrapsState) -> list[Decision]:
        return []  # no decision once the bets are down

    def is_finished(self, state: CrapsState) -> bool:
        return state.settlement is not None

    def apply(self, state: CrapsState, action: Action) -> CrapsState:
        if state.settlement is not None:
            raise RoundFinished("the roll is settled; no more draws")
        if not isinstance(action, DrawAction):
            raise IllegalAction("craps takes no player decision once the bets are down")
        value = checked_draw(action, "die", 6)
        dice = state.dice + (value + 1,)
        events = state.events + (Event(len(state.events), "draw",
                                       {"kind": "die", "value": value, "face": value + 1}),)
        new = state._replace(dice=dice, events=events)
        return _settle_now(new) if len(dice) == 2 else new

    def settle(self, state: CrapsState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the roll is not over: the dice have not landed")
        return state.settlement


def _form(req: BetRequest, own: bool) -> tuple[str, int | None]:
    """A request's (code, number), checked: a number only where the bet takes one."""
    code = req.code
    if code not in BET_CODES:
        raise UnknownBetCode(f"unknown craps bet {code!r}; known: {', '.join(BET_CODES)}")
    target = req.target
    if code in NUMBERED:
        numbers = NUMBERED[code]
        if len(target) != 1 or type(target[0]) is not int or target[0] not in numbers:
            what = ", ".join(map(str, numbers))
            got = target[0] if len(target) == 1 else list(target)
            why = " (a 7 decides every place bet: it is no number to place)" if got == 7 else ""
            raise InvalidSelection(f"a {code} bet is on one of {what}, not {got!r}{why}")
        return code, int(target[0])
    if code in LINE and not own:
        if len(target) != 1 or type(target[0]) is not int or target[0] not in POINTS:
            raise InvalidSelection(f"a carried {code} bet has its point as target, not {list(target)!r}")
        return code, int(target[0])
    if target:
        raise InvalidSelection(f"a {code} bet takes no target, got {list(target)!r}")
    if not own:
        raise InvalidBet(f"a {code} bet is settled on its roll and cannot be carried")
    return code, None


def _check_open(code: str, number: int | None, point: int | None) -> None:
    """000 §12.41: pass and don't pass on the come-out roll only, come and don't come in the
    point phase only; odds and lay come after their line bet's point (checked with the line bets)."""
    if code in ("pass", "dont_pass") and point is not None:
        raise BetClosed(f"{code} is open on a come-out roll only; the puck is ON at {point} "
                        f"(bet come or don't come instead)")
    if code in ("come", "dont_come") and point is None:
        raise BetClosed(f"{code} is open in the point phase only; the puck is OFF "
                        f"(bet pass or don't pass on the come-out roll)")


def _check_odds(v: CrapsVariant, placed: Sequence[PlacedBet], cur: str) -> None:
    """An odds bet rides on the pass or come bets that have its number as point, a lay bet on
    the don't pass or don't come bets; together at most the variant's multiple of them."""
    line: dict[tuple[str, int], int] = {}
    extra: dict[tuple[str, int], int] = {}
    for b in placed:
        if b.number is None:
            continue
        for side, bases in _BASE.items():
            if b.code in bases and b.carried:
                line[(side, b.number)] = line.get((side, b.number), 0) + b.stake
        if b.code in _BASE:
            extra[(b.code, b.number)] = extra.get((b.code, b.number), 0) + b.stake
    c = currency(cur)
    for (side, n), stake in extra.items():
        base = line.get((side, n), 0)
        names = " or ".join(_BASE[side])
        if base == 0:
            raise MissingBaseBet(f"{side} on {n} needs a {names} bet whose point is {n}; there is none")
        multiple = (v.odds_max if side == "odds" else v.lay_max)[n]
        if stake > multiple * base:
            raise OddsAboveMaximum(
                f"{side} on {n}: {format_minor(stake, c)} is above {multiple}x the "
                f"{names} stake on {n} ({format_minor(multiple * base, c)})")


def _settle_now(state: CrapsState) -> CrapsState:
    v = state.variant
    d1, d2 = state.dice
    total = d1 + d2
    before = v.point
    after = point_after(before, total)
    events = list(state.events)
    events.append(Event(len(events), "result", {
        "dice": [d1, d2], "total": total, "hard": d1 == d2, "point": before, "puck": puck(before),
        "table": {"point": after}}))
    results: list[BetResult] = []
    carried: list[BetRequest] = []
    for b in state.bets:
        r = resolve(v, b.code, b.number, before, d1, d2)
        if type(r) is Carry:
            results.append(BetResult(b.bet_id, b.code, b.stake, 0, "carried"))
            carried.append(PlacedBet(b.bet_id, r.code, r.number, b.stake, True).request())
        else:
            returned = apply_ratio(b.stake, r[0])  # type: ignore[arg-type]
            results.append(BetResult(b.bet_id, b.code, b.stake, returned, outcome_label(b.stake, returned)))
    settlement = Settlement(state.currency, tuple(results), tuple(carried))
    events.append(Event(len(events), "round_settled", {
        "total_stake": settlement.total_stake, "total_returned": settlement.total_returned,
        "results": settlement.bets, "carried": settlement.carried}))
    return state._replace(settlement=settlement, events=tuple(events))


ENGINE = CrapsEngine()

__all__ = ["ENGINE", "CrapsEngine", "CrapsState", "PlacedBet", "puck"]
