"""Live operations as units of work (issue 16): what the API, the dealer console, the scanner
command and the table runner call. Each method is one transaction (``Platform.run``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform import incidents, live, live_common, live_decisions, shoes, tables
from croupier.platform.clock import iso
from croupier.platform.events import table_message
from croupier.platform.game_status import record
from croupier.platform.incident_rules_blackjack import rules_of
from croupier.platform.live_errors import BadIncident, RoundFinished
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER, require, role_of
from croupier.platform.service import Platform
from croupier.store.live_models import LiveDevice, LiveIncident, LiveTable
from croupier.store.models import Round

Publish = Callable[[dict[str, Any]], Awaitable[None]]
#: how often a runner looks at a live round waiting for its result
POLL_SECONDS = 0.25
STATUSES = ("open", "paused", "closed")


class LiveOps:
    def __init__(self, platform: Platform) -> None:
        self.p = platform

    def now(self) -> datetime:
        return self.p.clock()

    # -- tables ------------------------------------------------------------------------------------

    def is_live(self, table_id: str) -> bool:
        return self.p.read(lambda s: live.source_of(s, table_id) == "live")

    def status(self, table_id: str) -> dict[str, Any]:
        def fn(s: Session) -> dict[str, Any]:
            tables.get_table(s, table_id)
            row = s.get(LiveTable, table_id)
            return {"table_id": table_id, "source": row.source if row else "rng",
                    "status": row.status if row else "open",
                    "reason": row.status_reason if row else None}
        return self.p.read(fn)

    def can_open(self, table_id: str) -> bool:
        from croupier.platform.game_status import disabled_reason  # issue 16: GLI-19 4.15

        return bool(self.status(table_id)["status"] == "open") and self.p.read(
            lambda s: disabled_reason(s, tables.get_table(s, table_id).game) is None)

    def set_status(self, table_id: str, status: str, reason: str | None, actor_id: int) -> dict[str, Any]:
        """Open, pause or close a table (floor manager): a table not open takes no new round;
        the round in progress finishes (GLI-19 4.15). ``reason`` is shown to players. Each change
        is an entry of the monitoring record (``table_<status>:<table>:<sha256>``)."""
        if status not in STATUSES:
            raise BadIncident(f"a table's status is one of {', '.join(STATUSES)}")
        text = (reason or "").strip() or None
        if status != "open" and text is None:
            raise BadIncident("pausing or closing a table needs the reason shown to players")

        def fn(s: Session) -> dict[str, Any]:
            require(s, actor_id, FLOOR_MANAGER)
            t = tables.get_table(s, table_id)
            row = s.get(LiveTable, table_id)
            if row is None:
                row = LiveTable(table_id=table_id, source="rng", status=status,
                                status_reason=text, updated_at=self.now())
                s.add(row)
            row.status, row.status_reason, row.updated_at = status, text, self.now()
            s.flush()
            # issue 16: in the monitoring record as limits and game on/off are (001 §5.2.10)
            record(s, f"table_{status}:{table_id}", {"table_id": table_id, "status": status,
                                                     "reason": text, "by": actor_id,
                                                     "at": iso(self.now())},
                   actor_id, t.currency, self.now())
            return {"table_id": table_id, "source": row.source, "status": status, "reason": text}
        return self.p.run(fn)

    def add_device(self, table_id: str, name: str) -> tuple[str, int]:
        def fn(s: Session) -> tuple[str, int]:
            token, row = live.add_device(s, table_id, name, self.now())
            return token, row.id
        return self.p.run(fn)

    # -- readings ------------------------------------------------------------------------------

    def device_reading(self, table_id: str, token: str | None,
                       reading: Mapping[str, Any]) -> dict[str, Any]:
        def fn(s: Session) -> dict[str, Any]:
            dev = live.device_of(s, table_id, token)
            return live.submit_reading(s, table_id, reading, f"device:{dev.id}", self.now())
        return self.p.run(fn)

    def dealer_reading(self, table_id: str, dealer_id: int,
                       reading: Mapping[str, Any]) -> dict[str, Any]:
        def fn(s: Session) -> dict[str, Any]:
            require(s, dealer_id, DEALER)
            return live.submit_reading(s, table_id, reading, f"dealer:{dealer_id}", self.now())
        return self.p.run(fn)

    def new_shoe(self, table_id: str, dealer_id: int) -> dict[str, Any]:
        """The dealer puts a freshly shuffled shoe in play (card tables)."""
        def fn(s: Session) -> dict[str, Any]:
            require(s, dealer_id, DEALER)
            return live.new_shoe(s, table_id, self.now())
        return self.p.run(fn)

    def close_betting(self, table_id: str, dealer_id: int) -> int:
        """The dealer closes betting now ("no more bets") on the table's open round."""
        def fn(s: Session) -> int:
            require(s, dealer_id, DEALER)
            return live.close_betting(s, table_id, self.now())
        return self.p.run(fn)

    # -- incidents -----------------------------------------------------------------------------

    def incident(self, round_id: int, code: str, actor_id: int, reason: str,
                 evidence: str | None = None, data: Mapping[str, Any] | None = None,
                 ) -> incidents.IncidentResult:
        netting = getattr(self.p.settings, "live_correction_netting", "per_bet")
        return self.p.run(lambda s: incidents.report(s, round_id, code, actor_id, reason,
                                                     evidence, data, self.now(), netting))

    def approve(self, incident_id: int, checker_id: int) -> incidents.IncidentResult:
        return self.p.run(lambda s: incidents.approve(s, incident_id, checker_id, self.now()))

    def reject(self, incident_id: int, checker_id: int) -> incidents.IncidentResult:
        return self.p.run(lambda s: incidents.reject(s, incident_id, checker_id, self.now()))

    def expire(self, round_id: int) -> tables.RoundReport | None:
        seconds = self.p.settings.live_result_seconds
        decide = self.p.settings.decision_seconds

        def fn(s: Session) -> tables.RoundReport | None:
            # a live blackjack round first takes the defaults it is due (004 §2.9.4, §2.36)
            live_decisions.advance(s, round_id, self.now(), decide)
            live_common.advance(s, round_id, self.now(), decide)  # 004 §4.8
            return incidents.expire_if_due(s, round_id, seconds, self.now())
        return self.p.run(fn)

    def result_view(self, round_id: int) -> dict[str, Any]:
        """A resulted live round as the runner publishes it (like ``Platform.result_round``)."""
        def fn(s: Session) -> dict[str, Any]:
            rnd = s.get(Round, round_id)
            if rnd is None or rnd.state != "resulted":
                raise RoundFinished(f"round {round_id} is not resulted")
            return {"round_id": rnd.id, "outcome": rnd.outcome, "server_seed": rnd.server_seed,
                    "client_seed": rnd.client_seed, "nonce": rnd.nonce,
                    "readings": [x.label for x in live.readings(s, rnd.id)]}
        return self.p.read(fn)

    def round_state(self, round_id: int) -> str:
        return self.p.read(lambda s: str(s.scalar(select(Round.state).where(Round.id == round_id))))

    # -- the console ---------------------------------------------------------------------------

    def console(self, table_id: str, viewer_id: int) -> dict[str, Any]:
        """What the dealer console shows: the table, its round, the readings and what the round
        waits for, the shoe, the incidents and their rules, the proposals waiting for a checker."""
        def fn(s: Session) -> dict[str, Any]:
            role = require(s, viewer_id, DEALER)
            t = live.require_live(s, table_id)
            view = tables.table_view(s, table_id, self.p.settings.betting_seconds)
            view.update(shoes.view(s, t))
            rnd = s.scalars(select(Round).where(Round.table_id == table_id)
                            .order_by(Round.id.desc()).limit(1)).one_or_none()
            waiting: str | None = None
            steps: list[dict[str, Any]] = []
            if rnd is not None:
                got = live.readings(s, rnd.id)
                steps = [{"kind": x.kind, "label": x.label} for x in got]
                if rnd.state == "closed" and live_decisions.is_live_blackjack(t.game, t.variant):
                    tr = live_decisions.build(s, rnd)  # issue 16: cards or a player's decision
                    waiting = live_decisions.waiting_for(tr)
                    view["turn"] = live_decisions.in_turn(tr)
                elif rnd.state == "closed" and live_common.is_shared_table(t.game, t.variant):
                    cl = live_common.build(s, rnd)  # 004 §4: the common hand
                    waiting = live_common.waiting_for(cl)
                    view["deciding"] = len(live_common.deciding(cl))
                elif rnd.state == "closed":
                    b = live.build(rnd, got)
                    waiting = b.waiting.kind if b.waiting is not None else None
            row = s.get(LiveTable, table_id)
            live_shoe = None
            if shoes.is_shoe_game(t.game, t.variant):  # the physical shoe of a card table
                left = live.shoe_left(s, table_id)
                live_shoe = {"number": row.shoe_number if row else 1,
                             "cards_left": sum(max(0, n) for n in left.values())}
            pending = s.scalars(select(LiveIncident).where(
                LiveIncident.table_id == table_id, LiveIncident.state == "proposed")
                .order_by(LiveIncident.id)).all()
            recent = s.scalars(select(LiveIncident).where(LiveIncident.table_id == table_id)
                               .order_by(LiveIncident.id.desc()).limit(20)).all()
            devices = s.scalars(select(LiveDevice).where(LiveDevice.table_id == table_id,
                                                         LiveDevice.revoked_at.is_(None))).all()
            view.update({
                "you": {"id": viewer_id, "role": role},
                "status": row.status if row else "open",
                "status_reason": row.status_reason if row else None,
                "readings": steps, "waiting_for": waiting, "live_shoe": live_shoe,
                "rules": [r.to_dict() for r in rules_of(t.game, t.variant).values()],
                "proposals": [incidents.incident_dict(i) for i in pending],
                "incidents": [incidents.incident_dict(i) for i in recent],
                "devices": [{"id": d.id, "name": d.name, "created_at": iso(d.created_at)}
                            for d in devices],
                "server_time": iso(self.now()),
            })
            return view
        return self.p.read(fn)

    def whoami(self, player_id: int) -> str | None:
        return self.p.read(lambda s: role_of(s, player_id))


