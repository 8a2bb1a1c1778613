"""A hand's start and end in the store (issue 21 part 3).

* :func:`begin_hand` (under the table's row lock): the seats dealt in (``playing``, with chips),
  the button moved to the next of them, the blind level, the seed, the hand row (``playing``)
  and its players - then the engine plays the hand in memory (:mod:`.live`).
* :func:`finish_hand` (one transaction): each seat's stake and return from the engine's
  settlement move through the ledger (losers' stacks -> the table's pot -> winners' stacks and
  the rake account), the seats' stacks follow, the full record and the monitoring facts are
  stored, leaving players are cashed out and seats without chips (or timed out) sit out.
* :func:`void_hand`: a hand that cannot finish (the server stopped during it, 000 §11) moved no
  chip - stacks change only at the settlement - so voiding it returns every chip by itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError
from croupier.games.pvp.poker.engine import ENGINE
from croupier.games.pvp.poker.state import HandSettlement, HandSetup, HandState
from croupier.games.pvp.poker.variant import PokerVariant
from croupier.platform.cardroom import monitor, seeds, tables
from croupier.platform.cardroom.accounts import ensure_account, pot_code, stack_code
from croupier.platform.cardroom.seats import cash_out, playing_hand, seat_rows, seats_of
from croupier.platform.errors import RoundStateError
from croupier.platform.ledger import Ledger, system_code
from croupier.rng.source import HmacStream
from croupier.store.cardroom_models import CardroomHand, CardroomHandPlayer, CardroomSeat


@dataclass(slots=True)
class HandStart:
    """What the live hand needs: the engine's input, the deal source, the timers."""

    hand_id: int
    table_id: str
    number: int
    variant: PokerVariant
    currency: str
    setup: HandSetup
    seat_players: dict[int, int]
    source: HmacStream
    server_seed_hash: str
    decision_ms: int
    time_bank_ms: dict[int, int] = field(default_factory=dict)


@dataclass(slots=True)
class HandEnd:
    hand_id: int
    table_id: str
    rake: int
    results: list[dict[str, Any]]
    left: list[tuple[int, int]]  # (player id, cashed out)
    facts: int
    seats: list[dict[str, Any]] = field(default_factory=list)  # the table's seats after it


def _next_button(dealt: list[int], last: int) -> int:
    after = [s for s in dealt if s > last]
    return after[0] if after else dealt[0]


def begin_hand(session: Session, table_id: str, now: datetime,
               predeal: Iterable[tuple[int, str]] = (), big_blind: int | None = None) -> HandStart | None:
    """Start the table's next hand, or None when fewer than two seats can play."""
    t, cfg = tables.get(session, table_id, lock=True)
    if playing_hand(session, table_id) is not None:
        raise RoundStateError(f"table {table_id} has a hand in play")
    v = tables.variant_of(t)
    ready = [s for s in seats_of(session, table_id) if s.status == "playing" and s.stack > 0]
    if len(ready) < max(2, v.min_players):
        return None
    dealt = [s.seat for s in ready]
    if cfg.tournament_id is not None:  # blind levels rise on the tournament's clock
        from croupier.platform.cardroom import tournaments

        big_blind = tournaments.level_big_blind(session, cfg.tournament_id, now)
    button = _next_button(dealt, cfg.button)
    setup = HandSetup(seats=tuple(dealt), stacks=tuple(s.stack for s in ready), button=button,
                      big_blind=big_blind or cfg.big_blind, format=cfg.format,
                      predeal=tuple(p for p in predeal if p[0] in dealt), rake=tables.rake_rule(cfg))
    if setup.predeal:
        try:
            ENGINE.start(v, setup, t.currency)
        except CroupierError:  # an announcement the rules refuse now: dealt without it
            setup = HandSetup(setup.seats, setup.stacks, setup.button, setup.big_blind, setup.format,
                              (), setup.rake)
    number = cfg.next_hand
    seed = seeds.for_hand(session, table_id, number, now)
    players = {s.seat: s.player_id for s in ready}
    hand = CardroomHand(table_id=table_id, number=number, game=t.game, variant=t.variant,
                        currency=t.currency, format=cfg.format, state="playing", seed_id=seed.id,
                        seat_players={str(k): v for k, v in players.items()}, record=None,
                        settlement=None, rake=0, void_reason=None, started_at=now, ended_at=None)
    session.add(hand)
    session.flush()
    for s in ready:
        session.add(CardroomHandPlayer(hand_id=hand.id, seat=s.seat, player_id=s.player_id,
                                       stake=0, returned=0))
    cfg.next_hand = number + 1
    cfg.button = button
    session.flush()
    return HandStart(hand.id, table_id, number, v, t.currency, setup, players,
                     seeds.source(seed, number), seed.server_seed_hash, cfg.decision_ms,
                     {s.seat: s.time_bank_ms for s in ready})


