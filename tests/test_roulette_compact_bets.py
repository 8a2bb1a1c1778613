"""RouletteEngine.compact_bets: the platform validates a player's new bets on a shared table
together with their earlier (accepted) bets of the round, compacted to one bet per position. The
engine must judge the compacted list exactly as the full one: same acceptance, same error, same
message (limits per position 004 §1, table limits)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import CroupierError
from croupier.games.base import BetRequest, compact_bets
from croupier.games.roulette.engine import RouletteEngine
from tests.roulette_helpers import variant

ENGINE = RouletteEngine()
V = variant("european")
#: positions with one chip and with several (split, street, corner, an announced bet)
POSITIONS = [("straight", (17,)), ("straight", (0,)), ("split", (1, 2)), ("split", (2, 1)),
             ("street", (4,)), ("corner", (1, 5)), ("red", ()), ("dozen", (2,)),
             ("voisins", ()), ("column", (1,))]
bets = st.lists(st.tuples(st.sampled_from(POSITIONS), st.integers(1, 400_000)), max_size=12)


def _judge(bet_list: list[BetRequest]) -> tuple[str, str]:
    try:
        ENGINE.start(V, bet_list, "EUR")
        return ("ok", "")
    except CroupierError as exc:
        return (type(exc).__name__, str(exc))


def _reqs(raw: list[tuple[tuple[str, tuple[int, ...]], int]]) -> list[BetRequest]:
    return [BetRequest(code, stake, target) for (code, target), stake in raw]


@settings(max_examples=400, deadline=None)
@given(earlier=bets, more=bets)
def test_compacted_earlier_bets_are_judged_like_the_full_list(earlier: list, more: list) -> None:
    first = _reqs(earlier)
    if not first or _judge(first)[0] != "ok":
        return  # only accepted bets are ever compacted
    full = _judge([*first, *_reqs(more)])
    compact = _judge([*compact_bets(ENGINE, V, first), *_reqs(more)])
    assert compact == full


def test_compact_bets_merges_stakes_per_position_in_first_bet_order() -> None:
    merged = compact_bets(ENGINE, V, [BetRequest("split", 200, (1, 2)),
                                      BetRequest("red", 500, ()),
                                      BetRequest("split", 300, (2, 1))])
    assert merged == (BetRequest("split", 500, (1, 2)), BetRequest("red", 500, ()))
