"""A fast, vectorised race simulator: Plackett–Luce as an exponential race.

Runner ``i`` finishes at an exponential time of rate ``s_i`` (independent); the finishing order
is the order of those times. The first to finish is ``i`` with chance ``s_i / S``, and by the
memoryless property the rest race on among themselves in the same way — the Plackett–Luce order
of :mod:`.model`, reached by a different route (the engine draws one finisher at a time from
integer indices). ``tests/test_virtual_race.py`` checks the two against the exact chances.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from croupier.games.virtual.race.markets import Market, Selection


def orders(strengths: Sequence[int], events: int, seed: int, depth: int = 4) -> npt.NDArray[np.int16]:
    """``events`` finishing orders (the first ``depth`` places, runner numbers from 1)."""
    rng = np.random.default_rng(seed)
    s = np.asarray(strengths, dtype=np.float64)
    times = rng.standard_exponential((events, len(s))) / s
    depth = min(depth, len(s))
    top = np.argpartition(times, depth - 1, axis=1)[:, :depth] if depth < len(s) else np.arange(len(s))[None, :].repeat(events, 0)
    ordered = np.take_along_axis(top, np.argsort(np.take_along_axis(times, top, 1), axis=1), 1)
    return (ordered + 1).astype(np.int16)


#: markets decided by the winner alone
_BY_WINNER = ("win", "any_three", "winner_over", "winner_under")


def _keys(market: Market, top: npt.NDArray[np.int16], runners: int) -> npt.NDArray[np.int64]:
    """For each event, the codes of the selections it wins (one column per winning selection):
    the runners' numbers as digits in base ``runners + 1``, sorted unless the order matters."""
    code = market.code
    base = runners + 1
    if code.startswith("place"):
        return top[:, : int(code[5:])].astype(np.int64)
    if code in ("forecast", "tricast", "reverse_forecast", "reverse_tricast"):
        k = market.picks
        cols = top[:, :k].astype(np.int64)
        if not market.ordered:
            cols = np.sort(cols, axis=1)
        key = np.zeros(len(top), dtype=np.int64)
        for j in range(k):
            key = key * base + cols[:, j]
        return key[:, None]
    if code == "swinger":
        t3 = np.sort(top[:, :3].astype(np.int64), axis=1)
        return np.stack([t3[:, 0] * base + t3[:, 1], t3[:, 0] * base + t3[:, 2], t3[:, 1] * base + t3[:, 2]], axis=1)
    raise ValueError(f"no simulation rule for the market {code!r}")


def _key(sel: Selection, runners: int) -> int:
    key = 0
    for r in sel:
        key = key * (runners + 1) + r
    return key


def _by_winner(market: Market, runners: int, pay: Mapping[Selection, float]) -> npt.NDArray[np.float64]:
    """What a winner ``r`` pays on the market: the sum over the selections it makes win."""
    table = np.zeros(runners + 1)
    for r in range(1, runners + 1):
        order = (r, *[x for x in range(1, runners + 1) if x != r])  # the rule reads the winner only
        table[r] = sum(v for sel, v in pay.items() if market.wins(order, sel))
    return table


def returns(market: Market, top: npt.NDArray[np.int16], runners: int,
            pay: Mapping[Selection, float]) -> npt.NDArray[np.float64]:
    """Each simulated event's total return on the market when selection ``sel`` pays
    ``pay[sel]`` per unit (the stake on every selection of ``pay``)."""
    if market.numbers is not None or market.code in _BY_WINNER:
        return np.asarray(_by_winner(market, runners, pay)[top[:, 0]], dtype=np.float64)
    table = np.zeros((runners + 1) ** market.picks if market.picks > 1 else runners + 1)
    for sel, v in pay.items():
        table[_key(sel, runners)] = v
    return np.asarray(table[_keys(market, top, runners)].sum(axis=1), dtype=np.float64)


def hits(market: Market, top: npt.NDArray[np.int16], runners: int) -> dict[Selection, int]:
    """How many of the simulated events each selection of the market wins."""
    sels = market.selections(runners)
    if market.numbers is not None or market.code in _BY_WINNER:
        won = np.bincount(top[:, 0], minlength=runners + 1)
        out = {}
        for sel in sels:
            table = _by_winner(market, runners, {sel: 1.0})
            out[sel] = int((won * table).sum())
        return out
    counts = np.bincount(_keys(market, top, runners).ravel())
    return {sel: int(counts[k]) if k < len(counts) else 0 for sel in sels for k in [_key(sel, runners)]}
