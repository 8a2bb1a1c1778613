"""Live Unlimited Blackjack tables (issue 16, 004 §4): one common hand for every player, dealt
from scanner readings, each player deciding alone.

A table round of a live ``unlimited_004`` table: betting for 15 s (004 §4.2) through the tables'
bet route (the main bet and side bets on box 1; the box's player is always the play's owner).
After "no more bets" the round is one :class:`~croupier.games.blackjack.common.CommonHandTable`
round of every play, rebuilt from its record: each ``reading`` is the next common card (checked
against the table's physical shoe like every live card table), each ``live_decision`` one
player's decision on their copy of the hand (004 §4.7). The round waits for a card when the
common hand needs one; otherwise for the players still deciding, all at once, 13 s (004 §4.9)
from the last card or decision; when the time runs out every player still deciding takes the
default, "No" to insurance then "Stand" (004 §4.8), the next deadline running from that one.
When every view is finished the round is resulted and :func:`settle` pays each play from its own
view's settlement.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.cards import name, parse
from croupier.errors import CroupierError, IllegalAction
from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.blackjack.common import CommonHandTable
from croupier.games.dealer_poker.shared import SharedCardsTable
from croupier.platform import tables
from croupier.platform.clock import aware, iso
from croupier.platform.decisions import default_decision, stakes_of, table_view
from croupier.platform.errors import InsufficientFunds, NotFound, RoundStateError
from croupier.platform.incident_rules_blackjack import UNLIMITED_VARIANTS
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.live import (
    DECISION_EVENT,
    DECISION_TABLES,
    Step,
    require_live,
    shoe_left,
    waiting_round,
)
from croupier.platform.live_decisions import DECISION_SECONDS, WaitingForDecision, share_return, who
from croupier.platform.live_errors import BadReading, CardNotInShoe, RoundFinished
from croupier.platform.protection import hooks as protection
from croupier.platform.rounds import actions_of, add_event, draws_json, play_bets, record_bets
from croupier.platform.rounds import resolve_game as _resolve
from croupier.platform.wallet import balance
from croupier.store.models import Bet, Play, Player, Round, RoundEvent


def is_live_unlimited(game: str, variant: str) -> bool:
    return game == "blackjack" and variant in UNLIMITED_VARIANTS


def is_shared_table(game: str, variant: str) -> bool:
    """A live table whose players share one set of cards: Unlimited Blackjack's common hand
    (004 §4.4) or Casino Hold'em's common cards (004 §5.9)."""
    return is_live_unlimited(game, variant) or game == "casino_holdem"


def table_of(rnd: Round) -> Any:
    """The many-player table of the round's game (same interface for both)."""
    spec, _v = _resolve(rnd.game, rnd.variant)
    if rnd.game == "blackjack":
        return CommonHandTable(spec.engine)  # type: ignore[arg-type]
    return SharedCardsTable(spec.engine)  # type: ignore[arg-type]


@dataclass
class CommonLive:
    rnd: Round
    plays: list[Play]
    groups: dict[tuple[str, int], list[Bet]]  # (player, view bet id) -> rows
    state: Any  # CommonRound / SharedRound; None: nobody bet
    clock: datetime
    table: Any = None  # CommonHandTable / SharedCardsTable


def _events(session: Session, round_id: int) -> list[RoundEvent]:
    return list(session.scalars(select(RoundEvent).where(RoundEvent.round_id == round_id)
                                .order_by(RoundEvent.id)))


def build(session: Session, rnd: Round) -> CommonLive:
    _spec, variant = _resolve(rnd.game, rnd.variant)
    log = _events(session, rnd.id)
    added = {int(x["row"]) for e in log if e.type == DECISION_EVENT
             for x in e.data.get("stakes", ())}
    plays = list(session.scalars(select(Play).where(Play.round_id == rnd.id).order_by(Play.id)))
    groups: dict[tuple[str, int], list[Bet]] = {}
    slips: dict[str, list[BetRequest]] = {}
    rows: dict[int, Bet] = {}
    for p in plays:
        me = who(p.player_id)
        for b in play_bets(session, p.id):
            rows[b.id] = b
            if b.id in added:
                continue
            slip = slips.setdefault(me, [])
            groups[(me, len(slip))] = [b]
            target = (1, me) if rnd.game == "blackjack" else tuple(b.target)  # box 1: the owner's
            slip.append(BetRequest(b.code, b.stake, target))
    table = table_of(rnd)
    out = CommonLive(rnd, plays, groups, None, aware(rnd.closed_at or rnd.opened_at), table)
    if not slips:
        return out
    state = table.start(variant, slips, rnd.currency)
    for e in log:
        if e.type == "reading":
            card = parse(str(e.data["label"]))
            state = table.apply_draw(state, DrawAction("card", state.remaining.index(card)))
            out.clock = aware(e.created_at)
        elif e.type == DECISION_EVENT:
            me = who(int(e.data["player_id"]))
            state = table.decide(state, me, Decision(str(e.data["name"]), dict(e.data["args"])))
            for x in e.data.get("stakes", ()):
                groups.setdefault((me, int(x["bet_id"])), []).append(rows[int(x["row"])])
            out.clock = datetime.fromisoformat(str(e.data["at"]))
    out.state = state
    return out


