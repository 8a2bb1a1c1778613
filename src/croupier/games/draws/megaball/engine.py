"""The Mega Ball engine (000 §12.43), a :class:`~croupier.games.draws.ticket.TicketEngine`.

A ticket holds 1 to ``max_cards`` bets ``card`` (target: the card's 24 numbers, row by row,
the free centre skipped), all at the same stake (000 §12.43 Main round 1: "the selected bet
applies to all his cards"). Chance steps: the 20 balls, then ``bonus_rounds`` (one or two, by
the variant's weights), then per bonus round a ``multiplier`` (by the variant's weights) and a
``mega_ball`` (the value-th ball still in the drum, as for the balls).

A card returns stake x (the line paytable's odds for the lines the 20 balls complete, with the
free centre) + stake x the Mega Ball multiplier if a Mega Ball completes a line on it, at most
once per card (000 §12.43 Mega Ball Bonus round; ASSUMPTIONs in docs/draws.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from croupier.errors import InvalidBet, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction, DrawRequest
from croupier.games.draws.megaball.cards import check_card, complete_lines, completes_line, marked
from croupier.games.draws.megaball.variant import MegaBallVariant
from croupier.games.draws.ticket import Outcome, PlacedBet, Selection, TicketEngine

CODE = "card"


def _pick(weights: Sequence[tuple[int, int]], value: int) -> int:
    """The weighted value a draw value in [0, total weight) names (cumulative, in order)."""
    for v, w in weights:
        if value < w:
            return v
        value -= w
    raise ValueError("draw value beyond the total weight")  # pragma: no cover - checked by apply


Bonus = tuple[int | None, list[tuple[int, int | None]]]
#: the last (variant, outcome, bonus) decoded: a draw's settlement asks once per card of one outcome
_last: tuple[object, object, Bonus] = (None, None, (None, []))


def mega_balls(variant: MegaBallVariant, outcome: Outcome) -> Bonus:
    """The bonus of a (possibly partial) outcome: the number of bonus rounds (None before its
    step) and each round's (multiplier, Mega Ball number or None before its step)."""
    global _last
    last = _last
    if last[0] is variant and last[1] is outcome:
        return last[2][0], list(last[2][1])
    bonus = _decode(variant, outcome)
    _last = (variant, outcome, bonus)
    return bonus[0], list(bonus[1])


def _decode(variant: MegaBallVariant, outcome: Outcome) -> Bonus:
    rounds: int | None = None
    out: list[tuple[int, int | None]] = []
    drum = variant.bonus_drum
    taken = list(outcome.balls)
    for kind, value in outcome.extras:
        if kind == "bonus_rounds":
            rounds = _pick(variant.rounds, value)
        elif kind == "multiplier":
            out.append((_pick(variant.multipliers, value), None))
        elif kind == "mega_ball":
            ball = drum.ball(taken, value)
            taken.append(ball)
            out[-1] = (out[-1][0], ball)
    return rounds, out


def bonus_pay(variant: MegaBallVariant, completing: Sequence[int]) -> Fraction:
    """The Mega Ball win per unit staked of a card whose completing Mega Balls carry the
    multipliers ``completing`` (in drawing order): paid once per card."""
    if not completing:
        return Fraction(0)
    return Fraction(max(completing) if variant.both_complete == "highest" else completing[0])


def card_return(variant: MegaBallVariant, lines: int, completing: Sequence[int]) -> Fraction:
    """000 §12.43: the line odds plus the Mega Ball win (ASSUMPTION: in addition)."""
    return variant.line_pay(lines) + bonus_pay(variant, completing)


def card_result(variant: MegaBallVariant, card: Sequence[int], outcome: Outcome) -> tuple[int, list[int]]:
    """The lines the main draw completes on ``card`` and the multipliers of the Mega Balls that
    complete a line on it (each Mega Ball marks its number for the next)."""
    mask = marked(card, outcome.drawn)
    lines = complete_lines(mask)
    completing = []
    _rounds, megas = mega_balls(variant, outcome)
    for mult, ball in megas:
        if ball is None or ball not in card:
            continue
        pos = card.index(ball)
        if completes_line(mask, pos):
            completing.append(mult)
        mask |= 1 << pos
    return lines, completing


class MegaBallEngine(TicketEngine):
    game = "megaball"

    def place(self, variant: MegaBallVariant, bet: BetRequest) -> Selection:
        if bet.code != CODE:
            raise UnknownBetCode(f"{variant.title} has one bet, {CODE!r} (a card), not {bet.code!r}")
        return check_card(variant.draw, bet.target)

    def place_bets(self, variant: Any, bets: Sequence[BetRequest], cur: str) -> tuple[PlacedBet, ...]:
        """000 §12.43 Main round 1: 1 to ``max_cards`` cards, one bet value for all of them."""
        if len(bets) > variant.max_cards:
            raise InvalidBet(f"a ticket holds 1 to {variant.max_cards} cards, not {len(bets)}")
        placed = super().place_bets(variant, bets, cur)
        stakes = {b.stake for b in placed}
        if len(stakes) > 1:
            raise InvalidBet("the selected bet applies to all cards of a ticket: every card has "
                             "the same stake")
        return placed

    def ratio(self, variant: MegaBallVariant, bet: PlacedBet, outcome: Outcome) -> Fraction:
        lines, completing = card_result(variant, bet.selection, outcome)  # type: ignore[arg-type]
        return card_return(variant, lines, completing)

    def extra_request(self, variant: MegaBallVariant, outcome: Outcome) -> DrawRequest | None:
        rounds, megas = mega_balls(variant, outcome)
        if rounds is None:
            return DrawRequest("bonus_rounds", variant.rounds_total())
        if megas and megas[-1][1] is None:
            return DrawRequest("mega_ball", variant.draw.balls - variant.draw.drawn - (len(megas) - 1))
        if len(megas) < rounds:
            return DrawRequest("multiplier", variant.multipliers_total())
        return None

    def extra_value(self, variant: MegaBallVariant, outcome: Outcome, action: DrawAction) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": action.kind, "value": action.value}
        if action.kind == "bonus_rounds":
            data["rounds"] = _pick(variant.rounds, action.value)
        elif action.kind == "multiplier":
            data["multiplier"] = _pick(variant.multipliers, action.value)
        else:
            _r, megas = mega_balls(variant, outcome)
            taken = list(outcome.balls) + [b for _m, b in megas if b is not None]
            data["ball"] = variant.bonus_drum.ball(taken, action.value)
        return data

    def result_data(self, variant: MegaBallVariant, outcome: Outcome) -> dict[str, Any]:
        data = super().result_data(variant, outcome)
        _r, megas = mega_balls(variant, outcome)
        data["mega_balls"] = [{"multiplier": m, "ball": b} for m, b in megas]
        return data


ENGINE = MegaBallEngine()
