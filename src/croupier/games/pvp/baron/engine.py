"""The Baron match engine (000 §12.12.5) on the seated-engine contract of :mod:`croupier.games.base`.

Chance: a ``roles`` draw (an ordered pair of cards from 52: the first seat's, the second's; the
higher rank is the Baron, a tie is drawn again), then every round a ``deal`` draw of the Baron's
first 5 cards and, after he names the trump, a ``deal`` draw of the other 21 (his 8, then the
Dealer's 13; the other 26 are not used). Cards are ``rank * 4 + suit`` (A high). Decisions with
``{"seat": n}``: the Baron's ``trump`` ``{"suit": 0..3}``; ``play`` ``{"card": code}``;
``resign`` at any time; the house's ``time_out`` ``{"player": seat}`` (the player to act loses:
ASSUMPTION) and ``void``.

Following (000 §12.12.5 Play): to a trump lead, a trump if he has one, and a higher trump if he
has one; to a plain lead, the suit if he has it (no trumping then); void, any card, a trump
winning. The trick's winner leads the next (ASSUMPTION). The first to 7 tricks scores 1, a Baron
7-0 scores 2, a Dealer 7-0 scores 3; a Baron who loses a round passes the role on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.cards.card import name as card_name
from croupier.errors import (
    IllegalAction,
    RoundFinished,
    VariantError,
)
from croupier.games.base import Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.baron.state import MatchState, TableSetup, setup_from_record
from croupier.games.pvp.baron.variant import BaronVariant
from croupier.games.pvp.match import (
    FundMatchEngine,
    add_event,
    check_stake_limits,
    replay_record,
)
from croupier.games.pvp.poker.state import HandSettlement, deal_count, decode_deal

__all__ = ["ENGINE", "BaronEngine", "MatchState", "TableSetup", "legal_answers", "replay_match",
           "trick_winner"]

HOUSE: Final = "house"
DECK: Final = tuple(range(8, 60))




def legal_answers(hand: Sequence[int], led: int, trump: int) -> list[int]:
    """000 §12.12.5 Play 1–3: the cards the responder may play to ``led``."""
    suit, rank = led % 4, led // 4
    if suit == trump:
        trumps = [c for c in hand if c % 4 == trump]
        higher = [c for c in trumps if c // 4 > rank]
        return higher or trumps or list(hand)
    follow = [c for c in hand if c % 4 == suit]
    return follow or list(hand)


def trick_winner(led: int, answer: int, trump: int) -> int:
    """0 if the leader's card wins, 1 if the answer does."""
    if answer % 4 == led % 4:
        return 1 if answer // 4 > led // 4 else 0
    return 1 if answer % 4 == trump else 0


