"""The Belote match engine (000 §12.12: Classic and Open Belote) on the seated-engine contract of
:mod:`croupier.games.base`.

One round of the contract is one **match** of hands until the game score (wins or points) is
reached; the winner takes the winning fund (both stakes times the Double stake multiplier) less
the 4% rake. Chance, every hand: a ``first`` draw (0/1: the player offered the trump first, who
leads the first trick); a ``deal`` draw (an ordered deal, poker's codec: Classic 6 + 6 cards and
the face-up card from 24; Open all 32, 16 a player as 8 piles of 2); Classic a ``rest`` draw (the
3 more cards each, after the trump) and a ``change`` draw for each Change card.

Decisions, each with ``{"seat": n}``: the trump offer (Classic: ``take`` the face-up suit or
``pass``, then ``trump {"suit": k, "open_card": bool}``; Open: ``trump {"suit": k}`` or ``pass``;
``k`` 0..3 or 4 for No Trump), ``contra`` / ``recontra`` / ``pass``, ``change_card {"card": c}``
/ ``keep``, ``declare {"cards": [...]}``, ``play {"card": c}``, ``double`` and its answer
``accept`` / ``decline``; ``resign`` at any time. The house's (``{"seat": "house"}``):
``time_out {"player": seat}`` and ``void``. Every ASSUMPTION: the variant files and
docs/pvp_games.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from croupier.cards.card import name as card_name
from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import BetResult, Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.belote.cards import (
    NO_TRUMP,
    SUIT_NAMES,
    legal_answers,
    names,
    points,
    rank,
    suit,
    trick_winner,
    why_illegal,
)
from croupier.games.pvp.belote.combos import (
    ALLOWED,
    NotACombination,
    admit,
    classify,
    counted,
    declarable,
    higher_tierce_first,
)
from croupier.games.pvp.belote.scoring import hand_result, match_winner
from croupier.games.pvp.belote.state import (
    BeloteSettlement,
    MatchState,
    Piles,
    TableSetup,
    setup_from_record,
)
from croupier.games.pvp.belote.variant import BeloteVariant
from croupier.games.pvp.match import VOID, FundMatchEngine, add_event, replay_record
from croupier.games.pvp.poker.state import deal_count, decode_deal

__all__ = ["ENGINE", "BeloteEngine", "MatchState", "TableSetup", "replay_match"]

HOUSE: Final = "house"
JACK: Final = 11
_CHOSEN_PHASES: Final = ("bid", "play")


def _set(pair: tuple[Any, Any], i: int, value: Any) -> Any:
    return (value, pair[1]) if i == 0 else (pair[0], value)


class BeloteEngine(FundMatchEngine[MatchState]):
    """Belote matches for two players. Stateless."""

    game = "pvp_belote"
    table_name = "Belote"

    def start(self, variant: BeloteVariant, setup: TableSetup, currency: str) -> MatchState:
        head = self.opening(variant, setup, currency)
        self._check_setup(variant, setup)
        return MatchState(variant, setup, currency, "first", -1, 0, -1, -1, -1, False, 1, (),
                          ((), ()), -1, -1, -1, -1, (0, 0), (0, 0), ((), ()), (0, 0), 1, -1, "",
                          (0, 0), (0, 0), 1, -1, (head,))

    def _check_setup(self, v: BeloteVariant, t: TableSetup) -> None:
        where = f"{v.title} (000 §12.12 Conditions)"
        for key in ("no_trump", "double_capot", "contra", "change_card"):
            if type(getattr(t, key)) is not bool:
                raise VariantError(f"{where}: {key} is true or false, got {getattr(t, key)!r}")
        if type(t.double_max) is not int or type(t.max_bet) is not int:
            raise VariantError(f"{where}: double_max and max_bet are whole numbers, got "
                               f"{t.double_max!r}, {t.max_bet!r}")
        if t.mode not in ("wins", "points"):
            raise VariantError(f"{where}: the game score is in 'wins' or 'points', got {t.mode!r}")
        targets = v.win_targets if t.mode == "wins" else v.point_targets
        if t.target not in targets:
            raise VariantError(f"{where}: a game to {', '.join(map(str, targets))} {t.mode}, got {t.target!r}")
        if t.combos not in ALLOWED:
            raise VariantError(f"{where}: combos is one of {', '.join(ALLOWED)}, got {t.combos!r}")
        if t.double_capot and not (t.mode == "wins" and t.target in v.double_capot_targets):
            raise VariantError(f"{where}: Double Score for Capot is for the "
                               f"{', '.join(map(str, v.double_capot_targets))}-wins games only")
        if t.contra and (not v.contra or (t.mode == "wins" and t.target in v.contra_excluded_wins)):
            raise VariantError(f"{where}: Contra - ReContra is Classic only, not in the "
                               f"{' or '.join(map(str, v.contra_excluded_wins))}-wins games")
        if t.change_card and not v.change_card_percent:
            raise VariantError(f"{where}: Change card is a Classic Belote option")
        if t.double_max and t.double_max not in v.double_multipliers:
            raise VariantError(f"{where}: Double stake's maximum is one of "
                               f"{', '.join(f'X{m}' for m in v.double_multipliers) or 'none here'}, got {t.double_max!r}")
        if t.max_bet and (not t.double_max or t.max_bet < 2 * t.stake):
            raise VariantError(f"{where}: a Double stake maximum bet is at least twice the stake "
                               f"({2 * t.stake}), got {t.max_bet!r}")

    # -- chance -----------------------------------------------------------------------------------

    def next_draw(self, s: MatchState) -> DrawRequest | None:
        v = s.variant
        if s.phase == "first":
            return DrawRequest("first", 2)
        if s.phase == "deal":
            n = 13 if v.style == "classic" else len(v.ranks) * 4
            return DrawRequest("deal", deal_count(len(v.ranks) * 4, n))
        if s.phase == "rest":
            return DrawRequest("rest", deal_count(len(s.stock), 5 if s.open_taken else 6))
        if s.phase == "change_draw":
            return DrawRequest("change", len(s.stock))
        return None

    def _chance(self, s: MatchState, kind: str, value: int) -> MatchState:
        s = s._replace(events=add_event(s.events, "draw", {"kind": kind, "value": value}))
        if kind == "first":
            return s._replace(phase="deal", first=value, events=add_event(
                s.events, "first", {"hand": s.hand_no, "seat": s.seat(value)}))
        if kind == "deal":
            return self._deal(s, value)
        if kind == "rest":
            return self._rest(s, value)
        new = s.stock[value]
        i = s.changer
        piles = tuple((new,) if p == (s.swap,) else p for p in s.piles[i])
        s = s._replace(piles=_set(s.piles, i, piles), stock=s.stock[:value] + s.stock[value + 1:],
                       swap=-1, events=add_event(s.events, "changed", {"seat": s.seat(i), "card": new}))
        return self._next_changer(s)

    def _deal(self, s: MatchState, value: int) -> MatchState:
        v = s.variant
        if v.style == "classic":
            cards, stock = decode_deal(v.deck, 13, value)
            piles: tuple[Piles, Piles] = (tuple((c,) for c in cards[:6]),
                                          tuple((c,) for c in cards[6:12]))
            face_up = cards[12]
            return s._replace(phase="bid", step=0, piles=piles, stock=stock, face_up=face_up,
                              events=add_event(s.events, "dealt", {
                                  "hands": [[s.seat(i), [p[0] for p in piles[i]]] for i in (0, 1)],
                                  "face_up": face_up}))
        cards, _ = decode_deal(v.deck, len(v.deck), value)
        half = len(v.deck) // 2
        two = [tuple((cards[half * i + 2 * j], cards[half * i + 2 * j + 1]) for j in range(half // 2))
               for i in (0, 1)]
        piles = (two[0], two[1])
        return s._replace(phase="bid", step=0, piles=piles, stock=(), events=add_event(
            s.events, "dealt", {"piles": [[s.seat(i), [list(p) for p in piles[i]]] for i in (0, 1)],
                                "shown": [[s.seat(i), [p[1] for p in piles[i][:4]]] for i in (0, 1)]}))

    def _rest(self, s: MatchState, value: int) -> MatchState:
        k = 5 if s.open_taken else 6
        cards, stock = decode_deal(s.stock, k, value)
        c = s.chooser
        mine = ([s.face_up] if s.open_taken else []) + cards[:k - 3]
        theirs = cards[k - 3:]
        piles = _set(s.piles, c, s.piles[c] + tuple((x,) for x in mine))
        piles = _set(piles, 1 - c, piles[1 - c] + tuple((x,) for x in theirs))
        s = s._replace(stock=stock, piles=piles, events=add_event(s.events, "dealt_rest", {
            "cards": [[s.seat(c), mine], [s.seat(1 - c), theirs]]}))
        if s.setup.change_card:
            return s._replace(phase="change", changer=s.first)
        return self._play_starts(s)

    def _play_starts(self, s: MatchState) -> MatchState:
        return s._replace(phase="play", leader=s.first, led=-1, changer=-1)

    def _next_changer(self, s: MatchState) -> MatchState:
        if s.changer == s.first:
            return s._replace(phase="change", changer=1 - s.first)
        return self._play_starts(s)

    # -- whose decision ---------------------------------------------------------------------------

    def _actor(self, s: MatchState) -> int:
        p = s.phase
        if p == "bid":
            return s.first if s.step in (0, 2) else 1 - s.first
        if p == "contra":
            return 1 - s.chooser
        if p == "recontra":
            return s.chooser
        if p == "change":
            return s.changer
        if p == "play":
            return s.leader if s.led < 0 else 1 - s.leader
        if p == "double":
            return 1 - s.doubler
        return -1

    def to_act(self, s: MatchState) -> int | None:
        i = self._actor(s)
        return None if i < 0 else s.seat(i)

    def is_finished(self, s: MatchState) -> bool:
        return s.phase == "done"

    def can_double(self, s: MatchState) -> bool:
        """000 §12.12 Double stake 6-10: the player to act, choosing the trump or before a card,
        while the doubled stake stays within the table's maximum multiplier and maximum bet."""
        t = s.setup
        return (s.phase in _CHOSEN_PHASES and t.double_max > 0 and s.mult * 2 <= t.double_max
                and t.stake * s.mult * 2 <= t.escrow)

    def trump_choices(self, s: MatchState) -> list[int]:
        """The suits (and No Trump) the trump offer allows at this step."""
        nt = [NO_TRUMP] if s.setup.no_trump else []
        if s.variant.style == "open":
            return [0, 1, 2, 3] + nt
        up = suit(s.face_up)
        return [k for k in range(4) if k != up] + ([up] if nt else []) + nt

    def legal_actions(self, s: MatchState) -> list[Decision]:
        i = self._actor(s)
        if i < 0:
            return []
        seat = s.seat(i)
        out: list[Decision] = []
        if s.phase == "bid":
            out = self._bids(s, seat)
        elif s.phase == "contra":
            out = [Decision("contra", {"seat": seat}), Decision("pass", {"seat": seat})]
        elif s.phase == "recontra":
            out = [Decision("recontra", {"seat": seat}), Decision("pass", {"seat": seat})]
        elif s.phase == "change":
            out = [Decision("keep", {"seat": seat})] + [
                Decision("change_card", {"seat": seat, "card": c}) for c in sorted(s.hand(i))]
        elif s.phase == "double":
            out = [Decision("accept", {"seat": seat})]
        elif s.phase == "play":
            hand = s.hand(i)
            cards = hand if s.led < 0 else legal_answers(s.variant, hand, s.led, s.trump)
            out = [Decision("play", {"seat": seat, "card": c}) for c in sorted(cards)]
            if self._may_declare(s, i):
                allowed = ALLOWED[s.setup.combos]
                out += [Decision("declare", {"seat": seat, "cards": list(c)})
                        for c in declarable(s.variant, hand, s.declared[i], s.trump, allowed)
                        if higher_tierce_first(s.variant, hand, s.declared[i], c, s.trump, allowed) is None]
        if self.can_double(s):
            out.append(Decision("double", {"seat": seat}))
        return out

    def _bids(self, s: MatchState, seat: int) -> list[Decision]:
        must = s.step == 3 or (s.variant.style == "classic" and s.step == 1 and rank(s.face_up) == JACK)
        passing = [] if must else [Decision("pass", {"seat": seat})]
        if s.variant.style == "classic" and s.step < 2:
            return [Decision("take", {"seat": seat})] + passing
        if s.variant.style == "classic":
            return [Decision("trump", {"seat": seat, "suit": k, "open_card": o})
                    for k in self.trump_choices(s) for o in (True, False)] + passing
        return [Decision("trump", {"seat": seat, "suit": k}) for k in self.trump_choices(s)] + passing

    def _may_declare(self, s: MatchState, i: int) -> bool:
        """Classic: before the player's first card of the hand; Open: before any of his cards."""
        return s.setup.combos != "none" and (s.variant.style == "open" or s.played[i] == 0)

    # -- applying an action -----------------------------------------------------------------------

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
        if name == "double":
            if not self.can_double(s):
                raise IllegalAction(f"no Double stake now (the table's maximum is X{s.setup.double_max} "
                                    f"and {s.setup.escrow}, the stake is X{s.mult}; 000 §12.12 Double stake)")
            return s._replace(phase="double", doubler=i, resume=s.phase)
        handler = {"bid": self._bid, "contra": self._contra, "recontra": self._contra,
                   "change": self._change, "double": self._answer, "play": self._play_or_declare}
        return handler[s.phase](s, i, name, args)

    def _bid(self, s: MatchState, i: int, name: str, args: Mapping[str, Any]) -> MatchState:
        v = s.variant
        legal = self._bids(s, s.seat(i))
        if name == "pass":
            if not any(d.name == "pass" for d in legal):
                why = "the face-up card is a J" if s.step == 1 else "the last offer"
                raise IllegalAction(f"you must choose the trump: {why} (000 §12.12 Trump choice)")
            step = s.step + 1
            events = add_event(s.events, "passed", {"seat": s.seat(i), "step": s.step})
            if step == 2 and v.style == "open":
                events = add_event(events, "turned_up", {"shown": [
                    [s.seat(k), [p[1] for p in s.piles[k][4:]]] for k in (0, 1)]})
            return s._replace(step=step, events=events)
        if name == "take":
            if v.style != "classic" or s.step > 1:
                raise IllegalAction("'take' is the first offer of the face-up card's suit; "
                                    "now choose a trump with 'trump' (000 §12.12 Trump choice)")
            return self._trump_chosen(s, i, suit(s.face_up), True)
        if name != "trump":
            raise IllegalAction(f"choose the trump or pass, not {name!r}")
        if v.style == "classic" and s.step < 2:
            raise IllegalAction("the first offer is the face-up card's suit: 'take' or 'pass', "
                                "not another trump (000 §12.12 Trump choice)")
        k = args.get("suit")
        choices = self.trump_choices(s)
        if type(k) is not int or k not in choices:
            raise IllegalAction(f"the trump is one of {', '.join(SUIT_NAMES[c] for c in choices)} "
                                f"(suits 0..3, 4 No Trump), got {k!r}")
        taken = False
        if v.style == "classic":
            taken = args.get("open_card", False)
            if type(taken) is not bool:
                raise IllegalAction(f"'open_card' is true or false, got {taken!r}")
        return self._trump_chosen(s, i, k, taken)

    def _trump_chosen(self, s: MatchState, i: int, k: int, open_taken: bool) -> MatchState:
        s = s._replace(chooser=i, trump=k, open_taken=open_taken, events=add_event(
            s.events, "trump", {"seat": s.seat(i), "suit": k, "name": SUIT_NAMES[k],
                                "open_card": open_taken}))
        if s.variant.style == "open":
            return self._play_starts(s)
        return s._replace(phase="contra" if s.setup.contra else "rest")

    def _contra(self, s: MatchState, i: int, name: str, args: Mapping[str, Any]) -> MatchState:
        call = s.phase
        if name == "pass":
            return s._replace(phase="rest")
        if name != call:
            raise IllegalAction(f"announce {call!r} or 'pass', not {name!r} (000 §12.12 Contra - ReContra)")
        s = s._replace(contra=2 if call == "contra" else 4, events=add_event(
            s.events, call, {"seat": s.seat(i)}))
        return s._replace(phase="recontra" if call == "contra" else "rest")

    def _change(self, s: MatchState, i: int, name: str, args: Mapping[str, Any]) -> MatchState:
        if name == "keep":
            return self._next_changer(s)
        if name != "change_card":
            raise IllegalAction(f"'change_card' a card or 'keep', not {name!r}")
        card = args.get("card")
        if type(card) is not int or card not in s.hand(i):
            raise IllegalAction(f"you do not hold card {card!r}")
        fee = s.setup.stake * s.mult * s.variant.change_card_percent // 100
        return s._replace(phase="change_draw", swap=card, fees=_set(s.fees, i, s.fees[i] + fee),
                          events=add_event(s.events, "change_card", {
                              "seat": s.seat(i), "card": card, "charge": fee}))

    def _answer(self, s: MatchState, i: int, name: str, args: Mapping[str, Any]) -> MatchState:
        if name == "accept":
            mult = s.mult * 2
            return s._replace(phase=s.resume, mult=mult, doubler=-1, resume="", events=add_event(
                s.events, "doubled", {"seat": s.seat(s.doubler), "multiplier": mult}))
        if name == "decline":
            return self._close(s, s.doubler, "double_declined")
        raise IllegalAction(f"a double is accepted or declined (000 §12.12 Double stake 9), not {name!r}")

    def _play_or_declare(self, s: MatchState, i: int, name: str, args: Mapping[str, Any]) -> MatchState:
        if name == "declare":
            return self._declare(s, i, args.get("cards"))
        if name != "play":
            raise IllegalAction(f"play a card, declare or double, not {name!r}")
        card = args.get("card")
        hand = s.hand(i)
        if type(card) is not int or card not in hand:
            raise IllegalAction(f"you do not hold card {card!r}" if type(card) is not int
                                else f"you do not hold {card_name(card)}")
        if s.led >= 0 and card not in legal_answers(s.variant, hand, s.led, s.trump):
            raise IllegalAction(why_illegal(s.variant, hand, s.led, card, s.trump))
        piles = tuple(p[:-1] if p and p[-1] == card else p for p in s.piles[i])
        s = s._replace(piles=_set(s.piles, i, piles), played=_set(s.played, i, s.played[i] + 1))
        if s.led < 0:
            return s._replace(led=card)
        return self._trick(s, card)

    def _declare(self, s: MatchState, i: int, raw: Any) -> MatchState:
        if not self._may_declare(s, i):
            if s.setup.combos == "none":
                raise IllegalAction("this table plays without combinations (000 §12.12 Conditions)")
            raise IllegalAction("combinations are declared before your first card of the hand "
                                "(000 §12.12 Declaring)")
        if not isinstance(raw, (list, tuple)) or not raw or not all(type(c) is int for c in raw):
            raise IllegalAction(f"'cards' is the list of the combination's cards, got {raw!r}")
        hand = s.hand(i)
        missing = [c for c in raw if c not in hand]
        if missing:
            where = "face up" if s.variant.style == "open" else "in your hand"
            raise IllegalAction(f"you do not hold {names(missing)} {where}: declare only a combination you hold")
        combo = tuple(sorted(raw))
        try:
            kind, pts = classify(s.variant, combo, s.trump)
            if kind not in ALLOWED[s.setup.combos]:
                raise NotACombination(f"{kind} may not be declared at this table "
                                      f"({s.setup.combos}; 000 §12.12 Conditions)")
            declared = admit(s.variant, s.declared[i], combo, s.trump)
            higher = higher_tierce_first(s.variant, hand, s.declared[i], combo, s.trump,
                                         ALLOWED[s.setup.combos])
            if higher is not None:
                raise NotACombination(f"announce the higher tierce {names(higher)} first "
                                      f"(000 §12.12 Open Belote Combinations)")
        except NotACombination as exc:
            raise IllegalAction(str(exc)) from None
        return s._replace(declared=_set(s.declared, i, declared), events=add_event(
            s.events, "declared", {"seat": s.seat(i), "kind": kind, "points": pts, "cards": list(combo)}))

    def _trick(self, s: MatchState, answer: int) -> MatchState:
        v = s.variant
        led, lead = s.led, s.leader
        w = lead if trick_winner(v, led, answer, s.trump) == 0 else 1 - lead
        got = points(v, led, s.trump) + points(v, answer, s.trump)
        cards = _set(s.cards, w, s.cards[w] + got)
        tricks = _set(s.tricks, w, s.tricks[w] + 1)
        s = s._replace(cards=cards, tricks=tricks, leader=w, led=-1, events=add_event(
            s.events, "trick", {"cards": [[s.seat(lead), led], [s.seat(1 - lead), answer]],
                                "winner": s.seat(w), "points": got}))
        if any(s.piles[0]) or any(s.piles[1]):
            return s
        return self._hand_over(s, w)

    # -- the end of a hand and of the match -------------------------------------------------------

    def _hand_over(self, s: MatchState, last: int) -> MatchState:
        v, t = s.variant, s.setup
        cards = _set(s.cards, last, s.cards[last] + v.last_trick)
        capot = 1 if s.tricks[0] == 0 else 0 if s.tricks[1] == 0 else -1
        combos = counted(v, s.declared, s.trump, s.first)
        r = hand_result(v, s.chooser, cards, combos, capot, s.contra, t.mode, t.double_capot)
        score = (s.score[0] + r.gains[0], s.score[1] + r.gains[1])
        s = s._replace(score=score, events=add_event(s.events, "hand_over", {
            "hand": s.hand_no, "chooser": s.seat(s.chooser), "made": r.made,
            "winner": None if r.winner < 0 else s.seat(r.winner), "cards": list(cards),
            "combinations": list(combos), "capot": None if capot < 0 else s.seat(capot),
            "contra": s.contra, "totals": list(r.totals), "gains": list(r.gains), "score": list(score)}))
        w = match_winner(score, t.target)
        if w >= 0:
            return self._close(s, w, "score")
        return s._replace(phase="first", first=-1, step=0, face_up=-1, chooser=-1, trump=-1,
                          open_taken=False, contra=1, stock=(), piles=((), ()), leader=-1, led=-1,
                          cards=(0, 0), tricks=(0, 0), declared=((), ()), played=(0, 0),
                          hand_no=s.hand_no + 1)

    def settle(self, state: MatchState) -> BeloteSettlement:
        """Each seat's escrow back less the stake it lost; the winner the winning fund less the
        rake; a void returns everything, Change card charges included."""
        s = state
        if s.winner == -1:
            raise IllegalAction("the match is not over")
        t = s.setup
        escrow, active = t.escrow, t.stake * s.mult
        if s.winner == VOID:
            bets = [BetResult(t.seats[i], "match", escrow, escrow, "push") for i in (0, 1)]
            bets += [BetResult(t.seats[i], "change_card", s.fees[i], s.fees[i], "push")
                     for i in (0, 1) if s.fees[i]]
            return BeloteSettlement(s.currency, tuple(bets), rake=0, fees=0)
        fund = 2 * active
        cut = 0 if t.rake is None else t.rake.of(fund)
        bets = [BetResult(t.seats[i], "match", escrow,
                          escrow - active + (fund - cut if i == s.winner else 0),
                          "win" if i == s.winner else "lose") for i in (0, 1)]
        bets += [BetResult(t.seats[i], "change_card", s.fees[i], 0, "lose") for i in (0, 1) if s.fees[i]]
        return BeloteSettlement(s.currency, tuple(bets), rake=cut, fees=sum(s.fees))


def replay_match(engine: BeloteEngine, variant: BeloteVariant, events: Sequence[Event]) -> BeloteSettlement:
    return cast(BeloteSettlement, replay_record(engine, variant, events, setup_from_record))


ENGINE: Final = BeloteEngine()
