"""Issue 14 "The engine describes itself": every (game, variant) of the registry describes its
bets, targets, decisions and outcome kind, and shows its rounds' outcomes (docs/describe.md).

Parametrised from the registry: a new variant file is covered without editing this file.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

import pytest

from croupier.api.describe import DescriptionOut, description
from croupier.errors import CroupierError, IllegalAction
from croupier.games import describe as D
from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.registry import all_variants, game, load_variant
from croupier.rng import fair

CASES = list(all_variants())
IDS = [f"{g}-{v}" for g, v in CASES]
#: demonstration rounds played at most per variant to reach every listed decision
ROUNDS = 2000


def _currency(desc: Mapping[str, Any]) -> str:
    return sorted(desc["currencies"])[0]


def _stake(desc: Mapping[str, Any], bet: Mapping[str, Any], cur: str) -> int:
    lim = bet["limits"].get(cur)
    if lim is not None:
        return int(lim[0])
    info = desc["currencies"][cur]
    return int(info["min_minor"] or info["chips_minor"][0])


#: the multiples of a bet's stake the bets it requires are tried at (a Blind equals the Ante, a
#: Bonus may be at most half of it)
COMPANION_MULTIPLES = (1, 2, 10)


def _slip_for(desc: Mapping[str, Any], bet: Mapping[str, Any], cur: str, k: int) -> list[BetRequest]:
    """The bet at its minimum stake on its example target, after the bets it ``requires``, each
    at ``k`` times that stake (at least its own minimum)."""
    by_code = {b["code"]: b for b in desc["bets"]}
    stake = _stake(desc, bet, cur)
    slip = []
    for code in bet.get("requires", ()):
        other = by_code[code]
        slip.append(BetRequest(code, max(k * stake, _stake(desc, other, cur)),
                               tuple(other["example_target"])))
    slip.append(BetRequest(bet["code"], stake, tuple(bet["example_target"])))
    return slip


def _accepted(spec: Any, variant: Any, desc: Mapping[str, Any], bet: Mapping[str, Any],
              cur: str) -> Any:
    """The round ``engine.start`` opens for the bet, with its companions at the first multiple
    that the engine takes; the last refusal is raised when none is taken."""
    refused: CroupierError | None = None
    for k in COMPANION_MULTIPLES if bet["requires"] else (1,):
        try:
            return spec.engine.start(variant, _slip_for(desc, bet, cur, k), cur)
        except CroupierError as exc:
            refused = exc
    raise refused  # type: ignore[misc]


def _rounds(g: str, v: str, n: int = ROUNDS) -> Iterator[tuple[Any, set[str]]]:
    """Up to ``n`` demonstration rounds from seeded streams, every decision picked at random from
    the legal ones (from the same stream): each final state and the decision names offered."""
    spec = game(g)
    variant = load_variant(g, v)
    desc = description(g, v)
    cur = _currency(desc)
    for i in range(n):
        src = fair.stream("5e" * 32, f"describe-{g}-{v}", i)
        state = _start(spec, variant, cur)
        offered: set[str] = set()
        while not spec.engine.is_finished(state):
            req = spec.engine.next_draw(state)
            if req is not None:
                state = spec.engine.apply(state, DrawAction(req.kind, src.randbelow(req.n)))
                continue
            legal: list[Decision] = spec.engine.legal_actions(state)
            offered.update(d.name for d in legal)
            state = _decide(spec.engine, state, legal, src.randbelow(len(legal)))
        yield state, offered


def _start(spec: Any, variant: Any, cur: str) -> Any:
    """A round of the demonstration bets at ten times their stakes where the limits allow (an
    insurance of half a one-unit bet would be nothing, and is not offered), else as they are."""
    bets = spec.demo_bets(variant, cur)
    try:
        return spec.engine.start(variant, [replace(b, stake=b.stake * 10) for b in bets], cur)
    except CroupierError:
        return spec.engine.start(variant, bets, cur)


def _decide(engine: Any, state: Any, legal: list[Decision], pick: int) -> Any:
    """Apply the picked legal decision; one that needs the player's input (which cards to
    exchange) is passed over for the next one that applies as offered."""
    for d in legal[pick:] + legal[:pick]:
        try:
            return engine.apply(state, d)
        except IllegalAction:
            continue
    raise IllegalAction(f"no legal decision applies as offered: {legal}")


def _outcome(state: Any) -> dict[str, Any] | None:
    from croupier.games.base import jsonable

    for e in state.events:
        if e.type == "result":
            return dict(jsonable(e.data))
    return None


@pytest.mark.parametrize("g,v", CASES, ids=IDS)
def test_issue_14_description_validates_against_the_response_model(g: str, v: str) -> None:
    desc = description(g, v)
    DescriptionOut.model_validate(desc)
    assert desc["bets"], "a variant describes at least one bet"
    assert desc["outcome"]["kind"] in D.KINDS
    assert {b["group"] for b in desc["bets"]} <= {gr["name"] for gr in desc["groups"]}


@pytest.mark.parametrize("g,v", CASES, ids=IDS)
def test_issue_14_labels_are_unique_per_variant(g: str, v: str) -> None:
    desc = description(g, v)
    labels = [b["label"] for b in desc["bets"]]
    assert len(labels) == len(set(labels)), labels
    codes = [b["code"] for b in desc["bets"]]
    assert len(codes) == len(set(codes)), codes
    decisions = [d["label"] for d in desc["decisions"]]
    assert len(decisions) == len(set(decisions)), decisions


@pytest.mark.parametrize("g,v", CASES, ids=IDS)
def test_issue_14_every_example_target_at_the_minimum_stake_is_accepted(g: str, v: str) -> None:
    spec = game(g)
    variant = load_variant(g, v)
    desc = description(g, v)
    cur = _currency(desc)
    placed = 0
    for bet in desc["bets"]:
        if bet["decision_only"] or bet["condition"]:
            continue  # placed by a decision, or open only in a state of the table
        state = _accepted(spec, variant, desc, bet, cur)
        assert not spec.engine.is_finished(state) or state.events
        placed += 1
    assert placed, "at least one bet goes on the layout"


@pytest.mark.parametrize("g,v", CASES, ids=IDS)
def test_issue_14_every_listed_decision_is_offered_in_some_round(g: str, v: str) -> None:
    desc = description(g, v)
    if not desc["decisions"]:
        return
    offered: set[str] = set()
    listed = {d["name"] for d in desc["decisions"]}
    for _state, names in _rounds(g, v):
        offered |= names
        if listed <= offered:
            break
    assert listed <= offered, f"never offered in {ROUNDS} rounds: {sorted(listed - offered)}"
    assert all(d["adds"] is None for d in desc["decisions"] if d["default"])


@pytest.mark.parametrize("g,v", CASES, ids=IDS)
def test_issue_14_display_of_demo_rounds_has_the_fields_of_its_kind(g: str, v: str) -> None:
    spec = game(g)
    variant = load_variant(g, v)
    kind = description(g, v)["outcome"]["kind"]
    shown = 0
    for state, _names in _rounds(g, v, 16):
        view = D.display(spec, variant, _outcome(state))
        if view is None:
            continue
        shown += 1
        assert view["kind"] == kind
        assert isinstance(view["headline"], str) and view["headline"].strip()
        for key in D.KIND_FIELDS[kind]:
            assert key in view, f"{kind} view without {key}: {view}"
        if kind == "cards":
            for h in view["hands"]:
                assert isinstance(h["label"], str) and isinstance(h["cards"], list)
    if g != "jokerbet":  # Jokerbet's rounds record no result event (one card, bets settled)
        assert shown, "no demonstration round produced an outcome"


def test_issue_14_display_of_no_outcome_is_none() -> None:
    spec = game("roulette")
    assert D.display(spec, load_variant("roulette", "european"), None) is None


def test_issue_14_chips_follow_the_1_2_5_series_inside_the_limits() -> None:
    from croupier.api.describe import chips

    assert chips(10, 500000) == [10, 20, 50, 100, 200, 500, 1000]
    assert chips(25, 60) == [50]
    assert chips(None, None, 2)[0] == 100
