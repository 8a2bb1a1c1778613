"""SplitMix64: a small, fast, seeded stream for bots, benchmarks and differential tests of the
player-vs-player games (never for real hands: those draw from the platform's RNG through the
engine). The same numbers in Python (:class:`SplitMixSource`) and in numba (:func:`next64`,
:func:`below`), so a compiled loop and the engine driven from Python can be fed one stream."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.rng import RandomSource

U64 = npt.NDArray[np.uint64]

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB

class SplitMixSource(RandomSource):
    """SplitMix64 with unbiased ``randbelow`` by rejection (n < 2**64): the stream of
    :func:`below` in Python. Not for real hands."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        if not 1 <= n < 1 << 64:
            raise ValueError(f"randbelow needs 1 <= n < 2**64, got {n}")
        floor = (1 << 64) % n
        while True:
            x = self.next64()
            if x >= floor:
                return x % n


@jit
def next64(rs: U64) -> np.uint64:
    """The next 64 bits of the stream whose state is ``rs[0]``."""
    rs[0] = rs[0] + np.uint64(0x9E3779B97F4A7C15)
    z = rs[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return np.uint64(z ^ (z >> np.uint64(31)))


@jit
def below(rs: U64, n: int) -> int:
    """A uniform integer in ``[0, n)`` (:meth:`SplitMixSource.randbelow` in numba)."""
    un = np.uint64(n)
    floor = (np.uint64(0) - un) % un
    while True:
        x = next64(rs)
        if x >= floor:
            return int(x % un)
