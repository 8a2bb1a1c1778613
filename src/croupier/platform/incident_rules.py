"""The incident rules of 004 (issue 16), one :class:`Rule` per row of the extract's summaries.

A rule names its clause, the least role that may report it, the round states it applies to and
its outcome; a rule whose outcome depends on what happened (how many cards fell, whether they were
seen, which shuffle stage) has a ``decide`` function from the reported data to (clause, outcome).
:mod:`croupier.platform.incidents` applies them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from croupier.platform.live_errors import BadIncident
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER

RESPIN, VOID, MANUAL, CORRECTION, CONTINUE, STANDS = (
    "respin", "void", "manual", "correction", "continue", "stands")
REMOVE, RESHUFFLE, NEW_SHOE = "remove_cards", "reshuffle", "new_shoe"
ANY_STATE = ("open", "closed", "resulted", "settled", "voided", "held")

#: (the incident's data, the number of readings of the round so far) -> (clause, outcome)
Decide = Callable[[Mapping[str, Any], int], tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    clause: str
    outcome: str
    role: str
    states: tuple[str, ...]
    title: str  # what players are told
    decide: Decide | None = None
    fields: tuple[str, ...] = ()  # the data the console asks for
    cases: tuple[str, ...] = ()  # the values of ``cause`` / ``case`` when it asks for one

    def resolve(self, data: Mapping[str, Any], readings: int) -> tuple[str, str]:
        return (self.clause, self.outcome) if self.decide is None else self.decide(data, readings)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "clause": self.clause, "outcome": self.outcome,
                "role": self.role, "states": list(self.states), "title": self.title,
                "fields": list(self.fields), "cases": list(self.cases)}


def _choice(data: Mapping[str, Any], key: str, table: Mapping[str, tuple[str, str]]) -> tuple[str, str]:
    value = str(data.get(key, ""))
    if value not in table:
        raise BadIncident(f"this incident names its {key}: one of {', '.join(table)}")
    return table[value]


def _count(data: Mapping[str, Any], key: str = "count") -> int:
    n = data.get(key)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 416:
        raise BadIncident(f"this incident gives the number of cards: {key} = 1, 2, 3...")
    return n


def _flag(data: Mapping[str, Any], key: str) -> bool:
    v = data.get(key)
    if not isinstance(v, bool):
        raise BadIncident(f"this incident says whether the cards were seen: {key} = true or false")
    return v


def _stage(data: Mapping[str, Any]) -> int:
    s = data.get("stage")
    if isinstance(s, bool) or s not in (1, 2, 3):
        raise BadIncident("this incident gives the shuffle stage: stage = 1, 2 or 3")
    return int(s)


# -- roulette (004 §1.16–1.24) --------------------------------------------------------------------

#: 004 §1.16.1–1.16.7: the causes of a No Spin
NO_SPIN_CAUSES = {
    "few_revolutions": "1.16.1", "same_direction": "1.16.2", "wrong_direction": "1.16.3",
    "wheel_jammed": "1.16.4", "ball_rides": "1.16.5", "ball_ejected": "1.16.6",
    "foreign_object": "1.16.7",
}


def _no_spin(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    return _choice(data, "cause", {k: (v, RESPIN) for k, v in NO_SPIN_CAUSES.items()})


ROULETTE: dict[str, Rule] = {r.code: r for r in (
    Rule("no_spin", "1.16-1.17", RESPIN, DEALER, ("closed",),
         "No Spin: the ball is spun again; bets stay in play", _no_spin, ("cause",),
         tuple(NO_SPIN_CAUSES)),
    Rule("ball_left_wheel", "1.19", RESPIN, FLOOR_MANAGER, ("closed",),
         "the ball left the wheel: re-spin with the floor manager's consent; bets stay in play"),
    Rule("foreign_object_before_landing", "1.22", RESPIN, DEALER, ("closed",),
         "a foreign object entered the wheel: the spin is stopped and repeated; bets stay"),
    Rule("reader_failure", "1.18", VOID, FLOOR_MANAGER, ("closed",),
         "the reader did not recognise the winning number"),
    Rule("foreign_object_after_landing", "1.23", VOID, FLOOR_MANAGER, ("closed",),
         "a foreign object entered the wheel before the ball could be removed"),
    Rule("provider_fault_unknown", "1.20.1", VOID, FLOOR_MANAGER, ("open", "closed", "held"),
         "technical failure, result unknown"),
    Rule("provider_fault_known", "1.20.2", MANUAL, FLOOR_MANAGER, ("closed",),
         "technical failure, result known: settled manually on the video's result",
         fields=("readings",)),
    Rule("early_spin_on_track", "1.21.1", CONTINUE, DEALER, ("open",),
         "the ball was spun early and removed; betting continues"),
    Rule("early_spin_unregistered", "1.21.2.1", VOID, FLOOR_MANAGER, ("open", "closed"),
         "the ball was spun before betting closed"),
    Rule("early_spin_registered", "1.21.2.2", STANDS, FLOOR_MANAGER, ("resulted", "settled"),
         "the ball was spun early but the result was registered: the result stands"),
    Rule("wrong_number", "1.24", CORRECTION, FLOOR_MANAGER, ("settled",),
         "the reader registered a wrong number: settled on the video's result",
         fields=("readings",)),
)}


# -- baccarat (004 §3.14–3.36) --------------------------------------------------------------------

OVER_BURN = {"not_shown": ("3.15.1", CONTINUE), "shown": ("3.15.2", CONTINUE),
             "in_discard": ("3.15.3", CONTINUE), "after_games": ("3.15.4", CONTINUE)}
UNDER_BURN = {"fewer": ("3.16", CONTINUE), "none": ("3.17", CONTINUE)}
LEFTOVER = {"before_next_deal": ("3.31.1", CONTINUE), "after_next_deal": ("3.31.2", CONTINUE)}


def _over_burn(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    return _choice(data, "case", OVER_BURN)


def _under_burn(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    return _choice(data, "case", UNDER_BURN)


def _leftover(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    return _choice(data, "case", LEFTOVER)


def _burn_exposed(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    return ("3.18", CONTINUE) if _count(data) == 1 else ("3.19", CONTINUE)


def _dropped(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    n = _count(data)
    if n >= 3:
        return "3.20.3", VOID
    return ("3.20.1", CONTINUE) if _flag(data, "visible") else ("3.20.2", VOID)


def _dropped_shuffling(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    n, stage = _count(data), _stage(data)
    if n >= 3:
        return "3.21.3", NEW_SHOE  # the card set is replaced
    return ("3.21.1", CONTINUE) if stage < 3 else ("3.21.2", RESHUFFLE)


def _exposed_shuffling(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    n, stage = _count(data), _stage(data)
    if n >= 3:
        return "3.25", RESHUFFLE  # restarted with the floor manager's permission
    return ("3.24.1", CONTINUE) if stage < 3 else ("3.24.2", RESHUFFLE)


def _extra_card(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    return ("3.27", CONTINUE) if _flag(data, "shown") else ("3.26", CONTINUE)


def _unreadable(data: Mapping[str, Any], n: int) -> tuple[str, str]:
    # 3.28.2: the very first card of the game, visible -> discarded, the game is void
    return ("3.28.2", VOID) if n == 0 and _flag(data, "visible") else ("3.28.1", CONTINUE)


def _wrong_place(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    return ("3.29.1", CONTINUE) if _count(data) == 1 else ("3.29.2", CONTINUE)


def _damaged(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    return ("3.32", CONTINUE) if _count(data) < 3 else ("3.33", CONTINUE)


def _misread(data: Mapping[str, Any], n: int) -> tuple[str, str]:
    """3.34: remove the last dealt card(s) and continue; never the game's first card (3.34.1),
    never more than 2 at once (3.34.2): then the game is void."""
    k = _count(data)
    if k > 2:
        return "3.34.2", VOID
    if k >= n:
        return "3.34.1", VOID
    return "3.34", REMOVE


DURING = ("closed",)
BACCARAT: dict[str, Rule] = {r.code: r for r in (
    Rule("over_burn", "3.15", CONTINUE, DEALER, ANY_STATE,
         "more cards were burned than needed after the shuffle", _over_burn, ("case",),
         tuple(OVER_BURN)),
    Rule("under_burn", "3.16-3.17", CONTINUE, DEALER, ANY_STATE,
         "fewer cards (or none) were burned after the cut", _under_burn, ("case",),
         tuple(UNDER_BURN)),
    Rule("burn_card_exposed", "3.18-3.19", CONTINUE, DEALER, ANY_STATE,
         "a card to be burned was shown", _burn_exposed, ("count",)),
    Rule("cards_dropped", "3.20", VOID, FLOOR_MANAGER, DURING,
         "card dropped", _dropped, ("count", "visible")),
    Rule("cards_dropped_shuffling", "3.21", CONTINUE, DEALER, ANY_STATE,
         "cards dropped while shuffling", _dropped_shuffling, ("count", "stage")),
    Rule("first_card_face_up", "3.22", VOID, FLOOR_MANAGER, DURING,
         "the first card of the game came out face up"),
    Rule("provider_fault", "3.23", VOID, FLOOR_MANAGER, ("open", "closed"),
         "technical failure"),
    Rule("cards_exposed_shuffling", "3.24-3.25", CONTINUE, DEALER, ANY_STATE,
         "cards exposed while shuffling", _exposed_shuffling, ("count", "stage")),
    Rule("extra_last_card", "3.26-3.27", CONTINUE, DEALER, ("resulted", "settled"),
         "an unneeded card was drawn at the end of the game", _extra_card, ("shown",)),
    Rule("unreadable_card", "3.28", CONTINUE, FLOOR_MANAGER, DURING,
         "a card could not be read", _unreadable, ("visible",)),
    Rule("wrong_position", "3.29", CONTINUE, DEALER, DURING,
         "a card was placed in the wrong box", _wrong_place, ("count",)),
    Rule("scanner_replaced", "3.30", CONTINUE, FLOOR_MANAGER, ANY_STATE,
         "the card scanner was replaced"),
    Rule("leftover_cards", "3.31", CONTINUE, FLOOR_MANAGER, ANY_STATE,
         "cards of the previous game were left on the table", _leftover, ("case",),
         tuple(LEFTOVER)),
    Rule("damaged_cards", "3.32-3.33", CONTINUE, FLOOR_MANAGER, ANY_STATE,
         "damaged cards were replaced", _damaged, ("count",)),
    Rule("misread_card", "3.34", REMOVE, FLOOR_MANAGER, DURING,
         "a card was misread, scanned twice, or two cards stuck together", _misread, ("count",)),
    Rule("objective_reason", "3.35", VOID, FLOOR_MANAGER, ("open", "closed"),
         "the game could not continue (equipment, venue or the dealer's health)"),
    Rule("collected_early", "3.36", CONTINUE, FLOOR_MANAGER, DURING,
         "the cards were collected early: positions restored from the video"),
)}

#: the platform's own incident: no reading in time (maker None). Roulette: 004 §1.18 (the reader
#: did not read the result); baccarat, ASSUMPTION: 004 §3.35 (equipment failure, the game void)
READER_TIMEOUT = Rule("reader_timeout", "1.18", VOID, FLOOR_MANAGER, ("closed",),
                      "the result was not read in time")
TIMEOUTS = {"baccarat": Rule("reader_timeout", "3.35", VOID, FLOOR_MANAGER, ("closed",),
                             "the cards were not read in time")}

RULES: dict[str, dict[str, Rule]] = {"roulette": ROULETTE, "baccarat": BACCARAT}


def rules_for(game: str) -> dict[str, Rule]:
    return RULES.get(game, {})