class BaronEngine(FundMatchEngine[MatchState]):
    """Baron matches for two players. Stateless."""

    game = "pvp_baron"
    table_name = "Baron"

    def start(self, variant: BaronVariant, setup: TableSetup, currency: str) -> MatchState:
        head = self.opening(variant, setup, currency)
        check_stake_limits(variant, setup.stake, currency, "000 §12.12.5")
        if setup.target not in variant.targets:
            raise VariantError(f"the game score is {', '.join(map(str, variant.targets))} (000 §12.12.5), got {setup.target!r}")
        return MatchState(variant, setup, currency, "roles", -1, DECK, ((), ()), -1, -1, -1,
                          (0, 0), (0, 0), 1, -1, (head,))

    # -- chance -----------------------------------------------------------------------------------

    def next_draw(self, s: MatchState) -> DrawRequest | None:
        v = s.variant
        if s.phase == "roles":
            return DrawRequest("roles", deal_count(len(DECK), 2))
        if s.phase == "first_deal":
            return DrawRequest("deal", deal_count(len(DECK), v.trump_after))
        if s.phase == "rest_deal":
            return DrawRequest("deal", deal_count(len(s.deck), 2 * v.hand - v.trump_after))
        return None

    def _chance(self, s: MatchState, kind: str, value: int) -> MatchState:
        v = s.variant
        events = add_event(s.events, "draw", {"kind": kind, "value": value})
        if s.phase == "roles":
            (a, b), _ = decode_deal(DECK, 2, value)
            again = a // 4 == b // 4
            events = add_event(events, "role_cards", {"cards": [[s.seat(0), a], [s.seat(1), b]], "again": again})
            if again:
                return s._replace(events=events)
            baron = 0 if a // 4 > b // 4 else 1
            return s._replace(phase="first_deal", baron=baron, events=add_event(
                events, "roles", {"baron": s.seat(baron), "dealer": s.seat(1 - baron)}))
        b = s.baron
        hands = list(s.hands)
        if s.phase == "first_deal":
            cards, deck = decode_deal(DECK, v.trump_after, value)
            hands[b] = tuple(cards)
            return s._replace(phase="trump", deck=deck, hands=(hands[0], hands[1]), events=add_event(
                events, "dealt", {"seat": s.seat(b), "cards": list(cards)}))
        rest = 2 * v.hand - v.trump_after
        cards, deck = decode_deal(s.deck, rest, value)
        more = v.hand - v.trump_after
        hands[b] = hands[b] + tuple(cards[:more])
        hands[1 - b] = tuple(cards[more:])
        events = add_event(events, "dealt", {"seat": s.seat(b), "cards": list(cards[:more])})
        events = add_event(events, "dealt", {"seat": s.seat(1 - b), "cards": list(cards[more:])})
        return s._replace(phase="lead", deck=deck, hands=(hands[0], hands[1]), leader=b, led=-1,
                          events=events)

    # -- decisions --------------------------------------------------------------------------------

    def _actor(self, s: MatchState) -> int:
        if s.phase in ("trump",):
            return s.baron
        if s.phase == "lead":
            return s.leader
        if s.phase == "answer":
            return 1 - s.leader
        return -1

    def to_act(self, s: MatchState) -> int | None:
        i = self._actor(s)
        return None if i < 0 else s.seat(i)

    def legal_actions(self, s: MatchState) -> list[Decision]:
        i = self._actor(s)
        if i < 0:
            return []
        seat = s.seat(i)
        if s.phase == "trump":
            return [Decision("trump", {"seat": seat, "suit": k}) for k in range(4)]
        cards = list(s.hands[i]) if s.phase == "lead" else legal_answers(s.hands[i], s.led, s.trump)
        return [Decision("play", {"seat": seat, "card": c}) for c in sorted(cards)]

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
        actor = self._actor(s)
        if seat == HOUSE:
            return self.house_decision(s._replace(events=events), name, args, actor)
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not at this table")
        i = s.setup.seats.index(seat)
        if name == "resign":
            return self._close(s._replace(events=events), 1 - i, "resigned")
        if actor < 0:
            raise IllegalAction("the cards are being dealt: wait for your turn")
        if i != actor:
            raise IllegalAction(f"out of turn: seat {s.seat(actor)} is to act, not seat {seat}")
        s = s._replace(events=events)
        if s.phase == "trump":
            suit = args.get("suit")
            if name != "trump" or type(suit) is not int or not 0 <= suit <= 3:
                raise IllegalAction(f"the Baron names the trump: 'trump' with a suit 0..3, got {name!r} {suit!r}")
            return s._replace(phase="rest_deal", trump=suit, events=add_event(s.events, "trump", {"suit": suit}))
        if name != "play":
            raise IllegalAction(f"play a card, not {name!r}")
        card = args.get("card")
        if type(card) is not int or card not in s.hands[i]:
            raise IllegalAction(f"you do not hold card {card!r}")
        if s.phase == "answer" and card not in legal_answers(s.hands[i], s.led, s.trump):
            raise IllegalAction(self._why(s, i, card))
        hands = list(s.hands)
        hands[i] = tuple(c for c in hands[i] if c != card)
        s = s._replace(hands=(hands[0], hands[1]))
        if s.phase == "lead":
            return s._replace(phase="answer", led=card)
        return self._trick(s, s.led, card)

    def _why(self, s: MatchState, i: int, card: int) -> str:
        led, trump = s.led, s.trump
        if led % 4 == trump:
            if any(c % 4 == trump and c // 4 > led // 4 for c in s.hands[i]):
                return f"{card_name(led)} is a trump: you must play a higher trump (000 §12.12.5 Play 1)"
            return f"{card_name(led)} is a trump: you must play a trump (000 §12.12.5 Play 1)"
        return f"you hold {'cdhs'[led % 4]}: you must follow suit and may not trump (000 §12.12.5 Play 2)"

    def _trick(self, s: MatchState, led: int, answer: int) -> MatchState:
        w = s.leader if trick_winner(led, answer, s.trump) == 0 else 1 - s.leader
        tricks = list(s.tricks)
        tricks[w] += 1
        s = s._replace(tricks=(tricks[0], tricks[1]), leader=w, led=-1, phase="lead", events=add_event(
            s.events, "trick", {"cards": [[s.seat(s.leader), led], [s.seat(1 - s.leader), answer]],
                                "winner": s.seat(w), "tricks": [[s.seat(k), tricks[k]] for k in (0, 1)]}))
        if tricks[w] >= s.variant.tricks_to_win:
            return self._round_over(s, w)
        return s

    def _round_over(self, s: MatchState, w: int) -> MatchState:
        v = s.variant
        sweep = s.tricks[1 - w] == 0
        points = (v.baron_sweep if w == s.baron else v.dealer_sweep) if sweep else v.points
        score = list(s.score)
        score[w] += points
        s = s._replace(score=(score[0], score[1]), events=add_event(s.events, "round_over", {
            "round": s.round, "winner": s.seat(w), "points": points, "sweep": sweep,
            "score": score}))
        if score[w] >= s.setup.target:
            return self._close(s, w, "score")
        baron = s.baron if w == s.baron else 1 - s.baron  # a beaten Baron passes the role on
        return s._replace(phase="first_deal", baron=baron, deck=DECK, hands=((), ()), trump=-1,
                          leader=-1, led=-1, tricks=(0, 0), round=s.round + 1)




def replay_match(engine: BaronEngine, variant: BaronVariant, events: Sequence[Event]) -> HandSettlement:
    return replay_record(engine, variant, events, setup_from_record)


ENGINE: Final = BaronEngine()