def _hand(session: Session, hand_id: int) -> CardroomHand:
    hand = session.get(CardroomHand, hand_id)
    if hand is None:
        raise RoundStateError(f"no hand {hand_id}")
    return hand


def finish_hand(session: Session, hand_id: int, state: HandState, now: datetime,
                time_banks: Mapping[int, int] | None = None,
                sit_out: Iterable[int] = ()) -> HandEnd:
    """Settle a finished hand: ledger, stacks, record, monitoring, leavers, sit-outs."""
    hand = _hand(session, hand_id)
    t, cfg = tables.get(session, hand.table_id, lock=True)
    if hand.state != "playing":
        raise RoundStateError(f"hand {hand_id} is {hand.state}, not playing")
    st: HandSettlement = ENGINE.settle(state)
    rows = {s.seat: s for s in seats_of(session, hand.table_id)}
    players = {int(k): int(v) for k, v in hand.seat_players.items()}
    ledger = Ledger(session)
    tournament = cfg.format == "tournament"
    pot = pot_code(hand.table_id)
    if not tournament:
        ensure_account(session, pot, "table_pot", hand.currency)
    results = []
    # losers pay the pot first, then the pot pays the winners and the rake (it ends at zero)
    ordered = sorted(st.bets, key=lambda r: r.returned - r.stake)
    for r in ordered:
        seat = int(r.bet_id)
        net = r.returned - r.stake
        row = rows.get(seat)
        if row is None or row.player_id != players[seat]:  # pragma: no cover - seats are held
            raise RoundStateError(f"seat {seat} changed during hand {hand_id}")
        if not tournament and net:
            code = stack_code(hand.table_id, row.player_id)
            debit, credit = (code, pot) if net < 0 else (pot, code)
            ledger.transfer(f"pkr:{hand_id}:{seat}", debit, credit, abs(net), "poker_hand", now=now)
        row.stack += net
        hp = session.get(CardroomHandPlayer, (hand_id, seat))
        if hp is not None:
            hp.stake, hp.returned = r.stake, r.returned
        results.append({"seat": seat, "player_id": row.player_id, "stake_minor": r.stake,
                        "returned_minor": r.returned, "net_minor": net, "outcome": r.outcome,
                        "stack_minor": row.stack})
    if st.rake and not tournament:
        ledger.transfer(f"pkr:{hand_id}:rake", pot, system_code("rake", hand.currency), st.rake,
                        "poker_rake", now=now)
    folded = {seat: bool(state.folded[i]) for i, seat in enumerate(state.setup.seats)}
    facts = monitor.record(session, hand_id, players, folded, st.bets, now)
    hand.state = "settled"
    hand.record = [e.to_dict() for e in state.events]
    hand.settlement = st.to_dict()
    hand.rake = st.rake
    hand.ended_at = now
    left = _after_hand(session, rows, time_banks or {}, set(sit_out), tournament, now)
    if tournament:
        from croupier.platform.cardroom import tournaments

        tournaments.after_hand(session, cfg, now, results)
    session.flush()
    return HandEnd(hand_id, hand.table_id, st.rake, results, left, facts,
                   seat_rows(session, hand.table_id))


def _after_hand(session: Session, rows: Mapping[int, CardroomSeat], banks: Mapping[int, int],
                sit_out: set[int], tournament: bool, now: datetime) -> list[tuple[int, int]]:
    left = []
    for seat, row in rows.items():
        if seat in banks:
            row.time_bank_ms = max(0, banks[seat])
        if row.status == "leaving" and not tournament:
            left.append((row.player_id, cash_out(session, row, now)))
            continue
        if not tournament and (row.stack <= 0 or seat in sit_out) and row.status == "playing":
            row.status = "sitting_out"
    return left


def void_hand(session: Session, hand_id: int, reason: str, now: datetime) -> list[tuple[int, int]]:
    """Annul a hand in play (every chip stays in its stack); leaving players are cashed out."""
    hand = _hand(session, hand_id)
    _t, cfg = tables.get(session, hand.table_id, lock=True)
    if hand.state != "playing":
        return []
    hand.state = "voided"
    hand.void_reason = reason[:200]
    hand.ended_at = now
    rows = {s.seat: s for s in seats_of(session, hand.table_id)}
    return _after_hand(session, rows, {}, set(), cfg.format == "tournament", now)


def recover(session: Session, table_id: str, now: datetime) -> list[int]:
    """A runner taking a table over: void the hand the last runner left unfinished."""
    ids = list(session.scalars(select(CardroomHand.id).where(
        CardroomHand.table_id == table_id, CardroomHand.state == "playing")))
    for hid in ids:
        void_hand(session, hid, "the server stopped during the hand: every chip returned to its stack "
                  "(000 §11)", now)
    return ids
