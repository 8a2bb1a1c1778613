"""A table WebSocket that resumes (issue 24): ``/api/tables/{id}/ws?since=N`` gets every event
of the table numbered above N, then the live ones (numbers: ``platform/event_log.py``).

The replay waits for the socket's first message (at most ``WS_AUTH_SECONDS``), so that a player
who authenticates gets the missed events with its private fields (its stake and what it was
paid); a guest's client sends ``"ping"`` at once (or waits the few seconds). Events of the live
feed that the replay already sent are not sent again (:attr:`Connection.sent_seq`). When events
older than those kept were asked for, a ``gap`` message (``from``, ``to``: the numbers lost) says
so before the replay: the client then trusts its snapshot for what it cannot get back. When the
table's numbering started again (its log expired, ``event_log.IDLE_SECONDS``), the ``gap`` has
``restarted: true``: the client's next number is then the replay's first.
"""

from __future__ import annotations

from typing import Any

from fastapi import WebSocket

from croupier.platform.events import Broker, Connection, table_view


def since_param(websocket: WebSocket) -> int | None | str:
    """The ``since`` of the socket's URL: None without one, the number, or the reason it is
    refused (a string)."""
    raw = websocket.query_params.get("since")
    if raw is None or raw == "":
        return None
    if not raw.isdigit() or len(raw) > 18:
        return "since is the number of the last table event seen (a whole number, 0 or more)"
    return int(raw)


async def replay(websocket: WebSocket, broker: Broker, conn: Connection, since: int) -> None:
    """Send the table's events numbered above ``since`` to the socket, in order, as ``conn``'s
    player sees them; the live feed then skips what was sent."""
    found = await broker.since(conn.table_id, since)
    restarted = found.restarted
    if restarted:  # the table's numbers started again: everything kept is new to the client
        found = await broker.since(conn.table_id, 0)
    if found.missing is not None or restarted:
        first, last = found.missing or (1, 0)
        await websocket.send_json({"type": "gap", "table_id": conn.table_id, "from": first,
                                   "to": last, "last": found.last, "restarted": restarted})
    sent = 0 if restarted else since
    for env in found.envelopes:
        msg: dict[str, Any] = table_view(env, conn.player_id)
        await websocket.send_json(msg)
        sent = int(env["seq"])
    conn.sent_seq = max(conn.sent_seq, sent)


def fresh(conn: Connection, msg: dict[str, Any]) -> bool:
    """Whether the live feed's ``msg`` is still to be sent on ``conn`` (a numbered table event
    not sent yet, or any unnumbered message); notes its number."""
    seq = msg.get("seq")
    if not isinstance(seq, int):
        return True
    if seq <= conn.sent_seq:
        return False
    conn.sent_seq = seq
    return True
