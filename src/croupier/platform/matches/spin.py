"""Lucky Spin on a match win (000 §12.12.2, end): after a win of Backgammon, Domino or Toto 21
or Belote the winner may spin the wheel once or decline and keep the win.

The extract's ASSUMPTION as ``variants/lucky_spin/standard.toml`` reads it: the amount spun is
the win as the game credits it - the fund less the rake (the 000 example: a 500 + 500 AMD
backgammon fund pays 960, on x4 3,840) - and the wheel's sectors and weights are that variant's
data; the spin is played by the Lucky Spin engine itself (``games/shows/lucky_spin``).

Money: the win is already in the winner's cash; the spin moves only the difference with the
house (``house:<CUR>``): ``win × (multiplier − 1)`` to the player, or the whole win to the house
on x0. Its exact expected cost to the house (:func:`house_edge`): the mean multiplier is
``Σ weight × value / Σ weight`` = 96/100 with the default weights, so a spin of ``W`` costs the
house ``W × (96/100 − 1) = −W/25`` on average: the house gains 4% of every win spun."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy.orm import Session

from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import load_variant
from croupier.games.shows.lucky_spin import ENGINE
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.matches.errors import MatchState
from croupier.platform.matches.tables import get
from croupier.platform.matches.views import seat_of
from croupier.rng import fair
from croupier.store.models import Player

VARIANT = "standard"


def wheel() -> Any:
    return load_variant("lucky_spin", VARIANT)


def mean_multiplier(v: Any | None = None) -> Fraction:
    """The wheel's exact mean multiplier, from its data."""
    segs = (v or wheel()).wheel.segments
    total = sum(s.count for s in segs)
    mean: Fraction = sum((Fraction(s.count) * s.value for s in segs), Fraction(0)) / total
    return mean


def house_edge(v: Any | None = None) -> Fraction:
    """The house's expected gain per unit of win spun (1 − the mean multiplier)."""
    return 1 - mean_multiplier(v)


def spun_amount(bets: list[dict[str, Any]], winner: int) -> int:
    """The win the wheel multiplies: the fund less the rake - what the winner takes back less
    the part of his escrow that was never played (Belote's Double stake: the maximum bet held
    less the stake played, which is what the loser lost). Charges (``change_card``) are not part
    of it."""
    match = [b for b in bets if b.get("code", "match") == "match"]
    returned = sum(int(b["returned"]) for b in match if int(b["bet_id"]) == winner)
    held = sum(int(b["stake"]) for b in match if int(b["bet_id"]) == winner)
    lost = sum(int(b["stake"]) - int(b["returned"]) for b in match if int(b["bet_id"]) != winner)
    return returned - max(held - lost, 0)


def _offered(session: Session, player: Player, match_id: int) -> Any:
    m = get(session, match_id, lock=True)
    if m.spin != "offered" or m.winner_seat is None or seat_of(m, player.id) != m.winner_seat:
        raise MatchState(f"no Lucky Spin is offered to you on match {match_id}")
    return m


def decline(session: Session, player: Player, match_id: int) -> dict[str, Any]:
    m = _offered(session, player, match_id)
    m.spin = "declined"
    return {"match_id": m.id, "spin": "declined"}


def spin(session: Session, player: Player, match_id: int, now: datetime) -> dict[str, Any]:
    m = _offered(session, player, match_id)
    won = spun_amount((m.settlement or {}).get("bets", []), m.winner_seat)
    v = wheel()
    state = ENGINE.start(v, [BetRequest("spin", won)], m.currency)
    req = ENGINE.next_draw(state)
    if req is None:  # pragma: no cover - one spin draw always
        raise MatchState("the wheel has no draw")
    value = fair.stream(m.server_seed, f"pvp-spin:{m.id}", 0).randbelow(req.n)
    paid = ENGINE.settle(ENGINE.apply(state, DrawAction(req.kind, value))).bets[0].returned
    multiplier = paid // won
    if m.mode == "money" and paid != won:
        ledger = Ledger(session)
        cash, house = player_code(player.id), system_code("house", m.currency)
        ledger.ensure_system_accounts(m.currency)
        if paid > won:
            ledger.transfer(f"pvp:{m.id}:spin", house, cash, paid - won, "lucky_spin", now=now)
        else:
            ledger.transfer(f"pvp:{m.id}:spin", cash, house, won - paid, "lucky_spin", now=now)
    m.spin, m.spin_multiplier = "spun", multiplier
    return {"match_id": m.id, "spin": "spun", "win_minor": won, "multiplier": multiplier,
            "paid_minor": paid, "draw": value}
