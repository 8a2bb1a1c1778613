"""Provably fair crash points from a published hash chain (000 §12.20 "Fairness": "crash points
are determined 10 rounds in advance ... players can verify that the crash point was set
beforehand"; §12.26 the same). Algorithm and test vectors: docs/crash.md.

1. The server draws a secret 32-byte seed ``s_L`` from the OS CSPRNG and hashes it down a chain:
   ``s_{i-1} = SHA-256(s_i)``. Round ``i`` of the chain (1, 2, ... L) plays with seed ``s_i``;
   the *terminating hash* ``s_0 = SHA-256(s_1)`` is published before the chain's first round,
   together with the round number at which it is published and the chain's first round.
2. A *salt* (public text fixed after the terminating hash is published: ASSUMPTION, e.g. a
   lottery result or a block hash the operator names in advance) is mixed in, so the server
   cannot pick a chain for its first crash points.
3. The crash draw of round ``i`` is ``randbelow(2^bits)`` from the provably fair stream
   ``HMAC-SHA256(key=s_i, msg=f"{salt}:0:{counter}")`` (croupier.rng.fair: for a power of two this
   is the low ``bits`` bits of the first ``ceil(bits / 8)`` bytes: uniform, no rejection); the
   crash point follows by :func:`.distribution.crash_hundredths`.
4. After round ``i`` the server reveals ``s_i``. Anyone checks ``SHA-256(s_i) = s_{i-1}`` (the
   seed revealed the round before; hashing ``i`` times reaches the terminating hash) and
   recomputes the crash point (``croupier verify crash``). A seed that hashes to the published
   terminating hash was fixed before the chain was published: each round of the chain was
   determined ``first_round - published_at_round + (i - 1)`` rounds in advance, at least 10 when
   the chain is published 10 rounds before it starts (:attr:`Chain.advance`).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Final

from croupier.errors import CroupierError
from croupier.games.crash.distribution import crash_hundredths
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.variant import CrashVariant
from croupier.rng import fair

#: 000 §12.20 "determined 10 rounds in advance"
ADVANCE: Final = 10
#: the games whose rounds come from a chain (000 §12.20, §12.26)
CRASH_GAMES: Final = ("crash", "rocketon")


def _hash(seed_hex: str) -> str:
    try:
        raw = bytes.fromhex(seed_hex)
    except ValueError:
        raise CroupierError(f"the seed {seed_hex!r} is not hex") from None
    if len(raw) != fair.SEED_BYTES:
        raise CroupierError(f"a chain seed is {fair.SEED_BYTES} bytes ({2 * fair.SEED_BYTES} hex digits)")
    return hashlib.sha256(raw).hexdigest()


def make_chain(length: int, last_seed: str | None = None) -> list[str]:
    """The seeds of a chain in play order (``[s_1, ..., s_L]``) from ``s_L`` (fresh if not given)."""
    if length < 1:
        raise CroupierError("a chain has at least one round")
    seeds = [last_seed or secrets.token_bytes(fair.SEED_BYTES).hex()]
    for _ in range(length - 1):
        seeds.append(_hash(seeds[-1]))
    return seeds[::-1]


def terminating_hash(seeds: list[str]) -> str:
    """``s_0``: what is published before the chain's first round."""
    return _hash(seeds[0])


def hashes_to(seed: str, position: int, terminating: str) -> bool:
    """Whether hashing the seed of chain round ``position`` (1-based) ``position`` times gives
    the published terminating hash."""
    if position < 1:
        raise CroupierError("chain rounds are numbered from 1")
    h = seed
    for _ in range(position):
        h = _hash(h)
    return h == terminating.strip().lower()


def crash_draw(variant: CrashVariant, seed: str, salt: str) -> int:
    """The crash draw of a round: ``randbelow(N)`` of the seed's provably fair stream."""
    _hash(seed)  # validates the seed
    return fair.stream(seed, salt, 0).randbelow(variant.draw_size)


def crash_point(variant: CrashVariant, seed: str, salt: str) -> int:
    return crash_hundredths(variant, crash_draw(variant, seed, salt))


@dataclass(frozen=True, slots=True)
class Chain:
    """A published chain: what players see before its first round."""

    terminating_hash: str
    salt: str
    length: int
    first_round: int            # the table's round number of chain round 1
    published_at_round: int     # the table's round running (or last played) when it was published

    @property
    def advance(self) -> int:
        """Rounds between publication and the chain's first round: every crash point of the chain
        was fixed at least this many rounds before it was played."""
        return self.first_round - self.published_at_round

    def position(self, round_no: int) -> int:
        pos = round_no - self.first_round + 1
        if not 1 <= pos <= self.length:
            raise CroupierError(f"round {round_no} is not in this chain (rounds {self.first_round}"
                                f" to {self.first_round + self.length - 1})")
        return pos


@dataclass(frozen=True, slots=True)
class Proof:
    round_no: int
    position: int
    chain_ok: bool
    advance: int
    advance_ok: bool
    draw: int
    crash: int

    @property
    def ok(self) -> bool:
        return self.chain_ok and self.advance_ok


def verify_round(variant: CrashVariant, chain: Chain, round_no: int, seed: str) -> Proof:
    """Everything a player checks about one round from its revealed seed."""
    pos = chain.position(round_no)
    draw = crash_draw(variant, seed, chain.salt)
    advance = chain.advance + pos - 1
    return Proof(round_no, pos, hashes_to(seed, pos, chain.terminating_hash), advance,
                 advance >= ADVANCE, draw, crash_hundredths(variant, draw))


def proof_record(game: str, variant_name: str, variant: CrashVariant, chain: Chain, round_no: int,
                 seed: str) -> dict[str, object]:
    """The verification of one round as ``croupier verify crash`` prints it and
    ``GET /api/crash/verify`` answers it: the public inputs, each check and its result."""
    proof = verify_round(variant, chain, round_no, seed)
    return {
        "game": game, "variant": variant_name, "round": proof.round_no,
        "chain_position": proof.position, "seed": seed, "salt": chain.salt,
        "terminating_hash": chain.terminating_hash, "seed_hashes_to_terminating_hash": proof.chain_ok,
        "draw": proof.draw, "crash": format_multiplier(proof.crash),
        "determined_rounds_in_advance": proof.advance,
        f"determined_at_least_{ADVANCE}_rounds_in_advance": proof.advance_ok,
        "ok": proof.ok,
    }
