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

The rules themselves are the compiled core's (:mod:`.core`): every step here checks its input,
calls one core kernel on a copy of the hand's array, words a refusal, and adds the step's events
to the record (docs/pvp_poker.md "The compiled core").
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any, Final, cast

import numpy as np

from croupier.errors import IllegalAction, InvalidBet, RoundFinished
from croupier.games.base import (
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    replay_seated,
)
from croupier.games.pvp.poker import core
from croupier.games.pvp.poker.core import variant_vector
from croupier.games.pvp.poker.rake import MAX_CHIPS, PercentRake
from croupier.games.pvp.poker.state import (
    FORMATS,
    HandSettlement,
    HandSetup,
    HandState,
    deal_count,
    encode_deal,
    setup_from_record,
)
from croupier.games.pvp.poker.variant import PokerVariant
from croupier.money import currency as money_currency

__all__ = ["ENGINE", "FORMATS", "HandSettlement", "HandSetup", "HandState", "PokerEngine",
           "encode_deal", "replay_hand", "variant_vector"]

#: formats where the Straddle and the No-Look All-In are banned (000 §12.12.3)
NO_PREDEAL: Final = frozenset({"rush", "all_in_or_fold", "tournament"})
DEALER: Final = "dealer"

_new = tuple.__new__
_CODES: Final = {"fold": core.C_FOLD, "check": core.C_CHECK, "call": core.C_CALL, "all_in": core.C_ALL_IN,
                 "bet": core.C_BET, "raise": core.C_RAISE}
_NO_RAKE: Final = np.array([0, 1, -1, 0], dtype=np.int64)
_BIG: Final = 1 << 62  # an amount past any stack (the core's integers are 64-bit)

# -- helpers ------------------------------------------------------------------------------------

#: the decisions without an amount (fold, check, call, all_in; run_it k times) of each seat,
#: made once: their args are read-only (every consumer copies them), so one object serves
#: every hand
_SHARED: dict[tuple[str, int, int], Decision] = {}
#: each seat's fold, check, call and all_in (legal_actions' common entries), made once
_SIMPLE: dict[int, tuple[Decision, Decision, Decision, Decision]] = {}
#: each seat's run_it 1..k decisions (the vote on running the rest more than once)
_RUNS: dict[tuple[int, int], tuple[Decision, ...]] = {}
#: the deal request of each (deck size, cards to deal): frozen, so one object serves every hand
_DRAWS: dict[tuple[int, int], DrawRequest] = {}


def _simple(name: str, seat: int, times: int = 0) -> Decision:
    """The shared decision ``name`` of ``seat`` (``times``: run_it's count)."""
    d = _SHARED.get((name, seat, times))
    if d is None:
        args = {"seat": seat, "times": times} if times else {"seat": seat}
        d = Decision(name, MappingProxyType(args))
        if len(_SHARED) < 4096:  # seat numbers are few; never grow without bound
            _SHARED[(name, seat, times)] = d
    return d


def _simples(seat: int) -> tuple[Decision, Decision, Decision, Decision]:
    out = _SIMPLE.get(seat)
    if out is None:
        out = (_simple("fold", seat), _simple("check", seat), _simple("call", seat), _simple("all_in", seat))
        if len(_SIMPLE) < 4096:
            _SIMPLE[seat] = out
    return out


def _all_ints(xs: Sequence[Any]) -> bool:
    """Every item is an int (not a bool, not a float): the table input's type check."""
    for x in xs:
        if type(x) is not int:
            return False
    return True


def rake_vector(rule: PercentRake | None) -> Any:
    """The table's rake as the core reads it: numerator, denominator (numerator 0: no pot
    rake), cap (-1: none), no flop no drop."""
    if rule is None:
        return _NO_RAKE
    return np.array([rule.percent.numerator, rule.percent.denominator, -1 if rule.cap is None else rule.cap,
                     int(rule.no_flop_no_drop)], dtype=np.int64)


def _clamp(x: int) -> int:
    return -_BIG if x < -_BIG else (_BIG if x > _BIG else x)


# -- the engine ---------------------------------------------------------------------------------


