"""Sit-and-go tournaments (000 §12.12.3; issue 21 part 3): buy-in + fee (the fee to the house, no
rake), the table opened when full with tournament chips, blind levels rising on the clock,
places and the prize table paid exactly from the prize pool."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from croupier.platform.cardroom import tournaments
from croupier.platform.cardroom.accounts import pool_code
from croupier.platform.cardroom.errors import AlreadySeated, TournamentClosed
from croupier.platform.service import Platform
from croupier.store.cardroom_models import CardroomEntry
from tests.cardroom_helpers import T0, balance, bots_for, cash, play_hand, rake
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player

SPEC = tournaments.TournamentSpec("SNG 3", "holdem", "no_limit", "EUR", buy_in=1000, fee=100,
                                  starting_stack=1500, seats=3, level_seconds=300,
                                  levels=(20, 40, 80), prizes=(Fraction(7, 10), Fraction(3, 10)))


def test_000_12_12_3_sit_and_go_fee_to_the_house_no_rake_rising_blinds_and_the_prize_table(platform: Platform) -> None:
    p = platform
    tid = p.run(lambda s: tournaments.create(s, SPEC).id)
    players = [new_player(p, deposit="100") for _ in range(3)]
    house0 = p.system_balance("house", "EUR")
    for pl in players[:2]:
        p.run(lambda s, pl=pl: tournaments.enter(s, pl, tid, T0))
    with pytest.raises(AlreadySeated, match="entered tournament"):
        p.run(lambda s: tournaments.enter(s, players[0], tid, T0))
    out = p.run(lambda s: tournaments.enter(s, players[2], tid, T0))
    assert out["state"] == "running" and out["table_id"] == f"sng-{tid}"
    late = new_player(p, deposit="100")
    with pytest.raises(TournamentClosed):
        p.run(lambda s: tournaments.enter(s, late, tid, T0))
    assert [cash(p, pl) for pl in players] == [10_000 - 1100] * 3
    assert p.system_balance("house", "EUR") - house0 == 300
    assert balance(p, pool_code(tid)) == 3000
    # blind levels on the clock
    assert p.read(lambda s: tournaments.level_big_blind(s, tid, T0 + timedelta(seconds=299))) == 20
    assert p.read(lambda s: tournaments.level_big_blind(s, tid, T0 + timedelta(seconds=300))) == 40
    assert p.read(lambda s: tournaments.level_big_blind(s, tid, T0 + timedelta(hours=5))) == 80
    from croupier.platform.cardroom import seats
    from croupier.platform.errors import RoundStateError

    for refused in (seats.sit_out, lambda s, pl, t: seats.leave(s, pl, t, T0)):
        with pytest.raises(RoundStateError, match="tournament table"):
            p.run(lambda s, f=refused: f(s, players[0], f"sng-{tid}"))
    rake0 = rake(p)
    bots = bots_for(players, "maniac", seed=5)
    for _ in range(400):
        if play_hand(p, f"sng-{tid}", bots) is None:
            break
    view = p.read(lambda s: tournaments.view(s, tid, T0))
    assert view["state"] == "finished"
    places = sorted((e["place"], e["prize_minor"]) for e in view["entries"])
    assert places == [(1, 2100), (2, 900), (3, 0)]
    assert balance(p, pool_code(tid)) == 0
    assert rake(p) == rake0  # tournaments pay no pot rake
    assert sum(cash(p, pl) for pl in players) == 3 * 10_000 - 300
    entries = p.read(lambda s: s.query(CardroomEntry).count())
    assert entries == 3
    assert p.audit().total == 0


def test_issue21_a_tournament_with_a_bad_prize_table_or_blinds_is_refused(platform: Platform) -> None:
    from dataclasses import replace

    from croupier.errors import VariantError

    p = platform
    with pytest.raises(VariantError, match="sum to 1"):
        p.run(lambda s: tournaments.create(s, replace(SPEC, prizes=(Fraction(1, 2), Fraction(1, 3)))))
    with pytest.raises(VariantError, match="rising"):
        p.run(lambda s: tournaments.create(s, replace(SPEC, levels=(40, 20))))
