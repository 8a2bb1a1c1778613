"""Provably fair randomness (algorithm and test vectors: docs/provably_fair.md).

1. The server draws a 32-byte secret seed from the OS CSPRNG and publishes its commitment,
   ``SHA-256(seed)`` in hex, before any play with it.
2. The player sets a client seed (any text; a random default is offered).
3. Round number ``nonce`` (0, 1, 2... for a seed pair) draws its randomness from the byte stream
   ``HMAC-SHA256(key=seed, msg=f"{client_seed}:{nonce}:{counter}")`` for counter = 0, 1, 2...
   (:class:`~croupier.rng.source.HmacStream`), turned into integers by rejection sampling.
4. On rotation the server reveals the old seed; anyone can check its SHA-256 against the
   commitment and recompute every round played with it (``croupier verify``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, replace

from croupier.rng.source import HmacStream

SEED_BYTES = 32


def _seed_bytes(server_seed_hex: str) -> bytes:
    if not isinstance(server_seed_hex, str):
        raise ValueError("the server seed is given as hex text")
    try:
        raw = bytes.fromhex(server_seed_hex)
    except ValueError:
        raise ValueError(f"the server seed {server_seed_hex!r} is not hex") from None
    if len(raw) != SEED_BYTES:
        raise ValueError(f"a server seed is {SEED_BYTES} bytes ({2 * SEED_BYTES} hex digits)")
    return raw


def commitment(server_seed_hex: str) -> str:
    """The published hash of a server seed: SHA-256 of its raw bytes, in lower-case hex."""
    return hashlib.sha256(_seed_bytes(server_seed_hex)).hexdigest()


def matches(server_seed_hex: str, published: str) -> bool:
    """Whether a revealed seed is the one whose commitment was published."""
    return hmac.compare_digest(commitment(server_seed_hex), published.strip().lower())


def stream(server_seed_hex: str, client_seed: str, nonce: int) -> HmacStream:
    """The random source of one round."""
    return HmacStream(_seed_bytes(server_seed_hex), client_seed, nonce)


def new_server_seed() -> str:
    return secrets.token_bytes(SEED_BYTES).hex()


def new_client_seed() -> str:
    return secrets.token_hex(8)


@dataclass(frozen=True, slots=True)
class SeedPair:
    """A player's current seeds: the hidden server seed, its commitment, the client seed and the
    next nonce. Rotating reveals the server seed and starts a new pair at nonce 0."""

    server_seed: str
    client_seed: str
    nonce: int = 0

    @classmethod
    def fresh(cls, client_seed: str | None = None) -> SeedPair:
        return cls(new_server_seed(), client_seed or new_client_seed(), 0)

    @property
    def commitment(self) -> str:
        return commitment(self.server_seed)

    def with_client_seed(self, client_seed: str) -> SeedPair:
        if not isinstance(client_seed, str) or not 1 <= len(client_seed) <= 64:
            raise ValueError("a client seed is 1 to 64 characters of text")
        return replace(self, client_seed=client_seed)

    def next_round(self) -> tuple[SeedPair, HmacStream, int]:
        """The source for the next round, its nonce, and the pair with the nonce advanced."""
        return (
            replace(self, nonce=self.nonce + 1),
            stream(self.server_seed, self.client_seed, self.nonce),
            self.nonce,
        )

    def rotate(self) -> tuple[SeedPair, str]:
        """A new pair (same client seed) and the revealed old server seed."""
        return SeedPair(new_server_seed(), self.client_seed, 0), self.server_seed
