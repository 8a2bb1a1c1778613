"""Exact figures and simulation for dealer poker, always read off the engine's own settlement.

Enumerating every deal through the engine is far too slow (Three Card Poker alone has 407 million
player/dealer pairs), so the deals are first sorted into **classes** by a fast numba pass: a class
is everything the settlement of the bets in question depends on (the hand categories, the
strategy's decision, the showdown result). The pass counts the deals of each class and keeps one
**representative** deal; the engine then plays each representative (the strategy deciding) and the
class's return is read from its settlement. A differential test plays random deals through the
engine and checks that each one returns what its class says, so a class that is too coarse fails.

Exact: the pass visits every deal (every weight is an exact integer count). Simulation: the pass
samples deals with numpy's PCG64 from a seed; the mean, its 99% interval and the sample size are
reported (:class:`SimulatedBetRTP`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, sqrt

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker import _eval, _eval_joker
from croupier.cards.poker_tables import HIGH, STRAIGHT, TOP5
from croupier.games.base import BetRequest, Decision, DrawAction, Settlement
from croupier.games.dealer_poker.engine import DealerPokerEngine, PokerState, full_deck
from croupier.games.dealer_poker.variant import PokerVariant
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import Z99

Decider = Callable[[PokerState, list[Decision]], Decision]


@dataclass(frozen=True, slots=True)
class SimulatedBetRTP(BetRTP):
    """A bet whose figure comes from simulation: ``rtp`` is the estimate, with its 99% interval."""

    rounds: int = 0
    ci99: tuple[float, float] = (0.0, 0.0)


def run_deal(engine: DealerPokerEngine, variant: PokerVariant, bets: Sequence[BetRequest],
             cards: Sequence[int], decide: Decider) -> tuple[PokerState, Settlement]:
    """Play one round with the cards dealt in the given order and the decider's decisions.

    When the given cards run out, the lowest cards not given are dealt.
    """
    state = engine.start(variant, bets, "XXX")
    queue = list(cards)
    planned = set(cards)
    full = full_deck(variant)
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        if req is not None:
            used = {x for _, x in state.cards}
            remaining = [x for x in full if x not in used]
            # past the given cards (a class that only depends on them), deal the lowest others
            c = queue.pop(0) if queue else next(x for x in remaining if x not in planned)
            state = engine.apply(state, DrawAction("card", remaining.index(c)))
            continue
        state = engine.apply(state, decide(state, engine.legal_actions(state)))
    return state, engine.settle(state)


def per_ante(settlement: Settlement, main: Sequence[str]) -> Fraction:
    """1 + net result of the main bets (Ante and what it led to: Play, Call, Raise, fees) per Ante."""
    ante = sum(b.stake for b in settlement.bets if b.code == "ante")
    net = sum(b.returned - b.stake for b in settlement.bets if b.code in main or b.code == "fee")
    return 1 + Fraction(net, ante)


def per_stake(settlement: Settlement, code: str) -> Fraction:
    hit = [b for b in settlement.bets if b.code == code]
    return Fraction(hit[0].returned, hit[0].stake)


def class_distribution(
    engine: DealerPokerEngine, variant: PokerVariant, bets: Sequence[BetRequest],
    classes: Mapping[int, tuple[int, Sequence[int]]], decide: Decider,
    read: Callable[[Settlement], Fraction],
) -> Distribution:
    """The exact distribution from class counts and representatives played through the engine."""
    total = sum(n for n, _ in classes.values())
    pts = []
    for n, cards in classes.values():
        _, settlement = run_deal(engine, variant, bets, cards, decide)
        pts.append((Fraction(n, total), read(settlement)))
    return Distribution.of(pts)


def simulated(bet: str, dist: Distribution, rounds: int, note: str) -> SimulatedBetRTP:
    """A :class:`SimulatedBetRTP` from the empirical distribution of ``rounds`` sampled deals."""
    base = summarize(bet, [dist], note)
    half = Z99 * sqrt(float(dist.variance) / rounds)
    m = float(dist.mean)
    return SimulatedBetRTP(
        bet=base.bet, rtp=base.rtp, rtp_max=base.rtp_max, selections=1,
        hit_frequency=base.hit_frequency, variance=base.variance, max_return=base.max_return,
        note=note, rounds=rounds, ci99=(m - half, m + half),
    )


def classes_from_arrays(counts: npt.NDArray[np.int64], reps: npt.NDArray[np.int64]) -> dict[int, tuple[int, list[int]]]:
    return {int(k): (int(counts[k]), [int(c) for c in reps[k]]) for k in np.nonzero(counts)[0]}


def stake_unit(variant: PokerVariant) -> int:
    """An Ante that makes every payout a whole number of units (no rounding in the analysis)."""
    from math import lcm

    dens = [p.total.denominator for t in variant.paytables.values() for p in t.values()]
    return 2 * lcm(1, *dens)


# -- shared enumerations ---------------------------------------------------------------------------


@jit
def _card_classes(k: int, deck: int, jokers: bool, split: int, top5: npt.NDArray[np.int32],
                  high: npt.NDArray[np.int32],
                  straight: npt.NDArray[np.int8]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every ``k`` of the first ``deck`` card codes (52, or 53 with the joker): counts per
    best-five class (category 0..9, 10 = royal flush, 11 = a pair of rank ``split`` or better
    taken out of 1, pairs; ``split`` 0: none) and the first hand seen of each."""
    counts = np.zeros(12, dtype=np.int64)
    reps = np.zeros((12, k), dtype=np.int64)
    idx = np.arange(k)
    buf = np.empty(k, dtype=np.int64)
    while True:
        for j in range(k):
            buf[j] = idx[j] + 8
        if jokers:
            v = _eval_joker(buf, k, top5, high, straight) >> 1
        else:
            v = _eval(buf, k, top5, high, straight)
        cat = v >> 20
        if cat == 8 and (v >> 16) & 15 == 14:
            cat = 10
        elif split > 0 and cat == 1 and (v >> 16) & 15 >= split:
            cat = 11
        if counts[cat] == 0:
            for j in range(k):
                reps[cat, j] = buf[j]
        counts[cat] += 1
        i = k - 1
        while i >= 0 and idx[i] == deck - k + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1
    return counts, reps


