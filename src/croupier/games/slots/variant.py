"""Slot machines as data: ``croupier/variants/slot/<name>.toml`` parsed and validated.

000 §12.17 and 001 §6 give the rules of every slot (symbols, Wild, Scatter, lines read from the
leftmost reel, total bet = line bet x active lines, free spins, the gamble) but no concrete slot:
the reel strips, window, lines, paytable, free-spin awards and gamble options of each slot are the
variant file. Validation raises :class:`~croupier.errors.VariantError` naming the file and field.

Units: line pays are multiples of the line bet (lines games) or of the coin (ways games, where the
one stake is ``bet_multiplier`` coins, 001 §6.5.2); scatter pays are multiples of the total bet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.fields import integer as _int
from croupier.games.fields import need as _need
from croupier.money import CURRENCIES

ROLES: Final = ("wild", "scatter", "theme", "card")
GAMBLE_MODES: Final = ("colour", "suit", "higher")
GAMBLE_PARTS: Final = ("all", "half")
EQUAL_RANK_RULES: Final = ("push", "lose")

_TOP_KEYS: Final = {
    "game", "title", "source", "kind", "theme", "mode", "rows", "symbols", "reels", "lines",
    "bet_multiplier", "paytable", "scatter", "free_spins", "gamble", "bet", "admission",
    "assumptions", "bonus", "max_win_multiple",
}


@dataclass(frozen=True, slots=True)
class StakeRange:
    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True)
class Symbol:
    code: str
    name: str
    role: str  # wild / scatter / theme / card (001 §6.4)


@dataclass(frozen=True, slots=True)
class FreeSpins:
    """Free spins by scatter count, at the triggering bet with no debit (001 §6.4.3, §6.8.2)."""

    awards: tuple[int, ...]      # spins awarded for k scatters in the base game, index k
    retriggers: tuple[int, ...]  # spins added for k scatters during free spins (0: no retrigger)
    multiplier: int              # every free-spin win is multiplied by it
    reels: tuple[tuple[int, ...], ...]  # the free-spin reel strips (symbol indices)


@dataclass(frozen=True, slots=True)
class Gamble:
    """The risk game after a winning round (001 §6.7; 000 §12.17)."""

    modes: tuple[str, ...]
    max_moves: int              # 001 §6.7.2: up to 5 moves
    cap_multiple: int           # 001 §6.7.5: no gamble may reach above cap_multiple x total bet
    parts: tuple[str, ...]      # 000 §12.17: gamble all or half of the win
    equal_rank: str             # higher card: 000 §12.17 equal points push; 001's reading loses


@dataclass(frozen=True, slots=True)
class Bonus:
    """000 §12.17's bonus indicator: ``trigger`` or more of the special image anywhere in the window
    start it; the indicator runs over the ``ring`` of images and stops on one at random (each place
    equally likely); if that image is shown in the window, the bonus pays its ``odds`` (a multiple
    of the total bet; ASSUMPTION: 000 gives no odds, images or base)."""

    symbol: int                  # the special image (symbol index)
    trigger: int                 # at least this many of it anywhere in the window
    ring: tuple[int, ...]        # the images the indicator passes over (symbol indices)
    odds: tuple[int, ...]        # per symbol index: total bets paid when it is hit and shown


@dataclass(frozen=True, slots=True, eq=False)
class SlotVariant:
    """A slot. Compared and hashed by identity: variants are loaded once."""

    name: str
    title: str
    source: str
    kind: str
    theme: str
    mode: str                                   # "lines" or "ways"
    rows: int
    symbols: tuple[Symbol, ...]
    reels: tuple[tuple[int, ...], ...]          # base-game strips, symbol indices
    lines: tuple[tuple[int, ...], ...]          # row per reel of each payline ("lines" mode)
    bet_multiplier: int                         # coins in the one stake of a ways game
    pays: tuple[tuple[int, ...], ...]           # pays[symbol][count], count 0..reels
    scatter_pays: tuple[int, ...]               # multiples of the total bet by scatter count
    free_spins: FreeSpins | None
    gamble: Gamble | None
    steps: Mapping[str, tuple[int, ...]]        # allowed line bets (coins) per currency
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())
    bonus: Bonus | None = None                  # 000 §12.17: the bonus indicator
    max_win_multiple: int | None = None         # a round never returns more than this x the total bet
    wild: int | None = None                     # index of the Wild symbol (set by the parser)
    scatter: int | None = None                  # index of the Scatter symbol

    @property
    def reel_count(self) -> int:
        return len(self.reels)

    @property
    def max_lines(self) -> int:
        return len(self.lines) if self.mode == "lines" else 1

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return ("spin",)

    @property
    def limits(self) -> dict[str, StakeRange]:
        """The total bet's range per currency: one line at the lowest step to every line at the
        highest (ways: the stake at the lowest and highest coin)."""
        units = len(self.lines) if self.mode == "lines" else self.bet_multiplier
        low = 1 if self.mode == "lines" else self.bet_multiplier
        return {c: StakeRange(s[0] * low, s[-1] * units) for c, s in self.steps.items()}

    @property
    def paytables(self) -> dict[str, tuple[int, ...]]:
        """The line (ways) paytable by symbol code: pays for 1..reels of a kind."""
        return {s.code: p[1:] for s, p in zip(self.symbols, self.pays, strict=True) if any(p)}

    @property
    def paytable_assumed(self) -> bool:
        return True  # 000/001 give no concrete slot: every slot is designed here

    def parsheet_markdown(self) -> str:
        """The slot's own par-sheet section (the generic par sheet appends it)."""
        from croupier.games.slots.parsheet import parsheet_markdown

        return parsheet_markdown(self)

    def strips(self, free: bool) -> tuple[tuple[int, ...], ...]:
        if free and self.free_spins is not None:
            return self.free_spins.reels
        return self.reels


