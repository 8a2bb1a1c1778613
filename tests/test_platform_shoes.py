"""Shoe tables (issue 5): one persisted shoe per card table, dealt in order across rounds and
restarts, replaced after the cut card, committed before its first card and revealed at its end;
crash recovery settles or refunds every stake exactly once without re-dealing or skipping cards.

Expected hands and payouts are computed independently of the platform: the shoe's cards are dealt
by the baccarat module's own table shoe (``games/baccarat/shoe.py``, ``TableShoe.deal_coup``)."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import textwrap
from collections import Counter
from typing import Any

import pytest
from sqlalchemy import select

from croupier import cli
from croupier.cards import name, parse
from croupier.games.baccarat.roads import bead_plate, big_road, mark
from croupier.games.baccarat.shoe import TableShoe
from croupier.games.base import BetRequest
from croupier.games.registry import load_variant
from croupier.platform import shoes
from croupier.platform.config import TableConfig
from croupier.platform.service import Platform
from croupier.rng import fair
from croupier.store.models import Play, Round, TableShoeRow, Transfer
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip

BACCARAT = TableConfig("t-bac", "Baccarat EUR", "baccarat", "live_004", "EUR")
DRAGON = TableConfig("t-dt", "Dragon Tiger EUR", "dragon_tiger", "dragon_tiger_000", "EUR")
SHOE_TABLES = (BACCARAT, DRAGON, TableConfig("t-eur", "Roulette", "roulette", "european", "EUR"))
LIVE = load_variant("baccarat", "live_004")


def shoe_platform(url: str) -> Platform:
    return make_platform(url, tables=SHOE_TABLES)


def the_shoe(p: Platform, table: str = "t-bac", number: int | None = None) -> TableShoeRow:
    def fn(s: Any) -> TableShoeRow:
        q = select(TableShoeRow).where(TableShoeRow.table_id == table)
        if number is not None:
            q = q.where(TableShoeRow.number == number)
        row = s.scalars(q.order_by(TableShoeRow.number.desc()).limit(1)).one()
        s.expunge(row)
        return row
    return p.read(fn)


def play_round(p: Platform, bets: list[tuple[Any, list[tuple[str, str]]]] = (),  # type: ignore[assignment]
               table: str = "t-bac") -> tuple[dict[str, Any], dict[str, Any], Any]:
    opened = p.open_round(table)
    rid = opened["round_id"]
    for player, codes in bets:
        p.bet(player, table, slip(*[(c, s, ()) for c, s in codes]))
    assert p.close_round(rid)
    res = p.result_round(rid)
    rep = p.settle_round(rid)
    return opened, res, rep


def expected_coup(shoe: TableShoeRow, first: int, bets: list[BetRequest] | None = None) -> Any:
    """The coup the baccarat module's own table shoe deals from ``first`` (and the settlement)."""
    ts = TableShoe(tuple(shoe.cards), first, shoe.cut)
    state, settlement, after = ts.deal_coup(LIVE, bets or [BetRequest("player", 100)], "EUR")
    return state, settlement, after.position


# -- dealt in order, persisted, replaced --------------------------------------------------------


def test_004_3_2_the_shoe_is_dealt_in_order_across_rounds(db_url: str) -> None:
    p = shoe_platform(db_url)
    a = new_player(p, deposit="200.00")
    bets = [("player", "5.00"), ("banker", "3.00"), ("tie", "1.00"), ("player_pair", "0.50"),
            ("big", "2.00")]
    position = None
    for _ in range(6):
        before = p.balance(a)["cash_minor"]
        opened, res, rep = play_round(p, [(a, bets)])
        shoe = the_shoe(p)
        info = res["outcome"]["shoe"]
        if position is None:  # the first round deals the first card after the burn (004 §3.2)
            position = shoe.first
            assert shoe.first == 1 + {14: 1}.get(shoe.cards[0] >> 2, min(10, shoe.cards[0] >> 2))
        assert info["first_card"] == position and info["number"] == 1
        state, settlement, after = expected_coup(
            shoe, position, [BetRequest(c, int(s.replace(".", ""))) for c, s in bets])
        assert info["next_card"] == after
        assert info["cards"] == [name(c) for c in shoe.cards[position:after]]
        assert res["outcome"]["player"] == [name(c) for c in state.player]
        assert res["outcome"]["banker"] == [name(c) for c in state.banker]
        assert rep.plays[0].returned == settlement.total_returned
        assert p.balance(a)["cash_minor"] == before - 1150 + settlement.total_returned
        assert opened["server_seed_hash"] == shoe.server_seed_hash  # committed at betting open
        assert res["server_seed"] is None  # not revealed before the shoe's end
        position = after
    assert the_shoe(p).position == position and the_shoe(p).rounds_dealt == 6
    assert p.audit().total == 0 and p.system_balance("stakes", "EUR") == 0
    p.db.dispose()


