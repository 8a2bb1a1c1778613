"""Many rows in one statement: the group commit's writes.

On PostgreSQL, ``INSERT ... SELECT * FROM unnest(<one array per column>)`` and ``UPDATE ... FROM
unnest(...)`` write any number of rows with one short statement whose text never changes (so it
is prepared once per connection, and its parameters travel as binary arrays). Executing one
statement per row, even pipelined, costs the server a parse-bind-execute per row; and SQLAlchemy's
multi-row ``VALUES`` inserts have a different text for each row count, which the driver re-parses
in Python every time.

Elsewhere (SQLite: in-process, no round trips) the rows go through ``executemany``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from sqlalchemy import JSON, Table, bindparam, insert, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Connection

_PG = postgresql.dialect()  # type: ignore[no-untyped-call]


def _pg_type(table: Table, col: str) -> tuple[str, bool]:
    """The column's PostgreSQL type name, and whether it is JSON (sent as text)."""
    t = table.c[col].type
    if isinstance(t, JSON):
        return "text", True
    return t.compile(dialect=_PG), False


@cache
def _insert_sql(table: Table, cols: tuple[str, ...], on_conflict: tuple[str, ...] | None) -> str:
    arrays = []
    picks = []
    for i, c in enumerate(cols):
        name, is_json = _pg_type(table, c)
        arrays.append(f"%({c})b::{name}[]")
        picks.append(f"u.c{i}::json" if is_json else f"u.c{i}")
    names = ", ".join(f"c{i}" for i in range(len(cols)))
    sql = (f"INSERT INTO {table.name} ({', '.join(cols)}) SELECT {', '.join(picks)} "
           f"FROM unnest({', '.join(arrays)}) AS u({names})")
    if on_conflict is not None:
        sql += f" ON CONFLICT ({', '.join(on_conflict)}) DO NOTHING"
    return sql


def _columns(table: Table, rows: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, ...],
                                                                      dict[str, list[Any]]]:
    cols = tuple(rows[0])
    params: dict[str, list[Any]] = {}
    for c in cols:
        values = [r[c] for r in rows]
        if isinstance(table.c[c].type, JSON):
            values = [None if v is None else json.dumps(v) for v in values]
        params[c] = values
    return cols, params


def insert_rows(conn: Connection, table: Table, rows: Sequence[Mapping[str, Any]],
                on_conflict_do_nothing: tuple[str, ...] | None = None) -> int:
    """Insert ``rows`` (dicts with the same keys); the number of rows inserted (rows that hit
    ``on_conflict_do_nothing``'s unique columns are skipped)."""
    if not rows:
        return 0
    if conn.dialect.name == "postgresql":
        cols, params = _columns(table, rows)
        res = conn.exec_driver_sql(_insert_sql(table, cols, on_conflict_do_nothing), params)
        return int(res.rowcount)
    stmt: Any = insert(table)
    if on_conflict_do_nothing is not None:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        stmt = sqlite_insert(table).on_conflict_do_nothing(
            index_elements=list(on_conflict_do_nothing))
    res = conn.execute(stmt, list(rows))
    return int(res.rowcount)


@cache
def _update_sql(table: Table, key: str, cols: tuple[str, ...], op: str) -> str:
    keytype, _ = _pg_type(table, key)
    arrays = [f"%(k)b::{keytype}[]"]
    sets = []
    for i, c in enumerate(cols):
        name, is_json = _pg_type(table, c)
        arrays.append(f"%(v{i})b::{name}[]")
        value = f"u.v{i}::json" if is_json else f"u.v{i}"
        sets.append({"set": f"{c} = {value}", "add": f"{c} = t.{c} + {value}",
                     "take": f"{c} = t.{c} - {value}"}[op])
    names = ", ".join(["k", *(f"v{i}" for i in range(len(cols)))])
    where = f"t.{key} = u.k"
    if op == "take":  # only from a row that holds the amount: it never goes below zero
        where += "".join(f" AND t.{c} >= u.v{i}" for i, c in enumerate(cols))
    return (f"UPDATE {table.name} AS t SET {', '.join(sets)} "
            f"FROM unnest({', '.join(arrays)}) AS u({names}) WHERE {where}")


def update_rows(conn: Connection, table: Table, key: str, rows: Sequence[Mapping[str, Any]],
                op: str = "set") -> int:
    """Update, for each of ``rows``, the row whose ``key`` column equals its ``key`` value:
    ``op`` "set" sets the other columns to the given values, "add" adds the values to them,
    "take" subtracts them only where the column holds at least the value (the conditional debit
    ``balance = balance - x WHERE balance >= x``). The number of rows changed; the keys must be
    distinct."""
    if op not in ("set", "add", "take"):
        raise ValueError(f"op is set, add or take, not {op!r}")
    if not rows:
        return 0
    cols = tuple(c for c in rows[0] if c != key)
    if conn.dialect.name == "postgresql":
        params: dict[str, list[Any]] = {"k": [r[key] for r in rows]}
        for i, c in enumerate(cols):
            params[f"v{i}"] = [r[c] for r in rows]
        res = conn.exec_driver_sql(_update_sql(table, key, cols, op), params)
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
