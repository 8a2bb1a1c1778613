"""War of Bets (000 §12.39): one card to the Player, then one to the Dealer; 25 predictions.

Ranks 2 < ... < 10 < J < Q < K < A; equal ranks are "War". Two betting rounds (000 §12.39 flow):

1. before any card, every one of the 25 bets at the odds of ``[payouts]``;
2. once the Player's card is face up and until the Dealer's card is drawn, ``bet`` decisions
   (``Decision("bet", {"code": c, "stake": n})``) on the *second draw*: the result bets
   (``dealer_wins``, ``player_wins``, ``war``) at the odds ``[second_round.<code>]`` gives for the
   Player's card's rank (a rank left out: the bet is not offered then) and the Dealer's card bets at
   their ``[payouts]`` odds (ASSUMPTION: only Dealer and result bets are open in round 2, as the
   extract reads it). A second-round bet settles as ``second_<code>``.

The second betting window is the table's to close (the live game closes it on a timer): the
engine takes round-2 bets while the Dealer's card is the chance step it waits for, so a round
without round-2 bets runs exactly as before (``play`` draws at once).

Exact analysis: the round-1 bets by the generic walk over both cards; a round-2 bet by the engine
for every Player's card, as the bet a player makes whenever it is offered (its figure is the mean
over the Player's cards on which it is offered; ``rtp_max`` is the highest per-card figure).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from math import lcm
from typing import Any, Final

import numpy as np

from croupier.cards import rank_of, suit_of
from croupier.cards.card import RANK_CHARS
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    RoundFinished,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import Action, BetRequest, Decision, DrawAction, Event
from croupier.games.cardcompare.common import checked_stake
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.dealt import (
    DealEngine,
    DealRules,
    Dealt,
    DealtState,
    DealtVariant,
    PlacedBet,
    distributions,
    parse_variant,
    unit_stake,
)
from croupier.games.cardcompare.fastsim import deal_codes, keyed_simulate
from croupier.games.cardcompare.fields import payout
from croupier.games.describe import bet as describe_bet
from croupier.games.describe import group, label_of, paytable_of
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.money import Payout, currency

SUITS: Final = ("clubs", "diamonds", "hearts", "spades")  # card suits 0..3
PROPS: Final = ("red", "black", *SUITS, "8", "under_8", "over_8", "picture", "ace_or_number")
RESULTS: Final = ("dealer_wins", "player_wins", "war")
CODES: Final = (*RESULTS, *(f"{who}_{p}" for who in ("dealer", "player") for p in PROPS))
#: the bets open in the second betting round (000 §12.39 step 3; ASSUMPTION: no Player's card bet)
SECOND: Final = (*RESULTS, *(f"dealer_{p}" for p in PROPS))
PREFIX: Final = "second_"
_RANK_BY_CHAR: Final = {ch: r for r, ch in RANK_CHARS.items()} | {"10": 10}


def holds(prop: str, card: int) -> bool:
    """000 §12.39 rows 4-25 for one card (ASSUMPTION: "score" is the rank order, J-A over 8)."""
    r, s = rank_of(card), suit_of(card)
    if prop == "red":
        return s in (1, 2)
    if prop == "black":
        return s in (0, 3)
    if prop in SUITS:
        return s == SUITS.index(prop)
    if prop == "8":
        return r == 8
    if prop == "under_8":
        return r < 8
    if prop == "over_8":
        return r > 8
    if prop == "picture":
        return r in (11, 12, 13)
    return r == 14 or r <= 10  # ace or number


def wins(code: str, player: int, dealer: int) -> bool:
    """Whether a bet (either round; ``code`` without the ``second_`` prefix) wins."""
    pr, dr = rank_of(player), rank_of(dealer)
    if code == "dealer_wins":
        return dr > pr
    if code == "player_wins":
        return pr > dr  # ASSUMPTION: Player/Dealer bets lose on a War
    if code == "war":
        return pr == dr
    who, prop = code.split("_", 1)
    return holds(prop, dealer if who == "dealer" else player)


@dataclass(frozen=True, slots=True, eq=False)
class WarOfBetsVariant(DealtVariant):
    """A War of Bets rule set: ``second_round[code][player_rank]`` are the round-2 result odds."""

    second_round: Mapping[str, Mapping[int, Payout]] = field(default_factory=dict)


def second_odds(v: DealtVariant, code: str, player: int) -> Payout | None:
    """The odds of a round-2 bet once the Player's card is known, or ``None`` if not offered."""
    if code in RESULTS:
        table = v.second_round.get(code, {}) if isinstance(v, WarOfBetsVariant) else {}
        return table.get(rank_of(player))
    if code in SECOND:
        return v.payouts.get(code)
    return None


def offered_second(v: DealtVariant, player: int) -> tuple[str, ...]:
    return tuple(c for c in SECOND if second_odds(v, c, player) is not None)


