"""The engine describes itself (issue 14, docs/describe.md): the game-specific part of a
variant's description and the normalised view of a round's outcome.

A family gives :class:`~croupier.games.registry.GameSpec` a ``describe(variant)`` and a
``display(variant, outcome)``; a family without them gets the generic ones below, built from the
variant's exact bet list and payouts. Everything here is pure (no platform, no I/O): the API layer
(:mod:`croupier.api.describe`) adds the generic parts (RTPs, limits, play mode, tables).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from croupier.games.base import BetRequest

#: every outcome kind a renderer exists for
KINDS: Final = ("pocket", "cards", "dice", "segment", "balls", "reels", "board")

#: target shapes a bet may take
TARGET_KINDS: Final = ("none", "number", "numbers", "choice", "positions")

#: the keys every view of a kind carries beside ``kind`` and ``headline``
KIND_FIELDS: Final[Mapping[str, tuple[str, ...]]] = {
    "pocket": ("pockets",),
    "cards": ("hands",),
    "dice": ("dice", "total"),
    "segment": ("segments", "index", "label"),
    "balls": ("drawn",),
    "reels": ("window", "lines"),
    "board": ("cells",),
}


def label_of(code: str) -> str:
    """The label of a code with no label of its own: ``"suited_tie"`` -> ``"Suited tie"``."""
    text = code.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def bet(code: str, *, label: str | None = None, group: str = "main", payout: str | None = None,
        target: Mapping[str, Any] | None = None, example: Sequence[int | str] = (),
        requires: Sequence[str] = (), decision_only: bool = False, chips: int = 1,
        limits: Mapping[str, Sequence[int]] | None = None, condition: str | None = None,
        rtp_code: str | None = None) -> dict[str, Any]:
    """One bet of a description (the API adds ``rtp``, and ``limits`` unless given). ``requires``:
    the bets it needs on the same slip; ``decision_only``: placed by a decision, never on the
    layout; ``chips``: a package of equal chips (the stake is a multiple of it); ``condition``:
    the bet opens only in that state of the table (HI LO's HI after a previous card);
    ``rtp_code``: the code ``exact()`` reports its RTP under, when another."""
    out = {"code": code, "label": label or label_of(code), "group": group,
           "payout": payout, "target": dict(target or {"kind": "none"}),
           "example_target": list(example), "requires": list(requires),
           "decision_only": decision_only, "chips": chips, "condition": condition}
    if rtp_code is not None:
        out["rtp_code"] = rtp_code
    if limits is not None:
        out["limits"] = {c: list(r) for c, r in limits.items()}
    return out


def choice(options: Iterable[tuple[int | str, str]]) -> dict[str, Any]:
    """A ``choice`` target: one of ``options`` (value, label)."""
    return {"kind": "choice", "options": [{"value": v, "label": lab} for v, lab in options]}


def group(name: str, label: str | None = None) -> dict[str, str]:
    return {"name": name, "label": label or label_of(name)}


def decision(name: str, *, label: str | None = None, adds: str | None = None,
             default: bool = False) -> dict[str, Any]:
    """A decision the player may be asked for; ``adds`` names the stake it adds (``"2x ante"``)."""
    return {"name": name, "label": label or label_of(name), "adds": adds, "default": default}


def payout_text(payouts: Mapping[str, Any], code: str) -> str | None:
    p = payouts.get(code)
    return None if p is None else str(p)


def variant_rules(variant: Any) -> list[str]:
    """The rules lines every variant has: its source and each documented assumption."""
    lines = []
    source = getattr(variant, "source", None)
    if source:
        lines.append(f"Rules source: {source}.")
    lines.extend(f"Assumption: {a}" for a in getattr(variant, "assumptions", ()) or ())
    if getattr(variant, "paytable_assumed", False):
        lines.append("The paytable is assumed where the rules document leaves it open.")
    return lines


def paytable_of(bets: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{"bet": b["code"], "label": b["label"], "pays": b["payout"]}
            for b in bets if b.get("payout")]


def assemble(variant: Any, bets: list[dict[str, Any]], *, kind: str,
             groups: Sequence[Mapping[str, str]] | None = None,
             decisions: Sequence[Mapping[str, Any]] = (), rules: Sequence[str] = (),
             paytable: Sequence[Mapping[str, Any]] | None = None,
             outcome: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game-specific part of a description, with the defaults filled in: groups in the
    order their bets come, the variant's rules lines after the family's own, the paytable of the
    bets' payouts."""
    if groups is None:
        seen: dict[str, None] = {}
        for b in bets:
            seen.setdefault(b["group"], None)
        groups = [group(g) for g in seen]
    return {"bets": bets, "groups": [dict(g) for g in groups],
            "decisions": [dict(d) for d in decisions],
            "outcome": {"kind": kind, **(outcome or {})},
            "rules": [*rules, *variant_rules(variant)],
            "paytable": [dict(p) for p in (paytable if paytable is not None else paytable_of(bets))]}


def generic_describe(spec: Any, variant: Any) -> dict[str, Any]:
    """A description for a game with no ``describe``: its exact bet list, the variant's payouts,
    and the targets of its demonstration bets (``positions`` listing that one target)."""
    payouts = getattr(variant, "payouts", {}) or {}
    cur = next(iter(getattr(variant, "limits", {}) or {}), "EUR")
    demo: dict[str, BetRequest] = {}
    for b in spec.demo_bets(variant, cur):
        demo.setdefault(b.code, b)
    bets = []
    for r in spec.exact(variant):
        d = demo.get(r.bet)
        example = list(d.target) if d is not None else []
        target = {"kind": "positions", "positions": [example]} if example else {"kind": "none"}
        bets.append(bet(r.bet, payout=payout_text(payouts, r.bet), target=target, example=example))
    return assemble(variant, bets, kind="board")


def headline_of(outcome: Mapping[str, Any]) -> str:
    """A one-line text of an outcome no family describes: its scalar fields."""
    parts = [f"{k} {v}" for k, v in outcome.items() if isinstance(v, (str, int)) and not isinstance(v, bool)]
    return ", ".join(parts) or "Round over"


def generic_display(_variant: Any, outcome: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": "board", "cells": [], "headline": headline_of(outcome)}


def describe(spec: Any, variant: Any) -> dict[str, Any]:
    """The game-specific part of ``variant``'s description (the family's, or the generic one)."""
    fn = spec.describe or (lambda v: generic_describe(spec, v))
    return dict(fn(variant))


def display(spec: Any, variant: Any, outcome: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The normalised view of a round's ``outcome`` (``None`` while it has none)."""
    if outcome is None:
        return None
    fn = spec.display or generic_display
    return dict(fn(variant, outcome))


def hand(label: str, cards: Sequence[str], total: str | int | None = None,
         **extra: Any) -> dict[str, Any]:
    """One hand of a ``cards`` view."""
    out: dict[str, Any] = {"label": label, "cards": list(cards)}
    if total is not None:
        out["total"] = str(total)
    out.update(extra)
    return out


def cards_view(hands: Sequence[Mapping[str, Any]], headline: str, **extra: Any) -> dict[str, Any]:
    return {"kind": "cards", "hands": [dict(h) for h in hands], "headline": headline, **extra}


def stake_limits(variant: Any, code: str) -> dict[str, list[int]]:
    """Bet ``code``'s stake range ``[min, max]`` in minor units per currency of the variant,
    whichever shape the family keeps its limits in (a per-code method, a limit set with
    ``for_code``, one range for every bet, or a ``range_for`` method))."""
    out: dict[str, list[int]] = {}
    per_code = getattr(variant, "limit", None)
    for cur, ls in (getattr(variant, "limits", {}) or {}).items():
        if callable(per_code):
            lim = per_code(cur, code)
            if lim is not None:
                out[cur] = [lim.minimum, lim.maximum]
        elif hasattr(ls, "for_code"):
            lim = ls.for_code(code)
            out[cur] = [lim.minimum, lim.maximum]
        elif hasattr(ls, "minimum"):
            out[cur] = [ls.minimum, ls.maximum]
        elif hasattr(ls, "range_for"):
            out[cur] = list(ls.range_for(code))
    return out


def is_card(value: Any) -> bool:
    """Whether ``value`` is a card code of the project (``"Ah"``, ``"Tc"``, ``"Jk"``)."""
    from croupier.cards import parse
    from croupier.errors import CroupierError

    if not isinstance(value, str):
        return False
    try:
        parse(value)
    except (CroupierError, ValueError):
        return False
    return True


def hands_of(outcome: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The hands an outcome shows, in the order it names them: a card per key (``{"dragon":
    "Qc"}``), a list of cards per key, a ``hands`` table of either, or a list of ``[slot, card]``
    pairs (``cards`` of the games that deal to several places in turn)."""
    hands: dict[str, list[str]] = {}

    def add(key: str, value: Any) -> None:
        if is_card(value):
            hands.setdefault(key, []).append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, (list, tuple)) and len(item) == 2 and is_card(item[1]):
                    hands.setdefault(str(item[0]), []).append(item[1])
                elif is_card(item):
                    hands.setdefault(key, []).append(item)

    for key, value in outcome.items():
        if key == "hands" and isinstance(value, Mapping):
            for slot, cards in value.items():
                add(str(slot), cards)
        else:
            add(str(key), value)
    return [hand(label_of(k), cards) for k, cards in hands.items()]


def winner_headline(outcome: Mapping[str, Any], tie_codes: Sequence[str] = ("tie", "draw")) -> str:
    """``"Dragon wins"``; ``"Tie"`` when the winner is a tie code."""
    winner = outcome.get("winner")
    if winner is None:
        return "Round over"
    text = label_of(str(winner))
    return text if str(winner) in tie_codes else f"{text} wins"


def generic_cards_display(_variant: Any, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The ``cards`` view of an outcome that names its cards (see :func:`hands_of`), the other
    scalar fields kept as they are (a winner, a spread, a streak)."""
    extra = {k: v for k, v in outcome.items()
             if isinstance(v, (str, int, bool)) and not is_card(v) and k not in ("kind", "headline", "hands")}
    return cards_view(hands_of(outcome), winner_headline(outcome), **extra)
