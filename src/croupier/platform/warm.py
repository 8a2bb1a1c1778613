"""The compiled kernels a request can reach, loaded before the server takes requests.

numba compiles a kernel on its first call and caches the machine code on disk (``cache=True``,
croupier.cards._jit); the first call after an install compiles for seconds, later processes load in
milliseconds. The API's lifespan calls :func:`warm_compiled` before it serves, so no player's move
waits for a compiler (a backgammon match's first roll took > 10 s on a busy machine). Kernels used
only at start (exact-RTP admission) or by the tools (simulators, benchmarks) are not listed: they
compile where they run. A game whose engine calls a compiled kernel during play adds its ``warm``
here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Final

from croupier.games.pvp.backgammon import warm as backgammon_warm
from croupier.games.pvp.poker import warm as poker_warm

#: each game's warm-up: one call reaches every kernel its engine uses in play
WARMERS: Final[tuple[Callable[[], None], ...]] = (backgammon_warm.warm, poker_warm.warm)

_lock = threading.Lock()
_done: set[Callable[[], None]] = set()


def warm_compiled() -> int:
    """Run every warm-up not yet run in this process; the number run."""
    ran = 0
    with _lock:
        for fn in WARMERS:
            if fn not in _done:
                fn()
                _done.add(fn)
                ran += 1
    return ran