class WarOfBetsRules(DealRules):
    game = "war_of_bets"
    title = "War of Bets"
    codes = CODES
    groups = {"main": RESULTS, "dealer": tuple(f"dealer_{p}" for p in PROPS),
              "player": tuple(f"player_{p}" for p in PROPS)}

    def describe(self, v: DealtVariant) -> dict[str, Any]:
        """The first round's bets on the layout, then the second round's (placed by the table's
        second betting window, at odds that depend on the Player's card)."""
        out = super().describe(v)
        offered = {c for r in range(2, 15) for c in offered_second(v, r)}
        for code in (c for c in SECOND if c in offered):
            out["bets"].append(describe_bet(
                PREFIX + code, label=f"Second round: {label_of(code).lower()}", group="second",
                payout="by the Player's card", decision_only=True))
        out["groups"] = [group(g) for g in ("main", "dealer", "player", "second")
                         if any(b["group"] == g for b in out["bets"])]
        out["paytable"] = paytable_of(out["bets"])
        return out

    def shoe(self, v: DealtVariant) -> Composition:
        return Composition.decks(v.decks)

    def next_slot(self, v: DealtVariant, dealt: Dealt) -> str | None:
        return ("player", "dealer")[len(dealt)] if len(dealt) < 2 else None

    def bet_return(self, v: DealtVariant, code: str, dealt: Dealt) -> Fraction:
        player, dealer = dealt[0][1], dealt[1][1]
        if code.startswith(PREFIX):
            base = code[len(PREFIX):]
            odds = second_odds(v, base, player)
            if odds is None:  # pragma: no cover - refused when the bet is placed
                raise IllegalAction(f"{base} was not offered in the second round")
            return odds.total if wins(base, player, dealer) else Fraction(0)
        return v.payouts[code].total if wins(code, player, dealer) else Fraction(0)

    def card_key(self, v: DealtVariant, card: int) -> Hashable:
        return card

    def denominator(self, v: DealtVariant) -> int:
        dens = [p.total.denominator for t in getattr(v, "second_round", {}).values() for p in t.values()]
        return lcm(1, *dens)


class WarOfBetsEngine(DealEngine):
    """The dealt-game engine plus the second betting round (``bet`` decisions)."""

    allow_no_bets = True  # a player may bet in the second round only

    def legal_actions(self, state: DealtState) -> list[Decision]:
        if state.settlement is not None or len(state.dealt) != 1:
            return []
        return [Decision("bet", {"code": c}) for c in offered_second(state.variant, state.dealt[0][1])]

    def apply(self, state: DealtState, action: Action) -> DealtState:
        if not isinstance(action, Decision):
            return super().apply(state, action)
        if state.settlement is not None:
            raise RoundFinished("the round is settled")
        if action.name != "bet":
            raise IllegalAction(f"War of Bets has no decision {action.name!r}; a second-round bet is 'bet'")
        if len(state.dealt) != 1:
            raise IllegalAction("second-round bets are taken after the Player's card and before "
                                "the Dealer's card (000 §12.39 step 3)")
        v = state.variant
        args = dict(action.args)
        unknown = set(args) - {"code", "stake"}
        if unknown:
            raise InvalidBet(f"a second-round bet takes code and stake, not {', '.join(sorted(unknown))}")
        code = args.get("code")
        if not isinstance(code, str) or code not in CODES:
            raise UnknownBetCode(f"War of Bets has no bet {code!r}; bets: {', '.join(CODES)}")
        player = state.dealt[0][1]
        if second_odds(v, code, player) is None:
            raise InvalidBet(f"{code} is not offered in the second round after the Player's card; "
                             f"offered: {', '.join(offered_second(v, player))}")
        stake = checked_stake(v.limits, currency(state.currency), code, args.get("stake"))
        bet = PlacedBet(len(state.bets), PREFIX + code, stake)
        event = Event(len(state.events), "decision", {"name": "bet", "args": {"code": code, "stake": stake}})
        return replace(state, bets=state.bets + (bet,), events=state.events + (event,))


def parse(data: Mapping[str, Any], name: str) -> WarOfBetsVariant:
    where = f"war_of_bets/{name}.toml"
    data = dict(data)
    raw = data.pop("second_round", {})
    base = parse_variant(RULES, data, name)
    if not isinstance(raw, dict):
        raise VariantError(f"{where}.second_round: expected a table of result bet = {{rank = odds}}")
    second: dict[str, dict[int, Payout]] = {}
    for code, table in raw.items():
        w = f"{where}.second_round.{code}"
        if code not in RESULTS:
            raise VariantError(f"{w}: only the result bets ({', '.join(RESULTS)}) have "
                               "second-round odds by the Player's card; the Dealer's card bets "
                               "keep their [payouts] odds")
        if not isinstance(table, dict):
            raise VariantError(f"{w}: expected a table of Player's card rank = odds")
        second[code] = {}
        for key, text in table.items():
            rank = _RANK_BY_CHAR.get(str(key))
            if rank is None:
                raise VariantError(f"{w}: {key!r} is not a rank (2..9, T, J, Q, K, A)")
            second[code][rank] = _payout(text, f"{w}.{key}")
    return WarOfBetsVariant(**{f.name: getattr(base, f.name) for f in fields(base)},
                            second_round=second)


def _payout(text: Any, where: str) -> Payout:
    return payout(text, where)


