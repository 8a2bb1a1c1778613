"""Exact RTP of every baccarat bet: the shoe's composition walked card by card, settled by the engine.

The walk (exact integer weights, one common denominator ``N (N-1) ... (N-5)``):

1. The first four cards (Player, Banker, Player, Banker) by **rank**, 13^4 sequences, each weighted
   by the product of the remaining counts of its ranks. Where a hand opens with a pair, the suits of
   the cards of that rank are walked too, which splits the weight into suited / unsuited pairs
   (Perfect Pair). Sequences are then merged on what the rest of the coup can depend on: the two
   totals, the points removed from the shoe and the pair flags.
2. The third cards by **points** (0-9, with the remaining count of each point class), following
   :func:`.rules.player_draws` and :func:`.rules.banker_draws`: the same rule functions the engine
   deals with.
3. Every *settlement class* reached: (Player total, Banker total, Player cards, Banker cards, Player
   pair 0/1/2, Banker pair 0/1/2) where 1 is a pair and 2 a suited pair, is settled **by the
   engine**: a concrete coup of that class is dealt through :class:`.engine.BaccaratEngine` with a
   stake on every bet, and each bet's return per unit staked is read off its settlement. Nothing in
   this module knows a payout.

A class holds everything any bet's settlement looks at (winner, totals and margin, naturals = two
cards totalling 8-9, number of cards, pairs, perfect pairs); ``tests/test_baccarat_exact.py``
checks that on random coups and checks the figures against an independent enumeration.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import lcm

from croupier.games.baccarat.engine import ENGINE, fresh_shoe
from croupier.games.baccarat.rules import banker_draws, player_draws
from croupier.games.baccarat.variant import BaccaratVariant
from croupier.games.base import BetRequest, DrawAction
from croupier.games.cardcompare.composition import Composition
from croupier.games.maths import BetRTP, Distribution, summarize

RANKS = tuple(range(2, 15))
#: ranks of each point value (Ace 1, tens and pictures 0)
RANKS_OF_POINT: dict[int, tuple[int, ...]] = {0: (10, 11, 12, 13), 1: (14,)} | {
    p: (p,) for p in range(2, 10)
}

#: (player total, banker total, player cards, banker cards, player pair, banker pair);
#: a pair flag is 0 (no pair), 1 (a pair of different suits) or 2 (a suited, perfect pair).
ClassKey = tuple[int, int, int, int, int, int]


def rank_point(r: int) -> int:
    return 1 if r == 14 else r if r <= 9 else 0


def class_index(key: ClassKey) -> int:
    """A dense index 0..3599 of a settlement class (the vectorised simulation uses the same)."""
    pt, bt, np_, nb, pf, bf = key
    return ((((pt * 10 + bt) * 2 + (np_ - 2)) * 2 + (nb - 2)) * 3 + pf) * 3 + bf


CLASSES = 3600


@dataclass(frozen=True)
class ClassTable:
    """Every settlement class of a fresh shoe with its exact weight and, per bet, its return."""

    bets: tuple[str, ...]
    keys: tuple[ClassKey, ...]
    weights: tuple[int, ...]  # numerators over ``denominator``
    denominator: int
    returns: tuple[tuple[Fraction, ...], ...]  # returns[bet][class]

    def distribution(self, bet: int) -> Distribution:
        merged: dict[Fraction, int] = defaultdict(int)
        for w, r in zip(self.weights, self.returns[bet], strict=True):
            merged[r] += w
        return Distribution.of((Fraction(w, self.denominator), r) for r, w in merged.items())


def _suit_split(
    ranks: tuple[int, int, int, int], suits: Sequence[Sequence[int]], pp: bool, bp: bool
) -> dict[tuple[bool, bool], int]:
    """Split the weight of a rank sequence with a pair by whether the pairs are suited."""
    rel = ({ranks[0]} if pp else set()) | ({ranks[1]} if bp else set())
    factor = 1
    used: dict[int, int] = defaultdict(int)
    for r in ranks:
        if r not in rel:
            factor *= sum(suits[r]) - used[r]
            used[r] += 1
    rel_pos = [i for i in range(4) if ranks[i] in rel]
    out: dict[tuple[bool, bool], int] = defaultdict(int)
    for combo in product(range(4), repeat=len(rel_pos)):
        taken: dict[tuple[int, int], int] = defaultdict(int)
        w = factor
        for i, s in zip(rel_pos, combo, strict=True):
            c = suits[ranks[i]][s] - taken[(ranks[i], s)]
            if c <= 0:
                w = 0
                break
            w *= c
            taken[(ranks[i], s)] += 1
        if w:
            suit_at = dict(zip(rel_pos, combo, strict=True))
            sp = pp and suit_at[0] == suit_at[2]
            sb = bp and suit_at[1] == suit_at[3]
            out[(sp, sb)] += w
    return out


Rep = tuple[tuple[int, int, int, int], bool, bool, tuple[int, ...]]


def walk(comp: Composition) -> tuple[dict[ClassKey, int], dict[ClassKey, Rep], int]:
    """Exact weights of every settlement class from ``comp``, over ``N (N-1) ... (N-5)``."""
    suits = [[comp.counts[r * 4 + s] if r >= 2 else 0 for s in range(4)] for r in range(15)]
    n = [sum(s) for s in suits]
    total = sum(n)
    if total < 6 or total != comp.size:
        raise ValueError("the walk needs a shoe of at least six ordinary cards (no jokers)")
    pts = [rank_point(r) if r >= 2 else 0 for r in range(15)]
    first: dict[tuple[int, int, tuple[int, ...], int, int], int] = defaultdict(int)
    first_rep: dict[tuple[int, int, tuple[int, ...], int, int], tuple[tuple[int, int, int, int], bool, bool]] = {}
    live = [r for r in RANKS if n[r]]
    for r1 in live:
        a1 = n[r1]
        n[r1] -= 1
        for r2 in live:
            a2 = n[r2]
            if not a2:
                continue
            n[r2] -= 1
            for r3 in live:
                a3 = n[r3]
                if not a3:
                    continue
                n[r3] -= 1
                for r4 in live:
                    a4 = n[r4]
                    if not a4:
                        continue
                    w = a1 * a2 * a3 * a4
                    ranks = (r1, r2, r3, r4)
                    pp, bp = r1 == r3, r2 == r4
                    p1, p2, p3, p4 = pts[r1], pts[r2], pts[r3], pts[r4]
                    removed = tuple(sorted((p1, p2, p3, p4)))
                    pt2, bt2 = (p1 + p3) % 10, (p2 + p4) % 10
                    if pp or bp:
                        splits = _suit_split(ranks, suits, pp, bp).items()
                    else:
                        splits = {(False, False): w}.items()
                    for (sp, sb), ws in splits:
                        key = (pt2, bt2, removed, int(pp) + int(sp), int(bp) + int(sb))
                        first[key] += ws
                        if key not in first_rep:
                            first_rep[key] = (ranks, sp, sb)
                n[r3] += 1
            n[r2] += 1
        n[r1] += 1

    points = [0] * 10
    for r in RANKS:
        points[rank_point(r)] += n[r]
    n4 = total - 4
    weights: dict[ClassKey, int] = defaultdict(int)
    reps: dict[ClassKey, Rep] = {}

    def add(key: ClassKey, w: int, rep: Rep) -> None:
        weights[key] += w
        if key not in reps:
            reps[key] = rep

    tail = n4 * (n4 - 1)
    for (pt2, bt2, removed, pf, bf), w in first.items():
        ranks, sp, sb = first_rep[(pt2, bt2, removed, pf, bf)]
        m = points.copy()
        for p in removed:
            m[p] -= 1
        if pt2 >= 8 or bt2 >= 8:
            add((pt2, bt2, 2, 2, pf, bf), w * tail, (ranks, sp, sb, ()))
        elif player_draws(pt2):
            for x in range(10):
                if not m[x]:
                    continue
                w5 = w * m[x]
                pt = (pt2 + x) % 10
                if banker_draws(bt2, x):
                    m[x] -= 1
                    for y in range(10):
                        if m[y]:
                            add((pt, (bt2 + y) % 10, 3, 3, pf, bf), w5 * m[y], (ranks, sp, sb, (x, y)))
                    m[x] += 1
                else:
                    add((pt, bt2, 3, 2, pf, bf), w5 * (n4 - 1), (ranks, sp, sb, (x,)))
        elif banker_draws(bt2, None):
            for y in range(10):
                if m[y]:
                    add((pt2, (bt2 + y) % 10, 2, 3, pf, bf), w * m[y] * (n4 - 1), (ranks, sp, sb, (y,)))
        else:
            add((pt2, bt2, 2, 2, pf, bf), w * tail, (ranks, sp, sb, ()))
    denom = total * (total - 1) * n4 * (n4 - 1) * (total - 2) * (total - 3)
    return dict(weights), reps, denom


def concrete_coup(comp: Composition, rep: Rep) -> list[int]:
    """Card codes in deal order of a coup of the representative's class."""
    ranks, sp, sb, third = rep
    pp, bp = ranks[0] == ranks[2], ranks[1] == ranks[3]
    for combo in product(range(4), repeat=4):
        codes = [r * 4 + s for r, s in zip(ranks, combo, strict=True)]
        if pp and (codes[0] == codes[2]) != sp:
            continue
        if bp and (codes[1] == codes[3]) != sb:
            continue
        counts = list(comp.counts)
        ok = True
        for c in codes:
            counts[c] -= 1
            ok = ok and counts[c] >= 0
        if not ok:
            continue
        for x in third:
            choice = next(
                (r * 4 + s for r in RANKS_OF_POINT[x] for s in range(4) if counts[r * 4 + s] > 0),
                None,
            )
            if choice is None:
                ok = False
                break
            counts[choice] -= 1
            codes.append(choice)
        if ok:
            return codes
    raise ValueError(f"no coup of class {rep} can be dealt from this shoe")


