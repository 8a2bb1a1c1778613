"""Live blackjack tables (issue 16): a seated blackjack round dealt from a physical shoe.

A live blackjack table (004 §2: seven seats, eight decks) runs table rounds like any live table:
betting opens and closes on the table's timer (23 s, 004 §2.3) and each player's bets are a play
of the round. A player bets on a **seat** (1–7, at most two per player, 004 §2.2): the seat's
main bet and its side bets carry the target ``(seat, "<player id>")``. After "no more bets" the
round is **one** engine round of the whole table (every play's opening bets, in play order), in
which each card is a **reading** (scanner or dealer console, the ``reading`` round events of the
other live tables) and each decision a ``live_decision`` round event of the seat's owner:

* the round asks for a card (``engine.next_draw``) → it waits for the scanner; a card the
  table's physical shoe no longer holds, or that is not a card of the game, is refused exactly as
  at a live baccarat table (:func:`croupier.platform.live.shoe_left`);
* the round asks for a decision → it waits for the player in turn (13 s, 004 §2.10); a reading
  sent meanwhile is refused (``waiting_for_decision``); when the time runs out the documented
  default is taken (004 §2.9.4: "Stand" and "No" to insurance), timed from the previous deadline,
  so a player who disconnected has the round played by the defaults (004 §2.36–2.37);
* the stakes a decision adds (double, split, insurance) are debited from the player in the same
  transaction (``insufficient_funds`` otherwise, nothing moves).

When the engine's round is finished the round is ``resulted`` (draws and the table's view stored)
and :func:`settle` pays each play from the one engine settlement (``stake:<play>`` /
``payout:<play>`` keys, once). Voids are the live tables' (:func:`croupier.platform.tables
.void_round`: every stake of the round, the added ones too, refunded once).

Not wired here (see docs/live.md): Unlimited Blackjack's common hand (004 §4) and Casino
Hold'em (004 §5) live tables; their incident rules apply to their table rounds all the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.cards import deck, name, parse
from croupier.errors import CroupierError, IllegalAction
from croupier.errors import SeatTaken as SeatTaken  # its code's one class (croupier.errors)
from croupier.games.base import BetRequest, Decision
from croupier.games.blackjack.engine import BlackjackState, card_draw
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
from croupier.platform.live_errors import BadReading, CardNotInShoe, RoundFinished
from croupier.platform.protection import hooks as protection
from croupier.platform.rounds import (
    SlipBet,
    actions_of,
    add_event,
    draws_json,
    play_bets,
    record_bets,
    resolve_game,
)
from croupier.platform.wallet import balance
from croupier.store.models import Bet, Play, Player, Round, RoundEvent

#: 004 §2.10: 13 seconds for each decision
DECISION_SECONDS = 13.0


class SeatRequired(CroupierError):
    """A bet sent to a live blackjack table without its seat (the table route of other games)."""

    code = "seat_required"


class WaitingForDecision(CroupierError):
    """A card scanned while the round waits for a player's decision."""

    code = "waiting_for_decision"


def is_live_blackjack(game: str, variant: str) -> bool:
    """A seated blackjack game (004 §2), the one decision game a live table deals here."""
    return game == "blackjack" and variant not in UNLIMITED_VARIANTS


def who(player_id: int) -> str:
    """The player's name inside the table's engine round (a box owner)."""
    return str(player_id)


# -- bets on a seat -------------------------------------------------------------------------------


