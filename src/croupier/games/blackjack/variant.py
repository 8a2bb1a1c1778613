"""Blackjack rule sets as data: ``croupier/variants/blackjack/<name>.toml``, parsed and validated.

Every option cites its clause in the data file. Validation raises
:class:`~croupier.errors.VariantError` naming the file and the field, never ``assert``.
Up cards and pairs are written as point values: ``"A"`` (Ace), ``"2"`` .. ``"9"``, ``"T"`` (any
10-value card).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.blackjack.rules import SIDE_BET_ROWS
from croupier.games.fields import boolean as _bool
from croupier.games.fields import integer as _int
from croupier.games.fields import need as _need
from croupier.games.fields import payout as _payout
from croupier.money import CURRENCIES, Payout, check_minor

POINT_NAMES: Final = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}
ALL_POINTS: Final = frozenset(range(1, 11))
SURRENDER: Final = ("none", "late", "early")
DEALER_BJ_TAKES: Final = ("original", "all")


@dataclass(frozen=True, slots=True)
class SideBet:
    """A side bet's paytable: row -> payout; ``jackpot_rows`` are paid from a jackpot pool."""

    code: str
    pays: Mapping[str, Payout]
    jackpot_rows: tuple[str, ...] = ()
    clause: str = ""


@dataclass(frozen=True, slots=True)
class Limits:
    """Stake limits of one currency, in minor units."""

    currency: str
    main: tuple[int, int]
    side: tuple[int, int]

    @classmethod
    def unlimited(cls, currency: str = "XXX") -> Limits:
        return cls(currency, (1, 10**30), (1, 10**30))

    def range_for(self, code: str) -> tuple[int, int]:
        """The stake range of bet ``code``: the main range for the box's bet and a bet behind,
        the side range for every side bet."""
        return self.main if code in ("main", "bet_behind") else self.side


@dataclass(frozen=True, slots=True, eq=False)
class BlackjackVariant:
    """A blackjack rule set. Compared and hashed by identity: variants are loaded once."""

    name: str
    title: str
    source: str
    kind: str
    # shoe
    decks: int
    penetration: Fraction
    shuffle_every_round: bool
    # table
    seats: int
    boxes_per_player: int
    players_per_box: int
    bet_behind: bool
    # dealer
    hole_card: bool
    peek_on: frozenset[int]
    dealer_blackjack_takes: str
    hits_soft_17: bool
    # player
    blackjack_pays: Payout
    split_by: str
    splittable: frozenset[int]
    max_hands: int
    resplit_aces: bool
    hit_split_aces: bool
    double_after_split: bool
    double_totals: frozenset[int] | None
    double_on_21: bool
    surrender: str
    surrender_against: frozenset[int]
    insurance_up: frozenset[int]
    insurance_up_to_half: bool
    insurance_with_blackjack: bool
    even_money: bool
    side_bets: Mapping[str, SideBet]
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())

    @property
    def bet_codes(self) -> tuple[str, ...]:
        codes = ["main"] + list(self.side_bets)
        if self.bet_behind:
            codes.append("bet_behind")
        return tuple(codes)

    @property
    def payouts(self) -> dict[str, str]:
        """What every bet pays, in words (par sheets and the README)."""
        main = f"1:1, Blackjack {self.blackjack_pays}"
        out = {"main": main, "bet_behind": main, "insurance": "2:1"}
        for code, bet in self.side_bets.items():
            rows = [f"{row} {pay}" for row, pay in bet.pays.items()]
            rows += [f"{row} jackpot" for row in bet.jackpot_rows]
            out[code] = ", ".join(rows)
        return out

    def limit_set(self, currency: str) -> Limits:
        if currency == "XXX":
            return Limits.unlimited()
        try:
            return self.limits[currency]
        except KeyError:
            have = ", ".join(sorted(self.limits)) or "no currency"
            raise VariantError(
                f"blackjack variant {self.name!r} has no limits in {currency}; it is played in {have}"
            ) from None

    def peeks(self, up_points: int) -> bool:
        return self.hole_card and up_points in self.peek_on

    def can_double_total(self, best_total: int) -> bool:
        if best_total == 21 and not self.double_on_21:
            return False
        return self.double_totals is None or best_total in self.double_totals


_TOP_KEYS: Final = {
    "game", "title", "source", "kind", "shoe", "table", "dealer", "player", "side_bets", "limits",
    "paytable_assumed", "admission", "assumptions",
    "jackpots",  # issue 16: the jackpot pools (games/jackpot.py reads them; the engine does not)
}


