"""Verification (KYC) states; withdrawals need a verified player (001 §5.2.13); no payouts to
third parties (001 §5.2.18)."""

from __future__ import annotations

import pytest

from croupier.platform.protection import kyc
from croupier.platform.protection.errors import (
    ProtectionStateError,
    ThirdPartyPayout,
    VerificationRequired,
)
from croupier.platform.protection.hooks import check_withdrawal
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import FakeClock, cash, document, operator, player


def test_001_5_2_13_withdrawals_need_a_verified_player(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="40.00")
    op = operator(prot)
    assert prot.read(lambda s: kyc.state(s, a.id)) == "unverified"
    with pytest.raises(VerificationRequired, match="001 §5.2.13"):
        prot.run(lambda s: prot.withdraw_in(s, a, "10.00"))
    prot.run(lambda s: kyc.submit(s, a, "passport scan #1", clock()))
    assert prot.read(lambda s: kyc.state(s, a.id)) == "pending"
    with pytest.raises(VerificationRequired, match="pending"):
        prot.run(lambda s: prot.withdraw_in(s, a, "10.00"))
    prot.run(lambda s: kyc.review(s, a.id, "rejected", "the scan is unreadable", op.id, clock()))
    with pytest.raises(VerificationRequired, match="rejected"):
        prot.run(lambda s: prot.withdraw_in(s, a, "10.00"))
    assert cash(prot, a) == 4000  # refusals take nothing
    prot.run(lambda s: kyc.submit(s, a, "passport scan #2", clock()))
    prot.run(lambda s: kyc.review(s, a.id, "verified", "", op.id, clock()))
    w = prot.run(lambda s: prot.withdraw_in(s, a, "10.00"))
    assert w["amount_minor"] == 1000 and cash(prot, a) == 3000
    assert prot.audit().total == 0


def test_kyc_state_machine(prot: Platform, clock: FakeClock) -> None:
    a = player(prot)
    prot.run(lambda s: kyc.submit(s, a, "id card", clock()))
    with pytest.raises(ProtectionStateError):
        prot.run(lambda s: kyc.submit(s, a, "again", clock()))
    with pytest.raises(Exception, match="reason"):
        prot.run(lambda s: kyc.review(s, a.id, "rejected", "", None, clock()))
    with pytest.raises(Exception, match="verified or rejected"):
        prot.run(lambda s: kyc.review(s, a.id, "maybe", "", None, clock()))
    # 001 §5.1.3: the back office may verify directly (e.g. after a video conference)
    b = player(prot)
    prot.run(lambda s: kyc.review(s, b.id, "verified", "video call", None, clock()))
    assert prot.read(lambda s: kyc.state(s, b.id)) == "verified"


def test_001_5_2_18_no_payouts_to_third_parties(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="10.00", verified=True)
    with pytest.raises(ThirdPartyPayout, match="001 §5.2.18"):
        prot.run(lambda s: check_withdrawal(s, a, 100, clock(), payee_document=document()))
    prot.run(lambda s: check_withdrawal(s, a, 100, clock(), payee_document=a.document_number.lower()))
    assert cash(prot, a) == 1000


def test_001_5_2_18_a_listed_persons_contributions_go_to_their_legal_representative_only_as_refund(
        prot: Platform, clock: FakeClock) -> None:
    from sqlalchemy import select

    from croupier.platform.ledger import Ledger, player_code, system_code
    from croupier.platform.protection import payouts, register
    from croupier.store.protection_models import RepresentativePayout

    a = player(prot, deposit="30.00", verified=True)
    # winnings of 20.00 on top of the 30.00 deposited
    prot.run(lambda s: Ledger(s).transfer("win-rep", system_code("house", "EUR"), player_code(a.id),
                                          2000, "payout"))
    with pytest.raises(ThirdPartyPayout, match="001 §5.2.18"):  # not listed: no third party at all
        prot.run(lambda s: payouts.pay_representative(s, a, "10.00", "Parent", "REP123", None, clock()))
    prot.run(lambda s: register.self_exclude(s, a, None, clock()))
    with pytest.raises(ThirdPartyPayout, match="at most 30.00 EUR"):  # contributions only
        prot.run(lambda s: payouts.pay_representative(s, a, "30.01", "Parent", "REP123", None, clock()))
    w = prot.run(lambda s: payouts.pay_representative(s, a, "30.00", "Parent", "rep-123", None, clock()))
    assert (w.refund_part, w.winnings_part) == (3000, 0)
    rec = prot.read(lambda s: s.scalars(select(RepresentativePayout)).one())
    assert (rec.withdrawal_id, rec.representative_document) == (w.id, "REP123")
    # the winnings stay the player's, payable to the player only
    assert cash(prot, a) == 2000
    prot.run(lambda s: payouts.pay_player(s, a, "20.00", clock()))
    assert cash(prot, a) == 0 and prot.audit().total == 0
