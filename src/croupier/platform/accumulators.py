"""Accumulators over HTTP's reach (issue 23, docs/virtual.md "Accumulators"; ASSUMPTION: the
rules describe no multi-leg slips): placing a slip of legs on virtual events, and the slip as its
owner sees it. Settlement: :mod:`.accumulator_settle`.

A leg is one selection on the **next event of a virtual table** (a draw round taking bets); the
legs of a slip are on different events, so on different tables (a table's next event is its only
one with a published board: ``max_draws = 1``), of any sport, in the player's currency. Everything
is checked before anything is debited; an error refuses the whole slip with a precise code:
``too_few_legs``, ``too_many_legs``, ``same_event_legs``, ``leg_closed`` (a leg after its event's
cut-off), ``not_offered`` (a selection its event's board does not offer), ``accumulators_off``,
``unsupported_game`` (a table that does not run virtual events), the stake limits of every leg's
variant, ``insufficient_funds``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CurrencyMismatch, InvalidBet
from croupier.games.base import BetRequest
from croupier.games.draws.ticket import PlacedBet
from croupier.games.virtual.accumulator import combined_odds, exact_rtp, legs_rtp, payout
from croupier.games.virtual.engine import EventEngine, SelectionNotOffered
from croupier.money import currency
from croupier.platform.accumulator_settle import OPEN, rules_of
from croupier.platform.clock import aware, iso
from croupier.platform.draws import _draw_table, _play_of, ensure_draw, published, schedule_of
from croupier.platform.errors import BettingClosed, NotFound, UnsupportedGame
from croupier.platform.ledger import Ledger, system_code
from croupier.platform.protection import hooks as protection
from croupier.platform.wallet import balance, parse_amount
from croupier.store.accumulator_models import Accumulator, AccumulatorLeg
from croupier.store.models import Player, Round

#: no variant allows more legs than this (the request's bound)
MAX_LEGS = 20


class TooFewLegs(InvalidBet):
    code = "too_few_legs"


class TooManyLegs(InvalidBet):
    code = "too_many_legs"


class SameEventLegs(InvalidBet):
    """Two legs of one slip on the same event."""

    code = "same_event_legs"


class AccumulatorsOff(InvalidBet):
    code = "accumulators_off"


class LegClosed(BettingClosed):
    """A leg on an event past its cut-off."""

    code = "leg_closed"


@dataclass(frozen=True)
class LegIn:
    table_id: str
    code: str
    target: tuple[int | str, ...]
    #: the event's draw number (default: the table's next event taking bets)
    number: int | None = None


@dataclass
class _Leg:
    i: int
    table_id: str
    number: int
    engine: EventEngine
    variant: Any
    table: Any
    bet: BetRequest
    key: Any = None
    odds: Fraction = Fraction(0)
    chance: Fraction = Fraction(0)


def _ts(dt: datetime) -> float:
    return aware(dt).timestamp()


def _resolve(session: Session, player: Player, i: int, leg: LegIn, now: datetime) -> _Leg:
    t, engine, variant = _draw_table(session, leg.table_id)
    if not isinstance(engine, EventEngine):
        raise UnsupportedGame(f"leg {i + 1}: table {leg.table_id!r} plays {t.game}; an accumulator's legs "
                              "are on virtual events")
    if t.currency != player.currency:
        raise CurrencyMismatch(f"leg {i + 1}: table {leg.table_id!r} plays in {t.currency}; your account "
                               f"is in {player.currency}")
    if not variant.accumulator.enabled:
        raise AccumulatorsOff(f"leg {i + 1}: {variant.title} at {leg.table_id!r} takes no accumulators")
    s = schedule_of(variant)
    nxt = s.next_open(_ts(now))
    number = nxt if leg.number is None else leg.number
    if type(number) is not int:
        raise InvalidBet(f"leg {i + 1}: an event number is a whole number, not {number!r}")
    if number < nxt:
        raise LegClosed(f"leg {i + 1}: event {number} at {leg.table_id!r} is past its cut-off (its next "
                        f"event taking bets is {nxt})")
    if number >= nxt + s.max_draws:
        raise InvalidBet(f"leg {i + 1}: event {number} at {leg.table_id!r} has no published board yet "
                         f"(the next is {nxt})")
    return _Leg(i, t.id, number, engine, variant, t, BetRequest(leg.code, 1, tuple(leg.target)))


def place(session: Session, player: Player, legs: Sequence[LegIn], stake: object, now: datetime,
          key: str | None = None) -> dict[str, Any]:
    """Place an accumulator (see the module docstring); a repeated ``key`` returns the slip it placed."""
    if key is not None:
        old = session.scalars(select(Accumulator).where(Accumulator.key == f"{player.id}:{key}")).one_or_none()
        if old is not None:
            return slip_view(session, player, old.id)
    if len(legs) < 2:
        raise TooFewLegs(f"an accumulator has at least 2 legs, got {len(legs)}")
    if len(legs) > MAX_LEGS:
        raise TooManyLegs(f"an accumulator has at most {MAX_LEGS} legs, got {len(legs)}")
    resolved = [_resolve(session, player, i, leg, now) for i, leg in enumerate(legs)]
    most = min(r.variant.accumulator.max_legs for r in resolved)
    if len(legs) > most:
        raise TooManyLegs(f"an accumulator of these games has at most {most} legs, got {len(legs)}")
    seen: dict[tuple[str, int], int] = {}
    for r in resolved:
        other = seen.setdefault((r.table_id, r.number), r.i)
        if other != r.i:
            raise SameEventLegs(f"legs {other + 1} and {r.i + 1} are both on event {r.number} at "
                                f"{r.table_id!r}: an accumulator takes one leg per event")
    amount = parse_amount(stake, player.currency)
    for r in resolved:
        amount = r.variant.limits_for(player.currency).check(amount, player.currency,
                                                              f"the accumulator's stake ({r.variant.title})")
    for r in resolved:
        r.key = r.engine.place(r.variant, r.bet)  # unknown market, bad selection: precise errors
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    rounds: list[Round] = []
    for r in resolved:
        made = ensure_draw(session, r.table, r.variant, r.number, now)
        rnd = session.scalars(select(Round).where(Round.id == made.id).with_for_update(read=True)
                              .execution_options(populate_existing=True)).one()
        if rnd.state != "open" or rnd.closes_at is None or aware(rnd.closes_at) <= now:
            raise LegClosed(f"leg {r.i + 1}: event {r.number} at {r.table_id!r} takes no more bets")
        rounds.append(rnd)
        pub = published(r.engine, r.variant, rnd)
        placed = PlacedBet(r.i, r.bet.code, amount, tuple(r.key))
        try:
            r.engine.check_published(r.variant, pub, placed)
        except SelectionNotOffered as e:
            raise SelectionNotOffered(f"leg {r.i + 1}: {e}") from None
        forms = tuple(int(f) for f in (pub or {})["forms"])
        price = r.engine.board(r.variant, forms)[r.bet.code][r.engine.key(r.variant, placed)]
        r.odds, r.chance = price.odds, price.chance
    cap = min(r.variant.accumulator.max_odds for r in resolved)
    odds = combined_odds((r.odds for r in resolved), cap)
    slip = Accumulator(key=f"{player.id}:{key}" if key else f"{player.id}:auto:{os.urandom(12).hex()}",
                       player_id=player.id, currency=player.currency, stake=amount,
                       odds_cents=int(odds * 100), state=OPEN, returned=None, created_at=now, settled_at=None)
    session.add(slip)
    session.flush()
    plays = []
    for r, rnd in zip(resolved, rounds, strict=True):
        session.add(AccumulatorLeg(accumulator_id=slip.id, seq=r.i, round_id=rnd.id, table_id=r.table_id,
                                   number=r.number, game=r.table.game, variant=r.table.variant,
                                   code=r.bet.code, target=list(r.key), odds_cents=int(r.odds * 100),
                                   chance=f"{r.chance.numerator}/{r.chance.denominator}", state=OPEN))
        plays.append(_play_of(session, rnd, player, now))  # every leg's event in Games History
    first = rounds[0]
    ref = f"acca:{slip.id}"
    source = protection.before_bet(session, first, plays[0], amount, now)
    ledger.transfer(ref, source, system_code("stakes", player.currency), amount, "bet",
                    round_id=first.id, play_id=plays[0].id, now=now)
    session.flush()
    protection.bet_accepted(session, first, plays[0], amount, ref, now)
    return slip_view(session, player, slip.id)


def _fraction(text: str) -> Fraction:
    return Fraction(text)


def _leg_view(session: Session, leg: AccumulatorLeg) -> dict[str, Any]:
    rnd = session.get(Round, leg.round_id)
    shown = rnd is not None and rnd.state in ("resulted", "settled")
    out = (rnd.outcome or {}) if rnd is not None and shown else {}
    chance = _fraction(leg.chance)
    odds = Fraction(leg.odds_cents, 100)
    return {"seq": leg.seq, "table_id": leg.table_id, "number": leg.number, "round_id": leg.round_id,
            "game": leg.game, "variant": leg.variant, "code": leg.code, "target": leg.target,
            "odds": _cents(leg.odds_cents),
            "chance": leg.chance, "rtp": _text(chance * odds), "state": leg.state,
            "event_state": None if rnd is None else rnd.state,
            "headline": out.get("headline"), "server_seed_hash": None if rnd is None else rnd.server_seed_hash,
            "server_seed": rnd.server_seed if rnd is not None and shown else None,
            "void_reason": None if rnd is None else rnd.void_reason}


def _cents(c: int) -> str:
    return f"{c // 100}.{c % 100:02d}"


def _text(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def slip_view(session: Session, player: Player, slip_id: int) -> dict[str, Any]:
    """A slip as its owner sees it: its legs (each event's state, result and seed once run), the
    combined odds, the exact RTP and its explanation; another player's slip is not found."""
    slip = session.get(Accumulator, slip_id) if 0 < slip_id < 2**31 else None
    if slip is None or slip.player_id != player.id:
        raise NotFound(f"no accumulator {slip_id} of yours")
    legs = list(session.scalars(select(AccumulatorLeg).where(AccumulatorLeg.accumulator_id == slip.id)
                                .order_by(AccumulatorLeg.seq)))
    cap, max_win = rules_of(legs, slip.currency)
    chances = [_fraction(leg.chance) for leg in legs]
    odds = [Fraction(leg.odds_cents, 100) for leg in legs]
    rtp, upper = exact_rtp(chances, odds, cap), legs_rtp(chances, odds)
    combined = Fraction(slip.odds_cents, 100)
    return {"accumulator_id": slip.id, "currency": slip.currency,
            "currency_exponent": currency(slip.currency).exponent, "stake_minor": slip.stake,
            "odds": _cents(slip.odds_cents), "max_odds": _cents(int(cap * 100)),
            "potential_minor": payout(slip.stake, combined, max_win), "state": slip.state,
            "returned_minor": slip.returned, "created_at": iso(slip.created_at),
            "settled_at": iso(slip.settled_at),
            "rtp": _text(rtp), "rtp_percent": f"{float(rtp) * 100:.4f}", "legs_rtp_product": _text(upper),
            "rtp_explained": ("exact RTP = the product of the legs' chances x the combined odds "
                              f"x{_cents(slip.odds_cents)}; the product of the legs' own RTPs is "
                              f"{float(upper) * 100:.4f}%, equal to it unless the product of the odds "
                              "was rounded down to 0.01 or capped"),
            "legs": [_leg_view(session, leg) for leg in legs],
            "balance": balance(session, player).to_dict()}


def my_slips(session: Session, player: Player, limit: int = 20) -> list[dict[str, Any]]:
    ids = list(session.scalars(select(Accumulator.id).where(Accumulator.player_id == player.id)
                               .order_by(Accumulator.id.desc()).limit(max(1, min(limit, 100)))))
    return [slip_view(session, player, i) for i in ids]
