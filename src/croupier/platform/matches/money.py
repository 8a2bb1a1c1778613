"""A match's money in the ledger (issue 22 part 2; 000 §12.12 "4%, charged automatically by the
program from the winning fund formed by the bets of the 2 opponents").

* ``match:<id>`` (kind ``match_escrow``): both stakes move into it from the players' cash when the
  creator accepts the opponent (:func:`hold_stakes`); at the end it pays the winner the fund less
  the rake and the rake to ``pvp_rake:<CUR>`` (kind ``pvp_rake``: the two-player games' rake, an
  account of its own, apart from the poker rake), or returns each stake (a draw, a void); it is
  back to zero after every match.
* A game whose setup has an ``escrow`` (Belote with Double stake: the maximum bet, "charged
  immediately on joining") holds that amount from each player instead of the stake
  (:func:`held`); the engine's settlement returns what was not played.
* Charges during a match (Belote's Change card, 10% of the multiplied stake "taken from the
  player's gaming account"): when a decision raises the state's ``fees`` of a seat, that amount
  moves from the player's cash into the escrow at once (:func:`charge_fees`; refused, nothing
  moved, when his cash cannot cover it); at the end the settlement's ``fees`` go from the escrow
  to the house (``house:<CUR>``, ASSUMPTION), or its ``change_card`` rows back to the players
  on a void.
* Demo tables move no money at all.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from croupier.games.pvp.poker.state import HandSettlement
from croupier.money import currency, format_minor
from croupier.platform.cardroom.accounts import ensure_account
from croupier.platform.errors import InsufficientFunds
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.matches.errors import MatchState, StakeNotCovered
from croupier.platform.matches.games import match_game
from croupier.platform.matches.live import setup_record
from croupier.store.match_models import PvpMatch


def escrow_code(match_id: int) -> str:
    return f"match:{match_id}"


def rake_code(cur: str) -> str:
    return f"pvp_rake:{cur}"


def seat_players(m: PvpMatch) -> tuple[int, int]:
    if m.opponent_id is None:
        raise MatchState(f"match {m.id} has no opponent")
    return (m.creator_id, m.opponent_id)


def held(m: PvpMatch) -> int:
    """What each player puts into the escrow: the setup's ``escrow`` where the game has one
    (Belote's Double stake maximum bet), else the stake."""
    setup = match_game(m.game).setup_of(setup_record(m))
    return int(getattr(setup, "escrow", m.stake))


def check_covers(session: Session, player_id: int, m: PvpMatch, who: str) -> None:
    """Refuse (nothing moved) when ``player_id``'s cash is below what the table holds."""
    if m.mode != "money":
        return
    have = Ledger(session).balance(player_code(player_id))
    need = held(m)
    if have < need:
        cur = currency(m.currency)
        what = "stake" if need == m.stake else "maximum bet"
        raise StakeNotCovered(f"{who} cannot cover the {what} of {format_minor(need, cur)}: "
                              f"the balance is {format_minor(have, cur)}")


def hold_stakes(session: Session, m: PvpMatch, now: datetime) -> None:
    """Both stakes into the match's escrow, in one transaction: all or nothing."""
    if m.mode != "money":
        return
    ledger = Ledger(session)
    escrow = escrow_code(m.id)
    ensure_account(session, escrow, "match_escrow", m.currency)
    amount = held(m)
    for seat, pid in enumerate(seat_players(m)):
        try:
            ledger.transfer(f"pvp:{m.id}:stake:{seat}", player_code(pid), escrow, amount,
                            "pvp_stake", now=now)
        except InsufficientFunds as exc:
            who = "the creator" if seat == 0 else "the opponent"
            raise StakeNotCovered(f"{who} cannot cover the stake: {exc}") from None


def pay_out(session: Session, m: PvpMatch, st: HandSettlement, now: datetime) -> None:
    """The escrow pays each seat's return and the rake; it ends at zero."""
    if m.mode != "money":
        return
    ledger = Ledger(session)
    escrow = escrow_code(m.id)
    players = seat_players(m)
    for r in st.bets:
        if r.returned:
            key = f"pvp:{m.id}:pay:{r.bet_id}" + ("" if r.code == "match" else f":{r.code}")
            ledger.transfer(key, escrow, player_code(players[int(r.bet_id)]), r.returned,
                            "pvp_payout", now=now)
    fees = int(getattr(st, "fees", 0))
    if fees:
        ledger.ensure_system_accounts(m.currency)
        ledger.transfer(f"pvp:{m.id}:fees", escrow, system_code("house", m.currency), fees,
                        "pvp_fee", now=now)
    if st.rake:
        ensure_account(session, rake_code(m.currency), "pvp_rake", m.currency)
        ledger.transfer(f"pvp:{m.id}:rake", escrow, rake_code(m.currency), st.rake, "pvp_rake",
                        now=now)


def charge_fees(session: Session, m: PvpMatch, before: Any, after: Any, now: datetime) -> None:
    """Each seat's new charge (the rise of the state's ``fees``) from his cash into the escrow;
    a charge his cash cannot cover is refused (the whole decision with it)."""
    old, new = getattr(before, "fees", None), getattr(after, "fees", None)
    if m.mode != "money" or old is None or new is None:
        return
    ledger = Ledger(session)
    players = seat_players(m)
    for seat in (0, 1):
        due = int(new[seat]) - int(old[seat])
        if due <= 0:
            continue
        try:
            ledger.transfer(f"pvp:{m.id}:fee:{m.version}:{seat}", player_code(players[seat]),
                            escrow_code(m.id), due, "pvp_fee", now=now)
        except InsufficientFunds as exc:
            raise StakeNotCovered(f"seat {seat} cannot pay the charge of "
                                  f"{format_minor(due, currency(m.currency))}: {exc}") from None
