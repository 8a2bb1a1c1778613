"""The server loads every compiled kernel a request reaches before it serves (platform/warm.py): a
match's first roll once waited > 10 s for numba to compile the backgammon move generator (CI, stop
28). After the warm-up, play must compile nothing more."""

from __future__ import annotations

from types import ModuleType

from numba.core.registry import CPUDispatcher

from croupier.cards import poker as cards_poker
from croupier.games.pvp.backgammon import movegen
from croupier.games.pvp.backgammon.variant import variant_names
from croupier.games.pvp.backgammon.warm import one_point_game
from croupier.games.pvp.poker import core, evaluate
from croupier.games.pvp.poker.bots import play_hand, preset
from croupier.games.pvp.poker.engine import HandSetup
from croupier.games.pvp.poker.variant import all_variants, load_variant
from croupier.platform import warm
from croupier.rng.source import HmacStream


def _compiled(*modules: ModuleType) -> dict[str, int]:
    """Each numba kernel of ``modules`` and how many signatures it has compiled."""
    return {f"{m.__name__}.{n}": len(f.signatures) for m in modules
            for n, f in vars(m).items() if isinstance(f, CPUDispatcher)}


def test_issue22_after_the_warm_up_backgammon_and_poker_play_compiles_nothing() -> None:
    warm.warm_compiled()
    assert warm.warm_compiled() == 0  # once per process
    before = _compiled(movegen, evaluate, cards_poker, core)
    assert before[f"{movegen.__name__}.generate"] >= 1
    source = HmacStream(b"test", "warm", 1)
    for name in variant_names():  # every variant, a few games each, as matches play them
        for _ in range(3):
            one_point_game(name, source)
    for ranking in evaluate.CODES:
        hole = 4 if ranking == "omaha" else 2
        board = [36, 41, 46, 51, 56]
        holes = [list(range(8 + 4 * i, 8 + 4 * i + hole)) for i in range(3)]
        evaluate.hand_values(ranking, holes, board[:3])
        evaluate.hand_values(ranking, holes, board)
        evaluate.hand_values(ranking, [holes[0], holes[1][:hole - 1]], board)
    for h, key in enumerate(all_variants()):  # poker hands of every variant and format, through the core
        v = load_variant(*key)
        fmt = ("regular", "rush", "all_in_or_fold", "tournament")[h % 4]
        seats = tuple(range(1, v.max_players + 1))
        bots = {s: preset(("maniac", "loose", "calling")[s % 3], source) for s in seats}
        for k in range(4):
            play_hand(v, HandSetup(seats, (100 + 300 * k,) * len(seats), seats[k % len(seats)], 20, fmt),
                      "AMD", source, bots)
    assert _compiled(movegen, evaluate, cards_poker, core) == before
