"""The slot engine: one round is a paid spin, the free spins it wins, and the gamble after a win.

Chance steps (:class:`~croupier.games.base.DrawRequest`), in order:

* a spin: one ``reel`` draw per reel, the stop position in ``[0, len(strip))`` (the window shows
  rows ``stop .. stop + rows - 1`` of the strip, wrapping round); when the window starts 000
  §12.17's bonus, one ``indicator`` draw: the place of the ring where the indicator stops;
* free spins (001 §6.4.3, §6.8.2): further spins of the same round on the free-spin strips, at the
  triggering bet, with no debit; scatters during free spins add spins (retriggers);
* a gamble move: a ``gamble_card`` (the dealer's card, of 52) and for the higher-card gamble a
  ``player_card`` (of the 51 others).

Decisions, once every spin is done and the round has won (001 §6.7.1): ``collect`` (the default)
or ``gamble`` ``{mode, guess, part}``; the gamble's moves are capped at ``max_moves`` (<= 5) and no
move may reach above ``cap_multiple`` x the total bet (001 §6.7.5).

The bet: one ``spin`` bet whose stake is the total bet, target ``(lines,)`` for a lines game (all
lines when empty) and empty for a ways game; the line bet (coin) is ``stake / lines`` (ways:
``stake / bet_multiplier``) and must be one of the variant's steps in the currency (001 §6.5.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import (
    Action,
    BetRequest,
    BetResult,
    Decision,
    DrawRequest,
    Event,
    Settlement,
    checked_draw,
    outcome_label,
)
from croupier.games.slots import gamble as gam
from croupier.games.slots.rules import (
    SpinWin,
    bonus_count,
    bonus_multiple,
    bonus_triggered,
    evaluate,
    window,
)
from croupier.games.slots.variant import SlotVariant
from croupier.money import currency, format_minor


class Gambling(NamedTuple):
    """The gamble in progress: ``banked`` is safe, ``at_risk`` rides on the next move."""

    banked: int
    at_risk: int
    moves: int
    mode: str = ""
    guess: str = ""
    dealer: int = -1  # index in the deck of the pending move's dealer card


class SlotState(NamedTuple):
    variant: SlotVariant
    currency: str
    stake: int
    lines: int
    coin: int
    stops: tuple[int, ...]        # stops drawn so far for the spin in progress
    free_left: int                # free spins still to play
    free_played: int
    in_free: bool                 # the spin in progress is a free spin
    win: int                      # the round's win so far (spins), minor units
    gambling: Gambling | None
    settlement: Settlement | None
    events: tuple[Event, ...]

    @property
    def phase(self) -> str:
        if self.settlement is not None:
            return "settled"
        if self.gambling is not None:
            return "gamble_move" if self.gambling.mode else "decide"
        return "free" if self.in_free else "spin"


class SlotEngine:
    game = "slot"

    # -- opening a round ---------------------------------------------------------------------

    def start(
        self,
        variant: SlotVariant,
        bets: Sequence[BetRequest],
        currency_code: str,
        carried: Sequence[BetRequest] = (),
    ) -> SlotState:
        cur = currency(currency_code)
        if carried:
            raise InvalidBet("a slot carries no bet from round to round")
        if len(bets) != 1:
            raise InvalidBet(f"a slot round is one 'spin' bet (the total bet), got {len(bets)} bets")
        req = bets[0]
        if type(req) is not BetRequest:
            raise InvalidBet(f"{req!r} is not a bet")
        if req.code != "spin":
            raise UnknownBetCode(f"a slot takes the bet 'spin', not {req.code!r}")
        lines = self._lines(variant, req.target)
        stake = req.stake
        if type(stake) is not int or stake <= 0:
            raise InvalidBet(f"the total bet must be a positive whole number of minor units, got {stake!r}")
        units = lines if variant.mode == "lines" else variant.bet_multiplier
        what = "line bet" if variant.mode == "lines" else "coin"
        if stake % units:
            raise InvalidBet(
                f"the total bet {format_minor(stake, cur)} is not a whole {what} x {units}"
                + (" active lines (001 §6.5.2)" if variant.mode == "lines" else " coins")
            )
        coin = stake // units
        if cur.code != "XXX":
            steps = variant.steps.get(cur.code)
            if steps is None:
                have = ", ".join(sorted(variant.steps))
                raise VariantError(f"slot {variant.name!r} is not played in {cur.code}; it is played in {have}")
            if coin not in steps:
                shown = ", ".join(format_minor(s, cur) for s in steps)
                if coin < steps[0]:
                    raise StakeBelowMinimum(f"the {what} {format_minor(coin, cur)} is below the lowest step; steps: {shown}")
                if coin > steps[-1]:
                    raise StakeAboveMaximum(f"the {what} {format_minor(coin, cur)} is above the highest step; steps: {shown}")
                raise InvalidBet(f"the {what} {format_minor(coin, cur)} is not one of the allowed steps: {shown}")
        events = (
            Event(0, "round_started", {"game": "slot", "variant": variant.name, "currency": cur.code}),
            Event(1, "bets_placed", {"bets": (req,), "carried": ()}),
        )
        return SlotState(variant, cur.code, stake, lines, coin, (), 0, 0, False, 0, None, None, events)

    @staticmethod
    def _lines(variant: SlotVariant, target: tuple[int | str, ...]) -> int:
        if variant.mode == "ways":
            if target:
                raise InvalidSelection(f"a ways game has no lines to choose; the target must be empty, got {list(target)}")
            return 1
        if not target:
            return variant.max_lines
        if len(target) != 1 or type(target[0]) is not int:
            raise InvalidSelection(f"the target is the number of active lines, e.g. [{variant.max_lines}]")
        n = target[0]
        if n > variant.max_lines:
            raise InvalidSelection(f"{n} lines: this slot has {variant.max_lines} lines")
        if n < 1:
            raise InvalidSelection(f"at least one line must be active, got {n}")
        return n

    # -- chance steps and decisions ------------------------------------------------------------

    def next_draw(self, state: SlotState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        g = state.gambling
        if g is not None:
            if not g.mode:
                return None
            if g.dealer < 0:
                return DrawRequest("gamble_card", 52)
            return DrawRequest("player_card", 51)
        v = state.variant
        if len(state.stops) == v.reel_count and v.bonus is not None:
            return DrawRequest("indicator", len(v.bonus.ring))  # 000 §12.17
        strips = v.strips(state.in_free)
        return DrawRequest("reel", len(strips[len(state.stops)]))

    def legal_actions(self, state: SlotState) -> list[Decision]:
        g = state.gambling
        if state.settlement is not None or g is None or g.mode:
            return []
        out = [Decision("collect")]
        gv = state.variant.gamble
        if gv is None or g.moves >= gv.max_moves:
            return out
        for part in gv.parts:
            risk = _part(g, part)
            kept = g.banked + g.at_risk - risk
            for mode in gv.modes:
                if kept + risk * gam.MULTIPLIER[mode] > self.cap(state) or risk <= 0:
                    continue
                for guess in gam.GUESSES[mode]:
                    out.append(Decision("gamble", {"mode": mode, "guess": guess, "part": part}))
        return out

    @staticmethod
    def asks_decisions(variant: SlotVariant) -> bool:
        """Whether a round may wait for the player: after a win, when the slot has a gamble."""
        return variant.gamble is not None

    def default_decision(self, state: SlotState) -> Decision | None:
        """The decision taken for a player who does not answer: collect (001 §6.7.1)."""
        return Decision("collect") if self.legal_actions(state) else None

    @staticmethod
    def cap(state: SlotState) -> int:
        gv = state.variant.gamble
        return 0 if gv is None else gv.cap_multiple * state.stake

    def is_finished(self, state: SlotState) -> bool:
        return state.settlement is not None

    def apply(self, state: SlotState, action: Action) -> SlotState:
        if state.settlement is not None:
            if isinstance(action, Decision) and action.name == "gamble":
                if state.settlement.total_returned == 0:
                    raise IllegalAction("there is no win to gamble: the round won nothing")
                if state.variant.gamble is None:
                    raise IllegalAction(f"slot {state.variant.name!r} has no gamble")
                raise RoundFinished("the win was collected; the gamble is over")
            raise RoundFinished("the round is settled; no more draws or decisions")
        if isinstance(action, Decision):
            return self._decide(state, action)
        req = self.next_draw(state)
        if req is None:
            raise IllegalAction("the round waits for a decision (collect or gamble), not a draw")
        value = checked_draw(action, req.kind, req.n)
        if state.gambling is not None:
            return self._gamble_card(state, action.kind, value)
        if action.kind == "indicator":
            events = state.events + (Event(len(state.events), "draw",
                                           {"kind": "indicator", "value": value}),)
            return self._spin_done(state, state.stops, events, value)
        return self._reel(state, value)

    # -- spins -------------------------------------------------------------------------------

    def _reel(self, state: SlotState, value: int) -> SlotState:
        v = state.variant
        stops = state.stops + (value,)
        events = state.events + (Event(len(state.events), "draw",
                                       {"kind": "reel", "value": value, "reel": len(stops)}),)
        if len(stops) < v.reel_count:
            return state._replace(stops=stops, events=events)
        if bonus_triggered(v, window(v.strips(state.in_free), stops, v.rows)):
            return state._replace(stops=stops, events=events)  # the indicator draw comes next
        return self._spin_done(state, stops, events, None)

    def _spin_done(self, state: SlotState, stops: tuple[int, ...], events: tuple[Event, ...],
                   place: int | None) -> SlotState:
        v = state.variant
        strips = v.strips(state.in_free)
        win_ = window(strips, stops, v.rows)
        res = evaluate(v, win_, state.lines)
        fs = v.free_spins
        mult = fs.multiplier if state.in_free and fs is not None else 1
        units = state.lines if v.mode == "lines" else v.bet_multiplier
        bonus = 0 if place is None else bonus_multiple(v, win_, place)
        amount = (res.coins(units) + bonus * units) * state.coin * mult
        capped = False
        if v.max_win_multiple is not None:  # the round's win never passes the cap
            room = v.max_win_multiple * state.stake - state.win
            capped = amount > room
            amount = min(amount, room)
        awarded = 0
        if fs is not None:
            awarded = (fs.retriggers if state.in_free else fs.awards)[res.scatters]
        free_left = state.free_left - (1 if state.in_free else 0) + awarded
        free_played = state.free_played + (1 if state.in_free else 0)
        data = _spin_data(v, state, stops, win_, res, mult, amount, awarded, free_left)
        if capped:
            data["capped_at"] = v.max_win_multiple  # the spin's win was cut to the round cap
        if place is not None and v.bonus is not None:
            image = v.bonus.ring[place]
            data["bonus"] = {"count": bonus_count(v, win_), "place": place,
                             "image": v.symbols[image].code, "odds": v.bonus.odds[image],
                             "shown": bonus > 0 or any(image in col for col in win_),
                             "win": bonus * state.stake * mult}
        events = events + (Event(len(events), "spin", data),)
        new = state._replace(stops=(), free_left=free_left, free_played=free_played,
                             in_free=free_left > 0, win=state.win + amount, events=events)
        if free_left > 0:
            return new
        if new.win > 0 and v.gamble is not None:
            return new._replace(gambling=Gambling(0, new.win, 0))
        return self._settle_now(new, new.win)

    # -- the gamble ----------------------------------------------------------------------------

    def _decide(self, state: SlotState, d: Decision) -> SlotState:
        g = state.gambling
        if g is None:
            if state.in_free or state.free_left:
                raise IllegalAction("free spins are running: no decision until the series ends")
            raise IllegalAction("the reels are spinning: no decision before the spin ends")
        if g.mode:
            raise IllegalAction("a gamble move is waiting for its card")
        if d.name == "collect":
            state = self._log_decision(state, d)
            return self._settle_now(state, g.banked + g.at_risk)
        if d.name != "gamble":
            raise IllegalAction(f"the decisions are collect and gamble, not {d.name!r}")
        gv = state.variant.gamble
        if gv is None:
            raise IllegalAction(f"slot {state.variant.name!r} has no gamble")
        mode = d.args.get("mode")
        guess = d.args.get("guess", "higher" if mode == "higher" else None)
        part = d.args.get("part", "all")
        if mode not in gv.modes:
            raise InvalidSelection(f"this slot's gamble modes are {', '.join(gv.modes)}, not {mode!r}")
        gam.check_guess(str(mode), str(guess))
        if part not in gv.parts:
            raise InvalidSelection(f"this slot's gamble takes {', '.join(gv.parts)} of the win, not {part!r}")
        if g.moves >= gv.max_moves:
            raise IllegalAction(f"the gamble allows at most {gv.max_moves} moves (001 §6.7.2); collect the win")
        risk = _part(g, str(part))
        if risk <= 0:
            raise IllegalAction("half of this win is nothing: gamble all of it or collect")
        reach = g.banked + g.at_risk - risk + risk * gam.MULTIPLIER[str(mode)]
        if reach > self.cap(state):
            cur = currency(state.currency)
            raise IllegalAction(
                f"a {mode} gamble could reach {format_minor(reach, cur)}, above the gamble cap "
                f"{format_minor(self.cap(state), cur)} (001 §6.7.5); collect or gamble less"
            )
        state = self._log_decision(state, Decision("gamble", {"mode": mode, "guess": guess, "part": part}))
        banked = g.banked + g.at_risk - risk
        return state._replace(gambling=Gambling(banked, risk, g.moves, str(mode), str(guess)))

    def _gamble_card(self, state: SlotState, kind: str, value: int) -> SlotState:
        g = state.gambling
        if g is None:  # pragma: no cover - apply routes here only while gambling
            raise IllegalAction("no gamble in progress")
        v = state.variant
        gv = v.gamble
        equal = gv.equal_rank if gv is not None else "push"
        if kind == "gamble_card":
            dealer = gam.DECK[value]
            events = state.events + (Event(len(state.events), "draw", {
                "kind": kind, "value": value, "card": gam.card_names(dealer, None)["dealer_card"]}),)
            if g.mode == "higher":
                return state._replace(gambling=g._replace(dealer=value), events=events)
            return self._resolve(state._replace(events=events), dealer, None, equal)
        player = gam.player_card(g.dealer, value)
        events = state.events + (Event(len(state.events), "draw", {
            "kind": kind, "value": value, "card": gam.card_names(player, None)["dealer_card"]}),)
        return self._resolve(state._replace(events=events), gam.DECK[g.dealer], player, equal)

    def _resolve(self, state: SlotState, dealer: int, player: int | None, equal: str) -> SlotState:
        g = state.gambling
        if g is None:  # pragma: no cover
            raise IllegalAction("no gamble in progress")
        f = gam.factor(g.mode, g.guess, dealer, player, equal)
        at_risk = g.at_risk * f
        result = "win" if f > 1 else "push" if f == 1 else "lose"
        data = {"move": g.moves + 1, "mode": g.mode, "guess": g.guess, **gam.card_names(dealer, player),
                "result": result, "at_risk": at_risk, "banked": g.banked}
        events = state.events + (Event(len(state.events), "gamble", data),)
        state = state._replace(gambling=Gambling(0, g.banked + at_risk, g.moves + 1), events=events)
        if g.banked + at_risk == 0:
            return self._settle_now(state, 0)  # 001 §6.7.3: the wrong guess zeros everything
        return state

    @staticmethod
    def _log_decision(state: SlotState, d: Decision) -> SlotState:
        return state._replace(events=state.events + (Event(len(state.events), "decision",
                                                           {"name": d.name, "args": dict(d.args)}),))

    # -- what the player sees -----------------------------------------------------------------

    def table_view(self, state: SlotState) -> dict[str, Any]:
        """The round as its player sees it (the platform's decision rounds show and store it):
        the result once settled; before, the spins so far and the gamble in progress."""
        if state.settlement is not None:
            result = next(e.data for e in state.events if e.type == "result")
            return {"kind": "reels", "phase": "done", **result}
        view = _summary(state, 0)
        view.update(kind="reels", phase=state.phase)
        g = state.gambling
        if g is not None:
            view["gamble_amount"] = g.banked + g.at_risk
            view["gamble_moves_left"] = (state.variant.gamble.max_moves - g.moves
                                         if state.variant.gamble is not None else 0)
            view["gamble_cap"] = self.cap(state)
        return view

    # -- settlement --------------------------------------------------------------------------

    def _settle_now(self, state: SlotState, paid: int) -> SlotState:
        result = _summary(state, paid)
        events = list(state.events)
        events.append(Event(len(events), "result", result))
        outcome = outcome_label(state.stake, paid)
        settlement = Settlement(state.currency, (BetResult(0, "spin", state.stake, paid, outcome),))
        events.append(Event(len(events), "round_settled", {
            "total_stake": state.stake, "total_returned": paid, "results": settlement.bets}))
        return state._replace(settlement=settlement, events=tuple(events))

    def settle(self, state: SlotState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction(f"the round is not over ({state.phase})")
        return state.settlement


def _summary(state: SlotState, paid: int) -> dict[str, Any]:
    """The round's outcome: the paid spin's window and wins, every spin, the gamble's moves."""
    spins = [e.data for e in state.events if e.type == "spin"]
    gambles = [e.data for e in state.events if e.type == "gamble"]
    first: Any = spins[0] if spins else {"window": [], "wins": [], "scatters": 0}
    return {"currency": state.currency, "window": first["window"], "lines": first["wins"],
            "scatters": first["scatters"], "free_spins": max(len(spins) - 1, 0),
            "free_spins_left": state.free_left, "spins_win": state.win, "paid": paid,
            "spins": spins, "gamble": gambles}


def _part(g: Gambling, part: str) -> int:
    total = g.banked + g.at_risk
    return total if part == "all" else total // 2


def _spin_data(v: SlotVariant, state: SlotState, stops: tuple[int, ...], win_: Any, res: SpinWin,
               mult: int, amount: int, awarded: int, free_left: int) -> dict[str, Any]:
    codes = [s.code for s in v.symbols]
    scale = state.coin * mult
    return {
        "free": state.in_free,
        "stops": list(stops),
        "window": [[codes[x] for x in col] for col in win_],
        "wins": [{"line": w.line, "symbol": codes[w.symbol], "count": w.length, "ways": w.ways,
                  "amount": w.coins * scale} for w in res.wins],
        "scatters": res.scatters,
        "scatter_win": res.scatter_multiple * state.stake * mult,
        "multiplier": mult,
        "win": amount,
        "free_spins_awarded": awarded,
        "free_spins_left": free_left,
    }


ENGINE = SlotEngine()