def deciding(cl: CommonLive) -> list[str]:
    """The players still to decide on their copy (while another's next card may be pending)."""
    t = cl.table
    if cl.state is None or t.is_finished(cl.state):
        return []
    return [p for p, v in zip(cl.state.players, cl.state.views, strict=True)
            if not t.engine.is_finished(v) and t.legal_actions(cl.state, p)]


def waiting_for(cl: CommonLive) -> str | None:
    if cl.state is None or cl.table.is_finished(cl.state):
        return None
    return "card" if cl.table.next_draw(cl.state) is not None else "decision"


def _view(cl: CommonLive, player: str) -> Any:
    if cl.state is None:  # pragma: no cover - callers check
        raise IllegalAction("nobody bet in this round")
    return cl.state.views[cl.state.players.index(player)]


def _decide(session: Session, cl: CommonLive, player: str, d: Decision, by: str, at: datetime,
            now: datetime) -> None:
    if cl.state is None:  # pragma: no cover - callers check
        raise IllegalAction("nobody bet in this round")
    before = stakes_of(_view(cl, player))
    new = cl.table.decide(cl.state, player, d)
    after = stakes_of(new.views[new.players.index(player)])
    play = next(p for p in cl.plays if who(p.player_id) == player)
    items: list[tuple[int, str, int]] = []
    for eid, (code, stake) in sorted(after.items()):
        old = before.get(eid, (code, 0))[1]
        if stake > old:  # a double or split adds to a bet; insurance is a bet of its own
            items.append((eid, code if eid not in before else d.name, stake - old))
    stakes: list[dict[str, Any]] = []
    if items:
        if by != "player":  # pragma: no cover - a default adds no stake
            raise RoundStateError("a default decision cannot add a stake")
        ledger = Ledger(session)
        ledger.lock_player(play.player_id)
        total = sum(x[2] for x in items)
        if ledger.balance(player_code(play.player_id)) < total:
            raise InsufficientFunds(f"{d.name} needs {total} more (minor units) at stake")
        made = record_bets(session, ledger, cl.rnd, play,
                           [BetRequest(c, a, (1, player) if cl.rnd.game == "blackjack" else ())
                            for _e, c, a in items], now)
        for (eid, _c, amount), row in zip(items, made, strict=True):
            cl.groups.setdefault((player, eid), []).append(row)
            stakes.append({"bet_id": eid, "row": row.id, "amount": amount})
    add_event(session, cl.rnd.id, DECISION_EVENT, {
        "name": d.name, "args": dict(d.args), "by": by, "player_id": play.player_id,
        "at": iso(at), "stakes": stakes}, now)
    cl.state = new


def apply_timeouts(session: Session, cl: CommonLive, now: datetime, seconds: float) -> int:
    """Every player still deciding at a passed deadline takes the default (004 §4.8)."""
    spec, _v = _resolve(cl.rnd.game, cl.rnd.variant)
    n = 0
    while cl.rnd.state == "closed" and cl.state is not None and deciding(cl):
        due = cl.clock + timedelta(seconds=seconds)
        if due > now:
            break
        for player in deciding(cl):
            d = default_decision(spec, _view(cl, player))  # Stand / No; Fold (004 §5.10.2)
            if d is None:  # pragma: no cover - blackjack offers Stand / No
                raise RoundStateError("no default decision")
            _decide(session, cl, player, d, "timeout", due, now)
            n += 1
        cl.clock = due
    _finish_if_done(session, cl, now)
    return n


