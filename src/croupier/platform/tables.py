"""Shared tables: rounds on a timer, persisted as a state machine.

``open`` (betting window, 23 s by default, 004 §1.6) -> ``closed`` ("no more bets") ->
``resulted`` (draws and outcome stored, the round's server seed revealed) -> ``settled`` (every
play paid). ``voided`` can follow ``open``, ``closed`` or ``resulted``: every stake is refunded.

Each player's bets of a round are one engine round (their slips together, so the table limits
apply per player and round, 004 §1.4); all of them are fed the same draw actions, which come from
the round's own provably fair seed: its SHA-256 is published when betting opens and the seed when
the result is known.

Recovery rule (:func:`recover_table`, run by whichever worker takes over a table, and on start):
a round that has no stored result (``open`` or ``closed``) is voided and every stake refunded —
the game had not started for the players (000 §11: a bet may be returned before the start of the
game; 000 §10: a technical failure settles at odds of 1); a ``resulted`` round is settled with its
stored result (004 §1.20: settle on the known result). Settlement and refund transfers carry
per-play keys, so each stake is settled or refunded exactly once however often recovery runs.

Shoe tables (card games, :mod:`.shoes`): :func:`result_round` deals the round from the table's
persisted shoe in the same transaction that stores the result, so a card leaves the shoe exactly
when a round is resulted (a round voided before its result dealt none; a resulted round's cards
are never dealt again, even if it is voided).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from croupier.errors import CurrencyMismatch
from croupier.games.base import continues_table, play
from croupier.games.describe import view_of
from croupier.games.registry import game
from croupier.money import currency
from croupier.platform import accumulator_settle, draw_refunds, game_status, shoes, table_limits
from croupier.platform.clock import aware, iso
from croupier.platform.config import TableConfig
from croupier.platform.errors import RoundStateError, UnknownTable
from croupier.platform.ledger import Ledger
from croupier.platform.rounds import (
    SlipBet,
    actions_of,
    add_event,
    carry_forward,
    draws_from_json,
    draws_json,
    engine_inputs,
    outcome_of,
    parse_slip,
    pending_carries,
    play_bets,
    record_bets,
    refund_play,
    resolve_game,
    settle_play,
    variant_at_round,
)
from croupier.platform.wallet import balance
from croupier.rng import fair
from croupier.store.models import GameTable, Play, Player, Round

UNFINISHED = ("open", "closed", "resulted")


def _next_lock_id(session: Session) -> int:
    """A table's runner lock id: one more than the largest (unique: a concurrent twin that took
    the same number fails on the unique index and ``Platform.run`` retries)."""
    session.flush()
    return int(session.scalar(select(func.coalesce(func.max(GameTable.lock_id), 0))) or 0) + 1


def ensure_tables(session: Session, configs: Sequence[TableConfig]) -> None:
    from croupier.platform.ledger import Ledger as _L

    for cfg in configs:
        resolve_game(cfg.game, cfg.variant)  # refuse a table whose game cannot run
        row = session.get(GameTable, cfg.id)
        if row is None:
            session.add(GameTable(id=cfg.id, name=cfg.name, game=cfg.game, variant=cfg.variant,
                                  currency=cfg.currency, next_number=1,
                                  lock_id=_next_lock_id(session)))
        elif row.lock_id is None:
            row.lock_id = _next_lock_id(session)
        else:
            row.name, row.game, row.variant, row.currency = cfg.name, cfg.game, cfg.variant, cfg.currency
        _L(session).ensure_system_accounts(cfg.currency)
    session.flush()
    from croupier.platform.live import ensure_sources

    ensure_sources(session, configs)  # issue 16: each table's result source (rng or live)
    from croupier.platform.betpath import forget_tables

    forget_tables(session)  # the bet path caches each table's game, variant and currency


def get_table(session: Session, table_id: str) -> GameTable:
    row = session.get(GameTable, table_id)
    if row is None:
        raise UnknownTable(f"no table {table_id!r}")
    return row


def round_brief(rnd: Round) -> dict[str, Any]:
    return {"round_id": rnd.id, "number": rnd.number, "state": rnd.state,
            "opened_at": iso(rnd.opened_at), "closes_at": iso(rnd.closes_at),
            "server_seed_hash": rnd.server_seed_hash, "outcome": rnd.outcome,
            "display": view_of(rnd.game, rnd.variant, rnd.outcome)}  # issue 14


def table_view(session: Session, table_id: str, betting_seconds: float) -> dict[str, Any]:
    t = get_table(session, table_id)
    latest = session.scalars(select(Round).where(Round.table_id == t.id)
                             .order_by(Round.id.desc()).limit(1)).one_or_none()
    recent = session.scalars(select(Round).where(
        Round.table_id == t.id, Round.outcome.is_not(None), Round.state == "settled")
        .order_by(Round.id.desc()).limit(20)).all()
    return {
        "id": t.id, "name": t.name, "game": t.game, "variant": t.variant, "currency": t.currency,
        "currency_exponent": currency(t.currency).exponent, "betting_seconds": betting_seconds,
        "round": round_brief(latest) if latest is not None else None,
        "recent": [{"round_id": r.id, "outcome": r.outcome,
                    "display": view_of(r.game, r.variant, r.outcome)} for r in recent],  # issue 14
    }


def list_tables(session: Session) -> list[str]:
    return list(session.scalars(select(GameTable.id).order_by(GameTable.id)))


# -- the round's phases ------------------------------------------------------------------------


def open_round(session: Session, table_id: str, betting_seconds: float, now: datetime) -> Round:
    t = session.scalars(select(GameTable).where(GameTable.id == table_id).with_for_update()).one()
    game_status.check_open(session, t.game)  # issue 16: a disabled game opens no round (GLI-19 4.15)
    seed = fair.new_server_seed()
    number = t.next_number
    t.next_number = number + 1
    rnd = Round(kind="table", table_id=t.id, number=number, game=t.game, variant=t.variant,
                currency=t.currency, state="open", fair_scheme="table_round_seed",
                seed_pair_id=None, server_seed=seed, server_seed_hash=fair.commitment(seed),
                client_seed=f"{t.id}:{number}", nonce=0, draws=None, outcome=None,
                void_reason=None, opened_at=now,
                closes_at=now + timedelta(seconds=betting_seconds), closed_at=None,
                resulted_at=None, settled_at=None)
    session.add(rnd)
    session.flush()
    previous = session.scalar(select(Round.id).where(Round.table_id == t.id,
                                                     Round.number == number - 1))
    carried = pending_carries(session, previous) if previous is not None else []
    if carried:  # en prison bets of the last round stay in place for this spin (001 §8.13.4)
        carry_forward(session, rnd, carried, now)
    add_event(session, rnd.id, "betting_open",
              {"closes_at": iso(rnd.closes_at), "carried_bets": len(carried)}, now)
    return rnd


def open_round_of(session: Session, table_id: str) -> Round | None:
    return session.scalars(select(Round).where(Round.table_id == table_id, Round.state == "open")
                           .order_by(Round.id.desc()).limit(1)).one_or_none()


@dataclass(frozen=True, slots=True)
class BetsAccepted:
    round_id: int
    table_id: str
    accepted: list[dict[str, Any]]
    round_stake: int
    balance: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"round_id": self.round_id, "table_id": self.table_id, "accepted": self.accepted,
                "round_stake_minor": self.round_stake, "balance": self.balance}


def place_bets(
    session: Session, player: Player, table_id: str, slip: Sequence[SlipBet], now: datetime,
) -> BetsAccepted:
    """Accept a slip for the open round of a table: validate, debit, record — or refuse it all."""
    t = get_table(session, table_id)
    if t.currency != player.currency:
        raise CurrencyMismatch(
            f"this table plays in {t.currency}; your account is in {player.currency}"
        )
    spec, variant = resolve_game(t.game, t.variant)
    bets = parse_slip(slip, player.currency)
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    # FOR SHARE: bets do not block each other, but "no more bets" (an UPDATE) waits for them and
    # every bet after it sees the round closed.
    rnd = session.scalars(select(Round).where(Round.table_id == t.id, Round.state == "open")
                          .order_by(Round.id.desc()).limit(1)
                          .with_for_update(read=True)).one_or_none()
    if rnd is None or rnd.closes_at is None or aware(rnd.closes_at) <= now:
        raise game_status.refusal(session, t.id)  # "no more bets", or the game is disabled
    play_row = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                                  Play.player_id == player.id)).one_or_none()
    if play_row is None:
        play_row = Play(round_id=rnd.id, player_id=player.id, currency=player.currency,
                        status="open", stake_total=0, returned_total=None, events=None,
                        created_at=now, settled_at=None)
        session.add(play_row)
        session.flush()
        earlier = []
    else:
        earlier = play_bets(session, play_row.id)
    _ordered, own, carried_in = engine_inputs(earlier)
    variant = variant_at_round(session, spec, variant, t.id, rnd.number)  # issue 19: the puck
    spec.engine.start(variant, own + bets, player.currency, carried_in)  # all the player's bets
    table_limits.check_bets(session, t.id, rnd.id, player.currency, own, bets)  # issue 16
    record_bets(session, ledger, rnd, play_row, bets, now)
    accepted = [{"code": b.code, "target": list(b.target), "stake_minor": b.stake} for b in bets]
    return BetsAccepted(rnd.id, t.id, accepted, play_row.stake_total,
                        balance(session, player).to_dict())


def close_round(session: Session, round_id: int, now: datetime) -> bool:
    res = session.execute(update(Round).where(Round.id == round_id, Round.state == "open")
                          .values(state="closed", closed_at=now)
                          .execution_options(synchronize_session=False))
    if getattr(res, "rowcount", 0) != 1:
        return False
    add_event(session, round_id, "no_more_bets", {}, now)
    return True


def _lock_round(session: Session, round_id: int) -> Round:
    return session.scalars(select(Round).where(Round.id == round_id).with_for_update()
                           .execution_options(populate_existing=True)).one()


def result_round(session: Session, round_id: int, now: datetime) -> Round:
    """Draw the outcome from the round's seed and store it (the seed is revealed from now on);
    a shoe table deals it from its shoe instead (:mod:`.shoes`)."""
    rnd = _lock_round(session, round_id)
    if rnd.state != "closed":
        raise RoundStateError(f"round {round_id} is {rnd.state}, not closed")
    if shoes.is_shoe_game(rnd.game, rnd.variant):
        # A card table deals the round from its persisted shoe, in order (platform/shoes.py);
        # the shoe's position moves in this same transaction.
        actions, outcome = shoes.deal_round(session, rnd, now)
        rnd.draws = draws_json(actions)
        rnd.outcome = outcome
    else:
        spec, variant = resolve_game(rnd.game, rnd.variant)
        variant = variant_at_round(session, spec, variant, rnd.table_id, rnd.number)  # issue 19
        if rnd.server_seed is None:  # pragma: no cover - table rounds always have their seed
            raise RoundStateError("a table round without its seed")
        source = fair.stream(rnd.server_seed, rnd.client_seed, rnd.nonce)
        # The draws do not depend on the bets: run the engine on demonstration bets in "no
        # currency" (no limits) to take them from the stream in the engine's own order.
        state, _ = play(spec.engine, variant, spec.demo_bets(variant, "XXX"), "XXX", source)
        rnd.draws = draws_json(actions_of(state.events))
        rnd.outcome = outcome_of(state.events)
    rnd.state = "resulted"
    rnd.resulted_at = now
    add_event(session, rnd.id, "result", {"outcome": rnd.outcome, "draws": rnd.draws}, now)
    session.flush()
    return rnd


@dataclass
class PlayResult:
    player_id: int
    stake: int
    returned: int
    bets: list[dict[str, Any]]
    balance: dict[str, Any]


@dataclass
class RoundReport:
    round_id: int
    table_id: str
    state: str
    outcome: dict[str, Any] | None
    reason: str | None = None
    plays: list[PlayResult] = field(default_factory=list)


def _bets_view(session: Session, play_id: int) -> list[dict[str, Any]]:
    return [{"code": b.code, "target": b.target, "stake_minor": b.stake,
             "returned_minor": b.returned, "outcome": b.outcome,
             "carried_in": b.carried_from is not None}
            for b in play_bets(session, play_id)]


def _open_plays(session: Session, round_id: int) -> list[Play]:
    return list(session.scalars(select(Play).where(Play.round_id == round_id, Play.status == "open")
                                .order_by(Play.player_id)))


def settle_round(session: Session, round_id: int, now: datetime) -> RoundReport:
    rnd = _lock_round(session, round_id)
    if rnd.state != "resulted" or rnd.draws is None:
        raise RoundStateError(f"round {round_id} is {rnd.state}, not resulted")
    spec, variant = resolve_game(rnd.game, rnd.variant)
    variant = variant_at_round(session, spec, variant, rnd.table_id, rnd.number)  # issue 19
    actions = draws_from_json(rnd.draws)
    ledger = Ledger(session)
    report = RoundReport(rnd.id, rnd.table_id or "", "settled", rnd.outcome)
    for p in _open_plays(session, rnd.id):
        s = settle_play(session, ledger, spec, variant, rnd, p, actions, now)
        player = session.get(Player, p.player_id)
        if player is None:  # pragma: no cover - foreign key
            continue
        report.plays.append(PlayResult(p.player_id, s.total_stake, s.total_returned,
                                       _bets_view(session, p.id), balance(session, player).to_dict()))
    rnd.state = "settled"
    rnd.settled_at = now
    add_event(session, rnd.id, "settled", {"plays": len(report.plays)}, now)
    session.flush()
    return report


def void_round(session: Session, round_id: int, reason: str, now: datetime) -> RoundReport | None:
    """Refund every stake of an unfinished round (000 §10-11, 001 §3.5); None if already done."""
    rnd = _lock_round(session, round_id)
    if rnd.state not in UNFINISHED:
        return None
    ledger = Ledger(session)
    report = RoundReport(rnd.id, rnd.table_id or "", "voided", rnd.outcome, reason)
    if rnd.kind == "draw" and not continues_table(game(rnd.game).engine):
        # a draw's tickets (any number): set-based, a fixed number of statements (issue 20);
        # its report gives each play's stake and refund (the tickets show their bets)
        report.plays.extend(PlayResult(player, staked, back, [], {}) for _play, player, staked, back
                            in draw_refunds.refund_open_plays(session, rnd, now))
    for p in _open_plays(session, rnd.id):
        refunded = refund_play(session, ledger, rnd, p, now)  # a craps bet carried in stays (issue 19)
        player = session.get(Player, p.player_id)
        if player is None:  # pragma: no cover
            continue
        report.plays.append(PlayResult(p.player_id, p.stake_total, refunded,
                                       _bets_view(session, p.id), balance(session, player).to_dict()))
    rnd.state = "voided"
    rnd.void_reason = reason
    rnd.settled_at = now
    add_event(session, rnd.id, "voided", {"reason": reason}, now)
    if rnd.kind == "draw":
        accumulator_settle.round_decided(session, rnd, now)  # its accumulator legs: void (issue 23)
    session.flush()
    return report


RESTART_REASON = (
    "the round was interrupted before its result (restart or failure): every stake is returned "
    "(000 §10 odds of 1, 000 §11, 001 §3.5)"
)


def unfinished_rounds(session: Session, table_id: str) -> list[tuple[int, str]]:
    return [(r.id, r.state) for r in session.scalars(
        select(Round).where(Round.table_id == table_id, Round.state.in_(UNFINISHED))
        .order_by(Round.id))]