def place(session: Session, player: Player, table_id: str, seat: int, slip: Sequence[SlipBet],
          now: datetime) -> tables.BetsAccepted:
    """Bets on ``seat`` of the live blackjack table's open round (main bet and side bets): the
    seat is the player's if it is free, and at most two seats are theirs (the engine checks)."""
    t = require_live(session, table_id)
    if not is_live_blackjack(t.game, t.variant):
        raise BadReading(f"table {table_id} is not a live blackjack table")
    _spec, variant = resolve_game(t.game, t.variant)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= variant.seats:
        raise SeatTaken(f"the seats are 1 to {variant.seats}")
    rnd = tables.open_round_of(session, table_id)
    if rnd is not None:  # the round locked: two players cannot take one seat at once
        session.scalars(select(Round.id).where(Round.id == rnd.id).with_for_update()).one()
        for b in session.scalars(select(Bet).join(Play, Play.id == Bet.play_id).where(
                Play.round_id == rnd.id, Play.player_id != player.id)):
            if b.target and int(b.target[0]) == seat:
                raise SeatTaken(f"seat {seat} is taken; pick a Free Seat")
    mine = [SlipBet(b.code, b.stake, (seat, who(player.id))) for b in slip]
    return tables.place_bets(session, player, table_id, mine, now)


# -- the table's engine round, rebuilt from its record ----------------------------------------


@dataclass
class TableRound:
    """A live blackjack round rebuilt from its bets, readings and decisions."""

    rnd: Round
    plays: list[Play]
    groups: dict[int, list[Bet]]  # engine bet id -> its rows (the opening bet, then added stakes)
    state: BlackjackState | None  # None: nobody bet
    clock: datetime               # when the pending decision's time started
    decisions: int = 0
    owner: dict[str, Play] = field(default_factory=dict)


def _events(session: Session, round_id: int) -> list[RoundEvent]:
    return list(session.scalars(select(RoundEvent).where(RoundEvent.round_id == round_id)
                                .order_by(RoundEvent.id)))


def build(session: Session, rnd: Round) -> TableRound:
    spec, variant = resolve_game(rnd.game, rnd.variant)
    log = _events(session, rnd.id)
    added = {int(x["row"]) for e in log if e.type == DECISION_EVENT
             for x in e.data.get("stakes", ())}
    plays = list(session.scalars(select(Play).where(Play.round_id == rnd.id).order_by(Play.id)))
    groups: dict[int, list[Bet]] = {}
    reqs: list[BetRequest] = []
    owner: dict[str, Play] = {}
    rows_by_id: dict[int, Bet] = {}
    for p in plays:
        owner[who(p.player_id)] = p
        for b in play_bets(session, p.id):
            rows_by_id[b.id] = b
            if b.id in added:
                continue
            groups[len(reqs)] = [b]
            seat = tuple(b.target[:1])  # the box is the seat; its player is the play's owner
            reqs.append(BetRequest(b.code, b.stake, (*seat, who(p.player_id), *b.target[2:])))
    start = aware(rnd.closed_at or rnd.opened_at)
    out = TableRound(rnd, plays, groups, None, start, 0, owner)
    if not reqs:
        return out
    state: BlackjackState = spec.engine.start(variant, reqs, rnd.currency)
    for e in log:
        if e.type == "reading":
            state = spec.engine.apply(state, card_draw(state, parse(str(e.data["label"]))))
            out.clock = aware(e.created_at)
        elif e.type == DECISION_EVENT:
            state = spec.engine.apply(state, Decision(str(e.data["name"]), dict(e.data["args"])))
            for x in e.data.get("stakes", ()):
                groups.setdefault(int(x["bet_id"]), []).append(rows_by_id[int(x["row"])])
            out.clock = datetime.fromisoformat(str(e.data["at"]))
            out.decisions += 1
    out.state = state
    return out


def waiting_for(tr: TableRound) -> str | None:
    """``card``, ``decision`` or None (finished, or nobody bet)."""
    spec, _v = resolve_game(tr.rnd.game, tr.rnd.variant)
    if tr.state is None or spec.engine.is_finished(tr.state):
        return None
    return "card" if spec.engine.next_draw(tr.state) is not None else "decision"


def in_turn(tr: TableRound) -> dict[str, Any] | None:
    """The seat and player whose decision the round waits for."""
    spec, _v = resolve_game(tr.rnd.game, tr.rnd.variant)
    if waiting_for(tr) != "decision" or tr.state is None:
        return None
    d = spec.engine.legal_actions(tr.state)[0]
    return {"seat": int(d.args["box"]), "player_id": int(str(d.args["player"])),
            "options": sorted({x.name for x in spec.engine.legal_actions(tr.state)})}


