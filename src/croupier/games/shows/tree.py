"""A game show's rules as a chance tree of immutable stages, and the exact walker over it.

A :class:`Show` says, for a stage of a round (an immutable, hashable value):

* ``chance(v, stage)`` - the draw the stage waits for (a :class:`Chance`: a kind, ``n`` equally
  likely values and, optionally, the class of each value: values of one class lead to the same
  next stage, e.g. the positions of one wheel segment), or ``None``;
* ``advance(v, stage, value)`` - the next stage after that draw;
* ``decisions(v, stage)`` / ``decide(v, stage, decision)`` - a player's choice, if the stage waits
  for one (a pick, a flapper...);
* ``finished(v, stage)`` and ``pays(v, stage, bet)`` - a finished stage pays a bet
  ``base + scale * odds`` per unit staked, where ``scale(stage)`` is the multiplier the bonus
  stages have stacked on the odds (1 when none).

A bonus stage is nothing more than further chance steps: another spin, a pick, a coin flip, a
multiplier draw. :class:`~croupier.games.shows.engine.ShowEngine` turns any show into an engine
of :mod:`croupier.games.base` (live play, replay); :func:`build_graph` walks the same ``advance``
into a finite graph whose nodes are stages with their scale set aside (``unscaled``), and

* :func:`moments` solves it exactly (Fractions), re-spins and cycles included: for each finished
  stage ``t`` the probability of ending there and the first two moments of the stacked scale;
* :func:`bet_rtp` gives each bet's exact RTP, variance, hit frequency and maximum return from them;
* :func:`simulate_graph` samples the same graph with numpy (vectorised, every round at once).

The contract that makes this exact: ``advance`` is *scale-equivariant* - advancing a stage of
scale ``s`` gives the stage advancing its unscaled form gives, with the scale multiplied by ``s``.
A show whose multiplier is capped keeps the (capped) multiplier inside the stage instead, and
its scale stays 1: the graph is then finite too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Generic, TypeVar, cast

from croupier.errors import IllegalAction
from croupier.games.base import Decision, Target
from croupier.games.maths import BetRTP

V = TypeVar("V")
St = TypeVar("St", bound=Hashable)

#: ``BetRTP.max_return`` of a bet whose return has no upper bound (multipliers that stack
#: without a cap); the reports print it as "unbounded"
UNBOUNDED = Fraction(-1)


@dataclass(frozen=True, slots=True)
class Chance:
    """A draw: ``n`` equally likely values; ``classes[value]`` (if given) groups the values that
    lead to the same next stage (the positions of one wheel segment)."""

    kind: str
    n: int
    classes: tuple[int, ...] | None = None

    def groups(self) -> list[tuple[int, int]]:
        """(weight, representative value) of every class, in the order of first appearance."""
        return [(len(vals), vals[0]) for vals in self.members()]

    def members(self) -> list[tuple[int, ...]]:
        """The values of every class, in the order of first appearance."""
        return _members(self.n, self.classes)


@lru_cache(maxsize=4096)
def _members(n: int, classes: tuple[int, ...] | None) -> list[tuple[int, ...]]:
    if classes is None:
        return [(v,) for v in range(n)]
    out: dict[int, list[int]] = {}
    for v, c in enumerate(classes):
        out.setdefault(c, []).append(v)
    return [tuple(vals) for vals in out.values()]


Rule = Callable[[Any, Any, list[Decision]], Decision]


class Show(Generic[V, St]):
    """The rules of one show; subclasses fill in the abstract parts. See the module docstring."""

    game: str = ""

    # -- the bets --------------------------------------------------------------------------------

    def bet_codes(self, v: V) -> tuple[str, ...]:
        raise NotImplementedError

    def selections(self, v: V, code: str) -> list[Target]:
        """Every target a bet code takes (``[()]`` for a bet without one)."""
        return [()]

    def resolve(self, v: V, code: str, target: Target) -> Hashable:
        """The bet's key for :meth:`pays`; raises UnknownBetCode / InvalidSelection."""
        raise NotImplementedError

    def check_slip(self, v: V, bets: list[tuple[str, Hashable]]) -> None:
        """Refuse a slip whose bets do not go together (one bet per zone...); each bet was
        resolved already. Raises InvalidBet; nothing is placed."""

    def seat(self, v: V, bets: list[tuple[str, Hashable]]) -> list[Hashable]:
        """The keys of a slip's bets once they are placed together (a pick left open is given
        its stone); by default the keys as resolved."""
        return [key for _, key in bets]

    # -- the round -------------------------------------------------------------------------------

    def opening(self, v: V) -> St:
        raise NotImplementedError

    def opening_for(self, v: V, keys: list[Hashable]) -> St:
        """The opening stage of a round with these bets (seated); by default :meth:`opening`.
        The exact walker analyses :meth:`opening`: one bet of each code."""
        return self.opening(v)

    def chance(self, v: V, stage: St) -> Chance | None:
        raise NotImplementedError

    def advance(self, v: V, stage: St, value: int) -> St:
        raise NotImplementedError

    def decisions(self, v: V, stage: St) -> list[Decision]:
        return []

    def decide(self, v: V, stage: St, decision: Decision) -> St:
        raise IllegalAction(f"{self.game} takes no player decision")

    def refusal(self, v: V, stage: St, decision: Decision) -> str | None:
        """Why ``decision`` is not allowed now, when the show can say it more precisely than the
        list of the allowed ones (None: the engine's generic message)."""
        return None

    def stake_added(self, v: V, stage: St, decision: Decision, bet: Hashable) -> Fraction:
        """The stake ``decision`` adds to a bet mid-round, as a ratio of the bet's opening stake
        (0: none; Deal or No Deal's top-up spin adds one bet). The engine adds
        ``added_stake(opening stake, ratio)`` (rounded up) to the bet's stake; :meth:`pays` stays per unit of
        the opening stake (docs/shows.md, "Stakes added mid-round")."""
        return Fraction(0)

    def finished(self, v: V, stage: St) -> bool:
        raise NotImplementedError

    def pays(self, v: V, stage: St, bet: Hashable) -> tuple[Fraction, Fraction]:
        """(base, odds) of a bet on a finished stage: it returns ``base + scale * odds``."""
        raise NotImplementedError

    def scale(self, stage: St) -> Fraction:
        return Fraction(1)

    def unscaled(self, stage: St) -> St:
        return stage

    # -- the record ------------------------------------------------------------------------------

    def draw_data(self, v: V, stage: St, kind: str, value: int) -> dict[str, Any]:
        """What a draw event records besides its kind and value (the segment shown...)."""
        return {}

    def result(self, v: V, stage: St) -> dict[str, Any]:
        """The result event's data of a finished stage."""
        return {}

    def returns(self, v: V, stage: St, bet: Hashable) -> Fraction:
        base, odds = self.pays(v, stage, bet)
        return base + self.scale(stage) * odds


