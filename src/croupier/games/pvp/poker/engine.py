"""The multi-player poker hand engine (000 §12.12.3 Hold'em, Omaha, 5 Card Omaha, Short Deck;
000 §12.9 5 Card Stud) on the engine contract of :mod:`croupier.games.base`.

One hand at a table: ``start(variant, setup, currency)`` posts the forced bets (blinds, a straddle
or a no-look all-in before the deal; stud's first-hand bet) and returns an immutable
:class:`HandState`. Then, as for every engine, ``next_draw`` names the chance step the hand waits
for (one ``deal`` draw per street: an index into the ordered k-card deals of the remaining deck, see
:func:`decode_deal`), ``legal_actions`` lists what the player to act may do (each decision names
its ``seat``), ``apply`` returns the next state or raises :class:`IllegalAction` with the reason,
and ``settle`` gives each seat's stake and return with the house's rake (:class:`HandSettlement`:
``total_stake == total_returned + rake``).

Decisions: ``fold``, ``check``, ``call``, ``bet``/``raise`` ``{"to": total}`` (the player's whole
bet for the round after the raise), ``all_in`` (All-in or Fold tables only), ``fast_fold`` (Rush &
Cash: at any time), ``run_it`` ``{"times": 1..3}`` (when all-in), and the dealer's ``misdeal``
(``{"seat": "dealer", "reason": ...}``). Every decision but the dealer's carries ``{"seat": n}``.
Rules, clause by clause, and every ASSUMPTION: docs/pvp_poker.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, Final, cast

from croupier.errors import IllegalAction, InvalidBet, RoundFinished
from croupier.games.base import (
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    replay_seated,
)
from croupier.games.pvp.poker.evaluate import hand_values, open_cards_key
from croupier.games.pvp.poker.pots import build_pots, split_runs
from croupier.games.pvp.poker.rake import pot_rake
from croupier.games.pvp.poker.state import (
    FORMATS,
    HandResult,
    HandSettlement,
    HandSetup,
    HandState,
    PotResult,
    deal_count,
    encode_deal,
    order_from_button,
    setup_from_record,
)
from croupier.games.pvp.poker.variant import PokerVariant
from croupier.money import currency as money_currency

__all__ = ["ENGINE", "FORMATS", "HandSettlement", "HandSetup", "HandState", "PokerEngine",
           "encode_deal", "replay_hand"]

#: formats where the Straddle and the No-Look All-In are banned (000 §12.12.3)
NO_PREDEAL: Final = frozenset({"rush", "all_in_or_fold", "tournament"})
DEALER: Final = "dealer"

_STANDARD_DECK: Final = tuple(range(8, 60))
_SHORT_DECK: Final = tuple(range(24, 60))  # ranks 6..A


# -- helpers ------------------------------------------------------------------------------------


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    out = list(t)
    out[i] = v
    return tuple(out)


_FIELD: Final = {f: i for i, f in enumerate(HandState._fields)}
_new = tuple.__new__


def _put(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``t`` with entry ``i`` replaced (a list copy: cheaper than slicing and unpacking)."""
    out = list(t)
    out[i] = value
    return tuple(out)
_ACTOR, _VOTES, _EVENTS = (_FIELD[k] for k in ("actor", "votes", "events"))


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


#: each seat's fold, check, call and all_in (legal_actions' common entries), made once
_SIMPLE: dict[int, tuple[Decision, Decision, Decision, Decision]] = {}
#: each seat's run_it 1..k decisions (the vote on running the rest more than once)
_RUNS: dict[tuple[int, int], tuple[Decision, ...]] = {}
#: the deal request of each (deck size, cards to deal): frozen, so one object serves every hand
_DRAWS: dict[tuple[int, int], DrawRequest] = {}


def _all_ints(xs: Sequence[Any]) -> bool:
    """Every item is an int (not a bool, not a float): the table input's type check."""
    for x in xs:
        if type(x) is not int:
            return False
    return True


@cache
def _rest_cards(street_cards: tuple[int, ...], street: int) -> int:
    """The cards still to come after betting round ``street``."""
    return sum(street_cards[street:])


def _simples(seat: int) -> tuple[Decision, Decision, Decision, Decision]:
    out = (_simple("fold", seat), _simple("check", seat), _simple("call", seat), _simple("all_in", seat))
    if len(_SIMPLE) < 4096:  # seat numbers are few; never grow without bound
        _SIMPLE[seat] = out
    return out


