"""Deal or No Deal Live (000 §12.28): a qualifying spin of the vault, then 16 briefcases, the
banker's offers and the player's Deal / No Deal / Switch. See ``show.py`` for the rules and
``exact.py`` for the maths; docs/shows.md for the assumptions."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.maths import BetRTP
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.shows.deal_or_no_deal import vecsim as sim
from croupier.games.shows.deal_or_no_deal.describe import describe, display
from croupier.games.shows.deal_or_no_deal.engine import DondEngine
from croupier.games.shows.deal_or_no_deal.exact import (
    bet_figures,
    closed_form_never_deal,
    never_deal,
    prize_law,
    top_up_figures,
)
from croupier.games.shows.deal_or_no_deal.show import SHOW, DondVariant, parse_variant

ENGINE = DondEngine(SHOW)

#: the decision rule the reported RTP assumes (the timer's default, and the best one)
RULE_NOTE = "rule: never deal (the best rule and the timer's default; the RTP depends on the answers, see the par sheet)"


def _parse(data: dict[str, Any], name: str) -> DondVariant:
    return parse_variant(data, name)


def exact(v: DondVariant) -> list[BetRTP]:
    return bet_figures(v, prize_law(v, never_deal), RULE_NOTE) + top_up_figures(v)


def simulate(v: DondVariant, rounds: int, seed: int, progress: ProgressFn | None = None) -> list[SimBet]:
    return sim.simulate(v, rounds, seed, progress)


def demo_bets(v: DondVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    return [BetRequest("spin", stake)]


GAME = GameSpec("deal_or_no_deal", "Deal or No Deal Live", ENGINE, _parse, exact, simulate, demo_bets,
                describe=describe, display=display)

__all__ = ["ENGINE", "GAME", "SHOW", "DondVariant", "closed_form_never_deal"]
