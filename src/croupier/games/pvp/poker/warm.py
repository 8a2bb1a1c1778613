"""Compile (or load from numba's disk cache) the compiled code a poker hand calls, before a hand
waits for it: the platform calls :func:`warm` once per process at start (croupier.platform.warm).
Every kernel of the hand engine's core (:mod:`.core`) with the argument types the engine passes,
and the showdown evaluators."""

from __future__ import annotations

from fractions import Fraction

from croupier.cards import card
from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.poker.engine import ENGINE, HandSetup
from croupier.games.pvp.poker.evaluate import CODES, hand_values
from croupier.games.pvp.poker.pots import build_pots, split, split_runs
from croupier.games.pvp.poker.rake import PercentRake, pot_rake
from croupier.games.pvp.poker.variant import load_variant

# any distinct cards of a short deck (6 to Ace) do for the compile
_BOARD = (card(14, 0), card(13, 1), card(9, 2), card(7, 3), card(6, 0))
_HOLES = ((card(14, 2), card(14, 3), card(12, 0), card(11, 1)),
          (card(10, 2), card(10, 3), card(8, 1), card(8, 0)))


def _hands() -> None:
    """A few hands through every step of the engine: blinds with a straddle, a raise, a call,
    a check, a fold, an all-in and its "run it" vote, a showdown with rake; a fast fold; a
    misdeal; an All-in or Fold shove; stud's open cards."""
    v = load_variant("holdem", "no_limit")
    rake = PercentRake(Fraction(5, 100), cap=60)
    s = ENGINE.start(v, HandSetup((1, 2, 3, 4), (400, 400, 400, 400), 1, 20, predeal=((4, "straddle"),),
                                  rake=rake), "AMD")
    s = ENGINE.apply(s, DrawAction("deal", 0))
    for _ in range(40):  # raise, then everyone calls the all-in, then the runs vote
        if ENGINE.is_finished(s):
            break
        req = ENGINE.next_draw(s)
        if req is not None:
            s = ENGINE.apply(s, DrawAction("deal", req.n - 1))
            continue
        legal = ENGINE.legal_actions(s)
        s = ENGINE.apply(s, legal[-1] if legal[-1].name != "call" else legal[1])
    ENGINE.raise_range(s)
    ENGINE.max_runs(s)
    rush = ENGINE.start(v, HandSetup((1, 2, 3), (400, 400, 400), 1, 20, "rush"), "AMD")
    rush = ENGINE.apply(rush, Decision("fast_fold", {"seat": 2}))
    ENGINE.apply(rush, Decision("misdeal", {"seat": "dealer", "reason": "warm-up"}))
    aof = ENGINE.start(v, HandSetup((1, 2), (160, 160), 1, 20, "all_in_or_fold"), "AMD")
    aof = ENGINE.apply(aof, DrawAction("deal", 0))
    ENGINE.apply(aof, ENGINE.legal_actions(aof)[-1])
    stud = ENGINE.start(load_variant("five_card_stud", "fixed_limit"), HandSetup((1, 2), (400, 400), 1, 20), "AMD")
    ENGINE.apply(stud, DrawAction("deal", 0))
    build_pots([10, 20, 30], [False, True, False])
    split(7, [0, 1], [1, 0])
    split_runs(7, 2)
    pot_rake(rake, [100], True)


def warm() -> None:
    """Each ranking's showdown: one hole-card count (the flat call) and mixed counts (the rows);
    then hands through the engine's core."""
    for ranking in CODES:
        hole = 4 if ranking == "omaha" else 2
        same = [h[:hole] for h in _HOLES]
        hand_values(ranking, same, _BOARD)
        hand_values(ranking, [same[0], _HOLES[1][:hole - 1]], _BOARD)
    _hands()