def deadline(tr: TableRound, seconds: float) -> datetime | None:
    return tr.clock + timedelta(seconds=seconds) if waiting_for(tr) == "decision" else None


# -- decisions --------------------------------------------------------------------------------


def _decide(session: Session, tr: TableRound, d: Decision, by: str, at: datetime,
            now: datetime) -> None:
    spec, _v = resolve_game(tr.rnd.game, tr.rnd.variant)
    if tr.state is None:  # pragma: no cover - a decision needs a dealt round
        raise IllegalAction("nobody bet in this round")
    before = stakes_of(tr.state)
    new = spec.engine.apply(tr.state, d)  # IllegalAction / NotYourTurn with the engine's reason
    after = stakes_of(new)
    play = tr.owner[str(d.args["player"])]
    items: list[tuple[int, str, int, tuple[Any, ...]]] = []
    for eid in sorted(after):
        code, stake = after[eid]
        old = before.get(eid, (code, 0))[1]
        if stake > old:
            target = tuple(tr.groups[eid][0].target) if eid in tr.groups else \
                (int(d.args["box"]), str(d.args["player"]))
            items.append((eid, code if eid not in before else d.name, stake - old, target))
    stakes: list[dict[str, Any]] = []
    if items:
        ledger = Ledger(session)
        ledger.lock_player(play.player_id)
        total = sum(x[2] for x in items)
        if by == "player" and ledger.balance(player_code(play.player_id)) < total:
            raise InsufficientFunds(f"{d.name} needs {total} more (minor units) at stake")
        if by != "player":  # pragma: no cover - a default decision adds no stake
            raise RoundStateError("a default decision cannot add a stake")
        rows = record_bets(session, ledger, tr.rnd, play,
                           [BetRequest(c, a, t) for _e, c, a, t in items], now)
        for (eid, _c, amount, _t), row in zip(items, rows, strict=True):
            tr.groups.setdefault(eid, []).append(row)
            stakes.append({"bet_id": eid, "row": row.id, "amount": amount})
    add_event(session, tr.rnd.id, DECISION_EVENT, {
        "name": d.name, "args": dict(d.args), "by": by, "player_id": play.player_id,
        "at": iso(at), "stakes": stakes}, now)
    tr.state = new
    tr.clock = at
    tr.decisions += 1


def apply_timeouts(session: Session, tr: TableRound, now: datetime, seconds: float) -> int:
    """Take the default decision (004 §2.9.4: Stand, no insurance) at every passed deadline,
    each timed from the previous one; the number taken."""
    spec, _v = resolve_game(tr.rnd.game, tr.rnd.variant)
    n = 0
    while tr.rnd.state == "closed" and waiting_for(tr) == "decision" and tr.state is not None:
        due = tr.clock + timedelta(seconds=seconds)
        if due > now:
            break
        d = default_decision(spec, tr.state)
        if d is None:  # pragma: no cover - blackjack always offers Stand / No
            raise RoundStateError("no default decision")
        _decide(session, tr, d, "timeout", due, now)
        n += 1
    _finish_if_done(session, tr, now)
    return n


def _finish_if_done(session: Session, tr: TableRound, now: datetime) -> None:
    spec, _v = resolve_game(tr.rnd.game, tr.rnd.variant)
    rnd = tr.rnd
    if rnd.state != "closed":
        return
    if tr.state is None:
        if tr.plays:  # pragma: no cover - a play always has a bet
            return
        rnd.draws, rnd.outcome = [], {"kind": "blackjack", "players": 0}
    elif spec.engine.is_finished(tr.state):
        rnd.draws = draws_json(actions_of(tr.state.events))
        rnd.outcome = {**table_view(spec, tr.state), "decisions": [
            {"name": e.data["name"], "seat": e.data["args"].get("box"), "by": e.data.get("by"),
             "at": e.data.get("at")} for e in _events(session, rnd.id) if e.type == DECISION_EVENT]}
    else:
        return
    rnd.state = "resulted"
    rnd.resulted_at = now
    add_event(session, rnd.id, "result", {"outcome": rnd.outcome}, now)
    session.flush()


