"""A Belote hand's result (000 §12.12 Counting, Win condition, Capot, Contra): the contract made
or failed, the game points or wins it gives, and the end of the match.

``cards[i]`` is player i's captured card points with the last-trick bonus; ``combos[i]`` his
counted combination points; ``capot`` the player who took every trick (-1: nobody).
"""

from __future__ import annotations

from typing import NamedTuple

from croupier.games.pvp.belote.variant import BeloteVariant


class HandResult(NamedTuple):
    winner: int                # the hand's winner (0/1), -1 for a split hand (Open, equal points)
    made: bool                 # the trump chooser made his contract
    totals: tuple[int, int]    # hand points: cards + last trick + capot + combinations
    gains: tuple[int, int]     # game points (points modes) or wins added to the match score


def game_points(points: int) -> int:
    """ASSUMPTION (000 §12.12 Ambiguities): hand points / 10 rounded, halves up (81 -> 8,
    76 -> 8, 86 -> 9, 162 -> 16)."""
    return (points + 5) // 10


def hand_result(v: BeloteVariant, chooser: int, cards: tuple[int, int], combos: tuple[int, int],
                capot: int, contra: int, mode: str, double_capot: bool) -> HandResult:
    bonus = [v.capot if capot == i else 0 for i in (0, 1)]
    totals = (cards[0] + bonus[0] + combos[0], cards[1] + bonus[1] + combos[1])
    opp = 1 - chooser
    if totals[chooser] == totals[opp] and v.ties == "split":
        winner, made = -1, True
    else:
        made = totals[chooser] >= totals[opp]   # "greater than or equal": the chooser wins
        winner = chooser if made else opp
    if mode == "wins":
        gains = [0, 0]
        if winner >= 0:
            gains[winner] = (2 if double_capot and capot == winner else 1) * contra
        return HandResult(winner, made, totals, (gains[0], gains[1]))
    if winner >= 0 and (not made or contra > 1):
        # a failed contract (or a Contra hand): the winner takes every point of the hand; only
        # the card points are multiplied by Contra / ReContra
        gains = [0, 0]
        gains[winner] = (game_points(cards[0] + cards[1]) * contra
                         + (combos[0] + combos[1] + bonus[0] + bonus[1]) // 10)
        return HandResult(winner, made, totals, (gains[0], gains[1]))
    return HandResult(winner, made, totals, (game_points(totals[0]), game_points(totals[1])))


def match_winner(score: tuple[int, int], target: int) -> int:
    """The match's winner once a score reaches the target and the scores differ (equal totals:
    play goes on), else -1."""
    if max(score) < target or score[0] == score[1]:
        return -1
    return 0 if score[0] > score[1] else 1
