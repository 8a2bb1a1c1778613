"""Back-office payouts: a player's own money paid out to the player (001 §5.2.18: no payouts to
third parties), and the one exception: a refund of the contributions of a person in the Register
(or a minor, or a person lacking legal capacity) paid to their legal representative at the
representative's request. ASSUMPTION: the back office checks the representative's papers and
records their name and document; the amount may not exceed the refundable deposits (001 §4.4.1:
deposits less refunds already paid), and the player must be listed in the register right now.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from croupier.money import currency, format_minor
from croupier.platform import wallet
from croupier.platform.protection.documents import normalise_document
from croupier.platform.protection.errors import InvalidLimit, ThirdPartyPayout
from croupier.platform.protection.hooks import check_withdrawal
from croupier.platform.protection.register import active_entry
from croupier.store.models import Player, Withdrawal
from croupier.store.protection_models import RepresentativePayout


def pay_player(session: Session, player: Player, amount_text: str, now: datetime) -> Withdrawal:
    amount = wallet.parse_amount(amount_text, player.currency)
    check_withdrawal(session, player, amount, now, payee_document=player.document_number)
    return wallet.withdraw(session, player, amount_text, now)


def pay_representative(session: Session, player: Player, amount_text: str, name: str,
                       document: str, operator_id: int | None, now: datetime) -> Withdrawal:
    amount = wallet.parse_amount(amount_text, player.currency)
    doc = normalise_document(document)
    if not name.strip() or not doc:
        raise InvalidLimit("a legal representative's name and document number are required")
    if active_entry(session, player.document_number, now) is None:
        raise ThirdPartyPayout(
            "payouts to a third party are refused (001 §5.2.18); a legal representative may "
            "only receive the refund of a listed person's contributions"
        )
    view = wallet.balance(session, player)
    refundable = max(0, view.deposited - view.refunded)
    if amount > refundable:
        cur = currency(player.currency)
        raise ThirdPartyPayout(
            f"a legal representative receives a refund of contributions only (001 §5.2.18, "
            f"§4.4.1): at most {format_minor(refundable, cur)}"
        )
    w = wallet.withdraw(session, player, amount_text, now)  # the withdrawal's own checks apply
    session.add(RepresentativePayout(withdrawal_id=w.id, player_id=player.id,
                                     representative_document=doc,
                                     representative_name=name.strip()[:200],
                                     operator_id=operator_id, created_at=now))
    session.flush()
    return w
