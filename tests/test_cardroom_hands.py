"""Card room hands (issue 21 part 3; 000 §12.12.3): hands dealt from the table's committed seed,
played by the live hand (the runner's), settled through the ledger with the rake; the decision
timer, time bank and default; out-of-turn and illegal raises refused precisely; histories that
show only the cards a player may see; replay from the record; recovery; monitoring facts."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.errors import IllegalAction
from croupier.games.pvp.poker.engine import ENGINE
from croupier.platform.cardroom import hands, history, monitor, seats, seeds
from croupier.platform.cardroom.errors import NotYourTurn
from croupier.platform.cardroom.live import LiveHand
from croupier.platform.errors import NotFound
from croupier.platform.service import Platform
from croupier.rng import fair
from croupier.store.cardroom_models import CardroomHand
from tests.cardroom_helpers import (
    T0,
    begin,
    bots_for,
    cash,
    finish,
    play_hand,
    play_out,
    pot,
    rake,
    seat_rows,
    sit,
    stack_account,
    table,
)
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player


def _seated(p: Platform, n: int, tid: str = "nl-eur", buy_in: int = 2000) -> list:  # type: ignore[type-arg]
    players = [new_player(p, deposit="100") for _ in range(n)]
    for i, pl in enumerate(players):
        sit(p, pl, tid, i, buy_in)
    return players


def test_issue21_every_chip_is_accounted_over_hands_with_rake_the_ledger_sums_to_zero(platform: Platform) -> None:
    p = platform
    tid = table(p)
    players = _seated(p, 6)
    bots = bots_for(players, "mixed", seed=7)
    total_rake = 0
    for _ in range(25):
        end = play_hand(p, tid, bots)
        if end is None:
            break
        total_rake += end.rake
    rows = seat_rows(p, tid)
    assert sum(r.stack for r in rows) + total_rake == 6 * 2000
    assert rake(p) == total_rake > 0
    assert pot(p, tid) == 0
    for r in rows:
        assert stack_account(p, tid, next(pl for pl in players if pl.id == r.player_id)) == r.stack
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players


def test_000_12_12_3_the_hand_deals_from_the_tables_committed_seed_and_replays_from_its_record(platform: Platform) -> None:
    p = platform
    tid = table(p)
    players = _seated(p, 3)
    end = play_hand(p, tid, bots_for(players))
    assert end is not None
    replayed = p.read(lambda s: history.replay(s, end.hand_id, players[0].id))
    assert replayed["matches_record"] is True and replayed["deals_verified"] is None  # not revealed yet
    out = p.run(lambda s: seeds.rotate(s, tid, 2, T0))
    assert fair.matches(out["revealed"]["server_seed"], out["revealed"]["server_seed_hash"])
    replayed = p.read(lambda s: history.replay(s, end.hand_id, players[0].id))
    assert replayed["deals_verified"] is True


def test_issue21_a_hand_history_shows_a_player_only_his_own_cards_the_face_up_and_the_shown_ones(platform: Platform) -> None:
    p = platform
    tid = table(p)
    players = _seated(p, 4)
    bots = bots_for(players, "calling")
    end = play_hand(p, tid, bots)
    assert end is not None
    mine = p.read(lambda s: history.hand_view(s, end.hand_id, players[0].id))
    assert all(e["type"] != "draw" for e in mine["events"])
    full = p.read(lambda s: s.get(CardroomHand, end.hand_id).record)  # type: ignore[union-attr]
    shown = next((e["data"]["shown"] for e in full if e["type"] == "showdown"), {})
    my_seat = mine["your_seat"]
    for e in mine["events"]:
        if e["type"] == "dealt":
            for where, c, _up in e["data"]["cards"]:
                if where == "board":
                    continue
                if where == my_seat:
                    assert c is not None
                elif str(where) not in shown:
                    assert c is None
                else:
                    assert c in shown[str(where)]
    stranger = new_player(p, deposit="1")
    with pytest.raises(NotFound, match="you did not play hand"):
        p.read(lambda s: history.hand_view(s, end.hand_id, stranger.id))


def test_issue21_acting_out_of_turn_an_illegal_raise_and_a_stale_action_are_refused_precisely(platform: Platform) -> None:
    p = platform
    tid = table(p)
    _seated(p, 3)
    start = begin(p, tid)
    assert start is not None
    live = LiveHand(start, 0.0)
    turn = live.to_act()
    other = next(s for s in start.setup.seats if s != turn)
    with pytest.raises(NotYourTurn, match=f"out of turn: seat {turn} is to act, not seat {other}"):
        live.act(other, "call", {}, 0.0)
    with pytest.raises(IllegalAction, match="minimum"):
        live.act(turn, "raise", {"to": 30}, 0.0)  # the minimum raise is to 40 (BB 20)
    with pytest.raises(IllegalAction, match="limit|maximum|all your chips|more than"):
        live.act(turn, "raise", {"to": 5000}, 0.0)
    with pytest.raises(IllegalAction, match="stale action"):
        live.act(turn, "call", {}, 0.0, version=live.version - 1)
    with pytest.raises(IllegalAction, match="not the hand in play"):
        live.act(turn, "call", {}, 0.0, hand_id=start.hand_id + 1)
    live.act(turn, "call", {}, 0.0, hand_id=start.hand_id, version=live.version)


def test_issue21_time_out_applies_the_default_fold_facing_a_bet_after_the_time_bank_and_sits_the_seat_out(
        platform: Platform) -> None:
    p = platform
    tid = table(p, decision_ms=15_000, time_bank_ms=30_000)
    players = _seated(p, 3)
    start = begin(p, tid)
    assert start is not None
    live = LiveHand(start, 100.0)
    seat = live.to_act()
    assert seat is not None
    assert live.deadline() == 100.0 + 45.0
    assert live.timeout(144.9) is None  # still in the time bank
    d = live.timeout(145.0)
    assert d is not None and d.name == "fold"  # facing the big blind: check is not legal
    assert live.banks[seat] == 0
    play_out(live, bots_for(players, "calling"))
    finish(p, live)
    status = {r.seat: r.status for r in seat_rows(p, tid)}
    assert status[seat] == "sitting_out" and list(status.values()).count("playing") == 2


def test_issue21_the_default_is_check_when_checking_is_legal_and_the_time_bank_is_spent_as_used(
        platform: Platform) -> None:
    p = platform
    tid = table(p, decision_ms=10_000, time_bank_ms=20_000)
    _seated(p, 2)
    start = begin(p, tid)
    assert start is not None
    live = LiveHand(start, 0.0)
    first = live.to_act()  # heads-up: the button (small blind) acts first before the flop
    assert first is not None
    live.act(first, "call", {}, 15.0)  # 5 s of the time bank used
    assert live.banks[first] == 15_000
    bb = live.to_act()
    assert bb is not None and bb != first
    live.disconnected.add(bb)  # a disconnected player: the decision timer only
    assert live.deadline() == 15.0 + 10.0
    d = live.timeout(25.0)
    assert d is not None and d.name == "check"


def test_issue21_a_hand_left_unfinished_is_voided_on_recovery_and_every_chip_stays_in_its_stack(
        platform: Platform) -> None:
    p = platform
    tid = table(p)
    players = _seated(p, 3)
    start = begin(p, tid)
    assert start is not None
    live = LiveHand(start, 0.0)
    seat = live.to_act()
    assert seat is not None
    live.act(seat, "raise", {"to": 100}, 0.0)
    leaver = next(pl for pl in players if pl.id == start.seat_players[seat])
    assert p.run(lambda s: seats.leave(s, leaver, tid, T0))["cashed_out_minor"] is None  # in the hand
    assert p.run(lambda s: hands.recover(s, tid, T0)) == [start.hand_id]
    rows = seat_rows(p, tid)
    assert sorted(r.stack for r in rows) == [2000, 2000]  # the leaver was cashed out whole
    assert cash(p, leaver) == 10_000
    assert p.audit().total == 0


def test_issue21_a_player_who_leaves_during_a_hand_is_cashed_out_when_it_ends(platform: Platform) -> None:
    p = platform
    tid = table(p)
    players = _seated(p, 3)
    start = begin(p, tid)
    assert start is not None
    live = LiveHand(start, 0.0)
    p.run(lambda s: seats.leave(s, players[0], tid, T0))
    play_out(live, bots_for(players))
    end = finish(p, live)
    stack = next(r["stack_minor"] for r in end.results if r["player_id"] == players[0].id)
    assert end.left == [(players[0].id, stack)]
    assert cash(p, players[0]) == 10_000 - 2000 + stack
    assert [r.player_id for r in seat_rows(p, tid)] == [players[1].id, players[2].id]


def test_000_12_12_3_all_in_or_fold_offers_only_all_in_and_fold(platform: Platform) -> None:
    p = platform
    tid = table(p, "aof", format="all_in_or_fold")
    _seated(p, 3, tid, buy_in=160)
    start = begin(p, tid)
    assert start is not None
    live = LiveHand(start, 0.0)
    assert [d.name for d in ENGINE.legal_actions(live.state)] == ["fold", "all_in"]
    with pytest.raises(IllegalAction):
        live.act(live.to_act() or 0, "call", {}, 0.0)


def test_issue21_monitoring_records_chip_transfers_by_folding_and_who_sat_with_whom(platform: Platform) -> None:
    p = platform
    tid = table(p)
    players = _seated(p, 3)
    bots = bots_for(players, "tight", seed=3)
    facts = 0
    together: dict[int, int] = {}
    for k in range(60):  # at least 12 hands, and until a fold transfer (the deals are random)
        if k >= 12 and facts:
            break
        end = play_hand(p, tid, bots)
        if end is None:  # one player has every chip (three all-ins happen): the others top up
            broke = {r.player_id for r in seat_rows(p, tid) if r.stack == 0}
            for pl in players:
                if pl.id in broke:
                    p.run(lambda s, pl=pl: seats.top_up(s, pl, tid, 2000, T0))
                    p.run(lambda s, pl=pl: seats.sit_in(s, pl, tid))  # a broke seat was sat out
            end = play_hand(p, tid, bots)
            assert end is not None
        facts += end.facts
        ids = {r["player_id"] for r in end.results}
        if players[0].id in ids:
            for other in ids - {players[0].id}:
                together[other] = together.get(other, 0) + 1
    pairs = p.read(lambda s: monitor.pairs(s, players[0].id))
    assert {x["player_id"]: x["hands_together"] for x in pairs} == together
    assert set(together) == {players[1].id, players[2].id}
    assert facts > 0


def test_issue21_fold_transfers_split_a_folders_loss_between_the_winners_exactly() -> None:
    from croupier.games.base import BetResult

    res = (BetResult(1, "hand", 30, 0, "lose"), BetResult(2, "hand", 100, 190, "win"),
           BetResult(3, "hand", 100, 40, "partial"))
    assert monitor.fold_transfers({1: True, 2: False, 3: False}, res) == [(1, 2, 30)]
    res2 = (BetResult(1, "hand", 31, 0, "lose"), BetResult(2, "hand", 10, 30, "win"),
            BetResult(3, "hand", 10, 21, "win"))
    out = monitor.fold_transfers({1: True}, res2)
    assert sum(a for _f, _w, a in out) == 31 and out == [(1, 2, 20), (1, 3, 11)]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(2, 6), hands_=st.integers(1, 12), seed=st.integers(0, 10**6),
       buy_ins=st.lists(st.integers(800, 2000), min_size=6, max_size=6),
       leave_after=st.integers(0, 12))
def test_issue21_property_chips_are_conserved_across_buy_in_hands_and_cash_out_with_rake(
        platform: Platform, n: int, hands_: int, seed: int, buy_ins: list[int], leave_after: int) -> None:
    p = platform
    tid = table(p, f"prop-{uuid.uuid4().hex[:8]}")
    players = [new_player(p, deposit="100") for _ in range(n)]
    before = sum(cash(p, pl) for pl in players)
    rake_before = rake(p)
    for i, pl in enumerate(players):
        sit(p, pl, tid, i, buy_ins[i])
    bots = bots_for(players, "mixed", seed=seed)
    for k in range(hands_):
        if k == leave_after:
            p.run(lambda s: seats.leave(s, players[0], tid, T0))
        if play_hand(p, tid, bots) is None:
            break
    for pl in players:
        try:
            p.run(lambda s, pl=pl: seats.leave(s, pl, tid, T0))
        except Exception:  # noqa: BLE001,S110 - already left
            pass
    after = sum(cash(p, pl) for pl in players)
    assert after + (rake(p) - rake_before) == before
    assert pot(p, tid) == 0
    assert p.audit().total == 0


def test_issue21_disconnect_rule_a_player_without_the_table_socket_gets_no_time_bank(platform: Platform) -> None:
    from types import SimpleNamespace

    from croupier.platform.cardroom.runner import Room

    p = platform
    tid = table(p, decision_ms=10_000, time_bank_ms=20_000)
    _seated(p, 2)
    start = begin(p, tid)
    assert start is not None
    live = LiveHand(start, 0.0)
    seat = live.to_act()
    assert seat is not None
    player = start.seat_players[seat]
    room = Room()
    room.hub = SimpleNamespace(tables={tid: [SimpleNamespace(player_id=player)]})
    room.mark_connection(live, tid, seat, player)
    assert live.deadline() == 30.0  # connected: timer + time bank
    room.hub = SimpleNamespace(tables={})
    room.mark_connection(live, tid, seat, player)
    assert live.deadline() == 10.0  # disconnected: the timer only, then the default