def unit_stake(variant: BaccaratVariant) -> int:
    """A stake that no payout of the variant needs to round."""
    pays = list(variant.payouts.values())
    pays += [p for p in (variant.banker_six, variant.perfect_pair_both) if p is not None]
    if variant.bonus is not None:
        pays += [variant.bonus.natural_win, variant.bonus.natural_tie, *variant.bonus.margins.values()]
    return lcm(*(p.total.denominator for p in pays))


def settle_classes(
    variant: BaccaratVariant, comp: Composition, reps: dict[ClassKey, Rep]
) -> dict[ClassKey, tuple[Fraction, ...]]:
    """Deal one concrete coup per class through the engine; per class, each bet's return."""
    unit = unit_stake(variant)
    bets = [BetRequest(code, unit) for code in variant.bet_codes]
    start = ENGINE.start(variant, bets, "XXX", shoe=comp)
    out: dict[ClassKey, tuple[Fraction, ...]] = {}
    for key, rep in reps.items():
        state = start
        for code in concrete_coup(comp, rep):
            state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(code)))
        coup = state.coup
        got = key_of(coup.player, coup.banker)
        if got != key:  # pragma: no cover - a defect in the walk, never an input error
            raise RuntimeError(f"class {key} dealt as {got}")
        out[key] = tuple(Fraction(r.returned, r.stake) for r in ENGINE.settle(state).bets)
    return out


