"""Complaints about a round within 15 days of its end (000 §11); the back office's recorded
decision (001 §5.2.16)."""

from __future__ import annotations

import pytest

from croupier.platform.errors import NotFound
from croupier.platform.protection import blocks, complaints
from croupier.platform.protection.errors import ComplaintRefused, ProtectionStateError
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import FakeClock, every_straight, operator, player

TEXT = "The ball landed on 17 but the history shows 18."


def test_000_11_a_complaint_within_15_days_is_accepted_and_resolved(
        prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="10.00")
    rid = prot.play(a, "roulette", "european", every_straight())["round_id"]
    clock.advance(days=15)  # the last moment of the window
    c = prot.run(lambda s: complaints.file(s, a, rid, TEXT, clock()))
    assert c.state == "open" and c.round_ended_at is not None
    op = operator(prot)
    done = prot.run(lambda s: complaints.resolve(s, c.id, "rejected",
                                                 "the recorded draws show pocket 18", op.id, clock()))
    assert (done.state, done.decision, done.resolved_by) == ("rejected", "the recorded draws show pocket 18", op.id)
    with pytest.raises(ProtectionStateError, match="already resolved"):
        prot.run(lambda s: complaints.resolve(s, c.id, "upheld", "changed mind", op.id, clock()))
    listed = prot.read(lambda s: [complaints.complaint_dict(x) for x in complaints.list_for(s, a.id)])
    assert listed[0]["decision"] == "the recorded draws show pocket 18"


def test_000_11_a_complaint_after_15_days_is_refused_with_the_reason(
        prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="10.00")
    rid = prot.play(a, "roulette", "european", every_straight())["round_id"]
    clock.advance(days=15, seconds=1)
    with pytest.raises(ComplaintRefused, match="within 15 days") as exc:
        prot.run(lambda s: complaints.file(s, a, rid, TEXT, clock()))
    assert "000 §11" in str(exc.value)


def test_000_11_the_window_runs_from_the_actual_end_of_the_game(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="10.00")
    rid = prot.open_round("t-eur")["round_id"]
    prot.bet(a, "t-eur", every_straight())
    prot.run(lambda s: complaints.file(s, a, rid, TEXT, clock()))  # not ended yet: accepted
    clock.advance(days=20)
    prot.close_round(rid)
    prot.result_round(rid)
    prot.settle_round(rid)  # ends now
    clock.advance(days=14)
    prot.run(lambda s: complaints.file(s, a, rid, TEXT, clock()))


def test_complaints_only_about_ones_own_rounds_and_in_writing(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="10.00")
    b = player(prot)
    rid = prot.play(a, "roulette", "european", every_straight())["round_id"]
    with pytest.raises(NotFound):
        prot.run(lambda s: complaints.file(s, b, rid, TEXT, clock()))
    with pytest.raises(Exception, match="10 to 5000"):
        prot.run(lambda s: complaints.file(s, a, rid, "bad", clock()))


def test_000_10_false_data_loses_the_review_of_disputes(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="10.00")
    rid = prot.play(a, "roulette", "european", every_straight())["round_id"]
    prot.run(lambda s: blocks.block(s, a.id, "false_information", "fake passport", None, clock()))
    with pytest.raises(ComplaintRefused, match="000 §10"):
        prot.run(lambda s: complaints.file(s, a, rid, TEXT, clock()))
