"""The domino match engine (000 §12.12.2: Classic, Fives, Threes, Block) on the seated-engine
contract of :mod:`croupier.games.base`.

One round is one **match** of hands until a player's score reaches the table's target; the winner
takes the fund less the rake. Chance: a ``deal`` draw per hand (an index into the ordered deals
of ``2 × hand`` bones from the 28, decoded as poker deals are: the first ``hand`` bones to the
first seat), and a ``draw`` draw (an index into the Reserve) each time a player who cannot play
must draw (000 §12.12.2 Classic). A player with no playable bone and nothing to draw passes
automatically; when both have passed the hand is **blocked**.

Decisions, each with ``{"seat": n}``: ``play`` ``{"bone": [a, b], "end": k}`` (``k`` indexes the
open ends, ``state.layout.ends``; the first step of a hand has no ``end`` and must be the bone the
first-step rule names); ``resign`` at any time. The house's (``{"seat": "house"}``): ``time_out``
``{"player": seat}`` (ASSUMPTION: the player whose step time ran out loses) and ``void``.
Every ASSUMPTION: docs/pvp_games.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.domino.layout import (
    BONES,
    Bone,
    Layout,
    bone_key,
    double_rank,
    ends_sum,
    fits,
    nearest_multiple,
    pips,
    place,
)
from croupier.games.pvp.domino.state import MatchState, TableSetup, setup_from_record
from croupier.games.pvp.domino.variant import DominoVariant
from croupier.games.pvp.match import (
    VOID,
    FundMatchEngine,
    add_event,
    replay_record,
)
from croupier.games.pvp.poker.state import HandSettlement, deal_count, decode_deal

__all__ = ["ENGINE", "DominoEngine", "MatchState", "TableSetup", "first_step", "replay_match"]

HOUSE: Final = "house"




def first_step(hands: Sequence[Sequence[Bone]]) -> tuple[int, Bone]:
    """000 §12.12.2 First step: the lowest double (from 1:1; 0:0 last, ASSUMPTION) goes first and
    must be played; without doubles, the lowest bone."""
    doubles = [(double_rank(b), i, b) for i, h in enumerate(hands) for b in h if b[0] == b[1]]
    if doubles:
        _, i, b = min(doubles)
        return i, b
    _, i, b = min((bone_key(b), i, b) for i, h in enumerate(hands) for b in h)
    return i, b


def remaining(v: DominoVariant, hand: Sequence[Bone]) -> int:
    """A hand's remaining points: its pips; a lone 0:0 counts 25 in Fives and Threes."""
    if len(hand) == 1 and hand[0] == (0, 0) and v.lone_double_blank:
        return v.lone_double_blank
    return sum(pips(b) for b in hand)