def _lock(session: Session, round_id: int) -> Round:
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update()
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None or rnd.table_id is None or not is_live_blackjack(rnd.game, rnd.variant):
        raise NotFound(f"no live blackjack round {round_id}")
    return rnd


def decide(session: Session, round_id: int, player: Player, action: str,
           args: Mapping[str, Any] | None, now: datetime, seconds: float = DECISION_SECONDS
           ) -> dict[str, Any]:
    """The decision of the player in turn (the seat's owner) on a live blackjack round."""
    rnd = _lock(session, round_id)
    if rnd.state != "closed":
        what = "still takes bets" if rnd.state == "open" else f"is {rnd.state}"
        raise RoundFinished(f"round {rnd.id} {what}: no {action} now")
    require_live(session, rnd.table_id or "")
    tr = build(session, rnd)
    apply_timeouts(session, tr, now, seconds)
    spec, _v = resolve_game(rnd.game, rnd.variant)
    if waiting_for(tr) != "decision" or tr.state is None:
        raise RoundFinished(f"round {rnd.id} waits for {waiting_for(tr) or 'nothing'}, "
                            "not for a decision")
    mine = [d for d in spec.engine.legal_actions(tr.state)
            if d.args.get("player") == who(player.id) and d.name == action
            and (not args or "box" not in args or d.args.get("box") == args.get("box"))]
    if not mine:
        turn = in_turn(tr) or {}
        raise IllegalAction(f"{action!r} is not yours to take now: seat {turn.get('seat')} "
                            f"decides ({', '.join(turn.get('options', []))})")
    _decide(session, tr, mine[0], "player", now, now)
    _finish_if_done(session, tr, now)
    session.flush()
    return player_view(session, rnd.id, player, now, seconds)


def advance(session: Session, round_id: int, now: datetime, seconds: float) -> int:
    """The runner's step: take the defaults a waiting live blackjack round is due (and mark a
    round nobody bet on as resulted); the decisions taken."""
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update()
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None or rnd.state != "closed" or not is_live_blackjack(rnd.game, rnd.variant):
        return 0
    return apply_timeouts(session, build(session, rnd), now, seconds)


# -- cards ------------------------------------------------------------------------------------


def submit_card(session: Session, table_id: str, reading: Mapping[str, Any], by: str,
                now: datetime, seconds: float = DECISION_SECONDS) -> dict[str, Any]:
    """One scanned card for the live blackjack table's waiting round (``by``: ``device:<id>`` or
    ``dealer:<id>``), checked against the physical shoe and the engine."""
    require_live(session, table_id)
    raw = reading.get("round_id")
    if raw is not None and (isinstance(raw, bool) or not isinstance(raw, int)):
        raise BadReading("round_id is a round number")
    rnd = waiting_round(session, table_id, raw)
    tr = build(session, rnd)
    apply_timeouts(session, tr, now, seconds)
    wait = waiting_for(tr)
    if wait == "decision":
        turn = in_turn(tr) or {}
        raise WaitingForDecision(f"round {rnd.id} waits for seat {turn.get('seat')}'s decision, "
                                 "not a card")
    if wait is None or tr.state is None:
        raise RoundFinished(f"round {rnd.id} takes no card (nobody bet, or it is complete)")
    if "card" not in reading:
        raise BadReading("the round waits for a card: send {\"card\": \"Ah\"}")
    _spec, variant = resolve_game(rnd.game, rnd.variant)
    try:
        code = parse(str(reading["card"]))
    except CroupierError:
        raise CardNotInShoe(f"{reading['card']!r} is not a card of this shoe") from None
    if code not in set(deck(variant.decks)):
        raise CardNotInShoe(f"{reading['card']!r} is not a card of this shoe")
    if shoe_left(session, table_id).get(code, 0) <= 0:
        raise CardNotInShoe(f"every {name(code)} of this shoe has already been dealt")
    spec, _v = resolve_game(rnd.game, rnd.variant)
    draw = card_draw(tr.state, code)
    tr.state = spec.engine.apply(tr.state, draw)
    step = Step("card", int(draw.value), name(code))
    add_event(session, rnd.id, "reading", step.to_dict(by), now)
    tr.clock = now
    _finish_if_done(session, tr, now)
    session.flush()
    return {"round_id": rnd.id, "table_id": table_id, "read": step.label, "state": rnd.state,
            "waiting_for": waiting_for(tr), "turn": in_turn(tr), "outcome": rnd.outcome}


