"""Exact figures of every blackjack bet.

* ``main`` (and ``bet_behind``, which follows a seat playing the same strategy): the expectation
  under the variant's basic strategy from the shoe composition (:mod:`.analysis`), in double
  precision; ``rtp_exact`` is that figure rounded to 12 decimals, and the note gives the
  composition-dependent optimum.
* ``insurance``: 2:1 on the dealer's Blackjack, by the player's two cards (the lowest and the
  highest return over the player's hands).
* side bets: composition counting without replacement with exact fractions. Two-card bets count
  ordered pairs of cards, three-card bets (21+3, Lucky Lucky, the Bonus' three-card rows) count
  3-card multisets with their orderings, Bust It counts the dealer's finishing multisets
  (:mod:`.dealer`). The cards are drawn from the full shoe: other boxes are unseen (ASSUMPTION
  as in every published side-bet analysis).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement

from croupier.cards import RANKS, card
from croupier.games.blackjack.analysis import main_bet
from croupier.games.blackjack.dealer import BUST, dealer_table
from croupier.games.blackjack.rules import (
    classify_21_3,
    classify_bonus,
    classify_lucky_lucky,
    classify_pair,
    classify_suitem_up,
    points,
    total,
)
from croupier.games.blackjack.variant import BlackjackVariant, SideBet
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.money import Payout

CARDS = [card(r, s) for r in RANKS for s in range(4)]
THREE_CARD_ROWS = frozenset({"777_spades", "suited_777", "suited_678", "777", "678"})


def _fall(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


@cache
def two_card_counts(decks: int, kind: str) -> dict[str | None, int]:
    """Ordered two-card deals per row of a two-card classifier (``pair``, ``suitem``, ``bonus``)."""
    classify: Callable[[int, int], str | None] = {
        "pair": classify_pair, "suitem": classify_suitem_up,
        "bonus": lambda a, b: classify_bonus((a, b)),
    }[kind]
    out: dict[str | None, int] = {}
    for a in CARDS:
        for b in CARDS:
            ways = decks * (decks - 1 if a == b else decks)
            if ways:
                row = classify(a, b)
                out[row] = out.get(row, 0) + ways
    return out


@cache
def three_card_counts(decks: int, kind: str) -> dict[str | None, int]:
    """Ordered three-card deals per row of a symmetric three-card classifier."""
    classify: Callable[[int, int, int], str | None] = {
        "21_3": classify_21_3, "lucky": classify_lucky_lucky,
        "bonus3": lambda a, b, c: classify_bonus((a, b, c)),
    }[kind]
    out: dict[str | None, int] = {}
    for a, b, c in combinations_with_replacement(CARDS, 3):
        if a == b == c:
            ways = _fall(decks, 3)
        elif a == b or b == c:
            ways = 3 * _fall(decks, 2) * decks
        else:
            ways = 6 * decks ** 3
        if ways:
            row = classify(a, b, c)
            out[row] = out.get(row, 0) + ways
    return out


@cache
def bust_it_counts(decks: int, hits_soft_17: bool) -> tuple[dict[str | None, Fraction], int]:
    """Probability of each Bust It row: the dealer's complete hand from the full shoe."""
    comp = [4 * decks] * 9 + [16 * decks]
    n = sum(comp)
    probs: dict[str | None, Fraction] = {}
    for up in range(1, 11):
        p_up = Fraction(comp[up - 1], n)
        rest = list(comp)
        rest[up - 1] -= 1
        values, counts, sizes, ways, outcome = dealer_table(up, hits_soft_17)
        for k in range(values.shape[0]):
            num = int(ways[k])
            for j in range(values.shape[1]):
                v = int(values[k, j])
                if v < 0:
                    break
                num *= _fall(rest[v], int(counts[k, j]))
            if not num:
                continue
            p = p_up * Fraction(num, _fall(n - 1, int(sizes[k])))
            cards = 1 + int(sizes[k])
            if int(outcome[k]) != BUST:
                row: str | None = None
            elif cards >= 8:
                row = "8_plus"
            elif cards <= 4:
                row = "3_4"
            else:
                row = str(cards)
            probs[row] = probs.get(row, Fraction(0)) + p
    return probs, n


def _dist(counts: dict[str | None, int], pays: dict[str, Payout]) -> Distribution:
    total = sum(counts.values())
    return Distribution.of(
        (Fraction(w, total), pays[row].total if row in pays else Fraction(0))
        for row, w in counts.items())


def side_bet_distributions(variant: BlackjackVariant, bet: SideBet) -> list[Distribution]:
    d = variant.decks
    pays = dict(bet.pays)
    code = bet.code
    if code in ("ideal_pair", "perfect_pairs"):
        return [_dist(two_card_counts(d, "pair"), pays)]
    if code == "suitem_up":
        return [_dist(two_card_counts(d, "suitem"), pays)]
    if code == "21_3":
        return [_dist(three_card_counts(d, "21_3"), pays)]
    if code == "lucky_lucky":
        return [_dist(three_card_counts(d, "lucky"), pays)]
    if code == "bust_it":
        probs, _ = bust_it_counts(d, variant.hits_soft_17)
        return [Distribution.of(
            (p, pays[row].total if row in pays else Fraction(0)) for row, p in probs.items())]
    if code == "bonus":
        return [bonus_distribution(variant, pays, "basic"), bonus_distribution(variant, pays, "always")]
    raise ValueError(f"no exact analysis for side bet {code!r}")  # pragma: no cover


