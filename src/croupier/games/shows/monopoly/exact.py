"""Exact RTP of Monopoly Live (000 §12.27), in Fraction, by a closed form written apart from the
show's ``advance`` (method 1). The tests check it against the show shape's graph solver
(:func:`~croupier.games.shows.tree.bet_rtp`, method 2) on variants small enough for the graph.

* The Chance chain: with ``c`` = P(Chance), ``q`` = P(cash card), ``r = 1 - q``, ``mu`` / ``mu2``
  the mean of the multiplier and of its square, a bet's return given the stacked multiplier ``S``
  is ``a + b S`` in mean and ``alpha + beta S + gamma S^2`` in square, solved as geometric series:
  ``a = (P_win_base + c q E[1+k]) / (1 - c r)``, ``b = P_n n / (1 - c r mu)``, and so on.
* The board walk: first and second moments of the final total, its probability of being 0 and
  its maximum, by recursion on (layout, position, rolls left, doubles in a row, Jail, GO factor,
  waiting card, total) where the total is kept exactly only while a fee could still fail to be
  covered (below 0.8 bets per roll left + 0.2: at most three landings per roll left, each fee at
  most 0.2); above it only the increments matter.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from croupier.games.maths import BetRTP
from croupier.games.shows.monopoly.show import FEES, JAIL, MonopolyVariant, field_value
from croupier.games.shows.tree import UNBOUNDED

Moments = tuple[Fraction, Fraction, Fraction, int]  # E[G], E[G^2], P(G == 0 and total 0), max G


def chance_law(v: MonopolyVariant) -> tuple[Fraction, Fraction, Fraction, Fraction, Fraction, Fraction]:
    """(c, q, mu, mu2, E[1+k], E[(1+k)^2]) of the Chance cards (k, mu conditional on the kind)."""
    c = v.wheel.probability("chance") if "chance" in v.wheel.labels() else Fraction(0)
    total = sum(w for _, w in v.chance_cards)
    mult = [(card.value, w) for card, w in v.chance_cards if card.kind == "multiplier"]
    cash = [(card.value, w) for card, w in v.chance_cards if card.kind == "cash"]
    wm = sum(w for _, w in mult)
    wc = sum(w for _, w in cash)
    q = Fraction(wc, total)
    mu = Fraction(sum(m * w for m, w in mult), wm) if wm else Fraction(0)
    mu2 = Fraction(sum(m * m * w for m, w in mult), wm) if wm else Fraction(0)
    k1 = Fraction(sum((1 + k) * w for k, w in cash), wc) if wc else Fraction(0)
    k2 = Fraction(sum((1 + k) ** 2 * w for k, w in cash), wc) if wc else Fraction(0)
    return c, q, mu, mu2, k1, k2


@cache  # admission, the description and the game page each ask (a variant is hashed by identity)
def walk_moments(v: MonopolyVariant, rolls: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(E[T], E[T^2], P(T = 0), max T) of the board walk's final total T in bets."""
    cards = [(val * 10, Fraction(w, sum(x for _, x in v.board_cards))) for val, w in v.board_cards]
    layouts = [(i, Fraction(w, sum(x for _, x in v.buildings))) for i, (_, w) in enumerate(v.buildings)]

    def norm(t: int | None, left: int) -> int | None:
        """The total, or None once every fee of the rest of the walk is covered: at most three
        landings per roll left (two doubles, then a roll that uses it), each fee at most 0.2."""
        return None if t is None or t >= 8 * left + 2 else t

    @cache
    def go(layout: int, pos: int, left: int, doubles: int, jail: bool, gof: int, card: bool,
           t: int | None) -> Moments:
        if card:
            return mix([(p, gain, (layout, pos, left, doubles, jail, gof, False, add(t, gain, left)))
                        for gain, p in cards])
        if left == 0:
            return Fraction(0), Fraction(0), Fraction(1 if t == 0 else 0), 0
        out: list[tuple[Fraction, int, object]] = []
        for a in range(1, 7):
            for b in range(1, 7):
                p = Fraction(1, 36)
                double = a == b
                if jail:
                    if not double:
                        out.append((p, 0, None if t != 0 else "zero"))
                        continue
                    out.append((p, *land(layout, pos, left - 1, 0, gof, t, a + b)))
                elif double and doubles == 2:
                    out.append((p, 0, (layout, JAIL, left, 0, True, gof, False, t)))
                elif double:
                    out.append((p, *land(layout, pos, left, doubles + 1, gof, t, a + b)))
                else:
                    out.append((p, *land(layout, pos, left - 1, 0, gof, t, a + b)))
        return mix(out)

    def add(t: int | None, gain: int, left: int) -> int | None:
        return norm(None if t is None else t + gain, left)

    def land(layout: int, pos: int, left: int, doubles: int, gof: int, t: int | None,
             steps: int) -> tuple[int, tuple[object, ...]]:
        pos = (pos + steps) % 40
        f = v.board[pos]
        if isinstance(f, int):
            gain = 10 * field_value(v, layout, pos) * gof
            return gain, (layout, pos, left, doubles, False, gof, False, add(t, gain, left))
        if f == "go":
            return 0, (layout, pos, left, doubles, False, gof * 2, False, t)
        if f in FEES:
            fee = FEES[f]
            if t is None or t >= fee:
                return -fee, (layout, pos, left, doubles, False, gof, False, add(t, -fee, left))
            return 0, (layout, pos, left, doubles, False, gof, False, t)
        if f in ("chance", "chest"):
            return 0, (layout, pos, left, doubles, False, gof, True, t)
        if f == "go_to_jail":
            return 0, (layout, JAIL, left, 0, True, gof, False, t)
        return 0, (layout, pos, left, doubles, False, gof, False, t)

    def mix(items: Sequence[tuple[Fraction, int, object]]) -> Moments:
        m1 = m2 = z = Fraction(0)
        top = 0
        for p, gain, nxt in items:
            if nxt is None or nxt == "zero":
                s1, s2, sz, smax = Fraction(0), Fraction(0), Fraction(1 if nxt == "zero" else 0), 0
            else:
                s1, s2, sz, smax = go(*nxt)  # type: ignore[misc]
            m1 += p * (gain + s1)
            m2 += p * (gain * gain + 2 * gain * s1 + s2)
            z += p * sz
            top = max(top, gain + smax)
        return m1, m2, z, top

    e1 = e2 = zero = Fraction(0)
    top = 0
    for layout, p in layouts:
        m1, m2, z, mx = go(layout, 0, rolls, 0, False, 1, False, 0)
        e1 += p * m1
        e2 += p * m2
        zero += p * z
        top = max(top, mx)
    return e1 / 10, e2 / 100, zero, Fraction(top, 10)


