"""Sit-and-go tournaments (000 §12.12.3 "tournaments"; issue 21 part 3).

* **Entry**: buy-in + fee from the wallet: the buy-in to the tournament's prize pool account
  (``tourney:<id>``), the fee to the house (``house:<CUR>``) - the tournament pays no pot rake
  (000 platform rules: tournaments are excluded from rake; the fee is the house's part).
* **Start**: when ``seats`` players have entered, a ``tournament`` format table is opened and
  each entrant seated with ``starting_stack`` tournament chips (not money: no ledger account).
* **Blind levels** rise on a clock: level ``k`` = ``levels[k]`` (the big blind) from
  ``started_at + k × level_seconds``; the last level stays. No straddle, no no-look all-in.
* **Places and prizes**: a player without chips after a hand is out; several out in one hand:
  the one who started the hand with more chips takes the better place (ASSUMPTION; equal: the
  lower seat). When one player is left, the prize table (``prize_split`` of the pool: shares as
  fractions summing to 1, odd units to first place) is paid from the pool to the places.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from croupier.errors import VariantError
from croupier.games.pvp.poker.rake import TournamentFee, prize_split
from croupier.games.pvp.poker.variant import load_variant
from croupier.platform.cardroom import tables
from croupier.platform.cardroom.accounts import ensure_account, pool_code
from croupier.platform.cardroom.errors import AlreadySeated, BuyInRefused, TournamentClosed
from croupier.platform.clock import aware, iso
from croupier.platform.errors import NotFound
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.store.cardroom_models import (
    CardroomEntry,
    CardroomSeat,
    CardroomTable,
    CardroomTournament,
)
from croupier.store.models import Player


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    name: str
    game: str
    variant: str
    currency: str
    buy_in: int
    fee: int
    starting_stack: int
    seats: int
    level_seconds: int
    levels: tuple[int, ...]          # big blinds, rising
    prizes: tuple[Fraction, ...]     # shares of the pool by place


def create(session: Session, spec: TournamentSpec) -> CardroomTournament:
    TournamentFee(spec.buy_in, spec.fee)  # validates
    prize_split(spec.buy_in * spec.seats, spec.prizes)  # validates the shares
    v = load_variant(spec.game, spec.variant)
    if not max(2, v.min_players) <= spec.seats <= v.max_players or len(spec.prizes) > spec.seats:
        raise VariantError(f"a {v.title} sit-and-go seats 2 to {v.max_players}, more than its paid places")
    if not spec.levels or any(b <= 0 or b % 2 for b in spec.levels) or list(spec.levels) != sorted(spec.levels):
        raise VariantError("blind levels are even big blinds, rising")
    if spec.level_seconds <= 0 or spec.starting_stack <= spec.levels[0]:
        raise VariantError("a level lasts a positive time; the starting stack is above the first big blind")
    row = CardroomTournament(
        name=spec.name, game=spec.game, variant=spec.variant, currency=spec.currency,
        buy_in=spec.buy_in, fee=spec.fee, starting_stack=spec.starting_stack, seats=spec.seats,
        level_seconds=spec.level_seconds, levels=list(spec.levels),
        prizes=[str(x) for x in spec.prizes], state="registering", table_id=None,
        started_at=None, finished_at=None)
    session.add(row)
    session.flush()
    ensure_account(session, pool_code(row.id), "tournament_pool", spec.currency)
    Ledger(session).ensure_system_accounts(spec.currency)
    return row


def _get(session: Session, tournament_id: int, lock: bool = False) -> CardroomTournament:
    q = select(CardroomTournament).where(CardroomTournament.id == tournament_id)
    t = session.scalars(q.with_for_update() if lock else q).one_or_none()
    if t is None:
        raise NotFound(f"no tournament {tournament_id}")
    return t


def enter(session: Session, player: Player, tournament_id: int, now: datetime) -> dict[str, Any]:
    t = _get(session, tournament_id, lock=True)
    if t.state != "registering":
        raise TournamentClosed(f"tournament {t.id} is {t.state}: entries are closed")
    if player.currency != t.currency:
        raise BuyInRefused(f"this tournament plays in {t.currency}; your wallet is in {player.currency}")
    Ledger(session).lock_player(player.id)
    if session.scalar(select(CardroomEntry.id).where(CardroomEntry.tournament_id == t.id,
                                                     CardroomEntry.player_id == player.id)) is not None:
        raise AlreadySeated(f"you have entered tournament {t.id} already")
    if player_balance(session, player) < t.buy_in + t.fee:  # one refusal for the whole entry
        from croupier.platform.errors import InsufficientFunds

        raise InsufficientFunds(f"the entry costs {t.buy_in + t.fee} minor units (buy-in + fee)")
    led = Ledger(session)
    led.transfer(f"sng:{t.id}:{player.id}:in", player_code(player.id), pool_code(t.id), t.buy_in,
                 "tournament_buy_in", now=now)
    if t.fee:
        led.transfer(f"sng:{t.id}:{player.id}:fee", player_code(player.id), system_code("house", t.currency),
                     t.fee, "tournament_fee", now=now)
    session.add(CardroomEntry(tournament_id=t.id, player_id=player.id, place=None, prize=0, entered_at=now))
    session.flush()
    count = int(session.scalar(select(func.count()).where(CardroomEntry.tournament_id == t.id)) or 0)
    if count == t.seats:
        _start(session, t, now)
    return {**view_row(t), "entered": True, "entries": count}


def player_balance(session: Session, player: Player) -> int:
    return Ledger(session).balance(player_code(player.id))


def _start(session: Session, t: CardroomTournament, now: datetime) -> None:
    tid = f"sng-{t.id}"
    tables.ensure_table(session, tables.TableSpec(
        tid, t.name, t.game, t.variant, t.currency, int(t.levels[0]), format="tournament",
        max_seats=t.seats, min_buy_in=t.starting_stack, max_buy_in=t.starting_stack,
        rake_percent=None, tournament_id=t.id))
    entries = session.scalars(select(CardroomEntry).where(CardroomEntry.tournament_id == t.id)
                              .order_by(CardroomEntry.id)).all()
    for seat, e in enumerate(entries):
        session.add(CardroomSeat(table_id=tid, seat=seat, player_id=e.player_id, stack=t.starting_stack,
                                 status="playing", time_bank_ms=30_000, joined_at=now))
    t.state = "running"
    t.table_id = tid
    t.started_at = now
    session.flush()


def level_big_blind(session: Session, tournament_id: int, now: datetime) -> int:
    t = _get(session, tournament_id)
    return big_blind_at(t.levels, t.level_seconds, t.started_at, now)


def big_blind_at(levels: Sequence[int], level_seconds: int, started: datetime | None, now: datetime) -> int:
    if started is None:
        return int(levels[0])
    k = int((aware(now) - aware(started)).total_seconds() // level_seconds)
    return int(levels[min(max(k, 0), len(levels) - 1)])


def after_hand(session: Session, cfg: CardroomTable, now: datetime,
               results: Sequence[dict[str, Any]] = ()) -> None:
    """Out: the seats without chips (places from the last); the last one left wins; prizes."""
    if cfg.tournament_id is None:
        return
    t = _get(session, cfg.tournament_id, lock=True)
    if t.state != "running":
        return
    seats = list(session.scalars(select(CardroomSeat).where(CardroomSeat.table_id == cfg.table_id)))
    before = {r["seat"]: r["stack_minor"] - r["net_minor"] for r in results}
    out = sorted((s for s in seats if s.stack <= 0), key=lambda s: (before.get(s.seat, 0), -s.seat))
    left = len(seats)
    entries = {e.player_id: e for e in session.scalars(select(CardroomEntry).where(
        CardroomEntry.tournament_id == t.id))}
    for s in out:  # the one who started with fewer chips goes out first (the worse place)
        entries[s.player_id].place = left
        left -= 1
        session.delete(s)
    if left == 1:
        winner = next(s for s in seats if s.stack > 0)
        entries[winner.player_id].place = 1
        session.delete(winner)
        _pay(session, t, list(entries.values()), now)
    session.flush()


def _pay(session: Session, t: CardroomTournament, entries: list[CardroomEntry], now: datetime) -> None:
    pool = t.buy_in * len(entries)
    prizes = prize_split(pool, [Fraction(x) for x in t.prizes])
    led = Ledger(session)
    for e in entries:
        if e.place is not None and e.place <= len(prizes) and prizes[e.place - 1] > 0:
            e.prize = prizes[e.place - 1]
            led.transfer(f"sng:{t.id}:{e.player_id}:prize", pool_code(t.id), player_code(e.player_id),
                         e.prize, "tournament_prize", now=now)
    t.state = "finished"
    t.finished_at = now


def lobby(session: Session) -> list[dict[str, Any]]:
    return [view_row(t) for t in session.scalars(select(CardroomTournament).order_by(CardroomTournament.id))]


def view_row(t: CardroomTournament) -> dict[str, Any]:
    return {"id": t.id, "name": t.name, "game": t.game, "variant": t.variant, "currency": t.currency,
            "buy_in_minor": t.buy_in, "fee_minor": t.fee, "starting_stack": t.starting_stack,
            "seats": t.seats, "level_seconds": t.level_seconds, "levels": list(t.levels),
            "prizes": list(t.prizes), "state": t.state, "table_id": t.table_id,
            "started_at": iso(t.started_at), "finished_at": iso(t.finished_at)}


def view(session: Session, tournament_id: int, now: datetime) -> dict[str, Any]:
    t = _get(session, tournament_id)
    entries = session.scalars(select(CardroomEntry).where(CardroomEntry.tournament_id == t.id)
                              .order_by(CardroomEntry.id)).all()
    names = dict(session.execute(select(Player.id, Player.login).where(
        Player.id.in_([e.player_id for e in entries]))).all()) if entries else {}
    out = view_row(t)
    out["entries"] = [{"player_id": e.player_id, "name": names.get(e.player_id), "place": e.place,
                       "prize_minor": e.prize} for e in entries]
    out["prize_pool_minor"] = t.buy_in * len(entries)
    out["big_blind_now_minor"] = big_blind_at(t.levels, t.level_seconds, t.started_at, now)
    return out


def table_of(session: Session, tournament_id: int) -> str | None:
    return _get(session, tournament_id).table_id
