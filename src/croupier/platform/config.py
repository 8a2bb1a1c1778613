"""Platform settings, read from ``CROUPIER_*`` environment variables (defaults in brackets).

* ``CROUPIER_DATABASE_URL`` [sqlite:///var/croupier.sqlite3]
* ``CROUPIER_REDIS_URL`` [none: events fan out inside one process]
* ``CROUPIER_BETTING_SECONDS`` [23, 004 §1.6], ``CROUPIER_RESULT_SECONDS`` [4]
* ``CROUPIER_DECISION_SECONDS`` [13, 004 §2.10, §4.9]: the decision timer of decision rounds
* ``CROUPIER_LIVE_TABLES`` [none]: ids of tables whose results come from a reader or the dealer
  console instead of their RNG (issue 16), comma-separated; `blackjack-eur`,
  `unlimited-blackjack-eur` and `casino-holdem-eur` add those live tables (live only)
* ``CROUPIER_LIVE_RESULT_SECONDS`` [120]: how long a live table waits for its result after "no
  more bets" (or a No Spin) before the round is voided as a reader failure (004 §1.18)
* ``CROUPIER_DEPOSIT_CONFIRM_SECONDS`` [1]: the simulated payment provider's confirmation delay
* ``CROUPIER_SESSION_HOURS`` [12]
* ``CROUPIER_RUN_TABLES`` [1]: whether this process runs table rounds at all
* ``CROUPIER_ARGON2_FAST`` [0]: cheap argon2 parameters, for tests and benchmarks only
* ``CROUPIER_FAST_LANE`` [1]: the two hot bet routes served straight from ASGI (api/fastlane.py)
* ``CROUPIER_DICE_TABLES`` [none]: dice tables to run (issue 19), ``id:game:variant:CUR``
  comma-separated, e.g. ``sicbo-eur:sicbo:classic:EUR,sicbo-simple:sicbo:classic:EUR``
* ``CROUPIER_CRASH_TABLES`` [none]: crash tables to run, ``id:game:variant:CUR`` comma-separated
  (issue 17, e.g. ``crash-eur:crash:standard:EUR``)
* ``CROUPIER_EXTRA_TABLES`` [none]: more shared tables of any game, same form (issue 19: a craps
  table, ``craps-eur:craps:standard:EUR``)
* ``CROUPIER_CRASH_TIMING`` [the variants']: ``betting_ms:growth_per_second`` for every crash
  table of this server (a demo or test table: a short betting phase, a fast curve; the crash law
  and the chain do not depend on it)
* ``CROUPIER_SHOW_PICK_SECONDS`` [the variant's ``pick_seconds``]: the decision window of a show
  bonus (Crazy Time's Cash Hunt pick and flapper choice, issue 18) at every show table of this
  server; show tables are listed in ``CROUPIER_EXTRA_TABLES`` (``ct-eur:crazy_time:standard:EUR``)
* ``CROUPIER_REPLICA_URL`` [none]: a PostgreSQL hot standby of the primary (issue 24 point 4);
  Games History, recall and the back office's reports read from it when it has caught up
  (``store/replica.py``), nothing that moves money ever does
* ``CROUPIER_REPLICA_WAIT_SECONDS`` [0.1]: how long such a read waits for the replica to replay
  up to the primary's position before it is served by the primary instead
* ``CROUPIER_RATE_LIMITS`` [1]: per-address rate limits on registration, login and deposits
  (api/strict.py; benchmarks that register many players from one address turn them off)
* ``CROUPIER_NODE`` [none: every table is this node's own]: ``i/N``, this node's place among N
  nodes (issue 24, docs/operations.md): it runs the tables whose lock number modulo N is i at
  once, and takes any other free table only ``CROUPIER_TAKEOVER_GRACE_SECONDS`` [5] after it
  started (a table whose node died, or whose node never came)
* ``CROUPIER_LOCK_POLL_SECONDS`` [1]: how often a node tries the runner locks it does not hold
  (the longest a dead node's table waits once its lock is released)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import Any

from croupier.errors import CroupierError
from croupier.store.db import default_replica_url, default_url

SOURCES = ("rng", "live")
#: issue 16: games whose table rounds wait for players' decisions run on a live table only
#: (an RNG blackjack or Casino Hold'em is a single-player decision round, platform/interactive.py)
LIVE_ONLY_GAMES = frozenset({"blackjack", "casino_holdem"})
#: games with no shared table (none since issue 18 part 4: Crazy Time's bonus decision window
#: runs at a shared table, platform/show_picks.py)
NO_TABLE_GAMES: frozenset[str] = frozenset()


class InvalidNodeConfig(CroupierError, ValueError):
    """``CROUPIER_NODE`` is not ``i/N`` with 0 <= i < N."""

    code = "invalid_node_config"


def node_place(spec: str | None) -> tuple[int, int] | None:
    """``CROUPIER_NODE``: ``i/N`` as ``(i, N)``, None when unset."""
    if not spec or not spec.strip():
        return None
    index, sep, count = spec.strip().partition("/")
    if not sep or not index.isdigit() or not count.isdigit() or not 0 <= int(index) < int(count):
        raise InvalidNodeConfig(f"CROUPIER_NODE: {spec!r} is not i/N with 0 <= i < N")
    return int(index), int(count)


class InvalidTableConfig(CroupierError, ValueError):
    """A table the platform cannot run (refused when the table is configured)."""

    code = "invalid_table_config"


@dataclass(frozen=True, slots=True)
class TableConfig:
    id: str
    name: str
    game: str
    variant: str
    currency: str
    #: issue 16: where the round's chance steps come from: ``rng`` (the round's seed) or ``live``
    #: (a reader device or the dealer console, platform/live.py)
    source: str = "rng"

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise InvalidTableConfig(f"table {self.id}: source is one of {', '.join(SOURCES)}, "
                                     f"not {self.source!r}")
        if self.game in NO_TABLE_GAMES:
            raise InvalidTableConfig(
                f"table {self.id}: {self.game} has no shared table yet (its bonus asks each bettor "
                "for a pick; docs/shows.md); it is played single-player: /api/interactive")
        if self.game in LIVE_ONLY_GAMES and self.source != "live":
            raise InvalidTableConfig(
                f"table {self.id}: a {self.game} table runs live only (its rounds wait for "
                "players' decisions; played with an RNG it is a single-player round: "
                "/api/interactive); configure it with source 'live'")


DEFAULT_TABLES: tuple[TableConfig, ...] = (
    TableConfig("european-eur", "European Roulette (EUR)", "roulette", "european", "EUR"),
    TableConfig("european-amd", "European Roulette (AMD)", "roulette", "european", "AMD"),
    # issue 5: a card table deals from its persisted shoe (platform/shoes.py)
    TableConfig("baccarat-eur", "Live Baccarat (EUR)", "baccarat", "live_004", "EUR"),
)


#: issue 16: tables that exist only when listed live (a decision game has no RNG table round)
LIVE_ONLY_TABLES: tuple[TableConfig, ...] = (
    TableConfig("blackjack-eur", "Live Blackjack (EUR)", "blackjack", "live_004", "EUR", "live"),
    # 004 §4 and §5: one common hand for every player (web/live-shared.html)
    TableConfig("unlimited-blackjack-eur", "Live Unlimited Blackjack (EUR)", "blackjack",
                "unlimited_004", "EUR", "live"),
    TableConfig("casino-holdem-eur", "Live Casino Hold'em (EUR)", "casino_holdem", "live", "EUR",
                "live"),
)


def live_tables(tables: tuple[TableConfig, ...], ids: str | None) -> tuple[TableConfig, ...]:
    """``tables`` with the listed ids (comma-separated) made live (issue 16), and the live-only
    tables listed (``blackjack-eur``, ``unlimited-blackjack-eur``, ``casino-holdem-eur``)."""
    wanted = {t.strip() for t in (ids or "").split(",") if t.strip()}
    have = {t.id for t in tables}
    extra = tuple(t for t in LIVE_ONLY_TABLES if t.id in wanted and t.id not in have)
    return tuple(replace(t, source="live") if t.id in wanted else t for t in tables) + extra


def crash_tables(spec: str | None, var: str = "CROUPIER_CRASH_TABLES") -> tuple[TableConfig, ...]:
    """``CROUPIER_CRASH_TABLES``: ``id:game:variant:CUR`` entries, comma-separated (issue 17);
    ``CROUPIER_DICE_TABLES`` lists dice tables the same way (issue 19, :func:`dice_tables`)."""
    out = []
    for item in (spec or "").split(","):
        if not item.strip():
            continue
        parts = [p.strip() for p in item.split(":")]
        if len(parts) != 4 or not all(parts):
            raise ValueError(f"{var}: {item!r} is not id:game:variant:CUR")
        tid, game, variant, cur = parts
        out.append(TableConfig(tid, f"{game.capitalize()} ({cur})", game, variant, cur))
    return tuple(out)


def dice_tables(spec: str | None) -> tuple[TableConfig, ...]:
    """``CROUPIER_DICE_TABLES`` (issue 19): shared Sic Bo, Lightning Dice or Dice Duel tables,
    ``id:game:variant:CUR`` comma-separated (e.g. ``sicbo-eur:sicbo:classic:EUR``). They run on
    the generic timed table runner like a roulette table (docs/dice.md)."""
    return crash_tables(spec, "CROUPIER_DICE_TABLES")


def draw_tables(spec: str | None) -> tuple[TableConfig, ...]:
    """``CROUPIER_DRAW_TABLES``: ``id:game:variant:CUR`` entries, comma-separated (issue 20, e.g.
    ``keno-amd:keno:keno10:AMD``): draw tables run on their variant's schedule (docs/draws.md)."""
    return crash_tables(spec, "CROUPIER_DRAW_TABLES")


