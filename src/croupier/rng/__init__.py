"""Randomness: injected sources only. No engine ever touches the global ``random`` module.

* :class:`SystemSource` - the OS CSPRNG (``secrets``), for production play.
* :class:`HmacStream` - the provably fair byte stream (see :mod:`croupier.rng.fair` and
  docs/provably_fair.md); also the deterministic seeded source for replay and tests
  (:func:`seeded`).
* :class:`RecordingSource` / :class:`ReplaySource` - record every draw of a round and feed it back.

Every source draws integers in ``[0, n)`` by rejection sampling on a byte stream (no modulo bias)
and shuffles by Fisher-Yates on those integers.
"""

from croupier.rng.source import (
    ByteSource,
    Draw,
    HmacStream,
    RandomSource,
    RecordingSource,
    ReplaySource,
    SystemSource,
    seeded,
)

__all__ = [
    "ByteSource",
    "Draw",
    "HmacStream",
    "RandomSource",
    "RecordingSource",
    "ReplaySource",
    "SystemSource",
    "seeded",
]
