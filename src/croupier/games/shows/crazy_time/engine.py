"""The Crazy Time engine (000 §12.31). Pure: draws come in as :class:`DrawAction` values.

Chance steps, in order (each a :class:`~croupier.games.base.DrawRequest`):

* ``top_slot_spot`` (weighted spot reel), then ``top_slot_multiplier`` (weighted multiplier reel)
  unless the spot reel shows a miss; ``wheel``: the segment index in [0, 54).
* When the wheel stops on a bonus some bet plays (only bets on that bonus play it):

  - **Cash Hunt**: a decision window (``pick`` {bet, cell 0..107}; ``close_picks`` ends it, also
    taken when every bet has picked); a ``cash_hunt_auto_pick`` in [0, 108) for each bet that did
    not pick (000 §12.31: no decision or a lost connection → a random spot); then the wall is
    revealed cell by cell, the picked cells first (ascending) then the others, each
    ``cash_hunt_cell`` an index into the wall's values not yet placed (ascending): a uniformly
    random arrangement of the 108 values.
  - **Pachinko**: ``pachinko_board`` (weighted), then per drop ``pachinko_zone`` (index into the
    drop zones) and one ``pachinko_peg`` (0 left, 1 right) per peg row; DOUBLE doubles every
    multiplier (capped at 10,000x) and drops again, unless every multiplier is at the cap, when
    DOUBLE pays the cap (000 §12.31 the 10,000x rule).
  - **Coin Flip**: ``coin_red``, ``coin_blue`` (weighted), ``coin_flip`` (0 red, 1 blue).
  - **Crazy Time**: a decision window (``flapper`` {bet, flapper green/blue/yellow}; ``close_picks``);
    a ``crazy_time_auto_flapper`` in [0, 3) for each bet that did not choose; then
    ``crazy_time_wheel`` spins in [0, 64): each flapper still in play reads the segment at its
    offset; DOUBLE / TRIPLE multiply that flapper's multipliers (cap 20,000x) and its players go
    on to the next spin, unless every multiplier is at the cap (then DOUBLE / TRIPLE pay it).

The Top Slot multiplier multiplies a number's payout (n x m : 1) or every multiplier of a bonus.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from croupier.errors import IllegalAction, RoundFinished
from croupier.games.base import (
    Action,
    BetRequest,
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
)
from croupier.games.shows.crazy_time.exact import all_capped, capped
from croupier.games.shows.crazy_time.variant import (
    DOUBLE,
    FLAPPERS,
    MISS,
    NUMBERS,
    CrazyTimeVariant,
)
from croupier.games.shows.showcore import (
    NoPickWindow,
    PickOutsideBoard,
    PlacedBet,
    add,
    check_draw,
    opening,
    pick_target,
    place_bets,
    result_of,
    settle_events,
)

WALL = 108


@dataclass(frozen=True, slots=True)
class Window:
    """A bonus stage's decision window: the choices made so far (bet id, choice)."""

    open: bool = True
    choices: tuple[tuple[int, int], ...] = ()

    def chosen(self) -> dict[int, int]:
        return dict(self.choices)


@dataclass(frozen=True, slots=True)
class CashHunt:
    window: Window = Window()
    order: tuple[int, ...] = ()                       # cells in reveal order (set at the close)
    revealed: tuple[int, ...] = ()                    # values, in reveal order

    def key(self) -> Hashable:
        return (self.window, self.order[:len(self.revealed)], self.revealed)


@dataclass(frozen=True, slots=True)
class Pachinko:
    board: int | None = None
    factor: int = 1
    zone: int | None = None
    rights: int = 0
    pegs: int = 0
    final: int | None = None
    drops: tuple[tuple[int, int, int | str], ...] = ()  # (zone, slot, what it showed): history

    def key(self) -> Hashable:
        return (self.board, self.factor, self.zone, self.rights, self.pegs, self.final)


@dataclass(frozen=True, slots=True)
class CoinFlip:
    red: int | None = None
    blue: int | None = None
    side: int | None = None

    def key(self) -> Hashable:
        return (self.red, self.blue, self.side)


@dataclass(frozen=True, slots=True)
class CrazyBonus:
    window: Window = Window()
    factors: tuple[int, int, int] = (1, 1, 1)
    finals: tuple[int | None, int | None, int | None] = (None, None, None)
    spins: tuple[int, ...] = ()                         # history

    def key(self) -> Hashable:
        return (self.window, self.factors, self.finals)


