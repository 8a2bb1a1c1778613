"""The main bet's exact expectation from the shoe composition, and the basic strategy chart.

Method (documented in README "Blackjack: how the house edge is computed"):

* Every first hand ``(i, j)`` against every up card ``u`` is weighted by its exact probability of
  being dealt from the full shoe (without replacement).
* Every later player hand is a multiset of cards; the dealer's outcome distribution is recomputed
  exactly for the composition left after removing the up card and *all* of the player's cards
  (:mod:`.dealer`), so standing, hitting and doubling are valued without replacement.
* A peeking dealer (hole card, up card in ``peek_on``) is conditioned on not having Blackjack; a
  dealer Blackjack then costs the original bet (a player Blackjack pushes). Without a peek the
  dealer's Blackjack is an outcome at the end, taking every stake (``all``) or the original bet
  only (``original``).
* Splits: a split hand starts from one card of the pair with the other card removed from the shoe;
  its value given a second card that does not pair is computed exactly as above (with the
  post-split rules: double after split, split Aces one card); resplits up to ``max_hands`` are
  counted with the expected number of hands that pair again (the chance of pairing is taken from
  the composition after the split, not depleted further). This is the usual calculators' split
  approximation; its error is a few 10^-6 of the stake.
* Two strategies are evaluated: the composition-dependent optimum for every hand, and the
  *basic strategy* (the chart of :func:`chart`: one decision per total, up card and pair,
  chosen by the probability-weighted EV of the two-card hands). The house edge published is that
  of the basic strategy, which is what the simulator and the chart play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from croupier.games.blackjack.dealer import BUST, NATURAL, distribution
from croupier.games.blackjack.variant import BlackjackVariant

Triple = tuple[float, float, float]
Hand = int  # counts of point values 1..10 packed 5 bits each (value v at bit 5*(v-1))
ZERO: Hand = 0
ACTIONS = ("S", "H", "D", "P", "R")
UNIT = tuple([0] + [1 << (5 * (v - 1)) for v in range(1, 11)])


def add(h: Hand, v: int, k: int = 1) -> Hand:
    return h + k * UNIT[v]


def count(h: Hand, v: int) -> int:
    return (h >> (5 * (v - 1))) & 31


def counts_of(h: Hand) -> list[int]:
    return [(h >> (5 * i)) & 31 for i in range(10)]


def hand_of(*cards: int) -> Hand:
    h = ZERO
    for c in cards:
        h += UNIT[c]
    return h


def hand_total(h: Hand) -> tuple[int, bool]:
    cs = counts_of(h)
    hard = sum((i + 1) * n for i, n in enumerate(cs))
    if cs[0] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def n_cards(h: Hand) -> int:
    return sum(counts_of(h))


@dataclass(frozen=True, slots=True)
class Chart:
    """Basic strategy: one code per (table, total or pair value, up card value).

    Codes: ``S`` stand, ``H`` hit, ``Dh``/``Ds`` double if allowed else hit/stand, ``P`` split,
    ``Rh``/``Rs``/``Rp`` surrender if allowed else hit/stand/split. Up card values 1 (Ace)..10.
    """

    hard: dict[tuple[int, int], str]
    soft: dict[tuple[int, int], str]
    pair: dict[tuple[int, int], str]


class MainBet:
    """Exact expectation of the main bet for one variant (floating point, double precision)."""

    def __init__(self, variant: BlackjackVariant) -> None:
        self.v = variant
        d = variant.decks
        self.base = [4 * d] * 9 + [16 * d]
        self._dealer: dict[tuple[int, Hand], list[float]] = {}
        self._opt: dict[tuple[int, Hand, Hand], float] = {}
        self._pol: dict[tuple[int, Hand, Hand], float] = {}
        self._hs: dict[tuple[int, int, int], bool] = {}
        self._mom: dict[tuple[int, Hand, Hand], Triple] = {}
        self._comp: dict[Hand, list[int]] = {}
        self._draws: dict[tuple[int, Hand], list[tuple[int, float]]] = {}
        self.chart: Chart | None = None
        self._peek = [False] + [variant.peeks(u) for u in range(1, 11)]
        takes_all = variant.dealer_blackjack_takes == "all"
        self._bjres = [0.0] + [0.0 if self._peek[u] else (-1.0 if takes_all else 0.0)
                               for u in range(1, 11)]
        self._obo_open = [False] + [not self._peek[u] and not takes_all and u in (1, 10)
                                    for u in range(1, 11)]

    # -- compositions and the dealer ----------------------------------------------------------

    def comp(self, u: int, removed: Hand) -> list[int]:
        c = self._comp.get(removed)
        if c is None:
            c = [b - ((removed >> (5 * i)) & 31) for i, b in enumerate(self.base)]
            self._comp[removed] = c
        c = list(c)
        c[u - 1] -= 1
        return c

    def peeks(self, u: int) -> bool:
        return self._peek[u]

    def bj_result(self, u: int) -> float:
        """What a dealer Blackjack found at the end does to a unit on a non-natural hand
        (0 when the dealer peeked, or under OBO where the original bet is counted at the top)."""
        return self._bjres[u]

    def dealer(self, u: int, removed: Hand) -> list[float]:
        key = (u, removed)
        hit = self._dealer.get(key)
        if hit is None:
            arr = distribution(np.array(self.comp(u, removed), dtype=np.int64), u,
                               self.v.hits_soft_17)
            dist = [float(x) for x in arr]
            if self._peek[u]:
                scale = 1.0 / (1.0 - dist[NATURAL])
                dist = [x * scale for x in dist]
                dist[NATURAL] = 0.0
            self._dealer[key] = dist
            hit = dist
        return hit

    def p_natural(self, u: int, removed: Hand) -> float:
        if u not in (1, 10):
            return 0.0
        c = self.comp(u, removed)
        return c[9 if u == 1 else 0] / sum(c)

    def stand(self, u: int, removed: Hand, t: int) -> float:
        d = self._dealer.get((u, removed)) or self.dealer(u, removed)
        ev = d[BUST] + d[NATURAL] * self._bjres[u]
        for o in range(5):
            dt = 17 + o
            if t > dt:
                ev += d[o]
            elif t < dt:
                ev -= d[o]
        return ev

    def bust(self, u: int, removed: Hand) -> float:
        if self._obo_open[u]:
            return -1.0 + self.p_natural(u, removed)
        return -1.0

    def draws(self, u: int, removed: Hand) -> list[tuple[int, float]]:
        key = (u, removed)
        hit = self._draws.get(key)
        if hit is None:
            c = self.comp(u, removed)
            n = sum(c)
            hit = [(v, c[v - 1] / n) for v in range(1, 11) if c[v - 1] > 0]
            self._draws[key] = hit
        return hit

    # -- hit / stand continuation ------------------------------------------------------------

    def _policy_hits(self, u: int, t: int, soft: bool) -> bool:
        key = (u, t, soft)
        hit = self._hs.get(key)
        if hit is None:
            assert_chart(self.chart)
            table = self.chart.soft if soft else self.chart.hard  # type: ignore[union-attr]
            code = table.get((t, u), "H" if t < 12 else "S")
            hit = resolve(code, False, False, False) == "H"
            self._hs[key] = hit
        return hit

    def _continue(self, u: int, hand: Hand, extra: Hand, hard: int, ace: bool,
                  policy: bool) -> float:
        memo = self._pol if policy else self._opt
        key = (u, hand, extra)
        hit = memo.get(key)
        if hit is not None:
            return hit
        soft = ace and hard + 10 <= 21
        t = hard + 10 if soft else hard
        removed = hand + extra
        stand = self.stand(u, removed, t)
        if t >= 21:
            val = stand
        elif policy:
            if self._policy_hits(u, t, soft):
                val = self._hit(u, hand, extra, hard, ace, policy)
            else:
                val = stand
        else:
            val = max(stand, self._hit(u, hand, extra, hard, ace, policy))
        memo[key] = val
        return val

    def _hit(self, u: int, hand: Hand, extra: Hand, hard: int, ace: bool, policy: bool) -> float:
        removed = hand + extra
        ev = 0.0
        for v, p in self.draws(u, removed):
            h2 = hard + v
            if h2 > 21:
                ev += p * self.bust(u, removed + UNIT[v])
            else:
                ev += p * self._continue(u, hand + UNIT[v], extra, h2, ace or v == 1, policy)
        return ev

    def _double(self, u: int, hand: Hand, extra: Hand) -> float:
        removed = hand + extra
        hard0 = sum((i + 1) * n for i, n in enumerate(counts_of(hand)))
        ace0 = count(hand, 1) > 0
        ev = 0.0
        for v, p in self.draws(u, removed):
            hard = hard0 + v
            r2 = removed + UNIT[v]
            if hard > 21:
                ev += p * self.bust(u, r2)
            else:
                soft = (ace0 or v == 1) and hard + 10 <= 21
                ev += p * self.stand(u, r2, hard + 10 if soft else hard)
        return 2.0 * ev

    # -- two-card decisions --------------------------------------------------------------------

    def can_split(self, pv: int, u: int) -> bool:
        return self.v.max_hands >= 2 and pv in self.v.splittable

    def can_surrender(self, u: int) -> bool:
        return self.v.surrender != "none" and u in self.v.surrender_against

    def two_card_values(self, u: int, hand: Hand, extra: Hand, after_split: bool,
                        policy: bool) -> dict[str, float]:
        """Value of every action allowed on a two-card hand (the conditional, no-natural part)."""
        removed = hand + extra
        t, _ = hand_total(hand)
        out: dict[str, float] = {"S": self.stand(u, removed, t)}
        if (after_split and count(hand, 1) >= 1 and count(extra, 1) >= 1
                and not self.v.hit_split_aces):
            return out  # split Aces: one card each, no further action
        if t < 21:
            hard = sum((i + 1) * n for i, n in enumerate(counts_of(hand)))
            out["H"] = self._hit(u, hand, extra, hard, count(hand, 1) > 0, policy)
        if self.v.can_double_total(t) and (not after_split or self.v.double_after_split):
            out["D"] = self._double(u, hand, extra)
        return out

    def split_value(self, u: int, pv: int, policy: bool) -> float:
        """Expected value of splitting a pair of ``pv`` (all hands together, per original unit)."""
        extra = add(ZERO, pv)
        single = add(ZERO, pv)
        removed = add(single, pv)
        probs = dict(self.draws(u, removed))
        p_pair = probs.get(pv, 0.0)
        resplit = pv != 1 or self.v.resplit_aces

        def value(h: Hand) -> float:
            vals = self.two_card_values(u, h, extra, True, policy)
            if policy:
                return vals[self.policy_action(u, h, vals, after_split=True)]
            return max(vals.values())

        e_non = 0.0
        if p_pair < 1.0:
            for v, p in probs.items():
                if v != pv:
                    e_non += p * value(add(single, v))
            e_non /= 1.0 - p_pair
        e_pair = value(add(single, pv)) if p_pair > 0 else 0.0
        limit = self.v.max_hands if resplit else 2

        @cache
        def counts(pending: int, hands: int) -> tuple[float, float]:
            if pending == 0:
                return 0.0, 0.0
            a, b = counts(pending - 1, hands)
            non = (1.0 - p_pair) * (a + 1.0)
            stuck = (1.0 - p_pair) * b
            if hands < limit:
                c, d = counts(pending + 1, hands + 1)
                non += p_pair * c
                stuck += p_pair * d
            else:
                non += p_pair * a
                stuck += p_pair * (b + 1.0)
            return non, stuck

        n_non, n_stuck = counts(2, 2)
        return n_non * e_non + n_stuck * e_pair

    def first_values(self, u: int, i: int, j: int, policy: bool) -> dict[str, float]:
        """Every allowed action's value on the first two cards ``i, j`` (no natural), excluding
        the dealer-Blackjack term added by :meth:`hand_ev`."""
        hand = add(add(ZERO, i), j)
        vals = self.two_card_values(u, hand, ZERO, False, policy)
        if i == j and self.can_split(i, u):
            vals["P"] = self.split_value(u, i, policy)
        if self.can_surrender(u):
            p_nat = self.p_natural(u, hand)
            if self.v.surrender == "early":
                total = -0.5  # final before the dealer's Blackjack is known
            else:
                total = -p_nat - 0.5 * (1.0 - p_nat)  # late: a dealer Blackjack takes the bet
            if self.peeks(u):
                vals["R"] = (total + p_nat) / (1.0 - p_nat)
            elif self.v.dealer_blackjack_takes == "original":
                vals["R"] = total + p_nat
            else:
                vals["R"] = total
        return vals

    def policy_action(self, u: int, hand: Hand, vals: dict[str, float], after_split: bool) -> str:
        assert_chart(self.chart)
        chart = self.chart
        t, soft = hand_total(hand)
        cs = counts_of(hand)
        pv = next((k + 1 for k, n in enumerate(cs) if n == 2), 0)
        code = None
        if pv and "P" in vals:
            pc = chart.pair.get((pv, u))  # type: ignore[union-attr]
            if pc in ("P", "Rp"):
                code = pc
        if code is None:
            table = chart.soft if soft else chart.hard  # type: ignore[union-attr]
            code = table.get((t, u), "S")
        return resolve(code, "D" in vals, "R" in vals, "P" in vals, "H" in vals)

    def hand_ev(self, u: int, i: int, j: int, policy: bool) -> float:
        """Expected value per unit of the main bet for first cards ``i, j`` against ``u``."""
        hand = add(add(ZERO, i), j)
        p_nat = self.p_natural(u, hand)
        bj = float(self.v.blackjack_pays.net)
        if sorted((i, j)) == [1, 10]:
            ev = (1.0 - p_nat) * bj  # a dealer Blackjack pushes, found by peek or at the end
            if self.v.even_money and u == 1:
                ev = max(ev, 1.0) if not policy else ev
            return ev
        vals = self.first_values(u, i, j, policy)
        if policy:
            best = vals[self.policy_action(u, hand, vals, after_split=False)]
        else:
            best = max(vals.values())
        if self.peeks(u):
            return -p_nat + (1.0 - p_nat) * best
        if self.v.dealer_blackjack_takes == "original":
            return -p_nat + best
        return best

    # -- the basic strategy: mean, second moment and chance of winning per unit -----------------
    # Each value is a triple (E[X], E[X^2], P(X > 0)) of the round's net result X per unit of the
    # main bet, restricted like the means above (conditioned on no dealer Blackjack after a peek,
    # or on the no-Blackjack world under OBO); hand_moments adds the dealer-Blackjack part.

    def _pstand(self, u: int, removed: Hand, t: int) -> Triple:
        d = self._dealer.get((u, removed)) or self.dealer(u, removed)
        m = m2 = pw = d[BUST]
        bj = self._bjres[u]
        if bj:
            m += d[NATURAL] * bj
            m2 += d[NATURAL]
        for o in range(5):
            dt = 17 + o
            if t > dt:
                m += d[o]
                m2 += d[o]
                pw += d[o]
            elif t < dt:
                m -= d[o]
                m2 += d[o]
        return m, m2, pw

    def _pbust(self, u: int, removed: Hand) -> Triple:
        b = self.bust(u, removed)
        return b, -b, 0.0

    def _pcont(self, u: int, hand: Hand, extra: Hand, hard: int, ace: bool) -> Triple:
        key = (u, hand, extra)
        hit = self._mom.get(key)
        if hit is not None:
            return hit
        soft = ace and hard + 10 <= 21
        t = hard + 10 if soft else hard
        if t < 21 and self._policy_hits(u, t, soft):
            val = self._phit(u, hand, extra, hard, ace)
        else:
            val = self._pstand(u, hand + extra, t)
        self._mom[key] = val
        return val

    def _phit(self, u: int, hand: Hand, extra: Hand, hard: int, ace: bool) -> Triple:
        removed = hand + extra
        m = m2 = pw = 0.0
        for v, p in self.draws(u, removed):
            h2 = hard + v
            if h2 > 21:
                a, b, c = self._pbust(u, removed + UNIT[v])
            else:
                a, b, c = self._pcont(u, hand + UNIT[v], extra, h2, ace or v == 1)
            m += p * a
            m2 += p * b
            pw += p * c
        return m, m2, pw

    def _pdouble(self, u: int, hand: Hand, extra: Hand) -> Triple:
        removed = hand + extra
        hard0 = sum((i + 1) * n for i, n in enumerate(counts_of(hand)))
        ace0 = count(hand, 1) > 0
        m = m2 = pw = 0.0
        for v, p in self.draws(u, removed):
            hard = hard0 + v
            r2 = removed + UNIT[v]
            if hard > 21:
                a, b, c = self._pbust(u, r2)
            else:
                soft = (ace0 or v == 1) and hard + 10 <= 21
                a, b, c = self._pstand(u, r2, hard + 10 if soft else hard)
            m += p * a
            m2 += p * b
            pw += p * c
        return 2.0 * m, 4.0 * m2, pw

    def _ptwo(self, u: int, hand: Hand, extra: Hand, after_split: bool) -> dict[str, Triple]:
        removed = hand + extra
        t, _ = hand_total(hand)
        out = {"S": self._pstand(u, removed, t)}
        if (after_split and count(hand, 1) >= 1 and count(extra, 1) >= 1
                and not self.v.hit_split_aces):
            return out
        if t < 21:
            hard = sum((i + 1) * n for i, n in enumerate(counts_of(hand)))
            out["H"] = self._phit(u, hand, extra, hard, count(hand, 1) > 0)
        if self.v.can_double_total(t) and (not after_split or self.v.double_after_split):
            out["D"] = self._pdouble(u, hand, extra)
        return out

    def _psplit(self, u: int, pv: int) -> Triple:
        """Splitting under the chart: hands are taken as independent for E[X^2] and the round
        counts as won when its first hand wins (documented approximations)."""
        extra = add(ZERO, pv)
        single = add(ZERO, pv)
        probs = dict(self.draws(u, add(single, pv)))
        p_pair = probs.get(pv, 0.0)
        resplit = pv != 1 or self.v.resplit_aces
        limit = self.v.max_hands if resplit else 2

        def value(h: Hand) -> Triple:
            vals = self._ptwo(u, h, extra, True)
            return vals[self.policy_action(u, h, vals, after_split=True)]  # type: ignore[arg-type]

        non = [0.0, 0.0, 0.0]
        if p_pair < 1.0:
            for v, p in probs.items():
                if v != pv:
                    tr = value(add(single, v))
                    for k in range(3):
                        non[k] += p * tr[k] / (1.0 - p_pair)
        stuck = value(add(single, pv)) if p_pair > 0 else (0.0, 0.0, 0.0)

        @cache
        def counts(pending: int, hands: int) -> tuple[float, float]:
            if pending == 0:
                return 0.0, 0.0
            a, b = counts(pending - 1, hands)
            n_non = (1.0 - p_pair) * (a + 1.0)
            n_stuck = (1.0 - p_pair) * b
            if hands < limit:
                c, d = counts(pending + 1, hands + 1)
                n_non += p_pair * c
                n_stuck += p_pair * d
            else:
                n_non += p_pair * a
                n_stuck += p_pair * (b + 1.0)
            return n_non, n_stuck

        n_non, n_stuck = counts(2, 2)
        n = n_non + n_stuck
        mean_h = (n_non * non[0] + n_stuck * stuck[0]) / n
        m2_h = (n_non * non[1] + n_stuck * stuck[1]) / n
        pw_h = (n_non * non[2] + n_stuck * stuck[2]) / n
        m = n * mean_h
        m2 = n * m2_h + n * (n - 1.0) * mean_h * mean_h
        return m, m2, pw_h

    def hand_moments(self, u: int, i: int, j: int) -> Triple:
        """(E[X], E[X^2], P(X > 0)) of the main bet under the basic strategy chart."""
        hand = add(add(ZERO, i), j)
        p_nat = self.p_natural(u, hand)
        if sorted((i, j)) == [1, 10]:
            bj = float(self.v.blackjack_pays.net)
            return (1.0 - p_nat) * bj, (1.0 - p_nat) * bj * bj, 1.0 - p_nat
        vals: dict[str, Triple] = self._ptwo(u, hand, ZERO, False)
        if i == j and self.can_split(i, u):
            vals["P"] = self._psplit(u, i)
        if self.can_surrender(u):
            if self.v.surrender == "early":
                tot = (-0.5, 0.25)
            else:
                tot = (-p_nat - 0.5 * (1.0 - p_nat), p_nat + 0.25 * (1.0 - p_nat))
            if self.peeks(u):
                vals["R"] = ((tot[0] + p_nat) / (1.0 - p_nat), (tot[1] - p_nat) / (1.0 - p_nat), 0.0)
            elif self.v.dealer_blackjack_takes == "original":
                vals["R"] = (tot[0] + p_nat, tot[1] - p_nat, 0.0)
            else:
                vals["R"] = (tot[0], tot[1], 0.0)
        m, m2, pw = vals[self.policy_action(u, hand, vals, after_split=False)]  # type: ignore[arg-type]
        if self.peeks(u):
            return -p_nat + (1.0 - p_nat) * m, p_nat + (1.0 - p_nat) * m2, (1.0 - p_nat) * pw
        if self.v.dealer_blackjack_takes == "original":
            return -p_nat + m, p_nat + m2, pw
        return m, m2, pw

    def basic_moments(self) -> Triple:
        if self.chart is None:
            self.chart = self.build_chart()
        m = m2 = pw = 0.0
        for u, i, j, p in self.weights():
            a, b, c = self.hand_moments(u, i, j)
            m += p * a
            m2 += p * b
            pw += p * c
        return m, m2, pw

    # -- the whole game ------------------------------------------------------------------------

    def weights(self) -> list[tuple[int, int, int, float]]:
        c = [float(x) for x in self.base]
        n = sum(c)
        out = []
        for u in range(1, 11):
            for i in range(1, 11):
                for j in range(i, 11):
                    cc = list(c)
                    p = cc[i - 1] / n
                    cc[i - 1] -= 1
                    p *= cc[j - 1] / (n - 1)
                    cc[j - 1] -= 1
                    p *= cc[u - 1] / (n - 2)
                    if i != j:
                        p *= 2
                    if p > 0:
                        out.append((u, i, j, p))
        return out

    def expectation(self, policy: bool) -> float:
        if policy and self.chart is None:
            self.chart = self.build_chart()
        return sum(p * self.hand_ev(u, i, j, policy) for u, i, j, p in self.weights())

    def build_chart(self) -> Chart:
        """Total-dependent basic strategy from the optimal two-card values, weighted by chance."""
        hard: dict[tuple[int, int], dict[str, float]] = {}
        soft: dict[tuple[int, int], dict[str, float]] = {}
        pair: dict[tuple[int, int], dict[str, float]] = {}
        pairs_only: dict[tuple[int, int], dict[str, float]] = {}
        for u, i, j, p in self.weights():
            if sorted((i, j)) == [1, 10]:
                continue
            vals = self.first_values(u, i, j, False)
            hand = add(add(ZERO, i), j)
            t, is_soft = hand_total(hand)
            if i == j:
                acc = pair.setdefault((i, u), {})
                for a, x in vals.items():
                    acc[a] = acc.get(a, 0.0) + p * x
                target = pairs_only
            else:
                target = soft if is_soft else hard
            acc = target.setdefault((t * (-1 if is_soft and target is pairs_only else 1), u), {})
            for a, x in vals.items():
                if a != "P":
                    acc[a] = acc.get(a, 0.0) + p * x
        for (key, u), acc in pairs_only.items():
            tbl = soft if key < 0 else hard
            if (abs(key), u) not in tbl:
                tbl[(abs(key), u)] = acc
        # multi-card totals that no two-card hand reaches (hard 21, soft 21 handled as stand)
        return Chart(
            hard={k: code_for(v) for k, v in hard.items()},
            soft={k: code_for(v) for k, v in soft.items()},
            pair={k: code_for(v) for k, v in pair.items()},
        )


def assert_chart(chart: Chart | None) -> None:
    if chart is None:
        raise RuntimeError("the basic strategy chart is not built yet")


def code_for(vals: dict[str, float]) -> str:
    """The chart code of a cell from its actions' summed values."""
    best = max(vals, key=lambda a: vals[a])
    hs = "H" if vals.get("H", float("-inf")) > vals["S"] else "S"
    if best == "D":
        return "D" + hs.lower()
    if best == "R":
        rest = {a: x for a, x in vals.items() if a != "R"}
        nxt = max(rest, key=lambda a: rest[a])
        if nxt == "D":
            nxt = hs
        return "R" + nxt.lower()
    return best


def resolve(code: str, can_double: bool, can_surrender: bool, can_split: bool,
            can_hit: bool = True) -> str:
    """The action a chart code means when only some actions are allowed."""
    if code.startswith("R"):
        if can_surrender:
            return "R"
        code = code[1:].upper()
    if code.startswith("D"):
        if can_double:
            return "D"
        code = code[1:].upper() if len(code) > 1 else "H"
    if code == "P":
        return "P" if can_split else "H"
    if code == "H" and not can_hit:
        return "S"
    return code


@cache
def main_bet(variant: BlackjackVariant) -> MainBet:
    mb = MainBet(variant)
    mb.chart = mb.build_chart()
    return mb


def house_figures(variant: BlackjackVariant) -> tuple[float, float]:
    """(expectation under basic strategy, expectation under the composition-dependent optimum)."""
    mb = main_bet(variant)
    return mb.expectation(True), mb.expectation(False)