def _codes(raw: Any, where: str, index: Mapping[str, int]) -> tuple[int, ...]:
    items = raw.split() if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        raise VariantError(f"{where}: expected a list of symbol codes")
    out = []
    for c in items:
        if c not in index:
            raise VariantError(f"{where}: unknown symbol {c!r}")
        out.append(index[c])
    return tuple(out)


def _strips(raw: Any, where: str, index: Mapping[str, int], count: int | None) -> tuple[tuple[int, ...], ...]:
    if not isinstance(raw, list) or not raw:
        raise VariantError(f"{where}: expected one strip per reel")
    strips = tuple(_codes(s, f"{where}[{i}]", index) for i, s in enumerate(raw))
    if count is not None and len(strips) != count:
        raise VariantError(f"{where}: {len(strips)} strips for {count} reels")
    if not 3 <= len(strips) <= 6:
        raise VariantError(f"{where}: a slot has 3 to 6 reels, got {len(strips)}")
    return strips


def _int_list(raw: Any, where: str, length: int, hi: int) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > length:
        raise VariantError(f"{where}: expected a list of at most {length} integers")
    vals = [_int(v, f"{where}[{i}]", 0, hi) for i, v in enumerate(raw)]
    return tuple(vals + [0] * (length - len(vals)))


def parse_variant(data: Mapping[str, Any], name: str) -> SlotVariant:
    where = f"slot/{name}.toml"
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if data.get("game", "slot") != "slot":
        raise VariantError(f"{where}: game must be 'slot'")
    mode = data.get("mode", "lines")
    if mode not in ("lines", "ways"):
        raise VariantError(f"{where}.mode: 'lines' or 'ways', got {mode!r}")
    rows = _int(_need(data, "rows", where), f"{where}.rows", 1, 8)

    raw_syms = _need(data, "symbols", where)
    if not isinstance(raw_syms, dict) or not raw_syms:
        raise VariantError(f"{where}.symbols: expected a table of code = {{name, role}}")
    symbols: list[Symbol] = []
    for code, spec in raw_syms.items():
        w = f"{where}.symbols.{code}"
        role = _need(spec, "role", w)
        if role not in ROLES:
            raise VariantError(f"{w}.role: one of {', '.join(ROLES)}, got {role!r}")
        symbols.append(Symbol(code, str(_need(spec, "name", w)), role))
    for role in ("wild", "scatter"):
        if sum(s.role == role for s in symbols) > 1:
            raise VariantError(f"{where}.symbols: at most one {role}")
    index = {s.code: i for i, s in enumerate(symbols)}
    reels = _strips(_need(data, "reels", where), f"{where}.reels", index, None)
    n = len(reels)
    for i, strip in enumerate(reels):
        if len(strip) < rows:
            raise VariantError(f"{where}.reels[{i}]: a strip shorter than the window ({rows} rows)")

    lines: tuple[tuple[int, ...], ...] = ()
    if mode == "lines":
        raw_lines = _need(data, "lines", where)
        if not isinstance(raw_lines, list) or not raw_lines:
            raise VariantError(f"{where}.lines: expected a list of lines (a row per reel)")
        out = []
        for j, line in enumerate(raw_lines):
            if not isinstance(line, list) or len(line) != n:
                raise VariantError(f"{where}.lines[{j}]: a row (0 = top) for each of the {n} reels")
            out.append(tuple(_int(r, f"{where}.lines[{j}]", 0, rows - 1) for r in line))
        if len(out) > 64:
            raise VariantError(f"{where}.lines: at most 64 paylines")
        if len(set(out)) != len(out):
            raise VariantError(f"{where}.lines: two lines have the same shape")
        lines = tuple(out)
        bet_multiplier = 1
    else:
        if "lines" in data:
            raise VariantError(f"{where}.lines: a ways game has no paylines")
        bet_multiplier = _int(_need(data, "bet_multiplier", where), f"{where}.bet_multiplier", 1, 10_000)

    raw_pay = _need(data, "paytable", where)
    if not isinstance(raw_pay, dict):
        raise VariantError(f"{where}.paytable: expected a table of symbol = [pays for 1..{n} of a kind]")
    pays: list[tuple[int, ...]] = [(0,) * (n + 1) for _ in symbols]
    for code, row in raw_pay.items():
        w = f"{where}.paytable.{code}"
        if code not in index:
            raise VariantError(f"{w}: unknown symbol")
        sym = symbols[index[code]]
        if sym.role == "scatter":
            raise VariantError(f"{w}: a scatter pays by [scatter] pays, anywhere (001 §6.4.3)")
        if sym.role == "wild" and mode == "ways":
            raise VariantError(f"{w}: in a ways game the wild only substitutes")
        vals = _int_list(row, w, n, 1_000_000)
        pays[index[code]] = (0, *vals)
    if not any(any(p) for p in pays):
        raise VariantError(f"{where}.paytable: nothing pays")

    scatter = next((i for i, s in enumerate(symbols) if s.role == "scatter"), None)
    scatter_pays: tuple[int, ...] = (0,) * (n * rows + 1)
    free: FreeSpins | None = None
    raw_sc = data.get("scatter", {})
    if raw_sc:
        if scatter is None:
            raise VariantError(f"{where}.scatter: the slot has no scatter symbol")
        scatter_pays = _int_list(raw_sc.get("pays", []), f"{where}.scatter.pays", n * rows + 1, 100_000)
    raw_fs = data.get("free_spins")
    if raw_fs is not None:
        w = f"{where}.free_spins"
        if scatter is None:
            raise VariantError(f"{w}: free spins are triggered by scatters; the slot has none")
        awards = _int_list(_need(raw_fs, "awards", w), f"{w}.awards", n * rows + 1, 1000)
        if not any(awards):
            raise VariantError(f"{w}.awards: no scatter count awards a free spin")
        retrig = _int_list(raw_fs.get("retriggers", []), f"{w}.retriggers", n * rows + 1, 1000)
        mult = _int(raw_fs.get("multiplier", 1), f"{w}.multiplier", 1, 100)
        free_reels = reels
        if "reels" in raw_fs:
            free_reels = _strips(raw_fs["reels"], f"{w}.reels", index, n)
        free = FreeSpins(awards, retrig, mult, free_reels)

    gamble = None
    raw_g = data.get("gamble")
    if raw_g is not None:
        w = f"{where}.gamble"
        modes = tuple(raw_g.get("modes", list(GAMBLE_MODES)))
        if not modes or not set(modes) <= set(GAMBLE_MODES):
            raise VariantError(f"{w}.modes: a list of {', '.join(GAMBLE_MODES)}")
        parts = tuple(raw_g.get("parts", ["all"]))
        if not parts or not set(parts) <= set(GAMBLE_PARTS) or "all" not in parts:
            raise VariantError(f"{w}.parts: 'all', optionally 'half' (000 §12.17)")
        equal = raw_g.get("equal_rank", "push")
        if equal not in EQUAL_RANK_RULES:
            raise VariantError(f"{w}.equal_rank: one of {', '.join(EQUAL_RANK_RULES)}")
        gamble = Gamble(
            modes=modes,
            max_moves=_int(raw_g.get("max_moves", 5), f"{w}.max_moves", 1, 5),  # 001 §6.7.2
            cap_multiple=_int(_need(raw_g, "cap_multiple", w), f"{w}.cap_multiple", 2, 10**6),
            parts=parts,
            equal_rank=equal,
        )

    raw_bet = _need(data, "bet", where)
    steps_raw = _need(raw_bet, "steps", f"{where}.bet")
    steps: dict[str, tuple[int, ...]] = {}
    for cur, vals in steps_raw.items():
        w = f"{where}.bet.steps.{cur}"
        if cur not in CURRENCIES:
            raise VariantError(f"{w}: unknown currency")
        if not isinstance(vals, list) or not vals:
            raise VariantError(f"{w}: a list of allowed line bets in minor units")
        got = tuple(_int(v, w, 1, 10**12) for v in vals)
        if list(got) != sorted(set(got)):
            raise VariantError(f"{w}: steps must rise strictly")
        steps[cur] = got

    bonus = _bonus(data.get("bonus"), f"{where}.bonus", index, n * rows)
    cap = data.get("max_win_multiple")
    if cap is not None:
        cap = _int(cap, f"{where}.max_win_multiple", 1, 10**7)
        if free is not None:
            raise VariantError(f"{where}.max_win_multiple: a round cap with free spins has no exact "
                               "RTP here (the capped series total); cap a slot without free spins")

    admission = data.get("admission", {})
    override = None
    if admission.get("override"):
        reason = admission.get("reason", "")
        if not isinstance(reason, str) or len(reason.strip()) < 10:
            raise VariantError(f"{where}.admission: an override must give its documented reason")
        override = reason

    return SlotVariant(
        name=name,
        title=str(_need(data, "title", where)),
        source=str(_need(data, "source", where)),
        kind=str(data.get("kind", "slot")),
        theme=str(_need(data, "theme", where)),
        mode=mode,
        rows=rows,
        symbols=tuple(symbols),
        reels=reels,
        lines=lines,
        bet_multiplier=bet_multiplier,
        pays=tuple(pays),
        scatter_pays=scatter_pays,
        free_spins=free,
        gamble=gamble,
        steps=steps,
        admission_override=override,
        assumptions=tuple(str(a) for a in data.get("assumptions", [])),
        bonus=bonus,
        max_win_multiple=cap,
        wild=next((i for i, s in enumerate(symbols) if s.role == "wild"), None),
        scatter=scatter,
    )


