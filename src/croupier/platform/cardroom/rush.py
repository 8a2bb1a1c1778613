"""Rush & Cash pools in the store (000 §12.12.3, docs/pvp_poker.md "Rush & Cash").

The player picks a **blind level**, not a table: a pool is the set of ``rush`` tables that
share a ``pool`` name (one configuration: the first table's, by id - the pool's *anchor*). He
joins the pool with a buy-in (cash -> his pool stack, the escrow account ``rush:<pool>:<id>``),
and the pool's runner (:mod:`.rush_runner`) deals him into a new hand at a free table of the pool
with other waiting players whenever enough wait; his stack follows him from hand to hand.

Money, hand by hand (stakes in = pots out + rake, to the minor unit):

* :func:`release` - a player who folds (a **fast fold** at any time, out of turn, or a fold on
  his turn) leaves the hand at once: a folded player never gets a chip back (the engine's pots:
  "a folded bet never comes back"), so what he put in is final; it moves from his pool stack to
  the table's pot account now, and his stack is free for his next hand while this one goes on.
* :func:`finish_hand` - at the end of the hand the players still in it are settled as at a
  regular table (losers -> pot -> winners and the rake); the released players' parts are checked
  against the engine's settlement (stake = what moved, nothing returned). The pot account is
  back at zero.
* :func:`void_hand` - a hand the server could not finish: every chip goes back, also the
  released players' (000 §11).

A table of a pool plays one hand at a time (its seed is rotated only between its hands, as at a
regular table); when every table of a pool is busy the pool opens one more with the same
configuration (:func:`free_table`)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, VariantError
from croupier.games.pvp.poker.engine import ENGINE
from croupier.games.pvp.poker.state import HandSettlement, HandSetup, HandState
from croupier.money import currency, format_minor
from croupier.platform.cardroom import monitor, seeds, tables
from croupier.platform.cardroom.accounts import ensure_account, pot_code
from croupier.platform.cardroom.errors import AlreadySeated, BuyInRefused, NotSeated
from croupier.platform.cardroom.hands import HandEnd, HandStart
from croupier.platform.errors import NotFound, RoundStateError
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.store.cardroom_models import (
    CardroomHand,
    CardroomHandPlayer,
    CardroomRushPlayer,
    CardroomSeat,
    CardroomTable,
)
from croupier.store.models import GameTable, Player

STATUSES = ("playing", "sitting_out", "leaving")


def stack_code(pool: str, player_id: int) -> str:
    """A player's pool stack (kind ``table_stack``: an escrow like a table stack)."""
    return f"rush:{pool}:{player_id}"


def pool_tables(session: Session, pool: str) -> list[CardroomTable]:
    return list(session.scalars(select(CardroomTable).where(
        CardroomTable.pool == pool, CardroomTable.format == "rush").order_by(CardroomTable.table_id)))


def pool_names(session: Session) -> list[str]:
    return sorted({str(p) for p in session.scalars(select(CardroomTable.pool).where(
        CardroomTable.format == "rush", CardroomTable.pool.is_not(None)))})


def anchor(session: Session, pool: str) -> tuple[GameTable, CardroomTable]:
    """The pool's configuration (its first table), or ``NotFound``."""
    cfgs = pool_tables(session, pool)
    if not cfgs:
        raise NotFound(f"no Rush & Cash pool {pool!r}")
    return tables.get(session, cfgs[0].table_id)


def anchor_id(session: Session, pool: str) -> str:
    return anchor(session, pool)[1].table_id


def is_anchor(session: Session, table_id: str) -> str | None:
    """The pool whose anchor ``table_id`` is, or None."""
    cfg = session.get(CardroomTable, table_id)
    if cfg is None or cfg.format != "rush" or cfg.pool is None:
        return None
    return cfg.pool if pool_tables(session, cfg.pool)[0].table_id == table_id else None


def describe(session: Session, pool: str) -> dict[str, Any]:
    t, cfg = anchor(session, pool)
    rows = players_of(session, pool)
    return {**tables.describe(t, cfg), "pool": pool, "anchor": cfg.table_id,
            "hand_size": cfg.max_seats, "tables": [c.table_id for c in pool_tables(session, pool)],
            "players": len(rows), "playing": sum(1 for r in rows if r.status == "playing")}


def lobby(session: Session) -> list[dict[str, Any]]:
    return [describe(session, p) for p in pool_names(session)]


def players_of(session: Session, pool: str) -> list[CardroomRushPlayer]:
    return list(session.scalars(select(CardroomRushPlayer).where(CardroomRushPlayer.pool == pool)
                                .order_by(CardroomRushPlayer.id)))