# -- settlement -------------------------------------------------------------------------------


def share_return(rows: Sequence[Bet], returned: int, outcome: str) -> None:
    """One engine bet's return over its rows in proportion to their stakes, exactly (the
    remainder to the first row), as single-player decision rounds do."""
    total = sum(b.stake for b in rows)
    given = 0
    for b in rows[1:]:
        part = returned * b.stake // total if total else 0
        b.returned, b.outcome = part, outcome
        given += part
    if rows:
        rows[0].returned, rows[0].outcome = returned - given, outcome


def settle(session: Session, round_id: int, now: datetime) -> tables.RoundReport:
    """Pay every play of a resulted live blackjack round from the table's one settlement."""
    rnd = _lock(session, round_id)
    if rnd.state != "resulted":
        raise RoundStateError(f"round {round_id} is {rnd.state}, not resulted")
    spec, _v = resolve_game(rnd.game, rnd.variant)
    tr = build(session, rnd)
    report = tables.RoundReport(rnd.id, rnd.table_id or "", "settled", rnd.outcome)
    returned: dict[int, int] = {p.id: 0 for p in tr.plays}
    events: Any = None  # the table's engine record, on every play
    if tr.state is not None:
        settlement = spec.engine.settle(tr.state)
        for r in settlement.bets:
            grp = tr.groups.get(r.bet_id, [])
            if sum(b.stake for b in grp) != r.stake:  # pragma: no cover - guards the record
                raise RoundStateError(f"round {rnd.id}: bet {r.bet_id} settled on {r.stake}, "
                                      f"{sum(b.stake for b in grp)} was debited")
            share_return(grp, r.returned, r.outcome)
            for b in grp:
                returned[b.play_id] += int(b.returned or 0)
        events = [e.to_dict() for e in tr.state.events]
    ledger = Ledger(session)
    for p in tr.plays:
        if p.status != "open":
            continue
        cur = p.currency
        p.events = events
        p.returned_total = returned[p.id]
        p.status, p.settled_at = "settled", now
        if p.stake_total:
            ledger.transfer(f"stake:{p.id}", system_code("stakes", cur), system_code("house", cur),
                            p.stake_total, "stake", round_id=rnd.id, play_id=p.id, now=now)
        if returned[p.id]:
            ledger.transfer(f"payout:{p.id}", system_code("house", cur),
                            protection.payout_account(session, p), returned[p.id], "payout",
                            round_id=rnd.id, play_id=p.id, now=now)
        protection.play_settled(session, rnd, p, returned[p.id], now)
        player = session.get(Player, p.player_id)
        if player is not None:
            report.plays.append(tables.PlayResult(
                p.player_id, p.stake_total, returned[p.id],
                [{"code": b.code, "target": b.target, "stake_minor": b.stake,
                  "returned_minor": b.returned, "outcome": b.outcome}
                 for b in play_bets(session, p.id)], balance(session, player).to_dict()))
    rnd.state, rnd.settled_at = "settled", now
    add_event(session, rnd.id, "settled", {"plays": len(report.plays)}, now)
    session.flush()
    return report


# -- 004 §2.25 / §4.22: an action not offered ---------------------------------------------------


