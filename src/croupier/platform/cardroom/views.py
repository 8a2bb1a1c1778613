"""What a player may see of a hand (issue 21): the public table state and the private part of
the authenticated player, in the shape of the WebSocket ``poker_state`` message
(docs/pvp_poker.md "Card room API").

A face-down card is public only once shown at the showdown; the player's own cards are his.
Amounts are minor units; cards are two-character names (``"Ah"``, ``"Td"``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.cards.card import name
from croupier.games.base import Event
from croupier.games.pvp.poker.engine import ENGINE
from croupier.games.pvp.poker.pots import build_pots
from croupier.games.pvp.poker.state import HandState


def dealt_cards(events: Sequence[Event]) -> dict[int, list[tuple[int, bool]]]:
    """Each seat's cards in dealing order with their face-up flag (from the ``dealt`` events)."""
    out: dict[int, list[tuple[int, bool]]] = {}
    for e in events:
        if e.type == "dealt":
            for where, card, up in e.data["cards"]:
                if where != "board":
                    out.setdefault(int(where), []).append((int(card), bool(up)))
    return out


def shown_cards(events: Sequence[Event]) -> dict[int, list[int]]:
    for e in events:
        if e.type == "showdown":
            return {int(k): [int(c) for c in v] for k, v in e.data["shown"].items()}
    return {}


def cards_for(seat: int, dealt: Mapping[int, list[tuple[int, bool]]], shown: Mapping[int, list[int]],
              viewer_seat: int | None) -> list[str | None]:
    """A seat's cards as a viewer may see them (None: a face-down card he may not see)."""
    mine = seat == viewer_seat
    show = set(shown.get(seat, ()))
    return [name(c) if (up or mine or c in show) else None for c, up in dealt.get(seat, [])]


def hand_public(s: HandState, hand_id: int, number: int, server_seed_hash: str,
                viewer_seat: int | None = None) -> dict[str, Any]:
    seats = s.setup.seats
    dealt = dealt_cards(s.events)
    shown = shown_cards(s.events)
    pots, uncalled = build_pots(s.committed, s.folded)
    players = []
    for i, seat in enumerate(seats):
        players.append({
            "seat": seat, "stack_minor": s.stacks[i], "bet_minor": s.bets[i],
            "committed_minor": s.committed[i], "folded": s.folded[i],
            "all_in": s.stacks[i] == 0 and not s.folded[i],
            "cards": cards_for(seat, dealt, shown, viewer_seat)})
    result = None
    if s.result is not None:
        r = s.result
        result = {"rake_minor": r.rake, "misdeal": r.misdeal,
                  "pots": [{"amount_minor": p.amount, "rake_minor": p.rake,
                            "eligible": list(p.eligible), "won": {str(k): v for k, v in p.won.items()},
                            "runs": [list(w) for w in p.runs]} for p in r.pots],
                  "shown": {str(k): [name(c) for c in v] for k, v in r.shown.items()},
                  "mucked": list(r.mucked)}
    return {
        "hand_id": hand_id, "number": number, "version": len(s.events), "phase": s.phase,
        "street": s.street, "button": s.setup.button, "big_blind_minor": s.setup.big_blind,
        "format": s.setup.format, "server_seed_hash": server_seed_hash,
        "boards": [[name(c) for c in b] for b in s.boards],
        "pot_minor": sum(s.committed),
        "pots": [{"amount_minor": p.amount, "eligible": [seats[i] for i in p.eligible]} for p in pots],
        "uncalled_minor": sum(uncalled), "current_bet_minor": s.current_bet,
        "to_act": ENGINE.to_act(s), "players": players, "result": result,
    }


def you(s: HandState, seat: int | None) -> dict[str, Any] | None:
    """The private part for the player at ``seat``: his cards, and when he is to act the legal
    actions and the bet sizing range (``to`` bounds)."""
    if seat is None or seat not in s.setup.seats:
        return None
    i = s.setup.seats.index(seat)
    out: dict[str, Any] = {"seat": seat, "hole": [name(c) for c in s.hole[i]], "legal": [],
                           "raise_range": None, "to_call_minor": max(0, s.current_bet - s.bets[i])}
    if ENGINE.to_act(s) == seat:
        seen: set[str] = set()
        for d in ENGINE.legal_actions(s):
            if d.name in seen and d.name != "run_it":
                continue
            seen.add(d.name)
            out["legal"].append({"action": d.name, **{k: v for k, v in d.args.items() if k in ("times",)}})
        rng = ENGINE.raise_range(s)
        out["raise_range"] = None if rng is None else {"min_to_minor": rng[0], "max_to_minor": rng[1]}
    elif s.setup.format == "rush" and not s.folded[i] and s.stacks[i] > 0 and s.phase in ("bet", "deal"):
        out["legal"].append({"action": "fast_fold"})
    if s.setup.format == "rush" and ENGINE.to_act(s) == seat and not s.folded[i]:
        out["legal"].append({"action": "fast_fold"})
    return out