class PokerEngine:
    """Player-vs-player poker hands. Stateless: every method is a function of its arguments.
    The rules are the compiled core's (:mod:`.core`); this class checks the input, words the
    refusals and keeps the event record."""

    game = "pvp_poker"

    # -- starting a hand ------------------------------------------------------------------------

    def start(self, variant: PokerVariant, setup: HandSetup, currency: str) -> HandState:
        self._check_setup(variant, setup, currency)
        seats = setup.seats
        pre_i, pre_kind = -1, core.PRE_NONE
        if setup.predeal and variant.forced_bets == "blinds":
            seat, kind = setup.predeal[0]
            pre_i = seats.index(seat)
            pre_kind = core.PRE_STRADDLE if kind == "straddle" else core.PRE_NOLOOK
        rake = setup.rake
        rk = rake_vector(rake)
        st = np.empty(core.SIZE, dtype=np.int64)
        core.start(variant_vector(variant), st, np.array(setup.stacks, dtype=np.int64), seats.index(setup.button),
                   setup.big_blind, core.FORMAT_CODES[setup.format], pre_i, pre_kind, rk)
        events = [_new(Event, (0, "round_started", {
            "currency": currency, "game": variant.game, "variant": variant.name,
            "seats": list(seats), "stacks": list(setup.stacks), "button": setup.button,
            "big_blind": setup.big_blind, "format": setup.format,
            "predeal": [[s, k] for s, k in setup.predeal],
            "rake": None if rake is None else {
                "percent": str(rake.percent), "cap": rake.cap, "no_flop_no_drop": rake.no_flop_no_drop},
        }))]
        posts = st[core.A_POSTS:core.A_POSTS + 3 * int(st[core.S_NPOST])].tolist()
        for k in range(0, len(posts), 3):
            i, kind, pay = posts[k:k + 3]
            events.append(_new(Event, (len(events), "posted",
                                       {"seat": seats[i], "kind": core.POST_KINDS[kind], "amount": pay})))
        return HandState(variant, setup, currency, st, tuple(events))

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
        if len(stacks) != n or not _all_ints(stacks) or min(stacks) <= 0 or max(stacks) > MAX_CHIPS:
            raise InvalidBet(f"each seat needs a stack of whole minor units, 1 to {MAX_CHIPS:,}, got {s.stacks!r}")
        if s.button not in seats:
            raise InvalidBet(f"the button must be at an occupied seat, got {s.button!r}")
        if s.format not in FORMATS:
            raise InvalidBet(f"unknown table format {s.format!r}; known: {', '.join(FORMATS)}")
        bb = s.big_blind
        if type(bb) is not int or not 0 < bb <= MAX_CHIPS:
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
        a = s.head()
        if a[core.S_PHASE] != core.DEAL:
            return None
        key = (a[core.S_DECK], a[core.S_QLEN])
        req = _DRAWS.get(key)
        if req is None:
            req = DrawRequest("deal", deal_count(*key))
            if len(_DRAWS) < 4096:  # decks are small: a few hundred (deck, k) pairs at most
                _DRAWS[key] = req
        return req

    def _deal(self, s: HandState, value: int) -> HandState:
        a = s.head()
        m, k = a[core.S_DECK], a[core.S_QLEN]
        total = deal_count(m, k)
        if type(value) is not int or not 0 <= value < total:
            raise IllegalAction(f"a deal index is in [0, {total}), got {value!r}")
        left = s.core[core.A_DECK:core.A_DECK + m].tolist()
        picks = []
        cards = []
        v = value
        for size in range(m, m - k, -1):  # state.decode_deal's digits: one pick among the cards left
            v, idx = divmod(v, size)
            picks.append(idx)
            cards.append(left.pop(idx))
        st = s.core.copy()
        core.deal(s.vp, st, np.array(picks, dtype=np.int64))
        # where each card went: [seat, card, face_up] or ["board", card, run]
        seats = s.setup.seats
        down = s.variant.down_cards
        had = s.core[core.A_NHOLE:core.A_NHOLE + a[core.S_N]].tolist()
        queue = s.core[core.A_QUEUE:core.A_QUEUE + k].tolist()
        public: list[list[Any]] = []
        for target, c in zip(queue, cards, strict=True):
            if target >= 0:
                public.append([seats[target], c, had[target] >= down])
                had[target] += 1
            else:
                public.append(["board", c, -1 - target])
        e = len(s.events)
        events = (*s.events, _new(Event, (e, "draw", {"kind": "deal", "value": value})),
                  _new(Event, (e + 1, "dealt", {"street": a[core.S_STREET], "cards": public})))
        return self._after(s, st, events)

    # -- who acts ---------------------------------------------------------------------------------

    def to_act(self, s: HandState) -> int | None:
        """The seat whose decision the hand waits for (None while dealing or when finished)."""
        a = s.head()
        if a[core.S_PHASE] in (core.BET, core.RUNS) and a[core.S_ACTOR] >= 0:
            return s.setup.seats[a[core.S_ACTOR]]
        return None

    # -- limits -----------------------------------------------------------------------------------

    def raise_range(self, s: HandState) -> tuple[int, int] | None:
        """The smallest and largest ``to`` the player to act may bet or raise to (None: he may
        not bet or raise now). Fixed Limit: one amount (000 §12.12.3)."""
        ok, low, high = core.raise_range(s.vp, s.core)
        return (low, high) if ok else None

    def max_runs(self, s: HandState) -> int:
        """How many times the rest may be run now (000 §12.12.3 run it twice / three times)."""
        return int(core.max_runs(s.vp, s.core))

    # -- decisions --------------------------------------------------------------------------------

    def legal_actions(self, s: HandState) -> list[Decision]:
        a = s.head()
        phase = a[core.S_PHASE]
        i = a[core.S_ACTOR]
        if phase == core.RUNS:
            seat = s.setup.seats[i]
            top = self.max_runs(s)
            runs = _RUNS.get((seat, top))
            if runs is None:
                runs = tuple(_simple("run_it", seat, k) for k in range(1, top + 1))
                if len(_RUNS) < 4096:
                    _RUNS[(seat, top)] = runs
            return [*runs]
        if phase != core.BET or i < 0:
            return []
        seat = s.setup.seats[i]
        fold, check, call, all_in = _simples(seat)
        current = a[core.S_CB]
        to_call = current - int(s.core[core.A_BETS + i])
        if a[core.S_FMT] == core.AOF:
            return [fold, check, all_in] if to_call == 0 else [fold, all_in]
        passive = check if to_call == 0 else call
        ok, low, high = core.raise_range(s.vp, s.core)
        if not ok:
            return [fold, passive]
        name = "raise" if current else "bet"
        if high == low:
            return [fold, passive, Decision(name, {"seat": seat, "to": low})]
        return [fold, passive, Decision(name, {"seat": seat, "to": low}), Decision(name, {"seat": seat, "to": high})]

    def is_finished(self, s: HandState) -> bool:
        return s.head()[core.S_PHASE] == core.DONE

    def apply(self, s: HandState, action: DrawAction | Decision) -> HandState:
        a = s.head()
        phase = a[core.S_PHASE]
        if phase == core.BET and type(action) is Decision:  # the hot path: the player to act decides
            name = action.name
            if name != "misdeal" and name != "fast_fold":
                i = a[core.S_ACTOR]
                if i >= 0 and s.setup.seats[i] == action.args.get("seat"):
                    return self._bet_action(s, i, action)
        elif phase == core.DEAL and type(action) is DrawAction and action.kind == "deal":
            return self._deal(s, action.value)
        elif phase == core.RUNS and type(action) is Decision and action.name == "run_it":
            i = a[core.S_ACTOR]
            if i >= 0 and s.setup.seats[i] == action.args.get("seat"):
                return self._vote(s, i, action)
        if phase == core.DONE:
            raise RoundFinished("the hand is over")
        if isinstance(action, DrawAction):
            if phase != core.DEAL or action.kind != "deal":
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
        if phase == core.DEAL:
            raise IllegalAction("the cards are being dealt: wait for your turn")
        if a[core.S_ACTOR] != i:
            raise IllegalAction(f"out of turn: seat {s.setup.seats[a[core.S_ACTOR]]} is to act, not seat {seat}")
        if phase == core.RUNS:
            return self._vote(s, i, action)
        return self._bet_action(s, i, action)

    def _decided(self, s: HandState, d: Decision) -> tuple[Event, ...]:
        """The record with decision ``d`` added."""
        return (*s.events, _new(Event, (len(s.events), "decision", {"name": d.name, "args": dict(d.args)})))

    def _bet_action(self, s: HandState, i: int, d: Decision) -> HandState:
        """A betting decision: the core checks it against ``s`` and moves the hand on."""
        name = d.name
        to = d.args.get("to")
        st = s.core.copy()
        if type(to) is int:
            err = core.act(s.vp, st, i, _CODES.get(name, core.C_OTHER), _clamp(to), True)
        else:
            err = core.act(s.vp, st, i, _CODES.get(name, core.C_OTHER), 0, False)
        if err:
            raise IllegalAction(self._refusal(s, i, name, to, err))
        return self._after(s, st, self._decided(s, d))

    def _refusal(self, s: HandState, i: int, name: str, to: Any, err: int) -> str:
        """The words of the core's refusal ``err`` of ``name`` by player ``i``."""
        current = s.current_bet
        if err == core.E_AOF_ONLY:
            return f"{name!r}: at All-in or Fold tables the only actions are all_in and fold (000 §12.12.3)"
        if err == core.E_CHECK_TO_CALL:
            return f"you cannot check: {current - s.bets[i]} to call"
        if err == core.E_NOTHING_TO_CALL:
            return "there is nothing to call: check"
        if err == core.E_ALL_IN_NOT_AOF:
            return "all_in is the All-in or Fold action: here bet, raise or call your chips"
        if err == core.E_BET_OVER_BET:
            return f"there is a bet of {current} already: raise, not bet"
        if err == core.E_NO_BET:
            return "there is no bet to raise: bet"
        if err == core.E_TO:
            return f"{name} needs 'to', the whole amount of your bet this round, got {to!r}"
        if err == core.E_NO_RAISE:
            return self._why_no_raise(s, i)
        rng = self.raise_range(s)
        if err == core.E_BELOW_MIN and rng is not None:
            return self._below_min(s, to, rng[0])
        if err == core.E_ABOVE_MAX and rng is not None:
            return self._above_max(s, i, to, rng[1])
        return f"unknown action {name!r}; legal: fold, check, call, bet, raise"

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
        st = s.core.copy()
        err = core.fast_fold(s.vp, st, i)
        if err == core.E_FF_FORMAT:
            raise IllegalAction("fast fold (Rush) is only at Rush & Cash tables (000 §12.12.3)")
        if err == core.E_FF_FOLDED:
            raise IllegalAction(f"seat {s.setup.seats[i]} has folded already")
        if err == core.E_FF_ALL_IN:
            raise IllegalAction(f"seat {s.setup.seats[i]} is all-in and cannot fold")
        if err:
            raise IllegalAction("the betting is over: nothing to fold")
        return self._after(s, st, self._decided(s, d))

    def _vote(self, s: HandState, i: int, d: Decision) -> HandState:
        times = d.args.get("times")
        st = s.core.copy()
        if type(times) is not int or core.vote(s.vp, st, i, _clamp(times)):
            raise IllegalAction(f"run it 1 to {self.max_runs(s)} times, got {times!r}")
        return self._after(s, st, self._decided(s, d))

    def _misdeal(self, s: HandState, reason: str) -> HandState:
        """000 §12.12.3 Misdeal: a player got a wrong number of cards: the hand is annulled and
        every bet goes back (the card room deals the hand again, same button)."""
        st = s.core.copy()
        core.misdeal(st)
        events = self._decided(s, Decision("misdeal", {"seat": DEALER, "reason": reason}))
        events = (*events, _new(Event, (len(events), "misdeal", {"returned": {
            str(seat): c for seat, c in zip(s.setup.seats, s.committed, strict=True)}})))
        return HandState(s.variant, s.setup, s.currency, st, events, s.vp)

    # -- the record -------------------------------------------------------------------------------

    def _after(self, s: HandState, st: Any, events: tuple[Event, ...]) -> HandState:
        """The next state from the core array ``st`` the step left, its record ``events`` with
        what the step did besides: a betting round closed, a "run it" agreement, the showdown
        and the result."""
        out = HandState(s.variant, s.setup, s.currency, st, events, s.vp)
        flags = int(st[core.S_FLAGS])
        if not flags:
            return out
        a = out.head()
        e = list(events)
        if flags & core.F_CLOSED:
            e.append(_new(Event, (len(e), "round_closed", {"street": a[core.S_CLOSED], "pot": sum(out.committed)})))
        if flags & core.F_AGREED:
            e.append(_new(Event, (len(e), "runs_agreed", {"times": a[core.S_AGREED]})))
        if flags & core.F_FINISHED:
            r = out.result
            if r is None:  # pragma: no cover - the core sets F_FINISHED only with the hand done
                raise IllegalAction("the hand finished without a result")
            seats = s.setup.seats
            if flags & core.F_SHOWDOWN:
                e.append(_new(Event, (len(e), "showdown", {
                    "shown": {str(seat): list(c) for seat, c in r.shown.items()}, "mucked": list(r.mucked),
                    "boards": [list(bd) for bd in out.boards]})))
            e.append(_new(Event, (len(e), "result", {
                "pots": [{"amount": p.amount, "rake": p.rake, "eligible": list(p.eligible),
                          "won": {str(k): w for k, w in p.won.items()}, "runs": [list(w) for w in p.runs]}
                         for p in r.pots],
                "returned": {str(seats[i]): x for i, x in enumerate(r.returned) if x},
                "rake": r.rake})))
        out.events = tuple(e)
        return out

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