def exact(v: MonopolyVariant) -> list[BetRTP]:
    c, q, mu, mu2, k1, k2 = chance_law(v)
    r = 1 - q
    rows = []
    for code in v.bet_codes:
        seg = v.wheel.segment(code)
        p = v.wheel.probability(code)
        if seg.kind == "number":
            n = seg.value
            a = (p + c * q * k1) / (1 - c * r)
            b = p * n / (1 - c * r * mu)
            alpha = (p + c * q * k2) / (1 - c * r)
            beta = 2 * p * n / (1 - c * r * mu)
            gamma = p * n * n / (1 - c * r * mu2)
            hit = (p + c * q) / (1 - c * r)
            note = f"P(segment) = {seg.count}/54; Chance {c} (cash card {q})"
        else:
            m1, m2, zero, _top = walk_moments(v, int(seg.value))
            a = p / (1 - c * r)
            b = p * m1 / (1 - c * r * mu)
            alpha = a
            beta = 2 * p * m1 / (1 - c * r * mu)
            gamma = p * m2 / (1 - c * r * mu2)
            hit = p * (1 - zero) / (1 - c * r)
            note = (f"P(bonus) = {seg.count}/54 (plus after Chance multipliers); mean bonus total "
                    f"{float(m1):.4f} bets, P(total 0) {float(zero):.4f}")
        rtp = a + b
        rows.append(BetRTP(code, rtp, rtp, 1, hit, alpha + beta + gamma - rtp * rtp, UNBOUNDED, note))
    return rows
