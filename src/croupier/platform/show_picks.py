"""The bonus stage's decision window at a shared show table (issue 18; 000 §12.31, Crazy Time).

A Crazy Time table runs on the timed table runner like any wheel (``open`` -> ``closed``). After
"no more bets" :func:`begin` spins the Top Slot and the wheel from the round's own seed. When the
wheel stops on **Cash Hunt** or the **Crazy Time** bonus, a decision window opens (a
``bonus_window`` round event, its deadline ``pick_seconds`` of the variant later, or at once when
nobody bet on that bonus): only the players with a bet on that bonus pick (a cell of the wall, a
flapper), once, each pick a ``show_pick`` round event; everyone else watches. At the deadline
(:func:`finish`, the runner's step) every bettor who did not pick gets the default of 000 §12.31
("no decision, or a connection failure: a random spot"): a uniform choice drawn from the round's
seed with the client seed ``<table>:<number>:default:<player>``, so it depends on nothing else.

**One wall for every player, each pick changes only its player's result.** The table's bonus is
played once from the round's seed, independently of the picks: the Cash Hunt wall is revealed in
cell order (cell 0, 1, ..., 107), the bonus wheel spins until all three flappers have a final
multiplier. Each player's bets are then their own engine round (``settle_play``) fed the same
draws (:mod:`.show_draws`): the Top Slot, the wheel, Pachinko and Coin Flip draws as they are; their own picks (or
``close_picks`` and their default as the automatic pick); the wall's draws re-expressed in the
engine's reveal order (their picked cells first), which places the same multiplier in every
cell; the bonus wheel's spins up to the ones their flappers need. So a player's return depends on
the table's draws and their own pick only.

Persistence and recovery: the window and every pick are round events, committed as they happen.
A round found in its window on restart (:func:`in_window`) is not voided: the window is closed
at once with the defaults for those who had not picked (picks made stand) and the round settles
(``Platform.recover_table``). A malfunction voids the round while it is ``closed`` (the window
included) through ``tables.void_round``: every stake returned once, later picks refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.base import BetRequest
from croupier.games.describe import view_of
from croupier.games.shows.crazy_time.engine import WALL
from croupier.games.shows.crazy_time.variant import FLAPPERS
from croupier.games.shows.showcore import AlreadyPicked, NoPickWindow, NotInBonus, PickOutsideBoard
from croupier.platform import tables
from croupier.platform.clock import aware, iso
from croupier.platform.errors import NotFound, RoundStateError
from croupier.platform.ledger import Ledger
from croupier.platform.rounds import (
    add_event,
    draws_from_json,
    draws_json,
    play_bets,
    resolve_game,
    settle_play,
)
from croupier.platform.show_draws import (
    BONUSES,
    bonus_of,
    default_choice,
    draw_actions,
    engine_of,
    player_actions,
    reference,
)
from croupier.platform.wallet import balance
from croupier.store.models import Play, Player, Round, RoundEvent

WINDOW_EVENT = "bonus_window"
PICK_EVENT = "show_pick"
CLOSED_EVENT = "bonus_window_closed"
#: games whose table rounds open a bonus decision window
PICK_GAMES = frozenset({"crazy_time"})


class WindowClosed(NoPickWindow):
    """A pick when the round's decision window is not open (none yet, or its time is over)."""

    code = "no_pick_window"


class NotBonusBettor(NotInBonus):
    """A pick by a player who has no bet on the bonus being played."""

    code = "not_in_bonus"


class SecondPick(AlreadyPicked):
    """A second pick by the same player in one window."""

    code = "already_picked"


class OutsideBoard(PickOutsideBoard):
    """A pick that names no cell of the wall (0-107) or no flapper (green, blue, yellow)."""

    code = "pick_outside_board"


def has_window(game: str) -> bool:
    return game in PICK_GAMES



# -- the window --------------------------------------------------------------------------------


