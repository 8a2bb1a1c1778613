"""000 §12.20 "Fairness" / §12.26: crash points come from a published hash chain, are fixed at
least 10 rounds in advance, and any round is recomputed from its revealed seed
(``croupier verify crash``; docs/crash.md)."""

from __future__ import annotations

import hashlib
import hmac
import io
import json
from collections import Counter
from dataclasses import replace

import pytest

from croupier.cli import main
from croupier.errors import CroupierError
from croupier.games.base import BetRequest, DrawAction, replay
from croupier.games.crash.chain import (
    ADVANCE,
    Chain,
    crash_draw,
    crash_point,
    hashes_to,
    make_chain,
    terminating_hash,
    verify_round,
)
from croupier.games.crash.distribution import crash_hundredths, pmf_counts
from croupier.games.crash.engine import CRASH_ENGINE
from croupier.games.crash.multiplier import format_multiplier
from croupier.rng.source import ByteSource

from .crash_helpers import shipped, small

LAST = "5e" * 32
SALT = "croupier-crash-salt"


def test_000_12_20_each_revealed_seed_hashes_to_the_one_before_and_to_the_terminating_hash() -> None:
    seeds = make_chain(25, LAST)
    top = terminating_hash(seeds)
    assert seeds[-1] == LAST
    for i, s in enumerate(seeds, start=1):
        assert hashes_to(s, i, top)
        prev = top if i == 1 else seeds[i - 2]
        assert hashlib.sha256(bytes.fromhex(s)).hexdigest() == prev
    assert not hashes_to(seeds[3], 3, top)  # a seed in the wrong place fails
    assert not hashes_to("00" * 32, 1, top)


def test_000_12_20_crash_draw_is_the_documented_hmac_derivation() -> None:
    """The draw is the low ``bits`` bits of the first ceil(bits/8) bytes of
    HMAC-SHA256(key=seed, msg=f"{salt}:0:0") (docs/crash.md), with no rejection (N = 2^bits)."""
    v = shipped()
    for seed in make_chain(5, LAST):
        mac = hmac.new(bytes.fromhex(seed), f"{SALT}:0:0".encode(), hashlib.sha256).digest()
        u = int.from_bytes(mac[:7], "big") & ((1 << 52) - 1)
        assert crash_draw(v, seed, SALT) == u
        assert crash_point(v, seed, SALT) == crash_hundredths(v, u)


class _Bytes(ByteSource):
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def read(self, k: int) -> bytes:
        out = self.data[self.pos:self.pos + k]
        self.pos += k
        return out


def test_000_12_20_chain_derivation_reproduces_the_variant_law_over_every_byte_string() -> None:
    """Exhaustive at 14 bits: every 2-byte prefix of the HMAC stream (each equally likely) goes
    through the same randbelow and the same derivation; the crash points occur exactly as often
    as the variant's law says (each 14-bit draw has 4 preimages)."""
    v = small(bits=14, max_multiplier="50.00")
    seen = Counter(crash_hundredths(v, _Bytes(bytes([a, b])).randbelow(v.draw_size))
                   for a in range(256) for b in range(256))
    assert {k: c for k, c in seen.items()} == {k: 4 * c for k, c in pmf_counts(v).items()}


def test_000_12_20_crash_points_are_determined_10_rounds_in_advance() -> None:
    v = shipped()
    seeds = make_chain(12, LAST)
    chain = Chain(terminating_hash(seeds), SALT, 12, first_round=101, published_at_round=91)
    for i, seed in enumerate(seeds):
        proof = verify_round(v, chain, 101 + i, seed)
        assert proof.chain_ok and proof.advance == 10 + i and proof.advance_ok
        assert proof.crash == crash_point(v, seed, SALT)
    late = replace(chain, published_at_round=95)
    assert not verify_round(v, late, 101, seeds[0]).advance_ok
    assert verify_round(v, late, 105, seeds[4]).advance == ADVANCE
    with pytest.raises(CroupierError):
        chain.position(113)


def test_000_12_20_a_round_replays_from_its_revealed_seed() -> None:
    """The engine round of a chain seed: its record replays, and its draw is the seed's."""
    v = shipped()
    seed = make_chain(3, LAST)[0]
    state = CRASH_ENGINE.start(v, [BetRequest("bet", 100, ("1.50",))], "EUR")
    state = CRASH_ENGINE.apply(state, DrawAction("crash", crash_draw(v, seed, SALT)))
    assert replay(CRASH_ENGINE, v, state.events) == CRASH_ENGINE.settle(state)
    result = next(e.data for e in state.events if e.type == "result")
    assert result["crash"] == format_multiplier(crash_point(v, seed, SALT))


def _verify(*extra: str) -> tuple[int, dict[str, object]]:
    seeds = make_chain(20, LAST)
    out = io.StringIO()
    code = main(["verify", "crash", "--seed", seeds[6], "--round", "57", "--first-round", "51",
                 "--published-at-round", "41", "--terminating-hash", terminating_hash(seeds),
                 "--salt", SALT, "--json", *extra], out=out)
    return code, json.loads(out.getvalue())


def test_000_12_20_verify_crash_cli_recomputes_a_round() -> None:
    code, doc = _verify()
    assert code == 0
    assert doc["chain_position"] == 7 and doc["seed_hashes_to_terminating_hash"] is True
    assert doc["crash"] == format_multiplier(crash_point(shipped(), make_chain(20, LAST)[6], SALT))
    assert doc["determined_rounds_in_advance"] == 16


def test_000_12_20_verify_crash_cli_fails_a_seed_out_of_place_or_published_late() -> None:
    code, doc = _verify("--round", "58")  # the last --round wins: the seed is not round 58's
    assert code == 1 and doc["seed_hashes_to_terminating_hash"] is False
    code, doc = _verify("--published-at-round", "50")
    assert doc["determined_rounds_in_advance"] == 7 and code == 1


def test_verify_without_crash_still_needs_its_seeds() -> None:
    assert main(["verify", "--client-seed", "x", "--nonce", "0"], out=io.StringIO()) == 2


def test_docs_crash_md_test_vector() -> None:
    seeds = make_chain(3, LAST)
    assert terminating_hash(seeds) == "64e031b43293d988438196eddd2c0049e5c26958b71d12dc32d77bbd2d62dcc9"
    assert seeds[0] == "1c06d6adef258df22abbe06c7205068f32a56b3a371d60cd9d608298167bc3ee"
    v = shipped()
    assert crash_draw(v, seeds[0], SALT) == 2692837158629247
    assert [format_multiplier(crash_point(v, s, SALT)) for s in seeds] == ["2.41", "59.70", "2.20"]


def test_000_12_26_explosion_odds_are_determined_10_rounds_in_advance_and_verifiable() -> None:
    """§12.26 Fairness, as Crash: Rocketon's rounds come from the same chain scheme."""
    v = shipped("rocketon")
    seeds = make_chain(12, LAST)
    chain = Chain(terminating_hash(seeds), SALT, 12, first_round=21, published_at_round=11)
    for i, seed in enumerate(seeds):
        proof = verify_round(v, chain, 21 + i, seed)
        assert proof.ok and proof.advance == 10 + i and proof.crash == crash_point(v, seed, SALT)