async def wait_for_betting(ops: LiveOps, round_id: int, seconds: float, stop: asyncio.Event
                           ) -> bool:
    """The betting window of a live round: ``seconds``, or until the dealer called "no more
    bets" (the round is no longer open); True when the runner is stopping."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not stop.is_set():
        left = end - loop.time()
        if left <= 0 or await asyncio.to_thread(ops.round_state, round_id) != "open":
            break
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=min(POLL_SECONDS, left))
    return stop.is_set()


async def wait_for_result(ops: LiveOps, publish: Publish, table_id: str, round_id: int,
                          stop: asyncio.Event) -> tuple[bool, tables.RoundReport | None]:
    """The runner's wait for a live round's result: (True, None) once it is ``resulted``;
    (False, the void's report) when the wait timed out (004 §1.18: the runner publishes it);
    (False, None) when it was voided by an incident (published by whoever reported it), held for
    a manual settlement, or the runner is stopping."""
    announced_respins = 0
    while not stop.is_set():
        report = await asyncio.to_thread(ops.expire, round_id)
        if report is not None:
            return False, report
        state = await asyncio.to_thread(ops.round_state, round_id)
        if state == "resulted":
            return True, None
        if state != "closed":
            if state == "held":
                await publish(table_message(table_id, {
                    "type": "held", "table_id": table_id, "round_id": round_id,
                    "reason": "technical failure: the round will be settled manually on the "
                              "video's result (004 §1.20.2)", "server_time": iso(ops.now())}))
            return False, None
        respins = await asyncio.to_thread(_respins, ops, round_id)
        if respins > announced_respins:
            announced_respins = respins
            await publish(table_message(table_id, {
                "type": "no_spin", "table_id": table_id, "round_id": round_id,
                "reason": "No Spin: the ball is spun again; your bets stay (004 §1.16-1.17)",
                "server_time": iso(ops.now())}))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=POLL_SECONDS)
    return False, None


def _respins(ops: LiveOps, round_id: int) -> int:
    from sqlalchemy import func

    from croupier.store.models import RoundEvent

    return int(ops.p.read(lambda s: s.scalar(select(func.count()).select_from(RoundEvent).where(
        RoundEvent.round_id == round_id, RoundEvent.type == "respin"))) or 0)