def _choice(value: Any, where: str, options: tuple[str, ...]) -> str:
    if value not in options:
        raise VariantError(f"{where}: expected one of {', '.join(options)}, got {value!r}")
    return str(value)


def _points(value: Any, where: str) -> frozenset[int]:
    if value == "any":
        return ALL_POINTS
    if not isinstance(value, list):
        raise VariantError(f"{where}: expected a list of card values such as ['A', 'T'] or 'any'")
    out = set()
    for v in value:
        if v not in POINT_NAMES:
            raise VariantError(f"{where}: {v!r} is not a card value (A, 2..9, T)")
        out.add(POINT_NAMES[v])
    return frozenset(out)


def _keys(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(data) - allowed
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")


def _pair(v: Any, where: str) -> tuple[int, int]:
    if not isinstance(v, list) or len(v) != 2:
        raise VariantError(f"{where}: expected [minimum, maximum] in minor units")
    try:
        lo, hi = check_minor(v[0]), check_minor(v[1])
    except ValueError as exc:
        raise VariantError(f"{where}: {exc}") from None
    if not 0 < lo <= hi:
        raise VariantError(f"{where}: need 0 < minimum <= maximum, got {v}")
    return lo, hi


def parse_variant(data: Mapping[str, Any], name: str) -> BlackjackVariant:
    where = f"blackjack/{name}.toml"
    _keys(data, _TOP_KEYS, where)
    if data.get("game", "blackjack") != "blackjack":
        raise VariantError(f"{where}: game must be 'blackjack'")
    shoe = _need(data, "shoe", where)
    table = _need(data, "table", where)
    dealer = _need(data, "dealer", where)
    player = _need(data, "player", where)
    _keys(shoe, {"decks", "penetration", "shuffle_every_round"}, f"{where} [shoe]")
    _keys(table, {"seats", "boxes_per_player", "players_per_box", "bet_behind"}, f"{where} [table]")
    _keys(dealer, {"hole_card", "peek_on", "dealer_blackjack_takes", "hits_soft_17"},
          f"{where} [dealer]")
    _keys(player, {
        "blackjack_pays", "split_by", "splittable", "max_hands", "resplit_aces", "hit_split_aces",
        "double_after_split", "double_totals", "double_on_21", "surrender", "surrender_against",
        "insurance_up", "insurance_amount", "insurance_with_blackjack", "even_money",
    }, f"{where} [player]")

    decks = _int(_need(shoe, "decks", where), f"{where} shoe.decks", 1, 12)
    try:
        pen = Fraction(str(_need(shoe, "penetration", where)))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where} shoe.penetration: expected a fraction such as '2/3'") from None
    if not 0 < pen < 1:
        raise VariantError(f"{where} shoe.penetration: must be strictly between 0 and 1, got {pen}")
    shuffle_every = _bool(shoe.get("shuffle_every_round", False), f"{where} shoe.shuffle_every_round")

    seats = _int(_need(table, "seats", where), f"{where} table.seats", 1, 1000)
    boxes_pp = _int(_need(table, "boxes_per_player", where), f"{where} table.boxes_per_player", 1, seats)
    ppb = _int(table.get("players_per_box", 1), f"{where} table.players_per_box", 1, 10**6)
    bet_behind = _bool(table.get("bet_behind", False), f"{where} table.bet_behind")

    hole = _bool(_need(dealer, "hole_card", where), f"{where} dealer.hole_card")
    peek_on = _points(dealer.get("peek_on", []), f"{where} dealer.peek_on") if hole else frozenset()
    if not peek_on <= {1, 10}:
        raise VariantError(f"{where} dealer.peek_on: the dealer can only peek with an A or T up")
    takes = _choice(dealer.get("dealer_blackjack_takes", "all"), f"{where} dealer.dealer_blackjack_takes",
                    DEALER_BJ_TAKES)
    h17 = _bool(_need(dealer, "hits_soft_17", where), f"{where} dealer.hits_soft_17")

    bj = _payout(_need(player, "blackjack_pays", where), f"{where} player.blackjack_pays")
    split_by = _choice(player.get("split_by", "value"), f"{where} player.split_by", ("value", "rank"))
    splittable = _points(player.get("splittable", "any"), f"{where} player.splittable")
    max_hands = _int(_need(player, "max_hands", where), f"{where} player.max_hands", 1, 8)
    dt = player.get("double_totals", "any")
    if dt == "any":
        double_totals = None
    elif isinstance(dt, list) and all(isinstance(x, int) and 2 <= x <= 21 for x in dt):
        double_totals = frozenset(dt)
    else:
        raise VariantError(f"{where} player.double_totals: 'any' or a list of totals such as [9, 10, 11]")
    surrender = _choice(player.get("surrender", "none"), f"{where} player.surrender", SURRENDER)
    against = _points(player.get("surrender_against", "any"), f"{where} player.surrender_against")
    ins_amount = _choice(player.get("insurance_amount", "half"), f"{where} player.insurance_amount",
                         ("half", "up_to_half"))

    side: dict[str, SideBet] = {}
    for code, raw in data.get("side_bets", {}).items():
        w = f"{where} side_bets.{code}"
        if code not in SIDE_BET_ROWS:
            raise VariantError(f"{w}: unknown side bet; known: {', '.join(SIDE_BET_ROWS)}")
        _keys(raw, {"pays", "jackpot_rows", "clause"}, w)
        pays = {}
        for row, p in _need(raw, "pays", w).items():
            if row not in SIDE_BET_ROWS[code]:
                raise VariantError(f"{w}.pays: unknown row {row!r}; rows: {', '.join(SIDE_BET_ROWS[code])}")
            pays[row] = _payout(p, f"{w}.pays.{row}")
        jackpot = tuple(raw.get("jackpot_rows", ()))
        for row in jackpot:
            if row not in SIDE_BET_ROWS[code] or row in pays:
                raise VariantError(f"{w}.jackpot_rows: {row!r} is not an unpaid row of {code}")
        side[code] = SideBet(code, pays, jackpot, str(raw.get("clause", "")))

    limits: dict[str, Limits] = {}
    for cur, raw in data.get("limits", {}).items():
        w = f"{where} limits.{cur}"
        if cur not in CURRENCIES:
            raise VariantError(f"{w}: unknown currency {cur!r}")
        limits[cur] = Limits(cur, _pair(_need(raw, "main", w), f"{w}.main"),
                             _pair(raw.get("side", raw["main"]), f"{w}.side"))

    adm = data.get("admission", {})
    override = None
    if adm.get("override"):
        reason = adm.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise VariantError(f"{where} [admission]: an override needs a reason")
        override = reason
    assumptions = data.get("assumptions", [])
    if not isinstance(assumptions, list) or not all(isinstance(a, str) for a in assumptions):
        raise VariantError(f"{where}: assumptions must be a list of text")

    return BlackjackVariant(
        name=name,
        title=str(_need(data, "title", where)),
        source=str(_need(data, "source", where)),
        kind=str(data.get("kind", "table_card")),
        decks=decks,
        penetration=pen,
        shuffle_every_round=shuffle_every,
        seats=seats,
        boxes_per_player=boxes_pp,
        players_per_box=ppb,
        bet_behind=bet_behind,
        hole_card=hole,
        peek_on=peek_on,
        dealer_blackjack_takes=takes,
        hits_soft_17=h17,
        blackjack_pays=bj,
        split_by=split_by,
        splittable=splittable,
        max_hands=max_hands,
        resplit_aces=_bool(player.get("resplit_aces", False), f"{where} player.resplit_aces"),
        hit_split_aces=_bool(player.get("hit_split_aces", False), f"{where} player.hit_split_aces"),
        double_after_split=_bool(_need(player, "double_after_split", where),
                                 f"{where} player.double_after_split"),
        double_totals=double_totals,
        double_on_21=_bool(player.get("double_on_21", True), f"{where} player.double_on_21"),
        surrender=surrender,
        surrender_against=against if surrender != "none" else frozenset(),
        insurance_up=_points(player.get("insurance_up", ["A"]), f"{where} player.insurance_up"),
        insurance_up_to_half=ins_amount == "up_to_half",
        insurance_with_blackjack=_bool(player.get("insurance_with_blackjack", False),
                                       f"{where} player.insurance_with_blackjack"),
        even_money=_bool(player.get("even_money", False), f"{where} player.even_money"),
        side_bets=side,
        limits=limits,
        paytable_assumed=_bool(data.get("paytable_assumed", False), f"{where} paytable_assumed"),
        admission_override=override,
        assumptions=tuple(assumptions),
    )
