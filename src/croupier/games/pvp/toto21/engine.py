"""The Toto 21 match engine (000 §12.11) on the seated-engine contract of
:mod:`croupier.games.base`.

One round of the contract is one **match** of rounds until a player reaches the table's points.
Chance: a ``role`` draw (0/1: the first or second seat is the dealer; every round, or once a
match, as the variant says), a ``deal`` draw (an index into the ordered 4-card deals of a fresh
36-card deck, poker's codec: player, dealer, player, dealer) and a ``card`` draw (an index into
the cards left) for every hit. The player (the non-dealer) moves first: ``hit`` while under 21,
``stand``, or ``blind`` (Blind Card tables: one face-down card, then the move passes); at 21 or
over his turn ends by itself. Then the dealer, a human, hits or stands the same way. Decisions
carry ``{"seat": n}``; ``resign`` at any time; the house's ``void``. Closed game changes only
what each player is shown (the record is the full server-side one; the platform hides the cards).
Every ASSUMPTION: docs/pvp_games.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.match import (
    VOID,
    FundMatchEngine,
    add_event,
    replay_record,
)
from croupier.games.pvp.poker.state import HandSettlement, deal_count, decode_deal
from croupier.games.pvp.toto21.state import MatchState, TableSetup, setup_from_record
from croupier.games.pvp.toto21.variant import ACE, Toto21Variant

__all__ = ["ENGINE", "MatchState", "TableSetup", "Toto21Engine", "replay_match"]

HOUSE: Final = "house"




def fresh_deck(v: Toto21Variant) -> tuple[int, ...]:
    """Every card of the variant's ranks (36 for 6..A), ``decks`` times."""
    one = tuple(rank * 4 + suit for rank in sorted(v.values) for suit in range(4))
    return one * v.decks


