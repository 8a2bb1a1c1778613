"""The Toto11 match engine (000 §12.12.4) on the seated-engine contract of
:mod:`croupier.games.base`.

Chance: a ``start`` draw (an ordered pair of cards: one each, the higher starts; A low, K high;
a tie is drawn again), then per round a ``deal`` draw of 12 cards from a fresh 52 (the first
seat's 4, the second's 4, the table's 4) and a ``deal`` draw of 8 (4 each) whenever both hands are
empty and cards are left. Decisions with ``{"seat": n}``: ``play`` ``{"card": c}`` (lay it) or
``{"card": c, "take": [table cards]}`` (capture); ``resign`` at any time; the house's
``time_out`` ``{"player": seat}`` (the player to act loses: ASSUMPTION) and ``void``. Cards are
``rank * 4 + suit`` (clubs 0, diamonds 1). Every ASSUMPTION: docs/pvp_games.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final, cast

from croupier.cards.card import name as card_name
from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.match import (
    FundMatchEngine,
    add_event,
    replay_record,
)
from croupier.games.pvp.poker.state import HandSettlement, deal_count, decode_deal
from croupier.games.pvp.toto11.state import MatchState, TableSetup, setup_from_record
from croupier.games.pvp.toto11.variant import Toto11Variant

__all__ = ["ENGINE", "MatchState", "TableSetup", "Toto11Engine", "captures", "replay_match",
           "round_points"]

HOUSE: Final = "house"
DECK: Final = tuple(range(8, 60))
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
CLUBS, DIAMONDS = 0, 1




def start_rank(c: int) -> int:
    """000 §12.12.4 Who starts: A (1), 2 ... 10, J, Q, K."""
    r = c // 4
    return 1 if r == ACE else r


def value(v: Toto11Variant, c: int) -> int | None:
    """A card's value toward 11: A = 1, 2..10 at face; J, Q, K none (ASSUMPTION)."""
    r = c // 4
    if r == ACE:
        return v.ace
    return r if r <= 10 else None


