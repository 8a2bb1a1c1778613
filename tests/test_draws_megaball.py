"""Mega Ball (000 §12.43): cards, lines, the line paytable, the Mega Ball bonus, bad input; the
exact RTP cross-checked by Möbius inversion of a closed form, an inclusion-exclusion closed form,
a brute force through the engine on small drums and the simulation."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    InvalidBet,
    InvalidSelection,
    StakeBelowMinimum,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import BetRequest, DrawAction, play, replay
from croupier.games.draws.megaball import GAME
from croupier.games.draws.megaball.cards import (
    CELLS,
    FULL,
    LINE_CELLS,
    LINES,
    complete_lines,
    deal_card,
)
from croupier.games.draws.megaball.census import census
from croupier.games.draws.megaball.engine import ENGINE, mega_balls
from croupier.games.draws.megaball.exact import card_distribution, events, exact
from croupier.games.draws.megaball.simulate import Draws, draws, returns, simulate
from croupier.games.draws.megaball.variant import MegaBallVariant, parse_variant
from croupier.games.draws.ticket import Outcome, PlacedBet
from croupier.games.registry import load_variant, read_data
from croupier.rng import seeded

CARD = tuple(range(1, 25))  # position i holds number i + 1
#: 000 §12.43 Main round 4's table: completed lines -> multiplier
TABLE_12_43 = {1: 1, 2: 5, 3: 50, 4: 250, 5: 1000, 6: 10_000}


def mb() -> MegaBallVariant:
    v: MegaBallVariant = load_variant("megaball", "megaball_000")
    return v


def small(balls: int, drawn: int, **mega: Any) -> MegaBallVariant:
    raw = read_data("megaball", "megaball_000")
    raw.update(balls=balls, drawn=drawn)
    raw["mega_ball"] = {"rounds": {"1": 1, "2": 1}, "multipliers": {"5": 1, "10": 1}, **mega}
    return parse_variant(raw, "small")


def positions_with_lines(k: int, most: int = 20) -> tuple[int, ...]:
    """Card positions (at most ``most``) completing exactly ``k`` lines: a union of lines."""
    for size in range(0, 13):
        for chosen in combinations(LINES, size):
            mask = 0
            for m in chosen:
                mask |= m
            if complete_lines(mask) == k and mask.bit_count() <= most:
                return tuple(p for p in range(CELLS) if mask >> p & 1)
    raise AssertionError(f"no set of at most {most} positions completes {k} lines")


def actions(v: MegaBallVariant, balls: tuple[int, ...], megas: list[tuple[int, int]]) -> list[DrawAction]:
    """The chance steps drawing ``balls`` then ``megas`` (multiplier, ball) rounds."""
    out = list(v.draw.actions(balls))
    rounds_value = sum(w for r, w in v.rounds if r < len(megas))
    out.append(DrawAction("bonus_rounds", rounds_value))
    taken = list(balls)
    for mult, ball in megas:
        mv = 0
        for m, w in v.multipliers:
            if m == mult:
                break
            mv += w
        out.append(DrawAction("multiplier", mv))
        out.append(DrawAction("mega_ball", v.bonus_drum.value_of(taken, ball)))
        taken.append(ball)
    return out


def settle_card(v: MegaBallVariant, stake: int, card: tuple[int, ...], balls: tuple[int, ...],
                megas: list[tuple[int, int]], cur: str = "AMD") -> int:
    """One card played through start/apply/settle on the given draw; its return."""
    state = ENGINE.start(v, [BetRequest("card", stake, card)], cur)
    for a in actions(v, balls, megas):
        state = ENGINE.apply(state, a)
    return ENGINE.settle(state).bets[0].returned


def draw_marking(positions: tuple[int, ...], drawn: int = 20) -> tuple[int, ...]:
    """20 balls: the card numbers of ``positions`` and off-card numbers (25-51) after them."""
    nums = tuple(CARD[p] for p in positions)
    return nums + tuple(range(25, 25 + drawn - len(nums)))


OFF = (50, 51)  # off-card Mega Balls (never among draw_marking's balls for <= 24 card numbers)


# -- the rules, clause by clause ---------------------------------------------------------------


def test_000_12_43_equipment_51_balls_20_drawn_cards_5x5_with_free_centre() -> None:
    v = mb()
    assert (v.draw.balls, v.draw.first, v.draw.drawn) == (51, 1, 20)
    assert CELLS == 24 and len(LINES) == 12
    names = [n for n, _c in LINE_CELLS]
    assert names[:5] == [f"row {i}" for i in range(1, 6)] and names[5:10] == [f"column {i}" for i in range(1, 6)]
    # the free centre counts as marked: the 4 lines through it need 4 numbers only
    assert sorted(bin(m).count("1") for m in LINES) == [4] * 4 + [5] * 8


def test_000_12_43_main_round_4_every_row_of_the_line_paytable() -> None:
    v = mb()
    assert {i + 1: p for i, p in enumerate(v.line_pays)} == TABLE_12_43


@pytest.mark.parametrize("lines", range(0, 7))
def test_000_12_43_main_round_3_and_4_each_line_count_pays_bet_times_its_odds(lines: int) -> None:
    """A card whose 20 balls complete exactly ``lines`` lines returns 100 x the table's odds
    (0 lines: nothing; 1 line: x1 returns the bet), Mega Balls off the card."""
    v = mb()
    balls = draw_marking(positions_with_lines(lines))
    assert complete_lines(sum(1 << (b - 1) for b in balls if b <= 24)) == lines
    returned = settle_card(v, 100, CARD, balls, [(5, OFF[0])])
    assert returned == 100 * TABLE_12_43.get(lines, 0)


@pytest.mark.parametrize("lines", [7, 8])
def test_000_12_43_main_round_4_a_card_wins_with_up_to_6_lines(lines: int) -> None:
    """20 balls and the free centre can complete 7 or 8 lines (ASSUMPTION: paid as 6 lines);
    never 9 (census)."""
    v = mb()
    balls = draw_marking(positions_with_lines(lines))
    assert settle_card(v, 100, CARD, balls, [(5, OFF[0])]) == 100 * 10_000
    assert max(p.bit_count() for j in range(21) for p in census()[j]) == 8


def test_000_12_43_mega_ball_example_bet_100_multiplier_5x_completes_a_line_wins_500() -> None:
    """000 §12.43: "bet 100 AMD, multiplier 5x, Mega Ball completes a line -> winning 500 AMD"
    (no line from the 20 balls; row 1's fifth number is the Mega Ball)."""
    v = mb()
    balls = draw_marking((0, 1, 2, 3))  # row 1 but its last cell (number 5)
    assert settle_card(v, 100, CARD, balls, [(5, 5)]) == 500


def test_000_12_43_mega_ball_win_adds_to_the_line_paytable_and_does_not_raise_the_count() -> None:
    """ASSUMPTION (ambiguity 2): 2 lines from the balls (x5) + a Mega Ball x20 completing a third
    line returns 100 x (5 + 20), not the 3-line odds."""
    v = mb()
    rows12 = tuple(range(10))  # rows 1 and 2
    balls = draw_marking(rows12 + (10, 11, 12))  # row 3 but its last cell (number 14)
    assert settle_card(v, 100, CARD, balls, [(20, 14)]) == 100 * (5 + 20)


def test_000_12_43_mega_ball_not_completing_a_line_pays_nothing() -> None:
    v = mb()
    balls = draw_marking((0, 1, 2))  # three of row 1
    assert settle_card(v, 100, CARD, balls, [(100, 4)]) == 0  # marks a 4th of row 1 only
    assert settle_card(v, 100, CARD, balls, [(100, OFF[0]), (50, OFF[1])]) == 0


def test_000_12_43_mega_ball_completing_two_lines_on_a_card_pays_once() -> None:
    """Number 1 (corner) completes row 1 and column 1 at once: bet x multiplier once."""
    v = mb()
    balls = draw_marking((1, 2, 3, 4, 5, 10, 14, 19))  # row 1 and column 1 but position 0
    assert settle_card(v, 100, CARD, balls, [(10, 1)]) == 1000


def test_000_12_43_two_mega_balls_completing_lines_pay_the_highest_multiplier_once() -> None:
    """ASSUMPTION: two Mega Balls completing lines on one card: the highest multiplier, once
    (both_complete = "first": the first Mega Ball's)."""
    v = mb()
    balls = draw_marking((0, 1, 2, 3, 19, 20, 21, 22))  # row 1 but 5, row 5 but 24
    assert settle_card(v, 100, CARD, balls, [(10, 5), (50, 24)]) == 5000
    assert settle_card(v, 100, CARD, balls, [(50, 5), (10, 24)]) == 5000
    raw = read_data("megaball", "megaball_000")
    raw["mega_ball"]["both_complete"] = "first"
    first = parse_variant(raw, "first")
    assert settle_card(first, 100, CARD, balls, [(10, 5), (50, 24)]) == 1000


def test_000_12_43_the_first_mega_ball_marks_its_number_for_the_second() -> None:
    """ASSUMPTION (ambiguity 5): Mega Ball 1 (number 4) completes nothing but marks; Mega Ball 2
    (number 5) then completes row 1 and pays its multiplier; Mega Balls come from the 31 balls
    the main draw left."""
    v = mb()
    balls = draw_marking((0, 1, 2))
    assert settle_card(v, 100, CARD, balls, [(100, 4), (25, 5)]) == 2500
    with pytest.raises(Exception, match="already drawn"):
        actions(v, balls, [(5, 1)])


def test_000_12_43_chance_steps_balls_then_one_or_two_bonus_rounds() -> None:
    """After the 20 balls: the number of bonus rounds, then per round a multiplier and a Mega
    Ball from the balls left (31, then 30)."""
    v = mb()
    state = ENGINE.start(v, [BetRequest("card", 100, CARD)], "AMD")
    for a in v.draw.actions(draw_marking(())):
        state = ENGINE.apply(state, a)
    seen = []
    values = {"bonus_rounds": v.rounds_total() - 1, "multiplier": 0, "mega_ball": 0}  # two rounds
    while (req := ENGINE.next_draw(state)) is not None:
        seen.append((req.kind, req.n))
        state = ENGINE.apply(state, DrawAction(req.kind, values[req.kind]))
    mt = v.multipliers_total()
    assert seen == [("bonus_rounds", v.rounds_total()), ("multiplier", mt), ("mega_ball", 31),
                    ("multiplier", mt), ("mega_ball", 30)]
    result = [e for e in state.events if e.type == "result"][0].data
    assert result["mega_balls"] == [{"multiplier": 5, "ball": 1}, {"multiplier": 5, "ball": 2}]


def test_000_12_43_main_round_1_a_ticket_holds_1_to_200_cards_at_one_bet_value() -> None:
    v = mb()
    src = seeded(3)
    cards = [deal_card(v.draw, src) for _ in range(200)]
    state = ENGINE.start(v, [BetRequest("card", 100, c) for c in cards], "AMD")
    assert len(state.bets) == 200 and v.card_choices == (1, 10, 25, 100)
    with pytest.raises(InvalidBet, match="1 to 200 cards, not 201"):
        ENGINE.start(v, [BetRequest("card", 100, cards[0])] * 201, "AMD")
    with pytest.raises(InvalidBet, match="same stake"):
        ENGINE.start(v, [BetRequest("card", 100, cards[0]), BetRequest("card", 200, cards[1])], "AMD")


@pytest.mark.parametrize(("code", "target", "stake", "error", "message"), [
    ("card", CARD[:23], 100, InvalidSelection, "a card has 24 numbers .* not 23"),
    ("card", CARD + (25,), 100, InvalidSelection, "not 25"),
    ("card", CARD[:23] + (52,), 100, InvalidSelection, "card number 52 is outside the balls 1-51"),
    ("card", (0,) + CARD[1:], 100, InvalidSelection, "card number 0 is outside the balls 1-51"),
    ("card", CARD[:23] + (7,), 100, InvalidSelection, "card number 7 is on the card twice"),
    ("card", CARD[:23] + ("7",), 100, InvalidSelection, "whole number"),
    ("bingo", CARD, 100, UnknownBetCode, "not 'bingo'"),
    ("card", CARD, 49, StakeBelowMinimum, "below the minimum"),
])
def test_000_12_43_bad_cards_are_refused_precisely(code: str, target: tuple[Any, ...], stake: int,
                                                  error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        ENGINE.start(mb(), [BetRequest(code, stake, target)], "AMD")


def test_000_12_43_ambiguity_1_multipliers_are_5x_to_100x_variant_data() -> None:
    v = mb()
    assert all(5 <= m <= 100 for m, _w in v.multipliers)
    assert {r for r, _w in v.rounds} == {1, 2}
    raw = read_data("megaball", "megaball_000")
    raw["mega_ball"]["multipliers"] = {"4": 1}
    with pytest.raises(VariantError, match="outside 5-100"):
        parse_variant(raw, "bad")
    raw["mega_ball"]["multipliers"] = {"5": 1}
    raw["mega_ball"]["rounds"] = {"3": 1}
    with pytest.raises(VariantError, match="outside 1-2"):
        parse_variant(raw, "bad")


def test_deal_card_gives_24_distinct_numbers_the_engine_takes() -> None:
    v = mb()
    src = seeded(9)
    for _ in range(50):
        card = deal_card(v.draw, src)
        assert len(set(card)) == 24 and all(1 <= n <= 51 for n in card)
        ENGINE.start(v, [BetRequest("card", 100, card)], "AMD")


def test_replay_reproduces_a_seeded_draw() -> None:
    v = mb()
    src = seeded(21)
    bets = [BetRequest("card", 100, deal_card(v.draw, src)) for _ in range(10)]
    state, settlement = play(ENGINE, v, bets, "AMD", seeded(11))
    assert replay(ENGINE, v, state.events) == settlement
    assert len(state.balls) == 20 == len(set(state.balls))
    rounds, megas = mega_balls(v, state.outcome)
    assert rounds == len(megas) and all(b not in state.balls for _m, b in megas)


# -- exact RTP and its cross-checks ------------------------------------------------------------


def test_census_equals_moebius_inversion_of_the_closed_form() -> None:
    """Second method for the 2^24 census: the number of j-sets containing every line of a set T
    is C(24 - u(T), j - u(T)) (u: positions T covers); Möbius inversion over supersets gives the
    sets completing exactly T (a closed pattern; others must be 0)."""
    n = len(LINES)
    cover = [0] * (1 << n)
    for t in range(1 << n):
        m = 0
        for k in range(n):
            if t >> k & 1:
                m |= LINES[k]
        cover[t] = m.bit_count()
    cen = census()
    for j in range(CELLS + 1):
        f = [comb(CELLS - cover[t], j - cover[t]) if j >= cover[t] else 0 for t in range(1 << n)]
        for k in range(n):  # exact(T) = sum over supersets S of (-1)^|S-T| f(S)
            bit = 1 << k
            for t in range(1 << n):
                if not t & bit:
                    f[t] -= f[t | bit]
        assert {t: c for t, c in enumerate(f) if c} == cen[j], j
    assert sum(sum(d.values()) for d in cen) == 1 << 24
    assert cen[24] == {(1 << n) - 1: 1} and FULL == (1 << 24) - 1


def test_000_12_43_chance_of_a_line_agrees_with_inclusion_exclusion() -> None:
    """P(the 20 balls complete at least one line) by inclusion-exclusion over the 12 lines,
    C(51 - u, 20 - u) / C(51, 20), equals the exact events' marginal (either bonus count)."""
    v = mb()
    n = len(LINES)
    closed = Fraction(0)
    for t in range(1, 1 << n):
        m = 0
        for k in range(n):
            if t >> k & 1:
                m |= LINES[k]
        u = m.bit_count()
        if u <= 20:
            closed += (-1) ** (t.bit_count() + 1) * Fraction(comb(51 - u, 20 - u), comb(51, 20))
    for rounds in (1, 2):
        ev = events(v, rounds)
        assert sum(ev.values()) == 1
        assert sum(p for (lines, _a, _b), p in ev.items() if lines) == closed
    # a single Mega Ball completes a line at most as often as the union bound over the 12 lines
    # ("its other cells among the 20 balls, the Mega Ball its last cell") allows
    bound = sum((Fraction(comb(51 - (m.bit_count() - 1) - 1, 20 - (m.bit_count() - 1)) * (m.bit_count()),
                          comb(51, 20) * 31)
                 for m in LINES), Fraction(0))
    assert 0 < sum(p for (_l, a, _b), p in events(v, 1).items() if a) <= bound


@pytest.mark.parametrize(("balls", "drawn", "both"), [(25, 22, "highest"), (25, 23, "highest"),
                                                      (25, 22, "first")])
def test_exact_rtp_equals_brute_force_through_the_engine_on_small_drums(balls: int, drawn: int,
                                                                       both: str) -> None:
    """Second method: every main draw set, bonus round count, Mega Ball order and multiplier of
    a small drum settled by the engine's own ``bet_return``; the mean equals exact()."""
    v = small(balls, drawn, both_complete=both)
    dist = card_distribution(v)
    bet = PlacedBet(0, "card", 10**6, CARD)
    limits = v.limits_for("XXX")
    total = Fraction(0)
    sets = 0
    for main in combinations(range(1, balls + 1), drawn):
        sets += 1
        left = [b for b in range(1, balls + 1) if b not in main]
        per = Fraction(0)
        for rounds in (1, 2):
            orders = list(permutations(left, rounds))
            for megas in orders:
                mults = [(5,), (10,)] if rounds == 1 else [(a, b) for a in (5, 10) for b in (5, 10)]
                for ms in mults:
                    extras: list[tuple[str, int]] = [("bonus_rounds", rounds - 1)]
                    taken = list(main)
                    for m, b in zip(ms, megas, strict=True):
                        extras += [("multiplier", 0 if m == 5 else 1),
                                   ("mega_ball", v.bonus_drum.value_of(taken, b))]
                        taken.append(b)
                    ret = ENGINE.bet_return(v, bet, Outcome.of(main, extras), limits)
                    per += Fraction(ret, 10**6) / (2 * len(orders) * len(mults))
        total += per
    assert sets == comb(balls, drawn)
    assert dist.mean == total / sets
    assert exact(v)[0].rtp == dist.mean


def test_000_12_43_exact_rtp_of_the_shipped_variant() -> None:
    """The figure docs/draws.md and the README state (computed, then pinned), inside 94-97%."""
    row = exact(mb())[0]
    assert row.rtp == Fraction(1715776928671171, 1785975636375000)
    assert Fraction(94, 100) < row.rtp < Fraction(97, 100)
    assert row.max_return == 10_000 + 100


def test_simulation_draws_settle_as_the_engine_settles_them() -> None:
    """Differential test: the vectorised returns of 300 draws equal the engine's on the same
    balls, bonus rounds and multipliers."""
    v = mb()
    rng = np.random.Generator(np.random.PCG64(5))
    dr: Draws = draws(rng, v, 300)
    vec = returns(v, dr)
    bet = PlacedBet(0, "card", 10**6, CARD)
    limits = v.limits_for("XXX")
    for i in range(300):
        row = [int(b) for b in dr.balls[i]]
        main = tuple(row[:20])
        rounds = int(dr.rounds[i])
        extras: list[tuple[str, int]] = [("bonus_rounds", 0 if rounds == 1 else v.rounds[0][1])]
        taken = list(main)
        for k in range(rounds):
            m = int(dr.multipliers[i, k])
            mv = sum(w for x, w in v.multipliers if x < m)
            extras += [("multiplier", mv), ("mega_ball", v.bonus_drum.value_of(taken, row[20 + k]))]
            taken.append(row[20 + k])
        out = Outcome.of(main, extras)
        assert mega_balls(v, out) == (rounds, [(int(dr.multipliers[i, k]), row[20 + k]) for k in range(rounds)])
        assert ENGINE.bet_return(v, bet, out, limits) == round(vec[i] * 10**6)


def test_simulation_confirms_the_exact_figure_within_99_percent() -> None:
    v = mb()
    rtp = exact(v)[0].rtp
    (s,) = simulate(v, 300_000, 3, None)
    assert s.ci99[0] <= float(rtp) <= s.ci99[1], s


@given(st.integers(0, 10**9))
@settings(max_examples=40, deadline=None)
def test_every_draw_settles_a_card_by_its_lines_and_mega_balls(seed: int) -> None:
    """Restated from 000 §12.43 over features counted here: lines of the 20 balls with the
    centre, and whether each Mega Ball finds a line with its other four cells marked."""
    v = mb()
    card = deal_card(v.draw, seeded(seed + 1))
    state, settlement = play(ENGINE, v, [BetRequest("card", 1000, card)], "AMD", seeded(seed))
    grid = list(card[:12]) + [None] + list(card[12:])
    marked = {c for c, n in enumerate(grid) if n is None or n in state.balls}
    lines = sum(1 for _n, cells in LINE_CELLS if all(c in marked for c in cells))
    want = Fraction(TABLE_12_43[min(lines, 6)]) if lines else Fraction(0)
    _r, megas = mega_balls(v, state.outcome)
    paid: list[int] = []
    for mult, ball in megas:
        if ball in card:
            cell = grid.index(ball)
            if any(cell in cells and all(c in marked for c in cells if c != cell) for _n, cells in LINE_CELLS):
                paid.append(mult)
            marked.add(cell)
    want += max(paid) if paid else 0
    assert settlement.bets[0].returned == int(1000 * want)


def test_game_is_in_the_catalogue_with_its_description() -> None:
    from croupier.games.registry import game
    assert game("megaball") is GAME
    d = GAME.describe(mb()) if GAME.describe else {}
    assert d["bets"][0]["code"] == "card"
