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
import re
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


def _recordset(table: Table, cols: Sequence[str], param: str = "rows") -> str:
    """``json_to_recordset(%(rows)s::json) AS u(col type, ...)``: the rows, sent as one JSON
    array of objects (parsed by the server; no per-value work in the driver)."""
    defs = ", ".join(f'"{c}" {table.c[c].type.compile(dialect=_PG)}' for c in cols)
    return f"json_to_recordset(%({param})s::json) AS u({defs})"


def _rows_param(rows: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    return {"rows": json.dumps(rows, default=_iso, separators=(",", ":"))}


@cache
def _insert_sql(table: Table, cols: tuple[str, ...], on_conflict: tuple[str, ...] | None,
                param: str = "rows") -> str:
    names = ", ".join(f'"{c}"' for c in cols)
    picks = ", ".join(f'u."{c}"' for c in cols)
    sql = (f"INSERT INTO {table.name} ({names}) SELECT {picks} "
           f"FROM {_recordset(table, cols, param)}")
    if on_conflict is not None:
        sql += f" ON CONFLICT ({', '.join(on_conflict)}) DO NOTHING"
    return sql


def insert_returning(conn: Connection, table: Table, rows: Sequence[Mapping[str, Any]],
                     returning: tuple[str, ...],
                     on_conflict_do_nothing: tuple[str, ...] | None = None) -> list[tuple[Any, ...]]:
    """Insert ``rows`` and return the ``returning`` columns of each inserted row, in no
    particular order (return a column that tells the rows apart); rows that hit
    ``on_conflict_do_nothing``'s unique columns are skipped and return nothing."""
    if not rows:
        return []
    if conn.dialect.name == "postgresql":
        sql = (_insert_sql(table, tuple(rows[0]), on_conflict_do_nothing)
               + " RETURNING " + ", ".join(f'"{c}"' for c in returning))
        return [tuple(r) for r in conn.exec_driver_sql(sql, _rows_param(rows))]
    stmt: Any = insert(table)
    if on_conflict_do_nothing is not None:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        stmt = sqlite_insert(table).on_conflict_do_nothing(index_elements=list(on_conflict_do_nothing))
    stmt = stmt.returning(*(table.c[c] for c in returning))
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
def _update_sql(table: Table, key: str, cols: tuple[str, ...], op: str,
                param: str = "rows") -> str:
    sets = ", ".join(_OPS[op].format(c=c) for c in cols)
    where = f't."{key}" = u."{key}"'
    if op == "take":  # only from a row that holds the amount: it never goes below zero
        where += "".join(f' AND t."{c}" >= u."{c}"' for c in cols)
    return (f"UPDATE {table.name} AS t SET {sets} "
            f"FROM {_recordset(table, (key, *cols), param)} WHERE {where}")


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
        values[c] = v if op == "set" else table.c[c] + v if op == "add" else table.c[c] - v
        if op == "take":
            stmt = stmt.where(table.c[c] >= v)
    res = conn.execute(stmt.values(values), [{"k_key": r[key], **{f"v_{c}": r[c] for c in cols}}
                                             for r in rows])
    return int(res.rowcount)


# -- columns as PostgreSQL arrays -------------------------------------------------------------

#: what an unquoted element of an array literal may not contain (besides the separator ",")
_UNSAFE = re.compile(r'[{}"\\\s]')


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def array_text(values: Sequence[Any]) -> str:
    """A PostgreSQL array literal of ``values`` (ints, strs, None), built by C-speed joins: the
    server parses it (one parameter; no per-value work in the driver). Strings are quoted only
    when one of them needs it (a separator, a quote, a backslash, a space, empty, or a ``NULL``)."""
    kinds = set(map(type, values))
    if kinds <= {int}:
        return "{" + ",".join(map(str, values)) + "}"
    if kinds <= {str}:
        body = ",".join(values)
        if (not _UNSAFE.search(body) and body.count(",") == len(values) - 1 and "" not in values
                and "null" not in body.lower()):
            return "{" + body + "}"
        return "{" + ",".join(map(_quoted, values)) + "}"
    if kinds <= {int, str, type(None)} and not {int, str} <= kinds:
        return "{" + ",".join("NULL" if v is None else _quoted(v) if type(v) is str else str(v)
                              for v in values) + "}"
    raise TypeError(f"an array of ints, or of strs, with None: not {sorted(k.__name__ for k in kinds)}")


def _insert_arrays_sql(table: Table, cols: tuple[str, ...], on_conflict: tuple[str, ...] | None,
                       param: str) -> str:
    names = ", ".join(f'"{c}"' for c in cols)
    arrays = ", ".join(f"%({param}_{j})s::{table.c[c].type.compile(dialect=_PG)}[]"
                       for j, c in enumerate(cols))
    sql = f"INSERT INTO {table.name} ({names}) SELECT * FROM unnest({arrays})"
    if on_conflict is not None:
        sql += f" ON CONFLICT ({', '.join(on_conflict)}) DO NOTHING"
    return sql


# -- several writes in one statement ----------------------------------------------------------


class Write:
    """One part of :func:`write_all`: rows to insert into ``table`` (``key`` None; with
    ``on_conflict`` unique columns, clashing rows are skipped) or rows updating it by ``key``
    (``op`` as in :func:`update_rows`). ``cols`` are the columns each row gives. ``arrays``: an
    insert whose values are all ints, strs or None, sent to PostgreSQL as one array per column
    (:func:`array_text`; cheaper than the JSON rows for both sides when the rows are many)."""

    __slots__ = ("table", "cols", "rows", "key", "op", "on_conflict", "arrays")

    def __init__(self, table: Table, cols: tuple[str, ...], rows: Sequence[Mapping[str, Any]],
                 key: str | None = None, op: str = "set",
                 on_conflict: tuple[str, ...] | None = None, arrays: bool = False) -> None:
        if op not in _OPS:
            raise ValueError(f"op is set, add or take, not {op!r}")
        if arrays and key is not None:
            raise ValueError("arrays are for inserts")
        self.table, self.cols, self.rows = table, cols, rows
        self.key, self.op, self.on_conflict, self.arrays = key, op, on_conflict, arrays

    def shape(self) -> tuple[Any, ...]:
        return (self.table, self.cols, self.key, self.op, self.on_conflict, self.arrays)

    def params(self, param: str) -> dict[str, str]:
        if not self.arrays:
            return {param: json.dumps(list(self.rows), default=_iso, separators=(",", ":"))}
        return {f"{param}_{j}": array_text([r[c] for r in self.rows]) for j, c in enumerate(self.cols)}


@cache
def _write_all_sql(shapes: tuple[tuple[Any, ...], ...]) -> str:
    parts = []
    for i, (table, cols, key, op, on_conflict, arrays) in enumerate(shapes):
        if arrays:
            body = _insert_arrays_sql(table, cols, on_conflict, f"p{i}")
        elif key is None:
            body = _insert_sql(table, cols, on_conflict, f"p{i}")
        else:
            body = _update_sql(table, key, tuple(c for c in cols if c != key), op, f"p{i}")
        parts.append(f"w{i} AS ({body} RETURNING 1)")
    counts = ", ".join(f"(SELECT count(*) FROM w{i})" for i in range(len(shapes)))
    return f"WITH {', '.join(parts)} SELECT {counts}"


def write_all(conn: Connection, writes: Sequence[Write]) -> list[int]:
    """Several inserts and updates, each of many rows; the number of rows each one wrote. On
    PostgreSQL they go as one statement (data-modifying ``WITH`` parts: one round trip, one
    prepared statement whatever the row counts; the parts see the same snapshot, so none may
    depend on another's rows). Elsewhere one statement each."""
    if conn.dialect.name != "postgresql":
        return [insert_rows(conn, w.table, w.rows, w.on_conflict) if w.key is None
                else update_rows(conn, w.table, w.key, w.rows, w.op) for w in writes]
    params: dict[str, str] = {}
    for i, w in enumerate(writes):
        params.update(w.params(f"p{i}"))
    row = conn.exec_driver_sql(_write_all_sql(tuple(w.shape() for w in writes)), params).one()
    return [int(n) for n in row]
