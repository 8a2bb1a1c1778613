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
from sqlalchemy.orm import Session, aliased

from croupier.errors import IllegalAction, InvalidBet
from croupier.games.base import Action, BetRequest, DrawAction, Settlement, inputs_from_events, play
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


def carry_forward(session: Session, rnd: Round, carried: Sequence[Bet], now: datetime) -> list[Play]:
    """Place carried bets in ``rnd`` (no new debit: their stakes are still held in ``stakes``)."""
    plays: dict[int, Play] = {}
    for b in carried:
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
        session.add(Bet(play_id=p.id, seq=seq, slip_key=f"carry:{b.id}", code=b.code,
                        target=list(b.target), stake=b.stake, returned=None, outcome=None,
                        carried_from=b.id, created_at=now))
        p.stake_total += b.stake
        session.flush()
    return list(plays.values())


def refund_play(session: Session, ledger: Ledger, rnd: Round, play_row: Play, now: datetime) -> int:
    """Return every stake of a play at odds of 1 (000 §10, §11; 001 §3.5). Exactly once."""
    if play_row.status != "open":
        return 0
    for b in play_bets(session, play_row.id):
        b.returned = b.stake
        b.outcome = "refunded"
    if play_row.stake_total:
        ledger.transfer(f"refund:{play_row.id}", system_code("stakes", play_row.currency),
                        protection.payout_account(session, play_row),  # protection (issue 7): 001 §6.8.5
                        play_row.stake_total, "refund",
                        round_id=rnd.id, play_id=play_row.id, now=now)
        protection.play_refunded(session, rnd, play_row, play_row.stake_total, now)  # protection (issue 7)
    play_row.returned_total = play_row.stake_total
    play_row.status = "refunded"
    play_row.settled_at = now
    return play_row.stake_total


def resolve_game(game_name: str, variant_name: str) -> tuple[GameSpec, Any]:
    spec = game(game_name)
    variant = load_variant(game_name, variant_name)
    return spec, variant


def play_single(
    session: Session, player: Player, game_name: str, variant_name: str, slip: Sequence[SlipBet],
    now: datetime,
) -> int:
    """A single-player round: debit, draw, settle and record in one unit of work; the round id."""
    spec, variant = resolve_game(game_name, variant_name)
    bets = parse_slip(slip, player.currency)
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    first_id: int | None = None
    carried: list[Bet] = []
    for _spin in range(MAX_CARRIED_SPINS):
        rnd, carries = _single_round(session, ledger, spec, variant, variant_name, player,
                                     bets if first_id is None else [], carried, now)
        if first_id is None:
            first_id = rnd.id
        if not carries:
            break
        carried = pending_carries(session, rnd.id)
    if first_id is None:  # pragma: no cover - the loop runs at least once
        raise UnsupportedGame("no round was played")
    return first_id


#: An en prison bet is carried at most once (a second zero loses it), so two spins suffice;
#: the bound only guards against a variant that would carry forever.
MAX_CARRIED_SPINS = 8


def _single_round(
    session: Session, ledger: Ledger, spec: GameSpec, variant: Any, variant_name: str,
    player: Player, bets: Sequence[BetRequest], carried: Sequence[Bet], now: datetime,
) -> tuple[Round, bool]:
    pair = active_pair(session, player.id, now, lock=True)
    nonce = pair.next_nonce
    source = fair.stream(pair.server_seed, pair.client_seed, nonce)
    carried_reqs = [BetRequest(b.code, b.stake, tuple(b.target)) for b in carried]
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
