"""The calls the platform's services make into player protection (issue 7).

Each is one line in a platform module, marked ``# protection (issue 7)``:

* ``players.register`` -> :func:`check_registration` (001 §2.1: the register, by document)
* ``players.login`` -> :func:`check_login` (001 §2.1)
* ``wallet.request_deposit`` -> :func:`check_deposit` (001 §5.1.4 blocks, §10.1 limits)
* ``wallet.withdraw`` -> :func:`check_withdrawal` (001 §5.2.13 verified, §5.2.18 no third party)
* ``rounds.record_bets`` -> :func:`before_bet` (register, blocks, 001 §10.2 time limits, 001 §10.3
  continuous play, 001 §4.1 which balance pays) and :func:`bet_accepted` (001 §5.2.10 record)
* ``interactive.start`` -> :func:`available_funds` (the balance that would pay the slip)
* ``rounds.settle_play`` -> :func:`payout_account` (001 §6.8.5) and :func:`play_settled`
* ``rounds.refund_play`` -> :func:`payout_account` and :func:`play_refunded`

None of them moves money except through the ledger (bonus conversion); none runs on settlement
paths a refusal could block: open rounds always finish.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from croupier.platform.ledger import player_code
from croupier.platform.protection import audit, bonus, kyc
from croupier.platform.protection.activity import check_time_limits, note_bet
from croupier.platform.protection.blocks import check_not_blocked
from croupier.platform.protection.config import settings
from croupier.platform.protection.documents import normalise_document
from croupier.platform.protection.errors import ThirdPartyPayout, VerificationRequired
from croupier.platform.protection.limits import check_deposit as _check_deposit_limits
from croupier.platform.protection.register import check_document, check_player
from croupier.store.models import Play, Player, Round


def check_registration(session: Session, document: str, now: datetime) -> None:
    check_document(session, document, now)


def check_login(session: Session, player: Player, now: datetime) -> None:
    check_document(session, player.document_number, now)


def check_deposit(session: Session, player: Player, amount: int, now: datetime) -> None:
    check_document(session, player.document_number, now)
    check_not_blocked(session, player.id, "deposits are")
    _check_deposit_limits(session, player, amount, now)


def check_withdrawal(session: Session, player: Player, amount: int, now: datetime,
                     payee_document: str | None = None) -> None:
    """Withdrawals go to the player alone (001 §5.2.18) and need verification (001 §5.2.13).
    Being listed in the register or blocked never stops a withdrawal: the money is theirs."""
    if payee_document is not None and normalise_document(payee_document) != player.document_number:
        raise ThirdPartyPayout(
            "payouts are made only to the player (001 §5.2.18), not to a third party"
        )
    if settings().kyc_required and kyc.state(session, player.id) != "verified":
        raise VerificationRequired(
            f"withdrawals are for verified players (001 §5.2.13); your verification is "
            f"{kyc.state(session, player.id)}: submit your documents in the account's "
            "verification section"
        )


def before_bet(session: Session, rnd: Round, play_row: Play, total: int, now: datetime) -> str:
    """Refuse a bet of a listed, blocked or out-of-time player; note the play time; return the
    ledger account that pays the slip (cash, or bonus on a reel slot)."""
    check_player(session, play_row.player_id, now)
    check_not_blocked(session, play_row.player_id, "bets are")
    check_time_limits(session, play_row.player_id, now)
    note_bet(session, play_row.player_id, now)
    account = bonus.fund_play(session, rnd.game, rnd.variant, play_row, total)
    bonus.wagered(session, play_row, total)
    return player_code(play_row.player_id, account)


def available_funds(session: Session, player_id: int, game_name: str, variant_name: str,
                    total: int) -> int:
    """What the player can stake on a new slip of ``total``: the balance that would pay it (cash,
    or the bonus balance on a reel slot, 001 §4.1, §6.8.5)."""
    return bonus.paying_balance(session, player_id, game_name, variant_name, total)


def _account(session: Session, play_row: Play) -> str:
    funding = bonus.funding_of(session, play_row.id)
    return "cash" if funding is None else funding.account


def payout_account(session: Session, play_row: Play) -> str:
    """001 §6.8.5: a win (or refund) goes back to the balance the bet came from."""
    return player_code(play_row.player_id, _account(session, play_row))


def payout_accounts(session: Session, plays: Sequence[tuple[int, int]]) -> dict[int, str]:
    """:func:`payout_account` of many plays ((play, player) each) by one read of their
    funding rows: play -> the account its win goes to."""
    bonus.fundings_of(session, [p for p, _ in plays])
    return {p: player_code(player, "cash" if (f := bonus.funding_of(session, p)) is None else f.account)
            for p, player in plays}


def bet_accepted(session: Session, rnd: Round, play_row: Play, total: int, ref: str,
                 now: datetime) -> None:
    audit.append(session, "bet", player_id=play_row.player_id, round_id=rnd.id,
                 play_id=play_row.id, amount=total, currency=play_row.currency,
                 account=_account(session, play_row), ref=ref, now=now)


def play_settled(session: Session, rnd: Round, play_row: Play, returned: int, now: datetime) -> None:
    if returned > 0:
        audit.append(session, "win", player_id=play_row.player_id, round_id=rnd.id,
                     play_id=play_row.id, amount=returned, currency=play_row.currency,
                     account=_account(session, play_row), ref=f"payout:{play_row.id}", now=now)
    bonus.after_settlement(session, play_row, now)


def play_refunded(session: Session, rnd: Round, play_row: Play, amount: int, now: datetime) -> None:
    if amount > 0:
        audit.append(session, "refund", player_id=play_row.player_id, round_id=rnd.id,
                     play_id=play_row.id, amount=amount, currency=play_row.currency,
                     account=_account(session, play_row), ref=f"refund:{play_row.id}", now=now)
    bonus.after_settlement(session, play_row, now)