def test_004_3_2_a_restart_continues_the_same_shoe(db_url: str) -> None:
    p = shoe_platform(db_url)
    for _ in range(3):
        play_round(p)
    shoe = the_shoe(p)
    p.db.dispose()
    restarted = shoe_platform(db_url)  # a new worker on the same database
    opened, res, _ = play_round(restarted)
    again = the_shoe(restarted)
    assert again.number == shoe.number and again.server_seed_hash == shoe.server_seed_hash
    assert res["outcome"]["shoe"]["first_card"] == shoe.position
    assert opened["server_seed_hash"] == shoe.server_seed_hash
    _, _, after = expected_coup(shoe, shoe.position)
    assert again.position == after
    restarted.db.dispose()


def test_004_3_2_cut_card_finishes_the_round_then_a_new_shoe_and_the_commitment_verifies(
        db_url: str) -> None:
    """A whole shoe: every card after the burn is dealt once, in order, until the round that takes
    the cut card; then the seed is revealed, it matches the commitment published before the first
    card and recomputes the shoe; the next round opens a new shoe."""
    p = shoe_platform(db_url)
    first = p.open_round("t-bac")
    commitment = first["server_seed_hash"]
    p.void_round(first["round_id"], "test: the first round is voided before its result")
    dealt: list[str] = []
    rounds = 0
    while True:
        _, res, _ = play_round(p)
        rounds += 1
        info = res["outcome"]["shoe"]
        assert info["server_seed_hash"] == commitment and info["number"] == 1
        dealt += info["cards"]
        if info["cut_card_out"]:
            break
        assert res["server_seed"] is None and "server_seed" not in info
    shoe = the_shoe(p, number=1)
    assert shoe.state == "finished" and shoe.position >= shoe.cut
    assert dealt == [name(c) for c in shoe.cards[shoe.first:shoe.position]]  # no card skipped
    assert res["server_seed"] == info["server_seed"] == shoe.server_seed  # revealed now
    assert fair.matches(shoe.server_seed, commitment)
    assert shoes.verify_shoe("baccarat", "live_004", shoe.server_seed, shoe.client_seed,
                             commitment, shoe.cards)
    assert sorted(shoe.cards) == sorted(TableShoe.new(LIVE, fair.stream("00" * 32, "x", 0)).cards)
    # anyone can recompute the last round from the revealed seed: croupier verify-shoe
    last = p.read(lambda s: s.scalars(select(Round).where(Round.shoe_id == shoe.id)
                                      .order_by(Round.id.desc()).limit(1)).one())
    assert (last.server_seed, last.server_seed_hash, last.fair_scheme) == (
        shoe.server_seed, commitment, "table_shoe")
    out = io.StringIO()
    assert cli.main(["verify-shoe", "--server-seed", last.server_seed, "--client-seed",
                     last.client_seed, "--variant", "live_004", "--commitment", commitment,
                     "--nonce", str(last.nonce), "--json"], out=out) == 0
    recomputed = json.loads(out.getvalue())
    assert recomputed["commitment_matches"] and recomputed["cards"] == [name(c) for c in shoe.cards]
    assert recomputed["round"]["result"] == {k: v for k, v in res["outcome"].items() if k != "shoe"}
    view = p.table("t-bac")
    assert view["shoe"]["state"] == "finished" and view["shoe"]["server_seed"] == shoe.server_seed
    assert view["shoe"]["cards"] == [name(c) for c in shoe.cards]
    # every round of the shoe now shows the revealed seed
    seeds = p.read(lambda s: {r.server_seed for r in s.scalars(
        select(Round).where(Round.shoe_id == shoe.id, Round.state == "settled"))})
    assert seeds == {shoe.server_seed}
    assert p.read(lambda s: s.scalars(select(Round).where(Round.shoe_id == shoe.id)).all()
                  ).__len__() == rounds + 1
    nxt = p.open_round("t-bac")  # the shoe is replaced after the round
    new = the_shoe(p)
    assert new.number == 2 and new.state == "dealing" and new.position == new.first
    assert nxt["server_seed_hash"] == new.server_seed_hash != commitment
    assert p.table("t-bac")["roads"]["bead_plate"] == []  # the scoreboards start again
    assert "server_seed" not in p.table("t-bac")["shoe"]
    assert p.table("t-bac")["previous_shoe"]["server_seed"] == shoe.server_seed
    p.db.dispose()


