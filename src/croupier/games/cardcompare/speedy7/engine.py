"""Speedy 7 (000 §12.37): predict the colour of seven cards opened one by one from one deck.

A game opens 7 cards of a freshly shuffled 52-card deck. The player predicts the colour of the next
card (``red`` or ``black``, the bet's code, for the first card). A correct prediction multiplies
the amount at stake by the colour's odds at that moment; the player may then ``cash_out`` (the
winnings are paid) or predict the next card (``red``/``black``) with the winnings riding
(ASSUMPTION of the extract: a ladder). A wrong prediction loses everything at stake. The 4-card
bonus (the initial stake) is credited at the 4th consecutive correct prediction and the 7-card
bonus (14 x the initial stake) when all 7 are correct; a cash-out ends the game, so it forfeits the
bonuses not yet reached (000 §12.37: both require that the player does not cash out).

Odds (not given: "updated odds"): ASSUMPTION, the total return for a colour with ``c`` of the
``n`` remaining cards is ``margin * n / c`` rounded down to 0.01 (``margin`` is variant data);
a colour with no card left is not offered.

Exact analysis: the colour of each card is all that matters, so the 7 cards are walked by colour
through the engine, with the best decision at every step (expectimax: cash out, red or black);
the figure is per initial stake.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import floor
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from croupier.cards import name as card_name
from croupier.cards import suit_of
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
from croupier.games.cardcompare.fastsim import deal_codes, keyed_simulate
from croupier.games.cardcompare.fields import (
    Limits,
    integer,
    need,
)
from croupier.games.cardcompare.speedy7.describe import describe, display
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.money import apply_ratio, currency

COLOURS: Final = ("red", "black")


def colour(card: int) -> str:
    return "red" if suit_of(card) in (1, 2) else "black"


@dataclass(frozen=True, slots=True, eq=False)
class Speedy7Variant:
    name: str
    title: str
    source: str
    kind: str
    cards: int                 # cards opened in a game
    margin: Fraction
    bonus_streak: int          # consecutive wins for the streak bonus
    bonus_streak_pays: Fraction  # x initial stake
    bonus_all_pays: Fraction     # x initial stake when every card was predicted
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())
    bet_codes: tuple[str, ...] = ("colour",)


def odds(v: Speedy7Variant, shoe: Composition, c: str) -> Fraction | None:
    """Total return for colour ``c`` now, or ``None`` if no card of it is left (ASSUMPTION)."""
    n = shoe.size
    k = sum(cnt for code, cnt in shoe.codes() if colour(code) == c)
    if k == 0:
        return None
    return Fraction(floor(v.margin * n / k * 100), 100)


@dataclass(frozen=True, slots=True)
class Speedy7State:
    variant: Speedy7Variant
    currency: str
    stake: int
    shoe: Composition
    opened: tuple[int, ...]
    guess: str | None          # the colour predicted for the next card (None: decision due)
    at_stake: int              # winnings riding (minor units)
    streak: int
    bonus: int
    cashed: bool
    settlement: Settlement | None
    events: tuple[Event, ...]


class Speedy7Engine:
    game = "speedy7"

    def start(self, variant: Speedy7Variant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = ()) -> Speedy7State:
        cur = currency(currency_code)
        if carried or len(bets) != 1:
            raise InvalidBet("a Speedy 7 game takes one bet: the colour of the first card (000 §12.37)")
        req = bets[0]
        if not isinstance(req, BetRequest):
            raise InvalidBet(f"{req!r} is not a bet")
        if req.code not in COLOURS:
            raise UnknownBetCode(f"Speedy 7 bets are red or black, not {req.code!r}")
        if req.target:
            raise InvalidSelection("a colour bet takes no target")
        stake = checked_stake(variant.limits, cur, req.code, req.stake)
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name, "currency": cur.code}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        return Speedy7State(variant, cur.code, stake, Composition.decks(1), (), req.code, stake, 0,
                            0, False, None, events)

    def next_draw(self, state: Speedy7State) -> DrawRequest | None:
        if state.settlement is not None or state.guess is None:
            return None
        return DrawRequest("card", state.shoe.size)

    def legal_actions(self, state: Speedy7State) -> list[Decision]:
        if state.settlement is not None or state.guess is not None:
            return []
        out = [Decision("cash_out")]
        out += [Decision(c) for c in COLOURS if odds(state.variant, state.shoe, c) is not None]
        return out

    def is_finished(self, state: Speedy7State) -> bool:
        return state.settlement is not None

    def apply(self, state: Speedy7State, action: Action) -> Speedy7State:
        if state.settlement is not None:
            raise RoundFinished("the game is over")
        if isinstance(action, Decision):
            if action not in self.legal_actions(state):
                raise IllegalAction(f"{action.name} is not allowed now")
            ev = Event(len(state.events), "decision", {"name": action.name, "args": {}})
            new = replace(state, events=state.events + (ev,))
            if action.name == "cash_out":
                return self._settle(replace(new, cashed=True))
            return replace(new, guess=action.name)
        if self.next_draw(state) is None:
            raise IllegalAction("a decision is due: cash_out, red or black")
        if not isinstance(action, DrawAction) or action.kind != "card":
            raise IllegalAction("the game waits for a card draw")
        v = state.variant
        guess = state.guess
        price = odds(v, state.shoe, guess) if guess is not None else None
        if price is None:  # pragma: no cover - only offered colours can be guessed
            raise IllegalAction("no card of that colour is left")
        c = state.shoe.card_at(action.value)
        ev = Event(len(state.events), "draw", {"kind": "card", "value": action.value,
                                               "card": card_name(c), "guess": guess,
                                               "odds": str(price)})
        new = replace(state, shoe=state.shoe.remove(c), opened=state.opened + (c,), guess=None,
                      events=state.events + (ev,))
        if colour(c) != guess:
            return self._settle(replace(new, at_stake=0))
        streak = state.streak + 1
        bonus = state.bonus
        if streak == v.bonus_streak:
            bonus += apply_ratio(state.stake, v.bonus_streak_pays)
        if streak == v.cards:
            bonus += apply_ratio(state.stake, v.bonus_all_pays)
        new = replace(new, at_stake=apply_ratio(state.at_stake, price), streak=streak, bonus=bonus)
        return self._settle(new) if len(new.opened) == v.cards else new

    def _settle(self, state: Speedy7State) -> Speedy7State:
        returned = state.at_stake + state.bonus
        lim = state.variant.limits.get(state.currency)
        if lim is not None and lim.max_win is not None:
            returned = min(returned, state.stake + lim.max_win)
        tag = outcome_label(state.stake, returned)
        events = list(state.events)
        events.append(Event(len(events), "result", {
            "cards": [card_name(c) for c in state.opened], "streak": state.streak,
            "cashed_out": state.cashed, "bonus": state.bonus}))
        events.append(Event(len(events), "bet_settled", {"bet_id": 0, "returned": returned, "outcome": tag}))
        s = Settlement(state.currency, (BetResult(0, "colour", state.stake, returned, tag),))
        events.append(Event(len(events), "round_settled", {"total_stake": s.total_stake,
                                                           "total_returned": s.total_returned}))
        return replace(state, settlement=s, events=tuple(events))

    def settle(self, state: Speedy7State) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the game is not over")
        return state.settlement


ENGINE = Speedy7Engine()

_TOP: Final = {"game", "title", "source", "kind", "cards", "margin", "bonus_streak",
               "bonus_streak_pays", "bonus_all_pays", "limits", "paytable_assumed", "admission",
               "assumptions"}


def parse_variant(data: Mapping[str, Any], name: str) -> Speedy7Variant:
    where = f"speedy7/{name}.toml"
    head = parse_header(data, "speedy7", where, _TOP)

    def frac(key: str) -> Fraction:
        try:
            f = Fraction(str(need(data, key, where)))
        except (ValueError, ZeroDivisionError):
            raise VariantError(f"{where}.{key}: not an exact number") from None
        if f < 0:
            raise VariantError(f"{where}.{key}: must not be negative")
        return f

    margin = frac("margin")
    if not 0 < margin <= 1:
        raise VariantError(f"{where}.margin: must be in (0, 1]")
    cards = integer(data.get("cards", 7), f"{where}.cards", 1, 52)
    return Speedy7Variant(
        name=name, **head, cards=cards, margin=margin,
        bonus_streak=integer(data.get("bonus_streak", 4), f"{where}.bonus_streak", 1, cards),
        bonus_streak_pays=frac("bonus_streak_pays"), bonus_all_pays=frac("bonus_all_pays"),
    )


STAKE = 100_000  # minor units for the exact walk: large, so rounding down is the engine's own


def _deal_colour(state: Speedy7State, c: str) -> Speedy7State:
    code = next(x for x, _ in state.shoe.codes() if colour(x) == c)
    return ENGINE.apply(state, DrawAction("card", state.shoe.index_of(code)))


Points = dict[Fraction, Fraction]


def _value(state: Speedy7State) -> Points:
    """The return distribution (per initial stake) of the best play from ``state``."""
    if state.settlement is not None:
        return {Fraction(state.settlement.bets[0].returned, state.stake): Fraction(1)}
    if state.guess is not None:
        out: Points = defaultdict(Fraction)
        n = state.shoe.size
        for c in COLOURS:
            k = sum(cnt for x, cnt in state.shoe.codes() if colour(x) == c)
            if k:
                for r, p in _value(_deal_colour(state, c)).items():
                    out[r] += p * Fraction(k, n)
        return out
    options = [_value(ENGINE.apply(state, d)) for d in ENGINE.legal_actions(state)]
    return max(options, key=lambda pts: sum(p * r for r, p in pts.items()))


def exact(v: Speedy7Variant) -> list[BetRTP]:
    pts: Points = defaultdict(Fraction)
    for first in COLOURS:  # the first prediction is the bet; take the better (they are equal)
        cand = _value(ENGINE.start(v, [BetRequest(first, STAKE)], "XXX"))
        if sum(p * r for r, p in cand.items()) > sum(p * r for r, p in pts.items()):
            pts = defaultdict(Fraction, cand)
    return [summarize("colour", [Distribution.of((p, r) for r, p in pts.items())],
                      note="per initial stake, best play (cash out or ride) at every step")]


def best_decision(state: Speedy7State) -> Decision:
    legal = ENGINE.legal_actions(state)
    return max(legal, key=lambda d: sum(p * r for r, p in _value(ENGINE.apply(state, d)).items()))




def play_row(v: Speedy7Variant, row: Sequence[float],
             plan: dict[tuple[int, ...], Decision] | None = None) -> list[float]:
    """One game through the engine on the draws ``int(row[j] * cards left)``, deciding with
    :func:`best_decision` (``plan`` caches it by the colours opened): return per initial stake."""
    plan = {} if plan is None else plan
    state = ENGINE.start(v, [BetRequest("red", STAKE)], "XXX")
    k = 0
    while state.settlement is None:
        if ENGINE.next_draw(state) is None:
            key = tuple(1 if colour(c) == "red" else 0 for c in state.opened)
            d = plan.get(key)
            if d is None:
                d = plan[key] = best_decision(state)
            state = ENGINE.apply(state, d)
            continue
        state = ENGINE.apply(state, DrawAction("card", int(row[k] * state.shoe.size)))
        k += 1
    return [state.settlement.bets[0].returned / STAKE]


def row_keys(v: Speedy7Variant, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """The colours of the cards opened (one bit each): the odds and decisions depend on no more."""
    codes = deal_codes(np.asarray(Composition.decks(1).counts, dtype=np.int64), u)
    red = ((codes & 3) == 1) | ((codes & 3) == 2)
    out: npt.NDArray[np.int64] = (red.astype(np.int64) << np.arange(u.shape[1])).sum(axis=1)
    return out


def simulate(v: Speedy7Variant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """Vectorised (:mod:`~croupier.games.cardcompare.fastsim`), the returns from the engine."""
    plan: dict[tuple[int, ...], Decision] = {}
    return keyed_simulate(["colour"], v.cards, lambda u: row_keys(v, u),
                          lambda row: play_row(v, row, plan), rounds, seed, progress)


def _parse(data: dict[str, Any], name: str) -> Speedy7Variant:
    return parse_variant(data, name)


def _simulate(v: Speedy7Variant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


GAME = GameSpec("speedy7", "Speedy 7", ENGINE, _parse, exact, _simulate,
                lambda v, cur: [BetRequest("red", 100)],
                describe=describe, display=display)

__all__ = ["ENGINE", "GAME", "Speedy7Engine", "Speedy7State", "Speedy7Variant", "colour", "odds",
           "play_row", "row_keys"]
