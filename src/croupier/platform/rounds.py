"""Rounds: bet slips, the engine run, settlement and voids, shared by single-player rounds and
shared tables; and the single-player round itself.

Every game is driven through the engine contract (:mod:`croupier.games.base`): ``start`` checks a
slip against the variant's bets and limits; the draws come from a provably fair stream; ``settle``
gives each bet's return. The platform then moves the money:

* accepting a slip: player cash -> ``stakes`` (the stake is held until the round ends);
* settling: ``stakes`` -> ``house`` (every stake), then ``house`` -> player cash (what the bets
  return, stake included), transfer keys ``stake:<play>`` and ``payout:<play>``;
* voiding (000 §10 communication failure: odds of 1; 000 §11 software error; 001 §3.5
  malfunction): ``stakes`` -> player cash, key ``refund:<play>``.

The keys make settlement and refund exactly-once: a second attempt finds the transfer and the
round's state, and does nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, aliased, object_session

from croupier.errors import IllegalAction, InvalidBet
from croupier.games.base import (
    Action,
    BetRequest,
    DrawAction,
    Settlement,
    at_table,
    continues_table,
    inputs_from_events,
    play,
)
from croupier.games.registry import GameSpec, game, load_variant
from croupier.platform import jackpots  # issue 16: jackpots
from croupier.platform.errors import UnsupportedGame
from croupier.platform.fairness import active_pair
from croupier.platform.ledger import Ledger, system_code
from croupier.platform.protection import hooks as protection  # protection (issue 7)
from croupier.platform.wallet import parse_amount
from croupier.rng import fair
from croupier.store.models import Bet, Play, Player, Round, RoundEvent

MAX_BETS_PER_SLIP = 200


@dataclass(frozen=True, slots=True)
class SlipBet:
    """A bet as the API receives it: the stake is decimal text in major units."""

    code: str
    stake: str
    target: tuple[int | str, ...] = ()


def parse_slip(slip: Sequence[SlipBet], cur: str) -> list[BetRequest]:
    if not slip:
        raise InvalidBet("a slip needs at least one bet")
    if len(slip) > MAX_BETS_PER_SLIP:
        raise InvalidBet(f"a slip takes at most {MAX_BETS_PER_SLIP} bets")
    out: list[BetRequest] = []
    for b in slip:
        target: list[int | str] = []
        for t in b.target:
            if isinstance(t, bool) or not isinstance(t, int | str):
                raise InvalidBet(f"{b.code}: a target is numbers (or '00'), got {t!r}")
            target.append(t)
        out.append(BetRequest(b.code, parse_amount(b.stake, cur), tuple(target)))
    return out


def actions_of(events: Sequence[Any]) -> list[Action]:
    return inputs_from_events(events)[3]


def outcome_of(events: Sequence[Any]) -> dict[str, Any] | None:
    for e in events:
        if e.type == "result":
            return dict(e.data)
    return None


def draws_json(actions: Sequence[Action]) -> list[dict[str, Any]]:
    return [{"kind": a.kind, "value": a.value} for a in actions if isinstance(a, DrawAction)]


def draws_from_json(data: Sequence[Mapping[str, Any]]) -> list[Action]:
    return [DrawAction(str(d["kind"]), int(d["value"])) for d in data]


def add_event(session: Session, round_id: int, type_: str, data: dict[str, Any], now: datetime) -> None:
    session.add(RoundEvent(round_id=round_id, type=type_, data=data, created_at=now))


def record_bets(
    session: Session, ledger: Ledger, rnd: Round, play_row: Play, bets: Sequence[BetRequest],
    now: datetime, start: int | None = None,
) -> list[Bet]:
    """Debit the slip's total and write its bets: from this commit on they are in Games History.
    ``start`` is the number of bets the play already has, when the caller knows it."""
    if start is None:
        start = len(session.scalars(select(Bet.id).where(Bet.play_id == play_row.id)).all())
    slip_key = uuid.uuid4().hex
    total = sum(b.stake for b in bets)
    source = protection.before_bet(session, rnd, play_row, total, now)  # protection (issue 7)
    ledger.transfer(f"bet:{slip_key}", source,
                    system_code("stakes", play_row.currency), total, "bet",
                    round_id=rnd.id, play_id=play_row.id, now=now)
    rows = [Bet(play_id=play_row.id, seq=start + i, slip_key=slip_key, code=b.code,
                target=list(b.target), stake=b.stake, returned=None, outcome=None, created_at=now)
            for i, b in enumerate(bets)]
    session.add_all(rows)
    play_row.stake_total += total
    session.flush()
    protection.bet_accepted(session, rnd, play_row, total, f"bet:{slip_key}", now)  # protection (issue 7): 001 §5.2.10
    return rows


def play_bets(session: Session, play_id: int) -> list[Bet]:
    return list(session.scalars(select(Bet).where(Bet.play_id == play_id).order_by(Bet.seq)))


def split_carried(bets: Sequence[Bet]) -> tuple[list[Bet], list[Bet]]:
    """A play's own bets and the bets carried into it, in the order the engine settles them."""
    own = [b for b in bets if b.carried_from is None]
    carried = [b for b in bets if b.carried_from is not None]
    return own, carried


