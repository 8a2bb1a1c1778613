"""``croupier verify crash``: recompute a crash round from its revealed seed (docs/crash.md).

    croupier verify crash --seed HEX --round N --terminating-hash HEX --salt TEXT
                          [--first-round 1] [--published-at-round 0] [--chain-length L]
                          [--variant standard] [--json]
    croupier crash-table --table ID [--game crash] [--variant standard] [--currency EUR]
                         [--chain-length 10000]   (runs the table's rounds; CROUPIER_* settings)
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from croupier.errors import CroupierError
from croupier.games.crash.chain import ADVANCE, CRASH_GAMES, Chain, proof_record
from croupier.games.registry import load_variant


def add_arguments(v: argparse.ArgumentParser) -> None:
    """The crash options of ``croupier verify`` (used with ``verify crash``)."""
    v.add_argument("what", nargs="?", choices=CRASH_GAMES,
                   help="verify a crash round of a hash chain (see docs/crash.md)")
    v.add_argument("--seed", help="crash: the round's revealed seed (hex)")
    v.add_argument("--round", type=int, help="crash: the table's round number")
    v.add_argument("--terminating-hash", help="crash: the chain's published terminating hash")
    v.add_argument("--salt", help="crash: the chain's published salt")
    v.add_argument("--first-round", type=int, default=1, help="crash: the chain's first round")
    v.add_argument("--published-at-round", type=int, default=None,
                   help="crash: the round at which the terminating hash was published")
    v.add_argument("--chain-length", type=int, default=10**7)


def run(args: argparse.Namespace, out: TextIO) -> int:
    for flag in ("seed", "round", "terminating_hash", "salt"):
        if getattr(args, flag) is None:
            raise CroupierError(f"verify {args.what}: --{flag.replace('_', '-')} is required")
    variant_name = args.variant if args.variant != "european" else "standard"
    variant = load_variant(args.what, variant_name)
    published = args.first_round - ADVANCE if args.published_at_round is None else args.published_at_round
    chain = Chain(args.terminating_hash, args.salt, args.chain_length, args.first_round, published)
    result = proof_record(args.what, variant_name, variant, chain, args.round, args.seed)
    ok = bool(result.pop("ok"))
    if args.json:
        json.dump(result, out, indent=2)
        out.write("\n")
    else:
        for k, v in result.items():
            out.write(f"{k}: {v}\n")
    return 0 if ok else 1


def add_table_parser(sub: Any) -> None:
    t = sub.add_parser("crash-table", help="run a crash table's rounds (betting, running, crash)")
    t.add_argument("--table", required=True)
    t.add_argument("--name")
    t.add_argument("--game", choices=CRASH_GAMES, default="crash")
    t.add_argument("--variant", default="standard")
    t.add_argument("--currency", default="EUR")
    t.add_argument("--chain-length", type=int, default=10_000)
    t.add_argument("--interval", type=float, default=0.02)


def run_table(args: argparse.Namespace, out: TextIO) -> int:
    from croupier.platform import crash
    from croupier.platform.config import Settings
    from croupier.platform.service import Platform

    p = Platform(Settings.from_env())
    p.migrate()
    p.run(lambda s: crash.ensure_crash_table(s, args.table, args.name or args.table, args.game,
                                              args.variant, args.currency))
    out.write(f"crash table {args.table} ({args.game}/{args.variant}, {args.currency}) running; "
              "Ctrl-C stops it\n")
    out.flush()
    try:
        crash.run_table(p, args.table, lambda: False, args.interval, args.chain_length,
                        lambda done: (out.write(f"{done}\n"), out.flush()))
    except KeyboardInterrupt:
        pass
    finally:
        p.db.dispose()
    return 0