def key_of(player: Sequence[int], banker: Sequence[int]) -> ClassKey:
    """The settlement class of a finished coup."""

    def flag(a: int, b: int) -> int:
        return 0 if a >> 2 != b >> 2 else 2 if a == b else 1

    pt = sum(rank_point(c >> 2) for c in player) % 10
    bt = sum(rank_point(c >> 2) for c in banker) % 10
    return (pt, bt, len(player), len(banker), flag(player[0], player[1]), flag(banker[0], banker[1]))


@cache
def class_table(variant: BaccaratVariant) -> ClassTable:
    """The exact class table of a fresh shoe of the variant (cached per loaded variant)."""
    comp = fresh_shoe(variant)
    weights, reps, denom = walk(comp)
    settled = settle_classes(variant, comp, reps)
    keys = tuple(sorted(weights))
    return ClassTable(
        bets=variant.bet_codes,
        keys=keys,
        weights=tuple(weights[k] for k in keys),
        denominator=denom,
        returns=tuple(
            tuple(settled[k][i] for k in keys) for i in range(len(variant.bet_codes))
        ),
    )


def exact(variant: BaccaratVariant) -> list[BetRTP]:
    """Exact RTP of every bet of the variant, from a freshly shuffled shoe."""
    table = class_table(variant)
    return [summarize(code, [table.distribution(i)]) for i, code in enumerate(table.bets)]
