"""The monitoring record (001 §5.2.10): every bet acceptance, refund and win is appended to a
hash-chained log; ``croupier audit verify`` names the first broken entry and detects tampered,
deleted and reordered rows; ``croupier audit export`` writes JSON lines."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import delete, select, text, update

from croupier.cli import main
from croupier.platform.protection import audit
from croupier.platform.service import Platform
from croupier.store.models import Play, Transfer
from croupier.store.protection_models import AuditEntry
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import every_straight, player, red


def history(p: Platform) -> list[dict[str, object]]:
    return p.read(lambda s: list(audit.entries(s)))


def busy(p: Platform) -> None:
    """Single rounds, a settled table round and a voided one."""
    a = player(p, deposit="50.00")
    b = player(p, deposit="50.00")
    p.play(a, "roulette", "european", every_straight())
    p.play(b, "roulette", "european", red())
    rid = p.open_round("t-eur")["round_id"]
    p.bet(a, "t-eur", every_straight())
    p.bet(b, "t-eur", red("2.00"))
    p.close_round(rid)
    p.result_round(rid)
    p.settle_round(rid)
    rid2 = p.open_round("t-eur")["round_id"]
    p.bet(a, "t-eur", red())
    p.void_round(rid2, "test: a communication failure (000 §10)")


def test_001_5_2_10_every_bet_refund_and_win_is_recorded(prot: Platform) -> None:
    busy(prot)
    log = history(prot)
    bets = [e for e in log if e["kind"] == "bet"]
    wins = [e for e in log if e["kind"] == "win"]
    refunds = [e for e in log if e["kind"] == "refund"]
    # compare with the ledger's own movements
    transfers = prot.read(lambda s: list(s.scalars(select(Transfer))))
    assert sorted(e["amount"] for e in bets) == sorted(t.amount for t in transfers if t.kind == "bet")
    assert sorted(e["amount"] for e in wins) == sorted(t.amount for t in transfers if t.kind == "payout")
    assert sorted(e["amount"] for e in refunds) == sorted(t.amount for t in transfers if t.kind == "refund")
    assert len(bets) == 5 and len(refunds) == 1 and refunds[0]["amount"] == 100
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    plays = prot.read(lambda s: {p.id for p in s.scalars(select(Play))})
    assert {e["play_id"] for e in log} == plays
    v = prot.read(audit.verify_session)
    assert v.ok and v.entries == len(log), v.reason


def test_001_5_2_10_a_refused_bet_leaves_no_record(prot: Platform) -> None:
    a = player(prot, deposit="1.00")
    try:
        prot.play(a, "roulette", "european", red("2.00"))
    except Exception:  # noqa: BLE001 - insufficient funds
        pass
    assert history(prot) == []
    assert prot.read(audit.head) == (0, audit.GENESIS)


def _tamper(p: Platform, sql: str, **params: object) -> None:
    def fn(s: object) -> None:
        s.execute(text(sql), params)  # type: ignore[attr-defined]
    p.run(fn)


def test_001_5_2_10_verify_detects_a_tampered_entry(prot: Platform) -> None:
    busy(prot)
    prot.run(lambda s: s.execute(update(AuditEntry).where(AuditEntry.seq == 3).values(amount=1)))
    v = prot.read(audit.verify_session)
    assert not v.ok and v.first_broken == 3 and "altered" in v.reason


def test_001_5_2_10_verify_detects_a_deleted_entry(prot: Platform) -> None:
    busy(prot)
    prot.run(lambda s: s.execute(delete(AuditEntry).where(AuditEntry.seq == 4)))
    v = prot.read(audit.verify_session)
    assert not v.ok and v.first_broken == 5 and "entry 4 is missing" in v.reason


def test_001_5_2_10_verify_detects_a_deleted_last_entry(prot: Platform) -> None:
    busy(prot)
    last = prot.read(audit.head)[0]
    prot.run(lambda s: s.execute(delete(AuditEntry).where(AuditEntry.seq == last)))
    v = prot.read(audit.verify_session)
    assert not v.ok and v.first_broken == last and "head" in v.reason


def test_001_5_2_10_verify_detects_reordered_entries(prot: Platform) -> None:
    busy(prot)
    # swap the positions of entries 2 and 3 (three updates through a free seq)
    _tamper(prot, "UPDATE protection_audit SET seq = -1 WHERE seq = 2")
    _tamper(prot, "UPDATE protection_audit SET seq = 2 WHERE seq = 3")
    _tamper(prot, "UPDATE protection_audit SET seq = 3 WHERE seq = -1")
    v = prot.read(audit.verify_session)
    assert not v.ok and v.first_broken == 2


def test_001_5_2_10_export_is_json_lines_and_verifies(prot: Platform, tmp_path: Path) -> None:
    busy(prot)
    buf = io.StringIO()
    n = prot.read(lambda s: audit.export(s, buf))
    lines = buf.getvalue().splitlines()
    assert n == len(lines) == len(history(prot))
    items = [json.loads(x) for x in lines]
    assert all(audit.entry_hash(e) == e["hash"] for e in items)
    assert audit.verify(items).ok
    # reordered lines
    swapped = items[:]
    swapped[1], swapped[2] = swapped[2], swapped[1]
    v = audit.verify(swapped)
    assert not v.ok and v.first_broken == 3
    # a deleted line
    v = audit.verify(items[:2] + items[3:])
    assert not v.ok and v.first_broken == 4
    # a tampered line with a recomputed hash still breaks the next entry's link
    forged = [dict(e) for e in items]
    forged[1]["amount"] += 100
    forged[1]["hash"] = audit.entry_hash(forged[1])
    v = audit.verify(forged)
    assert not v.ok and v.first_broken == 3 and "does not follow" in v.reason


def test_croupier_audit_verify_and_export_cli(prot: Platform, tmp_path: Path) -> None:
    busy(prot)
    url = prot.db.url
    out = io.StringIO()
    assert main(["audit", "verify", "--database", url], out=out) == 0
    assert out.getvalue().startswith("OK:")
    export = tmp_path / "audit.jsonl"
    assert main(["audit", "export", "--database", url, "--out", str(export)], out=io.StringIO()) == 0
    out = io.StringIO()
    assert main(["audit", "verify", "--file", str(export)], out=out) == 0
    lines = export.read_text().splitlines()
    lines[2], lines[3] = lines[3], lines[2]
    export.write_text("\n".join(lines) + "\n")
    out = io.StringIO()
    assert main(["audit", "verify", "--file", str(export), "--json"], out=out) == 1
    assert json.loads(out.getvalue())["first_broken"] == 4
    prot.run(lambda s: s.execute(update(AuditEntry).where(AuditEntry.seq == 2).values(ref="x")))
    out = io.StringIO()
    assert main(["audit", "verify", "--database", url], out=out) == 1
    assert out.getvalue().startswith("BROKEN at entry 2")


def test_001_5_2_10_concurrent_bets_keep_one_unbroken_chain(prot: Platform) -> None:
    ps = [player(prot, deposit="50.00") for _ in range(4)]
    errors: list[BaseException] = []

    def worker(i: int) -> None:
        try:
            for _ in range(8):
                prot.play(ps[i], "roulette", "european", red())
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    v = prot.read(audit.verify_session)
    bets = [e for e in history(prot) if e["kind"] == "bet"]
    assert v.ok and len(bets) == 32, v.reason


def _chain(n: int) -> list[dict[str, object]]:
    items: list[dict[str, object]] = []
    prev = audit.GENESIS
    for i in range(1, n + 1):
        e: dict[str, object] = {"seq": i, "at": f"2026-11-18T10:00:{i % 60:02d}.000000Z",
                                "kind": ("bet", "win", "refund")[i % 3], "player_id": i % 4 + 1,
                                "round_id": i, "play_id": i, "amount": 100 * i, "currency": "EUR",
                                "account": "cash", "ref": f"bet:{i}", "prev_hash": prev}
        e["hash"] = audit.entry_hash(e)
        prev = str(e["hash"])
        items.append(e)
    return items


@given(n=st.integers(3, 30), data=st.data())
def test_001_5_2_10_every_tampering_is_detected_at_the_right_entry(n: int, data: st.DataObject) -> None:
    items = _chain(n)
    assert audit.verify(items, (n, str(items[-1]["hash"]))).ok
    how = data.draw(st.sampled_from(["edit", "delete", "swap", "truncate"]))
    i = data.draw(st.integers(0, n - 2))
    if how == "edit":
        field = data.draw(st.sampled_from(["amount", "player_id", "kind", "ref", "at"]))
        items[i] = dict(items[i], **{field: "tampered" if field in ("kind", "ref", "at") else 999999})
        expected = i + 1
    elif how == "delete":
        del items[i]
        expected = i + 2  # the entry standing where the deleted one belonged
    elif how == "swap":
        items[i], items[i + 1] = items[i + 1], items[i]
        expected = i + 2
    else:
        items = items[: i + 1]
        expected = i + 2  # the head says n entries
    v = audit.verify(items, (n, str(_chain(n)[-1]["hash"])))
    assert not v.ok and v.first_broken == expected, (how, i, v)
