"""``croupier audit`` and ``croupier operator``: the command line of player protection (issue 7).

    croupier audit verify [--database URL] [--file export.jsonl] [--json]
    croupier audit export [--database URL] [--out export.jsonl]
    croupier operator grant LOGIN [--role operator|floor_manager|dealer] [--database URL]

``audit verify`` checks the monitoring record's hash chain (001 §5.2.10) in the database, or in an
exported JSON-lines file, and names the first broken entry; it exits 1 when the chain is broken.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO


def add_parsers(sub: Any) -> None:
    a = sub.add_parser("audit", help="verify or export the monitoring record (001 §5.2.10)")
    asub = a.add_subparsers(dest="audit_command", required=True)
    v = asub.add_parser("verify", help="check the hash chain; name the first broken entry")
    v.add_argument("--database", help="database URL (default: CROUPIER_DATABASE_URL)")
    v.add_argument("--file", help="verify an exported JSON-lines file instead of the database")
    v.add_argument("--json", action="store_true")
    e = asub.add_parser("export", help="write the record as JSON lines")
    e.add_argument("--database")
    e.add_argument("--out", help="file to write (default: standard output)")
    o = sub.add_parser("operator", help="back-office roles")
    osub = o.add_subparsers(dest="operator_command", required=True)
    g = osub.add_parser("grant", help="give an account a back-office role (operator by default)")
    g.add_argument("login")
    g.add_argument("--role", default="operator", choices=("operator", "floor_manager", "dealer"),
                   help="issue 16: the live roles dealer and floor_manager")
    g.add_argument("--database")


def _db(url: str | None) -> Any:
    from croupier.store.db import open_database
    from croupier.store.migrate import upgrade

    db = open_database(url)
    upgrade(db)
    return db


def run(args: argparse.Namespace, out: TextIO) -> int | None:
    """Run a protection command; ``None`` when ``args`` is not one."""
    from croupier.platform.clock import utcnow
    from croupier.platform.protection import audit, roles
    from croupier.store.uow import UnitOfWork

    if args.command == "audit":
        if args.audit_command == "verify" and args.file:
            with open(args.file, encoding="utf-8") as f:
                verdict = audit.verify(audit.read_jsonl(f))
        else:
            db = _db(args.database)
            try:
                with UnitOfWork(db, readonly=True) as uow:
                    if args.audit_command == "export":
                        if args.out:
                            with open(args.out, "w", encoding="utf-8") as f:
                                n = audit.export(uow.session, f)
                            sys.stderr.write(f"exported {n} entries to {args.out}\n")
                        else:
                            audit.export(uow.session, out)
                        return 0
                    verdict = audit.verify_session(uow.session)
            finally:
                db.dispose()
        if getattr(args, "json", False):
            out.write(json.dumps(verdict.to_dict()) + "\n")
        elif verdict.ok:
            out.write(f"OK: {verdict.reason}\n")
        else:
            out.write(f"BROKEN at entry {verdict.first_broken}: {verdict.reason}\n")
        return 0 if verdict.ok else 1
    if args.command == "operator":
        db = _db(args.database)
        try:
            with UnitOfWork(db) as uow:
                player = roles.grant(uow.session, args.login, utcnow(), args.role)
                uow.commit()
        finally:
            db.dispose()
        out.write(f"{player.login} is now {'an' if args.role == 'operator' else 'a'} "
                  f"{args.role.replace('_', ' ')}\n")
        return 0
    return None
