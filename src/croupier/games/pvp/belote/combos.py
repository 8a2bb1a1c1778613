"""Belote combinations (000 §12.12 Combinations, Declaring): what a declaration is, what may be
declared at a table, overlaps and growing combinations, and Classic's comparison of the two
sides' best combinations.

A declaration is the tuple of its cards (sorted codes); its kind comes from the cards:
``belote`` (K and Q of trump), ``tierce`` / ``fifty`` / ``hundred`` (3 / 4 / 5 or more in a row
in one suit, in the order 7, 8, 9, 10, J, Q, K, A) and ``four`` (the four cards of a rank).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.games.pvp.belote.cards import NO_TRUMP, names, rank, suit
from croupier.games.pvp.belote.variant import BeloteVariant

Combo = tuple[int, ...]

#: the table's "combinations" condition -> the kinds it allows (000 §12.12 Conditions)
ALLOWED: Final = {
    "all": frozenset({"belote", "tierce", "fifty", "hundred", "four"}),
    "no_four_hundred": frozenset({"belote", "tierce", "fifty"}),
    "tierce_only": frozenset({"tierce"}),
    "none": frozenset(),
}
#: Classic's order of combinations, highest first: 4 cards, 100, 50, tierce
KIND_ORDER: Final = {"four": 4, "hundred": 3, "fifty": 2, "tierce": 1}
_SEQ_KINDS: Final = {3: "tierce", 4: "fifty"}


class NotACombination(ValueError):
    """The cards given form no combination (the engine turns it into IllegalAction)."""


def classify(v: BeloteVariant, cards: Sequence[int], trump: int) -> tuple[str, int]:
    """The kind and points of a declaration, or :class:`NotACombination` saying why not."""
    cs = sorted(set(cards))
    if len(cs) != len(cards) or len(cs) < 2:
        raise NotACombination(f"{names(cards)} is not a combination")
    ranks = [rank(c) for c in cs]
    suits = {suit(c) for c in cs}
    if len(cs) == 2:
        if trump != NO_TRUMP and suits == {trump} and ranks == [12, 13]:
            return "belote", v.belote
        raise NotACombination(f"{names(cs)} is not Belote-Rebelote (the K and Q of trump)")
    if len(set(ranks)) == 1:
        r = ranks[0]
        order = v.four_order_no_trump if trump == NO_TRUMP else v.four_order_trump
        if len(cs) != 4 or r not in order:
            raise NotACombination(f"{names(cs)}: '4 cards' of this rank are not declared in this game")
        return "four", v.fours[r]
    if len(suits) == 1:
        idx = [v.ranks.index(r) for r in ranks]
        if idx == list(range(idx[0], idx[0] + len(idx))):
            n = len(cs)
            return _SEQ_KINDS.get(n, "hundred"), v.sequences[min(n, 5)]
    raise NotACombination(f"{names(cs)} is neither a sequence of one suit nor '4 cards'")


def admit(v: BeloteVariant, declared: Sequence[Combo], new: Combo, trump: int) -> tuple[Combo, ...]:
    """A player's declarations once ``new`` is added: it may not overlap another of his, except
    (Open Belote) a sequence grown from a declared one, which replaces it."""
    kind = classify(v, new, trump)[0]
    if new in declared:
        raise NotACombination(f"{names(new)} is already declared")
    out: list[Combo] = []
    for d in declared:
        if not set(d) & set(new):
            out.append(d)
            continue
        grows = (v.style == "open" and kind in ("fifty", "hundred") and set(d) < set(new)
                 and classify(v, d, trump)[0] in ("tierce", "fifty"))
        if not grows:
            raise NotACombination(f"{names(new)} overlaps your declared {names(d)} "
                                  f"(000 §12.12: combinations count if they do not overlap)")
    return tuple(out) + (new,)


def candidates(v: BeloteVariant, cards: Sequence[int], trump: int, allowed: frozenset[str]) -> list[Combo]:
    """Every combination in ``cards`` of a kind the table allows (before overlap checks)."""
    held = set(cards)
    out: list[Combo] = []
    if "belote" in allowed and trump != NO_TRUMP:
        kq = (12 * 4 + trump, 13 * 4 + trump)
        if kq[0] in held and kq[1] in held:
            out.append(kq)
    if allowed - {"belote", "four"}:
        for s in range(4):
            idx = [i for i, r in enumerate(v.ranks) if r * 4 + s in held]
            for a in range(len(idx) - 2):
                for b in range(a + 2, len(idx)):
                    if idx[b] - idx[a] != b - a:
                        break
                    if _SEQ_KINDS.get(b - a + 1, "hundred") in allowed:
                        out.append(tuple(v.ranks[i] * 4 + s for i in idx[a:b + 1]))
    if "four" in allowed and len(held) >= 4:
        count: dict[int, int] = {}
        for c in held:
            count[rank(c)] = count.get(rank(c), 0) + 1
        order = v.four_order_no_trump if trump == NO_TRUMP else v.four_order_trump
        out += [tuple(r * 4 + s for s in range(4)) for r in order if count.get(r) == 4]
    return out


def declarable(v: BeloteVariant, cards: Sequence[int], declared: Sequence[Combo], trump: int,
               allowed: frozenset[str]) -> list[Combo]:
    """The declarations a player may make now."""
    out = []
    for c in candidates(v, cards, trump, allowed):
        try:
            admit(v, declared, c, trump)
        except NotACombination:
            continue
        out.append(c)
    return out


def higher_tierce_first(v: BeloteVariant, cards: Sequence[int], declared: Sequence[Combo], new: Combo,
                        trump: int, allowed: frozenset[str]) -> Combo | None:
    """Open Belote: "if a player holds 2 tierces, the one with the higher card is announced
    first" - the higher tierce (not overlapping ``new``) still to declare, or None."""
    if v.style != "open" or classify(v, new, trump)[0] != "tierce":
        return None
    top = max(rank(c) for c in new)
    for c in declarable(v, cards, declared, trump, allowed):
        if len(c) == 3 and not set(c) & set(new) and max(rank(x) for x in c) > top:
            return c
    return None


