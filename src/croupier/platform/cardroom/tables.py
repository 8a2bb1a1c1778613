"""A poker table's configuration (issue 21): the game and variant (data), the format of
000 §12.12.3, the stakes (the big blind), the buy-in range, the rake, the decision timer and the
time bank. A card room table is a ``game_tables`` row (its id, currency and runner lock) plus a
``cardroom_tables`` row (this module).

Defaults where the rules are silent (ASSUMPTIONs, docs/pvp_poker.md "Card room"): a regular
table's buy-in is 40 to 100 big blinds; All-in or Fold buys in with exactly the variant's
``all_in_or_fold_bb`` big blinds (8 BB Hold'em, 4 BB Omaha); the decision timer is 15 s and the
time bank 30 s; the rake 5% capped at 3 big blinds, no flop no drop. All are table options."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, VariantError
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.state import FORMATS
from croupier.games.pvp.poker.variant import PokerVariant, load_variant
from croupier.money import currency
from croupier.platform.errors import UnknownTable
from croupier.platform.ledger import Ledger
from croupier.platform.tables import _next_lock_id
from croupier.store.cardroom_models import CardroomTable
from croupier.store.models import GameTable

PREFIX = "pvp_"


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What an operator sets for a poker table (amounts in minor units)."""

    id: str
    name: str
    game: str        # holdem / omaha / omaha5 / short_deck / five_card_stud
    variant: str     # fixed_limit / no_limit / pot_limit
    currency: str
    big_blind: int
    format: str = "regular"
    max_seats: int = 6
    min_buy_in: int | None = None   # default 40 BB (All-in or Fold: the variant's BB count)
    max_buy_in: int | None = None   # default 100 BB
    rake_percent: Fraction | None = Fraction(5, 100)
    rake_cap_bb: int | None = 3
    no_flop_no_drop: bool = True
    decision_ms: int = 15_000
    time_bank_ms: int = 30_000
    pool: str | None = None
    tournament_id: int | None = None


def variant_of(table: Any) -> PokerVariant:
    """The poker variant of a ``game_tables`` or ``cardroom_hands`` row (``pvp_<game>``)."""
    game = str(table.game)
    return load_variant(game.removeprefix(PREFIX), str(table.variant))


def rake_rule(cfg: CardroomTable) -> PercentRake | None:
    if cfg.rake_percent is None:
        return None
    return PercentRake(Fraction(cfg.rake_percent), cfg.rake_cap, cfg.no_flop_no_drop)


def _validate(spec: TableSpec, v: PokerVariant) -> tuple[int, int, PercentRake | None]:
    currency(spec.currency)
    bb = spec.big_blind
    if type(bb) is not int or bb <= 0 or bb % 2:
        raise VariantError(f"a big blind is an even positive number of minor units (the small blind "
                           f"is half of it, 000 §12.12.3), got {bb!r}")
    if spec.format not in FORMATS:
        raise VariantError(f"unknown table format {spec.format!r}; known: {', '.join(FORMATS)}")
    if not v.min_players <= spec.max_seats <= v.max_players:
        raise VariantError(f"{v.title}: {v.min_players} to {v.max_players} seats, got {spec.max_seats}")
    if spec.format == "all_in_or_fold":
        low = high = v.all_in_or_fold_bb * bb
    else:
        low = spec.min_buy_in if spec.min_buy_in is not None else 40 * bb
        high = spec.max_buy_in if spec.max_buy_in is not None else 100 * bb
    if not 0 < low <= high:
        raise VariantError(f"a buy-in range needs 0 < minimum <= maximum, got {low}..{high}")
    rake = None
    if spec.format != "tournament" and spec.rake_percent is not None:
        cap = None if spec.rake_cap_bb is None else spec.rake_cap_bb * bb
        rake = PercentRake(spec.rake_percent, cap, spec.no_flop_no_drop)
    if not 1000 <= spec.decision_ms <= 600_000 or not 0 <= spec.time_bank_ms <= 3_600_000:
        raise VariantError("the decision timer is 1 s to 10 min, the time bank 0 to 1 h")
    return low, high, rake


