"""The poker hand engine and bots as they were before the issue-21 speed work (main at 2bc8bdd,
``games/pvp/poker/engine.py`` and ``bots.py``'s :class:`Bot`, verbatim but for this docstring and the
names; with the tuple ``HandState`` of state.py, pots.py and rake.py's ``pot_rake`` that it used,
since replaced by the compiled core): the oracle of tests/test_pvp_poker_differential.py, which checks that the fast engine plays
every seeded hand exactly as this one did (states, legal actions, events, settlement)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, NamedTuple, cast

from croupier.errors import IllegalAction, InvalidBet, RoundFinished
from croupier.games.base import (
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    replay_seated,
)
from croupier.games.pvp.poker.evaluate import hand_values
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.state import (
    FORMATS,
    HandResult,
    HandSettlement,
    HandSetup,
    PotResult,
    deal_count,
    decode_deal,
    order_from_button,
    setup_from_record,
)
from croupier.games.pvp.poker.variant import PokerVariant
from croupier.money import currency as money_currency
from croupier.rng import RandomSource

# -- the hand's tuple state, pots and pot rake as they were (state.py, pots.py, rake.py) --------


class HandState(NamedTuple):
    """The immutable state of one hand. Per-player tuples are indexed by player (seat order)."""

    variant: PokerVariant
    setup: HandSetup
    currency: str
    phase: str                          # deal / bet / runs / done
    street: int                         # betting round: 0 = before the flop (stud: 2 cards)
    deck: tuple[int, ...]               # undealt cards
    queue: tuple[int, ...]              # where the next cards go: player i, or -1-r: board of run r
    hole: tuple[tuple[int, ...], ...]
    boards: tuple[tuple[int, ...], ...]  # one board, or one per run after "run it" agreement
    stacks: tuple[int, ...]
    bets: tuple[int, ...]               # this round
    committed: tuple[int, ...]          # this hand
    folded: tuple[bool, ...]
    acted: tuple[int, ...]              # the round's bet when the player last acted; -1: not yet
    actor: int                          # player to act (-1: none)
    current_bet: int
    min_raise: int                      # the smallest raise increment now
    raises: int                         # bets and raises this round (Fixed Limit cap)
    aggressor: int                      # last bettor/raiser of this round (-1: none)
    runout: bool                        # all-in: the rest is dealt with no more betting
    votes: tuple[int, ...]              # run it k times: each player's choice (0: not yet)
    result: HandResult | None
    events: tuple[Event, ...]

    @property
    def n(self) -> int:
        return len(self.stacks)

    @property
    def board(self) -> tuple[int, ...]:
        return self.boards[0]



class Pot(NamedTuple):
    """``amount`` minor units that the players at ``eligible`` (player indexes) contest."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(committed: Sequence[int], folded: Sequence[bool]) -> tuple[list[Pot], list[int]]:
    """The pots (main first) and the uncalled amounts returned per player.

    ``committed[i]`` is everything player ``i`` put in this hand; folded players' money stays in
    the pots they reached (dead money). A layer no live player reached (only folded players'
    money) joins the pot below it. The end of every hand runs it: plain loops, no generators."""
    n = len(committed)
    returned = [0] * n
    c = list(committed)
    top = max(c) if c else 0
    if n > 1 and c.count(top) == 1:
        i = c.index(top)
        if not folded[i]:  # a folded bet never comes back
            second = max(c[:i] + c[i + 1:])
            returned[i] = top - second  # the part of the last bet nobody matched
            c[i] = second
    live = [i for i in range(n) if not folded[i]]
    levels = sorted({c[i] for i in live if c[i] > 0})
    pots: list[Pot] = []
    low = 0
    for level in levels:
        amount = 0
        for x in c:
            if x > low:
                amount += (x if x < level else level) - low
        eligible = tuple([i for i in live if c[i] >= level])
        if pots and pots[-1][1] == eligible:
            pots[-1] = Pot(pots[-1][0] + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        low = level
    dead_above = 0
    for x in c:
        if x > low:
            dead_above += x - low
    if dead_above:
        if not pots:  # the live players put in nothing (everyone who bet fast-folded)
            if not live:  # cannot happen in a hand: the last player never folds
                raise ValueError("no live player to award the pot to")
            pots.append(Pot(dead_above, tuple(live)))
        else:
            pots[-1] = Pot(pots[-1][0] + dead_above, pots[-1][1])
    return pots, returned


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """``amount`` shared by ``winners``; odd units by ``order`` (clockwise from the button's left)."""
    k = len(winners)
    if k == 0:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, k)
    out = dict.fromkeys(winners, share)
    if odd:
        ranked = sorted(winners, key=order.index)
        for w in ranked[:odd]:
            out[w] += 1
    return out


def split_runs(amount: int, runs: int) -> list[int]:
    """The ``runs`` equal parts of a pot (000 §12.12.3 run it twice / three times); the odd
    minor units go one each to the first runs."""
    if runs < 1:
        raise ValueError("at least one run")
    part, odd = divmod(amount, runs)
    return [part + (1 if r < odd else 0) for r in range(runs)]


