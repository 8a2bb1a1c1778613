"""``croupier``: the command line.

    croupier games [--json]
    croupier rtp GAME [--variant V] [--json]
    croupier simulate GAME --variant V --rounds N --seed S [--json]
                    [--cluster [--workers W] [--batch-rounds B] [--cluster-address ADDR]]
    croupier parsheet GAME --variant V [--format md|html]
    croupier verify --server-seed HEX --client-seed TEXT --nonce N [--commitment HASH]
                    [--game roulette --variant V] [--record ROUND.json]
    croupier verify crash --seed HEX --round N --terminating-hash HEX --salt TEXT [--variant V]
    croupier crash-table --table ID [--game crash|rocketon] [--variant V] [--currency EUR]
    croupier verify-shoe --server-seed HEX --client-seed TEXT --game baccarat --variant V
                    [--commitment HASH] [--nonce FIRST_CARD]
    croupier play roulette [--variant V] [--currency EUR] [--balance 100.00] [--seed S]
    croupier readme [--write README.md | --check README.md]
    croupier strategy blackjack --variant V
    croupier serve [--host 127.0.0.1] [--port 8000] [--workers 1]
    croupier migrate
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import socket
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from croupier import protection_cli  # protection (issue 7)
from croupier.analysis import report
from croupier.analysis.jackpots import jackpot_lines  # issue 16: jackpots
from croupier.analysis.progress import ProgressBar
from croupier.errors import CroupierError
from croupier.games.admission import exact_of
from croupier.games.base import BetRequest, DrawAction, Event, jsonable, play, reenact
from croupier.games.registry import game, load_variant, variant_names
from croupier.money import currency, format_minor, parse_minor
from croupier.platform.gctuning import tune_gc  # the server process garbage collector
from croupier.rng import SystemSource, fair, seeded


def _variants(game_name: str, variant: str | None) -> list[str]:
    return [variant] if variant else variant_names(game_name)


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    if args.json:
        json.dump(report.games_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(report.games_text() + "\n")
    return 0


def cmd_rtp(args: argparse.Namespace, out: TextIO) -> int:
    spec = game(args.game)
    docs = []
    for name in _variants(args.game, args.variant):
        variant = load_variant(args.game, name)
        if hasattr(variant, "sim_rounds") and dataclasses.is_dataclass(variant):
            # games whose main bet is simulated: admission uses the variant's quick sample,
            # the report the full one (--rounds, at least 10^8 by default)
            variant = dataclasses.replace(variant, sim_rounds=args.rounds)  # type: ignore[type-var]
        rtps = exact_of(spec, variant)
        rtps += jackpot_lines(args.game, variant, rtps)  # issue 16: the jackpot pools' lines
        docs.append((variant, rtps))
    if args.json:
        payload: Any = [report.rtp_json(args.game, v, r) for v, r in docs]
        json.dump(payload[0] if args.variant else payload, out, indent=2)
        out.write("\n")
    else:
        out.write("\n\n".join(report.rtp_text(args.game, v, r) for v, r in docs) + "\n")
    return 0


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    spec = game(args.game)
    if args.rounds < 1:
        raise CroupierError("--rounds must be at least 1")
    variant = load_variant(args.game, args.variant)
    bar = ProgressBar(f"{args.game}/{args.variant}")
    t0 = time.perf_counter()
    cluster: dict[str, Any] | None = None
    if args.cluster:  # issue 24: the run's batches on Ray (imported only here)
        from croupier.analysis.cluster import simulate_on_ray

        run = simulate_on_ray(args.game, args.variant, args.rounds, args.seed, workers=args.workers,
                              batch_rounds=args.batch_rounds, address=args.cluster_address,
                              progress=bar)
        sims = run.sims
        cluster = {"workers": run.workers, "batches": run.batches, "batch_rounds": run.batch_rounds,
                   "batch_wall_seconds": run.wall_seconds, "cpu_seconds": run.cpu_seconds}
    else:
        sims = spec.simulate(variant, args.rounds, args.seed, bar)
    rate = args.rounds / max(time.perf_counter() - t0, 1e-9)
    if args.json:
        doc = report.sim_json(args.game, variant, args.rounds, args.seed, rate, sims)
        if cluster is not None:
            doc["cluster"] = cluster
        json.dump(doc, out, indent=2)
        out.write("\n")
    else:
        exact = {r.bet: r for r in exact_of(spec, variant)}
        out.write(report.sim_text(args.game, variant, args.rounds, args.seed, rate, sims, exact) + "\n")
    return 0


def cmd_parsheet(args: argparse.Namespace, out: TextIO) -> int:
    spec = game(args.game)
    variant = load_variant(args.game, args.variant)
    rtps = exact_of(spec, variant)
    rtps += jackpot_lines(args.game, variant, rtps)  # issue 16: the jackpot pools' lines
    render = report.parsheet_html if args.format == "html" else report.parsheet_markdown
    out.write(render(args.game, variant, rtps))
    return 0


def cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    if getattr(args, "what", None):  # croupier verify crash (issue 17)
        from croupier import crash_cli

        return crash_cli.run(args, out)
    for flag in ("server_seed", "client_seed", "nonce"):
        if getattr(args, flag) is None:
            raise CroupierError(f"verify: --{flag.replace('_', '-')} is required")
    result: dict[str, Any] = {
        "server_seed": args.server_seed,
        "commitment": fair.commitment(args.server_seed),
        "client_seed": args.client_seed,
        "nonce": args.nonce,
    }
    ok = True
    if args.commitment:
        ok = fair.matches(args.server_seed, args.commitment)
        result["commitment_matches"] = ok
    spec = game(args.game)
    variant = load_variant(args.game, args.variant)
    source = fair.stream(args.server_seed, args.client_seed, args.nonce)
    result["game"] = args.game
    result["variant"] = args.variant
    if args.record:
        # a round's record (its events, as the history recall gives them): re-enact it with the
        # draws recomputed from the seeds and the bets and decisions taken from the record
        with open(args.record, encoding="utf-8") as f:
            doc = json.load(f)
        raw = doc["events"] if isinstance(doc, dict) else doc
        events = [Event.from_dict(e) for e in raw]
        try:
            settlement = reenact(spec.engine, variant, events, source)
            result["record_matches"] = True
            result["total_returned"] = settlement.total_returned
        except CroupierError as exc:
            result["record_matches"] = False
            result["mismatch"] = str(exc)
            ok = False
        state_events = events
    else:
        bets = spec.demo_bets(variant, "XXX")[:1]
        state = spec.engine.start(variant, bets, "XXX")
        while not spec.engine.is_finished(state):
            req = spec.engine.next_draw(state)
            if req is None:
                result["note"] = ("the round waits for a player decision here: pass the round's "
                                  "record (--record FILE) to verify the rest")
                break
            state = spec.engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
        state_events = list(state.events)
    result["draws"] = [dict(e.data) for e in state_events if e.type == "draw"]
    results = [dict(e.data) for e in state_events if e.type == "result"]
    if results:
        result["result"] = results[0]
    if args.json:
        json.dump(result, out, indent=2)
        out.write("\n")
    else:
        for k, v in result.items():
            out.write(f"{k}: {v}\n")
    return 0 if ok else 1


def cmd_verify_shoe(args: argparse.Namespace, out: TextIO) -> int:
    """A card table's revealed shoe (platform/shoes.py): the commitment, the order of the cards,
    and with ``--nonce`` (a round's first card) the round dealt from there."""
    from croupier.cards import name
    from croupier.platform import shoes

    shoe = shoes.shuffle_cards(args.game, args.variant, args.server_seed, args.client_seed)
    result: dict[str, Any] = {"commitment": fair.commitment(args.server_seed),
                              "client_seed": args.client_seed, "first_card": shoe.first,
                              "cut": shoe.cut, "cards": [name(c) for c in shoe.cards]}
    ok = True
    if args.commitment:
        ok = fair.matches(args.server_seed, args.commitment)
        result["commitment_matches"] = ok
    if args.nonce is not None:
        spec = game(args.game)
        deal = shoes.deal(spec, load_variant(args.game, args.variant), shoe.cards, args.nonce)
        result["round"] = {"cards": [name(c) for c in deal.cards], "to": deal.to,
                           "next_card": deal.next_position, "result": deal.outcome}
    if args.json:
        json.dump(result, out, indent=2)
        out.write("\n")
    else:
        for k, v in result.items():
            out.write(f"{k}: {v}\n")
    return 0 if ok else 1


def _parse_play_line(line: str, cur_code: str) -> BetRequest:
    """``straight 17 1.00`` / ``split 17 20 0.50`` / ``red 5`` / ``neighbours 17 2 0.50``."""
    parts = line.split()
    if len(parts) < 2:
        raise CroupierError("write: CODE [TARGET ...] STAKE, e.g. 'split 17 20 0.50' or 'red 5'")
    code, *target_txt, stake_txt = parts
    target: list[int | str] = [t if t == "00" else int(t) if t.isdigit() else t for t in target_txt]
    stake = parse_minor(stake_txt, currency(cur_code))
    return BetRequest(code, stake, tuple(target))


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    spec = game(args.game)
    variant = load_variant(args.game, args.variant)
    cur = currency(args.currency)
    balance = parse_minor(args.balance, cur)
    source = seeded(args.seed) if args.seed is not None else SystemSource()
    out.write(
        f"{variant.title} - play money {format_minor(balance, cur)}\n"
        "Bets: CODE [TARGET ...] STAKE (e.g. 'straight 17 1', 'split 17 20 0.50', 'red 5',\n"
        "'dozen 2 1', 'voisins 0.90', 'neighbours 17 2 0.50'); 'spin' to play, 'clear', 'quit'.\n"
        f"Bet codes: {', '.join(variant.bet_codes)}\n"
    )
    slip: list[BetRequest] = []
    carried: list[BetRequest] = []
    while True:
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            return 0
        line = line.strip()
        if line in ("quit", "exit"):
            return 0
        if not line:
            continue
        if line == "clear":
            slip = []
            continue
        try:
            if line == "spin":
                total = sum(b.stake for b in slip)
                if total > balance:
                    raise CroupierError(f"the bets total {format_minor(total, cur)}; the balance is {format_minor(balance, cur)}")
                state, settlement = play(spec.engine, variant, slip, cur.code, source, carried=carried)
                balance += settlement.total_returned - total
                result = next(e.data for e in state.events if e.type == "result")
                if "pockets" in result:
                    out.write(f"ball: {', '.join(result['pockets'])}")
                    if result.get("lucky"):
                        out.write(f"   lucky: {result['lucky']}")
                else:  # other games: their result event as it is recorded
                    out.write("result: " + json.dumps(jsonable(result), ensure_ascii=False))
                out.write("\n")
                for b in settlement.bets:
                    out.write(f"  bet {b.bet_id} {b.code}: {b.outcome}, returns {format_minor(b.returned, cur)}\n")
                out.write(f"net {format_minor(settlement.net, cur)}, balance {format_minor(balance, cur)}\n")
                carried = list(settlement.carried)
                slip = []
                continue
            bet = _parse_play_line(line, cur.code)
            spec.engine.start(variant, [*slip, bet], cur.code)  # validates the whole slip
            slip.append(bet)
            out.write(f"  ok: {len(slip)} bet(s), total {format_minor(sum(b.stake for b in slip), cur)}\n")
        except (CroupierError, ValueError) as exc:
            out.write(f"  refused: {exc}\n")


def cmd_strategy(args: argparse.Namespace, out: TextIO) -> int:
    if args.game != "blackjack":
        raise CroupierError(f"no strategy chart for {args.game!r}; only blackjack has one")
    from croupier.games.blackjack.strategy import format_chart

    out.write(format_chart(load_variant(args.game, args.variant)) + "\n")
    return 0


BEGIN = "<!-- BEGIN GENERATED: {game} (croupier readme --write README.md) -->"
END = "<!-- END GENERATED: {game} -->"


def generated_sections() -> dict[str, str]:
    from croupier.games.registry import games

    sections = {}
    for name, spec in games().items():
        parts = []
        for v in variant_names(name):
            variant = load_variant(name, v)
            parts.append(report.markdown_variant(name, variant, exact_of(spec, variant)))
        sections[name] = "\n\n".join(parts)
    return sections


def render_readme(text: str) -> str:
    for name, body in generated_sections().items():
        begin, end = BEGIN.format(game=name), END.format(game=name)
        if begin not in text or end not in text:
            continue
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{begin}\n{body}\n{end}{tail}"
    return text


def cmd_readme(args: argparse.Namespace, out: TextIO) -> int:
    path = args.write or args.check
    if not path:
        for name, body in generated_sections().items():
            out.write(f"## {name}\n\n{body}\n\n")
        return 0
    with open(path, encoding="utf-8") as f:
        text = f.read()
    new = render_readme(text)
    if args.check:
        if new != text:
            out.write(f"{path} is stale: run `croupier readme --write {path}`\n")
            return 1
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)
    return 0


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Run the platform server (API + web client); settings from CROUPIER_* variables."""
    import os

    import uvicorn

    if args.workers < 1:
        raise CroupierError("--workers must be at least 1")
    if args.workers > 1 and not os.environ.get("CROUPIER_REDIS_URL"):
        raise CroupierError(
            "several workers need CROUPIER_REDIS_URL (events fan out through Redis) and "
            "preferably CROUPIER_DATABASE_URL=postgresql+psycopg://..."
        )
    from croupier.platform.config import Settings
    from croupier.platform.service import Platform

    Platform(Settings.from_env()).migrate()  # once, before the workers start
    if args.workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        import tempfile  # issue 24: /metrics sums every worker's values (platform/metrics.py)

        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="croupier-metrics-")
    _exit_zero_on_sigterm()
    if args.workers > 1 and hasattr(socket, "SO_REUSEPORT"):
        _serve_reuseport(args.host, args.port, args.workers, args.quiet)
        return 0
    tune_gc()
    uvicorn.run("croupier.api.app:app_factory", factory=True, host=args.host, port=args.port,
                workers=args.workers, timeout_keep_alive=30, **_logging(args.quiet))
    return 0


def _logging(quiet: bool) -> dict[str, Any]:
    """uvicorn's logging options: its own (text) by default; with ``CROUPIER_LOG_FORMAT=json``
    every line JSON from the first (``api/ops.py``), the access lines written by the platform."""
    from croupier.api.logs import configure_logging
    from croupier.api.ops import OpsConfig

    level = "warning" if quiet else "info"
    if OpsConfig.from_env().log_format == "json":
        configure_logging("json")
        logging.getLogger().setLevel(level.upper())
        return {"log_config": None, "log_level": level, "access_log": False}
    return {"log_level": level, "access_log": not quiet}


def _worker_gone(pid: int | None) -> None:
    """Forget a dead worker's live gauges (WebSocket connections) in the metrics' files."""
    if pid is not None and os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]


def _exit_zero_on_sigterm() -> None:
    """uvicorn drains on SIGTERM (``api/ops.py``), shuts down, then raises the signal again for
    the handler in place before it: with this one the process exits with status 0 (a stop asked
    for and done), not as killed by the signal."""
    import signal

    def done(_signum: int, _frame: object) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, done)


def _listen(host: str, port: int, reuse_port: bool) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    return sock


def _reuseport_worker(host: str, port: int, quiet: bool) -> None:
    """One API worker with its own listening socket on the shared port (``SO_REUSEPORT``)."""
    import uvicorn

    tune_gc()
    _exit_zero_on_sigterm()
    config = uvicorn.Config("croupier.api.app:app_factory", factory=True,
                            timeout_keep_alive=30, **_logging(quiet))
    uvicorn.Server(config).run(sockets=[_listen(host, port, reuse_port=True)])


def _serve_reuseport(host: str, port: int, workers: int, quiet: bool) -> None:
    """Several API workers, each with its own ``SO_REUSEPORT`` socket on the port: the kernel
    spreads new connections evenly over them. (With one shared socket, as uvicorn's own
    ``--workers`` does, whichever worker wakes first accepts a burst of connections: a load
    balancer's or a benchmark's keep-alive connections, opened together, all land on one
    worker.) A worker that dies is started again; SIGINT/SIGTERM stop them all."""
    import multiprocessing
    import signal
    import threading

    _listen(host, port, reuse_port=False).close()  # the port must be free: fail loudly here
    ctx = multiprocessing.get_context("spawn")
    stop = threading.Event()

    def start() -> multiprocessing.process.BaseProcess:
        proc = ctx.Process(target=_reuseport_worker, args=(host, port, quiet), daemon=False)
        proc.start()
        return proc

    def on_signal(signum: int, _frame: object) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    procs = [start() for _ in range(workers)]
    started = [time.monotonic()] * workers
    try:
        while not stop.wait(0.5):
            for i, proc in enumerate(procs):
                if not proc.is_alive():
                    if time.monotonic() - started[i] < 10:  # it cannot start: give up
                        raise CroupierError(f"an API worker exited at start (code "
                                            f"{proc.exitcode}): see its messages above")
                    _worker_gone(proc.pid)
                    procs[i], started[i] = start(), time.monotonic()
    finally:
        for proc in procs:
            if proc.is_alive() and proc.pid is not None:
                os.kill(proc.pid, signal.SIGTERM)  # uvicorn shuts down gracefully
        for proc in procs:
            proc.join(timeout=30)
            if proc.is_alive():
                proc.kill()
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def cmd_migrate(args: argparse.Namespace, out: TextIO) -> int:
    from croupier.platform.config import Settings
    from croupier.platform.service import Platform

    settings = Settings.from_env()
    platform = Platform(settings)
    platform.migrate()
    out.write(f"migrated {platform.db.dialect} database to the latest schema\n")
    platform.db.dispose()
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="croupier", description="Croupier casino platform tools")
    sub = p.add_subparsers(dest="command", required=True)

    g = sub.add_parser("games", help="list games and variants")
    g.add_argument("--json", action="store_true")

    r = sub.add_parser("rtp", help="exact RTP of every bet of a variant")
    r.add_argument("game")
    r.add_argument("--variant")
    r.add_argument("--json", action="store_true")
    r.add_argument("--rounds", type=int, default=100_000_000,
                   help="rounds simulated for a bet with no exact figure (default 10^8)")

    s = sub.add_parser("simulate", help="Monte Carlo RTP with 99%% intervals")
    s.add_argument("game")
    s.add_argument("--variant", required=True)
    s.add_argument("--rounds", type=int, default=1_000_000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--json", action="store_true")
    s.add_argument("--cluster", action="store_true",
                   help="run fixed-size batches as Ray tasks (docs/simulation_cluster.md)")
    s.add_argument("--workers", type=int, default=None,
                   help="with --cluster: CPUs of the local Ray cluster (default: all; the figures "
                        "do not depend on it)")
    s.add_argument("--batch-rounds", type=int, default=None,
                   help="with --cluster: rounds per batch, default 10^6 (the figures depend on it)")
    s.add_argument("--cluster-address",
                   help="with --cluster: a running Ray cluster to join (default: $RAY_ADDRESS, "
                        "else a local one)")

    ps = sub.add_parser("parsheet", help="the par sheet of a variant (Markdown or HTML)")
    ps.add_argument("game")
    ps.add_argument("--variant", required=True)
    ps.add_argument("--format", choices=["md", "html"], default="md")

    v = sub.add_parser("verify", help="recompute a provably fair round from revealed seeds")
    v.add_argument("--server-seed")
    v.add_argument("--client-seed")
    v.add_argument("--nonce", type=int)
    v.add_argument("--commitment")
    v.add_argument("--game", default="roulette")
    v.add_argument("--variant", default="european")
    v.add_argument("--record", help="a round's record (JSON events) to re-enact from the seeds")
    v.add_argument("--json", action="store_true")
    from croupier import crash_cli  # crash games (issue 17): croupier verify crash

    crash_cli.add_arguments(v)

    vs = sub.add_parser("verify-shoe", help="recompute a card table's revealed shoe (and a round)")
    vs.add_argument("--server-seed", required=True)
    vs.add_argument("--client-seed", required=True)
    vs.add_argument("--game", default="baccarat")
    vs.add_argument("--variant", required=True)
    vs.add_argument("--commitment")
    vs.add_argument("--nonce", type=int, help="a round's nonce: the position of its first card")
    vs.add_argument("--json", action="store_true")

    pl = sub.add_parser("play", help="play a game at the terminal with play money")
    pl.add_argument("game")
    pl.add_argument("--variant", default="european")
    pl.add_argument("--currency", default="EUR")
    pl.add_argument("--balance", default="100.00")
    pl.add_argument("--seed")

    st = sub.add_parser("strategy", help="print a game's basic strategy chart (blackjack)")
    st.add_argument("game")
    st.add_argument("--variant", required=True)

    rd = sub.add_parser("readme", help="regenerate the README's generated tables")
    rd.add_argument("--write")
    rd.add_argument("--check")

    sv = sub.add_parser("serve", help="run the platform server (API, tables, web client)")
    sv.add_argument("--host", default="127.0.0.1")
    sv.add_argument("--port", type=int, default=8000)
    sv.add_argument("--workers", type=int, default=1)
    sv.add_argument("--quiet", action="store_true")

    sub.add_parser("migrate", help="bring the database schema up to date (Alembic)")
    protection_cli.add_parsers(sub)  # protection (issue 7)
    from croupier import live_cli  # live tables (issue 16)

    live_cli.add_parsers(sub)
    from croupier import crash_cli  # crash tables (issue 17)

    crash_cli.add_table_parser(sub)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    args = build_parser().parse_args(argv)
    out = out or sys.stdout
    try:
        if args.command == "games":
            return cmd_games(args, out)
        if args.command == "rtp":
            return cmd_rtp(args, out)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "parsheet":
            return cmd_parsheet(args, out)
        if args.command == "verify":
            return cmd_verify(args, out)
        if args.command == "verify-shoe":
            return cmd_verify_shoe(args, out)
        if args.command == "play":
            return cmd_play(args, out, inp or sys.stdin)
        if args.command == "readme":
            return cmd_readme(args, out)
        if args.command == "strategy":
            return cmd_strategy(args, out)
        if args.command == "serve":
            return cmd_serve(args, out)
        if args.command == "migrate":
            return cmd_migrate(args, out)
        if args.command in ("audit", "operator"):  # protection (issue 7)
            return protection_cli.run(args, out) or 0
        if args.command == "crash-table":  # crash tables (issue 17)
            from croupier import crash_cli

            return crash_cli.run_table(args, out)
        if args.command == "scanner":  # live tables (issue 16)
            from croupier import live_cli

            return live_cli.run(args, out) or 0
    except (CroupierError, ValueError) as exc:
        sys.stderr.write(f"croupier: {exc}\n")
        return 2
    return 2  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main())
