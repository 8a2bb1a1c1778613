"""The incident rules of 004's decision games (issue 16): Blackjack (§2.19–2.35), Unlimited
Blackjack (§4.18–4.31) and Casino Hold'em (§5.24–5.33), one :class:`~.incident_rules.Rule` per
row of the extract's summaries, in the style of :mod:`croupier.platform.incident_rules`.

The three sections repeat one another with their own numbers (Unlimited Blackjack has no seats,
so no 2.22/2.23/2.26 and no "wrong position" in 4.24; Casino Hold'em has no shuffle rules and one
procedural-error rule, 5.24, instead of a provider fault). The rules are built from one table of
clause numbers per section so a row cannot drift from its twin.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.platform.incident_rules import (
    ANY_STATE,
    CONTINUE,
    NEW_SHOE,
    RESHUFFLE,
    STANDS,
    VOID,
    Decide,
    Rule,
    _choice,
    _count,
    _flag,
    _stage,
)
from croupier.platform.live_errors import BadIncident
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER

#: 004 §2.25 / §4.22: a settled hand whose player was not offered an action (total 11 or less)
#: gets its initial stake back (see :func:`croupier.platform.live_decisions.refund_hand`)
REFUND_HAND = "refund_hand"
#: while the cards are being dealt (the round closed, waiting for cards or decisions)
DURING = ("closed",)
#: 2.27 / 4.23 / 5.26: the dealer dealt before betting ended, so the round may still be open
EARLY = ("open", "closed")


def _dropped(c: Mapping[str, str]) -> Decide:
    """2.19 / 4.18 / 5.25: dropped cards by count and visibility."""
    def decide(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
        if _count(data) >= 3:
            return c["dropped_3"], VOID
        return (c["dropped_seen"], CONTINUE) if _flag(data, "visible") else (c["dropped_unseen"], VOID)
    return decide


def _dropped_shuffling(c: Mapping[str, str]) -> Decide:
    """2.20 / 4.19: 1st/2nd shuffle continue, 3rd restart, 3 or more cards: a new card set."""
    def decide(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
        n, stage = _count(data), _stage(data)
        if n >= 3:
            return c["shuffle_3"], NEW_SHOE
        return (c["shuffle_12"], CONTINUE) if stage < 3 else (c["shuffle_3rd"], RESHUFFLE)
    return decide


def _face_down(c: Mapping[str, str]) -> Decide:
    """2.21 / 4.20: void either way; the floor manager scans the card (.1) or replaces the shoe
    (.2: the dealer then starts a new shoe on the console)."""
    def decide(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
        return _choice(data, "case", {"scan": (c["face_down_scan"], VOID),
                                      "replace_shoe": (c["face_down_shoe"], VOID)})
    return decide


def _too_few(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    """2.22: only the last card moves and the next is not drawn yet; 2.23: more than one card."""
    return _choice(data, "case", {"last_card": ("2.22", CONTINUE), "several": ("2.23", CONTINUE)})


def _too_many(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    """2.26: an extra initial card; visible → void (2.26.2), hidden → moved (by the dealer when
    it is the last card drawn, 2.26.1.1; by the floor manager when more must move, 2.26.1.2)."""
    if _flag(data, "visible"):
        return "2.26.2", VOID
    return ("2.26.1.1", CONTINUE) if _count(data) == 1 else ("2.26.1.2", CONTINUE)


def _not_offered(c: Mapping[str, str]) -> Decide:
    """2.25 / 4.22: the hand's total when the action was not offered; 11 or less → the initial
    stake is returned; more → ASSUMPTION (the extract's): the hand stood, the settlement stands."""
    def decide(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
        t = data.get("total")
        if isinstance(t, bool) or not isinstance(t, int) or not 2 <= t <= 21:
            raise BadIncident("this incident gives the hand's total when the action was missed: "
                              "total = 2..21")
        pid = data.get("player_id")
        if isinstance(pid, bool) or not isinstance(pid, int) or pid < 1:
            raise BadIncident("this incident names the player: player_id = N")
        return (c["not_offered"], REFUND_HAND) if t <= 11 else (c["not_offered"], STANDS)
    return decide


def _early_deal(c: Mapping[str, str]) -> Decide:
    """2.27 / 4.23 / 5.26: the dealer dealt before betting ended and the first card failed to scan
    three times: not visible → the floor manager re-scans it, continue; visible → void."""
    def decide(data: Mapping[str, Any], n: int) -> tuple[str, str]:
        if n:
            raise BadIncident("this rule is for the game's very first card; a later card that "
                              "does not scan is unreadable_card")
        return (c["early_visible"], VOID) if _flag(data, "visible") else (c["early_hidden"], CONTINUE)
    return decide


def _exposed(c: Mapping[str, str]) -> Decide:
    """2.28 / 4.24: a face-down card exposed before the game officially started: void."""
    cases = {"initial_deal": (c["exposed_deal"], VOID), "decisions_open": (c["exposed_open"], VOID)}
    if "exposed_position" in c:
        cases["wrong_position"] = (c["exposed_position"], VOID)

    def decide(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
        return _choice(data, "case", cases)
    return decide


def _stuck(c: Mapping[str, str]) -> Decide:
    """2.34 / 4.30 / 5.32: two cards stuck: the second scanned first → void; the first → go on."""
    def decide(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
        return _choice(data, "case", {"second_scanned_first": (c["stuck_second"], VOID),
                                      "first_scanned_first": (c["stuck_first"], CONTINUE)})
    return decide


def _procedural(data: Mapping[str, Any], _n: int) -> tuple[str, str]:
    """5.24: paused; fixed at once → continue; no quick fix → cancelled, initial stakes returned."""
    return _choice(data, "case", {"fixed": ("5.24", CONTINUE), "not_fixed": ("5.24", VOID)})


def _shared(c: Mapping[str, str]) -> list[Rule]:
    """The rows every card section of 004 has (dropped cards, early deal, unreadable and damaged
    cards, order, mis-scans, stuck cards, early collection)."""
    return [
        Rule("cards_dropped", c["dropped"], VOID, FLOOR_MANAGER, DURING, "card dropped",
             _dropped(c), ("count", "visible")),
        Rule("early_deal_unscanned", c["early"], VOID, FLOOR_MANAGER, EARLY,
             "the first card was dealt early and could not be scanned", _early_deal(c),
             ("visible",)),
        Rule("unreadable_card", c["unreadable"], CONTINUE, DEALER, DURING,
             "a card could not be read: up to 3 scans, then the floor manager, then the "
             "technical service"),
        Rule("damaged_card", c["damaged"], CONTINUE, FLOOR_MANAGER, ANY_STATE,
             "a damaged card was replaced with an identical new card"),
        Rule("order_disturbed", c["order"], VOID, FLOOR_MANAGER, DURING,
             "the dealing order was disturbed"),
        Rule("scanned_differs", c["differs"], VOID, FLOOR_MANAGER, DURING,
             "the scanned card differs from the card on the table"),
        Rule("scanned_twice", c["twice"], VOID, FLOOR_MANAGER, DURING,
             "a card was scanned twice"),
        Rule("stuck_cards", c["stuck"], VOID, FLOOR_MANAGER, DURING,
             "two cards came out of the shoe stuck together", _stuck(c), ("case",),
             ("second_scanned_first", "first_scanned_first")),
        Rule("collected_early", c["collected"], CONTINUE, FLOOR_MANAGER, DURING,
             "the cards were collected early: positions restored from the video"),
    ]


def _blackjack_rows(c: Mapping[str, str]) -> list[Rule]:
    """The blackjack rows shared by §2 and §4 (shuffling, face-down card, provider fault, an
    action not offered, a hole card exposed)."""
    return [
        Rule("cards_dropped_shuffling", c["shuffle"], CONTINUE, DEALER, ANY_STATE,
             "cards dropped while shuffling", _dropped_shuffling(c), ("count", "stage")),
        Rule("card_face_down", c["face_down"], VOID, FLOOR_MANAGER, DURING,
             "a card came out of the shoe face down when it should have been face up",
             _face_down(c), ("case",), ("scan", "replace_shoe")),
        Rule("provider_fault", c["fault"], VOID, FLOOR_MANAGER, ("open", "closed"),
             "technical failure: the game was interrupted"),
        Rule("action_not_offered", c["not_offered"], REFUND_HAND, FLOOR_MANAGER, ("settled",),
             "a player was not offered an action: the hand's initial stake is returned",
             _not_offered(c), ("player_id", "total")),
        Rule("hole_card_exposed", c["exposed"], VOID, FLOOR_MANAGER, EARLY,
             "a face-down card was exposed before the game officially started", _exposed(c),
             ("case",), tuple(k for k in ("initial_deal", "decisions_open", "wrong_position")
                              if k != "wrong_position" or "exposed_position" in c)),
    ]


#: 004 §2 (Blackjack, 7 seats)
BJ_CLAUSES = {
    "dropped": "2.19", "dropped_seen": "2.19.1", "dropped_unseen": "2.19.2", "dropped_3": "2.19.3",
    "shuffle": "2.20", "shuffle_12": "2.20.1", "shuffle_3rd": "2.20.2", "shuffle_3": "2.20.3",
    "face_down": "2.21", "face_down_scan": "2.21.1", "face_down_shoe": "2.21.2",
    "fault": "2.24", "not_offered": "2.25",
    "early": "2.27", "early_hidden": "2.27.1", "early_visible": "2.27.2",
    "exposed": "2.28", "exposed_deal": "2.28.1", "exposed_open": "2.28.2",
    "exposed_position": "2.28.3",
    "unreadable": "2.29", "damaged": "2.30", "order": "2.31", "differs": "2.32", "twice": "2.33",
    "stuck": "2.34", "stuck_second": "2.34.1", "stuck_first": "2.34.2", "collected": "2.35",
}
#: 004 §4 (Unlimited Blackjack): the same rows, renumbered; no seats, no 2.28.3 twin
UBJ_CLAUSES = {
    "dropped": "4.18", "dropped_seen": "4.18.1", "dropped_unseen": "4.18.2", "dropped_3": "4.18.3",
    "shuffle": "4.19", "shuffle_12": "4.19.1", "shuffle_3rd": "4.19.2", "shuffle_3": "4.19.3",
    "face_down": "4.20", "face_down_scan": "4.20.1", "face_down_shoe": "4.20.2",
    "fault": "4.21", "not_offered": "4.22",
    "early": "4.23", "early_hidden": "4.23.1", "early_visible": "4.23.2",
    "exposed": "4.24", "exposed_deal": "4.24.1", "exposed_open": "4.24.2",
    "unreadable": "4.25", "damaged": "4.26", "order": "4.27", "differs": "4.28", "twice": "4.29",
    "stuck": "4.30", "stuck_second": "4.30.1", "stuck_first": "4.30.2", "collected": "4.31",
}
#: 004 §5 (Casino Hold'em)
CH_CLAUSES = {
    "dropped": "5.25", "dropped_seen": "5.25.1", "dropped_unseen": "5.25.2", "dropped_3": "5.25.3",
    "early": "5.26", "early_hidden": "5.26.1", "early_visible": "5.26.2",
    "unreadable": "5.27", "damaged": "5.28", "order": "5.29", "differs": "5.30", "twice": "5.31",
    "stuck": "5.32", "stuck_second": "5.32.1", "stuck_first": "5.32.2", "collected": "5.33",
}

BLACKJACK: dict[str, Rule] = {r.code: r for r in (
    *_shared(BJ_CLAUSES), *_blackjack_rows(BJ_CLAUSES),
    Rule("too_few_hands", "2.22-2.23", CONTINUE, DEALER, DURING,
         "cards were dealt to fewer players than are seated: positions corrected", _too_few,
         ("case",), ("last_card", "several")),
    Rule("too_many_cards", "2.26", CONTINUE, DEALER, DURING,
         "more initial cards were dealt than there are occupied seats", _too_many,
         ("count", "visible")),
)}
UNLIMITED: dict[str, Rule] = {r.code: r for r in (*_shared(UBJ_CLAUSES),
                                                  *_blackjack_rows(UBJ_CLAUSES))}
CASINO_HOLDEM: dict[str, Rule] = {r.code: r for r in (
    *_shared(CH_CLAUSES),
    Rule("procedural_error", "5.24", CONTINUE, FLOOR_MANAGER, ("open", "closed"),
         "a procedural error: the game is paused and checked", _procedural, ("case",),
         ("fixed", "not_fixed")),
)}

#: the platform's own incident: no card in time. ASSUMPTION: a technical interruption of the
#: game, the provider's fault (2.24 / 4.21); Casino Hold'em: an error with no quick fix (5.24)
TIMEOUTS = {
    "blackjack": Rule("reader_timeout", "2.24", VOID, FLOOR_MANAGER, DURING,
                      "the cards were not read in time"),
    "unlimited": Rule("reader_timeout", "4.21", VOID, FLOOR_MANAGER, DURING,
                      "the cards were not read in time"),
    "casino_holdem": Rule("reader_timeout", "5.24", VOID, FLOOR_MANAGER, DURING,
                          "the cards were not read in time"),
}
#: the variants that play 004 §4's common hand (every other blackjack variant takes §2's rules)
UNLIMITED_VARIANTS = frozenset({"unlimited_004"})


def section(game: str, variant: str) -> str | None:
    """Which of these sections a table of ``game`` / ``variant`` follows (None: none of them)."""
    if game == "blackjack":
        return "unlimited" if variant in UNLIMITED_VARIANTS else "blackjack"
    return "casino_holdem" if game == "casino_holdem" else None


RULES = {"blackjack": BLACKJACK, "unlimited": UNLIMITED, "casino_holdem": CASINO_HOLDEM}


def rules_for(game: str, variant: str = "") -> dict[str, Rule]:
    key = section(game, variant)
    return RULES[key] if key is not None else {}


def timeout_for(game: str, variant: str = "") -> Rule | None:
    key = section(game, variant)
    return TIMEOUTS[key] if key is not None else None


def rules_of(game: str, variant: str) -> dict[str, Rule]:
    """Every game's incident rules: these sections, else roulette's and baccarat's."""
    from croupier.platform.incident_rules import rules_for as base

    return rules_for(game, variant) or base(game)