def pot_rake(rule: PercentRake | None, pots: Sequence[int], flop_seen: bool) -> list[int]:
    """The rake of each pot of one hand (main pot first): ``floor(pot × percent)``, the cap
    filled from the main pot outwards. Never more than a pot holds."""
    if rule is None or (rule.no_flop_no_drop and not flop_seen):
        return [0] * len(pots)
    left = rule.cap
    num, den = rule.percent.numerator, rule.percent.denominator
    out = []
    for amount in pots:
        r = amount * num // den
        if left is not None:
            r = min(r, left)
            left -= r
        out.append(r)
    return out



def open_cards_key(cards: Sequence[int]) -> tuple[int, ...]:
    """How high a stud player's open cards stand (000 §12.9): groups first (four, three, two
    pair, pair), then the ranks; straights and flushes do not count on fewer than five cards.
    Suits never break ties (the rules break them by seat: the player left of the dealer)."""
    ranks = sorted([c >> 2 for c in cards], reverse=True)
    if len(set(ranks)) == len(ranks):  # no group (the usual case): all ones, ranks high first
        return (1,) * len(ranks) + tuple(ranks)
    counts: dict[int, int] = {}
    for c in cards:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    return (*shape, *(r for _, r in groups))


#: formats where the Straddle and the No-Look All-In are banned (000 §12.12.3)
NO_PREDEAL: Final = frozenset({"rush", "all_in_or_fold", "tournament"})
DEALER: Final = "dealer"

_STANDARD_DECK: Final = tuple(range(8, 60))
_SHORT_DECK: Final = tuple(range(24, 60))  # ranks 6..A


# -- helpers ------------------------------------------------------------------------------------


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1:]


_FIELD: Final = {f: i for i, f in enumerate(HandState._fields)}
_new = tuple.__new__
_STACKS, _BETS, _COMMITTED, _FOLDED, _ACTED, _ACTOR, _CURRENT, _MIN_RAISE, _RAISES, _AGGRESSOR, _EVENTS = (
    _FIELD[k] for k in ("stacks", "bets", "committed", "folded", "acted", "actor", "current_bet", "min_raise",
                        "raises", "aggressor", "events"))


def _rep(s: HandState, **changes: Any) -> HandState:
    """``s._replace(**changes)`` without the generic method's walk over every field."""
    return _rep_d(s, changes)


def _rep_d(s: HandState, changes: Mapping[str, Any]) -> HandState:
    """:func:`_rep` with the changes in a mapping (on the hot path a decision or a deal makes
    one new state: its changes are gathered first)."""
    fields = list(s)
    for k, v in changes.items():
        fields[_FIELD[k]] = v
    return _new(HandState, fields)


#: the decisions without an amount (fold, check, call, all_in; run_it k times) of each seat,
#: made once: their args are read-only (every consumer copies them), so one object serves
#: every hand
_SHARED: dict[tuple[str, int, int], Decision] = {}


def _simple(name: str, seat: int, times: int = 0) -> Decision:
    """The shared decision ``name`` of ``seat`` (``times``: run_it's count)."""
    d = _SHARED.get((name, seat, times))
    if d is None:
        args = {"seat": seat, "times": times} if times else {"seat": seat}
        d = Decision(name, MappingProxyType(args))
        if len(_SHARED) < 4096:  # seat numbers are few; never grow without bound
            _SHARED[(name, seat, times)] = d
    return d


def _next_of(folded: Sequence[bool], stacks: Sequence[int], acted: Sequence[int], bets: Sequence[int],
             current: int, start: int) -> int:
    """The first player from ``start`` (clockwise, inclusive) who must act, or -1 when the
    round is closed (nobody left to act, or one player left who can act and has matched)."""
    n = len(stacks)
    able = 0
    last = -1
    first = -1
    for k in range(n):
        i = start + k
        if i >= n:
            i -= n
        if folded[i] or not stacks[i]:
            continue
        able += 1
        last = i
        if first < 0 and (acted[i] < 0 or bets[i] < current):
            first = i
    if able == 0 or (able == 1 and bets[last] >= current):
        return -1
    return first


def _ev(s: HandState, typ: str, data: Mapping[str, Any]) -> tuple[Event, ...]:
    return s.events + (Event(len(s.events), typ, data),)


# -- the engine ---------------------------------------------------------------------------------