Stage = CashHunt | Pachinko | CoinFlip | CrazyBonus


class CrazyTimeState(NamedTuple):
    variant: CrazyTimeVariant
    currency: str
    bets: tuple[PlacedBet, ...]
    ts_spot: str | None
    ts_mult: int            # 0 until drawn; 1 on a miss
    segment: int | None     # index into variant.segments
    stage: Stage | None
    settlement: Settlement | None
    events: tuple[Event, ...]


def _bonus_bets(state: CrazyTimeState, code: str) -> list[PlacedBet]:
    return [b for b in state.bets if b.code == code]


class CrazyTimeEngine:
    game = "crazy_time"

    def start(self, variant: CrazyTimeVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = ()) -> CrazyTimeState:
        placed = place_bets(bets, variant.bet_codes, variant.limits_for(currency_code),
                            currency_code, "Crazy Time")
        events = opening(self.game, variant.name, currency_code, bets, carried)
        return CrazyTimeState(variant, currency_code, placed, None, 0, None, None, None, events)

    # -- what the round waits for --------------------------------------------------------------

    def next_draw(self, state: CrazyTimeState) -> DrawRequest | None:
        v = state.variant
        if state.settlement is not None:
            return None
        if state.ts_spot is None:
            return DrawRequest("top_slot_spot", v.top_slot_spots.total)
        if state.ts_mult == 0:
            return DrawRequest("top_slot_multiplier", v.top_slot_multipliers.total)
        if state.segment is None:
            return DrawRequest("wheel", 54)
        st = state.stage
        if isinstance(st, CashHunt):
            if st.window.open:
                return None
            if len(st.window.choices) < len(_bonus_bets(state, "cash_hunt")):
                return DrawRequest("cash_hunt_auto_pick", WALL)
            return DrawRequest("cash_hunt_cell", WALL - len(st.revealed))
        if isinstance(st, Pachinko):
            if st.board is None:
                return DrawRequest("pachinko_board", v.pachinko_boards.total)
            if st.zone is None:
                return DrawRequest("pachinko_zone", len(v.pachinko_zones))
            return DrawRequest("pachinko_peg", 2)
        if isinstance(st, CoinFlip):
            if st.red is None:
                return DrawRequest("coin_red", v.coin_red.total)
            if st.blue is None:
                return DrawRequest("coin_blue", v.coin_blue.total)
            return DrawRequest("coin_flip", 2)
        if isinstance(st, CrazyBonus):
            if st.window.open:
                return None
            if len(st.window.choices) < len(_bonus_bets(state, "crazy_time")):
                return DrawRequest("crazy_time_auto_flapper", 3)
            return DrawRequest("crazy_time_wheel", len(v.bonus_wheel))
        raise IllegalAction("the round is in no known stage")  # pragma: no cover

    def legal_actions(self, state: CrazyTimeState) -> list[Decision]:
        st = state.stage
        if state.settlement is not None or not isinstance(st, (CashHunt, CrazyBonus)) or not st.window.open:
            return []
        chosen = st.window.chosen()
        out: list[Decision] = []
        if isinstance(st, CashHunt):
            for b in _bonus_bets(state, "cash_hunt"):
                if b.bet_id not in chosen:
                    out.extend(Decision("pick", {"bet": b.bet_id, "cell": c}) for c in range(WALL))
        else:
            for b in _bonus_bets(state, "crazy_time"):
                if b.bet_id not in chosen:
                    out.extend(Decision("flapper", {"bet": b.bet_id, "flapper": f}) for f in FLAPPERS)
        out.append(Decision("close_picks"))
        return out

    def is_finished(self, state: CrazyTimeState) -> bool:
        return state.settlement is not None

    def asks_decisions(self, variant: CrazyTimeVariant) -> bool:
        """Cash Hunt and the Crazy Time bonus open a decision window (the platform's play mode)."""
        return True

    def default_decision(self, state: CrazyTimeState) -> Decision | None:
        """On timeout or a lost connection the window closes and the RNG picks (000 §12.31)."""
        legal = self.legal_actions(state)
        return Decision("close_picks") if legal else None

    def table_view(self, state: CrazyTimeState) -> dict[str, Any]:
        """What a player may see: the Top Slot and wheel once stopped, the bonus so far."""
        out: dict[str, Any] = {"finished": state.settlement is not None,
                               "top_slot": {"spot": state.ts_spot,
                                            "multiplier": state.ts_mult if state.ts_spot not in (None, MISS) else None}}
        if state.segment is not None:
            out["segment"] = self.segment_code(state)
            out["index"] = state.segment
        st = state.stage
        if isinstance(st, (CashHunt, CrazyBonus)):
            out["window"] = {"open": st.window.open, "bonus": "cash_hunt" if isinstance(st, CashHunt) else "crazy_time",
                             "chosen": {str(b): c for b, c in st.window.choices}}
        if state.settlement is not None:
            out["outcome"] = self.outcome(state)
        return out

    def walk_key(self, state: CrazyTimeState) -> Hashable:
        """What decides the rest of the round (for the exact walker's memo): not the history."""
        st = state.stage
        if isinstance(st, CashHunt) and self.determined(state):
            return ("cash_hunt_known", self.multiplier(state), tuple(self._picked_values(state).items()))
        if state.segment is None:
            return (state.ts_spot, state.ts_mult)
        return (self.segment_code(state), self.multiplier(state),
                None if st is None else (type(st).__name__, st.key()))

    def multiplier(self, state: CrazyTimeState) -> int:
        """The Top Slot multiplier of the landed segment: the reel's multiplier when its spot
        lines up with the segment, else 1."""
        return state.ts_mult if state.ts_spot == self.segment_code(state) else 1

    def determined(self, state: CrazyTimeState) -> bool:
        """True when no draw left can change any bet's return (the picked cells of a Cash Hunt
        are revealed; the rest of the wall is only shown)."""
        st = state.stage
        return (isinstance(st, CashHunt) and not st.window.open and bool(st.order)
                and len(st.revealed) >= len(set(st.window.chosen().values())))

    # -- applying draws and decisions ----------------------------------------------------------

    def apply(self, state: CrazyTimeState, action: Action) -> CrazyTimeState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled; no more draws or decisions")
        if isinstance(action, Decision):
            return self._decide(state, action)
        if not isinstance(action, DrawAction):
            raise IllegalAction(f"{action!r} is neither a draw nor a decision")
        value = check_draw(self.next_draw(state), action)
        v = state.variant
        state = state._replace(events=add(state.events, "draw", {"kind": action.kind, "value": value}))
        kind = action.kind
        if kind == "top_slot_spot":
            spot = v.top_slot_spots.pick(value)
            return state._replace(ts_spot=spot, ts_mult=1 if spot == MISS else 0)
        if kind == "top_slot_multiplier":
            return state._replace(ts_mult=v.top_slot_multipliers.pick(value))
        if kind == "wheel":
            return self._landed(state._replace(segment=value))
        st = state.stage
        if isinstance(st, CashHunt):
            return self._cash_hunt(state, st, kind, value)
        if isinstance(st, Pachinko):
            return self._pachinko(state, st, kind, value)
        if isinstance(st, CoinFlip):
            return self._coin(state, st, kind, value)
        if isinstance(st, CrazyBonus):
            return self._crazy(state, st, kind, value)
        raise IllegalAction("the round is in no known stage")  # pragma: no cover

    def _landed(self, state: CrazyTimeState) -> CrazyTimeState:
        code = self.segment_code(state)
        if code in NUMBERS or not _bonus_bets(state, code):
            return self._settle(state)
        openings: dict[str, Stage] = {"cash_hunt": CashHunt(), "pachinko": Pachinko(),
                                      "coin_flip": CoinFlip(), "crazy_time": CrazyBonus()}
        stage = openings[code]
        return state._replace(stage=stage, events=add(state.events, "bonus_started", {"bonus": code}))

    def segment_code(self, state: CrazyTimeState) -> str:
        if state.segment is None:
            raise IllegalAction("the wheel has not stopped")
        return state.variant.segments[state.segment]

    def _decide(self, state: CrazyTimeState, d: Decision) -> CrazyTimeState:
        st = state.stage
        if not isinstance(st, (CashHunt, CrazyBonus)) or not st.window.open:
            raise NoPickWindow(f"no decision window is open ({d.name} refused)")
        bonus = "cash_hunt" if isinstance(st, CashHunt) else "crazy_time"
        if d.name == "close_picks":
            window = replace(st.window, open=False)
        elif d.name == ("pick" if bonus == "cash_hunt" else "flapper"):
            key = "cell" if bonus == "cash_hunt" else "flapper"
            bet, raw = pick_target(d.args, key, state.bets, bonus, st.window.chosen())
            if bonus == "cash_hunt":
                if type(raw) is not int or not 0 <= raw < WALL:
                    raise PickOutsideBoard(f"the Cash Hunt wall has cells 0 to {WALL - 1}, got {raw!r}")
                choice = raw
            else:
                if raw not in FLAPPERS:
                    raise PickOutsideBoard(f"the flappers are {', '.join(FLAPPERS)}, got {raw!r}")
                choice = FLAPPERS.index(raw)
            window = Window(True, (*st.window.choices, (bet.bet_id, choice)))
            if len(window.choices) == len(_bonus_bets(state, bonus)):
                window = replace(window, open=False)
        else:
            raise IllegalAction(f"the {bonus} window takes pick / flapper / close_picks, not {d.name!r}")
        events = add(state.events, "decision", {"name": d.name, "args": dict(d.args)})
        new_st: Stage = replace(st, window=window)
        state = state._replace(stage=new_st, events=events)
        return self._after_window(state)

    def _after_window(self, state: CrazyTimeState) -> CrazyTimeState:
        st = state.stage
        if isinstance(st, CashHunt) and not st.window.open and not st.order \
                and len(st.window.choices) == len(_bonus_bets(state, "cash_hunt")):
            picked = sorted(set(st.window.chosen().values()))
            order = (*picked, *(c for c in range(WALL) if c not in set(picked)))
            return state._replace(stage=replace(st, order=order))
        return state

    # -- bonus stages -------------------------------------------------------------------------

    def _auto_pick(self, state: CrazyTimeState, window: Window, bonus: str, choice: int) -> Window:
        chosen = window.chosen()
        bet = next(b for b in _bonus_bets(state, bonus) if b.bet_id not in chosen)
        return Window(False, (*window.choices, (bet.bet_id, choice)))

    def _cash_hunt(self, state: CrazyTimeState, st: CashHunt, kind: str, value: int) -> CrazyTimeState:
        if kind == "cash_hunt_auto_pick":
            state = state._replace(stage=replace(st, window=self._auto_pick(state, st.window, "cash_hunt", value)))
            return self._after_window(state)
        wall = list(state.variant.wall)
        for x in st.revealed:
            wall.remove(x)
        st = replace(st, revealed=(*st.revealed, wall[value]))
        state = state._replace(stage=st)
        return self._settle(state) if len(st.revealed) == WALL else state

    def _picked_values(self, state: CrazyTimeState) -> dict[int, int]:
        st = state.stage
        if not isinstance(st, CashHunt):
            return {}
        at = dict(zip(st.order, st.revealed, strict=False))
        return {bet: at[cell] for bet, cell in st.window.choices if cell in at}

    def _pachinko(self, state: CrazyTimeState, st: Pachinko, kind: str, value: int) -> CrazyTimeState:
        v = state.variant
        if kind == "pachinko_board":
            return state._replace(stage=replace(st, board=v.pachinko_boards.pick(value)))
        if kind == "pachinko_zone":
            st = replace(st, zone=value, rights=0, pegs=0)
        else:
            st = replace(st, rights=st.rights + value, pegs=st.pegs + 1)
        if st.pegs < v.pachinko_pegs or st.zone is None or st.board is None:
            return state._replace(stage=st)
        slots = v.pachinko_layouts[st.board].slots
        slot = v.pachinko_zones[st.zone] - min(v.pachinko_zones) + st.rights
        cell = slots[slot]
        st = replace(st, drops=(*st.drops, (v.pachinko_zones[st.zone], slot, cell)), zone=None)
        m, cap = self.multiplier(state), v.pachinko_cap
        if isinstance(cell, int):
            st = replace(st, final=capped(cell, m, st.factor, cap))
        elif all_capped(slots, m, st.factor, cap):
            st = replace(st, final=cap)
        else:
            st = replace(st, factor=2 * st.factor)
        state = state._replace(stage=st)
        return self._settle(state) if st.final is not None else state

    def _coin(self, state: CrazyTimeState, st: CoinFlip, kind: str, value: int) -> CrazyTimeState:
        v = state.variant
        if kind == "coin_red":
            return state._replace(stage=replace(st, red=v.coin_red.pick(value)))
        if kind == "coin_blue":
            return state._replace(stage=replace(st, blue=v.coin_blue.pick(value)))
        return self._settle(state._replace(stage=replace(st, side=value)))

    def _crazy(self, state: CrazyTimeState, st: CrazyBonus, kind: str, value: int) -> CrazyTimeState:
        if kind == "crazy_time_auto_flapper":
            return state._replace(stage=replace(st, window=self._auto_pick(state, st.window, "crazy_time", value)))
        v = state.variant
        playing = set(st.window.chosen().values())
        m = self.multiplier(state)
        factors = list(st.factors)
        finals = list(st.finals)
        for f in playing:
            if finals[f] is not None:
                continue
            cell = v.bonus_wheel[(value + v.flapper_offsets[f]) % len(v.bonus_wheel)]
            if isinstance(cell, int):
                finals[f] = capped(cell, m, factors[f], v.bonus_cap)
            elif all_capped(v.bonus_wheel, m, factors[f], v.bonus_cap):
                finals[f] = v.bonus_cap
            else:
                factors[f] *= 2 if cell == DOUBLE else 3
        st = CrazyBonus(st.window, (factors[0], factors[1], factors[2]), (finals[0], finals[1], finals[2]),
                        (*st.spins, value))
        state = state._replace(stage=st)
        return self._settle(state) if all(finals[f] is not None for f in playing) else state

    # -- settlement -----------------------------------------------------------------------------

    def bonus_multiplier(self, state: CrazyTimeState, bet: PlacedBet) -> int:
        """The final multiplier a bonus bet won (Top Slot included)."""
        st = state.stage
        if isinstance(st, CashHunt):
            return self.multiplier(state) * self._picked_values(state)[bet.bet_id]
        if isinstance(st, Pachinko) and st.final is not None:
            return st.final
        if isinstance(st, CoinFlip) and st.red is not None and st.blue is not None:
            return self.multiplier(state) * (st.red if st.side == 0 else st.blue)
        if isinstance(st, CrazyBonus):
            final = st.finals[st.window.chosen()[bet.bet_id]]
            if final is not None:
                return final
        raise IllegalAction("the bonus is not over")  # pragma: no cover

    def _settle(self, state: CrazyTimeState) -> CrazyTimeState:
        code = self.segment_code(state)
        m = self.multiplier(state)
        results: list[BetResult] = []
        for b in state.bets:
            if b.code != code:
                returned = 0
            elif code in NUMBERS:
                returned = b.stake + b.stake * int(code) * m
            else:
                returned = b.stake + b.stake * self.bonus_multiplier(state, b)
            results.append(result_of(b, returned))
        settlement, events = settle_events(state.events, state.currency, self.outcome(state), results)
        return state._replace(settlement=settlement, events=events)

    def outcome(self, state: CrazyTimeState) -> dict[str, Any]:
        code = self.segment_code(state)
        m = self.multiplier(state)
        out: dict[str, Any] = {
            "segment": code, "index": state.segment,
            "top_slot": {"spot": state.ts_spot, "multiplier": None if state.ts_spot == MISS else state.ts_mult},
        }
        st = state.stage
        if isinstance(st, CashHunt):
            cells = dict(zip(st.order, st.revealed, strict=True))
            out["cash_hunt"] = {"wall": [cells[c] * m for c in range(WALL)],
                                "picks": {str(b): c for b, c in st.window.choices}}
        elif isinstance(st, Pachinko):
            out["pachinko"] = {"board": st.board, "drops": [list(d) for d in st.drops],
                               "factor": st.factor, "multiplier": st.final}
        elif isinstance(st, CoinFlip):
            out["coin_flip"] = {"red": m * (st.red or 0), "blue": m * (st.blue or 0),
                                "side": "red" if st.side == 0 else "blue"}
        elif isinstance(st, CrazyBonus):
            out["crazy_time"] = {"spins": list(st.spins), "picks": {str(b): FLAPPERS[f] for b, f in st.window.choices},
                                 "multipliers": {FLAPPERS[f]: st.finals[f] for f in range(3) if st.finals[f] is not None}}
        return out

    def settle(self, state: CrazyTimeState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over")
        return state.settlement


ENGINE = CrazyTimeEngine()


def outcome_of(events: Sequence[Event]) -> Mapping[str, Any]:
    for e in events:
        if e.type == "result":
            return e.data
    raise IllegalAction("the round has no result")