class DominoEngine(FundMatchEngine[MatchState]):
    """Domino matches for two players. Stateless."""

    game = "pvp_domino"
    table_name = "domino"

    def start(self, variant: DominoVariant, setup: TableSetup, currency: str) -> MatchState:
        head = self.opening(variant, setup, currency)
        if setup.target not in variant.targets:
            raise VariantError(f"{variant.title}: the score to win is one of "
                               f"{', '.join(map(str, variant.targets))} (000 §12.12.2), got {setup.target!r}")
        return MatchState(variant, setup, currency, "deal", ((), ()), (), Layout(), None, 0, 0,
                          (0, 0), 1, -1, (head,))

    # -- chance -----------------------------------------------------------------------------------

    def next_draw(self, s: MatchState) -> DrawRequest | None:
        if s.phase == "deal":
            return DrawRequest("deal", deal_count(len(BONES), 2 * s.variant.hand))
        if s.phase == "draw":
            return DrawRequest("draw", len(s.reserve))
        return None

    def _deal(self, s: MatchState, value: int) -> MatchState:
        k = s.variant.hand
        picked, rest_idx = decode_deal(range(len(BONES)), 2 * k, value)
        bones = [BONES[j] for j in picked]
        rest = [BONES[j] for j in rest_idx]
        hands = (tuple(sorted(bones[:k])), tuple(sorted(bones[k:])))
        first, bone = first_step(hands)
        events = add_event(s.events, "draw", {"kind": "deal", "value": value})
        events = add_event(events, "dealt", {"hand": s.hand_no, "hands": [
            [s.seat(i), [list(b) for b in hands[i]]] for i in (0, 1)],
            "first": s.seat(first), "bone": list(bone)})
        return s._replace(phase="play", hands=hands, reserve=tuple(rest), layout=Layout(),
                          required=bone, player=first, passes=0, events=events)

    def _draw(self, s: MatchState, value: int) -> MatchState:
        bone = s.reserve[value]
        hands = list(s.hands)
        hands[s.player] = tuple(sorted(hands[s.player] + (bone,)))
        reserve = s.reserve[:value] + s.reserve[value + 1:]
        events = add_event(s.events, "draw", {"kind": "draw", "value": value})
        events = add_event(events, "drew", {"seat": s.seat(s.player), "bone": list(bone)})
        s = s._replace(hands=(hands[0], hands[1]), reserve=reserve, events=events)
        return self._turn(s)

    # -- whose step, what may be played -----------------------------------------------------------

    def plays(self, s: MatchState, i: int) -> list[tuple[Bone, int | None]]:
        """Player ``i``'s legal plays: (bone, end index), or the first step's bone with None."""
        if s.required is not None:
            return [(s.required, None)] if s.required in s.hands[i] else []
        return [(b, k) for b in s.hands[i] for k, e in enumerate(s.layout.ends) if fits(b, e)]

    def to_act(self, s: MatchState) -> int | None:
        return s.seat(s.player) if s.phase == "play" else None

    def legal_actions(self, s: MatchState) -> list[Decision]:
        if s.phase != "play":
            return []
        seat = s.seat(s.player)
        return [Decision("play", {"seat": seat, "bone": list(b)} if k is None
                         else {"seat": seat, "bone": list(b), "end": k})
                for b, k in self.plays(s, s.player)]

    def is_finished(self, s: MatchState) -> bool:
        return s.phase == "done"

    def _turn(self, s: MatchState) -> MatchState:
        """The player to step plays if he can; else draws (Classic, Fives, Threes) or passes."""
        while True:
            if self.plays(s, s.player):
                return s._replace(phase="play")
            if s.variant.draws and s.reserve:
                return s._replace(phase="draw")
            s = s._replace(passes=s.passes + 1, events=add_event(s.events, "passed", {"seat": s.seat(s.player)}))
            if s.passes >= 2:
                return self._hand_over(s, blocked=True)
            s = s._replace(player=1 - s.player)

    # -- applying an action -----------------------------------------------------------------------

    def apply(self, s: MatchState, action: DrawAction | Decision) -> MatchState:
        if s.phase == "done":
            raise RoundFinished("the match is over")
        if isinstance(action, DrawAction):
            kind, value = self.drawn(s, action)
            return self._deal(s, value) if kind == "deal" else self._draw(s, value)
        if not isinstance(action, Decision):
            raise IllegalAction(f"not an action: {action!r}")
        name, args = action.name, action.args
        seat = args.get("seat")
        events = add_event(s.events, "decision", {"name": name, "args": dict(args)})
        if seat == HOUSE:
            if name == "void":
                return self._close(s._replace(events=events), VOID, "void")
            if name == "time_out":
                player = args.get("player")
                if s.phase not in ("play", "move") or player != s.seat(s.player):
                    raise IllegalAction(f"only the player to move can run out of time, not {player!r}")
                return self._close(s._replace(events=events), 1 - (s.player), "time_out")
            raise IllegalAction(f"the house may time_out or void, not {name!r}")
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not at this table")
        i = s.setup.seats.index(seat)
        if name == "resign":
            return self._close(s._replace(events=events), 1 - i, "resigned")
        if s.phase != "play":
            raise IllegalAction("the bones are being dealt or drawn: wait for your turn")
        if i != s.player:
            raise IllegalAction(f"out of turn: seat {s.seat(s.player)} is to play, not seat {seat}")
        if name != "play":
            raise IllegalAction(f"play a bone, not {name!r}")
        bone, end = self._check_play(s, args)
        return self._play(s._replace(events=events), bone, end)

    def _check_play(self, s: MatchState, args: Mapping[str, Any]) -> tuple[Bone, int | None]:
        raw = args.get("bone")
        if (not isinstance(raw, (list, tuple)) or len(raw) != 2 or not all(type(x) is int for x in raw)
                or not all(0 <= x <= 6 for x in raw)):
            raise IllegalAction(f"a bone is [a, b] with 0..6, got {raw!r}")
        bone = (min(raw), max(raw))
        if bone not in s.hands[s.player]:
            raise IllegalAction(f"you do not hold {bone[0]}:{bone[1]}")
        end = args.get("end")
        if s.required is not None:
            if bone != s.required:
                r = s.required
                raise IllegalAction(f"the first step must be {r[0]}:{r[1]} (000 §12.12.2 First step)")
            if end is not None:
                raise IllegalAction("the first bone starts the line: no 'end'")
            return bone, None
        ends = s.layout.ends
        if type(end) is not int or not 0 <= end < len(ends):
            raise IllegalAction(f"'end' is an open end 0..{len(ends) - 1}, got {end!r}")
        if not fits(bone, ends[end]):
            raise IllegalAction(f"{bone[0]}:{bone[1]} does not match end {end} ({ends[end].value})")
        return bone, end

    def _play(self, s: MatchState, bone: Bone, end: int | None) -> MatchState:
        v = s.variant
        i = s.player
        layout = place(s.layout, bone, end)
        hands = list(s.hands)
        hands[i] = tuple(b for b in hands[i] if b != bone)
        score = list(s.score)
        gained = 0
        if v.scoring == "ends":
            total = ends_sum(layout)
            if total and total % v.multiple == 0:
                gained = total if v.points_per == "sum" else total // v.multiple
                score[i] += gained
        s = s._replace(layout=layout, hands=(hands[0], hands[1]), required=None, passes=0,
                       score=(score[0], score[1]), events=add_event(s.events, "played", {
                           "seat": s.seat(i), "bone": list(bone), "end": end,
                           "ends": [[e.value, e.double, e.empty_spur] for e in layout.ends],
                           "scored": gained, "score": score}))
        if score[i] >= s.setup.target:
            return self._close(s, i, "score")
        if not hands[i]:
            return self._hand_over(s, blocked=False)
        return self._turn(s._replace(player=1 - i))

    # -- the end of a hand and of the match -------------------------------------------------------

    def _hand_over(self, s: MatchState, blocked: bool) -> MatchState:
        v = s.variant
        left = [remaining(v, h) for h in s.hands]
        if not blocked:
            w = 0 if not s.hands[0] else 1
        elif left[0] != left[1]:
            w = 0 if left[0] < left[1] else 1
        else:  # 000 §12.12.2: equal points, the lowest bone wins
            w = min((bone_key(b), i) for i in (0, 1) for b in s.hands[i])[1]
        opp = left[1 - w]
        base = opp - left[w] if blocked and v.block_award == "difference" else opp
        extra = sum(pips(b) for b in s.reserve) if s.setup.winner_gets_all else 0
        if extra:
            base = opp + extra  # Winner Gets All: the opponent's points plus the Reserve
        award = nearest_multiple(base, v.round_to)
        score = list(s.score)
        score[w] += award
        s = s._replace(score=(score[0], score[1]), events=add_event(s.events, "hand_over", {
            "hand": s.hand_no, "winner": s.seat(w), "blocked": blocked,
            "remaining": [[s.seat(k), left[k]] for k in (0, 1)], "award": award, "score": score}))
        if score[w] >= s.setup.target:
            return self._close(s, w, "score")
        return s._replace(phase="deal", hands=((), ()), reserve=(), layout=Layout(), required=None,
                          passes=0, hand_no=s.hand_no + 1)




def replay_match(engine: DominoEngine, variant: DominoVariant, events: Sequence[Event]) -> HandSettlement:
    return replay_record(engine, variant, events, setup_from_record)


ENGINE: Final = DominoEngine()
