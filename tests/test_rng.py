"""Randomness: rejection sampling, Fisher-Yates, the provably fair stream and its test vectors
(docs/provably_fair.md), and chi-square tests that draws and shuffles are uniform."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.analysis.rng_tests import chi2_sf, chi_square, shuffle_uniformity, wheel_uniformity
from croupier.rng import ByteSource, Draw, RecordingSource, ReplaySource, SystemSource, fair, seeded

DOC = Path(__file__).resolve().parents[1] / "docs" / "provably_fair.md"


def independent_hmac_sha256(key: bytes, msg: bytes) -> bytes:
    """RFC 2104 HMAC written out with hashlib.sha256 only (no hmac module)."""
    block = 64
    if len(key) > block:
        key = hashlib.sha256(key).digest()
    key = key.ljust(block, b"\0")
    inner = hashlib.sha256(bytes(k ^ 0x36 for k in key) + msg).digest()
    return hashlib.sha256(bytes(k ^ 0x5C for k in key) + inner).digest()


def independent_pockets(seed_hex: str, client: str, nonce: int, n: int, count: int) -> list[int]:
    """The documented algorithm, re-implemented: 6 bits per draw for n = 37, reject >= 37."""
    key = bytes.fromhex(seed_hex)
    stream = b"".join(
        independent_hmac_sha256(key, f"{client}:{nonce}:{c}".encode()) for c in range(8)
    )
    bits = (n - 1).bit_length()
    out, i = [], 0
    while len(out) < count:
        v = stream[i] & ((1 << bits) - 1)
        i += 1
        if v < n:
            out.append(v)
    return out


def doc_vectors() -> list[tuple[str, str, int, str, str, list[int]]]:
    rows = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `([0-9a-f]{64})` \| `([^`]*)` \| (\d+) \| `([0-9a-f]{64})` \| `([0-9a-f]{64})` \| ([\d, ]+) \|$", line)
        if m:
            rows.append((m[1], m[2], int(m[3]), m[4], m[5], [int(x) for x in m[6].split(",")]))
    return rows


def test_provably_fair_doc_has_test_vectors() -> None:
    assert len(doc_vectors()) >= 3


@pytest.mark.parametrize("seed,client,nonce,commit,block0,pockets", doc_vectors())
def test_provably_fair_vectors_recompute_independently(
    seed: str, client: str, nonce: int, commit: str, block0: str, pockets: list[int]
) -> None:
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commit == fair.commitment(seed)
    assert independent_hmac_sha256(bytes.fromhex(seed), f"{client}:{nonce}:0".encode()).hex() == block0
    s = fair.stream(seed, client, nonce)
    assert s.block(0).hex() == block0
    assert [s.randbelow(37) for _ in pockets] == pockets
    assert independent_pockets(seed, client, nonce, 37, len(pockets)) == pockets


def test_commitment_is_checked_on_reveal_and_rotation_starts_a_new_pair() -> None:
    pair = fair.SeedPair.fresh("mine")
    published = pair.commitment
    pair2, src, nonce = pair.next_round()
    assert nonce == 0 and pair2.nonce == 1
    new, revealed = pair2.rotate()
    assert fair.matches(revealed, published)
    assert not fair.matches(new.server_seed, published)
    assert new.nonce == 0 and new.client_seed == "mine"
    with pytest.raises(ValueError):
        fair.commitment("zz")
    with pytest.raises(ValueError):
        pair.with_client_seed("")


def test_same_seeds_give_the_same_stream_and_any_change_gives_another() -> None:
    a = [fair.stream("11" * 32, "c", 1).randbelow(1000) for _ in range(1)]
    b = [fair.stream("11" * 32, "c", 1).randbelow(1000) for _ in range(1)]
    s1, s2, s3 = fair.stream("11" * 32, "c", 1), fair.stream("11" * 32, "c", 2), fair.stream("11" * 32, "d", 1)
    assert a == b
    x = [s1.randbelow(2**32) for _ in range(4)]
    assert x != [s2.randbelow(2**32) for _ in range(4)]
    assert x != [s3.randbelow(2**32) for _ in range(4)]


@given(st.integers(min_value=1, max_value=10**12), st.integers(min_value=0, max_value=10**6))
def test_randbelow_stays_in_range(n: int, seed: int) -> None:
    src = seeded(seed)
    for _ in range(5):
        assert 0 <= src.randbelow(n) < n


@pytest.mark.parametrize("bad", [0, -3, 1.5, True, "7"])
def test_randbelow_refuses_a_bad_range(bad: object) -> None:
    with pytest.raises(ValueError):
        seeded(1).randbelow(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        SystemSource().randbelow(bad)  # type: ignore[arg-type]


@given(st.lists(st.integers(), max_size=60), st.integers(min_value=0, max_value=10**6))
def test_fisher_yates_is_a_permutation(items: list[int], seed: int) -> None:
    assert sorted(seeded(seed).shuffled(items)) == sorted(items)


def test_recording_and_replay_reproduce_every_draw() -> None:
    rec = RecordingSource(seeded(5))
    values = [rec.randbelow(37) for _ in range(10)]
    rep = ReplaySource(rec.draws)
    assert [rep.randbelow(37) for _ in range(10)] == values and rep.exhausted
    with pytest.raises(LookupError):
        ReplaySource([Draw(37, 3)]).randbelow(38)


def test_chi2_sf_matches_closed_forms() -> None:
    from math import erfc, exp, sqrt

    for x in (0.5, 3.841458820694124, 10.0):
        assert chi2_sf(x, 1) == pytest.approx(erfc(sqrt(x / 2)), rel=1e-9)  # df = 1
        assert chi2_sf(x, 2) == pytest.approx(exp(-x / 2), rel=1e-9)  # df = 2
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    # even df = 2k: sf(x) = exp(-x/2) * sum_{i<k} (x/2)^i / i!  (Poisson tail identity)
    from math import factorial

    for x, df in ((50.0, 36), (20.0, 10), (80.0, 60)):
        closed = exp(-x / 2) * sum((x / 2) ** i / factorial(i) for i in range(df // 2))
        assert chi2_sf(x, df) == pytest.approx(closed, rel=1e-9)


def test_wheel_draws_are_uniform_chi_square() -> None:
    res = wheel_uniformity(seeded("wheel"), 37, 74_000)
    assert res.p_value > 0.001, res
    res = wheel_uniformity(SystemSource(), 38, 38_000)
    assert res.p_value > 1e-6, res


def test_shuffles_are_uniform_over_all_permutations_chi_square() -> None:
    res = shuffle_uniformity(seeded("shuffle"), 4, 24_000)
    assert res.df == 23 and res.p_value > 0.001, res


class ModuloBiased(ByteSource):
    """A deliberately biased source: one byte mod n (no rejection)."""

    def __init__(self) -> None:
        self.inner = seeded("biased")

    def read(self, k: int) -> bytes:
        return self.inner.read(k)

    def randbelow(self, n: int) -> int:
        return self.read(1)[0] % n


def test_a_deliberately_biased_source_fails_the_chi_square() -> None:
    # 256 mod 37 = 34: pockets 0-33 come up 7/256, pockets 34-36 only 6/256
    res = wheel_uniformity(ModuloBiased(), 37, 200_000)
    assert res.p_value < 1e-6, res


def test_chi_square_needs_matching_cells() -> None:
    with pytest.raises(ValueError):
        chi_square([1], [1.0])