def engine_inputs(bets: Sequence[Bet]) -> tuple[list[Bet], list[BetRequest], list[BetRequest]]:
    own, carried = split_carried(bets)
    return (own + carried, [BetRequest(b.code, b.stake, tuple(b.target)) for b in own],
            [BetRequest(b.code, b.stake, tuple(b.target)) for b in carried])


def settle_play(
    session: Session, ledger: Ledger, spec: GameSpec, variant: Any, rnd: Round, play_row: Play,
    actions: Sequence[Action], now: datetime, bets: Sequence[Bet] | None = None,
) -> Settlement:
    """Run the player's bets through the engine with the round's draws and pay the result.

    A bet the engine carries to the next spin (en prison, 001 §8.13.4) keeps its stake in the
    ``stakes`` account and is moved into the next round by :func:`carry_forward`."""
    ordered, reqs, carried_in = engine_inputs(
        play_bets(session, play_row.id) if bets is None else bets)
    state = spec.engine.start(variant, reqs, play_row.currency, carried_in)
    for a in actions:
        state = spec.engine.apply(state, a)
    settlement = spec.engine.settle(state)
    kept = 0
    for b, r in zip(ordered, settlement.bets, strict=True):
        b.returned = r.returned
        b.outcome = r.outcome
        if r.outcome == "carried":
            kept += b.stake
    play_row.events = [e.to_dict() for e in state.events]
    play_row.returned_total = settlement.total_returned
    play_row.status = "settled"
    play_row.settled_at = now
    pooled = jackpots.on_settle(session, ledger, rnd, play_row, state, settlement, now)  # issue 16: jackpots
    if play_row.stake_total - kept - pooled:
        ledger.transfer(f"stake:{play_row.id}", system_code("stakes", play_row.currency),
                        system_code("house", play_row.currency), play_row.stake_total - kept - pooled,
                        "stake", round_id=rnd.id, play_id=play_row.id, now=now)
    if settlement.total_returned:
        ledger.transfer(f"payout:{play_row.id}", system_code("house", play_row.currency),
                        protection.payout_account(session, play_row),  # protection (issue 7): 001 §6.8.5
                        settlement.total_returned, "payout",
                        round_id=rnd.id, play_id=play_row.id, now=now)
    protection.play_settled(session, rnd, play_row, settlement.total_returned, now)  # protection (issue 7)
    return settlement


def pending_carries(session: Session, round_id: int) -> list[Bet]:
    """Bets that ``round_id`` carried out (en prison) and that no later round has taken yet."""
    successor = aliased(Bet)
    q = (select(Bet).join(Play, Play.id == Bet.play_id)
         .outerjoin(successor, successor.carried_from == Bet.id)
         .where(Play.round_id == round_id, Bet.outcome == "carried", successor.id.is_(None)))
    return list(session.scalars(q.order_by(Bet.id)))


def table_state(session: Session, table_id: str, number: int) -> dict[str, Any] | None:
    """The state a table's round ``number`` starts in: the ``table`` its latest settled round
    before it wrote in its result (craps: the puck's point, issue 19); None for a game whose
    rounds do not continue one another, or a table with no settled round yet. A voided round
    changed nothing: its roll (if any) was not played."""
    outcome = session.scalar(select(Round.outcome).where(
        Round.table_id == table_id, Round.number < number, Round.state == "settled",
        Round.outcome.is_not(None)).order_by(Round.number.desc()).limit(1))
    if not isinstance(outcome, dict):
        return None
    table = outcome.get("table")
    return dict(table) if isinstance(table, dict) else None


def bound_variant(spec: GameSpec, variant: Any, table: Mapping[str, Any] | None) -> Any:
    """The variant at the table's state (:func:`croupier.games.base.at_table`)."""
    return at_table(spec.engine, variant, table)