def _log(session: Session, round_id: int, kind: str) -> list[RoundEvent]:
    return list(session.scalars(select(RoundEvent).where(RoundEvent.round_id == round_id,
                                                         RoundEvent.type == kind)
                                .order_by(RoundEvent.id)))


def window_of(session: Session, round_id: int) -> dict[str, Any] | None:
    w = _log(session, round_id, WINDOW_EVENT)
    return dict(w[0].data) if w else None


def in_window(session: Session, round_id: int) -> bool:
    """A round whose window opened and has not been closed (restart recovery finishes it)."""
    rnd = session.get(Round, round_id)
    return (rnd is not None and rnd.state == "closed" and window_of(session, round_id) is not None
            and not _log(session, round_id, CLOSED_EVENT))


def picks_of(session: Session, round_id: int) -> dict[int, dict[str, Any]]:
    """player id -> {choice, by, at}."""
    return {int(e.data["player_id"]): dict(e.data) for e in _log(session, round_id, PICK_EVENT)}


def _bettors(session: Session, round_id: int, bonus: str) -> list[int]:
    out = []
    for p in session.scalars(select(Play).where(Play.round_id == round_id).order_by(Play.player_id)):
        if any(b.code == bonus for b in play_bets(session, p.id)):
            out.append(p.player_id)
    return out


def _lock(session: Session, round_id: int) -> Round:
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update()
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None or rnd.table_id is None or not has_window(rnd.game):
        raise NotFound(f"no show table round {round_id}")
    return rnd


def begin(session: Session, round_id: int, now: datetime, seconds: float | None = None) -> dict[str, Any]:
    """After "no more bets": spin; on a bonus with a window, open it (``window`` in the answer,
    the round stays ``closed``); otherwise play the round to its result."""
    rnd = _lock(session, round_id)
    if rnd.state != "closed":
        raise RoundStateError(f"round {round_id} is {rnd.state}, not closed")
    if window_of(session, round_id) is not None:
        return {"round_id": rnd.id, "window": window_view(session, rnd, now)}
    engine, v = engine_of(rnd)
    state = reference(rnd, whole=False)
    bonus = bonus_of(state)
    if bonus is None or engine.is_finished(state):
        return _result(session, rnd, now)
    bettors = _bettors(session, rnd.id, bonus)
    secs = float(v.pick_seconds if seconds is None else seconds)
    closes = now + timedelta(seconds=secs if bettors else 0)
    view = engine.table_view(state)
    add_event(session, rnd.id, WINDOW_EVENT, {
        "bonus": bonus, "opened_at": iso(now), "closes_at": iso(closes), "seconds": secs,
        "bettors": bettors, "segment": view.get("segment"), "index": view.get("index"),
        "top_slot": view.get("top_slot"), "draws": draws_json(draw_actions(state))}, now)
    session.flush()
    return {"round_id": rnd.id, "window": window_view(session, rnd, now)}


def window_view(session: Session, rnd: Round, now: datetime, player: Player | None = None) -> dict[str, Any] | None:
    w = window_of(session, rnd.id)
    if w is None:
        return None
    picks = picks_of(session, rnd.id)
    closes = aware(datetime.fromisoformat(str(w["closes_at"])))
    is_open = rnd.state == "closed" and not _log(session, rnd.id, CLOSED_EVENT) and now < closes
    out: dict[str, Any] = {
        "bonus": w["bonus"], "segment": w.get("segment"), "index": w.get("index"),
        "top_slot": w.get("top_slot"), "opened_at": w["opened_at"], "closes_at": w["closes_at"],
        "seconds_left": max(0.0, (closes - now).total_seconds()) if is_open else 0.0,
        "open": is_open, "bettors": len(w.get("bettors", [])), "picked": len(picks),
        "choices": BONUSES[str(w["bonus"])][2],
        # the wheel as it stopped (the segment renderer's display, docs/describe.md)
        "display": view_of(rnd.game, rnd.variant, {"segment": w.get("segment"), "index": w.get("index"),
                                                   "top_slot": w.get("top_slot")}),
    }
    if player is not None:
        mine = picks.get(player.id)
        out["you_play"] = player.id in w.get("bettors", [])
        out["your_pick"] = None if mine is None else _choice_name(str(w["bonus"]), mine)
    return out