def _next_of(folded: Sequence[bool], stacks: Sequence[int], acted: Sequence[int], bets: Sequence[int],
             current: int, start: int) -> int:
    """The first player from ``start`` (clockwise, inclusive) who must act, or -1 when the
    round is closed (nobody left to act, or one player left who can act and has matched)."""
    n = len(stacks)
    able = 0
    first = -1
    for k in range(n):
        i = start + k
        if i >= n:
            i -= n
        if folded[i] or not stacks[i]:
            continue
        able += 1
        if first < 0:
            if bets[i] < current:  # he must act, and the round is open whoever else can act
                return i
            if acted[i] < 0:
                if able >= 2:
                    return i
                first = i
        else:  # a second player who can act: the round is open
            return first
    # nobody must act; or only the first who must has matched and nobody else can act
    return -1


def _ev(s: HandState, typ: str, data: Mapping[str, Any]) -> tuple[Event, ...]:
    return s.events + (Event(len(s.events), typ, data),)


# -- the engine ---------------------------------------------------------------------------------


class PokerEngine:
    """Player-vs-player poker hands. Stateless: every method is a function of its arguments."""

    game = "pvp_poker"

    # -- starting a hand ------------------------------------------------------------------------

    def start(self, variant: PokerVariant, setup: HandSetup, currency: str) -> HandState:
        n = self._check_setup(variant, setup, currency)
        seats = setup.seats
        b = seats.index(setup.button)
        bb = setup.big_blind
        stacks = list(setup.stacks)
        bets = [0] * n
        events: list[Event] = []

        def post(i: int, amount: int, kind: str) -> None:
            pay = min(amount, stacks[i])
            stacks[i] -= pay
            bets[i] += pay
            events.append(_new(Event, (len(events) + 1, "posted", {"seat": seats[i], "kind": kind, "amount": pay})))

        first_after = b  # action starts after this player
        min_raise = bb
        raises = 1
        if variant.forced_bets == "blinds":
            sb_i, bb_i = (b, (b + 1) % n) if n == 2 else ((b + 1) % n, (b + 2) % n)
            post(sb_i, bb // 2, "small_blind")
            post(bb_i, bb, "big_blind")
            first_after = bb_i
            for seat, kind in setup.predeal:
                i = seats.index(seat)
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
        queue = (*range(b + 1, n), *range(b + 1)) * variant.hole_cards  # one card at a time from the dealer's left
        rake = setup.rake
        head = _new(Event, (0, "round_started", {
            "currency": currency, "game": variant.game, "variant": variant.name,
            "seats": list(seats), "stacks": list(setup.stacks), "button": setup.button,
            "big_blind": bb, "format": setup.format,
            "predeal": [[s, k] for s, k in setup.predeal],
            "rake": None if rake is None else {
                "percent": str(rake.percent), "cap": rake.cap, "no_flop_no_drop": rake.no_flop_no_drop},
        }))
        committed = tuple(bets)
        # a short forced bet does not lower the bet to call: the big blind stands (standard)
        return _new(HandState, (
            variant, setup, currency, "deal", 0, deck, queue, ((),) * n, ((),), tuple(stacks), committed,
            committed, (False,) * n, (-1,) * n, first_after, max(*bets, bb), min_raise, raises, -1, False,
            (0,) * n, None, (head, *events)))

    def _check_setup(self, v: PokerVariant, s: HandSetup, currency: str) -> int:
        money_currency(currency)  # UnknownCurrency for a code Croupier does not keep
        seats = s.seats
        if not isinstance(seats, tuple) or not _all_ints(seats):
            raise InvalidBet(f"seats must be a tuple of seat numbers, got {seats!r}")
        if list(seats) != sorted(set(seats)):
            raise InvalidBet(f"each seat once, ascending: got {seats!r} (one player cannot hold two seats)")
        n = len(seats)
        if not v.min_players <= n <= v.max_players:
            raise InvalidBet(f"{v.title} is played by {v.min_players} to {v.max_players} players, got {n}")
        stacks = s.stacks
        if len(stacks) != n or not _all_ints(stacks) or min(stacks) <= 0:
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
        if s.predeal == ():  # the usual hand: no bet before the deal
            return n
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
        key = (len(s.deck), len(s.queue))
        req = _DRAWS.get(key)
        if req is None:
            req = DrawRequest("deal", deal_count(*key))
            if len(_DRAWS) < 4096:  # decks are small: a few hundred (deck, k) pairs at most
                _DRAWS[key] = req
        return req

    def _deal(self, s: HandState, value: int) -> HandState:
        (variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, bets, committed,
         folded, acted, actor, current, min_raise, raises, aggressor, runout, votes, result, events) = s
        k = len(queue)
        total = deal_count(len(deck), k)
        if type(value) is not int or not 0 <= value < total:
            raise IllegalAction(f"a deal index is in [0, {total}), got {value!r}")
        left = list(deck)
        pop = left.pop
        v = value
        cards = []
        for m in range(len(left), len(left) - k, -1):  # decode_deal, inline
            v, idx = divmod(v, m)
            cards.append(pop(idx))
        hole_l = list(hole)
        boards_l = list(boards)
        # where each card went: [seat, card, face_up] or ["board", card, run]
        public: list[list[Any]] = []
        down = variant.down_cards
        seats = setup.seats
        for target, c in zip(queue, cards, strict=True):
            if target >= 0:
                h = hole_l[target]
                public.append([seats[target], c, len(h) >= down])
                hole_l[target] = (*h, c)
            else:
                r = -1 - target
                boards_l[r] = (*boards_l[r], c)
                public.append(["board", c, r])
        e = len(events)
        events = (*events, _new(Event, (e, "draw", {"kind": "deal", "value": value})),
                  _new(Event, (e + 1, "dealt", {"street": street, "cards": public})))
        hole = tuple(hole_l)
        boards = tuple(boards_l)
        deck = tuple(left)
        queue = ()
        if folded.count(False) == 1:
            return self._finish(_new(HandState, (
                variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, bets, committed,
                folded, acted, actor, current, min_raise, raises, aggressor, runout, votes, result, events)))
        if runout:
            return self._finish(_new(HandState, (
                variant, setup, currency, phase, variant.streets - 1, deck, queue, hole, boards, stacks, bets,
                committed, folded, acted, actor, current, min_raise, raises, aggressor, runout, votes, result,
                events)))
        n = len(stacks)
        if variant.first_to_act == "open_cards":
            first = self._first_to_act(s, hole)
        elif street == 0:
            first = actor + 1 if actor + 1 < n else 0  # after the big blind or the pre-deal bettor (start())
        else:
            b = seats.index(setup.button) + 1
            first = b if b < n else 0
        nxt = _next_of(folded, stacks, acted, bets, current, first)  # dealing changes no stack, bet or fold
        out = _new(HandState, (
            variant, setup, currency, "bet", street, deck, queue, hole, boards, stacks, bets, committed,
            folded, acted, nxt, current, min_raise, raises, aggressor, runout, votes, result, events))
        if nxt < 0:
            return self._close_round(out)
        return out

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
        phase = s.phase
        if phase != "bet":
            if phase == "runs":
                seat = s.setup.seats[s.actor]
                top = self._max_runs(s)
                runs = _RUNS.get((seat, top))
                if runs is None:
                    runs = tuple(_simple("run_it", seat, k) for k in range(1, top + 1))
                    if len(_RUNS) < 4096:
                        _RUNS[(seat, top)] = runs
                return [*runs]
            return []
        i = s.actor
        if i < 0:
            return []
        setup = s.setup
        seat = setup.seats[i]
        simple = _SIMPLE.get(seat)
        if simple is None:
            simple = _simples(seat)
        fold, check, call, all_in = simple
        current = s.current_bet
        bet_i = s.bets[i]
        to_call = current - bet_i
        if setup.format == "all_in_or_fold":
            return [fold, check, all_in] if to_call == 0 else [fold, all_in]
        passive = check if to_call == 0 else call
        # raise_range, inline (the hot path asks once per decision)
        stack = s.stacks[i]
        if stack <= to_call:
            return [fold, passive]
        acted = s.acted[i]
        if acted >= 0 and current - acted < s.min_raise:
            return [fold, passive]
        v = s.variant
        all_in_to = bet_i + stack
        structure = v.structure
        if structure == "fixed_limit":
            if s.raises >= v.max_bets_per_round:
                return [fold, passive]
            target = current + v.bet_unit(s.street, setup.big_blind)
            low = high = target if all_in_to >= target else all_in_to
        else:
            low = current + s.min_raise
            if all_in_to <= low:
                low = high = all_in_to
            elif structure == "pot_limit":
                high = min(all_in_to, current + sum(s.committed) + to_call)
                if high < low:
                    high = low
            else:
                high = all_in_to
        name = "raise" if current else "bet"
        if high == low:
            return [fold, passive, Decision(name, {"seat": seat, "to": low})]
        return [fold, passive, Decision(name, {"seat": seat, "to": low}), Decision(name, {"seat": seat, "to": high})]

    def is_finished(self, s: HandState) -> bool:
        return s.phase == "done"

    def apply(self, s: HandState, action: DrawAction | Decision) -> HandState:
        phase = s.phase
        if phase == "bet" and type(action) is Decision:  # the hot path: the player to act decides
            name = action.name
            if name != "misdeal" and name != "fast_fold":
                i = s.actor
                if i >= 0 and s.setup.seats[i] == action.args.get("seat"):
                    return self._bet_action(s, i, action)
        elif phase == "deal" and type(action) is DrawAction and action.kind == "deal":
            return self._deal(s, action.value)
        elif phase == "runs" and type(action) is Decision and action.name == "run_it":
            i = s.actor
            if i >= 0 and s.setup.seats[i] == action.args.get("seat"):
                return self._vote(s, i, action)
        if phase == "done":
            raise RoundFinished("the hand is over")
        if isinstance(action, DrawAction):
            if phase != "deal" or action.kind != "deal":
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
        if phase == "deal":
            raise IllegalAction("the cards are being dealt: wait for your turn")
        if s.actor != i:
            raise IllegalAction(f"out of turn: seat {s.setup.seats[s.actor]} is to act, not seat {seat}")
        if phase == "runs":
            return self._vote(s, i, action)
        return self._bet_action(s, i, action)

    def _record(self, s: HandState, d: Decision) -> tuple[Event, ...]:
        return _ev(s, "decision", {"name": d.name, "args": dict(d.args)})

    def _bet_action(self, s: HandState, i: int, d: Decision) -> HandState:
        """A betting decision: checked against ``s``, then the next state made at once from
        the changed fields (the hot path: one new state per decision, no intermediate)."""
        (variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, bets, committed,
         folded, acted, _actor, current, min_raise, raises, aggressor, runout, votes, result, events) = s
        name = d.name
        bet_i = bets[i]
        to_call = current - bet_i
        aof = setup.format == "all_in_or_fold"
        if name == "fold":
            folded = _put(folded, i, True)
        elif name == "check":
            if to_call and aof:
                raise IllegalAction(f"{name!r}: at All-in or Fold tables the only actions are all_in and fold (000 §12.12.3)")
            if to_call:
                raise IllegalAction(f"you cannot check: {to_call} to call")
            acted = _put(acted, i, current)
        elif name == "call" and not aof:
            if not to_call:
                raise IllegalAction("there is nothing to call: check")
            stack = stacks[i]
            pay = to_call if to_call < stack else stack
            stacks = _put(stacks, i, stack - pay)
            bets = _put(bets, i, bet_i + pay)
            committed = _put(committed, i, committed[i] + pay)
            acted = _put(acted, i, current)
        elif name == "all_in":
            if not aof:
                raise IllegalAction("all_in is the All-in or Fold action: here bet, raise or call your chips")
            stack = stacks[i]
            shove = bet_i + stack
            stacks = _put(stacks, i, 0)
            bets = _put(bets, i, shove)
            committed = _put(committed, i, committed[i] + stack)
            if shove <= current:
                acted = _put(acted, i, current)
            else:
                inc = shove - current
                acted = _put(acted, i, shove)
                if inc >= min_raise:
                    min_raise = inc
                    raises += 1
                current = shove
                aggressor = i
        elif (name == "bet" or name == "raise") and not aof:
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
            inc = to - current
            amount = to - bet_i
            stacks = _put(stacks, i, stacks[i] - amount)
            bets = _put(bets, i, to)
            committed = _put(committed, i, committed[i] + amount)
            acted = _put(acted, i, to)
            if inc >= min_raise:
                min_raise = inc
                raises += 1
            current = to
            aggressor = i
        elif aof:
            raise IllegalAction(f"{name!r}: at All-in or Fold tables the only actions are all_in and fold (000 §12.12.3)")
        else:
            raise IllegalAction(f"unknown action {name!r}; legal: fold, check, call, bet, raise")
        events = (*events, _new(Event, (len(events), "decision", {"name": name, "args": dict(d.args)})))
        if name == "fold" and folded.count(False) == 1:
            return self._finish(_new(HandState, (
                variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, bets, committed,
                folded, acted, _actor, current, min_raise, raises, aggressor, runout, votes, result, events)))
        # the next player to act, or the round closed
        nxt = _next_of(folded, stacks, acted, bets, current, i + 1 if i + 1 < len(stacks) else 0)
        out = _new(HandState, (
            variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, bets, committed,
            folded, acted, nxt if nxt >= 0 else _actor, current, min_raise, raises, aggressor, runout, votes,
            result, events))
        if nxt < 0:
            return self._close_round(out)
        return out

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
        (variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, bets, committed,
         folded, acted, actor, current, min_raise, raises, aggressor, runout, votes, result, events) = s
        events = (*events, _new(Event, (len(events), "round_closed", {"street": street, "pot": sum(committed)})))
        if street == variant.streets - 1 or folded.count(False) == 1:
            return self._finish(_new(HandState, (
                variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, bets, committed,
                folded, acted, actor, current, min_raise, raises, aggressor, runout, votes, result, events)))
        n = len(stacks)
        able = 0
        for i in range(n):
            if stacks[i] and not folded[i]:
                able += 1
        if able >= 2:
            street += 1
            bb = setup.big_blind
            unit = variant.bet_unit(street, bb) if variant.structure == "fixed_limit" else bb
            k = variant.street_cards[street - 1]
            if variant.deals_to == "board":
                queue = (-1,) * k
            else:
                queue = tuple(self._in_hand_order(s)) * k
            return _new(HandState, (
                variant, setup, currency, "deal", street, deck, queue, hole, boards, stacks, (0,) * n, committed,
                folded, (-1,) * n, -1, 0, unit, 0, -1, runout, votes, result, events))
        # all-in: no more betting; the rest is dealt (once, or twice/three times if all agree)
        s = _new(HandState, (
            variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, (0,) * n, committed,
            folded, acted, -1, 0, min_raise, raises, aggressor, True, votes, result, events))
        if self._max_runs(s) > 1:
            voters = self._in_hand_order(s)
            return _rep(s, phase="runs", actor=voters[0], votes=(0,) * n)
        return self._deal_rest(s, 1)

    def _street_queue(self, s: HandState, street: int) -> tuple[int, ...]:
        k = s.variant.street_cards[street - 1]
        if s.variant.deals_to == "board":
            return (-1,) * k
        return tuple(self._in_hand_order(s)) * k

    def _in_hand_order(self, s: HandState) -> list[int]:
        b = s.setup.seats.index(s.setup.button) + 1
        folded = s.folded
        return [i for i in (*range(b, len(folded)), *range(b)) if not folded[i]]  # from the button's left

    def _max_runs(self, s: HandState) -> int:
        v = s.variant
        if v.run_it_max < 2 or v.deals_to != "board" or s.setup.format == "all_in_or_fold":
            return 1
        rest = _rest_cards(v.street_cards, s.street)
        if rest == 0:
            return 1
        return max(1, min(v.run_it_max, len(s.deck) // rest))

    def _vote(self, s: HandState, i: int, d: Decision) -> HandState:
        times = d.args.get("times")
        top = self._max_runs(s)
        if type(times) is not int or not 1 <= times <= top:
            raise IllegalAction(f"run it 1 to {top} times, got {times!r}")
        votes = _put(s.votes, i, times)
        events = s.events
        events = (*events, _new(Event, (len(events), "decision", {"name": d.name, "args": dict(d.args)})))
        voters = self._in_hand_order(s)
        for j in voters:
            if votes[j] == 0:
                f = list(s)
                f[_VOTES] = votes
                f[_EVENTS] = events
                f[_ACTOR] = j
                return _new(HandState, f)
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
        (variant, setup, currency, phase, street, deck, queue, hole, boards, stacks, bets, committed,
         folded, acted, actor, current, min_raise, raises, aggressor, runout, votes, result, events) = s
        n = len(stacks)
        seats = setup.seats
        b = seats.index(setup.button) + 1
        order = [*range(b, n), *range(b)]  # order_from_button
        pots, uncalled = build_pots(committed, folded)
        live = [i for i in order if not folded[i]]
        rakes = pot_rake(setup.rake, [p[0] for p in pots], street >= 1) if setup.rake is not None else [0] * len(pots)
        runs = len(boards)
        won = [0] * n
        pot_results = []
        showdown = len(live) > 1
        if not showdown:  # everyone else folded: every pot is the last player's
            w = live[0]
            ws = seats[w]
            one = (ws,)
            for (amount, eligible), rake in zip(pots, rakes, strict=True):
                net = amount - rake
                won[w] += net
                pot_results.append(_new(PotResult, (amount, rake, tuple([seats[i] for i in eligible]),
                                                    {ws: net}, (one,))))
            winners_any = {w}
        else:
            values: list[list[int]] = []
            holes = [hole[i] for i in live]
            for r in range(runs):  # one compiled call per board; a folded hand is -1
                row = [-1] * n
                for i, x in zip(live, hand_values(variant.ranking, holes, boards[r]), strict=True):
                    row[i] = x
                values.append(row)
            winners_any = set()
            for (amount, eligible), rake in zip(pots, rakes, strict=True):  # _award, inline
                net = amount - rake
                got: dict[int, int] = {}
                run_winners: list[tuple[int, ...]] = []
                if len(eligible) == 1:  # a side pot nobody else reached
                    got[eligible[0]] = net
                    run_winners.append(eligible)
                else:
                    for row, part in zip(values, (net,) if runs == 1 else split_runs(net, runs), strict=True):
                        best = max([row[i] for i in eligible])
                        ws = tuple([i for i in order if i in eligible and row[i] == best])
                        run_winners.append(ws)
                        share, odd = divmod(part, len(ws))  # pots.split: odd units clockwise from the button's left
                        for j, w in enumerate(ws):
                            got[w] = got.get(w, 0) + share + (1 if j < odd else 0)
                for w, amt in got.items():
                    won[w] += amt
                    winners_any.add(w)
                pot_results.append(_new(PotResult, (amount, rake, tuple([seats[i] for i in eligible]),
                                                    {seats[i]: x for i, x in got.items()},
                                                    tuple([tuple([seats[i] for i in w]) for w in run_winners]))))
        shown: dict[int, tuple[int, ...]] = {}
        mucked: list[int] = []
        if showdown:
            auto_muck = variant.auto_muck
            for k, i in enumerate(self._showdown_order(s, live)):
                # all-in hands are tabled; after the first, a hand that wins nothing may be mucked
                if k == 0 or not auto_muck or runout or stacks[i] == 0 or i in winners_any:
                    shown[seats[i]] = hole[i]
                else:
                    mucked.append(seats[i])
        rake_total = sum(rakes)
        result = _new(HandResult, (tuple(won), tuple(uncalled), rake_total, tuple(pot_results), shown,
                                   tuple(mucked), False))
        e = len(events)
        if showdown:
            events = (*events, _new(Event, (e, "showdown", {
                "shown": {str(seat): list(c) for seat, c in shown.items()}, "mucked": mucked,
                "boards": [list(bd) for bd in boards]})))
            e += 1
        events = (*events, _new(Event, (e, "result", {
            "pots": [{"amount": p.amount, "rake": p.rake, "eligible": list(p.eligible),
                      "won": {str(k): w for k, w in p.won.items()}, "runs": [list(w) for w in p.runs]}
                     for p in pot_results],
            "returned": {str(seats[i]): uncalled[i] for i in range(n) if uncalled[i]},
            "rake": rake_total})))
        return _new(HandState, (
            variant, setup, currency, "done", street, deck, queue, hole, boards, stacks, bets, committed,
            folded, acted, -1, current, min_raise, raises, aggressor, runout, votes, result, events))

    def _showdown_order(self, s: HandState, live: list[int]) -> list[int]:
        """The last bettor or raiser of the final round shows first; if nobody bet, the first
        player left of the button; then clockwise (standard; the rules only say the hands are
        compared)."""
        if s.aggressor >= 0 and s.aggressor in live and not s.runout:
            k = live.index(s.aggressor)
            return live[k:] + live[:k]
        return live

    def settle(self, s: HandState) -> HandSettlement:
        r = s.result
        if r is None:
            raise IllegalAction("the hand is not over")
        misdeal = r.misdeal
        won, returned, committed = r.won, r.returned, s.committed
        bets = []
        for i, seat in enumerate(s.setup.seats):
            back = won[i] + returned[i]
            stake = committed[i]
            outcome = "push" if misdeal else ("win" if back > stake else ("lose" if back == 0 else "partial"))
            bets.append(_new(BetResult, (seat, "hand", stake, back, outcome)))
        return HandSettlement(s.currency, tuple(bets), rake=r.rake)


def replay_hand(engine: PokerEngine, variant: PokerVariant, events: Sequence[Event]) -> HandSettlement:
    """Rebuild a hand from its record (live events or their JSON form): the same events and
    settlement must come out, else :class:`ReplayMismatch`."""
    return cast(HandSettlement, replay_seated(engine, variant, events, setup_from_record))


ENGINE: Final = PokerEngine()