def _finish_if_done(session: Session, cl: CommonLive, now: datetime) -> None:
    rnd = cl.rnd
    if rnd.state != "closed":
        return
    spec, _v = _resolve(rnd.game, rnd.variant)
    if cl.state is None:
        if cl.plays:  # pragma: no cover - a play always has a bet
            return
        rnd.draws, rnd.outcome = [], {"kind": "blackjack", "players": 0}
    elif cl.table.is_finished(cl.state):
        rnd.draws = draws_json(actions_of(cl.state.events))
        first = cl.state.views[0]
        rnd.outcome = {**table_view(spec, first), "players": len(cl.state.players),
                       "cards": [name(c) for _k, c in cl.state.cards]}
    else:
        return
    rnd.state, rnd.resulted_at = "resulted", now
    add_event(session, rnd.id, "result", {"outcome": rnd.outcome}, now)
    session.flush()


def _lock(session: Session, round_id: int) -> Round:
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update()
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None or rnd.table_id is None or not is_shared_table(rnd.game, rnd.variant):
        raise NotFound(f"no live shared-cards round {round_id}")
    return rnd


def decide(session: Session, round_id: int, player: Player, action: str, now: datetime,
           seconds: float = DECISION_SECONDS) -> dict[str, Any]:
    """A player's own decision on their copy of the common hand (004 §4.7)."""
    rnd = _lock(session, round_id)
    if rnd.state != "closed":
        raise RoundFinished(f"round {rnd.id} is {rnd.state}: no {action} now")
    cl = build(session, rnd)
    apply_timeouts(session, cl, now, seconds)
    me = who(player.id)
    if me not in deciding(cl) or cl.state is None:
        raise IllegalAction(f"round {rnd.id} waits for {waiting_for(cl) or 'nothing'} from you, "
                            f"not {action!r}")
    legal = [d for d in cl.table.legal_actions(cl.state, me) if d.name == action]
    if not legal:
        names = ", ".join(sorted({d.name for d in cl.table.legal_actions(cl.state, me)}))
        raise IllegalAction(f"{action!r} is not allowed now; allowed: {names}")
    _decide(session, cl, me, legal[0], "player", now, now)
    cl.clock = now
    _finish_if_done(session, cl, now)
    session.flush()
    return player_view(session, rnd.id, player, now, seconds)


def advance(session: Session, round_id: int, now: datetime, seconds: float) -> int:
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update()
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None or rnd.state != "closed" or not is_shared_table(rnd.game, rnd.variant):
        return 0
    return apply_timeouts(session, build(session, rnd), now, seconds)


def submit_card(session: Session, table_id: str, reading: Mapping[str, Any], by: str,
                now: datetime, seconds: float = DECISION_SECONDS) -> dict[str, Any]:
    """The next common card (scanner or console), checked against the physical shoe."""
    require_live(session, table_id)
    raw = reading.get("round_id")
    if raw is not None and (isinstance(raw, bool) or not isinstance(raw, int)):
        raise BadReading("round_id is a round number")
    rnd = waiting_round(session, table_id, raw)
    cl = build(session, rnd)
    apply_timeouts(session, cl, now, seconds)
    wait = waiting_for(cl)
    if wait == "decision":
        raise WaitingForDecision(f"round {rnd.id} waits for {len(deciding(cl))} player(s) to "
                                 "decide, not a card")
    if wait is None or cl.state is None:
        raise RoundFinished(f"round {rnd.id} takes no card (nobody bet, or it is complete)")
    if "card" not in reading:
        raise BadReading("the round waits for a card: send {\"card\": \"Ah\"}")
    try:
        code = parse(str(reading["card"]))
    except CroupierError:
        raise CardNotInShoe(f"{reading['card']!r} is not a card of this shoe") from None
    if code not in cl.state.remaining:  # not a card of the game, or none of it left
        raise CardNotInShoe(f"{reading['card']!r} is not a card of this shoe")
    if rnd.game == "blackjack" and shoe_left(session, table_id).get(code, 0) <= 0:
        raise CardNotInShoe(f"every {name(code)} of this shoe has already been dealt")
    index = cl.state.remaining.index(code)
    cl.state = cl.table.apply_draw(cl.state, DrawAction("card", index))
    step = Step("card", index, name(code))
    add_event(session, rnd.id, "reading", step.to_dict(by), now)
    cl.clock = now
    _finish_if_done(session, cl, now)
    session.flush()
    return {"round_id": rnd.id, "table_id": table_id, "read": step.label, "state": rnd.state,
            "waiting_for": waiting_for(cl), "deciding": len(deciding(cl)), "outcome": rnd.outcome}


