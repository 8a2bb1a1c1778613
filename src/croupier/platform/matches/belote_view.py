"""What a Belote match shows each viewer (000 §12.12; docs/pvp_matches.md "Hidden cards").

Classic: a player sees his own cards; the opponent's show as a count. The face-up card of the
trump offer is public. Open: each player's cards lie as 8 piles of 2, the upper card face up;
the first 4 upper cards are shown at the deal, the other 4 once both players passed the first
offer or the trump is chosen (ASSUMPTION: play needs them face up), a lower card once the card
above it is played; a lower card under its upper card is hidden from both players (its owner
too), shown as the pile's size. The stock (cards not dealt) is a count. The public standing:
card points captured this hand, tricks, declared combinations (shown when declared), Contra,
the Double stake multiplier and each player's Change card charges.
"""

from __future__ import annotations

from typing import Any

from croupier.games.pvp.belote.cards import SUIT_NAMES
from croupier.games.pvp.belote.state import MatchState

#: the phases of a hand before the Open trump is chosen
_OFFER = ("first", "deal", "bid")


def _open_top_shown(s: MatchState, k: int, pile: tuple[int, ...]) -> bool:
    if len(pile) == 1:
        return True  # Open: the lower card, its upper card played
    return k < 4 or s.step >= 2 or s.phase not in _OFFER


def _piles(s: MatchState, i: int, viewer: int | None) -> list[dict[str, Any]]:
    out = []
    for k, pile in enumerate(s.piles[i]):
        if not pile:
            out.append({"top": None, "size": 0})
            continue
        if s.variant.style == "open":
            shown = _open_top_shown(s, k, pile)
        else:
            shown = viewer == i
        out.append({"top": pile[-1] if shown else None, "size": len(pile)})
    return out


def belote_cards(state: Any, viewer: int | None) -> dict[str, Any]:
    """``public``: what every viewer sees (``piles`` per seat, each ``{"top": card or None,
    "size": n}``, as a spectator sees them); ``you``: for the seat ``viewer`` (None: nothing) his
    own ``piles`` as he sees them and ``hand``, the cards of his he sees. The public part goes
    to every socket, the ``you`` part only to its player."""
    s: MatchState = state
    public: dict[str, Any] = {
        "style": s.variant.style,
        "face_up": s.face_up if s.face_up >= 0 else None,
        "trump_name": SUIT_NAMES[s.trump] if s.trump >= 0 else None,
        "chooser": s.chooser if s.chooser >= 0 else None,
        "points": list(s.cards), "declared": [[list(c) for c in d] for d in s.declared],
        "contra": s.contra, "multiplier": s.mult, "fees": list(s.fees),
        "stock_count": len(s.stock),
        "piles": [_piles(s, i, None) for i in (0, 1)],
        "hand_counts": [len(s.hand(i)) for i in (0, 1)],
    }
    you: dict[str, Any] = {}
    if viewer is not None:
        mine = _piles(s, viewer, viewer)
        you = {"piles": mine, "hand": sorted(p["top"] for p in mine if p["top"] is not None)}
    return {"public": public, "you": you}
