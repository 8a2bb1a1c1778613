"""``croupier scanner``: the reader devices of live tables (issue 16).

    croupier scanner add-device --table ID --name NAME [--database URL]
    croupier scanner simulate --table ID --token TOKEN [--url URL] [--rounds N]
                              [--pocket P ...] [--card C ...] [--seed HEX] [--wait SECONDS]
                              [--socket]

``add-device`` creates a device of a live table and prints its token once (only its SHA-256 is
stored). ``simulate`` is a wheel reader or card scanner over HTTP: for each round it waits until
the table's round is closed ("no more bets"), then reports the given pockets or cards in order, or
random ones from a seeded stream (``--seed``; a fresh seed by default) — a demo and an end-to-end
test of a live table without a studio. With ``--socket`` the readings go over the device
WebSocket (``/api/live/tables/{id}/device``, ``api/live_devices.py``) instead of one HTTP request
each; the table is still watched over HTTP.
"""

from __future__ import annotations

import argparse
import json
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TextIO

from croupier.cards import name
from croupier.rng import fair

#: (method, path, body, bearer token) -> (status, JSON answer)
Transport = Callable[[str, str, dict[str, Any] | None, str | None], tuple[int, Any]]


def add_parsers(sub: Any) -> None:
    s = sub.add_parser("scanner", help="reader devices of live tables (issue 16)")
    ssub = s.add_subparsers(dest="scanner_command", required=True)
    a = ssub.add_parser("add-device", help="create a device of a live table; print its token")
    a.add_argument("--table", required=True)
    a.add_argument("--name", required=True)
    a.add_argument("--database")
    m = ssub.add_parser("simulate", help="report results to a live table like a reader")
    m.add_argument("--table", required=True)
    m.add_argument("--token", required=True)
    m.add_argument("--url", default="http://127.0.0.1:8000")
    m.add_argument("--rounds", type=int, default=1)
    m.add_argument("--pocket", action="append", default=[], help="pockets to report, in order")
    m.add_argument("--card", action="append", default=[], help="cards to report, in order")
    m.add_argument("--seed", help="server seed (64 hex) of the random results")
    m.add_argument("--wait", type=float, default=120.0, help="seconds to wait for each round")
    m.add_argument("--socket", action="store_true",
                   help="report over the device WebSocket instead of HTTP")


def http_transport(base: str) -> Transport:
    def send(method: str, path: str, body: dict[str, Any] | None, token: str | None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(base.rstrip("/") + path, data=data, method=method)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if method != "GET":
            req.add_header("Idempotency-Key", str(uuid.uuid4()))
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=10) as res:  # noqa: S310 - the operator's URL
                return res.status, json.loads(res.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")
    return send


class Socket(Protocol):
    """The two calls of a text WebSocket the scanner needs (``websockets``' sync client)."""

    def send(self, message: str) -> None: ...

    def recv(self) -> Any: ...


def socket_transport(http: Transport, table_id: str, token: str, sock: Socket) -> Transport:
    """Readings over the device WebSocket (authenticated by the first message), everything else
    over ``http``; a socket answer is turned into the HTTP route's (status, body)."""
    sock.send(json.dumps({"type": "auth", "token": token}))
    hello = json.loads(sock.recv())
    if not hello.get("ok"):
        raise RuntimeError(f"the device socket refused the token: {hello.get('detail', hello)}")
    readings = f"/api/live/tables/{table_id}/readings"

    def send(method: str, path: str, body: dict[str, Any] | None, bearer: str | None
             ) -> tuple[int, Any]:
        if method != "POST" or path != readings:
            return http(method, path, body, bearer)
        sock.send(json.dumps({"type": "reading", "key": str(uuid.uuid4()), **(body or {})}))
        answer = json.loads(sock.recv())
        if answer.get("type") == "error":
            return int(answer.get("status", 400)), answer
        return 200, answer
    return send


def open_socket(base: str, table_id: str) -> Socket:
    """The device socket of a table at ``base`` (http -> ws, https -> wss)."""
    from websockets.sync.client import connect  # installed with uvicorn[standard]

    ws = "ws" + base.rstrip("/").removeprefix("http")
    return connect(f"{ws}/api/live/tables/{table_id}/device")


def random_results(seed: str | None, game: str) -> Iterator[dict[str, Any]]:
    """Endless results from a seeded stream: pockets 0-36, or cards of a shuffled 8-deck shoe."""
    stream = fair.stream(seed or fair.new_server_seed(), "scanner-simulate", 0)
    if game == "roulette":
        while True:
            yield {"pocket": stream.randbelow(37)}
    while True:
        shoe = [c for c in range(52) for _ in range(8)]
        stream.shuffle(shoe)
        for c in shoe:
            yield {"card": name(c)}


class Scanner:
    def __init__(self, send: Transport, table_id: str, token: str,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.send, self.table_id, self.token, self.sleep = send, table_id, token, sleep

    def table(self) -> dict[str, Any]:
        status, body = self.send("GET", f"/api/tables/{self.table_id}", None, None)
        if status != 200:
            raise RuntimeError(f"table {self.table_id}: HTTP {status} {body}")
        return dict(body)

    def wait_closed(self, after: int, wait: float) -> int | None:
        """The id of the table's next round (after round ``after``) once it is closed."""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            rnd = self.table().get("round") or {}
            if rnd.get("state") == "closed" and int(rnd["round_id"]) > after:
                return int(rnd["round_id"])
            self.sleep(0.1)
        return None

    def run(self, rounds: int, results: Iterator[dict[str, Any]], wait: float, out: TextIO) -> int:
        last = 0
        for _ in range(rounds):
            rid = self.wait_closed(last, wait)
            if rid is None:
                out.write(f"no round of {self.table_id} closed within {wait:g} s\n")
                return 1
            while True:
                reading = dict(next(results), round_id=rid)
                status, body = self.send("POST", f"/api/live/tables/{self.table_id}/readings",
                                         reading, self.token)
                if status != 200:
                    out.write(f"round {rid}: refused ({status}): {body.get('detail', body)}\n")
                    return 1
                out.write(f"round {rid}: read {body['read']} -> {body['state']}\n")
                if body["state"] != "closed":
                    break
            last = rid
        return 0


def run(args: argparse.Namespace, out: TextIO) -> int | None:
    if args.command != "scanner":
        return None
    if args.scanner_command == "add-device":
        from croupier.platform.clock import utcnow
        from croupier.platform.live import add_device
        from croupier.store.db import open_database
        from croupier.store.migrate import upgrade
        from croupier.store.uow import UnitOfWork

        db = open_database(args.database)
        upgrade(db)
        try:
            with UnitOfWork(db) as uow:
                token, row = add_device(uow.session, args.table, args.name, utcnow())
                uow.commit()
        finally:
            db.dispose()
        out.write(f"device {row.id} of table {args.table}: token {token}\n"
                  "(shown once: only its SHA-256 is stored)\n")
        return 0
    send = http_transport(args.url)
    if args.socket:
        try:
            send = socket_transport(send, args.table, args.token, open_socket(args.url, args.table))
        except Exception as exc:  # noqa: BLE001 - a refused token or table, no server
            out.write(f"{exc}\n")
            return 1
    scanner = Scanner(send, args.table, args.token)
    given = [{"pocket": p} for p in args.pocket] + [{"card": c} for c in args.card]
    results = iter(given) if given else random_results(args.seed, str(scanner.table()["game"]))
    try:
        return scanner.run(args.rounds, results, args.wait, out)
    except StopIteration:
        out.write("out of results to report\n")
        return 1