def combo_key(v: BeloteVariant, combo: Combo, trump: int) -> tuple[int, int, int]:
    """Classic's order (000 §12.12 Declaring): the kind (4 cards, 100, 50, tierce), then the rank
    (the highest card; "4 cards" by their own order), then a trump combination first."""
    kind = classify(v, combo, trump)[0]
    if kind == "four":
        order = v.four_order_no_trump if trump == NO_TRUMP else v.four_order_trump
        return KIND_ORDER[kind], len(order) - order.index(rank(combo[0])), 0
    return KIND_ORDER[kind], max(rank(c) for c in combo), int(suit(combo[0]) == trump)


def counted(v: BeloteVariant, declared: Sequence[Sequence[Combo]], trump: int, first: int) -> tuple[int, int]:
    """Each player's combination points. Open: all of them. Classic: Belote-Rebelote for its
    holder; of the rest, only the side with the better combination scores (equal kind and rank:
    the trump one; neither trump: the player who played first, ``first``)."""
    pts = [[classify(v, c, trump) for c in declared[i]] for i in (0, 1)]
    if v.declarations == "all":
        return sum(p for _, p in pts[0]), sum(p for _, p in pts[1])
    belote = [sum(p for k, p in pts[i] if k == "belote") for i in (0, 1)]
    best = [max((combo_key(v, c, trump) for c in declared[i] if classify(v, c, trump)[0] != "belote"),
                default=None) for i in (0, 1)]
    if best[0] is None and best[1] is None:
        return belote[0], belote[1]
    if best[1] is None or (best[0] is not None and best[0] > best[1]):
        side = 0
    elif best[0] is None or best[1] > best[0]:
        side = 1
    else:
        side = first
    rest = sum(p for k, p in pts[side] if k != "belote")
    out = list(belote)
    out[side] += rest
    return out[0], out[1]