# -- the graph -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Edge:
    """From a node to ``to`` with probability ``p``, multiplying the scale by ``factor``;
    ``values`` are the draw values that take it (empty for a decision)."""

    p: Fraction
    factor: Fraction
    to: int
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Node:
    stage: Hashable
    chance: Chance | None
    edges: tuple[Edge, ...]

    @property
    def terminal(self) -> bool:
        return not self.edges


@dataclass(frozen=True, slots=True)
class Graph:
    """The chance tree folded on unscaled stages: node 0 is the opening."""

    nodes: tuple[Node, ...]

    @property
    def terminals(self) -> list[int]:
        return [i for i, n in enumerate(self.nodes) if n.terminal]


def build_graph(show: Show[V, St], v: V, rule: Rule | None = None, limit: int = 200_000) -> Graph:
    """Walk every draw (one value per class) and decision (``rule``'s choice) from the opening."""
    first = show.unscaled(show.opening(v))
    index: dict[Hashable, int] = {first: 0}
    order: list[Any] = [first]
    out: list[Node] = []
    i = 0
    while i < len(order):
        stage = order[i]
        i += 1
        if show.finished(v, stage):
            out.append(Node(stage, None, ()))
            continue
        ch = show.chance(v, stage)
        moves: list[tuple[Fraction, Any, tuple[int, ...]]] = []
        if ch is not None:
            for vals in ch.members():
                moves.append((Fraction(len(vals), ch.n), show.advance(v, stage, vals[0]), vals))
        else:
            legal = show.decisions(v, stage)
            if not legal:
                raise IllegalAction(f"{show.game}: a stage waits for neither a draw nor a decision")
            if rule is None:
                raise IllegalAction(f"{show.game}: a stage waits for a decision and no rule was given")
            moves.append((Fraction(1), show.decide(v, stage, rule(v, stage, legal)), ()))
        merged: dict[tuple[int, Fraction], tuple[Fraction, tuple[int, ...]]] = {}
        for p, nxt, vals in moves:
            key = show.unscaled(nxt)
            j = index.get(key)
            if j is None:
                if len(order) >= limit:
                    raise IllegalAction(f"{show.game}: the chance tree has more than {limit} stages")
                j = index[key] = len(order)
                order.append(key)
            f = show.scale(nxt)
            q, vs = merged.get((j, f), (Fraction(0), ()))
            merged[(j, f)] = (q + p, vs + vals)
        edges = tuple(Edge(p, f, j, vals) for (j, f), (p, vals) in merged.items())
        out.append(Node(stage, ch, edges))
    return Graph(tuple(out))


