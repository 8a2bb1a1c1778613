"""Bonus funds with a wagering requirement (001 §4.1, §5.3.4, §6.8.5).

* The back office grants a bonus: house -> the player's ``bonus`` account, with a wagering
  requirement of ``amount x multiplier`` (ASSUMPTION: one active bonus at a time).
* Bonus funds are bet only on reel slots (a game whose variant's ``kind`` is ``slot``): on any
  other game a bet is taken from cash, never from the bonus account.
* ASSUMPTION: cash is used first; a slot bet is taken from the bonus account only when cash does
  not cover it and the bonus account does (a slip is never split between the two).
* A win goes back to the balance the bet came from (001 §6.8.5), a refund too.
* ASSUMPTION: only bonus-funded stakes count towards the requirement; once it is met the bonus
  balance turns into cash (withdrawable); a bonus whose balance reaches zero first is exhausted.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.registry import load_variant
from croupier.platform.clock import iso
from croupier.platform.errors import NotFound
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.protection.errors import InvalidLimit, ProtectionStateError
from croupier.store.models import Play, Player
from croupier.store.protection_models import Bonus, PlayFunding

MAX_MULTIPLIER = 100


def game_kind(game_name: str, variant_name: str) -> str:
    return str(getattr(load_variant(game_name, variant_name), "kind", ""))


def is_reel_slot(game_name: str, variant_name: str) -> bool:
    return game_kind(game_name, variant_name) == "slot"


def active_bonus(session: Session, player_id: int) -> Bonus | None:
    return session.scalars(select(Bonus).where(Bonus.player_id == player_id,
                                               Bonus.state == "active")
                           .order_by(Bonus.id.desc()).limit(1)).one_or_none()


def grant(session: Session, player_id: int, amount: int, multiplier: int,
          operator_id: int | None, now: datetime) -> Bonus:
    player = session.get(Player, player_id)
    if player is None:
        raise NotFound(f"no player {player_id}")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise InvalidLimit("a bonus is a positive amount")
    if isinstance(multiplier, bool) or not isinstance(multiplier, int) \
            or not 1 <= multiplier <= MAX_MULTIPLIER:
        raise InvalidLimit(f"a wagering multiplier is 1 to {MAX_MULTIPLIER}")
    if active_bonus(session, player_id) is not None:
        raise ProtectionStateError("the player already has an active bonus")
    row = Bonus(player_id=player_id, amount=amount, currency=player.currency,
                wager_multiplier=multiplier, requirement=amount * multiplier, wagered=0,
                state="active", granted_at=now, granted_by=operator_id, closed_at=None,
                converted_amount=None)
    session.add(row)
    session.flush()
    Ledger(session).transfer(f"bonus:{row.id}", system_code("house", player.currency),
                             player_code(player_id, "bonus"), amount, "bonus", now=now)
    return row


_FUNDING = "croupier.protection.funding"


def funding_of(session: Session, play_id: int) -> PlayFunding | None:
    """A play's funding row (none: cash), looked up once per unit of work."""
    cache: dict[int, PlayFunding | None] = session.info.setdefault(_FUNDING, {})
    if play_id not in cache:
        cache[play_id] = session.get(PlayFunding, play_id)
    return cache[play_id]


def fundings_of(session: Session, play_ids: Sequence[int]) -> None:
    """Look up the funding rows of many plays at once (one statement for those not looked up
    yet), for :func:`funding_of`."""
    cache: dict[int, PlayFunding | None] = session.info.setdefault(_FUNDING, {})
    wanted = [p for p in dict.fromkeys(play_ids) if p not in cache]
    if not wanted:
        return
    found = {f.play_id: f for f in session.scalars(select(PlayFunding).where(PlayFunding.play_id.in_(wanted)))}
    for p in wanted:
        cache[p] = found.get(p)


def fund_play(session: Session, game_name: str, variant_name: str, play_row: Play,
              total: int) -> str:
    """Which of the player's balances pays a slip of ``total``: ``cash`` or ``bonus``."""
    funding = funding_of(session, play_row.id)
    if funding is not None:
        return funding.account
    if play_row.stake_total > 0 or not is_reel_slot(game_name, variant_name):
        return "cash"  # a play without a funding row is paid from cash (no row is written)
    ledger = Ledger(session)
    bonus = active_bonus(session, play_row.player_id)
    if (bonus is not None and ledger.balance(player_code(play_row.player_id)) < total
            and ledger.balance(player_code(play_row.player_id, "bonus")) >= total):
        row = PlayFunding(play_id=play_row.id, account="bonus", bonus_id=bonus.id)
        session.add(row)
        session.flush()
        session.info.setdefault(_FUNDING, {})[play_row.id] = row
        return "bonus"
    return "cash"


def paying_balance(session: Session, player_id: int, game_name: str, variant_name: str,
                   total: int) -> int:
    """The balance of the account :func:`fund_play` would take a new slip of ``total`` from,
    asked before the play exists (a decision round checks its funds first): bonus only on a reel
    slot whose slip cash does not cover and the bonus does, otherwise cash."""
    ledger = Ledger(session)
    cash = ledger.balance(player_code(player_id))
    if cash >= total or not is_reel_slot(game_name, variant_name) \
            or active_bonus(session, player_id) is None:
        return cash
    left = ledger.balance(player_code(player_id, "bonus"))
    return left if left >= total else cash


def wagered(session: Session, play_row: Play, total: int) -> None:
    funding = funding_of(session, play_row.id)
    if funding is None or funding.bonus_id is None:
        return
    bonus = session.get(Bonus, funding.bonus_id)
    if bonus is not None and bonus.state == "active":
        bonus.wagered += total


def after_settlement(session: Session, play_row: Play, now: datetime) -> None:
    """Convert a bonus whose requirement is met into cash; close one whose balance is spent."""
    funding = funding_of(session, play_row.id)
    if funding is None or funding.bonus_id is None:
        return
    bonus = session.get(Bonus, funding.bonus_id)
    if bonus is None or bonus.state != "active":
        return
    ledger = Ledger(session)
    left = ledger.balance(player_code(bonus.player_id, "bonus"))
    if bonus.wagered >= bonus.requirement:
        if left > 0:
            ledger.transfer(f"bonus-convert:{bonus.id}", player_code(bonus.player_id, "bonus"),
                            player_code(bonus.player_id), left, "bonus_convert", now=now)
        bonus.state, bonus.closed_at, bonus.converted_amount = "converted", now, left
    elif left == 0:
        bonus.state, bonus.closed_at = "exhausted", now


def bonus_dict(b: Bonus) -> dict[str, Any]:
    return {"id": b.id, "player_id": b.player_id, "amount_minor": b.amount,
            "currency": b.currency, "wager_multiplier": b.wager_multiplier,
            "requirement_minor": b.requirement, "wagered_minor": b.wagered, "state": b.state,
            "granted_at": iso(b.granted_at), "closed_at": iso(b.closed_at),
            "converted_minor": b.converted_amount}