@cache
def card_classes(k: int, deck: int = 52, jokers: bool = False,
                 split: int = 14) -> dict[int, tuple[int, list[int]]]:
    """Exact counts of the best five-card class of ``k`` cards from one deck (``deck`` 53: with
    the joker), with representatives; see :func:`_card_classes`. Cached (no paytable involved)."""
    counts, reps = _card_classes(k, deck, jokers, split, TOP5, HIGH, STRAIGHT)
    if int(counts.sum()) != comb(deck, k):  # pragma: no cover - a broken enumeration
        raise RuntimeError("the enumeration missed hands")
    return classes_from_arrays(counts, reps)


@cache
def best_k_classes(k: int) -> dict[int, tuple[int, list[int]]]:
    """Exact counts of the best five-card class of ``k`` cards from one deck, with representatives.

    Class numbers: 0..9 categories, 10 royal flush, 11 a pair of Aces (taken out of 1, pairs).
    Cached: the counts do not depend on any paytable.
    """
    return card_classes(k, 52, False, 14)


def seed_rng(seed: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))


@jit
def _deal_batch(picks: npt.NDArray[np.int64], deck_size: int) -> npt.NDArray[np.uint8]:
    n, k = picks.shape
    out = np.empty((n, k), dtype=np.uint8)
    cards = np.arange(8, 8 + deck_size).astype(np.uint8)
    for i in range(n):
        for j in range(k):  # partial Fisher-Yates: the first k cards of a uniform shuffle
            r = j + picks[i, j]
            t = cards[j]
            cards[j] = cards[r]
            cards[r] = t
            out[i, j] = cards[j]
    return out


def random_deals(rng: np.random.Generator, n: int, k: int, deck_size: int = 52) -> npt.NDArray[np.uint8]:
    """``n`` deals of ``k`` distinct cards each (card codes in deal order; code 60 is the joker
    of a 53-card deck), by a partial Fisher-Yates shuffle on ``rng``'s bounded integers."""
    picks = rng.integers(0, deck_size - np.arange(k), size=(n, k), dtype=np.int64)
    return _deal_batch(picks, deck_size)


