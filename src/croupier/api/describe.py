"""``GET /api/games/{game}/variants/{variant}/description``: what a client needs to draw a
betting layout and play a round of any game (issue 14, docs/describe.md).

The game-specific part comes from the family's ``describe`` (:mod:`croupier.games.describe`);
this module adds what is generic: the exact RTP of every bet (``spec.exact``), the stake limits
and chips per currency, the play mode and the shared tables running the variant.
"""

from __future__ import annotations

import functools
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict
from starlette.concurrency import run_in_threadpool

from croupier.games import describe as D
from croupier.games.registry import game, load_variant
from croupier.money import currency
from croupier.platform.decisions import DEFAULT_ORDER

router = APIRouter(prefix="/api", tags=["games"])

#: the chip denominations offered are the 1-2-5 series of the currency's minor units
CHIP_STEPS = (1, 2, 5)
#: chips shown per currency
CHIPS = 7


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TargetOut(BaseModel):
    """A bet's target shape; each kind carries its own keys (docs/describe.md)."""

    model_config = ConfigDict(extra="allow")
    kind: Literal["none", "number", "numbers", "choice", "positions"]


class BetDescriptionOut(_Strict):
    code: str
    label: str
    group: str
    payout: str | None
    rtp: str
    limits: dict[str, list[int]]
    target: TargetOut
    example_target: list[int | str]
    #: bets a player places only through a decision (a raise, a double): not on the layout
    decision_only: bool = False
    #: codes of the bets this one needs on the same slip (a side bet needs its main bet)
    requires: list[str] = []
    #: a package of this many equal chips (a racetrack bet): the stake is a multiple of it
    chips: int = 1
    #: the bet opens only in this state of the table (HI LO's HI after a previous card)
    condition: str | None = None


class GroupOut(_Strict):
    name: str
    label: str


class DecisionOut(_Strict):
    name: str
    label: str
    adds: str | None
    #: a decision the timer takes when it is offered (platform.decisions.DEFAULT_ORDER; the
    #: games offer one such at a time: Stand or No insurance, Fold, Check, Pass, Cash out)
    default: bool
    #: what the player must add to the decision (``{"card": "a card of your hand"}``)
    args: dict[str, str] = {}


class OutcomeKindOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    kind: Literal["pocket", "cards", "dice", "segment", "balls", "reels", "board"]


class CurrencyOut(_Strict):
    exponent: int
    min_minor: int | None
    max_minor: int | None
    chips_minor: list[int]


class TableRefOut(_Strict):
    id: str
    currency: str


class PaytableRowOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    bet: str
    label: str
    pays: str | None


class DescriptionOut(_Strict):
    game: str
    variant: str
    title: str
    family: str
    source: str | None
    play: Literal["single", "decision", "table"]
    tables: list[TableRefOut]
    currencies: dict[str, CurrencyOut]
    bets: list[BetDescriptionOut]
    groups: list[GroupOut]
    decisions: list[DecisionOut]
    outcome: OutcomeKindOut
    rules: list[str]
    paytable: list[PaytableRowOut]


def chips(lo: int | None, hi: int | None, exponent: int = 0) -> list[int]:
    """Up to :data:`CHIPS` chips of the 1-2-5 series from the minimum stake (one major unit
    when the variant sets none) up to the maximum."""
    start = lo or 10**exponent
    out: list[int] = []
    scale = 1
    while len(out) < CHIPS and (hi is None or scale <= hi):
        for step in CHIP_STEPS:
            chip = step * scale
            if chip >= start and (hi is None or chip <= hi) and len(out) < CHIPS:
                out.append(chip)
        scale *= 10
    return out


def _family(spec: Any) -> str:
    """The package a game's engine lives in under ``croupier.games`` (``cardcompare``...)."""
    parts = type(spec.engine).__module__.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["croupier", "games"] else spec.name


@functools.lru_cache(maxsize=512)
def _static(game_name: str, variant_name: str) -> dict[str, Any]:
    """Everything but the tables (which depend on the platform's settings): once per process."""
    from croupier.api.app import _play_mode

    spec = game(game_name)
    variant = load_variant(game_name, variant_name)
    part = D.describe(spec, variant)
    rtps = {r.bet: r.rtp for r in spec.exact(variant)}
    bets = []
    for raw in part["bets"]:
        b = {k: v for k, v in raw.items() if k != "rtp_code"}
        rtp = rtps.get(raw.get("rtp_code", b["code"]))
        bets.append({**b, "rtp": "" if rtp is None else f"{rtp.numerator}/{rtp.denominator}",
                     "limits": b.get("limits") or D.stake_limits(variant, b["code"])})
    currencies: dict[str, Any] = {}
    for cur in sorted({c for b in bets for c in b["limits"]}) or ["EUR"]:
        ranges = [b["limits"][cur] for b in bets if cur in b["limits"]]
        lo = min((r[0] for r in ranges), default=None)
        hi = max((r[1] for r in ranges), default=None)
        exponent = currency(cur).exponent
        currencies[cur] = {"exponent": exponent, "min_minor": lo, "max_minor": hi,
                           "chips_minor": chips(lo, hi, exponent)}
    decisions = [{**d, "default": d["name"] in DEFAULT_ORDER and not d["adds"]}
                 for d in part["decisions"]]
    return {"game": game_name, "variant": variant_name,
            "title": str(getattr(variant, "title", variant_name)), "family": _family(spec),
            "source": getattr(variant, "source", None), "play": _play_mode(game_name),
            "currencies": currencies, **part, "bets": bets, "decisions": decisions}


def description(game_name: str, variant_name: str, tables: Any = ()) -> dict[str, Any]:
    """The whole description; ``tables`` are the platform's table settings (``TableConfig``)."""
    out = dict(_static(game_name, variant_name))
    out["tables"] = [{"id": t.id, "currency": t.currency} for t in tables
                     if t.game == game_name and t.variant == variant_name]
    return out


@router.get("/games/{game_name}/variants/{variant_name}/description",
            response_model=DescriptionOut,
            responses={404: {"description": "unknown game or variant (problem details)"}})
async def get_description(game_name: str, variant_name: str, request: Request) -> dict[str, Any]:
    game(game_name)  # an unknown game is refused before any work
    state = getattr(request.app.state, "croupier", None)
    tables = state.platform.settings.tables if state is not None else ()
    return await run_in_threadpool(description, game_name, variant_name, tables)
