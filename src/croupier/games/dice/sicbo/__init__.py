"""Sic Bo, Super Sic Bo and Mega Sic Bo (000 §12.25): one game, three rule sets as variant data."""

from __future__ import annotations

from croupier.games.dice.rolled.spec import describe_of, game_spec
from croupier.games.dice.rolled.variant import DiceVariant
from croupier.games.dice.sicbo.rules import GROUPS, LABELS, SicBoRules

RULES = SicBoRules()


def _rules_lines(v: DiceVariant) -> list[str]:
    o = v.options
    return ["Three dice; Small is 4-10 and Big 11-17"
            + (", both losing on any triple." if o["small_big_lose_on_triple"] else "."),
            "A specific pair " + ("also wins once on a triple of its number."
                                  if o["pair_wins_on_triple"] else "loses on a triple."),
            "A Total bet " + ("wins on a triple that makes it." if o["total_wins_on_triple"]
                              else "loses on a triple.")]


GAME = game_spec(RULES, describe_of(RULES, GROUPS, LABELS, _rules_lines))

__all__ = ["GAME", "RULES"]