def _choice_name(bonus: str, pick: Mapping[str, Any]) -> dict[str, Any]:
    c = int(pick["choice"])
    return {"choice": c if bonus == "cash_hunt" else FLAPPERS[c], "by": pick["by"]}


def pick(session: Session, round_id: int, player: Player, choice: Any, now: datetime) -> dict[str, Any]:
    """A bettor's pick in the open window: a cell 0-107 (Cash Hunt) or a flapper name (Crazy
    Time). Refused, nothing recorded: no open window, not a bettor, a second pick, off the board."""
    rnd = _lock(session, round_id)
    w = window_of(session, round_id)
    if rnd.state != "closed" or w is None or _log(session, round_id, CLOSED_EVENT):
        what = "has no decision window" if w is None else "is over"
        raise WindowClosed(f"round {round_id} {what} ({rnd.state}): no pick now")
    closes = aware(datetime.fromisoformat(str(w["closes_at"])))
    if now >= closes:
        raise WindowClosed(f"the decision window of round {round_id} closed at {w['closes_at']}")
    bonus = str(w["bonus"])
    if player.id not in w.get("bettors", []):
        raise NotBonusBettor(f"only a player with a bet on {bonus} plays the bonus; you watch")
    if player.id in picks_of(session, round_id):
        raise SecondPick(f"you have already picked in this {bonus} bonus")
    if bonus == "cash_hunt":
        if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < WALL:
            raise OutsideBoard(f"the Cash Hunt wall has cells 0 to {WALL - 1}, got {choice!r}")
        value = choice
    else:
        if choice not in FLAPPERS:
            raise OutsideBoard(f"the flappers are {', '.join(FLAPPERS)}, got {choice!r}")
        value = FLAPPERS.index(str(choice))
    play = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                              Play.player_id == player.id)).one()
    add_event(session, rnd.id, PICK_EVENT, {"player_id": player.id, "play_id": play.id,
                                            "bonus": bonus, "choice": value, "by": "player",
                                            "at": iso(now)}, now)
    session.flush()
    out = window_view(session, rnd, now, player) or {}
    return {"round_id": rnd.id, "table_id": rnd.table_id, **out}


def all_picked(session: Session, round_id: int) -> bool:
    w = window_of(session, round_id)
    return w is not None and set(w.get("bettors", [])) <= set(picks_of(session, round_id))


def finish(session: Session, round_id: int, now: datetime, early: bool = False) -> dict[str, Any] | None:
    """Close the window (at its deadline, when everyone picked, or ``early`` on recovery): the
    defaults for the bettors who did not pick, then the bonus and the result. None when the round
    is no longer closed (voided meanwhile)."""
    rnd = _lock(session, round_id)
    if rnd.state != "closed":
        return None
    w = window_of(session, round_id)
    if w is None:
        raise RoundStateError(f"round {round_id} has no decision window")
    closes = aware(datetime.fromisoformat(str(w["closes_at"])))
    if now < closes and not early and not all_picked(session, round_id):
        raise RoundStateError(f"the decision window of round {round_id} is open until {w['closes_at']}")
    bonus = str(w["bonus"])
    picks = picks_of(session, round_id)
    for pid in w.get("bettors", []):
        if pid in picks:
            continue
        play = session.scalars(select(Play).where(Play.round_id == rnd.id, Play.player_id == pid)).one()
        add_event(session, rnd.id, PICK_EVENT, {
            "player_id": pid, "play_id": play.id, "bonus": bonus,
            "choice": default_choice(rnd, pid, bonus), "by": "default", "at": iso(min(now, closes))}, now)
    add_event(session, rnd.id, CLOSED_EVENT, {"at": iso(now)}, now)
    session.flush()
    return _result(session, rnd, now)