def test_a_tampered_shoe_does_not_verify() -> None:
    seed = fair.new_server_seed()
    shoe = shoes.shuffle_cards("baccarat", "live_004", seed, "t:shoe:1")
    commitment = fair.commitment(seed)
    assert shoes.verify_shoe("baccarat", "live_004", seed, "t:shoe:1", commitment, shoe.cards)
    swapped = list(shoe.cards)
    i = next(k for k in range(1, len(swapped)) if swapped[k] != swapped[0])
    swapped[0], swapped[i] = swapped[i], swapped[0]
    assert not shoes.verify_shoe("baccarat", "live_004", seed, "t:shoe:1", commitment, swapped)
    assert not shoes.verify_shoe("baccarat", "live_004", fair.new_server_seed(), "t:shoe:1",
                                 commitment, shoe.cards)


# -- recovery -------------------------------------------------------------------------------------


def test_000_11_a_round_voided_before_its_result_deals_no_card(db_url: str) -> None:
    p = shoe_platform(db_url)
    a = new_player(p, deposit="20.00")
    play_round(p)
    position = the_shoe(p).position
    rid = p.open_round("t-bac")["round_id"]
    p.bet(a, "t-bac", slip(("banker", "5.00", ())))
    p.close_round(rid)
    restarted = shoe_platform(db_url)
    reports = restarted.recover_table("t-bac")
    assert [(r.round_id, r.state) for r in reports] == [(rid, "voided")]
    assert restarted.balance(a)["cash_minor"] == 2000
    assert the_shoe(restarted).position == position  # its cards were never dealt
    _, res, _ = play_round(restarted)
    assert res["outcome"]["shoe"]["first_card"] == position  # the next round deals them
    p.db.dispose()
    restarted.db.dispose()


CRASHING_WORKER = textwrap.dedent("""
    import json, os, signal, sys
    from croupier.platform.rounds import SlipBet
    from croupier.platform.service import Platform
    from croupier.platform.config import Settings, TableConfig
    from croupier.store.models import Player
    url, ids = sys.argv[1], json.loads(sys.argv[2])
    tables = (TableConfig("t-bac", "Baccarat EUR", "baccarat", "live_004", "EUR"),)
    p = Platform(Settings(database_url=url, betting_seconds=60, argon2_fast=True, tables=tables,
                          run_tables=False))
    rid = p.open_round("t-bac")["round_id"]
    for pid, code, stake in ids:
        player = p.read(lambda s: s.get(Player, pid))
        p.bet(player, "t-bac", [SlipBet(code, stake, ())])
    p.close_round(rid)
    p.result_round(rid)
    print(rid, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # dies between the result and the settlement
""")