# -- simulation ------------------------------------------------------------------------------------

Keyer = Callable[[npt.NDArray[np.uint8]], Mapping[str, npt.NDArray[np.int64]]]
BATCH = 1 << 18


@dataclass(frozen=True)
class BetPlan:
    """How to read one bet code: the bets placed for it and what to read from the settlement."""

    bets: Sequence[BetRequest]
    read: Callable[[Settlement], Fraction]
    note: str = ""


def sample_classes(
    variant: PokerVariant, rounds: int, seed: int, deal_size: int, keyer: Keyer,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, dict[int, tuple[int, list[int]]]]:
    """Class counts (and a representative deal per class) over ``rounds`` sampled deals.

    Batch ``b`` uses its own PCG64 stream spawned from ``seed``, so the figures depend only on the
    seed and the number of rounds.
    """
    deck_size = len(full_deck(variant))
    streams = np.random.SeedSequence(seed).spawn((rounds + BATCH - 1) // BATCH)
    found: dict[str, dict[int, tuple[int, list[int]]]] = {}
    done = 0
    for ss in streams:
        n = min(BATCH, rounds - done)
        deals = random_deals(np.random.Generator(np.random.PCG64(ss)), n, deal_size, deck_size)
        for code, keys in keyer(deals).items():
            table = found.setdefault(code, {})
            counts = np.bincount(keys)
            for k in np.nonzero(counts)[0].tolist():
                old = table.get(k)
                if old is None:
                    first = int(np.argmax(keys == k))
                    table[k] = (int(counts[k]), [int(x) for x in deals[first]])
                else:
                    table[k] = (old[0] + int(counts[k]), old[1])
        done += n
        if progress is not None:
            progress(done, rounds)
    return found


def simulate_bets(
    engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int, deal_size: int,
    keyer: Keyer, plans: Mapping[str, BetPlan], decide: Decider,
    progress: Callable[[int, int], None] | None = None,
) -> list[SimulatedBetRTP]:
    """Sample deals, class them, play each class's representative through the engine."""
    found = sample_classes(variant, rounds, seed, deal_size, keyer, progress)
    out = []
    for code, plan in plans.items():
        dist = class_distribution(engine, variant, plan.bets, found[code], decide, plan.read)
        out.append(simulated(code, dist, rounds, plan.note))
    return out


def five_card_classes(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Classes of :func:`best_k_classes` for an array of five-card values."""
    cat = values >> 20
    top = (values >> 16) & 15
    cat = np.where((cat == 8) & (top == 14), 10, cat)
    return np.where((cat == 1) & (top == 14), 11, cat)


def seven_card_classes() -> dict[int, tuple[int, list[int]]]:
    """Exact counts of the best five of seven cards per class (as :func:`best_k_classes`), from
    rank multisets (:func:`~croupier.cards.poker_counts.best_five_counts`), with representatives
    found in a seeded sample of deals (every class shows up in the first few hundred thousand)."""
    return _seven_card_classes()


@cache
def _seven_card_classes() -> dict[int, tuple[int, list[int]]]:
    from croupier.cards.poker import evaluate
    from croupier.cards.poker_counts import CLASSES, best_five_counts

    counts = best_five_counts(7)
    index = {"high_card": 0, "pair": 1, "two_pair": 2, "three_of_a_kind": 3, "straight": 4,
             "flush": 5, "full_house": 6, "four_of_a_kind": 7, "straight_flush": 8,
             "royal_flush": 10, "pair_of_aces": 11}
    want = {index[c]: counts[c] for c in CLASSES}
    reps: dict[int, list[int]] = {}
    rng = seed_rng(7)
    while len(reps) < len(want):
        deals = random_deals(rng, 200_000, 7)
        cls = five_card_classes(evaluate(deals))
        for k in np.unique(cls).tolist():
            if k not in reps:
                reps[k] = [int(x) for x in deals[int(np.argmax(cls == k))]]
    return {k: (n, reps[k]) for k, n in want.items()}
