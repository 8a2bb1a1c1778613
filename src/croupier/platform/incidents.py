"""Incidents of live rounds (issue 16): each clause of 004 with the outcome the rules set.

Outcomes:

* ``respin`` — the round stays closed, bets stay (placed bets cannot be withdrawn), the readings
  start again and so does the reader's wait (004 §1.16–1.17, §1.19, §1.22);
* ``void`` — every stake of the round is returned once (``tables.void_round``: per-play refund
  keys), the reason shown to players in Games History and on the table;
* ``manual`` — the result is known (video review) but was not registered: a floor manager
  proposes it, a *different* floor manager or operator approves it, and only then is the round
  settled on it (004 §1.20.2, maker/checker); until then the round is ``held``;
* ``correction`` — a settled round whose registered number was wrong is settled on the video's
  number; what was over-credited is not taken back (004 §1.24);
* ``continue`` / ``stands`` — recorded only (004 §1.21.1, §1.21.2.2).

Every incident is a :class:`~croupier.store.live_models.LiveIncident` row (who, when, why, the
evidence reference such as a video timestamp) and an ``incident`` entry of the hash-chained
monitoring record whose ``ref`` carries the SHA-256 of that row's content, so neither can be
edited unseen. An action on a round not in the state its clause needs (a second void, a respin of
a settled round) is refused with ``round_finished`` and moves nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform import tables
from croupier.platform.clock import aware, iso
from croupier.platform.incident_rules import (
    CORRECTION,
    MANUAL,
    NEW_SHOE,
    READER_TIMEOUT,
    REMOVE,
    RESPIN,
    TIMEOUTS,
    VOID,
    Rule,
)
from croupier.platform.incident_rules_blackjack import REFUND_HAND, rules_of, timeout_for
from croupier.platform.ledger import Ledger, system_code
from croupier.platform.live import (
    DECISION_EVENT,
    REMOVED_EVENT,
    Step,
    new_shoe,
    read_draws,
    readings,
    require_live,
    steps_from,
    store_result,
)
from croupier.platform.live_errors import (
    BadIncident,
    RoundFinished,
    SameOperator,
    UnknownIncident,
)
from croupier.platform.live_roles import FLOOR_MANAGER, require
from croupier.platform.protection import audit
from croupier.platform.protection import hooks as protection
from croupier.platform.rounds import (
    add_event,
    draws_from_json,
    engine_inputs,
    play_bets,
    resolve_game,
)
from croupier.store.live_models import LiveIncident
from croupier.store.models import Play, Round, RoundEvent

#: 004 §1.24 without clawback: the extra owed on the video's result, per bet or per play
NETTINGS = ("per_bet", "per_play")
MAX_REASON = 500
MAX_EVIDENCE = 200


@dataclass
class IncidentResult:
    incident: dict[str, Any]
    report: tables.RoundReport | None = None
    credited: dict[int, int] = field(default_factory=dict)  # corrections: player id -> extra


# -- the record -----------------------------------------------------------------------------------


def incident_dict(inc: LiveIncident) -> dict[str, Any]:
    return {"id": inc.id, "round_id": inc.round_id, "table_id": inc.table_id, "code": inc.code,
            "clause": inc.clause, "outcome": inc.outcome, "state": inc.state,
            "reason": inc.reason, "evidence": inc.evidence, "data": inc.data,
            "maker_id": inc.maker_id, "checker_id": inc.checker_id,
            "created_at": iso(inc.created_at), "decided_at": iso(inc.decided_at)}


def digest(inc: LiveIncident) -> str:
    text = json.dumps(incident_dict(inc), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _record(session: Session, inc: LiveIncident, rnd: Round, actor: int | None, amount: int,
            now: datetime) -> None:
    session.flush()
    audit.append(session, "incident", player_id=actor or 0, round_id=rnd.id, play_id=None,
                 amount=amount, currency=rnd.currency, account="incident",
                 ref=f"incident:{inc.id}:{inc.state}:{digest(inc)}", now=now)


def _text(value: str | None, what: str, limit: int, required: bool) -> str | None:
    text = (value or "").strip()
    if not text:
        if required:
            raise BadIncident(f"an incident needs its {what}")
        return None
    if len(text) > limit:
        raise BadIncident(f"the {what} is at most {limit} characters")
    return text


def _lock(session: Session, round_id: int) -> Round:
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update()
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None or rnd.table_id is None:
        raise RoundFinished(f"no table round {round_id}")
    return rnd


def player_reason(rule: Rule, clause: str | None = None) -> str:
    return f"Game voided — {rule.title}, stakes returned (004 §{clause or rule.clause})"


def _void(session: Session, rnd: Round, rule: Rule, now: datetime,
          clause: str | None = None) -> tables.RoundReport:
    if rnd.state == "held":  # a held round is unfinished too (a manual settlement was refused)
        rnd.state = "closed"
        session.flush()
    rep = tables.void_round(session, rnd.id, player_reason(rule, clause), now)
    if rep is None:  # pragma: no cover - the state was checked under the lock
        raise RoundFinished(f"round {rnd.id} is already finished")
    return rep


# -- reporting an incident ------------------------------------------------------------------------


def report(session: Session, round_id: int, code: str, actor_id: int, reason: str,
           evidence: str | None, data: Mapping[str, Any] | None, now: datetime,
           netting: str = "per_bet") -> IncidentResult:
    """Apply incident ``code`` to a live round, by the account ``actor_id`` (its role checked)."""
    rnd = _lock(session, round_id)
    require_live(session, rnd.table_id or "")
    rules = rules_of(rnd.game, rnd.variant)  # issue 16: the decision games' rules by variant
    rule = rules.get(code)
    if rule is None:
        known = ", ".join(sorted(rules)) or "none"
        raise BadIncident(f"{rnd.game} has no incident {code!r} (known: {known})")
    require(session, actor_id, rule.role)
    why = _text(reason, "reason", MAX_REASON, True) or ""
    ref = _text(evidence, "evidence reference", MAX_EVIDENCE, False)
    if rnd.state not in rule.states:
        raise RoundFinished(f"round {rnd.id} is {rnd.state}: {code} (004 §{rule.clause}) applies "
                            f"to a round that is {' or '.join(rule.states)}")
    extra = dict(data or {})
    clause, outcome = rule.resolve(extra, len(readings(session, rnd.id)))
    steps: list[Step] = []
    if outcome in (MANUAL, CORRECTION):
        items = extra.get("readings")
        if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
            raise BadIncident('this incident needs the video\'s result: "readings": [{"pocket": N}]')
        steps = steps_from(rnd, items)
        read_draws(rnd, steps)  # complete, or a precise error before anything is written
        extra = {"readings": [s.to_dict("video") for s in steps]}
    if outcome == CORRECTION:
        if netting not in NETTINGS:
            raise BadIncident(f"netting is one of {', '.join(NETTINGS)}")
        if session.scalars(select(LiveIncident.id).where(
                LiveIncident.round_id == rnd.id, LiveIncident.code == code)).first() is not None:
            raise RoundFinished(f"round {rnd.id} was already corrected (004 §1.24)")
    inc = LiveIncident(round_id=rnd.id, table_id=rnd.table_id or "", code=code, clause=clause,
                       outcome=outcome, state="proposed" if outcome == MANUAL else "done",
                       reason=why, evidence=ref, data=extra or None, maker_id=actor_id,
                       checker_id=None, created_at=now, decided_at=None)
    session.add(inc)
    session.flush()
    out = IncidentResult({})
    amount = 0
    if outcome == RESPIN:
        add_event(session, rnd.id, "respin", {"incident": inc.id, "clause": clause}, now)
    elif outcome == VOID:
        out.report = _void(session, rnd, rule, now, clause)
        amount = sum(p.stake for p in out.report.plays)
    elif outcome == MANUAL:
        rnd.state = "held"
        add_event(session, rnd.id, "held", {"incident": inc.id, "clause": clause}, now)
    elif outcome == CORRECTION:
        out.credited = _correct(session, rnd, inc, steps, netting, now)
        amount = sum(out.credited.values())
    elif outcome == REFUND_HAND:  # 004 §2.25 / §4.22: the hand's initial stake returned
        from croupier.platform.live_decisions import refund_hand

        out.credited = refund_hand(session, rnd, inc.id, int(extra["player_id"]), now)
        amount = sum(out.credited.values())
    elif outcome == REMOVE:  # 004 §3.34: the last dealt card(s) to the discard holder
        add_event(session, rnd.id, REMOVED_EVENT, {"incident": inc.id, "clause": clause,
                                                   "count": int(extra["count"])}, now)
    else:
        if outcome == NEW_SHOE:  # 004 §3.21.3: the card set is replaced
            new_shoe(session, rnd.table_id or "", now)
        add_event(session, rnd.id, "incident", {"incident": inc.id, "clause": clause,
                                                "outcome": outcome}, now)
    if outcome != MANUAL:
        inc.decided_at = now
    _record(session, inc, rnd, actor_id, amount, now)
    out.incident = incident_dict(inc)
    return out


def expire_if_due(session: Session, round_id: int, seconds: float, now: datetime
                  ) -> tables.RoundReport | None:
    """Void a live round that has waited ``seconds`` for its result since "no more bets" (or its
    last re-spin, reading or removed card): a reader failure (004 §1.18; baccarat 3.35). None
    when it is not due (or not waiting)."""
    rnd = _lock(session, round_id)
    if rnd.state != "closed" or rnd.closed_at is None:
        return None
    start = aware(rnd.closed_at)
    restart = ("respin", "reading", REMOVED_EVENT, DECISION_EVENT)  # issue 16: and a decision
    last = session.scalar(select(RoundEvent.created_at).where(
        RoundEvent.round_id == rnd.id, RoundEvent.type.in_(restart))
        .order_by(RoundEvent.id.desc()).limit(1))
    if last is not None and aware(last) > start:
        start = aware(last)  # the wait restarts with each re-spin, reading or removed card
    if now - start < timedelta(seconds=seconds):
        return None
    rule = timeout_for(rnd.game, rnd.variant) or TIMEOUTS.get(rnd.game, READER_TIMEOUT)
    inc = LiveIncident(round_id=rnd.id, table_id=rnd.table_id or "", code=rule.code,
                       clause=rule.clause, outcome=VOID, state="done",
                       reason=f"no reading within {seconds:g} s", evidence=None, data=None,
                       maker_id=None, checker_id=None, created_at=now, decided_at=now)
    session.add(inc)
    rep = _void(session, rnd, rule, now)
    _record(session, inc, rnd, None, sum(p.stake for p in rep.plays), now)
    return rep


# -- manual settlement: maker and checker ---------------------------------------------------------


def _proposal(session: Session, incident_id: int) -> LiveIncident:
    inc = session.scalars(select(LiveIncident).where(LiveIncident.id == incident_id)
                          .with_for_update()).one_or_none()
    if inc is None:
        raise UnknownIncident(f"no incident {incident_id}")
    if inc.outcome != MANUAL:
        raise BadIncident(f"incident {incident_id} is not a manual settlement")
    if inc.state != "proposed":
        raise RoundFinished(f"the manual settlement {incident_id} is already {inc.state}")
    return inc


def approve(session: Session, incident_id: int, checker_id: int, now: datetime) -> IncidentResult:
    """The second person approves a manual settlement: the round is settled on its result."""
    inc = _proposal(session, incident_id)
    require(session, checker_id, FLOOR_MANAGER)
    if checker_id == inc.maker_id:
        raise SameOperator("a manual settlement is approved by a second person, not the one who "
                           "proposed it (004 §1.20.2)")
    rnd = _lock(session, inc.round_id)
    if rnd.state != "held":
        raise RoundFinished(f"round {rnd.id} is {rnd.state}, no longer held for this settlement")
    steps = [Step(str(s["kind"]), int(s["value"]), str(s["label"]))
             for s in (inc.data or {}).get("readings", [])]
    final = _replay(rnd, steps)
    store_result(session, rnd, final, now)
    rnd.outcome = {**(rnd.outcome or {}), "manual": {"incident": inc.id, "clause": inc.clause}}
    session.flush()
    rep = tables.settle_round(session, rnd.id, now)
    inc.state, inc.checker_id, inc.decided_at = "approved", checker_id, now
    _record(session, inc, rnd, checker_id, sum(p.returned for p in rep.plays), now)
    return IncidentResult(incident_dict(inc), rep)


def reject(session: Session, incident_id: int, checker_id: int, now: datetime) -> IncidentResult:
    """The second person refuses a manual settlement: the round stays held (a new proposal, or a
    void as 1.20.1, follows)."""
    inc = _proposal(session, incident_id)
    require(session, checker_id, FLOOR_MANAGER)
    if checker_id == inc.maker_id:
        raise SameOperator("a manual settlement is decided by a second person (004 §1.20.2)")
    rnd = _lock(session, inc.round_id)
    inc.state, inc.checker_id, inc.decided_at = "rejected", checker_id, now
    _record(session, inc, rnd, checker_id, 0, now)
    return IncidentResult(incident_dict(inc))


def _replay(rnd: Round, steps: Sequence[Step]) -> Any:
    from croupier.platform.live import build

    b = build(rnd, steps)
    if not b.finished:  # pragma: no cover - checked when it was proposed
        raise BadIncident("the proposed result is incomplete")
    return b.state


# -- 004 §1.24: settle on the video's result, no clawback -----------------------------------------


def _correct(session: Session, rnd: Round, inc: LiveIncident, steps: Sequence[Step],
             netting: str, now: datetime) -> dict[int, int]:
    spec, variant = resolve_game(rnd.game, rnd.variant)
    draws, outcome = read_draws(rnd, steps)
    actions = draws_from_json(draws)
    plays = list(session.scalars(select(Play).where(Play.round_id == rnd.id,
                                                    Play.status == "settled").order_by(Play.id)))
    planned: list[tuple[Play, list[Any], list[int]]] = []
    for p in plays:
        bets = play_bets(session, p.id)
        if any(b.carried_from is not None or b.outcome == "carried" for b in bets):
            raise BadIncident(f"round {rnd.id} carried bets to another spin (en prison): it "
                              "cannot be corrected here")
        ordered, reqs, carried_in = engine_inputs(bets)
        state = spec.engine.start(variant, reqs, p.currency, carried_in)
        for a in actions:
            state = spec.engine.apply(state, a)
        settled = spec.engine.settle(state)
        if netting == "per_bet":
            extras = [max(0, r.returned - int(b.returned or 0))
                      for b, r in zip(ordered, settled.bets, strict=True)]
        else:
            total = max(0, settled.total_returned - int(p.returned_total or 0))
            extras = [0] * len(ordered)
            if ordered:
                extras[0] = total  # per play: recorded on the play, not spread over its bets
        planned.append((p, ordered, extras))
        for b, r, x in zip(ordered, settled.bets, extras, strict=True):
            if x:
                b.returned = int(b.returned or 0) + x
                b.outcome = r.outcome if netting == "per_bet" else b.outcome
    ledger = Ledger(session)
    credited: dict[int, int] = {}
    for p, _ordered, extras in planned:
        extra = sum(extras)
        if not extra:
            continue
        account = protection.payout_account(session, p)  # 001 §6.8.5: where the stake came from
        ledger.transfer(f"correction:{p.id}", system_code("house", p.currency), account, extra,
                        "payout", round_id=rnd.id, play_id=p.id, now=now)
        audit.append(session, "win", player_id=p.player_id, round_id=rnd.id, play_id=p.id,
                     amount=extra, currency=p.currency, account=account.rsplit(":", 1)[-1],
                     ref=f"correction:{p.id}", now=now)
        p.returned_total = int(p.returned_total or 0) + extra
        credited[p.player_id] = extra
    registered = rnd.outcome
    rnd.draws = draws
    rnd.outcome = {**outcome, "corrected": {"registered": registered, "incident": inc.id,
                                            "clause": "1.24", "netting": netting}}
    add_event(session, rnd.id, "corrected", {"incident": inc.id, "credited": credited}, now)
    session.flush()
    return credited


def incidents_of(session: Session, round_id: int) -> list[dict[str, Any]]:
    return [incident_dict(i) for i in session.scalars(
        select(LiveIncident).where(LiveIncident.round_id == round_id).order_by(LiveIncident.id))]
