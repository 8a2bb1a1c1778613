"""Top Card Trump (000 §12.16) and Top Card Trumps (001 §9.4): casino war with war on ties."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.fastsim import deal_codes, keyed_simulate, ranks
from croupier.games.cardcompare.top_card.describe import describe, display
from croupier.games.cardcompare.top_card.engine import ENGINE, TopCardEngine, TopCardState
from croupier.games.cardcompare.top_card.exact import exact
from croupier.games.cardcompare.top_card.variant import TopCardVariant, parse_variant
from croupier.games.registry import GameSpec, ProgressFn, SimBet


def _parse(data: dict[str, Any], name: str) -> TopCardVariant:
    return parse_variant(data, name)


def always_war(state: TopCardState, legal: list[Decision]) -> Decision:
    return next(d for d in legal if d.name == "war")


def _bets(v: TopCardVariant) -> list[BetRequest]:
    bets = [BetRequest("ante", 2, (v.middle,) if v.hands > 1 else ())]
    if "tie" in v.payouts:
        bets.append(BetRequest("tie", 1))
    return bets


def play_row(v: TopCardVariant, row: Sequence[float]) -> list[float]:
    """One round through the engine with war on every tie, on the draws ``int(row[j] * cards
    left)`` (the row reused cyclically if a round outlasts it): the ANTE per initial wager and
    the TIE bet per unit."""
    state = ENGINE.start(v, _bets(v), "XXX")
    k = 0
    while state.settlement is None:
        if ENGINE.next_draw(state) is None:
            state = ENGINE.apply(state, always_war(state, ENGINE.legal_actions(state)))
            continue
        state = ENGINE.apply(state, DrawAction("card", int(row[k % len(row)] * state.shoe.size)))
        k += 1
    ante = sum(b.returned - (b.stake if b.code == "raise" else 0)
               for b in state.settlement.bets if b.code != "tie") / 2
    tie = sum(b.returned for b in state.settlement.bets if b.code == "tie")
    return [ante, tie][:len(v.bet_codes)]


def draws(v: TopCardVariant) -> int:
    """Draws a key looks at: the first deal and two wars (burn cards and two cards each)."""
    return 2 + 2 * (v.burn + 2)


def row_keys(v: TopCardVariant, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """The ranks that decide a round with war on every tie and one ANTE: the first two cards,
    the war's two cards after a tie, a repeated war's after a tie in the war (``repeat``);
    a third tie is left to the engine (negative key)."""
    if u.shape[1] < draws(v):
        raise ValueError(f"a Top Card round key needs {draws(v)} draws, got {u.shape[1]}")
    r = ranks(deal_codes(np.asarray(Composition.decks(v.decks).counts, dtype=np.int64), u))
    b = 1 + v.burn
    tie1 = r[:, 0] == r[:, 1]
    tie2 = tie1 & (r[:, b + 1] == r[:, b + 2]) & (v.war_tie == "repeat")
    tie3 = tie2 & (r[:, 2 * b + 2] == r[:, 2 * b + 3])
    key = (r[:, 0] * 16 + r[:, 1]
           + tie1 * 256 * (1 + r[:, b + 1] * 16 + r[:, b + 2])
           + tie2 * 256 * 257 * (1 + r[:, 2 * b + 2] * 16 + r[:, 2 * b + 3]))
    out: npt.NDArray[np.int64] = np.where(tie3, -1, key)
    return out


def simulate(v: TopCardVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """War on every tie; per initial wager, as :func:`exact`. Vectorised
    (:mod:`~croupier.games.cardcompare.fastsim`), the returns from the engine."""
    return keyed_simulate(list(v.bet_codes), draws(v), lambda u: row_keys(v, u),
                          lambda row: play_row(v, row), rounds, seed, progress)


def _simulate(v: TopCardVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


def demo_bets(v: TopCardVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    out = [BetRequest("ante", stake, (v.middle,) if v.hands > 1 else ())]
    if "tie" in v.payouts:
        out.append(BetRequest("tie", stake))
    return out


GAME = GameSpec("top_card", "Top Card Trump(s) / casino war", ENGINE, _parse, exact, _simulate,
                demo_bets, describe=describe, display=display)

__all__ = ["ENGINE", "GAME", "TopCardEngine", "TopCardState", "TopCardVariant", "always_war", "play_row",
           "row_keys"]