def entry_of(session: Session, pool: str, player_id: int) -> CardroomRushPlayer | None:
    return session.scalars(select(CardroomRushPlayer).where(
        CardroomRushPlayer.pool == pool, CardroomRushPlayer.player_id == player_id)).one_or_none()


def entry_dict(row: CardroomRushPlayer) -> dict[str, Any]:
    return {"pool": row.pool, "player_id": row.player_id, "stack_minor": row.stack,
            "status": row.status, "time_bank_ms": row.time_bank_ms}


def _mine(session: Session, pool: str, player_id: int) -> CardroomRushPlayer:
    row = entry_of(session, pool, player_id)
    if row is None:
        raise NotSeated(f"you are not in Rush pool {pool}")
    return row


def _money(amount: int, cur: str) -> str:
    return format_minor(amount, currency(cur))


# -- joining and leaving ----------------------------------------------------------------------


def join(session: Session, player: Player, pool: str, buy_in: int, now: datetime) -> dict[str, Any]:
    """Enter the pool with ``buy_in`` moved from the player's cash to his pool stack."""
    t, cfg = anchor(session, pool)
    tables.get(session, cfg.table_id, lock=True)  # serialise with the pool's hands
    if isinstance(buy_in, bool) or not isinstance(buy_in, int) or buy_in <= 0:
        raise BuyInRefused(f"a buy-in is a positive whole number of minor units, got {buy_in!r}")
    if player.currency != t.currency:
        raise BuyInRefused(f"this pool plays in {t.currency}; your wallet is in {player.currency}")
    Ledger(session).lock_player(player.id)
    if entry_of(session, pool, player.id) is not None:
        raise AlreadySeated(f"you already play in Rush pool {pool}: one entry per pool")
    seated = session.scalar(select(CardroomSeat.table_id).where(
        CardroomSeat.player_id == player.id,
        CardroomSeat.table_id.in_([c.table_id for c in pool_tables(session, pool)])))
    if seated is not None:  # pragma: no cover - a Rush table has no seats of its own
        raise AlreadySeated(f"you already have a seat at table {seated} of Rush pool {pool}")
    if buy_in < cfg.min_buy_in:
        raise BuyInRefused(f"the buy-in {_money(buy_in, t.currency)} is below the pool minimum "
                           f"{_money(cfg.min_buy_in, t.currency)}")
    if buy_in > cfg.max_buy_in:
        raise BuyInRefused(f"the buy-in {_money(buy_in, t.currency)} is above the pool maximum "
                           f"{_money(cfg.max_buy_in, t.currency)}")
    code = stack_code(pool, player.id)
    ensure_account(session, code, "table_stack", t.currency, player.id)
    Ledger(session).transfer(f"pkr-rush-in:{uuid.uuid4().hex}", player_code(player.id), code, buy_in,
                             "poker_buy_in", now=now)  # InsufficientFunds from the checked debit
    row = CardroomRushPlayer(pool=pool, player_id=player.id, stack=buy_in, status="playing",
                             time_bank_ms=cfg.time_bank_ms, joined_at=now)
    session.add(row)
    session.flush()
    return entry_dict(row)


def sit_out(session: Session, player: Player, pool: str) -> dict[str, Any]:
    """Dealt into no new hand (the hand being played goes on)."""
    row = _mine(session, pool, player.id)
    if row.status == "playing":
        row.status = "sitting_out"
    return entry_dict(row)


def sit_in(session: Session, player: Player, pool: str) -> dict[str, Any]:
    row = _mine(session, pool, player.id)
    if row.stack <= 0:
        raise BuyInRefused("a pool stack without chips cannot play: leave and join again")
    row.status = "playing"
    return entry_dict(row)


def leave(session: Session, player: Player, pool: str, in_hand: bool, now: datetime) -> dict[str, Any]:
    """Leave the pool: the whole stack back to cash now, or when the hand he is in ends or he
    folds out of it (status ``leaving``)."""
    tables.get(session, anchor_id(session, pool), lock=True)
    row = _mine(session, pool, player.id)
    if in_hand:
        row.status = "leaving"
        return {**entry_dict(row), "cashed_out_minor": None}
    Ledger(session).lock_player(player.id)
    out = cash_out(session, row, now)
    return {**entry_dict(row), "status": "left", "stack_minor": 0, "cashed_out_minor": out}


def cash_out_leaver(session: Session, pool: str, player_id: int, now: datetime) -> int | None:
    """Cash out a ``leaving`` player who is in no hand (he folded out before his leave was
    stored); None if there is nothing to do."""
    row = entry_of(session, pool, player_id)
    if row is None or row.status != "leaving":
        return None
    Ledger(session).lock_player(player_id)
    return cash_out(session, row, now)


