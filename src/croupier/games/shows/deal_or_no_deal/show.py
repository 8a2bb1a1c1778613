"""Deal or No Deal Live (000 §12.28) as a show: the vault's qualifying spin, 16 briefcases, the
banker's offers and the player's Deal / No Deal (and Switch at the last offer).

A round is one qualifying spin (its bet sets the briefcases' size). The three rings of the
vault are drawn (``ring1``..``ring3``: a position of ``ring_segments``, gold or not); a bet that
bought rings has them lined up already (``buy_one_ring`` costs 3 bets and needs rings 2 and 3,
``buy_two_rings`` costs 9 and needs ring 3). A spin that does not qualify loses its stake (the
player spins again in the next round: 12.28 "carried into the next qualifying round").

Once qualified: the top briefcase's value is drawn (``top``, 12.28 "75-500 times the bet"), then
the cases are opened stage by stage (3, 4, 4, 3: ``case`` draws); after each stage the banker
offers ``factor[stage] x the mean of the values still unopened`` (ASSUMPTION, 12.28 ambiguity
2). Deal ends the round with the offer; No Deal goes on. At the last offer (two cases left: the
player's and one other) the choices are Deal, Switch and No Deal, then ``reveal`` draws which of
the two values is the player's case.

The player's case is never drawn in advance: each ``case`` draw reveals one of the values still
unopened, and ``reveal`` picks the player's among the last two. The cases are placed at random
(a uniform arrangement), so this is the same law as opening physical cases - and it keeps the
stage a multiset of values, which the exact walker folds.

Exact walker: a finished stage keeps only whether the spin qualified (``level``: how many rings
from the third down showed gold) and a class of the win; the win itself (in bets) is the stage's
``scale``, so the graph has a handful of finished stages. A bet of cost ``c`` pays ``win / c``
per unit staked (``(0, 1/c)`` with the scale).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, cast

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import Decision, Target
from croupier.games.fields import integer, need
from croupier.games.shows.tree import Chance, Show
from croupier.games.shows.variant import ShowVariant, parse_common
from croupier.games.shows.wheel import Wheel, parse_wheel

#: bet code -> rings bought (000 §12.28: one ring 3x the bet, two rings 9x)
BUYS = {"spin": 0, "buy_one_ring": 1, "buy_two_rings": 2}
DEAL, NO_DEAL, SWITCH = "deal", "no_deal", "switch"
#: the Top Up round's choices (000 §12.28): spin the top-up wheel (costs one bet), or go on to the
#: briefcases (the default: no answer adds no stake)
TOP_UP, OPEN_CASES = "top_up", "open_cases"


@dataclass(frozen=True, slots=True, eq=False)
class DondVariant(ShowVariant):
    rings: int                          # 000 §12.28 "3 rings"
    ring_segments: int                  # ASSUMPTION (12.28 ambiguity 3): positions per ring
    ring_gold: int                      # ASSUMPTION: gold positions per ring
    ring_prices: tuple[int, ...]        # 000 §12.28: one ring 3x, two rings 9x the bet
    cases: tuple[Fraction, ...]         # ASSUMPTION (ambiguity 1): the 15 other values, in bets
    top: Wheel                          # ASSUMPTION weights; values 75..500 (000 §12.28)
    stages: tuple[int, ...]             # 000 §12.28 cases opened per stage: 3, 4, 4, 3
    offer_factors: tuple[Fraction, ...]  # ASSUMPTION (ambiguity 2, 6): offer = factor x mean
    values: tuple[Fraction, ...]         # the distinct values of ``cases``, ascending (derived)
    #: ASSUMPTION (ambiguity 4): the Top Up wheel, each segment the bets a spin adds to the top
    #: briefcase (000 §12.28 "5 to 50 times the bet"); None: the variant plays no Top Up round
    top_up: Wheel | None = None
    #: the most top-up spins a round takes (None: any number, 000 §12.28 "any number of spins")
    top_up_cap: int | None = None

    @property
    def costs(self) -> dict[str, int]:
        """Bets a spin costs per bet code (the stake is that many bets)."""
        return {"spin": 1, **{code: self.ring_prices[k - 1] for code, k in BUYS.items() if 0 < k < self.rings}}

    @property
    def payouts(self) -> dict[str, str]:
        out = {code: "the case won, 1 bet = the stake" if c == 1 else f"the case won, 1 bet = stake / {c}"
               for code, c in self.costs.items()}
        if self.top_up is not None:  # the rows of exact.top_up_figures
            from croupier.games.shows.deal_or_no_deal.exact import TOP_UP_ROWS

            values = sorted(s.value for s in self.top_up.segments)
            out["top_up"] = f"1 bet a spin; adds {values[0]}-{values[-1]} bets to the top case"
            out.update({f"spin_top_up_{k}": f"a spin + {k} top-up(s), per unit of total stake" for k in TOP_UP_ROWS})
        return out

    def p_gold(self) -> Fraction:
        return Fraction(self.ring_gold, self.ring_segments)

    def p_qualify(self, code: str) -> Fraction:
        return self.p_gold() ** (self.rings - BUYS[code])

    def mean_prize(self) -> Fraction:
        """The mean of the 16 values (the top one at its mean): the win of "never deal"."""
        mean_top = sum((Fraction(s.count) * s.value for s in self.top.segments), Fraction(0)) / self.top.size
        return (sum(self.cases, Fraction(0)) + mean_top) / (len(self.cases) + 1)

    def parsheet_markdown(self) -> str:
        from croupier.games.shows.parsheet import pct, segment_table

        lines = ["## Qualification, briefcases and offers (000 §12.28)", "",
                 f"- vault: {self.rings} rings of {self.ring_segments} positions, {self.ring_gold} gold each "
                 f"(P(gold) = {self.p_gold()})"]
        for code, c in self.costs.items():
            p = self.p_qualify(code)
            lines.append(f"- {code}: costs {c} bet(s); P(qualification) = {p} ({pct(p)})")
        mean = self.mean_prize()
        lines += [f"- the 15 other briefcases (bets): {', '.join(str(x) for x in self.cases)}",
                  f"- mean prize, never dealing = {mean} ({float(mean):.4f} bets)",
                  f"- cases opened per stage: {', '.join(map(str, self.stages))}",
                  f"- banker's offer = factor x mean of the unopened values; factors "
                  f"{', '.join(str(f) for f in self.offer_factors)}", ""]
        lines += segment_table("Top briefcase (bets)", self.top, "value")
        if self.top_up is not None:
            mu = self.top_up_mean()
            lines += [""] + segment_table("Top Up wheel (bets added to the top briefcase, one bet a spin)",
                                          self.top_up, "value")
            lines += [f"- mean top-up = {mu} bets; a top-up spin returns {mu} / {len(self.cases) + 1} = "
                      f"{self.top_up_rtp()} ({pct(self.top_up_rtp())}) of its bet never dealing (the topped case is the "
                      f"player's with probability 1/{len(self.cases) + 1})", ""]
        return "\n".join(lines + self._rules_table())

    def top_up_mean(self) -> Fraction:
        """The mean of a top-up spin, in bets (0 without a wheel)."""
        if self.top_up is None:
            return Fraction(0)
        return sum((Fraction(s.count) * s.value for s in self.top_up.segments), Fraction(0)) / self.top_up.size

    def top_up_rtp(self) -> Fraction:
        """A top-up spin's own RTP never dealing: its amount is won when the player's case is the
        top one (1 in 16, the cases being placed at random)."""
        return self.top_up_mean() / (len(self.cases) + 1)

    def _rules_table(self) -> list[str]:
        """The RTP of a plain spin under several decision rules: it depends on the answers."""
        from croupier.games.shows.deal_or_no_deal.exact import (
            deal_at,
            never_deal,
            prize_law,
            threshold,
        )
        from croupier.games.shows.parsheet import pct

        rules: list[tuple[str, Any]] = [("never deal (the default and the best)", never_deal)]
        rules += [(f"deal at offer {k + 1}", deal_at(k + 1)) for k in range(len(self.stages))]
        rules.append(("deal at the first offer of 40 bets or more", threshold(Fraction(40))))
        lines = ["### The RTP depends on the player's answers", "",
                 "| Rule | mean prize (bets) | RTP (any bet) | exact |", "|---|---|---|---|"]
        q = self.p_qualify("spin")
        for label, rule in rules:
            m = prize_law(self, rule).mean
            lines.append(f"| {label} | {float(m):.4f} | {pct(q * m)} | {q * m} |")
        if self.top_up is not None:
            from croupier.games.shows.deal_or_no_deal.exact import topped_up_rtp

            lines += ["", "### Topping up (a spin, then k top-up spins once qualified, never dealing)", "",
                      f"Per unit of total stake: expected return / expected stake `1 + {q} k` bets.", "",
                      "| top-up spins k | mean win (bets) | RTP | exact |", "|---|---|---|---|"]
            for k in (0, 1, 2, 5, 10, 50):
                r = topped_up_rtp(self, "spin", k)
                m = self.mean_prize() + k * self.top_up_rtp()
                lines.append(f"| {k} | {float(m):.4f} | {pct(r)} | {r} |")
        return lines + [""]


def _fraction(value: Any, where: str) -> Fraction:
    try:
        out = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}: {value!r} is not a number") from None
    return out


def parse_variant(data: dict[str, Any], name: str) -> DondVariant:
    own = {"rings", "ring_segments", "ring_gold", "ring_prices", "cases", "top", "stages", "offer_factors",
           "top_up", "top_up_cap"}
    head = parse_common(data, "deal_or_no_deal", name, own)
    where = f"deal_or_no_deal/{name}.toml"
    rings = integer(need(data, "rings", where), f"{where}.rings", 1, 6)
    segs = integer(need(data, "ring_segments", where), f"{where}.ring_segments", 1, 360)
    gold = integer(need(data, "ring_gold", where), f"{where}.ring_gold", 1, segs)
    prices = need(data, "ring_prices", where)
    if not isinstance(prices, list) or len(prices) != rings - 1:
        raise VariantError(f"{where}.ring_prices: the price of buying 1..{rings - 1} rings, in bets")
    ring_prices = tuple(integer(p, f"{where}.ring_prices", 1, 10_000) for p in prices)
    cases_raw = need(data, "cases", where)
    if not isinstance(cases_raw, list) or not cases_raw:
        raise VariantError(f"{where}.cases: a list of the other briefcases' values, in bets")
    cases = tuple(_fraction(x, f"{where}.cases") for x in cases_raw)
    if any(x < 0 for x in cases):
        raise VariantError(f"{where}.cases: a briefcase holds zero or more")
    top = parse_wheel(need(data, "top", where), f"{where}.top", ("top",))
    if any(s.value <= max(cases) for s in top.segments):
        raise VariantError(f"{where}.top: the top briefcase holds more than every other one")
    stages_raw = need(data, "stages", where)
    if not isinstance(stages_raw, list) or not stages_raw:
        raise VariantError(f"{where}.stages: the cases opened at each stage")
    stages = tuple(integer(x, f"{where}.stages", 1, 100) for x in stages_raw)
    if sum(stages) != len(cases) - 1:  # every case but the player's and one other
        raise VariantError(f"{where}.stages: the stages open {sum(stages)} cases; "
                           f"{len(cases) + 1} cases leave {len(cases) - 1} to open before the last two")
    factors_raw = need(data, "offer_factors", where)
    if not isinstance(factors_raw, list) or len(factors_raw) != len(stages):
        raise VariantError(f"{where}.offer_factors: one factor per stage ({len(stages)})")
    factors = tuple(_fraction(x, f"{where}.offer_factors") for x in factors_raw)
    if any(not 0 < f <= 1 for f in factors):
        raise VariantError(f"{where}.offer_factors: each factor is in (0, 1]")
    top_up = None
    if "top_up" in data:
        top_up = parse_wheel(data["top_up"], f"{where}.top_up", ("top_up",))
        if any(not 0 < s.value for s in top_up.segments):
            raise VariantError(f"{where}.top_up: a top-up segment adds more than nothing (000 §12.28: "
                               "5 to 50 times the bet)")
    cap = None
    if "top_up_cap" in data:
        if top_up is None:
            raise VariantError(f"{where}.top_up_cap: the variant has no top_up wheel")
        cap = integer(data["top_up_cap"], f"{where}.top_up_cap", 1, 10_000)
    return DondVariant(**head, rings=rings, ring_segments=segs, ring_gold=gold, ring_prices=ring_prices,
                       cases=cases, top=top, stages=stages, offer_factors=factors,
                       values=tuple(sorted(set(cases))), top_up=top_up, top_up_cap=cap)


@dataclass(frozen=True, slots=True)
class Stage:
    """A round so far. ``need``: rings that must show gold (3 for a plain spin; the exact
    walker's opening uses the loosest need, 1, and ``level`` tells the bets apart)."""

    need: int
    rings: int = 0                     # rings drawn
    level: int = 0                     # rings lined up gold from the last one down (bought count as gold)
    top_segment: int = -1              # the top case's segment of ``v.top``, once qualified
    topping: bool = False              # the Top Up round: top up (a decision) or open the cases
    spinning: bool = False             # a top-up spin was bought: the wheel's draw is due
    topups: int = 0                    # top-up spins taken
    added: Fraction = Fraction(0)      # the bets they added to the top briefcase
    left: tuple[int, ...] = ()         # unopened cases per value (``v.values`` then the top)
    stage: int = 0                     # the opening stage under way
    opened: int = 0                    # cases opened in this stage
    asking: bool = False               # the banker's offer awaits an answer
    choice: str | None = None          # no_deal / switch at the last offer, before the reveal
    done: bool = False
    win_class: int = 0                 # finished: how many of the costs (1, 3, 9) the win exceeds
    win: Fraction = field(default=Fraction(1), compare=False)   # finished: the win in bets (scale)
    #: the record: values revealed in order, offers made, decisions; not part of the equality
    revealed: tuple[Fraction, ...] = field(default=(), compare=False)
    offers: tuple[Fraction, ...] = field(default=(), compare=False)
    answers: tuple[str, ...] = field(default=(), compare=False)
    own: Fraction | None = field(default=None, compare=False)
    other: Fraction | None = field(default=None, compare=False)
    golds: tuple[bool, ...] = field(default=(), compare=False)
    #: what the fields above determine (kept for speed, left out of the equality)
    top: Fraction | None = field(default=None, compare=False)
    offer: Fraction | None = field(default=None, compare=False)


def values_of(v: DondVariant, st: Stage) -> list[Fraction]:
    """The unopened values, ascending by slot (each as many times as cases hold it)."""
    slots = [*v.values, st.top]
    return [cast(Fraction, slots[i]) for i, c in enumerate(st.left) for _ in range(c)]


def slots_of(st: Stage) -> tuple[int, ...]:
    """The slot of every unopened case, in the order of :func:`values_of` (a draw's classes)."""
    return tuple(i for i, c in enumerate(st.left) for _ in range(c))


class DondShow(Show[DondVariant, Stage]):
    game = "deal_or_no_deal"

    def bet_codes(self, v: DondVariant) -> tuple[str, ...]:
        return tuple(BUYS)[: v.rings]

    def resolve(self, v: DondVariant, code: str, target: Target) -> Hashable:
        if code not in self.bet_codes(v):
            raise UnknownBetCode(f"{v.title} has no bet {code!r}; its bets: {', '.join(self.bet_codes(v))}")
        if target:
            raise InvalidSelection(f"{code} takes no target; got {list(target)}")
        return code

    def check_slip(self, v: DondVariant, bets: list[tuple[str, Hashable]]) -> None:
        if len(bets) != 1:
            raise InvalidBet(f"a round is one qualifying spin: one bet (spin, buy_one_ring or "
                             f"buy_two_rings), got {len(bets)} (000 §12.28)")

    # -- the round -------------------------------------------------------------------------------

    def opening(self, v: DondVariant) -> Stage:
        return Stage(need=1)

    def opening_for(self, v: DondVariant, keys: list[Hashable]) -> Stage:
        return Stage(need=min(v.rings - BUYS[str(k)] for k in keys))

    def chance(self, v: DondVariant, st: Stage) -> Chance | None:
        if st.done or st.asking:
            return None
        if st.rings < v.rings:
            gold = v.ring_gold
            return Chance(f"ring{st.rings + 1}", v.ring_segments,
                          tuple(0 if p < gold else 1 for p in range(v.ring_segments)))
        if st.top_segment < 0:
            return Chance("top", v.top.size, v.top.positions)
        if st.topping:  # the Top Up round: the wheel's draw once a spin is bought, else a decision
            wheel = v.top_up
            return Chance("top_up", wheel.size, wheel.positions) if st.spinning and wheel is not None else None
        if st.choice is not None:
            return Chance("reveal", 2)
        return Chance("case", sum(st.left), slots_of(st))

    def advance(self, v: DondVariant, st: Stage, value: int) -> Stage:
        if st.rings < v.rings:
            return self._ring(v, st, value < v.ring_gold)
        if st.top_segment < 0:
            seg = v.top.positions[value]
            left = tuple(v.cases.count(x) for x in v.values) + (1,)
            return replace(st, top_segment=seg, top=v.top.segments[seg].value, left=left,
                           topping=v.top_up is not None)
        if st.spinning and v.top_up is not None:
            x = v.top_up.at(value).value
            n = st.topups + 1
            return replace(st, spinning=False, topups=n, added=st.added + x, top=cast(Fraction, st.top) + x,
                           topping=v.top_up_cap is None or n < v.top_up_cap)
        vals = values_of(v, st)
        if st.choice is not None:
            own, other = vals[value], vals[1 - value]
            win = other if st.choice == SWITCH else own
            return self._finish(v, replace(st, own=own, other=other), win)
        x = vals[value]
        slot = slots_of(st)[value]
        left = tuple(c - 1 if i == slot else c for i, c in enumerate(st.left))
        st = replace(st, left=left, opened=st.opened + 1, revealed=st.revealed + (x,))
        if st.opened == v.stages[st.stage]:
            rest = values_of(v, st)
            offer = v.offer_factors[st.stage] * sum(rest, Fraction(0)) / len(rest)
            st = replace(st, asking=True, offer=offer, offers=st.offers + (offer,))
        return st

    def _ring(self, v: DondVariant, st: Stage, gold: bool) -> Stage:
        k = st.rings + 1
        # level: the run of gold rings ending at the one drawn last; once every ring is drawn a
        # bet that bought b rings (the first b, lined up) qualifies when level >= rings - b
        st = replace(st, rings=k, golds=st.golds + (gold,), level=st.level + 1 if gold else 0)
        if k < v.rings:
            return st
        if st.level < st.need:
            return replace(st, done=True)
        return st

    def decisions(self, v: DondVariant, st: Stage) -> list[Decision]:
        if st.topping and not st.spinning and not st.done:
            # the default first: a caller taking the first legal answer never tops up for ever
            return [Decision(OPEN_CASES), Decision(TOP_UP)]
        if not st.asking or st.done:
            return []
        out = [Decision(DEAL), Decision(NO_DEAL)]
        if st.stage == len(v.stages) - 1:
            out.append(Decision(SWITCH))
        return out

    def decide(self, v: DondVariant, st: Stage, decision: Decision) -> Stage:
        if st.topping and not st.spinning:
            if decision.name == TOP_UP:
                return replace(st, spinning=True)
            if decision.name == OPEN_CASES:
                return replace(st, topping=False)
            raise IllegalAction(f"{decision.name} is not a Top Up round choice (top_up, open_cases)")
        offer = st.offer
        if not st.asking or offer is None:
            raise IllegalAction("no banker's offer awaits an answer")
        st = replace(st, answers=st.answers + (decision.name,))
        if decision.name == DEAL:
            return self._finish(v, st, offer)
        last = st.stage == len(v.stages) - 1
        if decision.name == SWITCH and not last:
            raise IllegalAction("Switch Briefcases is offered only at the last offer (000 §12.28)")
        if last:
            return replace(st, asking=False, offer=None, choice=decision.name)
        return replace(st, asking=False, offer=None, stage=st.stage + 1, opened=0)

    def refusal(self, v: DondVariant, st: Stage, decision: Decision) -> str | None:
        """Why a top-up is refused, precisely (000 §12.28: after qualifying, before the cases open)."""
        if decision.name != TOP_UP:
            return None
        if v.top_up is None:
            return f"{v.title} has no Top Up wheel: its variant plays no Top Up round (000 §12.28)"
        if v.top_up_cap is not None and st.topups >= v.top_up_cap:
            return f"the Top Up round takes at most {v.top_up_cap} spins (this variant's cap); they are used"
        if st.done or st.rings < v.rings:
            return "a top-up comes after qualifying: this spin has not qualified (000 §12.28)"
        return "a top-up is allowed only in the Top Up round, before the briefcases open (000 §12.28)"

    def stake_added(self, v: DondVariant, st: Stage, decision: Decision, bet: Hashable) -> Fraction:
        """A top-up spin costs one bet (000 §12.28): ``1 / cost`` of the bet code's stake."""
        return Fraction(1, v.costs[str(bet)]) if decision.name == TOP_UP else Fraction(0)

    def _finish(self, v: DondVariant, st: Stage, win: Fraction) -> Stage:
        costs = (1, *v.ring_prices)
        return Stage(need=st.need, rings=st.rings, level=st.level, done=True, topups=st.topups, added=st.added,
                     win_class=sum(1 for c in costs if win > c), win=win, revealed=st.revealed,
                     offers=st.offers, answers=st.answers, own=st.own, other=st.other, golds=st.golds,
                     top=None)

    def finished(self, v: DondVariant, st: Stage) -> bool:
        return st.done

    def pays(self, v: DondVariant, st: Stage, bet: Hashable) -> tuple[Fraction, Fraction]:
        code = str(bet)
        if not st.done or st.level < v.rings - BUYS[code]:  # not qualified (need >= the round's)
            return Fraction(0), Fraction(0)
        return Fraction(0), Fraction(1, v.costs[code])

    def scale(self, stage: Stage) -> Fraction:
        return stage.win

    def unscaled(self, stage: Stage) -> Stage:
        return replace(stage, win=Fraction(1)) if stage.done else stage

    # -- the record ------------------------------------------------------------------------------

    def draw_data(self, v: DondVariant, st: Stage, kind: str, value: int) -> dict[str, Any]:
        if kind.startswith("ring"):
            return {"gold": value < v.ring_gold}
        if kind == "top":
            return {"top": str(v.top.at(value).value)}
        if kind == "top_up" and v.top_up is not None:
            x = v.top_up.at(value).value
            return {"top_up": str(x), "top": str(cast(Fraction, st.top) + x)}
        vals = values_of(v, st)
        if kind == "reveal":
            return {"own": str(vals[value]), "other": str(vals[1 - value])}
        return {"case_value": str(vals[value])}

    def result(self, v: DondVariant, st: Stage) -> dict[str, Any]:
        qualified = st.level >= st.need and st.rings == v.rings
        out: dict[str, Any] = {"rings": [bool(g) for g in st.golds], "qualified": qualified}
        if qualified:
            out.update({"opened": [str(x) for x in st.revealed], "offers": [str(o) for o in st.offers],
                        "answers": list(st.answers), "win_bets": str(st.win),
                        "top_ups": st.topups, "topped_up_bets": str(st.added),
                        "own": None if st.own is None else str(st.own),
                        "other": None if st.other is None else str(st.other)})
        return out


SHOW = DondShow()
