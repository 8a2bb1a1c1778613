"""A match tournament's money in the ledger (issue 22; docs/pvp_matches.md "Tournaments"):

* ``pvp_tourney:<id>`` (kind ``tournament_pool``): registering moves the buy-in **and** the fee
  from the player's cash into it; unregistering (or the operator cancelling) before the start
  moves exactly both back; the start moves every entry's fee to the house (``house:<CUR>``, the
  house's only income from a tournament: no rake on its matches); the end pays the prizes out.
  So what came in = prizes paid + fees taken (+ refunds), and the pool ends at zero.
* The matches themselves move no money (mode ``tourney``).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from croupier.money import currency, format_minor
from croupier.platform.cardroom.accounts import ensure_account
from croupier.platform.errors import InsufficientFunds
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.store.match_models import PvpTournament, PvpTournamentEntry


def pool_code(tournament_id: int) -> str:
    return f"pvp_tourney:{tournament_id}"


def open_pool(session: Session, t: PvpTournament) -> None:
    ensure_account(session, pool_code(t.id), "tournament_pool", t.currency)
    Ledger(session).ensure_system_accounts(t.currency)


def pay_in(session: Session, t: PvpTournament, e: PvpTournamentEntry, now: datetime) -> None:
    """The buy-in and the fee into the pool: one transfer, refused whole (nothing moved) when
    the player's cash does not cover both."""
    ledger = Ledger(session)
    ledger.lock_player(e.player_id)
    need = t.buy_in + t.fee
    have = ledger.balance(player_code(e.player_id))
    if have < need:
        cur = currency(t.currency)
        raise InsufficientFunds(
            f"the entry costs {format_minor(need, cur)} (buy-in {format_minor(t.buy_in, cur)} + "
            f"fee {format_minor(t.fee, cur)}); the balance is {format_minor(have, cur)}")
    ledger.transfer(f"ptour:{t.id}:{e.id}:in", player_code(e.player_id), pool_code(t.id), need,
                    "tournament_buy_in", now=now)


def refund(session: Session, t: PvpTournament, e: PvpTournamentEntry, now: datetime) -> int:
    """Exactly what the entry paid (buy-in + fee) back to the player's cash."""
    amount = t.buy_in + t.fee
    Ledger(session).transfer(f"ptour:{t.id}:{e.id}:refund", pool_code(t.id),
                             player_code(e.player_id), amount, "tournament_refund", now=now)
    return amount


def take_fees(session: Session, t: PvpTournament, entries: int, now: datetime) -> None:
    if t.fee and entries:
        Ledger(session).transfer(f"ptour:{t.id}:fees", pool_code(t.id),
                                 system_code("house", t.currency), t.fee * entries,
                                 "tournament_fee", now=now)


def pay_prize(session: Session, t: PvpTournament, e: PvpTournamentEntry, now: datetime) -> None:
    if e.prize:
        Ledger(session).transfer(f"ptour:{t.id}:{e.id}:prize", pool_code(t.id),
                                 player_code(e.player_id), e.prize, "tournament_prize", now=now)
