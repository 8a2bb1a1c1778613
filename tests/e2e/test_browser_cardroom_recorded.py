"""The poker table page (issue 21 part 5) in a real browser, drawing a recorded hand: every
message the card room would send for a hand of bots played through the engine (``poker_state``
after each step, with the viewer's private part; ``poker_hand_ended``; the hand history) is fed
to ``cardroom.html?preview`` one step at a time, and at each step the page must show exactly the
engine's figures: each seat's stack and bet, the pot and side pots, the board, whose turn, the
viewer's cards, only his legal actions, and bet sizing inside the engine's raise range. At the end
the stacks have moved exactly as the hand history's settlement says."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from croupier.games.base import DrawAction
from croupier.games.pvp.poker.bots import preset
from croupier.games.pvp.poker.engine import ENGINE, HandSetup, HandState
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import load_variant
from croupier.platform.cardroom import views
from croupier.platform.cardroom.history import visible_events
from croupier.rng import seeded

pytestmark = pytest.mark.e2e

VIEWER = 0  # the browser player's seat
TABLE = {"id": "nl-amd", "title": "Texas Hold'em No Limit", "currency": "AMD", "currency_exponent": 0,
         "structure": "no_limit", "format": "regular", "big_blind_minor": 20, "small_blind_minor": 10,
         "min_buy_in_minor": 800, "max_buy_in_minor": 2000, "max_seats": 6, "decision_ms": 15000,
         "time_bank_ms": 30000, "rake": {"percent": "1/20", "cap_minor": 60, "no_flop_no_drop": True}}


def _seats(state: HandState) -> list[dict[str, Any]]:
    return [{"seat": seat, "player_id": 100 + seat, "name": f"p{seat}", "stack_minor": state.stacks[i],
             "status": "playing", "table_id": TABLE["id"]} for i, seat in enumerate(state.setup.seats)]


def _state_msg(state: HandState, event: str) -> dict[str, Any]:
    hand = views.hand_public(state, 7, 3, "ab" * 32)
    hand.update({"decision_ms_left": 12000 if ENGINE.to_act(state) is not None else None,
                 "time_bank_in_use": False, "time_banks_ms": {}, "last_action": None})
    return {"type": "poker_state", "event": event, "table_id": TABLE["id"], "table": TABLE,
            "seats": _seats(state), "hand": hand, "you": views.you(state, VIEWER),
            "server_time": "2026-11-26T02:00:00+00:00"}


def record_hand(seed: str, want: Callable[[HandState], bool]) -> tuple[list[dict[str, Any]], list[HandState]]:
    """The messages of one bot hand (the first of ``seed``'s hands that ``want`` accepts)."""
    v = load_variant("holdem", "no_limit")
    source = seeded(seed)
    for _attempt in range(200):
        setup = HandSetup((0, 1, 3, 4), (2000, 400, 1500, 900), 4, 20,
                          rake=PercentRake(Fraction(5, 100), 60, True))
        bots = {s: preset(h, source) for s, h in zip(setup.seats, ("loose", "maniac", "calling", "tight"), strict=True)}
        state = ENGINE.start(v, setup, "AMD")
        states = []
        msgs = []
        while not ENGINE.is_finished(state):
            req = ENGINE.next_draw(state)
            if req is not None:
                state = ENGINE.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
                continue
            states.append(state)
            msgs.append(_state_msg(state, "action"))
            seat = ENGINE.to_act(state)
            assert seat is not None
            state = ENGINE.apply(state, bots[seat](state, ENGINE.legal_actions(state)))
        if not want(state):
            continue
        se = ENGINE.settle(state)
        results = [{"seat": b.bet_id, "player_id": 100 + b.bet_id, "stake_minor": b.stake,
                    "returned_minor": b.returned, "net_minor": b.returned - b.stake, "outcome": b.outcome,
                    "stack_minor": setup.stacks[i] - b.stake + b.returned} for i, b in enumerate(se.bets)]
        final_seats = [{**s, "stack_minor": r["stack_minor"]} for s, r in zip(_seats(state), results, strict=True)]
        msgs.append({"type": "poker_hand_ended", "table_id": TABLE["id"], "hand_id": 7, "rake_minor": se.rake,
                     "results": results, "hand": views.hand_public(state, 7, 3, "ab" * 32), "seats": final_seats})
        msgs.append({"type": "history", "hand_id": 7, "number": 3, "currency": "AMD", "your_seat": VIEWER,
                     "events": visible_events(list(state.events), VIEWER), "settlement": se.to_dict(),
                     "rake_minor": se.rake})
        states.append(state)
        return msgs, states
    raise AssertionError("no hand of the wanted kind came up")


def _serve(page: Any, msgs: list[dict[str, Any]]) -> None:
    body = json.dumps({"messages": msgs})
    page.route("**/cardroom-preview.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=body))


def _minor(page: Any, sel: str) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all(sel, "es => es.map(e => e.dataset.minor)")]


def _check_step(page: Any, state: HandState, msg: dict[str, Any]) -> None:
    hand = msg["hand"]
    for i, seat in enumerate(state.setup.seats):
        li = f"#seats li[data-seat='{seat}']"
        assert _minor(page, f"{li} .stack") == [state.stacks[i]]
        assert _minor(page, f"{li} .bet") == ([state.bets[i]] if state.bets[i] else [])
    assert page.get_attribute("#pot-total", "data-minor") == str(sum(state.committed))
    pots = page.eval_on_selector_all(".cr-pot", "es => es.map(e => [+e.dataset.minor, e.dataset.eligible])")
    if len(hand["pots"]) > 1:
        assert pots == [[p["amount_minor"], ",".join(map(str, p["eligible"]))] for p in hand["pots"]]
    board = page.eval_on_selector_all("#boards .cr-board[data-run='0'] .pcard", "es => es.map(e => e.dataset.card)")
    assert board == hand["boards"][0]
    to_act = page.eval_on_selector_all("#seats li.to-act", "es => es.map(e => +e.dataset.seat)")
    assert to_act == [hand["to_act"]]
    you = msg["you"]
    assert page.eval_on_selector_all("#you .pcard", "es => es.map(e => e.dataset.card)") == you["hole"]
    # the viewer's cards are his (on his seat too); another seat's face-down cards are not drawn face up
    assert page.eval_on_selector_all(f"#seats li[data-seat='{VIEWER}'] .pcard", "es => es.map(e => e.dataset.card)") == you["hole"]
    for seat in state.setup.seats:
        if seat != VIEWER:
            assert page.eval_on_selector_all(f"#seats li[data-seat='{seat}'] .pcard:not(.back)", "es => es.length") == 0
    buttons = page.eval_on_selector_all("#actions button", "es => es.map(e => e.dataset.action)")
    legal = [a["action"] for a in you["legal"]]
    assert sorted(buttons) == sorted(legal)  # only the legal actions (bet/raise: the sizing button)
    rng = you["raise_range"]
    if rng is None:
        assert page.is_hidden("#sizing")
        return
    low, high = rng["min_to_minor"], rng["max_to_minor"]
    assert page.get_attribute("#size-range", "min") == str(low)
    assert page.get_attribute("#size-range", "max") == str(high)
    assert page.get_attribute("#raise-button", "data-to") == str(low)
    presets = [int(x) for x in page.eval_on_selector_all("#presets button", "es => es.map(e => e.dataset.to)")]
    assert all(low <= p <= high for p in presets) and (low == high or presets[-1] == high)
    if high > low:
        page.fill("#size-input", str(high + 1))  # above the limit: not offered
        assert page.is_disabled("#raise-button")
        page.fill("#size-input", str(low - 1))  # below the minimum raise
        assert page.is_disabled("#raise-button")
        page.fill("#size-input", str(high))
        assert page.get_attribute("#raise-button", "data-to") == str(high)
        page.click("#raise-button")
        assert json.loads(page.get_attribute("#actions", "data-sent") or "{}") == {
            "action": legal[-1], "to_minor": high}


def _play_through(page: Any, static_url: str, msgs: list[dict[str, Any]], states: list[HandState]) -> HandState:
    _serve(page, msgs)
    page.goto(f"{static_url}/cardroom.html?preview")
    final = states[-1]
    for k, (msg, state) in enumerate(zip(msgs, states[:-1], strict=False)):
        page.wait_for_selector(f"#preview-bar[data-step='{k + 1}']", state="attached")
        _check_step(page, state, msg)
        page.click("#preview-next")
    return final


def test_issue_21_5_table_page_shows_each_step_of_a_recorded_hand_and_the_stacks_move_as_its_history_says(
        page: Any, static_url: str) -> None:
    msgs, states = record_hand("cardroom-page", lambda s: s.result is not None and len(s.result.shown) >= 2)
    final = _play_through(page, static_url, msgs, states)
    n = len(states) - 1
    page.wait_for_selector(f"#preview-bar[data-step='{n + 1}']", state="attached")  # hand ended
    r = final.result
    assert r is not None
    ended = msgs[n]
    # the showdown: shown hands face up, the board complete
    for seat, cards in r.shown.items():
        shown = page.eval_on_selector_all(f"#seats li[data-seat='{seat}'] .pcard:not(.back)", "es => es.map(e => e.dataset.card)")
        assert len(shown) == len(cards)
    lines = page.eval_on_selector_all("#hand-result .cr-line", "es => es.map(e => [+e.dataset.seat, +e.dataset.net, +e.dataset.stack])")
    assert lines == [[x["seat"], x["net_minor"], x["stack_minor"]] for x in ended["results"]]
    assert page.get_attribute("#hand-result .cr-rake", "data-minor") == str(r.rake)
    page.click("#preview-next")  # the hand history
    page.wait_for_selector("#history table tbody tr")
    rows = page.eval_on_selector_all("#history tbody tr", "es => es.map(e => [+e.dataset.seat, +e.dataset.stake, +e.dataset.returned])")
    before = dict(zip(final.setup.seats, final.setup.stacks, strict=True))
    after = {int(s): int(x) for s, x in page.eval_on_selector_all(
        "#seats li[data-player]:not([data-player='']) ", "es => es.map(e => [e.dataset.seat, e.querySelector('.stack').dataset.minor])")}
    for seat, stake, returned in rows:
        assert after[seat] == before[seat] - stake + returned  # the stacks moved as the history says
    assert sum(before.values()) - sum(after.values()) == r.rake  # every chip: the house took the rake
    events = page.eval_on_selector_all("#history .cr-events li", "es => es.map(e => e.dataset.type)")
    assert events.count("decision") == sum(1 for e in final.events if e.type == "decision")
    assert "showdown" in events and "result" in events
    assert page.errors == []


def test_issue_21_5_table_page_shows_side_pots_of_a_recorded_all_in_hand(page: Any, static_url: str) -> None:
    msgs, states = record_hand("cardroom-side-pots", lambda s: s.result is not None and len(s.result.pots) >= 2)
    final = _play_through(page, static_url, msgs, states)
    assert final.result is not None
    page.wait_for_selector(f"#preview-bar[data-step='{len(states)}']", state="attached")
    pots = page.eval_on_selector_all(".cr-pot", "es => es.map(e => +e.dataset.minor)")
    assert pots == [p.amount for p in final.result.pots]
    assert page.errors == []