class Toto21Engine(FundMatchEngine[MatchState]):
    """Toto 21 matches for two players. Stateless."""

    game = "pvp_toto21"
    table_name = "Toto 21"

    def start(self, variant: Toto21Variant, setup: TableSetup, currency: str) -> MatchState:
        head = self.opening(variant, setup, currency)
        if setup.target not in variant.targets:
            raise VariantError(f"the points to win are {', '.join(map(str, variant.targets))} (000 §12.11), got {setup.target!r}")
        return MatchState(variant, setup, currency, "role", -1, -1, (), ((), ()), -1, 0, (0, 0),
                          1, -1, (head,))

    # -- chance -----------------------------------------------------------------------------------

    def next_draw(self, s: MatchState) -> DrawRequest | None:
        if s.phase == "role":
            return DrawRequest("role", 2)
        if s.phase == "deal":
            return DrawRequest("deal", deal_count(len(fresh_deck(s.variant)), 4))
        if s.phase in ("card", "blind_card"):
            return DrawRequest("card", len(s.deck))
        return None

    def _chance(self, s: MatchState, kind: str, value: int) -> MatchState:
        events = add_event(s.events, "draw", {"kind": kind, "value": value})
        if kind == "role":
            # 000 §12.11 Flow 1: the system makes one player the dealer at random
            return s._replace(phase="deal", dealer=value, events=add_event(
                events, "roles", {"dealer": s.seat(value), "player": s.seat(1 - value)}))
        if kind == "deal":
            cards, deck = decode_deal(fresh_deck(s.variant), 4, value)
            p, d = s.player, s.dealer
            hands: list[tuple[int, ...]] = [(), ()]
            hands[p] = (cards[0], cards[2])
            hands[d] = (cards[1], cards[3])
            s = s._replace(deck=deck, cards=(hands[0], hands[1]), blind=-1, events=add_event(
                events, "dealt", {"round": s.round, "cards": [[s.seat(i), list(hands[i])] for i in (0, 1)]}))
            return self._after_deal(s)
        card = s.deck[value]
        deck = s.deck[:value] + s.deck[value + 1:]
        i = s.actor
        hands = list(s.cards)
        hands[i] = hands[i] + (card,)
        blind = card if s.phase == "blind_card" else s.blind
        s = s._replace(deck=deck, cards=(hands[0], hands[1]), blind=blind, events=add_event(
            events, "card", {"seat": s.seat(i), "card": card, "face_up": s.phase != "blind_card"}))
        total = s.variant.total(hands[i])
        if s.phase == "blind_card" or total >= 21:
            return self._end_turn(s._replace(phase="play"))
        return s._replace(phase="play")

    def _after_deal(self, s: MatchState) -> MatchState:
        p, d = s.player, s.dealer
        aces = [sum(1 for c in h if c // 4 == ACE) for h in s.cards]
        if aces[p] == 2:
            # 000 §12.11 Flow 6, golden point: the player's two Aces win, unless the dealer's too
            return self._round_over(s, d if aces[d] == 2 else p, "golden_point")
        s = s._replace(phase="play", actor=p)
        if s.variant.total(s.cards[p]) >= 21:  # a dealt 21: the player has nothing to decide
            return self._end_turn(s)
        return s

    def _end_turn(self, s: MatchState) -> MatchState:
        if s.actor == s.player:
            d = s.dealer
            if s.variant.total(s.cards[d]) >= 21:  # a dealt 21 (or more) has nothing to decide
                return self._resolve(s)
            return s._replace(actor=d)
        return self._resolve(s)

    # -- decisions --------------------------------------------------------------------------------

    def to_act(self, s: MatchState) -> int | None:
        return s.seat(s.actor) if s.phase == "play" else None

    def legal_actions(self, s: MatchState) -> list[Decision]:
        if s.phase != "play":
            return []
        seat = {"seat": s.seat(s.actor)}
        out = [Decision("hit", seat), Decision("stand", seat)]
        if s.actor == s.player and s.setup.blind_card and s.blind < 0:
            out.append(Decision("blind", seat))
        return out

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
            if name == "void":
                return self._close(s._replace(events=events), VOID, "void")
            raise IllegalAction(f"the house may void, not {name!r}")
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not at this table")
        i = s.setup.seats.index(seat)
        if name == "resign":
            return self._close(s._replace(events=events), 1 - i, "resigned")
        if s.phase != "play":
            raise IllegalAction("the cards are being dealt: wait for your turn")
        if i != s.actor:
            raise IllegalAction(f"out of turn: seat {s.seat(s.actor)} is to act, not seat {seat}")
        s = s._replace(events=events)
        if name == "hit":
            return s._replace(phase="card")
        if name == "stand":
            return self._end_turn(s)
        if name == "blind":
            if i != s.player or not s.setup.blind_card:
                raise IllegalAction("the Blind Card is the player's only, at tables created with it (000 §12.11)")
            if s.blind >= 0:
                raise IllegalAction("the Blind Card was used this round")
            return s._replace(phase="blind_card")
        raise IllegalAction(f"hit, stand{' or blind' if i == s.player and s.setup.blind_card else ''}, not {name!r}")

    # -- the end of a round and of the match ------------------------------------------------------

    def _resolve(self, s: MatchState) -> MatchState:
        p, d = s.player, s.dealer
        tp, td = s.variant.total(s.cards[p]), s.variant.total(s.cards[d])
        if tp > 21 and td > 21:
            # 000 §12.11 Flow 5: both over 21: the round carries to the next decided one
            s = s._replace(carried=s.carried + 1, events=add_event(s.events, "round_over", {
                "round": s.round, "winner": None, "totals": [[s.seat(p), tp], [s.seat(d), td]],
                "points": 0, "carried": s.carried + 1, "score": list(s.score)}))
            return self._next_round(s)
        if tp > 21:
            w = d
        elif td > 21:
            w = p
        else:
            w = p if tp > td else d  # 000 §12.11 Flow 5: equal totals go to the dealer
        return self._round_over(s, w, "totals")

    def _round_over(self, s: MatchState, w: int, how: str) -> MatchState:
        points = s.carried + 1
        score = list(s.score)
        score[w] += points
        p, d = s.player, s.dealer
        s = s._replace(score=(score[0], score[1]), carried=0, events=add_event(s.events, "round_over", {
            "round": s.round, "winner": s.seat(w), "how": how,
            "totals": [[s.seat(p), s.variant.total(s.cards[p])], [s.seat(d), s.variant.total(s.cards[d])]],
            "points": points, "carried": 0, "score": score}))
        if score[w] >= s.setup.target:
            return self._close(s, w, "score")
        return self._next_round(s)

    def _next_round(self, s: MatchState) -> MatchState:
        phase = "role" if s.variant.dealer_role == "round" else "deal"
        return s._replace(phase=phase, actor=-1, deck=(), cards=((), ()), blind=-1, round=s.round + 1)

    def closing(self, s: MatchState) -> MatchState:
        return s._replace(actor=-1)



def replay_match(engine: Toto21Engine, variant: Toto21Variant, events: Sequence[Event]) -> HandSettlement:
    return replay_record(engine, variant, events, setup_from_record)


ENGINE: Final = Toto21Engine()