def crash_timing(spec: str | None) -> tuple[int, str] | None:
    """``CROUPIER_CRASH_TIMING``: ``betting_ms:growth_per_second`` (validated by the variant)."""
    if not spec:
        return None
    ms, sep, growth = spec.partition(":")
    if not sep or not ms.strip().isdigit() or not growth.strip():
        raise ValueError(f"CROUPIER_CRASH_TIMING: {spec!r} is not betting_ms:growth_per_second")
    return int(ms), growth.strip()


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw else default


def _flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return raw.strip().lower() not in ("0", "false", "no", "off")


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str = field(default_factory=default_url)
    redis_url: str | None = None
    betting_seconds: float = 23.0  # 004 §1.6: 23 seconds to place bets
    result_seconds: float = 4.0
    decision_seconds: float = 13.0  # 004 §2.10, §4.9: 13 seconds per decision
    deposit_confirm_seconds: float = 1.0
    live_result_seconds: float = 120.0  # issue 16, ASSUMPTION: no clause gives the reader's time
    #: 004 §1.24 (no clawback): a corrected round credits what each bet ("per_bet") or each
    #: player's round ("per_play") is owed on the video's result beyond what it was paid
    live_correction_netting: str = "per_bet"
    session_hours: float = 12.0
    run_tables: bool = True
    tables: tuple[TableConfig, ...] = DEFAULT_TABLES
    argon2_fast: bool = False
    #: issue 17: (betting_ms, growth_per_second) for every crash table, or the variants' own
    crash_timing: tuple[int, str] | None = None
    default_currency: str = "EUR"
    #: bets and single rounds that arrive together commit in one transaction (groupcommit.py)
    group_commit: bool = True
    #: writer threads of the group commit per worker (each batch has its own connection)
    writer_threads: int = 1
    #: ``POST /api/tables/{id}/bets`` and ``POST /api/rounds`` served by api/fastlane.py
    fast_lane: bool = True
    #: per-address rate limits on registration, login and deposits (api/strict.py)
    rate_limits: bool = True
    #: slot autoplay (issue 15): the pause after each spin of a series run by the server
    autoplay_spin_seconds: float = 0.0
    #: issue 18: a show bonus's decision window in seconds (None: the variant's ``pick_seconds``)
    show_pick_seconds: float | None = None
    #: issue 24 point 4: a PostgreSQL hot standby for Games History, recall and reports
    replica_url: str | None = None
    #: how long a replica read waits for the replica to catch up before the primary serves it
    #: (ASSUMPTION: 0.1 s, a local standby replays within milliseconds)
    replica_wait_seconds: float = 0.1
    #: issue 24: this node's place ``(i, N)`` among N nodes, or None (every table its own)
    node: tuple[int, int] | None = None
    #: issue 24: seconds after its start before a node takes tables that are not its own
    takeover_grace_seconds: float = 5.0
    #: issue 24: how often a node tries the runner locks it does not hold
    lock_poll_seconds: float = 1.0

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        base = cls(
            database_url=default_url(),
            redis_url=os.environ.get("CROUPIER_REDIS_URL") or None,
            betting_seconds=_float("CROUPIER_BETTING_SECONDS", 23.0),
            result_seconds=_float("CROUPIER_RESULT_SECONDS", 4.0),
            decision_seconds=_float("CROUPIER_DECISION_SECONDS", 13.0),
            deposit_confirm_seconds=_float("CROUPIER_DEPOSIT_CONFIRM_SECONDS", 1.0),
            live_result_seconds=_float("CROUPIER_LIVE_RESULT_SECONDS", 120.0),
            tables=live_tables(DEFAULT_TABLES, os.environ.get("CROUPIER_LIVE_TABLES"))
            + crash_tables(os.environ.get("CROUPIER_CRASH_TABLES"))
            + dice_tables(os.environ.get("CROUPIER_DICE_TABLES"))
            + crash_tables(os.environ.get("CROUPIER_EXTRA_TABLES"))  # issue 19: e.g. craps tables
            + draw_tables(os.environ.get("CROUPIER_DRAW_TABLES")),  # issue 20
            crash_timing=crash_timing(os.environ.get("CROUPIER_CRASH_TIMING")),
            session_hours=_float("CROUPIER_SESSION_HOURS", 12.0),
            run_tables=_flag("CROUPIER_RUN_TABLES", True),
            argon2_fast=_flag("CROUPIER_ARGON2_FAST", False),
            group_commit=_flag("CROUPIER_GROUP_COMMIT", True),
            writer_threads=max(1, int(_float("CROUPIER_WRITER_THREADS", 1))),
            fast_lane=_flag("CROUPIER_FAST_LANE", True),
            rate_limits=_flag("CROUPIER_RATE_LIMITS", True),
            autoplay_spin_seconds=_float("CROUPIER_AUTOPLAY_SPIN_SECONDS", 0.0),
            show_pick_seconds=_float("CROUPIER_SHOW_PICK_SECONDS", 0.0) or None,  # issue 18
            replica_url=default_replica_url(),  # issue 24 point 4
            replica_wait_seconds=_float("CROUPIER_REPLICA_WAIT_SECONDS", 0.1),
            node=node_place(os.environ.get("CROUPIER_NODE")),  # issue 24
            takeover_grace_seconds=_float("CROUPIER_TAKEOVER_GRACE_SECONDS", 5.0),
            lock_poll_seconds=max(0.05, _float("CROUPIER_LOCK_POLL_SECONDS", 1.0)),
        )
        return replace(base, **overrides)