class PokerEngine:
    """Player-vs-player poker hands. Stateless: every method is a function of its arguments."""

    game = "pvp_poker"

    # -- starting a hand ------------------------------------------------------------------------

    def start(self, variant: PokerVariant, setup: HandSetup, currency: str) -> HandState:
        n = self._check_setup(variant, setup, currency)
        b = setup.seats.index(setup.button)
        bb = setup.big_blind
        stacks = list(setup.stacks)
        bets = [0] * n
        events: list[Event] = []

        def post(i: int, amount: int, kind: str) -> None:
            pay = min(amount, stacks[i])
            stacks[i] -= pay
            bets[i] += pay
            events.append(Event(len(events) + 1, "posted",
                                {"seat": setup.seats[i], "kind": kind, "amount": pay}))

        first_after = b  # action starts after this player
        min_raise = bb
        raises = 1
        if variant.forced_bets == "blinds":
            sb_i, bb_i = (b, (b + 1) % n) if n == 2 else ((b + 1) % n, (b + 2) % n)
            post(sb_i, bb // 2, "small_blind")
            post(bb_i, bb, "big_blind")
            first_after = bb_i
            for seat, kind in setup.predeal:
                i = setup.seats.index(seat)
                if kind == "straddle":
                    post(i, 2 * bb, "straddle")
                    # the straddle raises the blinds for the first round (Fixed Limit: it is
                    # the round's first raise, and raises stay one big blind)
                    min_raise = bb if variant.structure == "fixed_limit" else 2 * bb
                    raises = 2
                else:
                    before = max(*bets, bb)
                    post(i, stacks[i], "no_look_all_in")
                    if bets[i] - before >= min_raise:
                        min_raise = bets[i] - before
                first_after = i
        else:  # 000 §12.9 step 1: the first hand's mandatory closed bet
            post((b + 1) % n, bb, "first_hand")
        deck = _SHORT_DECK if variant.deck == "short" else _STANDARD_DECK
        order = order_from_button(n, b)
        queue = tuple(order) * variant.hole_cards  # one card at a time from the dealer's left
        head = Event(0, "round_started", {
            "currency": currency, "game": variant.game, "variant": variant.name,
            "seats": list(setup.seats), "stacks": list(setup.stacks), "button": setup.button,
            "big_blind": bb, "format": setup.format,
            "predeal": [[s, k] for s, k in setup.predeal],
            "rake": None if setup.rake is None else {
                "percent": str(setup.rake.percent), "cap": setup.rake.cap,
                "no_flop_no_drop": setup.rake.no_flop_no_drop},
        })
        return HandState(
            variant=variant, setup=setup, currency=currency, phase="deal", street=0,
            deck=deck, queue=queue, hole=((),) * n, boards=((),), stacks=tuple(stacks),
            bets=tuple(bets), committed=tuple(bets), folded=(False,) * n, acted=(-1,) * n,
            # a short forced bet does not lower the bet to call: the big blind stands (standard)
            actor=first_after, current_bet=max(*bets, bb), min_raise=min_raise, raises=raises,
            aggressor=-1, runout=False, votes=(0,) * n, result=None,
            events=(head, *events),
        )

    def _check_setup(self, v: PokerVariant, s: HandSetup, currency: str) -> int:
        money_currency(currency)  # UnknownCurrency for a code Croupier does not keep
        seats = s.seats
        if not isinstance(seats, tuple) or any(type(x) is not int for x in seats):
            raise InvalidBet(f"seats must be a tuple of seat numbers, got {seats!r}")
        if list(seats) != sorted(set(seats)):
            raise InvalidBet(f"each seat once, ascending: got {seats!r} (one player cannot hold two seats)")
        n = len(seats)
        if not v.min_players <= n <= v.max_players:
            raise InvalidBet(f"{v.title} is played by {v.min_players} to {v.max_players} players, got {n}")
        if len(s.stacks) != n or any(type(x) is not int or x <= 0 for x in s.stacks):
            raise InvalidBet(f"each seat needs a stack of whole minor units > 0, got {s.stacks!r}")
        if s.button not in seats:
            raise InvalidBet(f"the button must be at an occupied seat, got {s.button!r}")
        if s.format not in FORMATS:
            raise InvalidBet(f"unknown table format {s.format!r}; known: {', '.join(FORMATS)}")
        bb = s.big_blind
        if type(bb) is not int or bb <= 0:
            raise InvalidBet(f"the big blind is a positive whole number of minor units, got {bb!r}")
        if v.forced_bets == "blinds" and bb % 2:
            raise InvalidBet(f"the small blind is half the big blind (000 §12.12.3): {bb} is odd")
        if s.rake is not None and s.format == "tournament":
            raise InvalidBet("tournaments are excluded from the pot rake (000 platform rules): their fee is the house's")
        sb_bb = {s.button, seats[(seats.index(s.button) + 1) % n]} if n == 2 else {
            seats[(seats.index(s.button) + 1) % n], seats[(seats.index(s.button) + 2) % n]}
        if not isinstance(s.predeal, tuple) or any(
                not isinstance(p, tuple) or len(p) != 2 for p in s.predeal):
            raise IllegalAction(f"pre-deal bets are (seat, kind) pairs, got {s.predeal!r}")
        for k, (seat, kind) in enumerate(s.predeal):
            if kind not in ("straddle", "no_look_all_in"):
                raise IllegalAction(f"a bet before the deal is a straddle or a no_look_all_in, got {kind!r}")
            name = "a Straddle" if kind == "straddle" else "a No-Look All-In"
            if seat not in seats:
                raise IllegalAction(f"seat {seat!r} is not at this table")
            if s.format in NO_PREDEAL:
                raise IllegalAction(f"{name} is not allowed at {s.format} tables (000 §12.12.3)")
            if kind == "straddle" and not v.straddle or kind == "no_look_all_in" and not v.no_look_all_in:
                raise IllegalAction(f"{name} is not allowed in {v.title} (000 §12.12.3 gives it to Hold'em and Omaha)")
            if k > 0:
                first = s.predeal[0]
                if kind == "no_look_all_in" and first[0] == seat:
                    raise IllegalAction(f"seat {seat} made {'the Straddle' if first[1] == 'straddle' else 'a No-Look All-In'}: "
                                        "he may not make a No-Look All-In too (000 §12.12.3)")
                raise IllegalAction(f"{name} is not allowed after a {first[1].replace('_', '-')} by seat {first[0]} "
                                    "(000 §12.12.3: one bet before the deal per hand)")
            if kind == "straddle":
                if seat in sb_bb:
                    raise IllegalAction(f"seat {seat} posts a blind and cannot straddle")
                if s.stacks[seats.index(seat)] < 2 * bb:
                    raise IllegalAction(f"a Straddle is 2 x the big blind ({2 * bb}); seat {seat} has "
                                        f"{s.stacks[seats.index(seat)]} (all chips is a No-Look All-In)")
            if kind == "no_look_all_in" and v.structure == "fixed_limit":
                raise IllegalAction("a No-Look All-In has no place in Fixed Limit, where every bet is fixed")
        return n

    # -- chance -----------------------------------------------------------------------------------

    def next_draw(self, s: HandState) -> DrawRequest | None:
        if s.phase != "deal":
            return None
        return DrawRequest("deal", deal_count(len(s.deck), len(s.queue)))

    def _deal(self, s: HandState, value: int) -> HandState:
        total = deal_count(len(s.deck), len(s.queue))
        if type(value) is not int or not 0 <= value < total:
            raise IllegalAction(f"a deal index is in [0, {total}), got {value!r}")
        cards, deck = decode_deal(s.deck, len(s.queue), value)
        hole = list(s.hole)
        boards = list(s.boards)
        # where each card went: [seat, card, face_up] or ["board", card, run]
        public: list[list[Any]] = []
        down = s.variant.down_cards
        seats = s.setup.seats
        for target, c in zip(s.queue, cards, strict=True):
            if target >= 0:
                h = hole[target]
                public.append([seats[target], c, len(h) >= down])
                hole[target] = (*h, c)
            else:
                boards[-1 - target] = (*boards[-1 - target], c)
                public.append(["board", c, -1 - target])
        events = s.events + (
            Event(len(s.events), "draw", {"kind": "deal", "value": value}),
            Event(len(s.events) + 1, "dealt", {"street": s.street, "cards": public}),
        )
        return self._after_deal(s, {"deck": deck, "hole": tuple(hole), "boards": tuple(boards),
                                    "queue": (), "events": events})

    def _after_deal(self, s: HandState, ch: dict[str, Any]) -> HandState:
        """The state after a deal (``ch``: the dealt cards' changes to ``s``): betting, or the
        end. One new state on the usual path."""
        if s.folded.count(False) == 1:
            return self._finish(_rep_d(s, ch))
        if s.runout:
            ch["street"] = s.variant.streets - 1
            return self._finish(_rep_d(s, ch))
        first = self._first_to_act(s, ch["hole"])
        actor = self._next_actor(s, first)  # dealing changes no stack, bet or fold
        ch["phase"] = "bet"
        ch["actor"] = actor
        if actor < 0:
            return self._close_round(_rep_d(s, ch))
        return _rep_d(s, ch)

    # -- who acts ---------------------------------------------------------------------------------

    def _first_to_act(self, s: HandState, hole: tuple[tuple[int, ...], ...]) -> int:
        """Who starts the round's betting (``hole``: the cards as just dealt)."""
        n = s.n
        b = s.setup.seats.index(s.setup.button)
        if s.variant.first_to_act == "open_cards":
            d = s.variant.down_cards
            best: tuple[int, ...] | None = None
            who = 0
            for i in order_from_button(n, b):
                if s.folded[i] or s.stacks[i] == 0:
                    continue
                key = open_cards_key(hole[i][d:])
                if best is None or key > best:
                    best, who = key, i
            return who
        if s.street == 0:
            return (s.actor + 1) % n  # after the big blind or the pre-deal bettor (start())
        return (b + 1) % n

    def _next_actor(self, s: HandState, start: int) -> int:
        """The first player from ``start`` who must act, or -1 when the round is closed."""
        return _next_of(s.folded, s.stacks, s.acted, s.bets, s.current_bet, start)

    def to_act(self, s: HandState) -> int | None:
        """The seat whose decision the hand waits for (None while dealing or when finished)."""
        if s.phase in ("bet", "runs") and s.actor >= 0:
            return s.setup.seats[s.actor]
        return None

    # -- limits -----------------------------------------------------------------------------------

    def raise_range(self, s: HandState) -> tuple[int, int] | None:
        """The smallest and largest ``to`` the player to act may bet or raise to (None: he may
        not bet or raise now). Fixed Limit: one amount (000 §12.12.3)."""
        if s.phase != "bet" or s.actor < 0 or s.setup.format == "all_in_or_fold":
            return None
        i = s.actor
        v = s.variant
        to_call = s.current_bet - s.bets[i]
        if s.stacks[i] <= to_call:
            return None
        if s.acted[i] >= 0 and s.current_bet - s.acted[i] < s.min_raise:
            return None  # an all-in short of a full raise did not reopen the betting
        if v.structure == "fixed_limit" and s.raises >= v.max_bets_per_round:
            return None
        all_in = s.bets[i] + s.stacks[i]
        if v.structure == "fixed_limit":
            unit = v.bet_unit(s.street, s.setup.big_blind)
            target = s.current_bet + unit
            return (target, target) if all_in >= target else (all_in, all_in)
        low = s.current_bet + s.min_raise
        high = all_in
        if v.structure == "pot_limit":
            high = min(all_in, s.current_bet + sum(s.committed) + to_call)
        if all_in <= low:
            return (all_in, all_in)
        return (low, max(low, high))

    # -- decisions --------------------------------------------------------------------------------

    def legal_actions(self, s: HandState) -> list[Decision]:
        if s.phase == "runs":
            seat = s.setup.seats[s.actor]
            return [_simple("run_it", seat, k) for k in range(1, self._max_runs(s) + 1)]
        if s.phase != "bet" or s.actor < 0:
            return []
        i = s.actor
        seat = s.setup.seats[i]
        to_call = s.current_bet - s.bets[i]
        out = [_simple("fold", seat)]
        if s.setup.format == "all_in_or_fold":
            if to_call == 0:
                out.append(_simple("check", seat))
            out.append(_simple("all_in", seat))
            return out
        passive = _simple("check" if to_call == 0 else "call", seat)
        rng = self.raise_range(s)
        if rng is None:
            return [out[0], passive]
        name = "bet" if s.current_bet == 0 else "raise"
        low, high = rng
        if high == low:
            return [out[0], passive, Decision(name, {"seat": seat, "to": low})]
        return [out[0], passive, Decision(name, {"seat": seat, "to": low}), Decision(name, {"seat": seat, "to": high})]

    def is_finished(self, s: HandState) -> bool:
        return s.phase == "done"

    def apply(self, s: HandState, action: DrawAction | Decision) -> HandState:
        if s.phase == "done":
            raise RoundFinished("the hand is over")
        if isinstance(action, DrawAction):
            if s.phase != "deal" or action.kind != "deal":
                raise IllegalAction(f"the hand waits for a decision, not a {action.kind} draw")
            return self._deal(s, action.value)
        if not isinstance(action, Decision):
            raise IllegalAction(f"not an action: {action!r}")
        name = action.name
        args = action.args
        seat = args.get("seat")
        if name == "misdeal":
            if seat != DEALER:
                raise IllegalAction("only the dealer declares a misdeal")
            return self._misdeal(s, str(args.get("reason", "")))
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not in this hand")
        i = s.setup.seats.index(seat)
        if name == "fast_fold":
            return self._fast_fold(s, i, action)
        if s.phase == "deal":
            raise IllegalAction("the cards are being dealt: wait for your turn")
        if s.actor != i:
            raise IllegalAction(f"out of turn: seat {s.setup.seats[s.actor]} is to act, not seat {seat}")
        if s.phase == "runs":
            return self._vote(s, i, action)
        return self._bet_action(s, i, action)

    def _record(self, s: HandState, d: Decision) -> tuple[Event, ...]:
        return _ev(s, "decision", {"name": d.name, "args": dict(d.args)})

    def _bet_action(self, s: HandState, i: int, d: Decision) -> HandState:
        """A betting decision: checked against ``s``, then made on one mutable copy of its
        fields (``f``), frozen once (the hot path: one new state per decision)."""
        name = d.name
        current = s.current_bet
        to_call = current - s.bets[i]
        aof = s.setup.format == "all_in_or_fold"
        f: list[Any] = list(s)
        events = s.events
        f[_EVENTS] = events + (Event(len(events), "decision", {"name": name, "args": dict(d.args)}),)
        if name == "fold":
            f[_FOLDED] = folded = _set(s.folded, i, True)
            if folded.count(False) == 1:
                return self._finish(_new(HandState, f))
        elif name == "check":
            if to_call and aof:
                raise IllegalAction(f"{name!r}: at All-in or Fold tables the only actions are all_in and fold (000 §12.12.3)")
            if to_call:
                raise IllegalAction(f"you cannot check: {to_call} to call")
            f[_ACTED] = _set(s.acted, i, current)
        elif name == "call" and not aof:
            if not to_call:
                raise IllegalAction("there is nothing to call: check")
            self._pay(s, f, i, min(to_call, s.stacks[i]))
        elif name == "all_in":
            if not aof:
                raise IllegalAction("all_in is the All-in or Fold action: here bet, raise or call your chips")
            shove = s.bets[i] + s.stacks[i]
            if shove <= current:
                self._pay(s, f, i, s.stacks[i])
            else:
                self._raise_to(s, f, i, shove)
        elif name in ("bet", "raise") and not aof:
            if name == "bet" and current:
                raise IllegalAction(f"there is a bet of {current} already: raise, not bet")
            if name == "raise" and not current:
                raise IllegalAction("there is no bet to raise: bet")
            to = d.args.get("to")
            if type(to) is not int:
                raise IllegalAction(f"{name} needs 'to', the whole amount of your bet this round, got {to!r}")
            rng = self.raise_range(s)
            if rng is None:
                raise IllegalAction(self._why_no_raise(s, i))
            low, high = rng
            if to < low:
                raise IllegalAction(self._below_min(s, to, low))
            if to > high:
                raise IllegalAction(self._above_max(s, i, to, high))
            self._raise_to(s, f, i, to)
        elif aof:
            raise IllegalAction(f"{name!r}: at All-in or Fold tables the only actions are all_in and fold (000 §12.12.3)")
        else:
            raise IllegalAction(f"unknown action {name!r}; legal: fold, check, call, bet, raise")
        # the next player to act, or the round closed
        nxt = _next_of(f[_FOLDED], f[_STACKS], f[_ACTED], f[_BETS], f[_CURRENT], (i + 1) % len(s.stacks))
        if nxt < 0:
            return self._close_round(_new(HandState, f))
        f[_ACTOR] = nxt
        return _new(HandState, f)

    def _why_no_raise(self, s: HandState, i: int) -> str:
        v = s.variant
        if s.stacks[i] <= s.current_bet - s.bets[i]:
            return "you cannot raise: your chips do not cover more than the call"
        if v.structure == "fixed_limit" and s.raises >= v.max_bets_per_round:
            return (f"the betting is capped: {v.max_bets_per_round} bets this round "
                    "(000 §12.12.3 Fixed Limit: bet, raise, reraise, cap)")
        return "the betting was not reopened: an all-in short of a full raise lets you only call or fold"

    def _below_min(self, s: HandState, to: int, low: int) -> str:
        v = s.variant
        if v.structure == "fixed_limit":
            return f"Fixed Limit: a bet or raise here is exactly to {low} (000 §12.12.3)"
        if not s.current_bet:
            return f"a bet of {to} is below the minimum bet {low} (000 §12.12.3: at least the big blind)"
        return (f"a raise to {to} is below the minimum raise to {low} (000 §12.12.3: the raise is at "
                f"least the previous bet or raise, {s.min_raise})")

    def _above_max(self, s: HandState, i: int, to: int, high: int) -> str:
        v = s.variant
        if v.structure == "fixed_limit":
            return f"Fixed Limit: a bet or raise here is exactly to {high} (000 §12.12.3)"
        if v.structure == "pot_limit" and high < s.bets[i] + s.stacks[i]:
            return f"a raise to {to} is above the pot limit {high} (000 §12.12.3 Pot Limit: pot + 2 x the last raise)"
        return f"{to} is more than your chips: all-in is to {high}"

    def _pay(self, s: HandState, f: list[Any], i: int, amount: int) -> None:
        """Player ``i`` puts in ``amount`` (a call): written into ``f``, the fields of the next state."""
        f[_STACKS] = _set(s.stacks, i, s.stacks[i] - amount)
        f[_BETS] = _set(s.bets, i, s.bets[i] + amount)
        f[_COMMITTED] = _set(s.committed, i, s.committed[i] + amount)
        f[_ACTED] = _set(s.acted, i, s.current_bet)

    def _raise_to(self, s: HandState, f: list[Any], i: int, to: int) -> None:
        """Player ``i`` bets or raises to ``to``: written into ``f``, the fields of the next state."""
        inc = to - s.current_bet
        full = inc >= s.min_raise
        amount = to - s.bets[i]
        f[_STACKS] = _set(s.stacks, i, s.stacks[i] - amount)
        f[_BETS] = _set(s.bets, i, to)
        f[_COMMITTED] = _set(s.committed, i, s.committed[i] + amount)
        f[_ACTED] = _set(s.acted, i, to)
        f[_CURRENT] = to
        f[_AGGRESSOR] = i
        if full:
            f[_MIN_RAISE] = inc
            f[_RAISES] = s.raises + 1

    def _fast_fold(self, s: HandState, i: int, d: Decision) -> HandState:
        if s.setup.format != "rush":
            raise IllegalAction("fast fold (Rush) is only at Rush & Cash tables (000 §12.12.3)")
        if s.folded[i]:
            raise IllegalAction(f"seat {s.setup.seats[i]} has folded already")
        if s.stacks[i] == 0:
            raise IllegalAction(f"seat {s.setup.seats[i]} is all-in and cannot fold")
        if s.phase == "runs":
            raise IllegalAction("the betting is over: nothing to fold")
        s = _rep(s, folded=_set(s.folded, i, True), events=self._record(s, d))
        if s.folded.count(False) == 1:
            return self._finish(s)
        if s.phase == "bet":
            nxt = self._next_actor(s, s.actor)
            if nxt < 0:
                return self._close_round(s)
            return _rep(s, actor=nxt)
        return s

    # -- streets ----------------------------------------------------------------------------------

    def _close_round(self, s: HandState) -> HandState:
        v = s.variant
        events = _ev(s, "round_closed", {"street": s.street, "pot": sum(s.committed)})
        if s.folded.count(False) == 1 or s.street == v.streets - 1:
            return self._finish(_rep(s, events=events))
        n = len(s.stacks)
        able = sum(1 for i in range(n) if not s.folded[i] and s.stacks[i] > 0)
        if able >= 2:
            street = s.street + 1
            unit = v.bet_unit(street, s.setup.big_blind) if v.structure == "fixed_limit" else s.setup.big_blind
            return _rep(s, events=events,
                street=street, phase="deal", queue=self._street_queue(s, street), bets=(0,) * n,
                acted=(-1,) * n, current_bet=0, min_raise=unit, raises=0, aggressor=-1, actor=-1,
            )
        # all-in: no more betting; the rest is dealt (once, or twice/three times if all agree)
        s = _rep(s, events=events, runout=True, actor=-1, bets=(0,) * n, current_bet=0)
        if self._max_runs(s) > 1:
            voters = self._in_hand_order(s)
            return _rep(s, phase="runs", actor=voters[0], votes=(0,) * s.n)
        return self._deal_rest(s, 1)

    def _street_queue(self, s: HandState, street: int) -> tuple[int, ...]:
        k = s.variant.street_cards[street - 1]
        if s.variant.deals_to == "board":
            return (-1,) * k
        return tuple(self._in_hand_order(s)) * k

    def _in_hand_order(self, s: HandState) -> list[int]:
        b = s.setup.seats.index(s.setup.button)
        return [i for i in order_from_button(s.n, b) if not s.folded[i]]

    def _max_runs(self, s: HandState) -> int:
        v = s.variant
        if v.run_it_max < 2 or v.deals_to != "board" or s.setup.format == "all_in_or_fold":
            return 1
        rest = sum(v.street_cards[s.street:])
        if rest == 0:
            return 1
        return max(1, min(v.run_it_max, len(s.deck) // rest))

    def _vote(self, s: HandState, i: int, d: Decision) -> HandState:
        times = d.args.get("times")
        top = self._max_runs(s)
        if type(times) is not int or not 1 <= times <= top:
            raise IllegalAction(f"run it 1 to {top} times, got {times!r}")
        votes = _set(s.votes, i, times)
        events = self._record(s, d)
        voters = self._in_hand_order(s)
        for j in voters:
            if votes[j] == 0:
                return _rep(s, votes=votes, events=events, actor=j)
        runs = min(votes[j] for j in voters)  # more than once only if all agree (000 §12.12.3)
        events += (Event(len(events), "runs_agreed", {"times": runs}),)
        return self._deal_rest(_rep(s, votes=votes, events=events), runs)

    def _deal_rest(self, s: HandState, runs: int) -> HandState:
        v = s.variant
        rest = v.street_cards[s.street:]
        if v.deals_to == "board":
            queue = tuple(-1 - r for r in range(runs) for k in rest for _ in range(k))
        else:
            live = self._in_hand_order(s)
            queue = tuple(i for k in rest for _ in range(k) for i in live)
        s = _rep(s, boards=(s.boards[0],) * runs, phase="deal", queue=queue, actor=-1)
        if not queue:
            return self._finish(_rep(s, street=v.streets - 1))
        return s

    # -- the end ----------------------------------------------------------------------------------

    def _misdeal(self, s: HandState, reason: str) -> HandState:
        """000 §12.12.3 Misdeal: a player got a wrong number of cards: the hand is annulled and
        every bet goes back (the card room deals the hand again, same button)."""
        result = HandResult(won=(0,) * s.n, returned=s.committed, rake=0, pots=(), shown={},
                            mucked=(), misdeal=True)
        events = _ev(s, "decision", {"name": "misdeal", "args": {"seat": DEALER, "reason": reason}})
        s = _rep(s, events=events)
        s = _rep(s, events=_ev(s, "misdeal", {"returned": {str(seat): c for seat, c in zip(s.setup.seats, s.committed, strict=True)}}))
        return _rep(s, phase="done", result=result, actor=-1, queue=())

    def _finish(self, s: HandState) -> HandState:
        v = s.variant
        n = s.n
        seats = s.setup.seats
        b = seats.index(s.setup.button)
        order = order_from_button(n, b)
        pots, uncalled = build_pots(s.committed, s.folded)
        live = [i for i in order if not s.folded[i]]
        flop_seen = s.street >= 1
        rakes = pot_rake(s.setup.rake, [p.amount for p in pots], flop_seen)
        runs = len(s.boards)
        showdown = len(live) > 1
        values: list[list[int]] = []
        if showdown:  # one compiled call per board; a folded hand is -1
            holes = [s.hole[i] for i in live]
            for r in range(runs):
                row = [-1] * n
                for i, x in zip(live, hand_values(v.ranking, holes, s.boards[r]), strict=True):
                    row[i] = x
                values.append(row)
        won = [0] * n
        pot_results = []
        winners_any: set[int] = set()
        for pot, rake in zip(pots, rakes, strict=True):
            pr = self._award(pot, rake, values, order, runs, won, winners_any)
            pot_results.append(PotResult(pr.amount, pr.rake, tuple(seats[i] for i in pot.eligible),
                                         {seats[i]: w for i, w in pr.won.items()},
                                         tuple(tuple(seats[i] for i in w) for w in pr.runs)))
        shown: dict[int, tuple[int, ...]] = {}
        mucked: list[int] = []
        if showdown:
            for k, i in enumerate(self._showdown_order(s, live)):
                # all-in hands are tabled; after the first, a hand that wins nothing may be mucked
                must_show = k == 0 or not v.auto_muck or s.runout or s.stacks[i] == 0 or i in winners_any
                if must_show:
                    shown[seats[i]] = s.hole[i]
                else:
                    mucked.append(seats[i])
        rake_total = sum(rakes)
        result = HandResult(won=tuple(won), returned=tuple(uncalled), rake=rake_total,
                            pots=tuple(pot_results), shown=shown, mucked=tuple(mucked), misdeal=False)
        events = s.events
        if showdown:
            events += (Event(len(events), "showdown", {
                "shown": {str(seat): list(c) for seat, c in shown.items()}, "mucked": mucked,
                "boards": [list(bd) for bd in s.boards]}),)
        events += (Event(len(events), "result", {
            "pots": [{"amount": p.amount, "rake": p.rake, "eligible": list(p.eligible),
                      "won": {str(k): w for k, w in p.won.items()}, "runs": [list(w) for w in p.runs]}
                     for p in pot_results],
            "returned": {str(seats[i]): uncalled[i] for i in range(n) if uncalled[i]},
            "rake": rake_total}),)
        return _rep(s, phase="done", result=result, actor=-1, events=events)

    def _award(self, pot: Pot, rake: int, values: list[list[int]], order: list[int], runs: int,
               won: list[int], winners_any: set[int]) -> PotResult:
        net = pot.amount - rake
        got: dict[int, int] = {}
        run_winners: list[tuple[int, ...]] = []
        if len(pot.eligible) == 1:  # everyone else folded, or a side pot nobody else reached
            w = pot.eligible[0]
            got[w] = net
            run_winners.append((w,))
        else:
            for r, part in enumerate(split_runs(net, runs)):
                best = max(values[r][i] for i in pot.eligible)
                ws = tuple(i for i in order if i in pot.eligible and values[r][i] == best)
                run_winners.append(ws)
                for w, amt in split(part, ws, order).items():
                    got[w] = got.get(w, 0) + amt
        for w, amt in got.items():
            won[w] += amt
            winners_any.add(w)
        return PotResult(pot.amount, rake, pot.eligible, got, tuple(run_winners))

    def _showdown_order(self, s: HandState, live: list[int]) -> list[int]:
        """The last bettor or raiser of the final round shows first; if nobody bet, the first
        player left of the button; then clockwise (standard; the rules only say the hands are
        compared)."""
        if s.aggressor >= 0 and s.aggressor in live and not s.runout:
            k = live.index(s.aggressor)
            return live[k:] + live[:k]
        return live

    def settle(self, s: HandState) -> HandSettlement:
        if s.result is None:
            raise IllegalAction("the hand is not over")
        r = s.result
        bets = []
        for i, seat in enumerate(s.setup.seats):
            back = r.won[i] + r.returned[i]
            stake = s.committed[i]
            outcome = "push" if r.misdeal else ("win" if back > stake else ("lose" if back == 0 else "partial"))
            bets.append(BetResult(seat, "hand", stake, back, outcome))
        return HandSettlement(s.currency, tuple(bets), rake=r.rake)


def replay_hand(engine: PokerEngine, variant: PokerVariant, events: Sequence[Event]) -> HandSettlement:
    """Rebuild a hand from its record (live events or their JSON form): the same events and
    settlement must come out, else :class:`ReplayMismatch`."""
    return cast(HandSettlement, replay_seated(engine, variant, events, setup_from_record))


REFERENCE: Final = PokerEngine()


@dataclass(frozen=True, slots=True)
class Bot:
    """Per-mille habits: ``fold`` facing a bet, ``bet`` when it may bet or raise, ``shove`` (of
    its bets, all-in), ``runs`` (of its run-it votes, the most runs offered)."""

    source: RandomSource
    fold: int = 200
    bet: int = 250
    shove: int = 100
    runs: int = 500
    strength: bool = True

    def __call__(self, state: HandState, legal: list[Decision]) -> Decision:
        # legal_actions' order: fold, check or call, then bet/raise to the least and to the most
        # (PokerEngine.raise_range); run_it 1..k; at All-in or Fold: fold, [check], all_in
        r = self.source.randbelow
        last = legal[-1]
        if legal[0].name == "run_it":
            return last if r(1000) < self.runs else legal[0]
        if last.name == "all_in":  # All-in or Fold tables
            shove = self.bet + self.shove + (300 if self._strong(state) else 0)
            return last if r(1000) < shove else legal[0]
        strong = self.strength and self._strong(state)
        if last.name in ("bet", "raise") and r(1000) < self.bet + (250 if strong else 0):
            first = legal[2]
            low, high = first.args["to"], last.args["to"]  # the engine's raise_range
            if r(1000) < self.shove or low == high:
                to = high
            else:
                to = low + r(min(high - low, 4 * low) + 1)
            return Decision(last.name, {"seat": first.args["seat"], "to": to})
        passive = legal[1]  # check or call
        if passive.name == "call":
            fold = self.fold * (1 if not self.strength else (0 if strong else 2))
            if r(1000) < fold:
                return legal[0]
        return passive

    @staticmethod
    def _strong(state: HandState) -> bool:
        hole = state.hole[state.actor]
        if len(hole) < 2:
            return False
        a, b = hole[0] >> 2, hole[1] >> 2
        return a == b or (a >= 10 and b >= 10)
