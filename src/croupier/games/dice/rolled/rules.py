"""What a rolled dice game says about itself: its positions, their targets (checked with precise
errors), and which payout key each position wins on the dice. Subclasses are the one place the
rules of a game are written; the engine, exact analysis and simulation read them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from croupier.errors import InvalidSelection, VariantError
from croupier.games.base import Target
from croupier.games.cardcompare.fields import payout
from croupier.money import Payout

if TYPE_CHECKING:  # the variant module does not need the rules
    from croupier.games.dice.rolled.variant import DiceVariant

Dice = tuple[int, ...]


class DiceRules(ABC):
    game: str
    title: str
    #: how many dice a round rolls
    dice: int = 3
    #: the dice's names in the result (``("red", "blue")``), or ``()``: a plain ``dice`` list
    die_names: tuple[str, ...] = ()
    #: every bet depends only on the multiset of the dice (exact analysis may group orders)
    symmetric: bool = True
    #: every bet code the game knows, in layout order
    codes: tuple[str, ...] = ()
    #: option name -> default value (options are variant data)
    option_defaults: Mapping[str, Any] = {}
    #: the layout shows decimal odds (``x2.28``: stake x odds, Part D's convention) not ``n:1``
    decimal_odds: bool = False
    #: the fields of the variant file this game reads besides the common ones
    own_fields: frozenset[str] = frozenset()

    @abstractmethod
    def targets(self, code: str) -> list[Target]:
        """Every legal target of ``code``, in layout order (``[()]``: a bet with no target)."""

    @abstractmethod
    def payout_keys(self, code: str) -> tuple[str, ...]:
        """The payout keys a position of ``code`` can win on (``single_1`` ... ``single_3``)."""

    @abstractmethod
    def payout_key(self, v: DiceVariant, code: str, target: Target, dice: Dice) -> str | None:
        """The payout key the position wins on with these dice; ``None``: the bet loses."""

    def check_target(self, code: str, target: Target) -> Target:
        """The normalised target, or a precise :class:`InvalidSelection`. The default accepts
        exactly the targets :meth:`targets` lists."""
        if target in self.targets(code):
            return target
        if self.targets(code) == [()]:
            raise InvalidSelection(f"the {code} bet takes no target, got {list(target)}")
        raise InvalidSelection(f"{list(target)} is not a {code} bet of {self.title}")

    def payouts(self, data: Mapping[str, Any], where: str) -> dict[str, Payout]:
        """The variant's payouts per payout key (default: its ``[payouts]`` table)."""
        raw = data.get("payouts")
        if not isinstance(raw, dict) or not raw:
            raise VariantError(f"{where}.payouts: expected a table of payout key = payout")
        known = {k for c in self.codes for k in self.payout_keys(c)}
        out = {}
        for key, text in raw.items():
            if key not in known:
                raise VariantError(f"{where}.payouts: unknown payout {key!r}")
            out[key] = payout(text, f"{where}.payouts.{key}")
        return out

    def result(self, dice: Dice) -> dict[str, Any]:
        """The data of the round's ``result`` event (besides the strikes)."""
        if self.die_names:
            return {**dict(zip(self.die_names, dice, strict=True)), "dice": list(dice),
                    "total": sum(dice)}
        return {"dice": list(dice), "total": sum(dice)}

    def check(self, data: Mapping[str, Any], where: str) -> None:
        """Extra validation of a variant file (raise :class:`VariantError`)."""
        return None

    def offered(self, payouts: Mapping[str, Payout], where: str) -> tuple[str, ...]:
        """The codes a variant offers: those whose every payout key has a payout."""
        codes = []
        for c in self.codes:
            have = [k in payouts for k in self.payout_keys(c)]
            if all(have):
                codes.append(c)
            elif any(have):
                missing = [k for k in self.payout_keys(c) if k not in payouts]
                raise VariantError(f"{where}.payouts: the {c} bet needs {', '.join(missing)} too")
        if not codes:
            raise VariantError(f"{where}.payouts: no bet is complete")
        return tuple(codes)


def ordered(values: Sequence[int | str]) -> tuple[int, ...]:
    """Integers of a target (a precise error for anything else), sorted."""
    out = []
    for v in values:
        if type(v) is not int:
            raise InvalidSelection(f"a die face is a whole number from 1 to 6, got {v!r}")
        out.append(v)
    return tuple(sorted(out))
