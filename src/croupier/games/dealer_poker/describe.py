"""The poker games against the dealer describe themselves (docs/describe.md): the opening bets
of the variant (Ante, Blind, the side bets), their paytables, the decisions the engine offers with
the stake each adds, and the hands as the ``cards`` view.

The decisions are the engine's own: :func:`decisions` plays seeded rounds through it and records
every decision it offers and what applying it adds to the stakes, in multiples of the Ante, so no
list of decisions is written twice (the rules classes are the one place they are).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from croupier.errors import CroupierError
from croupier.games import describe as D
from croupier.games.base import BetRequest, DrawAction
from croupier.games.dealer_poker.variant import PokerVariant
from croupier.rng import fair

#: seeded rounds played to find the decisions (each variant offers all of its own well within)
EXPLORE_ROUNDS = 400
#: what a decision the player must complete names (the engine refuses it bare)
DECISION_ARGS = {"exchange": {"card": "a card of your hand (or cards: a list, in Russian Poker)"}}


def opening_codes(engine: Any, v: PokerVariant, exact_codes: list[str]) -> list[str]:
    """The bets a player places before the deal: the rules' opening codes the variant prices
    (an RTP of its own, or a paytable)."""
    return [c for c in engine.rules.initial_codes if c in exact_codes or c in v.paytables]


@cache
def decisions(engine: Any, v: PokerVariant) -> tuple[tuple[str, str | None], ...]:
    """Every decision the engine offers in :data:`EXPLORE_ROUNDS` seeded rounds of one Ante (and
    the Blind where the game needs it), in the order first offered, with the stake it adds as a
    multiple of the Ante (``None``: nothing added)."""
    unit = 1000
    codes = [c for c in ("ante", "blind") if c in engine.rules.initial_codes] or [
        engine.rules.initial_codes[0]]
    bets = [BetRequest(c, unit) for c in codes]
    seen: dict[str, str | None] = {}
    for i in range(EXPLORE_ROUNDS):
        src = fair.stream("d0" * 32, f"describe-{v.game}-{v.name}", i)
        state = engine.start(v, bets, "XXX")
        while not engine.is_finished(state):
            req = engine.next_draw(state)
            if req is not None:
                state = engine.apply(state, DrawAction(req.kind, src.randbelow(req.n)))
                continue
            legal = engine.legal_actions(state)
            applied = []
            for d in legal:
                try:
                    after = engine.apply(state, d)
                except CroupierError:  # needs the player's input (which cards to exchange)
                    seen.setdefault(d.name, None)
                    continue
                added = sum(b.stake for b in after.bets) - sum(b.stake for b in state.bets)
                seen.setdefault(d.name, None if added <= 0 else f"{Fraction(added, unit)}x ante")
                applied.append(after)
            state = applied[src.randbelow(len(applied))]
    return tuple(seen.items())


def _label(name: str) -> str:
    """Texas Hold'em's ``play4`` reads "Play 4x" (its multiple of the Ante); others as named."""
    m = re.fullmatch(r"([a-z]+)(\d+)", name)
    return f"{m.group(1).capitalize()} {m.group(2)}x" if m else D.label_of(name)


def describe_with(engine: Any, exact: Any) -> Any:
    """The ``describe`` of one poker game (its engine and exact figures)."""

    def describe(v: PokerVariant) -> dict[str, Any]:
        priced = [r.bet for r in exact(v)]
        bets = []
        opening = opening_codes(engine, v, priced)
        # the Ante (and the Blind that goes with it, Texas Hold'em) open every round
        base = [c for c in ("ante", "blind") if c in opening]
        for code in opening:
            table = v.table(code)
            payout = "paytable" if table else ("1:1" if code == "ante" else None)
            needs = [c for c in base if c != code]
            bets.append(D.bet(code, group="main" if code in ("ante", "blind") else "side",
                              payout=payout, requires=needs))
        paytable = [{"bet": name, "label": D.label_of(name), "row": D.label_of(row), "pays": str(pay)}
                    for name, table in v.paytables.items() for row, pay in table.items()]
        offered = [D.decision(name, label=_label(name), adds=adds) | ({"args": DECISION_ARGS[name]} if name in DECISION_ARGS else {})
                   for name, adds in decisions(engine, v)]
        return D.assemble(v, bets, kind="cards", decisions=offered, paytable=paytable)

    return describe


def display(_v: PokerVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The hands (the engine's ``result`` data, or the platform's stored table view)."""
    view = D.generic_cards_display(_v, outcome)
    view["headline"] = "; ".join(f"{h['label']} {' '.join(h['cards'])}" for h in view["hands"]) or "Round over"
    return view


def display_jokerbet(_v: PokerVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The one card drawn (the engine's ``result`` data: ``card``, a Joker ``"Jk"`` with its
    ``joker`` colour)."""
    card = str(outcome.get("card", ""))
    joker = outcome.get("joker")
    headline = f"{str(joker).capitalize()} Joker" if joker else card
    extra = {"joker": str(joker)} if joker else {}
    return D.cards_view([D.hand("Card", [card] if card else [])], headline or "Round over", **extra)


def describe_jokerbet(v: PokerVariant) -> dict[str, Any]:
    """Jokerbet (one card from 52 and two Jokers): its fixed-odds bets, with a rank, a card or a
    suit as the target of ``rank``, ``card`` and ``suit``."""
    from croupier.cards import deck, name
    from croupier.games.dealer_poker.jokerbet import CODES, RANK_NAMES, SUIT_NAMES

    ranks = [r for r in RANK_NAMES if r != "T"]  # "T" is another name of "10"
    targets: dict[str, tuple[dict[str, Any], list[int | str]]] = {
        "rank": (D.choice((r, r) for r in ranks), ["A"]),
        "card": (D.choice((name(c), name(c)) for c in deck()), ["Ah"]),
        "suit": (D.choice((s, s.capitalize()) for s in SUIT_NAMES), ["hearts"]),
    }
    odds = v.table("odds")
    bets = []
    for code in CODES:
        if code not in odds:
            continue
        target, example = targets.get(code, ({"kind": "none"}, []))
        bets.append(D.bet(code, payout=str(odds[code]), target=target, example=example))
    return D.assemble(v, bets, kind="cards", rules=["One card is drawn from 52 cards and two Jokers."])
