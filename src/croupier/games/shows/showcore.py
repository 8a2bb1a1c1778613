"""What the showsb engines (Crazy Time, Monopoly Live, Deal or No Deal) share: placing the bets of
a round, checking a draw against the step the round waits for, recording events, and building the
settlement; plus the precise errors of a bonus stage's decision window (a pick outside the board,
a pick by a bet that is not in the bonus, a second pick).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.base import (
    BetRequest,
    BetResult,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
    outcome_label,
)
from croupier.games.shows.showdata import StakeLimits
from croupier.money import currency, format_minor, parse_stake


class NoPickWindow(IllegalAction):
    """A pick or flapper choice arrived when no decision window is open."""


class NotInBonus(IllegalAction):
    """A pick for a bet that does not play this bonus (the player did not bet on it)."""


class AlreadyPicked(IllegalAction):
    """A second pick for the same bet."""


class PickOutsideBoard(IllegalAction):
    """A pick that names no cell of the board (or no flapper)."""


class PlacedBet(NamedTuple):
    bet_id: int
    code: str
    stake: int


def place_bets(bets: Sequence[BetRequest], codes: Collection[str], lim: StakeLimits,
               cur_code: str, game: str) -> tuple[PlacedBet, ...]:
    """Validate a slip; any error rejects it whole and nothing is placed."""
    cur = currency(cur_code)
    if not bets:
        raise InvalidBet("a round needs at least one bet")
    out: list[PlacedBet] = []
    for i, req in enumerate(bets):
        if type(req) is not BetRequest:
            raise InvalidBet(f"{req!r} is not a bet")
        if req.code not in codes:
            raise UnknownBetCode(f"{game} has no bet {req.code!r}; its bets are {', '.join(codes)}")
        if req.target:
            raise InvalidSelection(f"{game}: the {req.code} bet takes no target, got {list(req.target)}")
        stake = parse_stake(req.stake)
        if stake < lim.minimum:
            raise StakeBelowMinimum(f"{req.code}: the minimum stake is {format_minor(lim.minimum, cur)}, "
                                    f"got {format_minor(stake, cur)}")
        if stake > lim.maximum:
            raise StakeAboveMaximum(f"{req.code}: the maximum stake is {format_minor(lim.maximum, cur)}, "
                                    f"got {format_minor(stake, cur)}")
        out.append(PlacedBet(i, req.code, stake))
    return tuple(out)


def opening(game: str, variant: str, cur: str, bets: Sequence[BetRequest],
            carried: Sequence[BetRequest]) -> tuple[Event, ...]:
    if carried:
        raise InvalidBet(f"{game} carries no bet to the next round")
    return (Event(0, "round_started", {"game": game, "variant": variant, "currency": cur}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}))


def add(events: tuple[Event, ...], kind: str, data: Mapping[str, Any]) -> tuple[Event, ...]:
    return (*events, Event(len(events), kind, data))


def check_draw(req: DrawRequest | None, action: DrawAction) -> int:
    """The draw's value once it is the step the round waits for and in range."""
    if req is None:
        raise IllegalAction(f"the round waits for no draw (got {action.kind})")
    if action.kind != req.kind:
        raise IllegalAction(f"the round waits for a {req.kind} draw, not {action.kind}")
    value = action.value
    if type(value) is not int or not 0 <= value < req.n:
        raise IllegalAction(f"a {req.kind} draw is in [0, {req.n}), got {value!r}")
    return value


def result_of(bet: PlacedBet, returned: int) -> BetResult:
    return BetResult(bet.bet_id, bet.code, bet.stake, returned, outcome_label(bet.stake, returned))


def settle_events(events: tuple[Event, ...], cur: str, result: Mapping[str, Any],
                  results: Sequence[BetResult]) -> tuple[Settlement, tuple[Event, ...]]:
    settlement = Settlement(cur, tuple(results))
    events = add(events, "result", result)
    events = add(events, "round_settled", {"total_stake": settlement.total_stake,
                                           "total_returned": settlement.total_returned,
                                           "results": settlement.bets})
    return settlement, events


def pick_target(args: Mapping[str, Any], key: str, bets: Sequence[PlacedBet], bonus: str,
                picked: Collection[int]) -> tuple[PlacedBet, Any]:
    """The bet a pick is for and the value picked, checked: the bet plays ``bonus`` and has not
    picked yet (the value itself is checked by the caller)."""
    bet_id = args.get("bet")
    if type(bet_id) is not int:
        raise InvalidSelection(f"a {bonus} pick names its bet: {{'bet': <bet id>, '{key}': ...}}")
    bet = next((b for b in bets if b.bet_id == bet_id), None)
    if bet is None or bet.code != bonus:
        raise NotInBonus(f"bet {bet_id} is not a {bonus} bet: only a bet on {bonus} plays the bonus")
    if bet_id in picked:
        raise AlreadyPicked(f"bet {bet_id} has already picked in this {bonus} bonus")
    if key not in args:
        raise InvalidSelection(f"a {bonus} pick names its {key}")
    return bet, args[key]