def cash_out(session: Session, row: CardroomRushPlayer, now: datetime) -> int:
    amount = row.stack
    if amount > 0:
        Ledger(session).transfer(f"pkr-rush-out:{row.id}:{uuid.uuid4().hex[:12]}",
                                 stack_code(row.pool, row.player_id), player_code(row.player_id),
                                 amount, "poker_cash_out", now=now)
    session.delete(row)
    session.flush()
    return amount


def ready_players(session: Session, pool: str) -> list[int]:
    """The pool's players who may be dealt in (playing, with chips), in the order they joined."""
    return [r.player_id for r in players_of(session, pool) if r.status == "playing" and r.stack > 0]


# -- hands ------------------------------------------------------------------------------------


def _spec_like(t: GameTable, cfg: CardroomTable, table_id: str) -> tables.TableSpec:
    from fractions import Fraction

    v = tables.variant_of(t)
    cap_bb = None if cfg.rake_cap is None else cfg.rake_cap // cfg.big_blind
    return tables.TableSpec(
        table_id, t.name, v.game, t.variant, t.currency, cfg.big_blind, format="rush",
        max_seats=cfg.max_seats, min_buy_in=cfg.min_buy_in, max_buy_in=cfg.max_buy_in,
        rake_percent=None if cfg.rake_percent is None else Fraction(cfg.rake_percent),
        rake_cap_bb=cap_bb, no_flop_no_drop=cfg.no_flop_no_drop, decision_ms=cfg.decision_ms,
        time_bank_ms=cfg.time_bank_ms, pool=cfg.pool)


def free_table(session: Session, pool: str, busy: Iterable[str]) -> str:
    """A table of the pool with no hand in play (one more, like the anchor, if all are busy)."""
    t, cfg = anchor(session, pool)
    busy = set(busy)
    ids = [c.table_id for c in pool_tables(session, pool)]
    playing = set(session.scalars(select(CardroomHand.table_id).where(
        CardroomHand.table_id.in_(ids), CardroomHand.state == "playing")))
    for tid in ids:
        if tid not in busy and tid not in playing:
            return tid
    k = len(ids) + 1
    while f"{cfg.table_id}~{k}" in ids:  # pragma: no cover - ids are anchor~2, anchor~3, ...
        k += 1
    new_id = f"{cfg.table_id}~{k}"
    if len(new_id) > 40:
        raise VariantError(f"Rush pool {pool}: table id {new_id!r} too long for one more table")
    if cfg.rake_cap is not None and cfg.rake_cap % cfg.big_blind:
        raise VariantError(f"Rush pool {pool}: a rake cap of whole big blinds is needed to clone")
    tables.ensure_table(session, _spec_like(t, cfg, new_id))
    return new_id


def begin_hand(session: Session, pool: str, player_ids: Sequence[int], table_id: str,
               now: datetime) -> HandStart | None:
    """Deal ``player_ids`` (waiting, in this order on seats 0..) into a new hand at ``table_id``.
    Players who may no longer be dealt in (sat out, left, no chips) are dropped; None when fewer
    than two remain. The button: seat ``hand number mod players`` (ASSUMPTION: positions do not
    depend on who waited longest)."""
    t, cfg = tables.get(session, table_id, lock=True)
    if cfg.pool != pool or cfg.format != "rush":
        raise RoundStateError(f"table {table_id} is not a table of Rush pool {pool}")
    if session.scalar(select(CardroomHand.id).where(
            CardroomHand.table_id == table_id, CardroomHand.state == "playing")) is not None:
        raise RoundStateError(f"table {table_id} has a hand in play")
    rows = {r.player_id: r for r in players_of(session, pool)}
    ready = [rows[p] for p in dict.fromkeys(player_ids)
             if p in rows and rows[p].status == "playing" and rows[p].stack > 0][:cfg.max_seats]
    v = tables.variant_of(t)
    if len(ready) < max(2, v.min_players):
        return None
    n = len(ready)
    number = cfg.next_hand
    setup = HandSetup(seats=tuple(range(n)), stacks=tuple(r.stack for r in ready), button=number % n,
                      big_blind=cfg.big_blind, format="rush", predeal=(), rake=tables.rake_rule(cfg))
    seed = seeds.for_hand(session, table_id, number, now)
    players = {i: r.player_id for i, r in enumerate(ready)}
    hand = CardroomHand(table_id=table_id, number=number, game=t.game, variant=t.variant,
                        currency=t.currency, format="rush", state="playing", seed_id=seed.id,
                        seat_players={str(k): v for k, v in players.items()}, record=None,
                        settlement=None, rake=0, void_reason=None, started_at=now, ended_at=None)
    session.add(hand)
    session.flush()
    for i, r in enumerate(ready):
        session.add(CardroomHandPlayer(hand_id=hand.id, seat=i, player_id=r.player_id, stake=0, returned=0))
    cfg.next_hand = number + 1
    cfg.button = setup.button
    session.flush()
    return HandStart(hand.id, table_id, number, v, t.currency, setup, players,
                     seeds.source(seed, number), seed.server_seed_hash, cfg.decision_ms,
                     {i: r.time_bank_ms for i, r in enumerate(ready)})