def test_000_11_worker_killed_between_result_and_settlement_settles_exactly_once(
        db_url: str) -> None:
    p = make_platform(db_url, tables=(BACCARAT,))
    play_round(p)  # the shoe is already in play
    position = the_shoe(p).position
    players = [new_player(p, deposit="20.00") for _ in range(3)]
    stakes = [("player", 500), ("banker", 700), ("tie", 100)]
    arg = json.dumps([[pl.id, code, f"{s // 100}.{s % 100:02d}"]
                      for pl, (code, s) in zip(players, stakes, strict=True)])
    proc = subprocess.run([sys.executable, "-c", CRASHING_WORKER, db_url, arg],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    rid = int(proc.stdout.strip())
    shoe = the_shoe(p)
    _, _, after = expected_coup(shoe, position)
    assert shoe.position == after  # the result and the shoe's position were committed together

    restarted = make_platform(db_url, tables=(BACCARAT,))
    reports = restarted.recover_table("t-bac")
    assert [(r.round_id, r.state) for r in reports] == [(rid, "settled")]
    for pl, (code, s) in zip(players, stakes, strict=True):
        _, settlement, _ = expected_coup(shoe, position, [BetRequest(code, s)])
        assert restarted.balance(pl)["cash_minor"] == 2000 - s + settlement.total_returned
    assert restarted.recover_table("t-bac") == []  # exactly once
    counts = restarted.read(lambda s: Counter(
        (t.play_id, t.kind) for t in s.scalars(select(Transfer).where(Transfer.round_id == rid))))
    assert all(n == 1 for n in counts.values())
    assert {k for _, k in counts} <= {"bet", "stake", "payout"}
    plays = restarted.read(lambda s: s.scalars(select(Play).where(Play.round_id == rid)).all())
    assert {pl.status for pl in plays} == {"settled"}
    assert the_shoe(restarted).position == after  # recovery deals nothing again
    _, res, _ = play_round(restarted)
    assert res["outcome"]["shoe"]["first_card"] == after  # and the shoe goes on from there
    audit = restarted.audit()
    assert audit.total == 0 and not audit.mismatched and restarted.system_balance("stakes", "EUR") == 0
    p.db.dispose()
    restarted.db.dispose()


def test_000_11_a_resulted_round_voided_keeps_its_cards_burned(db_url: str) -> None:
    p = shoe_platform(db_url)
    a = new_player(p, deposit="20.00")
    rid = p.open_round("t-bac")["round_id"]
    p.bet(a, "t-bac", slip(("player", "4.00", ())))
    p.close_round(rid)
    res = p.result_round(rid)
    after = res["outcome"]["shoe"]["next_card"]
    assert p.void_round(rid, "test: settlement failed (000 §11)") is not None
    assert p.balance(a)["cash_minor"] == 2000
    _, nxt, _ = play_round(p)
    assert nxt["outcome"]["shoe"]["first_card"] == after  # never dealt again
    assert p.table("t-bac")["shoe"]["rounds"] == 2
    assert len(p.table("t-bac")["roads"]["bead_plate"]) == 1  # a voided coup is not on the roads
    p.db.dispose()


# -- the table view -------------------------------------------------------------------------------


def test_table_view_roads_match_the_baccarat_scoreboards(db_url: str) -> None:
    p = shoe_platform(db_url)
    for _ in range(14):
        play_round(p)
    shoe = the_shoe(p)
    pos, marks, cards = shoe.first, [], []
    for _ in range(14):  # the marks of the coups the baccarat module deals from this shoe
        state, _, nxt = expected_coup(shoe, pos)
        marks.append(mark(state.coup))
        cards.append(([name(c) for c in state.player], [name(c) for c in state.banker]))
        pos = nxt
    view = p.table("t-bac")
    for key, grid in (("bead_plate", bead_plate(marks)), ("big_road", big_road(marks))):
        got = {(c["col"], c["row"]): (c["winner"], c["player_pair"], c["banker_pair"], c["ties"])
               for c in view["roads"][key]}
        assert got == {k: (m.winner, m.player_pair, m.banker_pair, m.ties) for k, m in grid.items()}
    assert view["roads"]["rows"] == 6
    coups = view["coups"]  # the recent rounds' cards, latest first
    assert [(c["outcome"]["player"], c["outcome"]["banker"]) for c in coups] == cards[::-1][:12]
    assert view["shoe"]["cards_dealt"] == pos - shoe.first and view["shoe"]["cards_left"] == 416 - pos
    assert "server_seed" not in view["shoe"] and "cards" not in view["shoe"]
    if LIVE.burn == "face_value":
        assert view["shoe"]["shown"] == name(shoe.cards[0]) and view["shoe"]["burned"] == shoe.first
    assert [parse(c) for c in coups[0]["outcome"]["shoe"]["cards"]] == list(
        shoe.cards[coups[0]["outcome"]["shoe"]["first_card"]:pos])
    p.db.dispose()


def test_roulette_tables_have_no_shoe(db_url: str) -> None:
    p = shoe_platform(db_url)
    opened, res, _ = play_round(p, table="t-eur")
    assert "shoe" not in p.table("t-eur") and "shoe" not in res["outcome"]
    assert fair.matches(res["server_seed"], opened["server_seed_hash"])
    p.db.dispose()


def test_000_12_24_dragon_tiger_deals_from_its_shoe_in_order(db_url: str) -> None:
    p = shoe_platform(db_url)
    a = new_player(p, deposit="50.00")
    position = None
    for _ in range(5):
        before = p.balance(a)["cash_minor"]
        _, res, rep = play_round(p, [(a, [("dragon", "2.00"), ("tie", "1.00")])], table="t-dt")
        shoe = the_shoe(p, "t-dt")
        info = res["outcome"]["shoe"]
        position = shoe.first if position is None else position
        assert shoe.first == 0 and info["first_card"] == position and info["next_card"] == position + 2
        dragon, tiger = shoe.cards[position], shoe.cards[position + 1]
        assert (res["outcome"]["dragon"], res["outcome"]["tiger"]) == (name(dragon), name(tiger))
        dv, tv = (1 if c >> 2 == 14 else c >> 2 for c in (dragon, tiger))  # 000 §12.24: Ace low
        expected = (400 if dv > tv else 100 if dv == tv else 0) + (1200 if dv == tv else 0)
        assert rep.plays[0].returned == expected
        assert p.balance(a)["cash_minor"] == before - 300 + expected
        position += 2
    assert len(p.table("t-dt")["roads"]["bead_plate"]) == 5
    assert p.table("t-dt")["shoe"]["cut"] == 416 - 52
    p.db.dispose()


@pytest.mark.parametrize(("game", "variant", "expected"), [
    ("baccarat", "live_004", True), ("dragon_tiger", "dragon_tiger_000", True),
    ("roulette", "european", False), ("blackjack", "live_004", False),
    ("andar_bahar", "andar_bahar_000", False), ("cards32", "cards32_000", False),
])
def test_which_games_deal_from_a_shoe(game: str, variant: str, expected: bool) -> None:
    assert shoes.is_shoe_game(game, variant) is expected


def test_a_table_whose_variant_changes_gets_a_new_shoe(db_url: str) -> None:
    """ASSUMPTION (docs/platform.md): a shoe belongs to one game and variant; when the table's
    configuration changes, the old shoe is finished and revealed and a new one is shuffled."""
    p = make_platform(db_url, tables=(BACCARAT,))
    play_round(p)
    old = the_shoe(p)
    p.db.dispose()
    changed = make_platform(db_url, tables=(TableConfig("t-bac", "Baccarat EUR", "baccarat",
                                                        "punto_banco_000", "EUR"),))
    opened, res, _ = play_round(changed)
    new = the_shoe(changed)
    assert (new.number, new.variant, new.state) == (old.number + 1, "punto_banco_000", "dealing")
    assert res["outcome"]["shoe"]["first_card"] == new.first == 0  # 000 §12.13: no burn given
    finished = the_shoe(changed, number=old.number)
    assert finished.state == "finished" and fair.matches(finished.server_seed, old.server_seed_hash)
    assert opened["server_seed_hash"] == new.server_seed_hash
    changed.db.dispose()
