"""Mega Ball describes itself (docs/describe.md): one bet, ``card`` (a 5x5 card's 24 numbers),
and a draw as a ``balls`` view with the Mega Balls and their multipliers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.draws.megaball.cards import CELLS
from croupier.games.draws.megaball.variant import MegaBallVariant


def describe(variant: MegaBallVariant) -> dict[str, Any]:
    d = variant.draw
    target = {"kind": "numbers", "count": CELLS, "choices": list(d.numbers), "layout": "5x5, free centre"}
    bets = [D.bet("card", label="Card", group="cards", payout=variant.payouts["card"], target=target,
                  example=list(d.numbers)[:CELLS])]
    s = variant.schedule
    ms = ", ".join(f"x{m}" for m, _w in variant.multipliers)
    rules = [
        f"Buy 1 to {variant.max_cards} cards at one bet value; each card holds {CELLS} numbers of "
        f"{d.first}-{d.last} and a free centre (000 §12.43).",
        f"{d.drawn} balls are drawn; each completed row, column or diagonal is a line; a card "
        f"returns bet x " + ", ".join(f"{i + 1}: x{p}" for i, p in enumerate(variant.line_pays))
        + " for its lines.",
        f"Then one or two Mega Ball rounds: a multiplier ({ms}) and one more ball; a Mega Ball "
        "completing a line on a card adds bet x the multiplier, once per card.",
        f"A draw every {s.every_seconds} s; tickets close {s.cutoff_seconds} s before; one ticket "
        f"may play the next 1 to {s.max_draws} draws.",
    ]
    return D.assemble(variant, bets, kind="balls", rules=rules,
                      outcome={"balls": d.balls, "drawn": d.drawn, "first": d.first,
                               "card_choices": list(variant.card_choices), "max_cards": variant.max_cards})


def display(_variant: MegaBallVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    balls = [int(b) for b in outcome.get("balls", [])]
    megas = [dict(m) for m in outcome.get("mega_balls", [])]
    mega_text = ", ".join(f"Mega Ball {m.get('ball')} x{m.get('multiplier')}" for m in megas)
    head = "Drawn: " + " ".join(str(b) for b in balls)
    return {"kind": "balls", "drawn": balls, "mega_balls": megas,
            "headline": head + (f"; {mega_text}" if mega_text else "")}