def variant_at_round(session: Session, spec: GameSpec, variant: Any, table_id: str | None,
                     number: int | None) -> Any:
    """The variant a shared table's round ``number`` plays: bound to the state the table's
    earlier rounds left (issue 19: the craps puck); other games need no look-up."""
    if not continues_table(spec.engine) or table_id is None or number is None:
        return variant
    return at_table(spec.engine, variant, table_state(session, table_id, number))


def carried_forms(play_row: Play) -> dict[int, tuple[str, list[Any]]]:
    """Bet id -> (code, target) each carried bet of a settled play continues as, from the
    engine's record (``round_settled`` ``carried``, in the order of the carried bets): a craps
    come bet moves to its number. Bets of an engine that does not say keep their own form; a
    refunded play's carried-in bets continue as they came in."""
    events = play_row.events or []
    forms: list[Any] | None = None
    for e in events:
        if e.get("type") == "round_settled" and "carried" in e.get("data", {}):
            forms = list(e["data"]["carried"])
    if forms is None or play_row.status != "settled":
        return {}
    session = object_session(play_row)
    if session is None:  # pragma: no cover - a loaded row
        return {}
    ordered, _own, _carried = engine_inputs(play_bets(session, play_row.id))
    kept = [b for b in ordered if b.outcome == "carried"]
    return {b.id: (str(f["code"]), list(f.get("target", [])))
            for b, f in zip(kept, forms, strict=True)}


def next_forms(session: Session, carried: Sequence[Bet]) -> list[tuple[str, list[Any]]]:
    """The (code, target) each carried bet continues as (:func:`carried_forms`)."""
    forms: dict[int, dict[int, tuple[str, list[Any]]]] = {}
    out = []
    for b in carried:
        if b.play_id not in forms:
            old_play = session.get(Play, b.play_id)
            forms[b.play_id] = {} if old_play is None else carried_forms(old_play)
        out.append(forms[b.play_id].get(b.id, (b.code, list(b.target))))
    return out


def carry_forward(session: Session, rnd: Round, carried: Sequence[Bet], now: datetime) -> list[Play]:
    """Place carried bets in ``rnd`` (no new debit: their stakes are still held in ``stakes``),
    each in the form the engine carried it out (:func:`carried_forms`)."""
    plays: dict[int, Play] = {}
    for b, (code, target) in zip(carried, next_forms(session, carried), strict=True):
        old_play = session.get(Play, b.play_id)
        if old_play is None:  # pragma: no cover - foreign key
            continue
        p = plays.get(old_play.player_id)
        if p is None:
            p = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                                   Play.player_id == old_play.player_id)).one_or_none()
            if p is None:
                p = Play(round_id=rnd.id, player_id=old_play.player_id, currency=old_play.currency,
                         status="open", stake_total=0, returned_total=None, events=None,
                         created_at=now, settled_at=None)
                session.add(p)
                session.flush()
            plays[old_play.player_id] = p
        seq = len(session.scalars(select(Bet.id).where(Bet.play_id == p.id)).all())
        session.add(Bet(play_id=p.id, seq=seq, slip_key=f"carry:{b.id}", code=code,
                        target=target, stake=b.stake, returned=None, outcome=None,
                        carried_from=b.id, created_at=now))
        p.stake_total += b.stake
        session.flush()
    return list(plays.values())


def refund_play(session: Session, ledger: Ledger, rnd: Round, play_row: Play, now: datetime) -> int:
    """Return every stake placed in a play at odds of 1 (000 §10, §11; 001 §3.5). Exactly once.

    At a game whose rounds continue one another (issue 19: craps), a bet carried into the play
    from an earlier roll is part of a game in progress at the table: it is not refunded but stays
    working, carried again to the table's next round (its stake stays held in ``stakes``), so a
    restart does not take a player's bets off the layout. (An en prison bet is refunded.)"""
    if play_row.status != "open":
        return 0
    refund = 0
    keep = continues_table(game(rnd.game).engine)
    for b in play_bets(session, play_row.id):
        if keep and b.carried_from is not None:
            b.returned = 0
            b.outcome = "carried"
            continue
        b.returned = b.stake
        b.outcome = "refunded"
        refund += b.stake
    if refund:
        ledger.transfer(f"refund:{play_row.id}", system_code("stakes", play_row.currency),
                        protection.payout_account(session, play_row),  # protection (issue 7): 001 §6.8.5
                        refund, "refund",
                        round_id=rnd.id, play_id=play_row.id, now=now)
        protection.play_refunded(session, rnd, play_row, refund, now)  # protection (issue 7)
    play_row.returned_total = refund
    play_row.status = "refunded"
    play_row.settled_at = now
    return refund


