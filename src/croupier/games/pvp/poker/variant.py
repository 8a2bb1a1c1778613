"""Player-vs-player poker rule sets as data: ``croupier/variants/pvp_<game>/<structure>.toml``.

A variant is one game (Texas Hold'em, Omaha, 5 Card Omaha, Short Deck: 000 §12.12.3; 5 Card Stud:
000 §12.9) in one betting structure (Fixed Limit, No Limit, Pot Limit). Stakes (the big blind),
the table format and the rake are the table's, not the variant's (:class:`~.engine.HandSetup`).
Every field is validated; an unknown or wrong field is refused with the file and field named.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from croupier.errors import UnknownVariant, VariantError
from croupier.games.pvp.poker.evaluate import RANKINGS

GAMES: Final = ("holdem", "omaha", "omaha5", "short_deck", "five_card_stud")
STRUCTURES: Final = ("fixed_limit", "no_limit", "pot_limit")
DECKS: Final = {"standard": 52, "short": 36}


@dataclass(frozen=True, slots=True, eq=False)
class PokerVariant:
    """A player-vs-player poker rule set. Compared by identity: variants are loaded once."""

    game: str
    name: str
    title: str
    source: str
    structure: str            # fixed_limit / no_limit / pot_limit (000 §12.12.3)
    deck: str                 # standard (52) or short (36: 6 to A, 000 §12.12.3 Short Deck)
    ranking: str              # best5 / omaha / short_deck (evaluate.py)
    hole_cards: int           # cards dealt to each player on the first street
    down_cards: int           # how many of them are face down (stud: 1, 000 §12.9 step 2)
    street_cards: tuple[int, ...]  # cards dealt on each later street
    deals_to: str             # "board" (community cards) or "players" (stud: face up)
    min_players: int
    max_players: int
    forced_bets: str          # "blinds" (000 §12.12.3) or "first_hand" (000 §12.9 step 1)
    first_to_act: str         # "left_of_button" or "open_cards" (000 §12.9 step 4.2)
    max_bets_per_round: int   # Fixed Limit: bet, raise, reraise, cap (000 §12.12.3)
    straddle: bool            # the variant allows a Straddle (formats may still ban it)
    no_look_all_in: bool
    run_it_max: int           # 1, 2 or 3 runs when all-in (000 §12.12.3)
    auto_muck: bool           # losing hands after the first shown are mucked, not shown
    all_in_or_fold_bb: int    # the buy-in of the All-in or Fold format, in big blinds
    assumptions: tuple[str, ...] = ()

    @property
    def deck_size(self) -> int:
        return DECKS[self.deck]

    @property
    def streets(self) -> int:
        return 1 + len(self.street_cards)

    def bet_unit(self, street: int, big_blind: int) -> int:
        """Fixed Limit: the big blind before the deal and in round 1, doubled in rounds 2 and 3
        (000 §12.12.3). Streets count from 0 (the first betting round)."""
        return big_blind if street <= 1 else 2 * big_blind


_FIELDS: Final = {
    "title": str, "source": str, "structure": str, "deck": str, "ranking": str,
    "hole_cards": int, "down_cards": int, "street_cards": list, "deals_to": str,
    "players": list, "forced_bets": str, "first_to_act": str, "max_bets_per_round": int,
    "straddle": bool, "no_look_all_in": bool, "run_it_max": int, "auto_muck": bool,
    "all_in_or_fold_bb": int, "assumptions": list,
}
_CHOICES: Final = {
    "structure": STRUCTURES, "deck": tuple(DECKS), "ranking": RANKINGS,
    "deals_to": ("board", "players"), "forced_bets": ("blinds", "first_hand"),
    "first_to_act": ("left_of_button", "open_cards"),
}


def parse_variant(game: str, data: Mapping[str, Any], name: str) -> PokerVariant:
    where = f"pvp_{game}/{name}.toml"
    if game not in GAMES:
        raise VariantError(f"{where}: unknown poker game {game!r}; known: {', '.join(GAMES)}")
    unknown = set(data) - set(_FIELDS)
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    missing = set(_FIELDS) - set(data) - {"assumptions"}
    if missing:
        raise VariantError(f"{where}: missing field(s) {', '.join(sorted(missing))}")
    for key, typ in _FIELDS.items():
        if key in data and (type(data[key]) is not typ):
            raise VariantError(f"{where}: {key} must be {typ.__name__}, got {data[key]!r}")
    for key, allowed in _CHOICES.items():
        if data[key] not in allowed:
            raise VariantError(f"{where}: {key} must be one of {', '.join(allowed)}, got {data[key]!r}")
    players = data["players"]
    if len(players) != 2 or not all(type(p) is int for p in players) or not 2 <= players[0] <= players[1]:
        raise VariantError(f"{where}: players must be [min, max] with 2 <= min <= max, got {players!r}")
    streets = data["street_cards"]
    if not all(type(s) is int and s > 0 for s in streets):
        raise VariantError(f"{where}: street_cards must be positive counts, got {streets!r}")
    hole, down = data["hole_cards"], data["down_cards"]
    if hole < 1 or not 0 <= down <= hole:
        raise VariantError(f"{where}: need hole_cards >= 1 and 0 <= down_cards <= hole_cards")
    if not 1 <= data["run_it_max"] <= 3:
        raise VariantError(f"{where}: run_it_max is 1, 2 or 3 (000 §12.12.3), got {data['run_it_max']}")
    if data["max_bets_per_round"] < 1 or data["all_in_or_fold_bb"] < 1:
        raise VariantError(f"{where}: max_bets_per_round and all_in_or_fold_bb must be positive")
    per_player = hole + (sum(streets) if data["deals_to"] == "players" else 0)
    board = sum(streets) if data["deals_to"] == "board" else 0
    if players[1] * per_player + board > DECKS[data["deck"]]:
        raise VariantError(f"{where}: {players[1]} players need more cards than the deck holds")
    if data["ranking"] == "omaha" and (hole < 2 or board < 3):
        raise VariantError(f"{where}: Omaha needs 2+ hole cards and 3+ board cards")
    return PokerVariant(
        game=game, name=name, title=data["title"], source=data["source"],
        structure=data["structure"], deck=data["deck"], ranking=data["ranking"],
        hole_cards=hole, down_cards=down, street_cards=tuple(streets), deals_to=data["deals_to"],
        min_players=players[0], max_players=players[1], forced_bets=data["forced_bets"],
        first_to_act=data["first_to_act"], max_bets_per_round=data["max_bets_per_round"],
        straddle=data["straddle"], no_look_all_in=data["no_look_all_in"],
        run_it_max=data["run_it_max"], auto_muck=data["auto_muck"],
        all_in_or_fold_bb=data["all_in_or_fold_bb"],
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


def variant_names(game: str) -> list[str]:
    folder = resources.files("croupier.variants").joinpath(f"pvp_{game}")
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir()
                  if p.name.endswith(".toml") and not p.name.startswith("_"))


@cache
def load_variant(game: str, name: str) -> PokerVariant:
    """Read and validate ``variants/pvp_<game>/<name>.toml``."""
    path = resources.files("croupier.variants").joinpath(f"pvp_{game}", f"{name}.toml")
    if not path.is_file():
        known = ", ".join(variant_names(game)) or "none"
        raise UnknownVariant(f"unknown {game} poker variant {name!r}; known: {known}")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"pvp_{game}/{name}.toml: {exc}") from None
    return parse_variant(game, data, name)


def all_variants() -> list[tuple[str, str]]:
    return [(g, v) for g in GAMES for v in variant_names(g)]
