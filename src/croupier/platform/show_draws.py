"""The draws of a show table round with a bonus decision window (issue 18; 000 §12.31, Crazy
Time), pure: the table's *reference round* from the round's seed (Top Slot, wheel, then the bonus
as it is played whoever picks what: the Cash Hunt wall revealed in cell order, the bonus wheel
spun until all three flappers are final), each player's default pick, and the actions that play
one player's bets on those draws with their own pick (:func:`player_actions`). The window itself
(persistence, refusals, settlement) is :mod:`croupier.platform.show_picks`.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.games.base import Action, BetRequest, Decision, DrawAction
from croupier.games.shows.crazy_time.engine import (
    WALL,
    CashHunt,
    CrazyBonus,
    CrazyTimeEngine,
    CrazyTimeState,
)
from croupier.games.shows.crazy_time.variant import FLAPPERS, CrazyTimeVariant
from croupier.platform.errors import RoundStateError
from croupier.platform.rounds import resolve_game
from croupier.rng import fair
from croupier.store.models import Round

#: bonus -> (the engine's decision, its argument, the number of choices)
BONUSES: dict[str, tuple[str, str, int]] = {"cash_hunt": ("pick", "cell", WALL),
                                             "crazy_time": ("flapper", "flapper", len(FLAPPERS))}
AUTO = {"cash_hunt_auto_pick", "crazy_time_auto_flapper"}


# -- the table's reference round: the draws, independent of the picks --------------------------


def engine_of(rnd: Round) -> tuple[CrazyTimeEngine, CrazyTimeVariant]:
    spec, variant = resolve_game(rnd.game, rnd.variant)
    if not isinstance(spec.engine, CrazyTimeEngine):  # pragma: no cover - PICK_GAMES guards it
        raise RoundStateError(f"{rnd.game} has no bonus decision window")
    return spec.engine, variant


def _reference_bets(v: CrazyTimeVariant) -> list[BetRequest]:
    """One bet on every spot (the bonus is played whoever bet) and three on the Crazy Time bonus,
    so every flapper plays and the bonus wheel spins until all three are final."""
    return [BetRequest(code, 1) for code in v.bet_codes] + [BetRequest("crazy_time", 1)] * 2


def _reference_decisions(state: CrazyTimeState) -> list[Decision]:
    """The reference picks: cell 0 (the wall is then revealed in cell order), each flapper once."""
    st = state.stage
    if isinstance(st, CashHunt):
        bet = next(b for b in state.bets if b.code == "cash_hunt")
        return [Decision("pick", {"bet": bet.bet_id, "cell": 0})]
    bets = [b for b in state.bets if b.code == "crazy_time"]
    return [Decision("flapper", {"bet": b.bet_id, "flapper": f}) for b, f in zip(bets, FLAPPERS, strict=True)]


def reference(rnd: Round, whole: bool) -> CrazyTimeState:
    """The table's round from its seed: up to the window (``whole`` False) or to its end."""
    engine, v = engine_of(rnd)
    if rnd.server_seed is None:  # pragma: no cover - table rounds always have their seed
        raise RoundStateError("a table round without its seed")
    source = fair.stream(rnd.server_seed, rnd.client_seed, rnd.nonce)
    state = engine.start(v, _reference_bets(v), "XXX")
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        if req is None:
            if not whole:
                break
            for d in _reference_decisions(state):
                state = engine.apply(state, d)
            continue
        state = engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
    return state


def bonus_of(state: CrazyTimeState) -> str | None:
    st = state.stage
    if isinstance(st, CashHunt):
        return "cash_hunt"
    if isinstance(st, CrazyBonus):
        return "crazy_time"
    return None


def default_choice(rnd: Round, player_id: int, bonus: str) -> int:
    """000 §12.31 "a random spot is picked automatically": uniform, from the round's seed and a
    client seed of the player's own (nothing else moves it)."""
    if rnd.server_seed is None:  # pragma: no cover
        raise RoundStateError("a table round without its seed")
    src = fair.stream(rnd.server_seed, f"{rnd.client_seed}:default:{player_id}", rnd.nonce)
    return src.randbelow(BONUSES[bonus][2])


# -- each player's engine round from the table's draws -----------------------------------------


def player_actions(engine: CrazyTimeEngine, v: CrazyTimeVariant, reqs: Sequence[BetRequest],
                   cur: str, draws: Sequence[Action], pick: tuple[int, str] | None) -> list[Action]:
    """The actions that play a player's bets on the table's draws: ``pick`` is (choice, by) with
    ``by`` ``player`` (a decision per bet on the bonus) or ``default`` (``close_picks`` then the
    automatic pick); the Cash Hunt wall is re-expressed in the engine's reveal order."""
    plain = [a for a in draws if isinstance(a, DrawAction) and a.kind != "cash_hunt_cell"]
    cells = [a for a in draws if isinstance(a, DrawAction) and a.kind == "cash_hunt_cell"]
    left = list(v.wall)
    arrangement = []  # the multiplier under each cell, cell order
    for a in cells:
        x = left[int(a.value)]
        left.remove(x)
        arrangement.append(x)
    left = list(v.wall)
    state = engine.start(v, reqs, cur)
    out: list[Action] = []
    i = 0
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        act: Action
        if req is None:
            bonus = bonus_of(state)
            if bonus is None or pick is None:  # pragma: no cover - the engine asks only here
                raise RoundStateError("the round waits for a pick the table did not record")
            name, key, _n = BONUSES[bonus]
            chosen = state.stage.window.chosen()  # type: ignore[union-attr]
            todo = [b for b in state.bets if b.code == bonus and b.bet_id not in chosen]
            if pick[1] == "player" and todo:
                value: int | str = pick[0] if bonus == "cash_hunt" else FLAPPERS[pick[0]]
                act = Decision(name, {"bet": todo[0].bet_id, key: value})
            else:
                act = Decision("close_picks")
        elif req.kind in AUTO:
            if pick is None:  # pragma: no cover
                raise RoundStateError("an automatic pick without the player's default")
            act = DrawAction(req.kind, pick[0])
        elif req.kind == "cash_hunt_cell":
            st = state.stage
            if not isinstance(st, CashHunt):  # pragma: no cover - cells are Cash Hunt's only
                raise RoundStateError("a Cash Hunt cell outside Cash Hunt")
            x = arrangement[st.order[len(st.revealed)]]
            act = DrawAction(req.kind, left.index(x))
            left.remove(x)
        else:
            if i >= len(plain) or plain[i].kind != req.kind:
                raise RoundStateError(f"the table's draws do not carry the {req.kind} draw")
            act = plain[i]
            i += 1
        state = engine.apply(state, act)
        out.append(act)
    return out


def draw_actions(state: CrazyTimeState) -> list[Action]:
    return [DrawAction(str(e.data["kind"]), int(e.data["value"])) for e in state.events if e.type == "draw"]