RULES = WarOfBetsRules()
ENGINE = WarOfBetsEngine(RULES)


# --- exact analysis -----------------------------------------------------------------------------

def _after_player(v: WarOfBetsVariant) -> list[tuple[Fraction, DealtState]]:
    """(probability, state) after each Player's card, with no round-1 bet."""
    start = ENGINE.start(v, [], "XXX")
    size = start.shoe.size
    return [(Fraction(n, size), ENGINE.apply(start, DrawAction("card", start.shoe.index_of(code))))
            for code, n in start.shoe.codes()]


def second_round_distributions(v: WarOfBetsVariant) -> dict[str, list[tuple[Fraction, int, Distribution]]]:
    """For each round-2 code: (P(Player's card), its code, return distribution) where offered."""
    unit = unit_stake(RULES, v)
    out: dict[str, list[tuple[Fraction, int, Distribution]]] = defaultdict(list)
    for p, state in _after_player(v):
        player = state.dealt[0][1]
        codes = offered_second(v, player)
        if not codes:
            continue
        for code in codes:
            state = ENGINE.apply(state, Decision("bet", {"code": code, "stake": unit}))
        acc: list[dict[Fraction, Fraction]] = [defaultdict(Fraction) for _ in codes]
        size = state.shoe.size
        for card, n in state.shoe.codes():
            done = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(card)))
            for i, b in enumerate(ENGINE.settle(done).bets):
                acc[i][Fraction(b.returned, b.stake)] += Fraction(n, size)
        for i, code in enumerate(codes):
            out[code].append((p, player, Distribution.of((q, r) for r, q in acc[i].items())))
    return out


def exact(v: WarOfBetsVariant) -> list[BetRTP]:
    first = distributions(ENGINE, v)
    out = [summarize(code, [first[code]], note="first betting round (before any card)")
           for code in v.bet_codes]
    second = second_round_distributions(v)
    for code in (c for c in SECOND if c in second):
        cases = second[code]
        offered = sum((p for p, _, _ in cases), Fraction(0))
        mix: dict[Fraction, Fraction] = defaultdict(Fraction)
        for p, _, d in cases:
            for q, r in d.points:
                mix[r] += p / offered * q
        whole = summarize(PREFIX + code, [Distribution.of((q, r) for r, q in mix.items())])
        per_card = [d.mean for _, _, d in cases]
        when = "after every Player's card" if offered == 1 else f"after {offered} of the Player's cards"
        note = (f"second betting round, placed whenever offered ({when}); "
                f"per Player's card {float(min(per_card)):.4%} to {float(max(per_card)):.4%}")
        out.append(replace(whole, rtp_max=max(whole.rtp_max, *per_card), note=note))
    return out


# --- simulation (vectorised, tied to the engine) ------------------------------------------------

def sim_codes(v: WarOfBetsVariant) -> list[str]:
    return [*v.bet_codes, *(PREFIX + c for c in SECOND
                            if any(second_odds(v, c, p) is not None for p, _ in
                                   Composition.decks(v.decks).codes()))]


def play_row(v: WarOfBetsVariant, row: Sequence[float]) -> list[float]:
    """One round through the engine on the draw values ``int(row[j] * cards left)``: every
    round-1 bet and every round-2 bet offered; NaN for a round-2 bet not offered."""
    unit = unit_stake(RULES, v)
    state = ENGINE.start(v, [BetRequest(c, unit) for c in v.bet_codes], "XXX")
    state = ENGINE.apply(state, DrawAction("card", int(row[0] * state.shoe.size)))
    for code in offered_second(v, state.dealt[0][1]):
        state = ENGINE.apply(state, Decision("bet", {"code": code, "stake": unit}))
    state = ENGINE.apply(state, DrawAction("card", int(row[1] * state.shoe.size)))
    got = {b.code: b.returned / b.stake for b in ENGINE.settle(state).bets}
    return [got.get(c, float("nan")) for c in sim_codes(v)]


def row_keys(v: WarOfBetsVariant, u: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The two cards' codes (everything a bet looks at) as one integer per round."""
    cards = deal_codes(np.asarray(Composition.decks(v.decks).counts, dtype=np.int64), u)
    return np.asarray(cards[:, 0] * 64 + cards[:, 1], dtype=np.int64)


def simulate(v: WarOfBetsVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    return keyed_simulate(sim_codes(v), 2, lambda u: row_keys(v, u), lambda row: play_row(v, row),
                          rounds, seed, progress)


def _parse(data: dict[str, Any], name: str) -> WarOfBetsVariant:
    return parse(data, name)


def _simulate(v: WarOfBetsVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


def _demo(v: WarOfBetsVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    return [BetRequest(c, stake) for c in v.bet_codes]


GAME = GameSpec(RULES.game, RULES.title, ENGINE, _parse, exact, _simulate, _demo,
                describe=RULES.describe, display=RULES.display)

__all__ = ["CODES", "ENGINE", "GAME", "RULES", "SECOND", "WarOfBetsVariant", "exact", "holds",
           "offered_second", "play_row", "row_keys", "second_odds", "simulate", "wins"]