def settle(session: Session, round_id: int, now: datetime) -> tables.RoundReport:
    """Pay every play from its own copy of the common hand."""
    rnd = _lock(session, round_id)
    if rnd.state != "resulted":
        raise RoundStateError(f"round {round_id} is {rnd.state}, not resulted")
    cl = build(session, rnd)
    report = tables.RoundReport(rnd.id, rnd.table_id or "", "settled", rnd.outcome)
    settled = cl.table.settle(cl.state) if cl.state is not None else {}
    ledger = Ledger(session)
    for p in cl.plays:
        if p.status != "open":
            continue
        me = who(p.player_id)
        got = 0
        for r in settled[me].bets:
            grp = cl.groups.get((me, r.bet_id), [])
            if sum(b.stake for b in grp) != r.stake:  # pragma: no cover - guards the record
                raise RoundStateError(f"round {rnd.id}: {me} bet {r.bet_id} stake mismatch")
            share_return(grp, r.returned, r.outcome)
            got += r.returned
        view = _view(cl, me)
        p.events = [e.to_dict() for e in view.events]
        p.returned_total, p.status, p.settled_at = got, "settled", now
        cur = p.currency
        if p.stake_total:
            ledger.transfer(f"stake:{p.id}", system_code("stakes", cur), system_code("house", cur),
                            p.stake_total, "stake", round_id=rnd.id, play_id=p.id, now=now)
        if got:
            ledger.transfer(f"payout:{p.id}", system_code("house", cur),
                            protection.payout_account(session, p), got, "payout",
                            round_id=rnd.id, play_id=p.id, now=now)
        protection.play_settled(session, rnd, p, got, now)
        pl = session.get(Player, p.player_id)
        if pl is not None:
            report.plays.append(tables.PlayResult(p.player_id, p.stake_total, got, [],
                                                  balance(session, pl).to_dict()))
    rnd.state, rnd.settled_at = "settled", now
    add_event(session, rnd.id, "settled", {"plays": len(report.plays)}, now)
    session.flush()
    return report


def player_view(session: Session, round_id: int, player: Player, now: datetime,
                seconds: float = DECISION_SECONDS) -> dict[str, Any]:
    """The player's copy of the common hand, live or on reconnecting (004 §4.32–4.33)."""
    rnd = session.get(Round, round_id)
    if rnd is None or rnd.table_id is None or not is_shared_table(rnd.game, rnd.variant):
        raise NotFound(f"no live shared-cards round {round_id}")
    spec, _v = _resolve(rnd.game, rnd.variant)
    cl = build(session, rnd) if rnd.state != "open" else None
    me = who(player.id)
    mine = cl is not None and cl.state is not None and me in cl.state.players
    legal = []
    if mine and cl is not None and cl.state is not None and rnd.state == "closed" \
            and me in deciding(cl):
        legal = [{"name": d.name, "args": dict(d.args)}
                 for d in cl.table.legal_actions(cl.state, me)]
    due = cl.clock + timedelta(seconds=seconds) if legal and cl is not None else None
    play = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                              Play.player_id == player.id)).one_or_none()
    return {
        "round_id": rnd.id, "table_id": rnd.table_id, "state": rnd.state,
        "void_reason": rnd.void_reason,
        "table": table_view(spec, _view(cl, me)) if mine and cl is not None else None,
        "waiting_for": None if cl is None else waiting_for(cl),
        "legal_actions": legal, "decision_deadline": iso(due),
        "your_decisions": [] if cl is None else [
            {"name": e.data["name"], "by": e.data.get("by"), "at": e.data.get("at")}
            for e in _events(session, rnd.id)
            if e.type == DECISION_EVENT and e.data.get("player_id") == player.id],
        "bets": [] if play is None else [
            {"code": b.code, "stake_minor": b.stake, "returned_minor": b.returned,
             "outcome": b.outcome} for b in play_bets(session, play.id)],
        "stake_minor": 0 if play is None else play.stake_total,
        "returned_minor": None if play is None else play.returned_total,
    }


DECISION_TABLES.append((is_shared_table, submit_card))  # live.submit_reading's card source
