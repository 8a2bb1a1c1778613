"""Random sources: unbiased integers by rejection, Fisher-Yates shuffles, recording and replay."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Draw:
    """One recorded draw: an integer ``value`` in ``[0, n)``."""

    n: int
    value: int


class RandomSource(ABC):
    """Anything that can draw an unbiased integer in ``[0, n)``."""

    @abstractmethod
    def randbelow(self, n: int) -> int:
        """An integer uniformly distributed on ``[0, n)``; ``n`` must be >= 1."""

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates (Durstenfeld) in place: for i = n-1 .. 1 swap i with randbelow(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def weighted(self, weights: Sequence[int]) -> int:
        """Index ``i`` with probability ``weights[i] / sum(weights)`` (integer weights, exact)."""
        total = 0
        for w in weights:
            if isinstance(w, bool) or not isinstance(w, int) or w < 0:
                raise ValueError(f"weights must be non-negative integers, got {w!r}")
            total += w
        if total <= 0:
            raise ValueError("weights must not all be zero")
        r = self.randbelow(total)
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("unreachable")  # pragma: no cover

    def sample(self, population: int, k: int) -> list[int]:
        """``k`` distinct integers of ``range(population)``, in draw order (partial Fisher-Yates)."""
        if not 0 <= k <= population:
            raise ValueError(f"cannot draw {k} distinct values from {population}")
        pool = list(range(population))
        out: list[int] = []
        for i in range(k):
            j = i + self.randbelow(population - i)
            pool[i], pool[j] = pool[j], pool[i]
            out.append(pool[i])
        return out


def _check_n(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"randbelow needs an integer n >= 1, got {n!r}")


class ByteSource(RandomSource):
    """A source built on a stream of random bytes; ``randbelow`` rejects to avoid modulo bias.

    For ``n`` it takes ``ceil(bits / 8)`` bytes (``bits = (n - 1).bit_length()``) as a big-endian
    integer, keeps the low ``bits`` bits and rejects values ``>= n``, drawing afresh until one fits.
    This is the algorithm written down in docs/provably_fair.md.
    """

    @abstractmethod
    def read(self, k: int) -> bytes:
        """The next ``k`` bytes of the stream."""

    def randbelow(self, n: int) -> int:
        _check_n(n)
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            v = int.from_bytes(self.read(nbytes), "big") & mask
            if v < n:
                return v


class SystemSource(RandomSource):
    """The operating system's CSPRNG (``secrets``), used for production play."""

    def randbelow(self, n: int) -> int:
        _check_n(n)
        return secrets.randbelow(n)


class HmacStream(ByteSource):
    """Bytes of ``HMAC-SHA256(key, f"{client_seed}:{nonce}:{counter}")`` for counter = 0, 1, 2...

    ``key`` is the server seed's raw bytes. Each HMAC gives a 32-byte block; bytes are consumed in
    order and a block is never reused.
    """

    __slots__ = ("_key", "_client_seed", "_nonce", "_counter", "_buf", "_pos", "consumed")

    def __init__(self, key: bytes, client_seed: str, nonce: int) -> None:
        if not isinstance(key, bytes) or not key:
            raise ValueError("the HMAC key (server seed) must be non-empty bytes")
        if not isinstance(client_seed, str):
            raise ValueError("the client seed must be text")
        if isinstance(nonce, bool) or not isinstance(nonce, int) or nonce < 0:
            raise ValueError(f"the nonce must be a non-negative integer, got {nonce!r}")
        self._key = key
        self._client_seed = client_seed
        self._nonce = nonce
        self._counter = 0
        self._buf = b""
        self._pos = 0
        self.consumed = 0

    def block(self, counter: int) -> bytes:
        msg = f"{self._client_seed}:{self._nonce}:{counter}".encode()
        return hmac.new(self._key, msg, hashlib.sha256).digest()

    def read(self, k: int) -> bytes:
        out = bytearray()
        while len(out) < k:
            if self._pos >= len(self._buf):
                self._buf = self.block(self._counter)
                self._counter += 1
                self._pos = 0
            take = min(k - len(out), len(self._buf) - self._pos)
            out += self._buf[self._pos : self._pos + take]
            self._pos += take
        self.consumed += k
        return bytes(out)


def seeded(seed: int | str, nonce: int = 0) -> HmacStream:
    """A deterministic source for tests and replay: the HMAC stream keyed by SHA-256 of the seed."""
    key = hashlib.sha256(str(seed).encode()).digest()
    return HmacStream(key, "seeded", nonce)


class RecordingSource(RandomSource):
    """Wraps a source and records every draw, so a round can be replayed exactly."""

    def __init__(self, inner: RandomSource) -> None:
        self.inner = inner
        self.draws: list[Draw] = []

    def randbelow(self, n: int) -> int:
        v = self.inner.randbelow(n)
        self.draws.append(Draw(n, v))
        return v


class ReplaySource(RandomSource):
    """Feeds recorded draws back in order; a draw over a different range is an error."""

    def __init__(self, draws: Sequence[Draw]) -> None:
        self._draws = list(draws)
        self._i = 0

    def randbelow(self, n: int) -> int:
        _check_n(n)
        if self._i >= len(self._draws):
            raise LookupError("the replayed record has no more draws")
        d = self._draws[self._i]
        if d.n != n:
            raise LookupError(f"draw {self._i} was over [0, {d.n}), replay asks for [0, {n})")
        self._i += 1
        return d.value

    @property
    def exhausted(self) -> bool:
        return self._i == len(self._draws)