def captures(v: Toto11Variant, card: int, table: Sequence[int]) -> list[tuple[int, ...]]:
    """Every set of table cards ``card`` may take (000 §12.12.4 Moves 1–3)."""
    r = card // 4
    if r == JACK:
        takes = tuple(sorted(c for c in table if c // 4 not in (QUEEN, KING)))
        return [takes] if takes else []
    if r in (QUEEN, KING):
        return [(c,) for c in sorted(table) if c // 4 == r]
    need = v.sum - cast(int, value(v, card))
    counted = sorted(c for c in table if value(v, c) is not None)
    out: list[tuple[int, ...]] = []
    for k in range(1, len(counted) + 1):
        for combo in combinations(counted, k):
            if sum(cast(int, value(v, c)) for c in combo) == need:
                out.append(combo)
    return out


def plays(v: Toto11Variant, hand: Sequence[int], table: Sequence[int]) -> Iterator[tuple[int, tuple[int, ...] | None]]:
    """(card, take) for a capture, (card, None) to lay a card that can capture nothing (000
    §12.12.4 Moves 4: "with which none of the above steps can be made")."""
    for card in sorted(hand):
        options = captures(v, card, table)
        if options:
            for take in options:
                yield card, take
        else:
            yield card, None


def round_points(v: Toto11Variant, pile: Sequence[int], soors: int) -> int:
    """000 §12.12.4 Points: Aces, Jacks, 10♦, 2♣, 7+ clubs, Soors."""
    pts = sum(v.ace_points for c in pile if c // 4 == ACE)
    pts += sum(v.jack_points for c in pile if c // 4 == JACK)
    pts += v.ten_of_diamonds if 10 * 4 + DIAMONDS in pile else 0
    pts += v.two_of_clubs if 2 * 4 + CLUBS in pile else 0
    pts += v.clubs_bonus if sum(1 for c in pile if c % 4 == CLUBS) >= v.clubs_needed else 0
    return pts + v.soor * soors


class Toto11Engine(FundMatchEngine[MatchState]):
    """Toto11 matches for two players. Stateless."""

    game = "pvp_toto11"
    table_name = "Toto11"

    def start(self, variant: Toto11Variant, setup: TableSetup, currency: str) -> MatchState:
        head = self.opening(variant, setup, currency)
        if setup.target not in variant.targets:
            raise VariantError(f"the game score is {' or '.join(map(str, variant.targets))} points (000 §12.12.4), got {setup.target!r}")
        return MatchState(variant, setup, currency, "start", -1, -1, DECK, ((), ()), (), ((), ()),
                          (0, 0), (0, 0), -1, (0, 0), (0, 0), 1, -1, (head,))

    # -- chance -----------------------------------------------------------------------------------

    def next_draw(self, s: MatchState) -> DrawRequest | None:
        if s.phase == "start":
            return DrawRequest("start", deal_count(len(DECK), 2))
        if s.phase == "deal":
            k = 2 * s.variant.hand + (s.variant.table if len(s.deck) == len(DECK) else 0)
            return DrawRequest("deal", deal_count(len(s.deck), k))
        return None

    def _chance(self, s: MatchState, kind: str, value_: int) -> MatchState:
        v = s.variant
        events = add_event(s.events, "draw", {"kind": kind, "value": value_})
        if kind == "start":
            (a, b), _ = decode_deal(DECK, 2, value_)
            again = start_rank(a) == start_rank(b)
            events = add_event(events, "start_cards", {"cards": [[s.seat(0), a], [s.seat(1), b]], "again": again})
            if again:
                return s._replace(events=events)
            first = 0 if start_rank(a) > start_rank(b) else 1
            return s._replace(phase="deal", starter=first, events=add_event(events, "starts", {"seat": s.seat(first)}))
        fresh = len(s.deck) == len(DECK)
        k = 2 * v.hand + (v.table if fresh else 0)
        cards, deck = decode_deal(s.deck, k, value_)
        h0, h1 = tuple(cards[:v.hand]), tuple(cards[v.hand:2 * v.hand])
        table = s.table + tuple(cards[2 * v.hand:])
        events = add_event(events, "dealt", {"hands": [[s.seat(0), list(h0)], [s.seat(1), list(h1)]],
                                       "table": list(cards[2 * v.hand:])})
        return s._replace(phase="play", deck=deck, hands=(h0, h1), table=table, player=s.starter,
                          events=events)

    # -- decisions --------------------------------------------------------------------------------

    def to_act(self, s: MatchState) -> int | None:
        return s.seat(s.player) if s.phase == "play" else None

    def legal_actions(self, s: MatchState) -> list[Decision]:
        if s.phase != "play":
            return []
        seat = s.seat(s.player)
        return [Decision("play", {"seat": seat, "card": c} if take is None
                         else {"seat": seat, "card": c, "take": list(take)})
                for c, take in plays(s.variant, s.hands[s.player], s.table)]

    def is_finished(self, s: MatchState) -> bool:
        return s.phase == "done"

    def apply(self, s: MatchState, action: DrawAction | Decision) -> MatchState:
        if s.phase == "done":
            raise RoundFinished("the match is over")
        if isinstance(action, DrawAction):
            return self._chance(s, *self.drawn(s, action))
        if not isinstance(action, Decision):
            raise IllegalAction(f"not an action: {action!r}")
        name, args = action.name, action.args
        seat = args.get("seat")
        events = add_event(s.events, "decision", {"name": name, "args": dict(args)})
        if seat == HOUSE:
            return self.house_decision(s._replace(events=events), name, args, s.player if s.phase == "play" else -1)
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not at this table")
        i = s.setup.seats.index(seat)
        if name == "resign":
            return self._close(s._replace(events=events), 1 - i, "resigned")
        if s.phase != "play":
            raise IllegalAction("the cards are being dealt: wait for your turn")
        if i != s.player:
            raise IllegalAction(f"out of turn: seat {s.seat(s.player)} is to play, not seat {seat}")
        if name != "play":
            raise IllegalAction(f"play a card, not {name!r}")
        card = args.get("card")
        if type(card) is not int or card not in s.hands[i]:
            raise IllegalAction(f"you do not hold card {card!r}")
        options = captures(s.variant, card, s.table)
        raw = args.get("take")
        if raw is None:
            if options:
                raise IllegalAction(f"{card_name(card)} can capture: it may not be laid (000 §12.12.4 Moves 4)")
            return self._lay(s._replace(events=events), i, card)
        if not isinstance(raw, (list, tuple)) or not all(type(c) is int for c in raw):
            raise IllegalAction(f"'take' lists table cards, got {raw!r}")
        take = tuple(sorted(raw))
        if take not in options:
            raise IllegalAction(f"{card_name(card)} cannot take {' '.join(card_name(c) for c in take) or 'nothing'}"
                                f" (000 §12.12.4 Moves 1-3)")
        return self._capture(s._replace(events=events), i, card, take)

    def _lay(self, s: MatchState, i: int, card: int) -> MatchState:
        hands = list(s.hands)
        hands[i] = tuple(c for c in hands[i] if c != card)
        s = s._replace(hands=(hands[0], hands[1]), table=s.table + (card,),
                       events=add_event(s.events, "laid", {"seat": s.seat(i), "card": card}))
        return self._next(s)

    def _capture(self, s: MatchState, i: int, card: int, take: tuple[int, ...]) -> MatchState:
        v = s.variant
        hands = list(s.hands)
        hands[i] = tuple(c for c in hands[i] if c != card)
        table = tuple(c for c in s.table if c not in take)
        piles = list(s.piles)
        piles[i] = piles[i] + (card,) + take
        soor = (not table and card // 4 != JACK and bool(s.deck)
                and s.soors_total[i] < v.soor_max
                and not (s.setup.target > 1 and s.round_start_score[i] >= v.soor_until))
        soors, total = list(s.soors), list(s.soors_total)
        if soor:
            soors[i] += 1
            total[i] += 1
        s = s._replace(hands=(hands[0], hands[1]), table=table, piles=(piles[0], piles[1]),
                       soors=(soors[0], soors[1]), soors_total=(total[0], total[1]), last_capture=i,
                       events=add_event(s.events, "captured", {"seat": s.seat(i), "card": card,
                                                         "take": list(take), "soor": soor}))
        return self._next(s)

    def _next(self, s: MatchState) -> MatchState:
        if s.hands[0] or s.hands[1]:
            return s._replace(player=1 - s.player)
        if s.deck:
            return s._replace(phase="deal")
        return self._round_over(s)

    def _round_over(self, s: MatchState) -> MatchState:
        v = s.variant
        piles = list(s.piles)
        if s.table and s.last_capture >= 0:  # the last capturer takes the rest (ASSUMPTION)
            piles[s.last_capture] = piles[s.last_capture] + s.table
        pts = [round_points(v, piles[k], s.soors[k]) for k in (0, 1)]
        score = [s.score[k] + pts[k] for k in (0, 1)]
        s = s._replace(piles=(piles[0], piles[1]), table=(), score=(score[0], score[1]),
                       events=add_event(s.events, "round_over", {
                           "round": s.round, "points": [[s.seat(k), pts[k]] for k in (0, 1)],
                           "soors": list(s.soors), "score": score}))
        target = s.setup.target
        if max(score) >= target and score[0] != score[1]:
            return self._close(s, 0 if score[0] > score[1] else 1, "score")
        return s._replace(phase="deal", starter=1 - s.starter, deck=DECK, hands=((), ()),
                          piles=((), ()), soors=(0, 0), last_capture=-1,
                          round_start_score=(score[0], score[1]), round=s.round + 1)




def replay_match(engine: Toto11Engine, variant: Toto11Variant, events: Sequence[Event]) -> HandSettlement:
    return replay_record(engine, variant, events, setup_from_record)


ENGINE: Final = Toto11Engine()
