"""A match's money in the ledger (issue 22 part 2; 000 §12.12 "4%, charged automatically by the
program from the winning fund formed by the bets of the 2 opponents").

* ``match:<id>`` (kind ``match_escrow``): both stakes move into it from the players' cash when the
  creator accepts the opponent (:func:`hold_stakes`); at the end it pays the winner the fund less
  the rake and the rake to ``pvp_rake:<CUR>`` (kind ``pvp_rake``: the two-player games' rake, an
  account of its own, apart from the poker rake), or returns each stake (a draw, a void); it is
  back to zero after every match.
* Demo tables move no money at all.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from croupier.games.pvp.poker.state import HandSettlement
from croupier.money import currency, format_minor
from croupier.platform.cardroom.accounts import ensure_account
from croupier.platform.errors import InsufficientFunds
from croupier.platform.ledger import Ledger, player_code
from croupier.platform.matches.errors import MatchState, StakeNotCovered
from croupier.store.match_models import PvpMatch


def escrow_code(match_id: int) -> str:
    return f"match:{match_id}"


def rake_code(cur: str) -> str:
    return f"pvp_rake:{cur}"


def seat_players(m: PvpMatch) -> tuple[int, int]:
    if m.opponent_id is None:
        raise MatchState(f"match {m.id} has no opponent")
    return (m.creator_id, m.opponent_id)


def check_covers(session: Session, player_id: int, m: PvpMatch, who: str) -> None:
    """Refuse (nothing moved) when ``player_id``'s cash is below the table's stake."""
    if m.mode != "money":
        return
    have = Ledger(session).balance(player_code(player_id))
    if have < m.stake:
        cur = currency(m.currency)
        raise StakeNotCovered(f"{who} cannot cover the stake of {format_minor(m.stake, cur)}: "
                              f"the balance is {format_minor(have, cur)}")


def hold_stakes(session: Session, m: PvpMatch, now: datetime) -> None:
    """Both stakes into the match's escrow, in one transaction: all or nothing."""
    if m.mode != "money":
        return
    ledger = Ledger(session)
    escrow = escrow_code(m.id)
    ensure_account(session, escrow, "match_escrow", m.currency)
    for seat, pid in enumerate(seat_players(m)):
        try:
            ledger.transfer(f"pvp:{m.id}:stake:{seat}", player_code(pid), escrow, m.stake,
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
            ledger.transfer(f"pvp:{m.id}:pay:{r.bet_id}", escrow, player_code(players[int(r.bet_id)]),
                            r.returned, "pvp_payout", now=now)
    if st.rake:
        ensure_account(session, rake_code(m.currency), "pvp_rake", m.currency)
        ledger.transfer(f"pvp:{m.id}:rake", escrow, rake_code(m.currency), st.rake, "pvp_rake",
                        now=now)