def refund_hand(session: Session, rnd: Round, incident_id: int, player_id: int, now: datetime
                ) -> dict[int, int]:
    """The player's initial stake (their main bets, 004 §2.25 "initial stake") back on a settled
    round, less what those bets already returned, never below zero (ASSUMPTION: nothing is taken
    back, as 1.24); once per play (key ``hand_refund:<play>``)."""
    play = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                              Play.player_id == player_id)).one_or_none()
    if play is None or play.status != "settled":
        raise BadReading(f"player {player_id} has no settled hand in round {rnd.id}")
    done = session.scalars(select(RoundEvent.data).where(
        RoundEvent.round_id == rnd.id, RoundEvent.type == "hand_refunded")).all()
    if any(int(d.get("play_id", 0)) == play.id for d in done):
        raise RoundFinished(f"the hand of player {player_id} was already refunded")
    mains = [b for b in play_bets(session, play.id) if b.code == "main"]
    owed = {}
    for b in mains:
        owed[b.id] = max(0, b.stake - int(b.returned or 0))
    extra = sum(owed.values())
    if extra:
        Ledger(session).transfer(f"hand_refund:{play.id}", system_code("house", play.currency),
                                 protection.payout_account(session, play), extra, "refund",
                                 round_id=rnd.id, play_id=play.id, now=now)
        play.returned_total = int(play.returned_total or 0) + extra
        for b in mains:
            b.returned = int(b.returned or 0) + owed[b.id]
    add_event(session, rnd.id, "hand_refunded", {"incident": incident_id, "play_id": play.id,
                                                 "amount": extra}, now)
    session.flush()
    return {player_id: extra}


# -- what a player sees (and sees again on reconnecting) ---------------------------------------


def player_view(session: Session, round_id: int, player: Player, now: datetime,
                seconds: float = DECISION_SECONDS) -> dict[str, Any]:
    """The round as a player sees it, live or on reconnecting (004 §2.36–2.37: the result of a
    round they could not follow): the table (the hole card hidden until it is turned), whose turn
    it is, their own decisions, bets and what each returned, the reason of a void."""
    rnd = session.get(Round, round_id)
    if rnd is None or rnd.table_id is None or not is_live_blackjack(rnd.game, rnd.variant):
        raise NotFound(f"no live blackjack round {round_id}")
    spec, _v = resolve_game(rnd.game, rnd.variant)
    tr = build(session, rnd) if rnd.state != "open" else None
    play = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                              Play.player_id == player.id)).one_or_none()
    legal: list[dict[str, Any]] = []
    if tr is not None and tr.state is not None and rnd.state == "closed" \
            and waiting_for(tr) == "decision":
        legal = [{"name": d.name, "args": dict(d.args)} for d in spec.engine.legal_actions(tr.state)
                 if d.args.get("player") == who(player.id)]
    due = deadline(tr, seconds) if tr is not None and rnd.state == "closed" else None
    mine = [] if play is None else play_bets(session, play.id)
    return {
        "round_id": rnd.id, "table_id": rnd.table_id,
        "state": rnd.state, "void_reason": rnd.void_reason,
        "table": None if tr is None or tr.state is None else table_view(spec, tr.state),
        "waiting_for": None if tr is None else waiting_for(tr),
        "turn": None if tr is None else in_turn(tr),
        "legal_actions": legal, "decision_deadline": iso(due),
        "seconds_left": None if due is None else max(0.0, (due - now).total_seconds()),
        "your_decisions": [] if tr is None else [
            {"name": e.data["name"], "seat": e.data["args"].get("box"), "by": e.data.get("by"),
             "at": e.data.get("at")} for e in _events(session, rnd.id)
            if e.type == DECISION_EVENT and e.data.get("player_id") == player.id],
        "bets": [{"code": b.code, "seat": b.target[0] if b.target else None,
                  "stake_minor": b.stake, "returned_minor": b.returned, "outcome": b.outcome}
                 for b in mine],
        "stake_minor": 0 if play is None else play.stake_total,
        "returned_minor": None if play is None else play.returned_total,
        "server_time": iso(now),
    }


DECISION_TABLES.append((is_live_blackjack, submit_card))  # live.submit_reading's card source