def resolve_game(game_name: str, variant_name: str) -> tuple[GameSpec, Any]:
    spec = game(game_name)
    variant = load_variant(game_name, variant_name)
    return spec, variant


def play_single(
    session: Session, player: Player, game_name: str, variant_name: str, slip: Sequence[SlipBet],
    now: datetime,
) -> int:
    """A single-player round: debit, draw, settle and record in one unit of work; the round id."""
    return play_single_rounds(session, player, game_name, variant_name, slip, now)[0]


def play_single_rounds(
    session: Session, player: Player, game_name: str, variant_name: str, slip: Sequence[SlipBet],
    now: datetime,
) -> list[int]:
    """:func:`play_single`, with the ids of every round it took: the first, then each follow-up
    of the carried bets (an en prison spin; every further craps roll until each bet is decided)."""
    spec, variant = resolve_game(game_name, variant_name)
    bets = parse_slip(slip, player.currency)
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    ids: list[int] = []
    carried: list[Bet] = []
    table: dict[str, Any] | None = None  # a continuing game starts at a fresh table (issue 19)
    for _spin in range(MAX_CARRIED_SPINS):
        rnd, carries = _single_round(session, ledger, spec, bound_variant(spec, variant, table),
                                     variant_name, player, [] if ids else bets, carried, now)
        ids.append(rnd.id)
        if not carries:
            break
        carried = pending_carries(session, rnd.id)
        after = (rnd.outcome or {}).get("table")
        table = dict(after) if isinstance(after, dict) else None
    if not ids:  # pragma: no cover - the loop runs at least once
        raise UnsupportedGame("no round was played")
    return ids


#: An en prison bet is carried at most once (a second zero loses it), so two spins suffice; a
#: craps bet rolls until its decision (issue 19: more than 200 rolls has a chance below 1e-24).
#: The bound only guards against a variant that would carry forever.
MAX_CARRIED_SPINS = 200


def _single_round(
    session: Session, ledger: Ledger, spec: GameSpec, variant: Any, variant_name: str,
    player: Player, bets: Sequence[BetRequest], carried: Sequence[Bet], now: datetime,
) -> tuple[Round, bool]:
    pair = active_pair(session, player.id, now, lock=True)
    nonce = pair.next_nonce
    source = fair.stream(pair.server_seed, pair.client_seed, nonce)
    carried_reqs = [BetRequest(code, b.stake, tuple(target))
                    for b, (code, target) in zip(carried, next_forms(session, carried), strict=True)]
    try:
        state, _settlement = play(spec.engine, variant, bets, player.currency, source,
                                  carried=carried_reqs)
    except IllegalAction as exc:
        raise UnsupportedGame(
            f"{spec.name} needs player decisions during the round; it is not offered as a "
            f"single-request round ({exc})"
        ) from None
    pair.next_nonce = nonce + 1
    actions = actions_of(state.events)
    rnd = Round(kind="single", table_id=None, number=None, game=spec.name, variant=variant_name,
                currency=player.currency, state="open", fair_scheme="player_seed_pair",
                seed_pair_id=pair.id, server_seed=None, server_seed_hash=pair.server_seed_hash,
                client_seed=pair.client_seed, nonce=nonce, draws=None, outcome=None,
                void_reason=None, opened_at=now, closes_at=None, closed_at=now, resulted_at=None,
                settled_at=None)
    session.add(rnd)
    session.flush()
    if carried:
        plays = carry_forward(session, rnd, carried, now)
        play_row = plays[0]
    else:
        play_row = Play(round_id=rnd.id, player_id=player.id, currency=player.currency,
                        status="open", stake_total=0, returned_total=None, events=None,
                        created_at=now, settled_at=None)
        session.add(play_row)
        session.flush()
    rows: list[Bet] | None = None
    if bets:
        rows = record_bets(session, ledger, rnd, play_row, bets, now, start=0)
    rnd.draws = draws_json(actions)
    rnd.outcome = outcome_of(state.events)
    rnd.resulted_at = now
    settlement = settle_play(session, ledger, spec, variant, rnd, play_row, actions, now,
                             bets=None if carried else rows)
    rnd.state = "settled"
    rnd.settled_at = now
    add_event(session, rnd.id, "settled", {"stake": play_row.stake_total,
                                           "returned": play_row.returned_total}, now)
    session.flush()
    return rnd, bool(settlement.carried)
