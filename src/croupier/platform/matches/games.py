"""The games a match table can play, as data (issue 22 part 2): each game's engine, variants,
table options (the fields of its setup), clock choices (000 §12.11, §12.12.1-§12.12.8 "Conditions")
and time-out outcome.

A :class:`~croupier.games.pvp.match.FundMatchEngine` game plugs in with one more
:class:`MatchGame` in :data:`GAMES`: the engine, the variant loader, the setup class (a dataclass
with ``seats``, ``stake``, ``rake`` and its options) and ``setup_from_record``; optionally its own
computer opponent (``bot``) and its own view of the hidden cards (``cards_view``, Belote's piles).

Clocks (ASSUMPTION, docs/pvp_matches.md): the "move / step time" limits each decision; the
"total / game / overall time" is each player's own bank (Hexagon's "game time per player"), run
down while he is to act; running out of either is a time-out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

from croupier.errors import UnknownGame, UnknownVariant
from croupier.games.base import Decision, DrawAction, DrawRequest
from croupier.games.pvp.backgammon import engine as bg_engine
from croupier.games.pvp.backgammon import state as bg_state
from croupier.games.pvp.backgammon import variant as bg_variant
from croupier.games.pvp.baron import engine as baron_engine
from croupier.games.pvp.baron import state as baron_state
from croupier.games.pvp.baron import variant as baron_variant
from croupier.games.pvp.belote import bot as belote_bot
from croupier.games.pvp.belote import engine as belote_engine
from croupier.games.pvp.belote import state as belote_state
from croupier.games.pvp.belote import variant as belote_variant
from croupier.games.pvp.chingachung import engine as cc_engine
from croupier.games.pvp.chingachung import state as cc_state
from croupier.games.pvp.chingachung import variant as cc_variant
from croupier.games.pvp.domino import engine as dom_engine
from croupier.games.pvp.domino import state as dom_state
from croupier.games.pvp.domino import variant as dom_variant
from croupier.games.pvp.goal_penalty import engine as gp_engine
from croupier.games.pvp.goal_penalty import state as gp_state
from croupier.games.pvp.goal_penalty import variant as gp_variant
from croupier.games.pvp.hexagon import engine as hex_engine
from croupier.games.pvp.hexagon import state as hex_state
from croupier.games.pvp.hexagon import variant as hex_variant
from croupier.games.pvp.poker.state import HandSettlement
from croupier.games.pvp.toto11 import engine as t11_engine
from croupier.games.pvp.toto11 import state as t11_state
from croupier.games.pvp.toto11 import variant as t11_variant
from croupier.games.pvp.toto21 import engine as t21_engine
from croupier.games.pvp.toto21 import state as t21_state
from croupier.games.pvp.toto21 import variant as t21_variant
from croupier.platform.matches.belote_view import belote_cards

#: a game's own computer opponent: the state and the legal decisions -> one of them
Bot = Callable[[Any, list[Decision]], Decision]
#: a game's own view of the cards: the state and the viewer's seat (None: a spectator)
CardsView = Callable[[Any, int | None], dict[str, Any]]

#: the setup fields the platform fills itself; every other field is a table option
PLATFORM_FIELDS: Final = ("seats", "stake", "rake")
_ONE_TO_FIVE_MIN: Final = (60, 120, 180, 240, 300)
_STEP_5_TO_30_S: Final = (5, 10, 15, 20, 30)


class MatchEngine(Protocol):
    """What the platform uses of a :class:`~croupier.games.pvp.match.FundMatchEngine` game (the
    seated-engine contract of ``games/base.py`` with the fund's settlement)."""

    game: str

    def start(self, variant: Any, setup: Any, currency: str) -> Any: ...

    def next_draw(self, state: Any) -> DrawRequest | None: ...

    def to_act(self, state: Any) -> int | None: ...

    def legal_actions(self, state: Any) -> list[Decision]: ...

    def apply(self, state: Any, action: DrawAction | Decision) -> Any: ...

    def is_finished(self, state: Any) -> bool: ...

    def settle(self, state: Any) -> HandSettlement: ...


@dataclass(frozen=True, slots=True)
class MatchGame:
    name: str
    clause: str
    engine: MatchEngine
    variants: tuple[str, ...]
    load_variant: Callable[[str], Any]
    setup_cls: type
    setup_of: Callable[[Mapping[str, Any]], Any]
    move_seconds: tuple[int, ...]       # the move / step time a table may choose
    game_seconds: tuple[int, ...]       # each player's total time a table may choose
    #: the house's decision when a player's clock runs out: the engine's ``time_out`` (that
    #: player loses) or, where the rules give no outcome, ``resign`` for him (ASSUMPTION)
    timeout: str
    #: 000 §12.12.2 (end): Lucky Spin is offered after a win of Belote, Backgammon, Toto 21, Domino
    lucky_spin: bool
    #: per-variant clock overrides (Blitz Backgammon: move time 10-40 s)
    move_seconds_by_variant: Mapping[str, tuple[int, ...]] = dataclasses.field(default_factory=dict)
    #: tables one player may play at once (000 §12.12.1: 13 backgammon; §12.12.2: 3 domino)
    max_tables: int | None = None
    #: option defaults a variant changes (a mandatory cube is on by default)
    variant_defaults: Callable[[Any], Mapping[str, Any]] = dataclasses.field(default=lambda _v: {})
    #: the game's own computer opponent (None: the platform's random legal decision)
    bot: Bot | None = None
    #: the game's own view of its hidden cards (None: the generic ``hands`` / ``cards``)
    cards_view: CardsView | None = None

    def options(self, variant: Any = None) -> dict[str, Any]:
        """The table options and their defaults (the setup dataclass's own fields)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self.setup_cls):
            if f.name in PLATFORM_FIELDS:
                continue
            out[f.name] = f.default
        if variant is not None:
            out.update(self.variant_defaults(variant))
        return out

    def move_choices(self, variant: str) -> tuple[int, ...]:
        return self.move_seconds_by_variant.get(variant, self.move_seconds)

    def describe(self) -> dict[str, Any]:
        return {"game": self.name, "clause": self.clause, "variants": list(self.variants),
                "options": self.options(), "move_seconds": list(self.move_seconds),
                "move_seconds_by_variant": {k: list(v) for k, v in self.move_seconds_by_variant.items()},
                "game_seconds": list(self.game_seconds), "timeout": self.timeout,
                "lucky_spin": self.lucky_spin, "max_tables": self.max_tables}


def _backgammon_defaults(v: Any) -> dict[str, Any]:
    return {"cube": v.cube == "mandatory", "koks": v.koks == "mandatory", "target": v.targets[0]}


GAMES: Final[dict[str, MatchGame]] = {g.name: g for g in (
    MatchGame("backgammon", "000 §12.12.1", bg_engine.ENGINE, tuple(bg_variant.variant_names()),
              bg_variant.load_variant, bg_state.MatchSetup, bg_state.setup_from_record,
              (3, 5, 10, 20, 30), (120, 180, 240, 300, 360), "resign", True,
              {"blitz": (10, 20, 30, 40)}, 13, _backgammon_defaults),
    MatchGame("domino", "000 §12.12.2", dom_engine.ENGINE, tuple(dom_variant.variant_names()),
              dom_variant.load_variant, dom_state.TableSetup, dom_state.setup_from_record,
              _STEP_5_TO_30_S, (60, 120, 180, 240, 300, 360), "time_out", True, max_tables=3),
    # 000 §12.12 gives Belote no clocks (ASSUMPTION, docs/pvp_matches.md: 10-60 s a decision,
    # 5-30 min a player; the engine's time_out: the player to act loses) and no table limit
    MatchGame("belote", "000 §12.12", belote_engine.ENGINE, tuple(belote_variant.variant_names()),
              belote_variant.load_variant, belote_state.TableSetup, belote_state.setup_from_record,
              (10, 15, 20, 30, 60), (300, 600, 900, 1200, 1800), "time_out", True,
              bot=belote_bot.choose, cards_view=belote_cards),
    MatchGame("toto21", "000 §12.11", t21_engine.ENGINE, ("standard",), t21_variant.load_variant,
              t21_state.TableSetup, t21_state.setup_from_record, (5, 10, 15),
              (120, 180, 240, 300, 360, 420), "resign", True),
    MatchGame("toto11", "000 §12.12.4", t11_engine.ENGINE, ("standard",), t11_variant.load_variant,
              t11_state.TableSetup, t11_state.setup_from_record, _STEP_5_TO_30_S,
              _ONE_TO_FIVE_MIN, "time_out", False),
    MatchGame("baron", "000 §12.12.5", baron_engine.ENGINE, ("standard",), baron_variant.load_variant,
              baron_state.TableSetup, baron_state.setup_from_record, _STEP_5_TO_30_S,
              _ONE_TO_FIVE_MIN, "time_out", False),
    MatchGame("goal_penalty", "000 §12.12.6", gp_engine.ENGINE, ("standard",),
              gp_variant.load_variant, gp_state.TableSetup, gp_state.setup_from_record,
              _STEP_5_TO_30_S, _ONE_TO_FIVE_MIN, "time_out", False),
    MatchGame("chingachung", "000 §12.12.7", cc_engine.ENGINE, ("standard",),
              cc_variant.load_variant, cc_state.TableSetup, cc_state.setup_from_record,
              _STEP_5_TO_30_S, _ONE_TO_FIVE_MIN, "time_out", False),
    MatchGame("hexagon", "000 §12.12.8", hex_engine.ENGINE, tuple(hex_variant.variant_names()),
              hex_variant.load_variant, hex_state.TableSetup, hex_state.setup_from_record,
              _STEP_5_TO_30_S, _ONE_TO_FIVE_MIN, "time_out", False),
)}


def match_game(name: str) -> MatchGame:
    g = GAMES.get(name)
    if g is None:
        raise UnknownGame(f"no match game {name!r}; known: {', '.join(sorted(GAMES))}")
    return g


def variant_of(g: MatchGame, name: str) -> Any:
    if name not in g.variants:
        raise UnknownVariant(f"unknown {g.name} variant {name!r}; known: {', '.join(g.variants)}")
    return g.load_variant(name)