def _result(session: Session, rnd: Round, now: datetime) -> dict[str, Any]:
    engine, _v = engine_of(rnd)
    state = reference(rnd, whole=True)
    rnd.draws = draws_json(draw_actions(state))
    outcome = dict(engine.outcome(state))
    bonus = bonus_of(state)
    if bonus is not None:
        outcome[bonus] = {**outcome[bonus], "picks": {
            str(pid): _choice_name(bonus, p)["choice"] for pid, p in picks_of(session, rnd.id).items()}}
    rnd.outcome = outcome
    rnd.state = "resulted"
    rnd.resulted_at = now
    add_event(session, rnd.id, "result", {"outcome": rnd.outcome, "draws": rnd.draws}, now)
    session.flush()
    return {"round_id": rnd.id, "outcome": rnd.outcome, "server_seed": rnd.server_seed,
            "display": view_of(rnd.game, rnd.variant, rnd.outcome),
            "client_seed": rnd.client_seed, "nonce": rnd.nonce}


# -- settlement ----------------------------------------------------------------------------------


def settle(session: Session, round_id: int, now: datetime) -> tables.RoundReport:
    """Pay each play from its own engine round on the table's draws and its own pick."""
    rnd = _lock(session, round_id)
    if rnd.state != "resulted" or rnd.draws is None:
        raise RoundStateError(f"round {round_id} is {rnd.state}, not resulted")
    spec, v = resolve_game(rnd.game, rnd.variant)
    engine, _v = engine_of(rnd)
    draws = draws_from_json(rnd.draws)
    picks = picks_of(session, round_id)
    ledger = Ledger(session)
    report = tables.RoundReport(rnd.id, rnd.table_id or "", "settled", rnd.outcome)
    for p in session.scalars(select(Play).where(Play.round_id == rnd.id, Play.status == "open")
                             .order_by(Play.player_id)).all():
        rows = play_bets(session, p.id)
        reqs = [BetRequest(b.code, b.stake, tuple(b.target)) for b in rows]
        mine = picks.get(p.player_id)
        actions = player_actions(engine, v, reqs, p.currency, draws,
                                 None if mine is None else (int(mine["choice"]), str(mine["by"])))
        s = settle_play(session, ledger, spec, v, rnd, p, actions, now, rows)
        player = session.get(Player, p.player_id)
        if player is None:  # pragma: no cover - foreign key
            continue
        report.plays.append(tables.PlayResult(
            p.player_id, s.total_stake, s.total_returned,
            [{"code": b.code, "target": b.target, "stake_minor": b.stake, "returned_minor": b.returned,
              "outcome": b.outcome, "carried_in": False} for b in rows],
            balance(session, player).to_dict()))
    rnd.state = "settled"
    rnd.settled_at = now
    add_event(session, rnd.id, "settled", {"plays": len(report.plays)}, now)
    session.flush()
    return report


def player_view(session: Session, round_id: int, player: Player, now: datetime) -> dict[str, Any]:
    """The round as a player sees it: the window (their pick, the countdown), the result, their
    bets and returns (again on reconnecting)."""
    rnd = session.get(Round, round_id)
    if rnd is None or rnd.table_id is None or not has_window(rnd.game):
        raise NotFound(f"no show table round {round_id}")
    play = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                              Play.player_id == player.id)).one_or_none()
    rows = [] if play is None else play_bets(session, play.id)
    return {"round_id": rnd.id, "table_id": rnd.table_id, "state": rnd.state,
            "void_reason": rnd.void_reason, "window": window_view(session, rnd, now, player),
            "outcome": rnd.outcome if rnd.state in ("resulted", "settled") else None,
            "bets": [{"code": b.code, "stake_minor": b.stake, "returned_minor": b.returned,
                      "outcome": b.outcome} for b in rows],
            "stake_minor": 0 if play is None else play.stake_total,
            "returned_minor": None if play is None else play.returned_total,
            "server_time": iso(now)}