def _takes_third(variant: BlackjackVariant, c1: int, c2: int, up: int) -> bool:
    """Does the box's first decision under the basic strategy take a card (hit, double, split)?"""
    from croupier.games.blackjack.analysis import resolve
    from croupier.games.blackjack.strategy import code_for_cards

    u = points(up)
    t = total((c1, c2)).value
    pv = points(c1) if points(c1) == points(c2) else 0
    can_split = bool(pv) and pv in variant.splittable and variant.max_hands >= 2
    can_double = variant.can_double_total(t)
    can_surr = variant.surrender != "none" and u in variant.surrender_against
    code = code_for_cards(variant, (c1, c2), u, can_split)
    return resolve(code, can_double, can_surr, can_split) in ("H", "D", "P")


def bonus_distribution(variant: BlackjackVariant, pays: dict[str, Payout], mode: str) -> Distribution:
    """002 Bonus: two-card rows from the first two cards; three-card rows (6-7-8, 7-7-7) need the
    box's third card, which the box takes under the basic strategy (``basic``) or always
    (``always``, the best case for the player). Counted without replacement; no-hole-card and
    no-peek deals (the dealer's second card comes after the box's third)."""
    d = variant.decks
    n = 52 * d
    points_: list[tuple[Fraction, Fraction]] = []
    two = two_card_counts(d, "bonus")
    for row, w in two.items():
        if row is not None:
            points_.append((Fraction(w, _fall(n, 2)), pays[row].total if row in pays else Fraction(0)))
    sevens = [c for c in CARDS if 6 <= (c >> 2) <= 8]
    acc: dict[str, int] = {}
    for c1 in sevens:
        for c2 in sevens:
            w12 = d * (d - 1 if c1 == c2 else d)
            for third in sevens:
                used = (c1 == third) + (c2 == third)
                w3 = d - used
                if w3 <= 0:
                    continue
                row = classify_bonus((c1, c2, third))
                if row is None:
                    continue
                if mode == "always":
                    acc[row] = acc.get(row, 0) + w12 * w3 * (n - 2)
                    continue
                for up in CARDS:
                    wu = d - (c1 == up) - (c2 == up)
                    if wu <= 0 or not _takes_third(variant, c1, c2, up):
                        continue
                    w3u = w3 - (third == up)
                    if w3u > 0:
                        acc[row] = acc.get(row, 0) + w12 * wu * w3u
    for row, w in acc.items():
        points_.append((Fraction(w, _fall(n, 4) if mode == "basic" else _fall(n, 3) * (n - 2)),
                        pays[row].total if row in pays else Fraction(0)))
    rest = Fraction(1) - sum((p for p, _ in points_), Fraction(0))
    return Distribution.of([*points_, (rest, Fraction(0))])


def insurance_distributions(variant: BlackjackVariant) -> list[Distribution]:
    """Insurance pays 2:1 when the hole card completes the dealer's Blackjack; one selection per
    number of cards of the needed value among the player's two cards."""
    out = []
    n = 52 * variant.decks - 3
    for up in sorted(variant.insurance_up):
        need = 10 if up == 1 else 1
        have = 16 * variant.decks if need == 10 else 4 * variant.decks
        if up == need:
            have -= 1
        for k in (0, 1, 2):
            p = Fraction(have - k, n)
            out.append(Distribution.of([(p, Fraction(3)), (1 - p, Fraction(0))]))
    return out


def main_rtp(variant: BlackjackVariant) -> BetRTP:
    mb = main_bet(variant)
    m, m2, pw = mb.basic_moments()
    optimal = mb.expectation(False)
    rtp = Fraction(round((1.0 + m) * 10**12), 10**12)
    variance = Fraction(round((m2 - m * m) * 10**12), 10**12)
    bj = variant.blackjack_pays.total
    max_return = max(bj, Fraction(1 + variant.max_hands * 2))
    return BetRTP(
        bet="main", rtp=rtp, rtp_max=rtp, selections=1,
        hit_frequency=Fraction(round(pw * 10**12), 10**12), variance=variance,
        max_return=max_return,
        note=(f"basic strategy (chart of 'croupier strategy blackjack'); composition-dependent "
              f"optimum {1.0 + optimal:.6%}; double precision, rounded to 1e-12"),
    )


def exact(variant: BlackjackVariant) -> list[BetRTP]:
    main = main_rtp(variant)
    out = [main]
    if variant.bet_behind:
        out.append(BetRTP("bet_behind", main.rtp, main.rtp, 1, main.hit_frequency, main.variance,
                          main.max_return, note="follows a seat that plays the basic strategy"))
    if variant.insurance_up:
        out.append(summarize("insurance", insurance_distributions(variant),
                             note="2:1 on a dealer Blackjack; by the player's cards"))
    for code, bet in variant.side_bets.items():
        note = ""
        if bet.jackpot_rows:
            note = (f"fixed-odds rows only; {', '.join(bet.jackpot_rows)} are paid from a jackpot "
                    "pool (its own jackpot:* line); rtp = the box plays the basic strategy, rtp_max = the box "
                    "always takes a third card")
        out.append(summarize(code, side_bet_distributions(variant, bet), note=note))
    return out


__all__ = ["exact", "insurance_distributions", "main_rtp", "side_bet_distributions"]
