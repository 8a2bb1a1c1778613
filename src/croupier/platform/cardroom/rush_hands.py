"""The money of Rush & Cash hands (platform/cardroom/rush.py): dealing a hand, releasing a
folded player, finishing or voiding a hand, and the runner's recovery."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.pvp.poker.engine import ENGINE
from croupier.games.pvp.poker.state import HandSettlement, HandSetup, HandState
from croupier.platform.cardroom import monitor, seeds, tables
from croupier.platform.cardroom.accounts import ensure_account, pot_code
from croupier.platform.cardroom.hands import HandEnd, HandStart
from croupier.platform.cardroom.rush_entries import (
    cash_out,
)
from croupier.platform.cardroom.rush_pools import (
    entry_of,
    players_of,
    pool_tables,
    stack_code,
)
from croupier.platform.errors import RoundStateError
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.store.cardroom_models import (
    CardroomHand,
    CardroomHandPlayer,
)


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
