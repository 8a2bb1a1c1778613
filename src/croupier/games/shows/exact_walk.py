"""The exact walker (method 2 of the showsb games' RTP): drive the engine itself over every value of
every chance step, each with probability 1/n, and decisions by a documented rule, collecting the
exact distribution of the settlement's returns in Fraction.

The tree of a bonus game is large but has few distinct futures: an engine may offer
``walk_key(state)`` (what decides the rest of the round, without its history) to share them, and
``determined(state)`` (no draw left changes any return) to follow one branch of the draws that
only reveal the rest of a board. Engine enumeration on small boards checks both hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any

from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.maths import Distribution

Returns = tuple[int, ...]
Decide = Callable[[Any, list[Decision]], Decision]


def walk(engine: Any, variant: Any, bets: Sequence[BetRequest], decide: Decide | None = None,
         currency: str = "XXX", memo: bool = True) -> dict[Returns, Fraction]:
    """The exact distribution of the returns of ``bets`` (one entry per bet, in order)."""
    key_of: Callable[[Any], Hashable] | None = getattr(engine, "walk_key", None) if memo else None
    determined: Callable[[Any], bool] | None = getattr(engine, "determined", None) if memo else None
    seen: dict[Hashable, dict[Returns, Fraction]] = {}

    def go(state: Any) -> dict[Returns, Fraction]:
        if engine.is_finished(state):
            return {tuple(b.returned for b in engine.settle(state).bets): Fraction(1)}
        key = key_of(state) if key_of is not None else None
        if key is not None and key in seen:
            return seen[key]
        req = engine.next_draw(state)
        if req is None:
            legal = engine.legal_actions(state)
            if decide is None:
                raise ValueError("the round waits for a decision and no rule was given")
            out = go(engine.apply(state, decide(state, legal)))
        elif determined is not None and determined(state):
            out = go(engine.apply(state, DrawAction(req.kind, 0)))
        else:
            out = {}
            share = Fraction(1, req.n)
            for value in range(req.n):
                for r, p in go(engine.apply(state, DrawAction(req.kind, value))).items():
                    out[r] = out.get(r, Fraction(0)) + share * p
        if key is not None:
            seen[key] = out
        return out

    return go(engine.start(variant, list(bets), currency))


def stake_and_return(engine: Any, variant: Any, bets: Sequence[BetRequest], decide: Decide | None = None,
                     currency: str = "XXX") -> tuple[Fraction, Fraction]:
    """The exact expected total stake and total return of a round (minor units), from the
    engine's own settlements: a round whose decisions add stakes (Deal or No Deal's top-up
    spins) states its RTP per unit of total stake as ``E[return] / E[stake]``."""
    def go(state: Any) -> tuple[Fraction, Fraction]:
        if engine.is_finished(state):
            s = engine.settle(state)
            return Fraction(s.total_stake), Fraction(s.total_returned)
        req = engine.next_draw(state)
        if req is None:
            if decide is None:
                raise ValueError("the round waits for a decision and no rule was given")
            return go(engine.apply(state, decide(state, engine.legal_actions(state))))
        stake = ret = Fraction(0)
        for value in range(req.n):
            a, b = go(engine.apply(state, DrawAction(req.kind, value)))
            stake += a
            ret += b
        return stake / req.n, ret / req.n

    return go(engine.start(variant, list(bets), currency))


def bet_distribution(engine: Any, variant: Any, code: str, decide: Decide | None = None,
                     stake: int = 1, memo: bool = True) -> Distribution:
    """Total return per unit staked of one bet of ``stake`` on ``code``, played alone."""
    d = walk(engine, variant, [BetRequest(code, stake)], decide, memo=memo)
    return Distribution.of((p, Fraction(r[0], stake)) for r, p in d.items())


def close_at_once(_state: Any, legal: list[Decision]) -> Decision:
    """The documented default of a decision window: nobody answers, the RNG picks (000 §12.31)."""
    return next(d for d in legal if d.name == "close_picks")