def ensure_table(session: Session, spec: TableSpec) -> CardroomTable:
    """Create the table (or return it unchanged if it exists)."""
    v = load_variant(spec.game, spec.variant)
    low, high, rake = _validate(spec, v)
    cfg = session.get(CardroomTable, spec.id)
    if cfg is not None:
        return cfg
    if session.get(GameTable, spec.id) is None:
        session.add(GameTable(id=spec.id, name=spec.name, game=PREFIX + spec.game,
                              variant=spec.variant, currency=spec.currency, next_number=1,
                              lock_id=_next_lock_id(session)))
        session.flush()  # the game_tables row first (no ORM relationship orders the inserts)
    cfg = CardroomTable(
        table_id=spec.id, format=spec.format, big_blind=spec.big_blind, min_buy_in=low,
        max_buy_in=high, max_seats=spec.max_seats,
        rake_percent=None if rake is None else str(rake.percent),
        rake_cap=None if rake is None else rake.cap,
        no_flop_no_drop=spec.no_flop_no_drop if rake is not None else True,
        decision_ms=spec.decision_ms, time_bank_ms=spec.time_bank_ms, pool=spec.pool,
        tournament_id=spec.tournament_id, next_hand=1, button=-1)
    session.add(cfg)
    Ledger(session).ensure_system_accounts(spec.currency)
    session.flush()
    return cfg


def get(session: Session, table_id: str, lock: bool = False) -> tuple[GameTable, CardroomTable]:
    q = select(CardroomTable).where(CardroomTable.table_id == table_id)
    if lock:
        q = q.with_for_update()
    cfg = session.scalars(q).one_or_none()
    t = session.get(GameTable, table_id)
    if cfg is None or t is None:
        raise UnknownTable(f"no poker table {table_id!r}")
    return t, cfg


def is_cardroom_table(session: Session, table_id: str) -> bool:
    return session.get(CardroomTable, table_id) is not None


def describe(t: GameTable, cfg: CardroomTable) -> dict[str, Any]:
    v = variant_of(t)
    return {
        "id": t.id, "name": t.name, "game": t.game, "variant": t.variant, "title": v.title,
        "currency": t.currency, "currency_exponent": currency(t.currency).exponent,
        "format": cfg.format, "structure": v.structure,
        "big_blind_minor": cfg.big_blind, "small_blind_minor": cfg.big_blind // 2,
        "min_buy_in_minor": cfg.min_buy_in, "max_buy_in_minor": cfg.max_buy_in,
        "max_seats": cfg.max_seats, "decision_ms": cfg.decision_ms,
        "time_bank_ms": cfg.time_bank_ms, "pool": cfg.pool, "tournament_id": cfg.tournament_id,
        "rake": None if cfg.rake_percent is None else {
            "percent": cfg.rake_percent, "cap_minor": cfg.rake_cap,
            "no_flop_no_drop": cfg.no_flop_no_drop},
    }


def list_tables(session: Session) -> list[dict[str, Any]]:
    rows = session.execute(select(GameTable, CardroomTable).join(
        CardroomTable, CardroomTable.table_id == GameTable.id).order_by(GameTable.id)).all()
    return [describe(t, c) for t, c in rows]


def parse_specs(text: str | None) -> tuple[TableSpec, ...]:
    """``CROUPIER_CARDROOM_TABLES``: ``id:game:variant:CUR:big_blind_minor[:format[:seats[:pool]]]``,
    comma-separated (e.g. ``nl-eur:holdem:no_limit:EUR:20,aof:holdem:no_limit:EUR:20:all_in_or_fold``).
    A ``rush`` table belongs to the Rush & Cash pool named by ``pool`` (default: its own id)."""
    out = []
    for item in (text or "").split(","):
        if not item.strip():
            continue
        parts = item.strip().split(":")
        if not 5 <= len(parts) <= 8 or not parts[4].isdigit():
            raise CroupierError(f"card room table {item!r}: id:game:variant:CUR:big_blind[:format[:seats[:pool]]]")
        fmt = parts[5] if len(parts) > 5 else "regular"
        seats = int(parts[6]) if len(parts) > 6 and parts[6].isdigit() else 6
        pool = (parts[7] if len(parts) > 7 and parts[7] else parts[0]) if fmt == "rush" else None
        out.append(TableSpec(parts[0], parts[0], parts[1], parts[2], parts[3], int(parts[4]),
                             format=fmt, max_seats=seats, pool=pool))
    return tuple(out)


def ensure_from_env(session: Session) -> list[str]:
    """The poker tables of ``CROUPIER_CARDROOM_TABLES`` (created once; the server runs them)."""
    import os

    return [ensure_table(session, spec).table_id
            for spec in parse_specs(os.environ.get("CROUPIER_CARDROOM_TABLES"))]
