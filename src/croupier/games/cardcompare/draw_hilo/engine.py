"""Draw HiLo (000 §12.15): will the next card of one deck be higher or lower? K high, A low.

A game deals from a freshly shuffled 52-card deck. After the ANTE the first card is shown; the
player predicts ``higher`` or ``lower`` than the last card. A correct prediction multiplies the
amount at stake by the odds shown at that moment; then the player may ``cash_out`` or predict
again with the winnings riding. A wrong prediction loses it all. A card of the same rank is a push
for the prediction: the amount stays and the player predicts again against it (000 §12.15: after a
tie "the main game may continue"). The optional TIE bet, placed with the ANTE, pays 10:1 if the
card after the first one has the first card's rank (ASSUMPTION: it covers the first prediction).

Odds (not given: "the odd which is on the table"): ASSUMPTION, the total return of a prediction is
``margin * (cards left that are not of the last rank) / (cards left that make it win)`` rounded
down to 0.01; a prediction that cannot win (higher after a King) is not offered. The deck running
out pays the winnings (ASSUMPTION).

Exact analysis: every prediction multiplies the amount at stake by at most ``margin`` in
expectation (pushes only postpone it), so with ``margin <= 1`` cashing out after the first win is
the best play; the walk takes the first two cards by rank (and the pushes) through the engine with
the better prediction. The ANTE's figure is per unit staked under that play.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import floor, lcm
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from croupier.cards import name as card_name
from croupier.cards import rank_of
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import (
    Action,
    BetRequest,
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
    outcome_label,
)
from croupier.games.cardcompare.common import checked_stake, parse_header
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.draw_hilo.describe import describe, display
from croupier.games.cardcompare.fastsim import deal_codes, keyed_simulate, ranks
from croupier.games.cardcompare.fields import (
    Limits,
    need,
    payout,
)
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.money import Payout, apply_ratio, currency

PREDICTIONS: Final = ("higher", "lower")


def value(card: int) -> int:
    """000 §12.15: A lowest (1) ... K highest (13)."""
    r = rank_of(card)
    return 1 if r == 14 else r


@dataclass(frozen=True, slots=True, eq=False)
class DrawHiLoVariant:
    name: str
    title: str
    source: str
    kind: str
    margin: Fraction
    tie: Payout | None
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return ("ante",) + (("tie",) if self.tie is not None else ())


def odds(v: DrawHiLoVariant, shoe: Composition, last: int, guess: str) -> Fraction | None:
    """Total return of ``guess`` against ``last`` now (ASSUMPTION formula), ``None`` if it cannot win."""
    lv = value(last)
    win = sum(n for c, n in shoe.codes() if (value(c) > lv if guess == "higher" else value(c) < lv))
    if win == 0:
        return None
    decisive = sum(n for c, n in shoe.codes() if value(c) != lv)
    return Fraction(floor(v.margin * decisive / win * 100), 100)


@dataclass(frozen=True, slots=True)
class DrawHiLoState:
    variant: DrawHiLoVariant
    currency: str
    ante: int
    tie: int | None
    shoe: Composition
    cards: tuple[int, ...]
    guess: str | None
    price: Fraction | None
    at_stake: int
    wins: int
    settlement: Settlement | None
    events: tuple[Event, ...]


class DrawHiLoEngine:
    game = "draw_hilo"

    def start(self, variant: DrawHiLoVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = ()) -> DrawHiLoState:
        cur = currency(currency_code)
        if carried:
            raise InvalidBet("Draw HiLo carries no bet to the next game")
        ante = tie = None
        for req in bets:
            if not isinstance(req, BetRequest):
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in variant.bet_codes:
                raise UnknownBetCode(f"Draw HiLo has no bet {req.code!r}; bets: {', '.join(variant.bet_codes)}")
            if req.target:
                raise InvalidSelection(f"the {req.code} bet takes no target")
            stake = checked_stake(variant.limits, cur, req.code, req.stake)
            if req.code == "ante":
                if ante is not None:
                    raise InvalidBet("one ANTE a game")
                ante = stake
            else:
                if tie is not None:
                    raise InvalidBet("one TIE bet a game")
                tie = stake
        if ante is None:
            raise InvalidBet("a game needs an ANTE (the TIE bet is optional)")
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name, "currency": cur.code}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        return DrawHiLoState(variant, cur.code, ante, tie, Composition.decks(1), (), None, None,
                             ante, 0, None, events)

    def next_draw(self, state: DrawHiLoState) -> DrawRequest | None:
        if state.settlement is not None or (state.cards and state.guess is None):
            return None
        return DrawRequest("card", state.shoe.size)

    def legal_actions(self, state: DrawHiLoState) -> list[Decision]:
        if state.settlement is not None or not state.cards or state.guess is not None:
            return []
        out = [Decision("cash_out")] if state.wins else []
        last = state.cards[-1]
        out += [Decision(g) for g in PREDICTIONS if odds(state.variant, state.shoe, last, g) is not None]
        return out

    def is_finished(self, state: DrawHiLoState) -> bool:
        return state.settlement is not None

    def apply(self, state: DrawHiLoState, action: Action) -> DrawHiLoState:
        if state.settlement is not None:
            raise RoundFinished("the game is over")
        v = state.variant
        if isinstance(action, Decision):
            if action not in self.legal_actions(state):
                raise IllegalAction(f"{action.name} is not allowed now")
            ev = Event(len(state.events), "decision", {"name": action.name, "args": {}})
            new = replace(state, events=state.events + (ev,))
            if action.name == "cash_out":
                return self._settle(new)
            price = odds(v, state.shoe, state.cards[-1], action.name)
            return replace(new, guess=action.name, price=price)
        if self.next_draw(state) is None:
            raise IllegalAction("a decision is due")
        if not isinstance(action, DrawAction) or action.kind != "card":
            raise IllegalAction("the game waits for a card draw")
        c = state.shoe.card_at(action.value)
        ev = Event(len(state.events), "draw", {"kind": "card", "value": action.value,
                                               "card": card_name(c)})
        new = replace(state, shoe=state.shoe.remove(c), cards=state.cards + (c,), guess=None,
                      price=None, events=state.events + (ev,))
        if state.guess is not None and state.price is not None:
            last = value(state.cards[-1])
            if value(c) == last:
                pass  # a push: the amount stays, predict again against this card
            elif (value(c) > last) == (state.guess == "higher"):
                new = replace(new, at_stake=apply_ratio(state.at_stake, state.price), wins=state.wins + 1)
            else:
                return self._settle(replace(new, at_stake=0))
        if new.shoe.size == 0 or (new.cards and not self.legal_actions(new)):
            return self._settle(new)  # ASSUMPTION: nothing left to predict pays the winnings
        return new

    def _settle(self, state: DrawHiLoState) -> DrawHiLoState:
        v = state.variant
        results = [(0, "ante", state.ante, state.at_stake)]
        if state.tie is not None and v.tie is not None:
            won = len(state.cards) >= 2 and value(state.cards[1]) == value(state.cards[0])
            results.append((1, "tie", state.tie, apply_ratio(state.tie, v.tie.total) if won else 0))
        lim = v.limits.get(state.currency)
        events = list(state.events)
        events.append(Event(len(events), "result", {"cards": [card_name(c) for c in state.cards],
                                                    "wins": state.wins}))
        out = []
        for bet_id, code, stake, returned in results:
            if lim is not None and lim.max_win is not None:
                returned = min(returned, stake + lim.max_win)
            tag = outcome_label(stake, returned)
            out.append(BetResult(bet_id, code, stake, returned, tag))
            events.append(Event(len(events), "bet_settled", {"bet_id": bet_id, "returned": returned,
                                                             "outcome": tag}))
        s = Settlement(state.currency, tuple(out))
        events.append(Event(len(events), "round_settled", {"total_stake": s.total_stake,
                                                           "total_returned": s.total_returned}))
        return replace(state, settlement=s, events=tuple(events))

    def settle(self, state: DrawHiLoState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the game is not over")
        return state.settlement


ENGINE = DrawHiLoEngine()

_TOP: Final = {"game", "title", "source", "kind", "margin", "tie", "limits", "paytable_assumed",
               "admission", "assumptions"}


def parse_variant(data: Mapping[str, Any], name: str) -> DrawHiLoVariant:
    where = f"draw_hilo/{name}.toml"
    head = parse_header(data, "draw_hilo", where, _TOP)
    try:
        margin = Fraction(str(need(data, "margin", where)))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}.margin: not an exact number") from None
    if not 0 < margin <= 1:
        raise VariantError(f"{where}.margin: must be in (0, 1] (the exact walk relies on it)")
    return DrawHiLoVariant(
        name=name, **head, margin=margin,
        tie=payout(data["tie"], f"{where}.tie") if "tie" in data else None,
    )


STAKE = 100_000


def _deal_value(state: DrawHiLoState, val: int) -> DrawHiLoState:
    code = next(c for c, _ in state.shoe.codes() if value(c) == val)
    return ENGINE.apply(state, DrawAction("card", state.shoe.index_of(code)))


Points = dict[tuple[Fraction, Fraction | None], Fraction]


def _after_guess(state: DrawHiLoState) -> Points:
    """Deal the next card(s) after a prediction, cashing out at the first win."""
    out: Points = defaultdict(Fraction)
    counts: dict[int, int] = defaultdict(int)
    for c, n in state.shoe.codes():
        counts[value(c)] += n
    size = state.shoe.size
    for val, n in counts.items():
        s = _deal_value(state, val)
        w = Fraction(n, size)
        if not ENGINE.is_finished(s):
            legal = ENGINE.legal_actions(s)
            if Decision("cash_out") in legal:
                s = ENGINE.apply(s, Decision("cash_out"))
            else:  # a push: predict again, the better way
                for k, p in _best_guess(s).items():
                    out[k] += w * p
                continue
        out[_returns(s)] += w
    return out


def _best_guess(state: DrawHiLoState) -> Points:
    options = [_after_guess(ENGINE.apply(state, d)) for d in ENGINE.legal_actions(state)
               if d.name != "cash_out"]
    return max(options, key=lambda pts: sum(p * r for (r, _), p in pts.items()))


def _returns(state: DrawHiLoState) -> tuple[Fraction, Fraction | None]:
    s = ENGINE.settle(state)
    ante = Fraction(s.bets[0].returned, s.bets[0].stake)
    tie = Fraction(s.bets[1].returned, s.bets[1].stake) if len(s.bets) > 1 else None
    return ante, tie


def walk(v: DrawHiLoVariant) -> Points:
    bets = [BetRequest("ante", STAKE)]
    if v.tie is not None:
        bets.append(BetRequest("tie", lcm(1, v.tie.total.denominator)))
    start = ENGINE.start(v, bets, "XXX")
    out: Points = defaultdict(Fraction)
    for val in range(1, 14):
        s = _deal_value(start, val)
        for k, p in _best_guess(s).items():
            out[k] += Fraction(1, 13) * p
    return out


def exact(v: DrawHiLoVariant) -> list[BetRTP]:
    pts = walk(v)
    ante: dict[Fraction, Fraction] = defaultdict(Fraction)
    tie: dict[Fraction, Fraction] = defaultdict(Fraction)
    for (a, t), p in pts.items():
        ante[a] += p
        if t is not None:
            tie[t] += p
    out = [summarize("ante", [Distribution.of((p, r) for r, p in ante.items())],
                     note=f"cash out at the first win, the better prediction; stake {STAKE}")]
    if tie:
        out.append(summarize("tie", [Distribution.of((p, r) for r, p in tie.items())]))
    return out


def best_prediction(state: DrawHiLoState, legal: list[Decision]) -> Decision:
    """The prediction with the larger expected return (pushes only postpone it), as the walk."""
    v = state.variant
    last = state.cards[-1]
    lv = value(last)
    decisive = sum(n for c, n in state.shoe.codes() if value(c) != lv)

    def ev(d: Decision) -> Fraction:
        price = odds(v, state.shoe, last, d.name)
        win = sum(n for c, n in state.shoe.codes()
                  if (value(c) > lv if d.name == "higher" else value(c) < lv))
        return Fraction(0) if price is None else Fraction(win, decisive) * price

    return max((d for d in legal if d.name != "cash_out"), key=ev)


def _bets(v: DrawHiLoVariant) -> list[BetRequest]:
    return [BetRequest("ante", STAKE)] + ([BetRequest("tie", STAKE)] if v.tie is not None else [])


def play_row(v: DrawHiLoVariant, row: Sequence[float]) -> list[float]:
    """One game through the engine on the draws ``int(row[j] * cards left)`` (the row reused
    cyclically), predicting the likelier way and cashing out at the first win: per-bet returns."""
    state = ENGINE.start(v, _bets(v), "XXX")
    k = 0
    while state.settlement is None:
        if ENGINE.next_draw(state) is None:
            legal = ENGINE.legal_actions(state)
            d = Decision("cash_out") if Decision("cash_out") in legal else best_prediction(state, legal)
            state = ENGINE.apply(state, d)
            continue
        state = ENGINE.apply(state, DrawAction("card", int(row[k % len(row)] * state.shoe.size)))
        k += 1
    return [b.returned / b.stake for b in state.settlement.bets]


def row_keys(v: DrawHiLoVariant, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """The first card's value, the pushes after it (cards of that value, at most 3 in one deck)
    and the value of the card that decides: all the play above depends on."""
    r = ranks(deal_codes(np.asarray(Composition.decks(1).counts, dtype=np.int64), u))
    vals = np.where(r == 14, 1, r)
    pushes = np.cumprod(vals[:, 1:5] == vals[:, :1], axis=1).sum(axis=1)
    decisive = vals[np.arange(len(vals)), 1 + pushes]
    out: npt.NDArray[np.int64] = (vals[:, 0] * 4 + pushes) * 16 + decisive
    return out


def simulate(v: DrawHiLoVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """Games through the engine, predicting the likelier way and cashing out at the first win;
    vectorised (:mod:`~croupier.games.cardcompare.fastsim`), the returns from the engine."""
    return keyed_simulate(list(v.bet_codes), 5, lambda u: row_keys(v, u), lambda row: play_row(v, row),
                          rounds, seed, progress)


def _parse(data: dict[str, Any], name: str) -> DrawHiLoVariant:
    return parse_variant(data, name)


def _simulate(v: DrawHiLoVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


GAME = GameSpec("draw_hilo", "Draw HiLo", ENGINE, _parse, exact, _simulate,
                lambda v, cur: [BetRequest(c, 100) for c in v.bet_codes],
                describe=describe, display=display)

__all__ = ["ENGINE", "GAME", "DrawHiLoEngine", "DrawHiLoState", "DrawHiLoVariant", "odds",
           "play_row", "row_keys", "value"]
