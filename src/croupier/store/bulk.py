"""Many rows in one statement: the group commit's writes.

On PostgreSQL, ``INSERT ... SELECT ... FROM json_to_recordset($1)`` and ``UPDATE ... FROM
json_to_recordset($1)`` write any number of rows with one short statement whose text never
changes (so it is prepared once per connection) and one parameter: the rows as a JSON array,
encoded by the json module's C encoder and parsed by the server. Executing one statement per row,
even pipelined, costs the server a parse-bind-execute per row; SQLAlchemy's multi-row ``VALUES``
inserts have a different text for each row count, which the driver re-parses in Python every
time; arrays per column (``unnest``) cost the driver a Python loop per value.

Elsewhere (SQLite: in-process, no round trips) the rows go through ``executemany``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from functools import cache
from typing import Any

from sqlalchemy import Table, bindparam, insert, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Connection

_PG = postgresql.dialect()  # type: ignore[no-untyped-call]


def _iso(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(f"cannot send {type(value).__name__} in a bulk statement")


def _recordset(table: Table, cols: Sequence[str]) -> str:
    """``json_to_recordset(%(rows)s::json) AS u(col type, ...)``: the rows, sent as one JSON
    array of objects (parsed by the server; no per-value work in the driver)."""
    defs = ", ".join(f'"{c}" {table.c[c].type.compile(dialect=_PG)}' for c in cols)
    return f"json_to_recordset(%(rows)s::json) AS u({defs})"


def _rows_param(rows: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    return {"rows": json.dumps(rows, default=_iso, separators=(",", ":"))}


@cache
def _insert_sql(table: Table, cols: tuple[str, ...], on_conflict: tuple[str, ...] | None) -> str:
    names = ", ".join(f'"{c}"' for c in cols)
    picks = ", ".join(f'u."{c}"' for c in cols)
    sql = f"INSERT INTO {table.name} ({names}) SELECT {picks} FROM {_recordset(table, cols)}"
    if on_conflict is not None:
        sql += f" ON CONFLICT ({', '.join(on_conflict)}) DO NOTHING"
    return sql


def insert_returning(conn: Connection, table: Table, rows: Sequence[Mapping[str, Any]],
                     returning: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """Insert ``rows`` and return the ``returning`` columns of each inserted row, in no
    particular order (return a column that tells the rows apart)."""
    if not rows:
        return []
    if conn.dialect.name == "postgresql":
        sql = (_insert_sql(table, tuple(rows[0]), None)
               + " RETURNING " + ", ".join(f'"{c}"' for c in returning))
        return [tuple(r) for r in conn.exec_driver_sql(sql, _rows_param(rows))]
    stmt = insert(table).returning(*(table.c[c] for c in returning))
    return [tuple(r) for r in conn.execute(stmt, list(rows))]


def insert_rows(conn: Connection, table: Table, rows: Sequence[Mapping[str, Any]],
                on_conflict_do_nothing: tuple[str, ...] | None = None) -> int:
    """Insert ``rows`` (dicts with the same keys); the number of rows inserted (rows that hit
    ``on_conflict_do_nothing``'s unique columns are skipped)."""
    if not rows:
        return 0
    if conn.dialect.name == "postgresql":
        res = conn.exec_driver_sql(_insert_sql(table, tuple(rows[0]), on_conflict_do_nothing),
                                   _rows_param(rows))
        return int(res.rowcount)
    stmt: Any = insert(table)
    if on_conflict_do_nothing is not None:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        stmt = sqlite_insert(table).on_conflict_do_nothing(
            index_elements=list(on_conflict_do_nothing))
    res = conn.execute(stmt, list(rows))
    return int(res.rowcount)


_OPS = {"set": '"{c}" = u."{c}"', "add": '"{c}" = t."{c}" + u."{c}"',
        "take": '"{c}" = t."{c}" - u."{c}"'}


@cache
def _update_sql(table: Table, key: str, cols: tuple[str, ...], op: str) -> str:
    sets = ", ".join(_OPS[op].format(c=c) for c in cols)
    where = f't."{key}" = u."{key}"'
    if op == "take":  # only from a row that holds the amount: it never goes below zero
        where += "".join(f' AND t."{c}" >= u."{c}"' for c in cols)
    return (f"UPDATE {table.name} AS t SET {sets} "
            f"FROM {_recordset(table, (key, *cols))} WHERE {where}")


def update_rows(conn: Connection, table: Table, key: str, rows: Sequence[Mapping[str, Any]],
                op: str = "set") -> int:
    """Update, for each of ``rows``, the row whose ``key`` column equals its ``key`` value:
    ``op`` "set" sets the other columns to the given values, "add" adds the values to them,
    "take" subtracts them only where the column holds at least the value (the conditional debit
    ``balance = balance - x WHERE balance >= x``). The number of rows changed; the keys must be
    distinct."""
    if op not in _OPS:
        raise ValueError(f"op is set, add or take, not {op!r}")
    if not rows:
        return 0
    cols = tuple(c for c in rows[0] if c != key)
    if conn.dialect.name == "postgresql":
        res = conn.exec_driver_sql(_update_sql(table, key, cols, op), _rows_param(rows))
        return int(res.rowcount)
    values: dict[str, Any] = {}
    stmt: Any = update(table).where(table.c[key] == bindparam("k_key"))
    for c in cols:
        v: Any = bindparam(f"v_{c}")
        values[c] = {"set": v, "add": table.c[c] + v, "take": table.c[c] - v}[op]
        if op == "take":
            stmt = stmt.where(table.c[c] >= v)
    res = conn.execute(stmt.values(values), [{"k_key": r[key], **{f"v_{c}": r[c] for c in cols}}
                                             for r in rows])
    return int(res.rowcount)
