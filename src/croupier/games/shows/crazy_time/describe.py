"""Crazy Time describes itself (docs/describe.md): eight bets, the wheel segment as the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.shows.crazy_time.variant import NUMBERS, CrazyTimeVariant

LABELS = {"cash_hunt": "Cash Hunt", "pachinko": "Pachinko", "coin_flip": "Coin Flip",
          "crazy_time": "Crazy Time"}


def describe(v: CrazyTimeVariant) -> dict[str, Any]:
    bets = [D.bet(c, label=LABELS.get(c, c), group="numbers" if c in NUMBERS else "bonuses",
                  payout=v.payouts[c]) for c in v.bet_codes]
    rules = [
        "A wheel of 54 segments: 1 (21), 2 (13), 5 (7), 10 (4), Cash Hunt (2), Pachinko (2), "
        "Coin Flip (4), Crazy Time (1) (000 §12.31).",
        "A number pays its number to 1; the Top Slot multiplier on that spot multiplies the payout.",
        "A bonus is played only by the bets on it: Cash Hunt (pick one of 108 cells), Pachinko, "
        "Coin Flip, Crazy Time (choose a flapper); no choice in time: a random one.",
        "A malfunction voids the round and returns every bet (000 §12.31).",
    ]
    decisions = [D.decision("pick", label="Aim at a cell"), D.decision("flapper", label="Choose a flapper"),
                 D.decision("close_picks", label="Let the RNG choose")]
    return D.assemble(v, bets, kind="segment", rules=rules, decisions=decisions)


def display(v: CrazyTimeVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    seg = str(outcome.get("segment", "?"))
    ts = outcome.get("top_slot") or {}
    headline = f"{LABELS.get(seg, seg)}"
    if ts.get("spot") == seg and ts.get("multiplier"):
        headline += f" with Top Slot x{ts['multiplier']}"
    for key in ("cash_hunt", "pachinko", "coin_flip", "crazy_time"):
        part = outcome.get(key)
        if isinstance(part, Mapping) and part.get("multiplier"):
            headline += f": x{part['multiplier']}"
    return {"kind": "segment", "segments": list(v.segments), "index": outcome.get("index"),
            "label": seg, "headline": headline}
