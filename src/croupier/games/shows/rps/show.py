"""Rock, Paper, Scissors (000 §12.44): the player picks a symbol in the Silver zone, the Gold zone
or both (one bet per zone); the dealer turns one card for Silver, then one for Gold; in each zone
the player's symbol plays the dealer's card: a win pays the zone's odds, a draw returns the bet,
a loss takes it.

The deck's composition is not given: the variant's ``deck`` is a wheel of the three symbols and
their counts, each card drawn from the full deck (a continuous shuffler; ASSUMPTION).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, NamedTuple, cast

from croupier.errors import InvalidBet, InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import Target
from croupier.games.fields import need, payout
from croupier.games.shows.tree import Chance, Show
from croupier.games.shows.variant import ShowVariant, parse_common
from croupier.games.shows.wheel import Wheel, parse_wheel
from croupier.money import Payout

SYMBOLS: Final = ("rock", "paper", "scissors")
ZONES: Final = ("silver", "gold")
#: 000 §12.44 resolution table: (player, dealer) -> the player wins
BEATS: Final = {("rock", "scissors"), ("paper", "rock"), ("scissors", "paper")}


@dataclass(frozen=True, slots=True, eq=False)
class RpsVariant(ShowVariant):
    deck: Wheel
    payouts: dict[str, Payout]   # per zone: a win's payout

    def parsheet_markdown(self) -> str:
        from croupier.games.shows.parsheet import segment_table

        return "\n".join(["## Deck", "", "Two cards a round (Silver, then Gold); no bonus stage.", "",
                          *segment_table("Card symbols", self.deck)])


def parse_variant(data: dict[str, Any], name: str) -> RpsVariant:
    head = parse_common(data, "rps", name, {"deck", "payouts"})
    where = f"rps/{name}.toml"
    deck = parse_wheel(need(data, "deck", where), f"{where}.deck", ("symbol",))
    if sorted(deck.labels()) != sorted(SYMBOLS):
        raise VariantError(f"{where}.deck: the deck holds exactly rock, paper and scissors")
    raw = need(data, "payouts", where)
    if not isinstance(raw, dict) or set(raw) != set(ZONES):
        raise VariantError(f"{where}.payouts: need silver and gold")
    pays = {z: payout(raw[z], f"{where}.payouts.{z}") for z in ZONES}
    return RpsVariant(**head, deck=deck, payouts=pays)


class Stage(NamedTuple):
    silver: str | None
    gold: str | None


def outcome(player: str, dealer: str) -> str:
    """000 §12.44's table: win, draw or lose."""
    if player == dealer:
        return "draw"
    return "win" if (player, dealer) in BEATS else "lose"


class RpsShow(Show[RpsVariant, Stage]):
    game = "rps"

    def bet_codes(self, v: RpsVariant) -> tuple[str, ...]:
        return ZONES

    def selections(self, v: RpsVariant, code: str) -> list[Target]:
        return [(s,) for s in SYMBOLS]

    def resolve(self, v: RpsVariant, code: str, target: Target) -> Hashable:
        if code not in ZONES:
            raise UnknownBetCode(f"{v.title} has no zone {code!r}; its zones: silver, gold")
        if len(target) != 1 or target[0] not in SYMBOLS:
            raise InvalidSelection(f"a {code} bet names one symbol of rock, paper, scissors; got {list(target)}")
        return (code, str(target[0]))

    def check_slip(self, v: RpsVariant, bets: list[tuple[str, Hashable]]) -> None:
        zones = [code for code, _ in bets]
        for z in ZONES:
            if zones.count(z) > 1:
                raise InvalidBet(f"one bet per zone (000 §12.44): {zones.count(z)} bets on {z}")

    def opening(self, v: RpsVariant) -> Stage:
        return Stage(None, None)

    def chance(self, v: RpsVariant, stage: Stage) -> Chance | None:
        if stage.gold is not None:
            return None
        return Chance("silver" if stage.silver is None else "gold", v.deck.size, v.deck.positions)

    def advance(self, v: RpsVariant, stage: Stage, value: int) -> Stage:
        card = v.deck.at(value).label
        return Stage(card, None) if stage.silver is None else stage._replace(gold=card)

    def finished(self, v: RpsVariant, stage: Stage) -> bool:
        return stage.gold is not None

    def pays(self, v: RpsVariant, stage: Stage, bet: Hashable) -> tuple[Fraction, Fraction]:
        zone, symbol = cast(tuple[str, str], bet)
        dealer = stage.silver if zone == "silver" else stage.gold
        result = outcome(symbol, str(dealer))
        if result == "win":
            return v.payouts[zone].total, Fraction(0)
        return (Fraction(1) if result == "draw" else Fraction(0)), Fraction(0)

    def draw_data(self, v: RpsVariant, stage: Stage, kind: str, value: int) -> dict[str, Any]:
        return {"card": v.deck.at(value).label}

    def result(self, v: RpsVariant, stage: Stage) -> dict[str, Any]:
        return {"silver": stage.silver, "gold": stage.gold}


SHOW = RpsShow()