def _bonus(raw: Any, where: str, index: Mapping[str, int], cells: int) -> Bonus | None:
    """000 §12.17: ``[bonus] symbol, trigger, ring, odds``."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise VariantError(f"{where}: expected a table (symbol, trigger, ring, odds)")
    unknown = set(raw) - {"symbol", "trigger", "ring", "odds"}
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    code = _need(raw, "symbol", where)
    if code not in index:
        raise VariantError(f"{where}.symbol: unknown symbol {code!r}")
    if len(index) > 62:
        raise VariantError(f"{where}: a slot with a bonus has at most 62 symbols")
    trigger = _int(_need(raw, "trigger", where), f"{where}.trigger", 1, cells)
    ring = _codes(_need(raw, "ring", where), f"{where}.ring", index)
    if len(ring) > 1000:
        raise VariantError(f"{where}.ring: at most 1000 places")
    odds_raw = _need(raw, "odds", where)
    if not isinstance(odds_raw, dict):
        raise VariantError(f"{where}.odds: expected a table of symbol = total bets")
    odds = [0] * len(index)
    for c, v in odds_raw.items():
        if c not in index:
            raise VariantError(f"{where}.odds.{c}: unknown symbol")
        odds[index[c]] = _int(v, f"{where}.odds.{c}", 0, 100_000)
    if not any(odds[x] for x in ring):
        raise VariantError(f"{where}.odds: no image of the ring pays")
    return Bonus(index[code], trigger, ring, tuple(odds))