def _playing(session: Session, hand_id: int) -> CardroomHand:
    hand = session.get(CardroomHand, hand_id)
    if hand is None or hand.state != "playing":
        raise RoundStateError(f"hand {hand_id} is not being played")
    return hand


def _move(session: Session, hand: CardroomHand, key: str, player_id: int, pool: str, net: int,
          now: datetime) -> None:
    """``net`` between the player's pool stack and the table's pot (negative: he pays)."""
    if not net:
        return
    code, pot = stack_code(pool, player_id), pot_code(hand.table_id)
    ensure_account(session, pot, "table_pot", hand.currency)
    debit, credit = (code, pot) if net < 0 else (pot, code)
    Ledger(session).transfer(key, debit, credit, abs(net), "poker_hand", now=now)


def release(session: Session, pool: str, hand_id: int, seat: int, state: HandState, now: datetime,
            time_bank_ms: int | None = None, sit_out: bool = False) -> dict[str, Any]:
    """The player at ``seat`` folded out of the hand: what he put in is lost for good (moved to
    the pot now); his stack follows him to his next hand. A leaving player is cashed out."""
    hand = _playing(session, hand_id)
    i = state.setup.seats.index(seat)
    if not state.folded[i]:
        raise RoundStateError(f"seat {seat} has not folded in hand {hand_id}")
    tables.get(session, hand.table_id, lock=True)
    player_id = int(hand.seat_players[str(seat)])
    row = entry_of(session, pool, player_id)
    hp = session.get(CardroomHandPlayer, (hand_id, seat))
    if row is None or hp is None:  # pragma: no cover - a player in a hand cannot have left
        raise RoundStateError(f"seat {seat} of hand {hand_id} has no pool entry")
    stake = state.committed[i]
    _move(session, hand, f"pkr:{hand_id}:{seat}", player_id, pool, -stake, now)
    row.stack -= stake
    hp.stake, hp.returned = stake, 0
    if time_bank_ms is not None:
        row.time_bank_ms = max(0, time_bank_ms)
    cashed = None
    if row.status == "leaving":
        cashed = cash_out(session, row, now)
    elif sit_out or row.stack <= 0:
        row.status = "sitting_out"
    session.flush()
    return {"player_id": player_id, "stake_minor": stake, "stack_minor": row.stack,
            "status": "left" if cashed is not None else row.status, "cashed_out_minor": cashed}