# -- exact moments ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ending:
    """A finished stage reached from the opening: probability ``p`` and the partial moments
    ``m1 = E[scale; end here]``, ``m2 = E[scale**2; end here]``; ``max_scale`` is the largest
    scale it is reached with (None: no bound)."""

    node: int
    p: Fraction
    m1: Fraction
    m2: Fraction
    max_scale: Fraction | None


def _sccs(graph: Graph) -> list[list[int]]:
    """Strongly connected components, each after every component it leads to (Tarjan)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on: set[int] = set()
    out: list[list[int]] = []
    counter = 0
    for root in range(len(graph.nodes)):
        if root in index:
            continue
        work: list[tuple[int, int]] = [(root, 0)]
        while work:
            u, k = work.pop()
            if k == 0:
                index[u] = low[u] = counter
                counter += 1
                stack.append(u)
                on.add(u)
            edges = graph.nodes[u].edges
            if k < len(edges):
                work.append((u, k + 1))
                w = edges[k].to
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[u] = min(low[u], index[w])
                continue
            for e in edges:
                if e.to in on:
                    low[u] = min(low[u], low[e.to])
            if low[u] == index[u]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == u:
                        break
                out.append(comp)
    return out


Vec = dict[int, Fraction]


def _solve(rows: list[tuple[dict[int, Fraction], Vec]], unknowns: list[int]) -> dict[int, Vec]:
    """Solve ``x_u - sum_w a[u][w] x_w = b_u`` (vectors over terminals) by Gauss-Jordan."""
    pos = {u: k for k, u in enumerate(unknowns)}
    m = [[Fraction(0)] * len(unknowns) for _ in unknowns]
    rhs: list[Vec] = []
    for k, (a, b) in enumerate(rows):
        m[k][k] += 1
        for w, coef in a.items():
            m[k][pos[w]] -= coef
        rhs.append(dict(b))
    n = len(unknowns)
    for c in range(n):
        piv = next((r for r in range(c, n) if m[r][c] != 0), None)
        if piv is None:
            raise ArithmeticError("the bonus tree never ends: a stage loops with probability 1, "
                                  "or a moment of the stacked multiplier is infinite")
        m[c], m[piv] = m[piv], m[c]
        rhs[c], rhs[piv] = rhs[piv], rhs[c]
        inv = 1 / m[c][c]
        m[c] = [x * inv for x in m[c]]
        rhs[c] = {t: x * inv for t, x in rhs[c].items()}
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
                for t, x in rhs[c].items():
                    rhs[r][t] = rhs[r].get(t, Fraction(0)) - f * x
    return {u: rhs[pos[u]] for u in unknowns}


def moments(graph: Graph) -> list[Ending]:
    """Exact probability and scale moments of every finished stage, over the whole tree."""
    comps = _sccs(graph)
    value: list[dict[int, Vec]] = [{}, {}, {}]   # power -> node -> terminal -> moment
    bound: dict[int, dict[int, Fraction | None]] = {}  # node -> terminal -> max scale
    for comp in comps:
        members = set(comp)
        if len(comp) == 1 and graph.nodes[comp[0]].terminal:
            t = comp[0]
            for e in range(3):
                value[e][t] = {t: Fraction(1)}
            bound[t] = {t: Fraction(1)}
            continue
        cyclic = len(comp) > 1 or any(ed.to in members for ed in graph.nodes[comp[0]].edges)
        grows = cyclic and any(ed.factor > 1 for u in comp for ed in graph.nodes[u].edges
                               if ed.to in members)
        for e in range(3):
            rows = []
            for u in comp:
                a: dict[int, Fraction] = {}
                b: Vec = {}
                for ed in graph.nodes[u].edges:
                    c = ed.p * ed.factor ** e
                    if ed.to in members:
                        a[ed.to] = a.get(ed.to, Fraction(0)) + c
                    else:
                        for t, x in value[e][ed.to].items():
                            b[t] = b.get(t, Fraction(0)) + c * x
                rows.append((a, b))
            value[e].update(_solve(rows, comp) if cyclic else {comp[0]: rows[0][1]})
        # the largest scale: along edges leaving the component (inside it the factors are 1
        # unless the component grows without a bound)
        for u in comp:
            best: dict[int, Fraction | None] = {}
            for w in comp:
                for ed in graph.nodes[w].edges:
                    if ed.to in members:
                        continue
                    for t, s in bound[ed.to].items():
                        new = None if grows or s is None else ed.factor * s
                        old = best.get(t, Fraction(0))
                        best[t] = None if old is None or new is None else max(old, new)
            bound[u] = best
    root = 0
    return [Ending(t, value[0][root][t], value[1][root].get(t, Fraction(0)),
                   value[2][root].get(t, Fraction(0)), bound[root][t])
            for t in sorted(value[0][root]) if value[0][root][t] != 0]


@dataclass(frozen=True, slots=True)
class Figures:
    """Exact figures of one bet (one selection) per unit staked."""

    rtp: Fraction
    second: Fraction      # E[return**2]
    hit: Fraction         # P(return > stake), taking every scale >= 1
    max_return: Fraction  # UNBOUNDED when the stacked scale has no bound

    @property
    def variance(self) -> Fraction:
        return self.second - self.rtp ** 2


def bet_figures(show: Show[V, St], v: V, graph: Graph, ends: Sequence[Ending], bet: Hashable) -> Figures:
    rtp = second = hit = Fraction(0)
    top: Fraction | None = Fraction(0)
    for e in ends:
        base, odds = show.pays(v, cast(St, graph.nodes[e.node].stage), bet)
        rtp += base * e.p + odds * e.m1
        second += base * base * e.p + 2 * base * odds * e.m1 + odds * odds * e.m2
        if base + odds > 1:
            hit += e.p
        if top is not None:
            if e.max_scale is None and odds > 0:
                top = None
            else:
                top = max(top, base + odds * (e.max_scale or 0))
    return Figures(rtp, second, hit, UNBOUNDED if top is None else top)


def bet_rtp(show: Show[V, St], v: V, rule: Rule | None = None, note: str = "",
            graph: Graph | None = None) -> list[BetRTP]:
    """Every bet code's exact :class:`BetRTP` (the lowest over its selections, like
    :func:`croupier.games.maths.summarize`)."""
    g = build_graph(show, v, rule) if graph is None else graph
    ends = moments(g)
    out = []
    for code in show.bet_codes(v):
        figs = [bet_figures(show, v, g, ends, show.resolve(v, code, t)) for t in show.selections(v, code)]
        worst = min(figs, key=lambda f: f.rtp)
        tops = [f.max_return for f in figs]
        out.append(BetRTP(
            bet=code, rtp=worst.rtp, rtp_max=max(f.rtp for f in figs), selections=len(figs),
            hit_frequency=worst.hit, variance=worst.variance,
            max_return=UNBOUNDED if UNBOUNDED in tops else max(tops), note=note,
        ))
    return out