def finish_hand(session: Session, pool: str, hand_id: int, state: HandState, now: datetime,
                released: Iterable[int] = (), time_banks: Mapping[int, int] | None = None,
                sit_out: Iterable[int] = ()) -> HandEnd:
    """Settle a finished pool hand: the players still in it as at a regular table; the released
    ones already paid (checked against the engine's settlement)."""
    hand = _playing(session, hand_id)
    tables.get(session, hand.table_id, lock=True)
    st: HandSettlement = ENGINE.settle(state)
    out = set(released)
    banks = time_banks or {}
    sit_out = set(sit_out)
    players = {int(k): int(v) for k, v in hand.seat_players.items()}
    entries = {r.player_id: r for r in players_of(session, pool)}
    results: list[dict[str, Any]] = []
    left: list[tuple[int, int]] = []
    for r in sorted(st.bets, key=lambda r: r.returned - r.stake):  # losers pay the pot first
        seat = int(r.bet_id)
        hp = session.get(CardroomHandPlayer, (hand_id, seat))
        if hp is None:  # pragma: no cover - every dealt seat has its row
            raise RoundStateError(f"hand {hand_id} has no seat {seat}")
        row = entries.get(players[seat])
        if seat in out:
            if r.returned or r.stake != hp.stake:
                raise RoundStateError(f"hand {hand_id} seat {seat}: released with {hp.stake}, "
                                      f"settled stake {r.stake} returned {r.returned}")
        else:
            if row is None:  # pragma: no cover - a player in the hand keeps his entry
                raise RoundStateError(f"seat {seat} of hand {hand_id} left the pool during it")
            net = r.returned - r.stake
            _move(session, hand, f"pkr:{hand_id}:{seat}", row.player_id, pool, net, now)
            row.stack += net
            hp.stake, hp.returned = r.stake, r.returned
            if seat in banks:
                row.time_bank_ms = max(0, banks[seat])
        results.append({"seat": seat, "player_id": players[seat], "stake_minor": r.stake,
                        "returned_minor": r.returned, "net_minor": r.returned - r.stake,
                        "outcome": r.outcome, "released": seat in out,
                        "stack_minor": None if row is None else row.stack})
    if st.rake:
        ensure_account(session, pot_code(hand.table_id), "table_pot", hand.currency)
        Ledger(session).transfer(f"pkr:{hand_id}:rake", pot_code(hand.table_id),
                                 system_code("rake", hand.currency), st.rake, "poker_rake", now=now)
    folded = {seat: bool(state.folded[i]) for i, seat in enumerate(state.setup.seats)}
    facts = monitor.record(session, hand_id, players, folded, st.bets, now)
    hand.state, hand.rake, hand.ended_at = "settled", st.rake, now
    hand.record = [e.to_dict() for e in state.events]
    hand.settlement = st.to_dict()
    status: dict[int, str] = {}
    for seat, pid in players.items():
        row = entries.get(pid)
        if seat in out or row is None:
            continue
        if row.status == "leaving":
            left.append((pid, cash_out(session, row, now)))
            status[seat] = "left"
            continue
        if (row.stack <= 0 or seat in sit_out) and row.status == "playing":
            row.status = "sitting_out"
        status[seat] = row.status
    for res in results:
        res["status"] = status.get(res["seat"], "released")
    session.flush()
    return HandEnd(hand_id, hand.table_id, st.rake, results, left, facts, [])


def void_hand(session: Session, pool: str, hand_id: int, reason: str, now: datetime) -> list[tuple[int, int]]:
    """Annul a pool hand in play: the released players' stakes come back from the pot; the
    others moved nothing. Leaving players are cashed out."""
    hand = session.get(CardroomHand, hand_id)
    if hand is None or hand.state != "playing":
        return []
    tables.get(session, hand.table_id, lock=True)
    hand.state, hand.void_reason, hand.ended_at = "voided", reason[:200], now
    entries = {r.player_id: r for r in players_of(session, pool)}
    left = []
    for hp in session.scalars(select(CardroomHandPlayer).where(CardroomHandPlayer.hand_id == hand_id)):
        row = entries.get(hp.player_id)
        if hp.stake:
            code = stack_code(pool, hp.player_id)
            ensure_account(session, code, "table_stack", hand.currency, hp.player_id)
            Ledger(session).transfer(f"pkr-void:{hand_id}:{hp.seat}", pot_code(hand.table_id), code,
                                     hp.stake, "poker_hand", now=now)
            if row is not None:
                row.stack += hp.stake
            else:  # he left the pool after folding: the chips go to his cash
                Ledger(session).transfer(f"pkr-void-out:{hand_id}:{hp.seat}", code,
                                         player_code(hp.player_id), hp.stake, "poker_cash_out", now=now)
            hp.stake = 0
        if row is not None and row.status == "leaving":
            left.append((row.player_id, cash_out(session, row, now)))
    session.flush()
    return left


def recover(session: Session, pool: str, now: datetime) -> list[int]:
    """The pool's runner starting: void the hands the last runner left unfinished."""
    ids = [c.table_id for c in pool_tables(session, pool)]
    hids = list(session.scalars(select(CardroomHand.id).where(
        CardroomHand.table_id.in_(ids), CardroomHand.state == "playing")))
    for hid in hids:
        void_hand(session, pool, hid, "the server stopped during the hand: every chip returned "
                  "to its stack (000 §11)", now)
    return hids


def check_pool(session: Session, pool: str) -> None:
    """Every table of a pool plays the anchor's game, variant, currency and blinds."""
    t, cfg = anchor(session, pool)
    for c in pool_tables(session, pool)[1:]:
        other, _ = tables.get(session, c.table_id)
        if (other.game, other.variant, other.currency, c.big_blind) != (t.game, t.variant, t.currency,
                                                                        cfg.big_blind):
            raise CroupierError(f"Rush pool {pool}: table {c.table_id} plays another game or level "
                                f"than {cfg.table_id}")


__all__ = ["STATUSES", "begin_hand", "finish_hand", "join", "leave", "release", "void_hand"]
